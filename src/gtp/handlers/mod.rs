//! Command handlers, grouped by purpose. Each handler resolves its
//! arguments against the engine state (stage 2 of command handling) and
//! either changes nothing and fails, or does its work and answers.
//!
//! GNU Go counterpart: the `gtp_*` functions of `interface/play_gtp.c`.
//! - [`analyze`]: GUI analysis (`lz-analyze` stream, territory overlay).
//! - [`info`]: protocol and session commands (name, version, list_commands, time).
//! - [`setup`]: the game: size, komi, moves, undo, handicap, SGF, scoring, genmove.
//! - [`rules`]: the ko rule in KataGo's dialect (kata-get-rules, kata-set-rules).
//! - [`tactics`]: tactical reading (attack, defend, ladders, depths, counters,
//!   decide_string, SGF traces).
//! - [`connect`]: connection reading (connect, disconnect, break_in, block_off,
//!   decide_connection, the connection node counter).
//! - [`dragon`]: dragons (same_dragon, dragon_stones).
//! - [`life`]: life and death (unconditional_status).
//! - [`solve`]: proved life and death of enclosed dragons (solve_life, decide_life).
//! - [`combination`]: combination attacks (combination_attack, combination_defend).
//! - [`eyes`]: eye spaces and their values (eval_eye, eye_data, half_eye_data).
//! - [`worm`]: per-string reports (worm_data, the tactical status board).
//! - [`debug`]: board inspection and hypothetical moves (showboard, countlib, trymove).

pub mod analyze;
pub mod combination;
pub mod connect;
pub mod debug;
pub mod dragon;
pub mod eyes;
pub mod info;
pub mod life;
pub mod owl;
pub mod rules;
pub mod semeai;
pub mod setup;
pub mod solve;
pub mod tactics;
pub mod worm;

use crate::gtp::response::GtpError;
use std::fs::File;
use std::io::Write;

/// Open `name` for writing before any work is done, so that a bad path
/// fails the command without side effects (`cannot write FILE`).
pub(crate) fn create_file(name: &str) -> Result<File, GtpError> {
    File::create(name).map_err(|e| {
        log::warn!("cannot write {name}: {e}");
        GtpError::msg(format!("cannot write {name}"))
    })
}

/// Write `text` into a file opened by [`create_file`].
pub(crate) fn write_text(mut file: File, name: &str, text: &str) -> Result<(), GtpError> {
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| {
            log::warn!("cannot write {name}: {e}");
            GtpError::msg(format!("cannot write {name}"))
        })
}
