//! Life-and-death commands: `unconditional_status`.
//!
//! GNU Go counterpart: `gtp_unconditional_status` of
//! `interface/play_gtp.c`, which prints the worm field
//! `unconditional_status` computed by `make_worms` (`engine/worm.c`,
//! `engine/unconditional.c`). Here the analysis is
//! [`crate::eyes::unconditional`], run on the position as it stands, also
//! inside an open `trymove` stack (GNU Go aborts on an assertion there);
//! the stack is left as it was.

use crate::engine::Engine;
use crate::eyes::unconditional::{self, UnconditionalStatus};
use crate::gtp::response::Reply;

/// The word `unconditional_status` answers for a status (GNU Go's
/// `status_to_string`, with `undecided` for nothing proven).
pub fn status_word(status: UnconditionalStatus) -> &'static str {
    match status {
        UnconditionalStatus::Undecided => "undecided",
        UnconditionalStatus::Alive => "alive",
        UnconditionalStatus::Dead => "dead",
        UnconditionalStatus::WhiteTerritory => "white_territory",
        UnconditionalStatus::BlackTerritory => "black_territory",
    }
}

/// `unconditional_status VERTEX`: `alive` or `dead` for a stone whose fate
/// no sequence of moves can change, `white_territory` or
/// `black_territory` for an empty point one side keeps whatever happens,
/// else `undecided`. A missing or bad vertex fails with `invalid
/// coordinate`, as in GNU Go.
pub fn unconditional_status(engine: &mut Engine, args: &[&str]) -> Reply {
    let p = engine.point_arg(args, 0)?;
    let map = unconditional::unconditional_status(engine.game.board_mut());
    Ok(status_word(map.status(p)).into())
}
