//! Seeded random play/undo stress: every step is mirrored on the copy-make
//! oracle and compared, with `check_consistency` and a from-scratch hash.

use super::oracle::{assert_same, assert_same_legality, scratch_hash, Oracle};
use crate::board::{Board, Color, Point};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_color(rng: &mut StdRng) -> Color {
    if rng.gen_bool(0.5) {
        Color::Black
    } else {
        Color::White
    }
}

/// Run `steps` random actions on a `size` board. `full_legality`: compare
/// legality of every point for both colours after each step (small boards);
/// otherwise a few random points.
fn stress(size: usize, seed: u64, steps: usize, full_legality: bool) {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed_0000_0000 ^ size as u64);
    let mut b = Board::new(size);
    // Oracle and board snapshot for each open hypothetical move.
    let mut stack: Vec<(Oracle, Board)> = Vec::new();
    let mut o = Oracle::new(size);
    let pts: Vec<Point> = b.points().collect();
    let max_depth = 10 + 2 * size * size.min(12);
    // Start from a middle-game-like base: random real moves until about
    // 40% of the board holds stones.
    let mut color = Color::Black;
    for _ in 0..4 * pts.len() {
        if 5 * (b.stone_count(Color::Black) + b.stone_count(Color::White)) >= 2 * pts.len() {
            break;
        }
        let p = pts[rng.gen_range(0..pts.len())];
        if let Some(next) = o.play(p.row(), p.col(), color, false) {
            b.play(p, color).expect("oracle says legal");
            o = next;
            color = color.opponent();
        } else {
            assert!(b.play(p, color).is_err());
        }
    }
    // plays, adds, removes, pops, passes, moves, ko captures, ko steps
    let mut counts = [0usize; 8];
    for step in 0..steps {
        let roll = rng.gen_range(0..100);
        if b.depth() == 0 && roll < 12 {
            // A real action on the base position; thin out a crowded board.
            let p = pts[rng.gen_range(0..pts.len())];
            let (r, c) = (p.row(), p.col());
            let color = random_color(&mut rng);
            let crowded =
                3 * (b.stone_count(Color::Black) + b.stone_count(Color::White)) > 2 * pts.len();
            let action = if crowded { 99 } else { rng.gen_range(0..100) };
            match action {
                0..=59 => {
                    let res = b.play(p, color);
                    match o.play(r, c, color, false) {
                        Some(next) => {
                            assert!(res.is_ok(), "play refused {res:?}");
                            o = next;
                            counts[0] += 1;
                        }
                        None => assert!(res.is_err(), "play accepted an illegal move"),
                    }
                }
                60..=69 => {
                    b.pass();
                    o = o.pass();
                }
                70..=84 => {
                    // Setup stones (rarely over an existing stone).
                    if b.is_empty(p) || rng.gen_bool(0.2) {
                        b.add_stone(p, color);
                        o.grid[r * size + c] = Some(color);
                        o.ko = None;
                        counts[1] += 1;
                    }
                }
                _ => {
                    if b.is_stone(p) {
                        b.remove_stone(p);
                        o.grid[r * size + c] = None;
                        o.ko = None;
                        counts[2] += 1;
                    }
                }
            }
        } else if !stack.is_empty() && (roll < 50 || b.depth() >= max_depth) {
            assert!(b.popgo());
            let (prev_o, prev_b) = stack.pop().expect("non-empty");
            assert!(b == prev_b, "popgo did not restore\n{b:?}\nvs\n{prev_b:?}");
            o = prev_o;
            counts[3] += 1;
        } else {
            // A hypothetical move; prefer empty points.
            // Prefer empty points near the last move: local fights give
            // captures, merges and kos even on big boards.
            let mut p = pts[rng.gen_range(0..pts.len())];
            if let Some((lp, _)) = b.move_stack().last().filter(|m| m.0.is_some()) {
                if rng.gen_bool(0.6) {
                    let r = (lp.row() + size + rng.gen_range(0..5) - 2).clamp(size, 2 * size - 1);
                    let c = (lp.col() + size + rng.gen_range(0..5) - 2).clamp(size, 2 * size - 1);
                    p = Point::new(r - size, c - size);
                }
            }
            if !b.is_empty(p) && rng.gen_bool(0.8) {
                p = pts[rng.gen_range(0..pts.len())];
            }
            let (r, c) = (p.row(), p.col());
            let color = random_color(&mut rng);
            let before = b.clone();
            let kind = rng.gen_range(0..100);
            if kind < 5 {
                b.trypass(color);
                stack.push((o.clone(), before));
                o = o.pass();
                counts[4] += 1;
            } else {
                let ignore_ko = kind < 20;
                let ok = if ignore_ko {
                    b.tryko(p, color)
                } else {
                    b.trymove(p, color)
                };
                match o.play(r, c, color, ignore_ko) {
                    Some(next) => {
                        assert!(ok, "trymove refused a legal move at ({r},{c})\n{before:?}");
                        stack.push((o.clone(), before));
                        o = next;
                        counts[5] += 1;
                        if o.ko.is_some() {
                            counts[6] += 1;
                        }
                    }
                    None => {
                        assert!(
                            !ok,
                            "trymove accepted an illegal move at ({r},{c})\n{before:?}"
                        );
                        assert!(b == before);
                    }
                }
            }
        }
        // Compare everything.
        if let Err(e) = b.check_consistency() {
            panic!("step {step}: {e}\n{b:?}");
        }
        assert_eq!(b.hash(), scratch_hash(&b), "step {step}: hash");
        assert_same(&b, &o);
        if full_legality {
            for r in 0..size {
                for c in 0..size {
                    for color in Color::ALL {
                        assert_same_legality(&b, &o, r, c, color);
                    }
                }
            }
        } else {
            for _ in 0..4 {
                let p = pts[rng.gen_range(0..pts.len())];
                let color = random_color(&mut rng);
                assert_same_legality(&b, &o, p.row(), p.col(), color);
            }
        }
        if o.ko.is_some() {
            counts[7] += 1;
        }
    }
    // The run must have exercised the interesting paths.
    if size >= 2 {
        eprintln!("size {size}: {counts:?}");
        assert!(
            counts[5] > steps / 10,
            "too few hypothetical moves: {counts:?}"
        );
        assert!(counts[0] > 0 && counts[3] > 0, "{counts:?}");
    }
    if size >= 4 {
        assert!(counts[6] > 0, "no ko captured: {counts:?}");
    }
    // Unwind completely: the base position must come back.
    while b.depth() > 0 {
        b.popgo();
        let (prev_o, prev_b) = stack.pop().expect("stack in step with depth");
        assert!(b == prev_b);
        o = prev_o;
    }
    assert!(!b.popgo(), "popgo on an empty stack");
    assert_same(&b, &o);
}

#[test]
fn stress_small_boards_full_legality() {
    for size in 1..=7 {
        stress(size, 1, 8_000, true);
    }
}

#[test]
fn stress_9x9() {
    stress(9, 2, 30_000, false);
}

#[test]
fn stress_19x19() {
    stress(19, 3, 30_000, false);
}

#[test]
fn stress_25x25() {
    stress(25, 4, 20_000, false);
}

/// Long hypothetical sequences on a board kept dense by real play: many
/// captures, merges and big chains (more than `MAX_LIBS` liberties).
#[test]
fn stress_dense_19x19_big_chains() {
    let mut rng = StdRng::seed_from_u64(77);
    let mut b = Board::new(19);
    let mut o = Oracle::new(19);
    // Build two big walls: long chains with many liberties.
    for c in 0..19 {
        b.play(Point::new(6, c), Color::Black).expect("legal");
        o = o.play(6, c, Color::Black, false).expect("legal");
        b.play(Point::new(12, c), Color::White).expect("legal");
        o = o.play(12, c, Color::White, false).expect("legal");
    }
    assert_same(&b, &o);
    assert!(b.countlib(Point::new(6, 0)) > 24);
    let pts: Vec<Point> = b.points().collect();
    let mut stack: Vec<Oracle> = Vec::new();
    for _ in 0..6_000 {
        if !stack.is_empty() && (rng.gen_bool(0.35) || b.depth() > 150) {
            b.popgo();
            o = stack.pop().expect("non-empty");
        } else {
            // Moves near the walls to eat their liberties.
            let p = pts[rng.gen_range(0..pts.len())];
            let near = (p.row() as isize - 6).abs() <= 1 || (p.row() as isize - 12).abs() <= 1;
            if !near && rng.gen_bool(0.7) {
                continue;
            }
            let color = random_color(&mut rng);
            let ok = b.trymove(p, color);
            match o.play(p.row(), p.col(), color, false) {
                Some(next) => {
                    assert!(ok);
                    stack.push(std::mem::replace(&mut o, next));
                }
                None => assert!(!ok),
            }
        }
        if let Err(e) = b.check_consistency() {
            panic!("{e}\n{b:?}");
        }
        assert_same(&b, &o);
    }
}
