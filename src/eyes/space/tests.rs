//! Diagram tests of eye spaces and their values: the classic shapes, dead
//! stones inside, false eyes and half eyes on the edge and in the centre.
//! Every diagram was also checked against GNU Go 3.8's `eval_eye` (same
//! answers). Owner `O` (white), attacker `X` (black); the eye shapes are
//! walled in by white, then an empty ring, then black.

use super::*;

/// The point named by a GTP vertex (`D8`) on `board`.
fn vertex(board: &Board, v: &str) -> Point {
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let col = letters.find(&v[..1]).expect("column");
    let number: usize = v[1..].parse().expect("row");
    board
        .point(board.size() - number, col)
        .expect("on the board")
}

/// The GTP vertex of `p` on `board`.
fn name(board: &Board, p: Option<Point>) -> String {
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    p.map_or("PASS".into(), |p| {
        format!("{}{}", &letters[p.col()..=p.col()], board.size() - p.row())
    })
}

/// `eval_eye v` on the diagram, as GNU Go answers it: `min max`, with
/// the attack and defence points when they differ, `-1` outside any eye
/// space. Also checks that the analysis leaves the board as it was.
fn check(diagram: &str, v: &str, expected: &str) {
    let mut board = Board::from_diagram(diagram).expect("diagram");
    let before = board.clone();
    let eyes = EyeAnalysis::compute(&mut board, &mut Reader::default());
    assert_eq!(board, before, "the analysis changed the board");
    assert_eq!(board.depth(), 0);
    board.check_consistency().expect("consistent board");
    let got = match eyes.eye_space_of(vertex(&board, v)) {
        None => "-1".to_string(),
        Some(space) => {
            let value = space.value;
            let mut s = format!("{} {}", value.min_eyes(), value.max_eyes());
            if value.urgency() > 0 {
                s.push_str(&format!(
                    " {} {}",
                    name(&board, space.attack_point),
                    name(&board, space.defense_point)
                ));
            }
            s
        }
    };
    assert_eq!(got, expected, "eval_eye {v} on\n{diagram}");
}

#[test]
fn one_point_eye() {
    // One point: one eye.
    check(
        "X X X X X X X . . . .
        X . . . . . X . . . .
        X . O O O . X . . . .
        X . O . O . X . . . .
        X . O O O . X . . . .
        X . . . . . X . . . .
        X X X X X X X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 1",
    );
}

#[test]
fn two_point_eye() {
    // Two points: one eye.
    check(
        "X X X X X X X X . . .
        X . . . . . . X . . .
        X . O O O O . X . . .
        X . O . . O . X . . .
        X . O O O O . X . . .
        X . . . . . . X . . .
        X X X X X X X X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 1",
    );
}

#[test]
fn straight_three() {
    // Straight three: the middle is vital.
    check(
        "X X X X X X X X X . .
        X . . . . . . . X . .
        X . O O O O O . X . .
        X . O . . . O . X . .
        X . O O O O O . X . .
        X . . . . . . . X . .
        X X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 2 E8 E8",
    );
}

#[test]
fn bent_three() {
    // Bent three: the bend is vital.
    check(
        "X X X X X X X X . . .
        X . . . . . . X . . .
        X . O O O O . X . . .
        X . O . . O . X . . .
        X . O O . O . X . . .
        X . . O O O . X . . .
        X X . . . . . X . . .
        . X X X X X X X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 2 E8 E8",
    );
}

#[test]
fn square_four_is_dead() {
    // Square four: one eye whoever moves.
    check(
        "X X X X X X X X . . .
        X . . . . . . X . . .
        X . O O O O . X . . .
        X . O . . O . X . . .
        X . O . . O . X . . .
        X . O O O O . X . . .
        X . . . . . . X . . .
        X X X X X X X X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 1",
    );
}

#[test]
fn pyramid_four() {
    // Pyramid (T) four: the centre is vital.
    check(
        ". X X X X X X X . . .
        X X . . . . . X X . .
        X . . O O O . . X . .
        X . O O . O O . X . .
        X . O . . . O . X . .
        X . O O O O O . X . .
        X . . . . . . . X . .
        X X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "E8",
        "1 2 E7 E7",
    );
}

#[test]
fn straight_four_lives() {
    // Straight four: two vital points, miai.
    check(
        "X X X X X X X X X X .
        X . . . . . . . . X .
        X . O O O O O O . X .
        X . O . . . . O . X .
        X . O O O O O O . X .
        X . . . . . . . . X .
        X X X X X X X X X X .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "2 2",
    );
}

#[test]
fn bent_four_in_the_corner() {
    // Bent four in the corner: the corner point touches no wall, the bend is vital.
    check(
        ". . O . X . . . .
        . O O . X . . . .
        . O . . X . . . .
        O O . X X . . . .
        . . . X . . . . .
        X X X X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        "A9",
        "1 2 A8 A8",
    );
}

#[test]
fn bulky_five() {
    // Bulky five: the middle of the 2x2 block is vital.
    check(
        "X X X X X X X X . . .
        X . . . . . . X X . .
        X . O O O O . . X . .
        X . O . . O O . X . .
        X . O . . . O . X . .
        X . O O O O O . X . .
        X . . . . . . . X . .
        X X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 2 E7 E7",
    );
}

#[test]
fn crossed_five() {
    // Crossed (plus) five: the centre is vital.
    check(
        ". X X X X X X X . . .
        X X . . . . . X X . .
        X . . O O O . . X . .
        X . O O . O O . X . .
        X . O . . . O . X . .
        X . O O . O O . X . .
        X . . O O O . . X . .
        X X . . . . . X X . .
        . X X X X X X X . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "E8",
        "1 2 E7 E7",
    );
}

#[test]
fn rabbity_six() {
    // Rabbity six (flower six): the centre is vital.
    check(
        ". X X X X X X X . . .
        X X . . . . . X X . .
        X . . O O O . . X . .
        X . O O . O O . X . .
        X . O . . . O . X . .
        X . O O . . O . X . .
        X . . O O O O . X . .
        X X . . . . . . X . .
        . X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "E8",
        "1 2 E7 E7",
    );
}

#[test]
fn rectangular_six_lives() {
    // Rectangular six: alive.
    check(
        "X X X X X X X X X . .
        X . . . . . . . X . .
        X . O O O O O . X . .
        X . O . . . O . X . .
        X . O . . . O . X . .
        X . O O O O O . X . .
        X . . . . . . . X . .
        X X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "2 2",
    );
}

#[test]
fn dead_stone_on_the_vital_point() {
    // Straight three with a dead stone on the vital point: one eye.
    check(
        "X X X X X X X X X . .
        X . . . . . . . X . .
        X . O O O O O . X . .
        X . O . X . O . X . .
        X . O O O O O . X . .
        X . . . . . . . X . .
        X X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 1",
    );
}

#[test]
fn dead_stone_at_the_end() {
    // Straight three with a dead stone at the end: still vital in the middle.
    check(
        "X X X X X X X X X . .
        X . . . . . . . X . .
        X . O O O O O . X . .
        X . O X . . O . X . .
        X . O O O O O . X . .
        X . . . . . . . X . .
        X X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 2 E8 E8",
    );
}

#[test]
fn dead_stones_in_bulky_five() {
    // Bulky five with two dead stones, the vital point taken: one eye.
    check(
        "X X X X X X X X . . .
        X . . . . . . X X . .
        X . O O O O . . X . .
        X . O . X O O . X . .
        X . O . X . O . X . .
        X . O O O O O . X . .
        X . . . . . . . X . .
        X X X X X X X X X . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        "D8",
        "1 1",
    );
}

#[test]
fn false_eye_on_the_edge() {
    // C1 between two white groups: B2 white, D2 a safe black stone, two
    // diagonals off the board: 4, a false eye (a margin, no eye). A1 in
    // the corner is a real eye.
    let d = ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O X X X . . .
             O O O X O O O . .
             . O . O O . O . .";
    check(d, "C1", "0 0");
    check(d, "A1", "1 1");
}

#[test]
fn half_eye_on_the_edge() {
    // Now D2 is empty and both can play there: C1 is a half eye, D2 the
    // key point for both.
    check(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O O O X X X . . .
         O O O . O O O . .
         . O . O O . O . .",
        "C1",
        "0 1 D2 D2",
    );
}

#[test]
fn false_eye_in_the_centre() {
    // E5: two diagonals held by safe black stones: 4, false.
    check(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . X X X . .
         . . . O O X . . .
         . . . O . O . . .
         . . . X O O . . .
         . . . X X . . . .
         . . . . . . . . .
         . . . . . . . . .",
        "E5",
        "0 0",
    );
}

#[test]
fn half_eye_in_the_centre() {
    // F6 empty, safe for both: E5 is a half eye with F6 as its key point.
    check(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . X . X . .
         . . . O O . . . .
         . . . O . O . . .
         . . . X O O . . .
         . . . X X . . . .
         . . . . . . . . .
         . . . . . . . . .",
        "E5",
        "0 1 F6 F6",
    );
}

#[test]
fn half_eye_data_and_eye_points() {
    let mut board = Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . X . X . .
         . . . O O . . . .
         . . . O . O . . .
         . . . X O O . . .
         . . . X X . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    let eyes = EyeAnalysis::compute(&mut board, &mut Reader::default());
    let e5 = vertex(&board, "E5");
    let half = eyes.half_eye(e5).expect("judged");
    assert_eq!(half.kind, EyeTopology::Half);
    assert_eq!(half.value, 3.0);
    assert_eq!(half.attack_points, vec![vertex(&board, "F6")]);
    let point = eyes.map(Color::White).point(e5).expect("white eye point");
    assert!(!point.marginal);
    assert_eq!(point.neighbors, 0);
    assert!(eyes.map(Color::Black).point(e5).is_none());
    // A stone of a living chain is in no eye space.
    assert!(eyes.eye_space_of(vertex(&board, "E6")).is_none());
}

#[test]
fn eye_spaces_of_a_colour_for_the_owl() {
    // The API the owl will use: every eye space of a colour with its
    // value. White's bulky five, and the one-point margins of the ring.
    let mut board = Board::from_diagram(
        "X X X X X X X X X . .
         X . . . . . . . X . .
         X . O O O O O . X . .
         X . O . . O O . X . .
         X . O . . . O . X . .
         X . O O O O O . X . .
         X . . . . . . . X . .
         X X X X X X X X X . .
         . . . . . . . . . . .
         . . . . . . . . . . .
         . . . . . . . . . . .",
    )
    .unwrap();
    let eyes = EyeAnalysis::compute(&mut board, &mut Reader::default());
    let inner: Vec<&EyeSpace> = eyes
        .spaces(Color::White)
        .iter()
        .filter(|s| s.size() > 1)
        .collect();
    assert_eq!(inner.len(), 1);
    let bulky = inner[0];
    assert_eq!((bulky.size(), bulky.marginals), (5, 0));
    assert_eq!(bulky.value, EyeValue::new(1, 1, 2, 2));
    assert!(bulky.exact);
    assert_eq!(name(&board, bulky.attack_point), "E7");
    assert_eq!(name(&board, bulky.defense_point), "E7");
    // The ring points are margins of both colours, worth nothing.
    let ring = vertex(&board, "B9");
    assert_eq!(
        eyes.map(Color::White).space_at(ring).map(|s| s.value),
        Some(EyeValue::settled(0))
    );
}

#[test]
fn big_spaces_are_estimated() {
    // GNU Go's guess beyond the search: size minus twice the margins.
    assert_eq!(estimate(14, 0), EyeValue::settled(2));
    assert_eq!(estimate(14, 5), EyeValue::settled(2));
    assert_eq!(estimate(14, 6), EyeValue::settled(1));
    assert_eq!(estimate(14, 7), EyeValue::settled(0));
}
