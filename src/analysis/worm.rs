//! Facts about one worm (GNU Go's term for a string: a chain of stones
//! and what is known about it) as analysis of the position: size,
//! liberties of order 1 to 4, genus, and the tactical attack and defence.
//! Owl, eye spaces and scoring build on these; `worm_data` reports them.
//!
//! GNU Go counterpart: the `worm[]` records built by `make_worms` in
//! `engine/worm.c` (`ping_cave` / `ping_recurse` for the higher-order
//! liberties, `genus`, `is_ko_point`, `compute_effective_worm_sizes` for
//! [`effective_sizes`]). Only the fields computed honestly here exist
//! (`invincible` and `unconditional_status` are
//! [`crate::eyes::unconditional`]'s); `lunch`, `cutstone`, `cutstone2` and
//! `inessential` need the rest of `make_worms` and come later.

use crate::board::{Board, Color, Point, BOARD_ARRAY};
use crate::reading::{ReadResult, Reader};

/// What is known about one worm (string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worm {
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
pub fn is_ko_point(board: &Board, p: Point) -> bool {
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
    let libs = board.liberties_sorted(s);
    for &l in &libs {
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
/// connected components of the rest of the board, minus one (the eye
/// analysis' own count, [`crate::eyes::space::genus`]).
pub fn genus(board: &Board, s: Point) -> usize {
    crate::eyes::space::genus(board, s)
}

/// Empty points further than this from every string count for none
/// (GNU Go's bound: layers 1 to 4 around the stones).
const EFFECTIVE_SIZE_REACH: usize = 4;

/// The effective size of every string (GNU Go `effective_size`), indexed
/// by point: on each stone, its string's number of stones plus half a
/// point for every empty point nearer to it than to any other string
/// (shared equally among the nearest ones), counting only empty points
/// within `EFFECTIVE_SIZE_REACH` steps of some stone. Distances are
/// steps through empty points; 0 elsewhere.
pub fn effective_sizes(board: &Board) -> Vec<f32> {
    let mut dist = vec![usize::MAX; BOARD_ARRAY];
    // The nearest strings (origins) of each point.
    let mut nearest: Vec<Vec<Point>> = vec![Vec::new(); BOARD_ARRAY];
    let mut layer: Vec<Point> = Vec::new();
    for p in board.points() {
        if board.is_stone(p) {
            dist[p.idx()] = 0;
            nearest[p.idx()].push(board.origin(p));
            layer.push(p);
        }
    }
    for d in 1..=EFFECTIVE_SIZE_REACH {
        // Every unreached point next to the last layer joins this one,
        // with the union of its neighbours' nearest strings.
        let mut next: Vec<Point> = Vec::new();
        for &q in &layer {
            for n in q.neighbors() {
                if !board.on_board(n) || dist[n.idx()] < d {
                    continue;
                }
                if dist[n.idx()] == usize::MAX {
                    dist[n.idx()] = d;
                    next.push(n);
                }
                for k in 0..nearest[q.idx()].len() {
                    let o = nearest[q.idx()][k];
                    if !nearest[n.idx()].contains(&o) {
                        nearest[n.idx()].push(o);
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        layer = next;
    }
    let mut by_origin = vec![0.0f32; BOARD_ARRAY];
    for p in board.points() {
        let owners = &nearest[p.idx()];
        let share = if board.is_stone(p) {
            1.0
        } else {
            0.5 / owners.len().max(1) as f32
        };
        for o in owners {
            by_origin[o.idx()] += share;
        }
    }
    let mut out = vec![0.0f32; BOARD_ARRAY];
    for p in board.points() {
        if board.is_stone(p) {
            out[p.idx()] = by_origin[board.origin(p).idx()];
        }
    }
    out
}

impl Worm {
    /// Everything known about the worm of the stone at `s`: the
    /// liberties and genus from the board, the attack and (when the
    /// attack succeeds, as in GNU Go) the defence from `reader`.
    pub fn read(reader: &mut Reader, board: &mut Board, s: Point) -> Worm {
        let stones = board.stones_sorted(s);
        let color = board.color_at(s).unwrap_or(Color::Black);
        let liberties = liberties_by_order(board, s);
        let genus = genus(board, s);
        let attack = reader.attack(board, s);
        let defense = if attack.0.succeeds() {
            reader.find_defense(board, s)
        } else {
            (ReadResult::Fail, None)
        };
        Worm {
            origin: stones.first().copied().unwrap_or(s),
            color,
            size: stones.len(),
            liberties,
            attack,
            defense,
            genus,
        }
    }
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
    fn effective_sizes_share_the_empty_points() {
        // A lone stone in the corner of 3x3: itself plus half of each of
        // the 8 empty points. Two stones facing each other: the middle
        // column is shared.
        let board = Board::from_diagram(". . .\n. . .\n. . X").expect("diagram");
        let s = board.point(2, 2).expect("on board");
        assert_eq!(effective_sizes(&board)[s.idx()], 1.0 + 8.0 * 0.5);
        let board = Board::from_diagram("X . O\n. . .\n. . .").expect("diagram");
        let sizes = effective_sizes(&board);
        let (x, o) = (board.point(0, 0).unwrap(), board.point(0, 2).unwrap());
        // Each: 1 stone, the two points below it (1.0), a quarter of
        // each point of the middle column (0.75).
        assert_eq!(sizes[x.idx()], 1.0 + 1.0 + 0.75);
        assert_eq!(sizes[o.idx()], sizes[x.idx()]);
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
