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
