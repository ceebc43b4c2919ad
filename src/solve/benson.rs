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
use crate::board::{Board, ChainId, Point, PointSet, BOARD_ARRAY};

/// One connected set of non-defender points, with ranges of
/// [`BensonScratch`]'s lists.
#[derive(Clone, Copy)]
struct Area {
    /// The defender strings of the region next to it (their numbers).
    borders: (usize, usize),
    /// Those it is vital to (none when the area leaves the region).
    vital: (usize, usize),
    alive: bool,
}

/// The lists the test works in, kept between calls so that the solver,
/// which runs the test on every new position, does not allocate them
/// each time (allocation was a third of the test's cost).
#[derive(Default)]
pub struct BensonScratch {
    stack: Vec<Point>,
    visited: Vec<Point>,
    libs: Vec<Point>,
    /// The defender strings of the region, by chain id.
    strings: Vec<ChainId>,
    /// Each defender stone of the region: its string's number (an entry
    /// is valid only for the region's stones of this run).
    string_at: Vec<usize>,
    alive: Vec<bool>,
    areas: Vec<Area>,
    empties: Vec<Point>,
    borders: Vec<usize>,
    vital: Vec<usize>,
}

/// The first round of the fixpoint for the target string alone: does it
/// border at least two closed areas vital to it? The fixpoint only
/// removes, so without two the target is not alive. Every vital area
/// holds a liberty of the target (an area without empty points would be
/// attacker stones without liberties, which no position a game reaches
/// has), so a target with fewer than two liberties is rejected at once
/// and the floods start from its liberties alone. Each flood stops at the
/// first point that makes its area useless to the target (an open point,
/// or an empty point that is not a liberty of the target); most positions
/// the solver asks about end here, without building every area of the
/// region.
fn target_has_two_vital_areas(board: &Board, region: &Region, scratch: &mut BensonScratch) -> bool {
    let defender = region.defender;
    let target = region.target;
    if board.countlib(target) < 2 {
        return false;
    }
    let BensonScratch {
        stack,
        visited,
        libs,
        ..
    } = scratch;
    board.findlib(target, libs);
    let mut is_lib = PointSet::new();
    for &l in libs.iter() {
        is_lib.insert(l);
    }
    // Points flooded so far; `useless` marks those of areas found useless,
    // so a later flood that meets one stops too (same area).
    let mut seen = PointSet::new();
    let mut useless = PointSet::new();
    let mut vital = 0;
    for (i, &start) in libs.iter().enumerate() {
        if !region.points.contains(start) || !seen.insert(start) {
            continue;
        }
        // Each vital area still to find holds a liberty not yet seen.
        if vital + (libs.len() - i) < 2 {
            return false;
        }
        visited.clear();
        visited.push(start);
        stack.clear();
        stack.push(start);
        let mut good = true;
        'flood: while let Some(p) = stack.pop() {
            if board.is_empty(p) && !is_lib.contains(p) {
                good = false;
                break;
            }
            for q in p.neighbors() {
                if region.points.contains(q) {
                    if board.color_at(q) == Some(defender) {
                        continue;
                    }
                    if useless.contains(q) {
                        good = false;
                        break 'flood;
                    }
                    if seen.insert(q) {
                        visited.push(q);
                        stack.push(q);
                    }
                } else if board.on_board(q) && board.color_at(q) != Some(defender) {
                    good = false;
                    break 'flood;
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
/// It works in `scratch`'s lists. Strings are numbered in the order the
/// region's list meets them; a defender string next to the region with
/// no stone in it is never removed, so it is left out. Which strings an
/// area is vital to does not change as the fixpoint removes, so it is
/// worked out once per area.
fn benson_fixpoint_with(board: &Board, region: &Region, scratch: &mut BensonScratch) -> bool {
    let defender = region.defender;
    let BensonScratch {
        stack,
        strings,
        string_at,
        alive,
        areas,
        empties,
        borders,
        vital,
        ..
    } = scratch;
    // Defender strings of the region (chain ids), each stone of the
    // region marked with its string's number.
    strings.clear();
    string_at.resize(BOARD_ARRAY, 0);
    for &p in &region.list {
        if board.color_at(p) == Some(defender) {
            let id = board.chain_id(p);
            let i = match strings.iter().position(|&s| s == id) {
                Some(i) => i,
                None => {
                    strings.push(id);
                    strings.len() - 1
                }
            };
            string_at[p.idx()] = i;
        }
    }
    // The number of the defender string on `q`, if it has a stone in the
    // region.
    let string_of = |q: Point| {
        if region.points.contains(q) {
            Some(string_at[q.idx()])
        } else {
            let id = board.chain_id(q);
            strings.iter().position(|&s| s == id)
        }
    };
    areas.clear();
    empties.clear();
    borders.clear();
    vital.clear();
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
                if board.color_at(q) == Some(defender) {
                    if let Some(i) = string_of(q) {
                        if !borders[borders_from..].contains(&i) {
                            borders.push(i);
                        }
                    }
                } else if !region.points.contains(q) {
                    if board.on_board(q) {
                        closed = false;
                    }
                } else if seen.insert(q) {
                    stack.push(q);
                }
            }
        }
        // The strings of its border every empty point of it is a
        // liberty of (all of them for an area without empty points).
        let vital_from = vital.len();
        if closed {
            for &i in &borders[borders_from..] {
                let id = strings[i];
                let liberty_of_all = empties[empties_from..].iter().all(|&e| {
                    e.neighbors()
                        .iter()
                        .any(|&n| board.color_at(n) == Some(defender) && board.chain_id(n) == id)
                });
                if liberty_of_all {
                    vital.push(i);
                }
            }
        }
        areas.push(Area {
            borders: (borders_from, borders.len()),
            vital: (vital_from, vital.len()),
            alive: true,
        });
    }
    let Some(target) = string_of(region.target) else {
        return false;
    };
    alive.clear();
    alive.resize(strings.len(), true);
    loop {
        let mut changed = false;
        for (i, is_alive) in alive.iter_mut().enumerate() {
            if !*is_alive {
                continue;
            }
            let count = areas
                .iter()
                .filter(|a| a.alive && vital[a.vital.0..a.vital.1].contains(&i))
                .count();
            if count < 2 {
                *is_alive = false;
                changed = true;
            }
        }
        // Removal is final: the target gone, the answer is known.
        if !changed || !alive[target] {
            break;
        }
        for area in areas.iter_mut().filter(|a| a.alive) {
            if borders[area.borders.0..area.borders.1]
                .iter()
                .any(|&b| !alive[b])
            {
                area.alive = false;
            }
        }
    }
    alive[target]
}
