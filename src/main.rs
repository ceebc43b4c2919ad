//! The `tesuji` binary: a thin shell that speaks GTP on stdin/stdout.
//!
//! GTP is the default (and only) mode; `--mode gtp` and `--quiet` are
//! accepted and ignored so GNU Go command lines work unchanged. The reading
//! options set the reader's depths, hash size and komaster scheme; the ko
//! options (GNU Go's names) set the game's ko rule. Diagnostics go to stderr
//! through `log`: warnings by default, `RUST_LOG=debug` for more.

use clap::Parser;
use tesuji::game::KoRule;
use tesuji::gtp::input::ChannelLines;
use tesuji::gtp::{serve_lines, Engine, EngineConfig};
use tesuji::owl::ordering::MoveOrdering;
use tesuji::owl::OwlConfig;
use tesuji::reading::ko::KomasterScheme;
use tesuji::reading::ReadingConfig;
use tesuji::semeai::SemeaiConfig;
use tesuji::solve::LifeConfig;

/// The allocator of the engine binary (see Cargo.toml: the owl and the
/// exact solver allocate small lists at every node).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    /// Komaster scheme of the tactical reader: 1, 2, 3 (the GNU Go manual's
    /// alternatives) or 5 (GNU Go 3.8's).
    #[arg(long = "komaster-scheme", value_name = "N", default_value_t = 5,
          value_parser = parse_scheme)]
    komaster_scheme: u8,
    /// Ko rule of the game: an immediate ko recapture is illegal (default).
    #[arg(long = "simple-ko", group = "ko_rule")]
    simple_ko: bool,
    /// Ko rule of the game: ko recaptures are always legal.
    #[arg(long = "no-ko", group = "ko_rule")]
    no_ko: bool,
    /// Ko rule of the game: no move may repeat an earlier position.
    #[arg(long = "positional-superko", group = "ko_rule")]
    positional_superko: bool,
    /// Ko rule of the game: no move may repeat an earlier position with the
    /// same player to move.
    #[arg(long = "situational-superko", group = "ko_rule")]
    situational_superko: bool,
    /// Random seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Positions one owl question may evaluate (GNU Go `--owl-node-limit`).
    #[arg(long = "owl-node-limit", value_name = "N")]
    owl_node_limit: Option<u64>,
    /// Deepest line the owl reads (GNU Go `--owl-reading`).
    #[arg(long = "owl-reading-depth", value_name = "N")]
    owl_reading_depth: Option<usize>,
    /// Depth beyond which the owl tries one move per node (GNU Go `--owl-branch`).
    #[arg(long = "owl-branch-depth", value_name = "N")]
    owl_branch_depth: Option<usize>,
    /// Positions the exact solver may expand to refute a move the owl
    /// finds winning at the root, where the dragon is then enclosed
    /// (0: never).
    #[arg(long = "owl-exact-check", value_name = "N")]
    owl_exact_check: Option<u64>,
    /// The order the owl tries its candidates in: `rules` (the move
    /// rules' values) or `learned` (those values corrected by weights
    /// fitted on held-out game positions; see `owl::ordering`).
    #[arg(long = "owl-ordering", value_name = "ORDER", value_parser = str::parse::<MoveOrdering>)]
    owl_ordering: Option<MoveOrdering>,
    /// Owner moves past the root's width that the fresh defence behind
    /// a killing root move of an open dragon also reads (0, the default:
    /// none); more accurate, at some 20% more owl nodes.
    #[arg(long = "owl-afresh-width", value_name = "N")]
    owl_afresh_width: Option<usize>,
    /// Check a save found at a defence's root for a ko where a string
    /// at or beside the dragon is short of liberties (the default; kept
    /// for scripts that name it): a fresh attack after the save; more
    /// accurate ko grades, at some 8% more reading on ld_owl.tst.
    #[arg(long = "owl-ko-check", overrides_with = "no_owl_ko_check")]
    owl_ko_check: bool,
    /// Leave out the ko check of `--owl-ko-check` (GNU Go 3.8's owl has
    /// no such check).
    #[arg(long = "no-owl-ko-check", overrides_with = "owl_ko_check")]
    no_owl_ko_check: bool,
    /// Positions one semeai question may judge (GNU Go `--semeai-node-limit`).
    #[arg(long = "semeai-node-limit", value_name = "N")]
    semeai_node_limit: Option<u64>,
    /// Positions each exact search behind owl_attack / owl_defend may
    /// expand on an enclosed dragon (0: never solve exactly).
    #[arg(long = "life-node-limit", value_name = "N")]
    life_node_limit: Option<u64>,
    /// The most empty points a dragon's region may have, once the gaps
    /// of its walls are closed, for the owl to solve it exactly.
    #[arg(long = "life-gap-region-empty", value_name = "N")]
    life_gap_region_empty: Option<usize>,
}

impl Options {
    fn owl(&self) -> OwlConfig {
        let mut config = OwlConfig::default();
        if let Some(n) = self.owl_node_limit {
            config.node_limit = n;
        }
        if let Some(d) = self.owl_reading_depth {
            config.reading_depth = d;
        }
        if let Some(d) = self.owl_branch_depth {
            config.branch_depth = d;
        }
        if let Some(n) = self.owl_exact_check {
            config.exact_check_budget = n;
        }
        if let Some(o) = self.owl_ordering {
            config.ordering = o;
        }
        if let Some(n) = self.owl_afresh_width {
            config.afresh_width = n;
        }
        config.ko_check = !self.no_owl_ko_check;
        config
    }

    fn semeai(&self) -> SemeaiConfig {
        let mut config = SemeaiConfig::default();
        if let Some(n) = self.semeai_node_limit {
            config.node_limit = n;
        }
        config
    }

    fn life(&self) -> LifeConfig {
        let mut config = LifeConfig::default();
        if let Some(n) = self.life_node_limit {
            config.owl_budget = n;
        }
        if let Some(n) = self.life_gap_region_empty {
            config.gap_region_empty = n;
        }
        config
    }

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
        c.komaster_scheme = KomasterScheme::from_number(self.komaster_scheme).unwrap_or_default();
        c
    }

    fn ko_rule(&self) -> KoRule {
        if self.no_ko {
            KoRule::None
        } else if self.positional_superko {
            KoRule::Positional
        } else if self.situational_superko {
            KoRule::Situational
        } else {
            KoRule::Simple
        }
    }
}

/// `--komaster-scheme`: 1, 2, 3 or 5.
fn parse_scheme(text: &str) -> Result<u8, String> {
    let n: u8 = text
        .parse()
        .map_err(|_| format!("not a scheme number: {text}"))?;
    match KomasterScheme::from_number(n) {
        Some(_) => Ok(n),
        None if n == 4 => Err("scheme 4 is described neither in GNU Go's manual nor in \
             GNU Go 3.8 and is not implemented; choose 1, 2, 3 or 5"
            .into()),
        None => Err("the komaster schemes are 1, 2, 3 and 5".into()),
    }
}

fn main() {
    // Warnings (a game record that breaks the ko rule, an unwritable
    // file) reach stderr unless RUST_LOG says otherwise.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let options = Options::parse();
    if let Some(mode) = options.mode.as_deref() {
        if mode != "gtp" {
            log::warn!("--mode {mode} ignored: GTP is the only mode");
        }
    }
    let mut engine = Engine::new(EngineConfig {
        reading: options.reading(),
        seed: options.seed,
        ko_rule: options.ko_rule(),
        owl: options.owl(),
        semeai: options.semeai(),
        life: options.life(),
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
