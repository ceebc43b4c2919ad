//! The position: stones, chains with exact liberty lists, ko, captures and
//! an incremental Zobrist hash, with an undo journal for hypothetical moves.
//!
//! GNU Go counterpart: `engine/board.c` and `engine/board.h` (the string
//! data, `trymove`/`tryko`/`popgo`, `countlib`/`findlib`, `is_legal`,
//! `accuratelib`, `chainlinks`). Start reading at [`Board`], then
//! `play.rs` for the update path and `undo.rs` for the
//! journal. Chains are what GNU Go calls *strings* (and, analysed, *worms*).
//!
//! Invariants (checked by [`Board::check_consistency`]):
//! - every stone belongs to exactly one chain record, reachable through the
//!   circular `next_stone` list from any of its stones;
//! - a chain's `n_libs` is its exact liberty count, and when it is at most
//!   [`MAX_LIBS`] the stored list holds exactly those liberties, in index
//!   order;
//! - the hash is the XOR of the keys of all stones and of the ko point;
//! - after any sequence of `trymove`/`popgo` pairs the board is bit-for-bit
//!   what it was.
//!
//! Lists the board hands out (liberties, neighbour chains) are in index
//! order, not in the order the stones happened to be played or merged:
//! two move sequences reaching the same position give the same lists, so
//! a search that proposes moves from them reads the same tree whichever
//! path led to the position (the tactical reader's transposition table
//! relies on it).

mod check;
mod color;
mod diagram;
mod neighbour_memo;
mod play;
mod point;
mod point_list;
#[cfg(test)]
mod tests;
mod undo;
mod zobrist;

pub use color::{Cell, Color, Move};
pub use point::{marked_points, BoardPoints, Point, BOARD_ARRAY, MAX_BOARD, STRIDE};
pub use point_list::{PointList, PointListIntoIter};
pub use undo::MoveGuard;
pub use zobrist::{ko_key, stone_key, KeyHasher, KeyMap, SplitMix64};

/// How many liberties a chain record stores. Chains with more liberties keep
/// an exact count but no list; [`Board::findlib`] then walks the stones.
pub const MAX_LIBS: usize = 24;

/// Index of a chain record. Only meaningful until the board changes; use a
/// stone (e.g. the chain's origin) to name a chain across moves.
///
/// Records are allocated as a stack: every hypothetical move may open new
/// ones and `popgo` releases them, so the largest id grows with the depth
/// of the move stack. 32 bits keep ids unique at any depth memory allows
/// (16 bits wrapped after about 65,000 nested moves and let a new chain
/// share the id of a live one).
pub type ChainId = u32;

/// A chain (GNU Go: string) of orthogonally connected stones of one colour.
#[derive(Clone, Copy, Debug)]
pub struct Chain {
    /// Colour of the stones.
    pub color: Color,
    /// Number of stones.
    pub size: u16,
    /// The stone with the smallest index: a canonical name for the chain.
    pub origin: Point,
    /// Exact number of liberties.
    pub n_libs: u16,
    /// The liberties, valid in `libs[..n_libs]` when `n_libs <= MAX_LIBS`.
    pub libs: [Point; MAX_LIBS],
}

impl Chain {
    fn new(color: Color, origin: Point) -> Chain {
        Chain {
            color,
            size: 1,
            origin,
            n_libs: 0,
            libs: [Point::NONE; MAX_LIBS],
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// The move retakes a ko immediately.
    Ko,
    /// The move would leave its own chain without liberties.
    Suicide,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "off the board",
            IllegalMove::Occupied => "occupied point",
            IllegalMove::Ko => "ko violation",
            IllegalMove::Suicide => "suicide",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// The Go board with incremental chains and exact undo.
#[derive(Clone)]
pub struct Board {
    size: usize,
    cells: [Cell; BOARD_ARRAY],
    chain_of: [ChainId; BOARD_ARRAY],
    next_stone: [Point; BOARD_ARRAY],
    chains: Vec<Chain>,
    n_chains: usize,
    ko: Point,
    hash: u64,
    /// Stones captured by each colour (index = capturing colour).
    captured: [u32; 2],
    /// The old values of every write of the hypothetical moves.
    journal: undo::Journal,
    frames: Vec<undo::Frame>,
    mark: Vec<u32>,
    mark_gen: u32,
    trymoves: u64,
    /// Points of every move tried (legal or not) since `start_shadow`, for
    /// the persistent caches (GNU Go's reading shadow).
    shadow: Option<PointSet>,
    /// The on-board points, as a set.
    on_board: PointSet,
    /// The version of the current position (see `neighbour_memo`): fresh
    /// after every move or setup change, restored when a move is taken
    /// back.
    version: u64,
    /// The largest version handed out so far.
    last_version: u64,
    /// Recent answers of the neighbour-chain walk, for this position and
    /// the ones on the move stack.
    neighbour_memo: std::cell::RefCell<neighbour_memo::NeighbourMemo>,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Board {}x{}\n{}",
            self.size,
            self.size,
            self.to_diagram()
        )
    }
}

impl PartialEq for Board {
    /// Positions are equal when size, stones, ko point and capture counts
    /// agree (chain numbering and journals are not compared).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ko == other.ko
            && self.captured == other.captured
            && self.hash == other.hash
    }
}

impl Board {
    /// An empty board of `size` x `size` (1 to [`MAX_BOARD`]).
    ///
    /// # Panics
    /// If `size` is out of range: callers validate user input first.
    pub fn new(size: usize) -> Board {
        assert!((1..=MAX_BOARD).contains(&size), "board size {size}");
        let mut cells = [Cell::Border; BOARD_ARRAY];
        let mut on_board = PointSet::new();
        for row in 0..size {
            for col in 0..size {
                cells[Point::new(row, col).idx()] = Cell::Empty;
                on_board.insert(Point::new(row, col));
            }
        }
        Board {
            size,
            cells,
            chain_of: [0; BOARD_ARRAY],
            next_stone: [Point::NONE; BOARD_ARRAY],
            chains: Vec::with_capacity(256),
            n_chains: 0,
            ko: Point::NONE,
            hash: 0,
            captured: [0; 2],
            journal: undo::Journal::with_capacity(4096, 1024),
            frames: Vec::with_capacity(128),
            mark: vec![0; BOARD_ARRAY],
            mark_gen: 0,
            trymoves: 0,
            shadow: None,
            on_board,
            version: 1,
            last_version: 1,
            neighbour_memo: Default::default(),
        }
    }

    /// The on-board points, as a set.
    pub fn on_board_set(&self) -> &PointSet {
        &self.on_board
    }

    /// The side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// All on-board points in index order (top-left first, row by row).
    pub fn points(&self) -> BoardPoints {
        BoardPoints::new(self.size)
    }

    /// The point at `row` (0 = top), `col` (0 = left), if on the board.
    pub fn point(&self, row: usize, col: usize) -> Option<Point> {
        (row < self.size && col < self.size).then(|| Point::new(row, col))
    }

    /// What is on `p` (border cells included).
    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.idx()]
    }

    /// The stone colour on `p`, if any.
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.cells[p.idx()].color()
    }

    /// True for an on-board point (empty or not).
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        p.idx() < BOARD_ARRAY && self.cells[p.idx()] != Cell::Border
    }

    /// True for an empty on-board point.
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.idx()] == Cell::Empty
    }

    /// True when `p` holds a stone.
    #[inline]
    pub fn is_stone(&self, p: Point) -> bool {
        matches!(self.cells[p.idx()], Cell::Black | Cell::White)
    }

    /// The current simple-ko point (the point that may not be retaken), or
    /// `Point::NONE`.
    #[inline]
    pub fn ko_point(&self) -> Point {
        self.ko
    }

    /// Zobrist hash of the stones and the ko point.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones captured so far by `color`.
    pub fn captures(&self, color: Color) -> u32 {
        self.captured[color.index()]
    }

    /// Number of hypothetical moves (`trymove`/`tryko`) played since
    /// creation; GNU Go's trymove counter.
    pub fn trymove_counter(&self) -> u64 {
        self.trymoves
    }

    /// Start recording the points of all moves tried from now on (GNU Go's
    /// reading shadow, used by the persistent caches). Restarts if running.
    pub fn start_shadow(&mut self) {
        self.shadow = Some(PointSet::new());
    }

    /// Stop recording and return the points tried since [`Board::start_shadow`].
    pub fn take_shadow(&mut self) -> PointSet {
        self.shadow.take().unwrap_or_default()
    }

    /// True while a reading shadow is being recorded.
    pub fn shadow_active(&self) -> bool {
        self.shadow.is_some()
    }

    /// Add `points` to the running reading shadow (no-op when none runs):
    /// a cached result found inside another read contributes the moves it
    /// stood for.
    pub fn extend_shadow(&mut self, points: impl IntoIterator<Item = Point>) {
        if let Some(shadow) = &mut self.shadow {
            for p in points {
                shadow.insert(p);
            }
        }
    }

    /// Add every point of `points` to the running reading shadow (no-op
    /// when none runs): [`Board::extend_shadow`] for a whole set, word by
    /// word.
    pub fn union_shadow(&mut self, points: &PointSet) {
        if let Some(shadow) = &mut self.shadow {
            shadow.union_with(points);
        }
    }

    /// Reset the trymove counter.
    pub fn reset_trymove_counter(&mut self) {
        self.trymoves = 0;
    }

    /// The chain record of the stone on `p`.
    ///
    /// `p` must hold a stone.
    #[inline]
    pub fn chain(&self, p: Point) -> &Chain {
        debug_assert!(self.is_stone(p), "chain() on {p:?} without a stone");
        &self.chains[self.chain_of[p.idx()] as usize]
    }

    /// The chain record index of the stone on `p` (valid until the board changes).
    #[inline]
    pub fn chain_id(&self, p: Point) -> ChainId {
        self.chain_of[p.idx()]
    }

    /// The first stone (in board order) of a chain without liberties, if
    /// any. Only setup edits ([`Board::setup_stones`]) can make one; the
    /// game layer refuses such edits.
    pub fn chain_without_liberties(&self) -> Option<Point> {
        self.points()
            .find(|&p| self.is_stone(p) && self.countlib(p) == 0)
    }

    /// Number of liberties of the chain on `p` (GNU Go `countlib`).
    #[inline]
    pub fn countlib(&self, p: Point) -> usize {
        self.chain(p).n_libs as usize
    }

    /// Number of stones of the chain on `p` (GNU Go `countstones`).
    #[inline]
    pub fn chain_size(&self, p: Point) -> usize {
        self.chain(p).size as usize
    }

    /// The canonical stone of the chain on `p` (GNU Go `find_origin`).
    #[inline]
    pub fn origin(&self, p: Point) -> Point {
        self.chain(p).origin
    }

    /// True when `a` and `b` hold stones of the same chain.
    #[inline]
    pub fn same_chain(&self, a: Point, b: Point) -> bool {
        self.is_stone(a) && self.is_stone(b) && self.chain_of[a.idx()] == self.chain_of[b.idx()]
    }

    /// The liberties of the chain on `p`, as the chain record stores them
    /// (no allocation: the reader's hot path). The record holds at most
    /// [`MAX_LIBS`] liberties, so this is only for chains known to have
    /// no more (the reader's targets and their neighbours have at most
    /// four); it panics on a bigger chain rather than answer with part of
    /// the list. Any chain: [`Board::findlib`], [`Board::for_each_lib`],
    /// [`Board::liberties_sorted`].
    #[inline]
    pub fn libs(&self, p: Point) -> &[Point] {
        let c = self.chain(p);
        let n = c.n_libs as usize;
        assert!(
            n <= MAX_LIBS,
            "Board::libs on a chain with {n} liberties (more than MAX_LIBS): use findlib"
        );
        &c.libs[..n]
    }

    /// All liberties of the chain on `p` appended to `out` (cleared first),
    /// in index order. Exact for any chain size.
    pub fn findlib(&self, p: Point, out: &mut Vec<Point>) {
        out.clear();
        let c = self.chain(p);
        if (c.n_libs as usize) <= MAX_LIBS {
            out.extend_from_slice(&c.libs[..c.n_libs as usize]);
            return;
        }
        let mut seen = PointSet::new();
        for s in self.stones(p) {
            for n in s.neighbors() {
                if self.is_empty(n) && seen.insert(n) {
                    out.push(n);
                }
            }
        }
        out.sort_unstable();
    }

    /// All liberties of the chain on `p`, in index order, as a list on
    /// the stack: no allocation for a chain the record lists in full.
    pub fn lib_list(&self, p: Point) -> PointList {
        let c = self.chain(p);
        if (c.n_libs as usize) <= MAX_LIBS {
            // The record's list, copied whole.
            return PointList::from_prefix(&c.libs, c.n_libs as usize);
        }
        let mut out = PointList::new();
        self.for_each_lib(p, |l| {
            out.push(l);
            true
        });
        out.sort();
        out
    }

    /// Call `f` on every liberty of the chain on `p` without allocating;
    /// `f` returns false to stop. In index order when the chain has at
    /// most [`MAX_LIBS`] liberties; beyond that in the order of a walk
    /// over its stones, which depends on how the chain grew (for counts
    /// and tests where the order does not matter).
    #[inline(always)]
    pub fn for_each_lib(&self, p: Point, mut f: impl FnMut(Point) -> bool) {
        let c = self.chain(p);
        if (c.n_libs as usize) <= MAX_LIBS {
            for &l in &c.libs[..c.n_libs as usize] {
                if !f(l) {
                    return;
                }
            }
            return;
        }
        let mut seen = PointSet::new();
        for s in self.stones(p) {
            for n in s.neighbors() {
                if self.is_empty(n) && seen.insert(n) && !f(n) {
                    return;
                }
            }
        }
    }

    /// All liberties of the chain on `p`, sorted in index order.
    pub fn liberties_sorted(&self, p: Point) -> Vec<Point> {
        let mut v = Vec::new();
        self.findlib(p, &mut v);
        v.sort();
        v
    }

    /// True when `lib` is a liberty of the chain on `p`.
    pub fn is_liberty_of(&self, lib: Point, p: Point) -> bool {
        self.is_empty(lib) && lib.neighbors().iter().any(|&n| self.same_chain(n, p))
    }

    /// The stones of the chain on `p`, starting at `p`.
    pub fn stones(&self, p: Point) -> ChainStones<'_> {
        ChainStones {
            board: self,
            start: p,
            next: Some(p),
        }
    }

    /// The stones of the chain on `p`, sorted in index order.
    pub fn stones_sorted(&self, p: Point) -> Vec<Point> {
        let mut v: Vec<Point> = self.stones(p).collect();
        v.sort();
        v
    }

    /// Origins of the opponent chains adjacent to the chain on `p`
    /// (GNU Go `chainlinks`), appended to `out` after clearing it, in the
    /// order met while walking the chain.
    pub fn adjacent_chains(&self, p: Point, out: &mut Vec<Point>) {
        self.adjacent_chains_max_libs(p, usize::MAX, out);
    }

    /// Like [`Board::adjacent_chains`] but only chains with at most
    /// `max_libs` liberties (GNU Go `chainlinks2`/`chainlinks3`).
    pub fn adjacent_chains_max_libs(&self, p: Point, max_libs: usize, out: &mut Vec<Point>) {
        out.clear();
        out.extend_from_slice(&self.adjacent_chain_list(p, max_libs));
    }

    /// Origins of the opponent chains adjacent to the chain on `p` with at
    /// most `max_libs` liberties, in index order (sorted after the walk
    /// over the chain, whose order depends on how the chain grew), as a
    /// list on the stack: the reader's hot path (no allocation below
    /// [`PointList::INLINE`] chains).
    pub fn adjacent_chain_list(&self, p: Point, max_libs: usize) -> PointList {
        let mut out = PointList::new();
        if let Some(chains) = self.neighbour_memo.borrow().get(self.version, p) {
            for &id in chains {
                let c = &self.chains[id as usize];
                if c.n_libs as usize <= max_libs {
                    out.push(c.origin);
                }
            }
            out.sort();
            return out;
        }
        let other = Cell::stone(self.chain(p).color.opponent());
        let mut walk = NeighbourWalk::new();
        let mut s = p;
        loop {
            // The four neighbours one by one, in `Point::neighbors`
            // order: an iterator over the array cost a third of the walk.
            walk.visit(self, s.south(), other, max_libs, &mut out);
            walk.visit(self, s.west(), other, max_libs, &mut out);
            walk.visit(self, s.north(), other, max_libs, &mut out);
            walk.visit(self, s.east(), other, max_libs, &mut out);
            s = self.next_stone[s.idx()];
            if s == p {
                break;
            }
        }
        if walk.n_met <= walk.met.len() {
            self.neighbour_memo
                .borrow_mut()
                .put(self.version, p, &walk.met, walk.n_met);
        }
        out.sort();
        out
    }

    /// True when some opponent chain adjacent to the chain on `p` has at
    /// most `max_libs` liberties: [`Board::adjacent_chain_list`] asked
    /// only whether it is empty, stopping at the first such chain and
    /// without noting which chains were met.
    pub fn has_adjacent_chain_max_libs(&self, p: Point, max_libs: usize) -> bool {
        let other = Cell::stone(self.chain(p).color.opponent());
        let mut s = p;
        loop {
            for &n in &s.neighbors() {
                if self.cells[n.idx()] == other
                    && self.chains[self.chain_of[n.idx()] as usize].n_libs as usize <= max_libs
                {
                    return true;
                }
            }
            s = self.next_stone[s.idx()];
            if s == p {
                return false;
            }
        }
    }

    /// Number of liberties shared by the chains on `a` and `b`. Walks
    /// `a`'s liberties in place: the reader's generators ask this at
    /// many nodes, and a list of them cost an allocation each time.
    pub fn count_common_libs(&self, a: Point, b: Point) -> usize {
        let mut n = 0;
        self.for_each_lib(a, |l| {
            n += usize::from(self.is_liberty_of(l, b));
            true
        });
        n
    }

    /// The liberties shared by the chains on `a` and `b`, in `a`'s list order.
    pub fn common_libs(&self, a: Point, b: Point) -> Vec<Point> {
        let mut libs = Vec::new();
        self.findlib(a, &mut libs);
        libs.retain(|&l| self.is_liberty_of(l, b));
        libs
    }

    /// True when the chains on `a` and `b` share a liberty.
    pub fn have_common_lib(&self, a: Point, b: Point) -> bool {
        let mut common = false;
        self.for_each_lib(a, |l| {
            common = self.is_liberty_of(l, b);
            !common
        });
        common
    }

    /// Number of empty orthogonal neighbours of `p`.
    #[inline]
    pub fn empty_neighbors(&self, p: Point) -> usize {
        p.neighbors().iter().filter(|&&n| self.is_empty(n)).count()
    }

    /// True when the chain on `p` has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.countlib(p) == 1
    }

    /// The number of distinct chain records in use (for diagnostics).
    pub fn chain_count(&self) -> usize {
        let mut seen = Vec::new();
        for p in self.points() {
            if self.is_stone(p) {
                let id = self.chain_of[p.idx()];
                if !seen.contains(&id) {
                    seen.push(id);
                }
            }
        }
        seen.len()
    }

    /// Origins of all chains of `color`, in index order of their origins.
    pub fn chain_origins(&self, color: Option<Color>) -> Vec<Point> {
        self.points()
            .filter(|&p| {
                self.color_at(p)
                    .is_some_and(|c| color.is_none_or(|want| want == c))
                    && self.origin(p) == p
            })
            .collect()
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        self.points().filter(|&p| self.cell(p).is(color)).count()
    }

    fn next_mark(&mut self) -> u32 {
        self.mark_gen = self.mark_gen.wrapping_add(1);
        if self.mark_gen == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.mark_gen = 1;
        }
        self.mark_gen
    }
}

/// Iterator over the stones of one chain (see [`Board::stones`]).
pub struct ChainStones<'a> {
    board: &'a Board,
    start: Point,
    next: Option<Point>,
}

impl Iterator for ChainStones<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        let cur = self.next?;
        let n = self.board.next_stone[cur.idx()];
        self.next = (n != self.start).then_some(n);
        Some(cur)
    }
}

/// The state of the walk behind [`Board::adjacent_chain_list`]: the
/// distinct chains met so far.
struct NeighbourWalk {
    /// Chains met: a bitset of chain ids on the stack (one test per
    /// neighbour, no scan), with a list for ids beyond it.
    seen: [u64; 16],
    overflow: Vec<ChainId>,
    /// Every distinct chain met, in order, for the memo (a walk meeting
    /// more than an entry holds is not kept).
    met: [ChainId; neighbour_memo::MAX_CHAINS],
    n_met: usize,
}

impl NeighbourWalk {
    fn new() -> NeighbourWalk {
        NeighbourWalk {
            seen: [0; 16],
            overflow: Vec::new(),
            met: [0; neighbour_memo::MAX_CHAINS],
            n_met: 0,
        }
    }

    /// Note the neighbour `n` of a stone of the walked chain: a chain of
    /// `other` not met before joins `out` when it has at most `max_libs`
    /// liberties.
    #[inline(always)]
    fn visit(
        &mut self,
        board: &Board,
        n: Point,
        other: Cell,
        max_libs: usize,
        out: &mut PointList,
    ) {
        if board.cells[n.idx()] != other {
            return;
        }
        let id = board.chain_of[n.idx()];
        let i = id as usize;
        if i < 64 * self.seen.len() {
            let bit = 1u64 << (i & 63);
            if self.seen[i >> 6] & bit != 0 {
                return;
            }
            self.seen[i >> 6] |= bit;
        } else if self.overflow.contains(&id) {
            return;
        } else {
            self.overflow.push(id);
        }
        if self.n_met < self.met.len() {
            self.met[self.n_met] = id;
        }
        self.n_met += 1;
        let c = &board.chains[i];
        if c.n_libs as usize <= max_libs {
            out.push(c.origin);
        }
    }
}

/// A fixed-size set of board points (a bitset over the padded array).
#[derive(Clone, PartialEq, Eq)]
pub struct PointSet {
    bits: [u64; BOARD_ARRAY.div_ceil(64)],
}

impl std::fmt::Debug for PointSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Default for PointSet {
    fn default() -> Self {
        Self::new()
    }
}

impl PointSet {
    /// The empty set.
    pub const fn new() -> PointSet {
        PointSet {
            bits: [0; BOARD_ARRAY.div_ceil(64)],
        }
    }
    /// Insert `p`; true when it was not there before.
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (p.idx() / 64, p.idx() % 64);
        let fresh = self.bits[w] & (1 << b) == 0;
        self.bits[w] |= 1 << b;
        fresh
    }
    /// True when `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.bits[p.idx() / 64] & (1 << (p.idx() % 64)) != 0
    }
    /// Remove `p`.
    #[inline]
    pub fn remove(&mut self, p: Point) {
        self.bits[p.idx() / 64] &= !(1 << (p.idx() % 64));
    }
    /// Remove everything.
    pub fn clear(&mut self) {
        self.bits = [0; BOARD_ARRAY.div_ceil(64)];
    }
    /// Number of points in the set.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// True when the set is empty.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }
    /// Add every point of `other`.
    pub fn union_with(&mut self, other: &PointSet) {
        for (w, o) in self.bits.iter_mut().zip(other.bits.iter()) {
            *w |= o;
        }
    }

    /// Remove every point of `other`.
    pub fn subtract(&mut self, other: &PointSet) {
        for (w, o) in self.bits.iter_mut().zip(other.bits.iter()) {
            *w &= !o;
        }
    }

    /// Keep only the points of `other`.
    pub fn intersect_with(&mut self, other: &PointSet) {
        for (w, o) in self.bits.iter_mut().zip(other.bits.iter()) {
            *w &= o;
        }
    }

    /// The set's points and their four neighbours in the padded array
    /// (border cells included: intersect with [`Board::on_board_set`] to
    /// keep the board's points). Whole words at a time: a neighbour is
    /// one index or one row (`STRIDE`) away.
    pub fn dilated(&self) -> PointSet {
        let mut out = self.clone();
        for shift in [1, point::STRIDE] {
            out.union_with(&self.shifted_up(shift));
            out.union_with(&self.shifted_down(shift));
        }
        out
    }

    /// Every point moved `k` indices up (`k` < 64); points past the
    /// array's end drop out.
    fn shifted_up(&self, k: usize) -> PointSet {
        let mut out = PointSet::new();
        let n = self.bits.len();
        for i in 0..n {
            let low = if i > 0 {
                self.bits[i - 1] >> (64 - k)
            } else {
                0
            };
            out.bits[i] = (self.bits[i] << k) | low;
        }
        out
    }

    /// Every point moved `k` indices down (`k` < 64).
    fn shifted_down(&self, k: usize) -> PointSet {
        let mut out = PointSet::new();
        let n = self.bits.len();
        for i in 0..n {
            let high = if i + 1 < n {
                self.bits[i + 1] << (64 - k)
            } else {
                0
            };
            out.bits[i] = (self.bits[i] >> k) | high;
        }
        out
    }

    /// The points in index order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        PointSetIter {
            bits: &self.bits,
            word: 0,
            rest: self.bits[0],
        }
    }
}

/// The points of a [`PointSet`]: word by word, lowest set bit first
/// (index order), without visiting the empty part of the array. A plain
/// loop: the iterator adaptors it replaced (`flat_map` over words) cost
/// about twice the instructions per point.
struct PointSetIter<'a> {
    bits: &'a [u64],
    /// The word being read.
    word: usize,
    /// Its bits not yet returned.
    rest: u64,
}

impl Iterator for PointSetIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.rest == 0 {
            self.word += 1;
            self.rest = *self.bits.get(self.word)?;
        }
        let b = self.rest.trailing_zeros() as usize;
        self.rest &= self.rest - 1;
        Some(Point((self.word * 64 + b) as u16))
    }
}
