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

/// Longest command line the server reads (1 MiB, far beyond the longest
/// real command: a `gogui-play_sequence` of a whole 19x19 game is about
/// 8 KB). GTP sets no limit, but a line that never ends must not take
/// memory without bound.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How much of an over-long line is kept: enough to read its id and
/// command word, so that the error answer carries the id.
const TOO_LONG_PREFIX: usize = 256;

/// One raw input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawLine {
    /// The line with its line feed, if any; only the first bytes of an
    /// over-long line.
    pub bytes: Vec<u8>,
    /// The line was longer than [`MAX_LINE_BYTES`]: the rest was read and
    /// dropped, and the server answers it with an error.
    pub too_long: bool,
}

/// Read one line of at most [`MAX_LINE_BYTES`] from `input`; the rest of a
/// longer line is consumed and dropped, in pieces, so memory stays bounded
/// however long the line. `None` at end of input.
pub fn read_bounded_line<R: BufRead + ?Sized>(input: &mut R) -> io::Result<Option<RawLine>> {
    read_bounded_line_with(input, &mut Vec::new())
}

/// [`read_bounded_line`] reading through `scratch`, a buffer kept from
/// line to line: the returned line is allocated at its exact length.
/// The input thread reads ahead of the server and queues every line, so
/// a generous buffer per queued line would add up.
fn read_bounded_line_with<R: BufRead + ?Sized>(
    input: &mut R,
    scratch: &mut Vec<u8>,
) -> io::Result<Option<RawLine>> {
    let bytes = scratch;
    bytes.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        if !too_long {
            if bytes.len() + chunk.len() > MAX_LINE_BYTES {
                too_long = true;
                let room = TOO_LONG_PREFIX.saturating_sub(bytes.len());
                bytes.extend_from_slice(&chunk[..room.min(chunk.len())]);
                bytes.truncate(TOO_LONG_PREFIX);
                bytes.shrink_to_fit();
            } else {
                bytes.extend_from_slice(chunk);
            }
        }
        let n = chunk.len();
        input.consume(n);
        if ends {
            break;
        }
    }
    Ok(read_any.then(|| RawLine {
        bytes: bytes.as_slice().to_vec(),
        too_long,
    }))
}

/// A source of raw GTP lines.
pub trait LineSource {
    /// The next raw line; `None` at end of input.
    fn next_line(&mut self) -> io::Result<Option<RawLine>>;

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
    fn next_line(&mut self) -> io::Result<Option<RawLine>> {
        read_bounded_line(&mut self.0)
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
    lines: Receiver<io::Result<RawLine>>,
    pending: Option<io::Result<RawLine>>,
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
            .spawn(move || {
                let mut scratch = Vec::with_capacity(256);
                loop {
                    match read_bounded_line_with(&mut input, &mut scratch) {
                        Ok(None) => return,
                        Ok(Some(raw)) if !raw.too_long && is_interrupt(&raw.bytes) => {
                            interrupt.store(true, Ordering::Relaxed);
                        }
                        Ok(Some(raw)) => {
                            if tx.send(Ok(raw)).is_err() {
                                return;
                            }
                        }
                        Err(e) => {
                            let _ = tx.send(Err(e));
                            return;
                        }
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
    fn next_line(&mut self) -> io::Result<Option<RawLine>> {
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
        assert_eq!(lines.next_line().unwrap().unwrap().bytes, b"name\n");
        assert_eq!(lines.next_line().unwrap().unwrap().bytes, b"version\n");
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
        assert_eq!(lines.next_line().unwrap().unwrap().bytes, b"quit\n");
        assert!(!flag.load(Ordering::Relaxed));
    }

    #[test]
    fn an_over_long_line_is_dropped_in_bounded_memory_and_the_next_one_read() {
        // A small buffer: the long line arrives in many pieces.
        let mut text = b"12 name ".to_vec();
        text.resize(MAX_LINE_BYTES + 10, b'x');
        text.extend_from_slice(b"\nversion\n");
        let mut input = io::BufReader::with_capacity(1000, io::Cursor::new(text));
        let long = read_bounded_line(&mut input).unwrap().unwrap();
        assert!(long.too_long);
        // Read whole from memory (one chunk), the prefix is kept too.
        let mut whole = io::Cursor::new(b"12 name xxxxxxxx".repeat(MAX_LINE_BYTES / 8));
        let line = read_bounded_line(&mut whole).unwrap().unwrap();
        assert!(line.too_long && line.bytes.starts_with(b"12 name "));
        assert!(long.bytes.starts_with(b"12 name "));
        assert!(long.bytes.len() <= TOO_LONG_PREFIX);
        let next = read_bounded_line(&mut input).unwrap().unwrap();
        assert_eq!(next.bytes, b"version\n");
        assert!(!next.too_long);
        assert_eq!(read_bounded_line(&mut input).unwrap(), None);
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_kept_whole() {
        let mut text = vec![b'x'; MAX_LINE_BYTES - 1];
        text.push(b'\n');
        let line = read_bounded_line(&mut io::Cursor::new(text.clone()))
            .unwrap()
            .unwrap();
        assert!(!line.too_long);
        assert_eq!(line.bytes, text);
    }

    #[test]
    fn only_the_interrupt_comment_counts() {
        assert!(is_interrupt(b"# interrupt\n"));
        assert!(is_interrupt(b"#interrupt\r\n"));
        assert!(!is_interrupt(b"interrupt\n"));
        assert!(!is_interrupt(b"# interrupted\n"));
    }
}
