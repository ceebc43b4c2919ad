//! Property test of the GTP server on random byte streams: random mixes of
//! command words, vertices, colours, numbers (huge ones too), file names,
//! control bytes and raw bytes, split into lines by LF or CR LF, and also
//! plain random bytes.
//!
//! GNU Go counterpart: none (GNU Go aborts on some bad input; see
//! protocol.md 2.3). The properties, for every stream:
//! - [`serve_engine`] returns without panicking;
//! - the output is a sequence of well-framed responses: `=` or `?`, the id
//!   digits if the command had an id, one space, a body without empty
//!   lines, and exactly `"\n\n"` at the end;
//! - there is one response per line that is a command after preprocessing
//!   (not blank, not comment-only, not id-only), up to and including the
//!   first `quit`, with the line's id;
//! - the board passes `check_consistency` after every command, so silent
//!   corruption fails the test, not only a panic.
//!
//! Besides command lines and raw bytes, streams load random SGF setups
//! (random `AB`/`AW`/`AE` on small boards, legal and not: a setup that
//! leaves a string without liberties must be refused with the old game
//! intact) and build deep `trymove`/`tryko` stacks around a ko before
//! reading on top of them.
//!
//! The expected responses come from [`model`], a separate, deliberately
//! naive reading of GTP §2 preprocessing, not from the server's parser.
//! Runs from a fixed seed until at least [`MIN_COMMANDS`] command lines
//! were answered (3500 cases); `PROPTEST_CASES` sets the number of
//! cases instead and `PROPTEST_RNG_SEED` the seed. Failures are not
//! persisted to files.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use std::cell::Cell;
use tesuji::gtp::commands::COMMANDS;
use tesuji::gtp::{serve_engine, Engine};

/// Command lines answered (at least) when `PROPTEST_CASES` is not set.
const MIN_COMMANDS: usize = 100_000;
/// Cases run when `PROPTEST_CASES` is not set: enough for
/// [`MIN_COMMANDS`] (about 37 answered lines per case), a few seconds in
/// release.
const DEFAULT_CASES: u32 = 3500;
/// The scratch file each case's random SGF setup is written to.
const RANDOM_SGF: &str = "sgf/random.sgf";
/// Seed used when `PROPTEST_RNG_SEED` is not set.
const DEFAULT_SEED: u64 = 0x7e5e_0000_0000_0001;

/// Command words for the generator: the whole command table except
/// `printsgf`, which writes a file named by its argument.
fn command_words() -> Vec<&'static str> {
    COMMANDS
        .iter()
        .map(|c| c.name)
        .filter(|&n| n != "printsgf")
        .collect()
}

fn bytes_of(words: &[&'static str]) -> Vec<Vec<u8>> {
    words.iter().map(|w| w.as_bytes().to_vec()).collect()
}

/// A vertex-like token: any letter A-Z (I included), any case, rows 0-29.
fn vertex() -> impl Strategy<Value = Vec<u8>> {
    (0u8..26, any::<bool>(), 0u32..30).prop_map(|(letter, lower, row)| {
        let base = if lower { b'a' } else { b'A' };
        format!("{}{row}", (base + letter) as char).into_bytes()
    })
}

/// Numbers: small, negative, any i64, beyond i64, floats and non-numbers.
fn number() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => (-3i64..30).prop_map(|n| n.to_string().into_bytes()),
        1 => any::<i64>().prop_map(|n| n.to_string().into_bytes()),
        1 => prop::sample::select(bytes_of(&[
            "99999999999999999999999",
            "-99999999999999999999999",
            "4294967305",
            "6.5",
            "-0",
            "+5",
            "1e40",
            "nan",
            "inf",
        ])),
    ]
}

/// One argument-like token.
fn token() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        2 => prop::sample::select(bytes_of(&command_words())),
        4 => vertex(),
        3 => prop::sample::select(bytes_of(&[
            "b", "w", "black", "white", "B", "W", "x", "pass", "PASS",
        ])),
        3 => number(),
        1 => prop::sample::select(bytes_of(&[
            RANDOM_SGF,
            "sgf/capture.sgf",
            "sgf/handicap.sgf",
            "sgf/broken.sgf",
            "no-such-file.sgf",
            "alive",
            "dead",
            "seki",
            "dame",
            "-",
        ])),
        1 => prop::collection::vec(any::<u8>(), 0..8),
        1 => prop::sample::select(vec![0u8, 1, 9, 11, 12, 13, 27, 127, b'#', b' ', 0xff])
            .prop_map(|b| vec![b]),
    ]
}

/// A command-like line: optional id, usually a command word, arguments,
/// separated by spaces or tabs.
fn line() -> impl Strategy<Value = Vec<u8>> {
    let id = prop::option::of(prop_oneof![
        (0u64..1000).prop_map(|n| n.to_string()),
        (-5i64..0).prop_map(|n| n.to_string()),
        Just("99999999999999999999999".to_string()),
    ]);
    let word = prop_oneof![
        6 => prop::sample::select(bytes_of(&command_words())),
        1 => token(),
    ];
    (
        id,
        word,
        prop::collection::vec(token(), 0..5),
        any::<bool>(),
    )
        .prop_map(|(id, word, args, tabs)| {
            let sep = if tabs { b'\t' } else { b' ' };
            let mut l = Vec::new();
            if let Some(id) = id {
                l.extend_from_slice(id.as_bytes());
                l.push(sep);
            }
            l.extend_from_slice(&word);
            for a in args {
                l.push(sep);
                l.extend_from_slice(&a);
            }
            l
        })
}

/// A move-like line, where most of the board changes come from: a move
/// command, a colour and a vertex in the lower left 6x6 corner (so that
/// stones meet, capture and make ko), sometimes junk after it.
fn move_line() -> impl Strategy<Value = Vec<u8>> {
    let word = prop::sample::select(bytes_of(&[
        "play",
        "play",
        "play",
        "play",
        "trymove",
        "tryko",
        "is_legal",
        "black",
        "white",
        "popgo",
        "undo",
        "gg-undo",
        "countlib",
        "findlib",
        "all_legal",
    ]));
    let color = prop::sample::select(bytes_of(&["b", "w", "B", "white"]));
    let vertex = (0u8..6, 1u8..7).prop_map(|(c, r)| format!("{}{r}", (b'A' + c) as char));
    (
        prop::option::of(0u64..100),
        word,
        color,
        vertex,
        prop::option::of(token()),
    )
        .prop_map(|(id, word, color, vertex, junk)| {
            let mut l = Vec::new();
            if let Some(id) = id {
                l.extend_from_slice(format!("{id} ").as_bytes());
            }
            l.extend_from_slice(&word);
            l.push(b' ');
            l.extend_from_slice(&color);
            l.push(b' ');
            l.extend_from_slice(vertex.as_bytes());
            if let Some(junk) = junk {
                l.push(b' ');
                l.extend_from_slice(&junk);
            }
            l
        })
}

/// A stream: lines joined by LF or CR LF, maybe without a final newline;
/// or raw random bytes.
fn stream() -> impl Strategy<Value = Vec<u8>> {
    let lines = (
        prop::collection::vec(
            (prop_oneof![2 => line(), 3 => move_line()], any::<bool>()),
            0..60,
        ),
        any::<bool>(),
    )
        .prop_map(|(lines, final_newline)| {
            let mut s = Vec::new();
            let n = lines.len();
            for (i, (l, crlf)) in lines.into_iter().enumerate() {
                s.extend_from_slice(&l);
                if i + 1 < n || final_newline {
                    s.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
                }
            }
            s
        });
    prop_oneof![
        6 => lines,
        2 => (setup_lines(), prop::collection::vec(line(), 0..30)).prop_map(|(setup, rest)| {
            join_lines(setup.into_iter().chain(rest))
        }),
        1 => (deep_stack(), prop::collection::vec(line(), 0..20)).prop_map(|(stack, rest)| {
            join_lines(stack.into_iter().chain(rest))
        }),
        1 => prop::collection::vec(any::<u8>(), 0..2000),
        1 => prop::collection::vec(
            prop::sample::select(vec![b'\n', b' ', b'1', b'#', b'-', b'\t', 0u8, b'q']),
            0..200
        ),
    ]
}

fn join_lines(lines: impl Iterator<Item = Vec<u8>>) -> Vec<u8> {
    let mut s = Vec::new();
    for l in lines {
        s.extend_from_slice(&l);
        s.push(b'\n');
    }
    s
}

/// A random SGF game: a small board, random `AB`/`AW`/`AE` setup over one
/// to three nodes (often leaving strings without liberties, which the
/// engine must refuse), sometimes a few moves, sometimes an `IL` ko mark.
fn random_sgf() -> impl Strategy<Value = String> {
    let point = |size: u8| {
        (0..size, 0..size)
            .prop_map(|(c, r)| format!("[{}{}]", (b'a' + c) as char, (b'a' + r) as char))
    };
    (2u8..8)
        .prop_flat_map(move |size| {
            let props = prop::collection::vec(
                (
                    prop::sample::select(vec!["AB", "AW", "AW", "AB", "AE"]),
                    prop::collection::vec(point(size), 1..10),
                ),
                1..4,
            );
            let moves = prop::collection::vec((any::<bool>(), point(size)), 0..4);
            (
                Just(size),
                prop::collection::vec(props, 1..3),
                moves,
                prop::option::of(point(size)),
            )
        })
        .prop_map(|(size, nodes, moves, ko)| {
            let mut sgf = format!("(;SZ[{size}]");
            for (k, node) in nodes.iter().enumerate() {
                if k > 0 {
                    sgf.push(';');
                }
                for (id, pts) in node {
                    sgf.push_str(id);
                    for p in pts {
                        sgf.push_str(p);
                    }
                }
            }
            if let Some(ko) = ko {
                sgf.push_str(&format!("IL{ko}"));
            }
            for (black, p) in moves {
                sgf.push_str(&format!(";{}{p}", if black { "B" } else { "W" }));
            }
            sgf.push(')');
            sgf
        })
}

/// Lines that load the case's random SGF (written to [`RANDOM_SGF`] by the
/// test) and ask the readers about it: every command on a position that a
/// refused setup must have left as it was.
fn setup_lines() -> impl Strategy<Value = Vec<Vec<u8>>> {
    let question = prop::sample::select(bytes_of(&[
        "attack",
        "defend",
        "ladder_attack",
        "countlib",
        "findlib",
        "worm_data",
        "dragon_stones",
        "genmove b",
        "genmove w",
        "is_connected",
        "does_attack",
        "decide_connection",
        "lz-analyze 0",
        "tesuji-tactical_status",
        "final_score",
        "estimate_score",
        "block_off",
        "break_in",
        "owl_attack",
        "owl_defend",
        "owl_does_attack",
        "owl_connection_defends",
        "owl_substantial",
        "dragon_status",
        "tesuji-dragon_status",
        "analyze_semeai",
        "analyze_semeai_after_move b",
        "combination_attack b",
        "combination_defend w",
        "solve_life",
        "decide_life",
    ]));
    let vertex =
        (0u8..8, 1u8..9).prop_map(|(c, r)| format!("{}{r}", (b'A' + c) as char).into_bytes());
    let ask = (question, prop::collection::vec(vertex, 0..6)).prop_map(|(q, vs)| {
        let mut l = q;
        for v in vs {
            l.push(b' ');
            l.extend_from_slice(&v);
        }
        l
    });
    prop::collection::vec(ask, 1..12).prop_map(|asks| {
        let mut lines = vec![format!("loadsgf {RANDOM_SGF}").into_bytes()];
        lines.extend(asks);
        lines.push(b"showboard".to_vec());
        lines
    })
}

/// A ko on 9x9 (black C4 D5 D3, white E5 E3 F4 D4), then up to 300
/// `tryko` retakes in turn (the stack grows two moves per round), then
/// readers run on top of the stack and part of it is popped again.
fn deep_stack() -> impl Strategy<Value = Vec<Vec<u8>>> {
    (
        0usize..150,
        prop::collection::vec(
            prop::sample::select(bytes_of(&[
                "attack D4",
                "defend D4",
                "countlib D4",
                "ladder_attack C4",
                "is_legal b E4",
                "owl_attack D4",
                "owl_defend D4",
                "owl_substantial D4",
                "owl_connection_defends A1 D4 D4",
                "decide_owl D4",
                "dragon_status",
                "analyze_semeai D4 D5",
                "popgo",
                "popgo",
                "trymove b A1",
                "tryko w E4",
                "dragon_stones",
                "genmove b",
                "worm_data E4",
                "combination_attack w",
                "combination_defend b",
                "solve_life D4",
                "decide_life D4",
            ])),
            0..10,
        ),
    )
        .prop_map(|(rounds, tail)| {
            let mut lines: Vec<Vec<u8>> = [
                "boardsize 9",
                "play b C4",
                "play b D5",
                "play b D3",
                "play w E5",
                "play w E3",
                "play w F4",
                "play w D4",
            ]
            .iter()
            .map(|l| l.as_bytes().to_vec())
            .collect();
            for _ in 0..rounds {
                lines.push(b"tryko b E4".to_vec());
                lines.push(b"tryko w D4".to_vec());
            }
            lines.extend(tail);
            lines
        })
}

/// The naive model of GTP §2 preprocessing and GNU Go's id scan: for each
/// input line that gets a response, the id text the response must carry
/// (empty for none). Stops after `quit`.
mod model {
    /// Expected response ids, one per command line.
    pub fn responses(input: &[u8]) -> Vec<String> {
        let mut res = Vec::new();
        for raw in input.split(|&b| b == b'\n') {
            // Delete control characters but HT, cut the comment, HT -> SP.
            let mut kept = Vec::new();
            for &b in raw {
                match b {
                    b'#' => break,
                    b'\t' => kept.push(b' '),
                    b if b < 0x20 || b == 0x7f => {}
                    b => kept.push(b),
                }
            }
            let text = String::from_utf8_lossy(&kept).into_owned();
            let words: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
            let Some(&first) = words.first() else {
                continue;
            };
            // An id is a leading [+-]?[0-9]+, as C's `%d` reads it.
            let sign = usize::from(first.starts_with(['+', '-']));
            let digits = first[sign..].bytes().take_while(u8::is_ascii_digit).count();
            let (id, name) = if digits == 0 {
                (String::new(), Some(first))
            } else {
                let number = &first[..sign + digits];
                let rest = &first[sign + digits..];
                let name = if rest.is_empty() {
                    words.get(1).copied()
                } else {
                    Some(rest)
                };
                (id_text(number), name)
            };
            // A line holding only an id gets no response.
            let Some(name) = name else {
                continue;
            };
            res.push(id);
            if name == "quit" {
                break;
            }
        }
        res
    }

    /// The id a response carries for an id token: negative ids (but -0)
    /// and ids beyond u64 are no id.
    fn id_text(number: &str) -> String {
        let (negative, digits) = match number.as_bytes()[0] {
            b'-' => (true, &number[1..]),
            b'+' => (false, &number[1..]),
            _ => (false, number),
        };
        match digits.parse::<u64>() {
            Ok(0) => "0".into(),
            Ok(n) if !negative => n.to_string(),
            _ => String::new(),
        }
    }
}

/// Split the output into responses, checking the framing of each; returns
/// the id text of each response.
fn framed_ids(out: &str) -> Result<Vec<String>, String> {
    if out.is_empty() {
        return Ok(Vec::new());
    }
    let Some(body) = out.strip_suffix("\n\n") else {
        return Err("output does not end with a blank line".into());
    };
    let mut ids = Vec::new();
    for (k, response) in body.split("\n\n").enumerate() {
        let mut chars = response.char_indices();
        match chars.next() {
            Some((_, '=' | '?')) => {}
            _ => {
                return Err(format!(
                    "response {k} does not start with = or ?: {response:?}"
                ))
            }
        }
        let id: String = response[1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if response.as_bytes().get(1 + id.len()) != Some(&b' ') {
            return Err(format!(
                "response {k}: no space after status and id: {response:?}"
            ));
        }
        if response.ends_with('\n') {
            return Err(format!(
                "response {k} ends with more than two LFs: {response:?}"
            ));
        }
        if response.contains('\r') {
            return Err(format!("response {k} contains CR: {response:?}"));
        }
        ids.push(id);
    }
    Ok(ids)
}

/// Random streams write files (`printsgf FILE`, `decide_string V FILE`,
/// `finish_sgftrace FILE` with random names): run the server in a scratch
/// folder holding copies of `gtp-tests/sgf/`, never in the repository.
/// The working directory is process-wide; this test binary's other test
/// touches no files.
fn enter_scratch_dir() {
    static SCRATCH: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    SCRATCH.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tesuji-gtp-fuzz-{}", std::process::id()));
        let sgf = dir.join("sgf");
        std::fs::create_dir_all(&sgf).expect("scratch folder");
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests/sgf");
        for entry in std::fs::read_dir(&src).expect("gtp-tests/sgf") {
            let path = entry.expect("entry").path();
            std::fs::copy(&path, sgf.join(path.file_name().expect("name"))).expect("copy");
        }
        std::env::set_current_dir(&dir).expect("enter scratch folder");
        dir
    });
}

fn config() -> Config {
    // Config::default() reads PROPTEST_CASES and PROPTEST_RNG_SEED.
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = DEFAULT_CASES;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(DEFAULT_SEED);
    }
    config.failure_persistence = None;
    config
}

/// Serve `input` one line at a time (as the server reads it), checking the
/// board after every line; the output, or the first inconsistency.
fn serve_checked(engine: &mut Engine, input: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for line in input.split_inclusive(|&b| b == b'\n') {
        serve_engine(engine, line, &mut out).expect("writing to a Vec cannot fail");
        if let Err(e) = engine.board().check_consistency() {
            return Err(format!(
                "board inconsistent after {:?}: {e}",
                String::from_utf8_lossy(line)
            ));
        }
        if engine.quit {
            break;
        }
    }
    Ok(out)
}

#[test]
fn random_streams_get_framed_responses() {
    enter_scratch_dir();
    let config = config();
    let counting = std::env::var_os("PROPTEST_CASES").is_none();
    let mut runner = TestRunner::new(config);
    let answered = Cell::new(0usize);
    let strategy = (stream(), random_sgf());
    let result = runner.run(&strategy, |(input, sgf)| {
        std::fs::write(RANDOM_SGF, &sgf).expect("scratch SGF");
        let mut engine = Engine::default();
        let out = serve_checked(&mut engine, &input).map_err(TestCaseError::fail)?;
        let out = String::from_utf8(out)
            .map_err(|e| TestCaseError::fail(format!("output is not UTF-8: {e}")))?;
        let ids = framed_ids(&out).map_err(TestCaseError::fail)?;
        let expected = model::responses(&input);
        prop_assert_eq!(
            &ids,
            &expected,
            "response ids (left) differ from the command lines (right); SGF {}; output:\n{}",
            sgf,
            out
        );
        answered.set(answered.get() + ids.len());
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    eprintln!("fuzz: {} command lines answered", answered.get());
    if counting {
        assert!(
            answered.get() >= MIN_COMMANDS,
            "only {} command lines answered; raise DEFAULT_CASES",
            answered.get()
        );
    }
}

#[test]
fn model_agrees_on_known_lines() {
    let ids = |s: &str| model::responses(s.as_bytes());
    assert_eq!(
        ids("1 name\n# c\n\n7\n-3 name\n-0 name\n+5 name\n"),
        ["1", "", "0", "5"]
    );
    assert_eq!(ids("3.5 x\n-5x y\n12quit\nname\n"), ["3", "", "12"]);
    assert_eq!(
        ids("na\x01me\r\n\t\r\n99999999999999999999999 name"),
        ["", ""]
    );
    assert_eq!(
        framed_ids("=1 \n\n? unknown command\n\n=2 \nA\nB\n\n"),
        Ok(vec!["1".to_string(), String::new(), "2".to_string()])
    );
    assert!(framed_ids("=1\nx\n\n").is_err());
    assert!(framed_ids("= x\n\n\n").is_err());
}
