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
