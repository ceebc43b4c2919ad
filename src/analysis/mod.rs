//! Static analysis of the current position: facts about its worms
//! (strings) and dragons that owl, eye spaces and scoring build on, and
//! the move generator's whole-board evaluation (a territory estimate and
//! the break-ins into the opponent's territory).
//!
//! GNU Go counterpart: `engine/worm.c` (per-string facts), the
//! amalgamation of `engine/dragon.c`, and the evaluation that `genmove`
//! runs before choosing a move (`engine/influence.c` for territory,
//! `engine/breakin.c` for break-ins). Depends on `board`, `reading` and
//! `connect` (the readers are passed in; analysis owns no reader);
//! nothing below `gtp` depends on it.

pub mod breakin;
pub mod dragon;
pub mod status;
pub mod territory;
pub mod worm;

#[cfg(test)]
pub(crate) mod tests;
