//! Legality and the incremental update path for a move.
//!
//! GNU Go counterpart: `is_legal`, `is_suicide`, `is_ko`, `do_play_move`,
//! `do_remove_string`, `extend_neighbor_string`, `assimilate_string` and
//! `create_new_string` of `engine/board.c`, plus `play_move` and
//! `add_stone`/`remove_stone` for the real position. Every write goes
//! through the journal setters of [`undo`](super::undo).

use super::zobrist::{ko_key, stone_key};
use super::{Board, Cell, Chain, ChainId, Color, IllegalMove, Point, MAX_LIBS};

impl Board {
    /// Why `color` may not play at `p`, or `Ok(())` (simple ko, no suicide).
    pub fn check_move(&self, p: Point, color: Color) -> Result<(), IllegalMove> {
        if !self.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if !self.is_empty(p) {
            return Err(IllegalMove::Occupied);
        }
        if self.is_ko_violation(p, color) {
            return Err(IllegalMove::Ko);
        }
        if self.is_suicide(p, color) {
            return Err(IllegalMove::Suicide);
        }
        Ok(())
    }

    /// True when `color` may play at `p` (GNU Go `is_legal`).
    #[inline]
    pub fn is_legal(&self, p: Point, color: Color) -> bool {
        self.on_board(p)
            && self.is_empty(p)
            && !self.is_ko_violation(p, color)
            && !self.is_suicide(p, color)
    }

    /// Legal except possibly for the simple-ko rule.
    #[inline]
    pub fn is_legal_ignoring_ko(&self, p: Point, color: Color) -> bool {
        self.on_board(p) && self.is_empty(p) && !self.is_suicide(p, color)
    }

    /// True when `p` is the ko point and `color` would retake there.
    #[inline]
    pub fn is_ko_violation(&self, p: Point, color: Color) -> bool {
        p == self.ko
            && p.is_some()
            && p.neighbors()
                .iter()
                .any(|&n| self.cell(n).is(color.opponent()))
    }

    /// True when a move by `color` at empty `p` would capture exactly one
    /// stone and leave a lone stone in atari: a ko capture (GNU Go `is_ko`).
    /// Returns the captured stone.
    pub fn ko_capture(&self, p: Point, color: Color) -> Option<Point> {
        let other = color.opponent();
        let mut captured = None;
        for n in p.neighbors() {
            match self.cell(n) {
                Cell::Empty => return None,
                c if c.is(color) => return None,
                c if c.is(other) && self.countlib(n) == 1 => {
                    if captured.is_some() || self.chain_size(n) != 1 {
                        return None;
                    }
                    captured = Some(n);
                }
                _ => {}
            }
        }
        captured
    }

    /// True when a stone of `color` at empty `p` would have no liberties and
    /// capture nothing.
    pub fn is_suicide(&self, p: Point, color: Color) -> bool {
        for n in p.neighbors() {
            match self.cell(n) {
                Cell::Empty => return false,
                Cell::Border => {}
                c => {
                    let libs = self.countlib(n);
                    if c.is(color) {
                        if libs > 1 {
                            return false;
                        }
                    } else if libs == 1 {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// True when a move by `color` at `p` captures at least one stone.
    pub fn does_capture_something(&self, p: Point, color: Color) -> bool {
        p.neighbors()
            .iter()
            .any(|&n| self.cell(n).is(color.opponent()) && self.countlib(n) == 1)
    }

    /// Play a real move: legality checked, journal forgotten afterwards.
    /// Requires an empty hypothetical-move stack.
    pub fn play(&mut self, p: Point, color: Color) -> Result<(), IllegalMove> {
        debug_assert_eq!(self.depth(), 0, "real move with an open move stack");
        self.check_move(p, color)?;
        self.push_frame(p, color);
        self.do_play(p, color);
        self.frames.pop();
        self.commit();
        if self.n_chains > 4 * self.size * self.size + 64 {
            self.rebuild_chains();
        }
        Ok(())
    }

    /// A real pass: clears the ko point.
    pub fn pass(&mut self) {
        debug_assert_eq!(self.depth(), 0);
        self.set_ko(Point::NONE);
        self.commit();
    }

    /// Put a stone on an empty point without captures (SGF `AB`/`AW`,
    /// handicap). The position may then contain chains without liberties,
    /// as setup properties allow. Requires an empty move stack.
    pub fn add_stone(&mut self, p: Point, color: Color) {
        self.setup_stones(&[(p, Some(color))]);
    }

    /// Empty a point (SGF `AE`). Requires an empty move stack.
    pub fn remove_stone(&mut self, p: Point) {
        self.setup_stones(&[(p, None)]);
    }

    /// Apply several setup edits at once (a stone of a colour, or `None`
    /// to empty the point; off-board points are ignored), then rebuild the
    /// chains once: one SGF node's `AB`/`AW`/`AE` lists cost one rebuild
    /// instead of one per stone. The result is the same as applying the
    /// edits one by one with [`Board::add_stone`] / [`Board::remove_stone`].
    /// Requires an empty move stack.
    pub fn setup_stones(&mut self, edits: &[(Point, Option<Color>)]) {
        debug_assert_eq!(self.depth(), 0);
        let mut changed = false;
        for &(p, color) in edits {
            if !self.on_board(p) {
                continue;
            }
            let old = self.color_at(p);
            if color.is_none() && old.is_none() {
                continue;
            }
            if let Some(old) = old {
                self.hash ^= stone_key(old, p);
            }
            self.cells[p.idx()] = match color {
                Some(c) => {
                    self.hash ^= stone_key(c, p);
                    Cell::stone(c)
                }
                None => Cell::Empty,
            };
            changed = true;
        }
        if changed {
            self.set_ko(Point::NONE);
            self.rebuild_chains();
        }
    }

    /// Set the ko point (e.g. from GNU Go's SGF `IL` property); `Point::NONE` clears it.
    pub fn set_ko(&mut self, p: Point) {
        if self.ko.is_some() {
            self.hash ^= ko_key(self.ko);
        }
        self.ko = p;
        if p.is_some() {
            self.hash ^= ko_key(p);
        }
    }

    /// Recompute every chain record from the stones (after setup edits).
    pub(super) fn rebuild_chains(&mut self) {
        self.version = self.fresh_version();
        self.journal.clear();
        self.chains.clear();
        self.n_chains = 0;
        let points: Vec<Point> = self.points().collect();
        let gen = self.next_mark();
        for &p in &points {
            let Some(color) = self.color_at(p) else {
                continue;
            };
            if self.mark[p.idx()] == gen {
                continue;
            }
            let id = self.new_chain(color, p);
            // Flood fill, linking stones into a circular list.
            let mut stack = vec![p];
            self.mark[p.idx()] = gen;
            let mut prev = p;
            let mut size = 0u16;
            let mut origin = p;
            while let Some(s) = stack.pop() {
                self.chain_of[s.idx()] = id;
                self.next_stone[prev.idx()] = s;
                prev = s;
                size += 1;
                origin = origin.min(s);
                for n in s.neighbors() {
                    if self.cell(n).is(color) && self.mark[n.idx()] != gen {
                        self.mark[n.idx()] = gen;
                        stack.push(n);
                    }
                }
            }
            self.next_stone[prev.idx()] = p;
            let c = &mut self.chains[id as usize];
            c.size = size;
            c.origin = origin;
            self.recompute_libs_untracked(id);
        }
    }

    fn new_chain(&mut self, color: Color, origin: Point) -> ChainId {
        let id = self.n_chains;
        self.n_chains += 1;
        let rec = Chain::new(color, origin);
        if id < self.chains.len() {
            self.chains[id] = rec;
        } else {
            self.chains.push(rec);
        }
        id as ChainId
    }

    /// Recompute the liberties of chain `id` by walking its stones. The
    /// caller has saved the record if the change must be undoable.
    fn recompute_libs_untracked(&mut self, id: ChainId) {
        let gen = self.next_mark();
        let origin = self.chains[id as usize].origin;
        let mut n_libs = 0usize;
        let mut libs = [Point::NONE; MAX_LIBS];
        let mut s = origin;
        loop {
            for n in s.neighbors() {
                if self.cells[n.idx()] == Cell::Empty && self.mark[n.idx()] != gen {
                    self.mark[n.idx()] = gen;
                    if n_libs < MAX_LIBS {
                        libs[n_libs] = n;
                    }
                    n_libs += 1;
                }
            }
            s = self.next_stone[s.idx()];
            if s == origin {
                break;
            }
        }
        if n_libs <= MAX_LIBS {
            libs[..n_libs].sort_unstable();
        }
        let c = &mut self.chains[id as usize];
        c.n_libs = n_libs as u16;
        c.libs = libs;
    }

    /// Remove liberty `p` from chain `id` (record already saved).
    fn remove_lib(&mut self, id: ChainId, p: Point) {
        let c = &mut self.chains[id as usize];
        let old = c.n_libs as usize;
        c.n_libs -= 1;
        if old <= MAX_LIBS {
            if let Some(i) = c.libs[..old].iter().position(|&l| l == p) {
                // Shift the rest down: the list stays in index order.
                c.libs.copy_within(i + 1..old, i);
            }
        } else if old == MAX_LIBS + 1 {
            // The stored list was not kept beyond MAX_LIBS: rebuild it.
            self.recompute_libs_untracked(id);
        }
    }

    /// Add liberty `p` to chain `id` (record already saved; `p` is new),
    /// in its place in index order.
    #[inline]
    fn add_lib(&mut self, id: ChainId, p: Point) {
        let c = &mut self.chains[id as usize];
        let n = c.n_libs as usize;
        if n < MAX_LIBS {
            let mut i = n;
            while i > 0 && c.libs[i - 1] > p {
                c.libs[i] = c.libs[i - 1];
                i -= 1;
            }
            c.libs[i] = p;
        }
        c.n_libs += 1;
    }

    /// Place a stone of `color` on `p` with captures; legality is the
    /// caller's business and a frame is already pushed.
    pub(super) fn do_play(&mut self, p: Point, color: Color) {
        self.version = self.fresh_version();
        let other = color.opponent();
        let mut own: [ChainId; 4] = [0; 4];
        let mut n_own = 0;
        let mut opp: [ChainId; 4] = [0; 4];
        let mut n_opp = 0;
        for n in p.neighbors() {
            let cell = self.cell(n);
            if cell.is(color) {
                let id = self.chain_of[n.idx()];
                if !own[..n_own].contains(&id) {
                    own[n_own] = id;
                    n_own += 1;
                }
            } else if cell.is(other) {
                let id = self.chain_of[n.idx()];
                if !opp[..n_opp].contains(&id) {
                    opp[n_opp] = id;
                    n_opp += 1;
                }
            }
        }

        self.set_ko(Point::NONE);
        self.set_cell(p, Cell::stone(color));
        self.hash ^= stone_key(color, p);

        // Our chain: a new one, or the largest neighbour absorbing the rest.
        let me = if n_own == 0 {
            let id = self.new_chain(color, p);
            self.set_chain_of(p, id);
            self.set_next_stone(p, p);
            for n in p.neighbors() {
                if self.cells[n.idx()] == Cell::Empty {
                    self.add_lib(id, n);
                }
            }
            id
        } else {
            let mut base = own[0];
            for &id in &own[1..n_own] {
                if self.chains[id as usize].size > self.chains[base as usize].size {
                    base = id;
                }
            }
            self.save_chain(base);
            self.set_chain_of(p, base);
            // `p` joins the stone list right after the base chain's
            // origin: one write for each, where making `p` a list of its
            // own and splicing it in wrote (and journalled) `p` twice.
            let base_origin = self.chains[base as usize].origin;
            let after = self.next_stone[base_origin.idx()];
            self.set_next_stone(p, after);
            self.set_next_stone(base_origin, p);
            let mut size = self.chains[base as usize].size + 1;
            let mut origin = base_origin.min(p);
            for &id in &own[..n_own] {
                if id == base {
                    continue;
                }
                let other_origin = self.chains[id as usize].origin;
                let mut s = other_origin;
                loop {
                    self.set_chain_of(s, base);
                    s = self.next_stone[s.idx()];
                    if s == other_origin {
                        break;
                    }
                }
                self.splice(base_origin, other_origin);
                size += self.chains[id as usize].size;
                origin = origin.min(other_origin);
            }
            let c = &mut self.chains[base as usize];
            c.size = size;
            c.origin = origin;
            if n_own == 1 && (self.chains[base as usize].n_libs as usize) <= MAX_LIBS {
                // One neighbour extended by one stone: adjust the list.
                self.remove_lib(base, p);
                for n in p.neighbors() {
                    if self.cells[n.idx()] == Cell::Empty
                        && !n.neighbors().iter().any(|&m| {
                            m != p && self.chain_of[m.idx()] == base && self.cell(m).is(color)
                        })
                    {
                        self.add_lib(base, n);
                    }
                }
            } else {
                self.recompute_libs_untracked(base);
            }
            base
        };

        // Opponent neighbours lose the liberty; those left without any die.
        let mut n_captured = 0u32;
        let mut last_captured = Point::NONE;
        for &id in &opp[..n_opp] {
            self.save_chain(id);
            self.remove_lib(id, p);
            if self.chains[id as usize].n_libs == 0 {
                let origin = self.chains[id as usize].origin;
                n_captured += self.chains[id as usize].size as u32;
                last_captured = origin;
                self.remove_chain(origin, color);
            }
        }
        self.captured[color.index()] += n_captured;

        if n_captured == 1 {
            let c = &self.chains[me as usize];
            if c.size == 1 && c.n_libs == 1 {
                self.set_ko(last_captured);
            }
        }
    }

    /// Link the stone list containing `b` into the list containing `a`.
    fn splice(&mut self, a: Point, b: Point) {
        let an = self.next_stone[a.idx()];
        let bn = self.next_stone[b.idx()];
        self.set_next_stone(a, bn);
        self.set_next_stone(b, an);
    }

    /// Take the chain with origin `origin` off the board; its points become
    /// liberties of the adjacent chains of `capturer`.
    fn remove_chain(&mut self, origin: Point, capturer: Color) {
        let victim = self.cell(origin).color().expect("capturing a stone");
        let mut s = origin;
        loop {
            self.set_cell(s, Cell::Empty);
            self.hash ^= stone_key(victim, s);
            let mut seen: [ChainId; 4] = [0; 4];
            let mut n_seen = 0;
            for n in s.neighbors() {
                if self.cell(n).is(capturer) {
                    let id = self.chain_of[n.idx()];
                    if !seen[..n_seen].contains(&id) {
                        seen[n_seen] = id;
                        n_seen += 1;
                        self.save_chain(id);
                        self.add_lib(id, s);
                    }
                }
            }
            s = self.next_stone[s.idx()];
            if s == origin {
                break;
            }
        }
    }
}
