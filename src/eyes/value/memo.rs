//! The eye solver's memo table: an open-addressed table of packed 64-bit
//! slots.
//!
//! GNU Go counterpart: none (GNU Go looks eye values up in `eyes.db`; the
//! nearest relative is the reading cache of `engine/cache.c`). The solver
//! probes the table once per position and writes the result back to the
//! slot it opened. A `HashMap<u128, Entry>` (two probes, 32-byte buckets)
//! cost about a third of the solver's time, most of it in cache misses;
//! here a slot holds the key and its entry in 8 bytes:
//!
//! | bits  | field                                                 |
//! |-------|-------------------------------------------------------|
//! | 0-53  | the key (a node and a threshold, [`KEY_BITS`], not 0) |
//! | 54-55 | the state: removed, done-false, done-true, open       |
//! | 56-63 | for an open entry, its line length                    |
//!
//! An all-zero slot is empty. Removal leaves the key with the state
//! *removed* (a tombstone), so probe chains stay intact and a later open
//! of the same key reuses the slot.

use super::MAX_LINE;

/// The bits of a key (the solver's node key and threshold).
pub(super) const KEY_BITS: u32 = 54;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const STATE_SHIFT: u32 = KEY_BITS;
const LINE_SHIFT: u32 = 56;

const REMOVED: u64 = 0;
const DONE_FALSE: u64 = 1;
const DONE_TRUE: u64 = 2;
const OPEN: u64 = 3;

/// The smallest table; it doubles when half full.
const MIN_SLOTS: usize = 1 << 10;

// An open entry's line length fits its eight bits.
const _: () = assert!(MAX_LINE + 1 < 256);

/// A memo entry for a node and a threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Entry {
    /// Can O reach the threshold?
    Done(bool),
    /// Being searched, at this length of the line (a return to it is a
    /// repetition).
    Open(usize),
}

/// What [`Memo::probe`] found.
#[derive(Clone, Copy, Debug)]
pub(super) enum Probe {
    /// The key's entry.
    Found(Entry),
    /// No entry: the slot where [`Memo::write`] puts one.
    Vacant(Slot),
}

/// A slot index, valid while the table is not resized (see
/// [`Memo::write`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    index: usize,
    resizes: u64,
}

/// The table.
#[derive(Debug)]
pub(super) struct Memo {
    slots: Vec<u64>,
    /// Slots written since the last clear (tombstones included).
    used: usize,
    /// How many times the table was resized: a [`Slot`] from before a
    /// resize is probed again.
    resizes: u64,
}

impl Default for Memo {
    /// An unallocated table (a solver that never solves costs nothing);
    /// [`Memo::clear`] allocates it.
    fn default() -> Memo {
        Memo {
            slots: Vec::new(),
            used: 0,
            resizes: 0,
        }
    }
}

/// The home slot of `key` in a table of `len` slots (a power of two).
#[inline]
fn home(key: u64, len: usize) -> usize {
    let h = (key ^ (key >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> (64 - len.trailing_zeros())) as usize
}

impl Memo {
    /// Forget every entry. A table grown far beyond what the last search
    /// used is reallocated smaller (clearing it would cost more than that
    /// search, and its sparse slots cache misses to later, small ones).
    /// A search starts with a clear.
    pub(super) fn clear(&mut self) {
        if self.slots.len() < MIN_SLOTS
            || (self.slots.len() > MIN_SLOTS && self.used * 8 < self.slots.len())
        {
            self.slots = vec![0; (self.used * 4).next_power_of_two().max(MIN_SLOTS)];
            self.resizes += 1;
        } else {
            self.slots.fill(0);
        }
        self.used = 0;
    }

    /// The slot of `key` (`key` has at most [`KEY_BITS`] bits): where it
    /// is, or the empty or removed slot where it would go.
    #[inline]
    fn find(&self, key: u64) -> (usize, Option<Entry>) {
        debug_assert!(key != 0 && key & !KEY_MASK == 0, "memo key {key:#x}");
        debug_assert!(!self.slots.is_empty(), "memo probed before its first clear");
        let mask = self.slots.len() - 1;
        let mut i = home(key, self.slots.len());
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return (i, None);
            }
            if slot & KEY_MASK == key {
                let entry = match (slot >> STATE_SHIFT) & 3 {
                    REMOVED => None,
                    DONE_FALSE => Some(Entry::Done(false)),
                    DONE_TRUE => Some(Entry::Done(true)),
                    _ => Some(Entry::Open(((slot >> LINE_SHIFT) & 0xff) as usize)),
                };
                return (i, entry);
            }
            i = (i + 1) & mask;
        }
    }

    /// The entry of `key`, or the slot to open it in.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Probe {
        match self.find(key) {
            (_, Some(entry)) => Probe::Found(entry),
            (index, None) => Probe::Vacant(Slot {
                index,
                resizes: self.resizes,
            }),
        }
    }

    /// Write `entry` for `key`, at `slot` when the table has not been
    /// resized since the slot was found, else where a new probe finds it.
    #[inline]
    pub(super) fn write(&mut self, key: u64, slot: Slot, entry: Entry) {
        let index = if slot.resizes == self.resizes {
            slot.index
        } else {
            self.find(key).0
        };
        self.store(index, key, entry);
    }

    /// Remove `key`'s entry (found at `slot`, as for [`Memo::write`]).
    pub(super) fn remove(&mut self, key: u64, slot: Slot) {
        let index = if slot.resizes == self.resizes {
            slot.index
        } else {
            self.find(key).0
        };
        self.slots[index] = key | REMOVED << STATE_SHIFT;
    }

    // Inlined into the search's two writes per position (a call costs
    // more than the store); the rare doubling stays out of line.
    #[inline(always)]
    fn store(&mut self, index: usize, key: u64, entry: Entry) {
        if self.slots[index] == 0 {
            self.used += 1;
        }
        let value = match entry {
            Entry::Done(false) => DONE_FALSE << STATE_SHIFT,
            Entry::Done(true) => DONE_TRUE << STATE_SHIFT,
            Entry::Open(line) => {
                debug_assert!(line < 256);
                OPEN << STATE_SHIFT | (line as u64 & 0xff) << LINE_SHIFT
            }
        };
        self.slots[index] = key | value;
        if self.used * 2 > self.slots.len() {
            self.grow();
        }
    }

    /// Double the table, keeping its entries (tombstones dropped).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let doubled = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        self.resizes += 1;
        let mask = self.slots.len() - 1;
        for slot in old {
            if slot == 0 || (slot >> STATE_SHIFT) & 3 == REMOVED {
                continue;
            }
            let mut i = home(slot & KEY_MASK, self.slots.len());
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
            self.used += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table against a `HashMap` under a seeded random mix of opens,
    /// writes, removals and clears, through several resizes.
    #[test]
    fn memo_matches_a_hash_map() {
        use std::collections::HashMap;
        let mut rng = crate::board::SplitMix64(7);
        let mut memo = Memo::default();
        memo.clear();
        let mut model: HashMap<u64, Entry> = HashMap::new();
        for step in 0..200_000u32 {
            if step % 50_000 == 49_999 {
                memo.clear();
                model.clear();
            }
            // Keys from a small range, so probes hit as often as they miss.
            let key = (rng.below(20_000) as u64) << 30 | (1 + rng.below(3) as u64) << 52;
            match memo.probe(key) {
                Probe::Found(e) => {
                    assert_eq!(model.get(&key), Some(&e), "step {step}");
                    if rng.below(3) == 0 {
                        let (index, _) = memo.find(key);
                        let slot = Slot {
                            index,
                            resizes: memo.resizes,
                        };
                        memo.remove(key, slot);
                        model.remove(&key);
                    }
                }
                Probe::Vacant(slot) => {
                    assert_eq!(model.get(&key), None, "step {step}");
                    let entry = match rng.below(3) {
                        0 => Entry::Done(false),
                        1 => Entry::Done(true),
                        _ => Entry::Open(rng.below(MAX_LINE + 2)),
                    };
                    memo.write(key, slot, entry);
                    model.insert(key, entry);
                }
            }
        }
        assert!(memo.resizes > 0, "the test should grow the table");
    }
}
