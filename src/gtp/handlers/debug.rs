//! Board inspection and hypothetical moves: `showboard`, `list_stones`,
//! `countlib`, `findlib`, `worm_stones`, `is_legal`, `all_legal`,
//! `captures`, `color`, `trymove`, `tryko`, `popgo`, `clear_cache` and the
//! trymove counter.
//!
//! GNU Go counterpart: the corresponding `gtp_*` functions of
//! `interface/play_gtp.c` and `showboard` of `engine/showbord.c`. Vertex
//! lists are printed in board order (row-major from the top left), as GNU
//! Go prints them.

use crate::board::{Board, Cell, Color, Move, Point};
use crate::engine::Engine;
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::{column_letter, format_points, parse_color, parse_move, parse_point};

/// Is `(row, col)` a star point on a board of `size`? Corner points on the
/// 3rd line (2nd on 5x5, 4th from 12x12 up), the centre on odd sizes, and
/// the side points on odd sizes from 13 up.
fn is_star_point(size: usize, row: usize, col: usize) -> bool {
    let center = size / 2;
    let odd = size % 2 == 1;
    if odd && row == center && col == center {
        return true;
    }
    let d = match size {
        0..=4 => return false,
        5 => 1,
        6..=11 => 2,
        _ => 3,
    };
    let lines = [d, size - 1 - d];
    let on_line = |x: usize| lines.contains(&x);
    let sides = odd && size >= 13;
    (on_line(row) || (sides && row == center)) && (on_line(col) || (sides && col == center))
}

/// The board as GNU Go's `showboard` draws it (starting on the line after
/// the status), with the capture counts beside the bottom rows.
pub fn draw_board(board: &Board) -> String {
    let size = board.size();
    let mut s = String::new();
    let header: String = (0..size)
        .map(|c| format!(" {}", column_letter(c)))
        .collect();
    s.push_str(&format!("\n  {header}\n"));
    // Which rows (from the top) carry the capture counts.
    let (white_row, black_row) = if size < 10 {
        (size.checked_sub(2), Some(size - 1))
    } else {
        (Some(8), Some(9))
    };
    for row in 0..size {
        let number = size - row;
        s.push_str(&format!("{number:>2}"));
        for col in 0..size {
            let p = Point::new(row, col);
            let c = match board.cell(p) {
                Cell::Black => 'X',
                Cell::White => 'O',
                _ if is_star_point(size, row, col) => '+',
                _ => '.',
            };
            s.push(' ');
            s.push(c);
        }
        s.push_str(&format!(" {number}"));
        if Some(row) == white_row {
            s.push_str(&format!(
                "     WHITE (O) has captured {} stones",
                board.captures(Color::White)
            ));
        }
        if Some(row) == black_row {
            s.push_str(&format!(
                "     BLACK (X) has captured {} stones",
                board.captures(Color::Black)
            ));
        }
        s.push('\n');
    }
    s.push_str(&format!("  {header}"));
    s
}

/// `showboard`.
pub fn showboard(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(draw_board(engine.board()))
}

/// `list_stones COLOR`.
pub fn list_stones(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = engine.color_arg(args, 0)?;
    let b = engine.board();
    let pts: Vec<Point> = b
        .points()
        .filter(|&p| b.color_at(p) == Some(color))
        .collect();
    Ok(format_points(&pts, b.size()))
}

/// `countlib VERTEX`.
pub fn countlib(engine: &mut Engine, args: &[&str]) -> Reply {
    let s = engine.stone_arg(args, 0)?;
    Ok(engine.board().countlib(s).to_string())
}

/// `findlib VERTEX`: the liberties in board order.
pub fn findlib(engine: &mut Engine, args: &[&str]) -> Reply {
    let s = engine.stone_arg(args, 0)?;
    let libs = engine.board().liberties_sorted(s);
    Ok(format_points(&libs, engine.size()))
}

/// `worm_stones [VERTEX|COLOR]`: one string per line, stones in board
/// order each followed by a space (as GNU Go prints them).
pub fn worm_stones(engine: &mut Engine, args: &[&str]) -> Reply {
    let size = engine.size();
    let b = engine.board();
    let chains: Vec<Vec<Point>> = match args.first() {
        None => engine.game.chains_of(None),
        Some(a) => match parse_color(a) {
            Some(c) => engine.game.chains_of(Some(c)),
            None => {
                let p = parse_point(a, size).ok_or(GtpError::InvalidCoordinate)?;
                if b.is_empty(p) {
                    return Err(GtpError::msg("worm_stones called on an empty vertex"));
                }
                vec![b.stones_sorted(p)]
            }
        },
    };
    let lines: Vec<String> = chains
        .iter()
        .map(|stones| format!("{} ", format_points(stones, size)))
        .collect();
    Ok(lines.join("\n"))
}

/// Colour and move arguments of `is_legal`, `trymove`, `tryko`.
fn color_and_move(engine: &Engine, args: &[&str]) -> Result<(Color, Move), GtpError> {
    let color = args.first().and_then(|s| parse_color(s));
    let mv = args.get(1).and_then(|s| parse_move(s, engine.size()));
    match (color, mv) {
        (Some(c), Some(m)) => Ok((c, m)),
        _ => Err(GtpError::InvalidColorOrCoordinate),
    }
}

/// `is_legal COLOR VERTEX`: `1` or `0` under the game's ko rule (a pass is
/// legal). With hypothetical moves on the board the simple-ko board rule
/// is asked instead: the game's history does not lead there.
pub fn is_legal(engine: &mut Engine, args: &[&str]) -> Reply {
    let (color, mv) = color_and_move(engine, args)?;
    let legal = match mv {
        Move::Pass => true,
        Move::Play(p) => legal_now(engine, p, color),
    };
    Ok(if legal { "1" } else { "0" }.into())
}

/// `all_legal COLOR`: every legal point in board order (as `is_legal`).
pub fn all_legal(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = engine.color_arg(args, 0)?;
    let b = engine.board();
    let pts: Vec<Point> = b
        .points()
        .filter(|&p| legal_now(engine, p, color))
        .collect();
    Ok(format_points(&pts, b.size()))
}

fn legal_now(engine: &Engine, p: Point, color: Color) -> bool {
    if engine.board().depth() > 0 {
        engine.board().is_legal(p, color)
    } else {
        engine.game.is_allowed(color, p)
    }
}

/// `captures COLOR`: stones captured by that colour.
pub fn captures(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = engine.color_arg(args, 0)?;
    Ok(engine.board().captures(color).to_string())
}

/// `color VERTEX`: `black`, `white` or `empty`.
pub fn color(engine: &mut Engine, args: &[&str]) -> Reply {
    let p = engine.point_arg(args, 0)?;
    Ok(match engine.board().color_at(p) {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "empty",
    }
    .into())
}

/// `trymove COLOR VERTEX`: push a legal hypothetical move (or pass).
pub fn trymove(engine: &mut Engine, args: &[&str]) -> Reply {
    let (color, mv) = color_and_move(engine, args)?;
    check_stack_room(engine)?;
    let board = engine.game.board_mut();
    match mv {
        Move::Pass => {
            board.trypass(color);
            Ok(String::new())
        }
        Move::Play(p) if board.trymove(p, color) => Ok(String::new()),
        Move::Play(_) => Err(GtpError::IllegalMove),
    }
}

/// `tryko COLOR VERTEX`: push a hypothetical move that may retake a ko.
pub fn tryko(engine: &mut Engine, args: &[&str]) -> Reply {
    let (color, mv) = color_and_move(engine, args)?;
    let Move::Play(p) = mv else {
        return Err(GtpError::InvalidColorOrCoordinate);
    };
    check_stack_room(engine)?;
    if engine.game.board_mut().tryko(p, color) {
        Ok(String::new())
    } else {
        Err(GtpError::IllegalMove)
    }
}

/// Most hypothetical moves `trymove` / `tryko` stack up from GTP. The board
/// itself plays correctly at any depth; the limit keeps a script that
/// never pops from growing the undo journal without bound, and leaves the
/// readers (whose depth limits count from the real position, as GNU Go's
/// `stackp` does) room to read above the stack. GNU Go stops at 281.
pub const MAX_GTP_STACK: usize = 10_000;

fn check_stack_room(engine: &Engine) -> Result<(), GtpError> {
    if engine.board().depth() >= MAX_GTP_STACK {
        Err(GtpError::msg(format!(
            "move stack full ({MAX_GTP_STACK} hypothetical moves)"
        )))
    } else {
        Ok(())
    }
}

/// `popgo`: take back the last hypothetical move.
pub fn popgo(engine: &mut Engine, _: &[&str]) -> Reply {
    if engine.game.board_mut().popgo() {
        Ok(String::new())
    } else {
        Err(GtpError::StackEmpty)
    }
}

/// `clear_cache`: forget every cached reading result (tactical and
/// connection, persistent caches included).
pub fn clear_cache(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.clear_caches();
    Ok(String::new())
}

/// `get_trymove_counter`.
pub fn get_trymove_counter(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(engine.board().trymove_counter().to_string())
}

/// `reset_trymove_counter`.
pub fn reset_trymove_counter(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.game.board_mut().reset_trymove_counter();
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::is_star_point;

    #[test]
    fn star_points_like_gnu_go() {
        let stars = |size: usize| {
            (0..size * size)
                .filter(|i| is_star_point(size, i / size, i % size))
                .count()
        };
        assert_eq!(stars(1), 1);
        assert_eq!(stars(2), 0);
        assert_eq!(stars(4), 0);
        assert_eq!(stars(5), 5);
        assert_eq!(stars(6), 4);
        assert_eq!(stars(9), 5);
        assert_eq!(stars(12), 4);
        assert_eq!(stars(13), 9);
        assert_eq!(stars(19), 9);
    }
}
