//! The engine: the game and every reader, cache and setting that analysis
//! and the GTP commands act on, with the move generator ([`genmove`]) and
//! the life-and-death questions that combine several readers ([`life`]),
//! and the score estimate ([`score`]).
//! The protocol layer (`gtp/`) parses, resolves arguments, calls in here
//! and formats; nothing here knows about GTP.
//!
//! GNU Go counterpart: the global engine state of `engine/globals.c` and
//! `engine/board.c` (board, readers' caches, options), `engine/genmove.c`
//! (move generation), and the owl entry points of `engine/owl.c` that
//! `interface/play_gtp.c` calls.

pub mod genmove;
pub mod life;
pub mod score;

use crate::analysis::dragon::{Dragon, Dragons};
use crate::analysis::Readers;
use crate::board::{Board, Color, Point};
use crate::connect::ConnectionReader;
use crate::eyes::space::EyeAnalysis;
use crate::game::{Game, KoRule};
use crate::owl::{OwlConfig, OwlReader};
use crate::reading::{Reader, ReadingConfig};
use crate::semeai::{SemeaiConfig, SemeaiReader};
use crate::solve::{LifeConfig, LifeSolver};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// An eye analysis and what it was computed for (the last one of
/// `eval_eye`, `eye_data`, `half_eye_data`, `dragon_data`).
#[derive(Debug)]
pub struct EyeCache {
    /// The position analysed.
    pub board: Board,
    /// The reading depths it was analysed with.
    pub config: ReadingConfig,
    /// The analysis.
    pub analysis: EyeAnalysis,
}

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
    /// The owl's answers in the current position (its persistent cache).
    pub owl_answers: life::OwlAnswers,
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
    pub eye_cache: Option<EyeCache>,
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
            owl_answers: life::OwlAnswers::default(),
            semeai: SemeaiReader::new(config.semeai).with_life(config.life),
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
    /// `gtp::input::ChannelLines`).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// The board (read-only).
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The real board with the two readers, lent to analysis, and the
    /// dragons beside them (their methods take the readers).
    pub fn readers(&mut self) -> (Readers<'_>, &mut Dragons) {
        let readers = Readers::new(self.game.board_mut(), &mut self.reader, &mut self.conn);
        (readers, &mut self.dragons)
    }

    /// Every dragon of the real position (of `color`, or of both colours):
    /// [`Dragons::all_dragons`].
    pub fn all_dragons(&mut self, color: Option<Color>) -> Vec<Dragon> {
        let (mut rd, dragons) = self.readers();
        dragons.all_dragons(&mut rd, color)
    }

    /// The stones of the dragon of the stone at `s`, in board order (empty
    /// for an empty point): [`Dragons::dragon_stones`].
    pub fn dragon_stones(&mut self, s: Point) -> Vec<Point> {
        let (mut rd, dragons) = self.readers();
        dragons.dragon_stones(&mut rd, s)
    }

    /// Board size.
    pub fn size(&self) -> usize {
        self.game.size()
    }

    /// Called after every change of the real position (play, undo, loadsgf,
    /// clear_board, boardsize, handicap): lets the tactical and the
    /// connection reader drop persistent cache entries the change
    /// invalidated, and empties the owl's answers and judgements.
    pub fn position_changed(&mut self) {
        self.reader.purge_persistent(self.game.board());
        self.conn.purge_persistent_against(self.game.board());
        self.owl.clear_cache();
        self.semeai.clear_cache();
        self.owl_answers.clear();
    }

    /// Forget every cached reading result, tactical, connection and owl
    /// (GTP `clear_cache`).
    pub fn clear_caches(&mut self) {
        self.reader.clear_cache();
        self.conn.clear_cache();
        self.dragons.clear();
        self.owl.clear_cache();
        self.semeai.clear_cache();
        self.owl_answers.clear();
    }

    /// Seconds since the engine started (wall clock), the fallback of `cputime`.
    pub fn wall_seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Lower the interrupt flag (before each command).
    pub fn lower_interrupt(&self) {
        self.interrupt.store(false, Ordering::Relaxed);
    }

    /// Was the last command interrupted? Lowers the flag.
    pub fn take_interrupt(&self) -> bool {
        self.interrupt.swap(false, Ordering::Relaxed)
    }

    /// Is the interrupt flag up (a read in progress should stop)?
    pub fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }
}
