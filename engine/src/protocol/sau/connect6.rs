//! Connect6 behind the SAU protocol: `XY@@` for black's opening stone, `X1Y1X2Y2` after that.

use super::board::Board;
use super::geometry::{cell, coordinates, SIZE};
use super::search::{Searcher, Settings};
use super::turn::Turn;
use crate::core::stone::Stone;
use crate::core::time::Deadline;
use crate::protocol::sau::{SauGame, Square};

/// The Connect6 engine: the position and the search.
pub struct Connect6Player {
    board: Board,
    searcher: Searcher,
}

impl Connect6Player {
    /// An engine with the given search settings.
    pub fn new(settings: Settings) -> Self {
        Self {
            board: Board::new(),
            searcher: Searcher::new(settings),
        }
    }
}

fn square_cell(square: Square) -> u16 {
    cell(usize::from(square.x), usize::from(square.y))
}

fn cell_square(index: u16) -> Square {
    let (x, y) = coordinates(index);
    Square {
        x: x as u8,
        y: y as u8,
    }
}

impl SauGame for Connect6Player {
    type Move = Turn;
    type Snapshot = Board;

    fn engine_name(&self) -> &str {
        "RustSix"
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
        self.board.is_over()
    }

    fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<Turn> {
        // `@@` placeholders carry no stone: only the real squares count.
        let cells: Vec<u16> = squares
            .iter()
            .flatten()
            .map(|&square| square_cell(square))
            .collect();
        let turn = match cells[..] {
            [single] => Turn::single(single),
            [first, second] => Turn::pair(first, second),
            _ => return None,
        };
        self.board.is_legal(&turn).then_some(turn)
    }

    fn squares_of(&self, turn: Turn) -> Vec<Option<Square>> {
        vec![Some(cell_square(turn.first)), turn.second.map(cell_square)]
    }

    fn play(&mut self, turn: Turn) {
        self.board.play(turn);
    }

    fn snapshot(&self) -> Board {
        self.board.clone()
    }

    fn restore(&mut self, snapshot: Board) {
        self.board = snapshot;
    }

    fn expected_moves_left(&self) -> u32 {
        // Strong games end within about 30 turns a side; keep a floor for long fights.
        let our_turns = u32::from(self.board.stone_count()) / 4;
        30u32.saturating_sub(our_turns).max(10)
    }

    fn choose_move(&mut self, deadline: Deadline, rejected: &[Turn]) -> Option<Turn> {
        self.searcher.choose(&self.board, deadline, rejected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_stone_is_written_with_a_placeholder() {
        let player = Connect6Player::new(Settings::default());
        let turn = Turn::single(cell(9, 9));
        assert_eq!(
            player.squares_of(turn),
            vec![Some(Square { x: 9, y: 9 }), None]
        );
        assert_eq!(
            player.legal_move_from(&[Some(Square { x: 9, y: 9 }), None]),
            Some(turn)
        );
    }

    #[test]
    fn turns_of_the_wrong_size_or_on_stones_are_refused() {
        let mut player = Connect6Player::new(Settings::default());
        let a = Some(Square { x: 1, y: 2 });
        let b = Some(Square { x: 3, y: 4 });
        assert!(
            player.legal_move_from(&[a, b]).is_none(),
            "black opens with one stone"
        );
        player.play(player.legal_move_from(&[a, None]).unwrap());
        assert!(
            player.legal_move_from(&[b, None]).is_none(),
            "white places two stones"
        );
        assert!(player.legal_move_from(&[a, b]).is_none(), "a is taken");
        assert!(player.legal_move_from(&[b, b]).is_none(), "one cell twice");
        assert!(player.legal_move_from(&[b, a, b]).is_none());
        let turn = player
            .legal_move_from(&[b, Some(Square { x: 18, y: 18 })])
            .unwrap();
        assert_eq!(turn, Turn::pair(cell(3, 4), cell(18, 18)));
    }
}
