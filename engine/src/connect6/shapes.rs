//! Line shapes: what each line of the board is worth to a colour, judged by threats.
//!
//! A stretch of a line with no stone of the opponent (a segment) is classed by three numbers:
//! the threats it holds now, the most it can hold after one more stone of its owner, and the
//! most after two more (the stones of one turn). Threats are counted as in [`super::threats`]:
//! the fewest stones that block every window of six holding four or five of the owner's stones.
//! An open three is a segment where one stone makes two threats; an open two, one where two
//! stones do. The classes are kept by segment length and stone mask, computed when first met.

use super::board::Board;
use super::geometry::{cell, SIZE, WINDOW};
use crate::core::color::Color;

/// The number of shape classes.
pub const CLASSES: usize = 7;

/// Names of the classes, in index order, for tools that print them.
pub const CLASS_NAMES: [&str; CLASSES] = [
    "two threats",
    "one threat",
    "one stone makes two",
    "one stone makes one, two make two",
    "one stone makes one",
    "two stones make two",
    "two stones make one",
];

/// A cache slot not yet computed.
const UNKNOWN: u8 = u8::MAX;
/// A cache slot whose segment has no class (it can make no threat with two stones).
const NONE: u8 = u8::MAX - 1;

/// The lines of the board and the classes of the segments met so far.
pub struct Shapes {
    /// Every row, column and diagonal at least a window long, as its cells in order.
    lines: Vec<Vec<u16>>,
    /// The class of each segment by its length and stone mask, at `offsets[length] + mask`.
    classes: Vec<u8>,
    offsets: [usize; SIZE + 2],
}

impl Default for Shapes {
    fn default() -> Self {
        Self::new()
    }
}

impl Shapes {
    /// The board's lines, and an empty cache (about 1 MiB).
    pub fn new() -> Self {
        let mut offsets = [0usize; SIZE + 2];
        for length in 1..=SIZE + 1 {
            offsets[length] = offsets[length - 1] + (1 << (length - 1));
        }
        Self {
            lines: board_lines(),
            classes: vec![UNKNOWN; offsets[SIZE + 1]],
            offsets,
        }
    }

    /// For each colour (by [`Color::index`]), how many of its segments fall in each class.
    pub fn counts(&mut self, board: &Board) -> [[u16; CLASSES]; 2] {
        let mut counts = [[0u16; CLASSES]; 2];
        for index in 0..self.lines.len() {
            for colour in [Color::Black, Color::White] {
                let mut length = 0;
                let mut mask = 0u32;
                let mut owned = false;
                for position in 0..=self.lines[index].len() {
                    let at = self.lines[index].get(position).map(|&c| board.at(c));
                    match at {
                        Some(Some(stone)) if stone != colour => {}
                        Some(stone) => {
                            if stone.is_some() {
                                mask |= 1 << length;
                                owned = true;
                            }
                            length += 1;
                            continue;
                        }
                        None => {}
                    }
                    // The segment ends: at an opponent's stone or the end of the line.
                    if owned && length >= WINDOW {
                        if let Some(class) = self.class(length, mask) {
                            counts[colour.index()][class] += 1;
                        }
                    }
                    length = 0;
                    mask = 0;
                    owned = false;
                }
            }
        }
        counts
    }

    fn class(&mut self, length: usize, mask: u32) -> Option<usize> {
        let slot = self.offsets[length] + mask as usize;
        if self.classes[slot] == UNKNOWN {
            self.classes[slot] = classify(length, mask).map_or(NONE, |class| class as u8);
        }
        match self.classes[slot] {
            NONE => None,
            class => Some(usize::from(class)),
        }
    }
}

/// The class of a segment of `length` cells holding its owner's stones at `mask`.
fn classify(length: usize, mask: u32) -> Option<usize> {
    let now = threats(length, mask);
    if now > 0 {
        return Some(if now >= 2 { 0 } else { 1 });
    }
    let empty: Vec<usize> = (0..length).filter(|&i| mask & (1 << i) == 0).collect();
    let one = empty
        .iter()
        .map(|&i| threats(length, mask | 1 << i))
        .max()
        .unwrap_or(0);
    if one >= 2 {
        return Some(2);
    }
    let mut two = 0;
    for (index, &first) in empty.iter().enumerate() {
        for &second in &empty[index + 1..] {
            two = two.max(threats(length, mask | 1 << first | 1 << second));
        }
    }
    match (one, two) {
        (1, 2..) => Some(3),
        (1, _) => Some(4),
        (_, 2..) => Some(5),
        (_, 1) => Some(6),
        _ => None,
    }
}

/// The threats in a segment: the fewest empty cells that meet every window holding four or
/// more stones, capped at 3. Windows are met left to right, each unmet one by its rightmost
/// empty cell, which meets every later window the other choices would.
fn threats(length: usize, mask: u32) -> u8 {
    let full = (1u32 << WINDOW) - 1;
    let mut count = 0;
    let mut blocked_at: Option<usize> = None;
    for start in 0..=length - WINDOW {
        let stones = (mask >> start) & full;
        if stones.count_ones() < 4 {
            continue;
        }
        if blocked_at.map_or(false, |cell| cell >= start) {
            continue;
        }
        if stones == full {
            return 3;
        }
        let rightmost = (0..WINDOW)
            .rev()
            .find(|&i| stones & (1 << i) == 0)
            .unwrap_or(0);
        blocked_at = Some(start + rightmost);
        count += 1;
        if count == 3 {
            break;
        }
    }
    count
}

/// Every row, column and diagonal of at least a window's length, as its cells in order.
fn board_lines() -> Vec<Vec<u16>> {
    let mut lines = Vec::new();
    let directions: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
    let size = SIZE as isize;
    for (dx, dy) in directions {
        for y in 0..size {
            for x in 0..size {
                // A line starts where the step back leaves the board.
                let (px, py) = (x - dx, y - dy);
                if (0..size).contains(&px) && (0..size).contains(&py) {
                    continue;
                }
                let mut line = Vec::new();
                let (mut cx, mut cy) = (x, y);
                while (0..size).contains(&cx) && (0..size).contains(&cy) {
                    line.push(cell(cx as usize, cy as usize));
                    cx += dx;
                    cy += dy;
                }
                if line.len() >= WINDOW {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(text: &str) -> (usize, u32) {
        let bits = text
            .chars()
            .enumerate()
            .filter(|&(_, c)| c == 'x')
            .fold(0u32, |bits, (i, _)| bits | 1 << i);
        (text.len(), bits)
    }

    fn class_of(text: &str) -> Option<usize> {
        let (length, bits) = mask(text);
        classify(length, bits)
    }

    #[test]
    fn threats_count_the_stones_that_block_them() {
        let count = |text: &str| {
            let (length, bits) = mask(text);
            threats(length, bits)
        };
        assert_eq!(count("..xxxx.."), 2);
        assert_eq!(count("xxxx.."), 1);
        assert_eq!(count(".xxxx.x"), 1);
        assert_eq!(count("xxxx..xxxx"), 1);
        assert_eq!(count("xxxx....xxxx"), 2);
        assert_eq!(count("xxx...xxx"), 0);
        assert_eq!(count("xxxxxx"), 3);
        assert_eq!(count("xxxx.x.xxxx..."), 3);
    }

    #[test]
    fn segments_fall_in_the_classes_players_name() {
        assert_eq!(class_of("..xxxx.."), Some(0));
        assert_eq!(class_of("xxxx.."), Some(1));
        assert_eq!(class_of("...xxx..."), Some(2));
        assert_eq!(class_of(".xxx..."), Some(3));
        assert_eq!(class_of("xxx..."), Some(4));
        assert_eq!(class_of("....xx...."), Some(5));
        assert_eq!(class_of("xx...."), Some(6));
        assert_eq!(class_of("x....."), None);
        assert_eq!(class_of("......"), None);
    }

    #[test]
    fn lines_cover_every_window_once() {
        let lines = board_lines();
        let windows: usize = lines.iter().map(|line| line.len() - WINDOW + 1).sum();
        assert_eq!(windows, super::super::geometry::WINDOWS);
    }

    #[test]
    fn counts_see_segments_between_the_opponents_stones() {
        let mut board = Board::new();
        for x in 3..6 {
            board.place(cell(x, 9), Color::Black);
        }
        let mut shapes = Shapes::new();
        let counts = shapes.counts(&board);
        // The row holds an open three; each column and diagonal through a stone one stone.
        assert_eq!(counts[0][2], 1);
        assert_eq!(counts[1], [0; CLASSES]);
        board.place(cell(6, 9), Color::White);
        board.place(cell(2, 9), Color::White);
        let counts = shapes.counts(&board);
        assert_eq!(counts[0][2], 0);
        assert_eq!(counts[0].iter().sum::<u16>(), 0);
    }
}
