//! Dragons: strings of one colour amalgamated into one unit because the
//! opponent cannot cut them apart.
//!
//! GNU Go counterpart: the amalgamation step of `make_dragons`
//! (`engine/dragon.c`: `find_connections`, `join_dragons`), driven by the
//! class C connection patterns of `patterns/conn.db` and their helper
//! `disconnect_helper` (`patterns/connections.c`), and the GTP commands
//! `same_dragon` / `dragon_stones`. See the GNU Go manual, "Dragons" and
//! "Amalgamation". GNU Go matches a pattern database; here the same ideas
//! are written as a handful of geometric relations checked by reading:
//!
//! 1. Two strings of one colour are *neighbours in shape* when a stone of
//!    one and a stone of the other form a diagonal (kosumi), a one-space
//!    or two-space jump, a knight's move or a large knight's move, with
//!    the points between them free enough for a connection (see
//!    [`shape_between`]).
//! 2. Two tactically safe neighbours (the tactical reader finds no attack,
//!    not even a ko) are linked when the connection reader cannot
//!    disconnect them ([`crate::connect::ConnectionReader::disconnect`] fails). Stones
//!    that can be captured are never amalgamated by this rule: their fate
//!    is decided by the capture, not by the connection. A crosscut (both
//!    cutting points held by the opponent) is read only when a cutting
//!    string short of liberties (at most three, `CROSSCUT_LIBERTIES`) can be captured.
//! 3. A diagonal whose cutting point the opponent cannot use (the cut is
//!    suicide, or a self-atari that is captured at once while both
//!    strings keep two liberties) is as good as solid and links even weak
//!    strings; two weak strings on a free diagonal live or die together
//!    and are linked too (GNU Go's "s" class patterns).
//! 4. Dragons are the transitive closure of the links.
//!
//! Dragons are analysis of the position, not part of a reader: a
//! [`Dragons`] value (the engine owns one) asks the tactical reader and
//! the connection reader, passed in by the caller, and keeps what it
//! decided. Links are decided lazily, pair by pair, and cached for the
//! current position until the board (its hash) changes. `same_dragon`
//! grows the components of both strings at once and stops as soon as they
//! meet or one of them is complete, so it only reads the neighbourhood it
//! needs. A whole dragon is a [`Dragon`] record, where owl and the eye
//! spaces will attach their facts.

use std::collections::{HashMap, HashSet};

use crate::analysis::Readers;
use crate::board::{Board, Color, Point};
use crate::reading::moves::local::go;
use crate::reading::{ReadResult, Reader};

/// A crosscut links the two strings only when a cutting string with at
/// most this many liberties can be captured. A cutting string with more
/// liberties that the tactical reader still captures (a big string with
/// four liberties, say) is in a capturing race with the strings around
/// it: joining them across it would merge a weak group with a strong one
/// and hide the race from the dragon's status and the semeai reader
/// (GNU Go keeps such groups apart).
const CROSSCUT_LIBERTIES: usize = 3;

/// How a stone of one string lies relative to a stone of another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Diagonal neighbours; the two cutting points lie between them.
    Diagonal,
    /// Two stones on a line with one empty point between them.
    Jump,
    /// Two stones on a line with two empty points between them.
    TwoJump,
    /// A knight's move (one by two) with at least one of the two points
    /// between them empty and none of them an own stone.
    Knight,
    /// A large knight's move (one by three) with the four points between
    /// them empty.
    LargeKnight,
}

/// One shape relation found between two strings: its kind and the points
/// between the two stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeMatch {
    /// The relation.
    pub shape: Shape,
    /// The points between the stones (for a diagonal: the two cutting
    /// points).
    pub between: Vec<Point>,
}

/// An offset (rows, columns) from a stone to a partner stone, the shape
/// they make and the offsets of the points in between.
type ShapeOffset = (i32, i32, Shape, Vec<(i32, i32)>);

/// Every [`ShapeOffset`].
fn shape_offsets() -> Vec<ShapeOffset> {
    let mut out = Vec::new();
    for &(dr, dc) in &[(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        out.push((dr, dc, Shape::Diagonal, vec![(dr, 0), (0, dc)]));
    }
    for &(dr, dc) in &[(1, 0), (-1, 0), (0, 1), (0, -1)] {
        out.push((2 * dr, 2 * dc, Shape::Jump, vec![(dr, dc)]));
        out.push((
            3 * dr,
            3 * dc,
            Shape::TwoJump,
            vec![(dr, dc), (2 * dr, 2 * dc)],
        ));
    }
    for &(sr, sc) in &[(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        // Long side along the columns, then along the rows.
        out.push((sr, 2 * sc, Shape::Knight, vec![(0, sc), (sr, sc)]));
        out.push((2 * sr, sc, Shape::Knight, vec![(sr, 0), (sr, sc)]));
        out.push((
            sr,
            3 * sc,
            Shape::LargeKnight,
            vec![(0, sc), (0, 2 * sc), (sr, sc), (sr, 2 * sc)],
        ));
        out.push((
            3 * sr,
            sc,
            Shape::LargeKnight,
            vec![(sr, 0), (2 * sr, 0), (sr, sc), (2 * sr, sc)],
        ));
    }
    out
}

/// Every shape relation between the strings at `s1` and `s2` (same
/// colour, different strings), found from the stones of `s1`. Empty when
/// they are not neighbours in shape.
pub fn shape_between(board: &Board, s1: Point, s2: Point) -> Vec<ShapeMatch> {
    let Some(color) = board.color_at(s1) else {
        return Vec::new();
    };
    if board.color_at(s2) != Some(color) || board.same_chain(s1, s2) {
        return Vec::new();
    }
    let other = color.opponent();
    let offsets = shape_offsets();
    let mut out = Vec::new();
    for st in board.stones_sorted(s1) {
        for (dr, dc, shape, inner) in &offsets {
            let q = go(board, st, (*dr, *dc));
            if !q.is_some() || !board.is_stone(q) || !board.same_chain(q, s2) {
                continue;
            }
            let between: Vec<Point> = inner.iter().map(|&d| go(board, st, d)).collect();
            let empty = between.iter().filter(|&&p| board.is_empty(p)).count();
            let enemy = between.iter().filter(|&&p| board.cell(p).is(other)).count();
            let fits = match shape {
                // Own stones between would make one string already.
                Shape::Diagonal => empty + enemy == 2,
                Shape::Knight => empty >= 1 && empty + enemy == 2,
                _ => empty == between.len(),
            };
            if fits {
                out.push(ShapeMatch {
                    shape: *shape,
                    between,
                });
            }
        }
    }
    out
}

/// The strings of `color` that are neighbours in shape of the string at
/// `s` (origins, sorted).
fn shape_neighbours(board: &Board, s: Point) -> Vec<Point> {
    let Some(color) = board.color_at(s) else {
        return Vec::new();
    };
    let offsets = shape_offsets();
    let mut out = Vec::new();
    for st in board.stones_sorted(s) {
        for (dr, dc, _, _) in &offsets {
            let q = go(board, st, (*dr, *dc));
            if q.is_some() && board.cell(q).is(color) && !board.same_chain(q, s) {
                let o = board.origin(q);
                if !out.contains(&o) {
                    out.push(o);
                }
            }
        }
    }
    out.retain(|&o| !shape_between(board, s, o).is_empty());
    out.sort();
    out
}

/// One dragon of the position: its strings and stones (owl status, eye
/// spaces and the like attach here as they arrive).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Dragon {
    /// Its stones, in board order (the first one names the dragon).
    pub stones: Vec<Point>,
    /// Origins of its strings, sorted.
    pub strings: Vec<Point>,
    /// Its colour.
    pub color: Color,
}

/// The dragons of one position, decided lazily: the links and the
/// tactical safety found so far (GNU Go's `dragon[]` data, built on
/// demand). Every query takes the readers it may use and the board; a
/// board with another hash starts a fresh cache.
#[derive(Debug, Default)]
pub struct Dragons {
    /// Board hash and size the entries belong to.
    key: (u64, usize),
    /// String origin -> the tactical reader finds no attack on it.
    safe: HashMap<Point, bool>,
    /// Ordered pair of string origins -> amalgamated.
    links: HashMap<(Point, Point), bool>,
    /// String origin -> origins of the strings linked to it.
    partners: HashMap<Point, Vec<Point>>,
}

/// Is the relation `m` a jump, two-space jump or large knight's move in
/// open space: no `other` stone in the box spanned by the points between
/// the stones, widened by one point beyond each stone along the relation
/// and by two points across it (clipped at the edge)? GNU Go connects such shapes without
/// reading (the open-space patterns of `conn.db`).
fn open_area(board: &Board, m: &ShapeMatch, other: Color) -> bool {
    if !matches!(m.shape, Shape::Jump | Shape::TwoJump | Shape::LargeKnight) {
        return false;
    }
    let rows = m.between.iter().map(|p| p.row() as i32);
    let cols = m.between.iter().map(|p| p.col() as i32);
    let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
    let (c0, c1) = (cols.clone().min().unwrap_or(0), cols.max().unwrap_or(0));
    // The stones lie one point beyond the points between along the
    // relation, so two points around the points between cover both.
    let e = 2;
    let size = board.size() as i32;
    for r in (r0 - e).max(0)..=(r1 + e).min(size - 1) {
        for c in (c0 - e).max(0)..=(c1 + e).min(size - 1) {
            if board.cell(Point::new(r as usize, c as usize)).is(other) {
                return false;
            }
        }
    }
    true
}

/// Would a stone of `color` at the empty point `c` be useless as a cut:
/// suicide, or a self-atari the tactical reader captures at once?
fn unusable_cut(reader: &mut Reader, board: &mut Board, c: Point, color: Color) -> bool {
    if !board.is_empty(c) {
        return false;
    }
    if board.is_suicide(c, color) {
        return true;
    }
    if !board.trymove(c, color) {
        // A ko that cannot be taken now is still a cut later.
        return false;
    }
    let captured = board.countlib(c) == 1 && reader.attack(board, c).0 == ReadResult::Win;
    board.popgo();
    captured
}

impl Dragons {
    /// Forget everything (GTP `clear_cache`).
    pub fn clear(&mut self) {
        *self = Dragons::default();
    }

    /// Drop the cache when the board is not the one it was built for.
    fn cache_for(&mut self, board: &Board) {
        let key = (board.hash(), board.size());
        if self.key != key {
            self.clear();
            self.key = key;
        }
    }

    /// Is the string at `s` tactically safe (no attack, not even a ko)?
    fn tactically_safe(&mut self, reader: &mut Reader, board: &mut Board, s: Point) -> bool {
        let o = board.origin(s);
        if let Some(&safe) = self.safe.get(&o) {
            return safe;
        }
        let safe = reader.attack(board, o).0 == ReadResult::Fail;
        self.safe.insert(o, safe);
        safe
    }

    /// Are the strings at `s1` and `s2` (same colour, neighbours in shape)
    /// amalgamated? Rules 2 and 3 of the module documentation.
    fn decide_link(&mut self, rd: &mut Readers<'_>, s1: Point, s2: Point) -> bool {
        let matches = shape_between(rd.board, s1, s2);
        if matches.is_empty() {
            return false;
        }
        let color = rd.board.color_at(s1).expect("stone");
        let other = color.opponent();
        let safe1 = self.tactically_safe(rd.reader, rd.board, s1);
        let safe2 = self.tactically_safe(rd.reader, rd.board, s2);
        // Rule 3: diagonals the opponent cannot cut.
        for m in matches.iter().filter(|m| m.shape == Shape::Diagonal) {
            let empty: Vec<Point> = m
                .between
                .iter()
                .copied()
                .filter(|&p| rd.board.is_empty(p))
                .collect();
            for &c in &empty {
                if rd.board.is_suicide(c, other) {
                    return true;
                }
            }
            if rd.board.countlib(s1) > 1 && rd.board.countlib(s2) > 1 {
                for &c in &empty {
                    if unusable_cut(rd.reader, rd.board, c, other) {
                        return true;
                    }
                }
            }
            if !safe1 && !safe2 && empty.len() == 2 {
                return true;
            }
        }
        if !safe1 || !safe2 {
            return false;
        }
        // Rule 2, statically: a jump or large knight's move in an area
        // free of opponent stones.
        if matches.iter().any(|m| open_area(rd.board, m, other)) {
            return true;
        }
        // A crosscut only counts when one of the cutting stones can be
        // captured, and is short of liberties: a cutting string with more
        // is won or lost in a capturing race, not by a connection.
        let mut worth_reading = false;
        for m in &matches {
            if m.shape == Shape::Diagonal && m.between.iter().all(|&p| rd.board.cell(p).is(other)) {
                if m.between.iter().any(|&p| {
                    rd.board.countlib(p) <= CROSSCUT_LIBERTIES
                        && rd.reader.attack(rd.board, p).0 != ReadResult::Fail
                }) {
                    worth_reading = true;
                }
            } else {
                worth_reading = true;
            }
        }
        if !worth_reading {
            return false;
        }
        // Rule 2: no cut found by connection reading (a ko cut is a cut).
        rd.conn.disconnect(rd.reader, rd.board, s1, s2).0 == ReadResult::Fail
    }

    /// Is the pair linked? Cached for the position.
    fn linked(&mut self, rd: &mut Readers<'_>, s1: Point, s2: Point) -> bool {
        let (a, b) = (rd.board.origin(s1), rd.board.origin(s2));
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&l) = self.links.get(&key) {
            return l;
        }
        let l = self.decide_link(rd, key.0, key.1);
        log::trace!("dragon link {:?} {:?} = {l}", key.0, key.1);
        self.links.insert(key, l);
        l
    }

    /// The strings linked to the string at `s` (origins, sorted).
    fn partners(&mut self, rd: &mut Readers<'_>, s: Point) -> Vec<Point> {
        let o = rd.board.origin(s);
        if let Some(p) = self.partners.get(&o) {
            return p.clone();
        }
        let mut out = Vec::new();
        for n in shape_neighbours(rd.board, o) {
            if self.linked(rd, o, n) {
                out.push(n);
            }
        }
        self.partners.insert(o, out.clone());
        out
    }

    /// Do the stones at `a` and `b` belong to the same dragon? False for
    /// an empty point or stones of different colours. GNU Go
    /// `same_dragon` (`dragon[a].id == dragon[b].id`).
    ///
    /// Two tactically safe strings that are not linked directly but only
    /// through other strings are not one dragon when the connection
    /// reader can cut them apart: each link holds on its own, but one
    /// move threatens two of them (GNU Go's "fragile double connections",
    /// which its cut patterns keep out of the amalgamation).
    pub fn same_dragon(&mut self, rd: &mut Readers<'_>, a: Point, b: Point) -> bool {
        if !self.same_component(rd, a, b) {
            return false;
        }
        if rd.board.same_chain(a, b)
            || self.linked(rd, a, b)
            || !self.tactically_safe(rd.reader, rd.board, a)
            || !self.tactically_safe(rd.reader, rd.board, b)
        {
            return true;
        }
        rd.conn.disconnect(rd.reader, rd.board, a, b).0 == ReadResult::Fail
    }

    /// Are the strings at `a` and `b` joined by a chain of links (rule 4)?
    fn same_component(&mut self, rd: &mut Readers<'_>, a: Point, b: Point) -> bool {
        if !rd.board.is_stone(a) || rd.board.color_at(a) != rd.board.color_at(b) {
            return false;
        }
        if rd.board.same_chain(a, b) {
            return true;
        }
        self.cache_for(rd.board);
        let (oa, ob) = (rd.board.origin(a), rd.board.origin(b));
        let mut seen = [HashSet::from([oa]), HashSet::from([ob])];
        let mut queues = [vec![oa], vec![ob]];
        loop {
            for side in 0..2 {
                let Some(s) = queues[side].pop() else {
                    // This component is complete without meeting the other.
                    return false;
                };
                for p in self.partners(rd, s) {
                    if seen[1 - side].contains(&p) {
                        return true;
                    }
                    if seen[side].insert(p) {
                        queues[side].push(p);
                    }
                }
            }
        }
    }

    /// The origins of the strings in the dragon of the stone at `s`,
    /// sorted (empty for an empty point).
    pub fn dragon_strings(&mut self, rd: &mut Readers<'_>, s: Point) -> Vec<Point> {
        if !rd.board.is_stone(s) {
            return Vec::new();
        }
        self.cache_for(rd.board);
        let o = rd.board.origin(s);
        let mut seen = HashSet::from([o]);
        let mut queue = vec![o];
        while let Some(x) = queue.pop() {
            for p in self.partners(rd, x) {
                if seen.insert(p) {
                    queue.push(p);
                }
            }
        }
        let mut out: Vec<Point> = seen.into_iter().collect();
        out.sort();
        out
    }

    /// The stones of the dragon of the stone at `s`, in board order
    /// (empty for an empty point).
    pub fn dragon_stones(&mut self, rd: &mut Readers<'_>, s: Point) -> Vec<Point> {
        if !rd.board.is_stone(s) {
            return Vec::new();
        }
        self.dragon(rd, s).stones
    }

    /// The dragon of the stone at `s` (which must be a stone).
    pub fn dragon(&mut self, rd: &mut Readers<'_>, s: Point) -> Dragon {
        let color = rd.board.color_at(s).expect("a stone");
        let strings = self.dragon_strings(rd, s);
        let mut stones: Vec<Point> = strings
            .iter()
            .flat_map(|&o| rd.board.stones_sorted(o))
            .collect();
        stones.sort();
        Dragon {
            stones,
            strings,
            color,
        }
    }

    /// Every dragon (of `color`, or of both colours), ordered by their
    /// stones (so by their first stone).
    pub fn all_dragons(&mut self, rd: &mut Readers<'_>, color: Option<Color>) -> Vec<Dragon> {
        let mut done: HashSet<Point> = HashSet::new();
        let mut out = Vec::new();
        for o in rd.board.chain_origins(color) {
            if done.contains(&rd.board.origin(o)) {
                continue;
            }
            let dragon = self.dragon(rd, o);
            done.extend(dragon.strings.iter().copied());
            out.push(dragon);
        }
        out.sort();
        out
    }
}

pub mod data;

#[cfg(test)]
mod tests;
