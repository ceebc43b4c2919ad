//! Less obvious defences of a chain short of liberties (GNU Go
//! `special_rescue_moves`, `special_rescue2..6_moves`, `hane_rescue_moves`,
//! `bamboo_rescue_moves`, `set_up_snapback_moves`) and the attacker's
//! `draw_back_moves`.
//!
//! All generators but [`draw_back_moves`] are defence-side: the owner of
//! the chain on `s` is to move. Each checks the liberty count it is meant
//! for and proposes nothing otherwise, so a driver may call them freely.
//! GNU Go's call sites: `defend1` uses [`set_up_snapback_moves`];
//! `defend2` uses [`special_rescue_lib_moves`] and [`bamboo_rescue_moves`]
//! (while `stackp <= depth`), [`special_rescue2_moves`] (`backfill_depth`),
//! [`special_rescue4_moves`] in its second batch and
//! [`special_rescue5_moves`] in its third; `defend3` uses
//! [`hane_rescue_moves`] (`backfill2_depth`) first, then
//! [`special_rescue3_moves`], [`special_rescue_lib_moves`],
//! [`bamboo_rescue_moves`], [`special_rescue5_moves`],
//! [`special_rescue6_moves`]; `defend4` uses [`special_rescue_lib_moves`]
//! and [`bamboo_rescue_moves`] in its second batch.

use super::break_chain::{break_chain2_efficient_moves, break_chain_moves};
use super::edge::edge_clamp_moves;
use super::local::{adjacent_with, atari_lib, go, is_ko, liberty_of, neg, on, turn, DIRS};
use super::CandidateMoves;
use crate::board::{Board, Cell, Point, PointList};
use crate::reading::libs::{accuratelib, approxlib, approxlib_list, is_self_atari};

/// GNU Go `special_rescue_moves` for one liberty `lib` of `s`: when an
/// opponent stone on `lib` would have at most two liberties, propose the
/// empty neighbours of `lib` (they make `lib` an even worse point for the
/// opponent). Self-ataris only when the opponent's stone would be in
/// atari (a snapback). With four liberties the move must also protect a
/// second neighbour the same way.
pub fn special_rescue_lib_moves(board: &mut Board, s: Point, lib: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let color = board.chain(s).color;
    let other = color.opponent();
    let otherlib = approxlib(board, lib, other, 3);
    if otherlib > 2 {
        return;
    }
    let n_libs = board.countlib(s);
    for m in lib.neighbors() {
        if !board.is_empty(m) {
            continue;
        }
        if otherlib > 1 && is_self_atari(board, m, color) {
            continue;
        }
        if n_libs > 3 {
            let protected = m
                .neighbors()
                .iter()
                .filter(|&&q| board.is_empty(q) && approxlib(board, q, other, 3) < 3)
                .count();
            if protected < 2 {
                continue;
            }
        }
        acc.add(m, 0);
    }
}

/// GNU Go `bamboo_rescue_moves`: for two adjacent liberties `a`, `b` of
/// the chain, where the point beside `b` (perpendicular) holds our stone
/// and the point beside `a` on the same side is empty, play the latter:
/// it forms a bamboo joint with that stone.
pub fn bamboo_rescue_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let n = board.countlib(s);
    if !(2..=4).contains(&n) {
        return;
    }
    let color = board.chain(s).color;
    // At most four liberties, read in place (the board is not played on).
    let libs = board.libs(s);
    for &a in libs {
        for &b in libs {
            if a == b || a.distance(b) != 1 {
                continue;
            }
            // Perpendicular to the a-b line.
            let along = (
                b.row() as i32 - a.row() as i32,
                b.col() as i32 - a.col() as i32,
            );
            let side = turn(along);
            for d in [side, neg(side)] {
                let pa = go(board, a, d);
                let pb = go(board, b, d);
                if on(board, pa)
                    && board.is_empty(pa)
                    && board.cell(pb).is(color)
                    && !is_self_atari(board, pa, color)
                {
                    acc.add(pa, 0);
                }
            }
        }
    }
}

/// GNU Go `hane_rescue_moves` (chains with at most four liberties): for a
/// liberty `a` next to our stone `b` of the chain, with an opponent stone
/// `d` beside `b`, hane at `c` beside `a` (same side as `d`) when `d` has
/// no more liberties than the chain and no more than our stone at `c`
/// would get.
pub fn hane_rescue_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let n = board.countlib(s);
    if !(1..=4).contains(&n) {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = board.lib_list(s);
    for &a in &libs {
        for d in DIRS {
            let b = go(board, a, d);
            if !board.same_chain(b, s) {
                continue;
            }
            let normal = turn(d);
            for nd in [normal, neg(normal)] {
                let c = go(board, a, nd);
                if !on(board, c) || !board.is_empty(c) {
                    continue;
                }
                let dpos = go(board, b, nd);
                if !board.cell(dpos).is(other) {
                    continue;
                }
                let dlibs = board.countlib(dpos);
                if dlibs > n || dlibs > accuratelib(board, c, color, dlibs) {
                    continue;
                }
                acc.add(c, 0);
            }
        }
    }
}

/// Attack-side (GNU Go `draw_back_moves`, used by `attack3`): the
/// attacker extends one of its own two-liberty chains adjacent to the
/// target, on a liberty that is not the target's but touches one of the
/// target's liberties:
///
/// ```text
///   X*      X = attacker, O = target
///   O.
/// ```
pub fn draw_back_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    for a in adjacent_with(board, s, 2) {
        for &l in board.libs(a) {
            if liberty_of(board, l, s) {
                continue;
            }
            if l.neighbors().iter().any(|&n| liberty_of(board, n, s)) {
                acc.add(l, 0);
            }
        }
    }
}

/// GNU Go `special_rescue2_moves` (two-liberty chains): when a liberty is
/// suicide for the opponent and touches another of our chains, strengthen
/// that chain: its liberties (if not self-atari), its captures, the
/// efficient ataris on its neighbours and its edge clamps.
pub fn special_rescue2_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    if board.countlib(s) != 2 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = [board.libs(s)[0], board.libs(s)[1]];
    for alib in libs {
        if !board.is_suicide(alib, other) {
            continue;
        }
        for n in alib.neighbors() {
            if !board.cell(n).is(color) || board.same_chain(n, s) {
                continue;
            }
            // The first four liberties (GNU Go `findlib(n, 4, ...)`); the
            // chain may have any number.
            let mut nl = [Point::NONE; 4];
            let mut n_nl = 0;
            board.for_each_lib(n, |l| {
                nl[n_nl] = l;
                n_nl += 1;
                n_nl < 4
            });
            for &l in &nl[..n_nl] {
                if !is_self_atari(board, l, color) {
                    acc.add(l, 0);
                }
            }
            break_chain_moves(board, n, acc);
            break_chain2_efficient_moves(board, n, acc);
            edge_clamp_moves(board, n, acc);
        }
    }
}

/// GNU Go `special_rescue3_moves` (three-liberty chains): with a liberty
/// `a` on the edge below our stone `c`, an opponent stone `d` beside `c`
/// and our stone `e` beyond it, play `f` beside `a` when `f` and the point
/// beyond are empty and an opponent stone at `a` gets at most three
/// liberties.
///
/// ```text
///   O X O      c d e
///   . * .      a f g
///   -----      -----
/// ```
pub fn special_rescue3_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 3 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = board.lib_list(s);
    for &a in &libs {
        for d in DIRS {
            // d points off the board from a; c is on the other side.
            if on(board, go(board, a, d)) {
                continue;
            }
            let c = go(board, a, neg(d));
            if !board.same_chain(c, s) {
                continue;
            }
            let normal = turn(d);
            for nd in [normal, neg(normal)] {
                let dpos = go(board, c, nd);
                if !board.cell(dpos).is(other) {
                    continue;
                }
                let e = go(board, dpos, nd);
                if !board.cell(e).is(color) {
                    continue;
                }
                let f = go(board, a, nd);
                if !on(board, f) || !board.is_empty(f) {
                    continue;
                }
                let g = go(board, f, nd);
                if !on(board, g) || !board.is_empty(g) {
                    continue;
                }
                if approxlib(board, a, other, 4) > 3 {
                    continue;
                }
                acc.add(f, 0);
            }
        }
    }
}

/// GNU Go `special_rescue4_moves` (two-liberty chains): answer to
/// `special_attack3`. When the two liberties are adjacent and an opponent
/// chain beside one of them has two liberties, play its liberty that is
/// not ours (if not self-atari).
pub fn special_rescue4_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 2 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = [board.libs(s)[0], board.libs(s)[1]];
    if libs[0].distance(libs[1]) != 1 {
        return;
    }
    for k in 0..2 {
        let a = libs[k];
        let b = libs[1 - k];
        let along = (
            b.row() as i32 - a.row() as i32,
            b.col() as i32 - a.col() as i32,
        );
        let side = turn(along);
        let x = [go(board, a, side), go(board, a, neg(side))]
            .into_iter()
            .find(|&x| board.cell(x).is(other));
        let Some(x) = x else { continue };
        if board.countlib(x) != 2 {
            continue;
        }
        for &l in board.libs(x) {
            if l != a && l != b && !is_self_atari(board, l, color) {
                acc.add(l, 0);
            }
        }
    }
}

/// GNU Go `special_rescue5_moves` (two or three liberties): an opponent
/// chain sharing at least two liberties with ours and having at most one
/// liberty more: play its outside liberties; when it is no better off
/// than we are, also reinforce our chains around it that are in atari
/// (capture their attackers or extend) and forestall double ataris.
pub fn special_rescue5_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let n = board.countlib(s);
    if !(2..=3).contains(&n) {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = board.lib_list(s);
    let mut done = PointList::new();
    for &a in &libs {
        for bpos in a.neighbors() {
            if !board.cell(bpos).is(other) {
                continue;
            }
            let origin = board.origin(bpos);
            if done.contains(&origin) {
                continue;
            }
            done.push(origin);
            if board.countlib(bpos) > n + 1 || board.count_common_libs(s, bpos) < 2 {
                continue;
            }
            // At most four liberties (GNU Go `findlib(bpos, 4, ...)`).
            let all = board.libs(bpos);
            let blibs = &all[..all.len().min(4)];
            for &l in blibs {
                if !liberty_of(board, l, s) && !is_self_atari(board, l, color) {
                    acc.add(l, 0);
                }
            }
            if blibs.len() <= n {
                for w in adjacent_with(board, bpos, 1) {
                    break_chain_moves(board, w, acc);
                    let lib = atari_lib(board, w);
                    if !is_self_atari(board, lib, color) {
                        acc.add(lib, 0);
                    }
                }
                super::break_chain::double_atari_chain2_moves(board, bpos, acc, false);
            }
        }
    }
}

/// GNU Go `special_rescue6_moves` (three or four liberties): a liberty
/// `a` on the edge beside our stone `b`, an opponent stone `c` beyond
/// `b` (away from the edge's normal), the point above `a` empty and the
/// point beside `c` empty:
///
/// ```text
///   |..O   |.*O       |.X.   |.c*
///   |.X.   |.c*       |.O?   |ab?
///   |.O?   |ab?
/// ```
///
/// Propose the point beside `c` (and, in the first shape, above `c`).
pub fn special_rescue6_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let n = board.countlib(s);
    if !(3..=4).contains(&n) {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = board.lib_list(s);
    for &a in &libs {
        for right in DIRS {
            if on(board, go(board, a, neg(right))) {
                continue;
            }
            let b = go(board, a, right);
            if !board.same_chain(b, s) {
                continue;
            }
            let normal = turn(right);
            for up in [normal, neg(normal)] {
                let c = go(board, b, up);
                if !board.cell(c).is(other) {
                    continue;
                }
                let a_up = go(board, a, up);
                if !on(board, a_up) || !board.is_empty(a_up) {
                    continue;
                }
                let c_right = go(board, c, right);
                if !on(board, c_right) || !board.is_empty(c_right) {
                    continue;
                }
                let a_up2 = go(board, a_up, up);
                let c_up = go(board, c, up);
                let c_up_right = go(board, c_up, right);
                let b_right = go(board, b, right);
                if on(board, a_up2)
                    && board.is_empty(a_up2)
                    && on(board, c_up)
                    && board.is_empty(c_up)
                    && board.cell(c_up_right).is(color)
                {
                    acc.add(c_right, 0);
                    acc.add(c_up, 0);
                } else if board.countlib(c) <= 3
                    && (board.cell(b_right) == Cell::Empty
                        || (board.cell(b_right).is(other) && board.countlib(b_right) <= 4))
                    && !is_self_atari(board, c_right, color)
                {
                    acc.add(c_right, 0);
                }
            }
        }
    }
}

/// GNU Go `set_up_snapback_moves` (a lone stone in atari): when an
/// opponent stone on our liberty would have a single liberty, play that
/// liberty (a snapback set-up, or a ko).
pub fn set_up_snapback_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 1 || board.chain_size(s) != 1 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let lib = atari_lib(board, s);
    let mut libs2 = PointList::new();
    if approxlib_list(board, lib, other, 2, &mut libs2) == 1 {
        let m = libs2[0];
        if !is_self_atari(board, m, color) || is_ko(board, m, color) {
            acc.add(m, 0);
        }
    }
}
