//! Diagram tests of connection reading. Positions are small and local so
//! that the answers hold whatever the tactical reader's strength.

use super::*;

/// Connect and disconnect results for the black stones at `a` and `b`
/// (row, col) of `diagram`; also checks the board is left unchanged.
fn read(
    diagram: &str,
    a: (usize, usize),
    b: (usize, usize),
) -> (ReadResult, ReadResult, Option<Point>) {
    let mut board = Board::from_diagram(diagram).expect("diagram");
    let before = board.to_diagram();
    let hash = board.hash();
    let pa = board.point(a.0, a.1).expect("on board");
    let pb = board.point(b.0, b.1).expect("on board");
    let mut reader = Reader::default();
    let mut cr = ConnectionReader::default();
    let (c, _) = cr.string_connect(&mut reader, &mut board, pa, pb);
    let (d, dm) = cr.disconnect(&mut reader, &mut board, pa, pb);
    assert_eq!(board.to_diagram(), before);
    assert_eq!(board.hash(), hash);
    assert_eq!(board.depth(), 0);
    board.check_consistency().expect("consistent");
    (c, d, dm)
}

fn check(
    diagram: &str,
    a: (usize, usize),
    b: (usize, usize),
    connect: ReadResult,
    disconnect: ReadResult,
) {
    let (c, d, _) = read(diagram, a, b);
    assert_eq!(
        (c, d),
        (connect, disconnect),
        "connect/disconnect of {a:?} {b:?} in\n{diagram}"
    );
}

use ReadResult::{Fail, Win};

/// Two black stones of one string, at (1, 1) and (1, 2).
pub(crate) const ONE_STRING: &str = ". . . . .
                                     . X X . .
                                     . . . . .
                                     . . . . .
                                     . . . . .";

/// Two black stones on an empty diagonal, at (2, 2) and (3, 3).
pub(crate) const FREE_DIAGONAL: &str = ". . . . . . .
                                        . . . . . . .
                                        . . X . . . .
                                        . . . X . . .
                                        . . . . . . .
                                        . . . . . . .
                                        . . . . . . .";

/// Black stones at (2, 2) and (2, 4) with a white wall between them.
pub(crate) const WALL_BETWEEN: &str = ". . . . . . .
                                       . . . O . . .
                                       . . X O X . .
                                       . . . O . . .
                                       . . . O . . .
                                       . . . . . . .
                                       . . . . . . .";

/// A bamboo joint: black (2, 2)-(3, 2) and (2, 4)-(3, 4).
pub(crate) const BAMBOO_JOINT: &str = ". . . . . . .
                                       . . . . . . .
                                       . . X . X . .
                                       . . X . X . .
                                       . . . . . . .
                                       . . . . . . .
                                       . . . . . . .";

#[test]
fn same_chain_is_connected() {
    check(ONE_STRING, (1, 1), (1, 2), Win, Fail);
}

#[test]
fn one_space_jump_in_the_open_is_connected() {
    // GNU Go 3.8 agrees (`disconnect C4 E4` = 0, `connect C4 E4` = 1 D4
    // on an empty 7x7 board): the cutting stone is captured or the cut
    // stones get too many liberties to be captured.
    check(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . X . X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        (3, 2),
        (3, 4),
        Win,
        Fail,
    );
}

#[test]
fn one_space_jump_with_a_peep_can_be_cut_and_connected() {
    // GNU Go 3.8: `connect C4 E4` = 1 D4 and `disconnect C4 E4` = 1 D4.
    check(
        ". . . . . . .
         . . . . . . .
         . . . O . . .
         . . X . X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        (3, 2),
        (3, 4),
        Win,
        Win,
    );
}

#[test]
fn bamboo_joint_cannot_be_cut() {
    check(BAMBOO_JOINT, (2, 2), (2, 4), Win, Fail);
}

#[test]
fn empty_diagonal_cannot_be_cut() {
    check(FREE_DIAGONAL, (2, 2), (3, 3), Win, Fail);
}

#[test]
fn already_cut_stones_stay_cut() {
    check(WALL_BETWEEN, (2, 2), (2, 4), Fail, Win);
}

#[test]
fn capturing_the_cutting_stone_connects() {
    // The O stone between the X stones is in atari: X connects by capture.
    let (c, _, _) = read(
        ". . . . . . .
         . . X X X . .
         . . X O X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        (2, 2),
        (2, 4),
    );
    assert_eq!(c, Win);
}

#[test]
fn edge_hane_connection_through_self_atari_point() {
    // Black stones on the first line with a point White cannot enter.
    check(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . X . . . . .
         X . X . . . .",
        (6, 0),
        (5, 1),
        Win,
        Fail,
    );
}

#[test]
fn node_counter_counts_and_trace_records() {
    let mut board = Board::from_diagram(
        ". . . . . . .
         . . . . . . .
         . . . O . . .
         . . X . X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .expect("diagram");
    let a = board.point(3, 2).expect("on board");
    let b = board.point(3, 4).expect("on board");
    let mut reader = Reader::default();
    let mut cr = ConnectionReader::default();
    cr.start_trace();
    let (d, m) = cr.disconnect(&mut reader, &mut board, a, b);
    let trace = cr.take_trace().expect("trace");
    assert_eq!(d, Win);
    assert!(m.is_some());
    assert!(cr.nodes > 0);
    assert!(trace.variations > 0);
    let sgf = trace.to_sgf(&board, "disconnect");
    assert!(sgf.starts_with("(;GM[1]FF[4]SZ[7]AB["));
    let parsed = sgf_parse::parse(&sgf);
    assert!(parsed.is_ok(), "{sgf}");
}

#[test]
fn persistent_cache_answers_repeat_queries() {
    let mut board = Board::from_diagram(BAMBOO_JOINT).expect("diagram");
    let a = board.point(2, 2).expect("on board");
    let b = board.point(2, 4).expect("on board");
    let mut reader = Reader::default();
    let mut cr = ConnectionReader::default();
    let first = cr.disconnect(&mut reader, &mut board, a, b);
    let nodes = cr.nodes;
    let second = cr.disconnect(&mut reader, &mut board, a, b);
    assert_eq!(first, second);
    assert_eq!(cr.nodes, nodes, "second answer came from the cache");
    assert_eq!(cr.persistent_cache().stats.hits, 1);
    // A move in the area invalidates; a purge against the position drops it.
    board
        .play(board.point(2, 3).expect("on board"), Color::White)
        .expect("legal");
    cr.purge_persistent_against(&board);
    assert!(cr.persistent_cache().is_empty());
}

#[test]
fn break_in_and_block_off_on_an_open_area() {
    let mut board = Board::from_diagram(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . . X . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .expect("diagram");
    let s = board.point(3, 3).expect("on board");
    let goal = Goal::new(&[board.point(3, 4).expect("p"), board.point(3, 5).expect("p")]);
    let mut reader = Reader::default();
    let mut cr = ConnectionReader::default();
    let (r, _) = cr.break_in(&mut reader, &mut board, s, &goal);
    assert_eq!(r, Win);
    assert_eq!(board.depth(), 0);
    let empty = Goal::new(&[]);
    assert_eq!(cr.break_in(&mut reader, &mut board, s, &empty).0, Fail);
}

#[test]
fn ladder_memo_answers_repeats_without_reading() {
    use super::distance::{ladder_capture, LadderMemo};
    // The white stone at (2, 2) with two liberties is caught in a ladder.
    let mut board = Board::from_diagram(
        ". . . . . . .
         . . X . . . .
         . X O . . . .
         . . . X . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .expect("diagram");
    let w = board.point(2, 2).expect("on board");
    let mut reader = Reader::default();
    let mut memo = LadderMemo::default();
    let first = ladder_capture(&mut reader, &mut memo, KoState::EMPTY, &mut board, w);
    assert!(first.is_some());
    let nodes = reader.nodes;
    assert!(nodes > 0);
    // The same question in the same position: answered from the memo.
    assert_eq!(
        ladder_capture(&mut reader, &mut memo, KoState::EMPTY, &mut board, w),
        first
    );
    assert_eq!(reader.nodes, nodes);
    // One move later the position differs: read again.
    let far = board.point(6, 6).expect("on board");
    assert!(board.trymove(far, Color::Black));
    assert_eq!(
        ladder_capture(&mut reader, &mut memo, KoState::EMPTY, &mut board, w),
        first
    );
    board.popgo();
    let after_move = reader.nodes;
    assert!(after_move > nodes);
    // A new query forgets every answer.
    memo.clear();
    assert_eq!(
        ladder_capture(&mut reader, &mut memo, KoState::EMPTY, &mut board, w),
        first
    );
    assert!(reader.nodes > after_move);
}
