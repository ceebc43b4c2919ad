//! Responses: the error type of command handlers, `=id `/`?id ` framing and
//! the wire formats of reading results.
//!
//! GNU Go counterpart: `gtp_success`, `gtp_failure`, `gtp_start_response`,
//! `gtp_finish_response` and `gtp_print_code` of `interface/gtp.c`. Every
//! response is the status character, the id glued to it, one space, the
//! result, and exactly one blank line; the output is flushed after each.

use crate::reading::ReadResult;
use std::borrow::Cow;
use std::fmt::{self, Write as _};
use std::io::{self, Write};

/// Why a command failed. The `Display` text is the message after `?id `,
/// GNU Go's wording wherever GNU Go has the command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The command word is not in the command table.
    UnknownCommand,
    /// A colour argument is missing or malformed.
    InvalidColor,
    /// A vertex argument is missing, malformed or off the board.
    InvalidCoordinate,
    /// A move argument (colour + vertex) is missing or malformed.
    InvalidColorOrCoordinate,
    /// The move is not legal (occupied, ko, suicide).
    IllegalMove,
    /// Nothing to undo, or undo is impossible now.
    CannotUndo,
    /// A string vertex was empty.
    VertexMustNotBeEmpty,
    /// `popgo` with no hypothetical move on the stack.
    StackEmpty,
    /// A command that changes or evaluates the real position was given
    /// while hypothetical moves are on the stack (carries the command name).
    StackOpen(String),
    /// Any other failure, with its message.
    Failure(String),
}

impl GtpError {
    /// A failure with a free-form message.
    pub fn msg(text: impl Into<String>) -> GtpError {
        GtpError::Failure(text.into())
    }
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GtpError::UnknownCommand => f.write_str("unknown command"),
            GtpError::InvalidColor => f.write_str("invalid color"),
            GtpError::InvalidCoordinate => f.write_str("invalid coordinate"),
            GtpError::InvalidColorOrCoordinate => f.write_str("invalid color or coordinate"),
            GtpError::IllegalMove => f.write_str("illegal move"),
            GtpError::CannotUndo => f.write_str("cannot undo"),
            GtpError::VertexMustNotBeEmpty => f.write_str("vertex must not be empty"),
            GtpError::StackEmpty => f.write_str("Stack empty."),
            GtpError::StackOpen(cmd) => write!(f, "{cmd} cannot be called when stackp > 0"),
            GtpError::Failure(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for GtpError {}

/// What a handler returns: the result text or an error.
pub type Reply = Result<String, GtpError>;

/// Write one framed response and flush. Trailing newlines of the body are
/// dropped and empty lines inside it are removed, so the response always
/// ends with exactly one blank line and contains no other.
pub fn write_response<W: Write + ?Sized>(
    out: &mut W,
    id: Option<u64>,
    reply: &Reply,
) -> io::Result<()> {
    let (status, body) = match reply {
        Ok(text) => ('=', Cow::Borrowed(text.as_str())),
        Err(e) => ('?', Cow::Owned(e.to_string())),
    };
    // Most bodies are one line: nothing to clean, nothing to copy.
    let body = if body.contains(['\n', '\r']) {
        Cow::Owned(sanitize(&body))
    } else {
        body
    };
    let mut framed = String::with_capacity(body.len() + 24);
    framed.push(status);
    if let Some(id) = id {
        write!(framed, "{id}").expect("writing to a String");
    }
    framed.push(' ');
    framed.push_str(&body);
    framed.push_str("\n\n");
    out.write_all(framed.as_bytes())?;
    out.flush()
}

/// Drop trailing newlines, empty inner lines and stray CRs from a body
/// (a body without CR or LF is returned unchanged).
fn sanitize(body: &str) -> String {
    let body = body.trim_end_matches(['\n', '\r']);
    let mut res = String::with_capacity(body.len());
    for (i, line) in body.split('\n').enumerate() {
        let line = line.trim_end_matches('\r');
        if i > 0 {
            // The first line may be empty (body starting on the next line,
            // as `showboard`); later empty lines would end the response.
            if line.is_empty() {
                continue;
            }
            res.push('\n');
        }
        res.push_str(line);
    }
    res
}

/// GNU Go's printed result code (`gtp_print_code`): 0 fail, 1 win,
/// 2 ko A (the side to move gets the first ko capture), 3 ko B.
pub fn result_code(r: ReadResult) -> u8 {
    match r {
        ReadResult::Fail => 0,
        ReadResult::Win => 1,
        ReadResult::KoA => 2,
        ReadResult::KoB => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(id: Option<u64>, reply: Reply) -> String {
        let mut out = Vec::new();
        write_response(&mut out, id, &reply).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn framing_is_exact() {
        assert_eq!(framed(Some(12), Ok(String::new())), "=12 \n\n");
        assert_eq!(framed(None, Ok("2".into())), "= 2\n\n");
        assert_eq!(
            framed(Some(5), Err(GtpError::CannotUndo)),
            "?5 cannot undo\n\n"
        );
        assert_eq!(framed(None, Ok("\nA\n\nB\n".into())), "= \nA\nB\n\n");
        assert_eq!(framed(Some(7), Ok("1 C3\r".into())), "=7 1 C3\n\n");
        assert_eq!(framed(Some(0), Ok("a b".into())), "=0 a b\n\n");
    }

    #[test]
    fn codes_as_gnu_go_prints_them() {
        assert_eq!(result_code(ReadResult::KoA), 2);
        assert_eq!(result_code(ReadResult::KoB), 3);
    }
}
