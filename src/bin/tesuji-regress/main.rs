//! `tesuji-regress`: runs GNU Go `.tst` regression suites against any GTP
//! engine (tesuji by default), judging answers as gogui-regress does.
//!
//! GNU Go counterpart: `regression/regress.sh` / `regress.pl`; GoGui's
//! `gogui-regress`. Start reading at [`main`]; the format and the judge are
//! in [`tst`], the engine process in [`engine`].
//!
//! Per suite, a fresh engine is started with the suite's folder as working
//! directory (so `loadsgf games/x.sgf` resolves) and sent `name`,
//! `version`, `cputime`, the suite's lines, the node counters the engine
//! knows, `cputime` and `quit`. Suites run in parallel (`--jobs`); the
//! report is printed in the order the suites were given, so output does not
//! depend on scheduling. A suite whose engine dies or times out is reported
//! as such and the other suites go on.
//!
//! Exit status: with `--floors`, 1 when a suite passes fewer tests than its
//! floor (the CI gate), else 0; without, 1 when a test failed unexpectedly
//! (gogui-regress's convention); 2 for usage or I/O errors.

mod engine;
mod tst;

use clap::Parser;
use engine::{split_command_line, Engine};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tst::{judge, parse_suite, Verdict};

/// Command-line options.
#[derive(Parser, Debug)]
#[command(
    name = "tesuji-regress",
    version,
    about = "Run GNU Go .tst regression suites against a GTP engine"
)]
struct Options {
    /// Suites: .tst files, folders (every .tst inside), or @LIST files
    /// naming one suite per line.
    #[arg(required = true)]
    suites: Vec<String>,
    /// Engine command line (default: the tesuji binary next to this one).
    #[arg(long)]
    engine: Option<String>,
    /// Suites run at the same time (default: the number of cores).
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// Seconds one command may take before the engine is killed.
    #[arg(long, default_value_t = 600)]
    timeout: u64,
    /// Print every test, not only the unexpected results.
    #[arg(long)]
    long: bool,
    /// Report each suite on stderr as it finishes.
    #[arg(long)]
    progress: bool,
    /// Write a tab-separated summary (one row per suite) to this file.
    #[arg(long, value_name = "FILE")]
    summary: Option<PathBuf>,
    /// Floor file (`suite<TAB>minimum passes`): fail when a suite drops below.
    #[arg(long, value_name = "FILE")]
    floors: Option<PathBuf>,
}

/// One judged test.
struct TestOutcome {
    id: i64,
    command: String,
    verdict: Verdict,
    expected: String,
    response: String,
}

/// Everything measured on one suite.
#[derive(Default)]
struct SuiteResult {
    name: String,
    tests: Vec<TestOutcome>,
    /// Failed set-up (unnumbered) commands.
    errors: Vec<String>,
    /// Malformed `#?` lines (line number, reason).
    malformed: Vec<(usize, String)>,
    /// Set when the engine could not be started, died or timed out.
    aborted: Option<String>,
    wall: f64,
    cpu: Option<f64>,
    reading_nodes: Option<u64>,
    connection_nodes: Option<u64>,
}

impl SuiteResult {
    fn count(&self, v: Verdict) -> usize {
        self.tests.iter().filter(|t| t.verdict == v).count()
    }

    fn passed(&self) -> usize {
        self.tests.iter().filter(|t| t.verdict.passed()).count()
    }
}

fn main() {
    let options = Options::parse();
    std::process::exit(match run(&options) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tesuji-regress: {e}");
            2
        }
    });
}

fn run(options: &Options) -> Result<i32, String> {
    let suites = expand_suites(&options.suites)?;
    if suites.is_empty() {
        return Err("no suites found".into());
    }
    let argv = match &options.engine {
        Some(cmd) => split_command_line(cmd),
        None => vec![default_engine()?.to_string_lossy().into_owned()],
    };
    if argv.is_empty() {
        return Err("empty --engine command".into());
    }
    // Resolve a relative engine path now: each suite runs in its own folder.
    let argv = absolutize_program(argv);
    let jobs = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let timeout = Duration::from_secs(options.timeout.max(1));

    let results: Vec<Mutex<Option<SuiteResult>>> =
        suites.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(suites.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(path) = suites.get(i) else { break };
                let r = run_suite(&argv, path, timeout);
                if options.progress {
                    eprintln!(
                        "tesuji-regress: {} {}/{} ({:.1}s)",
                        r.name,
                        r.passed(),
                        r.tests.len(),
                        r.wall
                    );
                }
                *results[i].lock().expect("no poisoned result") = Some(r);
            });
        }
    });
    let results: Vec<SuiteResult> = results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .expect("no poisoned result")
                .expect("every suite ran")
        })
        .collect();

    for r in &results {
        print!("{}", suite_report(r, options.long));
    }
    print!("{}", summary_table(&results));
    if let Some(path) = &options.summary {
        std::fs::write(path, summary_tsv(&results))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = &options.floors {
        let floors = read_floors(path)?;
        let breaches = check_floors(&results, &floors);
        for b in &breaches {
            println!("FLOOR BREACH: {b}");
        }
        if breaches.is_empty() {
            println!("floors: all {} checked suites at or above their floor", {
                results
                    .iter()
                    .filter(|r| floors.contains_key(&r.name))
                    .count()
            });
            return Ok(0);
        }
        return Ok(1);
    }
    let unexpected = results
        .iter()
        .any(|r| r.count(Verdict::UnexpectedFail) > 0 || r.aborted.is_some());
    Ok(if unexpected { 1 } else { 0 })
}

/// The tesuji binary built next to this one.
fn default_engine() -> Result<PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find own path: {e}"))?;
    let engine = me.with_file_name(format!("tesuji{}", std::env::consts::EXE_SUFFIX));
    if engine.exists() {
        Ok(engine)
    } else {
        Err(format!(
            "no engine at {} (build it, or pass --engine)",
            engine.display()
        ))
    }
}

/// Make a program given with a relative path (containing a `/`) absolute.
fn absolutize_program(mut argv: Vec<String>) -> Vec<String> {
    let p = Path::new(&argv[0]);
    if p.is_relative() && argv[0].contains('/') {
        if let Ok(abs) = std::fs::canonicalize(p) {
            argv[0] = abs.to_string_lossy().into_owned();
        }
    }
    argv
}

/// Files, folders and @lists -> suite paths, in the order given (folders
/// sorted by name).
fn expand_suites(args: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for a in args {
        if let Some(list) = a.strip_prefix('@') {
            let text = std::fs::read_to_string(list)
                .map_err(|e| format!("cannot read suite list {list}: {e}"))?;
            let base = Path::new(list).parent().unwrap_or(Path::new("."));
            let names: Vec<String> = text
                .lines()
                .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
                .filter(|l| !l.is_empty())
                .map(|l| base.join(l).to_string_lossy().into_owned())
                .collect();
            out.extend(expand_suites(&names)?);
            continue;
        }
        let p = PathBuf::from(a);
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&p)
                .map_err(|e| format!("cannot read {a}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "tst"))
                .collect();
            files.sort();
            out.extend(files);
        } else if p.is_file() {
            out.push(p);
        } else {
            return Err(format!("no such suite: {a}"));
        }
    }
    Ok(out)
}

fn parse_float(resp: &str) -> Option<f64> {
    tst::judged_text(resp).parse().ok()
}

/// Run one suite on a fresh engine.
fn run_suite(argv: &[String], path: &Path, timeout: Duration) -> SuiteResult {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut result = SuiteResult {
        name,
        ..SuiteResult::default()
    };
    let started = Instant::now();
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            result.aborted = Some(format!("cannot read {}: {e}", path.display()));
            return result;
        }
    };
    let steps = parse_suite(&text);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut engine = match Engine::start(argv, &dir, timeout) {
        Ok(e) => e,
        Err(e) => {
            result.aborted = Some(format!("cannot start engine {}: {e}", argv[0]));
            return result;
        }
    };
    let mut cpu_before = None;
    let mut alive = true;
    for cmd in ["name", "version", "cputime"] {
        match engine.send(cmd) {
            Ok(r) if cmd == "cputime" && r.starts_with('=') => cpu_before = parse_float(&r),
            Ok(_) => {}
            Err(e) => {
                result.aborted = Some(e.to_string());
                alive = false;
                break;
            }
        }
    }
    for step in &steps {
        if let Some(tst::Expectation::Malformed { line, reason }) = &step.expect {
            result.malformed.push((*line, reason.clone()));
        }
        if step.command.is_empty() {
            continue;
        }
        let response = if alive {
            match engine.send(&step.command) {
                Ok(r) => r,
                Err(e) => {
                    result.aborted = Some(format!("{e} at line {}: {}", step.line, step.command));
                    alive = false;
                    format!("? ({e})")
                }
            }
        } else {
            "? (engine not running)".to_string()
        };
        match step.id {
            Some(id) => {
                let verdict = judge(step.expect.as_ref(), &response);
                let expected = match &step.expect {
                    // A negated pattern is shown as written: `!C1|B3`.
                    Some(tst::Expectation::Pattern {
                        source, negated, ..
                    }) => format!("{}{source}", if *negated { "!" } else { "" }),
                    Some(tst::Expectation::Malformed { reason, .. }) => reason.clone(),
                    None => "(success)".into(),
                };
                result.tests.push(TestOutcome {
                    id,
                    command: step.command.clone(),
                    verdict,
                    expected,
                    response: tst::judged_text(&response).to_string(),
                });
            }
            None => {
                if !response.starts_with('=') {
                    result.errors.push(format!(
                        "line {}: {} -> {}",
                        step.line,
                        step.command,
                        response.lines().next().unwrap_or("")
                    ));
                }
            }
        }
    }
    if alive {
        for (counter, slot) in [
            ("get_reading_node_counter", &mut result.reading_nodes),
            ("get_connection_node_counter", &mut result.connection_nodes),
        ] {
            let known = engine
                .send(&format!("known_command {counter}"))
                .is_ok_and(|r| tst::judged_text(&r) == "true");
            if known {
                if let Ok(r) = engine.send(counter) {
                    *slot = tst::judged_text(&r).parse().ok();
                }
            }
        }
        if let (Some(before), Ok(r)) = (cpu_before, engine.send("cputime")) {
            result.cpu = parse_float(&r).map(|after| after - before);
        }
    }
    engine.finish();
    result.wall = started.elapsed().as_secs_f64();
    result
}

/// The per-suite report: unexpected results (every test with `--long`),
/// errors, malformed lines and an abort reason.
fn suite_report(r: &SuiteResult, long: bool) -> String {
    let mut s = String::new();
    for t in &r.tests {
        let line = match t.verdict {
            Verdict::UnexpectedFail => format!(
                "{} {} unexpected FAIL: Correct '{}', got '{}'",
                r.name, t.id, t.expected, t.response
            ),
            Verdict::UnexpectedPass => format!("{} {} unexpected PASS!", r.name, t.id),
            _ if !long => continue,
            Verdict::Pass => format!("{} {} passed", r.name, t.id),
            Verdict::ExpectedFail => format!(
                "{} {} failed: Correct '{}', got '{}'",
                r.name, t.id, t.expected, t.response
            ),
            Verdict::Ignored => format!("{} {} ignored: got '{}'", r.name, t.id, t.response),
            Verdict::Malformed => format!("{} {} malformed: {}", r.name, t.id, t.expected),
        };
        let _ = writeln!(s, "{line}");
        if long {
            let _ = writeln!(s, "    {}", t.command);
        }
    }
    for e in &r.errors {
        let _ = writeln!(s, "{} error: {e}", r.name);
    }
    for (line, reason) in &r.malformed {
        let _ = writeln!(s, "{} malformed line {line}: {reason}", r.name);
    }
    if let Some(a) = &r.aborted {
        let _ = writeln!(s, "{} ABORTED: {a}", r.name);
    }
    s
}

fn opt<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref()
        .map_or_else(|| "-".to_string(), |x| x.to_string())
}

/// A human-readable table, one row per suite and a total.
fn summary_table(results: &[SuiteResult]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n{:<22} {:>9} {:>5} {:>5} {:>5} {:>5} {:>4} {:>8} {:>8} {:>12} {:>10}",
        "suite",
        "passed",
        "FAIL",
        "fail",
        "PASS",
        "err",
        "bad",
        "wall",
        "cpu",
        "read_nodes",
        "conn_nodes"
    );
    let (mut passed, mut total, mut wall, mut cpu) = (0, 0, 0.0, 0.0);
    for r in results {
        passed += r.passed();
        total += r.tests.len();
        wall += r.wall;
        cpu += r.cpu.unwrap_or(0.0);
        let _ = writeln!(
            s,
            "{:<22} {:>9} {:>5} {:>5} {:>5} {:>5} {:>4} {:>8.2} {:>8} {:>12} {:>10}{}",
            r.name,
            format!("{}/{}", r.passed(), r.tests.len()),
            r.count(Verdict::UnexpectedFail),
            r.count(Verdict::ExpectedFail),
            r.count(Verdict::UnexpectedPass),
            r.errors.len(),
            r.malformed.len(),
            r.wall,
            r.cpu.map_or_else(|| "-".into(), |c| format!("{c:.2}")),
            opt(&r.reading_nodes),
            opt(&r.connection_nodes),
            if r.aborted.is_some() { "  ABORTED" } else { "" }
        );
    }
    let _ = writeln!(
        s,
        "{:<22} {:>9} {:>41.2} {:>8.2}",
        "total",
        format!("{passed}/{total}"),
        wall,
        cpu
    );
    s
}

/// The machine-readable summary: a header and one tab-separated row per
/// suite.
fn summary_tsv(results: &[SuiteResult]) -> String {
    let mut s = String::from(
        "suite\ttests\tpassed\tFAIL\tfail\tPASS\tpass\tignored\terrors\tmalformed\twall\tcpu\treading_nodes\tconnection_nodes\taborted\n",
    );
    for r in results {
        let _ = writeln!(
            s,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.2}\t{}\t{}\t{}\t{}",
            r.name,
            r.tests.len(),
            r.passed(),
            r.count(Verdict::UnexpectedFail),
            r.count(Verdict::ExpectedFail),
            r.count(Verdict::UnexpectedPass),
            r.count(Verdict::Pass),
            r.count(Verdict::Ignored),
            r.errors.len(),
            r.malformed.len(),
            r.wall,
            r.cpu.map_or_else(|| "-".into(), |c| format!("{c:.2}")),
            opt(&r.reading_nodes),
            opt(&r.connection_nodes),
            r.aborted.as_deref().unwrap_or("-").replace('\t', " "),
        );
    }
    s
}

/// Read `suite<TAB>minimum` lines (`#` comments and blank lines skipped).
fn read_floors(path: &Path) -> Result<BTreeMap<String, usize>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read floors {}: {e}", path.display()))?;
    let mut floors = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut parts = line.split_whitespace();
        let (Some(suite), Some(min), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!(
                "{}:{}: expected 'suite minimum'",
                path.display(),
                i + 1
            ));
        };
        let min = min
            .parse()
            .map_err(|_| format!("{}:{}: bad minimum '{min}'", path.display(), i + 1))?;
        floors.insert(suite.to_string(), min);
    }
    Ok(floors)
}

/// Suites below their floor (suites without a floor are not gated).
fn check_floors(results: &[SuiteResult], floors: &BTreeMap<String, usize>) -> Vec<String> {
    results
        .iter()
        .filter_map(|r| {
            let floor = *floors.get(&r.name)?;
            (r.passed() < floor).then(|| {
                format!(
                    "{} passed {} < floor {}{}",
                    r.name,
                    r.passed(),
                    floor,
                    r.aborted
                        .as_ref()
                        .map_or_else(String::new, |a| format!(" ({a})"))
                )
            })
        })
        .collect()
}
