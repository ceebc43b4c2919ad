//! Combination attacks: a short sequence of threats, usually ataris, after
//! which some opponent string falls although none of them could be
//! captured on its own (GNU Go `engine/combination.c`, `atari_atari`).
//!
//! The search is a small minimax of its own on top of the tactical reader
//! ([`Reader`]). The attacker plays threats: moves on (or next to) the
//! liberties of an opponent string with at most three liberties after which
//! the reader can capture that string (GNU Go takes its threats from a
//! pattern database; here they are the liberties of strings of at most
//! three liberties and, for strings of two, the approach points next to
//! those liberties). When these find no combination, the search is run
//! again with wider threats as well: the approach points of strings of
//! three liberties, and the liberties of the attacker's stones in atari
//! beside a string of at most three, whose rescue may cut it off or take
//! its liberties. The defender answers each threat
//! with the moves that save the threatened string: the reader's defence,
//! liberties that leave the string uncapturable, captures of the attacker's
//! strings around it and liberties of those that work. After every defence
//! the strings next to the attacker's last stone are read: when one of
//! them can now be captured the combination has succeeded. A line ends
//! after [`AaConfig::depth`] moves (GNU Go's `aa_depth`, 6), and after the
//! first threat the attacker only threatens strings near its earlier
//! threats (a distance of five steps through empty points, cheap through
//! opponent strings short of liberties).
//!
//! Only strings that are safe before the sequence count ([`Targets`]): a
//! string the reader can already capture, or one the caller says is dead,
//! is no discovery. A combination is worth the value of the smallest
//! string it wins (twice its stones plus its liberties and their empty
//! neighbours, GNU Go's measure without the moyo).
//!
//! As in GNU Go the first threat of a combination found may be beside the
//! point, so [`atari_atari`] forbids it and searches again for a
//! combination at least as valuable, until none is left; the answer is the
//! last first move found, the one the remaining combination needs.
//! [`combination_defenses`] lists the defender's moves after which no such
//! combination remains, and [`blunder_size`] tells whether a move hands the
//! opponent a combination it did not have.
//!
//! Every function leaves `board.depth()` as it found it. The search counts
//! its own nodes (attacker threats tried and moves played) and gives up
//! beyond [`AaConfig::node_limit`] (the limit of each of the two searches):
//! the same position gives the same answer.

use crate::board::{Board, Color, Point, PointSet, BOARD_ARRAY};
use crate::reading::libs::{approxlib, is_edge, is_self_atari};
use crate::reading::{ReadResult, Reader};

/// Limits of one combination search.
#[derive(Clone, Copy, Debug)]
pub struct AaConfig {
    /// Moves (both sides') a line may have before the attacker stops
    /// threatening (GNU Go `aa_depth`).
    pub depth: usize,
    /// Search nodes (threats tried, moves played) one search may spend.
    pub node_limit: u64,
}

impl Default for AaConfig {
    fn default() -> Self {
        AaConfig {
            depth: 6,
            node_limit: 20_000,
        }
    }
}

impl AaConfig {
    /// The smaller budget of the move generator, which asks many times
    /// per move (every candidate is checked for blunders).
    pub fn for_genmove() -> AaConfig {
        AaConfig {
            depth: 6,
            node_limit: 250,
        }
    }
}

/// A combination found: its first move and the value of the string it
/// wins (the smallest, over the defender's answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combination {
    /// The attacker's first move.
    pub mv: Point,
    /// Value of the string that falls (see the module docs).
    pub value: u32,
}

/// Threats farther than this from the earlier threats (in GNU Go's
/// distance, see [`grow_goal`]) are not tried.
const MAX_GOAL_DIST: u32 = 5;
/// At most this many strings are remembered as threatened by one move.
const MAX_TARGETS_PER_MOVE: usize = 4;
/// Strings with more liberties than this before the search are safe
/// without reading.
const READ_MAX_LIBS: usize = 4;
/// An approach move (next to a liberty, not on one) is tried only when its
/// stone would have at least this many liberties.
const APPROACH_LIBS: usize = 3;

/// Which strings of the defender may be won, and what each is worth:
/// facts of the position before the search (GNU Go `aa_status`,
/// `aa_values`).
#[derive(Clone)]
pub struct Targets {
    defender: Color,
    /// Per point: a stone of a string that is safe before the search.
    alive: Vec<bool>,
    /// Per point: the value of the string whose origin this was (0 elsewhere).
    value: Vec<u32>,
}

impl Targets {
    /// The strings of `defender` on `board` the tactical reader cannot
    /// capture (strings of more than four liberties without reading), with
    /// their values.
    pub fn read(board: &mut Board, reader: &mut Reader, defender: Color) -> Targets {
        let mut t = Targets {
            defender,
            alive: vec![false; BOARD_ARRAY],
            value: vec![0; BOARD_ARRAY],
        };
        for o in board.chain_origins(Some(defender)) {
            t.assess(board, reader, o);
        }
        t
    }

    /// Judge the string on `s` afresh: alive when the reader cannot
    /// capture it, with its value kept at its origin.
    fn assess(&mut self, board: &mut Board, reader: &mut Reader, s: Point) {
        let safe = board.countlib(s) > READ_MAX_LIBS || !reader.attack(board, s).0.succeeds();
        let stones = board.stones_sorted(s);
        for &p in &stones {
            self.alive[p.idx()] = safe;
            self.value[p.idx()] = 0;
        }
        if safe {
            self.value[board.origin(s).idx()] = string_value(board, s);
        }
    }

    /// The colour whose strings are the targets.
    pub fn defender(&self) -> Color {
        self.defender
    }

    /// Take the string on `s` out of the targets (the caller knows it is
    /// dead, e.g. from the final statuses).
    pub fn exclude(&mut self, board: &Board, s: Point) {
        for p in board.stones(s) {
            self.alive[p.idx()] = false;
            self.value[p.idx()] = 0;
        }
    }

    /// Is the current string on `s` a target: does it hold a stone that
    /// was part of a safe string before the search?
    fn is_alive(&self, board: &Board, s: Point) -> bool {
        board.stones(s).any(|p| self.alive[p.idx()])
    }

    /// The value of the current string on `s`: the values of the safe
    /// strings it was made of (GNU Go overvalues merged strings the same
    /// way).
    fn value_of(&self, board: &Board, s: Point) -> u32 {
        board.stones(s).map(|p| self.value[p.idx()]).sum()
    }

    /// After `m` has been played by the defender: judge the strings `m`
    /// joined afresh (a move that saves a string makes it a target).
    fn refresh_after(&mut self, board: &mut Board, reader: &mut Reader, m: Point) {
        if board.cell(m).is(self.defender) {
            self.assess(board, reader, m);
        }
    }
}

/// GNU Go's estimate of what a string is worth: twice its stones, plus its
/// liberties and the empty neighbours of its liberties.
fn string_value(board: &Board, s: Point) -> u32 {
    let mut seen = PointSet::new();
    let mut n = 0;
    for lib in board.liberties_sorted(s) {
        if seen.insert(lib) {
            n += 1;
        }
        for q in lib.neighbors() {
            if board.on_board(q) && board.is_empty(q) && seen.insert(q) {
                n += 1;
            }
        }
    }
    2 * board.chain_size(s) as u32 + n
}

/// One threat: the move and the strings it threatens (origins at the time
/// the threat was found, smallest value first).
struct Threat {
    mv: Point,
    targets: Vec<Point>,
}

/// The search state of one question.
struct Search<'a> {
    reader: &'a mut Reader,
    targets: &'a Targets,
    attacker: Color,
    config: AaConfig,
    forbidden: PointSet,
    root_depth: usize,
    nodes: u64,
    /// Also try the wider threats (approaches to strings of three
    /// liberties, rescues of cutting stones); see [`Search::widening`].
    wide: bool,
}

impl Search<'_> {
    fn new<'a>(
        board: &Board,
        reader: &'a mut Reader,
        targets: &'a Targets,
        config: AaConfig,
    ) -> Search<'a> {
        Search {
            reader,
            targets,
            attacker: targets.defender.opponent(),
            config,
            forbidden: PointSet::new(),
            root_depth: board.depth(),
            nodes: 0,
            wide: false,
        }
    }

    /// [`Search::search`] from the root: first with the plain threats
    /// (liberties, approaches to strings of two liberties), then, when
    /// that finds nothing, again with the wider threats too, on a budget of
    /// its own. The wider threats cost many more reads at every node (and
    /// would spend the move generator's small budget before finding what
    /// the plain ones find); a combination the plain ones find is found as
    /// cheaply as without them.
    fn widening(
        &mut self,
        board: &mut Board,
        minsize: u32,
        goal: Option<&PointSet>,
        mut defenses: Option<&mut PointSet>,
    ) -> Option<(u32, Point)> {
        self.wide = false;
        let found = self.search(board, None, minsize, goal, defenses.as_deref_mut());
        if found.is_some() {
            return found;
        }
        if let Some(d) = defenses.as_deref_mut() {
            *d = PointSet::new();
        }
        self.wide = true;
        self.nodes = 0;
        let found = self.search(board, None, minsize, goal, defenses);
        self.wide = false;
        found
    }

    /// Count one node; false once the budget is spent.
    fn count(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.config.node_limit
    }

    /// Can the attacker win a string worth at least `minsize` from here?
    /// `last` is the attacker's previous threat (none at the root),
    /// `goal` the strings later threats may aim at (none: all), and
    /// `defenses` collects every defender move met on the way. Returns the
    /// value won and the attacker's move at this node.
    fn search(
        &mut self,
        board: &mut Board,
        last: Option<Point>,
        minsize: u32,
        goal: Option<&PointSet>,
        mut defenses: Option<&mut PointSet>,
    ) -> Option<(u32, Point)> {
        if let Some(last) = last {
            if let Some(found) = self.succeeded(board, last, minsize) {
                return Some(found);
            }
        }
        if board.depth() - self.root_depth > self.config.depth {
            return None;
        }
        let threats = self.threats(board, minsize, goal);
        let defender = self.targets.defender;
        for threat in threats {
            let apos = threat.mv;
            let str0 = threat.targets[0];
            if !self.count() || !board.trymove(apos, self.attacker) {
                continue;
            }
            if let Some(d) = defenses.as_deref_mut() {
                d.insert(apos);
                if board.countlib(apos) <= 2 {
                    for lib in board.liberties_sorted(apos) {
                        d.insert(lib);
                    }
                }
            }
            if !board.is_stone(str0) {
                // The threat captured its target outright.
                board.popgo();
                let value = self.targets.value[str0.idx()];
                if value > 0 {
                    return Some((value, apos));
                }
                continue;
            }
            let mut aa_val = self.targets.value_of(board, str0);
            let answers = self.defense_moves(board, &threat.targets);
            log::trace!(
                "combination: {:?} {apos:?} on {:?}: answers {answers:?}",
                board.move_stack().collect::<Vec<_>>(),
                threat.targets
            );
            let new_goal = grow_goal(board, goal, apos, self.attacker);
            for &bpos in &answers {
                if let Some(d) = defenses.as_deref_mut() {
                    d.insert(bpos);
                }
                if !self.count() {
                    aa_val = 0;
                    break;
                }
                if board.trymove(bpos, defender) {
                    let below = self
                        .search(
                            board,
                            Some(apos),
                            minsize,
                            Some(&new_goal),
                            defenses.as_deref_mut(),
                        )
                        .map_or(0, |(v, _)| v);
                    aa_val = aa_val.min(below);
                    board.popgo();
                }
                if aa_val == 0 {
                    break;
                }
            }
            board.popgo();
            if aa_val > 0 && self.nodes <= self.config.node_limit {
                log::debug!(
                    "combination: {apos:?} threatens {:?} (value {aa_val}) at depth {}",
                    threat.targets,
                    board.depth() - self.root_depth
                );
                return Some((aa_val, apos));
            }
        }
        None
    }

    /// After the attacker's threat at `last` and the defender's answer:
    /// can a target string next to `last` (or with `last` as a liberty,
    /// when the stone was captured) now be captured?
    fn succeeded(&mut self, board: &mut Board, last: Point, minsize: u32) -> Option<(u32, Point)> {
        let mut near: Vec<Point> = Vec::new();
        if board.is_stone(last) {
            board.adjacent_chains(last, &mut near);
        } else {
            for n in last.neighbors() {
                if board.cell(n).is(self.targets.defender) {
                    let o = board.origin(n);
                    if !near.contains(&o) {
                        near.push(o);
                    }
                }
            }
        }
        near.sort();
        for s in near {
            let value = self.targets.value_of(board, s);
            if value == 0 || value < minsize || !self.targets.is_alive(board, s) {
                continue;
            }
            let (res, mv) = self.reader.attack(board, s);
            if res.succeeds() {
                if let Some(mv) = mv {
                    if !self.forbidden.contains(mv) {
                        log::debug!("combination: {s:?} falls at {mv:?} after {last:?}");
                        return Some((value, mv));
                    }
                }
            }
        }
        None
    }

    /// The attacker's threats here, smallest first target first.
    fn threats(&mut self, board: &mut Board, minsize: u32, goal: Option<&PointSet>) -> Vec<Threat> {
        let defender = self.targets.defender;
        let mut found: Vec<Threat> = Vec::new();
        let mut tried: Vec<(Point, Point)> = Vec::new();
        for s in board.chain_origins(Some(defender)) {
            let n_libs = board.countlib(s);
            if n_libs > 3 {
                continue;
            }
            if let Some(goal) = goal {
                if !board.stones(s).any(|p| goal.contains(p)) {
                    continue;
                }
            }
            let value = self.targets.value_of(board, s);
            if value == 0 || value < minsize || !self.targets.is_alive(board, s) {
                continue;
            }
            for m in self.threat_points(board, s) {
                if self.forbidden.contains(m) || tried.contains(&(m, s)) {
                    continue;
                }
                tried.push((m, s));
                if self.threatens(board, m, s, n_libs) {
                    match found.iter_mut().find(|t| t.mv == m) {
                        Some(t) => {
                            if t.targets.len() < MAX_TARGETS_PER_MOVE {
                                t.targets.push(s);
                            }
                        }
                        None => found.push(Threat {
                            mv: m,
                            targets: vec![s],
                        }),
                    }
                }
            }
        }
        let targets = self.targets;
        for t in &mut found {
            t.targets.sort_by_key(|&s| targets.value_of(board, s));
        }
        found.sort_by_key(|t| targets.value_of(board, t.targets[0]));
        found
    }

    /// Where the attacker might threaten the string on `s` (of at most
    /// three liberties): its liberties, and for a string of two liberties
    /// the empty points next to them off the first line where the
    /// attacker's stone would have three liberties or more (approaches that
    /// prepare a ladder, a snapback or a shortage of liberties). The wider
    /// threats add those approaches for a string of three liberties (a cut
    /// prepared) and the liberties of the attacker's strings in atari next
    /// to `s` (saving a cutting stone, after which the defender can no
    /// longer escape by capturing it). In board order.
    fn threat_points(&self, board: &Board, s: Point) -> Vec<Point> {
        let libs = board.liberties_sorted(s);
        let mut pts = libs.clone();
        if libs.len() == 2 || self.wide {
            for &lib in &libs {
                for q in lib.neighbors() {
                    if board.on_board(q)
                        && board.is_empty(q)
                        && !pts.contains(&q)
                        && !is_edge(board, q)
                        && approxlib(board, q, self.attacker, APPROACH_LIBS) >= APPROACH_LIBS
                    {
                        pts.push(q);
                    }
                }
            }
        }
        if self.wide {
            let mut adjs = Vec::new();
            board.adjacent_chains_max_libs(s, 1, &mut adjs);
            for a in adjs {
                for lib in board.liberties_sorted(a) {
                    if !pts.contains(&lib) {
                        pts.push(lib);
                    }
                }
            }
        }
        pts.sort();
        pts
    }

    /// Does the attacker's move `m` threaten the string on `s`: legal, not
    /// a pointless self-atari, and afterwards the reader captures `s`?
    fn threatens(&mut self, board: &mut Board, m: Point, s: Point, n_libs: usize) -> bool {
        if !board.is_legal(m, self.attacker) {
            return false;
        }
        let on_lib = board.is_liberty_of(m, s);
        if is_self_atari(board, m, self.attacker) {
            // A sacrifice is a threat only when it puts the string in
            // atari, or when the stone cannot be taken (a snapback).
            let ataris = on_lib && n_libs == 2;
            if n_libs > 2 || (!ataris && !self.reader.safe_move(board, m, self.attacker).succeeds())
            {
                return false;
            }
        }
        if !self.count() || !board.trymove(m, self.attacker) {
            return false;
        }
        let res = !board.is_stone(s) || self.reader.attack(board, s).0 != ReadResult::Fail;
        board.popgo();
        res
    }

    /// The defender's answers to a threat against `targets` (GNU Go
    /// `atari_atari_find_defense_moves`), each once, in the order found.
    fn defense_moves(&mut self, board: &mut Board, targets: &[Point]) -> Vec<Point> {
        let defender = self.targets.defender;
        let mut moves: Vec<Point> = Vec::new();
        for &s in targets {
            if !board.is_stone(s) {
                continue;
            }
            let (res, mv) = self.reader.find_defense(board, s);
            if res == ReadResult::Fail {
                continue;
            }
            if let Some(mv) = mv {
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            }
            let libs = board.liberties_sorted(s);
            if libs.len() <= 4 {
                for lib in libs {
                    if !moves.contains(&lib) && self.saves(board, lib, s) {
                        moves.push(lib);
                    }
                }
            }
            let mut adjs = Vec::new();
            board.adjacent_chains(s, &mut adjs);
            adjs.sort();
            for a in adjs {
                if !board.is_stone(a) {
                    continue;
                }
                let (res, mv) = self.reader.attack(board, a);
                if res == ReadResult::Win {
                    if let Some(mv) = mv {
                        if !moves.contains(&mv) {
                            moves.push(mv);
                        }
                    }
                }
                if board.countlib(a) <= 3 {
                    for lib in board.liberties_sorted(a) {
                        if !moves.contains(&lib)
                            && !is_self_atari(board, lib, defender)
                            && self.saves(board, lib, s)
                        {
                            moves.push(lib);
                        }
                    }
                }
            }
        }
        moves
    }

    /// Does the defender's move `m` leave the string on `s` uncapturable?
    fn saves(&mut self, board: &mut Board, m: Point, s: Point) -> bool {
        if !self.count() || !board.trymove(m, self.targets.defender) {
            return false;
        }
        let res = board.is_stone(s) && self.reader.attack(board, s).0 == ReadResult::Fail;
        board.popgo();
        res
    }
}

/// The goal after a threat at `apos` (GNU Go `update_aa_goal`): the old
/// goal plus every defender stone within [`MAX_GOAL_DIST`] of `apos`,
/// where a step to an empty point costs one and entering a defender string
/// costs its liberties beyond three. The walk does not go on through the
/// attacker's stones (except from `apos` itself).
fn grow_goal(board: &Board, goal: Option<&PointSet>, apos: Point, attacker: Color) -> PointSet {
    let defender = attacker.opponent();
    let mut new_goal = goal.cloned().unwrap_or_default();
    let mut dist = vec![u32::MAX; BOARD_ARRAY];
    let mut queue: Vec<Point> = vec![apos];
    dist[apos.idx()] = 1;
    let mut done = PointSet::new();
    // A small Dijkstra: the frontier is short, so a linear scan for the
    // nearest point is cheap.
    while let Some(i) = (0..queue.len()).min_by_key(|&i| (dist[queue[i].idx()], queue[i])) {
        let pos = queue.swap_remove(i);
        if !done.insert(pos) {
            continue;
        }
        let d = dist[pos.idx()];
        if board.cell(pos).is(defender) {
            new_goal.insert(pos);
        }
        let from_attacker = board.cell(pos).is(attacker) && pos != apos;
        for q in pos.neighbors() {
            if !board.on_board(q) || done.contains(q) {
                continue;
            }
            let nd = if board.is_empty(q) && !from_attacker {
                d + 1
            } else if board.cell(q).is(defender) && !board.cell(pos).is(defender) {
                d + (board.countlib(q) as u32).saturating_sub(3)
            } else {
                continue;
            };
            if nd > MAX_GOAL_DIST {
                continue;
            }
            let stones: Vec<Point> = if board.is_empty(q) {
                vec![q]
            } else {
                board.stones_sorted(q)
            };
            for p in stones {
                if nd < dist[p.idx()] {
                    dist[p.idx()] = nd;
                    queue.push(p);
                }
            }
        }
    }
    new_goal
}

/// Does `attacker` have a combination against the targets? GNU Go
/// `atari_atari`: after finding one, its first move is forbidden and the
/// search repeated for one at least as valuable, until none is left; the
/// answer carries the last first move found (the one the remaining
/// combination needs) and the value of the last combination found.
pub fn atari_atari(
    board: &mut Board,
    reader: &mut Reader,
    config: AaConfig,
    targets: &Targets,
) -> Option<Combination> {
    atari_atari_forbidding(board, reader, config, targets).map(|(c, _, _)| c)
}

/// [`atari_atari`], also returning the forbidden first moves and the
/// defender moves met by the last successful search.
fn atari_atari_forbidding(
    board: &mut Board,
    reader: &mut Reader,
    config: AaConfig,
    targets: &Targets,
) -> Option<(Combination, PointSet, PointSet)> {
    let entry = board.depth();
    let mut search = Search::new(board, reader, targets, config);
    let mut defenses = PointSet::new();
    let first = search.widening(board, 0, None, Some(&mut defenses));
    log::debug!(
        "combination: first search {first:?}, {} nodes",
        search.nodes
    );
    let (mut value, mut mv) = first?;
    loop {
        search.forbidden.insert(mv);
        search.nodes = 0;
        let mut again = PointSet::new();
        match search.widening(board, value, None, Some(&mut again)) {
            Some((v, m)) => {
                value = v;
                mv = m;
                defenses = again;
            }
            None => break,
        }
    }
    debug_assert_eq!(board.depth(), entry);
    let forbidden = search.forbidden;
    Some((Combination { mv, value }, forbidden, defenses))
}

/// The defender's moves that stop every combination of the attacker
/// (GNU Go `atari_atari` with `defense_moves`): of the moves met while
/// reading the combination, those that are legal, leave the stone played
/// uncapturable, and after which no combination at least as valuable is
/// found. `None` when the attacker has no combination; the list may be
/// empty when nothing stops it. Points in board order.
pub fn combination_defenses(
    board: &mut Board,
    reader: &mut Reader,
    config: AaConfig,
    targets: &Targets,
) -> Option<(Combination, Vec<Point>)> {
    let entry = board.depth();
    let (combo, _, candidates) = atari_atari_forbidding(board, reader, config, targets)?;
    let defender = targets.defender;
    let mut out = Vec::new();
    for p in candidates.iter() {
        if !board.on_board(p) || !board.trymove(p, defender) {
            continue;
        }
        let mut after = targets.clone();
        after.refresh_after(board, reader, p);
        let safe = !reader.attack(board, p).0.succeeds();
        if safe {
            let mut search = Search::new(board, reader, &after, config);
            if search.widening(board, combo.value, None, None).is_none() {
                out.push(p);
            }
        }
        board.popgo();
    }
    debug_assert_eq!(board.depth(), entry);
    Some((combo, out))
}

/// How much a move by `mover` at `m` gives away to combinations (GNU Go
/// `atari_atari_blunder_size`): the value of a combination the opponent
/// has after `m` when it is more than `before`, the value of the
/// opponent's combination without the move (0 for none), else 0.
/// `targets` are `mover`'s strings judged before the move; the strings `m`
/// joins are judged again after it. Only combinations whose first threat
/// aims at a string near `m` are looked for (GNU Go searches the whole
/// board; a combination far away would have been there before the move).
/// An illegal move gives 0.
pub fn blunder_size(
    board: &mut Board,
    reader: &mut Reader,
    config: AaConfig,
    targets: &Targets,
    before: u32,
    m: Point,
) -> u32 {
    blunder_combination(board, reader, config, targets, before, m).map_or(0, |c| c.value)
}

/// [`blunder_size`]'s combination itself: the opponent's first move after
/// `m` (the point `mover` would have to hold) and its value, or `None`
/// when the move hands the opponent nothing more than `before`.
pub fn blunder_combination(
    board: &mut Board,
    reader: &mut Reader,
    config: AaConfig,
    targets: &Targets,
    before: u32,
    m: Point,
) -> Option<Combination> {
    let mover = targets.defender;
    if !board.trymove(m, mover) {
        return None;
    }
    let mut after = targets.clone();
    after.refresh_after(board, reader, m);
    // A combination the move creates starts near it: the opponent's first
    // threat may only aim at strings within the goal distance of `m` (as
    // if `m` were a threat itself).
    let goal = grow_goal(board, None, m, mover.opponent());
    let mut search = Search::new(board, reader, &after, config);
    let found = search.widening(board, before + 1, Some(&goal), None);
    log::debug!(
        "combination: blunder check {m:?}: {found:?}, {} nodes",
        search.nodes
    );
    board.popgo();
    found.map(|(value, mv)| Combination { mv, value })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn board(diagram: &str) -> Board {
        Board::from_diagram(diagram).expect("diagram")
    }

    fn attack(diagram: &str, attacker: Color) -> Option<Combination> {
        let mut b = board(diagram);
        let before = b.to_diagram();
        let mut reader = Reader::default();
        let targets = Targets::read(&mut b, &mut reader, attacker.opponent());
        let res = atari_atari(&mut b, &mut reader, AaConfig::default(), &targets);
        assert_eq!(b.depth(), 0);
        assert_eq!(b.to_diagram(), before);
        b.check_consistency().expect("consistent");
        res
    }

    /// A double atari: each white stone has two liberties and can be
    /// saved alone (white F5 breaks the ladders), but black's stone at F7
    /// ataris both.
    pub(crate) const DOUBLE_ATARI: &str = ". . . . . . . . . . .
                                . . . . . . . . . . .
                                . . . . . . . . . . .
                                . . . . X . X . . . .
                                . . . X O . O X . . .
                                . . . . . . . . . . .
                                . . . . . O . . . . .
                                . . . . . . . . . . .
                                . . . . . . . . . . .
                                . . . . . . . . . . .
                                . . . . . . . . . . .";

    #[test]
    fn finds_a_double_atari() {
        let mut b = board(DOUBLE_ATARI);
        let mut reader = Reader::default();
        for s in [Point::new(4, 4), Point::new(4, 6)] {
            assert_eq!(reader.attack(&mut b, s).0, ReadResult::Fail, "{s:?}");
        }
        let c = attack(DOUBLE_ATARI, Color::Black).expect("a combination");
        assert_eq!(c.mv, Point::new(4, 5));
    }

    /// Two white strings of three liberties on the left side, each safe
    /// alone: white answers a cut at C6 or C4 by connecting to its strong
    /// centre. Black's approach at B5 (next to a liberty of each, on
    /// neither) threatens both cuts at once; GNU Go 3.8 also answers B5.
    #[test]
    fn approaches_two_strings_of_three_liberties() {
        let sides = ". . . . . . . . .
                     X X X X . . . . .
                     O O O X . . . . .
                     . . . O O . . . .
                     . . . O . . . . .
                     . . . O O . . . .
                     O O O X . . . . .
                     X X X X . . . . .
                     . . . . . . . . .";
        combination_against_safe_strings(sides, &[(2, 0), (6, 0)], (4, 1));
    }

    /// Black's E5 is in atari between two white stones of two liberties,
    /// each safe while white can take E5 (which gives it liberties back).
    /// Saving E5 at E4, on no liberty of a white string, threatens both.
    #[test]
    fn rescuing_a_cutting_stone_threatens_both_sides() {
        let cut = ". . . . . . . . .
                   . . . . . . . . .
                   . . . . . . . . .
                   . . X . O . X . .
                   . X . O X O . X .
                   . . . X . X . . .
                   . . . . . . . . .
                   . . . . . . . . .
                   . . . . . . . . .";
        combination_against_safe_strings(cut, &[(4, 3), (4, 5)], (5, 4));
    }

    /// Black's combination in `diagram` starts at `first`, though the
    /// tactical reader captures none of the white strings at `safe` alone.
    fn combination_against_safe_strings(
        diagram: &str,
        safe: &[(usize, usize)],
        first: (usize, usize),
    ) {
        let mut b = board(diagram);
        let mut reader = Reader::default();
        for &(r, c) in safe {
            let s = Point::new(r, c);
            assert_eq!(reader.attack(&mut b, s).0, ReadResult::Fail, "{s:?}");
        }
        let c = attack(diagram, Color::Black).expect("a combination");
        assert_eq!(c.mv, Point::new(first.0, first.1));
    }

    #[test]
    fn nothing_against_strong_stones() {
        let quiet = ". . . . . . .
                     . . . . . . .
                     . . O O . . .
                     . . O O . . .
                     . . . . . . .
                     . X X . . . .
                     . . . . . . .";
        assert_eq!(attack(quiet, Color::Black), None);
        assert_eq!(attack(quiet, Color::White), None);
    }

    #[test]
    fn defenses_stop_the_double_atari() {
        let mut b = board(DOUBLE_ATARI);
        let mut reader = Reader::default();
        let targets = Targets::read(&mut b, &mut reader, Color::White);
        let (c, defs) = combination_defenses(&mut b, &mut reader, AaConfig::default(), &targets)
            .expect("a combination");
        assert_eq!(c.mv, Point::new(4, 5));
        assert!(defs.contains(&Point::new(4, 5)), "{defs:?}");
        assert_eq!(b.depth(), 0);
        // Each defence leaves black without a combination.
        for d in defs {
            b.play(d, Color::White).expect("legal");
            let t = Targets::read(&mut b, &mut reader, Color::White);
            assert_eq!(
                atari_atari(&mut b, &mut reader, AaConfig::default(), &t),
                None,
                "{d:?}"
            );
            b = board(DOUBLE_ATARI);
        }
    }

    #[test]
    fn blunder_checks_look_near_the_move() {
        // Counting black's double atari as new (before = 0): a white move
        // near it that does not stop it (F9) gives it away, a move far
        // away is not looked at, the double-atari point itself stops it.
        let mut b = board(DOUBLE_ATARI);
        let mut reader = Reader::default();
        let targets = Targets::read(&mut b, &mut reader, Color::White);
        let config = AaConfig::default();
        let near = Point::new(2, 5);
        let far = Point::new(9, 9);
        let cut = Point::new(4, 5);
        assert!(blunder_size(&mut b, &mut reader, config, &targets, 0, near) > 0);
        assert_eq!(
            blunder_size(&mut b, &mut reader, config, &targets, 0, far),
            0
        );
        assert_eq!(
            blunder_size(&mut b, &mut reader, config, &targets, 0, cut),
            0
        );
        // With the combination known before the move it is no blunder.
        let before = atari_atari(&mut b, &mut reader, config, &targets)
            .expect("a combination")
            .value;
        assert_eq!(
            blunder_size(&mut b, &mut reader, config, &targets, before, near),
            0
        );
        assert_eq!(b.depth(), 0);
        b.check_consistency().expect("consistent");
    }
}
