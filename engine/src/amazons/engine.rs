//! The Amazons engine: the position and the search, speaking only [`Move`]s.

use super::board::{Board, Move};
use super::endgame::{best_filling, is_separated};
use super::search::{Search, Settings};
use crate::core::color::Color;
use crate::core::time::Deadline;

/// One Amazons game in progress and the search that picks our moves.
pub struct AmazonsEngine {
    board: Board,
    search: Search,
}

impl AmazonsEngine {
    /// An engine at the start of a game, with the given search settings; `seed` varies the
    /// choice between moves the search scores alike.
    pub fn new(settings: Settings, seed: u64) -> Self {
        Self {
            board: Board::new(),
            search: Search::new(settings, seed),
        }
    }

    /// Starts a new game from the initial position.
    pub fn new_game(&mut self) {
        self.board = Board::new();
        self.search.clear();
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.to_move()
    }

    /// Whether the side to move cannot move, which loses.
    pub fn is_over(&self) -> bool {
        !self.board.can_move(self.board.to_move())
    }

    /// Whether the side to move may play `mv`.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.board.is_legal(mv)
    }

    /// Plays a legal move of the side to move.
    pub fn play(&mut self, mv: Move) {
        self.board.play(mv);
    }

    /// Returns to a position saved with [`AmazonsEngine::board`].
    pub fn restore(&mut self, board: Board) {
        self.board = board;
    }

    /// How many more moves we expect to make in this game (for dividing the clock).
    pub fn expected_moves_left(&self) -> u32 {
        // The regions usually close with about a third of the board still empty; after that the
        // moves are easy, so the clock is planned over the contested part.
        let empty = self.board.empty().count_ones();
        (empty.saturating_sub(30) / 2).max(6)
    }

    /// Our move within `deadline`, never one of `rejected`; `None` when there is none.
    pub fn think(&mut self, deadline: Deadline, rejected: &[Move]) -> Option<Move> {
        if self.search.settings().filling_endgame && is_separated(&self.board) {
            if let Some(filling) = best_filling(&self.board, deadline, rejected) {
                return Some(filling.first);
            }
        }
        let outcome = self.search.best_move(&self.board, deadline, rejected)?;
        Some(outcome.best)
    }
}
