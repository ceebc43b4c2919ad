//! Protocol and session commands: `protocol_version`, `name`, `version`,
//! `echo`, `echo_err`, `known_command`, `list_commands`, `quit`, `cputime`,
//! random seed, time settings and the GoGui analyze menu.
//!
//! GNU Go counterpart: `gtp_protocol_version`, `gtp_name`, `gtp_version`,
//! `gtp_echo`, `gtp_echo_err`,
//! `gtp_known_command`, `gtp_list_commands`, `gtp_quit`, `gtp_cputime`,
//! `gtp_set_random_seed`, `gtp_time_settings`, `gtp_time_left` in
//! `interface/play_gtp.c`.

use crate::engine::Engine;
use crate::gtp::commands::{find, COMMANDS};
use crate::gtp::parse::scan_int;
use crate::gtp::response::{GtpError, Reply};

/// `protocol_version`: always 2.
pub fn protocol_version(_: &mut Engine, _: &[&str]) -> Reply {
    Ok("2".into())
}

/// `name`.
pub fn name(_: &mut Engine, _: &[&str]) -> Reply {
    Ok("Tesuji".into())
}

/// `version`: the crate version.
pub fn version(_: &mut Engine, _: &[&str]) -> Reply {
    Ok(env!("CARGO_PKG_VERSION").into())
}

/// `echo ARGS`: the arguments back, one space between them (GNU Go
/// `echo`, which also sends back the line's newline; a script can use it
/// to mark its place in the answers).
pub fn echo(_: &mut Engine, args: &[&str]) -> Reply {
    Ok(args.join(" "))
}

/// `echo_err ARGS`: [`echo`], the line written to stderr as well (GNU Go
/// `echo_err`: a mark in the engine's log).
pub fn echo_err(_: &mut Engine, args: &[&str]) -> Reply {
    let line = args.join(" ");
    eprintln!("{line}");
    Ok(line)
}

/// `known_command NAME`: `true` when the table has it (no argument: `false`).
pub fn known_command(_: &mut Engine, args: &[&str]) -> Reply {
    let known = args.first().is_some_and(|n| find(n).is_some());
    Ok(if known { "true" } else { "false" }.into())
}

/// `list_commands`: the table, one name per line.
pub fn list_commands(_: &mut Engine, _: &[&str]) -> Reply {
    Ok(COMMANDS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `help [COMMAND]`: without argument the command list, as GNU Go's
/// `help` alias of `list_commands` (GTP v1 clients send it); with a
/// command name, the one-line description from the command table.
pub fn help(engine: &mut Engine, args: &[&str]) -> Reply {
    match args.first() {
        None => list_commands(engine, args),
        Some(name) => match find(name) {
            Some(spec) => Ok(format!("{}: {}", spec.name, spec.doc)),
            None => Err(GtpError::UnknownCommand),
        },
    }
}

/// `quit`: answer, then the server stops.
pub fn quit(engine: &mut Engine, _: &[&str]) -> Reply {
    engine.quit = true;
    Ok(String::new())
}

/// `cputime`: user + system CPU seconds of the process, all threads
/// (`%.3f`): from the process CPU clock where the system has one (to the
/// nanosecond), else from `/proc/self/stat` (to 1/100 s), else wall-clock
/// seconds.
pub fn cputime(engine: &mut Engine, _: &[&str]) -> Reply {
    let secs = process_cpu_clock()
        .or_else(process_cpu_seconds)
        .unwrap_or_else(|| engine.wall_seconds());
    Ok(format!("{secs:.3}"))
}

/// The process CPU clock (`CLOCK_PROCESS_CPUTIME_ID`: user + system time
/// of every thread). Benchmarks read `cputime` before and after blocks of
/// a fraction of a second, where ticks of 1/100 s are too coarse.
#[cfg(unix)]
fn process_cpu_clock() -> Option<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

#[cfg(not(unix))]
fn process_cpu_clock() -> Option<f64> {
    None
}

/// CPU time from `/proc/self/stat` (fields 14 and 15, in clock ticks of
/// 1/100 s, the Linux USER_HZ).
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3, so fields 14 and 15 are at 11 and 12.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) as f64 / 100.0)
}

/// `set_random_seed N`.
pub fn set_random_seed(engine: &mut Engine, args: &[&str]) -> Reply {
    let seed = args
        .first()
        .and_then(|s| scan_int(s))
        .ok_or_else(|| GtpError::msg("invalid seed"))?;
    // GNU Go takes an int; keep the bit pattern of negative seeds.
    engine.seed = seed as u64;
    Ok(String::new())
}

/// `get_random_seed`.
pub fn get_random_seed(engine: &mut Engine, _: &[&str]) -> Reply {
    Ok((engine.seed as i64).to_string())
}

/// `time_settings MAIN BYO_YOMI STONES`: recorded, not used by the interim
/// move generator.
pub fn time_settings(engine: &mut Engine, args: &[&str]) -> Reply {
    let nums: Vec<Option<i64>> = args.iter().take(3).map(|s| time_int(s)).collect();
    match nums[..] {
        [Some(main), Some(byo), Some(stones)] => {
            engine.time_settings = (main, byo, stones);
            Ok(String::new())
        }
        _ => Err(GtpError::msg("not three non-negative integers")),
    }
}

/// `time_left COLOR TIME STONES`: accepted and ignored.
pub fn time_left(engine: &mut Engine, args: &[&str]) -> Reply {
    engine.color_arg(args, 0)?;
    let nums: Vec<Option<i64>> = args.iter().skip(1).take(2).map(|s| time_int(s)).collect();
    match nums[..] {
        [Some(_), Some(_)] => Ok(String::new()),
        _ => Err(GtpError::msg(
            "time and stones not two non-negative integers",
        )),
    }
}

/// A time-control argument: GTP's time commands take whole non-negative
/// integers (seconds, stones), so `1.5` or `-3` is an error, not `1`.
fn time_int(s: &str) -> Option<i64> {
    s.parse::<i64>().ok().filter(|&n| n >= 0)
}

/// The GoGui analyze menu (`type/label/command` per line): GNU Go's own
/// entries for the commands implemented here (GoGui's built-in list for
/// GNU Go), then the entries for commands GNU Go lacks (`decide_string`,
/// `decide_owl`, `decide_connection`, `is_connected`,
/// `tesuji-tactical_status`).
const ANALYZE_COMMANDS: &[&str] = &[
    "varpo/Attack/attack %p",
    "varp/Defend/defend %p",
    "varpo/Ladder Attack/ladder_attack %p",
    "string/Does Attack/does_attack %P",
    "string/Does Defend/does_defend %P",
    "string/Attack Either/attack_either %P",
    "string/Defend Both/defend_both %P",
    "hpstring/Decide String/decide_string %p",
    "hpstring/Decide String To SGF/decide_string %p %w",
    "gfx/Tactical Status/tesuji-tactical_status",
    "gfx/Territory Estimate/tesuji-territory",
    "gfx/Final Status/tesuji-final_status",
    "gfx/Dragon Status/tesuji-dragon_status",
    "varpo/Owl Attack/owl_attack %p",
    "varp/Owl Defend/owl_defend %p",
    "hpstring/Decide Owl/decide_owl %p",
    "hpstring/Decide Owl To SGF/decide_owl %p %w",
    "string/Owl Substantial/owl_substantial %p",
    "string/Dragon Status/dragon_status %p",
    "string/Solve Life/solve_life %p",
    "gfx/Solve Life Overlay/tesuji-solve_life %p",
    "hpstring/Decide Life To SGF/decide_life %p %w",
    "pstring/Analyze Semeai/analyze_semeai %P",
    "varc/Combination Attack/combination_attack %c",
    "plist/Combination Defend/combination_defend %c",
    "string/Owl Nodes/get_owl_node_counter",
    "none/Reset Owl Nodes/reset_owl_node_counter",
    "hpstring/Worm Data/worm_data %p",
    "varp/Connect/connect %P",
    "varpo/Disconnect/disconnect %P",
    "string/Is Connected/is_connected %P",
    "hpstring/Decide Connection/decide_connection %P",
    "pstring/Break In/break_in %P",
    "pstring/Block Off/block_off %P",
    "string/Same Dragon/same_dragon %P",
    "plist/Dragon Stones/dragon_stones %p",
    "hpstring/Dragon Data/dragon_data %p",
    "pstring/Eval Eye/eval_eye %p",
    "gfx/Eye Spaces/tesuji-eyes",
    "string/Connection Nodes/get_connection_node_counter",
    "none/Reset Connection Nodes/reset_connection_node_counter",
    "none/Start SgfTrace/start_sgftrace",
    "none/Finish SgfTrace/finish_sgftrace %w",
    "plist/FindLib/findlib %p",
    "string/CountLib/countlib %p",
    "plist/All Legal/all_legal %c",
    "plist/Worm Stones/worm_stones %p",
    "string/Final Score/final_score",
    "string/Estimate Score/estimate_score",
    "plist/Final Status Dead/final_status_list dead",
    "string/Reading Nodes/get_reading_node_counter",
    "none/Reset Reading Nodes/reset_reading_node_counter",
    "none/Increase Depths/increase_depths",
    "none/Decrease Depths/decrease_depths",
    "none/Clear Cache/clear_cache",
    "string/Showboard/showboard",
];

/// `gogui-interrupt`: GoGui sends it once to learn that the engine
/// understands the comment line `# interrupt` written while a command
/// runs (the input thread raises the interrupt flag, see
/// [`crate::gtp::input`]). The command itself only answers success.
pub fn gogui_interrupt(_: &mut Engine, _: &[&str]) -> Reply {
    Ok(String::new())
}

/// `gogui-analyze_commands`.
pub fn gogui_analyze_commands(_: &mut Engine, _: &[&str]) -> Reply {
    Ok(ANALYZE_COMMANDS.join("\n"))
}
