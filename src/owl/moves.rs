//! Candidate moves of the owl search, from what a [`Life`] judgement says
//! about the position, each with a value; the search tries the most
//! valuable first.
//!
//! GNU Go counterpart: the move generation of `do_owl_attack` /
//! `do_owl_defend` in `engine/owl.c` (`owl_shapes` over the pattern
//! databases `owl_attackpats.db`, `owl_defendpats.db`, `owl_vital_apats.db`,
//! plus the vital moves of `owl_estimate_life` and the lunch moves). No
//! patterns here: the moves and their order come from the eye values, the
//! tactical reader and the shape of the goal's surroundings.
//!
//! | source | attacker | owner |
//! |---|---|---|
//! | vital point of an unsettled eye space | 100+ | 100+ |
//! | goal string capturable | capture 95 | save 95 |
//! | lunch | save it 80 | capture 90 (70 when already dead) |
//! | half eye key point | 85 | 85 |
//! | margin of the eye space | 55 | 50 |
//! | point of the eye space | 40 + 5 x neighbours in the space | - |
//! | liberty of the goal | 30 (45 on the way out) | 35 (45 on the way out) |
//! | next to the eye space, outside | 25 | 40 |
//! | point on the only way out (block / run) | 88 | 88 |
//! | the forbidden ko recapture near the goal | 105 | 105 |
//! | the other side's vital points | their value - 30 | their value - 30 |
//!
//! The search also merges in the other side's three best candidates, 30
//! lower ([`with_borrowed`]): the point the opponent most wants is often
//! the one to take first.
//!
//! Among candidates of equal value (most often margins of one big eye
//! space, all worth the same), the one touching more points of the eye
//! space (its points and margins, orthogonally) comes first: it takes or
//! guards more of the space. Then the one where the mover's stone would
//! have fewer liberties (a placement inside rather than a move from
//! outside), then the one with more of the space two steps away, then
//! the least code of the 5x5 shape around it over the board's eight
//! symmetries. None of these depends on how the board is turned, so a
//! position read rotated or mirrored gets the same candidates in the
//! same order (only points whose surroundings are mirror images of each
//! other are left to board order). Before 2026-11-30 the last tie-break was board order: the
//! owl then passed 191 of owl.tst's tests as the suite stands but 181 to
//! 187 on its seven rotations and mirror images
//! (`scripts/symmetry-check.sh`), luck of the orientation; the eye
//! solver's vital points of one rank ([`crate::eyes::value::EyeSolution`]'s
//! tiers) likewise took their order, and one value point each, from
//! board order.
//!
//! A move that puts its own string in atari without capturing loses 40,
//! unless it is a vital point or a point of the eye space (throw-ins and
//! placements are how eyes are destroyed).

use crate::board::{marked_points, Board, Color, Point, PointList, BOARD_ARRAY};
use crate::owl::life::{Life, Suggestion};

/// Value lost by a self-atari that is neither vital nor inside the eye
/// space.
const SELF_ATARI_PENALTY: i32 = 40;

/// A point on the goal's only way out (a liberty of the goal; one less
/// for each step of the way further out): the attacker blocks there, the
/// owner runs through it.
const CUT_POINT_VALUE: i32 = 88;

/// An opponent's vital point is worth this much less than one's own.
const OPPONENT_VITAL_DISCOUNT: i32 = 30;

/// Collects candidates, keeping the best value per point.
struct Candidates {
    value: Vec<i32>,
    points: Vec<Point>,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            value: vec![i32::MIN; BOARD_ARRAY],
            points: Vec::new(),
        }
    }

    fn add(&mut self, board: &Board, p: Point, value: i32) {
        if !board.on_board(p) || !board.is_empty(p) {
            return;
        }
        let slot = &mut self.value[p.idx()];
        if *slot == i32::MIN {
            self.points.push(p);
        }
        *slot = (*slot).max(value);
    }

    fn add_all(&mut self, board: &Board, s: &[Suggestion]) {
        for x in s {
            self.add(board, x.point, x.value);
        }
    }

    /// Moves for `color` (legal, or ko captures forbidden only by the ko
    /// rule), best first, with the self-atari penalty applied. Ties are
    /// broken as [`order_ties`] says, whatever the board's orientation.
    fn ranked(
        self,
        board: &Board,
        color: Color,
        protected: &[bool],
        space: &[bool],
    ) -> Vec<(Point, i32)> {
        let mut out: Vec<(Point, i32)> = Vec::new();
        for &p in &self.points {
            // A ko capture the ko rule forbids now stays: the search may
            // take it as after a ko threat.
            if !board.is_legal_ignoring_ko(p, color) {
                continue;
            }
            let mut v = self.value[p.idx()];
            if !protected[p.idx()] && is_self_atari(board, p, color) {
                v -= SELF_ATARI_PENALTY;
            }
            out.push((p, v));
        }
        order_ties(board, color, space, &mut out);
        out
    }
}

/// Sorts candidates best first. Among equal values: the point with more
/// orthogonal neighbours in `space` (the eye space's points and margins)
/// first, then [`tie_key`]. None of the keys depends on how the board is
/// turned (see the module docs).
fn order_ties(board: &Board, color: Color, space: &[bool], out: &mut [(Point, i32)]) {
    let contacts = |p: Point| p.neighbors().iter().filter(|q| space[q.idx()]).count();
    out.sort_by_key(|&(p, v)| (std::cmp::Reverse(v), std::cmp::Reverse(contacts(p)), p));
    // The finer keys only within runs the coarser ones leave tied (most
    // lists have few ties; the shape's code is the dearest key, so it is
    // computed last and only where the others tie).
    let mut start = 0;
    while start < out.len() {
        let head = (out[start].1, contacts(out[start].0));
        let mut end = start + 1;
        while end < out.len() && (out[end].1, contacts(out[end].0)) == head {
            end += 1;
        }
        if end - start > 1 {
            let run = &mut out[start..end];
            let mut keyed: Vec<(TieKey, (Point, i32))> = run
                .iter()
                .map(|&c| (tie_key(board, color, space, c.0), c))
                .collect();
            keyed.sort_by_key(|&(k, (p, _))| (k, p));
            sort_runs(
                &mut keyed,
                |a, b| a.0 == b.0,
                |&(_, (p, _))| (local_shape_code(board, p, color, space), p),
            );
            for (slot, (_, c)) in run.iter_mut().zip(keyed) {
                *slot = c;
            }
        }
        start = end;
    }
}

/// Sorts each run of consecutive elements that `tied` pairs up by `key`
/// (stable), leaving the order between runs as it is.
fn sort_runs<T, K: Ord>(
    list: &mut [T],
    tied: impl Fn(&T, &T) -> bool,
    mut key: impl FnMut(&T) -> K,
) {
    let mut start = 0;
    while start < list.len() {
        let mut end = start + 1;
        while end < list.len() && tied(&list[start], &list[end]) {
            end += 1;
        }
        if end - start > 1 {
            list[start..end].sort_by_cached_key(&mut key);
        }
        start = end;
    }
}

/// [`tie_key`]'s answer: the mover's liberties there, then (reversed,
/// more first) the points of the space two steps away.
type TieKey = (usize, std::cmp::Reverse<usize>);

/// The tie-break of [`order_ties`] after value and contacts: fewer
/// liberties for the mover's stone, then more points of `space` at two
/// steps (the local shape's code and board order come after, for the
/// runs this leaves tied).
fn tie_key(board: &Board, color: Color, space: &[bool], p: Point) -> TieKey {
    let mut second_ring = 0;
    for q in p.neighbors() {
        if board.on_board(q) {
            second_ring += q
                .neighbors()
                .iter()
                .filter(|&&x| x != p && space[x.idx()])
                .count();
        }
    }
    (
        liberties_after(board, p, color, 4),
        std::cmp::Reverse(second_ring),
    )
}

/// The 5x5 surroundings of `p` (the mover's stones, the other side's,
/// empty points of `space`, other empty points, off the board) as a
/// number, the least over the board's eight symmetries: the same however
/// the board is turned.
fn local_shape_code(board: &Board, p: Point, color: Color, space: &[bool]) -> u64 {
    let n = board.size() as isize;
    let (r, c) = (p.row() as isize, p.col() as isize);
    // The cells row by row, each 0-4.
    let mut cells = [0u8; 25];
    for (i, cell) in cells.iter_mut().enumerate() {
        let (rr, cc) = (r + (i / 5) as isize - 2, c + (i % 5) as isize - 2);
        *cell = if rr < 0 || cc < 0 || rr >= n || cc >= n {
            3
        } else {
            let q = Point::new(rr as usize, cc as usize);
            match board.color_at(q) {
                Some(x) if x == color => 1,
                Some(_) => 2,
                None if space[q.idx()] => 4,
                None => 0,
            }
        };
    }
    let mut best = u64::MAX;
    for symmetry in 0..8 {
        let mut code = 0u64;
        for i in 0..5isize {
            for j in 0..5isize {
                // Read cell (i, j) of the turned square.
                let (a, b) = match symmetry {
                    0 => (i, j),
                    1 => (j, 4 - i),
                    2 => (4 - i, 4 - j),
                    3 => (4 - j, i),
                    4 => (i, 4 - j),
                    5 => (4 - i, j),
                    6 => (j, i),
                    _ => (4 - j, 4 - i),
                };
                code = code * 5 + u64::from(cells[(a * 5 + b) as usize]);
            }
        }
        best = best.min(code);
    }
    best
}

/// The points of the goal's eye space and its margins, as a board map.
fn space_map(life: &Life) -> [bool; BOARD_ARRAY] {
    let mut space = [false; BOARD_ARRAY];
    for &p in life.eye_points.iter().chain(&life.margins) {
        space[p.idx()] = true;
    }
    space
}

/// Would a stone of `color` at the empty point `p` stand in atari
/// without capturing anything?
fn is_self_atari(board: &Board, p: Point, color: Color) -> bool {
    !board.does_capture_something(p, color) && liberties_after(board, p, color, 2) < 2
}

/// The liberties a stone of `color` at the empty point `p` would have
/// before any capture (its empty neighbours and those of the own strings
/// it joins), counted up to `cap`.
pub fn liberties_after(board: &Board, p: Point, color: Color, cap: usize) -> usize {
    // On the stack: the owl asks this of every candidate at every node.
    let mut libs = PointList::new();
    let add = |q: Point, libs: &mut PointList| {
        if q != p && !libs.as_slice().contains(&q) {
            libs.push(q);
        }
    };
    for n in p.neighbors() {
        if board.is_empty(n) {
            add(n, &mut libs);
        } else if board.cell(n).is(color) {
            board.for_each_lib(n, |l| {
                add(l, &mut libs);
                libs.as_slice().len() < cap
            });
        }
        if libs.as_slice().len() >= cap {
            break;
        }
    }
    libs.as_slice().len()
}

/// The attacker's candidates against the goal, best first.
pub fn attack_moves(board: &Board, goal: &[bool], color: Color, life: &Life) -> Vec<(Point, i32)> {
    let attacker = color.opponent();
    let mut c = Candidates::new();
    let mut protected = [false; BOARD_ARRAY];
    c.add_all(board, &life.attacks);
    for s in &life.attacks {
        protected[s.point.idx()] = true;
    }
    // The owner's vital points are the attacker's too.
    for s in &life.defenses {
        c.add(board, s.point, s.value - OPPONENT_VITAL_DISCOUNT);
        protected[s.point.idx()] = true;
    }
    for w in &life.weak {
        if let Some(a) = w.attack_point {
            c.add(board, a, if w.defense_point.is_none() { 95 } else { 90 });
            protected[a.idx()] = true;
        }
    }
    for l in &life.lunches {
        if let Some(d) = l.defense_point {
            c.add(board, d, 80);
        }
    }
    let mut in_space = [false; BOARD_ARRAY];
    for &p in &life.eye_points {
        in_space[p.idx()] = true;
        protected[p.idx()] = true;
    }
    for &p in &life.margins {
        c.add(board, p, 55);
    }
    for &p in &life.eye_points {
        let n = p.neighbors().iter().filter(|q| in_space[q.idx()]).count() as i32;
        c.add(board, p, 40 + 5 * n);
    }
    for (&p, &steps) in life.cut_points.iter().zip(&life.cut_point_steps) {
        c.add(board, p, CUT_POINT_VALUE + 1 - i32::from(steps));
    }
    let on_way_out = on_way_out(life);
    for p in goal_liberties(board, goal, color) {
        let v = if on_way_out[p.idx()] { 45 } else { 30 };
        c.add(board, p, v);
    }
    for &p in &life.eye_points {
        for n in p.neighbors() {
            if board.is_empty(n) && !in_space[n.idx()] {
                c.add(board, n, 25);
            }
        }
    }
    add_ko_recapture(board, goal, &mut c, &mut protected);
    c.ranked(board, attacker, &protected, &space_map(life))
}

/// The ko recapture the rule forbids right now, when the ko is next to
/// the goal's surroundings: worth trying first (the search takes it as
/// after a ko threat, where the komaster scheme allows).
fn add_ko_recapture(board: &Board, goal: &[bool], c: &mut Candidates, protected: &mut [bool]) {
    let k = board.ko_point();
    if !k.is_some() || !board.on_board(k) || !board.is_empty(k) {
        return;
    }
    let near = board
        .points()
        .any(|q| goal[q.idx()] && board.is_stone(q) && q.distance(k) <= 3);
    if near {
        c.add(board, k, 105);
        protected[k.idx()] = true;
    }
}

/// The owner's candidates for the goal, best first.
pub fn defense_moves(board: &Board, goal: &[bool], color: Color, life: &Life) -> Vec<(Point, i32)> {
    let mut c = Candidates::new();
    let mut protected = [false; BOARD_ARRAY];
    c.add_all(board, &life.defenses);
    for s in &life.defenses {
        protected[s.point.idx()] = true;
    }
    for s in &life.attacks {
        c.add(board, s.point, s.value - OPPONENT_VITAL_DISCOUNT);
    }
    for w in &life.weak {
        if let Some(d) = w.defense_point {
            c.add(board, d, 95);
            protected[d.idx()] = true;
        }
    }
    for l in &life.lunches {
        if let Some(a) = l.attack_point {
            c.add(board, a, if l.defense_point.is_some() { 90 } else { 70 });
            protected[a.idx()] = true;
        }
    }
    let mut in_space = [false; BOARD_ARRAY];
    for &p in &life.eye_points {
        in_space[p.idx()] = true;
    }
    for &p in &life.margins {
        c.add(board, p, 50);
    }
    for (&p, &steps) in life.cut_points.iter().zip(&life.cut_point_steps) {
        c.add(board, p, CUT_POINT_VALUE + 1 - i32::from(steps));
    }
    let on_way_out = on_way_out(life);
    for p in goal_liberties(board, goal, color) {
        let v = if on_way_out[p.idx()] { 45 } else { 35 };
        c.add(board, p, v);
    }
    for &p in &life.eye_points {
        for n in p.neighbors() {
            if board.is_empty(n) && !in_space[n.idx()] {
                c.add(board, n, 40);
            }
        }
    }
    add_ko_recapture(board, goal, &mut c, &mut protected);
    c.ranked(board, color, &protected, &space_map(life))
}

fn on_way_out(life: &Life) -> Vec<bool> {
    let mut out = vec![false; BOARD_ARRAY];
    for &p in &life.escape_moves {
        out[p.idx()] = true;
    }
    out
}

/// The liberties of the goal's stones, in board order.
pub fn goal_liberties(board: &Board, goal: &[bool], color: Color) -> Vec<Point> {
    let mut out = goal_liberties_as_met(board, goal, color);
    out.sort();
    out
}

/// The liberties of the goal's stones in the order a walk over the goal
/// meets them (its stones in board order, each one's neighbours in
/// [`Point::neighbors`] order): the owl's escape walks start from them.
pub fn goal_liberties_as_met(board: &Board, goal: &[bool], color: Color) -> Vec<Point> {
    let mut seen = [false; BOARD_ARRAY];
    let mut out = Vec::new();
    for p in marked_points(goal) {
        if !board.cell(p).is(color) {
            continue;
        }
        for n in p.neighbors() {
            if board.is_empty(n) && !seen[n.idx()] {
                seen[n.idx()] = true;
                out.push(n);
            }
        }
    }
    out
}

/// How many of the other side's best candidates join a side's list.
const BORROWED_MOVES: usize = 3;

/// A side's candidates merged with the other side's best ones (worth
/// `OPPONENT_VITAL_DISCOUNT` less): the point the opponent most wants
/// is often the one to take first. Best first; among equal values the
/// side's own candidates keep their order, and the borrowed ones follow.
pub fn with_borrowed(
    board: &Board,
    own: Vec<(Point, i32)>,
    theirs: &[(Point, i32)],
    color: Color,
) -> Vec<(Point, i32)> {
    let mut out = own;
    for &(p, v) in theirs.iter().take(BORROWED_MOVES) {
        if !board.is_legal_ignoring_ko(p, color) {
            continue;
        }
        let v = v - OPPONENT_VITAL_DISCOUNT;
        match out.iter_mut().find(|(q, _)| *q == p) {
            Some(e) => e.1 = e.1.max(v),
            None => out.push((p, v)),
        }
    }
    // A stable sort: ties keep the order `ranked` gave them.
    out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_point_touching_more_of_the_eye_space() {
        let board = Board::from_diagram(
            ". . . . .
             . . . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let corner = Point::new(0, 0);
        let centre = Point::new(2, 2);
        let better = Point::new(4, 4);
        // The centre touches four points of the space, the corner one.
        let mut space = [false; BOARD_ARRAY];
        for q in centre.neighbors() {
            space[q.idx()] = true;
        }
        space[Point::new(0, 1).idx()] = true;
        let mut c = Candidates::new();
        c.add(&board, corner, 50);
        c.add(&board, centre, 50);
        c.add(&board, better, 60);
        let protected = [true; BOARD_ARRAY];
        let ranked: Vec<Point> = c
            .ranked(&board, Color::Black, &protected, &space)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        // Board order alone would put the corner before the centre.
        assert!(corner < centre);
        assert_eq!(ranked, vec![better, centre, corner]);
    }

    #[test]
    fn borrowed_moves_follow_own_moves_of_equal_value() {
        let board = Board::from_diagram(
            ". . .
             . . .
             . . .",
        )
        .unwrap();
        let own = vec![(Point::new(2, 2), 50), (Point::new(0, 0), 50)];
        let theirs = vec![(Point::new(0, 1), 80), (Point::new(1, 1), 70)];
        let merged = with_borrowed(&board, own, &theirs, Color::Black);
        assert_eq!(
            merged,
            vec![
                (Point::new(2, 2), 50),
                (Point::new(0, 0), 50),
                (Point::new(0, 1), 50),
                (Point::new(1, 1), 40),
            ]
        );
    }
}
