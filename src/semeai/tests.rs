//! Semeai tests: the textbook counting rules, and races on diagrams.

use crate::board::{Board, Color, Point};
use crate::reading::Reader;
use crate::semeai::count::{self, outcome, Tally};
use crate::semeai::Outcome::{self, Lost, Seki, Won};
use crate::semeai::{RaceDragon, RaceValue, SemeaiAnswer, SemeaiReader};
use std::collections::HashMap;

fn plain(own: usize) -> Tally {
    Tally { own, eye: false }
}

fn eyed(own: usize) -> Tally {
    Tally { own, eye: true }
}

/// `outcome(first, second, shared, first_moves)` is `expected`; `case`
/// names the rule and the race in the failure message.
fn check(
    case: &str,
    first: Tally,
    second: Tally,
    shared: usize,
    first_moves: bool,
    expected: Outcome,
) {
    assert_eq!(
        outcome(first, second, shared, first_moves),
        expected,
        "{case}: {first:?} against {second:?}, {shared} shared, first moves: {first_moves}"
    );
}

/// Races without eyes, each `(rule, first's liberties, second's, shared,
/// first moves, expected outcome)`: with at most one shared liberty the
/// mover wins ties; two shared liberties make a seki unless one side has
/// many more.
#[test]
fn without_eyes_the_mover_wins_ties_and_two_shared_liberties_make_a_seki() {
    const TIES: &str = "without eyes and with at most one shared liberty the mover wins ties";
    const SEKI: &str =
        "without eyes two shared liberties make a seki unless one side has many more";
    for (rule, a, b, shared, first_moves, expected) in [
        (TIES, 3, 3, 0, true, Won),
        (TIES, 3, 3, 1, false, Lost),
        (TIES, 2, 3, 1, true, Lost),
        (TIES, 4, 3, 0, false, Won),
        // Three outside liberties against five, four shared: neither side
        // can approach.
        (SEKI, 3, 5, 4, true, Seki),
        (SEKI, 5, 3, 4, true, Seki),
        // Enough outside liberties to fill the other's and all but one
        // shared liberty: a kill.
        (SEKI, 6, 2, 2, true, Won),
        (SEKI, 2, 6, 2, true, Lost),
    ] {
        check(rule, plain(a), plain(b), shared, first_moves, expected);
    }
}

#[test]
fn an_eye_takes_the_shared_liberties() {
    for (first, second, shared, first_moves, expected) in [
        // One eye liberty plus one outside against two outside, three
        // shared: the eye side wins moving first or second.
        (eyed(2), plain(4), 3, true, Won),
        (eyed(2), plain(4), 3, false, Won),
        (plain(4), eyed(2), 3, true, Lost),
        // Eye against eye: the shared liberties count for the defender.
        (eyed(3), eyed(3), 2, true, Seki),
        (eyed(6), eyed(3), 2, true, Won),
    ] {
        let case = "an eye takes the shared liberties";
        check(case, first, second, shared, first_moves, expected);
    }
}

/// The race between the strings at `first` and `second` with the first's
/// colour to move; the board must be restored.
fn race(diagram: &str, first: (usize, usize), second: (usize, usize)) -> SemeaiAnswer {
    race_of_dragons(diagram, &[first], &[second])
}

/// The race between two dragons, each given by its named stone first and
/// its other strings' stones after it, with the first's colour to move;
/// the board must be restored and a second read must agree.
fn race_of_dragons(
    diagram: &str,
    first: &[(usize, usize)],
    second: &[(usize, usize)],
) -> SemeaiAnswer {
    race_with(SemeaiReader::default(), diagram, first, second)
}

/// [`race_of_dragons`] read by `semeai` (its limits).
fn race_with(
    mut semeai: SemeaiReader,
    diagram: &str,
    first: &[(usize, usize)],
    second: &[(usize, usize)],
) -> SemeaiAnswer {
    let mut b = Board::from_diagram(diagram).unwrap();
    let stones = |b: &Board, d: &[(usize, usize)]| -> Vec<Point> {
        d.iter()
            .flat_map(|&(r, c)| b.stones_sorted(b.point(r, c).unwrap()))
            .collect()
    };
    let (sa, sz) = (stones(&b, first), stones(&b, second));
    let (a, z) = (
        b.point(first[0].0, first[0].1).unwrap(),
        b.point(second[0].0, second[0].1).unwrap(),
    );
    let to_move = b.color_at(a).unwrap();
    let before = b.clone();
    let mut reader = Reader::default();
    let first = RaceDragon {
        stones: &sa,
        target: a,
    };
    let second = RaceDragon {
        stones: &sz,
        target: z,
    };
    let answer = semeai.analyze(&mut b, &mut reader, first, second, to_move);
    assert_eq!(b, before, "the board is restored");
    let again = semeai.analyze(&mut b, &mut reader, first, second, to_move);
    assert_eq!(answer, again, "the same question gets the same answer");
    answer
}

/// A white corner in atari inside a black wall that encloses a big area.
pub(crate) const CORNER_IN_ATARI: &str = "
    . O X . X . .
    O O X . X . .
    X X X . X . .
    . . . . X . .
    X X X X X . .
    . . . . . . .
    . . . . . . .";

#[test]
fn the_side_that_captures_and_then_lives_wins() {
    let a = race(CORNER_IN_ATARI, (0, 2), (1, 1));
    assert_eq!(a.outcome, Outcome::Won);
    assert_eq!(a.mv, Some(Point::new(0, 0)));
    assert_eq!(a.defense(), crate::reading::ReadResult::Win);
    assert_eq!(a.attack(), crate::reading::ReadResult::Win);
}

#[test]
fn the_side_in_atari_that_cannot_escape_answers_pass() {
    let a = race(CORNER_IN_ATARI, (1, 1), (0, 2));
    assert_eq!(a.outcome, Outcome::Lost);
    assert_eq!(a.mv, None);
}

/// An independent oracle for the counting rules: the abstract race
/// played out move by move. Each side has `outside` liberties, at most a
/// one-point eye, and both share `shared`; a move fills one of the other
/// side's outside liberties, a shared one (not as suicide) or the other's
/// eye (only as the capturing move), or passes; two passes leave both
/// standing. Returns the value for the first side (positions are
/// remembered in `seen`).
fn played_out(
    seen: &mut HashMap<([usize; 2], usize, usize, bool), Outcome>,
    out: [usize; 2],
    eye: [usize; 2],
    shared: usize,
    mover: usize,
    passed: bool,
) -> Outcome {
    if let Some(&v) = seen.get(&(out, shared, mover, passed)) {
        return v;
    }
    let libs = |out: [usize; 2], s: usize, side: usize| out[side] + eye[side] + s;
    let first_view = |winner: usize| {
        if winner == 0 {
            Outcome::Won
        } else {
            Outcome::Lost
        }
    };
    let other = 1 - mover;
    let mut results = Vec::new();
    if out[other] > 0 {
        let mut o = out;
        o[other] -= 1;
        results.push(if libs(o, shared, other) == 0 {
            first_view(mover)
        } else {
            played_out(seen, o, eye, shared, other, false)
        });
    }
    if shared > 0 {
        if libs(out, shared - 1, other) == 0 {
            results.push(first_view(mover));
        } else if libs(out, shared - 1, mover) > 0 {
            results.push(played_out(seen, out, eye, shared - 1, other, false));
        }
    }
    if eye[other] == 1 && libs(out, shared, other) == 1 {
        results.push(first_view(mover));
    }
    results.push(if passed {
        Outcome::Seki
    } else {
        played_out(seen, out, eye, shared, other, true)
    });
    let v = if mover == 0 {
        results.into_iter().max().unwrap()
    } else {
        results.into_iter().min().unwrap()
    };
    seen.insert((out, shared, mover, passed), v);
    v
}

#[test]
fn the_counting_rules_agree_with_races_played_out() {
    let mut checked = 0;
    for (a, b, s) in (0..6).flat_map(|a| (0..6).flat_map(move |b| (0..5).map(move |s| (a, b, s)))) {
        for (ea, eb) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            if a + ea + s == 0 || b + eb + s == 0 {
                continue;
            }
            for first_moves in [true, false] {
                let mover = usize::from(!first_moves);
                let want = played_out(&mut HashMap::new(), [a, b], [ea, eb], s, mover, false);
                let got = outcome(
                    Tally {
                        own: a + ea,
                        eye: ea == 1,
                    },
                    Tally {
                        own: b + eb,
                        eye: eb == 1,
                    },
                    s,
                    first_moves,
                );
                assert_eq!(
                    got, want,
                    "outside {a}/{b}, eyes {ea}/{eb}, shared {s}, first moves {first_moves}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 400);
}

#[test]
fn race_values_without_ko_are_the_three_outcomes() {
    use crate::reading::ReadResult::{Fail, Win};
    for (outcome, defense, attack) in [
        (Outcome::Lost, Fail, Fail),
        (Outcome::Seki, Win, Fail),
        (Outcome::Won, Win, Win),
    ] {
        let v = RaceValue::of(outcome);
        assert_eq!((v.defense, v.attack), (defense, attack));
        assert_eq!(v.outcome(), outcome);
    }
}

#[test]
fn a_race_through_a_ko_is_never_a_seki() {
    use crate::reading::ReadResult::{Fail, KoA, KoB, Win};
    let v = |defense, attack| RaceValue { defense, attack };
    assert_eq!(v(KoA, KoA).outcome(), Outcome::Won);
    assert_eq!(v(KoB, KoB).outcome(), Outcome::Lost);
    assert_eq!(v(Win, KoB).outcome(), Outcome::Won);
    assert_eq!(v(KoA, Fail).outcome(), Outcome::Lost);
}

/// GNU Go's semeai6 (semeai.tst 1-4): the black string around K1 (an eye)
/// and the white one around O1 (an eye) share M1-M4, and each has other
/// liberties in one-point spaces beside a third group's stones (H2, J3,
/// K3 beside the white G column; O3-O5, P3, Q1, Q2 beside the black P/R
/// group). Those spaces are worth no eye: they are plain liberties, not
/// one big eye, and neither side can fill the shared ones first: seki.
const SEMEAI6: &str = "
    . O . . . O . . . . . . . . . . . . .
    O O . . . O . . . . . . . . . . . . .
    . O . . . O . . . . . . . . . . . . .
    O O O O O O O O O O O O O O O O O O O
    . . . . . O . . . . . . . . . X X X X
    X X X X X O X X X X X X X X X X . . .
    . . . . O X X . . . . . . . . X . . .
    O O O O O X . . . . . . . . . X . . .
    . O X X O X . . . . . . . . . X . . .
    O O O X X X . . . . . . . . . X . . .
    X O X X . X X . . . . . . . . X . . .
    X X X X O O X X . . . . . . . X . . .
    . X . X O . O X X X X X X . . X . . .
    X X X X O O O O O O O O X X X X . . .
    X . O O X . O . O X X X O . X . X . .
    X . O . X . O O O O X . O . X X X . .
    X . O . X . O . . . X . O . . . X . .
    X X O . X . O . X X X . O O O . X X X
    X X O . X . O X X . X . O . O . X . .";

#[test]
fn liberties_in_spaces_worth_no_eye_are_not_one_big_eye() {
    for (first, second) in [((18, 10), (18, 12)), ((18, 12), (18, 10))] {
        let a = race(SEMEAI6, first, second);
        assert_eq!(a.outcome, Outcome::Seki, "{first:?} against {second:?}");
    }
}

/// A white string on the top edge without an eye and with four
/// liberties, all shared with the black wall below it (enclosed by a
/// living white group, with nine liberties of its own), and a black stone
/// at the white string's end whose two liberties are both the wall's: it
/// cannot be captured before the wall. It is the black dragon's weakest
/// string in contact, but the race is the wall's: black wins whoever
/// moves first.
const STONE_AT_THE_END: &str = "
    O O O O O X .
    . . . X . . X
    X X X X X X X
    . . . . . . .
    O O O O O O O
    . . . . . . .
    . O . . . O .";

#[test]
fn a_dragon_with_two_strings_in_contact_is_read_not_counted_on_the_weaker() {
    let black = [(2, 0), (0, 5)];
    let white = [(0, 0)];
    let a = race_of_dragons(STONE_AT_THE_END, &black, &white);
    assert_eq!(a.outcome, Outcome::Won, "black moves first: {a:?}");
    let a = race_of_dragons(STONE_AT_THE_END, &white, &black);
    assert_eq!(a.outcome, Outcome::Lost, "white moves first: {a:?}");
}

/// A black dragon on the right edge whose eye space (a pyramid of four)
/// holds a white stone at its centre, racing the white string of column
/// 3, which a living black wall encloses on the left.
const NAKADE_INSIDE: &str = "
    . X . O X X X
    . X X O X X .
    . X . O X . O
    . X X O X X .
    . X . O X X X
    X X X O X X X
    . X . O X X X";

#[test]
fn an_enemy_stone_inside_a_dragon_makes_its_space_an_eye_less_the_stone() {
    use crate::board::Color::{Black, White};
    use crate::owl::life::goal_strings;
    use crate::semeai::count::{invaders, tally};
    let b = Board::from_diagram(NAKADE_INSIDE).unwrap();
    let goal_of = |b: &Board, p: Point| {
        let mut g = vec![false; crate::board::BOARD_ARRAY];
        for q in b.stones(p) {
            g[q.idx()] = true;
        }
        g
    };
    let (s, t) = (b.point(0, 4).unwrap(), b.point(0, 3).unwrap());
    let (black, white) = (goal_of(&b, s), goal_of(&b, t));
    let inside = invaders(&b, &goal_strings(&b, &black, Black), &black, Black, &white);
    assert_eq!(inside, vec![b.point(2, 6).unwrap()]);
    // The pyramid four takes five moves to fill; the stone in it is one
    // of them: four, and an eye (the three empty points alone would be
    // three outside liberties).
    assert_eq!(tally(&b, s, t, None, &inside), eyed(4));
    assert_eq!(tally(&b, s, t, None, &[]), plain(3));
    // The white string's enclosing wall (the black strings on the left)
    // touches points no white goal stone borders: no invader.
    let white_inside = invaders(&b, &goal_strings(&b, &white, White), &white, White, &black);
    assert!(white_inside.is_empty());
    // With the space empty the black dragon holds no invader.
    let mut empty = b.clone();
    empty.remove_stone(b.point(2, 6).unwrap());
    let strings = goal_strings(&empty, &black, Black);
    assert!(invaders(&empty, &strings, &black, Black, &white).is_empty());
}

/// A white string on the bottom edge under a black wall, with an eye
/// (the point between its two feet) and two other liberties: the left
/// corner, shared with the wall, and the point beside the lone black
/// stone on the right. A black stone there would join that stone and
/// stand in atari on the corner point, which is not the white string's:
/// black must approach there first.
const APPROACH_NEEDED: &str = "
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    X X X X X X X
    X O O O O O X
    . O . O . X .";

#[test]
fn a_liberty_the_other_side_must_approach_counts_two_moves() {
    use crate::semeai::count::{approach_move, tally};
    let b = Board::from_diagram(APPROACH_NEEDED).unwrap();
    let p = |r, c| b.point(r, c).unwrap();
    let (white, wall) = (p(5, 1), p(4, 0));
    assert_eq!(
        approach_move(&b, p(6, 4), Color::Black, white),
        Some(p(6, 6))
    );
    assert_eq!(approach_move(&b, p(6, 0), Color::Black, white), None);
    // The eye point (a suicide for black) is one move; the approached
    // liberty two; the corner is shared.
    assert_eq!(tally(&b, white, wall, None, &[]), plain(3));
    assert_eq!(count::shared_liberties(&b, white, wall), 1);
}

/// The exact solver's check behind the owl's kill of a capturer: a
/// corner group enclosed by a wall with two separate eyes is proved to
/// live; one with a two-point eye space is not (the attacker kills it
/// moving first); the board is restored after each.
#[test]
fn the_exact_check_of_a_captor_proves_only_a_living_group() {
    const TWO_EYES: &str = "
        . X . X O . .
        X X X X O . .
        O O O O O . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    const TWO_POINT_SPACE: &str = "
        . . X O . . .
        X X X O . . .
        O O O O . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";
    for (diagram, black, white, lives) in [
        (TWO_EYES, (1, 1), (2, 0), true),
        (TWO_POINT_SPACE, (1, 1), (2, 0), false),
    ] {
        let mut b = Board::from_diagram(diagram).unwrap();
        let before = b.clone();
        let (x, o) = (
            b.point(black.0, black.1).unwrap(),
            b.point(white.0, white.1).unwrap(),
        );
        let (sx, so) = (b.stones_sorted(x), b.stones_sorted(o));
        let mut semeai = SemeaiReader::default();
        let mut reader = Reader::default();
        let first = RaceDragon {
            stones: &sx,
            target: x,
        };
        let second = RaceDragon {
            stones: &so,
            target: o,
        };
        let mut s = crate::semeai::search::Search::new(&mut semeai, &mut reader, &b, first, second);
        assert_eq!(s.proved_alive(&mut b, x), lives, "{diagram}");
        assert_eq!(b, before, "the board is restored");
    }
}

/// A white string of three stones in the corner inside a black dragon,
/// which a living white wall encloses. Black has seven outside
/// liberties to the string's one and four shared, and captures it
/// first; but the capture leaves it a three-point space with its own
/// corner stone in it, one eye, and by then the wall has filled all but
/// one outside liberty: black dies whoever moves first. The count alone
/// calls the race black's.
const INNER_STRING: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    O O O O O O . . .
    . . . O O O . . .
    X X X . O O . . .
    . . X X . O . . .
    O O . X . O . . .
    . O . X . O . . .";

#[test]
fn capturing_a_string_inside_leaves_the_captor_too_little_to_live() {
    let (black, white) = ((5, 0), (7, 0));
    let a = race(INNER_STRING, black, white);
    assert_eq!(a.outcome, Outcome::Lost, "black moves first: {a:?}");
    let a = race(INNER_STRING, white, black);
    assert_eq!(a.outcome, Outcome::Won, "white moves first: {a:?}");
}

/// A root move whose reading runs out of nodes is estimated in part (by
/// counting, without the eyes): with a budget too small to read every
/// root move, the seki of [`SEMEAI6`] read out by the first moves is not
/// outbid by a kill that the starved last moves only count.
#[test]
fn a_starved_root_move_does_not_outbid_one_read_out() {
    use crate::semeai::SemeaiConfig;
    let semeai = SemeaiReader::new(SemeaiConfig {
        node_limit: 4,
        ..SemeaiConfig::default()
    });
    let answer = race_with(semeai, SEMEAI6, &[(18, 12)], &[(18, 10)]);
    assert!(!answer.certain);
    assert_eq!(answer.outcome, Outcome::Seki, "{answer:?}");
}

/// A white string under a black one, with a liberty beside a white
/// stone that is not in the race: black may fill it (its stone there
/// joins the black string), but white's stone there joins the outside
/// stone and gains its liberties. The count takes that liberty for one
/// move of either side: the race is read, not counted.
#[test]
fn a_liberty_beside_a_friend_outside_the_race_is_no_plain_liberty() {
    const FRIEND_BESIDE: &str = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        X X X X X . .
        O O O . O . .
        . . . . . . .
        . . . . . . .";
    let b = Board::from_diagram(FRIEND_BESIDE).unwrap();
    let (x, o) = (b.point(3, 0).unwrap(), b.point(4, 0).unwrap());
    let (sx, so) = (b.stones_sorted(x), b.stones_sorted(o));
    let goal = |stones: &[Point]| {
        let mut g = vec![false; crate::board::BOARD_ARRAY];
        for p in stones {
            g[p.idx()] = true;
        }
        g
    };
    let goals = [goal(&sx), goal(&so)];
    assert!(b.is_legal(b.point(4, 3).unwrap(), Color::Black));
    let mut semeai = SemeaiReader::default();
    let mut reader = Reader::default();
    let first = RaceDragon {
        stones: &sx,
        target: x,
    };
    let second = RaceDragon {
        stones: &so,
        target: o,
    };
    let s = crate::semeai::search::Search::new(&mut semeai, &mut reader, &b, first, second);
    assert!(s.has_outside_friend(&b, &goals, 1, o));
    assert!(!s.has_outside_friend(&b, &goals, 0, x));
}
