//! Move ordering for the reader: the most likely move first (GNU Go
//! `order_moves` in `engine/reading.c`; the weights are our own).
//!
//! Each untried candidate is played on the board (and popped) to measure
//! what it does: liberties of the target afterwards, liberties of the new
//! stone, stones captured. The attacker prefers moves that take liberties
//! and capture while staying out of atari; the defender prefers moves that
//! give the target the most liberties. The generators' base scores are
//! added, and ties keep the generators' proposal order.

use super::libs::is_self_atari;
use super::moves::CandidateMoves;
use crate::board::{Board, Color, Point};

/// Which side the ordering is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The attacker of the target chain moves.
    Attack,
    /// The owner of the target chain moves.
    Defend,
}

/// The untried candidates of `acc` (those not in `tried`), best first.
pub fn order_moves(
    board: &mut Board,
    s: Point,
    mover: Color,
    side: Side,
    acc: &CandidateMoves,
    tried: &[Point],
) -> Vec<Point> {
    let mut scored: Vec<(Point, i32)> = Vec::new();
    for &(p, base) in acc.entries() {
        if tried.contains(&p) || scored.iter().any(|e| e.0 == p) || !board.on_board(p) {
            continue;
        }
        if !board.is_empty(p) {
            continue;
        }
        let score = base + evaluate(board, s, p, mover, side);
        scored.push((p, score));
    }
    scored.sort_by_key(|e| std::cmp::Reverse(e.1));
    scored.into_iter().map(|e| e.0).collect()
}

fn evaluate(board: &mut Board, s: Point, p: Point, mover: Color, side: Side) -> i32 {
    let before = board.captures(mover);
    let self_atari = is_self_atari(board, p, mover);
    let played = board.trymove(p, mover) || board.tryko(p, mover);
    if !played {
        return -1000;
    }
    let captured = (board.captures(mover) - before) as i32;
    let own_libs = board.countlib(p) as i32;
    let target_libs = if board.is_empty(s) {
        0
    } else {
        board.countlib(s) as i32
    };
    let target_size = if board.is_empty(s) {
        0
    } else {
        board.chain_size(s) as i32
    };
    board.popgo();
    match side {
        Side::Attack => {
            let mut score = 0;
            if target_libs == 0 {
                return 1000;
            }
            score -= 12 * target_libs;
            score += 3 * own_libs.min(4);
            if captured > 0 {
                score += 20 + 2 * captured.min(5);
            }
            if self_atari && captured == 0 {
                score -= 25;
            }
            score
        }
        Side::Defend => {
            let mut score = 12 * target_libs.min(6);
            if captured > 0 {
                score += 15 + 2 * captured.min(5);
            }
            if target_libs <= 1 {
                score -= 40;
            }
            if self_atari && captured == 0 {
                score -= 15;
            }
            // small preference for moves that keep the stones together
            score + target_size.min(3)
        }
    }
}
