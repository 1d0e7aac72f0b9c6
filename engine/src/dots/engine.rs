//! The Dots and Boxes engine: the position and the search, speaking only whole turns.

use super::board::{Position, Turn, ALL_LINES, BOXES, LINES};
use super::search::{captures, safe_lines, Captures, Searcher, Settings};
use crate::core::color::Color;
use crate::core::time::Deadline;

/// One Dots and Boxes game in progress and the search that picks our turns.
pub struct DotsEngine {
    position: Position,
    searcher: Searcher,
}

impl DotsEngine {
    /// An engine at the start of a game, with the given search settings.
    pub fn new(settings: Settings) -> Self {
        Self {
            position: Position::new(),
            searcher: Searcher::new(settings),
        }
    }

    /// Starts a new game from the empty board (what the table learnt stays true).
    pub fn new_game(&mut self) {
        self.position = Position::new();
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.position.to_move()
    }

    /// Whether every line is drawn.
    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }

    /// Whether `turn` is a whole legal turn now.
    pub fn is_legal(&self, turn: Turn) -> bool {
        self.position.is_legal(turn)
    }

    /// The turn that drawing `sequence` (line numbers) in this order makes, if it is legal.
    pub fn turn_from_sequence(&self, sequence: &[usize]) -> Option<Turn> {
        self.position.turn_from_sequence(sequence)
    }

    /// The lines of a legal turn in the order they are drawn.
    pub fn turn_order(&self, turn: Turn) -> Option<Vec<usize>> {
        self.position.turn_order(turn)
    }

    /// Plays a legal turn.
    pub fn play(&mut self, turn: Turn) {
        self.position.play(turn);
    }

    /// Returns to a position saved with [`DotsEngine::position`].
    pub fn restore(&mut self, position: Position) {
        self.position = position;
    }

    /// How many more turns we expect to take (for dividing the clock): the free lines are
    /// shared by both sides, and the chains at the end go in few turns.
    pub fn expected_moves_left(&self) -> u32 {
        let free = (ALL_LINES & !self.position.lines()).count_ones();
        (free / 3).max(2)
    }

    /// Our whole turn within `deadline`, never one of `rejected`; `None` when the game is over.
    pub fn think(&mut self, deadline: Deadline, rejected: &[Turn]) -> Option<Turn> {
        if self.is_over() {
            return None;
        }
        let turn = self.search_turn(deadline);
        if !rejected.contains(&turn) {
            return Some(turn);
        }
        // The platform refused our turn: offer others, each first line continued simply.
        (0..LINES)
            .filter(|&line| self.position.is_free(line))
            .map(|line| self.simple_turn(line))
            .find(|turn| !rejected.contains(turn))
    }

    fn search_turn(&mut self, deadline: Deadline) -> Turn {
        let mut position = self.position;
        let us = position.to_move();
        let mut turn = 0u64;
        loop {
            let free_boxes =
                BOXES as i32 - (position.score(us) + position.score(us.opponent())) as i32;
            // We win with 13 boxes: the net score over the free boxes that gets us there.
            let need = 2 * (13 - position.score(us) as i32) - free_boxes;
            let line = match self.searcher.choose_line(position.lines(), deadline, need) {
                Some(line) => line,
                None => break,
            };
            turn |= 1u64 << line;
            if position.draw(line) == 0 || position.is_over() {
                break;
            }
        }
        Turn(turn)
    }

    /// `first`, then while it keeps the turn, captures and else the first safe or free line.
    fn simple_turn(&self, first: usize) -> Turn {
        let mut position = self.position;
        let mut turn = 1u64 << first;
        let mut gained = position.draw(first);
        while gained > 0 && !position.is_over() {
            let lines = position.lines();
            let line = match captures(lines) {
                Captures::Forced(line) | Captures::Choice { take: line, .. } => line,
                Captures::None => {
                    let safe = safe_lines(lines);
                    let pool = if safe != 0 { safe } else { ALL_LINES & !lines };
                    pool.trailing_zeros() as usize
                }
            };
            turn |= 1u64 << line;
            gained = position.draw(line);
        }
        Turn(turn)
    }

    /// The search's settings.
    pub fn settings(&self) -> &Settings {
        self.searcher.settings()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dots::board::{horizontal, vertical};
    use std::time::Duration;

    #[test]
    fn a_chain_is_eaten_in_one_turn_and_the_turn_ends_with_a_free_line() {
        let mut engine = DotsEngine::new(Settings {
            tt_bits: 12,
            ..Settings::default()
        });
        // White walls the top row above and below and opens it on the left, handing over five.
        let mut sequence = Vec::new();
        for column in 0..5 {
            sequence.push(horizontal(0, column));
            sequence.push(horizontal(1, column));
        }
        sequence.push(vertical(0, 0));
        for line in sequence {
            let turn = engine.turn_from_sequence(&[line]).unwrap();
            engine.play(turn);
        }
        let us = engine.side_to_move();
        let deadline = Deadline::new(Duration::from_millis(200), Duration::from_millis(400));
        let turn = engine.think(deadline, &[]).unwrap();
        let order = engine.turn_order(turn).unwrap();
        assert!(order.len() >= 4, "{order:?}");
        engine.play(turn);
        assert!(engine.position().score(us) >= 3);
    }
}
