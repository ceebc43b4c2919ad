//! The game around the position: move history, komi, handicap, undo of real
//! moves, side to move and area scoring.
//!
//! GNU Go counterpart: `engine/interface.c` and `interface/play_gtp.c`'s game
//! state (`gnugo_play_move`, `undo_move`, `place_fixed_handicap`,
//! `place_free_handicap`, the move history behind `move_history`), plus the
//! trivial area count used until life and death exists. Start at [`Game`].
//!
//! Undo works by replaying: the game remembers the position after setup
//! ([`Game::start`]) and the list of events since; undoing `n` moves drops
//! the last `n` moves and replays the rest on a copy of the start position.
//!
//! Real moves obey the game's [`KoRule`] (`rules.rs`): the game keeps the
//! hash of every position it went through since the last setup edit, with
//! the colour that moved from it, for the superko rules. A recorded move
//! (SGF) is played whatever the rule says; [`Game::rule_breaks`] lists the
//! ones that broke it.

pub mod handicap;
pub mod rules;
pub mod score;
pub mod sgf;

use crate::board::{Board, Color, IllegalMove, Move, Point, MAX_BOARD};
pub use rules::{KoRule, MoveFilter, RuleBreak, Situation};

/// Default komi of a new game (GNU Go's default).
pub const DEFAULT_KOMI: f32 = 5.5;

/// Largest komi accepted (either sign) from GTP or SGF: far beyond any
/// score on the largest board, small enough that every sum with a score is
/// exact and finite (`KM[1e40]` would otherwise load as infinity).
pub const MAX_KOMI: f64 = 10_000.0;

/// Is `komi` a usable komi: finite and at most [`MAX_KOMI`] either way?
pub fn komi_in_range(komi: f64) -> bool {
    komi.is_finite() && komi.abs() <= MAX_KOMI
}

/// Why a game operation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Hypothetical moves are on the board; real changes would corrupt them.
    StackOpen,
    /// The move is illegal.
    Illegal(IllegalMove),
    /// Nothing to undo.
    CannotUndo,
    /// The board size is out of range.
    BadSize,
    /// The move would repeat an earlier position (superko rules).
    Superko,
    /// A setup edit would leave the string at this point without
    /// liberties: such a position cannot arise in a game and no reader is
    /// defined on it, so the edit is refused.
    NoLiberties(Point),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::StackOpen => f.write_str("hypothetical moves are on the board"),
            GameError::Illegal(e) => write!(f, "illegal move ({e})"),
            GameError::CannotUndo => f.write_str("cannot undo"),
            GameError::BadSize => f.write_str("unacceptable size"),
            GameError::Superko => f.write_str("illegal move (superko)"),
            GameError::NoLiberties(_) => f.write_str("setup leaves a string without liberties"),
        }
    }
}

impl std::error::Error for GameError {}

impl From<RuleBreak> for GameError {
    fn from(e: RuleBreak) -> GameError {
        match e {
            RuleBreak::Illegal(i) => GameError::Illegal(i),
            RuleBreak::Superko => GameError::Superko,
        }
    }
}

/// Something that happened since the start position.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A real move (or pass).
    Play(Color, Move),
    /// A setup edit: a stone added (`Some`) or a point emptied (`None`).
    Setup(Point, Option<Color>),
    /// The ko point was set (GNU Go's SGF `IL`).
    Ko(Point),
}

/// A game: the current board, its start position, the events since, komi,
/// handicap and the side to move.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    start: Board,
    start_to_move: Color,
    events: Vec<Event>,
    komi: f32,
    handicap: usize,
    to_move: Color,
    ko_rule: KoRule,
    /// The positions before each real move since the start position or the
    /// last setup edit after a move, oldest first (the current position is
    /// the board).
    history: Vec<Situation>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(19)
    }
}

impl Game {
    /// An empty game on a `size` x `size` board (clamped to 1..=25).
    pub fn new(size: usize) -> Game {
        let board = Board::new(size.clamp(1, MAX_BOARD));
        Game {
            start: board.clone(),
            board,
            start_to_move: Color::Black,
            events: Vec::new(),
            komi: DEFAULT_KOMI,
            handicap: 0,
            to_move: Color::Black,
            ko_rule: KoRule::Simple,
            history: Vec::new(),
        }
    }

    /// The ko rule real moves obey.
    pub fn ko_rule(&self) -> KoRule {
        self.ko_rule
    }

    /// Set the ko rule for the moves to come (the history is kept).
    pub fn set_ko_rule(&mut self, rule: KoRule) {
        self.ko_rule = rule;
    }

    /// The positions before each real move since the start (or the last
    /// setup edit after a move), oldest first, with the colour that moved.
    pub fn positions(&self) -> &[Situation] {
        &self.history
    }

    /// The ko rule and the position history, detached from the game, to
    /// check moves on the current board while it is borrowed elsewhere.
    pub fn move_filter(&self) -> MoveFilter {
        MoveFilter::new(self.ko_rule, &self.history)
    }

    /// Why `color` may not play `mv` now under the game's rules, or
    /// `Ok(())`. A pass is always allowed.
    pub fn check_play(&self, color: Color, mv: Move) -> Result<(), GameError> {
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => rules::check_move(self.ko_rule, &self.history, &self.board, p, color)
                .map_err(GameError::from),
        }
    }

    /// May `color` play at `p` now under the game's rules?
    pub fn is_allowed(&self, color: Color, p: Point) -> bool {
        self.check_play(color, Move::Play(p)).is_ok()
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The current position, mutable: for hypothetical moves only
    /// (trymove/popgo, reading). Real changes go through [`Game`] methods.
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The position after setup, from which undo replays.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// Board side length.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// Komi.
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Set the komi (independent of the board size). Callers check
    /// [`komi_in_range`] first; the game keeps whatever it is given.
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }

    /// Number of handicap stones placed.
    pub fn handicap(&self) -> usize {
        self.handicap
    }

    /// The colour to move next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Set the colour to move next (SGF `PL`).
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if self.events.is_empty() {
            self.start_to_move = color;
        }
    }

    /// Every event since the start position, oldest first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The real moves played, oldest first.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = (Color, Move)> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Play(c, m) => Some((*c, *m)),
            _ => None,
        })
    }

    /// The last real move.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.moves().next_back()
    }

    /// Stones captured by `color` in the moves since the start position.
    pub fn captures(&self, color: Color) -> u32 {
        self.board.captures(color)
    }

    fn check_stack(&self) -> Result<(), GameError> {
        if self.board.depth() > 0 {
            Err(GameError::StackOpen)
        } else {
            Ok(())
        }
    }

    /// Empty the board, keep size and komi, forget the history.
    pub fn clear(&mut self) -> Result<(), GameError> {
        let size = self.size();
        self.reset(size)
    }

    /// Change the board size (clears the board and history, keeps komi).
    pub fn reset(&mut self, size: usize) -> Result<(), GameError> {
        self.check_stack()?;
        if !(1..=MAX_BOARD).contains(&size) {
            return Err(GameError::BadSize);
        }
        self.board = Board::new(size);
        self.start = self.board.clone();
        self.start_to_move = Color::Black;
        self.events.clear();
        self.history.clear();
        self.handicap = 0;
        self.to_move = Color::Black;
        Ok(())
    }

    /// Play a real move (or pass) for `color` under the game's ko rule;
    /// the opponent moves next.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), GameError> {
        self.check_stack()?;
        self.check_play(color, mv)?;
        self.play_unchecked(color, mv)
    }

    /// Play a move taken from a game record (SGF) whatever the ko rule
    /// says (the record may have been made under other rules, or the ko
    /// point was stale), as GNU Go's loader does; only moves impossible on
    /// the board (occupied point, suicide) are refused.
    /// [`Game::rule_breaks`] finds the moves that broke the rule.
    pub fn play_recorded(&mut self, color: Color, mv: Move) -> Result<(), GameError> {
        self.check_stack()?;
        self.play_unchecked(color, mv)
    }

    /// Play `mv` ignoring the ko rules; record it and the position it left.
    fn play_unchecked(&mut self, color: Color, mv: Move) -> Result<(), GameError> {
        let before = rules::stones_hash(&self.board);
        play_ignoring_ko(&mut self.board, color, mv).map_err(GameError::Illegal)?;
        self.history.push((before, color));
        self.events.push(Event::Play(color, mv));
        self.to_move = color.opponent();
        Ok(())
    }

    /// The real moves since the start position that break `rule`, with
    /// their number (counted from 1) and why: what `loadsgf` reports for a
    /// record played under other rules.
    pub fn rule_breaks(&self, rule: KoRule) -> Vec<(usize, Color, Move, RuleBreak)> {
        let mut breaks = Vec::new();
        let mut number = 0;
        self.replay_events(|board, history, color, mv| {
            number += 1;
            if let Move::Play(p) = mv {
                if let Err(b) = rules::check_move(rule, history, board, p, color) {
                    breaks.push((number, color, mv, b));
                }
            }
        });
        breaks
    }

    /// Add a setup stone (`Some`) or empty a point (`None`) on the current
    /// position. Before any move it becomes part of the start position.
    pub fn setup(&mut self, p: Point, color: Option<Color>) -> Result<(), GameError> {
        self.setup_many(&[(p, color)])
    }

    /// Several setup edits at once (one SGF node's `AB`/`AW`/`AE`), in
    /// order, as [`Game::setup`] would apply them one by one but with one
    /// chain rebuild. Nothing changes when a point is off the board, or
    /// when the edits together leave a string without liberties
    /// ([`GameError::NoLiberties`]): every position the engine holds has
    /// at least one liberty on every string, as in a real game, so the
    /// readers never meet a chain they cannot name a liberty of.
    pub fn setup_many(&mut self, edits: &[(Point, Option<Color>)]) -> Result<(), GameError> {
        self.check_stack()?;
        if edits.iter().any(|&(p, _)| !self.board.on_board(p)) {
            return Err(GameError::Illegal(IllegalMove::OffBoard));
        }
        let before = self.board.clone();
        self.board.setup_stones(edits);
        if let Some(p) = self.board.chain_without_liberties() {
            self.board = before;
            return Err(GameError::NoLiberties(p));
        }
        if self.events.iter().any(|e| matches!(e, Event::Play(..))) {
            for &(p, color) in edits {
                self.events.push(Event::Setup(p, color));
            }
            // A setup edit makes a new position with no past (GNU Go's
            // add_stone forgets the move history as well).
            self.history.clear();
        } else {
            self.start.setup_stones(edits);
        }
        Ok(())
    }

    /// Mark `p` as an illegal ko recapture (GNU Go's SGF `IL`). The point
    /// must be an empty point of the board.
    pub fn set_ko(&mut self, p: Point) -> Result<(), GameError> {
        self.check_stack()?;
        if !self.board.on_board(p) {
            return Err(GameError::Illegal(IllegalMove::OffBoard));
        }
        if !self.board.is_empty(p) {
            return Err(GameError::Illegal(IllegalMove::Occupied));
        }
        self.board.set_ko(p);
        if self.events.iter().any(|e| matches!(e, Event::Play(..))) {
            self.events.push(Event::Ko(p));
        } else {
            self.start.set_ko(p);
        }
        Ok(())
    }

    /// Take back the last `n` real moves (with any setup after them).
    /// Fails, changing nothing, when fewer than `n` moves were played.
    pub fn undo(&mut self, n: usize) -> Result<(), GameError> {
        self.check_stack()?;
        if n == 0 {
            return Ok(());
        }
        if self.moves().count() < n {
            return Err(GameError::CannotUndo);
        }
        let mut left = n;
        while left > 0 {
            if let Some(Event::Play(..)) = self.events.pop() {
                left -= 1;
            }
        }
        self.replay();
        Ok(())
    }

    /// Rebuild the current position from the start position and events.
    fn replay(&mut self) {
        let (board, to_move, history) = self.replay_events(|_, _, _, _| {});
        self.board = board;
        self.to_move = to_move;
        self.history = history;
    }

    /// Replay the events on a copy of the start position, calling
    /// `before_play` with the board and the position history before each
    /// real move; the position, the colour to move and the history after
    /// the last event.
    fn replay_events(
        &self,
        mut before_play: impl FnMut(&Board, &[Situation], Color, Move),
    ) -> (Board, Color, Vec<Situation>) {
        let mut board = self.start.clone();
        let mut to_move = self.start_to_move;
        let mut history: Vec<Situation> = Vec::new();
        for e in &self.events {
            match *e {
                Event::Play(c, mv) => {
                    before_play(&board, &history, c, mv);
                    history.push((rules::stones_hash(&board), c));
                    if let Err(err) = play_ignoring_ko(&mut board, c, mv) {
                        // Cannot happen: every recorded move was played here.
                        log::error!("replay: recorded move {mv:?} is illegal ({err})");
                    }
                    to_move = c.opponent();
                }
                Event::Setup(p, c) => {
                    apply_setup(&mut board, p, c);
                    history.clear();
                }
                Event::Ko(p) => board.set_ko(p),
            }
        }
        (board, to_move, history)
    }

    /// Record that `n` handicap stones were placed (by the handicap helpers);
    /// White moves next.
    fn set_handicap(&mut self, n: usize) {
        self.handicap = n;
        if n > 0 {
            self.set_to_move(Color::White);
        }
    }

    /// Set the handicap count without placing stones (SGF `HA`).
    pub fn set_handicap_count(&mut self, n: usize) {
        self.handicap = n;
    }

    /// Is the board free of stones?
    pub fn board_is_empty(&self) -> bool {
        self.board.points().all(|p| self.board.is_empty(p))
    }
}

/// Play a real move on `board`; an immediate ko recapture is played too
/// (the ko rules are the caller's business).
fn play_ignoring_ko(board: &mut Board, color: Color, mv: Move) -> Result<(), IllegalMove> {
    match mv {
        Move::Pass => {
            board.pass();
            Ok(())
        }
        Move::Play(p) => match board.play(p, color) {
            Err(IllegalMove::Ko) => {
                board.set_ko(Point::NONE);
                board.play(p, color)
            }
            res => res,
        },
    }
}

fn apply_setup(board: &mut Board, p: Point, color: Option<Color>) {
    match color {
        Some(c) => board.add_stone(p, c),
        None => board.remove_stone(p),
    }
}

#[cfg(test)]
mod tests;
