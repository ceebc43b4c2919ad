//! Persistent caches against fresh reads over whole games (GNU Go's
//! manual: "a cached answer must equal a fresh read").
//!
//! Each of five games from GNU Go's regression games is played
//! move by move on one long-lived tactical reader and connection reader
//! (persistent caches on, purged after every move as the engine does).
//! After every move, the strings next to the move are asked `attack` and
//! `find_defense`, and same-coloured string pairs next to it `disconnect`;
//! each answer is compared with a brand-new reader's answer on the same
//! position. Any difference fails the test. The games folder is optional
//! (GPL data kept outside the repository): without it the test says so
//! and skips.

use crate::board::{Board, Color, Move, Point};
use crate::connect::ConnectionReader;
use crate::game::sgf::{load_sgf_file, StopAt};
use crate::game::Game;
use crate::reading::{Reader, ReadingConfig};
use std::path::{Path, PathBuf};

/// A fresh reader with a small hash table (allocating the default 8 MB
/// for every question would dominate the test's time; answers do not
/// depend on the table, see the `--no-hash` suite test).
fn fresh_reader() -> Reader {
    Reader::new(ReadingConfig {
        hash_mb: 2,
        ..ReadingConfig::default()
    })
}

const GAMES: &[&str] = &[
    "incident104.sgf",
    "dublin2.sgf",
    "golife.sgf",
    "doublecut2.sgf",
    "incident156.sgf",
];

/// GNU Go's game records beside the repository, or `None` (the test
/// says it skips).
fn games_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/gnugo-regression/games");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} not found", dir.display());
        None
    }
}

/// A game record of `dir`: the game before its first move, and its
/// stones played, each with its move number (from 1, passes counted).
fn game_record(dir: &Path, name: &str) -> (Game, Vec<(usize, Color, Point)>) {
    let path = dir.join(name);
    let start = load_sgf_file(&path, StopAt::MoveNumber(1)).expect("game loads");
    let full = load_sgf_file(&path, StopAt::End).expect("game loads");
    let plays = full.game.moves().enumerate();
    let plays = plays.filter_map(|(i, (color, mv))| match mv {
        Move::Play(p) => Some((i + 1, color, p)),
        _ => None,
    });
    (start.game, plays.collect())
}

/// Replays each game of `games` with `replay(name, start, plays)`, which
/// returns how many questions it asked, and checks that more than
/// `at_least` were asked in all. Returns `false`, having checked nothing,
/// without the games folder.
fn over_games(
    games: &[&str],
    at_least: usize,
    mut replay: impl FnMut(&str, Game, &[(usize, Color, Point)]) -> usize,
) -> bool {
    let Some(dir) = games_dir() else {
        return false;
    };
    let mut questions = 0;
    for name in games {
        let (start, plays) = game_record(&dir, name);
        questions += replay(name, start, &plays);
    }
    eprintln!("{questions} questions, no difference");
    assert!(questions > at_least, "too few questions: {questions}");
    true
}

/// Plays `plays` on the board of `start` up to the first illegal one,
/// purging `reader`'s persistent caches after each move as the engine
/// does, and calls `visit(n, board, reader, p)` after move `n`, a stone
/// at `p`.
fn play_through(
    start: &Game,
    plays: &[(usize, Color, Point)],
    reader: &mut Reader,
    mut visit: impl FnMut(usize, &mut Board, &mut Reader, Point),
) {
    let mut board = start.board().clone();
    for &(n, color, p) in plays {
        if board.play(p, color).is_err() {
            break;
        }
        reader.purge_persistent(&board);
        visit(n, &mut board, reader, p);
    }
}

/// [`play_through`] asking owl questions: after every tenth move, calls
/// `ask(n, board, reader, s, stones)` for each string `s` next to the
/// move ([`strings_near`], `stones` its stones sorted), then checks the
/// board's consistency.
fn at_every_tenth_move(
    start: &Game,
    plays: &[(usize, Color, Point)],
    reader: &mut Reader,
    mut ask: impl FnMut(usize, &mut Board, &mut Reader, Point, &[Point]),
) {
    play_through(start, plays, reader, |n, board, reader, p| {
        if n % 10 != 0 {
            return;
        }
        for s in strings_near(board, p) {
            let stones = board.stones_sorted(s);
            ask(n, board, reader, s, &stones);
        }
        board.check_consistency().expect("consistent");
    });
}

/// Strings (origins) with a stone on or next to `p`, up to four liberties.
fn strings_near(board: &Board, p: Point) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for q in std::iter::once(p).chain(p.neighbors()).chain(p.diagonals()) {
        if board.on_board(q) && board.is_stone(q) && board.countlib(q) <= 4 {
            let o = board.origin(q);
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }
    out
}

#[test]
fn persistent_caches_equal_fresh_reads_over_whole_games() {
    let mut hits = 0u64;
    let replayed = over_games(GAMES, 1000, |name, start, plays| {
        let mut questions = 0;
        let mut reader = Reader::default();
        let mut conn = ConnectionReader::default();
        play_through(&start, plays, &mut reader, |n, board, reader, p| {
            conn.purge_persistent_against(board);
            let near = strings_near(board, p);
            for &s in &near {
                for (kind, cached) in [
                    ("attack", reader.attack(board, s)),
                    ("find_defense", reader.find_defense(board, s)),
                ] {
                    let mut fresh = fresh_reader();
                    let expected = if kind == "attack" {
                        fresh.attack(board, s)
                    } else {
                        fresh.find_defense(board, s)
                    };
                    questions += 1;
                    assert_eq!(
                        cached,
                        expected,
                        "{name} move {n}: {kind} {s:?} cached vs fresh\n{}",
                        board.to_diagram()
                    );
                }
            }
            for (i, &a) in near.iter().enumerate() {
                for &b in &near[i + 1..] {
                    if board.chain(a).color != board.chain(b).color {
                        continue;
                    }
                    let cached = conn.disconnect(reader, board, a, b);
                    let expected =
                        ConnectionReader::default().disconnect(&mut fresh_reader(), board, a, b);
                    questions += 1;
                    assert_eq!(
                        cached,
                        expected,
                        "{name} move {n}: disconnect {a:?} {b:?} cached vs fresh\n{}",
                        board.to_diagram()
                    );
                }
            }
            board.check_consistency().expect("consistent");
        });
        hits += reader.persistent_cache().stats.hits + conn.persistent_cache().stats.hits;
        questions
    });
    if replayed {
        eprintln!("{hits} persistent cache hits");
        assert!(hits > 0, "the persistent caches were never used");
    }
}

/// The owl's answers on a long-lived engine (tactical hash table and
/// persistent caches warm, its eye solver remembering graphs) equal a
/// brand-new owl's and reader's, node counts included: every tenth move
/// of two games, `owl_attack` and `owl_defend` of the string just played
/// and of the strings next to it (the brand-new owl asks them in the other
/// order, so judgements kept from one question to the next are checked).
#[test]
fn owl_answers_equal_fresh_reads_over_whole_games() {
    use crate::owl::OwlReader;
    over_games(&GAMES[..2], 50, |name, start, plays| {
        let mut questions = 0;
        let mut reader = Reader::default();
        let mut owl = OwlReader::default();
        at_every_tenth_move(&start, plays, &mut reader, |n, board, reader, s, stones| {
            let warm = [
                owl.attack(board, reader, stones, s),
                owl.defend(board, reader, stones, s),
            ];
            // The fresh owl asks in the other order: the warm owl's
            // defence may use judgements its attack made (kept across
            // questions), the fresh one's attack those of its defence.
            let mut fresh_owl = OwlReader::default();
            let mut fresh = fresh_reader();
            let defend = fresh_owl.defend(board, &mut fresh, stones, s);
            let attack = fresh_owl.attack(board, &mut fresh, stones, s);
            let cold = [attack, defend];
            questions += 2;
            assert_eq!(
                warm,
                cold,
                "{name} move {n}: owl of {s:?} cached vs fresh\n{}",
                board.to_diagram()
            );
        });
        questions
    });
}

/// The tactical reader's transposition table: an entry must be what a
/// read without the table gives, whatever path led to its position and
/// whichever stone of the chain was asked about. Over the owl questions
/// of one game (every tenth move, as above) every table hit is re-read
/// with the table out of the way ([`Reader::check_table_hits`]); none
/// may differ.
#[test]
fn tactical_table_hits_equal_table_free_reads() {
    use crate::owl::OwlReader;
    over_games(&GAMES[..1], 20, |_, start, plays| {
        let mut questions = 0;
        let mut reader = Reader::default();
        reader.check_table_hits();
        let mut owl = OwlReader::default();
        at_every_tenth_move(&start, plays, &mut reader, |_, board, reader, s, stones| {
            owl.attack(board, reader, stones, s);
            owl.defend(board, reader, stones, s);
            questions += 2;
        });
        let (checked, mismatches) = reader.table_hit_check();
        eprintln!("{checked} table hits re-read");
        assert!(checked > 1000, "too few table hits: {checked}");
        assert_eq!(mismatches, 0, "of {checked} table hits re-read");
        questions
    });
}

/// The engine's remembered owl answers ([`crate::engine::life::OwlAnswers`])
/// over whole games: after every tenth move of two games, `owl_attack`,
/// `owl_defend` and the `dragon_status` reads of the strings next to the
/// move are asked twice on a long-lived engine (the second time from the
/// cache) and once on a brand-new engine with the same game; all three
/// answers must be equal, node counts included, and the cache must be
/// used and emptied by every move played.
#[test]
fn remembered_owl_answers_equal_fresh_reads_over_whole_games() {
    use crate::engine::life::{ask, read_status, Question};
    use crate::engine::Engine;
    over_games(&GAMES[..2], 50, |name, start, plays| {
        let mut questions = 0;
        let mut engine = Engine::default();
        engine.game = start;
        for &(n, color, p) in plays {
            if engine.game.play(color, Move::Play(p)).is_err() {
                break;
            }
            engine.position_changed();
            assert!(engine.owl_answers.is_empty(), "purged after a move");
            if n % 10 != 0 {
                continue;
            }
            let board = engine.board().clone();
            for s in strings_near(&board, p) {
                let stones = board.stones_sorted(s);
                let hits = engine.owl_answers.hits();
                let mut fresh = Engine::default();
                fresh.game = engine.game.clone();
                for q in [Question::Attack, Question::Defend] {
                    let first = ask(&mut engine, q, &stones, s);
                    let again = ask(&mut engine, q, &stones, s);
                    let cold = ask(&mut fresh, q, &stones, s);
                    assert_eq!((first, again), (cold, cold), "{name} move {n}: {s:?}");
                }
                let status = read_status(&mut engine, &stones, s);
                let again = read_status(&mut engine, &stones, s);
                let cold = read_status(&mut fresh, &stones, s);
                assert_eq!((status, again), (cold, cold), "{name} move {n}: {s:?}");
                assert!(engine.owl_answers.hits() > hits, "the second asks hit");
                questions += 3;
            }
        }
        questions
    });
}
