//! Loading a game from SGF (GTP `loadsgf FILE [movenumber|vertex]`) and
//! writing the current position as SGF (`printsgf`).
//!
//! GNU Go counterpart: `gameinfo_play_sgftree_rot` and `sgffile_printboard`
//! of `engine/sgffile.c` / `sgf/sgfnode.c`, driven by `gtp_loadsgf` and
//! `gtp_printsgf`. Parsing is done by the `sgf-parse` crate; this module maps
//! the main line of the first game tree onto a [`Game`]: root `SZ`, `KM`,
//! `HA`; then per node `AE`/`AB`/`AW` setup, `PL`, GNU Go's private `IL`
//! (ko point) and `B`/`W` moves. Old files' `tt` pass on boards up to 19 is
//! understood. Loading builds a fresh game and only hands it over when
//! everything succeeded, so a failed load leaves the caller's game as it was.

use super::{Game, GameError, DEFAULT_KOMI};
use crate::board::{Color, IllegalMove, Move, Point, MAX_BOARD};
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;
use std::borrow::Cow;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// Where to stop replaying the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopAt {
    /// Play every move.
    End,
    /// Stop before move number `n` (moves count from 1; `B`/`W` nodes).
    MoveNumber(usize),
    /// Stop before the first move played at this point, given as column
    /// index (0 = A) and row number counted from 1 at the bottom, since the
    /// board size is only known from the file.
    Vertex {
        /// Column index, 0 for `A` (no `I`).
        col: usize,
        /// Row number, 1 at the bottom.
        row_number: usize,
    },
}

/// Why an SGF could not be loaded.
#[derive(Debug)]
pub enum SgfLoadError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The text is not SGF or not a Go game.
    Parse(String),
    /// The file parsed but its content is unusable (size, coordinates).
    Content(String),
}

impl fmt::Display for SgfLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfLoadError::Io(e) => write!(f, "cannot read file: {e}"),
            SgfLoadError::Parse(m) => write!(f, "cannot parse SGF: {m}"),
            SgfLoadError::Content(m) => write!(f, "unusable SGF: {m}"),
        }
    }
}

impl std::error::Error for SgfLoadError {}

/// A loaded game and the colour to move next (GNU Go's `loadsgf` answer).
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game after the replayed moves.
    pub game: Game,
    /// The colour to move next.
    pub to_move: Color,
}

/// Largest SGF file read (far above any game record): a device or a huge
/// file named by mistake (`loadsgf /dev/zero`) must not hang the engine.
pub const MAX_SGF_BYTES: u64 = 16 << 20;

/// Read and load an SGF file. Only regular files are read, at most
/// [`MAX_SGF_BYTES`].
pub fn load_sgf_file(path: &Path, stop: StopAt) -> Result<Loaded, SgfLoadError> {
    let meta = std::fs::metadata(path).map_err(SgfLoadError::Io)?;
    if !meta.is_file() {
        return Err(SgfLoadError::Io(std::io::Error::other(
            "not a regular file",
        )));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_SGF_BYTES + 1).read_to_end(&mut bytes))
        .map_err(SgfLoadError::Io)?;
    if bytes.len() as u64 > MAX_SGF_BYTES {
        return Err(SgfLoadError::Io(std::io::Error::other("file too large")));
    }
    // Old files carry Latin-1 comments: decode lossily, the game
    // properties are ASCII.
    let text = String::from_utf8_lossy(&bytes);
    load_sgf(&text, stop)
}

/// Load the main line of the first game in `text`.
pub fn load_sgf(text: &str, stop: StopAt) -> Result<Loaded, SgfLoadError> {
    // Loading stops at the node of the n-th move: the nodes after it need
    // no parsing (a game record loaded at move 60 is mostly after it).
    let moves_needed = match stop {
        StopAt::MoveNumber(n) => Some(n),
        StopAt::End | StopAt::Vertex { .. } => None,
    };
    let text = canonical_first_tree(text, moves_needed)?;
    let trees = sgf_parse::parse(&text).map_err(|e| SgfLoadError::Parse(e.to_string()))?;
    let tree = trees
        .into_iter()
        .next()
        .ok_or_else(|| SgfLoadError::Parse("no game tree".into()))?;
    let root = tree
        .into_go_node()
        .map_err(|e| SgfLoadError::Parse(e.to_string()))?;
    replay(&root, stop)
}

/// SGF properties whose value is a list (setup stones and markup): a
/// repeat within one node adds to the list.
const LIST_PROPERTIES: &[&str] = &[
    "AB", "AE", "AW", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TB", "TR", "TW", "VW",
];

/// Most nodes loaded from the main line of an SGF file: ten times the
/// longest game record in GNU Go's regression games (463 nodes).
pub const MAX_SGF_NODES: usize = 10_000;

/// The `current` property of [`canonical_first_tree`] past the cut: a
/// property is being read, its values are checked and dropped.
const PAST_CUT: usize = usize::MAX;

/// Cut the main line of the first game tree out of `text` and repair what
/// old files (GNU Go's own regression games among them) get wrong, so the
/// strict parser accepts it:
/// - a byte-order mark and any text before the first `(` are dropped (the
///   SGF specification lets a collection be preceded by anything);
/// - only the main line is kept, as one flat sequence of nodes: the
///   first variation at every branch is followed and the main line ends
///   at the first `)`, so everything after it (other variations, other
///   game trees) is dropped. The parser then never sees nesting, whatever
///   the file's depth, and the tree it builds is one chain of at most
///   [`MAX_SGF_NODES`] nodes (a file beyond that is refused: the parsed
///   tree is dropped recursively, one stack frame per node);
/// - a list property repeated within a node (`AB[pd]AB[dp]`, common in
///   old files) has its values merged into one property, as GNU Go reads
///   it; any other repeated property keeps its first occurrence;
/// - a game tree left open at the end of the file is closed, as GNU Go's
///   reader does.
///
/// A property value left open (a file cut in the middle of a value), text
/// that is not a property between nodes, or no game tree at all are errors.
///
/// With `moves_needed` (`Some(n)`), the main line is cut after the node of
/// its n-th move (a node with a `B` or `W` property): the nodes after it
/// are still checked as above, but not passed on to the parser.
fn canonical_first_tree(text: &str, moves_needed: Option<usize>) -> Result<String, SgfLoadError> {
    let err = |m: &str| Err(SgfLoadError::Parse(m.to_string()));
    let text = text.trim_start_matches('\u{feff}');
    let Some(start) = text.find('(') else {
        return err("no game tree");
    };
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut i = start;
    // The properties of the node being read, in order of first
    // appearance, each with all its values (raw `[...]` text); written out
    // when the node ends.
    let mut node: Vec<(Cow<str>, Vec<&str>)> = Vec::new();
    let mut current: Option<usize> = None;
    // Values of a repeated single-value property are dropped.
    let mut skip_values = false;
    // Nodes are written until the one with the last move needed.
    let mut writing = true;
    let mut moves = 0usize;
    let mut flush = |node: &mut Vec<(Cow<str>, Vec<&str>)>, out: &mut String| -> bool {
        if writing {
            if node.iter().any(|(ident, _)| ident == "B" || ident == "W") {
                moves += 1;
            }
            for (ident, values) in node.drain(..) {
                out.push_str(&ident);
                for v in values {
                    out.push_str(v);
                }
            }
            writing = moves_needed.is_none_or(|n| moves < n);
        }
        node.clear();
        writing
    };
    let mut nodes = 0usize;
    // Still writing nodes (the last `flush` said so): past the cut, the
    // properties are only checked, not collected.
    let mut passing = true;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'(' => {
                // The start of the game tree, or of its first variation
                // (earlier variations have all ended at a `)`): flattened.
                passing = flush(&mut node, &mut out);
                current = None;
                skip_values = false;
                if depth == 0 {
                    out.push('(');
                }
                depth += 1;
                i += 1;
            }
            b')' => break,
            b';' => {
                if depth == 0 {
                    return err("node outside a game tree");
                }
                nodes += 1;
                if nodes > MAX_SGF_NODES {
                    return Err(SgfLoadError::Content(format!(
                        "more than {MAX_SGF_NODES} nodes in the main line"
                    )));
                }
                passing = flush(&mut node, &mut out);
                if passing {
                    out.push(';');
                }
                current = None;
                skip_values = false;
                i += 1;
            }
            b'[' => {
                // A value: up to the next unescaped `]`.
                let mut j = i + 1;
                loop {
                    match bytes.get(j) {
                        None => return err("property value not terminated"),
                        Some(b'\\') => j += 2,
                        Some(b']') => break,
                        Some(_) => j += 1,
                    }
                }
                match current {
                    Some(PAST_CUT) => {}
                    Some(k) => node[k].1.push(&text[i..=j]),
                    None if skip_values => {}
                    None => return err("property value without an identifier"),
                }
                i = j + 1;
            }
            c if c.is_ascii_alphabetic() => {
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_alphabetic() {
                    j += 1;
                }
                // FF[3] identifiers may carry lower-case letters.
                let raw = &text[i..j];
                if !raw.bytes().any(|b| b.is_ascii_uppercase()) {
                    return err("property identifier without capital letters");
                }
                if !passing {
                    current = Some(PAST_CUT);
                    skip_values = false;
                    i = j;
                    continue;
                }
                let ident: Cow<str> = if raw.bytes().all(|b| b.is_ascii_uppercase()) {
                    Cow::Borrowed(raw)
                } else {
                    Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
                };
                current = match node.iter().position(|(id, _)| *id == ident) {
                    Some(k) if LIST_PROPERTIES.contains(&ident.as_ref()) => Some(k),
                    Some(_) => None,
                    None => {
                        node.push((ident, Vec::new()));
                        Some(node.len() - 1)
                    }
                };
                skip_values = current.is_none();
                i = j;
            }
            c if c.is_ascii_whitespace() => {
                i += 1;
            }
            _ => return err("unexpected character outside a property value"),
        }
    }
    flush(&mut node, &mut out);
    out.push(')');
    Ok(out)
}

fn size_of(root: &SgfNode<Prop>) -> Result<usize, SgfLoadError> {
    match root.get_property("SZ") {
        None => Ok(19),
        Some(Prop::SZ((w, h))) => {
            let (w, h) = (usize::from(*w), usize::from(*h));
            if w != h {
                Err(SgfLoadError::Content(format!(
                    "board {w}x{h} is not square"
                )))
            } else if !(1..=MAX_BOARD).contains(&w) {
                Err(SgfLoadError::Content(format!("board size {w}")))
            } else {
                Ok(w)
            }
        }
        Some(other) => Err(SgfLoadError::Content(format!("bad size property {other}"))),
    }
}

/// An SGF point on this board; `tt` (19,19) on boards up to 19 is a pass.
fn sgf_move(m: &go::Move, size: usize) -> Result<Move, SgfLoadError> {
    match m {
        go::Move::Pass => Ok(Move::Pass),
        go::Move::Move(p) if size <= 19 && p.x == 19 && p.y == 19 => Ok(Move::Pass),
        go::Move::Move(p) => sgf_point(p, size).map(Move::Play),
    }
}

fn sgf_point(p: &go::Point, size: usize) -> Result<Point, SgfLoadError> {
    let (col, row) = (usize::from(p.x), usize::from(p.y));
    if col < size && row < size {
        Ok(Point::new(row, col))
    } else {
        Err(SgfLoadError::Content(format!(
            "point {}{} outside a {size}x{size} board",
            (b'a' + p.x.min(25)) as char,
            (b'a' + p.y.min(25)) as char
        )))
    }
}

/// Setup points of a property, sorted (the crate hands out a `HashSet`).
fn sorted_points(
    set: &std::collections::HashSet<go::Point>,
    size: usize,
) -> Result<Vec<Point>, SgfLoadError> {
    let mut pts = Vec::with_capacity(set.len());
    for p in set {
        // `tt` in a setup list is not a pass: just ignore it on small boards.
        if size <= 19 && p.x == 19 && p.y == 19 {
            continue;
        }
        pts.push(sgf_point(p, size)?);
    }
    pts.sort();
    Ok(pts)
}

fn game_err(e: GameError, size: usize) -> SgfLoadError {
    match e {
        GameError::NoLiberties(p) => SgfLoadError::Content(format!(
            "setup leaves the string at {} without liberties",
            sgf_coordinate(p, size)
        )),
        e => SgfLoadError::Content(e.to_string()),
    }
}

/// A point in SGF's own coordinates (`aa` is the top left), for messages
/// about the file: the SGF layer knows nothing of GTP vertices.
fn sgf_coordinate(p: Point, size: usize) -> String {
    let letter = |i: usize| char::from(b'a' + i as u8);
    debug_assert!(p.row() < size && p.col() < size);
    format!("[{}{}]", letter(p.col()), letter(p.row()))
}

fn replay(root: &SgfNode<Prop>, stop: StopAt) -> Result<Loaded, SgfLoadError> {
    let size = size_of(root)?;
    let mut game = Game::new(size);
    let handicap = match root.get_property("HA") {
        Some(Prop::HA(n)) => usize::try_from(*n).unwrap_or(0),
        _ => 0,
    };
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) if !super::komi_in_range(*k) => {
            return Err(SgfLoadError::Content(format!(
                "komi KM[{k:e}] out of range"
            )));
        }
        Some(Prop::KM(k)) => *k as f32,
        _ if handicap > 1 => 0.5,
        _ => DEFAULT_KOMI,
    };
    game.set_komi(komi);
    game.set_handicap_count(handicap);
    let mut to_move = if handicap > 1 {
        Color::White
    } else {
        Color::Black
    };
    game.set_to_move(to_move);
    let stop_point = match stop {
        StopAt::Vertex { col, row_number } if col < size && (1..=size).contains(&row_number) => {
            Some(Point::new(size - row_number, col))
        }
        _ => None,
    };
    let mut move_number = 0usize;
    'nodes: for node in root.main_variation() {
        // Setup first (SGF: setup properties of a node apply before its move).
        let mut edits = Vec::new();
        for prop in node.properties() {
            let (set, color) = match prop {
                Prop::AE(set) => (set, None),
                Prop::AB(set) => (set, Some(Color::Black)),
                Prop::AW(set) => (set, Some(Color::White)),
                _ => continue,
            };
            for p in sorted_points(set, size)? {
                edits.push((p, color));
            }
        }
        if !edits.is_empty() {
            game.setup_many(&edits).map_err(|e| game_err(e, size))?;
        }
        for prop in node.properties() {
            match prop {
                Prop::PL(c) => {
                    to_move = match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    };
                    game.set_to_move(to_move);
                }
                // FF[3] files (Cgoban 1) write the player as PL[1] / PL[2].
                Prop::Unknown(id, values) | Prop::Invalid(id, values)
                    if id == "PL"
                        && matches!(values.first().map(String::as_str), Some("1" | "2")) =>
                {
                    to_move = if values[0] == "1" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    game.set_to_move(to_move);
                }
                Prop::Unknown(id, values) | Prop::Invalid(id, values) if id == "IL" => {
                    if let Some(v) = values.first() {
                        let p: go::Point = v
                            .parse()
                            .map_err(|_| SgfLoadError::Content(format!("bad IL[{v}]")))?;
                        let p = sgf_point(&p, size)?;
                        if !game.board().is_empty(p) {
                            return Err(SgfLoadError::Content(format!(
                                "IL{} marks an occupied point as ko",
                                sgf_coordinate(p, size)
                            )));
                        }
                        game.set_ko(p).map_err(|e| game_err(e, size))?;
                    }
                }
                _ => {}
            }
        }
        let (color, mv) = match node.get_move() {
            Some(Prop::B(m)) => (Color::Black, sgf_move(m, size)?),
            Some(Prop::W(m)) => (Color::White, sgf_move(m, size)?),
            _ => continue,
        };
        move_number += 1;
        let stop_here = match stop {
            StopAt::End => false,
            StopAt::MoveNumber(n) => move_number >= n,
            StopAt::Vertex { .. } => stop_point.is_some_and(|sp| mv == Move::Play(sp)),
        };
        if stop_here {
            to_move = color;
            break 'nodes;
        }
        match game.play_recorded(color, mv) {
            Ok(()) => to_move = color.opponent(),
            Err(GameError::Illegal(IllegalMove::Occupied | IllegalMove::Suicide)) => {
                // GNU Go stops loading at a move it cannot play.
                log::warn!("loadsgf: move {move_number} cannot be played; stopping there");
                to_move = color;
                break 'nodes;
            }
            Err(e) => return Err(game_err(e, size)),
        }
    }
    game.set_to_move(to_move);
    Ok(Loaded { game, to_move })
}

/// The current position as an SGF game record: size, komi, handicap, the
/// stones as `AB`/`AW` setup, GNU Go's `IL` for a ko point and `PL` for the
/// side to move (GNU Go's `printsgf` without a file).
pub fn position_to_sgf(game: &Game) -> String {
    let b = game.board();
    let size = b.size();
    let coord = |p: Point| {
        let letter = |i: usize| (b'a' + i as u8) as char;
        format!("{}{}", letter(p.col()), letter(p.row()))
    };
    let mut s = String::new();
    s.push_str("(;GM[1]FF[4]\n");
    s.push_str(&format!("SZ[{size}]\n"));
    s.push_str("GN[Tesuji load and print]\n");
    s.push_str(&format!(
        "KM[{:.1}]HA[{}]RU[Japanese]AP[Tesuji:{}]",
        game.komi(),
        game.handicap(),
        env!("CARGO_PKG_VERSION")
    ));
    for (tag, color) in [("AW", Color::White), ("AB", Color::Black)] {
        let pts: Vec<Point> = b
            .points()
            .filter(|&p| b.color_at(p) == Some(color))
            .collect();
        if !pts.is_empty() {
            s.push_str(tag);
            for p in pts {
                s.push_str(&format!("[{}]", coord(p)));
            }
            s.push('\n');
        }
    }
    if b.ko_point().is_some() && b.on_board(b.ko_point()) {
        s.push_str(&format!("IL[{}]\n", coord(b.ko_point())));
    }
    let pl = match game.to_move() {
        Color::Black => "B",
        Color::White => "W",
    };
    s.push_str(&format!("PL[{pl}]\n)\n"));
    s
}
