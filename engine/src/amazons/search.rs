//! Alpha-beta search: iterative deepening, principal variation search, a transposition table
//! with Zobrist keys, and a selective move list at every node.
//!
//! The opening has about 2,000 moves, so no node looks at them all. A move is split in two: each
//! queen move (amazon from `from` to `to`, no arrow yet) is scored by the full evaluation, the
//! best few keep their arrows, each arrow scored by a cheap rule from the node's distance maps
//! (block squares the opponent reaches first or as fast, next to its amazons; spare our own).
//! The best of those combined moves are searched; at the last ply they are evaluated in full
//! and the best counts. The root evaluates every legal move once and searches the best of them
//! deeper with each iteration.

use super::board::{king_neighbours, queen_reach, Board, Move};
use super::eval::{evaluate, Distances, Weights, FAR};
use crate::core::color::Color;
use crate::core::rng::Rng;
use crate::core::score::{is_decisive, Bound, WIN, WIN_THRESHOLD};
use crate::core::time::Deadline;
use std::cmp::Reverse;

/// The search's tunable numbers.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The evaluation's weights.
    pub weights: Weights,
    /// Queen moves (before the arrow) kept at a node, best by the evaluation first.
    pub queen_moves: usize,
    /// Arrows kept for each of those queen moves.
    pub arrows_per_queen: usize,
    /// Moves searched at an inner node.
    pub width: usize,
    /// Moves evaluated in full at the last ply.
    pub leaf_width: usize,
    /// Moves searched at the root beyond the first iteration.
    pub root_width: usize,
    /// The deepest iteration.
    pub max_depth: u32,
    /// The transposition table has `2^table_bits` entries.
    pub table_bits: u32,
    /// Arrow rule: bonus per opponent amazon next to the arrow.
    pub arrow_next_to_opponent: i32,
    /// Arrow rule: bonus for a square the opponent reaches first or as fast, by its distance
    /// (1, 2, 3 or more queen moves).
    pub arrow_by_distance: [i32; 3],
    /// Arrow rule: cost of a square we reach first.
    pub arrow_own_square: i32,
    /// Arrow rule: cost per own amazon next to the arrow.
    pub arrow_next_to_own: i32,
    /// Arrow rule, on squares we reach first: cost per empty square around the arrow (filling
    /// our own region from its dead ends keeps the rest of it in one piece).
    pub arrow_free_neighbour: i32,
    /// Random noise up to this many units added to the root's first scores, so that games
    /// between the same engines differ (no effect on a move that the search prefers clearly).
    pub root_noise: u32,
    /// Once the regions are separated, choose moves by the filling search of
    /// [`endgame`](super::endgame) instead of this search.
    pub filling_endgame: bool,
    /// Start no new iteration once this share (in per cent) of the soft limit is spent.
    pub iteration_start_percent: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            weights: Weights::default(),
            queen_moves: 10,
            arrows_per_queen: 4,
            width: 16,
            leaf_width: 16,
            root_width: 24,
            max_depth: 40,
            table_bits: 19,
            arrow_next_to_opponent: 40,
            arrow_by_distance: [40, 20, 5],
            arrow_own_square: 30,
            arrow_next_to_own: 15,
            arrow_free_neighbour: 4,
            iteration_start_percent: 55,
            root_noise: 6,
            filling_endgame: true,
        }
    }
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    mv: Move,
    score: i32,
    depth: u8,
    bound: Option<Bound>,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    mv: Move {
        from: 0,
        to: 0,
        arrow: 0,
    },
    score: 0,
    depth: 0,
    bound: None,
};

/// What a finished or interrupted search found.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// The search and its transposition table.
pub struct Search {
    settings: Settings,
    table: Vec<Entry>,
    nodes: u64,
    deadline: Deadline,
    stopped: bool,
    rng: Rng,
}

impl Search {
    /// A search with `settings` and an empty table; `seed` feeds the root noise.
    pub fn new(settings: Settings, seed: u64) -> Self {
        Self {
            settings,
            table: vec![EMPTY_ENTRY; 1usize << settings.table_bits],
            nodes: 0,
            deadline: Deadline::unlimited(),
            stopped: false,
            rng: Rng::new(seed),
        }
    }

    /// The settings in use.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Forgets every stored position (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|entry| *entry = EMPTY_ENTRY);
    }

    /// The best move of the side to move within `deadline`, never one of `rejected`; `None`
    /// when it has no other legal move.
    pub fn best_move(
        &mut self,
        board: &Board,
        deadline: Deadline,
        rejected: &[Move],
    ) -> Option<Outcome> {
        self.deadline = deadline;
        self.stopped = false;
        self.nodes = 0;
        let mut moves = Vec::new();
        board.generate(&mut moves);
        moves.retain(|mv| !rejected.contains(mv));
        if moves.is_empty() {
            return None;
        }
        // Iteration 1: every move evaluated in full, which also orders the root.
        let mut scored: Vec<(Move, i32)> = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut child = *board;
            child.play(mv);
            let score = if child.can_move(child.to_move()) {
                -evaluate(&child, &self.settings.weights)
            } else {
                WIN - 1
            };
            let noise = self.rng.below(self.settings.root_noise + 1) as i32;
            scored.push((mv, score + noise));
            if self.deadline.hard_passed() {
                break;
            }
        }
        scored.sort_by_key(|entry| Reverse(entry.1));
        let mut outcome = Outcome {
            best: scored[0].0,
            score: scored[0].1,
            depth: 1,
            nodes: scored.len() as u64,
        };
        scored.truncate(self.settings.root_width.max(1));
        let start_limit = self.deadline.soft * self.settings.iteration_start_percent / 100;
        let mut depth = 2;
        while depth <= self.settings.max_depth
            && self.deadline.elapsed() < start_limit
            && !is_decisive(outcome.score)
        {
            let (best, score, complete) = self.root(board, &mut scored, depth);
            // An interrupted iteration searches the previous best first, so whatever it found
            // (that move's deeper score, or a move that beat it) is better informed.
            if let Some(best) = best {
                outcome.best = best;
                outcome.score = score;
            }
            if !complete {
                break;
            }
            outcome.depth = depth;
            depth += 1;
        }
        outcome.nodes += self.nodes;
        Some(outcome)
    }

    /// One root iteration over `scored` (reordered by the new scores); returns the best move
    /// found, its score and whether the iteration finished.
    fn root(
        &mut self,
        board: &Board,
        scored: &mut [(Move, i32)],
        depth: u32,
    ) -> (Option<Move>, i32, bool) {
        let mut alpha = -WIN;
        let beta = WIN;
        let mut best = None;
        let mut results = Vec::with_capacity(scored.len());
        for (index, &(mv, _)) in scored.iter().enumerate() {
            let mut child = *board;
            child.play(mv);
            let mut score;
            if index == 0 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
            } else {
                score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if score > alpha && !self.stopped {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
                }
            }
            if self.stopped {
                return (best, alpha, false);
            }
            results.push(score);
            if score > alpha {
                alpha = score;
                best = Some(mv);
            }
        }
        for (entry, score) in scored.iter_mut().zip(results) {
            entry.1 = score;
        }
        scored.sort_by_key(|entry| Reverse(entry.1));
        (best, alpha, true)
    }

    fn negamax(&mut self, board: &Board, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        // A node costs about a hundred evaluations, far more than reading the clock.
        if self.deadline.hard_passed() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let side = board.to_move();
        if !board.can_move(side) {
            return -WIN + ply;
        }
        if depth == 0 {
            return evaluate(board, &self.settings.weights);
        }
        let slot = (board.hash() as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut table_move = None;
        if let (true, Some(bound)) = (entry.key == board.hash(), entry.bound) {
            table_move = Some(entry.mv);
            let score = from_table(entry.score, ply);
            if u32::from(entry.depth) >= depth && bound.settles(score, alpha, beta) {
                return score;
            }
        }
        let original_alpha = alpha;
        let candidates = self.candidates(board, table_move);
        let mut best_score = -WIN;
        let mut best_move = candidates[0];
        if depth == 1 {
            for &mv in candidates.iter().take(self.settings.leaf_width.max(1)) {
                let mut child = *board;
                child.play(mv);
                let score = if child.can_move(child.to_move()) {
                    -evaluate(&child, &self.settings.weights)
                } else {
                    WIN - ply - 1
                };
                if score > best_score {
                    best_score = score;
                    best_move = mv;
                }
            }
        } else {
            for (index, &mv) in candidates
                .iter()
                .take(self.settings.width.max(1))
                .enumerate()
            {
                let mut child = *board;
                child.play(mv);
                let mut score;
                if index == 0 {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                } else {
                    score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                    if score > alpha && score < beta && !self.stopped {
                        score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                    }
                }
                if self.stopped {
                    return 0;
                }
                if score > best_score {
                    best_score = score;
                    best_move = mv;
                }
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.table[slot] = Entry {
            key: board.hash(),
            mv: best_move,
            score: to_table(best_score, ply),
            depth: depth.min(255) as u8,
            bound: Some(Bound::of(best_score, original_alpha, beta)),
        };
        best_score
    }

    /// The moves worth searching at `board`, best first (the table's move ahead of all).
    /// Never empty when the side to move can move.
    pub fn candidates(&self, board: &Board, table_move: Option<Move>) -> Vec<Move> {
        let side = board.to_move();
        let empty = board.empty();
        let weights = &self.settings.weights;
        // Queen moves, scored by the evaluation with the amazon moved and no arrow shot.
        let mut queen_moves: Vec<(u8, u8, i32)> = Vec::with_capacity(96);
        for &from in &board.amazons(side) {
            let mut targets = queen_reach(1u128 << from, empty);
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut stepped = *board;
                stepped.step_amazon(side, from, to);
                queen_moves.push((from, to, evaluate(&stepped, weights)));
            }
        }
        queen_moves.sort_by_key(|entry| Reverse(entry.2));
        queen_moves.truncate(self.settings.queen_moves.max(1));
        let distances = Distances::of(board);
        let opponent_amazons = board.amazon_bits(side.opponent());
        let mut moves: Vec<(Move, i32)> = Vec::with_capacity(64);
        let mut arrows: Vec<(u8, i32)> = Vec::with_capacity(64);
        for &(from, to, queen_score) in &queen_moves {
            let vacated = (empty | 1u128 << from) & !(1u128 << to);
            let own_amazons = (board.amazon_bits(side) & !(1u128 << from)) | 1u128 << to;
            let mut targets = queen_reach(1u128 << to, vacated);
            arrows.clear();
            while targets != 0 {
                let arrow = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let free = (king_neighbours(1u128 << arrow) & vacated).count_ones() as i32;
                let score =
                    self.arrow_score(&distances, side, arrow, opponent_amazons, own_amazons, free);
                arrows.push((arrow, score));
            }
            arrows.sort_by_key(|entry| Reverse(entry.1));
            for &(arrow, arrow_score) in arrows.iter().take(self.settings.arrows_per_queen.max(1)) {
                moves.push((Move { from, to, arrow }, queen_score + arrow_score));
            }
        }
        moves.sort_by_key(|entry| Reverse(entry.1));
        let mut list: Vec<Move> = Vec::with_capacity(moves.len() + 1);
        if let Some(mv) = table_move {
            if board.is_legal(mv) {
                list.push(mv);
            }
        }
        list.extend(
            moves
                .iter()
                .map(|&(mv, _)| mv)
                .filter(|&mv| Some(mv) != table_move),
        );
        list
    }

    /// The cheap value of shooting onto `arrow` for `side`, from the node's distance maps;
    /// `free` empty squares lie around the arrow.
    fn arrow_score(
        &self,
        distances: &Distances,
        side: Color,
        arrow: u8,
        opponent_amazons: u128,
        own_amazons: u128,
        free: i32,
    ) -> i32 {
        let settings = &self.settings;
        let square = usize::from(arrow);
        let mine = distances.queen[side.index()][square];
        let theirs = distances.queen[side.opponent().index()][square];
        let around = king_neighbours(1u128 << arrow);
        let mut score = (around & opponent_amazons).count_ones() as i32
            * settings.arrow_next_to_opponent
            - (around & own_amazons).count_ones() as i32 * settings.arrow_next_to_own;
        if theirs <= mine && theirs != FAR {
            score += settings.arrow_by_distance[usize::from(theirs.clamp(1, 3)) - 1];
        } else if mine < theirs {
            score -= settings.arrow_own_square + free * settings.arrow_free_neighbour;
        }
        score
    }
}

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
    use crate::amazons::board::square;
    use std::time::Duration;

    #[test]
    fn candidates_are_legal_and_lead_with_the_table_move() {
        let board = Board::new();
        let search = Search::new(
            Settings {
                table_bits: 4,
                ..Settings::default()
            },
            1,
        );
        let mut all = Vec::new();
        board.generate(&mut all);
        let hint = all[1000];
        let list = search.candidates(&board, Some(hint));
        assert_eq!(list[0], hint);
        assert!(list.len() > 10);
        assert!(list.iter().all(|&mv| board.is_legal(mv)));
    }

    #[test]
    fn takes_the_last_move_that_wins() {
        // White's last amazon can still step out at JJ; black walls it in and wins at once.
        let mut arrows = 0u128;
        for (x, y) in [(8, 8), (9, 8)] {
            arrows |= 1u128 << square(x, y);
        }
        let white = [square(9, 9), square(0, 0), square(1, 0), square(0, 1)];
        let mut blocked = arrows;
        for (x, y) in [(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)] {
            blocked |= 1u128 << square(x, y);
        }
        let black = [square(5, 5), square(5, 6), square(6, 5), square(6, 6)];
        let board = Board::from_parts(black, white, blocked, Color::Black);
        assert!(board.can_move(Color::White));
        let mut search = Search::new(
            Settings {
                table_bits: 10,
                ..Settings::default()
            },
            1,
        );
        let deadline = Deadline::new(Duration::from_secs(2), Duration::from_secs(2));
        let outcome = search.best_move(&board, deadline, &[]).unwrap();
        let mut after = board;
        after.play(outcome.best);
        assert!(!after.can_move(Color::White), "{:?}", outcome);
        assert!(outcome.score >= WIN_THRESHOLD);
    }
}

#[cfg(test)]
mod stress {
    use super::*;

    #[test]
    fn every_position_of_random_games_has_candidates() {
        let search = Search::new(
            Settings {
                table_bits: 4,
                ..Settings::default()
            },
            1,
        );
        let mut rng = Rng::new(5);
        for _ in 0..15 {
            let mut board = Board::new();
            while board.can_move(board.to_move()) {
                let list = search.candidates(&board, None);
                assert!(!list.is_empty(), "{board:?}");
                let mut moves = Vec::new();
                board.generate(&mut moves);
                board.play(moves[rng.below(moves.len() as u32) as usize]);
            }
        }
    }
}
