//! The simple-ladder fast path: can a chain with two liberties be caught
//! by a sequence of ataris, the defender only extending or capturing an
//! attacker in atari (GNU Go `simple_ladder`, `simple_ladder_defend`).
//!
//! It ignores ko and never branches for the defender beyond those moves,
//! so it is cheap; it backs GTP `ladder_attack` and replaces `attack2`
//! very deep in the tree (past `depth + 10`).
//!
//! Depth bound: no depth limit applies inside a ladder, so the ladder
//! itself must end. In a multiple-ko shape the chase can cycle (a triple
//! ko repeats every six moves); the position after each atari is kept on
//! [`Reader`]'s ladder line, and an atari that repeats one of them, or a
//! line longer than the board has points, counts as an escape: the ladder
//! is not proved to capture. GNU Go bounds the same recursion only by its
//! move-stack size.

use super::defend::add_atari_captures;
use super::libs::{approxlib, is_self_atari};
use super::moves::CandidateMoves;
use super::{ReadResult, Reader};
use crate::board::{Board, Point};

impl Reader {
    /// Atari the two-liberty chain on `s` on either liberty; the ladder
    /// works when the defender has no escape afterwards.
    pub(super) fn simple_ladder(
        &mut self,
        board: &mut Board,
        s: Point,
    ) -> (ReadResult, Option<Point>) {
        if !self.count_node() {
            return (ReadResult::Fail, None);
        }
        let other = board.chain(s).color.opponent();
        let color = board.chain(s).color;
        let libs = [board.libs(s)[0], board.libs(s)[1]];
        for (i, &apos) in libs.iter().enumerate() {
            if is_self_atari(board, apos, other) && !board.does_capture_something(apos, other) {
                continue;
            }
            // When extending on the other liberty gives the defender four
            // liberties, an atari here leaves at least three after that
            // extension (unless the atari captures something): the
            // ladder cannot work from this side.
            let lib2 = libs[1 - i];
            if approxlib(board, lib2, color, 4) >= 4 && !board.does_capture_something(apos, other) {
                continue;
            }
            if !board.trymove(apos, other) {
                continue;
            }
            let escaped = if !board.is_stone(s) {
                false
            } else if self.ladder_line.contains(&board.hash())
                || self.ladder_line.len() >= board.size() * board.size()
            {
                true
            } else {
                self.ladder_line.push(board.hash());
                let escaped = self.simple_ladder_defend(board, s);
                self.ladder_line.pop();
                escaped
            };
            board.popgo();
            if !escaped {
                return (ReadResult::Win, Some(apos));
            }
        }
        (ReadResult::Fail, None)
    }

    /// The chain on `s` is in atari: does extending or capturing save it
    /// from the ladder?
    fn simple_ladder_defend(&mut self, board: &mut Board, s: Point) -> bool {
        if !self.count_node() {
            return true;
        }
        let color = board.chain(s).color;
        let mut moves = CandidateMoves::new();
        add_atari_captures(board, s, &mut moves, 0);
        if board.countlib(s) == 1 {
            moves.add(board.libs(s)[0], 0);
        }
        for (m, _) in moves.entries() {
            if !board.trymove(m, color) {
                continue;
            }
            let libs = board.countlib(s);
            let saved = match libs {
                0 | 1 => false,
                2 => !self.simple_ladder(board, s).0.succeeds(),
                _ => true,
            };
            board.popgo();
            if saved {
                return true;
            }
        }
        false
    }
}
