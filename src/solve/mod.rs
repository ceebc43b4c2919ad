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

use crate::board::{Board, Color, Point, PointSet};
use dfpn::{Dfpn, JudgeMemo};
use game::{PassEnd, Rules};
pub use region::{NotEnclosed, Region};

/// Default node budget of one `solve_life` question (all its searches).
pub const DEFAULT_BUDGET: u64 = 200_000;

/// The budget the owl questions give each search of the solver before
/// reading heuristically. 10,000 instead of 5,000 settles ld_owl.tst 410
/// and semeai.tst 131 at +3.9% instructions on ld_owl.tst; with regions
/// of 11 empty points ([`GAP_REGION_EMPTY`]) it settles ld_owl.tst 43 as
/// well, at +10% over the 5,000 budget's figure (+6% over 10,000's;
/// regression/HISTORY.md, 2026-11-30, second session).
pub const OWL_BUDGET: u64 = 10_000;

/// The default of [`LifeConfig::gap_region_empty`]: a gap-closed region
/// with more empty points is not solved, since the owl's budget seldom
/// settles one (owl.tst and ld_owl.tst, 2026-11-27, measured without this
/// cap: of 73 questions on gap-closed regions of more than 10 empty
/// points, 66 ran out of budget), and the reads of its walls are the
/// suites' largest cost in CPU. 11 instead of 10 gains ld_owl.tst 43 and
/// 52 for 6% more CPU on that suite, paid for since 2026-11-30's seventh
/// session by the seki check's skip of partners captured outright
/// (`engine::life::in_seki`); 12 loses owl.tst 181 (regression/HISTORY.md).
pub const GAP_REGION_EMPTY: usize = 11;

/// Limits of the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LifeConfig {
    /// Nodes each exact search behind `owl_attack` / `owl_defend` may
    /// expand (`--life-node-limit`; 0: the owl never asks the solver).
    pub owl_budget: u64,
    /// The most empty points a region found by closing the gaps of its
    /// walls may have for the owl to ask the solver about it
    /// (`--life-gap-region-empty`).
    pub gap_region_empty: usize,
}

impl Default for LifeConfig {
    fn default() -> Self {
        LifeConfig {
            owl_budget: OWL_BUDGET,
            gap_region_empty: GAP_REGION_EMPTY,
        }
    }
}

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

/// The solver's answer to an owl question ([`LifeSolver::owl_answer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwlExact {
    /// The side moving first wins even if the other side wins every ko.
    Wins,
    /// It wins only if it wins a ko (as ko master, with every threat it
    /// needs).
    WinsByKo,
    /// It loses even if it wins every ko.
    Loses,
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
    pass_end: PassEnd,
    budget: u64,
) -> Search {
    let mut judged = JudgeMemo::default();
    search_judged(
        board,
        region,
        first,
        ko_master,
        pass_end,
        budget,
        &mut judged,
    )
}

/// [`search`] with the end-of-game tests of earlier searches of the same
/// region (and those it makes left in `judged` for the next).
fn search_judged(
    board: &mut Board,
    region: &Region,
    first: Color,
    ko_master: Color,
    pass_end: PassEnd,
    budget: u64,
    judged: &mut JudgeMemo,
) -> Search {
    let rules = Rules {
        region,
        ko_master,
        pass_end,
    };
    let dfpn = Dfpn::new(rules, budget).with_judged(std::mem::take(judged));
    let (s, mut dfpn) = run(dfpn, board, first);
    *judged = dfpn.take_judged();
    s
}

/// Does `first`, moving first, win under these rules (the pass rule
/// [`PassEnd::Standing`])? The winner (`None` when the budget ran out)
/// and the positions expanded. For questions whose verdict alone counts
/// (not the move): the search starts positions from df-pn+'s initial
/// numbers ([`dfpn::initial_numbers`]), which settle more questions
/// within a budget but find other winning moves first.
pub fn verdict(
    board: &mut Board,
    region: &Region,
    first: Color,
    ko_master: Color,
    budget: u64,
) -> (Option<Color>, u64) {
    let rules = Rules {
        region,
        ko_master,
        pass_end: PassEnd::Standing,
    };
    let (s, _) = run(
        Dfpn::new(rules, budget).with_initial_numbers(),
        board,
        first,
    );
    (s.winner, s.nodes)
}

/// Prove with `dfpn` whether `first` wins from the current position; the
/// search is handed back for what it keeps.
fn run<'r>(mut dfpn: Dfpn<'r>, board: &mut Board, first: Color) -> (Search, Dfpn<'r>) {
    let (won, mv) = dfpn.prove(board, first);
    let winner = won.map(|w| if w { first } else { first.opponent() });
    let s = Search {
        winner,
        mv,
        nodes: dfpn.nodes,
    };
    (s, dfpn)
}

/// How many regions [`LifeSolver`] remembers (an owl attack and defence
/// of one dragon, or `dragon_status`, find the same region).
pub const REMEMBERED_REGIONS: usize = 8;

/// The key of a remembered region: position hash, target string origin,
/// gaps closed.
type RegionKey = (u64, Point, bool);

/// Proves statuses within a budget per question; counts nodes over all
/// questions; remembers the last regions found.
#[derive(Debug, Default)]
pub struct LifeSolver {
    /// Limits.
    pub config: LifeConfig,
    /// Positions expanded since the last reset.
    pub counter: u64,
    /// Regions by position hash, target string origin and whether the
    /// walls' gaps were closed ([`Region::find_closing_gaps`]).
    regions: Vec<(RegionKey, Result<Region, NotEnclosed>)>,
    /// The end-of-game tests of the last region searched, shared by its
    /// searches (the owl asks about one region several times in a row).
    judged: Option<(JudgedRegion, JudgeMemo)>,
}

/// What an end-of-game test depends on besides the stones: the
/// defender, the target, the region's points and its walls.
#[derive(Debug, PartialEq, Eq)]
struct JudgedRegion {
    defender: Color,
    target: Point,
    points: PointSet,
    walls: Vec<Point>,
}

impl JudgedRegion {
    fn of(region: &Region) -> JudgedRegion {
        JudgedRegion {
            defender: region.defender,
            target: region.target,
            points: region.points.clone(),
            walls: region.walls.clone(),
        }
    }

    fn is(&self, region: &Region) -> bool {
        self.defender == region.defender
            && self.target == region.target
            && self.points == region.points
            && self.walls == region.walls
    }
}

impl LifeSolver {
    /// A solver with these limits.
    pub fn new(config: LifeConfig) -> LifeSolver {
        LifeSolver {
            config,
            ..LifeSolver::default()
        }
    }

    /// The region remembered for the string at `target` in this position
    /// (with the gaps closed or not).
    pub fn remembered_region(
        &self,
        board: &Board,
        target: Point,
        gaps_closed: bool,
    ) -> Option<Result<Region, NotEnclosed>> {
        let key = (board.hash(), board.origin(target), gaps_closed);
        self.regions
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, r)| r.clone())
    }

    /// Remember the region found for the string at `target`.
    pub fn remember_region(
        &mut self,
        board: &Board,
        target: Point,
        gaps_closed: bool,
        region: Result<Region, NotEnclosed>,
    ) {
        if self.regions.len() >= REMEMBERED_REGIONS {
            self.regions.drain(..1);
        }
        let key = (board.hash(), board.origin(target), gaps_closed);
        self.regions.push((key, region));
    }

    /// The end-of-game tests made for `region` so far (none when the
    /// last region searched was another).
    fn judged_for(&mut self, region: &Region) -> &mut JudgeMemo {
        if !self.judged.as_ref().is_some_and(|(r, _)| r.is(region)) {
            self.judged = Some((JudgedRegion::of(region), JudgeMemo::default()));
        }
        &mut self.judged.as_mut().expect("just set").1
    }

    /// One search (see [`search`]), counted.
    pub fn search(
        &mut self,
        board: &mut Board,
        region: &Region,
        first: Color,
        ko_master: Color,
        budget: u64,
    ) -> Search {
        let judged = self.judged_for(region);
        let s = search_judged(
            board,
            region,
            first,
            ko_master,
            PassEnd::Standing,
            budget,
            judged,
        );
        self.counter += s.nodes;
        s
    }

    /// The exact answer to an owl question: can `first` (attacker or
    /// defender of the region) win moving first? `Some` with the result
    /// and the first move (`Point::NONE` when `first` loses) when proved
    /// within the budget (per search); `None` when the budget runs out.
    /// `preferred` is a move to answer with instead of the proof's own
    /// when it wins too (checked by one more search; clean wins only).
    pub fn owl_answer(
        &mut self,
        board: &mut Board,
        region: &Region,
        first: Color,
        preferred: Option<Point>,
    ) -> Option<(OwlExact, Point, u64)> {
        let budget = self.config.owl_budget;
        if budget == 0 {
            return None;
        }
        let second = first.opponent();
        // First wins even if the other side wins every ko.
        let clean = self.search(board, region, first, second, budget);
        let mut nodes = clean.nodes;
        if clean.winner? == first {
            let mut mv = clean.mv;
            if let Some(p) = preferred.filter(|&p| p != clean.mv) {
                if self.move_wins(board, region, first, p, budget, &mut nodes) {
                    mv = p;
                }
            }
            return Some((OwlExact::Wins, mv, nodes));
        }
        // Loses even with every ko its own?
        let helped = self.search(board, region, first, first, budget);
        nodes += helped.nodes;
        if helped.winner? == second {
            return Some((OwlExact::Loses, Point::NONE, nodes));
        }
        Some((OwlExact::WinsByKo, helped.mv, nodes))
    }

    /// Does `first`'s move `mv` win without a ko?
    fn move_wins(
        &mut self,
        board: &mut Board,
        region: &Region,
        first: Color,
        mv: Point,
        budget: u64,
        nodes: &mut u64,
    ) -> bool {
        if !(mv.is_some() && region.points.contains(mv) && board.trymove(mv, first)) {
            return false;
        }
        let s = self.search(board, region, first.opponent(), first.opponent(), budget);
        *nodes += s.nodes;
        board.popgo();
        s.winner == Some(first)
    }

    /// The proved status of the dragon of `region` (see the module docs),
    /// spending at most `budget` positions.
    pub fn solve(&mut self, board: &mut Board, region: &Region, budget: u64) -> LifeAnswer {
        let entry = board.depth();
        let defender = region.defender;
        let attacker = defender.opponent();
        let mut spent = 0;
        let judged = self.judged_for(region);
        let mut run = |board: &mut Board, first: Color, master: Color, strict: bool| {
            let pass_end = if strict {
                PassEnd::Unconditional
            } else {
                PassEnd::Standing
            };
            let s = search_judged(
                board,
                region,
                first,
                master,
                pass_end,
                budget.saturating_sub(spent),
                judged,
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
                attack: if attack_ko {
                    attack.mv
                } else {
                    clean_attack.mv
                },
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
