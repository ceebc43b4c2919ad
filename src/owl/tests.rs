//! Owl diagrams: classic corner and side shapes whose status is known.

use crate::board::{Board, Color, Point};
use crate::owl::OwlReader;
use crate::reading::{ReadResult, Reader};

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

/// The stones of the `color` string at `p`, as the dragon.
fn read(
    diagram: &str,
    target: (usize, usize),
) -> (ReadResult, Option<Point>, ReadResult, Option<Point>) {
    let mut b = board(diagram);
    let t = b.point(target.0, target.1).unwrap();
    let stones = b.stones_sorted(t);
    let before = b.clone();
    let mut owl = OwlReader::default();
    let mut reader = Reader::default();
    let a = owl.attack(&mut b, &mut reader, &stones, t);
    let d = owl.defend(&mut b, &mut reader, &stones, t);
    assert_eq!(b, before, "the board is restored");
    let _ = Color::Black;
    (a.result, a.mv, d.result, d.mv)
}

#[test]
fn two_separate_eyes_live() {
    let (a, _, d, _) = read(
        "
        . O . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
        (1, 0),
    );
    assert_eq!(a, ReadResult::Fail);
    assert_eq!(d, ReadResult::Win);
}

#[test]
fn straight_three_in_the_corner_is_critical_at_its_middle() {
    let (a, am, d, dm) = read(
        "
        . . . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
        (1, 0),
    );
    let b = board(". . .\n. . .\n. . .");
    let _ = b;
    assert_eq!((a, d), (ReadResult::Win, ReadResult::Win));
    assert_eq!(am, Some(Point::new(0, 1)));
    assert_eq!(dm, Some(Point::new(0, 1)));
}

#[test]
fn a_single_small_eye_is_dead() {
    let (a, _, d, _) = read(
        "
        . O X . . . .
        O O X . . . .
        X X X . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
        (1, 0),
    );
    assert_eq!(a, ReadResult::Win);
    assert_eq!(d, ReadResult::Fail);
}
