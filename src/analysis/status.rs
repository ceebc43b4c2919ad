//! The final status of every point: which stones are alive, dead or in
//! seki, and which empty points are whose territory, as a finished game is
//! scored (GTP `final_status_list`, `final_score`).
//!
//! GNU Go counterpart: `aftermath_final_status` / `aftermath_compute_score`
//! of `engine/aftermath.c`, which play the game out with the move
//! generator and read the statuses off the end position. Tesuji decides
//! them statically, from what is known without owl reading:
//!
//! 1. unconditional life ([`crate::eyes::unconditional`]): stones that can
//!    never be captured are alive, stones that cannot escape capture are
//!    dead;
//! 2. tactics: a string the tactical reader captures whatever its owner
//!    does (attack wins outright, no defence) is dead;
//! 3. dragons ([`crate::analysis::dragon`]: the connection reader's
//!    amalgamation) and the regions
//!    between them, repeated until nothing changes: a *region* is a
//!    connected set of empty points and dead stones; it belongs to a colour
//!    when only that colour's living stones border it. A dragon with two
//!    eyes in its own regions lives (a region of one point is one eye
//!    unless the opponent holds its diagonals, i.e. it is false; two or
//!    three points are one eye; four or more are two). A dragon with fewer
//!    is *weak*, unless it borders a large region shared with the enemy
//!    where it holds at least a third of the border (open area to make
//!    eyes in; a few stones inside the enemy's territory hold far less);
//!    a weak dragon is dead when every enemy dragon it touches (through a
//!    stone or a shared region) is known to live. Weak dragons that touch
//!    each other are in a capturing race or seki: both stay, marked seki
//!    when neither has an eye-space advantage to win it (see
//!    [`PointStatus::Seki`]).
//!
//! 4. a dead stone whose region only its own colour's living stones
//!    border lives again: whatever could capture it was found dead too.
//!
//! Before step 3, when the caller gives the owl's verdicts
//! ([`final_status_with_owl`]; the engine reads them with the exact
//! solver's correction, [`crate::engine::life::final_status`]), every
//! dragon not unconditionally alive whose owner cannot save it even
//! moving first (`owl_defend` fails) is dead. The owl's "cannot be
//! killed" is not used to call dragons alive: it would hide seki, and on
//! `score.tst` / `score2.tst` it loses more than it wins.
//!
//! With the owl's verdicts, two dead dragons sharing two liberties that
//! neither can win a race between are seki (`mark_seki`), and so is a dead
//! dragon its capturer cannot approach (`mark_stalemates`: every liberty
//! would be a self-atari, and the tactical reader cannot capture it), with
//! the capturer's strings short of liberties that hold it. Without them
//! seki is only recognised between weak dragons whose regions are shared,
//! and a capturing race that one side wins is scored as seki. Everything
//! here is deterministic: dragons and regions are visited in board order.

use crate::analysis::dragon::Dragons;
use crate::analysis::Readers;
use crate::board::{Board, Color, Point, BOARD_ARRAY};
use crate::eyes::unconditional::{unconditional_status, UnconditionalStatus};
use crate::reading::{libs, ReadResult, Reader};
use crate::semeai::{Outcome, RaceDragon, SemeaiReader};

/// What a point is at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointStatus {
    /// A stone that stays on the board.
    Alive,
    /// A stone that will be captured (removed before counting).
    Dead,
    /// A stone in seki: alive, but the regions it shares count for nobody.
    Seki,
    /// An empty point (or a dead stone's point) that a colour owns.
    Territory(Color),
    /// An empty point nobody owns.
    Dame,
}

/// The final status of every point of a position.
#[derive(Clone, Debug)]
pub struct FinalStatus {
    status: Vec<PointStatus>,
}

impl FinalStatus {
    /// The status of the stone or empty point at `p`; for a dead stone
    /// [`PointStatus::Dead`] (its point counts as the captor's territory in
    /// [`FinalStatus::owner`]).
    pub fn status(&self, p: Point) -> PointStatus {
        self.status[p.idx()]
    }

    /// Who owns `p` when the game is counted: the colour of a living stone,
    /// the territory's colour for an empty point or a dead stone, `None`
    /// for dame and seki.
    pub fn owner(&self, board: &Board, p: Point) -> Option<Color> {
        match self.status[p.idx()] {
            PointStatus::Alive => board.color_at(p),
            PointStatus::Territory(c) => Some(c),
            PointStatus::Dead => board.color_at(p).map(Color::opponent),
            PointStatus::Seki | PointStatus::Dame => None,
        }
    }
}

/// Regions of one more than this many points count as two eyes.
const ONE_EYE_MAX_POINTS: usize = 3;
/// Strings with more liberties than this are not read tactically (they
/// cannot be captured outright).
const TACTICAL_MAX_LIBS: usize = 4;

/// Decide the final status of every point of `board` (left as found),
/// without owl reading.
pub fn final_status(rd: &mut Readers<'_>, dragons: &mut Dragons) -> FinalStatus {
    final_status_with_owl(rd, dragons, None)
}

/// What life-and-death reading found before the statuses are decided
/// (see [`final_status_with_owl`]).
pub struct OwlVerdicts<'a> {
    /// The dragons (by their first stone, in the order of
    /// [`Dragons::all_dragons`]) to count dead: those whose owner cannot
    /// save them even moving first, and for a bound of the score estimate
    /// the critical dragons of the side the bound does not favour.
    pub unsavable: &'a [Point],
    /// The semeai reader, to tell seki from a race between two of them.
    pub semeai: &'a mut SemeaiReader,
}

/// [`final_status`], with the owl's verdicts where they are given: a
/// dragon its owner cannot save even moving first (`owl_defend` fails,
/// as the engine reads it: [`crate::engine::life::final_status`]) is
/// dead before the regions are settled, unless it is in seki.
pub fn final_status_with_owl(
    rd: &mut Readers<'_>,
    dragons: &mut Dragons,
    owl: Option<OwlVerdicts>,
) -> FinalStatus {
    let entry = rd.board.depth();
    let uncond = unconditional_status(rd.board);
    let mut dead = vec![false; BOARD_ARRAY];
    // 1-2. Unconditionally dead stones, then tactically dead strings.
    for o in rd.board.chain_origins(None) {
        let stones = rd.board.stones_sorted(o);
        let is_dead = match uncond.status(o) {
            UnconditionalStatus::Dead => true,
            UnconditionalStatus::Alive => false,
            _ => tactically_dead(rd.board, rd.reader, o),
        };
        if is_dead {
            for s in stones {
                dead[s.idx()] = true;
            }
        }
    }
    // 3. Dragons over the regions between them.
    let dragons: Vec<Dragon> = dragons
        .all_dragons(rd, None)
        .into_iter()
        .map(|d| {
            let alive = d
                .stones
                .iter()
                .any(|&s| uncond.status(s) == UnconditionalStatus::Alive);
            Dragon {
                color: d.color,
                stones: d.stones,
                verdict: if alive { Verdict::Alive } else { Verdict::Open },
            }
        })
        .collect();
    let mut dragons = dragons;
    let mut seki_stones = vec![false; BOARD_ARRAY];
    if let Some(OwlVerdicts { unsavable, semeai }) = owl {
        for d in dragons.iter_mut() {
            let target = d.stones[0];
            if d.verdict != Verdict::Open || dead[target.idx()] {
                continue;
            }
            if unsavable.contains(&target) {
                d.verdict = Verdict::Dead;
                for &s in &d.stones {
                    dead[s.idx()] = true;
                }
            }
        }
        mark_seki(rd.board, rd.reader, semeai, &mut dragons, &mut dead);
        mark_stalemates(
            rd.board,
            rd.reader,
            &mut dragons,
            &mut dead,
            &mut seki_stones,
        );
    }
    settle_dragons(rd.board, &mut dragons, &mut dead);
    revive_stones_in_own_regions(rd.board, &mut dragons, &mut dead);
    debug_assert_eq!(rd.board.depth(), entry);
    statuses(rd.board, &dragons, &dead, &seki_stones)
}

/// Two dragons of opposite colours sharing two liberties that the owl
/// calls dead are in seki when neither, moving first, wins the race between them
/// ([`crate::semeai`]): both stay, marked seki.
fn mark_seki(
    board: &mut Board,
    reader: &mut Reader,
    semeai: &mut SemeaiReader,
    dragons: &mut [Dragon],
    dead: &mut [bool],
) {
    let owl_dead: Vec<usize> = (0..dragons.len())
        .filter(|&i| dragons[i].verdict == Verdict::Dead)
        .collect();
    for (k, &i) in owl_dead.iter().enumerate() {
        for &j in &owl_dead[k + 1..] {
            let (a, b) = (&dragons[i], &dragons[j]);
            if a.color == b.color
                || shared_liberties(board, &a.stones, &b.stones, SEKI_SHARED_LIBERTIES)
                    < SEKI_SHARED_LIBERTIES
            {
                continue;
            }
            let first = RaceDragon {
                stones: &a.stones,
                target: a.stones[0],
            };
            let second = RaceDragon {
                stones: &b.stones,
                target: b.stones[0],
            };
            let seki = [a.color, b.color].iter().all(|&to_move| {
                semeai
                    .analyze(board, reader, first, second, to_move)
                    .outcome
                    == Outcome::Seki
            });
            if seki {
                for d in [i, j] {
                    dragons[d].verdict = Verdict::Seki;
                    for &s in &dragons[d].stones {
                        dead[s.idx()] = false;
                    }
                }
            }
        }
    }
}

/// Liberties a string of a dead dragon may have to be looked at by
/// [`mark_stalemates`], and its capturer's strings to be held in the seki.
const STALEMATE_MAX_LIBS: usize = 2;

/// A dragon the owl calls dead whose strings all have at most
/// [`STALEMATE_MAX_LIBS`] liberties, none of which its capturer can take
/// without putting the stones played there in atari, and none of which
/// the tactical reader can capture, the capturer moving first, is not
/// dead: the capturer cannot approach it, and its owner cannot make it
/// live either (a seki of several strings short of liberties, such as a
/// corner where the capturer's string next to it has one eye and shares
/// its other liberty). It is
/// marked seki, and with it the capturer's strings that hold it: those of
/// at most [`STALEMATE_MAX_LIBS`] liberties that touch it or share a
/// liberty with it, then those that share a liberty with a string so
/// marked. Their stones count as seki ([`statuses`]: the regions they
/// touch count for nobody, as eyes in seki do not count).
fn mark_stalemates(
    board: &mut Board,
    reader: &mut Reader,
    dragons: &mut [Dragon],
    dead: &mut [bool],
    seki_stones: &mut [bool],
) {
    for d in dragons.iter_mut() {
        if d.verdict != Verdict::Dead {
            continue;
        }
        let origins: Vec<Point> = {
            let mut o: Vec<Point> = d.stones.iter().map(|&s| board.origin(s)).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        let capturer = d.color.opponent();
        let short = origins
            .iter()
            .all(|&o| board.countlib(o) <= STALEMATE_MAX_LIBS);
        if !short
            || !origins.iter().all(|&o| cannot_approach(board, o, capturer))
            || !origins
                .iter()
                .all(|&o| reader.attack(board, o).0 == ReadResult::Fail)
        {
            continue;
        }
        // The capturer's strings short of liberties that hold it.
        let mut held: Vec<Point> = Vec::new();
        let mut k = 0;
        let mut sources: Vec<Point> = origins;
        while k < sources.len() {
            let from = sources[k];
            k += 1;
            let mut near: Vec<Point> = Vec::new();
            if board.color_at(from) == Some(d.color) {
                board.adjacent_chains(from, &mut near);
            }
            for l in board.liberties_sorted(from) {
                for n in l.neighbors() {
                    if board.on_board(n) && board.color_at(n) == Some(capturer) {
                        near.push(board.origin(n));
                    }
                }
            }
            for o in near {
                if held.contains(&o) || dead[o.idx()] || board.countlib(o) > STALEMATE_MAX_LIBS {
                    continue;
                }
                held.push(o);
                sources.push(o);
            }
        }
        // Their shortage is real only when nothing else around them can be
        // captured to gain liberties: a dead string of the owner's beside
        // them would be taken first, and the race decides.
        let mut beside: Vec<Point> = Vec::new();
        let relieved = held.iter().any(|&h| {
            board.adjacent_chains(h, &mut beside);
            beside
                .iter()
                .any(|&o| dead[o.idx()] && !d.stones.contains(&o))
        });
        if held.is_empty() || relieved {
            continue;
        }
        d.verdict = Verdict::Seki;
        for &s in &d.stones {
            dead[s.idx()] = false;
            seki_stones[s.idx()] = true;
        }
        for &h in &held {
            for s in board.stones_sorted(h) {
                seki_stones[s.idx()] = true;
            }
        }
    }
}

/// Whether every liberty of the string at `s` is one `capturer` cannot
/// take: the move is illegal, or it leaves the stones played there in
/// atari.
fn cannot_approach(board: &Board, s: Point, capturer: Color) -> bool {
    board
        .liberties_sorted(s)
        .into_iter()
        .all(|l| !board.is_legal(l, capturer) || libs::is_self_atari(board, l, capturer))
}

/// Do two sets of stones touch: a stone of one next to a stone of the
/// other, or an empty point next to both?
pub fn dragons_touch(board: &Board, a: &[Point], b: &[Point]) -> bool {
    let mut in_b = vec![false; BOARD_ARRAY];
    let mut near_b = vec![false; BOARD_ARRAY];
    for &p in b {
        in_b[p.idx()] = true;
        for n in p.neighbors() {
            if board.on_board(n) && board.is_empty(n) {
                near_b[n.idx()] = true;
            }
        }
    }
    a.iter().any(|&p| {
        p.neighbors()
            .iter()
            .any(|&n| board.on_board(n) && (in_b[n.idx()] || near_b[n.idx()]))
    })
}

/// The liberties two sets of stones share (empty points next to both),
/// counting up to `enough`.
pub fn shared_liberties(board: &Board, a: &[Point], b: &[Point], enough: usize) -> usize {
    let mut near_b = vec![false; BOARD_ARRAY];
    for &p in b {
        for n in p.neighbors() {
            if board.on_board(n) && board.is_empty(n) {
                near_b[n.idx()] = true;
            }
        }
    }
    let mut found: Vec<Point> = Vec::new();
    for &p in a {
        for n in p.neighbors() {
            if board.on_board(n) && near_b[n.idx()] && !found.contains(&n) {
                found.push(n);
                if found.len() >= enough {
                    return found.len();
                }
            }
        }
    }
    found.len()
}

/// Liberties two dragons must share to be checked for seki: a seki
/// between two dragons without eyes needs two (the rarer seki of two
/// one-eyed dragons over one shared liberty is not looked for).
pub const SEKI_SHARED_LIBERTIES: usize = 2;

/// A string the tactical reader captures outright whatever its owner does.
fn tactically_dead(board: &mut Board, reader: &mut Reader, s: Point) -> bool {
    if board.countlib(s) > TACTICAL_MAX_LIBS {
        return false;
    }
    reader.attack(board, s).0 == ReadResult::Win
        && reader.find_defense(board, s).0 == ReadResult::Fail
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Not decided yet.
    Open,
    Alive,
    Dead,
    Seki,
}

struct Dragon {
    color: Color,
    stones: Vec<Point>,
    verdict: Verdict,
}

/// The empty points and dead stones of the board in connected regions.
struct Regions {
    /// Region index of each point (`usize::MAX` for living stones).
    of: Vec<usize>,
    /// Points of each region, in board order of discovery.
    points: Vec<Vec<Point>>,
}

impl Regions {
    fn new(board: &Board, dead: &[bool]) -> Regions {
        let mut of = vec![usize::MAX; BOARD_ARRAY];
        let mut points = Vec::new();
        let open = |p: Point| board.is_empty(p) || dead[p.idx()];
        for p in board.points() {
            if !open(p) || of[p.idx()] != usize::MAX {
                continue;
            }
            let id = points.len();
            let mut members = vec![p];
            of[p.idx()] = id;
            let mut k = 0;
            while k < members.len() {
                let q = members[k];
                k += 1;
                for n in q.neighbors() {
                    if board.on_board(n) && open(n) && of[n.idx()] == usize::MAX {
                        of[n.idx()] = id;
                        members.push(n);
                    }
                }
            }
            points.push(members);
        }
        Regions { of, points }
    }

    /// The living colours bordering region `r`: (black, white).
    fn borders(&self, board: &Board, dead: &[bool], r: usize) -> (bool, bool) {
        let (mut b, mut w) = (false, false);
        for &p in &self.points[r] {
            for n in p.neighbors() {
                if board.is_stone(n) && !dead[n.idx()] {
                    match board.color_at(n) {
                        Some(Color::Black) => b = true,
                        Some(Color::White) => w = true,
                        None => {}
                    }
                }
            }
        }
        (b, w)
    }

    /// Living stones bordering region `r`: (of `color`, of its opponent).
    fn border_stones(
        &self,
        board: &Board,
        dead: &[bool],
        r: usize,
        color: Color,
    ) -> (usize, usize) {
        let mut seen: Vec<Point> = Vec::new();
        let (mut own, mut enemy) = (0, 0);
        for &p in &self.points[r] {
            for n in p.neighbors() {
                if board.is_stone(n) && !dead[n.idx()] && !seen.contains(&n) {
                    seen.push(n);
                    if board.color_at(n) == Some(color) {
                        own += 1;
                    } else {
                        enemy += 1;
                    }
                }
            }
        }
        (own, enemy)
    }

    /// The owner of region `r`: the one living colour bordering it.
    fn owner(&self, board: &Board, dead: &[bool], r: usize) -> Option<Color> {
        match self.borders(board, dead, r) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        }
    }
}

/// Eyes `region` gives `color`: 0 for a false one-point eye, 1 for up to
/// [`ONE_EYE_MAX_POINTS`] points, 2 beyond.
fn eyes_of_region(board: &Board, dead: &[bool], points: &[Point], color: Color) -> usize {
    match points.len() {
        1 => {
            let p = points[0];
            let enemy = color.opponent();
            let mut off_board = 0;
            let mut held = 0;
            for d in p.diagonals() {
                if !board.on_board(d) {
                    off_board += 1;
                } else if board.color_at(d) == Some(enemy) && !dead[d.idx()] {
                    held += 1;
                }
            }
            let false_eye = if off_board > 0 { held >= 1 } else { held >= 2 };
            usize::from(!false_eye)
        }
        n if n <= ONE_EYE_MAX_POINTS => 1,
        _ => 2,
    }
}

/// Step 3 of the module doc, repeated until no verdict changes.
fn settle_dragons(board: &Board, dragons: &mut [Dragon], dead: &mut [bool]) {
    let mut dragon_of = vec![usize::MAX; BOARD_ARRAY];
    for (i, d) in dragons.iter().enumerate() {
        for &s in &d.stones {
            dragon_of[s.idx()] = i;
        }
    }
    loop {
        let regions = Regions::new(board, dead);
        let owners: Vec<Option<Color>> = (0..regions.points.len())
            .map(|r| regions.owner(board, dead, r))
            .collect();
        // Per open dragon: eyes, and whether it reaches own area beyond them.
        let mut changed = false;
        let mut facts = Vec::with_capacity(dragons.len());
        for d in dragons.iter() {
            let live_stones: Vec<Point> = d
                .stones
                .iter()
                .copied()
                .filter(|s| !dead[s.idx()])
                .collect();
            let mut touched_regions: Vec<usize> = Vec::new();
            let mut touched_dragons: Vec<usize> = Vec::new();
            for &s in &live_stones {
                for n in s.neighbors() {
                    if !board.on_board(n) {
                        continue;
                    }
                    let r = regions.of[n.idx()];
                    if r != usize::MAX {
                        if !touched_regions.contains(&r) {
                            touched_regions.push(r);
                        }
                    } else {
                        let e = dragon_of[n.idx()];
                        if e != usize::MAX
                            && dragons[e].color != d.color
                            && !touched_dragons.contains(&e)
                        {
                            touched_dragons.push(e);
                        }
                    }
                }
            }
            let mut eyes = 0;
            let mut open_area = false;
            for &r in &touched_regions {
                if owners[r] == Some(d.color) {
                    eyes += eyes_of_region(board, dead, &regions.points[r], d.color);
                } else if owners[r].is_none() {
                    // A shared region: the enemy dragons across it count as
                    // touched; an empty region bordered by nobody else's
                    // stones cannot happen here.
                    for &p in &regions.points[r] {
                        for n in p.neighbors() {
                            let e = if board.on_board(n) {
                                dragon_of[n.idx()]
                            } else {
                                usize::MAX
                            };
                            if e != usize::MAX
                                && !dead[n.idx()]
                                && dragons[e].color != d.color
                                && !touched_dragons.contains(&e)
                            {
                                touched_dragons.push(e);
                            }
                        }
                    }
                    // A large shared region where this colour holds at
                    // least a third of the border is open area to live in;
                    // one the enemy walls in (a few stones inside a
                    // territory) is not.
                    if regions.points[r].len() > 2 * ONE_EYE_MAX_POINTS {
                        let (own, enemy) = regions.border_stones(board, dead, r, d.color);
                        if 2 * own >= enemy {
                            open_area = true;
                        }
                    }
                }
            }
            facts.push((live_stones.is_empty(), eyes, open_area, touched_dragons));
        }
        for i in 0..dragons.len() {
            let (gone, eyes, open_area, ref touched) = facts[i];
            if gone || dragons[i].verdict != Verdict::Open {
                continue;
            }
            if eyes >= 2 || open_area {
                dragons[i].verdict = Verdict::Alive;
                changed = true;
            } else if touched
                .iter()
                .all(|&e| dragons[e].verdict == Verdict::Alive)
            {
                dragons[i].verdict = Verdict::Dead;
                for &s in &dragons[i].stones {
                    dead[s.idx()] = true;
                }
                changed = true;
                // Regions change: recompute before deciding more.
                break;
            }
        }
        if !changed {
            break;
        }
    }
    // Weak dragons left: in a race or seki with other weak dragons.
    for d in dragons.iter_mut() {
        if d.verdict == Verdict::Open {
            d.verdict = Verdict::Seki;
        }
    }
}

/// A dead stone whose region only its own colour's living stones border
/// has nothing left to capture it: everything around it that could was
/// found dead too (a stone caught inside a dead group's eye, or a stone
/// the reader captures only with the help of a group that is itself
/// dead). Such stones live again, with their dragons (a dragon left
/// undecided would otherwise count as seki), and the regions are
/// recomputed until none does.
fn revive_stones_in_own_regions(board: &Board, dragons: &mut [Dragon], dead: &mut [bool]) {
    loop {
        let regions = Regions::new(board, dead);
        let mut revived = false;
        for r in 0..regions.points.len() {
            let Some(owner) = regions.owner(board, dead, r) else {
                continue;
            };
            for &p in &regions.points[r] {
                if board.color_at(p) == Some(owner) {
                    dead[p.idx()] = false;
                    revived = true;
                    if let Some(d) = dragons.iter_mut().find(|d| d.stones.contains(&p)) {
                        d.verdict = Verdict::Alive;
                    }
                }
            }
        }
        if !revived {
            break;
        }
    }
}

/// The statuses of the points once the dragons are settled; the stones
/// of `seki_stones` that are not dead are in seki whatever their dragon's
/// verdict.
fn statuses(board: &Board, dragons: &[Dragon], dead: &[bool], seki_stones: &[bool]) -> FinalStatus {
    let mut status = vec![PointStatus::Dame; BOARD_ARRAY];
    let mut seki = vec![false; BOARD_ARRAY];
    for d in dragons {
        for &s in &d.stones {
            status[s.idx()] = match d.verdict {
                _ if dead[s.idx()] => PointStatus::Dead,
                Verdict::Seki => {
                    seki[s.idx()] = true;
                    PointStatus::Seki
                }
                _ if seki_stones[s.idx()] => {
                    seki[s.idx()] = true;
                    PointStatus::Seki
                }
                _ => PointStatus::Alive,
            };
        }
    }
    let regions = Regions::new(board, dead);
    for r in 0..regions.points.len() {
        let touches_seki = regions.points[r].iter().any(|p| {
            p.neighbors()
                .iter()
                .any(|n| board.on_board(*n) && seki[n.idx()])
        });
        let owner = if touches_seki {
            None
        } else {
            regions.owner(board, dead, r)
        };
        for &p in &regions.points[r] {
            if board.is_empty(p) {
                status[p.idx()] = match owner {
                    Some(c) => PointStatus::Territory(c),
                    None => PointStatus::Dame,
                };
            } else if owner.is_none() {
                // A "dead" stone no living colour surrounds alone: it stays.
                status[p.idx()] = PointStatus::Alive;
            }
        }
    }
    FinalStatus { status }
}

impl FinalStatus {
    /// Black's score minus White's by territory counting, as GNU Go
    /// counts by default (Japanese rules): empty points owned, plus
    /// prisoners (stones captured during the game and dead stones, whose
    /// points count as territory too), minus komi. Positive: Black wins.
    pub fn territory_score(&self, board: &Board, komi: f32) -> f32 {
        let mut score = [0i64; 2];
        let side = |c: Color| usize::from(c == Color::White);
        for p in board.points() {
            match (self.status(p), board.color_at(p)) {
                (PointStatus::Territory(c), _) => score[side(c)] += 1,
                (PointStatus::Dead, Some(stone)) => score[side(stone.opponent())] += 2,
                _ => {}
            }
        }
        for c in [Color::Black, Color::White] {
            score[side(c)] += i64::from(board.captures(c));
        }
        (score[0] - score[1]) as f32 - komi
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect::ConnectionReader;

    /// The final status grid of `diagram`: `X`/`O` living stones, `x`/`o`
    /// dead ones, `s` seki, `b`/`w` territory, `.` dame.
    fn grid(diagram: &str) -> (String, Board, FinalStatus) {
        let mut board = Board::from_diagram(diagram).expect("diagram");
        let before = board.clone();
        let mut reader = Reader::default();
        let mut conn = ConnectionReader::default();
        let mut dragons = Dragons::default();
        let fs = final_status(
            &mut Readers::new(&mut board, &mut reader, &mut conn),
            &mut dragons,
        );
        assert_eq!(board, before, "the board is left as found");
        let mut out = String::new();
        for row in 0..board.size() {
            for col in 0..board.size() {
                let p = Point::new(row, col);
                let stone = board.color_at(p);
                out.push(match (fs.status(p), stone) {
                    (PointStatus::Alive, Some(Color::Black)) => 'X',
                    (PointStatus::Alive, Some(Color::White)) => 'O',
                    (PointStatus::Dead, Some(Color::Black)) => 'x',
                    (PointStatus::Dead, Some(Color::White)) => 'o',
                    (PointStatus::Seki, _) => 's',
                    (PointStatus::Territory(Color::Black), _) => 'b',
                    (PointStatus::Territory(Color::White), _) => 'w',
                    _ => '.',
                });
            }
            out.push('\n');
        }
        (out, board, fs)
    }

    fn check(diagram: &str, expected: &str) {
        let (got, _, _) = grid(diagram);
        let want: String = expected
            .lines()
            .map(|l| l.split_whitespace().collect::<String>())
            .filter(|l| !l.is_empty())
            .map(|l| l + "\n")
            .collect();
        assert_eq!(got, want, "\n{got}");
    }

    #[test]
    fn a_lone_stone_inside_territory_is_dead() {
        check(
            ". . X O . . .
             . . X O . X .
             . . X O . . .
             . X X O O . .
             . X O O . . .
             X X O . . . .
             . X O . . . .",
            "b b X O w w w
             b b X O w x w
             b b X O w w w
             b X X O O w w
             b X O O w w w
             X X O w w w w
             b X O w w w w",
        );
    }

    #[test]
    fn a_group_with_one_eye_in_enemy_territory_is_dead_and_counted() {
        let (got, board, fs) = grid(
            ". X O . . . .
             X X O . . . .
             O O O . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        );
        assert_eq!(
            got,
            "w x O w w w w\nx x O w w w w\nO O O w w w w\nw w w w w w w\nw w w w w w w\nw w w w w w w\nw w w w w w w\n"
                .replace(' ', "")
        );
        // 41 empty points, 3 dead black stones counted twice: W+47 (komi 0).
        assert_eq!(fs.territory_score(&board, 0.0), -47.0);
    }

    #[test]
    fn two_eyes_live_and_false_eyes_do_not_count() {
        // Black in the corner: two real eyes at A7 and C7: alive.
        check(
            ". X . X O . .
             X X X X O . .
             O O O O O . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            "b X b X O w w
             X X X X O w w
             O O O O O w w
             w w w w w w w
             w w w w w w w
             w w w w w w w
             w w w w w w w",
        );
    }

    #[test]
    fn weak_groups_sharing_liberties_are_seki() {
        // Black C7-C5 and white E7-E5 have only their three shared
        // liberties: whoever fills one first is captured. The walls live.
        check(
            ". O X . O X .
             . O X . O X .
             . O X . O X .
             O O O O X X X
             . . . O X . .
             . . . O X . .
             . . . O X . .",
            "w O s . s X b
             w O s . s X b
             w O s . s X b
             O O O O X X X
             w w w O X b b
             w w w O X b b
             w w w O X b b",
        );
    }

    #[test]
    fn a_capturable_group_in_atari_is_dead_not_seki() {
        // The white corner stones have one liberty, A7: black captures
        // them, and the black group then has the corner as a second eye.
        check(
            ". O X . X O .
             O O X . X O O
             X X X X X O .
             O O O O O O O
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            "b o X b X O w
             o o X b X O O
             X X X X X O w
             O O O O O O O
             w w w w w w w
             w w w w w w w
             w w w w w w w",
        );
    }

    #[test]
    fn a_stone_only_a_dead_group_could_capture_lives() {
        // Black D6 is in atari and cannot be saved (the white ring around
        // it has three liberties): white takes it at E6. But the ring has
        // one eye, and black walls it in: the ring is dead, and with it
        // nothing is left to capture D6.
        check(
            ". . . . . . . . .
             . X X X X X X X .
             . X O O O O . X .
             . X O X . O . X .
             . X O O O O X . .
             . X X X X X X . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            "b b b b b b b b b
             b X X X X X X X b
             b X o o o o b X b
             b X o X b o b X b
             b X o o o o X b b
             b X X X X X X b b
             b b b b b b b b b
             b b b b b b b b b
             b b b b b b b b b",
        );
    }
}
