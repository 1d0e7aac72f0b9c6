//! NoGo behind the SAU protocol: one stone a move, `XY` squares on a 9x9 board.

use super::board::{Board, POINTS, SIZE};
use super::mcts::{Mcts, Settings};
use crate::core::stone::Stone;
use crate::core::time::Deadline;
use crate::protocol::sau::{SauGame, Square};

/// The NoGo engine: the position and the search.
pub struct NoGoPlayer {
    board: Board,
    search: Mcts,
}

impl NoGoPlayer {
    /// An engine with the given search settings.
    pub fn new(settings: Settings, seed: u64) -> Self {
        Self {
            board: Board::new(),
            search: Mcts::new(settings, seed),
        }
    }
}

impl SauGame for NoGoPlayer {
    type Move = usize;
    type Snapshot = Board;

    fn engine_name(&self) -> &str {
        "RustNoGo"
    }

    fn board_size(&self) -> u8 {
        SIZE as u8
    }

    fn new_game(&mut self) {
        self.board = Board::new();
    }

    fn side_to_move(&self) -> Stone {
        self.board.to_move()
    }

    fn is_over(&self) -> bool {
        !self.board.has_legal_move()
    }

    fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<usize> {
        let square = match squares {
            [Some(square)] => square,
            _ => return None,
        };
        let point = usize::from(square.y) * SIZE + usize::from(square.x);
        self.board
            .is_legal(point, self.board.to_move())
            .then_some(point)
    }

    fn squares_of(&self, point: usize) -> Vec<Option<Square>> {
        vec![Some(Square {
            x: (point % SIZE) as u8,
            y: (point / SIZE) as u8,
        })]
    }

    fn play(&mut self, point: usize) {
        self.board.play(point);
    }

    fn snapshot(&self) -> Board {
        self.board
    }

    fn restore(&mut self, snapshot: Board) {
        self.board = snapshot;
    }

    fn expected_moves_left(&self) -> u32 {
        // Games rarely fill more than two thirds of the board; the middle game decides, so the
        // estimate stays low enough to spend generously early on.
        let empty = POINTS as u32 - self.board.stone_count();
        (empty / 3).max(4)
    }

    fn choose_move(&mut self, deadline: Deadline, rejected: &[usize]) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_squares_become_points_and_back() {
        let player = NoGoPlayer::new(Settings::default(), 1);
        let square = Square { x: 2, y: 7 };
        let point = player.legal_move_from(&[Some(square)]).unwrap();
        assert_eq!(point, 7 * SIZE + 2);
        assert_eq!(player.squares_of(point), vec![Some(square)]);
    }

    #[test]
    fn wrong_shapes_and_occupied_points_are_refused() {
        let mut player = NoGoPlayer::new(Settings::default(), 1);
        let square = Square { x: 4, y: 4 };
        assert!(player.legal_move_from(&[]).is_none());
        assert!(player.legal_move_from(&[None]).is_none());
        assert!(player
            .legal_move_from(&[Some(square), Some(square)])
            .is_none());
        player.play(player.legal_move_from(&[Some(square)]).unwrap());
        assert!(player.legal_move_from(&[Some(square)]).is_none());
    }
}
