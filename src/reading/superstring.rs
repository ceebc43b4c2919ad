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

use crate::board::{Board, Point, PointSet};
use crate::reading::libs::{approxlib, is_self_atari};
use crate::reading::moves::local::{add, go, neg, times, turn, DIRS};

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
#[derive(Clone, Debug, Default)]
pub struct Superstring {
    /// Origins of the member chains, the chain on `s` first.
    pub chains: Vec<Point>,
    /// Liberties of the members (see [`Superstring::find`] for which).
    pub libs: Vec<Point>,
    /// Origins of opponent chains next to the members (see
    /// [`Superstring::find`] for which).
    pub adjs: Vec<Point>,
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
        let color = board.chain(s).color;
        let other = color.opponent();
        let mut ss = Superstring::default();
        let mut member = PointSet::new();
        let mut seen_lib = PointSet::new();
        let mut seen_adj = PointSet::new();
        let mut stones: Vec<Point> = Vec::new();
        let mut libs = Vec::new();
        let mut adjs = Vec::new();
        let limit_stones = test == LinkTest::SelfAtari;

        let mut add_chain = |c: Point,
                             record: bool,
                             ss: &mut Superstring,
                             stones: &mut Vec<Point>,
                             member: &mut PointSet| {
            let origin = board.origin(c);
            ss.chains.push(origin);
            for st in board.stones(c) {
                member.insert(st);
            }
            board.findlib(c, &mut libs);
            let too_many = liberty_cap > 0 && libs.len() > liberty_cap;
            if !(limit_stones && too_many) {
                stones.extend(board.stones(c));
            }
            for &l in &libs {
                if seen_lib.insert(l) && record && !too_many {
                    ss.libs.push(l);
                }
            }
            board.adjacent_chains(c, &mut adjs);
            for &a in &adjs {
                if liberty_cap > 0 && board.countlib(a) > liberty_cap {
                    continue;
                }
                if seen_adj.insert(a) && record {
                    ss.adjs.push(a);
                }
            }
        };

        add_chain(s, !proper, &mut ss, &mut stones, &mut member);
        let mut r = 0;
        while r < stones.len() {
            let pos = stones[r];
            r += 1;
            for right in DIRS {
                let up = turn(right);
                let a = go(board, pos, right);
                if !board.on_board(a) || !a.is_some() {
                    continue;
                }
                let b = go(board, pos, add(right, up));
                let c = go(board, pos, times(2, right));
                let d = go(board, pos, add(right, neg(up)));
                let e = go(board, pos, times(2, up));
                let f = go(board, pos, add(right, times(2, up)));
                let g = go(board, pos, up);
                let mut candidates: [Point; 4] = [Point::NONE; 4];
                let mut n = 0;
                if board.is_empty(a) {
                    let unsafe_link = match test {
                        LinkTest::SelfAtari => is_self_atari(board, a, other),
                        LinkTest::FewLiberties => approxlib(board, a, other, 2) < 2,
                    };
                    if unsafe_link {
                        for q in [b, c, d] {
                            if board.cell(q).is(color) {
                                candidates[n] = q;
                                n += 1;
                            }
                        }
                    }
                }
                // Bamboo joint.
                if board.cell(a).is(color)
                    && board.is_empty(b)
                    && board.cell(f).is(color)
                    && board.cell(e).is(color)
                    && board.is_empty(g)
                {
                    candidates[n] = e;
                    n += 1;
                }
                // Open diagonal.
                if board.cell(b).is(color) && board.is_empty(a) && board.is_empty(g) {
                    candidates[n] = b;
                    n += 1;
                }
                for &q in &candidates[..n] {
                    if !member.contains(q) {
                        add_chain(q, true, &mut ss, &mut stones, &mut member);
                    }
                }
            }
        }
        ss
    }
}
