//! Proved life and death: `solve_life V [BUDGET]`, `decide_life V [FILE]`
//! and the GoGui overlay `tesuji-solve_life V`; and the region finder the
//! owl commands use before reading heuristically.
//!
//! GNU Go counterpart: none (GNU Go 3.8 has no exact solver); the answers
//! use `dragon_status`'s words. The solving is [`crate::solve`]; this
//! module decides which attacker strings are safe walls (unconditionally
//! alive, or alive by the owl's static judgement) and prints the answers:
//! - `alive [seki] nodes N`: lives even if the attacker moves first and
//!   wins every ko (`seki`: only in seki);
//! - `dead nodes N`: dies even if the defender moves first and wins
//!   every ko;
//! - `critical A D [ko] [seki] nodes N`: whoever moves first wins, the
//!   attacker at A, the defender at D (`ko`: one of them needs a ko;
//!   `seki`: the save is a seki);
//! - `unknown nodes N budget` / `unknown nodes 0 open`: the budget ran
//!   out, or the dragon is not enclosed.
//!
//! `N` counts the positions the searches expanded. Like the owl
//! commands, these refuse an open `trymove` stack.

use crate::board::{Color, Point};
use crate::engine::life::find_region;
use crate::engine::Engine;
use crate::gtp::handlers::{create_file, write_text};
use crate::gtp::response::{GtpError, Reply};
use crate::gtp::vertex::{format_opt_point, format_points};
use crate::solve::proof::{prove_with_tree, Proof};
use crate::solve::{LifeAnswer, Proved, Region, Unproved, DEFAULT_BUDGET};

/// The largest budget `solve_life` accepts.
pub const MAX_BUDGET: u64 = 100_000_000;

/// Proof trees written by `decide_life` are cut at this many moves.
pub const MAX_PROOF_MOVES: usize = 20_000;

/// The stone argument, the optional budget, no open stack.
fn question(engine: &mut Engine, args: &[&str], cmd: &str) -> Result<Point, GtpError> {
    if args.len() > 2 {
        return Err(GtpError::msg(format!(
            "{cmd} takes at most 2 arguments, got {}",
            args.len()
        )));
    }
    let p = engine.stone_arg(args, 0)?;
    engine.require_no_stack(cmd)?;
    Ok(p)
}

/// The answer's text (see the module docs).
fn format_answer(engine: &Engine, answer: &LifeAnswer) -> String {
    let size = engine.size();
    let n = answer.nodes;
    match answer.status {
        Ok(Proved::Alive { seki: false }) => format!("alive nodes {n}"),
        Ok(Proved::Alive { seki: true }) => format!("alive seki nodes {n}"),
        Ok(Proved::Dead) => format!("dead nodes {n}"),
        Ok(Proved::Critical {
            attack,
            defense,
            attack_ko,
            defense_ko,
            seki,
        }) => {
            let mut out = format!(
                "critical {} {}",
                format_opt_point(Some(attack).filter(|p| p.is_some()), size),
                format_opt_point(Some(defense).filter(|p| p.is_some()), size)
            );
            if attack_ko || defense_ko {
                out.push_str(" ko");
            }
            if seki {
                out.push_str(" seki");
            }
            out.push_str(&format!(" nodes {n}"));
            out
        }
        Err(Unproved::Budget) => format!("unknown nodes {n} budget"),
        Err(Unproved::Open(_)) => format!("unknown nodes {n} open"),
    }
}

/// Solve the dragon at `p` within `budget`.
fn solve_at(engine: &mut Engine, p: Point, budget: u64) -> (Option<Region>, LifeAnswer) {
    match find_region(engine, p) {
        Ok(region) => {
            let answer = engine
                .solver
                .solve(engine.game.board_mut(), &region, budget);
            (Some(region), answer)
        }
        Err(e) => (
            None,
            LifeAnswer {
                status: Err(Unproved::Open(e)),
                nodes: 0,
            },
        ),
    }
}

/// `solve_life V [BUDGET]`: the proved status of the dragon at V.
pub fn solve_life(engine: &mut Engine, args: &[&str]) -> Reply {
    let p = question(engine, args, "solve_life")?;
    let budget = match args.get(1) {
        None => DEFAULT_BUDGET,
        Some(s) => s
            .parse::<u64>()
            .ok()
            .filter(|&b| (1..=MAX_BUDGET).contains(&b))
            .ok_or_else(|| {
                GtpError::msg(format!(
                    "budget must be a whole number from 1 to {MAX_BUDGET}"
                ))
            })?,
    };
    let (_, answer) = solve_at(engine, p, budget);
    Ok(format_answer(engine, &answer))
}

/// `decide_life V [FILE]`: the proved status, and its proof trees as SGF.
pub fn decide_life(engine: &mut Engine, args: &[&str]) -> Reply {
    let p = question(engine, args, "decide_life")?;
    let file = match args.get(1) {
        Some(name) => Some((create_file(name)?, *name)),
        None => None,
    };
    let (region, answer) = solve_at(engine, p, DEFAULT_BUDGET);
    let status = format_answer(engine, &answer);
    let Some(region) = region else {
        return Ok(status);
    };
    let defender = region.defender;
    let attacker = defender.opponent();
    // The searches whose proofs show the status: (first, ko master).
    let questions: Vec<(Color, Color)> = match answer.status {
        Ok(Proved::Alive { .. }) => vec![(attacker, attacker)],
        Ok(Proved::Dead) => vec![(defender, defender)],
        Ok(Proved::Critical {
            attack_ko,
            defense_ko,
            ..
        }) => vec![
            (attacker, if attack_ko { attacker } else { defender }),
            (defender, if defense_ko { defender } else { attacker }),
        ],
        Err(_) => Vec::new(),
    };
    let board = engine.game.board_mut();
    let mut proofs: Vec<Proof> = Vec::new();
    for (first, master) in questions {
        if let Some(proof) = prove_with_tree(
            board,
            &region,
            first,
            master,
            DEFAULT_BUDGET,
            MAX_PROOF_MOVES,
        ) {
            proofs.push(proof);
        }
    }
    let what = engine.fmt_point(p);
    let mut lines = vec![
        format!("{what}: {status}"),
        format!(
            "region: {} points, {} empty, {} walls",
            region.list.len(),
            region.empty_points(engine.game.board()),
            region.walls.len()
        ),
    ];
    for proof in &proofs {
        lines.push(format!(
            "{} first, {} wins: proof of {} moves{}",
            proof.first,
            proof.winner,
            proof.size,
            if proof.truncated { " (cut)" } else { "" }
        ));
    }
    if let Some((f, name)) = file {
        let comment = format!("{what}: {status}");
        let sgf = crate::solve::proof::to_sgf(engine.game.board(), &comment, &proofs);
        write_text(f, name, &sgf)?;
    }
    Ok(lines.join("\n"))
}

/// `tesuji-solve_life V`: GoGui overlay of the proved status: the dragon
/// marked (dead), triangled (critical) or squared (alive), the key moves
/// labelled A and D, the answer as text.
pub fn solve_life_gfx(engine: &mut Engine, args: &[&str]) -> Reply {
    let p = question(engine, args, "tesuji-solve_life")?;
    let (region, answer) = solve_at(engine, p, DEFAULT_BUDGET);
    let size = engine.size();
    let mut lines = Vec::new();
    if region.is_some() {
        let board = engine.game.board();
        let mut stones: Vec<Point> = board.stones(p).collect();
        stones.sort();
        let shape = match answer.status {
            Ok(Proved::Dead) => Some("MARK"),
            Ok(Proved::Critical { .. }) => Some("TRIANGLE"),
            Ok(Proved::Alive { .. }) => Some("SQUARE"),
            Err(_) => None,
        };
        if let Some(shape) = shape {
            lines.push(format!("{shape} {}", format_points(&stones, size)));
        }
        if let Ok(Proved::Critical {
            attack, defense, ..
        }) = answer.status
        {
            let mut labels = Vec::new();
            for (q, tag) in [(attack, "A"), (defense, "D")] {
                if q.is_some() {
                    labels.push((q, tag));
                }
            }
            if labels.len() == 2 && labels[0].0 == labels[1].0 {
                labels = vec![(attack, "AD")];
            }
            for (q, tag) in labels {
                lines.push(format!("LABEL {} {tag}", format_opt_point(Some(q), size)));
            }
        }
    }
    lines.push(format!("TEXT {}", format_answer(engine, &answer)));
    Ok(lines.join("\n"))
}
