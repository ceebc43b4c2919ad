//! The record of one dragon as `dragon_data` reports it: size, effective
//! size, genus from its eye spaces, status and safety from the final
//! statuses, and the neighbouring dragons.
//!
//! GNU Go counterpart: the `dragon[]` / `dragon2[]` fields that
//! `make_dragons` fills (`engine/dragon.c`: `compute_dragon_genus`,
//! `find_neighbor_dragons`, the safety rules at the end of
//! `make_dragons`) and `report_dragon` prints. Only the fields computed
//! here are in [`DragonRecord`]; the owl, semeai, escape, moyo and
//! weakness fields do not exist yet (the GTP handler prints GNU Go's
//! values for "not computed"). Where to start: [`dragon_records`].
//!
//! Differences from GNU Go, each a consequence of what exists here:
//! - the status is the final status of [`crate::analysis::status`]
//!   (unconditional life, tactics, eyes over regions), not owl's;
//! - the neighbours grow into the area of the territory estimate
//!   ([`crate::analysis::territory`]) where GNU Go uses its initial
//!   influence;
//! - the origin is that of the dragon's largest string (the first in board
//!   order on a tie), where GNU Go keeps the origin of whichever part was
//!   larger when its amalgamation joined them.

use crate::analysis::dragon::Dragons;
use crate::analysis::status::{final_status, PointStatus};
use crate::analysis::territory::Territory;
use crate::analysis::worm::effective_sizes;
use crate::analysis::Readers;
use crate::board::{Board, Color, Point, BOARD_ARRAY};
use crate::eyes::space::{EyeAnalysis, EyeTopology};
use crate::eyes::unconditional::unconditional_status;
use crate::eyes::value::EyeValue;
use crate::reading::{ReadResult, Reader};

/// The status of a dragon (GNU Go's `status` field, here from the final
/// statuses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DragonStatus {
    /// It stays on the board.
    Alive,
    /// It will be captured.
    Dead,
    /// It lives in seki.
    Seki,
}

/// How safe a dragon is (GNU Go's `safety` field), from the checks GNU Go
/// makes in this order: a lone string the tactical reader captures, a
/// dragon no sequence of moves can kill, the status, then the genus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Safety {
    /// A single string that is captured whatever its owner does.
    TacticallyDead,
    /// Unconditionally alive, or two eye spaces with no margin, half eye
    /// or living enemy stone.
    Invincible,
    /// Dead by its final status.
    Dead,
    /// Alive in seki.
    AliveInSeki,
    /// Alive with at least six eyes counted as `min + max` of the genus.
    StronglyAlive,
    /// Alive.
    Alive,
}

/// One dragon's record.
#[derive(Clone, Debug, PartialEq)]
pub struct DragonRecord {
    /// Its colour.
    pub color: Color,
    /// The name of the dragon (see the module docs).
    pub origin: Point,
    /// Its stones in board order.
    pub stones: Vec<Point>,
    /// Origins of its strings: the dragon's origin first (as GNU Go lists
    /// them), then board order.
    pub strings: Vec<Point>,
    /// Stones plus the shares of the empty points nearer to its strings
    /// than to others ([`effective_sizes`], summed over the strings).
    pub effective_size: f32,
    /// The eyes of the eye spaces it alone borders, added up
    /// ([`EyeValue::sum`]).
    pub genus: EyeValue,
    /// The owner's vital point of the most urgent of those eye spaces.
    pub heye: Option<Point>,
    /// The final status.
    pub status: DragonStatus,
    /// The safety.
    pub safety: Safety,
    /// Indices (into the list [`dragon_records`] returns) of the dragons
    /// next to it, in the order found.
    pub neighbors: Vec<usize>,
    /// How many of those are of the other colour.
    pub hostile_neighbors: usize,
}

/// Points an expanding dragon may reach past its first step (GNU Go's
/// limit in `find_neighbor_dragons`).
const NEIGHBOR_REACH: usize = 5;

/// Six eyes counted as `min + max` make a dragon strongly alive.
const STRONG_GENUS: u8 = 6;

/// The records of every dragon of `board` (left as found), in board order
/// of their first stone. `eyes` is the eye analysis of the same position.
pub fn dragon_records(
    rd: &mut Readers<'_>,
    dragons: &mut Dragons,
    eyes: &EyeAnalysis,
) -> Vec<DragonRecord> {
    let entry = rd.board.depth();
    let all = dragons.all_dragons(rd, None);
    let statuses = final_status(rd, dragons);
    let uncond = unconditional_status(rd.board);
    let sizes = effective_sizes(rd.board);
    let mut dragon_of = vec![usize::MAX; BOARD_ARRAY];
    for (i, d) in all.iter().enumerate() {
        for &s in &d.stones {
            dragon_of[s.idx()] = i;
        }
    }
    let mut records = Vec::with_capacity(all.len());
    for (i, d) in all.iter().enumerate() {
        let origin = d
            .strings
            .iter()
            .copied()
            .max_by_key(|&o| (rd.board.chain_size(o), std::cmp::Reverse(o)))
            .unwrap_or(d.stones[0]);
        let effective_size = d.strings.iter().map(|o| sizes[o.idx()]).sum();
        let (genus, heye) = genus(rd.board, eyes, &dragon_of, i, d.color);
        let status = if d
            .stones
            .iter()
            .any(|&s| statuses.status(s) == PointStatus::Seki)
        {
            DragonStatus::Seki
        } else if d
            .stones
            .iter()
            .all(|&s| statuses.status(s) == PointStatus::Dead)
        {
            DragonStatus::Dead
        } else {
            DragonStatus::Alive
        };
        let single = d.strings.len() == 1;
        let safety = if single && tactically_dead(rd.board, rd.reader, d.strings[0]) {
            Safety::TacticallyDead
        } else if d.stones.iter().any(|&s| uncond.is_invincible(s))
            || (status == DragonStatus::Alive
                && strong_eyes(rd.board, rd.reader, eyes, &dragon_of, i, d.color) >= 2)
        {
            Safety::Invincible
        } else if status == DragonStatus::Dead {
            Safety::Dead
        } else if status == DragonStatus::Seki {
            Safety::AliveInSeki
        } else if genus.min_eyes() + genus.max_eyes() >= STRONG_GENUS {
            Safety::StronglyAlive
        } else {
            Safety::Alive
        };
        let mut strings = vec![origin];
        strings.extend(d.strings.iter().copied().filter(|&o| o != origin));
        records.push(DragonRecord {
            color: d.color,
            origin,
            stones: d.stones.clone(),
            strings,
            effective_size,
            genus,
            heye,
            status,
            safety,
            neighbors: Vec::new(),
            hostile_neighbors: 0,
        });
    }
    let territory = Territory::estimate(rd.board, rd.reader);
    for (a, b) in neighbor_pairs(rd.board, &territory, &dragon_of, &records) {
        for (x, y) in [(a, b), (b, a)] {
            if !records[x].neighbors.contains(&y) {
                records[x].neighbors.push(y);
                if records[x].color != records[y].color {
                    records[x].hostile_neighbors += 1;
                }
            }
        }
    }
    debug_assert_eq!(rd.board.depth(), entry);
    records
}

/// A string the tactical reader captures whatever its owner does.
fn tactically_dead(board: &mut Board, reader: &mut Reader, s: Point) -> bool {
    reader.attack(board, s).0 != ReadResult::Fail
        && reader.find_defense(board, s).0 == ReadResult::Fail
}

/// The dragons (indices) of `color` with a stone next to the eye space.
fn eye_dragons(board: &Board, points: &[Point], dragon_of: &[usize], color: Color) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for &p in points {
        for n in p.neighbors() {
            if board.on_board(n) && board.cell(n).is(color) {
                let d = dragon_of[n.idx()];
                if d != usize::MAX && !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// The genus of dragon `d` (GNU Go `compute_dragon_genus`): the sum of the
/// values of the eye spaces of its colour that no other dragon borders,
/// and the owner's vital point of the first space (board order) more
/// urgent than the spaces before it together.
fn genus(
    board: &Board,
    eyes: &EyeAnalysis,
    dragon_of: &[usize],
    d: usize,
    color: Color,
) -> (EyeValue, Option<Point>) {
    let mut values: Vec<EyeValue> = Vec::new();
    let mut sum = EyeValue::default();
    let mut heye = None;
    for space in eyes.spaces(color) {
        if eye_dragons(board, &space.points, dragon_of, color) != [d] {
            continue;
        }
        if space.value.urgency() > sum.urgency() {
            heye = space.defense_point;
        }
        values.push(space.value);
        sum = EyeValue::sum(&values);
    }
    (sum, heye)
}

/// The eye spaces bordering dragon `d` that are eyes whatever happens
/// (GNU Go's first condition in `dragon_invincible`): no marginal point,
/// no half or false eye point, and no enemy stone inside that the
/// tactical reader does not capture.
fn strong_eyes(
    board: &mut Board,
    reader: &mut Reader,
    eyes: &EyeAnalysis,
    dragon_of: &[usize],
    d: usize,
    color: Color,
) -> usize {
    let mut count = 0;
    for space in eyes.spaces(color) {
        if !eye_dragons(board, &space.points, dragon_of, color).contains(&d) || space.marginals > 0
        {
            continue;
        }
        let mut good = true;
        for &p in &space.points {
            let half = eyes
                .half_eye(p)
                .is_some_and(|h| h.kind != EyeTopology::Proper);
            if half || (board.cell(p).is(color.opponent()) && !tactically_dead(board, reader, p)) {
                good = false;
                break;
            }
        }
        count += usize::from(good);
    }
    count
}

/// Pairs of dragons (indices) that are neighbours (GNU Go
/// `find_neighbor_dragons`): every dragon grows from its stones one step
/// in any direction, then on through points of its colour's area in the
/// territory estimate into points not in the other colour's, up to
/// [`NEIGHBOR_REACH`] steps; points two dragons reach at the same step
/// are collisions. Dragons whose grown areas touch, or that meet at a
/// collision, are neighbours.
fn neighbor_pairs(
    board: &Board,
    territory: &Territory,
    dragon_of: &[usize],
    records: &[DragonRecord],
) -> Vec<(usize, usize)> {
    const NONE: usize = usize::MAX;
    const COLLISION: usize = usize::MAX - 1;
    let mut owner = vec![NONE; BOARD_ARRAY];
    let mut dist = vec![usize::MAX; BOARD_ARRAY];
    for p in board.points() {
        if board.is_stone(p) {
            owner[p.idx()] = dragon_of[p.idx()];
            dist[p.idx()] = 0;
        }
    }
    let area = |p: Point| {
        if board.is_stone(p) {
            board.color_at(p)
        } else {
            territory.owner(p)
        }
    };
    for step in 1..=NEIGHBOR_REACH {
        let mut grew = false;
        for p in board.points() {
            let d = owner[p.idx()];
            if dist[p.idx()] != step - 1 || d >= COLLISION {
                continue;
            }
            let color = records[d].color;
            for q in p.neighbors() {
                if !board.on_board(q) || dist[q.idx()] < step {
                    continue;
                }
                let allowed =
                    step == 1 || (area(p) == Some(color) && area(q) != Some(color.opponent()));
                if !allowed {
                    continue;
                }
                if dist[q.idx()] == step {
                    if owner[q.idx()] != d {
                        owner[q.idx()] = COLLISION;
                    }
                } else {
                    owner[q.idx()] = d;
                    dist[q.idx()] = step;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    let mut pairs = Vec::new();
    for p in board.points() {
        let d = owner[p.idx()];
        if d == COLLISION {
            let around: Vec<usize> = p
                .neighbors()
                .iter()
                .filter(|&&q| board.on_board(q) && owner[q.idx()] < COLLISION)
                .map(|&q| owner[q.idx()])
                .collect();
            for (i, &x) in around.iter().enumerate() {
                for &y in &around[i + 1..] {
                    if x != y {
                        pairs.push((x, y));
                    }
                }
            }
        } else if d != NONE {
            for q in [p.north(), p.east()] {
                if board.on_board(q) && owner[q.idx()] < COLLISION && owner[q.idx()] != d {
                    pairs.push((d, owner[q.idx()]));
                }
            }
        }
    }
    pairs
}

#[cfg(test)]
pub(crate) mod tests;
