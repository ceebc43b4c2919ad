//! Handicap stones: the fixed placements of the GTP specification, free
//! placement chosen by the engine, and placement given by the controller.
//!
//! GNU Go counterpart: `place_fixed_handicap` and `place_free_handicap` in
//! `engine/handicap.c` (the fixed layout is the one of GTP v2 §4.1.1; free
//! placement here is a simple deterministic spread, not GNU Go's
//! genmove-driven one) and `gtp_set_free_handicap`.

use super::{Game, GameError};
use crate::board::{Color, Point};

/// Why a handicap request was refused (texts are GNU Go's GTP answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// Stones are already on the board.
    BoardNotEmpty,
    /// The number of stones is not possible on this board.
    InvalidHandicap,
    /// A vertex appears twice in a free placement.
    RepeatedVertex,
    /// Hypothetical moves are on the board.
    Game(GameError),
}

impl std::fmt::Display for HandicapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HandicapError::BoardNotEmpty => f.write_str("board not empty"),
            HandicapError::InvalidHandicap => f.write_str("invalid handicap"),
            HandicapError::RepeatedVertex => f.write_str("repeated vertex"),
            HandicapError::Game(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for HandicapError {}

/// Largest fixed handicap on a board of this size: 9 on odd sizes from 9
/// up, 4 on the other sizes from 7 up, none below 7.
pub fn max_fixed_handicap(size: usize) -> usize {
    match size {
        0..=6 => 0,
        s if s >= 9 && s % 2 == 1 => 9,
        _ => 4,
    }
}

/// The fixed handicap points for `n` stones (GTP v2 §4.1.1), or `None` when
/// `n` is not possible on this size. `n == 0` gives no points (allowed from
/// size 7 up).
pub fn fixed_handicap_points(size: usize, n: usize) -> Option<Vec<Point>> {
    let max = max_fixed_handicap(size);
    if max == 0 || n < 2 || n > max {
        return None;
    }
    // Distance of the corner points from the edge: third line up to 11x11,
    // fourth line above.
    let d = if size <= 11 { 2 } else { 3 };
    let (lo, hi, mid) = (d, size - 1 - d, size / 2);
    // (row from top, column); row `hi` is near the bottom.
    let upper_right = Point::new(lo, hi);
    let lower_left = Point::new(hi, lo);
    let upper_left = Point::new(lo, lo);
    let lower_right = Point::new(hi, hi);
    let center = Point::new(mid, mid);
    let (left, right) = (Point::new(mid, lo), Point::new(mid, hi));
    let (top, bottom) = (Point::new(lo, mid), Point::new(hi, mid));
    let mut pts = Vec::with_capacity(n);
    if n >= 2 {
        pts.extend([upper_right, lower_left]);
    }
    if n >= 3 {
        pts.push(upper_left);
    }
    if n >= 4 {
        pts.push(lower_right);
    }
    if n >= 6 {
        pts.extend([left, right]);
    }
    if n >= 8 {
        pts.extend([top, bottom]);
    }
    if n % 2 == 1 && n >= 5 {
        pts.push(center);
    }
    pts.sort();
    Some(pts)
}

impl Game {
    /// Place `n` fixed handicap stones (GTP `fixed_handicap`); returns the
    /// points in board order. White moves next.
    pub fn fixed_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        self.handicap_preconditions()?;
        let pts = fixed_handicap_points(self.size(), n).ok_or(HandicapError::InvalidHandicap)?;
        self.place_handicap(&pts)?;
        Ok(pts)
    }

    /// Choose and place `n` handicap stones (GTP `place_free_handicap`):
    /// the fixed points first, then further points spread over the board
    /// (deterministic: the empty point farthest from every stone and at
    /// least on the third line where possible). At least 2 stones and fewer
    /// than the number of points; returns the points in board order.
    pub fn place_free_handicap(&mut self, n: usize) -> Result<Vec<Point>, HandicapError> {
        self.handicap_preconditions()?;
        let size = self.size();
        if n < 2 || n >= size * size {
            return Err(HandicapError::InvalidHandicap);
        }
        let fixed = n.min(max_fixed_handicap(size));
        let mut pts = if fixed >= 2 {
            fixed_handicap_points(size, fixed).unwrap_or_default()
        } else {
            Vec::new()
        };
        while pts.len() < n {
            match farthest_point(size, &pts) {
                Some(p) => pts.push(p),
                None => break,
            }
        }
        pts.sort();
        self.place_handicap(&pts)?;
        Ok(pts)
    }

    /// Place handicap stones chosen by the controller (GTP
    /// `set_free_handicap`): at least 2, no repeats, atomic on error.
    pub fn set_free_handicap(&mut self, pts: &[Point]) -> Result<(), HandicapError> {
        self.handicap_preconditions()?;
        let mut seen = pts.to_vec();
        seen.sort();
        if seen.windows(2).any(|w| w[0] == w[1]) {
            return Err(HandicapError::RepeatedVertex);
        }
        let size = self.size();
        if pts.len() < 2 || pts.len() >= size * size {
            return Err(HandicapError::InvalidHandicap);
        }
        self.place_handicap(pts)
    }

    fn handicap_preconditions(&self) -> Result<(), HandicapError> {
        if self.board().depth() > 0 {
            return Err(HandicapError::Game(GameError::StackOpen));
        }
        if !self.board_is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        Ok(())
    }

    fn place_handicap(&mut self, pts: &[Point]) -> Result<(), HandicapError> {
        for &p in pts {
            self.setup(p, Some(Color::Black))
                .map_err(HandicapError::Game)?;
        }
        self.set_handicap(pts.len());
        Ok(())
    }
}

/// The empty point (not in `taken`) whose distance to the nearest taken
/// point is largest, preferring points off the first two lines; ties go to
/// the first point in board order.
fn farthest_point(size: usize, taken: &[Point]) -> Option<Point> {
    let line = |p: Point| {
        let r = p.row().min(size - 1 - p.row());
        let c = p.col().min(size - 1 - p.col());
        r.min(c)
    };
    let min_line = if size >= 7 { 2 } else { 0 };
    let mut best: Option<(usize, usize, Point)> = None;
    for row in 0..size {
        for col in 0..size {
            let p = Point::new(row, col);
            if taken.contains(&p) {
                continue;
            }
            let dist = taken
                .iter()
                .map(|&q| p.row().abs_diff(q.row()) + p.col().abs_diff(q.col()))
                .min()
                .unwrap_or(usize::MAX);
            let good_line = usize::from(line(p) >= min_line);
            let key = (good_line, dist, p);
            if best.is_none_or(|(g, d, _)| (good_line, dist) > (g, d)) {
                best = Some(key);
            }
        }
    }
    best.map(|(_, _, p)| p)
}
