//! Connect6 on the SAU platform: `XY@@` for black's opening stone, `X1Y1X2Y2` after that.

use super::{SauGame, Square};
use crate::connect6::board::Board;
use crate::connect6::engine::Connect6Engine;
use crate::connect6::geometry::{cell, coordinates, SIZE};
use crate::connect6::turn::Turn;
use crate::core::color::Color;
use crate::core::time::Deadline;

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

impl SauGame for Connect6Engine {
    type Move = Turn;
    type Snapshot = Board;

    fn engine_name(&self) -> &str {
        "RustSix"
    }

    fn board_size(&self) -> u8 {
        SIZE as u8
    }

    fn new_game(&mut self) {
        Connect6Engine::new_game(self);
    }

    fn side_to_move(&self) -> Color {
        Connect6Engine::side_to_move(self)
    }

    fn is_over(&self) -> bool {
        Connect6Engine::is_over(self)
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
        self.is_legal(&turn).then_some(turn)
    }

    fn squares_of(&self, turn: Turn) -> Vec<Option<Square>> {
        vec![Some(cell_square(turn.first)), turn.second.map(cell_square)]
    }

    fn play(&mut self, turn: Turn) {
        Connect6Engine::play(self, turn);
    }

    fn snapshot(&self) -> Board {
        self.board().clone()
    }

    fn restore(&mut self, snapshot: Board) {
        Connect6Engine::restore(self, snapshot);
    }

    fn expected_moves_left(&self) -> u32 {
        Connect6Engine::expected_moves_left(self)
    }

    fn choose_move(&mut self, deadline: Deadline, rejected: &[Turn]) -> Option<Turn> {
        self.think(deadline, rejected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::search::Settings;

    #[test]
    fn the_opening_stone_is_written_with_a_placeholder() {
        let player = Connect6Engine::new(Settings::default());
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
        let mut player = Connect6Engine::new(Settings::default());
        let a = Some(Square { x: 1, y: 2 });
        let b = Some(Square { x: 3, y: 4 });
        assert!(
            player.legal_move_from(&[a, b]).is_none(),
            "black opens with one stone"
        );
        let opening = player.legal_move_from(&[a, None]).unwrap();
        SauGame::play(&mut player, opening);
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
