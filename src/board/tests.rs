//! Board self-tests: random play/undo stress against `check_consistency`.

use super::*;
use rand::{Rng, SeedableRng};

fn random_stress(size: usize, seed: u64, steps: usize) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut b = Board::new(size);
    let mut snapshots: Vec<Board> = Vec::new();
    let pts: Vec<Point> = b.points().collect();
    for _ in 0..steps {
        let undo = !snapshots.is_empty() && (rng.gen_bool(0.3) || b.depth() > 60);
        if undo {
            assert!(b.popgo());
            let snap = snapshots.pop().unwrap();
            assert!(b == snap, "undo did not restore\n{b:?}\nvs\n{snap:?}");
        } else {
            let color = if rng.gen_bool(0.5) {
                Color::Black
            } else {
                Color::White
            };
            let p = pts[rng.gen_range(0..pts.len())];
            let before = b.clone();
            let ok = if rng.gen_bool(0.1) {
                b.tryko(p, color)
            } else {
                b.trymove(p, color)
            };
            if ok {
                snapshots.push(before);
            } else {
                assert!(b == before);
            }
        }
        if let Err(e) = b.check_consistency() {
            panic!("{e}\n{b:?}");
        }
    }
}

#[test]
fn stress_small_boards() {
    for size in 1..=7 {
        random_stress(size, size as u64, 20_000);
    }
}

#[test]
fn stress_19() {
    random_stress(19, 19, 50_000);
}
