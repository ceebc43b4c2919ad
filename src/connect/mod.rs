//! Connection reading: can two strings of one colour be connected, or
//! kept apart; can a string break into an area, or be blocked off from it.
//!
//! GNU Go counterpart: `engine/readconnect.c` (`string_connect`,
//! `disconnect`, `break_in`, `block_off` and the "alternate connections"
//! recursion behind them) and the Connection Reading section of the GNU Go
//! manual. Results are [`ReadResult`]s (0 / WIN / KO_A / KO_B) with a
//! move, read by a mutual recursion (see [`search`]) that asks the
//! tactical [`Reader`] whether strings can be captured, and orders its
//! candidates by connection distances (see [`distance`]).
//!
//! State: [`ConnectionReader`] owns the configuration (node budget and
//! depth), the connection node counter, a transposition table (the
//! toolkit's [`Cache`], cleared at every top-level query, so answers
//! never depend on what was asked before), an optional variation trace (SGF), and the persistent
//! connection cache, which survives between queries until the real board
//! changes ([`ConnectionReader::purge_persistent`]).
//!
//! Start reading at [`ConnectionReader::string_connect`]. Dragons (strings
//! amalgamated because the connection reader cannot cut them apart) are
//! analysis of the position, in [`crate::analysis::dragon`].

pub mod distance;
pub mod search;

use crate::board::{Board, Color, Point};
use crate::reading::cache::{Cache, CacheKey, Routine};
use crate::reading::ko::KoState;
use crate::reading::persistent::{PersistentCache, Query};
use crate::reading::trace::{escape, setup_stones, sgf_header, sgf_point};
use crate::reading::{ReadResult, Reader};

/// Budgets of connection reading (GNU Go `connection_node_limit`,
/// `connect_depth2`, `breakin_node_limit`, `breakin_depth`, `ko_depth`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionConfig {
    /// Nodes one connect/disconnect query may visit.
    pub node_limit: u64,
    /// Move-stack depth past which the search stops (absolute, as GNU Go's stackp).
    pub depth: usize,
    /// Nodes one break-in/block-off query may visit.
    pub breakin_node_limit: u64,
    /// Depth limit of break-in/block-off.
    pub breakin_depth: usize,
    /// Past this depth no conditional ko captures are tried.
    pub ko_depth: usize,
    /// Use the persistent connection cache.
    pub persistent: bool,
}

impl Default for ConnectionConfig {
    fn default() -> Self {
        ConnectionConfig {
            node_limit: 2000,
            depth: 20,
            breakin_node_limit: 400,
            breakin_depth: 14,
            ko_depth: 8,
            persistent: true,
        }
    }
}

/// A goal area for break-in / block-off: its points and a hash of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The goal points, sorted, without duplicates.
    pub points: Vec<Point>,
    /// Order-independent hash of the points (part of cache keys).
    pub hash: u64,
}

impl Goal {
    /// A goal from any list of on-board points.
    pub fn new(points: &[Point]) -> Goal {
        let mut points = points.to_vec();
        points.sort();
        points.dedup();
        let mut hash = 0x9e37_79b9_7f4a_7c15u64;
        for p in &points {
            hash = (hash ^ u64::from(p.0)).wrapping_mul(0x100_0000_01b3);
        }
        Goal { points, hash }
    }

    /// True when `p` is a goal point.
    pub fn contains(&self, p: Point) -> bool {
        self.points.binary_search(&p).is_ok()
    }
}

/// Megabytes of the connection search's transposition table. A query
/// reads at most a few thousand nodes, so collisions that evict an entry
/// are rare.
const TABLE_MB: usize = 2;

/// A search run by [`ConnectionReader::top_level`].
type RunFn<'a> =
    dyn FnMut(&mut ConnectionReader, &mut Reader, &mut Board) -> (ReadResult, Option<Point>) + 'a;

/// The recursive search of a query on two strings (`connect2`,
/// `disconnect2`): origins and whether the other side has passed.
type TwoStringSearch = fn(
    &mut ConnectionReader,
    &mut Reader,
    &mut Board,
    KoState,
    Point,
    Point,
    bool,
) -> (ReadResult, Option<Point>);

/// The recursive search of a query on a string and a goal area
/// (`rec_break`, `rec_block`).
type GoalSearch = fn(
    &mut ConnectionReader,
    &mut Reader,
    &mut Board,
    KoState,
    Point,
    &Goal,
    bool,
) -> (ReadResult, Option<Point>);

/// One recorded variation node of the trace.
#[derive(Clone, Debug)]
struct TraceNode {
    parent: usize,
    mv: Point,
    color: Color,
    comment: String,
    children: Vec<usize>,
}

/// The tree of every move tried by the connection search (not the
/// tactical reads inside it), for `decide_connection FILE`. Each node's
/// comment lists the candidates generated there with their distances
/// ("Move order for ...", the ones cut off after "dropped:"), then the
/// result; compare with GNU Go's `--decide-connection -o FILE` traces.
#[derive(Clone, Debug)]
pub struct Trace {
    nodes: Vec<TraceNode>,
    current: usize,
    /// Number of variations (leaves) read.
    pub variations: usize,
}

impl Trace {
    fn new() -> Trace {
        Trace {
            nodes: vec![TraceNode {
                parent: 0,
                mv: Point::NONE,
                color: Color::Black,
                comment: String::new(),
                children: Vec::new(),
            }],
            current: 0,
            variations: 0,
        }
    }

    /// The trace as an SGF game: setup stones of `board` (the position the
    /// query started from), a root comment, then every variation, each
    /// leaf commented with its number and result.
    pub fn to_sgf(&self, board: &Board, root_comment: &str) -> String {
        let mut out = sgf_header(board.size(), &setup_stones(board));
        let mut root = root_comment.to_string();
        if !self.nodes[0].comment.is_empty() {
            root.push('\n');
            root.push_str(&self.nodes[0].comment);
        }
        out.push_str(&format!("C[{}]", escape(&root)));
        let mut leaf_no = 0usize;
        self.write_children(0, &mut out, &mut leaf_no);
        out.push_str(")\n");
        out
    }

    fn write_children(&self, idx: usize, out: &mut String, leaf_no: &mut usize) {
        let children = &self.nodes[idx].children;
        let many = children.len() > 1;
        for &c in children {
            if many {
                out.push('(');
            }
            let n = &self.nodes[c];
            let tag = if n.color == Color::Black { "B" } else { "W" };
            out.push_str(&format!(";{tag}[{}]", sgf_point(n.mv)));
            let mut comment = n.comment.clone();
            if n.children.is_empty() {
                *leaf_no += 1;
                comment = format!("variation {}: {}", leaf_no, comment);
            }
            if !comment.is_empty() {
                out.push_str(&format!("C[{}]", escape(&comment)));
            }
            self.write_children(c, out, leaf_no);
            if many {
                out.push(')');
            }
        }
    }
}

/// A point as the trace's comments write it (`D4`: column letter without
/// `I`, row counted from the bottom), as GNU Go's "Move order" comments do.
fn comment_vertex(p: Point, size: usize) -> String {
    const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    format!("{}{}", COLUMNS[p.col()] as char, size - p.row())
}

/// Connection reading state: configuration, counters, caches, trace.
#[derive(Debug, Default)]
pub struct ConnectionReader {
    /// Budgets.
    pub config: ConnectionConfig,
    /// Connection nodes visited since the last reset (GTP
    /// `get_connection_node_counter`).
    pub nodes: u64,
    query_nodes: u64,
    table: Cache,
    trace: Option<Trace>,
    persistent: PersistentCache,
    /// Ladder answers of the current query (see [`distance::LadderMemo`]).
    memo: distance::LadderMemo,
}

impl ConnectionReader {
    /// A connection reader with the given budgets.
    pub fn new(config: ConnectionConfig) -> ConnectionReader {
        ConnectionReader {
            config,
            ..ConnectionReader::default()
        }
    }

    /// Forget the persistent connection cache entirely.
    pub fn purge_persistent(&mut self) {
        self.persistent.purge();
    }

    /// Drop the persistent entries the current real position invalidates;
    /// call after every move on the real board (play, undo, loadsgf,
    /// clear_board, handicap).
    pub fn purge_persistent_against(&mut self, board: &Board) {
        self.persistent.purge_against(board);
    }

    /// Forget every cached result (GTP `clear_cache`).
    pub fn clear_cache(&mut self) {
        self.table.clear();
        self.persistent.purge();
    }

    /// The persistent cache (statistics, tests).
    pub fn persistent_cache(&self) -> &PersistentCache {
        &self.persistent
    }

    /// Connection distances from the string at `s` out to `cutoff`
    /// (GNU Go `compute_connection_distances` with speculative spreading),
    /// for callers outside the connection search (break-in analysis).
    pub fn distances_from_string(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        s: Point,
        cutoff: i32,
    ) -> distance::ConnectionData {
        self.memo.clear();
        distance::compute_connection_distances(
            reader,
            &mut self.memo,
            KoState::EMPTY,
            board,
            s,
            Point::NONE,
            cutoff,
            true,
        )
    }

    /// Connection distances for `color` from a goal area out to `cutoff`
    /// (GNU Go `init_connection_data` on a goal + spreading).
    pub fn distances_from_goal(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        color: Color,
        goal: &[Point],
        cutoff: i32,
    ) -> distance::ConnectionData {
        self.memo.clear();
        distance::compute_goal_distances(
            reader,
            &mut self.memo,
            KoState::EMPTY,
            board,
            color,
            goal,
            Point::NONE,
            cutoff,
        )
    }

    /// Start recording every variation (GTP `decide_connection FILE`).
    pub fn start_trace(&mut self) {
        self.trace = Some(Trace::new());
    }

    /// Stop recording and return the trace.
    pub fn take_trace(&mut self) -> Option<Trace> {
        self.trace.take()
    }

    /// Number of variations recorded by the running trace (0 when none is
    /// running); lets `decide_connection` report each phase separately.
    pub fn trace_variations(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.variations)
    }

    fn trace_push(&mut self, m: Point, color: Color) {
        if let Some(t) = &mut self.trace {
            let idx = t.nodes.len();
            t.nodes.push(TraceNode {
                parent: t.current,
                mv: m,
                color,
                comment: String::new(),
                children: Vec::new(),
            });
            let cur = t.current;
            t.nodes[cur].children.push(idx);
            t.current = idx;
        }
    }

    /// Add a line to the comment of the current trace node.
    fn trace_note(&mut self, note: &str) {
        if let Some(t) = &mut self.trace {
            let cur = t.current;
            let c = &mut t.nodes[cur].comment;
            if !c.is_empty() {
                c.push('\n');
            }
            c.push_str(note);
        }
    }

    fn trace_pop(&mut self, note: &str) {
        if let Some(t) = &mut self.trace {
            let cur = t.current;
            if t.nodes[cur].children.is_empty() {
                t.variations += 1;
            }
            let c = &mut t.nodes[cur].comment;
            if !c.is_empty() {
                c.push('\n');
            }
            c.push_str(note);
            t.current = t.nodes[cur].parent;
        }
    }

    /// Cache key: position, routine, strings, extra data (folded into the
    /// goal with the second string) and the komaster state. The search
    /// has no remaining depth in its key: a query's table lives for that
    /// query only.
    fn key(
        &self,
        board: &Board,
        ks: KoState,
        r: Routine,
        a: Point,
        b: Point,
        extra: u64,
    ) -> CacheKey {
        let goal = u64::from(b.0) ^ extra.rotate_left(16);
        CacheKey::with_goal(board.hash(), r, a, goal, ks, 0)
    }

    /// Run one top-level query with a fresh per-query table and node count,
    /// going through the persistent cache.
    fn top_level(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        query: Query,
        run: &mut RunFn<'_>,
    ) -> (ReadResult, Option<Point>) {
        let use_cache = self.config.persistent && self.trace.is_none();
        if use_cache {
            if let Some(hit) = self.persistent.lookup(board, &query) {
                return hit;
            }
        }
        let entry_depth = board.depth();
        self.table.ensure(TABLE_MB);
        self.table.clear();
        self.memo.clear();
        self.query_nodes = 0;
        let before = reader.nodes + self.nodes;
        let stale_before = reader.stale_hits();
        let shadow = crate::reading::persistent::ShadowScope::begin(board);
        let res = run(self, reader, board);
        let tried = shadow.end(board);
        self.table.clear();
        debug_assert_eq!(board.depth(), entry_depth);
        // A tactical read inside that used results of earlier queries left
        // points out of the shadow: such a result is not stored.
        if use_cache && reader.stale_hits() == stale_before {
            let cost = (reader.nodes + self.nodes).saturating_sub(before);
            self.persistent.store(board, query, res, &tried, cost);
        }
        res
    }

    /// Can the strings at `a` and `b` (same colour) be connected, their
    /// owner to move? GNU Go `string_connect`. Empty points give `Fail`.
    pub fn string_connect(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        a: Point,
        b: Point,
    ) -> (ReadResult, Option<Point>) {
        self.two_string_query(reader, board, a, b, Routine::Connect, Self::connect2)
    }

    /// Can the strings at `a` and `b` (same colour) be kept apart, the
    /// opponent to move? GNU Go `disconnect`.
    pub fn disconnect(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        a: Point,
        b: Point,
    ) -> (ReadResult, Option<Point>) {
        self.two_string_query(reader, board, a, b, Routine::Disconnect, Self::disconnect2)
    }

    /// The top-level query `routine` (connect or disconnect) on the
    /// strings at `a` and `b`, read by `search` from the two origins. An
    /// empty point answers at once: `Fail` for the connector, `Win` for
    /// the cutter.
    fn two_string_query(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        a: Point,
        b: Point,
        routine: Routine,
        search: TwoStringSearch,
    ) -> (ReadResult, Option<Point>) {
        if !board.is_stone(a) || !board.is_stone(b) {
            let code = if routine == Routine::Connect {
                ReadResult::Fail
            } else {
                ReadResult::Win
            };
            return (code, None);
        }
        let (s1, s2) = ordered(board, a, b);
        let query = Query::new(routine, s1, s2, 0);
        self.top_level(reader, board, query, &mut |cr, rd, bd| {
            search(cr, rd, bd, KoState::EMPTY, s1, s2, false)
        })
    }

    /// Are the strings already connected? `Win` when no disconnecting
    /// move exists, `Fail` when one does, a ko result when it depends on
    /// ko (the disconnect result seen from the connector's side).
    pub fn is_connected(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        a: Point,
        b: Point,
    ) -> ReadResult {
        self.disconnect(reader, board, a, b).0.reverse()
    }

    /// Can the string at `s` connect to the goal area, its owner to move?
    /// GNU Go `break_in`.
    pub fn break_in(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        s: Point,
        goal: &Goal,
    ) -> (ReadResult, Option<Point>) {
        self.goal_query(reader, board, s, goal, Routine::BreakIn, Self::rec_break)
    }

    /// Can the string at `s` be kept out of the goal area, its opponent to
    /// move? GNU Go `block_off`.
    pub fn block_off(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        s: Point,
        goal: &Goal,
    ) -> (ReadResult, Option<Point>) {
        self.goal_query(reader, board, s, goal, Routine::BlockOff, Self::rec_block)
    }

    /// The top-level query `routine` (break-in or block-off) of the string
    /// at `s` and `goal`, read by `search` from the string's origin. An
    /// empty `s` or goal answers at once: `Fail` for the intruder, `Win`
    /// for the defender.
    fn goal_query(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        s: Point,
        goal: &Goal,
        routine: Routine,
        search: GoalSearch,
    ) -> (ReadResult, Option<Point>) {
        if !board.is_stone(s) || goal.points.is_empty() {
            let code = if routine == Routine::BreakIn {
                ReadResult::Fail
            } else {
                ReadResult::Win
            };
            return (code, None);
        }
        let s = board.origin(s);
        let query = Query::new(routine, s, Point::NONE, goal.hash).with_goal(&goal.points);
        self.top_level(reader, board, query, &mut |cr, rd, bd| {
            search(cr, rd, bd, KoState::EMPTY, s, goal, false)
        })
    }
}

/// The two chains by origin, smaller index first (results are symmetric).
fn ordered(board: &Board, a: Point, b: Point) -> (Point, Point) {
    let (x, y) = (board.origin(a), board.origin(b));
    if x <= y {
        (x, y)
    } else {
        (y, x)
    }
}

#[cfg(test)]
pub(crate) mod tests;
