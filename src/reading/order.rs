//! Move ordering for the reader: the most likely move first (GNU Go
//! `order_moves` in `engine/reading.c`; the weights are our own).
//!
//! Each untried candidate is scored by what it would do, read off the
//! board without playing it (GNU Go orders statically too): liberties of
//! the target afterwards, liberties of the new stone (`accuratelib`),
//! stones captured, attacking stones put into atari, empty neighbours, the
//! first line. The attacker prefers moves that take liberties and capture
//! while staying out of atari, above all the liberty where the defender
//! would gain the most room by extending (its best point), and moves that
//! rescue its own stones in atari; it avoids ko captures and points where
//! the defender could not play either. The defender prefers moves that
//! give the target the most liberties, moves that atari an attacker and
//! connecting moves that also rescue its own stones in atari; both prefer
//! open points off the edge. The generators' base scores are added, a
//! killer move (the answer that worked in a sibling variation, GNU Go's
//! `killer` argument) gets a bonus, and ties keep the generators' proposal
//! order. A single candidate is not scored.
//!
//! The weights are our own, fitted by coordinate descent on the node
//! counts of every attack / defend query on the positions of GNU Go's
//! reading, connection, connect, capture and break-in suites; the
//! defender's-best-point scores and the defender's atari bonus were set
//! on the fitting half of the held-out sweep (`scripts/held-out-sweep.sh`)
//! and checked on its checking half, as were (2026-11-29) the rising
//! defender's-point table and the attacker's per-stone rescue bonus.

use super::libs::{accuratelib_scanned, approxlib, approxlib_scanned};
use super::moves::{CandidateMoves, MAX_CANDIDATES};
use crate::board::{Board, Cell, ChainId, Color, Point, PointSet};

/// Which side the ordering is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The attacker of the target chain moves.
    Attack,
    /// The owner of the target chain moves.
    Defend,
}

/// The untried candidates of `acc` (those not in `tried`), best first;
/// `killer` (when one of them) gets `KILLER_SCORE`. Every candidate
/// joins the reading shadow, as if it had been tried (the ordering looks
/// at its surroundings). Ties keep the proposal order. Allocates nothing.
pub fn order_moves(
    board: &mut Board,
    s: Point,
    mover: Color,
    side: Side,
    acc: &CandidateMoves,
    tried: &PointSet,
    killer: Option<Point>,
) -> impl Iterator<Item = Point> {
    // Points and scores in two arrays (a pair array has padding and is
    // cleared store by store); only the points travel back to the caller
    // (its frame stays small across the recursion).
    let mut points = [Point::NONE; MAX_CANDIDATES];
    let mut scores = [0i32; MAX_CANDIDATES];
    let mut n = 0;
    for (p, base) in acc.entries() {
        if tried.contains(p) || points[..n].contains(&p) || !board.on_board(p) {
            continue;
        }
        if !board.is_empty(p) {
            continue;
        }
        board.extend_shadow([p]);
        points[n] = p;
        scores[n] = base;
        n += 1;
    }
    // A single candidate needs no score.
    if n >= 2 {
        for (&p, score) in points[..n].iter().zip(&mut scores[..n]) {
            *score += evaluate(board, s, p, mover, side);
            if Some(p) == killer {
                *score += KILLER_SCORE;
            }
        }
        // Stable insertion sort, best first: ties keep the proposal order.
        for k in 1..n {
            let (p, score) = (points[k], scores[k]);
            let mut i = k;
            while i > 0 && scores[i - 1] < score {
                points[i] = points[i - 1];
                scores[i] = scores[i - 1];
                i -= 1;
            }
            points[i] = p;
            scores[i] = score;
        }
    }
    points.into_iter().take(n)
}

/// The most liberties [`MoveEffect::own_libs`] counts: no score looks
/// further (the defender's liberty score stops at six).
const OWN_LIBS_CAP: usize = 6;

/// What a move by `mover` at empty `p` would do, read off the board
/// without playing it.
struct MoveEffect {
    /// Liberties of the mover's chain through `p` afterwards, at most
    /// [`OWN_LIBS_CAP`].
    own_libs: i32,
    /// Stones captured.
    captured: i32,
    /// Liberties of the target chain afterwards (0: captured; at most
    /// [`OWN_LIBS_CAP`] when the mover owns the target and joins it).
    target_libs: i32,
    /// Stones of the target chain afterwards (0: captured).
    target_size: i32,
    /// Opponent stones other than the target put in atari (0 when the
    /// move is a self-atari).
    threatened: i32,
    /// Stones of the mover's own chains in atari, other than the target,
    /// that the move joins to the target and so rescues (0 when the move
    /// is a self-atari or does not touch the target).
    saved: i32,
    /// Empty neighbours of `p`.
    open: i32,
    /// `p` is on the first line.
    edge: bool,
    /// The move touches the target chain.
    touches: bool,
    /// The mover has a stone next to `p`.
    own_neighbor: bool,
    /// Stones of the mover's chains in atari (other than the target) that
    /// the move rescues: next to `p` when the move is not a self-atari,
    /// or next to a chain it captures.
    rescued: i32,
    /// The distinct opponent chains next to `p` (gathered for the
    /// attacker only: it counts the defender's liberties at `p`).
    opponents: ChainSet,
}

/// The distinct chains met around a point, up to four: one stone of each
/// and its chain record id (valid while the board does not change).
struct ChainSet {
    stones: [Point; 4],
    ids: [ChainId; 4],
    n: usize,
}

impl ChainSet {
    fn new() -> ChainSet {
        ChainSet {
            stones: [Point::NONE; 4],
            ids: [0; 4],
            n: 0,
        }
    }

    /// Is the chain with record `id` in the set?
    fn contains(&self, id: ChainId) -> bool {
        self.ids[..self.n].contains(&id)
    }

    /// Add the chain of the stone `q` (record `id`); false when it was in
    /// the set already.
    fn insert(&mut self, q: Point, id: ChainId) -> bool {
        if self.contains(id) {
            return false;
        }
        self.stones[self.n] = q;
        self.ids[self.n] = id;
        self.n += 1;
        true
    }

    /// One stone of each chain, in the order they were added.
    fn stones(&self) -> &[Point] {
        &self.stones[..self.n]
    }
}

/// The effect of `mover` playing at `p` on itself and on the target
/// chain `s`, or `None` when the move is suicide.
///
/// With `side` given, only what [`evaluate`] reads for that side is
/// exact (the scores come out the same; the unit tests compare them
/// with the full effect's): the attacker reads `own_libs` only through
/// `min(4)`, `<= 1` and `== 1`, so counting stops at four; the defender
/// reads it only through `<= 1` unless it joins the target (then it is
/// `target_libs`, read up to six), so counting stops at two; the
/// attacker never reads `threatened` or `saved`, the defender never
/// reads `rescued`. With `None` every field is exact (as documented on
/// [`MoveEffect`]) and `opponents` is empty.
#[inline(always)]
fn effect(
    board: &Board,
    s: Point,
    p: Point,
    mover: Color,
    side: Option<Side>,
) -> Option<MoveEffect> {
    let attack = side == Some(Side::Attack);
    let defend = side == Some(Side::Defend);
    let own = Cell::stone(mover);
    let other = Cell::stone(mover.opponent());
    // Chains are told apart by record id, each neighbour's record read
    // once (the board does not change here).
    let target = board.chain_id(s);
    let mut captured_chains = ChainSet::new();
    let mut captured = 0;
    let mut friends = ChainSet::new();
    let mut touches_target = false;
    let mut threatened = 0;
    let mut threatened_chains = ChainSet::new();
    let mut opponents = ChainSet::new();
    let mut saved = 0;
    let mut open = 0;
    let mut edge = false;
    // Not suicide (`Board::is_suicide`, read in the same pass): an empty
    // neighbour, a friendly chain with a liberty besides `p`, or a
    // capture.
    let mut legal = false;
    for q in p.neighbors() {
        let cell = board.cell(q);
        if cell == Cell::Empty {
            open += 1;
            legal = true;
            continue;
        }
        if cell == Cell::Border {
            edge = true;
            continue;
        }
        let id = board.chain_id(q);
        let chain = board.chain(q);
        let libs = chain.n_libs;
        let size = chain.size as i32;
        let in_target = id == target;
        if cell == other {
            if attack {
                opponents.insert(q, id);
            }
            if libs == 2 && !attack && !in_target && threatened_chains.insert(q, id) {
                threatened += size;
            }
            if libs == 1 {
                legal = true;
                if captured_chains.insert(q, id) {
                    captured += size;
                }
            }
        } else {
            debug_assert!(cell == own);
            if libs > 1 {
                legal = true;
            }
            if friends.insert(q, id) && libs == 1 && !in_target {
                saved += size;
            }
        }
        if in_target {
            touches_target = true;
        }
    }
    if !legal {
        return None;
    }
    // Scores look at no more than six liberties: counting stops there
    // (earlier when the side reads less, see above).
    // The neighbours were looked at above: the count starts from that.
    let target_color = board.chain(s).color;
    let own_cap = if target_color == mover && touches_target {
        OWN_LIBS_CAP
    } else if attack {
        4
    } else if defend {
        2
    } else {
        OWN_LIBS_CAP
    };
    let own_libs = accuratelib_scanned(
        board,
        p,
        mover,
        own_cap,
        open as usize,
        friends.stones(),
        !captured_chains.stones().is_empty(),
    ) as i32;
    let mut rescued = 0;
    if own_libs > 1 && !defend {
        for (&f, &id) in friends.stones().iter().zip(&friends.ids) {
            if board.countlib(f) == 1 && id != target {
                rescued += board.chain_size(f) as i32;
            }
        }
    }
    if !captured_chains.stones().is_empty() && !defend {
        // Own chains in atari next to a captured chain get its stones'
        // points as liberties (each counted once).
        let mut counted = [Point::NONE; 8];
        let mut n_counted = 0;
        for &c in captured_chains.stones() {
            for a in board.adjacent_chain_list(c, 1) {
                if friends.contains(board.chain_id(a)) || counted[..n_counted].contains(&a) {
                    continue;
                }
                if n_counted < counted.len() {
                    counted[n_counted] = a;
                    n_counted += 1;
                }
                rescued += board.chain_size(a) as i32;
            }
        }
    }
    if own_libs <= 1 || !touches_target {
        saved = 0;
    }
    if own_libs <= 1 {
        threatened = 0;
    }
    let (target_libs, target_size) = if target_color != mover {
        // The mover attacks: it takes the liberty `p`, or captures.
        let libs = board.countlib(s) as i32;
        if touches_target && libs == 1 {
            (0, 0)
        } else {
            (libs - touches_target as i32, board.chain_size(s) as i32)
        }
    } else if touches_target {
        // The target grows through `p`, joining the other friends.
        let joined: i32 = friends
            .stones()
            .iter()
            .zip(&friends.ids)
            .filter(|&(_, &id)| id != target)
            .map(|(&f, _)| board.chain_size(f) as i32)
            .sum();
        (own_libs, board.chain_size(s) as i32 + 1 + joined)
    } else {
        // The target gains the captured stones next to it.
        let mut gained = 0;
        for &c in captured_chains.stones() {
            for q in board.stones(c) {
                if q.neighbors().iter().any(|&n| board.same_chain(n, s)) {
                    gained += 1;
                }
            }
        }
        (
            board.countlib(s) as i32 + gained,
            board.chain_size(s) as i32,
        )
    };
    Some(MoveEffect {
        own_libs,
        captured,
        target_libs,
        target_size,
        threatened,
        saved,
        open,
        edge,
        touches: touches_target,
        own_neighbor: !friends.stones().is_empty(),
        rescued,
        opponents,
    })
}

/// Defender's bonus for putting attacking stones into atari, plus a
/// little per stone (up to four).
const DEFEND_ATARI_SCORE: i32 = 18;
const DEFEND_ATARI_PER_STONE: i32 = 2;
/// Defender's bonus for rescuing its own stones in atari, plus a little
/// per stone (up to four).
const DEFEND_SAVE_SCORE: i32 = 6;
const DEFEND_SAVE_PER_STONE: i32 = 1;
/// Per empty neighbour of the move.
const OPEN_SCORE: i32 = 2;
/// Attacker: per liberty the target keeps after the move.
const ATTACK_TARGET_LIB_PENALTY: i32 = 20;
/// Attacker, on a liberty of the target: by the liberties the defender
/// would have after extending there itself (0, 1, 2, 3, 4, 5 or more).
/// The point where the defender would gain the most room is the one to
/// take first (GNU Go weighs it too, rising with every liberty); a point
/// where it would gain one or two liberties can wait, as the defender
/// gets little from it (below the generators' order, not only flat).
/// A steeper, non-monotone table ([0, -4, -4, -2, 2, 20]) changed ko
/// answers; [0, 0, 0, 3, 8, 16] changed one known ko answer (README,
/// held-out sweep: gorimutyu's `defend C18`, a ko the defender cannot
/// win). This one was set on the held-out sweep's fitting half.
const ATTACK_DEFENDER_POINT_SCORE: [i32; 6] = [0, -8, -4, 6, 10, 18];
/// Attacker: the defender could not use this liberty either (it would be
/// left with one liberty there), and the move is no safe atari.
const ATTACK_USELESS_LIB_PENALTY: i32 = 14;
/// Attacker: an atari on a two-liberty target without self-atari.
const ATTACK_SAFE_ATARI_SCORE: i32 = 4;
/// Attacker: rescuing its own stones in atari, plus per stone (up to
/// five), each stone worth half a liberty the target keeps
/// ([`ATTACK_TARGET_LIB_PENALTY`]): captured, the chain gives the target
/// a liberty for each of its stones next to it, and room besides.
const ATTACK_RESCUE_SCORE: i32 = 16;
const ATTACK_RESCUE_PER_STONE: i32 = 8;
/// Attacker: capturing, plus per stone (up to five).
const ATTACK_CAPTURE_SCORE: i32 = 7;
/// Attacker: a ko capture (one stone taken, one liberty left).
const ATTACK_KO_PENALTY: i32 = 15;
/// Defender: per liberty of the target afterwards (up to six).
const DEFEND_LIB_SCORE: i32 = 16;
/// Defender: capturing, plus per stone (up to five).
const DEFEND_CAPTURE_SCORE: i32 = 20;
/// The killer move: it worked in a sibling variation.
const KILLER_SCORE: i32 = 15;
/// Moves on the first line.
const EDGE_PENALTY: i32 = 4;

fn evaluate(board: &Board, s: Point, p: Point, mover: Color, side: Side) -> i32 {
    evaluate_with(board, s, p, mover, side, true)
}

/// The score of [`evaluate`]. With `trimmed` (the engine's way) the
/// effect computes only what `side` reads and the attacker's look at the
/// defender's liberties reuses its neighbour scan; without, every field
/// of the effect is exact and the defender's count is a fresh
/// [`approxlib`]: the reference the unit tests hold the trimmed score to.
#[inline(always)]
fn evaluate_with(
    board: &Board,
    s: Point,
    p: Point,
    mover: Color,
    side: Side,
    trimmed: bool,
) -> i32 {
    let Some(e) = effect(board, s, p, mover, trimmed.then_some(side)) else {
        return -1000;
    };
    // Both sides: room around the move, and the first line is worth less.
    let mut extra = OPEN_SCORE * e.open;
    if e.edge {
        extra -= EDGE_PENALTY;
    }
    // The defender likes moves that put an attacker into atari (they
    // gain a tempo) when not in atari themselves.
    if side == Side::Defend && e.threatened > 0 {
        extra += DEFEND_ATARI_SCORE + DEFEND_ATARI_PER_STONE * e.threatened.min(4);
    }
    // The defender likes connecting moves that also rescue its own stones
    // in atari (GNU Go has a save score): otherwise the attacker captures
    // them, taking that liberty of the target with a safe stone.
    if side == Side::Defend && e.saved > 0 {
        extra += DEFEND_SAVE_SCORE + DEFEND_SAVE_PER_STONE * e.saved.min(4);
    }
    let self_atari = e.own_libs <= 1;
    let (captured, own_libs, target_libs, target_size) =
        (e.captured, e.own_libs, e.target_libs, e.target_size);
    match side {
        Side::Attack => {
            let mut score = 0;
            if target_libs == 0 {
                return 1000;
            }
            score -= ATTACK_TARGET_LIB_PENALTY * target_libs;
            score += 3 * own_libs.min(4);
            if captured > 0 {
                score += ATTACK_CAPTURE_SCORE + 2 * captured.min(5);
            }
            if self_atari && captured == 0 {
                score -= 25;
            }
            if own_libs == 1 && captured == 1 {
                score -= ATTACK_KO_PENALTY;
            }
            // On a liberty of the target (a self-atari only when it may
            // be a snapback: a two-liberty target, no own stone next to
            // it): how much would the defender gain there?
            let string_libs = board.countlib(s);
            if e.touches && (!self_atari || (string_libs <= 2 && !e.own_neighbor)) {
                // The defender's chains next to `p` are the mover's
                // opponents gathered in `effect` (when the mover is not
                // the target's owner): the same count, the same look.
                let def_color = board.chain(s).color;
                let def_libs = if trimmed && def_color == mover.opponent() {
                    approxlib_scanned(
                        board,
                        p,
                        def_color,
                        5,
                        e.open as usize,
                        e.opponents.stones(),
                    )
                } else {
                    approxlib(board, p, def_color, 5)
                };
                let safe_atari = string_libs <= 2 && !self_atari;
                if def_libs <= 1 && e.rescued == 0 && !safe_atari {
                    score -= ATTACK_USELESS_LIB_PENALTY;
                }
                if safe_atari {
                    score += ATTACK_SAFE_ATARI_SCORE;
                }
                score += ATTACK_DEFENDER_POINT_SCORE[def_libs.min(5)];
            }
            if e.rescued > 0 {
                score += ATTACK_RESCUE_SCORE + ATTACK_RESCUE_PER_STONE * e.rescued.min(5);
            }
            score + extra
        }
        Side::Defend => {
            let mut score = DEFEND_LIB_SCORE * target_libs.min(6);
            if captured > 0 {
                score += DEFEND_CAPTURE_SCORE + 2 * captured.min(5);
            }
            if target_libs <= 1 {
                score -= 40;
            }
            if self_atari && captured == 0 {
                score -= 15;
            }
            // small preference for moves that keep the stones together
            score + target_size.min(3) + extra
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random game of `moves` tries on a `size` board, the colours
    /// alternating after each legal move, points drawn from `next`.
    fn random_game(next: &mut impl FnMut() -> u64, size: usize, moves: u64) -> Board {
        let mut board = Board::new(size);
        let mut color = Color::Black;
        for _ in 0..moves {
            let empties: Vec<Point> = board.points().filter(|&p| board.is_empty(p)).collect();
            let p = empties[(next() % empties.len() as u64) as usize];
            if board.play(p, color).is_ok() {
                color = color.opponent();
            }
        }
        board
    }

    /// The side-trimmed scoring equals the full one on random positions
    /// (19x19 and 9x9, every target, every empty point, both colours and
    /// both sides); through the attacker's look at the defender's
    /// liberties this holds `approxlib_scanned` to `approxlib`.
    #[test]
    fn trimmed_scores_match_the_full_effect() {
        let mut rng = crate::board::SplitMix64(0x9e37_79b9_7f4a_7c15u64);
        let mut next = move || rng.next_u64();
        let mut checked = 0;
        for game in 0..40 {
            let size = if game % 2 == 0 { 9 } else { 19 };
            let moves = if size == 9 {
                30 + next() % 60
            } else {
                100 + next() % 200
            };
            let board = random_game(&mut next, size, moves);
            let targets = board.chain_origins(None);
            let empties: Vec<Point> = board.points().filter(|&p| board.is_empty(p)).collect();
            for &s in targets.iter().take(12) {
                for &p in &empties {
                    for mover in [Color::Black, Color::White] {
                        for side in [Side::Attack, Side::Defend] {
                            assert_eq!(
                                evaluate(&board, s, p, mover, side),
                                evaluate_with(&board, s, p, mover, side, false),
                                "{side:?} {mover:?} at {p:?}, target {s:?}\n{board:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "only {checked} checked");
    }

    /// The effect read off the board equals what playing the move does,
    /// for every empty point, both colours and every target chain of
    /// random positions (ko captures included: tryko plays them).
    #[test]
    fn static_effect_matches_playing_the_move() {
        let mut rng = crate::board::SplitMix64(0x2545_f491_4f6c_dd1du64);
        let mut next = move || rng.next_u64();
        let mut checked = 0;
        for _game in 0..30 {
            let moves = 40 + next() % 50;
            let mut board = random_game(&mut next, 9, moves);
            let targets = board.chain_origins(None);
            let empties: Vec<Point> = board.points().filter(|&p| board.is_empty(p)).collect();
            for &s in &targets {
                for &p in &empties {
                    for mover in [Color::Black, Color::White] {
                        let e = effect(&board, s, p, mover, None);
                        let before = board.captures(mover);
                        // Opponent chains next to p with two liberties.
                        let mut two_libs: Vec<Point> = Vec::new();
                        for q in p.neighbors() {
                            if board.cell(q).is(mover.opponent())
                                && board.countlib(q) == 2
                                && !board.same_chain(q, s)
                                && !two_libs.iter().any(|&c| board.same_chain(c, q))
                            {
                                two_libs.push(q);
                            }
                        }
                        // Own chains in atari next to p, other than the target.
                        let mut in_atari: Vec<Point> = Vec::new();
                        for q in p.neighbors() {
                            if board.cell(q).is(mover)
                                && board.countlib(q) == 1
                                && !board.same_chain(q, s)
                                && !in_atari.iter().any(|&c| board.same_chain(c, q))
                            {
                                in_atari.push(q);
                            }
                        }
                        let touches = p.neighbors().iter().any(|&q| board.same_chain(q, s));
                        let in_atari_stones: i32 =
                            in_atari.iter().map(|&c| board.chain_size(c) as i32).sum();
                        let open = p.neighbors().iter().filter(|&&q| board.is_empty(q)).count();
                        let edge = p.neighbors().iter().any(|&q| board.cell(q) == Cell::Border);
                        if !(board.trymove(p, mover) || board.tryko(p, mover)) {
                            assert!(e.is_none(), "{p:?} playable?\n{board:?}");
                            continue;
                        }
                        let e = e.expect("legal move");
                        let captured = (board.captures(mover) - before) as i32;
                        let (mut libs, size) = if board.is_empty(s) {
                            (0, 0)
                        } else {
                            (board.countlib(s) as i32, board.chain_size(s) as i32)
                        };
                        if touches && board.chain(p).color == mover && board.same_chain(p, s) {
                            // The target is the mover's new chain: counted
                            // as its liberties, up to the cap.
                            libs = libs.min(OWN_LIBS_CAP as i32);
                        }
                        let own = board.countlib(p).min(OWN_LIBS_CAP) as i32;
                        let saved = if own > 1 && touches {
                            in_atari_stones
                        } else {
                            0
                        };
                        let mut threatened = 0;
                        if own > 1 {
                            for &c in &two_libs {
                                if board.is_stone(c) && board.countlib(c) == 1 {
                                    threatened += board.chain_size(c) as i32;
                                }
                            }
                        }
                        board.popgo();
                        assert_eq!(
                            (
                                e.own_libs,
                                e.captured,
                                e.target_libs,
                                e.target_size,
                                e.threatened,
                                e.saved,
                                e.open,
                                e.edge
                            ),
                            (
                                own,
                                captured,
                                libs,
                                size,
                                threatened,
                                saved,
                                open as i32,
                                edge
                            ),
                            "{mover:?} at {p:?}, target {s:?}\n{board:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 15_000, "only {checked} checked");
    }
}
