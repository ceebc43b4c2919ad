//! Static analysis of the current position for the move generator:
//! a territory estimate and the break-ins into the opponent's territory.
//!
//! GNU Go counterpart: the whole-board evaluation that `genmove` runs
//! before choosing a move (`engine/influence.c` for territory,
//! `engine/breakin.c` for break-ins). Depends on `board`, `reading` and
//! `connect`; nothing below `gtp` depends on it.

pub mod breakin;
pub mod status;
pub mod territory;

#[cfg(test)]
pub(crate) mod tests;
