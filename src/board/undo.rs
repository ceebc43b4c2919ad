//! The typed undo journal and the hypothetical-move API.
//!
//! GNU Go counterpart: the change stack of `engine/board.c` (`BEGIN_CHANGE_RECORD`,
//! `PUSH_VALUE`, `POP_MOVE`) behind `trymove`, `tryko` and `popgo`. Every
//! write made by a hypothetical move is recorded with the old value, and
//! [`Board::popgo`] replays the records backwards, so the board after a pop
//! is exactly what it was. Prefer [`Board::try_move`] (a guard that pops on
//! drop) or [`Board::with_move`] over raw `trymove`/`popgo` pairs.

use super::{Board, Cell, ChainId, Color, Point};
use std::ops::{Deref, DerefMut};

/// One recorded write to the point arrays (the old value). Eight bytes:
/// chain records, ten times that size, go to their own journal, so the
/// frequent small writes do not pay for the rare big ones.
#[derive(Clone, Copy, Debug)]
pub(super) enum Change {
    Cell(Point, Cell),
    ChainOf(Point, ChainId),
    NextStone(Point, Point),
}

/// State restored wholesale when a hypothetical move is popped.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    pub journal_len: usize,
    pub chain_journal_len: usize,
    pub hash: u64,
    pub ko: Point,
    pub n_chains: usize,
    pub captured: [u32; 2],
    /// The move that opened the frame (`Point::NONE` for a pass).
    pub mv: Point,
    /// The position's version before the move.
    pub version: u64,
    pub color: Color,
}

impl Board {
    /// Number of hypothetical moves on the stack (GNU Go `stackp`).
    #[inline]
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// The hypothetical moves on the stack, oldest first.
    pub fn move_stack(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.frames.iter().map(|f| (f.mv, f.color))
    }

    pub(super) fn push_frame(&mut self, mv: Point, color: Color) {
        self.frames.push(Frame {
            journal_len: self.journal.len(),
            chain_journal_len: self.chain_journal.len(),
            hash: self.hash,
            ko: self.ko,
            n_chains: self.n_chains,
            captured: self.captured,
            mv,
            version: self.version,
            color,
        });
    }

    #[inline]
    pub(super) fn set_cell(&mut self, p: Point, c: Cell) {
        self.journal.push(Change::Cell(p, self.cells[p.idx()]));
        self.cells[p.idx()] = c;
    }

    #[inline]
    pub(super) fn set_chain_of(&mut self, p: Point, id: ChainId) {
        self.journal
            .push(Change::ChainOf(p, self.chain_of[p.idx()]));
        self.chain_of[p.idx()] = id;
    }

    #[inline]
    pub(super) fn set_next_stone(&mut self, p: Point, n: Point) {
        self.journal
            .push(Change::NextStone(p, self.next_stone[p.idx()]));
        self.next_stone[p.idx()] = n;
    }

    /// Record the chain record `id` before it is modified.
    #[inline]
    pub(super) fn save_chain(&mut self, id: ChainId) {
        self.chain_journal.push((id, self.chains[id as usize]));
    }

    /// Play `color` at `p` as a hypothetical move if it is legal (ko
    /// respected). Returns false, changing nothing, when it is not.
    /// GNU Go `trymove`.
    pub fn trymove(&mut self, p: Point, color: Color) -> bool {
        let legal = self.is_legal(p, color);
        self.push_move_if(p, color, legal)
    }

    /// Like [`Board::trymove`] but a ko capture that simple ko forbids is
    /// allowed, as if a ko threat had been exchanged first. GNU Go `tryko`.
    pub fn tryko(&mut self, p: Point, color: Color) -> bool {
        let legal = self.is_legal_ignoring_ko(p, color);
        self.push_move_if(p, color, legal)
    }

    /// The shared tail of [`Board::trymove`] and [`Board::tryko`]: note
    /// `p` in the reading shadow and, when `legal`, play it on the move
    /// stack.
    #[inline]
    fn push_move_if(&mut self, p: Point, color: Color, legal: bool) -> bool {
        self.note_shadow(p);
        if legal {
            self.trymoves += 1;
            self.push_frame(p, color);
            self.do_play(p, color);
        }
        legal
    }

    #[inline]
    fn note_shadow(&mut self, p: Point) {
        let on_board = self.on_board(p);
        if let Some(shadow) = &mut self.shadow {
            if on_board {
                shadow.insert(p);
            }
        }
    }

    /// A hypothetical pass: clears the ko point. Popped like any move.
    pub fn trypass(&mut self, color: Color) {
        self.push_frame(Point::NONE, color);
        self.set_ko(Point::NONE);
    }

    /// Undo the last hypothetical move. Returns false when the stack is
    /// empty (GTP `popgo` answers `Stack empty.`).
    pub fn popgo(&mut self) -> bool {
        let Some(frame) = self.frames.pop() else {
            return false;
        };
        while self.journal.len() > frame.journal_len {
            match self.journal.pop() {
                Some(Change::Cell(p, c)) => self.cells[p.idx()] = c,
                Some(Change::ChainOf(p, id)) => self.chain_of[p.idx()] = id,
                Some(Change::NextStone(p, n)) => self.next_stone[p.idx()] = n,
                None => unreachable!("journal shorter than its frame"),
            }
        }
        // The two journals hold writes to different arrays: the order
        // between them does not matter, only within each.
        while self.chain_journal.len() > frame.chain_journal_len {
            let (id, rec) = self.chain_journal.pop().expect("chain journal");
            self.chains[id as usize] = rec;
        }
        self.hash = frame.hash;
        self.ko = frame.ko;
        self.n_chains = frame.n_chains;
        self.captured = frame.captured;
        self.version = frame.version;
        true
    }

    /// Play a hypothetical move and return a guard that pops it when
    /// dropped; `None` (nothing changed) when the move is illegal.
    pub fn try_move(&mut self, p: Point, color: Color) -> Option<MoveGuard<'_>> {
        self.trymove(p, color).then(|| MoveGuard { board: self })
    }

    /// Like [`Board::try_move`] but allowing an illegal ko capture.
    pub fn try_ko(&mut self, p: Point, color: Color) -> Option<MoveGuard<'_>> {
        self.tryko(p, color).then(|| MoveGuard { board: self })
    }

    /// Run `f` with the hypothetical move played, then pop it. `None` when
    /// the move is illegal.
    pub fn with_move<R>(
        &mut self,
        p: Point,
        color: Color,
        f: impl FnOnce(&mut Board) -> R,
    ) -> Option<R> {
        if !self.trymove(p, color) {
            return None;
        }
        let r = f(self);
        self.popgo();
        Some(r)
    }

    /// Forget the journal, making the current position the base position.
    /// Used after a real move; requires an empty move stack.
    pub(super) fn commit(&mut self) {
        debug_assert!(self.frames.is_empty());
        self.journal.clear();
        self.chain_journal.clear();
    }
}

/// A hypothetical move that is popped when the guard is dropped.
pub struct MoveGuard<'a> {
    board: &'a mut Board,
}

impl Deref for MoveGuard<'_> {
    type Target = Board;
    fn deref(&self) -> &Board {
        self.board
    }
}

impl DerefMut for MoveGuard<'_> {
    fn deref_mut(&mut self) -> &mut Board {
        self.board
    }
}

impl Drop for MoveGuard<'_> {
    fn drop(&mut self) {
        self.board.popgo();
    }
}
