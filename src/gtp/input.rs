//! Where the server's command lines come from.
//!
//! GNU Go counterpart: the `fgets` loop of `gtp_main_loop`
//! (`interface/gtp.c`), which blocks on stdin between commands. Two GUI
//! features need input to be watched *while* a command runs: GoGui's
//! interrupt (it writes the comment line `# interrupt` during a long
//! command) and Sabaki's analysis stream (`lz-analyze` runs until any
//! line arrives). [`ChannelLines`] reads stdin on its own thread for
//! that; [`BufLines`] serves in-memory input (tests, scripts), where the
//! next line is always ready.

use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// A source of raw GTP lines.
pub trait LineSource {
    /// The next raw line (with its line feed, if any); `None` at end of
    /// input.
    fn next_line(&mut self) -> io::Result<Option<Vec<u8>>>;

    /// Wait at most `timeout` for a line to arrive. True when one is
    /// waiting, or when input has ended (nothing can arrive any more, so a
    /// stream waiting for input must stop either way).
    fn wait_for_input(&mut self, timeout: Duration) -> bool;
}

/// Lines from any buffered reader, read on demand. Reading ahead would
/// block on an interactive stream, so [`LineSource::wait_for_input`]
/// reports input as always ready: a streaming command answers one round
/// and ends. Meant for in-memory input; use [`ChannelLines`] for stdin.
pub struct BufLines<R: BufRead>(pub R);

impl<R: BufRead> LineSource for BufLines<R> {
    fn next_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut raw = Vec::with_capacity(256);
        if self.0.read_until(b'\n', &mut raw)? == 0 {
            Ok(None)
        } else {
            Ok(Some(raw))
        }
    }

    fn wait_for_input(&mut self, _timeout: Duration) -> bool {
        true
    }
}

/// Lines read by a background thread and handed over through a channel,
/// so that the server can wait for input with a timeout. The thread
/// raises the interrupt flag when it reads GoGui's `# interrupt` line
/// (and does not pass that line on).
pub struct ChannelLines {
    lines: Receiver<io::Result<Vec<u8>>>,
    pending: Option<io::Result<Vec<u8>>>,
    ended: bool,
}

impl ChannelLines {
    /// Start reading `input` on a new thread; `interrupt` is raised on
    /// each `# interrupt` line.
    pub fn spawn<R: BufRead + Send + 'static>(
        mut input: R,
        interrupt: Arc<AtomicBool>,
    ) -> io::Result<ChannelLines> {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("gtp-input".into())
            .spawn(move || loop {
                let mut raw = Vec::with_capacity(256);
                match input.read_until(b'\n', &mut raw) {
                    Ok(0) => return,
                    Ok(_) if is_interrupt(&raw) => {
                        interrupt.store(true, Ordering::Relaxed);
                    }
                    Ok(_) => {
                        if tx.send(Ok(raw)).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            })?;
        Ok(ChannelLines {
            lines: rx,
            pending: None,
            ended: false,
        })
    }
}

impl LineSource for ChannelLines {
    fn next_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        let next = match self.pending.take() {
            Some(line) => Some(line),
            None if self.ended => None,
            None => self.lines.recv().ok(),
        };
        match next {
            Some(line) => line.map(Some),
            None => {
                self.ended = true;
                Ok(None)
            }
        }
    }

    fn wait_for_input(&mut self, timeout: Duration) -> bool {
        if self.pending.is_some() || self.ended {
            return true;
        }
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.pending = Some(line);
                true
            }
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                true
            }
        }
    }
}

/// GoGui's interrupt line: `# interrupt` (a comment, so whitespace and
/// case are not significant).
fn is_interrupt(raw: &[u8]) -> bool {
    let text = String::from_utf8_lossy(raw);
    let rest = text.trim().strip_prefix('#').map(str::trim);
    rest.is_some_and(|r| r.eq_ignore_ascii_case("interrupt"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interrupt_lines_raise_the_flag_and_are_not_passed_on() {
        let flag = Arc::new(AtomicBool::new(false));
        let input = io::Cursor::new(b"name\n# interrupt\nversion\n".to_vec());
        let mut lines = ChannelLines::spawn(input, flag.clone()).expect("thread");
        assert_eq!(lines.next_line().unwrap().unwrap(), b"name\n");
        assert_eq!(lines.next_line().unwrap().unwrap(), b"version\n");
        assert_eq!(lines.next_line().unwrap(), None);
        assert!(flag.load(Ordering::Relaxed));
        // After the end, waiting reports "stop" at once.
        assert!(lines.wait_for_input(Duration::from_secs(5)));
    }

    #[test]
    fn a_waited_for_line_is_kept_for_the_next_read() {
        let flag = Arc::new(AtomicBool::new(false));
        let input = io::Cursor::new(b"quit\n".to_vec());
        let mut lines = ChannelLines::spawn(input, flag.clone()).expect("thread");
        assert!(lines.wait_for_input(Duration::from_secs(5)));
        assert_eq!(lines.next_line().unwrap().unwrap(), b"quit\n");
        assert!(!flag.load(Ordering::Relaxed));
    }

    #[test]
    fn only_the_interrupt_comment_counts() {
        assert!(is_interrupt(b"# interrupt\n"));
        assert!(is_interrupt(b"#interrupt\r\n"));
        assert!(!is_interrupt(b"interrupt\n"));
        assert!(!is_interrupt(b"# interrupted\n"));
    }
}
