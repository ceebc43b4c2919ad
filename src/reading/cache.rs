//! The transposition table of the reading toolkit (GNU Go `cache.c` /
//! `cache.h`: `tt_get`, `tt_update`). The tactical reader keeps one across
//! queries (until `genmove` or `clear_cache`); connection reading keeps one
//! that it clears at every top-level query.
//!
//! Key: the board's Zobrist hash (stones + ko point), the routine
//! (attack / find_defense, or a connection routine), the target chain's
//! origin, the goal (connection reading: the second string or the goal
//! area, folded into the hash; [`CacheKey::with_goal`]), the killer move
//! a tactical node was given (folded in too; [`CacheKey::with_killer`]),
//! the komaster and `kom_pos`, and the remaining depth
//! (`depth - stackp`). Each entry stores the result and the move. Buckets
//! hold two entries, GNU Go's *deepest/newest* policy with "deepest"
//! measured by the nodes the result cost. Memory is bounded by
//! `ReadingConfig::hash_mb`; 0 disables the table.
//!
//! Layout: an entry is four 64-bit words (hash; the rest of the key with
//! the move; table generation and cost; query serial and result), a bucket
//! is two entries, 64 bytes, placed on a cache-line boundary, so a lookup
//! touches one cache line. The table is allocated zeroed (untouched pages
//! cost nothing); on Linux a table of 2 MiB or more starts on a huge page
//! and the kernel is advised to back it with huge pages (fewer TLB misses
//! and page faults; which bucket a key maps to does not depend on the
//! memory). [`Cache::clear`] is O(1): it bumps the table generation, and
//! entries of an older generation count as empty (GNU Go zeroes its table
//! instead). The reader asks for a child's bucket ([`Cache::prefetch`])
//! before it plays the move, so the load overlaps the move's work.
//!
//! A hit requires the exact remaining depth, and the search at a node is a
//! function of exactly the key, so answers are identical with and without
//! the table (only node counts change). That needs three things besides
//! the depth: the killer in the key (it orders the node's moves, and below
//! the branch depth only the first is read); the reader reading from the
//! chain's origin whichever stone it was asked about; and the board's
//! lists in index order (a chain's liberties and neighbours would
//! otherwise come in the order the position was built, and with them the
//! order of equally valued moves). The table's tests re-read every hit
//! without the table and compare (`Reader::check_table_hits`). GNU Go also
//! accepts deeper entries, which can make answers depend on the order of
//! earlier queries.
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

/// Which search a result belongs to, for every cache of the reading
/// toolkit: the routine of a transposition-table entry (tactical reading,
/// here), of an entry of the connection search's table, and the kind of
/// a persistent-cache query. The discriminants (1 to 6, in this order)
/// are part of this table's packed key (three bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Routine {
    /// Tactical `attack` of a chain.
    Attack = 1,
    /// Tactical `find_defense` of a chain.
    FindDefense,
    /// Connection `string_connect`.
    Connect,
    /// Connection `disconnect`.
    Disconnect,
    /// `break_in`.
    BreakIn,
    /// `block_off`.
    BlockOff,
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

    /// The key of a node of a search whose goal is more than one string
    /// (connection reading: two strings, or a string and a goal area):
    /// `target` is the first string, and `goal` (the second string and
    /// any other data) is folded into the hash.
    pub fn with_goal(
        hash: u64,
        routine: Routine,
        target: Point,
        goal: u64,
        ks: KoState,
        remaining: i32,
    ) -> CacheKey {
        CacheKey::new(hash ^ mix(goal), routine, target, ks, remaining)
    }

    /// The key of a tactical node read with a killer move from a sibling
    /// variation (tried first, so it can decide what the node answers
    /// where only one candidate is read): the killer is folded into the
    /// hash. `None` leaves the key as it is.
    pub fn with_killer(self, killer: Option<Point>) -> CacheKey {
        match killer {
            Some(k) => CacheKey {
                hash: self.hash ^ mix(0x4b11_0000 | u64::from(k.0)),
                ..self
            },
            None => self,
        }
    }

    /// The key fields beside the hash, packed in the low 48 bits of an
    /// entry's second word (the move goes in the top 16 bits).
    fn packed(&self) -> u64 {
        (self.target as u64)
            | (self.kom_pos as u64) << 16
            | ((self.remaining as u8) as u64) << 32
            | (self.routine as u64) << 40
            | (self.komaster as u64) << 43
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
        if n_buckets.is_power_of_two() {
            // The usual case (sizes in whole megabytes): a mask, not a
            // division, and the same bucket.
            (h & (n_buckets as u64 - 1)) as usize
        } else {
            (h % n_buckets as u64) as usize
        }
    }
}

/// A 64-bit finaliser (splitmix64's): spreads a goal's bits over the
/// whole word before it is folded into a board hash.
fn mix(x: u64) -> u64 {
    let mut h = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// A huge page of x86-64 and aarch64 Linux (2 MiB).
const HUGE_PAGE_BYTES: usize = 2 << 20;

/// Ask the kernel to back `words` (starting on a huge page) with huge
/// pages. A lookup lands on a random bucket: with 4 KiB pages an 8 MB
/// table spans 2048 of them, so lookups missed the TLB, and the first
/// touch of every page faulted twice (the zero page on the read, a copy
/// on the write). Advice only: contents are unchanged, and a kernel
/// without transparent huge pages ignores it.
#[cfg(target_os = "linux")]
fn advise_huge_pages(words: &mut [u64]) {
    // SAFETY: madvise reads and writes no memory; the range is memory
    // this table owns, and MADV_HUGEPAGE only tells the kernel how to
    // back it.
    unsafe {
        libc::madvise(
            words.as_mut_ptr().cast(),
            std::mem::size_of_val(words),
            libc::MADV_HUGEPAGE,
        );
    }
}

/// Elsewhere the table keeps the system's pages.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_words: &mut [u64]) {}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch_line(word: &u64) {
    // SAFETY: SSE is part of x86-64; a prefetch reads nothing and
    // cannot fault.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (word as *const u64).cast(),
        );
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn prefetch_line(_word: &u64) {}

/// Words per entry and per bucket.
const ENTRY_WORDS: usize = 4;
const BUCKET_WORDS: usize = 2 * ENTRY_WORDS;
/// Mask of the key part of an entry's second word.
const KEY_MASK: u64 = (1 << 48) - 1;

/// One entry, unpacked.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// Word 0: the position hash.
    hash: u64,
    /// Word 1: [`CacheKey::packed`] | move << 48.
    key_mv: u64,
    /// Word 2: table generation (low 32 bits, 0 = never written) | cost
    /// in nodes, saturated (high 32 bits).
    gen_cost: u64,
    /// Word 3: query serial << 2 | result.
    serial_result: u64,
}

impl Entry {
    fn load(words: &[u64]) -> Entry {
        Entry {
            hash: words[0],
            key_mv: words[1],
            gen_cost: words[2],
            serial_result: words[3],
        }
    }

    fn store(&self, words: &mut [u64]) {
        words[0] = self.hash;
        words[1] = self.key_mv;
        words[2] = self.gen_cost;
        words[3] = self.serial_result;
    }

    fn live(&self, gen: u32) -> bool {
        self.gen_cost as u32 == gen
    }

    fn matches(&self, key: &CacheKey, packed: u64, gen: u32) -> bool {
        self.hash == key.hash && self.key_mv & KEY_MASK == packed && self.live(gen)
    }

    fn cost(&self) -> u64 {
        self.gen_cost >> 32
    }

    fn serial(&self) -> u64 {
        self.serial_result >> 2
    }

    fn result(&self) -> ReadResult {
        match self.serial_result & 3 {
            0 => ReadResult::Fail,
            1 => ReadResult::KoB,
            2 => ReadResult::KoA,
            _ => ReadResult::Win,
        }
    }

    fn mv(&self) -> Point {
        Point((self.key_mv >> 48) as u16)
    }
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
    /// The entries, [`BUCKET_WORDS`] words per bucket from word `base` on
    /// (`base` aligns the buckets on 64 bytes).
    words: Vec<u64>,
    base: usize,
    n_buckets: usize,
    mb: usize,
    /// Current table generation; entries of other generations are empty.
    gen: u32,
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
}

impl Cache {
    /// Make sure the table is sized for `mb` megabytes (reallocates and
    /// clears when the size changed). 0 disables it.
    pub fn ensure(&mut self, mb: usize) {
        if mb == self.mb && (mb == 0 || self.n_buckets > 0) {
            return;
        }
        self.mb = mb;
        let n = (mb.min(4096) << 20) / (BUCKET_WORDS * 8);
        let len = n * BUCKET_WORDS;
        // Buckets start on a cache line, or on a huge page when the table
        // fills one or more.
        let align = if len * 8 >= HUGE_PAGE_BYTES {
            HUGE_PAGE_BYTES / 8
        } else {
            BUCKET_WORDS
        };
        // Zeroed words come from the allocator's zeroed pages (calloc),
        // mapped lazily; the spare words leave room for the alignment.
        self.words = if n == 0 {
            Vec::new()
        } else {
            vec![0u64; len + align]
        };
        let misalign = (self.words.as_ptr() as usize / 8) % align;
        self.base = (align - misalign) % align;
        if n > 0 && align > BUCKET_WORDS {
            advise_huge_pages(&mut self.words[self.base..self.base + len]);
        }
        self.n_buckets = n;
        self.gen = 1;
        self.hits = 0;
        self.stores = 0;
    }

    /// Forget every entry, keeping the allocation. O(1): a new generation.
    pub fn clear(&mut self) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            // Generations wrapped: entries of every old one must go.
            self.words.iter_mut().for_each(|w| *w = 0);
            self.gen = 1;
        }
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

    fn bucket(&self, i: usize) -> &[u64] {
        let at = self.base + i * BUCKET_WORDS;
        &self.words[at..at + BUCKET_WORDS]
    }

    fn bucket_mut(&mut self, i: usize) -> &mut [u64] {
        let at = self.base + i * BUCKET_WORDS;
        &mut self.words[at..at + BUCKET_WORDS]
    }

    /// Start loading the bucket of `key` into the cache (a hint: the
    /// lookup of that key is expected soon).
    #[inline]
    pub fn prefetch(&self, key: &CacheKey) {
        if self.n_buckets == 0 {
            return;
        }
        let at = self.base + key.index(self.n_buckets) * BUCKET_WORDS;
        prefetch_line(&self.words[at]);
    }

    /// Look a key up.
    pub fn get(&mut self, key: &CacheKey) -> Option<(ReadResult, Option<Point>)> {
        if self.n_buckets == 0 {
            return None;
        }
        let packed = key.packed();
        let bucket = self.bucket(key.index(self.n_buckets));
        for slot in 0..2 {
            let e = Entry::load(&bucket[slot * ENTRY_WORDS..]);
            if e.matches(key, packed, self.gen) {
                self.hits += 1;
                if e.serial() < self.floor {
                    self.stale_hits += 1;
                }
                let mv = e.mv();
                return Some((e.result(), mv.is_some().then_some(mv)));
            }
        }
        None
    }

    /// Store a result that cost `cost` nodes.
    pub fn put(&mut self, key: CacheKey, result: ReadResult, mv: Option<Point>, cost: u64) {
        if self.n_buckets == 0 {
            return;
        }
        let packed = key.packed();
        let gen = self.gen;
        let entry = Entry {
            hash: key.hash,
            key_mv: packed | (mv.unwrap_or(Point::NONE).0 as u64) << 48,
            gen_cost: gen as u64 | cost.min(u32::MAX as u64) << 32,
            serial_result: self.serial << 2 | result as u64,
        };
        self.stores += 1;
        let i = key.index(self.n_buckets);
        let bucket = self.bucket_mut(i);
        let first = Entry::load(&bucket[..ENTRY_WORDS]);
        let second = Entry::load(&bucket[ENTRY_WORDS..]);
        if first.matches(&key, packed, gen) {
            entry.store(&mut bucket[..ENTRY_WORDS]);
        } else if second.matches(&key, packed, gen) {
            entry.store(&mut bucket[ENTRY_WORDS..]);
        } else if !first.live(gen) || entry.cost() >= first.cost() {
            // the more expensive result takes the "deepest" slot
            first.store(&mut bucket[ENTRY_WORDS..]);
            entry.store(&mut bucket[..ENTRY_WORDS]);
        } else {
            entry.store(&mut bucket[ENTRY_WORDS..]);
        }
    }
}
