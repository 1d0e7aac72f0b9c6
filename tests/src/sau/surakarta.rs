//! The Surakarta referee, written apart from the engine: pieces on a 6x6 grid indexed
//! `[x][y]` as in the platform's sample engine (black on `x` = 0 and 1, white on 4 and 5, black
//! first), captures traced step by step over the grid, leaving the board through a corner arc
//! onto the perpendicular line.
//!
//! End of the game: a side with no piece left loses; a side to move with no legal move loses;
//! after [`QUIET_LIMIT`] plies in a row without a capture the game stops and the side with more
//! pieces wins (equal counts draw), the no-capture rule of the TCGA tournaments (see
//! docs/surakarta.md for why).

use super::rules::{draw_stones, parse_squares, square_name, Colour, GameResult, Referee, Verdict};
use crate::records::Reason;

const SIZE: i32 = 6;

/// Plies without a capture after which the pieces are counted.
pub const QUIET_LIMIT: u32 = 50;

/// A Surakarta game in progress.
#[derive(Clone)]
pub struct Surakarta {
    cells: [[Option<Colour>; 6]; 6],
    to_move: Colour,
    quiet_plies: u32,
    result: Option<GameResult>,
}

impl Default for Surakarta {
    fn default() -> Self {
        let mut cells = [[None; 6]; 6];
        for column in cells.iter_mut().take(2) {
            *column = [Some(Colour::Black); 6];
        }
        for column in cells.iter_mut().skip(4) {
            *column = [Some(Colour::White); 6];
        }
        Self {
            cells,
            to_move: Colour::Black,
            quiet_plies: 0,
            result: None,
        }
    }
}

/// Whether a line (row or column index) runs into corner arcs at both ends.
fn has_arcs(line: i32) -> bool {
    (1..=4).contains(&line)
}

/// Leaves the board from (x, y) in direction (dx, dy) through the arc at that end of the line:
/// the point and direction it re-enters with.
fn through_arc(x: i32, y: i32, dx: i32, dy: i32) -> (i32, i32, i32, i32) {
    if dx != 0 {
        // Leaving through the left or right edge along row y, at the nearer corner's arc.
        let corner_y = if y < SIZE / 2 { 0 } else { SIZE - 1 };
        let distance = (y - corner_y).abs();
        let entry_x = if dx > 0 {
            SIZE - 1 - distance
        } else {
            distance
        };
        let down = if corner_y == 0 { 1 } else { -1 };
        (entry_x, corner_y, 0, down)
    } else {
        let corner_x = if x < SIZE / 2 { 0 } else { SIZE - 1 };
        let distance = (x - corner_x).abs();
        let entry_y = if dy > 0 {
            SIZE - 1 - distance
        } else {
            distance
        };
        let right = if corner_x == 0 { 1 } else { -1 };
        (corner_x, entry_y, right, 0)
    }
}

impl Surakarta {
    /// A position with the given pieces, `to_move` to play.
    pub fn from_cells(cells: [[Option<Colour>; 6]; 6], to_move: Colour) -> Self {
        Self {
            cells,
            to_move,
            quiet_plies: 0,
            result: None,
        }
    }

    /// The piece on (x, y).
    pub fn at(&self, x: usize, y: usize) -> Option<Colour> {
        self.cells[x][y]
    }

    /// The enemy pieces the piece on (x, y) can capture: (x, y) of each target.
    pub fn capture_targets(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let Some(colour) = self.cells[x][y] else {
            return Vec::new();
        };
        let mut targets = Vec::new();
        let (sx, sy) = (x as i32, y as i32);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let line = if dx != 0 { sy } else { sx };
            if !has_arcs(line) {
                continue;
            }
            let (mut cx, mut cy, mut ddx, mut ddy) = (sx, sy, dx, dy);
            let mut arcs = 0;
            // A full circuit is 24 points and 4 arcs; more steps only go round again.
            for _ in 0..40 {
                let (nx, ny) = (cx + ddx, cy + ddy);
                if !(0..SIZE).contains(&nx) || !(0..SIZE).contains(&ny) {
                    let (ex, ey, edx, edy) = through_arc(cx, cy, ddx, ddy);
                    arcs += 1;
                    (cx, cy, ddx, ddy) = (ex, ey, edx, edy);
                } else {
                    (cx, cy) = (nx, ny);
                }
                if (cx, cy) == (sx, sy) {
                    continue;
                }
                match self.cells[cx as usize][cy as usize] {
                    None => {}
                    Some(other) => {
                        if other != colour && arcs > 0 {
                            let target = (cx as usize, cy as usize);
                            if !targets.contains(&target) {
                                targets.push(target);
                            }
                        }
                        break;
                    }
                }
            }
        }
        targets
    }

    /// Every legal move of the side to move as ((x1, y1), (x2, y2)).
    pub fn legal_moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let mut moves = Vec::new();
        if self.result.is_some() {
            return moves;
        }
        for x in 0..6 {
            for y in 0..6 {
                if self.cells[x][y] != Some(self.to_move) {
                    continue;
                }
                for target in self.capture_targets(x, y) {
                    moves.push(((x, y), target));
                }
                for dx in -1i32..=1 {
                    for dy in -1i32..=1 {
                        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                        if (dx, dy) != (0, 0)
                            && (0..SIZE).contains(&nx)
                            && (0..SIZE).contains(&ny)
                            && self.cells[nx as usize][ny as usize].is_none()
                        {
                            moves.push(((x, y), (nx as usize, ny as usize)));
                        }
                    }
                }
            }
        }
        moves
    }

    fn count(&self, colour: Colour) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|&&cell| cell == Some(colour))
            .count()
    }

    /// Plays a legal move without checks and settles the end of the game.
    pub fn play(&mut self, from: (usize, usize), to: (usize, usize)) {
        let mover = self.to_move;
        let captured = self.cells[to.0][to.1].is_some();
        self.cells[to.0][to.1] = self.cells[from.0][from.1].take();
        self.quiet_plies = if captured { 0 } else { self.quiet_plies + 1 };
        self.to_move = mover.opponent();
        if self.count(mover.opponent()) == 0 || self.legal_moves().is_empty() {
            self.result = Some(GameResult::Win(mover));
        } else if self.quiet_plies >= QUIET_LIMIT {
            let (ours, theirs) = (self.count(mover), self.count(mover.opponent()));
            self.result = Some(if ours > theirs {
                GameResult::Win(mover)
            } else if theirs > ours {
                GameResult::Win(mover.opponent())
            } else {
                GameResult::Draw
            });
        }
    }
}

impl Referee for Surakarta {
    fn name(&self) -> &'static str {
        "surakarta"
    }

    fn reset(&mut self) {
        *self = Self::default();
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn submit(&mut self, squares: &str) -> Verdict {
        let parsed = match parse_squares(squares, 6) {
            Ok(parsed) => parsed,
            Err(reason) => return Verdict::Rejected(reason),
        };
        let [Some(from), Some(to)] = parsed[..] else {
            return Verdict::Rejected(format!("{squares}: a start and an end point expected"));
        };
        if self.cells[from.0][from.1] != Some(self.to_move) {
            return Verdict::Rejected(format!("{squares}: no piece of the side to move there"));
        }
        if !self.legal_moves().contains(&(from, to)) {
            return Verdict::Rejected(format!("{squares}: not a step or a capture"));
        }
        self.play(from, to);
        Verdict::Accepted
    }

    fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// A side without pieces or without a move loses; at the no-capture limit the pieces are
    /// counted.
    fn ending(&self) -> (Reason, String) {
        let side = self.to_move;
        if self.count(side) == 0 {
            (
                Reason::NoPieces,
                format!("{} has no piece left", side.word()),
            )
        } else if self.quiet_plies >= QUIET_LIMIT {
            let words = format!(
                "{QUIET_LIMIT} plies without a capture, pieces {} - {}",
                self.count(Colour::Black),
                self.count(Colour::White)
            );
            (Reason::PlyLimit, words)
        } else {
            (Reason::NoMove, format!("{} has no move", side.word()))
        }
    }

    fn legal_turns(&self) -> Vec<String> {
        self.legal_moves()
            .into_iter()
            .map(|(from, to)| square_name(from.0, from.1) + &square_name(to.0, to.1))
            .collect()
    }

    fn picture(&self) -> String {
        let mut picture = draw_stones(6, |x, y| self.cells[x][y]);
        picture.push_str(&format!(
            "black X {} pieces, white O {} pieces; {} plies without a capture (the pieces are \
             counted at {QUIET_LIMIT})\n",
            self.count(Colour::Black),
            self.count(Colour::White),
            self.quiet_plies
        ));
        picture
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arcs_join_the_lines_at_each_corner() {
        // Row 1 leaving right enters column 4 at the top, going down.
        assert_eq!(through_arc(5, 1, 1, 0), (4, 0, 0, 1));
        // Row 2 leaving left enters column 2 at the top.
        assert_eq!(through_arc(0, 2, -1, 0), (2, 0, 0, 1));
        // Column 3 leaving the bottom enters row 3 from the right, going left.
        assert_eq!(through_arc(3, 5, 0, 1), (5, 3, -1, 0));
        // Column 1 leaving the top enters row 1 from the left.
        assert_eq!(through_arc(1, 0, 0, -1), (0, 1, 1, 0));
    }

    #[test]
    fn the_picture_puts_black_on_the_first_two_columns() {
        let picture = Surakarta::default().picture();
        let rows: Vec<&str> = picture.lines().skip(1).take(6).collect();
        assert!(
            rows.iter().all(|row| row.ends_with("X X . . O O")),
            "{picture}"
        );
        assert!(picture.contains("black X 12 pieces, white O 12 pieces"));
    }

    #[test]
    fn fifty_quiet_plies_end_the_game_counted_not_on_a_full_board() {
        let mut game = Surakarta::default();
        let cycle = ["BCCD", "ECDC", "CDBC", "DCEC"];
        for ply in 0..QUIET_LIMIT as usize {
            assert_eq!(game.result(), None, "ply {ply}");
            assert_eq!(game.submit(cycle[ply % 4]), Verdict::Accepted);
        }
        assert_eq!(game.result(), Some(GameResult::Draw));
        let (reason, words) = game.ending();
        assert_eq!(reason, Reason::PlyLimit);
        assert_eq!(words, "50 plies without a capture, pieces 12 - 12");
    }

    #[test]
    fn the_start_has_sixteen_steps_and_illegal_turns_are_rejected() {
        let mut game = Surakarta::default();
        assert_eq!(game.legal_turns().len(), 16);
        assert!(matches!(game.submit("ECDC"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("BCDC"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("BC"), Verdict::Rejected(_)));
        assert_eq!(game.submit("BCCD"), Verdict::Accepted);
        assert_eq!(game.to_move(), Colour::White);
    }
}
