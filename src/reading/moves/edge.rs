//! Edge tactics (GNU Go `edge_clamp_moves`, `edge_block`,
//! `edge_closing_backfill_moves`, `propose_edge_moves`).

use super::CandidateMoves;
use crate::board::{Board, Point};

/// Defence: clamp or block along the edge next to the chain.
pub fn edge_defense_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Attack: block the chain's way along the edge, closing backfills.
pub fn edge_attack_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}
