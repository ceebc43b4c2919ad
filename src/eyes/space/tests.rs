//! Diagram tests of eye spaces and their values: the classic shapes, dead
//! stones inside, false eyes and half eyes on the edge and in the centre.
//! Every diagram was also checked against GNU Go 3.8's `eval_eye` (same
//! answers). Owner `O` (white), attacker `X` (black); the eye shapes are
//! walled in by white, then an empty ring, then black (see [`walled`]).

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

/// The 11x11 diagram of an eye `shape` as the classic shapes stand here:
/// the shape (its white stones, its eye space and anything in it) with
/// its top left corner at C9, then an empty ring (the points outside the
/// shape next to a white stone, diagonals included), then a black wall
/// (the points outside next to the ring).
fn walled(shape: &str) -> String {
    const SIZE: usize = 11;
    let mut grid = [['.'; SIZE]; SIZE];
    for (r, row) in shape.lines().enumerate() {
        for (c, cell) in row.split_whitespace().enumerate() {
            grid[r + 2][c + 2] = cell.chars().next().expect("a cell");
        }
    }
    // Outside: what the edge of the board reaches without crossing white.
    let mut outside = [[false; SIZE]; SIZE];
    let mut todo: Vec<(usize, usize)> = (0..SIZE)
        .flat_map(|i| [(0, i), (SIZE - 1, i), (i, 0), (i, SIZE - 1)])
        .collect();
    while let Some((r, c)) = todo.pop() {
        if outside[r][c] || grid[r][c] == 'O' {
            continue;
        }
        outside[r][c] = true;
        let steps = [
            (r + 1, c),
            (r.wrapping_sub(1), c),
            (r, c + 1),
            (r, c.wrapping_sub(1)),
        ];
        todo.extend(steps.into_iter().filter(|&(a, b)| a < SIZE && b < SIZE));
    }
    let around = |r: usize, c: usize| {
        let rows = r.saturating_sub(1)..(r + 2).min(SIZE);
        rows.flat_map(move |a| (c.saturating_sub(1)..(c + 2).min(SIZE)).map(move |b| (a, b)))
    };
    let points = || (0..SIZE).flat_map(|r| (0..SIZE).map(move |c| (r, c)));
    let mut ring = [[false; SIZE]; SIZE];
    for (r, c) in points() {
        ring[r][c] = outside[r][c] && around(r, c).any(|(a, b)| grid[a][b] == 'O');
    }
    for (r, c) in points() {
        if outside[r][c] && !ring[r][c] && around(r, c).any(|(a, b)| ring[a][b]) {
            grid[r][c] = 'X';
        }
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            row.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    rows.join("\n")
}

/// One test per case: `name: diagram => vertex: answer, ...;` checks
/// [`check`]`(diagram, vertex, answer)` for each vertex.
macro_rules! eval_eye {
    ($($name:ident: $diagram:expr => $($v:literal: $expected:literal),+;)*) => {
        $(
            #[test]
            fn $name() {
                $(check(&$diagram, $v, $expected);)+
            }
        )*
    };
}

/// The half eye of [`half_eye_in_the_centre`]: F6 empty, E5 a half eye.
const HALF_EYE_IN_THE_CENTRE: &str = ". . . . . . . . .
                                      . . . . . . . . .
                                      . . . . X . X . .
                                      . . . O O . . . .
                                      . . . O . O . . .
                                      . . . X O O . . .
                                      . . . X X . . . .
                                      . . . . . . . . .
                                      . . . . . . . . .";

eval_eye! {
    // One point: one eye.
    one_point_eye: walled(
        "O O O
         O . O
         O O O",
    ) => "D8": "1 1";

    // Two points: one eye.
    two_point_eye: walled(
        "O O O O
         O . . O
         O O O O",
    ) => "D8": "1 1";

    // Straight three: the middle is vital.
    straight_three: walled(
        "O O O O O
         O . . . O
         O O O O O",
    ) => "D8": "1 2 E8 E8";

    // Bent three: the bend is vital.
    bent_three: walled(
        "O O O O
         O . . O
         O O . O
         . O O O",
    ) => "D8": "1 2 E8 E8";

    // Square four: one eye whoever moves.
    square_four_is_dead: walled(
        "O O O O
         O . . O
         O . . O
         O O O O",
    ) => "D8": "1 1";

    // Pyramid (T) four: the centre is vital.
    pyramid_four: walled(
        ". O O O .
         O O . O O
         O . . . O
         O O O O O",
    ) => "E8": "1 2 E7 E7";

    // Straight four: two vital points, miai.
    straight_four_lives: walled(
        "O O O O O O
         O . . . . O
         O O O O O O",
    ) => "D8": "2 2";

    // Bent four in the corner: the corner point touches no wall, the bend is vital.
    bent_four_in_the_corner:
        ". . O . X . . . .
         . O O . X . . . .
         . O . . X . . . .
         O O . X X . . . .
         . . . X . . . . .
         X X X X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . ."
        => "A9": "1 2 A8 A8";

    // Bulky five: the middle of the 2x2 block is vital.
    bulky_five: walled(
        "O O O O .
         O . . O O
         O . . . O
         O O O O O",
    ) => "D8": "1 2 E7 E7";

    // Crossed (plus) five: the centre is vital.
    crossed_five: walled(
        ". O O O .
         O O . O O
         O . . . O
         O O . O O
         . O O O .",
    ) => "E8": "1 2 E7 E7";

    // Rabbity six (flower six): the centre is vital.
    rabbity_six: walled(
        ". O O O .
         O O . O O
         O . . . O
         O O . . O
         . O O O O",
    ) => "E8": "1 2 E7 E7";

    // Rectangular six: alive.
    rectangular_six_lives: walled(
        "O O O O O
         O . . . O
         O . . . O
         O O O O O",
    ) => "D8": "2 2";

    // Straight three with a dead stone on the vital point: one eye.
    dead_stone_on_the_vital_point: walled(
        "O O O O O
         O . X . O
         O O O O O",
    ) => "D8": "1 1";

    // Straight three with a dead stone at the end: still vital in the middle.
    dead_stone_at_the_end: walled(
        "O O O O O
         O X . . O
         O O O O O",
    ) => "D8": "1 2 E8 E8";

    // Bulky five with two dead stones, the vital point taken: one eye.
    dead_stones_in_bulky_five: walled(
        "O O O O .
         O . X O O
         O . X . O
         O O O O O",
    ) => "D8": "1 1";

    // C1 between two white groups: B2 white, D2 a safe black stone, two
    // diagonals off the board: 4, a false eye (a margin, no eye). A1 in
    // the corner is a real eye.
    false_eye_on_the_edge:
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O O O X X X . . .
         O O O X O O O . .
         . O . O O . O . ."
        => "C1": "0 0", "A1": "1 1";

    // Now D2 is empty and both can play there: C1 is a half eye, D2 the
    // key point for both.
    half_eye_on_the_edge:
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O O O X X X . . .
         O O O . O O O . .
         . O . O O . O . ."
        => "C1": "0 1 D2 D2";

    // E5: two diagonals held by safe black stones: 4, false.
    false_eye_in_the_centre:
        ". . . . . . . . .
         . . . . . . . . .
         . . . . X X X . .
         . . . O O X . . .
         . . . O . O . . .
         . . . X O O . . .
         . . . X X . . . .
         . . . . . . . . .
         . . . . . . . . ."
        => "E5": "0 0";

    // F6 empty, safe for both: E5 is a half eye with F6 as its key point.
    half_eye_in_the_centre: HALF_EYE_IN_THE_CENTRE => "E5": "0 1 F6 F6";
}

#[test]
fn half_eye_data_and_eye_points() {
    let mut board = Board::from_diagram(HALF_EYE_IN_THE_CENTRE).unwrap();
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
    let mut board = Board::from_diagram(&walled(
        "O O O O O
         O . . O O
         O . . . O
         O O O O O",
    ))
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
