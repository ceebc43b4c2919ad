//! Combination commands: `combination_attack` and `combination_defend`.
//!
//! GNU Go counterpart: `gtp_combination_attack` and
//! `gtp_combination_defend` of `interface/play_gtp.c`. The search is
//! [`crate::combination`]; the strings it may win are the colour's
//! opponent's strings the tactical reader cannot capture now. Both
//! commands work inside an open `trymove` stack (they read the position on
//! the board and leave the stack as they found it; there the final
//! statuses, which describe the real position, are not consulted).

use crate::analysis::status::{final_status, PointStatus};
use crate::analysis::Readers;
use crate::board::{Board, Color};
use crate::combination::{atari_atari, combination_defenses, AaConfig, Targets};
use crate::engine::Engine;
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::format_points;
use crate::reading::Reader;

/// The one colour argument of both commands.
fn the_color(engine: &Engine, args: &[&str]) -> Result<Color, GtpError> {
    let color = engine.color_arg(args, 0)?;
    if args.len() > 1 {
        return Err(GtpError::msg("too many arguments"));
    }
    Ok(color)
}

/// The targets of `attacker`: the opponent's strings that are safe now
/// and, on the real position (no `trymove` stack), not dead by the final
/// statuses (GNU Go leaves out dead dragons).
fn targets(engine: &mut Engine, attacker: Color) -> Targets {
    let board = engine.game.board_mut();
    let mut targets = Targets::read(board, &mut engine.reader, attacker.opponent());
    if board.depth() > 0 {
        return targets;
    }
    let statuses = final_status(
        &mut Readers::new(board, &mut engine.reader, &mut engine.conn),
        &mut engine.dragons,
    );
    for o in board.chain_origins(Some(attacker.opponent())) {
        if statuses.status(o) == PointStatus::Dead {
            targets.exclude(board, o);
        }
    }
    targets
}

/// The colour argument and its targets, then `read` (a combination
/// search) on the position.
fn read_combinations<T>(
    engine: &mut Engine,
    args: &[&str],
    read: impl FnOnce(&mut Board, &mut Reader, AaConfig, &Targets) -> T,
) -> Result<T, GtpError> {
    let color = the_color(engine, args)?;
    let targets = targets(engine, color);
    let board = engine.game.board_mut();
    Ok(read(
        board,
        &mut engine.reader,
        AaConfig::default(),
        &targets,
    ))
}

/// `combination_attack COLOR`: the first move of a combination that wins
/// an opponent string, or `PASS`.
pub fn combination_attack(engine: &mut Engine, args: &[&str]) -> Reply {
    Ok(match read_combinations(engine, args, atari_atari)? {
        Some(c) => engine.fmt_point(c.mv),
        None => "PASS".to_string(),
    })
}

/// `combination_defend COLOR`: the moves of COLOR's opponent that stop
/// every combination of COLOR (board order), or `PASS` when COLOR has
/// none. An empty answer means a combination nothing found stops.
pub fn combination_defend(engine: &mut Engine, args: &[&str]) -> Reply {
    Ok(
        match read_combinations(engine, args, combination_defenses)? {
            Some((_, defenses)) => format_points(&defenses, engine.size()),
            None => "PASS".to_string(),
        },
    )
}
