//! The connection search: candidate moves from connection distances, and
//! the mutual recursion connect / disconnect (and break-in / block-off).
//!
//! GNU Go counterpart: `recursive_connect2`, `recursive_disconnect2`,
//! `find_connection_moves`, `find_string_connection_moves`,
//! `find_break_moves`, `recursive_break`, `recursive_block`,
//! `trivial_connection` and `check_self_atari` of `engine/readconnect.c`
//! (GNU Go's "alternate connections" algorithm, its default).
//!
//! Each level: trivial answers first (a string gone, already one string,
//! a common liberty, a capturable common neighbour), then the cache, then
//! the candidate moves ordered by the connection distance they would
//! leave, each answered by the other side's search. When no candidate
//! is found the distance decides (small: connected; large: the defender
//! passes once and lets the connector try).
//!
//! Moves are played under the komaster rules of the tactical reader
//! (GNU Go plays them with `komaster_trymove`): ko captures the komaster
//! forbids are not tried, and the tactical reads below a move start from
//! the komaster state the move left: every node receives that state as
//! an argument (`ks`) and hands it to the reader's `*_from` queries
//! ([`Reader::attack_from`]) and to the ladder memo's keys.

use crate::board::{Board, Color, Point};
use crate::reading::ko::{komaster_trymove, KoState};
use crate::reading::{Best, ReadResult, Reader};

use super::distance::{
    common_vulnerability, compute_connection_distances, compute_goal_distances, format_distances,
    fp, is_empty_self_atari, ladder_capturable, ladder_capture, ConnectionData, LadderMemo, FP_ONE,
    HUGE,
};
use super::{ConnectionReader, Goal, Routine};
use crate::reading::cache::CacheKey;
use crate::reading::libs::accuratelib;
use crate::reading::moves::{CandidateMoves, MAX_CANDIDATES};

/// Most candidates considered at one node.
const MAX_MOVES: usize = MAX_CANDIDATES;

/// What trying the candidates of one connection node found
/// ([`ConnectionReader::try_candidates`]).
struct Tried {
    /// A move after which the other side's search fails: a plain win.
    winner: Option<Point>,
    /// The best ko result otherwise.
    best: Best,
    /// How many candidates were legal under the komaster rules.
    count: usize,
}

/// Is a move by `to_move` at `p` worth trying although it may be a
/// self-atari (ko captures and some sacrifices are)? GNU Go `check_self_atari`.
pub(crate) fn check_self_atari(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    p: Point,
    to_move: Color,
) -> bool {
    if !is_empty_self_atari(board, p, to_move) {
        return true;
    }
    if board.ko_capture(p, to_move).is_some() {
        return true;
    }
    // A lone sacrifice whose last liberty the opponent cannot safely fill.
    if p.neighbors().iter().any(|&n| board.cell(n).is(to_move)) {
        return false;
    }
    let lib = p.neighbors().into_iter().find(|&n| board.is_empty(n));
    match lib {
        Some(lib) => {
            accuratelib(board, lib, to_move.opponent(), 3) <= 2
                && ladder_capturable(reader, memo, ks, board, lib, to_move.opponent())
        }
        None => false,
    }
}

/// Common liberty, or a common neighbour the tactical reader can capture.
fn trivial_connection(
    reader: &mut Reader,
    board: &mut Board,
    ks: KoState,
    s1: Point,
    s2: Point,
) -> Option<Point> {
    let common = board.common_libs(s1, s2);
    if let Some(&l) = common.first() {
        return Some(l);
    }
    let mut adj = Vec::new();
    board.adjacent_chains(s1, &mut adj);
    adj.sort();
    for a in adj {
        let touches_s2 = board.stones(a).any(|st| {
            st.neighbors()
                .iter()
                .any(|&n| board.is_stone(n) && board.same_chain(n, s2))
        });
        if touches_s2 {
            if let (ReadResult::Win, m) = reader.attack_from(board, a, ks) {
                return m.or_else(|| board.libs(a).first().copied());
            }
        }
    }
    None
}

/// Candidate moves for `to_move` from the two distance maps (GNU Go
/// `find_connection_moves`). `s2` may be NONE (break-in towards an area).
#[allow(clippy::too_many_arguments)]
fn find_connection_moves(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    s1: Point,
    s2: Point,
    to_move: Color,
    conn1: &ConnectionData,
    conn2: &ConnectionData,
    max_dist1: i32,
    max_dist2: i32,
    total_distance: i32,
    cutoff: i32,
) -> (Vec<(Point, i32)>, usize) {
    let color = board.chain(s1).color;
    let other = color.opponent();
    let connect_move = to_move == color;
    // Candidates with their distances, the smaller kept when a point is
    // proposed twice: the tactical reader's accumulator keeps the larger
    // score, so it holds the negated distance.
    let mut proposed = CandidateMoves::new();
    let add = |proposed: &mut CandidateMoves, m: Point, d: i32| {
        if m.is_some() {
            proposed.add(m, -d);
        }
    };
    for &pos in &conn1.queue {
        let dist1 = conn1.dist(pos);
        let dist2 = conn2.dist(pos);
        let d1 = conn1.reduced(pos);
        let d2 = conn2.reduced(pos);
        if d1 + d2 > fp(2.5) || dist1 > max_dist1 + fp(0.2) || dist2 > max_dist2 + fp(0.2) {
            continue;
        }
        let mut distance = d1 + d2;
        log::trace!(
            "move {:?} ({}, {}, {}, {})",
            pos,
            dist1,
            conn1.delta(pos),
            dist2,
            conn2.delta(pos)
        );
        if (3 * d1) / 2 > d2 && (3 * d2) / 2 > d1 {
            distance -= fp(0.1);
        }
        // Not between the strings.
        let from1 = conn1.came_from(pos);
        if from1.is_some() && from1 == conn2.came_from(pos) {
            continue;
        }
        if board.is_empty(pos) {
            if check_self_atari(reader, memo, ks, board, pos, to_move) {
                add(&mut proposed, pos, distance);
            }
        } else if board.cell(pos).is(other) {
            let (acode, amove) = reader.attack_from(board, pos, ks);
            let (dcode, dmove) = if acode != ReadResult::Fail {
                reader.find_defense_from(board, pos, ks)
            } else {
                (ReadResult::Win, None)
            };
            if connect_move && acode != ReadResult::Fail {
                if let Some(am) = amove {
                    let capture_distance = |m: Point| {
                        if dcode == ReadResult::Fail
                            || conn1.dist(m) + conn2.dist(m) > dist1 + dist2
                        {
                            distance + fp(0.5) - fp(0.15)
                        } else {
                            distance - fp(0.15)
                        }
                    };
                    add(&mut proposed, am, capture_distance(am));
                    // The reader names one capturing move; for a string
                    // with two liberties the other liberty may capture as
                    // well and lie nearer the connection (the bonuses
                    // below then rank the two).
                    if board.countlib(pos) == 2 {
                        let libs = [board.libs(pos)[0], board.libs(pos)[1]];
                        for lib in libs {
                            if lib != am && reader.does_attack_from(board, lib, pos, ks) >= acode {
                                add(&mut proposed, lib, capture_distance(lib));
                            }
                        }
                    }
                }
            } else if !connect_move && acode != ReadResult::Fail && dcode != ReadResult::Fail {
                if let Some(dm) = dmove {
                    add(&mut proposed, dm, distance - fp(0.5));
                }
            }
        } else if board.cell(pos).is(color) {
            for k in 0..4 {
                let a = if k & 1 == 1 {
                    conn1.vulnerabilities(pos)[0]
                } else {
                    conn1.vulnerabilities(pos)[1]
                };
                let b = if k & 2 == 2 {
                    conn2.vulnerabilities(pos)[0]
                } else {
                    conn2.vulnerabilities(pos)[1]
                };
                if common_vulnerability(board, a, b, color) {
                    if check_self_atari(reader, memo, ks, board, a, to_move) {
                        add(&mut proposed, a, distance);
                    }
                    if b != a && check_self_atari(reader, memo, ks, board, b, to_move) {
                        add(&mut proposed, b, distance);
                    }
                }
            }
        }
    }

    // Bonuses.
    let mut cands: Vec<(Point, i32)> = proposed.entries().map(|(m, s)| (m, -s)).collect();
    for cand in cands.iter_mut() {
        let m = cand.0;
        let mut d = cand.1;
        let mut adjacent_to_attacker = false;
        let mut bonus_given = false;
        for n in m.neighbors() {
            if board.cell(n).is(other) {
                adjacent_to_attacker = true;
                d -= fp(0.15);
                if board.countlib(n) <= 2 {
                    d -= fp(0.2);
                    if (connect_move || !bonus_given)
                        && (conn1.reduced(m) <= fp(0.5) || conn1.reduced(n) <= fp(0.5))
                        && (conn2.reduced(m) <= fp(0.5) || conn2.reduced(n) <= fp(0.5))
                        && conn1.dist(n) < total_distance
                        && conn2.dist(n) < total_distance
                    {
                        bonus_given = true;
                        d -= fp(0.7);
                    }
                }
            } else if board.cell(n).is(color) {
                if board.countlib(n) <= 2 {
                    d -= fp(0.2);
                }
                if !connect_move && board.countlib(n) == 1 && accuratelib(board, m, other, 2) > 1 {
                    let mut adj = Vec::new();
                    board.adjacent_chains_max_libs(n, 2, &mut adj);
                    let two = adj.len() as i32;
                    board.adjacent_chains_max_libs(n, 1, &mut adj);
                    let one = adj.len() as i32;
                    d -= fp(0.1) * two + fp(0.5) * one;
                }
            }
        }
        let on_edge = m.neighbors().iter().any(|&n| !board.on_board(n));
        if adjacent_to_attacker && !connect_move && on_edge {
            d -= fp(0.1);
        }
        if ladder_capturable(reader, memo, ks, board, m, to_move) {
            d += fp(0.3);
        }
        if (board.is_liberty_of(m, s1) && board.countlib(s1) == 3)
            || (s2.is_some() && board.is_liberty_of(m, s2) && board.countlib(s2) == 3)
        {
            d -= fp(0.1);
        }
        cand.1 = d;
    }

    // Stable sort by distance (ties keep discovery order).
    cands.sort_by_key(|&(_, d)| d);
    log::trace!("sorted candidates: {:?}", cands);
    if cands.is_empty() {
        return (cands, 0);
    }
    let limit0 = if cands.len() <= 1 || board.ko_capture(cands[0].0, to_move).is_none() {
        cands[0].1 + fp(1.5)
    } else {
        cands[1].1 + fp(1.5)
    };
    let mut limit = limit0;
    if cands.len() > 1 && cands[1].1 < FP_ONE && cands[1].1 > limit {
        limit = cands[1].1;
    }
    let mut n = 0;
    while n < cands.len() {
        let d = cands[n].1;
        if n > 1 && d > cands[n - 1].1 && d - cands[n - 1].1 > (8 - n as i32) * fp(0.2) {
            break;
        }
        if d > limit || d > cutoff {
            break;
        }
        n += 1;
    }
    (cands, n)
}

/// Candidates and total distance for connecting / disconnecting two strings.
fn find_string_connection_moves(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    s1: Point,
    s2: Point,
    to_move: Color,
) -> ((Vec<(Point, i32)>, usize), i32) {
    let cutoff = fp(3.051);
    let mut conn1 = compute_connection_distances(reader, memo, ks, board, s1, s2, cutoff, true);
    let mut conn2 = compute_connection_distances(reader, memo, ks, board, s2, s1, cutoff, true);
    if board.countlib(s1) == 1 {
        let lib = board.libs(s1)[0];
        conn1.set_distance(lib, 0);
        conn1.set_coming_from(lib, Point::NONE);
        conn2.set_distance(lib, conn2.dist(s1));
        conn2.set_coming_from(lib, conn1.came_from(s1));
    }
    if board.countlib(s2) == 1 {
        let lib = board.libs(s2)[0];
        conn2.set_distance(lib, 0);
        conn1.set_distance(lib, conn1.dist(s2));
    }
    let max1 = conn1.dist(s2);
    let max2 = conn2.dist(s1);
    let total = max1.min(max2);
    if log::log_enabled!(log::Level::Trace) {
        log::trace!(
            "connection distances at depth {}:\n{}\n{}",
            board.depth(),
            format_distances(board, &conn1),
            format_distances(board, &conn2)
        );
    }
    let moves = find_connection_moves(
        reader, memo, ks, board, s1, s2, to_move, &conn1, &conn2, max1, max2, total, HUGE,
    );
    memo.recycle(conn1);
    memo.recycle(conn2);
    (moves, total)
}

/// Candidates and total distance for breaking into / blocking off a goal.
fn find_break_moves(
    cr: &mut ConnectionReader,
    reader: &mut Reader,
    board: &mut Board,
    ks: KoState,
    s: Point,
    goal: &Goal,
    to_move: Color,
) -> ((Vec<(Point, i32)>, usize), i32) {
    let color = board.chain(s).color;
    let conn1 = compute_connection_distances(
        reader,
        &mut cr.memo,
        ks,
        board,
        s,
        Point::NONE,
        fp(2.501),
        true,
    );
    // The first goal string reached serves as secondary target.
    let mut s2 = Point::NONE;
    for &q in &conn1.queue {
        if board.cell(q).is(color) && board.stones(q).any(|st| goal.contains(st)) {
            s2 = board.origin(q);
            break;
        }
    }
    let mut conn2 = compute_goal_distances(
        reader,
        &mut cr.memo,
        ks,
        board,
        color,
        &goal.points,
        s,
        fp(2.501),
    );
    // The nearest start point of the goal's distance map (own stones and
    // empty goal points; opponent stones in the goal are no start points).
    let mut max1 = HUGE;
    for &q in &goal.points {
        let q = if board.cell(q).is(color) {
            board.origin(q)
        } else if board.is_empty(q) {
            q
        } else {
            continue;
        };
        max1 = max1.min(conn1.dist(q));
    }
    let mut conn1 = conn1;
    if board.countlib(s) == 1 {
        let lib = board.libs(s)[0];
        conn1.set_distance(lib, 0);
        conn1.set_coming_from(lib, Point::NONE);
        conn2.set_distance(lib, conn2.dist(board.origin(s)));
        conn2.set_coming_from(lib, conn1.came_from(board.origin(s)));
    }
    let max2 = conn2.dist(board.origin(s));
    let total = max1.min(max2);
    if log::log_enabled!(log::Level::Trace) {
        log::trace!(
            "break-in distances at depth {}:\n{}\n{}",
            board.depth(),
            format_distances(board, &conn1),
            format_distances(board, &conn2)
        );
    }
    let remaining = cr.config.breakin_depth as i64 - board.depth() as i64;
    let cutoff = if remaining <= 5 {
        fp(1.101) + remaining as i32 * fp(0.15)
    } else {
        HUGE
    };
    let mut moves = find_connection_moves(
        reader,
        &mut cr.memo,
        ks,
        board,
        s,
        s2,
        to_move,
        &conn1,
        &conn2,
        max1,
        max2,
        total,
        cutoff,
    );
    cr.memo.recycle(conn1);
    cr.memo.recycle(conn2);
    if to_move != color && s2.is_some() && moves.1 < MAX_MOVES {
        if let Some(m) = ladder_capture(reader, &mut cr.memo, ks, board, s2) {
            if !moves.0[..moves.1].iter().any(|e| e.0 == m) {
                moves.0.insert(moves.1, (m, HUGE));
                moves.1 += 1;
            }
        }
    }
    (moves, total)
}

impl ConnectionReader {
    /// Try the candidates `moves` for `mover` in order, each under the
    /// reader's komaster scheme (GNU Go `komaster_trymove`: a legal move,
    /// or while nothing better is saved and within `ko_depth` an illegal
    /// ko capture as if a threat had been answered), answered by `reply`,
    /// the other side's search, with the tactical reads below the move
    /// starting from the komaster state the move left. A plain move after
    /// which `reply` fails wins at once; otherwise the best result seen
    /// from our side is kept (GNU Go `UPDATE_SAVED_KO_RESULT`), and a
    /// conditional ko capture that `reply` does not refute outright counts
    /// as KO_B, replacing whatever was kept, as in GNU Go.
    fn try_candidates(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        moves: Vec<Point>,
        mover: Color,
        ks: KoState,
        mut reply: impl FnMut(&mut Self, &mut Reader, &mut Board, KoState) -> ReadResult,
    ) -> Tried {
        let scheme = reader.config.komaster_scheme;
        let mut best = Best::default();
        let mut count = 0;
        for m in moves {
            let allow_ko = board.depth() <= self.config.ko_depth && best.code() == ReadResult::Fail;
            let Some(km) = komaster_trymove(scheme, board, ks, m, mover, allow_ko) else {
                continue;
            };
            self.trace_push(m, mover);
            let their = reply(self, reader, board, km.state);
            board.popgo();
            self.trace_pop(result_note(their.reverse()));
            count += 1;
            if !km.conditional {
                if their == ReadResult::Fail {
                    return Tried {
                        winner: Some(m),
                        best,
                        count,
                    };
                }
                best.update(their.reverse(), m);
            } else if their != ReadResult::Win {
                best = Best::default();
                best.update(ReadResult::KoB, m);
            }
        }
        Tried {
            winner: None,
            best,
            count,
        }
    }

    /// The candidates a node tries: the first `moves.1` of `moves`, in
    /// order. The whole order with its distances goes to the trace (as
    /// GNU Go's "Move order for ..." comments).
    fn kept_candidates(
        &mut self,
        what: &str,
        moves: &(Vec<(Point, i32)>, usize),
        size: usize,
    ) -> Vec<Point> {
        let kept = moves.0[..moves.1].iter().map(|e| e.0).collect();
        if self.trace.is_none() {
            return kept;
        }
        let mut note = format!("Move order for {what}:");
        for (k, &(m, d)) in moves.0.iter().enumerate() {
            if k == moves.1 {
                note.push_str(" | dropped:");
            }
            note.push_str(&format!(
                " {} ({:.2})",
                super::comment_vertex(m, size),
                d as f64 / FP_ONE as f64
            ));
        }
        self.trace_note(&note);
        kept
    }

    /// Count a node of `connect2` / `disconnect2`; the connector's result
    /// when the node needs no reading: `Fail` when a string is gone or the
    /// node or depth budget is spent, `Win` when the strings are one.
    /// `disconnect2` takes it reversed.
    fn connection_settled(&mut self, board: &Board, s1: Point, s2: Point) -> Option<ReadResult> {
        self.count_node();
        if !board.is_stone(s1) || !board.is_stone(s2) {
            return Some(ReadResult::Fail);
        }
        if board.same_chain(s1, s2) {
            return Some(ReadResult::Win);
        }
        let spent = self.query_nodes > self.config.node_limit || board.depth() > self.config.depth;
        spent.then_some(ReadResult::Fail)
    }

    /// Count a node of `rec_break` / `rec_block`; `Fail` for the breaker
    /// when the string is gone or the break-in budget is spent (`rec_block`
    /// takes it reversed).
    fn break_in_settled(&mut self, board: &Board, s: Point) -> Option<ReadResult> {
        self.count_node();
        let settled = !board.is_stone(s)
            || self.query_nodes > self.config.breakin_node_limit
            || board.depth() > self.config.breakin_depth;
        settled.then_some(ReadResult::Fail)
    }

    /// Read one node through the per-query table under `key` (no table
    /// with `None`): a hit answers at once, otherwise `read` runs and its
    /// result is stored, with the nodes it cost.
    fn through_table(
        &mut self,
        key: Option<CacheKey>,
        read: impl FnOnce(&mut Self) -> (ReadResult, Option<Point>),
    ) -> (ReadResult, Option<Point>) {
        if let Some(hit) = key.as_ref().and_then(|k| self.table.get(k)) {
            return hit;
        }
        let start = self.nodes;
        let res = read(self);
        if let Some(key) = key {
            self.table.put(key, res.0, res.1, self.nodes - start);
        }
        res
    }

    fn count_node(&mut self) {
        self.query_nodes += 1;
        self.nodes += 1;
    }

    /// Can `s1` and `s2` be connected with the connector to move?
    pub(crate) fn connect2(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        ks: KoState,
        s1: Point,
        s2: Point,
        has_passed: bool,
    ) -> (ReadResult, Option<Point>) {
        if let Some(code) = self.connection_settled(board, s1, s2) {
            return (code, None);
        }
        let (s1, s2) = (board.origin(s1), board.origin(s2));
        let key = (!has_passed).then(|| self.key(board, ks, Routine::Connect, s1, s2, 0));
        self.through_table(key, |cr| {
            cr.connect2_body(reader, board, ks, s1, s2, has_passed)
        })
    }

    fn connect2_body(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        ks: KoState,
        s1: Point,
        s2: Point,
        has_passed: bool,
    ) -> (ReadResult, Option<Point>) {
        if let Some(m) = trivial_connection(reader, board, ks, s1, s2) {
            return (ReadResult::Win, Some(m));
        }
        let color = board.chain(s1).color;
        let (moves, distance) =
            find_string_connection_moves(reader, &mut self.memo, ks, board, s1, s2, color);
        let moves = self.kept_candidates("connect", &moves, board.size());
        let tried = self.try_candidates(reader, board, moves, color, ks, |cr, rd, bd, ks| {
            cr.disconnect2(rd, bd, ks, s1, s2, has_passed).0
        });
        if tried.winner.is_some() || (tried.count == 0 && distance < FP_ONE) {
            return (ReadResult::Win, tried.winner);
        }
        tried.best.get()
    }

    /// Can `s1` and `s2` be separated with the cutting side to move?
    pub(crate) fn disconnect2(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        ks: KoState,
        s1: Point,
        s2: Point,
        has_passed: bool,
    ) -> (ReadResult, Option<Point>) {
        if let Some(code) = self.connection_settled(board, s1, s2) {
            return (code.reverse(), None);
        }
        let (s1, s2) = (board.origin(s1), board.origin(s2));
        let (a1, am1) = reader.attack_from(board, s1, ks);
        if a1 == ReadResult::Win {
            return (ReadResult::Win, am1);
        }
        let (a2, am2) = reader.attack_from(board, s2, ks);
        if a2 == ReadResult::Win {
            return (ReadResult::Win, am2);
        }
        let key = self.key(board, ks, Routine::Disconnect, s1, s2, has_passed as u64);
        self.through_table(Some(key), |cr| {
            cr.disconnect2_body(reader, board, ks, s1, s2, has_passed, (a1, am1), (a2, am2))
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn disconnect2_body(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        ks: KoState,
        s1: Point,
        s2: Point,
        has_passed: bool,
        att1: (ReadResult, Option<Point>),
        att2: (ReadResult, Option<Point>),
    ) -> (ReadResult, Option<Point>) {
        if let Some(m) = ladder_capture(reader, &mut self.memo, ks, board, s1) {
            return (ReadResult::Win, Some(m));
        }
        if let Some(m) = ladder_capture(reader, &mut self.memo, ks, board, s2) {
            return (ReadResult::Win, Some(m));
        }
        let color = board.chain(s1).color;
        let other = color.opponent();
        let (moves, distance) =
            find_string_connection_moves(reader, &mut self.memo, ks, board, s1, s2, other);
        let mut moves = self.kept_candidates("disconnect", &moves, board.size());
        for (code, m) in [att1, att2] {
            if code != ReadResult::Fail {
                if let Some(m) = m {
                    if !moves.contains(&m) && moves.len() < MAX_MOVES {
                        moves.push(m);
                    }
                }
            }
        }
        let tried = self.try_candidates(reader, board, moves, other, ks, |cr, rd, bd, ks| {
            cr.connect2(rd, bd, ks, s1, s2, has_passed).0
        });
        if tried.winner.is_some() {
            return (ReadResult::Win, tried.winner);
        }
        if tried.count == 0
            && distance >= FP_ONE
            && (has_passed || self.connect2(reader, board, ks, s1, s2, true).0 == ReadResult::Fail)
        {
            return (ReadResult::Win, None);
        }
        tried.best.get()
    }

    /// Can the chain on `s` reach the goal with its owner to move?
    pub(crate) fn rec_break(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        ks: KoState,
        s: Point,
        goal: &Goal,
        has_passed: bool,
    ) -> (ReadResult, Option<Point>) {
        if let Some(code) = self.break_in_settled(board, s) {
            return (code, None);
        }
        let s = board.origin(s);
        let key =
            (!has_passed).then(|| self.key(board, ks, Routine::BreakIn, s, Point::NONE, goal.hash));
        self.through_table(key, |cr| {
            let color = board.chain(s).color;
            let (moves, distance) = find_break_moves(cr, reader, board, ks, s, goal, color);
            let moves = cr.kept_candidates("break-in", &moves, board.size());
            let tried = cr.try_candidates(reader, board, moves, color, ks, |cr, rd, bd, ks| {
                cr.rec_block(rd, bd, ks, s, goal, has_passed).0
            });
            if tried.winner.is_some() || (tried.count == 0 && distance < fp(0.89)) {
                (ReadResult::Win, tried.winner)
            } else {
                tried.best.get()
            }
        })
    }

    /// Can the goal be kept away from the chain on `s`, the opponent of
    /// its owner to move?
    pub(crate) fn rec_block(
        &mut self,
        reader: &mut Reader,
        board: &mut Board,
        ks: KoState,
        s: Point,
        goal: &Goal,
        has_passed: bool,
    ) -> (ReadResult, Option<Point>) {
        if let Some(code) = self.break_in_settled(board, s) {
            return (code.reverse(), None);
        }
        let s = board.origin(s);
        let extra = goal.hash ^ has_passed as u64;
        let key = self.key(board, ks, Routine::BlockOff, s, Point::NONE, extra);
        self.through_table(Some(key), |cr| {
            if let Some(m) = ladder_capture(reader, &mut cr.memo, ks, board, s) {
                return (ReadResult::Win, Some(m));
            }
            let other = board.chain(s).color.opponent();
            let (moves, distance) = find_break_moves(cr, reader, board, ks, s, goal, other);
            let moves = cr.kept_candidates("block-off", &moves, board.size());
            let tried = cr.try_candidates(reader, board, moves, other, ks, |cr, rd, bd, ks| {
                cr.rec_break(rd, bd, ks, s, goal, has_passed).0
            });
            if tried.winner.is_some()
                || (tried.count == 0
                    && distance >= FP_ONE
                    && (has_passed
                        || cr.rec_break(reader, board, ks, s, goal, true).0 == ReadResult::Fail))
            {
                (ReadResult::Win, tried.winner)
            } else {
                tried.best.get()
            }
        })
    }
}

/// Short result text for the variation comments.
fn result_note(r: ReadResult) -> &'static str {
    match r {
        ReadResult::Win => "success",
        ReadResult::KoA => "ko (first capture)",
        ReadResult::KoB => "ko (needs threat)",
        ReadResult::Fail => "failure",
    }
}
