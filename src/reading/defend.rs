//! The defending half of the reader: `do_find_defense` and
//! `defend1`..`defend4` by the target's liberty count (GNU Go
//! `engine/reading.c`: `do_find_defense`, `fast_defense`, `defend1`..
//! `defend4` and the `DEFEND_TRY_MOVES` loop).
//!
//! A chain with enough liberties is alive without a move (five always;
//! four past `fourlib_depth`; three past `depth`). Otherwise a quick check
//! looks for a move that plainly gives enough liberties, and then the
//! candidates are tried in batches: liberties, captures of attacking
//! chains in atari (both generated here), then the generators of
//! `reading/moves` (break-chain, rescue, edge moves), and backfilling.

use super::cache::Routine;
use super::ko::{fill_dooms_target, komaster_trymove, KoState};
use super::libs::{accuratelib, is_self_atari};
use super::moves::local::neighbor_of_chain;
use super::moves::{break_chain, edge, rescue, squeeze, superstring, CandidateMoves, GenDepth};
use super::order::{order_moves, Side};
use super::{Best, NodeState, ReadResult, Reader};
use crate::board::{Board, Cell, ChainId, Color, Point};

/// Propose capturing every opponent chain next to the chain on `s` that
/// is in atari (the direct part of GNU Go's `break_chain_moves`).
pub(super) fn add_atari_captures(board: &Board, s: Point, moves: &mut CandidateMoves, score: i32) {
    for a in board.adjacent_chain_list(s, 1) {
        if board.countlib(a) == 1 {
            moves.add(board.libs(a)[0], score);
        }
    }
}

/// An upper bound on the liberties a stone of `color` on the empty
/// point `p` would have after its captures (what [`accuratelib`]
/// counts): its empty neighbours, the other liberties of the chains it
/// joins and the stones it captures, a point counted again when it is
/// more than one of these.
fn libs_after_bound(board: &Board, p: Point, color: Color) -> usize {
    let own = Cell::stone(color);
    let other = Cell::stone(color.opponent());
    let mut ids: [ChainId; 4] = [0; 4];
    let mut n_ids = 0;
    let mut n = 0;
    for q in p.neighbors() {
        let cell = board.cell(q);
        if cell == Cell::Empty {
            n += 1;
            continue;
        }
        let joins = cell == own;
        if !joins && (cell != other || board.countlib(q) != 1) {
            continue;
        }
        let id = board.chain_id(q);
        if ids[..n_ids].contains(&id) {
            continue;
        }
        ids[n_ids] = id;
        n_ids += 1;
        // A chain joined has `p` among its liberties; a chain captured
        // frees its stones.
        n += if joins {
            board.countlib(q) - 1
        } else {
            board.chain_size(q)
        };
    }
    n
}

/// The liberties of the chain on `s` (of `color`) once `color` has
/// played the capturing move `lib`, an empty point that is not one of its
/// liberties: the new stone takes none of them and cannot join the
/// chain, so they are its liberties now plus the stones captured next to
/// it (every opponent chain next to `lib` with one liberty goes).
fn libs_after_capture(board: &Board, s: Point, lib: Point, color: Color) -> usize {
    let other = Cell::stone(color.opponent());
    let mut captured = [Point::NONE; 4];
    let mut n_captured = 0;
    let mut libs = board.countlib(s);
    for n in lib.neighbors() {
        if board.cell(n) != other || board.countlib(n) != 1 {
            continue;
        }
        let origin = board.origin(n);
        if captured[..n_captured].contains(&origin) {
            continue;
        }
        captured[n_captured] = origin;
        n_captured += 1;
        libs += board
            .stones(n)
            .filter(|&st| neighbor_of_chain(board, st, s))
            .count();
    }
    libs
}

impl Reader {
    /// Recursive defence of the chain on `s` under the ko state `ks`.
    pub(super) fn do_find_defense(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
    ) -> (ReadResult, Option<Point>) {
        self.do_find_defense_hint(board, s, ks, None)
    }

    /// [`Reader::do_find_defense`] with a killer move from a sibling
    /// variation.
    pub(super) fn do_find_defense_hint(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        hint: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        // From the chain's origin, as in `do_attack_hint`.
        let s = if board.is_stone(s) {
            board.origin(s)
        } else {
            s
        };
        let libs = match self.attack_settled(board, s) {
            Ok(libs) => libs,
            Err(code) => return (code.reverse(), None),
        };
        let killer = if libs > 2 { hint } else { None };
        self.through_table(
            board,
            s,
            ks,
            Routine::FindDefense,
            killer,
            |r, b| match libs {
                1 => r.defend1(b, s, ks, killer),
                2 => r.defend2(b, s, ks, killer),
                3 => r.defend3(b, s, ks, killer),
                _ => r.defend4(b, s, ks, killer),
            },
        )
    }

    /// Try the untried candidates for the defender, best first. Returns
    /// true when the node is decided (a win, or the branching limit).
    fn defend_try_moves(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        moves: &CandidateMoves,
        node: &mut NodeState,
        no_deep_branching: bool,
    ) -> bool {
        let NodeState {
            tried,
            best,
            killer,
            suggest,
        } = node;
        let color = board.chain(s).color;
        let order = order_moves(board, s, color, Side::Defend, moves, tried, *killer);
        for dpos in order {
            tried.insert(dpos);
            if self.exhausted {
                return true;
            }
            let stackp = Self::stackp(board);
            let consider_ko = stackp <= self.config.ko_depth && best.code == ReadResult::Fail;
            // The attack after the move gets `suggest` as its killer if the
            // chain has more than three liberties then (a guess: the move
            // usually gains one).
            let child_killer = if board.countlib(s) >= 3 {
                *suggest
            } else {
                None
            };
            self.prefetch_child(board, s, ks, Routine::Attack, dpos, child_killer);
            if let Some(km) = komaster_trymove(
                self.config.komaster_scheme,
                board,
                ks,
                dpos,
                color,
                consider_ko,
            ) {
                let (acode, amove) = self.do_attack_hint(board, s, km.state, *suggest);
                if amove.is_some() {
                    *suggest = amove;
                }
                let hopeless = km.conditional
                    && acode != ReadResult::Win
                    && km
                        .captured
                        .is_some_and(|k| self.ko_unwinnable(board, s, k, km.state));
                board.popgo();
                if !km.conditional {
                    if acode == ReadResult::Fail {
                        *best = Best {
                            code: ReadResult::Win,
                            mv: Some(dpos),
                        };
                        return true;
                    }
                    best.update(acode.reverse(), dpos);
                } else if acode != ReadResult::Win && !hopeless {
                    best.update(ReadResult::KoB, dpos);
                }
            }
            if no_deep_branching && stackp >= self.config.branch_depth {
                return true;
            }
        }
        false
    }

    /// The defender of `s` has just retaken a ko conditionally (the stone
    /// on `k` was captured) and the attacker cannot retake it under the
    /// komaster rules. That only postpones the loss when the defender can
    /// never win the ko: filling it leaves `s` in atari, and the tempo the
    /// attacker gives by waiting cannot be used either, because no
    /// attacker chain next to the filled string can be captured (the GNU Go manual's
    /// "Another Ko Example", ko5.sgf: after White's H1 and the N3 ko,
    /// Black can only keep retaking, so H1 kills unconditionally; with a
    /// capturing race around the target the ko stays a real ko).
    fn ko_unwinnable(&mut self, board: &mut Board, s: Point, k: Point, ks: KoState) -> bool {
        let Some(adjs) = fill_dooms_target(board, s, k) else {
            return false;
        };
        for a in adjs {
            if board.is_stone(a)
                && board.countlib(a) <= 4
                && self.do_attack(board, a, ks).0.succeeds()
            {
                return false;
            }
        }
        true
    }

    /// Count a defence node; its answer when no candidates need trying:
    /// `Win` without a move once the budget is spent (the search unwinds),
    /// `Win` with a [`Reader::fast_defense`] move when there is one.
    #[inline(always)]
    fn defended_without_search(
        &mut self,
        board: &mut Board,
        s: Point,
    ) -> Option<(ReadResult, Option<Point>)> {
        if !self.count_node() {
            return Some((ReadResult::Win, None));
        }
        self.fast_defense(board, s)
            .map(|m| (ReadResult::Win, Some(m)))
    }

    /// A move that plainly gives the chain enough liberties: a liberty
    /// with that many liberties afterwards, or the capture of a
    /// neighbour in atari that does. GNU Go `fast_defense`.
    fn fast_defense(&mut self, board: &mut Board, s: Point) -> Option<Point> {
        let color = board.chain(s).color;
        let stackp = Self::stackp(board);
        let goal = if stackp < self.config.fourlib_depth {
            5
        } else {
            4
        };
        // At most four liberties here (the callers' chains): copied
        // out, as the board is played on below.
        debug_assert!(board.countlib(s) <= 4);
        let mut lib_buf = [Point::NONE; 4];
        let n_libs = board.countlib(s).min(4);
        lib_buf[..n_libs].copy_from_slice(&board.libs(s)[..n_libs]);
        let libs = &lib_buf[..n_libs];
        for &l in libs {
            // Most liberties are far short of the goal, which a quick
            // bound tells before the exact count.
            if libs_after_bound(board, l, color) >= goal
                && accuratelib(board, l, color, goal) >= goal
            {
                return Some(l);
            }
        }
        for a in board.adjacent_chain_list(s, 1) {
            let lib = board.libs(a)[0];
            if libs.contains(&lib) || board.ko_capture(lib, color).is_some() {
                continue;
            }
            // GNU Go plays the capture and counts; the count is worked
            // out in place instead (see `libs_after_capture`). The point
            // still enters the reading shadow, as the tried move did
            // (legal or not); the move is illegal only on the ko point,
            // as it captures.
            board.extend_shadow([lib]);
            if lib != board.ko_point() && libs_after_capture(board, s, lib, color) >= goal {
                return Some(lib);
            }
        }
        None
    }

    /// Defend a chain in atari: extend, capture an attacker, or set up a
    /// snapback; then fight the ko by backfilling. GNU Go `defend1`.
    fn defend1(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        killer: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        if let Some(res) = self.defended_without_search(board, s) {
            return res;
        }
        let color = board.chain(s).color;
        let lib = board.libs(s)[0];
        let stackp = Self::stackp(board);
        let mut moves = CandidateMoves::new();
        let mut node = NodeState::new(killer);
        moves.add(lib, 0);
        break_chain::break_chain_moves(board, s, &mut moves);
        if stackp <= self.config.backfill_depth {
            rescue::set_up_snapback_moves(board, s, &mut moves);
        }
        if self.defend_try_moves(board, s, ks, &moves, &mut node, false) {
            return node.best.get();
        }
        // A single stone whose capture would be a ko: defend by filling
        // the outside liberties of the ko.
        if stackp <= self.config.backfill_depth {
            let mut backfills = CandidateMoves::new();
            squeeze::ko_backfill_defense_moves(board, s, &mut backfills);
            for apos in backfills.points() {
                if board.trymove(apos, color) {
                    let (acode, _) = self.do_attack(board, s, ks);
                    board.popgo();
                    if acode == ReadResult::Fail {
                        return (ReadResult::Win, Some(apos));
                    }
                    node.best.update(acode.reverse(), apos);
                }
            }
        }
        node.best.get()
    }

    /// Defend a chain with two liberties. GNU Go `defend2`: three
    /// batches (direct moves and nearby rescues; backfilling; then the
    /// superstring, squeeze and break-chain moves against neighbours with
    /// two to four liberties).
    fn defend2(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        killer: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        if let Some(res) = self.defended_without_search(board, s) {
            return res;
        }
        let color = board.chain(s).color;
        let stackp = Self::stackp(board);
        let cfg = self.config.clone();
        let gd = GenDepth::new(&cfg, board.depth());
        let libs = board.lib_list(s);
        let mut moves = CandidateMoves::new();
        let mut node = NodeState::new(killer);

        // First batch.
        let single = board.chain_size(s) == 1;
        for &l in &libs {
            if single || !is_self_atari(board, l, color) {
                moves.add(l, 0);
            }
        }
        break_chain::break_chain_moves(board, s, &mut moves);
        break_chain::break_chain2_efficient_moves(board, s, &mut moves);
        edge::edge_defense_moves(board, s, &mut moves);
        if stackp <= cfg.depth {
            for &l in &libs {
                rescue::special_rescue_lib_moves(board, s, l, &mut moves);
            }
            rescue::bamboo_rescue_moves(board, s, &mut moves);
        }
        if stackp <= cfg.backfill_depth {
            rescue::special_rescue2_moves(board, s, &mut moves);
        }
        if self.defend_try_moves(board, s, ks, &moves, &mut node, false) {
            return node.best.get();
        }

        // Second batch: backfilling (make the liberties unplayable for
        // the attacker), and the answer to special_attack3.
        squeeze::backfill_defense_moves(board, s, &mut moves);
        rescue::special_rescue4_moves(board, s, &mut moves);
        if self.defend_try_moves(board, s, ks, &moves, &mut node, false) {
            return node.best.get();
        }

        // Third batch; more aggressive when nothing was proposed so far.
        let be_aggressive = moves.is_empty();
        if stackp <= cfg.superstring_depth() {
            superstring::superstring_defense_moves(board, s, &mut moves, &gd);
        }
        break_chain::break_chain2_defense_moves(board, s, &mut moves, &gd, be_aggressive);
        if stackp <= cfg.backfill_depth {
            rescue::special_rescue5_moves(board, s, &mut moves);
        }
        if stackp <= cfg.break_chain_depth() || (be_aggressive && stackp <= cfg.backfill_depth) {
            break_chain::break_chain34_moves(board, s, 3, &mut moves, &gd, be_aggressive);
        }
        if be_aggressive && stackp <= cfg.backfill_depth {
            break_chain::break_chain34_moves(board, s, 4, &mut moves, &gd, be_aggressive);
        }
        self.defend_try_moves(board, s, ks, &moves, &mut node, false);
        node.best.get()
    }

    /// Defend a chain with three liberties. GNU Go `defend3`.
    fn defend3(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        killer: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        if let Some(res) = self.defended_without_search(board, s) {
            return res;
        }
        let stackp = Self::stackp(board);
        let cfg = self.config.clone();
        let gd = GenDepth::new(&cfg, board.depth());
        let libs = board.lib_list(s);
        let mut moves = CandidateMoves::new();
        let mut node = NodeState::new(killer);

        // First batch: liberties, captures, efficient ataris, edge moves.
        for &l in &libs {
            moves.add(l, 0);
        }
        break_chain::break_chain_moves(board, s, &mut moves);
        break_chain::break_chain2_efficient_moves(board, s, &mut moves);
        edge::edge_defense_moves(board, s, &mut moves);
        if stackp <= cfg.backfill2_depth() {
            rescue::hane_rescue_moves(board, s, &mut moves);
        }
        if self.defend_try_moves(board, s, ks, &moves, &mut node, true) {
            return node.best.get();
        }

        // Second batch: second-order liberties and special rescues.
        if stackp <= cfg.backfill_depth {
            rescue::special_rescue3_moves(board, s, &mut moves);
        }
        if stackp <= cfg.depth {
            for &l in &libs {
                rescue::special_rescue_lib_moves(board, s, l, &mut moves);
            }
            rescue::bamboo_rescue_moves(board, s, &mut moves);
        }
        if stackp <= cfg.backfill2_depth() {
            superstring::superstring_break_chain_moves(board, s, &mut moves, 4, &gd);
        }
        if stackp <= cfg.break_chain_depth() {
            break_chain::break_chain2_defense_moves(board, s, &mut moves, &gd, false);
        }
        if stackp <= cfg.backfill_depth {
            rescue::special_rescue5_moves(board, s, &mut moves);
            rescue::special_rescue6_moves(board, s, &mut moves);
        }
        if self.defend_try_moves(board, s, ks, &moves, &mut node, true) {
            return node.best.get();
        }

        // Third batch: superstring liberties, squeezes, break-chain on
        // three-liberty neighbours. The superstring liberties are read to
        // `superstring_depth`, as in `defend2` and `defend4` (GNU Go stops
        // them at `backfill2_depth` here): strengthening a friendly stone
        // that guards two of our liberties is no deeper an idea for three
        // liberties than for two.
        if stackp <= cfg.superstring_depth() {
            superstring::superstring_moves(board, s, &mut moves, 3, false);
        }
        if stackp <= cfg.backfill2_depth() {
            squeeze::squeeze_moves(board, s, &mut moves);
        }
        if stackp <= cfg.break_chain_depth() {
            break_chain::break_chain34_moves(board, s, 3, &mut moves, &gd, false);
        }
        self.defend_try_moves(board, s, ks, &moves, &mut node, true);
        node.best.get()
    }

    /// Defend a chain with four liberties. GNU Go `defend4`.
    fn defend4(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        killer: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        if let Some(res) = self.defended_without_search(board, s) {
            return res;
        }
        let stackp = Self::stackp(board);
        let cfg = self.config.clone();
        let gd = GenDepth::new(&cfg, board.depth());
        let libs = board.lib_list(s);
        let mut moves = CandidateMoves::new();
        let mut node = NodeState::new(killer);

        // First batch: liberties, captures, ataris and reductions of the
        // neighbours, superstring liberties and squeezes.
        for &l in &libs {
            moves.add(l, 0);
        }
        break_chain::break_chain_moves(board, s, &mut moves);
        break_chain::break_chain2_efficient_moves(board, s, &mut moves);
        if stackp <= cfg.backfill_depth {
            break_chain::break_chain2_defense_moves(board, s, &mut moves, &gd, false);
            break_chain::break_chain34_moves(board, s, 3, &mut moves, &gd, false);
            break_chain::break_chain34_moves(board, s, 4, &mut moves, &gd, false);
            if stackp <= cfg.superstring_depth() {
                superstring::superstring_moves(board, s, &mut moves, 4, false);
            }
            squeeze::squeeze_moves(board, s, &mut moves);
        }
        if self.defend_try_moves(board, s, ks, &moves, &mut node, true) {
            return node.best.get();
        }

        // Second batch: second-order liberties and bamboo joints.
        if stackp <= cfg.depth {
            for &l in &libs {
                rescue::special_rescue_lib_moves(board, s, l, &mut moves);
            }
            rescue::bamboo_rescue_moves(board, s, &mut moves);
        }
        self.defend_try_moves(board, s, ks, &moves, &mut node, true);
        node.best.get()
    }
}

#[cfg(test)]
mod tests {
    use super::{libs_after_bound, libs_after_capture};
    use crate::board::{Board, Color, Point, SplitMix64};
    use crate::reading::libs::accuratelib;

    /// The bound against the exact count, for every empty point and
    /// colour of random positions.
    #[test]
    fn libs_after_bound_is_a_bound() {
        let mut rng = SplitMix64(5);
        let mut tight = 0;
        for _ in 0..200 {
            let mut board = Board::new(9);
            let points: Vec<Point> = board.points().collect();
            let n = rng.below(70) + 10;
            rng.scatter_stones(&mut board, n);
            for &p in &points {
                if !board.is_empty(p) {
                    continue;
                }
                for color in [Color::Black, Color::White] {
                    let exact = accuratelib(&board, p, color, usize::MAX);
                    let bound = libs_after_bound(&board, p, color);
                    assert!(bound >= exact, "{p:?} {color:?}: {bound} < {exact}");
                    tight += usize::from(bound == exact);
                }
            }
        }
        assert!(tight > 1000, "only {tight} tight bounds");
    }

    /// Against playing the capture: every chain with at most four
    /// liberties, every neighbour in atari whose liberty is not one of
    /// the chain's, on random positions (many captures, some of several
    /// chains at once).
    #[test]
    fn libs_after_capture_matches_playing_it() {
        let mut rng = SplitMix64(11);
        let mut checked = 0;
        for _ in 0..200 {
            let mut board = Board::new(9);
            let points: Vec<Point> = board.points().collect();
            let n = rng.below(70) + 10;
            rng.scatter_stones(&mut board, n);
            for &s in &points {
                if !board.is_stone(s) || board.countlib(s) > 4 {
                    continue;
                }
                let color = board.chain(s).color;
                for a in board.adjacent_chain_list(s, 1) {
                    let lib = board.libs(a)[0];
                    if board.libs(s).contains(&lib) || lib == board.ko_point() {
                        continue;
                    }
                    let counted = libs_after_capture(&board, s, lib, color);
                    assert!(board.trymove(lib, color));
                    assert_eq!(counted, board.countlib(s), "{s:?} capturing at {lib:?}");
                    board.popgo();
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} captures checked");
    }
}
