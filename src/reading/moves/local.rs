//! Board geometry and chain queries shared by the candidate generators:
//! directions as (row, column) steps, the point a step away, liberty and
//! neighbour-chain predicates. The liberty counts a move would get
//! (`approxlib`, `accuratelib`, `is_self_atari`) and the neighbour
//! predicates the drivers use too are in [`crate::reading::libs`].
//!
//! GNU Go counterpart: `neighbor_of_string`, `liberty_of_string`, `is_ko`,
//! `chainlinks2` and the `delta[]` geometry of `engine/board.c` and
//! `engine/board.h`. All queries are computed from the chain records
//! without playing a move, so generators stay cheap and leave the journal
//! untouched.

use crate::board::{Board, Color, Point, PointList, STRIDE};

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
    let size = board.size() as u32;
    let r = p.row() as i32 + d.0;
    let c = p.col() as i32 + d.1;
    // A negative row or column wraps to a huge unsigned value, so one
    // compare each covers both sides; the point is then `p` plus the step.
    if r as u32 >= size || c as u32 >= size {
        Point::NONE
    } else {
        Point((i32::from(p.0) + d.0 * STRIDE as i32 + d.1) as u16)
    }
}

/// The step `d` as an offset in the padded point array (for [`step`]).
#[inline]
pub fn offset(d: Dir) -> isize {
    d.0 as isize * STRIDE as isize + d.1 as isize
}

/// The point `off` (an [`offset`]) away from `p`, straight in the padded
/// array: [`go`] without its bounds arithmetic. Only for `p` on the board
/// and a one-step `off` (orthogonal or diagonal): the answer is then a
/// valid index, a border cell when off the board (where [`go`] answers
/// [`Point::NONE`], also a border cell). A two-step point is one step
/// from a point first found on the board.
#[inline]
pub fn step(p: Point, off: isize) -> Point {
    debug_assert!(off.unsigned_abs() <= STRIDE + 1);
    Point((p.0 as isize + off) as u16)
}

/// True when `p` is on the board (not [`Point::NONE`] nor a border cell).
#[inline]
pub fn on(board: &Board, p: Point) -> bool {
    p.is_some() && board.on_board(p)
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

/// Opponent chains adjacent to the chain on `s` with exactly `n_libs`
/// liberties (GNU Go `chainlinks2`).
#[inline]
pub fn adjacent_with(board: &Board, s: Point, n_libs: usize) -> PointList {
    let mut v = board.adjacent_chain_list(s, n_libs);
    // A chain on the board has a liberty: at most one is exactly one, and
    // most calls ask for chains in atari.
    if n_libs > 1 {
        v.retain(|a| board.countlib(a) == n_libs);
    }
    v
}
