//! The 5x5-box board: 60 lines as the bits of a `u64`, 25 boxes, the position and whole turns.
//!
//! Line numbering follows the platform's `KIJ` triples: horizontal line `I` (a row of dots,
//! 0..6) segment `J` (a column, 0..5) is `I * 5 + J`; vertical line `I` (a column of dots)
//! segment `J` (a row) is `30 + I * 5 + J`.

use crate::core::color::Color;

/// Boxes along a side.
pub const SIDE: usize = 5;
/// Boxes on the board.
pub const BOXES: usize = SIDE * SIDE;
/// Lines on the board.
pub const LINES: usize = 2 * (SIDE + 1) * SIDE;
/// Every line drawn.
pub const ALL_LINES: u64 = (1u64 << LINES) - 1;
/// "No box" in [`LINE_BOXES`].
pub const NO_BOX: u8 = u8::MAX;

/// The horizontal line on dot row `row` between dot columns `column` and `column + 1`.
pub const fn horizontal(row: usize, column: usize) -> usize {
    row * SIDE + column
}

/// The vertical line on dot column `column` between dot rows `row` and `row + 1`.
pub const fn vertical(column: usize, row: usize) -> usize {
    (SIDE + 1) * SIDE + column * SIDE + row
}

const fn box_masks() -> [u64; BOXES] {
    let mut masks = [0u64; BOXES];
    let mut index = 0;
    while index < BOXES {
        let (row, column) = (index / SIDE, index % SIDE);
        masks[index] = (1u64 << horizontal(row, column))
            | (1u64 << horizontal(row + 1, column))
            | (1u64 << vertical(column, row))
            | (1u64 << vertical(column + 1, row));
        index += 1;
    }
    masks
}

/// The four sides of each box (`row * 5 + column`).
pub const BOX_LINES: [u64; BOXES] = box_masks();

const fn line_boxes() -> [[u8; 2]; LINES] {
    let mut table = [[NO_BOX; 2]; LINES];
    let mut index = 0;
    while index < BOXES {
        let mut line = 0;
        while line < LINES {
            if BOX_LINES[index] & (1u64 << line) != 0 {
                if table[line][0] == NO_BOX {
                    table[line][0] = index as u8;
                } else {
                    table[line][1] = index as u8;
                }
            }
            line += 1;
        }
        index += 1;
    }
    table
}

/// The one or two boxes each line borders ([`NO_BOX`] in the second slot on the edge).
pub const LINE_BOXES: [[u8; 2]; LINES] = line_boxes();

/// The box across `line` from `from`, if any.
#[inline]
pub fn other_box(line: usize, from: usize) -> Option<usize> {
    let [a, b] = LINE_BOXES[line];
    let other = if usize::from(a) == from { b } else { a };
    (other != NO_BOX).then_some(usize::from(other))
}

/// How many sides of `index` are drawn in `lines`.
#[inline]
pub fn sides(lines: u64, index: usize) -> u32 {
    (lines & BOX_LINES[index]).count_ones()
}

/// How many boxes drawing `line` on top of `lines` completes (0, 1 or 2).
#[inline]
pub fn completes(lines: u64, line: usize) -> u32 {
    let after = lines | (1u64 << line);
    LINE_BOXES[line]
        .iter()
        .filter(|&&index| {
            index != NO_BOX
                && after & BOX_LINES[usize::from(index)] == BOX_LINES[usize::from(index)]
        })
        .count() as u32
}

/// Complete boxes in `lines`.
pub fn complete_boxes(lines: u64) -> u32 {
    BOX_LINES
        .iter()
        .filter(|&&mask| lines & mask == mask)
        .count() as u32
}

/// One turn: the set of lines drawn in it (their order follows from the rules, see
/// [`Position::turn_order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn(pub u64);

/// A position: the lines drawn, the boxes each side holds and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    lines: u64,
    score: [u8; 2],
    to_move: Color,
}

impl Default for Position {
    fn default() -> Self {
        Self::new()
    }
}

impl Position {
    /// The empty board, black to move.
    pub fn new() -> Self {
        Self {
            lines: 0,
            score: [0, 0],
            to_move: Color::Black,
        }
    }

    /// The lines drawn.
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// Boxes held by `side`.
    pub fn score(&self, side: Color) -> u32 {
        u32::from(self.score[side.index()])
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Whether every line is drawn.
    pub fn is_over(&self) -> bool {
        self.lines == ALL_LINES
    }

    /// The winner once the game is over (25 boxes: never a draw).
    pub fn winner(&self) -> Option<Color> {
        if !self.is_over() {
            return None;
        }
        Some(if self.score[0] > self.score[1] {
            Color::Black
        } else {
            Color::White
        })
    }

    /// Whether `line` (0..60) is still free.
    pub fn is_free(&self, line: usize) -> bool {
        line < LINES && self.lines & (1u64 << line) == 0
    }

    /// Draws a free line for the side to move; returns the boxes it completed. The turn passes
    /// when it completed none.
    pub fn draw(&mut self, line: usize) -> u32 {
        let gained = completes(self.lines, line);
        self.lines |= 1u64 << line;
        self.score[self.to_move.index()] += gained as u8;
        if gained == 0 {
            self.to_move = self.to_move.opponent();
        }
        gained
    }

    /// The turn that drawing `sequence` in this order makes, if it is a whole legal turn: free
    /// distinct lines, every one but the last completing a box, and the last completing none
    /// unless it ends the game.
    pub fn turn_from_sequence(&self, sequence: &[usize]) -> Option<Turn> {
        let (last, before) = sequence.split_last()?;
        let mut lines = self.lines;
        for &line in before {
            if line >= LINES || lines & (1u64 << line) != 0 || completes(lines, line) == 0 {
                return None;
            }
            lines |= 1u64 << line;
        }
        if *last >= LINES || lines & (1u64 << *last) != 0 {
            return None;
        }
        let ends_turn = completes(lines, *last) == 0 || lines | (1u64 << *last) == ALL_LINES;
        ends_turn.then_some(Turn((lines | (1u64 << *last)) & !self.lines))
    }

    /// The lines of `turn` in an order the rules allow, if there is one: while more than one
    /// line is left, draw one that completes a box. Completing is monotone (more lines never
    /// stop a line from completing a box), so this finds an order whenever one exists.
    pub fn turn_order(&self, turn: Turn) -> Option<Vec<usize>> {
        if turn.0 == 0 || turn.0 & self.lines != 0 || turn.0 & !ALL_LINES != 0 {
            return None;
        }
        let mut lines = self.lines;
        let mut left = turn.0;
        let mut order = Vec::with_capacity(left.count_ones() as usize);
        while left.count_ones() > 1 {
            let mut rest = left;
            let mut found = None;
            while rest != 0 {
                let line = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if completes(lines, line) > 0 {
                    found = Some(line);
                    break;
                }
            }
            let line = found?;
            order.push(line);
            lines |= 1u64 << line;
            left &= !(1u64 << line);
        }
        order.push(left.trailing_zeros() as usize);
        self.turn_from_sequence(&order).map(|_| order)
    }

    /// Whether `turn` is a whole legal turn now.
    pub fn is_legal(&self, turn: Turn) -> bool {
        self.turn_order(turn).is_some()
    }

    /// Plays a legal turn.
    pub fn play(&mut self, turn: Turn) {
        if let Some(order) = self.turn_order(turn) {
            for line in order {
                self.draw(line);
            }
        }
    }
}

/// Where the midpoint of `line` lies on the 11x11 grid of dots (even, even) and midpoints.
fn midpoint(line: usize) -> (usize, usize) {
    let horizontal_lines = (SIDE + 1) * SIDE;
    if line < horizontal_lines {
        let (row, column) = (line / SIDE, line % SIDE);
        (2 * column + 1, 2 * row)
    } else {
        let (column, row) = (
            (line - horizontal_lines) / SIDE,
            (line - horizontal_lines) % SIDE,
        );
        (2 * column, 2 * row + 1)
    }
}

fn line_at(x: usize, y: usize) -> usize {
    if y % 2 == 0 {
        horizontal(y / 2, (x - 1) / 2)
    } else {
        vertical(x / 2, (y - 1) / 2)
    }
}

/// The 8 symmetries of the square board as permutations of the lines (identity first).
pub fn symmetries() -> [[u8; LINES]; 8] {
    let mut maps = [[0u8; LINES]; 8];
    let last = 2 * SIDE;
    for (index, map) in maps.iter_mut().enumerate() {
        for (line, image) in map.iter_mut().enumerate() {
            let (x, y) = midpoint(line);
            let (x, y) = if index & 4 != 0 { (y, x) } else { (x, y) };
            let x = if index & 1 != 0 { last - x } else { x };
            let y = if index & 2 != 0 { last - y } else { y };
            *image = line_at(x, y) as u8;
        }
    }
    maps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_borders_one_or_two_boxes_and_boxes_have_four_sides() {
        assert!(LINE_BOXES.iter().all(|boxes| boxes[0] != NO_BOX));
        let edge = (0..LINES)
            .filter(|&line| LINE_BOXES[line][1] == NO_BOX)
            .count();
        assert_eq!(edge, 20);
        assert!(BOX_LINES.iter().all(|mask| mask.count_ones() == 4));
        assert_eq!(BOX_LINES.iter().fold(0, |all, mask| all | mask), ALL_LINES);
    }

    #[test]
    fn symmetries_are_permutations_that_keep_boxes_boxes() {
        for map in symmetries() {
            let mut seen = 0u64;
            for &image in map.iter() {
                seen |= 1u64 << image;
            }
            assert_eq!(seen, ALL_LINES);
            for mask in BOX_LINES {
                let mut image = 0u64;
                for (line, &target) in map.iter().enumerate() {
                    if mask & (1u64 << line) != 0 {
                        image |= 1u64 << target;
                    }
                }
                assert!(BOX_LINES.contains(&image));
            }
        }
    }

    #[test]
    fn a_box_completed_keeps_the_turn_and_the_last_line_must_not_complete() {
        let mut position = Position::new();
        // Three sides of the top left box, then its fourth: the turn stays with the taker.
        for line in [horizontal(0, 0), vertical(0, 0), horizontal(1, 0)] {
            assert_eq!(position.draw(line), 0);
        }
        assert_eq!(position.to_move(), Color::White);
        let fourth = vertical(1, 0);
        assert!(position.turn_from_sequence(&[fourth]).is_none());
        let turn = position.turn_from_sequence(&[fourth, 59]).unwrap();
        assert_eq!(position.turn_order(turn), Some(vec![fourth, 59]));
        position.play(turn);
        assert_eq!(position.score(Color::White), 1);
        assert_eq!(position.to_move(), Color::Black);
        assert!(position.turn_from_sequence(&[59]).is_none());
        assert!(position.turn_from_sequence(&[60]).is_none());
    }
}
