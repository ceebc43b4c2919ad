//! Owl: life-and-death reading of a whole dragon. Can the attacker kill
//! it if he moves first (`owl_attack`)? Can its owner save it if he moves
//! first (`owl_defend`)?
//!
//! GNU Go counterpart: `engine/owl.c` (`owl_attack`, `owl_defend`,
//! `do_owl_attack`, `do_owl_defend`, `owl_estimate_life`,
//! `owl_does_attack`, `owl_does_defend`, the owl node counter). GNU Go
//! generates its candidate moves from the pattern databases
//! `owl_attackpats.db` / `owl_defendpats.db`; here they come from what the
//! position says (see [`moves`]): the vital points of the eye spaces
//! computed by [`crate::eyes`], the key points of half eyes, tactical
//! attacks and defences of the dragon's strings and of its "lunches",
//! moves at the margins of the eye space, liberties and escape moves.
//!
//! Where to start reading: [`OwlReader::attack`]. The search
//! ([`search`]) is a depth-first minimax over moves of both sides, like
//! the tactical reader's, whose leaves are judged by [`life::evaluate`]:
//! - the dragon is *alive* when its eye spaces are worth two eyes even if
//!   the attacker moves first, or when it can escape to open area;
//! - it is *dead* when the string the question named is captured, or when
//!   its owner, to move, finds no move after which it lives.
//!
//! Limits: a node budget per question ([`OwlConfig::node_limit`]), a depth
//! limit and a branching width that narrows with depth. A question that
//! meets a limit counts the unread line as alive for the dragon and is
//! marked uncertain. Ko: the tactical reader's komaster scheme decides
//! which ko captures a line may make (`reading::ko`, GNU Go's owl uses
//! its `komaster_trymove` too): a capture the ko rule forbids is taken
//! as if after a ko threat, making the taker komaster; a success that
//! needs such a take is `KoB` for the taker, and the other side's success
//! then `KoA` (GNU Go's codes 3 and 2).
//!
//! Every hypothetical move goes through the board's try/undo; the board
//! is identical afterwards. Results are memoised within a question in a
//! table keyed by the position, the goal (the dragon's stones at that
//! node and the named stone) and the side to move; each question starts
//! with an empty table, so an answer never depends on earlier questions.
//! The static judgements of positions are kept across questions (keyed
//! by everything they depend on, so a kept one equals a fresh one) until
//! the real position changes.

pub mod life;
pub mod moves;
pub mod ordering;
pub mod search;

#[cfg(test)]
mod tests;

use crate::board::{Board, KeyMap, Point};
use crate::eyes::value::EyeSolver;
use crate::reading::trace::Tracer;
use crate::reading::{ReadResult, Reader};

/// The owl's eye solver gives up on a graph after this many positions
/// (a quarter of `eval_eye`'s budget) and the space is estimated: the owl
/// judges many positions per question, and the biggest spaces cost most
/// while rarely deciding life (on ld_owl.tst CPU 7.5 s -> 4.7 s, two
/// tests lost; owl.tst 6.4 s -> 4.6 s, none).
pub const OWL_EYE_BUDGET: u64 = 100_000;

/// How many static judgements the owl keeps across questions before it
/// starts afresh.
pub const REMEMBERED_JUDGEMENTS: usize = 50_000;

/// How many first moves a two-moves-in-a-row question tries.
pub const THREAT_CANDIDATES: usize = 6;

/// A string of more stones than this is always substantial
/// ([`OwlReader::substantial`]): the biggest killing shape inside an eye
/// space (nakade) has six stones.
pub const SUBSTANTIAL_MAX_STONES: usize = 6;

/// A string with more liberties than this is never substantial: the
/// question fills them all, and a string so free is no lunch.
pub const SUBSTANTIAL_MAX_LIBS: usize = 10;

/// Limits of an owl question (GNU Go's `owl_node_limit`,
/// `owl_reading_depth`, `owl_branch_depth` at level 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlConfig {
    /// Positions one question may evaluate.
    pub node_limit: u64,
    /// Deepest line of play read.
    pub reading_depth: usize,
    /// Below this depth several moves are tried per node; deeper, one.
    pub branch_depth: usize,
    /// Positions the exact solver may expand to refute a winning root
    /// move (`--owl-exact-check`; 0: no such check). See
    /// `owl::search::Search::refuted_exactly`.
    pub exact_check_budget: u64,
    /// The order candidates are tried in (`--owl-ordering`; see
    /// [`ordering`]).
    pub ordering: ordering::MoveOrdering,
    /// Owner candidates the fresh defence behind a root kill of an open
    /// dragon reads past the root's width (`--owl-afresh-width`; 0, the
    /// default: none). Each is read within [`AFRESH_EXTRA_BUDGET`]
    /// positions, and a save among them stands only when a fresh attack
    /// after it fails. See `owl::search::Search::saved_afresh`. Most of
    /// the saves it found were escapes, which the default now finds past
    /// the width without reading (`owl::search::Search::escape_past_width`);
    /// its extra reads also spend the question's node budget, so some of
    /// what it changed on the suites were answers at the budget.
    pub afresh_width: usize,
    /// Whether a save the tree reads at a defence's root is checked for
    /// a ko (on by default; `--no-owl-ko-check` turns it off): where a
    /// string of the goal, or one touching it, is left with at most two
    /// liberties, a fresh attack after the save is read, and a ko it
    /// ends in makes the save that ko. See
    /// `owl::search::Search::ko_after_save`. Over all suites +2 tests
    /// (ld_owl.tst 166, owl.tst 176) and nothing lost, at +8% reading
    /// nodes and some +4% CPU on ld_owl.tst: regression/HISTORY.md,
    /// owl.tst, 2026-12-02 (third and fourth sessions).
    pub ko_check: bool,
}

/// Positions each extra candidate of [`OwlConfig::afresh_width`] may
/// spend (its read and the fresh attack checking a save); past them it
/// counts as no save. At `--owl-afresh-width 8` some 270 extra
/// candidates are read on owl.tst and ld_owl.tst and 8 save, each within
/// 71 positions. The reads are dear in the tactical reader's nodes (the
/// judgements after moves away from the eye space read many weak
/// strings): regression/HISTORY.md, owl.tst, 2026-11-30 fifth session.
pub const AFRESH_EXTRA_BUDGET: u64 = 100;

/// The default of [`OwlConfig::exact_check_budget`].
pub const EXACT_CHECK_BUDGET: u64 = 10_000;

/// The most empty points a region may have for the exact check of a
/// winning root move.
pub const EXACT_CHECK_EMPTY: usize = 12;

impl Default for OwlConfig {
    fn default() -> Self {
        OwlConfig {
            node_limit: 1000,
            reading_depth: 20,
            branch_depth: 8,
            exact_check_budget: EXACT_CHECK_BUDGET,
            ordering: ordering::MoveOrdering::Rules,
            afresh_width: 0,
            ko_check: true,
        }
    }
}

/// The answer to one owl question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlAnswer {
    /// Whether the side asked about succeeds.
    pub result: ReadResult,
    /// The move that does it (`None`: no move needed, printed `PASS`).
    pub mv: Option<Point>,
    /// False when a limit was met somewhere in the read.
    pub certain: bool,
    /// Positions evaluated for this answer.
    pub nodes: u64,
}

/// Which side a memoised result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Turn {
    Attacker,
    Defender,
}

impl Turn {
    /// The result for this side when the dragon `lives` (or dies). A
    /// node a limit stops answers as if the dragon lives.
    fn result(self, lives: bool) -> ReadResult {
        match (self, lives) {
            (Turn::Attacker, true) | (Turn::Defender, false) => ReadResult::Fail,
            (Turn::Attacker, false) | (Turn::Defender, true) => ReadResult::Win,
        }
    }
}

/// The key of an owl node: the board's hash, the goal's hash with the
/// komaster state, and the side to move.
type NodeKey = (u64, u64, Turn);

/// A memoised search result.
#[derive(Clone, Copy, Debug)]
struct Entry {
    result: ReadResult,
    mv: Option<Point>,
    /// Depth of the node it was found at (a result found with more room
    /// may serve a deeper node, not the other way round).
    depth: usize,
}

/// Static judgements ([`life::evaluate`]) remembered by position and goal
/// (a key the caller makes), kept across questions until the real
/// position changes. Within a question a position is judged once,
/// wherever it recurs. A judgement's tactical reads depend on the stack
/// depth they are made at (the reading depths count from the real
/// position), so one made in an earlier question serves a new question
/// only at the same stack depth and with the same depth parameters: it is
/// then what a fresh question would compute.
#[derive(Debug, Default)]
pub struct JudgementMemo {
    entries: KeyMap<(u64, u64), Judged>,
    /// The number of the current question.
    question: u64,
}

/// A remembered judgement and where it was made.
#[derive(Clone, Debug)]
struct Judged {
    life: life::Life,
    /// Stack depth it was made at.
    depth: usize,
    /// The reader's depth parameters then ([`Reader::context_key`]).
    context: u64,
    /// The question that made or last used it.
    question: u64,
}

impl JudgementMemo {
    /// Start a question.
    pub fn new_question(&mut self) {
        self.question += 1;
    }

    /// Forget every judgement (the real position changed).
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// The judgement for `key` in the current position, remembered or
    /// made by `judge` (with the board and the reader).
    pub fn get_or_judge(
        &mut self,
        key: (u64, u64),
        board: &mut Board,
        reader: &mut Reader,
        judge: impl FnOnce(&mut Board, &mut Reader) -> life::Life,
    ) -> life::Life {
        let depth = board.depth();
        let context = reader.context_key();
        let question = self.question;
        if let Some(j) = self.entries.get_mut(&key) {
            if j.question == question || (j.depth == depth && j.context == context) {
                j.question = question;
                return j.life.clone();
            }
        }
        let life = judge(board, reader);
        if self.entries.len() >= REMEMBERED_JUDGEMENTS {
            self.entries.clear();
        }
        let judged = Judged {
            life: life.clone(),
            depth,
            context,
            question,
        };
        self.entries.insert(key, judged);
        life
    }
}

/// The owl's state kept between questions: its configuration, the memo
/// table, the eye solver (which remembers the eye graphs it solved) and
/// the node counter of GTP's `get_owl_node_counter`.
#[derive(Debug)]
pub struct OwlReader {
    /// Limits of each question.
    pub config: OwlConfig,
    table: KeyMap<NodeKey, Entry>,
    /// Static judgements, by position and goal.
    judged: JudgementMemo,
    /// The eye solver, with the graphs it solved. The semeai reader's
    /// judgements use its owl's (one table: a graph's answer does not
    /// depend on who asks).
    pub(crate) solver: EyeSolver,
    counter: u64,
    /// Set by [`OwlReader::defend_attacked`] for one question.
    known_attack: bool,
    /// The variation recorder of `decide_owl` (`None`: not recording; the
    /// search checks it once per move tried and is otherwise unchanged).
    pub(crate) tracer: Option<Tracer>,
}

impl Default for OwlReader {
    fn default() -> Self {
        OwlReader {
            config: OwlConfig::default(),
            table: KeyMap::default(),
            judged: JudgementMemo::default(),
            solver: EyeSolver::with_budget(OWL_EYE_BUDGET),
            counter: 0,
            known_attack: false,
            tracer: None,
        }
    }
}

/// The owl's verdict on one dragon as GNU Go's `make_dragons` records it
/// (the `owl_*` fields of `dragon_data`): see [`OwlReader::examine`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlExamination {
    /// The attack read (always made).
    pub attack: OwlAnswer,
    /// The defence read, when one was made: after a successful attack with
    /// a move, or after an attack that failed uncertainly.
    pub defense: Option<OwlAnswer>,
}

/// GNU Go's `owl_status` of a dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwlStatus {
    /// The attack fails.
    Alive,
    /// The attack works and the defence fails (or the dragon is dead as
    /// it stands).
    Dead,
    /// Both work: whoever moves first wins.
    Critical,
}

impl OwlExamination {
    /// The status GNU Go derives from the two reads.
    pub fn status(&self) -> OwlStatus {
        if self.attack.result == ReadResult::Fail {
            OwlStatus::Alive
        } else if self.defense.is_some_and(|d| d.result != ReadResult::Fail) {
            OwlStatus::Critical
        } else {
            OwlStatus::Dead
        }
    }
}

impl OwlReader {
    /// A reader with the given limits.
    pub fn new(config: OwlConfig) -> OwlReader {
        OwlReader {
            config,
            ..OwlReader::default()
        }
    }

    /// Forget every memoised result (with the tactical hash table: on
    /// `clear_cache`, and before each move generation) and the static
    /// judgements (after every change of the real position).
    pub fn clear_cache(&mut self) {
        self.table.clear();
        self.judged.clear();
    }

    /// Start a question: an empty memo table, a new question number.
    fn new_question(&mut self) {
        self.table.clear();
        self.judged.new_question();
    }

    /// Positions evaluated since the last reset (GTP
    /// `get_owl_node_counter`).
    pub fn node_counter(&self) -> u64 {
        self.counter
    }

    /// Reset the node counter.
    pub fn reset_node_counter(&mut self) {
        self.counter = 0;
    }

    /// Count `nodes` read by another owl reader on this one's behalf (the
    /// move generator's blunder checks read with a reader of their own).
    pub fn add_to_node_counter(&mut self, nodes: u64) {
        self.counter += nodes;
    }

    /// Can the opponent of the dragon's owner kill it, moving first? The
    /// dragon is given by its stones; `target` is the stone the question
    /// named, whose capture kills the dragon.
    pub fn attack(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Attacker, None)
    }

    /// Does the dragon live as it stands by the owl's static judgement
    /// alone ([`life::evaluate`]: two eyes even if the attacker moves
    /// first, or a way out)? No reading: one evaluation, counted as a
    /// node. The cheap wall test of a gap-closed region
    /// (`engine::life`), where the walls are many and often big.
    pub fn alive_as_it_stands(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
    ) -> bool {
        let Some(color) = stones.first().and_then(|&p| board.color_at(p)) else {
            return false;
        };
        let mut goal = vec![false; crate::board::BOARD_ARRAY];
        for &p in stones {
            if board.color_at(p) == Some(color) {
                goal[p.idx()] = true;
            }
        }
        self.counter += 1;
        life::evaluate(board, reader, &mut self.solver, &goal, color).is_alive()
    }

    /// Can the dragon's owner save it, moving first?
    pub fn defend(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Defender, None)
    }

    /// [`OwlReader::defend`] when the caller has just read that the attack
    /// succeeds (`dragon_status`): the same answer, without reading the
    /// attack again at the root.
    pub fn defend_attacked(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
    ) -> OwlAnswer {
        self.known_attack = true;
        let answer = self.run(board, reader, stones, target, Turn::Defender, None);
        self.known_attack = false;
        answer
    }

    /// Does the attacker's move `m` kill the dragon (GNU Go
    /// `owl_does_attack`)? `Fail` when `m` is illegal.
    pub fn does_attack(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        m: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Attacker, Some(m))
    }

    /// Does the owner's move `m` save the dragon (GNU Go
    /// `owl_does_defend`)? `Fail` when `m` is illegal.
    pub fn does_defend(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        m: Point,
    ) -> OwlAnswer {
        self.run(board, reader, stones, target, Turn::Defender, Some(m))
    }

    /// Two moves in a row for one side (GNU Go `owl_threaten_attack`,
    /// `owl_threaten_defense`): the first among the side's best
    /// [`THREAT_CANDIDATES`] root candidates after which the same side,
    /// moving again, succeeds. Returns the result and both moves (the
    /// second `None` when the first already captured the named stone).
    pub fn threaten(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        attacker: bool,
    ) -> (OwlAnswer, Option<Point>) {
        let entry = board.depth();
        let mut total = OwlAnswer {
            result: ReadResult::Fail,
            mv: None,
            certain: true,
            nodes: 0,
        };
        let Some(color) = board.color_at(target) else {
            return (total, None);
        };
        self.new_question();
        let firsts = {
            let mut s = search::Search::new(self, reader, color, target, stones, board);
            let c = s.root_candidates(board, attacker);
            total.nodes += s.nodes;
            c
        };
        let mover = if attacker { color.opponent() } else { color };
        for m in firsts.into_iter().take(THREAT_CANDIDATES) {
            if !board.trymove(m, mover) {
                continue;
            }
            let answer = if !board.cell(target).is(color) {
                OwlAnswer {
                    result: ReadResult::Win,
                    mv: None,
                    certain: true,
                    nodes: 0,
                }
            } else {
                let mut grown: Vec<Point> = stones.to_vec();
                if !attacker {
                    grown.extend(board.stones(m));
                }
                if attacker {
                    self.attack(board, reader, &grown, target)
                } else {
                    self.defend(board, reader, &grown, target)
                }
            };
            board.popgo();
            total.nodes += answer.nodes;
            total.certain &= answer.certain;
            if answer.result != ReadResult::Fail {
                total.result = answer.result;
                total.mv = Some(m);
                debug_assert_eq!(board.depth(), entry);
                return (total, answer.mv);
            }
        }
        debug_assert_eq!(board.depth(), entry);
        (total, None)
    }

    /// The owner's candidates at the root of a defence in his own ranking
    /// (without the attacker's point put first), at most `n`: what
    /// `genmove` tries, in order, to save an own dragon
    /// (`engine::life::critical_moves`). One evaluation, counted as a node.
    pub fn owner_ranking(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        n: usize,
    ) -> Vec<Point> {
        let mut ranked = self
            .at_root(board, reader, stones, target, |s, board| {
                s.root_candidates(board, false)
            })
            .unwrap_or_default();
        ranked.truncate(n);
        ranked
    }

    /// `look` run on a fresh question's search at the root of the dragon
    /// of `target` (`None` when no stone stands there), its nodes added
    /// to the owl's counter.
    fn at_root<T>(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        look: impl FnOnce(&mut search::Search, &mut Board) -> T,
    ) -> Option<T> {
        let color = board.color_at(target)?;
        self.new_question();
        let mut s = search::Search::new(self, reader, color, target, stones, board);
        let out = look(&mut s, board);
        let nodes = s.nodes;
        self.counter += nodes;
        Some(out)
    }

    /// The root candidates of a question about the dragon (the
    /// attacker's when `attacker`) in the search's order, each with its
    /// value from [`moves`], its score under the configured
    /// [`ordering`] and its features (`owl_ordering`). One evaluation,
    /// counted as a node.
    pub fn root_candidate_features(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        attacker: bool,
    ) -> Vec<search::RankedCandidate> {
        self.at_root(board, reader, stones, target, |s, board| {
            s.root_candidate_features(board, attacker)
        })
        .unwrap_or_default()
    }

    /// Does the owner's move `m` join the dragons `stones_a` and `stones_b`
    /// into one that lives (GNU Go `owl_connection_defends`)? The goal is
    /// both dragons with `m`'s string; after `m` the attacker moves first,
    /// and the answer is the owner's result against that attack (`Win`
    /// when the attack fails; `KoA` / `KoB` when it needs ko). `target` is
    /// a stone of the first dragon, whose capture kills. `Fail` when `m`
    /// is illegal.
    pub fn connection_defends(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones_a: &[Point],
        stones_b: &[Point],
        target: Point,
        m: Point,
    ) -> OwlAnswer {
        let mut goal: Vec<Point> = stones_a.iter().chain(stones_b).copied().collect();
        goal.sort_unstable();
        goal.dedup();
        self.does_defend(board, reader, &goal, target, m)
    }

    /// Is the string at `s` substantial for the dragons around it (GNU Go
    /// `owl_substantial`): would its capture leave them alive? `around` is
    /// the stones of the dragons next to `s` (the goal). A string of more
    /// than [`SUBSTANTIAL_MAX_STONES`] stones always is, one of more than
    /// [`SUBSTANTIAL_MAX_LIBS`] liberties never is. Otherwise the owner of
    /// the dragons fills the string's liberties in board order (when one
    /// cannot be filled, the next is filled first; when neither can, the
    /// answer is no), which captures it, and the filled stones join the
    /// goal; the string is substantial when the owl attack on the goal,
    /// the attacker moving first, then fails. The tactical depths are
    /// raised by one per stone filled (GNU Go does so for the fills in
    /// order), so that the tactical reads below the filled stones keep
    /// their depth. Returns the verdict and
    /// the attack's answer (`None` when no read was needed).
    pub fn substantial(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        s: Point,
        around: &[Point],
    ) -> (bool, Option<OwlAnswer>) {
        let entry = board.depth();
        let Some(color) = board.color_at(s) else {
            return (false, None);
        };
        let owner = color.opponent();
        if board.chain_size(s) > SUBSTANTIAL_MAX_STONES {
            return (true, None);
        }
        let mut libs = board.liberties_sorted(s);
        if libs.len() > SUBSTANTIAL_MAX_LIBS {
            return (false, None);
        }
        let mut goal: Vec<Point> = around.to_vec();
        let mut filled = 0;
        let mut k = 0;
        let mut possible = true;
        while k < libs.len() {
            if !board.trymove(libs[k], owner) {
                if k + 1 < libs.len() && board.trymove(libs[k + 1], owner) {
                    libs.swap(k, k + 1);
                } else {
                    possible = false;
                    break;
                }
            }
            reader.config.increase_depths();
            filled += 1;
            goal.push(libs[k]);
            k += 1;
        }
        let answer = if possible && board.cell(libs[0]).is(owner) {
            Some(self.attack(board, reader, &goal, libs[0]))
        } else {
            None
        };
        while board.depth() > entry {
            board.popgo();
        }
        for _ in 0..filled {
            reader.config.decrease_depths();
        }
        debug_assert_eq!(board.depth(), entry);
        match answer {
            Some(a) => (a.result == ReadResult::Fail, Some(a)),
            None => (false, None),
        }
    }

    /// The owl's verdict on a dragon as GNU Go's `make_dragons` reads it:
    /// the attack; after a successful attack with a move, the defence
    /// (critical when it works; when it works without a move, whether the
    /// attack point also defends, `owl_does_defend`); after a failed but
    /// uncertain attack, the defence too (for its point).
    pub fn examine(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
    ) -> OwlExamination {
        let attack = self.attack(board, reader, stones, target);
        let defense = match (attack.result, attack.mv) {
            (ReadResult::Fail, _) if attack.certain => None,
            (ReadResult::Fail, _) => Some(self.defend(board, reader, stones, target)),
            (_, None) => None,
            (_, Some(am)) => {
                let d = self.defend_attacked(board, reader, stones, target);
                if d.result != ReadResult::Fail && d.mv.is_none() {
                    let again = self.does_defend(board, reader, stones, target, am);
                    Some(OwlAnswer {
                        result: if again.result == ReadResult::Fail {
                            d.result
                        } else {
                            again.result
                        },
                        mv: (again.result != ReadResult::Fail).then_some(am),
                        certain: d.certain,
                        nodes: d.nodes + again.nodes,
                    })
                } else {
                    Some(d)
                }
            }
        };
        OwlExamination { attack, defense }
    }

    /// Start recording every move the owl tries, with its result, as an
    /// SGF tree from the current position (`decide_owl`).
    pub fn start_trace(&mut self, board: &Board) {
        self.tracer = Some(Tracer::new(board));
    }

    /// Stop recording and return the variations as SGF text (`None` when
    /// no recording was running).
    pub fn finish_trace(&mut self) -> Option<String> {
        self.tracer.take().map(|t| t.to_sgf())
    }

    /// Variations recorded so far by the running recording.
    pub fn trace_variations(&self) -> usize {
        self.tracer.as_ref().map_or(0, |t| t.variations())
    }

    fn run(
        &mut self,
        board: &mut Board,
        reader: &mut Reader,
        stones: &[Point],
        target: Point,
        turn: Turn,
        first: Option<Point>,
    ) -> OwlAnswer {
        let entry = board.depth();
        let Some(color) = board.color_at(target) else {
            return OwlAnswer {
                result: ReadResult::Fail,
                mv: None,
                certain: true,
                nodes: 0,
            };
        };
        // Each question reads afresh: its answer does not depend on the
        // questions asked before.
        self.new_question();
        let known_attack = self.known_attack;
        let mut s = search::Search::new(self, reader, color, target, stones, board);
        s.root_attack_succeeds = known_attack;
        let (result, mv) = match (turn, first) {
            (Turn::Attacker, None) => s.attack_root(board),
            (Turn::Defender, None) => s.defend_root(board),
            (Turn::Attacker, Some(m)) => (s.after_attacker_move(board, m), Some(m)),
            (Turn::Defender, Some(m)) => (s.after_defender_move(board, m), Some(m)),
        };
        let answer = OwlAnswer {
            result,
            mv: if result == ReadResult::Fail { None } else { mv },
            certain: !s.limit_hit,
            nodes: s.nodes,
        };
        self.counter += answer.nodes;
        if let Some(t) = self.tracer.as_mut() {
            let what = match turn {
                Turn::Attacker => "owl attack",
                Turn::Defender => "owl defend",
            };
            t.record(board, what, target, answer.result, answer.mv);
        }
        debug_assert_eq!(board.depth(), entry);
        answer
    }
}
