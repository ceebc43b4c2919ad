//! The persistent reading cache: expensive top-level results kept from
//! one query to the next, and from move to move, for as long as the part
//! of the board they depend on is unchanged.
//!
//! GNU Go counterpart: `engine/persistent.c` (`store_persistent_reading_cache`,
//! `search_persistent_reading_cache`, `purge_persistent_reading_cache` and
//! the connection / break-in variants) and the manual's Persistent Reading
//! Cache section. Only top-level queries use it (the tactical reader's
//! public `attack` / `find_defense`, connection reading's `string_connect`,
//! `disconnect`, `break_in`, `block_off`), never the recursive workers.
//!
//! A stored entry carries the position on its *active area*, built from
//! the reading shadow (every point tried by `trymove` / `tryko` during the
//! read, legal or not) with these marks:
//! - `1`: the shadow itself and the stones of the queried strings;
//! - `2`: every stone of a chain that has a stone marked 1 or touches a
//!   point marked 1 (whole chains, so chain extents and liberties match);
//! - `3`: every neighbour of a stone marked 2: its liberties, and the
//!   whole opponent chains next to it;
//! - `4`: the neighbours of those opponent chains (their liberties), so
//!   "can this neighbour be captured" looks the same;
//! - `-1`: border cells next to marked points (kept implicitly: a border
//!   never changes, so it is not compared).
//!
//! A lookup succeeds only when the query is the same, the ko point is the
//! same, and every cell of the active area holds what it held when the
//! entry was stored. Purging ([`PersistentCache::purge`]) drops entries
//! whose area no longer matches the current real position (a move or a
//! capture inside it, an undo, a new game). Replacement when full: the
//! entry with the smallest score (nodes spent x (hits + 1)).
//!
//! Start reading at [`PersistentCache::read`], the wrapper a top-level
//! entry point calls.

use crate::board::{Board, Cell, Point, PointSet};
use crate::reading::cache::Routine;
use crate::reading::ReadResult;

/// Entries kept (GNU Go keeps 100-150 per cache).
pub const MAX_ENTRIES: usize = 150;
/// Extra rings around GNU Go's active area (mark 5).
pub const RINGS: usize = 2;
/// Reads cheaper than this many nodes are not worth an entry.
pub const MIN_COST: u64 = 1;

/// A top-level query: kind, the strings (by origin), and extra data
/// (a goal area's hash and points for break-in / block-off).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// What was asked.
    pub kind: Routine,
    /// First string (origin).
    pub a: Point,
    /// Second string (origin) or NONE.
    pub b: Point,
    /// Extra key data (goal hash), 0 when unused.
    pub extra: u64,
    /// Goal points (break-in / block-off), part of the active area.
    pub goal: Vec<Point>,
}

impl Query {
    /// A query on one or two strings.
    pub fn new(kind: Routine, a: Point, b: Point, extra: u64) -> Query {
        Query {
            kind,
            a,
            b,
            extra,
            goal: Vec::new(),
        }
    }

    /// Tactical attack on the chain at `s`.
    pub fn attack(board: &Board, s: Point) -> Query {
        Query::new(Routine::Attack, board.origin(s), Point::NONE, 0)
    }

    /// Tactical defence of the chain at `s`.
    pub fn find_defense(board: &Board, s: Point) -> Query {
        Query::new(Routine::FindDefense, board.origin(s), Point::NONE, 0)
    }

    /// The same query with a goal area.
    pub fn with_goal(mut self, goal: &[Point]) -> Query {
        self.goal = goal.to_vec();
        self
    }
}

/// One cached result.
#[derive(Clone, Debug)]
struct Entry {
    query: Query,
    ko: Point,
    area: Vec<(Point, Cell)>,
    /// The read's shadow, as a set (a lookup adds it to a running shadow
    /// word by word).
    shadow: PointSet,
    result: (ReadResult, Option<Point>),
    cost: u64,
    hits: u64,
}

impl Entry {
    fn score(&self) -> u64 {
        self.cost.saturating_mul(self.hits + 1)
    }

    fn matches_position(&self, board: &Board) -> bool {
        board.ko_point() == self.ko && self.area.iter().all(|&(p, c)| board.cell(p) == c)
    }

    fn summary(&self) -> Summary {
        Summary {
            strings: Summary::strings(&self.query),
            extra: self.query.extra,
            ko: self.ko,
            score: self.score(),
        }
    }
}

/// The part of an entry that the scans over every entry look at first,
/// kept apart from the entries (whose areas and shadows are long, so a
/// scan through them reads a cache line or more per entry): the query
/// without its goal, the ko point and the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Summary {
    /// The query's kind and strings in one word ([`Summary::strings`]).
    strings: u64,
    extra: u64,
    ko: Point,
    score: u64,
}

impl Summary {
    /// A query's kind and strings packed in one word (one comparison in
    /// the scans).
    fn strings(query: &Query) -> u64 {
        query.kind as u64 | u64::from(query.a.0) << 16 | u64::from(query.b.0) << 32
    }

    /// False when the entry cannot be for the query whose
    /// [`Summary::strings`] are `strings` (true: it may be, the goals are
    /// still to compare).
    fn may_answer(&self, strings: u64, query: &Query) -> bool {
        self.strings == strings && self.extra == query.extra
    }
}

/// Counters of cache use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Successful lookups.
    pub hits: u64,
    /// Entries stored.
    pub stores: u64,
    /// Entries dropped by purges.
    pub purged: u64,
}

/// A persistent cache (one per kind of reader).
#[derive(Clone, Debug, Default)]
pub struct PersistentCache {
    entries: Vec<Entry>,
    /// The entries' summaries, in the same order.
    summaries: Vec<Summary>,
    /// Disable lookups and stores (debugging, tests).
    pub disabled: bool,
    /// Use counters.
    pub stats: CacheStats,
}

/// Records the reading shadow of one top-level read while keeping any
/// enclosing read's shadow intact (reads nest: connection reading calls
/// the tactical reader's top-level functions).
pub struct ShadowScope {
    outer: Option<PointSet>,
}

impl ShadowScope {
    /// Start a fresh shadow, saving an enclosing one.
    pub fn begin(board: &mut Board) -> ShadowScope {
        let outer = board.shadow_active().then(|| board.take_shadow());
        board.start_shadow();
        ShadowScope { outer }
    }

    /// Stop and return this read's shadow; the enclosing shadow (if any)
    /// resumes with these points added.
    pub fn end(self, board: &mut Board) -> PointSet {
        let inner = board.take_shadow();
        if let Some(outer) = self.outer {
            board.start_shadow();
            board.union_shadow(&outer);
            board.union_shadow(&inner);
        }
        inner
    }
}

impl PersistentCache {
    /// An empty cache.
    pub fn new() -> PersistentCache {
        PersistentCache::default()
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Drop everything (GTP `clear_cache`, new game).
    pub fn clear(&mut self) {
        self.stats.purged += self.entries.len() as u64;
        self.entries.clear();
        self.summaries.clear();
    }

    /// Drop every entry whose active area or ko point no longer matches
    /// `board` (call after every move on the real board, and after undo,
    /// loadsgf, clear_board and handicap placement). Entries stored inside
    /// hypothetical sequences go too: they cannot match a real position
    /// reached by a different history once their area changed.
    pub fn purge_against(&mut self, board: &Board) {
        let before = self.entries.len();
        let keep: Vec<bool> = self
            .entries
            .iter()
            .map(|e| e.matches_position(board))
            .collect();
        let mut kept = keep.iter();
        self.entries.retain(|_| kept.next() == Some(&true));
        let mut kept = keep.iter();
        self.summaries.retain(|_| kept.next() == Some(&true));
        self.stats.purged += (before - self.entries.len()) as u64;
    }

    /// Drop everything; the board-less form of the purge for callers that
    /// do not hold the new position ([`PersistentCache::purge_against`]
    /// keeps the entries that are still valid).
    pub fn purge(&mut self) {
        self.clear();
    }

    /// The cached answer to `query` at this position, if any. On a hit the
    /// entry's shadow joins a running shadow (an enclosing read depends on
    /// the same points).
    pub fn lookup(
        &mut self,
        board: &mut Board,
        query: &Query,
    ) -> Option<(ReadResult, Option<Point>)> {
        if self.disabled {
            return None;
        }
        let strings = Summary::strings(query);
        // The summaries first, in one pass over their array.
        let entries = &self.entries;
        let idx = self
            .summaries
            .iter()
            .enumerate()
            .filter(|(_, summary)| summary.may_answer(strings, query))
            .map(|(i, _)| i)
            .find(|&i| entries[i].query == *query && entries[i].matches_position(board))?;
        let e = &mut self.entries[idx];
        e.hits += 1;
        self.summaries[idx].score = e.score();
        self.stats.hits += 1;
        let result = e.result;
        board.union_shadow(&e.shadow);
        Some(result)
    }

    /// Store a finished read: `shadow` is the reading shadow of the read,
    /// `cost` the nodes it spent.
    pub fn store(
        &mut self,
        board: &Board,
        query: Query,
        result: (ReadResult, Option<Point>),
        shadow: &PointSet,
        cost: u64,
    ) {
        if self.disabled || cost < MIN_COST {
            return;
        }
        // A full cache takes the entry only in place of an equal one (same
        // query, ko point and area) or of a less useful one: when neither
        // can be, the area is not worth computing.
        let ko = board.ko_point();
        let strings = Summary::strings(&query);
        if self.entries.len() >= MAX_ENTRIES
            && !(0..self.entries.len()).any(|i| {
                self.summaries[i].may_answer(strings, &query)
                    && self.summaries[i].ko == ko
                    && self.entries[i].query == query
            })
            && cost <= self.worst().1
        {
            return;
        }
        let area = active_area(board, &query, shadow);
        // Sized up front: collected from the set's iterator (no size
        // hint), the list grew by doubling, a reallocation and copy each
        // time.
        let mut area_cells = Vec::with_capacity(area.len());
        area_cells.extend(area.iter().map(|p| (p, board.cell(p))));
        let entry = Entry {
            ko: board.ko_point(),
            area: area_cells,
            shadow: shadow.clone(),
            query,
            result,
            cost,
            hits: 0,
        };
        let summary = entry.summary();
        if let Some(old) = (0..self.entries.len()).find(|&i| {
            self.summaries[i].may_answer(summary.strings, &entry.query)
                && self.summaries[i].ko == entry.ko
                && self.entries[i].query == entry.query
                && self.entries[i].area == entry.area
        }) {
            self.entries[old] = entry;
            self.summaries[old] = summary;
            self.stats.stores += 1;
            return;
        }
        if self.entries.len() < MAX_ENTRIES {
            self.entries.push(entry);
            self.summaries.push(summary);
            self.stats.stores += 1;
            return;
        }
        // Replace the least useful entry if the new one is worth more.
        let (worst, worst_score) = self.worst();
        if entry.cost > worst_score {
            self.entries[worst] = entry;
            self.summaries[worst] = summary;
            self.stats.stores += 1;
        }
    }

    /// The least useful entry (the first of the lowest score) and its
    /// score.
    fn worst(&self) -> (usize, u64) {
        // A plain loop: the scan of every entry runs at each store into
        // a full cache, and `min_by_key` on (score, index) pairs compiled
        // to several times the work.
        let Some(first) = self.summaries.first() else {
            return (0, 0);
        };
        let (mut worst, mut least) = (0, first.score);
        for (i, e) in self.summaries.iter().enumerate().skip(1) {
            if e.score < least {
                (worst, least) = (i, e.score);
            }
        }
        (worst, least)
    }

    /// Run a top-level read through the cache: answer from the cache when
    /// possible, otherwise run `read` (which returns its result and the
    /// nodes it spent) under a reading shadow and store the result.
    pub fn read(
        &mut self,
        board: &mut Board,
        query: Query,
        read: impl FnOnce(&mut Board) -> ((ReadResult, Option<Point>), u64),
    ) -> (ReadResult, Option<Point>) {
        if let Some(hit) = self.lookup(board, &query) {
            return hit;
        }
        let scope = ShadowScope::begin(board);
        let (result, cost) = read(board);
        let shadow = scope.end(board);
        self.store(board, query, result, &shadow, cost);
        result
    }
}

/// The active area of a read (marks 1 to 4 of the module documentation),
/// worked out on whole point sets: "every neighbour" is a dilation and
/// "whole chains" a walk of each chain met once.
pub fn active_area(board: &Board, query: &Query, shadow: &PointSet) -> PointSet {
    let on_board = board.on_board_set();
    // Mark 1: shadow, queried strings, goal.
    let mut seeds = shadow.clone();
    seeds.intersect_with(on_board);
    for s in [query.a, query.b] {
        if s.is_some() && board.on_board(s) {
            seeds.insert(s);
        }
    }
    for &p in &query.goal {
        if board.on_board(p) {
            seeds.insert(p);
        }
    }
    let mut area = seeds.clone();
    // Mark 4 (in part): the neighbours of the mark-1 points.
    let mut near_seeds = seeds.dilated();
    near_seeds.intersect_with(on_board);
    area.union_with(&near_seeds);
    // `chains`: the stones of every chain walked so far (each walked
    // once), which are the chains with a stone in the area.
    let mut chains = PointSet::new();
    // Mark 2: whole chains having a stone in, or next to, a mark-1 point.
    add_chains(board, &near_seeds, &mut chains);
    // Mark 3: every neighbour of those chains, and the chains there
    // (the opponent chains next to them) in full.
    let mut around = chains.dilated();
    around.intersect_with(on_board);
    area.union_with(&around);
    add_chains(board, &around, &mut chains);
    // Mark 4: the neighbours of those chains.
    let mut around_chains = chains.dilated();
    around_chains.intersect_with(on_board);
    area.union_with(&around_chains);
    // Mark 5 (ours, beyond GNU Go): RINGS times over, every point next to
    // the area, and every chain touching the area in full with its
    // liberties. Candidate generators (superstrings, break-chain moves)
    // and move ordering look at chains and liberties a few steps from
    // the points tried; GNU Go's marks alone let a cached move differ from
    // a fresh read's (tested by replaying whole games).
    for _ in 0..RINGS {
        // The chains with a stone in the area, in full, then every point
        // next to the area or to those chains.
        add_chains(board, &area, &mut chains);
        let mut grown = area.clone();
        grown.union_with(&chains);
        let mut ring = grown.dilated();
        ring.intersect_with(on_board);
        area = ring;
    }
    area
}

/// Add to `chains` every stone of the chains having a stone in `points`
/// (on-board points); a stone already in `chains` stands for its whole
/// chain, walked before.
fn add_chains(board: &Board, points: &PointSet, chains: &mut PointSet) {
    let mut fresh = points.clone();
    fresh.subtract(chains);
    for p in fresh.iter() {
        if board.is_stone(p) && !chains.contains(p) {
            for s in board.stones(p) {
                chains.insert(s);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn pt(b: &Board, row: usize, col: usize) -> Point {
        b.point(row, col).expect("on board")
    }

    /// A toy "read" that looks at a few points and reports whether the
    /// stone at (2,2) has fewer than three liberties.
    fn toy_read(b: &mut Board, s: Point) -> ((ReadResult, Option<Point>), u64) {
        let libs = b.lib_list(s);
        for l in &libs {
            let c = b.chain(s).color.opponent();
            if b.trymove(*l, c) {
                b.popgo();
            }
        }
        let r = if libs.len() < 3 {
            ReadResult::Win
        } else {
            ReadResult::Fail
        };
        ((r, libs.first().copied()), 10)
    }

    #[test]
    fn hit_on_same_area_miss_after_change_and_purge() {
        let mut b = Board::from_diagram(
            ". . . . . . .
             . . . . . . .
             . . X O . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . X",
        )
        .expect("diagram");
        let s = pt(&b, 2, 2);
        let mut cache = PersistentCache::new();
        let q = Query::attack(&b, s);
        let r1 = cache.read(&mut b, q.clone(), |b| toy_read(b, s));
        assert_eq!(cache.len(), 1);
        // A far move keeps the entry valid.
        b.play(pt(&b, 6, 0), Color::White).expect("legal");
        cache.purge_against(&b);
        assert_eq!(cache.len(), 1);
        assert_eq!(cache.lookup(&mut b, &q), Some(r1));
        assert_eq!(cache.stats.hits, 1);
        // A move next to the string invalidates it.
        b.play(pt(&b, 1, 2), Color::White).expect("legal");
        assert_eq!(cache.lookup(&mut b, &q), None);
        cache.purge_against(&b);
        assert!(cache.is_empty());
        let r2 = cache.read(&mut b, q.clone(), |b| toy_read(b, s));
        assert_eq!(r2.0, ReadResult::Win);
    }

    #[test]
    fn nested_shadow_scope_keeps_outer_points() {
        let mut b = Board::new(5);
        let outer = ShadowScope::begin(&mut b);
        assert!(b.trymove(pt(&b, 0, 0), Color::Black));
        b.popgo();
        let inner = ShadowScope::begin(&mut b);
        assert!(b.trymove(pt(&b, 4, 4), Color::White));
        b.popgo();
        let inner_set = inner.end(&mut b);
        assert_eq!(inner_set.len(), 1);
        let outer_set = outer.end(&mut b);
        assert!(outer_set.contains(pt(&b, 0, 0)));
        assert!(outer_set.contains(pt(&b, 4, 4)));
        assert!(!b.shadow_active());
    }

    /// The active area as it was first written, point by point (the
    /// reference of the set-wise [`active_area`]).
    fn active_area_by_points(board: &Board, query: &Query, shadow: &PointSet) -> PointSet {
        let mut area = PointSet::new();
        // Mark 1: shadow, queried strings, goal.
        // Sized up front (the set's iterator gives no size hint).
        let mut seeds: Vec<Point> = Vec::with_capacity(shadow.len() + 2 + query.goal.len());
        seeds.extend(shadow.iter().filter(|&p| board.on_board(p)));
        for s in [query.a, query.b] {
            if s.is_some() && board.on_board(s) {
                seeds.push(s);
            }
        }
        seeds.extend(query.goal.iter().copied().filter(|&p| board.on_board(p)));
        for &p in &seeds {
            area.insert(p);
        }
        // Mark 2: whole chains having a stone in, or next to, a mark-1 point.
        let mut chains: Vec<Point> = Vec::new();
        let mut seen = PointSet::new();
        for &p in &seeds {
            for q in std::iter::once(p).chain(p.neighbors()) {
                if board.is_stone(q) {
                    let o = board.origin(q);
                    if seen.insert(o) {
                        chains.push(o);
                    }
                }
            }
        }
        let mut adjacent: Vec<Point> = Vec::new();
        for &c in &chains {
            for s in board.stones(c) {
                area.insert(s);
                // Mark 3: every neighbour; opponent chains in full.
                for n in s.neighbors() {
                    if !board.on_board(n) {
                        continue;
                    }
                    area.insert(n);
                    if board.is_stone(n) {
                        let o = board.origin(n);
                        if seen.insert(o) {
                            adjacent.push(o);
                        }
                    }
                }
            }
        }
        // Mark 3 (continued) and 4: adjacent chains and their neighbours.
        for &c in &adjacent {
            for s in board.stones(c) {
                area.insert(s);
                for n in s.neighbors() {
                    if board.on_board(n) {
                        area.insert(n);
                    }
                }
            }
        }
        // Mark 4 also covers the neighbours of empty mark-1 points.
        for &p in &seeds {
            for n in p.neighbors() {
                if board.on_board(n) {
                    area.insert(n);
                }
            }
        }
        // Mark 5 (ours, beyond GNU Go): RINGS times over, every point next to
        // the area, and every chain touching the area in full with its
        // liberties. Candidate generators (superstrings, break-chain moves)
        // and move ordering look at chains and liberties a few steps from
        // the points tried; GNU Go's marks alone let a cached move differ from
        // a fresh read's (tested by replaying whole games).
        for _ in 0..RINGS {
            // The chains with a stone in the area, in full (one walk each),
            // then every point next to the area or to those chains.
            let mut walked = PointSet::new();
            for p in area.iter() {
                if board.is_stone(p) && walked.insert(board.origin(p)) {
                    for s in board.stones(p) {
                        walked.insert(s);
                    }
                }
            }
            let mut grown = area.clone();
            grown.union_with(&walked);
            let mut ring = grown.dilated();
            ring.intersect_with(board.on_board_set());
            area = ring;
        }
        area
    }

    /// The set-wise area equals the point-by-point one on random
    /// positions, shadows and queries.
    #[test]
    fn set_wise_area_equals_point_by_point_area() {
        use crate::board::SplitMix64;
        let mut rng = SplitMix64(5);
        for size in [7, 9, 13, 19] {
            let mut b = Board::new(size);
            let points: Vec<Point> = b.points().collect();
            for round in 0..30 {
                rng.scatter_stones(&mut b, size);
                let mut shadow = PointSet::new();
                for _ in 0..rng.below(12) {
                    shadow.insert(points[rng.below(points.len())]);
                }
                let a = points[rng.below(points.len())];
                let mut q = Query::new(Routine::Attack, a, Point::NONE, 0);
                if round % 3 == 0 {
                    q = q.with_goal(&points[..rng.below(5)]);
                }
                assert_eq!(
                    active_area(&b, &q, &shadow).iter().collect::<Vec<_>>(),
                    active_area_by_points(&b, &q, &shadow)
                        .iter()
                        .collect::<Vec<_>>()
                );
            }
        }
    }

    #[test]
    fn replacement_keeps_the_most_useful() {
        let mut b = Board::new(19);
        let mut cache = PersistentCache::new();
        for i in 0..(MAX_ENTRIES + 10) {
            let p = Point::new(i / 19, i % 19);
            let mut sh = PointSet::new();
            sh.insert(p);
            cache.store(
                &b,
                Query::new(Routine::Attack, p, Point::NONE, 0),
                (ReadResult::Fail, None),
                &sh,
                (i as u64 % 7) + 1,
            );
        }
        assert_eq!(cache.len(), MAX_ENTRIES);
        assert!(cache.entries.iter().all(|e| e.cost >= 1));
        let _ = &mut b;
    }
}
