//! Surakarta on the SAU platform: `X1Y1X2Y2` (from, to) on a 6x6 board, `x` the first letter.

use super::{SauGame, Square};
use crate::core::color::Color;
use crate::core::time::Deadline;
use crate::surakarta::board::{Move, SIZE};
use crate::surakarta::engine::{Saved, SurakartaEngine};

fn point(square: Square) -> usize {
    usize::from(square.y) * SIZE + usize::from(square.x)
}

fn square(point: u8) -> Square {
    Square {
        x: point % SIZE as u8,
        y: point / SIZE as u8,
    }
}

impl SauGame for SurakartaEngine {
    type Move = Move;
    type Snapshot = Saved;

    fn engine_name(&self) -> &str {
        "RustSurakarta"
    }

    fn board_size(&self) -> u8 {
        SIZE as u8
    }

    fn new_game(&mut self) {
        SurakartaEngine::new_game(self);
    }

    fn side_to_move(&self) -> Color {
        SurakartaEngine::side_to_move(self)
    }

    fn is_over(&self) -> bool {
        SurakartaEngine::is_over(self)
    }

    fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<Move> {
        let mv = match squares {
            [Some(from), Some(to)] => Move::new(point(*from), point(*to)),
            _ => return None,
        };
        self.is_legal(&mv).then_some(mv)
    }

    fn squares_of(&self, mv: Move) -> Vec<Option<Square>> {
        vec![Some(square(mv.from)), Some(square(mv.to))]
    }

    fn play(&mut self, mv: Move) {
        SurakartaEngine::play(self, mv);
    }

    fn snapshot(&self) -> Saved {
        self.save()
    }

    fn restore(&mut self, snapshot: Saved) {
        SurakartaEngine::restore(self, snapshot);
    }

    fn expected_moves_left(&self) -> u32 {
        SurakartaEngine::expected_moves_left(self)
    }

    fn choose_move(&mut self, deadline: Deadline, rejected: &[Move]) -> Option<Move> {
        self.think(deadline, rejected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surakarta::search::Settings;

    fn small() -> Settings {
        Settings {
            table_bits: 10,
            ..Settings::default()
        }
    }

    #[test]
    fn the_first_letter_is_the_column_and_black_holds_a_and_b() {
        let engine = SurakartaEngine::new(small());
        // Black's piece on B (x = 1), row C (y = 2) steps to C (x = 2).
        let from = Square { x: 1, y: 2 };
        let to = Square { x: 2, y: 2 };
        let mv = engine.legal_move_from(&[Some(from), Some(to)]).unwrap();
        assert_eq!(engine.squares_of(mv), vec![Some(from), Some(to)]);
        // A white piece (x = 4) may not move first, nor may black jump two points.
        let white = Square { x: 4, y: 2 };
        let far = Square { x: 3, y: 2 };
        assert!(engine.legal_move_from(&[Some(white), Some(far)]).is_none());
        assert!(engine.legal_move_from(&[Some(from), Some(far)]).is_none());
        assert!(engine.legal_move_from(&[Some(from)]).is_none());
        assert!(engine.legal_move_from(&[Some(from), None]).is_none());
    }
}
