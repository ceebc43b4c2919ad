//! A slow, obviously-correct copy-make Go board used as the reference for
//! the incremental [`Board`]: a plain grid, flood fills for chains and
//! liberties, every move builds a new value. Written independently of the
//! board code (it shares only the `Color` type and the point layout used to
//! compare with the real board).

use crate::board::{Board, Color, Point};

/// A (row, col) pair on the oracle's grid.
pub type Coord = (usize, usize);

/// A position on a plain `size` x `size` grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oracle {
    pub size: usize,
    /// Row-major, row 0 at the top.
    pub grid: Vec<Option<Color>>,
    /// The ko point and the colour that may not play there next, if any.
    pub ko: Option<(Coord, Color)>,
    /// Stones captured by black, by white.
    pub captured: [u32; 2],
}

impl Oracle {
    pub fn new(size: usize) -> Oracle {
        Oracle {
            size,
            grid: vec![None; size * size],
            ko: None,
            captured: [0, 0],
        }
    }

    /// The oracle for a board position (stones, ko, capture counts). The
    /// colour forbidden by the ko point is the one that has no stone next
    /// to it... i.e. the opponent of the stones around it.
    pub fn from_board(b: &Board) -> Oracle {
        let size = b.size();
        let mut o = Oracle::new(size);
        for r in 0..size {
            for c in 0..size {
                o.grid[r * size + c] = b.color_at(Point::new(r, c));
            }
        }
        let ko = b.ko_point();
        if ko.is_some() {
            let (r, c) = (ko.row(), ko.col());
            // The capturer's stones surround the ko point.
            let around: Vec<Color> = o
                .neighbors(r, c)
                .filter_map(|(nr, nc)| o.at(nr, nc))
                .collect();
            if let Some(&capturer) = around.first() {
                o.ko = Some(((r, c), capturer.opponent()));
            }
        }
        o.captured = [b.captures(Color::Black), b.captures(Color::White)];
        o
    }

    pub fn at(&self, r: usize, c: usize) -> Option<Color> {
        self.grid[r * self.size + c]
    }

    pub fn neighbors(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
        let size = self.size as isize;
        let (r, c) = (r as isize, c as isize);
        [(r + 1, c), (r, c - 1), (r - 1, c), (r, c + 1)]
            .into_iter()
            .filter(move |&(a, b)| a >= 0 && b >= 0 && a < size && b < size)
            .map(|(a, b)| (a as usize, b as usize))
    }

    /// The stones of the chain through (r, c) and its liberties, both
    /// sorted row-major.
    pub fn chain(&self, r: usize, c: usize) -> (Vec<Coord>, Vec<Coord>) {
        let color = self.at(r, c).expect("chain of an empty point");
        let mut seen = vec![false; self.size * self.size];
        let mut stones = vec![(r, c)];
        let mut libs = Vec::new();
        seen[r * self.size + c] = true;
        let mut i = 0;
        while i < stones.len() {
            let (sr, sc) = stones[i];
            i += 1;
            for (nr, nc) in self.neighbors(sr, sc) {
                let k = nr * self.size + nc;
                match self.grid[k] {
                    None if !libs.contains(&(nr, nc)) => {
                        libs.push((nr, nc));
                    }
                    Some(col) if col == color && !seen[k] => {
                        seen[k] = true;
                        stones.push((nr, nc));
                    }
                    _ => {}
                }
            }
        }
        stones.sort();
        libs.sort();
        (stones, libs)
    }

    /// The position after `color` plays at (r, c), or `None` when the move
    /// is illegal (occupied, suicide, or simple ko unless `ignore_ko`).
    pub fn play(&self, r: usize, c: usize, color: Color, ignore_ko: bool) -> Option<Oracle> {
        if self.at(r, c).is_some() {
            return None;
        }
        if !ignore_ko && self.ko == Some(((r, c), color)) {
            return None;
        }
        let mut next = self.clone();
        next.ko = None;
        next.grid[r * self.size + c] = Some(color);
        let mut captured = Vec::new();
        for (nr, nc) in self.neighbors(r, c) {
            if next.at(nr, nc) == Some(color.opponent()) {
                let (stones, libs) = next.chain(nr, nc);
                if libs.is_empty() {
                    for &(sr, sc) in &stones {
                        next.grid[sr * self.size + sc] = None;
                    }
                    captured.extend(stones);
                }
            }
        }
        let (stones, libs) = next.chain(r, c);
        if libs.is_empty() {
            return None;
        }
        next.captured[match color {
            Color::Black => 0,
            Color::White => 1,
        }] += captured.len() as u32;
        if captured.len() == 1 && stones.len() == 1 && libs.len() == 1 {
            next.ko = Some((captured[0], color.opponent()));
        }
        Some(next)
    }

    /// A pass: only the ko point is forgotten.
    pub fn pass(&self) -> Oracle {
        let mut next = self.clone();
        next.ko = None;
        next
    }

    /// Leaf count of the legal-move tree to `depth` plies, colours alternating.
    pub fn perft(&self, color: Color, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for r in 0..self.size {
            for c in 0..self.size {
                if let Some(next) = self.play(r, c, color, false) {
                    n += next.perft(color.opponent(), depth - 1);
                }
            }
        }
        n
    }
}

/// Compare the board with the oracle: stones, ko, captures, and for every
/// stone its chain's stones, liberties (count and list) and origin.
pub fn assert_same(b: &Board, o: &Oracle) {
    let size = o.size;
    assert_eq!(b.size(), size);
    for r in 0..size {
        for c in 0..size {
            let p = Point::new(r, c);
            assert_eq!(b.color_at(p), o.at(r, c), "stone at ({r},{c})\n{b:?}");
        }
    }
    let ko =
        o.ko.map(|((r, c), _)| Point::new(r, c))
            .unwrap_or(Point::NONE);
    assert_eq!(b.ko_point(), ko, "ko point\n{b:?}");
    assert_eq!(
        [b.captures(Color::Black), b.captures(Color::White)],
        o.captured,
        "captures"
    );
    let mut done = vec![false; size * size];
    let mut libs_buf = Vec::new();
    for r in 0..size {
        for c in 0..size {
            if o.at(r, c).is_none() || done[r * size + c] {
                continue;
            }
            let (stones, libs) = o.chain(r, c);
            let stones_p: Vec<Point> = stones.iter().map(|&(a, b)| Point::new(a, b)).collect();
            let libs_p: Vec<Point> = libs.iter().map(|&(a, b)| Point::new(a, b)).collect();
            let p = Point::new(r, c);
            assert_eq!(b.stones_sorted(p), stones_p, "stones of ({r},{c})\n{b:?}");
            assert_eq!(b.countlib(p), libs.len(), "countlib of ({r},{c})\n{b:?}");
            assert_eq!(b.liberties_sorted(p), libs_p, "libs of ({r},{c})\n{b:?}");
            if libs.len() <= crate::board::MAX_LIBS {
                let mut stored = b.libs(p).to_vec();
                stored.sort();
                assert_eq!(stored, libs_p, "stored libs of ({r},{c})\n{b:?}");
            }
            b.findlib(p, &mut libs_buf);
            libs_buf.sort();
            assert_eq!(libs_buf, libs_p);
            assert_eq!(b.origin(p), stones_p[0], "origin of ({r},{c})");
            assert_eq!(b.chain_size(p), stones.len());
            for &(sr, sc) in &stones {
                done[sr * size + sc] = true;
                assert!(b.same_chain(p, Point::new(sr, sc)));
            }
        }
    }
}

/// Compare the legality of `color` at (r, c) on both sides, including
/// `is_legal_ignoring_ko`, `check_move`, `is_suicide`, `is_ko_violation`.
pub fn assert_same_legality(b: &Board, o: &Oracle, r: usize, c: usize, color: Color) {
    let p = Point::new(r, c);
    let legal = o.play(r, c, color, false).is_some();
    let legal_nk = o.play(r, c, color, true).is_some();
    assert_eq!(
        b.is_legal(p, color),
        legal,
        "is_legal {color} ({r},{c})\n{b:?}"
    );
    assert_eq!(b.check_move(p, color).is_ok(), legal);
    assert_eq!(
        b.is_legal_ignoring_ko(p, color),
        legal_nk,
        "ignoring ko ({r},{c})\n{b:?}"
    );
    if b.is_empty(p) {
        assert_eq!(b.is_suicide(p, color), !legal_nk, "suicide ({r},{c})");
        assert_eq!(
            b.is_ko_violation(p, color),
            legal_nk && !legal,
            "ko ({r},{c})"
        );
    }
}

/// The Zobrist hash of a position computed from scratch from the public keys.
pub fn scratch_hash(b: &Board) -> u64 {
    let mut h = 0;
    for p in b.points() {
        if let Some(c) = b.color_at(p) {
            h ^= crate::board::stone_key(c, p);
        }
    }
    if b.ko_point().is_some() {
        h ^= crate::board::ko_key(b.ko_point());
    }
    h
}
