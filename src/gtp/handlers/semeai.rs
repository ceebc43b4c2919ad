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

use crate::analysis::status::dragons_touch;
use crate::board::{Color, Point};
use crate::engine::Engine;
use crate::gtp::handlers::owl::dragon_arg;
use crate::gtp::response::{result_code, GtpError, Reply};
use crate::gtp::vertex::format_opt_point;
use crate::semeai::{RaceDragon, SemeaiAnswer};

/// The two dragons of a race, as named on the real position.
struct Race {
    a_stones: Vec<Point>,
    a: Point,
    b_stones: Vec<Point>,
    b: Point,
}

/// The dragons at arguments `i` and `i + 1`, refusing empty points,
/// dragons of one colour and dragons that neither touch nor share a
/// liberty.
fn race_args(engine: &mut Engine, args: &[&str], i: usize, cmd: &str) -> Result<Race, GtpError> {
    let (a_stones, a) = dragon_arg(engine, args, i, cmd)?;
    let (b_stones, b) = dragon_arg(engine, args, i + 1, cmd)?;
    if engine.board().color_at(a) == engine.board().color_at(b) {
        return Err(GtpError::msg("dragons must have opposite colors"));
    }
    if !dragons_touch(engine.board(), &a_stones, &b_stones) {
        return Err(GtpError::msg("dragons are not adjacent"));
    }
    Ok(Race {
        a_stones,
        a,
        b_stones,
        b,
    })
}

/// Read the race on the current board with `to_move` to play.
fn read_race(engine: &mut Engine, race: &Race, to_move: Color) -> SemeaiAnswer {
    engine.semeai.analyze(
        engine.game.board_mut(),
        &mut engine.reader,
        RaceDragon {
            stones: &race.a_stones,
            target: race.a,
        },
        RaceDragon {
            stones: &race.b_stones,
            target: race.b,
        },
        to_move,
    )
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
    let race = race_args(engine, args, 0, "analyze_semeai")?;
    let to_move = engine.board().color_at(race.a).unwrap_or(Color::Black);
    let answer = read_race(engine, &race, to_move);
    Ok(format_answer(engine, &answer))
}

/// `analyze_semeai_after_move COLOR MOVE DRAGON_A DRAGON_B`: the race after
/// COLOR plays MOVE, the other side moving next. The dragons are those of
/// the real position.
pub fn analyze_semeai_after_move(engine: &mut Engine, args: &[&str]) -> Reply {
    engine.require_no_stack("analyze_semeai_after_move")?;
    let color = engine.color_arg(args, 0)?;
    let m = engine.point_arg(args, 1)?;
    if !engine.board().is_empty(m) {
        return Err(GtpError::msg("move vertex is not empty"));
    }
    let race = race_args(engine, args, 2, "analyze_semeai_after_move")?;
    if !engine.game.board_mut().trymove(m, color) {
        return Err(GtpError::msg("illegal move"));
    }
    let answer = read_race(engine, &race, color.opponent());
    engine.game.board_mut().popgo();
    Ok(format_answer(engine, &answer))
}
