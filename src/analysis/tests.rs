//! Diagram tests of the territory estimate and the break-in analysis.
//! The positions are made up for these tests.

use super::breakin::{find_blocks, find_break_ins};
use super::territory::Territory;
use super::Readers;
use crate::board::{Board, Color, Point};
use crate::connect::ConnectionReader;
use crate::reading::{ReadResult, Reader};

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("diagram")
}

#[test]
fn an_enclosed_corner_is_territory_and_open_space_is_not() {
    let mut b = board(
        ". . . X . . . . .
         . . . X . . . . .
         . . . X . . . . .
         X X X X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut reader = Reader::default();
    let t = Territory::estimate(&mut b, &mut reader);
    for (r, c) in [(0, 0), (1, 1), (2, 2), (0, 2)] {
        assert_eq!(t.owner(Point::new(r, c)), Some(Color::Black), "{r},{c}");
    }
    // Stones are nobody's territory; the far corner is neutral.
    assert_eq!(t.owner(Point::new(0, 3)), None);
    assert_eq!(t.owner(Point::new(8, 8)), None);
    assert_eq!(t.count(Color::White), 0);
    let corner = t.region_of(Point::new(0, 0)).expect("a region");
    assert_eq!(corner.owner, Color::Black);
    assert!(corner.points.contains(&Point::new(2, 2)));
}

#[test]
fn a_captured_stone_counts_for_its_captor() {
    let mut b = board(
        ". . . X . . . . .
         . O X X . . . . .
         . X . X . . . . .
         X X X X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut reader = Reader::default();
    let t = Territory::estimate(&mut b, &mut reader);
    assert_eq!(t.owner(Point::new(1, 1)), Some(Color::Black));
    assert_eq!(t.owner(Point::new(0, 0)), Some(Color::Black));
    assert_eq!(t.count(Color::White), 0);
}

/// Two walls, black on column C and white on column G, with the open
/// columns D-F between them: a symmetric position whose middle nobody
/// owns yet.
pub(crate) const TWO_WALLS: &str = ". . X . . . O . .
                                   . . X . . . O . .
                                   . . X . . . O . .
                                   . . X . . . O . .
                                   . . X . . . O . .
                                   . . X . . . O . .
                                   . . X . . . O . .
                                   . . X . . . O . .
                                   . . X . . . O . .";

/// White's three stones on the right can reach into black's lower-left
/// area under black's stones; black to move can stop it. (Also used by
/// the move generator's tests.)
pub(crate) const OPEN_BOTTOM: &str = ". . . . . . . . .
                           . . X . . . . . .
                           . . X X . O . . .
                           . . . X X . O . .
                           . . . . X . O . .
                           . . . . X O . . .
                           . . . X X O . . .
                           . . . . . O . . .
                           . . . . . . . . .";

#[test]
fn a_break_in_is_found_and_a_block_stops_it() {
    let mut b = board(OPEN_BOTTOM);
    let before = b.to_diagram();
    let mut reader = Reader::default();
    let mut conn = ConnectionReader::default();
    let t = Territory::estimate(&mut b, &mut reader);
    let found = find_break_ins(
        &mut Readers::new(&mut b, &mut reader, &mut conn),
        &t,
        Color::White,
    );
    let intrusion = found
        .iter()
        .find(|f| f.string == b.origin(Point::new(5, 5)))
        .expect("white breaks in from F4");
    assert_eq!(intrusion.result, ReadResult::Win);
    assert!(intrusion.region_size >= 10);
    let blocks = find_blocks(
        &mut Readers::new(&mut b, &mut reader, &mut conn),
        &t,
        Color::Black,
    );
    let block = blocks.first().expect("black can block");
    assert_eq!(
        b.to_diagram(),
        before,
        "analysis leaves the board as it was"
    );
    // After the block, white's break-in into the same goal fails.
    assert!(b.play(block.mv, Color::Black).is_ok());
    let (after, _) = conn.break_in(&mut reader, &mut b, intrusion.string, &intrusion.goal);
    assert_eq!(after, ReadResult::Fail, "block at {:?}", block.mv);
}

#[test]
fn no_break_in_through_a_solid_wall() {
    let mut b = board(
        ". . . . . . . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . . . . . . .",
    );
    let mut reader = Reader::default();
    let mut conn = ConnectionReader::default();
    let t = Territory::estimate(&mut b, &mut reader);
    assert!(t.count(Color::White) >= 10 && t.count(Color::Black) >= 10);
    for c in [Color::Black, Color::White] {
        let found = find_break_ins(&mut Readers::new(&mut b, &mut reader, &mut conn), &t, c);
        assert!(found.is_empty(), "{c:?}: {found:?}");
    }
}

#[test]
fn the_estimate_without_known_dead_stones() {
    // A white stone with four liberties inside black's corner is not read
    // as dead by the estimate, which leaves the points around it neutral;
    // taken off (as the final statuses would), the corner is black's.
    let mut b = board(
        ". . . . X . . . .
         . . . . X . . . .
         . O . . X . . . .
         . . . . X . . . .
         X X X X X . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut reader = Reader::default();
    let near = Point::new(2, 0);
    let plain = Territory::estimate(&mut b, &mut reader);
    assert_ne!(plain.owner(near), Some(Color::Black));
    let mut dead = vec![false; crate::board::BOARD_ARRAY];
    dead[Point::new(2, 1).idx()] = true;
    let cleaned = Territory::estimate_without(&mut b, &mut reader, &dead);
    assert_eq!(cleaned.owner(near), Some(Color::Black));
    assert_eq!(cleaned.owner(Point::new(2, 1)), Some(Color::Black));
}
