//! Per-string (worm) reports: `worm_data` and the GoGui board
//! `tesuji-tactical_status`.
//!
//! GNU Go counterpart: `gtp_worm_data` of `interface/play_gtp.c`, which
//! prints the `worm[]` records built by `make_worms` in `engine/worm.c`
//! (`ping_cave` / `ping_recurse` for the higher-order liberties, `genus`
//! for the genus). `tesuji-tactical_status` has no GNU Go counterpart: it
//! is GoGui's "Tactical Status" board, one colour per string status, in
//! the spirit of GNU Go's `worm_reasons`.
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

use crate::board::{Board, Color, Point, BOARD_ARRAY};
use crate::eyes::unconditional::{unconditional_status, StatusMap, UnconditionalStatus};
use crate::gtp::response::Reply;
use crate::gtp::vertex::{format_opt_point, format_points};
use crate::gtp::Engine;
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

/// The facts `worm_data` reports about one string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WormInfo {
    /// First stone of the string in board order.
    pub origin: Point,
    /// Its colour.
    pub color: Color,
    /// Number of stones.
    pub size: usize,
    /// Liberties of order 1 to 4 (see [`liberties_by_order`]).
    pub liberties: [usize; 4],
    /// Result of `attack` and its move.
    pub attack: (ReadResult, Option<Point>),
    /// Result of `find_defense` and its move (only read when the attack
    /// succeeds, else `Fail`).
    pub defense: (ReadResult, Option<Point>),
    /// Connected components of the complement of the string, minus one.
    pub genus: usize,
}

/// Is `p` a ko point in GNU Go's sense (`is_ko_point`): an empty point
/// where a ko capture could be made, or a lone stone in atari that a ko
/// capture would take?
fn is_ko_point(board: &Board, p: Point) -> bool {
    match board.color_at(p) {
        None => {
            // GNU Go looks at the south neighbour, or the north one at the
            // bottom edge, for the colour that would be captured.
            let s = p.south();
            let n = if board.on_board(s) { s } else { p.north() };
            match board.color_at(n) {
                Some(c) => board.ko_capture(p, c.opponent()).is_some(),
                None => false,
            }
        }
        Some(c) => {
            board.chain_size(p) == 1
                && board.countlib(p) == 1
                && board
                    .libs(p)
                    .first()
                    .is_some_and(|&l| board.ko_capture(l, c.opponent()).is_some())
        }
    }
}

/// Does `p` touch a stone of `color`?
fn touching(board: &Board, p: Point, color: Color) -> bool {
    p.neighbors().iter().any(|&n| board.cell(n).is(color))
}

/// The number of liberties of order 1, 2, 3 and 4 of the string at `s`
/// (GNU Go `ping_cave`). A liberty of order n is an empty point that n
/// stones of the string's colour, but no fewer, would connect to the
/// string; the path may run through other stones of that colour, the added
/// stones beyond the first order may not touch an opponent stone, and it
/// may not leave through a ko point. A first-order liberty flanked on two
/// opposite sides by opponent stones or the edge does not lead further.
pub fn liberties_by_order(board: &Board, s: Point) -> [usize; 4] {
    let Some(color) = board.color_at(s) else {
        return [0; 4];
    };
    let other = color.opponent();
    let blocks = |p: Point| !board.on_board(p) || board.cell(p).is(other);
    // `reached`: points a previous order has reached (GNU Go's `mse`).
    let mut reached = vec![false; BOARD_ARRAY];
    let libs = board.libs(s);
    for &l in libs {
        let flanked =
            (blocks(l.south()) && blocks(l.north())) || (blocks(l.west()) && blocks(l.east()));
        reached[l.idx()] = !flanked;
    }
    let mut counts = [libs.len(), 0, 0, 0];
    for count in counts.iter_mut().skip(1) {
        let mut seen = vec![false; BOARD_ARRAY];
        let mut stack = vec![s];
        seen[s.idx()] = true;
        while let Some(p) = stack.pop() {
            for n in p.neighbors() {
                if board.is_empty(n)
                    && !reached[n.idx()]
                    && !seen[n.idx()]
                    && !touching(board, n, other)
                {
                    *count += 1;
                    seen[n.idx()] = true;
                    reached[n.idx()] = true;
                }
            }
            if is_ko_point(board, p) {
                continue;
            }
            for n in p.neighbors() {
                if board.on_board(n)
                    && !seen[n.idx()]
                    && (reached[n.idx()] || board.cell(n).is(color))
                {
                    seen[n.idx()] = true;
                    stack.push(n);
                }
            }
        }
    }
    counts
}

/// The genus of the string at `s` (GNU Go `genus`): the number of
/// connected components of the rest of the board, minus one.
pub fn genus(board: &Board, s: Point) -> usize {
    let mut seen = vec![false; BOARD_ARRAY];
    let mut components = 0usize;
    let outside = |p: Point| board.on_board(p) && (board.is_empty(p) || !board.same_chain(p, s));
    for start in board.points() {
        if seen[start.idx()] || !outside(start) {
            continue;
        }
        components += 1;
        seen[start.idx()] = true;
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for n in p.neighbors() {
                if !seen[n.idx()] && outside(n) {
                    seen[n.idx()] = true;
                    stack.push(n);
                }
            }
        }
    }
    components.saturating_sub(1)
}

/// Read everything `worm_data` reports about the string at `s` (a stone).
fn worm_info(engine: &mut Engine, s: Point) -> WormInfo {
    let board = engine.game.board_mut();
    let stones = board.stones_sorted(s);
    let color = board.color_at(s).unwrap_or(Color::Black);
    let liberties = liberties_by_order(board, s);
    let genus = genus(board, s);
    let attack = engine.reader.attack(board, s);
    let defense = if attack.0.succeeds() {
        engine.reader.find_defense(board, s)
    } else {
        (ReadResult::Fail, None)
    };
    WormInfo {
        origin: stones.first().copied().unwrap_or(s),
        color,
        size: stones.len(),
        liberties,
        attack,
        defense,
        genus,
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
fn worm_block(engine: &Engine, p: Point, info: Option<&WormInfo>, uncond: &StatusMap) -> String {
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
    let mut infos: HashMap<Point, WormInfo> = HashMap::new();
    let mut blocks = Vec::with_capacity(points.len());
    for p in points {
        if engine.board().is_empty(p) {
            blocks.push(worm_block(engine, p, None, &uncond));
            continue;
        }
        let origin = engine.board().origin(p);
        if let Entry::Vacant(slot) = infos.entry(origin) {
            slot.insert(worm_info(engine, p));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Order-1..4 liberties and genus of the string at (row, col).
    fn libs(diagram: &str, row: usize, col: usize) -> ([usize; 4], usize) {
        let board = Board::from_diagram(diagram).expect("diagram");
        let s = board.point(row, col).expect("on board");
        (liberties_by_order(&board, s), genus(&board, s))
    }

    #[test]
    fn lone_stone_in_the_open() {
        // Order 2: the 8 points at distance 2; order 3: 12; order 4: 16.
        let d = ". . . . . . . . . . .
                 . . . . . . . . . . .
                 . . . . . . . . . . .
                 . . . . . . . . . . .
                 . . . . . . . . . . .
                 . . . . . X . . . . .
                 . . . . . . . . . . .
                 . . . . . . . . . . .
                 . . . . . . . . . . .
                 . . . . . . . . . . .
                 . . . . . . . . . . .";
        assert_eq!(libs(d, 5, 5), ([4, 8, 12, 16], 0));
    }

    #[test]
    fn opponent_stones_block_higher_orders() {
        // The liberty between two white stones is flanked and leads
        // nowhere; points touching white do not count beyond order 1.
        let d = ". . . . .
                 . . O . .
                 . O X O .
                 . O . O .
                 . . . . .";
        assert_eq!(libs(d, 2, 2).0, [1, 0, 0, 0]);
    }

    #[test]
    fn liberties_by_order_match_gnu_go() {
        // Values from GNU Go 3.8 `worm_data` on this position (played
        // with `play` on an empty 9x9 board).
        let d = ". . . . . . . . .
                 . . . . . . . . .
                 . . X . . . O . .
                 . . . . . X O . .
                 . . . . . . . . .
                 . . . O . . . . .
                 . . X X O . . . .
                 O . . . . . . . .
                 . X . . . . . . .";
        for ((row, col), want) in [
            ((6, 2), [4, 4, 4, 7]), // C3
            ((5, 3), [3, 7, 6, 9]), // D4
            ((2, 2), [4, 8, 7, 7]), // C7
            ((2, 6), [5, 8, 8, 8]), // G7
            ((7, 0), [3, 1, 2, 2]), // A2
            ((6, 4), [3, 6, 7, 6]), // E3
        ] {
            assert_eq!(libs(d, row, col), (want, 0), "({row}, {col})");
        }
    }

    #[test]
    fn genus_counts_enclosed_regions() {
        let d = "X X X . .
                 X . X . .
                 X X X . .
                 . . . . .
                 . . . . .";
        assert_eq!(libs(d, 0, 0).1, 1);
    }
}
