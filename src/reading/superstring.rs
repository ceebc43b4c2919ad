//! Superstrings: a chain extended through links the opponent cannot
//! (easily) cut, shared by the tactical reader, connection reading and owl.
//!
//! GNU Go counterpart: `find_superstring`, `find_superstring_conservative`,
//! `find_superstring_liberties`, `find_proper_superstring_liberties`,
//! `find_superstring_stones_and_liberties` and `superstring_chainlinks` of
//! `engine/reading.c` (the shared `do_find_superstring` walk), and the
//! "superstring" section of the GNU Go manual. The walk here is our own:
//! starting from one chain it repeatedly adds every chain of the same
//! colour that is linked to the stones found so far by one of the
//! [`LinkKind`]s, until nothing new is found.
//!
//! Start reading at [`find_superstring`]; [`Superstring`] holds the result
//! (stones, member chains, liberties, adjacent opponent chains).

use crate::board::{Board, Color, Point, PointSet, MAX_LIBS};

/// The ways two chains of one colour can belong to the same superstring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LinkKind {
    /// Orthogonally adjacent stones (the same chain).
    Solid,
    /// Diagonal stones with a shared neighbour that is empty and suicide
    /// or self-atari for the opponent.
    ProtectedDiagonal,
    /// Diagonal stones whose two shared neighbours are both empty (a cut
    /// is possible but needs two moves).
    EmptyDiagonal,
    /// Stones two apart on a line whose middle point is empty and suicide
    /// or self-atari for the opponent.
    OneSpaceJump,
    /// Two pairs of adjacent stones facing each other across two empty
    /// points (the bamboo joint `XX / .. / XX`).
    BambooJoint,
    /// Chains around a captured adjacent or diagonal opponent chain (only
    /// with [`SuperstringOptions::captured_stones`], for owl); reported in
    /// [`Superstring::captured`], never by [`linked_stones`].
    Capture,
}

/// Which links the walk follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuperstringOptions {
    /// Follow diagonals whose two shared neighbours are empty even when
    /// neither is unsafe for the opponent (every GNU Go variant does).
    pub empty_diagonals: bool,
    /// Follow captures of adjacent opponent chains in atari: the captured
    /// stones and the chains around them join (owl callers only).
    pub captured_stones: bool,
}

impl SuperstringOptions {
    /// The superstring used by tactical and connection reading: every
    /// link kind except captures (GNU Go `find_superstring_conservative`
    /// and the liberty / chainlink variants).
    pub const READING: SuperstringOptions = SuperstringOptions {
        empty_diagonals: true,
        captured_stones: false,
    };
    /// Only links the opponent cannot cut at all (no empty diagonals, no
    /// captures): stricter than anything in GNU Go.
    pub const UNCUTTABLE: SuperstringOptions = SuperstringOptions {
        empty_diagonals: false,
        captured_stones: false,
    };
    /// Everything, including captured stones (owl; GNU Go `find_superstring`).
    pub const OWL: SuperstringOptions = SuperstringOptions {
        empty_diagonals: true,
        captured_stones: true,
    };
}

impl Default for SuperstringOptions {
    fn default() -> Self {
        SuperstringOptions::READING
    }
}

/// A superstring: its stones, member chains, liberties and neighbours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Superstring {
    /// Colour of the stones.
    pub color: Color,
    /// Origins of the member chains, in index order.
    pub chains: Vec<Point>,
    /// All stones of the member chains, in index order.
    pub stones: Vec<Point>,
    /// Empty points adjacent to a stone (index order). With
    /// `captured_stones` the captured opponent stones are not included.
    pub liberties: Vec<Point>,
    /// Origins of opponent chains adjacent to a stone, in index order
    /// (GNU Go `superstring_chainlinks` without a liberty cap).
    pub adjacent: Vec<Point>,
    /// Origins of opponent chains whose capture joined chains (only with
    /// `captured_stones`), in index order.
    pub captured: Vec<Point>,
}

impl Superstring {
    /// True when the stone at `p` belongs to the superstring.
    pub fn contains(&self, p: Point) -> bool {
        self.stones.binary_search(&p).is_ok()
    }
}

/// How many liberties a stone of `color` played at the empty point `p`
/// would have, counting liberties gained by captures; counting may stop
/// early once `cap` is reached (GNU Go `approxlib`/`accuratelib` with a
/// limit). Pure: plays nothing.
pub fn libs_after_move(board: &Board, p: Point, color: Color, cap: usize) -> usize {
    let mut seen = PointSet::new();
    let mut n = 0usize;
    let add = |q: Point, seen: &mut PointSet, n: &mut usize| {
        if q != p && seen.insert(q) {
            *n += 1;
        }
    };
    for nb in p.neighbors() {
        if board.is_empty(nb) {
            add(nb, &mut seen, &mut n);
        }
    }
    // Distinct friendly chains next to `p` (at most four, kept on the stack).
    let mut friends = [Point::NONE; 4];
    let mut n_friends = 0usize;
    for nb in p.neighbors() {
        if board.cell(nb).is(color)
            && !friends[..n_friends]
                .iter()
                .any(|&f| board.same_chain(f, nb))
        {
            friends[n_friends] = nb;
            n_friends += 1;
        }
    }
    let friends = &friends[..n_friends];
    let mut long_libs = Vec::new();
    for &f in friends {
        if n >= cap {
            return n;
        }
        // The chain's stored liberties when complete, else a full walk.
        let libs: &[Point] = if board.countlib(f) <= MAX_LIBS {
            board.libs(f)
        } else {
            board.findlib(f, &mut long_libs);
            &long_libs
        };
        for &l in libs {
            add(l, &mut seen, &mut n);
        }
    }
    for nb in p.neighbors() {
        if board.cell(nb).is(color.opponent()) && board.countlib(nb) == 1 {
            // Captured: its stones next to the new chain become liberties.
            for s in board.stones(nb) {
                let touches = s
                    .neighbors()
                    .iter()
                    .any(|&t| t == p || friends.iter().any(|&f| board.same_chain(t, f)));
                if touches {
                    add(s, &mut seen, &mut n);
                }
            }
        }
    }
    n
}

/// True when a move by `color` at `p` is illegal as suicide or would
/// leave the new chain with at most one liberty (self-atari). Used to
/// decide whether the opponent can cut through a link point.
pub fn is_unsafe_for(board: &Board, p: Point, color: Color) -> bool {
    if !board.is_empty(p) {
        return false;
    }
    board.is_suicide(p, color) || libs_after_move(board, p, color, 2) <= 1
}

/// The superstring containing the stone at `p` (which must hold a stone).
/// With [`SuperstringOptions::captured_stones`], an opponent chain counts
/// as captured when it is in atari and the capture is legal; owl callers
/// with a better judgement use [`find_superstring_with`].
pub fn find_superstring(board: &Board, p: Point, opts: SuperstringOptions) -> Superstring {
    find_superstring_with(board, p, opts, 0, &mut |b: &Board, o: Point| {
        b.countlib(o) == 1 && {
            let lib = b.libs(o)[0];
            b.is_legal(lib, b.chain(o).color.opponent())
        }
    })
}

/// The superstring of `p` with an explicit judgement of which adjacent or
/// diagonal opponent chains (given by origin) are captured (owl: "attack
/// works and no defence"); only consulted with `opts.captured_stones`.
/// With `liberty_cap > 0`, member chains with more liberties than the cap
/// are members but do not extend the walk and contribute no liberties
/// (GNU Go's `liberty_cap`).
pub fn find_superstring_with(
    board: &Board,
    p: Point,
    opts: SuperstringOptions,
    liberty_cap: usize,
    is_captured: &mut dyn FnMut(&Board, Point) -> bool,
) -> Superstring {
    let color = board.chain(p).color;
    let opp = color.opponent();
    let mut in_ss = PointSet::new();
    let mut judged = PointSet::new();
    let mut chains: Vec<Point> = Vec::new();
    let mut captured: Vec<Point> = Vec::new();
    let mut queue: Vec<Point> = vec![board.origin(p)];
    while let Some(org) = queue.pop() {
        if in_ss.contains(org) {
            continue;
        }
        chains.push(org);
        for s in board.stones(org) {
            in_ss.insert(s);
        }
        if liberty_cap > 0 && board.countlib(org) > liberty_cap {
            continue;
        }
        let stones: Vec<Point> = board.stones(org).collect();
        for &s in &stones {
            for (q, _kind) in linked_stones(board, s, color, opts) {
                if !in_ss.contains(q) {
                    queue.push(board.origin(q));
                }
            }
            if !opts.captured_stones {
                continue;
            }
            // Adjacent and diagonal lunches.
            for nb in s.neighbors().into_iter().chain(s.diagonals()) {
                if !board.cell(nb).is(opp) {
                    continue;
                }
                let o = board.origin(nb);
                if !judged.insert(o) || !is_captured(board, o) {
                    continue;
                }
                captured.push(o);
                for cs in board.stones(o) {
                    for t in cs.neighbors().into_iter().chain(cs.diagonals()) {
                        if board.cell(t).is(color) && !in_ss.contains(t) {
                            queue.push(board.origin(t));
                        }
                    }
                }
            }
        }
    }
    chains.sort();
    captured.sort();
    let mut stones: Vec<Point> = in_ss.iter().collect();
    stones.sort();
    let mut libs = PointSet::new();
    let mut adj = PointSet::new();
    for &org in &chains {
        let capped = liberty_cap > 0 && board.countlib(org) > liberty_cap;
        for s in board.stones(org) {
            for nb in s.neighbors() {
                if board.is_empty(nb) {
                    if !capped {
                        libs.insert(nb);
                    }
                } else if board.cell(nb).is(opp) {
                    adj.insert(board.origin(nb));
                }
            }
        }
    }
    Superstring {
        color,
        chains,
        stones,
        liberties: libs.iter().collect(),
        adjacent: adj.iter().collect(),
        captured,
    }
}

/// Stones of `color` linked to the stone `s` by a non-solid link, with the
/// kind of link (solid neighbours are found through the chain itself).
/// Stones of the chain of `s` itself are not reported.
///
/// Looking along each direction `right` from `s` (with `up` the next
/// direction), `a = s+right`, `g = s+up`, `b = a+up`:
/// - `a` empty and unsafe for the opponent links the diagonals `a+up`,
///   `a-up` and the jump `a+right`;
/// - `a` our stone, `g` and `b` empty, `g+up` and `b+up` ours: bamboo joint;
/// - `b` ours with `a` and `g` empty: empty diagonal.
pub fn linked_stones(
    board: &Board,
    s: Point,
    color: Color,
    opts: SuperstringOptions,
) -> Vec<(Point, LinkKind)> {
    let opp = color.opponent();
    let mut out: Vec<(Point, LinkKind)> = Vec::new();
    let push = |q: Point, kind: LinkKind, out: &mut Vec<(Point, LinkKind)>| {
        if board.cell(q).is(color) && !board.same_chain(q, s) && !out.iter().any(|&(x, _)| x == q) {
            out.push((q, kind));
        }
    };
    let dirs = s.neighbors();
    for k in 0..4 {
        let a = dirs[k];
        let g = dirs[(k + 1) % 4];
        if !board.on_board(a) {
            continue;
        }
        let up = |p: Point| p.neighbors()[(k + 1) % 4];
        let down = |p: Point| p.neighbors()[(k + 3) % 4];
        let right = |p: Point| p.neighbors()[k];
        let b = up(a);
        if board.is_empty(a) {
            let mut unsafe_move = is_unsafe_for(board, a, opp);
            // A ko capture is no self-atari for practical purposes (GNU
            // Go applies this with lunches, i.e. for owl).
            if unsafe_move && opts.captured_stones && board.ko_capture(a, opp).is_some() {
                unsafe_move = false;
            }
            if unsafe_move {
                push(b, LinkKind::ProtectedDiagonal, &mut out);
                push(right(a), LinkKind::OneSpaceJump, &mut out);
                push(down(a), LinkKind::ProtectedDiagonal, &mut out);
            }
        }
        if board.cell(a).is(color) && board.is_empty(b) && board.is_empty(g) {
            let e = up(g);
            let f = up(b);
            if board.cell(e).is(color) && board.cell(f).is(color) {
                push(e, LinkKind::BambooJoint, &mut out);
            }
        }
        if opts.empty_diagonals && board.is_empty(a) && board.is_empty(g) {
            push(b, LinkKind::EmptyDiagonal, &mut out);
        }
    }
    out
}

/// Liberties of the superstring of `p` (GNU Go
/// `find_superstring_liberties`). With `liberty_cap > 0` only liberties
/// of member chains with at most that many liberties; `proper` leaves out
/// the liberties of the chain of `p` itself (GNU Go
/// `find_proper_superstring_liberties`).
pub fn find_superstring_liberties(
    board: &Board,
    p: Point,
    liberty_cap: usize,
    proper: bool,
    opts: SuperstringOptions,
) -> Vec<Point> {
    let ss = find_superstring_with(board, p, opts, liberty_cap, &mut |_, _| false);
    ss.liberties
        .into_iter()
        .filter(|&l| !proper || !board.is_liberty_of(l, p))
        .collect()
}

/// Opponent chains adjacent to the superstring of `p` with at most
/// `liberty_cap` liberties (0: any), by origin (GNU Go
/// `superstring_chainlinks`); `proper` leaves out those adjacent to the
/// chain of `p` itself (`proper_superstring_chainlinks`).
pub fn superstring_chainlinks(
    board: &Board,
    p: Point,
    liberty_cap: usize,
    proper: bool,
    opts: SuperstringOptions,
) -> Vec<Point> {
    let ss = find_superstring(board, p, opts);
    let mut own = Vec::new();
    if proper {
        board.adjacent_chains(p, &mut own);
    }
    ss.adjacent
        .into_iter()
        .filter(|&c| liberty_cap == 0 || board.countlib(c) <= liberty_cap)
        .filter(|c| !own.iter().any(|&o| board.same_chain(o, *c)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(b: &Board, row: usize, col: usize) -> Point {
        b.point(row, col).expect("on board")
    }

    fn ss(diagram: &str, row: usize, col: usize, opts: SuperstringOptions) -> (Board, Superstring) {
        let b = Board::from_diagram(diagram).expect("diagram");
        let p = pt(&b, row, col);
        let s = find_superstring(&b, p, opts);
        (b, s)
    }

    #[test]
    fn solid_chain_only() {
        let (b, s) = ss(
            ". . . . .
             . X X . .
             . . . . .
             . . . . .
             . . . X .",
            1,
            1,
            SuperstringOptions::READING,
        );
        assert_eq!(s.stones, vec![pt(&b, 1, 1), pt(&b, 1, 2)]);
        assert_eq!(s.chains.len(), 1);
        assert_eq!(s.liberties.len(), 6);
    }

    #[test]
    fn protected_diagonal_and_empty_diagonal() {
        // The shared point at (0,1) is suicide-ish for White on the edge.
        let diag = ". . X . .
                    X . . . .
                    . . . . .
                    . . . . .
                    . . . . .";
        let (b, s) = ss(diag, 1, 0, SuperstringOptions::UNCUTTABLE);
        // (0,0)/(1,1) shared points: White at (0,0) has 1 liberty: unsafe.
        // Here (1,0) and (0,1)? (1,0) is X, (0,2) is X: not diagonal. Use
        // the true diagonal below instead.
        assert_eq!(s.stones, vec![pt(&b, 1, 0)]);

        let d2 = ". X . . .
                  X . . . .
                  . . . . .
                  . . . . .
                  . . . . .";
        let (b, s) = ss(d2, 1, 0, SuperstringOptions::UNCUTTABLE);
        assert_eq!(s.stones, vec![pt(&b, 0, 1), pt(&b, 1, 0)]);
        assert_eq!(
            linked_stones(
                &b,
                pt(&b, 1, 0),
                Color::Black,
                SuperstringOptions::UNCUTTABLE
            ),
            vec![(pt(&b, 0, 1), LinkKind::ProtectedDiagonal)]
        );

        let d3 = ". . . . .
                  . . X . .
                  . X . . .
                  . . . . .
                  . . . . .";
        let (b, s) = ss(d3, 2, 1, SuperstringOptions::UNCUTTABLE);
        assert_eq!(s.stones, vec![pt(&b, 2, 1)]);
        let (b, s) = ss(d3, 2, 1, SuperstringOptions::READING);
        assert_eq!(s.stones, vec![pt(&b, 1, 2), pt(&b, 2, 1)]);
        assert_eq!(
            linked_stones(&b, pt(&b, 2, 1), Color::Black, SuperstringOptions::READING),
            vec![(pt(&b, 1, 2), LinkKind::EmptyDiagonal)]
        );
    }

    #[test]
    fn diagonal_with_cut_stone_is_no_link() {
        let (b, s) = ss(
            ". . . . .
             . . X . .
             . X O . .
             . . . . .
             . . . . .",
            2,
            1,
            SuperstringOptions::OWL,
        );
        assert_eq!(s.stones, vec![pt(&b, 2, 1)]);
        assert_eq!(s.adjacent, vec![pt(&b, 2, 2)]);
    }

    #[test]
    fn one_space_jump_through_self_atari_point() {
        // White at (1,2) would touch only O-hostile stones: self-atari.
        let j = ". . X . .
                 . X . X .
                 . . . . .
                 . . . . .
                 . . . . .";
        let (b, s) = ss(j, 1, 1, SuperstringOptions::UNCUTTABLE);
        assert!(s.contains(pt(&b, 1, 3)));
        assert_eq!(
            linked_stones(
                &b,
                pt(&b, 1, 1),
                Color::Black,
                SuperstringOptions::UNCUTTABLE
            )
            .into_iter()
            .filter(|&(q, _)| q == pt(&b, 1, 3))
            .map(|(_, k)| k)
            .collect::<Vec<_>>(),
            vec![LinkKind::OneSpaceJump]
        );
        // An open one-space jump is not a link.
        let open = ". . . . .
                    . X . X .
                    . . . . .
                    . . . . .
                    . . . . .";
        let (b, s) = ss(open, 1, 1, SuperstringOptions::READING);
        assert_eq!(s.stones, vec![pt(&b, 1, 1)]);
    }

    #[test]
    fn bamboo_joint() {
        let bj = ". . . . . .
                  . X X . . .
                  . . . . . .
                  . X X . . .
                  . . . . . .
                  . . . . . .";
        let (b, s) = ss(bj, 1, 1, SuperstringOptions::UNCUTTABLE);
        assert_eq!(s.chains.len(), 2);
        assert_eq!(s.stones.len(), 4);
        let kinds: Vec<LinkKind> = linked_stones(
            &b,
            pt(&b, 1, 1),
            Color::Black,
            SuperstringOptions::UNCUTTABLE,
        )
        .into_iter()
        .map(|(_, k)| k)
        .collect();
        assert_eq!(kinds, vec![LinkKind::BambooJoint]);
    }

    #[test]
    fn captured_stones_only_for_owl() {
        let cap = ". . . . .
                   . X O X .
                   . . X . .
                   . . . . .
                   . . . . .";
        // O at (1,2) has one liberty (0,2): capturing it joins all three.
        let (b, s) = ss(cap, 1, 1, SuperstringOptions::READING);
        assert!(!s.contains(pt(&b, 1, 3)));
        let (b, s) = ss(cap, 1, 1, SuperstringOptions::OWL);
        assert!(s.contains(pt(&b, 1, 3)));
        assert!(s.contains(pt(&b, 2, 2)));
        assert_eq!(s.captured, vec![pt(&b, 1, 2)]);
    }

    #[test]
    fn liberties_and_chainlinks() {
        let b = Board::from_diagram(
            ". . . . .
             . X . X .
             O . . . .
             . . . . .
             . . . . .",
        )
        .expect("diagram");
        let p = pt(&b, 1, 1);
        let libs = find_superstring_liberties(&b, p, 100, false, SuperstringOptions::READING);
        assert_eq!(libs.len(), 4);
        let links = superstring_chainlinks(&b, p, 10, false, SuperstringOptions::READING);
        assert!(links.is_empty());
        let b2 = Board::from_diagram(
            ". . . . .
             O X . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .expect("diagram");
        let links =
            superstring_chainlinks(&b2, pt(&b2, 1, 1), 10, false, SuperstringOptions::READING);
        assert_eq!(links, vec![pt(&b2, 1, 0)]);
        assert!(
            superstring_chainlinks(&b2, pt(&b2, 1, 1), 10, true, SuperstringOptions::READING)
                .is_empty()
        );
    }

    #[test]
    fn libs_after_move_counts_captures() {
        let b = Board::from_diagram(
            ". X O . .
             X X . . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .expect("diagram");
        // White at (0,0) captures nothing and is suicide.
        assert_eq!(libs_after_move(&b, pt(&b, 0, 0), Color::White, 10), 0);
        // Black at (0,3) next to the O stone: 2 liberties.
        assert_eq!(libs_after_move(&b, pt(&b, 0, 3), Color::Black, 10), 2);
        assert!(b.is_suicide(pt(&b, 0, 0), Color::White));
        assert_eq!(libs_after_move(&b, pt(&b, 2, 2), Color::Black, 10), 4);
        assert!(is_unsafe_for(&b, pt(&b, 0, 0), Color::White));
    }
}
