//! The Phantom Go referee: it holds the true 9x9 board that neither player sees.
//!
//! Rules (docs/phantom-go.md says why): a point is accepted when it is empty, is not the simple-ko
//! point and the stone keeps a liberty after capturing; otherwise it is refused and the player
//! tries again. Passing always stands. The game ends after two passes in a row, or after
//! [`MAX_TURNS`] turns; it is scored by area (stones plus empty regions that touch one colour
//! only, no dead-stone removal) with a komi of 7.5 for white, so there are no draws.

use super::rules::{draw_stones, parse_squares, square_name, Colour, GameResult, Referee, Verdict};
use crate::records::Reason;

const SIZE: usize = 9;
/// White's komi under area scoring.
pub const KOMI: f64 = 7.5;
/// The most turns (passes included) a game may last before it is scored as it stands.
pub const MAX_TURNS: usize = 400;

/// Stones taken off the board, (column, row) each.
type Captured = Vec<(usize, usize)>;

/// What the referee answered to a point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Played; the opponent stones it captured (column, row).
    Accepted(Vec<(usize, usize)>),
    /// Not played, and why (for logs; the player is only told `refuse`).
    Refused(&'static str),
}

/// A Phantom Go game: the true board.
#[derive(Clone)]
pub struct PhantomGo {
    cells: [[Option<Colour>; SIZE]; SIZE],
    to_move: Colour,
    /// The point the side to move may not play this turn (simple ko).
    ko: Option<(usize, usize)>,
    passes: usize,
    turns: usize,
}

impl Default for PhantomGo {
    fn default() -> Self {
        Self {
            cells: [[None; SIZE]; SIZE],
            to_move: Colour::Black,
            ko: None,
            passes: 0,
            turns: 0,
        }
    }
}

fn around(x: usize, y: usize) -> Vec<(usize, usize)> {
    let mut points = Vec::with_capacity(4);
    if x > 0 {
        points.push((x - 1, y));
    }
    if x + 1 < SIZE {
        points.push((x + 1, y));
    }
    if y > 0 {
        points.push((x, y - 1));
    }
    if y + 1 < SIZE {
        points.push((x, y + 1));
    }
    points
}

impl PhantomGo {
    /// What stands on (x, y).
    pub fn at(&self, x: usize, y: usize) -> Option<Colour> {
        self.cells[y][x]
    }

    /// Turns played (passes included).
    pub fn turns(&self) -> usize {
        self.turns
    }

    /// The group through the stone on (x, y) and whether it has a liberty.
    fn group(&self, x: usize, y: usize) -> (Vec<(usize, usize)>, bool) {
        let colour = self.cells[y][x];
        let mut members = vec![(x, y)];
        let mut free = false;
        let mut index = 0;
        while index < members.len() {
            let (cx, cy) = members[index];
            index += 1;
            for (nx, ny) in around(cx, cy) {
                match self.cells[ny][nx] {
                    None => free = true,
                    stone if stone == colour && !members.contains(&(nx, ny)) => {
                        members.push((nx, ny))
                    }
                    _ => {}
                }
            }
        }
        (members, free)
    }

    /// Tries the side to move's stone on (x, y) without changing anything.
    fn attempt(&self, x: usize, y: usize) -> Result<(Self, Captured), &'static str> {
        if self.cells[y][x].is_some() {
            return Err("occupied");
        }
        if self.ko == Some((x, y)) {
            return Err("ko");
        }
        let mover = self.to_move;
        let mut after = self.clone();
        after.cells[y][x] = Some(mover);
        let mut captured = Vec::new();
        for (nx, ny) in around(x, y) {
            if after.cells[ny][nx] == Some(mover.opponent()) {
                let (members, free) = after.group(nx, ny);
                if !free {
                    for &(mx, my) in &members {
                        after.cells[my][mx] = None;
                    }
                    captured.extend(members);
                }
            }
        }
        if !after.group(x, y).1 {
            return Err("suicide");
        }
        after.ko = None;
        if captured.len() == 1 && after.group(x, y).0.len() == 1 {
            let (cx, cy) = captured[0];
            let liberties = around(x, y)
                .into_iter()
                .filter(|&(nx, ny)| after.cells[ny][nx].is_none())
                .count();
            if liberties == 1 {
                after.ko = Some((cx, cy));
            }
        }
        after.to_move = mover.opponent();
        after.passes = 0;
        after.turns += 1;
        Ok((after, captured))
    }

    /// The side to move tries (x, y): played if legal, else refused and nothing changes.
    pub fn try_point(&mut self, x: usize, y: usize) -> Answer {
        match self.attempt(x, y) {
            Ok((after, captured)) => {
                *self = after;
                Answer::Accepted(captured)
            }
            Err(why) => Answer::Refused(why),
        }
    }

    /// The side to move passes.
    pub fn pass(&mut self) {
        self.passes += 1;
        self.turns += 1;
        self.ko = None;
        self.to_move = self.to_move.opponent();
    }

    /// Area score, black minus white, komi included.
    pub fn score(&self) -> f64 {
        let mut black = 0i32;
        let mut white = 0i32;
        let mut seen = [[false; SIZE]; SIZE];
        for y in 0..SIZE {
            for x in 0..SIZE {
                match self.cells[y][x] {
                    Some(Colour::Black) => black += 1,
                    Some(Colour::White) => white += 1,
                    None if !seen[y][x] => {
                        let mut region = vec![(x, y)];
                        seen[y][x] = true;
                        let mut borders = (false, false);
                        let mut index = 0;
                        while index < region.len() {
                            let (cx, cy) = region[index];
                            index += 1;
                            for (nx, ny) in around(cx, cy) {
                                match self.cells[ny][nx] {
                                    Some(Colour::Black) => borders.0 = true,
                                    Some(Colour::White) => borders.1 = true,
                                    None if !seen[ny][nx] => {
                                        seen[ny][nx] = true;
                                        region.push((nx, ny));
                                    }
                                    None => {}
                                }
                            }
                        }
                        match borders {
                            (true, false) => black += region.len() as i32,
                            (false, true) => white += region.len() as i32,
                            _ => {}
                        }
                    }
                    None => {}
                }
            }
        }
        f64::from(black - white) - KOMI
    }

    /// The board as `colour` sees it: its own stones only.
    pub fn picture_for(&self, colour: Colour) -> String {
        draw_stones(SIZE, |x, y| self.cells[y][x].filter(|&c| c == colour))
    }
}

impl Referee for PhantomGo {
    fn name(&self) -> &'static str {
        "phantom-go"
    }

    fn reset(&mut self) {
        *self = Self::default();
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn submit(&mut self, squares: &str) -> Verdict {
        if self.result().is_some() {
            return Verdict::Rejected("the game is over".to_string());
        }
        if squares == "pass" {
            self.pass();
            return Verdict::Accepted;
        }
        match parse_squares(squares, SIZE) {
            Ok(list) => match list.as_slice() {
                [Some((x, y))] => match self.try_point(*x, *y) {
                    Answer::Accepted(_) => Verdict::Accepted,
                    Answer::Refused(why) => Verdict::Rejected(why.to_string()),
                },
                _ => Verdict::Rejected(format!("'{squares}' is not one square")),
            },
            Err(problem) => Verdict::Rejected(problem),
        }
    }

    fn result(&self) -> Option<GameResult> {
        if self.passes < 2 && self.turns < MAX_TURNS {
            return None;
        }
        let winner = if self.score() > 0.0 {
            Colour::Black
        } else {
            Colour::White
        };
        Some(GameResult::Win(winner))
    }

    /// Two passes in a row, or the turn limit; either way the board is counted.
    fn ending(&self) -> (Reason, String) {
        let score = self.score();
        let lead = if score > 0.0 {
            format!("B+{score}")
        } else {
            format!("W+{}", -score)
        };
        if self.passes >= 2 {
            (Reason::Passes, format!("two passes, {lead}"))
        } else {
            (Reason::MoveLimit, format!("{MAX_TURNS} turns, {lead}"))
        }
    }

    fn legal_turns(&self) -> Vec<String> {
        if self.result().is_some() {
            return Vec::new();
        }
        let mut turns: Vec<String> = (0..SIZE * SIZE)
            .map(|i| (i % SIZE, i / SIZE))
            .filter(|&(x, y)| self.attempt(x, y).is_ok())
            .map(|(x, y)| square_name(x, y))
            .collect();
        turns.push("pass".to_string());
        turns
    }

    fn picture(&self) -> String {
        draw_stones(SIZE, |x, y| self.cells[y][x])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &mut PhantomGo, squares: &[&str]) {
        for square in squares {
            assert_eq!(game.submit(square), Verdict::Accepted, "{square}");
        }
    }

    #[test]
    fn refusals_say_why_and_change_nothing() {
        let mut game = PhantomGo::default();
        play(&mut game, &["AB", "BB", "BA", "CA"]);
        assert_eq!(game.try_point(1, 1), Answer::Refused("occupied"));
        assert_eq!(game.to_move(), Colour::Black);
        // Black AA joins AB and BA; their one liberty left is AC, where white takes all three.
        play(&mut game, &["AA"]);
        match game.try_point(0, 2) {
            Answer::Accepted(mut taken) => {
                taken.sort_unstable();
                assert_eq!(taken, vec![(0, 0), (0, 1), (1, 0)]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(game.at(0, 0), None);
        assert_eq!(game.try_point(0, 0), Answer::Accepted(vec![]));
    }

    #[test]
    fn simple_ko_is_refused_once() {
        let mut game = PhantomGo::default();
        // Black BA AB BC around BB, white CA DB CC around CB; black steps into CB.
        play(&mut game, &["BA", "CA", "AB", "DB", "BC", "CC", "CB"]);
        assert_eq!(game.try_point(1, 1), Answer::Accepted(vec![(2, 1)]));
        assert_eq!(game.try_point(2, 1), Answer::Refused("ko"));
        play(&mut game, &["II", "HH"]);
        assert_eq!(game.try_point(2, 1), Answer::Accepted(vec![(1, 1)]));
    }

    #[test]
    fn two_passes_end_and_area_decides() {
        let mut game = PhantomGo::default();
        play(&mut game, &["EE", "pass"]);
        assert!(game.result().is_none());
        play(&mut game, &["pass"]);
        // Black owns the whole board: 81 - 7.5.
        assert_eq!(game.score(), 81.0 - KOMI);
        assert_eq!(game.result(), Some(GameResult::Win(Colour::Black)));
        assert_eq!(
            game.ending(),
            (Reason::Passes, "two passes, B+73.5".to_string())
        );
        assert!(game.legal_turns().is_empty());
        let mut game = PhantomGo::default();
        play(&mut game, &["pass", "pass"]);
        assert_eq!(game.result(), Some(GameResult::Win(Colour::White)));
    }

    #[test]
    fn legal_turns_count_the_open_points_and_pass() {
        let mut game = PhantomGo::default();
        assert_eq!(game.legal_turns().len(), 82);
        play(&mut game, &["BA", "EE", "AB"]);
        // White may not play the corner AA (suicide), nor the three stones.
        assert_eq!(game.legal_turns().len(), 82 - 3 - 1);
        assert!(game.picture().contains('X'));
        assert!(!game.picture_for(Colour::White).contains('X'));
    }
}
