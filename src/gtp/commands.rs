//! The command table: the single source of truth for dispatch,
//! `list_commands` and `known_command`.
//!
//! GNU Go counterpart: the `commands[]` array of `interface/play_gtp.c`.
//! To add a command, add a row here (kept in alphabetical order, which is
//! also the `list_commands` order) and its handler in [`super::handlers`].

use super::handlers::{
    analyze, combination, connect, debug, dragon, eyes, info, life, owl, rules, semeai, setup,
    solve, tactics, worm,
};
use super::response::Reply;
use super::Engine;

/// A command handler: engine state and the arguments after the command word.
pub type Handler = fn(&mut Engine, &[&str]) -> Reply;

/// One row of the command table.
#[derive(Clone, Copy)]
pub struct CommandSpec {
    /// The command word (case-sensitive).
    pub name: &'static str,
    /// The function that runs it.
    pub handler: Handler,
    /// One line saying what it does.
    pub doc: &'static str,
}

macro_rules! cmd {
    ($name:literal, $handler:path, $doc:literal) => {
        CommandSpec {
            name: $name,
            handler: $handler,
            doc: $doc,
        }
    };
}

/// Every command the engine understands, in alphabetical order.
pub const COMMANDS: &[CommandSpec] = &[
    cmd!("all_legal", debug::all_legal, "all legal moves of a colour"),
    cmd!(
        "analyze",
        analyze::analyze,
        "stream candidate moves until input arrives (as lz-analyze)"
    ),
    cmd!(
        "analyze_semeai",
        semeai::analyze_semeai,
        "capturing race, A's side first: defence code of A, attack code on B, move"
    ),
    cmd!(
        "analyze_semeai_after_move",
        semeai::analyze_semeai_after_move,
        "capturing race after COLOR plays MOVE: codeA codeB move"
    ),
    cmd!(
        "attack",
        tactics::attack,
        "can the string be captured: code [move]"
    ),
    cmd!(
        "attack_either",
        tactics::attack_either,
        "can one of two strings be captured: code"
    ),
    cmd!("black", setup::black, "GTP v1: play a black stone"),
    cmd!(
        "block_off",
        connect::block_off,
        "can a string be kept out of an area: code [move]"
    ),
    cmd!(
        "boardsize",
        setup::boardsize,
        "set the board size and clear the board"
    ),
    cmd!(
        "break_in",
        connect::break_in,
        "can a string break into an area: code [move]"
    ),
    cmd!(
        "captures",
        debug::captures,
        "number of stones captured by a colour"
    ),
    cmd!(
        "clear_board",
        setup::clear_board,
        "empty the board, forget the history"
    ),
    cmd!(
        "clear_cache",
        debug::clear_cache,
        "clear the reading caches"
    ),
    cmd!(
        "color",
        debug::color,
        "colour of a vertex: black, white or empty"
    ),
    cmd!(
        "combination_attack",
        combination::combination_attack,
        "first move of a combination (atari-atari) of a colour, or PASS"
    ),
    cmd!(
        "combination_defend",
        combination::combination_defend,
        "moves stopping every combination of a colour, or PASS"
    ),
    cmd!(
        "connect",
        connect::connect,
        "can two strings be connected: code [move]"
    ),
    cmd!(
        "countlib",
        debug::countlib,
        "number of liberties of a string"
    ),
    cmd!(
        "cputime",
        info::cputime,
        "processor time used by the engine, seconds"
    ),
    cmd!(
        "decide_connection",
        connect::decide_connection,
        "connect and disconnect report, optionally traced to an SGF file"
    ),
    cmd!(
        "decide_life",
        solve::decide_life,
        "proved status of an enclosed dragon, proof trees optionally written to an SGF file"
    ),
    cmd!(
        "decide_owl",
        owl::decide_owl,
        "owl attack and defence report, optionally traced to an SGF file"
    ),
    cmd!(
        "decide_string",
        tactics::decide_string,
        "attack and defence report, optionally traced to an SGF file"
    ),
    cmd!(
        "decrease_depths",
        tactics::decrease_depths,
        "decrease every reading depth by one"
    ),
    cmd!(
        "defend",
        tactics::defend,
        "can the string be saved: code [move]"
    ),
    cmd!(
        "defend_both",
        tactics::defend_both,
        "can both strings be saved: code"
    ),
    cmd!(
        "disconnect",
        connect::disconnect,
        "can two strings be kept apart: code [move]"
    ),
    cmd!(
        "does_attack",
        tactics::does_attack,
        "does the move capture the string: code"
    ),
    cmd!(
        "does_defend",
        tactics::does_defend,
        "does the move save the string: code"
    ),
    cmd!(
        "dragon_data",
        dragon::dragon_data,
        "GNU Go's dragon record of one dragon or of every dragon"
    ),
    cmd!(
        "dragon_status",
        owl::dragon_status,
        "owl status of a dragon (or of all): alive, dead, critical A D"
    ),
    cmd!(
        "dragon_stones",
        dragon::dragon_stones,
        "stones of every dragon, one dragon per line"
    ),
    cmd!("echo", info::echo, "the arguments back"),
    cmd!(
        "echo_err",
        info::echo_err,
        "the arguments back, and on stderr too"
    ),
    cmd!(
        "estimate_score",
        setup::estimate_score,
        "score estimate with bounds: W+2.5 (upper bound: 7.5, lower: -2.5)"
    ),
    cmd!(
        "eval_eye",
        eyes::eval_eye,
        "eyes of the eye space at a vertex: min max [attack defense], or -1"
    ),
    cmd!(
        "eye_data",
        eyes::eye_data,
        "eye-space record of a vertex for a colour"
    ),
    cmd!(
        "final_score",
        setup::final_score,
        "territory score with the dead stones removed"
    ),
    cmd!(
        "final_status_list",
        setup::final_status_list,
        "strings or points of a final status"
    ),
    cmd!("findlib", debug::findlib, "liberties of a string"),
    cmd!(
        "finish_sgftrace",
        tactics::finish_sgftrace,
        "stop recording variations and write them to an SGF file"
    ),
    cmd!(
        "fixed_handicap",
        setup::fixed_handicap,
        "place the GTP fixed handicap stones"
    ),
    cmd!("genmove", setup::genmove, "generate and play a move"),
    cmd!(
        "get_connection_node_counter",
        connect::get_connection_node_counter,
        "connection nodes since the last reset"
    ),
    cmd!(
        "get_handicap",
        setup::get_handicap,
        "number of handicap stones"
    ),
    cmd!("get_komi", setup::get_komi, "the komi"),
    cmd!(
        "get_owl_node_counter",
        owl::get_owl_node_counter,
        "positions the owl evaluated since the reset"
    ),
    cmd!("get_random_seed", info::get_random_seed, "the random seed"),
    cmd!(
        "get_reading_node_counter",
        tactics::get_reading_node_counter,
        "reading nodes since the last reset"
    ),
    cmd!(
        "get_trymove_counter",
        debug::get_trymove_counter,
        "trymoves since the last reset"
    ),
    cmd!("gg-undo", setup::gg_undo, "take back N moves"),
    cmd!(
        "gg_genmove",
        setup::gg_genmove,
        "generate a move with a random seed, without playing it"
    ),
    cmd!(
        "gogui-analyze_commands",
        info::gogui_analyze_commands,
        "the GoGui analyze menu"
    ),
    cmd!(
        "gogui-interrupt",
        info::gogui_interrupt,
        "announce that `# interrupt` stops a running command"
    ),
    cmd!(
        "half_eye_data",
        eyes::half_eye_data,
        "diagonal (half eye / false eye) analysis of a vertex"
    ),
    cmd!(
        "help",
        info::help,
        "without argument the command list (GNU Go's alias of list_commands); with a command name, what it does"
    ),
    cmd!(
        "increase_depths",
        tactics::increase_depths,
        "increase every reading depth by one"
    ),
    cmd!(
        "is_connected",
        connect::is_connected,
        "are two strings connected as they stand: 1 when no disconnecting move exists, 0 when one does, 2/3 when it depends on ko"
    ),
    cmd!(
        "is_legal",
        debug::is_legal,
        "is a move legal under the game's ko rule: 1 or 0"
    ),
    cmd!(
        "kata-get-rules",
        rules::kata_get_rules,
        "the rules as KataGo's JSON dictionary (only the ko rule varies)"
    ),
    cmd!(
        "kata-set-rule",
        rules::kata_set_rule,
        "set one rule: ko SIMPLE, POSITIONAL, SITUATIONAL or NONE"
    ),
    cmd!(
        "kata-set-rules",
        rules::kata_set_rules,
        "set the ko rule from a KataGo ruleset name or JSON dictionary"
    ),
    cmd!(
        "known_command",
        info::known_command,
        "is a command known: true or false"
    ),
    cmd!("komi", setup::komi, "set the komi"),
    cmd!(
        "ladder_attack",
        tactics::ladder_attack,
        "can a two-liberty string be laddered: code [move]"
    ),
    cmd!(
        "last_move",
        setup::last_move,
        "colour and vertex of the last move"
    ),
    cmd!(
        "list_commands",
        info::list_commands,
        "every known command, one per line"
    ),
    cmd!("list_stones", debug::list_stones, "stones of a colour"),
    cmd!(
        "loadsgf",
        setup::loadsgf,
        "load an SGF file, optionally up to a move number or vertex"
    ),
    cmd!(
        "lz-analyze",
        analyze::analyze,
        "stream candidate moves as info lines until input arrives"
    ),
    cmd!(
        "move_history",
        setup::move_history,
        "moves played, newest first"
    ),
    cmd!("name", info::name, "the engine's name"),
    cmd!(
        "new_score",
        setup::estimate_score,
        "the same as estimate_score"
    ),
    cmd!(
        "owl_attack",
        owl::owl_attack,
        "can the dragon be killed, its opponent moving first: code [move]"
    ),
    cmd!(
        "owl_connection_defends",
        owl::owl_connection_defends,
        "does the owner's move join two dragons into one that lives: code"
    ),
    cmd!(
        "owl_defend",
        owl::owl_defend,
        "can the dragon be saved, its owner moving first: code [move]"
    ),
    cmd!(
        "owl_does_attack",
        owl::owl_does_attack,
        "does the attacker's move kill the dragon: code"
    ),
    cmd!(
        "owl_does_defend",
        owl::owl_does_defend,
        "does the owner's move save the dragon: code"
    ),
    cmd!(
        "owl_ordering",
        owl::owl_ordering,
        "the owl's root candidates of a side: move value score features"
    ),
    cmd!(
        "owl_substantial",
        owl::owl_substantial,
        "would capturing the string leave the dragons around it alive: 0/1"
    ),
    cmd!(
        "owl_threaten_attack",
        owl::owl_threaten_attack,
        "can two attacker moves in a row kill the dragon: code m1 m2"
    ),
    cmd!(
        "owl_threaten_defense",
        owl::owl_threaten_defense,
        "can two owner moves in a row save the dragon: code m1 m2"
    ),
    cmd!(
        "place_free_handicap",
        setup::place_free_handicap,
        "choose and place handicap stones"
    ),
    cmd!("play", setup::play, "play a move"),
    cmd!("popgo", debug::popgo, "take back a trymove"),
    cmd!(
        "printsgf",
        setup::printsgf,
        "the position as SGF (or into a file)"
    ),
    cmd!(
        "protocol_version",
        info::protocol_version,
        "the GTP version: 2"
    ),
    cmd!("query_boardsize", setup::query_boardsize, "the board size"),
    cmd!("quit", info::quit, "end the session"),
    cmd!(
        "reg_genmove",
        setup::reg_genmove,
        "generate a move without playing it"
    ),
    cmd!(
        "report_uncertainty",
        owl::report_uncertainty,
        "on|off: mark owl answers that met a limit as uncertain"
    ),
    cmd!(
        "reset_connection_node_counter",
        connect::reset_connection_node_counter,
        "zero the connection node counter"
    ),
    cmd!(
        "reset_owl_node_counter",
        owl::reset_owl_node_counter,
        "reset the owl node counter"
    ),
    cmd!(
        "reset_reading_node_counter",
        tactics::reset_reading_node_counter,
        "zero the reading node counter"
    ),
    cmd!(
        "reset_trymove_counter",
        debug::reset_trymove_counter,
        "zero the trymove counter"
    ),
    cmd!(
        "restricted_genmove",
        setup::restricted_genmove,
        "generate a move among the given vertices, without playing it"
    ),
    cmd!(
        "same_dragon",
        dragon::same_dragon,
        "do two stones belong to one dragon: 0/1"
    ),
    cmd!(
        "set_free_handicap",
        setup::set_free_handicap,
        "place handicap stones on given vertices"
    ),
    cmd!(
        "set_random_seed",
        info::set_random_seed,
        "set the random seed"
    ),
    cmd!("showboard", debug::showboard, "the board as ASCII art"),
    cmd!(
        "solve_life",
        solve::solve_life,
        "proved status of an enclosed dragon (df-pn): alive, dead, critical A D, unknown"
    ),
    cmd!(
        "start_sgftrace",
        tactics::start_sgftrace,
        "start recording every variation read"
    ),
    cmd!(
        "tesuji-dragon_status",
        owl::dragon_status_gfx,
        "GoGui gfx: owl status of every dragon (dead marked, critical with A/D points)"
    ),
    cmd!(
        "tesuji-eyes",
        eyes::eyes_gfx,
        "GoGui gfx: eye spaces per colour, margins, half and false eyes, vital points"
    ),
    cmd!(
        "tesuji-final_status",
        setup::final_status_gfx,
        "GoGui gfx: dead and seki stones, territories as the game is scored"
    ),
    cmd!(
        "tesuji-solve_life",
        solve::solve_life_gfx,
        "GoGui gfx: proved status of an enclosed dragon with its key moves"
    ),
    cmd!(
        "tesuji-tactical_status",
        worm::tactical_status,
        "GoGui gfx board: tactical status of every string"
    ),
    cmd!(
        "tesuji-territory",
        analyze::territory,
        "GoGui gfx: the territory estimate of the move generator"
    ),
    cmd!("time_left", info::time_left, "time left for a colour"),
    cmd!(
        "time_settings",
        info::time_settings,
        "main time and Canadian byo-yomi"
    ),
    cmd!(
        "tryko",
        debug::tryko,
        "push a hypothetical move that may take an illegal ko"
    ),
    cmd!("trymove", debug::trymove, "push a hypothetical move"),
    cmd!(
        "unconditional_status",
        life::unconditional_status,
        "unconditional status of a point: alive, dead, territory or undecided"
    ),
    cmd!("undo", setup::undo, "take back the last move"),
    cmd!("version", info::version, "the engine's version"),
    cmd!("white", setup::white, "GTP v1: play a white stone"),
    cmd!(
        "worm_data",
        worm::worm_data,
        "per-point worm report (GNU Go format)"
    ),
    cmd!(
        "worm_stones",
        debug::worm_stones,
        "stones of every string, one string per line"
    ),
];

/// The table row of a command word.
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        for w in COMMANDS.windows(2) {
            assert!(w[0].name < w[1].name, "{} before {}", w[0].name, w[1].name);
        }
    }
}
