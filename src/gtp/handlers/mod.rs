//! Command handlers, grouped by purpose. Each handler resolves its
//! arguments against the engine state (stage 2 of command handling) and
//! either changes nothing and fails, or does its work and answers.
//!
//! GNU Go counterpart: the `gtp_*` functions of `interface/play_gtp.c`.
//! - [`info`]: protocol and session commands (name, version, list_commands, time).
//! - [`setup`]: the game: size, komi, moves, undo, handicap, SGF, scoring, genmove.
//! - [`tactics`]: tactical reading (attack, defend, ladders, depths, counters).
//! - [`debug`]: board inspection and hypothetical moves (showboard, countlib, trymove).

pub mod debug;
pub mod info;
pub mod setup;
pub mod tactics;
