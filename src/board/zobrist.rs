//! Deterministic Zobrist keys for stones and the ko point.
//!
//! GNU Go counterpart: `engine/hash.c` (`hashdata_recalc`,
//! `hashdata_invert_stone`, `hashdata_invert_ko`). The keys come from a
//! fixed-seed splitmix64 stream evaluated at compile time, so hashes are
//! identical on every platform, compiler version and run.

use super::color::Color;
use super::point::{Point, BOARD_ARRAY};

/// The seed of the key stream. Changing it changes every pinned hash.
pub const SEED: u64 = 0x5445_5355_4a49_0001;

/// One step of the splitmix64 stream: the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (next, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; BOARD_ARRAY]; 3] {
    let mut keys = [[0u64; BOARD_ARRAY]; 3];
    let mut state = SEED;
    let mut table = 0;
    while table < 3 {
        let mut i = 0;
        while i < BOARD_ARRAY {
            let (s, v) = splitmix64(state);
            state = s;
            keys[table][i] = v;
            i += 1;
        }
        table += 1;
    }
    keys
}

/// A seedable splitmix64 generator: the same stream as the Zobrist keys,
/// stable across crate versions and platforms (the interim `genmove` and
/// the board benchmark draw their moves from it).
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix64(self.0);
        self.0 = state;
        out
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Test positions: `n` tries of a stone of a random colour on a
    /// random point of `board` (occupied points and illegal moves are
    /// skipped, captures happen), drawing two numbers per try.
    #[cfg(test)]
    pub fn scatter_stones(&mut self, board: &mut super::Board, n: usize) {
        let points: Vec<Point> = board.points().collect();
        for _ in 0..n {
            let p = points[self.below(points.len())];
            let color = if self.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            let _ = board.play(p, color);
        }
    }
}

/// Keys: table 0 black stones, 1 white stones, 2 ko point.
static KEYS: [[u64; BOARD_ARRAY]; 3] = make_keys();

/// The key of a stone of `color` on `p`.
#[inline]
pub fn stone_key(color: Color, p: Point) -> u64 {
    KEYS[color.index()][p.idx()]
}

/// The key of the ko point `p`.
#[inline]
pub fn ko_key(p: Point) -> u64 {
    KEYS[2][p.idx()]
}

/// A hasher for the tables keyed by Zobrist hashes (the owl's, the
/// semeai's and the proof search's): their keys are already uniformly
/// spread, so each word written is folded in with one multiply, and the
/// result mixed once, instead of the standard library's SipHash, which
/// those tables paid for on every probe (4.5% fewer instructions on the
/// first 60 commands of ld_owl.tst, cachegrind). Not for keys an adversary
/// chooses; the maps are never iterated in an order that matters.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl KeyHasher {
    fn fold(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(26) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // The high bits of a product reach the low bits, where the
        // buckets are chosen, only through this final mix.
        let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z ^ (z >> 27)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.fold(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.fold(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.fold(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.fold(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.fold(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.fold(n as u64);
    }
}

/// A `HashMap` keyed by Zobrist hashes, with [`KeyHasher`].
pub type KeyMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<KeyHasher>>;
