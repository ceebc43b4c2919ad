//! Diagram tests of the candidate generators: each position is a shape
//! from the documentation of the matching GNU Go generator (our own
//! diagrams), with the move that must be proposed and obvious ones that
//! must not. Vertices are written as in GTP (`A1` bottom left, no `I`).

use super::break_chain::*;
use super::edge::*;
use super::local::*;
use super::rescue::*;
use super::squeeze::*;
use super::*;
use crate::board::{Board, Color};
use crate::reading::libs::*;
use crate::reading::ReadResult;

type Gen = fn(&mut Board, Point, &mut CandidateMoves);

fn vertex(board: &Board, v: &str) -> Point {
    let v = v.to_ascii_uppercase();
    let mut chars = v.chars();
    let letter = chars.next().expect("vertex letter");
    let mut col = (letter as u8 - b'A') as usize;
    if letter > 'I' {
        col -= 1;
    }
    let num: usize = chars.as_str().parse().expect("vertex number");
    Point::new(board.size() - num, col)
}

fn name(board: &Board, p: Point) -> String {
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes();
    format!("{}{}", letters[p.col()] as char, board.size() - p.row())
}

/// Run `gen` for the chain on `target` and return the proposals, after
/// checking that the board is left exactly as it was.
fn run(
    diagram: &str,
    target: &str,
    gen: &dyn Fn(&mut Board, Point, &mut CandidateMoves),
) -> (Board, CandidateMoves) {
    let mut board = Board::from_diagram(diagram).expect("diagram");
    let before = board.clone();
    let s = vertex(&board, target);
    assert!(board.is_stone(s), "no stone on {target}");
    let mut acc = CandidateMoves::new();
    gen(&mut board, s, &mut acc);
    assert!(board == before, "generator changed the board");
    assert_eq!(board.depth(), 0);
    board.check_consistency().expect("consistent");
    (board, acc)
}

/// The generator must propose every move of `want` and none of `not`.
fn check(diagram: &str, target: &str, gen: Gen, want: &[&str], not: &[&str]) -> CandidateMoves {
    let (board, acc) = run(diagram, target, &gen);
    let got: Vec<String> = acc.points().map(|p| name(&board, p)).collect();
    for w in want {
        assert!(
            acc.contains(vertex(&board, w)),
            "{w} not proposed; got {got:?}"
        );
    }
    for n in not {
        assert!(
            !acc.contains(vertex(&board, n)),
            "{n} proposed; got {got:?}"
        );
    }
    for p in acc.points() {
        assert!(board.is_empty(p), "occupied {} proposed", name(&board, p));
    }
    acc
}

fn score(diagram: &str, acc: &CandidateMoves, v: &str) -> i32 {
    let board = Board::from_diagram(diagram).expect("diagram");
    acc.score(vertex(&board, v)).expect("proposed")
}

// ---------------------------------------------------------------- local

#[test]
fn local_liberty_counts() {
    let d = "
        . . . . .
        . . . . .
        X X X X .
        X O O X .
        . . O . .
    ";
    let board = Board::from_diagram(d).unwrap();
    let v = |s| vertex(&board, s);
    // X on B1 touches only A1 (ignoring captures).
    assert_eq!(approxlib(&board, v("B1"), Color::Black, 5), 1);
    assert!(is_self_atari(&board, v("B1"), Color::Black));
    // White on B1 joins the chain: liberties A1 and D1.
    assert_eq!(approxlib(&board, v("B1"), Color::White, 5), 2);
    assert!(!is_self_atari(&board, v("D1"), Color::Black));
}

#[test]
fn accuratelib_counts_captures() {
    let d = "
        . . . . .
        . . . . .
        . . . . .
        X O . . .
        O . O . .
    ";
    let board = Board::from_diagram(d).unwrap();
    let v = |s| vertex(&board, s);
    // Black B1 captures A1: approxlib sees no liberty, accuratelib sees
    // the one freed by the capture (a ko).
    assert_eq!(approxlib(&board, v("B1"), Color::Black, 5), 0);
    assert_eq!(accuratelib(&board, v("B1"), Color::Black, 5), 1);
    assert!(is_self_atari(&board, v("B1"), Color::Black));
    assert!(is_ko(&board, v("B1"), Color::Black));
}

#[test]
fn go_never_leaves_the_board() {
    let board = Board::new(5);
    let corner = vertex(&board, "A1");
    assert_eq!(go(&board, corner, (1, 0)), Point::NONE);
    assert_eq!(go(&board, corner, (0, -2)), Point::NONE);
    assert_eq!(go(&board, Point::NONE, (-1, 0)), Point::NONE);
    assert_eq!(go(&board, corner, (-1, 1)), vertex(&board, "B2"));
}

// ---------------------------------------------------------- break_chain

const BREAK_CHAIN: &str = "
    . . . . . . .
    . . . . . . .
    . . . X O . .
    . . X O X O .
    . . . . . . .
    . . . . . . .
    . . . . . . .
";

#[test]
fn break_chain_captures_neighbour_in_atari() {
    let acc = check(
        BREAK_CHAIN,
        "D4",
        break_chain_moves,
        &["E3"],
        &["D3", "C5", "D6"],
    );
    assert_eq!(score(BREAK_CHAIN, &acc, "E3"), 1);
}

const BREAK_CHAIN2: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    O O X . . . .
    . X O . . . .
    . . O . . . .
";

#[test]
fn break_chain2_efficient_ataris_neighbour_that_cannot_run() {
    // X B2 has liberties A2 and B1; running from either gives two.
    check(
        BREAK_CHAIN2,
        "C2",
        break_chain2_efficient_moves,
        &["A2", "B1"],
        &["C4", "D3"],
    );
}

#[test]
fn break_chain2_ataris_every_two_liberty_neighbour() {
    check(
        BREAK_CHAIN2,
        "C2",
        |b, s, acc| break_chain2_moves(b, s, acc, &GenDepth::root(), false, false),
        &["A2", "B1", "C4", "D3"],
        &["D1", "D2"],
    );
}

#[test]
fn break_chain2_defense_moves_are_devalued() {
    let (board, acc) = run(BREAK_CHAIN2, "C2", &|b, s, acc| {
        acc.add(vertex(b, "D2"), 0);
        break_chain2_defense_moves(b, s, acc, &GenDepth::root(), false)
    });
    assert_eq!(acc.score(vertex(&board, "A2")), Some(-2));
    assert_eq!(acc.score(vertex(&board, "D2")), Some(0));
}

#[test]
fn break_chain2_deep_requires_safe_ataris() {
    // Deep in the tree (beyond backfill_depth) only safe ataris remain.
    let d = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X . . . . .
        O O X . . . .
        . X O . . . .
    ";
    // Target White C1; its two-liberty neighbour Black C2 touches White
    // chains in atari, so deep in the tree it is left alone, and nothing
    // proposed may be a self-atari.
    let mut board = Board::from_diagram(d).unwrap();
    let s = vertex(&board, "C1");
    let mut acc = CandidateMoves::new();
    let mut gd = GenDepth::root();
    gd.stackp = 40;
    break_chain2_moves(&mut board, s, &mut acc, &gd, true, false);
    for p in acc.points() {
        assert!(!is_self_atari(&board, p, Color::White) || is_ko(&board, p, Color::White));
    }
}

const BREAK_CHAIN3: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    O O . . . . .
    X X . . . . .
    . . . . . . .
";

#[test]
fn break_chain3_blocks_the_only_escape() {
    let acc = check(
        BREAK_CHAIN3,
        "A3",
        |b, s, acc| break_chain34_moves(b, s, 3, acc, &GenDepth::root(), false),
        &["C2"],
        &["A1", "B1"],
    );
    assert_eq!(score(BREAK_CHAIN3, &acc, "C2"), -2);
}

const BREAK_CHAIN4: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . O O O . . .
    . X X X O . .
    . . . . . . .
";

#[test]
fn break_chain4_blocks_the_only_escape() {
    check(
        BREAK_CHAIN4,
        "B3",
        |b, s, acc| break_chain34_moves(b, s, 4, acc, &GenDepth::root(), false),
        &["A2"],
        &["B1", "C1", "D1"],
    );
}

#[test]
fn break_chain3_skips_neighbour_with_two_escapes() {
    let d = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . . X . . .
        . . . . . . .
        . . . . . . .
    ";
    check(
        d,
        "D4",
        |b, s, acc| break_chain34_moves(b, s, 3, acc, &GenDepth::root(), false),
        &[],
        &["C3", "E3", "D2"],
    );
}

const SECONDARY: &str = "
    . . . . . . .
    . . . . . . .
    . . O X . . .
    . O X O X . .
    . O X O X . .
    . . . . . . .
    . . . . . . .
";

#[test]
fn defend_secondary_chain1_defends_neighbours_of_a_chain() {
    // Neighbours of White D4 in atari: Black C4 (extend at C2).
    let (board, acc) = run(SECONDARY, "D4", &|b, s, acc| {
        assert!(defend_secondary_chain1_moves(b, s, acc, 2));
    });
    assert!(acc.contains(vertex(&board, "C2")));
}

const DOUBLE_ATARI: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . O X . X O .
    . . O O O . .
    . . . . . . .
";

#[test]
fn double_atari_chain2_takes_the_shared_liberty() {
    let acc = check(
        DOUBLE_ATARI,
        "D2",
        |b, s, acc| double_atari_chain2_moves(b, s, acc, false),
        &["D3"],
        &["C4", "E4"],
    );
    assert_eq!(score(DOUBLE_ATARI, &acc, "D3"), 1);
}

#[test]
fn save_boundary2_extends_restrained_attacker_chains() {
    // Attacking White C2: Black B2 has two liberties (A2, B1) and cannot
    // run; the attacker may extend there.
    check(
        BREAK_CHAIN2,
        "C2",
        |b, s, acc| save_boundary2_moves(b, s, acc, &GenDepth::root()),
        &["A2", "B1"],
        &["F6"],
    );
}

// --------------------------------------------------------------- rescue

const SPECIAL_RESCUE: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . X . . . .
    . X O . . . .
    . . . O . . .
    . . . . . . .
";

#[test]
fn special_rescue_plays_second_order_liberties() {
    check(
        SPECIAL_RESCUE,
        "C3",
        |b, s, acc| {
            for l in b.libs(s).to_vec() {
                special_rescue_lib_moves(b, s, l, acc);
            }
        },
        &["D4", "E3", "B2", "C1"],
        &["F5", "A1"],
    );
}

const BAMBOO: &str = "
    . . . . . . .
    X X X X X O .
    X O . . . O .
    X O . O . O .
    X X X X X O .
    . . . . . . .
    . . . . . . .
";

#[test]
fn bamboo_rescue_forms_the_joint() {
    check(BAMBOO, "B5", bamboo_rescue_moves, &["D5"], &["E5", "E4"]);
}

const HANE: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . X X X X X .
    X X . . O O .
    X . O X . . .
    . . . . . . .
";

#[test]
fn hane_rescue_hanes_at_the_head() {
    check(HANE, "C2", hane_rescue_moves, &["D3"], &["D1", "E2"]);
}

const SPECIAL_RESCUE2: &str = "
    . . . . . .
    . . . . . .
    O O X X X X
    . O X O O X
    . . O . O X
    . X . O O X
";

#[test]
fn special_rescue2_strengthens_the_neighbour_chain() {
    check(
        SPECIAL_RESCUE2,
        "D3",
        special_rescue2_moves,
        &["B2"],
        &["A1", "E6"],
    );
}

const SPECIAL_RESCUE3: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . X . X X O
    . X X X O O X O
    X X O O . O X O
    . O . . X . . .
";

#[test]
fn special_rescue3_plays_under_the_cutting_stone() {
    check(
        SPECIAL_RESCUE3,
        "F2",
        special_rescue3_moves,
        &["G1"],
        &["H1"],
    );
}

const SPECIAL_RESCUE4: &str = "
    . . . . . . .
    . . . . . . .
    . . . O . . .
    . . O X . . .
    . . . . . . .
    . . X O O X .
    . . . X X . .
";

#[test]
fn special_rescue4_ataris_the_special_attacker() {
    check(
        SPECIAL_RESCUE4,
        "D2",
        special_rescue4_moves,
        &["E4"],
        &["C3", "F3"],
    );
}

const SPECIAL_RESCUE5: &str = "
    X X X X .
    O O O X .
    . . O X .
    O . O X .
    . X . . .
";

#[test]
fn special_rescue5_plays_outside_liberty_of_common_neighbour() {
    check(
        SPECIAL_RESCUE5,
        "A2",
        special_rescue5_moves,
        &["C1"],
        &["E1"],
    );
}

const SPECIAL_RESCUE6: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . X . . . . .
    . O . . . . .
    . . . . . . .
";

#[test]
fn special_rescue6_extends_beside_the_edge_cap() {
    check(
        SPECIAL_RESCUE6,
        "B2",
        special_rescue6_moves,
        &["C3"],
        &["D3", "A3"],
    );
}

const SNAPBACK: &str = "
    . . . . . .
    O O O O O .
    O X X X O .
    O X . O X .
    O X O X X .
    O X . . . .
";

#[test]
fn set_up_snapback_fills_the_outside_liberty() {
    check(
        SNAPBACK,
        "D3",
        set_up_snapback_moves,
        &["C1"],
        &["D1", "E1"],
    );
}

const DRAW_BACK: &str = "
    . . . . . . .
    . . . . . . .
    . . O . . . .
    . . X . . . .
    . . O . . . .
    . . . . . . .
    . . . . . . .
";

#[test]
fn draw_back_extends_attacker_two_liberty_chain() {
    check(
        DRAW_BACK,
        "C3",
        draw_back_moves,
        &["B4", "D4"],
        &["C2", "B3"],
    );
}

// ----------------------------------------------------------------- edge

const EDGE_CLAMP: &str = "
    . . . . . .
    . . . . . .
    . X X O O .
    X X O X . .
    O O O X . .
    . . . . . .
";

#[test]
fn edge_clamp_clamps_beside_the_edge_stone() {
    let acc = check(EDGE_CLAMP, "C2", edge_clamp_moves, &["E2"], &["E3", "E1"]);
    assert_eq!(score(EDGE_CLAMP, &acc, "E2"), 10);
    check(EDGE_CLAMP, "C2", edge_defense_moves, &["E2"], &["E3"]);
}

const PROPOSE_EDGE: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . X . . . . .
    . O . . . . .
";

#[test]
fn propose_edge_climbs_and_blocks() {
    // Defending a two-liberty chain: climb to C2 only.
    check(
        PROPOSE_EDGE,
        "B1",
        |b, s, acc| propose_edge_moves(b, s, acc, Color::White),
        &["C2"],
        &["D2"],
    );
    // Attacking: C2 and the block one further, D2.
    check(
        PROPOSE_EDGE,
        "B1",
        |b, s, acc| propose_edge_moves(b, s, acc, Color::Black),
        &["C2", "D2"],
        &["A2"],
    );
    check(PROPOSE_EDGE, "B1", edge_attack_moves, &["C2", "D2"], &[]);
}

#[test]
fn propose_edge_withdraws_hopeless_crawl() {
    let d = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . X X X X . .
        . . O . . . .
    ";
    let (board, acc) = run(d, "C1", &|b, s, acc| {
        acc.add(vertex(b, "B1"), 0);
        acc.add(vertex(b, "D1"), 0);
        propose_edge_moves(b, s, acc, Color::White);
    });
    assert!(!acc.contains(vertex(&board, "B1")));
    assert!(!acc.contains(vertex(&board, "D1")));
}

const EDGE_BLOCK: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . O X . . . .
    . . O . . O .
";

#[test]
fn edge_block_blocks_the_crawl() {
    let (board, acc) = run(EDGE_BLOCK, "B2", &|b, s, acc| {
        edge_block_moves(b, s, vertex(b, "B1"), acc)
    });
    assert_eq!(acc.score(vertex(&board, "D1")), Some(10));
    assert!(!acc.contains(vertex(&board, "D2")));
    check(EDGE_BLOCK, "B2", edge_attack_moves, &["D1"], &[]);
}

#[test]
fn edge_block_captures_from_outside_when_blocker_in_atari() {
    let d = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . O . . . .
        . O X . . . .
        . . O . . . .
    ";
    let (board, acc) = run(d, "B2", &|b, s, acc| {
        edge_block_moves(b, s, vertex(b, "B1"), acc)
    });
    assert_eq!(acc.score(vertex(&board, "D2")), Some(30));
}

const CLOSING_BACKFILL: &str = "
    O O . . .
    . O O O .
    . X . O .
    X X X O .
    . X . . .
";

#[test]
fn edge_closing_backfill_under_the_attacker() {
    let (board, acc) = run(CLOSING_BACKFILL, "B2", &|b, s, acc| {
        for l in b.libs(s).to_vec() {
            edge_closing_backfill_moves(b, s, l, acc);
        }
    });
    assert!(acc.contains(vertex(&board, "D1")));
    assert!(!acc.contains(vertex(&board, "A4")));
    check(CLOSING_BACKFILL, "B2", edge_attack_moves, &["D1"], &["E1"]);
}

// -------------------------------------------------------------- squeeze

const BACKFILL: &str = "
    . . . . .
    . . . . .
    X X X X .
    X O O X .
    . . O . .
";

#[test]
fn backfill_defense_takes_the_other_liberty() {
    check(BACKFILL, "B2", backfill_defense_moves, &["D1"], &["A1"]);
}

const KO: &str = "
    . . . . . . .
    . . . . . . .
    . . X O . . .
    . X O . O . .
    . . X O . . .
    . . . . . . .
    . . . . . . .
";

#[test]
fn ko_backfill_defense_fills_outside_liberties() {
    check(
        KO,
        "C4",
        ko_backfill_defense_moves,
        &["D6", "E3", "F4"],
        &["A1"],
    );
}

const SPECIAL_ATTACK2: &str = "
    . O . O X .
    X X O O X .
    X O . O X .
    X O O O X .
    X X X X X .
    . . . . . .
";

#[test]
fn special_attack2_plays_beyond_the_suicide_liberty() {
    check(
        SPECIAL_ATTACK2,
        "C5",
        special_attack2_moves,
        &["A6"],
        &["F1"],
    );
}

const SPECIAL_ATTACK3: &str = "
    . . . X X
    . . O . X
    . . . . X
    X O O X X
    X X X X .
";

#[test]
fn special_attack3_caps_beside_adjacent_liberties() {
    check(
        SPECIAL_ATTACK3,
        "B2",
        special_attack3_moves,
        &["B4"],
        &["D4", "A3"],
    );
}

const SPECIAL_ATTACK4: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . O . O . . .
    X X X X O O X X X
    X O O O X X O . .
    . X . O . . . . .
";

#[test]
fn special_attack4_attacks_the_outside_neighbour() {
    check(
        SPECIAL_ATTACK4,
        "B2",
        special_attack4_moves,
        &["H2"],
        &["G1"],
    );
}

#[test]
fn find_cap_takes_both_diagonal_liberties() {
    let d = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . O X . . .
        . . X . . . .
        . . . . . . .
    ";
    let acc = check(d, "C3", find_cap_moves, &["B4"], &["D4", "B2"]);
    assert_eq!(score(d, &acc, "B4"), 10);
}

// ------------------------------------------------------------ GenDepth

#[test]
fn gen_depth_follows_config() {
    let cfg = ReadingConfig::default();
    let root = GenDepth::new(&cfg, 0);
    assert!(root.within_backfill2() && root.within_break_chain());
    let deep = GenDepth::new(&cfg, 13);
    assert!(!deep.within_backfill() && deep.stackp <= deep.depth);
    assert_eq!(GenDepth::root(), root);
}

#[test]
fn accumulator_helpers() {
    let mut acc = CandidateMoves::new();
    acc.add(Point::new(1, 1), 3);
    acc.add(Point::new(2, 2), 1);
    acc.set_scores_from(1, -2);
    assert_eq!(acc.score(Point::new(1, 1)), Some(3));
    assert_eq!(acc.score(Point::new(2, 2)), Some(-2));
}

const SQUEEZE: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X . . .
    O O O X O X .
    . O . O . . X
";

#[test]
fn squeeze_throws_in_beyond_the_shared_liberty() {
    // C1 is suicide for Black; White connecting there would leave the
    // same two liberties, reaching E1, where Black's throw-in squeezes.
    check(SQUEEZE, "A2", squeeze_moves, &["E1"], &["F1", "G2"]);
}

// ---------------------------------------------------------- superstring

const SUPERSTRING: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . O O . . .
    . O . . . . .
    O X O O . . .
    . . . . . . .
";

#[test]
fn superstring_joins_bamboo_and_diagonal() {
    use crate::reading::superstring::{LinkTest, Superstring};
    let board = Board::from_diagram(SUPERSTRING).unwrap();
    let v = |s| vertex(&board, s);
    let ss = Superstring::find(&board, v("C4"), 0, false, LinkTest::FewLiberties);
    for m in ["C2", "B3"] {
        assert!(ss.chains.contains(&board.origin(v(m))), "{m} not joined");
    }
    // A2 joins too: Black on A3 would have a single liberty.
    assert!(ss.chains.contains(&board.origin(v("A2"))));
    let strict = Superstring::find(&board, v("C4"), 0, false, LinkTest::SelfAtari);
    assert!(strict.chains.contains(&board.origin(v("C2"))));
}

#[test]
fn superstring_break_chain_captures_neighbour_of_a_member() {
    use super::superstring::superstring_break_chain_moves;
    check(
        SUPERSTRING,
        "C4",
        |b, s, acc| superstring_break_chain_moves(b, s, acc, 4, &GenDepth::root()),
        &["B1"],
        &["A1"],
    );
    check(SUPERSTRING, "C4", break_chain_moves, &[], &["B1"]);
}

const SUPERSTRING_LIB: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X . . .
    X O O X . . .
    . . . X . . .
    X O O . . . .
";

#[test]
fn superstring_moves_fill_the_outside_liberty() {
    use super::superstring::{superstring_attack_moves, superstring_moves};
    check(
        SUPERSTRING_LIB,
        "B3",
        |b, s, acc| superstring_moves(b, s, acc, 3, true),
        &["D1"],
        &["E1"],
    );
    check(
        SUPERSTRING_LIB,
        "B3",
        |b, s, acc| superstring_attack_moves(b, s, acc, 3),
        &["D1"],
        &[],
    );
}

/// The superstring generator follows the real depth and the user's
/// depth options (issue 11): it used to build its own root `GenDepth`,
/// so below `backfill2_depth` it still defended the secondary chains of
/// three-liberty neighbours. From a random 9x9 game (seed 12345, game
/// 60); with `-F 8` (`backfill2_depth` 1) `defend B9` read 5368 nodes
/// before the fix and reads 4651 now (4678 before the board's liberty
/// and neighbour lists came in index order, 4581 before the rising
/// defender's-point table of 2026-11-29, 4575 before the
/// defender's-best-point ordering), same answer.
#[test]
fn superstring_generator_follows_backfill_depth() {
    use crate::reading::{Reader, ReadingConfig};
    let mut board = Board::from_diagram(
        ". O . O . . . O O
         . X O O O X X O X
         O X . O X O . . X
         O O X O X O . . X
         O O X X X O X . X
         X X X O . O . X X
         O O O X O X O X X
         X O X . . . X O X
         X . O . . O . O .",
    )
    .unwrap();
    let s = vertex(&board, "B9");
    let defend = |board: &mut Board, backfill_depth: i32| {
        let mut reader = Reader::new(ReadingConfig {
            backfill_depth,
            hash_mb: 2,
            ..ReadingConfig::default()
        });
        let (res, mv) = reader.find_defense(board, s);
        (res, mv.map(|m| name(board, m)), reader.nodes)
    };
    let (res, mv, nodes) = defend(&mut board, 8);
    assert_eq!((res, mv.as_deref()), (ReadResult::Win, Some("C9")));
    assert_eq!(nodes, 4651, "5368 when the generator ignored the depth");
    let (res, mv, _) = defend(&mut board, 12);
    assert_eq!((res, mv.as_deref()), (ReadResult::Win, Some("G7")));
}
