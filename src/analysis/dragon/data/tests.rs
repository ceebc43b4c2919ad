//! Diagram tests of dragon records: one summary line per dragon, compared
//! as text. The positions were also set up in GNU Go 3.8 (`play` on an
//! empty board) and its `dragon_data` agrees on every field shown except
//! where a comment says otherwise.

use super::*;
use crate::connect::ConnectionReader;
use crate::eyes::space::EyeAnalysis;

/// A black dragon of two strings (C5 and the diagonal D3) beside two lone
/// white stones (B3, F2).
pub(crate) const TWO_STRING_DRAGON: &str = ". . . . . . .
                                            . . . . . . .
                                            . . X X X . .
                                            . . X . X . .
                                            . O . X . . .
                                            . . . . . O .
                                            . . . . . . .";

/// The GTP vertex of `p` on a board of `size`.
fn name(size: usize, p: Option<Point>) -> String {
    let letters = "ABCDEFGHJKLMNOPQRST";
    p.map_or("PASS".into(), |p| {
        format!("{}{}", &letters[p.col()..=p.col()], size - p.row())
    })
}

/// One line per dragon: origin, colour, size, effective size, genus,
/// heye, status, safety, neighbours (origins) and strings.
fn summary(diagram: &str) -> String {
    let mut board = Board::from_diagram(diagram).expect("diagram");
    let before = board.clone();
    let mut reader = Reader::default();
    let mut conn = ConnectionReader::default();
    let mut dragons = Dragons::default();
    let eyes = EyeAnalysis::compute(&mut board, &mut reader);
    let records = dragon_records(
        &mut Readers::new(&mut board, &mut reader, &mut conn),
        &mut dragons,
        &eyes,
    );
    assert_eq!(board, before, "the board is left as found");
    let n = board.size();
    let mut out = String::new();
    for d in &records {
        let names = |ps: &[Point]| {
            ps.iter()
                .map(|&p| name(n, Some(p)))
                .collect::<Vec<_>>()
                .join(",")
        };
        let neighbors: Vec<Point> = d.neighbors.iter().map(|&i| records[i].origin).collect();
        out.push_str(&format!(
            "{} {:?} {} {:.2} {} {} {:?} {:?} [{}] [{}] {}\n",
            name(n, Some(d.origin)),
            d.color,
            d.stones.len(),
            d.effective_size,
            d.genus,
            name(n, d.heye),
            d.status,
            d.safety,
            names(&neighbors),
            names(&d.strings),
            d.hostile_neighbors,
        ));
    }
    out
}

#[test]
fn a_living_group_and_its_wall() {
    // Black lives in the corner with eyes at A3, C3 and A1-C1 (three
    // eyes, the bottom one with a vital point at B1: genus 3344). GNU Go
    // calls White "strongly alive" from its moyo size, which is not
    // computed here.
    let got = summary(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O O O O O . . . .
         X X X X O . . . .
         . X . X O . . . .
         X X X X O . . . .
         . . . X O . . . .",
    );
    assert_eq!(
        got,
        "A5 White 9 32.00 2222 PASS Alive Alive [A4] [A5] 1\n\
         A4 Black 11 13.50 3344 B1 Alive Invincible [A5] [A4] 1\n"
    );
}

#[test]
fn weak_stones_and_a_two_string_dragon() {
    // Black's dragon is two strings (C5 and the diagonal D3), strongly
    // alive by its genus; the two lone white stones are dead. GNU Go
    // finds eye spaces for the lone white stones (genus 1111 and 0111)
    // and calls B3 critical by owl.
    let got = summary(TWO_STRING_DRAGON);
    assert_eq!(
        got,
        "C5 Black 6 19.50 3333 PASS Alive StronglyAlive [B3,F2] [C5,D3] 2\n\
         B3 White 1 4.50 0000 PASS Dead Dead [C5] [B3] 1\n\
         F2 White 1 4.50 0000 PASS Dead Dead [C5] [F2] 1\n"
    );
}

#[test]
fn a_stone_in_atari_is_tactically_dead() {
    let got = summary(
        ". . . . .
         . X X X .
         . X O . .
         . X X X .
         . . . . .",
    );
    assert!(
        got.lines()
            .any(|l| l.starts_with("C3 White 1 ") && l.contains("TacticallyDead")),
        "{got}"
    );
}
