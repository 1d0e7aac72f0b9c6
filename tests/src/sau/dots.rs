//! The Dots and Boxes referee: 6x6 dots, 25 boxes. A turn is `<count> <lines>`, each line three
//! letters `KIJ` (`K`: `A` horizontal, `B` vertical; `I`: the row of a horizontal line or the
//! column of a vertical one, `A..F`; `J`: the segment along it, `A..E`), drawn in the order
//! written. Every line but the last must complete a box; the last must complete none unless it
//! ends the game. A turn that breaks this is rejected (`error`), like an unreadable one. Most
//! boxes wins; 25 boxes leave no draw.
//!
//! Written apart from the engine's rules on purpose: lines as two grids of flags, boxes by owner.

use super::rules::{Colour, GameResult, Referee, Verdict};

/// Boxes along a side.
const BOXES: usize = 5;
/// Dots along a side.
const DOTS: usize = BOXES + 1;

/// A line: horizontal (`vertical == false`) on dot row `index` between dot columns `segment`
/// and `segment + 1`, or vertical on dot column `index` between dot rows `segment` and
/// `segment + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    vertical: bool,
    index: usize,
    segment: usize,
}

impl Line {
    fn parse(triple: &[u8]) -> Option<Line> {
        let vertical = match triple[0] {
            b'A' => false,
            b'B' => true,
            _ => return None,
        };
        let index = usize::from(triple[1].checked_sub(b'A')?);
        let segment = usize::from(triple[2].checked_sub(b'A')?);
        (index < DOTS && segment < BOXES).then_some(Line {
            vertical,
            index,
            segment,
        })
    }

    fn name(self) -> String {
        let letter = |value: usize| char::from(b'A' + value as u8);
        format!(
            "{}{}{}",
            if self.vertical { 'B' } else { 'A' },
            letter(self.index),
            letter(self.segment)
        )
    }

    /// The boxes (row, column) this line is a side of.
    fn boxes(self) -> Vec<(usize, usize)> {
        let mut boxes = Vec::with_capacity(2);
        if self.vertical {
            let (column, row) = (self.index, self.segment);
            if column > 0 {
                boxes.push((row, column - 1));
            }
            if column < BOXES {
                boxes.push((row, column));
            }
        } else {
            let (row, column) = (self.index, self.segment);
            if row > 0 {
                boxes.push((row - 1, column));
            }
            if row < BOXES {
                boxes.push((row, column));
            }
        }
        boxes
    }

    fn all() -> Vec<Line> {
        let mut lines = Vec::with_capacity(2 * DOTS * BOXES);
        for vertical in [false, true] {
            for index in 0..DOTS {
                for segment in 0..BOXES {
                    lines.push(Line {
                        vertical,
                        index,
                        segment,
                    });
                }
            }
        }
        lines
    }
}

/// A Dots and Boxes game in progress.
#[derive(Clone)]
pub struct Dots {
    horizontal: [[bool; BOXES]; DOTS],
    vertical: [[bool; BOXES]; DOTS],
    owner: [[Option<Colour>; BOXES]; BOXES],
    to_move: Colour,
}

impl Default for Dots {
    fn default() -> Self {
        Self {
            horizontal: [[false; BOXES]; DOTS],
            vertical: [[false; BOXES]; DOTS],
            owner: [[None; BOXES]; BOXES],
            to_move: Colour::Black,
        }
    }
}

impl Dots {
    fn drawn(&self, line: Line) -> bool {
        if line.vertical {
            self.vertical[line.index][line.segment]
        } else {
            self.horizontal[line.index][line.segment]
        }
    }

    fn box_done(&self, row: usize, column: usize) -> bool {
        self.horizontal[row][column]
            && self.horizontal[row + 1][column]
            && self.vertical[column][row]
            && self.vertical[column + 1][row]
    }

    /// Draws a free line for the side to move; the boxes it completes become theirs.
    fn draw(&mut self, line: Line) -> usize {
        if line.vertical {
            self.vertical[line.index][line.segment] = true;
        } else {
            self.horizontal[line.index][line.segment] = true;
        }
        let mut completed = 0;
        for (row, column) in line.boxes() {
            if self.owner[row][column].is_none() && self.box_done(row, column) {
                self.owner[row][column] = Some(self.to_move);
                completed += 1;
            }
        }
        completed
    }

    fn count(&self, colour: Colour) -> usize {
        self.owner
            .iter()
            .flatten()
            .filter(|&&owner| owner == Some(colour))
            .count()
    }

    fn full(&self) -> bool {
        self.owner.iter().flatten().all(Option::is_some)
    }

    fn free_lines(&self) -> Vec<Line> {
        Line::all()
            .into_iter()
            .filter(|&line| !self.drawn(line))
            .collect()
    }

    /// Reads `<count> <lines>` (the lines may be split over words).
    fn parse_turn(text: &str) -> Result<Vec<Line>, String> {
        let mut words = text.split_whitespace();
        let count: usize = words
            .next()
            .and_then(|word| word.parse().ok())
            .ok_or(format!("'{text}' does not start with the number of lines"))?;
        let letters: String = words.collect();
        if count == 0 || letters.len() != 3 * count {
            return Err(format!("'{text}': {count} lines announced"));
        }
        letters
            .as_bytes()
            .chunks(3)
            .map(|triple| Line::parse(triple).ok_or(format!("'{text}' has a line off the board")))
            .collect()
    }

    /// Plays `lines` in order for the side to move if they make one legal turn; the position is
    /// left as it was otherwise.
    fn play_turn(&mut self, lines: &[Line]) -> Result<(), String> {
        let mut next = self.clone();
        for (at, &line) in lines.iter().enumerate() {
            if next.drawn(line) {
                return Err(format!("{} is drawn already", line.name()));
            }
            let completed = next.draw(line);
            let last = at + 1 == lines.len();
            if !last && completed == 0 {
                return Err(format!(
                    "{} completes no box, the turn ends there",
                    line.name()
                ));
            }
            if last && completed > 0 && !next.full() {
                return Err(format!(
                    "{} completes a box, the turn must go on",
                    line.name()
                ));
            }
        }
        next.to_move = self.to_move.opponent();
        *self = next;
        Ok(())
    }

    /// One whole turn that starts with `first`: take every box that can be taken (lowest line
    /// first) and end with `last` when the game is not over (`None`: the first free line).
    fn turn_from(&self, first: Line, last: Option<Line>) -> Option<Vec<Line>> {
        let mut scratch = self.clone();
        let mut lines = vec![first];
        if scratch.draw(first) == 0 {
            return Some(lines);
        }
        while !scratch.full() {
            let free = scratch.free_lines();
            let taking = free.iter().copied().find(|&line| {
                line.boxes().iter().any(|&(row, column)| {
                    let mut probe = scratch.clone();
                    probe.draw(line);
                    probe.box_done(row, column)
                })
            });
            match taking {
                Some(line) => {
                    scratch.draw(line);
                    lines.push(line);
                }
                None => {
                    let end = last.unwrap_or(free[0]);
                    if scratch.drawn(end) {
                        return None;
                    }
                    lines.push(end);
                    break;
                }
            }
        }
        Some(lines)
    }

    fn write(lines: &[Line]) -> String {
        let letters: String = lines.iter().map(|line| line.name()).collect();
        format!("{} {letters}", lines.len())
    }
}

impl Referee for Dots {
    fn name(&self) -> &'static str {
        "dots-and-boxes"
    }

    fn reset(&mut self) {
        *self = Self::default();
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn submit(&mut self, turn: &str) -> Verdict {
        if self.full() {
            return Verdict::Rejected("the game is over".to_string());
        }
        match Self::parse_turn(turn).and_then(|lines| self.play_turn(&lines)) {
            Ok(()) => Verdict::Accepted,
            Err(reason) => Verdict::Rejected(reason),
        }
    }

    fn result(&self) -> Option<GameResult> {
        if !self.full() {
            return None;
        }
        let black = self.count(Colour::Black);
        Some(if 2 * black > BOXES * BOXES {
            GameResult::Win(Colour::Black)
        } else {
            GameResult::Win(Colour::White)
        })
    }

    /// The game ends when every line is drawn, won on the count of boxes.
    fn ending(&self) -> (crate::records::Reason, String) {
        let (black, white) = (self.count(Colour::Black), self.count(Colour::White));
        let words = format!("every line drawn, boxes {black} - {white}");
        (crate::records::Reason::FullBoard, words)
    }

    /// Listing every whole turn would explode with long chains, so this lists, for each free
    /// line, the turns that start with it: a line that completes no box is a turn alone; one that
    /// completes a box goes on taking every box that can be taken and ends with each line then
    /// free (or with the last box). Every listed turn is legal; every first line appears.
    fn legal_turns(&self) -> Vec<String> {
        if self.full() {
            return Vec::new();
        }
        let mut turns = Vec::new();
        for first in self.free_lines() {
            let mut scratch = self.clone();
            if scratch.draw(first) == 0 {
                turns.push(Self::write(&[first]));
                continue;
            }
            let Some(greedy) = self.turn_from(first, None) else {
                continue;
            };
            let mut done = self.clone();
            for &line in &greedy {
                done.draw(line);
            }
            if done.full() {
                turns.push(Self::write(&greedy));
                continue;
            }
            // The greedy turn ends with a free line: offer every one instead.
            let taken = &greedy[..greedy.len() - 1];
            let mut after = self.clone();
            for &line in taken {
                after.draw(line);
            }
            for end in after.free_lines() {
                let mut lines = taken.to_vec();
                lines.push(end);
                turns.push(Self::write(&lines));
            }
        }
        turns
    }

    /// Dots as `+`, lines as `---` and `|`, boxes by owner (`X` black, `O` white); dot rows are
    /// lettered on the left (the `I` of horizontal lines), dot columns on top (the `I` of
    /// vertical lines).
    fn picture(&self) -> String {
        let mut picture = String::from("  ");
        for column in 0..DOTS {
            picture.push_str(&format!(" {}  ", char::from(b'A' + column as u8)));
        }
        picture.push('\n');
        for row in 0..DOTS {
            picture.push_str(&format!("{}  +", char::from(b'A' + row as u8)));
            for column in 0..BOXES {
                picture.push_str(if self.horizontal[row][column] {
                    "---+"
                } else {
                    "   +"
                });
            }
            picture.push('\n');
            if row == BOXES {
                break;
            }
            picture.push_str("   ");
            for column in 0..DOTS {
                picture.push(if self.vertical[column][row] { '|' } else { ' ' });
                if column < BOXES {
                    let mark = match self.owner[row][column] {
                        Some(Colour::Black) => " X ",
                        Some(Colour::White) => " O ",
                        None => "   ",
                    };
                    picture.push_str(mark);
                }
            }
            picture.push('\n');
        }
        picture.push_str(&format!(
            "black {} white {}\n",
            self.count(Colour::Black),
            self.count(Colour::White)
        ));
        picture
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_keeps_the_turn_and_the_turn_must_end_properly() {
        let mut game = Dots::default();
        assert_eq!(game.legal_turns().len(), 60);
        for turn in ["1 AAA", "1 BAA", "1 ABA"] {
            assert_eq!(game.submit(turn), Verdict::Accepted);
        }
        assert_eq!(game.to_move(), Colour::White);
        // BBA completes the box: the turn may not stop there.
        assert!(matches!(game.submit("1 BBA"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("2 BCAAFE"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("2 BBA"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("1 AAA"), Verdict::Rejected(_)));
        assert!(matches!(game.submit("BBA"), Verdict::Rejected(_)));
        // White's turn after the box: one per first line, the box-taking line with each end.
        let turns = game.legal_turns();
        assert_eq!(turns.len(), 56 + 56);
        assert!(turns.contains(&"2 BBAAFE".to_string()));
        assert_eq!(game.submit("2 BBAAFE"), Verdict::Accepted);
        assert_eq!(game.to_move(), Colour::Black);
        assert_eq!(game.count(Colour::White), 1);
        let picture = game.picture();
        assert_eq!(picture.lines().nth(1).unwrap(), "A  +---+   +   +   +   +");
        assert_eq!(picture.lines().nth(2).unwrap(), "   | O |                ");
    }

    #[test]
    fn a_whole_board_ends_with_the_most_boxes() {
        let mut game = Dots::default();
        let mut turns = 0;
        while game.result().is_none() {
            let listed = game.legal_turns();
            let turn = listed[turns * 7 % listed.len()].clone();
            assert_eq!(game.submit(&turn), Verdict::Accepted, "{turn}");
            turns += 1;
        }
        assert!(game.legal_turns().is_empty());
        assert_eq!(game.count(Colour::Black) + game.count(Colour::White), 25);
        let (reason, words) = game.ending();
        assert_eq!(reason, crate::records::Reason::FullBoard);
        let boxes = (game.count(Colour::Black), game.count(Colour::White));
        assert_eq!(
            words,
            format!("every line drawn, boxes {} - {}", boxes.0, boxes.1)
        );
    }
}
