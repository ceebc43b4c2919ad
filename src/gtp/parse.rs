//! Stage 1 of command handling: raw input line -> `(id, command word, args)`.
//!
//! GNU Go counterpart: the line handling of `gtp_main_loop` in
//! `interface/gtp.c` (preprocessing, `sscanf("%d")` for the id, the command
//! word) and the `sscanf` number scanning of its handlers ([`scan_int`],
//! [`scan_float`]).
//!
//! Preprocessing follows GTP v2 §2: control characters other than HT and
//! LF are deleted, everything from `#` on is a comment, HT becomes a space,
//! and a line that is then blank gets no response. Lines arrive as bytes:
//! non-UTF-8 input is decoded lossily and can only ever produce an error
//! response. The parser itself is nom: an optional id, the command word, and
//! then `cut(args)` so that nothing after the command word can turn into an
//! "unknown command".

use nom::{
    bytes::complete::take_till1,
    character::complete::{digit1, one_of, space0, space1},
    combinator::{cut, eof, map, opt, recognize},
    multi::many0,
    sequence::{pair, preceded, terminated},
    IResult,
};

/// One parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command<'a> {
    /// The numeric id (`None` when absent, negative or out of range).
    pub id: Option<u64>,
    /// The command word, case-sensitive.
    pub name: &'a str,
    /// The whitespace-separated arguments (surplus ones are ignored by the
    /// handlers, as GNU Go does).
    pub args: Vec<&'a str>,
}

/// What a preprocessed line turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed<'a> {
    /// Nothing to answer: an id without a command (GNU Go skips such lines).
    Nothing,
    /// A command to execute.
    Command(Command<'a>),
}

/// Apply GTP preprocessing to a raw line (without or with its LF). Returns
/// `None` for lines that get no response (blank or comment-only).
pub fn preprocess(raw: &[u8]) -> Option<String> {
    let raw = match raw.iter().position(|&b| b == b'#') {
        Some(i) => &raw[..i],
        None => raw,
    };
    let raw = raw.strip_suffix(b"\n").unwrap_or(raw);
    // The usual line is printable ASCII: nothing to delete or replace.
    let plain = raw.iter().all(|&b| (0x20..0x7f).contains(&b));
    let text = if plain {
        String::from_utf8_lossy(raw)
    } else {
        let mut bytes: Vec<u8> = Vec::with_capacity(raw.len().min(4096));
        for &b in raw {
            match b {
                b'\t' => bytes.push(b' '),
                0x00..=0x1f | 0x7f => {}
                _ => bytes.push(b),
            }
        }
        std::borrow::Cow::Owned(String::from_utf8_lossy(&bytes).into_owned())
    };
    let trimmed = text.trim_matches(' ');
    if trimmed.is_empty() {
        None
    } else {
        Some(trimmed.to_string())
    }
}

/// A token: a run of non-space characters.
fn token(input: &str) -> IResult<&str, &str> {
    take_till1(|c: char| c == ' ')(input)
}

/// The optional id: a decimal integer with an optional sign (GNU Go reads
/// it with `%d`, so `+5` is id 5 and `-0` is id 0; a negative id means "no
/// id"). Ids that do not fit in a `u64` also count as no id.
fn id(input: &str) -> IResult<&str, Option<u64>> {
    map(recognize(pair(opt(one_of("+-")), digit1)), id_value)(input)
}

/// The value of an id's text (an optional sign and digits).
fn id_value(s: &str) -> Option<u64> {
    match s.as_bytes()[0] {
        b'-' => s[1..].bytes().all(|b| b == b'0').then_some(0),
        b'+' => s[1..].parse::<u64>().ok(),
        _ => s.parse::<u64>().ok(),
    }
}

/// The arguments after the command word, up to the end of the line.
fn args(input: &str) -> IResult<&str, Vec<&str>> {
    terminated(many0(preceded(space1, token)), pair(space0, eof))(input)
}

/// The parts of a command line: id (if any), command word, arguments.
type LineParts<'a> = (Option<Option<u64>>, &'a str, Vec<&'a str>);

fn line(input: &str) -> IResult<&str, LineParts<'_>> {
    let (input, _) = space0(input)?;
    let (input, id) = opt(id)(input)?;
    let (input, _) = space0(input)?;
    let (input, name) = token(input)?;
    let (input, args) = cut(args)(input)?;
    Ok((input, (id, name, args)))
}

/// Parse a preprocessed line.
pub fn parse_line(text: &str) -> Parsed<'_> {
    match line(text) {
        Ok((_, (id, name, args))) => Parsed::Command(Command {
            id: id.flatten(),
            name,
            args,
        }),
        // No command word after the id: nothing to answer.
        Err(_) => Parsed::Nothing,
    }
}

/// Read a leading integer like C's `sscanf("%d")`: optional sign, digits,
/// anything after them ignored. `None` when there are no digits or the
/// number does not fit.
pub fn scan_int(s: &str) -> Option<i64> {
    let bytes = s.as_bytes();
    let mut end = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits_start = end;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    if end == digits_start {
        return None;
    }
    s[..end].parse().ok()
}

/// Like [`scan_int`], but a number too large for an `i64` saturates to
/// `i64::MAX` (or `i64::MIN` when negative) instead of being no number, so
/// that `gg-undo 99999999999999999999` asks for too many moves rather than
/// falling back to a default.
pub fn scan_int_saturating(s: &str) -> Option<i64> {
    if let Some(n) = scan_int(s) {
        return Some(n);
    }
    let bytes = s.as_bytes();
    let negative = bytes.first() == Some(&b'-');
    let digits_start = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    if bytes.get(digits_start).is_some_and(u8::is_ascii_digit) {
        Some(if negative { i64::MIN } else { i64::MAX })
    } else {
        None
    }
}

/// Read a leading float like C's `sscanf("%f")`: the longest prefix that is
/// a number (`6.5`, `7`, `1e3`, `5.5x` reads 5.5). Only finite values.
pub fn scan_float(s: &str) -> Option<f32> {
    let bytes = s.as_bytes();
    let mut end = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let mut seen_digit = false;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
        seen_digit = true;
    }
    if end < bytes.len() && bytes[end] == b'.' {
        end += 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
            seen_digit = true;
        }
    }
    if !seen_digit {
        return None;
    }
    if end < bytes.len() && (bytes[end] == b'e' || bytes[end] == b'E') {
        let mut e = end + 1;
        if e < bytes.len() && (bytes[e] == b'+' || bytes[e] == b'-') {
            e += 1;
        }
        let exp_start = e;
        while e < bytes.len() && bytes[e].is_ascii_digit() {
            e += 1;
        }
        if e > exp_start {
            end = e;
        }
    }
    s[..end].parse::<f32>().ok().filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(text: &str) -> Option<(Option<u64>, String, Vec<String>)> {
        let pre = preprocess(text.as_bytes())?;
        match parse_line(&pre) {
            Parsed::Nothing => None,
            Parsed::Command(c) => Some((
                c.id,
                c.name.to_string(),
                c.args.iter().map(|s| s.to_string()).collect(),
            )),
        }
    }

    #[test]
    fn preprocessing_drops_comments_controls_and_blank_lines() {
        assert_eq!(preprocess(b"# comment\n"), None);
        assert_eq!(preprocess(b"   \r\n"), None);
        assert_eq!(preprocess(b"\n"), None);
        assert_eq!(preprocess(b"8\tversion\n").as_deref(), Some("8 version"));
        assert_eq!(preprocess(b"na\x01me # x").as_deref(), Some("name"));
        assert_eq!(preprocess(b"  attack D4 \n").as_deref(), Some("attack D4"));
        assert_eq!(preprocess(b"a\r\n").as_deref(), Some("a"));
        assert_eq!(preprocess(b"a\xff b\n").as_deref(), Some("a\u{fffd} b"));
        assert_eq!(preprocess(b"a\n\tb").as_deref(), Some("a b"));
    }

    #[test]
    fn ids_like_gnu_go() {
        assert_eq!(
            cmd("12 play b A1"),
            Some((Some(12), "play".into(), vec!["b".into(), "A1".into()]))
        );
        assert_eq!(cmd("-3 name"), Some((None, "name".into(), vec![])));
        assert_eq!(cmd("-0 name"), Some((Some(0), "name".into(), vec![])));
        assert_eq!(cmd("+5 name"), Some((Some(5), "name".into(), vec![])));
        assert_eq!(
            cmd("-5x name"),
            Some((None, "x".into(), vec!["name".into()]))
        );
        assert_eq!(cmd("+ name"), Some((None, "+".into(), vec!["name".into()])));
        assert_eq!(cmd("-7"), None);
        assert_eq!(
            cmd("3.5 name"),
            Some((Some(3), ".5".into(), vec!["name".into()]))
        );
        assert_eq!(cmd("7name"), Some((Some(7), "name".into(), vec![])));
        assert_eq!(cmd("7"), None);
        assert_eq!(
            cmd("  name   x  "),
            Some((None, "name".into(), vec!["x".into()]))
        );
    }

    #[test]
    fn scanning_numbers_like_sscanf() {
        assert_eq!(scan_int("9x"), Some(9));
        assert_eq!(scan_int("+9"), Some(9));
        assert_eq!(scan_int("-1"), Some(-1));
        assert_eq!(scan_int("x"), None);
        assert_eq!(scan_int("99999999999999999999999"), None);
        assert_eq!(
            scan_int_saturating("99999999999999999999999"),
            Some(i64::MAX)
        );
        assert_eq!(
            scan_int_saturating("-99999999999999999999x"),
            Some(i64::MIN)
        );
        assert_eq!(scan_int_saturating("+12"), Some(12));
        assert_eq!(scan_int_saturating("x1"), None);
        assert_eq!(scan_int_saturating("-"), None);
        assert_eq!(scan_float("5.5x"), Some(5.5));
        assert_eq!(scan_float("1e3"), Some(1000.0));
        assert_eq!(scan_float("-.5"), Some(-0.5));
        assert_eq!(scan_float("."), None);
        assert_eq!(scan_float("nan"), None);
    }
}
