//! Query tests on hand-made diagrams: liberties (`libs`, `findlib`,
//! `countlib`, big chains past `MAX_LIBS`), neighbouring chains, common
//! liberties, ko captures, suicide, `check_move` reasons, `tryko` on an
//! illegal ko, the guard and closure forms, the trymove counter, the
//! reading shadow, and lists that depend on the position, not on the
//! order it was built in.

use super::oracle::{assert_same, Oracle};
use crate::board::{Board, Color, IllegalMove, Point, MAX_LIBS};

const B: Color = Color::Black;
const W: Color = Color::White;

fn p(r: usize, c: usize) -> Point {
    Point::new(r, c)
}

fn board(text: &str) -> Board {
    Board::from_diagram(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn sorted(mut v: Vec<Point>) -> Vec<Point> {
    v.sort();
    v
}

#[test]
fn liberties_of_small_chains() {
    let b = board(
        ". . . . .
         . X X . .
         . O X . .
         . . O . .
         . . . . .",
    );
    // Black chain (1,1),(1,2),(2,2).
    let libs = vec![p(0, 1), p(0, 2), p(1, 0), p(1, 3), p(2, 3)];
    assert_eq!(b.countlib(p(1, 1)), 5);
    assert_eq!(sorted(b.libs(p(2, 2)).to_vec()), libs);
    assert_eq!(b.liberties_sorted(p(1, 2)), libs);
    let mut out = vec![p(4, 4)];
    b.findlib(p(1, 1), &mut out);
    assert_eq!(sorted(out), libs);
    assert_eq!(b.chain_size(p(1, 1)), 3);
    assert_eq!(b.origin(p(2, 2)), p(1, 1));
    assert_eq!(b.stones_sorted(p(2, 2)), vec![p(1, 1), p(1, 2), p(2, 2)]);
    assert!(b.is_liberty_of(p(2, 3), p(1, 1)));
    assert!(!b.is_liberty_of(p(2, 1), p(1, 1)), "occupied");
    assert!(!b.is_liberty_of(p(4, 4), p(1, 1)));
    // White (2,1): libs (2,0),(3,1); white (3,2): (3,1),(3,3),(4,2).
    assert_eq!(b.liberties_sorted(p(2, 1)), vec![p(2, 0), p(3, 1)]);
    assert_eq!(b.countlib(p(3, 2)), 3);
    assert!(!b.in_atari(p(2, 1)));
    assert_eq!(b.empty_neighbors(p(2, 1)), 2);
    assert_eq!(b.chain_origins(Some(W)), vec![p(2, 1), p(3, 2)]);
    assert_eq!(b.chain_origins(Some(B)), vec![p(1, 1)]);
    assert_eq!(b.chain_origins(None), vec![p(1, 1), p(2, 1), p(3, 2)]);
    assert_eq!(b.chain_count(), 3);
    assert_eq!(b.stone_count(B), 3);
    assert_eq!(b.stone_count(W), 2);
}

/// Chains with more liberties than the stored list holds keep an exact
/// count; `findlib` stays exact; the list is refilled when the count drops
/// back to `MAX_LIBS`.
#[test]
fn big_chain_liberties_past_max_libs() {
    let mut b = Board::new(19);
    for c in 0..19 {
        b.play(p(9, c), B).expect("legal");
    }
    assert_eq!(b.countlib(p(9, 0)), 38);
    let mut all = Vec::new();
    b.findlib(p(9, 0), &mut all);
    assert_eq!(all.len(), 38);
    let mut n = 0;
    b.for_each_lib(p(9, 0), |_| {
        n += 1;
        true
    });
    assert_eq!(n, 38);
    // The stored list cannot hold them: `libs` refuses rather than
    // answering with part of the list (issue 11).
    assert!(std::panic::catch_unwind(|| b.libs(p(9, 0)).len()).is_err());
    let all = b.liberties_sorted(p(9, 5));
    assert_eq!(all.len(), 38);
    assert!(all.iter().all(|&l| l.row() == 8 || l.row() == 10));
    // Take liberties one by one down to MAX_LIBS - 2, hypothetically.
    let mut taken = 0;
    for c in 0..19 {
        for r in [8, 10] {
            if b.countlib(p(9, 0)) <= MAX_LIBS - 2 {
                break;
            }
            assert!(b.trymove(p(r, c), W));
            taken += 1;
            assert_eq!(b.countlib(p(9, 0)), 38 - taken);
            b.check_consistency().expect("consistent");
        }
    }
    assert_eq!(
        sorted(b.libs(p(9, 0)).to_vec()),
        b.liberties_sorted(p(9, 0))
    );
    assert_same(&b, &Oracle::from_board(&b));
    while b.popgo() {}
    assert_eq!(b.countlib(p(9, 0)), 38);
    b.check_consistency().expect("consistent");
}

#[test]
fn adjacent_chains_and_common_libs() {
    let b = board(
        ". O . . . .
         O X X O . .
         . O X . . .
         . . O X . .
         . O X . . .
         . . . . . .",
    );
    // Black (1,1),(1,2),(2,2) touches white (0,1),(1,0),(2,1),(1,3),(3,2).
    let mut out = Vec::new();
    b.adjacent_chains(p(1, 2), &mut out);
    assert_eq!(
        sorted(out.clone()),
        vec![p(0, 1), p(1, 0), p(1, 3), p(2, 1), p(3, 2)]
    );
    // The same chain is reported once even when touched twice.
    b.adjacent_chains(p(3, 2), &mut out);
    assert_eq!(sorted(out.clone()), vec![p(1, 1), p(3, 3), p(4, 2)]);
    // Only the neighbours with at most two liberties: (0,1) has (0,0),(0,2);
    // (1,0) has (0,0),(2,0); (2,1) has (2,0),(3,1); (1,3) has 3; (3,2) has 1.
    b.adjacent_chains_max_libs(p(1, 1), 2, &mut out);
    assert_eq!(
        sorted(out.clone()),
        vec![p(0, 1), p(1, 0), p(2, 1), p(3, 2)]
    );
    b.adjacent_chains_max_libs(p(1, 1), 1, &mut out);
    assert_eq!(out, vec![p(3, 2)]);
    assert!(b.in_atari(p(3, 2)));
    // Common liberties: (0,1) and (1,0) share (0,0).
    assert_eq!(b.count_common_libs(p(0, 1), p(1, 0)), 1);
    assert_eq!(b.common_libs(p(0, 1), p(1, 0)), vec![p(0, 0)]);
    assert!(b.have_common_lib(p(1, 0), p(2, 1)));
    assert_eq!(b.common_libs(p(1, 0), p(2, 1)), vec![p(2, 0)]);
    assert!(!b.have_common_lib(p(0, 1), p(3, 2)));
    // A chain with itself: all its liberties.
    assert_eq!(b.count_common_libs(p(1, 3), p(1, 3)), b.countlib(p(1, 3)));
    // Chains of different colours may share liberties too.
    assert_eq!(
        sorted(b.common_libs(p(3, 3), p(1, 3))),
        vec![p(2, 3)],
        "black (3,3) and white (1,3)"
    );
}

#[test]
fn ko_capture_and_ko_rule() {
    let mut b = board(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
    );
    // Black at (1,2) captures the lone white stone (1,1): a ko.
    assert_eq!(b.ko_capture(p(1, 2), B), Some(p(1, 1)));
    assert!(b.does_capture_something(p(1, 2), B));
    // Not a ko capture: empty neighbours, or nothing captured.
    assert_eq!(b.ko_capture(p(3, 3), B), None);
    assert_eq!(b.ko_capture(p(1, 2), W), None);
    assert!(!b.does_capture_something(p(3, 3), B));
    b.play(p(1, 2), B).expect("ko capture");
    assert_eq!(b.captures(B), 1);
    assert_eq!(b.ko_point(), p(1, 1));
    assert!(b.is_ko_violation(p(1, 1), W));
    assert!(!b.is_ko_violation(p(1, 1), B));
    assert_eq!(b.check_move(p(1, 1), W), Err(IllegalMove::Ko));
    assert!(b.is_legal_ignoring_ko(p(1, 1), W));
    assert_eq!(b.ko_capture(p(1, 1), W), Some(p(1, 2)));
    // trymove refuses the retake and changes nothing.
    let before = b.clone();
    let counter = b.trymove_counter();
    assert!(!b.trymove(p(1, 1), W));
    assert!(b == before);
    assert_eq!(b.trymove_counter(), counter);
    assert!(b.try_move(p(1, 1), W).is_none());
    assert!(b.with_move(p(1, 1), W, |_| ()).is_none());
    // tryko takes it, as after a ko threat; the new ko forbids black.
    assert!(b.tryko(p(1, 1), W));
    assert_eq!(b.trymove_counter(), counter + 1);
    assert_eq!(b.depth(), 1);
    assert_eq!(b.color_at(p(1, 1)), Some(W));
    assert!(b.is_empty(p(1, 2)));
    assert_eq!(b.captures(W), 1);
    assert_eq!(b.ko_point(), p(1, 2));
    assert!(!b.is_legal(p(1, 2), B));
    assert_same(&b, &Oracle::from_board(&b));
    b.check_consistency().expect("consistent");
    assert!(b.popgo());
    assert!(b == before);
    assert!(!b.popgo(), "empty stack");
    // The guard form pops on drop.
    {
        let g = b.try_ko(p(1, 1), W).expect("tryko");
        assert_eq!(g.depth(), 1);
        assert_eq!(g.ko_point(), p(1, 2));
    }
    assert!(b == before);
    assert_eq!(b.depth(), 0);
    // A move capturing several single stones is not a ko capture.
    let mut b2 = board(
        ". X O X .
         X O . O X
         . X O X .
         . . X . .
         . . . . .",
    );
    assert_eq!(b2.ko_capture(p(1, 2), B), None);
    assert!(b2.trymove(p(1, 2), B));
    assert_eq!(b2.captures(B), 4);
    assert_eq!(b2.ko_point(), Point::NONE);
    assert_same(&b2, &Oracle::from_board(&b2));
    b2.popgo();
}

/// Capturing one stone is a ko only when the capturing stone is left
/// alone with one liberty.
#[test]
fn single_capture_without_ko() {
    let mut b = board(
        "X O . . .
         . X O . .
         . . . . .
         . . . . .
         . . . . .",
    );
    assert!(b.does_capture_something(p(0, 2), B));
    assert_eq!(b.ko_capture(p(0, 2), B), None);
    assert!(b.trymove(p(0, 2), B));
    assert_eq!(b.captures(B), 1);
    assert_eq!(b.ko_point(), Point::NONE);
    assert!(!b.is_ko_violation(p(0, 1), W));
    assert!(
        b.is_suicide(p(0, 1), W),
        "white may not play back: suicide, not ko"
    );
    assert_same(&b, &Oracle::from_board(&b));
    b.popgo();
}

#[test]
fn suicide() {
    let b = board(
        ". X . O .
         X . X . O
         . X O O .
         O O . . .
         . X O . .",
    );
    // (1,1) is a black eye: suicide for white, legal for black.
    assert!(b.is_suicide(p(1, 1), W));
    assert_eq!(b.check_move(p(1, 1), W), Err(IllegalMove::Suicide));
    assert!(!b.is_legal_ignoring_ko(p(1, 1), W));
    assert!(!b.is_suicide(p(1, 1), B));
    // Corner (0,0): black fills its own eye, legal (chains keep liberties).
    assert!(b.is_legal(p(0, 0), B));
    assert!(b.is_suicide(p(0, 0), W));
    // (2,0): white would capture nothing there but (3,0) keeps it alive.
    assert!(b.is_legal(p(2, 0), W));
    // (4,0): black stone (4,1) has (4,0) as its only liberty; black at
    // (4,0) fills it: multi-stone suicide.
    assert_eq!(b.countlib(p(4, 1)), 1);
    assert!(b.is_suicide(p(4, 0), B));
    // White at (4,0) captures (4,1): not suicide though surrounded.
    assert!(!b.is_suicide(p(4, 0), W));
    assert!(b.does_capture_something(p(4, 0), W));
    // Occupied and off-board points.
    assert_eq!(b.check_move(p(0, 1), B), Err(IllegalMove::Occupied));
    assert_eq!(b.check_move(Point::NONE, B), Err(IllegalMove::OffBoard));
    assert_eq!(b.check_move(p(0, 5), B), Err(IllegalMove::OffBoard));
    assert!(!b.is_legal(p(5, 0), B));
    // 1x1: every move is suicide.
    let one = Board::new(1);
    assert!(one.is_suicide(p(0, 0), B));
    assert!(!one.is_legal(p(0, 0), W));
}

#[test]
fn suicide_of_a_big_chain_and_capture_instead() {
    let mut b = board(
        "X X X O .
         O O X O .
         . O X O .
         O O . O .
         . . O . .",
    );
    // The five black stones have one liberty, (3,2).
    assert_eq!(b.liberties_sorted(p(0, 0)), vec![p(3, 2)]);
    assert!(b.is_suicide(p(3, 2), B), "filling it kills five stones");
    assert_eq!(b.check_move(p(3, 2), B), Err(IllegalMove::Suicide));
    assert!(!b.is_suicide(p(3, 2), W));
    assert_eq!(b.ko_capture(p(3, 2), W), None);
    let before = b.clone();
    assert!(b.trymove(p(3, 2), W));
    assert_eq!(b.captures(W), 5);
    assert_eq!(b.ko_point(), Point::NONE);
    // (3,2) joins three white chains; the capture gives them liberties.
    assert_eq!(b.chain_size(p(3, 2)), 11);
    assert_eq!(b.countlib(p(3, 2)), 13);
    b.check_consistency().expect("consistent");
    assert_same(&b, &Oracle::from_board(&b));
    b.popgo();
    assert!(b == before);
    b.check_consistency().expect("consistent");
}

#[test]
fn shadow_records_tried_points() {
    let mut b = Board::new(9);
    b.start_shadow();
    assert!(b.trymove(p(4, 4), B));
    assert!(!b.trymove(p(4, 4), W), "occupied, still recorded");
    b.popgo();
    assert!(b.tryko(p(0, 0), W));
    b.popgo();
    let s = b.take_shadow();
    assert_eq!(s.iter().collect::<Vec<_>>(), vec![p(0, 0), p(4, 4)]);
    assert!(b.take_shadow().is_empty(), "stopped");
}

#[test]
fn with_move_and_guard_restore() {
    let mut b = board(
        ". . . .
         . X O .
         . O . .
         . . . .",
    );
    let before = b.clone();
    let r = b.with_move(p(0, 1), W, |b| {
        assert_eq!(b.depth(), 1);
        b.with_move(p(1, 0), W, |b| b.captures(W))
    });
    assert_eq!(r, Some(Some(1)));
    assert!(b == before);
    {
        let mut g = b.try_move(p(0, 1), W).expect("legal");
        assert!(g.trymove(p(1, 0), W));
        assert!(g.is_empty(p(1, 1)));
        // Dropping the guard pops one move: the top of the stack.
    }
    assert_eq!(b.depth(), 1);
    assert!(b.popgo());
    assert!(b == before);
    b.check_consistency().expect("consistent");
}

/// Regression: `diagonals()` of the top-left corner underflowed the padded
/// array (index -1: a subtraction overflow in debug builds, index 65535 and
/// an out-of-bounds panic in `cell()` in release), so any eye or shape test
/// looking at the diagonals of A19 killed the engine. Every neighbour and
/// diagonal of every on-board point must be a valid index holding the
/// right kind of cell.
#[test]
fn neighbors_and_diagonals_of_every_point_are_in_the_array() {
    use crate::board::{Cell, BOARD_ARRAY};
    for size in 1..=25 {
        let b = Board::new(size);
        for q in b.points() {
            assert!(b.on_board(q));
            assert_eq!(b.point(q.row(), q.col()), Some(q));
            let (r, c) = (q.row() as isize, q.col() as isize);
            let near = [(1, 0), (0, -1), (-1, 0), (0, 1)];
            let diag = [(1, -1), (-1, -1), (-1, 1), (1, 1)];
            for (n, (dr, dc)) in q
                .neighbors()
                .into_iter()
                .zip(near)
                .chain(q.diagonals().into_iter().zip(diag))
            {
                assert!(n.idx() < BOARD_ARRAY, "{q:?} on {size}x{size}");
                let (nr, nc) = (r + dr, c + dc);
                let inside = (0..size as isize).contains(&nr) && (0..size as isize).contains(&nc);
                if inside {
                    assert_eq!(n, p(nr as usize, nc as usize));
                    assert_eq!(b.cell(n), Cell::Empty);
                } else {
                    assert_eq!(b.cell(n), Cell::Border, "{q:?} -> {n:?}");
                    assert!(!b.on_board(n));
                }
            }
        }
    }
    // The corner eye test that used to crash.
    let b = board(
        ". X .
         X X .
         . . .",
    );
    let eye_corner = p(0, 0);
    let diag_cells: Vec<Cell> = eye_corner.diagonals().iter().map(|&d| b.cell(d)).collect();
    assert_eq!(diag_cells.iter().filter(|&&c| c == Cell::Border).count(), 3);
    assert_eq!(format!("{:?}", Point::NONE), "NONE");
    assert_eq!(format!("{:?}", p(2, 1)), "P(2,1)");
    assert!(format!("{:?}", p(0, 0).diagonals()[1]).starts_with("NONE"));
}

#[test]
fn setup_stones_in_one_batch_equal_one_by_one() {
    // Setup stones that form chains, fill a chain's last liberty (setup
    // allows it), overwrite a stone and empty points, some twice.
    let edits: Vec<(Point, Option<Color>)> = vec![
        (p(0, 0), Some(Color::Black)),
        (p(0, 1), Some(Color::White)),
        (p(1, 0), Some(Color::White)),
        (p(2, 2), Some(Color::Black)),
        (p(2, 3), Some(Color::Black)),
        (p(3, 3), Some(Color::White)),
        (p(2, 3), Some(Color::White)),
        (p(4, 4), None),
        (p(3, 3), None),
        (p(5, 5), Some(Color::White)),
    ];
    let mut one_by_one = Board::new(9);
    for &(q, c) in &edits {
        match c {
            Some(c) => one_by_one.add_stone(q, c),
            None => one_by_one.remove_stone(q),
        }
    }
    let mut batch = Board::new(9);
    batch.setup_stones(&edits);
    assert!(batch == one_by_one);
    batch.check_consistency().unwrap();
    for q in batch.points() {
        if batch.is_stone(q) {
            assert_eq!(batch.countlib(q), one_by_one.countlib(q));
            assert_eq!(batch.origin(q), one_by_one.origin(q));
        }
    }
    assert_eq!(batch.countlib(p(0, 0)), 0);
}

#[test]
fn point_set_iterates_in_index_order() {
    use crate::board::{PointSet, BOARD_ARRAY};
    let mut set = PointSet::new();
    let mut want: Vec<Point> = [0usize, 1, 63, 64, 65, 127, 128, 300, BOARD_ARRAY - 1]
        .iter()
        .map(|&i| Point(i as u16))
        .collect();
    for &q in want.iter().rev() {
        set.insert(q);
    }
    set.insert(Point(64));
    want.sort();
    assert_eq!(set.iter().collect::<Vec<_>>(), want);
    assert_eq!(set.len(), want.len());
    set.remove(Point(64));
    assert!(!set.iter().any(|q| q == Point(64)));
    assert_eq!(PointSet::new().iter().count(), 0);
}

/// `PointSet::dilated` intersected with the board's points equals the
/// point-by-point neighbour walk, on every board size, for sets touching
/// every edge and corner.
#[test]
fn dilated_point_set_matches_neighbour_walk() {
    use crate::board::PointSet;
    for size in [1, 2, 5, 9, 13, 19] {
        let b = Board::new(size);
        let mut seed = 7u64;
        for _ in 0..20 {
            let mut set = PointSet::new();
            for q in b.points() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (seed >> 60) < 3 {
                    set.insert(q);
                }
            }
            let mut walked = set.clone();
            for q in set.iter() {
                for n in q.neighbors() {
                    if b.on_board(n) {
                        walked.insert(n);
                    }
                }
            }
            let mut fast = set.dilated();
            fast.intersect_with(b.on_board_set());
            let fast: Vec<Point> = fast.iter().collect();
            assert_eq!(fast, walked.iter().collect::<Vec<Point>>(), "size {size}");
        }
    }
}

#[test]
fn points_walks_every_side_row_by_row() {
    for side in [1, 2, 5, 9, 13, 19, crate::board::MAX_BOARD] {
        let board = Board::new(side);
        let expected: Vec<Point> = (0..side)
            .flat_map(|r| (0..side).map(move |c| Point::new(r, c)))
            .collect();
        let mut walk = board.points();
        assert_eq!(walk.len(), side * side, "side {side}");
        walk.next();
        assert_eq!(walk.len(), side * side - 1, "side {side}, one taken");
        assert_eq!(board.points().collect::<Vec<_>>(), expected, "side {side}");
    }
}

#[test]
fn marked_points_are_the_marks_in_board_order() {
    // Checked against the plain walk over the board, on marks sparse,
    // dense and across the eight-mark chunks' edges.
    let b = Board::new(9);
    let walk = |marks: &[bool]| -> Vec<Point> { b.points().filter(|q| marks[q.idx()]).collect() };
    let mut rng = crate::board::SplitMix64(7);
    for density in [0, 1, 8, 50, 100] {
        let mut marks = vec![false; crate::board::BOARD_ARRAY];
        for q in b.points() {
            marks[q.idx()] = (rng.next_u64() % 100) < density;
        }
        let got: Vec<Point> = crate::board::marked_points(&marks).collect();
        assert_eq!(got, walk(&marks), "density {density}%");
    }
    let mut one = vec![false; crate::board::BOARD_ARRAY];
    let last = b.points().last().unwrap();
    one[last.idx()] = true;
    assert_eq!(
        crate::board::marked_points(&one).collect::<Vec<_>>(),
        vec![last]
    );
}

/// The lists the board hands out depend on the position only, not on how
/// it was built (the tactical reader's table relies on it, see
/// `reading/cache.rs`): a position reached by random play with captures,
/// and the same stones set up at once in another order, give every chain
/// the same origin, liberty list and neighbour-chain lists, also after
/// the same hypothetical move on both.
#[test]
fn lists_depend_on_the_position_not_on_its_history() {
    let mut rng = crate::board::SplitMix64(11);
    let lists = |b: &Board, s: Point| {
        let libs = (b.countlib(s) <= MAX_LIBS).then(|| b.libs(s).to_vec());
        let mut found = Vec::new();
        b.findlib(s, &mut found);
        (
            b.origin(s),
            libs,
            found,
            b.lib_list(s).to_vec(),
            b.adjacent_chain_list(s, usize::MAX).to_vec(),
            b.adjacent_chain_list(s, 2).to_vec(),
        )
    };
    let same = |played: &Board, set_up: &Board, what: &str| {
        for s in played.points().filter(|&s| played.is_stone(s)) {
            assert_eq!(lists(played, s), lists(set_up, s), "{what}: chain at {s:?}");
        }
    };
    for (size, tries) in [(9, 120), (13, 260), (19, 500)] {
        let mut played = Board::new(size);
        rng.scatter_stones(&mut played, tries);
        played.pass();
        let mut stones: Vec<(Point, Option<Color>)> = played
            .points()
            .filter_map(|q| played.color_at(q).map(|c| (q, Some(c))))
            .collect();
        stones.reverse();
        let mut set_up = Board::new(size);
        set_up.setup_stones(&stones);
        same(&played, &set_up, &format!("{size}x{size}"));
        let empty: Vec<Point> = played.points().filter(|&q| played.is_empty(q)).collect();
        for _ in 0..20 {
            let q = empty[rng.below(empty.len())];
            let color = if rng.below(2) == 0 { B } else { W };
            if played.trymove(q, color) {
                assert!(set_up.trymove(q, color));
                same(&played, &set_up, &format!("{size}x{size} after {q:?}"));
                set_up.popgo();
                played.popgo();
            }
        }
    }
}
