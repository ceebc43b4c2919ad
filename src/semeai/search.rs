//! The semeai minimax over [`RaceValue`]s: the first dragon's side
//! maximises, the second's minimises.
//!
//! GNU Go counterpart: `do_owl_analyze_semeai` and
//! `semeai_trymove_and_recurse` of `engine/owl.c`.
//!
//! Values are [`RaceValue`]s (the first dragon's defence and the attack
//! on the second, each with its ko grade), ordered for the minimax by the
//! root mover's own dragon's life first, then the other's death.
//!
//! A node first looks at both dragons with the owl's judgement
//! ([`life::evaluate`]):
//! - both alive (two eyes or a way out): both stay, [`Outcome::Seki`];
//! - one alive and the other dead by the owl's static verdict: decided;
//! - one alive: that side cannot lose, which bounds the search.
//!
//! Otherwise the side to move tries its candidates (`candidates`),
//! most valuable first, up to a width that narrows with depth, then a
//! pass. A pass answered by a pass ends the line with both standing,
//! unless the owl's judgements say that one side has more eyes than the
//! other can make (its minimum above the other's maximum): that side
//! wins, the other can never fill its eye (GNU Go's "I have more eyes").
//! This is what decides a ko whose taker can never resolve it: after a
//! conditional retake neither side has a move, and the side with the eye
//! wins however the ko goes.
//! Moves are played under the tactical reader's komaster scheme
//! ([`komaster_trymove`], GNU Go's semeai does the same; the state rides
//! in `Line`): a ko capture the rule forbids is taken as if after a ko
//! threat, tried after the side's other candidates (beyond the width: a
//! ko is the last resort); the value of a line through such a take is
//! at best `KoB` for the taker (GNU Go: a success that needs a ko
//! capture is `KO_B`). The memo key holds the ko point (in the board's
//! hash) and the komaster state.
//!
//! At a node the first move that reaches the best value is the answer; a
//! pass is preferred only when no move does as well (so "1 1" answers
//! name the move that makes progress, and "0 0" answers `PASS`), except
//! at the root when the value is no kill for the mover: a seki or a life
//! that a pass keeps needs no move ("1 0 PASS").
//!
//! Candidates, by value:
//!
//! | move | value |
//! |---|---|
//! | capture a string of the other dragon in atari | 1000 |
//! | save a string of one's own dragon in atari: capture a neighbour in atari | 950 |
//! | ... or extend at its last liberty | 900 |
//! | retake a ko the other side just took next to one's own dragon | 650 |
//! | the owl's vital moves (owl value 85 and up: eye-space vital points, half-eye keys, weak strings, lunches), against the other dragon or for one's own | 600 + owl value (own: 5 less) |
//! | fill an outside liberty of the other dragon's weakest strings in contact (the best two; where the filling stone would stand in atari without capturing, on a last liberty that is not the target's, the approach to it, [`count::approach_move`]) | 400 - 10 x its liberties + empty neighbours |
//! | fill a shared liberty (the best one) | 250 - 10 x its liberties + empty neighbours |
//! | the owl's other moves (margins, liberties, escapes) | 100 + owl value |
//!
//! Liberties inside one's own eye space are never filled. A liberty fill
//! that puts the filling string in atari without capturing is not tried
//! (it hands the opponent a capture); the owl's moves may be self-ataris
//! (throw-ins destroy eyes).
//!
//! A capture ends the line, but wins only if the capturer then lives (the
//! owl's attack on it fails, or, where the capturer is enclosed, the exact
//! solver proves that it lives: the owl can misread the space a capture
//! opens): a dragon that kills its neighbour and dies anyway has lost.
//! Below the root, a plain race (no string in atari or
//! weak, no lunch, every eye space settled, each dragon in contact with
//! the other through one string only, and no liberty of that string
//! beside a stone of the owner outside the race where the owner's fill
//! would gain that stone's liberties or the other side's would be
//! suicide until that stone is captured) is not read: [`count`] decides
//! it (an enemy stone inside a dragon makes its space an eye there), as
//! does a line cut off by the depth or node limit. A plain race counted
//! as the capture of a dragon that sits inside the captor is played out
//! (the captor fills, the other side fills the captor's outside
//! liberties) and the captor's life checked as after any capture: the
//! capture breaks no wall around the captor, and the space it leaves may
//! hold one eye only.
//!
//! Each root move may use three quarters of the nodes left when it is
//! tried, so the last root moves are read too (a move tried with no node
//! left would only be counted, and a count could outbid the reads).
//! Reading cut off by that share or by the budget is not memoised; what
//! another root move read before is. A root move (or the root's pass)
//! whose reading ran out of nodes is estimated in part, by counts without
//! the eyes: it does not improve on the value of a root move read out
//! (it may still equal it). Suicides are dropped before the
//! width is applied.
//!
//! At the root every candidate is read with the full window, and of the
//! moves reaching the best value the answer names the one that gains most
//! in the race: a capture, else the largest difference between the two
//! sides' weakest contact strings' liberties after it; among those, the
//! mover's candidate of the highest value, then the point the opponent
//! most wants to play (its own candidate value there: the proverb's "play
//! where the opponent wants to", e.g. the vital point of its eye space).

use crate::board::{marked_points, Board, Color, Point, BOARD_ARRAY};
use crate::eyes::unconditional::unconditional_status;
use crate::owl::life::{self, goal_strings, Life};
use crate::owl::moves;
use crate::reading::ko::{komaster_trymove, KoMove, KoState};
use crate::reading::{ReadResult, Reader};
use crate::semeai::{
    count, Bound, Entry, Outcome, RaceDragon, RaceValue, SemeaiConfig, SemeaiReader,
};
use crate::solve::{OwlExact, Region};

/// The owl's moves taken from each side's list.
const OWL_MOVES: usize = 4;

/// Owl positions that count as one semeai node (the owl's check that
/// a capture saved the capturer is charged to the semeai's budget).
const OWL_NODES_PER_NODE: u64 = 10;

/// The share of the nodes left that one root move may use (numerator,
/// denominator).
const ROOT_SHARE: (u64, u64) = (3, 4);

/// Outside liberty fills tried at a node.
const OUTSIDE_FILLS: usize = 2;

/// Shared liberty fills tried at a node.
const SHARED_FILLS: usize = 1;

/// Owl candidate values from which a move is vital.
const VITAL: i32 = 85;

/// The number of candidates tried at each depth (deeper: the last). It
/// narrows quickly, as GNU Go's semeai branch depths do (three moves, then
/// two, then one): the budget goes to reading lines out rather than to
/// side lines deep in the tree.
const WIDTH: [usize; 9] = [8, 6, 4, 3, 3, 2, 2, 2, 1];

/// One candidate move.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    point: Point,
    value: i32,
    /// Only a liberty fill suggested it: not tried as a self-atari.
    fill_only: bool,
}

/// One semeai question in progress.
pub struct Search<'a> {
    semeai: &'a mut SemeaiReader,
    reader: &'a mut Reader,
    config: SemeaiConfig,
    /// The dragons' colours (index 0: the first dragon).
    colors: [Color; 2],
    /// The stones whose capture ends each dragon.
    targets: [Point; 2],
    /// The goals at the root: each dragon's stones.
    root_goals: [Vec<bool>; 2],
    /// The side to move at the root (0: the first dragon's).
    root_mover: usize,
    /// Positions judged so far.
    pub nodes: u64,
    /// A limit was met.
    pub limit_hit: bool,
    /// The node count at which the current root move's reading stops
    /// (each root move gets its share of the budget).
    allowance: u64,
    /// The current root move's reading met a limit: what it reads from
    /// then on is not remembered.
    tainted: bool,
    /// The current root move's (or the root pass's) reading ran out of
    /// nodes: its value is an estimate in part, and does not outbid a
    /// root move read out.
    starved: bool,
}

impl<'a> Search<'a> {
    /// A question about the race between `first` and `second`.
    pub fn new(
        semeai: &'a mut SemeaiReader,
        reader: &'a mut Reader,
        board: &Board,
        first: RaceDragon,
        second: RaceDragon,
    ) -> Search<'a> {
        let color0 = board.color_at(first.target).unwrap_or(Color::Black);
        let colors = [color0, color0.opponent()];
        let goal = |d: RaceDragon, color: Color| {
            let mut g = vec![false; BOARD_ARRAY];
            for &p in d.stones.iter().chain(std::iter::once(&d.target)) {
                if board.cell(p).is(color) {
                    for q in board.stones(p) {
                        g[q.idx()] = true;
                    }
                }
            }
            g
        };
        let root_goals = [goal(first, colors[0]), goal(second, colors[1])];
        let config = semeai.config;
        Search {
            semeai,
            reader,
            config,
            colors,
            targets: [first.target, second.target],
            root_goals,
            root_mover: 0,
            nodes: 0,
            limit_hit: false,
            allowance: config.node_limit,
            tainted: false,
            starved: false,
        }
    }

    /// The race with `to_move` to play: its value for the first dragon
    /// and the mover's move (`None`: pass).
    pub fn root(&mut self, board: &mut Board, to_move: Color) -> (RaceValue, Option<Point>) {
        if let Some(done) = self.decided(board) {
            // Only after a move (`analyze_semeai_after_move`): a capture
            // is judged as in the search.
            let goals = self.root_goals.clone();
            let captor = usize::from(done == Outcome::Lost);
            return (self.after_capture(board, &goals, captor), None);
        }
        let mover = usize::from(to_move != self.colors[0]);
        self.root_mover = mover;
        let goals = self.root_goals.clone();
        self.node(board, &goals, mover, 0, Line::default(), LOST, WON)
    }

    /// A dragon whose named stone is gone has lost.
    fn decided(&self, board: &Board) -> Option<Outcome> {
        if !board.cell(self.targets[0]).is(self.colors[0]) {
            Some(Outcome::Lost)
        } else if !board.cell(self.targets[1]).is(self.colors[1]) {
            Some(Outcome::Won)
        } else {
            None
        }
    }

    /// A dragon was just captured by the other (`captor`): the capture
    /// decides the race only if the captor then lives (the owl's attack
    /// on it fails, or the exact solver proves it alive: `proved_alive`);
    /// a captor that dies anyway has lost the race too
    /// (GNU Go: killing a dragon that was dead already wins nothing).
    fn after_capture(
        &mut self,
        board: &mut Board,
        goals: &[Vec<bool>; 2],
        captor: usize,
    ) -> RaceValue {
        let key = board.hash() ^ self.goal_hashes(board, goals)[captor];
        let alive = match self.semeai.lives_after.get(&key) {
            Some(&alive) => alive,
            None => {
                let color = self.colors[captor];
                let stones: Vec<Point> = board
                    .points()
                    .filter(|p| goals[captor][p.idx()] && board.cell(*p).is(color))
                    .collect();
                let answer =
                    self.semeai
                        .owl
                        .attack(board, self.reader, &stones, self.targets[captor]);
                self.nodes += answer.nodes / OWL_NODES_PER_NODE;
                // The owl's kill of the captor is checked by the exact
                // solver where the captor is enclosed: the owl's reading
                // of the space the capture opened can be wrong.
                let alive = answer.result == ReadResult::Fail
                    || self.proved_alive(board, self.targets[captor]);
                self.semeai.lives_after.insert(key, alive);
                alive
            }
        };
        match (captor, alive) {
            (0, true) | (1, false) => WON,
            _ => LOST,
        }
    }

    /// Does the exact solver prove that the string at `target` lives
    /// with the opponent moving first ([`crate::solve`])? Only where it is
    /// enclosed by walls: strings that are unconditionally alive, or that
    /// have a liberty away from it and cannot be captured tactically (no
    /// owl judgement of their dragons: the reader has no dragons below
    /// the root). The solver's positions are not charged to the node
    /// budget; the check is made once per position (`lives_after`), and
    /// only where the owl kills the captor.
    pub(super) fn proved_alive(&mut self, board: &mut Board, target: Point) -> bool {
        let Some(defender) = board.color_at(target) else {
            return false;
        };
        let uncond = unconditional_status(board);
        let reader = &mut *self.reader;
        let found = Region::find(board, target, &mut |board: &mut Board, p: Point| {
            if uncond.is_invincible(p) {
                return true;
            }
            let outside = board.lib_list(p).into_iter().any(|l| {
                l.neighbors()
                    .iter()
                    .all(|&n| board.color_at(n) != Some(defender))
            });
            outside && reader.attack(board, p).0 == ReadResult::Fail
        });
        let Ok(region) = found else {
            return false;
        };
        let Some(closed) = region.close(board) else {
            return false;
        };
        let answer = self
            .semeai
            .exact
            .owl_answer(board, &closed, defender.opponent(), None);
        region.reopen(board);
        matches!(answer, Some((OwlExact::Loses, _, _)))
    }

    /// Count a node; false when the budget is spent.
    fn enter(&mut self) -> bool {
        if self.nodes >= self.allowance.min(self.config.node_limit) {
            self.limit_hit = true;
            self.tainted = true;
            self.starved = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Each goal's part of a memo key: its stones still on the board, the
    /// second side's hash rotated so that the two never cancel. Each goal
    /// is walked by its marks ([`marked_points`]), not over the board.
    fn goal_hashes(&self, board: &Board, goals: &[Vec<bool>; 2]) -> [u64; 2] {
        let mut h = [0u64; 2];
        for side in 0..2 {
            for p in marked_points(&goals[side]) {
                if board.cell(p).is(self.colors[side]) {
                    h[side] ^= point_key(p);
                }
            }
        }
        [h[0], h[1].rotate_left(29)]
    }

    /// The owl's judgement of one dragon, remembered for the question.
    fn evaluate(
        &mut self,
        board: &mut Board,
        goals: &[Vec<bool>; 2],
        side: usize,
        hashes: [u64; 2],
    ) -> Life {
        let key = (board.hash(), hashes[side] ^ hashes[1 - side].rotate_left(7));
        let (solver, color) = (&mut self.semeai.owl.solver, self.colors[side]);
        self.semeai
            .judged
            .get_or_judge(key, board, self.reader, |board, reader| {
                life::evaluate_beside(
                    board,
                    reader,
                    solver,
                    &goals[side],
                    color,
                    Some(&goals[1 - side]),
                )
            })
    }

    /// Where a value stands in the search's order: the root mover's own
    /// dragon's life first, then the other's death (GNU Go's choice for
    /// the side to move, kept for both sides so that the search is
    /// zero-sum). The first side maximises the rank.
    fn rank(&self, v: RaceValue) -> u8 {
        let (d, a) = (v.defense as u8, v.attack as u8);
        if self.root_mover == 0 {
            4 * d + a
        } else {
            4 * a + d
        }
    }

    /// The value of the position with `mover` (0: the first dragon's
    /// side) to play, and the mover's best move, within the window
    /// `[alpha, beta]`: a value at or below `alpha` (at or above `beta`)
    /// only says so, and is remembered as a bound.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        board: &mut Board,
        goals: &[Vec<bool>; 2],
        mover: usize,
        depth: usize,
        line: Line,
        alpha: RaceValue,
        beta: RaceValue,
    ) -> (RaceValue, Option<Point>) {
        let hashes = self.goal_hashes(board, goals);
        let key = board.hash()
            ^ hashes[0]
            ^ hashes[1]
            ^ (mover as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ line.key();
        if let Some(e) = self.semeai.table.get(&key) {
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => self.rank(e.value) >= self.rank(beta),
                Bound::Upper => self.rank(e.value) <= self.rank(alpha),
            };
            if e.depth <= depth && usable {
                return (e.value, e.mv);
            }
        }
        if !self.enter() {
            log::trace!("semeai depth {depth}: node limit");
            return (RaceValue::of(self.counted(board, goals, mover, None)), None);
        }
        let lives = [
            self.evaluate(board, goals, 0, hashes),
            self.evaluate(board, goals, 1, hashes),
        ];
        let safe = [lives[0].is_alive(), lives[1].is_alive()];
        let verdict = match safe {
            [true, true] => Some(SEKI),
            [true, false] if lives[1].is_dead() => Some(WON),
            [false, true] if lives[0].is_dead() => Some(LOST),
            _ => None,
        };
        // The best value the mover can reach.
        let ideal = if mover == 0 { WON } else { LOST };
        // At the root a win for the mover is read out: the answer names
        // the move that wins.
        if let Some(v) = verdict.filter(|&v| depth > 0 || v != ideal) {
            log::trace!("semeai depth {depth}: verdict {v:?}");
            self.store(key, depth, v, None, Bound::Exact);
            return (v, None);
        }
        let lo = clamp_safe(LOST, safe);
        let hi = clamp_safe(WON, safe);
        // The root reads its moves even in a plain race: the answer names
        // the move that keeps or wins it.
        let plain = depth > 0 && self.is_plain(board, goals, &lives);
        if plain || depth >= self.config.reading_depth {
            if !plain {
                self.limit_hit = true;
                self.tainted = true;
            }
            let counted = self.counted(board, goals, mover, Some(&lives));
            let v = if plain {
                self.inner_capture(board, goals, mover, counted)
            } else {
                RaceValue::of(counted)
            };
            let v = clamp_safe(v, safe);
            if plain {
                log::trace!("semeai depth {depth}: plain, counted {v:?}");
                self.store(key, depth, v, None, Bound::Exact);
            }
            return (v, None);
        }
        let alpha = if self.rank(lo) > self.rank(alpha) {
            lo
        } else {
            alpha
        };
        let beta = if self.rank(hi) < self.rank(beta) {
            hi
        } else {
            beta
        };
        if self.rank(alpha) >= self.rank(beta) {
            return (alpha, None);
        }
        let maximise = mover == 0;
        let better = |s: &Self, a: RaceValue, b: RaceValue| {
            if maximise {
                s.rank(a) > s.rank(b)
            } else {
                s.rank(a) < s.rank(b)
            }
        };
        let cut = |s: &Self, v: RaceValue| {
            if maximise {
                s.rank(v) >= s.rank(beta)
            } else {
                s.rank(v) <= s.rank(alpha)
            }
        };
        let color = self.colors[mover];
        let candidates = self.candidates(board, goals, &lives, mover);
        log::trace!("semeai depth {depth} mover {color:?}: {candidates:?}");
        let width = WIDTH[depth.min(WIDTH.len() - 1)];
        let mut best: Option<(RaceValue, Option<Point>)> = None;
        // The child's window narrows as the mover's best improves.
        // At the root every candidate is read with the full window: of
        // the moves that reach the best value the answer names the one
        // that gains most in the race (see `swing`).
        let root = depth == 0;
        let window = |s: &Self, best: Option<(RaceValue, Option<Point>)>| match best {
            _ if root => (alpha, beta),
            Some((b, _)) if maximise && s.rank(b) > s.rank(alpha) => (b, beta),
            Some((b, _)) if !maximise && s.rank(b) < s.rank(beta) => (alpha, b),
            _ => (alpha, beta),
        };
        // The root's tie-break among moves of the best value: the swing,
        // the mover's candidate value, then the opponent's for the point.
        let mut best_swing = (i32::MIN, i32::MIN, i32::MIN);
        let mut best_cut = false;
        let theirs: Vec<Candidate> = if root {
            self.candidates(board, goals, &lives, 1 - mover)
        } else {
            Vec::new()
        };
        // A ko take the rule forbids comes last, beyond the width: the
        // mover's other moves first (a ko is the last resort, as under GNU
        // Go's komaster).
        let (kos, mut candidates): (Vec<Candidate>, Vec<Candidate>) = candidates
            .into_iter()
            .partition(|c| board.is_ko_violation(c.point, color));
        // Suicides take no place within the width.
        candidates.retain(|c| board.is_legal(c.point, color));
        candidates.truncate(width);
        candidates.extend(kos);
        for c in candidates {
            if !root && best.is_some_and(|b| cut(self, b.0)) {
                break;
            }
            if root {
                // Each root move may use a share of what is left, so
                // that the moves after it are read too: a move read
                // with no node left is only counted, and that count
                // could outbid the moves read out.
                let left = self.config.node_limit.saturating_sub(self.nodes);
                self.allowance = self.nodes + left * ROOT_SHARE.0 / ROOT_SHARE.1;
                self.tainted = false;
                self.starved = false;
            }
            let Some(ko_move) = self.play(board, c, color, line.ko) else {
                continue;
            };
            let ko_take = ko_move.conditional;
            let swing = match self.decided(board) {
                // A capture gains the most.
                Some(_) => i32::MAX,
                None if root => self.swing(board, goals, mover),
                None => 0,
            };
            let wanted = theirs
                .iter()
                .find(|t| t.point == c.point)
                .map_or(0, |t| t.value);
            let swing = (swing, c.value, wanted);
            let r = match self.decided(board) {
                Some(Outcome::Won) => self.after_capture(board, goals, 0),
                Some(_) => self.after_capture(board, goals, 1),
                None => {
                    let grown = self.grown_goals(board, goals, mover, c.point);
                    let (a, b) = window(self, best);
                    let child = line.after_move(ko_move.state);
                    self.node(board, &grown, 1 - mover, depth + 1, child, a, b)
                        .0
                }
            };
            board.popgo();
            let r = if ko_take { r.ko_taken_by(mover) } else { r };
            let r = clamp_safe(r, safe);
            log::trace!(
                "semeai depth {depth}: {:?} (ko take {ko_take}) gives {r:?}",
                c.point
            );
            let tie =
                root && best.is_some_and(|b| self.rank(b.0) == self.rank(r)) && swing > best_swing;
            // A root move whose reading a limit cut short is estimated in
            // part: it does not outbid a move read out.
            let improves = best.is_none_or(|b| better(self, r, b.0))
                && !(root && self.starved && best.is_some() && !best_cut);
            if improves || tie {
                best = Some((r, Some(c.point)));
                best_swing = swing;
            }
            if improves {
                best_cut = root && self.starved;
            }
        }
        if root {
            self.allowance = self.config.node_limit;
        }
        if best.is_none_or(|b| !cut(self, b.0)) {
            let r = if line.passed {
                // Both pass: both stand, unless one side surely has more
                // eyes than the other can make (GNU Go's "I have more
                // eyes"): the eyeless side can never fill the eye.
                if lives[0].max_eyes < lives[1].min_eyes {
                    LOST
                } else if lives[1].max_eyes < lives[0].min_eyes {
                    WON
                } else {
                    SEKI
                }
            } else {
                if root {
                    self.starved = false;
                }
                board.trypass(color);
                let (a, b) = window(self, best);
                let r = self
                    .node(board, goals, 1 - mover, depth + 1, line.after_pass(), a, b)
                    .0;
                board.popgo();
                r
            };
            let r = clamp_safe(r, safe);
            // At the root a pass that keeps what the best move reaches is
            // the answer when that is no kill: no move is needed (GNU Go
            // passes in a seki when nothing but liberties is left).
            let kills = |v: RaceValue| {
                if maximise {
                    v.attack != ReadResult::Fail
                } else {
                    v.defense != ReadResult::Win
                }
            };
            let pass_keeps =
                root && best.is_some_and(|b| self.rank(b.0) == self.rank(r) && !kills(r));
            let improves = best.is_none_or(|b| better(self, r, b.0))
                && !(root && self.starved && best.is_some() && !best_cut);
            if improves || pass_keeps {
                best = Some((r, None));
            }
        }
        let (value, mut mv) = best.unwrap_or((SEKI, None));
        // The mover's own dragon dies whatever it does: no move to name.
        let own_dies = if maximise {
            value.defense == ReadResult::Fail
        } else {
            value.attack == ReadResult::Win
        };
        if own_dies {
            mv = None;
        }
        let bound = if self.rank(value) <= self.rank(alpha) {
            Bound::Upper
        } else if self.rank(value) >= self.rank(beta) {
            Bound::Lower
        } else {
            Bound::Exact
        };
        log::trace!(
            "semeai depth {depth} result {value:?} {mv:?} (nodes {})",
            self.nodes
        );
        self.store(key, depth, value, mv, bound);
        (value, mv)
    }

    fn store(&mut self, key: u64, depth: usize, value: RaceValue, mv: Option<Point>, bound: Bound) {
        if !self.tainted {
            self.semeai.table.insert(
                key,
                Entry {
                    value,
                    mv,
                    depth,
                    bound,
                },
            );
        }
    }

    /// What the move just played gained in the race for `mover`: the
    /// liberties of its weakest string in contact with the other dragon
    /// less those of the other's.
    fn swing(&self, board: &Board, goals: &[Vec<bool>; 2], mover: usize) -> i32 {
        let libs = |side: usize| {
            count::weakest_contact(board, &goals[side], self.colors[side], &goals[1 - side])
                .map_or(0, |s| board.countlib(s) as i32)
        };
        libs(mover) - libs(1 - mover)
    }

    /// Play a candidate under the tactical reader's komaster scheme in
    /// the line's ko state `ko` (a ko capture the rule forbids is taken
    /// as if after a ko threat: `conditional`), `None` when it cannot be
    /// played. A liberty fill that would stand in atari without capturing
    /// is refused.
    fn play(
        &mut self,
        board: &mut Board,
        c: Candidate,
        color: Color,
        ko: KoState,
    ) -> Option<KoMove> {
        let captures = c.fill_only && board.does_capture_something(c.point, color);
        let scheme = self.reader.config.komaster_scheme;
        let ko_move = komaster_trymove(scheme, board, ko, c.point, color, true)?;
        if c.fill_only && !captures && board.countlib(c.point) <= 1 {
            board.popgo();
            return None;
        }
        Some(ko_move)
    }

    /// The goals after `mover` played `m`: its string joins the mover's
    /// goal when it contains a goal stone (a move that only comes near
    /// does not make the race's dragon bigger: its string may belong to
    /// another, living dragon).
    fn grown_goals(
        &self,
        board: &Board,
        goals: &[Vec<bool>; 2],
        mover: usize,
        m: Point,
    ) -> [Vec<bool>; 2] {
        let mut out = goals.clone();
        if board.stones(m).any(|p| p != m && goals[mover][p.idx()]) {
            for p in board.stones(m) {
                out[mover][p.idx()] = true;
            }
        }
        out
    }

    /// The mover's candidates, most valuable first.
    fn candidates(
        &self,
        board: &Board,
        goals: &[Vec<bool>; 2],
        lives: &[Life; 2],
        mover: usize,
    ) -> Vec<Candidate> {
        let own = mover;
        let opp = 1 - mover;
        let mut list: Vec<Candidate> = Vec::new();
        let mut add = |p: Point, value: i32, fill_only: bool| {
            if !board.on_board(p) || !board.is_empty(p) {
                return;
            }
            match list.iter_mut().find(|c| c.point == p) {
                Some(c) => {
                    c.value = c.value.max(value);
                    c.fill_only &= fill_only;
                }
                None => list.push(Candidate {
                    point: p,
                    value,
                    fill_only,
                }),
            }
        };
        let own_strings = goal_strings(board, &goals[own], self.colors[own]);
        let opp_strings = goal_strings(board, &goals[opp], self.colors[opp]);
        // Strings in atari.
        for &s in &opp_strings {
            if board.countlib(s) == 1 {
                add(board.libs(s)[0], 1000, false);
            }
        }
        let mut buf = Vec::new();
        for &s in &own_strings {
            if board.countlib(s) != 1 {
                continue;
            }
            board.adjacent_chains_max_libs(s, 1, &mut buf);
            for &n in &buf {
                add(board.libs(n)[0], 950, false);
            }
            add(board.libs(s)[0], 900, false);
        }
        // Retaking a ko the other side just took next to one's dragon (a
        // take the rule forbids is played as the komaster scheme allows).
        let ko = board.ko_point();
        if ko.is_some() && board.is_empty(ko) {
            let color = self.colors[mover];
            let near_goal = |p: Point| {
                p.neighbors()
                    .iter()
                    .any(|&n| goals[mover][n.idx()] && board.cell(n).is(color))
            };
            let taker = ko
                .neighbors()
                .iter()
                .copied()
                .find(|&n| board.cell(n).is(color.opponent()) && board.countlib(n) == 1);
            if near_goal(ko) || taker.is_some_and(near_goal) {
                add(ko, 650, false);
            }
        }
        // The owl's moves against the other dragon and for one's own.
        let attacks = moves::attack_moves(board, &goals[opp], self.colors[opp], &lives[opp]);
        for &(p, v) in attacks.iter().take(OWL_MOVES) {
            add(p, owl_value(v), false);
        }
        let defenses = moves::defense_moves(board, &goals[own], self.colors[own], &lives[own]);
        for &(p, v) in defenses.iter().take(OWL_MOVES) {
            add(p, owl_value(v) - 5, false);
        }
        // Liberty fills on the other dragon's strings in contact.
        let mut own_eye = [false; BOARD_ARRAY];
        for &p in &lives[own].eye_points {
            own_eye[p.idx()] = true;
        }
        let contact: Vec<Point> = {
            let c: Vec<Point> = opp_strings
                .iter()
                .copied()
                .filter(|&s| {
                    board.adjacent_chains(s, &mut buf);
                    buf.iter().any(|&n| own_strings.contains(&board.origin(n)))
                })
                .collect();
            if c.is_empty() {
                opp_strings.clone()
            } else {
                c
            }
        };
        // Fills of equal standing are interchangeable: the two best
        // outside ones and the best shared one are enough.
        let mut fills: Vec<(i32, Point, bool)> = Vec::new();
        for &s in &contact {
            let libs = board.countlib(s) as i32;
            for l in board.liberties_sorted(s) {
                if own_eye[l.idx()] || fills.iter().any(|f| f.1 == l) {
                    continue;
                }
                let shared = own_strings.iter().any(|&o| board.is_liberty_of(l, o));
                let room = board.empty_neighbors(l) as i32;
                let value = if shared { 250 } else { 400 } - 10 * libs + room;
                // An outside liberty the mover's stone could not hold is
                // approached first ([`count::approach_move`]).
                let fill = if shared {
                    l
                } else {
                    count::approach_move(board, l, self.colors[mover], s).unwrap_or(l)
                };
                if fills.iter().any(|f| f.1 == fill) {
                    continue;
                }
                fills.push((value, fill, shared));
            }
        }
        fills.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let outside = fills.iter().filter(|f| !f.2).take(OUTSIDE_FILLS);
        let shared = fills.iter().filter(|f| f.2).take(SHARED_FILLS);
        for &(value, l, _) in outside.chain(shared) {
            add(l, value, true);
        }
        list.sort_by(|a, b| b.value.cmp(&a.value).then(a.point.cmp(&b.point)));
        list
    }

    /// The race's outcome by counting liberties ([`count`]); without
    /// judgements, as if neither dragon had an eye (but for the spaces of
    /// enemy stones inside a dragon, [`count::invaders`]).
    fn counted(
        &self,
        board: &Board,
        goals: &[Vec<bool>; 2],
        mover: usize,
        lives: Option<&[Life; 2]>,
    ) -> Outcome {
        let (Some(s0), Some(s1)) = (
            count::weakest_contact(board, &goals[0], self.colors[0], &goals[1]),
            count::weakest_contact(board, &goals[1], self.colors[1], &goals[0]),
        ) else {
            return Outcome::Seki;
        };
        let inside = |side: usize| {
            let strings = goal_strings(board, &goals[side], self.colors[side]);
            count::invaders(
                board,
                &strings,
                &goals[side],
                self.colors[side],
                &goals[1 - side],
            )
        };
        let t0 = count::tally(board, s0, s1, lives.map(|l| &l[0]), &inside(0));
        let t1 = count::tally(board, s1, s0, lives.map(|l| &l[1]), &inside(1));
        let shared = count::shared_liberties(board, s0, s1);
        count::outcome(t0, t1, shared, mover == 0)
    }

    /// Has the string `s` of `side`'s dragon a liberty next to a stone
    /// of `side` outside the dragon that the owner's fill would join to a
    /// liberty `s` lacks, or that the other side cannot fill (its stone
    /// there would capture nothing and have no liberty, or would retake a
    /// ko)? The count takes every liberty but an eye's for one move of
    /// either side; such a liberty is neither: the owner's stone there
    /// gains the outside stone's liberties, and the other side's waits
    /// until that stone is captured, if ever (it may stand in a seki of
    /// its own).
    pub(super) fn has_outside_friend(
        &self,
        board: &Board,
        goals: &[Vec<bool>; 2],
        side: usize,
        s: Point,
    ) -> bool {
        let color = self.colors[side];
        let filler = color.opponent();
        board.liberties_sorted(s).into_iter().any(|l| {
            l.neighbors().iter().any(|&n| {
                board.cell(n).is(color)
                    && !goals[side][n.idx()]
                    && (!board.is_legal(l, filler)
                        || board
                            .lib_list(n)
                            .into_iter()
                            .any(|m| m != l && !board.is_liberty_of(m, s)))
            })
        })
    }

    /// A counted race's value: as counted, except that a capture of a
    /// dragon that sits inside the captor ([`Self::is_inside`]) is
    /// played out - the captor fills the inner dragon's liberties, the
    /// other side passing - and wins only if the captor then lives
    /// ([`Self::after_capture`]). Capturing an inner dragon breaks no
    /// wall around the captor: its eyes are only what the captured space
    /// leaves after the fills, and the count cannot see whether that is
    /// two. A capture the fills cannot reach keeps the count.
    fn inner_capture(
        &mut self,
        board: &mut Board,
        goals: &[Vec<bool>; 2],
        mover: usize,
        o: Outcome,
    ) -> RaceValue {
        let captor = match o {
            Outcome::Won => 0,
            Outcome::Lost => 1,
            Outcome::Seki => return RaceValue::of(o),
        };
        let victim = 1 - captor;
        let (color, prey) = (self.colors[captor], self.colors[victim]);
        let target = count::weakest_contact(board, &goals[victim], prey, &goals[captor]);
        let Some(t) = target.filter(|_| self.is_inside(board, goals, victim)) else {
            return RaceValue::of(o);
        };
        let Some(own) = count::weakest_contact(board, &goals[captor], color, &goals[victim]) else {
            return RaceValue::of(o);
        };
        let mut played = 0;
        let mut captured = false;
        let mut turn = mover;
        // Each side moves at most once per liberty in the race.
        for _ in 0..2 * (board.countlib(t) + board.countlib(own)) {
            if !board.cell(own).is(color) {
                break;
            }
            if turn == captor {
                let Some(l) = self.fill_move(board, t, color, None) else {
                    break;
                };
                board.trymove(l, color);
                if !board.cell(t).is(prey) {
                    played += 1;
                    captured = true;
                    break;
                }
            } else {
                match self.fill_move(board, own, prey, Some(t)) {
                    Some(l) => {
                        board.trymove(l, prey);
                    }
                    None => board.trypass(prey),
                }
            }
            played += 1;
            turn = 1 - turn;
        }
        log::trace!("semeai: inner capture of {t:?} by filling: {captured} after {played}");
        let v = if captured {
            self.after_capture(board, goals, captor)
        } else {
            RaceValue::of(o)
        };
        for _ in 0..played {
            board.popgo();
        }
        v
    }

    /// A liberty of string `s` that `color` can fill keeping a second
    /// liberty (or capturing `s` with it), not one of `skip`'s.
    fn fill_move(
        &self,
        board: &mut Board,
        s: Point,
        color: Color,
        skip: Option<Point>,
    ) -> Option<Point> {
        let libs = board.liberties_sorted(s);
        let last = libs.len() == 1;
        libs.into_iter().find(|&l| {
            if skip.is_some_and(|k| board.is_liberty_of(l, k)) || !board.trymove(l, color) {
                return false;
            }
            let keeps = last || board.countlib(l) >= 2;
            board.popgo();
            keeps
        })
    }

    /// Does `side`'s dragon sit inside the other's: every stone its
    /// strings touch, and every stone beside their liberties, is of one
    /// of the two dragons?
    fn is_inside(&self, board: &Board, goals: &[Vec<bool>; 2], side: usize) -> bool {
        let other = 1 - side;
        let of_race = |p: Point| {
            (goals[other][p.idx()] && board.cell(p).is(self.colors[other]))
                || (goals[side][p.idx()] && board.cell(p).is(self.colors[side]))
        };
        let strings = goal_strings(board, &goals[side], self.colors[side]);
        let mut touches_other = false;
        for &s in &strings {
            for p in board.stones(s) {
                for n in p.neighbors() {
                    if board.color_at(n).is_some() {
                        if !of_race(n) {
                            return false;
                        }
                        touches_other |= goals[other][n.idx()];
                    }
                }
            }
            for l in board.liberties_sorted(s) {
                for n in l.neighbors() {
                    if board.color_at(n).is_some() && !of_race(n) {
                        return false;
                    }
                    touches_other |= goals[other][n.idx()] && board.cell(n).is(self.colors[other]);
                }
            }
        }
        touches_other
    }

    /// Is the race a plain one, decided by counting: no string of either
    /// dragon in atari or tactically weak, no lunch, no eye space still
    /// to make or destroy, and each dragon touches the other with one
    /// string only? The count is a race between two strings: a dragon
    /// with two strings in contact may give up the weaker (a lone stone
    /// at the edge, a cutting stone) and race on with the other, so such
    /// a race is read on.
    fn is_plain(&self, board: &Board, goals: &[Vec<bool>; 2], lives: &[Life; 2]) -> bool {
        (0..2).all(|side| {
            let life = &lives[side];
            if life.min_eyes != life.max_eyes || !life.lunches.is_empty() || !life.weak.is_empty() {
                return false;
            }
            let strings = goal_strings(board, &goals[side], self.colors[side]);
            let contact = count::contact_strings(board, &strings, &goals[1 - side]);
            strings.iter().all(|&s| board.countlib(s) > 1)
                && contact.len() <= 1
                && contact
                    .iter()
                    .all(|&s| !self.has_outside_friend(board, goals, side, s))
        })
    }
}

/// An owl candidate's value on the race's scale: vital points (eye
/// spaces, half eyes, weak strings, lunches: owl value 85 and up) before
/// outside liberty fills, the owl's other moves after them.
fn owl_value(v: i32) -> i32 {
    if v >= VITAL {
        600 + v
    } else {
        100 + v
    }
}

/// The first dragon is captured.
const LOST: RaceValue = RaceValue {
    defense: ReadResult::Fail,
    attack: ReadResult::Fail,
};

/// Both dragons stay.
const SEKI: RaceValue = RaceValue {
    defense: ReadResult::Win,
    attack: ReadResult::Fail,
};

/// The second dragon is captured.
const WON: RaceValue = RaceValue {
    defense: ReadResult::Win,
    attack: ReadResult::Win,
};

/// A dragon the owl calls alive (`safe`) cannot die: the first one's
/// defence succeeds, the attack on the second fails.
fn clamp_safe(v: RaceValue, safe: [bool; 2]) -> RaceValue {
    RaceValue {
        defense: if safe[0] { ReadResult::Win } else { v.defense },
        attack: if safe[1] { ReadResult::Fail } else { v.attack },
    }
}

impl RaceValue {
    /// The value of a line in which `side` took a ko the rule forbade:
    /// that side's successes need a ko threat, at best `KoB` for it (GNU
    /// Go's `semeai_trymove_and_recurse`). For the first side its
    /// results are capped at `KoB`; for the second side the first side's
    /// failures become `KoA`.
    fn ko_taken_by(self, side: usize) -> RaceValue {
        let f = |r: ReadResult| {
            if side == 0 {
                r.min(ReadResult::KoB)
            } else {
                r.max(ReadResult::KoA)
            }
        };
        RaceValue {
            defense: f(self.defense),
            attack: f(self.attack),
        }
    }
}

/// What a line carries besides the position: did the last move pass, and
/// the komaster state (which ko captures the rule forbids may still be
/// taken as if after a ko threat, `reading::ko`).
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    passed: bool,
    ko: KoState,
}

impl Line {
    fn after_move(self, ko: KoState) -> Line {
        Line { passed: false, ko }
    }

    fn after_pass(self) -> Line {
        Line {
            passed: true,
            ..self
        }
    }

    fn key(self) -> u64 {
        u64::from(self.passed).wrapping_mul(0xD1B5_4A32_D192_ED03) ^ self.ko.key()
    }
}

/// A fixed pseudo-random key per point (splitmix64 of its index), for the
/// goals' part of the memo key.
fn point_key(p: Point) -> u64 {
    let mut z = (p.idx() as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
