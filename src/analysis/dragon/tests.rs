//! Diagram tests of dragon amalgamation.

use super::*;
use crate::analysis::Readers;
use crate::connect::tests::{FREE_DIAGONAL, ONE_STRING, WALL_BETWEEN};
use crate::connect::ConnectionReader;

/// `same_dragon` for the stones at `a` and `b` (row, col) of `diagram`;
/// also checks the board is left unchanged.
fn same(diagram: &str, a: (usize, usize), b: (usize, usize)) -> bool {
    let mut board = Board::from_diagram(diagram).expect("diagram");
    let before = board.to_diagram();
    let pa = board.point(a.0, a.1).expect("on board");
    let pb = board.point(b.0, b.1).expect("on board");
    let mut reader = Reader::default();
    let mut cr = ConnectionReader::default();
    let mut dragons = Dragons::default();
    let r = dragons.same_dragon(&mut Readers::new(&mut board, &mut reader, &mut cr), pa, pb);
    // Symmetric, and the same from fresh caches.
    let mut cr2 = ConnectionReader::default();
    let mut dragons2 = Dragons::default();
    assert_eq!(
        dragons2.same_dragon(&mut Readers::new(&mut board, &mut reader, &mut cr2), pb, pa),
        r
    );
    assert_eq!(board.to_diagram(), before);
    assert_eq!(board.depth(), 0);
    r
}

#[test]
fn one_string_is_one_dragon() {
    assert!(same(ONE_STRING, (1, 1), (1, 2)));
}

#[test]
fn different_colours_are_different_dragons() {
    let diagram = ". . . . .
                   . X O . .
                   . . . . .
                   . . . . .
                   . . . . .";
    assert!(!same(diagram, (1, 1), (1, 2)));
}

#[test]
fn free_diagonal_is_one_dragon() {
    assert!(same(FREE_DIAGONAL, (2, 2), (3, 3)));
}

#[test]
fn one_space_jump_in_open_space_is_one_dragon() {
    // Reading can push through a lone jump, but in an area without
    // opponent stones it counts as connected.
    let diagram = ". . . . . . .
                   . . . . . . .
                   . . . . . . .
                   . . X . X . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
    assert!(same(diagram, (3, 2), (3, 4)));
}

#[test]
fn wall_between_separates_dragons() {
    assert!(!same(WALL_BETWEEN, (2, 2), (2, 4)));
}

#[test]
fn crosscut_with_safe_cutting_stones_separates() {
    let diagram = ". . . . . . .
                   . . . . . . .
                   . . X O . . .
                   . . O X . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
    assert!(!same(diagram, (2, 2), (3, 3)));
}

#[test]
fn peeped_jump_that_can_be_cut_separates() {
    // White's peep at D4 (row 3, col 3) threatens to cut; Black's jump
    // between C4 and E4 has a white stone below the gap, and a white
    // wall above.
    let diagram = ". . . . . . .
                   . . . . . . .
                   . O O O O O .
                   . . X . X . .
                   . . . O . . .
                   . . . . . . .
                   . . . . . . .";
    assert!(!same(diagram, (3, 2), (3, 4)));
}

#[test]
fn bamboo_joint_is_one_dragon_even_near_opponent_stones() {
    // White stones above and below the gap: no open space, but no cut.
    let diagram = ". . . . . . . . .
                   . . . . . . . . .
                   . . . O . . . . .
                   . . . . . . . . .
                   . . X . X . . . .
                   . . X . X . . . .
                   . . . . . . . . .
                   . . . O . . . . .
                   . . . . . . . . .";
    assert!(same(diagram, (4, 2), (5, 4)));
}

#[test]
fn amalgamation_is_transitive() {
    // C5-D4 diagonal, D4-F4 bamboo joint with D3-F3 (9x9, white stones
    // around so that nothing is open space): one dragon from C5 to F3.
    let diagram = ". . . . . . . . .
                   . . . . . . . . .
                   . . . . O . . . .
                   . . X . . . . . .
                   . . . X . X . . .
                   . . . X . X . . .
                   . . . . . . . . .
                   . . . . O . . . .
                   . . . . . . . . .";
    assert!(same(diagram, (3, 2), (5, 5)));
}

#[test]
fn fragile_double_connection_is_not_one_dragon() {
    // C6 - D5 and D5 - E6 are diagonals that hold on their own, but
    // White D6 threatens both cuts at once: C6 and E6 are two dragons.
    let d = ". . . . . . . . .
             . . . . . . . . .
             . . . O . . . . .
             . . X . X . . . .
             . . . X . . . . .
             . . . . O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .";
    assert!(!same(d, (3, 2), (3, 4)));
    // Each diagonal on its own is a link.
    assert!(same(d, (3, 2), (4, 3)));
    assert!(same(d, (4, 3), (3, 4)));
}

#[test]
fn two_weak_strings_on_a_diagonal_share_their_fate() {
    // Both black stones can be captured; they touch diagonally with both
    // cutting points empty, so they are one dragon (GNU Go's "s" class).
    let diagram = ". . . . . . . . .
                   . . . . . . . . .
                   . . O O . . . . .
                   . O X . O . . . .
                   . . . X O . . . .
                   . . O O . . . . .
                   . . . . . . . . .
                   . . . . . . . . .
                   . . . . . . . . .";
    assert!(same(diagram, (3, 2), (4, 3)));
}

#[test]
fn weak_string_is_not_amalgamated_with_a_strong_one() {
    // The lone black stone at C4 is in atari; the black pair to its
    // lower right is safe: a capturable stone joins no dragon.
    let diagram = ". . . . . . .
                   . . O . . . .
                   . O X O . . .
                   . . . X X . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
    assert!(!same(diagram, (2, 2), (3, 3)));
}

#[test]
fn cache_follows_the_board() {
    let mut board = Board::from_diagram(FREE_DIAGONAL).expect("diagram");
    let a = Point::new(2, 2);
    let b = Point::new(3, 3);
    let mut reader = Reader::default();
    let mut cr = ConnectionReader::default();
    let mut dragons = Dragons::default();
    assert!(dragons.same_dragon(&mut Readers::new(&mut board, &mut reader, &mut cr), a, b));
    // White crosscuts with safe stones: now two dragons.
    board.add_stone(Point::new(2, 3), Color::White);
    board.add_stone(Point::new(3, 2), Color::White);
    board.add_stone(Point::new(1, 3), Color::White);
    board.add_stone(Point::new(4, 2), Color::White);
    assert!(!dragons.same_dragon(&mut Readers::new(&mut board, &mut reader, &mut cr), a, b));
    assert_eq!(
        dragons.dragon_stones(&mut Readers::new(&mut board, &mut reader, &mut cr), a),
        vec![a]
    );
}

/// Black D6 (row 3, col 3) and E5 (row 4, col 4) crosscut by White E6
/// and D5. The white cutting string in column E (rows 0-3) is shut in
/// between the two black strings with four liberties and no way to gain
/// one, so the tactical reader captures it and no white move cuts the
/// black strings apart; the other cutting string, the white wall on row
/// 4, is safe. A cutting string with four
/// liberties is a capturing race, not a weakness of the connection: the
/// two black strings stay two dragons. With one liberty fewer (a black
/// stone at F9, row 0 col 5) the crosscut is read and links them.
#[test]
fn a_crosscut_through_a_cutting_string_with_four_liberties_links_nothing() {
    let four = ". . X X O . X . .
                . . X X O . X . .
                . . X . O . X . .
                . . X X O X X . .
                O O O O X X X X X
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .";
    let cutter = Board::from_diagram(four).expect("diagram");
    let w = cutter.point(3, 4).expect("on board");
    assert_eq!(cutter.countlib(w), 4);
    assert_ne!(
        Reader::default().attack(&mut cutter.clone(), w).0,
        ReadResult::Fail,
        "the reader captures the cutting string"
    );
    assert!(!same(four, (3, 3), (4, 4)));
    let three = ". . X X O X X . .
                 . . X X O . X . .
                 . . X . O . X . .
                 . . X X O X X . .
                 O O O O X X X X X
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .";
    assert!(same(three, (3, 3), (4, 4)));
}
