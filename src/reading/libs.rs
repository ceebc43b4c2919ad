//! Liberty arithmetic without playing the move: how many liberties a stone
//! would get if played at a point, self-atari, and the neighbour
//! predicates the reader, its candidate generators and connection reading
//! share (GNU Go `board.c`: `approxlib`, `accuratelib`, `is_self_atari`,
//! `has_neighbor`, `DIAGONAL_NEIGHBORS`, `is_edge_vertex`).
//!
//! One family, two meanings, each with a count and a list form:
//!
//! | | ignoring captures | counting captures |
//! |---|---|---|
//! | count, stops at `cap` | [`approxlib`] | [`accuratelib`] |
//! | list of at most `cap` | [`approxlib_list`] | [`accuratelib_list`] |
//!
//! A caller that has just looked at the four neighbours of the point
//! itself (the move ordering) hands what it saw to
//! `accuratelib_scanned` (crate-private), the same count without the
//! second look.
//!
//! "The liberties a stone of `color` on the empty point `p` would have"
//! means the liberties of the chain it would form with its friendly
//! neighbours; with captures, the stones of adjacent opponent chains in
//! atari that touch that chain count too. The counts allocate nothing (a
//! bitset on the stack removes duplicates); the list forms give the
//! points in a fixed order: empty neighbours of `p`, then the liberties of
//! each friendly neighbour chain, then the captured stones. None of these
//! plays a move, counts a reading node or touches the undo journal, and
//! all of them are exact for chains of any size.

use crate::board::{Board, Cell, Color, Point, PointList, PointSet};

/// The distinct chains next to `p` whose stone passes `keep` (one stone
/// of each chain, and how many).
#[inline(always)]
fn distinct_neighbor_chains(
    board: &Board,
    p: Point,
    keep: impl Fn(Point) -> bool,
) -> ([Point; 4], usize) {
    let mut chains = [Point::NONE; 4];
    let mut ids = [0; 4];
    let mut n = 0;
    for q in p.neighbors() {
        if keep(q) {
            // Distinct chains by record id: no second colour test per pair.
            let id = board.chain_id(q);
            if !ids[..n].contains(&id) {
                chains[n] = q;
                ids[n] = id;
                n += 1;
            }
        }
    }
    (chains, n)
}

/// Friendly chains (one stone each, distinct chains) next to `p`.
#[inline]
fn friendly_neighbors(board: &Board, p: Point, color: Color) -> ([Point; 4], usize) {
    let own = Cell::stone(color);
    distinct_neighbor_chains(board, p, |q| board.cell(q) == own)
}

/// Opponent chains in atari (one stone each, distinct chains) next to `p`.
#[inline]
fn captured_neighbors(board: &Board, p: Point, color: Color) -> ([Point; 4], usize) {
    let other = Cell::stone(color.opponent());
    distinct_neighbor_chains(board, p, |q| {
        board.cell(q) == other && board.countlib(q) == 1
    })
}

/// Call `f` on every liberty a stone of `color` at `p` would have (with
/// repetitions; see the module docs for the order) until it returns false.
fn for_each_lib_after(
    board: &Board,
    p: Point,
    color: Color,
    captures: bool,
    mut f: impl FnMut(Point) -> bool,
) {
    for q in p.neighbors() {
        if board.is_empty(q) && !f(q) {
            return;
        }
    }
    let (friends, n_friends) = friendly_neighbors(board, p, color);
    let friends = &friends[..n_friends];
    let mut go_on = true;
    for &fr in friends {
        board.for_each_lib(fr, |l| {
            go_on = l == p || f(l);
            go_on
        });
        if !go_on {
            return;
        }
    }
    if !captures {
        return;
    }
    let (caps, n_caps) = captured_neighbors(board, p, color);
    for &c in &caps[..n_caps] {
        for q in board.stones(c) {
            let touches = q.neighbors().iter().any(|&m| {
                m == p
                    || (board.cell(m).is(color)
                        && friends.iter().any(|&fr| board.same_chain(fr, m)))
            });
            if touches && !f(q) {
                return;
            }
        }
    }
}

/// Shared body of the counts: distinct liberties, stopping at `cap`.
/// Written out (the former `count_libs_after` loop) rather than through
/// [`for_each_lib_after`]: this is the reader's and connection reading's
/// hot path, and through the closure connect.tst ran 0.2% more
/// instructions (callgrind). One pass over the four neighbours counts the
/// empty ones, collects the distinct friendly chains and notes an
/// opponent chain in atari, so the common cases need no second look.
fn count_after(board: &Board, p: Point, color: Color, captures: bool, cap: usize) -> usize {
    if cap == 0 {
        return 0;
    }
    count_after_scan(board, p, color, captures, cap)
}

/// [`accuratelib`] for a caller that has just looked at the four
/// neighbours of `p` itself: `n_empty` empty ones, the distinct friendly
/// chains `friends` (one stone of each) and whether an opponent chain
/// next to `p` is in atari (`capture_next`). The count is the same; only
/// the look is not repeated.
pub(crate) fn accuratelib_scanned(
    board: &Board,
    p: Point,
    color: Color,
    cap: usize,
    n_empty: usize,
    friends: &[Point],
    capture_next: bool,
) -> usize {
    count_after_scanned(board, p, color, true, cap, n_empty, friends, capture_next)
}

/// [`approxlib`] for a caller that has just looked at the four
/// neighbours of `p` itself: `n_empty` empty ones and the distinct
/// chains of `color` next to `p` (`friends`, one stone of each, in any
/// order). The count is the same as [`count_after_scan`]'s: the same
/// early return (any friend with more than `cap` liberties settles it;
/// which one is met first does not matter) and the same
/// [`count_after_rest`], whose capped count does not depend on the order
/// of `friends`; only the look is not repeated.
pub(crate) fn approxlib_scanned(
    board: &Board,
    p: Point,
    color: Color,
    cap: usize,
    n_empty: usize,
    friends: &[Point],
) -> usize {
    count_after_scanned(board, p, color, false, cap, n_empty, friends, false)
}

/// The shared body of [`accuratelib_scanned`] and [`approxlib_scanned`]:
/// [`count_after_scan`]'s early returns, then [`count_after_rest`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn count_after_scanned(
    board: &Board,
    p: Point,
    color: Color,
    accurate: bool,
    cap: usize,
    n_empty: usize,
    friends: &[Point],
    capture_next: bool,
) -> usize {
    if cap == 0 {
        return 0;
    }
    if friends.iter().any(|&f| board.countlib(f) > cap) {
        return cap;
    }
    count_after_rest(
        board,
        p,
        color,
        accurate,
        cap,
        n_empty,
        friends,
        capture_next,
    )
}

/// [`count_after`] past its `cap == 0` test: the look at the neighbours
/// of `p`, then [`count_after_rest`].
#[inline(always)]
fn count_after_scan(board: &Board, p: Point, color: Color, captures: bool, cap: usize) -> usize {
    let own = Cell::stone(color);
    let other = Cell::stone(color.opponent());
    let around = p.neighbors();
    let mut friends = [Point::NONE; 4];
    let mut ids = [0; 4];
    let mut n_friends = 0;
    let mut n_empty = 0;
    let mut capture_next = false;
    for &q in &around {
        let cell = board.cell(q);
        if cell == Cell::Empty {
            n_empty += 1;
        } else if cell == own {
            let id = board.chain_id(q);
            if !ids[..n_friends].contains(&id) {
                // A friendly chain with `cap` liberties besides `p` settles
                // the count without walking anything (the common case next
                // to a big chain).
                if board.countlib(q) > cap {
                    return cap;
                }
                friends[n_friends] = q;
                ids[n_friends] = id;
                n_friends += 1;
            }
        } else if cell == other && board.countlib(q) == 1 {
            capture_next = true;
        }
    }
    let friends = &friends[..n_friends];
    count_after_rest(
        board,
        p,
        color,
        captures,
        cap,
        n_empty,
        friends,
        capture_next,
    )
}

/// The part of [`count_after`] after the look at the neighbours of `p`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn count_after_rest(
    board: &Board,
    p: Point,
    color: Color,
    captures: bool,
    cap: usize,
    n_empty: usize,
    friends: &[Point],
    capture_next: bool,
) -> usize {
    let around = p.neighbors();
    let n_friends = friends.len();
    // At most one friendly chain and nothing to capture (the common case):
    // the only repeats are the friend's liberties next to `p`, which were
    // counted as `p`'s neighbours, so no set is needed.
    if n_friends <= 1 && (!captures || !capture_next) {
        let mut n = n_empty;
        if let Some(&f) = friends.first() {
            if n < cap {
                board.for_each_lib(f, |l| {
                    if l != p && !around.contains(&l) {
                        n += 1;
                    }
                    n < cap
                });
            }
        }
        return n.min(cap);
    }
    count_after_with_set(board, p, color, captures, cap, friends)
}

/// The general case of [`count_after`] (several friendly chains, or a
/// capture to count): distinct liberties through a point set. Kept out
/// of line so that the common cases above run in a small frame.
#[inline(never)]
fn count_after_with_set(
    board: &Board,
    p: Point,
    color: Color,
    captures: bool,
    cap: usize,
    friends: &[Point],
) -> usize {
    let mut seen = PointSet::new();
    let mut n = 0;
    for q in p.neighbors() {
        if board.is_empty(q) && seen.insert(q) {
            n += 1;
            if n >= cap {
                return n;
            }
        }
    }
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
    let (caps, n_caps) = captured_neighbors(board, p, color);
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

/// Shared body of the lists: distinct liberties into `out` (cleared
/// first), at most `cap` of them; returns `out.len()`.
fn list_after(
    board: &Board,
    p: Point,
    color: Color,
    captures: bool,
    cap: usize,
    out: &mut PointList,
) -> usize {
    out.clear();
    if cap == 0 {
        return 0;
    }
    for_each_lib_after(board, p, color, captures, |l| {
        if !out.contains(&l) {
            out.push(l);
        }
        out.len() < cap
    });
    out.len()
}

/// The number of liberties a stone of `color` on the empty point `p`
/// would have, ignoring captures, counted up to `cap`
/// (`min(cap, true count)`; GNU Go `approxlib`).
pub fn approxlib(board: &Board, p: Point, color: Color, cap: usize) -> usize {
    count_after(board, p, color, false, cap)
}

/// The number of liberties a stone of `color` on the empty point `p`
/// would have after its captures, counted up to `cap`
/// (`min(cap, true count)`; GNU Go `accuratelib`).
pub fn accuratelib(board: &Board, p: Point, color: Color, cap: usize) -> usize {
    count_after(board, p, color, true, cap)
}

/// The liberties [`approxlib`] counts, at most `cap` of them, into `out`
/// (cleared first); returns how many (`usize::MAX`: all of them).
pub fn approxlib_list(
    board: &Board,
    p: Point,
    color: Color,
    cap: usize,
    out: &mut PointList,
) -> usize {
    list_after(board, p, color, false, cap, out)
}

/// The liberties [`accuratelib`] counts, at most `cap` of them, into `out`
/// (cleared first); returns how many (`usize::MAX`: all of them).
pub fn accuratelib_list(
    board: &Board,
    p: Point,
    color: Color,
    cap: usize,
    out: &mut PointList,
) -> usize {
    list_after(board, p, color, true, cap, out)
}

/// True when a move by `color` on the empty point `p` would leave its
/// chain with at most one liberty after captures (suicide included).
/// GNU Go `is_self_atari`.
pub fn is_self_atari(board: &Board, p: Point, color: Color) -> bool {
    accuratelib(board, p, color, 2) <= 1
}

/// True when `p` has a stone of `color` as an orthogonal neighbour
/// (GNU Go `has_neighbor`).
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

/// True when `p` is a point of the board on the first line (false for
/// [`Point::NONE`] and border cells).
pub fn is_edge(board: &Board, p: Point) -> bool {
    p.is_some() && board.on_board(p) && p.neighbors().iter().any(|&n| board.cell(n) == Cell::Border)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The liberties of a `color` stone at `p` by playing it: the oracle.
    fn played(board: &Board, p: Point, color: Color, captures: bool) -> Vec<Point> {
        let mut b = board.clone();
        if captures {
            if b.trymove(p, color) {
                return b.liberties_sorted(p);
            }
            // Suicide: no liberty.
            return Vec::new();
        }
        // Ignoring captures: the union of the empty neighbours and the
        // friendly chains' liberties, minus p.
        let mut v: Vec<Point> = p
            .neighbors()
            .into_iter()
            .filter(|&q| b.is_empty(q))
            .collect();
        for q in p.neighbors() {
            if b.cell(q).is(color) {
                v.extend(b.liberties_sorted(q));
            }
        }
        v.retain(|&l| l != p);
        v.sort();
        v.dedup();
        v
    }

    /// Counts and lists agree with each other and with playing the move,
    /// for every cap, point and colour of random positions, big chains
    /// included.
    #[test]
    fn counts_and_lists_match_playing_the_move() {
        let mut rng = crate::board::SplitMix64(0x9e37_79b9_7f4a_7c15u64);
        let mut next = move || rng.next_u64();
        let mut list = PointList::new();
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
                    let approx = played(&board, p, c, false);
                    let accurate = if board.is_legal(p, c) {
                        played(&board, p, c, true)
                    } else {
                        // Illegal (ko): the count is still the arithmetic one.
                        let mut v = PointList::new();
                        accuratelib_list(&board, p, c, usize::MAX, &mut v);
                        let mut v = v.to_vec();
                        v.sort();
                        v
                    };
                    assert_eq!(is_self_atari(&board, p, c), accurate.len() <= 1);
                    for cap in [0, 1, 2, 3, 5, 8, usize::MAX] {
                        assert_eq!(approxlib(&board, p, c, cap), approx.len().min(cap));
                        assert_eq!(accuratelib(&board, p, c, cap), accurate.len().min(cap));
                        let n = approxlib_list(&board, p, c, cap, &mut list);
                        assert_eq!(n, approx.len().min(cap));
                        assert!(list.iter().all(|l| approx.contains(l)));
                        let n = accuratelib_list(&board, p, c, cap, &mut list);
                        assert_eq!(n, accurate.len().min(cap));
                        assert!(list.iter().all(|l| accurate.contains(l)));
                    }
                }
            }
        }
    }
}
