//! NoGo on the SAU platform: one stone a move, `XY` squares on a 9x9 board.

use super::{SauGame, Square};
use crate::core::color::Color;
use crate::core::time::{Deadline, StopFlag};
use crate::nogo::board::{Board, SIZE};
use crate::nogo::engine::NoGoEngine;

impl SauGame for NoGoEngine {
    type Move = usize;
    type Snapshot = Board;

    fn engine_name(&self) -> &str {
        "RustNoGo"
    }

    fn board_size(&self) -> u8 {
        SIZE as u8
    }

    fn new_game(&mut self) {
        NoGoEngine::new_game(self);
    }

    fn side_to_move(&self) -> Color {
        NoGoEngine::side_to_move(self)
    }

    fn is_over(&self) -> bool {
        NoGoEngine::is_over(self)
    }

    fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<usize> {
        let point = match squares {
            [Some(square)] => usize::from(square.y) * SIZE + usize::from(square.x),
            _ => return None,
        };
        self.is_legal(point).then_some(point)
    }

    fn squares_of(&self, point: usize) -> Vec<Option<Square>> {
        vec![Some(Square {
            x: (point % SIZE) as u8,
            y: (point / SIZE) as u8,
        })]
    }

    fn play(&mut self, point: usize) {
        NoGoEngine::play(self, point);
    }

    fn snapshot(&self) -> Board {
        *self.board()
    }

    fn restore(&mut self, snapshot: Board) {
        NoGoEngine::restore(self, snapshot);
    }

    fn expected_moves_left(&self) -> u32 {
        NoGoEngine::expected_moves_left(self)
    }

    fn choose_move(&mut self, deadline: Deadline, rejected: &[usize]) -> Option<usize> {
        self.think(deadline, rejected)
    }

    fn ponder(&mut self, stop: StopFlag) {
        NoGoEngine::ponder(self, stop);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nogo::mcts::Settings;

    #[test]
    fn opponent_squares_become_points_and_back() {
        let engine = NoGoEngine::new(Settings::default(), 1);
        let square = Square { x: 2, y: 7 };
        let point = engine.legal_move_from(&[Some(square)]).unwrap();
        assert_eq!(point, 7 * SIZE + 2);
        assert_eq!(engine.squares_of(point), vec![Some(square)]);
    }

    #[test]
    fn wrong_shapes_and_occupied_points_are_refused() {
        let mut engine = NoGoEngine::new(Settings::default(), 1);
        let square = Square { x: 4, y: 4 };
        assert!(engine.legal_move_from(&[]).is_none());
        assert!(engine.legal_move_from(&[None]).is_none());
        assert!(engine
            .legal_move_from(&[Some(square), Some(square)])
            .is_none());
        let point = engine.legal_move_from(&[Some(square)]).unwrap();
        SauGame::play(&mut engine, point);
        assert!(engine.legal_move_from(&[Some(square)]).is_none());
    }
}
