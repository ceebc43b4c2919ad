//! Diagram tests: `to_diagram` / `from_diagram` round trips on random
//! positions of every size, the accepted input forms (row numbers, column
//! headers, GNU Go `showboard` output, hoshi marks, the `*` ko point) and
//! the rejected ones.

use super::oracle::{assert_same, Oracle};
use crate::board::{Board, Color, Point};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random position reached by real play (with captures).
fn random_position(size: usize, rng: &mut StdRng, moves: usize) -> Board {
    let mut b = Board::new(size);
    let pts: Vec<Point> = b.points().collect();
    let mut color = Color::Black;
    for _ in 0..moves {
        let p = pts[rng.gen_range(0..pts.len())];
        if b.play(p, color).is_ok() {
            color = color.opponent();
        }
    }
    b
}

#[test]
fn round_trip_random_positions() {
    let mut rng = StdRng::seed_from_u64(11);
    for size in 1..=25 {
        for _ in 0..3 {
            let moves = rng.gen_range(0..3 * size * size);
            let b = random_position(size, &mut rng, moves);
            let text = b.to_diagram();
            let back = Board::from_diagram(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            back.check_consistency().expect("consistent");
            assert_eq!(back.size(), size);
            assert_eq!(back.to_diagram(), text);
            for p in b.points() {
                assert_eq!(back.color_at(p), b.color_at(p));
            }
            // Same stones, so the same hash once the ko point is dropped.
            let mut no_ko = b.clone();
            no_ko.set_ko(Point::NONE);
            assert_eq!(back.hash(), no_ko.hash());
        }
    }
}

#[test]
fn to_diagram_format() {
    let mut b = Board::new(3);
    b.play(Point::new(0, 0), Color::Black).expect("legal");
    b.play(Point::new(2, 1), Color::White).expect("legal");
    assert_eq!(b.to_diagram(), "X . .\n. . .\n. O .\n");
    assert_eq!(Board::new(1).to_diagram(), ".\n");
}

#[test]
fn reads_gnugo_showboard_output() {
    // Captured from `/usr/games/gnugo --mode gtp --quiet`:
    // boardsize 9, play b c3, play w d4, showboard.
    let text = "   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . . + . . . . 5
 4 . . . O . . . . . 4
 3 . . X . . . + . . 3
 2 . . . . . . . . . 2     WHITE (O) has captured 0 stones
 1 . . . . . . . . . 1     BLACK (X) has captured 0 stones
   A B C D E F G H J
";
    let b = Board::from_diagram(text).expect("showboard output");
    assert_eq!(b.size(), 9);
    // C3 is row 9-3 = 6, column 2; D4 is row 5, column 3.
    assert_eq!(b.color_at(Point::new(6, 2)), Some(Color::Black));
    assert_eq!(b.color_at(Point::new(5, 3)), Some(Color::White));
    assert_eq!(b.stone_count(Color::Black) + b.stone_count(Color::White), 2);
}

#[test]
fn reads_two_digit_row_numbers_and_alternative_marks() {
    let mut text = String::from("    A B C D E F G H J K L M N\n");
    for r in 0..13 {
        let row = 13 - r;
        let cells: Vec<&str> = (0..13)
            .map(|c| match (r, c) {
                (0, 0) => "#",
                (0, 1) => "o",
                (1, 0) => "x",
                (3, 3) => "+",
                (12, 12) => "@",
                (12, 11) => "O",
                _ => ",",
            })
            .collect();
        text.push_str(&format!("{row:>2} {} {row}\n", cells.join(" ")));
    }
    let b = Board::from_diagram(&text).expect("13x13");
    assert_eq!(b.size(), 13);
    assert_eq!(b.color_at(Point::new(0, 0)), Some(Color::Black));
    assert_eq!(b.color_at(Point::new(1, 0)), Some(Color::Black));
    assert_eq!(b.color_at(Point::new(0, 1)), Some(Color::White));
    assert_eq!(b.color_at(Point::new(12, 12)), Some(Color::Black));
    assert_eq!(b.color_at(Point::new(12, 11)), Some(Color::White));
    assert!(b.is_empty(Point::new(3, 3)));
    assert!(b.same_chain(Point::new(0, 0), Point::new(1, 0)));
}

#[test]
fn compact_rows_and_ko_mark() {
    let b = Board::from_diagram(
        ".XO..
         X*XO.
         .XO..
         .....
         .....",
    )
    .expect("diagram");
    assert_eq!(b.ko_point(), Point::new(1, 1));
    // White may not retake at once; black may fill the ko.
    assert!(!b.is_legal(Point::new(1, 1), Color::White));
    assert!(b.is_legal(Point::new(1, 1), Color::Black));
    assert_same(&b, &Oracle::from_board(&b));
}

#[test]
fn rejects_bad_diagrams() {
    // Not square.
    assert!(Board::from_diagram(". .\n. .\n. .\n").is_err());
    assert!(Board::from_diagram(". . .\n. .\n. . .\n").is_err());
    // Nothing that looks like a board.
    assert!(Board::from_diagram("").is_err());
    assert!(Board::from_diagram("hello\nworld\n").is_err());
    // Too big.
    let row = ".".repeat(26);
    let big = format!("{row}\n").repeat(26);
    assert!(Board::from_diagram(&big).is_err());
    // A chain without liberties.
    assert!(Board::from_diagram("X O\nO .\n").is_err());
    assert!(Board::from_diagram("X\n").is_err());
    // 25x25 is the largest accepted size.
    let row = ".".repeat(25);
    let max = format!("{row}\n").repeat(25);
    assert_eq!(Board::from_diagram(&max).expect("25x25").size(), 25);
}
