//! Certificates for the solver's verdicts where they differ from GNU Go
//! 3.8's `dragon_status` on owl.tst and ld_owl.tst (the 11 questions, on
//! 8 dragons, that `scripts/life-bench.sh` lists): which side is right,
//! shown by proofs a small verifier here checks move by move, not by
//! trusting the solver.
//!
//! A certificate is a proof tree of `tesuji::solve::proof` for one game of
//! `tesuji::solve::game`: play inside the dragon's enclosed region, a ko
//! master who may retake a ko at once, a repeated position lost by the ko
//! master; the attacker wins by capturing the target, the defender by
//! unconditional life, by capturing a wall, or when two passes leave the
//! target standing (or, in two stricter readings, only when it is
//! unconditionally alive, or only when no ko is left that the attacker
//! could take). [`Verifier`] walks the tree on its own board and checks,
//! independently of the solver's game code:
//! - at the winner's turns, one move, legal for the mover (the ko master
//!   may retake a ko the simple-ko rule forbids);
//! - at the loser's turns, every legal move on an empty point of the
//!   region, and pass, each exactly once;
//! - each line ends where the game ends, won by the proof's winner, as
//!   judged here: the target captured, a wall captured by the defender,
//!   the target unconditionally alive by the whole-board analysis of
//!   `tesuji::eyes::unconditional` (not the solver's region Benson test),
//!   two passes in a row (with the ko test written here for the stricter
//!   reading), or a position that repeats one of its own line (stones of
//!   the region, ko point, side to move and pass state).
//!
//! The region is found here with the walls `solve_life` uses
//! (the engine's `find_region` in `engine/life.rs`, called here: attacker strings that are invincible, or
//! have a liberty away from the defender, resist the tactical reader and
//! whose dragon the owl calls alive with certainty), checked to be closed
//! (every neighbour of a region point is in the region, off the board, or
//! a wall stone) and to have the size `decide_life` reports. The walls
//! are the one premise the certificates take on trust: in these positions
//! none is invincible, so a kill holds as long as the walls stand (the
//! report gives the fewest liberties a wall has anywhere in a tree).
//!
//! Each test checks, for one dragon: the certificates behind the solver's
//! answer (`critical A D [ko] [seki]`: each key move wins, with or
//! without a ko as marked, the seki mark); every answer of the `.tst`
//! (read from the suite at run time: GNU Go's regression data is never
//! copied here) against certificates after each of its moves, reading
//! the suite's codes as [`tst_verdict`] says, answers the certificates
//! refute being listed per case; GNU Go 3.8's `dragon_status` against
//! them; and a line played out from GNU Go's own reply to the key move
//! against its status (recorded below with where it came from), whose
//! end position is judged again. `--nocapture` prints the report;
//! `LIFE_CERT_DUMP=N` also prints every tree to depth N.
//!
//! The suites are found in `$TESUJI_SUITES_DIR`, by default
//! `<CARGO_MANIFEST_DIR>/../shared/gnugo-regression`; when they are
//! missing the tests fail, unless `TESUJI_SKIP_SUITE_TESTS=1`.

use std::path::{Path, PathBuf};

use tesuji::board::{Board, Color, Point};
use tesuji::engine::life;
use tesuji::eyes::unconditional::{unconditional_life, unconditional_status, Claim};
use tesuji::game::sgf::{load_sgf_file, StopAt};
use tesuji::gtp::{serve_engine, Engine};
use tesuji::solve::game::{PassEnd, Rules};
use tesuji::solve::proof::{prove_tree, ProofNode};
use tesuji::solve::Region;

/// Node budget of one certificate's search.
const BUDGET: u64 = 5_000_000;
/// Largest proof tree built (moves); a cut tree certifies nothing.
const MAX_TREE: usize = 3_000_000;

/// The folder of GNU Go's suites, `None` when it is missing and the
/// caller asked to skip.
fn suites() -> Option<PathBuf> {
    let dir = std::env::var_os("TESUJI_SUITES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/gnugo-regression")
        });
    if dir.join("owl.tst").is_file() && dir.join("ld_owl.tst").is_file() {
        return Some(dir);
    }
    if std::env::var("TESUJI_SKIP_SUITE_TESTS").is_ok_and(|v| v == "1") {
        eprintln!(
            "skipped: no owl.tst / ld_owl.tst in {} (TESUJI_SKIP_SUITE_TESTS=1)",
            dir.display()
        );
        return None;
    }
    panic!(
        "GNU Go's regression suites not found in {}: set TESUJI_SUITES_DIR to the folder \
         holding owl.tst and ld_owl.tst, or TESUJI_SKIP_SUITE_TESTS=1 to skip",
        dir.display()
    );
}

// ---------------------------------------------------------------------
// Vertices and the .tst file

/// Board column letters (no I).
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

/// `Point::NONE` for PASS.
fn parse_vertex(s: &str, size: usize) -> Point {
    if s.eq_ignore_ascii_case("PASS") {
        return Point::NONE;
    }
    let s = s.to_ascii_uppercase();
    let col = COLUMNS
        .find(&s[..1])
        .unwrap_or_else(|| panic!("bad vertex {s}"));
    let number: usize = s[1..].parse().unwrap_or_else(|_| panic!("bad vertex {s}"));
    assert!(col < size && (1..=size).contains(&number), "bad vertex {s}");
    Point::new(size - number, col)
}

fn vertex(p: Point, size: usize) -> String {
    if !p.is_some() {
        return "PASS".into();
    }
    format!("{}{}", &COLUMNS[p.col()..=p.col()], size - p.row())
}

/// One question of a `.tst` file.
#[derive(Clone, Debug)]
struct TstQuestion {
    number: u32,
    /// The arguments of the `loadsgf` before it.
    load: Vec<String>,
    /// `owl_attack` or `owl_defend`.
    command: String,
    vertex: String,
    /// The expected result code (0, 1, 2, 3).
    code: u32,
    /// The expected moves (any of them), `PASS` included.
    moves: Vec<String>,
}

fn tst_question(dir: &Path, suite: &str, number: u32) -> TstQuestion {
    let path = dir.join(format!("{suite}.tst"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut load: Vec<String> = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"loadsgf") {
            load = words[1..].iter().map(|w| w.to_string()).collect();
            continue;
        }
        if words.first() != Some(&number.to_string().as_str()) {
            continue;
        }
        let answer = lines
            .find(|l| l.starts_with("#?"))
            .unwrap_or_else(|| panic!("{suite}:{number} has no answer line"));
        let inner = answer
            .split_once('[')
            .and_then(|(_, r)| r.split_once(']'))
            .map(|(i, _)| i.trim())
            .unwrap_or_else(|| panic!("{suite}:{number}: cannot read {answer}"));
        let (code, moves) = inner.split_once(' ').unwrap_or((inner, ""));
        let moves = moves
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .split('|')
            .filter(|m| !m.is_empty())
            .map(|m| m.trim().to_string())
            .collect();
        return TstQuestion {
            number,
            load: load.clone(),
            command: words[1].to_string(),
            vertex: words[2].to_string(),
            code: code.parse().expect("result code"),
            moves,
        };
    }
    panic!("{suite}:{number} not found in {}", path.display());
}

// ---------------------------------------------------------------------
// The position, the solver's answers over GTP, the region

/// The position a `.tst` question loads.
fn load_position(dir: &Path, load: &[String]) -> Board {
    let stop = match load.get(1) {
        Some(n) => StopAt::MoveNumber(n.parse().expect("move number")),
        None => StopAt::End,
    };
    let loaded = load_sgf_file(&dir.join(&load[0]), stop).expect("loadsgf");
    loaded.game.board().clone()
}

/// The engine's answers to `commands` after loading the position.
fn gtp_answers(dir: &Path, load: &[String], commands: &[String]) -> Vec<String> {
    let mut script = format!("loadsgf {}", dir.join(&load[0]).display());
    if let Some(n) = load.get(1) {
        script.push_str(&format!(" {n}"));
    }
    script.push('\n');
    for c in commands {
        script.push_str(c);
        script.push('\n');
    }
    let mut engine = Engine::default();
    let mut out = Vec::new();
    serve_engine(&mut engine, script.as_bytes(), &mut out).expect("writing to a Vec");
    let text = String::from_utf8(out).expect("utf-8");
    let answers: Vec<String> = text
        .split("\n\n")
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .collect();
    assert_eq!(answers.len(), commands.len() + 1, "answers: {text}");
    for a in &answers {
        assert!(a.starts_with('='), "GTP error: {a}");
    }
    answers[1..]
        .iter()
        .map(|a| a.trim_start_matches('=').trim().to_string())
        .collect()
}

/// The region `solve_life` reads around `target`: the engine's own
/// region finder ([`tesuji::engine::life::find_region`]) on an engine that
/// loaded the same position.
fn find_region(dir: &Path, load: &[String], board: &Board, target: Point) -> Region {
    let mut engine = Engine::default();
    let mut script = format!("loadsgf {}", dir.join(&load[0]).display());
    if let Some(n) = load.get(1) {
        script.push_str(&format!(" {n}"));
    }
    script.push('\n');
    let mut out = Vec::new();
    serve_engine(&mut engine, script.as_bytes(), &mut out).expect("writing to a Vec");
    assert!(
        engine.board() == board,
        "the engine loaded another position"
    );
    life::find_region(&mut engine, target).expect("the dragon is enclosed")
}

/// The region is closed: every neighbour of a region point is in it, off
/// the board, or a stone of a wall string.
fn check_closed(board: &Board, region: &Region) {
    let attacker = region.defender.opponent();
    for &p in &region.list {
        for q in p.neighbors() {
            if !board.on_board(q) || region.points.contains(q) {
                continue;
            }
            assert!(
                board.color_at(q) == Some(attacker)
                    && region.walls.iter().any(|&w| board.same_chain(w, q)),
                "the region leaks at {}",
                vertex(q, board.size())
            );
        }
    }
}

/// The solver's answer, read from `solve_life`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Alive {
        seki: bool,
    },
    Dead,
    Critical {
        attack: Point,
        defense: Point,
        ko: bool,
        seki: bool,
    },
}

fn parse_answer(s: &str, size: usize) -> Answer {
    let w: Vec<&str> = s.split_whitespace().collect();
    match w[0] {
        "alive" => Answer::Alive {
            seki: w.contains(&"seki"),
        },
        "dead" => Answer::Dead,
        "critical" => Answer::Critical {
            attack: parse_vertex(w[1], size),
            defense: parse_vertex(w[2], size),
            ko: w.contains(&"ko"),
            seki: w.contains(&"seki"),
        },
        _ => panic!("solve_life answered {s}"),
    }
}

// ---------------------------------------------------------------------
// The verifier

/// What a verified tree holds.
#[derive(Clone, Debug, Default)]
struct Stats {
    /// Moves in the tree.
    moves: usize,
    /// Line endings by kind.
    captured: usize,
    wall: usize,
    unconditional: usize,
    two_passes: usize,
    repeated: usize,
    /// Endings found by the whole-board check before the solver's own.
    earlier: usize,
    /// Two-pass endings where the attacker could take a ko.
    open_ko: usize,
    /// Most ko retakes the simple-ko rule forbids that the ko master
    /// makes along one line (the loser choosing the line).
    retakes: usize,
    /// Least liberties of a wall string in any position of the tree.
    wall_libs: usize,
    /// Longest line.
    depth: usize,
}

/// Checks a proof tree on its own board (see the module docs).
struct Verifier<'a> {
    board: Board,
    region: &'a Region,
    ko_master: Color,
    pass_end: PassEnd,
    winner: Color,
    /// Positions of the current line, root first.
    line: Vec<Vec<u8>>,
    /// Moves of the current line (messages).
    moves: Vec<Point>,
    stats: Stats,
}

impl Verifier<'_> {
    fn defender(&self) -> Color {
        self.region.defender
    }

    fn attacker(&self) -> Color {
        self.region.defender.opponent()
    }

    fn signature(&self, to_move: Color, passed: bool) -> Vec<u8> {
        let mut sig: Vec<u8> = self
            .region
            .list
            .iter()
            .map(|&p| match self.board.color_at(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            })
            .collect();
        let ko = self.board.ko_point();
        sig.extend_from_slice(&(ko.idx() as u32).to_le_bytes());
        sig.push(u8::from(to_move == Color::White));
        sig.push(u8::from(passed));
        sig
    }

    fn here(&self) -> String {
        let size = self.board.size();
        let line: Vec<String> = self.moves.iter().map(|&m| vertex(m, size)).collect();
        format!("after [{}]", line.join(" "))
    }

    /// Legal moves of `color` here, pass last.
    fn legal_moves(&self, color: Color) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .region
            .list
            .iter()
            .copied()
            .filter(|&p| {
                if color == self.ko_master {
                    self.board.is_legal_ignoring_ko(p, color)
                } else {
                    self.board.is_legal(p, color)
                }
            })
            .collect();
        out.push(Point::NONE);
        out
    }

    /// Whether the game ended with `mover`'s move `mv` (just played;
    /// `passed`: the move before it was a pass), and how.
    fn ending(&mut self, mover: Color, mv: Point, passed: bool) -> Option<(Color, &'static str)> {
        let (d, a) = (self.defender(), self.attacker());
        if !mv.is_some() && passed {
            let attacker_wins = match self.pass_end {
                PassEnd::Standing => false,
                PassEnd::Unconditional => true,
                PassEnd::NoKoLeft => self.attacker_ko_open(),
            };
            return Some((if attacker_wins { a } else { d }, "two passes"));
        }
        if self.board.color_at(self.region.target) != Some(d) {
            return Some((a, "target captured"));
        }
        if mover == d
            && self
                .region
                .walls
                .iter()
                .any(|&w| self.board.color_at(w) != Some(a))
        {
            return Some((d, "wall captured"));
        }
        if unconditional_life(&mut self.board, d).claim(self.region.target) == Claim::Invincible {
            return Some((d, "unconditionally alive"));
        }
        let sig = self.signature(mover.opponent(), !mv.is_some());
        if self.line.contains(&sig) {
            return Some((self.ko_master.opponent(), "position repeated"));
        }
        None
    }

    /// Whether the attacker could take a ko now: an empty region point
    /// whose neighbours on the board are all defender stones, exactly one
    /// of them in atari, and that one a lone stone.
    fn attacker_ko_open(&self) -> bool {
        let d = self.defender();
        self.region.list.iter().any(|&p| {
            if !self.board.is_empty(p) {
                return false;
            }
            let mut lone = 0;
            for q in p.neighbors() {
                if !self.board.on_board(q) {
                    continue;
                }
                if self.board.color_at(q) != Some(d) {
                    return false;
                }
                if self.board.countlib(q) == 1 {
                    if self.board.chain_size(q) != 1 {
                        return false;
                    }
                    lone += 1;
                }
            }
            lone == 1
        })
    }

    /// Check the tree `nodes` below the position `to_move` faces; the
    /// most forbidden ko retakes of the ko master along one line below.
    fn walk(&mut self, nodes: &[ProofNode], to_move: Color, passed: bool) -> Result<usize, String> {
        self.stats.depth = self.stats.depth.max(self.moves.len());
        let wall_libs = self
            .region
            .walls
            .iter()
            .map(|&w| self.board.countlib(w))
            .min()
            .unwrap_or(usize::MAX);
        self.stats.wall_libs = self.stats.wall_libs.min(wall_libs);
        let legal = self.legal_moves(to_move);
        let given: Vec<Point> = nodes.iter().map(|n| n.mv).collect();
        if to_move == self.winner {
            if given.len() != 1 || !legal.contains(&given[0]) {
                return Err(format!(
                    "{}: the winner ({to_move}) must have one legal move, the tree gives {:?}",
                    self.here(),
                    given
                ));
            }
        } else {
            let (mut g, mut l) = (given.clone(), legal.clone());
            g.sort();
            l.sort();
            if g != l {
                let size = self.board.size();
                let show = |v: &[Point]| v.iter().map(|&p| vertex(p, size)).collect::<Vec<_>>();
                return Err(format!(
                    "{}: the loser ({to_move}) has the moves {:?}, the tree answers {:?}",
                    self.here(),
                    show(&l),
                    show(&g)
                ));
            }
        }
        let mut retakes = 0;
        for n in nodes {
            if n.color != to_move {
                return Err(format!("{}: a move of the wrong colour", self.here()));
            }
            self.stats.moves += 1;
            let retake = to_move == self.ko_master
                && n.mv.is_some()
                && self.board.is_ko_violation(n.mv, to_move);
            if n.mv.is_some() {
                let played = if to_move == self.ko_master {
                    self.board.tryko(n.mv, to_move)
                } else {
                    self.board.trymove(n.mv, to_move)
                };
                assert!(played, "checked legal");
            } else {
                self.board.trypass(to_move);
            }
            self.moves.push(n.mv);
            let below = match self.ending(to_move, n.mv, passed) {
                Some((w, how)) => {
                    if w != self.winner {
                        Err(format!(
                            "{}: the game ends ({how}), won by {w}",
                            self.here()
                        ))
                    } else {
                        if n.end.is_none() {
                            self.stats.earlier += 1;
                        }
                        let open = how == "two passes" && self.attacker_ko_open();
                        match how {
                            "two passes" => self.stats.two_passes += 1,
                            "target captured" => self.stats.captured += 1,
                            "wall captured" => self.stats.wall += 1,
                            "unconditionally alive" => self.stats.unconditional += 1,
                            _ => self.stats.repeated += 1,
                        }
                        self.stats.open_ko += usize::from(open);
                        Ok(0)
                    }
                }
                None if n.end.is_some() => Err(format!(
                    "{}: the tree ends the line ({}) where the game goes on",
                    self.here(),
                    n.end.as_deref().unwrap_or_default()
                )),
                None if n.children.is_empty() => Err(format!(
                    "{}: the line stops before the game ends",
                    self.here()
                )),
                None => {
                    let next = to_move.opponent();
                    self.line.push(self.signature(next, !n.mv.is_some()));
                    let below = self.walk(&n.children, next, !n.mv.is_some());
                    self.line.pop();
                    below
                }
            };
            self.moves.pop();
            self.board.popgo();
            let below = below?;
            retakes = retakes.max(below + usize::from(retake));
        }
        Ok(retakes)
    }
}

/// A verified certificate.
struct Certificate {
    stats: Stats,
    /// The tree (first moves of the side to move at its root).
    tree: Vec<ProofNode>,
}

/// The question of one certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Question {
    /// A move played first (by the side not at `to_move`), if any.
    first: Option<Point>,
    to_move: Color,
    ko_master: Color,
    /// Who wins when two passes end the game.
    pass_end: PassEnd,
}

/// Prove `q` with the solver, check the tree with the verifier, and
/// return who won. Panics on a tree the verifier rejects.
fn certify(board: &Board, region: &Region, q: Question) -> (Color, Certificate) {
    let mut board = board.clone();
    let size = board.size();
    let mover = q.to_move.opponent();
    let mut verifier = Verifier {
        board: board.clone(),
        region,
        ko_master: q.ko_master,
        pass_end: q.pass_end,
        winner: mover,
        line: Vec::new(),
        moves: Vec::new(),
        stats: Stats {
            wall_libs: usize::MAX,
            ..Stats::default()
        },
    };
    if let Some(m) = q.first {
        // The first move: legal on the region for its mover.
        assert!(
            region.points.contains(m) && verifier.legal_moves(mover).contains(&m),
            "{} is no legal move of {mover} in the region",
            vertex(m, size)
        );
        let played = if mover == q.ko_master {
            board.tryko(m, mover)
        } else {
            board.trymove(m, mover)
        };
        assert!(played);
        verifier.board = board.clone();
        verifier.moves.push(m);
        if let Some((w, how)) = verifier.ending(mover, m, false) {
            // The move ends the game: its own certificate.
            let mut stats = verifier.stats;
            stats.moves = 1;
            match how {
                "target captured" => stats.captured = 1,
                "wall captured" => stats.wall = 1,
                _ => stats.unconditional = 1,
            }
            return (
                w,
                Certificate {
                    stats,
                    tree: Vec::new(),
                },
            );
        }
    }
    let rules = Rules {
        region,
        ko_master: q.ko_master,
        pass_end: q.pass_end,
    };
    let proof = prove_tree(&mut board, rules, q.to_move, BUDGET, MAX_TREE)
        .expect("the solver proves the question within the certificate budget");
    assert!(!proof.truncated, "the proof tree was cut");
    verifier.winner = proof.winner;
    verifier.line.push(verifier.signature(q.to_move, false));
    verifier.stats.retakes = verifier
        .walk(&proof.tree, q.to_move, false)
        .unwrap_or_else(|e| panic!("certificate of {q:?} rejected: {e}"));
    (
        proof.winner,
        Certificate {
            stats: verifier.stats,
            tree: proof.tree,
        },
    )
}

/// The certificates of one position, each proved and checked once.
struct Certifier<'a> {
    board: &'a Board,
    region: &'a Region,
    done: Vec<(Question, Color, Certificate)>,
}

impl Certifier<'_> {
    /// Who wins `q`, certified.
    fn winner(&mut self, q: Question) -> Color {
        self.get(q).0
    }

    fn get(&mut self, q: Question) -> (Color, &Certificate) {
        let i = match self.done.iter().position(|(k, _, _)| *k == q) {
            Some(i) => i,
            None => {
                let (w, c) = certify(self.board, self.region, q);
                dump(self.board, &q, &c.tree);
                self.done.push((q, w, c));
                self.done.len() - 1
            }
        };
        (self.done[i].1, &self.done[i].2)
    }
}

/// After `mv` of the side not to move (`PASS`: no move; the other side
/// moves first), under a ko master, in the game of `solve_life`.
fn after(mv: Point, to_move: Color, ko_master: Color) -> Question {
    Question {
        first: Some(mv).filter(|m| m.is_some()),
        to_move,
        ko_master,
        pass_end: PassEnd::Standing,
    }
}

/// How a side's move fares: wins without a ko, only by winning the ko,
/// or not at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    Clean,
    NeedsKo,
    Fails,
}

/// The fate of `mover`'s move `mv` (`PASS`: none), both ko masters
/// certified.
fn fate(c: &mut Certifier, mover: Color, mv: Point) -> Fate {
    let other = mover.opponent();
    if c.winner(after(mv, other, other)) == mover {
        Fate::Clean
    } else if c.winner(after(mv, other, mover)) == mover {
        Fate::NeedsKo
    } else {
        Fate::Fails
    }
}

/// The defender wins `q` (as ko master), but only with a ko left in the
/// end: certified that under the same rules where two passes with a ko
/// the attacker could take lose for the defender
/// ([`PassEnd::NoKoLeft`]), the attacker wins. Even winning every ko,
/// the defender never lives, unconditionally or in seki, without a ko
/// the attacker can start again: its life lasts as long as it keeps
/// winning that ko.
fn endless_ko(c: &mut Certifier, q: Question) -> bool {
    let (d, a) = (c.region.defender, c.region.defender.opponent());
    let no_ko_left = Question {
        pass_end: PassEnd::NoKoLeft,
        ..q
    };
    q.ko_master == d && c.winner(q) == d && c.winner(no_ko_left) == a
}

/// One line on a verified certificate.
fn describe(q: &Question, winner: Color, cert: &Certificate, size: usize) -> String {
    let s = &cert.stats;
    let first = q
        .first
        .map(|m| format!("after {} ", vertex(m, size)))
        .unwrap_or_default();
    format!(
        "{first}{} to move, {} ko master, two passes {:?}: {winner} wins; {} moves, depth {}; \
         endings: {} captured, {} unconditional ({} seen before the solver's own test), {} two \
         passes ({} with a ko left), {} walls, {} repeated; most forbidden ko retakes on a \
         line: {}; walls keep {} liberties",
        q.to_move,
        q.ko_master,
        q.pass_end,
        s.moves,
        s.depth,
        s.captured,
        s.unconditional,
        s.earlier,
        s.two_passes,
        s.open_ko,
        s.wall,
        s.repeated,
        s.retakes,
        s.wall_libs,
    )
}

/// With `LIFE_CERT_DUMP=N` set, every certificate's tree is printed to
/// depth N (a `*` marks a ko retake the simple-ko rule forbids).
fn dump(board: &Board, q: &Question, tree: &[ProofNode]) {
    let Some(limit) = std::env::var("LIFE_CERT_DUMP")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    else {
        return;
    };
    fn walk(board: &mut Board, nodes: &[ProofNode], depth: usize, limit: usize) {
        if depth >= limit {
            return;
        }
        let size = board.size();
        for n in nodes {
            let retake = n.mv.is_some() && board.is_ko_violation(n.mv, n.color);
            eprintln!(
                "{}{} {}{} {}",
                "  ".repeat(depth),
                n.color,
                vertex(n.mv, size),
                if retake { "*" } else { "" },
                n.end.as_deref().unwrap_or_default()
            );
            if n.mv.is_some() {
                assert!(board.tryko(n.mv, n.color));
            } else {
                board.trypass(n.color);
            }
            walk(board, &n.children, depth + 1, limit);
            board.popgo();
        }
    }
    let mut board = board.clone();
    eprintln!("certificate {q:?}");
    if let Some(m) = q.first {
        assert!(board.tryko(m, q.to_move.opponent()));
    }
    walk(&mut board, tree, 0, limit);
}

/// Height of a tree (moves on its longest line).
fn height(nodes: &[ProofNode]) -> usize {
    nodes
        .iter()
        .map(|n| 1 + height(&n.children))
        .max()
        .unwrap_or(0)
}

/// One disagreement with GNU Go: a dragon, the `.tst` questions about it,
/// GNU Go 3.8's `dragon_status` of it, the solver's key move against that
/// status and GNU Go's reply to it.
struct Case {
    suite: &'static str,
    tests: &'static [u32],
    /// GNU Go 3.8's `dragon_status` (`alive` or `dead`).
    gnugo_status: &'static str,
    /// The move that refutes GNU Go's status (`solve_life`'s attack
    /// against alive, its defence against dead).
    key_move: &'static str,
    /// GNU Go 3.8's answer to the key move, from its own reading; a move
    /// outside the region (GNU Go giving up there) is a pass.
    gnugo_reply: &'static str,
    /// `.tst` answers the certificates refute, as (test number, move),
    /// `"0"` for a code 0: the test checks that they do.
    suite_wrong: &'static [(u32, &'static str)],
}

/// A `.tst` answer against certificates: `Ok` with what is certified when
/// it agrees, `Err` with what is certified when it does not. The suite's
/// codes read as: 1, the move wins without a ko; 2 or 3, it wins only by a
/// ko, and for a defence one the defender can end (it then lives without a
/// ko left); 0, no move wins, where a defence by a ko that never ends
/// ([`endless_ko`]) counts as none, and likewise a kill (1) may leave the
/// defender such a ko. `m`: the answer's move (`None` for code 0).
fn tst_verdict(
    c: &mut Certifier,
    q: &TstQuestion,
    m: Option<&str>,
    size: usize,
) -> Result<String, String> {
    let (d, a) = (c.region.defender, c.region.defender.opponent());
    let attacking = match q.command.as_str() {
        "owl_attack" => true,
        "owl_defend" => false,
        other => panic!("{other}"),
    };
    let mover = if attacking { a } else { d };
    let other = mover.opponent();
    let Some(m) = m else {
        // No move works.
        let root = |ko_master| after(Point::NONE, mover, ko_master);
        if c.winner(root(other)) == mover {
            return Err(format!("{mover} moving first wins without a ko"));
        }
        if c.winner(root(mover)) == other {
            return Ok(format!("{mover} moving first loses even winning every ko"));
        }
        if attacking {
            return Err(format!("{mover} moving first kills if it wins the ko"));
        }
        return if endless_ko(c, root(d)) {
            Ok(
                "the defender moving first dies when the attacker wins the ko, lives when it \
                wins every ko itself, and even then never without a ko the attacker can take \
                again: the ko never ends (the suite counts no such defence; the solver calls \
                it critical ... ko)"
                    .into(),
            )
        } else {
            Err("the defender moving first lives if it wins a ko, and can end that ko".into())
        };
    };
    let mv = parse_vertex(m, size);
    let f = fate(c, mover, mv);
    let after_mv = |ko_master| after(mv, other, ko_master);
    match (f, q.code) {
        (Fate::Clean, 1) => Ok(format!("{m} wins without a ko")),
        (Fate::NeedsKo, 2 | 3) if attacking => Ok(format!("{m} kills only if {a} wins the ko")),
        (Fate::NeedsKo, 2 | 3) => {
            if endless_ko(c, after_mv(d)) {
                Err(format!(
                    "after {m} the defender lives only by a ko that never ends"
                ))
            } else {
                Ok(format!(
                    "after {m} the defender lives if it wins the ko, dies if the attacker does, \
                     and can end the ko"
                ))
            }
        }
        (Fate::NeedsKo, 1) if attacking => {
            if endless_ko(c, after_mv(d)) {
                Ok(format!(
                    "after {m} the defender lives only if it wins every ko, and even then \
                     never without a ko the attacker can take again: the ko never ends (the \
                     suite counts that as a kill; the solver as a kill by ko)"
                ))
            } else {
                Err(format!(
                    "after {m} the defender dies if the attacker wins the ko, but lives if it \
                     wins it, and then without a ko left ({m} kills only by ko)"
                ))
            }
        }
        (f, code) => Err(format!(
            "{m} is {f:?} for {mover}, the suite's code is {code}"
        )),
    }
}

/// Check one case (see the module docs) and print the report.
fn check_case(case: &Case) {
    let started = std::time::Instant::now();
    let Some(dir) = suites() else { return };
    let questions: Vec<TstQuestion> = case
        .tests
        .iter()
        .map(|&n| tst_question(&dir, case.suite, n))
        .collect();
    let q0 = &questions[0];
    for q in &questions {
        assert_eq!((&q.load, &q.vertex), (&q0.load, &q0.vertex));
    }
    let mut board = load_position(&dir, &q0.load);
    let size = board.size();
    let target = parse_vertex(&q0.vertex, size);
    let gtp = gtp_answers(
        &dir,
        &q0.load,
        &[
            format!("solve_life {}", q0.vertex),
            format!("decide_life {}", q0.vertex),
        ],
    );
    let answer = parse_answer(&gtp[0], size);
    let region = find_region(&dir, &q0.load, &board, target);
    check_closed(&board, &region);
    let region_line = format!(
        "region: {} points, {} empty, {} walls",
        region.list.len(),
        region.empty_points(&board),
        region.walls.len()
    );
    assert!(
        gtp[1].lines().any(|l| l == region_line),
        "the test's region ({region_line}) is not decide_life's:\n{}",
        gtp[1]
    );
    let uncond = unconditional_status(&mut board);
    let invincible = region
        .walls
        .iter()
        .filter(|&&w| uncond.is_invincible(w))
        .count();
    let (d, a) = (region.defender, region.defender.opponent());
    let name = format!("{}:{:?} {}", case.suite, case.tests, q0.vertex);
    let mut report = vec![format!(
        "{name} ({} {}): solve_life says {}; {region_line} ({invincible} invincible)",
        q0.load.join(" "),
        d,
        gtp[0]
    )];
    let mut c = Certifier {
        board: &board,
        region: &region,
        done: Vec::new(),
    };
    let root = |to_move: Color, ko_master: Color| Question {
        first: None,
        to_move,
        ko_master,
        pass_end: PassEnd::Standing,
    };

    // 1. The solver's answer, certified.
    match answer {
        Answer::Critical {
            attack,
            defense,
            ko,
            seki,
        } => {
            assert!(attack.is_some() && defense.is_some(), "a pass as key move");
            let attack_fate = fate(&mut c, a, attack);
            let defense_fate = fate(&mut c, d, defense);
            assert_ne!(
                attack_fate,
                Fate::Fails,
                "the attack {}",
                vertex(attack, size)
            );
            assert_ne!(
                defense_fate,
                Fate::Fails,
                "the defence {}",
                vertex(defense, size)
            );
            // A ko needed: no move wins without it (the side moving first
            // loses when the other side is ko master).
            let attack_ko = attack_fate == Fate::NeedsKo;
            let defense_ko = defense_fate == Fate::NeedsKo;
            if attack_ko {
                assert_eq!(c.winner(root(a, d)), d, "a clean kill exists");
            }
            if defense_ko {
                assert_eq!(c.winner(root(d, a)), a, "a clean save exists");
            }
            assert_eq!(ko, attack_ko || defense_ko, "the ko mark");
            let master = if defense_ko { d } else { a };
            let strict = Question {
                pass_end: PassEnd::Unconditional,
                ..root(d, master)
            };
            assert_eq!(c.winner(strict) == a, seki, "the seki mark");
            report.push(format!(
                "certified: the attack {} wins {}, the defence {} wins {}{}",
                vertex(attack, size),
                if attack_ko {
                    "only if the attacker wins the ko"
                } else {
                    "without a ko"
                },
                vertex(defense, size),
                if defense_ko {
                    "only if the defender wins the ko"
                } else {
                    "without a ko"
                },
                if seki { ", and then only a seki" } else { "" }
            ));
        }
        Answer::Dead => {
            assert_eq!(c.winner(root(d, d)), a);
            report.push("certified: dead even if the defender wins every ko".into());
        }
        Answer::Alive { seki } => {
            assert_eq!(c.winner(root(a, a)), d);
            let strict = Question {
                pass_end: PassEnd::Unconditional,
                ..root(a, a)
            };
            assert_eq!(c.winner(strict) == a, seki, "the seki mark");
            report.push("certified: alive even if the attacker wins every ko".into());
        }
    }

    // 2. Every .tst answer against certificates.
    for q in &questions {
        let tst = format!("{}:{} {} {}", case.suite, q.number, q.command, q.vertex);
        let answers: Vec<Option<&str>> = if q.code == 0 {
            vec![None]
        } else {
            q.moves.iter().map(|m| Some(m.as_str())).collect()
        };
        for m in answers {
            let what = match m {
                Some(m) => format!("{tst} expects {} {m}", q.code),
                None => format!("{tst} expects 0"),
            };
            let verdict = tst_verdict(&mut c, q, m, size);
            let listed = case.suite_wrong.contains(&(q.number, m.unwrap_or("0")));
            match (verdict, listed) {
                (Ok(why), false) => report.push(format!("{what}: consistent, {why}")),
                (Err(why), true) => report.push(format!("{what}: the suite is wrong, {why}")),
                (Ok(why), true) => panic!("{what}: listed as wrong, but {why}"),
                (Err(why), false) => panic!("{what}: {why}"),
            }
        }
    }

    // 3. GNU Go's status against the certificates: alive claims the
    // attacker moving first cannot kill, dead that the defender moving
    // first cannot live.
    let (claimant, other) = match case.gnugo_status {
        "alive" => (a, d),
        "dead" => (d, a),
        s => panic!("{s}"),
    };
    assert_eq!(
        c.winner(root(claimant, claimant)),
        claimant,
        "GNU Go's {} holds even when {claimant} wins every ko",
        case.gnugo_status
    );
    let verdict = if c.winner(root(claimant, other)) == claimant {
        "wrong: it wins without a ko".to_string()
    } else if claimant == a {
        format!(
            "wrong by the suite's standard (a kill by ko is a kill, code 2 or 3): it kills \
             only if {a} wins the ko"
        )
    } else if endless_ko(&mut c, root(d, d)) {
        "right by the suite's standard: the defender lives only by a ko that never ends".into()
    } else {
        "wrong by the suite's standard (a defence by ko is a defence, code 2 or 3): the \
         defender lives if it wins the ko, and can end it"
            .into()
    };
    report.push(format!(
        "GNU Go's {} ({claimant} moving first cannot win): {verdict}",
        case.gnugo_status
    ));

    // 4. GNU Go's reply to the key move, played out in the proof.
    let key_mover = if case.gnugo_status == "dead" { d } else { a };
    let key_move = parse_vertex(case.key_move, size);
    let key_master = match fate(&mut c, key_mover, key_move) {
        Fate::Clean => key_mover.opponent(),
        Fate::NeedsKo => key_mover,
        Fate::Fails => panic!("the key move {} fails", case.key_move),
    };
    let key = after(key_move, key_mover.opponent(), key_master);
    let reply = parse_vertex(case.gnugo_reply, size);
    let reply = if region.points.contains(reply) {
        reply
    } else {
        Point::NONE
    };
    let (winner, cert) = c.get(key);
    let mut line_board = board.clone();
    let mut line = Vec::new();
    if let Some(m) = key.first {
        assert!(line_board.tryko(m, key.to_move.opponent()));
        line.push(vertex(m, size));
    }
    let mut nodes: &[ProofNode] = &cert.tree;
    let mut to_move = key.to_move;
    let mut replied = false;
    let mut passes = 0;
    let mut end = String::from("?");
    while !nodes.is_empty() {
        let n = if to_move == winner {
            &nodes[0]
        } else if !replied {
            replied = true;
            nodes
                .iter()
                .find(|n| n.mv == reply)
                .expect("GNU Go's reply is answered")
        } else {
            nodes
                .iter()
                .max_by_key(|n| (height(&n.children), std::cmp::Reverse(n.mv)))
                .expect("a move")
        };
        if n.mv.is_some() {
            assert!(line_board.tryko(n.mv, to_move));
            passes = 0;
        } else {
            line_board.trypass(to_move);
            passes += 1;
        }
        line.push(vertex(n.mv, size));
        end = n
            .end
            .clone()
            .unwrap_or_else(|| "ended by the whole-board check".into());
        nodes = &n.children;
        to_move = to_move.opponent();
    }
    // The end position judged again, without the tree.
    let captured = line_board.color_at(target) != Some(d);
    let standing = !captured
        && (passes == 2
            || unconditional_life(&mut line_board, d).claim(target) == Claim::Invincible);
    if winner == a {
        assert!(
            captured || end.contains("repeated"),
            "{name}: the line ends with the target standing"
        );
    } else {
        assert!(
            standing || end.contains("repeated") || end.contains("wall"),
            "{name}: the line ends unsettled"
        );
    }
    report.push(format!(
        "GNU Go's reply {} (from its own answer), played out in the proof: {} -> {end} ({winner} wins)\n{}",
        case.gnugo_reply,
        line.join(" "),
        line_board.to_diagram()
    ));
    report.push(format!("{} certificates, each checked:", c.done.len()));
    for (q, w, cert) in &c.done {
        report.push(format!("  {}", describe(q, *w, cert, size)));
    }
    report.push(format!("{:.1} s", started.elapsed().as_secs_f64()));
    eprintln!("{}", report.join("\n"));
}

/// owl.tst 156/157, strategy25.sgf move 251, black M19. The .tst: the
/// attack O13 works (1) and the defence P16 or Q15 needs a ko (3). GNU
/// Go 3.8: `dragon_status M19` dead (`owl_attack` 1 N16, `owl_defend` 0).
/// Certified: O13 kills without a ko; P16 lives only if black wins the ko,
/// and that ko can end (black then lives without a ko left); so GNU Go's
/// dead is wrong by the suite's own standard.
#[test]
fn owl_156_157_strategy25_m19() {
    check_case(&Case {
        suite: "owl",
        tests: &[156, 157],
        gnugo_status: "dead",
        key_move: "P16",
        // GNU Go 3.8 after `play B P16`: `owl_attack M19` = `1 N16`.
        gnugo_reply: "N16",
        suite_wrong: &[],
    });
}

/// owl.tst 190, reading25.sgf, black C1. The .tst: no defence (0). GNU
/// Go 3.8: dead (`owl_attack` 1 B1, `owl_defend` 0). `solve_life`:
/// critical B1 A3 ko seki. Certified: B1 kills at once; A3 lives only if
/// black wins the ko, and even winning every ko black never lives without
/// a ko white can take again, so the ko never ends. The suite's 0 (no
/// defence that settles life) and the solver's "critical ... ko" (lives
/// if it wins every ko) are both true, each by its own definition.
#[test]
fn owl_190_reading25_c1() {
    check_case(&Case {
        suite: "owl",
        tests: &[190],
        gnugo_status: "dead",
        key_move: "A3",
        // GNU Go 3.8 after `play B A3`: `owl_attack C1` = `1 H8`.
        gnugo_reply: "H8",
        suite_wrong: &[],
    });
}

/// owl.tst 202, owl25.sgf move 54, white H6. The .tst: no defence (0).
/// GNU Go 3.8: dead (`owl_attack` 1 E9, `owl_defend` 0). `solve_life`:
/// critical J7 J8 ko seki. Certified: J7 kills without a ko; J8 lives
/// only if white wins the ko at E9/D9, and even winning every ko white
/// never lives without a ko black can take again (white cannot connect
/// the ko: that fills its own last liberty but one). Both the suite's 0
/// and the solver's "critical ... ko" hold by their definitions.
#[test]
fn owl_202_owl25_h6() {
    check_case(&Case {
        suite: "owl",
        tests: &[202],
        gnugo_status: "dead",
        key_move: "J8",
        // GNU Go 3.8 after `play W J8`: `owl_attack H6` = `1 E9`.
        gnugo_reply: "E9",
        suite_wrong: &[],
    });
}

/// owl.tst 203, owl25.sgf move 60, white H6: the same shape six moves
/// later. The .tst: no defence (0). GNU Go 3.8: dead (`owl_attack` 1 J7,
/// `owl_defend` 0). `solve_life`: critical J7 D9 ko seki. Certified as in
/// owl 202: D9 lives only by a ko that never ends.
#[test]
fn owl_203_owl25_h6() {
    check_case(&Case {
        suite: "owl",
        tests: &[203],
        gnugo_status: "dead",
        key_move: "D9",
        // GNU Go 3.8 after `play W D9`: `owl_attack H6` = `1 H9`.
        gnugo_reply: "H9",
        suite_wrong: &[],
    });
}

/// ld_owl.tst 317, mixed2.sgf, white C13. The .tst: E13 kills (1).
/// GNU Go 3.8: alive (`owl_attack` 0, `owl_defend` 1 F13), yet after E13
/// its own `owl_defend C13` is 0. `solve_life`: critical E13 E13.
/// Certified: E13 kills without a ko (every white answer refuted, a tree
/// of about 10^5 moves), and E13 for white lives; GNU Go's alive is
/// wrong.
#[test]
fn ld_owl_317_mixed2_c13() {
    check_case(&Case {
        suite: "ld_owl",
        tests: &[317],
        gnugo_status: "alive",
        key_move: "E13",
        // GNU Go 3.8 after `play B E13`: `owl_defend C13` = `0`, and
        // `genmove W` = `L10`, outside the region (a pass there).
        gnugo_reply: "L10",
        suite_wrong: &[],
    });
}

/// ld_owl.tst 320, mixed2.sgf, white L5. The .tst: M5 kills by ko (3).
/// GNU Go 3.8: alive (`owl_attack` 3 M5, `owl_defend` 1 N5). `solve_life`:
/// critical M5 M5 ko. Certified: M5 kills only if black wins the ko, and
/// M5 for white lives without one. GNU Go's own owl agrees with the
/// suite; its `dragon_status` alive holds only if that ko does not count.
#[test]
fn ld_owl_320_mixed2_l5() {
    check_case(&Case {
        suite: "ld_owl",
        tests: &[320],
        gnugo_status: "alive",
        key_move: "M5",
        // GNU Go 3.8 after `play B M5`: `owl_defend L5` = `2 M4`.
        gnugo_reply: "M4",
        suite_wrong: &[],
    });
}

/// ld_owl.tst 322/323, mixed3.sgf, white K13. The .tst: dead already
/// (owl_attack 1 with N11, N13 or PASS; owl_defend 0). GNU Go 3.8: dead
/// (`owl_attack` 2 N12, `owl_defend` 0). `solve_life`: critical M8 N12 ko
/// seki. Certified: both need the ko. M8 kills only if black wins it;
/// N12 lives only if white wins it, and then in a seki that white can
/// bring to an end with no ko left, so this ko is an ordinary one, and a
/// defence by ko is what the suite marks 2 or 3 (owl 157). After N11 the
/// ko never ends (the suite's kill holds by its reading); after N13 or a
/// pass white lives by winning one ko and ending it: the suite's N13,
/// PASS and 323's 0 are refuted (listed below), as is GNU Go's dead; its
/// own `owl_attack` (a kill by ko) agrees with the certificates.
#[test]
fn ld_owl_322_323_mixed3_k13() {
    check_case(&Case {
        suite: "ld_owl",
        tests: &[322, 323],
        gnugo_status: "dead",
        key_move: "N12",
        // GNU Go 3.8 after `play W N12`: `owl_attack K13` = `1 PASS`.
        gnugo_reply: "PASS",
        // White moving first, and after N13 or a pass, lives if it wins
        // the ko, and can then end it (GNU Go 3.8 after `play B N13`:
        // `owl_defend K13` = `1 PASS`; at the start `owl_attack K13` =
        // `2 N12`, a kill by ko).
        suite_wrong: &[(322, "N13"), (322, "PASS"), (323, "0")],
    });
}

/// ld_owl.tst 532/533, eye1.sgf, white F2. The .tst: J2 kills and J2
/// saves (1 J2 both). GNU Go 3.8: alive (`owl_attack` 0, `owl_defend` 0),
/// and after J2 its own `owl_defend F2` is 0. `solve_life`: critical J2
/// J2. Certified: black J2 kills without a ko, white J2 lives at once
/// (unconditionally); GNU Go's alive is wrong.
#[test]
fn ld_owl_532_533_eye1_f2() {
    check_case(&Case {
        suite: "ld_owl",
        tests: &[532, 533],
        gnugo_status: "alive",
        key_move: "J2",
        // GNU Go 3.8 after `play B J2`: `owl_defend F2` = `0`, and
        // `genmove W` = `E9`, outside the region (a pass there).
        gnugo_reply: "E9",
        suite_wrong: &[],
    });
}
