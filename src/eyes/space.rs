//! Eye spaces: which points belong to a colour's eye space, which of them
//! are marginal, which hold dead enemy stones, which are half eyes or
//! false eyes, and what each eye space is worth.
//!
//! GNU Go counterpart: `engine/optics.c` - `make_domains` (with
//! `compute_primary_domains`, `false_margin`, `originate_eye`,
//! `count_neighbours`), `find_half_and_false_eyes` (`topological_eye`,
//! `evaluate_diagonal_intersection`, `add_false_eye`) and `compute_eyes`
//! (`read_eye`; the fallback guess for big spaces) - and the worm facts
//! `is_lively` reads (`engine/worm.c`: tactical attack and defence of
//! every string, lunches, inessential strings).
//!
//! Where to start reading: [`EyeAnalysis::compute`]. It runs in four steps:
//! 1. [`WormTable::read`]: attack and defence of every chain with the
//!    tactical reader; a chain is *lively* unless it can be captured and
//!    not saved, or is inessential (a small string inside the opponent's
//!    area with no way out).
//! 2. Domains: a colour's domain is its lively stones, their empty
//!    neighbours and the points two of whose adjacent neighbours (one
//!    orthogonal, one diagonal next to it) carry its influence, with
//!    GNU Go's thresholds near enemy stones and on the edge. A point in one
//!    colour's domain only (or in both, next to a point in that colour's
//!    only) is an eye point of that colour; it is *marginal* when next to
//!    a point in the other colour's domain only. Connected eye points form
//!    an eye space, where two marginal points do not connect directly.
//! 3. Topology: an eye point with at most one neighbour in its space is
//!    judged by its four diagonals (GNU Go's values 0, 3/4, 1, 5/4, 2;
//!    off the board 1, off the corner 0): a sum of 4 or more makes a false
//!    eye, which becomes a marginal point; more than 2 a half eye.
//! 4. Values: each eye space becomes an [`EyeGraph`] - a half eye gets an
//!    extra marginal vertex standing for its diagonal key points - solved
//!    exactly by [`EyeSolver`]; spaces beyond [`EXACT_LIMIT`] vertices are
//!    estimated (see [`estimate`]).
//!
//! Not reproduced: GNU Go's pattern-based worm attacks and defences, the
//! `find_cuts` connection patterns that may split an eye space, and the
//! owl's own liveliness (the owl will pass its own [`WormTable`] to
//! [`EyeAnalysis::compute_with`], adjusted with [`WormTable::set_status`]).
//!
//! Every hypothetical move goes through the board's try/undo; the board is
//! identical afterwards.

use crate::board::{Board, Cell, Color, Point, BOARD_ARRAY};
use crate::eyes::value::{tiers_of, EyeGraph, EyeSolver, EyeValue, MAX_VERTICES};
use crate::reading::{ReadResult, Reader};

/// Eye spaces with more vertices than this (half-eye key points included)
/// are estimated instead of searched.
pub const EXACT_LIMIT: usize = 12;

/// GNU Go's diagonal value for a point the owner takes unconditionally and
/// the opponent only by ko.
const KO_GOOD: f32 = 0.75;
/// ... and for a point the opponent takes unconditionally, the owner by ko.
const KO_BAD: f32 = 2.0 - KO_GOOD;

/// The tactical facts about one chain that the eye analysis uses (GNU Go's
/// worm fields `attack_codes[0]`, `attack_points[0]`, `defense_codes[0]`,
/// `defense_points[0]`, `inessential`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainStatus {
    /// Can the chain be captured?
    pub attack: ReadResult,
    /// The capturing move, when `attack` is not `Fail`.
    pub attack_point: Option<Point>,
    /// Can it then be saved? (`Fail` when it cannot be attacked.)
    pub defense: ReadResult,
    /// The saving move.
    pub defense_point: Option<Point>,
    /// A small string inside the opponent's area with no life potential
    /// of its own (see [`WormTable::read`]).
    pub inessential: bool,
}

impl ChainStatus {
    /// GNU Go `is_lively`: not inessential, and not capturable without a
    /// defence. Chains that are not lively are invisible to the domains
    /// and may lie inside the opponent's eye space.
    pub fn is_lively(&self) -> bool {
        !self.inessential && (self.attack == ReadResult::Fail || self.defense != ReadResult::Fail)
    }
}

/// The [`ChainStatus`] of every chain of a position, by point.
#[derive(Clone, Debug)]
pub struct WormTable {
    by_point: Vec<Option<ChainStatus>>,
}

impl WormTable {
    /// Read every chain of `board` (GNU Go `make_worms`, the parts the eye
    /// code relies on):
    /// - attack, then defence when the attack works; a failed defence is
    ///   retried at the attack point when that is not a liberty;
    /// - every known attack and defence point is tried as a defence of the
    ///   other chains of the mover's colour;
    /// - two adjacent chains that can both be captured and not saved: a
    ///   move capturing one may save the other (GNU Go's fix for
    ///   overlapping eye spaces);
    /// - inessential: genus 0, no second-order liberty, not touching two
    ///   enemy chains, no capturable enemy chain around (no lunch), and the
    ///   cavity left by removing it is bordered by one colour with fewer
    ///   than three empty edge points.
    pub fn read(board: &mut Board, reader: &mut Reader) -> WormTable {
        let entry = board.depth();
        let mut table = WormTable {
            by_point: vec![None; BOARD_ARRAY],
        };
        let origins = board.chain_origins(None);
        for &s in &origins {
            let (attack, attack_point) = reader.attack(board, s);
            let mut status = ChainStatus {
                attack,
                attack_point,
                defense: ReadResult::Fail,
                defense_point: None,
                inessential: false,
            };
            if attack.succeeds() {
                let (defense, defense_point) = reader.find_defense(board, s);
                status.defense = defense;
                status.defense_point = defense_point;
                if defense == ReadResult::Fail {
                    if let Some(ap) = attack_point.filter(|&ap| !board.is_liberty_of(ap, s)) {
                        let owner = board.chain(s).color;
                        let again = board.with_move(ap, owner, |b| reader.attack(b, s).0);
                        if let Some(again) = again.filter(|&r| r != ReadResult::Win) {
                            status.defense = again.reverse();
                            status.defense_point = Some(ap);
                        }
                    }
                }
            }
            table.set_chain(board, s, status);
        }
        table.improve_defenses(board, reader, &origins);
        // Adjacent chains that can both be captured and not defended.
        for p in board.points() {
            for q in [p.south(), p.east()] {
                if !board.is_stone(p) || !board.is_stone(q) || board.same_chain(p, q) {
                    continue;
                }
                for (dead, other) in [(p, q), (q, p)] {
                    let (Some(d), Some(o)) = (table.get(dead), table.get(other)) else {
                        continue;
                    };
                    if d.attack == ReadResult::Fail
                        || o.attack == ReadResult::Fail
                        || d.defense != ReadResult::Fail
                    {
                        continue;
                    }
                    let Some(m) = o.attack_point else { continue };
                    let res = reader.does_defend(board, m, dead);
                    if res.succeeds() {
                        let mut d = d;
                        d.defense = ReadResult::Win;
                        d.defense_point = Some(m);
                        table.set_chain(board, dead, d);
                    }
                }
            }
        }
        for &s in &origins {
            if is_inessential(board, &table, s) {
                if let Some(mut st) = table.get(s) {
                    st.inessential = true;
                    table.set_chain(board, s, st);
                }
            }
        }
        debug_assert_eq!(board.depth(), entry);
        table
    }

    /// A table where every chain is lively and nothing is known of its
    /// tactics: the start for a caller that reads only the chains it cares
    /// about (the owl reads the strings around its goal) and sets them with
    /// [`WormTable::set_status`].
    pub fn all_lively(board: &Board) -> WormTable {
        let mut by_point = vec![None; BOARD_ARRAY];
        let lively = ChainStatus {
            attack: ReadResult::Fail,
            attack_point: None,
            defense: ReadResult::Fail,
            defense_point: None,
            inessential: false,
        };
        for p in board.points() {
            if board.is_stone(p) {
                by_point[p.idx()] = Some(lively);
            }
        }
        WormTable { by_point }
    }

    /// A move that attacks or defends one chain may defend another (GNU
    /// Go `make_worms`, trying every known tactical point): play each
    /// chain's defence point for its owner and each attack point for the
    /// attacker, read one level deeper, and record the move as a defence
    /// of every chain of the mover's colour it saves from a known attack
    /// (unless the old attack still works after it).
    fn improve_defenses(&mut self, board: &mut Board, reader: &mut Reader, origins: &[Point]) {
        let mut tries: Vec<(Point, Color)> = Vec::new();
        for &s in origins {
            let Some(st) = self.get(s) else { continue };
            let color = board.chain(s).color;
            if let Some(d) = st.defense_point {
                tries.push((d, color));
            }
            if let Some(a) = st.attack_point {
                tries.push((a, color.opponent()));
            }
        }
        // Board order, white before black at a point (GNU Go's loops).
        tries.sort_by_key(|&(p, c)| (p, c == Color::Black));
        tries.dedup();
        for (m, color) in tries {
            let table = &*self;
            let found = board.with_move(m, color, |board| {
                reader.config.increase_depths();
                let mut found: Vec<(Point, ReadResult)> = Vec::new();
                for &s in origins {
                    let Some(st) = table.get(s) else { continue };
                    if !board.cell(s).is(color) || st.attack == ReadResult::Fail {
                        continue;
                    }
                    let mut acode = reader.attack(board, s).0;
                    if acode >= st.attack {
                        continue;
                    }
                    // The old attack may still work after the move.
                    let mut defends = true;
                    let again = st.attack_point.and_then(|ap| {
                        board.with_move(ap, color.opponent(), |b| {
                            if b.is_empty(s) {
                                ReadResult::Win
                            } else {
                                reader.find_defense(b, s).0.reverse()
                            }
                        })
                    });
                    if let Some(again) = again.filter(|&r| r > acode) {
                        acode = again;
                        defends = acode < st.attack;
                    }
                    if defends {
                        found.push((s, acode.reverse()));
                    }
                }
                reader.config.decrease_depths();
                found
            });
            for (s, code) in found.unwrap_or_default() {
                if let Some(mut st) = self.get(s) {
                    if code > st.defense {
                        st.defense = code;
                        st.defense_point = Some(m);
                        self.set_chain(board, s, st);
                    }
                }
            }
        }
    }

    /// Set the status of the chain on `s` (the owl marks chains as it
    /// judges them).
    pub fn set_status(&mut self, board: &Board, s: Point, status: ChainStatus) {
        self.set_chain(board, s, status);
    }

    fn set_chain(&mut self, board: &Board, s: Point, status: ChainStatus) {
        for p in board.stones(s) {
            self.by_point[p.idx()] = Some(status);
        }
    }

    /// The status of the chain on `p` (`None` for an empty point).
    pub fn get(&self, p: Point) -> Option<ChainStatus> {
        self.by_point[p.idx()]
    }

    /// True for a stone of a lively chain.
    pub fn is_lively(&self, p: Point) -> bool {
        self.get(p).is_some_and(|s| s.is_lively())
    }
}

/// GNU Go's `is_ko_point` for a stone: a lone stone in atari that a ko
/// capture would take.
fn is_ko_stone(board: &Board, p: Point) -> bool {
    let Some(color) = board.color_at(p) else {
        return false;
    };
    board.chain_size(p) == 1
        && board.countlib(p) == 1
        && board
            .libs(p)
            .first()
            .is_some_and(|&l| board.ko_capture(l, color.opponent()).is_some())
}

/// The inessential test of [`WormTable::read`] (GNU Go `make_worms`).
fn is_inessential(board: &Board, table: &WormTable, s: Point) -> bool {
    let color = board.chain(s).color;
    let other = color.opponent();
    if genus(board, s) != 0 || has_second_order_liberty(board, s) {
        return false;
    }
    // Cutting stone: next to two different enemy chains.
    let mut enemies = Vec::new();
    board.adjacent_chains(s, &mut enemies);
    if enemies.len() >= 2 {
        return false;
    }
    // Lunch: an enemy chain touching the string (diagonals included) that
    // can be captured (not by a ko where the capturer needs threats).
    for p in board.points() {
        if !board.cell(p).is(other) {
            continue;
        }
        let near = p
            .neighbors()
            .iter()
            .chain(p.diagonals().iter())
            .any(|&n| board.same_chain(n, s));
        if near
            && !is_ko_stone(board, p)
            && table
                .get(p)
                .is_some_and(|st| matches!(st.attack, ReadResult::Win | ReadResult::KoA))
        {
            return false;
        }
    }
    // The cavity with the string removed: one border colour, few edge points.
    let mut seen = [false; BOARD_ARRAY];
    let mut stack = vec![s];
    seen[s.idx()] = true;
    let (mut black, mut white, mut edge) = (false, false, 0);
    while let Some(p) = stack.pop() {
        if board.is_empty(p) && is_edge(board, p) {
            edge += 1;
        }
        for n in p.neighbors() {
            if !board.on_board(n) || seen[n.idx()] {
                continue;
            }
            if board.is_empty(n) || board.same_chain(n, s) {
                seen[n.idx()] = true;
                stack.push(n);
            } else {
                match board.color_at(n) {
                    Some(Color::Black) => black = true,
                    Some(Color::White) => white = true,
                    None => {}
                }
            }
        }
    }
    black != white && edge < 3
}

/// The number of connected components of the board minus the chain on
/// `s`, minus one (GNU Go `genus`).
pub fn genus(board: &Board, s: Point) -> usize {
    let mut seen = [false; BOARD_ARRAY];
    let mut components = 0usize;
    let outside = |p: Point| board.on_board(p) && !board.same_chain(p, s);
    for start in board.points() {
        if seen[start.idx()] || !outside(start) {
            continue;
        }
        components += 1;
        seen[start.idx()] = true;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for n in p.neighbors() {
                if !seen[n.idx()] && outside(n) {
                    seen[n.idx()] = true;
                    stack.push(n);
                }
            }
        }
    }
    components.saturating_sub(1)
}

/// Does the chain on `s` have a liberty of order two (GNU Go `ping_cave`'s
/// second count): an empty point not touching an enemy stone, next to the
/// string, a same-coloured stone connected to it, or a first-order
/// liberty not flanked by enemy stones or the edge on opposite sides
/// (ko points do not lead further)?
fn has_second_order_liberty(board: &Board, s: Point) -> bool {
    let color = board.chain(s).color;
    let other = color.opponent();
    let blocks = |p: Point| !board.on_board(p) || board.cell(p).is(other);
    let touches_enemy = |p: Point| p.neighbors().iter().any(|&n| board.cell(n).is(other));
    // Every liberty: a chain in an eye space's wall may have more than
    // the board's stored list holds (`Board::libs` refuses those).
    let libs = board.liberties_sorted(s);
    let mut lib = [false; BOARD_ARRAY];
    for &l in &libs {
        lib[l.idx()] = true;
    }
    // First-order liberties that lead further (GNU Go's `mse`).
    let mut open = [false; BOARD_ARRAY];
    for &l in &libs {
        let flanked =
            (blocks(l.south()) && blocks(l.north())) || (blocks(l.west()) && blocks(l.east()));
        open[l.idx()] = !flanked;
    }
    let mut seen = [false; BOARD_ARRAY];
    let mut stack = vec![s];
    seen[s.idx()] = true;
    while let Some(p) = stack.pop() {
        for n in p.neighbors() {
            if board.is_empty(n) && !lib[n.idx()] && !seen[n.idx()] && !touches_enemy(n) {
                return true;
            }
        }
        if board.is_stone(p) && is_ko_stone(board, p) {
            continue;
        }
        for n in p.neighbors() {
            if board.on_board(n) && !seen[n.idx()] && (open[n.idx()] || board.cell(n).is(color)) {
                seen[n.idx()] = true;
                stack.push(n);
            }
        }
    }
    false
}

/// True for a point on the first line.
fn is_edge(board: &Board, p: Point) -> bool {
    p.neighbors().iter().any(|&n| board.cell(n) == Cell::Border)
}

/// One point of a colour's eye space (GNU Go `struct eye_data`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyePoint {
    /// The eye space's first point in board order (its name).
    pub origin: Point,
    /// Marginal (`!`): next to the opponent's area, or a false eye.
    pub marginal: bool,
    /// Neighbours in the same eye space.
    pub neighbors: u8,
    /// Marginal neighbours in the same eye space.
    pub marginal_neighbors: u8,
}

/// The topological judgement of an eye point (GNU Go `half_eye_data`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EyeTopology {
    /// Diagonal sum at most 2: a proper eye point.
    Proper,
    /// Sum above 2 and below 4: an eye only if its owner takes a key
    /// diagonal first.
    Half,
    /// Sum 4 or more: it cannot become an eye.
    False,
}

/// The diagonal analysis of one eye point (GNU Go `struct half_eye_data`).
#[derive(Clone, Debug, PartialEq)]
pub struct HalfEye {
    /// The verdict.
    pub kind: EyeTopology,
    /// The sum of the four diagonal values (GNU Go's topological eye value).
    pub value: f32,
    /// Moves that make the eye worse for its owner (best first).
    pub attack_points: Vec<Point>,
    /// Moves that make it better (best first).
    pub defense_points: Vec<Point>,
    /// The tier of each of `attack_points` (0 for the best; points of one
    /// tier are ranked alike, in the diagonals' order, which follows the
    /// board's orientation).
    pub attack_tiers: Vec<u8>,
    /// The tier of each of `defense_points`, as `attack_tiers`.
    pub defense_tiers: Vec<u8>,
}

/// One eye space of one colour, with its value.
#[derive(Clone, Debug, PartialEq)]
pub struct EyeSpace {
    /// The owner.
    pub color: Color,
    /// The first point in board order.
    pub origin: Point,
    /// Its points in board order (empty points and dead stones).
    pub points: Vec<Point>,
    /// How many of them are marginal (GNU Go `msize`).
    pub marginals: usize,
    /// The eye value.
    pub value: EyeValue,
    /// False when the value is [`estimate`]d rather than searched.
    pub exact: bool,
    /// The attacker's vital move, when the value is not settled.
    pub attack_point: Option<Point>,
    /// The owner's vital move, when the value is not settled.
    pub defense_point: Option<Point>,
    /// Every attacker's move that reaches the value's `b` (best first).
    pub attack_points: Vec<Point>,
    /// Every owner's move that reaches `c` (best first).
    pub defense_points: Vec<Point>,
    /// The tier of each of `attack_points` in the eye solver's ranking
    /// ([`crate::eyes::value::EyeSolution::attack_tiers`]).
    pub attack_tiers: Vec<u8>,
    /// The tier of each of `defense_points`.
    pub defense_tiers: Vec<u8>,
}

impl EyeSpace {
    /// Number of points (GNU Go `esize`).
    pub fn size(&self) -> usize {
        self.points.len()
    }
}

/// One colour's eye points and eye spaces (GNU Go's `black_eye` or
/// `white_eye` array).
#[derive(Clone, Debug)]
pub struct EyeMap {
    color: Color,
    points: Vec<Option<EyePoint>>,
    spaces: Vec<EyeSpace>,
}

impl EyeMap {
    /// The owner of these eye spaces.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The eye point on `p`, if `p` is in one of these eye spaces.
    pub fn point(&self, p: Point) -> Option<&EyePoint> {
        self.points.get(p.idx()).and_then(|e| e.as_ref())
    }

    /// All eye spaces, by origin in board order.
    pub fn spaces(&self) -> &[EyeSpace] {
        &self.spaces
    }

    /// The eye space containing `p`.
    pub fn space_at(&self, p: Point) -> Option<&EyeSpace> {
        let origin = self.point(p)?.origin;
        self.spaces.iter().find(|s| s.origin == origin)
    }
}

/// Eye spaces of both colours, half eyes and false eyes, with values
/// (what GNU Go's `make_dragons` leaves in `black_eye`, `white_eye` and
/// `half_eye`).
#[derive(Clone, Debug)]
pub struct EyeAnalysis {
    black: EyeMap,
    white: EyeMap,
    /// The judged points' diagonal analyses, sorted by point (few points
    /// are judged: a dense map would cost more to make than to search).
    half_eyes: Vec<(Point, HalfEye)>,
}

impl EyeAnalysis {
    /// Analyse the position: read every chain, then
    /// [`EyeAnalysis::compute_with`].
    ///
    /// ```
    /// use tesuji::board::{Board, Color};
    /// use tesuji::eyes::space::EyeAnalysis;
    /// use tesuji::reading::Reader;
    /// let mut board = Board::from_diagram("
    ///     . O . O X .
    ///     O O O O X .
    ///     X X X X X .
    ///     . . . . . .
    ///     . . . . . .
    ///     . . . . . .").unwrap();
    /// let eyes = EyeAnalysis::compute(&mut board, &mut Reader::default());
    /// let corner = eyes.map(Color::White).space_at(board.point(0, 0).unwrap()).unwrap();
    /// assert_eq!((corner.value.min_eyes(), corner.value.max_eyes()), (1, 1));
    /// ```
    pub fn compute(board: &mut Board, reader: &mut Reader) -> EyeAnalysis {
        let worms = WormTable::read(board, reader);
        EyeAnalysis::compute_with(board, reader, &worms)
    }

    /// The eye spaces of both colours from their domains, without half
    /// eyes or values yet.
    fn unvalued(board: &mut Board, reader: &mut Reader, worms: &WormTable) -> EyeAnalysis {
        let domains = Domains::compute(board, reader, worms);
        EyeAnalysis {
            black: domains.eye_map(board, Color::Black),
            white: domains.eye_map(board, Color::White),
            half_eyes: Vec::new(),
        }
    }

    /// [`EyeAnalysis::unvalued`] for `color`'s eye spaces only (the
    /// domains of both colours decide them); the other colour's map is
    /// empty.
    fn unvalued_for(
        board: &mut Board,
        reader: &mut Reader,
        worms: &WormTable,
        color: Color,
    ) -> EyeAnalysis {
        let domains = Domains::compute(board, reader, worms);
        let mine = domains.eye_map(board, color);
        // No points at all (EyeMap::point answers `None` beyond them):
        // nothing reads this map's points but through it.
        let theirs = EyeMap {
            color: color.opponent(),
            points: Vec::new(),
            spaces: Vec::new(),
        };
        let (black, white) = match color {
            Color::Black => (mine, theirs),
            Color::White => (theirs, mine),
        };
        EyeAnalysis {
            black,
            white,
            half_eyes: Vec::new(),
        }
    }

    /// Analyse the position with given chain facts (the owl will pass its
    /// own notion of liveliness). The reader is used for `safe_move` and
    /// captures on the diagonals.
    pub fn compute_with(board: &mut Board, reader: &mut Reader, worms: &WormTable) -> EyeAnalysis {
        let entry = board.depth();
        let mut analysis = EyeAnalysis::unvalued(board, reader, worms);
        for color in Color::ALL {
            analysis.find_half_and_false_eyes(board, reader, worms, color);
        }
        let mut solver = EyeSolver::new();
        for color in Color::ALL {
            analysis.evaluate_spaces(board, reader, &mut solver, color);
        }
        debug_assert_eq!(board.depth(), entry);
        analysis
    }

    /// The eye spaces of one colour only, and of those only the spaces
    /// with a point where `relevant` holds (the owl asks for the spaces
    /// around its goal): domains of both colours as in
    /// [`EyeAnalysis::compute_with`], half and false eyes and values for
    /// the chosen spaces. The other colour's map is empty (its spaces are
    /// not needed). `solver` may be kept across calls: it remembers the
    /// graphs it solved.
    pub fn compute_local(
        board: &mut Board,
        reader: &mut Reader,
        worms: &WormTable,
        color: Color,
        solver: &mut EyeSolver,
        relevant: &dyn Fn(Point) -> bool,
    ) -> EyeAnalysis {
        let entry = board.depth();
        let mut analysis = EyeAnalysis::unvalued_for(board, reader, worms, color);
        // The origins of the spaces with a relevant point, marked by point.
        let mut chosen = [false; BOARD_ARRAY];
        for p in board.points() {
            if let Some(e) = analysis.map(color).point(p) {
                if !chosen[e.origin.idx()] && relevant(p) {
                    chosen[e.origin.idx()] = true;
                }
            }
        }
        let keep = |map: &EyeMap, p: Point| map.point(p).is_some_and(|e| chosen[e.origin.idx()]);
        analysis.find_half_and_false_eyes_where(board, reader, worms, color, &|m, p| keep(m, p));
        analysis.evaluate_spaces_where(board, reader, solver, color, &|m, p| keep(m, p));
        debug_assert_eq!(board.depth(), entry);
        analysis
    }

    /// One colour's eye map.
    pub fn map(&self, color: Color) -> &EyeMap {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    fn map_mut(&mut self, color: Color) -> &mut EyeMap {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// One colour's eye spaces with their values.
    pub fn spaces(&self, color: Color) -> &[EyeSpace] {
        self.map(color).spaces()
    }

    /// The diagonal analysis of `p`, when `p` was judged (an eye point
    /// with at most one neighbour in its space).
    pub fn half_eye(&self, p: Point) -> Option<&HalfEye> {
        self.half_eyes
            .binary_search_by_key(&p.idx(), |(q, _)| q.idx())
            .ok()
            .map(|k| &self.half_eyes[k].1)
    }

    /// The eye space GNU Go's `eval_eye` reports for `p`: black's if `p`
    /// is in a black eye space, else white's.
    pub fn eye_space_of(&self, p: Point) -> Option<&EyeSpace> {
        self.black.space_at(p).or_else(|| self.white.space_at(p))
    }

    /// GNU Go `find_half_and_false_eyes` for `color`.
    fn find_half_and_false_eyes(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        worms: &WormTable,
        color: Color,
    ) {
        self.find_half_and_false_eyes_where(board, reader, worms, color, &|_, _| true);
    }

    /// [`EyeAnalysis::find_half_and_false_eyes`] for the points where
    /// `keep` holds.
    fn find_half_and_false_eyes_where(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        worms: &WormTable,
        color: Color,
        keep: &dyn Fn(&EyeMap, Point) -> bool,
    ) {
        for p in board.points() {
            let Some(e) = self.map(color).point(p).copied() else {
                continue;
            };
            if !keep(self.map(color), p) {
                continue;
            }
            if e.marginal || e.neighbors > 1 {
                continue;
            }
            let mut half = self.topological_eye(board, reader, worms, p, color);
            let sum = half.value;
            let kind = if sum >= 4.0 {
                EyeTopology::False
            } else if sum > 2.0 {
                EyeTopology::Half
            } else {
                EyeTopology::Proper
            };
            half.kind = kind;
            // A point judged for both colours keeps the later analysis.
            match self
                .half_eyes
                .binary_search_by_key(&p.idx(), |(q, _)| q.idx())
            {
                Ok(k) => self.half_eyes[k].1 = half,
                Err(k) => self.half_eyes.insert(k, (p, half)),
            }
            if kind == EyeTopology::False {
                let other = color.opponent();
                let size = self
                    .map(color)
                    .points
                    .iter()
                    .flatten()
                    .filter(|q| q.origin == e.origin)
                    .count();
                if size == 1 || board.is_legal(p, other) || board.cell(p).is(other) {
                    self.make_marginal(p, color);
                }
            }
        }
    }

    /// Turn the eye point `p` into a marginal one (GNU Go `add_false_eye`).
    fn make_marginal(&mut self, p: Point, color: Color) {
        let map = self.map_mut(color);
        let Some(e) = map.points[p.idx()] else { return };
        if e.marginal {
            return;
        }
        map.points[p.idx()] = Some(EyePoint {
            marginal: true,
            ..e
        });
        for n in p.neighbors() {
            if let Some(Some(q)) = map.points.get_mut(n.idx()) {
                if q.origin == e.origin {
                    q.marginal_neighbors += 1;
                }
            }
        }
    }

    /// GNU Go `topological_eye`: the sum of the four diagonal values of
    /// `p` for `color`, with the key points of the unsettled diagonals.
    fn topological_eye(
        &self,
        board: &mut Board,
        reader: &mut Reader,
        worms: &WormTable,
        p: Point,
        color: Color,
    ) -> HalfEye {
        let size = board.size() as isize;
        let (row, col) = (p.row() as isize, p.col() as isize);
        let mut sum = 0.0;
        // (rank, point) pairs, kept sorted best first (stable).
        let mut attacks: Vec<(u8, Point)> = Vec::new();
        let mut defenses: Vec<(u8, Point)> = Vec::new();
        // Diagonals in GNU Go's order: SW, NW, NE, SE.
        for (dr, dc) in [(1, -1), (-1, -1), (-1, 1), (1, 1)] {
            let (r, c) = (row + dr, col + dc);
            let off = usize::from(r < 0 || r >= size) + usize::from(c < 0 || c >= size);
            if off > 0 {
                // One coordinate off the board counts 1, both (off the
                // corner) 0.
                sum += (off % 2) as f32;
                continue;
            }
            let q = Point::new(r as usize, c as usize);
            let (val, key) = self.diagonal_value(board, reader, worms, q, color);
            sum += val;
            if val > 0.0 && val < 2.0 {
                if let Some((attack, defense)) = key {
                    let (arank, drank) = if val == 1.0 {
                        (3, 3)
                    } else if val < 1.0 {
                        (2, 1)
                    } else {
                        (1, 2)
                    };
                    let at = attacks
                        .iter()
                        .position(|&(r, _)| r < arank)
                        .unwrap_or(attacks.len());
                    attacks.insert(at, (arank, attack));
                    let at = defenses
                        .iter()
                        .position(|&(r, _)| r < drank)
                        .unwrap_or(defenses.len());
                    defenses.insert(at, (drank, defense));
                }
            }
        }
        HalfEye {
            kind: EyeTopology::Proper,
            value: sum,
            attack_tiers: tiers_of(&attacks, |&(rank, _)| rank),
            defense_tiers: tiers_of(&defenses, |&(rank, _)| rank),
            attack_points: attacks.into_iter().map(|(_, q)| q).collect(),
            defense_points: defenses.into_iter().map(|(_, q)| q).collect(),
        }
    }

    /// GNU Go `evaluate_diagonal_intersection` for an on-board diagonal
    /// `q`: 0 when `color` controls it, 2 when the opponent does, 1 when
    /// either can take it, 3/4 or 5/4 when one side needs a ko. Returns the
    /// attack and defence key points of an unsettled diagonal.
    fn diagonal_value(
        &self,
        board: &mut Board,
        reader: &mut Reader,
        worms: &WormTable,
        q: Point,
        color: Color,
    ) -> (f32, Option<(Point, Point)>) {
        let other = color.opponent();
        // Points of the own eye spaces count as controlled, unless they are
        // marginal, next to two margins, or a capture for the opponent.
        if let Some(e) = self.map(color).point(q) {
            if !e.marginal
                && e.marginal_neighbors < 2
                && !(board.is_empty(q) && board.does_capture_something(q, other))
            {
                return (0.0, None);
            }
        }
        match board.color_at(q) {
            None => {
                let theirs = reader.safe_move(board, q, other);
                let val = match theirs {
                    ReadResult::Fail => 0.0,
                    ReadResult::Win => match reader.safe_move(board, q, color) {
                        ReadResult::Fail => 2.0,
                        ReadResult::Win => 1.0,
                        _ => KO_BAD,
                    },
                    _ => KO_GOOD,
                };
                (val, Some((q, q)))
            }
            Some(c) if c == color => (0.0, None),
            Some(_) => {
                let Some(st) = worms.get(q) else {
                    return (0.0, None);
                };
                let val = match (st.attack, st.defense) {
                    (ReadResult::Fail, _) => 2.0,
                    (_, ReadResult::Fail) => 0.0,
                    (ReadResult::Win, ReadResult::Win) => 1.0,
                    (ReadResult::Win, _) => KO_GOOD,
                    (_, ReadResult::Win) => KO_BAD,
                    _ => 1.0,
                };
                // Attacking the half eye means defending the stone on the
                // diagonal, and the other way round.
                let key = st.defense_point.zip(st.attack_point);
                (val, key)
            }
        }
    }

    /// Compute the value and vital points of every eye space of `color`
    /// (GNU Go `compute_eyes` / `read_eye`).
    fn evaluate_spaces(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        solver: &mut EyeSolver,
        color: Color,
    ) {
        self.evaluate_spaces_where(board, reader, solver, color, &|_, _| true);
    }

    /// [`EyeAnalysis::evaluate_spaces`] for the spaces whose origin
    /// satisfies `keep`.
    fn evaluate_spaces_where(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        solver: &mut EyeSolver,
        color: Color,
        keep: &dyn Fn(&EyeMap, Point) -> bool,
    ) {
        // One pass in index order: a space's origin is its first point
        // (`eye_map` starts each space at its first point), so the origin
        // opens the space's list before its other points join it.
        let mut spaces: Vec<Vec<Point>> = Vec::new();
        let mut slot = [u16::MAX; BOARD_ARRAY];
        for p in board.points() {
            let Some(e) = self.map(color).point(p) else {
                continue;
            };
            if e.origin == p {
                if keep(self.map(color), p) {
                    slot[p.idx()] = spaces.len() as u16;
                    spaces.push(vec![p]);
                }
            } else if let Some(space) = spaces.get_mut(slot[e.origin.idx()] as usize) {
                space.push(p);
            }
        }
        let evaluated: Vec<EyeSpace> = spaces
            .into_iter()
            .map(|points| self.evaluate_space(board, reader, solver, color, points))
            .collect();
        self.map_mut(color).spaces = evaluated;
    }

    /// The value of one eye space.
    fn evaluate_space(
        &self,
        board: &mut Board,
        reader: &mut Reader,
        solver: &mut EyeSolver,
        color: Color,
        points: Vec<Point>,
    ) -> EyeSpace {
        let map = self.map(color);
        let marginals = points
            .iter()
            .filter(|&&p| map.point(p).is_some_and(|e| e.marginal))
            .count();
        let mut space = EyeSpace {
            color,
            origin: points[0],
            marginals,
            value: estimate(points.len(), marginals),
            exact: false,
            attack_point: None,
            defense_point: None,
            attack_points: Vec::new(),
            defense_points: Vec::new(),
            attack_tiers: Vec::new(),
            defense_tiers: Vec::new(),
            points,
        };
        let half_eyes: Vec<Point> = space
            .points
            .iter()
            .copied()
            .filter(|&p| {
                self.half_eye(p)
                    .is_some_and(|h| h.kind == EyeTopology::Half)
            })
            .collect();
        let Some(mut best) = self.solve_space(board, solver, color, &space.points, &half_eyes)
        else {
            return space;
        };
        // A half eye that is one only through a ko: try it as a proper
        // point too and keep that if it makes more eyes (GNU Go
        // `read_eye`). Two such kos cannot both be won.
        let ko_half: Vec<Point> = half_eyes
            .iter()
            .copied()
            .filter(|&p| self.half_eye(p).is_some_and(|h| h.value < 3.0))
            .collect();
        if let [ko] = ko_half[..] {
            let rest: Vec<Point> = half_eyes.iter().copied().filter(|&p| p != ko).collect();
            if let Some(alt) = self.solve_space(board, solver, color, &space.points, &rest) {
                if alt.value.max_eyes() > best.value.max_eyes() {
                    best = alt;
                }
            }
        }
        space.value = best.value;
        space.exact = true;
        space.attack_points = best.attacks;
        space.defense_points = best.defenses;
        space.attack_tiers = best.attack_tiers;
        space.defense_tiers = best.defense_tiers;
        space.attack_point = space.attack_points.first().copied();
        // Prefer a defence the owner can play safely (GNU Go: compare
        // white T8 and T6 in lazarus:21).
        let mut defense = space.defense_points.first().copied();
        for &d in &space.defense_points {
            if board.is_empty(d) && reader.safe_move(board, d, color) == ReadResult::Win {
                defense = Some(d);
                break;
            }
        }
        space.defense_point = defense;
        space
    }

    /// Build the graph of an eye space and solve it; `None` when it is too
    /// big. Returns the value with the vital moves as board points.
    fn solve_space(
        &self,
        board: &Board,
        solver: &mut EyeSolver,
        color: Color,
        points: &[Point],
        half_eyes: &[Point],
    ) -> Option<SpaceSolution> {
        let n = points.len() + half_eyes.len();
        if n > EXACT_LIMIT.min(MAX_VERTICES) {
            return None;
        }
        let color_map = self.map(color);
        let mut g = EyeGraph::new(n);
        // Vertex i < points.len() is points[i]; the others are the key
        // points of the half eyes, in order.
        for (i, &p) in points.iter().enumerate() {
            if color_map.point(p).is_some_and(|e| e.marginal) {
                g.set_marginal(i);
            }
            if board.is_stone(p) {
                g.set_stone(i);
            }
            // Next to the owner's stones outside the space: an owner's
            // stone here is connected to them.
            if p.neighbors()
                .iter()
                .any(|&q| board.cell(q).is(color) && color_map.point(q).is_none())
            {
                g.set_wall(i);
            }
            for (j, &q) in points.iter().enumerate().skip(i + 1) {
                if p.neighbors().contains(&q) {
                    g.add_edge(i, j);
                }
            }
        }
        for (k, &h) in half_eyes.iter().enumerate() {
            let v = points.len() + k;
            g.set_marginal(v);
            g.set_wall(v);
            g.set_key_point(v);
            if let Some(i) = points.iter().position(|&p| p == h) {
                g.add_edge(i, v);
            }
            // A key point of the half eye that is also a point of the
            // space: one move does both.
            if let Some(he) = self.half_eye(h) {
                for (i, p) in points.iter().enumerate() {
                    if he.defense_points.contains(p) {
                        g.link_owner_move(i, v);
                    }
                    if he.attack_points.contains(p) {
                        g.link_attacker_move(i, v);
                    }
                }
            }
        }
        let sol = solver.solve_remembered(&g);
        log::debug!(
            "eye space at {:?}: {} vertices, {} nodes, {:?}",
            points[0],
            n,
            solver.nodes(),
            sol.as_ref().map(|s| s.value)
        );
        let sol = sol?;
        let to_points = |vs: &[usize], tiers: &[u8], attack: bool| -> (Vec<Point>, Vec<u8>) {
            let mut out: Vec<Point> = Vec::new();
            let mut out_tiers: Vec<u8> = Vec::new();
            for (&v, &tier) in vs.iter().zip(tiers) {
                let pts: Vec<Point> = if v < points.len() && board.is_stone(points[v]) {
                    // The owner captures dead stones whose liberties are
                    // outside the space.
                    board
                        .liberties_sorted(points[v])
                        .into_iter()
                        .take(1)
                        .collect()
                } else if v < points.len() {
                    vec![points[v]]
                } else {
                    let h = half_eyes[v - points.len()];
                    let he = self.half_eye(h);
                    he.map(|he| {
                        if attack {
                            he.attack_points.clone()
                        } else {
                            he.defense_points.clone()
                        }
                    })
                    .unwrap_or_default()
                };
                for p in pts {
                    if !out.contains(&p) {
                        out.push(p);
                        out_tiers.push(tier);
                    }
                }
            }
            (out, out_tiers)
        };
        let (attacks, attack_tiers) = to_points(&sol.attacks, &sol.attack_tiers, true);
        let (defenses, defense_tiers) = to_points(&sol.defenses, &sol.defense_tiers, false);
        Some(SpaceSolution {
            value: sol.value,
            attacks,
            defenses,
            attack_tiers,
            defense_tiers,
        })
    }
}

/// A solved eye space in board terms.
struct SpaceSolution {
    value: EyeValue,
    attacks: Vec<Point>,
    defenses: Vec<Point>,
    attack_tiers: Vec<u8>,
    defense_tiers: Vec<u8>,
}

/// The value assumed for an eye space too big to search (GNU Go
/// `compute_eyes`' fallback): with `size` points of which `marginals` are
/// marginal, `size - 2 * marginals` above 3 counts as two eyes, above 0 as
/// one, else none. Large spaces are nearly always two eyes unless they
/// are mostly margin.
pub fn estimate(size: usize, marginals: usize) -> EyeValue {
    let net = size as isize - 2 * marginals as isize;
    if net > 3 {
        EyeValue::settled(2)
    } else if net > 0 {
        EyeValue::settled(1)
    } else {
        EyeValue::settled(0)
    }
}

/// Both colours' domains (GNU Go `black_domain`, `white_domain`), with
/// the colour of the lively stone on each point.
struct Domains {
    black: Vec<bool>,
    white: Vec<bool>,
    /// The colour of a lively stone on the point (border and empty cells,
    /// and stones that are not lively, `None`).
    lively: [Option<Color>; BOARD_ARRAY],
}

impl Domains {
    /// GNU Go `compute_primary_domains` for both colours (black first:
    /// the false margins are found on the first pass and apply to both).
    fn compute(board: &mut Board, reader: &mut Reader, worms: &WormTable) -> Domains {
        // Looked up once per point: the owl and the semeai ask for the
        // domains at every node they judge.
        // With the colours of the lively stones next to each point (bit 1:
        // black, bit 2: white), for both colours' domains.
        let mut lively = [None::<Color>; BOARD_ARRAY];
        let mut lively_next = [0u8; BOARD_ARRAY];
        for p in board.points() {
            if !worms.is_lively(p) {
                continue;
            }
            if let Some(c) = board.color_at(p) {
                lively[p.idx()] = Some(c);
                for q in p.neighbors() {
                    lively_next[q.idx()] |= color_bit(c);
                }
            }
        }
        let mut false_margins = [false; BOARD_ARRAY];
        let black = primary_domain(
            board,
            reader,
            worms,
            (&lively, &lively_next),
            Color::Black,
            &mut false_margins,
            true,
        );
        let white = primary_domain(
            board,
            reader,
            worms,
            (&lively, &lively_next),
            Color::White,
            &mut false_margins,
            false,
        );
        Domains {
            black,
            white,
            lively,
        }
    }

    fn of(&self, color: Color) -> &[bool] {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The eye points of `color` and their eye spaces (the second half of
    /// GNU Go `make_domains`, `originate_eye`, `count_neighbours`).
    fn eye_map(&self, board: &Board, color: Color) -> EyeMap {
        let mine = self.of(color);
        let theirs = self.of(color.opponent());
        // The domains, the membership and the points below are false or
        // `None` off the board, so no on-board tests are needed.
        let only = |q: Point, a: &[bool], b: &[bool]| a[q.idx()] && !b[q.idx()];
        // Eye membership and marginality.
        // The eye points in index order, for the walks below (a few of
        // the board's points).
        let mut members: Vec<Point> = Vec::with_capacity(board.size() * board.size());
        let mut member = [false; BOARD_ARRAY];
        let mut marginal = [false; BOARD_ARRAY];
        for p in board.points() {
            if self.lively[p.idx()].is_some() {
                continue;
            }
            let (m, t) = (mine[p.idx()], theirs[p.idx()]);
            if m && !t {
                member[p.idx()] = true;
                marginal[p.idx()] = p.neighbors().iter().any(|&q| only(q, theirs, mine));
                members.push(p);
            } else if m && t && p.neighbors().iter().any(|&q| only(q, mine, theirs)) {
                member[p.idx()] = true;
                marginal[p.idx()] = true;
                members.push(p);
            }
        }
        // Eye spaces: connected eye points; two marginal points do not
        // connect directly. Each space starts at its first point in index
        // order.
        let mut points: Vec<Option<EyePoint>> = vec![None; BOARD_ARRAY];
        let mut stack: Vec<Point> = Vec::new();
        for &start in &members {
            if points[start.idx()].is_some() {
                continue;
            }
            stack.clear();
            stack.push(start);
            points[start.idx()] = Some(EyePoint {
                origin: start,
                marginal: marginal[start.idx()],
                neighbors: 0,
                marginal_neighbors: 0,
            });
            while let Some(p) = stack.pop() {
                for q in p.neighbors() {
                    if member[q.idx()]
                        && points[q.idx()].is_none()
                        && !(marginal[p.idx()] && marginal[q.idx()])
                    {
                        points[q.idx()] = Some(EyePoint {
                            origin: start,
                            marginal: marginal[q.idx()],
                            neighbors: 0,
                            marginal_neighbors: 0,
                        });
                        stack.push(q);
                    }
                }
            }
        }
        for &p in &members {
            let Some(e) = points[p.idx()] else { continue };
            let (mut n, mut mn) = (0, 0);
            for q in p.neighbors() {
                if let Some(f) = points[q.idx()] {
                    if f.origin == e.origin {
                        n += 1;
                        mn += u8::from(f.marginal);
                    }
                }
            }
            points[p.idx()] = Some(EyePoint {
                neighbors: n,
                marginal_neighbors: mn,
                ..e
            });
        }
        EyeMap {
            color,
            points,
            spaces: Vec::new(),
        }
    }
}

/// GNU Go `false_margin`: an empty point next to stones of both colours
/// that the opponent of `color` cannot play safely, although it touches one
/// of their uncapturable chains and one of their capturable ones. It
/// belongs to no eye space (the space reads `(X)`, not `(X!)`).
fn false_margin(
    board: &mut Board,
    reader: &mut Reader,
    worms: &WormTable,
    p: Point,
    color: Color,
) -> bool {
    let other = color.opponent();
    let nbrs = p.neighbors();
    let touches = |c: Color| nbrs.iter().any(|&q| board.cell(q).is(c));
    if !touches(color) || !touches(other) {
        return false;
    }
    let theirs = || nbrs.iter().copied().filter(|&q| board.cell(q).is(other));
    if theirs().all(|q| worms.is_lively(q)) {
        return false;
    }
    let potential = theirs().any(|q| {
        worms
            .get(q)
            .is_some_and(|st| st.is_lively() && st.attack == ReadResult::Fail)
    });
    potential && reader.safe_move(board, p, other) == ReadResult::Fail
}

/// A colour's bit in a set of colours.
fn color_bit(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// GNU Go `compute_primary_domains` for one colour: its lively stones,
/// their neighbours (false margins excepted), and points reached by
/// influence through an orthogonal and an adjacent diagonal neighbour.
fn primary_domain(
    board: &mut Board,
    reader: &mut Reader,
    worms: &WormTable,
    (lively, lively_next): (&[Option<Color>; BOARD_ARRAY], &[u8; BOARD_ARRAY]),
    color: Color,
    false_margins: &mut [bool],
    first: bool,
) -> Vec<bool> {
    let mut domain = vec![false; BOARD_ARRAY];
    // The working maps live on the stack: the owl and the semeai ask for
    // the domains at every node they judge.
    let mut influence = [0i8; BOARD_ARRAY];
    let mut threshold = [0i8; BOARD_ARRAY];
    let mut open: Vec<Point> = Vec::with_capacity(board.size() * board.size());
    let mut open_point = [false; BOARD_ARRAY];
    for p in board.points() {
        if let Some(c) = lively[p.idx()] {
            if c == color {
                domain[p.idx()] = true;
                influence[p.idx()] = 1;
            } else {
                influence[p.idx()] = -1;
            }
            continue;
        }
        let lively_nbr = |c: Color| lively_next[p.idx()] & color_bit(c) != 0;
        let (own, enemy) = (lively_nbr(color), lively_nbr(color.opponent()));
        if own {
            if first {
                if board.is_empty(p)
                    && (false_margin(board, reader, worms, p, color)
                        || false_margin(board, reader, worms, p, color.opponent()))
                {
                    false_margins[p.idx()] = true;
                } else {
                    domain[p.idx()] = true;
                    influence[p.idx()] = 1;
                }
            } else if board.is_stone(p) || !false_margins[p.idx()] {
                domain[p.idx()] = true;
                influence[p.idx()] = 1;
            }
        } else {
            open.push(p);
            open_point[p.idx()] = true;
        }
        if enemy {
            threshold[p.idx()] = 1;
            influence[p.idx()] -= 1;
        } else if is_edge(board, p) {
            influence[p.idx()] -= 1;
        }
    }
    // Spread until nothing changes: a point joins when an orthogonal
    // neighbour and a diagonal next to it carry enough influence together.
    // Joining only raises influence, so the points that join do not depend
    // on the order they are looked at: an open point is looked at first
    // if a point next to it (orthogonally or diagonally) has influence
    // (a pair without a point of positive influence cannot carry enough:
    // thresholds are 0 or 1), and again whenever a point next to it has
    // joined since.
    let reaches = |p: Point, influence: &[i8]| {
        let [s, w, n, e] = p.neighbors();
        let [sw, nw, ne, se] = p.diagonals();
        // Off-board cells are never written: their influence is 0.
        let inf = |q: Point| influence[q.idx()];
        let limit = threshold[p.idx()];
        // Each on-board diagonal pairs with the two orthogonal neighbours
        // next to it; the stronger of the two decides.
        let pair = |a: Point, b: Point, diagonal: Point| {
            board.on_board(diagonal) && inf(a).max(inf(b)) + inf(diagonal) > limit
        };
        pair(s, e, se) || pair(s, w, sw) || pair(n, w, nw) || pair(n, e, ne)
    };
    let mut waiting = [false; BOARD_ARRAY];
    let mut queue = open;
    queue.retain(|&p| {
        let near_influence = p
            .neighbors()
            .into_iter()
            .chain(p.diagonals())
            .any(|q| influence[q.idx()] > 0);
        waiting[p.idx()] = near_influence;
        near_influence
    });
    while let Some(p) = queue.pop() {
        waiting[p.idx()] = false;
        if domain[p.idx()] || !reaches(p, &influence) {
            continue;
        }
        domain[p.idx()] = true;
        influence[p.idx()] += 1;
        for q in p.neighbors().into_iter().chain(p.diagonals()) {
            // (Only on-board points are open.)
            if open_point[q.idx()] && !domain[q.idx()] && !waiting[q.idx()] {
                waiting[q.idx()] = true;
                queue.push(q);
            }
        }
    }
    domain
}

#[cfg(test)]
mod tests;
