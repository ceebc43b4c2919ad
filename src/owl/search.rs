//! The owl's minimax: the attacker tries to capture the named string or
//! leave the goal without two eyes, the owner tries to reach a position
//! [`Life::is_alive`] accepts.
//!
//! GNU Go counterpart: `do_owl_attack` and `do_owl_defend` of
//! `engine/owl.c`, with `owl_update_goal` (the goal grows by the owner's
//! stones played next to it, with their superstring, as GNU Go adds the
//! move's `find_superstring`; a stone one step away brings its
//! superstring only where the attacker cannot cut between).
//!
//! A node evaluates the position first ([`life::evaluate`]). An alive
//! goal ends the line, except where one judgement is not trusted alone:
//! - at the root of an attack, two eyes by count do not end it (only an
//!   escape does): the attacker probes each candidate, judged after it;
//! - after the owner's first move, two eyes by count end the line only
//!   when the judgement names no vital point for the attacker (no eye
//!   space or half eye left to spoil); otherwise the attacker probes
//!   there too: a first move that counts two eyes in a space still open
//!   to a placement is the owner's likeliest false life;
//! - at the root of a defence, two eyes by count are checked by such a
//!   probing attack; only when it fails within the node budget is the
//!   answer "no move needed" (a probe cut short lets the owner's
//!   candidates be read);
//! - a dead goal ([`Life::is_dead`]) ends the line at attacker nodes
//!   below the root and owner nodes two or more moves below it; at an
//!   owner node only once the owner's best candidate, played and judged,
//!   leaves the goal dead too (`Search::death_confirmed`): the verdict
//!   guesses what two owner moves could do from the eye values, and a
//!   move that joins two spaces or threatens a wall string is beyond it.
//!
//! Otherwise the side to move tries its best candidates ([`moves`],
//! merged with the other side's three best; at the root of a defence the
//! attacker's best point first, [`attackers_point_first`]; at the root
//! of an attack the first candidate that captures the goal or leaves it
//! judged dead, `Search::killing_move_first`) - several near
//! the root, one
//! beyond [`OwlConfig::branch_depth`] - and keeps the best result, stopping
//! at an unconditional success. Moves are played under the tactical
//! reader's komaster scheme ([`komaster_trymove`], as GNU Go's owl does):
//! a ko capture the rule forbids is tried, as if after a ko threat, only
//! while the side has found nothing better than failure, and a success
//! through it is at best `KoB`. Meeting the node budget or the depth
//! limit counts the line as alive and marks the search uncertain (GNU
//! Go's behaviour at its limits).
//!
//! A root move the tree reads as a win is checked once more where the
//! dragon is enclosed after it: if the exact solver proves the other
//! side wins from there, the move fails (`Search::refuted_exactly`).
//! Where an attacker's root move leaves the dragon open instead, the
//! owner reads afresh from there by the rules of a defence's root, and a
//! save he finds without ko makes the move fail (`Search::saved_afresh`):
//! in the tree that line is read a level deeper, narrower, with the eye
//! count trusted, and in open game positions that is where the owl's
//! false kills come from. Past its width that fresh defence also takes
//! any candidate after which the dragon escapes, by the escape walk
//! alone or by the room its target's strings have (`room_of_target`;
//! `Search::escape_past_width`): moves on the way out rank low.
//! A save at a defence's root is also read after by a fresh attack
//! where a string at or beside the dragon is short of liberties, and a
//! ko that attack ends in makes the save that ko
//! (`Search::ko_after_save`; `--no-owl-ko-check` leaves it out).

use crate::board::{marked_points, Board, Color, Point, PointList, BOARD_ARRAY};
use crate::owl::life::{self, Life};
use crate::owl::{
    moves, ordering, Entry, NodeKey, OwlConfig, OwlReader, Turn, AFRESH_EXTRA_BUDGET,
    EXACT_CHECK_EMPTY,
};
use crate::reading::ko::{komaster_trymove, KoState};
use crate::reading::libs::is_edge;
use crate::reading::superstring::{LinkTest, Superstring};
use crate::reading::{ReadResult, Reader};
use crate::solve::{self, NotEnclosed, Region};

/// Log target of the lines the static judgement ends (debug level; see
/// `Search::log_leaf`).
pub const LEAF_LOG: &str = "tesuji::owl::leaf";

/// The attacker's candidates tried at each depth below the branch depth
/// (deeper: one). The attacker looks wider than the owner: at the root
/// the question is whether any move kills, and a wide owner finds lives
/// in lines the evaluation misjudges.
const ATTACKER_WIDTH: [usize; 4] = [8, 6, 5, 4];

/// Past the fresh defence's width (`Search::escape_past_width`), a move
/// after which the target's part of the goal has this many roomy
/// liberties ([`room_of_target`]) counts as an escape. Fitted on the
/// held-out fitting half (4, 5, 6 with lines 1-3 tried); 5 on the second
/// line and above was best there without losing a suite test.
const ROOM_LIBERTIES: usize = 5;

/// The owner's candidates tried at each depth below the branch depth.
const DEFENDER_WIDTH: [usize; 4] = [4, 3, 3, 2];

/// The owner's candidates tried at the root (before the attacker's point
/// that [`attackers_point_first`] may add).
pub const OWNER_ROOT_WIDTH: usize = DEFENDER_WIDTH[0];

/// A root candidate as `owl_ordering` prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedCandidate {
    /// The move.
    pub point: Point,
    /// Its value from [`moves`].
    pub value: i32,
    /// Its score in the configured order (the value under
    /// [`ordering::MoveOrdering::Rules`]).
    pub score: i32,
    /// Its features ([`ordering::FEATURE_NAMES`]).
    pub features: ordering::Features,
}

/// One owl question in progress.
pub struct Search<'a> {
    owl: &'a mut OwlReader,
    reader: &'a mut Reader,
    config: OwlConfig,
    /// The owner of the dragon.
    color: Color,
    /// The stone whose capture kills the dragon.
    target: Point,
    /// The goal at the root: the dragon's stones.
    root_goal: Vec<bool>,
    /// Positions evaluated so far.
    pub nodes: u64,
    /// A limit was met.
    pub limit_hit: bool,
    /// The caller already knows the attack at the root succeeds (the
    /// defence root's check would read it again).
    pub root_attack_succeeds: bool,
    /// A fresh defence of an open dragon is being read
    /// (`Search::saved_afresh`): no such check inside it.
    checking_afresh: bool,
    /// Where the read of an extra candidate of the fresh defence stops
    /// ([`OwlConfig::afresh_width`]): a node count below the question's
    /// budget, `u64::MAX` outside such a read.
    extra_budget_end: u64,
    /// The next node read skips the table (the second fresh defence of
    /// `Search::saved_afresh` reads the same root in another order).
    bypass_table_once: bool,
}

impl<'a> Search<'a> {
    /// A question about the dragon with `stones`, owned by `color`.
    pub fn new(
        owl: &'a mut OwlReader,
        reader: &'a mut Reader,
        color: Color,
        target: Point,
        stones: &[Point],
        board: &Board,
    ) -> Search<'a> {
        let mut root_goal = vec![false; BOARD_ARRAY];
        for &p in stones {
            if board.cell(p).is(color) {
                root_goal[p.idx()] = true;
            }
        }
        for p in board.stones(target) {
            root_goal[p.idx()] = true;
        }
        let config = owl.config;
        Search {
            owl,
            reader,
            config,
            color,
            target,
            root_goal,
            nodes: 0,
            limit_hit: false,
            root_attack_succeeds: false,
            checking_afresh: false,
            extra_budget_end: u64::MAX,
            bypass_table_once: false,
        }
    }

    /// Can the attacker, moving first, kill the dragon?
    pub fn attack_root(&mut self, board: &mut Board) -> (ReadResult, Option<Point>) {
        let goal = self.root_goal.clone();
        self.node(board, &goal, 0, KoState::EMPTY, Turn::Attacker)
    }

    /// The root's candidates for the attacker (`attacker` true) or the
    /// owner, best first, as the search would order them.
    pub fn root_candidates(&mut self, board: &mut Board, attacker: bool) -> Vec<Point> {
        let goal = self.root_goal.clone();
        let goal_hash = self.goal_hash(board, &goal);
        let life = self.evaluate(board, &goal, goal_hash);
        let turn = if attacker {
            Turn::Attacker
        } else {
            Turn::Defender
        };
        self.candidates(board, &goal, &life, turn)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// The root's candidates for the attacker (`attacker` true) or the
    /// owner in the search's order, with their values, scores and
    /// features (`owl_ordering`).
    pub fn root_candidate_features(
        &mut self,
        board: &mut Board,
        attacker: bool,
    ) -> Vec<RankedCandidate> {
        let goal = self.root_goal.clone();
        let goal_hash = self.goal_hash(board, &goal);
        let life = self.evaluate(board, &goal, goal_hash);
        let merged = self.merged_candidates(board, &goal, &life, attacker);
        let values = merged.clone();
        self.reorder(board, &goal, &life, attacker, merged)
            .into_iter()
            .map(|(point, score)| RankedCandidate {
                point,
                value: values
                    .iter()
                    .find(|&&(q, _)| q == point)
                    .map_or(0, |&(_, v)| v),
                score,
                features: ordering::features(board, &goal, self.color, &life, attacker, point),
            })
            .collect()
    }

    /// Can the owner, moving first, save it?
    pub fn defend_root(&mut self, board: &mut Board) -> (ReadResult, Option<Point>) {
        let goal = self.root_goal.clone();
        self.node(board, &goal, 0, KoState::EMPTY, Turn::Defender)
    }

    /// After the attacker's move `m`, is the dragon dead?
    pub fn after_attacker_move(&mut self, board: &mut Board, m: Point) -> ReadResult {
        let goal = self.root_goal.clone();
        if !board.is_empty(m) || !board.trymove(m, self.color.opponent()) {
            return ReadResult::Fail;
        }
        let res = if self.captured(board) {
            ReadResult::Win
        } else {
            self.node(board, &goal, 1, KoState::EMPTY, Turn::Defender)
                .0
                .reverse()
        };
        board.popgo();
        res
    }

    /// After the owner's move `m`, does the dragon live?
    pub fn after_defender_move(&mut self, board: &mut Board, m: Point) -> ReadResult {
        if !board.is_empty(m) || !board.trymove(m, self.color) {
            return ReadResult::Fail;
        }
        let root_goal = self.root_goal.clone();
        let goal = self.grown_goal(board, &root_goal, m);
        let res = self
            .node(board, &goal, 1, KoState::EMPTY, Turn::Attacker)
            .0
            .reverse();
        board.popgo();
        res
    }

    fn captured(&self, board: &Board) -> bool {
        !board.cell(self.target).is(self.color)
    }

    /// The goal after the owner played `m`: the superstring of `m`'s
    /// string (the strings its links hold together, [`Superstring`]) joins
    /// it when it touches the goal, or when `m` stands one step away from
    /// a goal stone (a one-point jump or a diagonal) and the attacker
    /// cannot cut there ([`Search::linked_across`]). A move that links the
    /// goal to other own stones thus brings them in, as a fresh question
    /// after the move would see the dragon. A move one step away that the
    /// attacker can cut off joins alone: the own stones it reaches are
    /// not the dragon's yet (a jump from a dead group onto a living one
    /// read that group's life as the dead group's).
    fn grown_goal(&mut self, board: &mut Board, goal: &[bool], m: Point) -> Vec<bool> {
        let mut out = goal.to_vec();
        let linked = Superstring::find(board, m, 0, false, LinkTest::SelfAtari);
        let joined = linked
            .chains
            .iter()
            .any(|&c| board.stones(c).any(|p| goal[p.idx()]));
        let near = joined
            || board
                .points()
                .any(|q| goal[q.idx()] && board.cell(q).is(self.color) && q.distance(m) <= 2);
        if !near {
            return out;
        }
        if joined || self.linked_across(board, goal, m) {
            for &c in &linked.chains {
                for p in board.stones(c) {
                    out[p.idx()] = true;
                }
            }
        } else {
            out[m.idx()] = true;
        }
        out
    }

    /// Is the owner's stone at `m` linked to a goal stone two steps away
    /// (a one-point jump or a diagonal) so that the attacker cannot cut
    /// it off: a point between is the owner's, both points of a diagonal
    /// are open (miai), or the attacker's stone on the one open point
    /// between would not stand ([`Search::cut_stands`])?
    fn linked_across(&mut self, board: &mut Board, goal: &[bool], m: Point) -> bool {
        const STEPS: [(isize, isize); 8] = [
            (-2, 0),
            (2, 0),
            (0, -2),
            (0, 2),
            (-1, -1),
            (-1, 1),
            (1, -1),
            (1, 1),
        ];
        let at = |board: &Board, dr: isize, dc: isize| {
            let r = m.row().checked_add_signed(dr)?;
            let c = m.col().checked_add_signed(dc)?;
            board.point(r, c)
        };
        for (dr, dc) in STEPS {
            let Some(q) = at(board, dr, dc) else {
                continue;
            };
            if !(goal[q.idx()] && board.cell(q).is(self.color)) {
                continue;
            }
            // The points between `m` and `q`: the middle of a jump, the
            // two shared neighbours of a diagonal (on the board, since
            // both ends are).
            let between = if dr == 0 || dc == 0 {
                [at(board, dr / 2, dc / 2), None]
            } else {
                [at(board, dr, 0), at(board, 0, dc)]
            };
            if between
                .iter()
                .flatten()
                .any(|&x| board.cell(x).is(self.color))
            {
                return true;
            }
            let mut open = PointList::new();
            for &x in between.iter().flatten() {
                if board.is_empty(x) {
                    open.push(x);
                }
            }
            match open.as_slice() {
                [_, _] => return true,
                [x] if !self.cut_stands(board, *x) => return true,
                _ => {}
            }
        }
        false
    }

    /// Would an attacker's stone on the empty point `x` stand: legal, with
    /// three liberties or more, and the tactical reader cannot capture it?
    /// A cutting stone of two liberties is one the owner ataris with
    /// tempo; counting such cuts as standing lost 13x13.tst 86, where the
    /// owner's jump lives though the reader cannot capture the cutter.
    fn cut_stands(&mut self, board: &mut Board, x: Point) -> bool {
        if !board.trymove(x, self.color.opponent()) {
            return false;
        }
        let stands = board.countlib(x) >= 3 && self.reader.attack(board, x).0 != ReadResult::Win;
        board.popgo();
        stands
    }

    fn width(&self, depth: usize, turn: Turn) -> usize {
        let table = match turn {
            Turn::Attacker => &ATTACKER_WIDTH,
            Turn::Defender => &DEFENDER_WIDTH,
        };
        if depth >= self.config.branch_depth {
            1
        } else {
            table[depth.min(table.len() - 1)]
        }
    }

    fn goal_hash(&self, board: &Board, goal: &[bool]) -> u64 {
        let mut h = 0u64;
        for p in marked_points(goal) {
            if board.cell(p).is(self.color) {
                h ^= point_key(p);
            }
        }
        h ^ point_key(self.target).rotate_left(17)
    }

    /// Count a node; false when the budget (or an extra candidate's
    /// share of it) is spent.
    fn enter(&mut self) -> bool {
        if self.nodes >= self.config.node_limit.min(self.extra_budget_end) {
            self.limit_hit = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    fn lookup(&self, key: NodeKey, depth: usize) -> Option<(ReadResult, Option<Point>)> {
        self.owl
            .table
            .get(&key)
            .filter(|e| e.depth <= depth)
            .map(|e| (e.result, e.mv))
    }

    fn store(&mut self, key: NodeKey, depth: usize, result: (ReadResult, Option<Point>)) {
        if !self.limit_hit {
            self.owl.table.insert(
                key,
                Entry {
                    result: result.0,
                    mv: result.1,
                    depth,
                },
            );
        }
    }

    /// The judgement of the position for the goal, remembered (the same
    /// position and goal recur: transpositions, the defence root's check
    /// of the attack, the attack and the defence of one dragon). See
    /// [`crate::owl::JudgementMemo`] for when a remembered one serves.
    fn evaluate(&mut self, board: &mut Board, goal: &[bool], goal_hash: u64) -> Life {
        let key = (board.hash(), goal_hash);
        let (solver, color) = (&mut self.owl.solver, self.color);
        self.owl
            .judged
            .get_or_judge(key, board, self.reader, |board, reader| {
                life::evaluate(board, reader, solver, goal, color)
            })
    }

    /// A node with `turn` to move (the attacker: can he kill? the owner:
    /// can he live?): the table's answer if it has one, the
    /// answer at the node budget, the judgement's verdict where it decides
    /// the node, or else the best of the candidates read below it.
    fn node(
        &mut self,
        board: &mut Board,
        goal: &[bool],
        depth: usize,
        ko: KoState,
        turn: Turn,
    ) -> (ReadResult, Option<Point>) {
        let goal_hash = self.goal_hash(board, goal);
        let key = (board.hash(), goal_hash ^ ko.key(), turn);
        if !std::mem::take(&mut self.bypass_table_once) {
            if let Some(hit) = self.lookup(key, depth) {
                return hit;
            }
        }
        if !self.enter() {
            return (turn.result(true), None);
        }
        let life = self.evaluate(board, goal, goal_hash);
        // Whether the root's probing attack (below) met the budget.
        let mut probe_cut = false;
        // Where the judgement alone decides the node: whether the dragon
        // lives or dies.
        let (lives, dies) = match turn {
            // At the root the eye count alone does not end the attack: the
            // attacker gets one probe of each candidate, judged after it.
            // After the owner's first move the same, while the judgement
            // names vital points for the attacker (an eye space or half
            // eye still to spoil). Deeper, the count is trusted, except
            // while a string of the goal can be captured: the attacker,
            // to move, takes it first, and the count of the eyes it
            // borders is no longer the dragon's (such alive leaves were
            // wrong in 6 of the 9 sampled by `scripts/owl-leaf-check.py`,
            // against 16 of 350 without).
            Turn::Attacker => {
                let count_trusted = match depth {
                    0 => false,
                    1 => life.attacks.is_empty(),
                    _ => true,
                } && !life.has_capturable_goal_string();
                (
                    life.is_alive() && (life.escape || count_trusted),
                    depth > 0 && life.is_dead(),
                )
            }
            // At the root an eye count of two is checked: the attacker
            // moves first, probing; only if he fails within the budget is
            // no move needed. A probe cut short by the budget settles
            // nothing: the owner's candidates are read (the budget spent,
            // the first stands, as GNU Go answers at its limit), and only
            // if none is left does the count answer, with a pass
            // (ld_owl.tst 180 answered `1 PASS uncertain` where the
            // dragon needs a move).
            Turn::Defender => {
                let lives = life.is_alive()
                    && (depth > 0 || life.escape || {
                        let probe_fails = !self.root_attack_succeeds
                            && self.node(board, goal, 0, ko, Turn::Attacker).0 == ReadResult::Fail;
                        probe_cut = probe_fails && self.limit_hit;
                        probe_fails && !probe_cut
                    });
                let dies = depth > 1 && life.is_dead() && self.death_confirmed(board, goal, &life);
                (lives, dies)
            }
        };
        if (lives || dies) && log::log_enabled!(target: LEAF_LOG, log::Level::Debug) {
            self.log_leaf(board, goal, &life, turn, depth, lives);
        }
        if lives || dies {
            let result = turn.result(lives);
            self.store(key, depth, (result, None));
            return (result, None);
        }
        if depth >= self.config.reading_depth {
            self.limit_hit = true;
            return (turn.result(true), None);
        }
        let mut best = self.try_candidates(board, goal, &life, depth, ko, turn);
        if probe_cut && best.0 != ReadResult::Win {
            best = (ReadResult::Win, None);
        }
        self.store(key, depth, best);
        best
    }

    /// After a root move just played by the side of `turn`, does the
    /// exact solver prove that the other side, moving first, wins even
    /// if the mover wins every ko? Then the move the tree read as a win
    /// is refuted. Asked only where the dragon is enclosed in a region of
    /// at most [`EXACT_CHECK_EMPTY`] empty points, with
    /// [`OwlConfig::exact_check_budget`] positions. The walls are attacker
    /// strings with a liberty away from the dragon that the tactical
    /// reader cannot capture (the semeai reader's walls; no owl judgement
    /// of their dragons). After an attacker's move the walls' gaps may be
    /// closed (held by the attacker, which only makes a proved life
    /// surer); after the owner's only a strict region counts, since the
    /// held points favour the attacker. The search starts from df-pn+'s
    /// initial numbers ([`crate::solve::verdict`]): only its verdict
    /// counts. The tree's own lines end in static judgements, and a
    /// killing move they accept can leave a dragon the solver proves
    /// alive (ld_owl.tst 24: after the tree's B1 the owner lives at F1).
    fn refuted_exactly(&mut self, board: &mut Board, turn: Turn) -> bool {
        let budget = self.config.exact_check_budget;
        if budget == 0 {
            return false;
        }
        let defender = self.color;
        let reader = &mut *self.reader;
        let mut wall = |board: &mut Board, p: Point| {
            let outside = board.lib_list(p).into_iter().any(|l| {
                l.neighbors()
                    .iter()
                    .all(|&n| board.color_at(n) != Some(defender))
            });
            outside && reader.attack(board, p).0 == ReadResult::Fail
        };
        let found = match Region::find(board, self.target, &mut wall) {
            Err(NotEnclosed::TooLarge(_)) if turn == Turn::Attacker => {
                Region::find_closing_gaps(board, self.target, &mut wall)
            }
            found => found,
        };
        let Ok(region) = found else {
            return false;
        };
        if region.empty_points(board) > EXACT_CHECK_EMPTY {
            return false;
        }
        let Some(closed) = region.close(board) else {
            return false;
        };
        let mover = match turn {
            Turn::Attacker => defender.opponent(),
            Turn::Defender => defender,
        };
        let other = mover.opponent();
        let (winner, _) = solve::verdict(board, &closed, other, mover, budget);
        region.reopen(board);
        winner == Some(other)
    }

    /// After an attacker's root move the tree reads as a kill, where the
    /// dragon is still open (no enclosed region even with every attacker
    /// string counted as a wall and the walls' gaps closed): can the
    /// owner save it without ko, reading afresh from there by the rules
    /// of a defence's root? The tree's line after the move reads the
    /// owner one level deeper, narrower and with the count trusted, and
    /// in open positions that is where its false kills come from. The
    /// fresh read spends the question's node budget and shares its
    /// table; a save through ko leaves the kill standing.
    ///
    /// Where the read in the tree's order finds no save, a second one
    /// orders the candidates by the learned order of [`ordering`] (fitted
    /// to rank the saves GNU Go finds on held-out game positions), and a
    /// save either finds counts. The learned order alone misses saves the
    /// values' order finds (the black wall of `engine::genmove`'s
    /// break-in test was then called critical); as a second read it only
    /// adds saves: HISTORY, owl.tst, 2026-12-01 (ninth session).
    fn saved_afresh(&mut self, board: &mut Board, goal: &[bool], ko: KoState) -> bool {
        if self.checking_afresh {
            return false;
        }
        let open = matches!(
            Region::find_closing_gaps(board, self.target, &mut |_, _| true),
            Err(NotEnclosed::TooLarge(_))
        );
        if !open {
            return false;
        }
        self.checking_afresh = true;
        let mut saved = self.node(board, goal, 0, ko, Turn::Defender).0 == ReadResult::Win;
        let tree_order = self.config.ordering;
        if !saved && tree_order != ordering::MoveOrdering::Learned {
            self.config.ordering = ordering::MoveOrdering::Learned;
            self.bypass_table_once = true;
            saved = self.node(board, goal, 0, ko, Turn::Defender).0 == ReadResult::Win;
            self.config.ordering = tree_order;
        }
        self.checking_afresh = false;
        saved
    }

    /// After the owner's move `m` (on the board), does a fresh attack
    /// by the rules of an attack's root fail within the budget? A save
    /// the fresh defence finds past its width stands only then: the
    /// tree's line after such a move is narrow and trusts the eye
    /// count, and most saves it finds there are false.
    fn fresh_attack_fails(
        &mut self,
        board: &mut Board,
        goal: &[bool],
        m: Point,
        ko: KoState,
    ) -> bool {
        let grown = self.grown_goal(board, goal, m);
        self.node(board, &grown, 0, ko, Turn::Attacker).0 == ReadResult::Fail && !self.limit_hit
    }

    /// After the owner's move `m` (on the board), read at a defence's
    /// root as a save: does a fresh attack by the rules of an attack's
    /// root end in a ko? Then the save is that ko, from the owner's side
    /// (`Some` of the reversed result). Asked only where a string of the
    /// goal, or an enemy string touching it, has at most two liberties
    /// ([`short_of_liberties`]): a ko needs one. A fresh attack that
    /// wins, fails or meets the budget leaves the save as it is (a save
    /// refuted outright is the tree's to find: taking fresh refutations
    /// lost the 3-3 invasions of ld_owl.tst, HISTORY). The tree's line
    /// after the save ends where the eye count is trusted, one move
    /// down, and misses a ko the attacker makes from there (ld_owl.tst
    /// 166: after B18 a fresh attack finds E19's ko, as GNU Go does).
    /// On by default ([`crate::owl::OwlConfig::ko_check`]).
    fn ko_after_save(
        &mut self,
        board: &mut Board,
        goal: &[bool],
        m: Point,
        ko: KoState,
    ) -> Option<ReadResult> {
        let grown = self.grown_goal(board, goal, m);
        if !short_of_liberties(board, &grown, self.color) {
            return None;
        }
        let limit_before = self.limit_hit;
        self.limit_hit = false;
        let fresh = self.node(board, &grown, 0, ko, Turn::Attacker).0;
        let cut = self.limit_hit;
        self.limit_hit = limit_before || cut;
        (!cut && matches!(fresh, ReadResult::KoA | ReadResult::KoB)).then(|| fresh.reverse())
    }

    /// Is the goal still dead (by [`Life::is_dead`]) after the owner's best
    /// legal candidate, played and judged? A static death at an owner node
    /// ends the line only then. Measured against trusting the verdict
    /// alone: owl.tst +4, ld_owl.tst -1, all suites 2642 -> 2646/4598 at
    /// +6% reading nodes on owl.tst (the best two candidates: 2647 at +9%).
    fn death_confirmed(&mut self, board: &mut Board, goal: &[bool], life: &Life) -> bool {
        let candidates = self.candidates(board, goal, life, Turn::Defender);
        for (m, _) in candidates {
            if !board.trymove(m, self.color) {
                continue;
            }
            let grown = self.grown_goal(board, goal, m);
            let grown_hash = self.goal_hash(board, &grown);
            let after = self.evaluate(board, &grown, grown_hash);
            board.popgo();
            return after.is_dead();
        }
        true
    }

    /// `candidates` (the attacker's at the root) with the first one
    /// among the `width` best after which the goal is captured or
    /// [`Life::is_dead`] holds moved to the front; the rest keep their
    /// order. The search stops at the first kill it reads, so of several
    /// killing moves this decides the answer: the one whose position
    /// already looks dead is more often the proper kill than the one the
    /// values rank first (a move on the edge, one that only works as a
    /// ko). On the four owl suites owl.tst 14 and 164 and ld_owl.tst 160
    /// and 327 were gained, owl.tst 106 and ld_owl.tst 22 lost (GNU Go's
    /// `owl_does_attack` accepts the new moves too); over all suites
    /// heikki.tst 11 was lost as well, where the promoted K19 is a false
    /// kill. The positions judged are those the tree judges anyway when it
    /// reads the candidates (the judgement is remembered), so the cost is
    /// only where an earlier candidate kills: +3% reading nodes on
    /// ld_owl.tst, +1% on owl.tst. Judging every candidate of the width
    /// and sorting all the dead ones first gains ld_owl.tst 180 as well
    /// at +15% on ld_owl.tst; the same at the owner's root (alive ones
    /// first) loses 6 tests. Measured: regression/HISTORY.md, owl.tst,
    /// 2026-12-01 (ninth session).
    fn killing_move_first(
        &mut self,
        board: &mut Board,
        goal: &[bool],
        mut candidates: Vec<(Point, i32)>,
        width: usize,
    ) -> Vec<(Point, i32)> {
        let attacker = self.color.opponent();
        let mut kills = |board: &mut Board, m: Point| {
            if !board.trymove(m, attacker) {
                return false;
            }
            let dead = self.captured(board) || {
                let goal_hash = self.goal_hash(board, goal);
                self.evaluate(board, goal, goal_hash).is_dead()
            };
            board.popgo();
            dead
        };
        let first = candidates
            .iter()
            .take(width)
            .position(|&(m, _)| kills(board, m));
        if let Some(i) = first {
            let killing = candidates.remove(i);
            candidates.insert(0, killing);
        }
        candidates
    }

    /// The candidates of the side to move, merged with the other side's
    /// best, best first.
    fn candidates(
        &self,
        board: &Board,
        goal: &[bool],
        life: &Life,
        turn: Turn,
    ) -> Vec<(Point, i32)> {
        let attacker = turn == Turn::Attacker;
        let merged = self.merged_candidates(board, goal, life, attacker);
        self.reorder(board, goal, life, attacker, merged)
    }

    /// The side's candidates (the attacker's when `attacker`) merged with
    /// the other side's best ([`moves::with_borrowed`]), in the order of
    /// their values.
    fn merged_candidates(
        &self,
        board: &Board,
        goal: &[bool],
        life: &Life,
        attacker: bool,
    ) -> Vec<(Point, i32)> {
        let attacks = moves::attack_moves(board, goal, self.color, life);
        let defenses = moves::defense_moves(board, goal, self.color, life);
        if attacker {
            moves::with_borrowed(board, attacks, &defenses, self.color.opponent())
        } else {
            moves::with_borrowed(board, defenses, &attacks, self.color)
        }
    }

    /// The candidates in the configured order ([`ordering::reorder`]).
    fn reorder(
        &self,
        board: &Board,
        goal: &[bool],
        life: &Life,
        attacker: bool,
        list: Vec<(Point, i32)>,
    ) -> Vec<(Point, i32)> {
        let ordering = self.config.ordering;
        ordering::reorder(ordering, board, goal, self.color, life, attacker, list)
    }

    /// The owner's candidates at the root of a defence: his own ranking
    /// with the attacker's best point first ([`attackers_point_first`]),
    /// and how many moves beyond the root's width that adds.
    fn root_defence_candidates(
        &self,
        board: &Board,
        goal: &[bool],
        life: &Life,
    ) -> (Vec<(Point, i32)>, usize) {
        let attacks = moves::attack_moves(board, goal, self.color, life);
        let defenses = moves::defense_moves(board, goal, self.color, life);
        let theirs = moves::with_borrowed(board, attacks.clone(), &defenses, self.color.opponent());
        let attackers_best = self
            .reorder(board, goal, life, true, theirs)
            .first()
            .map(|&(p, _)| p);
        let own = moves::with_borrowed(board, defenses, &attacks, self.color);
        let own = self.reorder(board, goal, life, false, own);
        attackers_point_first(own, attackers_best, OWNER_ROOT_WIDTH)
    }

    /// The side to move tries its best candidates (up to its width at
    /// this depth) and keeps the best result, stopping at an
    /// unconditional success.
    fn try_candidates(
        &mut self,
        board: &mut Board,
        goal: &[bool],
        life: &Life,
        depth: usize,
        ko: KoState,
        turn: Turn,
    ) -> (ReadResult, Option<Point>) {
        let (candidates, extra_width) = if depth == 0 && turn == Turn::Defender {
            self.root_defence_candidates(board, goal, life)
        } else {
            (self.candidates(board, goal, life, turn), 0)
        };
        let width = self.width(depth, turn) + extra_width;
        let candidates = if depth == 0 && turn == Turn::Attacker && !self.checking_afresh {
            self.killing_move_first(board, goal, candidates, width)
        } else {
            candidates
        };
        // The fresh defence behind a root kill (`saved_afresh`) reads
        // further candidates, each within its own small budget.
        let afresh = if depth == 0 && turn == Turn::Defender && self.checking_afresh {
            self.config.afresh_width
        } else {
            0
        };
        log::trace!("owl {turn:?} depth {depth}: {candidates:?}");
        let mover = match turn {
            Turn::Attacker => self.color.opponent(),
            Turn::Defender => self.color,
        };
        let scheme = self.reader.config.komaster_scheme;
        let mut best = (ReadResult::Fail, None);
        let mut tried = 0;
        // How many of `candidates` the loop took up (read, or skipped as
        // illegal): the rest are past the width.
        let mut taken = 0;
        for &(m, _) in &candidates {
            if tried >= width + afresh {
                break;
            }
            taken += 1;
            // Conditional ko captures (after a ko threat) only while
            // nothing better than failure has been found (GNU Go).
            let consider_conditional = best.0 == ReadResult::Fail;
            let Some(ko_move) = komaster_trymove(scheme, board, ko, m, mover, consider_conditional)
            else {
                continue;
            };
            let ko_take = ko_move.conditional;
            let child_ko = ko_move.state;
            tried += 1;
            let extra = tried > width;
            let limit_hit_before = self.limit_hit;
            if extra {
                self.limit_hit = false;
                self.extra_budget_end = self.nodes + AFRESH_EXTRA_BUDGET;
            }
            let mut r = match turn {
                Turn::Attacker if self.captured(board) => ReadResult::Win,
                Turn::Attacker => self
                    .node(board, goal, depth + 1, child_ko, Turn::Defender)
                    .0
                    .reverse(),
                Turn::Defender => {
                    let grown = self.grown_goal(board, goal, m);
                    self.node(board, &grown, depth + 1, child_ko, Turn::Attacker)
                        .0
                        .reverse()
                }
            };
            if ko_take {
                r = r.min(ReadResult::KoB);
            }
            if extra {
                let saved = r == ReadResult::Win
                    && !self.limit_hit
                    && self.fresh_attack_fails(board, goal, m, child_ko);
                r = if saved {
                    ReadResult::Win
                } else {
                    ReadResult::Fail
                };
                self.extra_budget_end = u64::MAX;
                self.limit_hit = limit_hit_before || self.nodes >= self.config.node_limit;
            }
            if depth == 0
                && turn == Turn::Defender
                && r == ReadResult::Win
                && self.config.ko_check
                && !self.checking_afresh
            {
                if let Some(ko) = self.ko_after_save(board, goal, m, child_ko) {
                    r = ko;
                }
            }
            // A root move read as a win that the solver refutes fails.
            if depth == 0
                && r == ReadResult::Win
                && !self.captured(board)
                && self.refuted_exactly(board, turn)
            {
                r = ReadResult::Fail;
            }
            if depth == 0
                && turn == Turn::Attacker
                && r == ReadResult::Win
                && !self.captured(board)
                && self.saved_afresh(board, goal, child_ko)
            {
                r = ReadResult::Fail;
            }
            self.record(board, turn, r, m);
            board.popgo();
            log::trace!("owl {turn:?} depth {depth}: {m:?} (ko take {ko_take}) gives {r:?}");
            if r > best.0 {
                best = (r, Some(m));
                if r == ReadResult::Win {
                    break;
                }
            }
        }
        if depth == 0 && turn == Turn::Defender && self.checking_afresh && best.0 != ReadResult::Win
        {
            if let Some(m) = self.escape_past_width(board, goal, &candidates[taken..], ko) {
                best = (ReadResult::Win, Some(m));
            }
        }
        best
    }

    /// The first of `rest`, the owner's candidates past the width of the
    /// fresh defence behind a root kill (`Search::saved_afresh`), after
    /// which the goal, grown by the move, escapes ([`life::escapes`]: the
    /// judgement's escape walk alone) or has [`ROOM_LIBERTIES`] roomy
    /// liberties held to the target ([`room_of_target`]). Such a move saves as the tree
    /// would judge it: at an attack's root an escape ends the line. No
    /// ko captures; no position is evaluated, so no owl node is spent.
    ///
    /// Found from the fresh defence's extra candidates
    /// ([`OwlConfig::afresh_width`]) on held-out game positions: of 4771
    /// extras read at `--owl-afresh-width 8`, 199 saved, four in five of
    /// them within two positions, that is where the move escapes. The
    /// owner ranks moves on the way out low (a move toward open space
    /// defends no eye), so they wait past the width. Checking every
    /// candidate past it this way: held-out checking half 2304 -> 2341/2692
    /// at +0.02% reading nodes on ld_owl.tst, against 2338 at +15% for the
    /// extras read in full; the four owl suites 492 -> 493. Also at the
    /// question's own defence root 491 (owl.tst 207 and trevor.tst 1100,
    /// expected failures the suites passed, fail again: false escapes),
    /// at every owner node 485: there the move is the owner's last word,
    /// with no fresh attack behind it, and the walk alone is too hopeful.
    /// regression/HISTORY.md, owl.tst, 2026-12-01 (tenth session).
    fn escape_past_width(
        &mut self,
        board: &mut Board,
        goal: &[bool],
        rest: &[(Point, i32)],
        ko: KoState,
    ) -> Option<Point> {
        let scheme = self.reader.config.komaster_scheme;
        for &(m, _) in rest {
            // Without conditional ko captures: a legal move under the rule.
            if komaster_trymove(scheme, board, ko, m, self.color, false).is_none() {
                continue;
            }
            let grown = self.grown_goal(board, goal, m);
            let free = life::escapes(board, &grown, self.color)
                || room_of_target(board, &grown, self.color, self.target) >= ROOM_LIBERTIES;
            if free {
                self.record(board, Turn::Defender, ReadResult::Win, m);
            }
            board.popgo();
            if free {
                return Some(m);
            }
        }
        None
    }

    /// One line of [`LEAF_LOG`]: a line the static judgement ended, with
    /// the moves from the game position (every hypothetical move on the
    /// board's stack, also those of the question's caller), the target,
    /// the node's depth, the verdict and what the judgement saw; points
    /// as `row,col` from the top left. `scripts/owl-leaf-check.py`
    /// replays these and asks GNU Go.
    fn log_leaf(
        &self,
        board: &Board,
        goal: &[bool],
        life: &Life,
        turn: Turn,
        depth: usize,
        lives: bool,
    ) {
        let at = |p: Point| format!("{},{}", p.row(), p.col());
        let moves: Vec<String> = board
            .move_stack()
            .map(|(m, c)| {
                let side = if c == Color::Black { 'B' } else { 'W' };
                format!("{side}{}", at(m))
            })
            .collect();
        let goal_stones = board
            .points()
            .filter(|&q| goal[q.idx()] && board.cell(q).is(self.color))
            .count();
        log::debug!(
            target: LEAF_LOG,
            "{} {turn:?} size={} target={} depth={depth} escape={} eyes={}-{} threat={} points={} largest={} margins={} lunches={} weak={} goal={} moves={}",
            if lives { "alive" } else { "dead" },
            board.size(),
            at(self.target),
            u8::from(life.escape),
            life.min_eyes,
            life.max_eyes,
            life.max_threat,
            life.eye_points.len(),
            life.eyes.iter().map(Vec::len).max().unwrap_or(0),
            life.margins.len(),
            life.lunches.len(),
            life.weak.len(),
            goal_stones,
            moves.join(" ")
        );
    }

    /// `decide_owl`'s recording, if one runs: the move `m` just tried by
    /// the side of `turn`, with what it achieved for that side.
    fn record(&mut self, board: &Board, turn: Turn, r: ReadResult, m: Point) {
        if let Some(t) = self.owl.tracer.as_mut() {
            let what = match turn {
                Turn::Attacker => "owl attack",
                Turn::Defender => "owl defend",
            };
            t.record(board, what, self.target, r, Some(m));
        }
    }
}

/// Does a string of `goal` (stones of `color`), or an enemy string
/// touching one, have at most two liberties?
fn short_of_liberties(board: &Board, goal: &[bool], color: Color) -> bool {
    marked_points(goal).any(|p| {
        board.cell(p).is(color)
            && board.origin(p) == p
            && (board.countlib(p) <= 2 || board.has_adjacent_chain_max_libs(p, 2))
    })
}

/// A fixed pseudo-random key per point (splitmix64 of its index), for the
/// goal's part of the memo key.
fn point_key(p: Point) -> u64 {
    let mut z = (p.idx() as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The owner's candidates at the root of a defence with the attacker's
/// best point (`attackers_best`) moved to the front: the opponent's vital
/// point is one's own, and the defence names its first saving move, so
/// among saving moves the one that also takes the attacker's point. When
/// that point came from beyond the root's `width`, the root tries one
/// move more (the second value), so that the owner's own first choices
/// are all still tried and whether the dragon can be saved only gains.
/// Measured on owl.tst, ld_owl.tst, semeai.tst and trevor.tst, 476 ->
/// 483 (ld_owl.tst 21, 63, 325, 503, 507, 508, 520 and owl.tst 159; see
/// regression/HISTORY.md).
pub fn attackers_point_first(
    mut own: Vec<(Point, i32)>,
    attackers_best: Option<Point>,
    width: usize,
) -> (Vec<(Point, i32)>, usize) {
    let Some(i) = attackers_best.and_then(|key| own.iter().position(|&(p, _)| p == key)) else {
        return (own, 0);
    };
    let entry = own.remove(i);
    own.insert(0, entry);
    (own, usize::from(i >= width))
}

/// The roomy liberties of the goal's strings held to the target: off
/// the first line, touching no enemy stone. A string is held to the
/// target when it is the target's own or shares with a held string two
/// liberties, or one liberty that touches no enemy stone (a cut there
/// would stand in the owner's open area). Strings of the goal that one
/// attacker move at a shared point beside his stones cuts off do not
/// count: their room is not the target's. 0 when the target is gone.
fn room_of_target(board: &Board, goal: &[bool], color: Color, target: Point) -> usize {
    if !board.cell(target).is(color) {
        return 0;
    }
    let other = color.opponent();
    let quiet = |x: &Point| !x.neighbors().iter().any(|&y| board.cell(y).is(other));
    let mut chains: Vec<Point> = Vec::new();
    for q in marked_points(goal) {
        if board.cell(q).is(color) && !chains.iter().any(|&c| board.same_chain(c, q)) {
            chains.push(q);
        }
    }
    let mut held = vec![target];
    let mut grew = true;
    while grew {
        grew = false;
        for &c in &chains {
            if held.iter().any(|&h| board.same_chain(h, c)) {
                continue;
            }
            let links = |h: Point| {
                let shared = board.common_libs(h, c);
                shared.len() >= 2 || shared.iter().any(quiet)
            };
            if held.iter().any(|&h| links(h)) {
                held.push(c);
                grew = true;
            }
        }
    }
    let mut seen = [false; BOARD_ARRAY];
    let mut room = 0;
    for &h in &held {
        board.for_each_lib(h, |l| {
            if !seen[l.idx()] {
                seen[l.idx()] = true;
                if !is_edge(board, l) && quiet(&l) {
                    room += 1;
                }
            }
            true
        });
    }
    room
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owners_move_brings_the_stones_it_links_into_the_goal() {
        // White's goal is the stone at (1,1). White plays (1,2): its
        // string touches the goal, and the stone at (2,3) hangs on it by
        // an open diagonal, so it joins too. The stone at (5,5) is not
        // linked and stays out.
        let mut board = Board::from_diagram(
            "
            . . . . . . .
            . O . . . . .
            . . . O . . .
            . . . . . . .
            . . . . . . .
            . . . . . O .
            . . . . . . .",
        )
        .unwrap();
        let at = |b: &Board, r, c| b.point(r, c).unwrap();
        let (goal_stone, linked, far, m) = (
            at(&board, 1, 1),
            at(&board, 2, 3),
            at(&board, 5, 5),
            at(&board, 1, 2),
        );
        let grown = goal_after_white_move(&mut board, goal_stone, m);
        assert!(grown[goal_stone.idx()] && grown[m.idx()]);
        assert!(grown[linked.idx()], "the diagonally linked stone joins");
        assert!(!grown[far.idx()], "an unlinked stone stays out");
    }

    /// The goal of a question about White's `goal_stone` alone after
    /// White plays `m` ([`Search::grown_goal`]); the board is as before.
    fn goal_after_white_move(board: &mut Board, goal_stone: Point, m: Point) -> Vec<bool> {
        let mut owl = OwlReader::default();
        let mut reader = Reader::default();
        let mut search = Search::new(
            &mut owl,
            &mut reader,
            Color::White,
            goal_stone,
            &[goal_stone],
            board,
        );
        assert!(board.trymove(m, Color::White));
        let root_goal = search.root_goal.clone();
        let grown = search.grown_goal(board, &root_goal, m);
        board.popgo();
        grown
    }

    #[test]
    fn a_jump_onto_other_stones_brings_them_in_only_where_it_cannot_be_cut() {
        // White's goal is the stone at (3,1). White jumps to (3,3), next
        // to his stone at (3,4). With a black stone at (4,2) below the
        // middle point (3,2), a black cut there joins it: four liberties,
        // not capturable, so the jump can be cut, and (3,4) stays out
        // while the jumping stone joins. On an otherwise empty board the
        // cutting stone would have two liberties: the link holds and (3,4)
        // joins. With a white stone at (2,2) above the middle, a black
        // stone there is in atari and captured: the link holds too.
        for (diagram, holds) in [
            (
                "
                . . . . . . .
                . . . . . . .
                . . . . . . .
                . O . . O . .
                . . X . . . .
                . . . . . . .
                . . . . . . .",
                false,
            ),
            (
                "
                . . . . . . .
                . . . . . . .
                . . . . . . .
                . O . . O . .
                . . . . . . .
                . . . . . . .
                . . . . . . .",
                true,
            ),
            (
                "
                . . . . . . .
                . . . . . . .
                . . O . . . .
                . O . . O . .
                . . . . . . .
                . . . . . . .
                . . . . . . .",
                true,
            ),
        ] {
            let mut board = Board::from_diagram(diagram).unwrap();
            let at = |b: &Board, r, c| b.point(r, c).unwrap();
            let (goal_stone, other, m) = (at(&board, 3, 1), at(&board, 3, 4), at(&board, 3, 3));
            let grown = goal_after_white_move(&mut board, goal_stone, m);
            assert!(grown[goal_stone.idx()] && grown[m.idx()]);
            assert_eq!(grown[other.idx()], holds, "{diagram}");
        }
    }

    #[test]
    fn the_attackers_point_goes_first_and_widens_the_root_only_from_beyond() {
        let p = |i| Point::new(0, i);
        let own: Vec<(Point, i32)> = (0..6).map(|i| (p(i), 100 - i as i32)).collect();
        // Within the width: first, the width unchanged.
        let (order, extra) = attackers_point_first(own.clone(), Some(p(2)), 4);
        let points: Vec<Point> = order.iter().map(|&(q, _)| q).collect();
        assert_eq!(points, vec![p(2), p(0), p(1), p(3), p(4), p(5)]);
        assert_eq!(extra, 0);
        // From beyond it: first, and one more move tried, so that the
        // owner's own first four are still all tried.
        let (order, extra) = attackers_point_first(own.clone(), Some(p(5)), 4);
        assert_eq!(order[0].0, p(5));
        assert_eq!(&order[1..5], &own[..4]);
        assert_eq!(extra, 1);
        // Not among the owner's candidates: nothing changes.
        assert_eq!(
            attackers_point_first(own.clone(), Some(p(9)), 4),
            (own.clone(), 0)
        );
        assert_eq!(attackers_point_first(own.clone(), None, 4), (own, 0));
    }

    /// White's straight three in the corner of a 7x7 board, walled in by
    /// Black: the middle point (0,1) is vital for both sides.
    const CORNER_STRAIGHT_THREE: &str = "
        . . . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .";

    /// [`CORNER_STRAIGHT_THREE`] with the white string on `(row, col)` as
    /// the target: the board, the target and the string's stones.
    fn corner_straight_three(row: usize, col: usize) -> (Board, Point, Vec<Point>) {
        let board = Board::from_diagram(CORNER_STRAIGHT_THREE).unwrap();
        let target = board.point(row, col).unwrap();
        let stones = board.stones_sorted(target);
        (board, target, stones)
    }

    #[test]
    fn a_root_move_is_refuted_only_where_the_solver_proves_the_reply_wins() {
        // White's straight three in the corner: Black's vital point at
        // (0,1) kills, and the solver cannot refute it; a black move far
        // away lets White live at (0,1), which the solver proves.
        let (mut board, target, stones) = corner_straight_three(1, 0);
        let before = board.clone();
        let mut owl = OwlReader::default();
        let mut reader = Reader::default();
        let mut search = Search::new(&mut owl, &mut reader, Color::White, target, &stones, &board);
        for (mv, refuted) in [((0, 1), false), ((5, 5), true)] {
            let m = board.point(mv.0, mv.1).unwrap();
            assert!(board.trymove(m, Color::Black));
            assert_eq!(
                search.refuted_exactly(&mut board, Turn::Attacker),
                refuted,
                "{mv:?}"
            );
            board.popgo();
            assert_eq!(board, before);
        }
        // With the check off, nothing is refuted.
        search.config.exact_check_budget = 0;
        let far = board.point(5, 5).unwrap();
        assert!(board.trymove(far, Color::Black));
        assert!(!search.refuted_exactly(&mut board, Turn::Attacker));
        board.popgo();
    }

    #[test]
    fn room_counts_strings_held_to_the_target_and_not_those_cut_off() {
        // A one-point jump in the open: the point between touches no
        // black stone, so the partner's room is the target's too.
        let open = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . O . O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let board = Board::from_diagram(open).unwrap();
        let target = board.point(3, 2).unwrap();
        let partner = board.point(3, 4).unwrap();
        let mut goal = vec![false; BOARD_ARRAY];
        goal[target.idx()] = true;
        goal[partner.idx()] = true;
        assert_eq!(room_of_target(&board, &goal, Color::White, target), 7);
        // A black stone beside the point between: Black cuts there, the
        // partner is not held, and the target's own liberties beside
        // the black stone are not roomy.
        let cut = open.replacen(
            ". . . . . . . . .\n            . . O",
            ". . . X . . . . .\n            . . O",
            1,
        );
        let board = Board::from_diagram(&cut).unwrap();
        assert!(board.cell(board.point(2, 3).unwrap()).is(Color::Black));
        assert_eq!(room_of_target(&board, &goal, Color::White, target), 2);
        // First-line liberties are not room; a captured target has none.
        let edge = Board::from_diagram(
            "
            . O . . .
            . . . . .
            . . . . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let on_edge = edge.point(0, 1).unwrap();
        let mut goal = vec![false; BOARD_ARRAY];
        goal[on_edge.idx()] = true;
        assert_eq!(room_of_target(&edge, &goal, Color::White, on_edge), 1);
        let empty = edge.point(2, 2).unwrap();
        assert_eq!(room_of_target(&edge, &goal, Color::White, empty), 0);
    }

    #[test]
    fn the_first_candidate_past_the_width_that_escapes_is_found() {
        // White's wall on the left, shut in by Black but for one gap,
        // and a white group beyond it in the open. Filling the gap joins
        // the two (an escape); the corner point does not, and before a
        // move the wall is shut in.
        let mut board = Board::from_diagram(
            "
            . O X . . . . . .
            . O X . . . . . .
            . O X . O . . . .
            . O . O O . . . .
            . O X . O . . . .
            . O X . . . . . .
            O O X . . . . . .
            X X X . . . . . .
            . . . . . . . . .",
        )
        .unwrap();
        let before = board.clone();
        let target = board.point(3, 1).unwrap();
        let stones = board.stones_sorted(target);
        let mut goal = vec![false; BOARD_ARRAY];
        for &p in &stones {
            goal[p.idx()] = true;
        }
        assert!(!life::escapes(&board, &goal, Color::White));
        let mut owl = OwlReader::default();
        let mut reader = Reader::default();
        let mut search = Search::new(&mut owl, &mut reader, Color::White, target, &stones, &board);
        let corner = board.point(0, 0).unwrap();
        let gap = board.point(3, 2).unwrap();
        let ko = KoState::EMPTY;
        let both = [(corner, 50), (gap, 10)];
        assert_eq!(
            search.escape_past_width(&mut board, &goal, &both, ko),
            Some(gap)
        );
        assert_eq!(
            search.escape_past_width(&mut board, &goal, &both[..1], ko),
            None
        );
        assert_eq!(search.nodes, 0, "no position is evaluated");
        assert_eq!(board, before);
    }

    #[test]
    fn an_open_dragon_is_read_afresh_after_a_killing_root_move() {
        // White's two stones in the middle of an empty board, and the
        // straight three of the corner test above, on one board. After a
        // black move next to the open pair, the owner's fresh defence
        // saves it; after Black's vital point in the corner nothing is
        // read: that dragon is enclosed (and dead).
        let mut board = Board::from_diagram(
            "
            . . . O X . . . .
            O O O O X . . . .
            X X X X X . . . .
            . . . . . . . . .
            . . . . . O O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        )
        .unwrap();
        let before = board.clone();
        let mut owl = OwlReader::default();
        let mut reader = Reader::default();
        let open = board.point(4, 5).unwrap();
        let stones = board.stones_sorted(open);
        let goal = |board: &Board, stones: &[Point]| {
            let mut g = vec![false; BOARD_ARRAY];
            for &p in stones {
                g[p.idx()] = board.cell(p).is(Color::White);
            }
            g
        };
        let open_goal = goal(&board, &stones);
        let mut search = Search::new(&mut owl, &mut reader, Color::White, open, &stones, &board);
        let m = board.point(4, 7).unwrap();
        assert!(board.trymove(m, Color::Black));
        assert!(search.saved_afresh(&mut board, &open_goal, KoState::EMPTY));
        // Not inside a check already running.
        search.checking_afresh = true;
        assert!(!search.saved_afresh(&mut board, &open_goal, KoState::EMPTY));
        board.popgo();
        assert_eq!(board, before);

        let corner = board.point(1, 0).unwrap();
        let stones = board.stones_sorted(corner);
        let corner_goal = goal(&board, &stones);
        let mut owl = OwlReader::default();
        let mut reader = Reader::default();
        let mut search = Search::new(&mut owl, &mut reader, Color::White, corner, &stones, &board);
        let vital = board.point(0, 1).unwrap();
        assert!(board.trymove(vital, Color::Black));
        assert!(!search.saved_afresh(&mut board, &corner_goal, KoState::EMPTY));
        assert_eq!(search.nodes, 0, "an enclosed dragon is not read");
        board.popgo();
        assert_eq!(board, before);
    }

    #[test]
    fn a_static_death_the_owners_best_move_undoes_is_not_trusted() {
        // The judgement calls the white string at (5,5) dead: no way out,
        // no room, no lunch to take, and fewer than two eyes by the eye
        // values even with two moves in a row. Its best candidate, played
        // and judged, leaves it not dead, and indeed the owl finds a save.
        let mut board = Board::from_diagram(
            "
            . O O . X . .
            . . X X X O X
            X O X O . O .
            . . O . . . .
            . X O X O . .
            . . . . X O O
            . . . X X . O",
        )
        .unwrap();
        let target = board.point(5, 5).unwrap();
        let stones = board.stones_sorted(target);
        let before = board.clone();
        let mut owl = OwlReader::default();
        let mut reader = Reader::default();
        let mut search = Search::new(&mut owl, &mut reader, Color::White, target, &stones, &board);
        let goal = search.root_goal.clone();
        let goal_hash = search.goal_hash(&board, &goal);
        let life = search.evaluate(&mut board, &goal, goal_hash);
        assert!(life.is_dead(), "the judgement alone calls it dead");
        assert!(!search.death_confirmed(&mut board, &goal, &life));
        assert_eq!(board, before, "the probe leaves the board as it was");
        let mut owl = OwlReader::default();
        let save = owl.defend(&mut board, &mut reader, &stones, target);
        assert_eq!(save.result, ReadResult::Win);
        assert_eq!(board, before);
    }

    #[test]
    fn the_attackers_first_candidate_that_leaves_the_goal_dead_goes_first() {
        // White's straight three in the corner: Black's placement in the
        // middle leaves it dead by the judgement; a move on either end
        // does not (White takes the middle).
        let (mut board, target, stones) = corner_straight_three(0, 3);
        let before = board.clone();
        let mut owl = OwlReader::default();
        let mut reader = Reader::default();
        let mut search = Search::new(&mut owl, &mut reader, Color::White, target, &stones, &board);
        let goal = search.root_goal.clone();
        let [end, middle, other_end] = [0, 1, 2].map(|c| board.point(0, c).unwrap());
        let candidates = vec![(end, 60), (other_end, 55), (middle, 50)];
        let order = |search: &mut Search, board: &mut Board, width: usize| {
            search
                .killing_move_first(board, &goal, candidates.clone(), width)
                .into_iter()
                .map(|(p, _)| p)
                .collect::<Vec<Point>>()
        };
        assert_eq!(
            order(&mut search, &mut board, 8),
            vec![middle, end, other_end]
        );
        // Only the first `width` candidates are judged.
        assert_eq!(
            order(&mut search, &mut board, 2),
            vec![end, other_end, middle]
        );
        assert_eq!(board, before, "the probes leave the board as it was");
        // And the attack's answer is the placement.
        let mut owl = OwlReader::default();
        let kill = owl.attack(&mut board, &mut reader, &stones, target);
        assert_eq!((kill.result, kill.mv), (ReadResult::Win, Some(middle)));
    }

    #[test]
    fn a_save_past_the_width_stands_only_when_a_fresh_attack_fails() {
        // The straight three of the corner: White's middle point makes
        // two eyes, and a fresh attack after it fails; after White's end
        // point Black kills in the two points left.
        let mut board = Board::from_diagram(
            "
            . . . O X . . . .
            O O O O X . . . .
            X X X X X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        )
        .unwrap();
        let before = board.clone();
        let target = board.point(1, 0).unwrap();
        let stones = board.stones_sorted(target);
        let mut owl = OwlReader::default();
        owl.config.afresh_width = 8;
        let mut reader = Reader::default();
        let mut search = Search::new(&mut owl, &mut reader, Color::White, target, &stones, &board);
        let goal = search.root_goal.clone();
        let middle = board.point(0, 1).unwrap();
        assert!(board.trymove(middle, Color::White));
        assert!(search.fresh_attack_fails(&mut board, &goal, middle, KoState::EMPTY));
        board.popgo();
        let end = board.point(0, 0).unwrap();
        assert!(board.trymove(end, Color::White));
        assert!(!search.fresh_attack_fails(&mut board, &goal, end, KoState::EMPTY));
        board.popgo();
        assert_eq!(board, before);
    }

    #[test]
    fn the_extra_candidates_of_a_fresh_defence_stay_within_their_budget() {
        // White's three stones inside a closed black box, after Black's
        // move beside them: dead, with more owner candidates than the
        // root's width. The fresh defence with eight extra candidates
        // reads them, each on its own budget, and answers as without.
        let diagram = "
            . . . . . . . . .
            . X X X X X X X .
            . X . . . . . X .
            . X . O O O . X .
            . X . . . . . X .
            . X X X X X X X .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let mut board = Board::from_diagram(diagram).unwrap();
        let before = board.clone();
        let target = board.point(3, 4).unwrap();
        let stones = board.stones_sorted(target);
        let kill = board.point(3, 6).unwrap();
        let mut read = |afresh_width: usize| {
            let mut owl = OwlReader::default();
            owl.config.afresh_width = afresh_width;
            let mut reader = Reader::default();
            let mut search =
                Search::new(&mut owl, &mut reader, Color::White, target, &stones, &board);
            let goal = search.root_goal.clone();
            assert!(board.trymove(kill, Color::Black));
            search.checking_afresh = true;
            let (result, _) = search.node(&mut board, &goal, 0, KoState::EMPTY, Turn::Defender);
            board.popgo();
            assert!(
                !search.limit_hit,
                "a spent extra budget is no spent question"
            );
            assert_eq!(search.extra_budget_end, u64::MAX);
            (result, search.nodes)
        };
        let (plain, plain_nodes) = read(0);
        let (wide, wide_nodes) = read(8);
        assert_eq!(plain, ReadResult::Fail);
        assert_eq!(wide, ReadResult::Fail);
        assert!(wide_nodes > plain_nodes, "the extra candidates are read");
        assert!(wide_nodes - plain_nodes <= 8 * AFRESH_EXTRA_BUDGET);
        assert_eq!(board, before);
    }
}
