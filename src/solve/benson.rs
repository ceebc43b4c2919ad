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

/// One connected set of non-defender points.
struct Area {
    empties: Vec<Point>,
    /// Defender strings (origins) next to it.
    borders: Vec<Point>,
    /// False when the area leaves the region: never vital.
    closed: bool,
    alive: bool,
}

/// The first round of the fixpoint for the target string alone: does it
/// border at least two closed areas vital to it? The fixpoint only
/// removes, so without two the target is not alive. Only the areas next
/// to the target are flooded, and each flood stops at the first point
/// that makes its area useless to the target (an open point, or an empty
/// point that is not a liberty of the target); most positions the solver
/// asks about end here, without building every area of the region.
fn target_has_two_vital_areas(board: &Board, region: &Region) -> bool {
    let defender = region.defender;
    let target = region.target;
    // Points flooded so far; `useless` marks those of areas found useless,
    // so a later flood that meets one stops too (same area).
    let mut seen = PointSet::new();
    let mut useless = PointSet::new();
    let mut vital = 0;
    let mut stack: Vec<Point> = Vec::new();
    let mut visited: Vec<Point> = Vec::new();
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
                for &p in &visited {
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
    board.color_at(region.target) == Some(region.defender)
        && target_has_two_vital_areas(board, region)
        && benson_fixpoint(board, region)
}

/// Benson's fixpoint over every area of the region: is the target among
/// the strings that survive? The target must hold a defender stone.
/// [`target_unconditionally_alive`] runs it only after the shortcut; the
/// tests compare the two.
pub(super) fn benson_fixpoint(board: &Board, region: &Region) -> bool {
    let defender = region.defender;
    // Defender strings of the region, by origin.
    let mut strings: Vec<Point> = Vec::new();
    for &p in &region.list {
        if board.color_at(p) == Some(defender) {
            let o = board.origin(p);
            if !strings.contains(&o) {
                strings.push(o);
            }
        }
    }
    let mut areas: Vec<Area> = Vec::new();
    let mut seen = PointSet::new();
    for &start in &region.list {
        if board.color_at(start) == Some(defender) || seen.contains(start) {
            continue;
        }
        let mut area = Area {
            empties: Vec::new(),
            borders: Vec::new(),
            closed: true,
            alive: true,
        };
        let mut stack = vec![start];
        seen.insert(start);
        while let Some(p) = stack.pop() {
            if board.is_empty(p) {
                area.empties.push(p);
            }
            for q in p.neighbors() {
                if !board.on_board(q) {
                    continue;
                }
                if board.color_at(q) == Some(defender) {
                    let o = board.origin(q);
                    if !area.borders.contains(&o) {
                        area.borders.push(o);
                    }
                } else if !region.points.contains(q) {
                    area.closed = false;
                } else if seen.insert(q) {
                    stack.push(q);
                }
            }
        }
        areas.push(area);
    }
    let vital = |board: &Board, area: &Area, s: Point| {
        area.closed
            && area.empties.iter().all(|&e| {
                e.neighbors()
                    .iter()
                    .any(|&n| board.color_at(n) == Some(defender) && board.origin(n) == s)
            })
    };
    let mut alive: Vec<bool> = vec![true; strings.len()];
    loop {
        let mut changed = false;
        for (i, &s) in strings.iter().enumerate() {
            if !alive[i] {
                continue;
            }
            let count = areas
                .iter()
                .filter(|a| a.alive && a.borders.contains(&s) && vital(board, a, s))
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
            if area.borders.iter().any(|b| {
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
