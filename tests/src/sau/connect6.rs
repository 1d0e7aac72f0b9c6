//! The Connect6 referee: 19x19, black opens with one stone (`XY@@`), then two stones a turn;
//! six or more in a row wins, a full board draws.

use super::rules::{draw_stones, parse_squares, square_name, Colour, GameResult, Referee, Verdict};
use crate::records::Reason;

const SIZE: usize = 19;

/// A Connect6 game in progress.
#[derive(Clone)]
pub struct Connect6 {
    cells: [[Option<Colour>; SIZE]; SIZE],
    stones: usize,
    result: Option<GameResult>,
}

impl Default for Connect6 {
    fn default() -> Self {
        Self {
            cells: [[None; SIZE]; SIZE],
            stones: 0,
            result: None,
        }
    }
}

impl Connect6 {
    fn run_through(&self, x: usize, y: usize, colour: Colour) -> bool {
        for (dx, dy) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
            let mut length = 1;
            for sign in [1, -1] {
                let (mut cx, mut cy) = (x as i32, y as i32);
                loop {
                    cx += dx * sign;
                    cy += dy * sign;
                    if cx < 0 || cy < 0 || cx >= SIZE as i32 || cy >= SIZE as i32 {
                        break;
                    }
                    if self.cells[cy as usize][cx as usize] != Some(colour) {
                        break;
                    }
                    length += 1;
                }
            }
            if length >= 6 {
                return true;
            }
        }
        false
    }
}

impl Referee for Connect6 {
    fn name(&self) -> &'static str {
        "connect6"
    }

    fn size(&self) -> usize {
        SIZE
    }

    fn reset(&mut self) {
        *self = Self::default();
    }

    fn to_move(&self) -> Colour {
        if matches!(self.stones % 4, 0 | 3) {
            Colour::Black
        } else {
            Colour::White
        }
    }

    fn submit(&mut self, squares: &str) -> Verdict {
        let parsed = match parse_squares(squares, SIZE) {
            Ok(parsed) => parsed,
            Err(reason) => return Verdict::Rejected(reason),
        };
        let stones: Vec<(usize, usize)> = parsed.into_iter().flatten().collect();
        let wanted = if self.stones == 0 { 1 } else { 2 };
        if stones.len() != wanted {
            return Verdict::Rejected(format!("{squares}: {wanted} stone(s) expected"));
        }
        if stones.len() == 2 && stones[0] == stones[1] {
            return Verdict::Rejected(format!("{squares}: the same square twice"));
        }
        if stones.iter().any(|&(x, y)| self.cells[y][x].is_some()) {
            return Verdict::Rejected(format!("{squares}: on a stone"));
        }
        let colour = self.to_move();
        for &(x, y) in &stones {
            self.cells[y][x] = Some(colour);
            self.stones += 1;
            if self.run_through(x, y, colour) {
                self.result = Some(GameResult::Win(colour));
            }
        }
        if self.result.is_none() && self.stones == SIZE * SIZE {
            self.result = Some(GameResult::Draw);
        }
        Verdict::Accepted
    }

    fn result(&self) -> Option<GameResult> {
        self.result
    }

    fn ending(&self) -> (Reason, String) {
        match self.result {
            Some(GameResult::Draw) => (Reason::FullBoard, "full board".to_string()),
            _ => (Reason::Line, "six in a row".to_string()),
        }
    }

    fn legal_turns(&self) -> Vec<String> {
        if self.result.is_some() {
            return Vec::new();
        }
        let empty: Vec<String> = (0..SIZE * SIZE)
            .map(|index| (index % SIZE, index / SIZE))
            .filter(|&(x, y)| self.cells[y][x].is_none())
            .map(|(x, y)| square_name(x, y))
            .collect();
        if self.stones == 0 {
            return empty.iter().map(|square| format!("{square}@@")).collect();
        }
        let mut turns = Vec::new();
        for (i, first) in empty.iter().enumerate() {
            for second in &empty[i + 1..] {
                turns.push(format!("{first}{second}"));
            }
        }
        turns
    }

    fn picture(&self) -> String {
        draw_stones(SIZE, |x, y| self.cells[y][x])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_turns_are_the_opening_stones_then_pairs() {
        let mut game = Connect6::default();
        let openings = game.legal_turns();
        assert_eq!(openings.len(), SIZE * SIZE);
        assert!(openings.iter().all(|turn| turn.ends_with("@@")));
        assert_eq!(game.submit("JJ@@"), Verdict::Accepted);
        let pairs = game.legal_turns();
        assert_eq!(pairs.len(), 360 * 359 / 2);
        assert!(!pairs
            .iter()
            .any(|turn| turn[..2] == *"JJ" || turn[2..] == *"JJ"));
        assert_eq!(game.submit(&pairs[0]), Verdict::Accepted);
        assert!(game.picture().contains('X') && game.picture().contains('O'));
    }

    #[test]
    fn opening_then_pairs_and_a_six_wins() {
        let mut game = Connect6::default();
        assert!(matches!(game.submit("JJKK"), Verdict::Rejected(_)));
        assert_eq!(game.submit("JJ@@"), Verdict::Accepted);
        assert!(matches!(game.submit("JJAA"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("AA@@"), Verdict::Rejected(_)));
        assert_eq!(game.submit("AAAB"), Verdict::Accepted);
        for turn in ["KJLJ", "ACAD", "MJNJ", "AEAF"] {
            assert_eq!(game.submit(turn), Verdict::Accepted);
        }
        assert_eq!(game.result(), Some(GameResult::Win(Colour::White)));
        assert_eq!(game.ending(), (Reason::Line, "six in a row".to_string()));
    }
}
