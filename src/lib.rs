//! Tesuji: a Go engine speaking GTP whose heart is a tactical reader in the
//! tradition of GNU Go 3.8.
//!
//! Reading order (dependency order, lowest first):
//! - [`board`]: the position, chains, legality, undo journal, Zobrist hash.
//! - [`game`]: the game around the position: history, ko rules (superko), komi, handicap, SGF,
//!   scoring.
//! - [`reading`]: tactical reading (attack, find_defense, komaster schemes, hash table).
//! - [`superstring`]: chains extended through uncuttable links.
//! - [`persistent`]: the persistent reading caches (results kept across moves).
//! - [`connect`]: connection reading (connect, disconnect, break-in, block-off).
//! - [`analysis`]: whole-board evaluation for the move generator (territory, break-ins).
//! - [`eyes`]: eye-space analysis: unconditional life, eye spaces and their values.
//! - [`gtp`]: the GTP server (the only protocol code; nothing depends on it).
#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod gtp;
pub mod reading;

// Shared reading modules kept next to the tactical reader's files. They are
// declared here (not in `reading/mod.rs`, which the tactical reader owns)
// so that they compile independently of the reader's search.
#[path = "reading/persistent.rs"]
pub mod persistent;
#[path = "reading/superstring.rs"]
pub mod superstring;

pub mod connect;

pub mod analysis;

pub mod eyes;

#[cfg(test)]
mod cache_replay_tests;
