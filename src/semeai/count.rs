//! Counting a capturing race: each side's outside liberties, eye
//! liberties and the liberties both share decide a plain race (no eye to
//! make or destroy, no string to capture on the way) without reading it
//! move by move. An enemy stone inside a dragon ([`invaders`], a nakade
//! played into its eye space) makes its space an eye: the size's
//! liberties less the stones in it.
//!
//! GNU Go counterpart: the liberty counting of `do_owl_analyze_semeai`
//! (`count_variations` aside), which compares the dragons' "safe"
//! liberties. The rules here are the textbook ones for races between two
//! strings:
//! - Each side's figure is taken on its string in contact with the other
//!   dragon that has the fewest liberties (the search counts only races
//!   in which each dragon touches the other with one string; a cut-off
//!   line is estimated on the weakest). Its liberties split into
//!   *shared* ones (also liberties of the other side's string), *eye*
//!   liberties (inside one of its eyes proper, the eye spaces worth an
//!   eye, counted when the dragon has an eye: each such eye of n empty
//!   points takes 1, 2, 3, 5, 8, 12 moves to fill for n = 1..6) and
//!   *outside* ones (the rest, the points of eye spaces worth no eye
//!   included: one-point gaps beside the other side's stones, dame
//!   shared with a third dragon are plain liberties, one move each).
//! - An outside liberty the other side cannot fill at once - its stone
//!   there would join a string of its own and leave it in atari without
//!   capturing, on a last liberty that is not the counted string's -
//!   takes two moves: an *approach* first ([`approach_move`]), then the
//!   fill. A lone stone in atari there is not counted so: the reading
//!   finds that approach (a candidate), and counting it too lost five
//!   semeai.tst tests and gained one (2026-11-28).
//! - With `A` and `B` the mover's and the other side's outside plus eye
//!   liberties and `s` the shared ones, the mover captures the other if
//!   - neither has an eye: `A >= B` when `s <= 1`, else `A >= B + s - 1`;
//!   - only the mover has an eye (the shared ones count for it):
//!     `A + s >= B`;
//!   - only the other has one, or both have: `A >= B + s`.
//! - The side moving second needs one liberty more. When neither side can
//!   capture, both stay: a seki.

use crate::board::{Board, Color, Point, PointList};
use crate::owl::life::{goal_strings, Life};
use crate::reading::libs::accuratelib_list;
use crate::semeai::Outcome;

/// Moves it takes to fill an eye space of n points (a big eye gives
/// more liberties than its size): index n.
const EYE_LIBERTIES: [usize; 7] = [0, 1, 2, 3, 5, 8, 12];

/// One side's liberties in a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Outside liberties plus eye liberties.
    pub own: usize,
    /// The side has an eye.
    pub eye: bool,
}

/// The weakest string of `goal` (of `color`) in contact with the other
/// goal: the fewest liberties, then the lowest origin. `None` when the
/// goal has no stone on the board.
pub fn weakest_contact(
    board: &Board,
    goal: &[bool],
    color: Color,
    other_goal: &[bool],
) -> Option<Point> {
    let own = goal_strings(board, goal, color);
    let contact = contact_strings(board, &own, other_goal);
    let pool = if contact.is_empty() { &own } else { &contact };
    pool.iter().copied().min_by_key(|&s| (board.countlib(s), s))
}

/// The strings among `strings` (a goal's, by origin) next to a stone of
/// the other goal.
pub fn contact_strings(board: &Board, strings: &[Point], other_goal: &[bool]) -> Vec<Point> {
    let mut buf = Vec::new();
    strings
        .iter()
        .copied()
        .filter(|&s| {
            board.adjacent_chains(s, &mut buf);
            buf.iter().any(|&n| other_goal[n.idx()])
        })
        .collect()
}

/// The liberties of string `s` shared with string `t`.
pub fn shared_liberties(board: &Board, s: Point, t: Point) -> usize {
    board.count_common_libs(s, t)
}

/// The tally of string `s` (owned by the side `life` judges; no
/// judgement: no eye) against string `t` of the other side. `invaders`
/// ([`invaders`]) are enemy stones inside the side's dragon: the space
/// of each, its stones and liberties, is an eye whose liberties are
/// those of an eye of its size less the stones already in it.
pub fn tally(board: &Board, s: Point, t: Point, life: Option<&Life>, invaders: &[Point]) -> Tally {
    let libs = board.liberties_sorted(s);
    let filler = board.color_at(t);
    let mut eye = life.is_some_and(|l| l.min_eyes >= 1);
    let mut outside = 0;
    // The eyes proper (spaces worth an eye) that hold a liberty of `s`:
    // each is filled in the moves its size takes. The other eye spaces'
    // points are plain liberties.
    let mut eye_libs = 0;
    let eyes: &[Vec<Point>] = match life {
        Some(l) if eye => &l.eyes,
        _ => &[],
    };
    let mut counted = vec![false; eyes.len()];
    let mut invaded = vec![false; invaders.len()];
    for l in libs {
        if board.is_liberty_of(l, t) {
            continue;
        }
        if let Some(i) = invaders.iter().position(|&n| board.is_liberty_of(l, n)) {
            if !invaded[i] {
                invaded[i] = true;
                eye = true;
                let stones = board.chain_size(invaders[i]);
                let n = stones + board.countlib(invaders[i]);
                eye_libs += (eye_liberties(n)).saturating_sub(stones).max(1);
            }
            continue;
        }
        match eyes.iter().position(|e| e.contains(&l)) {
            Some(i) => {
                if !counted[i] {
                    counted[i] = true;
                    let n = eyes[i]
                        .iter()
                        .filter(|&&p| board.is_empty(p))
                        .count()
                        .max(1);
                    eye_libs += eye_liberties(n);
                }
            }
            None if filler.is_some_and(|f| {
                l.neighbors().iter().any(|&n| board.cell(n).is(f))
                    && approach_move(board, l, f, s).is_some()
            }) =>
            {
                outside += 2
            }
            None => outside += 1,
        }
    }
    Tally {
        own: outside + eye_libs,
        eye,
    }
}

/// The approach a liberty `l` of the string `s` needs before `filler`
/// (the other side) can fill it: when a stone of `filler` on `l` would
/// stand in atari without capturing, with its last liberty not one of
/// `s` (the fill would be captured before it mattered), that last
/// liberty, to be taken first; `None` when `l` can be filled at once.
pub fn approach_move(board: &Board, l: Point, filler: Color, s: Point) -> Option<Point> {
    let mut after = PointList::new();
    if accuratelib_list(board, l, filler, 2, &mut after) != 1 {
        return None;
    }
    let last = after.as_slice()[0];
    (!board.is_liberty_of(last, s)).then_some(last)
}

/// Moves it takes to fill an eye space of `n` points.
fn eye_liberties(n: usize) -> usize {
    EYE_LIBERTIES[n.min(EYE_LIBERTIES.len() - 1)] + n.saturating_sub(EYE_LIBERTIES.len() - 1) * 4
}

/// Does the mover, with tally `m` against `o` and `shared` liberties,
/// capture the other side? `tempo` is 0 when it moves first, 1 when it
/// moves second.
fn captures(m: Tally, o: Tally, shared: usize, tempo: usize) -> bool {
    let need = match (m.eye, o.eye) {
        (false, false) if shared <= 1 => o.own,
        (false, false) => o.own + shared - 1,
        (true, false) => o.own.saturating_sub(shared),
        _ => o.own + shared,
    };
    m.own >= need + tempo
}

/// The race's outcome for the first side (tally `first`) against the
/// second, `first_moves` saying who moves first.
pub fn outcome(first: Tally, second: Tally, shared: usize, first_moves: bool) -> Outcome {
    let (t0, t1) = if first_moves { (0, 1) } else { (1, 0) };
    let first_wins = captures(first, second, shared, t0);
    let second_wins = captures(second, first, shared, t1);
    match (first_wins, second_wins) {
        (true, false) => Outcome::Won,
        (false, true) => Outcome::Lost,
        // Both "win" only where the rules overlap at a tie: the mover's.
        (true, true) if first_moves => Outcome::Won,
        (true, true) => Outcome::Lost,
        (false, false) => Outcome::Seki,
    }
}

/// The enemy strings other than the other dragon's that sit inside the
/// dragon (`strings`, the goal `goal` of `color`), by origin: next to
/// one of its strings or liberties, with every liberty beside a goal
/// stone and every stone they touch a goal stone. Such a stone (a nakade
/// placed in its eye space) is no wall: the dragon may capture it and
/// take its points back as liberties ([`tally`] counts its space as an
/// eye).
pub fn invaders(
    board: &Board,
    strings: &[Point],
    goal: &[bool],
    color: Color,
    other_goal: &[bool],
) -> Vec<Point> {
    let by_goal = |p: Point| goal[p.idx()] && board.cell(p).is(color);
    let mut found = Vec::new();
    let enemy = color.opponent();
    let mut libs = Vec::new();
    let mut around = Vec::new();
    let mut seen: Vec<Point> = Vec::new();
    // Inside: every liberty beside a goal stone, every stone it touches
    // a goal stone.
    let mut inside = |n: Point, libs: &mut Vec<Point>| {
        board.findlib(n, libs);
        if !libs
            .iter()
            .all(|l| l.neighbors().iter().any(|&q| by_goal(q)))
        {
            return false;
        }
        board.adjacent_chains(n, &mut around);
        around.iter().all(|&c| by_goal(c))
    };
    let mut adjacent = Vec::new();
    for &s in strings {
        board.adjacent_chains(s, &mut adjacent);
        let mut candidates: Vec<Point> = adjacent.clone();
        board.findlib(s, &mut libs);
        for &l in &libs {
            for q in l.neighbors() {
                if board.cell(q).is(enemy) {
                    candidates.push(board.origin(q));
                }
            }
        }
        for n in candidates {
            if other_goal[n.idx()] || seen.contains(&n) {
                continue;
            }
            seen.push(n);
            if inside(n, &mut libs) {
                found.push(n);
            }
        }
    }
    found
}
