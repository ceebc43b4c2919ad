//! Semeai commands: `analyze_semeai` and `analyze_semeai_after_move`.
//!
//! GNU Go counterpart: `gtp_analyze_semeai` and
//! `gtp_analyze_semeai_after_move` of `interface/play_gtp.c`. The reading
//! is [`crate::semeai`]; the dragons the vertices name come from
//! [`crate::analysis::dragon`]. The answer is `codeA codeB move`: the
//! defence result of the first dragon and the attack result on the
//! second, the first dragon's side moving first (after
//! `analyze_semeai_after_move`, the side that did not play the move), then
//! that side's move or `PASS`, then ` uncertain` after
//! `report_uncertainty on` when a limit was met.
//!
//! GNU Go asserts when the dragons have the same colour or when a
//! `trymove` stack is open; here those, empty points, dragons that do not
//! touch (no stone next to the other dragon and no shared liberty) and an
//! occupied move vertex answer with a `? message` and change nothing.

use crate::board::{Color, Point};
use crate::gtp::response::{result_code, GtpError, Reply};
use crate::gtp::vertex::format_opt_point;
use crate::gtp::Engine;
use crate::semeai::{RaceDragon, SemeaiAnswer};

/// The dragon named by argument `i`: its stones and the named stone.
fn dragon_arg(
    engine: &mut Engine,
    args: &[&str],
    i: usize,
) -> Result<(Vec<Point>, Point), GtpError> {
    let p = engine.point_arg(args, i)?;
    if engine.board().is_empty(p) {
        return Err(GtpError::msg("dragon vertex must not be empty"));
    }
    let stones = engine.dragons.dragon_stones(
        &mut engine.reader,
        &mut engine.conn,
        engine.game.board_mut(),
        p,
    );
    Ok((stones, p))
}

/// Do the two dragons touch: a stone of one next to a stone of the other,
/// or a liberty they share?
fn dragons_touch(engine: &Engine, a: &[Point], b: &[Point]) -> bool {
    crate::analysis::status::dragons_touch(engine.board(), a, b)
}

/// Read the race between the dragons at arguments `i` and `i + 1` with
/// `to_move` to play.
fn read_race(
    engine: &mut Engine,
    args: &[&str],
    i: usize,
    to_move: Option<Color>,
) -> Result<SemeaiAnswer, GtpError> {
    let (a_stones, a) = dragon_arg(engine, args, i)?;
    let (b_stones, b) = dragon_arg(engine, args, i + 1)?;
    let color_a = engine.board().color_at(a);
    if color_a == engine.board().color_at(b) {
        return Err(GtpError::msg("dragons must have opposite colors"));
    }
    if !dragons_touch(engine, &a_stones, &b_stones) {
        return Err(GtpError::msg("dragons are not adjacent"));
    }
    let to_move = to_move.or(color_a).unwrap_or(Color::Black);
    let board = engine.game.board_mut();
    Ok(engine.semeai.analyze(
        board,
        &mut engine.reader,
        RaceDragon {
            stones: &a_stones,
            target: a,
        },
        RaceDragon {
            stones: &b_stones,
            target: b,
        },
        to_move,
    ))
}

/// `codeA codeB move [uncertain]`.
fn format_answer(engine: &Engine, a: &SemeaiAnswer) -> String {
    let mut out = format!(
        "{} {} {}",
        result_code(a.defense()),
        result_code(a.attack()),
        format_opt_point(a.mv, engine.size())
    );
    if engine.report_uncertainty && !a.certain {
        out.push_str(" uncertain");
    }
    out
}

/// `analyze_semeai DRAGON_A DRAGON_B`: the race, A's side moving first.
pub fn analyze_semeai(engine: &mut Engine, args: &[&str]) -> Reply {
    engine.require_no_stack("analyze_semeai")?;
    let answer = read_race(engine, args, 0, None)?;
    Ok(format_answer(engine, &answer))
}

/// `analyze_semeai_after_move COLOR MOVE DRAGON_A DRAGON_B`: the race after
/// COLOR plays MOVE, the other side moving next.
pub fn analyze_semeai_after_move(engine: &mut Engine, args: &[&str]) -> Reply {
    engine.require_no_stack("analyze_semeai_after_move")?;
    let color = engine.color_arg(args, 0)?;
    let m = engine.point_arg(args, 1)?;
    if !engine.board().is_empty(m) {
        return Err(GtpError::msg("move vertex is not empty"));
    }
    // Validate the dragons before the move, on the real position.
    for i in [2, 3] {
        let p = engine.point_arg(args, i)?;
        if engine.board().is_empty(p) {
            return Err(GtpError::msg("dragon vertex must not be empty"));
        }
    }
    if !engine.game.board_mut().trymove(m, color) {
        return Err(GtpError::msg("illegal move"));
    }
    // The dragons are those of the real position; read after the move.
    engine.game.board_mut().popgo();
    let (a_stones, a) = dragon_arg(engine, args, 2)?;
    let (b_stones, b) = dragon_arg(engine, args, 3)?;
    if engine.board().color_at(a) == engine.board().color_at(b) {
        return Err(GtpError::msg("dragons must have opposite colors"));
    }
    if !dragons_touch(engine, &a_stones, &b_stones) {
        return Err(GtpError::msg("dragons are not adjacent"));
    }
    let board = engine.game.board_mut();
    if !board.trymove(m, color) {
        return Err(GtpError::msg("illegal move"));
    }
    let answer = engine.semeai.analyze(
        board,
        &mut engine.reader,
        RaceDragon {
            stones: &a_stones,
            target: a,
        },
        RaceDragon {
            stones: &b_stones,
            target: b,
        },
        color.opponent(),
    );
    engine.game.board_mut().popgo();
    Ok(format_answer(engine, &answer))
}
