//! The `tesuji` binary over real pipes, as GUIs drive it: stdin is read on
//! its own thread (`gtp::input::ChannelLines`), so an `lz-analyze` stream
//! keeps repeating its `info` line until a line arrives, and GoGui's
//! `# interrupt` comment is swallowed without an answer. No sleeps: the
//! test reads the engine's output and answers when it has seen enough.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdout, Command, Stdio};

/// Read one response (up to its empty line).
fn response(out: &mut BufReader<ChildStdout>) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).expect("read") > 0, "engine ended");
        let line = line.trim_end_matches('\n').to_string();
        if line.is_empty() {
            return lines;
        }
        lines.push(line);
    }
}

#[test]
fn analysis_streams_until_input_and_interrupt_lines_are_swallowed() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tesuji");
    // A hung engine must fail the test, not stall it: kill it after a minute
    // (the reads below then see the end of output).
    let pid = child.id().to_string();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(60));
        let _ = Command::new("kill").args(["-9", &pid]).status();
    });
    let mut input = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    // A white stone in atari at B3; black's capture is at B4.
    for cmd in [
        "boardsize 5",
        "play b A3",
        "play w B3",
        "play b C3",
        "play b B2",
    ] {
        writeln!(input, "{cmd}").expect("write");
        assert_eq!(response(&mut out), vec!["= ".to_string()], "{cmd}");
    }
    // Every 10 ms an info line, until input arrives.
    writeln!(input, "lz-analyze B 1").expect("write");
    input.flush().expect("flush");
    let mut line = String::new();
    out.read_line(&mut line).expect("read");
    assert_eq!(line, "= \n");
    for _ in 0..3 {
        line.clear();
        out.read_line(&mut line).expect("read");
        assert_eq!(line, "info move B4 visits 10 winrate 5000 order 0 pv B4\n");
    }
    // Any line ends the stream, and is then answered itself; an
    // interrupt line gets no answer and changes nothing.
    writeln!(input, "# interrupt\n1 name\nattack B3\nquit").expect("write");
    input.flush().expect("flush");
    loop {
        line.clear();
        out.read_line(&mut line).expect("read");
        if line == "\n" {
            break;
        }
        assert_eq!(line, "info move B4 visits 10 winrate 5000 order 0 pv B4\n");
    }
    assert_eq!(response(&mut out), vec!["=1 Tesuji".to_string()]);
    assert_eq!(response(&mut out), vec!["= 1 B4".to_string()]);
    assert_eq!(response(&mut out), vec!["= ".to_string()]);
    assert!(child.wait().expect("exit").success());
}

/// Run the binary with `args` on the whole of `input`; (exit success,
/// stdout, stderr). `RUST_LOG` is removed: the default log level applies.
fn run_with(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tesuji");
    // An engine refusing its options exits without reading: ignore the
    // broken pipe then.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("run");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Issue 17: GNU Go's ko-rule options set the game's rule, which
/// `kata-get-rules` reports and `is_legal` applies (the 2x2 game of
/// gtp-tests/korules.gtp: Black's A2 repeats the board of move 2 with the
/// other colour to move); they exclude one another. A game record that
/// breaks the rule is loaded with a warning on stderr by default.
#[test]
fn ko_rule_options() {
    let script = "boardsize 2\nplay b A2\nplay w B2\nplay b A1\nplay w pass\nplay b B1\n\
                  play w B2\n1 kata-get-rules\n2 is_legal b A2\nquit\n";
    for (args, ko, legal) in [
        (&[][..], "SIMPLE", "1"),
        (&["--simple-ko"][..], "SIMPLE", "1"),
        (&["--no-ko"][..], "NONE", "1"),
        (&["--positional-superko"][..], "POSITIONAL", "0"),
        (&["--situational-superko"][..], "SITUATIONAL", "1"),
    ] {
        let (ok, out, _) = run_with(args, script);
        assert!(ok, "{args:?}");
        assert!(out.contains(&format!("\"ko\":\"{ko}\"")), "{args:?}: {out}");
        assert!(out.contains(&format!("=2 {legal}\n")), "{args:?}: {out}");
    }
    let (ok, _, err) = run_with(&["--no-ko", "--situational-superko"], "quit\n");
    assert!(!ok && err.contains("cannot be used with"), "{err}");
    let (ok, out, err) = run_with(
        &["--positional-superko"],
        "loadsgf gtp-tests/sgf/cycle-2x2.sgf\nquit\n",
    );
    assert!(ok);
    assert!(out.starts_with("= white\n"), "{out}");
    assert!(
        err.contains("move 7 (black A2) breaks positional superko"),
        "{err}"
    );
}

/// `--komaster-scheme N`: 1, 2, 3 and 5 read (a plain ko, which every
/// scheme answers the same way), 4 and others are refused with a message.
#[test]
fn komaster_scheme_option() {
    // A ko at the top: White's B4 is in atari, Black takes at C4 and
    // White could retake at B4 (attack B4: `2 C4`, KO_A).
    let script = "boardsize 5\nplay b B5\nplay w C5\nplay b A4\nplay w B4\nplay w D4\n\
                  play b B3\nplay w C3\n1 attack B4\nquit\n";
    let mut answers = Vec::new();
    for n in ["1", "2", "3", "5"] {
        let (ok, out, _) = run_with(&["--komaster-scheme", n], script);
        assert!(ok, "scheme {n}");
        let line = out.lines().find(|l| l.starts_with("=1")).expect("answer");
        answers.push(line.to_string());
    }
    assert!(answers.iter().all(|a| a == "=1 2 C4"), "{answers:?}");
    for n in ["4", "6", "x"] {
        let (ok, _, err) = run_with(&["--komaster-scheme", n], "quit\n");
        assert!(!ok, "scheme {n}");
        assert!(err.contains("--komaster-scheme"), "{err}");
    }
    let (_, _, err) = run_with(&["--komaster-scheme", "4"], "quit\n");
    assert!(err.contains("scheme 4"), "{err}");
}

/// `--owl-ko-check` is the default and `--no-owl-ko-check` leaves it out
/// (the later of the two flags wins). The black tripod of
/// `owl::tests::a_save_the_attacker_can_turn_into_a_ko_is_a_ko_with_the_check`:
/// its save at B8 is one White can turn into a ko, which the check finds
/// (`2 B8`, as GNU Go 3.8 answers) and the tree alone reads as clean.
#[test]
fn owl_ko_check_option() {
    let script = "boardsize 9\n\
                  play b C9\nplay w A8\nplay b D8\nplay w E8\n\
                  play b B7\nplay b C7\nplay w D7\nplay w E7\nplay w F7\nplay w G7\n\
                  play b B6\nplay w C6\nplay w D6\nplay w B5\nplay w C5\nplay w C4\n\
                  1 owl_defend B7\nquit\n";
    let answer = |args: &[&str]| {
        let (ok, out, err) = run_with(args, script);
        assert!(ok, "{args:?}: {err}");
        out.lines()
            .find(|l| l.starts_with("=1"))
            .expect("answer")
            .to_string()
    };
    assert_eq!(answer(&[]), "=1 2 B8");
    assert_eq!(answer(&["--owl-ko-check"]), "=1 2 B8");
    assert_eq!(answer(&["--no-owl-ko-check"]), "=1 1 B8");
    assert_eq!(answer(&["--owl-ko-check", "--no-owl-ko-check"]), "=1 1 B8");
    assert_eq!(answer(&["--no-owl-ko-check", "--owl-ko-check"]), "=1 2 B8");
}
