//! Life-and-death questions that combine readers: the owl's answer
//! corrected by the exact solver where the dragon is enclosed, a
//! dragon's status (owl, exact solver, seki by semeai), the enclosed
//! region of a dragon with its walls read, and the owl's answers kept for
//! the position ([`OwlAnswers`], the persistent owl cache).
//!
//! GNU Go counterpart: `owl_attack` / `owl_defend` as `engine/owl.c`
//! exposes them, and `dragon_status` of `interface/play_gtp.c`; the exact
//! solver and its region have none (GNU Go 3.8 has no exact solver).

use super::Engine;
use crate::analysis::dragon::Dragons;
use crate::analysis::status::{self, FinalStatus, OwlVerdicts, SEKI_SHARED_LIBERTIES};
use crate::analysis::Readers;
use crate::board::{Board, Color, Point};
use crate::connect::ConnectionReader;
use crate::eyes::unconditional::{unconditional_status, UnconditionalStatus};
use crate::game::MoveFilter;
use crate::owl::search::OWNER_ROOT_WIDTH;
use crate::owl::{OwlAnswer, OwlReader};
use crate::reading::{ReadResult, Reader, ReadingConfig};
use crate::semeai::{Outcome, RaceDragon};
use crate::solve::{LifeSolver, NotEnclosed, OwlExact, Region};
use std::collections::HashMap;

/// Which owl question is asked: `owl_attack` or `owl_defend`.
#[derive(Clone, Copy)]
pub enum Question {
    /// Can the dragon be killed (`owl_attack`)?
    Attack,
    /// Can the dragon be saved (`owl_defend`)?
    Defend,
}

/// Read one question about the dragon with `stones`: heuristically, then
/// exactly where the dragon is enclosed and the solver proves a clean
/// answer (see `exact`). The answer is kept in the engine's
/// [`OwlAnswers`] for the position.
pub fn ask(engine: &mut Engine, q: Question, stones: &[Point], target: Point) -> OwlAnswer {
    let kind = match q {
        Question::Attack => AnswerKind::Attack,
        Question::Defend => AnswerKind::Defend,
    };
    remembered(engine, kind, stones, target, |engine| {
        let board = engine.game.board_mut();
        let heuristic = match q {
            Question::Attack => engine.owl.attack(board, &mut engine.reader, stones, target),
            Question::Defend => engine.owl.defend(board, &mut engine.reader, stones, target),
        };
        exact(engine, q, target, &heuristic).unwrap_or(heuristic)
    })
}

/// Which read an [`OwlAnswers`] entry holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum AnswerKind {
    Attack,
    Defend,
    /// The defence read after a successful attack ([`read_status`]):
    /// the same answer as `Defend`, with other node counts.
    DefendAttacked,
}

/// The key of a remembered answer: the position (stones and ko point),
/// the read, the named stone and the dragon's stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct AnswerKey {
    position: u64,
    kind: AnswerKind,
    target: Point,
    stones: u64,
}

/// How many answers [`OwlAnswers`] keeps before it starts afresh.
pub const OWL_ANSWERS_CAPACITY: usize = 1000;

/// The owl's persistent cache: the answers of `owl_attack`, `owl_defend`
/// and `dragon_status`'s reads ([`ask`], [`read_status`]) in the current
/// position, each with the tactical depths it was read with. Keyed on the
/// whole position, so an answer is only ever reused for the very position
/// and dragon it was read for, where a fresh read gives the same answer
/// (each owl read starts from an empty table); purged by
/// [`Engine::position_changed`] and [`Engine::clear_caches`], and emptied
/// when it holds [`OWL_ANSWERS_CAPACITY`] answers. A read the interrupt
/// cut short is not kept; `decide_owl`, which records the variations,
/// always reads. GNU Go counterpart: the persistent owl cache
/// of `engine/persistent.c` (keyed there on an active area around the
/// dragon, which reuses answers across positions; here only the same
/// position hits, the price of never answering differently from a fresh
/// read).
#[derive(Debug, Default)]
pub struct OwlAnswers {
    map: HashMap<AnswerKey, (ReadingConfig, OwlAnswer)>,
    hits: u64,
}

impl OwlAnswers {
    /// Forget every answer.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// Answers given from the cache since the engine started.
    pub fn hits(&self) -> u64 {
        self.hits
    }

    /// Answers held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no answer is held.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// The remembered answer of `kind` for the dragon, or `read`'s, which is
/// then remembered (unless the interrupt cut the read short).
fn remembered(
    engine: &mut Engine,
    kind: AnswerKind,
    stones: &[Point],
    target: Point,
    read: impl FnOnce(&mut Engine) -> OwlAnswer,
) -> OwlAnswer {
    let board = engine.game.board();
    let mut sorted = stones.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let key = AnswerKey {
        position: board.hash(),
        kind,
        target,
        stones: stones_key(&sorted),
    };
    // `decide_owl` records the read's variations: it always reads.
    let recording = engine.owl.tracer.is_some();
    if let Some((config, answer)) = engine.owl_answers.map.get(&key) {
        if *config == engine.reader.config && !recording {
            engine.owl_answers.hits += 1;
            return *answer;
        }
    }
    let answer = read(engine);
    if !engine.interrupted() {
        let answers = &mut engine.owl_answers;
        if answers.map.len() >= OWL_ANSWERS_CAPACITY {
            answers.map.clear();
        }
        answers
            .map
            .insert(key, (engine.reader.config.clone(), answer));
    }
    answer
}

/// A hash of a sorted list of points (FNV-1a over their indices).
fn stones_key(sorted: &[Point]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for p in sorted {
        h ^= p.idx() as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

/// The solver's answer to the question ([`crate::solve`]) when the
/// dragon at `target` is enclosed, strictly or once the gaps of its walls
/// are held by the attacker ([`owl_region`]), and the answer is proved
/// without a ko deciding it, within `--life-node-limit` per search: `WIN`
/// with a move (the heuristic read's move when it wins too) or `0`, never
/// uncertain. `None` otherwise: the heuristic answer stands.
fn exact(
    engine: &mut Engine,
    q: Question,
    target: Point,
    heuristic: &OwlAnswer,
) -> Option<OwlAnswer> {
    exact_answer(&mut LifeParts::of(engine), q, target, heuristic)
}

/// The readers an exact owl answer ([`exact_answer`]) is read with: the
/// engine's own ([`LifeParts::of`]), or a move generator's, which reads
/// positions after its candidate moves with readers of its own so that
/// the engine's caches of the real position stay as they are.
pub(crate) struct LifeParts<'a> {
    pub board: &'a mut Board,
    pub reader: &'a mut Reader,
    pub conn: &'a mut ConnectionReader,
    pub dragons: &'a mut Dragons,
    pub owl: &'a mut OwlReader,
    pub solver: &'a mut LifeSolver,
}

impl<'a> LifeParts<'a> {
    /// The engine's readers and its board.
    pub(crate) fn of(engine: &'a mut Engine) -> LifeParts<'a> {
        LifeParts {
            board: engine.game.board_mut(),
            reader: &mut engine.reader,
            conn: &mut engine.conn,
            dragons: &mut engine.dragons,
            owl: &mut engine.owl,
            solver: &mut engine.solver,
        }
    }
}

/// [`exact`] with the readers of `parts`.
pub(crate) fn exact_answer(
    parts: &mut LifeParts<'_>,
    q: Question,
    target: Point,
    heuristic: &OwlAnswer,
) -> Option<OwlAnswer> {
    if parts.solver.config.owl_budget == 0 {
        return None;
    }
    let region = owl_region(parts, target)?;
    let first = match q {
        Question::Attack => region.defender.opponent(),
        Question::Defend => region.defender,
    };
    let preferred = if heuristic.result == ReadResult::Fail {
        None
    } else {
        heuristic.mv
    };
    let board = &mut *parts.board;
    let closed = region.close(board)?;
    let answer = parts.solver.owl_answer(board, &closed, first, preferred);
    region.reopen(board);
    let (exact, mv, _) = answer?;
    // A ko the solver's ko master wins is no answer: the ko master has
    // every threat it needs, a harder test than the owl's ko results (a
    // kill that needs many threats is a clean kill to GNU Go). Measured:
    // taking the solver's ko results lost 15 owl-suite tests for 5.
    let result = match exact {
        OwlExact::Wins => ReadResult::Win,
        OwlExact::WinsByKo => return None,
        OwlExact::Loses => ReadResult::Fail,
    };
    let wins = result != ReadResult::Fail;
    // With the held points filled the ko point may differ: the move must
    // be legal in the position itself.
    if wins && mv.is_some() && !board.is_legal(mv, first) {
        return None;
    }
    Some(OwlAnswer {
        result,
        mv: (wins && mv.is_some()).then_some(mv),
        certain: true,
        nodes: heuristic.nodes,
    })
}

/// The region the owl's exact answers are read in: the strictly enclosed
/// region ([`find_region`]), or when the flood leaks out through gaps in
/// the walls, the region with those gaps closed
/// ([`Region::find_closing_gaps`]).
fn owl_region(parts: &mut LifeParts<'_>, target: Point) -> Option<Region> {
    match remembered_region(parts, target, false) {
        Ok(region) => Some(region),
        Err(NotEnclosed::TooLarge(_)) => remembered_region(parts, target, true).ok(),
        Err(_) => None,
    }
}

/// The final status of every point of the real position
/// (`final_status_list`, `final_score`): [`status::final_status_with_owl`]
/// with the owl's verdicts as the owl commands read them ([`ask`]: the
/// heuristic owl, corrected by the exact solver on enclosed dragons).
pub fn final_status(engine: &mut Engine) -> FinalStatus {
    let verdicts = life_verdicts(engine, false);
    final_status_with_dead(engine, &verdicts.unsavable)
}

/// What the owl says of the dragons that are not unconditionally alive
/// ([`life_verdicts`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LifeVerdicts {
    /// The dragons (by their first stone) whose owner cannot save them
    /// even moving first: `owl_defend` fails.
    pub unsavable: Vec<Point>,
    /// The dragons (first stone and colour) their owner can save and the
    /// opponent can kill, whoever moves first: `owl_defend` and
    /// `owl_attack` both succeed. Read only when asked for.
    pub critical: Vec<(Point, Color)>,
}

/// The owl's verdicts on every dragon of the real position that is not
/// unconditionally alive: `owl_defend` of each, and with `read_critical`
/// `owl_attack` of each that its owner can save.
pub fn life_verdicts(engine: &mut Engine, read_critical: bool) -> LifeVerdicts {
    let uncond = unconditional_status(engine.game.board_mut());
    let dragons = engine.all_dragons(None);
    let mut verdicts = LifeVerdicts::default();
    for d in &dragons {
        let target = d.stones[0];
        if d.stones
            .iter()
            .any(|&s| uncond.status(s) == UnconditionalStatus::Alive)
        {
            continue;
        }
        if ask(engine, Question::Defend, &d.stones, target).result == ReadResult::Fail {
            verdicts.unsavable.push(target);
        } else if read_critical
            && ask(engine, Question::Attack, &d.stones, target).result != ReadResult::Fail
        {
            verdicts.critical.push((target, d.color));
        }
    }
    verdicts
}

/// The final status of every point of the real position with the dragons
/// named in `dead` (by their first stone, as [`LifeVerdicts`] names them)
/// dead before the regions are settled, unless they are in seki.
pub fn final_status_with_dead(engine: &mut Engine, dead: &[Point]) -> FinalStatus {
    let Engine {
        game,
        reader,
        conn,
        dragons,
        semeai,
        ..
    } = engine;
    status::final_status_with_owl(
        &mut Readers::new(game.board_mut(), reader, conn),
        dragons,
        Some(OwlVerdicts {
            unsavable: dead,
            semeai,
        }),
    )
}

/// The owl status of one dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DragonStatus {
    /// The attack fails.
    Alive,
    /// The attack works and the defence fails.
    Dead,
    /// Both work: whoever moves first wins, at these points.
    Critical(Option<Point>, Option<Point>),
}

/// Read the status of the dragon with `stones` (`dragon_status`): the
/// owl's reads (`read_owl_status`), and a dragon the owl cannot save is
/// alive when it is in seki (`in_seki`).
pub fn read_status(engine: &mut Engine, stones: &[Point], target: Point) -> DragonStatus {
    let status = read_owl_status(engine, stones, target);
    if status == DragonStatus::Dead && in_seki(engine, stones, target) {
        return DragonStatus::Alive;
    }
    status
}

/// The owl's status of the dragon, without the seki check: the attack,
/// and when it succeeds the defence (GNU Go's `make_dragons` reads).
fn read_owl_status(engine: &mut Engine, stones: &[Point], target: Point) -> DragonStatus {
    let attack = ask(engine, Question::Attack, stones, target);
    if attack.result == ReadResult::Fail {
        return DragonStatus::Alive;
    }
    let defense = remembered(
        engine,
        AnswerKind::DefendAttacked,
        stones,
        target,
        |engine| {
            let board = engine.game.board_mut();
            let heuristic = engine
                .owl
                .defend_attacked(board, &mut engine.reader, stones, target);
            exact(engine, Question::Defend, target, &heuristic).unwrap_or(heuristic)
        },
    );
    if defense.result == ReadResult::Fail {
        return DragonStatus::Dead;
    }
    DragonStatus::Critical(attack.mv, defense.mv)
}

/// The owl's move for one side at a critical dragon ([`critical_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlMove {
    /// The move: the dragon's defence point when it is the side's own, its
    /// attack point when it is the opponent's.
    pub mv: Point,
    /// Stones in the dragon.
    pub dragon_size: usize,
    /// Whether the move saves an own dragon (else it kills one).
    pub defends: bool,
}

/// Which dragons [`critical_moves`] reads, and which defence it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CriticalScope {
    /// Only the side's own dragons (their defence points), not the
    /// opponent's.
    pub own_only: bool,
    /// Dragons with fewer stones are not read.
    pub min_stones: usize,
    /// Save own dragons with the owner's own first-ranked saving move
    /// (`owners_saving_move`, for `genmove`) instead of the owl's named
    /// defence point.
    pub owners_choice: bool,
}

impl CriticalScope {
    /// Every dragon of both colours (the analysis stream), with the owl's
    /// own moves.
    pub const ALL: CriticalScope = CriticalScope {
        own_only: false,
        min_stones: 1,
        owners_choice: false,
    };
}

/// The owl's moves for `color` at every critical dragon in `scope` (as
/// `dragon_status` reads it: the attack succeeds and so does the
/// defence): the defence point of the side's own dragons and the attack
/// point of the opponent's, largest dragon first (ties in board order),
/// each point once, legal for the board and permitted by `filter`. Dragons
/// with an unconditionally alive stone are not read; each other dragon
/// costs at most two owl reads within the owl's node limit (remembered in
/// [`OwlAnswers`]). `stop` is asked before each dragon; `None` when it
/// said stop. GNU Go counterpart: the owl attack and defence move reasons
/// of `engine/dragon.c`'s `make_dragons` for critical dragons.
pub fn critical_moves(
    engine: &mut Engine,
    color: Color,
    scope: CriticalScope,
    filter: &MoveFilter,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Vec<OwlMove>> {
    let mut dragons = engine.all_dragons(None);
    dragons.sort_by(|a, b| {
        b.stones
            .len()
            .cmp(&a.stones.len())
            .then(a.stones[0].cmp(&b.stones[0]))
    });
    let uncond = unconditional_status(engine.game.board_mut());
    let mut moves: Vec<OwlMove> = Vec::new();
    for d in &dragons {
        if stop() {
            return None;
        }
        let out_of_scope =
            d.stones.len() < scope.min_stones || (scope.own_only && d.color != color);
        if out_of_scope
            || d.stones
                .iter()
                .any(|&s| uncond.status(s) == UnconditionalStatus::Alive)
        {
            continue;
        }
        // A dragon the owl cannot save is no candidate, in seki or not.
        let DragonStatus::Critical(attack, defense) =
            read_owl_status(engine, &d.stones, d.stones[0])
        else {
            continue;
        };
        let defends = d.color == color;
        let defense = match defense {
            Some(named) if defends && scope.owners_choice => {
                Some(owners_saving_move(engine, &d.stones, named))
            }
            other => other,
        };
        let board = engine.game.board();
        let chosen = if defends { defense } else { attack };
        if let Some(mv) = chosen.filter(|&m| {
            !moves.iter().any(|o| o.mv == m)
                && board.is_legal(m, color)
                && filter.permits(board, m, color)
        }) {
            moves.push(OwlMove {
                mv,
                dragon_size: d.stones.len(),
                defends,
            });
        }
    }
    Some(moves)
}

/// The move `genmove` saves an own critical dragon with: the first of
/// the owner's own root candidates (his ranking, as many as the root
/// tries) that saves it (`owl_does_defend`, and the exact solver where it
/// settles the dragon, as `owl_defend` would check it), else the owl's
/// named defence point. The owl names the attacker's vital point first
/// when it saves ([`crate::owl::search::attackers_point_first`]: the
/// answer to "where must he play"); as a game move the saving move of the
/// owner's own ranking keeps more. Measured on 2026-11-29: `genmove`
/// playing the named point lost 23 `reg_genmove` tests over all suites.
fn owners_saving_move(engine: &mut Engine, stones: &[Point], named: Point) -> Point {
    let target = stones[0];
    let ranked = {
        let board = engine.game.board_mut();
        engine
            .owl
            .owner_ranking(board, &mut engine.reader, stones, target, OWNER_ROOT_WIDTH)
    };
    for c in ranked {
        if c == named {
            return named;
        }
        let board = engine.game.board_mut();
        let read = engine
            .owl
            .does_defend(board, &mut engine.reader, stones, target, c);
        if read.result != ReadResult::Win {
            continue;
        }
        return match exact(engine, Question::Defend, target, &read) {
            Some(proved) if proved.result != ReadResult::Fail => proved.mv.unwrap_or(c),
            Some(_) => named,
            None => c,
        };
    }
    named
}

/// The dragons of `color` with at least `min_stones` stones that the owl
/// reads alive as they stand (its attack, moving first, fails; read as
/// [`critical_moves`] reads them, so remembered in [`OwlAnswers`]), but
/// not unconditionally alive: the dragons a move of their own could
/// still spoil. GNU Go counterpart: the `dragon[].status == ALIVE`
/// dragons (not invincible) that `detect_owl_blunder` checks.
pub fn owl_alive_dragons(engine: &mut Engine, color: Color, min_stones: usize) -> Vec<Vec<Point>> {
    let dragons = engine.all_dragons(Some(color));
    let uncond = unconditional_status(engine.game.board_mut());
    let mut alive = Vec::new();
    for d in dragons {
        if d.stones.len() < min_stones
            || d.stones
                .iter()
                .any(|&s| uncond.status(s) == UnconditionalStatus::Alive)
        {
            continue;
        }
        if read_owl_status(engine, &d.stones, d.stones[0]) == DragonStatus::Alive {
            alive.push(d.stones);
        }
    }
    alive
}

/// Is the dragon, which the owl cannot save, in seki with a dragon of
/// the other colour it shares two liberties with: neither side, moving first, wins the race
/// ([`crate::semeai`])? GNU Go's owl counts a seki as life, so a dragon in
/// seki answers `alive`. An enemy dragon that lives as it stands by the
/// owl's static judgement is no seki partner and is not raced, nor is one
/// with a string beside the dragon that the tactical reader captures and
/// cannot save (the races read there cost ld_owl.tst 0.8 s and found one
/// seki, semeai.tst 152's, where the capture in fact lives: an expected
/// failure that passed for the wrong reason).
fn in_seki(engine: &mut Engine, stones: &[Point], target: Point) -> bool {
    let Some(color) = engine.board().color_at(target) else {
        return false;
    };
    let others = engine.all_dragons(None);
    for d in others {
        if d.color == color
            || status::shared_liberties(engine.board(), stones, &d.stones, SEKI_SHARED_LIBERTIES)
                < SEKI_SHARED_LIBERTIES
        {
            continue;
        }
        // A dragon with two eyes of its own (or a way out) is in no seki:
        // it can fill the shared liberties whenever it likes.
        let board = engine.game.board_mut();
        if engine
            .owl
            .alive_as_it_stands(board, &mut engine.reader, &d.stones)
        {
            continue;
        }
        // A partner that loses a string touching the dragon to a capture
        // the tactical reader cannot stop is no seki partner either: the
        // capture breaks the shared liberties' standoff.
        if captured_outright_beside(board, &mut engine.reader, &d.stones, stones) {
            continue;
        }
        let first = RaceDragon { stones, target };
        let second = RaceDragon {
            stones: &d.stones,
            target: d.stones[0],
        };
        // The other side first: against a dragon the owl cannot save,
        // that race is seldom a seki, and its answer alone then settles
        // the question (ld_owl.tst: 0.81 -> 0.63 s in these checks).
        let board = engine.game.board_mut();
        let seki = [color.opponent(), color].iter().all(|&to_move| {
            engine
                .semeai
                .analyze(board, &mut engine.reader, first, second, to_move)
                .outcome
                == Outcome::Seki
        });
        if seki {
            return true;
        }
    }
    false
}

/// Does a string of `partner` next to one of `stones` fall to a tactical
/// attack (not a ko) that no defence of the tactical reader stops?
fn captured_outright_beside(
    board: &mut Board,
    reader: &mut Reader,
    partner: &[Point],
    stones: &[Point],
) -> bool {
    let mut origins: Vec<Point> = Vec::new();
    for &p in partner {
        let o = board.origin(p);
        if origins.contains(&o) || !p.neighbors().iter().any(|n| stones.contains(n)) {
            continue;
        }
        origins.push(o);
    }
    origins.into_iter().any(|o| {
        reader.attack(board, o).0 == ReadResult::Win
            && reader.find_defense(board, o).0 == ReadResult::Fail
    })
}

/// The enclosed region around the dragon at `target`: attacker strings
/// are walls when unconditionally alive, or when they have a liberty away
/// from the defender's stones, the tactical reader cannot capture them
/// and the owl's static judgement calls their dragon alive (see
/// `read_walls`).
///
/// A flood that treats every attacker string as a wall comes first: when
/// even that one is open, no string is read.
pub fn find_region(engine: &mut Engine, target: Point) -> Result<Region, NotEnclosed> {
    remembered_region(&mut LifeParts::of(engine), target, false)
}

/// The region of [`find_region`], or of [`Region::find_closing_gaps`]
/// with the walls read the same way, from the solver's memory or read.
fn remembered_region(
    parts: &mut LifeParts<'_>,
    target: Point,
    close_gaps: bool,
) -> Result<Region, NotEnclosed> {
    if let Some(known) = parts
        .solver
        .remembered_region(parts.board, target, close_gaps)
    {
        return known;
    }
    let found = read_region(parts, target, close_gaps);
    parts
        .solver
        .remember_region(parts.board, target, close_gaps, found.clone());
    found
}

/// [`remembered_region`] without the memory.
fn read_region(
    parts: &mut LifeParts<'_>,
    target: Point,
    close_gaps: bool,
) -> Result<Region, NotEnclosed> {
    let max_empty = parts.solver.config.gap_region_empty;
    let flood = if close_gaps {
        Region::find_closing_gaps
    } else {
        Region::find
    };
    let outline = flood(parts.board, target, &mut |_, _| true)?;
    // A gap-closed region is only worth its walls' reads when the solver
    // can settle it; the region with walls read holds this one.
    if close_gaps && outline.empty_points(parts.board) > max_empty {
        return Err(NotEnclosed::TooManyEmpty(max_empty));
    }
    // The walls' reads are no part of a `decide_owl` recording.
    let tracer = parts.owl.tracer.take();
    let found = read_walls(parts, target, flood);
    parts.owl.tracer = tracer;
    match found {
        Ok(region) if close_gaps && region.empty_points(parts.board) > max_empty => {
            Err(NotEnclosed::TooManyEmpty(max_empty))
        }
        found => found,
    }
}

/// A flood of [`Region`]: strict or closing gaps.
type Flood =
    fn(&mut Board, Point, &mut dyn FnMut(&mut Board, Point) -> bool) -> Result<Region, NotEnclosed>;

/// The flood of [`find_region`] with the walls read: an attacker string
/// is a wall when unconditionally alive, or when it has a liberty away
/// from the defender's stones, the tactical reader cannot capture it and
/// its dragon lives as it stands by the owl's static judgement (two eyes
/// even if the defender moves first, or a way out:
/// [`crate::owl::OwlReader::alive_as_it_stands`]), judged once per dragon.
fn read_walls(
    parts: &mut LifeParts<'_>,
    target: Point,
    flood: Flood,
) -> Result<Region, NotEnclosed> {
    let uncond = unconditional_status(parts.board);
    let LifeParts {
        board,
        reader,
        conn,
        dragons,
        owl,
        ..
    } = parts;
    // Verdicts per dragon, by its first stone.
    let mut judged: Vec<(Point, bool)> = Vec::new();
    flood(board, target, &mut |board: &mut Board, p: Point| {
        if uncond.is_invincible(p) {
            return true;
        }
        // A string all of whose liberties touch the defender fights
        // inside the region, and one the tactical reader can capture is
        // no wall, whatever its dragon's fate.
        let defender = board.color_at(p).map(|c| c.opponent());
        let outside = board
            .lib_list(p)
            .into_iter()
            .any(|l| l.neighbors().iter().all(|&n| board.color_at(n) != defender));
        if !outside || reader.attack(board, p).0 != ReadResult::Fail {
            return false;
        }
        let stones = dragons.dragon_stones(&mut Readers::new(board, reader, conn), p);
        let key = stones.iter().copied().min().unwrap_or(p);
        if let Some(&(_, safe)) = judged.iter().find(|(k, _)| *k == key) {
            return safe;
        }
        let safe = owl.alive_as_it_stands(board, reader, &stones);
        judged.push((key, safe));
        safe
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`captured_outright_beside`] with Black's stones of the diagram as
    /// the partner and White's as the dragon.
    fn black_captured_outright_beside_white(diagram: &str) -> bool {
        let mut board = Board::from_diagram(diagram).expect("diagram");
        let stones_of = |color| -> Vec<Point> {
            board
                .points()
                .filter(|&p| board.color_at(p) == Some(color))
                .collect()
        };
        let (white, black) = (stones_of(Color::White), stones_of(Color::Black));
        captured_outright_beside(&mut board, &mut Reader::default(), &black, &white)
    }

    #[test]
    fn a_partner_in_atari_beside_the_dragon_is_captured_outright() {
        assert!(black_captured_outright_beside_white(
            ". . . . .
             . . . . .
             O O O . .
             X X O . .
             . X O . ."
        ));
    }

    #[test]
    fn a_partner_with_room_is_not_captured_outright() {
        assert!(!black_captured_outright_beside_white(
            ". . . . .
             . . . . .
             X X X . .
             O O X . .
             . O X . ."
        ));
    }
}
