//! Break-ins: moves that let one colour's stones reach into a sizeable
//! region of the opponent's estimated territory, found by connection
//! reading where a static territory estimate cannot see them.
//!
//! GNU Go counterpart: `engine/breakin.c` (`break_territories`,
//! `break_in_goal`, `break_in_goal_from_str`, `break_in_move_reasons`),
//! described in the manual's "Break Ins" section. For every opponent
//! region of at least [`MIN_REGION`] points, the goal is the region plus
//! the empty points with two goal neighbours; the intruder's living
//! strings nearest to it by connection distance (at most `MAX_TRIES`,
//! skipping strings whose shortest way in passes another candidate) each
//! try [`crate::connect::ConnectionReader::break_in`] into the part of the goal their own
//! connection distances reach, keeping only goal points with two goal
//! neighbours (border points give false positives). Every successful
//! break-in is reported with its move. GNU Go then shrinks the territory
//! and tries again to correct its influence map; the move generator only
//! needs the first move of each string, so that loop is not repeated here.

use crate::analysis::Readers;
use crate::board::{Board, Color, Point, BOARD_ARRAY};
use crate::connect::distance::{fp, FP_ONE};
use crate::connect::Goal;
use crate::reading::ReadResult;

use super::territory::Territory;

/// Smallest region (in points) worth a break-in read.
pub const MIN_REGION: usize = 10;
/// Most intruder strings tried per region.
const MAX_TRIES: usize = 10;

/// A successful break-in found in the current position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakIn {
    /// The intruding string (its origin).
    pub string: Point,
    /// The move that breaks in.
    pub mv: Point,
    /// Result of the break-in read (WIN, or a ko result).
    pub result: ReadResult,
    /// Size of the region broken into.
    pub region_size: usize,
    /// The goal the break-in read reached (the part of the region near
    /// the string).
    pub goal: Goal,
}

/// A move that keeps an opponent's string out of a region of the mover's
/// territory the opponent could otherwise break into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The intruding string kept out.
    pub intruder: Point,
    /// The blocking move.
    pub mv: Point,
    /// Size of the region defended.
    pub region_size: usize,
}

/// Every break-in `intruder` (to move) has into the opponent's regions of
/// `territory`, region by region in board order, strings nearest first.
pub fn find_break_ins(
    rd: &mut Readers<'_>,
    territory: &Territory,
    intruder: Color,
) -> Vec<BreakIn> {
    let mut found = Vec::new();
    for region in territory.regions() {
        if region.owner != intruder.opponent() || region.points.len() < MIN_REGION {
            continue;
        }
        let area = enlarged_goal(rd.board, &region.points);
        let strings = nearest_strings(rd, territory, intruder, &area);
        log::debug!(
            "region of {} points: strings {:?}",
            region.points.len(),
            strings
        );
        for s in strings {
            let from = rd
                .conn
                .distances_from_string(rd.reader, rd.board, s, fp(2.81));
            let smaller = smaller_goal(rd.board, &area, &from.queue);
            if smaller.is_empty() {
                continue;
            }
            let goal = Goal::new(&smaller);
            let (result, mv) = rd.conn.break_in(rd.reader, rd.board, s, &goal);
            log::debug!(
                "break-in {:?} -> {} goal points: {:?} {:?}",
                s,
                smaller.len(),
                result,
                mv
            );
            if let (true, Some(mv)) = (result.succeeds(), mv) {
                found.push(BreakIn {
                    string: s,
                    mv,
                    result,
                    region_size: region.points.len(),
                    goal,
                });
            }
        }
    }
    found
}

/// Moves by `owner` (to move) that stop an opponent break-in into one of
/// `owner`'s regions: for every break-in [`find_break_ins`] finds for the
/// opponent, [`crate::connect::ConnectionReader::block_off`] on the same goal; a blocking
/// move that succeeds is reported. (GNU Go reads `block_off` here to
/// correct its territory; its blocking moves get their move reasons
/// elsewhere, which Tesuji's move generator does not have yet.)
pub fn find_blocks(rd: &mut Readers<'_>, territory: &Territory, owner: Color) -> Vec<Block> {
    let mut out = Vec::new();
    for b in find_break_ins(rd, territory, owner.opponent()) {
        let (result, mv) = rd.conn.block_off(rd.reader, rd.board, b.string, &b.goal);
        log::debug!("block-off {:?}: {:?} {:?}", b.string, result, mv);
        if let (true, Some(mv)) = (result.succeeds(), mv) {
            out.push(Block {
                intruder: b.string,
                mv,
                region_size: b.region_size,
            });
        }
    }
    out
}

/// The region plus every empty point with at least two empty neighbours
/// in it (the intruder is to move, so the goal is taken a little wider).
fn enlarged_goal(board: &Board, region: &[Point]) -> Vec<bool> {
    let mut goal = vec![false; BOARD_ARRAY];
    for &p in region {
        goal[p.idx()] = true;
    }
    let mut extra = Vec::new();
    for p in board.points() {
        if board.is_empty(p) && !goal[p.idx()] && goal_neighbours(board, &goal, p, true) >= 2 {
            extra.push(p);
        }
    }
    for p in extra {
        goal[p.idx()] = true;
    }
    goal
}

/// The intruder's living strings nearest to the goal: within one step of
/// the nearest one, and not reaching the goal through another candidate.
fn nearest_strings(
    rd: &mut Readers<'_>,
    territory: &Territory,
    intruder: Color,
    goal: &[bool],
) -> Vec<Point> {
    let goal_points: Vec<Point> = rd.board.points().filter(|p| goal[p.idx()]).collect();
    let near = rd
        .conn
        .distances_from_goal(rd.reader, rd.board, intruder, &goal_points, fp(3.01));
    let mut reached: Vec<(i32, usize, Point)> = near
        .queue
        .iter()
        .enumerate()
        .filter(|&(_, &p)| rd.board.cell(p).is(intruder) && !goal[p.idx()])
        .map(|(i, &p)| (near.dist(p), i, p))
        .collect();
    reached.sort();
    let mut min_distance = fp(5.0);
    let mut used = vec![false; BOARD_ARRAY];
    let mut out: Vec<Point> = Vec::new();
    for (d, _, p) in reached {
        if d > min_distance + FP_ONE + 10 {
            break;
        }
        // Dead stones are the territory owner's: no break-in from them.
        if territory.owner(p).is_some() {
            continue;
        }
        let origin = rd.board.origin(p);
        if used[origin.idx()] {
            continue;
        }
        used[origin.idx()] = true;
        let mut via_candidate = false;
        let mut q = near.came_from(origin);
        while q.is_some() {
            let o = if rd.board.is_stone(q) {
                rd.board.origin(q)
            } else {
                q
            };
            if out.contains(&o) {
                via_candidate = true;
                break;
            }
            q = near.came_from(q);
        }
        if via_candidate {
            continue;
        }
        if out.is_empty() {
            min_distance = d;
        }
        out.push(origin);
        if out.len() == MAX_TRIES {
            break;
        }
    }
    out
}

/// The goal points the string's connection distances reach that have at
/// least two goal neighbours.
fn smaller_goal(board: &Board, goal: &[bool], reached: &[Point]) -> Vec<Point> {
    let mut out = Vec::new();
    for &p in reached {
        if goal[p.idx()] && board.on_board(p) && goal_neighbours(board, goal, p, false) >= 2 {
            out.push(p);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Neighbours of `p` in the goal (only empty ones with `empty_only`).
fn goal_neighbours(board: &Board, goal: &[bool], p: Point, empty_only: bool) -> usize {
    p.neighbors()
        .iter()
        .filter(|&&q| board.on_board(q) && goal[q.idx()] && (!empty_only || board.is_empty(q)))
        .count()
}
