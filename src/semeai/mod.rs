//! Semeai: the capturing race between two adjacent dragons of opposite
//! colours, each too weak to live alone. Who wins if the first one's
//! owner moves first: does it live (the defence result), and does the
//! other die (the attack result)?
//!
//! GNU Go counterpart: `owl_analyze_semeai` / `do_owl_analyze_semeai` of
//! `engine/owl.c` (GTP `analyze_semeai`, `analyze_semeai_after_move`).
//! GNU Go generates the race's moves from the owl pattern databases and
//! a liberty count; here they come from the owl's own candidates for both
//! dragons ([`crate::owl::moves`]: vital points of the eye spaces,
//! lunches, weak strings) and from the race itself: captures of strings
//! in atari, saving one's own, and filling the other dragon's liberties,
//! outside ones before shared ones (see [`search`]).
//!
//! A race has three outcomes for the first dragon, ordered: it is
//! captured ([`Outcome::Lost`]), both stay on the board - seki, or both
//! live on their own ([`Outcome::Seki`]) - or the other is captured
//! ([`Outcome::Won`]). With ko the search's value is a [`RaceValue`]:
//! the defence and attack results, each won outright, through a ko or
//! not at all. Ko captures follow the tactical reader's komaster scheme
//! (`reading::ko`, as in the owl): one the rule forbids is taken as if
//! after a ko threat, making the taker komaster; a success that needs
//! such a take is `KoB` for the taker, and so the other side's success
//! is `KoA` (GNU Go's `semeai_trymove_and_recurse`). The search is a
//! minimax over these values, ordered by the root mover's own dragon's
//! life first, then the other's death: the first dragon's side
//! maximises, the other minimises, and either may pass (two passes in a
//! row leave both standing, unless one side surely has more eyes than
//! the other can make: then it wins, as in GNU Go). A
//! position is judged by the owl's [`crate::owl::life::evaluate`] for each
//! dragon: a dragon the owl calls alive cannot lose, and one the owl calls
//! dead beside a living opponent has lost.
//!
//! Limits: a node budget per question and a depth limit
//! ([`SemeaiConfig`]). A line cut by a limit is judged by counting
//! liberties and eyes ([`search`]'s estimate) and the answer is marked
//! uncertain. Every hypothetical move goes through the board's try/undo;
//! results are memoised within a question only, so an answer never
//! depends on earlier questions (the static judgements of positions are
//! kept across questions only where they equal a fresh one: see
//! [`crate::owl::JudgementMemo`]).

pub mod count;
pub mod search;

#[cfg(test)]
pub(crate) mod tests;

use crate::board::{Board, Color, KeyMap, Point};
use crate::owl::{JudgementMemo, OwlConfig, OwlReader};
use crate::reading::{ReadResult, Reader};
use crate::solve::{LifeConfig, LifeSolver};

/// The owl's budget for checking that the capturer of a race lives (200
/// before 2026-11-27: every answer of the regression suites is the same
/// with 100, and the checks were about a quarter of semeai.tst's CPU).
pub const CAPTURE_CHECK_NODES: u64 = 100;

/// Limits of a semeai question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemeaiConfig {
    /// Positions one question may judge (GNU Go: 500 `semeai_node_limit`
    /// at level 10).
    pub node_limit: u64,
    /// Moves (passes included) a line may run before it is estimated.
    pub reading_depth: usize,
}

impl Default for SemeaiConfig {
    fn default() -> Self {
        SemeaiConfig {
            node_limit: 800,
            reading_depth: 24,
        }
    }
}

/// How the race ends for the first dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The first dragon is captured (or dead beside a living opponent).
    Lost,
    /// Both stay: seki, or both live on their own.
    Seki,
    /// The second dragon is captured (or dead beside a living first).
    Won,
}

/// The value of a race with ko: for the first dragon's side, does the
/// first dragon live (`defense`) and does the second die (`attack`), each
/// unconditionally ([`ReadResult::Win`]), through a ko
/// ([`ReadResult::KoA`]: the first side needs no ko threat;
/// [`ReadResult::KoB`]: it needs one) or not at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaceValue {
    /// Does the first dragon live (or stay in seki)?
    pub defense: ReadResult,
    /// Is the second dragon killed?
    pub attack: ReadResult,
}

impl RaceValue {
    /// The race's value without ko.
    pub fn of(outcome: Outcome) -> RaceValue {
        let win = |b: bool| if b { ReadResult::Win } else { ReadResult::Fail };
        RaceValue {
            defense: win(outcome >= Outcome::Seki),
            attack: win(outcome == Outcome::Won),
        }
    }

    /// The outcome in three values: a seki only when the first dragon
    /// lives outright and the second cannot be killed even through a ko;
    /// else won when the first lives outright or kills through a ko it
    /// needs no threat for (`KoA`), else lost (a ko the first dragon's
    /// life depends on counts as lost).
    pub fn outcome(self) -> Outcome {
        if self.defense == ReadResult::Win && self.attack == ReadResult::Fail {
            Outcome::Seki
        } else if self.defense == ReadResult::Win || self.attack >= ReadResult::KoA {
            Outcome::Won
        } else {
            Outcome::Lost
        }
    }
}

/// The answer to a semeai question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemeaiAnswer {
    /// The race's value for the first dragon in three values
    /// ([`RaceValue::outcome`]).
    pub outcome: Outcome,
    /// The race's value with its kos.
    pub value: RaceValue,
    /// The move of the side to move that reaches it (`None`: pass).
    pub mv: Option<Point>,
    /// No limit was met.
    pub certain: bool,
    /// Positions judged.
    pub nodes: u64,
}

impl SemeaiAnswer {
    /// GNU Go's defence result for the first dragon: it lives (or stays
    /// in seki), perhaps through a ko.
    pub fn defense(&self) -> ReadResult {
        self.value.defense
    }

    /// GNU Go's attack result on the second dragon: it is killed,
    /// perhaps through a ko.
    pub fn attack(&self) -> ReadResult {
        self.value.attack
    }
}

/// A memoised result: the value, the move, and the depth it was read at
/// (a result read with more room left may serve a deeper node).
#[derive(Clone, Copy, Debug)]
struct Entry {
    value: RaceValue,
    mv: Option<Point>,
    depth: usize,
    bound: Bound,
}

/// What a memoised value says: the value itself, or only that the true
/// value is at least (`Lower`) or at most (`Upper`) it (a search cut
/// short by its window).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// The semeai reader's state between questions: limits, the memo table
/// and judgements of the current question, the owl that checks a
/// capturer's life (whose eye solver, remembering solved eye graphs, the
/// race's judgements share) and a node counter.
#[derive(Debug)]
pub struct SemeaiReader {
    /// Limits of each question.
    pub config: SemeaiConfig,
    table: KeyMap<u64, Entry>,
    /// Static judgements of each dragon beside the other, kept across
    /// questions (`analyze_semeai A B` and `B A` judge the same
    /// positions) until the real position changes.
    judged: JudgementMemo,
    /// Does the first dragon live after capturing the second, by position.
    lives_after: KeyMap<u64, bool>,
    /// The owl that checks a capturer's life, with a small budget. Its
    /// eye solver serves the race's own judgements too (one table of
    /// solved graphs for both).
    owl: OwlReader,
    /// The exact solver that checks the owl's kill of a capturer where
    /// the capturer is enclosed.
    exact: LifeSolver,
    counter: u64,
}

impl Default for SemeaiReader {
    fn default() -> Self {
        SemeaiReader::new(SemeaiConfig::default())
    }
}

/// One dragon of a race: its stones and the stone whose capture ends it.
#[derive(Clone, Copy, Debug)]
pub struct RaceDragon<'s> {
    /// The dragon's stones.
    pub stones: &'s [Point],
    /// The named stone.
    pub target: Point,
}

impl SemeaiReader {
    /// A reader with the given limits.
    pub fn new(config: SemeaiConfig) -> SemeaiReader {
        SemeaiReader {
            config,
            table: KeyMap::default(),
            judged: JudgementMemo::default(),
            lives_after: KeyMap::default(),
            owl: OwlReader::new(OwlConfig {
                node_limit: CAPTURE_CHECK_NODES,
                ..OwlConfig::default()
            }),
            exact: LifeSolver::default(),
            counter: 0,
        }
    }

    /// The reader with the exact solver's limits `life` (its budget per
    /// search; 0: the owl's kills of capturers are never checked).
    pub fn with_life(mut self, life: LifeConfig) -> SemeaiReader {
        self.exact = LifeSolver::new(life);
        self
    }

    /// Forget the judgements kept across questions, its own and its owl's
    /// (after every change of the real position).
    pub fn clear_cache(&mut self) {
        self.judged.clear();
        self.owl.clear_cache();
    }

    /// Positions judged since the reader was made.
    pub fn node_counter(&self) -> u64 {
        self.counter
    }

    /// Read the race between `first` and `second` (opposite colours) with
    /// `to_move` to play. The answer's outcome is the first dragon's.
    pub fn analyze(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        first: RaceDragon,
        second: RaceDragon,
        to_move: Color,
    ) -> SemeaiAnswer {
        let entry = board.depth();
        self.table.clear();
        self.judged.new_question();
        self.lives_after.clear();
        let mut s = search::Search::new(self, reader, board, first, second);
        let (value, mv) = s.root(board, to_move);
        let answer = SemeaiAnswer {
            outcome: value.outcome(),
            value,
            mv,
            certain: !s.limit_hit,
            nodes: s.nodes,
        };
        self.counter += answer.nodes;
        debug_assert_eq!(board.depth(), entry);
        answer
    }
}
