//! Perft: leaf counts of the legal-move tree (colours alternating, passes
//! excluded, simple ko respected) from fixed small positions, computed with
//! `trymove`/`popgo`, cross-checked against the oracle and pinned in
//! `testdata/perft.txt`.
//!
//! Data format: `position <name> <black|white>` starts a block; the
//! following rows are a diagram (see [`Board::from_diagram`], `*` = ko
//! point); then lines `<depth> <leaves> [oracle]` pin the counts (`oracle`:
//! also recompute that depth with the slow oracle).

use super::oracle::Oracle;
use crate::board::{Board, Color, Point};

const DATA: &str = include_str!("../testdata/perft.txt");

struct Case {
    name: String,
    board: Board,
    to_move: Color,
    /// (depth, leaves, also check with the oracle)
    counts: Vec<(usize, u64, bool)>,
}

/// A block of the data file while it is being read.
struct Block {
    name: String,
    to_move: Color,
    diagram: String,
    counts: Vec<(usize, u64, bool)>,
}

impl Block {
    fn finish(self) -> Case {
        let board = Board::from_diagram(&self.diagram)
            .unwrap_or_else(|e| panic!("perft position {}: {e}", self.name));
        Case {
            name: self.name,
            board,
            to_move: self.to_move,
            counts: self.counts,
        }
    }
}

fn parse() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut cur: Option<Block> = None;
    for line in DATA.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "position" {
            cases.extend(cur.take().map(Block::finish));
            let to_move = match words[2] {
                "black" => Color::Black,
                "white" => Color::White,
                w => panic!("bad colour {w}"),
            };
            cur = Some(Block {
                name: words[1].to_string(),
                to_move,
                diagram: String::new(),
                counts: Vec::new(),
            });
        } else if words[0].chars().all(|c| c.is_ascii_digit()) {
            let depth = words[0].parse().expect("depth");
            let n = words[1].parse().expect("count");
            let oracle = words.get(2) == Some(&"oracle");
            let block = cur.as_mut().expect("counts before position");
            block.counts.push((depth, n, oracle));
        } else {
            let block = cur.as_mut().expect("diagram before position");
            block.diagram.push_str(line);
            block.diagram.push('\n');
        }
    }
    cases.extend(cur.take().map(Block::finish));
    cases
}

/// Leaf count with the real board.
pub fn perft(b: &mut Board, color: Color, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let size = b.size();
    let mut n = 0;
    for r in 0..size {
        for c in 0..size {
            if b.trymove(Point::new(r, c), color) {
                n += perft(b, color.opponent(), depth - 1);
                b.popgo();
            }
        }
    }
    n
}

#[test]
fn perft_pinned_counts() {
    let cases = parse();
    assert!(cases.len() >= 5, "perft data lost positions");
    for mut case in cases {
        let before = case.board.clone();
        let oracle = Oracle::from_board(&case.board);
        for &(depth, want, check_oracle) in &case.counts {
            let got = perft(&mut case.board, case.to_move, depth);
            assert_eq!(got, want, "perft {} depth {depth}", case.name);
            assert!(
                case.board == before,
                "perft {} changed the board",
                case.name
            );
            assert_eq!(case.board.depth(), 0);
            if check_oracle {
                assert_eq!(
                    oracle.perft(case.to_move, depth),
                    want,
                    "oracle perft {} depth {depth}",
                    case.name
                );
            }
        }
    }
}

/// Print the table for new positions: `cargo test --release print_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_perft() {
    for mut case in parse() {
        println!("position {} {:?}", case.name, case.to_move);
        let oracle = Oracle::from_board(&case.board);
        for depth in 1..=12 {
            let t = std::time::Instant::now();
            let n = perft(&mut case.board, case.to_move, depth);
            let dt = t.elapsed();
            let t2 = std::time::Instant::now();
            let o = if dt.as_millis() < 200 {
                Some(oracle.perft(case.to_move, depth))
            } else {
                None
            };
            println!("{depth} {n} board {dt:?} oracle {o:?} {:?}", t2.elapsed());
            if dt.as_millis() > 1500 {
                break;
            }
        }
    }
}
