//! The NoGo referee: 9x9, one stone a turn, no passing; a stone that captures or is left without
//! a liberty loses the game, and so does having no legal move.

use super::rules::{draw_stones, parse_squares, square_name, Colour, GameResult, Referee, Verdict};
use crate::records::Reason;

const SIZE: usize = 9;

/// A NoGo game in progress.
#[derive(Clone)]
pub struct NoGo {
    cells: [[Option<Colour>; SIZE]; SIZE],
    to_move: Colour,
    result: Option<GameResult>,
}

impl Default for NoGo {
    fn default() -> Self {
        Self {
            cells: [[None; SIZE]; SIZE],
            to_move: Colour::Black,
            result: None,
        }
    }
}

impl NoGo {
    fn neighbours(x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> {
        let steps = [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)];
        steps.into_iter().filter_map(move |(dx, dy)| {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            let inside = (0..SIZE as i32).contains(&nx) && (0..SIZE as i32).contains(&ny);
            inside.then_some((nx as usize, ny as usize))
        })
    }

    /// Whether the group on (x, y) has a liberty.
    fn has_liberty(&self, x: usize, y: usize) -> bool {
        let colour = self.cells[y][x];
        let mut seen = [[false; SIZE]; SIZE];
        let mut stack = vec![(x, y)];
        seen[y][x] = true;
        while let Some((cx, cy)) = stack.pop() {
            for (nx, ny) in Self::neighbours(cx, cy) {
                match self.cells[ny][nx] {
                    None => return true,
                    stone if stone == colour && !seen[ny][nx] => {
                        seen[ny][nx] = true;
                        stack.push((nx, ny));
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// Whether `colour` may play (x, y): empty, and no group around it left without a liberty.
    pub fn is_legal(&self, x: usize, y: usize, colour: Colour) -> bool {
        if self.cells[y][x].is_some() {
            return false;
        }
        let mut after = self.clone();
        after.cells[y][x] = Some(colour);
        after.has_liberty(x, y)
            && Self::neighbours(x, y)
                .all(|(nx, ny)| after.cells[ny][nx].is_none() || after.has_liberty(nx, ny))
    }

    /// Every legal square of the side to move.
    pub fn legal_squares(&self) -> Vec<(usize, usize)> {
        (0..SIZE * SIZE)
            .map(|index| (index % SIZE, index / SIZE))
            .filter(|&(x, y)| self.is_legal(x, y, self.to_move))
            .collect()
    }

    /// Plays a legal square (no checks: the random player's shortcut).
    pub fn play(&mut self, x: usize, y: usize) {
        self.cells[y][x] = Some(self.to_move);
        self.to_move = self.to_move.opponent();
    }
}

impl Referee for NoGo {
    fn name(&self) -> &'static str {
        "nogo"
    }

    fn size(&self) -> usize {
        SIZE
    }

    fn reset(&mut self) {
        *self = Self::default();
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn submit(&mut self, squares: &str) -> Verdict {
        let parsed = match parse_squares(squares, SIZE) {
            Ok(parsed) => parsed,
            Err(reason) => return Verdict::Rejected(reason),
        };
        let [Some((x, y))] = parsed[..] else {
            return Verdict::Rejected(format!("{squares}: one stone expected"));
        };
        if self.cells[y][x].is_some() {
            return Verdict::Rejected(format!("{squares}: on a stone"));
        }
        let mover = self.to_move;
        if !self.is_legal(x, y, mover) {
            self.result = Some(GameResult::Win(mover.opponent()));
            return Verdict::Loses(format!("{squares}: captures or has no liberty"));
        }
        self.play(x, y);
        if self.legal_squares().is_empty() {
            self.result = Some(GameResult::Win(mover));
        }
        Verdict::Accepted
    }

    fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// NoGo has no draw: the side to move has no legal point left (a loss by a capture or a
    /// suicide is the judge's `Verdict::Loses`).
    fn ending(&self) -> (Reason, String) {
        let word = self.to_move.word();
        (Reason::NoMove, format!("{word} has no legal point"))
    }

    fn legal_turns(&self) -> Vec<String> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.legal_squares()
            .into_iter()
            .map(|(x, y)| square_name(x, y))
            .collect()
    }

    fn picture(&self) -> String {
        draw_stones(SIZE, |x, y| self.cells[y][x])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_turn_is_accepted_and_the_picture_shows_it() {
        let mut game = NoGo::default();
        assert_eq!(game.legal_turns().len(), SIZE * SIZE);
        for turn in ["AA", "BA", "EE"] {
            assert!(game.legal_turns().contains(&turn.to_string()));
            assert_eq!(game.submit(turn), Verdict::Accepted);
        }
        assert!(!game.legal_turns().contains(&"EE".to_string()));
        // White may not take black's last liberty at the corner.
        assert!(!game.legal_turns().contains(&"AB".to_string()));
        let picture = game.picture();
        assert_eq!(picture.lines().nth(1).unwrap(), " A X O . . . . . . .");
        assert_eq!(picture.lines().nth(5).unwrap(), " E . . . . X . . . .");
    }

    #[test]
    fn a_game_played_out_ends_with_the_side_to_move_stuck() {
        let mut game = NoGo::default();
        while game.result().is_none() {
            let turns = game.legal_turns();
            assert_eq!(game.submit(&turns[turns.len() / 2]), Verdict::Accepted);
        }
        let stuck = game.to_move();
        assert_eq!(game.result(), Some(GameResult::Win(stuck.opponent())));
        let words = format!("{} has no legal point", stuck.word());
        assert_eq!(game.ending(), (Reason::NoMove, words));
    }

    #[test]
    fn stones_on_stones_are_rejected_and_captures_and_suicides_lose() {
        let mut game = NoGo::default();
        assert_eq!(game.submit("AA"), Verdict::Accepted);
        assert!(matches!(game.submit("AA"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("A"), Verdict::Rejected(_)));
        assert_eq!(game.submit("BA"), Verdict::Accepted);
        assert_eq!(game.submit("EE"), Verdict::Accepted);
        // White AB would take the last liberty of black AA.
        assert!(matches!(game.submit("AB"), Verdict::Loses(_)));
        assert_eq!(game.result(), Some(GameResult::Win(Colour::Black)));

        let mut game = NoGo::default();
        for turn in ["BA", "EE", "AB"] {
            assert_eq!(game.submit(turn), Verdict::Accepted);
        }
        // White AA would have no liberty.
        assert!(matches!(game.submit("AA"), Verdict::Loses(_)));
    }
}
