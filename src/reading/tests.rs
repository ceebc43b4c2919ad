//! Diagram tests of the tactical reader: ladders, nets, snapbacks, edge
//! captures, ko results, the board left unchanged, equal answers with and
//! without the transposition table, and node-count goldens.

use super::ko::KomasterScheme;
use super::{ReadResult, Reader, ReadingConfig};
use crate::board::{Board, Color, Point};

/// GTP-style vertex ("C3") on `board`.
fn pt(board: &Board, v: &str) -> Point {
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let mut chars = v.chars();
    let c = chars.next().expect("vertex letter").to_ascii_uppercase();
    let col = letters.find(c).expect("column");
    let row_num: usize = chars.as_str().parse().expect("row");
    board.point(board.size() - row_num, col).expect("on board")
}

fn name(board: &Board, p: Option<Point>) -> String {
    match p {
        Some(p) => {
            let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
            format!("{}{}", &letters[p.col()..=p.col()], board.size() - p.row())
        }
        None => "-".to_string(),
    }
}

fn code(r: ReadResult) -> u8 {
    match r {
        ReadResult::Fail => 0,
        ReadResult::Win => 1,
        ReadResult::KoA => 2,
        ReadResult::KoB => 3,
    }
}

/// Run `attack` or `defend` on `v` and check the answer in GTP form
/// ("1 C3", "0"). Also checks that the board is unchanged and that the
/// answer is the same without the transposition table.
fn check_on(board: &mut Board, query: &str, v: &str, expected: &str) {
    check_on_scheme(board, KomasterScheme::Complex, query, v, expected);
}

/// [`check_on`] under the komaster scheme `scheme`.
fn check_on_scheme(
    board: &mut Board,
    scheme: KomasterScheme,
    query: &str,
    v: &str,
    expected: &str,
) {
    let before = board.clone();
    let depth = board.depth();
    let s = pt(board, v);
    let mut answers = Vec::new();
    for hash_mb in [8usize, 0] {
        let mut reader = Reader::new(ReadingConfig {
            hash_mb,
            komaster_scheme: scheme,
            ..ReadingConfig::default()
        });
        let (res, mv) = match query {
            "attack" => reader.attack(board, s),
            "defend" => reader.find_defense(board, s),
            _ => panic!("query {query}"),
        };
        assert_eq!(board.depth(), depth);
        board.check_consistency().expect("consistent after search");
        assert_eq!(board.to_diagram(), before.to_diagram());
        assert!(*board == before, "board changed by {query} {v}");
        let text = if res == ReadResult::Fail {
            "0".to_string()
        } else {
            format!("{} {}", code(res), name(board, mv))
        };
        answers.push(text);
    }
    assert_eq!(answers[0], answers[1], "{query} {v}: hash on vs off");
    assert_eq!(answers[0], expected, "{query} {v}\n{}", board.to_diagram());
}

fn check(diagram: &str, query: &str, v: &str, expected: &str) {
    let mut board = Board::from_diagram(diagram).expect("diagram");
    check_on(&mut board, query, v, expected);
}

#[test]
fn one_liberty_capture() {
    check(
        "
        . . . . .
        . X X . .
        X O O X .
        . X . X .
        . . . . .",
        "attack",
        "B3",
        "1 C2",
    );
}

#[test]
fn ladder_works() {
    // White C3 in a ladder toward the top right with nothing in the way.
    let d = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . . . .
        . X O X . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    let mut board = Board::from_diagram(d).unwrap();
    let s = pt(&board, "C3");
    let mut reader = Reader::default();
    let (res, _) = reader.attack(&mut board, s);
    assert_eq!(res, ReadResult::Win);
    let (lres, _) = reader.ladder_attack(&mut board, s);
    let _ = lres;
}

#[test]
fn ladder_broken_by_ladder_breaker() {
    // Same shape with a white ladder breaker on the diagonal.
    let d = "
        . . . . . . . . .
        . . . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X . . . . .
        . X O . . . . . .
        . . X . . . . . .";
    let mut board = Board::from_diagram(d).unwrap();
    let s = pt(&board, "C2");
    let mut reader = Reader::default();
    let (res, mv) = reader.attack(&mut board, s);
    // C2 has two liberties (D2, C1? no: C1 is X). Read whatever the
    // ladder gives and check consistency with the ladder fast path.
    let (lres, _) = reader.ladder_attack(&mut board, s);
    if lres == ReadResult::Win {
        assert!(res.succeeds(), "ladder found but attack failed: {mv:?}");
    }
}

#[test]
fn two_liberty_ladder_and_defence() {
    let d = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . X . . . .
        . X O . . . .
        . . X . . . .
        . . . . . . .";
    check(d, "attack", "C3", "1 D3");
}

#[test]
fn snapback_is_not_an_attack_on_the_capturer() {
    // Black captures at B1 only to be recaptured (snapback).
    let d = "
        . . . . .
        . . . . .
        O O O O .
        X X X O .
        X O . X O";
    // White B1 is in atari; black can take it... but the interesting
    // string is the black chain: white C1 captures it by snapback.
    check(d, "attack", "A2", "1 C1");
}

#[test]
fn ko_capture_gives_ko_result() {
    // Black A1 ... a simple ko at the edge: white stone at B1 can be
    // taken by black at C1? Build: black to capture white B1 in a ko.
    let d = "
        . . . . .
        . . . . .
        . . . . .
        X O . . .
        . X O . .";
    // White B2 has libs C2, B3; not ko. Use an explicit ko shape.
    let _ = d;
    let d = "
        . . . . . .
        . . . . . .
        . . . . . .
        . X O . . .
        X O . O . .
        . X O . . .";
    // White B2 (the stone at row 4 col 1) has one liberty at C2 (row 4,
    // col 2); capturing it with black C2 ... black stone at C2 would be
    // surrounded by white B... this is a ko.
    let mut board = Board::from_diagram(d).unwrap();
    let s = pt(&board, "B2");
    let mut reader = Reader::default();
    let (res, mv) = reader.attack(&mut board, s);
    assert_eq!(res, ReadResult::KoA, "{mv:?}");
    assert_eq!(name(&board, mv), "C2");
}

#[test]
fn illegal_ko_capture_is_ko_b() {
    // The same ko, but black may not retake at once: the ko point is set.
    let d = "
        . . . . . .
        . . . . . .
        . . . . . .
        . X O . . .
        X . X O . .
        . X O . . .";
    let mut board = Board::from_diagram(d).unwrap();
    // White has just captured at B2? Put white at B2 capturing black C2:
    // emulate with a real play so the ko point is set.
    let b2 = pt(&board, "B2");
    board.remove_stone(pt(&board, "C2"));
    board.add_stone(pt(&board, "C2"), Color::Black);
    board.remove_stone(pt(&board, "C2"));
    let _ = b2;
    board.play(b2, Color::White).ok();
    // Now black C2 retaking is illegal (if this was a ko capture).
    let mut reader = Reader::default();
    if board.ko_point().is_some() {
        let (res, mv) = reader.attack(&mut board, b2);
        assert_eq!(res, ReadResult::KoB, "{mv:?}");
    }
}

/// Load the setup stones of one of GNU Go's regression SGFs (None, with a
/// note on stderr that the test is skipped, when the folder is absent).
fn load_setup(rel: &str) -> Option<Board> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/gnugo-regression");
    let Ok(text) = std::fs::read_to_string(root.join(rel)) else {
        eprintln!("skipped: ../shared/gnugo-regression not found");
        return None;
    };
    let size: usize = text
        .split("SZ[")
        .nth(1)
        .and_then(|t| t.split(']').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or(19);
    let mut board = Board::new(size);
    for (tag, color) in [("AB", Color::Black), ("AW", Color::White)] {
        if let Some(rest) = text.split(tag).nth(1) {
            let mut rest = rest;
            while let Some(r) = rest.strip_prefix('[') {
                let (v, tail) = r.split_at(2);
                let b = v.as_bytes();
                let col = (b[0] - b'a') as usize;
                let row = (b[1] - b'a') as usize;
                board.add_stone(Point::new(row, col), color);
                rest = tail.trim_start_matches(']').trim_start();
            }
        }
    }
    Some(board)
}

/// The GNU Go manual's second ko example ("Another Ko Example",
/// ko5.sgf): "H1 attacks L1 unconditionally while K2 defends it with ko
/// (code KO_A)". GNU Go 3.8 answers `2 H1` to the attack: after H1 and
/// the N3 ko capture, Black's conditional retaking at N4 is credited as a
/// ko defence although Black can never fill N3 (that leaves L1 in atari)
/// and has nothing to do with the tempo; the reader now recognises such
/// an unwinnable ko (`defend.rs`, `ko_unwinnable`). M3 is the same string
/// (reading.tst 147/148 ask about M3).
#[test]
fn manual_ko_example_ko5() {
    let Some(mut board) = load_setup("games/ko5.sgf") else {
        return;
    };
    check_on(&mut board, "attack", "L1", "1 H1");
    check_on(&mut board, "defend", "L1", "2 K2");
    check_on(&mut board, "attack", "M3", "1 H1");
}

/// The manual's first ko example ("A Ko Example", tripod9.sgf, the kos
/// at A2 and B4 in the lower left corner), move by move through the
/// komaster scheme: Black takes the ko at B4, White takes at A2 (the
/// second ko capture in a row: WEAK_KO), Black retakes at A1 only
/// conditionally and becomes komaster with kom_pos A2, White takes B3 and
/// the komaster is gray: Black may not recapture any ko, "there is nothing
/// he can do and he is found dead". The tactical answers on the whole
/// position: White captures the black strings at A2 (GNU Go 3.8 agrees).
#[test]
fn manual_ko_example_tripod9() {
    use super::ko::{komaster_trymove, KoState, Komaster};
    let Some(mut board) = load_setup("games/life_and_death/tripod9.sgf") else {
        return;
    };
    // The black strings at A2.
    for v in ["C3", "A3", "A1"] {
        check_on(&mut board, "attack", v, "1 A2");
    }

    let (b4, a2, a1, b3, c3) = (
        pt(&board, "B4"),
        pt(&board, "A2"),
        pt(&board, "A1"),
        pt(&board, "B3"),
        pt(&board, "C3"),
    );
    let ks = KoState::EMPTY;
    let m1 = komaster_trymove(
        KomasterScheme::Complex,
        &mut board,
        ks,
        b4,
        Color::Black,
        true,
    )
    .expect("B takes B4");
    assert!(!m1.conditional);
    assert_eq!(m1.state, KoState::EMPTY);
    let m2 = komaster_trymove(
        KomasterScheme::Complex,
        &mut board,
        m1.state,
        a2,
        Color::White,
        true,
    )
    .expect("W takes A2");
    assert!(!m2.conditional);
    assert_eq!(m2.state.komaster, Komaster::WeakKo);
    let m3 = komaster_trymove(
        KomasterScheme::Complex,
        &mut board,
        m2.state,
        a1,
        Color::Black,
        true,
    )
    .expect("B retakes");
    assert!(m3.conditional, "A1 is an illegal ko capture: conditional");
    assert_eq!(m3.state.komaster, Komaster::Is(Color::Black));
    assert_eq!(m3.state.kom_pos, a2, "kom_pos: A2");
    let m4 = komaster_trymove(
        KomasterScheme::Complex,
        &mut board,
        m3.state,
        b3,
        Color::White,
        true,
    )
    .expect("W takes B3");
    assert_eq!(m4.state.komaster, Komaster::Gray(Color::Black));
    // No ko recapture for Black, not even conditionally.
    assert!(komaster_trymove(
        KomasterScheme::Complex,
        &mut board,
        m4.state,
        b4,
        Color::Black,
        true
    )
    .is_none());
    // The manual's "dead" is the dragon's status (owl reading, which
    // tesuji does not have; GNU Go 3.8's `owl_defend C3` answers 0): the
    // string itself still lives tactically by capturing B1 at C1, which is
    // no ko capture, so the gray komaster does not stop it.
    let mut reader = Reader::default();
    let (res, mv) = reader.do_find_defense(&mut board, c3, m4.state);
    assert_eq!((res, name(&board, mv)), (ReadResult::Win, "C1".to_string()));
    for _ in 0..4 {
        board.popgo();
    }
}

/// The manual's two ko examples under every komaster scheme (the manual's
/// "Alternate Komaster Schemes"; `--komaster-scheme N`).
///
/// The string-level answers agree: ko5 `attack L1` = `1 H1`, `defend L1` =
/// `2 K2`; tripod9: White captures the black strings at A2, which defend
/// with ko. What differs is the komaster state along the manual's lines,
/// pinned below for each scheme:
/// - tripod9, B B4, W A2, B A1 (conditional), W B3: scheme 5 calls W's A2
///   a second ko capture in a row (WEAK_KO), schemes 1-3 have no such
///   state (EMPTY). After W B3, schemes 1 and 5 are GRAY (no ko capture
///   for anybody); schemes 2 and 3 know no GRAY: Black stays komaster,
///   and White's B3 was simply an allowed capture away from `kom_pos`.
///   Black's retake at B4 is refused by all four: GRAY (1, 5), a
///   conditional capture by a komaster (2), or the old ko at A2 still
///   there (3): "there is nothing he can do".
/// - ko5, B K2 (takes the ko), W K1 (conditional: White komaster at K2),
///   B K4, W H1: H1 settles the ko for White (K2 is now suicide for
///   Black), so schemes 1 and 5 revert to EMPTY before the next move, as
///   the manual wants ("it is important that O is no longer komaster");
///   schemes 2 and 3 never revert: White stays komaster for the rest of
///   the line.
#[test]
fn manual_ko_example_schemes() {
    use super::ko::{komaster_trymove, KoState, Komaster};
    use KomasterScheme::*;
    let (Some(ko5), Some(tripod9)) = (
        load_setup("games/ko5.sgf"),
        load_setup("games/life_and_death/tripod9.sgf"),
    ) else {
        return;
    };
    let (b, w) = (Color::Black, Color::White);
    for scheme in KomasterScheme::ALL {
        let mut board = ko5.clone();
        check_on_scheme(&mut board, scheme, "attack", "L1", "1 H1");
        check_on_scheme(&mut board, scheme, "defend", "L1", "2 K2");
        let mut board = tripod9.clone();
        for s in ["C3", "A3", "A1"] {
            check_on_scheme(&mut board, scheme, "attack", s, "1 A2");
        }

        // tripod9, the manual's line.
        let at = |v: &str| pt(&tripod9, v);
        let mut board = tripod9.clone();
        let m1 = komaster_trymove(scheme, &mut board, KoState::EMPTY, at("B4"), b, true)
            .expect("B takes B4");
        assert_eq!(m1.state, KoState::EMPTY);
        let m2 =
            komaster_trymove(scheme, &mut board, m1.state, at("A2"), w, true).expect("W takes A2");
        let weak = if scheme == Complex {
            Komaster::WeakKo
        } else {
            Komaster::Empty
        };
        assert_eq!(m2.state.komaster, weak, "{scheme:?} after W A2");
        let m3 = komaster_trymove(scheme, &mut board, m2.state, at("A1"), b, true)
            .expect("B retakes A1 conditionally");
        assert!(m3.conditional);
        assert_eq!(m3.state.komaster, Komaster::Is(b), "{scheme:?} after B A1");
        assert_eq!(m3.state.kom_pos, at("A2"));
        let m4 =
            komaster_trymove(scheme, &mut board, m3.state, at("B3"), w, true).expect("W takes B3");
        let after_b3 = match scheme {
            Simple | Complex => Komaster::Gray(b),
            Original232 | Revised232 => Komaster::Is(b),
        };
        assert_eq!(m4.state.komaster, after_b3, "{scheme:?} after W B3");
        let before = board.clone();
        assert!(
            komaster_trymove(scheme, &mut board, m4.state, at("B4"), b, true).is_none(),
            "{scheme:?}: Black may not retake B4"
        );
        assert!(board == before, "a refused move leaves the board");
        for _ in 0..4 {
            board.popgo();
        }
        assert!(board == tripod9);

        // ko5, the manual's line.
        let at = |v: &str| pt(&ko5, v);
        let mut board = ko5.clone();
        let m1 = komaster_trymove(scheme, &mut board, KoState::EMPTY, at("K2"), b, true)
            .expect("B takes the ko at K2");
        let m2 = komaster_trymove(scheme, &mut board, m1.state, at("K1"), w, true)
            .expect("W retakes K1 conditionally");
        assert!(m2.conditional);
        assert_eq!(m2.state.komaster, Komaster::Is(w));
        assert_eq!(m2.state.kom_pos, at("K2"));
        let m3 = komaster_trymove(scheme, &mut board, m2.state, at("K4"), b, true).expect("B K4");
        let m4 = komaster_trymove(scheme, &mut board, m3.state, at("H1"), w, true).expect("W H1");
        // Whatever Black plays next starts from the settled state.
        let m5 = komaster_trymove(scheme, &mut board, m4.state, at("A13"), b, true)
            .expect("B A13, away from the fight");
        let settled = match scheme {
            Simple | Complex => KoState::EMPTY,
            Original232 | Revised232 => m2.state,
        };
        assert_eq!(m5.state, settled, "{scheme:?} after W H1");
        for _ in 0..5 {
            board.popgo();
        }
        assert!(board == ko5);
    }
}

/// Two kos, and the komaster schemes' rules for the komaster taking the
/// second one (`--komaster-scheme N`). Black has retaken the left ko
/// conditionally (komaster Black, `kom_pos` B8); White answers away from
/// both kos.
/// - Black takes the right ko at H8, unconditionally: only scheme 2
///   allows it (the komaster's unconditional captures are free there);
///   1 and 5 allow a komaster nested captures only; 3 refuses because
///   White could still retake the left ko.
/// - White retaking at B8 is refused by every scheme.
/// - Once Black has filled the left ko, every scheme lets Black take the
///   right one: 1 and 5 are back to EMPTY, 3 moves `kom_pos` to the new
///   ko, 2 keeps Black komaster at B8.
#[test]
fn komaster_schemes_on_two_kos() {
    use super::ko::{komaster_trymove, KoState, Komaster};
    use KomasterScheme::*;
    let start = Board::from_diagram(
        "
        . X O . . . X O .
        X O . O . X O . O
        . X O . . . X O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    )
    .expect("diagram");
    let at = |v: &str| pt(&start, v);
    let (b, w) = (Color::Black, Color::White);
    for scheme in KomasterScheme::ALL {
        let mut board = start.clone();
        // White has just taken the left ko: Black's C8 needs a threat.
        board.set_ko(at("C8"));
        let taken = komaster_trymove(scheme, &mut board, KoState::EMPTY, at("C8"), b, true)
            .expect("conditional retake");
        assert!(taken.conditional);
        assert_eq!(taken.state.komaster, Komaster::Is(b));
        assert_eq!(taken.state.kom_pos, at("B8"));
        assert!(
            komaster_trymove(scheme, &mut board, taken.state, at("B8"), w, true).is_none(),
            "{scheme:?}: White may not retake at kom_pos"
        );
        let away = komaster_trymove(scheme, &mut board, taken.state, at("E3"), w, true)
            .expect("White elsewhere");
        let second = komaster_trymove(scheme, &mut board, away.state, at("H8"), b, true);
        assert_eq!(
            second.is_some(),
            scheme == Original232,
            "{scheme:?}: the komaster takes the second ko"
        );
        if let Some(m) = second {
            assert!(!m.conditional);
            assert_eq!(m.state, taken.state, "scheme 2 keeps the state");
            board.popgo();
        }
        let filled = komaster_trymove(scheme, &mut board, away.state, at("B8"), b, true)
            .expect("Black fills the left ko");
        let m = komaster_trymove(scheme, &mut board, filled.state, at("H8"), b, true)
            .expect("the second ko after the fill");
        let expected = match scheme {
            Simple | Complex => KoState::EMPTY,
            Original232 => taken.state,
            Revised232 => KoState {
                komaster: Komaster::Is(b),
                kom_pos: at("G8"),
            },
        };
        assert_eq!(m.state, expected, "{scheme:?} after the fill and H8");
        for _ in 0..4 {
            board.popgo();
        }
        board.set_ko(Point::NONE);
        assert!(board == start);
    }
}

/// Issue 10, defect 1: in a triple-ko shape the simple ladder on G1 cycles
/// (six moves, D1 F3 G5 E1 G3 F5 in the reported game) and used to recurse
/// past 65,536 plies, 131,044 nodes, before the node budget stopped it.
/// The ladder line now ends at the first repeated position; the answer is
/// GNU Go 3.8's (`ladder_attack G1` = `1 H1`, 4 nodes there). Which atari
/// the ladder tries first follows the points' index order, so the
/// position is read in all eight orientations of the board: in half of
/// them the chase enters the cycle before it finds the capture.
#[test]
fn a_cycling_ladder_ends_at_the_first_repetition() {
    let moves = "b G8, b J8, b E6, b F5, b H5, b C4, b H4, b C3, b H3, b C2, b H2, b C1, \
                 w B9, w G9, w J9, w C8, w F6, w B4, w J4, w D1, w J1, w E5, b D5, w E4, \
                 b G6, w F7, b E1, w G1, b G2, w E2, b D2, w F2, b F1, w F4, b G4, w D1, b F3";
    // The vertex `v` in orientation `k`: `k & 3` quarter turns, then a
    // mirror if `k & 4`.
    let orient = |v: &str, k: usize| -> String {
        const COLS: &str = "ABCDEFGHJ";
        let (mut x, mut y) = (
            COLS.find(&v[..1]).expect("column"),
            v[1..].parse::<usize>().expect("row") - 1,
        );
        for _ in 0..k & 3 {
            (x, y) = (y, 8 - x);
        }
        if k & 4 != 0 {
            x = 8 - x;
        }
        format!("{}{}", &COLS[x..=x], y + 1)
    };
    let mut most_nodes = 0;
    for k in 0..8 {
        let mut board = Board::new(9);
        for mv in moves.split(',') {
            let (c, v) = mv.trim().split_once(' ').expect("colour and vertex");
            let color = if c == "b" { Color::Black } else { Color::White };
            let p = pt(&board, &orient(v, k));
            board.play(p, color).expect("legal game move");
        }
        let before = board.clone();
        let mut reader = Reader::default();
        let g1 = pt(&board, &orient("G1", k));
        let (res, mv) = reader.ladder_attack(&mut board, g1);
        assert_eq!(
            (code(res), name(&board, mv)),
            (1, orient("H1", k)),
            "ladder_attack G1, orientation {k}"
        );
        assert!(
            reader.nodes < 100,
            "orientation {k}: {} nodes, the ladder did not stop",
            reader.nodes
        );
        most_nodes = most_nodes.max(reader.nodes);
        assert_eq!(board, before);
        board
            .check_consistency()
            .expect("consistent after the ladder");
    }
    // 4 nodes where the capturing atari comes first, 26 through the cycle.
    assert!(most_nodes > 4, "no orientation entered the cycle");
}

/// The komaster state's memo key: none for EMPTY (so the owl's and the
/// semeai's keys without a ko fight stay as they were), and different
/// keys for different komasters or ko points.
#[test]
fn ko_state_keys() {
    use super::ko::{KoState, Komaster};
    assert_eq!(KoState::EMPTY.key(), 0);
    let board = Board::new(9);
    let points: Vec<Point> = board.points().take(3).collect();
    let mut keys = Vec::new();
    for komaster in [
        Komaster::Is(Color::Black),
        Komaster::Is(Color::White),
        Komaster::Gray(Color::Black),
        Komaster::Gray(Color::White),
        Komaster::WeakKo,
    ] {
        for &kom_pos in &points {
            keys.push(KoState { komaster, kom_pos }.key());
        }
    }
    let mut distinct = keys.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), keys.len());
    assert!(keys.iter().all(|&k| k != 0));
}
