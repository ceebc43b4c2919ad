//! The value of an eye space, computed by an exact search of its local
//! game (no shape table).
//!
//! GNU Go counterpart: `recognize_eye` / `read_eye` in `engine/optics.c`,
//! which look the eye space's graph up in the hand-made database
//! `patterns/eyes.db`, and `struct eyevalue` (`set_eyevalue`, `min_eyes`,
//! `max_eyes`, `eye_move_urgency`). Here the value is *computed*: the eye
//! space is abstracted to a graph ([`EyeGraph`]: vertices, adjacency,
//! marginal flags, dead stones), and [`EyeSolver`] plays the local game on
//! it exhaustively, memoised by the state of the vertices. Only the graph
//! matters, so shapes with isomorphic graphs get the same value. Where to
//! start reading: [`EyeSolver::solve`].
//!
//! # The local game
//!
//! O owns the eye space, X attacks it. Each vertex is empty, holds an X
//! stone inside the space, or has been removed (filled by O, or taken by X
//! from the outside). An empty vertex is *marginal* when it was marginal
//! on the board (next to the opponent's area) or touches a vertex X has
//! taken from the outside. Moves:
//! - O fills any empty vertex (O's stones are part of the surrounding
//!   wall, which is never captured). An X group inside the space left
//!   without an empty neighbour is captured: its vertices become empty.
//! - X plays on a marginal vertex: the stone is connected to the outside,
//!   the vertex is removed, and so is every X group inside that touches
//!   it; their neighbours become marginal (GNU Go's rule 3).
//! - X plays on a proper vertex: the stone stays inside as a dead stone.
//!   It must keep an empty neighbour (no suicide; GNU Go's database
//!   assumes suicide is allowed, which only changes some threat digits).
//! - Either side may pass; two passes in a row end the game. Then every
//!   connected region of the remaining vertices (empty or X stones) with
//!   no marginal vertex is one eye; the count is capped at two.
//!
//! The game has no ko: X never captures (the wall is immortal) and O's
//! captures only empty points X had filled, so every line of play makes
//! progress (more O stones, or more X stones between O's moves) and the
//! search needs no ko bit.
//!
//! # The value `abcd`
//!
//! - `b`: X moves first, then alternate play; `c`: O moves first.
//! - `a`: like `b`, but O must play elsewhere (tenuki) once, at a moment
//!   of O's choosing, giving X an extra move; `d`: the same for O.
//!
//! So `a <= b <= c <= d`. GNU Go's `eval_eye` prints `b c`
//! ([`EyeValue::min_eyes`], [`EyeValue::max_eyes`]) and, when they differ,
//! a vital point for each side: the first moves that reach `b` for X
//! ([`EyeSolution::attacks`]) and `c` for O ([`EyeSolution::defenses`]).

use std::collections::HashMap;
use std::fmt;

/// The most vertices an [`EyeGraph`] can have (one bit each in a `u16`).
pub const MAX_VERTICES: usize = 16;

/// Default bound on the number of distinct positions one solve may
/// evaluate before it gives up (and the caller falls back on an estimate).
pub const DEFAULT_NODE_BUDGET: u64 = 400_000;

/// The eye value of a local game: the number of eyes (0-2, three eyes are
/// no better than two) under four conditions of play (see the module
/// docs). GNU Go's `struct eyevalue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct EyeValue {
    /// X moves first and gets one extra move (O tenukis once).
    pub a: u8,
    /// X moves first, then alternate play.
    pub b: u8,
    /// O moves first, then alternate play.
    pub c: u8,
    /// O moves first and gets one extra move (X tenukis once).
    pub d: u8,
}

impl EyeValue {
    /// The value `abcd`.
    pub const fn new(a: u8, b: u8, c: u8, d: u8) -> EyeValue {
        EyeValue { a, b, c, d }
    }

    /// A settled value: `n` eyes whoever moves.
    pub const fn settled(n: u8) -> EyeValue {
        EyeValue::new(n, n, n, n)
    }

    /// Eyes when the attacker moves first (GNU Go `min_eyes`).
    pub fn min_eyes(&self) -> u8 {
        self.b
    }

    /// Eyes when the owner moves first (GNU Go `max_eyes`).
    pub fn max_eyes(&self) -> u8 {
        self.c
    }

    /// Eyes left if the attacker gets an extra move (GNU Go `min_eye_threat`).
    pub fn min_eye_threat(&self) -> u8 {
        self.a
    }

    /// Eyes if the owner gets an extra move (GNU Go `max_eye_threat`).
    pub fn max_eye_threat(&self) -> u8 {
        self.d
    }

    /// True when the number of eyes does not depend on who moves first.
    pub fn is_settled(&self) -> bool {
        self.b == self.c
    }

    /// How much a move here changes the eye count (GNU Go
    /// `eye_move_urgency`): 0 when settled, else `d + c - b - a` with each
    /// digit capped at two (2 for a half eye, 3 for 3/4 or 5/4 eyes, 4 for
    /// a chimera `0022`).
    pub fn urgency(&self) -> u8 {
        if self.is_settled() {
            return 0;
        }
        let cap = |v: u8| v.min(2);
        (cap(self.d) + cap(self.c)).saturating_sub(cap(self.b) + cap(self.a))
    }
}

impl fmt::Display for EyeValue {
    /// `abcd`, as GNU Go's `eyevalue_to_string` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.a, self.b, self.c, self.d)
    }
}

/// The abstract graph of an eye space: vertices `0..len()`, their
/// adjacency, which are marginal, and which hold (dead) X stones.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EyeGraph {
    n: usize,
    adj: [u16; MAX_VERTICES],
    marginal: u16,
    stones: u16,
}

impl EyeGraph {
    /// A graph of `n` isolated, proper, empty vertices.
    ///
    /// # Panics
    /// If `n > MAX_VERTICES`.
    pub fn new(n: usize) -> EyeGraph {
        assert!(n <= MAX_VERTICES, "eye graph of {n} vertices");
        EyeGraph {
            n,
            adj: [0; MAX_VERTICES],
            marginal: 0,
            stones: 0,
        }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.n
    }

    /// True for a graph without vertices.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Join `i` and `j` (no-op for `i == j`).
    pub fn add_edge(&mut self, i: usize, j: usize) {
        if i != j {
            self.adj[i] |= 1 << j;
            self.adj[j] |= 1 << i;
        }
    }

    /// Mark `i` as marginal (`!`).
    pub fn set_marginal(&mut self, i: usize) {
        self.marginal |= 1 << i;
    }

    /// Put a dead X stone on `i`.
    pub fn set_stone(&mut self, i: usize) {
        self.stones |= 1 << i;
    }

    /// True when `i` and `j` are adjacent.
    pub fn adjacent(&self, i: usize, j: usize) -> bool {
        self.adj[i] & (1 << j) != 0
    }

    /// True when `i` is marginal.
    pub fn is_marginal(&self, i: usize) -> bool {
        self.marginal & (1 << i) != 0
    }

    /// True when `i` holds an X stone.
    pub fn has_stone(&self, i: usize) -> bool {
        self.stones & (1 << i) != 0
    }

    /// Number of neighbours of `i`.
    pub fn degree(&self, i: usize) -> usize {
        self.adj[i].count_ones() as usize
    }

    /// Number of marginal vertices.
    pub fn marginal_count(&self) -> usize {
        self.marginal.count_ones() as usize
    }

    fn all(&self) -> u16 {
        if self.n == MAX_VERTICES {
            u16::MAX
        } else {
            (1u16 << self.n) - 1
        }
    }

    /// The union of the neighbours of the vertices in `set`.
    fn neighbors_of(&self, set: u16) -> u16 {
        let mut out = 0;
        let mut rest = set;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= self.adj[v];
        }
        out
    }

    /// The connected part of `within` that contains `seed` (a subset of
    /// `within`).
    fn flood(&self, seed: u16, within: u16) -> u16 {
        let mut set = seed & within;
        loop {
            let grown = (set | self.neighbors_of(set)) & within;
            if grown == set {
                return set;
            }
            set = grown;
        }
    }
}

/// The value of an eye graph and the vital moves of the first player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSolution {
    /// The eye value `abcd`.
    pub value: EyeValue,
    /// X's first moves that hold the owner to `b` eyes, best first (empty
    /// when the value is settled).
    pub attacks: Vec<usize>,
    /// O's first moves that reach `c` eyes, best first (empty when the
    /// value is settled).
    pub defenses: Vec<usize>,
}

/// Who is to move in the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// The owner.
    O,
    /// The attacker.
    X,
}

/// An extra move one side is owed (the `a` and `d` digits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tempo {
    /// Plain alternate play.
    Even,
    /// O must tenuki once, at a moment of its choosing.
    XOwed,
    /// X must tenuki once.
    OOwed,
}

/// A position of the local game: which vertices hold X stones inside the
/// space, which O has filled, which X has taken from the outside. The
/// others are empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    xin: u16,
    o: u16,
    xout: u16,
}

/// A node of the search: the position and the context of play.
#[derive(Clone, Copy, Debug)]
struct Node {
    s: State,
    mover: Side,
    /// The previous move was a pass (a second one ends the game).
    passed: bool,
    tempo: Tempo,
}

impl Node {
    fn key(&self) -> u64 {
        let tempo = match self.tempo {
            Tempo::Even => 0u64,
            Tempo::XOwed => 1,
            Tempo::OOwed => 2,
        };
        u64::from(self.s.xin)
            | u64::from(self.s.o) << 16
            | u64::from(self.s.xout) << 32
            | u64::from(self.mover == Side::X) << 48
            | u64::from(self.passed) << 49
            | tempo << 50
    }
}

/// The search of the local game, with its memo table (GNU Go has no
/// counterpart: it looks values up in `eyes.db`). One solver can solve any
/// number of graphs; the table is cleared for each.
#[derive(Debug)]
pub struct EyeSolver {
    memo: HashMap<u64, u8>,
    nodes: u64,
    budget: u64,
    exhausted: bool,
}

impl Default for EyeSolver {
    fn default() -> Self {
        EyeSolver::new()
    }
}

impl EyeSolver {
    /// A solver with the default node budget.
    pub fn new() -> EyeSolver {
        EyeSolver::with_budget(DEFAULT_NODE_BUDGET)
    }

    /// A solver that gives up after `budget` distinct positions per graph.
    pub fn with_budget(budget: u64) -> EyeSolver {
        EyeSolver {
            memo: HashMap::new(),
            nodes: 0,
            budget,
            exhausted: false,
        }
    }

    /// Positions evaluated by the last [`EyeSolver::solve`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact value of `g` and the vital first moves, or `None` when the
    /// search ran out of its node budget.
    ///
    /// ```
    /// use tesuji::eyes::value::{EyeGraph, EyeSolver, EyeValue};
    /// // Straight three, closed: the middle is vital for both sides.
    /// let mut g = EyeGraph::new(3);
    /// g.add_edge(0, 1);
    /// g.add_edge(1, 2);
    /// let sol = EyeSolver::new().solve(&g).unwrap();
    /// assert_eq!(sol.value, EyeValue::new(1, 1, 2, 2));
    /// assert_eq!((sol.attacks[0], sol.defenses[0]), (1, 1));
    /// ```
    pub fn solve(&mut self, g: &EyeGraph) -> Option<EyeSolution> {
        self.memo.clear();
        self.nodes = 0;
        self.exhausted = false;
        let start = State {
            xin: g.stones,
            o: 0,
            xout: 0,
        };
        let root = |mover, tempo| Node {
            s: start,
            mover,
            passed: false,
            tempo,
        };
        let b = self.value(g, root(Side::X, Tempo::Even));
        let c = self.value(g, root(Side::O, Tempo::Even));
        let a = self.value(g, root(Side::X, Tempo::XOwed));
        let d = self.value(g, root(Side::O, Tempo::OOwed));
        let value = EyeValue::new(a, b, c, d);
        let mut attacks = Vec::new();
        let mut defenses = Vec::new();
        if b != c {
            // Rank the moves that reach the value by what they threaten:
            // X's move that leaves least if X may move again, O's move
            // that leaves most if O may move again.
            let mut ranked: Vec<(u8, usize)> = Vec::new();
            for v in 0..g.n {
                if let Some(s) = x_move(g, start, v) {
                    let after = |mover| Node {
                        s,
                        mover,
                        passed: false,
                        tempo: Tempo::Even,
                    };
                    if self.value(g, after(Side::O)) == b {
                        ranked.push((self.value(g, after(Side::X)), v));
                    }
                }
            }
            ranked.sort();
            attacks = ranked.iter().map(|&(_, v)| v).collect();
            ranked.clear();
            for v in 0..g.n {
                if let Some(s) = o_move(g, start, v) {
                    let after = |mover| Node {
                        s,
                        mover,
                        passed: false,
                        tempo: Tempo::Even,
                    };
                    if self.value(g, after(Side::X)) == c {
                        ranked.push((2 - self.value(g, after(Side::O)), v));
                    }
                }
            }
            ranked.sort();
            defenses = ranked.iter().map(|&(_, v)| v).collect();
        }
        if self.exhausted {
            return None;
        }
        Some(EyeSolution {
            value,
            attacks,
            defenses,
        })
    }

    /// The number of eyes (0-2) with best play from `node`.
    fn value(&mut self, g: &EyeGraph, node: Node) -> u8 {
        let key = node.key();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        if self.exhausted {
            return 0;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.exhausted = true;
            return 0;
        }
        let s = node.s;
        let res = match node.mover {
            Side::O => {
                // Passing (or the owed tenuki) first: it is never illegal.
                let mut best = match (node.tempo, node.passed) {
                    (Tempo::XOwed, _) => self.value(
                        g,
                        Node {
                            s,
                            mover: Side::X,
                            passed: false,
                            tempo: Tempo::Even,
                        },
                    ),
                    (_, true) => score(g, s),
                    (_, false) => self.value(
                        g,
                        Node {
                            s,
                            mover: Side::X,
                            passed: true,
                            tempo: node.tempo,
                        },
                    ),
                };
                let mut free = empty(g, s);
                while free != 0 && best < 2 {
                    let v = free.trailing_zeros() as usize;
                    free &= free - 1;
                    if let Some(next) = o_move(g, s, v) {
                        let val = self.value(
                            g,
                            Node {
                                s: next,
                                mover: Side::X,
                                passed: false,
                                tempo: node.tempo,
                            },
                        );
                        best = best.max(val);
                    }
                }
                best
            }
            Side::X => {
                let mut best = match (node.tempo, node.passed) {
                    (Tempo::OOwed, _) => self.value(
                        g,
                        Node {
                            s,
                            mover: Side::O,
                            passed: false,
                            tempo: Tempo::Even,
                        },
                    ),
                    (_, true) => score(g, s),
                    (_, false) => self.value(
                        g,
                        Node {
                            s,
                            mover: Side::O,
                            passed: true,
                            tempo: node.tempo,
                        },
                    ),
                };
                let mut free = empty(g, s);
                while free != 0 && best > 0 {
                    let v = free.trailing_zeros() as usize;
                    free &= free - 1;
                    if let Some(next) = x_move(g, s, v) {
                        let val = self.value(
                            g,
                            Node {
                                s: next,
                                mover: Side::O,
                                passed: false,
                                tempo: node.tempo,
                            },
                        );
                        best = best.min(val);
                    }
                }
                best
            }
        };
        if !self.exhausted {
            self.memo.insert(key, res);
        }
        res
    }
}

/// The empty vertices of `s`.
fn empty(g: &EyeGraph, s: State) -> u16 {
    g.all() & !(s.xin | s.o | s.xout)
}

/// The vertices still in the space that are marginal: marginal on the
/// board, or next to a vertex X has taken from the outside.
fn marginal(g: &EyeGraph, s: State) -> u16 {
    (g.marginal | g.neighbors_of(s.xout)) & g.all() & !(s.o | s.xout)
}

/// O fills the empty vertex `v`, capturing X groups left without an empty
/// neighbour.
fn o_move(g: &EyeGraph, s: State, v: usize) -> Option<State> {
    let bit = 1u16 << v;
    if empty(g, s) & bit == 0 {
        return None;
    }
    let mut next = State { o: s.o | bit, ..s };
    let free = empty(g, next);
    let mut touched = g.adj[v] & next.xin;
    while touched != 0 {
        let group = g.flood(touched & touched.wrapping_neg(), next.xin);
        touched &= !group;
        if g.neighbors_of(group) & free == 0 {
            next.xin &= !group;
        }
    }
    Some(next)
}

/// X plays on the empty vertex `v`: from the outside when it is marginal,
/// else as a stone inside (illegal when it would have no empty neighbour).
fn x_move(g: &EyeGraph, s: State, v: usize) -> Option<State> {
    let bit = 1u16 << v;
    if empty(g, s) & bit == 0 {
        return None;
    }
    if marginal(g, s) & bit != 0 {
        let mut next = State {
            xout: s.xout | bit,
            ..s
        };
        // Inside X groups touching the new outside stone join it.
        let joined = g.flood(g.neighbors_of(next.xout) & next.xin, next.xin);
        next.xin &= !joined;
        next.xout |= joined;
        return Some(next);
    }
    let next = State {
        xin: s.xin | bit,
        ..s
    };
    let group = g.flood(bit, next.xin);
    (g.neighbors_of(group) & empty(g, next) != 0).then_some(next)
}

/// The eyes of a finished local game: regions of the remaining vertices
/// without a marginal vertex, at most two.
fn score(g: &EyeGraph, s: State) -> u8 {
    let mut rest = g.all() & !(s.o | s.xout);
    let open = marginal(g, s);
    let mut eyes = 0u8;
    while rest != 0 && eyes < 2 {
        let region = g.flood(rest & rest.wrapping_neg(), rest);
        rest &= !region;
        if region & open == 0 {
            eyes += 1;
        }
    }
    eyes
}

#[cfg(test)]
mod tests;
