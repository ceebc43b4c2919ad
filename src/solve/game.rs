//! The game the solver plays inside a region: its moves, its ends and its
//! ko rule. Shared by df-pn ([`super::dfpn`]) and the test-only
//! exhaustive minimax that checks it.
//!
//! GNU Go counterpart: none as such (its owl reads open positions with
//! heuristic leaves). The rules:
//! - Either side plays on any empty point of the region, or passes.
//! - The *ko master* may retake a ko at once (as if it always had a ko
//!   threat); the other side obeys the simple ko rule. A question is asked
//!   once with each side as ko master, which is how ko results are told
//!   from clean ones.
//! - The attacker wins when the target stone is captured. The defender
//!   wins when the target is unconditionally alive in the region (see
//!   [`super::benson`]), when it captures a wall (the region opens), or
//!   when both sides pass in a row with the target still on the board
//!   (life or seki: the attacker found nothing more to do). Two stricter
//!   readings of two passes ([`PassEnd`]) ask whether the defender lives
//!   without seki, or without a ko left that the attacker could take.
//! - A position repeated on the current line (same stones, ko point, side
//!   to move and pass state) is lost by the ko master: it could have
//!   retaken forever, so a cycle means it found no way to win. This makes
//!   double ko a life for the defender even against a ko master attacker.
//!   Results that rest on a repetition depend on the line and are never
//!   stored as proved in a table (the graph-history interaction).

use super::benson::{target_unconditionally_alive_with, BensonScratch};
use super::region::Region;
use crate::board::{Board, Color, Point};

/// What a move leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Play goes on.
    Open,
    /// The game is over and this side has won.
    Won(Color),
}

/// Key part of "the previous move was a pass" (pass-pass ends the game).
const PASSED_KEY: u64 = 0x9e37_79b9_7f4a_7c15;
/// Key part of the side to move.
const WHITE_TO_MOVE_KEY: u64 = 0xc2b2_ae3d_27d4_eb4f;

/// Who wins when two passes in a row end the game with the target
/// standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassEnd {
    /// The defender (it lives, perhaps in seki): the game of `solve_life`.
    Standing,
    /// The attacker (a target still unconditionally alive would have
    /// ended the game before): "does it live without seki?".
    Unconditional,
    /// The attacker when it could take a ko now (capture one stone with a
    /// stone left in atari), else the defender: "does it live without a
    /// ko left that the attacker may start again?".
    NoKoLeft,
}

/// The rules of one question: region and ko master.
#[derive(Clone, Debug)]
pub struct Rules<'r> {
    /// The problem.
    pub region: &'r Region,
    /// The side allowed to ignore the simple ko rule.
    pub ko_master: Color,
    /// Who wins when two passes end the game.
    pub pass_end: PassEnd,
}

impl Rules<'_> {
    /// The attacker's colour.
    pub fn attacker(&self) -> Color {
        self.region.defender.opponent()
    }

    /// The moves of `color` in the current position, in board order, pass
    /// last (`Point::NONE`).
    pub fn moves(&self, board: &Board, color: Color) -> Vec<Point> {
        let mut out = Vec::with_capacity(self.region.list.len() + 1);
        self.moves_into(board, color, &mut out);
        out
    }

    /// [`Rules::moves`] into `out` (cleared first).
    pub fn moves_into(&self, board: &Board, color: Color, out: &mut Vec<Point>) {
        out.clear();
        for &p in &self.region.list {
            if !board.is_empty(p) {
                continue;
            }
            let legal = if color == self.ko_master {
                board.is_legal_ignoring_ko(p, color)
            } else {
                board.is_legal(p, color)
            };
            if legal {
                out.push(p);
            }
        }
        out.push(Point::NONE);
    }

    /// Play `mv` for `color` (a move from [`Rules::moves`]) as a
    /// hypothetical move; `passed` says whether the previous move was a
    /// pass. Pop it with `board.popgo()`.
    pub fn play(&self, board: &mut Board, mv: Point, color: Color, passed: bool) -> Step {
        match self.place(board, mv, color, passed) {
            Some(step) => step,
            None => self.judge(board, color),
        }
    }

    /// [`Rules::play`] without the end-of-game test that follows a move:
    /// `Some` when a pass ended the game (or the board refused the move,
    /// which the mover then loses), `None` when the position the move
    /// left still needs [`Rules::judge`] (which depends on the stones
    /// alone, so a search may remember it).
    pub fn place(&self, board: &mut Board, mv: Point, color: Color, passed: bool) -> Option<Step> {
        if !mv.is_some() {
            board.trypass(color);
            if passed {
                // Unconditional life ended the game before any pass.
                let attacker_wins = match self.pass_end {
                    PassEnd::Standing => false,
                    PassEnd::Unconditional => true,
                    PassEnd::NoKoLeft => self.attacker_can_take_ko(board),
                };
                return Some(Step::Won(if attacker_wins {
                    self.attacker()
                } else {
                    self.region.defender
                }));
            }
            return Some(Step::Open);
        }
        let played = if color == self.ko_master {
            board.tryko(mv, color)
        } else {
            board.trymove(mv, color)
        };
        if !played {
            // Moves come from `moves()` on this position, or from a
            // search's memory of the position by its key: only two
            // positions of one key (a 64-bit collision) can offer a move
            // the board refuses. The mover loses it; a pass keeps the
            // move stack as the caller expects (it pops once).
            board.trypass(color);
            return Some(Step::Won(color.opponent()));
        }
        None
    }

    /// [`Rules::place`] of a move from [`Rules::moves`] on this very
    /// position: legal, so the board does not test it again.
    pub fn place_legal(
        &self,
        board: &mut Board,
        mv: Point,
        color: Color,
        passed: bool,
    ) -> Option<Step> {
        if mv.is_some() {
            board.trymove_unchecked(mv, color);
            return None;
        }
        self.place(board, mv, color, passed)
    }

    /// Whether the game ended with the move `color` just made: a
    /// function of the stones on the board and of `color` alone.
    pub fn judge(&self, board: &Board, color: Color) -> Step {
        self.judge_with(board, color, &mut BensonScratch::default())
    }

    /// [`Rules::judge`] with Benson's test working in `scratch`'s lists.
    pub fn judge_with(&self, board: &Board, color: Color, scratch: &mut BensonScratch) -> Step {
        let region = self.region;
        if !board.is_stone(region.target) {
            return Step::Won(self.attacker());
        }
        if color == region.defender && self.wall_captured(board) {
            return Step::Won(region.defender);
        }
        if target_unconditionally_alive_with(board, region, scratch) {
            return Step::Won(region.defender);
        }
        Step::Open
    }

    /// Whether the attacker could take a ko on an empty point of the
    /// region (a capture of one stone that leaves a lone stone in atari).
    pub fn attacker_can_take_ko(&self, board: &Board) -> bool {
        let attacker = self.attacker();
        self.region.list.iter().any(|&p| {
            board.is_legal_ignoring_ko(p, attacker) && board.ko_capture(p, attacker).is_some()
        })
    }

    /// Whether a wall string is gone (the defender captured it).
    pub fn wall_captured(&self, board: &Board) -> bool {
        let attacker = self.attacker();
        self.region
            .walls
            .iter()
            .any(|&w| board.color_at(w) != Some(attacker))
    }

    /// The position's key for tables and repetition: stones, ko point,
    /// side to move and pass state.
    pub fn key(&self, board: &Board, to_move: Color, passed: bool) -> u64 {
        let mut k = board.hash();
        if to_move == Color::White {
            k ^= WHITE_TO_MOVE_KEY;
        }
        if passed {
            k ^= PASSED_KEY;
        }
        k
    }

    /// Whether the game is already over before anyone moves: the target
    /// captured, a wall captured, or the target unconditionally alive.
    pub fn over_at_start(&self, board: &Board) -> Option<Color> {
        match self.judge(board, self.region.defender) {
            Step::Won(c) => Some(c),
            Step::Open => None,
        }
    }
}
