//! `tesuji-bench`: throughput of the board code, printed as a small table.
//! Not a test: nothing is asserted, the numbers go into README by hand.
//! Run it through `scripts/bench-board.sh` (release build). With
//! `--eye-graphs FILE` it times the eye solver instead, on graphs real
//! positions asked for (`scripts/eye-bench.sh`).
//!
//! GNU Go counterpart: none; GNU Go reports reading node counts, not board
//! speed. The two measurements, on 9x9 and 19x19:
//! - **play+undo**: from a seeded random middle-game position, sequences of
//!   1-8 random legal hypothetical moves ([`Board::trymove`]) each taken
//!   back with [`Board::popgo`] — the reader's inner loop. One operation is
//!   one trymove plus its popgo.
//! - **playouts**: from the empty board, seeded random legal moves that do
//!   not fill an own eye, played with [`Board::play`] until both sides pass
//!   (or 3 x points moves). One operation is one whole playout.
//!
//! Every move sequence comes from a SplitMix64 generator seeded with
//! `--seed`, so a run is repeatable: the checksum column (positions seen,
//! hashed) must be the same for the same seed, build and board code.

use clap::Parser;
use std::time::{Duration, Instant};
use tesuji::board::{Board, Color, Point, SplitMix64};
use tesuji::engine::genmove::is_own_eye;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(
    name = "tesuji-bench",
    about = "Board throughput: play+undo and random playouts on 9x9 and 19x19"
)]
struct Options {
    /// Seed of every random move sequence.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Work multiplier (1 = about a second per row on a current machine).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// Instead of the board rows: solve the eye graphs in this file (lines
    /// holding `eye graph ...`, as `RUST_LOG=tesuji::eyes::graph=trace`
    /// logs them; `scripts/eye-bench.sh` collects them from suites), each
    /// distinct graph once, with the owl's node budget, and print the
    /// count, the solver's positions, the graphs given up, the time and a
    /// checksum of the answers (equal answers, equal checksum).
    #[arg(long, value_name = "FILE")]
    eye_graphs: Option<std::path::PathBuf>,
    /// Run only the rows of one test, e.g. to profile it.
    #[arg(long, value_enum, value_name = "TEST")]
    only: Option<Test>,
}

/// The board tests, for `--only`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Test {
    /// trymove/popgo sequences.
    #[value(name = "play+undo")]
    PlayUndo,
    /// Random playouts.
    Playouts,
}

/// Solve every distinct eye graph of `path` (see `--eye-graphs`).
fn bench_eye_graphs(path: &std::path::Path) -> Result<(), String> {
    use std::hash::{Hash, Hasher};
    use tesuji::eyes::value::{EyeGraph, EyeSolver};
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut seen = std::collections::HashSet::new();
    let mut graphs = Vec::new();
    for line in text.lines() {
        let Some((_, rest)) = line.split_once("eye graph ") else {
            continue;
        };
        let g = EyeGraph::from_line(rest).ok_or_else(|| format!("not an eye graph: {rest}"))?;
        if seen.insert(g.clone()) {
            graphs.push(g);
        }
    }
    let mut solver = EyeSolver::with_budget(tesuji::owl::OWL_EYE_BUDGET);
    let mut checksum = std::collections::hash_map::DefaultHasher::new();
    let (mut nodes, mut given_up) = (0u64, 0usize);
    let start = Instant::now();
    for g in &graphs {
        let solution = solver.solve(g);
        nodes += solver.nodes();
        given_up += usize::from(solution.is_none());
        format!("{solution:?}").hash(&mut checksum);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "eye graphs {} (distinct), solver positions {nodes}, given up {given_up}, \
         {secs:.3} s, {}/s, answers checksum {:#018x}",
        graphs.len(),
        human(nodes as f64 / secs.max(1e-9)),
        checksum.finish()
    );
    Ok(())
}

/// A seeded random middle-game position: random legal non-eye moves until
/// about a third of the board is covered.
fn middle_game(size: usize, rng: &mut SplitMix64) -> Board {
    let mut board = Board::new(size);
    let points: Vec<Point> = board.points().collect();
    let target = size * size / 3;
    let mut color = Color::Black;
    let mut tries = 0;
    while board.stone_count(Color::Black) + board.stone_count(Color::White) < target
        && tries < 100 * size * size
    {
        tries += 1;
        let p = points[rng.below(points.len())];
        if board.is_legal(p, color) && !is_own_eye(&board, p, color) && board.play(p, color).is_ok()
        {
            color = color.opponent();
        }
    }
    board
}

/// One measured row.
struct Row {
    size: usize,
    test: &'static str,
    ops: u64,
    elapsed: Duration,
    note: String,
    checksum: u64,
}

/// `sequences` sequences of 1-8 random legal trymoves, each popped again.
fn bench_play_undo(size: usize, seed: u64, sequences: u64) -> Row {
    let mut rng = SplitMix64(seed ^ (size as u64) << 32);
    let mut board = middle_game(size, &mut rng);
    let points: Vec<Point> = board.points().collect();
    let mut ops = 0u64;
    let mut checksum = 0u64;
    let start = Instant::now();
    for _ in 0..sequences {
        let depth = 1 + rng.below(8);
        let mut color = if rng.next_u64() & 1 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut pushed = 0;
        for _ in 0..depth {
            // Try random points until one is legal (bounded).
            for _ in 0..16 {
                let p = points[rng.below(points.len())];
                if board.trymove(p, color) {
                    pushed += 1;
                    break;
                }
            }
            color = color.opponent();
        }
        checksum = checksum.rotate_left(5) ^ board.hash();
        for _ in 0..pushed {
            board.popgo();
        }
        ops += pushed;
    }
    let elapsed = start.elapsed();
    Row {
        size,
        test: "play+undo",
        ops,
        elapsed,
        note: format!("{sequences} sequences of 1-8 moves"),
        checksum: checksum ^ board.hash(),
    }
}

/// Random playouts from the empty board.
fn bench_playouts(size: usize, seed: u64, playouts: u64) -> Row {
    let mut rng = SplitMix64(seed ^ (size as u64) << 40 ^ 0x91a7);
    let empty = Board::new(size);
    let max_moves = 3 * size * size;
    let mut total_moves = 0u64;
    let mut checksum = 0u64;
    let mut empties: Vec<Point> = Vec::with_capacity(size * size);
    let start = Instant::now();
    for _ in 0..playouts {
        let mut board = empty.clone();
        empties.clear();
        empties.extend(board.points());
        let mut color = Color::Black;
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < max_moves {
            let captured_before = board.captures(color);
            // Scan the empty points cyclically from a random start.
            let n = empties.len();
            let first = if n == 0 { 0 } else { rng.below(n) };
            let mut played = None;
            for k in 0..n {
                let i = (first + k) % n;
                let p = empties[i];
                if board.is_legal(p, color)
                    && !is_own_eye(&board, p, color)
                    && board.play(p, color).is_ok()
                {
                    played = Some(i);
                    break;
                }
            }
            match played {
                Some(i) => {
                    passes = 0;
                    moves += 1;
                    if board.captures(color) != captured_before {
                        empties.clear();
                        empties.extend(board.points().filter(|&q| board.is_empty(q)));
                    } else {
                        empties.swap_remove(i);
                    }
                }
                None => {
                    board.pass();
                    passes += 1;
                }
            }
            color = color.opponent();
        }
        total_moves += moves as u64;
        checksum = checksum.rotate_left(7) ^ board.hash();
    }
    let elapsed = start.elapsed();
    Row {
        size,
        test: "playouts",
        ops: playouts,
        elapsed,
        note: format!(
            "{:.1} moves/playout, {:.2}M moves/s",
            total_moves as f64 / playouts.max(1) as f64,
            total_moves as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
        ),
        checksum,
    }
}

/// A rate with a unit prefix: `4.81M`, `12.3k`.
fn human(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.2}M", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1}k", rate / 1e3)
    } else {
        format!("{rate:.1}")
    }
}

fn main() {
    let options = Options::parse();
    if let Some(path) = &options.eye_graphs {
        if let Err(e) = bench_eye_graphs(path) {
            eprintln!("tesuji-bench: {e}");
            std::process::exit(2);
        }
        return;
    }
    let scale = if options.scale.is_finite() && options.scale > 0.0 {
        options.scale
    } else {
        1.0
    };
    let work = |n: u64| ((n as f64 * scale).round() as u64).max(1);
    let seed = options.seed;
    let wanted = |test: Test| options.only.is_none_or(|only| only == test);
    let mut rows = Vec::new();
    if wanted(Test::PlayUndo) {
        rows.push(bench_play_undo(9, seed, work(2_000_000)));
        rows.push(bench_play_undo(19, seed, work(1_000_000)));
    }
    if wanted(Test::Playouts) {
        rows.push(bench_playouts(9, seed, work(40_000)));
        rows.push(bench_playouts(19, seed, work(4_000)));
    }
    println!(
        "tesuji-bench {} (seed {seed}, scale {scale})",
        env!("CARGO_PKG_VERSION")
    );
    println!(
        "{:<6} {:<10} {:>10} {:>8} {:>9}  {:<18} notes",
        "board", "test", "ops", "seconds", "ops/s", "checksum"
    );
    for r in &rows {
        let secs = r.elapsed.as_secs_f64();
        println!(
            "{:<6} {:<10} {:>10} {:>8.3} {:>9}  {:#018x} {}",
            format!("{0}x{0}", r.size),
            r.test,
            r.ops,
            secs,
            human(r.ops as f64 / secs.max(1e-9)),
            r.checksum,
            r.note
        );
    }
}
