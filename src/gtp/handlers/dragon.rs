//! Dragon commands: `same_dragon`, `dragon_stones` and `dragon_data`.
//!
//! GNU Go counterpart: `gtp_same_dragon`, `gtp_dragon_stones` and
//! `gtp_dragon_data` of `interface/play_gtp.c` (with `report_dragon` of
//! `engine/dragon.c`), which answer from the dragons built by
//! `make_dragons` (`engine/dragon.c`). Here the dragons come from
//! [`crate::analysis::dragon`] (strings amalgamated when the connection
//! reader finds no cut), computed lazily and cached until the board
//! changes; `dragon_data` adds the records of
//! [`crate::analysis::dragon::data`]. Argument errors use GNU Go's texts:
//! `invalid coordinate`, `vertex must not be empty`, `dragon_stones called
//! on an empty vertex`, `dragon data unavailable when stackp > 0`.
//!
//! `dragon_data` prints every field GNU Go 3.8 prints, in its order and
//! layout (key padded to 24 columns, two decimals). The owl fields
//! (`owl_status`, `owl_attack_code` / `_point` / `_certain`,
//! `owl_defense_code` / `_point` / `_certain`) come from the owl's reads
//! of the dragon as GNU Go's `make_dragons` makes them
//! ([`crate::owl::OwlReader::examine`]), named by the dragon's origin.
//! Fields not computed yet get the value GNU Go gives a field it has not
//! computed (`initialize_supplementary_dragon_data`): `owl_threat_status`
//! `unchecked` and the second owl points `PASS` (GNU Go 3.8 reads threats
//! only under `--owl-threats`), semeai codes `0`, their points `PASS`;
//! `crude_status` `unknown`, `escape_route`,
//! `surround_status` and `semeais` `0`, `lunch` `PASS`, `moyo_size` `-1`;
//! `strategic_size`, `weakness`, `weakness_pre_owl`, `surround_size` and
//! `moyo_territorial_value`, which GNU Go always computes, `0`. (GNU Go
//! prints uninitialised memory for `owl_*_kworm` and the
//! `semeai_*_certain` / `semeai_*_target` fields when they were not
//! computed; here `PASS` and `0`.) Unlike GNU Go, which answers `V empty`
//! for an empty point, `dragon_data V` fails there with `dragon vertex
//! must not be empty`.

use crate::analysis::dragon::data::{dragon_records, DragonRecord, DragonStatus, Safety};
use crate::board::Point;
use crate::engine::Engine;
use crate::gtp::handlers::eyes::with_eye_analysis;
use crate::gtp::handlers::worm::raw_code;
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::{format_color, format_opt_point, format_point, format_points};
use crate::gtp::vertex::{parse_color, parse_point};
use crate::owl::{OwlAnswer, OwlExamination, OwlStatus};
use crate::reading::ReadResult;

/// `same_dragon V1 V2`: `1` when the two stones belong to one dragon,
/// else `0` (stones of different colours are never one dragon). Both
/// coordinates are checked before emptiness, as GNU Go does.
pub fn same_dragon(engine: &mut Engine, args: &[&str]) -> Reply {
    let a = engine.point_arg(args, 0)?;
    let b = engine.point_arg(args, 1)?;
    if engine.board().is_empty(a) || engine.board().is_empty(b) {
        return Err(GtpError::VertexMustNotBeEmpty);
    }
    let (mut rd, dragons) = engine.readers();
    let same = dragons.same_dragon(&mut rd, a, b);
    Ok(if same { "1" } else { "0" }.into())
}

/// `dragon_stones [VERTEX|COLOR]`: one dragon per line, its stones in
/// board order each followed by a space; without argument every dragon,
/// with a colour the dragons of that colour. Dragons are listed by their
/// first stone (GNU Go lists them by its internal dragon origin, so the
/// line order may differ; the lines are the same).
pub fn dragon_stones(engine: &mut Engine, args: &[&str]) -> Reply {
    let size = engine.size();
    let color = match args.first() {
        None => None,
        Some(a) => match parse_color(a) {
            Some(c) => Some(c),
            None => {
                let p = parse_point(a, size).ok_or(GtpError::InvalidCoordinate)?;
                if engine.board().is_empty(p) {
                    return Err(GtpError::msg("dragon_stones called on an empty vertex"));
                }
                let stones = engine.dragon_stones(p);
                return Ok(format!("{} ", format_points(&stones, size)));
            }
        },
    };
    let dragons: Vec<Vec<Point>> = engine
        .all_dragons(color)
        .into_iter()
        .map(|d| d.stones)
        .collect();
    let lines: Vec<String> = dragons
        .iter()
        .map(|stones| format!("{} ", format_points(stones, size)))
        .collect();
    Ok(lines.join("\n"))
}

/// GNU Go's word for a dragon status (`status_to_string`).
fn status_word(status: DragonStatus) -> &'static str {
    match status {
        DragonStatus::Alive | DragonStatus::Seki => "alive",
        DragonStatus::Dead => "dead",
    }
}

/// GNU Go's word for a safety (`status_to_string`).
fn safety_word(safety: Safety) -> &'static str {
    match safety {
        Safety::TacticallyDead => "tactically dead",
        Safety::Invincible => "invincible",
        Safety::Dead => "dead",
        Safety::AliveInSeki => "alive in seki",
        Safety::StronglyAlive => "strongly alive",
        Safety::Alive => "alive",
    }
}

/// GNU Go's `yes`/`no` of the `owl_*_certain` fields.
fn yes_no(b: bool) -> &'static str {
    if b {
        "YES"
    } else {
        "NO"
    }
}

/// The `owl_*` rows of one dragon from the owl's examination (GNU Go's
/// `make_dragons`): status, codes, points and certainty of the attack and
/// defence reads, the codes GNU Go's raw numbers (WIN 5, KO_A 4, KO_B 1,
/// as `worm_data`). A point is printed only with a successful code (`PASS`
/// otherwise); a read not made prints `0` / `PASS` / `YES`. The threat
/// fields stay as GNU Go 3.8 leaves them by default (threats are read only
/// under `--owl-threats`): `owl_threat_status` `unchecked`, the second
/// points `PASS`.
fn owl_rows(size: usize, x: &OwlExamination) -> Vec<(&'static str, String)> {
    let code = |a: Option<&OwlAnswer>| a.map_or(0, |a| raw_code(a.result));
    let point = |a: Option<&OwlAnswer>| {
        let mv = a
            .filter(|a| a.result != ReadResult::Fail)
            .and_then(|a| a.mv);
        format_opt_point(mv, size)
    };
    let certain = |a: Option<&OwlAnswer>| yes_no(a.is_none_or(|a| a.certain)).to_string();
    let status = match x.status() {
        OwlStatus::Alive => "alive",
        OwlStatus::Dead => "dead",
        OwlStatus::Critical => "critical",
    };
    let attack = Some(&x.attack);
    let defense = x.defense.as_ref();
    vec![
        ("owl_status", status.into()),
        ("owl_attack_code", code(attack).to_string()),
        ("owl_attack_point", point(attack)),
        ("owl_attack_certain", certain(attack)),
        ("owl_defense_code", code(defense).to_string()),
        ("owl_defense_point", point(defense)),
        ("owl_defense_certain", certain(defense)),
    ]
}

/// One `dragon_data` block: `V:` and the fields of GNU Go's
/// `report_dragon`, each line `key value` with the key padded to 24
/// columns; `owl` holds the `owl_*` rows ([`owl_rows`]) that replace the
/// uncomputed defaults.
fn dragon_block(
    size: usize,
    at: Point,
    records: &[DragonRecord],
    d: &DragonRecord,
    owl: &[(&'static str, String)],
) -> String {
    let pt = |p: Option<Point>| format_opt_point(p, size);
    let list = |points: &[Point]| -> String {
        points
            .iter()
            .map(|&p| format!("{} ", format_point(p, size)))
            .collect()
    };
    let neighbors: Vec<Point> = d.neighbors.iter().map(|&i| records[i].origin).collect();
    let rows: Vec<(&str, String)> = vec![
        ("color", format_color(d.color).to_string()),
        ("origin", format_point(d.origin, size)),
        ("size", d.stones.len().to_string()),
        ("effective_size", format!("{:.2}", d.effective_size)),
        ("strategic_size", "0.00".into()),
        ("genus", d.genus.to_string()),
        ("heye", pt(d.heye)),
        ("escape_route", "0".into()),
        ("lunch", "PASS".into()),
        ("crude_status", "unknown".into()),
        ("owl_status", "unchecked".into()),
        ("status", status_word(d.status).into()),
        ("safety", safety_word(d.safety).into()),
        ("weakness", "0.00".into()),
        ("weakness_pre_owl", "0.00".into()),
        ("surround_status", "0".into()),
        ("surround_size", "0".into()),
        ("moyo_size", "-1".into()),
        ("moyo_territorial_value", "0.00".into()),
        ("neighbors", list(&neighbors)),
        ("hostile_neighbors", d.hostile_neighbors.to_string()),
        ("owl_attack_code", "0".into()),
        ("owl_attack_point", "PASS".into()),
        ("owl_attack_certain", "YES".into()),
        ("owl_2nd_attack_point", "PASS".into()),
        ("owl_threat_status", "unchecked".into()),
        ("owl_defense_code", "0".into()),
        ("owl_defense_point", "PASS".into()),
        ("owl_defense_certain", "YES".into()),
        ("owl_2nd_defense_point", "PASS".into()),
        ("owl_attack_kworm", "PASS".into()),
        ("owl_defense_kworm", "PASS".into()),
        ("semeais", "0".into()),
        ("semeai_defense_code", "0".into()),
        ("semeai_defense_point", "PASS".into()),
        ("semeai_defense_certain", "0".into()),
        ("semeai_defense_target", "PASS".into()),
        ("semeai_attack_code", "0".into()),
        ("semeai_attack_point", "PASS".into()),
        ("semeai_attack_certain", "0".into()),
        ("semeai_attack_target", "PASS".into()),
        ("strings", list(&d.strings)),
    ];
    let mut out = format!("{}:", format_point(at, size));
    for (key, value) in rows {
        let value = owl
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(value, |(_, v)| v.clone());
        out.push_str(&format!("\n{key:<24}{value}"));
    }
    out
}

/// Read the owl fields of `d` ([`owl_rows`]).
fn owl_fields(engine: &mut Engine, d: &DragonRecord) -> Vec<(&'static str, String)> {
    let size = engine.size();
    let board = engine.game.board_mut();
    let x = engine
        .owl
        .examine(board, &mut engine.reader, &d.stones, d.origin);
    owl_rows(size, &x)
}

/// `dragon_data [V]`: GNU Go's dragon record (see the module docs) of the
/// dragon at `V`, headed `V:`, or without argument of every dragon,
/// headed by its origin, in board order of the origins.
pub fn dragon_data(engine: &mut Engine, args: &[&str]) -> Reply {
    let at = match args.first() {
        Some(_) => Some(engine.point_arg(args, 0)?),
        None => None,
    };
    if engine.board().depth() > 0 {
        return Err(GtpError::msg("dragon data unavailable when stackp > 0"));
    }
    if at.is_some_and(|p| engine.board().is_empty(p)) {
        return Err(GtpError::msg("dragon vertex must not be empty"));
    }
    let records = with_eye_analysis(engine, "dragon_data", |e, eyes| {
        let (mut rd, dragons) = e.readers();
        dragon_records(&mut rd, dragons, eyes)
    })?;
    let size = engine.size();
    let mut blocks: Vec<String> = Vec::new();
    match at {
        Some(p) => {
            for d in records.iter().filter(|d| d.stones.contains(&p)) {
                let owl = owl_fields(engine, d);
                blocks.push(dragon_block(size, p, &records, d, &owl));
            }
        }
        None => {
            let mut by_origin: Vec<&DragonRecord> = records.iter().collect();
            by_origin.sort_by_key(|d| d.origin);
            for d in by_origin {
                let owl = owl_fields(engine, d);
                blocks.push(dragon_block(size, d.origin, &records, d, &owl));
            }
        }
    }
    Ok(blocks.join("\n"))
}
