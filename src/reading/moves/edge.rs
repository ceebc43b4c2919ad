//! Edge tactics (GNU Go `edge_clamp_moves`, `edge_block_moves`,
//! `edge_closing_backfill_moves`, `propose_edge_moves`).
//!
//! Directions: for a point `a` on the first line, `up` points away from
//! the edge (the point `a - up` is off the board) and `right` runs along
//! the edge, both ways tried. GNU Go's call sites: `defend2`/`defend3` use
//! [`propose_edge_moves`] (defender to move) and [`edge_clamp_moves`];
//! `attack2` uses [`edge_block_moves`] on each liberty when no direct
//! atari is possible and [`propose_edge_moves`] (attacker to move);
//! `attack3`/`attack4` use [`edge_closing_backfill_moves`] and
//! [`edge_block_moves`] on every liberty and [`propose_edge_moves`].
//! The two composite generators [`edge_defense_moves`] and
//! [`edge_attack_moves`] do exactly that.

use super::local::{adjacent_with, go, liberty_of, neg, offset, on, step, turn, Dir, DIRS};
use super::CandidateMoves;
use crate::board::{Board, Cell, Color, Point, STRIDE};
use crate::reading::libs::{approxlib, is_edge, is_self_atari};

/// Defence (GNU Go `defend2` / `defend3`): clamp or block along the edge
/// next to the chain ([`propose_edge_moves`] with the owner to move, then
/// [`edge_clamp_moves`]; chains with two or three liberties). Call it
/// after the liberties were added: it may withdraw a hopeless first-line
/// liberty.
pub fn edge_defense_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let n = board.countlib(s);
    if !(2..=3).contains(&n) {
        return;
    }
    let owner = board.chain(s).color;
    propose_edge_moves(board, s, acc, owner);
    edge_clamp_moves(board, s, acc);
}

/// Attack: block the chain's way along the edge, closing backfills
/// (chains with two to four liberties; see the module docs for which
/// generator applies at which liberty count).
pub fn edge_attack_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let n = board.countlib(s);
    if !(2..=4).contains(&n) {
        return;
    }
    // Every generator below starts from a first-line liberty: without
    // one there is nothing to propose (nor self-ataris to test).
    if !board.libs(s).iter().any(|&l| is_edge(board, l)) {
        return;
    }
    let attacker = board.chain(s).color.opponent();
    let libs = board.lib_list(s);
    if n == 2 {
        let atari_possible = libs.iter().any(|&l| !is_self_atari(board, l, attacker));
        if !atari_possible {
            for &l in &libs {
                edge_block_moves(board, s, l, acc);
            }
        }
    } else {
        for &l in &libs {
            edge_closing_backfill_moves(board, s, l, acc);
            edge_block_moves(board, s, l, acc);
        }
    }
    propose_edge_moves(board, s, acc, attacker);
}

/// The directions `up` pointing away from the edge at the first-line
/// point `a` (none for a point off the first line, two in a corner; all
/// four for a point off the board). The point `a - up` is a neighbour,
/// read straight off the padded array: most liberties are not on the
/// first line, and this is asked for each.
fn ups(board: &Board, a: Point) -> impl Iterator<Item = Dir> + '_ {
    let off_board = !on(board, a);
    DIRS.into_iter()
        .filter(move |&d| off_board || board.cell(step(a, -offset(d))) == Cell::Border)
}

/// Each direction `up` of [`DIRS`] as a padded-array offset, with the
/// two directions `right` along the edge tried for it (`turn(up)`, then
/// its reverse), for [`propose_edge_moves`].
const UP_RIGHTS: [(isize, [isize; 2]); 4] = {
    let s = STRIDE as isize;
    [(s, [-1, 1]), (-1, [-s, s]), (-s, [1, -1]), (1, [s, -s])]
};

/// The direction away from the edge at `a` when `a` is an empty
/// first-line point (the first of two in a corner).
fn edge_up(board: &Board, a: Point) -> Option<Dir> {
    if board.is_empty(a) && is_edge(board, a) {
        ups(board, a).next()
    } else {
        None
    }
}

/// GNU Go `edge_clamp_moves` (defence): an opponent chain with three
/// liberties, one of them `b` on the edge, stands at `a` above `b`; our
/// chain touches `a` on one side at `c`; on the other side `d` and the
/// point `e` above it are liberties of that chain. Play `d` (score 10)
/// when our stone there gets three liberties and an opponent stone at `e`
/// at most three.
///
/// ```text
///   X X O e .
///   O O c a d      (a: opponent, c: ours, d: the clamp)
///   . . . b .
///   ---------
/// ```
pub fn edge_clamp_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let color = board.chain(s).color;
    let other = color.opponent();
    for apos in adjacent_with(board, s, 3) {
        let Some(&b) = board.libs(apos).iter().find(|&&l| is_edge(board, l)) else {
            continue;
        };
        for up in ups(board, b) {
            let a = go(board, b, up);
            if !board.cell(a).is(other) {
                continue;
            }
            for right in [turn(up), neg(turn(up))] {
                let c = go(board, a, neg(right));
                let d = go(board, a, right);
                if !board.same_chain(c, s) {
                    continue;
                }
                if !on(board, d) || !liberty_of(board, d, apos) {
                    continue;
                }
                let e = go(board, d, up);
                if !on(board, e) || !liberty_of(board, e, apos) {
                    continue;
                }
                if approxlib(board, d, color, 3) < 3 {
                    continue;
                }
                if approxlib(board, e, other, 4) > 3 {
                    continue;
                }
                acc.add(d, 10);
            }
        }
    }
}

/// GNU Go `propose_edge_moves`, for a chain with liberties on the first
/// line; `to_move` is the side to move.
///
/// 1. Defence only: when an opponent chain with more than four liberties
///    stands above the first-line liberty `a`, crawling along the edge
///    is hopeless unless some stone of ours lies ahead on the first two
///    lines; if none does in either direction the liberty `a` is
///    withdrawn from `acc`.
/// 2. When the point `b` above `a` is empty, the point beside `b` is an
///    opponent stone and the point beside `a` on the other side is empty,
///    propose `b` (score 10 when that opponent stone is in atari) and,
///    otherwise, the point `c` beside `b` (not for a defence of a
///    two-liberty chain).
///
/// ```text
///   X . ?      X b c
///   O . .      O a .
///   -----      -----
/// ```
pub fn propose_edge_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves, to_move: Color) {
    let board: &Board = board;
    let color = board.chain(s).color;
    let other = color.opponent();
    let n_libs = board.countlib(s);
    if n_libs > 4 {
        return;
    }
    // At most four liberties, read in place (the board is not played on
    // here).
    for &a in board.libs(s) {
        // The directions `up` with the edge behind `a` (see `ups`): none
        // for the many liberties off the first line. Every point looked
        // at is a neighbour or diagonal of `a` or of an on-board `x`:
        // read straight off the padded array (`step`), where an empty
        // cell is on the board.
        for &(up_off, rights) in &UP_RIGHTS {
            if board.cell(step(a, -up_off)) != Cell::Border {
                continue;
            }
            let above = step(a, up_off);
            let above_cell = board.cell(above);
            if above_cell.is(other) {
                if board.countlib(above) <= 4 || color != to_move {
                    continue;
                }
                // Case 1: crawl along the edge towards each side.
                for right_off in rights {
                    let mut x = a;
                    let mut found = false;
                    while on(board, x) {
                        if board.cell(x).is(color) || board.cell(step(x, up_off)).is(color) {
                            found = true;
                            break;
                        }
                        x = step(x, right_off);
                    }
                    if !found {
                        acc.remove(a);
                    }
                }
            } else if above_cell == Cell::Empty {
                for right_off in rights {
                    // Case 2: climb up, or block one further.
                    let blocker = step(a, up_off - right_off);
                    if !board.cell(blocker).is(other) || !board.is_empty(step(a, right_off)) {
                        continue;
                    }
                    if board.countlib(blocker) == 1 {
                        acc.add(above, 10);
                    } else {
                        acc.add(above, 0);
                        let c = step(a, up_off + right_off);
                        if board.is_empty(c) && (n_libs != 2 || color != to_move) {
                            acc.add(c, 0);
                        }
                    }
                }
            }
        }
    }
}

/// GNU Go `edge_block_moves` (attack) for the first-line liberty `a` of
/// the target, with a target stone `b` above it:
///
/// ```text
///   O X . ?      b d f ?       O: target, X: attacker
///   . O . x      a c e g
///   -------      -------
/// ```
///
/// With a target-coloured stone at `c`, an attacker stone at `d` and `e`,
/// `f` empty: if `d` is in atari, block at `f` (score 30) unless the
/// target's colour already holds `g`; otherwise block the crawl at `e`
/// (score 10) when the target could run along the edge to a friend.
pub fn edge_block_moves(board: &mut Board, s: Point, a: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let color = board.chain(s).color;
    let other = color.opponent();
    let Some(up) = edge_up(board, a) else {
        return;
    };
    // Every point below is one step from a point known to be on the
    // board, so it is read straight off the padded array (`step`, a
    // border cell when off the board) where `go` did row and column
    // arithmetic: `a` is an empty point, `b` a target stone, and `d` lies
    // on `b`'s line and `c`'s column (or row), both on the board.
    let up_off = offset(up);
    let b = step(a, up_off);
    if !board.same_chain(b, s) {
        return;
    }
    for right in [turn(up), neg(turn(up))] {
        let right_off = offset(right);
        let c = step(a, right_off);
        if !on(board, c) {
            continue;
        }
        let d = step(c, up_off);
        let e = step(c, right_off);
        if !on(board, e) {
            continue;
        }
        let f = step(d, right_off);
        if !(board.cell(c).is(color)
            && board.cell(d).is(other)
            && board.is_empty(e)
            && board.is_empty(f))
        {
            continue;
        }
        if board.countlib(d) == 1 {
            let g = step(e, right_off);
            if !board.cell(g).is(color) {
                acc.add(f, 30);
            }
        } else {
            let mut x = e;
            while on(board, x) {
                let x_up = step(x, up_off);
                if board.cell(x).is(color) || board.cell(x_up).is(color) {
                    acc.add(e, 10);
                    break;
                }
                if !board.is_empty(x) || !board.is_empty(x_up) {
                    break;
                }
                x = step(x, right_off);
            }
        }
    }
}

/// GNU Go `edge_closing_backfill_moves` (attack) for the first-line
/// liberty `a` of the target:
///
/// ```text
///   ? O X b      O: target colour, X: attacker
///   O a t c      t: the backfill
///   -------
/// ```
///
/// The point above `a` holds the target's colour, one side of `a` is the
/// target's colour or the edge and the other side `t` is empty with an
/// attacker stone above it; propose `t` when `b` and `c` hold no more
/// attacker stones than target-coloured ones.
pub fn edge_closing_backfill_moves(
    board: &mut Board,
    s: Point,
    a: Point,
    acc: &mut CandidateMoves,
) {
    let board: &Board = board;
    let color = board.chain(s).color;
    let other = color.opponent();
    let Some(up) = edge_up(board, a) else {
        return;
    };
    // As in `edge_block_moves`, each point is one step from a point known
    // to be on the board (`a`, `t` and the attacker stone above `t`), so
    // it is read straight off the padded array.
    let up_off = offset(up);
    if !board.cell(step(a, up_off)).is(color) {
        return;
    }
    let r0 = turn(up);
    let side_ok = |d: Dir| {
        let t = step(a, offset(d));
        let back = step(a, offset(neg(d)));
        on(board, t) && board.is_empty(t) && (!on(board, back) || board.cell(back).is(color))
    };
    let right = if side_ok(r0) {
        r0
    } else if side_ok(neg(r0)) {
        neg(r0)
    } else {
        return;
    };
    let right_off = offset(right);
    let t = step(a, right_off);
    let above_t = step(t, up_off);
    if !board.cell(above_t).is(other) {
        return;
    }
    let bpos = step(above_t, right_off);
    if !on(board, bpos) {
        return;
    }
    let cpos = step(t, right_off);
    let mut n_x = 0;
    let mut n_o = 0;
    for p in [bpos, cpos] {
        if board.cell(p).is(color) {
            n_x += 1;
        } else if board.cell(p).is(other) {
            n_o += 1;
        }
    }
    if n_o > n_x {
        return;
    }
    acc.add(t, 0);
}
