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
pub mod genmove;
pub mod handlers;
pub mod input;
pub mod parse;
pub mod response;
pub mod vertex;

#[cfg(test)]
mod tests;

use crate::analysis::dragon::Dragons;
use crate::board::{Board, Color, Point};
use crate::connect::ConnectionReader;
use crate::game::{Game, KoRule};
use crate::owl::{OwlConfig, OwlReader};
use crate::reading::{Reader, ReadingConfig};
use crate::semeai::{SemeaiConfig, SemeaiReader};
use crate::solve::{LifeConfig, LifeSolver};
use input::{BufLines, LineSource};
use response::{GtpError, Reply};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Start-up options of the engine (from the command line).
#[derive(Clone, Debug, Default)]
pub struct EngineConfig {
    /// Reading depths and budgets.
    pub reading: ReadingConfig,
    /// Random seed (GNU Go `--seed`; 0 by default).
    pub seed: u64,
    /// Ko rule of the game (`--simple-ko`, `--no-ko`, `--positional-superko`,
    /// `--situational-superko`; `kata-set-rules` changes it).
    pub ko_rule: KoRule,
    /// Limits of owl questions (`--owl-node-limit`, `--owl-reading-depth`,
    /// `--owl-branch-depth`).
    pub owl: OwlConfig,
    /// Limits of semeai questions (`--semeai-node-limit`).
    pub semeai: SemeaiConfig,
    /// Limits of the exact life-and-death solver (`--life-node-limit`).
    pub life: LifeConfig,
}

/// Everything the GTP commands act on: the game, the tactical reader and
/// the engine settings.
#[derive(Debug)]
pub struct Engine {
    /// The game: board, history, komi, handicap.
    pub game: Game,
    /// The tactical reader: configuration, caches and node counters.
    pub reader: Reader,
    /// The connection reader (`connect`, `disconnect`, `break_in`, ...):
    /// budgets, persistent cache, connection node counter. Default budgets.
    pub conn: ConnectionReader,
    /// The dragons of the current position (`same_dragon`,
    /// `dragon_stones`), decided lazily with both readers.
    pub dragons: Dragons,
    /// The owl (`owl_attack`, `owl_defend`, `dragon_status`, ...): limits,
    /// eye solver, owl node counter.
    pub owl: OwlReader,
    /// The semeai reader (`analyze_semeai`): limits, eye solver, node
    /// counter.
    pub semeai: SemeaiReader,
    /// The exact solver of enclosed dragons (`solve_life`, `decide_life`,
    /// and `owl_attack` / `owl_defend` where it proves the answer).
    pub solver: LifeSolver,
    /// `report_uncertainty on`: owl answers that met a limit say so.
    pub report_uncertainty: bool,
    /// True between `start_sgftrace` and `finish_sgftrace`: the reader's
    /// tracer belongs to that recording, not to `decide_string`.
    pub sgftrace: bool,
    /// The random seed (`set_random_seed`).
    pub seed: u64,
    /// Set by `quit`: the server stops after answering.
    pub quit: bool,
    /// Main time and byo-yomi as given by `time_settings` (seconds, stones).
    pub time_settings: (i64, i64, i64),
    /// The last eye analysis (`eval_eye`, `eye_data`, `half_eye_data`),
    /// reused while the position and the reading depths are unchanged.
    pub eye_cache: Option<handlers::eyes::EyeCache>,
    /// Raised by the input thread on GoGui's `# interrupt`; shared with
    /// the reader, whose reads stop while it is up.
    interrupt: Arc<AtomicBool>,
    started: Instant,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(EngineConfig::default())
    }
}

impl Engine {
    /// A new engine on an empty 19x19 board.
    pub fn new(config: EngineConfig) -> Engine {
        let interrupt = Arc::new(AtomicBool::new(false));
        let mut reader = Reader::new(config.reading);
        reader.set_interrupt(interrupt.clone());
        let mut game = Game::new(19);
        game.set_ko_rule(config.ko_rule);
        Engine {
            game,
            reader,
            conn: ConnectionReader::default(),
            dragons: Dragons::default(),
            owl: OwlReader::new(config.owl),
            semeai: SemeaiReader::new(config.semeai),
            solver: LifeSolver::new(config.life),
            report_uncertainty: false,
            sgftrace: false,
            seed: config.seed,
            quit: false,
            time_settings: (0, 0, 0),
            eye_cache: None,
            interrupt,
            started: Instant::now(),
        }
    }

    /// The interrupt flag, for the input thread to raise (see
    /// [`input::ChannelLines`]).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// The board (read-only).
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// Board size.
    pub fn size(&self) -> usize {
        self.game.size()
    }

    /// Refuse commands that change or evaluate the real position while a
    /// trymove stack is open.
    pub fn require_no_stack(&self, cmd: &str) -> Result<(), GtpError> {
        if self.board().depth() > 0 {
            Err(GtpError::StackOpen(cmd.to_string()))
        } else {
            Ok(())
        }
    }

    /// Called after every change of the real position (play, undo, loadsgf,
    /// clear_board, boardsize, handicap): lets the tactical and the
    /// connection reader drop persistent cache entries the change
    /// invalidated.
    pub fn position_changed(&mut self) {
        self.reader.purge_persistent(self.game.board());
        self.conn.purge_persistent_against(self.game.board());
    }

    /// Forget every cached reading result, tactical and connection
    /// (GTP `clear_cache`).
    pub fn clear_caches(&mut self) {
        self.reader.clear_cache();
        self.conn.clear_cache();
        self.dragons.clear();
        self.owl.clear_cache();
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

    /// Seconds since the engine started (wall clock), the fallback of `cputime`.
    pub fn wall_seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
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
        engine.interrupt.store(false, Ordering::Relaxed);
        if handlers::analyze::STREAMING.contains(&cmd.name) {
            handlers::analyze::stream(engine, cmd.id, &cmd.args, lines, &mut output)?;
        } else {
            let reply = engine.execute(cmd.name, &cmd.args);
            response::write_response(&mut output, cmd.id, &reply)?;
        }
        if engine.interrupt.swap(false, Ordering::Relaxed) {
            log::info!("{} interrupted: reading caches cleared", cmd.name);
            engine.clear_caches();
        }
        if engine.quit {
            return Ok(());
        }
    }
    Ok(())
}
