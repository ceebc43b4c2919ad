//! Owl commands: `owl_attack`, `owl_defend`, `owl_does_attack`,
//! `owl_does_defend`, `owl_threaten_attack`, `owl_threaten_defense`,
//! `owl_connection_defends`, `owl_substantial`, `decide_owl`,
//! `dragon_status`, the owl node counter and `report_uncertainty`.
//!
//! GNU Go counterpart: `gtp_owl_attack`, `gtp_owl_defend`,
//! `gtp_owl_does_attack`, `gtp_owl_does_defend`, `gtp_owl_threaten_attack`,
//! `gtp_owl_threaten_defense`, `gtp_owl_connection_defends`,
//! `gtp_owl_substantial`, `gtp_dragon_status`,
//! `gtp_get_owl_node_counter`, `gtp_reset_owl_node_counter` and
//! `gtp_report_uncertainty` of `interface/play_gtp.c`, and `decide_owl`
//! of `engine/sgfdecide.c` (GNU Go's `--decide-owl` option; GNU Go 3.8
//! has no such GTP command). The reading is
//! [`crate::owl`]; the dragon a vertex names comes from
//! [`crate::analysis::dragon`]. Answers print as GNU Go's codes with the
//! move (`1 PASS` when no move is needed), followed by ` uncertain` after
//! `report_uncertainty on` when a limit was met. GNU Go aborts on an
//! assertion when these run inside an open `trymove` stack; here they
//! answer `? COMMAND cannot be called when stackp > 0` and change nothing.

use crate::board::{Board, Point};
use crate::engine::life::{ask, read_status, DragonStatus, Question};
use crate::engine::Engine;
use crate::eyes::unconditional::{unconditional_status, UnconditionalStatus};
use crate::gtp::handlers::tactics::decide_line;
use crate::gtp::handlers::{create_file, write_text};
use crate::gtp::response::{result_code, GtpError, Reply};
use crate::gtp::vertex::{format_opt_point, format_points};
use crate::owl::{OwlAnswer, OwlReader};
use crate::reading::{ReadResult, Reader};

/// Refuse more than `max` arguments: `? CMD takes at most N arguments`.
fn at_most(args: &[&str], max: usize, cmd: &str) -> Result<(), GtpError> {
    if args.len() > max {
        let noun = if max == 1 { "argument" } else { "arguments" };
        return Err(GtpError::msg(format!(
            "{cmd} takes at most {max} {noun}, got {}",
            args.len()
        )));
    }
    Ok(())
}

/// The dragon named by argument `i`, refusing an empty point and an open
/// stack: its stones and the named stone.
pub(crate) fn dragon_arg(
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
    let stones = engine.dragon_stones(p);
    Ok((stones, p))
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
    owl_after_move(engine, args, "owl_does_attack", OwlReader::does_attack)
}

/// `owl_does_defend MOVE DRAGON`: does the owner's move save it?
pub fn owl_does_defend(engine: &mut Engine, args: &[&str]) -> Reply {
    owl_after_move(engine, args, "owl_does_defend", OwlReader::does_defend)
}

/// The owl's result code after the move of `cmd`'s arguments, read by
/// `read` (`does_attack` or `does_defend`).
fn owl_after_move(engine: &mut Engine, args: &[&str], cmd: &str, read: OwlAfterMove) -> Reply {
    let (m, stones, target) = move_and_dragon(engine, args, cmd)?;
    let board = engine.game.board_mut();
    let a = read(
        &mut engine.owl,
        board,
        &mut engine.reader,
        &stones,
        target,
        m,
    );
    Ok(result_code(a.result).to_string())
}

/// [`OwlReader::does_attack`] or [`OwlReader::does_defend`].
type OwlAfterMove =
    fn(&mut OwlReader, &mut Board, &mut Reader, &[Point], Point, Point) -> OwlAnswer;

/// `owl_connection_defends MOVE DRAGON1 DRAGON2`: does the owner's move
/// at MOVE join the two dragons (of one colour) into one that lives, the
/// attacker moving next? Answers the code of the owner's result: `1` when
/// the attack on the joined dragon fails, `2` / `3` when it depends on a
/// ko, `0` when the joined dragon dies or MOVE is illegal. (GNU Go 3.8
/// answers only `0` or `1`: a ko counts as a failure there.) A dragon
/// the unconditional analysis finds dead answers `0` without reading, as
/// in GNU Go. Errors in GNU Go's words: `move vertex must be empty`,
/// `dragon vertex must not be empty`, `dragon vertices must have the same
/// color`; inside a `trymove` stack (where GNU Go aborts) `?
/// owl_connection_defends cannot be called when stackp > 0`.
pub fn owl_connection_defends(engine: &mut Engine, args: &[&str]) -> Reply {
    const CMD: &str = "owl_connection_defends";
    at_most(args, 3, CMD)?;
    let m = engine.point_arg(args, 0)?;
    if !engine.board().is_empty(m) {
        return Err(GtpError::msg("move vertex must be empty"));
    }
    let a = engine.point_arg(args, 1)?;
    let b = engine.point_arg(args, 2)?;
    let (ca, cb) = (engine.board().color_at(a), engine.board().color_at(b));
    if ca.is_none() || cb.is_none() {
        return Err(GtpError::msg("dragon vertex must not be empty"));
    }
    if ca != cb {
        return Err(GtpError::msg("dragon vertices must have the same color"));
    }
    engine.require_no_stack(CMD)?;
    let status = unconditional_status(engine.game.board_mut());
    if [a, b]
        .iter()
        .any(|&p| status.status(p) == UnconditionalStatus::Dead)
    {
        return Ok("0".into());
    }
    let (stones_a, _) = dragon_arg(engine, args, 1, CMD)?;
    let (stones_b, _) = dragon_arg(engine, args, 2, CMD)?;
    let board = engine.game.board_mut();
    let answer =
        engine
            .owl
            .connection_defends(board, &mut engine.reader, &stones_a, &stones_b, a, m);
    Ok(result_code(answer.result).to_string())
}

/// `owl_substantial STRING`: `1` when capturing the string would leave
/// the dragons around it alive, else `0` (GNU Go's `owl_substantial`, see
/// [`crate::owl::OwlReader::substantial`]). The goal is every dragon next
/// to the string. When one of them is alive the answer is `1` at once (GNU
/// Go asks the dragon's status from its analysis without owl; here: it is
/// unconditionally alive, or the owl cannot kill it moving first). Errors:
/// `vertex must not be empty` (GNU Go's text), an open `trymove` stack
/// (GNU Go asserts).
pub fn owl_substantial(engine: &mut Engine, args: &[&str]) -> Reply {
    const CMD: &str = "owl_substantial";
    at_most(args, 1, CMD)?;
    let s = engine.stone_arg(args, 0)?;
    engine.require_no_stack(CMD)?;
    let mut neighbours = Vec::new();
    engine.board().adjacent_chains(s, &mut neighbours);
    neighbours.sort_unstable();
    let status = unconditional_status(engine.game.board_mut());
    if neighbours.iter().any(|&n| status.is_invincible(n)) {
        return Ok("1".into());
    }
    let mut around: Vec<Point> = Vec::new();
    for &n in &neighbours {
        if around.contains(&n) {
            continue;
        }
        let stones = engine.dragon_stones(n);
        if ask(engine, Question::Attack, &stones, n).result == ReadResult::Fail {
            return Ok("1".into());
        }
        around.extend(stones);
    }
    around.sort_unstable();
    around.dedup();
    let board = engine.game.board_mut();
    let (substantial, _) = engine
        .owl
        .substantial(board, &mut engine.reader, s, &around);
    Ok(if substantial { "1" } else { "0" }.into())
}

/// `decide_owl DRAGON [FILE]`: read the owl attack and then the owl
/// defence of the dragon (both, as GNU Go's `--decide-owl` does), after
/// clearing the reading cache, and answer GNU Go's report, one line per
/// read:
///
/// ```text
/// A6 can be attacked at B7 (21 variations)
/// A6 can be defended at B7 (9 variations)
/// ```
///
/// (`A6 is dead as it stands` / `A6 is alive as it stands` when the
/// result needs no move; ` result uncertain` at the end when the read met
/// a limit.) The variations are the moves the owl tried, each with its
/// result for the side that tried it, plus one for the question itself.
/// With FILE, every variation is written to FILE as an SGF tree, the
/// comment of each move numbered (`(12) owl defend A6: 1 B7`: the owner's
/// move B7 saves the dragon at A6); the question's own line is the root
/// comment. Recording changes no answer and no node count.
pub fn decide_owl(engine: &mut Engine, args: &[&str]) -> Reply {
    const CMD: &str = "decide_owl";
    at_most(args, 2, CMD)?;
    let (stones, target) = dragon_arg(engine, args, 0, CMD)?;
    let file = match args.get(1) {
        Some(name) => Some((create_file(name)?, *name)),
        None => None,
    };
    engine.reader.clear_cache();
    engine.owl.start_trace(engine.game.board());
    let v0 = engine.owl.trace_variations();
    let attack = ask(engine, Question::Attack, &stones, target);
    let v1 = engine.owl.trace_variations();
    let defense = ask(engine, Question::Defend, &stones, target);
    let v2 = engine.owl.trace_variations();
    let sgf = engine.owl.finish_trace().unwrap_or_default();
    let what = engine.fmt_point(target);
    let size = engine.size();
    let line = |a: &OwlAnswer, verb: &str, as_it_stands: &str, n: usize| {
        let text = match (a.result, a.mv) {
            (ReadResult::Win, None) => format!("{what} is {as_it_stands} as it stands"),
            (r, mv) => decide_line(&what, verb, r, &format_opt_point(mv, size), n),
        };
        if a.certain {
            text
        } else {
            format!("{text} result uncertain")
        }
    };
    let report = format!(
        "{}\n{}",
        line(&attack, "attacked", "dead", v1 - v0),
        line(&defense, "defended", "alive", v2 - v1)
    );
    if let Some((f, name)) = file {
        write_text(f, name, &sgf)?;
    }
    Ok(report)
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
    let dragons = engine.all_dragons(None);
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
    let dragons = engine.all_dragons(None);
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

/// `owl_ordering DRAGON attack|defend`: the owl's root candidates for
/// the side, in the search's order, one per line: the move, its value
/// from the move rules, its score in the configured order
/// (`--owl-ordering`) and its features (`crate::owl::ordering::FEATURE_NAMES`,
/// in order). The data `scripts/owl-ordering-fit.py` fits on; no GNU Go
/// counterpart.
pub fn owl_ordering(engine: &mut Engine, args: &[&str]) -> Reply {
    const CMD: &str = "owl_ordering";
    at_most(args, 2, CMD)?;
    let attacker = match args.get(1).copied() {
        Some("attack") => true,
        Some("defend") => false,
        _ => {
            return Err(GtpError::msg(
                "owl_ordering takes a dragon and attack or defend",
            ))
        }
    };
    let (stones, target) = dragon_arg(engine, args, 0, CMD)?;
    let board = engine.game.board_mut();
    let ranked =
        engine
            .owl
            .root_candidate_features(board, &mut engine.reader, &stones, target, attacker);
    let lines: Vec<String> = ranked
        .iter()
        .map(|c| {
            let f: Vec<String> = c.features.iter().map(i32::to_string).collect();
            format!(
                "{} {} {} {}",
                engine.fmt_point(c.point),
                c.value,
                c.score,
                f.join(" ")
            )
        })
        .collect();
    Ok(lines.join("\n"))
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
