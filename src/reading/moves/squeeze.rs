//! Attacking moves beyond the plain liberties: second-order liberties,
//! backfilling when a liberty cannot be filled directly, and the special
//! attacks of GNU Go (`special_attack2..4_moves`, `find_cap_moves`,
//! the backfill branches of `attack2` / `attack3`).

use super::CandidateMoves;
use crate::board::{Board, Point};

/// Backfilling: when playing on a liberty would be self-atari or illegal
/// for the attacker, propose the moves that make it playable.
pub fn backfill_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}

/// Special attacks against two- and three-liberty chains: second-order
/// liberties, the cap move, moves that take a liberty from outside.
pub fn special_attack_moves(board: &mut Board, s: Point, acc: &mut CandidateMoves) {
    let _ = (board, s, acc);
}
