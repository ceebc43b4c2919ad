//! Superstrings: a chain extended through links the opponent cannot cut
//! tactically in one move, for the reader's candidate generators and the
//! owl's goal (which grows by the superstring of the owner's move).
//!
//! GNU Go counterpart: `do_find_superstring` and its wrappers
//! `find_superstring_liberties`, `find_proper_superstring_liberties` and
//! `proper_superstring_chainlinks` of `engine/reading.c`, and the
//! "superstring" section of the GNU Go manual. The links followed: a
//! one-point jump or diagonal through a point where an opponent stone
//! would be self-atari (or short of liberties, see [`LinkTest`]), a
//! bamboo joint, and an open diagonal. GNU Go's fifth kind, connection
//! through capturable stones, needs reading and is left to owl.
//!
//! Start at [`Superstring::find`]; the moves built on it are in
//! [`crate::reading::moves::superstring`].

use crate::board::{Board, Cell, Point, PointList, PointSet, STRIDE};
use crate::reading::libs::{approxlib, is_self_atari};
use crate::reading::moves::local::step;

/// The (right, up) step pairs of the walk as padded-array offsets: each
/// of the four directions (in [`Point::neighbors`] order: south, west,
/// north, east) with the direction a quarter turn from it
/// (`local::turn`).
const STEPS: [(isize, isize); 4] = {
    let s = STRIDE as isize;
    [(s, -1), (-1, -s), (-s, 1), (1, s)]
};

/// Which test makes an empty point an uncuttable link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkTest {
    /// The opponent's stone there would be self-atari (after captures):
    /// GNU Go's type 0, used for liberties.
    SelfAtari,
    /// The opponent's stone there would have fewer than two liberties
    /// ignoring captures: GNU Go's type 2, used for neighbours.
    FewLiberties,
}

/// The chains, liberties and neighbouring chains of a superstring.
/// The lists live on the stack up to [`PointList::INLINE`] points.
#[derive(Clone, Debug, Default)]
pub struct Superstring {
    /// Origins of the member chains, the chain on `s` first.
    pub chains: PointList,
    /// Liberties of the members (see [`Superstring::find`] for which).
    pub libs: PointList,
    /// Origins of opponent chains next to the members (see
    /// [`Superstring::find`] for which).
    pub adjs: PointList,
}

/// Which of the lists a walk fills besides `chains` (the members do not
/// depend on the other two, so a caller skips the one it does not read).
#[derive(Clone, Copy)]
struct Wanted {
    libs: bool,
    adjs: bool,
}

impl Superstring {
    /// The superstring of the chain on `s`.
    ///
    /// With `liberty_cap > 0` only members with at most that many
    /// liberties contribute liberties (and are not expanded further when
    /// liberties are what is asked, as in GNU Go), and only neighbours
    /// with at most that many liberties are listed. With `proper` the
    /// chain on `s` contributes neither liberties nor neighbours.
    pub fn find(
        board: &Board,
        s: Point,
        liberty_cap: usize,
        proper: bool,
        test: LinkTest,
    ) -> Superstring {
        let wanted = Wanted {
            libs: true,
            adjs: true,
        };
        Self::walk(board, s, liberty_cap, proper, test, wanted)
    }

    /// [`Superstring::find`] without the neighbours (`adjs` left empty):
    /// the members and liberties are the same.
    pub fn find_liberties(
        board: &Board,
        s: Point,
        liberty_cap: usize,
        proper: bool,
        test: LinkTest,
    ) -> Superstring {
        let wanted = Wanted {
            libs: true,
            adjs: false,
        };
        Self::walk(board, s, liberty_cap, proper, test, wanted)
    }

    /// [`Superstring::find`] without the liberties (`libs` left empty):
    /// the members and neighbours are the same.
    pub fn find_neighbours(
        board: &Board,
        s: Point,
        liberty_cap: usize,
        proper: bool,
        test: LinkTest,
    ) -> Superstring {
        let wanted = Wanted {
            libs: false,
            adjs: true,
        };
        Self::walk(board, s, liberty_cap, proper, test, wanted)
    }

    /// The walk behind the three entry points: members breadth first
    /// from `s`, each stone's surroundings examined for links.
    fn walk(
        board: &Board,
        s: Point,
        liberty_cap: usize,
        proper: bool,
        test: LinkTest,
        wanted: Wanted,
    ) -> Superstring {
        let color = board.chain(s).color;
        let own = Cell::stone(color);
        let other = color.opponent();
        let mut ss = Superstring::default();
        let mut member = PointSet::new();
        let mut seen_lib = PointSet::new();
        let mut seen_adj = PointSet::new();
        // Stones whose surroundings are still to be examined, in order.
        let mut stones = PointList::new();
        let limit_stones = test == LinkTest::SelfAtari;
        // Neighbours listed: those with at most `liberty_cap` liberties.
        let adj_cap = if liberty_cap > 0 {
            liberty_cap
        } else {
            usize::MAX
        };

        let mut add_chain = |c: Point,
                             record: bool,
                             ss: &mut Superstring,
                             stones: &mut PointList,
                             member: &mut PointSet| {
            ss.chains.push(board.origin(c));
            for st in board.stones(c) {
                member.insert(st);
            }
            let too_many = liberty_cap > 0 && board.countlib(c) > liberty_cap;
            if !(limit_stones && too_many) {
                for st in board.stones(c) {
                    stones.push(st);
                }
            }
            if wanted.libs {
                // Every liberty is noted as seen, recorded or not: a
                // later member does not record it either.
                let keep = record && !too_many;
                board.for_each_lib(c, |l| {
                    if seen_lib.insert(l) && keep {
                        ss.libs.push(l);
                    }
                    true
                });
            }
            if wanted.adjs {
                for a in board.adjacent_chain_list(c, adj_cap) {
                    if seen_adj.insert(a) && record {
                        ss.adjs.push(a);
                    }
                }
            }
        };

        add_chain(s, !proper, &mut ss, &mut stones, &mut member);
        let mut r = 0;
        while r < stones.len() {
            let pos = stones[r];
            r += 1;
            for &(right_off, up_off) in &STEPS {
                // The points around `pos` (on the board: a stone), with
                // `right_off` the step to `a` and `up_off` a quarter turn:
                //
                //     e f
                //     g b
                //   pos a c
                //       d
                //
                // One-step points are read straight off the padded array
                // (a border cell when off the board); a two-step point is
                // one step from a point first found on the board, so it
                // is a valid index too. Each kind of link needs `a` empty
                // (uncuttable point, open diagonal) or ours (bamboo
                // joint), so `a` is looked at first: an opponent stone or
                // the edge there ends the direction at once. The links
                // are taken in the order uncuttable point, bamboo joint,
                // open diagonal.
                let a = step(pos, right_off);
                let a_cell = board.cell(a);
                let b = step(pos, right_off + up_off);
                let g = step(pos, up_off);
                if a_cell == Cell::Empty {
                    let unsafe_link = match test {
                        LinkTest::SelfAtari => is_self_atari(board, a, other),
                        LinkTest::FewLiberties => approxlib(board, a, other, 2) < 2,
                    };
                    if unsafe_link {
                        // `c` is two steps right: one from `a`.
                        let c = step(a, right_off);
                        let d = step(pos, right_off - up_off);
                        for q in [b, c, d] {
                            if board.cell(q) == own && !member.contains(q) {
                                add_chain(q, true, &mut ss, &mut stones, &mut member);
                            }
                        }
                    }
                    // Open diagonal.
                    if board.cell(b) == own && board.is_empty(g) && !member.contains(b) {
                        add_chain(b, true, &mut ss, &mut stones, &mut member);
                    }
                } else if a_cell == own && board.is_empty(b) && board.is_empty(g) {
                    // Bamboo joint: `f` is one step up from the empty
                    // `b`, `e` one step up from the empty `g`.
                    let f = step(b, up_off);
                    let e = step(g, up_off);
                    if board.cell(f) == own && board.cell(e) == own && !member.contains(e) {
                        add_chain(e, true, &mut ss, &mut stones, &mut member);
                    }
                }
            }
        }
        ss
    }
}
