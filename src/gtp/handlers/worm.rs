//! Per-string (worm) reports: `worm_data` and the GoGui board
//! `tesuji-tactical_status`.
//!
//! GNU Go counterpart: `gtp_worm_data` of `interface/play_gtp.c`, which
//! prints the `worm[]` records built by `make_worms` in `engine/worm.c`
//! (`ping_cave` / `ping_recurse` for the higher-order liberties, `genus`
//! for the genus). `tesuji-tactical_status` has no GNU Go counterpart: it
//! is GoGui's "Tactical Status" board, one colour per string status, in
//! the spirit of GNU Go's `worm_reasons`. The facts themselves are
//! analysis of the position ([`crate::analysis::worm`]); this module
//! only formats them.
//!
//! `worm_data` prints, per point, `VERTEX:` then one `key value` line per
//! field with the key padded to 21 columns, as GNU Go does, but only the
//! fields computed honestly here:
//! `origin color size liberties liberties2 liberties3 liberties4
//! attack_code attack_point defense_code defense_point genus invincible
//! unconditional_status` (the last two from
//! [`crate::eyes::unconditional`], printed as GNU Go prints them: `0`/`1`,
//! and `unknown` when nothing is proven).
//! Left out (they need the static analysis of `make_worms` that does not
//! exist yet): `effective_size`, `lunch`, `cutstone`, `cutstone2`,
//! `inessential`.
//! The codes are GNU Go's *raw* internal numbers (WIN 5, KO_A 4, KO_B 1,
//! 0 fail; protocol notes 2.1), not the 0-3 codes of `attack`. As in GNU
//! Go, the defence is only read when the attack succeeds, otherwise
//! `defense_code 0` / `defense_point PASS`. The origin is the first stone
//! of the string in board order (GNU Go's `find_origin`).

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use crate::analysis::worm::Worm;
use crate::board::{Board, Color, Point};
use crate::engine::Engine;
use crate::eyes::unconditional::{unconditional_status, StatusMap, UnconditionalStatus};
use crate::gtp::response::Reply;
use crate::gtp::vertex::{format_opt_point, format_points};
use crate::reading::ReadResult;

/// GNU Go's internal result number (`engine/gnugo.h`): WIN 5, KO_A 4,
/// KO_B 1, 0 for a failure. `worm_data` prints these unconverted.
pub fn raw_code(res: ReadResult) -> u8 {
    match res {
        ReadResult::Fail => 0,
        ReadResult::KoB => 1,
        ReadResult::KoA => 4,
        ReadResult::Win => 5,
    }
}

/// GNU Go's word for an unconditional status in `worm_data`
/// (`status_to_string`: `unknown` where `unconditional_status` says
/// `undecided`).
fn worm_status_word(status: UnconditionalStatus) -> &'static str {
    match status {
        UnconditionalStatus::Undecided => "unknown",
        other => super::life::status_word(other),
    }
}

/// One `worm_data` block for point `p` (`info` is `None` for an empty
/// point, printed as GNU Go does: itself as origin, colour `empty`, zeros),
/// with the unconditional status of `p` from `uncond`.
fn worm_block(engine: &Engine, p: Point, info: Option<&Worm>, uncond: &StatusMap) -> String {
    let size = engine.size();
    let pt = |q: Option<Point>| format_opt_point(q, size);
    let res_point = |r: (ReadResult, Option<Point>)| {
        if r.0.succeeds() {
            pt(r.1)
        } else {
            "PASS".to_string()
        }
    };
    let mut fields: Vec<(&str, String)> = match info {
        Some(w) => vec![
            ("origin", pt(Some(w.origin))),
            (
                "color",
                match w.color {
                    Color::Black => "black",
                    Color::White => "white",
                }
                .to_string(),
            ),
            ("size", w.size.to_string()),
            ("liberties", w.liberties[0].to_string()),
            ("liberties2", w.liberties[1].to_string()),
            ("liberties3", w.liberties[2].to_string()),
            ("liberties4", w.liberties[3].to_string()),
            ("attack_code", raw_code(w.attack.0).to_string()),
            ("attack_point", res_point(w.attack)),
            ("defense_code", raw_code(w.defense.0).to_string()),
            ("defense_point", res_point(w.defense)),
            ("genus", w.genus.to_string()),
        ],
        None => vec![
            ("origin", pt(Some(p))),
            ("color", "empty".to_string()),
            ("size", "0".to_string()),
            ("liberties", "0".to_string()),
            ("liberties2", "0".to_string()),
            ("liberties3", "0".to_string()),
            ("liberties4", "0".to_string()),
            ("attack_code", "0".to_string()),
            ("attack_point", "PASS".to_string()),
            ("defense_code", "0".to_string()),
            ("defense_point", "PASS".to_string()),
            ("genus", "0".to_string()),
        ],
    };
    fields.push(("invincible", u8::from(uncond.is_invincible(p)).to_string()));
    fields.push((
        "unconditional_status",
        worm_status_word(uncond.status(p)).to_string(),
    ));
    let mut out = format!("{}:", pt(Some(p)));
    for (key, value) in fields {
        out.push_str(&format!("\n{key:<21}{value}"));
    }
    out
}

/// `worm_data [VERTEX]`: GNU Go's per-point worm report for one point
/// (a stone or an empty point), or without argument for every stone on
/// the board in board order (GNU Go also prints a block for every empty
/// point; those carry no information and are left out here). GoGui sends
/// it as `hpstring/Worm Data/worm_data %p`.
pub fn worm_data(engine: &mut Engine, args: &[&str]) -> Reply {
    let points: Vec<Point> = match args.first() {
        Some(_) => vec![engine.point_arg(args, 0)?],
        None => {
            let b = engine.board();
            b.points().filter(|&p| b.is_stone(p)).collect()
        }
    };
    let uncond = unconditional_status(engine.game.board_mut());
    let mut infos: HashMap<Point, Worm> = HashMap::new();
    let mut blocks = Vec::with_capacity(points.len());
    for p in points {
        if engine.board().is_empty(p) {
            blocks.push(worm_block(engine, p, None, &uncond));
            continue;
        }
        let origin = engine.board().origin(p);
        if let Entry::Vacant(slot) = infos.entry(origin) {
            slot.insert(Worm::read(&mut engine.reader, engine.game.board_mut(), p));
        }
        blocks.push(worm_block(engine, p, infos.get(&origin), &uncond));
    }
    Ok(blocks.join("\n"))
}

/// Tactical status of one string, as `tesuji-tactical_status` colours it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Cannot be captured.
    Safe,
    /// Captured unconditionally if the opponent moves first, and no
    /// defence exists.
    Dead,
    /// Captured if the opponent moves first, saved if the owner does.
    Critical,
    /// The attack or the defence depends on a ko.
    Ko,
}

/// The gfx colour of a status (`None`: not coloured).
fn status_color(status: Status) -> Option<&'static str> {
    match status {
        Status::Safe => None,
        Status::Dead => Some("red"),
        Status::Critical => Some("#ff8000"),
        Status::Ko => Some("yellow"),
    }
}

/// `tesuji-tactical_status`: a GoGui `gfx` board of every string's
/// tactical status. Strings are coloured red (can be captured, no
/// defence), orange `#ff8000` (critical: captured if the opponent moves
/// first, saved if the owner does), yellow (attack or defence only by ko);
/// safe strings stay uncoloured. Attack points get the label `a`, defence
/// points `d` (`ad` when a point is both), and a `TEXT` line sums up.
pub fn tactical_status(engine: &mut Engine, _: &[&str]) -> Reply {
    let size = engine.size();
    let origins = engine.board().chain_origins(None);
    let mut colored: Vec<(Status, Vec<Point>)> = vec![
        (Status::Dead, Vec::new()),
        (Status::Critical, Vec::new()),
        (Status::Ko, Vec::new()),
    ];
    // Label per point: (is attack point, is defence point).
    let mut labels: Vec<(Point, bool, bool)> = Vec::new();
    let mut mark = |p: Option<Point>, attack: bool| {
        let Some(p) = p.filter(|p| p.is_some()) else {
            return;
        };
        match labels.iter_mut().find(|e| e.0 == p) {
            Some(e) if attack => e.1 = true,
            Some(e) => e.2 = true,
            None => labels.push((p, attack, !attack)),
        }
    };
    for s in origins {
        let board = engine.game.board_mut();
        let attack = engine.reader.attack(board, s);
        let status = match attack.0 {
            ReadResult::Fail => Status::Safe,
            a => {
                let defense = engine.reader.find_defense(board, s);
                if defense.0.succeeds() {
                    mark(defense.1, false);
                }
                match (a, defense.0) {
                    (ReadResult::Win, ReadResult::Fail) => Status::Dead,
                    (ReadResult::Win, ReadResult::Win) => Status::Critical,
                    _ => Status::Ko,
                }
            }
        };
        if status != Status::Safe {
            mark(attack.1, true);
            let stones = engine.board().stones_sorted(s);
            if let Some(entry) = colored.iter_mut().find(|e| e.0 == status) {
                entry.1.extend(stones);
            }
        }
    }
    let mut lines = Vec::new();
    for (status, stones) in &colored {
        if let (Some(color), false) = (status_color(*status), stones.is_empty()) {
            let mut stones = stones.clone();
            stones.sort();
            lines.push(format!("COLOR {color} {}", format_points(&stones, size)));
        }
    }
    labels.sort();
    if !labels.is_empty() {
        let parts: Vec<String> = labels
            .iter()
            .map(|&(p, a, d)| {
                let text = match (a, d) {
                    (true, true) => "ad",
                    (true, false) => "a",
                    _ => "d",
                };
                format!("{} {text}", format_opt_point(Some(p), size))
            })
            .collect();
        lines.push(format!("LABEL {}", parts.join(" ")));
    }
    let count = |st: Status| {
        colored
            .iter()
            .find(|e| e.0 == st)
            .map_or(0, |e| strings_in(engine.board(), &e.1))
    };
    lines.push(format!(
        "TEXT dead {} critical {} ko {} (red, orange, yellow; a = attack, d = defence)",
        count(Status::Dead),
        count(Status::Critical),
        count(Status::Ko)
    ));
    Ok(lines.join("\n"))
}

/// Number of distinct strings among `stones`.
fn strings_in(board: &Board, stones: &[Point]) -> usize {
    let mut origins: Vec<Point> = stones.iter().map(|&p| board.origin(p)).collect();
    origins.sort();
    origins.dedup();
    origins.len()
}
