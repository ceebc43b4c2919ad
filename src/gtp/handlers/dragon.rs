//! Dragon commands: `same_dragon` and `dragon_stones`.
//!
//! GNU Go counterpart: `gtp_same_dragon` and `gtp_dragon_stones` of
//! `interface/play_gtp.c`, which answer from the dragons built by
//! `make_dragons` (`engine/dragon.c`). Here the dragons come from
//! [`crate::analysis::dragon`] (strings amalgamated when the connection
//! reader finds no cut), computed lazily and cached until the board
//! changes. Argument errors use GNU Go's texts: `invalid coordinate`,
//! `vertex must not be empty`, `dragon_stones called on an empty vertex`.

use crate::board::Point;
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::{format_points, parse_color, parse_point};
use crate::gtp::Engine;

/// `same_dragon V1 V2`: `1` when the two stones belong to one dragon,
/// else `0` (stones of different colours are never one dragon). Both
/// coordinates are checked before emptiness, as GNU Go does.
pub fn same_dragon(engine: &mut Engine, args: &[&str]) -> Reply {
    let a = engine.point_arg(args, 0)?;
    let b = engine.point_arg(args, 1)?;
    if engine.board().is_empty(a) || engine.board().is_empty(b) {
        return Err(GtpError::VertexMustNotBeEmpty);
    }
    let same = engine.dragons.same_dragon(
        &mut engine.reader,
        &mut engine.conn,
        engine.game.board_mut(),
        a,
        b,
    );
    Ok(if same { "1" } else { "0" }.into())
}

/// `dragon_stones [VERTEX|COLOR]`: one dragon per line, its stones in
/// board order each followed by a space; without argument every dragon,
/// with a colour the dragons of that colour. Dragons are listed by their
/// first stone (GNU Go lists them by its internal dragon origin, so the
/// line order may differ; the lines are the same).
pub fn dragon_stones(engine: &mut Engine, args: &[&str]) -> Reply {
    let size = engine.size();
    let color = match args.first() {
        None => None,
        Some(a) => match parse_color(a) {
            Some(c) => Some(c),
            None => {
                let p = parse_point(a, size).ok_or(GtpError::InvalidCoordinate)?;
                if engine.board().is_empty(p) {
                    return Err(GtpError::msg("dragon_stones called on an empty vertex"));
                }
                let stones = engine.dragons.dragon_stones(
                    &mut engine.reader,
                    &mut engine.conn,
                    engine.game.board_mut(),
                    p,
                );
                return Ok(format!("{} ", format_points(&stones, size)));
            }
        },
    };
    let dragons: Vec<Vec<Point>> = engine
        .dragons
        .all_dragons(
            &mut engine.reader,
            &mut engine.conn,
            engine.game.board_mut(),
            color,
        )
        .into_iter()
        .map(|d| d.stones)
        .collect();
    let lines: Vec<String> = dragons
        .iter()
        .map(|stones| format!("{} ", format_points(stones, size)))
        .collect();
    Ok(lines.join("\n"))
}
