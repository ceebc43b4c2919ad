//! Tesuji: a Go engine speaking GTP whose heart is a tactical reader in the
//! tradition of GNU Go 3.8.
//!
//! Reading order (dependency order, lowest first):
//! - [`board`]: the position, chains, legality, undo journal, Zobrist hash.
//! - [`game`]: the game around the position: history, ko rules (superko), komi, handicap, SGF,
//!   scoring.
//! - [`reading`]: tactical reading (attack, find_defense, komaster schemes, hash table,
//!   superstrings, the persistent reading caches kept across moves).
//! - [`connect`]: connection reading (connect, disconnect, break-in, block-off).
//! - [`analysis`]: analysis of the position: worms, dragons, final statuses, territory, break-ins.
//! - [`eyes`]: eye-space analysis: unconditional life, eye spaces and their values.
//! - [`owl`]: life-and-death reading of dragons (owl_attack, owl_defend, dragon_status).
//! - [`semeai`]: capturing races between two dragons (analyze_semeai).
//! - [`combination`]: combination attacks (atari_atari): threat sequences that win a string.
//! - [`solve`]: proved life and death of enclosed dragons (df-pn; solve_life, decide_life).
//! - [`engine`]: the engine state (game, readers, caches, settings), the move generator and
//!   the life-and-death questions that combine readers.
//! - [`gtp`]: the GTP server (the only protocol code; nothing depends on it).
#![warn(missing_docs)]

pub mod board;
pub mod game;
pub mod gtp;
pub mod reading;

pub mod connect;

pub mod analysis;

pub mod eyes;

pub mod owl;

pub mod combination;
pub mod semeai;
pub mod solve;

pub mod engine;

#[cfg(test)]
mod cache_replay_tests;
