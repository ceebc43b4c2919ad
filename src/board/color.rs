//! Colours of stones and the contents of a board cell.
//!
//! GNU Go counterpart: the `EMPTY`/`WHITE`/`BLACK`/`GRAY` constants of
//! `engine/board.h` and `OTHER_COLOR`.

use std::fmt;

/// The colour of a player or a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Index 0 for black, 1 for white (for per-colour tables).
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// Both colours, black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// What a cell of the padded board array holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// An empty point on the board.
    Empty = 0,
    /// A black stone.
    Black = 1,
    /// A white stone.
    White = 2,
    /// Off the board (the sentinel frame and unused columns).
    Border = 3,
}

impl Cell {
    /// The cell holding a stone of `color`.
    #[inline]
    pub const fn stone(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The stone colour, if the cell holds a stone.
    #[inline]
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }

    /// True for a stone of `color`.
    #[inline]
    pub fn is(self, color: Color) -> bool {
        self == Cell::stone(color)
    }
}

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put a stone on the point.
    Play(crate::board::Point),
    /// Pass.
    Pass,
}
