//! Connection distances: a rough count of the moves needed to link a
//! string (or a goal area) to each nearby point, spread outwards through
//! the shapes that matter for connections (solid contact, self-atari and
//! suicide points, bamboo joints, diagonals, ladders, capturable stones).
//!
//! GNU Go counterpart: `compute_connection_distances`,
//! `spread_connection_distances` and their helpers in
//! `engine/readconnect.c`. The propagation is a best-first search over an
//! implicitly sorted queue; expensive steps that need a ladder read are
//! postponed in a heap and only evaluated when their distance comes up.
//! Distances are fixed-point integers ([`FP_ONE`] = 1.0).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::board::{Board, Color, Point, BOARD_ARRAY, STRIDE};
use crate::reading::ko::KoState;
use crate::reading::libs::{accuratelib, approxlib, is_self_atari};
use crate::reading::{ReadResult, Reader};

/// Fixed-point unit of connection distances.
pub const FP_ONE: i32 = 10_000;
/// Distance of unreached points.
pub const HUGE: i32 = 100 * FP_ONE;

/// Fixed-point value of a decimal literal.
pub(crate) const fn fp(x: f64) -> i32 {
    (x * FP_ONE as f64) as i32
}

/// Postponed propagation steps (GNU Go's heap helpers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Postponed {
    /// Empty neighbour: cheap when an opponent stone there is ladder-captured.
    EmptyNeighbour,
    /// Opponent neighbour: cheap when it cannot escape a ladder.
    OpponentNeighbour,
    /// Empty diagonal point reached through one empty shared neighbour.
    DiagonalEmpty,
}

/// A postponed step. The heap pops the smallest distance first and,
/// among equal distances, the step postponed first; `key` packs the two
/// (distance, then sequence number) so that one comparison decides.
#[derive(Clone, Copy)]
struct HeapEntry {
    key: u64,
    from: Point,
    target: Point,
    kind: Postponed,
}

impl HeapEntry {
    fn new(dist: i32, seq: u32, from: Point, target: Point, kind: Postponed) -> HeapEntry {
        // Flipping the sign bit keeps the order of negative distances.
        let d = (dist as u32) ^ 0x8000_0000;
        HeapEntry {
            key: (u64::from(d) << 32) | u64::from(seq),
            from,
            target,
            kind,
        }
    }

    fn dist(&self) -> i32 {
        ((self.key >> 32) as u32 ^ 0x8000_0000) as i32
    }
}

impl PartialEq for HeapEntry {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for HeapEntry {}

impl PartialOrd for HeapEntry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for HeapEntry {
    /// Reversed, so that the max-heap pops the smallest key.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key.cmp(&self.key)
    }
}

/// Answers of the ladder helpers ([`ladder_capture`],
/// [`ladder_capturable`], [`no_escape_from_ladder`]) already worked out
/// in the current connection query. Both distance maps of a node and the
/// move generator ask the same questions about the same position many
/// times; a tactical read (or a ladder) is deterministic given the
/// position, the search depth and the komaster state, so the answer is
/// reused instead of read again. Direct-mapped, keyed by the board hash
/// plus a packed question (helper, point, colour, depth, ko point,
/// komaster state); cleared (a generation bump) at the start of every
/// connection query so that each query's reading shadow stays complete.
/// No GNU Go counterpart (GNU Go repeats these reads).
///
/// It also keeps the buffers of distance maps handed back with
/// [`LadderMemo::recycle`], so that a node's two maps reuse the previous
/// node's allocations instead of allocating five board-sized arrays each.
pub(crate) struct LadderMemo {
    slots: Vec<MemoSlot>,
    generation: u32,
    spare: Vec<ConnectionData>,
}

#[derive(Clone, Copy, Default)]
struct MemoSlot {
    hash: u64,
    question: u64,
    generation: u32,
    answer: u16,
}

/// How many recycled distance maps the memo keeps (a node needs two).
const SPARE_MAPS: usize = 4;

/// log2 of the number of memo slots.
const MEMO_BITS: u32 = 14;

/// Which helper a memo entry answers.
#[derive(Clone, Copy)]
enum Question {
    LadderCapture = 1,
    LadderCapturable = 2,
    NoEscapeFromLadder = 3,
}

impl std::fmt::Debug for LadderMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LadderMemo")
            .field("slots", &self.slots.len())
            .field("generation", &self.generation)
            .finish()
    }
}

impl Default for LadderMemo {
    fn default() -> Self {
        LadderMemo {
            slots: Vec::new(),
            generation: 1,
            spare: Vec::new(),
        }
    }
}

impl LadderMemo {
    /// Forget every answer (start of a connection query).
    pub(crate) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.iter_mut().for_each(|s| *s = MemoSlot::default());
            self.generation = 1;
        }
    }

    /// Keep the buffers of a distance map no longer needed, for the next
    /// one to reuse.
    pub(crate) fn recycle(&mut self, conn: ConnectionData) {
        if self.spare.len() < SPARE_MAPS {
            self.spare.push(conn);
        }
    }

    /// A distance map with nothing reached, reusing recycled buffers
    /// when there are any.
    fn fresh_map(&mut self, target: Point, cutoff: i32, speculative: bool) -> ConnectionData {
        match self.spare.pop() {
            Some(mut conn) => {
                conn.reset(target, cutoff, speculative);
                conn
            }
            None => ConnectionData::new(target, cutoff, speculative),
        }
    }

    fn key(ks: KoState, board: &Board, q: Question, p: Point, color: u64) -> (u64, u64) {
        let question = q as u64
            | (u64::from(p.0) << 2)
            | (color << 12)
            | ((board.depth() as u64 & 0xfff) << 14)
            | (u64::from(board.ko_point().0) << 26)
            | (u64::from(ks.kom_pos.0) << 36)
            | (u64::from(ks.komaster.code()) << 46);
        (board.hash(), question)
    }

    fn slot(hash: u64, question: u64) -> usize {
        let h = (hash ^ question.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xff51_afd7_ed55_8ccd);
        (h >> (64 - MEMO_BITS)) as usize
    }

    fn get(&self, key: (u64, u64)) -> Option<u16> {
        let s = self.slots.get(Self::slot(key.0, key.1))?;
        (s.generation == self.generation && s.hash == key.0 && s.question == key.1)
            .then_some(s.answer)
    }

    fn put(&mut self, key: (u64, u64), answer: u16) {
        if self.slots.is_empty() {
            self.slots = vec![MemoSlot::default(); 1 << MEMO_BITS];
        }
        self.slots[Self::slot(key.0, key.1)] = MemoSlot {
            hash: key.0,
            question: key.1,
            generation: self.generation,
            answer,
        };
    }
}

/// Slots of the per-point arrays: a power of two at least
/// [`BOARD_ARRAY`], so that an index masked to it is provably in bounds
/// and the propagation's many lookups carry no bounds check.
const SLOTS: usize = BOARD_ARRAY.next_power_of_two();

/// One value per board array index, indexed by [`Point`].
#[derive(Clone)]
struct PerPoint<T>(Box<[T; SLOTS]>);

impl<T: Copy> PerPoint<T> {
    fn new(v: T) -> PerPoint<T> {
        PerPoint(Box::new([v; SLOTS]))
    }

    /// Set the entries of the index range `span` to `v`.
    fn fill(&mut self, span: std::ops::RangeInclusive<usize>, v: T) {
        self.0[span].fill(v);
    }
}

impl<T> std::ops::Index<Point> for PerPoint<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, p: Point) -> &T {
        debug_assert!(p.idx() < BOARD_ARRAY);
        &self.0[p.idx() & (SLOTS - 1)]
    }
}

impl<T> std::ops::IndexMut<Point> for PerPoint<T> {
    #[inline(always)]
    fn index_mut(&mut self, p: Point) -> &mut T {
        debug_assert!(p.idx() < BOARD_ARRAY);
        &mut self.0[p.idx() & (SLOTS - 1)]
    }
}

/// Distances from one start set, with the bookkeeping move generation uses.
///
/// The per-point arrays are private: they are read through
/// [`ConnectionData::dist`], [`ConnectionData::delta`],
/// [`ConnectionData::came_from`] and [`ConnectionData::vulnerabilities`],
/// and written from outside only through `set_distance` and
/// `set_coming_from`, which keep the span of written points that a reset
/// has to clear.
#[derive(Clone)]
pub struct ConnectionData {
    /// Distance of each point (HUGE when unreached).
    distances: PerPoint<i32>,
    /// How much the last step contributed (the "delta" of the manual).
    deltas: PerPoint<i32>,
    /// Where the propagation came from (NONE for start points).
    coming_from: PerPoint<Point>,
    /// First point where the opponent can threaten the path to here.
    vulnerable1: PerPoint<Point>,
    /// Second such point.
    vulnerable2: PerPoint<Point>,
    /// Points in the order they were reached (string origins for stones).
    pub queue: Vec<Point>,
    /// The distance of each queued point, in queue order (`queue_dist[k]`
    /// is `distances[queue[k]]`), so that picking the nearest point scans
    /// one contiguous array.
    queue_dist: Vec<i32>,
    queue_start: usize,
    /// Index in `queue` of each queued point (stale for others).
    queue_pos: PerPoint<u16>,
    /// The last point whose distance went down (NONE when reset).
    lowered: Point,
    /// The distance of the last point or postponed step processed (no
    /// unprocessed point is nearer; `i32::MIN` before the first).
    floor: i32,
    heap: BinaryHeap<HeapEntry>,
    heap_seq: u32,
    /// The smallest and largest index written since the last reset (the
    /// arrays hold their initial values outside; `lo > hi` when nothing
    /// was written).
    written_lo: usize,
    written_hi: usize,
    /// The propagation's buffer for the stones of the chain being spread
    /// from (kept with the map so that recycled maps reuse it).
    chain_stones: Vec<Point>,
    target: Point,
    cutoff: i32,
    speculative: bool,
}

impl ConnectionData {
    fn new(target: Point, cutoff: i32, speculative: bool) -> ConnectionData {
        ConnectionData {
            distances: PerPoint::new(HUGE),
            deltas: PerPoint::new(0),
            coming_from: PerPoint::new(Point::NONE),
            vulnerable1: PerPoint::new(Point::NONE),
            vulnerable2: PerPoint::new(Point::NONE),
            // A point is queued at most once: no reallocation later.
            queue: Vec::with_capacity(BOARD_ARRAY),
            queue_dist: Vec::with_capacity(BOARD_ARRAY),
            queue_start: 0,
            queue_pos: PerPoint::new(0),
            lowered: Point::NONE,
            floor: i32::MIN,
            heap: BinaryHeap::new(),
            heap_seq: 0,
            written_lo: usize::MAX,
            written_hi: 0,
            chain_stones: Vec::new(),
            target,
            cutoff,
            speculative,
        }
    }

    /// Back to the state of [`ConnectionData::new`], keeping the buffers.
    fn reset(&mut self, target: Point, cutoff: i32, speculative: bool) {
        if self.written_lo <= self.written_hi {
            let span = self.written_lo..=self.written_hi;
            self.distances.fill(span.clone(), HUGE);
            self.deltas.fill(span.clone(), 0);
            self.coming_from.fill(span.clone(), Point::NONE);
            self.vulnerable1.fill(span.clone(), Point::NONE);
            self.vulnerable2.fill(span, Point::NONE);
        }
        self.written_lo = usize::MAX;
        self.written_hi = 0;
        self.queue.clear();
        self.queue_dist.clear();
        self.queue_start = 0;
        self.lowered = Point::NONE;
        self.floor = i32::MIN;
        self.heap.clear();
        self.heap_seq = 0;
        self.target = target;
        self.cutoff = cutoff;
        self.speculative = speculative;
    }

    /// Note that the entries of index `i` are about to be written.
    #[inline]
    fn note_write(&mut self, i: usize) {
        self.written_lo = self.written_lo.min(i);
        self.written_hi = self.written_hi.max(i);
    }

    /// Overwrite the distance of `p` (the search's adjustments after the
    /// propagation, e.g. at the last liberty of a string in atari).
    pub(crate) fn set_distance(&mut self, p: Point, dist: i32) {
        self.note_write(p.idx());
        self.distances[p] = dist;
    }

    /// Overwrite where the propagation reached `p` from.
    pub(crate) fn set_coming_from(&mut self, p: Point, from: Point) {
        self.note_write(p.idx());
        self.coming_from[p] = from;
    }

    /// Distance of `p` (HUGE for unreached or border points).
    pub fn dist(&self, p: Point) -> i32 {
        self.distances[p]
    }

    /// How much the last step to `p` contributed to its distance.
    pub fn delta(&self, p: Point) -> i32 {
        self.deltas[p]
    }

    /// Where the propagation reached `p` from (NONE for start points and
    /// unreached points).
    pub fn came_from(&self, p: Point) -> Point {
        self.coming_from[p]
    }

    /// The two points where the opponent can threaten the path to `p`.
    pub fn vulnerabilities(&self, p: Point) -> [Point; 2] {
        [self.vulnerable1[p], self.vulnerable2[p]]
    }

    /// Distance minus delta: what the distance would be after a move at `p`.
    pub fn reduced(&self, p: Point) -> i32 {
        self.distances[p] - self.deltas[p]
    }

    fn add_start(&mut self, p: Point, dist: i32) {
        self.note_write(p.idx());
        self.push_queue(p, dist);
        self.distances[p] = dist;
        self.deltas[p] = dist;
        self.coming_from[p] = Point::NONE;
        self.vulnerable1[p] = Point::NONE;
        self.vulnerable2[p] = Point::NONE;
    }

    fn push_queue(&mut self, p: Point, dist: i32) {
        self.queue_pos[p] = self.queue.len() as u16;
        self.queue.push(p);
        self.queue_dist.push(dist);
    }

    fn swap_queue(&mut self, k1: usize, k2: usize) {
        self.queue.swap(k1, k2);
        self.queue_dist.swap(k1, k2);
        self.queue_pos[self.queue[k1]] = k1 as u16;
        self.queue_pos[self.queue[k2]] = k2 as u16;
    }

    /// Bring the queued point with the smallest distance to the front of
    /// the unprocessed part of the queue, taking the first one in queue
    /// order among equals (GNU Go's scan in
    /// `spread_connection_distances`).
    fn select_nearest(&mut self) {
        debug_assert!(self
            .queue
            .iter()
            .zip(&self.queue_dist)
            .skip(self.queue_start)
            .all(|(&q, &d)| self.dist(q) == d));
        // Nothing queued is nearer than the last step processed (every
        // step adds a non-negative amount to a distance processed in
        // order), so an entry at that distance is the nearest: the first
        // one found ends the search. Otherwise two passes, without a
        // data-dependent branch in the first (the minimum vectorises),
        // then the first entry holding it.
        let unprocessed = &self.queue_dist[self.queue_start..];
        debug_assert!(unprocessed.iter().all(|&d| d >= self.floor));
        let best = match unprocessed.iter().position(|&d| d == self.floor) {
            Some(k) => k,
            None => {
                let nearest = unprocessed.iter().copied().min().unwrap_or(HUGE);
                unprocessed.iter().position(|&d| d == nearest).unwrap_or(0)
            }
        };
        self.swap_queue(self.queue_start, self.queue_start + best);
    }

    /// After the front of the queue was selected and then at most one
    /// distance went down (`lowered`), redo the selection without a
    /// scan: only the lowered point can have overtaken the front, and
    /// only by being strictly nearer, as the front comes first among
    /// equals.
    fn reselect_after_lowering(&mut self) {
        let p = self.lowered;
        if p == Point::NONE {
            return;
        }
        let k = self.queue_pos[p] as usize;
        if k > self.queue_start
            && self.queue.get(k) == Some(&p)
            && self.dist(p) < self.dist(self.queue[self.queue_start])
        {
            self.swap_queue(self.queue_start, k);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn enqueue(&mut self, from: Point, p: Point, dist: i32, delta: i32, v1: Point, v2: Point) {
        let i = p.idx();
        if dist < self.distances[p] {
            if self.distances[p] == HUGE {
                self.push_queue(p, dist);
            } else {
                let k = self.queue_pos[p] as usize;
                if self.queue.get(k) == Some(&p) {
                    self.queue_dist[k] = dist;
                }
            }
            self.lowered = p;
            self.note_write(i);
            self.distances[p] = dist;
            self.deltas[p] = delta;
            self.coming_from[p] = from;
            self.vulnerable1[p] = v1;
            self.vulnerable2[p] = v2;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn enqueue_stone(
        &mut self,
        board: &Board,
        from: Point,
        p: Point,
        dist: i32,
        delta: i32,
        v1: Point,
        v2: Point,
    ) {
        let origin = board.origin(p);
        if dist < self.distances[origin] {
            self.enqueue(from, origin, dist, delta, v1, v2);
            if origin == self.target && dist < self.cutoff {
                self.cutoff = dist - 1;
            }
        }
    }

    fn push_heap(&mut self, dist: i32, from: Point, target: Point, kind: Postponed) {
        self.heap_seq += 1;
        self.heap
            .push(HeapEntry::new(dist, self.heap_seq, from, target, kind));
    }
}

/// The distance map as text (one row per board line, stones shown as
/// X / O where unreached), for trace logging.
pub(crate) fn format_distances(board: &Board, conn: &ConnectionData) -> String {
    let n = board.size();
    let mut out = String::new();
    for r in 0..n {
        out.push_str(&format!("{:2}", n - r));
        for c in 0..n {
            let p = Point::new(r, c);
            let d = conn.dist(p);
            if d < HUGE {
                out.push_str(&format!(" {:4.2}", d as f64 / FP_ONE as f64));
            } else {
                let ch = match board.color_at(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                out.push_str(&format!("  {ch}  "));
            }
        }
        out.push('\n');
    }
    out
}

/// Points at small offsets from one on-board point: its row and column
/// are worked out once (a division each) and every [`Around::at`] is then
/// two unsigned compares and an add. The propagation asks for ten offsets
/// in each of four directions per point it spreads from.
#[derive(Clone, Copy)]
struct Around {
    p: Point,
    row: i32,
    col: i32,
    size: u32,
    /// At least two points from every edge: every offset asked for (at
    /// most two rows and two columns away) is on the board.
    interior: bool,
}

impl Around {
    fn new(board: &Board, p: Point) -> Around {
        let (row, col, size) = (p.row() as i32, p.col() as i32, board.size() as i32);
        Around {
            p,
            row,
            col,
            size: size as u32,
            interior: row >= 2 && col >= 2 && row + 2 < size && col + 2 < size,
        }
    }

    /// The point `dr` rows down and `dc` columns right (each at most two
    /// away), or [`Point::NONE`] (a border cell) when that is off the board.
    #[inline]
    fn at(self, dr: i32, dc: i32) -> Point {
        debug_assert!(dr.abs() <= 2 && dc.abs() <= 2);
        // A negative row or column wraps to a huge unsigned value.
        if !self.interior
            && ((self.row + dr) as u32 >= self.size || (self.col + dc) as u32 >= self.size)
        {
            Point::NONE
        } else {
            Point((i32::from(self.p.0) + dr * STRIDE as i32 + dc) as u16)
        }
    }
}

/// The four (right, up) direction pairs as (row, col) steps, in GNU Go's
/// `delta` order (south, west, north, east).
pub(crate) const DIRS: [(i32, i32); 4] = [(1, 0), (0, -1), (-1, 0), (0, 1)];

/// The same directions as array index steps: (right, up) for each `k`.
const STEPS: [(isize, isize); 4] = {
    let mut steps = [(0, 0); 4];
    let mut k = 0;
    while k < 4 {
        let (rr, rc) = DIRS[k];
        let (ur, uc) = DIRS[(k + 1) % 4];
        steps[k] = (
            rr as isize * STRIDE as isize + rc as isize,
            ur as isize * STRIDE as isize + uc as isize,
        );
        k += 1;
    }
    steps
};

/// `p` moved by the index step `d`, at most one row and one column away.
/// The padding around the board is one cell wide, so from an on-board
/// point this lands on the board or on a border cell, never wrapping to
/// the far side: no check needed. Every test the propagation makes on
/// such a point (empty, stone, on the board, distance) treats a border
/// cell as it treats [`Point::NONE`].
#[inline(always)]
fn near(p: Point, d: isize) -> Point {
    Point((p.0 as isize + d) as u16)
}

/// True when `p` is empty and a move by `color` there leaves it with at
/// most one liberty (suicide included).
pub(crate) fn is_empty_self_atari(board: &Board, p: Point, color: Color) -> bool {
    board.is_empty(p) && is_self_atari(board, p, color)
}

/// The only liberty after a move by `color` at `p` when there is exactly
/// one (for vulnerability bookkeeping).
fn single_lib_after_move(board: &mut Board, p: Point, color: Color) -> Option<Point> {
    if !board.trymove(p, color) {
        return None;
    }
    let lib = (board.countlib(p) == 1).then(|| board.libs(p)[0]);
    board.popgo();
    lib
}

/// Can the chain on `s` be taken at once or in a ladder? The move when so.
/// GNU Go `ladder_capture`.
pub(crate) fn ladder_capture(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    s: Point,
) -> Option<Point> {
    let libs = board.countlib(s);
    if libs > 2 {
        return None;
    }
    let key = LadderMemo::key(ks, board, Question::LadderCapture, board.origin(s), 0);
    if let Some(a) = memo.get(key) {
        return (a != 0).then_some(Point(a));
    }
    let res = match libs {
        1 => match reader.attack_from(board, s, ks) {
            (ReadResult::Win, m) => m.or(Some(board.libs(s)[0])),
            _ => None,
        },
        _ => match reader.ladder_attack(board, s) {
            (ReadResult::Win, m) => m,
            _ => None,
        },
    };
    memo.put(key, res.map_or(0, |m| m.0));
    res
}

/// Would a stone of `color` at `p` be captured at once or in a ladder (or
/// is the move illegal)? GNU Go `ladder_capturable`.
pub(crate) fn ladder_capturable(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    p: Point,
    color: Color,
) -> bool {
    let key = LadderMemo::key(ks, board, Question::LadderCapturable, p, color as u64);
    if let Some(a) = memo.get(key) {
        return a != 0;
    }
    // Three liberties before counting captures are at least three after
    // them: a legal move (unless `p` is the ko point) that neither a
    // capture nor a ladder can take. No need to play it then; note `p`
    // in the reading shadow as the trymove would have.
    let res = if board.is_empty(p) && p != board.ko_point() && approxlib(board, p, color, 3) >= 3 {
        board.extend_shadow([p]);
        false
    } else if !board.trymove(p, color) {
        true
    } else {
        let res = match board.countlib(p) {
            1 => reader.attack_from(board, p, ks).0 == ReadResult::Win,
            2 => reader.ladder_attack(board, p).0 == ReadResult::Win,
            _ => false,
        };
        board.popgo();
        res
    };
    memo.put(key, u16::from(res));
    res
}

/// How many neighbours of `p` other than `m` are empty.
#[inline]
fn empty_neighbors_besides(board: &Board, p: Point, m: Point) -> usize {
    p.neighbors()
        .iter()
        .filter(|&&n| n != m && board.is_empty(n))
        .count()
}

/// Is there a chain of `color`'s opponent next to `p` with at least two
/// liberties besides `p` and `m`?
#[inline]
fn opponent_chain_keeps_two(board: &Board, color: Color, p: Point, m: Point) -> bool {
    let other = color.opponent();
    p.neighbors().iter().any(|&n| {
        board.cell(n).is(other) && {
            let libs = board.countlib(n);
            libs >= 4 || (libs == 3 && !board.is_liberty_of(m, n))
        }
    })
}

/// Does a move by `color` at `m` make an opponent move at `p` a self-atari?
/// GNU Go `does_secure`.
pub(crate) fn does_secure(board: &mut Board, color: Color, m: Point, p: Point) -> bool {
    // The move at `m` only fills `m` and may capture; it cannot capture
    // an opponent chain next to the empty `p` (`p` is one of its
    // liberties). So two empty neighbours of `p` besides `m`, or an
    // opponent chain next to `p` with two liberties besides `p` and `m`,
    // still give an opponent stone on `p` two liberties afterwards: no
    // self-atari. Skip playing the move then, but note `m` in the reading
    // shadow as the trymove would have.
    if empty_neighbors_besides(board, p, m) >= 2 || opponent_chain_keeps_two(board, color, p, m) {
        board.extend_shadow([m]);
        return false;
    }
    if !board.trymove(m, color) {
        return false;
    }
    let res = is_empty_self_atari(board, p, color.opponent());
    board.popgo();
    res
}

fn does_secure_through_ladder(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    color: Color,
    m: Point,
    p: Point,
) -> bool {
    if !board.trymove(m, color) {
        return false;
    }
    let res = ladder_capturable(reader, memo, ks, board, p, color.opponent());
    board.popgo();
    res
}

/// A chain in atari that cannot gain liberties by extending or capturing.
fn no_escape_from_atari(board: &Board, s: Point) -> bool {
    if board.countlib(s) != 1 {
        return false;
    }
    let lib = board.libs(s)[0];
    let color = board.chain(s).color;
    if accuratelib(board, lib, color, 2) > 1 {
        return false;
    }
    !board.has_adjacent_chain_max_libs(s, 1)
}

/// A chain that is captured (in atari without defence, or a two-liberty
/// chain caught in a ladder it cannot escape). GNU Go `no_escape_from_ladder`.
pub(crate) fn no_escape_from_ladder(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    s: Point,
) -> bool {
    let libs = board.countlib(s);
    if libs > 2 {
        return false;
    }
    let key = LadderMemo::key(ks, board, Question::NoEscapeFromLadder, board.origin(s), 0);
    if let Some(a) = memo.get(key) {
        return a != 0;
    }
    let res = match libs {
        1 => reader.find_defense_from(board, s, ks).0 == ReadResult::Fail,
        _ => {
            let color = board.chain(s).color;
            let libs = [board.libs(s)[0], board.libs(s)[1]];
            !board.has_adjacent_chain_max_libs(s, 1)
                && libs.iter().all(|&l| accuratelib(board, l, color, 2) == 1)
                && ladder_capture(reader, memo, ks, board, s).is_some()
                && reader.find_defense_from(board, s, ks).0 == ReadResult::Fail
        }
    };
    memo.put(key, u16::from(res));
    res
}

/// Are `a` and `b` the same point, or both liberties of one chain of
/// `color` with at most three liberties? GNU Go `common_vulnerability`.
pub(crate) fn common_vulnerability(board: &Board, a: Point, b: Point, color: Color) -> bool {
    if !a.is_some() || !b.is_some() {
        return false;
    }
    if a == b {
        return true;
    }
    a.neighbors()
        .iter()
        .any(|&n| board.cell(n).is(color) && board.countlib(n) <= 3 && board.is_liberty_of(b, n))
}

/// Any overlap between the vulnerabilities (a1, a2) and (b1, b2).
pub(crate) fn common_vulnerabilities(
    board: &Board,
    a1: Point,
    a2: Point,
    b1: Point,
    b2: Point,
    color: Color,
) -> bool {
    common_vulnerability(board, a1, b1, color)
        || common_vulnerability(board, a1, b2, color)
        || common_vulnerability(board, a2, b1, color)
        || common_vulnerability(board, a2, b2, color)
}

/// The origin of the chain on `p`, or NONE for NONE.
fn origin_or_none(board: &Board, p: Point) -> Point {
    if p.is_some() {
        board.origin(p)
    } else {
        Point::NONE
    }
}

/// Connection distances from the chain on `s`, stopping at `cutoff` or
/// once `target` (a chain, or NONE) is reached.
#[allow(clippy::too_many_arguments)]
pub(crate) fn compute_connection_distances(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    s: Point,
    target: Point,
    cutoff: i32,
    speculative: bool,
) -> ConnectionData {
    let mut conn = memo.fresh_map(origin_or_none(board, target), cutoff, speculative);
    conn.add_start(board.origin(s), 0);
    let color = board.chain(s).color;
    spread(reader, memo, ks, board, color, &mut conn);
    conn
}

/// Connection distances from a goal area: its stones of `color` at 0 and
/// its empty points at 1.0 (GNU Go `init_connection_data` + spread).
#[allow(clippy::too_many_arguments)]
pub(crate) fn compute_goal_distances(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    color: Color,
    goal: &[Point],
    target: Point,
    cutoff: i32,
) -> ConnectionData {
    let mut conn = memo.fresh_map(origin_or_none(board, target), cutoff, true);
    let mut sorted: Vec<Point> = goal.to_vec();
    sorted.sort();
    sorted.dedup();
    for &p in &sorted {
        if board.cell(p).is(color) {
            let o = board.origin(p);
            if conn.dist(o) == HUGE {
                conn.add_start(o, 0);
            }
        } else if board.is_empty(p) && conn.dist(p) == HUGE {
            conn.add_start(p, FP_ONE);
        }
    }
    spread(reader, memo, ks, board, color, &mut conn);
    conn
}

fn run_postponed(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    color: Color,
    conn: &mut ConnectionData,
    entry: HeapEntry,
) {
    let other = color.opponent();
    let (dist, pos, target, kind) = (entry.dist(), entry.from, entry.target, entry.kind);
    match kind {
        Postponed::EmptyNeighbour => {
            if ladder_capturable(reader, memo, ks, board, target, other) {
                conn.enqueue(pos, target, dist, fp(0.6), target, Point::NONE);
            } else if conn.dist(target) > dist + fp(0.85) - fp(0.6) {
                // Only worth counting liberties when the cheapest such
                // step (no liberties) would lower the distance.
                let d = fp(0.85) + fp(0.05) * accuratelib(board, target, other, 5) as i32;
                conn.enqueue(pos, target, dist + d - fp(0.6), d, Point::NONE, Point::NONE);
            }
        }
        Postponed::OpponentNeighbour => {
            if no_escape_from_ladder(reader, memo, ks, board, target) {
                conn.enqueue_stone(board, pos, target, dist, fp(0.3), Point::NONE, Point::NONE);
            } else if conn.speculative {
                conn.enqueue_stone(
                    board,
                    pos,
                    target,
                    dist + fp(0.7),
                    FP_ONE,
                    Point::NONE,
                    Point::NONE,
                );
            } else {
                conn.enqueue_stone(
                    board,
                    pos,
                    target,
                    dist + fp(0.8),
                    fp(1.1),
                    Point::NONE,
                    Point::NONE,
                );
            }
        }
        Postponed::DiagonalEmpty => {
            // The two points shared by pos and its diagonal target.
            let (upper, lower) = if pos < target {
                (pos, target)
            } else {
                (target, pos)
            };
            let a = Point::new(lower.row(), upper.col());
            let g = Point::new(upper.row(), lower.col());
            if board.is_empty(a)
                && does_secure_through_ladder(reader, memo, ks, board, color, target, a)
            {
                conn.enqueue(pos, target, dist, FP_ONE, a, Point::NONE);
            } else if board.is_empty(g)
                && does_secure_through_ladder(reader, memo, ks, board, color, target, g)
            {
                conn.enqueue(pos, target, dist, FP_ONE, g, Point::NONE);
            } else if conn.dist(target) > dist + fp(0.3) {
                if board.is_empty(a) && board.cell(g).is(other) && board.countlib(g) <= 3 {
                    conn.enqueue(pos, target, dist + fp(0.3), FP_ONE, a, Point::NONE);
                } else if board.is_empty(g) && board.cell(a).is(other) && board.countlib(a) <= 3 {
                    conn.enqueue(pos, target, dist + fp(0.3), FP_ONE, g, Point::NONE);
                } else {
                    conn.enqueue(
                        pos,
                        target,
                        dist + fp(0.6),
                        fp(0.9),
                        Point::NONE,
                        Point::NONE,
                    );
                }
            }
        }
    }
}

/// The propagation loop (GNU Go `spread_connection_distances`).
fn spread(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    color: Color,
    conn: &mut ConnectionData,
) {
    let other = color.opponent();
    let mut stones = std::mem::take(&mut conn.chain_stones);
    stones.clear();
    let mut stone_idx = 0usize;
    // The front of the queue is already the nearest point (the last
    // step was a postponed entry that lowered at most one distance).
    let mut selected = false;
    loop {
        // Drop postponed entries already beaten.
        while let Some(e) = conn.heap.peek() {
            if e.dist() >= conn.dist(e.target) {
                conn.heap.pop();
            } else {
                break;
            }
        }
        let pos;
        if stone_idx == stones.len() {
            if conn.queue_start == conn.queue.len() {
                match conn.heap.pop() {
                    Some(e) => {
                        conn.floor = e.dist();
                        run_postponed(reader, memo, ks, board, color, conn, e);
                        continue;
                    }
                    None => break,
                }
            }
            if !selected {
                conn.select_nearest();
            }
            selected = false;
            let smallest = conn.dist(conn.queue[conn.queue_start]);
            if let Some(e) = conn.heap.peek() {
                if e.dist() < smallest {
                    if let Some(e) = conn.heap.pop() {
                        conn.lowered = Point::NONE;
                        conn.floor = e.dist();
                        run_postponed(reader, memo, ks, board, color, conn, e);
                        conn.reselect_after_lowering();
                        selected = true;
                    }
                    continue;
                }
            }
            let p = conn.queue[conn.queue_start];
            conn.floor = smallest;
            conn.queue_start += 1;
            if board.is_stone(p) {
                stones.clear();
                stones.extend(board.stones(p));
                stones.sort_unstable();
                // Start from the recorded origin's values.
                let o = p;
                for &s in &stones {
                    if s != o {
                        conn.note_write(s.idx());
                        conn.distances[s] = conn.distances[o];
                        conn.deltas[s] = conn.deltas[o];
                        conn.coming_from[s] = conn.coming_from[o];
                        conn.vulnerable1[s] = conn.vulnerable1[o];
                        conn.vulnerable2[s] = conn.vulnerable2[o];
                    }
                }
                pos = stones[0];
                stone_idx = 1;
            } else {
                stones.clear();
                stone_idx = 0;
                pos = p;
            }
        } else {
            pos = stones[stone_idx];
            stone_idx += 1;
        }

        let distance = conn.dist(pos);
        if distance > conn.cutoff {
            break;
        }
        if board.cell(pos).is(color) {
            spread_from_stone(reader, memo, ks, board, color, conn, pos, distance);
        } else if board.is_empty(pos)
            || (board.cell(pos).is(other)
                && board.countlib(pos) <= 2
                && no_escape_from_ladder(reader, memo, ks, board, pos))
        {
            spread_from_empty(board, color, conn, pos, distance);
        }
    }
    conn.chain_stones = stones;
}

fn spread_from_empty(
    board: &Board,
    color: Color,
    conn: &mut ConnectionData,
    pos: Point,
    distance: i32,
) {
    let other = color.opponent();
    for (r, u) in STEPS {
        let a = near(pos, r);
        let b = near(pos, r + u);
        let g = near(pos, u);
        if board.cell(a).is(color) {
            let (v1, v2) = (conn.vulnerable1[pos], conn.vulnerable2[pos]);
            conn.enqueue_stone(board, pos, a, distance, 0, v1, v2);
        } else if board.is_empty(a) {
            // The step costs at least 0.8: when that cannot lower the
            // distance of `a`, its liberty count does not matter.
            if conn.dist(a) > distance + fp(0.8) {
                let d = fp(0.8) + fp(0.05) * accuratelib(board, a, other, 6) as i32;
                conn.enqueue(pos, a, distance + d, d, Point::NONE, Point::NONE);
            }
        } else if board.cell(a).is(other) {
            conn.enqueue_stone(
                board,
                pos,
                a,
                distance + FP_ONE,
                FP_ONE,
                Point::NONE,
                Point::NONE,
            );
        }
        if board.is_empty(b)
            && board.is_empty(a)
            && board.is_empty(g)
            && conn.dist(b) > distance + fp(1.5)
        {
            conn.enqueue(pos, b, distance + fp(1.5), FP_ONE, Point::NONE, Point::NONE);
        }
        if board.cell(b).is(color)
            && board.is_empty(a)
            && board.is_empty(g)
            && conn.dist(b) > distance + fp(1.3)
        {
            conn.enqueue_stone(
                board,
                pos,
                b,
                distance + fp(1.3),
                FP_ONE,
                Point::NONE,
                Point::NONE,
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn spread_from_stone(
    reader: &mut Reader,
    memo: &mut LadderMemo,
    ks: KoState,
    board: &mut Board,
    color: Color,
    conn: &mut ConnectionData,
    pos: Point,
    distance: i32,
) {
    let other = color.opponent();
    let none = Point::NONE;
    let around = Around::new(board, pos);
    for k in 0..4 {
        let (rr, rc) = DIRS[k];
        let (ur, uc) = DIRS[(k + 1) % 4];
        let (r, u) = STEPS[k];
        //  jef.
        //  igb.
        // kh*ac
        // The points one step away need no bounds check; of those two
        // steps away, `e` is looked at often, the others only on the
        // rare paths that reach them.
        let a = near(pos, r);
        let b = near(pos, r + u);
        let g = near(pos, u);
        let h = near(pos, -r);
        let i = near(pos, u - r);
        let e = around.at(2 * ur, 2 * uc);
        let c = || around.at(2 * rr, 2 * rc);
        let f = || around.at(rr + 2 * ur, rc + 2 * uc);
        let j = || around.at(-rr + 2 * ur, -rc + 2 * uc);
        let kk = || around.at(-2 * rr, -2 * rc);
        let pv1 = conn.vulnerable1[pos];
        let pv2 = conn.vulnerable2[pos];

        // Suicide point for the opponent: free link (only worth the test
        // when it would lower the distance of `a`).
        if board.is_empty(a) && conn.dist(a) > distance && board.is_suicide(a, other) {
            conn.enqueue(pos, a, distance, 0, a, none);
        }
        // Self-atari point for the opponent.
        if board.is_empty(a)
            && conn.dist(a) > distance + fp(0.1)
            && is_empty_self_atari(board, a, other)
        {
            let mut v1 = none;
            let mut v2 = none;
            if let Some(lib) = single_lib_after_move(board, a, other) {
                if accuratelib(board, lib, other, 3) > 2 {
                    v1 = lib;
                }
                if board.countlib(pos) == 2 {
                    for n in lib.neighbors() {
                        if board.is_empty(n) && n != a && board.trymove(n, other) {
                            let caught = ladder_capture(reader, memo, ks, board, pos).is_some();
                            board.popgo();
                            if caught {
                                v2 = n;
                                break;
                            }
                        }
                    }
                }
            }
            if !common_vulnerabilities(board, pv1, pv2, v1, v2, color) {
                conn.enqueue(pos, a, distance + fp(0.1), fp(0.1), v1, v2);
            }
        }
        // Bamboo joint.
        if board.cell(a).is(color)
            && board.is_empty(b)
            && board.cell(f()).is(color)
            && board.cell(e).is(color)
            && board.is_empty(g)
        {
            conn.enqueue(pos, b, distance + fp(0.1), fp(0.1), none, none);
            conn.enqueue(pos, g, distance + fp(0.1), fp(0.1), none, none);
        }
        // Diagonal to an own stone through two empty points.
        if board.cell(b).is(color)
            && board.is_empty(a)
            && board.is_empty(g)
            && !common_vulnerabilities(board, pv1, pv2, a, g, color)
            && conn.dist(board.origin(b)) > distance + fp(0.1)
        {
            conn.enqueue_stone(board, pos, b, distance + fp(0.1), fp(0.1), a, g);
        }
        // Almost bamboo joint (one-space jump with a protected middle).
        if board.is_empty(g)
            && board.cell(e).is(color)
            && conn.dist(board.origin(e)) > distance + fp(0.2)
            && accuratelib(board, g, other, 3) <= 2
        {
            for (side, far, diag) in [(a, f(), b), (h, j(), i)] {
                let side_ok = |board: &Board, s: Point, owner: Point| {
                    board.cell(s).is(color)
                        || (board.is_empty(s)
                            && board.countlib(owner) > 2
                            && !common_vulnerabilities(board, pv1, pv2, s, g, color)
                            && accuratelib(board, s, other, 3) <= 2)
                };
                if board.is_empty(diag)
                    && accuratelib(board, diag, color, 3) >= 3
                    && side_ok(board, side, pos)
                    && side_ok(board, far, e)
                {
                    let v1 = if board.is_empty(side) { side } else { none };
                    let v2 = if board.is_empty(far) { far } else { none };
                    let (v1, v2) = if v1.is_some() { (v1, v2) } else { (v2, none) };
                    conn.enqueue_stone(board, pos, e, distance + fp(0.2), fp(0.2), v1, v2);
                }
            }
        }
        // Empty neighbour (ladder check postponed).
        if board.is_empty(a) && conn.dist(a) > distance + fp(0.6) {
            conn.push_heap(distance + fp(0.6), pos, a, Postponed::EmptyNeighbour);
        }
        // Opponent neighbour that cannot escape atari.
        if board.cell(a).is(other)
            && conn.dist(board.origin(a)) > distance + fp(0.1)
            && no_escape_from_atari(board, a)
        {
            conn.enqueue_stone(board, pos, a, distance + fp(0.1), fp(0.1), none, none);
        }
        // Opponent neighbour (ladder check postponed).
        if board.cell(a).is(other) && conn.dist(board.origin(a)) > distance + fp(0.3) {
            conn.push_heap(
                distance + fp(0.3),
                pos,
                board.origin(a),
                Postponed::OpponentNeighbour,
            );
        }
        // Diagonal to an empty point securing a self-atari.
        if board.is_empty(b)
            && board.is_empty(a)
            && conn.dist(b) > distance + fp(1.1)
            && does_secure(board, color, b, a)
        {
            conn.enqueue(pos, b, distance + fp(1.1), FP_ONE, a, none);
        }
        if board.is_empty(b)
            && board.is_empty(g)
            && conn.dist(b) > distance + fp(1.1)
            && does_secure(board, color, b, g)
        {
            conn.enqueue(pos, b, distance + fp(1.1), FP_ONE, g, none);
        }
        // One-space jump securing the middle.
        if board.is_empty(g)
            && board.is_empty(e)
            && conn.dist(e) > distance + fp(1.1)
            && does_secure(board, color, e, g)
        {
            conn.enqueue(pos, e, distance + fp(1.1), FP_ONE, g, none);
        }
        // One-space jump making a bamboo joint.
        if board.is_empty(g)
            && board.is_empty(e)
            && conn.dist(e) > distance + fp(1.1)
            && ((board.cell(a).is(color) && board.cell(f()).is(color) && board.is_empty(b))
                || (board.cell(h).is(color) && board.cell(j()).is(color) && board.is_empty(i)))
        {
            conn.enqueue(pos, e, distance + fp(1.1), FP_ONE, g, none);
        }
        // Empty diagonal through two empty points.
        if board.is_empty(b)
            && board.is_empty(a)
            && board.is_empty(g)
            && conn.dist(b) > distance + fp(1.3)
        {
            conn.enqueue(pos, b, distance + fp(1.3), FP_ONE, a, g);
        }
        // Knight's move and one-space jump along the edge.
        if board.is_empty(a)
            && board.is_empty(b)
            && board.is_empty(g)
            && board.is_empty(e)
            && board.is_empty(f())
            && (conn.dist(f()) > distance + fp(1.3) || conn.dist(e) > distance + fp(1.3))
            && board.countlib(pos) >= 3
            && (!board.on_board(c()) || !board.on_board(h))
        {
            conn.enqueue(pos, f(), distance + fp(1.3), FP_ONE, none, none);
            conn.enqueue(pos, e, distance + fp(1.3), FP_ONE, none, none);
        }
        if board.is_empty(h)
            && board.is_empty(i)
            && board.is_empty(g)
            && board.is_empty(e)
            && board.is_empty(j())
            && (conn.dist(j()) > distance + fp(1.3) || conn.dist(e) > distance + fp(1.3))
            && board.countlib(pos) >= 3
            && (!board.on_board(a) || !board.on_board(kk()))
        {
            conn.enqueue(pos, j(), distance + fp(1.3), FP_ONE, none, none);
            conn.enqueue(pos, e, distance + fp(1.3), FP_ONE, none, none);
        }
        // Diagonal to an empty point through at least one empty point.
        if board.is_empty(b)
            && (board.is_empty(a) || board.is_empty(g))
            && conn.dist(b) > distance + fp(1.2)
        {
            conn.push_heap(distance + fp(1.2), pos, b, Postponed::DiagonalEmpty);
        }
        // Clamp of a single stone.
        if board.cell(g).is(other)
            && board.is_empty(e)
            && conn.dist(e) > distance + fp(2.0)
            && board.chain_size(g) == 1
        {
            conn.enqueue(pos, e, distance + fp(2.0), FP_ONE, none, none);
        }
        // Diagonals through weak opponent stones.
        if board.is_empty(b)
            && board.cell(a).is(other)
            && board.cell(g).is(other)
            && conn.dist(b) > distance + fp(2.0)
            && board.countlib(a) + board.countlib(g) <= 6
        {
            conn.enqueue(pos, b, distance + fp(2.0), FP_ONE, none, none);
        }
        if board.cell(b).is(color)
            && board.cell(a).is(other)
            && board.cell(g).is(other)
            && conn.dist(board.origin(b)) > distance + fp(2.0)
            && board.countlib(a) + board.countlib(g) <= 5
        {
            conn.enqueue_stone(board, pos, b, distance + fp(2.0), FP_ONE, none, none);
        }
    }
}
