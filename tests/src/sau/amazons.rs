//! The Amazons referee: 10x10, four amazons a side, black first. A turn `X1Y1X2Y2X3Y3` moves the
//! amazon on (X1, Y1) like a queen to (X2, Y2) and shoots an arrow like a queen from there onto
//! (X3, Y3); the side to move that has no turn left loses.
//!
//! Written apart from the engine on purpose: cells are kept as `cells[x][y]`, the sample
//! engine's own `Board[x][y]` layout (x = first letter = column, y = second letter = row), and
//! paths are walked square by square.

use super::rules::{parse_squares, square_name, Colour, GameResult, Referee, Verdict};

const SIZE: usize = 10;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Amazon(Colour),
    Arrow,
}

/// An Amazons game in progress.
#[derive(Clone)]
pub struct Amazons {
    cells: [[Cell; SIZE]; SIZE],
    to_move: Colour,
    result: Option<GameResult>,
}

impl Default for Amazons {
    fn default() -> Self {
        let mut cells = [[Cell::Empty; SIZE]; SIZE];
        // The sample engine: Board[0][3]=Board[3][0]=Board[6][0]=Board[9][3]=WHITE and
        // Board[0][6]=Board[3][9]=Board[6][9]=Board[9][6]=BLACK.
        for (x, y) in [(0, 3), (3, 0), (6, 0), (9, 3)] {
            cells[x][y] = Cell::Amazon(Colour::White);
        }
        for (x, y) in [(0, 6), (3, 9), (6, 9), (9, 6)] {
            cells[x][y] = Cell::Amazon(Colour::Black);
        }
        Self {
            cells,
            to_move: Colour::Black,
            result: None,
        }
    }
}

impl Amazons {
    /// The squares a queen on (x, y) reaches, treating `ignore` as empty.
    fn reach(&self, x: usize, y: usize, ignore: (usize, usize)) -> Vec<(usize, usize)> {
        let mut squares = Vec::new();
        for dx in -1i32..=1 {
            for dy in -1i32..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let (mut cx, mut cy) = (x as i32 + dx, y as i32 + dy);
                while (0..SIZE as i32).contains(&cx) && (0..SIZE as i32).contains(&cy) {
                    let (ux, uy) = (cx as usize, cy as usize);
                    if self.cells[ux][uy] != Cell::Empty && (ux, uy) != ignore {
                        break;
                    }
                    squares.push((ux, uy));
                    cx += dx;
                    cy += dy;
                }
            }
        }
        squares
    }

    fn turns_of(&self, colour: Colour) -> Vec<String> {
        let mut turns = Vec::new();
        for x in 0..SIZE {
            for y in 0..SIZE {
                if self.cells[x][y] != Cell::Amazon(colour) {
                    continue;
                }
                for (tx, ty) in self.reach(x, y, (SIZE, SIZE)) {
                    for (ax, ay) in self.reach(tx, ty, (x, y)) {
                        turns.push(format!(
                            "{}{}{}",
                            square_name(x, y),
                            square_name(tx, ty),
                            square_name(ax, ay)
                        ));
                    }
                }
            }
        }
        turns
    }

    /// The number of legal turns `depth` turns deep from here (perft), for checking engines.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.legal_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns
            .iter()
            .map(|turn| {
                let mut next = self.clone();
                next.submit(turn);
                next.perft(depth - 1)
            })
            .sum()
    }
}

impl Referee for Amazons {
    fn name(&self) -> &'static str {
        "amazons"
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
        let (from, to, arrow) = match parsed[..] {
            [Some(from), Some(to), Some(arrow)] => (from, to, arrow),
            _ => return Verdict::Rejected(format!("{squares}: three squares expected")),
        };
        if self.cells[from.0][from.1] != Cell::Amazon(self.to_move) {
            return Verdict::Rejected(format!("{squares}: no amazon of the side to move"));
        }
        if !self.reach(from.0, from.1, (SIZE, SIZE)).contains(&to) {
            return Verdict::Rejected(format!("{squares}: the amazon cannot go there"));
        }
        if !self.reach(to.0, to.1, from).contains(&arrow) {
            return Verdict::Rejected(format!("{squares}: the arrow cannot go there"));
        }
        let mover = self.to_move;
        self.cells[from.0][from.1] = Cell::Empty;
        self.cells[to.0][to.1] = Cell::Amazon(mover);
        self.cells[arrow.0][arrow.1] = Cell::Arrow;
        self.to_move = mover.opponent();
        if self.turns_of(self.to_move).is_empty() {
            self.result = Some(GameResult::Win(mover));
        }
        Verdict::Accepted
    }

    fn result(&self) -> Option<GameResult> {
        self.result
    }

    fn ending(&self) -> (crate::records::Reason, String) {
        let words = format!("{} has no turn left", self.to_move.word());
        (crate::records::Reason::NoMove, words)
    }

    /// Every turn the side to move may submit, in the platform's text; empty when the game is
    /// over.
    fn legal_turns(&self) -> Vec<String> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.turns_of(self.to_move)
    }

    /// The position drawn for a person: `B`/`W` amazons, `x` arrows, columns A..J across, rows
    /// A..J down.
    fn picture(&self) -> String {
        let mut text = String::from("   A B C D E F G H I J\n");
        for y in 0..SIZE {
            text.push((b'A' + y as u8) as char);
            text.push(' ');
            for x in 0..SIZE {
                text.push(' ');
                text.push(match self.cells[x][y] {
                    Cell::Empty => '.',
                    Cell::Arrow => 'x',
                    Cell::Amazon(Colour::Black) => 'B',
                    Cell::Amazon(Colour::White) => 'W',
                });
            }
            text.push('\n');
        }
        text.push_str(&format!("{} to move\n", self.to_move.word()));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_2176_turns_and_black_moves() {
        let game = Amazons::default();
        assert_eq!(game.legal_turns().len(), 2176);
        assert!(game.legal_turns().iter().all(|turn| turn.starts_with("AG")
            || turn.starts_with("DJ")
            || turn.starts_with("GJ")
            || turn.starts_with("JG")));
    }

    #[test]
    fn a_game_played_out_ends_with_the_side_to_move_stuck() {
        let mut game = Amazons::default();
        while game.result().is_none() {
            let turns = game.legal_turns();
            assert_eq!(game.submit(&turns[turns.len() / 3]), Verdict::Accepted);
        }
        let stuck = game.to_move();
        assert_eq!(game.result(), Some(GameResult::Win(stuck.opponent())));
        let (reason, words) = game.ending();
        assert_eq!(reason, crate::records::Reason::NoMove);
        assert_eq!(words, format!("{} has no turn left", stuck.word()));
    }

    #[test]
    fn bad_turns_are_rejected_and_good_ones_played() {
        let mut game = Amazons::default();
        assert!(matches!(game.submit("ADACAD"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("AGAAAB"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("AGAEAD"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("AGAE"), Verdict::Rejected(_)));
        assert_eq!(game.submit("AGAEAG"), Verdict::Accepted);
        assert_eq!(game.to_move(), Colour::White);
        assert!(matches!(game.submit("AEAFAG"), Verdict::Rejected(_)));
        assert!(game.picture().contains("white to move"));
    }
}
