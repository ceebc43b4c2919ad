//! Node-count goldens (style rule 12): every string of a small corpus of
//! diagrams (`testdata/corpus.txt`) is attacked and defended by a fresh
//! reader; the answers and node counts are pinned in
//! `testdata/node_goldens.tsv`, so any change of move ordering or of the
//! candidate generators shows in review as a diff to explain. The table
//! also holds GNU Go 3.8's answers (recorded once with `gnugo --mode gtp`):
//! our result code must equal GNU Go's on every query (the move may differ
//! where several moves work).
//!
//! `TESUJI_BLESS=1 cargo test --release --lib node_goldens` rewrites our
//! columns.

use super::{ReadResult, Reader, ReadingConfig};
use crate::board::{Board, Point};

const CORPUS: &str = include_str!("testdata/corpus.txt");
const GOLDENS_PATH: &str = "src/reading/testdata/node_goldens.tsv";

fn vertex(board: &Board, p: Point) -> String {
    let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    format!("{}{}", letters[p.col()] as char, board.size() - p.row())
}

fn answer(board: &Board, (res, mv): (ReadResult, Option<Point>)) -> String {
    let code = match res {
        ReadResult::Fail => return "0".into(),
        ReadResult::Win => 1,
        ReadResult::KoA => 2,
        ReadResult::KoB => 3,
    };
    match mv {
        Some(m) => format!("{code} {}", vertex(board, m)),
        None => format!("{code} PASS"),
    }
}

/// The corpus: (name, diagram).
fn corpus() -> Vec<(String, String)> {
    CORPUS
        .split("\n= ")
        .skip(1)
        .map(|block| {
            let (name, diagram) = block.split_once('\n').expect("name line");
            (name.trim().to_string(), diagram.to_string())
        })
        .collect()
}

/// (position, query, vertex) -> (our answer, nodes), in corpus order.
fn measure() -> Vec<(String, String, String, String, u64)> {
    let mut rows = Vec::new();
    for (name, diagram) in corpus() {
        let mut board = Board::from_diagram(&diagram).expect("corpus diagram");
        let before = board.clone();
        // Strings named by their first stone in row-major order.
        let mut firsts: Vec<Point> = Vec::new();
        for row in 0..board.size() {
            for col in 0..board.size() {
                let p = board.point(row, col).expect("on board");
                if board.is_stone(p) && !firsts.iter().any(|&q| board.same_chain(p, q)) {
                    firsts.push(p);
                }
            }
        }
        for s in firsts {
            for query in ["attack", "defend"] {
                // A small table: allocating the default 8 MB per query
                // would dominate the test's time.
                let mut reader = Reader::new(ReadingConfig {
                    hash_mb: 2,
                    ..ReadingConfig::default()
                });
                let res = if query == "attack" {
                    reader.attack(&mut board, s)
                } else {
                    reader.find_defense(&mut board, s)
                };
                assert!(board == before, "{name}: board changed by {query}");
                let v = vertex(&board, s);
                rows.push((
                    name.clone(),
                    query.to_string(),
                    v,
                    answer(&board, res),
                    reader.nodes,
                ));
            }
        }
    }
    rows
}

#[test]
fn node_goldens() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDENS_PATH);
    let text = std::fs::read_to_string(&path).expect("goldens file");
    let header: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
    let table: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    let measured = measure();
    assert_eq!(
        table.len(),
        measured.len(),
        "corpus and goldens out of step"
    );
    let bless = std::env::var_os("TESUJI_BLESS").is_some();
    let mut out: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let mut diffs = Vec::new();
    let mut code_mismatch = Vec::new();
    for (row, (name, query, v, ours, nodes)) in table.iter().zip(&measured) {
        assert_eq!(
            (row[0], row[1], row[2]),
            (name.as_str(), query.as_str(), v.as_str())
        );
        let gnugo = row[3];
        if gnugo.split(' ').next() != ours.split(' ').next() {
            code_mismatch.push(format!("{name} {query} {v}: GNU Go {gnugo}, tesuji {ours}"));
        }
        let pinned = (row[4], row[5]);
        if pinned != (ours.as_str(), nodes.to_string().as_str()) {
            diffs.push(format!(
                "{name} {query} {v}: pinned {} ({} nodes), now {ours} ({nodes} nodes)",
                pinned.0, pinned.1
            ));
        }
        out.push(format!("{name}\t{query}\t{v}\t{gnugo}\t{ours}\t{nodes}"));
    }
    assert!(
        code_mismatch.is_empty(),
        "result codes differ from GNU Go 3.8:\n{}",
        code_mismatch.join("\n")
    );
    if bless {
        std::fs::write(&path, out.join("\n") + "\n").expect("write goldens");
        return;
    }
    assert!(
        diffs.is_empty(),
        "node goldens changed (TESUJI_BLESS=1 to accept, and explain why):\n{}",
        diffs.join("\n")
    );
}

#[test]
fn node_budget_gives_the_out_of_range_answer() {
    // A ladder that needs some reading: with a tiny budget the query stops
    // early, unwinds every move, and answers as for a string out of reading
    // range (attack fails, defence succeeds), instead of running on.
    let (_, diagram) = corpus()
        .into_iter()
        .find(|(name, _)| name == "ladder-works")
        .expect("ladder position");
    let mut board = Board::from_diagram(&diagram).expect("diagram");
    let before = board.clone();
    let s = board.point(4, 4).expect("E5");
    assert!(board.is_stone(s));
    let full = Reader::default().attack(&mut board, s);
    assert_eq!(full.0, ReadResult::Win);
    let mut reader = Reader::new(ReadingConfig {
        node_limit: 3,
        ..ReadingConfig::default()
    });
    assert_eq!(reader.attack(&mut board, s), (ReadResult::Fail, None));
    assert!(reader.budget_exhausted());
    assert!(reader.nodes <= 10, "{} nodes", reader.nodes);
    assert_eq!(reader.find_defense(&mut board, s).0, ReadResult::Win);
    assert!(board == before, "board changed by an interrupted search");
    board.check_consistency().expect("consistent");
}
