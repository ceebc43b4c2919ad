//! Tactical reading: can a chain be captured, can it be saved, and does the
//! answer depend on ko (GNU Go `engine/reading.c`).
//!
//! Public entry points take the board and a [`Reader`] (configuration,
//! transposition table and node counters, owned by the engine and passed
//! explicitly). Every entry point leaves `board.depth()` as it found it.
//!
//! PROVISIONAL SKELETON: the API below is fixed; the search behind it is
//! being written (see issue 3).

pub mod moves;

use crate::board::{Board, Color, Point};

/// Outcome of a reading query, ordered from worst to best for the side
/// that asks (GNU Go: 0, KO_B, KO_A, WIN).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum ReadResult {
    /// The goal cannot be achieved.
    #[default]
    Fail,
    /// Achieved through a ko in which the side to move must make the first ko threat.
    KoB,
    /// Achieved through a ko in which the side to move gets the first ko capture.
    KoA,
    /// Achieved unconditionally.
    Win,
}

impl ReadResult {
    /// The result seen from the other side (WIN <-> FAIL, KO_A <-> KO_B).
    pub fn reverse(self) -> ReadResult {
        match self {
            ReadResult::Fail => ReadResult::Win,
            ReadResult::KoB => ReadResult::KoA,
            ReadResult::KoA => ReadResult::KoB,
            ReadResult::Win => ReadResult::Fail,
        }
    }

    /// True for anything but `Fail`.
    pub fn succeeds(self) -> bool {
        self != ReadResult::Fail
    }
}

/// Depth parameters and budgets of the tactical reader (GNU Go's
/// `depth`, `branch_depth`, `backfill_depth`, `fourlib_depth`, `ko_depth`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadingConfig {
    /// Past this depth a chain with three liberties counts as alive.
    pub depth: i32,
    /// Past this depth only one candidate is tried (no branching).
    pub branch_depth: i32,
    /// Past this depth backfilling moves are not tried.
    pub backfill_depth: i32,
    /// Past this depth a chain with four liberties counts as alive.
    pub fourlib_depth: i32,
    /// Past this depth ko captures are not tried.
    pub ko_depth: i32,
    /// Hard node budget of one top-level query.
    pub node_limit: u64,
    /// Transposition table memory in megabytes (0 disables the table).
    pub hash_mb: usize,
}

impl Default for ReadingConfig {
    fn default() -> Self {
        ReadingConfig {
            depth: 16,
            branch_depth: 13,
            backfill_depth: 12,
            fourlib_depth: 7,
            ko_depth: 8,
            node_limit: 400_000,
            hash_mb: 32,
        }
    }
}

/// The reader's persistent context: configuration, caches and counters.
#[derive(Debug, Default)]
pub struct Reader {
    /// Depth parameters and budgets.
    pub config: ReadingConfig,
    /// Reading nodes counted since the last reset (GNU Go's reading node counter).
    pub nodes: u64,
}

impl Reader {
    /// A reader with the given configuration.
    pub fn new(config: ReadingConfig) -> Reader {
        Reader { config, nodes: 0 }
    }

    /// Forget every cached result (GTP `clear_cache`, every `genmove`).
    pub fn clear_cache(&mut self) {}

    /// Called by the engine after every change of the real position (a
    /// move played or undone, a loaded SGF, a new board): drop persistent
    /// cache entries the change may invalidate (GNU Go
    /// `purge_persistent_caches`). No persistent caches yet: a no-op.
    pub fn purge_persistent(&mut self, board: &Board) {
        let _ = board;
    }

    /// Can the chain on `s` be captured? Returns the result and, when it is
    /// not `Fail`, the attacking move. GNU Go `attack`.
    pub fn attack(&mut self, board: &mut Board, s: Point) -> (ReadResult, Option<Point>) {
        let entry = board.depth();
        let res = if board.countlib(s) == 1 {
            let lib = board.libs(s)[0];
            let attacker = board.chain(s).color.opponent();
            if board.is_legal(lib, attacker) {
                (ReadResult::Win, Some(lib))
            } else {
                (ReadResult::Fail, None)
            }
        } else {
            (ReadResult::Fail, None)
        };
        debug_assert_eq!(board.depth(), entry);
        res
    }

    /// Can the chain on `s` be saved? Returns the result and the defending
    /// move (`None` when the chain needs no move). GNU Go `find_defense`.
    pub fn find_defense(&mut self, board: &mut Board, s: Point) -> (ReadResult, Option<Point>) {
        let color: Color = board.chain(s).color;
        let _ = color;
        (ReadResult::Win, None)
    }

    /// Does the move `m` (played by the opponent of the chain on
    /// `s`) capture it? Result of the best defence after `m`, reversed.
    /// GNU Go `does_attack`.
    pub fn does_attack(&mut self, board: &mut Board, m: Point, s: Point) -> ReadResult {
        let attacker = board.chain(s).color.opponent();
        if !board.trymove(m, attacker) {
            return ReadResult::Fail;
        }
        let res = if board.is_empty(s) {
            ReadResult::Win
        } else {
            self.find_defense(board, s).0.reverse()
        };
        board.popgo();
        res
    }

    /// Does the move `m` by the owner of the chain on `s` save it?
    /// GNU Go `does_defend`.
    pub fn does_defend(&mut self, board: &mut Board, m: Point, s: Point) -> ReadResult {
        let owner = board.chain(s).color;
        if !board.trymove(m, owner) {
            return ReadResult::Fail;
        }
        let res = self.attack(board, s).0.reverse();
        board.popgo();
        res
    }

    /// Can at least one of the two chains (same colour) be captured?
    /// GNU Go `attack_either`.
    pub fn attack_either(&mut self, board: &mut Board, a: Point, b: Point) -> ReadResult {
        self.attack(board, a).0.max(self.attack(board, b).0)
    }

    /// Can both chains (same colour) be saved? GNU Go `defend_both`.
    pub fn defend_both(&mut self, board: &mut Board, a: Point, b: Point) -> ReadResult {
        self.find_defense(board, a)
            .0
            .min(self.find_defense(board, b).0)
    }

    /// Ladder reading of a chain with exactly two liberties: can it be
    /// captured by repeated ataris? GNU Go `simple_ladder`.
    pub fn ladder_attack(&mut self, board: &mut Board, s: Point) -> (ReadResult, Option<Point>) {
        let _ = (board, s);
        (ReadResult::Fail, None)
    }

    /// Is a move by `color` at `m` tactically safe (the stone cannot be
    /// captured)? GNU Go `safe_move`.
    pub fn safe_move(&mut self, board: &mut Board, m: Point, color: Color) -> ReadResult {
        if !board.trymove(m, color) {
            return ReadResult::Fail;
        }
        let res = self.attack(board, m).0.reverse();
        board.popgo();
        res
    }
}
