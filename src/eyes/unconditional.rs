//! Unconditional life: strings that can never be captured, stones that can
//! never be saved and empty points that can never be lost, whatever the
//! opponent does.
//!
//! GNU Go counterpart: `unconditional_life` of `engine/unconditional.c`
//! (one colour's analysis) and `compute_unconditional_status` of
//! `engine/worm.c` (both colours turned into the per-point worm field
//! `unconditional_status`, which `gtp_unconditional_status` prints). Start
//! reading at [`unconditional_status`], then [`unconditional_life`].
//!
//! # The analysis for one colour (the *owner*)
//!
//! 1. **Invincible strings** (Benson's unconditional life, found by
//!    elimination). The opponent tries to capture each owner string by
//!    playing on all its liberties one after the other, skipping moves
//!    that are illegal. If the string is captured, or left with one
//!    liberty (which the opponent then takes, as a ko capture if need be),
//!    the moves stay on the board and the string is gone; otherwise they
//!    are taken back. This is repeated until a whole round captures
//!    nothing. The survivors cannot be captured even if the opponent moves
//!    any number of times in a row: each keeps at least two liberties
//!    where an opponent stone is suicide as long as another one is open,
//!    which is Benson's "two vital regions" condition reached from the
//!    other side.
//! 2. **The opponent's best shot.** The opponent now plays on every
//!    liberty of the invincible strings it legally can, and keeps
//!    extending its strings that are in atari while that is legal. Then
//!    every opponent string with exactly two liberties that touch each
//!    other fills one of them (chosen by the liberties a stone would get
//!    there, see `split_small_eyes`), splitting two-point eyes.
//! 3. **The verdict.** Invincible strings are the owner's; so are their
//!    liberties left empty, every opponent string left in atari and its
//!    last liberty: the opponent, even with all those free moves, could
//!    not make anything there that the owner cannot take.
//!
//! GNU Go's extension for one kind of seki: an isolated two-stone owner
//! string (no other owner stone among the eight neighbours of either
//! stone) may sit inside an opponent eye where the opponent, under
//! alternating play, lives in seki although step 2 would reduce it to one
//! small eye. Such strings are not tried in step 1 and never count as
//! invincible. After step 2's fills and extensions each of them is
//! checked for the one critical eye shape (the two stones in a line with
//! empty points beyond both ends, and opponent stones played beside them
//! on opposite sides joining into one string); where it is found the owner
//! adds a third stone beyond the string's origin, so that capturing the
//! three leaves an eye space the opponent cannot make into a seki. Then the
//! opponent captures these strings (plays on all their liberties) before
//! the two-liberty fills of step 2.
//!
//! If no owner string survives step 1, nothing is claimed at all.
//!
//! # Both colours
//!
//! [`unconditional_status`] runs the analysis for white, then for black
//! (black's claims override white's, as in GNU Go; sound claims never
//! conflict). A point claimed by a colour is `Alive` when it holds that
//! colour's stone (a stone that is not invincible may still be taken, but
//! its point stays its owner's), that colour's territory when empty, and
//! `Dead` when it holds the other colour's stone. A string takes the
//! verdict of its origin (its first stone in board order), as GNU Go
//! copies a worm's record from its origin to all its stones.
//!
//! All moves are hypothetical (`trymove`/`tryko`), taken back by a guard
//! when the analysis ends: the board is left exactly as found.

use std::ops::Deref;

use crate::board::{Board, Color, Point, PointSet, BOARD_ARRAY, STRIDE};

/// What one colour's analysis ([`unconditional_life`]) proves about a
/// point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Claim {
    /// Nothing is proven.
    #[default]
    None,
    /// A stone of the analysed colour whose string can never be captured,
    /// even by any number of opponent moves in a row (GNU Go's
    /// "invincible" worms, value 1 of `unconditional_territory`).
    Invincible,
    /// Owned by the analysed colour: an empty point, an opponent stone
    /// that cannot be saved, or an own stone standing on owned ground
    /// (value 2 of `unconditional_territory`).
    Owned,
}

/// One colour's claims, point by point: the result of
/// [`unconditional_life`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifeMap {
    claims: Vec<Claim>,
}

impl LifeMap {
    fn empty() -> LifeMap {
        LifeMap {
            claims: vec![Claim::None; BOARD_ARRAY],
        }
    }

    /// The claim on `p` (an on-board point).
    pub fn claim(&self, p: Point) -> Claim {
        self.claims[p.idx()]
    }
}

/// The unconditional verdict on one point, combining both colours (GNU
/// Go's worm field `unconditional_status`: `ALIVE`, `DEAD`,
/// `WHITE_TERRITORY`, `BLACK_TERRITORY` or `UNKNOWN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum UnconditionalStatus {
    /// Nothing is proven (GNU Go `UNKNOWN`).
    #[default]
    Undecided,
    /// A stone whose owner keeps the point.
    Alive,
    /// A stone the opponent will capture whatever happens.
    Dead,
    /// An empty point white keeps.
    WhiteTerritory,
    /// An empty point black keeps.
    BlackTerritory,
}

impl UnconditionalStatus {
    /// The territory status of `color`.
    pub fn territory_of(color: Color) -> UnconditionalStatus {
        match color {
            Color::White => UnconditionalStatus::WhiteTerritory,
            Color::Black => UnconditionalStatus::BlackTerritory,
        }
    }
}

/// Both colours' verdicts for every point: the result of
/// [`unconditional_status`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusMap {
    status: Vec<UnconditionalStatus>,
    invincible: Vec<bool>,
}

impl StatusMap {
    /// The verdict on `p` (an on-board point, empty or not).
    pub fn status(&self, p: Point) -> UnconditionalStatus {
        self.status[p.idx()]
    }

    /// True when `p` holds a stone of a string that can never be captured
    /// (GNU Go's worm field `invincible`).
    pub fn is_invincible(&self, p: Point) -> bool {
        self.invincible[p.idx()]
    }
}

/// The unconditional status of every point (GNU Go
/// `compute_unconditional_status`): [`unconditional_life`] for white, then
/// black, turned into per-point verdicts, each string taking its origin's.
/// The board is left as found.
///
/// ```
/// use tesuji::board::{Board, Point};
/// use tesuji::eyes::unconditional::{unconditional_status, UnconditionalStatus};
///
/// // Black has two separate one-point eyes in the corner.
/// let mut board = Board::from_diagram(
///     ". X . X O
///      X X X X O
///      O O O O O
///      . . . . .
///      . . . . .",
/// )
/// .unwrap();
/// let map = unconditional_status(&mut board);
/// assert_eq!(map.status(Point::new(1, 1)), UnconditionalStatus::Alive);
/// assert_eq!(map.status(Point::new(0, 0)), UnconditionalStatus::BlackTerritory);
/// assert_eq!(map.status(Point::new(2, 2)), UnconditionalStatus::Undecided);
/// ```
pub fn unconditional_status(board: &mut Board) -> StatusMap {
    let entry = board.depth();
    let mut status = vec![UnconditionalStatus::Undecided; BOARD_ARRAY];
    let mut invincible = vec![false; BOARD_ARRAY];
    for color in [Color::White, Color::Black] {
        let life = unconditional_life(board, color);
        for p in board.points() {
            let claim = life.claim(p);
            if claim == Claim::None {
                continue;
            }
            status[p.idx()] = match board.color_at(p) {
                Some(c) if c == color => {
                    if claim == Claim::Invincible {
                        invincible[p.idx()] = true;
                    }
                    UnconditionalStatus::Alive
                }
                Some(_) => UnconditionalStatus::Dead,
                None => UnconditionalStatus::territory_of(color),
            };
        }
    }
    for p in board.points() {
        if board.is_stone(p) {
            let origin = board.origin(p);
            status[p.idx()] = status[origin.idx()];
            invincible[p.idx()] = invincible[origin.idx()];
        }
    }
    debug_assert_eq!(board.depth(), entry);
    StatusMap { status, invincible }
}

/// One colour's unconditional analysis (GNU Go `unconditional_life`, see
/// the module docs): which of its strings are invincible and which points
/// it owns. Computed on the current position, also inside an open stack
/// of hypothetical moves; the board is left as found.
pub fn unconditional_life(board: &mut Board, color: Color) -> LifeMap {
    let entry = board.depth();
    let points: Vec<Point> = board.points().collect();
    let mut map = LifeMap::empty();
    {
        let mut s = Scratch::new(board);
        let seki = seki_candidates(&s, color, &points);
        if strip_capturable(&mut s, color, &seki, &points) {
            let other = color.opponent();
            fill_around_survivors(&mut s, color, &seki, &points);
            extend_ataris(&mut s, other, &points);
            break_critical_sekis(&mut s, color, &seki, &points);
            capture_seki_candidates(&mut s, other, &seki, &points);
            split_small_eyes(&mut s, color, &points);
            mark_claims(&s, color, &seki, &points, &mut map);
        }
    }
    debug_assert_eq!(board.depth(), entry);
    map
}

/// The hypothetical moves of one analysis: every move played through it
/// is taken back when it is dropped.
struct Scratch<'a> {
    board: &'a mut Board,
    base: usize,
}

impl<'a> Scratch<'a> {
    fn new(board: &'a mut Board) -> Scratch<'a> {
        let base = board.depth();
        Scratch { board, base }
    }

    /// Play `color` at `p` if legal; false (nothing changed) otherwise.
    fn play(&mut self, p: Point, color: Color) -> bool {
        self.board.trymove(p, color)
    }

    /// Like [`Scratch::play`], but a ko capture is allowed.
    fn play_ko(&mut self, p: Point, color: Color) -> bool {
        self.board.tryko(p, color)
    }

    /// Take back moves until `depth` are left on the stack.
    fn rewind_to(&mut self, depth: usize) {
        debug_assert!(depth >= self.base);
        while self.board.depth() > depth {
            self.board.popgo();
        }
    }
}

impl Deref for Scratch<'_> {
    type Target = Board;
    fn deref(&self) -> &Board {
        self.board
    }
}

impl Drop for Scratch<'_> {
    fn drop(&mut self) {
        let base = self.base;
        self.rewind_to(base);
    }
}

/// South, west, north and east as index steps (the order of
/// [`Point::neighbors`]).
const STEPS: [isize; 4] = [STRIDE as isize, -1, -(STRIDE as isize), 1];

/// The point `d` index steps from `p` (`p` on the board, the result at
/// most one step outside it).
fn step(p: Point, d: isize) -> Point {
    Point((p.0 as isize + d) as u16)
}

/// Stones of two-stone `color` strings with no other `color` stone, and no
/// edge, among the eight neighbours of either stone: the strings that may
/// hold an opponent's eye in seki.
fn seki_candidates(board: &Board, color: Color, points: &[Point]) -> PointSet {
    let mut set = PointSet::new();
    for &p in points {
        if !board.cell(p).is(color) || board.origin(p) != p || board.chain_size(p) != 2 {
            continue;
        }
        // The edge, or a `color` stone of another string.
        let spoils =
            |n: Point| !board.on_board(n) || (board.cell(n).is(color) && !board.same_chain(n, p));
        let isolated = board.stones(p).all(|q| {
            q.neighbors()
                .into_iter()
                .chain(q.diagonals())
                .all(|n| !spoils(n))
        });
        if isolated {
            for q in board.stones(p) {
                set.insert(q);
            }
        }
    }
    set
}

/// Step 1: remove every `color` string (except `skip`) the opponent can
/// capture by filling its liberties, round after round, leaving the
/// capturing moves on the board. True when some string is left.
fn strip_capturable(s: &mut Scratch, color: Color, skip: &PointSet, points: &[Point]) -> bool {
    let other = color.opponent();
    let mut libs = Vec::new();
    loop {
        let mut captured = false;
        let mut left = false;
        for &p in points {
            if !s.cell(p).is(color) || s.origin(p) != p || skip.contains(p) {
                continue;
            }
            left = true;
            let mark = s.board.depth();
            s.findlib(p, &mut libs);
            for &lib in &libs {
                s.play(lib, other);
            }
            if s.is_empty(p) {
                captured = true;
            } else if s.countlib(p) == 1 {
                // Taking the last liberty captures, so only ko can forbid
                // it (e.g. when every other opponent move was suicide).
                let last = s.libs(p)[0];
                if s.play_ko(last, other) {
                    captured = true;
                } else {
                    debug_assert!(false, "the last liberty cannot be refused");
                    s.rewind_to(mark);
                }
            } else {
                s.rewind_to(mark);
            }
        }
        if !captured {
            return left;
        }
    }
}

/// Step 2a: the opponent plays on every liberty of the surviving
/// (invincible) `color` strings where it legally can.
fn fill_around_survivors(s: &mut Scratch, color: Color, skip: &PointSet, points: &[Point]) {
    let other = color.opponent();
    let mut libs = Vec::new();
    for &p in points {
        if !s.cell(p).is(color) || skip.contains(p) || s.origin(p) != p {
            continue;
        }
        s.findlib(p, &mut libs);
        for &lib in &libs {
            s.play(lib, other);
        }
    }
}

/// Step 2b: `other` extends its strings in atari while it legally can.
fn extend_ataris(s: &mut Scratch, other: Color, points: &[Point]) {
    loop {
        let mut grew = false;
        for &p in points {
            if s.cell(p).is(other) && s.countlib(p) == 1 {
                let lib = s.libs(p)[0];
                grew |= s.play(lib, other);
            }
        }
        if !grew {
            return;
        }
    }
}

/// The seki extension, first part: for each seki candidate still on the
/// board, look for the critical eye shape and, where it is found, add a
/// third owner stone beyond the string's origin.
fn break_critical_sekis(s: &mut Scratch, color: Color, candidates: &PointSet, points: &[Point]) {
    let other = color.opponent();
    for &p in points {
        // As GNU Go, any stone now on a candidate point is looked at; only
        // owner strings can match the shape below.
        if !candidates.contains(p) || s.is_empty(p) || s.origin(p) != p {
            continue;
        }
        for r in 0..4 {
            let up = STEPS[r];
            if !s.cell(step(p, up)).is(color)
                || !s.is_empty(step(p, 2 * up))
                || !s.is_empty(step(p, -up))
            {
                continue;
            }
            for right in [STEPS[(r + 1) % 4], -STEPS[(r + 1) % 4]] {
                if !s.is_empty(step(p, right)) || !s.is_empty(step(p, up - right)) {
                    continue;
                }
                // Opponent stones beside the two stones on opposite sides:
                // if they form one string, the eye could hold a seki.
                let mark = s.board.depth();
                let a = step(p, -right);
                let b = step(p, up + right);
                if s.is_empty(a) {
                    s.play(a, other);
                }
                if s.is_empty(b) {
                    s.play(b, other);
                }
                let critical = s.cell(a).is(other) && s.cell(b).is(other) && s.same_chain(a, b);
                s.rewind_to(mark);
                if critical {
                    s.play(step(p, -up), color);
                    break;
                }
            }
            if s.chain_size(p) > 2 {
                break;
            }
        }
    }
}

/// The seki extension, second part: the opponent plays on the liberties
/// of every string standing on a candidate point.
fn capture_seki_candidates(s: &mut Scratch, other: Color, candidates: &PointSet, points: &[Point]) {
    let mut libs = Vec::new();
    for &p in points {
        if !candidates.contains(p) || s.is_empty(p) {
            continue;
        }
        s.findlib(p, &mut libs);
        for &lib in &libs {
            s.play(lib, other);
        }
    }
}

/// Step 2c: every opponent string with exactly two liberties next to each
/// other fills one of them, turning a two-point eye into a one-point eye.
/// The one filled is where an owner stone would get more liberties, then
/// where an opponent stone would (captures ignored); the first in
/// liberty-list order on a tie.
fn split_small_eyes(s: &mut Scratch, color: Color, points: &[Point]) {
    let other = color.opponent();
    for &p in points {
        if !s.cell(p).is(other) || s.countlib(p) != 2 {
            continue;
        }
        let (a, b) = (s.libs(p)[0], s.libs(p)[1]);
        if a.distance(b) != 1 {
            continue;
        }
        let a_open = libs_if_played(s, a, color);
        let b_open = libs_if_played(s, b, color);
        let a_libs = libs_if_played(s, a, other);
        let b_libs = libs_if_played(s, b, other);
        let pick = if a_open > b_open || (a_open == b_open && a_libs >= b_libs) {
            a
        } else {
            b
        };
        s.play(pick, other);
    }
}

/// Step 3: what the position left by the opponent's moves proves.
fn mark_claims(s: &Scratch, color: Color, skip: &PointSet, points: &[Point], map: &mut LifeMap) {
    let other = color.opponent();
    let mut libs = Vec::new();
    for &p in points {
        if s.cell(p).is(color) && !skip.contains(p) {
            map.claims[p.idx()] = Claim::Invincible;
            if s.origin(p) == p {
                s.findlib(p, &mut libs);
                for &lib in &libs {
                    map.claims[lib.idx()] = Claim::Owned;
                }
            }
        } else if s.cell(p).is(other) && s.countlib(p) == 1 {
            map.claims[p.idx()] = Claim::Owned;
            map.claims[s.libs(p)[0].idx()] = Claim::Owned;
        }
    }
}

/// The liberties a `color` stone on the empty point `p` would have,
/// captures ignored, counted as GNU Go's `approxlib(p, color, 4)` counts
/// them: exactly when at most two `color` strings touch `p` (its fast
/// path), otherwise only up to four.
fn libs_if_played(board: &Board, p: Point, color: Color) -> usize {
    let mut libs = PointSet::new();
    let mut friends: Vec<Point> = Vec::with_capacity(4);
    for n in p.neighbors() {
        if board.is_empty(n) {
            libs.insert(n);
        } else if board.cell(n).is(color) {
            let origin = board.origin(n);
            if !friends.contains(&origin) {
                friends.push(origin);
            }
        }
    }
    for &f in &friends {
        board.for_each_lib(f, |l| {
            if l != p {
                libs.insert(l);
            }
            true
        });
    }
    if friends.len() > 2 {
        libs.len().min(4)
    } else {
        libs.len()
    }
}

#[cfg(test)]
mod tests;
