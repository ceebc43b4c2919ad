//! Tactical reading commands: `attack`, `defend`, `does_attack`,
//! `does_defend`, `attack_either`, `defend_both`, `ladder_attack`, the
//! depth shifts and the reading node counter.
//!
//! GNU Go counterpart: `gtp_attack`, `gtp_defend`, `gtp_does_attack`,
//! `gtp_does_defend`, `gtp_attack_either`, `gtp_defend_both`,
//! `gtp_ladder_attack`, `gtp_increase_depths`, `gtp_decrease_depths`,
//! `gtp_get_reading_node_counter`, `gtp_reset_reading_node_counter` in
//! `interface/play_gtp.c`. Results print as GNU Go's codes (0 fail, 1 win,
//! 2 ko A, 3 ko B) followed by the move when the code is not 0. Where
//! GNU Go aborts (strings of different colours in `attack_either`), these
//! answer an error.

use crate::board::Point;
use crate::gtp::response::{result_code, GtpError, Reply};
use crate::gtp::vertex::format_opt_point;
use crate::gtp::Engine;
use crate::reading::ReadResult;

/// `code` or `code move` as GNU Go prints a reading answer.
fn code_and_move(engine: &Engine, res: ReadResult, mv: Option<Point>) -> String {
    let code = result_code(res);
    if code == 0 {
        "0".into()
    } else {
        format!("{code} {}", format_opt_point(mv, engine.size()))
    }
}

/// `attack STRING`.
pub fn attack(engine: &mut Engine, args: &[&str]) -> Reply {
    let s = engine.stone_arg(args, 0)?;
    let (res, mv) = engine.reader.attack(engine.game.board_mut(), s);
    Ok(code_and_move(engine, res, mv))
}

/// `defend STRING`.
pub fn defend(engine: &mut Engine, args: &[&str]) -> Reply {
    let s = engine.stone_arg(args, 0)?;
    let (res, mv) = engine.reader.find_defense(engine.game.board_mut(), s);
    Ok(code_and_move(engine, res, mv))
}

/// `ladder_attack STRING`: only for strings with exactly two liberties.
pub fn ladder_attack(engine: &mut Engine, args: &[&str]) -> Reply {
    let s = engine.stone_arg(args, 0)?;
    if engine.board().countlib(s) != 2 {
        return Err(GtpError::msg("string must have exactly 2 liberties"));
    }
    let (res, mv) = engine.reader.ladder_attack(engine.game.board_mut(), s);
    Ok(code_and_move(engine, res, mv))
}

/// Arguments of `does_attack`/`does_defend`: an empty move vertex and a
/// string vertex (errors in GNU Go's order).
fn move_and_string(engine: &Engine, args: &[&str]) -> Result<(Point, Point), GtpError> {
    let m = engine.point_arg(args, 0)?;
    let s = engine.point_arg(args, 1)?;
    if !engine.board().is_empty(m) {
        return Err(GtpError::msg("move vertex must be empty"));
    }
    if engine.board().is_empty(s) {
        return Err(GtpError::msg("string vertex must not be empty"));
    }
    Ok((m, s))
}

/// `does_attack MOVE STRING`: does the opponent's move at MOVE capture?
pub fn does_attack(engine: &mut Engine, args: &[&str]) -> Reply {
    let (m, s) = move_and_string(engine, args)?;
    let res = engine.reader.does_attack(engine.game.board_mut(), m, s);
    Ok(result_code(res).to_string())
}

/// `does_defend MOVE STRING`: does the owner's move at MOVE save it?
pub fn does_defend(engine: &mut Engine, args: &[&str]) -> Reply {
    let (m, s) = move_and_string(engine, args)?;
    let res = engine.reader.does_defend(engine.game.board_mut(), m, s);
    Ok(result_code(res).to_string())
}

/// Two string vertices of the same colour. GNU Go's message for an empty
/// first vertex really says "must be empty"; it is kept for compatibility.
fn two_strings(engine: &Engine, args: &[&str]) -> Result<(Point, Point), GtpError> {
    let a = engine.point_arg(args, 0)?;
    if engine.board().is_empty(a) {
        return Err(GtpError::msg("string vertex must be empty"));
    }
    let b = engine.point_arg(args, 1)?;
    if engine.board().is_empty(b) {
        return Err(GtpError::msg("string vertex must not be empty"));
    }
    if engine.board().color_at(a) != engine.board().color_at(b) {
        return Err(GtpError::msg("vertices must have same color"));
    }
    Ok((a, b))
}

/// `attack_either STRING1 STRING2`: can at least one be captured?
pub fn attack_either(engine: &mut Engine, args: &[&str]) -> Reply {
    let (a, b) = two_strings(engine, args)?;
    let res = engine.reader.attack_either(engine.game.board_mut(), a, b);
    Ok(result_code(res).to_string())
}

/// `defend_both STRING1 STRING2`: can both be saved?
pub fn defend_both(engine: &mut Engine, args: &[&str]) -> Reply {
    let (a, b) = two_strings(engine, args)?;
    let res = engine.reader.defend_both(engine.game.board_mut(), a, b);
    Ok(result_code(res).to_string())
}

/// Shift every reading depth by `delta`.
fn shift_depths(engine: &mut Engine, delta: i32) {
    let c = &mut engine.reader.config;
    c.depth += delta;
    c.branch_depth += delta;
    c.backfill_depth += delta;
    c.fourlib_depth += delta;
    c.ko_depth += delta;
}

/// `increase_depths`.
pub fn increase_depths(engine: &mut Engine, _: &[&str]) -> Reply {
    shift_depths(engine, 1);
    Ok(String::new())
}

/// `decrease_depths`.
pub fn decrease_depths(engine: &mut Engine, _: &[&str]) -> Reply {
    shift_depths(engine, -1);
    Ok(String::new())
}

/// `get_reading_node_counter`.
pub fn get_reading_node_counter(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(engine.reader.nodes.to_string())
}

/// `reset_reading_node_counter`.
pub fn reset_reading_node_counter(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.reader.nodes = 0;
    Ok(String::new())
}
