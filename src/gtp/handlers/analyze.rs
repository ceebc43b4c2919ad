//! Analysis for GUIs: `lz-analyze` / `analyze` (Sabaki's heatmap and
//! Lizzie's candidate list) and `tesuji-territory` (GoGui's territory
//! overlay).
//!
//! GNU Go counterpart: none (GNU Go predates these protocols; its nearest
//! relatives are `top_moves` and `initial_influence`). A reading engine has
//! no visit counts or win rates, so the stream shows the move generator's
//! purposeful moves ([`ranked_moves`]: captures, rescues, break-ins,
//! blocks), best first, with synthetic visits that fall with the rank
//! (10 per rank, the last one 10, so Sabaki labels every candidate) and
//! a neutral win rate of 5000 (50%: the engine does not estimate one).
//! After the captures and rescues come the owl's moves of critical
//! dragons: the defence point of the side's own, the attack point of the
//! opponent's ([`critical_moves`]). The position does not change while the
//! stream runs, so the same line is repeated every interval until a line
//! of input arrives (see [`crate::gtp::input`]); the first line comes at
//! once, before the owl reads, which ask the input between dragons.

use std::io::{self, Write};
use std::time::Duration;

use crate::analysis::territory::Territory;
use crate::board::{Color, Point};
use crate::engine::genmove::{ranked_moves, Candidate, Reason};
use crate::engine::life::{critical_moves, CriticalScope};
use crate::engine::Engine;
use crate::gtp::input::LineSource;
use crate::gtp::response::{self, GtpError, Reply};
use crate::gtp::vertex::{format_point, format_points, parse_color, parse_point};

/// Commands whose answer is a stream that runs until input arrives.
pub const STREAMING: &[&str] = &["analyze", "lz-analyze"];

/// What an analysis request asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The side whose moves are shown (default: the side to move).
    pub color: Color,
    /// Time between two lines (default 1 s; zero: one line only).
    pub interval: Duration,
    /// Moves not to show (`avoid`).
    pub avoid: Vec<Point>,
    /// When not empty, the only moves to show (`allow`).
    pub allow: Vec<Point>,
}

/// Parse `[colour] [interval] [key value ...]` (Leela Zero / KataGo form;
/// the interval is in centiseconds). `avoid`/`allow` take a colour, a
/// comma-separated vertex list and a depth (only the first move counts
/// here); `minmoves`, `maxmoves`, `ownership`, `rootInfo`, `pvVisits`,
/// `pvEdgeVisits` and `movesOwnership` take one value and change nothing
/// in this engine's answer.
pub fn parse_request(engine: &Engine, args: &[&str]) -> Result<Request, GtpError> {
    let mut req = Request {
        color: engine.game.to_move(),
        interval: Duration::from_secs(1),
        avoid: Vec::new(),
        allow: Vec::new(),
    };
    let mut i = 0;
    if let Some(c) = args.first().and_then(|a| parse_color(a)) {
        req.color = c;
        i = 1;
    }
    if let Some(cs) = args.get(i).and_then(|a| a.parse::<u64>().ok()) {
        req.interval = centiseconds(cs);
        i += 1;
    }
    while i < args.len() {
        let key = args[i];
        let value = |k: usize| {
            args.get(i + k)
                .copied()
                .ok_or_else(|| GtpError::msg(format!("{key} needs a value")))
        };
        match key {
            "interval" => {
                let cs = value(1)?
                    .parse::<u64>()
                    .map_err(|_| GtpError::msg("interval must be an integer"))?;
                req.interval = centiseconds(cs);
                i += 2;
            }
            "avoid" | "allow" => {
                let color = parse_color(value(1)?).ok_or(GtpError::InvalidColor)?;
                let mut points = Vec::new();
                for v in value(2)?.split(',').filter(|v| !v.is_empty()) {
                    points.push(parse_point(v, engine.size()).ok_or(GtpError::InvalidCoordinate)?);
                }
                value(3)?
                    .parse::<u32>()
                    .map_err(|_| GtpError::msg(format!("{key} depth must be an integer")))?;
                if color == req.color {
                    if key == "avoid" {
                        req.avoid.extend(points);
                    } else {
                        req.allow.extend(points);
                    }
                }
                i += 4;
            }
            "minmoves" | "maxmoves" | "ownership" | "rootInfo" | "pvVisits" | "pvEdgeVisits"
            | "movesOwnership" => {
                value(1)?;
                i += 2;
            }
            _ => return Err(GtpError::msg(format!("unknown analyze option {key}"))),
        }
    }
    Ok(req)
}

fn centiseconds(cs: u64) -> Duration {
    Duration::from_millis(cs.saturating_mul(10))
}

/// The purposeful moves for the request, best first (see
/// [`ranked_moves`]), before the owl's.
fn purposeful_moves(engine: &mut Engine, req: &Request) -> Result<Vec<Candidate>, GtpError> {
    engine.require_no_stack("analyze")?;
    let filter = engine.game.move_filter();
    let (mut rd, _) = engine.readers();
    let territory = Territory::estimate(rd.board, rd.reader);
    Ok(ranked_moves(&mut rd, &territory, &filter, req.color))
}

/// The owl's moves for the request's side ([`critical_moves`]), or
/// `None` when `stop` said stop.
fn owl_moves(
    engine: &mut Engine,
    req: &Request,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Vec<Point>> {
    let filter = engine.game.move_filter();
    let moves = critical_moves(engine, req.color, CriticalScope::ALL, &filter, stop)?;
    Some(moves.into_iter().map(|o| o.mv).collect())
}

/// The moves shown: the captures and rescues of `purposeful`, then the
/// owl's moves, then the rest of `purposeful` (break-ins and blocks,
/// captures of strings without a defence),
/// each once, without the `avoid`ed moves and, when `allow` is given,
/// only those.
fn shown_moves(req: &Request, purposeful: &[Candidate], owl: &[Point]) -> Vec<Point> {
    let tactical = |c: &&Candidate| matches!(c.reason, Reason::Capture(_) | Reason::Rescue(_));
    let mut moves: Vec<Point> = Vec::new();
    let ordered = purposeful
        .iter()
        .filter(tactical)
        .map(|c| c.mv)
        .chain(owl.iter().copied())
        .chain(purposeful.iter().filter(|c| !tactical(c)).map(|c| c.mv));
    for m in ordered {
        if !moves.contains(&m)
            && !req.avoid.contains(&m)
            && (req.allow.is_empty() || req.allow.contains(&m))
        {
            moves.push(m);
        }
    }
    moves
}

/// One `info` line (empty when there is no move to show): `info move D4
/// visits 30 winrate 5000 order 0 pv D4 info ...`.
fn format_line(moves: &[Point], size: usize) -> String {
    let n = moves.len();
    let parts: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(order, &m)| {
            let v = format_point(m, size);
            let visits = 10 * (n - order);
            format!("info move {v} visits {visits} winrate 5000 order {order} pv {v}")
        })
        .collect();
    parts.join(" ")
}

/// The full `info` line for the request: the purposeful moves with the
/// owl's moves of critical dragons (`shown_moves`).
pub fn info_line(engine: &mut Engine, req: &Request) -> Result<String, GtpError> {
    let purposeful = purposeful_moves(engine, req)?;
    let owl = owl_moves(engine, req, &mut || false).unwrap_or_default();
    Ok(format_line(
        &shown_moves(req, &purposeful, &owl),
        engine.size(),
    ))
}

/// `lz-analyze` / `analyze` through [`crate::gtp::Engine::execute`]: the
/// full line of the stream (the server streams instead, see [`stream`]).
pub fn analyze(engine: &mut Engine, args: &[&str]) -> Reply {
    let req = parse_request(engine, args)?;
    info_line(engine, &req)
}

/// Run an analysis stream: `= ` (with the id, and GTP's space) on its own
/// line, then at once the `info` line of the purposeful moves; then the
/// owl reads the dragons, asking the input before each dragon, and from
/// the next interval on the line also carries the owl's moves
/// ([`info_line`]), repeated every interval until `input` has a line
/// waiting; then the empty line that ends the response. The waiting line
/// is left for the server to run next. So the stream answers at once and
/// stops within one dragon's owl reads of a line arriving. (Interval
/// zero: the first line, and the full line once more if the owl changed
/// it.) Argument errors are answered as ordinary errors.
pub fn stream(
    engine: &mut Engine,
    id: Option<u64>,
    args: &[&str],
    input: &mut dyn LineSource,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (req, purposeful) = match parse_request(engine, args)
        .and_then(|req| purposeful_moves(engine, &req).map(|p| (req, p)))
    {
        Ok(ok) => ok,
        Err(e) => return response::write_response(out, id, &Err(e)),
    };
    let head = match id {
        Some(id) => format!("={id} \n"),
        None => "= \n".to_string(),
    };
    out.write_all(head.as_bytes())?;
    let size = engine.size();
    let first = format_line(&shown_moves(&req, &purposeful, &[]), size);
    if !first.is_empty() {
        out.write_all(first.as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    let owl = owl_moves(engine, &req, &mut || input.wait_for_input(Duration::ZERO));
    if let Some(owl) = owl {
        let line = format_line(&shown_moves(&req, &purposeful, &owl), size);
        let mut repeat = !req.interval.is_zero() || line != first;
        // Interval zero: one line, then only wait.
        let wait = if req.interval.is_zero() {
            Duration::from_secs(1)
        } else {
            req.interval
        };
        while !input.wait_for_input(wait) {
            if repeat && !line.is_empty() {
                out.write_all(line.as_bytes())?;
                out.write_all(b"\n")?;
                out.flush()?;
            }
            repeat &= !req.interval.is_zero();
        }
    }
    out.write_all(b"\n")?;
    out.flush()
}

/// `tesuji-territory`: the territory estimate the move generator uses, as
/// GoGui gfx (`BLACK` / `WHITE` territory marks).
pub fn territory(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.require_no_stack("tesuji-territory")?;
    let size = engine.size();
    let board = engine.game.board_mut();
    let t = Territory::estimate(board, &mut engine.reader);
    let mut black = Vec::new();
    let mut white = Vec::new();
    for p in board.points() {
        match t.owner(p) {
            Some(Color::Black) => black.push(p),
            Some(Color::White) => white.push(p),
            None => {}
        }
    }
    let mut text = String::new();
    if !black.is_empty() {
        text.push_str(&format!("BLACK {}\n", format_points(&black, size)));
    }
    if !white.is_empty() {
        text.push_str(&format!("WHITE {}\n", format_points(&white, size)));
    }
    Ok(text)
}
