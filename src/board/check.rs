//! `check_consistency`: recompute everything from the stones and compare.
//!
//! GNU Go counterpart: none directly (GNU Go's `checking` asserts are
//! scattered); modelled on KataGo's `Board::checkConsistency`. Used by the
//! board tests after every step of the random play/undo stress and by the
//! reader's debug checks.

use super::zobrist::{ko_key, stone_key};
use super::{Board, PointSet, MAX_LIBS};

impl Board {
    /// Verify chains, liberty counts and lists, stone lists and the hash
    /// against a from-scratch flood fill. Returns a description of the first
    /// mismatch.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0u64;
        let mut done = PointSet::new();
        for p in self.points() {
            let Some(color) = self.color_at(p) else {
                continue;
            };
            hash ^= stone_key(color, p);
            if done.contains(p) {
                continue;
            }
            // Flood fill the chain of p.
            let mut stones = vec![p];
            let mut seen = PointSet::new();
            seen.insert(p);
            let mut libs = PointSet::new();
            let mut i = 0;
            while i < stones.len() {
                let s = stones[i];
                i += 1;
                for n in s.neighbors() {
                    if self.is_empty(n) {
                        libs.insert(n);
                    } else if self.cell(n).is(color) && seen.insert(n) {
                        stones.push(n);
                    }
                }
            }
            let id = self.chain_id(p);
            let rec = self.chain(p);
            for &s in &stones {
                done.insert(s);
                if self.chain_id(s) != id {
                    return Err(format!("{s:?} and {p:?} in different chain records"));
                }
            }
            if rec.color != color {
                return Err(format!("chain at {p:?}: colour {:?}", rec.color));
            }
            if rec.size as usize != stones.len() {
                return Err(format!(
                    "chain at {p:?}: size {} != {}",
                    rec.size,
                    stones.len()
                ));
            }
            let origin = *stones.iter().min().expect("non-empty");
            if rec.origin != origin {
                return Err(format!(
                    "chain at {p:?}: origin {:?} != {origin:?}",
                    rec.origin
                ));
            }
            if rec.n_libs as usize != libs.len() {
                return Err(format!(
                    "chain at {p:?}: {} libs recorded, {} real",
                    rec.n_libs,
                    libs.len()
                ));
            }
            if libs.len() <= MAX_LIBS {
                let stored = &rec.libs[..libs.len()];
                if stored.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(format!(
                        "chain at {p:?}: liberty list out of order {stored:?}"
                    ));
                }
                let mut unique = PointSet::new();
                for &l in stored {
                    if !libs.contains(l) || !unique.insert(l) {
                        return Err(format!("chain at {p:?}: bad liberty list {stored:?}"));
                    }
                }
            }
            let listed: Vec<_> = self.stones(p).take(stones.len() + 1).collect();
            if listed.len() != stones.len() || listed.iter().any(|&s| !seen.contains(s)) {
                return Err(format!("chain at {p:?}: stone list {listed:?}"));
            }
        }
        let ko = self.ko_point();
        if ko.is_some() {
            if !self.is_empty(ko) {
                return Err(format!("ko point {ko:?} not empty"));
            }
            hash ^= ko_key(ko);
        }
        if hash != self.hash() {
            return Err(format!(
                "hash {:016x} != recomputed {hash:016x}",
                self.hash()
            ));
        }
        Ok(())
    }
}
