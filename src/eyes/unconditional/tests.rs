//! Diagram tests of the unconditional analysis, and an exhaustive oracle
//! on small boards. The positions are made up for these tests; each
//! expected grid was also checked against GNU Go 3.8's
//! `unconditional_status` on the same position.
//!
//! Expected grids, one character per point: `X`/`O` a stone that is
//! alive, `x`/`o` a stone that is dead, `?` an undecided stone, `b`/`w`
//! black/white territory, `.` an undecided empty point.

use std::collections::HashSet;

use super::*;
use crate::board::SplitMix64;

/// The status grid of `board` in the notation above.
fn render(board: &Board, map: &StatusMap) -> String {
    let n = board.size();
    let mut rows = Vec::with_capacity(n);
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| {
                let p = Point::new(r, c);
                let stone = board.color_at(p);
                let ch = match (map.status(p), stone) {
                    (UnconditionalStatus::Alive, Some(Color::Black)) => 'X',
                    (UnconditionalStatus::Alive, Some(Color::White)) => 'O',
                    (UnconditionalStatus::Dead, Some(Color::Black)) => 'x',
                    (UnconditionalStatus::Dead, Some(Color::White)) => 'o',
                    (UnconditionalStatus::Undecided, Some(_)) => '?',
                    (UnconditionalStatus::Undecided, None) => '.',
                    (UnconditionalStatus::BlackTerritory, None) => 'b',
                    (UnconditionalStatus::WhiteTerritory, None) => 'w',
                    (status, stone) => panic!("{status:?} on {stone:?} at {p:?}"),
                };
                ch.to_string()
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

/// Every chain's liberty list in stored order: undo must restore it too.
/// (A chain with more than `MAX_LIBS` liberties keeps no complete list:
/// all its liberties, sorted.)
fn liberty_lists(board: &Board) -> Vec<Vec<Point>> {
    board
        .points()
        .filter(|&p| board.is_stone(p))
        .map(|p| {
            if board.countlib(p) <= crate::board::MAX_LIBS {
                board.libs(p).to_vec()
            } else {
                board.liberties_sorted(p)
            }
        })
        .collect()
}

/// Run the analysis on the position at the left of `grids` and compare
/// its status grid with the expected one at the right (each row of the
/// position beside the same row of the expected grid); the board must
/// come back exactly as it was.
fn check(grids: &str) {
    let (diagram, want): (Vec<String>, Vec<String>) = grids
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|cells| !cells.is_empty())
        .map(|cells| {
            assert_eq!(cells.len() % 2, 0, "a row of each grid in {cells:?}");
            let (left, right) = cells.split_at(cells.len() / 2);
            (left.join(" "), right.join(" "))
        })
        .unzip();
    let mut board = Board::from_diagram(&diagram.join("\n")).expect("diagram");
    let before = board.clone();
    let libs_before = liberty_lists(&board);
    let map = unconditional_status(&mut board);
    assert_eq!(board, before, "the analysis changed the board");
    assert_eq!(board.depth(), 0);
    assert_eq!(liberty_lists(&board), libs_before, "liberty order changed");
    board.check_consistency().expect("consistent board");
    let got = render(&board, &map);
    let want = want.join("\n");
    assert_eq!(got, want, "\ngot:\n{got}\nwant:\n{want}");
}

/// One test per case: the analysis on the position at the left of the
/// grid gives the status grid at the right (see [`check`]).
macro_rules! status_grids {
    ($($(#[$doc:meta])* $name:ident: $grid:literal,)*) => {
        $(
            $(#[$doc])*
            #[test]
            fn $name() {
                check($grid);
            }
        )*
    };
}

status_grids! {
    // White's wall still has outside liberties: nothing is proven there.
    two_separate_eyes_live_in_the_corner:
        ". X . X O . .   b X b X ? . .
         X X X X O . .   X X X X ? . .
         O O O O O . .   ? ? ? ? ? . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .",

    // A two-point eye: white fills one point, then captures on the other.
    one_eye_is_not_enough:
        ". . X O . . .   . . ? ? . . .
         X X X O . . .   ? ? ? ? . . .
         O O O O . . .   ? ? ? ? . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .",

    // The same black corner against a white wall with two eyes: black is
    // dead and its eye is white's; the points outside stay open.
    one_eye_next_to_a_living_wall_is_dead:
        ". . X O . O .   w w x O w O w
         X X X O O O O   x x x O O O O
         O O O O . . .   O O O O . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .",

    // The black stone on the edge (B4) is a string of its own, but each of
    // the three eyes touches it and the big string: together they have
    // three eyes, and neither can be captured.
    shared_eyes_keep_a_lone_stone_alive:
        ". X X . .   b X X . .
         X . X . .   X b X . .
         . X X . .   b X X . .
         X X . . .   X X . . .
         . . . . .   . . . . .",

    // Black lives with two eyes on the right; the white stone in the big
    // eye on the left is dead and the whole area is black's.
    dead_stones_inside_territory:
        ". O . X . X .   b o b X b X b
         . . . X X X X   b b b X X X X
         X X X X . . .   X X X X . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .",

    a_dead_stone_in_the_corner_of_a_three_point_eye:
        "O . . X . X .   o b b X b X b
         X X X X X X X   X X X X X X X
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .",

    // After white fills the four inner corners its stones form one string
    // with the two-point eye in the middle. Only the two-liberty split
    // puts that string in atari, so without it nothing inside would be
    // claimed.
    the_opponent_splits_a_two_point_eye:
        "X X X X X X .   X X X X X X b
         X . O O . X X   X b o o b X X
         X O . . O X .   X o b b o X b
         X . O O . X X   X b o o b X X
         X X X X X X .   X X X X X X .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .",

    eyes_on_the_side_of_the_board:
        ". X O . . . .   b X ? . . . .
         X X O . . . .   X X ? . . . .
         . X O . . . .   b X ? . . . .
         X X O . . . .   X X ? . . . .
         O O O . . . .   ? ? ? . . . .
         . . . . . . .   . . . . . . .
         . . . . . . .   . . . . . . .",

    // Each side has two eyes; the wall between them is settled for both.
    both_colours_alive_side_by_side:
        "O . O X . X   O w O X b X
         . O O X X .   w O O X X b
         O O . X . X   O O . X b X
         . O O X X .   w O O X X b
         O . O X . X   O w O X b X
         . O O X X .   w O O X X b",

    /// White (the owner) lives around a black ring whose eye holds two white
    /// stones in a line. Black `a` (D7) and `b` (E5) beside the two stones
    /// belong to one string here, so black lives in seki under alternating
    /// play: GNU Go's extension keeps the two stones, the ring and its eye
    /// undecided.
    a_two_stone_seki_is_not_claimed:
        "O O O O O O O O O   O O O O O O O O O
         O O O X X X O O O   O O O ? ? ? O O O
         O X X X . X X O O   O ? ? ? . ? ? O O
         O X . O O . X O O   O ? . ? ? . ? O O
         O X X . X X X O O   O ? ? . ? ? ? O O
         O O X X X O O O O   O O ? ? ? O O O O
         O O O O O O O O O   O O O O O O O O O
         O O O O O O O O .   O O O O O O O O w
         . O O O O O O O O   w O O O O O O O O",

    /// The same shape with the ring cut twice (G7 and E4 white), so that the
    /// black stones beside the two white stones belong to different strings:
    /// no seki is possible and everything inside is white's.
    the_same_shape_without_seki_is_dead:
        "O O O O O O O O O   O O O O O O O O O
         O O O X X X O O O   O O O x x x O O O
         O X X X . X O O O   O x x x w x O O O
         O X . O O . X O O   O x w O O w x O O
         O X X . X X X O O   O x x w x x x O O
         O O X X O O O O O   O O x x O O O O O
         O O O O O O O O O   O O O O O O O O O
         O O O O O O O O .   O O O O O O O O w
         . O O O O O O O O   w O O O O O O O O",

    // Black D6 has just captured at C6 (`*`: white may not retake at
    // once), and every other white move on a liberty of a black string
    // is suicide, so no white move clears the ko. White may still take
    // the ko after a threat: D6 is not invincible, the capture attempt
    // ends with the ko capture.
    a_stone_that_just_took_a_ko_can_be_retaken:
        "X X X O . . .   X X X ? . . .
         . X * X O . .   b X . ? ? . .
         X X X O . . .   X X X ? . . .
         . X O . . . .   b X ? . . . .
         X X O . . . .   X X ? . . . .
         O O O . . . .   ? ? ? . . . .
         . . . . . . .   . . . . . . .",

    an_empty_board_is_undecided:
        ". . . . .   . . . . .
         . . . . .   . . . . .
         . . . . .   . . . . .
         . . . . .   . . . . .
         . . . . .   . . . . .",
}

#[test]
fn inside_an_open_move_stack_the_current_position_is_analysed() {
    let diagram = ". . X O . . .
                   X X X O . . .
                   O O O O . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
    let mut board = Board::from_diagram(diagram).expect("diagram");
    // A hypothetical black move at B7 fills black's own eye.
    assert!(board.trymove(Point::new(0, 1), Color::Black));
    let before = board.clone();
    let map = unconditional_status(&mut board);
    assert_eq!(board.depth(), 1);
    assert_eq!(board, before);
    assert_eq!(map.status(Point::new(0, 0)), UnconditionalStatus::Undecided);
    let mut fresh = Board::from_diagram(diagram).expect("diagram");
    fresh.add_stone(Point::new(0, 1), Color::Black);
    assert_eq!(unconditional_status(&mut fresh), map);
    board.popgo();
    assert_eq!(board.depth(), 0);
}

#[test]
fn one_colour_claims_agree_with_the_combined_status() {
    let mut board = Board::from_diagram(
        ". O . X . X .
         . . . X X X X
         X X X X . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .expect("diagram");
    let black = unconditional_life(&mut board, Color::Black);
    let white = unconditional_life(&mut board, Color::White);
    assert_eq!(black.claim(Point::new(0, 3)), Claim::Invincible);
    assert_eq!(black.claim(Point::new(0, 1)), Claim::Owned);
    assert_eq!(black.claim(Point::new(0, 0)), Claim::Owned);
    assert_eq!(black.claim(Point::new(3, 3)), Claim::None);
    assert!(board.points().all(|p| white.claim(p) == Claim::None));
    let map = unconditional_status(&mut board);
    assert!(map.is_invincible(Point::new(2, 0)));
    assert!(!map.is_invincible(Point::new(0, 1)));
}

// ---------------------------------------------------------------------
// The oracle: exhaustive searches on small boards.
// ---------------------------------------------------------------------

/// Node budget of one exhaustive search; a position whose search runs out
/// is skipped (and counted).
const BUDGET: usize = 200_000;

/// Why an oracle search stopped.
#[derive(Debug, PartialEq, Eq)]
enum Search {
    /// The thing searched for was found.
    Found,
    /// Every reachable position was visited without finding it.
    Exhausted,
    /// The node budget ran out.
    OutOfBudget,
}

/// Can `mover`, moving alone while its opponent passes (so ko never
/// stops it), capture the stone of `victim` on `target`? Depth-first over
/// all positions reachable that way; the target's liberties are tried
/// first.
fn can_capture_alone(board: &mut Board, mover: Color, target: Point) -> Search {
    let victim = mover.opponent();
    let mut seen = HashSet::new();
    let mut budget = BUDGET;
    fn go(
        board: &mut Board,
        mover: Color,
        victim: Color,
        target: Point,
        seen: &mut HashSet<u64>,
        budget: &mut usize,
    ) -> Search {
        if !board.cell(target).is(victim) {
            return Search::Found;
        }
        if !seen.insert(board.hash()) {
            return Search::Exhausted;
        }
        if *budget == 0 {
            return Search::OutOfBudget;
        }
        *budget -= 1;
        let libs = board.liberties_sorted(target);
        let others = board
            .points()
            .filter(|&p| board.is_empty(p) && !libs.contains(&p));
        let moves: Vec<Point> = libs.iter().copied().chain(others).collect();
        let mut result = Search::Exhausted;
        for p in moves {
            if board.tryko(p, mover) {
                let r = go(board, mover, victim, target, seen, budget);
                board.popgo();
                match r {
                    Search::Found => return Search::Found,
                    Search::OutOfBudget => result = Search::OutOfBudget,
                    Search::Exhausted => {}
                }
            }
        }
        result
    }
    go(board, mover, victim, target, &mut seen, &mut budget)
}

/// Explore every position the opponent of `owner` reaches by moving alone
/// from `board` and check `owner`'s claims in each: no invincible stone
/// is ever captured, and every opponent stone on a point `owner` owns can
/// be captured by `owner` moving alone. `Err` describes a broken claim.
fn check_claims(
    board: &mut Board,
    owner: Color,
    invincible: &[Point],
    owned: &[Point],
) -> Result<Search, String> {
    let mut seen = HashSet::new();
    let mut budget = BUDGET / 10;
    fn go(
        board: &mut Board,
        owner: Color,
        invincible: &[Point],
        owned: &[Point],
        seen: &mut HashSet<u64>,
        budget: &mut usize,
    ) -> Result<Search, String> {
        let mover = owner.opponent();
        if let Some(&p) = invincible.iter().find(|&&p| !board.cell(p).is(owner)) {
            return Err(format!(
                "invincible {p:?} captured:\n{}",
                board.to_diagram()
            ));
        }
        if !seen.insert(board.hash()) {
            return Ok(Search::Exhausted);
        }
        if *budget == 0 {
            return Ok(Search::OutOfBudget);
        }
        *budget -= 1;
        let mut result = Search::Exhausted;
        for &p in owned {
            if board.cell(p).is(mover) {
                match can_capture_alone(board, owner, p) {
                    Search::Found => {}
                    Search::OutOfBudget => result = Search::OutOfBudget,
                    Search::Exhausted => {
                        return Err(format!(
                            "{owner:?} owns {p:?} but cannot capture there:\n{}",
                            board.to_diagram()
                        ))
                    }
                }
            }
        }
        let empties: Vec<Point> = board.points().filter(|&p| board.is_empty(p)).collect();
        for p in empties {
            if board.tryko(p, mover) {
                let r = go(board, owner, invincible, owned, seen, budget);
                board.popgo();
                match r? {
                    Search::OutOfBudget => result = Search::OutOfBudget,
                    Search::Exhausted | Search::Found => {}
                }
            }
        }
        Ok(result)
    }
    go(board, owner, invincible, owned, &mut seen, &mut budget)
}

/// True when `p` is an empty point all of whose neighbours on the board
/// hold `color` stones (a one-point eye a playout should not fill).
fn own_eye(board: &Board, p: Point, color: Color) -> bool {
    p.neighbors()
        .iter()
        .all(|&n| !board.on_board(n) || board.cell(n).is(color))
}

/// Positions from seeded random playouts on `size` x `size` boards that
/// never fill their own one-point eyes, taken whenever at most
/// `max_empty` points are empty.
fn playout_positions(seed: u64, size: usize, games: usize, max_empty: usize) -> Vec<Board> {
    let mut rng = SplitMix64(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut board = Board::new(size);
        let mut color = Color::Black;
        let mut passes = 0;
        for _ in 0..4 * size * size {
            let moves: Vec<Point> = board
                .points()
                .filter(|&p| board.is_legal(p, color) && !own_eye(&board, p, color))
                .collect();
            if moves.is_empty() {
                passes += 1;
                board.pass();
                if passes == 2 {
                    break;
                }
            } else {
                passes = 0;
                let p = moves[rng.below(moves.len())];
                board.play(p, color).expect("legal move");
            }
            color = color.opponent();
            let empty = board.points().filter(|&p| board.is_empty(p)).count();
            if empty <= max_empty && rng.below(3) == 0 {
                positions.push(board.clone());
            }
        }
    }
    positions
}

/// Check every claim of both colours on `board` by exhaustive search.
/// Returns false when a search ran out of budget.
fn oracle(board: &mut Board) -> bool {
    let before = board.clone();
    let map = unconditional_status(board);
    assert_eq!(*board, before);
    let mut complete = true;
    for owner in [Color::Black, Color::White] {
        let invincible: Vec<Point> = board
            .points()
            .filter(|&p| board.cell(p).is(owner) && map.is_invincible(p))
            .collect();
        let owned: Vec<Point> = board
            .points()
            .filter(|&p| match map.status(p) {
                UnconditionalStatus::Alive => board.cell(p).is(owner),
                UnconditionalStatus::Dead => board.cell(p).is(owner.opponent()),
                s => s == UnconditionalStatus::territory_of(owner),
            })
            .collect();
        if invincible.is_empty() && owned.is_empty() {
            continue;
        }
        match check_claims(board, owner, &invincible, &owned) {
            Ok(Search::OutOfBudget) => complete = false,
            Ok(_) => {}
            Err(e) => panic!("{e}\nposition:\n{}", before.to_diagram()),
        }
    }
    complete
}

/// Every invincible string survives any number of opponent moves in a
/// row, and every owned point can be cleared of opponent stones by its
/// owner moving alone, in every position the opponent reaches alone:
/// exhaustive on 4x4 and 5x5 playout positions.
#[test]
fn oracle_claims_hold_on_small_boards() {
    let mut checked = 0;
    let mut skipped = 0;
    let mut claimed = 0;
    for (seed, size, games) in [(1u64, 4usize, 100usize), (2, 5, 150), (3, 6, 60)] {
        for mut board in playout_positions(seed, size, games, 14) {
            let map = unconditional_status(&mut board);
            if board
                .points()
                .any(|p| map.status(p) != UnconditionalStatus::Undecided)
            {
                claimed += 1;
            }
            if oracle(&mut board) {
                checked += 1;
            } else {
                skipped += 1;
            }
        }
    }
    assert!(claimed >= 500, "too few positions with claims: {claimed}");
    assert!(
        skipped * 10 <= checked,
        "too many positions out of budget: {skipped} of {}",
        checked + skipped
    );
}
