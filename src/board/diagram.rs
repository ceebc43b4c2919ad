//! ASCII diagrams in and out, for tests, documentation and debugging.
//!
//! GNU Go counterpart: `showboard` in `engine/showbd.c` (output) and the
//! diagrams of its manual. Input accepts rows of `X` (black), `O` (white)
//! and `.`/`+`/`,` (empty), with optional spaces and row numbers; header lines
//! with column letters are skipped. An optional `*` marks the ko point.
//! GNU Go `showboard` output can be pasted as it is: text after a row's
//! closing row number (the capture counts) is ignored.

use super::{Board, Cell, Color, Point, MAX_BOARD};

/// Why a diagram could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramError(pub String);

impl std::fmt::Display for DiagramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad diagram: {}", self.0)
    }
}

impl std::error::Error for DiagramError {}

fn is_board_char(c: char) -> bool {
    matches!(c, 'X' | 'x' | '#' | '@' | 'O' | 'o' | '.' | '+' | ',' | '*')
}

/// For a row that starts with a row number (GNU Go `showboard`), drop what
/// follows the closing row number, e.g. `WHITE (O) has captured 0 stones`.
fn strip_showboard_tail(line: &str) -> &str {
    let body = line.trim_start();
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return line;
    }
    let after_number = body.trim_start_matches(|c: char| c.is_ascii_digit());
    match after_number.find(|c: char| c.is_ascii_digit()) {
        Some(i) => {
            let start = line.len() - after_number.len();
            let tail = &after_number[i..];
            let end_of_number = tail
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(tail.len());
            &line[..start + i + end_of_number]
        }
        None => line,
    }
}

impl Board {
    /// Read a square diagram (see the module docs). Stones are placed as
    /// setup; chains without liberties are rejected.
    pub fn from_diagram(text: &str) -> Result<Board, DiagramError> {
        let mut rows: Vec<Vec<char>> = Vec::new();
        for line in text.lines() {
            let line = strip_showboard_tail(line);
            let cells: Vec<char> = line
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_ascii_digit() && *c != '|' && *c != '-')
                .collect();
            if cells.is_empty() || !cells.iter().all(|&c| is_board_char(c)) {
                continue;
            }
            rows.push(cells);
        }
        let size = rows.len();
        if size == 0 || size > MAX_BOARD {
            return Err(DiagramError(format!("{size} rows")));
        }
        let mut board = Board::new(size);
        let mut ko = Point::NONE;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(DiagramError(format!(
                    "row {} has {} cells, expected {size}",
                    r + 1,
                    row.len()
                )));
            }
            for (c, &ch) in row.iter().enumerate() {
                let p = Point::new(r, c);
                match ch {
                    'X' | 'x' | '#' | '@' => board.add_stone(p, Color::Black),
                    'O' | 'o' => board.add_stone(p, Color::White),
                    '*' => ko = p,
                    _ => {}
                }
            }
        }
        for p in board.points().collect::<Vec<_>>() {
            if board.is_stone(p) && board.countlib(p) == 0 {
                return Err(DiagramError(format!(
                    "chain at row {} col {} has no liberty",
                    p.row() + 1,
                    p.col() + 1
                )));
            }
        }
        board.set_ko(ko);
        Ok(board)
    }

    /// The position as rows of `X`, `O` and `.` separated by spaces, top row first.
    pub fn to_diagram(&self) -> String {
        let mut s = String::with_capacity(self.size * (2 * self.size + 1));
        for r in 0..self.size {
            for c in 0..self.size {
                if c > 0 {
                    s.push(' ');
                }
                s.push(match self.cell(Point::new(r, c)) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}
