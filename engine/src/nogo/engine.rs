//! The NoGo engine: the position and the search, speaking only points (`row * SIZE + column`).

use super::board::{Board, POINTS};
use super::mcts::{Mcts, Settings};
use crate::core::color::Color;
use crate::core::time::{Deadline, StopFlag};

/// Stones on the board before the middle game begins.
const OPENING_STONES: u32 = 8;
/// Stones on the board when the endgame begins.
const ENDGAME_STONES: u32 = 44;

/// One NoGo game in progress and the search that picks our moves.
pub struct NoGoEngine {
    board: Board,
    search: Mcts,
}

impl NoGoEngine {
    /// An engine at the start of a game, with the given search settings.
    pub fn new(settings: Settings, seed: u64) -> Self {
        Self {
            board: Board::new(),
            search: Mcts::new(settings, seed),
        }
    }

    /// Starts a new game from the empty board.
    pub fn new_game(&mut self) {
        self.board = Board::new();
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.to_move()
    }

    /// Whether the side to move has no legal point left, which loses.
    pub fn is_over(&self) -> bool {
        !self.board.has_legal_move()
    }

    /// Whether the side to move may play `point`.
    pub fn is_legal(&self, point: usize) -> bool {
        point < POINTS && self.board.is_legal(point, self.board.to_move())
    }

    /// Plays a legal point for the side to move.
    pub fn play(&mut self, point: usize) {
        self.board.play(point);
    }

    /// Returns to a position saved with [`NoGoEngine::board`].
    pub fn restore(&mut self, board: Board) {
        self.board = board;
    }

    /// How many more moves we expect to make in this game, weighted by how much the phase
    /// deserves (for dividing the clock): the opening is played on half a share, the middle game,
    /// which decides, on one and a half.
    pub fn expected_moves_left(&self) -> u32 {
        let stones = self.board.stone_count();
        let empty = POINTS as u32 - stones;
        // Games end with about sixteen points empty, and we make half of the moves left.
        let ours = (empty.saturating_sub(16) / 2).max(3);
        let quarters = if stones < OPENING_STONES {
            2
        } else if stones < ENDGAME_STONES {
            6
        } else {
            4
        };
        (ours * 4 / quarters).max(1)
    }

    /// Searches the opponent's replies while it thinks, until `stop` is raised, for the tree our
    /// next search keeps.
    pub fn ponder(&mut self, stop: StopFlag) {
        if !self.is_over() {
            self.search.ponder(&self.board, stop);
        }
    }

    /// Our move within `deadline`, never one of `rejected`; `None` when no empty point is left.
    pub fn think(&mut self, deadline: Deadline, rejected: &[usize]) -> Option<usize> {
        if let Some(point) = self.search.search(&self.board, deadline, rejected) {
            return Some(point);
        }
        // No legal point left: the game is lost, but an answer keeps the platform from waiting.
        let mut empty = self.board.empty();
        while empty != 0 {
            let point = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            if !rejected.contains(&point) {
                return Some(point);
            }
        }
        None
    }
}
