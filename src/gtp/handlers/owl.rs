//! Owl commands: `owl_attack`, `owl_defend`, `owl_does_attack`,
//! `owl_does_defend`, `owl_threaten_attack`, `owl_threaten_defense`,
//! `dragon_status`, the owl node counter and
//! `report_uncertainty`.
//!
//! GNU Go counterpart: `gtp_owl_attack`, `gtp_owl_defend`,
//! `gtp_owl_does_attack`, `gtp_owl_does_defend`, `gtp_owl_threaten_attack`,
//! `gtp_owl_threaten_defense`, `gtp_dragon_status`,
//! `gtp_get_owl_node_counter`, `gtp_reset_owl_node_counter` and
//! `gtp_report_uncertainty` of `interface/play_gtp.c`. The reading is
//! [`crate::owl`]; the dragon a vertex names comes from
//! [`crate::analysis::dragon`]. Answers print as GNU Go's codes with the
//! move (`1 PASS` when no move is needed), followed by ` uncertain` after
//! `report_uncertainty on` when a limit was met. GNU Go aborts on an
//! assertion when these run inside an open `trymove` stack; here they
//! answer `? COMMAND cannot be called when stackp > 0` and change nothing.

use crate::board::Point;
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::{format_opt_point, format_points};
use crate::gtp::Engine;
use crate::owl::OwlAnswer;
use crate::reading::ReadResult;

/// Which owl question a command asks.
#[derive(Clone, Copy)]
enum Question {
    Attack,
    Defend,
}

/// The dragon named by argument `i`, refusing an empty point and an open
/// stack: its stones and the named stone.
fn dragon_arg(
    engine: &mut Engine,
    args: &[&str],
    i: usize,
    cmd: &str,
) -> Result<(Vec<Point>, Point), GtpError> {
    let p = engine.point_arg(args, i)?;
    if engine.board().is_empty(p) {
        return Err(GtpError::msg("dragon vertex must not be empty"));
    }
    engine.require_no_stack(cmd)?;
    let stones = engine.dragons.dragon_stones(
        &mut engine.reader,
        &mut engine.conn,
        engine.game.board_mut(),
        p,
    );
    Ok((stones, p))
}

/// Read one question about the dragon with `stones`.
fn ask(engine: &mut Engine, q: Question, stones: &[Point], target: Point) -> OwlAnswer {
    let board = engine.game.board_mut();
    match q {
        Question::Attack => engine.owl.attack(board, &mut engine.reader, stones, target),
        Question::Defend => engine.owl.defend(board, &mut engine.reader, stones, target),
    }
}

/// `code [move] [uncertain]`.
fn format_answer(engine: &Engine, a: &OwlAnswer) -> String {
    let mut out = match a.result {
        ReadResult::Fail => "0".to_string(),
        r => format!(
            "{} {}",
            crate::gtp::response::result_code(r),
            format_opt_point(a.mv, engine.size())
        ),
    };
    if engine.report_uncertainty && !a.certain {
        out.push_str(" uncertain");
    }
    out
}

/// `owl_attack DRAGON`: can the dragon be killed if its opponent moves
/// first?
pub fn owl_attack(engine: &mut Engine, args: &[&str]) -> Reply {
    let (stones, target) = dragon_arg(engine, args, 0, "owl_attack")?;
    let a = ask(engine, Question::Attack, &stones, target);
    Ok(format_answer(engine, &a))
}

/// `owl_defend DRAGON`: can the dragon be saved if its owner moves first?
pub fn owl_defend(engine: &mut Engine, args: &[&str]) -> Reply {
    let (stones, target) = dragon_arg(engine, args, 0, "owl_defend")?;
    let a = ask(engine, Question::Defend, &stones, target);
    Ok(format_answer(engine, &a))
}

/// The arguments of `owl_does_attack` / `owl_does_defend`: an empty move
/// vertex, then the dragon.
fn move_and_dragon(
    engine: &mut Engine,
    args: &[&str],
    cmd: &str,
) -> Result<(Point, Vec<Point>, Point), GtpError> {
    let m = engine.point_arg(args, 0)?;
    let (stones, target) = dragon_arg(engine, args, 1, cmd)?;
    if !engine.board().is_empty(m) {
        return Err(GtpError::msg("move vertex must be empty"));
    }
    Ok((m, stones, target))
}

/// `owl_does_attack MOVE DRAGON`: does the attacker's move kill?
pub fn owl_does_attack(engine: &mut Engine, args: &[&str]) -> Reply {
    let (m, stones, target) = move_and_dragon(engine, args, "owl_does_attack")?;
    let board = engine.game.board_mut();
    let a = engine
        .owl
        .does_attack(board, &mut engine.reader, &stones, target, m);
    Ok(crate::gtp::response::result_code(a.result).to_string())
}

/// `owl_does_defend MOVE DRAGON`: does the owner's move save it?
pub fn owl_does_defend(engine: &mut Engine, args: &[&str]) -> Reply {
    let (m, stones, target) = move_and_dragon(engine, args, "owl_does_defend")?;
    let board = engine.game.board_mut();
    let a = engine
        .owl
        .does_defend(board, &mut engine.reader, &stones, target, m);
    Ok(crate::gtp::response::result_code(a.result).to_string())
}

/// The owl status of one dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DragonStatus {
    /// The attack fails.
    Alive,
    /// The attack works and the defence fails.
    Dead,
    /// Both work: whoever moves first wins, at these points.
    Critical(Option<Point>, Option<Point>),
}

/// Read the status of the dragon with `stones`.
fn read_status(engine: &mut Engine, stones: &[Point], target: Point) -> DragonStatus {
    let attack = ask(engine, Question::Attack, stones, target);
    if attack.result == ReadResult::Fail {
        return DragonStatus::Alive;
    }
    let board = engine.game.board_mut();
    let defense = engine
        .owl
        .defend_attacked(board, &mut engine.reader, stones, target);
    if defense.result == ReadResult::Fail {
        return DragonStatus::Dead;
    }
    DragonStatus::Critical(attack.mv, defense.mv)
}

/// The status word of one dragon: `alive` when the attack fails, `dead`
/// when the defence fails too, else `critical A D`.
fn status_of(engine: &mut Engine, stones: &[Point], target: Point) -> String {
    let size = engine.size();
    match read_status(engine, stones, target) {
        DragonStatus::Alive => "alive".into(),
        DragonStatus::Dead => "dead".into(),
        DragonStatus::Critical(a, d) => format!(
            "critical {} {}",
            format_opt_point(a, size),
            format_opt_point(d, size)
        ),
    }
}

/// `tesuji-dragon_status`: the owl status of every dragon as GoGui gfx:
/// `MARK` on the stones of dead dragons, `TRIANGLE` on critical ones with
/// `LABEL`s `A` (attack) and `D` (defence) on their vital points (`AD`
/// when one point is both), and a `TEXT` line counting the dragons.
pub fn dragon_status_gfx(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.require_no_stack("tesuji-dragon_status")?;
    let size = engine.size();
    let dragons = engine.dragons.all_dragons(
        &mut engine.reader,
        &mut engine.conn,
        engine.game.board_mut(),
        None,
    );
    let (mut dead, mut critical) = (Vec::new(), Vec::new());
    let mut labels: Vec<(Point, String)> = Vec::new();
    let mut alive = 0;
    for d in &dragons {
        match read_status(engine, &d.stones, d.stones[0]) {
            DragonStatus::Alive => alive += 1,
            DragonStatus::Dead => dead.extend_from_slice(&d.stones),
            DragonStatus::Critical(a, def) => {
                critical.extend_from_slice(&d.stones);
                for (p, tag) in [(a, "A"), (def, "D")] {
                    let Some(p) = p else { continue };
                    match labels.iter_mut().find(|(q, _)| *q == p) {
                        Some((_, text)) if !text.contains(tag) => text.push_str(tag),
                        Some(_) => {}
                        None => labels.push((p, tag.to_string())),
                    }
                }
            }
        }
    }
    let mut lines = Vec::new();
    dead.sort();
    critical.sort();
    if !dead.is_empty() {
        lines.push(format!("MARK {}", format_points(&dead, size)));
    }
    if !critical.is_empty() {
        lines.push(format!("TRIANGLE {}", format_points(&critical, size)));
    }
    labels.sort();
    for (p, text) in labels {
        lines.push(format!("LABEL {} {text}", format_opt_point(Some(p), size)));
    }
    lines.push(format!(
        "TEXT {} dragons: {alive} alive, {} critical, {} dead",
        dragons.len(),
        dragons.len() - alive - dead_count(&dragons, &dead),
        dead_count(&dragons, &dead)
    ));
    Ok(lines.join("\n"))
}

/// How many of `dragons` have their first stone in `dead`.
fn dead_count(dragons: &[crate::analysis::dragon::Dragon], dead: &[Point]) -> usize {
    dragons
        .iter()
        .filter(|d| dead.binary_search(&d.stones[0]).is_ok())
        .count()
}

/// `dragon_status [VERTEX]`: the owl status of the dragon at VERTEX, or
/// one line `VERTEX: status` per dragon.
pub fn dragon_status(engine: &mut Engine, args: &[&str]) -> Reply {
    if !args.is_empty() {
        let (stones, target) = dragon_arg(engine, args, 0, "dragon_status")?;
        return Ok(status_of(engine, &stones, target));
    }
    engine.require_no_stack("dragon_status")?;
    let dragons = engine.dragons.all_dragons(
        &mut engine.reader,
        &mut engine.conn,
        engine.game.board_mut(),
        None,
    );
    let mut lines = Vec::new();
    for d in dragons {
        let first = d.stones[0];
        let status = status_of(engine, &d.stones, first);
        lines.push(format!("{}: {status}", engine.fmt_point(first)));
    }
    Ok(lines.join("\n"))
}

/// `owl_threaten_attack DRAGON` / `owl_threaten_defense DRAGON`: can
/// the side succeed with two moves in a row: `code m1 m2` (`0` when not).
fn threaten(engine: &mut Engine, args: &[&str], cmd: &str, attacker: bool) -> Reply {
    let (stones, target) = dragon_arg(engine, args, 0, cmd)?;
    let board = engine.game.board_mut();
    let (a, second) = engine
        .owl
        .threaten(board, &mut engine.reader, &stones, target, attacker);
    if a.result == ReadResult::Fail {
        return Ok(format_answer(engine, &a));
    }
    let size = engine.size();
    let mut out = format!(
        "{} {} {}",
        crate::gtp::response::result_code(a.result),
        format_opt_point(a.mv, size),
        format_opt_point(second, size)
    );
    if engine.report_uncertainty && !a.certain {
        out.push_str(" uncertain");
    }
    Ok(out)
}

/// `owl_threaten_attack DRAGON`: two attacker moves in a row.
pub fn owl_threaten_attack(engine: &mut Engine, args: &[&str]) -> Reply {
    threaten(engine, args, "owl_threaten_attack", true)
}

/// `owl_threaten_defense DRAGON`: two owner moves in a row.
pub fn owl_threaten_defense(engine: &mut Engine, args: &[&str]) -> Reply {
    threaten(engine, args, "owl_threaten_defense", false)
}

/// `get_owl_node_counter`: positions the owl evaluated since the reset.
pub fn get_owl_node_counter(engine: &mut Engine, _args: &[&str]) -> Reply {
    Ok(engine.owl.node_counter().to_string())
}

/// `reset_owl_node_counter`.
pub fn reset_owl_node_counter(engine: &mut Engine, _args: &[&str]) -> Reply {
    engine.owl.reset_node_counter();
    Ok(String::new())
}

/// `report_uncertainty on|off`: print ` uncertain` after owl answers
/// that met a limit.
pub fn report_uncertainty(engine: &mut Engine, args: &[&str]) -> Reply {
    match args.first().copied() {
        Some("on") => engine.report_uncertainty = true,
        Some("off") => engine.report_uncertainty = false,
        _ => return Err(GtpError::msg("invalid argument")),
    }
    Ok(String::new())
}
