//! Eye-space commands: `eval_eye`, `eye_data`, `half_eye_data` and the
//! GoGui board `tesuji-eyes`.
//!
//! GNU Go counterpart: `gtp_eval_eye`, `gtp_eye_data` and
//! `gtp_half_eye_data` of `interface/play_gtp.c`, which answer from the
//! eye data `make_dragons` computes (`engine/optics.c`). `tesuji-eyes` has
//! no GNU Go counterpart (GNU Go draws eye spaces only in its ASCII
//! `-E` debug output, `showboard` with eye colours). Here the commands
//! run the eye analysis of [`crate::eyes::space`] on the current position
//! and keep it in [`Engine::eye_cache`] until the position or the reading
//! depths change (GNU Go likewise reuses its examined position).
//!
//! Decisions:
//! - `eval_eye V` answers `min max`, followed by the attack and defence
//!   points when they differ; `-1` when `V` is in no eye space (a stone of
//!   a living chain, a neutral point), as GNU Go does. A point in eye
//!   spaces of both colours (a margin of both) is reported for black, as
//!   GNU Go does.
//! - The three commands evaluate the whole position, so they refuse while
//!   a `trymove` stack is open (`? eval_eye cannot be called when
//!   stackp > 0`), as GNU Go's other whole-position commands do; the
//!   position is untouched either way.
//! - `half_eye_data V` prints, for a point that was not judged (not an
//!   eye point with at most one neighbour in its space), value `0.00` and
//!   type `0`; GNU Go prints whatever its array held.

use crate::board::{Color, Point};
use crate::engine::{Engine, EyeCache};
use crate::eyes::space::{EyeAnalysis, EyeSpace, EyeTopology};
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::{
    format_color, format_opt_point, format_point, format_points, parse_color,
};

/// The eye analysis of the engine's position (cached).
fn analyse<'a>(engine: &'a mut Engine, cmd: &str) -> Result<&'a EyeAnalysis, GtpError> {
    engine.require_no_stack(cmd)?;
    let fresh = engine
        .eye_cache
        .as_ref()
        .is_some_and(|c| c.board == *engine.game.board() && c.config == engine.reader.config);
    if !fresh {
        let analysis = EyeAnalysis::compute(engine.game.board_mut(), &mut engine.reader);
        // A read cut short by an interrupt is not kept.
        engine.eye_cache = (!engine.interrupted()).then(|| EyeCache {
            board: engine.game.board().clone(),
            config: engine.reader.config.clone(),
            analysis,
        });
        if engine.eye_cache.is_none() {
            return Err(GtpError::msg(format!("{cmd} interrupted")));
        }
    }
    match &engine.eye_cache {
        Some(c) => Ok(&c.analysis),
        None => Err(GtpError::msg(format!("{cmd} interrupted"))),
    }
}

/// Run `f` with the engine and its eye analysis (cached, computed first
/// if needed), for commands that combine the eye analysis with the other
/// readers (`dragon_data`, the eye-space board). `f` must leave the
/// position as it found it: the analysis is kept for it afterwards.
pub(crate) fn with_eye_analysis<R>(
    engine: &mut Engine,
    cmd: &str,
    f: impl FnOnce(&mut Engine, &EyeAnalysis) -> R,
) -> Result<R, GtpError> {
    analyse(engine, cmd)?;
    let cache = engine
        .eye_cache
        .take()
        .ok_or_else(|| GtpError::msg(format!("{cmd} interrupted")))?;
    let out = f(engine, &cache.analysis);
    debug_assert!(cache.board == *engine.board());
    engine.eye_cache = Some(cache);
    Ok(out)
}

/// The `eval_eye` answer for one eye space.
fn eval_text(size: usize, space: &EyeSpace) -> String {
    let v = space.value;
    let mut out = format!("{} {}", v.min_eyes(), v.max_eyes());
    if v.urgency() > 0 {
        out.push_str(&format!(
            " {} {}",
            format_opt_point(space.attack_point, size),
            format_opt_point(space.defense_point, size)
        ));
    }
    out
}

/// `eval_eye V`: the minimum and maximum number of eyes of the eye space
/// at `V`, with a vital point for each side when they differ; `-1` when
/// `V` is in no eye space.
pub fn eval_eye(engine: &mut Engine, args: &[&str]) -> Reply {
    let p = engine.point_arg(args, 0)?;
    let size = engine.size();
    let eyes = analyse(engine, "eval_eye")?;
    Ok(match eyes.eye_space_of(p) {
        Some(space) => eval_text(size, space),
        None => "-1".to_string(),
    })
}

/// Background of black's eye-space points in `tesuji-eyes` (pale blue).
const BLACK_EYE_COLOR: &str = "#a8c8ff";
/// Background of white's eye-space points in `tesuji-eyes` (pale yellow).
const WHITE_EYE_COLOR: &str = "#ffe8a0";

/// `tesuji-eyes`: the eye analysis as GoGui gfx. `COLOR` backgrounds for
/// each colour's eye-space points (black's pale blue, white's pale
/// yellow; a point in spaces of both colours gets white's), `MARK` on
/// marginal points, `SQUARE` on half eyes, `TRIANGLE` on false eyes,
/// `CIRCLE` on the vital points (attack and defence) of every eye space
/// whose value depends on who moves first, and one `TEXT` line per
/// colour counting its spaces and unsettled ones. Lines without points
/// are left out.
pub fn eyes_gfx(engine: &mut Engine, _: &[&str]) -> Reply {
    let size = engine.size();
    let eyes = analyse(engine, "tesuji-eyes")?;
    let points_of = |color: Color| -> Vec<Point> {
        let mut pts: Vec<Point> = eyes
            .spaces(color)
            .iter()
            .flat_map(|s| s.points.iter().copied())
            .collect();
        pts.sort();
        pts
    };
    let mut all: Vec<Point> = points_of(Color::Black);
    all.extend(points_of(Color::White));
    all.sort();
    all.dedup();
    let marginal: Vec<Point> = all
        .iter()
        .copied()
        .filter(|&p| {
            [Color::Black, Color::White]
                .iter()
                .any(|&c| eyes.map(c).point(p).is_some_and(|e| e.marginal))
        })
        .collect();
    let topology = |kind: EyeTopology| -> Vec<Point> {
        all.iter()
            .copied()
            .filter(|&p| eyes.half_eye(p).is_some_and(|h| h.kind == kind))
            .collect()
    };
    let mut vital: Vec<Point> = Vec::new();
    for color in [Color::Black, Color::White] {
        for s in eyes.spaces(color) {
            if s.value.urgency() > 0 {
                vital.extend(s.attack_point.iter().chain(s.defense_point.iter()));
            }
        }
    }
    vital.sort();
    vital.dedup();
    let mut lines = Vec::new();
    let mut push = |word: String, pts: &[Point]| {
        if !pts.is_empty() {
            lines.push(format!("{word} {}", format_points(pts, size)));
        }
    };
    push(format!("COLOR {BLACK_EYE_COLOR}"), &points_of(Color::Black));
    push(format!("COLOR {WHITE_EYE_COLOR}"), &points_of(Color::White));
    push("MARK".into(), &marginal);
    push("SQUARE".into(), &topology(EyeTopology::Half));
    push("TRIANGLE".into(), &topology(EyeTopology::False));
    push("CIRCLE".into(), &vital);
    for color in [Color::Black, Color::White] {
        let spaces = eyes.spaces(color);
        let open = spaces.iter().filter(|s| !s.value.is_settled()).count();
        lines.push(format!(
            "TEXT {} {} eye spaces, {open} unsettled",
            format_color(color),
            spaces.len()
        ));
    }
    Ok(lines.join("\n"))
}

/// Lines `key value`, the key padded to 21 columns as GNU Go prints them.
fn fields(rows: &[(&str, String)]) -> String {
    rows.iter()
        .map(|(k, v)| format!("{k:<21}{v}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `eye_data COLOR V`: GNU Go's eye record of `V` in `COLOR`'s eye map
/// (origin `PASS`, colour `empty` and zeros when `V` is in none of its
/// eye spaces).
pub fn eye_data(engine: &mut Engine, args: &[&str]) -> Reply {
    let color = args.first().and_then(|s| parse_color(s));
    let p = args
        .get(1)
        .and_then(|s| crate::gtp::vertex::parse_point(s, engine.size()));
    let (Some(color), Some(p)) = (color, p) else {
        return Err(GtpError::InvalidColorOrCoordinate);
    };
    let size = engine.size();
    let eyes = analyse(engine, "eye_data")?;
    let map = eyes.map(color);
    let rows = match (map.point(p), map.space_at(p)) {
        (Some(e), Some(space)) => vec![
            ("origin", format_point(e.origin, size)),
            ("color", format_color(color).to_string()),
            ("esize", space.size().to_string()),
            ("msize", space.marginals.to_string()),
            ("value", space.value.to_string()),
            ("marginal", u8::from(e.marginal).to_string()),
            ("neighbors", e.neighbors.to_string()),
            ("marginal_neighbors", e.marginal_neighbors.to_string()),
        ],
        _ => vec![
            ("origin", "PASS".to_string()),
            ("color", "empty".to_string()),
            ("esize", "0".to_string()),
            ("msize", "0".to_string()),
            ("value", "0000".to_string()),
            ("marginal", "0".to_string()),
            ("neighbors", "0".to_string()),
            ("marginal_neighbors", "0".to_string()),
        ],
    };
    Ok(fields(&rows))
}

/// `half_eye_data V`: the diagonal analysis of `V` (GNU Go's topological
/// eye value, the type `0`, `HALF_EYE` or `FALSE_EYE`, and the key points
/// that attack and defend the eye).
pub fn half_eye_data(engine: &mut Engine, args: &[&str]) -> Reply {
    let p = engine.point_arg(args, 0)?;
    let size = engine.size();
    let eyes = analyse(engine, "half_eye_data")?;
    let list = |name: &str, points: &[Point], rows: &mut Vec<(String, String)>| {
        for (i, &q) in points.iter().enumerate() {
            rows.push((format!("{name}[{i}]"), format_point(q, size)));
        }
    };
    let mut rows: Vec<(String, String)> = Vec::new();
    match eyes.half_eye(p) {
        Some(h) => {
            let kind = match h.kind {
                EyeTopology::Proper => "0",
                EyeTopology::Half => "HALF_EYE",
                EyeTopology::False => "FALSE_EYE",
            };
            rows.push(("value".into(), format!("{:.2}", h.value)));
            rows.push(("type".into(), kind.into()));
            rows.push(("num_attacks".into(), h.attack_points.len().to_string()));
            list("attack_point", &h.attack_points, &mut rows);
            rows.push(("num_defenses".into(), h.defense_points.len().to_string()));
            list("defense_point", &h.defense_points, &mut rows);
        }
        None => {
            rows.push(("value".into(), "0.00".into()));
            rows.push(("type".into(), "0".into()));
            rows.push(("num_attacks".into(), "0".into()));
            rows.push(("num_defenses".into(), "0".into()));
        }
    }
    let rows: Vec<(&str, String)> = rows.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    Ok(fields(&rows))
}

#[cfg(test)]
mod tests {
    use crate::engine::Engine;

    fn run(engine: &mut Engine, line: &str) -> Result<String, String> {
        let mut parts = line.split_whitespace();
        let name = parts.next().unwrap_or_default();
        let args: Vec<&str> = parts.collect();
        engine.execute(name, &args).map_err(|e| e.to_string())
    }

    /// The centre half eye of the `eyes::space` tests, played out.
    /// `command` is refused inside the `trymove` stack `trymove` opens
    /// (GNU Go's words) and leaves the board as it was.
    fn assert_refused_inside_trymove(e: &mut Engine, trymove: &str, command: &str) {
        let before = e.board().clone();
        run(e, trymove).unwrap();
        let name = command.split_whitespace().next().unwrap_or(command);
        assert_eq!(
            run(e, command),
            Err(format!("{name} cannot be called when stackp > 0"))
        );
        run(e, "popgo").unwrap();
        assert_eq!(*e.board(), before);
    }

    fn half_eye_position() -> Engine {
        let mut e = Engine::default();
        run(&mut e, "boardsize 9").unwrap();
        for v in ["E7", "G7", "D4", "D3", "E3"] {
            run(&mut e, &format!("play black {v}")).unwrap();
        }
        for v in ["D6", "E6", "D5", "F5", "E4", "F4"] {
            run(&mut e, &format!("play white {v}")).unwrap();
        }
        e
    }

    #[test]
    fn eval_eye_answers_and_errors() {
        let mut e = half_eye_position();
        assert_eq!(run(&mut e, "eval_eye E5").as_deref(), Ok("0 1 F6 F6"));
        // Cached: the same answer again, and a stone of a living chain
        // is in no eye space.
        assert_eq!(run(&mut e, "eval_eye E5").as_deref(), Ok("0 1 F6 F6"));
        assert_eq!(run(&mut e, "eval_eye E6").as_deref(), Ok("-1"));
        assert_eq!(run(&mut e, "eval_eye Z9"), Err("invalid coordinate".into()));
        assert_eq!(run(&mut e, "eval_eye"), Err("invalid coordinate".into()));
        assert_refused_inside_trymove(&mut e, "trymove black F6", "eval_eye E5");
        // The position changed: the cache is not used.
        run(&mut e, "play black F6").unwrap();
        assert_eq!(run(&mut e, "eval_eye E5").as_deref(), Ok("0 0"));
    }

    #[test]
    fn eye_data_and_half_eye_data() {
        let mut e = half_eye_position();
        assert_eq!(
            run(&mut e, "eye_data white E5").as_deref(),
            Ok(
                "origin               E5\ncolor                white\nesize                1\n\
                msize                0\nvalue                0011\nmarginal             0\n\
                neighbors            0\nmarginal_neighbors   0"
            )
        );
        assert!(run(&mut e, "eye_data black E5")
            .unwrap()
            .starts_with("origin               PASS\ncolor                empty"));
        assert_eq!(
            run(&mut e, "eye_data purple E5"),
            Err("invalid color or coordinate".into())
        );
        assert_eq!(
            run(&mut e, "half_eye_data E5").as_deref(),
            Ok("value                3.00\ntype                 HALF_EYE\nnum_attacks          1\n\
                attack_point[0]      F6\nnum_defenses         1\ndefense_point[0]     F6")
        );
        assert_eq!(
            run(&mut e, "half_eye_data A1").as_deref(),
            Ok(
                "value                0.00\ntype                 0\nnum_attacks          0\n\
                num_defenses         0"
            )
        );
    }

    #[test]
    fn eye_data_on_a_dead_group() {
        let mut e = Engine::default();
        for cmd in [
            "boardsize 7",
            "play white B7",
            "play white B6",
            "play white A6",
            "play white C6",
            "play white C7",
            "play black D7",
            "play black D6",
            "play black D5",
            "play black C5",
            "play black B5",
            "play black A5",
        ] {
            run(&mut e, cmd).unwrap();
        }
        // The corner: one point A7 for white, surrounded: one eye.
        assert_eq!(run(&mut e, "eval_eye A7").as_deref(), Ok("1 1"));
        let before = e.board().clone();
        assert_refused_inside_trymove(&mut e, "trymove black G1", "eval_eye A7");
        // White's stones around A7 are dead, so A7 is in no white eye
        // space of eye_data's map; GNU Go 3.8 answers the same (`origin
        // PASS`, `color empty`), and `eval_eye A7` `1 1` as above.
        assert!(run(&mut e, "eye_data white A7")
            .unwrap()
            .starts_with("origin               PASS\ncolor                empty"));
        assert!(run(&mut e, "half_eye_data A7")
            .unwrap()
            .contains("type                 0"));
        assert_eq!(*e.board(), before);
    }

    #[test]
    fn eye_spaces_as_gogui_gfx() {
        let mut e = half_eye_position();
        let gfx = run(&mut e, "tesuji-eyes").unwrap();
        let lines: Vec<&str> = gfx.lines().collect();
        // White's centre space E5 is a half eye (square) whose vital
        // point F6 (circle) both sides want; the margins of both colours'
        // spaces are marked; black's wide spaces around are settled.
        assert_eq!(
            lines[1], "COLOR #ffe8a0 D7 C6 F6 C5 E5 G5 G4 F3",
            "white's eye-space points"
        );
        assert!(lines[0].starts_with("COLOR #a8c8ff E9 F9 G9"));
        assert!(lines[2].starts_with("MARK ") && lines[2].contains(" F6 "));
        assert!(!lines[2].contains(" E5"), "E5 is not marginal");
        assert_eq!(
            lines[3..].to_vec(),
            [
                "SQUARE E5",
                "CIRCLE F6",
                "TEXT black 7 eye spaces, 0 unsettled",
                "TEXT white 8 eye spaces, 1 unsettled"
            ]
        );
        // Black takes F6: E5 becomes a false eye (triangle, marginal),
        // nothing is unsettled.
        run(&mut e, "play black F6").unwrap();
        let gfx = run(&mut e, "tesuji-eyes").unwrap();
        let lines: Vec<&str> = gfx.lines().collect();
        assert!(lines[2].contains(" E5 "), "{gfx}");
        assert_eq!(
            lines[3..].to_vec(),
            [
                "TRIANGLE F7 E5",
                "TEXT black 7 eye spaces, 0 unsettled",
                "TEXT white 7 eye spaces, 0 unsettled"
            ]
        );
        // Refused inside a trymove stack, like the other eye commands.
        assert_refused_inside_trymove(&mut e, "trymove white A1", "tesuji-eyes");
        let mut empty = Engine::default();
        assert_eq!(
            run(&mut empty, "tesuji-eyes").as_deref(),
            Ok("TEXT black 0 eye spaces, 0 unsettled\nTEXT white 0 eye spaces, 0 unsettled")
        );
    }

    #[test]
    fn eval_eye_on_a_living_stone_is_minus_one() {
        let mut e = Engine::default();
        run(&mut e, "boardsize 9").unwrap();
        run(&mut e, "play black E5").unwrap();
        assert_eq!(run(&mut e, "eval_eye E5").as_deref(), Ok("-1"));
    }
}
