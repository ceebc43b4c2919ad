//! Liberty arithmetic used by the reader's drivers and move ordering: how
//! many liberties a stone would get if played at a point, self-atari
//! tests, neighbour predicates (GNU Go `board.c`: `accuratelib`,
//! `approxlib`, `is_self_atari`, `has_neighbor`).
//!
//! These look at the board without playing the move, so they neither count
//! reading nodes nor touch the undo journal.

use crate::board::{Board, Cell, Color, Point, PointSet};

fn push_unique(out: &mut Vec<Point>, p: Point) {
    if !out.contains(&p) {
        out.push(p);
    }
}

/// Friendly chains (one stone each, distinct chains) next to `p`.
fn friendly_neighbors(board: &Board, p: Point, color: Color) -> ([Point; 4], usize) {
    let mut friends = [Point::NONE; 4];
    let mut n = 0;
    for q in p.neighbors() {
        if board.cell(q).is(color) && !friends[..n].iter().any(|&f| board.same_chain(f, q)) {
            friends[n] = q;
            n += 1;
        }
    }
    (friends, n)
}

/// The liberties a stone of `color` at empty `p` would have, captures
/// taken into account (GNU Go `accuratelib`). `out` receives them.
pub fn accuratelib(board: &Board, p: Point, color: Color, out: &mut Vec<Point>) -> usize {
    out.clear();
    let (friends, n_friends) = friendly_neighbors(board, p, color);
    let friends = &friends[..n_friends];
    let mut caps = [Point::NONE; 4];
    let mut n_caps = 0;
    for q in p.neighbors() {
        match board.cell(q) {
            Cell::Empty => push_unique(out, q),
            c if c.is(color.opponent())
                && board.countlib(q) == 1
                && !caps[..n_caps].iter().any(|&c| board.same_chain(c, q)) =>
            {
                caps[n_caps] = q;
                n_caps += 1;
            }
            _ => {}
        }
    }
    for &f in friends {
        board.for_each_lib(f, |l| {
            if l != p {
                push_unique(out, l);
            }
            true
        });
    }
    for &c in &caps[..n_caps] {
        for q in board.stones(c) {
            let adjacent = q.neighbors().iter().any(|&n| {
                n == p
                    || (board.cell(n).is(color) && friends.iter().any(|&f| board.same_chain(f, n)))
            });
            if adjacent {
                push_unique(out, q);
            }
        }
    }
    out.len()
}

/// Like [`accuratelib`] but ignoring captures (GNU Go `approxlib`).
pub fn approxlib(board: &Board, p: Point, color: Color, out: &mut Vec<Point>) -> usize {
    out.clear();
    let (friends, n_friends) = friendly_neighbors(board, p, color);
    for q in p.neighbors() {
        if board.is_empty(q) {
            push_unique(out, q);
        }
    }
    for &f in &friends[..n_friends] {
        board.for_each_lib(f, |l| {
            if l != p {
                push_unique(out, l);
            }
            true
        });
    }
    out.len()
}

/// The number of liberties a stone of `color` at empty `p` would have,
/// merged with its friendly neighbours, counting the stones it captures
/// (next to the new chain) when `captures` is set, and stopping at `cap`:
/// `min(cap, the length of accuratelib's / approxlib's list)`. Allocates
/// nothing (a bitset on the stack removes duplicates).
pub fn count_libs_after(
    board: &Board,
    p: Point,
    color: Color,
    captures: bool,
    cap: usize,
) -> usize {
    let mut seen = PointSet::new();
    let mut n = 0;
    if cap == 0 {
        return 0;
    }
    for q in p.neighbors() {
        if board.is_empty(q) && seen.insert(q) {
            n += 1;
            if n >= cap {
                return n;
            }
        }
    }
    let (friends, n_friends) = friendly_neighbors(board, p, color);
    let friends = &friends[..n_friends];
    for &f in friends {
        board.for_each_lib(f, |l| {
            if l != p && seen.insert(l) {
                n += 1;
            }
            n < cap
        });
        if n >= cap {
            return n;
        }
    }
    if !captures {
        return n;
    }
    let other = color.opponent();
    let mut caps = [Point::NONE; 4];
    let mut n_caps = 0;
    for q in p.neighbors() {
        if board.cell(q).is(other)
            && board.countlib(q) == 1
            && !caps[..n_caps].iter().any(|&c| board.same_chain(c, q))
        {
            caps[n_caps] = q;
            n_caps += 1;
        }
    }
    for &c in &caps[..n_caps] {
        for q in board.stones(c) {
            let adjacent = q.neighbors().iter().any(|&m| {
                m == p
                    || (board.cell(m).is(color) && friends.iter().any(|&f| board.same_chain(f, m)))
            });
            if adjacent && seen.insert(q) {
                n += 1;
                if n >= cap {
                    return n;
                }
            }
        }
    }
    n
}

/// Number of liberties a stone of `color` at `p` would get (captures
/// included).
pub fn libs_after(board: &Board, p: Point, color: Color) -> usize {
    count_libs_after(board, p, color, true, usize::MAX)
}

/// True when a move by `color` at empty `p` leaves its chain with at most
/// one liberty (suicide included). GNU Go `is_self_atari`.
pub fn is_self_atari(board: &Board, p: Point, color: Color) -> bool {
    count_libs_after(board, p, color, true, 2) <= 1
}

/// True when `p` has a stone of `color` as an orthogonal neighbour.
pub fn has_neighbor(board: &Board, p: Point, color: Color) -> bool {
    p.neighbors().iter().any(|&n| board.cell(n).is(color))
}

/// True for points one step apart both vertically and horizontally.
pub fn diagonal_neighbors(a: Point, b: Point) -> bool {
    a.is_some() && b.is_some() && a.row().abs_diff(b.row()) == 1 && a.col().abs_diff(b.col()) == 1
}

/// True for orthogonally adjacent points.
pub fn direct_neighbors(a: Point, b: Point) -> bool {
    a.neighbors().contains(&b)
}

/// True when `p` is on the first line.
pub fn is_edge(board: &Board, p: Point) -> bool {
    p.neighbors().iter().any(|&n| board.cell(n) == Cell::Border)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::moves::local::{accuratelib_list, approxlib_list};

    /// The allocation-free counter agrees with the list forms (both
    /// implementations) for every cap, point and colour of random
    /// positions, big chains included.
    #[test]
    fn count_libs_after_matches_the_lists() {
        let mut rng = crate::board::SplitMix64(0x9e37_79b9_7f4a_7c15u64);
        let mut next = move || rng.next_u64();
        let mut list = Vec::new();
        for game in 0..20 {
            let size = if game % 2 == 0 { 9 } else { 19 };
            let mut board = Board::new(size);
            let mut color = Color::Black;
            for _ in 0..(size * size / 2 + (next() % 40) as usize) {
                let empties: Vec<Point> = board.points().filter(|&p| board.is_empty(p)).collect();
                let p = empties[(next() % empties.len() as u64) as usize];
                if board.play(p, color).is_ok() {
                    color = color.opponent();
                }
            }
            let empties: Vec<Point> = board.points().filter(|&p| board.is_empty(p)).collect();
            for &p in &empties {
                for c in [Color::Black, Color::White] {
                    let accurate = accuratelib(&board, p, c, &mut list);
                    let approx = approxlib(&board, p, c, &mut list);
                    assert_eq!(libs_after(&board, p, c), accurate);
                    assert_eq!(is_self_atari(&board, p, c), accurate <= 1);
                    for cap in [0, 1, 2, 3, 5, 8, usize::MAX] {
                        assert_eq!(count_libs_after(&board, p, c, true, cap), accurate.min(cap));
                        assert_eq!(count_libs_after(&board, p, c, false, cap), approx.min(cap));
                        assert_eq!(
                            accuratelib_list(&board, p, c, cap, &mut list),
                            accurate.min(cap)
                        );
                        assert_eq!(
                            approxlib_list(&board, p, c, cap, &mut list),
                            approx.min(cap)
                        );
                    }
                }
            }
        }
    }
}
