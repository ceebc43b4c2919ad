//! Golden GTP transcripts (style rule 13): every `gtp-tests/*.gtp` is fed
//! through [`tesuji::gtp::serve_engine`] with a fresh default (seed 0,
//! deterministic) engine, and the output is compared byte for byte with the
//! committed `*.out` next to it.
//!
//! GNU Go counterpart: the hand-checked GTP sessions of `regression/` run
//! through `regress.sh`; here each transcript's `#` header says what it
//! covers and where its answers differ from GNU Go 3.8 on purpose.
//!
//! The working directory is `gtp-tests/` while the transcripts run, so
//! `loadsgf sgf/x.sgf` finds `gtp-tests/sgf/x.sgf`, as it does when a
//! transcript is run by hand: `cd gtp-tests && tesuji < framing.gtp`.
//!
//! On a mismatch the test prints a line diff per transcript and fails.
//! `TESUJI_BLESS=1 cargo test --release --test golden` rewrites the `.out`
//! files from the current engine instead (review the diff before
//! committing). After the run the board of each transcript must also pass
//! `check_consistency`.

use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use tesuji::gtp::{serve_engine, Engine};

/// Lines of unchanged context printed around each difference.
const CONTEXT: usize = 2;
/// Diff lines printed per transcript before the rest is cut.
const MAX_DIFF_LINES: usize = 80;

/// The transcripts, sorted by file name.
fn transcripts(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "gtp"))
        .collect();
    files.sort();
    files
}

/// Run one transcript with a fresh engine; the output and a board
/// consistency verdict.
fn run(input: &[u8]) -> (Vec<u8>, Result<(), String>) {
    let mut engine = Engine::default();
    let mut out = Vec::new();
    serve_engine(&mut engine, input, &mut out).expect("writing to a Vec cannot fail");
    (out, engine.board().check_consistency())
}

/// A line diff (longest common subsequence) of `expected` and `actual`,
/// `-` for expected lines, `+` for actual ones, with a little context.
fn diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.split('\n').collect();
    let b: Vec<&str> = actual.split('\n').collect();
    // lcs[i][j]: length of the LCS of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    // The edit script: (' ' | '-' | '+', line number in `a` or `b`, text).
    let mut script: Vec<(char, usize, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            script.push((' ', i, a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            script.push(('-', i, a[i]));
            i += 1;
        } else {
            script.push(('+', j, b[j]));
            j += 1;
        }
    }
    let changed: Vec<usize> = script
        .iter()
        .enumerate()
        .filter(|(_, step)| step.0 != ' ')
        .map(|(k, _)| k)
        .collect();
    let mut res = String::new();
    let mut printed = 0;
    let mut last: Option<usize> = None;
    for (k, &(tag, line, text)) in script.iter().enumerate() {
        let near = changed.iter().any(|&c| c.abs_diff(k) <= CONTEXT);
        if !near {
            continue;
        }
        if printed == MAX_DIFF_LINES {
            res.push_str("  ... (diff cut)\n");
            break;
        }
        if last.is_some_and(|l| l + 1 != k) || (last.is_none() && k > 0) {
            res.push_str("  ...\n");
        }
        let _ = writeln!(res, "{tag} {:>4} | {}", line + 1, text.escape_debug());
        printed += 1;
        last = Some(k);
    }
    res
}

#[test]
fn golden_transcripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests");
    // loadsgf paths in the transcripts are relative to gtp-tests/. No other
    // test in this binary touches files, so changing the process-wide
    // working directory races with nothing.
    std::env::set_current_dir(&dir).expect("cannot enter gtp-tests/");
    let bless = std::env::var("TESUJI_BLESS").is_ok_and(|v| v == "1");
    let files = transcripts(&dir);
    assert!(!files.is_empty(), "no .gtp files in {}", dir.display());

    let mut failures = Vec::new();
    for gtp in &files {
        let name = gtp
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let input = fs::read(gtp).unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
        let (actual, consistent) = run(&input);
        if let Err(e) = consistent {
            failures.push(format!("{name}: board inconsistent at the end: {e}"));
        }
        let out = gtp.with_extension("out");
        let expected = fs::read(&out).ok();
        if bless {
            if expected.as_deref() != Some(&actual[..]) {
                fs::write(&out, &actual)
                    .unwrap_or_else(|e| panic!("cannot write {}: {e}", out.display()));
                // Straight to stderr: libtest captures eprintln! of passing tests.
                let _ = writeln!(std::io::stderr(), "blessed {}", out.display());
            }
            continue;
        }
        match expected {
            None => failures.push(format!(
                "{name}: no expected output {}; run with TESUJI_BLESS=1 to create it",
                out.display()
            )),
            Some(expected) if expected != actual => failures.push(format!(
                "{name}: output differs from {} (- expected, + actual):\n{}",
                out.display(),
                diff(
                    &String::from_utf8_lossy(&expected),
                    &String::from_utf8_lossy(&actual)
                )
            )),
            Some(_) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} transcripts failed (TESUJI_BLESS=1 rewrites the .out files):\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

mod diff_tests {
    use super::diff;

    #[test]
    fn diff_marks_changed_lines() {
        let d = diff("= a\n\n= b\n\n", "= a\n\n= c\n\n");
        assert!(d.contains("- ") && d.contains("= b"), "{d}");
        assert!(d.contains("+ ") && d.contains("= c"), "{d}");
        assert_eq!(diff("x\ny", "x\ny"), "");
    }
}
