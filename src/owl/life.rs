//! The owl's judgement of one position: how many eyes the goal dragon's
//! eye spaces are worth, whether it can run out to open area, which
//! enemy strings around it are lunches and which of its own strings are
//! weak.
//!
//! GNU Go counterpart: `owl_estimate_life` / `owl_determine_life` of
//! `engine/owl.c` (with `owl_find_lunches`, `owl_escape_value`,
//! `compute_eyes_pessimistic`). GNU Go builds the owl's eye spaces with
//! `make_domains` and its own liveliness of worms: the goal's strings are
//! lively, a surrounding string that can be captured and not saved is
//! not. Here the same: [`evaluate`] reads the tactics of the strings next
//! to the goal, hands that [`WormTable`] to
//! [`EyeAnalysis::compute_local`] and adds up the eye spaces that touch
//! the goal. Besides the lunches (enemy strings next to the goal), an
//! enemy string one empty point away that cannot be saved is dead stones
//! inside the eye space, not a wall cutting it up.
//!
//! Adding eye spaces: each space is a switch between `b` eyes (the
//! attacker plays there first) and `c` (the owner does). Played out in
//! turn with the most valuable switch first, the attacker moving first
//! gets `min_eyes`, the owner moving first `max_eyes`. A goal string in
//! atari or with two liberties that the tactical reader captures, and
//! that borders an eye space, caps `min_eyes` at one: the attacker,
//! moving first, captures it and opens the space. A topological half eye
//! the owner can make whole (a key diagonal to take) in a space otherwise
//! worth nothing adds one eye to his threat ([`Life::max_threat`]), so
//! the dragon is not judged dead without reading. A way out counts as an
//! escape only when no single blocking point shuts it ([`Life::cut_points`]).

use crate::board::{marked_points, Board, Color, Point, BOARD_ARRAY};
use crate::eyes::space::{ChainStatus, EyeAnalysis, EyeTopology, WormTable};
use crate::eyes::value::EyeSolver;
use crate::reading::libs::is_edge;
use crate::reading::{ReadResult, Reader};

/// Strings of the goal with at most this many liberties are read
/// tactically.
const WEAK_LIBERTIES: usize = 3;

/// Surrounding strings with at most this many liberties are read as
/// possible lunches.
const LUNCH_LIBERTIES: usize = 4;

/// A capturable goal string with at most this many liberties that borders
/// the eye space keeps the count below two eyes when the attacker moves
/// first.
const BREAKING_LIBERTIES: usize = 2;

/// Enemy strings one point away from the goal with at most this many
/// liberties are read for dead stones inside the eye space.
const DEAD_INSIDE_LIBERTIES: usize = 3;

/// How far (in steps through empty points) the escape search looks.
const ESCAPE_STEPS: usize = 5;

/// Open points the escape search must reach to call the dragon free.
/// With open points that may have own stones near them ([`is_open`]),
/// the held-out fitting half agrees with GNU Go on 2151/2361 dragons at
/// three, 2155 at four, 2142 at five; four also marks points at the
/// walk's horizon as cut points (a corridor's mouth onto a three-point
/// wide area: `owl::tests::a_way_out_through_one_point_is_no_escape`),
/// so it stays three (regression/HISTORY.md, owl.tst, 2026-12-02).
const ESCAPE_OPEN_POINTS: usize = 3;

/// An enemy string next to the goal that can be captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lunch {
    /// The string.
    pub origin: Point,
    /// How the owner captures it.
    pub attack_point: Option<Point>,
    /// How the attacker saves it (`None`: it cannot be saved).
    pub defense_point: Option<Point>,
}

/// A string of the goal that can be captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeakString {
    /// The string.
    pub origin: Point,
    /// The capturing move.
    pub attack_point: Option<Point>,
    /// The saving move (`None`: it cannot be saved).
    pub defense_point: Option<Point>,
}

/// A move suggested by the eye analysis, with the value it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The move.
    pub point: Point,
    /// How urgent it is (higher first).
    pub value: i32,
}

/// What one position says about the goal's life.
#[derive(Clone, Debug)]
pub struct Life {
    /// Eyes if the attacker moves first (capped at 2).
    pub min_eyes: u8,
    /// Eyes if the owner moves first (capped at 2).
    pub max_eyes: u8,
    /// The dragon reaches open area or strong friends.
    pub escape: bool,
    /// Points of the eye spaces around the goal.
    pub eye_points: Vec<Point>,
    /// The marginal ones among them.
    pub margins: Vec<Point>,
    /// The eyes proper: the points of each eye space worth an eye to
    /// the owner moving first (value `c` at least 1). The other spaces of
    /// `eye_points` (one-point gaps beside enemy stones, liberties shared
    /// with a third dragon, dame) are liberties, not eyes.
    pub eyes: Vec<Vec<Point>>,
    /// Vital points for the attacker (eye spaces and half eyes).
    pub attacks: Vec<Suggestion>,
    /// Vital points for the owner.
    pub defenses: Vec<Suggestion>,
    /// Enemy strings next to the goal that can be captured.
    pub lunches: Vec<Lunch>,
    /// Goal strings that can be captured.
    pub weak: Vec<WeakString>,
    /// Empty points on the way out (first steps of the escape search).
    pub escape_moves: Vec<Point>,
    /// Points on the only way out: blocking one shuts the goal in
    /// (empty when the goal is shut in already or runs out freely),
    /// nearest first.
    pub cut_points: Vec<Point>,
    /// The steps of the escape walk from the goal to each of
    /// `cut_points` (1: a liberty of the goal).
    pub cut_point_steps: Vec<u8>,
    /// Eyes if the owner moves first and again (capped at 2).
    pub max_threat: u8,
    /// Liberties of the goal outside its eye spaces that touch no enemy
    /// stone: room to grow.
    pub open_liberties: usize,
    /// Liberties of the goal where one owner move joins it to a friendly
    /// string outside it with room of its own (see `connection_points`).
    pub connections: Vec<Point>,
}

impl Life {
    /// The owl's verdict for the owner: two eyes even if the attacker
    /// moves first, or a way out.
    pub fn is_alive(&self) -> bool {
        self.escape || self.min_eyes >= 2
    }

    /// Whether the tactical reader captures a string of the goal (the
    /// attacker moving first): an eye count with such a string is not
    /// trusted at the attacker's nodes (see `owl::search`).
    pub fn has_capturable_goal_string(&self) -> bool {
        self.weak.iter().any(|w| w.attack_point.is_some())
    }

    /// The owl's verdict against the owner: no way out, no room to grow,
    /// no move joining a friendly string with room ([`Life::connections`]),
    /// no enemy string to capture, and fewer than two eyes even if the
    /// owner gets two moves in a row.
    pub fn is_dead(&self) -> bool {
        !self.escape
            && self.max_threat < 2
            && self.open_liberties == 0
            && self.connections.is_empty()
            && self.lunches.iter().all(|l| l.attack_point.is_none())
    }
}

/// The goal's strings: every stone of `color` marked in `goal`.
pub fn goal_strings(board: &Board, goal: &[bool], color: Color) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for p in marked_points(goal) {
        if board.cell(p).is(color) {
            let o = board.origin(p);
            if !out.contains(&o) {
                out.push(o);
            }
        }
    }
    out
}

/// Judge the position for the goal (the stones marked in `goal`, all of
/// `color`).
pub fn evaluate(
    board: &mut Board,
    reader: &mut Reader,
    solver: &mut EyeSolver,
    goal: &[bool],
    color: Color,
) -> Life {
    evaluate_beside(board, reader, solver, goal, color, None)
}

/// [`evaluate`] with enemy strings that are never read as lunches: those
/// with a stone marked in `rival` (the other dragon of a capturing race,
/// whose capture the race's own search decides; a tactical read of a
/// string with many liberties mistakes a seki for a capture).
pub fn evaluate_beside(
    board: &mut Board,
    reader: &mut Reader,
    solver: &mut EyeSolver,
    goal: &[bool],
    color: Color,
    rival: Option<&[bool]>,
) -> Life {
    let other = color.opponent();
    let strings = goal_strings(board, goal, color);
    let mut worms = WormTable::all_lively(board);
    // The goal's own weak strings.
    let mut weak = Vec::new();
    for &s in &strings {
        if board.countlib(s) > WEAK_LIBERTIES {
            continue;
        }
        let (attack, attack_point) = reader.attack(board, s);
        if attack == ReadResult::Fail {
            continue;
        }
        let (defense, defense_point) = reader.find_defense(board, s);
        weak.push(WeakString {
            origin: s,
            attack_point,
            defense_point: saving_move(defense, defense_point),
        });
    }
    // The enemy strings around the goal.
    let mut neighbors: Vec<Point> = Vec::new();
    let mut buf = Vec::new();
    for &s in &strings {
        board.adjacent_chains(s, &mut buf);
        for &n in &buf {
            let o = board.origin(n);
            if !neighbors.contains(&o) {
                neighbors.push(o);
            }
        }
    }
    neighbors.sort();
    let mut lunches = Vec::new();
    for &n in &neighbors {
        if board.countlib(n) > LUNCH_LIBERTIES {
            continue;
        }
        if rival.is_some_and(|r| board.stones(n).any(|p| r[p.idx()])) {
            continue;
        }
        let Some(status) = capture_status(board, reader, n) else {
            continue;
        };
        worms.set_status(board, n, status);
        lunches.push(Lunch {
            origin: n,
            attack_point: status.attack_point,
            defense_point: saving_move(status.defense, status.defense_point),
        });
    }
    // Enemy strings one empty point away from the goal, short of
    // liberties, that the tactical reader captures and cannot save: dead
    // stones inside the eye space, part of it as a lunch's are (but not
    // lunches: the owner need not hurry to take them).
    let mut dead_inside: Vec<Point> = Vec::new();
    let mut near_strings: Vec<Point> = Vec::new();
    for &s in &strings {
        for q in board.lib_list(s) {
            for n in q.neighbors() {
                if board.on_board(n) && board.cell(n).is(other) {
                    let o = board.origin(n);
                    if !neighbors.contains(&o) && !near_strings.contains(&o) {
                        near_strings.push(o);
                    }
                }
            }
        }
    }
    near_strings.sort();
    for n in near_strings {
        if board.countlib(n) > DEAD_INSIDE_LIBERTIES
            || rival.is_some_and(|r| board.stones(n).any(|p| r[p.idx()]))
        {
            continue;
        }
        let Some(status) = capture_status(board, reader, n) else {
            continue;
        };
        if status.defense != ReadResult::Fail {
            continue;
        }
        worms.set_status(board, n, status);
        dead_inside.push(n);
    }
    // Eye spaces touching the goal (or a lunch inside it).
    let mut near = [false; BOARD_ARRAY];
    for p in marked_points(goal) {
        if board.cell(p).is(color) {
            for n in p.neighbors() {
                near[n.idx()] = true;
            }
        }
    }
    for l in &lunches {
        for p in board.stones(l.origin) {
            near[p.idx()] = true;
        }
    }
    for &o in &dead_inside {
        for p in board.stones(o) {
            near[p.idx()] = true;
        }
    }
    // Enemy strings deep inside a small region only the goal encloses
    // have no life of their own: they lie in the eye space rather than
    // cut it up.
    for o in enclosed_invaders(board, goal, color) {
        if lunches.iter().any(|l| l.origin == o) {
            continue;
        }
        worms.set_status(
            board,
            o,
            ChainStatus {
                attack: ReadResult::Fail,
                attack_point: None,
                defense: ReadResult::Fail,
                defense_point: None,
                inessential: true,
            },
        );
        for p in board.stones(o) {
            near[p.idx()] = true;
        }
    }
    let eyes = EyeAnalysis::compute_local(board, reader, &worms, color, solver, &|p| {
        near[p.idx()] && !board_is_goal(goal, p)
    });
    let map = eyes.map(color);
    let mut eye_points = Vec::new();
    let mut margins = Vec::new();
    let mut eye_list = Vec::new();
    let mut attacks = Vec::new();
    let mut defenses = Vec::new();
    let mut switches: Vec<(u8, u8)> = Vec::new();
    let mut threat_gain = 0u8;
    for space in map.spaces() {
        if !space.points.iter().any(|p| near[p.idx()]) {
            continue;
        }
        let mut space_has_half = false;
        for &p in &space.points {
            eye_points.push(p);
            if map.point(p).is_some_and(|e| e.marginal) {
                margins.push(p);
            }
            if let Some(h) = eyes.half_eye(p) {
                if h.kind == EyeTopology::Half {
                    if !h.defense_points.is_empty() {
                        space_has_half = true;
                    }
                    for (&a, &tier) in h.attack_points.iter().zip(&h.attack_tiers) {
                        attacks.push(Suggestion {
                            point: a,
                            value: 85 - i32::from(tier),
                        });
                    }
                    for (&d, &tier) in h.defense_points.iter().zip(&h.defense_tiers) {
                        defenses.push(Suggestion {
                            point: d,
                            value: 85 - i32::from(tier),
                        });
                    }
                }
            }
        }
        let v = space.value;
        if v.max_eyes() >= 1 {
            eye_list.push(space.points.clone());
        }
        switches.push((v.min_eyes().min(2), v.max_eyes().min(2)));
        threat_gain = threat_gain.max(
            v.max_eye_threat()
                .min(2)
                .saturating_sub(v.max_eyes().min(2)),
        );
        if space_has_half && v.max_eyes() == 0 {
            threat_gain = threat_gain.max(1);
        }
        if !v.is_settled() {
            let urgency = i32::from(v.urgency());
            for (&a, &tier) in space.attack_points.iter().zip(&space.attack_tiers) {
                attacks.push(Suggestion {
                    point: a,
                    value: 100 + 5 * urgency - i32::from(tier),
                });
            }
            for (&d, &tier) in space.defense_points.iter().zip(&space.defense_tiers) {
                defenses.push(Suggestion {
                    point: d,
                    value: 100 + 5 * urgency - i32::from(tier),
                });
            }
        }
    }
    let (mut min_eyes, max_eyes) = add_switches(&mut switches);
    // A goal string short of liberties that can be captured and borders
    // the eye space: the attacker moving first captures it and the space
    // is no longer closed, whatever its value.
    if min_eyes >= 2 && weak_string_on_space(board, &weak, &eye_points) {
        min_eyes = 1;
    }
    let all_owner: u8 = switches.iter().map(|&(_, c)| c).sum();
    let max_threat = all_owner.saturating_add(threat_gain).min(2);
    let mut in_space = [false; BOARD_ARRAY];
    for &p in &eye_points {
        in_space[p.idx()] = true;
    }
    let open_liberties = crate::owl::moves::goal_liberties(board, goal, color)
        .into_iter()
        .filter(|&l| !in_space[l.idx()] && !l.neighbors().iter().any(|&n| board.cell(n).is(other)))
        .count();
    let Escape {
        free: escape,
        first_steps: escape_moves,
        cut_points,
    } = escape(board, goal, color, other);
    let (cut_points, cut_point_steps): (Vec<Point>, Vec<u8>) = cut_points.into_iter().unzip();
    if log::log_enabled!(log::Level::Trace) {
        let spaces: Vec<String> = map
            .spaces()
            .iter()
            .filter(|s| s.points.iter().any(|p| near[p.idx()]))
            .map(|s| format!("{:?}:{}={}", s.origin, s.size(), s.value))
            .collect();
        log::trace!(
            "owl life: eyes {min_eyes}-{max_eyes} threat {max_threat} open {open_liberties} escape {escape} spaces {spaces:?} lunches {} weak {}",
            lunches.len(),
            weak.len()
        );
    }
    Life {
        min_eyes,
        max_eyes,
        escape,
        eye_points,
        margins,
        eyes: eye_list,
        attacks,
        defenses,
        lunches,
        weak,
        escape_moves,
        cut_points,
        cut_point_steps,
        max_threat,
        open_liberties,
        connections: connection_points(board, goal, color),
    }
}

/// A friendly string outside the goal with at least this many liberties
/// is a way out: the escape walk stops there, and a move joining it ends
/// the goal's isolation.
const FRIEND_LIBERTIES: usize = 5;

/// The goal's liberties (board order) where an owner stone joins the goal
/// to a friendly string outside it with at least [`FRIEND_LIBERTIES`]
/// liberties: next to one of its stones, or diagonal to one with both
/// points between empty (a link the attacker cannot cut alone). A stone
/// there left in atari joins nothing. The escape walk misses these when
/// the point touches an enemy stone.
fn connection_points(board: &Board, goal: &[bool], color: Color) -> Vec<Point> {
    let friend = |q: Point| {
        board.on_board(q)
            && board.cell(q).is(color)
            && !goal[q.idx()]
            && board.countlib(q) >= FRIEND_LIBERTIES
    };
    crate::owl::moves::goal_liberties(board, goal, color)
        .into_iter()
        .filter(|&p| {
            let next_to = p.neighbors().into_iter().any(friend);
            let across = p.diagonals().into_iter().any(|d| {
                friend(d)
                    && p.neighbors()
                        .into_iter()
                        .filter(|n| d.neighbors().contains(n))
                        .all(|n| board.is_empty(n))
            });
            (next_to || across) && !crate::reading::libs::is_self_atari(board, p, color)
        })
        .collect()
}

/// Does a weak goal string with at most [`BREAKING_LIBERTIES`]
/// liberties (one the attacker captures moving first, in a few moves)
/// touch a point of the eye spaces? (With more liberties the capture
/// takes long enough for the owner to answer; counting those too cost
/// 15% more owl CPU for one more owl.tst pass.)
fn weak_string_on_space(board: &Board, weak: &[WeakString], eye_points: &[Point]) -> bool {
    let mut in_space = [false; BOARD_ARRAY];
    for &p in eye_points {
        in_space[p.idx()] = true;
    }
    let breaking = |w: &&WeakString| {
        w.attack_point.is_some() && board.countlib(w.origin) <= BREAKING_LIBERTIES
    };
    weak.iter().filter(breaking).any(|w| {
        board
            .stones(w.origin)
            .any(|p| p.neighbors().iter().any(|n| in_space[n.idx()]))
    })
}

/// Regions larger than this are not enclosures (an invader there may
/// live).
const ENCLOSURE_POINTS: usize = 30;

/// Origins of the enemy strings that touch no goal stone and lie in an
/// enclosure of the goal: a connected set of empty points and enemy
/// stones bordered by goal stones and the edge only, of at most
/// [`ENCLOSURE_POINTS`] points of which at most a third are enemy stones.
/// Such a string cannot run out and has too little room to live beside
/// the goal's eyes; counted as alive it would split the space around it
/// into the attacker's domain (a lone stone dropped into a territory
/// would kill it). A real killing placement touches the goal and is read
/// as a lunch.
fn enclosed_invaders(board: &Board, goal: &[bool], color: Color) -> Vec<Point> {
    let other = color.opponent();
    // Only regions with an enemy stone can hold an invader, so the floods
    // start from enemy stones, and a flood stops as soon as its region
    // cannot be an enclosure (too large, or bordered by a point that is
    // not a goal stone). The set found does not depend on where a region's
    // flood starts; the caller only takes the set. Each point is marked
    // with the number of the flood that met it (0: none). A complete flood
    // marks its whole region, so a later flood that meets a point of an
    // earlier one has come into a region whose flood stopped: no
    // enclosure either.
    let mut met = [0u16; BOARD_ARRAY];
    let mut flood = 0u16;
    let mut out = Vec::new();
    let mut stack: Vec<Point> = Vec::new();
    let mut region: Vec<Point> = Vec::with_capacity(ENCLOSURE_POINTS + 1);
    for start in board.points() {
        if met[start.idx()] != 0 || !board.cell(start).is(other) {
            continue;
        }
        flood += 1;
        met[start.idx()] = flood;
        stack.clear();
        stack.push(start);
        region.clear();
        let mut enclosed = true;
        'flood: while let Some(p) = stack.pop() {
            region.push(p);
            if region.len() > ENCLOSURE_POINTS {
                enclosed = false;
                break;
            }
            for n in p.neighbors() {
                if !board.on_board(n) || met[n.idx()] == flood {
                    continue;
                }
                if board.is_empty(n) || board.cell(n).is(other) {
                    if met[n.idx()] != 0 {
                        enclosed = false;
                        break 'flood;
                    }
                    met[n.idx()] = flood;
                    stack.push(n);
                } else if !goal[n.idx()] {
                    enclosed = false;
                    break 'flood;
                }
            }
        }
        if !enclosed {
            continue;
        }
        let enemies = region.iter().filter(|&&p| board.is_stone(p)).count();
        if 3 * enemies > region.len() {
            continue;
        }
        for &p in &region {
            if board.is_stone(p) {
                let o = board.origin(p);
                let touches_goal = board.stones(o).any(|q| {
                    q.neighbors()
                        .iter()
                        .any(|&n| board.on_board(n) && goal[n.idx()])
                });
                if !touches_goal && !out.contains(&o) {
                    out.push(o);
                }
            }
        }
    }
    out
}

/// The tactical status of the enemy string `n` when the reader captures
/// it (attack first, then the defence), `None` when it cannot.
fn capture_status(board: &mut Board, reader: &mut Reader, n: Point) -> Option<ChainStatus> {
    let (attack, attack_point) = reader.attack(board, n);
    if attack == ReadResult::Fail {
        return None;
    }
    let (defense, defense_point) = reader.find_defense(board, n);
    Some(ChainStatus {
        attack,
        attack_point,
        defense,
        defense_point,
        inessential: false,
    })
}

fn board_is_goal(goal: &[bool], p: Point) -> bool {
    goal[p.idx()]
}

/// The eyes of a sum of switches `(b, c)` played out in turn, most
/// valuable first: `(attacker first, owner first)`, each capped at 2.
pub fn add_switches(switches: &mut [(u8, u8)]) -> (u8, u8) {
    switches.sort_by_key(|&(b, c)| std::cmp::Reverse(c.saturating_sub(b)));
    let total = |attacker_first: bool| -> u8 {
        let mut sum = 0u8;
        for (k, &(b, c)) in switches.iter().enumerate() {
            let attacker_moves = (k % 2 == 0) == attacker_first;
            sum = sum.saturating_add(if attacker_moves { b } else { c });
        }
        sum.min(2)
    };
    (total(true), total(false))
}

/// Can the goal run out, whatever single move the attacker makes? A
/// breadth-first walk from its liberties over empty points that touch no
/// enemy stone, at most [`ESCAPE_STEPS`] deep, reaches the outside when
/// it finds [`ESCAPE_OPEN_POINTS`] open points (no enemy stone within
/// two steps, off the first line: [`is_open`]) or a friendly string
/// outside the goal that looks safe (five liberties or more). The way
/// out must not hang on one point: the walk is repeated with each point
/// it passed blocked, and a point whose blocking shuts the goal in is a
/// *cut point* (where the attacker blocks and the owner runs). Returns
/// the verdict, the first steps of the walk (escape moves) and the cut
/// points, nearest first.
fn escape(board: &Board, goal: &[bool], color: Color, other: Color) -> Escape {
    // The walks start from the goal's liberties, found once.
    let starts = crate::owl::moves::goal_liberties_as_met(board, goal, color);
    let (out, visited) = escape_walk(board, goal, &starts, color, other, None);
    let mut first: Vec<Point> = visited
        .iter()
        .filter(|&&(_, d)| d == 1)
        .map(|&(p, _)| p)
        .collect();
    first.sort();
    if !out {
        return Escape {
            free: false,
            first_steps: first,
            cut_points: Vec::new(),
        };
    }
    let cut_points: Vec<(Point, u8)> = visited
        .iter()
        .filter(|&&(p, _)| !escape_walk(board, goal, &starts, color, other, Some(p)).0)
        .map(|&(p, d)| (p, u8::try_from(d).unwrap_or(u8::MAX)))
        .collect();
    Escape {
        free: cut_points.is_empty(),
        first_steps: first,
        cut_points,
    }
}

/// Does the goal escape ([`Life::escape`])? The judgement's escape walk
/// alone, without the rest of the judgement (no tactical read).
pub(crate) fn escapes(board: &Board, goal: &[bool], color: Color) -> bool {
    escape(board, goal, color, color.opponent()).free
}

/// What [`escape`] found.
struct Escape {
    free: bool,
    first_steps: Vec<Point>,
    /// With the walk's steps to each.
    cut_points: Vec<(Point, u8)>,
}

/// One escape walk (see [`escape`]) from `starts` (the goal's liberties,
/// in board order) with `blocked` treated as occupied:
/// whether it got out, and the points it passed with their distance, in
/// the order walked.
fn escape_walk(
    board: &Board,
    goal: &[bool],
    starts: &[Point],
    color: Color,
    other: Color,
    blocked: Option<Point>,
) -> (bool, Vec<(Point, usize)>) {
    // Distances stay within ESCAPE_STEPS + 1; `u8::MAX`: not reached.
    let mut dist = [u8::MAX; BOARD_ARRAY];
    let mut queue = std::collections::VecDeque::new();
    let mut visited = Vec::new();
    if let Some(b) = blocked {
        dist[b.idx()] = 0;
    }
    for &n in starts {
        if dist[n.idx()] == u8::MAX {
            dist[n.idx()] = 1;
            queue.push_back(n);
        }
    }
    let mut open = 0;
    let touches_enemy = |q: Point| q.neighbors().iter().any(|&n| board.cell(n).is(other));
    while let Some(p) = queue.pop_front() {
        if touches_enemy(p) {
            continue;
        }
        visited.push((p, usize::from(dist[p.idx()])));
        if is_open(board, p, other) {
            open += 1;
            if open >= ESCAPE_OPEN_POINTS {
                return (true, visited);
            }
        }
        if usize::from(dist[p.idx()]) >= ESCAPE_STEPS {
            continue;
        }
        for n in p.neighbors() {
            if board.cell(n).is(color) && !goal[n.idx()] && board.countlib(n) >= FRIEND_LIBERTIES {
                return (true, visited);
            }
            if board.is_empty(n) && dist[n.idx()] == u8::MAX {
                dist[n.idx()] = dist[p.idx()] + 1;
                queue.push_back(n);
            }
        }
    }
    (false, visited)
}

/// An empty point off the first line with no `enemy` stone within two
/// steps. The owner's own stones there, the goal's
/// included, leave it open: the area is his to run into or to wall off
/// as eye space. Until 2026-12-02 any stone within two steps closed a
/// point, and a dragon with room among its own stones in a busy game
/// position was read as shut in: on the held-out game positions of
/// `scripts/owl-held-out.py` GNU Go called alive 127 of the checking
/// half's dragons that tesuji called dead or critical, 71 with this rule
/// (regression/HISTORY.md, owl.tst, 2026-12-02).
fn is_open(board: &Board, p: Point, enemy: Color) -> bool {
    if is_edge(board, p) {
        return false;
    }
    let size = board.size();
    let (r, c) = (p.row(), p.col());
    for dr in -2i32..=2 {
        for dc in -2i32..=2 {
            if dr.abs() + dc.abs() > 2 {
                continue;
            }
            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
            if rr < 0 || cc < 0 || rr >= size as i32 || cc >= size as i32 {
                continue;
            }
            if board.cell(Point::new(rr as usize, cc as usize)).is(enemy) {
                return false;
            }
        }
    }
    true
}

/// The move of a tactical defence that saves the string: none when the
/// reader found no defence.
fn saving_move(defense: ReadResult, point: Option<Point>) -> Option<Point> {
    if defense == ReadResult::Fail {
        None
    } else {
        point
    }
}
