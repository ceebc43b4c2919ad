//! GTP text forms of vertices and colours: `D4`, `pass`, `b`/`white`.
//!
//! GNU Go counterpart: `gtp_decode_color`, `gtp_decode_coord`,
//! `gtp_decode_move` and `gtp_print_vertex` of `interface/gtp.c`. Columns
//! run A-Z without I, rows count from the bottom (board row 0 is the top),
//! any case is accepted on input and output is upper case.

use crate::board::{Color, Move, Point, MAX_BOARD};

/// Column letters in order (no `I`).
const COLUMNS: &[u8; MAX_BOARD] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Parse a colour: `b`, `w`, `black`, `white` in any case.
pub fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// The column index of a letter (A=0, no I), any case.
pub fn column_index(letter: u8) -> Option<usize> {
    let up = letter.to_ascii_uppercase();
    COLUMNS.iter().position(|&c| c == up)
}

/// Parse a vertex on a board of `size`: `pass` (any case) or letter + row
/// number. Off-board, `I` and malformed text give `None`.
pub fn parse_move(s: &str, size: usize) -> Option<Move> {
    if s.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    parse_point(s, size).map(Move::Play)
}

/// Parse a vertex that must be a point (no pass).
pub fn parse_point(s: &str, size: usize) -> Option<Point> {
    let (col, row_number) = parse_coords(s)?;
    if col >= size || row_number == 0 || row_number > size {
        return None;
    }
    Some(Point::new(size - row_number, col))
}

/// Split a vertex into its column index and its GTP row number (counted
/// from 1 at the bottom), without checking them against a board size.
pub fn parse_coords(s: &str) -> Option<(usize, usize)> {
    let bytes = s.as_bytes();
    let (&letter, digits) = bytes.split_first()?;
    let col = column_index(letter)?;
    if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let row_number: usize = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some((col, row_number))
}

/// The column letter of a column index.
pub fn column_letter(col: usize) -> char {
    COLUMNS.get(col).map_or('?', |&c| c as char)
}

/// A point as GTP text (`D4`) on a board of `size`.
pub fn format_point(p: Point, size: usize) -> String {
    format!("{}{}", column_letter(p.col()), size - p.row())
}

/// A move as GTP text: a vertex or `PASS`.
pub fn format_move(m: Move, size: usize) -> String {
    match m {
        Move::Pass => "PASS".to_string(),
        Move::Play(p) => format_point(p, size),
    }
}

/// An optional point: the vertex, or `PASS` for `None`.
pub fn format_opt_point(p: Option<Point>, size: usize) -> String {
    match p {
        Some(p) if p.is_some() => format_point(p, size),
        _ => "PASS".to_string(),
    }
}

/// Space-separated vertices in the order given.
pub fn format_points(points: &[Point], size: usize) -> String {
    points
        .iter()
        .map(|&p| format_point(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A colour as GNU Go prints it: `black` / `white`.
pub fn format_color(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_round_trip_and_skip_i() {
        assert_eq!(parse_point("A1", 9), Some(Point::new(8, 0)));
        assert_eq!(parse_point("j9", 9), Some(Point::new(0, 8)));
        assert_eq!(parse_point("I5", 9), None);
        assert_eq!(parse_point("J10", 9), None);
        assert_eq!(parse_point("A0", 9), None);
        assert_eq!(parse_point("A", 9), None);
        assert_eq!(parse_point("A1x", 9), None);
        assert_eq!(parse_point("Z25", 25), Some(Point::new(0, 24)));
        assert_eq!(parse_move("PaSs", 9), Some(Move::Pass));
        for p in crate::board::Board::new(19).points() {
            assert_eq!(parse_point(&format_point(p, 19), 19), Some(p));
        }
    }

    #[test]
    fn colours_in_any_case() {
        assert_eq!(parse_color("B"), Some(Color::Black));
        assert_eq!(parse_color("White"), Some(Color::White));
        assert_eq!(parse_color("x"), None);
    }
}
