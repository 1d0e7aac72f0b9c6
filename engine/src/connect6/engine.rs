//! The Connect6 engine: the position and the search, speaking only turns of board cells.

use super::board::Board;
use super::search::{Searcher, Settings};
use super::turn::Turn;
use crate::core::color::Color;
use crate::core::time::Deadline;

/// One Connect6 game in progress and the search that picks our turns.
pub struct Connect6Engine {
    board: Board,
    searcher: Searcher,
}

impl Connect6Engine {
    /// An engine at the start of a game, with the given search settings.
    pub fn new(settings: Settings) -> Self {
        Self {
            board: Board::new(),
            searcher: Searcher::new(settings),
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

    /// Whether the game has ended (six in a row or a full board).
    pub fn is_over(&self) -> bool {
        self.board.is_over()
    }

    /// Whether the side to move may play `turn`.
    pub fn is_legal(&self, turn: &Turn) -> bool {
        self.board.is_legal(turn)
    }

    /// Plays a legal turn for the side to move.
    pub fn play(&mut self, turn: Turn) {
        self.board.play(turn);
    }

    /// Returns to a position saved from [`Connect6Engine::board`].
    pub fn restore(&mut self, board: Board) {
        self.board = board;
    }

    /// How many more turns we expect to make in this game (for dividing the clock).
    pub fn expected_moves_left(&self) -> u32 {
        // Keep a floor for long fights.
        let our_turns = u32::from(self.board.stone_count()) / 4;
        let expected = self.searcher.settings().expected_turns;
        expected.saturating_sub(our_turns).max(expected / 3)
    }

    /// Our turn within `deadline`, never one of `rejected`; `None` when there is none.
    pub fn think(&mut self, deadline: Deadline, rejected: &[Turn]) -> Option<Turn> {
        self.searcher.choose(&self.board, deadline, rejected)
    }
}
