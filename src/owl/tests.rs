//! Owl diagrams: classic corner and side shapes whose status is known.

use crate::board::{Board, Color, Point};
use crate::owl::OwlReader;
use crate::reading::ReadResult::{self, Fail, Win};
use crate::reading::Reader;

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

/// A straight three in the corner, the white dragon's only eye space.
const STRAIGHT_THREE_IN_THE_CORNER: &str = "
        . . . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";

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

/// The results of the owl's attack and defence of the dragon at `target`.
fn results(diagram: &str, target: (usize, usize)) -> (ReadResult, ReadResult) {
    let (a, _, d, _) = read(diagram, target);
    (a, d)
}

#[test]
fn two_separate_eyes_live() {
    let diagram = "
        . O . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    assert_eq!(results(diagram, (1, 0)), (Fail, Win));
}

#[test]
fn straight_three_in_the_corner_is_critical_at_its_middle() {
    let (a, am, d, dm) = read(STRAIGHT_THREE_IN_THE_CORNER, (1, 0));
    let b = board(". . .\n. . .\n. . .");
    let _ = b;
    assert_eq!((a, d), (Win, Win));
    assert_eq!(am, Some(Point::new(0, 1)));
    assert_eq!(dm, Some(Point::new(0, 1)));
}

#[test]
fn a_single_small_eye_is_dead() {
    let diagram = "
        . O X . . . .
        O O X . . . .
        X X X . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    assert_eq!(results(diagram, (1, 0)), (Win, Fail));
}

/// Recording variations (`decide_owl`) changes no answer and no node
/// count, and leaves the board as it was.
#[test]
fn recording_changes_no_answer_and_no_node_count() {
    let mut b = board(STRAIGHT_THREE_IN_THE_CORNER);
    let t = b.point(1, 0).unwrap();
    let stones = b.stones_sorted(t);
    let before = b.clone();
    let (mut plain, mut traced) = (OwlReader::default(), OwlReader::default());
    let (mut r1, mut r2) = (Reader::default(), Reader::default());
    traced.start_trace(&b);
    for attack in [true, false] {
        let (p, q) = if attack {
            (
                plain.attack(&mut b, &mut r1, &stones, t),
                traced.attack(&mut b, &mut r2, &stones, t),
            )
        } else {
            (
                plain.defend(&mut b, &mut r1, &stones, t),
                traced.defend(&mut b, &mut r2, &stones, t),
            )
        };
        assert_eq!(p, q);
    }
    assert!(traced.trace_variations() > 2);
    assert!(traced.finish_trace().unwrap().starts_with("(;GM[1]"));
    assert_eq!(plain.node_counter(), traced.node_counter());
    assert_eq!(r1.nodes, r2.nodes);
    assert_eq!(b, before);
}

/// `substantial` fills the liberties and takes them back: the board and
/// the reading depths are as they were.
#[test]
fn substantial_restores_board_and_depths() {
    let mut b = board(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X X X X . .
        X O O O X . .
        X O . O X . .
        X O X O X . .",
    );
    let c1 = b.point(6, 2).unwrap();
    let ring = b.stones_sorted(b.point(4, 1).unwrap());
    let before = b.clone();
    let mut owl = OwlReader::default();
    let mut reader = Reader::default();
    let depths = reader.config.clone();
    let (substantial, answer) = owl.substantial(&mut b, &mut reader, c1, &ring);
    assert!(!substantial);
    assert_eq!(answer.map(|a| a.result), Some(Win));
    assert_eq!(b, before);
    assert_eq!(reader.config, depths);
}

/// A dragon whose only way out runs through a corridor one point wide
/// (its sides touch enemy stones) has not escaped: blocking any point of
/// the corridor shuts it in, so each is a cut point, nearest first, and
/// the attacker kills.
#[test]
fn a_way_out_through_one_point_is_no_escape() {
    let diagram = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X . . . X . . .
        X X . . . X X X X
        O O O O O O O X X
        X X X X X X X X X
        . . . . . . . . .";
    let mut b = board(diagram);
    let t = b.point(6, 0).unwrap();
    let mut goal = vec![false; crate::board::BOARD_ARRAY];
    for p in b.stones(t) {
        goal[p.idx()] = true;
    }
    let mut reader = Reader::default();
    let mut solver = crate::eyes::value::EyeSolver::with_budget(crate::owl::OWL_EYE_BUDGET);
    let life = crate::owl::life::evaluate(&mut b, &mut reader, &mut solver, &goal, Color::White);
    assert!(!life.escape);
    let corridor = [
        b.point(5, 3).unwrap(),
        b.point(4, 3).unwrap(),
        b.point(3, 3).unwrap(),
    ];
    assert_eq!(life.cut_points, corridor);
    let (a, am, _, _) = read(diagram, (6, 0));
    assert_eq!(a, Win);
    assert!(am.is_some());
}

/// A wall enclosing a 27-point territory on the edge (a finished game's
/// black wall): an attacker stone dropped in the middle of it touches no
/// wall stone and cannot live, so it does not cut the territory into the
/// attacker's domain.
#[test]
fn a_stone_dropped_into_a_territory_does_not_kill_it() {
    let (a, _, _, _) = read(crate::engine::genmove::tests::SETTLED, (4, 3));
    assert_eq!(a, Fail);
}

/// A corner dragon whose owner's best try, the hane on the first line
/// (0, 1), counts two eyes beside the white stone at (1, 1), while the
/// attacker's placement at (1, 0) leaves one. Reading the owner's first
/// move, the attacker probes the unsettled space instead of trusting the
/// count: the dragon is dead, and the attack needs no particular move
/// (GNU Go 3.8 agrees: attack, no defence).
#[test]
fn an_unsettled_eye_count_after_the_owners_first_move_is_probed() {
    let diagram = "
        . . . . . . . . .
        . O X X O . . . .
        . . X O O . . . .
        . X X . O . . . .
        . O O O . . . . .
        O . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    assert_eq!(results(diagram, (1, 2)), (Win, Fail));
}

/// The owner's corner shape with a white stone (7, 0) one empty point
/// away from it, not touching it, in a space open along the first line:
/// the stone cannot escape capture, so it is dead stones inside the black
/// eye space (its point is an eye point), not a wall splitting the space.
#[test]
fn a_dead_stone_one_point_away_lies_in_the_eye_space() {
    let diagram = "
        . . . . . . . . .
        . . . . . . . . .
        . O . . . . . . .
        . O O . . . . . .
        . X O O . . . . .
        X . X O . . . . .
        . X X O O . . . .
        O . X X O O . . .
        . . . . . . . . .";
    let mut b = board(diagram);
    let t = b.point(6, 1).unwrap();
    let mut goal = vec![false; crate::board::BOARD_ARRAY];
    for s in [(4, 1), (5, 0), (5, 2), (6, 1)] {
        let p = b.point(s.0, s.1).unwrap();
        for q in b.stones(p) {
            goal[q.idx()] = true;
        }
    }
    assert!(goal[t.idx()]);
    let mut reader = Reader::default();
    let mut solver = crate::eyes::value::EyeSolver::with_budget(crate::owl::OWL_EYE_BUDGET);
    let life = crate::owl::life::evaluate(&mut b, &mut reader, &mut solver, &goal, Color::Black);
    let inside = b.point(7, 0).unwrap();
    assert!(
        life.eye_points.contains(&inside),
        "eye points {:?}",
        life.eye_points
    );
}

/// The candidates for both sides on a board turned by `symmetry` (as
/// `scripts/transform-suite.py` numbers them), with their points turned
/// back, so that the eight can be compared.
fn candidates_turned(
    diagram: &str,
    target: (usize, usize),
    symmetry: usize,
) -> [Vec<(Point, i32)>; 2] {
    let rows: Vec<Vec<&str>> = diagram
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let n = rows.len();
    let m = n - 1;
    // (col, row) from the top left -> its image.
    let turn = |x: usize, y: usize| -> (usize, usize) {
        [
            (x, y),
            (m - y, x),
            (m - x, m - y),
            (y, m - x),
            (m - x, y),
            (x, m - y),
            (y, x),
            (m - y, m - x),
        ][symmetry]
    };
    let mut cells = vec![vec!["."; n]; n];
    for (y, row) in rows.iter().enumerate() {
        for (x, &cell) in row.iter().enumerate() {
            let (tx, ty) = turn(x, y);
            cells[ty][tx] = cell;
        }
    }
    let text: String = cells.iter().map(|r| r.join(" ") + "\n").collect();
    let mut b = board(&text);
    let (tx, ty) = turn(target.1, target.0);
    let t = b.point(ty, tx).unwrap();
    let color = b.color_at(t).unwrap();
    let mut goal = vec![false; crate::board::BOARD_ARRAY];
    for q in b.stones(t) {
        goal[q.idx()] = true;
    }
    let mut reader = Reader::default();
    let mut solver = crate::eyes::value::EyeSolver::with_budget(crate::owl::OWL_EYE_BUDGET);
    let life = crate::owl::life::evaluate(&mut b, &mut reader, &mut solver, &goal, color);
    let back = |list: Vec<(Point, i32)>| -> Vec<(Point, i32)> {
        list.into_iter()
            .map(|(p, v)| {
                let original = (0..n)
                    .flat_map(|y| (0..n).map(move |x| (x, y)))
                    .find(|&(x, y)| turn(x, y) == (p.col(), p.row()))
                    .unwrap();
                (Point::new(original.1, original.0), v)
            })
            .collect()
    };
    [
        back(crate::owl::moves::attack_moves(&b, &goal, color, &life)),
        back(crate::owl::moves::defense_moves(&b, &goal, color, &life)),
    ]
}

#[test]
fn the_candidates_and_their_order_do_not_depend_on_how_the_board_is_turned() {
    // A white group on the lower side with an unsettled eye space: many
    // candidates of equal value (margins, vital points of one tier). Not
    // symmetric itself: points that are mirror images of each other in
    // the position may still go by board order.
    let diagram = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X X X X X .
        . X O O O O O O X
        . X O . . . . O X
        . X O . . . O . .";
    let identity = candidates_turned(diagram, (6, 2), 0);
    assert!(
        identity[0].len() >= 3 && identity[1].len() >= 3,
        "{identity:?}"
    );
    for symmetry in 1..8 {
        assert_eq!(
            candidates_turned(diagram, (6, 2), symmetry),
            identity,
            "symmetry {symmetry}"
        );
    }
}

/// A dragon with two eyes in the corner and a stone in atari beside
/// them: the eye count alone says alive, but the attacker, to move,
/// captures the stone, so the search does not trust that count at the
/// attacker's nodes (`Life::has_capturable_goal_string`).
#[test]
fn a_goal_string_in_atari_is_capturable_and_a_sound_dragon_has_none() {
    let diagram = "
        . O . O X . .
        O O O O X . .
        X X X X O X .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    let mut b = board(diagram);
    let corner = b.point(1, 0).unwrap();
    let hanging = b.point(2, 4).unwrap();
    let mut reader = Reader::default();
    let mut solver = crate::eyes::value::EyeSolver::with_budget(crate::owl::OWL_EYE_BUDGET);
    let mut judge = |b: &mut Board, strings: &[Point]| {
        let mut goal = vec![false; crate::board::BOARD_ARRAY];
        for &s in strings {
            for p in b.stones(s) {
                goal[p.idx()] = true;
            }
        }
        crate::owl::life::evaluate(b, &mut reader, &mut solver, &goal, Color::White)
    };
    let sound = judge(&mut b, &[corner]);
    assert!(sound.min_eyes >= 2);
    assert!(!sound.has_capturable_goal_string());
    let with_hanging = judge(&mut b, &[corner, hanging]);
    assert!(with_hanging.has_capturable_goal_string());
}

/// The white stones of the string at `p`, marked as a goal.
fn goal_of(board: &Board, p: Point) -> Vec<bool> {
    let mut goal = vec![false; crate::board::BOARD_ARRAY];
    for s in board.stones(p) {
        goal[s.idx()] = true;
    }
    goal
}

/// A goal liberty next to a friendly string with room joins the goal to
/// it ([`crate::owl::life::Life::connections`]), even where the point
/// touches enemy stones and the escape walk does not pass it; then the
/// goal is not judged dead without reading.
#[test]
fn a_liberty_beside_a_friend_with_room_is_a_connection() {
    let with_friend = "
        . . . . . . .
        . . . . . . .
        O O O O . . .
        X X . X X . .
        O O O O X . .
        . O . O X . .
        O O O O X . .";
    let without_friend = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X . X X . .
        O O O O X . .
        . O . O X . .
        O O O O X . .";
    let connections = |diagram: &str| {
        let mut b = board(diagram);
        let t = b.point(4, 0).unwrap();
        let goal = goal_of(&b, t);
        let mut reader = Reader::default();
        let mut solver = crate::eyes::value::EyeSolver::default();
        let life =
            crate::owl::life::evaluate(&mut b, &mut reader, &mut solver, &goal, Color::White);
        life.connections
    };
    assert_eq!(
        connections(with_friend),
        vec![board(with_friend).point(3, 2).unwrap()]
    );
    assert!(connections(without_friend).is_empty());
}

/// The escape walk's open points ([`crate::owl::life::escapes`]): the
/// owner's own stones near a point leave it open, an enemy's close it.
/// White's string at the bottom has room above it where every point has
/// a stone within two steps: White's own stones there make it free (any
/// stone closed a point before 2026-12-02, and this string read as shut
/// in); the same stones Black's shut it in.
#[test]
fn own_stones_near_open_points_leave_the_way_out_open() {
    let room = |grid: char| {
        let diagram = "
            . . . . . . . . .
            . g . . g . . g .
            . . . . . . . . .
            . . . . . . . . .
            . g . . g . . g .
            . . . . . . . . .
            . . . . . . . . .
            X X X O O O X X X
            . . . X X X . . ."
            .replace('g', &grid.to_string());
        let b = board(&diagram);
        let mut goal = vec![false; crate::board::BOARD_ARRAY];
        for p in b.stones(b.point(7, 4).unwrap()) {
            goal[p.idx()] = true;
        }
        crate::owl::life::escapes(&b, &goal, Color::White)
    };
    assert!(room('O'));
    assert!(!room('X'));
}

/// At the root of a defence, two eyes by count are probed by an attack;
/// a probe the budget cuts short settles nothing, so the answer names a
/// move (marked uncertain) instead of a pass, which only a probe read to
/// its end may give.
#[test]
fn a_probe_cut_short_by_the_budget_gives_no_pass() {
    // White has two eyes and a liberty outside at E7.
    let diagram = "
        . O . O . X .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    let mut b = board(diagram);
    let t = b.point(1, 0).unwrap();
    let stones = b.stones_sorted(t);
    let mut reader = Reader::default();
    let full = OwlReader::default().defend(&mut b, &mut reader, &stones, t);
    assert_eq!((full.result, full.mv, full.certain), (Win, None, true));
    let config = crate::owl::OwlConfig {
        node_limit: 1,
        ..crate::owl::OwlConfig::default()
    };
    let cut = OwlReader::new(config).defend(&mut b, &mut reader, &stones, t);
    assert!(!cut.certain, "the budget was met");
    assert_eq!(cut.result, Win);
    assert!(cut.mv.is_some(), "a probe cut short gives no pass");
}

/// A tripod in the corner: after Black's B8 (row 1, column 1) the count
/// one move down sees two eyes, but White attacks through a ko from E9
/// (`3 E9` after B8, in tesuji's fresh read and GNU Go 3.8's, which
/// answers the defence `2 B8`).
const TRIPOD_WITH_A_KO: &str = "
        . . X . . . . . .
        O . . X O . . . .
        . X X O O O O . .
        . X O O . . . . .
        . O O . . . . . .
        . . O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

/// The defence of the black tripod above, with the ko check on or off.
fn tripod_defence(ko_check: bool) -> (ReadResult, Option<Point>) {
    let mut b = board(TRIPOD_WITH_A_KO);
    let t = b.point(2, 1).unwrap();
    let stones: Vec<Point> = b.points().filter(|&p| b.cell(p).is(Color::Black)).collect();
    let before = b.clone();
    let mut owl = OwlReader::default();
    owl.config.ko_check = ko_check;
    let mut reader = Reader::default();
    let d = owl.defend(&mut b, &mut reader, &stones, t);
    assert_eq!(b, before, "the board is restored");
    // Asked again of the same readers (their kept judgements and
    // caches), the answer is the fresh one.
    let again = owl.defend(&mut b, &mut reader, &stones, t);
    assert_eq!((again.result, again.mv), (d.result, d.mv));
    (d.result, d.mv)
}

#[test]
fn a_save_the_attacker_can_turn_into_a_ko_is_a_ko_with_the_check() {
    let b = board(TRIPOD_WITH_A_KO);
    let save = b.point(1, 1);
    // The tree alone reads B8 as a clean save.
    assert_eq!(tripod_defence(false), (Win, save));
    // A fresh attack after it finds the ko: the owner's result is the
    // ko he wins by taking first.
    assert_eq!(tripod_defence(true), (ReadResult::KoA, save));
}
