//! Ko rules of the game: simple ko, no ko, positional and situational
//! superko, checked against the hashed history of real positions.
//!
//! GNU Go counterpart: `ko_rule` with `--simple-ko`, `--no-ko`,
//! `--positional-superko`, `--situational-superko` (`engine/globals.c`,
//! `interface/main.c`), `is_allowed_move` and `is_superko_violation` of
//! `engine/board.c`. Start at [`KoRule`] and [`MoveFilter`].
//!
//! Only real moves are checked: the reader keeps the simple-ko + komaster
//! model of [`crate::reading::ko`] whatever the rule, as GNU Go does. A
//! position is the stones only (the Zobrist hash of the board without its
//! ko point), plus for situational superko the colour to move. The check
//! of a move costs a few XORs (the hash after the move is the hash before
//! with the new stone and the captured chains toggled) and a scan of the
//! game's positions.

use crate::board::{ko_key, stone_key, Board, Color, IllegalMove, Point, BOARD_ARRAY};

/// What the game forbids besides suicide and occupied points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KoRule {
    /// An immediate ko recapture is illegal (GNU Go's default, `--simple-ko`).
    #[default]
    Simple,
    /// Ko recaptures are legal (`--no-ko`): cycles are the players' business.
    None,
    /// No move may recreate an earlier position (`--positional-superko`;
    /// Chinese rules as played online, Tromp-Taylor).
    Positional,
    /// No move may recreate an earlier position with the same colour to
    /// move (`--situational-superko`; AGA, New Zealand).
    Situational,
}

impl KoRule {
    /// Every rule.
    pub const ALL: [KoRule; 4] = [
        KoRule::Simple,
        KoRule::None,
        KoRule::Positional,
        KoRule::Situational,
    ];

    /// True for the two superko rules, which need the position history.
    pub fn is_superko(self) -> bool {
        matches!(self, KoRule::Positional | KoRule::Situational)
    }
}

/// Why a move breaks the game's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleBreak {
    /// Illegal on the board (occupied, suicide, or a ko recapture under a
    /// rule that forbids it).
    Illegal(IllegalMove),
    /// The position after the move occurred before (under positional
    /// superko), or occurred before with the same colour to move
    /// (situational superko).
    Superko,
}

impl std::fmt::Display for RuleBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleBreak::Illegal(e) => e.fmt(f),
            RuleBreak::Superko => f.write_str("the position repeats"),
        }
    }
}

/// A position of the history: the stones (hash without the ko point) and
/// the colour that moved from it.
pub type Situation = (u64, Color);

/// The hash of the stones on `board`, without its ko point.
pub fn stones_hash(board: &Board) -> u64 {
    let ko = board.ko_point();
    if ko.is_some() {
        board.hash() ^ ko_key(ko)
    } else {
        board.hash()
    }
}

/// The stones hash after `color` plays the legal (non-suicide) move `p`:
/// the new stone, minus every opponent chain whose last liberty it takes.
pub fn stones_hash_after(board: &Board, p: Point, color: Color) -> u64 {
    let mut h = stones_hash(board) ^ stone_key(color, p);
    let other = color.opponent();
    let mut seen: [Point; 4] = [Point::NONE; 4];
    for (k, n) in p.neighbors().into_iter().enumerate() {
        if !board.cell(n).is(other) || board.countlib(n) != 1 {
            continue;
        }
        let origin = board.origin(n);
        if seen[..k].contains(&origin) {
            continue;
        }
        seen[k] = origin;
        for s in board.stones(origin) {
            h ^= stone_key(other, s);
        }
    }
    h
}

/// The ko rule with a snapshot of the positions a game went through: checks
/// moves on the current board without borrowing the game (the move
/// generator holds the board mutably while it reads). It may also restrict
/// the moves to a set of points (`restricted_genmove`).
#[derive(Clone, Debug, Default)]
pub struct MoveFilter {
    rule: KoRule,
    history: Vec<Situation>,
    /// When set, the only points [`MoveFilter::permits`] allows (by
    /// point index).
    allowed: Option<Vec<bool>>,
}

impl MoveFilter {
    /// A filter for `rule` over the earlier positions `history` (oldest
    /// first; the current position is the board a move is checked on).
    pub fn new(rule: KoRule, history: &[Situation]) -> MoveFilter {
        MoveFilter {
            rule,
            // Simple ko and no ko never look at the history.
            history: if rule.is_superko() {
                history.to_vec()
            } else {
                Vec::new()
            },
            allowed: None,
        }
    }

    /// The same filter, permitting only the points of `allowed`.
    pub fn restricted_to(mut self, allowed: &[Point]) -> MoveFilter {
        let mut set = vec![false; BOARD_ARRAY];
        for p in allowed {
            set[p.idx()] = true;
        }
        self.allowed = Some(set);
        self
    }

    /// The rule checked.
    pub fn rule(&self) -> KoRule {
        self.rule
    }

    /// May `color` play at `p` on `board` (the position the history leads
    /// to), and is `p` one of the allowed points when the filter is
    /// restricted?
    pub fn permits(&self, board: &Board, p: Point, color: Color) -> bool {
        self.allowed.as_ref().is_none_or(|a| a[p.idx()]) && self.check(board, p, color).is_ok()
    }

    /// Why `color` may not play at `p` on `board`, or `Ok(())`.
    pub fn check(&self, board: &Board, p: Point, color: Color) -> Result<(), RuleBreak> {
        check_move(self.rule, &self.history, board, p, color)
    }
}

/// Why `color` may not play at `p` on `board` under `rule`, given the
/// earlier positions `history` (oldest first).
pub fn check_move(
    rule: KoRule,
    history: &[Situation],
    board: &Board,
    p: Point,
    color: Color,
) -> Result<(), RuleBreak> {
    match board.check_move(p, color) {
        Ok(()) => {}
        Err(IllegalMove::Ko) if rule == KoRule::None => {}
        Err(e) => return Err(RuleBreak::Illegal(e)),
    }
    if !rule.is_superko() {
        return Ok(());
    }
    let after = stones_hash_after(board, p, color);
    let to_move = color.opponent();
    // The current position (with `color` to move) cannot come back by
    // placing a stone without suicide, but costs nothing to include.
    let current = (stones_hash(board), color);
    let repeats = history
        .iter()
        .chain(std::iter::once(&current))
        .any(|&(h, c)| h == after && (rule == KoRule::Positional || c == to_move));
    if repeats {
        Err(RuleBreak::Superko)
    } else {
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    //! Cycles on small boards under each ko rule (issue 17): a 2x2 and a
    //! 3x3 game where positional and situational superko differ, sending
    //! two returning one, a triple ko, the no-ko rule; the history across
    //! undo and setup; recorded moves that break the rule.

    use super::*;
    use crate::board::Move;
    use crate::game::{Game, GameError};

    /// "A2"-style vertex on a board of `size` (no I).
    fn pt(size: usize, v: &str) -> Point {
        let cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let col = cols.find(&v[..1]).expect("column");
        let row: usize = v[1..].parse().expect("row");
        Point::new(size - row, col)
    }

    fn mv(size: usize, v: &str) -> Move {
        if v == "pass" {
            Move::Pass
        } else {
            Move::Play(pt(size, v))
        }
    }

    /// A game of `size` under `rule` after `moves` (alternating from
    /// Black), every one of which must be allowed.
    fn game_after(size: usize, rule: KoRule, moves: &[&str]) -> Game {
        let mut g = Game::new(size);
        g.set_ko_rule(rule);
        let mut color = Color::Black;
        for (k, v) in moves.iter().enumerate() {
            g.play(color, mv(size, v))
                .unwrap_or_else(|e| panic!("{rule:?}: move {} {v}: {e}", k + 1));
            color = color.opponent();
        }
        g
    }

    /// What each rule says of `color` playing `last` after `moves`.
    fn verdicts(size: usize, moves: &[&str], color: Color, last: &str) -> [bool; 4] {
        KoRule::ALL.map(|rule| {
            let g = game_after(size, rule, moves);
            let allowed = g.is_allowed(color, pt(size, last));
            assert_eq!(allowed, g.clone().play(color, mv(size, last)).is_ok());
            allowed
        })
    }

    /// Simple ko, no ko and situational superko allow `color` to play
    /// `last` after `moves`; positional superko alone forbids it.
    fn assert_only_positional_forbids(size: usize, moves: &[&str], color: Color, last: &str) {
        // Simple, none, positional, situational.
        assert_eq!(
            verdicts(size, moves, color, last),
            [true, true, false, true]
        );
    }

    /// 2x2 from the empty board: after B A2, W B2, B A1, W pass, B B1
    /// (captures B2), W B2 (captures three), Black's A2 recreates the
    /// board after move 2, which had Black to move; now White would be.
    #[test]
    fn two_by_two_positional_and_situational_differ() {
        let moves = ["A2", "B2", "A1", "pass", "B1", "B2"];
        assert_only_positional_forbids(2, &moves, Color::Black, "A2");
        let g = game_after(2, KoRule::Positional, &moves);
        assert_eq!(
            g.check_play(Color::Black, mv(2, "A2")),
            Err(GameError::Superko)
        );
    }

    /// 3x3 without passes: B B3, W A2, B C2, W B2, B A3, W C3 (captures
    /// A3 B3), and Black's B3 (capturing C3) brings back the board after
    /// move 4 with the other colour to move.
    #[test]
    fn three_by_three_positional_and_situational_differ() {
        let moves = ["B3", "A2", "C2", "B2", "A3", "C3"];
        assert_only_positional_forbids(3, &moves, Color::Black, "B3");
    }

    /// Sending two returning one on 3x3: Black throws in at C3 (two
    /// stones in atari), White takes two at C1, Black takes one back at
    /// C2. The board is the start position again with White to move: a
    /// three-move cycle that simple ko allows, positional superko forbids
    /// and situational superko allows (the colour to move differs). Once
    /// White passes, the start position has Black to move again, and the
    /// throw-in would repeat the position after it with White to move:
    /// situational superko forbids that.
    #[test]
    fn sending_two_returning_one() {
        let start = Board::from_diagram(
            "O O .
             O O X
             . X .",
        )
        .expect("diagram");
        let mut g = Game::new(3);
        for p in start.points() {
            if let Some(c) = start.color_at(p) {
                g.setup(p, Some(c)).expect("setup");
            }
        }
        let (b, w) = (Color::Black, Color::White);
        for rule in KoRule::ALL {
            let mut g = g.clone();
            g.set_ko_rule(rule);
            g.play(b, mv(3, "C3")).expect("throw-in");
            g.play(w, mv(3, "C1")).expect("captures two");
            assert_eq!(g.board().stone_count(b), 1);
            let back = g.play(b, mv(3, "C2"));
            assert_eq!(back.is_ok(), rule != KoRule::Positional, "{rule:?}");
            if back.is_err() {
                continue;
            }
            assert_eq!(stones_hash(g.board()), stones_hash(&start));
            g.play(w, Move::Pass).expect("a pass is always allowed");
            let again = g.is_allowed(b, pt(3, "C3"));
            assert_eq!(again, !rule.is_superko(), "{rule:?} throw-in again");
        }
    }

    /// A triple ko on 9x9: three kos along columns E and F, every group
    /// alive with three eyes. From here each side always has a ko to take
    /// and the sixth capture brings back the start position with Black to
    /// move: both superko rules forbid it; simple ko does not.
    pub(crate) const TRIPLE_KO: &str = "
        X X X X X O O O O
        X . X X O . O . O
        X X X X X O O O O
        X X X X O . O O O
        X . X X X O O . O
        X X X X . X O O O
        X X X X X O O O O
        X . X X X O O . O
        X X X X X O O O O";

    /// The six captures of the triple-ko cycle, Black first.
    pub(crate) const TRIPLE_KO_CYCLE: [&str; 6] = ["F8", "E4", "F6", "E8", "F4", "E6"];

    fn triple_ko_game(rule: KoRule) -> Game {
        let start = Board::from_diagram(TRIPLE_KO).expect("diagram");
        let mut g = Game::new(9);
        g.set_ko_rule(rule);
        let edits: Vec<(Point, Option<Color>)> = start
            .points()
            .filter_map(|p| start.color_at(p).map(|c| (p, Some(c))))
            .collect();
        g.setup_many(&edits).expect("setup");
        g
    }

    #[test]
    fn triple_ko_cycle() {
        for rule in KoRule::ALL {
            let mut g = triple_ko_game(rule);
            let start = stones_hash(g.board());
            let mut color = Color::Black;
            for (k, v) in TRIPLE_KO_CYCLE.iter().enumerate() {
                let res = g.play(color, mv(9, v));
                if k < 5 {
                    res.unwrap_or_else(|e| panic!("{rule:?} {v}: {e}"));
                } else {
                    assert_eq!(res.is_ok(), !rule.is_superko(), "{rule:?} {v}");
                    assert_eq!(res.is_ok(), stones_hash(g.board()) == start);
                }
                color = color.opponent();
            }
        }
    }

    /// Under the no-ko rule an immediate ko recapture is a legal move,
    /// recorded and replayed by undo like any other.
    #[test]
    fn no_ko_allows_the_immediate_recapture() {
        for rule in KoRule::ALL {
            let mut g = triple_ko_game(rule);
            g.play(Color::Black, mv(9, "F8")).expect("takes the ko");
            let retake = g.play(Color::White, mv(9, "E8"));
            assert_eq!(retake.is_ok(), rule == KoRule::None, "{rule:?}");
            if rule == KoRule::None {
                assert_eq!(g.board().color_at(pt(9, "F8")), None);
                g.play(Color::Black, mv(9, "F8")).expect("and back");
                g.undo(1).expect("undo");
                assert_eq!(g.board().color_at(pt(9, "E8")), Some(Color::White));
                g.undo(1).expect("undo the recapture");
                assert_eq!(g.board().color_at(pt(9, "F8")), Some(Color::Black));
            } else {
                assert_eq!(retake, Err(GameError::Illegal(IllegalMove::Ko)));
            }
        }
    }

    /// Undo takes positions out of the history; a setup edit after the
    /// moves starts a new one.
    #[test]
    fn undo_and_setup_edit_the_history() {
        let moves = ["A2", "B2", "A1", "pass", "B1", "B2"];
        let mut g = game_after(2, KoRule::Positional, &moves);
        assert_eq!(g.positions().len(), 6);
        assert!(!g.is_allowed(Color::Black, pt(2, "A2")));
        g.undo(2).expect("undo");
        assert_eq!(g.positions().len(), 4);
        g.play(Color::Black, mv(2, "B1")).expect("B1 again");
        g.play(Color::White, mv(2, "B2")).expect("B2 again");
        assert!(!g.is_allowed(Color::Black, pt(2, "A2")));
        g.setup(pt(2, "A1"), Some(Color::White)).expect("setup");
        assert!(g.positions().is_empty());
        g.setup(pt(2, "A1"), None).expect("setup");
        assert!(g.is_allowed(Color::Black, pt(2, "A2")), "a new past");
    }

    /// A record is played whatever the rule; `rule_breaks` names the moves
    /// that broke it.
    #[test]
    fn recorded_moves_that_break_the_rule() {
        let moves = ["A2", "B2", "A1", "pass", "B1", "B2", "A2"];
        let mut g = Game::new(2);
        let mut color = Color::Black;
        for v in moves {
            g.play_recorded(color, mv(2, v)).expect("recorded");
            color = color.opponent();
        }
        assert_eq!(g.moves().count(), 7);
        let broken = |rule| -> Vec<usize> { g.rule_breaks(rule).iter().map(|b| b.0).collect() };
        assert_eq!(broken(KoRule::Simple), Vec::<usize>::new());
        assert_eq!(broken(KoRule::Situational), Vec::<usize>::new());
        assert_eq!(broken(KoRule::Positional), vec![7]);
        assert_eq!(
            g.rule_breaks(KoRule::Positional)[0],
            (7, Color::Black, mv(2, "A2"), RuleBreak::Superko)
        );
        // A ko recapture in a record breaks simple ko (and superko), not
        // the no-ko rule.
        let mut g = triple_ko_game(KoRule::Simple);
        g.play_recorded(Color::Black, mv(9, "F8"))
            .expect("recorded");
        g.play_recorded(Color::White, mv(9, "E8"))
            .expect("recorded");
        let ko = RuleBreak::Illegal(IllegalMove::Ko);
        assert_eq!(g.rule_breaks(KoRule::Simple)[0].3, ko);
        assert_eq!(g.rule_breaks(KoRule::Positional)[0].3, ko);
        assert!(g.rule_breaks(KoRule::None).is_empty());
        // Replayed by undo all the same.
        g.undo(1).expect("undo");
        assert_eq!(g.board().color_at(pt(9, "F8")), Some(Color::Black));
    }

    /// The hash after a move, computed without playing it, is the hash of
    /// the board after it.
    #[test]
    fn hash_after_a_move_matches_the_played_board() {
        let mut board = Board::from_diagram(TRIPLE_KO).expect("diagram");
        let mut color = Color::Black;
        for v in TRIPLE_KO_CYCLE {
            let p = pt(9, v);
            let predicted = stones_hash_after(&board, p, color);
            board.play(p, color).expect("legal");
            assert_eq!(predicted, stones_hash(&board), "{v}");
            color = color.opponent();
        }
        // Black C3 captures two white chains at once.
        let mut board = Board::from_diagram(
            ". X O X
             X O . X
             . X . .
             . . . .",
        )
        .expect("diagram");
        let p = pt(4, "C3");
        let predicted = stones_hash_after(&board, p, Color::Black);
        board.play(p, Color::Black).expect("legal");
        assert_eq!(board.stone_count(Color::White), 0);
        assert_eq!(predicted, stones_hash(&board));
    }
}
