//! Liberty arithmetic used by the reader's drivers and move ordering: how
//! many liberties a stone would get if played at a point, self-atari
//! tests, neighbour predicates (GNU Go `board.c`: `accuratelib`,
//! `approxlib`, `is_self_atari`, `has_neighbor`).
//!
//! These look at the board without playing the move, so they neither count
//! reading nodes nor touch the undo journal.

use crate::board::{Board, Cell, Color, Point};

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
    let mut libs = Vec::new();
    for &f in friends {
        board.findlib(f, &mut libs);
        for &l in &libs {
            if l != p {
                push_unique(out, l);
            }
        }
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
    let mut libs = Vec::new();
    for &f in &friends[..n_friends] {
        board.findlib(f, &mut libs);
        for &l in &libs {
            if l != p {
                push_unique(out, l);
            }
        }
    }
    out.len()
}

/// Number of liberties a stone of `color` at `p` would get (captures
/// included).
pub fn libs_after(board: &Board, p: Point, color: Color) -> usize {
    let mut v = Vec::new();
    accuratelib(board, p, color, &mut v)
}

/// True when a move by `color` at empty `p` leaves its chain with at most
/// one liberty (suicide included). GNU Go `is_self_atari`.
pub fn is_self_atari(board: &Board, p: Point, color: Color) -> bool {
    libs_after(board, p, color) <= 1
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
