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
use crate::board::{Board, ChainId, Color, Point, PointSet, BOARD_ARRAY};

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
    /// The region's points as bits, for the first round.
    masks: RegionMasks,
    stack: Vec<Point>,
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
    /// Each string of the fixpoint on masks: the region's points next to
    /// one of its stones.
    next_to: Vec<u64>,
    /// Each area of the fixpoint on masks: the strings it borders and
    /// those it is vital to, as masks of string numbers.
    area_masks: Vec<(u64, u64)>,
}

/// The points of a region of at most 64 points numbered in board order,
/// with each one's neighbours in the region as a bit mask: the first
/// round floods areas a mask at a time. Built for one region and kept
/// while the test is asked about the same points on a board of the same
/// size.
#[derive(Default)]
struct RegionMasks {
    /// The board size and the region's points they were built for
    /// (`None`: not built).
    built_for: Option<(usize, PointSet)>,
    /// Each point of the board: its number in the region, or `u8::MAX`.
    number: Vec<u8>,
    /// Each numbered point's neighbours in the region.
    neighbours: Vec<u64>,
    /// The numbered points with an on-board neighbour outside the region.
    boundary: u64,
    /// Those neighbours: (number, point outside).
    outside: Vec<(u32, Point)>,
}

impl RegionMasks {
    /// The region's points next to any point of `points` (a mask).
    fn neighbours_of(&self, points: u64) -> u64 {
        let mut grown = 0;
        let mut bits = points;
        while bits != 0 {
            grown |= self.neighbours[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        grown
    }

    /// Build them for `region` unless they are already; false when the
    /// region has more than 64 points.
    fn prepare(&mut self, board: &Board, region: &Region) -> bool {
        if region.list.len() > 64 {
            return false;
        }
        if self
            .built_for
            .as_ref()
            .is_some_and(|(size, points)| *size == board.size() && *points == region.points)
        {
            return true;
        }
        self.number.clear();
        self.number.resize(BOARD_ARRAY, u8::MAX);
        for (i, &p) in region.list.iter().enumerate() {
            self.number[p.idx()] = i as u8;
        }
        self.neighbours.clear();
        self.outside.clear();
        self.boundary = 0;
        for (i, &p) in region.list.iter().enumerate() {
            let mut mask = 0;
            for q in p.neighbors() {
                if region.points.contains(q) {
                    mask |= 1 << self.number[q.idx()];
                } else if board.on_board(q) {
                    self.boundary |= 1 << i;
                    self.outside.push((i as u32, q));
                }
            }
            self.neighbours.push(mask);
        }
        self.built_for = Some((board.size(), region.points.clone()));
        true
    }

    /// Whether the area `area` (a mask) reaches outside the region: a
    /// neighbour outside it is not a defender stone.
    fn opens(&self, board: &Board, area: u64, defender: Color) -> bool {
        area & self.boundary != 0
            && self
                .outside
                .iter()
                .any(|&(i, q)| area >> i & 1 != 0 && board.color_at(q) != Some(defender))
    }
}

/// The first round of the fixpoint for the target string alone: does it
/// border at least two closed areas vital to it? The fixpoint only
/// removes, so without two the target is not alive. Every vital area
/// holds a liberty of the target (an area without empty points would be
/// attacker stones without liberties, which no position a game reaches
/// has), so a target with fewer than two liberties is rejected at once
/// and the floods start from its liberties alone. An area is useless to
/// the target when it reaches outside the region or holds an empty point
/// that is not a liberty of the target; most positions the solver asks
/// about end here, without building every area of the region. The floods
/// work on [`RegionMasks`]; a region of more than 64 points (none the
/// solver finds, see [`super::region::MAX_REGION_POINTS`]) skips the
/// round and goes to the fixpoint straight away.
fn target_has_two_vital_areas(board: &Board, region: &Region, masks: &mut RegionMasks) -> bool {
    let defender = region.defender;
    let target = region.target;
    if board.countlib(target) < 2 {
        return false;
    }
    if !masks.prepare(board, region) {
        return true;
    }
    let mut libs = 0u64;
    board.for_each_lib(target, |l| {
        let i = masks.number[l.idx()];
        if i != u8::MAX {
            libs |= 1 << i;
        }
        true
    });
    // Fewer than two (`count_ones` is a loop of its own on the baseline
    // x86-64 target, without `popcnt`).
    if libs & libs.wrapping_sub(1) == 0 {
        return false;
    }
    // What stands on the region's points, learnt as the floods reach
    // them: `looked` the points seen, `floodable` those without a
    // defender stone, `not_liberties` the empty ones that are not the
    // target's liberties. `useless` holds the points of areas found
    // useless, so that a later flood that meets one stops too (same
    // area).
    let (mut looked, mut floodable, mut not_liberties) = (libs, libs, 0u64);
    let mut useless = 0u64;
    let mut left = libs;
    let mut vital = 0;
    while left != 0 {
        let mut area = left & left.wrapping_neg();
        let mut frontier = area;
        let mut good = true;
        while frontier != 0 {
            let grown = masks.neighbours_of(frontier) & !area;
            let mut new = grown & !looked;
            looked |= new;
            while new != 0 {
                let i = new.trailing_zeros();
                new &= new - 1;
                match board.color_at(region.list[i as usize]) {
                    Some(c) if c == defender => {}
                    None => {
                        floodable |= 1 << i;
                        not_liberties |= 1 << i;
                    }
                    Some(_) => floodable |= 1 << i,
                }
            }
            frontier = grown & floodable;
            area |= frontier;
            if frontier & (not_liberties | useless) != 0 {
                good = false;
                break;
            }
        }
        left &= !area;
        if good && !masks.opens(board, area, defender) {
            vital += 1;
            if vital >= 2 {
                return true;
            }
        } else {
            useless |= area;
        }
        // Each vital area still to find holds a liberty not yet flooded:
        // two more are needed when none is found (`left` must have at
        // least two bits), one more when one is (`left` not empty).
        let short = if vital == 0 {
            left & left.wrapping_sub(1) == 0
        } else {
            left == 0
        };
        if short {
            return false;
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
        && target_has_two_vital_areas(board, region, &mut scratch.masks)
        && if region.list.len() <= 64 {
            // The first round built the masks.
            benson_fixpoint_on_masks(board, region, scratch)
        } else {
            benson_fixpoint_with(board, region, scratch)
        }
}

/// [`benson_fixpoint_with`] on [`RegionMasks`] (a region of at most 64
/// points, masks built): the same fixpoint, with the region's points,
/// areas and the points next to each string as bit masks, and the
/// strings as bits of masks of their numbers. An area borders a string
/// when it holds a point next to one of its stones, and is vital to it
/// when it is closed and every empty point of it is next to one.
fn benson_fixpoint_on_masks(board: &Board, region: &Region, scratch: &mut BensonScratch) -> bool {
    let defender = region.defender;
    let BensonScratch {
        masks,
        strings,
        next_to,
        area_masks,
        ..
    } = scratch;
    let (mut stones, mut empty) = (0u64, 0u64);
    strings.clear();
    next_to.clear();
    for (i, &p) in region.list.iter().enumerate() {
        match board.color_at(p) {
            Some(c) if c == defender => {
                stones |= 1 << i;
                let id = board.chain_id(p);
                let k = match strings.iter().position(|&s| s == id) {
                    Some(k) => k,
                    None => {
                        strings.push(id);
                        next_to.push(0);
                        strings.len() - 1
                    }
                };
                next_to[k] |= masks.neighbours[i];
            }
            None => empty |= 1 << i,
            Some(_) => {}
        }
    }
    // Stones outside the region of the region's strings (a region given
    // point by point may cut a string).
    for &(i, q) in &masks.outside {
        if board.color_at(q) == Some(defender) {
            let id = board.chain_id(q);
            if let Some(k) = strings.iter().position(|&s| s == id) {
                next_to[k] |= 1 << i;
            }
        }
    }
    let Some(target) = strings
        .iter()
        .position(|&s| s == board.chain_id(region.target))
    else {
        return false;
    };
    // The areas, flooded from the lowest point not yet reached.
    area_masks.clear();
    let mut left = !stones & (u64::MAX >> (64 - region.list.len()));
    while left != 0 {
        let mut area = left & left.wrapping_neg();
        let mut frontier = area;
        while frontier != 0 {
            let grown = masks.neighbours_of(frontier);
            frontier = grown & !stones & !area;
            area |= frontier;
        }
        left &= !area;
        let closed = !masks.opens(board, area, defender);
        let (mut borders, mut vital) = (0u64, 0u64);
        for (k, &near) in next_to.iter().enumerate() {
            if area & near != 0 {
                borders |= 1 << k;
                if closed && area & empty & !near == 0 {
                    vital |= 1 << k;
                }
            }
        }
        area_masks.push((borders, vital));
    }
    let mut alive_strings = u64::MAX >> (64 - strings.len());
    let mut alive_areas = match area_masks.len() {
        0 => 0,
        n => u64::MAX >> (64 - n),
    };
    loop {
        let mut removed = 0u64;
        let mut bits = alive_strings;
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            let mut count = 0;
            let mut areas = alive_areas;
            while areas != 0 && count < 2 {
                let j = areas.trailing_zeros();
                areas &= areas - 1;
                if area_masks[j as usize].1 >> k & 1 != 0 {
                    count += 1;
                }
            }
            if count < 2 {
                removed |= 1 << k;
            }
        }
        alive_strings &= !removed;
        // Removal is final: the target gone, the answer is known.
        if removed == 0 || alive_strings >> target & 1 == 0 {
            break;
        }
        for (j, &(borders, _)) in area_masks.iter().enumerate() {
            if borders & !alive_strings != 0 {
                alive_areas &= !(1 << j);
            }
        }
    }
    alive_strings >> target & 1 != 0
}

/// [`benson_fixpoint_with`] with lists of its own (the tests compare it
/// with the shortcut).
#[cfg(test)]
pub(super) fn benson_fixpoint(board: &Board, region: &Region) -> bool {
    benson_fixpoint_with(board, region, &mut BensonScratch::default())
}

/// Benson's fixpoint over every area of the region: is the target among
/// the strings that survive? The target must hold a defender stone.
/// [`target_unconditionally_alive`] runs it only after the shortcut, and
/// only on a region of more than 64 points (the rest go to
/// [`benson_fixpoint_on_masks`]). It works in `scratch`'s lists.
/// Strings are numbered in the order the
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
