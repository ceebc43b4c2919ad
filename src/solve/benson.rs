//! The solver's terminal test for the defender: is the target string
//! unconditionally alive (Benson's two vital regions), looking only at the
//! problem's region?
//!
//! GNU Go counterpart: the first step of `unconditional_life`
//! (`engine/unconditional.c`), which the whole-board analysis in
//! [`crate::eyes::unconditional`] reaches by playing the opponent's
//! moves. Here it is Benson's original fixpoint, cheap enough to run on
//! every position df-pn generates: the *areas* are the connected sets of
//! non-defender points inside the region; an area that reaches outside the
//! region (through a wall or an open point) is never vital. An area is
//! vital to a defender string when every empty point of it is a liberty of
//! that string. Strings with fewer than two vital areas are removed, and
//! with them every area they border; what survives can never be captured,
//! even by any number of attacker moves in a row.

use super::region::Region;
use crate::board::{Board, Point, PointSet};

/// One connected set of non-defender points: its empty points and the
/// defender strings next to it, as ranges of [`BensonScratch`]'s lists.
#[derive(Clone, Copy)]
struct Area {
    empties: (usize, usize),
    /// Defender strings (origins) next to it.
    borders: (usize, usize),
    /// False when the area leaves the region: never vital.
    closed: bool,
    alive: bool,
}

/// The lists the test works in, kept between calls so that the solver,
/// which runs the test on every new position, does not allocate them
/// each time (allocation was a third of the test's cost).
#[derive(Default)]
pub struct BensonScratch {
    stack: Vec<Point>,
    visited: Vec<Point>,
    strings: Vec<Point>,
    alive: Vec<bool>,
    areas: Vec<Area>,
    empties: Vec<Point>,
    borders: Vec<Point>,
}

/// The first round of the fixpoint for the target string alone: does it
/// border at least two closed areas vital to it? The fixpoint only
/// removes, so without two the target is not alive. Only the areas next
/// to the target are flooded, and each flood stops at the first point
/// that makes its area useless to the target (an open point, or an empty
/// point that is not a liberty of the target); most positions the solver
/// asks about end here, without building every area of the region.
fn target_has_two_vital_areas(board: &Board, region: &Region, scratch: &mut BensonScratch) -> bool {
    let defender = region.defender;
    let target = region.target;
    // Points flooded so far; `useless` marks those of areas found useless,
    // so a later flood that meets one stops too (same area).
    let mut seen = PointSet::new();
    let mut useless = PointSet::new();
    let mut vital = 0;
    let BensonScratch { stack, visited, .. } = scratch;
    for s in board.stones(target) {
        for start in s.neighbors() {
            if !region.points.contains(start)
                || board.color_at(start) == Some(defender)
                || !seen.insert(start)
            {
                continue;
            }
            visited.clear();
            visited.push(start);
            stack.clear();
            stack.push(start);
            let mut good = true;
            'flood: while let Some(p) = stack.pop() {
                if board.is_empty(p) && !p.neighbors().iter().any(|&n| board.same_chain(n, target))
                {
                    good = false;
                    break;
                }
                for q in p.neighbors() {
                    if !board.on_board(q) || board.color_at(q) == Some(defender) {
                        continue;
                    }
                    if !region.points.contains(q) || useless.contains(q) {
                        good = false;
                        break 'flood;
                    }
                    if seen.insert(q) {
                        visited.push(q);
                        stack.push(q);
                    }
                }
            }
            if good {
                vital += 1;
                if vital >= 2 {
                    return true;
                }
            } else {
                for &p in visited.iter() {
                    useless.insert(p);
                }
            }
        }
    }
    false
}

/// True when the defender string at `region.target` can never be
/// captured (by Benson's criterion restricted to the region).
pub fn target_unconditionally_alive(board: &Board, region: &Region) -> bool {
    target_unconditionally_alive_with(board, region, &mut BensonScratch::default())
}

/// [`target_unconditionally_alive`] working in `scratch`'s lists.
pub fn target_unconditionally_alive_with(
    board: &Board,
    region: &Region,
    scratch: &mut BensonScratch,
) -> bool {
    board.color_at(region.target) == Some(region.defender)
        && target_has_two_vital_areas(board, region, scratch)
        && benson_fixpoint_with(board, region, scratch)
}

/// [`benson_fixpoint_with`] with lists of its own (the tests compare it
/// with the shortcut).
#[cfg(test)]
pub(super) fn benson_fixpoint(board: &Board, region: &Region) -> bool {
    benson_fixpoint_with(board, region, &mut BensonScratch::default())
}

/// Benson's fixpoint over every area of the region: is the target among
/// the strings that survive? The target must hold a defender stone.
/// [`target_unconditionally_alive`] runs it only after the shortcut.
/// It works in `scratch`'s lists.
fn benson_fixpoint_with(board: &Board, region: &Region, scratch: &mut BensonScratch) -> bool {
    let defender = region.defender;
    let BensonScratch {
        stack,
        strings,
        alive,
        areas,
        empties,
        borders,
        ..
    } = scratch;
    // Defender strings of the region, by origin.
    strings.clear();
    for &p in &region.list {
        if board.color_at(p) == Some(defender) {
            let o = board.origin(p);
            if !strings.contains(&o) {
                strings.push(o);
            }
        }
    }
    areas.clear();
    empties.clear();
    borders.clear();
    let mut seen = PointSet::new();
    for &start in &region.list {
        if board.color_at(start) == Some(defender) || seen.contains(start) {
            continue;
        }
        let (empties_from, borders_from) = (empties.len(), borders.len());
        let mut closed = true;
        stack.clear();
        stack.push(start);
        seen.insert(start);
        while let Some(p) = stack.pop() {
            if board.is_empty(p) {
                empties.push(p);
            }
            for q in p.neighbors() {
                if !board.on_board(q) {
                    continue;
                }
                if board.color_at(q) == Some(defender) {
                    let o = board.origin(q);
                    if !borders[borders_from..].contains(&o) {
                        borders.push(o);
                    }
                } else if !region.points.contains(q) {
                    closed = false;
                } else if seen.insert(q) {
                    stack.push(q);
                }
            }
        }
        areas.push(Area {
            empties: (empties_from, empties.len()),
            borders: (borders_from, borders.len()),
            closed,
            alive: true,
        });
    }
    let vital = |area: &Area, s: Point| {
        area.closed
            && empties[area.empties.0..area.empties.1].iter().all(|&e| {
                e.neighbors()
                    .iter()
                    .any(|&n| board.color_at(n) == Some(defender) && board.origin(n) == s)
            })
    };
    alive.clear();
    alive.resize(strings.len(), true);
    loop {
        let mut changed = false;
        for (i, &s) in strings.iter().enumerate() {
            if !alive[i] {
                continue;
            }
            let count = areas
                .iter()
                .filter(|a| {
                    a.alive && borders[a.borders.0..a.borders.1].contains(&s) && vital(a, s)
                })
                .count();
            if count < 2 {
                alive[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
        for area in areas.iter_mut().filter(|a| a.alive) {
            if borders[area.borders.0..area.borders.1].iter().any(|b| {
                strings
                    .iter()
                    .position(|s| s == b)
                    .is_some_and(|i| !alive[i])
            }) {
                area.alive = false;
            }
        }
    }
    let target = board.origin(region.target);
    strings
        .iter()
        .position(|&s| s == target)
        .is_some_and(|i| alive[i])
}
