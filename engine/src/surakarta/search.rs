//! Alpha-beta search: iterative deepening, principal variation search, a transposition table with
//! Zobrist keys, killer and history move ordering (captures first), late move reductions, a
//! quiescence search over captures, and repetitions scored as draws.

use super::board::{Board, Move, POINTS};
use super::eval::{evaluate, Weights};
use crate::core::rng::Rng;
use crate::core::score::{Bound, WIN, WIN_THRESHOLD as WIN_BOUND};
use crate::core::time::Deadline;
/// The deepest ply the search reaches (quiescence included).
const MAX_PLY: usize = 128;
/// Nodes between two looks at the clock.
const CLOCK_NODES: u64 = 1024;

/// Search settings (the defaults are what the upload file plays).
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The deepest iteration, in plies.
    pub max_depth: u32,
    /// Transposition table size: `1 << table_bits` entries of 16 bytes.
    pub table_bits: u32,
    /// Whether the leaves are resolved by a capture-only search.
    pub quiescence: bool,
    /// Whether late quiet moves are first searched one ply shallower.
    pub reductions: bool,
    /// Moves searched in full before the reductions start.
    pub reduce_after: usize,
    /// Plies a null move saves (0: no null moves). Zugzwang is rare in Surakarta: a side
    /// almost always has a harmless step.
    pub null_reduction: u32,
    /// The first plies of a game played at random (varied games in matches; 0 in play).
    pub random_plies: u32,
    /// Seed of those random plies.
    pub seed: u64,
    /// The evaluation weights.
    pub weights: Weights,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            max_depth: 64,
            table_bits: 20,
            quiescence: true,
            reductions: true,
            reduce_after: 4,
            null_reduction: 0,
            random_plies: 0,
            seed: 0,
            weights: Weights::default(),
        }
    }
}

const NO_POINT: u8 = u8::MAX;

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    depth: i8,
    bound: Bound,
    from: u8,
    to: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        key: 0,
        score: 0,
        depth: 0,
        bound: Bound::Upper,
        from: NO_POINT,
        to: NO_POINT,
    };

    fn best(&self) -> Option<Move> {
        (self.from != NO_POINT && self.key != 0).then_some(Move {
            from: self.from,
            to: self.to,
        })
    }
}

/// What the last search found, for reports and tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct Report {
    /// The deepest completed iteration.
    pub depth: u32,
    /// The score of the chosen move for the side that moved.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// The searcher, with its tables kept from move to move.
pub struct Searcher {
    settings: Settings,
    table: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Keys of the game's positions, then of the search path.
    path: Vec<u64>,
    nodes: u64,
    deadline: Deadline,
    stopped: bool,
    rng: Rng,
    report: Report,
}

impl Searcher {
    /// A searcher with empty tables.
    pub fn new(settings: Settings) -> Self {
        Self {
            settings,
            table: vec![Entry::EMPTY; 1usize << settings.table_bits],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; POINTS * POINTS],
            path: Vec::new(),
            nodes: 0,
            deadline: Deadline::unlimited(),
            stopped: false,
            rng: Rng::new(settings.seed),
            report: Report::default(),
        }
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// What the last search found.
    pub fn report(&self) -> Report {
        self.report
    }

    /// Forgets everything learnt in the previous game.
    pub fn clear(&mut self) {
        self.table
            .iter_mut()
            .for_each(|entry| *entry = Entry::EMPTY);
        self.history.iter_mut().for_each(|value| *value = 0);
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// The best move in `board` within `deadline`, never one of `rejected`. `game` holds the
    /// keys of the game's earlier positions (oldest first, `board` excluded), for repetitions;
    /// `game_ply` is the number of plies played. `None` when there is no move.
    pub fn search(
        &mut self,
        board: &Board,
        game: &[u64],
        game_ply: u32,
        deadline: Deadline,
        rejected: &[Move],
    ) -> Option<Move> {
        let mut moves = Vec::new();
        board.generate(&mut moves, false);
        moves.retain(|mv| !rejected.contains(mv));
        self.report = Report::default();
        if moves.is_empty() {
            return None;
        }
        if game_ply < self.settings.random_plies {
            let pick = self.rng.below(moves.len() as u32) as usize;
            return Some(moves[pick]);
        }
        if moves.len() == 1 {
            return Some(moves[0]);
        }
        self.deadline = deadline;
        self.stopped = false;
        self.nodes = 0;
        self.path.clear();
        self.path.extend_from_slice(game);
        self.path.push(board.hash());
        for value in self.history.iter_mut() {
            *value /= 8;
        }
        self.order(board, &mut moves, 0, None);
        let mut best = moves[0];
        let mut best_score = -WIN;
        for depth in 1..=self.settings.max_depth {
            // The next iteration takes about as long as all before it together: starting one
            // past half the soft limit would mostly end at the hard limit, unfinished.
            if depth > 1 && self.deadline.elapsed() * 2 >= self.deadline.soft {
                break;
            }
            let (score, found) = self.root(board, &mut moves, depth as i32);
            if self.stopped {
                // A move that finished searching and beat the previous best is still good.
                if let Some(mv) = found {
                    if score > best_score || mv == best {
                        best = mv;
                    }
                }
                break;
            }
            if let Some(mv) = found {
                best = mv;
                best_score = score;
                self.report.depth = depth;
                self.report.score = score;
            }
            if score.abs() >= WIN_BOUND {
                break;
            }
        }
        self.report.nodes = self.nodes;
        Some(best)
    }

    /// One iteration over the root moves; the best move goes to the front of `moves`.
    fn root(&mut self, board: &Board, moves: &mut [Move], depth: i32) -> (i32, Option<Move>) {
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut best = None;
        let mut best_index = 0;
        for (index, &mv) in moves.iter().enumerate() {
            let mut child = *board;
            child.play(mv);
            self.path.push(child.hash());
            let score = if index == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let probe = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if probe > alpha && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    probe
                }
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(mv);
                best_index = index;
            }
        }
        if best.is_some() {
            moves[..=best_index].rotate_right(1);
        }
        (alpha, best)
    }

    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % CLOCK_NODES == 0 && self.deadline.hard_passed() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the position on top of the path occurred before with the same side to move
    /// since the last capture.
    fn is_repetition(&self, board: &Board) -> bool {
        let len = self.path.len();
        let back = (board.quiet_plies() as usize).min(len - 1);
        let key = board.hash();
        (4..=back)
            .step_by(2)
            .any(|distance| self.path[len - 1 - distance] == key)
    }

    fn negamax(&mut self, board: &Board, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        let us = board.to_move();
        if board.count(us) == 0 {
            return -(WIN - ply as i32);
        }
        if self.is_repetition(board) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 8 {
            return self.quiescence(board, alpha, beta, ply);
        }
        let slot = (board.hash() as usize) & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut table_move = None;
        if entry.key == board.hash() {
            table_move = entry.best();
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                if entry.bound.settles(score, alpha, beta) {
                    return score;
                }
            }
        }
        let null = self.settings.null_reduction as i32;
        if null > 0
            && depth > null
            && beta - alpha == 1
            && beta.abs() < WIN_BOUND
            && board.count(us) >= 3
            && evaluate(board, &self.settings.weights) >= beta
        {
            let mut passed = *board;
            passed.pass();
            // A marker no position has: no repetition is counted across the null move.
            self.path.push(0);
            let score = -self.negamax(&passed, depth - 1 - null, -beta, -beta + 1, ply + 1);
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return beta;
            }
        }
        let mut moves = Vec::with_capacity(48);
        board.generate(&mut moves, false);
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        self.order(board, &mut moves, ply, table_move);
        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = moves[0];
        for (index, &mv) in moves.iter().enumerate() {
            let capture = board.is_capture(mv);
            let mut child = *board;
            child.play(mv);
            self.path.push(child.hash());
            let score = if index == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduce = self.settings.reductions
                    && depth >= 3
                    && index >= self.settings.reduce_after
                    && !capture;
                let reduced = if reduce { depth - 2 } else { depth - 1 };
                let mut score = -self.negamax(&child, reduced, -alpha - 1, -alpha, ply + 1);
                if reduce && score > alpha && !self.stopped {
                    score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                score
            };
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = mv;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    if !capture {
                        let killers = &mut self.killers[ply];
                        if killers[0] != Some(mv) {
                            killers[1] = killers[0];
                            killers[0] = Some(mv);
                        }
                        self.history[usize::from(mv.from) * POINTS + usize::from(mv.to)] +=
                            depth * depth;
                    }
                    break;
                }
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.table[slot] = Entry {
            key: board.hash(),
            score: to_table(best_score, ply),
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
            from: best_move.from,
            to: best_move.to,
        };
        best_score
    }

    fn quiescence(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        let us = board.to_move();
        if board.count(us) == 0 {
            return -(WIN - ply as i32);
        }
        let stand = evaluate(board, &self.settings.weights);
        if !self.settings.quiescence || stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = Vec::with_capacity(16);
        board.generate(&mut moves, true);
        let mut best = stand;
        for mv in moves {
            let mut child = *board;
            child.play(mv);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Sorts `moves`: the table's move, captures, killers, then by history.
    fn order(&self, board: &Board, moves: &mut [Move], ply: usize, table_move: Option<Move>) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let mut keyed: Vec<(i32, Move)> = moves
            .iter()
            .map(|&mv| {
                let key = if Some(mv) == table_move {
                    i32::MAX
                } else if board.is_capture(mv) {
                    1 << 28
                } else if Some(mv) == killers[0] {
                    1 << 27
                } else if Some(mv) == killers[1] {
                    (1 << 27) - 1
                } else {
                    self.history[usize::from(mv.from) * POINTS + usize::from(mv.to)]
                        .min((1 << 26) - 1)
                };
                (key, mv)
            })
            .collect();
        keyed.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    }
}

/// A score as stored: wins counted from this node, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::color::Color;
    use std::time::Duration;

    fn point(x: usize, y: usize) -> usize {
        y * 6 + x
    }

    fn small() -> Settings {
        Settings {
            table_bits: 12,
            max_depth: 5,
            ..Settings::default()
        }
    }

    #[test]
    fn takes_the_last_piece() {
        let board = Board::from_pieces(
            1 << point(0, 1) | 1 << point(0, 0),
            1 << point(3, 1),
            Color::Black,
        );
        let mut searcher = Searcher::new(small());
        let mv = searcher.search(&board, &[], 10, Deadline::unlimited(), &[]);
        assert_eq!(mv, Some(Move::new(point(0, 1), point(3, 1))));
        assert!(searcher.report().score >= WIN_BOUND);
    }

    #[test]
    fn rejected_moves_are_never_chosen_and_time_is_kept() {
        let board = Board::new();
        let mut searcher = Searcher::new(small());
        let first = searcher
            .search(&board, &[], 0, Deadline::unlimited(), &[])
            .unwrap();
        let deadline = Deadline::new(Duration::from_millis(20), Duration::from_millis(50));
        let second = searcher.search(&board, &[], 0, deadline, &[first]).unwrap();
        assert_ne!(first, second);
        assert!(deadline.elapsed() < Duration::from_millis(200));
    }
}
