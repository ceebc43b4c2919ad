//! Moves against the chains surrounding a target: capturing or ataring a
//! neighbour to gain liberties (GNU Go `break_chain_moves`,
//! `break_chain2_efficient_moves`, `break_chain2_moves`,
//! `break_chain2_defense_moves`, `break_chain3_moves`, `break_chain4_moves`,
//! `defend_secondary_chain1_moves`, `double_atari_chain2_moves`).

use super::CandidateMoves;
use crate::board::{Board, Point};

/// Capture neighbours of the chain on `s` that are in atari (defence).
pub fn break_chain_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Atari neighbours with two liberties where that wins liberties for the
/// chain on `s` (defence; `break_chain2_efficient_moves`).
pub fn break_chain2_efficient_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Atari any neighbour with two liberties (defence; `break_chain2_moves`).
pub fn break_chain2_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Reduce neighbours with three liberties (defence; `break_chain3_moves`).
pub fn break_chain3_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Reduce neighbours with four liberties (defence; `break_chain4_moves`).
pub fn break_chain4_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Attack-side: defend the attacker's own chains next to the target that
/// are short of liberties (`defend_secondary_chain1_moves`).
pub fn defend_secondary_chain_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Attack-side: double ataris on two defender chains that share the
/// neighbourhood of the target (`double_atari_chain2_moves`).
pub fn double_atari_chain2_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}
