//! The undo journals (one per array a move writes) and the
//! hypothetical-move API.
//!
//! GNU Go counterpart: the change stack of `engine/board.c` (`BEGIN_CHANGE_RECORD`,
//! `PUSH_VALUE`, `POP_MOVE`) behind `trymove`, `tryko` and `popgo`. Every
//! write made by a hypothetical move is recorded with the old value, and
//! [`Board::popgo`] replays the records backwards, so the board after a pop
//! is exactly what it was. Prefer [`Board::try_move`] (a guard that pops on
//! drop) or [`Board::with_move`] over raw `trymove`/`popgo` pairs.

use super::{Board, Cell, Chain, ChainId, Color, Point};
use std::ops::{Deref, DerefMut};

/// The recorded writes of the hypothetical moves: for each array the
/// board changes, the old values in the order overwritten. One journal
/// per array: writes to different arrays never need undoing in a
/// common order (only the order within an array matters, for a point
/// written twice), so [`Board::popgo`] restores each array in a plain
/// loop. A single journal of tagged entries cost a branch on the tag
/// per entry, one that the hardware mispredicts often (callgrind's
/// branch model: half a million mispredicts on the tactical block).
/// Chain records, ten times the size of a point write, have their own
/// journal too, so the frequent small writes do not pay for the rare
/// big ones.
#[derive(Clone, Default)]
pub(super) struct Journal {
    pub cells: Vec<(Point, Cell)>,
    pub chain_of: Vec<(Point, ChainId)>,
    pub next_stone: Vec<(Point, Point)>,
    pub chains: Vec<(ChainId, Chain)>,
}

impl Journal {
    pub(super) fn with_capacity(points: usize, chains: usize) -> Journal {
        Journal {
            cells: Vec::with_capacity(points),
            chain_of: Vec::with_capacity(points),
            next_stone: Vec::with_capacity(points),
            chains: Vec::with_capacity(chains),
        }
    }

    /// Forget every recorded write.
    pub(super) fn clear(&mut self) {
        self.cells.clear();
        self.chain_of.clear();
        self.next_stone.clear();
        self.chains.clear();
    }
}

/// State restored wholesale when a hypothetical move is popped.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// The lengths of the four journals when the frame was opened.
    pub cells_len: u32,
    pub chain_of_len: u32,
    pub next_stone_len: u32,
    pub chains_len: u32,
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
        // Journals of more than 4G entries would need as many writes:
        // the lengths fit the frame's 32 bits.
        self.frames.push(Frame {
            cells_len: self.journal.cells.len() as u32,
            chain_of_len: self.journal.chain_of.len() as u32,
            next_stone_len: self.journal.next_stone.len() as u32,
            chains_len: self.journal.chains.len() as u32,
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
        self.journal.cells.push((p, self.cells[p.idx()]));
        self.cells[p.idx()] = c;
    }

    #[inline]
    pub(super) fn set_chain_of(&mut self, p: Point, id: ChainId) {
        self.journal.chain_of.push((p, self.chain_of[p.idx()]));
        self.chain_of[p.idx()] = id;
    }

    #[inline]
    pub(super) fn set_next_stone(&mut self, p: Point, n: Point) {
        self.journal.next_stone.push((p, self.next_stone[p.idx()]));
        self.next_stone[p.idx()] = n;
    }

    /// Record the chain record `id` before it is modified.
    #[inline]
    pub(super) fn save_chain(&mut self, id: ChainId) {
        self.journal.chains.push((id, self.chains[id as usize]));
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

    /// [`Board::trymove`] or [`Board::tryko`] of a move the caller knows
    /// to be legal for it (one of a list just made on this very position
    /// with [`Board::is_legal`] or [`Board::is_legal_ignoring_ko`]): the
    /// test is not made again (debug builds check it). Always plays.
    pub fn trymove_unchecked(&mut self, p: Point, color: Color) {
        debug_assert!(self.is_legal_ignoring_ko(p, color), "{p:?} is not legal");
        self.push_move_if(p, color, true);
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
        // Each array's writes undone newest first (a point written twice
        // by one move gets its oldest value back).
        let j = &mut self.journal;
        for &(p, c) in j.cells[frame.cells_len as usize..].iter().rev() {
            self.cells[p.idx()] = c;
        }
        j.cells.truncate(frame.cells_len as usize);
        for &(p, id) in j.chain_of[frame.chain_of_len as usize..].iter().rev() {
            self.chain_of[p.idx()] = id;
        }
        j.chain_of.truncate(frame.chain_of_len as usize);
        for &(p, n) in j.next_stone[frame.next_stone_len as usize..].iter().rev() {
            self.next_stone[p.idx()] = n;
        }
        j.next_stone.truncate(frame.next_stone_len as usize);
        for &(id, rec) in j.chains[frame.chains_len as usize..].iter().rev() {
            self.chains[id as usize] = rec;
        }
        j.chains.truncate(frame.chains_len as usize);
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
