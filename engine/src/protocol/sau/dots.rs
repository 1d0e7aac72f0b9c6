//! Dots and Boxes on the SAU platform: `move <count> <lines>`, every line of a turn in the order
//! drawn, each line three letters `KIJ`: `K` is `A` for a horizontal line and `B` for a vertical
//! one, `I` the line of dots (a row for horizontal lines, a column for vertical ones, `A..F`) and
//! `J` the segment along it (`A..E`).

use super::{SauGame, TurnError};
use crate::core::color::Color;
use crate::core::time::Deadline;
use crate::dots::board::{Position, Turn, SIDE};
use crate::dots::engine::DotsEngine;

/// The line number of a `KIJ` triple, if it is one.
fn line_of(triple: &[u8]) -> Option<usize> {
    let kind = usize::from(triple[0].checked_sub(b'A')?);
    let line = usize::from(triple[1].checked_sub(b'A')?);
    let segment = usize::from(triple[2].checked_sub(b'A')?);
    (kind < 2 && line <= SIDE && segment < SIDE)
        .then_some(kind * (SIDE + 1) * SIDE + line * SIDE + segment)
}

/// The `KIJ` triple of a line number.
fn triple_of(line: usize) -> [char; 3] {
    let per_kind = (SIDE + 1) * SIDE;
    let (kind, rest) = (line / per_kind, line % per_kind);
    let letter = |value: usize| char::from(b'A' + value as u8);
    [letter(kind), letter(rest / SIDE), letter(rest % SIDE)]
}

/// Reads `<count> <lines>` into line numbers in the order given. The lines may also come as
/// several words; their number must match the count.
pub fn parse_lines(text: &str) -> Option<Vec<usize>> {
    let mut words = text.split_whitespace();
    let count: usize = words.next()?.parse().ok()?;
    let letters: String = words.collect();
    let bytes = letters.as_bytes();
    if count == 0 || bytes.len() != 3 * count {
        return None;
    }
    bytes.chunks(3).map(line_of).collect()
}

/// Writes line numbers as `<count> <lines>`.
pub fn format_lines(lines: &[usize]) -> String {
    let letters: String = lines.iter().flat_map(|&line| triple_of(line)).collect();
    format!("{} {}", lines.len(), letters)
}

impl SauGame for DotsEngine {
    type Move = Turn;
    type Snapshot = Position;

    fn engine_name(&self) -> &str {
        "RustDots"
    }

    fn board_size(&self) -> u8 {
        (SIDE + 1) as u8
    }

    fn new_game(&mut self) {
        DotsEngine::new_game(self);
    }

    fn side_to_move(&self) -> Color {
        DotsEngine::side_to_move(self)
    }

    fn is_over(&self) -> bool {
        DotsEngine::is_over(self)
    }

    fn read_turn(&self, text: &str) -> Result<Turn, TurnError> {
        let lines = parse_lines(text).ok_or(TurnError::Unreadable)?;
        self.turn_from_sequence(&lines).ok_or(TurnError::Illegal)
    }

    fn write_turn(&self, turn: Turn) -> String {
        format_lines(&self.turn_order(turn).unwrap_or_default())
    }

    fn play(&mut self, turn: Turn) {
        DotsEngine::play(self, turn);
    }

    fn snapshot(&self) -> Position {
        *self.position()
    }

    fn restore(&mut self, snapshot: Position) {
        DotsEngine::restore(self, snapshot);
    }

    fn expected_moves_left(&self) -> u32 {
        DotsEngine::expected_moves_left(self)
    }

    fn choose_move(&mut self, deadline: Deadline, rejected: &[Turn]) -> Option<Turn> {
        self.think(deadline, rejected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dots::board::{horizontal, vertical};
    use crate::dots::search::Settings;

    #[test]
    fn triples_follow_the_platform_numbering() {
        assert_eq!(line_of(b"AAA"), Some(horizontal(0, 0)));
        assert_eq!(line_of(b"AFE"), Some(horizontal(5, 4)));
        assert_eq!(line_of(b"BCD"), Some(vertical(2, 3)));
        assert_eq!(line_of(b"AFF"), None);
        assert_eq!(line_of(b"CAA"), None);
        assert_eq!(line_of(b"AGA"), None);
        for line in 0..60 {
            let text: String = triple_of(line).iter().collect();
            assert_eq!(line_of(text.as_bytes()), Some(line));
        }
    }

    #[test]
    fn counts_must_match_the_lines() {
        assert_eq!(parse_lines("2 AAABAA"), Some(vec![0, 30]));
        assert_eq!(parse_lines("2 AAA BAA"), Some(vec![0, 30]));
        assert_eq!(parse_lines("1 AAABAA"), None);
        assert_eq!(parse_lines("0 "), None);
        assert_eq!(parse_lines("AAA"), None);
        assert_eq!(parse_lines("1 AA"), None);
        assert_eq!(format_lines(&[0, 30]), "2 AAABAA");
    }

    #[test]
    fn a_turn_that_stops_after_a_box_is_illegal() {
        let mut engine = DotsEngine::new(Settings {
            tt_bits: 10,
            ..Settings::default()
        });
        for text in ["1 AAA", "1 BAA", "1 ABA"] {
            let turn = engine.read_turn(text).unwrap();
            SauGame::play(&mut engine, turn);
        }
        assert_eq!(engine.read_turn("1 BBA"), Err(TurnError::Illegal));
        assert_eq!(engine.read_turn("2 BBAAAA"), Err(TurnError::Illegal));
        let turn = engine.read_turn("2 BBAAFE").unwrap();
        assert_eq!(engine.write_turn(turn), "2 BBAAFE");
    }
}
