//! Owl: life-and-death reading of a whole dragon. Can the attacker kill
//! it if he moves first (`owl_attack`)? Can its owner save it if he moves
//! first (`owl_defend`)?
//!
//! GNU Go counterpart: `engine/owl.c` (`owl_attack`, `owl_defend`,
//! `do_owl_attack`, `do_owl_defend`, `owl_estimate_life`,
//! `owl_does_attack`, `owl_does_defend`, the owl node counter). GNU Go
//! generates its candidate moves from the pattern databases
//! `owl_attackpats.db` / `owl_defendpats.db`; here they come from what the
//! position says (see [`moves`]): the vital points of the eye spaces
//! computed by [`crate::eyes`], the key points of half eyes, tactical
//! attacks and defences of the dragon's strings and of its "lunches",
//! moves at the margins of the eye space, liberties and escape moves.
//!
//! Where to start reading: [`OwlReader::attack`]. The search
//! ([`search`]) is a depth-first minimax over moves of both sides, like
//! the tactical reader's, whose leaves are judged by [`life::evaluate`]:
//! - the dragon is *alive* when its eye spaces are worth two eyes even if
//!   the attacker moves first, or when it can escape to open area;
//! - it is *dead* when the string the question named is captured, or when
//!   its owner, to move, finds no move after which it lives.
//!
//! Limits: a node budget per question ([`OwlConfig::node_limit`]), a depth
//! limit and a branching width that narrows with depth. A question that
//! meets a limit counts the unread line as alive for the dragon and is
//! marked uncertain. Ko: each side may once per line take a ko the rule
//! forbids (as if after a ko threat); a success that needs such a take is
//! `KoB` for the taker, and the other side's success then `KoA` (GNU Go's
//! codes 3 and 2).
//!
//! Every hypothetical move goes through the board's try/undo; the board
//! is identical afterwards. Results are memoised within a question in a
//! table keyed by the position, the goal (the dragon's stones at that
//! node and the named stone) and the side to move; each question starts
//! with an empty table, so an answer never depends on earlier questions.

pub mod life;
pub mod moves;
pub mod search;

#[cfg(test)]
mod tests;

use crate::board::{Board, Point};
use crate::eyes::value::EyeSolver;
use crate::reading::{ReadResult, Reader};
use std::collections::HashMap;

/// The owl's eye solver gives up on a graph after this many positions
/// (a quarter of `eval_eye`'s budget) and the space is estimated: the owl
/// judges many positions per question, and the biggest spaces cost most
/// while rarely deciding life (on ld_owl.tst CPU 7.5 s -> 4.7 s, two
/// tests lost; owl.tst 6.4 s -> 4.6 s, none).
pub const OWL_EYE_BUDGET: u64 = 100_000;

/// How many first moves a two-moves-in-a-row question tries.
pub const THREAT_CANDIDATES: usize = 6;

/// Limits of an owl question (GNU Go's `owl_node_limit`,
/// `owl_reading_depth`, `owl_branch_depth` at level 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlConfig {
    /// Positions one question may evaluate.
    pub node_limit: u64,
    /// Deepest line of play read.
    pub reading_depth: usize,
    /// Below this depth several moves are tried per node; deeper, one.
    pub branch_depth: usize,
}

impl Default for OwlConfig {
    fn default() -> Self {
        OwlConfig {
            node_limit: 1000,
            reading_depth: 20,
            branch_depth: 8,
        }
    }
}

/// The answer to one owl question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlAnswer {
    /// Whether the side asked about succeeds.
    pub result: ReadResult,
    /// The move that does it (`None`: no move needed, printed `PASS`).
    pub mv: Option<Point>,
    /// False when a limit was met somewhere in the read.
    pub certain: bool,
    /// Positions evaluated for this answer.
    pub nodes: u64,
}

/// Which side a memoised result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Turn {
    Attacker,
    Defender,
}

/// A memoised search result.
#[derive(Clone, Copy, Debug)]
struct Entry {
    result: ReadResult,
    mv: Option<Point>,
    /// Depth of the node it was found at (a result found with more room
    /// may serve a deeper node, not the other way round).
    depth: usize,
}

/// The owl's state kept between questions: its configuration, the memo
/// table, the eye solver (which remembers the eye graphs it solved) and
/// the node counter of GTP's `get_owl_node_counter`.
#[derive(Debug)]
pub struct OwlReader {
    /// Limits of each question.
    pub config: OwlConfig,
    table: HashMap<(u64, u64, Turn), Entry>,
    /// Positions judged in the current question, by position and goal.
    judged: HashMap<(u64, u64), life::Life>,
    solver: EyeSolver,
    counter: u64,
    /// Set by [`OwlReader::defend_attacked`] for one question.
    known_attack: bool,
}

impl Default for OwlReader {
    fn default() -> Self {
        OwlReader {
            config: OwlConfig::default(),
            table: HashMap::new(),
            judged: HashMap::new(),
            solver: EyeSolver::with_budget(OWL_EYE_BUDGET),
            counter: 0,
            known_attack: false,
        }
    }
}

impl OwlReader {
    /// A reader with the given limits.
    pub fn new(config: OwlConfig) -> OwlReader {
        OwlReader {
            config,
            ..OwlReader::default()
        }
    }

    /// Forget every memoised result (with the tactical hash table: on
    /// `clear_cache`, and before each move generation).
    pub fn clear_cache(&mut self) {
        self.table.clear();
    }

    /// Positions evaluated since the last reset (GTP
    /// `get_owl_node_counter`).
    pub fn node_counter(&self) -> u64 {
        self.counter
    }

    /// Reset the node counter.
    pub fn reset_node_counter(&mut self) {
        self.counter = 0;
    }

    /// Can the opponent of the dragon's owner kill it, moving first? The
    /// dragon is given by its stones; `target` is the stone the question
    /// named, whose capture kills the dragon.
    pub fn attack(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Attacker, None)
    }

    /// Can the dragon's owner save it, moving first?
    pub fn defend(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Defender, None)
    }

    /// [`OwlReader::defend`] when the caller has just read that the attack
    /// succeeds (`dragon_status`): the same answer, without reading the
    /// attack again at the root.
    pub fn defend_attacked(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
    ) -> OwlAnswer {
        self.known_attack = true;
        let answer = self.run(board, reader, stones, target, Turn::Defender, None);
        self.known_attack = false;
        answer
    }

    /// Does the attacker's move `m` kill the dragon (GNU Go
    /// `owl_does_attack`)? `Fail` when `m` is illegal.
    pub fn does_attack(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        m: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Attacker, Some(m))
    }

    /// Does the owner's move `m` save the dragon (GNU Go
    /// `owl_does_defend`)? `Fail` when `m` is illegal.
    pub fn does_defend(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        m: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Defender, Some(m))
    }

    /// Two moves in a row for one side (GNU Go `owl_threaten_attack`,
    /// `owl_threaten_defense`): the first among the side's best
    /// [`THREAT_CANDIDATES`] root candidates after which the same side,
    /// moving again, succeeds. Returns the result and both moves (the
    /// second `None` when the first already captured the named stone).
    pub fn threaten(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        attacker: bool,
    ) -> (OwlAnswer, Option<Point>) {
        let entry = board.depth();
        let mut total = OwlAnswer {
            result: ReadResult::Fail,
            mv: None,
            certain: true,
            nodes: 0,
        };
        let Some(color) = board.color_at(target) else {
            return (total, None);
        };
        self.table.clear();
        self.judged.clear();
        let firsts = {
            let mut s = search::Search::new(self, reader, color, target, stones, board);
            let c = s.root_candidates(board, attacker);
            total.nodes += s.nodes;
            c
        };
        let mover = if attacker { color.opponent() } else { color };
        for m in firsts.into_iter().take(THREAT_CANDIDATES) {
            if !board.trymove(m, mover) {
                continue;
            }
            let answer = if !board.cell(target).is(color) {
                OwlAnswer {
                    result: ReadResult::Win,
                    mv: None,
                    certain: true,
                    nodes: 0,
                }
            } else {
                let mut grown: Vec<Point> = stones.to_vec();
                if !attacker {
                    grown.extend(board.stones(m));
                }
                if attacker {
                    self.attack(board, reader, &grown, target)
                } else {
                    self.defend(board, reader, &grown, target)
                }
            };
            board.popgo();
            total.nodes += answer.nodes;
            total.certain &= answer.certain;
            if answer.result != ReadResult::Fail {
                total.result = answer.result;
                total.mv = Some(m);
                debug_assert_eq!(board.depth(), entry);
                return (total, answer.mv);
            }
        }
        debug_assert_eq!(board.depth(), entry);
        (total, None)
    }

    fn run(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        turn: Turn,
        first: Option<Point>,
    ) -> OwlAnswer {
        let entry = board.depth();
        let Some(color) = board.color_at(target) else {
            return OwlAnswer {
                result: ReadResult::Fail,
                mv: None,
                certain: true,
                nodes: 0,
            };
        };
        // Each question reads afresh: its answer does not depend on the
        // questions asked before.
        self.table.clear();
        self.judged.clear();
        let known_attack = self.known_attack;
        let mut s = search::Search::new(self, reader, color, target, stones, board);
        s.root_attack_succeeds = known_attack;
        let (result, mv) = match (turn, first) {
            (Turn::Attacker, None) => s.attack_root(board),
            (Turn::Defender, None) => s.defend_root(board),
            (Turn::Attacker, Some(m)) => (s.after_attacker_move(board, m), Some(m)),
            (Turn::Defender, Some(m)) => (s.after_defender_move(board, m), Some(m)),
        };
        let answer = OwlAnswer {
            result,
            mv: if result == ReadResult::Fail { None } else { mv },
            certain: !s.limit_hit,
            nodes: s.nodes,
        };
        self.counter += answer.nodes;
        debug_assert_eq!(board.depth(), entry);
        answer
    }
}
