//! The value of an eye space, computed by an exact search of its local
//! game (no shape table).
//!
//! GNU Go counterpart: `recognize_eye` / `read_eye` in `engine/optics.c`,
//! which look the eye space's graph up in the hand-made database
//! `patterns/eyes.db`, and `struct eyevalue` (`set_eyevalue`, `min_eyes`,
//! `max_eyes`, `eye_move_urgency`). Here the value is *computed*: the eye
//! space is abstracted to a graph ([`EyeGraph`]: vertices, adjacency,
//! marginal vertices, vertices next to the owner's stones, dead stones),
//! and [`EyeSolver`] plays the local game on it exhaustively, memoised by
//! the state of the vertices. Only the graph matters, so shapes with
//! isomorphic graphs get the same value. Where to start reading:
//! [`EyeSolver::solve`].
//!
//! # The local game
//!
//! O owns the eye space, X attacks it. Each vertex is empty, holds an O
//! stone, holds an X stone inside the space, or has been taken by X from
//! the outside (removed). A vertex may *touch the wall* (be next to the
//! owner's surrounding stones on the board); an O group with such a vertex
//! is part of the wall and never captured. An empty vertex is *marginal*
//! when it was marginal on the board (next to the opponent's area) or
//! touches a vertex X has taken from the outside. Moves, as on a board:
//! - O plays on an empty vertex, capturing X groups left without an empty
//!   neighbour. Its group must then touch the wall or keep an empty
//!   neighbour (no suicide). O may also capture an X group that has no
//!   empty neighbour in the space (dead stones whose last liberties are
//!   outside it): its vertices become empty.
//! - X plays on a marginal vertex: the stone is connected to the outside,
//!   the vertex is removed, and so is every X group inside that touches
//!   it; their neighbours become marginal (GNU Go's rule 3). It captures
//!   O groups off the wall left without an empty neighbour.
//! - X plays on a proper vertex: the stone stays inside; it captures as
//!   above and must keep an empty neighbour (no suicide; GNU Go's
//!   database assumes suicide is allowed, which only changes some threat
//!   digits).
//! - Captured vertices become empty. A vertex where X captured a single O
//!   stone is X's for good: O may not play there again. So every ko is won
//!   by X, the side that does not need the eye space (an eye value has no
//!   digit for a ko either), and the search needs no ko bit. Longer
//!   cycles of captures (sending two and returning one, over and over)
//!   are possible but rare; they go to X as well: a line of play that
//!   comes back to a position on it is lost for O. A result that leaned
//!   on such a repetition of an earlier position of the line depends on
//!   the line, so it is not memoised (only results whose repetitions
//!   stay within their own subtree are).
//! - A half eye's key diagonal points are one marginal vertex next to the
//!   half-eye point: taking it from outside makes the point marginal, but
//!   it connects no stones and is no liberty. A move on a vertex linked to
//!   it (a key point that is also a point of the space) plays both.
//! - Either side may pass; two passes in a row end the game. Then every
//!   connected region of empty vertices and X stones (O stones separate
//!   regions) without a marginal vertex is one eye; the count is capped at
//!   two.
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

use std::fmt;

use crate::board::KeyMap;

mod memo;
use memo::{Entry, Memo, Probe, Slot};

/// The log target under which [`EyeSolver::solve`] writes each graph it
/// solves ([`EyeGraph::to_line`], after the words `eye graph`) at trace
/// level: `RUST_LOG=tesuji::eyes::graph=trace` collects the graphs a run
/// asks for.
pub const GRAPH_LOG: &str = "tesuji::eyes::graph";

/// The most vertices an [`EyeGraph`] can have (one bit each in a `u16`).
pub const MAX_VERTICES: usize = 16;

/// Default bound on the number of distinct positions one solve may
/// evaluate before it gives up (and the caller falls back on an estimate).
pub const DEFAULT_NODE_BUDGET: u64 = 400_000;

/// How many solved graphs one [`EyeSolver`] remembers.
pub const REMEMBERED_GRAPHS: usize = 50_000;

/// A line of play longer than this makes the solve give up too (a guard
/// for the stack; repetitions are noticed directly).
pub const MAX_LINE: usize = 200;

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

impl EyeValue {
    /// The eyes of several independent eye spaces together (GNU Go
    /// `add_eyevalues`, used for a dragon's genus), by a model of our own:
    /// each space that is not settled at one number is a switch in which
    /// the first local move decides between `b` and `c`, and a second move
    /// in a row by the same side gives `a` or `d`. With alternate play the
    /// sides take the switches in order of their swing `c - b`, the first
    /// player first; a side owed an extra move uses it at the start, on
    /// the switch where it gains most, either as a second move there or as
    /// a first move elsewhere. Settled spaces add their count to every
    /// digit. Digits are not capped (a dragon can have three eyes).
    ///
    /// ```
    /// use tesuji::eyes::value::EyeValue;
    /// // Two half eyes are miai: one eye, two if the owner moves twice.
    /// let half = EyeValue::new(0, 0, 1, 1);
    /// assert_eq!(EyeValue::sum(&[half, half]), EyeValue::new(0, 1, 1, 2));
    /// ```
    pub fn sum(values: &[EyeValue]) -> EyeValue {
        let mut base = 0u8;
        let mut hot: Vec<EyeValue> = Vec::new();
        for &v in values {
            if v.a == v.b && v.b == v.c && v.c == v.d {
                base += v.b;
            } else {
                hot.push(v);
            }
        }
        // Largest swing first.
        hot.sort_by_key(|v| std::cmp::Reverse(v.c.saturating_sub(v.b)));
        let b = base + alternate(&hot, false);
        let c = base + alternate(&hot, true);
        let mut a = b;
        let mut d = c;
        for j in 0..hot.len() {
            let mut rest = hot.clone();
            let v = rest.remove(j);
            a = a.min(base + (v.a + alternate(&rest, true)).min(v.b + alternate(&rest, false)));
            d = d.max(base + (v.d + alternate(&rest, false)).max(v.c + alternate(&rest, true)));
        }
        EyeValue::new(a, b, c, d)
    }
}

/// The eyes of switches (sorted by swing, largest first) taken in turn,
/// the owner first when `owner_first`: each taken by the attacker yields
/// its `b`, by the owner its `c`.
fn alternate(switches: &[EyeValue], owner_first: bool) -> u8 {
    switches
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if (i % 2 == 0) == owner_first {
                v.c
            } else {
                v.b
            }
        })
        .sum()
}

impl fmt::Display for EyeValue {
    /// `abcd`, as GNU Go's `eyevalue_to_string` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.a, self.b, self.c, self.d)
    }
}

/// The abstract graph of an eye space: vertices `0..len()`, their
/// adjacency, which are marginal, which touch the owner's wall, which hold
/// (dead) X stones, and which moves play two vertices at once (a board
/// point that is both a vertex and the key point of a half eye).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EyeGraph {
    n: usize,
    /// The mask of the `n` vertices (derived from `n`; kept, as the
    /// search asks for it at every move).
    all: u16,
    adj: [u16; MAX_VERTICES],
    marginal: u16,
    wall: u16,
    stones: u16,
    keys: u16,
    owner_links: [u16; MAX_VERTICES],
    attacker_links: [u16; MAX_VERTICES],
}

impl EyeGraph {
    /// A graph of `n` isolated, proper, empty vertices, off the wall.
    ///
    /// # Panics
    /// If `n > MAX_VERTICES`.
    pub fn new(n: usize) -> EyeGraph {
        assert!(n <= MAX_VERTICES, "eye graph of {n} vertices");
        EyeGraph {
            n,
            all: if n == MAX_VERTICES {
                u16::MAX
            } else {
                (1u16 << n) - 1
            },
            adj: [0; MAX_VERTICES],
            marginal: 0,
            wall: 0,
            stones: 0,
            keys: 0,
            owner_links: [0; MAX_VERTICES],
            attacker_links: [0; MAX_VERTICES],
        }
    }

    /// The graph as one line of text, for benchmarks (`tesuji-bench
    /// --eye-graphs`): the vertex count, then the adjacency masks, the
    /// marginal, wall, stone and key masks, and the owner's and attacker's
    /// move links, in hexadecimal, lists joined by commas. Read back by
    /// [`EyeGraph::from_line`].
    pub fn to_line(&self) -> String {
        let list = |masks: &[u16]| {
            masks
                .iter()
                .map(|m| format!("{m:x}"))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{} {} {:x} {:x} {:x} {:x} {} {}",
            self.n,
            list(&self.adj[..self.n]),
            self.marginal,
            self.wall,
            self.stones,
            self.keys,
            list(&self.owner_links[..self.n]),
            list(&self.attacker_links[..self.n]),
        )
    }

    /// The graph [`EyeGraph::to_line`] wrote (`None` for anything else,
    /// or masks that name vertices beyond the count).
    pub fn from_line(line: &str) -> Option<EyeGraph> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [n, adj, marginal, wall, stones, keys, owner, attacker] = fields[..] else {
            return None;
        };
        let n: usize = n
            .parse()
            .ok()
            .filter(|&n| (1..=MAX_VERTICES).contains(&n))?;
        let mask = |t: &str| u16::from_str_radix(t, 16).ok();
        let list = |t: &str| -> Option<Vec<u16>> { t.split(',').map(mask).collect() };
        let mut g = EyeGraph::new(n);
        let (adj, owner, attacker) = (list(adj)?, list(owner)?, list(attacker)?);
        if adj.len() != n || owner.len() != n || attacker.len() != n {
            return None;
        }
        g.adj[..n].copy_from_slice(&adj);
        g.owner_links[..n].copy_from_slice(&owner);
        g.attacker_links[..n].copy_from_slice(&attacker);
        g.marginal = mask(marginal)?;
        g.wall = mask(wall)?;
        g.stones = mask(stones)?;
        g.keys = mask(keys)?;
        let all = g.all();
        let masks = [g.marginal, g.wall, g.stones, g.keys];
        let in_range = masks
            .iter()
            .chain(&g.adj[..n])
            .chain(&g.owner_links[..n])
            .chain(&g.attacker_links[..n])
            .all(|&m| m & !all == 0);
        in_range.then_some(g)
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

    /// Mark `i` as touching the owner's surrounding stones: an O stone
    /// there is connected to the wall and cannot be captured.
    pub fn set_wall(&mut self, i: usize) {
        self.wall |= 1 << i;
    }

    /// Put a dead X stone on `i`.
    pub fn set_stone(&mut self, i: usize) {
        self.stones |= 1 << i;
    }

    /// Make `i` stand for the key diagonal points of a half eye (a
    /// marginal vertex next to the half-eye point, on the wall): taking it
    /// from the outside makes that point marginal, but a stone on it is
    /// not part of any group on the graph and is no liberty of one (the
    /// diagonal is not connected to the point).
    pub fn set_key_point(&mut self, i: usize) {
        self.keys |= 1 << i;
    }

    /// An owner's move at `i` also plays at `j` (a vertex that is the
    /// owner's key point of the half eye standing behind `j`).
    pub fn link_owner_move(&mut self, i: usize, j: usize) {
        self.owner_links[i] |= 1 << j;
    }

    /// An attacker's move at `i` also plays at `j`.
    pub fn link_attacker_move(&mut self, i: usize, j: usize) {
        self.attacker_links[i] |= 1 << j;
    }

    /// True when `i` and `j` are adjacent.
    pub fn adjacent(&self, i: usize, j: usize) -> bool {
        self.adj[i] & (1 << j) != 0
    }

    /// True when `i` is marginal.
    pub fn is_marginal(&self, i: usize) -> bool {
        self.marginal & (1 << i) != 0
    }

    /// True when `i` touches the owner's wall.
    pub fn touches_wall(&self, i: usize) -> bool {
        self.wall & (1 << i) != 0
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

    #[inline]
    fn all(&self) -> u16 {
        self.all
    }
}

/// The graph as the search reads it: the [`EyeGraph`] (its fields through
/// `Deref`) with the neighbours of every set of vertices at hand. The
/// search asks for the neighbours of a group at nearly every move it
/// tries; two looks in per-byte tables replace a walk over the group's
/// vertices. Built once per solve (512 entries).
struct SearchGraph<'g> {
    graph: &'g EyeGraph,
    /// The neighbours of each set of vertices 0-7, by its mask.
    low: [u16; 256],
    /// The neighbours of each set of vertices 8-15, by its mask shifted
    /// down by eight.
    high: [u16; 256],
}

impl<'g> SearchGraph<'g> {
    fn new(graph: &'g EyeGraph) -> SearchGraph<'g> {
        let mut low = [0u16; 256];
        let mut high = [0u16; 256];
        // Each set is a smaller set (without its lowest vertex) plus that
        // vertex.
        for set in 1..256usize {
            let v = set.trailing_zeros() as usize;
            let smaller = set & (set - 1);
            low[set] = low[smaller] | graph.adj[v];
            high[set] = high[smaller] | graph.adj[v + 8];
        }
        SearchGraph { graph, low, high }
    }

    /// The union of the neighbours of the vertices in `set`.
    #[inline]
    fn neighbors_of(&self, set: u16) -> u16 {
        self.low[usize::from(set & 0xff)] | self.high[usize::from(set >> 8)]
    }

    /// The connected part of `within` that contains `seed` (a subset of
    /// `within`).
    #[inline]
    fn flood(&self, seed: u16, within: u16) -> u16 {
        let mut set = seed & within;
        // Only the newest ring grows the set.
        let mut ring = set;
        while ring != 0 {
            ring = self.neighbors_of(ring) & within & !set;
            set |= ring;
        }
        set
    }
}

impl std::ops::Deref for SearchGraph<'_> {
    type Target = EyeGraph;

    fn deref(&self) -> &EyeGraph {
        self.graph
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
    /// The tier of each of `attacks`: 0 for the best, one more at each
    /// step down the ranking. Moves of one tier are ranked alike, and
    /// their order in `attacks` (vertex order, which follows the board's
    /// orientation) means nothing.
    pub attack_tiers: Vec<u8>,
    /// The tier of each of `defenses`, as `attack_tiers`.
    pub defense_tiers: Vec<u8>,
}

/// The tiers of a list sorted by `grade`: 0 for the first grade, one more
/// at each change of grade (capped at 255).
pub fn tiers_of<T, G: PartialEq>(sorted: &[T], grade: impl Fn(&T) -> G) -> Vec<u8> {
    let mut tiers: Vec<u8> = Vec::with_capacity(sorted.len());
    for (i, item) in sorted.iter().enumerate() {
        let tier = match i.checked_sub(1) {
            None => 0,
            Some(j) if grade(&sorted[j]) == grade(item) => tiers[j],
            Some(j) => tiers[j].saturating_add(1),
        };
        tiers.push(tier);
    }
    tiers
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
/// space, O stones, or were taken by X from the outside (the others are
/// empty), and where O's stones were captured (O may not play there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    xin: u16,
    o: u16,
    xout: u16,
    lost: u16,
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
    /// The node's memo key with threshold `k` (1 or 2), in
    /// [`memo::KEY_BITS`] bits and never 0. A vertex's state takes two
    /// bits, one in each plane (X inside: x; O: o; X from outside: both),
    /// since the three stone sets are disjoint.
    fn key(&self, k: u8) -> u64 {
        let tempo = match self.tempo {
            Tempo::Even => 0u64,
            Tempo::XOwed => 1,
            Tempo::OOwed => 2,
        };
        debug_assert!(
            self.s.xin & self.s.o == 0
                && self.s.xin & self.s.xout == 0
                && self.s.o & self.s.xout == 0
        );
        let x_plane = self.s.xin | self.s.xout;
        let o_plane = self.s.o | self.s.xout;
        u64::from(x_plane)
            | u64::from(o_plane) << 16
            | u64::from(self.s.lost) << 32
            | u64::from(self.mover == Side::X) << 48
            | u64::from(self.passed) << 49
            | tempo << 50
            | u64::from(k) << 52
    }

    /// The node after a pass (or a tenuki) by the side to move.
    fn after_pass(&self, passed: bool, tempo: Tempo) -> Node {
        Node {
            s: self.s,
            mover: self.other(),
            passed,
            tempo,
        }
    }

    /// The node after a move leading to `s`.
    /// The start of a game: `mover` to move, no pass yet, with `tempo`.
    fn root(s: State, mover: Side, tempo: Tempo) -> Node {
        Node {
            s,
            mover,
            passed: false,
            tempo,
        }
    }

    fn after_move(&self, s: State) -> Node {
        Node {
            s,
            mover: self.other(),
            passed: false,
            tempo: self.tempo,
        }
    }

    fn other(&self) -> Side {
        match self.mover {
            Side::O => Side::X,
            Side::X => Side::O,
        }
    }
}

/// The search of the local game, with its memo table (GNU Go has no
/// counterpart: it looks values up in `eyes.db`). One solver can solve any
/// number of graphs; the table is cleared for each.
///
/// The value (0, 1 or 2 eyes) of a node is found by two threshold
/// searches - can O make at least one eye, at least two - each an AND/OR
/// search that stops at the first success, memoised by the node and the
/// threshold.
#[derive(Debug)]
pub struct EyeSolver {
    memo: Memo,
    /// Graphs solved before, with their answers (see
    /// [`EyeSolver::solve_remembered`]); hashed with the engine's cheap
    /// [`crate::board::KeyHasher`] (the owl looks a graph up for every eye
    /// space at every node it judges).
    solved: KeyMap<EyeGraph, Option<EyeSolution>>,
    /// Length of the line of play being searched.
    line: usize,
    /// The shortest line length of an open node the current subtree came
    /// back to (`usize::MAX`: none); a result is memoised only if that
    /// node is not above it.
    repeated: usize,
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
            memo: Memo::default(),
            solved: KeyMap::default(),
            line: 0,
            repeated: usize::MAX,
            nodes: 0,
            budget,
            exhausted: false,
        }
    }

    /// Positions evaluated by the last [`EyeSolver::solve`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// [`EyeSolver::solve`], remembering the answer for the graph: a
    /// solver kept across positions (the owl's) solves each graph once.
    /// The answer is the same as a fresh solve's: it depends on the graph
    /// alone. At most [`REMEMBERED_GRAPHS`] are kept (then the table
    /// starts again).
    pub fn solve_remembered(&mut self, g: &EyeGraph) -> Option<EyeSolution> {
        if let Some(sol) = self.solved.get(g) {
            return sol.clone();
        }
        let sol = self.solve(g);
        if self.solved.len() >= REMEMBERED_GRAPHS {
            self.solved.clear();
        }
        self.solved.insert(g.clone(), sol.clone());
        sol
    }

    /// The exact value of `g` and the vital first moves, or `None` when the
    /// search ran out of its node budget (or met a line of play too long).
    /// A line that repeats a position is lost for O (see the module docs).
    ///
    /// ```
    /// use tesuji::eyes::value::{EyeGraph, EyeSolver, EyeValue};
    /// // Straight three on the wall, closed: the middle is vital.
    /// let mut g = EyeGraph::new(3);
    /// g.add_edge(0, 1);
    /// g.add_edge(1, 2);
    /// (0..3).for_each(|v| g.set_wall(v));
    /// let sol = EyeSolver::new().solve(&g).unwrap();
    /// assert_eq!(sol.value, EyeValue::new(1, 1, 2, 2));
    /// assert_eq!((sol.attacks[0], sol.defenses[0]), (1, 1));
    /// ```
    pub fn solve(&mut self, graph: &EyeGraph) -> Option<EyeSolution> {
        // The graphs real positions ask for, for `scripts/eye-bench.sh`.
        log::trace!(target: GRAPH_LOG, "eye graph {}", graph.to_line());
        let g = &SearchGraph::new(graph);
        let start = self.begin(g);
        let root = |mover, tempo| Node::root(start, mover, tempo);
        // `a <= b <= c <= d` (a move or a tenuki in hand is never worth
        // less: see `the_four_values_are_ordered` in the tests), so each
        // value after the first is read only within the bounds the
        // others leave. O's first, the cheapest to read; then X's first
        // at most it, and so on. Reading them unbounded, in the order
        // b, c, a, d, gives the same values at more positions (with the
        // one-threshold test of the vital points below: 45.1M against
        // 38.5M on the graphs of owl, ld_owl and semeai.tst).
        let c = self.value_within(g, root(Side::O, Tempo::Even), 0, 2);
        let b = self.value_within(g, root(Side::X, Tempo::Even), 0, c);
        let a = self.value_within(g, root(Side::X, Tempo::XOwed), 0, b);
        let d = self.value_within(g, root(Side::O, Tempo::OOwed), c, 2);
        let value = EyeValue::new(a, b, c, d);
        let (mut attacks, mut attack_tiers) = (Vec::new(), Vec::new());
        let (mut defenses, mut defense_tiers) = (Vec::new(), Vec::new());
        if b != c {
            // The moves that reach the value, ranked by what they
            // threaten (X's move that leaves least if X may move again,
            // O's that leaves most), then preferring a point vital for
            // both sides, then one on the wall.
            let mut ranked: [Vec<(u8, usize)>; 2] = [Vec::new(), Vec::new()];
            for (k, side) in [Side::X, Side::O].into_iter().enumerate() {
                let node = root(side, Tempo::Even);
                for v in 0..g.n {
                    let Some(s) = play(g, start, side, v) else {
                        continue;
                    };
                    let reply = node.after_move(s);
                    let again = Node {
                        mover: side,
                        ..reply
                    };
                    // No X move leaves O less than `b`, no O move more
                    // than `c`: one threshold tells whether it reaches
                    // that value.
                    let reaches_value = match side {
                        Side::X => !self.reaches(g, reply, b + 1),
                        Side::O => self.reaches(g, reply, c),
                    };
                    if reaches_value {
                        let rank = match side {
                            Side::X => self.value(g, again),
                            Side::O => 2 - self.value(g, again),
                        };
                        ranked[k].push((rank, v));
                    }
                }
            }
            let order = |mine: &[(u8, usize)], theirs: &[(u8, usize)]| {
                let mut keyed: Vec<(u8, bool, bool, usize)> = mine
                    .iter()
                    .map(|&(rank, v)| {
                        let shared = theirs.iter().any(|&(_, u)| u == v);
                        (rank, !shared, !g.touches_wall(v), v)
                    })
                    .collect();
                keyed.sort();
                let tiers = tiers_of(&keyed, |k| (k.0, k.1, k.2));
                let moves = keyed
                    .into_iter()
                    .map(|(_, _, _, v)| v)
                    .collect::<Vec<usize>>();
                (moves, tiers)
            };
            (attacks, attack_tiers) = order(&ranked[0], &ranked[1]);
            (defenses, defense_tiers) = order(&ranked[1], &ranked[0]);
        }
        if self.exhausted {
            return None;
        }
        Some(EyeSolution {
            value,
            attacks,
            defenses,
            attack_tiers,
            defense_tiers,
        })
    }

    /// The number of eyes (0-2) with best play from `node`.
    fn value(&mut self, g: &SearchGraph, node: Node) -> u8 {
        if self.reaches(g, node, 2) {
            2
        } else if self.reaches(g, node, 1) {
            1
        } else {
            0
        }
    }

    /// A fresh search of `g`: the memo table, the line and the counts
    /// cleared. Returns the graph's starting position.
    fn begin(&mut self, g: &SearchGraph) -> State {
        self.memo.clear();
        self.line = 0;
        self.repeated = usize::MAX;
        self.nodes = 0;
        self.exhausted = false;
        State {
            xin: g.stones,
            o: 0,
            xout: 0,
            lost: 0,
        }
    }

    /// The four values of `graph` each read on its own, without the
    /// bounds [`EyeSolver::solve`] takes from the others (`None`: out of
    /// budget). For the test that the bounds hold.
    #[cfg(test)]
    fn values_unbounded(&mut self, graph: &EyeGraph) -> Option<EyeValue> {
        let g = &SearchGraph::new(graph);
        let start = self.begin(g);
        let root = |mover, tempo| Node::root(start, mover, tempo);
        let b = self.value(g, root(Side::X, Tempo::Even));
        let c = self.value(g, root(Side::O, Tempo::Even));
        let a = self.value(g, root(Side::X, Tempo::XOwed));
        let d = self.value(g, root(Side::O, Tempo::OOwed));
        (!self.exhausted).then(|| EyeValue::new(a, b, c, d))
    }

    /// [`EyeSolver::value`] of a node whose value is known to lie within
    /// `lo..=hi`: only the thresholds between them are read.
    fn value_within(&mut self, g: &SearchGraph, node: Node, lo: u8, hi: u8) -> u8 {
        let mut k = hi;
        while k > lo {
            if self.reaches(g, node, k) {
                return k;
            }
            k -= 1;
        }
        lo
    }

    /// Can O make at least `k` eyes (1 or 2) from `node` with best play?
    ///
    /// The look-up in the memo table is inlined into the caller's move
    /// loop (a good part of the moves tried reach a known node); a new
    /// node is searched by [`EyeSolver::search`].
    #[inline(always)]
    fn reaches(&mut self, g: &SearchGraph, node: Node, k: u8) -> bool {
        let key = node.key(k);
        // One probe of the table: the entry found, or the node opened.
        match self.memo.probe(key) {
            Probe::Found(Entry::Done(v)) => v,
            Probe::Found(Entry::Open(at)) => {
                // Back to a node of this line: a cycle of captures,
                // which X wins.
                self.repeated = self.repeated.min(at);
                false
            }
            Probe::Vacant(slot) => {
                if self.exhausted {
                    return false;
                }
                self.search(g, node, k, key, slot)
            }
        }
    }

    /// [`EyeSolver::reaches`] for a node not in the memo table: open it
    /// at `slot`, search its moves and record the result.
    #[inline(never)]
    fn search(&mut self, g: &SearchGraph, node: Node, k: u8, key: u64, slot: Slot) -> bool {
        let at = self.line + 1;
        self.memo.write(key, slot, Entry::Open(at));
        let s = node.s;
        self.nodes += 1;
        self.line = at;
        let repeated_above = std::mem::replace(&mut self.repeated, usize::MAX);
        if self.nodes > self.budget || self.line > MAX_LINE {
            self.exhausted = true;
        }
        // O needs one move that reaches k, X one that prevents it.
        let wanted = node.mover == Side::O;
        let mut found = false;
        // Moves first, the most connected vertices first (vital points
        // are central), then passing: the owed tenuki, the end of the game
        // after a pass, or the opponent's turn.
        // Candidates by degree (the vertices of each degree as a mask),
        // walked from the highest degree down, each mask in vertex order.
        let mut by_degree = [0u16; MAX_VERTICES + 1];
        let candidates = match node.mover {
            Side::O => empty(g, s) | s.xin,
            Side::X => empty(g, s),
        };
        let inside = g.all() & !(s.o | s.xout);
        // The degrees that have vertices, one bit each.
        let mut degrees = 0u32;
        let mut rest = candidates;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let degree = ones(g.adj[v] & inside);
            by_degree[degree] |= 1 << v;
            degrees |= 1 << degree;
        }
        'moves: while degrees != 0 {
            let degree = 31 - degrees.leading_zeros() as usize;
            degrees &= !(1 << degree);
            let mut same_degree = by_degree[degree];
            while same_degree != 0 {
                let v = same_degree.trailing_zeros() as usize;
                same_degree &= same_degree - 1;
                if self.exhausted {
                    break 'moves;
                }
                if let Some(next) = play(g, s, node.mover, v) {
                    if self.reaches(g, node.after_move(next), k) == wanted {
                        found = true;
                        break 'moves;
                    }
                }
            }
        }
        if !found && !self.exhausted {
            let owed = match node.mover {
                Side::O => Tempo::XOwed,
                Side::X => Tempo::OOwed,
            };
            let pass = if node.tempo == owed {
                self.reaches(g, node.after_pass(false, Tempo::Even), k)
            } else if node.passed {
                score(g, s) >= k
            } else {
                self.reaches(g, node.after_pass(true, node.tempo), k)
            };
            found = pass == wanted;
        }
        let res = if wanted { found } else { !found };
        self.line -= 1;
        if self.repeated >= at {
            self.memo.write(key, slot, Entry::Done(res));
        } else {
            // It leaned on a repetition of a node above: valid on this
            // line only.
            self.memo.remove(key, slot);
        }
        self.repeated = self.repeated.min(repeated_above);
        res
    }
}

/// The set bits of each byte value, for [`ones`].
const BYTE_ONES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    table
};

/// The number of vertices in `mask`. The search orders its moves by
/// degree at every node, and `count_ones` without the `popcnt`
/// instruction (not in the baseline x86-64 target) is a dozen operations;
/// two looks in a byte table are fewer.
#[inline]
fn ones(mask: u16) -> usize {
    usize::from(BYTE_ONES[usize::from(mask & 0xff)] + BYTE_ONES[usize::from(mask >> 8)])
}

/// The empty vertices of `s`.
fn empty(g: &SearchGraph, s: State) -> u16 {
    g.all() & !(s.xin | s.o | s.xout)
}

/// The vertices still in the space (empty or X stones inside) that are
/// marginal: marginal on the board, or next to a vertex X has taken from
/// the outside.
fn marginal(g: &SearchGraph, s: State) -> u16 {
    (g.marginal | g.neighbors_of(s.xout)) & g.all() & !(s.o | s.xout)
}

/// The liberties a group can have: empty vertices that are not half-eye
/// key points.
fn liberties(g: &SearchGraph, s: State) -> u16 {
    empty(g, s) & !g.keys
}

/// The group of `stones` containing the stones in `seed` (key points are
/// connected to nothing).
fn group(g: &SearchGraph, seed: u16, stones: u16) -> u16 {
    if seed & g.keys != 0 {
        return seed;
    }
    g.flood(seed, stones & !g.keys)
}

/// Remove the groups of `stones` next to `v` left without a liberty,
/// except those touching `immune` (the wall, for O); returns the remaining
/// stones and the captured ones. A stone on a key point captures nothing.
#[inline]
fn capture_around(g: &SearchGraph, s: State, stones: u16, v: usize, immune: u16) -> (u16, u16) {
    if g.keys & (1 << v) != 0 {
        return (stones, 0);
    }
    let free = liberties(g, s);
    let mut left = stones;
    let mut captured = 0u16;
    let mut touched = g.adj[v] & stones & !g.keys;
    while touched != 0 {
        let found = group(g, touched & touched.wrapping_neg(), stones);
        touched &= !found;
        if found & immune == 0 && g.neighbors_of(found) & free == 0 {
            left &= !found;
            captured |= found;
        }
    }
    (left, captured)
}

/// `side` plays on the vertex `v` (`None` when illegal): on an empty
/// vertex, or for O the capture of a liberty-less X group on `v`.
fn play(g: &SearchGraph, s: State, side: Side, v: usize) -> Option<State> {
    let bit = 1u16 << v;
    if side == Side::O && s.xin & bit != 0 {
        let dead = group(g, bit, s.xin);
        if g.neighbors_of(dead) & liberties(g, s) != 0 {
            return None;
        }
        return Some(State {
            xin: s.xin & !dead,
            ..s
        });
    }
    let mut next = place(g, s, side, v)?;
    let links = match side {
        Side::O => g.owner_links[v],
        Side::X => g.attacker_links[v],
    };
    let mut rest = links;
    while rest != 0 {
        let h = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if let Some(after) = place(g, next, side, h) {
            next = after;
        }
    }
    Some(next)
}

/// `side` puts a stone on the empty vertex `v` (`None` when illegal).
#[inline]
fn place(g: &SearchGraph, s: State, side: Side, v: usize) -> Option<State> {
    let bit = 1u16 << v;
    if empty(g, s) & bit == 0 {
        return None;
    }
    match side {
        Side::O => {
            if s.lost & bit != 0 {
                return None;
            }
            let mut next = State { o: s.o | bit, ..s };
            next.xin = capture_around(g, next, next.xin, v, 0).0;
            let mine = group(g, bit, next.o);
            if mine & g.wall == 0 && g.neighbors_of(mine) & liberties(g, next) == 0 {
                return None;
            }
            Some(next)
        }
        Side::X => {
            let outside = marginal(g, s) & bit != 0;
            let mut next = if outside {
                State {
                    xout: s.xout | bit,
                    ..s
                }
            } else {
                State {
                    xin: s.xin | bit,
                    ..s
                }
            };
            let (o, taken) = capture_around(g, next, next.o, v, g.wall);
            next.o = o;
            if taken.count_ones() == 1 {
                // A ko: X keeps it.
                next.lost |= taken;
            }
            if outside {
                // Connected to the outside, with the X groups it touches
                // (not through a key point).
                if g.keys & bit == 0 {
                    let joined = g.flood(g.adj[v] & next.xin, next.xin);
                    next.xin &= !joined;
                    next.xout |= joined;
                }
                return Some(next);
            }
            let mine = group(g, bit, next.xin);
            (g.neighbors_of(mine) & liberties(g, next) != 0).then_some(next)
        }
    }
}

/// The eyes of a finished local game: regions of empty vertices and X
/// stones (O stones separate them) without a marginal vertex, at most two.
fn score(g: &SearchGraph, s: State) -> u8 {
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
