//! Driving a GTP engine process: start it in a directory, send one
//! command at a time, read framed responses with a time limit, and notice
//! when it dies.
//!
//! GoGui counterpart: `GtpClient` as gogui-regress uses it. Lines on the
//! engine's stdout that do not start a response (`=` / `?`) are skipped as
//! garbage; a response ends at the first empty line. stderr is discarded
//! (an engine may log freely without ever blocking on a full pipe).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// Split an engine command line with shell-like quoting (`'...'`,
/// `"..."`, backslash escapes outside single quotes).
pub fn split_command_line(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    cur.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                cur.push(e);
                            }
                        }
                        _ => cur.push(q),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(e) = chars.next() {
                    cur.push(e);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

/// Why a command got no response.
#[derive(Debug)]
pub enum EngineError {
    /// The engine closed its stdout or could not be written to.
    Died,
    /// No response within the time limit (the engine is killed).
    Timeout,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Died => write!(f, "engine died"),
            EngineError::Timeout => write!(f, "engine timed out"),
        }
    }
}

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    responses: Receiver<String>,
    timeout: Duration,
}

impl Engine {
    /// Start `argv` with working directory `cwd`.
    pub fn start(argv: &[String], cwd: &Path, timeout: Duration) -> std::io::Result<Engine> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty engine command"))?;
        let mut child = Command::new(program)
            .args(args)
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || read_responses(BufReader::new(stdout), tx));
        Ok(Engine {
            child,
            stdin,
            responses: rx,
            timeout,
        })
    }

    /// Send one command line and wait for its response (the text from `=`
    /// or `?` up to, not including, the terminating blank line).
    pub fn send(&mut self, command: &str) -> Result<String, EngineError> {
        let stdin = self.stdin.as_mut().ok_or(EngineError::Died)?;
        if writeln!(stdin, "{command}")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            return Err(EngineError::Died);
        }
        match self.responses.recv_timeout(self.timeout) {
            Ok(r) => Ok(r),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Died),
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                self.stdin = None;
                Err(EngineError::Timeout)
            }
        }
    }

    /// Send `quit`, close stdin and wait for the process (killing it if it
    /// lingers).
    pub fn finish(mut self) {
        if self.stdin.is_some() {
            let _ = self.send("quit");
        }
        self.stdin = None;
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Read framed responses from the engine's stdout until it closes.
fn read_responses(mut out: impl BufRead, tx: mpsc::Sender<String>) {
    let mut line = Vec::new();
    let mut current: Option<String> = None;
    loop {
        line.clear();
        match out.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        match current.as_mut() {
            None => {
                if text.starts_with('=') || text.starts_with('?') {
                    current = Some(text.to_string());
                }
            }
            Some(resp) => {
                if text.is_empty() {
                    if tx.send(current.take().unwrap_or_default()).is_err() {
                        return;
                    }
                } else {
                    resp.push('\n');
                    resp.push_str(text);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_splitting() {
        assert_eq!(
            split_command_line("/usr/games/gnugo --mode gtp --quiet"),
            ["/usr/games/gnugo", "--mode", "gtp", "--quiet"]
        );
        assert_eq!(
            split_command_line(r#"'my engine' -a "b c" d\ e"#),
            ["my engine", "-a", "b c", "d e"]
        );
        assert!(split_command_line("   ").is_empty());
    }

    #[test]
    fn responses_are_framed_by_blank_lines() {
        let (tx, rx) = mpsc::channel();
        let data = b"garbage\n= 1 G1\n\n=2 \n  A B\n 9 . .\n\n?3 illegal move\n\n";
        read_responses(&data[..], tx);
        let got: Vec<String> = rx.iter().collect();
        assert_eq!(got, ["= 1 G1", "=2 \n  A B\n 9 . .", "?3 illegal move"]);
    }
}
