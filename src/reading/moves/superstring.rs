//! Superstrings and the candidate moves built on them (GNU Go
//! `find_superstring_liberties`, `proper_superstring_chainlinks` of
//! `engine/board.c`; `superstring_moves` and
//! `superstring_break_chain_moves` of `engine/reading.c`).
//!
//! A *superstring* extends a chain through connections the opponent
//! cannot cut tactically in one move: a one-point jump or diagonal
//! through a point where an opponent stone would be self-atari, a bamboo
//! joint, and an open diagonal. (GNU Go's fifth kind, connection through
//! capturable stones, needs reading and is left to the owl code.)
//! The reader uses the superstring's liberties and neighbours as a last
//! source of moves: filling an outside liberty, backfilling it, or
//! attacking a weak neighbour of a connected chain.
//!
//! Start at [`Superstring::find`]; the generators are
//! [`superstring_moves`], [`superstring_break_chain_moves`] and the two
//! composites [`superstring_attack_moves`] / [`superstring_defense_moves`].

use super::break_chain::{break_chain2_efficient_against, break_chain_n_moves};
use super::local::{accuratelib_list, add, approxlib, go, is_self_atari, liberty_of, times, DIRS};
use super::rescue::special_rescue_lib_moves;
use super::squeeze::squeeze_moves;
use super::{CandidateMoves, GenDepth};
use crate::board::{Board, Point, PointSet};

/// Which test makes an empty point an uncuttable link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkTest {
    /// The opponent's stone there would be self-atari (after captures):
    /// GNU Go's type 0, used for liberties.
    SelfAtari,
    /// The opponent's stone there would have fewer than two liberties
    /// ignoring captures: GNU Go's type 2, used for neighbours.
    FewLiberties,
}

/// The chains, liberties and neighbouring chains of a superstring.
#[derive(Clone, Debug, Default)]
pub struct Superstring {
    /// Origins of the member chains, the chain on `s` first.
    pub chains: Vec<Point>,
    /// Liberties of the members (see [`Superstring::find`] for which).
    pub libs: Vec<Point>,
    /// Origins of opponent chains next to the members (see
    /// [`Superstring::find`] for which).
    pub adjs: Vec<Point>,
}

impl Superstring {
    /// The superstring of the chain on `s`.
    ///
    /// With `liberty_cap > 0` only members with at most that many
    /// liberties contribute liberties (and are not expanded further when
    /// liberties are what is asked, as in GNU Go), and only neighbours
    /// with at most that many liberties are listed. With `proper` the
    /// chain on `s` contributes neither liberties nor neighbours.
    pub fn find(
        board: &Board,
        s: Point,
        liberty_cap: usize,
        proper: bool,
        test: LinkTest,
    ) -> Superstring {
        let color = board.chain(s).color;
        let other = color.opponent();
        let mut ss = Superstring::default();
        let mut member = PointSet::new();
        let mut seen_lib = PointSet::new();
        let mut seen_adj = PointSet::new();
        let mut stones: Vec<Point> = Vec::new();
        let mut libs = Vec::new();
        let mut adjs = Vec::new();
        let limit_stones = test == LinkTest::SelfAtari;

        let mut add_chain = |c: Point,
                             record: bool,
                             ss: &mut Superstring,
                             stones: &mut Vec<Point>,
                             member: &mut PointSet| {
            let origin = board.origin(c);
            ss.chains.push(origin);
            for st in board.stones(c) {
                member.insert(st);
            }
            board.findlib(c, &mut libs);
            let too_many = liberty_cap > 0 && libs.len() > liberty_cap;
            if !(limit_stones && too_many) {
                stones.extend(board.stones(c));
            }
            for &l in &libs {
                if seen_lib.insert(l) && record && !too_many {
                    ss.libs.push(l);
                }
            }
            board.adjacent_chains(c, &mut adjs);
            for &a in &adjs {
                if liberty_cap > 0 && board.countlib(a) > liberty_cap {
                    continue;
                }
                if seen_adj.insert(a) && record {
                    ss.adjs.push(a);
                }
            }
        };

        add_chain(s, !proper, &mut ss, &mut stones, &mut member);
        let mut r = 0;
        while r < stones.len() {
            let pos = stones[r];
            r += 1;
            for right in DIRS {
                let up = super::local::turn(right);
                let a = go(board, pos, right);
                if !board.on_board(a) || !a.is_some() {
                    continue;
                }
                let b = go(board, pos, add(right, up));
                let c = go(board, pos, times(2, right));
                let d = go(board, pos, add(right, super::local::neg(up)));
                let e = go(board, pos, times(2, up));
                let f = go(board, pos, add(right, times(2, up)));
                let g = go(board, pos, up);
                let mut candidates: [Point; 4] = [Point::NONE; 4];
                let mut n = 0;
                if board.is_empty(a) {
                    let unsafe_link = match test {
                        LinkTest::SelfAtari => is_self_atari(board, a, other),
                        LinkTest::FewLiberties => approxlib(board, a, other, 2) < 2,
                    };
                    if unsafe_link {
                        for q in [b, c, d] {
                            if board.cell(q).is(color) {
                                candidates[n] = q;
                                n += 1;
                            }
                        }
                    }
                }
                // Bamboo joint.
                if board.cell(a).is(color)
                    && board.is_empty(b)
                    && board.cell(f).is(color)
                    && board.cell(e).is(color)
                    && board.is_empty(g)
                {
                    candidates[n] = e;
                    n += 1;
                }
                // Open diagonal.
                if board.cell(b).is(color) && board.is_empty(a) && board.is_empty(g) {
                    candidates[n] = b;
                    n += 1;
                }
                for &q in &candidates[..n] {
                    if !member.contains(q) {
                        add_chain(q, true, &mut ss, &mut stones, &mut member);
                    }
                }
            }
        }
        ss
    }
}

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
    let ss = Superstring::find(board, s, liberty_cap, false, LinkTest::SelfAtari);
    if ss.libs.len() > 5 {
        return;
    }
    let mut alibs = Vec::new();
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
    let ss = Superstring::find(board, s, liberty_cap, true, LinkTest::FewLiberties);
    let mut three = Vec::new();
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
/// [`superstring_moves`] (members with at most three liberties, with
/// backfilling) and [`squeeze_moves`].
pub fn superstring_attack_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    superstring_moves(board, s, acc, 3, true);
    squeeze_moves(board, s, acc);
}

/// Defence-side composite of GNU Go `defend2`'s last batch:
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
