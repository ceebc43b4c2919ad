//! Candidate move generators of the tactical reader (the move-proposing
//! helpers of GNU Go `engine/reading.c`: `break_chain_moves`,
//! `special_rescue_moves`, `edge_clamp_moves`, backfilling, ...).
//!
//! Generators are pure proposers: they inspect the board (and may try a
//! move to check a local property such as self-atari, always undoing it)
//! but never call the recursive search. They add points to a
//! [`CandidateMoves`] accumulator with a base score; the drivers in
//! `reading/attack.rs` / `reading/defend.rs` order and read them.
//!
//! Families, one file each:
//! - [`break_chain`]: capture or atari the chains around the target
//!   (GNU Go `break_chain_moves`, `break_chain2*`, `break_chain3/4`,
//!   `defend_secondary_chain*`, `double_atari_chain2`).
//! - [`rescue`]: less obvious defences of a chain short of liberties
//!   (`special_rescue*`, `hane_rescue`, `bamboo_rescue`,
//!   `set_up_snapback`) and the attacker's `draw_back`.
//! - [`edge`]: edge tactics (`edge_clamp`, `edge_block`,
//!   `edge_closing_backfill`, `propose_edge_moves`).
//! - [`squeeze`]: attacking moves beyond the liberties: second-order
//!   liberties, backfilling, special attacks (`special_attack2..4`,
//!   `find_cap_moves`, `squeeze_moves`, backfill in `attack1/2`) and the
//!   defender's backfills of `defend1/2`.
//! - [`superstring`]: the moves on the liberties and neighbours of the
//!   superstring ([`crate::reading::superstring`]: chains joined by
//!   uncuttable links): `superstring_moves`,
//!   `superstring_break_chain_moves`.
//! - [`local`]: the generators' geometry and chain queries (directions,
//!   `go`, `liberty_of`, `adjacent_with`). Liberty counts after a move
//!   (`approxlib`, `accuratelib`, `is_self_atari`) are
//!   [`crate::reading::libs`], shared with the drivers.
//!
//! Every generator here is called by the drivers (`attack.rs`,
//! `defend.rs`), each one at the GNU Go call sites its doc names, under
//! the driver's depth conditions. Most are GNU Go's individual
//! generators with the signature `fn(board, s, acc)`; a few composites
//! bundle what one GNU Go batch calls together (`edge_defense_moves`,
//! `superstring_attack_moves`, `superstring_defense_moves`,
//! `backfill_defense_moves`, `ko_backfill_defense_moves`). Those whose
//! proposals depend on the search depth take the node's [`GenDepth`].
//! The side to move is implied: defence-side generators assume the owner
//! of `s`, attack-side ones its opponent (each function says which).
//! Scores are GNU Go's initial scores (mostly 0; 1 for captures of
//! neighbours, 10 for clamps, caps and edge climbs, 30 for an edge block
//! against a neighbour in atari, -2 for break-chain moves against chains
//! with two or more liberties); the drivers' ordering adds to them.

pub mod break_chain;
pub mod edge;
pub mod local;
pub mod rescue;
pub mod squeeze;
pub mod superstring;
#[cfg(test)]
mod tests;

use crate::board::Point;
use crate::reading::ReadingConfig;

/// Where the search stands, for the generators whose proposals depend on
/// the reading depth (GNU Go compares `stackp` with its depth globals
/// inside `break_chain2_moves`, `do_find_break_chain3_moves`, ...).
///
/// Build it once per node with [`GenDepth::new`] from the reader's
/// configuration and the real depth, and pass it down: a generator must
/// never make up its own (the user's `-F` / `--fourlib-depth` would be
/// ignored). `GenDepth::root` (test builds only) is for tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenDepth {
    /// Current number of hypothetical moves (GNU Go `stackp`).
    pub stackp: i32,
    /// GNU Go `depth`.
    pub depth: i32,
    /// GNU Go `backfill_depth`.
    pub backfill_depth: i32,
    /// GNU Go `backfill2_depth` (derived: `backfill_depth - 7`, 5 by default).
    pub backfill2_depth: i32,
    /// GNU Go `break_chain_depth` (derived: `fourlib_depth`, 7 by default).
    pub break_chain_depth: i32,
    /// GNU Go `superstring_depth` (derived: `fourlib_depth`, 7 by default).
    pub superstring_depth: i32,
    /// GNU Go `fourlib_depth`.
    pub fourlib_depth: i32,
}

impl GenDepth {
    /// The depth context at `stackp` under `config`. The depths GNU Go
    /// has but [`ReadingConfig`] lacks are derived with GNU Go's default
    /// offsets (as the drivers derive them: `backfill2 = backfill - 7`,
    /// `break_chain = superstring = fourlib`), so `-B`/`-F` move them
    /// along.
    pub fn new(config: &ReadingConfig, stackp: usize) -> GenDepth {
        GenDepth {
            stackp: stackp as i32,
            depth: config.depth,
            backfill_depth: config.backfill_depth,
            backfill2_depth: config.backfill2_depth(),
            break_chain_depth: config.break_chain_depth(),
            superstring_depth: config.superstring_depth(),
            fourlib_depth: config.fourlib_depth,
        }
    }

    /// The context at the root of a search with the default configuration.
    #[cfg(test)]
    pub fn root() -> GenDepth {
        GenDepth::new(&ReadingConfig::default(), 0)
    }

    /// `stackp <= backfill_depth`.
    pub fn within_backfill(&self) -> bool {
        self.stackp <= self.backfill_depth
    }

    /// `stackp <= backfill2_depth`.
    pub fn within_backfill2(&self) -> bool {
        self.stackp <= self.backfill2_depth
    }

    /// `stackp <= break_chain_depth`.
    pub fn within_break_chain(&self) -> bool {
        self.stackp <= self.break_chain_depth
    }
}

/// Upper bound on candidates kept per node (GNU Go `MAX_MOVES`).
pub const MAX_CANDIDATES: usize = 50;

/// An accumulator of candidate moves with ordering scores. Adding a point
/// already present keeps the larger score; insertion order is stable so
/// equal scores keep the order in which generators proposed them. The
/// entries live inline (no allocation: every search node has one), points
/// and scores in two arrays: an array of `(Point, i32)` pairs has padding,
/// and the compiler then cleared it with a hundred separate stores per
/// node instead of a few wide ones.
#[derive(Clone, Debug)]
pub struct CandidateMoves {
    points: [Point; MAX_CANDIDATES],
    scores: [i32; MAX_CANDIDATES],
    n: usize,
}

impl Default for CandidateMoves {
    fn default() -> Self {
        CandidateMoves::new()
    }
}

impl CandidateMoves {
    /// An empty accumulator.
    pub fn new() -> CandidateMoves {
        CandidateMoves {
            points: [Point::NONE; MAX_CANDIDATES],
            scores: [0; MAX_CANDIDATES],
            n: 0,
        }
    }

    /// The index of `p`, if proposed.
    fn find(&self, p: Point) -> Option<usize> {
        self.points[..self.n].iter().position(|&q| q == p)
    }

    /// Propose `p` with ordering score `score` (merged with an earlier
    /// proposal of the same point by keeping the larger score). Ignored
    /// once [`MAX_CANDIDATES`] distinct points are held.
    pub fn add(&mut self, p: Point, score: i32) {
        if let Some(i) = self.find(p) {
            self.scores[i] = self.scores[i].max(score);
        } else if self.n < MAX_CANDIDATES {
            self.points[self.n] = p;
            self.scores[self.n] = score;
            self.n += 1;
        }
    }

    /// Is `p` already proposed?
    pub fn contains(&self, p: Point) -> bool {
        self.find(p).is_some()
    }

    /// Withdraw `p` if present.
    pub fn remove(&mut self, p: Point) {
        let mut k = 0;
        for i in 0..self.n {
            if self.points[i] != p {
                self.points[k] = self.points[i];
                self.scores[k] = self.scores[i];
                k += 1;
            }
        }
        self.n = k;
    }

    /// Add `delta` to the score of `p` if present.
    pub fn bump(&mut self, p: Point, delta: i32) {
        if let Some(i) = self.find(p) {
            self.scores[i] += delta;
        }
    }

    /// Number of distinct candidates.
    pub fn len(&self) -> usize {
        self.n
    }

    /// True when nothing was proposed.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The candidates with their scores, in insertion order.
    pub fn entries(&self) -> impl Iterator<Item = (Point, i32)> + '_ {
        self.points().zip(self.scores[..self.n].iter().copied())
    }

    /// The points, in current order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points[..self.n].iter().copied()
    }

    /// The score of `p`, if proposed.
    pub fn score(&self, p: Point) -> Option<i32> {
        self.find(p).map(|i| self.scores[i])
    }

    /// Set the score of every entry from index `from` on (entries added
    /// after a checkpoint taken with [`CandidateMoves::len`]) to `score`;
    /// GNU Go `break_chain2_defense_moves` devalues its moves this way.
    pub fn set_scores_from(&mut self, from: usize, score: i32) {
        for e in self.scores[..self.n].iter_mut().skip(from) {
            *e = score;
        }
    }
}
