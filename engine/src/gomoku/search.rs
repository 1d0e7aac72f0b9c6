//! The search: iterative deepening over a principal-variation alpha-beta with a transposition
//! table and aspiration windows at the root, its depths counted in eighths of a ply, selective
//! the way the strongest engines are: every move after the first reduced by the logarithms of
//! depth and move number, a limit on the moves tried per node, razoring into the leaf and
//! reverse futility near the leaves, null moves deep in the tree, a table move searched deeper
//! when no other move comes near it (singular extensions), wins read from the threat counts
//! without a search; answers to an open three cost a ply, the one block of a four none. A VCF
//! probe runs before it, and its leaves play out the fours of the side to move near its last
//! stone (see `Searcher::leaf`).
//!
//! The ideas are those of Rapfi's search, written anew around our board, evaluation and move
//! generation. What each part was worth, and the variants tried and not kept, are in
//! `docs/gomoku-experiments.md`.

use std::time::Duration;

use super::board::{Board, Cell, CELLS};
use super::eval::{evaluate_smoothed, material};
use super::movegen::{generate, generate_unordered, is_legal, move_score, ScoredMove};
use super::pattern::Threat;
use super::rule::Rule;
use super::tt::{Entry, TranspositionTable};
use super::vcf::VcfSolver;
use crate::core::color::Color;
use crate::core::score::Bound;
use crate::core::time::Deadline;

use crate::core::score::{WIN, WIN_THRESHOLD};
/// The deepest ply a search line may reach.
const MAX_PLY: usize = 96;

/// Depths are counted in eighths of a ply, so that reductions and extensions can be parts of
/// a ply.
type Depth = i32;
/// One ply of depth.
const PLY: Depth = 8;

/// History scores stay within plus or minus this.
const HISTORY_LIMIT: i32 = 10_692;
/// A threat's history score (a move that makes an open three or more) is worth this many times
/// less than an ordering point,
const ATTACK_HISTORY_DIVISOR: i32 = 8;
/// and a quiet move's this many.
const QUIET_HISTORY_DIVISOR: i32 = 16;
/// What the move that last answered the opponent's move best adds to the ordering score.
const COUNTER_MOVE_BONUS: i32 = 336;
/// The kinds of moves the history keeps apart: threats and quiet moves.
const ATTACK: usize = 0;
const QUIET: usize = 1;

/// A leaf this far below alpha plays no fours: none of them could bring it back.
const LEAF_DELTA: i32 = 2_100;

/// Evaluation units in one unit of the margins below (they were first set on a scale of
/// 200 units to a logit; ours has 1,132).
const MARGIN_SCALE: i32 = 6;

/// Another iteration starts only while less than this share of the move's time limit has
/// passed. One started late seldom finishes, but its first root moves are searched a ply
/// deeper, and a move that beats the best one there replaces it; the limit then ends it between
/// two root moves. (At half, the rule before, answers took a sixth less time at 1 s a move.)
const ITERATION_START_SHARE: f64 = 0.8;
/// A fall of the root score by more than this from one iteration to the next, like a change
/// of the best move, marks a position whose move is not settled yet (it gets more time).
const UNSETTLED_DROP: i32 = 40;
/// Iterations shallower than this say little about whether the move is settled.
const SETTLED_FROM_DEPTH: i32 = 5;

/// What a search found.
#[derive(Clone, Copy, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only when the board is full).
    pub best: Option<Cell>,
    /// Its score for the side to move.
    pub score: i32,
    /// The last depth completed.
    pub depth: i32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The searcher with its transposition table, kept between moves of a game.
pub struct Searcher {
    table: TranspositionTable,
    nodes: u64,
    deadline: Deadline,
    /// The time after which the root starts no new move: the soft limit, or more while the
    /// move is not settled (see [`Searcher::search`]).
    move_limit: Duration,
    stopped: bool,
    /// Per ply, the last two quiet moves that were best there (they are reduced less in cut
    /// nodes).
    killers: Vec<[Option<Cell>; 2]>,
    /// Per cell, colour and kind of move ([`ATTACK`] or [`QUIET`]), how often a move there
    /// was the best of its node lately, less how often it was tried in vain before another
    /// (see [`HISTORY_LIMIT`]).
    history: Vec<[[i32; 2]; 2]>,
    /// Per cell and colour, the move that last answered a stone of that colour there best,
    /// with its threat class.
    counter_moves: Vec<[Option<(Cell, Threat)>; 2]>,
    move_lists: Vec<Vec<ScoredMove>>,
    /// [`material`] at each ply of the current line, for [`evaluate_smoothed`].
    materials: Vec<i32>,
    scratch: Vec<Cell>,
    /// Per ply, the fours a leaf tries.
    leaf_lists: Vec<Vec<Cell>>,
    /// Per ply, the static evaluation of the position there (`None` at the root and where
    /// it was not computed, as when the opponent's threat forced the moves).
    evals: Vec<Option<i32>>,
    /// Per ply, the move played from the position there, and its class for its player.
    played: Vec<Option<(Cell, Threat)>>,
    /// Per ply, whether the position is or was part of a principal variation.
    was_principal: Vec<bool>,
    /// Per ply, the extra depth the line down to there has been extended by.
    extra_extension: Vec<Depth>,
    /// Per ply, the move a singular-extension test leaves out of the node (see
    /// [`Searcher::singular_extension`]).
    excluded: Vec<Option<Cell>>,
    /// Natural logarithms of 1 to 255 (of 1 at 0), for the late-move reductions.
    reduction_log: Vec<f64>,
}

impl Searcher {
    /// A searcher whose table takes at most `table_bytes`.
    pub fn new(table_bytes: usize) -> Self {
        Self {
            table: TranspositionTable::with_bytes(table_bytes),
            nodes: 0,
            deadline: Deadline::unlimited(),
            move_limit: Duration::MAX,
            stopped: false,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![[[0; 2]; 2]; CELLS],
            counter_moves: vec![[None; 2]; CELLS],
            move_lists: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            materials: vec![0; MAX_PLY + 2],
            scratch: Vec::new(),
            leaf_lists: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            evals: vec![None; MAX_PLY + 2],
            played: vec![None; MAX_PLY + 2],
            was_principal: vec![false; MAX_PLY + 2],
            extra_extension: vec![0; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            reduction_log: (0..256).map(|i: i32| f64::from(i.max(1)).ln()).collect(),
        }
    }

    /// Bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Searches the position for the side to move until `deadline` (or `max_depth`).
    pub fn search(
        &mut self,
        board: &mut Board,
        deadline: Deadline,
        max_depth: i32,
    ) -> SearchResult {
        self.deadline = deadline;
        self.move_limit = deadline.soft;
        self.nodes = 0;
        // What was best in the last move's searches still counts, but less.
        for entry in self.history.iter_mut().flatten().flatten() {
            *entry /= 2;
        }
        self.stopped = false;
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if let Some((cell, score)) = self.obvious_move(board) {
            result.best = Some(cell);
            result.score = score;
            result.elapsed = deadline.elapsed();
            return result;
        }
        let mut root_moves = Vec::new();
        generate(board, &mut root_moves, &mut self.scratch);
        if root_moves.is_empty() {
            // Lost against two threats that no move stops, or nothing legal near the stones
            // (renju forbidden points everywhere): block the opponent's strongest point all
            // the same, since it may err, else play the best legal cell anywhere.
            let opponent = board.side_to_move().opponent();
            let mut cells: Vec<Cell> = board.playable().to_vec();
            cells.retain(|&c| board.is_empty(c) && is_legal(board, c));
            result.best = cells
                .into_iter()
                .max_by_key(|&c| (board.threat(opponent, c), move_score(board, c)));
            result.elapsed = deadline.elapsed();
            return result;
        }
        result.best = Some(root_moves[0].cell);
        if root_moves.len() == 1 {
            result.elapsed = deadline.elapsed();
            return result;
        }
        // A VCF probe with a budget that grows with the time we have.
        let budget = (deadline.soft.as_millis() as u64 * 40).clamp(500, 400_000);
        let mut solver = VcfSolver::new(budget);
        solver.set_deadline(deadline);
        if let Some(cell) = solver.solve(board, 30) {
            result.best = Some(cell);
            result.score = WIN_THRESHOLD;
            result.elapsed = deadline.elapsed();
            return result;
        }
        self.keep_moves_that_stop_a_vcf(board, &mut root_moves, &mut solver, budget, deadline);
        result.best = Some(root_moves[0].cell);
        // A move that is not settled may go on past the soft limit: halfway to the hard one,
        // and at most twice as far.
        let extended = (deadline.soft * 2).min((deadline.soft + deadline.hard) / 2);
        for depth in 1..=max_depth.max(1) {
            let (best, score) = self.aspiration(board, &mut root_moves, depth, result.score);
            if self.stopped {
                // A move that beat the previous best in an unfinished iteration is still a
                // proven improvement at the new depth.
                if let Some(best) = best {
                    result.best = Some(best);
                }
                break;
            }
            // A new best move or a falling score says the search is still learning about
            // this position.
            let unsettled = depth >= SETTLED_FROM_DEPTH
                && (best.is_some_and(|cell| result.best != Some(cell))
                    || score + UNSETTLED_DROP < result.score);
            self.move_limit = if unsettled { extended } else { deadline.soft };
            result.best = best.or(result.best);
            result.score = score;
            result.depth = depth;
            if score.abs() >= WIN_THRESHOLD {
                break;
            }
            if deadline.elapsed().as_secs_f64()
                > self.move_limit.as_secs_f64() * ITERATION_START_SHARE
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = deadline.elapsed();
        result
    }

    /// If the opponent could win by fours were it to move, keeps only the root moves after
    /// which it no longer can (when some exist): the search alone may be too shallow to see a
    /// long sequence of fours.
    fn keep_moves_that_stop_a_vcf(
        &mut self,
        board: &mut Board,
        moves: &mut Vec<ScoredMove>,
        solver: &mut VcfSolver,
        budget: u64,
        deadline: Deadline,
    ) {
        let me = board.side_to_move();
        board.set_side_to_move(me.opponent());
        solver.reset(budget);
        let threatened = solver.solve(board, 30).is_some();
        board.set_side_to_move(me);
        if !threatened {
            return;
        }
        let per_move = (budget / (moves.len() as u64 + 1)).max(100);
        let mut safe = Vec::new();
        for (index, scored) in moves.iter().enumerate() {
            if deadline.soft_passed() {
                // Out of time: trust the ordering for the moves not checked.
                safe.extend_from_slice(&moves[index..]);
                break;
            }
            board.play(scored.cell);
            solver.reset(per_move);
            let still_lost = solver.solve(board, 30).is_some();
            board.undo();
            if !still_lost {
                safe.push(*scored);
            }
        }
        if !safe.is_empty() {
            *moves = safe;
        }
    }

    /// A move the position forces: a five, the only block of a five, an open four.
    fn obvious_move(&mut self, board: &mut Board) -> Option<(Cell, i32)> {
        let me = board.side_to_move();
        let opponent = me.opponent();
        if let Some(cell) = board.five_point(me) {
            return Some((cell, WIN - 1));
        }
        if let Some(cell) = board.five_point(opponent) {
            // Block the five even if it is hopeless (a second five point): that gives the
            // opponent the chance to miss it.
            if is_legal(board, cell) {
                return Some((cell, 0));
            }
        }
        if board.threat_count(me, Threat::Flex4) > 0 {
            board.cells_with_threat(me, Threat::Flex4, &mut self.scratch);
            let cells = std::mem::take(&mut self.scratch);
            let found = cells.iter().copied().find(|&c| is_legal(board, c));
            self.scratch = cells;
            if let Some(cell) = found {
                return Some((cell, WIN - 3));
            }
        }
        None
    }

    /// One iteration at the root, first within a window around the last iteration's score
    /// and again, wider, on the side where the score fell outside it, until it falls inside.
    fn aspiration(
        &mut self,
        board: &mut Board,
        moves: &mut Vec<ScoredMove>,
        depth: i32,
        previous: i32,
    ) -> (Option<Cell>, i32) {
        if depth < ASPIRATION_DEPTH || previous.abs() >= WIN_THRESHOLD {
            return self.root(board, moves, depth, -WIN - 1, WIN + 1);
        }
        let mut delta = ASPIRATION_DELTA;
        let mut alpha = (previous - delta).max(-WIN - 1);
        let mut beta = (previous + delta).min(WIN + 1);
        // A move that failed high is better than the last iteration's best, even if the wider
        // search after it does not finish.
        let mut failed_high = None;
        loop {
            let (best, score) = self.root(board, moves, depth, alpha, beta);
            if self.stopped {
                return (best.or(failed_high), score);
            }
            if score <= alpha && alpha > -WIN - 1 {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-WIN - 1);
            } else if score >= beta && beta < WIN + 1 {
                failed_high = best;
                beta = (score + delta).min(WIN + 1);
            } else {
                return (best.or(failed_high), score);
            }
            delta = delta * (3 + score.abs() / (1_024 * MARGIN_SCALE)) / 4 + MARGIN_SCALE * 6;
        }
    }

    /// The root's moves searched within `alpha`..`beta`: the best move that rose above alpha
    /// (the first that reached beta ends the search) and its score, or alpha and no move.
    fn root(
        &mut self,
        board: &mut Board,
        moves: &mut Vec<ScoredMove>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (Option<Cell>, i32) {
        let mut best: Option<Cell> = None;
        let mut best_index = 0;
        let me = board.side_to_move();
        self.materials[0] = material(board);
        self.evals[0] = None;
        self.was_principal[0] = true;
        self.extra_extension[0] = 0;
        let depth = depth * PLY;
        let new_depth = depth - PLY;
        for (index, scored) in moves.iter().enumerate() {
            if index > 0 && self.deadline.elapsed() >= self.move_limit {
                self.stopped = true;
                break;
            }
            let cell = scored.cell;
            self.played[0] = Some((cell, board.threat(me, cell)));
            board.play(cell);
            let score = if index == 0 {
                -self.negamax(board, new_depth, 1, -beta, -alpha, false)
            } else {
                // The root's later moves are searched with a null window, the third on
                // reduced as in a node of the principal variation.
                let reduction = if depth >= 2 * PLY && index >= 2 {
                    (self.base_reduction(board, depth, index + 1) - PLY).max(0)
                } else {
                    0
                };
                let reduced = (new_depth - reduction).max(PLY);
                let mut probe = -self.negamax(board, reduced, 1, -alpha - 1, -alpha, true);
                if probe > alpha && reduced < new_depth && !self.stopped {
                    probe = -self.negamax(board, new_depth, 1, -alpha - 1, -alpha, true);
                }
                if probe > alpha && !self.stopped {
                    -self.negamax(board, new_depth, 1, -beta, -alpha, false)
                } else {
                    probe
                }
            };
            board.undo();
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(cell);
                best_index = index;
                if score >= beta {
                    break;
                }
            }
        }
        // Keep the best move first for the next iteration.
        if best_index > 0 {
            let chosen = moves.remove(best_index);
            moves.insert(0, chosen);
        }
        (best, alpha)
    }

    /// The search of a node below the root: `depth` in eighths of a ply, a null window unless
    /// the node is on a principal variation; `cut_node` when a cut-off is expected (a
    /// null-window node whose parent expects none).
    fn negamax(
        &mut self,
        board: &mut Board,
        mut depth: Depth,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        cut_node: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 15 == 0 && self.deadline.hard_passed() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let me = board.side_to_move();
        let opponent = me.opponent();
        let ply_score = ply as i32;
        self.materials[ply] = material(board);
        self.extra_extension[ply] = self.extra_extension[ply - 1];
        if board.threat_count(me, Threat::Five) > 0 {
            return WIN - ply_score;
        }
        if board.threat_count(opponent, Threat::Five) > 0 {
            if board.threat_count(opponent, Threat::Five) > 1 {
                return -(WIN - ply_score - 1);
            }
            let block = board.five_point(opponent).expect("counted above");
            if !is_legal(board, block) || ply >= MAX_PLY {
                return -(WIN - ply_score - 1);
            }
            // The one block costs no depth.
            self.evals[ply] = self.evals[ply - 1].map(|eval| -eval);
            self.was_principal[ply] = self.was_principal[ply - 1];
            self.played[ply] = Some((block, board.threat(me, block)));
            board.play(block);
            let score = -self.negamax(board, depth, ply + 1, -beta, -alpha, !cut_node);
            board.undo();
            return score;
        }
        if let Some(score) = self.static_win(board, ply_score) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.leaf(board, 0, ply, alpha, beta);
        }
        // Mate-distance pruning: nothing here can beat a win found closer to the root.
        let alpha_floor = -(WIN - ply_score);
        if alpha_floor >= beta {
            return alpha_floor;
        }
        let principal = beta - alpha > 1;
        // A node searched without one of its moves neither reads nor writes the table: its
        // result is not the node's.
        let excluded = self.excluded[ply];
        let key = board.hash();
        let entry = if excluded.is_some() {
            None
        } else {
            self.table.probe(key)
        };
        if let Some(entry) = entry {
            if !principal && entry.depth >= depth {
                let score = from_table(entry.score, ply_score);
                if entry.bound.settles(score, alpha, beta) {
                    if let Some(cell) = entry.best {
                        self.learn_from_table_move(board, cell, depth, score >= beta);
                    }
                    return score;
                }
            }
        }
        let table_move = entry.and_then(|entry| entry.best);
        let mut was_principal = if excluded.is_some() {
            self.was_principal[ply]
        } else {
            principal || entry.is_some_and(|entry| entry.pv)
        };
        self.was_principal[ply] = was_principal;
        self.was_principal[ply + 1] = false;

        // The opponent threatens an open four: the moves are forced, and the evaluation of
        // the position says little (the parent's stands in for it).
        let forced = board.threat_count(opponent, Threat::Flex4) > 0;
        let mut eval = None;
        let mut improving = false;
        if forced {
            self.evals[ply] = self.evals[ply - 1].map(|eval| -eval);
        } else {
            let stand = evaluate_smoothed(board, self.materials[ply - 1]);
            self.evals[ply] = Some(stand);
            let mut estimate = stand;
            if let Some(entry) = entry {
                let score = from_table(entry.score, ply_score);
                if entry.bound.improves(score, stand) {
                    estimate = score;
                }
            }
            eval = Some(estimate);
            improving = ply >= 2
                && matches!((self.evals[ply], self.evals[ply - 2]), (Some(now), Some(before)) if now > before);
        }

        if !principal {
            // Razoring: near the leaves, a position far below alpha is left to its fours (a
            // forced one too: its threat is in the evaluation of the leaf).
            let below = match eval {
                Some(eval) => eval + razor_margin(depth) < alpha,
                None => true,
            };
            if depth < RAZOR_DEPTH && below && (alpha < WIN_THRESHOLD || entry.is_none()) {
                return self.leaf(board, 0, ply, alpha, alpha + 1);
            }
            // Futility: a position far enough above beta stands, unless it is attacking with
            // fours, whose end the evaluation does not see.
            if let Some(eval) = eval {
                let margin = futility_margin(depth - PLY, cut_node && entry.is_none(), improving);
                let attacking = ply >= 4
                    && [ply - 2, ply - 4]
                        .iter()
                        .all(|&p| self.played[p].is_some_and(|(_, threat)| threat.is_four()));
                if eval < WIN_THRESHOLD
                    && beta > -WIN_THRESHOLD
                    && eval - margin >= beta
                    && !attacking
                {
                    return eval;
                }
                // Null move: deep in the tree, a position far enough above beta may pass. The
                // margin is on the static evaluation, not on the table's estimate.
                let stand = self.evals[ply].unwrap_or(eval);
                if excluded.is_none() && eval >= beta {
                    if let Some(score) = self.null_move(board, stand, depth, ply, beta, cut_node) {
                        return score;
                    }
                }
            }
        }
        // Without a move to try first, a node of the principal variation is searched a little
        // less deep; with one that was not searched as deep lately, less deep still.
        if principal {
            match entry {
                None | Some(Entry { best: None, .. }) => depth -= IIR_PRINCIPAL,
                Some(entry) if depth > PLY => {
                    depth -= ((depth - entry.depth) * 28 / 100).clamp(0, IIR_TABLE_MAX);
                }
                Some(_) => {}
            }
            if depth <= 0 {
                return self.leaf(board, 0, ply, alpha, beta);
            }
        }

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        generate_unordered(board, &mut moves, &mut self.scratch);
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return if forced { -(WIN - ply_score - 3) } else { 0 };
        }
        self.order(board, &mut moves, table_move, ply);
        let mut complexity_log = None;
        let likely_fail_high = !principal
            && cut_node
            && eval.is_some_and(|eval| eval >= beta + fail_high_margin(depth, forced));
        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        // The moves searched before the best one, by kind, which the history marks down.
        let mut searched = [[0 as Cell; SEARCHED_KEPT]; 2];
        let mut searched_count = [0; 2];
        let their_last = ply.checked_sub(1).and_then(|p| self.played[p]);
        let our_last = ply.checked_sub(2).and_then(|p| self.played[p]);
        let distract_distance = if board.rule() == Rule::Renju { 5 } else { 4 };
        // 1 once the excluded move has been passed over, so that it is not counted.
        let mut skipped = 0;
        for index in 0..moves.len() {
            // Most nodes end with their first move or two, so the moves are picked best first
            // one at a time rather than sorted all at once.
            select_best(&mut moves[index..]);
            let cell = moves[index].cell;
            if Some(cell) == excluded {
                skipped = 1;
                continue;
            }
            let move_count = index + 1 - skipped;
            let own = board.threat(me, cell);
            let theirs = board.threat(opponent, cell);
            let important = own >= Threat::DoubleTwo || theirs >= Threat::Three;
            let trivial = own == Threat::None && theirs == Threat::None;
            let from_theirs = their_last.map_or(0, |(last, _)| distance(board, cell, last));
            let from_ours = our_last.map_or(0, |(last, _)| distance(board, cell, last));
            let distract = from_ours > distract_distance && from_theirs > 4;
            // Moves are skipped only once one move is known not to lose: a node that pruned
            // its way to a lost score would pass off an unproven loss as a proof, and the
            // search trusts win and loss scores everywhere.
            if best_score > -WIN_THRESHOLD {
                if move_count >= move_count_limit(depth, improving) {
                    break;
                }
                if trivial && depth < TRIVIAL_PRUNE_DEPTH {
                    continue;
                }
                // A counter-four far from both last moves mostly delays the loss.
                if forced && depth < TRIVIAL_PRUNE_DEPTH && !theirs.is_four() && distract {
                    continue;
                }
            }
            let mut extension = 0;
            if Some(cell) == table_move {
                let singular = match entry {
                    Some(entry) if excluded.is_none() => {
                        self.singular_extension(board, entry, depth, ply, beta, principal, cut_node)
                    }
                    _ => None,
                };
                match singular {
                    Some(Singular::Cut(score)) => {
                        self.move_lists[ply] = moves;
                        return score;
                    }
                    Some(Singular::Extend(plies)) => extension = plies,
                    None => {
                        extension = if principal { 2 } else { 1 };
                        if own.is_four() && from_ours <= 6 {
                            extension += if from_ours <= 4 { 2 } else { 0 };
                        }
                    }
                }
            }
            if likely_fail_high {
                if !own.is_four() {
                    extension -= PLY;
                } else if our_last.is_some_and(|(_, threat)| threat.is_four()) {
                    extension += PLY;
                }
            }
            let mut new_depth = depth - PLY + extension;
            self.extra_extension[ply] =
                self.extra_extension[ply.saturating_sub(1)] + (extension - PLY).max(0);
            let reduced_search = depth >= 2 * PLY && move_count > 1;
            let busy = if reduced_search {
                *complexity_log.get_or_insert_with(|| complexity(board))
            } else {
                0.0
            };
            self.played[ply] = Some((cell, own));
            if new_depth > 0 {
                // The child probes the table first: its slot loads while the board updates.
                self.table.prefetch(board.hash_after(cell));
            }
            board.play(cell);
            let mut score = -WIN - 1;
            // Whether the move still needs a null-window search at full depth: every move but
            // the first of a principal node, unless a reduced search settled it.
            let mut full_null_window = !principal || move_count > 1;
            if reduced_search {
                let mut reduction = self.base_reduction(board, depth, move_count);
                if principal {
                    reduction = (reduction - PLY).max(0);
                } else if !improving && reduction > PLY {
                    reduction += PLY;
                }
                reduction += (busy * complexity_share(trivial, important, distract)) as Depth;
                if was_principal {
                    reduction -= 8;
                }
                let killer = self.killers[ply].contains(&Some(cell));
                if cut_node && !(!forced && killer && own < Threat::Three) {
                    reduction += 14;
                }
                if forced && !theirs.is_four() {
                    reduction += if from_theirs > 4 { 15 } else { 0 };
                    reduction += if from_ours > 4 { 8 } else { 0 };
                }
                let attacking_on = our_last.is_some_and(|(_, threat)| threat >= Threat::Three);
                if !forced
                    && attacking_on
                    && (own >= Threat::Three || from_ours <= 4 && own >= Threat::DoubleTwo)
                {
                    reduction -= 4;
                }
                reduction -= self.history_reduction(cell, me, depth);
                let reduced = (new_depth - reduction).min(new_depth + PLY).max(PLY);
                score = -self.negamax(board, reduced, ply + 1, -alpha - 1, -alpha, true);
                full_null_window = false;
                if score > alpha && reduced < new_depth && !self.stopped {
                    let mut more =
                        research_extension(new_depth - reduced, score, alpha, best_score);
                    if self.extra_extension[ply] >= LMR_EXTRA_MAX {
                        more = more.min(PLY);
                    } else {
                        self.extra_extension[ply] += (more - PLY).max(0);
                    }
                    new_depth += more;
                    full_null_window = reduced < new_depth;
                }
            }
            if full_null_window {
                score = -self.negamax(board, new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
            }
            if principal && (move_count == 1 || score > alpha && score < beta) && !self.stopped {
                score = -self.negamax(board, new_depth, ply + 1, -beta, -alpha, false);
            }
            board.undo();
            if self.stopped {
                self.move_lists[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(cell);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                    // Once a move has raised alpha, the others are searched a ply less.
                    if depth > 2 * PLY && depth < 12 * PLY && score.abs() < 2_000 * MARGIN_SCALE {
                        depth -= PLY;
                    }
                }
            }
            if best_move != Some(cell) {
                if let Some(kind) = history_kind(own, forced) {
                    if searched_count[kind] < SEARCHED_KEPT {
                        searched[kind][searched_count[kind]] = cell;
                        searched_count[kind] += 1;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        if let Some(best) = best_move {
            // The best move of the node, whether it cut off or raised alpha, teaches the
            // ordering; the moves of its kind searched before it in vain unlearn as much.
            let bonus = history_bonus(depth);
            let own = board.threat(me, best);
            if let Some(kind) = history_kind(own, forced) {
                self.reward(best, me, kind, bonus);
                if kind == QUIET {
                    self.add_killer(ply, best);
                }
            }
            for kind in [ATTACK, QUIET] {
                for &tried in &searched[kind][..searched_count[kind]] {
                    self.reward(tried, me, kind, -bonus);
                }
            }
            if let Some((last, _)) = their_last {
                self.counter_moves[last as usize][opponent.index()] = Some((best, own));
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        // A position whose moves all failed low below a principal one may be on the next
        // principal variation; one that found its refutation is likely not.
        if best_score <= original_alpha {
            was_principal = was_principal || (self.was_principal[ply - 1] && depth > 3 * PLY);
        } else if depth > 3 * PLY {
            was_principal = was_principal && self.was_principal[ply + 1];
        }
        if excluded.is_some() {
            return best_score;
        }
        self.was_principal[ply] = was_principal;
        self.table.store(
            key,
            Entry {
                best: best_move,
                score: to_table(best_score, ply_score),
                depth,
                bound,
                pv: was_principal,
            },
        );
        best_score
    }

    /// The null-move test of a null-window node whose evaluation `stand` lies far above
    /// `beta`: the opponent moves twice in a row, in a search some plies less deep, and when we
    /// still hold beta the node is cut with that score (never a win: passing proves none).
    /// A stone seldom hurts its owner in gomoku (only through renju's forbidden points or an
    /// exact five's overline), so a pass is about a lower bound of the best move. Not twice in a
    /// row, not in shallow nodes, and not where beta is a win or a loss, which moves must prove.
    fn null_move(
        &mut self,
        board: &mut Board,
        stand: i32,
        depth: Depth,
        ply: usize,
        beta: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let rule = board.rule();
        let passed_before = self.played[ply - 1].is_none();
        if depth < null_move_depth(rule)
            || stand < beta + null_move_margin(rule, depth)
            || beta.abs() >= WIN_THRESHOLD
            || passed_before
        {
            return None;
        }
        let me = board.side_to_move();
        self.played[ply] = None;
        board.set_side_to_move(me.opponent());
        let reduced = depth - null_move_reduction(rule, depth);
        let score = -self.negamax(board, reduced, ply + 1, -beta, -beta + 1, !cut_node);
        board.set_side_to_move(me);
        (score >= beta && !self.stopped).then(|| score.min(WIN_THRESHOLD - 1))
    }

    /// The singular-extension test of a table move that held at about this depth before: the
    /// node searched without it, less deep and against its table score less a margin. When
    /// every other move stays below, the table move is the only good one and is searched
    /// deeper (two plies when far below, outside the principal variation); when the others
    /// hold beta on their own, the node is cut (several moves would); when only the table's
    /// score holds beta, the move is searched less deep. `None` when the test does not apply.
    #[allow(clippy::too_many_arguments)]
    fn singular_extension(
        &mut self,
        board: &mut Board,
        entry: Entry,
        depth: Depth,
        ply: usize,
        beta: i32,
        principal: bool,
        cut_node: bool,
    ) -> Option<Singular> {
        let score = from_table(entry.score, ply as i32);
        if depth < SINGULAR_DEPTH
            || entry.bound == Bound::Upper
            || entry.depth < depth - SINGULAR_TABLE_DEPTH
            || score.abs() >= WIN_THRESHOLD
        {
            return None;
        }
        // A null-window node that was once on a principal variation is tested harder.
        let former_principal = !principal && self.was_principal[ply];
        let singular_beta =
            (score - singular_margin(board.rule(), depth, former_principal)).max(-WIN);
        let test_depth = depth - depth * 54 / 100 + PLY * i32::from(former_principal);
        self.excluded[ply] = entry.best;
        let test = self.negamax(
            board,
            test_depth,
            ply,
            singular_beta - 1,
            singular_beta,
            cut_node,
        );
        self.excluded[ply] = None;
        if self.stopped {
            return None;
        }
        Some(if test < singular_beta {
            let far_below = test < singular_beta - double_singular_margin(depth);
            if far_below && !principal && self.extra_extension[ply - 1] < SINGULAR_EXTRA_MAX {
                Singular::Extend(2 * PLY)
            } else {
                Singular::Extend(PLY)
            }
        } else if singular_beta >= beta {
            Singular::Cut(beta)
        } else if score >= beta {
            Singular::Extend(-SINGULAR_FAIL_HIGH_REDUCTION)
        } else {
            Singular::Extend(0)
        })
    }

    /// A win the threats on the board decide without a search, when the opponent has no five
    /// to make: an open four (or two fours); or, when the opponent cannot make a four to
    /// interrupt, a four-three or a double three (neither under renju's forbidden points).
    fn static_win(&mut self, board: &mut Board, ply_score: i32) -> Option<i32> {
        let me = board.side_to_move();
        let opponent = me.opponent();
        if board.threat_count(me, Threat::Flex4) > 0 && self.has_legal_flex4(board) {
            return Some(WIN - ply_score - 2);
        }
        if board.rule().has_forbidden_points(me) {
            return None;
        }
        let their_fours = [Threat::Four, Threat::FourThree, Threat::Flex4]
            .iter()
            .map(|&threat| board.threat_count(opponent, threat))
            .sum::<usize>();
        let double_threats =
            board.threat_count(me, Threat::FourThree) + board.threat_count(me, Threat::DoubleThree);
        (their_fours == 0 && double_threats > 0).then_some(WIN - ply_score - 4)
    }

    /// The late-move reduction of the `move_count`th move in a node of `depth`, in eighths of
    /// a ply: the product of their logarithms, less where a win must be exact.
    fn base_reduction(&self, board: &Board, depth: Depth, move_count: usize) -> Depth {
        let factor = match board.rule() {
            Rule::Freestyle => 1.0,
            Rule::Renju => 0.75,
            _ => 0.78,
        };
        let plies = (depth / PLY).clamp(0, 255) as usize;
        let reduction = factor
            * factor
            * self.reduction_log[plies]
            * self.reduction_log[move_count.min(255)]
            * f64::from(PLY);
        reduction as Depth
    }

    /// A leaf: the side to move stands on its evaluation or plays a four near its last stone
    /// (each answered by its one block through [`Searcher::negamax`], which comes back here a
    /// level deeper: `depth` counts the levels below zero), so that a run of fours that ends
    /// in a win or a strong shape is seen to its end.
    ///
    /// "Near" is Rapfi's neighbourhood of a stone: its 5x5 square and its lines up to four cells
    /// away (every four on the board costs nodes and seldom matters).
    fn leaf(
        &mut self,
        board: &mut Board,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let stand = evaluate_smoothed(board, self.materials[ply - 1]);
        let me = board.side_to_move();
        let fours =
            board.threat_count(me, Threat::Four) + board.threat_count(me, Threat::FourThree);
        if stand >= beta || fours == 0 || ply + 2 >= MAX_PLY || stand + LEAF_DELTA < alpha {
            return stand;
        }
        let Some(&(last, _)) = board
            .history()
            .iter()
            .rev()
            .find(|&&(_, color)| color == me)
        else {
            return stand;
        };
        let (lx, ly) = board.coords(last);
        let mut cells = std::mem::take(&mut self.leaf_lists[ply]);
        board.cells_with_threat(me, Threat::Four, &mut cells);
        cells.retain(|&cell| {
            let threat = board.threat(me, cell);
            if threat != Threat::Four && threat != Threat::FourThree {
                return false;
            }
            let (x, y) = board.coords(cell);
            let (dx, dy) = (x.abs_diff(lx), y.abs_diff(ly));
            let on_line = dx == 0 || dy == 0 || dx == dy;
            dx.max(dy) <= 2 || (on_line && dx.max(dy) <= 4)
        });
        cells.sort_by_key(|&cell| std::cmp::Reverse(board.threat(me, cell)));
        let mut best = stand;
        alpha = alpha.max(stand);
        for &cell in &cells {
            if !is_legal(board, cell) {
                continue;
            }
            board.play(cell);
            let score = -self.negamax(board, depth - PLY, ply + 1, -beta, -alpha, false);
            board.undo();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        self.leaf_lists[ply] = cells;
        best
    }

    fn has_legal_flex4(&mut self, board: &mut Board) -> bool {
        let me = board.side_to_move();
        if !board.rule().has_forbidden_points(me) {
            return true;
        }
        board.cells_with_threat(me, Threat::Flex4, &mut self.scratch);
        let cells = std::mem::take(&mut self.scratch);
        let found = cells.iter().any(|&c| is_legal(board, c));
        self.scratch = cells;
        found
    }

    /// Moves a history score towards the limit by `bonus` (or away by a malus), by less the
    /// nearer it already is, so that it stays within [`HISTORY_LIMIT`].
    fn reward(&mut self, cell: Cell, color: Color, kind: usize, bonus: i32) {
        let entry = &mut self.history[cell as usize][color.index()][kind];
        *entry += bonus - *entry * bonus.abs() / HISTORY_LIMIT;
    }

    /// Makes `cell` the first killer of `ply`.
    fn add_killer(&mut self, ply: usize, cell: Cell) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(cell) {
            killers[1] = killers[0];
            killers[0] = Some(cell);
        }
    }

    /// What a table cut-off teaches: its quiet table move was good when the bound was at or
    /// above beta, and bad otherwise.
    fn learn_from_table_move(&mut self, board: &Board, cell: Cell, depth: Depth, good: bool) {
        let me = board.side_to_move();
        let forced = board.threat_count(me.opponent(), Threat::Flex4) > 0;
        if !board.is_empty(cell) || history_kind(board.threat(me, cell), forced) != Some(QUIET) {
            return;
        }
        let bonus = history_bonus(depth);
        self.reward(cell, me, QUIET, if good { bonus } else { -bonus });
    }

    /// How much less the history of a move reduces it, in eighths of a ply.
    fn history_reduction(&self, cell: Cell, color: Color, depth: Depth) -> Depth {
        let [attack, quiet] = self.history[cell as usize][color.index()];
        // Rapfi's bias: a move with no history behind it is reduced a quarter ply more.
        let stat = attack + quiet * 780 / 1024 - 3_322;
        // Rapfi's divisors, the larger from 5.4 plies on.
        let divisor = if depth > 54 * PLY / 10 {
            12_267 + 4_380
        } else {
            12_267
        };
        stat * PLY / divisor
    }

    /// Scores the table move highest and raises the moves with a good history and the move that
    /// last answered the opponent's move best (the search then picks them best first). The
    /// killers add nothing here, as in Rapfi: ranked above threats, they cost 12 points.
    fn order(&self, board: &Board, moves: &mut [ScoredMove], table_move: Option<Cell>, ply: usize) {
        let me = board.side_to_move();
        let counter = ply
            .checked_sub(1)
            .and_then(|p| self.played[p])
            .and_then(|(last, _)| self.counter_moves[last as usize][me.opponent().index()]);
        for scored in moves.iter_mut() {
            let cell = scored.cell;
            if Some(cell) == table_move {
                scored.score = i32::MAX;
                continue;
            }
            let own = board.threat(me, cell);
            let [attack, quiet] = self.history[cell as usize][me.index()];
            scored.score += if own >= Threat::Three {
                attack / ATTACK_HISTORY_DIVISOR
            } else {
                quiet / QUIET_HISTORY_DIVISOR
            };
            if let Some((counter, threat)) = counter {
                if counter == cell && threat <= own {
                    scored.score += COUNTER_MOVE_BONUS;
                }
            }
        }
    }
}

/// Swaps the best-scored move of `moves` to the front (the first of equals).
fn select_best(moves: &mut [ScoredMove]) {
    let mut best = 0;
    for index in 1..moves.len() {
        if moves[index].score > moves[best].score {
            best = index;
        }
    }
    moves.swap(0, best);
}

/// At most this many moves of each kind searched in vain in a node are marked down.
const SEARCHED_KEPT: usize = 32;

/// Which history a move with threat class `own` for its player belongs to: a threat (an open
/// three or more) always, a quiet move unless it answers the opponent's open three.
fn history_kind(own: Threat, forced: bool) -> Option<usize> {
    if own >= Threat::Three {
        Some(ATTACK)
    } else if forced {
        None
    } else {
        Some(QUIET)
    }
}

/// What the history learns from a node `depth` deep: Rapfi's quadratic bonus in plies.
fn history_bonus(depth: Depth) -> i32 {
    let plies = f64::from(depth) / f64::from(PLY);
    ((25.0 * plies * plies + 105.0 * plies - 157.0) as i32).clamp(0, 8_927)
}

/// Iterations from this depth on search within a window around the last one's score,
const ASPIRATION_DEPTH: i32 = 5;
/// at first this wide on each side.
const ASPIRATION_DELTA: i32 = 16 * MARGIN_SCALE;

/// Razoring applies below this depth.
const RAZOR_DEPTH: Depth = 21;
/// Quiet moves (no pattern for either side) are skipped below this depth once a move holds.
const TRIVIAL_PRUNE_DEPTH: Depth = 34;
/// How much less deep a node of the principal variation without a table move is searched.
const IIR_PRINCIPAL: Depth = 3;
/// At most this much less deep for a table move that was searched shallower.
const IIR_TABLE_MAX: Depth = 29;
/// Re-searches of reduced moves extend a line by at most this much in all.
const LMR_EXTRA_MAX: Depth = 40;

/// Singular extensions are tested in nodes at least this deep (6.6 plies; Rapfi's figures,
/// as the margins below),
const SINGULAR_DEPTH: Depth = 53;
/// on a table result at most this much shallower than the node (2 plies);
const SINGULAR_TABLE_DEPTH: Depth = 16;
/// the double extension only while the line has been extended by less than this (10.8 plies);
const SINGULAR_EXTRA_MAX: Depth = 86;
/// and a table move that holds beta only on its table score is searched this much less deep
/// (1.5 plies).
const SINGULAR_FAIL_HIGH_REDUCTION: Depth = 12;

/// What a singular-extension test decided for the table move.
#[derive(Debug)]
enum Singular {
    /// Search it this much deeper (less deep when negative), in eighths of a ply.
    Extend(Depth),
    /// Other moves hold beta too: the node returns this score.
    Cut(i32),
}

/// How far below the table score the other moves must stay for the table move to be singular:
/// in Rapfi's units a little under one a ply, one more a ply in a node once on a principal
/// variation.
fn singular_margin(rule: Rule, depth: Depth, former_principal: bool) -> i32 {
    let per_ply = match rule {
        Rule::Freestyle => 0.91,
        Rule::Renju => 0.94,
        _ => 0.86,
    } + f64::from(u8::from(former_principal));
    (per_ply * f64::from(depth) / f64::from(PLY) * f64::from(MARGIN_SCALE)) as i32
}

/// How much further below the singular margin the other moves must stay for a double
/// extension.
fn double_singular_margin(depth: Depth) -> i32 {
    (29 - (depth * 6 / (10 * PLY)).min(9)) * MARGIN_SCALE
}

/// How far below alpha a position near the leaves may stand before it is left to its fours.
fn razor_margin(depth: Depth) -> i32 {
    let plies = depth as f64 / f64::from(PLY);
    let margin = 0.17 * plies * plies + 14.0 * plies + 19.0;
    margin as i32 * MARGIN_SCALE
}

/// How far above beta a position must stand to be cut off without a search.
fn futility_margin(depth: Depth, uncertain: bool, improving: bool) -> i32 {
    let per_ply = 63 - 12 * i32::from(uncertain);
    let eighths = (depth - PLY * i32::from(improving)).max(0);
    per_ply * eighths * MARGIN_SCALE / PLY
}

/// Null moves are tried from this depth on (Rapfi's, by rule).
fn null_move_depth(rule: Rule) -> Depth {
    PLY * match rule {
        Rule::Freestyle => 10,
        Rule::Renju => 8,
        _ => 11,
    }
}

/// How far above beta the static evaluation must stand for a null move: less the deeper the
/// node, down to a floor (Rapfi's margins in our units).
fn null_move_margin(rule: Rule, depth: Depth) -> i32 {
    let (bias, max) = match rule {
        Rule::Freestyle => (585, 315),
        Rule::Renju => (624, 230),
        _ => (538, 345),
    };
    (bias - (28 * depth / PLY).min(max)) * MARGIN_SCALE
}

/// How much less deep the search after a null move goes: a few plies, more the deeper.
fn null_move_reduction(rule: Rule, depth: Depth) -> Depth {
    let (bias, per_ply) = match rule {
        Rule::Freestyle => (3.67, 0.135),
        Rule::Renju => (4.29, 0.17),
        _ => (4.07, 0.134),
    };
    ((bias + per_ply * f64::from(depth) / f64::from(PLY)) * f64::from(PLY)) as Depth
}

/// How far above beta a cut node's evaluation must stand for its quiet moves to be reduced a
/// ply more.
fn fail_high_margin(depth: Depth, forced: bool) -> i32 {
    (-9 + 15 * (depth / PLY) + 87 * i32::from(forced)) * MARGIN_SCALE
}

/// How many moves a node of `depth` tries once one move holds: fewer when the position is
/// not improving on the one two plies up.
fn move_count_limit(depth: Depth, improving: bool) -> usize {
    let plies = f64::from((depth / PLY).max(0));
    let limit = 3 + plies.powf(1.32) as usize;
    if improving {
        limit
    } else {
        limit / 2
    }
}

/// The extra depth a reduced move that beat alpha gets in its re-search, in eighths: more
/// when it beat alpha by far, less when it barely rose above the best score.
fn research_extension(reduced_by: Depth, score: i32, alpha: i32, best: i32) -> Depth {
    let plies = reduced_by / PLY;
    let deeper = score > alpha + (34 + 11 * plies) * MARGIN_SCALE;
    let much_deeper = score > alpha + (349 + 26 * plies) * MARGIN_SCALE;
    let shallower = score < best + plies;
    PLY * (i32::from(deeper) + i32::from(much_deeper) - i32::from(shallower))
}

/// The logarithm of how many cells hold a pattern for either side: a busy position reduces
/// its quiet moves a little more.
fn complexity(board: &Board) -> f64 {
    let classes = [
        Threat::Low,
        Threat::DoubleTwo,
        Threat::Three,
        Threat::ThreePlus,
        Threat::Four,
        Threat::DoubleThree,
    ];
    let count: usize = [Color::Black, Color::White]
        .iter()
        .flat_map(|&color| classes.iter().map(move |&class| (color, class)))
        .map(|(color, class)| board.threat_count(color, class))
        .sum();
    ((1 + count) as f64).ln()
}

/// The share of [`complexity`] added to a move's reduction, in eighths of a ply.
fn complexity_share(trivial: bool, important: bool, distract: bool) -> f64 {
    let plies = match (trivial, important, distract) {
        (true, _, true) => 0.0968,
        (true, _, false) => 0.0385,
        (false, false, _) => 0.0222,
        (false, true, _) => 0.0055,
    };
    plies * f64::from(PLY)
}

/// The Chebyshev distance between two cells.
fn distance(board: &Board, a: Cell, b: Cell) -> usize {
    let (ax, ay) = board.coords(a);
    let (bx, by) = board.coords(b);
    ax.abs_diff(bx).max(ay.abs_diff(by))
}

/// Win scores are stored relative to the node, so that they stay right at another ply.
fn to_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply
    } else if score <= -WIN_THRESHOLD {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply
    } else if score <= -WIN_THRESHOLD {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A leaf plays the fours of the side to move: black's four at (8, 7) forces white to
    /// (9, 7), after which (8, 8) is an open four, a win that the static value does not see.
    #[test]
    fn a_leaf_plays_its_fours_through() {
        let mut board = Board::with_stones(
            Rule::Freestyle,
            &[(5, 7), (6, 7), (7, 7), (8, 9), (8, 10)],
            &[(4, 7), (0, 0), (14, 14), (0, 14), (14, 0)],
            Color::Black,
        );
        let mut searcher = Searcher::new(1 << 20);
        searcher.materials[0] = material(&board);
        let stand = evaluate_smoothed(&board, searcher.materials[0]);
        assert!(stand < WIN_THRESHOLD, "{stand}");
        let score = searcher.negamax(&mut board, 0, 1, -WIN - 1, WIN + 1, false);
        assert!(score >= WIN_THRESHOLD, "{score}");
        assert_eq!(board.stone_count(), 10, "the leaf takes its moves back");
    }

    /// The root reports a window it missed: no move and the window's bottom when every move
    /// stays below it, a move and a score at its top or above when one reaches it; and the
    /// aspiration loop, started far from the score, widens to a score inside its window.
    #[test]
    fn the_root_reports_a_missed_window_and_aspiration_widens_it() {
        // A fresh position with its moves and a fresh searcher for every search, so that no
        // table entry of one search steers the next.
        let setup = || {
            let mut board = Board::with_stones(
                Rule::Freestyle,
                &[(7, 7), (8, 8), (6, 9)],
                &[(7, 8), (8, 6)],
                Color::White,
            );
            let (mut moves, mut scratch) = (Vec::new(), Vec::new());
            generate(&mut board, &mut moves, &mut scratch);
            (board, moves, Searcher::new(1 << 20))
        };
        let root = |alpha: i32, beta: i32| {
            let (mut board, mut moves, mut searcher) = setup();
            searcher.root(&mut board, &mut moves, 4, alpha, beta)
        };
        let (best, score) = root(-WIN - 1, WIN + 1);
        assert!(best.is_some() && score.abs() < WIN_THRESHOLD, "{score}");
        assert_eq!(root(score + 2_000, score + 2_001), (None, score + 2_000));
        let (best, high) = root(score - 2_001, score - 2_000);
        assert!(best.is_some() && high >= score - 2_000, "{high}");
        for previous in [score - 3_000, score + 3_000] {
            let (mut board, mut moves, mut searcher) = setup();
            let (best, found) = searcher.aspiration(&mut board, &mut moves, 6, previous);
            assert!(best.is_some() && found.abs() < WIN_THRESHOLD, "{found}");
            assert_eq!(board.stone_count(), 5);
        }
    }

    /// A quiet middle-game position (white to move) whose table entry a depth-10 search wrote,
    /// with the searcher that holds it.
    fn searched_position() -> (Board, Searcher, Entry) {
        let mut board = Board::with_stones(
            Rule::Freestyle,
            &[(7, 7), (8, 8), (6, 9), (9, 6)],
            &[(7, 8), (8, 6), (6, 6)],
            Color::White,
        );
        let mut searcher = Searcher::new(1 << 20);
        searcher.materials[0] = material(&board);
        searcher.played[0] = Some((board.cell(9, 6), Threat::None));
        searcher.negamax(&mut board, 10 * PLY, 1, -WIN - 1, WIN + 1, false);
        let entry = searcher
            .table
            .probe(board.hash())
            .expect("the search stored its node");
        assert!(entry.best.is_some() && entry.score.abs() < WIN_THRESHOLD);
        (board, searcher, entry)
    }

    /// The singular test decides by where the other moves stand against the table's score: a
    /// score far above them all extends the table move, one far below a beta still lower cuts
    /// the node, one below them but above beta searches the move less deep. The test leaves
    /// the board and the excluded move as it found them, and the node's table slot unwritten.
    #[test]
    fn the_singular_test_extends_cuts_or_reduces_and_leaves_the_table_alone() {
        let (mut board, mut searcher, entry) = searched_position();
        // The node as deep as its entry (a principal node stores less than it was given).
        let depth = entry.depth;
        assert!(depth >= SINGULAR_DEPTH, "{depth}");
        let stones = board.stone_count();
        // An empty table: the node's own slot must stay empty (its children's may fill).
        searcher.table = TranspositionTable::with_bytes(1 << 20);
        let mut test = |score: i32, beta: i32| {
            let fabricated = Entry { score, ..entry };
            let found =
                searcher.singular_extension(&mut board, fabricated, depth, 1, beta, false, true);
            assert_eq!(searcher.excluded[1], None);
            assert_eq!(board.stone_count(), stones);
            assert!(searcher.table.probe(board.hash()).is_none());
            found
        };
        assert!(matches!(test(8_000, 8_001), Some(Singular::Extend(e)) if e >= PLY));
        assert!(matches!(test(-8_000, -9_000), Some(Singular::Cut(-9_000))));
        assert!(matches!(
            test(-8_000, -8_010),
            Some(Singular::Extend(e)) if e == -SINGULAR_FAIL_HIGH_REDUCTION
        ));
        // Shallow nodes, upper bounds and win scores are not tested.
        let upper = Entry {
            bound: Bound::Upper,
            ..entry
        };
        assert!(searcher
            .singular_extension(&mut board, upper, depth, 1, 0, false, true)
            .is_none());
        assert!(searcher
            .singular_extension(&mut board, entry, SINGULAR_DEPTH - 1, 1, 0, false, true)
            .is_none());
        let win = Entry {
            score: WIN - 10,
            ..entry
        };
        assert!(searcher
            .singular_extension(&mut board, win, depth, 1, 0, false, true)
            .is_none());
    }

    /// A null move far below the position's value holds beta, with a score that is not a
    /// win, and gives the move back to the side that passed; it is refused where beta is a win
    /// score, in shallow nodes and right after another pass.
    #[test]
    fn a_null_move_cuts_without_claiming_a_win_and_gives_the_move_back() {
        let (mut board, mut searcher, _) = searched_position();
        let (hash, side) = (board.hash(), board.side_to_move());
        let stand = evaluate_smoothed(&board, searcher.materials[0]);
        let depth = 12 * PLY;
        let beta = stand - 3_000;
        let score = searcher
            .null_move(&mut board, stand, depth, 1, beta, true)
            .expect("passing holds a beta this low");
        assert!((beta..WIN_THRESHOLD).contains(&score), "{score}");
        assert_eq!((board.hash(), board.side_to_move()), (hash, side));
        let refused = |searcher: &mut Searcher, board: &mut Board, depth, beta| {
            searcher
                .null_move(board, stand, depth, 1, beta, true)
                .is_none()
        };
        assert!(refused(&mut searcher, &mut board, depth, -WIN_THRESHOLD));
        assert!(refused(&mut searcher, &mut board, PLY * 7, beta));
        searcher.played[0] = None;
        assert!(refused(&mut searcher, &mut board, depth, beta));
    }

    /// The history's bonus grows with depth up to its cap, and no run of bonuses or maluses
    /// takes an entry past the limit.
    #[test]
    fn history_grows_with_depth_and_stays_within_its_limit() {
        let bonuses: Vec<i32> = (0..40).map(|plies| history_bonus(plies * PLY)).collect();
        assert!(bonuses.windows(2).all(|pair| pair[0] <= pair[1]));
        assert_eq!(bonuses[0], 0);
        assert_eq!(*bonuses.last().unwrap(), 8_927);
        let mut searcher = Searcher::new(1 << 16);
        for sign in [1, -1] {
            for _ in 0..100 {
                searcher.reward(5, Color::Black, QUIET, sign * 8_927);
                let entry = searcher.history[5][Color::Black.index()][QUIET];
                assert!(entry.abs() <= HISTORY_LIMIT, "{entry}");
            }
        }
    }

    /// The ordering reads the history of a move's kind (a threat's for a move that makes an
    /// open three, the quiet one otherwise) and the counter-move of the opponent's last stone.
    #[test]
    fn the_ordering_reads_the_history_of_the_kind_and_the_counter_move() {
        // Black (to move) has a two on row 7: (5, 7) and (8, 7) make open threes, (7, 10) and
        // (10, 10) are quiet.
        let board = Board::with_stones(
            Rule::Freestyle,
            &[(6, 7), (7, 7)],
            &[(7, 8), (9, 9)],
            Color::Black,
        );
        let three = board.cell(5, 7);
        let quiet = board.cell(7, 10);
        let other_quiet = board.cell(10, 10);
        assert!(board.threat(Color::Black, three) >= Threat::Three);
        assert!(board.threat(Color::Black, quiet) < Threat::Three);
        let mut searcher = Searcher::new(1 << 16);
        let ranked = |searcher: &Searcher| {
            let mut moves: Vec<ScoredMove> = [three, quiet, other_quiet]
                .iter()
                .map(|&cell| ScoredMove { cell, score: 0 })
                .collect();
            searcher.order(&board, &mut moves, None, 1);
            moves.iter().map(|m| m.score).collect::<Vec<_>>()
        };
        assert_eq!(ranked(&searcher), vec![0, 0, 0]);
        // A quiet history on the three's cell does not count for the three, an attack one does.
        searcher.reward(three, Color::Black, QUIET, 4_000);
        assert_eq!(ranked(&searcher)[0], 0);
        searcher.reward(three, Color::Black, ATTACK, 4_000);
        assert_eq!(ranked(&searcher)[0], 4_000 / ATTACK_HISTORY_DIVISOR);
        searcher.reward(quiet, Color::Black, QUIET, 4_000);
        assert_eq!(ranked(&searcher)[1], 4_000 / QUIET_HISTORY_DIVISOR);
        // White's last stone was (9, 9); the quiet (10, 10) answered it best before.
        searcher.played[0] = Some((board.cell(9, 9), Threat::None));
        searcher.counter_moves[board.cell(9, 9) as usize][Color::White.index()] =
            Some((other_quiet, Threat::None));
        assert_eq!(ranked(&searcher)[2], COUNTER_MOVE_BONUS);
    }
}
