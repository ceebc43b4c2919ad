//! INTERIM move generator behind `genmove` / `reg_genmove`, until the
//! real one (owl, influence, move valuation) exists.
//!
//! GNU Go counterpart: none really; GNU Go's `genmove` (`engine/genmove.c`)
//! weighs move reasons from worms, dragons, owl and patterns. This one
//! knows tactics and break-ins:
//! 1. capture the largest opponent string in atari whose capturing stone is
//!    safe (checked with [`Reader::safe_move`]);
//! 2. otherwise save an own string in atari by extending, if the extension
//!    is safe;
//! 3. otherwise break into the largest region of the opponent's estimated
//!    territory that an own string can reach by connection reading, or
//!    block the opponent's break-in into a larger own region
//!    ([`crate::analysis::breakin`], GNU Go's break-in move reasons), if the
//!    move is safe;
//! 4. otherwise play a pseudo-random (seeded, deterministic) safe move that
//!    does not fill an own eye, on a neutral point of the territory estimate
//!    when there is one, never inside a small empty region that only one
//!    colour borders (own territory, or the inside of the opponent's);
//! 5. otherwise pass.
//!
//! Steps 1-3 are [`ranked_moves`], which the analysis commands show too.
//! Every step proposes only moves the game's ko rule allows (a
//! [`MoveFilter`]: under superko, no move that repeats a position), so a
//! cycle such as a triple ko ends; reading itself keeps the simple-ko +
//! komaster model.

use crate::analysis::breakin::{find_blocks, find_break_ins};
use crate::analysis::territory::Territory;
use crate::board::{Board, Cell, Color, Move, Point, SplitMix64, BOARD_ARRAY};
use crate::connect::ConnectionReader;
use crate::game::{Game, MoveFilter};
use crate::reading::Reader;

/// Largest single-coloured empty region still worth playing into.
const SMALL_REGION: usize = 12;

/// Why a candidate move is proposed, with the size that ranks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Captures an opponent string in atari of this many stones.
    Capture(usize),
    /// Saves an own string in atari of this many stones.
    Rescue(usize),
    /// Breaks into an opponent territory region of this many points.
    BreakIn(usize),
    /// Stops a break-in into an own region of this many points.
    Block(usize),
}

/// A purposeful move: legal, safe, and the reason it is proposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The move.
    pub mv: Point,
    /// Why.
    pub reason: Reason,
}

/// Choose a move for `color` on the game's current board (not played).
pub fn generate_move(
    game: &mut Game,
    reader: &mut Reader,
    conn: &mut ConnectionReader,
    color: Color,
    seed: u64,
) -> Move {
    let filter = game.move_filter();
    let board = game.board_mut();
    // The cheap tactical moves first: the territory estimate and the
    // break-in reads are only needed when there is none.
    if let Some(best) = tactical_moves(board, reader, &filter, color, 1).first() {
        log::debug!("genmove: {best:?}");
        return Move::Play(best.mv);
    }
    let territory = Territory::estimate(board, reader);
    log::debug!("territory estimate:\n{}", territory.to_diagram(board));
    if let Some(best) =
        territorial_moves(board, reader, conn, &territory, &filter, color, 1).first()
    {
        log::debug!("genmove: {best:?}");
        return Move::Play(best.mv);
    }
    let mut candidates = useful_points(board, &filter, color);
    // Territory already settled either way is no place for a random move;
    // keep to the neutral points while there are any.
    let neutral: Vec<Point> = candidates
        .iter()
        .copied()
        .filter(|&p| territory.owner(p).is_none())
        .collect();
    if !neutral.is_empty() {
        candidates = neutral;
    }
    let mut rng = SplitMix64(seed ^ board.hash() ^ (color.index() as u64).wrapping_mul(0x9e37));
    let mut pool = candidates;
    while !pool.is_empty() {
        let i = rng.below(pool.len());
        let p = pool.swap_remove(i);
        if reader.safe_move(board, p, color).succeeds() {
            return Move::Play(p);
        }
    }
    Move::Pass
}

/// Every purposeful move for `color`, best first, each point once: the
/// captures (largest string first, ties in board order), then the rescues
/// (likewise), then the break-ins and blocks (largest region first,
/// break-ins before blocks of the same size). Only legal moves (for the
/// board and for `filter`, the game's ko rule) whose stone is tactically
/// safe are kept. `genmove` plays the first; the analysis commands show
/// them all.
pub fn ranked_moves(
    board: &mut Board,
    reader: &mut Reader,
    conn: &mut ConnectionReader,
    territory: &Territory,
    filter: &MoveFilter,
    color: Color,
) -> Vec<Candidate> {
    let mut ranked = tactical_moves(board, reader, filter, color, usize::MAX);
    for c in territorial_moves(board, reader, conn, territory, filter, color, usize::MAX) {
        if !ranked.iter().any(|r| r.mv == c.mv) {
            ranked.push(c);
        }
    }
    ranked
}

/// The captures, then the rescues, of [`ranked_moves`], at most `limit`.
fn tactical_moves(
    board: &mut Board,
    reader: &mut Reader,
    filter: &MoveFilter,
    color: Color,
    limit: usize,
) -> Vec<Candidate> {
    let mut proposals: Vec<Candidate> = Vec::new();
    for (size, lib) in strings_in_atari(board, color.opponent()) {
        proposals.push(Candidate {
            mv: lib,
            reason: Reason::Capture(size),
        });
    }
    for (size, lib) in strings_in_atari(board, color) {
        proposals.push(Candidate {
            mv: lib,
            reason: Reason::Rescue(size),
        });
    }
    keep_safe(board, reader, filter, color, proposals, limit)
}

/// The break-ins and blocks of [`ranked_moves`], at most `limit`.
fn territorial_moves(
    board: &mut Board,
    reader: &mut Reader,
    conn: &mut ConnectionReader,
    territory: &Territory,
    filter: &MoveFilter,
    color: Color,
    limit: usize,
) -> Vec<Candidate> {
    let mut proposals: Vec<Candidate> = find_break_ins(board, reader, conn, territory, color)
        .into_iter()
        .map(|b| Candidate {
            mv: b.mv,
            reason: Reason::BreakIn(b.region_size),
        })
        .collect();
    proposals.extend(
        find_blocks(board, reader, conn, territory, color)
            .into_iter()
            .map(|b| Candidate {
                mv: b.mv,
                reason: Reason::Block(b.region_size),
            }),
    );
    // Stable: break-ins before blocks of the same size.
    proposals.sort_by_key(|c| match c.reason {
        Reason::BreakIn(n) | Reason::Block(n) => std::cmp::Reverse(n),
        _ => std::cmp::Reverse(0),
    });
    keep_safe(board, reader, filter, color, proposals, limit)
}

/// The proposals that are legal (for the board and the ko rule) with a
/// tactically safe stone, each point once, in order, at most `limit`.
fn keep_safe(
    board: &mut Board,
    reader: &mut Reader,
    filter: &MoveFilter,
    color: Color,
    proposals: Vec<Candidate>,
    limit: usize,
) -> Vec<Candidate> {
    let mut kept: Vec<Candidate> = Vec::new();
    for c in proposals {
        if kept.len() >= limit {
            break;
        }
        if kept.iter().any(|r| r.mv == c.mv) {
            continue;
        }
        if board.is_legal(c.mv, color)
            && filter.permits(board, c.mv, color)
            && reader.safe_move(board, c.mv, color).succeeds()
        {
            kept.push(c);
        }
    }
    kept
}

/// The strings of `owner` in atari as (size, liberty), largest first, ties
/// in board order.
fn strings_in_atari(board: &Board, owner: Color) -> Vec<(usize, Point)> {
    let mut strings: Vec<(usize, Point)> = board
        .chain_origins(Some(owner))
        .into_iter()
        .filter(|&o| board.countlib(o) == 1)
        .map(|o| (board.chain_size(o), o))
        .collect();
    strings.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    strings
        .into_iter()
        .map(|(size, o)| (size, board.libs(o)[0]))
        .collect()
}

/// Is `p` an eye of `color`: every neighbour an own stone or the edge, and
/// at most one opponent diagonal (none on the edge)?
pub fn is_own_eye(board: &Board, p: Point, color: Color) -> bool {
    if !board.is_empty(p) {
        return false;
    }
    if p.neighbors()
        .iter()
        .any(|&n| !matches!(board.cell(n), Cell::Border) && !board.cell(n).is(color))
    {
        return false;
    }
    let mut enemy = 0;
    let mut edge = false;
    for d in p.diagonals() {
        match board.cell(d) {
            Cell::Border => edge = true,
            c if c.is(color.opponent()) => enemy += 1,
            _ => {}
        }
    }
    if edge {
        enemy == 0
    } else {
        enemy <= 1
    }
}

/// Legal points for `color` (for the board and the ko rule) that are not
/// own eyes and not inside a small empty region bordered by one colour
/// only, in board order.
fn useful_points(board: &Board, filter: &MoveFilter, color: Color) -> Vec<Point> {
    let mut region_of = vec![usize::MAX; BOARD_ARRAY];
    let mut regions: Vec<(usize, bool, bool)> = Vec::new();
    let mut stack = Vec::new();
    for p in board.points() {
        if !board.is_empty(p) || region_of[p.idx()] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let (mut n, mut bb, mut ww) = (0, false, false);
        region_of[p.idx()] = id;
        stack.push(p);
        while let Some(q) = stack.pop() {
            n += 1;
            for nb in q.neighbors() {
                match board.cell(nb) {
                    Cell::Black => bb = true,
                    Cell::White => ww = true,
                    Cell::Empty if region_of[nb.idx()] == usize::MAX => {
                        region_of[nb.idx()] = id;
                        stack.push(nb);
                    }
                    _ => {}
                }
            }
        }
        regions.push((n, bb, ww));
    }
    board
        .points()
        .filter(|&p| board.is_empty(p))
        .filter(|&p| {
            let (n, bb, ww) = regions[region_of[p.idx()]];
            let one_colour = bb != ww;
            !(one_colour && n <= SMALL_REGION)
        })
        .filter(|&p| {
            board.is_legal(p, color)
                && filter.permits(board, p, color)
                && !is_own_eye(board, p, color)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gen(diagram: &str, color: Color) -> Move {
        let board = Board::from_diagram(diagram).expect("diagram");
        let mut game = Game::new(board.size());
        for p in board.points() {
            if let Some(c) = board.color_at(p) {
                game.setup(p, Some(c)).expect("setup");
            }
        }
        let mut reader = Reader::default();
        let mut conn = ConnectionReader::default();
        generate_move(&mut game, &mut reader, &mut conn, color, 0)
    }

    #[test]
    fn captures_what_it_can() {
        let m = gen(
            ". X O . .
             . . X . .
             . . . . .
             . . . . .
             . . . . .",
            Color::Black,
        );
        assert_eq!(m, Move::Play(Point::new(0, 3)));
    }

    use crate::analysis::tests::OPEN_BOTTOM;

    /// Break-ins white has from the string at F4 after `extra` is played.
    fn white_break_ins_after(extra: Option<(Point, Color)>) -> usize {
        use crate::analysis::breakin::find_break_ins;
        let mut board = Board::from_diagram(OPEN_BOTTOM).expect("diagram");
        if let Some((p, c)) = extra {
            board.play(p, c).expect("legal");
        }
        let mut reader = Reader::default();
        let mut conn = ConnectionReader::default();
        let t = Territory::estimate(&mut board, &mut reader);
        let from = board.origin(Point::new(5, 5));
        find_break_ins(&mut board, &mut reader, &mut conn, &t, Color::White)
            .iter()
            .filter(|b| b.string == from)
            .count()
    }

    #[test]
    fn blocks_a_break_in_and_breaks_in_itself() {
        assert!(white_break_ins_after(None) > 0);
        let Move::Play(block) = gen(OPEN_BOTTOM, Color::Black) else {
            panic!("black passes");
        };
        assert_eq!(white_break_ins_after(Some((block, Color::Black))), 0);
        // White to move plays its break-in: afterwards the lower-left area
        // is no longer black territory of ten points or more.
        let Move::Play(intrusion) = gen(OPEN_BOTTOM, Color::White) else {
            panic!("white passes");
        };
        let mut board = Board::from_diagram(OPEN_BOTTOM).expect("diagram");
        let mut reader = Reader::default();
        let before = Territory::estimate(&mut board, &mut reader).count(Color::Black);
        board.play(intrusion, Color::White).expect("legal");
        let after = Territory::estimate(&mut board, &mut reader).count(Color::Black);
        assert!(after < before, "{intrusion:?}: {before} -> {after}");
    }

    #[test]
    fn passes_when_only_own_eyes_remain() {
        let m = gen(
            ". X . X .
             X X X X X
             X X X X X
             X X X X X
             X X X X X",
            Color::Black,
        );
        assert_eq!(m, Move::Pass);
    }
}
