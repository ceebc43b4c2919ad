//! Recent answers of the neighbour-chain walk behind
//! [`Board::adjacent_chain_list`].
//!
//! The reader asks for the opponent chains next to the same string many
//! times at one node (the capture, break-chain, edge and ordering
//! generators each walk it). The walk depends only on the position and
//! on the stone it starts from, so the distinct neighbour chains it meets
//! are kept, in walk order, for a few (position, start) pairs; the
//! liberty filter is applied again at every lookup, as liberties are read
//! from the current chain records. Positions are told apart by a version
//! number: every move played gets a fresh one, and taking a move back
//! restores the version of the position it returns to (the position is
//! restored exactly), so answers found before a move are reused after it
//! is taken back. No GNU Go counterpart (GNU Go keeps neighbour lists in
//! its string records).

use super::{Board, ChainId, Point};

/// How many (position, start) answers are kept (a power of two).
const ENTRIES: usize = 32;

/// Most neighbour chains an answer holds; a walk meeting more is not kept.
pub(super) const MAX_CHAINS: usize = 14;

/// One answer: the distinct opponent chains met walking from `start` in
/// the position `version`, in the order met.
#[derive(Clone, Copy)]
struct Entry {
    version: u64,
    start: Point,
    len: u8,
    chains: [ChainId; MAX_CHAINS],
}

impl Entry {
    const EMPTY: Entry = Entry {
        version: 0,
        start: Point::NONE,
        len: 0,
        chains: [0; MAX_CHAINS],
    };
}

/// The kept answers, each in the slot its (position, start) pair hashes
/// to, replacing what was there.
#[derive(Clone)]
pub(super) struct NeighbourMemo {
    entries: [Entry; ENTRIES],
}

impl Default for NeighbourMemo {
    fn default() -> Self {
        NeighbourMemo {
            entries: [Entry::EMPTY; ENTRIES],
        }
    }
}

impl NeighbourMemo {
    /// The slot of a (position, start) pair.
    #[inline]
    fn slot(version: u64, start: Point) -> usize {
        let h = (version ^ (u64::from(start.0) << 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// The chains met walking from `start` in position `version`, when
    /// kept.
    #[inline]
    pub(super) fn get(&self, version: u64, start: Point) -> Option<&[ChainId]> {
        let e = &self.entries[Self::slot(version, start)];
        (e.version == version && e.start == start).then(|| &e.chains[..e.len as usize])
    }

    /// Keep the chains met walking from `start` in position `version`
    /// (nothing is kept when there are more than fit).
    /// The chains are the first `len` of `chains`: the whole array is
    /// copied (a fixed-size copy, where a slice of varying length cost a
    /// `memcpy` call).
    pub(super) fn put(
        &mut self,
        version: u64,
        start: Point,
        chains: &[ChainId; MAX_CHAINS],
        len: usize,
    ) {
        if len > MAX_CHAINS {
            return;
        }
        let e = &mut self.entries[Self::slot(version, start)];
        e.version = Entry::EMPTY.version;
        e.start = start;
        e.len = len as u8;
        e.chains = *chains;
        // Valid only once complete (see the `RefUnwindSafe` impl).
        e.version = version;
    }
}

impl Board {
    /// A version number no position of this board has had yet.
    pub(super) fn fresh_version(&mut self) -> u64 {
        self.last_version += 1;
        self.last_version
    }
}

/// The memo is a cache of answers the board can always work out again,
/// and an entry becomes valid only once it is complete: a panic caught
/// while a board is borrowed cannot leave it answering differently.
impl std::panic::RefUnwindSafe for Board {}

#[cfg(test)]
mod tests {
    use crate::board::{Board, Cell, Color, Point, SplitMix64};

    /// The neighbour chains of the chain on `p` with at most `max_libs`
    /// liberties, by a plain walk of its stones from `p` (no memo).
    fn walked(board: &Board, p: Point, max_libs: usize) -> Vec<Point> {
        let other = Cell::stone(board.chain(p).color.opponent());
        let mut out: Vec<Point> = Vec::new();
        let mut seen: Vec<Point> = Vec::new();
        for s in board.stones(p) {
            for n in s.neighbors() {
                if board.cell(n) != other || seen.contains(&board.origin(n)) {
                    continue;
                }
                seen.push(board.origin(n));
                if board.countlib(n) <= max_libs {
                    out.push(board.origin(n));
                }
            }
        }
        // The board hands the list out in index order.
        out.sort();
        out
    }

    /// The lists of the stones within distance `reach` of `near`, at
    /// several liberty limits, asked twice (the second answer comes from
    /// the memo) against the plain walk.
    fn check_near(board: &Board, near: Point, reach: usize) {
        for p in board.points() {
            if !board.is_stone(p) || p.distance(near) > reach {
                continue;
            }
            for max_libs in [1, 2, 3, 5, usize::MAX] {
                let plain = walked(board, p, max_libs);
                assert_eq!(board.adjacent_chain_list(p, max_libs).to_vec(), plain);
                assert_eq!(board.adjacent_chain_list(p, max_libs).to_vec(), plain);
            }
        }
    }

    #[test]
    fn remembered_walks_equal_plain_walks_through_play_and_undo() {
        let mut rng = SplitMix64(7);
        let mut board = Board::new(9);
        let points: Vec<Point> = board.points().collect();
        rng.scatter_stones(&mut board, 60);
        // Hypothetical moves three deep, popped and replaced, with the
        // memo asked before and after every move and pop (a walk must not
        // answer for another position, also one reached by popping).
        for _ in 0..40 {
            let mut pushed = Vec::new();
            for _ in 0..3 {
                let p = points[rng.below(points.len())];
                // The stones next to the move are in the memo when it is
                // played, and asked again first after it.
                check_near(&board, p, 1);
                if board.trymove(p, Color::Black) || board.trymove(p, Color::White) {
                    pushed.push(p);
                }
                check_near(&board, p, 1);
                check_near(&board, p, usize::MAX);
            }
            while let Some(p) = pushed.pop() {
                check_near(&board, p, 1);
                board.popgo();
                check_near(&board, p, 1);
                check_near(&board, p, usize::MAX);
            }
        }
    }
}
