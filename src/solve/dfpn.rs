//! Depth-first proof-number search (df-pn, Nagai 2002) over the game of
//! [`super::game`]: does the side to move win?
//!
//! GNU Go counterpart: none; GNU Go's owl is a depth-first minimax with
//! heuristic leaves. Here every leaf is a finished game, so an answer is a
//! proof. Notation: at each position `phi` is the proof number of "the
//! side to move wins" and `delta` its disproof number; a position's `phi`
//! is the least `delta` of its children and its `delta` the sum of their
//! `phi`. A won position is `(0, INF)`, a lost one `(INF, 0)`.
//!
//! - **Thresholds.** [`Dfpn::mid`] searches below a position until its
//!   `phi` or `delta` reaches its thresholds, always descending into the
//!   child with the least `delta`, whose thresholds leave room for the
//!   second best (with the "1 + epsilon" widening of Pawlewicz and Lew,
//!   which keeps the search from switching between two children at every
//!   step).
//! - **Table.** Values are kept in a transposition table keyed by the
//!   position ([`super::game::Rules::key`]), bounded in entries: when
//!   full, unproved entries with little work under them go first.
//! - **Initial numbers.** Plain df-pn starts a position not yet searched
//!   at 1/1. A search made [`Dfpn::with_initial_numbers`] starts it from
//!   a guess instead, as df-pn+ does ([`initial_numbers`]: a capture is
//!   harder to prove the more liberties the target has); it settles more
//!   questions within a budget, but finds other winning moves first, so
//!   only searches whose verdict alone counts use it.
//! - **Expansions.** df-pn expands a position again each time the search
//!   comes back to it. How the game stands after each move (finished, or
//!   the child's key) depends on the position alone, so it is kept per
//!   position ([`EXPANSION_ENTRIES`] of them) and a second expansion
//!   only reads the line and the table for its children: 6.5% of the
//!   solver's instructions on ld_owl.tst's first 150 commands.
//! - **Repetition (the graph-history interaction).** A child position that
//!   repeats one on the current line ends the game (see
//!   [`super::game`]); such a result holds only for this line. It is
//!   carried up as *path dependent*, and a proof or disproof that rests on
//!   one is never written to the table: another line reaching the same
//!   position reads it afresh. Children's values live in the expanding
//!   call's own list, so a line never needs the table to remember them.
//! - **Heights.** A settled position also carries the height of its
//!   proof: 0 for an ending, one more than the lowest winning child's for
//!   a win, one more than the highest child's for a loss. A stored proof
//!   never rests on a repetition, so its height bounds a real strategy
//!   that wins within that many moves whatever the line; proof trees
//!   ([`super::proof`]) follow the lowest winning child, which keeps the
//!   ko master's proofs from walking into a position of their own line
//!   (where a table entry, true on other lines, would not hold).
//! - **Budget.** Every expanded position counts; past the budget, or past
//!   [`MAX_DEPTH`], the search stops and the question is unanswered.

use super::benson::BensonScratch;
use super::game::{Rules, Step};
use crate::board::{Board, Color, KeyMap, Point};

/// Infinity of proof and disproof numbers (finite sums are capped just
/// below it: summing over positions reached in several ways overcounts,
/// and can grow exponentially with depth).
pub const INF: u64 = u64::MAX / 4;

/// Lines longer than this stop the search (unanswered).
pub const MAX_DEPTH: usize = 1000;

/// Default capacity of the table, in entries.
pub const DEFAULT_TABLE_ENTRIES: usize = 1 << 20;

/// How many positions' expansions ([`Dfpn`]'s `expansions`) are kept
/// before they are all dropped: each holds every move of its position,
/// so fewer than the table's entries (at most some 30 MB).
pub const EXPANSION_ENTRIES: usize = 1 << 16;

/// A table entry: the position's numbers and the work spent on it.
#[derive(Clone, Copy, Debug)]
struct Entry {
    phi: u64,
    delta: u64,
    work: u64,
    height: u32,
}

/// What an expansion learns of one move that does not change while the
/// search runs: the move, how the game stood after it (a finished game,
/// or the key of the position it leads to).
#[derive(Clone, Copy, Debug)]
struct Expansion {
    mv: Point,
    outcome: Outcome,
}

/// How the game stood after a move of an expansion.
#[derive(Clone, Copy, Debug)]
enum Outcome {
    /// The game ended; the mover won when `true`.
    Ended(bool),
    /// Play goes on in the position with this key; the second value is
    /// the position's initial numbers ([`initial_numbers`], or 1/1).
    Open(u64, (u64, u64)),
}

/// One child of an expanded position, from the child's side to move.
#[derive(Clone, Copy, Debug)]
pub struct Child {
    /// The move leading to it (`Point::NONE`: pass).
    pub mv: Point,
    /// Proof number of "the child's side to move wins".
    pub phi: u64,
    /// Its disproof number.
    pub delta: u64,
    /// The value rests on a repetition on the current line.
    pub path_dependent: bool,
    /// The game ended with the move.
    pub terminal: bool,
    /// The height of its proof when settled (see the module docs).
    pub height: u32,
}

/// The numbers of a searched position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Proof number (side to move wins).
    pub phi: u64,
    /// Disproof number.
    pub delta: u64,
    /// A proof or disproof that rests on a repetition of the line.
    pub path_dependent: bool,
    /// The height of the proof when settled (see the module docs).
    pub height: u32,
}

impl Numbers {
    /// Proved or disproved.
    pub fn settled(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node budget ran out.
    Budget,
    /// A line grew past [`MAX_DEPTH`].
    Depth,
}

/// End-of-game tests already made ([`Rules::judge`], keyed by the
/// board's hash and whether the defender made the last move): a test
/// depends on the region and the stones alone, not on the ko master or
/// the pass ending, so the searches of one region may share them
/// ([`Dfpn::with_judged`]).
pub type JudgeMemo = KeyMap<u64, Step>;

/// Buckets of [`Line`]'s filter.
const LINE_FILTER: usize = 256;

/// The keys of the positions on the current line, each as many times as
/// it was entered, with a filter (how many keys of the line fall in each
/// bucket of a key's top bits) that answers most "not on the line"
/// without a scan: df-pn asks for every child of every expansion, and
/// lines are short.
struct Line {
    keys: Vec<u64>,
    filter: [u32; LINE_FILTER],
}

impl Line {
    fn new() -> Line {
        Line {
            keys: Vec::new(),
            filter: [0; LINE_FILTER],
        }
    }

    fn bucket(key: u64) -> usize {
        (key >> 56) as usize % LINE_FILTER
    }

    fn enter(&mut self, key: u64) {
        self.keys.push(key);
        self.filter[Line::bucket(key)] += 1;
    }

    /// Take one entry of `key` off the line (the newest); nothing when it
    /// is not on it.
    fn leave(&mut self, key: u64) {
        if let Some(i) = self.keys.iter().rposition(|&k| k == key) {
            self.keys.remove(i);
            self.filter[Line::bucket(key)] -= 1;
        }
    }

    fn contains(&self, key: u64) -> bool {
        self.filter[Line::bucket(key)] != 0 && self.keys.iter().rev().any(|&k| k == key)
    }
}

/// A df-pn search for one set of rules.
pub struct Dfpn<'r> {
    /// The game.
    pub rules: Rules<'r>,
    table: KeyMap<u64, Entry>,
    max_entries: usize,
    on_path: Line,
    /// End-of-game tests already made ([`JudgeMemo`]): df-pn expands a
    /// position again each time it comes back to it, and the test
    /// (Benson's fixpoint) costs more than the move itself.
    judged: JudgeMemo,
    /// The moves of positions already expanded, each with how the game
    /// stood after it and the child's key ([`Expansion`]): df-pn expands a
    /// position again each time it comes back to it, and these depend on
    /// the position alone, so a second expansion only reads the line and
    /// the table for its children instead of playing every move again.
    expansions: KeyMap<u64, Vec<Expansion>>,
    /// The lists Benson's test works in, kept between its runs.
    benson: BensonScratch,
    /// Children lists of finished calls of [`Dfpn::mid`], to be filled
    /// again (one list per level of the line is live at a time).
    spare: Vec<Vec<Child>>,
    /// The moves list of [`Dfpn::expand_moves`], kept between its runs.
    moves: Vec<Point>,
    /// Positions expanded so far.
    pub nodes: u64,
    budget: u64,
    /// Set when the search stopped without an answer.
    pub stopped: Option<Stop>,
    /// Unexpanded positions start from [`initial_numbers`] instead of 1/1.
    guided: bool,
}

impl<'r> Dfpn<'r> {
    /// A search with a node budget and the default table size.
    pub fn new(rules: Rules<'r>, budget: u64) -> Dfpn<'r> {
        Dfpn {
            rules,
            table: KeyMap::default(),
            max_entries: DEFAULT_TABLE_ENTRIES,
            on_path: Line::new(),
            judged: KeyMap::default(),
            expansions: KeyMap::default(),
            benson: BensonScratch::default(),
            spare: Vec::new(),
            moves: Vec::new(),
            nodes: 0,
            budget,
            stopped: None,
            guided: false,
        }
    }

    /// The same with df-pn+'s initial numbers ([`initial_numbers`]).
    pub fn with_initial_numbers(mut self) -> Dfpn<'r> {
        self.guided = true;
        self
    }

    /// The same, starting from the end-of-game tests of earlier searches
    /// of the same region (taken back with [`Dfpn::take_judged`]).
    pub fn with_judged(mut self, judged: JudgeMemo) -> Dfpn<'r> {
        self.judged = judged;
        self
    }

    /// The end-of-game tests made so far, for the next search of the
    /// region ([`Dfpn::with_judged`]).
    pub fn take_judged(&mut self) -> JudgeMemo {
        std::mem::take(&mut self.judged)
    }

    /// The same with a smaller or bigger table (tests of the eviction).
    pub fn with_table_entries(mut self, entries: usize) -> Dfpn<'r> {
        self.max_entries = entries.max(16);
        self
    }

    /// Does `to_move` win from the current position (the previous move
    /// not a pass)? `Some(true)` / `Some(false)`, or `None` when the
    /// search stopped ([`Dfpn::stopped`] says why). On a win the second
    /// value is the first winning move found (`Point::NONE`: pass).
    pub fn prove(&mut self, board: &mut Board, to_move: Color) -> (Option<bool>, Point) {
        let entry = board.depth();
        if let Some(winner) = self.rules.over_at_start(board) {
            return (Some(winner == to_move), Point::NONE);
        }
        let key = self.rules.key(board, to_move, false);
        let (n, children) = self.mid(board, to_move, false, key, INF, INF, 0);
        debug_assert_eq!(board.depth(), entry);
        if self.stopped.is_some() || !n.settled() {
            return (None, Point::NONE);
        }
        let best = children
            .iter()
            .find(|c| c.delta == 0)
            .map_or(Point::NONE, |c| c.mv);
        (Some(n.phi == 0), best)
    }

    /// Expand the position `to_move` faces (key `key`) and search below
    /// it until its numbers reach the thresholds. Returns its numbers and
    /// its children as they stand.
    #[allow(clippy::too_many_arguments)]
    pub fn mid(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        key: u64,
        th_phi: u64,
        th_delta: u64,
        depth: usize,
    ) -> (Numbers, Vec<Child>) {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.stopped.get_or_insert(Stop::Budget);
        }
        if depth > MAX_DEPTH {
            self.stopped.get_or_insert(Stop::Depth);
        }
        let unsettled = Numbers {
            phi: 1,
            delta: 1,
            path_dependent: false,
            height: 0,
        };
        if self.stopped.is_some() {
            return (unsettled, Vec::new());
        }
        let start_nodes = self.nodes;
        let mut children = self.spare.pop().unwrap_or_default();
        self.expand(board, to_move, passed, key, &mut children);
        self.on_path.enter(key);
        let mut numbers = combine(&children);
        loop {
            if numbers.phi >= th_phi || numbers.delta >= th_delta || self.stopped.is_some() {
                break;
            }
            let (best, second) = best_two(&children);
            let child = children[best];
            let child_th_phi = if th_delta >= INF {
                INF
            } else {
                th_delta - (numbers.delta - child.phi)
            };
            let widened = second.saturating_add(second / 4).saturating_add(1);
            let child_th_delta = th_phi.min(widened).min(INF);
            let child_passed = !child.mv.is_some();
            let placed = self.rules.place(board, child.mv, to_move, passed);
            if let Some(Step::Won(winner)) = placed {
                // A remembered move the board refuses (a key collision,
                // see `Rules::place`): lost for the mover, not searched.
                board.popgo();
                let (phi, delta) = if winner == to_move {
                    (INF, 0)
                } else {
                    (0, INF)
                };
                children[best] = Child {
                    phi,
                    delta,
                    path_dependent: false,
                    terminal: true,
                    height: 0,
                    ..child
                };
                numbers = combine(&children);
                continue;
            }
            debug_assert!(
                placed.unwrap_or_else(|| self.rules.judge(board, to_move)) == Step::Open,
                "a terminal child is never searched"
            );
            let child_key = self.rules.key(board, to_move.opponent(), child_passed);
            let (n, grandchildren) = self.mid(
                board,
                to_move.opponent(),
                child_passed,
                child_key,
                child_th_phi,
                child_th_delta,
                depth + 1,
            );
            self.spare.push(grandchildren);
            board.popgo();
            children[best].phi = n.phi;
            children[best].delta = n.delta;
            children[best].path_dependent = n.path_dependent;
            children[best].height = n.height;
            numbers = combine(&children);
        }
        self.on_path.leave(key);
        if self.stopped.is_none() && !(numbers.settled() && numbers.path_dependent) {
            self.store(
                key,
                Entry {
                    phi: numbers.phi,
                    delta: numbers.delta,
                    work: self.nodes - start_nodes + 1,
                    height: numbers.height,
                },
            );
        }
        (numbers, children)
    }

    /// The children of the position (key `key`) into `out`: every move
    /// of `to_move`, each with its value from the game's end, a
    /// repetition, the table, or 1/1.
    fn expand(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        key: u64,
        out: &mut Vec<Child>,
    ) {
        let repeating_loses = to_move == self.rules.ko_master;
        if let Some(known) = self.expansions.get(&key) {
            children(known, &self.on_path, &self.table, repeating_loses, out);
            return;
        }
        let expansions = self.expand_moves(board, to_move, passed);
        children(
            &expansions,
            &self.on_path,
            &self.table,
            repeating_loses,
            out,
        );
        if self.expansions.len() >= EXPANSION_ENTRIES.min(self.max_entries) {
            self.expansions.clear();
        }
        self.expansions.insert(key, expansions);
    }

    /// Play every move of `to_move` once: how the game stands after it.
    fn expand_moves(&mut self, board: &mut Board, to_move: Color, passed: bool) -> Vec<Expansion> {
        let mut moves = std::mem::take(&mut self.moves);
        self.rules.moves_into(board, to_move, &mut moves);
        let mut out = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let step = match self.rules.place_legal(board, mv, to_move, passed) {
                Some(step) => step,
                None => self.judge(board, to_move),
            };
            let outcome = match step {
                Step::Won(c) => Outcome::Ended(c == to_move),
                Step::Open => Outcome::Open(
                    self.rules.key(board, to_move.opponent(), !mv.is_some()),
                    if self.guided {
                        initial_numbers(board, &self.rules, to_move.opponent())
                    } else {
                        (1, 1)
                    },
                ),
            };
            board.popgo();
            out.push(Expansion { mv, outcome });
        }
        self.moves = moves;
        out
    }

    /// [`Rules::judge`] of the position `mover` just moved to, remembered.
    fn judge(&mut self, board: &Board, mover: Color) -> Step {
        let key = judged_key(board, mover == self.rules.region.defender);
        if let Some(&step) = self.judged.get(&key) {
            return step;
        }
        let step = self.rules.judge_with(board, mover, &mut self.benson);
        if self.judged.len() >= self.max_entries {
            self.judged.clear();
        }
        self.judged.insert(key, step);
        step
    }

    fn store(&mut self, key: u64, entry: Entry) {
        if self.table.len() >= self.max_entries && !self.table.contains_key(&key) {
            self.make_room();
        }
        self.table.insert(key, entry);
    }

    /// Free a quarter of the table or more: unproved entries with the
    /// least work first, everything unproved if need be, then all.
    fn make_room(&mut self) {
        let target = self.max_entries * 3 / 4;
        let mut works: Vec<u64> = self
            .table
            .values()
            .filter(|e| e.phi != 0 && e.delta != 0)
            .map(|e| e.work)
            .collect();
        if !works.is_empty() {
            works.sort_unstable();
            let excess = self.table.len().saturating_sub(target).min(works.len());
            let cut = works[excess.saturating_sub(1)];
            self.table
                .retain(|_, e| e.phi == 0 || e.delta == 0 || e.work > cut);
        }
        if self.table.len() > target {
            self.table.clear();
        }
    }

    /// Table entries now (tests).
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The settled value of a position in the table: `Some(true)` when
    /// its side to move is proved to win.
    pub fn settled_in_table(&self, key: u64) -> Option<bool> {
        self.table.get(&key).and_then(|e| {
            if e.phi == 0 {
                Some(true)
            } else if e.delta == 0 {
                Some(false)
            } else {
                None
            }
        })
    }

    /// Mark `key` as on the current line (proof extraction walks lines
    /// of its own).
    pub fn enter_line(&mut self, key: u64) {
        self.on_path.enter(key);
    }

    /// Undo [`Dfpn::enter_line`].
    pub fn leave_line(&mut self, key: u64) {
        self.on_path.leave(key);
    }

    /// Whether `key` repeats a position of the current line.
    pub fn on_line(&self, key: u64) -> bool {
        self.on_path.contains(key)
    }
}

/// The children of an expansion into `out` (cleared first), each with
/// its value from the game's end, a repetition of the line (lost by the
/// ko master: `repeating_loses` when the mover is it), the table, or 1/1.
fn children(
    expansions: &[Expansion],
    line: &Line,
    table: &KeyMap<u64, Entry>,
    repeating_loses: bool,
    out: &mut Vec<Child>,
) {
    out.clear();
    for e in expansions {
        let mut height = 0;
        let (phi, delta, path_dependent, terminal) = match e.outcome {
            // The mover won: the child's side to move has lost.
            Outcome::Ended(true) => (INF, 0, false, true),
            Outcome::Ended(false) => (0, INF, false, true),
            Outcome::Open(child_key, initial) => {
                if line.contains(child_key) {
                    if repeating_loses {
                        (0, INF, true, true)
                    } else {
                        (INF, 0, true, true)
                    }
                } else if let Some(t) = table.get(&child_key) {
                    height = t.height;
                    (t.phi, t.delta, false, false)
                } else {
                    (initial.0, initial.1, false, false)
                }
            }
        };
        out.push(Child {
            mv: e.mv,
            phi,
            delta,
            path_dependent,
            terminal,
            height,
        });
    }
}

/// A position's numbers from its children's, in one pass over them.
pub(super) fn combine(children: &[Child]) -> Numbers {
    // Children are never empty (pass is always a move), but be safe.
    if children.is_empty() {
        return Numbers {
            phi: INF,
            delta: 0,
            path_dependent: false,
            height: 0,
        };
    }
    let mut phi = INF;
    let mut delta: u64 = 0;
    // The least (path dependent, height) of a winning child, packed as
    // `path_dependent << 32 | height`; `u64::MAX` while there is none.
    let mut lowest_win = u64::MAX;
    let mut highest = 0;
    let mut any_path_dependent = false;
    for c in children {
        phi = phi.min(c.delta);
        delta = if c.phi >= INF || delta >= INF {
            INF
        } else {
            // Sums over shared subtrees can grow without bound; a
            // finite sum stays below the sentinel.
            delta.saturating_add(c.phi).min(INF - 1)
        };
        if c.delta == 0 {
            lowest_win = lowest_win.min(u64::from(c.path_dependent) << 32 | u64::from(c.height));
        }
        highest = highest.max(c.height);
        any_path_dependent |= c.path_dependent;
    }
    let (path_dependent, height) = if phi == 0 {
        // A win: through its lowest winning child, one that rests on no
        // repetition if there is one.
        (lowest_win >> 32 != 0, (lowest_win as u32).saturating_add(1))
    } else if delta == 0 {
        (any_path_dependent, highest.saturating_add(1))
    } else {
        (false, 0)
    };
    Numbers {
        phi,
        delta,
        path_dependent,
        height,
    }
}

/// The numbers an unexpanded position that `to_move` faces starts with
/// in a search [`Dfpn::with_initial_numbers`] (df-pn+'s heuristic
/// initialisation; plain df-pn starts every position at 1/1): the
/// attacker's proof of a capture is counted as `4^liberties` of the
/// target (each liberty he must fill gives the defender a move, so the
/// proof tree grows geometrically with them), capped at
/// [`INITIAL_LIBERTIES_CAP`]; the defender's side starts at 1. So the
/// attacker tries first the moves that leave the target fewest liberties,
/// and the defender the moves that leave it most. Measured on the
/// solver's questions of ld_owl.tst with regions of up to 16 empty points
/// and 50,000 positions per search: 4.68M positions with 47 searches
/// unanswered at 1/1, 3.27M and 33 with this (the liberties themselves
/// 4.17M and 41, their cube 3.69M and 32). It changes which winning move
/// a proof finds first, so only searches whose verdict alone counts use
/// it (regression/HISTORY.md, 2026-11-30).
pub fn initial_numbers(board: &Board, rules: &Rules<'_>, to_move: Color) -> (u64, u64) {
    let libs = board
        .countlib(rules.region.target)
        .clamp(1, INITIAL_LIBERTIES_CAP) as u32;
    let capture = 1u64 << (2 * libs);
    if to_move == rules.attacker() {
        (capture, 1)
    } else {
        (1, capture)
    }
}

/// Liberties beyond this count no more in [`initial_numbers`].
pub const INITIAL_LIBERTIES_CAP: usize = 12;

/// The child with the least `delta` (first in move order on ties) and
/// the second least `delta`.
fn best_two(children: &[Child]) -> (usize, u64) {
    let mut best = 0;
    let mut best_delta = INF + 1;
    let mut second = INF;
    for (i, c) in children.iter().enumerate() {
        if c.delta < best_delta {
            second = best_delta.min(INF);
            best_delta = c.delta;
            best = i;
        } else if c.delta < second {
            second = c.delta;
        }
    }
    (best, second)
}

/// The key of an end-of-game test: the stones (the board's hash) and
/// whether the defender made the last move (only then may a captured wall
/// end the game).
fn judged_key(board: &Board, defender_moved: bool) -> u64 {
    const DEFENDER_MOVED_KEY: u64 = 0x94d0_49bb_1331_11eb;
    board.hash()
        ^ if defender_moved {
            DEFENDER_MOVED_KEY
        } else {
            0
        }
}
