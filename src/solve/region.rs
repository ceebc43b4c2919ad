//! The region of a life-and-death problem: the points where attacker and
//! defender may play, closed off by the board edge and by safe attacker
//! strings (the *walls*).
//!
//! GNU Go has no counterpart (its owl reads every problem as open);
//! Tsumego Explorer's "enclosed region" is the model. The region is found
//! by a flood fill from the dragon: it spreads through empty points,
//! defender stones and attacker strings that are not safe, and stops at
//! attacker strings the caller vouches for (unconditionally alive, or
//! alive by owl with certainty). A flood that grows past a size limit is
//! not enclosed.

use crate::board::{Board, Color, Point, PointSet};

/// A region grows at most this big (points, stones included): df-pn's
/// reach within a few hundred thousand nodes; bigger areas are open.
pub const MAX_REGION_POINTS: usize = 40;

/// An enclosed problem: who defends which stone, and where play happens.
#[derive(Clone)]
pub struct Region {
    /// The colour whose stones must live.
    pub defender: Color,
    /// The stone whose capture kills (any stone of the dragon).
    pub target: Point,
    /// Every point of the region, stones included, as a set.
    pub points: PointSet,
    /// The same points in board order (move generation order).
    pub list: Vec<Point>,
    /// One stone of each safe attacker string around the region.
    pub walls: Vec<Point>,
}

/// Why a dragon is not an enclosed problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotEnclosed {
    /// The flood from the dragon grew past this many points.
    TooLarge(usize),
    /// The target vertex holds no stone.
    NoStone,
}

impl std::fmt::Display for NotEnclosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotEnclosed::TooLarge(n) => write!(f, "not enclosed (region over {n} points)"),
            NotEnclosed::NoStone => f.write_str("no stone"),
        }
    }
}

impl std::fmt::Debug for Region {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Region")
            .field("defender", &self.defender)
            .field("target", &self.target)
            .field("points", &self.list)
            .field("walls", &self.walls)
            .finish()
    }
}

impl Region {
    /// Find the region around the string at `target`. `is_safe(board, p)`
    /// says whether the attacker string at `p` is a wall; it is asked once
    /// per string the flood meets.
    pub fn find(
        board: &mut Board,
        target: Point,
        is_safe: &mut dyn FnMut(&mut Board, Point) -> bool,
    ) -> Result<Region, NotEnclosed> {
        let Some(defender) = board.color_at(target) else {
            return Err(NotEnclosed::NoStone);
        };
        let attacker = defender.opponent();
        let mut points = PointSet::new();
        let mut judged = PointSet::new();
        let mut walls = Vec::new();
        let mut queue = vec![target];
        points.insert(target);
        while let Some(p) = queue.pop() {
            for q in p.neighbors() {
                if !board.on_board(q) || points.contains(q) {
                    continue;
                }
                if board.color_at(q) == Some(attacker) {
                    let origin = board.origin(q);
                    if judged.contains(origin) {
                        // A wall already (strings inside are in `points`).
                        continue;
                    }
                    if is_safe(board, origin) {
                        judged.insert(origin);
                        walls.push(origin);
                        continue;
                    }
                }
                points.insert(q);
                queue.push(q);
                if points.len() > MAX_REGION_POINTS {
                    return Err(NotEnclosed::TooLarge(MAX_REGION_POINTS));
                }
            }
        }
        walls.sort();
        Ok(Region::from_points(board, target, points, walls))
    }

    /// A region given point by point (tests and generated problems): the
    /// walls are the attacker strings next to it.
    pub fn from_points(
        board: &Board,
        target: Point,
        points: PointSet,
        walls: Vec<Point>,
    ) -> Region {
        let defender = board.color_at(target).expect("target holds a stone");
        let list: Vec<Point> = points.iter().collect();
        let mut walls = walls;
        if walls.is_empty() {
            for &p in &list {
                for q in p.neighbors() {
                    if board.color_at(q) == Some(defender.opponent()) && !points.contains(q) {
                        let origin = board.origin(q);
                        if !walls.contains(&origin) {
                            walls.push(origin);
                        }
                    }
                }
            }
            walls.sort();
        }
        Region {
            defender,
            target,
            points,
            list,
            walls,
        }
    }

    /// Empty points of the region now.
    pub fn empty_points(&self, board: &Board) -> usize {
        self.list.iter().filter(|&&p| board.is_empty(p)).count()
    }
}
