//! Amazons on the SAU platform: `X1Y1X2Y2X3Y3` (from, to, arrow) on a 10x10 board, where each
//! square's first letter is the column `x` and the second the row `y`, as in the sample engine's
//! `Board[x][y]`.

use super::{SauGame, Square};
use crate::amazons::board::{column, row, square, Board, Move, SIZE};
use crate::amazons::engine::AmazonsEngine;
use crate::core::color::Color;
use crate::core::time::Deadline;

fn to_square(square: Square) -> u8 {
    self::square(usize::from(square.x), usize::from(square.y))
}

fn from_square(square: u8) -> Square {
    Square {
        x: column(square) as u8,
        y: row(square) as u8,
    }
}

impl SauGame for AmazonsEngine {
    type Move = Move;
    type Snapshot = Board;

    fn engine_name(&self) -> &str {
        "RustAmazons"
    }

    fn board_size(&self) -> u8 {
        SIZE as u8
    }

    fn new_game(&mut self) {
        AmazonsEngine::new_game(self);
    }

    fn side_to_move(&self) -> Color {
        AmazonsEngine::side_to_move(self)
    }

    fn is_over(&self) -> bool {
        AmazonsEngine::is_over(self)
    }

    fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<Move> {
        let mv = match squares {
            [Some(from), Some(to), Some(arrow)] => Move {
                from: to_square(*from),
                to: to_square(*to),
                arrow: to_square(*arrow),
            },
            _ => return None,
        };
        self.is_legal(mv).then_some(mv)
    }

    fn squares_of(&self, mv: Move) -> Vec<Option<Square>> {
        vec![
            Some(from_square(mv.from)),
            Some(from_square(mv.to)),
            Some(from_square(mv.arrow)),
        ]
    }

    fn play(&mut self, mv: Move) {
        AmazonsEngine::play(self, mv);
    }

    fn snapshot(&self) -> Board {
        *self.board()
    }

    fn restore(&mut self, snapshot: Board) {
        AmazonsEngine::restore(self, snapshot);
    }

    fn expected_moves_left(&self) -> u32 {
        AmazonsEngine::expected_moves_left(self)
    }

    fn choose_move(&mut self, deadline: Deadline, rejected: &[Move]) -> Option<Move> {
        self.think(deadline, rejected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amazons::search::Settings;
    use crate::protocol::sau::parse_squares;

    fn engine() -> AmazonsEngine {
        AmazonsEngine::new(
            Settings {
                table_bits: 4,
                ..Settings::default()
            },
            1,
        )
    }

    #[test]
    fn the_first_letter_is_the_column() {
        let engine = engine();
        // Black's amazon on the sample engine's Board[0][6] goes up to Board[0][4] and shoots
        // back onto Board[0][6].
        let squares = parse_squares("AGAEAG", 10).unwrap();
        let mv = engine.legal_move_from(&squares).unwrap();
        assert_eq!(mv.from, square(0, 6));
        assert_eq!(mv.to, square(0, 4));
        assert_eq!(engine.squares_of(mv), squares);
        // White's amazon on Board[0][3] (AD) may not be moved by black.
        assert!(engine
            .legal_move_from(&parse_squares("ADACAD", 10).unwrap())
            .is_none());
    }

    #[test]
    fn wrong_shapes_and_blocked_paths_are_refused() {
        let mut engine = engine();
        assert!(engine
            .legal_move_from(&parse_squares("AGAE", 10).unwrap())
            .is_none());
        assert!(engine
            .legal_move_from(&parse_squares("AGAEAGAA", 10).unwrap())
            .is_none());
        // AG to AA passes over white's AD.
        assert!(engine
            .legal_move_from(&parse_squares("AGAAAB", 10).unwrap())
            .is_none());
        let mv = engine
            .legal_move_from(&parse_squares("AGAEAF", 10).unwrap())
            .unwrap();
        SauGame::play(&mut engine, mv);
        // Black moved; the same squares are no longer a legal turn for white.
        assert!(engine
            .legal_move_from(&parse_squares("AEAGAF", 10).unwrap())
            .is_none());
    }
}
