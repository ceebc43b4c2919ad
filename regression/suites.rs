//! Runs the project's own `.tst` suites (`regression/*.tst`, positions in
//! `regression/games/`) through `tesuji-regress` against the freshly built
//! `tesuji` binary. Fails on any unexpected result (an unexpected FAIL, or
//! an unexpected PASS that should be promoted by removing its `*`), a
//! malformed pattern or a dead engine.
//!
//! GNU Go's own suites are not run here (they are GPL data kept outside
//! the repository and take longer): `scripts/regress.sh` gates them
//! against `regression/floors.tsv` in CI.

use std::path::Path;
use std::process::Command;

#[test]
fn own_suites_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("regression");
    let mut suites: Vec<_> = std::fs::read_dir(&root)
        .expect("regression folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tst"))
        .collect();
    suites.sort();
    assert!(suites.len() >= 3, "own suites missing: {suites:?}");
    let out = Command::new(env!("CARGO_BIN_EXE_tesuji-regress"))
        .arg("--engine")
        .arg(env!("CARGO_BIN_EXE_tesuji"))
        .args(&suites)
        .output()
        .expect("run tesuji-regress");
    let report = String::from_utf8_lossy(&out.stdout);
    println!("{report}");
    assert!(out.status.success(), "tesuji-regress failed:\n{report}");
    for bad in ["unexpected", "malformed", "ABORTED"] {
        assert!(!report.contains(bad), "{bad} in report:\n{report}");
    }
    // Every suite ran and counted its tests.
    for s in &suites {
        let name = s.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            report
                .lines()
                .any(|l| l.starts_with(&name) && l.contains('/')),
            "no summary row for {name}"
        );
    }
}

#[test]
fn runner_reports_a_wrong_answer() {
    // A suite whose expectation is deliberately wrong must make the runner
    // fail: guards against a harness that passes everything.
    let dir = std::env::temp_dir().join(format!("tesuji-regress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let suite = dir.join("wrong.tst");
    std::fs::write(
        &suite,
        "boardsize 9\nplay black E5\n1 countlib E5\n#? [3]\n2 countlib E5\n#? [4]\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tesuji-regress"))
        .arg("--engine")
        .arg(env!("CARGO_BIN_EXE_tesuji"))
        .arg(&suite)
        .output()
        .expect("run tesuji-regress");
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("wrong.tst 1 unexpected FAIL: Correct '3', got '4'"),
        "{report}"
    );
    assert!(report.contains("1/2"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The commands of a `.tst` suite as a GTP script (comments, `#?` lines
/// and blank lines dropped).
fn suite_commands(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("suite");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Run `tesuji ARGS` in `dir` on `script`; its stdout.
fn run_engine(dir: &Path, args: &[&str], script: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start tesuji");
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let out = child.wait_with_output().expect("tesuji output");
    writer.join().expect("writer");
    assert!(out.status.success(), "tesuji {args:?} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn hash_table_changes_no_answer_on_gnu_go_suites() {
    // Issue 3: `--no-hash` is a debugging switch that must not change any
    // answer. Whole GNU Go tactical suites, answer by answer (node counts
    // may differ and are not part of the answers).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/gnugo-regression");
    if !dir.is_dir() {
        eprintln!("skipped: {} not found", dir.display());
        return;
    }
    for suite in ["reading.tst", "capture.tst", "connect.tst"] {
        let script = suite_commands(&dir.join(suite));
        let with = run_engine(&dir, &[], &script);
        let without = run_engine(&dir, &["--no-hash"], &script);
        let answers = with.split("\n\n").count();
        assert!(answers > 20, "{suite}: only {answers} answers");
        for (i, (a, b)) in with.split("\n\n").zip(without.split("\n\n")).enumerate() {
            assert_eq!(a, b, "{suite}: answer {i} differs with --no-hash");
        }
        assert_eq!(with.len(), without.len(), "{suite}: output lengths differ");
    }
}

#[test]
fn answers_are_deterministic() {
    // The same input gives the same output bytes (node counters included).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/gnugo-regression");
    if !dir.is_dir() {
        eprintln!("skipped: {} not found", dir.display());
        return;
    }
    let mut script = suite_commands(&dir.join("capture.tst"));
    script.push_str("get_reading_node_counter\nget_connection_node_counter\n");
    assert_eq!(
        run_engine(&dir, &[], &script),
        run_engine(&dir, &[], &script)
    );
}
