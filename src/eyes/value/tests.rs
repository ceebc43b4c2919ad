//! The memoised eye-value search against a slow oracle: a plain minimax
//! over the same local game, written independently (vertex lists and
//! recursion, no bitmasks, no memo), on seeded random small graphs.

use super::*;
use crate::board::SplitMix64;

/// What a vertex holds in the oracle's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    /// An X stone inside the space.
    Dead,
    /// Filled by the owner.
    Filled,
    /// Taken by X from the outside.
    Taken,
}

/// A random graph as the oracle sees it.
struct Plain {
    nbrs: Vec<Vec<usize>>,
    marginal: Vec<bool>,
}

impl Plain {
    fn is_marginal(&self, cells: &[Cell], v: usize) -> bool {
        matches!(cells[v], Cell::Empty | Cell::Dead)
            && (self.marginal[v] || self.nbrs[v].iter().any(|&u| cells[u] == Cell::Taken))
    }

    /// The vertices connected to `v` through vertices satisfying `inside`.
    fn component(&self, cells: &[Cell], v: usize, inside: impl Fn(Cell) -> bool) -> Vec<usize> {
        let mut seen = vec![false; cells.len()];
        let mut stack = vec![v];
        let mut out = Vec::new();
        seen[v] = true;
        while let Some(p) = stack.pop() {
            out.push(p);
            for &u in &self.nbrs[p] {
                if !seen[u] && inside(cells[u]) {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        out
    }

    fn has_liberty(&self, cells: &[Cell], group: &[usize]) -> bool {
        group
            .iter()
            .any(|&p| self.nbrs[p].iter().any(|&u| cells[u] == Cell::Empty))
    }

    fn owner_plays(&self, cells: &[Cell], v: usize) -> Option<Vec<Cell>> {
        if cells[v] != Cell::Empty {
            return None;
        }
        let mut next = cells.to_vec();
        next[v] = Cell::Filled;
        for &u in &self.nbrs[v] {
            if next[u] == Cell::Dead {
                let group = self.component(&next, u, |c| c == Cell::Dead);
                if !self.has_liberty(&next, &group) {
                    for p in group {
                        next[p] = Cell::Empty;
                    }
                }
            }
        }
        Some(next)
    }

    fn attacker_plays(&self, cells: &[Cell], v: usize) -> Option<Vec<Cell>> {
        if cells[v] != Cell::Empty {
            return None;
        }
        let mut next = cells.to_vec();
        if self.is_marginal(cells, v) {
            // Connected out, with every dead group it touches.
            let group = self.component(&next, v, |c| c == Cell::Dead);
            for p in group {
                next[p] = Cell::Taken;
            }
            return Some(next);
        }
        next[v] = Cell::Dead;
        let group = self.component(&next, v, |c| c == Cell::Dead);
        self.has_liberty(&next, &group).then_some(next)
    }

    fn eyes(&self, cells: &[Cell]) -> u8 {
        let remains = |c: Cell| matches!(c, Cell::Empty | Cell::Dead);
        let mut done = vec![false; cells.len()];
        let mut eyes = 0;
        for v in 0..cells.len() {
            if done[v] || !remains(cells[v]) {
                continue;
            }
            let region = self.component(cells, v, remains);
            let closed = region.iter().all(|&p| !self.is_marginal(cells, p));
            for p in region {
                done[p] = true;
            }
            if closed {
                eyes += 1;
            }
        }
        eyes.min(2)
    }

    /// Plain minimax (cut off only when a side reaches its best possible
    /// result). `owed`: +1 when the owner must tenuki once, -1 when
    /// the attacker must.
    fn play(&self, cells: &[Cell], owner_moves: bool, passed: bool, owed: i8) -> u8 {
        let n = cells.len();
        if owner_moves {
            let mut best = if owed == 1 {
                self.play(cells, false, false, 0)
            } else if passed {
                self.eyes(cells)
            } else {
                self.play(cells, false, true, owed)
            };
            for v in 0..n {
                if best == 2 {
                    break;
                }
                if let Some(next) = self.owner_plays(cells, v) {
                    best = best.max(self.play(&next, false, false, owed));
                }
            }
            best
        } else {
            let mut best = if owed == -1 {
                self.play(cells, true, false, 0)
            } else if passed {
                self.eyes(cells)
            } else {
                self.play(cells, true, true, owed)
            };
            for v in 0..n {
                if best == 0 {
                    break;
                }
                if let Some(next) = self.attacker_plays(cells, v) {
                    best = best.min(self.play(&next, true, false, owed));
                }
            }
            best
        }
    }
}

/// A seeded random graph, in both representations.
fn random_graph(rng: &mut SplitMix64, n: usize) -> (EyeGraph, Plain) {
    let mut g = EyeGraph::new(n);
    let mut plain = Plain {
        nbrs: vec![Vec::new(); n],
        marginal: vec![false; n],
    };
    for i in 0..n {
        for j in i + 1..n {
            if rng.below(100) < 40 {
                g.add_edge(i, j);
                plain.nbrs[i].push(j);
                plain.nbrs[j].push(i);
            }
        }
        if rng.below(100) < 30 {
            g.set_marginal(i);
            plain.marginal[i] = true;
        }
    }
    (g, plain)
}

#[test]
fn memoised_search_equals_plain_minimax_on_random_graphs() {
    let mut rng = SplitMix64(0x5eed_e7e5);
    let mut solver = EyeSolver::new();
    let mut shapes = [0usize; 16];
    for round in 0..400 {
        let n = 1 + rng.below(5);
        let (mut g, plain) = random_graph(&mut rng, n);
        let mut cells = vec![Cell::Empty; n];
        // Dead stones on some vertices, each keeping a liberty.
        for (v, cell) in cells.iter_mut().enumerate() {
            if rng.below(100) < 20 && plain.nbrs[v].iter().any(|&u| !g.has_stone(u)) {
                g.set_stone(v);
                *cell = Cell::Dead;
            }
        }
        let sol = solver.solve(&g).expect("small graphs fit the budget");
        let want = EyeValue::new(
            plain.play(&cells, false, false, 1),
            plain.play(&cells, false, false, 0),
            plain.play(&cells, true, false, 0),
            plain.play(&cells, true, false, -1),
        );
        assert_eq!(sol.value, want, "round {round}: {g:?}");
        assert!(want.a <= want.b && want.b <= want.c && want.c <= want.d);
        shapes[(want.b * 4 + want.c) as usize] += 1;
        // The vital moves: exactly the first moves that reach b / c.
        if want.b != want.c {
            let mut attacks: Vec<usize> = (0..n)
                .filter(|&v| {
                    plain
                        .attacker_plays(&cells, v)
                        .is_some_and(|next| plain.play(&next, true, false, 0) == want.b)
                })
                .collect();
            let mut defenses: Vec<usize> = (0..n)
                .filter(|&v| {
                    plain
                        .owner_plays(&cells, v)
                        .is_some_and(|next| plain.play(&next, false, false, 0) == want.c)
                })
                .collect();
            let (mut got_a, mut got_d) = (sol.attacks.clone(), sol.defenses.clone());
            got_a.sort();
            got_d.sort();
            attacks.sort();
            defenses.sort();
            assert_eq!((got_a, got_d), (attacks, defenses), "round {round}: {g:?}");
        } else {
            assert!(sol.attacks.is_empty() && sol.defenses.is_empty());
        }
    }
    // The random graphs reach unsettled values, not only trivial ones.
    let unsettled: usize = (0..3)
        .flat_map(|b| (b + 1..3).map(move |c| b * 4 + c))
        .map(|i| shapes[i])
        .sum();
    assert!(unsettled > 20, "too few unsettled shapes: {shapes:?}");
}

/// A graph from an edge list, with marginal vertices and stones.
fn graph(n: usize, edges: &[(usize, usize)], marginal: &[usize], stones: &[usize]) -> EyeGraph {
    let mut g = EyeGraph::new(n);
    for &(i, j) in edges {
        g.add_edge(i, j);
    }
    for &m in marginal {
        g.set_marginal(m);
    }
    for &s in stones {
        g.set_stone(s);
    }
    g
}

/// Value and best vital points of a graph.
fn check(g: &EyeGraph, value: &str, vital: Option<(usize, usize)>) {
    let sol = EyeSolver::new().solve(g).expect("fits the budget");
    assert_eq!(sol.value.to_string(), value, "{g:?}");
    let got = sol
        .attacks
        .first()
        .zip(sol.defenses.first())
        .map(|(&a, &d)| (a, d));
    assert_eq!(got, vital, "{g:?}");
}

#[test]
fn small_graphs() {
    // One point, two points, closed: one eye.
    check(&graph(1, &[], &[], &[]), "1111", None);
    check(&graph(2, &[(0, 1)], &[], &[]), "1111", None);
    // A lone margin: no eye; a margin and a proper point: a half eye.
    check(&graph(1, &[], &[0], &[]), "0000", None);
    check(&graph(2, &[(0, 1)], &[0], &[]), "0011", Some((0, 0)));
    // Straight three with a margin at the end: one eye (X takes the
    // margin, O fills the next point).
    check(&graph(3, &[(0, 1), (1, 2)], &[0], &[]), "1111", None);
    // Straight four closed: two eyes (two vital points, miai).
    check(&graph(4, &[(0, 1), (1, 2), (2, 3)], &[], &[]), "2222", None);
    // Square four: one eye.
    check(
        &graph(4, &[(0, 1), (1, 3), (3, 2), (2, 0)], &[], &[]),
        "1111",
        None,
    );
    // Pyramid four: the centre is vital.
    check(&graph(4, &[(0, 1), (0, 2), (0, 3)], &[], &[]), "1122", Some((0, 0)));
    // A dead stone at the end of a closed straight three: O captures it
    // by filling the middle.
    check(&graph(3, &[(0, 1), (1, 2)], &[], &[0]), "1122", Some((1, 1)));
    // A dead stone on the margin next to one proper point: no eye (O's
    // capture leaves a margin).
    check(&graph(2, &[(0, 1)], &[0], &[0]), "0000", None);
}

#[test]
fn the_budget_gives_up_cleanly() {
    let mut g = EyeGraph::new(12);
    for i in 0..11 {
        g.add_edge(i, i + 1);
    }
    g.set_marginal(0);
    let mut tight = EyeSolver::with_budget(10);
    assert_eq!(tight.solve(&g), None);
    // The same solver works again with room.
    let mut solver = EyeSolver::new();
    assert!(solver.solve(&g).is_some());
}
