//! The attacking half of the reader: `do_attack` and `attack1`..`attack4`
//! by the target's liberty count (GNU Go `engine/reading.c`: `do_attack`,
//! `attack1`, `attack2`, `attack3`, `attack4` and the `ATTACK_TRY_MOVES`
//! loop).
//!
//! Each worker collects candidates in passes, cheapest ideas first: the
//! direct moves (liberties, saving the attacker's own chains in atari
//! around the target, backfilling when a liberty is self-atari, ko
//! captures) are generated here; the less obvious ones come from the
//! generators in `reading/moves`. After every pass the new candidates are
//! ordered (`order.rs`) and tried; an attacking move works when the
//! defender has no defence afterwards and the attack can be confirmed.

use super::cache::Routine;
use super::defend::add_atari_captures;
use super::ko::{komaster_trymove, KoState, Komaster};
use super::libs::{approxlib_list, direct_neighbors, has_neighbor, is_self_atari};
use super::moves::{break_chain, edge, rescue, squeeze, superstring, CandidateMoves, GenDepth};
use super::order::{order_moves, Side};
use super::{Best, NodeState, ReadResult, Reader};
use crate::board::{Board, Point, PointList};

impl Reader {
    /// Recursive attack of the chain on `s` under the ko state `ks`.
    pub(super) fn do_attack(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
    ) -> (ReadResult, Option<Point>) {
        self.do_attack_hint(board, s, ks, None)
    }

    /// [`Reader::do_attack`] with a killer move from a sibling variation.
    pub(super) fn do_attack_hint(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        hint: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        // Read from the chain's origin, whichever stone the caller named:
        // the walks over the chain start there, and the table is keyed by it.
        let s = if board.is_stone(s) {
            board.origin(s)
        } else {
            s
        };
        let libs = match self.attack_settled(board, s) {
            Ok(libs) => libs,
            Err(code) => return (code, None),
        };
        let stackp = Self::stackp(board);
        if libs == 1 && board.chain_size(s) > 1 {
            // Capturing more than one stone in atari needs no reading
            // (attack1's first case): cheaper than a table lookup.
            let res = self.attack1(board, s, ks);
            self.trace(board, "attack", s, res);
            return res;
        }
        let killer = if libs > 3 { hint } else { None };
        let ladder_depth = self.config.depth + 10;
        self.through_table(board, s, ks, Routine::Attack, killer, |r, b| match libs {
            1 => r.attack1(b, s, ks),
            2 if stackp > ladder_depth => r.simple_ladder(b, s),
            2 => r.attack2(b, s, ks, killer),
            3 => r.attack3(b, s, ks, killer),
            _ => r.attack4(b, s, ks, killer),
        })
    }

    /// Try the untried candidates of `moves` for the attacker, best first.
    /// Returns true when the node is decided (a win, or the branching
    /// limit reached); `best` holds the answer either way.
    fn attack_try_moves(
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
        let other = color.opponent();
        let order = order_moves(board, s, other, Side::Attack, moves, tried, *killer);
        for apos in order {
            tried.insert(apos);
            if self.exhausted {
                return true;
            }
            let stackp = Self::stackp(board);
            let consider_ko = stackp <= self.config.ko_depth && best.code == ReadResult::Fail;
            // The defence after the move gets `suggest` as its killer if
            // the chain keeps more than two liberties (a guess: the move
            // usually takes one).
            let child_killer = if board.countlib(s) > 3 {
                *suggest
            } else {
                None
            };
            self.prefetch_child(board, s, ks, Routine::FindDefense, apos, child_killer);
            if let Some(km) = komaster_trymove(
                self.config.komaster_scheme,
                board,
                ks,
                apos,
                other,
                consider_ko,
            ) {
                if !board.is_stone(s) {
                    board.popgo();
                    *best = Best {
                        code: ReadResult::Win,
                        mv: Some(apos),
                    };
                    return true;
                }
                let (dcode, dmove) = self.do_find_defense_hint(board, s, km.state, *suggest);
                if dmove.is_some() {
                    *suggest = dmove;
                }
                if dcode.reverse() > best.code && self.do_attack(board, s, km.state).0.succeeds() {
                    if !km.conditional {
                        if dcode == ReadResult::Fail {
                            board.popgo();
                            *best = Best {
                                code: ReadResult::Win,
                                mv: Some(apos),
                            };
                            return true;
                        }
                        best.update(dcode.reverse(), apos);
                    } else {
                        best.update(ReadResult::KoB, apos);
                    }
                }
                board.popgo();
            }
            if no_deep_branching && stackp >= self.config.branch_depth {
                return true;
            }
        }
        false
    }

    /// Attack a chain with one liberty: capture it, unless that is an
    /// illegal ko (KO_B) or runs into a proper snapback; otherwise try
    /// backfilling and back-capturing. GNU Go `attack1`.
    fn attack1(&mut self, board: &mut Board, s: Point, ks: KoState) -> (ReadResult, Option<Point>) {
        if !self.count_node() {
            return (ReadResult::Fail, None);
        }
        let color = board.chain(s).color;
        let other = color.opponent();
        let lib = board.libs(s)[0];
        if board.chain_size(s) > 1 {
            return (ReadResult::Win, Some(lib));
        }
        let mut best = Best::default();
        if board.trymove(lib, other) {
            if board.countlib(lib) > 1 {
                board.popgo();
                return (ReadResult::Win, Some(lib));
            } else if board.chain_size(lib) == 1 {
                // The recapture would be a ko: the defender must find a
                // threat first, unless the attacker owns the ko.
                if ks.komaster != Komaster::Is(other) {
                    best.update(ReadResult::KoA, lib);
                } else {
                    board.popgo();
                    return (ReadResult::Win, Some(lib));
                }
            } else if board.trymove(s, color) {
                let snapback = board.countlib(s) > 1;
                board.popgo();
                if !snapback {
                    board.popgo();
                    return (ReadResult::Win, Some(lib));
                }
            }
            board.popgo();
        } else if ks.komaster != Komaster::Is(color) {
            // Illegal ko capture: works after a ko threat.
            best.update(ReadResult::KoB, lib);
        }

        // Backfilling around the liberty.
        let mut libs2 = PointList::new();
        let n = approxlib_list(board, lib, color, usize::MAX, &mut libs2);
        if n <= 5 {
            for apos in libs2 {
                if is_self_atari(board, apos, other) || !board.trymove(apos, other) {
                    continue;
                }
                let (dcode, _) = self.do_find_defense(board, s, ks);
                if dcode != ReadResult::Win && self.do_attack(board, s, ks).0.succeeds() {
                    if dcode == ReadResult::Fail {
                        board.popgo();
                        return (ReadResult::Win, Some(apos));
                    }
                    best.update(dcode.reverse(), apos);
                }
                board.popgo();
            }
        }

        // Back-capturing: an attacker chain in atari sharing the liberty
        // may be saved by capturing one of its own attackers.
        for adj in board.adjacent_chain_list(s, 1) {
            if !board.is_liberty_of(lib, adj) {
                continue;
            }
            for adj2 in board.adjacent_chain_list(adj, 1) {
                if board.same_chain(adj2, s) {
                    continue;
                }
                let apos = board.libs(adj2)[0];
                let stackp = Self::stackp(board);
                let consider_ko = stackp <= self.config.ko_depth && best.code == ReadResult::Fail;
                let Some(km) = komaster_trymove(
                    self.config.komaster_scheme,
                    board,
                    ks,
                    apos,
                    other,
                    consider_ko,
                ) else {
                    continue;
                };
                let (dcode, _) = self.do_find_defense(board, s, km.state);
                let confirmed =
                    dcode != ReadResult::Win && self.do_attack(board, s, km.state).0.succeeds();
                board.popgo();
                if confirmed {
                    if !km.conditional {
                        if dcode == ReadResult::Fail {
                            return (ReadResult::Win, Some(apos));
                        }
                        best.update(dcode.reverse(), apos);
                    } else {
                        best.update(ReadResult::KoB, apos);
                    }
                }
            }
        }
        best.get()
    }

    /// The attacker's chains around `s` in atari: save them by extending or
    /// by capturing one of their attackers (GNU Go's "save_boundary").
    /// Returns false when such a chain cannot be ignored past `depth`.
    fn add_save_boundary(
        &self,
        board: &mut Board,
        s: Point,
        moves: &mut CandidateMoves,
        two_libs: bool,
    ) -> bool {
        let stackp = Self::stackp(board);
        for adj in board.adjacent_chain_list(s, 1) {
            if two_libs
                && stackp > self.config.depth
                && board.chain_size(adj) > 1
                && !board.have_common_lib(s, adj)
            {
                return false;
            }
            if !two_libs || stackp <= self.config.depth {
                // GNU Go proposes these captures twice, at score 0 and
                // then at 1 (`break_chain_moves`); the accumulator keeps
                // a point's first place and its larger score, so one
                // pass at 1 leaves the same list.
                add_atari_captures(board, adj, moves, 1);
            }
            let hpos = board.libs(adj)[0];
            moves.add(hpos, 0);
        }
        true
    }

    /// Attack a chain with two liberties: ataris, ladders and nets.
    /// GNU Go `attack2`.
    fn attack2(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        killer: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        if !self.count_node() {
            return (ReadResult::Fail, None);
        }
        let color = board.chain(s).color;
        let other = color.opponent();
        let stackp = Self::stackp(board);
        let cfg = self.config.clone();
        let mut moves = CandidateMoves::new();
        let mut node = NodeState::new(killer);
        let mut atari_possible = false;

        for pass in 0..4 {
            match pass {
                0 => {
                    if !self.add_save_boundary(board, s, &mut moves, true) {
                        return (ReadResult::Fail, None);
                    }
                    let libs = board.lib_list(s);
                    let adjacent_libs = direct_neighbors(libs[0], libs[1]);
                    for &apos in &libs {
                        let self_atari = is_self_atari(board, apos, other);
                        if !self_atari {
                            atari_possible = true;
                        }
                        if stackp <= cfg.backfill_depth
                            || ((stackp <= cfg.depth || adjacent_libs)
                                && !has_neighbor(board, apos, other))
                            || !self_atari
                        {
                            moves.add(apos, 0);
                        }
                        // Backfill when the atari is impossible.
                        let mut libs2 = PointList::new();
                        if stackp <= cfg.backfill_depth
                            && approxlib_list(board, apos, other, 2, &mut libs2) == 1
                        {
                            let b = libs2[0];
                            moves.add(b, 0);
                            // Back-capture: our chains next to the
                            // backfill point may be in atari; capture
                            // every chain that holds them there (GNU Go
                            // takes only the first one its chain list
                            // happens to give).
                            for n in b.neighbors() {
                                if board.cell(n).is(other) {
                                    for a in board.adjacent_chain_list(n, 1) {
                                        moves.add(board.libs(a)[0], 0);
                                    }
                                }
                            }
                        }
                    }
                    if !atari_possible {
                        edge::edge_attack_moves(board, s, &mut moves);
                    }
                    // Neighbours whose two liberties are the target's:
                    // capturing around them may be the attack.
                    for adj in board.adjacent_chain_list(s, 2) {
                        if board.countlib(adj) == 2
                            && board.is_liberty_of(libs[0], adj)
                            && board.is_liberty_of(libs[1], adj)
                        {
                            // Score 0 then 1 in GNU Go: one pass at 1 is
                            // the same (see `add_save_boundary`).
                            add_atari_captures(board, adj, &mut moves, 1);
                        }
                    }
                    if atari_possible {
                        edge::edge_attack_moves(board, s, &mut moves);
                    }
                }
                1 => {
                    if stackp <= cfg.backfill_depth {
                        squeeze::special_attack2_moves(board, s, &mut moves);
                        squeeze::special_attack3_moves(board, s, &mut moves);
                        squeeze::special_attack4_moves(board, s, &mut moves);
                    }
                }
                2 => squeeze::find_cap_moves(board, s, &mut moves),
                _ => {
                    // Fill a liberty of the superstring, above all when
                    // no direct atari is possible.
                    if stackp <= cfg.backfill_depth
                        && (stackp <= cfg.superstring_depth() || !atari_possible)
                    {
                        let cap = if stackp <= cfg.backfill2_depth() {
                            3
                        } else {
                            2
                        };
                        superstring::superstring_attack_moves(board, s, &mut moves, cap);
                    }
                }
            }
            if self.attack_try_moves(board, s, ks, &moves, &mut node, false) {
                return node.best.get();
            }
        }
        node.best.get()
    }

    /// Attack a chain with three liberties. GNU Go `attack3`.
    fn attack3(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        killer: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        if !self.count_node() {
            return (ReadResult::Fail, None);
        }
        let stackp = Self::stackp(board);
        let cfg = self.config.clone();
        let mut moves = CandidateMoves::new();
        let mut node = NodeState::new(killer);

        for pass in 0..4 {
            match pass {
                0 => {
                    self.add_save_boundary(board, s, &mut moves, false);
                    break_chain::double_atari_chain2_moves(
                        board,
                        s,
                        &mut moves,
                        stackp <= cfg.superstring_depth(),
                    );
                    self.add_liberty_moves(board, s, &mut moves);
                    edge::edge_attack_moves(board, s, &mut moves);
                }
                1 => {
                    if stackp <= cfg.backfill_depth {
                        squeeze::find_cap_moves(board, s, &mut moves);
                    }
                    if stackp <= cfg.fourlib_depth {
                        rescue::draw_back_moves(board, s, &mut moves);
                    }
                }
                2 => {
                    if stackp <= cfg.backfill2_depth() {
                        let gd = GenDepth::new(&cfg, board.depth());
                        break_chain::save_boundary2_moves(board, s, &mut moves, &gd);
                    }
                }
                _ => {
                    if stackp <= cfg.backfill2_depth() {
                        superstring::superstring_attack_moves(board, s, &mut moves, 3);
                    }
                }
            }
            if self.attack_try_moves(board, s, ks, &moves, &mut node, true) {
                return node.best.get();
            }
        }
        node.best.get()
    }

    /// Attack a chain with four liberties. GNU Go `attack4`.
    fn attack4(
        &mut self,
        board: &mut Board,
        s: Point,
        ks: KoState,
        killer: Option<Point>,
    ) -> (ReadResult, Option<Point>) {
        if !self.count_node() {
            return (ReadResult::Fail, None);
        }
        let stackp = Self::stackp(board);
        if stackp > self.config.depth {
            return (ReadResult::Fail, None);
        }
        let cfg = self.config.clone();
        let mut moves = CandidateMoves::new();
        let mut node = NodeState::new(killer);
        for pass in 0..2 {
            if pass == 0 {
                self.add_save_boundary(board, s, &mut moves, false);
                break_chain::double_atari_chain2_moves(
                    board,
                    s,
                    &mut moves,
                    stackp <= cfg.superstring_depth(),
                );
                let pts: Vec<Point> = moves.points().collect();
                for p in pts {
                    moves.bump(p, 5);
                }
                self.add_liberty_moves(board, s, &mut moves);
                edge::edge_attack_moves(board, s, &mut moves);
            } else if stackp <= cfg.backfill_depth {
                squeeze::find_cap_moves(board, s, &mut moves);
            }
            if self.attack_try_moves(board, s, ks, &moves, &mut node, true) {
                return node.best.get();
            }
        }
        node.best.get()
    }

    /// The target's liberties, skipping self-ataris once past
    /// `backfill_depth` (except isolated points within `depth`).
    fn add_liberty_moves(&self, board: &Board, s: Point, moves: &mut CandidateMoves) {
        let other = board.chain(s).color.opponent();
        let stackp = Self::stackp(board);
        for apos in board.lib_list(s) {
            if stackp <= self.config.backfill_depth
                || (stackp <= self.config.depth && !has_neighbor(board, apos, other))
                || !is_self_atari(board, apos, other)
            {
                moves.add(apos, 0);
            }
        }
    }
}
