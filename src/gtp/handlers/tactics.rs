//! Tactical reading commands: `attack`, `defend`, `does_attack`,
//! `does_defend`, `attack_either`, `defend_both`, `ladder_attack`, the
//! depth shifts, the reading node counter, `decide_string` and the SGF
//! trace pair `start_sgftrace` / `finish_sgftrace`.
//!
//! GNU Go counterpart: `gtp_attack`, `gtp_defend`, `gtp_does_attack`,
//! `gtp_does_defend`, `gtp_attack_either`, `gtp_defend_both`,
//! `gtp_ladder_attack`, `gtp_increase_depths`, `gtp_decrease_depths`,
//! `gtp_get_reading_node_counter`, `gtp_reset_reading_node_counter`,
//! `gtp_start_sgftrace`, `gtp_finish_sgftrace` in `interface/play_gtp.c`,
//! and `decide_string` of `engine/utils.c` (GNU Go's `--decide-string`
//! option; GNU Go 3.8 has no such GTP command). Results print as GNU Go's
//! codes (0 fail, 1 win, 2 ko A, 3 ko B) followed by the move when the
//! code is not 0. Where GNU Go aborts (strings of different colours in
//! `attack_either`), these answer an error.

use crate::board::{Board, Point};
use crate::engine::Engine;
use crate::gtp::handlers::{create_file, write_text};
use crate::gtp::response::{result_code, GtpError, Reply};
use crate::gtp::vertex::format_opt_point;
use crate::reading::{ReadResult, Reader};

/// `code` or `code move` as GNU Go prints a reading answer.
pub(crate) fn code_and_move(engine: &Engine, res: ReadResult, mv: Option<Point>) -> String {
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
    code_of(engine, Reader::does_attack, m, s)
}

/// `does_defend MOVE STRING`: does the owner's move at MOVE save it?
pub fn does_defend(engine: &mut Engine, args: &[&str]) -> Reply {
    let (m, s) = move_and_string(engine, args)?;
    code_of(engine, Reader::does_defend, m, s)
}

/// The result code of a two-point question to the tactical reader.
fn code_of(
    engine: &mut Engine,
    read: fn(&mut Reader, &mut Board, Point, Point) -> ReadResult,
    p: Point,
    q: Point,
) -> Reply {
    let res = read(&mut engine.reader, engine.game.board_mut(), p, q);
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
    code_of(engine, Reader::attack_either, a, b)
}

/// `defend_both STRING1 STRING2`: can both be saved?
pub fn defend_both(engine: &mut Engine, args: &[&str]) -> Reply {
    let (a, b) = two_strings(engine, args)?;
    code_of(engine, Reader::defend_both, a, b)
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

/// One line of a `decide_*` report, worded as GNU Go's `decide_string`
/// prints it: `E19 can be attacked with ko (good) at D19 (16 variations)`,
/// `E5 cannot be attacked (5 variations)`. `what` names the target(s),
/// `verb` the goal in the passive (`attacked`, `defended`, `connected`).
pub(crate) fn decide_line(what: &str, verb: &str, res: ReadResult, mv: &str, n: usize) -> String {
    match res {
        ReadResult::Fail => format!("{what} cannot be {verb} ({n} variations)"),
        ReadResult::Win => format!("{what} can be {verb} at {mv} ({n} variations)"),
        ReadResult::KoA => format!("{what} can be {verb} with ko (good) at {mv} ({n} variations)"),
        ReadResult::KoB => format!("{what} can be {verb} with ko (bad) at {mv} ({n} variations)"),
    }
}

/// `decide_string STRING [FILE]`: read the attack on the string and, when
/// it works, its defence, after clearing the reading cache (as GNU Go's
/// `decide_string` does through `reset_engine`, so the counts do not
/// depend on earlier commands). The answer is GNU Go's report, which
/// GNU Go itself prints on stderr, one line per reading:
///
/// ```text
/// E19 can be attacked with ko (good) at D19 (16 variations)
/// E19 can be defended at D19 (11 variations)
/// ```
///
/// "Variations" are the reading nodes the tracer recorded (each finished
/// attack or defence node, cache hits included). A line ends in
/// `, node limit reached` inside the parentheses when the read ran out of
/// its node budget. With FILE, every variation is written to FILE as an
/// SGF tree, each one numbered in its comment (`(12) defend E19: 1 D19`).
/// While `start_sgftrace` is recording, the reads go into that recording
/// and FILE is refused.
pub fn decide_string(engine: &mut Engine, args: &[&str]) -> Reply {
    let s = engine.point_arg(args, 0)?;
    if engine.board().is_empty(s) {
        return Err(GtpError::msg("string vertex must not be empty"));
    }
    let file = match args.get(1) {
        Some(_) if engine.sgftrace => {
            return Err(GtpError::msg(
                "decide_string FILE cannot be used while start_sgftrace is recording",
            ))
        }
        Some(name) => Some((create_file(name)?, *name)),
        None => None,
    };
    let own_trace = !engine.sgftrace;
    engine.reader.clear_cache();
    if own_trace {
        engine.reader.start_trace(engine.game.board());
    }
    let target = engine.fmt_point(s);
    let size = engine.size();
    let limit_note = |engine: &Engine| {
        if engine.reader.budget_exhausted() {
            ", node limit reached"
        } else {
            ""
        }
    };
    let with_note = |line: String, note: &str| {
        if note.is_empty() {
            line
        } else {
            // Put the note inside the closing parenthesis.
            format!("{}{note})", line.trim_end_matches(')'))
        }
    };
    let v0 = engine.reader.trace_variations();
    let (ares, amv) = engine.reader.attack(engine.game.board_mut(), s);
    let v1 = engine.reader.trace_variations();
    let mut lines = vec![with_note(
        decide_line(
            &target,
            "attacked",
            ares,
            &format_opt_point(amv, size),
            v1 - v0,
        ),
        limit_note(engine),
    )];
    if ares.succeeds() {
        let (dres, dmv) = engine.reader.find_defense(engine.game.board_mut(), s);
        let v2 = engine.reader.trace_variations();
        lines.push(with_note(
            decide_line(
                &target,
                "defended",
                dres,
                &format_opt_point(dmv, size),
                v2 - v1,
            ),
            limit_note(engine),
        ));
    }
    if own_trace {
        let sgf = engine.reader.finish_trace().unwrap_or_default();
        if let Some((f, name)) = file {
            write_text(f, name, &sgf)?;
        }
    }
    Ok(lines.join("\n"))
}

/// `start_sgftrace`: record every variation read from now on (tactical
/// reading, also inside connection reading) until `finish_sgftrace`. A
/// second `start_sgftrace` starts the recording afresh. The recording
/// starts from the current position; moves played on the real board
/// while it runs are not part of it.
pub fn start_sgftrace(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.reader.start_trace(engine.game.board());
    engine.sgftrace = true;
    Ok(String::new())
}

/// `finish_sgftrace FILE`: stop recording and write the variations as an
/// SGF tree, numbered in the comments. `? missing filename` without FILE
/// (the recording goes on), `? sgftrace not started` without a running
/// recording, `? cannot write FILE` for a bad path (the recording goes on).
pub fn finish_sgftrace(engine: &mut Engine, args: &[&str]) -> Reply {
    let name = *args
        .first()
        .ok_or_else(|| GtpError::msg("missing filename"))?;
    if !engine.sgftrace {
        return Err(GtpError::msg("sgftrace not started"));
    }
    let f = create_file(name)?;
    engine.sgftrace = false;
    let sgf = engine.reader.finish_trace().unwrap_or_default();
    write_text(f, name, &sgf)?;
    Ok(String::new())
}
