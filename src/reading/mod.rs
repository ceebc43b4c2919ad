//! Tactical reading: can a chain be captured, can it be saved, and does the
//! answer depend on ko (GNU Go `engine/reading.c`).
//!
//! Public entry points take the board and a [`Reader`] (configuration,
//! transposition table and node counters, owned by the engine and passed
//! explicitly). Every entry point leaves `board.depth()` as it found it.
//!
//! Where to start reading: [`Reader::attack`] and [`Reader::find_defense`]
//! call the recursive workers `do_attack` (`attack.rs`: `attack1`..`attack4`
//! by liberty count) and `do_find_defense` (`defend.rs`: `defend1`..
//! `defend4`). Each worker collects candidate moves (direct moves itself,
//! the less obvious ones from the generators in [`moves`]), orders them
//! (`order.rs`), and tries them through the komaster scheme (`ko.rs`),
//! calling the opposite worker after each move. Results are cached in the
//! transposition table (`cache.rs`); `ladder.rs` is the simple-ladder fast
//! path; `superstring.rs` joins chains through uncuttable links for the
//! generators, and `persistent.rs` keeps top-level results across moves
//! (shared with connection reading). `stackp` in the docs is
//! `board.depth()`, the number of
//! hypothetical moves on the stack, as in GNU Go.
//!
//! Node budget: every call of `attack1..4` / `defend1..4` counts a node in
//! [`Reader::nodes`]. When one top-level query spends more than
//! `config.node_limit` nodes, the search unwinds at once and the query
//! answers as if the chain were out of reading range: `attack` fails and
//! `find_defense` succeeds (GNU Go's convention beyond `depth`).

mod attack;
pub mod cache;
mod defend;
pub mod ko;
mod ladder;
pub mod libs;
pub mod moves;
pub mod order;
pub mod persistent;
pub mod superstring;
pub mod trace;

#[cfg(test)]
mod goldens;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::board::{Board, Color, Point, PointSet};
use cache::{Cache, CacheKey, Routine};
use ko::KoState;
use persistent::{PersistentCache, Query, ShadowScope};
use trace::Tracer;

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
    /// Which ko captures the search may make (`--komaster-scheme`).
    pub komaster_scheme: ko::KomasterScheme,
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
            // GNU Go 3.8's default is 10.7 MB. A small table keeps the
            // random lookups in the CPU's TLB reach (32 MB cost ~5% CPU on
            // the reading suites for the same node counts).
            hash_mb: 8,
            komaster_scheme: ko::KomasterScheme::Complex,
        }
    }
}

impl ReadingConfig {
    /// GNU Go's `backfill2_depth` (5 by default): the deeper backfilling
    /// and superstring moves, derived from `backfill_depth`.
    pub fn backfill2_depth(&self) -> i32 {
        self.backfill_depth - 7
    }

    /// GNU Go's `break_chain_depth` (7 by default), derived from
    /// `fourlib_depth`.
    pub fn break_chain_depth(&self) -> i32 {
        self.fourlib_depth
    }

    /// GNU Go's `superstring_depth` (7 by default), derived from
    /// `fourlib_depth`.
    pub fn superstring_depth(&self) -> i32 {
        self.fourlib_depth
    }

    /// Raise every depth by one (GTP `increase_depths`).
    pub fn increase_depths(&mut self) {
        self.depth += 1;
        self.branch_depth += 1;
        self.backfill_depth += 1;
        self.fourlib_depth += 1;
        self.ko_depth += 1;
    }

    /// Lower every depth by one (GTP `decrease_depths`).
    pub fn decrease_depths(&mut self) {
        self.depth -= 1;
        self.branch_depth -= 1;
        self.backfill_depth -= 1;
        self.fourlib_depth -= 1;
        self.ko_depth -= 1;
    }
}

/// The best result found so far at a search node and its move (tactical
/// and connection search).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Best {
    code: ReadResult,
    mv: Option<Point>,
}

impl Best {
    /// Keep `mv` when `code` is better than the best so far.
    pub(crate) fn update(&mut self, code: ReadResult, mv: Point) {
        if code > self.code {
            self.code = code;
            self.mv = Some(mv);
        }
    }

    /// The best result so far.
    pub(crate) fn code(&self) -> ReadResult {
        self.code
    }

    /// The result and its move; no move with `Fail`.
    pub(crate) fn get(self) -> (ReadResult, Option<Point>) {
        if self.code == ReadResult::Fail {
            (ReadResult::Fail, None)
        } else {
            (self.code, self.mv)
        }
    }
}

/// What one attack or defend node carries from one batch of candidates to
/// the next: the moves tried, the best result so far, the killer move it
/// was handed (the refutation found in a sibling variation), and the last
/// refutation its own replies met (handed on to the next reply).
struct NodeState {
    tried: PointSet,
    best: Best,
    killer: Option<Point>,
    suggest: Option<Point>,
}

impl NodeState {
    fn new(killer: Option<Point>) -> NodeState {
        NodeState {
            tried: PointSet::new(),
            best: Best::default(),
            killer,
            suggest: None,
        }
    }
}

/// The chains on `a` and `b`, the one with fewer liberties first (as
/// given when the counts are equal, so one chain keeps its order); `None`
/// when either point is empty.
fn weaker_first(board: &Board, a: Point, b: Point) -> Option<(Point, Point)> {
    if !board.is_stone(a) || !board.is_stone(b) {
        return None;
    }
    if board.countlib(a) > board.countlib(b) {
        Some((b, a))
    } else {
        Some((a, b))
    }
}

/// A recursive worker on one chain: `do_attack` or `do_find_defense`.
type ChainWorker = fn(&mut Reader, &mut Board, Point, KoState) -> (ReadResult, Option<Point>);

/// The reader's persistent context: configuration, caches and counters.
#[derive(Debug, Default)]
pub struct Reader {
    /// Depth parameters and budgets.
    pub config: ReadingConfig,
    /// Reading nodes counted since the last reset (GNU Go's reading node counter).
    pub nodes: u64,
    cache: Cache,
    /// Top-level results kept across queries and moves (GNU Go's
    /// persistent reading cache).
    persistent: PersistentCache,
    budget_start: u64,
    exhausted: bool,
    tracer: Option<Tracer>,
    /// Raised from outside (GoGui's `# interrupt`): every read unwinds as
    /// if its node budget were spent.
    interrupt: Option<Arc<AtomicBool>>,
    /// Hashes of the positions after each atari of the simple ladder being
    /// read (`ladder.rs`): a repeated one means the chase cycles.
    ladder_line: Vec<u64>,
    /// Tests only: re-read every table hit without the table.
    #[cfg(test)]
    hit_check: HitCheck,
}

/// The state of [`Reader::check_table_hits`].
#[cfg(test)]
#[derive(Debug, Default)]
struct HitCheck {
    on: bool,
    /// A re-read is running: the table is neither read nor written.
    bypass: bool,
    checked: u64,
    mismatches: u64,
}

impl Reader {
    /// A reader with the given configuration.
    pub fn new(config: ReadingConfig) -> Reader {
        Reader {
            config,
            ..Reader::default()
        }
    }

    /// Forget every cached result (GTP `clear_cache`, a new board,
    /// `loadsgf` of a record on another board size, the `decide_*`
    /// commands, an interrupted read): the
    /// transposition table and the persistent cache. Not called at
    /// `genmove`, which clears the hash table only
    /// ([`Reader::clear_hash_table`]): persistent entries survive moves,
    /// purged by [`Reader::purge_persistent`].
    pub fn clear_cache(&mut self) {
        self.cache.clear();
        self.persistent.clear();
    }

    /// Forget the transposition table only (`genmove` and `reg_genmove`
    /// do, as GNU Go does at every move generation; persistent entries
    /// stay valid).
    pub fn clear_hash_table(&mut self) {
        self.cache.clear();
    }

    /// The persistent reading cache (statistics, tests; `disabled` turns
    /// it off).
    pub fn persistent_cache(&mut self) -> &mut PersistentCache {
        &mut self.persistent
    }

    /// Hits on transposition-table entries stored by an earlier top-level
    /// query (see [`cache`]): a read with such a hit has an incomplete
    /// reading shadow, and no persistent cache may store its result.
    pub fn stale_hits(&self) -> u64 {
        self.cache.stale_hits()
    }

    /// Transposition-table hits and stores since the last clear.
    pub fn cache_stats(&self) -> (u64, u64) {
        (self.cache.hits, self.cache.stores)
    }

    /// Tests: from now on re-read every transposition-table hit with the
    /// table out of the way (the hit's own node budget, nodes not
    /// counted) and count the hits whose stored answer differs
    /// ([`Reader::table_hit_check`]). A re-read that runs out of budget is
    /// not compared.
    #[cfg(test)]
    pub(crate) fn check_table_hits(&mut self) {
        self.hit_check.on = true;
    }

    /// Tests: (hits re-read, hits whose answer differed) since
    /// [`Reader::check_table_hits`].
    #[cfg(test)]
    pub(crate) fn table_hit_check(&self) -> (u64, u64) {
        (self.hit_check.checked, self.hit_check.mismatches)
    }

    /// Tests: the re-read behind a table hit, when checking them.
    #[cfg(test)]
    fn recheck_hit(
        &mut self,
        board: &mut Board,
        hit: (ReadResult, Option<Point>),
        read: impl Fn(&mut Reader, &mut Board) -> (ReadResult, Option<Point>),
    ) {
        if !self.hit_check.on {
            return;
        }
        let (nodes, budget_start) = (self.nodes, self.budget_start);
        self.budget_start = self.nodes;
        self.hit_check.bypass = true;
        let fresh = read(self, board);
        self.hit_check.bypass = false;
        let exhausted = std::mem::replace(&mut self.exhausted, false);
        (self.nodes, self.budget_start) = (nodes, budget_start);
        if !exhausted {
            self.hit_check.checked += 1;
            if fresh != hit {
                self.hit_check.mismatches += 1;
                eprintln!(
                    "table hit {hit:?}, re-read {fresh:?}\n{}",
                    board.to_diagram()
                );
            }
        }
    }

    /// Did the last top-level query run out of its node budget?
    pub fn budget_exhausted(&self) -> bool {
        self.exhausted
    }

    /// Start recording every variation read as an SGF tree (GTP
    /// `start_sgftrace`, `decide_string FILE`).
    pub fn start_trace(&mut self, board: &Board) {
        self.tracer = Some(Tracer::new(board));
    }

    /// Stop recording and return the variations as SGF text (`None` when
    /// no trace was running).
    pub fn finish_trace(&mut self) -> Option<String> {
        self.tracer.take().map(|t| t.to_sgf())
    }

    /// Number of variations recorded by the running trace.
    pub fn trace_variations(&self) -> usize {
        self.tracer.as_ref().map_or(0, |t| t.variations())
    }

    fn begin_query(&mut self) {
        self.cache.ensure(self.config.hash_mb);
        self.budget_start = self.nodes;
        self.exhausted = false;
    }

    /// Count one reading node; false once the budget is spent (or the
    /// interrupt flag is up).
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes - self.budget_start > self.config.node_limit
            || self
                .interrupt
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            self.exhausted = true;
        }
        !self.exhausted
    }

    /// Share an interrupt flag with whoever may raise it (the GTP input
    /// thread). While it is up every read stops at its next node and
    /// answers as when its budget runs out; results read meanwhile are not
    /// trustworthy, so the caller clears the caches afterwards.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Called by the engine after every change of the real position (a
    /// move played or undone, a loaded SGF, a new board): drop persistent
    /// cache entries the change may invalidate (GNU Go
    /// `purge_persistent_caches`).
    pub fn purge_persistent(&mut self, board: &Board) {
        self.persistent.purge_against(board);
    }

    /// What a read's answer depends on besides the position, the question
    /// and the stack depth: the depth parameters and the node limit.
    /// Callers that remember results computed with tactical reads (the
    /// owl's static judgements) key them with it.
    pub fn context_key(&self) -> u64 {
        let c = &self.config;
        let mut h = 0u64;
        for v in [
            c.depth,
            c.branch_depth,
            c.backfill_depth,
            c.fourlib_depth,
            c.ko_depth,
        ] {
            h = h.wrapping_mul(0x100_0000_01b3) ^ (v as u32 as u64);
        }
        h.wrapping_mul(0x100_0000_01b3) ^ c.node_limit
    }

    /// The part of a persistent-cache key that is not the position: the
    /// stack depth the query was asked at and the depth parameters (both
    /// change what a read may find).
    fn persistent_key(&self, board: &Board, ks: KoState) -> u64 {
        let mut h = board.depth() as u64;
        if ks != KoState::EMPTY {
            h ^= (u64::from(ks.komaster.code()) << 40) ^ (u64::from(ks.kom_pos.0) << 48);
        }
        h ^ self.context_key()
    }

    /// Run a top-level query through the persistent cache: a hit answers
    /// at once; otherwise `search` runs under its own reading shadow and
    /// transposition-table scope, and its result is stored unless the read
    /// ran out of budget or used results of earlier queries (its shadow
    /// would then be incomplete, see [`cache`]).
    fn top_level(
        &mut self,
        board: &mut Board,
        query: Query,
        search: impl FnOnce(&mut Reader, &mut Board) -> (ReadResult, Option<Point>),
    ) -> ((ReadResult, Option<Point>), bool) {
        let use_persistent = self.tracer.is_none();
        if use_persistent {
            if let Some(hit) = self.persistent.lookup(board, &query) {
                return (hit, false);
            }
        }
        let entry = board.depth();
        self.begin_query();
        let start = self.nodes;
        let scope = self.cache.begin_query();
        let shadow = ShadowScope::begin(board);
        let res = search(self, board);
        let tried = shadow.end(board);
        let stale = self.cache.end_query(scope);
        debug_assert_eq!(board.depth(), entry);
        let exhausted = self.exhausted;
        if use_persistent && !stale && !exhausted {
            self.persistent
                .store(board, query, res, &tried, self.nodes - start);
        }
        (res, exhausted)
    }

    /// Can the chain on `s` be captured? Returns the result and, when it is
    /// not `Fail`, the attacking move. GNU Go `attack`.
    ///
    /// ```
    /// use tesuji::board::Board;
    /// use tesuji::reading::{ReadResult, Reader};
    /// let mut board = Board::from_diagram("
    ///     . . . . .
    ///     . X X . .
    ///     X O O X .
    ///     . X . . .
    ///     . . . . .").unwrap();
    /// let s = board.point(2, 1).unwrap();
    /// let (res, mv) = Reader::default().attack(&mut board, s);
    /// assert_eq!(res, ReadResult::Win);
    /// assert!(mv.is_some());
    /// ```
    pub fn attack(&mut self, board: &mut Board, s: Point) -> (ReadResult, Option<Point>) {
        self.attack_from(board, s, KoState::EMPTY)
    }

    /// [`Reader::attack`] starting from the komaster state `ks` (a search
    /// that plays under the komaster rules, as connection reading does,
    /// asks from the state its moves left: GNU Go's global `komaster` /
    /// `kom_pos` at the time of the call).
    pub fn attack_from(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
    ) -> (ReadResult, Option<Point>) {
        match self.chain_query(board, s, ks, Routine::Attack, Reader::do_attack) {
            (_, true) => (ReadResult::Fail, None),
            (res, false) => res,
        }
    }

    /// Can the chain on `s` be saved? Returns the result and the defending
    /// move (`None` when the chain needs no move). GNU Go `find_defense`.
    pub fn find_defense(&mut self, board: &mut Board, s: Point) -> (ReadResult, Option<Point>) {
        self.find_defense_from(board, s, KoState::EMPTY)
    }

    /// [`Reader::find_defense`] starting from the komaster state `ks` (see
    /// [`Reader::attack_from`]).
    pub fn find_defense_from(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
    ) -> (ReadResult, Option<Point>) {
        match self.chain_query(board, s, ks, Routine::FindDefense, Reader::do_find_defense) {
            ((_, mv), true) => (ReadResult::Win, mv),
            (res, false) => res,
        }
    }

    /// The frame of [`Reader::attack`] and [`Reader::find_defense`]: the
    /// recursive worker `search` on the chain on `s`, from the komaster
    /// state `ks`, as a top-level query of `kind` ([`Reader::top_level`]).
    /// Returns the result and whether the node budget ran out (the
    /// caller then answers as beyond reading range); an empty `s` gives
    /// `Fail` at once.
    fn chain_query(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        kind: Routine,
        search: ChainWorker,
    ) -> ((ReadResult, Option<Point>), bool) {
        if !board.is_stone(s) {
            return ((ReadResult::Fail, None), false);
        }
        let query = Query::new(
            kind,
            board.origin(s),
            Point::NONE,
            self.persistent_key(board, ks),
        );
        let (res, exhausted) = self.top_level(board, query, |r, b| search(r, b, s, ks));
        if exhausted {
            log::debug!("{kind:?}: node budget exhausted");
        }
        (res, exhausted)
    }

    /// Does the move `m` (played by the opponent of the chain on
    /// `s`) capture it? Result of the best defence after `m`, reversed.
    /// GNU Go `does_attack`.
    pub fn does_attack(&mut self, board: &mut Board, m: Point, s: Point) -> ReadResult {
        self.does_attack_from(board, m, s, KoState::EMPTY)
    }

    /// [`Reader::does_attack`] with the defence read from the komaster
    /// state `ks` (see [`Reader::attack_from`]).
    pub fn does_attack_from(
        &mut self,
        board: &mut Board,
        m: Point,
        s: Point,
        ks: KoState,
    ) -> ReadResult {
        if !board.is_stone(s) {
            return ReadResult::Fail;
        }
        let attacker = board.chain(s).color.opponent();
        if !board.trymove(m, attacker) {
            return ReadResult::Fail;
        }
        let res = if board.is_empty(s) {
            ReadResult::Win
        } else {
            self.find_defense_from(board, s, ks).0.reverse()
        };
        board.popgo();
        res
    }

    /// Does the move `m` by the owner of the chain on `s` save it?
    /// GNU Go `does_defend`.
    pub fn does_defend(&mut self, board: &mut Board, m: Point, s: Point) -> ReadResult {
        if !board.is_stone(s) {
            return ReadResult::Fail;
        }
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
        let Some((a, b)) = weaker_first(board, a, b) else {
            return ReadResult::Fail;
        };
        if board.same_chain(a, b) {
            return self.attack(board, a).0;
        }
        let ra = self.attack(board, a).0;
        if ra == ReadResult::Win {
            return ra;
        }
        let rb = self.attack(board, b).0;
        if ra.succeeds() || rb.succeeds() {
            return ra.max(rb);
        }
        // Try a little harder: ataris on a two-liberty chain, answered by
        // the best defence of both.
        let color = board.chain(a).color;
        let other = color.opponent();
        let mut defended = ReadResult::Win;
        let mut tries: Vec<Point> = Vec::new();
        if board.countlib(a) == 2 {
            tries.extend_from_slice(board.libs(a));
        }
        if board.countlib(b) == 2 {
            for &l in board.libs(b) {
                if !tries.contains(&l) {
                    tries.push(l);
                }
            }
        }
        for m in tries {
            if defended == ReadResult::Fail {
                break;
            }
            if board.trymove(m, other) {
                let d = if board.is_empty(a) || board.is_empty(b) {
                    ReadResult::Fail
                } else {
                    self.defend_both(board, a, b)
                };
                defended = defended.min(d);
                board.popgo();
            }
        }
        defended.reverse()
    }

    /// Can both chains (same colour) be saved? GNU Go `defend_both`.
    pub fn defend_both(&mut self, board: &mut Board, a: Point, b: Point) -> ReadResult {
        let Some((a, b)) = weaker_first(board, a, b) else {
            return ReadResult::Fail;
        };
        if board.same_chain(a, b) {
            return self.find_defense(board, a).0;
        }
        let color = board.chain(a).color;
        // Each chain that can be attacked must be saved on its own; its
        // saving move, if it needs one.
        let mut saves = [None, None];
        let mut attacked = [false, false];
        for (k, s) in [a, b].into_iter().enumerate() {
            attacked[k] = self.attack(board, s).0.succeeds();
            if attacked[k] {
                let (d, m) = self.find_defense(board, s);
                if d != ReadResult::Win {
                    return ReadResult::Fail;
                }
                saves[k] = m;
            }
        }
        if attacked.contains(&false) {
            return ReadResult::Win;
        }
        let [a_save, b_save] = saves;
        if a_save == b_save {
            return ReadResult::Win;
        }
        for (m, other_str) in [(a_save, b), (b_save, a)] {
            let Some(m) = m else { continue };
            if board.trymove(m, color) {
                let ok = board.is_stone(other_str) && !self.attack(board, other_str).0.succeeds();
                board.popgo();
                if ok {
                    return ReadResult::Win;
                }
            }
        }
        // Capture a common neighbour.
        let mut na = Vec::new();
        let mut nb = Vec::new();
        board.adjacent_chains(a, &mut na);
        board.adjacent_chains(b, &mut nb);
        for e in na {
            if board.countlib(e) > 4 || Some(e) == a_save || Some(e) == b_save {
                continue;
            }
            if !nb.iter().any(|&x| board.same_chain(x, e)) {
                continue;
            }
            let (r, f) = self.attack(board, e);
            if let (true, Some(f)) = (r.succeeds(), f) {
                if board.trymove(f, color) {
                    let ok = board.is_stone(a)
                        && board.is_stone(b)
                        && !self.attack(board, a).0.succeeds()
                        && !self.attack(board, b).0.succeeds();
                    board.popgo();
                    if ok {
                        return ReadResult::Win;
                    }
                }
            }
        }
        ReadResult::Fail
    }

    /// Ladder reading of a chain with exactly two liberties: can it be
    /// captured by repeated ataris? GNU Go `simple_ladder`.
    pub fn ladder_attack(&mut self, board: &mut Board, s: Point) -> (ReadResult, Option<Point>) {
        if !board.is_stone(s) || board.countlib(s) != 2 {
            return (ReadResult::Fail, None);
        }
        let entry = board.depth();
        self.begin_query();
        let res = self.simple_ladder(board, s);
        debug_assert_eq!(board.depth(), entry);
        if self.exhausted {
            return (ReadResult::Fail, None);
        }
        res
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

    /// The attack result of a node that needs no reading: `Fail` when the
    /// budget is spent or the chain on `s` is out of reading range (five
    /// liberties or more; four past `fourlib_depth`; three past `depth`),
    /// `Win` when it has been captured. Otherwise the node must be read:
    /// `Ok` with the chain's liberty count. `do_find_defense` takes the
    /// result reversed.
    #[inline(always)]
    fn attack_settled(&self, board: &Board, s: Point) -> Result<usize, ReadResult> {
        if self.exhausted {
            return Err(ReadResult::Fail);
        }
        if !board.is_stone(s) {
            return Err(ReadResult::Win);
        }
        let libs = board.countlib(s);
        let stackp = Self::stackp(board);
        let cfg = &self.config;
        if libs > 4
            || (libs == 4 && stackp > cfg.fourlib_depth)
            || (libs == 3 && stackp > cfg.depth)
        {
            return Err(ReadResult::Fail);
        }
        Ok(libs)
    }

    /// Read one attack or defence node of the chain on `s` through the
    /// transposition table: a hit answers at once; otherwise `read` (the
    /// worker for the chain's liberty count, given `killer`) runs and its
    /// result is stored, unless the budget ran out. Nodes deeper than
    /// `depth` are not cached. Either way the answer is traced.
    #[inline(always)]
    fn through_table(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        routine: Routine,
        killer: Option<Point>,
        read: impl Fn(&mut Reader, &mut Board) -> (ReadResult, Option<Point>),
    ) -> (ReadResult, Option<Point>) {
        let (label, cached_label) = if routine == Routine::Attack {
            ("attack", "attack (cached)")
        } else {
            ("defend", "defend (cached)")
        };
        let stackp = Self::stackp(board);
        let remaining = self.config.depth - stackp;
        #[cfg(not(test))]
        let cacheable = stackp <= self.config.depth;
        #[cfg(test)]
        let cacheable = stackp <= self.config.depth && !self.hit_check.bypass;
        let key = CacheKey::new(board.hash(), routine, board.origin(s), ks, remaining)
            .with_killer(killer);
        if cacheable {
            if let Some(hit) = self.cache.get(&key) {
                #[cfg(test)]
                self.recheck_hit(board, hit, &read);
                self.trace(board, cached_label, s, hit);
                return hit;
            }
        }
        let start = self.nodes;
        let res = read(self, board);
        if cacheable && !self.exhausted {
            self.cache.put(key, res.0, res.1, self.nodes - start);
        }
        self.trace(board, label, s, res);
        res
    }

    /// Prefetch the table bucket of the node the move `mv` would lead to,
    /// reading `routine` on the chain `s` with `killer` (the move is the
    /// attacker's before a defence, the owner's before an attack),
    /// assuming the move captures nothing and keeps the ko state (a wrong
    /// guess costs nothing but the load).
    #[inline]
    fn prefetch_child(
        &self,
        board: &Board,
        s: Point,
        ks: KoState,
        routine: Routine,
        mv: Point,
        killer: Option<Point>,
    ) {
        let stackp = Self::stackp(board) + 1;
        if stackp > self.config.depth {
            return;
        }
        let owner = board.chain(s).color;
        let color = match routine {
            Routine::FindDefense => owner.opponent(),
            _ => owner,
        };
        let mut hash = board.hash() ^ crate::board::stone_key(color, mv);
        let ko = board.ko_point();
        if ko.is_some() {
            hash ^= crate::board::ko_key(ko);
        }
        let key = CacheKey::new(
            hash,
            routine,
            board.origin(s),
            ks,
            self.config.depth - stackp,
        )
        .with_killer(killer);
        self.cache.prefetch(&key);
    }

    /// The current search depth (GNU Go `stackp`).
    fn stackp(board: &Board) -> i32 {
        board.depth() as i32
    }

    /// Record a variation end (its result and move) in the trace, if one
    /// is running.
    fn trace(
        &mut self,
        board: &Board,
        what: &str,
        target: Point,
        res: (ReadResult, Option<Point>),
    ) {
        if let Some(t) = &mut self.tracer {
            t.record(board, what, target, res.0, res.1);
        }
    }
}
