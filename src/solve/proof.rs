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
//!
//! A table entry proved on one line can fail on another: on the walk's
//! line the loser may be able to repeat one of the line's positions,
//! which the ko master loses. So at the winner's turns the walk takes the
//! winning move with the lowest proof (see the heights of
//! [`super::dfpn`]), checks every position it writes on its own line,
//! and when a line is refuted tries the winner's next winning move.

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
/// not suffice (or, which the tests have not seen, no tree holding on its
/// own lines is found).
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
        walk.below(board, first, false, 0).ok()?
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

/// Why a subtree could not be written.
enum Gap {
    /// The search stopped (budget or depth).
    Stopped,
    /// On this line the position is not won by the proof's winner: a
    /// table entry true on other lines does not hold here (the loser can
    /// repeat a position of the line, which the ko master loses). The
    /// caller tries the winner's next winning move.
    Refuted,
}

impl Walk<'_> {
    /// The proof below the position `to_move` faces.
    fn below(
        &mut self,
        board: &mut Board,
        to_move: Color,
        passed: bool,
        depth: usize,
    ) -> Result<Vec<ProofNode>, Gap> {
        let key = self.dfpn.rules.key(board, to_move, passed);
        let (numbers, children) = self.dfpn.mid(board, to_move, passed, key, INF, INF, depth);
        if self.dfpn.stopped.is_some() {
            return Err(Gap::Stopped);
        }
        let winner_moves = to_move == self.winner;
        if (numbers.phi == 0) != winner_moves {
            return Err(Gap::Refuted);
        }
        self.dfpn.enter_line(key);
        let result = if winner_moves {
            // The winning moves, lowest proof first.
            let mut wins: Vec<_> = children.iter().filter(|c| c.delta == 0).collect();
            wins.sort_by_key(|c| (c.path_dependent, c.height));
            let mut result = Err(Gap::Refuted);
            for c in wins {
                let left = self.left;
                match self.node(board, c.mv, to_move, passed, depth) {
                    Ok(node) => {
                        result = Ok(vec![node]);
                        break;
                    }
                    Err(Gap::Refuted) if !self.truncated => self.left = left,
                    Err(gap) => {
                        result = Err(gap);
                        break;
                    }
                }
            }
            result
        } else {
            children
                .iter()
                .map(|c| self.node(board, c.mv, to_move, passed, depth))
                .collect()
        };
        self.dfpn.leave_line(key);
        result
    }

    /// The proof node of `to_move`'s move `mv`, with the proof below it.
    fn node(
        &mut self,
        board: &mut Board,
        mv: Point,
        to_move: Color,
        passed: bool,
        depth: usize,
    ) -> Result<ProofNode, Gap> {
        let mut node = ProofNode {
            mv,
            color: to_move,
            end: None,
            children: Vec::new(),
        };
        if self.left == 0 {
            self.truncated = true;
            return Ok(node);
        }
        self.left -= 1;
        let rules = &self.dfpn.rules;
        let master = rules.ko_master;
        let step = rules.play(board, mv, to_move, passed);
        let result = match step {
            Step::Won(c) if c == self.winner => {
                node.end = Some(self.ending(board, c, mv));
                Ok(node)
            }
            Step::Won(_) => Err(Gap::Refuted),
            Step::Open => {
                let child_key = rules.key(board, to_move.opponent(), !mv.is_some());
                if self.dfpn.on_line(child_key) {
                    if master == self.winner {
                        Err(Gap::Refuted)
                    } else {
                        node.end = Some(format!(
                            "position repeated: lost by the ko master ({master})"
                        ));
                        Ok(node)
                    }
                } else {
                    self.below(board, to_move.opponent(), !mv.is_some(), depth + 1)
                        .map(|children| {
                            node.children = children;
                            node
                        })
                }
            }
        };
        board.popgo();
        result
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
