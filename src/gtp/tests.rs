//! Engine-level tests of the reading and analysis commands added on top of
//! GNU Go's `attack`/`defend` family: `decide_string`, the SGF trace pair,
//! `worm_data`, the connection commands, `decide_connection` and the GoGui
//! tactical status board. They drive the [`Engine`] through
//! [`Engine::execute`] (answer text) and [`serve_engine`] (framing), on
//! small positions whose answers do not depend on the reader's strength.

use super::response::GtpError;
use super::vertex::column_letter;
use super::*;
use crate::board::Board;
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;
use std::path::PathBuf;
use std::sync::atomic::Ordering;

/// An engine holding `diagram` (`X` black, `O` white, `.` empty; top row
/// first), set up through `boardsize` and `play`.
fn engine_with(diagram: &str) -> Engine {
    let rows: Vec<&str> = diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let size = rows.len();
    let mut e = Engine::default();
    e.execute("boardsize", &[&size.to_string()])
        .expect("boardsize");
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.split_whitespace().enumerate() {
            let color = match cell {
                "X" => "black",
                "O" => "white",
                _ => continue,
            };
            let v = format!("{}{}", column_letter(c), size - r);
            e.execute("play", &[color, &v]).expect("play");
        }
    }
    e
}

/// [`engine_with`] `diagram`, and a copy of its board to check that
/// commands leave it as it was.
fn engine_and_board(diagram: &str) -> (Engine, Board) {
    let e = engine_with(diagram);
    let board = e.board().clone();
    (e, board)
}

/// Run one command line (without id) and return its reply.
fn run(e: &mut Engine, line: &str) -> Reply {
    let parts: Vec<&str> = line.split_whitespace().collect();
    e.execute(parts[0], &parts[1..])
}

/// The answer of a command that must succeed.
fn ok(e: &mut Engine, line: &str) -> String {
    run(e, line).unwrap_or_else(|err| panic!("{line}: ? {err}"))
}

/// The error text of a command that must fail.
fn err(e: &mut Engine, line: &str) -> String {
    match run(e, line) {
        Ok(text) => panic!("{line}: expected failure, got = {text}"),
        Err(e) => e.to_string(),
    }
}

/// Each `(command, answer)` succeeds with exactly that answer.
fn answers(e: &mut Engine, cases: &[(&str, &str)]) {
    for &(line, answer) in cases {
        assert_eq!(ok(e, line), answer, "{line}");
    }
}

/// Each `(command, error)` fails with exactly that error text.
fn refusals(e: &mut Engine, cases: &[(&str, &str)]) {
    for &(line, message) in cases {
        assert_eq!(err(e, line), message, "{line}");
    }
}

/// Each command is refused inside a trymove stack.
fn refused_in_a_stack(e: &mut Engine, lines: &[&str]) {
    for line in lines {
        let name = line.split(' ').next().unwrap();
        let message = format!("{name} cannot be called when stackp > 0");
        assert_eq!(err(e, line), message, "{line}");
    }
}

/// Each of `wanted` is a whole line of `text`.
fn has_lines(text: &str, wanted: &[&str]) {
    for line in wanted {
        assert!(text.lines().any(|l| l == *line), "{line} not in\n{text}");
    }
}

/// The two lines of a `decide_*` report.
fn two_lines(answer: &str) -> [&str; 2] {
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines.len(), 2, "{answer}");
    [lines[0], lines[1]]
}

/// The variations a `decide_*` report counts: the numbers after the
/// last `(` of its lines, summed.
fn counted_variations(answer: &str) -> usize {
    answer
        .lines()
        .map(|l| {
            let open = l.rfind('(').expect(l);
            l[open + 1..]
                .split(' ')
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum()
}

/// The numbered variations `(N) what` of a trace's comments, one a
/// line, as `(N, what)` in the order of N.
fn numbered(comments: &[String]) -> Vec<(usize, &str)> {
    let mut out: Vec<(usize, &str)> = comments
        .iter()
        .flat_map(|c| c.lines())
        .map(|line| {
            let rest = line.strip_prefix('(').expect(line);
            let (n, what) = rest.split_once(") ").expect(line);
            (n.parse().expect(line), what)
        })
        .collect();
    out.sort_unstable();
    out
}

/// Resets the `kind` node counter (`connection`, `owl`), which then reads
/// 0, and checks that `command` counts nodes in it.
fn counts_nodes(e: &mut Engine, kind: &str, command: &str) {
    let get = format!("get_{kind}_node_counter");
    ok(e, &format!("reset_{kind}_node_counter"));
    assert_eq!(ok(e, &get), "0");
    ok(e, command);
    let nodes: u64 = ok(e, &get).parse().unwrap();
    assert!(nodes > 0, "{command} counted no {kind} nodes");
}

/// What [`serve_engine`] writes for `input`.
fn served(e: &mut Engine, input: &[u8]) -> String {
    let mut out = Vec::new();
    serve_engine(e, input, &mut out).expect("serve");
    String::from_utf8(out).expect("utf8")
}

/// What [`serve_engine`] writes for `input`, and the `count` responses
/// in it (the blocks between blank lines).
fn responses(e: &mut Engine, input: &str, count: usize) -> (String, Vec<String>) {
    let text = served(e, input.as_bytes());
    let responses: Vec<String> = text
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(String::from)
        .collect();
    assert_eq!(responses.len(), count, "{text}");
    (text, responses)
}

/// A fresh file name in the temp directory.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tesuji-gtp-{}-{name}", std::process::id()))
}

/// Read and parse an SGF file; returns every comment in tree order.
fn sgf_comments(path: &PathBuf) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("trace file written");
    let trees = go::parse(&text).unwrap_or_else(|e| panic!("unparsable SGF ({e}):\n{text}"));
    assert_eq!(trees.len(), 1, "one game tree");
    let mut out = Vec::new();
    fn walk(node: &SgfNode<Prop>, out: &mut Vec<String>) {
        for p in node.properties() {
            if let Prop::C(t) = p {
                out.push(t.text.clone());
            }
        }
        for c in node.children() {
            walk(c, out);
        }
    }
    walk(&trees[0], &mut out);
    let _ = std::fs::remove_file(path);
    out
}

/// A white stone in atari whose only liberty is suicide for it: capturable
/// at C2, no defence.
const DEAD_STONE: &str = "
    . . . . .
    . . X . .
    . X O X .
    . X . X .
    . . X . .";

/// Two black stones in a diagonal, one of the cutting points taken by
/// White (7x7): both connecting and cutting work, at D5.
const TWO_STONES: &str = "
    . . . . . . .
    . . . . . . .
    . . X . . . .
    . . O X . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .";

#[test]
fn decide_string_reports_attack_and_defence() {
    let mut e = engine_with(DEAD_STONE);
    let answer = ok(&mut e, "decide_string C3");
    let [attack, defence] = two_lines(&answer);
    assert!(
        attack.starts_with("C3 can be attacked at C2 (") && attack.ends_with(" variations)"),
        "{answer}"
    );
    assert!(defence.starts_with("C3 cannot be defended ("), "{answer}");
    // A safe string: one line, no defence read.
    let safe = ok(&mut e, "decide_string C4");
    assert!(safe.starts_with("C4 cannot be attacked ("), "{safe}");
    assert_eq!(safe.lines().count(), 1);
}

#[test]
fn decide_string_errors() {
    let mut e = engine_with(DEAD_STONE);
    refusals(
        &mut e,
        &[
            ("decide_string A1", "string vertex must not be empty"),
            ("decide_string", "invalid coordinate"),
            ("decide_string Z9", "invalid coordinate"),
            ("decide_string I3", "invalid coordinate"),
            (
                "decide_string C3 /nonexistent-dir/x.sgf",
                "cannot write /nonexistent-dir/x.sgf",
            ),
        ],
    );
    // The board is untouched by the failures and by the reads.
    assert_eq!(e.board().depth(), 0);
    assert_eq!(ok(&mut e, "color C3"), "white");
}

#[test]
fn decide_string_file_is_sgf_with_numbered_variations() {
    let mut e = engine_with(DEAD_STONE);
    let path = temp_file("decide_string.sgf");
    let answer = ok(&mut e, &format!("decide_string C3 {}", path.display()));
    let comments = sgf_comments(&path);
    assert!(!comments.is_empty(), "{answer}");
    // Every comment line is a numbered variation "(N) routine TARGET: code ...".
    let numbers: Vec<usize> = numbered(&comments).iter().map(|&(n, _)| n).collect();
    let expected: Vec<usize> = (1..=numbers.len()).collect();
    assert_eq!(numbers, expected, "numbered 1..N without gaps");
    // The counts in the answer add up to the recorded variations.
    assert_eq!(counted_variations(&answer), numbers.len(), "{answer}");
}

#[test]
fn sgftrace_records_between_start_and_finish() {
    let mut e = engine_with(DEAD_STONE);
    assert_eq!(err(&mut e, "finish_sgftrace"), "missing filename");
    let path = temp_file("sgftrace.sgf");
    let finish = format!("finish_sgftrace {}", path.display());
    assert_eq!(err(&mut e, &finish), "sgftrace not started");
    ok(&mut e, "start_sgftrace");
    assert_eq!(ok(&mut e, "attack C3"), "1 C2");
    // A bad path or a missing name keeps the recording going.
    assert_eq!(err(&mut e, "finish_sgftrace"), "missing filename");
    assert_eq!(
        err(&mut e, "finish_sgftrace /nonexistent-dir/t.sgf"),
        "cannot write /nonexistent-dir/t.sgf"
    );
    // decide_string may not steal the recording.
    assert!(err(&mut e, &format!("decide_string C3 {}", path.display())).contains("start_sgftrace"));
    ok(&mut e, &finish);
    let comments = sgf_comments(&path);
    assert!(
        comments.iter().any(|c| c.contains("attack C3: 1 C2")),
        "{comments:?}"
    );
    assert!(comments.iter().all(|c| c.starts_with('(')), "{comments:?}");
    // Finished: a second finish fails.
    assert_eq!(err(&mut e, &finish), "sgftrace not started");
}

/// The `key value` pairs of a `worm_data` block.
fn fields(block: &str) -> Vec<(String, String)> {
    block
        .lines()
        .skip(1)
        .map(|l| {
            assert!(
                l.len() > 21 && l.as_bytes()[20] == b' ',
                "key padded: {l:?}"
            );
            let (k, v) = l.split_at(21);
            assert_eq!(v.trim(), v, "value starts at column 22: {l:?}");
            (k.trim_end().to_string(), v.to_string())
        })
        .collect()
}

#[test]
fn worm_data_gnu_go_format_and_raw_codes() {
    let mut e = engine_with(DEAD_STONE);
    let block = ok(&mut e, "worm_data C3");
    assert!(block.starts_with("C3:\n"), "{block}");
    let f = fields(&block);
    let keys: Vec<&str> = f.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "origin",
            "color",
            "size",
            "liberties",
            "liberties2",
            "liberties3",
            "liberties4",
            "attack_code",
            "attack_point",
            "defense_code",
            "defense_point",
            "genus",
            "invincible",
            "unconditional_status"
        ]
    );
    let get = |k: &str| f.iter().find(|(key, _)| key == k).unwrap().1.clone();
    assert_eq!(get("origin"), "C3");
    assert_eq!(get("color"), "white");
    assert_eq!(get("size"), "1");
    assert_eq!(get("liberties"), "1");
    // Raw GNU Go codes: WIN is 5, not 1.
    assert_eq!(get("attack_code"), "5");
    assert_eq!(get("attack_point"), "C2");
    assert_eq!(get("defense_code"), "0");
    assert_eq!(get("defense_point"), "PASS");
    assert_eq!(get("invincible"), "0");
    assert_eq!(get("unconditional_status"), "unknown");
    // The origin is the first stone in board order.
    let b2 = ok(&mut e, "worm_data B2");
    assert!(b2.contains("\norigin               B3\n"), "{b2}");
    assert!(b2.contains("\nsize                 2\n"), "{b2}");
    // An empty point: a block of zeros, as GNU Go prints it.
    let empty = ok(&mut e, "worm_data A1");
    assert!(empty.contains("\ncolor                empty\n"), "{empty}");
    assert!(empty.contains("\nattack_point         PASS\n"), "{empty}");
    assert_eq!(err(&mut e, "worm_data Z1"), "invalid coordinate");
}

/// A string with more liberties than the chain record stores
/// (`MAX_LIBS`): `worm_data` reports all of them, as `countlib` does
/// (issue 11: it said 24). 25 black stones across row 13 of a 25x25
/// board have 50 liberties; 19 across row 10 of a 19x19 board have 38.
#[test]
fn worm_data_counts_every_liberty_of_a_long_string() {
    for (size, row, want) in [(25, 13, 50), (19, 10, 38)] {
        let mut e = Engine::default();
        ok(&mut e, &format!("boardsize {size}"));
        for c in 0..size {
            ok(&mut e, &format!("play black {}{row}", column_letter(c)));
        }
        assert_eq!(ok(&mut e, &format!("countlib A{row}")), want.to_string());
        let f = fields(&ok(&mut e, &format!("worm_data A{row}")));
        let get = |k: &str| f.iter().find(|(key, _)| key == k).unwrap().1.clone();
        assert_eq!(get("size"), size.to_string());
        assert_eq!(get("liberties"), want.to_string(), "{size}x{size}");
    }
}

/// Black's group has two eyes (5x5): its stones are invincible, its eyes
/// black territory, and the white stone inside black's eye is dead.
/// Values as GNU Go 3.8's `worm_data` prints them.
#[test]
fn worm_data_unconditional_fields() {
    let mut e = engine_with(
        ". O . X .
         X X X X X
         . . . . .
         . . . . .
         . . . . .",
    );
    let field = |e: &mut Engine, v: &str, key: &str| {
        let block = ok(e, &format!("worm_data {v}"));
        fields(&block)
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, value)| value)
            .unwrap_or_else(|| panic!("no {key} in {block}"))
    };
    assert_eq!(field(&mut e, "D5", "invincible"), "1");
    assert_eq!(field(&mut e, "D5", "unconditional_status"), "alive");
    assert_eq!(field(&mut e, "B5", "invincible"), "0");
    assert_eq!(field(&mut e, "B5", "unconditional_status"), "dead");
    assert_eq!(field(&mut e, "A5", "invincible"), "0");
    assert_eq!(
        field(&mut e, "A5", "unconditional_status"),
        "black_territory"
    );
    assert_eq!(field(&mut e, "C3", "unconditional_status"), "unknown");
    assert_eq!(ok(&mut e, "unconditional_status B5"), "dead");
    assert_eq!(ok(&mut e, "unconditional_status C3"), "undecided");
}

#[test]
fn worm_data_without_argument_lists_every_stone() {
    let mut e = engine_with(DEAD_STONE);
    let all = ok(&mut e, "worm_data");
    let heads: Vec<&str> = all.lines().filter(|l| l.ends_with(':')).collect();
    assert_eq!(heads, ["C4:", "B3:", "C3:", "D3:", "B2:", "D2:", "C1:"]);
}

#[test]
fn connection_commands_answer_shapes() {
    let mut e = engine_with(TWO_STONES);
    let is_code_move = |s: &str| {
        let mut parts = s.split(' ');
        let code = parts.next().unwrap();
        match code {
            "0" => parts.next().is_none(),
            "1" | "2" | "3" => {
                let mv = parts.next().unwrap_or("");
                parts.next().is_none() && (mv == "PASS" || vertex::parse_point(mv, 7).is_some())
            }
            _ => false,
        }
    };
    let c = ok(&mut e, "connect C5 D4");
    assert!(c.starts_with("1 "), "{c}");
    assert!(is_code_move(&c), "{c}");
    let d = ok(&mut e, "disconnect C5 D4");
    assert!(d.starts_with("1 "), "{d}");
    assert!(is_code_move(&d), "{d}");
    // A disconnecting move exists, so they are not connected.
    assert_eq!(ok(&mut e, "is_connected C5 D4"), "0");
    // One string: connected as it stands, no move needed.
    assert_eq!(ok(&mut e, "connect C5 C5"), "1 PASS");
    assert_eq!(ok(&mut e, "disconnect C5 C5"), "0");
    assert_eq!(ok(&mut e, "is_connected C5 C5"), "1");
    let b = ok(&mut e, "break_in C5 F1 G1 F2 G2");
    assert!(is_code_move(&b), "{b}");
    let o = ok(&mut e, "block_off C5 F1 G1 F2 G2");
    assert!(is_code_move(&o), "{o}");
    // An empty goal is allowed, as in GNU Go.
    assert!(is_code_move(&ok(&mut e, "break_in C5")));
    assert_eq!(e.board().depth(), 0);
}

#[test]
fn connection_command_errors() {
    let mut e = engine_with(TWO_STONES);
    // Each command's arguments and the error they get.
    let mut refuse = |cmd: &str, errors: &[(&str, &str)]| {
        for (args, message) in errors {
            let line = format!("{cmd} {args}");
            assert_eq!(err(&mut e, &line), *message, "{line}");
        }
    };
    for cmd in ["connect", "disconnect", "is_connected", "decide_connection"] {
        refuse(
            cmd,
            &[
                ("C5 C4", "vertices must have same color"),
                ("C5 A1", "vertex must not be empty"),
                ("A1 C5", "vertex must not be empty"),
                ("C5 Z9", "invalid coordinate"),
                ("C5", "invalid coordinate"),
            ],
        );
    }
    for cmd in ["break_in", "block_off"] {
        refuse(
            cmd,
            &[
                ("A1 B1", "vertex must not be empty"),
                ("C5 A1 junk", "invalid coordinate"),
                ("", "invalid coordinate"),
            ],
        );
    }
    refuse(
        "decide_connection",
        &[(
            "C5 D4 /nonexistent-dir/c.sgf",
            "cannot write /nonexistent-dir/c.sgf",
        )],
    );
}

#[test]
fn decide_connection_report_and_sgf() {
    let mut e = engine_with(TWO_STONES);
    let path = temp_file("decide_connection.sgf");
    let answer = ok(
        &mut e,
        &format!("decide_connection C5 D4 {}", path.display()),
    );
    let [connect, disconnect] = two_lines(&answer);
    assert!(
        connect.starts_with("C5 and D4 can be connected at "),
        "{answer}"
    );
    assert!(
        disconnect.starts_with("C5 and D4 can be disconnected at "),
        "{answer}"
    );
    let comments = sgf_comments(&path);
    // Root comment: the report (then the root's candidate order); then
    // numbered leaves.
    assert!(
        comments
            .first()
            .is_some_and(|c| c.starts_with(answer.as_str())),
        "{comments:?}"
    );
    let leaves: Vec<usize> = comments
        .iter()
        .filter_map(|c| c.strip_prefix("variation "))
        .map(|rest| rest.split(':').next().unwrap().parse().unwrap())
        .collect();
    assert!(!leaves.is_empty(), "{comments:?}");
    assert_eq!(leaves, (1..=leaves.len()).collect::<Vec<_>>());
    // Without a file: same report shape, the board untouched.
    let again = ok(&mut e, "decide_connection C5 D4");
    assert_eq!(again.lines().count(), 2);
    assert_eq!(e.board().depth(), 0);
    // One string.
    let same = ok(&mut e, "decide_connection C5 C5");
    assert!(
        same.starts_with("C5 and C5 are connected as it stands"),
        "{same}"
    );
}

#[test]
fn connection_node_counter_and_caches() {
    let mut e = engine_with(TWO_STONES);
    counts_nodes(&mut e, "connection", "disconnect C5 D4");
    ok(&mut e, "reset_connection_node_counter");
    assert_eq!(ok(&mut e, "get_connection_node_counter"), "0");
    // clear_cache and moves on the real board keep answers consistent.
    let before = ok(&mut e, "connect C5 D4");
    ok(&mut e, "clear_cache");
    assert_eq!(ok(&mut e, "connect C5 D4"), before);
    ok(&mut e, "play black D5");
    assert_eq!(ok(&mut e, "connect C5 D4"), "1 PASS");
    assert_eq!(ok(&mut e, "is_connected C5 D4"), "1");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "is_connected C5 D4"), "0");
}

#[test]
fn tactical_status_gfx() {
    let mut e = engine_with(DEAD_STONE);
    let gfx = ok(&mut e, "tesuji-tactical_status");
    let lines: Vec<&str> = gfx.lines().collect();
    assert!(lines.contains(&"COLOR red C3"), "{gfx}");
    assert!(lines.contains(&"LABEL C2 a"), "{gfx}");
    assert!(lines
        .last()
        .unwrap()
        .starts_with("TEXT dead 1 critical 0 ko 0"));
    // Every line is a gfx command GoGui knows.
    for l in &lines {
        let word = l.split(' ').next().unwrap();
        assert!(["COLOR", "LABEL", "TEXT"].contains(&word), "{l}");
    }
    // Nothing to capture on an empty board: only the summary.
    let mut empty = Engine::default();
    let gfx = ok(&mut empty, "tesuji-tactical_status");
    assert!(gfx.starts_with("TEXT dead 0 critical 0 ko 0"), "{gfx}");
}

#[test]
fn same_dragon_and_dragon_stones() {
    let mut e = engine_with(
        ". . . . . . . . .
         . . . . . . . . .
         . . . O . . . . .
         . . X . X . . . .
         . . . X . . . . .
         . . . . O . . . .
         . . . . . . . . .
         . . . . . . . X .
         . . . . . . . . .",
    );
    answers(
        &mut e,
        &[
            // C6 - D5 and D5 - E6 hold, C6 - E6 is a fragile double
            // connection.
            ("same_dragon C6 D5", "1"),
            ("same_dragon D5 E6", "1"),
            ("same_dragon C6 E6", "0"),
            ("same_dragon C6 C6", "1"),
            ("same_dragon C6 D7", "0"),
            ("same_dragon C6 H2", "0"),
        ],
    );
    refusals(
        &mut e,
        &[
            ("same_dragon A1 C6", "vertex must not be empty"),
            ("same_dragon C6 A1", "vertex must not be empty"),
            ("same_dragon C6 Z9", "invalid coordinate"),
            ("same_dragon C6", "invalid coordinate"),
        ],
    );
    answers(
        &mut e,
        &[
            ("dragon_stones H2", "H2 "),
            ("dragon_stones C6", "C6 E6 D5 "),
            ("dragon_stones white", "D7 \nE4 "),
        ],
    );
    assert_eq!(ok(&mut e, "dragon_stones").lines().count(), 4);
    assert_eq!(
        err(&mut e, "dragon_stones A1"),
        "dragon_stones called on an empty vertex"
    );
    // A move changes the dragons: White D6 cuts.
    ok(&mut e, "play white D6");
    assert_eq!(ok(&mut e, "same_dragon C6 D5"), "0");
    assert_eq!(e.board().depth(), 0);
}

#[test]
fn dragon_data_answers_and_errors() {
    let mut e = engine_with(crate::analysis::dragon::data::tests::TWO_STRING_DRAGON);
    let one = ok(&mut e, "dragon_data D3");
    // Headed by the vertex asked for; GNU Go's fields in its order, keys
    // padded to 24 columns.
    assert!(one.starts_with("D3:\ncolor                   black\norigin                  C5\n"));
    assert!(one.contains("\nsize                    6\neffective_size          19.50\n"));
    assert!(one.contains("\ngenus                   3333\nheye                    PASS\n"));
    assert!(one.contains("\nowl_status              alive\nstatus                  alive\n"));
    assert!(one.contains("\nowl_attack_code         0\nowl_attack_point        PASS\n"));
    assert!(one.contains("\nneighbors               B3 F2 \nhostile_neighbors       2\n"));
    assert!(one.ends_with("\nstrings                 C5 D3 "));
    assert_eq!(one.lines().count(), 43);
    // Every dragon, headed by its origin.
    let all = ok(&mut e, "dragon_data");
    let heads: Vec<&str> = all.lines().filter(|l| l.ends_with(':')).collect();
    assert_eq!(heads, ["C5:", "B3:", "F2:"]);
    assert_eq!(
        err(&mut e, "dragon_data A1"),
        "dragon vertex must not be empty"
    );
    assert_eq!(err(&mut e, "dragon_data Z9"), "invalid coordinate");
    let before = e.board().clone();
    ok(&mut e, "trymove black A1");
    assert_eq!(
        err(&mut e, "dragon_data C5"),
        "dragon data unavailable when stackp > 0"
    );
    assert_eq!(err(&mut e, "dragon_data Z9"), "invalid coordinate");
    ok(&mut e, "popgo");
    assert_eq!(*e.board(), before);
    assert_eq!(ok(&mut e, "dragon_data D3"), one);
    let mut empty = Engine::default();
    assert_eq!(ok(&mut empty, "dragon_data"), "");
}

#[test]
fn new_commands_are_listed_and_in_the_analyze_menu() {
    let mut e = Engine::default();
    let list = ok(&mut e, "list_commands");
    let menu = ok(&mut e, "gogui-analyze_commands");
    let new = [
        "block_off",
        "break_in",
        "connect",
        "decide_connection",
        "decide_string",
        "disconnect",
        "dragon_data",
        "dragon_stones",
        "finish_sgftrace",
        "get_connection_node_counter",
        "is_connected",
        "reset_connection_node_counter",
        "same_dragon",
        "start_sgftrace",
        "tesuji-tactical_status",
        "worm_data",
    ];
    has_lines(&list, &new);
    for cmd in new {
        assert_eq!(ok(&mut e, &format!("known_command {cmd}")), "true");
    }
    // Every menu command is a known command, and entries are well formed.
    for entry in menu.lines() {
        let parts: Vec<&str> = entry.split('/').collect();
        assert_eq!(parts.len(), 3, "{entry}");
        let word = parts[2].split(' ').next().unwrap();
        assert!(commands::find(word).is_some(), "{entry}");
    }
    has_lines(
        &menu,
        &[
            "varp/Connect/connect %P",
            "varpo/Disconnect/disconnect %P",
            "hpstring/Worm Data/worm_data %p",
            "hpstring/Dragon Data/dragon_data %p",
            "gfx/Tactical Status/tesuji-tactical_status",
            "none/Start SgfTrace/start_sgftrace",
            "none/Finish SgfTrace/finish_sgftrace %w",
        ],
    );
}

#[test]
fn framing_of_multi_line_answers_through_serve_engine() {
    let mut e = engine_with(DEAD_STONE);
    let input = "1 decide_string C3\n2 worm_data C4\n3 connect C4 B3\n4 finish_sgftrace\n";
    let (text, responses) = responses(&mut e, input, 4);
    assert!(responses[0].starts_with("=1 C3 can be attacked at C2"));
    assert!(responses[1].starts_with("=2 C4:\norigin               C4\n"));
    assert!(responses[2].starts_with("=3 "));
    assert_eq!(responses[3], "?4 missing filename");
    assert!(text.ends_with("\n\n") && !text.ends_with("\n\n\n"));
}

#[test]
fn gtp_error_texts_used_here() {
    assert_eq!(
        GtpError::VertexMustNotBeEmpty.to_string(),
        "vertex must not be empty"
    );
}

/// A white stone with two liberties next to a black wall (9x9): black
/// ataris it at D6 or E5 depending on the reading; the answers only need
/// to equal a fresh engine's.
const LADDER_START: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . X . . . . .
    . . X O . . . . .
    . . . X . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

/// The persistent reading cache after moves on the real board: `play`
/// purges the entries whose area it changed, `undo` purges again, and
/// every answer equals a fresh engine's at the same position.
#[test]
fn persistent_cache_purged_on_play_and_undo() {
    let mut e = engine_with(LADDER_START);
    let attack_before = ok(&mut e, "attack D6");
    let defend_before = ok(&mut e, "defend D6");
    assert!(!e.reader.persistent_cache().is_empty());
    let purged = e.reader.persistent_cache().stats.purged;
    // A white move inside the read area: the stored answers go.
    ok(&mut e, "play white E6");
    assert!(e.reader.persistent_cache().stats.purged > purged);
    let mut fresh = engine_with(LADDER_START);
    ok(&mut fresh, "play white E6");
    assert_eq!(ok(&mut e, "attack D6"), ok(&mut fresh, "attack D6"));
    assert_eq!(ok(&mut e, "defend D6"), ok(&mut fresh, "defend D6"));
    // Undo: the entries stored after E6 go, the first answers come back.
    let purged = e.reader.persistent_cache().stats.purged;
    ok(&mut e, "undo");
    assert!(e.reader.persistent_cache().stats.purged > purged);
    assert_eq!(ok(&mut e, "attack D6"), attack_before);
    assert_eq!(ok(&mut e, "defend D6"), defend_before);
}

/// A white stone in atari on a small board: black's only purposeful move
/// is the capture at B4 (the stone at B3 has one liberty, B4).
const WHITE_IN_ATARI: &str = "
    . . . . .
    . . . . .
    X O X . .
    . X . . .
    . . . . .";

#[test]
fn lz_analyze_streams_info_lines_until_input_arrives() {
    let mut e = engine_with(WHITE_IN_ATARI);
    let input = "lz-analyze B 10\n7 analyze b interval 5 avoid b B4 1\nlz-analyze W 1\nname\n";
    let (_, responses) = responses(&mut e, input, 4);
    // With in-memory input the next line is always ready: one round each.
    assert_eq!(
        responses[0],
        "= \ninfo move B4 visits 10 winrate 5000 order 0 pv B4"
    );
    // `avoid` drops the capture; nothing else is purposeful here.
    assert_eq!(responses[1], "=7 ");
    // White's stone cannot be saved: no purposeful move, no info line.
    assert_eq!(responses[2], "= ");
    assert!(responses[3].starts_with("= Tesuji"), "{}", responses[3]);
}

#[test]
fn analyze_arguments_are_checked() {
    let mut e = engine_with(WHITE_IN_ATARI);
    for (args, message) in [
        (
            &["B", "10", "bogus", "1"][..],
            "unknown analyze option bogus",
        ),
        (&["B", "interval"][..], "interval needs a value"),
        (&["interval", "x"][..], "interval must be an integer"),
        (&["avoid", "b", "Z99", "1"][..], "invalid coordinate"),
        (&["allow", "b", "B4"][..], "allow needs a value"),
    ] {
        match e.execute("lz-analyze", args) {
            Err(err) => assert_eq!(err.to_string(), message, "{args:?}"),
            Ok(text) => panic!("{args:?} answered {text}"),
        }
    }
    // `allow` keeps only the listed moves.
    let shown = e.execute("analyze", &["b", "allow", "b", "A1,B4", "1"]);
    assert!(shown.expect("answer").starts_with("info move B4 "));
    let none = e.execute("analyze", &["b", "allow", "b", "A1", "1"]);
    assert_eq!(none.expect("answer"), "");
}

#[test]
fn territory_overlay_marks_each_side() {
    let mut e = engine_with(crate::analysis::tests::TWO_WALLS);
    let gfx = e.execute("tesuji-territory", &[]).expect("answer");
    let lines: Vec<&str> = gfx.lines().collect();
    assert_eq!(lines.len(), 2, "{gfx}");
    assert!(lines[0].starts_with("BLACK A9 B9 "), "{gfx}");
    assert!(
        lines[1].starts_with("WHITE ") && lines[1].ends_with(" J1"),
        "{gfx}"
    );
}

#[test]
fn interrupt_flag_cuts_reads_short_and_the_caches_are_cleared() {
    let mut e = engine_with(WHITE_IN_ATARI);
    assert_eq!(e.execute("attack", &["B3"]).expect("answer"), "1 B4");
    // Raised (as the input thread does on `# interrupt`), a read stops at
    // its first node and answers as beyond its budget.
    e.interrupt_flag().store(true, Ordering::Relaxed);
    e.execute("clear_cache", &[]).expect("clear");
    assert_eq!(e.execute("attack", &["B3"]).expect("answer"), "0");
    // The server lowers the flag before each command and clears the
    // caches after an interrupted one.
    assert_eq!(served(&mut e, b"attack B3\n"), "= 1 B4\n\n");
}

/// Issue 17: `genmove` for both colours in a triple ko. Under simple ko
/// (and under no ko, where the move generator still keeps to simple-ko
/// legal moves) the six ko captures come round for ever; under either
/// superko rule the capture that would repeat the position is never
/// proposed, the kos get filled and the game ends with two passes, no
/// position repeated.
#[test]
fn genmove_ends_a_triple_ko_under_superko() {
    use crate::game::rules::stones_hash;
    use crate::game::rules::tests::{TRIPLE_KO, TRIPLE_KO_CYCLE};
    use crate::game::KoRule;
    let start = Board::from_diagram(TRIPLE_KO).expect("diagram");
    let edits: Vec<(Point, Option<Color>)> = start
        .points()
        .filter_map(|p| start.color_at(p).map(|c| (p, Some(c))))
        .collect();
    for rule in KoRule::ALL {
        let mut e = Engine::new(EngineConfig {
            ko_rule: rule,
            ..EngineConfig::default()
        });
        ok(&mut e, "boardsize 9");
        e.game.setup_many(&edits).expect("setup");
        let mut moves: Vec<String> = Vec::new();
        for k in 0..60 {
            let color = if k % 2 == 0 { "b" } else { "w" };
            moves.push(ok(&mut e, &format!("genmove {color}")));
            if moves.len() >= 2 && moves[moves.len() - 2..] == ["PASS", "PASS"] {
                break;
            }
        }
        if rule.is_superko() {
            assert!(moves.len() < 30, "{rule:?}: {moves:?}");
            assert_eq!(moves[..5], TRIPLE_KO_CYCLE[..5], "{rule:?}");
            assert_ne!(moves[5], TRIPLE_KO_CYCLE[5], "{rule:?}");
            // No position came back: the positions the game went through
            // (a pass leaves the board as it was) are all different.
            let mut boards: Vec<u64> = e.game.positions().iter().map(|s| s.0).collect();
            boards.push(stones_hash(e.board()));
            boards.dedup();
            let mut sorted = boards.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), boards.len(), "{rule:?}: a position repeats");
        } else {
            assert_eq!(moves.len(), 60, "{rule:?}: the cycle goes on");
            for (k, m) in moves.iter().enumerate() {
                assert_eq!(m, TRIPLE_KO_CYCLE[k % 6], "{rule:?} move {}", k + 1);
            }
        }
    }
}

// ---- Issue 10: hostile input ----------------------------------------

/// Write `text` to a fresh temp file and return its path as a string.
fn sgf_file(name: &str, text: &str) -> String {
    let path = temp_file(name);
    std::fs::write(&path, text).expect("write temp SGF");
    path.to_string_lossy().into_owned()
}

/// Defect 2: SGF setups that leave a string without liberties are refused
/// at `loadsgf` with a clear error, the old game intact, and every command
/// the probe crashed on then answers on that old game.
#[test]
fn setups_without_liberties_are_refused_and_the_old_game_kept() {
    let cases: [(&str, &str, &[&str]); 6] = [
        (
            "(;SZ[9]AB[gd]AW[gc][fd][hd][ge])",
            "[gd]",
            &[
                "attack G7",
                "worm_data G7",
                "genmove b",
                "is_connected G7 F6",
            ],
        ),
        ("(;SZ[2]AB[aa]AW[ab][ba])", "[aa]", &["defend A1"]),
        (
            "(;SZ[4]AB[db]AW[aa][ca][da][ab][bb][cb][dc])",
            "[db]",
            &["does_attack A2 A4"],
        ),
        (
            "(;SZ[3]AB[aa][cc]AW[ba][ca][ab][bb][ac][bc])",
            "[aa]",
            &["block_off C1 C2 C3 A1 B1"],
        ),
        (
            "(;SZ[3]AB[ca][bc]AW[aa][ba][cb][cc])",
            "[ca]",
            &["decide_connection C3 B1"],
        ),
        (
            "(;SZ[4]AB[db]AW[da][cb][dc])",
            "[db]",
            &["break_in C3 A4 C4 C3 D4"],
        ),
    ];
    for (k, (sgf, culprit, commands)) in cases.iter().enumerate() {
        let mut e = engine_with(
            ". . . . .
             . X O . .
             . . . . .
             . . . . .
             . . . . .",
        );
        let before = e.board().clone();
        let file = sgf_file(&format!("nolibs{k}.sgf"), sgf);
        let why = err(&mut e, &format!("loadsgf {file}"));
        assert!(
            why.contains("without liberties") && why.contains(culprit),
            "case {k}: {why}"
        );
        assert_eq!(*e.board(), before, "case {k}: the old game must stay");
        for cmd in *commands {
            // Any clean answer on the old 5x5 game; no panic.
            let _ = run(&mut e, cmd);
            e.board().check_consistency().expect("consistent");
        }
    }
    // The same refusal for a later node's setup, and for a handicap-free
    // `AE` that frees nothing: only the liberty count matters.
    let mut e = Engine::default();
    let file = sgf_file("nolibs-late.sgf", "(;SZ[5];B[cc];AW[bc][dc][cb][cd])");
    assert!(err(&mut e, &format!("loadsgf {file}")).contains("[cc]"));
    assert_eq!(e.size(), 19, "nothing of the refused file is kept");
}

/// Defect 3: `tryko` 32,765 rounds deep on a ko (65,530 nested moves):
/// the GTP stack stops at its documented limit with a clear error, every
/// level below it plays correctly (the retakes stay legal, D4 stays in
/// atari), and popping everything restores the real board.
#[test]
fn a_deep_tryko_stack_stops_at_its_limit_and_stays_exact() {
    let mut e = Engine::default();
    ok(&mut e, "boardsize 9");
    for mv in ["b C4", "b D5", "b D3", "w E5", "w E3", "w F4", "w D4"] {
        ok(&mut e, &format!("play {mv}"));
    }
    let before = e.board().clone();
    let mut pushed = 0;
    let mut refused = None;
    'rounds: for _ in 0..32_765 {
        for mv in ["b E4", "w D4"] {
            match run(&mut e, &format!("tryko {mv}")) {
                Ok(_) => pushed += 1,
                Err(why) => {
                    refused = Some(why.to_string());
                    break 'rounds;
                }
            }
        }
    }
    assert_eq!(pushed, handlers::debug::MAX_GTP_STACK);
    assert!(refused.expect("the limit answers").contains("stack full"));
    assert_eq!(ok(&mut e, "countlib D4"), "1");
    e.board()
        .check_consistency()
        .expect("consistent at the limit");
    ok(&mut e, "popgo");
    ok(&mut e, "tryko w D4");
    for _ in 0..pushed {
        ok(&mut e, "popgo");
    }
    assert_eq!(err(&mut e, "popgo"), "Stack empty.");
    assert_eq!(*e.board(), before);
}

/// Defect 4: SGF depth and size are bounded before the parser sees them: a
/// main line of 8,000,000 nodes is refused, 5,000,000 nested variations
/// load as the one node they hold, and the engine goes on.
#[test]
fn deep_sgf_files_load_or_fail_cleanly() {
    let mut e = Engine::default();
    let long = sgf_file("long.sgf", &format!("({})", ";".repeat(8_000_000)));
    assert!(err(&mut e, &format!("loadsgf {long}")).contains("nodes"));
    let nested = sgf_file(
        "nested.sgf",
        &format!("{};SZ[7]{}", "(".repeat(5_000_000), ")".repeat(5_000_000)),
    );
    assert_eq!(ok(&mut e, &format!("loadsgf {nested}")), "black");
    assert_eq!(e.size(), 7);
    // The main line is the first variation at every branch.
    let branches = sgf_file(
        "branches.sgf",
        "(;SZ[5];B[aa](;W[bb];B[cc](;W[dd]))(;W[ee]))",
    );
    ok(&mut e, &format!("loadsgf {branches}"));
    assert_eq!(ok(&mut e, "list_stones white"), "B4 D2");
    assert_eq!(ok(&mut e, "list_stones black"), "A5 C3");
}

/// Minor defects: an absurd komi in an SGF or from GTP, an `IL` ko mark
/// on a stone, and fractional time settings are errors.
#[test]
fn absurd_komi_ko_marks_and_time_settings_are_refused() {
    let mut e = Engine::default();
    let km = sgf_file("km.sgf", "(;SZ[9]KM[1e40])");
    assert!(err(&mut e, &format!("loadsgf {km}")).contains("komi"));
    assert!(err(&mut e, "komi 1e40").contains("komi"));
    assert!(err(&mut e, "komi 20000").contains("out of range"));
    ok(&mut e, "komi -7.5");
    assert_eq!(ok(&mut e, "get_komi"), "-7.5");
    let il = sgf_file("il.sgf", "(;SZ[9]AB[cc]IL[cc])");
    assert!(err(&mut e, &format!("loadsgf {il}")).contains("occupied"));
    assert!(err(&mut e, "time_settings 1.5 2.5 3.5").contains("integers"));
    assert!(err(&mut e, "time_settings 10 -1 3").contains("integers"));
    ok(&mut e, "time_settings 300 30 5");
    assert!(err(&mut e, "time_left b 1.5 0").contains("integers"));
}

/// Defect 5: a line longer than the limit is answered once with an error
/// carrying its id, in bounded memory, and the next line runs.
#[test]
fn an_over_long_line_gets_one_error_and_the_next_line_runs() {
    let mut input = b"7 play b ".to_vec();
    input.resize(input::MAX_LINE_BYTES + 100, b'A');
    input.extend_from_slice(b"\n8 name\n# a long comment: no answer ");
    input.resize(input.len() + input::MAX_LINE_BYTES, b'#');
    input.extend_from_slice(b"\n9 version\n");
    let mut e = Engine::default();
    let mut out = Vec::new();
    serve_engine(&mut e, &input[..], &mut out).expect("write to Vec");
    let out = String::from_utf8(out).expect("UTF-8");
    assert_eq!(
        out,
        format!(
            "?7 line too long (more than {} bytes)\n\n=8 Tesuji\n\n=9 {}\n\n",
            input::MAX_LINE_BYTES,
            env!("CARGO_PKG_VERSION")
        )
    );
    assert!(e.board().points().all(|p| e.board().is_empty(p)));
}

/// Defect 1 on the game where the probe found it (GNU Go's
/// `games/wormflaw.sgf`, when `../shared/gnugo-regression` is present):
/// `dragon_stones` is read-only, so `findlib J9` answers the same after it,
/// and `genmove` runs on a consistent board.
#[test]
fn dragon_stones_leaves_the_board_of_wormflaw_intact() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/gnugo-regression/games/wormflaw.sgf");
    if !file.exists() {
        eprintln!("skipped: {} not found", file.display());
        return;
    }
    let mut e = Engine::default();
    ok(&mut e, &format!("loadsgf {}", file.display()));
    let libs = ok(&mut e, "findlib J9");
    let before = e.board().clone();
    ok(&mut e, "dragon_stones");
    assert_eq!(ok(&mut e, "findlib J9"), libs);
    assert_eq!(*e.board(), before);
    e.board().check_consistency().expect("consistent");
    ok(&mut e, "genmove b");
    e.board()
        .check_consistency()
        .expect("consistent after genmove");
}

/// A white group in the corner with a straight three (A7 B7 C7) inside a
/// black wall: critical, the middle point B7 kills and saves.
const STRAIGHT_THREE: &str = "
    . . . O X . .
    O O O O X . .
    X X X X X . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .";

#[test]
fn owl_reads_a_straight_three_in_the_corner() {
    let (mut e, before) = engine_and_board(STRAIGHT_THREE);
    answers(
        &mut e,
        &[
            ("owl_attack A6", "1 B7"),
            ("owl_defend D7", "1 B7"),
            ("dragon_status A6", "critical B7 B7"),
            ("owl_does_attack B7 A6", "1"),
            ("owl_does_defend B7 A6", "1"),
            // Two white moves in a row: the vital point, then nothing
            // more needed.
            ("owl_threaten_defense A6", "1 B7 PASS"),
        ],
    );
    assert_eq!(*e.board(), before);
    // White has played the vital point: two eyes, nothing to attack.
    ok(&mut e, "play white B7");
    answers(
        &mut e,
        &[
            ("owl_attack A6", "0"),
            ("owl_defend A6", "1 PASS"),
            ("dragon_status A6", "alive"),
            // Two true eyes: even two black moves in a row cannot fill
            // them.
            ("owl_threaten_attack A6", "0"),
        ],
    );
    assert_eq!(*e.board(), {
        let mut b = before.clone();
        b.play(Point::new(0, 1), Color::White).unwrap();
        b
    });
}

#[test]
fn owl_node_counter_and_uncertainty() {
    let mut e = engine_with(STRAIGHT_THREE);
    counts_nodes(&mut e, "owl", "owl_attack A6");
    // A budget of one position cannot finish the read: the answer counts
    // the unread lines as alive and says so when asked.
    // (The exact solver, which would prove the answer, is off.)
    let mut small = Engine::new(EngineConfig {
        owl: crate::owl::OwlConfig {
            node_limit: 1,
            ..Default::default()
        },
        life: crate::solve::LifeConfig {
            owl_budget: 0,
            ..Default::default()
        },
        ..EngineConfig::default()
    });
    small.game = e.game.clone();
    assert_eq!(ok(&mut small, "owl_attack A6"), "0");
    for (switch, answer) in [("on", "0 uncertain"), ("off", "0")] {
        ok(&mut small, &format!("report_uncertainty {switch}"));
        assert_eq!(ok(&mut small, "owl_attack A6"), answer, "{switch}");
    }
    refusals(
        &mut small,
        &[("report_uncertainty maybe", "invalid argument")],
    );
}

#[test]
fn owl_commands_refuse_bad_input_and_leave_the_state_intact() {
    let (mut e, before) = engine_and_board(STRAIGHT_THREE);
    refusals(
        &mut e,
        &[
            ("owl_attack B7", "dragon vertex must not be empty"),
            ("owl_defend Z99", "invalid coordinate"),
            ("owl_defend", "invalid coordinate"),
            ("dragon_status C3", "dragon vertex must not be empty"),
            ("owl_does_attack A6 A6", "move vertex must be empty"),
            ("owl_does_defend B7 B7", "dragon vertex must not be empty"),
            (
                "owl_ordering A6",
                "owl_ordering takes a dragon and attack or defend",
            ),
            (
                "owl_ordering A6 kill",
                "owl_ordering takes a dragon and attack or defend",
            ),
            ("owl_ordering B7 attack", "dragon vertex must not be empty"),
            (
                "owl_ordering A6 attack 1",
                "owl_ordering takes at most 2 arguments, got 3",
            ),
        ],
    );
    ok(&mut e, "trymove black B7");
    refused_in_a_stack(
        &mut e,
        &[
            "owl_attack A6",
            "owl_defend A6",
            "dragon_status A6",
            "owl_does_attack C7 A6",
            "dragon_status",
            "owl_ordering A6 attack",
        ],
    );
    ok(&mut e, "popgo");
    assert_eq!(*e.board(), before);
    assert_eq!(ok(&mut e, "owl_attack A6"), "1 B7");
}

#[test]
fn owl_ordering_lists_the_root_candidates_with_their_features() {
    let (mut e, before) = engine_and_board(STRAIGHT_THREE);
    for side in ["attack", "defend"] {
        let text = ok(&mut e, &format!("owl_ordering A6 {side}"));
        // The vital point of the straight three comes first for both
        // sides; each line is the move, its value, its score (the value
        // itself under the rules' order) and the features.
        let first: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
        assert_eq!(first[0], "B7", "{side}: {text}");
        assert_eq!(first[1], first[2], "{side}: {text}");
        for line in text.lines() {
            assert_eq!(
                line.split(' ').count(),
                3 + crate::owl::ordering::FEATURE_COUNT,
                "{line}"
            );
        }
    }
    assert_eq!(*e.board(), before);
}

#[test]
fn dragon_status_without_argument_lists_every_dragon() {
    let mut e = engine_with(STRAIGHT_THREE);
    let all = ok(&mut e, "dragon_status");
    assert_eq!(all, "D7: critical B7 B7\nE7: alive");
    assert_eq!(
        ok(&mut e, "tesuji-dragon_status"),
        "TRIANGLE D7 A6 B6 C6 D6\nLABEL B7 AD\nTEXT 2 dragons: 1 alive, 1 critical, 0 dead"
    );
    ok(&mut e, "play black B7");
    assert!(ok(&mut e, "tesuji-dragon_status").starts_with("MARK D7 A6 B6 C6 D6\n"));
}

/// Two white rings on the lower edge, one eye each, which only E1 joins
/// (black holds E2-E3); joined they have two eyes. GNU Go 3.8 answers
/// every question below as asserted.
const TWO_RINGS: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X X X X
    X O O O X O O O X
    X O . O X O . O X
    X O O O . O O O X";

#[test]
fn owl_connection_defends_answers_and_errors() {
    let (mut e, before) = engine_and_board(TWO_RINGS);
    answers(
        &mut e,
        &[
            ("same_dragon B3 F3", "0"),
            ("dragon_status B3", "critical E1 E1"),
            // E1 joins the rings: two eyes.
            ("owl_connection_defends E1 B3 F3", "1"),
            ("owl_connection_defends E1 F3 B3", "1"),
            // Filling an eye joins nothing.
            ("owl_connection_defends C2 B3 F3", "0"),
            ("owl_connection_defends G2 B3 F3", "0"),
        ],
    );
    assert_eq!(*e.board(), before);
    refusals(
        &mut e,
        &[
            (
                "owl_connection_defends E2 B3 F3",
                "move vertex must be empty",
            ),
            (
                "owl_connection_defends E1 A9 F3",
                "dragon vertex must not be empty",
            ),
            (
                "owl_connection_defends E1 B3 A9",
                "dragon vertex must not be empty",
            ),
            (
                "owl_connection_defends E1 B3 E2",
                "dragon vertices must have the same color",
            ),
            ("owl_connection_defends E1 B3", "invalid coordinate"),
            ("owl_connection_defends Z1 B3 F3", "invalid coordinate"),
            (
                "owl_connection_defends E1 B3 F3 G3",
                "owl_connection_defends takes at most 3 arguments, got 4",
            ),
        ],
    );
    assert_eq!(*e.board(), before);
}

#[test]
fn owl_substantial_answers_and_errors() {
    // A black stone inside a white ring: taking it gives one eye only.
    let mut e = engine_with(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         X X X X X . .
         X O O O X . .
         X O . O X . .
         X O X O X . .",
    );
    let before = e.board().clone();
    assert_eq!(ok(&mut e, "owl_substantial C1"), "0");
    // A string of more than six stones always is.
    assert_eq!(ok(&mut e, "owl_substantial A4"), "1");
    assert_eq!(*e.board(), before);
    // The single black stone between the rings: taking it joins them.
    let mut rings = engine_with(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         X X X X X X X X X
         X O O O . O O O X
         X O . O X O . O X
         X O O O . O O O X",
    );
    let before = rings.board().clone();
    assert_eq!(ok(&mut rings, "color E3"), "empty");
    assert_eq!(ok(&mut rings, "owl_substantial E2"), "1");
    assert_eq!(*rings.board(), before);
    refusals(
        &mut rings,
        &[
            ("owl_substantial E1", "vertex must not be empty"),
            ("owl_substantial", "invalid coordinate"),
            ("owl_substantial K1", "invalid coordinate"),
            (
                "owl_substantial E2 E2",
                "owl_substantial takes at most 1 argument, got 2",
            ),
        ],
    );
    // Inside a trymove stack: refused, the stack and board untouched.
    ok(&mut rings, "trymove white E3");
    let inside = rings.board().clone();
    refused_in_a_stack(
        &mut rings,
        &[
            "owl_substantial E2",
            "owl_connection_defends E1 B3 F3",
            "decide_owl B3",
        ],
    );
    assert_eq!(*rings.board(), inside);
    assert_eq!(rings.board().depth(), 1);
    ok(&mut rings, "popgo");
    assert_eq!(*rings.board(), before);
}

#[test]
fn decide_owl_reports_and_writes_every_variation() {
    let (mut e, before) = engine_and_board(STRAIGHT_THREE);
    ok(&mut e, "reset_owl_node_counter");
    let path = temp_file("decide_owl.sgf");
    let answer = ok(&mut e, &format!("decide_owl A6 {}", path.display()));
    let traced_nodes = ok(&mut e, "get_owl_node_counter");
    let [attack, defence] = two_lines(&answer);
    assert!(
        attack.starts_with("A6 can be attacked at B7 (") && attack.ends_with(" variations)"),
        "{answer}"
    );
    assert!(
        defence.starts_with("A6 can be defended at B7 ("),
        "{answer}"
    );
    assert_eq!(*e.board(), before);
    // The file parses; its comments are numbered 1..N, N the sum of the
    // counts in the report.
    let comments = sgf_comments(&path);
    let variations = numbered(&comments);
    for (n, what) in &variations {
        assert!(
            what.starts_with("owl attack A6: ") || what.starts_with("owl defend A6: "),
            "({n}) {what}"
        );
    }
    let numbers: Vec<usize> = variations.iter().map(|&(n, _)| n).collect();
    let total = counted_variations(&answer);
    assert_eq!(numbers, (1..=total).collect::<Vec<_>>());
    // Recording changes neither the answers nor the node counts: a fresh
    // engine without a file, and the plain owl commands, agree.
    let mut plain = engine_with(STRAIGHT_THREE);
    assert_eq!(ok(&mut plain, "decide_owl A6"), answer);
    assert_eq!(ok(&mut plain, "get_owl_node_counter"), traced_nodes);
    let mut owl = engine_with(STRAIGHT_THREE);
    answers(
        &mut owl,
        &[
            ("owl_attack A6", "1 B7"),
            ("owl_defend A6", "1 B7"),
            ("get_owl_node_counter", &traced_nodes),
        ],
    );
    // A living dragon: alive as it stands, nothing to attack.
    ok(&mut e, "play white B7");
    let alive = ok(&mut e, "decide_owl A6");
    assert!(alive.starts_with("A6 cannot be attacked ("), "{alive}");
    assert!(alive.ends_with("\nA6 is alive as it stands"), "{alive}");
    // Bad input.
    refusals(
        &mut e,
        &[
            ("decide_owl C7", "dragon vertex must not be empty"),
            ("decide_owl", "invalid coordinate"),
            ("decide_owl I7", "invalid coordinate"),
            (
                "decide_owl A6 /nonexistent-dir/x.sgf",
                "cannot write /nonexistent-dir/x.sgf",
            ),
            (
                "decide_owl A6 a.sgf b",
                "decide_owl takes at most 2 arguments, got 3",
            ),
        ],
    );
    assert_eq!(e.board().depth(), 0);
}

#[test]
fn dragon_data_owl_fields_of_a_critical_and_a_dead_dragon() {
    let mut e = engine_with(STRAIGHT_THREE);
    // GNU Go 3.8 prints the same owl rows here (raw codes: WIN is 5).
    has_lines(
        &ok(&mut e, "dragon_data A6"),
        &[
            "owl_status              critical",
            "owl_attack_code         5",
            "owl_attack_point        B7",
            "owl_attack_certain      YES",
            "owl_2nd_attack_point    PASS",
            "owl_threat_status       unchecked",
            "owl_defense_code        5",
            "owl_defense_point       B7",
            "owl_defense_certain     YES",
            "owl_2nd_defense_point   PASS",
        ],
    );
    ok(&mut e, "play black B7");
    has_lines(
        &ok(&mut e, "dragon_data A6"),
        &[
            "owl_status              dead",
            "owl_defense_code        0",
            "owl_defense_point       PASS",
        ],
    );
    assert_eq!(e.board().depth(), 0);
}

#[test]
fn owl_entries_in_the_analyze_menu() {
    let mut e = Engine::default();
    has_lines(
        &ok(&mut e, "gogui-analyze_commands"),
        &[
            "varpo/Owl Attack/owl_attack %p",
            "varp/Owl Defend/owl_defend %p",
            "hpstring/Decide Owl/decide_owl %p",
            "hpstring/Decide Owl To SGF/decide_owl %p %w",
            "string/Owl Substantial/owl_substantial %p",
            "gfx/Dragon Status/tesuji-dragon_status",
        ],
    );
    for cmd in ["decide_owl", "owl_connection_defends", "owl_substantial"] {
        assert_eq!(ok(&mut e, &format!("known_command {cmd}")), "true");
    }
}

#[test]
fn analysis_shows_the_owl_moves_of_critical_dragons() {
    // The white dragon is critical at B7: black's attack and white's
    // defence are both shown.
    let mut e = engine_with(STRAIGHT_THREE);
    for color in ["b", "w"] {
        let line = ok(&mut e, &format!("analyze {color}"));
        assert!(
            line.starts_with("info move B7 visits ") && line.contains(" order 0 pv B7"),
            "{color}: {line}"
        );
    }
    // avoid drops it.
    let avoided = ok(&mut e, "analyze b avoid b B7 1");
    assert!(!avoided.contains("move B7 "), "{avoided}");
    // Deterministic.
    assert_eq!(ok(&mut e, "analyze b"), ok(&mut e, "analyze b"));
    // Streamed: the first line comes before the owl reads, which stop at
    // once when a line is waiting (in-memory input always has one).
    let text = served(&mut e, b"lz-analyze b 10\nname\n");
    assert!(text.starts_with("= \n\n= Tesuji"), "{text}");
    // Inside a trymove stack: refused, the board untouched.
    ok(&mut e, "trymove black C7");
    let inside = e.board().clone();
    refused_in_a_stack(&mut e, &["analyze b"]);
    assert_eq!(*e.board(), inside);
    ok(&mut e, "popgo");
}

use crate::semeai::tests::CORNER_IN_ATARI as CORNER_RACE;
#[test]
fn analyze_semeai_names_the_capture_and_answers_pass_when_lost() {
    let (mut e, before) = engine_and_board(CORNER_RACE);
    answers(
        &mut e,
        &[
            ("analyze_semeai C7 B6", "1 1 A7"),
            ("analyze_semeai B6 C7", "0 0 PASS"),
            ("analyze_semeai_after_move black A7 B6 C7", "0 0 PASS"),
            ("analyze_semeai_after_move white D7 C7 B6", "1 1 A7"),
        ],
    );
    ok(&mut e, "report_uncertainty on");
    assert_eq!(ok(&mut e, "analyze_semeai C7 B6"), "1 1 A7");
    assert_eq!(*e.board(), before);
}

#[test]
fn analyze_semeai_refuses_bad_input_and_leaves_the_state_intact() {
    let (mut e, before) = engine_and_board(CORNER_RACE);
    refusals(
        &mut e,
        &[
            ("analyze_semeai", "invalid coordinate"),
            ("analyze_semeai C7", "invalid coordinate"),
            ("analyze_semeai C7 Z99", "invalid coordinate"),
            ("analyze_semeai D7 B6", "dragon vertex must not be empty"),
            ("analyze_semeai C7 E7", "dragons must have opposite colors"),
        ],
    );
    ok(&mut e, "play white G1");
    refusals(
        &mut e,
        &[
            ("analyze_semeai C7 G1", "dragons are not adjacent"),
            (
                "analyze_semeai_after_move black C7 C7 B6",
                "move vertex is not empty",
            ),
            ("analyze_semeai_after_move pink A7 C7 B6", "invalid color"),
        ],
    );
    ok(&mut e, "trymove black D7");
    refused_in_a_stack(
        &mut e,
        &[
            "analyze_semeai C7 B6",
            "analyze_semeai_after_move black D6 C7 B6",
        ],
    );
    ok(&mut e, "popgo");
    ok(&mut e, "undo");
    assert_eq!(*e.board(), before);
}

use crate::combination::tests::DOUBLE_ATARI;
#[test]
fn combination_commands() {
    let mut e = engine_with(DOUBLE_ATARI);
    assert_eq!(ok(&mut e, "attack E7"), "0");
    assert_eq!(ok(&mut e, "combination_attack black"), "F7");
    assert_eq!(ok(&mut e, "combination_attack white"), "PASS");
    let defend = ok(&mut e, "combination_defend black");
    assert!(defend.split(' ').any(|v| v == "F7"), "{defend}");
    assert_eq!(ok(&mut e, "combination_defend white"), "PASS");
    // After white F7 black has nothing left.
    ok(&mut e, "play white F7");
    assert_eq!(ok(&mut e, "combination_attack black"), "PASS");
    assert_eq!(ok(&mut e, "combination_defend black"), "PASS");
    // GoGui marks the move on the board.
    let menu = ok(&mut e, "gogui-analyze_commands");
    assert!(menu.contains("varc/Combination Attack/combination_attack %c"));
}

#[test]
fn combination_commands_bad_input_and_stack() {
    let mut e = engine_with(DOUBLE_ATARI);
    let board = ok(&mut e, "showboard");
    for cmd in ["combination_attack", "combination_defend"] {
        assert_eq!(err(&mut e, cmd), "invalid color");
        assert_eq!(err(&mut e, &format!("{cmd} purple")), "invalid color");
        assert_eq!(err(&mut e, &format!("{cmd} F7")), "invalid color");
        assert_eq!(
            err(&mut e, &format!("{cmd} black extra")),
            "too many arguments"
        );
    }
    assert_eq!(ok(&mut e, "showboard"), board);
    // Inside a trymove stack the commands read the position on the board
    // and leave the stack as it was.
    ok(&mut e, "trymove white A1");
    assert_eq!(ok(&mut e, "combination_attack black"), "F7");
    assert!(ok(&mut e, "combination_defend black").contains("F7"));
    assert_eq!(e.board().depth(), 1);
    ok(&mut e, "trymove white F7");
    assert_eq!(ok(&mut e, "combination_attack black"), "PASS");
    assert_eq!(e.board().depth(), 2);
    ok(&mut e, "popgo");
    ok(&mut e, "popgo");
    assert_eq!(e.board().depth(), 0);
    assert_eq!(ok(&mut e, "showboard"), board);
    e.board().check_consistency().expect("consistent");
}

#[test]
fn solve_life_proves_the_straight_three_and_refuses_bad_input() {
    let (mut e, before) = engine_and_board(STRAIGHT_THREE);
    let answer = ok(&mut e, "solve_life A6");
    assert!(answer.starts_with("critical B7 B7 nodes "), "{answer}");
    // The black wall is open to the board: not a problem.
    assert_eq!(ok(&mut e, "solve_life E7"), "unknown nodes 0 open");
    // The owl question now has a proved answer.
    assert_eq!(ok(&mut e, "owl_attack A6"), "1 B7");
    let path = temp_file("decide_life.sgf");
    let report = ok(&mut e, &format!("decide_life A6 {}", path.display()));
    assert!(report.starts_with("A6: critical B7 B7"), "{report}");
    assert!(std::fs::read_to_string(&path).unwrap().contains(";B[ba]"));
    assert_eq!(err(&mut e, "solve_life C3"), "vertex must not be empty");
    assert!(err(&mut e, "solve_life A6 0").starts_with("budget must be"));
    assert!(err(&mut e, "solve_life A6 many").starts_with("budget must be"));
    // A budget too small to finish says so.
    assert!(ok(&mut e, "solve_life A6 1").starts_with("unknown nodes "));
    ok(&mut e, "trymove black B7");
    refused_in_a_stack(&mut e, &["solve_life A6"]);
    ok(&mut e, "popgo");
    assert_eq!(*e.board(), before);
}

/// `restricted_genmove` chooses among its vertices only: with a white
/// stone in atari at C3, `genmove` captures at C4 but the restricted
/// generator, allowed only elsewhere, does not; allowed C4 too, it
/// captures. Bad arguments are errors and the position is untouched.
#[test]
fn restricted_genmove_keeps_to_its_vertices() {
    let mut e = engine_with(
        ". . . . .
         . . . . .
         . X O X .
         . . X . .
         . . . . .",
    );
    let before = run(&mut e, "showboard").expect("showboard");
    assert_eq!(run(&mut e, "reg_genmove black").as_deref(), Ok("C4"));
    let elsewhere = run(&mut e, "restricted_genmove black A1 E5").expect("answer");
    assert!(
        ["A1", "E5", "PASS"].contains(&elsewhere.as_str()),
        "{elsewhere}"
    );
    assert_eq!(
        run(&mut e, "restricted_genmove black A1 C4").as_deref(),
        Ok("C4")
    );
    assert_eq!(err(&mut e, "restricted_genmove black"), "no allowed vertex");
    assert_eq!(
        err(&mut e, "restricted_genmove black Z9"),
        "invalid coordinate"
    );
    assert_eq!(err(&mut e, "restricted_genmove purple C4"), "invalid color");
    assert_eq!(run(&mut e, "showboard").expect("showboard"), before);
}

/// When the move generator would pass, `restricted_genmove` still names
/// one of its vertices if one is safe and no own eye: inside Black's
/// settled corner `genmove` passes, but a restricted call there answers
/// a point of the corner. An own eye is never named: allowed only the
/// eye, the answer is a pass.
#[test]
fn restricted_genmove_names_a_harmless_vertex_rather_than_pass() {
    let mut e = engine_with(
        ". X . X O . .
         X X . X O . .
         . . . X O . .
         X X X X O . .
         O O O O O . .
         . . . . . . .
         . . . . . . .",
    );
    ok(&mut e, "komi 0");
    let corner = ["C7", "A5", "B5", "C5", "C6"];
    let free = run(&mut e, "restricted_genmove black C7 A5 B5").expect("answer");
    assert!(corner.contains(&free.as_str()), "{free}");
    assert_eq!(
        run(&mut e, "restricted_genmove black A7").as_deref(),
        Ok("PASS")
    );
}

/// `loadsgf` keeps the tactical reader's table on a board of the same
/// size (its entries are keyed by the whole position, as GNU Go's are):
/// a position loaded again answers a question read before with the same
/// answer and no node. A record on another size clears the table.
#[test]
fn loadsgf_keeps_the_reading_table_on_a_board_of_the_same_size() {
    let mut e = Engine::default();
    let nine = sgf_file("reload9.sgf", "(;SZ[9]AB[cc][dc]AW[cb][db][bc][ed])");
    let thirteen = sgf_file("reload13.sgf", "(;SZ[13]AB[cc][dc]AW[cb][db][bc][ed])");
    let read = |e: &mut Engine| {
        ok(e, "reset_reading_node_counter");
        let answer = ok(e, "attack C7");
        (answer, ok(e, "get_reading_node_counter"))
    };
    ok(&mut e, &format!("loadsgf {nine}"));
    let (first, nodes) = read(&mut e);
    assert_eq!(first, "1 C6");
    assert_ne!(nodes, "0", "the first read reads");
    ok(&mut e, &format!("loadsgf {nine}"));
    assert_eq!(read(&mut e), (first.clone(), "0".to_string()));
    ok(&mut e, &format!("loadsgf {thirteen}"));
    ok(&mut e, &format!("loadsgf {nine}"));
    assert_eq!(
        read(&mut e),
        (first, nodes),
        "another size cleared the table"
    );
}
