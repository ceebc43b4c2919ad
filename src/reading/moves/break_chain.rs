//! Moves against the chains surrounding a target: capturing or ataring a
//! neighbour to gain liberties (GNU Go `break_chain_moves`,
//! `break_chain2_efficient_moves`, `break_chain2_moves`,
//! `break_chain2_defense_moves`, `break_chain3_moves`, `break_chain4_moves`,
//! `defend_secondary_chain1_moves`, `defend_secondary_chain2_moves`,
//! `double_atari_chain2_moves`).
//!
//! Vocabulary: the *target* is the chain on `s`; its owner is the
//! *defender*, the other colour the *attacker*. "Neighbours" are the
//! opponent chains adjacent to a chain (GNU Go `chainlinks`).
//!
//! Defence-side generators (the defender is to move): [`break_chain_moves`],
//! [`break_chain2_efficient_moves`], [`break_chain2_moves`],
//! [`break_chain2_defense_moves`], [`break_chain34_moves`]. Attack-side generators (the attacker is to
//! move): [`save_boundary2_moves`], [`double_atari_chain2_moves`].
//! [`defend_secondary_chain1_moves`] / [`defend_secondary_chain2_moves`]
//! take the chain whose *neighbours* are to be defended, as in GNU Go.

use super::local::{adjacent_with, atari_lib, go, is_ko, neighbor_of_chain};
use super::{CandidateMoves, GenDepth};
use crate::board::{Board, Color, Point, PointList, PointSet};
use crate::reading::libs::{approxlib, approxlib_list, diagonal_neighbors, is_edge, is_self_atari};

/// Capture neighbours of the chain on `s` that are in atari (defence).
/// Each capture is proposed with score 1.
pub fn break_chain_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    break_chain_moves_ref(board, s, acc);
}

fn break_chain_moves_ref(board: &Board, s: Point, acc: &mut CandidateMoves) {
    for a in adjacent_with(board, s, 1) {
        acc.add(atari_lib(board, a), 1);
    }
}

/// Atari neighbours with two liberties where that wins liberties for the
/// chain on `s` (defence; `break_chain2_efficient_moves`): the neighbour
/// cannot escape the atari (its other liberty gives it at most two), or
/// its own neighbour in atari is worth capturing first.
pub fn break_chain2_efficient_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    for a in adjacent_with(board, s, 2) {
        break_chain2_efficient_against(board, s, a, acc);
    }
}

/// [`break_chain2_efficient_moves`] against one two-liberty chain `a`
/// (which need not touch `s`: GNU Go also uses it on the superstring's
/// neighbours). `s` is the chain being defended.
pub fn break_chain2_efficient_against(
    board: &mut Board,
    s: Point,
    a: Point,
    acc: &mut CandidateMoves,
) {
    let board: &Board = board;
    if board.countlib(a) != 2 {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let in_atari = adjacent_with(board, a, 1);
    if in_atari.len() == 1 && board.countlib(s) > 2 {
        // The neighbour is itself short: defend our chain next to it
        // (capture its attackers or extend), which keeps the atari alive.
        break_chain_moves_ref(board, in_atari[0], acc);
        let lib = atari_lib(board, in_atari[0]);
        if !is_self_atari(board, lib, color) {
            acc.add(lib, 0);
        }
        return;
    }
    if in_atari.len() > 1 {
        return;
    }
    let libs = [board.libs(a)[0], board.libs(a)[1]];
    for k in 0..2 {
        // Atari from libs[1-k] when escaping through libs[k] gives <= 2.
        if approxlib(board, libs[k], other, 3) <= 2 && !is_self_atari(board, libs[1 - k], color) {
            acc.add(libs[1 - k], 0);
        }
    }
    // Edge shape: the neighbour stands on the second line with its two
    // liberties diagonal, one of them on the edge; atari from the inside.
    if !diagonal_neighbors(libs[0], libs[1]) {
        return;
    }
    let (hi, lo) = if libs[0] > libs[1] {
        (libs[0], libs[1])
    } else {
        (libs[1], libs[0])
    };
    let pos1 = go(board, hi, (-1, 0));
    let pos2 = go(board, lo, (1, 0));
    let shape1 = board.cell(pos1).is(other) && is_edge(board, pos2) && board.same_chain(pos1, a);
    let shape2 = board.cell(pos2).is(other) && is_edge(board, pos1) && board.same_chain(pos2, a);
    if !shape1 && !shape2 {
        return;
    }
    if is_edge(board, libs[0]) && !is_self_atari(board, libs[1], color) {
        acc.add(libs[1], 1);
    }
    if is_edge(board, libs[1]) && !is_self_atari(board, libs[0], color) {
        acc.add(libs[0], 1);
    }
}

/// Atari any neighbour with two liberties (defence; GNU Go
/// `break_chain2_moves`): self-atari ataris allowed when the neighbour
/// cannot easily run, secondary chains defended, backfills when both
/// ataris are self-atari. `require_safe` drops self-atari ataris (unless
/// they are ko captures); `be_aggressive` (set by the driver when the
/// earlier batches produced nothing) allows secondary-chain defence down
/// to `backfill_depth`.
pub fn break_chain2_moves(
    board: &mut Board,
    s: Point,
    acc: &mut CandidateMoves,
    gd: &GenDepth,
    require_safe: bool,
    be_aggressive: bool,
) {
    let color = board.chain(s).color;
    let other = color.opponent();
    for a in adjacent_with(board, s, 2) {
        let libs = [board.libs(a)[0], board.libs(a)[1]];
        // Deep in the tree, ignore neighbours that have an atari of their
        // own to answer first.
        if !gd.within_backfill() && !adjacent_with(board, a, 1).is_empty() {
            continue;
        }
        let mut unsafe_ = [false; 2];
        for k in 0..2 {
            unsafe_[k] = is_self_atari(board, libs[k], color);
            if !unsafe_[k]
                || is_ko(board, libs[k], color)
                || (!require_safe && approxlib(board, libs[k], other, 5) < 5)
            {
                acc.add(libs[k], 0);
            }
        }
        if gd.within_break_chain() || (be_aggressive && gd.within_backfill()) {
            // When the neighbour cannot escape easily, make the atari work
            // by defending our own weak chains around it.
            if approxlib(board, libs[0], other, 4) < 4
                && approxlib(board, libs[1], other, 4) < 4
                && !defend_secondary_chain1_moves(board, a, acc, 2)
            {
                defend_secondary_chain2_moves(board, a, acc, 2);
            }
        }
        if unsafe_[0] && unsafe_[1] && (gd.within_backfill2() || board.have_common_lib(s, a)) {
            let mut libs2 = PointList::new();
            // Backfill: fill a liberty of the point where the neighbour
            // would escape, so that the atari stops being self-atari.
            for &lib in &libs {
                if approxlib_list(board, lib, other, 3, &mut libs2) == 2 {
                    for &b in &libs2 {
                        if !is_self_atari(board, b, color) {
                            acc.add(b, 0);
                        }
                    }
                }
            }
            // A well restrained neighbour: backfill where our stone on
            // the liberty would connect out.
            if approxlib(board, libs[0], other, 3) <= 2 && approxlib(board, libs[1], other, 3) <= 2
            {
                for &lib in &libs {
                    if approxlib_list(board, lib, color, 1, &mut libs2) == 1 {
                        let b = libs2[0];
                        if approxlib(board, b, color, 3) >= 3 {
                            acc.add(b, 0);
                        }
                    }
                }
            }
        }
    }
}

/// GNU Go `break_chain2_defense_moves`: [`break_chain2_moves`] with
/// `require_safe` set beyond `backfill_depth`, every move it adds scored
/// -2 so that direct defences are preferred.
pub fn break_chain2_defense_moves(
    board: &mut Board,
    s: Point,
    acc: &mut CandidateMoves,
    gd: &GenDepth,
    be_aggressive: bool,
) {
    let before = acc.len();
    break_chain2_moves(board, s, acc, gd, !gd.within_backfill(), be_aggressive);
    acc.set_scores_from(before, -2);
}

/// Reduce the neighbours with exactly `n_libs` liberties, 3 or 4
/// (defence; GNU Go `break_chain3_moves` and `break_chain4_moves`, with
/// their `be_aggressive`).
pub fn break_chain34_moves(
    board: &mut Board,
    s: Point,
    n_libs: usize,
    acc: &mut CandidateMoves,
    gd: &GenDepth,
    be_aggressive: bool,
) {
    debug_assert!(n_libs == 3 || n_libs == 4);
    let links = adjacent_with(board, s, n_libs);
    break_chain_n_moves(board, s, &links, n_libs, acc, gd, be_aggressive);
}

/// Shared body of the three- and four-liberty break-chain generators: for
/// each neighbour in `links` (all with `n` liberties), play the liberty
/// through which it would run away if there is exactly one such, else all
/// of its liberties; proposals score -2 (direct defences first).
/// Exposed for the superstring generator (`superstring_break_chain`).
pub fn break_chain_n_moves(
    board: &mut Board,
    s: Point,
    links: &[Point],
    n: usize,
    acc: &mut CandidateMoves,
    gd: &GenDepth,
    be_aggressive: bool,
) {
    if links.is_empty() {
        return;
    }
    let color = board.chain(s).color;
    let other = color.opponent();
    let escape = n + 1;
    let mut possible = PointList::new();
    for &a in links {
        if board.countlib(a) != n {
            continue;
        }
        let libs = board.lib_list(a);
        // The liberties through which the chain runs: how many, and the
        // first (the list of them cost an allocation per chain).
        let mut n_runs = 0;
        let mut first_run = 0;
        for (i, &l) in libs.iter().enumerate() {
            if approxlib(board, l, other, escape) >= escape {
                if n_runs == 0 {
                    first_run = i;
                }
                n_runs += 1;
                if n_runs == 2 {
                    break;
                }
            }
        }
        if n_runs >= 2 {
            // Two ways out: no hope of capturing it.
            continue;
        }
        if n_runs == 1 {
            // Block the one way out.
            let l = libs[first_run];
            if !possible.contains(&l) {
                possible.push(l);
            }
            continue;
        }
        for &l in &libs {
            if !possible.contains(&l) {
                possible.push(l);
            }
        }
        if gd.within_backfill2() || (be_aggressive && gd.within_backfill()) {
            defend_secondary_chain1_moves(board, a, acc, n);
        }
    }
    for m in possible {
        if gd.within_break_chain()
            || (be_aggressive && gd.within_backfill())
            || approxlib(board, m, color, 2) > 1
        {
            acc.add(m, -2);
        }
    }
}

/// Attack-side, second batch of GNU Go `attack3` ("save_boundary-2"):
/// for attacker chains adjacent to `s` with two liberties that cannot
/// both run (an attacker stone on either liberty gets at most three),
/// capture their neighbours in atari, atari their two-liberty neighbours
/// (safely), and extend on their liberties.
pub fn save_boundary2_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves, gd: &GenDepth) {
    let attacker = board.chain(s).color.opponent();
    for a in adjacent_with(board, s, 2) {
        let libs = [board.libs(a)[0], board.libs(a)[1]];
        if approxlib(board, libs[0], attacker, 4) > 3 && approxlib(board, libs[1], attacker, 4) > 3
        {
            continue;
        }
        break_chain_moves_ref(board, a, acc);
        break_chain2_moves(board, a, acc, gd, true, false);
        acc.add(libs[0], 0);
        acc.add(libs[1], 0);
    }
}

/// Extend for `color` on `lib` when the new stone gets at least
/// `min_libs` liberties, one fewer needed when it also touches the chain
/// `x` (the secondary-chain defences).
fn add_roomy_extension(
    board: &Board,
    lib: Point,
    x: Point,
    color: Color,
    min_libs: usize,
    acc: &mut CandidateMoves,
) {
    let bonus = usize::from(neighbor_of_chain(board, lib, x));
    if approxlib(board, lib, color, min_libs) + bonus >= min_libs {
        acc.add(lib, 0);
    }
}

/// Capture, for `color`, every neighbour of the chain `w` in atari,
/// unless the capture is self-atari.
fn add_safe_captures_around(board: &Board, w: Point, color: Color, acc: &mut CandidateMoves) {
    for c in adjacent_with(board, w, 1) {
        let cap = atari_lib(board, c);
        if !is_self_atari(board, cap, color) {
            acc.add(cap, 0);
        }
    }
}

/// GNU Go `defend_secondary_chain1_moves`: `x` is a chain whose
/// neighbours (of the side to move) in atari need defending. Extend on
/// their liberty when the new stone gets at least `min_libs` liberties
/// (one less counted if it also touches `x`), and capture their own
/// neighbours in atari when that is not self-atari. Returns true when
/// some neighbour of `x` was in atari.
pub fn defend_secondary_chain1_moves(
    board: &mut Board,
    x: Point,
    acc: &mut CandidateMoves,
    min_libs: usize,
) -> bool {
    let board: &Board = board;
    let color = board.chain(x).color.opponent();
    let weak = adjacent_with(board, x, 1);
    for &w in &weak {
        add_roomy_extension(board, atari_lib(board, w), x, color, min_libs, acc);
        add_safe_captures_around(board, w, color, acc);
    }
    !weak.is_empty()
}

/// GNU Go `defend_secondary_chain2_moves`: like
/// [`defend_secondary_chain1_moves`] for the neighbours of `x` with two
/// liberties that share a liberty with `x`: extend, capture their
/// neighbours in atari, atari their two-liberty neighbours that cannot
/// run.
pub fn defend_secondary_chain2_moves(
    board: &mut Board,
    x: Point,
    acc: &mut CandidateMoves,
    min_libs: usize,
) {
    let board: &Board = board;
    let color = board.chain(x).color.opponent();
    let other = color.opponent();
    for w in adjacent_with(board, x, 2) {
        if !board.have_common_lib(x, w) {
            continue;
        }
        let libs = [board.libs(w)[0], board.libs(w)[1]];
        for &lib in &libs {
            add_roomy_extension(board, lib, x, color, min_libs, acc);
        }
        add_safe_captures_around(board, w, color, acc);
        for c in adjacent_with(board, w, 2) {
            let cl = [board.libs(c)[0], board.libs(c)[1]];
            for t in 0..2 {
                if approxlib(board, cl[1 - t], other, 3) < 3 && !is_self_atari(board, cl[t], color)
                {
                    acc.add(cl[t], 0);
                }
            }
        }
    }
}

/// Attack-side: forestall double ataris (GNU Go
/// `double_atari_chain2_moves`). The chains considered are the opponents
/// of `s`'s owner adjacent to `s` with two liberties (for an attack: the
/// attacker's surrounding chains). A liberty shared by two of them is
/// where `s`'s owner could atari both at once; the side to move takes
/// that point first (score 1), unless a stone of `s`'s colour there would
/// be self-atari (then there is no threat). GNU Go also calls this with
/// an attacker chain as `s`. With `more` (GNU Go `generate_more_moves`,
/// set while `stackp <= superstring_depth`) also the points where one
/// atari combines with a liberty of a three-liberty neighbour (score -3).
pub fn double_atari_chain2_moves(
    board: &mut Board,
    s: Point,
    acc: &mut CandidateMoves,
    more: bool,
) {
    let board: &Board = board;
    let color = board.chain(s).color;
    // How often each liberty was met, as two sets on the stack (met at
    // least once, at least twice) rather than a list allocated at every
    // call: only "once" and "twice" matter.
    let mut once = PointSet::new();
    let mut twice = PointSet::new();
    for a in adjacent_with(board, s, 2) {
        for &l in board.libs(a) {
            if once.insert(l) {
                continue;
            }
            if twice.insert(l) && !is_self_atari(board, l, color) {
                acc.add(l, 1);
            }
        }
    }
    if more {
        for a in adjacent_with(board, s, 3) {
            for &l in board.libs(a) {
                if once.contains(l) && twice.insert(l) && !is_self_atari(board, l, color) {
                    acc.add(l, -3);
                }
            }
        }
    }
}
