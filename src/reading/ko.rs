//! Ko in reading: the komaster scheme that decides which ko captures the
//! search may make, so that ko fights terminate and their outcome is
//! reported as KO_A / KO_B (GNU Go `board.c`: `komaster_trymove`, the
//! komaster scheme 5 of the manual's "Ko Handling" section).
//!
//! The state is a small value, [`KoState`], carried down the recursion:
//! every hypothetical move made through [`komaster_trymove`] returns the
//! state that holds after it, and the caller's state is back in force when
//! that move is popped, so the komaster is pushed and popped with the move
//! stack. O is the side to move, X its opponent:
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

/// Play `color` at `p` under the komaster rules of `ks`. Returns `None`
/// (board unchanged) when the move is illegal or forbidden; otherwise the
/// move is on the board and must be popped by the caller. Conditional
/// (illegal) ko captures are considered only with `consider_conditional`.
pub fn komaster_trymove(
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
        match ks.komaster {
            Komaster::Is(c) if c == other && p == ks.kom_pos => return None,
            Komaster::Gray(_) => return None,
            Komaster::Is(c) if c == color && !diagonal_neighbors(kpos, ks.kom_pos) => return None,
            Komaster::WeakKo if p != previous_ko && !diagonal_neighbors(kpos, ks.kom_pos) => {
                return None
            }
            _ => {}
        }
    }

    let mut conditional = false;
    if !board.trymove(p, color) {
        if !consider_conditional || !board.tryko(p, color) {
            return None;
        }
        conditional = true;
        if matches!(ks.komaster, Komaster::Empty | Komaster::WeakKo) {
            let kpos = captured.unwrap_or(p);
            return Some(KoMove {
                state: KoState::with(Komaster::Is(color), kpos),
                conditional,
                captured,
            });
        }
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
