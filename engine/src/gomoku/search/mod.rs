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

mod node;
mod ordering;
pub mod params;
mod stack;

use std::time::Duration;

use super::board::{Board, Cell, CELLS};
use super::eval::material;
use super::movegen::{generate, is_legal, move_score, ScoredMove};
use super::pattern::Threat;
use super::tt::TranspositionTable;
use super::vcf::VcfSolver;
use crate::core::report::Report;
use crate::core::score::{WIN, WIN_THRESHOLD};
use crate::core::time::Deadline;
use params::Params;
use stack::Ply;

/// The deepest ply a search line may reach.
const MAX_PLY: usize = 96;

/// Depths are counted in eighths of a ply, so that reductions and extensions can be parts of
/// a ply.
type Depth = i32;
/// One ply of depth.
const PLY: Depth = 8;

/// What a search found, the move as a board cell.
pub type SearchResult = Report<Cell>;

/// The searcher with its transposition table, kept between moves of a game.
pub struct Searcher {
    table: TranspositionTable,
    nodes: u64,
    deadline: Deadline,
    /// The time after which the root starts no new move: the soft limit, or more while the
    /// move is not settled (see [`Searcher::search`]).
    move_limit: Duration,
    stopped: bool,
    params: Params,
    /// Per ply from the root, what the search keeps about the line down to there.
    stack: Vec<Ply>,
    /// Per cell, colour and kind of move (threat or quiet), how often a move there
    /// was the best of its node lately, less how often it was tried in vain before another
    /// (within [`Params::history_limit`]).
    history: Vec<[[i32; 2]; 2]>,
    /// Per cell and colour, the move that last answered a stone of that colour there best,
    /// with its threat class.
    counter_moves: Vec<[Option<(Cell, Threat)>; 2]>,
    scratch: Vec<Cell>,
    /// Natural logarithms of 1 to 255 (of 1 at 0), for the late-move reductions.
    reduction_log: Vec<f64>,
}

impl Searcher {
    /// A searcher whose table takes at most `table_bytes`, with the default parameters.
    pub fn new(table_bytes: usize) -> Self {
        Self::with_params(table_bytes, Params::default())
    }

    /// A searcher with other parameters (for tuning and matches between versions).
    pub fn with_params(table_bytes: usize, params: Params) -> Self {
        Self {
            params,
            table: TranspositionTable::with_bytes(table_bytes),
            nodes: 0,
            deadline: Deadline::unlimited(),
            move_limit: Duration::MAX,
            stopped: false,
            stack: (0..MAX_PLY + 2).map(|_| Ply::default()).collect(),
            history: vec![[[0; 2]; 2]; CELLS],
            counter_moves: vec![[None; 2]; CELLS],
            scratch: Vec::new(),
            reduction_log: (0..256).map(|i: i32| f64::from(i.max(1)).ln()).collect(),
        }
    }

    /// Bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Searches from now on with `table` (built elsewhere, off the clock of any move).
    pub fn set_table(&mut self, table: TranspositionTable) {
        self.table = table;
    }

    /// Searches from now on with other parameters.
    pub fn set_params(&mut self, params: Params) {
        self.params = params;
    }

    /// The parameters the search runs with.
    pub fn params(&self) -> &Params {
        &self.params
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
        let mut result = SearchResult::empty();
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
            // the same, since it may err, else play the best legal cell anywhere. With only
            // forbidden points left, one of them: the rule then ends the game, where no answer
            // would leave the manager waiting until our time runs out.
            let opponent = board.side_to_move().opponent();
            let mut cells: Vec<Cell> = board.playable().to_vec();
            cells.retain(|&c| board.is_empty(c));
            if cells.iter().any(|&c| is_legal(board, c)) {
                cells.retain(|&c| is_legal(board, c));
            }
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
        // A move that is not settled may go on past the soft limit, at most halfway to the hard
        // one.
        let extended = (deadline
            .soft
            .saturating_mul(self.params.unsettled_time_percent)
            / 100)
            .min(deadline.soft + deadline.hard.saturating_sub(deadline.soft) / 2);
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
            let unsettled = depth >= self.params.settled_from_depth
                && (best.map_or(false, |cell| result.best != Some(cell))
                    || score + self.params.unsettled_drop < result.score);
            self.move_limit = if unsettled { extended } else { deadline.soft };
            result.best = best.or(result.best);
            result.score = score;
            result.depth = depth;
            if score.abs() >= WIN_THRESHOLD {
                break;
            }
            if deadline.elapsed().as_secs_f64()
                > self.move_limit.as_secs_f64() * self.params.iteration_start_share
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
        if depth < self.params.aspiration_depth || previous.abs() >= WIN_THRESHOLD {
            return self.root(board, moves, depth, -WIN - 1, WIN + 1);
        }
        let mut delta = self.params.margin(self.params.aspiration_delta);
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
            let scale = self.params.margin_scale;
            delta = delta * (3 + score.abs() / (1_024 * scale)) / 4 + scale * 6;
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
        self.stack[0].material = material(board);
        self.stack[0].eval = None;
        self.stack[0].was_principal = true;
        self.stack[0].extension = 0;
        let depth = depth * PLY;
        let new_depth = depth - PLY;
        for (index, scored) in moves.iter().enumerate() {
            if index > 0 && self.deadline.elapsed() >= self.move_limit {
                self.stopped = true;
                break;
            }
            let cell = scored.cell;
            self.stack[0].played = Some((cell, board.threat(me, cell)));
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
}

#[cfg(test)]
mod tests;
