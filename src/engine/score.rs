//! The score estimate of the real position (`estimate_score`, alias
//! `new_score`): the score counted as `final_score` counts it, with the
//! points that are nobody's at the end of the game shared out by the
//! territory map, once with the critical dragons given to White and once
//! to Black. The two counts are the bounds; the estimate is their middle.
//!
//! GNU Go counterpart: `gnugo_estimate_score` (`engine/interface.c`) and
//! the `white_score` / `black_score` of `engine/genmove.c`'s
//! `compute_scores`, which count the influence function's territory with
//! the critical dragons alive for the one side and then the other. Tesuji
//! counts the finished parts of the board by the final statuses (dead
//! stones off, regions one colour borders are its territory) and only the
//! open parts by its territory map ([`crate::analysis::territory`],
//! Bouzy's 5/10), so on a finished game the estimate is `final_score`.

use super::life::{self, LifeVerdicts};
use super::Engine;
use crate::analysis::status::{FinalStatus, PointStatus};
use crate::analysis::territory::Territory;
use crate::board::{Board, Color, Point, BOARD_ARRAY};

/// The two bounds of the score estimate, as White's lead (positive: White
/// ahead), komi and prisoners included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreEstimate {
    /// White's lead with White's critical dragons alive and Black's dead.
    pub white_best: f32,
    /// White's lead with Black's critical dragons alive and White's dead.
    pub black_best: f32,
}

impl ScoreEstimate {
    /// The estimate: the middle of the bounds.
    pub fn middle(&self) -> f32 {
        (self.white_best + self.black_best) / 2.0
    }
}

/// Estimate the score of the real position. Reads `owl_defend` of every
/// dragon that is not unconditionally alive and `owl_attack` of those that
/// can be saved (the owl's answers are remembered for the position, so
/// `final_score` and `dragon_status` afterwards reuse them).
pub fn estimate_score(engine: &mut Engine) -> ScoreEstimate {
    let verdicts = life::life_verdicts(engine, true);
    let komi = engine.game.komi();
    let mut bound = |favoured: Color| {
        let dead = dead_dragons(&verdicts, favoured);
        let fs = life::final_status_with_dead(engine, &dead);
        white_lead(&fs, engine.board(), komi)
    };
    ScoreEstimate {
        white_best: bound(Color::White),
        black_best: bound(Color::Black),
    }
}

/// The dragons counted dead in the bound that favours `favoured`: the
/// unsavable ones and the opponent's critical ones.
fn dead_dragons(verdicts: &LifeVerdicts, favoured: Color) -> Vec<Point> {
    let mut dead = verdicts.unsavable.clone();
    dead.extend(
        verdicts
            .critical
            .iter()
            .filter(|&&(_, c)| c != favoured)
            .map(|&(p, _)| p),
    );
    dead
}

/// The empty points of the regions that touch stones in seki (dame in
/// `fs`): eyes and liberties of a seki, which count for nobody.
fn beside_seki(fs: &FinalStatus, board: &Board) -> Vec<bool> {
    let mut marked = vec![false; BOARD_ARRAY];
    let open = |p: Point| board.is_empty(p) && fs.status(p) == PointStatus::Dame;
    // The flood starts from the stones in seki (never marked themselves:
    // they are not open) and spreads through open points.
    let mut stack: Vec<Point> = board
        .points()
        .filter(|&s| board.is_stone(s) && fs.status(s) == PointStatus::Seki)
        .collect();
    while let Some(p) = stack.pop() {
        for n in p.neighbors() {
            if board.on_board(n) && open(n) && !marked[n.idx()] {
                marked[n.idx()] = true;
                stack.push(n);
            }
        }
    }
    marked
}

/// White's lead by territory counting (GNU Go's default): every point a
/// colour owns in `fs` counts for it, a dead stone twice (its point and
/// the prisoner), captures count, komi goes to White; an empty point `fs`
/// gives nobody (dame, or an open area the game has not settled) counts for
/// the colour the territory map gives it, unless its region touches a
/// seki. While the board holds stones of
/// one colour only, a region that colour alone borders is not yet its
/// territory (there is no frontier to close) and the map decides it too.
pub fn white_lead(fs: &FinalStatus, board: &Board, komi: f32) -> f32 {
    let mut dead = vec![false; BOARD_ARRAY];
    let mut colours = [false; 2];
    for p in board.points() {
        if let Some(c) = board.color_at(p) {
            colours[usize::from(c == Color::White)] = true;
            dead[p.idx()] = fs.status(p) == PointStatus::Dead;
        }
    }
    let one_colour = !(colours[0] && colours[1]);
    let map = Territory::with_dead(board, &dead);
    let in_seki = beside_seki(fs, board);
    let mut points = [0i64; 2];
    let side = |c: Color| usize::from(c == Color::White);
    for p in board.points() {
        let owner = match (fs.status(p), board.color_at(p)) {
            (PointStatus::Territory(c), _) if !one_colour => Some(c),
            (PointStatus::Dead, Some(stone)) => {
                points[side(stone.opponent())] += 1;
                Some(stone.opponent())
            }
            (PointStatus::Dame, None) if in_seki[p.idx()] => None,
            (PointStatus::Territory(_) | PointStatus::Dame, None) => map.owner(p),
            _ => None,
        };
        if let Some(c) = owner {
            points[side(c)] += 1;
        }
    }
    for c in [Color::Black, Color::White] {
        points[side(c)] += i64::from(board.captures(c));
    }
    // Adding 0.0 turns a negative zero into a positive one.
    (points[1] - points[0]) as f32 + komi + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dragon::Dragons;
    use crate::analysis::status;
    use crate::analysis::Readers;
    use crate::connect::ConnectionReader;
    use crate::reading::Reader;

    /// White's lead on `diagram` by [`white_lead`] and by `final_score`'s
    /// count, with the static final statuses.
    fn leads(diagram: &str, komi: f32) -> (f32, f32) {
        let mut board = Board::from_diagram(diagram).expect("diagram");
        let mut reader = Reader::default();
        let mut conn = ConnectionReader::default();
        let mut dragons = Dragons::default();
        let fs = status::final_status(
            &mut Readers::new(&mut board, &mut reader, &mut conn),
            &mut dragons,
        );
        (
            white_lead(&fs, &board, komi),
            -fs.territory_score(&board, komi),
        )
    }

    #[test]
    fn a_finished_position_counts_as_final_score() {
        // Every region is bordered by one colour or is a dame point; the
        // black stone at G1 is dead.
        let (lead, final_lead) = leads(
            "
            . X O . . . .
            X X O . . . .
            O O O . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . X
            ",
            0.5,
        );
        assert_eq!(lead, final_lead);
        assert_eq!(lead, 48.5);
    }

    #[test]
    fn open_points_go_by_the_territory_map() {
        // Two walls with an open area between them: final_score calls the
        // middle dame, the estimate shares it out. The position is
        // symmetric, so the shares are equal and the lead is komi.
        let diagram = crate::analysis::tests::TWO_WALLS;
        let (lead, final_lead) = leads(diagram, 6.5);
        assert_eq!(lead, 6.5);
        assert_eq!(final_lead, 6.5);
        // Moving the white wall one line towards the edge leaves White a
        // column less behind it and the middle wider: Black gains.
        let (lead, _) = leads(&diagram.replace(". . . O . .", ". . . . O ."), 6.5);
        assert!(lead < 6.5, "{lead}");
    }

    #[test]
    fn one_colour_alone_owns_no_region_yet() {
        // With only black stones on the board, the whole board is a region
        // Black alone borders; it is not yet territory: the map gives Black
        // the points near its stone, not the board.
        let (lead, final_lead) = leads(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
            6.5,
        );
        assert_eq!(final_lead, 6.5 - 80.0);
        assert!(lead < 6.5 && lead > -20.0, "{lead}");
    }
}
