//! Tesuji: a Go engine speaking GTP whose heart is a tactical reader in the
//! tradition of GNU Go 3.8.
//!
//! Reading order (dependency order, lowest first):
//! - [`board`]: the position, chains, legality, undo journal, Zobrist hash.
//! - [`reading`]: tactical reading (attack, find_defense, ko, hash table).
#![warn(missing_docs)]

pub mod board;
pub mod reading;
