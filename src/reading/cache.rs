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

    /// Forget every entry, keeping the allocation.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = [Entry::default(); 2];
        }
        self.hits = 0;
        self.stores = 0;
    }

    /// Look a key up.
    pub fn get(&mut self, key: &CacheKey) -> Option<(ReadResult, Option<Point>)> {
        if self.buckets.is_empty() {
            return None;
        }
        let i = key.index(self.buckets.len());
        for e in &self.buckets[i] {
            if e.used && e.key == *key {
                self.hits += 1;
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
        };
        self.stores += 1;
        let bucket = &mut self.buckets[i];
        if let Some(e) = bucket.iter_mut().find(|e| e.used && e.key == key) {
            *e = entry;
        } else if !bucket[0].used || cost >= bucket[0].cost {
            // the more expensive result takes the "deepest" slot
            bucket[1] = bucket[0];
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }
}
