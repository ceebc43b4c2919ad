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
use crate::board::{Cell, Color, Point};

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
        let size = b.size();
        let mut seen = vec![false; crate::board::BOARD_ARRAY];
        let mut score = AreaScore { black: 0, white: 0 };
        let mut stack: Vec<Point> = Vec::new();
        for p in b.points() {
            match b.cell(p) {
                Cell::Black => score.black += 1,
                Cell::White => score.white += 1,
                Cell::Empty if !seen[p.idx()] => {
                    // Flood the empty region and note which colours border it.
                    let (mut n, mut borders_b, mut borders_w) = (0, false, false);
                    seen[p.idx()] = true;
                    stack.push(p);
                    while let Some(q) = stack.pop() {
                        n += 1;
                        for nb in q.neighbors() {
                            match b.cell(nb) {
                                Cell::Black => borders_b = true,
                                Cell::White => borders_w = true,
                                Cell::Empty if !seen[nb.idx()] => {
                                    seen[nb.idx()] = true;
                                    stack.push(nb);
                                }
                                _ => {}
                            }
                        }
                    }
                    match (borders_b, borders_w) {
                        (true, false) => score.black += n,
                        (false, true) => score.white += n,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        debug_assert!(score.black + score.white <= size * size);
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
