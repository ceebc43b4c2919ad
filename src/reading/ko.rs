//! Ko in reading: the komaster scheme that decides which ko captures the
//! search may make, so that ko fights terminate and their outcome is
//! reported as KO_A / KO_B (GNU Go `board.c`: `komaster_trymove`, the
//! manual's "Ko Handling" and "Alternate Komaster Schemes" sections).
//!
//! The state is a small value, [`KoState`], carried down the recursion:
//! every hypothetical move made through [`komaster_trymove`] returns the
//! state that holds after it, and the caller's state is back in force when
//! that move is popped, so the komaster is pushed and popped with the move
//! stack. Which captures are allowed is decided by a [`KomasterScheme`],
//! chosen at run time (`--komaster-scheme N`; GNU Go chose one at compile
//! time and kept only scheme 5 from 3.5.1 on). O is the side to move, X
//! its opponent. The default, scheme 5 (GNU Go's "complex scheme"):
//!
//! 1. EMPTY: an unconditional ko capture is allowed; if the previous move
//!    was a ko capture too the state becomes WEAK_KO with `kom_pos` the old
//!    ko point. A conditional capture (tryko) makes O komaster with
//!    `kom_pos` at the captured stone.
//! 2. O is komaster: only nested ko captures (captured stone diagonal to
//!    `kom_pos`), which move `kom_pos`; when O fills the ko at `kom_pos`
//!    (or it is no longer a ko and X could not play there) the state
//!    reverts to EMPTY.
//! 3. X is komaster: O may not play at `kom_pos`; any other ko capture
//!    makes the state GRAY_X.
//! 4. GRAY: no ko captures; reverts to EMPTY when the ko at `kom_pos` is
//!    filled.
//! 5. WEAK_KO: reverts to EMPTY after a non-ko move; an unconditional ko
//!    capture only if nested; conditional captures as in 1.
//!
//! The reversion to EMPTY of 2 and 4 is checked before every move,
//! whoever made the move that settled the ko (GNU Go 3.8 checks it only
//! after the komaster's own non-ko moves). [`fill_dooms_target`] serves
//! the defender's side (`defend.rs`): a ko the defender can never fill
//! without leaving its string in atari is no defence unless the tempo can
//! be used elsewhere (the manual's ko5.sgf example).
//!
//! The alternatives, as the manual describes them (numbers as in GNU Go
//! 3.4's `board.c`; scheme 4 is in neither the manual nor 3.8 and is not
//! offered):
//!
//! - scheme 1, the manual's "Ko Handling" summary: scheme 5 without
//!   WEAK_KO, and a GRAY that does not remember whose ko it was (it reverts
//!   to EMPTY when the ko at `kom_pos` is filled, or is no ko for either
//!   side and suicide for one of them);
//! - scheme 2, "essentially the 2.7.232 scheme": a conditional capture
//!   only while EMPTY (O becomes komaster); afterwards unconditional ko
//!   captures are free except X's at `kom_pos`, and the state never
//!   changes again in that line;
//! - scheme 3, "revised 2.7.232": as 2, but the komaster may take kos
//!   (conditionally too) as long as the move leaves no ko for X at
//!   `kom_pos`, and `kom_pos` then follows to the new ko.

use super::libs::diagonal_neighbors;
use crate::board::{Board, Color, Point};

/// Who owns the ko fight being read (GNU Go's `komaster`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Komaster {
    /// Nobody: ko captures are free (GNU Go `EMPTY`).
    #[default]
    Empty,
    /// This colour has made a conditional ko capture (GNU Go `BLACK` / `WHITE`).
    Is(Color),
    /// This colour was komaster and the opponent took another ko
    /// (GNU Go `GRAY_BLACK` / `GRAY_WHITE`): no ko captures at all.
    Gray(Color),
    /// Two ko captures in a row without a conditional capture (GNU Go `WEAK_KO`).
    WeakKo,
}

impl Komaster {
    /// A small code for hashing and tracing.
    pub fn code(self) -> u8 {
        match self {
            Komaster::Empty => 0,
            Komaster::Is(Color::Black) => 1,
            Komaster::Is(Color::White) => 2,
            Komaster::Gray(Color::Black) => 3,
            Komaster::Gray(Color::White) => 4,
            Komaster::WeakKo => 5,
        }
    }
}

/// The komaster and the ko it is about (`kom_pos`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct KoState {
    /// Owner of the ko fight.
    pub komaster: Komaster,
    /// Location of the ko stone captured by the komaster (or the old ko
    /// point for WEAK_KO); `Point::NONE` when EMPTY.
    pub kom_pos: Point,
}

impl KoState {
    /// No ko fight in progress.
    pub const EMPTY: KoState = KoState {
        komaster: Komaster::Empty,
        kom_pos: Point::NONE,
    };

    fn with(komaster: Komaster, kom_pos: Point) -> KoState {
        KoState { komaster, kom_pos }
    }

    /// A 64-bit key of the state for memo keys that XOR it in: 0 for
    /// EMPTY, else a mix (splitmix64) of the komaster's code and `kom_pos`.
    pub fn key(self) -> u64 {
        if self == KoState::EMPTY {
            return 0;
        }
        let mut z = (u64::from(self.komaster.code()) << 32 | self.kom_pos.idx() as u64)
            .wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Outcome of [`komaster_trymove`] when the move was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KoMove {
    /// State after the move (back to the caller's when it is popped).
    pub state: KoState,
    /// The move was an illegal ko capture played conditionally (tryko).
    pub conditional: bool,
    /// The single stone the move captured when it was a ko capture.
    pub captured: Option<Point>,
}

impl KoMove {
    /// A conditional ko capture by `color` at `p` (of the stone on
    /// `captured`) that makes `color` komaster, `kom_pos` at the captured
    /// stone.
    #[inline]
    fn takes_komaster(color: Color, p: Point, captured: Option<Point>) -> KoMove {
        KoMove {
            state: KoState::with(Komaster::Is(color), captured.unwrap_or(p)),
            conditional: true,
            captured,
        }
    }
}

/// Play `p` for `color`; failing that, when `may_take` allows it, take
/// it as a conditional ko capture (tryko). `Some(conditional)` with the
/// move on the board, or `None` with the board unchanged.
#[inline]
fn play_or_tryko(board: &mut Board, p: Point, color: Color, may_take: bool) -> Option<bool> {
    if board.trymove(p, color) {
        return Some(false);
    }
    (may_take && board.tryko(p, color)).then_some(true)
}

/// The ko captures of `color` at `p` (of the stone on `kpos`) that
/// schemes 1 and 5 forbid in the state `ks`: the opponent komaster's
/// retake at `kom_pos`, any capture while GRAY, and the komaster's own
/// captures that are not nested (diagonal to `kom_pos`).
#[inline]
fn nested_capture_forbidden(ks: KoState, p: Point, kpos: Point, color: Color) -> bool {
    match ks.komaster {
        Komaster::Is(c) if c == color.opponent() => p == ks.kom_pos,
        Komaster::Gray(_) => true,
        Komaster::Is(_) => !diagonal_neighbors(kpos, ks.kom_pos),
        _ => false,
    }
}

/// A komaster scheme of GNU Go's manual (see the module docs), numbered
/// as in GNU Go 3.4's `board.c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KomasterScheme {
    /// 1: the manual's "Ko Handling" summary (GNU Go's "simple scheme").
    Simple,
    /// 2: "essentially the 2.7.232 scheme".
    Original232,
    /// 3: "revised 2.7.232 version".
    Revised232,
    /// 5: GNU Go 3.8's only scheme, with WEAK_KO and a coloured GRAY.
    #[default]
    Complex,
}

impl KomasterScheme {
    /// Every scheme, in number order.
    pub const ALL: [KomasterScheme; 4] = [
        KomasterScheme::Simple,
        KomasterScheme::Original232,
        KomasterScheme::Revised232,
        KomasterScheme::Complex,
    ];

    /// The scheme's number (1, 2, 3 or 5).
    pub fn number(self) -> u8 {
        match self {
            KomasterScheme::Simple => 1,
            KomasterScheme::Original232 => 2,
            KomasterScheme::Revised232 => 3,
            KomasterScheme::Complex => 5,
        }
    }

    /// The scheme of a number; `None` for anything but 1, 2, 3 and 5.
    pub fn from_number(n: u8) -> Option<KomasterScheme> {
        KomasterScheme::ALL.into_iter().find(|s| s.number() == n)
    }
}

/// Play `color` at `p` under the komaster rules of `scheme` in state `ks`.
/// Returns `None` (board unchanged) when the move is illegal or forbidden;
/// otherwise the move is on the board and must be popped by the caller.
/// Conditional (illegal) ko captures are considered only with
/// `consider_conditional`.
pub fn komaster_trymove(
    scheme: KomasterScheme,
    board: &mut Board,
    ks: KoState,
    p: Point,
    color: Color,
    consider_conditional: bool,
) -> Option<KoMove> {
    match scheme {
        KomasterScheme::Complex => trymove_complex(board, ks, p, color, consider_conditional),
        KomasterScheme::Simple => trymove_simple(board, ks, p, color, consider_conditional),
        KomasterScheme::Original232 => trymove_original(board, ks, p, color, consider_conditional),
        KomasterScheme::Revised232 => trymove_revised(board, ks, p, color, consider_conditional),
    }
}

/// Scheme 5.
fn trymove_complex(
    board: &mut Board,
    ks: KoState,
    p: Point,
    color: Color,
    consider_conditional: bool,
) -> Option<KoMove> {
    let other = color.opponent();
    let ks = settle(board, ks);
    let previous_ko = board.ko_point();
    let captured = board.ko_capture(p, color);

    if let Some(kpos) = captured {
        let weak_not_nested = ks.komaster == Komaster::WeakKo
            && p != previous_ko
            && !diagonal_neighbors(kpos, ks.kom_pos);
        if nested_capture_forbidden(ks, p, kpos, color) || weak_not_nested {
            return None;
        }
    }

    let conditional = play_or_tryko(board, p, color, consider_conditional)?;
    if conditional && matches!(ks.komaster, Komaster::Empty | Komaster::WeakKo) {
        return Some(KoMove::takes_komaster(color, p, captured));
    }

    let Some(kpos) = captured else {
        // Not a ko capture: has the komaster's ko been resolved?
        let mut state = ks;
        let owner = matches!(ks.komaster, Komaster::Is(c) | Komaster::Gray(c) if c == color);
        if owner && ko_resolved(board, ks.kom_pos, other) {
            state = KoState::EMPTY;
        }
        if ks.komaster == Komaster::WeakKo {
            state = KoState::EMPTY;
        }
        return Some(KoMove {
            state,
            conditional,
            captured,
        });
    };

    let state = match ks.komaster {
        Komaster::Is(c) if c == other => KoState::with(Komaster::Gray(other), ks.kom_pos),
        Komaster::Is(_) => KoState::with(ks.komaster, kpos),
        _ if previous_ko.is_some() => KoState::with(Komaster::WeakKo, previous_ko),
        _ => ks,
    };
    Some(KoMove {
        state,
        conditional,
        captured,
    })
}

/// Scheme 1: as scheme 5 without WEAK_KO; GRAY forbids every ko capture
/// and is settled without knowing whose ko it was.
fn trymove_simple(
    board: &mut Board,
    ks: KoState,
    p: Point,
    color: Color,
    consider_conditional: bool,
) -> Option<KoMove> {
    let other = color.opponent();
    let ks = settle_simple(board, ks);
    let captured = board.ko_capture(p, color);
    if captured.is_some_and(|kpos| nested_capture_forbidden(ks, p, kpos, color)) {
        return None;
    }
    let conditional = play_or_tryko(board, p, color, consider_conditional)?;
    if conditional && ks.komaster == Komaster::Empty {
        return Some(KoMove::takes_komaster(color, p, captured));
    }
    let state = match (captured, ks.komaster) {
        (None, _) => ks,
        // The colour only names the state for hashing and tracing:
        // scheme 1 does not use it.
        (Some(_), Komaster::Is(c)) if c == other => {
            KoState::with(Komaster::Gray(other), ks.kom_pos)
        }
        (Some(kpos), Komaster::Is(_)) => KoState::with(ks.komaster, kpos),
        _ => ks,
    };
    Some(KoMove {
        state,
        conditional,
        captured,
    })
}

/// Scheme 1's settling, before every move: the komaster's ko is filled,
/// or no longer a ko and suicide for the komaster's opponent; a GRAY ko
/// is filled, or no ko for either colour and suicide for one of them.
fn settle_simple(board: &Board, ks: KoState) -> KoState {
    let k = ks.kom_pos;
    let settled = match ks.komaster {
        Komaster::Is(c) => ko_resolved(board, k, c.opponent()),
        Komaster::Gray(_) => {
            board.on_board(k)
                && (board.is_stone(k)
                    || (Color::ALL.iter().all(|&c| board.ko_capture(k, c).is_none())
                        && Color::ALL.iter().any(|&c| board.is_suicide(k, c))))
        }
        _ => false,
    };
    if settled {
        KoState::EMPTY
    } else {
        ks
    }
}

/// Scheme 2: X may not retake at `kom_pos`; a conditional capture only
/// while nobody is komaster, which makes O komaster for good.
fn trymove_original(
    board: &mut Board,
    ks: KoState,
    p: Point,
    color: Color,
    consider_conditional: bool,
) -> Option<KoMove> {
    let captured = board.ko_capture(p, color);
    if captured.is_some() && ks.komaster == Komaster::Is(color.opponent()) && p == ks.kom_pos {
        return None;
    }
    let may_take = consider_conditional && ks.komaster == Komaster::Empty;
    if play_or_tryko(board, p, color, may_take)? {
        return Some(KoMove::takes_komaster(color, p, captured));
    }
    Some(KoMove {
        state: ks,
        conditional: false,
        captured,
    })
}

/// Scheme 3: as 2, but the komaster may take a ko, conditionally or not,
/// when afterwards X has no ko capture at `kom_pos` any more; `kom_pos`
/// then moves to the stone just captured.
fn trymove_revised(
    board: &mut Board,
    ks: KoState,
    p: Point,
    color: Color,
    consider_conditional: bool,
) -> Option<KoMove> {
    let other = color.opponent();
    let captured = board.ko_capture(p, color);
    if captured.is_some() && ks.komaster == Komaster::Is(other) && p == ks.kom_pos {
        return None;
    }
    let may_take = consider_conditional && ks.komaster != Komaster::Is(other);
    let conditional = play_or_tryko(board, p, color, may_take)?;
    let mut state = ks;
    if conditional && ks.komaster == Komaster::Empty {
        state = KoMove::takes_komaster(color, p, captured).state;
    }
    if let (Some(kpos), Komaster::Is(c)) = (captured, ks.komaster) {
        if c == color {
            let old_ko_alive =
                board.is_empty(ks.kom_pos) && board.ko_capture(ks.kom_pos, other).is_some();
            if old_ko_alive {
                board.popgo();
                return None;
            }
            state = KoState::with(ks.komaster, kpos);
        }
    }
    Some(KoMove {
        state,
        conditional,
        captured,
    })
}

/// The state in force before a move: the komaster (or the gray komaster)
/// whose ko at `kom_pos` has been settled in its favour since it was set,
/// whoever made the settling move, is back to EMPTY (the manual: "if the
/// ko at kom_pos is filled, then the komaster reverts to EMPTY", checked
/// before every move).
fn settle(board: &Board, ks: KoState) -> KoState {
    match ks.komaster {
        Komaster::Is(c) | Komaster::Gray(c) if ko_resolved(board, ks.kom_pos, c.opponent()) => {
            KoState::EMPTY
        }
        _ => ks,
    }
}

/// The ko at `kom_pos` is settled for the komaster: filled, or no longer
/// a ko and suicide for the opponent.
fn ko_resolved(board: &Board, kom_pos: Point, opponent: Color) -> bool {
    if !board.on_board(kom_pos) {
        return false;
    }
    board.is_stone(kom_pos)
        || (board.ko_capture(kom_pos, opponent).is_none() && board.is_suicide(kom_pos, opponent))
}

/// The defender of `target` has just taken a ko (the stone on `k` was
/// captured). When filling the ko point would leave the target with a
/// single liberty (or be suicide), the fill cannot settle the ko in the
/// defender's favour: returns the attacker chains next to the string the
/// fill would make (one stone each), whose capture could still rescue it.
/// `None` when the target does not touch `k` or the fill is safe.
pub fn fill_dooms_target(board: &mut Board, target: Point, k: Point) -> Option<Vec<Point>> {
    if !board.is_stone(target) || !board.is_liberty_of(k, target) {
        return None;
    }
    let color = board.chain(target).color;
    if !board.trymove(k, color) {
        let mut adjs = Vec::new();
        board.adjacent_chains(target, &mut adjs);
        return Some(adjs);
    }
    let doomed = board.countlib(target) <= 1;
    let mut adjs = Vec::new();
    if doomed {
        board.adjacent_chains(target, &mut adjs);
    }
    board.popgo();
    doomed.then_some(adjs)
}
