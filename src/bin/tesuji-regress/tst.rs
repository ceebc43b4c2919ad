//! The `.tst` regression format: parsing a suite into commands and
//! expectations, and judging an engine's answer the way gogui-regress does.
//!
//! GNU Go counterpart: `regression/regress.awk` / `regress.pl`, and
//! GoGui's `tools/regress/Regress.java`, whose matcher this follows:
//! - a `#? [PATTERN]` line judges the command line above it;
//! - the judged text is the whole response after its first space, trimmed
//!   (so multi-line answers can be matched);
//! - the pattern must match the whole text (regex with multi-line and
//!   dot-matches-newline flags);
//! - a trailing `*` marks an expected failure, a leading `!` inside the
//!   brackets negates the match, a trailing `&` (GNU Go's "statistics
//!   only") makes the result ignored;
//! - an error response (`?`) always fails;
//! - a numbered command without `#?` passes when it succeeds.
//!
//! Unlike gogui-regress, a malformed pattern (no closing bracket, a regex
//! that does not compile) does not abort the run: the test is reported as
//! malformed and the rest of the suite goes on.

use regex::Regex;

/// One line of a suite to send to the engine, with what is expected of it.
#[derive(Debug)]
pub struct Step {
    /// 1-based line number of the command in the file.
    pub line: usize,
    /// The command as sent (tabs turned into spaces, trimmed).
    pub command: String,
    /// The test id (leading integer), `None` for set-up commands.
    pub id: Option<i64>,
    /// The expectation from the following `#?` line, if any.
    pub expect: Option<Expectation>,
}

/// A parsed `#?` line.
#[derive(Debug)]
pub enum Expectation {
    /// A well-formed pattern.
    Pattern {
        /// The text between the brackets (without `!`), as written.
        source: String,
        /// The compiled whole-answer matcher.
        regex: Regex,
        /// `!` inside the brackets: the answer must not match.
        negated: bool,
        /// Trailing `*`: known failure.
        expected_fail: bool,
        /// Trailing `&`: result ignored (statistics only).
        ignored: bool,
    },
    /// A pattern that cannot be used, with the reason.
    Malformed {
        /// 1-based line number of the `#?` line.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// How one test came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Expected to pass and passed.
    Pass,
    /// Expected to pass and failed (a regression).
    UnexpectedFail,
    /// Expected to fail and failed.
    ExpectedFail,
    /// Expected to fail and passed (an improvement).
    UnexpectedPass,
    /// Result ignored (`&`).
    Ignored,
    /// The pattern could not be used.
    Malformed,
}

impl Verdict {
    /// Did the engine give the right answer?
    pub fn passed(self) -> bool {
        matches!(self, Verdict::Pass | Verdict::UnexpectedPass)
    }
}

/// The leading integer id of a command line, as gogui-regress reads it
/// (the text before the first space must be an integer).
pub fn command_id(command: &str) -> Option<i64> {
    let first = command.split(' ').next()?;
    first.parse().ok()
}

/// Parse a `#?` line (with the `#?` already removed).
pub fn parse_expectation(text: &str, line: usize) -> Expectation {
    let malformed = |reason: &str| Expectation::Malformed {
        line,
        reason: reason.to_string(),
    };
    let mut t = text.trim();
    if !t.starts_with('[') {
        return malformed("pattern does not start with '['");
    }
    let mut expected_fail = false;
    let mut ignored = false;
    if let Some(rest) = t.strip_suffix('*') {
        expected_fail = true;
        t = rest.trim_end();
    } else if let Some(rest) = t.strip_suffix('&') {
        ignored = true;
        t = rest.trim_end();
    }
    let Some(inner) = t.strip_suffix(']') else {
        return malformed("pattern has no closing bracket");
    };
    let mut inner = inner[1..].trim();
    let negated = inner.starts_with('!');
    if negated {
        inner = inner[1..].trim_start();
    }
    match Regex::new(&format!(r"(?ms)\A(?:{inner})\z")) {
        Ok(regex) => Expectation::Pattern {
            source: inner.to_string(),
            regex,
            negated,
            expected_fail,
            ignored,
        },
        Err(e) => malformed(&format!("bad regex: {e}")),
    }
}

/// Does a GTP engine answer this line? Not when, after the comment is cut,
/// only an id (or nothing) is left.
fn expects_response(command: &str) -> bool {
    let text = command.split('#').next().unwrap_or("").trim();
    let mut words = text.split_whitespace();
    match words.next() {
        None => false,
        Some(first) if first.parse::<i64>().is_ok() => words.next().is_some(),
        Some(_) => true,
    }
}

/// Parse a whole suite. Comment and blank lines are dropped; a `#?` line
/// attaches to the nearest command line above it.
pub fn parse_suite(text: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if let Some(rest) = trimmed.strip_prefix("#?") {
            let exp = parse_expectation(rest, line);
            match steps.last_mut() {
                Some(step) if step.expect.is_none() => step.expect = Some(exp),
                _ => steps.push(Step {
                    line,
                    command: String::new(),
                    id: None,
                    expect: Some(Expectation::Malformed {
                        line,
                        reason: "#? line with no command before it".into(),
                    }),
                }),
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let command = trimmed.replace('\t', " ");
        if !expects_response(&command) {
            // An id alone (`7`, `7 # note`) gets no response from a GTP
            // engine: sending it would wait forever.
            continue;
        }
        steps.push(Step {
            line,
            id: command_id(&command),
            command,
            expect: None,
        });
    }
    steps
}

/// The text gogui-regress judges: the response cut after its first space
/// and trimmed (`=12 1 G1` -> `1 G1`; `=12` alone -> ``).
pub fn judged_text(response: &str) -> &str {
    match response.find(' ') {
        Some(i) => response[i + 1..].trim(),
        None => "",
    }
}

/// Judge a response (`=...` or `?...`, without the final blank line)
/// against an expectation. `None` expectation: a numbered command passes
/// when it succeeds.
pub fn judge(expect: Option<&Expectation>, response: &str) -> Verdict {
    let ok = response.starts_with('=');
    match expect {
        None => {
            if ok {
                Verdict::Pass
            } else {
                Verdict::UnexpectedFail
            }
        }
        Some(Expectation::Malformed { .. }) => Verdict::Malformed,
        Some(Expectation::Pattern {
            regex,
            negated,
            expected_fail,
            ignored,
            ..
        }) => {
            if *ignored {
                return Verdict::Ignored;
            }
            let matched = ok && (regex.is_match(judged_text(response)) != *negated);
            match (matched, *expected_fail) {
                (true, false) => Verdict::Pass,
                (false, false) => Verdict::UnexpectedFail,
                (true, true) => Verdict::UnexpectedPass,
                (false, true) => Verdict::ExpectedFail,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(pattern: &str, response: &str) -> Verdict {
        judge(Some(&parse_expectation(pattern, 1)), response)
    }

    #[test]
    fn whole_answer_match() {
        assert_eq!(verdict("[1 G1]", "=2 1 G1"), Verdict::Pass);
        assert_eq!(verdict("[1 G1]", "=2 1 G12"), Verdict::UnexpectedFail);
        assert_eq!(verdict("[1 (S4|T5)]", "= 1 T5"), Verdict::Pass);
        // gogui-regress: alternation without parentheses splits the whole
        // pattern, so `1 P12` does not match `1 T15|O13|P12`.
        assert_eq!(
            verdict("[1 T15|O13|P12]", "=27 1 P12"),
            Verdict::UnexpectedFail
        );
        assert_eq!(verdict("[1 T15|O13|P12]", "=27 O13"), Verdict::Pass);
    }

    #[test]
    fn expected_fail_negation_and_ignore() {
        assert_eq!(verdict("[0]*", "=1 0"), Verdict::UnexpectedPass);
        assert_eq!(verdict("[0]*", "=1 1 A1"), Verdict::ExpectedFail);
        assert_eq!(verdict("[!P13]", "=1 Q13"), Verdict::Pass);
        assert_eq!(verdict("[!P13]", "=1 P13"), Verdict::UnexpectedFail);
        assert_eq!(verdict("[0]&", "=1 1 A1"), Verdict::Ignored);
    }

    #[test]
    fn errors_always_fail() {
        assert_eq!(
            verdict("[!P13]", "?1 unknown command"),
            Verdict::UnexpectedFail
        );
        assert_eq!(judge(None, "?3 illegal move"), Verdict::UnexpectedFail);
        assert_eq!(judge(None, "=3 "), Verdict::Pass);
    }

    #[test]
    fn multi_line_answers() {
        let resp = "=8 E19: critical D19 D19\nF16: dead";
        assert_eq!(verdict("[E19: critical D19 D19.*]", resp), Verdict::Pass);
    }

    #[test]
    fn malformed_patterns_are_reported_not_fatal() {
        assert!(matches!(
            parse_expectation(" [undecided", 7),
            Expectation::Malformed { line: 7, .. }
        ));
        assert!(matches!(
            parse_expectation(" 1 G1", 7),
            Expectation::Malformed { .. }
        ));
        assert!(matches!(
            parse_expectation(" [1 (G1]", 7),
            Expectation::Malformed { .. }
        ));
        assert_eq!(verdict("[undecided", "= undecided"), Verdict::Malformed);
    }

    #[test]
    fn suite_parsing() {
        let text = "# comment\nloadsgf games/x.sgf 12\n\n1 attack\tE3\n# note\n#? [0]\n2 defend F1\n#? [1 G1]*\n3 name\n7\n8 # id only\n";
        let steps = parse_suite(text);
        assert_eq!(steps.len(), 4);
        assert_eq!(steps[0].id, None);
        assert_eq!(steps[1].command, "1 attack E3");
        assert_eq!(steps[1].id, Some(1));
        assert!(steps[1].expect.is_some());
        assert!(matches!(
            steps[2].expect,
            Some(Expectation::Pattern {
                expected_fail: true,
                ..
            })
        ));
        assert!(steps[3].expect.is_none());
        assert_eq!(steps[3].id, Some(3));
    }
}
