//! The Surakarta engine: the game in progress and its search, speaking only [`Move`]s.

use super::board::{Board, Move};
use super::search::{Report, Searcher, Settings};
use crate::core::color::Color;
use crate::core::time::Deadline;

/// A game position with the keys of every position before it (for repetitions).
#[derive(Clone, Debug)]
pub struct Saved {
    board: Board,
    keys: Vec<u64>,
}

/// One Surakarta game in progress and the search that picks our moves.
pub struct SurakartaEngine {
    board: Board,
    /// Keys of the earlier positions of the game, oldest first.
    keys: Vec<u64>,
    searcher: Searcher,
}

impl SurakartaEngine {
    /// An engine at the start of a game, with the given search settings.
    pub fn new(settings: Settings) -> Self {
        Self {
            board: Board::new(),
            keys: Vec::new(),
            searcher: Searcher::new(settings),
        }
    }

    /// Starts a new game from the initial position.
    pub fn new_game(&mut self) {
        self.board = Board::new();
        self.keys.clear();
        self.searcher.clear();
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.to_move()
    }

    /// Whether the side to move has lost (no piece or no move left). The platform may also end
    /// a game by its own move limits; the engine plays on for as long as it is asked.
    pub fn is_over(&self) -> bool {
        self.board.is_over()
    }

    /// Whether the side to move may play `mv`.
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.board.is_legal(*mv)
    }

    /// Plays a legal move for the side to move.
    pub fn play(&mut self, mv: Move) {
        self.keys.push(self.board.hash());
        self.board.play(mv);
    }

    /// Saves the position (with its history).
    pub fn save(&self) -> Saved {
        Saved {
            board: self.board,
            keys: self.keys.clone(),
        }
    }

    /// Returns to a position saved with [`SurakartaEngine::save`].
    pub fn restore(&mut self, saved: Saved) {
        self.board = saved.board;
        self.keys = saved.keys;
    }

    /// How many more moves we expect to make in this game (for dividing the clock).
    pub fn expected_moves_left(&self) -> u32 {
        // Games between strong sides run long (captures are rare once both sides guard their
        // circuits), so the clock is divided as if 40 more moves came, never fewer than 20.
        let played = self.keys.len() as u32 / 2;
        40u32.saturating_sub(played / 4).max(20)
    }

    /// Our move within `deadline`, never one of `rejected`; `None` when there is no move.
    pub fn think(&mut self, deadline: Deadline, rejected: &[Move]) -> Option<Move> {
        let ply = self.keys.len() as u32;
        self.searcher
            .search(&self.board, &self.keys, ply, deadline, rejected)
    }

    /// What the last search found.
    pub fn report(&self) -> Report {
        self.searcher.report()
    }
}
