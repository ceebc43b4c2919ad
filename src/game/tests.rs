//! Tests of the game layer: history and undo, handicap, scoring, SGF.

use super::sgf::{load_sgf, StopAt};
use super::*;

fn pt(size: usize, v: &str) -> Point {
    // Test helper: "D4"-style vertex to a point (no I).
    let cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let col = cols.find(v.chars().next().unwrap()).unwrap();
    let row: usize = v[1..].parse().unwrap();
    Point::new(size - row, col)
}

#[test]
fn undo_restores_the_position_and_captures() {
    let mut g = Game::new(9);
    let before = g.board().clone();
    g.play(Color::Black, Move::Play(pt(9, "A2"))).unwrap();
    g.play(Color::White, Move::Play(pt(9, "A1"))).unwrap();
    g.play(Color::Black, Move::Play(pt(9, "B1"))).unwrap();
    assert_eq!(g.captures(Color::Black), 1);
    g.undo(1).unwrap();
    assert_eq!(g.captures(Color::Black), 0);
    assert_eq!(g.board().color_at(pt(9, "A1")), Some(Color::White));
    assert_eq!(g.to_move(), Color::Black);
    g.undo(2).unwrap();
    assert_eq!(g.board(), &before);
    assert_eq!(g.undo(1), Err(GameError::CannotUndo));
}

#[test]
fn illegal_moves_change_nothing() {
    let mut g = Game::new(9);
    g.play(Color::Black, Move::Play(pt(9, "E5"))).unwrap();
    let b = g.board().clone();
    assert!(g.play(Color::White, Move::Play(pt(9, "E5"))).is_err());
    assert_eq!(g.board(), &b);
    assert_eq!(g.moves().count(), 1);
}

#[test]
fn fixed_handicap_matches_gtp_spec() {
    let mut g = Game::new(9);
    let pts = g.fixed_handicap(9).unwrap();
    let names: Vec<Point> = ["C7", "E7", "G7", "C5", "E5", "G5", "C3", "E3", "G3"]
        .iter()
        .map(|v| pt(9, v))
        .collect();
    assert_eq!(pts, names);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(
        g.fixed_handicap(2),
        Err(handicap::HandicapError::BoardNotEmpty)
    );
    let mut g = Game::new(19);
    let pts = g.fixed_handicap(7).unwrap();
    let names: Vec<Point> = ["D16", "Q16", "D10", "K10", "Q10", "D4", "Q4"]
        .iter()
        .map(|v| pt(19, v))
        .collect();
    assert_eq!(pts, names);
    for (size, n) in [(7, 5), (6, 2), (9, 1), (9, 0), (9, 10), (8, 5)] {
        assert_eq!(
            Game::new(size).fixed_handicap(n),
            Err(handicap::HandicapError::InvalidHandicap),
            "{size} {n}"
        );
    }
}

#[test]
fn area_score_counts_stones_and_surrounded_points() {
    let mut g = Game::new(5);
    for v in ["B1", "B2", "B3", "B4", "B5"] {
        g.setup(pt(5, v), Some(Color::Black)).unwrap();
    }
    g.set_komi(0.5);
    // Black: 5 stones + column A (5); White: nothing; rest is dame-free
    // region bordered only by black too (C..E columns, 15 points).
    assert_eq!(g.area_score().black, 25);
}

#[test]
fn sgf_loads_setup_moves_and_stops_where_asked() {
    let text = "(;GM[1]FF[4]SZ[9]KM[6.5]AB[cc][dd]AW[ee];B[ff];W[gg];B[];W[hh])";
    let l = load_sgf(text, StopAt::End).unwrap();
    assert_eq!(l.game.size(), 9);
    assert_eq!(l.game.komi(), 6.5);
    assert_eq!(l.game.moves().count(), 4);
    assert_eq!(l.to_move, Color::Black);
    let l = load_sgf(text, StopAt::MoveNumber(2)).unwrap();
    assert_eq!(l.game.moves().count(), 1);
    assert_eq!(l.to_move, Color::White);
    // G3 is gg: stop before it.
    let l = load_sgf(
        text,
        StopAt::Vertex {
            col: 6,
            row_number: 3,
        },
    )
    .unwrap();
    assert_eq!(l.game.moves().count(), 1);
    assert_eq!(l.to_move, Color::White);
    // Undo works after loading, back to the setup position.
    let mut g = load_sgf(text, StopAt::End).unwrap().game;
    g.undo(4).unwrap();
    assert_eq!(g.board().stone_count(Color::Black), 2);
    assert_eq!(g.board().stone_count(Color::White), 1);
}

#[test]
fn loading_to_a_move_number_parses_no_further_yet_checks_the_whole_file() {
    // Setup in the node of the move where loading stops still applies.
    let text = "(;GM[1]SZ[9]AB[cc];B[ff];W[gg]AW[aa];B[];W[hh];B[ab])";
    let full = load_sgf(text, StopAt::End).unwrap();
    for n in 1..=6 {
        let l = load_sgf(text, StopAt::MoveNumber(n)).unwrap();
        let mut g = full.game.clone();
        g.undo(5 - (n - 1).min(5)).unwrap();
        if n == 2 {
            // Loading stops before move 2 (G3), but its node's setup
            // (A9) applies: SGF puts setup before the move.
            assert!(l.game.board().cell(pt(9, "A9")).is(Color::White));
            continue;
        }
        assert_eq!(l.game.moves().count(), (n - 1).min(5), "n = {n}");
        assert!(l.game.board() == g.board(), "n = {n}");
    }
    // The cut nodes are still read for errors.
    assert!(load_sgf("(;SZ[9];B[aa];W[bb];B[cc", StopAt::MoveNumber(1)).is_err());
    assert!(load_sgf("(;SZ[9];B[aa];W[bb] ?? ;B[cc])", StopAt::MoveNumber(1)).is_err());
}

#[test]
fn bad_sgf_is_an_error() {
    for text in [
        "",
        "(;SZ[9]AB[a",
        "(;SZ[9];B[",
        "garbage",
        "(;SZ[30])",
        "(;SZ[9];B[zz])",
        "(;SZ[9]AB[jj])",
        "(;SZ[9] ?? ;B[aa])",
        "(;SZ[4:5])",
    ] {
        assert!(load_sgf(text, StopAt::End).is_err(), "{text:?}");
    }
}

#[test]
fn old_files_are_repaired_like_gnu_go_reads_them() {
    // Text before the tree, repeated properties, a missing `)`, a BOM.
    for text in [
        "A game:\n(;GM[1]GM[1]SZ[9]PB[x]PB[y];B[aa];W[bb];)\n---\n",
        "(;SZ[9]KM[4.5];B[aa];W[bb]PL[B]\n",
        "\u{feff}(;SZ[9];B[aa];W[bb])",
    ] {
        let l = load_sgf(text, StopAt::End).unwrap();
        assert_eq!(l.game.moves().count(), 2, "{text:?}");
    }
}

#[test]
fn repeated_setup_properties_are_merged() {
    // Old GNU Go files write one AB per stone: every stone must be placed.
    let l = load_sgf("(;SZ[9]HA[3]AB[cc]AB[gg]AW[ee]AB[cg];W[dd])", StopAt::End).unwrap();
    let board = l.game.board();
    assert_eq!(board.stone_count(Color::Black), 3);
    assert_eq!(board.stone_count(Color::White), 2);
}

#[test]
fn numeric_player_of_old_files() {
    let l = load_sgf("(;FF[3]SZ[9]PL[1];PL[2]AB[cc])", StopAt::End).unwrap();
    assert_eq!(l.to_move, Color::White);
    let l = load_sgf("(;FF[3]SZ[9];PL[1]AW[cc])", StopAt::End).unwrap();
    assert_eq!(l.to_move, Color::Black);
}

#[test]
fn old_tt_pass_is_a_pass() {
    let l = load_sgf("(;SZ[19];B[tt];W[dd])", StopAt::End).unwrap();
    assert_eq!(l.game.moves().next(), Some((Color::Black, Move::Pass)));
}

/// Every SGF of GNU Go's regression games loads (the folder is optional:
/// GPL data that is never copied into the repository).
#[test]
fn gnugo_regression_games_all_load() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/gnugo-regression/games");
    if !dir.is_dir() {
        eprintln!(
            "SKIPPED: {} is absent; GNU Go's regression games not checked",
            dir.display()
        );
        return;
    }
    let mut files = Vec::new();
    let mut dirs = vec![dir];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut failed = Vec::new();
    for f in &files {
        if let Err(e) = super::sgf::load_sgf_file(f, StopAt::End) {
            failed.push(format!("{}: {e}", f.display()));
        }
    }
    eprintln!(
        "loaded {} of {} GNU Go regression SGFs",
        files.len() - failed.len(),
        files.len()
    );
    // An empty file is not a game: GNU Go cannot load it either.
    failed.retain(|f| !f.contains("no game tree") || !is_empty_file(f));
    assert!(
        files.len() > 1000,
        "expected GNU Go's ~1600 games, found {}",
        files.len()
    );
    assert!(
        failed.is_empty(),
        "{} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// Is the file named at the start of this failure line empty (blank)?
fn is_empty_file(line: &str) -> bool {
    let path = line.split(": ").next().unwrap_or("");
    std::fs::read(path).is_ok_and(|b| b.iter().all(u8::is_ascii_whitespace))
}

#[test]
fn devices_and_folders_are_refused_without_reading_them() {
    // `loadsgf /dev/zero` would otherwise read forever.
    for path in ["/dev/zero", "/dev/null", "/"] {
        let path = std::path::Path::new(path);
        if path.exists() {
            assert!(
                crate::game::sgf::load_sgf_file(path, StopAt::End).is_err(),
                "{path:?}"
            );
        }
    }
}
