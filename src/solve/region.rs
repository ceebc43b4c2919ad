//! The region of a life-and-death problem: the points where attacker and
//! defender may play, closed off by the board edge and by safe attacker
//! strings (the *walls*).
//!
//! GNU Go has no counterpart (its owl reads every problem as open);
//! Tsumego Explorer's "enclosed region" is the model. The region is found
//! by a flood fill from the dragon: it spreads through empty points,
//! defender stones and attacker strings that are not safe, and stops at
//! attacker strings the caller vouches for (unconditionally alive, or
//! alive by the owl's static judgement). A flood that grows past a size limit is
//! not enclosed.
//!
//! The owl also asks for a *gap-closed* region ([`Region::find_closing_gaps`]):
//! the same flood, except that an empty point touching a wall and no
//! defender stone is a *gap*: it is played on, but the flood stops there,
//! and the empty points beyond it are deemed the attacker's. Problems in
//! games are seldom sealed off stone by stone: a wall with a one-point
//! opening, or an edge run along a wall, leaves the flood of the strict
//! region free to leak into the whole board. Before a search the points
//! beyond the gaps are filled with attacker stones as hypothetical moves
//! ([`Region::close`]); such a stone the defender captures is a wall
//! captured (the region opens, the defender wins). No region is closed
//! where defender stones stand near the points beyond its gaps
//! ([`Region::contested_beyond`]). Answers on such a region are exact for
//! the problem with those points held, not for the open position.

use crate::board::{Board, Color, Point, PointSet};

/// A region grows at most this big (points, stones included): df-pn's
/// reach within a few hundred thousand nodes; bigger areas are open.
pub const MAX_REGION_POINTS: usize = 40;

/// How many empty points beyond a held point [`Region::contested_beyond`]
/// looks for defender stones.
pub const HELD_REACH: usize = 2;

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
    /// Empty points outside the region that the attacker is deemed to hold
    /// (beyond the gaps in the walls, [`Region::find_closing_gaps`]);
    /// empty for a strictly enclosed region.
    pub held: Vec<Point>,
}

/// Why a dragon is not an enclosed problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotEnclosed {
    /// The flood from the dragon grew past this many points.
    TooLarge(usize),
    /// The region holds more empty points than the caller reads.
    TooManyEmpty(usize),
    /// The target vertex holds no stone.
    NoStone,
}

impl std::fmt::Display for NotEnclosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotEnclosed::TooLarge(n) => write!(f, "not enclosed (region over {n} points)"),
            NotEnclosed::TooManyEmpty(n) => write!(f, "not enclosed (over {n} empty points)"),
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
            .field("held", &self.held)
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
        Region::flood(board, target, is_safe, false)
    }

    /// [`Region::find`], with the gaps of the walls closed: an empty point
    /// next to a wall string and next to no defender stone is a *gap*: the
    /// flood does not go on from it. The gaps are part of the region, and
    /// the empty points beyond them are kept in [`Region::held`], to be
    /// held by the attacker while the region is solved ([`Region::close`]).
    pub fn find_closing_gaps(
        board: &mut Board,
        target: Point,
        is_safe: &mut dyn FnMut(&mut Board, Point) -> bool,
    ) -> Result<Region, NotEnclosed> {
        Region::flood(board, target, is_safe, true)
    }

    /// The flood of [`Region::find`] and [`Region::find_closing_gaps`].
    fn flood(
        board: &mut Board,
        target: Point,
        is_safe: &mut dyn FnMut(&mut Board, Point) -> bool,
        close_gaps: bool,
    ) -> Result<Region, NotEnclosed> {
        let Some(defender) = board.color_at(target) else {
            return Err(NotEnclosed::NoStone);
        };
        let attacker = defender.opponent();
        let mut points = PointSet::new();
        let mut judged = PointSet::new();
        let mut unsafe_strings = PointSet::new();
        let mut walls = Vec::new();
        let mut gaps = PointSet::new();
        let mut queue = vec![target];
        points.insert(target);
        // Whether the attacker string at `origin` is a wall, asking
        // `is_safe` once per string.
        let mut wall = |board: &mut Board, origin: Point, walls: &mut Vec<Point>| {
            if judged.contains(origin) {
                return true;
            }
            if unsafe_strings.contains(origin) {
                return false;
            }
            if is_safe(board, origin) {
                judged.insert(origin);
                walls.push(origin);
                true
            } else {
                unsafe_strings.insert(origin);
                false
            }
        };
        while let Some(p) = queue.pop() {
            for q in p.neighbors() {
                if !board.on_board(q) || points.contains(q) || gaps.contains(q) {
                    continue;
                }
                let stop = match board.color_at(q) {
                    // A wall (strings inside are in `points`).
                    Some(c) if c == attacker => wall(board, board.origin(q), &mut walls),
                    None if close_gaps => {
                        let near = q.neighbors();
                        let touches_defender =
                            near.iter().any(|&n| board.color_at(n) == Some(defender));
                        // Every attacker string beside it is judged, so the
                        // walls list does not depend on the order of the sides.
                        let mut touches_wall = false;
                        for &n in near.iter() {
                            if !touches_defender
                                && board.color_at(n) == Some(attacker)
                                && wall(board, board.origin(n), &mut walls)
                            {
                                touches_wall = true;
                            }
                        }
                        if touches_wall {
                            gaps.insert(q);
                        }
                        touches_wall
                    }
                    _ => false,
                };
                if stop {
                    continue;
                }
                points.insert(q);
                queue.push(q);
                if points.len() > MAX_REGION_POINTS {
                    return Err(NotEnclosed::TooLarge(MAX_REGION_POINTS));
                }
            }
        }
        // The gaps are played on; the empty points beyond them are held.
        let mut held = PointSet::new();
        for g in gaps.iter() {
            points.insert(g);
        }
        for g in gaps.iter() {
            for n in g.neighbors() {
                if board.on_board(n) && board.is_empty(n) && !points.contains(n) {
                    held.insert(n);
                }
            }
        }
        if points.len() > MAX_REGION_POINTS {
            return Err(NotEnclosed::TooLarge(MAX_REGION_POINTS));
        }
        walls.sort();
        let mut region = Region::from_points(board, target, points, walls);
        region.held = held.iter().collect();
        Ok(region)
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
            held: Vec::new(),
        }
    }

    /// Close the region: play an attacker stone on each held point as a
    /// hypothetical move, and give the problem as it then stands, each
    /// such stone a wall (its capture opens the region). Pop them with
    /// [`Region::reopen`]. `None`, with nothing played, when the area
    /// beyond the gaps is contested ([`Region::contested_beyond`]), when
    /// a stone would be illegal or capture something, or when a wall has
    /// no liberty outside the region once the stones stand (it fights
    /// inside; capturing it would count as an escape): the position is
    /// not closed that way.
    pub fn close(&self, board: &mut Board) -> Option<Region> {
        let attacker = self.defender.opponent();
        if self.contested_beyond(board) {
            return None;
        }
        let mut played = 0;
        for &g in &self.held {
            if board.does_capture_something(g, attacker) || !board.trymove(g, attacker) {
                for _ in 0..played {
                    board.popgo();
                }
                return None;
            }
            played += 1;
        }
        let mut closed = self.clone();
        for &g in &self.held {
            if !closed.walls.iter().any(|&w| board.same_chain(w, g)) {
                closed.walls.push(g);
            }
        }
        // A wall whose liberties all lie in the region (a held stone's
        // string too) fights inside it: its capture is part of the
        // problem, not an escape.
        let fights_inside = closed.walls.iter().any(|&w| {
            board.is_stone(w)
                && board
                    .lib_list(w)
                    .into_iter()
                    .all(|l| self.points.contains(l))
        });
        if fights_inside {
            for _ in 0..played {
                board.popgo();
            }
            return None;
        }
        Some(closed)
    }

    /// Whether the defender has stones near the points beyond the gaps:
    /// a held point, or an empty point up to [`HELD_REACH`] steps beyond
    /// one (through empty points outside the region), touches a defender
    /// stone. Such an area is not the attacker's to hold: in owl.tst 93
    /// (strategy11, move 93) the owner's first-line stones reach, along
    /// the edge, a friendly string three points past the gap, and with
    /// the point beyond the gap held the solver, given 20,000 nodes per
    /// search instead of the 5,000 that were then the default, read as
    /// dead a dragon that lives with that connection in reserve.
    pub fn contested_beyond(&self, board: &Board) -> bool {
        let touches_defender = |p: Point| {
            p.neighbors()
                .iter()
                .any(|&n| board.color_at(n) == Some(self.defender))
        };
        let mut seen = PointSet::new();
        let mut frontier = self.held.clone();
        for &g in &frontier {
            seen.insert(g);
            if touches_defender(g) {
                return true;
            }
        }
        for _ in 0..HELD_REACH {
            let mut next = Vec::new();
            for &p in &frontier {
                for n in p.neighbors() {
                    if !board.on_board(n)
                        || seen.contains(n)
                        || self.points.contains(n)
                        || !board.is_empty(n)
                    {
                        continue;
                    }
                    seen.insert(n);
                    if touches_defender(n) {
                        return true;
                    }
                    next.push(n);
                }
            }
            frontier = next;
        }
        false
    }

    /// Take the stones of [`Region::close`] off again.
    pub fn reopen(&self, board: &mut Board) {
        for _ in &self.held {
            board.popgo();
        }
    }

    /// Empty points of the region now.
    pub fn empty_points(&self, board: &Board) -> usize {
        self.list.iter().filter(|&&p| board.is_empty(p)).count()
    }
}
