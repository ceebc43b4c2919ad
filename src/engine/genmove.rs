//! INTERIM move generator behind `genmove` / `reg_genmove`, until the
//! real one (influence, move valuation) exists.
//!
//! GNU Go counterpart: none really; GNU Go's `genmove` (`engine/genmove.c`)
//! weighs move reasons from worms, dragons, owl and patterns. This one
//! knows tactics, the owl's defences, combinations and break-ins:
//! 1. capture the largest opponent string in atari whose capturing stone is
//!    safe (checked with [`Reader::safe_move`]) and that its owner could
//!    save (the reader finds a defence: a string without one is as good as
//!    captured, and its capture waits until 3a);
//! 2. otherwise save an own string in atari by extending, if the extension
//!    is safe and the opponent's capture would not be a snapback (else 3a);
//!    before any capture or rescue of fewer stones than the dragon (1a),
//!    save an own critical dragon of two stones or more at the owl's
//!    defence point ([`life::critical_moves`], largest dragon first; see
//!    `OWL_SCOPE` for why only these);
//!    otherwise (2a) play the first move of a combination
//!    ([`crate::combination::atari_atari`]) that wins an opponent string;
//!    otherwise (2b), when the opponent has a combination, stop it
//!    ([`crate::combination::combination_defenses`]: the combination's own
//!    first move when it stops it, else the first defence in board order);
//!    the captures and rescues of steps 1-2 about less than the
//!    combination would win (on its scale: twice the stones plus the
//!    liberty) come after 2b, not before it;
//! 3. otherwise break into the largest region of the opponent's estimated
//!    territory that an own string can reach by connection reading, or
//!    block the opponent's break-in into a larger own region
//!    ([`crate::analysis::breakin`], GNU Go's break-in move reasons), if the
//!    move is safe;
//!    otherwise (3a) the moves in no hurry of steps 1-2: captures of
//!    strings without a defence, rescues from a snapback; a capture of
//!    dead stones inside the mover's own estimated territory that gives
//!    no own string short of liberties air waits until 4a
//!    (`capture_can_wait`: it only fills a point of that territory);
//! 4. otherwise play a pseudo-random (seeded, deterministic) safe move that
//!    does not fill an own eye, on a neutral point of the territory estimate
//!    that is not settled: never inside a small empty region that only one
//!    colour borders, never on a point the final statuses
//!    ([`crate::analysis::status`]) give to either side as territory when
//!    the territory estimate without the dead stones agrees (its own, or
//!    the opponent's secure territory); otherwise (4a) the captures that
//!    waited in 3a;
//! 5. otherwise a cutting point of a settled territory's wall (next to two
//!    strings of its owner, and safe for the other side): its own to fill,
//!    the opponent's to cut, if safe;
//! 6. otherwise, while the final statuses see a dead opponent string in its
//!    territory, take a liberty of it (fewest liberties first), if safe:
//!    the engine does not pass with dead stones on its side of the board.
//!    From here on the statuses are those `final_status_list` answers (the
//!    owl's verdicts included, [`life::final_status`]): the engine passes
//!    only when a GUI's count would see what it sees. Steps 4 and 5 use the
//!    static statuses (no owl), which cost far less on every move;
//! 7. otherwise a random safe move as in 4 on a point the territory
//!    estimate gives the opponent but the final statuses do not (an open
//!    area still to reduce); never into its own estimated territory;
//! 8. otherwise, the points steps 4, 5 and 7 left because playing them
//!    would take a liberty an own string shares with an opponent string and
//!    leave it two or fewer (`shortens_own_race`: in a race that
//!    liberty is filled last, if ever), the first that is safe, those that
//!    put a living opponent string in atari last;
//! 9. otherwise, when blunders were skipped, hold the point where the
//!    opponent's combination after one of them would start, if that move
//!    is safe and no blunder itself (its own refutation is tried next);
//! 10. otherwise pass; but `restricted_genmove`, which asks for one of
//!     its points, names the allowed point that passes every check below
//!     and leaves the territory estimate best for the mover
//!     ([`best_allowed`]), and passes only when there is none.
//!
//! Every move of every step is checked for blunders first (GNU Go
//! `atari_atari_confirm_safety`): a move after which the opponent has a
//! combination it did not have before ([`crate::combination::blunder_size`]),
//! or after which the owl kills an own dragon it read alive before (GNU Go
//! `detect_owl_blunder`, `Combos::kills_own_dragon`), or after which an
//! opponent dragon the owl read dead lives (a seki, a ko or life:
//! `Combos::revives_dead_foe`, the check GNU Go's blunder suite asks for as
//! `detect_semeai_blunder`), is skipped for the next candidate (steps 1-3 look at up to four of
//! theirs); a candidate of steps 1-4a that a combination refutes gives
//! way at once to the point that combination would start from, if the
//! mover may play it (`Combos::first_sound`); and when only such moves are
//! left the engine holds a point those combinations start from (step 9)
//! or passes.
//!
//! Steps 1-3a but 1a are [`ranked_moves`], which the analysis commands show
//! too (without the combination steps and checks; they add the owl's
//! moves of both sides themselves).
//! Every step proposes only moves the game's ko rule allows (a
//! [`MoveFilter`]: under superko, no move that repeats a position), so a
//! cycle such as a triple ko ends; reading itself keeps the simple-ko +
//! komaster model.

use crate::analysis::breakin::{find_blocks, find_break_ins};
use crate::analysis::dragon::Dragons;
use crate::analysis::status::{final_status, FinalStatus, PointStatus};
use crate::analysis::territory::Territory;
use crate::analysis::Readers;
use crate::board::{Board, Cell, Color, Move, Point, SplitMix64, BOARD_ARRAY};
use crate::combination::{
    atari_atari, blunder_combination, combination_defenses, AaConfig, Targets,
};
use crate::connect::ConnectionReader;
use crate::game::score::empty_regions;
use crate::game::MoveFilter;
use crate::owl::OwlReader;
use crate::reading::{libs, ReadResult, Reader};
use crate::solve::LifeSolver;
use std::rc::Rc;

use super::life::{self, CriticalScope, LifeParts, Question};
use super::Engine;
use crate::owl::OwlAnswer;

/// The critical dragons whose owl moves `genmove` considers: its own of
/// two stones or more. Measured over every suite against the generator
/// without owl moves: defending own dragons of two or more stones gained
/// 176 tests and lost 75; single stones gained 17 and lost 14; attacking
/// the opponent's gained 71 and lost 69 (the owl's false kills, see the
/// README's owl status).
const OWL_SCOPE: CriticalScope = CriticalScope {
    own_only: true,
    min_stones: 2,
    owners_choice: true,
};

/// Largest single-coloured empty region still worth playing into.
const SMALL_REGION: usize = 12;

/// Why a candidate move is proposed, with the size that ranks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Captures an opponent string in atari of this many stones.
    Capture(usize),
    /// Captures an opponent string in atari of this many stones that its
    /// owner cannot save anyway (the tactical reader finds no defence):
    /// no hurry, it is as good as captured.
    CaptureDead(usize),
    /// Saves an own string in atari of this many stones.
    Rescue(usize),
    /// Breaks into an opponent territory region of this many points.
    BreakIn(usize),
    /// Stops a break-in into an own region of this many points.
    Block(usize),
    /// Saves an own critical dragon of this many stones (owl).
    OwlDefense(usize),
}

impl Reason {
    /// The stones (or points) the move is about.
    fn size(self) -> usize {
        match self {
            Reason::Capture(n)
            | Reason::CaptureDead(n)
            | Reason::Rescue(n)
            | Reason::BreakIn(n)
            | Reason::Block(n)
            | Reason::OwlDefense(n) => n,
        }
    }
}

/// A purposeful move: legal, safe, and the reason it is proposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The move.
    pub mv: Point,
    /// Why.
    pub reason: Reason,
}

/// Choose a move for `color` on the game's current board (not played),
/// with the random choices seeded by `seed`.
pub fn generate_move(engine: &mut Engine, color: Color, seed: u64) -> Move {
    let filter = engine.game.move_filter();
    generate_move_within(engine, color, seed, filter)
}

/// [`generate_move`] choosing only moves `filter` permits (the game's ko
/// rule, and for `restricted_genmove` a set of points): every step skips
/// the others, so a step with nothing allowed gives way to the next, and
/// the answer is a pass when no step finds an allowed move.
pub fn generate_move_within(
    engine: &mut Engine,
    color: Color,
    seed: u64,
    filter: MoveFilter,
) -> Move {
    let owl: Vec<Candidate> =
        life::critical_moves(engine, color, OWL_SCOPE, &filter, &mut || false)
            .unwrap_or_default()
            .into_iter()
            .map(|o| Candidate {
                mv: o.mv,
                reason: Reason::OwlDefense(o.dragon_size),
            })
            .collect();
    let guard = OwlGuard::new(engine, color, OWL_SCOPE.min_stones);
    let nodes = Rc::clone(&guard.nodes);
    let mv = match early_move(engine, &owl, guard, filter, color, seed) {
        Ok(mv) => mv,
        Err(late) => {
            // Removing dead stones and passing follow the verdicts
            // `final_status_list` and `final_score` give, owl included.
            let statuses = life::final_status(engine);
            (*late).finish(engine.game.board_mut(), &mut engine.reader, &statuses)
        }
    };
    engine.owl.add_to_node_counter(nodes.get());
    mv
}

/// For `restricted_genmove` when the move generator finds nothing among
/// the allowed points (it would pass): the allowed point that is legal,
/// permitted, no own eye, safe and no blunder (the checks every step
/// makes, `Combos::is_playable`), after which the territory estimate
/// counts most for the mover (its points minus the opponent's); the
/// first such in `allowed` on a tie. The caller asked for one of these
/// points, so the engine names the least harmful instead of passing;
/// `None` when every allowed point fails the checks.
pub fn best_allowed(
    engine: &mut Engine,
    color: Color,
    allowed: &[Point],
    filter: &MoveFilter,
) -> Option<Point> {
    let guard = OwlGuard::new(engine, color, OWL_SCOPE.min_stones);
    let nodes = Rc::clone(&guard.nodes);
    let mut combos = Combos::new(color, guard);
    let board = engine.game.board_mut();
    let reader = &mut engine.reader;
    let mut best: Option<(i64, Point)> = None;
    for &p in allowed {
        if !board.is_empty(p)
            || is_own_eye(board, p, color)
            || !combos.is_playable(board, reader, filter, p)
            || !board.trymove(p, color)
        {
            continue;
        }
        let estimate = Territory::estimate(board, reader);
        board.popgo();
        let score = estimate.count(color) as i64 - estimate.count(color.opponent()) as i64;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, p));
        }
    }
    engine.owl.add_to_node_counter(nodes.get());
    best.map(|(_, p)| p)
}

/// What steps 6-9 need from the earlier ones.
struct Late {
    combos: Combos,
    filter: MoveFilter,
    rng: SplitMix64,
    skipped: Option<Point>,
    /// Open points the territory estimate gives the opponent (step 7).
    reductions: Vec<Point>,
    /// Points steps 4, 5 and 7 left because they shorten an own string in
    /// a race ([`shortens_own_race`]): played only when nothing else is
    /// (step 8).
    deferred: Vec<Point>,
}

impl Late {
    /// Steps 6-9 with the final statuses (owl included).
    fn finish(mut self, board: &mut Board, reader: &mut Reader, statuses: &FinalStatus) -> Move {
        if let Some(p) = removal_move(board, reader, &mut self.combos, &self.filter, statuses) {
            log::debug!("genmove: removes dead stones at {p:?}");
            return Move::Play(p);
        }
        if let Some(p) = random_safe(
            board,
            reader,
            &mut self.combos,
            &mut self.rng,
            self.reductions,
            &mut self.skipped,
            &mut self.deferred,
        ) {
            return Move::Play(p);
        }
        // An atari on a living string lets it connect out or fight a ko;
        // one on a dead string only hurries its removal: those first.
        let color = self.combos.color;
        let mut deferred = std::mem::take(&mut self.deferred);
        deferred.sort_by_cached_key(|&p| ataris_living(board, p, color, statuses));
        for p in deferred {
            if self.combos.is_playable(board, reader, &self.filter, p) {
                log::debug!("genmove: a liberty shared in a race, last: {p:?}");
                return Move::Play(p);
            }
        }
        if let Some(p) = self.combos.refutation(board, reader, &self.filter) {
            log::debug!("genmove: holds {p:?}, where a combination would start");
            return Move::Play(p);
        }
        if let Some(p) = self.skipped {
            log::debug!("genmove: passes rather than allow a combination at {p:?}");
        }
        Move::Pass
    }
}

/// Steps 1-5 (the static final statuses, without owl, decide what is
/// settled): the move, or what the later steps need.
fn early_move(
    engine: &mut Engine,
    owl: &[Candidate],
    guard: OwlGuard,
    filter: MoveFilter,
    color: Color,
    seed: u64,
) -> Result<Move, Box<Late>> {
    let Engine {
        game,
        reader,
        conn,
        dragons,
        ..
    } = engine;
    let board = game.board_mut();
    let mut combos = Combos::new(color, guard);
    // A move that hands the opponent a combination is never played: passing
    // is better (the first one skipped is logged).
    let mut skipped: Option<Point> = None;
    let mut deferred: Vec<Point> = Vec::new();
    // The cheap tactical moves first: the territory estimate and the
    // break-in reads are only needed when there is none.
    let (tactical, dead_captures) = tactical_moves(board, reader, &filter, color, CANDIDATES);
    let urgent = merge_by_size(&tactical, owl);
    // The urgent moves about less than the opponent's combination would
    // win come after stopping it.
    let threat = if urgent.is_empty() {
        0
    } else {
        combos.own(board, reader).1
    };
    let split = urgent
        .iter()
        .position(|c| worth(c.reason) < threat)
        .unwrap_or(urgent.len());
    let (larger, smaller) = urgent.split_at(split);
    if let Some(best) = combos.first_sound(board, reader, &filter, larger, &mut skipped) {
        log::debug!("genmove: {best:?}");
        return Ok(Move::Play(best.mv));
    }
    let stop_first = !smaller.is_empty();
    if stop_first {
        if let Some(p) = combos.stop_opponent(board, reader, &filter) {
            log::debug!(
                "genmove: stops a combination at {p:?} before {:?}",
                smaller[0]
            );
            return Ok(Move::Play(p));
        }
    }
    if let Some(best) = combos.first_sound(board, reader, &filter, smaller, &mut skipped) {
        log::debug!("genmove: {best:?}");
        return Ok(Move::Play(best.mv));
    }
    if let Some(p) = combos.own_combination(board, reader, &filter) {
        log::debug!("genmove: combination at {p:?}");
        return Ok(Move::Play(p));
    }
    if !stop_first {
        if let Some(p) = combos.stop_opponent(board, reader, &filter) {
            log::debug!("genmove: stops a combination at {p:?}");
            return Ok(Move::Play(p));
        }
    }
    let territory = Territory::estimate(board, reader);
    log::debug!("territory estimate:\n{}", territory.to_diagram(board));
    let territorial = territorial_moves(
        &mut Readers::new(board, reader, conn),
        &territory,
        &filter,
        color,
        CANDIDATES,
    );
    if let Some(best) = combos.first_sound(board, reader, &filter, &territorial, &mut skipped) {
        log::debug!("genmove: {best:?}");
        return Ok(Move::Play(best.mv));
    }
    let (after_neutral, unhurried): (Vec<Candidate>, Vec<Candidate>) = dead_captures
        .into_iter()
        .partition(|c| capture_can_wait(board, &territory, c, color));
    if let Some(best) = combos.first_sound(board, reader, &filter, &unhurried, &mut skipped) {
        log::debug!("genmove: {best:?}");
        return Ok(Move::Play(best.mv));
    }
    let statuses = final_status(&mut Readers::new(board, reader, conn), dragons);
    let mut dead = vec![false; BOARD_ARRAY];
    for p in board.points() {
        dead[p.idx()] = statuses.status(p) == PointStatus::Dead;
    }
    let cleaned = Territory::estimate_without(board, reader, &dead);
    // Territory already settled either way is no place for a random move.
    let useful = useful_points(board, &filter, color);
    let (open, settled): (Vec<Point>, Vec<Point>) = useful
        .into_iter()
        .partition(|&p| !is_settled(&cleaned, &statuses, p));
    let (neutral, estimated): (Vec<Point>, Vec<Point>) = open
        .into_iter()
        .partition(|&p| territory.owner(p).is_none());
    let mut rng = SplitMix64(seed ^ board.hash() ^ (color.index() as u64).wrapping_mul(0x9e37));
    if let Some(p) = random_safe(
        board,
        reader,
        &mut combos,
        &mut rng,
        neutral,
        &mut skipped,
        &mut deferred,
    ) {
        return Ok(Move::Play(p));
    }
    if let Some(best) = combos.first_sound(board, reader, &filter, &after_neutral, &mut skipped) {
        log::debug!("genmove: {best:?}, after the neutral points");
        return Ok(Move::Play(best.mv));
    }
    let cuts: Vec<Point> = settled
        .into_iter()
        .filter(|&p| is_cutting_point(board, reader, &statuses, p))
        .collect();
    if let Some(p) = random_safe(
        board,
        reader,
        &mut combos,
        &mut rng,
        cuts,
        &mut skipped,
        &mut deferred,
    ) {
        log::debug!("genmove: cutting point of a territory wall at {p:?}");
        return Ok(Move::Play(p));
    }
    let reductions: Vec<Point> = estimated
        .into_iter()
        .filter(|&p| territory.owner(p) == Some(color.opponent()))
        .collect();
    Err(Box::new(Late {
        combos,
        filter,
        rng,
        skipped,
        reductions,
        deferred,
    }))
}

/// Liberties an own string may have and still be short of them: the
/// capture of dead stones next to it is then no endgame move
/// ([`capture_can_wait`]).
const SHORT_OF_LIBERTIES: usize = 3;

/// Can the capture `c` of dead stones ([`Reason::CaptureDead`]) wait until
/// the neutral points are filled (step 4a)? It can when its point lies in
/// the mover's own estimated territory and no own string next to the
/// stones it takes is short of liberties (at most [`SHORT_OF_LIBERTIES`]):
/// then it only fills a point of that territory, while the stones would
/// count as the mover's prisoners at the end anyway (territory counting,
/// as `final_score` counts), and it relieves nothing. A capture that
/// gives an own string air, by contrast, also takes away the stones'
/// part in the opponent's combinations.
fn capture_can_wait(board: &Board, territory: &Territory, c: &Candidate, color: Color) -> bool {
    if !matches!(c.reason, Reason::CaptureDead(_)) || territory.owner(c.mv) != Some(color) {
        return false;
    }
    let mut beside = Vec::new();
    c.mv.neighbors().into_iter().all(|n| {
        if !board.on_board(n)
            || board.color_at(n) != Some(color.opponent())
            || board.countlib(n) != 1
        {
            return true;
        }
        board.adjacent_chains(n, &mut beside);
        beside
            .iter()
            .all(|&own| board.countlib(own) > SHORT_OF_LIBERTIES)
    })
}

/// Purposeful moves of one kind looked at before giving up on the kind
/// (the first may hand the opponent a combination).
const CANDIDATES: usize = 4;

/// Points where the opponent's combinations would start that are tried
/// before passing (see [`Combos::refutation`]).
const REFUTATIONS: usize = 6;

/// What an urgent move is about on the scale of a combination's value
/// (twice the stones of the string won plus its liberties and their
/// empty neighbours): for a capture or a rescue, twice the stones plus the
/// one liberty of a string in atari, at least. The owl's defence of a
/// dragon saves its eyes and territory as well, beyond this scale: it
/// keeps its place before the combination. (Measured: ranked by stones
/// like the others, owl defences of two-stone dragons lost two
/// `reg_genmove` tests and gained none.)
fn worth(reason: Reason) -> u32 {
    match reason {
        Reason::OwlDefense(_) => u32::MAX,
        r => 2 * r.size() as u32 + 1,
    }
}

/// The combination checks of one move generation (GNU Go's
/// `atari_atari` move reasons and `atari_atari_confirm_safety`), each read
/// when first needed.
struct Combos {
    color: Color,
    config: AaConfig,
    /// The mover's strings as the opponent's targets, and the value of the
    /// opponent's combination before any move (0: none).
    own: Option<(Targets, u32)>,
    /// The opponent's first moves of the combinations the blunders found
    /// so far would have allowed, in the order found, each once.
    refutations: Vec<Point>,
    /// Where the opponent's combination after the last move found a
    /// blunder would start (`None` when that move was no combination
    /// blunder).
    last_refutation: Option<Point>,
    /// The mover's dragons a move of its own must not kill.
    guard: OwlGuard,
}

/// The mover's dragons the owl reads alive before the move
/// ([`life::owl_alive_dragons`]) and readers of the engine's limits to
/// read them again after a candidate move (GNU Go's
/// `detect_owl_blunder`): the owl, and for a kill it finds, the exact
/// solver as `owl_attack` consults it ([`life::exact_answer`]). They are
/// the guard's own, so that reads of positions after candidate moves
/// leave the engine's caches of the real position alone. The default
/// guards no dragon.
#[derive(Default)]
pub(crate) struct OwlGuard {
    dragons: Vec<Vec<Point>>,
    owl: OwlReader,
    conn: ConnectionReader,
    links: Dragons,
    solver: LifeSolver,
    /// Opponent dragons read so far (their stones), and whether the owl
    /// reads them dead in the position before the move.
    foes: Vec<(Vec<Point>, bool)>,
    /// The nodes its owl reads took, added to the engine's owl node
    /// counter when the move is chosen.
    nodes: Rc<std::cell::Cell<u64>>,
}

impl OwlGuard {
    /// The guard of `color`'s dragons of `min_stones` stones or more.
    pub(crate) fn new(engine: &mut Engine, color: Color, min_stones: usize) -> OwlGuard {
        OwlGuard {
            dragons: life::owl_alive_dragons(engine, color, min_stones),
            owl: OwlReader::new(engine.owl.config),
            conn: ConnectionReader::new(engine.conn.config.clone()),
            links: Dragons::default(),
            solver: LifeSolver::new(engine.solver.config),
            foes: Vec::new(),
            nodes: Rc::default(),
        }
    }

    /// The exact solver's answer to `q` about the dragon at `target`
    /// given the owl's `heuristic` one ([`life::exact_answer`]), read
    /// with the guard's own readers.
    fn exact(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        q: Question,
        target: Point,
        heuristic: &OwlAnswer,
    ) -> Option<OwlAnswer> {
        let mut parts = LifeParts {
            board,
            reader,
            conn: &mut self.conn,
            dragons: &mut self.links,
            owl: &mut self.owl,
            solver: &mut self.solver,
        };
        life::exact_answer(&mut parts, q, target, heuristic)
    }

    /// The owl's answer to `q` about the dragon with `stones`, corrected
    /// by the exact solver where it proves one, as `owl_attack` and
    /// `owl_defend` answer; its owl nodes are counted.
    fn read(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        q: Question,
        stones: &[Point],
        target: Point,
    ) -> ReadResult {
        let answer = match q {
            Question::Attack => self.owl.attack(board, reader, stones, target),
            Question::Defend => self.owl.defend(board, reader, stones, target),
        };
        self.nodes.set(self.nodes.get() + answer.nodes);
        self.exact(board, reader, q, target, &answer)
            .unwrap_or(answer)
            .result
    }
}

impl Combos {
    fn new(color: Color, guard: OwlGuard) -> Combos {
        Combos {
            color,
            config: AaConfig::for_genmove(),
            own: None,
            refutations: Vec::new(),
            last_refutation: None,
            guard,
        }
    }

    /// Does the mover's move `m` kill an own dragon the owl read alive
    /// before it (GNU Go's `detect_owl_blunder`)? Only dragons with a
    /// stone next to `m` that the move gains no liberties (the stone's
    /// string has no more liberties after it than before, and at most
    /// four) are read again: the owl's attack in the position after `m`,
    /// as a fresh question (its root reads wider than the replies to a
    /// first move), its target the stone next to `m`; a clean kill is a
    /// blunder, unless the exact solver proves the dragon lives (as it
    /// overrules `owl_attack`: a seki, say, that the owl reads as a kill).
    fn kills_own_dragon(&mut self, board: &mut Board, reader: &mut Reader, m: Point) -> bool {
        if self.guard.dragons.is_empty() || !board.is_empty(m) {
            return false;
        }
        let color = self.color;
        let after = libs::accuratelib(board, m, color, 5);
        if after > 4 {
            return false;
        }
        let mut read: Vec<usize> = Vec::new();
        for n in m.neighbors() {
            if !board.on_board(n) || board.color_at(n) != Some(color) || after > board.countlib(n) {
                continue;
            }
            let Some(i) = self.guard.dragons.iter().position(|d| d.contains(&n)) else {
                continue;
            };
            if read.contains(&i) {
                continue;
            }
            read.push(i);
            let stones = self.guard.dragons[i].clone();
            if !board.trymove(m, color) {
                return false;
            }
            let mut answer = self.guard.owl.attack(board, reader, &stones, n);
            self.guard.nodes.set(self.guard.nodes.get() + answer.nodes);
            if answer.result == ReadResult::Win {
                if let Some(exact) = self
                    .guard
                    .exact(board, reader, Question::Attack, n, &answer)
                {
                    answer = exact;
                }
            }
            board.popgo();
            if answer.result == ReadResult::Win {
                log::debug!(
                    "genmove: {m:?} kills the own dragon at {:?} ({} stones)",
                    stones[0],
                    stones.len()
                );
                return true;
            }
        }
        false
    }

    /// Does the mover's move `m` let a dead opponent dragon live? An
    /// opponent dragon of two stones or more with a stone next to `m`
    /// that the owl reads dead before the move (its attack kills cleanly
    /// and its defence fails, each through the exact solver as
    /// `owl_attack` and `owl_defend` read) is read again after `m`, the
    /// opponent to move: when the defence then succeeds (a seki, a ko or
    /// life), the move is a blunder (an outer liberty filled, an eye
    /// space widened: GNU Go 3.8 has no such check, its blunder suite
    /// asks for one).
    fn revives_dead_foe(&mut self, board: &mut Board, reader: &mut Reader, m: Point) -> bool {
        if !board.is_empty(m) {
            return false;
        }
        let foe = self.color.opponent();
        let mut seen: Vec<usize> = Vec::new();
        for n in m.neighbors() {
            if !board.on_board(n) || board.color_at(n) != Some(foe) {
                continue;
            }
            let i = match self.guard.foes.iter().position(|(d, _)| d.contains(&n)) {
                Some(i) => i,
                None => {
                    let guard = &mut self.guard;
                    let stones = guard
                        .links
                        .dragon_stones(&mut Readers::new(board, reader, &mut guard.conn), n);
                    // The static judgement first: a dragon with two eyes
                    // or a way out as it stands is not dead (and costs no
                    // reading).
                    let dead = stones.len() >= 2
                        && !guard.owl.alive_as_it_stands(board, reader, &stones)
                        && guard.read(board, reader, Question::Attack, &stones, stones[0])
                            == ReadResult::Win
                        && guard.read(board, reader, Question::Defend, &stones, stones[0])
                            == ReadResult::Fail;
                    guard.foes.push((stones, dead));
                    guard.foes.len() - 1
                }
            };
            if seen.contains(&i) || !self.guard.foes[i].1 {
                continue;
            }
            seen.push(i);
            if !board.trymove(m, self.color) {
                return false;
            }
            let left: Vec<Point> = self.guard.foes[i]
                .0
                .iter()
                .copied()
                .filter(|&p| board.is_stone(p))
                .collect();
            let lives = left.len() >= 2
                && self
                    .guard
                    .read(board, reader, Question::Defend, &left, left[0])
                    != ReadResult::Fail;
            board.popgo();
            if lives {
                log::debug!(
                    "genmove: {m:?} lets the dead opponent dragon at {:?} live",
                    self.guard.foes[i].0[0]
                );
                return true;
            }
        }
        false
    }

    /// The mover's targets for the opponent and the opponent's
    /// combination now.
    fn own(&mut self, board: &mut Board, reader: &mut Reader) -> &(Targets, u32) {
        let (color, config) = (self.color, self.config);
        self.own.get_or_insert_with(|| {
            let targets = Targets::read(board, reader, color);
            let before = atari_atari(board, reader, config, &targets).map_or(0, |c| c.value);
            (targets, before)
        })
    }

    /// Is `m` legal, allowed by `filter`, safe for the mover's stone and
    /// no blunder?
    fn is_playable(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        filter: &MoveFilter,
        m: Point,
    ) -> bool {
        let color = self.color;
        board.is_legal(m, color)
            && filter.permits(board, m, color)
            && reader.safe_move(board, m, color).succeeds()
            && !self.is_blunder(board, reader, m)
    }

    /// Does the move `m` give the opponent a combination it did not have,
    /// kill an own dragon or revive a dead opponent dragon?
    fn is_blunder(&mut self, board: &mut Board, reader: &mut Reader, m: Point) -> bool {
        let config = self.config;
        let (targets, before) = self.own(board, reader);
        let (targets, before) = (targets.clone(), *before);
        self.last_refutation = None;
        let Some(c) = blunder_combination(board, reader, config, &targets, before, m) else {
            return self.kills_own_dragon(board, reader, m)
                || self.revives_dead_foe(board, reader, m);
        };
        self.last_refutation = Some(c.mv);
        log::debug!(
            "genmove: {m:?} allows a combination of value {} at {:?}",
            c.value,
            c.mv
        );
        if !self.refutations.contains(&c.mv) {
            self.refutations.push(c.mv);
        }
        true
    }

    /// Instead of passing: the first point the opponent's combination
    /// after a blunder would start from ([`Combos::refutations`], those
    /// found on the way included, at most [`REFUTATIONS`] tried) that is
    /// legal, allowed, safe and no blunder itself. Holding that point
    /// first takes the opponent's threat away.
    fn refutation(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        filter: &MoveFilter,
    ) -> Option<Point> {
        let mut i = 0;
        while i < self.refutations.len().min(REFUTATIONS) {
            let p = self.refutations[i];
            i += 1;
            if self.is_playable(board, reader, filter, p) {
                return Some(p);
            }
        }
        None
    }

    /// The first of `candidates` that is no blunder; the first blunder is
    /// remembered in `skipped` (if none was before). A candidate skipped
    /// because it lets the opponent start a combination at some point is
    /// replaced there and then by that point, when the mover may play it
    /// (legal, allowed, safe, no blunder itself): holding the point keeps
    /// the threat away, as step 9 does for the last resort, and the
    /// candidate was urgent enough to be tried before the later steps.
    fn first_sound(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        filter: &MoveFilter,
        candidates: &[Candidate],
        skipped: &mut Option<Point>,
    ) -> Option<Candidate> {
        for c in candidates {
            if !self.is_blunder(board, reader, c.mv) {
                return Some(*c);
            }
            skipped.get_or_insert(c.mv);
            if let Some(x) = self.last_refutation.filter(|&x| x != c.mv) {
                if self.is_playable(board, reader, filter, x) {
                    log::debug!(
                        "genmove: {:?} replaced by {x:?}, where its refutation starts",
                        c.mv
                    );
                    return Some(Candidate {
                        mv: x,
                        reason: c.reason,
                    });
                }
            }
        }
        None
    }

    /// The first move of a combination of the mover's, if it is allowed
    /// and no blunder.
    fn own_combination(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        filter: &MoveFilter,
    ) -> Option<Point> {
        let targets = Targets::read(board, reader, self.color.opponent());
        let c = atari_atari(board, reader, self.config, &targets)?;
        (board.is_legal(c.mv, self.color)
            && filter.permits(board, c.mv, self.color)
            && !self.is_blunder(board, reader, c.mv))
        .then_some(c.mv)
    }

    /// When the opponent has a combination: a move that stops it, safe,
    /// allowed and no blunder itself: the combination's own first move
    /// when it is one of them, else the first in board order.
    fn stop_opponent(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        filter: &MoveFilter,
    ) -> Option<Point> {
        let (targets, before) = self.own(board, reader).clone();
        if before == 0 {
            return None;
        }
        let (combo, mut defenses) = combination_defenses(board, reader, self.config, &targets)?;
        if let Some(i) = defenses.iter().position(|&p| p == combo.mv) {
            defenses[..=i].rotate_right(1);
        }
        defenses
            .into_iter()
            .find(|&p| filter.permits(board, p, self.color) && !self.is_blunder(board, reader, p))
    }
}

/// A random point of `pool` where a stone of `color` is tactically safe
/// and hands the opponent no combination (the first point that does is
/// remembered in `skipped`).
fn random_safe(
    board: &mut Board,
    reader: &mut Reader,
    combos: &mut Combos,
    rng: &mut SplitMix64,
    mut pool: Vec<Point>,
    skipped: &mut Option<Point>,
    deferred: &mut Vec<Point>,
) -> Option<Point> {
    let color = combos.color;
    while !pool.is_empty() {
        let i = rng.below(pool.len());
        let p = pool.swap_remove(i);
        if shortens_own_race(board, p, color) {
            deferred.push(p);
            continue;
        }
        if reader.safe_move(board, p, color).succeeds() {
            if !combos.is_blunder(board, reader, p) {
                return Some(p);
            }
            skipped.get_or_insert(p);
        }
    }
    None
}

/// Would `color` at `p` take a liberty its own string shares with an
/// opponent string and leave that string with two liberties or fewer? In a
/// capturing race that is the liberty to fill last (or never: filling it
/// can turn a won race into seki), so a move in no hurry leaves it alone.
fn shortens_own_race(board: &Board, p: Point, color: Color) -> bool {
    libs::has_neighbor(board, p, color)
        && libs::has_neighbor(board, p, color.opponent())
        && board.is_legal(p, color)
        && libs::accuratelib(board, p, color, 3) <= 2
}

/// Does `color` at `p` put an opponent string in atari that the final
/// statuses do not call dead?
fn ataris_living(board: &mut Board, p: Point, color: Color, statuses: &FinalStatus) -> bool {
    board
        .with_move(p, color, |b| {
            p.neighbors().iter().any(|&n| {
                b.on_board(n)
                    && b.color_at(n) == Some(color.opponent())
                    && b.countlib(n) == 1
                    && statuses.status(n) != PointStatus::Dead
            })
        })
        .unwrap_or(false)
}

/// Is the empty point `p` settled territory: the final statuses give it
/// to a side (an empty region only that side's living stones border) and
/// the territory estimate with the dead stones taken off (`cleaned`)
/// agrees (the region is enclosed firmly enough that the other side's
/// influence does not reach it)? A region only loosely walled in, such as
/// a framework early in the game, is bordered by one colour but not yet
/// its estimated territory.
fn is_settled(cleaned: &Territory, statuses: &FinalStatus, p: Point) -> bool {
    match statuses.status(p) {
        PointStatus::Territory(c) => cleaned.owner(p) == Some(c),
        _ => false,
    }
}

/// Is the empty point `p` of settled territory a cutting point of its
/// wall: next to two or more different strings of the territory's owner,
/// with a stone of the other side safe there? The owner fills it, the
/// other side cuts; either way the territory is not finished.
fn is_cutting_point(
    board: &mut Board,
    reader: &mut Reader,
    statuses: &FinalStatus,
    p: Point,
) -> bool {
    let PointStatus::Territory(owner) = statuses.status(p) else {
        return false;
    };
    let mut strings: Vec<Point> = Vec::new();
    for n in p.neighbors() {
        if board.on_board(n) && board.cell(n).is(owner) {
            let o = board.origin(n);
            if !strings.contains(&o) {
                strings.push(o);
            }
        }
    }
    strings.len() >= 2
        && board.is_legal(p, owner.opponent())
        && reader.safe_move(board, p, owner.opponent()).succeeds()
}

/// A move of `color` that takes a liberty of an opponent string the final
/// statuses call dead in `color`'s territory (the string with fewest
/// liberties first, then board order; its liberties in board order): legal,
/// allowed by the ko rule, tactically safe and no blunder.
fn removal_move(
    board: &mut Board,
    reader: &mut Reader,
    combos: &mut Combos,
    filter: &MoveFilter,
    statuses: &FinalStatus,
) -> Option<Point> {
    let color = combos.color;
    let mut dead: Vec<(usize, Point)> = board
        .chain_origins(Some(color.opponent()))
        .into_iter()
        .filter(|&o| {
            statuses.status(o) == PointStatus::Dead && statuses.owner(board, o) == Some(color)
        })
        .map(|o| (board.countlib(o), o))
        .collect();
    dead.sort();
    for (_, o) in dead {
        for lib in board.liberties_sorted(o) {
            if combos.is_playable(board, reader, filter, lib) {
                return Some(lib);
            }
        }
    }
    None
}

/// Every purposeful move for `color`, best first, each point once: the
/// captures of strings their owner could save (largest string first, ties
/// in board order), then the rescues (likewise), then the break-ins and
/// blocks (largest region first, break-ins before blocks of the same
/// size), then the captures of strings their owner cannot save. Only legal moves (for the
/// board and for `filter`, the game's ko rule) whose stone is tactically
/// safe are kept. `genmove` plays the first; the analysis commands show
/// them all.
pub fn ranked_moves(
    rd: &mut Readers<'_>,
    territory: &Territory,
    filter: &MoveFilter,
    color: Color,
) -> Vec<Candidate> {
    let (mut ranked, dead) = tactical_moves(rd.board, rd.reader, filter, color, usize::MAX);
    for c in territorial_moves(rd, territory, filter, color, usize::MAX)
        .into_iter()
        .chain(dead)
    {
        if !ranked.iter().any(|r| r.mv == c.mv) {
            ranked.push(c);
        }
    }
    ranked
}

/// The captures of strings their owner could save, then the rescues, of
/// [`ranked_moves`], at most `limit`; and apart from them, at most `limit`
/// moves in no hurry: captures of strings the reader finds no defence for
/// ([`Reason::CaptureDead`], GNU Go gives an attack on a string without
/// a defence no value of its own), and rescues of strings whose capture
/// would be a snapback.
fn tactical_moves(
    board: &mut Board,
    reader: &mut Reader,
    filter: &MoveFilter,
    color: Color,
    limit: usize,
) -> (Vec<Candidate>, Vec<Candidate>) {
    let mut proposals: Vec<Candidate> = Vec::new();
    let mut dead: Vec<Candidate> = Vec::new();
    for (size, origin, lib) in strings_in_atari(board, color.opponent()) {
        if reader.find_defense(board, origin).0 == ReadResult::Fail {
            dead.push(Candidate {
                mv: lib,
                reason: Reason::CaptureDead(size),
            });
        } else {
            proposals.push(Candidate {
                mv: lib,
                reason: Reason::Capture(size),
            });
        }
    }
    for (size, _, lib) in strings_in_atari(board, color) {
        let c = Candidate {
            mv: lib,
            reason: Reason::Rescue(size),
        };
        if captures_into_snapback(board, lib, color.opponent()) {
            dead.push(c);
        } else {
            proposals.push(c);
        }
    }
    (
        keep_safe(board, reader, filter, color, proposals, limit),
        keep_safe(board, reader, filter, color, dead, limit),
    )
}

/// `first` and `second` merged, each in its own order: the head of
/// `second` goes first when it is about more stones than the head of
/// `first`; each point once.
fn merge_by_size(first: &[Candidate], second: &[Candidate]) -> Vec<Candidate> {
    let (mut i, mut j) = (0, 0);
    let mut merged: Vec<Candidate> = Vec::new();
    while i < first.len() || j < second.len() {
        let take_second = match (first.get(i), second.get(j)) {
            (Some(a), Some(b)) => b.reason.size() > a.reason.size(),
            (None, _) => true,
            (_, None) => false,
        };
        let c = if take_second {
            j += 1;
            second[j - 1]
        } else {
            i += 1;
            first[i - 1]
        };
        if !merged.iter().any(|m| m.mv == c.mv) {
            merged.push(c);
        }
    }
    merged
}

/// The break-ins and blocks of [`ranked_moves`], at most `limit`.
fn territorial_moves(
    rd: &mut Readers<'_>,
    territory: &Territory,
    filter: &MoveFilter,
    color: Color,
    limit: usize,
) -> Vec<Candidate> {
    let mut proposals: Vec<Candidate> = find_break_ins(rd, territory, color)
        .into_iter()
        .map(|b| Candidate {
            mv: b.mv,
            reason: Reason::BreakIn(b.region_size),
        })
        .collect();
    proposals.extend(
        find_blocks(rd, territory, color)
            .into_iter()
            .map(|b| Candidate {
                mv: b.mv,
                reason: Reason::Block(b.region_size),
            }),
    );
    // Stable: break-ins before blocks of the same size.
    proposals.sort_by_key(|c| match c.reason {
        Reason::BreakIn(n) | Reason::Block(n) => std::cmp::Reverse(n),
        _ => std::cmp::Reverse(0),
    });
    keep_safe(rd.board, rd.reader, filter, color, proposals, limit)
}

/// The proposals that are legal (for the board and the ko rule) with a
/// tactically safe stone, each point once, in order, at most `limit`.
fn keep_safe(
    board: &mut Board,
    reader: &mut Reader,
    filter: &MoveFilter,
    color: Color,
    proposals: Vec<Candidate>,
    limit: usize,
) -> Vec<Candidate> {
    let mut kept: Vec<Candidate> = Vec::new();
    for c in proposals {
        if kept.len() >= limit {
            break;
        }
        if kept.iter().any(|r| r.mv == c.mv) {
            continue;
        }
        if board.is_legal(c.mv, color)
            && filter.permits(board, c.mv, color)
            && reader.safe_move(board, c.mv, color).succeeds()
        {
            kept.push(c);
        }
    }
    kept
}

/// The strings of `owner` in atari as (size, origin, liberty), largest
/// first, ties in board order.
fn strings_in_atari(board: &Board, owner: Color) -> Vec<(usize, Point, Point)> {
    let mut strings: Vec<(usize, Point)> = board
        .chain_origins(Some(owner))
        .into_iter()
        .filter(|&o| board.countlib(o) == 1)
        .map(|o| (board.chain_size(o), o))
        .collect();
    strings.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    strings
        .into_iter()
        .map(|(size, o)| (size, o, board.libs(o)[0]))
        .collect()
}

/// Would `attacker`'s capture at `lib` (the last liberty of a string of the
/// other colour) run into a snapback: the capturing string of two stones
/// or more left in atari, so that the other side takes it back at once?
fn captures_into_snapback(board: &mut Board, lib: Point, attacker: Color) -> bool {
    if !board.trymove(lib, attacker) {
        return false;
    }
    let snapback = board.chain_size(lib) >= 2 && board.countlib(lib) == 1 && {
        let back = board.libs(lib)[0];
        board.is_legal(back, attacker.opponent())
    };
    board.popgo();
    snapback
}

/// Is `p` an eye of `color`: every neighbour an own stone or the edge, and
/// at most one opponent diagonal (none on the edge)?
pub fn is_own_eye(board: &Board, p: Point, color: Color) -> bool {
    if !board.is_empty(p) {
        return false;
    }
    if p.neighbors()
        .iter()
        .any(|&n| !matches!(board.cell(n), Cell::Border) && !board.cell(n).is(color))
    {
        return false;
    }
    let mut enemy = 0;
    let mut edge = false;
    for d in p.diagonals() {
        match board.cell(d) {
            Cell::Border => edge = true,
            c if c.is(color.opponent()) => enemy += 1,
            _ => {}
        }
    }
    if edge {
        enemy == 0
    } else {
        enemy <= 1
    }
}

/// Legal points for `color` (for the board and the ko rule) that are not
/// own eyes and not inside a small empty region bordered by one colour
/// only, in board order.
fn useful_points(board: &Board, filter: &MoveFilter, color: Color) -> Vec<Point> {
    let regions = empty_regions(board);
    board
        .points()
        .filter(|&p| board.is_empty(p))
        .filter(|&p| {
            let region = regions.of(p);
            !(region.bordered_by().is_some() && region.size <= SMALL_REGION)
        })
        .filter(|&p| {
            board.is_legal(p, color)
                && filter.permits(board, p, color)
                && !is_own_eye(board, p, color)
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::Game;
    use crate::owl::OwlAnswer;

    /// A game whose position is the diagram's.
    fn game_from(diagram: &str) -> Game {
        let board = Board::from_diagram(diagram).expect("diagram");
        let mut game = Game::new(board.size());
        for p in board.points() {
            if let Some(c) = board.color_at(p) {
                game.setup(p, Some(c)).expect("setup");
            }
        }
        game
    }

    fn engine_with(game: Game) -> Engine {
        Engine {
            game,
            ..Engine::default()
        }
    }

    fn gen(diagram: &str, color: Color) -> Move {
        let mut engine = engine_with(game_from(diagram));
        generate_move(&mut engine, color, 0)
    }

    #[test]
    fn captures_what_it_can() {
        let m = gen(
            ". X O . .
             . . X . .
             . . . . .
             . . . . .
             . . . . .",
            Color::Black,
        );
        assert_eq!(m, Move::Play(Point::new(0, 3)));
    }

    #[test]
    fn a_liberty_shared_in_a_race_shortens_the_filler() {
        // Black's two stones on the left edge have two liberties, both
        // next to White's wall: either black move there leaves one. White
        // filling B4 keeps many liberties.
        let board = Board::from_diagram(
            "X . O . .
             X . O . .
             O O O . .
             . . . . .
             . . . . .",
        )
        .expect("diagram");
        assert!(shortens_own_race(&board, Point::new(0, 1), Color::Black));
        assert!(shortens_own_race(&board, Point::new(1, 1), Color::Black));
        assert!(!shortens_own_race(&board, Point::new(1, 1), Color::White));
        // Not next to an enemy stone: no race.
        assert!(!shortens_own_race(&board, Point::new(3, 0), Color::White));
    }

    use crate::analysis::tests::OPEN_BOTTOM;

    /// Break-ins white has from the string at F4 after `extra` is played.
    fn white_break_ins_after(extra: Option<(Point, Color)>) -> usize {
        use crate::analysis::breakin::find_break_ins;
        let mut board = Board::from_diagram(OPEN_BOTTOM).expect("diagram");
        if let Some((p, c)) = extra {
            board.play(p, c).expect("legal");
        }
        let mut reader = Reader::default();
        let mut conn = ConnectionReader::default();
        let t = Territory::estimate(&mut board, &mut reader);
        let from = board.origin(Point::new(5, 5));
        find_break_ins(
            &mut Readers::new(&mut board, &mut reader, &mut conn),
            &t,
            Color::White,
        )
        .iter()
        .filter(|b| b.string == from)
        .count()
    }

    #[test]
    fn blocks_a_break_in_and_breaks_in_itself() {
        assert!(white_break_ins_after(None) > 0);
        let Move::Play(block) = gen(OPEN_BOTTOM, Color::Black) else {
            panic!("black passes");
        };
        assert_eq!(white_break_ins_after(Some((block, Color::Black))), 0);
        // White to move plays its break-in: afterwards the lower-left area
        // is no longer black territory of ten points or more.
        let Move::Play(intrusion) = gen(OPEN_BOTTOM, Color::White) else {
            panic!("white passes");
        };
        let mut board = Board::from_diagram(OPEN_BOTTOM).expect("diagram");
        let mut reader = Reader::default();
        let before = Territory::estimate(&mut board, &mut reader).count(Color::Black);
        board.play(intrusion, Color::White).expect("legal");
        let after = Territory::estimate(&mut board, &mut reader).count(Color::Black);
        assert!(after < before, "{intrusion:?}: {before} -> {after}");
    }

    /// A finished 9x9 game: black owns columns A-C, white F-J, no dame.
    pub(crate) const SETTLED: &str = ". . . X O . . . .
                           . . . X O . . . .
                           . . . X O . . . .
                           . . . X O . . . .
                           . . . X O . . . .
                           . . . X O . . . .
                           . . . X O . . . .
                           . . . X O . . . .
                           . . . X O . . . .";

    #[test]
    fn passes_when_the_game_is_settled() {
        // Both territories are larger than SMALL_REGION: the move
        // generator used to play random moves into them.
        assert_eq!(gen(SETTLED, Color::Black), Move::Pass);
        assert_eq!(gen(SETTLED, Color::White), Move::Pass);
    }

    #[test]
    fn removes_a_dead_stone_before_passing() {
        // A dead white stone at B5 in black's territory: black takes its
        // liberties (and blocks its way out) until it is captured, then
        // passes; white does not try to rescue it and passes.
        let with_stone = ". . . X O . . . .
                          . . . X O . . . .
                          . . . X O . . . .
                          . . . X O . . . .
                          . O . X O . . . .
                          . . . X O . . . .
                          . . . X O . . . .
                          . . . X O . . . .
                          . . . X O . . . .";
        assert_eq!(gen(with_stone, Color::White), Move::Pass);
        let stone = Point::new(4, 1);
        let mut engine = engine_with(game_from(with_stone));
        assert!(engine.board().cell(stone).is(Color::White));
        let mut moves = Vec::new();
        while engine.board().cell(stone).is(Color::White) {
            let m = generate_move(&mut engine, Color::Black, 0);
            let Move::Play(p) = m else {
                panic!("black passes with the dead stone on the board after {moves:?}");
            };
            // Liberties of B5, or a block of its way into the top.
            assert!(p.col() < 3, "{p:?} is outside black's territory");
            engine.game.play(Color::Black, m).expect("legal");
            engine.game.play(Color::White, Move::Pass).expect("pass");
            moves.push(p);
            assert!(moves.len() <= 6, "{moves:?}");
        }
        let m = generate_move(&mut engine, Color::Black, 0);
        assert_eq!(m, Move::Pass, "after {moves:?}");
    }

    #[test]
    fn fills_or_cuts_a_wall_before_passing() {
        // From a 7x7 self-play game (seed 7, move 25). The static final
        // statuses give white the whole board (the black stones are
        // dead), but white's strings B5 and C4 meet at C5, where a black
        // stone is safe: black cuts there, white fills it.
        let position = ". . . X O . .
                        X . X X O . .
                        . O . X O . .
                        O . O X X . .
                        . O . O . . .
                        O X X O . O .
                        . . X X O . .";
        // Steps 1-5 without the owl's moves: the owl reads both sides'
        // groups here as critical (GNU Go: alive), so the full generator
        // defends them first (black B6, white F5).
        let c5 = Point::new(2, 2);
        for color in [Color::Black, Color::White] {
            let mut engine = engine_with(game_from(position));
            let filter = engine.game.move_filter();
            let mv = early_move(&mut engine, &[], OwlGuard::default(), filter, color, 0).ok();
            assert_eq!(mv, Some(Move::Play(c5)), "{color:?}");
        }
    }

    #[test]
    fn plays_and_stops_a_combination() {
        use crate::combination::tests::DOUBLE_ATARI;
        let f7 = Point::new(4, 5);
        assert_eq!(gen(DOUBLE_ATARI, Color::Black), Move::Play(f7));
        assert_eq!(gen(DOUBLE_ATARI, Color::White), Move::Play(f7));
    }

    #[test]
    fn passes_when_only_own_eyes_remain() {
        let m = gen(
            ". X . X .
             X X X X X
             X X X X X
             X X X X X
             X X X X X",
            Color::Black,
        );
        assert_eq!(m, Move::Pass);
    }

    /// White's E9 or F9 (the only open points) would let black's F9 or
    /// E9 atari D9 and G9 at once: before this, white passed. Now it
    /// holds the point black's combination would start from, and from
    /// there C9 (F9 is a blunder as well), where D9 joins its wall.
    #[test]
    fn holds_the_combination_point_rather_than_pass() {
        let diagram = ". . . O . . O . .
             . O O X X X X O O
             O O X X X X X X O
             O X X . X . X X O
             O X . X . X . X O
             O X X X X X X X O
             O O O O O O O O O
             . . . . . . . . .
             . . . . . . . . .";
        let b = Board::from_diagram(diagram).expect("diagram");
        assert_eq!(
            gen(diagram, Color::White),
            Move::Play(b.point(0, 2).unwrap())
        );
    }

    /// Black's combination at F7 (a double atari) would win more than
    /// white's capture of the black stone in the corner at B1: white
    /// stops the combination first (it used to capture).
    #[test]
    fn stops_a_larger_combination_before_a_small_capture() {
        let diagram = ". . . . . . . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .
             . . . . X . X . . . .
             . . . X O . O X . . .
             . . . . . . . . . . .
             . . . . . O . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .
             O . . . . . . . . . .
             X . . . . . . . . . .";
        assert_eq!(gen(diagram, Color::White), Move::Play(Point::new(4, 5)));
    }

    /// A dead black stone in the corner of White's territory (J9: in atari
    /// at J8, where it would have no liberty) and a column of dame between
    /// the walls: White fills a dame point first. Taking J9 only fills a
    /// point of its own territory; the stone counts as a prisoner anyway.
    #[test]
    fn a_dead_stone_in_own_territory_waits_for_the_dame() {
        let diagram = ". . . X . O . O X
             . . . X . O . O .
             . . . X . O . . O
             . . . X . O . . .
             . . . X . O . . .
             . . . X . O . . .
             . . . X . O . . .
             . . . X . O . . .
             . . . X . O . . .";
        let mut board = Board::from_diagram(diagram).expect("diagram");
        let mut reader = Reader::default();
        let j8 = Point::new(1, 8);
        let (_, unhurried) = tactical_moves(
            &mut board,
            &mut reader,
            &MoveFilter::default(),
            Color::White,
            usize::MAX,
        );
        assert!(unhurried.iter().any(|c| c.mv == j8), "{unhurried:?}");
        let m = gen(diagram, Color::White);
        let Move::Play(p) = m else { panic!("{m:?}") };
        assert_eq!(p.col(), 4, "{p:?}");
    }

    /// White's A2 cannot escape (A1 leaves it in atari): its capture can
    /// wait, black saves E5 at E4 first (it used to capture at A1).
    #[test]
    fn saves_a_string_before_taking_a_dead_one() {
        let diagram = ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . O . . . .
             . . . O X O . . .
             . . . . . . . . .
             X . . . . . . . .
             O X . . . . . . .
             . . . . . . . . .";
        assert_eq!(gen(diagram, Color::Black), Move::Play(Point::new(5, 4)));
    }

    /// C6 takes the two white stones C5-D5 and saves D6, but neither is
    /// urgent: white cannot save C5-D5, and white's capture of D6 at C6
    /// would be a snapback. The move waits among the unhurried ones.
    #[test]
    fn snapback_rescue_and_dead_capture_wait() {
        let diagram = ". . . . . . . . .
             . . . . . . . . .
             . . X O O . . . .
             . X . X O . . . .
             . X O O X . . . .
             . . X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .";
        let mut board = Board::from_diagram(diagram).expect("diagram");
        let mut reader = Reader::default();
        let c6 = Point::new(3, 2);
        assert!(captures_into_snapback(&mut board, c6, Color::White));
        let filter = MoveFilter::default();
        let (urgent, unhurried) =
            tactical_moves(&mut board, &mut reader, &filter, Color::Black, usize::MAX);
        assert!(!urgent.iter().any(|c| c.mv == c6), "{urgent:?}");
        assert!(unhurried.iter().any(|c| c.mv == c6), "{unhurried:?}");
    }

    /// A corner group with a straight three to live in: the middle point
    /// makes two eyes. The region is one only Black borders, so no other
    /// step would play there; the owl's defence point does.
    #[test]
    fn saves_a_critical_group_at_its_vital_point() {
        let diagram = ". . . X O . . . .
             X X X X O . . . .
             O O O O O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .";
        let b = Board::from_diagram(diagram).expect("diagram");
        assert_eq!(
            gen(diagram, Color::Black),
            Move::Play(b.point(0, 1).unwrap())
        );
    }

    #[test]
    fn a_move_that_spoils_a_living_eye_space_kills_its_own_dragon() {
        // Black lives with the straight four A1-D1 (not unconditionally:
        // a single eye space). Black A1 leaves a straight three that
        // White's C1 kills; a move far away touches no black stone.
        let mut engine = engine_with(game_from(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             O O O O O O .
             X X X X X O .
             . . . . X O .",
        ));
        let guard = OwlGuard::new(&mut engine, Color::Black, 2);
        assert_eq!(guard.dragons.len(), 1);
        let mut combos = Combos::new(Color::Black, guard);
        let board = engine.game.board_mut();
        let reader = &mut engine.reader;
        assert!(combos.kills_own_dragon(board, reader, Point::new(6, 0)));
        assert!(!combos.kills_own_dragon(board, reader, Point::new(0, 0)));
        assert!(combos.guard.nodes.get() > 0);
    }

    /// White's owl defence of its bottom group at E2 would leave D6 and
    /// F6 short of liberties: Black's E6 then starts a combination. The
    /// skipped defence gives way to E6 itself, which joins the two
    /// stones (before, the generator went on to another move). Black's
    /// B3 and E1 make the bottom group critical: without them the owl
    /// calls it alive since the escape walk's open points may have White's
    /// own stones near them (2026-12-02), and no defence is generated.
    #[test]
    fn a_refuted_candidate_gives_way_to_the_point_of_its_refutation() {
        let position = ". . . X . X .
                        . . . O . O .
                        . . . X . . .
                        . . . . . . .
                        X X . . . . .
                        . . . . . O .
                        X O . O X O .";
        assert_eq!(gen(position, Color::White), Move::Play(Point::new(1, 4)));
    }

    /// Black's four stones in White's corner are dead to the owl (its
    /// attack at C1 kills, no defence saves them). White's B1 inside the
    /// corner hands Black A1 and life, so the guard calls it a blunder;
    /// White's own killing move C1 and a move far away are no blunders
    /// of this kind.
    #[test]
    fn a_move_that_lets_dead_stones_live_is_a_blunder() {
        let mut engine = engine_with(game_from(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             O O O O O . .
             X X . . O . .
             . X X . O . .
             . . . . O . .",
        ));
        let guard = OwlGuard::new(&mut engine, Color::White, 2);
        let mut combos = Combos::new(Color::White, guard);
        let board = engine.game.board_mut();
        let reader = &mut engine.reader;
        let (b1, c1, g7) = (Point::new(6, 1), Point::new(6, 2), Point::new(0, 6));
        assert!(combos.revives_dead_foe(board, reader, b1));
        assert!(!combos.revives_dead_foe(board, reader, c1));
        assert!(!combos.revives_dead_foe(board, reader, g7));
        assert_eq!(combos.guard.foes.len(), 1, "one dragon read once");
        assert!(combos.guard.foes[0].1, "read dead");
    }

    /// The guard's kills go through the exact solver as `owl_attack`'s
    /// do: given a heuristic "kill" of an enclosed group with two eyes,
    /// the solver answers that the attack fails; for a group that is not
    /// enclosed it has no answer and the heuristic one stands.
    #[test]
    fn the_exact_solver_overrules_a_false_kill() {
        let mut engine = engine_with(game_from(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             O O O O O . .
             X X X X O . .
             . X . X O . X",
        ));
        let heuristic = OwlAnswer {
            result: ReadResult::Win,
            mv: Some(Point::new(6, 0)),
            certain: true,
            nodes: 0,
        };
        let mut parts = LifeParts::of(&mut engine);
        let b2 = Point::new(5, 1);
        let exact = life::exact_answer(&mut parts, Question::Attack, b2, &heuristic);
        assert_eq!(exact.map(|a| a.result), Some(ReadResult::Fail));
        let g1 = Point::new(6, 6);
        assert!(life::exact_answer(&mut parts, Question::Attack, g1, &heuristic).is_none());
    }
}
