//! The proof tree of an answer, as SGF (GTP `decide_life V FILE`).
//!
//! GNU Go counterpart: the variation files of `decide_owl` /
//! `decide_string` (`sgftrace`), which record what was read; this records
//! what was proved instead. At the winner's turns the tree holds one
//! winning move, at the loser's turns every move (pass included), each
//! line ending where the game of [`super::game`] ends, with a comment
//! saying how. The tree is rebuilt after the search by walking it again
//! with the search's table (re-searching where the table forgot, or where
//! a result rested on a repetition), and is cut at a node limit.

use super::dfpn::{Dfpn, INF};
use super::game::{PassEnd, Rules, Step};
use super::region::Region;
use crate::board::{Board, Color, Point};
use crate::reading::trace::{escape, sgf_header, sgf_point};

/// One move of a proof tree.
#[derive(Clone, Debug)]
pub struct ProofNode {
    /// The move (`Point::NONE`: pass).
    pub mv: Point,
    /// Who plays it.
    pub color: Color,
    /// How the line ends here, if it does.
    pub end: Option<String>,
    /// The replies.
    pub children: Vec<ProofNode>,
}

/// A proof: who wins moving first, the tree, and whether it was cut.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The side that moved first.
    pub first: Color,
    /// The side the proof is for.
    pub winner: Color,
    /// The first moves (one for a win of the side to move, all for a loss).
    pub tree: Vec<ProofNode>,
    /// Nodes written.
    pub size: usize,
    /// The tree was cut at the node limit.
    pub truncated: bool,
    /// Positions the searches expanded.
    pub nodes: u64,
}

/// Prove the question and build its tree, or `None` when the budget does
/// not suffice.
pub fn prove_with_tree(
    board: &mut Board,
    region: &Region,
    first: Color,
    ko_master: Color,
    budget: u64,
    max_tree: usize,
) -> Option<Proof> {
    let rules = Rules {
        region,
        ko_master,
        pass_end: PassEnd::Standing,
    };
    prove_tree(board, rules, first, budget, max_tree)
}

/// [`prove_with_tree`] under any rules of [`super::game`] (any
/// [`PassEnd`]).
pub fn prove_tree(
    board: &mut Board,
    rules: Rules<'_>,
    first: Color,
    budget: u64,
    max_tree: usize,
) -> Option<Proof> {
    let mut dfpn = Dfpn::new(rules, budget);
    let (won, _) = dfpn.prove(board, first);
    let won = won?;
    let winner = if won { first } else { first.opponent() };
    let mut walk = Walk {
        dfpn,
        winner,
        left: max_tree,
        truncated: false,
    };
    let tree = if walk.dfpn.rules.over_at_start(board).is_some() {
        Vec::new()
    } else {
        walk.below(board, first, false, 0)?
    };
    Some(Proof {
        first,
        winner,
        size: max_tree - walk.left,
        truncated: walk.truncated,
        nodes: walk.dfpn.nodes,
        tree,
    })
}

struct Walk<'r> {
    dfpn: Dfpn<'r>,
    winner: Color,
    left: usize,
    truncated: bool,
}

impl Walk<'_> {
    /// The proof below the position `to_move` faces.
    fn below(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        depth: usize,
    ) -> Option<Vec<ProofNode>> {
        let key = self.dfpn.rules.key(board, to_move, passed);
        let (_, children) = self.dfpn.mid(board, to_move, passed, key, INF, INF, depth);
        if self.dfpn.stopped.is_some() {
            return None;
        }
        let chosen: Vec<Point> = if to_move == self.winner {
            children
                .iter()
                .find(|c| c.delta == 0)
                .map(|c| vec![c.mv])
                .unwrap_or_default()
        } else {
            children.iter().map(|c| c.mv).collect()
        };
        self.dfpn.enter_line(key);
        let mut out = Vec::new();
        for mv in chosen {
            if self.left == 0 {
                self.truncated = true;
                break;
            }
            self.left -= 1;
            let step = self.dfpn.rules.play(board, mv, to_move, passed);
            let mut node = ProofNode {
                mv,
                color: to_move,
                end: None,
                children: Vec::new(),
            };
            match step {
                Step::Won(c) => node.end = Some(self.ending(board, c, mv)),
                Step::Open => {
                    let child_key = self
                        .dfpn
                        .rules
                        .key(board, to_move.opponent(), !mv.is_some());
                    if self.dfpn.on_line(child_key) {
                        node.end = Some(format!(
                            "position repeated: lost by the ko master ({})",
                            self.dfpn.rules.ko_master
                        ));
                    } else {
                        match self.below(board, to_move.opponent(), !mv.is_some(), depth + 1) {
                            Some(children) => node.children = children,
                            None => {
                                board.popgo();
                                self.dfpn.leave_line(key);
                                return None;
                            }
                        }
                    }
                }
            }
            board.popgo();
            out.push(node);
        }
        self.dfpn.leave_line(key);
        Some(out)
    }

    /// Why the game ended with `mv`, won by `winner`.
    fn ending(&self, board: &Board, winner: Color, mv: Point) -> String {
        let region = self.dfpn.rules.region;
        if !board.is_stone(region.target) {
            "target captured".to_string()
        } else if !mv.is_some() {
            format!("two passes: {winner} wins")
        } else if winner == region.defender && self.dfpn.rules.wall_captured(board) {
            "a wall captured: the region opens".to_string()
        } else {
            "unconditionally alive".to_string()
        }
    }
}

/// Proofs as one SGF game: the position as setup stones, `comment` on
/// the root, each proof's first moves as variations below it (a proof for
/// each side moving first fits in one file: their first moves differ in
/// colour).
pub fn to_sgf(board: &Board, comment: &str, proofs: &[Proof]) -> String {
    let stones: Vec<(Point, Color)> = board
        .points()
        .filter_map(|p| board.color_at(p).map(|c| (p, c)))
        .collect();
    let mut out = sgf_header(board.size(), &stones);
    out.push_str(&format!("C[{}]", escape(comment)));
    let firsts: Vec<ProofNode> = proofs.iter().flat_map(|p| p.tree.iter().cloned()).collect();
    write_children(&firsts, &mut out);
    out.push_str(")\n");
    out
}

fn write_children(children: &[ProofNode], out: &mut String) {
    if children.len() == 1 {
        write_node(&children[0], out);
    } else {
        for c in children {
            out.push('(');
            write_node(c, out);
            out.push(')');
        }
    }
}

fn write_node(n: &ProofNode, out: &mut String) {
    let tag = if n.color == Color::Black { "B" } else { "W" };
    out.push_str(&format!("\n;{tag}[{}]", sgf_point(n.mv)));
    if let Some(end) = &n.end {
        out.push_str(&format!("C[{}]", escape(end)));
    }
    write_children(&n.children, out);
}
