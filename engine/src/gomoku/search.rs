//! The search: iterative deepening over a principal-variation alpha-beta with a transposition
//! table, threat-aware move generation, forced replies that cost no depth, late-move reductions,
//! pruning outside the principal variation, a VCF probe before the full search and leaves
//! that play out the fours of the side to move (see `Searcher::leaf`).
//!
//! Most of the moves it searches make or stop threes and fours, or answer them (quiet moves are
//! 4%), so the ordering and reductions of quiet moves change little, except in the principal
//! variation, where the opponent's refutation is often a quiet move; trees made smaller by
//! charging a ply for forced answers or by reducing threat moves have scored worse, even with
//! more time. Time itself is worth about 90 Elo a doubling in self-play and against Rapfi held
//! to 100 ms a move, about 45 against full-strength Rapfi. The variants tried and not kept,
//! with their scores, are listed in `EXPERIMENTS.md` next to this file in the repository.

use std::time::Duration;

use super::board::{Board, Cell, CELLS};
use super::eval::{evaluate_smoothed, material};
use super::movegen::{generate, generate_unordered, is_legal, move_score, ScoredMove};
use super::pattern::Threat;
use super::tt::{Bound, Entry, TranspositionTable};
use super::vcf::VcfSolver;
use crate::core::time::Deadline;

/// The score of a win on the move; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses, not evaluations.
pub const WIN_THRESHOLD: i32 = WIN - 1_000;
/// The deepest ply a search line may reach (forced replies do not spend depth).
const MAX_PLY: usize = 96;
/// Moves searched at a node outside the principal variation when it is not forced: the
/// ordering puts the useful ones first and the tail is seldom best. Like late-move pruning and
/// futility, this cut waits until one move is known not to lose (see [`Searcher::negamax`]).
const MAX_BREADTH: usize = 16;

/// Late-move reductions: a quiet move at `index` in a node of `depth` is searched
/// `LMR_BASE + ln(depth) * ln(index) / LMR_DIVISOR` plies less, one less in the principal
/// variation (then again at full depth if it beats alpha). With these values (and the pruning
/// below) the engine scored 65-9-46 against the earlier fixed steps of 1 to 3 plies (15x15
/// exact five, 200 ms a move, 120 games); a milder divisor of 1.8 with `LMP_BASE` 4 scored
/// 59-7-54, a harsher 1.0 with 1 lost 42-6-52.
const LMR_BASE: f64 = 0.6;
const LMR_DIVISOR: f64 = 1.3;
/// Late-move pruning: a node of `depth` outside the principal variation tries at most
/// `LMP_BASE + depth * depth` moves before it skips the quiet ones.
const LMP_BASE: i32 = 2;

/// History scores stay within plus or minus this.
const HISTORY_LIMIT: i32 = 16_384;
/// A history score is worth this many times less than an ordering point.
const HISTORY_DIVISOR: i32 = 16;

/// A leaf this far below alpha plays no fours: none of them could bring it back.
const LEAF_DELTA: i32 = 2_100;

/// How much one ply of depth may gain at most for a quiet move, in evaluation units.
const FUTILITY_MARGIN: i32 = 150;

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
    /// Per ply, the last two moves that cut the search off there.
    killers: Vec<[Option<Cell>; 2]>,
    /// Per cell and colour, how often a move there cut the search off lately, less how often
    /// it was tried in vain before another cut (see [`HISTORY_LIMIT`]).
    history: Vec<[i32; 2]>,
    move_lists: Vec<Vec<ScoredMove>>,
    /// [`material`] at each ply of the current line, for [`evaluate_smoothed`].
    materials: Vec<i32>,
    scratch: Vec<Cell>,
    /// Per ply, the fours a leaf tries.
    leaf_lists: Vec<Vec<Cell>>,
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
            history: vec![[0; 2]; CELLS],
            move_lists: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            materials: vec![0; MAX_PLY + 2],
            scratch: Vec::new(),
            leaf_lists: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
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
        // What cut off in the last move's searches still counts, but less.
        for entry in self.history.iter_mut() {
            *entry = [entry[0] / 2, entry[1] / 2];
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
            let (best, score) = self.root(board, &mut root_moves, depth);
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

    fn root(
        &mut self,
        board: &mut Board,
        moves: &mut Vec<ScoredMove>,
        depth: i32,
    ) -> (Option<Cell>, i32) {
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut best: Option<Cell> = None;
        let mut best_index = 0;
        self.materials[0] = material(board);
        for (index, scored) in moves.iter().enumerate() {
            if index > 0 && self.deadline.elapsed() >= self.move_limit {
                self.stopped = true;
                break;
            }
            let cell = scored.cell;
            board.play(cell);
            let score = if index == 0 {
                -self.negamax(board, depth - 1, 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(board, depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && !self.stopped {
                    -self.negamax(board, depth - 1, 1, -beta, -alpha)
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
            }
        }
        // Keep the best move first for the next iteration.
        if best_index > 0 {
            let chosen = moves.remove(best_index);
            moves.insert(0, chosen);
        }
        (best, alpha)
    }

    fn negamax(
        &mut self,
        board: &mut Board,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
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
            board.play(block);
            let score = -self.negamax(board, depth, ply + 1, -beta, -alpha);
            board.undo();
            return score;
        }
        if board.threat_count(me, Threat::Flex4) > 0 && self.has_legal_flex4(board) {
            return WIN - ply_score - 2;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.leaf(board, depth, ply, alpha, beta);
        }
        // Mate-distance pruning: nothing here can beat a win found closer to the root.
        let alpha_floor = -(WIN - ply_score);
        if alpha_floor >= beta {
            return alpha_floor;
        }
        let key = board.hash();
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply_score);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let forced = board.threat_count(opponent, Threat::Flex4) > 0;
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        generate_unordered(board, &mut moves, &mut self.scratch);
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return if forced { -(WIN - ply_score - 3) } else { 0 };
        }
        self.order(&mut moves, table_move, ply, me.index());
        let original_alpha = alpha;
        // A node of the principal variation (a full window: the line the root means to play,
        // or a move that may replace it) prunes no move and reduces its quiet ones a ply less.
        // The opponent's best reply to our chosen move is often a quiet build-up that the
        // ordering ranks far behind the threats, past the breadth cut; searched here, it is
        // seen before we play into it. Such nodes are few, so this costs a fifth more nodes.
        let principal = beta - alpha > 1;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        // Futility: near the leaves, a quiet move cannot lift a position far below alpha.
        let futile_below = if !forced && !principal && depth <= 2 {
            Some(evaluate_smoothed(board, self.materials[ply - 1]) + FUTILITY_MARGIN * depth)
        } else {
            None
        };
        for index in 0..moves.len() {
            // Most nodes end with their first move or two, so the moves are picked best first
            // one at a time rather than sorted all at once.
            select_best(&mut moves[index..]);
            let cell = moves[index].cell;
            // Moves are skipped only once one move is known not to lose: a node that pruned
            // its way to a lost score would pass off an unproven loss as a proof, and the
            // search trusts win and loss scores everywhere.
            let may_skip = best_score > -WIN_THRESHOLD;
            if may_skip && !forced && !principal && index >= MAX_BREADTH {
                break;
            }
            // Moves that make or stop a three or a four are never reduced, nor skipped by
            // futility or late-move pruning (only the breadth cut above ends them).
            let own = board.threat(me, cell);
            let theirs = board.threat(opponent, cell);
            let quiet = !own.is_four() && own < Threat::Three && theirs < Threat::Three && !forced;
            if may_skip && quiet && futile_below.is_some_and(|bound| bound <= alpha) {
                continue;
            }
            if may_skip && quiet && !principal && index >= late_move_limit(depth) {
                continue;
            }
            // Answers to a threat are forced: they do not spend depth, so that the attacker's
            // sequences of threes and fours are seen to their end.
            let child_depth = if forced { depth } else { depth - 1 };
            if child_depth > 0 {
                // The child will probe the table first: its slot loads while the board updates.
                self.table.prefetch(board.hash_after(cell));
            }
            board.play(cell);
            let mut score;
            if index == 0 {
                score = -self.negamax(board, child_depth, ply + 1, -beta, -alpha);
            } else {
                let reduction = if quiet && depth >= 2 && index >= 2 {
                    (late_move_reduction(depth, index) - i32::from(principal))
                        .min(child_depth - 1)
                        .max(0)
                } else if forced && index >= 2 && child_depth >= 1 {
                    // The answers to an open three cost no depth, so every three of the
                    // attacker would multiply the defender's nodes by its four or five answers:
                    // the ones after the first two are tried a ply shallower first.
                    1
                } else {
                    0
                };
                score = -self.negamax(board, child_depth - reduction, ply + 1, -alpha - 1, -alpha);
                if score > alpha && reduction > 0 && !self.stopped {
                    score = -self.negamax(board, child_depth, ply + 1, -alpha - 1, -alpha);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(board, child_depth, ply + 1, -beta, -alpha);
                }
            }
            board.undo();
            if self.stopped {
                self.move_lists[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(cell);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                // Every move that cuts off teaches the ordering, threats and answers to them
                // as much as quiet moves: these are most of the moves searched.
                let killers = &mut self.killers[ply];
                if killers[0] != Some(cell) {
                    killers[1] = killers[0];
                    killers[0] = Some(cell);
                }
                let bonus = depth * depth;
                self.reward(cell, me.index(), bonus);
                for tried in &moves[..index] {
                    self.reward(tried.cell, me.index(), -bonus);
                }
                break;
            }
        }
        self.move_lists[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            key,
            Entry {
                best: best_move,
                score: to_table(best_score, ply_score),
                depth,
                bound,
            },
        );
        best_score
    }

    /// A leaf: the side to move stands on its evaluation or plays a four near its last stone
    /// (each answered by its one block through [`Searcher::negamax`], which comes back here a
    /// level deeper: `depth` counts the levels below zero), so that a run of fours that ends
    /// in a win or a strong shape is seen to its end.
    ///
    /// "Near" is Rapfi's neighbourhood of a stone: its 5x5 square and its lines up to four cells
    /// away (every four on the board costs nodes and seldom matters). Against Rapfi held to 100
    /// ms a move (ours 500 ms, 15x15 exact five, 200 games) the search scored 119-7-74 (61.3%)
    /// with this and 109-5-86 (55.8%) without.
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
            let score = -self.negamax(board, depth - 1, ply + 1, -beta, -alpha);
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
    fn reward(&mut self, cell: Cell, color: usize, bonus: i32) {
        let entry = &mut self.history[cell as usize][color];
        *entry += bonus - *entry * bonus.abs() / HISTORY_LIMIT;
    }

    /// Scores the table move highest and the killers right after it, and raises the moves
    /// with a good history (the search then picks them best first).
    fn order(&self, moves: &mut [ScoredMove], table_move: Option<Cell>, ply: usize, color: usize) {
        let killers = self.killers[ply];
        for scored in moves.iter_mut() {
            scored.score += self.history[scored.cell as usize][color] / HISTORY_DIVISOR;
            if Some(scored.cell) == table_move {
                scored.score = i32::MAX;
            } else if Some(scored.cell) == killers[0] {
                scored.score = scored.score.saturating_add(2_000);
            } else if Some(scored.cell) == killers[1] {
                scored.score = scored.score.saturating_add(1_500);
            }
        }
    }
}

/// Swaps the best-scored move of `moves` to the front (the first of equals).
fn select_best(moves: &mut [ScoredMove]) {
    let best = (0..moves.len()).max_by_key(|&i| (moves[i].score, std::cmp::Reverse(i)));
    if let Some(best) = best {
        moves.swap(0, best);
    }
}

/// How many plies a quiet move late in the ordering is searched less: more the later it
/// comes and the deeper the node.
fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let product = f64::from(depth).ln() * (index as f64).ln();
    (LMR_BASE + product / LMR_DIVISOR) as i32
}

/// How many moves a node of `depth` tries before it skips the quiet ones.
fn late_move_limit(depth: i32) -> usize {
    (LMP_BASE + depth * depth) as usize
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
    use crate::gomoku::rule::{Color, Rule};

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
        let score = searcher.negamax(&mut board, 0, 1, -WIN - 1, WIN + 1);
        assert!(score >= WIN_THRESHOLD, "{score}");
        assert_eq!(board.stone_count(), 10, "the leaf takes its moves back");
    }
}
