//! Candidate moves built on superstrings (GNU Go `superstring_moves` and
//! `superstring_break_chain_moves` of `engine/reading.c`): the reader
//! uses the superstring's liberties and neighbours as a last source of
//! moves: filling an outside liberty, backfilling it, or attacking a weak
//! neighbour of a connected chain. The superstring itself (chains joined
//! by links the opponent cannot cut tactically) is
//! [`crate::reading::superstring`].
//!
//! The generators are [`superstring_moves`], [`superstring_break_chain_moves`]
//! and the two composites [`superstring_attack_moves`] /
//! [`superstring_defense_moves`].

use super::break_chain::{break_chain2_efficient_against, break_chain_n_moves};
use super::local::liberty_of;
use super::rescue::special_rescue_lib_moves;
use super::squeeze::squeeze_moves;
use super::{CandidateMoves, GenDepth};
use crate::board::{Board, Point, PointList};
use crate::reading::libs::{accuratelib_list, approxlib};
use crate::reading::superstring::{LinkTest, Superstring};

/// GNU Go `superstring_moves`: when the superstring (members with at most
/// `liberty_cap` liberties) has at most five liberties, propose those that
/// are not liberties of `s` itself where an attacker stone would get two
/// liberties; when attacking (`attack`), backfill where it would get only
/// one; when defending, also the second-order liberties around them
/// ([`special_rescue_lib_moves`]).
pub fn superstring_moves(
    board: &mut Board,
    s: Point,
    acc: &mut CandidateMoves,
    liberty_cap: usize,
    attack: bool,
) {
    let other = board.chain(s).color.opponent();
    let ss = Superstring::find_liberties(board, s, liberty_cap, false, LinkTest::SelfAtari);
    if ss.libs.len() > 5 {
        return;
    }
    let mut alibs = PointList::new();
    for &p in &ss.libs {
        if liberty_of(board, p, s) {
            continue;
        }
        let n = accuratelib_list(board, p, other, 2, &mut alibs);
        if n >= 2 {
            acc.add(p, 0);
        } else if n == 1
            && attack
            && board.is_empty(alibs[0])
            && approxlib(board, alibs[0], other, 3) >= 3
        {
            acc.add(alibs[0], 0);
        }
        if !attack {
            special_rescue_lib_moves(board, s, p, acc);
        }
    }
}

/// GNU Go `superstring_break_chain_moves` (defence): against neighbours of
/// the other members of the superstring (not of `s` itself, which the
/// plain break-chain generators cover) with at most `liberty_cap`
/// liberties: capture those in atari, atari efficiently those with two,
/// reduce those with three (score -2). `gd` is where the search stands:
/// the reductions follow the depth limits of [`break_chain_n_moves`].
pub fn superstring_break_chain_moves(
    board: &mut Board,
    s: Point,
    acc: &mut CandidateMoves,
    liberty_cap: usize,
    gd: &GenDepth,
) {
    let ss = Superstring::find_neighbours(board, s, liberty_cap, true, LinkTest::FewLiberties);
    let mut three = PointList::new();
    for &a in &ss.adjs {
        match board.countlib(a) {
            1 => acc.add(board.libs(a)[0], 0),
            2 => break_chain2_efficient_against(board, s, a, acc),
            3 => three.push(a),
            _ => {}
        }
    }
    if !three.is_empty() {
        break_chain_n_moves(board, s, &three, 3, acc, gd, false);
    }
}

/// Attack-side composite of GNU Go `attack2`/`attack3`'s last batch:
/// [`superstring_moves`] (members with at most `liberty_cap` liberties,
/// with backfilling) and [`squeeze_moves`].
pub fn superstring_attack_moves(
    board: &mut Board,
    s: Point,
    acc: &mut CandidateMoves,
    liberty_cap: usize,
) {
    superstring_moves(board, s, acc, liberty_cap, true);
    squeeze_moves(board, s, acc);
}

/// Defence-side composite of GNU Go `defend2`'s third batch:
/// [`superstring_break_chain_moves`] (neighbours with at most four
/// liberties), [`superstring_moves`] (members with at most three
/// liberties, with second-order liberties) and [`squeeze_moves`].
pub fn superstring_defense_moves(
    board: &mut Board,
    s: Point,
    acc: &mut CandidateMoves,
    gd: &GenDepth,
) {
    superstring_break_chain_moves(board, s, acc, 4, gd);
    superstring_moves(board, s, acc, 3, false);
    squeeze_moves(board, s, acc);
}
