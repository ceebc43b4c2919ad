//! The game commands: board size, komi, moves, undo, handicap, SGF, move
//! generation and scoring.
//!
//! GNU Go counterpart: `gtp_set_boardsize`, `gtp_clear_board`, `gtp_set_komi`,
//! `gtp_play`, `gtp_undo`, `gtp_gg_undo`, `gtp_genmove`, `gtp_reg_genmove`,
//! `gtp_loadsgf`, `gtp_printsgf`, `gtp_fixed_handicap`,
//! `gtp_place_free_handicap`, `gtp_set_free_handicap`, `gtp_final_score`,
//! `gtp_estimate_score`,
//! `gtp_final_status_list`, `gtp_last_move`, `gtp_move_history` in
//! `interface/play_gtp.c`. Every handler that changes the real position
//! calls [`Engine::position_changed`] afterwards.

use crate::analysis::status::{FinalStatus, PointStatus};
use crate::board::{Color, Move, Point, MAX_BOARD};
use crate::engine::genmove::{best_allowed, generate_move, generate_move_within};
use crate::engine::life;
use crate::engine::score;
use crate::engine::Engine;
use crate::game::handicap::HandicapError;
use crate::game::sgf::{self, SgfLoadError, StopAt};
use crate::game::GameError;
use crate::gtp::handlers::rules::rule_name;
use crate::gtp::parse::{scan_float, scan_int, scan_int_saturating};
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::{self, format_color, format_move, format_points, parse_color, parse_move};
use std::path::Path;

/// `boardsize N`: new empty board of that size; komi is kept.
pub fn boardsize(engine: &mut Engine, args: &[&str]) -> Reply {
    let n = args
        .first()
        .and_then(|s| scan_int(s))
        .ok_or_else(|| GtpError::msg("boardsize not an integer"))?;
    engine.require_no_stack("boardsize")?;
    let size = usize::try_from(n)
        .ok()
        .filter(|s| (1..=MAX_BOARD).contains(s))
        .ok_or_else(|| GtpError::msg("unacceptable size"))?;
    engine.game.reset(size).map_err(game_error)?;
    engine.reader.clear_cache();
    engine.position_changed();
    Ok(String::new())
}

/// `clear_board`.
pub fn clear_board(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.require_no_stack("clear_board")?;
    engine.game.clear().map_err(game_error)?;
    engine.reader.clear_cache();
    engine.position_changed();
    Ok(String::new())
}

/// `komi K`.
pub fn komi(engine: &mut Engine, args: &[&str]) -> Reply {
    let k = args
        .first()
        .and_then(|s| scan_float(s))
        .ok_or_else(|| GtpError::msg("komi not a float"))?;
    if !crate::game::komi_in_range(f64::from(k)) {
        return Err(GtpError::msg("komi out of range"));
    }
    engine.game.set_komi(k);
    Ok(String::new())
}

/// `get_komi` (GNU Go prints `%4.1f`).
pub fn get_komi(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(format!("{:4.1}", engine.game.komi()))
}

/// `get_handicap`.
pub fn get_handicap(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(engine.game.handicap().to_string())
}

/// `query_boardsize`.
pub fn query_boardsize(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok(engine.size().to_string())
}

fn game_error(e: GameError) -> GtpError {
    match e {
        GameError::StackOpen => GtpError::msg("cannot be done when stackp > 0"),
        GameError::Illegal(_) => GtpError::IllegalMove,
        GameError::CannotUndo => GtpError::CannotUndo,
        GameError::BadSize => GtpError::msg("unacceptable size"),
        GameError::Superko => GtpError::IllegalMove,
        e @ GameError::NoLiberties(_) => GtpError::msg(e.to_string()),
    }
}

/// Play a real move for `color` and tell the reader.
fn play_move(engine: &mut Engine, cmd: &str, color: Color, mv: Move) -> Reply {
    engine.require_no_stack(cmd)?;
    engine.game.play(color, mv).map_err(game_error)?;
    engine.position_changed();
    Ok(String::new())
}

/// `play COLOR VERTEX`.
pub fn play(engine: &mut Engine, args: &[&str]) -> Reply {
    let size = engine.size();
    let color = args.first().and_then(|s| parse_color(s));
    let mv = args.get(1).and_then(|s| parse_move(s, size));
    match (color, mv) {
        (Some(c), Some(m)) => play_move(engine, "play", c, m),
        _ => Err(GtpError::InvalidColorOrCoordinate),
    }
}

fn play_v1(engine: &mut Engine, cmd: &str, color: Color, args: &[&str]) -> Reply {
    let mv = args
        .first()
        .and_then(|s| parse_move(s, engine.size()))
        .ok_or(GtpError::InvalidCoordinate)?;
    play_move(engine, cmd, color, mv)
}

/// `black VERTEX` (GTP version 1, still used by GNU Go's suites).
pub fn black(engine: &mut Engine, args: &[&str]) -> Reply {
    play_v1(engine, "black", Color::Black, args)
}

/// `white VERTEX` (GTP version 1).
pub fn white(engine: &mut Engine, args: &[&str]) -> Reply {
    play_v1(engine, "white", Color::White, args)
}

fn undo_moves(engine: &mut Engine, n: usize) -> Reply {
    if engine.board().depth() > 0 {
        return Err(GtpError::CannotUndo);
    }
    engine.game.undo(n).map_err(|_| GtpError::CannotUndo)?;
    engine.position_changed();
    Ok(String::new())
}

/// `undo`: take back the last move.
pub fn undo(engine: &mut Engine, _: &[&str]) -> Reply {
    undo_moves(engine, 1)
}

/// `gg-undo [N]`: take back N moves (default 1, also when the argument is
/// not a number, as in GNU Go). A number too large to represent asks for
/// too many moves (or a negative number of them); it is not the default.
pub fn gg_undo(engine: &mut Engine, args: &[&str]) -> Reply {
    let n = args
        .first()
        .and_then(|s| scan_int_saturating(s))
        .unwrap_or(1);
    if n < 0 {
        return Err(GtpError::msg("can't undo a negative number of moves"));
    }
    undo_moves(engine, usize::try_from(n).unwrap_or(usize::MAX))
}

/// `last_move`: `color vertex` of the last move.
pub fn last_move(engine: &mut Engine, _: &[&str]) -> Reply {
    let size = engine.size();
    match engine.game.last_move() {
        Some((c, m)) => Ok(format!("{} {}", format_color(c), format_move(m, size))),
        None => Err(GtpError::msg("no previous move known")),
    }
}

/// `move_history`: `color vertex` per line, newest first.
pub fn move_history(engine: &mut Engine, _: &[&str]) -> Reply {
    let size = engine.size();
    let lines: Vec<String> = engine
        .game
        .moves()
        .rev()
        .map(|(c, m)| format!("{} {}", format_color(c), format_move(m, size)))
        .collect();
    Ok(lines.join("\n"))
}

/// `genmove COLOR`: generate a move, play it and answer it (`PASS` too).
pub fn genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = engine.color_arg(args, 0)?;
    engine.require_no_stack("genmove")?;
    engine.reader.clear_hash_table();
    let seed = engine.seed;
    let mv = generate_move(engine, color, seed);
    engine.game.play(color, mv).map_err(game_error)?;
    engine.position_changed();
    Ok(format_move(mv, engine.size()))
}

/// `reg_genmove COLOR`: generate a move with seed 0, do not play it.
pub fn reg_genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = engine.color_arg(args, 0)?;
    // GNU Go's message names `genmove` here too.
    engine.require_no_stack("genmove")?;
    engine.reader.clear_hash_table();
    let mv = generate_move(engine, color, 0);
    Ok(format_move(mv, engine.size()))
}

/// `gg_genmove COLOR [SEED]`: generate a move with the seed (default 0),
/// do not play it.
pub fn gg_genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = engine.color_arg(args, 0)?;
    let seed = match args.get(1) {
        // GNU Go takes an int; keep the bit pattern of negative seeds.
        Some(s) => scan_int(s).ok_or_else(|| GtpError::msg("invalid seed"))? as u64,
        None => 0,
    };
    engine.require_no_stack("genmove")?;
    engine.reader.clear_hash_table();
    let mv = generate_move(engine, color, seed);
    Ok(format_move(mv, engine.size()))
}

/// `restricted_genmove COLOR V1 V2 ...`: generate a move among the
/// vertices only (seed 0), do not play it. When the move generator finds
/// none of them worth playing, the least harmful vertex that is safe and
/// no blunder ([`best_allowed`]); `PASS` when there is none.
pub fn restricted_genmove(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = engine.color_arg(args, 0)?;
    if args.len() < 2 {
        return Err(GtpError::msg("no allowed vertex"));
    }
    let allowed = (1..args.len())
        .map(|i| engine.point_arg(args, i))
        .collect::<Result<Vec<Point>, GtpError>>()?;
    engine.require_no_stack("genmove")?;
    engine.reader.clear_hash_table();
    let filter = engine.game.move_filter().restricted_to(&allowed);
    let mut mv = generate_move_within(engine, color, 0, filter.clone());
    if mv == Move::Pass {
        if let Some(p) = best_allowed(engine, color, &allowed, &filter) {
            mv = Move::Play(p);
        }
    }
    Ok(format_move(mv, engine.size()))
}

/// `loadsgf FILE [MOVENUMBER|VERTEX]`: answers the colour to move.
pub fn loadsgf(engine: &mut Engine, args: &[&str]) -> Reply {
    let file = *args
        .first()
        .ok_or_else(|| GtpError::msg("missing filename"))?;
    let stop = match args.get(1) {
        None => StopAt::End,
        Some(s) if s.starts_with(|c: char| ('1'..='9').contains(&c)) => {
            let n = scan_int(s).unwrap_or(i64::MAX);
            StopAt::MoveNumber(usize::try_from(n).unwrap_or(usize::MAX))
        }
        Some(s) => {
            let (col, row_number) = vertex::parse_coords(s).ok_or(GtpError::InvalidCoordinate)?;
            StopAt::Vertex { col, row_number }
        }
    };
    engine.require_no_stack("loadsgf")?;
    let loaded = sgf::load_sgf_file(Path::new(file), stop).map_err(|e| {
        log::warn!("loadsgf {file}: {e}");
        match e {
            SgfLoadError::Io(_) | SgfLoadError::Parse(_) => {
                GtpError::msg(format!("cannot open or parse '{file}'"))
            }
            SgfLoadError::Content(why) => GtpError::msg(format!("cannot load '{file}': {why}")),
        }
    })?;
    let mut game = loaded.game;
    let rule = engine.game.ko_rule();
    game.set_ko_rule(rule);
    // The record is history: a move that breaks the ko rule in force is
    // played all the same (GNU Go's loader ignores the rules too), and
    // reported on stderr; the positions count for the moves to come.
    for (number, color, mv, why) in game.rule_breaks(rule) {
        let v = format_move(mv, game.size());
        log::warn!(
            "loadsgf {file}: move {number} ({} {v}) breaks {} ({why}); loaded all the same",
            format_color(color),
            rule_name(rule)
        );
    }
    // The tactical reader's table is keyed by the whole position, so its
    // entries stay good on a board of the same size (a suite loads the
    // same record again and again; GNU Go keeps its table too); on
    // another size a key could name another position.
    if game.size() != engine.game.size() {
        engine.reader.clear_cache();
    }
    engine.game = game;
    engine.position_changed();
    Ok(format_color(loaded.to_move).into())
}

/// `printsgf [FILE]`: the position as SGF, or written to FILE (`-` means
/// the response).
pub fn printsgf(engine: &mut Engine, args: &[&str]) -> Reply {
    let text = sgf::position_to_sgf(&engine.game);
    match args.first() {
        None | Some(&"-") => Ok(text),
        Some(file) => {
            std::fs::write(file, text)
                .map_err(|_| GtpError::msg(format!("cannot open or create '{file}'")))?;
            Ok(String::new())
        }
    }
}

fn handicap_error(e: HandicapError) -> GtpError {
    match e {
        HandicapError::Game(GameError::StackOpen) => {
            GtpError::msg("handicap cannot be placed when stackp > 0")
        }
        e => GtpError::msg(e.to_string()),
    }
}

fn handicap_count(args: &[&str]) -> Result<usize, GtpError> {
    let n = args
        .first()
        .and_then(|s| scan_int(s))
        .ok_or_else(|| GtpError::msg("handicap not an integer"))?;
    // Negative counts are simply invalid handicaps.
    Ok(usize::try_from(n).unwrap_or(0))
}

/// `fixed_handicap N`: the GTP fixed placements; answers the vertices.
/// As in GNU Go, a non-empty board is reported before a bad count.
pub fn fixed_handicap(engine: &mut Engine, args: &[&str]) -> Reply {
    if engine.board().depth() > 0 {
        return Err(handicap_error(HandicapError::Game(GameError::StackOpen)));
    }
    if !engine.game.board_is_empty() {
        return Err(handicap_error(HandicapError::BoardNotEmpty));
    }
    let n = handicap_count(args)?;
    let pts = engine.game.fixed_handicap(n).map_err(handicap_error)?;
    engine.position_changed();
    Ok(format_points(&pts, engine.size()))
}

/// `place_free_handicap N`: engine-chosen placement; answers the vertices.
pub fn place_free_handicap(engine: &mut Engine, args: &[&str]) -> Reply {
    let n = handicap_count(args)?;
    let pts = engine.game.place_free_handicap(n).map_err(handicap_error)?;
    engine.position_changed();
    Ok(format_points(&pts, engine.size()))
}

/// `set_free_handicap V1 V2 ...`: stones on the given vertices. Errors in
/// GNU Go's order (board, then each vertex in turn, then the count); on any
/// error nothing is placed.
pub fn set_free_handicap(engine: &mut Engine, args: &[&str]) -> Reply {
    engine.require_no_stack("set_free_handicap")?;
    if !engine.game.board_is_empty() {
        return Err(GtpError::msg("board not empty"));
    }
    let mut pts: Vec<Point> = Vec::with_capacity(args.len());
    for a in args {
        let p = vertex::parse_point(a, engine.size()).ok_or(GtpError::InvalidCoordinate)?;
        if pts.contains(&p) {
            return Err(GtpError::msg("repeated vertex"));
        }
        pts.push(p);
    }
    engine
        .game
        .set_free_handicap(&pts)
        .map_err(handicap_error)?;
    engine.position_changed();
    Ok(String::new())
}

/// The final status of every point of the real position.
fn final_status(engine: &mut Engine, cmd: &str) -> Result<FinalStatus, GtpError> {
    engine.require_no_stack(cmd)?;
    Ok(life::final_status(engine))
}

/// `final_score`: territory counting with the dead stones removed, as
/// GNU Go counts by default (`B+3.5`, `W+0.5`, `0`); the statuses are
/// those of `final_status_list` ([`crate::analysis::status`]).
pub fn final_score(engine: &mut Engine, _: &[&str]) -> Reply {
    let fs = final_status(engine, "final_score")?;
    let score = fs.territory_score(engine.board(), engine.game.komi());
    Ok(if score > 0.0 {
        format!("B+{score:.1}")
    } else if score < 0.0 {
        format!("W+{:.1}", -score)
    } else {
        "0".into()
    })
}

/// `estimate_score` (alias `new_score`): the score estimate and its bounds
/// as White's lead, the estimate printed as GNU Go prints it
/// (`W+28.5 (upper bound: 73.5, lower: -16.5)`; even is `W+0.0`).
pub fn estimate_score(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.require_no_stack("estimate_score")?;
    let est = score::estimate_score(engine);
    let middle = est.middle();
    let (leader, lead) = if middle >= 0.0 {
        ('W', middle)
    } else {
        ('B', -middle)
    };
    Ok(format!(
        "{leader}+{lead:.1} (upper bound: {:.1}, lower: {:.1})",
        est.white_best, est.black_best
    ))
}

/// `tesuji-final_status`: the statuses `final_score` counts with, as
/// GoGui gfx: `BLACK` / `WHITE` marks on each side's territory (dead
/// stones' points included), `MARK` on dead stones, `CIRCLE` on stones in
/// seki.
pub fn final_status_gfx(engine: &mut Engine, _: &[&str]) -> Reply {
    let fs = final_status(engine, "tesuji-final_status")?;
    let size = engine.size();
    let board = engine.board();
    let mut lines = Vec::new();
    for (word, pick) in [("BLACK", Some(Color::Black)), ("WHITE", Some(Color::White))] {
        let pts: Vec<Point> = board
            .points()
            .filter(|&p| !matches!(fs.status(p), PointStatus::Alive) && fs.owner(board, p) == pick)
            .collect();
        if !pts.is_empty() {
            lines.push(format!("{word} {}", format_points(&pts, size)));
        }
    }
    for (word, wanted) in [("MARK", PointStatus::Dead), ("CIRCLE", PointStatus::Seki)] {
        let pts: Vec<Point> = board
            .points()
            .filter(|&p| board.is_stone(p) && fs.status(p) == wanted)
            .collect();
        if !pts.is_empty() {
            lines.push(format!("{word} {}", format_points(&pts, size)));
        }
    }
    Ok(lines.join("\n"))
}

/// `final_status_list STATUS`: `alive`, `dead` and `seki` list the
/// strings of that status, one per line; `black_territory`,
/// `white_territory` and `dame` list the empty points of each kind on one
/// line (dead stones' points are not listed: they are stones until
/// removed).
pub fn final_status_list(engine: &mut Engine, args: &[&str]) -> Reply {
    let status = *args
        .first()
        .ok_or_else(|| GtpError::msg("missing status"))?;
    let wanted = match status {
        "alive" => PointStatus::Alive,
        "dead" => PointStatus::Dead,
        "seki" => PointStatus::Seki,
        "black_territory" => PointStatus::Territory(Color::Black),
        "white_territory" => PointStatus::Territory(Color::White),
        "dame" => PointStatus::Dame,
        _ => return Err(GtpError::msg("invalid status")),
    };
    let fs = final_status(engine, "final_status_list")?;
    let size = engine.size();
    let board = engine.board();
    if matches!(status, "alive" | "dead" | "seki") {
        let lines: Vec<String> = engine
            .game
            .chains_of(None)
            .iter()
            .filter(|stones| fs.status(stones[0]) == wanted)
            .map(|stones| format_points(stones, size))
            .collect();
        Ok(lines.join("\n"))
    } else {
        let pts: Vec<Point> = board
            .points()
            .filter(|&p| board.is_empty(p) && fs.status(p) == wanted)
            .collect();
        Ok(format_points(&pts, size))
    }
}
