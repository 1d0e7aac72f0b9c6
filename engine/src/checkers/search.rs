//! Iterative-deepening principal-variation search with a transposition table, killer and
//! history move ordering, late-move reductions, and forced captures resolved past the horizon.
//!
//! Scores are in hundredths of a man from the side to move's view. A game won by capture or
//! blockade scores `WIN - p`, where `p` is the game ply at which it is won (earlier wins are
//! better); a game decided by the count at the 120-ply limit, which every line reaches at the
//! latest, scores a proven win or loss shifted by the margin, so the last plies of a game are
//! searched exactly and a lost count is kept as close as it can be. Since the key of a position holds its ply, a
//! stored score is valid wherever the position recurs, and repeated positions need no special
//! treatment: the judge has no repetition rule, a repetition only spends plies.

use super::eval::{evaluate, Weights, WEIGHTS};
use super::moves::{Move, MoveList};
use super::position::{Outcome, Position, MAX_PLIES};
use super::tt::Table;
use crate::core::color::Color;
use crate::core::score::Bound;
use crate::core::time::{Deadline, StopFlag};
use std::time::Duration;

use crate::core::score::{WIN, WIN_THRESHOLD};

/// Deepest nominal depth of an iteration.
const MAX_DEPTH: i32 = 100;
/// Longest line from the root (nominal depth plus forced captures); a line cannot outlast the
/// 120-ply limit, so this is never reached in a real game.
const MAX_HEIGHT: usize = 128;
/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 256;

/// When to stop thinking.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Soft limit: no new iteration after it; hard limit: stop at once.
    pub deadline: Deadline,
    /// Deepest iteration.
    pub max_depth: i32,
    /// Stop as soon as this is raised (pondering ends when the opponent's move arrives).
    pub stop: Option<StopFlag>,
}

impl Limits {
    /// A fixed-depth search without time limit.
    pub fn depth(max_depth: i32) -> Limits {
        Limits {
            deadline: Deadline::unlimited(),
            max_depth,
            stop: None,
        }
    }

    /// A timed search.
    pub fn timed(soft: Duration, hard: Duration) -> Limits {
        Limits {
            deadline: Deadline::new(soft, hard),
            max_depth: MAX_DEPTH,
            stop: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Move>,
    /// Its score.
    pub score: i32,
    /// The deepest iteration completed (0 when the move was forced).
    pub depth: i32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The search state kept between moves of a game.
pub struct Searcher {
    table: Table,
    /// Two killer move codes per height.
    killers: [[u16; 2]; MAX_HEIGHT],
    /// Cut-off counts per side, start and end square.
    history: Box<[[[i32; 32]; 32]; 2]>,
    nodes: u64,
    aborted: bool,
    limits: Limits,
    /// Evaluation weights: the tuned [`WEIGHTS`], or others when the tuner compares sets.
    weights: Box<Weights>,
}

impl Searcher {
    /// A searcher with a transposition table of about `table_mb` megabytes.
    pub fn new(table_mb: usize) -> Searcher {
        Searcher {
            table: Table::new(table_mb),
            killers: [[0; 2]; MAX_HEIGHT],
            history: Box::new([[[0; 32]; 32]; 2]),
            nodes: 0,
            aborted: false,
            limits: Limits::depth(1),
            weights: Box::new(WEIGHTS),
        }
    }

    /// Evaluates with other weights (for comparing weight sets in self-play).
    pub fn set_weights(&mut self, weights: &Weights) {
        *self.weights = *weights;
    }

    /// Searches `position` within `limits` and returns the best move found.
    pub fn think(&mut self, position: &Position, limits: Limits) -> SearchResult {
        self.limits = limits;
        self.nodes = 0;
        self.aborted = false;
        self.table.new_search();
        self.killers = [[0; 2]; MAX_HEIGHT];
        for value in self.history.iter_mut().flatten().flatten() {
            *value /= 4;
        }

        let mut roots = MoveList::new();
        position.legal_moves(&mut roots);
        roots.remove_same_effect();
        let mut result = SearchResult {
            best: roots.as_slice().first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if roots.len() <= 1 || position.ply() >= MAX_PLIES {
            result.elapsed = self.limits.deadline.elapsed();
            return result;
        }

        // Every line ends by the ply limit; past twice the plies left (reductions and all),
        // deeper iterations would only repeat the same exact result.
        let plies_left = (MAX_PLIES - position.ply()) as i32;
        let last_depth = self.limits.max_depth.min(2 * plies_left + 4);
        let mut order: Vec<Move> = roots.as_slice().to_vec();
        for depth in 1..=last_depth {
            let (score, best) = self.aspiration(position, &mut order, depth, result.score);
            if let Some(best) = best {
                // A partial iteration's best move has beaten the previous best at equal or
                // greater depth, so it is kept even when the iteration was cut short.
                result.best = Some(best);
                result.score = score;
            }
            if self.aborted {
                break;
            }
            result.depth = depth;
            if self.limits.deadline.soft_passed() || result.score.abs() > WIN_THRESHOLD {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.limits.deadline.elapsed();
        result
    }

    /// One iteration, first with a narrow window around the previous score (most iterations
    /// stay inside it, and a narrow window cuts more), widened to the full window on the side
    /// where it fails.
    fn aspiration(
        &mut self,
        position: &Position,
        order: &mut [Move],
        depth: i32,
        previous: i32,
    ) -> (i32, Option<Move>) {
        const MARGIN: i32 = 40;
        let full = (-WIN - 1, WIN + 1);
        let mut window = if depth >= 5 && previous.abs() < WIN_THRESHOLD {
            (previous - MARGIN, previous + MARGIN)
        } else {
            full
        };
        loop {
            let (score, best) = self.search_root(position, order, depth, window.0, window.1);
            if self.aborted {
                return (score, best);
            }
            if score <= window.0 && window.0 > full.0 {
                window.0 = full.0;
            } else if score >= window.1 && window.1 < full.1 {
                window.1 = full.1;
            } else {
                return (score, best);
            }
            // A fail-high already found a better move: keep it in front for the re-search.
        }
    }

    /// One iteration at the root within (`alpha`, `beta`). Moves the best move to the front of
    /// `order`. Returns the score and the move that raised alpha, or `None` if none did
    /// (aborted before any, or a fail-low).
    fn search_root(
        &mut self,
        position: &Position,
        order: &mut [Move],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<Move>) {
        let original_alpha = alpha;
        let mut best = None;
        let mut best_index = 0;
        for (index, &mv) in order.iter().enumerate() {
            let child = position.apply(mv);
            let score = if index == 0 {
                -self.search(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let probe = -self.search(&child, depth - 1, -alpha - 1, -alpha, 1);
                if probe > alpha && !self.aborted {
                    -self.search(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(mv);
                best_index = index;
                if score >= beta {
                    break;
                }
            }
        }
        order[..=best_index].rotate_right(1);
        if let (Some(mv), false) = (best, self.aborted) {
            let bound = if alpha >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table
                .store(position.hash(), alpha, mv.code(), depth, bound);
        }
        if best.is_none() {
            // Failed low (or aborted): the true score is at most alpha.
            return (original_alpha, None);
        }
        (alpha, best)
    }

    /// The negamax search of a non-root node.
    fn search(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        height: usize,
    ) -> i32 {
        if position.ply() >= MAX_PLIES {
            return terminal_score(position, 1);
        }
        self.nodes += 1;
        if self.nodes % CLOCK_INTERVAL == 0 && self.should_stop() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }

        let key = position.hash();
        let entry = self.table.probe(key);
        let is_pv = beta - alpha > 1;
        if let Some(entry) = entry {
            let score = i32::from(entry.score);
            if i32::from(entry.depth) >= depth && !is_pv && entry.bound.settles(score, alpha, beta)
            {
                return score;
            }
        }

        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return terminal_score(position, 0);
        }
        let capturing = moves.as_slice()[0].is_capture();
        if capturing {
            moves.remove_same_effect();
        } else if depth <= 0 {
            // A quiet position at the horizon. Captures are mandatory, so there is no
            // "stand pat" while one is pending: those positions are searched on.
            return evaluate(position, &self.weights);
        }
        // A forced reply costs no depth: the line is as long as the choices in it.
        let forced = moves.len() == 1;
        let child_depth = if forced { depth } else { depth - 1 };

        let tt_move = entry.map_or(0, |e| e.best);
        self.order(position, moves.as_mut_slice(), tt_move, height);

        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_code = 0;
        for (index, &mv) in moves.as_slice().iter().enumerate() {
            let child = position.apply(mv);
            let score = if index == 0 {
                -self.search(&child, child_depth, -beta, -alpha, height + 1)
            } else {
                // Late quiet moves of a well-ordered list rarely matter: try them shallower.
                let reduction = if !capturing && depth >= 3 && index >= 3 && !is_pv {
                    1 + i32::from(depth >= 6 && index >= 8)
                } else {
                    0
                };
                let mut score = -self.search(
                    &child,
                    child_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    height + 1,
                );
                if score > alpha && reduction > 0 {
                    score = -self.search(&child, child_depth, -alpha - 1, -alpha, height + 1);
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, child_depth, -beta, -alpha, height + 1);
                }
                score
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_code = mv.code();
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if !capturing {
                            self.reward(position.side(), mv, depth, height);
                        }
                        break;
                    }
                }
            }
        }

        let bound = Bound::of(best_score, original_alpha, beta);
        self.table.store(key, best_score, best_code, depth, bound);
        best_score
    }

    /// Sorts moves: the table's move, then killers, crowning steps, then by history.
    fn order(&self, position: &Position, moves: &mut [Move], tt_move: u16, height: usize) {
        let side = position.side().index();
        let killers = self.killers.get(height).copied().unwrap_or([0; 2]);
        let crowning_row = match position.side() {
            Color::Black => 0,
            Color::White => 7,
        };
        let men = position.pieces(position.side()) & !position.kings();
        let score = |mv: &Move| -> i32 {
            let code = mv.code();
            if code == tt_move {
                return 1 << 30;
            }
            let mut value = if code == killers[0] {
                1 << 28
            } else if code == killers[1] {
                1 << 27
            } else {
                self.history[side][mv.from().index()][mv.to().index()]
            };
            if men & mv.from().bit() != 0 && mv.to().row() == crowning_row {
                value += 1 << 29;
            }
            value += (mv.captured() & position.kings()).count_ones() as i32;
            value
        };
        let mut keys = [0i32; MoveList::CAPACITY];
        for (key, mv) in keys.iter_mut().zip(moves.iter()) {
            *key = score(mv);
        }
        // Insertion sort: lists are short.
        for i in 1..moves.len() {
            let (mv, key) = (moves[i], keys[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < key {
                moves[j] = moves[j - 1];
                keys[j] = keys[j - 1];
                j -= 1;
            }
            moves[j] = mv;
            keys[j] = key;
        }
    }

    /// A quiet move caused a cut-off: remember it as a killer and in the history.
    fn reward(&mut self, side: Color, mv: Move, depth: i32, height: usize) {
        if let Some(killers) = self.killers.get_mut(height) {
            if killers[0] != mv.code() {
                killers[1] = killers[0];
                killers[0] = mv.code();
            }
        }
        let slot = &mut self.history[side as usize][mv.from().index()][mv.to().index()];
        *slot = (*slot + depth * depth).min(1 << 20);
    }

    fn should_stop(&self) -> bool {
        self.limits.deadline.hard_passed()
            || self.limits.stop.as_ref().map_or(false, |s| s.is_raised())
    }
}

/// The exact score of a finished game for the side to move (`legal_moves` as in
/// [`Position::outcome`]). A game decided by the count at the ply limit also weighs the margin:
/// every such win ranks below every win by capture or blockade, and among lost ends the
/// closest count is kept, where one slip of the opponent still turns the result.
fn terminal_score(position: &Position, legal_moves: usize) -> i32 {
    if position.ply() >= MAX_PLIES {
        let side = position.side();
        let margin = position.material_points(side) - position.material_points(side.opponent());
        return match margin.signum() {
            0 => 0,
            sign => sign * LIMIT_WIN + margin.clamp(-COUNT_MARGIN_CAP, COUNT_MARGIN_CAP),
        };
    }
    let won_at = WIN - position.ply() as i32;
    match position.outcome(legal_moves) {
        Some(Outcome::Win) => won_at,
        Some(Outcome::Loss) => -won_at,
        _ => 0,
    }
}

/// The largest count margin that still ranks a result: 12 kings against none.
const COUNT_MARGIN_CAP: i32 = 36;
/// The score of a win by one point at the ply limit, below a win by capture at the last ply.
const LIMIT_WIN: i32 = WIN - MAX_PLIES as i32 - COUNT_MARGIN_CAP - 1;

#[cfg(test)]
mod tests {
    use super::*;

    fn at_ply(text: &str, ply: u32) -> Position {
        let parsed = Position::parse(text).unwrap();
        Position::from_parts(
            parsed.black(),
            parsed.white(),
            parsed.kings(),
            parsed.side(),
            ply,
        )
    }

    #[test]
    fn the_count_at_the_limit_is_a_proven_result_that_weighs_the_margin() {
        // Black: a king and a man (4 points); white: two men (2 points).
        let ahead = at_ply(
            "......../..w...w./......../......../...B..../......../.b....../........ b",
            MAX_PLIES,
        );
        let behind = at_ply(
            "......../..w...w./......../......../...B..../......../.b....../........ w",
            MAX_PLIES,
        );
        let even = at_ply(
            "......../..w...w./......../......../...b..../......../.b....../........ b",
            MAX_PLIES,
        );
        assert_eq!(terminal_score(&ahead, 1), LIMIT_WIN + 2);
        assert_eq!(terminal_score(&behind, 1), -LIMIT_WIN - 2);
        assert!(terminal_score(&ahead, 1) > WIN_THRESHOLD);
        assert!(terminal_score(&ahead, 1) < WIN - MAX_PLIES as i32);
        assert_eq!(terminal_score(&even, 1), 0);
    }

    #[test]
    fn a_lost_count_is_kept_close() {
        // White to move at ply 118, two men (2 points) against a king and a man (4): the count
        // is lost whatever it does, but stepping next to the king gives a man away (1 against
        // 4), so the search keeps both men and scores the loss by 2.
        let position = at_ply(
            ".w....../......../......../..w...../......../....B.../.b....../........ w",
            MAX_PLIES - 2,
        );
        let mut searcher = Searcher::new(1);
        let result = searcher.think(&position, Limits::depth(4));
        assert_eq!(result.score, -LIMIT_WIN - 2);
        let best = result.best.expect("white has moves");
        assert!(!(best.from().row() == 3 && best.to().col() == 3), "{best}");
    }
}
