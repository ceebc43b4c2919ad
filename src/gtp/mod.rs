//! The GTP server: reads commands, runs them against the engine state and
//! writes framed responses. The only protocol code in the crate.
//!
//! GNU Go counterpart: `interface/gtp.c` (`gtp_main_loop`) and
//! `interface/play_gtp.c` (the command table and handlers). Start reading at
//! [`serve`]; the command table is [`commands::COMMANDS`]; handlers live in
//! [`handlers`] grouped by purpose.
//!
//! Flow of one line: bytes ([`parse::preprocess`]) -> `(id, command, args)`
//! ([`parse::parse_line`]) -> table lookup -> handler (which resolves its
//! arguments against the engine state and runs) -> [`response::write_response`].
//! Bad input of any kind produces a `?` response; the engine state is only
//! changed by handlers that succeed.

pub mod commands;
pub mod handlers;
pub mod input;
pub mod parse;
pub mod response;
pub mod vertex;

#[cfg(test)]
mod tests;

use crate::board::{Color, Point};
pub use crate::engine::{Engine, EngineConfig};
use input::{BufLines, LineSource};
use response::{GtpError, Reply};
use std::io::{self, BufRead, Write};

/// The protocol side of the engine: argument parsing against its
/// position, and the command table.
impl Engine {
    /// Refuse commands that change or evaluate the real position while a
    /// trymove stack is open.
    pub fn require_no_stack(&self, cmd: &str) -> Result<(), GtpError> {
        if self.board().depth() > 0 {
            Err(GtpError::StackOpen(cmd.to_string()))
        } else {
            Ok(())
        }
    }

    /// Parse a colour argument.
    pub fn color_arg(&self, args: &[&str], i: usize) -> Result<Color, GtpError> {
        args.get(i)
            .and_then(|s| vertex::parse_color(s))
            .ok_or(GtpError::InvalidColor)
    }

    /// Parse a vertex argument that must be a point on this board.
    pub fn point_arg(&self, args: &[&str], i: usize) -> Result<Point, GtpError> {
        args.get(i)
            .and_then(|s| vertex::parse_point(s, self.size()))
            .ok_or(GtpError::InvalidCoordinate)
    }

    /// Parse a vertex argument that must hold a stone.
    pub fn stone_arg(&self, args: &[&str], i: usize) -> Result<Point, GtpError> {
        let p = self.point_arg(args, i)?;
        if self.board().is_empty(p) {
            Err(GtpError::VertexMustNotBeEmpty)
        } else {
            Ok(p)
        }
    }

    /// A point as GTP text on this board.
    pub fn fmt_point(&self, p: Point) -> String {
        vertex::format_point(p, self.size())
    }

    /// Run one command: look it up in the table and call its handler.
    pub fn execute(&mut self, name: &str, args: &[&str]) -> Reply {
        match commands::find(name) {
            Some(spec) => (spec.handler)(self, args),
            None => Err(GtpError::UnknownCommand),
        }
    }
}

/// Serve GTP on `input`/`output` with a default engine until `quit` or end
/// of input.
pub fn serve(input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut engine = Engine::default();
    serve_engine(&mut engine, input, output)
}

/// Serve GTP with the given engine until `quit` or end of input, reading
/// lines on demand from a buffered reader (in-memory input: tests,
/// scripts). Lines are read as bytes: binary garbage is answered with an
/// error like any other bad command. Analysis streams answer one round.
pub fn serve_engine(
    engine: &mut Engine,
    input: impl BufRead,
    output: impl Write,
) -> io::Result<()> {
    serve_lines(engine, &mut BufLines(input), output)
}

/// Serve GTP with the given engine and line source until `quit` or end of
/// input. Each command runs with the interrupt flag lowered; a command
/// that was interrupted still gets its answer, and then every cache is
/// cleared, since reads cut short may have stored wrong results.
pub fn serve_lines(
    engine: &mut Engine,
    lines: &mut dyn LineSource,
    mut output: impl Write,
) -> io::Result<()> {
    while let Some(raw) = lines.next_line()? {
        // A comment or blank line gets no answer, however long it is.
        let Some(text) = parse::preprocess(&raw.bytes) else {
            continue;
        };
        let cmd = match parse::parse_line(&text) {
            parse::Parsed::Nothing => continue,
            parse::Parsed::Command(cmd) => cmd,
        };
        if raw.too_long {
            let err = GtpError::msg(format!(
                "line too long (more than {} bytes)",
                input::MAX_LINE_BYTES
            ));
            response::write_response(&mut output, cmd.id, &Err(err))?;
            continue;
        }
        log::debug!("gtp < {text}");
        engine.lower_interrupt();
        if handlers::analyze::STREAMING.contains(&cmd.name) {
            handlers::analyze::stream(engine, cmd.id, &cmd.args, lines, &mut output)?;
        } else {
            let reply = engine.execute(cmd.name, &cmd.args);
            response::write_response(&mut output, cmd.id, &reply)?;
        }
        if engine.take_interrupt() {
            log::info!("{} interrupted: reading caches cleared", cmd.name);
            engine.clear_caches();
        }
        if engine.quit {
            return Ok(());
        }
    }
    Ok(())
}
