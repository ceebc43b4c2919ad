//! Local board queries shared by the candidate generators: liberties a
//! stone would get (with or without captures), self-atari, edge and
//! geometry helpers.
//!
//! GNU Go counterpart: `approxlib`, `accuratelib`, `is_self_atari`,
//! `has_neighbor`, `neighbor_of_string`, `is_edge_vertex` and the
//! `DIAGONAL_NEIGHBORS` / `delta[]` geometry of `engine/board.c` and
//! `engine/board.h`. All queries are computed from the chain records
//! without playing a move, so generators stay cheap and leave the journal
//! untouched.

use crate::board::{Board, Cell, Color, Point};

/// A direction on the board as (row step, column step).
pub type Dir = (i32, i32);

/// The four orthogonal directions in [`Point::neighbors`] order
/// (south, west, north, east).
pub const DIRS: [Dir; 4] = [(1, 0), (0, -1), (-1, 0), (0, 1)];

/// `d` turned a quarter (the `delta[(k + 1) % 4]` of GNU Go).
#[inline]
pub fn turn(d: Dir) -> Dir {
    (d.1, -d.0)
}

/// `d` reversed.
#[inline]
pub fn neg(d: Dir) -> Dir {
    (-d.0, -d.1)
}

/// The sum of two directions.
#[inline]
pub fn add(a: Dir, b: Dir) -> Dir {
    (a.0 + b.0, a.1 + b.1)
}

/// `k` times `d`.
#[inline]
pub fn times(k: i32, d: Dir) -> Dir {
    (k * d.0, k * d.1)
}

/// The point `d` away from `p`, or [`Point::NONE`] (a border cell) when
/// that leaves the board or `p` itself is not on the board. Safe for any
/// offset.
#[inline]
pub fn go(board: &Board, p: Point, d: Dir) -> Point {
    if !p.is_some() || !board.on_board(p) {
        return Point::NONE;
    }
    let size = board.size() as i32;
    let r = p.row() as i32 + d.0;
    let c = p.col() as i32 + d.1;
    if r < 0 || c < 0 || r >= size || c >= size {
        Point::NONE
    } else {
        Point::new(r as usize, c as usize)
    }
}

/// True when `p` is on the board (not [`Point::NONE`] nor a border cell).
#[inline]
pub fn on(board: &Board, p: Point) -> bool {
    p.is_some() && board.on_board(p)
}

/// True when the on-board point `p` lies on the first line.
pub fn is_edge(board: &Board, p: Point) -> bool {
    let last = board.size() - 1;
    on(board, p) && (p.row() == 0 || p.col() == 0 || p.row() == last || p.col() == last)
}

/// True when `p` is on the first line but not in a corner.
pub fn is_edge_not_corner(board: &Board, p: Point) -> bool {
    let last = board.size() - 1;
    let on_row_edge = p.row() == 0 || p.row() == last;
    let on_col_edge = p.col() == 0 || p.col() == last;
    on(board, p) && (on_row_edge != on_col_edge)
}

/// True when `a` and `b` touch diagonally.
#[inline]
pub fn diagonal_neighbors(a: Point, b: Point) -> bool {
    a.row().abs_diff(b.row()) == 1 && a.col().abs_diff(b.col()) == 1
}

/// True when `a` and `b` touch orthogonally.
#[inline]
pub fn direct_neighbors(a: Point, b: Point) -> bool {
    a.distance(b) == 1
}

/// True when the cell holds a stone of `color`.
#[inline]
pub fn is_color(board: &Board, p: Point, color: Color) -> bool {
    board.cell(p).is(color)
}

/// True when some orthogonal neighbour of `p` holds a stone of `color`
/// (GNU Go `has_neighbor`).
pub fn has_neighbor(board: &Board, p: Point, color: Color) -> bool {
    p.neighbors().iter().any(|&n| board.cell(n).is(color))
}

/// True when `p` touches a stone of the chain on `s` (GNU Go
/// `neighbor_of_string`).
pub fn neighbor_of_chain(board: &Board, p: Point, s: Point) -> bool {
    p.neighbors().iter().any(|&n| board.same_chain(n, s))
}

/// True when the empty point `p` is a liberty of the chain on `s`.
#[inline]
pub fn liberty_of(board: &Board, p: Point, s: Point) -> bool {
    board.is_empty(p) && neighbor_of_chain(board, p, s)
}

fn push_unique(out: &mut Vec<Point>, p: Point) {
    if !out.contains(&p) {
        out.push(p);
    }
}

/// The liberties a stone of `color` placed on the empty point `p` would
/// have, merged with its friendly neighbours and ignoring captures
/// (GNU Go `approxlib`). At most `cap` of them are collected into `out`
/// (cleared first); the return value is `out.len()`, so comparisons
/// against values below `cap` are exact.
pub fn approxlib_list(
    board: &Board,
    p: Point,
    color: Color,
    cap: usize,
    out: &mut Vec<Point>,
) -> usize {
    out.clear();
    for n in p.neighbors() {
        if out.len() >= cap {
            return out.len();
        }
        if board.is_empty(n) {
            push_unique(out, n);
        }
    }
    let mut seen: [Point; 4] = [Point::NONE; 4];
    for (i, n) in p.neighbors().into_iter().enumerate() {
        if !board.cell(n).is(color) {
            continue;
        }
        let origin = board.origin(n);
        if seen[..i].contains(&origin) {
            continue;
        }
        seen[i] = origin;
        let mut full = false;
        board.for_each_lib(n, |l| {
            if out.len() >= cap {
                full = true;
                return false;
            }
            if l != p {
                push_unique(out, l);
            }
            true
        });
        if full {
            return out.len();
        }
    }
    out.len()
}

/// Count form of [`approxlib_list`]: liberties of a `color` stone at `p`
/// ignoring captures, counted up to `cap`.
pub fn approxlib(board: &Board, p: Point, color: Color, cap: usize) -> usize {
    crate::reading::libs::count_libs_after(board, p, color, false, cap)
}

/// The liberties a stone of `color` placed on the empty point `p` would
/// have after the move, captures included (GNU Go `accuratelib`). At most
/// `cap` are collected into `out`; returns `out.len()`.
pub fn accuratelib_list(
    board: &Board,
    p: Point,
    color: Color,
    cap: usize,
    out: &mut Vec<Point>,
) -> usize {
    approxlib_list(board, p, color, usize::MAX, out);
    let other = color.opponent();
    let mut friends = [Point::NONE; 4];
    let mut n_friends = 0;
    for n in p.neighbors() {
        if board.cell(n).is(color) {
            friends[n_friends] = n;
            n_friends += 1;
        }
    }
    let friends = &friends[..n_friends];
    for n in p.neighbors() {
        if !board.cell(n).is(other) || board.countlib(n) != 1 {
            continue;
        }
        // The chain on n is captured: its stones next to the new chain
        // become liberties.
        for q in board.stones(n) {
            let touches = q
                .neighbors()
                .iter()
                .any(|&m| m == p || friends.iter().any(|&f| board.same_chain(m, f)));
            if touches {
                push_unique(out, q);
            }
        }
    }
    out.truncate(cap);
    out.len()
}

/// Count form of [`accuratelib_list`].
pub fn accuratelib(board: &Board, p: Point, color: Color, cap: usize) -> usize {
    crate::reading::libs::count_libs_after(board, p, color, true, cap)
}

/// True when a move by `color` on the empty point `p` would leave the
/// played stone with at most one liberty after captures (suicide counts
/// as self-atari). GNU Go `is_self_atari`.
pub fn is_self_atari(board: &Board, p: Point, color: Color) -> bool {
    accuratelib(board, p, color, 2) <= 1
}

/// True when a move by `color` at `p` would be a ko capture, legal or not
/// (GNU Go `is_ko`).
#[inline]
pub fn is_ko(board: &Board, p: Point, color: Color) -> bool {
    board.is_empty(p) && board.ko_capture(p, color).is_some()
}

/// The single liberty of a chain in atari.
#[inline]
pub fn atari_lib(board: &Board, s: Point) -> Point {
    board.libs(s)[0]
}

/// The liberties of the chain on `s` when it has at most `max` of them,
/// in the chain's list order.
pub fn libs_upto(board: &Board, s: Point, max: usize) -> Option<Vec<Point>> {
    let n = board.countlib(s);
    if n > max {
        return None;
    }
    Some(board.libs(s).to_vec())
}

/// Origins of the chains of `color` adjacent to the empty or occupied
/// point `p`, without repetition.
pub fn neighbor_chains(board: &Board, p: Point, color: Color) -> Vec<Point> {
    let mut v = Vec::with_capacity(4);
    for n in p.neighbors() {
        if board.cell(n) == Cell::stone(color) {
            push_unique(&mut v, board.origin(n));
        }
    }
    v
}

/// Opponent chains adjacent to the chain on `s` with at most `max_libs`
/// liberties (GNU Go `chainlinks2`-style, but `<=`).
pub fn adjacent_upto(board: &Board, s: Point, max_libs: usize) -> Vec<Point> {
    let mut v = Vec::new();
    board.adjacent_chains_max_libs(s, max_libs, &mut v);
    v
}

/// Opponent chains adjacent to the chain on `s` with exactly `n_libs`
/// liberties (GNU Go `chainlinks2`).
pub fn adjacent_with(board: &Board, s: Point, n_libs: usize) -> Vec<Point> {
    let mut v = Vec::new();
    board.adjacent_chains_max_libs(s, n_libs, &mut v);
    v.retain(|&a| board.countlib(a) == n_libs);
    v
}
