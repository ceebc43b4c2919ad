//! The `tesuji` binary: a thin shell that speaks GTP on stdin/stdout.
//!
//! GTP is the default (and only) mode; `--mode gtp` and `--quiet` are
//! accepted and ignored so GNU Go command lines work unchanged. The reading
//! options set the reader's depths and hash size. Diagnostics go to stderr
//! through `log` (`RUST_LOG=debug` to see them).

use clap::Parser;
use tesuji::gtp::input::ChannelLines;
use tesuji::gtp::{serve_lines, Engine, EngineConfig};
use tesuji::reading::ReadingConfig;

/// Command-line options.
#[derive(Parser, Debug)]
#[command(
    name = "tesuji",
    version,
    about = "A Go engine speaking GTP on stdin/stdout"
)]
struct Options {
    /// Accepted for GNU Go compatibility; GTP is the only mode.
    #[arg(long, value_name = "MODE")]
    mode: Option<String>,
    /// Accepted for GNU Go compatibility; stdout carries GTP only anyway.
    #[arg(long)]
    quiet: bool,
    /// Reading depth: past it a string with three liberties counts as alive.
    #[arg(short = 'D', long)]
    depth: Option<i32>,
    /// Branching depth: past it only one candidate is tried.
    #[arg(short = 'B', long = "branch-depth")]
    branch_depth: Option<i32>,
    /// Backfill depth: past it backfilling moves are not tried.
    #[arg(short = 'F', long = "backfill-depth")]
    backfill_depth: Option<i32>,
    /// Ko depth: past it ko captures are not tried.
    #[arg(short = 'K', long = "ko-depth")]
    ko_depth: Option<i32>,
    /// Four-liberty depth: past it a string with four liberties counts as alive.
    #[arg(long = "fourlib-depth")]
    fourlib_depth: Option<i32>,
    /// Memory for the reading hash table, in megabytes.
    #[arg(short = 'M', long = "memory", value_name = "MB")]
    memory: Option<usize>,
    /// Disable the reading hash table.
    #[arg(long = "no-hash")]
    no_hash: bool,
    /// Random seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl Options {
    fn reading(&self) -> ReadingConfig {
        let mut c = ReadingConfig::default();
        if let Some(d) = self.depth {
            c.depth = d;
        }
        if let Some(d) = self.branch_depth {
            c.branch_depth = d;
        }
        if let Some(d) = self.backfill_depth {
            c.backfill_depth = d;
        }
        if let Some(d) = self.ko_depth {
            c.ko_depth = d;
        }
        if let Some(d) = self.fourlib_depth {
            c.fourlib_depth = d;
        }
        if let Some(mb) = self.memory {
            c.hash_mb = mb;
        }
        if self.no_hash {
            c.hash_mb = 0;
        }
        c
    }
}

fn main() {
    env_logger::init();
    let options = Options::parse();
    if let Some(mode) = options.mode.as_deref() {
        if mode != "gtp" {
            log::warn!("--mode {mode} ignored: GTP is the only mode");
        }
    }
    let mut engine = Engine::new(EngineConfig {
        reading: options.reading(),
        seed: options.seed,
    });
    // The reader recurses once per hypothetical move; the deepest reads of
    // the regression suites need a few MB of stack, more than a default
    // thread guarantees, so the server runs on a thread with ample room
    // (reserved address space; only the pages used are committed).
    let server = std::thread::Builder::new()
        .name("gtp".into())
        .stack_size(SERVER_STACK_BYTES)
        .spawn(move || {
            // stdin is read on a thread of its own so that a running
            // command can see input arrive (GoGui's `# interrupt`, the end
            // of an `lz-analyze` stream).
            let stdin = std::io::BufReader::new(std::io::stdin());
            let mut lines = ChannelLines::spawn(stdin, engine.interrupt_flag())?;
            let stdout = std::io::stdout();
            serve_lines(&mut engine, &mut lines, stdout.lock())
        });
    let outcome = match server {
        Ok(handle) => handle.join(),
        Err(e) => {
            log::error!("cannot start the GTP thread: {e}");
            std::process::exit(1);
        }
    };
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            log::error!("GTP I/O error: {e}");
            std::process::exit(1);
        }
        Err(_) => std::process::exit(101),
    }
}

/// Stack of the GTP server thread.
const SERVER_STACK_BYTES: usize = 256 << 20;
