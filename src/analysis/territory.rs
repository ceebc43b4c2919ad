//! A territory estimate of the current position: which empty points (and
//! which dead stones) each colour controls, segmented into regions.
//!
//! GNU Go counterpart: the territory side of `engine/influence.c`
//! (`compute_influence`, `influence_get_territory_segmentation`), which
//! radiates influence from every living stone through the empty points and
//! calls a point territory where one colour's influence dominates. Tesuji
//! uses a different, simpler estimate, Bruno Bouzy's mathematical
//! morphology operators: stones start at a large value of their colour's
//! sign; a dilation adds to every point the number of neighbours of its
//! own sign unless an opposite-signed neighbour touches it; an erosion
//! subtracts from every nonzero point the number of neighbours that are
//! not of its sign. What survives is territory. Bouzy's "5/21" (five
//! dilations, twenty-one erosions) keeps only sealed territory, right for
//! counting a finished game; the move generator needs the areas a side
//! *claims* in mid-game, including the points just inside a thin wall,
//! which are exactly where break-ins happen, so Tesuji erodes ten times
//! ("5/10", a milder variant). Over all GNU Go suites the move generator
//! passes 890 tests with 8 erosions, 887 with 10, 869 with 13 and 866 with
//! 16 (`tesuji-regress ../shared/gnugo-regression`, 2026-11-23); 8 and 10
//! are level, and 8 spends a third more CPU (larger regions, more
//! break-in reads), so 10 it is.
//!
//! Stones the tactical reader can capture (attack wins and no defence
//! exists, not even by ko) are treated as dead: they are left out of the
//! influence and counted as their captor's territory, as GNU Go's
//! influence ignores dead worms.

use crate::board::{Board, Color, Point, BOARD_ARRAY};
use crate::reading::{ReadResult, Reader};

/// Number of dilations (Bouzy's operator).
const DILATIONS: usize = 5;
/// Number of erosions (10: territory a side claims, not only sealed).
const EROSIONS: usize = 10;
/// Starting value of a living stone (positive for black, negative for white).
const STONE_VALUE: i32 = 128;
/// Strings with more liberties than this are assumed alive without a read.
const READ_LIBERTIES: usize = 3;

/// The territory map of one position.
#[derive(Clone, Debug)]
pub struct Territory {
    /// Owner of each point (None: neutral or living stone).
    owner: Vec<Option<Color>>,
    /// Region number of each owned point (0: none), 1-based.
    region: Vec<usize>,
    /// Owner and points of each region (index = region number - 1).
    regions: Vec<Region>,
}

/// A connected area of one colour's territory.
#[derive(Clone, Debug)]
pub struct Region {
    /// Whose territory it is.
    pub owner: Color,
    /// Its points in board order (empty points and dead opponent stones).
    pub points: Vec<Point>,
}

impl Territory {
    /// Estimate the territory of `board`. Strings of at most
    /// `READ_LIBERTIES` (3) liberties are read tactically to find dead ones.
    pub fn estimate(board: &mut Board, reader: &mut Reader) -> Territory {
        let dead = dead_stones(board, reader);
        Territory::from_dead(board, &dead)
    }

    /// The estimate with the stones marked in `also_dead` (indexed by
    /// point) removed as well as those the tactical reader finds dead:
    /// the territory as it will be once known dead stones are taken off
    /// (the move generator passes `analysis::status`'s dead stones).
    pub fn estimate_without(
        board: &mut Board,
        reader: &mut Reader,
        also_dead: &[bool],
    ) -> Territory {
        let mut dead = dead_stones(board, reader);
        for p in board.points() {
            dead[p.idx()] |= also_dead[p.idx()];
        }
        Territory::from_dead(board, &dead)
    }

    /// The territory with exactly the stones marked in `dead` taken off
    /// (no tactical reads): the score estimate passes the final statuses'
    /// dead stones.
    pub fn with_dead(board: &Board, dead: &[bool]) -> Territory {
        Territory::from_dead(board, dead)
    }

    /// Dilation and erosion of the stones not marked in `dead`.
    fn from_dead(board: &Board, dead: &[bool]) -> Territory {
        let mut value = vec![0i32; BOARD_ARRAY];
        for p in board.points() {
            if let Some(c) = board.color_at(p) {
                if !dead[p.idx()] {
                    value[p.idx()] = if c == Color::Black {
                        STONE_VALUE
                    } else {
                        -STONE_VALUE
                    };
                }
            }
        }
        let points: Vec<Point> = board.points().collect();
        for _ in 0..DILATIONS {
            dilate(board, &points, &mut value);
        }
        for _ in 0..EROSIONS {
            erode(board, &points, &mut value);
        }
        let mut owner = vec![None; BOARD_ARRAY];
        for &p in &points {
            let alive_stone = board.is_stone(p) && !dead[p.idx()];
            if alive_stone {
                continue;
            }
            let v = value[p.idx()];
            let c = if v > 0 {
                Some(Color::Black)
            } else if v < 0 {
                Some(Color::White)
            } else {
                None
            };
            // A dead stone belongs to its captor only.
            owner[p.idx()] = match (c, board.color_at(p)) {
                (Some(o), Some(s)) if o == s => None,
                _ => c,
            };
        }
        let (region, regions) = segment(board, &points, &owner);
        Territory {
            owner,
            region,
            regions,
        }
    }

    /// Owner of `p` (None for neutral points and living stones).
    pub fn owner(&self, p: Point) -> Option<Color> {
        self.owner[p.idx()]
    }

    /// The regions, in order of their first point.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// The region containing `p`, if `p` is territory.
    pub fn region_of(&self, p: Point) -> Option<&Region> {
        match self.region[p.idx()] {
            0 => None,
            r => Some(&self.regions[r - 1]),
        }
    }

    /// Points of territory for `color`.
    pub fn count(&self, color: Color) -> usize {
        self.owner.iter().filter(|&&o| o == Some(color)).count()
    }

    /// The map as rows of `X` / `O` (territory of black / white), `.`
    /// (neutral) and stones `#` / `@`, top row first (debug output).
    pub fn to_diagram(&self, board: &Board) -> String {
        let n = board.size();
        let mut out = String::new();
        for row in 0..n {
            for col in 0..n {
                let p = Point::new(row, col);
                let ch = match (board.color_at(p), self.owner(p)) {
                    (Some(Color::Black), None) => '#',
                    (Some(Color::White), None) => '@',
                    (_, Some(Color::Black)) => 'X',
                    (_, Some(Color::White)) => 'O',
                    (None, None) => '.',
                };
                out.push(ch);
            }
            out.push('\n');
        }
        out
    }
}

/// Stones of strings the tactical reader captures for certain.
fn dead_stones(board: &mut Board, reader: &mut Reader) -> Vec<bool> {
    let mut dead = vec![false; BOARD_ARRAY];
    for o in board.chain_origins(None) {
        if board.countlib(o) > READ_LIBERTIES {
            continue;
        }
        if reader.attack(board, o).0 != ReadResult::Win {
            continue;
        }
        if reader.find_defense(board, o).0 != ReadResult::Fail {
            continue;
        }
        for s in board.stones_sorted(o) {
            dead[s.idx()] = true;
        }
    }
    dead
}

/// One dilation: every point untouched by the opposite sign grows by the
/// number of its neighbours of its own sign (an empty point takes the sign
/// of its nonzero neighbours when they all agree).
fn dilate(board: &Board, points: &[Point], value: &mut [i32]) {
    let old = value.to_vec();
    for &p in points {
        let v = old[p.idx()];
        let (mut pos, mut neg) = (0, 0);
        for n in p.neighbors() {
            if !board.on_board(n) {
                continue;
            }
            match old[n.idx()] {
                x if x > 0 => pos += 1,
                x if x < 0 => neg += 1,
                _ => {}
            }
        }
        if v >= 0 && neg == 0 {
            value[p.idx()] = v + pos;
        }
        if v <= 0 && pos == 0 {
            value[p.idx()] -= neg;
        }
    }
}

/// One erosion: every nonzero point shrinks towards zero by the number of
/// its on-board neighbours that are not of its sign.
fn erode(board: &Board, points: &[Point], value: &mut [i32]) {
    let old = value.to_vec();
    for &p in points {
        let v = old[p.idx()];
        if v == 0 {
            continue;
        }
        let others = p
            .neighbors()
            .iter()
            .filter(|&&n| board.on_board(n) && old[n.idx()].signum() != v.signum())
            .count() as i32;
        value[p.idx()] = if v > 0 {
            (v - others).max(0)
        } else {
            (v + others).min(0)
        };
    }
}

/// Connected components of each colour's territory.
fn segment(board: &Board, points: &[Point], owner: &[Option<Color>]) -> (Vec<usize>, Vec<Region>) {
    let mut region = vec![0usize; BOARD_ARRAY];
    let mut regions: Vec<Region> = Vec::new();
    for &start in points {
        let Some(color) = owner[start.idx()] else {
            continue;
        };
        if region[start.idx()] != 0 {
            continue;
        }
        let id = regions.len() + 1;
        region[start.idx()] = id;
        let mut members = vec![start];
        let mut i = 0;
        while i < members.len() {
            let q = members[i];
            i += 1;
            for n in q.neighbors() {
                if board.on_board(n) && region[n.idx()] == 0 && owner[n.idx()] == Some(color) {
                    region[n.idx()] = id;
                    members.push(n);
                }
            }
        }
        members.sort();
        regions.push(Region {
            owner: color,
            points: members,
        });
    }
    (region, regions)
}
