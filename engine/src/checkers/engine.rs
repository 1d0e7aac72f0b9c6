//! The checkers engine: one game in progress, its clock and the search, speaking only
//! positions, squares and moves. The judge adapter turns lines into these calls.

use super::moves::Move;
use super::position::Position;
use super::search::{Limits, SearchResult, Searcher};
use super::square::Square;
use super::timing::{our_moves_left, MARGINS};
use crate::core::clock::{Clock, TimeControl};
use crate::core::color::Color;
use crate::core::ponder::Ponder;
use crate::core::time::StopFlag;
use std::time::{Duration, Instant};

/// Settings of a game.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Time limit of one move.
    pub move_limit: Duration,
    /// Time limit of all our moves in a game.
    pub game_limit: Duration,
    /// Transposition table size.
    pub table_mb: usize,
}

impl Settings {
    /// The judge's limits: 2 s a move, 90 s a game. The table (64 MB) keeps the process far
    /// below the 350 MB memory limit.
    pub fn judge() -> Settings {
        Settings {
            move_limit: Duration::from_secs(2),
            game_limit: Duration::from_secs(90),
            table_mb: 64,
        }
    }

    /// The limits as the shared clock takes them.
    pub fn time_control(&self) -> TimeControl {
        TimeControl {
            per_move: self.move_limit,
            per_game: self.game_limit,
        }
    }
}

/// Why an opponent's move was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A square of the path lies off the dark squares of the board.
    OffTheBoard,
    /// No legal move of the opponent follows this path.
    Illegal,
}

/// What our move was and how it was found.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// The move played.
    pub best: Move,
    /// The search's result.
    pub search: SearchResult,
    /// The game ply the move was played at.
    pub ply: u32,
    /// Time from the request to the answer.
    pub spent: Duration,
    /// Our time used in this game, this move included.
    pub game_used: Duration,
}

/// A checkers game in progress, seen from our side.
pub struct CheckersEngine {
    settings: Settings,
    searcher: Searcher,
    position: Position,
    us: Color,
    clock: Clock,
}

impl CheckersEngine {
    /// An engine with its table allocated, ready for a game as black.
    pub fn new(settings: Settings) -> CheckersEngine {
        CheckersEngine {
            searcher: Searcher::new(settings.table_mb),
            settings,
            position: Position::start(),
            us: Color::Black,
            clock: Clock::new(settings.time_control(), MARGINS),
        }
    }

    /// Starts a game from the initial position, our side being `us`.
    pub fn new_game(&mut self, us: Color) {
        self.us = us;
        self.position = Position::start();
        self.clock = Clock::new(self.settings.time_control(), MARGINS);
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plays the opponent's move given by the squares it visits.
    pub fn play_opponent(&mut self, path: &[(i32, i32)]) -> Result<(), MoveError> {
        let squares: Option<Vec<Square>> = path
            .iter()
            .map(|&(row, col)| Square::from_row_col(row, col))
            .collect();
        let squares = squares.ok_or(MoveError::OffTheBoard)?;
        // Normally the opponent is to move; if we are, the judge skipped our turn.
        let candidates = [self.position, self.position.pass()];
        let next = candidates
            .iter()
            .filter(|position| position.side() != self.us)
            .find_map(|position| position.find_move(&squares).map(|mv| position.apply(mv)))
            .ok_or(MoveError::Illegal)?;
        self.position = next;
        Ok(())
    }

    /// Whether it is the opponent's turn in the current position.
    pub fn opponent_to_move(&self) -> bool {
        self.position.side() != self.us
    }

    /// Finds and plays our move, the request having arrived at `received`; `None` when we have
    /// no legal move. If the opponent is to move, the judge skipped its turn: it passes. Raising
    /// `quit` cuts the search short (the best move so far is still played).
    pub fn think(&mut self, received: Instant, quit: &StopFlag) -> Option<Report> {
        if self.opponent_to_move() {
            self.position = self.position.pass();
        }
        let deadline = self
            .clock
            .deadline(received, our_moves_left(self.position.ply()));
        let limits = Limits {
            deadline,
            stop: Some(*quit),
            ..Limits::timed(deadline.soft, deadline.hard)
        };
        let search = self.searcher.think(&self.position, limits);
        let best = search.best?;
        let spent = received.elapsed();
        self.clock.spend(spent);
        let ply = self.position.ply();
        self.position = self.position.apply(best);
        Some(Report {
            best,
            search,
            ply,
            spent,
            game_used: self.clock.used(),
        })
    }
}

impl Ponder for CheckersEngine {
    /// Searches the opponent's position to fill the table; nothing when it is our turn or the
    /// game is over.
    fn ponder(&mut self, stop: &StopFlag) {
        if !self.opponent_to_move() || self.position.outcome(1).is_some() {
            return;
        }
        let limits = Limits {
            stop: Some(*stop),
            ..Limits::timed(Duration::MAX, Duration::MAX)
        };
        self.searcher.think(&self.position, limits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> CheckersEngine {
        CheckersEngine::new(Settings {
            move_limit: Duration::from_millis(50),
            game_limit: Duration::from_secs(2),
            table_mb: 1,
        })
    }

    #[test]
    fn opponent_moves_off_the_board_or_illegal_leave_the_position() {
        let mut engine = engine();
        engine.new_game(Color::White);
        let before = *engine.position();
        assert_eq!(
            engine.play_opponent(&[(9, 9), (8, 8)]),
            Err(MoveError::OffTheBoard)
        );
        assert_eq!(
            engine.play_opponent(&[(5, 0), (3, 0)]),
            Err(MoveError::Illegal)
        );
        assert_eq!(*engine.position(), before);
        assert_eq!(engine.play_opponent(&[(5, 0), (4, 1)]), Ok(()));
        assert!(!engine.opponent_to_move());
    }

    #[test]
    fn a_turn_when_the_opponent_is_to_move_counts_as_its_pass() {
        let mut engine = engine();
        engine.new_game(Color::White);
        let report = engine
            .think(Instant::now(), &StopFlag::new())
            .expect("white has moves");
        assert_eq!(report.ply, 1);
        assert!(engine.opponent_to_move());
    }
}
