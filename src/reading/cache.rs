//! The reader's transposition table (GNU Go `cache.c` / `cache.h`:
//! `tt_get`, `tt_update`).
//!
//! Key: the board's Zobrist hash (stones + ko point), the routine
//! (attack / find_defense), the target chain's origin, the komaster and
//! `kom_pos`, and the remaining depth (`depth - stackp`). Each entry stores
//! the result and the move. Buckets hold two entries, GNU Go's
//! *deepest/newest* policy with "deepest" measured by the nodes the result
//! cost. Memory is bounded by `ReadingConfig::hash_mb`; 0 disables the
//! table.
//!
//! A hit requires the exact remaining depth: the search at a node is then a
//! function of exactly the key, so answers are identical with and without
//! the table (only node counts change). GNU Go also accepts deeper entries,
//! which can make answers depend on the order of earlier queries.
//!
//! Query serials and stale hits: every top-level query opens a numbered
//! scope ([`Cache::begin_query`]); entries remember the serial current
//! when they were stored. A hit on an entry stored before the running
//! query began is *stale*: the subtree behind it was read by an earlier
//! query, so its points are missing from this query's reading shadow. The
//! persistent caches refuse to store a result whose read had a stale hit
//! (its active area would be incomplete), which is how they stay exact
//! where GNU Go's occasionally serve a wrong answer.

use super::ko::KoState;
use super::ReadResult;
use crate::board::Point;

/// Which search a cached result belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Routine {
    /// `attack` of a chain.
    Attack = 1,
    /// `find_defense` of a chain.
    FindDefense = 2,
}

/// The full key of a cached result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CacheKey {
    hash: u64,
    target: u16,
    kom_pos: u16,
    routine: u8,
    komaster: u8,
    remaining: i8,
}

impl CacheKey {
    /// Build the key of one search node.
    pub fn new(
        hash: u64,
        routine: Routine,
        target: Point,
        ks: KoState,
        remaining: i32,
    ) -> CacheKey {
        CacheKey {
            hash,
            target: target.0,
            kom_pos: ks.kom_pos.0,
            routine: routine as u8,
            komaster: ks.komaster.code(),
            remaining: remaining.clamp(-128, 127) as i8,
        }
    }

    fn index(&self, n_buckets: usize) -> usize {
        let mut h = self.hash;
        h ^= (self.target as u64) << 7 ^ (self.kom_pos as u64) << 23;
        h ^= (self.routine as u64) << 41 ^ (self.komaster as u64) << 45;
        h ^= ((self.remaining as u8) as u64) << 51;
        // splitmix64 finaliser
        h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^= h >> 31;
        (h % n_buckets as u64) as usize
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: CacheKey,
    used: bool,
    result: ReadResult,
    mv: Point,
    cost: u64,
    serial: u64,
}

/// Saved state of an enclosing query, returned by [`Cache::begin_query`].
#[derive(Clone, Copy, Debug)]
pub struct QueryScope {
    outer_floor: u64,
    stale_before: u64,
}

/// Bounded two-slot transposition table.
#[derive(Debug, Default)]
pub struct Cache {
    buckets: Vec<[Entry; 2]>,
    mb: usize,
    /// Successful lookups since the last clear.
    pub hits: u64,
    /// Stores since the last clear.
    pub stores: u64,
    /// Serial of the latest top-level query.
    serial: u64,
    /// Serial of the running (innermost) top-level query.
    floor: u64,
    /// Hits on entries stored before the running query began.
    stale_hits: u64,
    /// Entries with a serial up to this one were cleared (a clear only
    /// moves this mark, so it costs nothing however large the table).
    cleared_at: u64,
}

impl Cache {
    /// Make sure the table is sized for `mb` megabytes (reallocates and
    /// clears when the size changed). 0 disables it.
    pub fn ensure(&mut self, mb: usize) {
        if mb == self.mb && (mb == 0 || !self.buckets.is_empty()) {
            return;
        }
        self.mb = mb;
        let bucket_bytes = std::mem::size_of::<[Entry; 2]>();
        let n = (mb.min(4096) << 20) / bucket_bytes;
        self.buckets = vec![[Entry::default(); 2]; n];
        self.hits = 0;
        self.stores = 0;
    }

    /// Forget every entry, keeping the allocation: entries stored before
    /// now no longer count (the table is not rewritten).
    pub fn clear(&mut self) {
        self.serial += 1;
        self.cleared_at = self.serial - 1;
        self.hits = 0;
        self.stores = 0;
    }

    /// Open the scope of a top-level query (they nest: connection reading
    /// asks the tactical reader's top-level functions).
    pub fn begin_query(&mut self) -> QueryScope {
        let scope = QueryScope {
            outer_floor: self.floor,
            stale_before: self.stale_hits,
        };
        self.serial += 1;
        self.floor = self.serial;
        scope
    }

    /// Close a query's scope; true when the query hit entries stored
    /// before it began (its reading shadow is then incomplete).
    pub fn end_query(&mut self, scope: QueryScope) -> bool {
        self.floor = scope.outer_floor;
        self.stale_hits != scope.stale_before
    }

    /// Stale hits so far (see the module documentation).
    pub fn stale_hits(&self) -> u64 {
        self.stale_hits
    }

    /// Look a key up.
    pub fn get(&mut self, key: &CacheKey) -> Option<(ReadResult, Option<Point>)> {
        if self.buckets.is_empty() {
            return None;
        }
        let i = key.index(self.buckets.len());
        let cleared_at = self.cleared_at;
        for e in &self.buckets[i] {
            if e.used && e.serial > cleared_at && e.key == *key {
                self.hits += 1;
                if e.serial < self.floor {
                    self.stale_hits += 1;
                }
                return Some((e.result, e.mv.is_some().then_some(e.mv)));
            }
        }
        None
    }

    /// Store a result that cost `cost` nodes.
    pub fn put(&mut self, key: CacheKey, result: ReadResult, mv: Option<Point>, cost: u64) {
        if self.buckets.is_empty() {
            return;
        }
        let i = key.index(self.buckets.len());
        let entry = Entry {
            key,
            used: true,
            result,
            mv: mv.unwrap_or(Point::NONE),
            cost,
            serial: self.serial,
        };
        self.stores += 1;
        let cleared_at = self.cleared_at;
        let bucket = &mut self.buckets[i];
        let live = |e: &Entry| e.used && e.serial > cleared_at;
        if let Some(e) = bucket.iter_mut().find(|e| live(e) && e.key == key) {
            *e = entry;
        } else if !live(&bucket[0]) || cost >= bucket[0].cost {
            // the more expensive result takes the "deepest" slot
            bucket[1] = bucket[0];
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }
}
