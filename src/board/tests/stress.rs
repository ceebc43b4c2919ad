//! Seeded random play/undo stress: every step is mirrored on the copy-make
//! oracle and compared, with `check_consistency` and a from-scratch hash.

use super::oracle::{assert_same, assert_same_legality, scratch_hash, Oracle};
use crate::board::{Board, Color, Point, MAX_LIBS};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Exact equality of everything undo must restore: cells, chain numbering,
/// stone lists, the live chain records, ko, hash, captures, stack depths.
/// Stricter than `==`, which compares positions only.
pub fn assert_identical(a: &Board, b: &Board) {
    assert!(a == b, "positions differ\n{a:?}\nvs\n{b:?}");
    assert_eq!(a.n_chains, b.n_chains, "chain record count");
    assert_eq!(a.frames.len(), b.frames.len(), "move stack depth");
    let lens = |b: &Board| {
        let j = &b.journal;
        [
            j.cells.len(),
            j.chain_of.len(),
            j.next_stone.len(),
            j.chains.len(),
        ]
    };
    assert_eq!(lens(a), lens(b), "journal lengths");
    for i in 0..a.cells.len() {
        assert_eq!(a.cells[i], b.cells[i]);
        if a.cells[i] != crate::board::Cell::Empty && a.cells[i] != crate::board::Cell::Border {
            assert_eq!(a.chain_of[i], b.chain_of[i], "chain id at index {i}");
            assert_eq!(a.next_stone[i], b.next_stone[i], "stone list at index {i}");
        }
    }
    for (id, (x, y)) in a.chains[..a.n_chains]
        .iter()
        .zip(&b.chains[..b.n_chains])
        .enumerate()
    {
        let same = x.color == y.color
            && x.size == y.size
            && x.origin == y.origin
            && x.n_libs == y.n_libs
            && x.libs[..(x.n_libs as usize).min(MAX_LIBS)]
                == y.libs[..(y.n_libs as usize).min(MAX_LIBS)];
        assert!(same, "chain record {id}: {x:?} vs {y:?}");
    }
}

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
            assert_identical(&b, &prev_b);
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
                        assert_identical(&b, &before);
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
        assert_identical(&b, &prev_b);
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

/// 5x5 random games played deep with trymove (no eye filling, so boards
/// fill up and big groups die over and over), mirrored on the oracle and
/// unwound to the root with exact equality at every level.
#[test]
fn stress_5x5_many_captures() {
    let mut rng = StdRng::seed_from_u64(55);
    let mut b = Board::new(5);
    let pts: Vec<Point> = b.points().collect();
    let root = b.clone();
    let (mut captured, mut kos, mut moves) = (0u32, 0usize, 0usize);
    for _game in 0..120 {
        let mut stack: Vec<(Oracle, Board)> = Vec::new();
        let mut o = Oracle::new(5);
        let mut color = random_color(&mut rng);
        let mut passes = 0;
        while passes < 2 && b.depth() < 200 {
            // Legal moves that do not fill a one-point eye of the mover.
            let cands: Vec<Point> = pts
                .iter()
                .copied()
                .filter(|&p| {
                    o.play(p.row(), p.col(), color, false).is_some()
                        && !o
                            .neighbors(p.row(), p.col())
                            .all(|(r, c)| o.at(r, c) == Some(color))
                })
                .collect();
            let before = b.clone();
            if cands.is_empty() {
                b.trypass(color);
                stack.push((o.clone(), before));
                o = o.pass();
                passes += 1;
            } else {
                let p = cands[rng.gen_range(0..cands.len())];
                assert!(b.trymove(p, color), "oracle-legal move refused");
                stack.push((o.clone(), before));
                o = o.play(p.row(), p.col(), color, false).expect("legal");
                passes = 0;
                moves += 1;
                kos += usize::from(o.ko.is_some());
            }
            color = color.opponent();
            if let Err(e) = b.check_consistency() {
                panic!("{e}\n{b:?}");
            }
            assert_eq!(b.hash(), scratch_hash(&b));
            assert_same(&b, &o);
        }
        captured += b.captures(Color::Black) + b.captures(Color::White);
        while let Some((prev_o, prev_b)) = stack.pop() {
            assert!(b.popgo());
            assert_identical(&b, &prev_b);
            assert_same(&b, &prev_o);
        }
        assert_identical(&b, &root);
    }
    eprintln!("5x5: {moves} moves, {captured} stones captured, {kos} ko captures");
    assert!(captured > 2_000, "too few captures: {captured}");
    assert!(kos > 50, "too few kos: {kos}");
}

/// Issue 10, defect 3: a ko retaken by `tryko` 40,000 times in turn opens a
/// new chain record with every move, past the 65,536 ids a 16-bit chain id
/// had (it wrapped and a new chain shared the id of a live one: `countlib`
/// then answered 4 for a stone in atari and legal retakes were refused).
/// Every level must stay exact, and popping must restore the position.
#[test]
fn a_ko_retaken_deeper_than_any_chain_id_range_stays_exact() {
    let mut b = Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . X O . . . .
         . . X O . O . . .
         . . . X O . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .expect("diagram");
    let root = b.clone();
    let e4 = Point::new(5, 4);
    let d4 = Point::new(5, 3);
    let rounds = 40_000;
    for round in 0..rounds {
        assert!(
            b.tryko(e4, Color::Black),
            "round {round}: black retake refused"
        );
        assert_eq!(b.countlib(e4), 1, "round {round}: black E4 not in atari");
        assert!(
            b.tryko(d4, Color::White),
            "round {round}: white retake refused"
        );
        assert_eq!(b.countlib(d4), 1, "round {round}: white D4 not in atari");
        if round % 4_999 == 0 {
            b.check_consistency()
                .unwrap_or_else(|e| panic!("round {round}: {e}"));
        }
    }
    assert!(
        b.n_chains > usize::from(u16::MAX),
        "the test must pass 65,536 chain ids"
    );
    b.check_consistency()
        .expect("consistent at the deepest level");
    while b.popgo() {}
    assert_identical(&b, &root);
}
