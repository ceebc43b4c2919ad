//! Proved life and death: an exact solver for dragons whose surroundings
//! are closed off (GTP `solve_life`, `decide_life`, and the exact answers
//! of `owl_attack` / `owl_defend` where they exist).
//!
//! GNU Go counterpart: none. GNU Go's owl (`engine/owl.c`) reads every
//! dragon heuristically, leaves judged by eye-space estimates; for an
//! enclosed group this module proves the status instead, as Kishimoto and
//! Müller's Tsumego Explorer does:
//! - [`region`]: is the dragon enclosed? The points where play happens,
//!   bounded by the edge and by safe attacker strings.
//! - [`game`]: the rules of play inside the region (the defender wins by
//!   unconditional life, [`benson`], or when two passes leave the target
//!   standing; the attacker by capturing the target; ko by a ko master,
//!   repetitions lost by the ko master).
//! - [`dfpn`]: the df-pn search with a bounded table and the
//!   path-dependence rule for repetitions.
//! - [`proof`]: the proof tree of an answer, written as SGF.
//!
//! A status takes up to five searches ([`LifeSolver::solve`]), all within
//! one node budget: the attacker first with the attacker as ko master (if
//! he fails the dragon is alive, whatever the kos), the defender first
//! with the defender as ko master (if he fails it is dead), and for a
//! critical dragon each side again without the ko master's help, to tell
//! a clean kill or save from one that needs a ko. An alive dragon is read
//! once more under "two passes lose unless unconditionally alive": if it
//! fails there, it lives in seki.

pub mod benson;
pub mod dfpn;
pub mod game;
pub mod proof;
pub mod region;

#[cfg(test)]
mod tests;

use crate::board::{Board, Color, Point};
use dfpn::Dfpn;
use game::Rules;
pub use region::{NotEnclosed, Region};

/// Default node budget of one `solve_life` question (all its searches).
pub const DEFAULT_BUDGET: u64 = 200_000;

/// The budget the owl questions give the solver before reading
/// heuristically.
pub const OWL_BUDGET: u64 = 20_000;

/// A proved status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proved {
    /// Lives even if the attacker moves first and wins every ko; `seki`
    /// when it lives only in seki.
    Alive {
        /// Lives in seki (no unconditional life reachable).
        seki: bool,
    },
    /// Dies even if the defender moves first and wins every ko.
    Dead,
    /// Whoever moves first wins.
    Critical {
        /// The attacker's killing move.
        attack: Point,
        /// The defender's saving move (`Point::NONE`: pass).
        defense: Point,
        /// The kill needs the attacker to win a ko.
        attack_ko: bool,
        /// The save needs the defender to win a ko.
        defense_ko: bool,
        /// The save is a seki.
        seki: bool,
    },
}

/// Why no status was proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unproved {
    /// The node budget ran out (or a line grew too long).
    Budget,
    /// The dragon is not enclosed.
    Open(NotEnclosed),
}

/// The answer to one question, with the positions it expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LifeAnswer {
    /// The status, or why there is none.
    pub status: Result<Proved, Unproved>,
    /// Positions expanded by all its searches.
    pub nodes: u64,
}

/// The result of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The winner, `None` when the search stopped.
    pub winner: Option<Color>,
    /// The first move when the side to move wins (`Point::NONE`: pass).
    pub mv: Point,
    /// Positions expanded.
    pub nodes: u64,
}

/// One search: does `first`, moving first, win under these rules?
pub fn search(
    board: &mut Board,
    region: &Region,
    first: Color,
    ko_master: Color,
    strict_life: bool,
    budget: u64,
) -> Search {
    let rules = Rules {
        region,
        ko_master,
        strict_life,
    };
    let mut dfpn = Dfpn::new(rules, budget);
    let (won, mv) = dfpn.prove(board, first);
    let winner = won.map(|w| if w { first } else { first.opponent() });
    Search {
        winner,
        mv,
        nodes: dfpn.nodes,
    }
}

/// Proves statuses within a budget per question; counts nodes over all
/// questions.
#[derive(Debug, Default)]
pub struct LifeSolver {
    /// Positions expanded since the last reset.
    pub counter: u64,
}

impl LifeSolver {
    /// The proved status of the dragon of `region` (see the module docs),
    /// spending at most `budget` positions.
    pub fn solve(&mut self, board: &mut Board, region: &Region, budget: u64) -> LifeAnswer {
        let entry = board.depth();
        let defender = region.defender;
        let attacker = defender.opponent();
        let mut spent = 0;
        let mut run = |board: &mut Board, first: Color, master: Color, strict: bool| {
            let s = search(
                board,
                region,
                first,
                master,
                strict,
                budget.saturating_sub(spent),
            );
            spent += s.nodes;
            s
        };
        let status = (|| {
            let attack = run(board, attacker, attacker, false);
            match attack.winner {
                None => return Err(Unproved::Budget),
                Some(w) if w == defender => {
                    let strict = run(board, attacker, attacker, true);
                    let seki = strict.winner == Some(attacker);
                    return Ok(Proved::Alive { seki });
                }
                Some(_) => {}
            }
            let defense = run(board, defender, defender, false);
            match defense.winner {
                None => return Err(Unproved::Budget),
                Some(w) if w == attacker => return Ok(Proved::Dead),
                Some(_) => {}
            }
            let clean_attack = run(board, attacker, defender, false);
            let clean_defense = run(board, defender, attacker, false);
            if clean_attack.winner.is_none() || clean_defense.winner.is_none() {
                return Err(Unproved::Budget);
            }
            let attack_ko = clean_attack.winner != Some(attacker);
            let defense_ko = clean_defense.winner != Some(defender);
            let (defense_mv, defense_master) = if defense_ko {
                (defense.mv, defender)
            } else {
                (clean_defense.mv, attacker)
            };
            let strict = run(board, defender, defense_master, true);
            Ok(Proved::Critical {
                attack: if attack_ko { attack.mv } else { clean_attack.mv },
                defense: defense_mv,
                attack_ko,
                defense_ko,
                seki: strict.winner == Some(attacker),
            })
        })();
        self.counter += spent;
        debug_assert_eq!(board.depth(), entry);
        LifeAnswer {
            status,
            nodes: spent,
        }
    }
}
