//! Connection reading commands: `connect`, `disconnect`, `is_connected`,
//! `break_in`, `block_off`, `decide_connection` and the connection node
//! counter.
//!
//! GNU Go counterpart: `gtp_connect`, `gtp_disconnect`, `gtp_break_in`,
//! `gtp_block_off`, `gtp_get_connection_node_counter`,
//! `gtp_reset_connection_node_counter` in `interface/play_gtp.c`, and
//! `decide_connection` of `engine/utils.c` (GNU Go's
//! `--decide-connection` option; GNU Go 3.8 has no such GTP command, nor
//! `is_connected`). Answers are `code [move]` with GNU Go's printed codes
//! (0 fail, 1 win, 2 ko A, 3 ko B); the move is printed when the code is
//! not 0, `PASS` when no move is needed (two stones of one string).
//! Argument errors use GNU Go's texts: `invalid coordinate`,
//! `vertex must not be empty`, `vertices must have same color`.

use crate::board::{Board, Point};
use crate::connect::{ConnectionReader, Goal};
use crate::engine::Engine;
use crate::gtp::handlers::tactics::{code_and_move, decide_line};
use crate::gtp::handlers::{create_file, write_text};
use crate::gtp::response::{result_code, GtpError, Reply};
use crate::gtp::vertex::format_opt_point;
use crate::reading::{ReadResult, Reader};

/// Two string vertices of one colour, checked in GNU Go's order: both
/// coordinates, then emptiness, then colour.
fn two_strings(engine: &Engine, args: &[&str]) -> Result<(Point, Point), GtpError> {
    let a = engine.point_arg(args, 0)?;
    let b = engine.point_arg(args, 1)?;
    let board = engine.board();
    if board.is_empty(a) || board.is_empty(b) {
        return Err(GtpError::VertexMustNotBeEmpty);
    }
    if board.color_at(a) != board.color_at(b) {
        return Err(GtpError::msg("vertices must have same color"));
    }
    Ok((a, b))
}

/// `connect STRING1 STRING2`: can the owner, to move, connect the two
/// strings? `code [move]`, e.g. `1 G1`.
pub fn connect(engine: &mut Engine, args: &[&str]) -> Reply {
    read_two_strings(engine, args, ConnectionReader::string_connect)
}

/// `disconnect STRING1 STRING2`: can the opponent, to move, keep the two
/// strings apart? `code [move]`.
pub fn disconnect(engine: &mut Engine, args: &[&str]) -> Reply {
    read_two_strings(engine, args, ConnectionReader::disconnect)
}

/// `code [move]` of a connection query on the two string arguments.
fn read_two_strings(engine: &mut Engine, args: &[&str], read: TwoStringQuery) -> Reply {
    let (a, b) = two_strings(engine, args)?;
    let board = engine.game.board_mut();
    let (res, mv) = read(&mut engine.conn, &mut engine.reader, board, a, b);
    Ok(code_and_move(engine, res, mv))
}

/// [`ConnectionReader::string_connect`] or [`ConnectionReader::disconnect`].
type TwoStringQuery =
    fn(&mut ConnectionReader, &mut Reader, &mut Board, Point, Point) -> (ReadResult, Option<Point>);

/// `is_connected STRING1 STRING2`: are the strings connected as they
/// stand? `1` when no disconnecting move exists, `0` when one does, `2` /
/// `3` when it depends on a ko (the disconnect result reversed, printed as
/// a code). Not a GNU Go command.
pub fn is_connected(engine: &mut Engine, args: &[&str]) -> Reply {
    let (a, b) = two_strings(engine, args)?;
    let res = engine
        .conn
        .is_connected(&mut engine.reader, engine.game.board_mut(), a, b);
    Ok(result_code(res).to_string())
}

/// Arguments of `break_in` / `block_off`: a string vertex and the goal
/// area (every further vertex; none is allowed, as in GNU Go). Any
/// unparsable goal vertex is `invalid coordinate`; an empty string vertex
/// is checked last, as GNU Go does.
fn string_and_goal(engine: &Engine, args: &[&str]) -> Result<(Point, Goal), GtpError> {
    let s = engine.point_arg(args, 0)?;
    let goal: Vec<Point> = (1..args.len())
        .map(|i| engine.point_arg(args, i))
        .collect::<Result<_, _>>()?;
    if engine.board().is_empty(s) {
        return Err(GtpError::VertexMustNotBeEmpty);
    }
    Ok((s, Goal::new(&goal)))
}

/// `break_in STRING V1 V2 ...`: can the string, its owner to move,
/// connect into the goal area V1 V2 ...? `code [move]`.
pub fn break_in(engine: &mut Engine, args: &[&str]) -> Reply {
    let (s, goal) = string_and_goal(engine, args)?;
    let (res, mv) = engine
        .conn
        .break_in(&mut engine.reader, engine.game.board_mut(), s, &goal);
    Ok(code_and_move(engine, res, mv))
}

/// `block_off STRING V1 V2 ...`: can the opponent, to move, keep the
/// string out of the goal area? `code [move]`.
pub fn block_off(engine: &mut Engine, args: &[&str]) -> Reply {
    let (s, goal) = string_and_goal(engine, args)?;
    let (res, mv) = engine
        .conn
        .block_off(&mut engine.reader, engine.game.board_mut(), s, &goal);
    Ok(code_and_move(engine, res, mv))
}

/// `decide_connection STRING1 STRING2 [FILE]`: read `connect` and
/// `disconnect` for the two strings (after clearing the reading cache; the
/// persistent connection cache is bypassed while recording) and answer
/// GNU Go's `decide_connection` report, two lines:
///
/// ```text
/// K17 and N17 cannot be connected (11 variations)
/// K17 and N17 can be disconnected at K18 (1 variations)
/// ```
///
/// (`... are connected as it stands` / `... are disconnected as it
/// stands` when the result needs no move.) "Variations" count the leaves
/// of the connection search tree (the tactical reads inside it are not
/// counted). With FILE, the tree of both searches is written as SGF: the
/// report is the root comment and each leaf's comment starts with
/// `variation N:`.
pub fn decide_connection(engine: &mut Engine, args: &[&str]) -> Reply {
    let (a, b) = two_strings(engine, args)?;
    let file = match args.get(2) {
        Some(name) => Some((create_file(name)?, *name)),
        None => None,
    };
    let size = engine.size();
    let what = format!("{} and {}", engine.fmt_point(a), engine.fmt_point(b));
    engine.reader.clear_cache();
    engine.conn.start_trace();
    let (cres, cmv) = engine
        .conn
        .string_connect(&mut engine.reader, engine.game.board_mut(), a, b);
    let v1 = engine.conn.trace_variations();
    let (dres, dmv) = engine
        .conn
        .disconnect(&mut engine.reader, engine.game.board_mut(), a, b);
    let v2 = engine.conn.trace_variations();
    let trace = engine.conn.take_trace();
    let connect_line = match (cres, cmv) {
        (ReadResult::Win, None) => format!("{what} are connected as it stands ({v1} variations)"),
        _ => decide_line(&what, "connected", cres, &format_opt_point(cmv, size), v1),
    };
    let n = v2 - v1;
    let disconnect_line = match (dres, dmv) {
        (ReadResult::Win, None) => format!("{what} are disconnected as it stands ({n} variations)"),
        _ => decide_line(&what, "disconnected", dres, &format_opt_point(dmv, size), n),
    };
    let report = format!("{connect_line}\n{disconnect_line}");
    if let (Some((f, name)), Some(trace)) = (file, trace) {
        write_text(f, name, &trace.to_sgf(engine.board(), &report))?;
    }
    Ok(report)
}

/// `get_connection_node_counter`: connection nodes since the last reset.
pub fn get_connection_node_counter(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(engine.conn.nodes.to_string())
}

/// `reset_connection_node_counter`.
pub fn reset_connection_node_counter(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.conn.nodes = 0;
    Ok(String::new())
}
