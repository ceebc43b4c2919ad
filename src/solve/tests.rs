//! Tests of the solver: classic shapes as diagrams, and df-pn checked
//! against an independent exhaustive oracle on thousands of generated
//! enclosed problems.
//!
//! The oracle does not search lines at all: it enumerates every position
//! reachable in the region (stones, ko point, side to move, pass state),
//! then computes by retrograde analysis the set of positions from which
//! the ko master can force a win of his in finitely many moves (the
//! attractor of his won endings). Outside that set the other side avoids
//! such endings forever, and any cycle is a loss for the ko master, so
//! this is exactly the value of the game in [`super::game`] at its
//! starting position, without any notion of a line or of repetition.

use std::collections::HashMap;

use super::dfpn::{combine, Child, Dfpn, Numbers, INF};
use super::game::{PassEnd, Rules, Step};
use super::region::Region;
use super::*;
use crate::board::{Board, Color, Point, PointSet, SplitMix64};

/// One position of the enumerated game graph.
struct Node {
    to_move: Color,
    /// Successors: `Ok(key)` an open position, `Err(winner)` an ending.
    succ: Vec<Result<u64, Color>>,
}

/// Every position reachable from the current one; `None` past `cap`.
fn enumerate(
    rules: &Rules,
    board: &mut Board,
    first: Color,
    cap: usize,
) -> Option<(u64, HashMap<u64, Node>)> {
    let root = rules.key(board, first, false);
    let mut graph: HashMap<u64, Node> = HashMap::new();
    // Explicit stack: (key, to_move, passed, moves, next move index).
    struct Frame {
        key: u64,
        to_move: Color,
        passed: bool,
        moves: Vec<Point>,
        next: usize,
    }
    let entry = board.depth();
    let mut stack = vec![Frame {
        key: root,
        to_move: first,
        passed: false,
        moves: rules.moves(board, first),
        next: 0,
    }];
    graph.insert(
        root,
        Node {
            to_move: first,
            succ: Vec::new(),
        },
    );
    while let Some(top) = stack.last_mut() {
        if top.next == top.moves.len() {
            stack.pop();
            if !stack.is_empty() {
                board.popgo();
            }
            continue;
        }
        let mv = top.moves[top.next];
        top.next += 1;
        let (key, to_move, passed) = (top.key, top.to_move, top.passed);
        let step = rules.play(board, mv, to_move, passed);
        let succ = match step {
            Step::Won(c) => Err(c),
            Step::Open => Ok(rules.key(board, to_move.opponent(), !mv.is_some())),
        };
        graph.get_mut(&key).expect("expanded").succ.push(succ);
        match succ {
            Ok(k) if !graph.contains_key(&k) => {
                if graph.len() >= cap {
                    while board.depth() > entry {
                        board.popgo();
                    }
                    return None;
                }
                graph.insert(
                    k,
                    Node {
                        to_move: to_move.opponent(),
                        succ: Vec::new(),
                    },
                );
                let next_color = to_move.opponent();
                stack.push(Frame {
                    key: k,
                    to_move: next_color,
                    passed: !mv.is_some(),
                    moves: rules.moves(board, next_color),
                    next: 0,
                });
            }
            _ => {
                board.popgo();
            }
        }
    }
    assert_eq!(board.depth(), entry);
    Some((root, graph))
}

/// Does `first` win, by retrograde analysis of the whole game graph?
/// Backward from the ko master's won endings: a position where he moves
/// is won as soon as one successor is, one where the other side moves
/// when all are (counted down per position), in time linear in the graph.
fn oracle(rules: &Rules, board: &mut Board, first: Color, cap: usize) -> Option<bool> {
    let (root, graph) = enumerate(rules, board, first, cap)?;
    let master = rules.ko_master;
    let index: HashMap<u64, usize> = graph.keys().enumerate().map(|(i, &k)| (k, i)).collect();
    let nodes: Vec<&Node> = graph.values().collect();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut missing: Vec<usize> = vec![0; nodes.len()];
    let mut won = vec![false; nodes.len()];
    let mut queue = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let mut open = 0;
        let mut any_win = false;
        for s in &node.succ {
            match s {
                Ok(k) => {
                    preds[index[k]].push(i);
                    open += 1;
                }
                Err(c) if *c == master => any_win = true,
                Err(_) => {}
            }
        }
        let lost_ending = node
            .succ
            .iter()
            .any(|s| matches!(s, Err(c) if *c != master));
        missing[i] = if node.to_move == master {
            1
        } else if lost_ending {
            usize::MAX
        } else {
            open
        };
        let wins_now = if node.to_move == master {
            any_win
        } else {
            missing[i] == 0
        };
        if wins_now {
            won[i] = true;
            queue.push(i);
        }
    }
    while let Some(i) = queue.pop() {
        for &p in &preds[i] {
            if won[p] || missing[p] == usize::MAX {
                continue;
            }
            missing[p] -= 1;
            if missing[p] == 0 {
                won[p] = true;
                queue.push(p);
            }
        }
    }
    let master_wins = won[index[&root]];
    Some(if first == master {
        master_wins
    } else {
        !master_wins
    })
}

/// `count` problems of [`random_problem`] in the order a generator seeded
/// with `rng_seed` makes them: each grown from a corner, an edge or the
/// centre, of 4 to `3 + size_span` points with at most `max_empty` empty,
/// no sparse walls.
fn seeded_problems(
    rng_seed: u64,
    count: usize,
    size_span: usize,
    max_empty: usize,
) -> Vec<(Board, Region)> {
    let mut rng = SplitMix64(rng_seed);
    let seeds = [Point::new(0, 0), Point::new(0, 4), Point::new(4, 4)];
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let seed = seeds[rng.below(seeds.len())];
        let size = 4 + rng.below(size_span);
        if let Some(problem) = random_problem(&mut rng, seed, size, max_empty, 0) {
            out.push(problem);
        }
    }
    out
}

/// The four questions of a problem under the plain ending (two passes
/// leave the stones standing): each side first, each side ko master.
fn questions(region: &Region) -> impl Iterator<Item = (Color, Rules<'_>)> {
    let sides = [Color::Black, Color::White];
    sides.into_iter().flat_map(move |first| {
        sides.into_iter().map(move |ko_master| {
            let rules = Rules {
                region,
                ko_master,
                pass_end: PassEnd::Standing,
            };
            (first, rules)
        })
    })
}

/// A random enclosed problem on a 9x9 board: a connected region grown
/// from `seed`, walled by attacker stones, filled at random; `None` when
/// the fill is not a legal position or has too many empty points.
/// One point in `sparse` of 20 is left empty beyond the usual eight.
fn random_problem(
    rng: &mut SplitMix64,
    seed: Point,
    size: usize,
    max_empty: usize,
    sparse: usize,
) -> Option<(Board, Region)> {
    let n = 9;
    let mut board = Board::new(n);
    let mut points = PointSet::new();
    let mut list = vec![seed];
    points.insert(seed);
    while list.len() < size {
        let from = list[rng.below(list.len())];
        let to = from.neighbors()[rng.below(4)];
        if board.on_board(to) && points.insert(to) {
            list.push(to);
        }
    }
    let defender = if rng.below(2) == 0 {
        Color::Black
    } else {
        Color::White
    };
    for &p in &list {
        for q in p.neighbors() {
            if board.on_board(q) && !points.contains(q) && board.is_empty(q) {
                board.add_stone(q, defender.opponent());
            }
        }
    }
    let mut empties = 0;
    for &p in &list {
        let roll = rng.below(20);
        if roll < 9 - sparse.min(8) {
            board.add_stone(p, defender);
        } else if roll < 12 - sparse.min(10) {
            board.add_stone(p, defender.opponent());
        } else {
            empties += 1;
        }
    }
    if empties == 0 || empties > max_empty {
        return None;
    }
    let target = list
        .iter()
        .copied()
        .find(|&p| board.color_at(p) == Some(defender))?;
    if board
        .chain_origins(None)
        .iter()
        .any(|&o| board.countlib(o) == 0)
    {
        return None;
    }
    let region = Region::from_points(&board, target, points, Vec::new());
    Some((board, region))
}

/// df-pn and the oracle agree on every question of thousands of random
/// problems in corners, on edges and in the centre, each side first, each
/// side ko master.
#[test]
fn dfpn_agrees_with_the_exhaustive_oracle() {
    let mut rng = SplitMix64(0x005e_ed0f_11fe);
    let seeds = [
        Point::new(0, 0),
        Point::new(0, 4),
        Point::new(4, 4),
        Point::new(8, 2),
    ];
    let mut problems = 0;
    let mut asked = 0;
    let mut outcomes = [0usize; 2];
    let mut ko_dependent = 0;
    let mut max_empty_seen = 0;
    let mut attempts = 0;
    while problems < 1000 {
        attempts += 1;
        assert!(attempts < 200_000, "the generator makes too few problems");
        let seed = seeds[rng.below(seeds.len())];
        let size = 4 + rng.below(9);
        let sparse = if problems % 5 == 0 { 6 } else { 0 };
        let Some((mut board, region)) = random_problem(&mut rng, seed, size, 12, sparse) else {
            continue;
        };
        let empty = region.empty_points(&board);
        let before = board.clone();
        let mut answers = Vec::new();
        let mut complete = true;
        for (first, rules) in questions(&region) {
            let master = rules.ko_master;
            let Some(expected) = oracle(&rules, &mut board, first, 400_000) else {
                complete = false;
                continue;
            };
            let mut dfpn = Dfpn::new(rules.clone(), 2_000_000);
            let (got, _) = dfpn.prove(&mut board, first);
            assert_eq!(
                got,
                Some(expected),
                "{first} first, {master} ko master, target {:?}\n{}",
                region.target,
                board.to_diagram()
            );
            // The same with df-pn+'s initial numbers (`verdict`).
            let mut guided = Dfpn::new(rules.clone(), 2_000_000).with_initial_numbers();
            let (got, _) = guided.prove(&mut board, first);
            assert_eq!(
                got,
                Some(expected),
                "initial numbers: {first} first, {master} ko master\n{}",
                board.to_diagram()
            );
            assert!(board == before, "the board is restored");
            asked += 1;
            outcomes[usize::from(expected)] += 1;
            answers.push((first, master, expected));
        }
        if !complete {
            continue;
        }
        for first in [Color::Black, Color::White] {
            let results: Vec<bool> = answers
                .iter()
                .filter(|a| a.0 == first)
                .map(|a| a.2)
                .collect();
            if results.len() == 2 && results[0] != results[1] {
                ko_dependent += 1;
            }
        }
        max_empty_seen = max_empty_seen.max(empty);
        problems += 1;
    }
    assert!(asked >= 4000);
    // The problems are not all of one kind: both answers occur, some
    // depend on who wins the kos, and some are big.
    assert!(outcomes[0] > 500 && outcomes[1] > 500, "{outcomes:?}");
    assert!(
        ko_dependent > 0,
        "no ko-dependent result among {problems} problems"
    );
    assert!(
        max_empty_seen >= 10,
        "largest problem has {max_empty_seen} empty points"
    );
}

/// The stricter endings of two passes (no seki; no ko left for the
/// attacker), which the seki mark of `solve_life` and the certificates of
/// `gtp-tests/life_certificates.rs` ask about: df-pn agrees with the
/// oracle on 1000 random problems of up to 6 empty points (seki is rare,
/// so many small ones), each side first, each side ko master, and both
/// endings change some answers of the plain game.
#[test]
fn stricter_pass_endings_agree_with_the_oracle() {
    let mut changed = [0usize; 2];
    for (mut board, region) in seeded_problems(0x0005_71c7, 1000, 8, 6) {
        for (first, standing) in questions(&region) {
            let master = standing.ko_master;
            let rules = |pass_end| Rules {
                pass_end,
                ..standing.clone()
            };
            let Some(plain) = oracle(&standing, &mut board, first, 200_000) else {
                continue;
            };
            for (i, pass_end) in [PassEnd::Unconditional, PassEnd::NoKoLeft]
                .into_iter()
                .enumerate()
            {
                let Some(expected) = oracle(&rules(pass_end), &mut board, first, 200_000) else {
                    continue;
                };
                let got = Dfpn::new(rules(pass_end), 2_000_000)
                    .prove(&mut board, first)
                    .0;
                assert_eq!(
                    got,
                    Some(expected),
                    "{pass_end:?}, {first} first, {master} ko master\n{}",
                    board.to_diagram()
                );
                changed[i] += usize::from(expected != plain);
            }
        }
    }
    assert!(changed[0] > 0 && changed[1] > 0, "{changed:?}");
}

/// Check a proof tree with the game's own rules: one move at the
/// winner's turns, every move of [`Rules::moves`] at the loser's, each
/// line ending in a win of the winner (a repetition of the line counting
/// against the ko master). Returns the moves checked.
fn check_tree(
    rules: &Rules,
    board: &mut Board,
    nodes: &[proof::ProofNode],
    to_move: Color,
    passed: bool,
    winner: Color,
    line: &mut Vec<u64>,
) -> usize {
    let moves = rules.moves(board, to_move);
    let given: Vec<Point> = nodes.iter().map(|n| n.mv).collect();
    if to_move == winner {
        assert_eq!(given.len(), 1, "one move at the winner's turn");
        assert!(moves.contains(&given[0]));
    } else {
        assert_eq!(given, moves, "every move at the loser's turn");
    }
    let mut count = 0;
    for n in nodes {
        count += 1;
        let step = rules.play(board, n.mv, to_move, passed);
        let key = rules.key(board, to_move.opponent(), !n.mv.is_some());
        match step {
            Step::Won(c) => assert_eq!(c, winner, "a line ends lost"),
            Step::Open if line.contains(&key) => {
                assert_ne!(rules.ko_master, winner, "a repetition the ko master loses");
            }
            Step::Open => {
                assert!(!n.children.is_empty(), "a line stops before the end");
                line.push(key);
                count += check_tree(
                    rules,
                    board,
                    &n.children,
                    to_move.opponent(),
                    !n.mv.is_some(),
                    winner,
                    line,
                );
                line.pop();
            }
        }
        board.popgo();
    }
    count
}

/// Proof trees hold on their own lines: on 1000 random problems, every
/// question's tree (each side first, each side ko master) passes
/// [`check_tree`]. A table entry proved on one line can fail on another
/// (the loser may repeat a position of the new line, which the ko master
/// loses), so the trees follow the lowest proofs and try the next winning
/// move when a line is refuted.
#[test]
fn proof_trees_hold_on_their_lines() {
    let mut moves = 0;
    for (mut board, region) in seeded_problems(0x07ee_5eed, 1000, 9, 10) {
        for (first, rules) in questions(&region) {
            let proof = proof::prove_tree(&mut board, rules.clone(), first, 2_000_000, 1 << 20)
                .expect("proved");
            assert!(!proof.truncated);
            let mut line = vec![rules.key(&board, first, false)];
            if rules.over_at_start(&board).is_none() {
                moves += check_tree(
                    &rules,
                    &mut board,
                    &proof.tree,
                    first,
                    false,
                    proof.winner,
                    &mut line,
                );
            }
        }
    }
    assert!(moves > 10_000, "{moves} moves checked");
}

/// A region built from a diagram: the area of `target`'s dragon inside
/// the attacker's wall (strings of more than `wall_min` stones).
fn diagram_problem(text: &str, target: (usize, usize)) -> (Board, Region) {
    let mut board = Board::from_diagram(text).expect("diagram");
    let target = Point::new(target.0, target.1);
    let wall_min = 5;
    let region = Region::find(&mut board, target, &mut |b, p| b.chain_size(p) >= wall_min)
        .expect("enclosed");
    (board, region)
}

fn status(text: &str, target: (usize, usize)) -> Proved {
    let (mut board, region) = diagram_problem(text, target);
    let before = board.clone();
    let answer = LifeSolver::default().solve(&mut board, &region, DEFAULT_BUDGET);
    assert!(board == before);
    answer.status.expect("proved within the budget")
}

/// df-pn+'s initial numbers: a capture starts the harder to prove the
/// more liberties the target has, as the attacker's proof number when he
/// is to move and as the disproof number when the defender is.
#[test]
fn initial_numbers_grow_with_the_targets_liberties() {
    let mut board = Board::from_diagram(
        ". . . O X . .
         O O O O X . .
         X X X X X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let target = Point::new(0, 3);
    let region = Region::find(&mut board, target, &mut |_, _| true).expect("enclosed");
    let rules = Rules {
        region: &region,
        ko_master: Color::Black,
        pass_end: PassEnd::Standing,
    };
    let initial = super::dfpn::initial_numbers;
    // Three liberties: 4^3.
    assert_eq!(initial(&board, &rules, Color::Black), (64, 1));
    assert_eq!(initial(&board, &rules, Color::White), (1, 64));
    // A black stone inside takes one: 4^2.
    assert!(board.trymove(Point::new(0, 1), Color::Black));
    assert_eq!(initial(&board, &rules, Color::White), (1, 16));
    board.popgo();
}

/// Straight three in the corner: whoever plays the middle point first.
#[test]
fn straight_three_is_critical() {
    let s = status(
        ". . . O X . .
         O O O O X . .
         X X X X X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        (0, 3),
    );
    match s {
        Proved::Critical {
            attack,
            defense,
            attack_ko,
            defense_ko,
            ..
        } => {
            assert_eq!(attack, Point::new(0, 1));
            assert_eq!(defense, Point::new(0, 1));
            assert!(!attack_ko && !defense_ko);
        }
        other => panic!("{other:?}"),
    }
}

/// Four in a row on the edge lives; a one-point eye dies.
#[test]
fn straight_four_lives_and_one_eye_dies() {
    let four = status(
        ". . . . O X .
         O O O O O X .
         X X X X X X .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        (0, 4),
    );
    assert_eq!(four, Proved::Alive { seki: false });
    let one = status(
        ". O X . . . .
         O O X . . . .
         X X X . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        (0, 1),
    );
    assert_eq!(one, Proved::Dead);
}

/// Two one-point eyes: alive with nothing to read.
#[test]
fn two_eyes_are_alive_at_once() {
    let (mut board, region) = diagram_problem(
        ". O . O X . .
         O O O O X . .
         X X X X X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
        (0, 1),
    );
    let a = LifeSolver::default().solve(&mut board, &region, DEFAULT_BUDGET);
    assert_eq!(a.status, Ok(Proved::Alive { seki: false }));
}

/// A seki on the edge: the defender's string and the attacker's four
/// stones share the two liberties and nothing else; a self-atari by the
/// attacker gives the defender a straight five, by the defender loses it.
/// It has no ko in it: the defender lives when two passes with a ko left
/// for the attacker lose, not when a seki loses.
#[test]
fn seki_is_life_marked_seki() {
    let diagram = ". X X X X . O X .
         O O O O O O O X .
         X X X X X X X X .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .";
    let s = status(diagram, (1, 0));
    assert_eq!(s, Proved::Alive { seki: true });
    let (mut board, region) = diagram_problem(diagram, (1, 0));
    let attacker = region.defender.opponent();
    for (pass_end, winner) in [
        (PassEnd::NoKoLeft, region.defender),
        (PassEnd::Unconditional, attacker),
    ] {
        let s = search(
            &mut board,
            &region,
            attacker,
            attacker,
            pass_end,
            DEFAULT_BUDGET,
        );
        assert_eq!(s.winner, Some(winner), "{pass_end:?}");
    }
}

/// An open group is not a problem.
#[test]
fn an_open_dragon_is_not_enclosed() {
    let mut board = Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . O . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    let r = Region::find(&mut board, Point::new(2, 2), &mut |_, _| true);
    assert!(matches!(r, Err(NotEnclosed::TooLarge(_))));
}

/// A small table still gives the right answers (entries are evicted).
#[test]
fn a_small_table_gives_the_same_answers() {
    let mut rng = SplitMix64(77);
    let mut checked = 0;
    while checked < 100 {
        let Some((mut board, region)) = random_problem(&mut rng, Point::new(0, 0), 12, 9, 0) else {
            continue;
        };
        for first in [Color::Black, Color::White] {
            let rules = Rules {
                region: &region,
                ko_master: first,
                pass_end: PassEnd::Standing,
            };
            let big = Dfpn::new(rules.clone(), 2_000_000)
                .prove(&mut board, first)
                .0;
            let mut small = Dfpn::new(rules, 2_000_000).with_table_entries(16);
            let got = small.prove(&mut board, first).0;
            assert!(small.table_len() <= 16);
            assert_eq!(got, big);
        }
        checked += 1;
    }
}

/// Black's corner inside White's wall, which leaves a gap on the edge at
/// (0, 3) (the gap tests and the refused-move test).
const GAP_CORNER: &str = "X X . . . . . . .
                          X . X O . . . . .
                          X X X O . . . . .
                          O O O O . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .";

/// A wall with a gap on the edge: the strict flood leaks out through it,
/// the gap-closed one stops at the gap, plays on it and holds the point
/// beyond; closed, the corner is read as a problem (the gap is its vital
/// point) and reopening restores the position.
#[test]
fn a_gap_in_the_wall_is_closed_beyond_it() {
    let mut board = Board::from_diagram(GAP_CORNER).unwrap();
    let target = Point::new(0, 0);
    let strict = Region::find(&mut board, target, &mut |_, _| true);
    assert!(matches!(strict, Err(NotEnclosed::TooLarge(_))));
    let region = Region::find_closing_gaps(&mut board, target, &mut |_, _| true).unwrap();
    let gap = Point::new(0, 3);
    assert!(region.points.contains(gap), "the gap is played on");
    assert!(region.points.contains(Point::new(0, 2)));
    assert!(region.points.contains(Point::new(1, 1)));
    assert_eq!(
        region.held,
        vec![Point::new(0, 4)],
        "the point beyond the gap"
    );
    assert_eq!(region.list.len(), 10);
    let before = board.hash();
    let closed = region.close(&mut board).unwrap();
    assert_eq!(board.color_at(Point::new(0, 4)), Some(Color::White));
    assert!(
        closed.walls.contains(&Point::new(0, 4)),
        "a held stone is a wall"
    );
    let answer = LifeSolver::default().solve(&mut board, &closed, DEFAULT_BUDGET);
    match answer.status {
        Ok(Proved::Critical { defense, .. }) => assert_eq!(defense, gap),
        other => panic!("expected critical, got {other:?}"),
    }
    region.reopen(&mut board);
    assert_eq!(board.hash(), before);
    assert!(board.is_empty(Point::new(0, 4)));
}

/// A friendly stone near the area beyond the gap contests it: with the
/// defender's stone three points past the gap along the edge (two empty
/// points beyond the held point) the region is not closed; one point
/// further away, it is.
#[test]
fn a_gap_with_defender_stones_beyond_is_not_closed() {
    for (far, closes) in [(7, false), (8, true)] {
        let mut rows: Vec<String> = GAP_CORNER.lines().map(|l| l.trim().to_string()).collect();
        rows[0].replace_range(2 * far..2 * far + 1, "X");
        let mut board = Board::from_diagram(&rows.join("\n")).unwrap();
        let target = Point::new(0, 0);
        let region = Region::find_closing_gaps(&mut board, target, &mut |_, _| true).unwrap();
        assert_eq!(region.held, vec![Point::new(0, 4)]);
        assert_eq!(
            region.contested_beyond(&board),
            !closes,
            "stone at column {far}"
        );
        let before = board.hash();
        let closed = region.close(&mut board);
        assert_eq!(closed.is_some(), closes, "stone at column {far}");
        if closed.is_some() {
            region.reopen(&mut board);
        }
        assert_eq!(board.hash(), before);
    }
}

/// Held points that would capture are no closure: nothing is played.
#[test]
fn a_closure_that_would_capture_is_refused() {
    let mut board = Board::from_diagram(
        "X X . . O X . . .
         X . X O . O X . .
         X X X O . . . . .
         O O O O . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    let target = Point::new(0, 0);
    let mut region = Region::find_closing_gaps(&mut board, target, &mut |_, _| true).unwrap();
    // A held point next to the lone black stone at the top, in atari.
    region.held = vec![Point::new(0, 6)];
    let before = board.hash();
    assert!(region.close(&mut board).is_none());
    assert_eq!(board.hash(), before);
}

/// The Benson test (the target's own two vital areas first, then the
/// fixpoint on bit masks) answers as the full fixpoint on lists does, and
/// that as the plain model of it ([`naive_benson`]), on random enclosed
/// problems, most
/// refilled densely with defender stones so that live targets (with eyes
/// of empty points and attacker stones) come up as well as dead ones; the
/// test under check keeps its lists from one problem to the next, as in
/// the solver, the fixpoint it is checked against starts afresh.
#[test]
fn benson_shortcut_agrees_with_the_full_fixpoint() {
    use super::benson::{benson_fixpoint, target_unconditionally_alive_with, BensonScratch};
    // One scratch for every problem, as the solver keeps it: nothing of a
    // run may leak into the next.
    let mut scratch = BensonScratch::default();
    let mut rng = SplitMix64(0xbe25_0a11);
    let seeds = [Point::new(0, 0), Point::new(0, 4), Point::new(4, 4)];
    let (mut checked, mut alive, mut attempts) = (0, 0, 0);
    while (checked < 4000 || alive < 200) && attempts < 200_000 {
        attempts += 1;
        let seed = seeds[rng.below(seeds.len())];
        let size = 5 + rng.below(12);
        let sparse = rng.below(12);
        let Some((mut board, region)) = random_problem(&mut rng, seed, size, 8, sparse) else {
            continue;
        };
        if rng.below(4) != 0 {
            let edits: Vec<(Point, Option<Color>)> = region
                .list
                .iter()
                .map(|&p| {
                    let roll = rng.below(20);
                    let stone = match roll {
                        0..=14 => Some(region.defender),
                        15 => Some(region.defender.opponent()),
                        _ => None,
                    };
                    (p, stone)
                })
                .collect();
            board.setup_stones(&edits);
            if board.chain_without_liberties().is_some() {
                continue;
            }
        }
        let Some(target) = region
            .list
            .iter()
            .copied()
            .find(|&p| board.color_at(p) == Some(region.defender))
        else {
            continue;
        };
        let region = Region { target, ..region };
        let full = benson_fixpoint(&board, &region);
        assert_eq!(full, naive_benson(&board, &region), "{board:?}");
        assert_eq!(
            target_unconditionally_alive_with(&board, &region, &mut scratch),
            full,
            "{board:?}"
        );
        checked += 1;
        alive += usize::from(full);
    }
    assert!(
        checked >= 4000 && alive >= 200,
        "{checked} checked, {alive} alive"
    );
}

/// Benson's fixpoint written as plainly as possible, the model the
/// solver's version is checked against: areas are the connected sets of
/// non-defender points of the region, strings known by their origins,
/// and every round asks each string afresh which areas are vital to it.
fn naive_benson(board: &Board, region: &Region) -> bool {
    let defender = region.defender;
    let mut strings: Vec<Point> = Vec::new();
    for &p in &region.list {
        if board.color_at(p) == Some(defender) && !strings.contains(&board.origin(p)) {
            strings.push(board.origin(p));
        }
    }
    // Each area: its points, its defender neighbours (origins), closed.
    let mut areas: Vec<(Vec<Point>, Vec<Point>, bool)> = Vec::new();
    let mut seen = PointSet::new();
    for &start in &region.list {
        if board.color_at(start) == Some(defender) || !seen.insert(start) {
            continue;
        }
        let (mut points, mut borders, mut closed) = (vec![start], Vec::new(), true);
        let mut i = 0;
        while i < points.len() {
            for q in points[i].neighbors() {
                if !board.on_board(q) {
                    continue;
                }
                if board.color_at(q) == Some(defender) {
                    if !borders.contains(&board.origin(q)) {
                        borders.push(board.origin(q));
                    }
                } else if !region.points.contains(q) {
                    closed = false;
                } else if seen.insert(q) {
                    points.push(q);
                }
            }
            i += 1;
        }
        areas.push((points, borders, closed));
    }
    let liberty_of = |e: Point, s: Point| {
        e.neighbors()
            .iter()
            .any(|&n| board.color_at(n) == Some(defender) && board.origin(n) == s)
    };
    let mut alive_areas = vec![true; areas.len()];
    let mut alive = strings.clone();
    loop {
        let survivors: Vec<Point> = alive
            .iter()
            .copied()
            .filter(|&s| {
                let vital =
                    areas
                        .iter()
                        .zip(&alive_areas)
                        .filter(|((points, borders, closed), &a)| {
                            a && *closed
                                && borders.contains(&s)
                                && points
                                    .iter()
                                    .all(|&e| !board.is_empty(e) || liberty_of(e, s))
                        });
                vital.count() >= 2
            })
            .collect();
        if survivors.len() == alive.len() {
            break;
        }
        alive = survivors;
        for ((_, borders, _), a) in areas.iter().zip(alive_areas.iter_mut()) {
            if borders
                .iter()
                .any(|b| strings.contains(b) && !alive.contains(b))
            {
                *a = false;
            }
        }
    }
    alive.contains(&board.origin(region.target))
}

/// A region of more than 64 points (none the solver finds, but a caller
/// may give one) skips the first round of Benson's test, which works on
/// 64-bit masks, and still gets the fixpoint's answer: the whole 9x9
/// board as the region, with two eyes in the corner and then one.
#[test]
fn benson_on_a_region_over_64_points() {
    use super::benson::{target_unconditionally_alive_with, BensonScratch};
    let two_eyes = ". O . O X . . . .
                    O O O O X . . . .
                    X X X X X . . . .
                    . . . . . . . . .
                    . . . . . . . . .
                    . . . . . . . . .
                    . . . . . . . . .
                    . . . . . . . . .
                    . . . . . . . . .";
    let one_eye = two_eyes.replacen(". O . O", ". O O O", 1);
    let mut scratch = BensonScratch::default();
    for (text, alive) in [(two_eyes, true), (one_eye.as_str(), false)] {
        let board = Board::from_diagram(text).expect("diagram");
        let mut points = PointSet::new();
        for p in board.points() {
            points.insert(p);
        }
        let region = Region::from_points(&board, Point::new(0, 1), points, Vec::new());
        assert!(region.list.len() > 64);
        assert_eq!(naive_benson(&board, &region), alive);
        assert_eq!(
            target_unconditionally_alive_with(&board, &region, &mut scratch),
            alive
        );
    }
}

/// A position's numbers from its children's as the module docs define
/// them, term by term: the model `combine`'s single pass is checked
/// against.
fn naive_combine(children: &[Child]) -> Numbers {
    if children.is_empty() {
        return Numbers {
            phi: INF,
            delta: 0,
            path_dependent: false,
            height: 0,
        };
    }
    let phi = children.iter().map(|c| c.delta).min().unwrap_or(INF);
    let mut delta: u64 = 0;
    for c in children {
        delta = if c.phi >= INF || delta >= INF {
            INF
        } else {
            delta.saturating_add(c.phi).min(INF - 1)
        };
    }
    let (path_dependent, height) = if phi == 0 {
        let best = children
            .iter()
            .filter(|c| c.delta == 0)
            .min_by_key(|c| (c.path_dependent, c.height))
            .expect("a winning child");
        (best.path_dependent, best.height.saturating_add(1))
    } else if delta == 0 {
        let highest = children.iter().map(|c| c.height).max().unwrap_or(0);
        (
            children.iter().any(|c| c.path_dependent),
            highest.saturating_add(1),
        )
    } else {
        (false, 0)
    };
    Numbers {
        phi,
        delta,
        path_dependent,
        height,
    }
}

/// `combine` agrees with its plain model on random children: numbers
/// drawn among 0, 1, small, huge and INF, heights up to `u32::MAX`.
#[test]
fn combine_agrees_with_its_model() {
    let mut rng = SplitMix64(0xc0b1_7e55);
    let numbers = [0, 1, 2, 3, 17, INF - 2, INF - 1, INF];
    let heights = [0, 1, 2, 5, u32::MAX - 1, u32::MAX];
    for _ in 0..20_000 {
        let len = rng.below(6);
        let children: Vec<Child> = (0..len)
            .map(|_| Child {
                mv: Point::NONE,
                phi: numbers[rng.below(numbers.len())],
                delta: numbers[rng.below(numbers.len())],
                path_dependent: rng.below(3) == 0,
                terminal: false,
                height: heights[rng.below(heights.len())],
            })
            .collect();
        assert_eq!(combine(&children), naive_combine(&children), "{children:?}");
    }
}

/// A move the board refuses (only a key collision can offer one: the
/// search remembers each position's moves by its key) is lost for the
/// mover, and the move stack takes one entry, popped as after any move.
#[test]
fn a_refused_move_is_lost_and_popped_like_any() {
    let mut board = Board::from_diagram(GAP_CORNER).unwrap();
    let mut points = PointSet::new();
    for r in 0..3 {
        for c in 0..3 {
            points.insert(Point::new(r, c));
        }
    }
    let region = Region::from_points(&board, Point::new(0, 0), points, Vec::new());
    let rules = Rules {
        region: &region,
        ko_master: Color::White,
        pass_end: PassEnd::Standing,
    };
    let (before, depth) = (board.hash(), board.depth());
    // An occupied point, and White's suicide inside Black's eye.
    for (mv, color) in [
        (Point::new(0, 0), Color::White),
        (Point::new(1, 1), Color::White),
    ] {
        let step = rules.place(&mut board, mv, color, false);
        assert_eq!(step, Some(Step::Won(Color::Black)));
        assert_eq!(board.depth(), depth + 1);
        board.popgo();
        assert_eq!((board.hash(), board.depth()), (before, depth));
    }
    // A legal move is played as before.
    assert_eq!(
        rules.place(&mut board, Point::new(0, 2), Color::White, false),
        None
    );
    assert_eq!(board.color_at(Point::new(0, 2)), Some(Color::White));
    board.popgo();
    assert_eq!((board.hash(), board.depth()), (before, depth));
}
