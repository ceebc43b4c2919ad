//! Static analysis of the current position: facts about its worms
//! (strings) and dragons that owl, eye spaces and scoring build on, and
//! the move generator's whole-board evaluation (a territory estimate and
//! the break-ins into the opponent's territory).
//!
//! GNU Go counterpart: `engine/worm.c` (per-string facts), the
//! amalgamation of `engine/dragon.c`, and the evaluation that `genmove`
//! runs before choosing a move (`engine/influence.c` for territory,
//! `engine/breakin.c` for break-ins). Depends on `board`, `reading` and
//! `connect` (the readers are passed in, as one [`Readers`] context;
//! analysis owns no reader); nothing below `gtp` depends on it.

pub mod breakin;
pub mod dragon;
pub mod status;
pub mod territory;
pub mod worm;

#[cfg(test)]
pub(crate) mod tests;

use crate::board::Board;
use crate::connect::ConnectionReader;
use crate::reading::Reader;

/// The position and the two readers that analysis asks about it: what
/// analysis functions (dragons, break-ins, final status, dragon records)
/// receive instead of loose `board, reader, conn` arguments. The engine
/// lends its parts ([`crate::engine::Engine::readers`]); tests build one
/// from their own. Analysis leaves the board as it found it.
#[derive(Debug)]
pub struct Readers<'a> {
    /// The position (hypothetical moves are played and taken back).
    pub board: &'a mut Board,
    /// The tactical reader.
    pub reader: &'a mut Reader,
    /// The connection reader.
    pub conn: &'a mut ConnectionReader,
}

impl<'a> Readers<'a> {
    /// A context over a board and its two readers.
    pub fn new(
        board: &'a mut Board,
        reader: &'a mut Reader,
        conn: &'a mut ConnectionReader,
    ) -> Readers<'a> {
        Readers {
            board,
            reader,
            conn,
        }
    }
}
