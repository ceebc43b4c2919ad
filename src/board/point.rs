//! Board geometry: the padded one-dimensional point index.
//!
//! GNU Go counterpart: `POS`, `I`, `J`, `NS`, `WE`, `ON_BOARD` of
//! `engine/board.h`. Points are laid out row-major from the top-left
//! corner (row 0 is the top row, as in GNU Go), with a stride of
//! `MAX_BOARD + 1`: index 0 of each array row is a sentinel column (so one
//! sentinel separates consecutive rows, and index 0 itself, [`Point::NONE`],
//! is a border cell), and one sentinel row lies above and below the board.
//! Every neighbour and diagonal of an on-board point, corners included, is
//! a valid index. Index order is GNU Go's print order for vertex lists
//! (A19, B19, ..., A18 ...).

use std::fmt;

/// The largest supported board side (GTP's limit: columns A-Z without I).
pub const MAX_BOARD: usize = 25;
/// Distance between vertically adjacent points.
pub const STRIDE: usize = MAX_BOARD + 1;
/// Length of the padded board array.
pub const BOARD_ARRAY: usize = (MAX_BOARD + 2) * STRIDE + 1;

/// The on-board points of a board of some side, in index order (row by
/// row from the top-left corner): [`crate::board::Board::points`]. Walks
/// the index directly, skipping the sentinel column between rows.
#[derive(Clone, Debug)]
pub struct BoardPoints {
    next: u16,
    row_end: u16,
    end: u16,
    side: u16,
}

impl BoardPoints {
    /// The points of a `side` x `side` board.
    pub fn new(side: usize) -> BoardPoints {
        let first = Point::new(0, 0).0;
        let end = if side == 0 {
            first
        } else {
            Point::new(side - 1, side - 1).0 + 1
        };
        BoardPoints {
            next: first,
            row_end: first + side as u16,
            end,
            side: side as u16,
        }
    }
}

impl Iterator for BoardPoints {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.next >= self.end {
            return None;
        }
        let p = Point(self.next);
        self.next += 1;
        if self.next == self.row_end {
            self.next += STRIDE as u16 - self.side;
            self.row_end += STRIDE as u16;
        }
        Some(p)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = if self.next >= self.end {
            0
        } else {
            let rows_after = (self.end - self.row_end) as usize / STRIDE;
            (self.row_end - self.next) as usize + rows_after * self.side as usize
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for BoardPoints {}

impl std::iter::FusedIterator for BoardPoints {}

/// A point of the padded board array (a valid index even for border cells).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point(pub u16);

impl Point {
    /// A placeholder meaning "no point" (index 0 is always a border cell).
    pub const NONE: Point = Point(0);

    /// The point at `row` (0 = top) and `col` (0 = left). No bounds check.
    #[inline]
    pub const fn new(row: usize, col: usize) -> Point {
        Point(((row + 1) * STRIDE + col + 1) as u16)
    }

    /// The array index.
    #[inline]
    pub const fn idx(self) -> usize {
        self.0 as usize
    }

    /// Row counted from the top (only meaningful for on-board points).
    #[inline]
    pub const fn row(self) -> usize {
        (self.0 as usize / STRIDE).wrapping_sub(1)
    }

    /// Column counted from the left (only meaningful for on-board points).
    #[inline]
    pub const fn col(self) -> usize {
        (self.0 as usize % STRIDE).wrapping_sub(1)
    }

    /// True unless this is [`Point::NONE`].
    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// The point above (towards row 0).
    #[inline]
    pub const fn north(self) -> Point {
        Point(self.0 - STRIDE as u16)
    }
    /// The point below.
    #[inline]
    pub const fn south(self) -> Point {
        Point(self.0 + STRIDE as u16)
    }
    /// The point to the left.
    #[inline]
    pub const fn west(self) -> Point {
        Point(self.0 - 1)
    }
    /// The point to the right.
    #[inline]
    pub const fn east(self) -> Point {
        Point(self.0 + 1)
    }

    /// The four orthogonal neighbours (south, west, north, east - GNU Go's
    /// `delta[0..4]` order). Valid for every on-board point; some may be
    /// border cells.
    #[inline]
    pub const fn neighbors(self) -> [Point; 4] {
        [self.south(), self.west(), self.north(), self.east()]
    }

    /// The four diagonal neighbours (SW, NW, NE, SE).
    #[inline]
    pub const fn diagonals(self) -> [Point; 4] {
        let s = STRIDE as u16;
        [
            Point(self.0 + s - 1),
            Point(self.0 - s - 1),
            Point(self.0 - s + 1),
            Point(self.0 + s + 1),
        ]
    }

    /// Manhattan distance between two on-board points.
    pub fn distance(self, other: Point) -> usize {
        self.row().abs_diff(other.row()) + self.col().abs_diff(other.col())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("NONE");
        }
        if self.row() >= MAX_BOARD || self.col() >= MAX_BOARD {
            return write!(f, "Border({})", self.0);
        }
        // Debug form only; the GTP wire form lives in gtp/vertex.rs.
        write!(f, "P({},{})", self.row(), self.col())
    }
}

/// The points marked `true` in `marks` (an array indexed by point, such as
/// the owl's goal), in increasing index order: board order, as
/// [`crate::board::Board::points`] walks. Eight marks are tested at once,
/// so a sparse array costs one test per eight points, where a walk over
/// the board tests every point.
pub fn marked_points(marks: &[bool]) -> impl Iterator<Item = Point> + '_ {
    marks
        .chunks(8)
        .enumerate()
        .filter(|(_, chunk)| chunk.iter().fold(false, |any, &m| any | m))
        .flat_map(|(c, chunk)| {
            chunk
                .iter()
                .enumerate()
                .filter(|&(_, &m)| m)
                .map(move |(i, _)| Point((8 * c + i) as u16))
        })
}
