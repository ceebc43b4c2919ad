//! Variation tracer: records every variation the reader reads as an SGF
//! game tree, each variation numbered in a comment (GNU Go `sgftrace`,
//! `--decide-string -o FILE`, GTP `start_sgftrace` / `finish_sgftrace`).
//!
//! The tracer is owned by the [`super::Reader`]; the search reports each
//! finished node (routine, target, result) and the tracer files the
//! current move stack, relative to the position where tracing started,
//! into a tree. `to_sgf` writes the starting position as setup stones and
//! the tree below it.
//!
//! A recording is bounded: after [`MAX_VARIATIONS`] variations the tracer
//! stops filing and says so in the root comment. `start_sgftrace` records
//! every read until `finish_sgftrace`, and a client that never finishes
//! (or raises the reading depths and asks for every dragon's status) would
//! otherwise grow it without end; GNU Go's recorder has no such bound.

use super::ReadResult;
use crate::board::{Board, Color, Point};

#[derive(Debug, Clone)]
struct Node {
    mv: Point,
    color: Color,
    children: Vec<usize>,
    comments: Vec<String>,
}

/// Most variations one recording files (a few hundred bytes each, so tens
/// of megabytes at most); GNU Go's own decide commands write a few
/// thousand.
pub const MAX_VARIATIONS: usize = 100_000;

/// An SGF recorder of reading variations.
#[derive(Debug, Clone)]
pub struct Tracer {
    size: usize,
    setup: Vec<(Point, Color)>,
    base_depth: usize,
    nodes: Vec<Node>,
    root_comments: Vec<String>,
    root_list: Vec<usize>,
    variations: usize,
    /// Variations reported after the recording was full.
    dropped: usize,
}

/// A point as an SGF value (`aa` top left; empty for a pass).
pub(crate) fn sgf_point(p: Point) -> String {
    if p.is_some() {
        let c = (b'a' + p.col() as u8) as char;
        let r = (b'a' + p.row() as u8) as char;
        format!("{c}{r}")
    } else {
        String::new()
    }
}

fn text_point(p: Option<Point>, size: usize) -> String {
    match p {
        Some(p) if p.is_some() => {
            let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
            let col = letters.chars().nth(p.col()).unwrap_or('?');
            format!("{col}{}", size - p.row())
        }
        _ => "PASS".to_string(),
    }
}

fn code(res: ReadResult) -> u8 {
    match res {
        ReadResult::Fail => 0,
        ReadResult::Win => 1,
        ReadResult::KoA => 2,
        ReadResult::KoB => 3,
    }
}

/// Text escaped for an SGF property value.
pub(crate) fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The stones of `board` with their colours, in board order (the setup of
/// a trace's SGF game).
pub(crate) fn setup_stones(board: &Board) -> Vec<(Point, Color)> {
    board
        .points()
        .filter_map(|p| board.color_at(p).map(|c| (p, c)))
        .collect()
}

/// The opening of an SGF game: size and the stones as setup (`AB`/`AW`).
pub(crate) fn sgf_header(size: usize, stones: &[(Point, Color)]) -> String {
    let mut out = format!("(;GM[1]FF[4]SZ[{size}]");
    for (color, tag) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let pts: Vec<String> = stones
            .iter()
            .filter(|e| e.1 == color)
            .map(|e| format!("[{}]", sgf_point(e.0)))
            .collect();
        if !pts.is_empty() {
            out.push_str(tag);
            out.push_str(&pts.concat());
        }
    }
    out
}

impl Tracer {
    /// Start tracing at the current position of `board`.
    pub fn new(board: &Board) -> Tracer {
        Tracer {
            size: board.size(),
            setup: setup_stones(board),
            base_depth: board.depth(),
            nodes: Vec::new(),
            root_comments: Vec::new(),
            root_list: Vec::new(),
            variations: 0,
            dropped: 0,
        }
    }

    /// Number of variations recorded.
    pub fn variations(&self) -> usize {
        self.variations
    }

    /// File the current move stack with a comment on its last node.
    pub fn record(
        &mut self,
        board: &Board,
        what: &str,
        target: Point,
        res: ReadResult,
        mv: Option<Point>,
    ) {
        if self.variations >= MAX_VARIATIONS {
            self.dropped += 1;
            return;
        }
        self.variations += 1;
        let mut children_of: Option<usize> = None;
        for (p, c) in board.move_stack().skip(self.base_depth) {
            let list: Vec<usize> = match children_of {
                None => self.roots(),
                Some(i) => self.nodes[i].children.clone(),
            };
            let found = list
                .into_iter()
                .find(|&i| self.nodes[i].mv == p && self.nodes[i].color == c);
            let idx = match found {
                Some(i) => i,
                None => {
                    self.nodes.push(Node {
                        mv: p,
                        color: c,
                        children: Vec::new(),
                        comments: Vec::new(),
                    });
                    let i = self.nodes.len() - 1;
                    match children_of {
                        Some(parent) => self.nodes[parent].children.push(i),
                        None => self.root_list.push(i),
                    }
                    i
                }
            };
            children_of = Some(idx);
        }
        let comment = format!(
            "({}) {} {}: {} {}",
            self.variations,
            what,
            text_point(Some(target), self.size),
            code(res),
            if res == ReadResult::Fail {
                String::new()
            } else {
                text_point(mv, self.size)
            }
        );
        match children_of {
            Some(i) => self.nodes[i].comments.push(comment),
            None => self.root_comments.push(comment),
        }
    }

    fn roots(&self) -> Vec<usize> {
        self.root_list.clone()
    }

    /// The trace as SGF text.
    pub fn to_sgf(&self) -> String {
        let mut out = sgf_header(self.size, &self.setup);
        let mut root_comments = self.root_comments.clone();
        if self.dropped > 0 {
            root_comments.push(format!(
                "recording full: {} more variations read and not recorded",
                self.dropped
            ));
        }
        if !root_comments.is_empty() {
            out.push_str(&format!("C[{}]", escape(&root_comments.join("\n"))));
        }
        let roots = self.roots();
        self.write_children(&roots, &mut out);
        out.push_str(")\n");
        out
    }

    fn write_children(&self, children: &[usize], out: &mut String) {
        if children.len() == 1 {
            self.write_node(children[0], out);
        } else {
            for &c in children {
                out.push('(');
                self.write_node(c, out);
                out.push(')');
            }
        }
    }

    fn write_node(&self, i: usize, out: &mut String) {
        let n = &self.nodes[i];
        let tag = if n.color == Color::Black { "B" } else { "W" };
        out.push_str(&format!("\n;{tag}[{}]", sgf_point(n.mv)));
        if !n.comments.is_empty() {
            out.push_str(&format!("C[{}]", escape(&n.comments.join("\n"))));
        }
        self.write_children(&n.children, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recording_stops_at_its_bound_and_says_how_many_it_dropped() {
        let mut board = Board::from_diagram(
            ". . . . .
             . X O . .
             . . . . .
             . . . . .
             . . . . .",
        )
        .unwrap();
        let mut tracer = Tracer::new(&board);
        let target = board.point(1, 1).unwrap();
        let mv = board.point(2, 2).unwrap();
        assert!(board.trymove(mv, Color::White));
        for _ in 0..MAX_VARIATIONS + 7 {
            tracer.record(&board, "attack", target, ReadResult::Win, Some(mv));
        }
        board.popgo();
        assert_eq!(tracer.variations(), MAX_VARIATIONS);
        let sgf = tracer.to_sgf();
        assert!(sgf.contains("recording full: 7 more variations read and not recorded"));
        let last = format!("({MAX_VARIATIONS}) attack B4: 1 C3");
        assert!(sgf.contains(&last), "the last recorded variation is kept");
        let next = format!("({}) attack", MAX_VARIATIONS + 1);
        assert!(!sgf.contains(&next));
    }
}
