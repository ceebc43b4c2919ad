//! Area counts of a position with every stone counted alive (Chinese
//! counting without dead-stone removal), and the chains listed for
//! `final_status_list`.
//!
//! GNU Go counterpart: the trivial end of `aftermath_compute_score` once
//! every stone is alive. The real end-of-game count, with dead stones
//! removed and territory counted as GNU Go does by default, is
//! `analysis::status` (`FinalStatus::territory_score`), which needs the
//! readers.

use super::Game;
use crate::board::{Board, Cell, Color, Point, BOARD_ARRAY};

/// Area counts of a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AreaScore {
    /// Black stones plus empty regions bordered only by Black.
    pub black: usize,
    /// White stones plus empty regions bordered only by White.
    pub white: usize,
}

impl Game {
    /// Area score with every stone alive.
    pub fn area_score(&self) -> AreaScore {
        let b = self.board();
        let mut score = AreaScore { black: 0, white: 0 };
        for p in b.points() {
            match b.cell(p) {
                Cell::Black => score.black += 1,
                Cell::White => score.white += 1,
                _ => {}
            }
        }
        for region in empty_regions(b).regions {
            match region.bordered_by() {
                Some(Color::Black) => score.black += region.size,
                Some(Color::White) => score.white += region.size,
                None => {}
            }
        }
        debug_assert!(score.black + score.white <= b.size() * b.size());
        score
    }

    /// The stones of `color`'s chains, one sorted list per chain, chains in
    /// board order of their first stone (every stone counts as alive).
    pub fn chains_of(&self, color: Option<Color>) -> Vec<Vec<Point>> {
        let b = self.board();
        let mut origins = b.chain_origins(color);
        origins.sort();
        origins.into_iter().map(|o| b.stones_sorted(o)).collect()
    }
}

/// One empty region of a board (a maximal connected set of empty points):
/// its size and the colours of the stones around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EmptyRegion {
    /// Empty points.
    pub size: usize,
    /// A black stone touches the region.
    pub borders_black: bool,
    /// A white stone touches the region.
    pub borders_white: bool,
}

impl EmptyRegion {
    /// The colour bordering the region when only one does.
    pub fn bordered_by(&self) -> Option<Color> {
        match (self.borders_black, self.borders_white) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }
}

/// The empty regions of a board and the region of each point.
#[derive(Clone, Debug)]
pub struct EmptyRegions {
    /// The regions, in board order of their first point.
    pub regions: Vec<EmptyRegion>,
    /// Index into `regions` per point (`Point::idx`); `usize::MAX` for
    /// stones and points off the board.
    pub region_of: Vec<usize>,
}

impl EmptyRegions {
    /// The region of the empty point `p`.
    pub fn of(&self, p: Point) -> &EmptyRegion {
        &self.regions[self.region_of[p.idx()]]
    }
}

/// Flood every empty region of `board`, noting which colours border it.
pub fn empty_regions(board: &Board) -> EmptyRegions {
    let mut region_of = vec![usize::MAX; BOARD_ARRAY];
    let mut regions = Vec::new();
    let mut stack = Vec::new();
    for p in board.points() {
        if !board.is_empty(p) || region_of[p.idx()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut region = EmptyRegion {
            size: 0,
            borders_black: false,
            borders_white: false,
        };
        region_of[p.idx()] = id;
        stack.push(p);
        while let Some(q) = stack.pop() {
            region.size += 1;
            for nb in q.neighbors() {
                match board.cell(nb) {
                    Cell::Black => region.borders_black = true,
                    Cell::White => region.borders_white = true,
                    Cell::Empty if region_of[nb.idx()] == usize::MAX => {
                        region_of[nb.idx()] = id;
                        stack.push(nb);
                    }
                    _ => {}
                }
            }
        }
        regions.push(region);
    }
    EmptyRegions { regions, region_of }
}
