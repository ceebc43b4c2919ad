//! Zobrist hash tests: pinned keys and hashes (so a change of the key
//! stream, which would silently change every cached reading result and
//! node count, shows up here), transpositions, the ko point, and the
//! incremental hash against a from-scratch recomputation along real games.
//!
//! The pinned literals were checked independently: a few lines of Python
//! running splitmix64 from `zobrist::SEED` over the padded index give the
//! same keys.

use super::oracle::scratch_hash;
use crate::board::{ko_key, stone_key, Board, Color, Point};

const B: Color = Color::Black;
const W: Color = Color::White;

fn p(r: usize, c: usize) -> Point {
    Point::new(r, c)
}

#[test]
fn empty_board_hash_is_pinned() {
    for size in [1, 9, 13, 19, 25] {
        let b = Board::new(size);
        assert_eq!(b.hash(), 0, "empty {size}x{size}");
        assert_eq!(scratch_hash(&b), 0);
    }
}

#[test]
fn key_stream_is_pinned() {
    // Table 0 black, 1 white, 2 ko; index = padded point index.
    assert_eq!(stone_key(B, p(0, 0)), 0xd11c_983e_1e76_57f4);
    assert_eq!(stone_key(W, p(0, 0)), 0x0e42_5072_ca49_9275);
    assert_eq!(ko_key(p(0, 0)), 0x6388_1208_dc18_fd55);
    assert_eq!(stone_key(B, p(18, 18)), 0x375a_deda_3084_e6fe);
    assert_eq!(stone_key(W, p(3, 3)), 0x41c7_d0b1_265d_b211);
}

#[test]
fn keys_are_distinct() {
    let mut keys: Vec<u64> = Vec::new();
    for r in 0..25 {
        for c in 0..25 {
            keys.push(stone_key(B, p(r, c)));
            keys.push(stone_key(W, p(r, c)));
            keys.push(ko_key(p(r, c)));
        }
    }
    let n = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), n, "duplicate Zobrist keys");
    assert!(!keys.contains(&0));
}

/// A ko Black can take at (1, 2), capturing the white stone at (1, 1).
const KO_JUST_TAKEN: &str = ". X O . .
                             X O . O .
                             . X O . .
                             . . . . .
                             . . . . .";

/// The hash of a known position (a black ko capture just made) is pinned.
#[test]
fn known_position_hash_is_pinned() {
    let mut b = Board::from_diagram(KO_JUST_TAKEN).expect("diagram");
    assert_eq!(b.hash(), 0xc3b6_f8e0_4655_c5ef);
    b.play(p(1, 2), B).expect("ko capture");
    assert_eq!(b.ko_point(), p(1, 1));
    assert_eq!(b.hash(), 0x7641_53e3_8383_0fca);
    assert_eq!(b.hash(), scratch_hash(&b));
    // The same stones written as a diagram with the ko marked.
    let d = Board::from_diagram(
        ". X O . .
         X * X O .
         . X O . .
         . . . . .
         . . . . .",
    )
    .expect("diagram");
    assert_eq!(d.hash(), b.hash());
}

/// Different move orders reaching the same stones give the same hash, and
/// the hash does not depend on the board's history or chain numbering.
#[test]
fn transpositions_hash_equal() {
    let moves = [
        (p(3, 3), B),
        (p(3, 4), W),
        (p(4, 3), B),
        (p(2, 4), W),
        (p(4, 4), B),
        (p(5, 5), W),
    ];
    let mut a = Board::new(9);
    for &(m, c) in &moves {
        a.play(m, c).expect("legal");
    }
    let mut b = Board::new(9);
    for &(m, c) in moves.iter().rev() {
        b.play(m, c).expect("legal");
    }
    assert_eq!(a.hash(), b.hash());
    assert!(a == b);
    // The same again as hypothetical moves from an empty board.
    let mut t = Board::new(9);
    let empty = t.hash();
    for &(m, c) in moves.iter().skip(1).chain(moves.iter().take(1)) {
        assert!(t.trymove(m, c));
    }
    assert_eq!(t.hash(), a.hash());
    while t.popgo() {}
    assert_eq!(t.hash(), empty);
    // Setup stones give the same hash as played stones.
    let mut s = Board::new(9);
    for &(m, c) in &moves {
        s.add_stone(m, c);
    }
    assert_eq!(s.hash(), a.hash());
}

/// A capture that brings back an earlier set of stones brings back its
/// hash (once the ko point is gone).
#[test]
fn capture_restores_earlier_hash() {
    let mut b = Board::from_diagram(
        ". . . . .
         . . X . .
         . X O X .
         . . . . .
         . . . . .",
    )
    .expect("diagram");
    let mut without_white = b.clone();
    without_white.remove_stone(p(2, 2));
    let target = without_white.hash();
    b.play(p(3, 2), B).expect("capture");
    assert_eq!(b.captures(B), 1);
    assert_ne!(b.hash(), target, "the extra black stone is hashed");
    b.remove_stone(p(3, 2));
    assert_eq!(b.hash(), target);
}

#[test]
fn ko_point_changes_the_hash() {
    let mut b = Board::from_diagram(KO_JUST_TAKEN).expect("diagram");
    b.play(p(1, 2), B).expect("ko capture");
    let with_ko = b.hash();
    let mut no_ko = b.clone();
    no_ko.set_ko(Point::NONE);
    assert_ne!(with_ko, no_ko.hash());
    assert_eq!(with_ko ^ no_ko.hash(), ko_key(p(1, 1)));
    // A different ko point gives a different hash again.
    let mut other = no_ko.clone();
    other.set_ko(p(4, 4));
    assert_ne!(other.hash(), with_ko);
    assert_ne!(other.hash(), no_ko.hash());
    // A pass (real or hypothetical) clears the ko and its key.
    assert!(b.trymove(p(4, 4), W));
    assert_eq!(b.ko_point(), Point::NONE);
    b.popgo();
    assert_eq!(b.hash(), with_ko);
    b.trypass(W);
    assert_eq!(b.hash(), no_ko.hash());
    b.popgo();
    assert_eq!(b.hash(), with_ko);
    b.pass();
    assert_eq!(b.hash(), no_ko.hash());
}

/// Along long random real games with captures, the incremental hash always
/// equals the recomputed one, and equal hashes mean equal positions among
/// everything seen (no collision in a few thousand positions).
#[test]
fn incremental_hash_along_random_games() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(2026);
    for size in [5, 9, 19] {
        let mut seen: std::collections::BTreeMap<u64, String> = Default::default();
        let mut b = Board::new(size);
        let pts: Vec<Point> = b.points().collect();
        let mut color = B;
        for _ in 0..6 * size * size {
            let m = pts[rng.gen_range(0..pts.len())];
            if b.play(m, color).is_ok() {
                color = color.opponent();
            }
            assert_eq!(b.hash(), scratch_hash(&b));
            let key = format!("{:?} {}", b.ko_point(), b.to_diagram());
            let prev = seen.entry(b.hash()).or_insert_with(|| key.clone());
            assert_eq!(*prev, key, "hash collision");
        }
    }
}

/// The tables' hasher spreads even the least random keys (small
/// consecutive integers, keys that differ in high bits only) over the
/// buckets a map uses (the low bits), and finds what was stored.
#[test]
fn the_key_hasher_spreads_keys_over_the_low_bits() {
    use crate::board::{KeyHasher, KeyMap};
    use std::hash::{BuildHasher, BuildHasherDefault};
    let build = BuildHasherDefault::<KeyHasher>::default();
    for keys in [
        (0..4096u64).collect::<Vec<_>>(),
        (0..4096u64).map(|k| k << 40).collect(),
    ] {
        let mut buckets = vec![false; 4096];
        for &k in &keys {
            buckets[(build.hash_one(k) & 4095) as usize] = true;
        }
        let used = buckets.iter().filter(|&&b| b).count();
        assert!(used > 2000, "{used} of 4096 buckets used");
    }
    let mut map: KeyMap<(u64, u64), u32> = KeyMap::default();
    for k in 0..1000u64 {
        map.insert((k, k << 32), k as u32);
    }
    assert!((0..1000u64).all(|k| map.get(&(k, k << 32)) == Some(&(k as u32))));
}
