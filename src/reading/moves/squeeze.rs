//! Attacking moves beyond the plain liberties: second-order liberties,
//! backfilling when a liberty cannot be filled directly, and the special
//! attacks of GNU Go (`special_attack2..4_moves`, `find_cap_moves`,
//! `squeeze_moves`, the backfill branches of `attack1` / `attack2`), plus
//! the defender's backfills of `defend1` / `defend2`.
//!
//! Attack-side generators (the opponent of the chain on `s` is to move):
//! [`special_attack2_moves`], [`special_attack3_moves`],
//! [`special_attack4_moves`], [`find_cap_moves`]; [`squeeze_moves`] (GNU
//! Go uses the same moves for both sides). Defence-side:
//! [`backfill_defense_moves`], [`ko_backfill_defense_moves`]. The
//! attacker's backfills of `attack1` / `attack2` are interleaved with the
//! direct moves and live in the driver (`reading/attack.rs`).

use super::local::{adjacent_with, atari_lib, go, is_ko, liberty_of, neg, on, turn};
use super::CandidateMoves;
use crate::board::{Board, Point, PointList};
use crate::reading::libs::{
    approxlib, approxlib_list, diagonal_neighbors, has_neighbor, is_self_atari,
};

/// GNU Go `special_attack2_moves` (two liberties): a liberty that is
/// suicide for the attacker, where a defender stone would have exactly
/// two liberties: play the one that is not the target's other liberty
/// (if not self-atari).
///
/// ```text
///   - - - - -
///   c O . O X      c: the attack
///   X X O O X
/// ```
pub fn special_attack2_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 2 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = [board.libs(s)[0], board.libs(s)[1]];
    let mut newlibs = PointList::new();
    for k in 0..2 {
        if !board.is_suicide(libs[k], other) {
            continue;
        }
        if approxlib_list(board, libs[k], color, 3, &mut newlibs) != 2 {
            continue;
        }
        let x = if newlibs[0] != libs[1 - k] {
            newlibs[0]
        } else {
            newlibs[1]
        };
        if !is_self_atari(board, x, other) {
            acc.add(x, 0);
        }
    }
}

/// GNU Go `special_attack3_moves` (two adjacent liberties `a`, `b`): the
/// empty point beside `a`, perpendicular to `a`-`b`, if not self-atari.
pub fn special_attack3_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 2 {
        return;
    }
    let other = board.chain(s).color.opponent();
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
            .find(|&x| on(board, x) && board.is_empty(x));
        let Some(x) = x else { continue };
        if !is_self_atari(board, x, other) {
            acc.add(x, 0);
        }
    }
}

/// GNU Go `special_attack4_moves` (two liberties, both self-atari for the
/// attacker): a liberty is shared with an attacker chain `b` with two
/// liberties; `b` has a defender neighbour `c` (not the target) with two
/// liberties, or three with one shared with `b`. Attack `c` on a liberty
/// `d` that is safe for the attacker, when `c` cannot gain more than
/// three liberties elsewhere (and not more than the attacker at `d`,
/// unless `b` and `c` share a liberty).
pub fn special_attack4_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 2 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = [board.libs(s)[0], board.libs(s)[1]];
    if !is_self_atari(board, libs[0], other) || !is_self_atari(board, libs[1], other) {
        return;
    }
    let links = adjacent_with(board, s, 2);
    for &a in &libs {
        let Some(&b) = links.iter().find(|&&l| liberty_of(board, a, l)) else {
            continue;
        };
        for c in board.adjacent_chain_list(b, 3) {
            if board.same_chain(c, s) {
                continue;
            }
            // At most three liberties (the neighbour list's limit), read
            // in place.
            let clibs = board.libs(c);
            if clibs.len() < 2 {
                continue;
            }
            let bc_common = board.have_common_lib(b, c);
            if clibs.len() > 2 && !bc_common {
                continue;
            }
            for (t, &d) in clibs.iter().enumerate() {
                if is_self_atari(board, d, other) {
                    continue;
                }
                let ok = clibs.iter().enumerate().all(|(u, &e)| {
                    if u == t {
                        return true;
                    }
                    let elibs = approxlib(board, e, color, 4);
                    if elibs > 3 {
                        return false;
                    }
                    let dlibs = approxlib(board, d, other, 3);
                    elibs <= dlibs || bc_common
                });
                if ok {
                    acc.add(d, 0);
                }
            }
        }
    }
}

/// GNU Go `find_cap_moves` (two to four liberties): for two liberties
/// touching diagonally, the empty corner point between them (score 10) -
/// the cap that takes both at once.
///
/// ```text
///   X a
///   b *
/// ```
pub fn find_cap_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let n = board.countlib(s);
    if !(2..=4).contains(&n) {
        return;
    }
    let libs = board.lib_list(s);
    for i in 0..libs.len() {
        for j in i + 1..libs.len() {
            let (a, b) = (libs[i], libs[j]);
            if !diagonal_neighbors(a, b) {
                continue;
            }
            let p1 = Point::new(b.row(), a.col());
            let p2 = Point::new(a.row(), b.col());
            if board.is_empty(p1) {
                acc.add(p1, 10);
            } else if board.is_empty(p2) {
                acc.add(p2, 10);
            }
        }
    }
}

/// GNU Go `squeeze_moves` (at most four liberties): follow a chain of
/// points that are suicide for the attacker away from a liberty, and at
/// its end propose the self-atari throw-in that squeezes the target in a
/// shortage of liberties, when a target stone there would gain more
/// liberties than the attacker's recapture leaves. Useful to both sides.
pub fn squeeze_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    let n = board.countlib(s);
    if n > 4 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = board.lib_list(s);
    let mut libs2 = PointList::new();
    for &l in &libs {
        if !board.is_suicide(l, other) {
            continue;
        }
        if approxlib_list(board, l, color, 4, &mut libs2) != n {
            continue;
        }
        let Some(mut potential) = libs2.iter().copied().find(|&x| !liberty_of(board, x, s)) else {
            continue;
        };
        let mut previous = l;
        let mut failed = false;
        let mut steps = 0;
        while board.is_suicide(potential, other) {
            steps += 1;
            if steps > 32 || approxlib_list(board, potential, color, 3, &mut libs2) != 2 {
                failed = true;
                break;
            }
            let next = if libs2[0] == previous {
                libs2[1]
            } else {
                libs2[0]
            };
            previous = potential;
            potential = next;
            if liberty_of(board, potential, s) {
                failed = true;
                break;
            }
        }
        if failed || !is_self_atari(board, potential, other) {
            continue;
        }
        if approxlib_list(board, potential, other, 1, &mut libs2) == 0 {
            continue;
        }
        let recapture_libs = approxlib(board, libs2[0], color, usize::MAX);
        if recapture_libs < 3 && recapture_libs < approxlib(board, potential, color, usize::MAX) {
            acc.add(potential, 0);
        }
    }
}

/// Defence-side backfills of GNU Go `defend2` (two liberties, second
/// batch): when a liberty is self-atari for the attacker, the liberties
/// our stone there would have (not self-atari, next to our stones); and
/// when an attacker stone on a liberty would have at most two liberties,
/// those liberties (not self-atari).
pub fn backfill_defense_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 2 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let libs = [board.libs(s)[0], board.libs(s)[1]];
    let mut libs2 = PointList::new();
    for &l in &libs {
        if is_self_atari(board, l, other) {
            approxlib_list(board, l, color, usize::MAX, &mut libs2);
            for &x in &libs2 {
                if !is_self_atari(board, x, color) && has_neighbor(board, x, color) {
                    acc.add(x, 0);
                }
            }
        }
        if approxlib_list(board, l, other, 3, &mut libs2) <= 2 {
            for &x in &libs2 {
                if !is_self_atari(board, x, color) {
                    acc.add(x, 0);
                }
            }
        }
    }
}

/// Defence-side backfill of GNU Go `defend1` (a lone stone in atari whose
/// capture would be a ko): the liberties our stone on the liberty would
/// have, when there are at most five (GNU Go skips those that are
/// self-atari for the attacker, unless there is only one).
pub fn ko_backfill_defense_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let board: &Board = board;
    if board.countlib(s) != 1 || board.chain_size(s) != 1 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let lib = atari_lib(board, s);
    if !is_ko(board, lib, other) {
        return;
    }
    let mut libs2 = PointList::new();
    let n = approxlib_list(board, lib, color, 6, &mut libs2);
    if n > 5 {
        return;
    }
    for &a in &libs2 {
        if n == 1 || !is_self_atari(board, a, other) {
            acc.add(a, 0);
        }
    }
}
