//! A playable square of the 8x8 board and the board's geometry.
//!
//! Only the 32 squares with `(row + col)` odd are used. Square `index = row * 4 + col / 2`, so
//! a bitboard of the whole game fits in 32 bits. Row 0 is white's home row (white moves towards
//! row 7), row 7 is black's (black moves towards row 0).

use std::fmt;

/// One of the four diagonal directions, as seen on the board printed with row 0 on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 0, towards column 0.
    UpLeft = 0,
    /// Towards row 0, towards column 7.
    UpRight = 1,
    /// Towards row 7, towards column 0.
    DownLeft = 2,
    /// Towards row 7, towards column 7.
    DownRight = 3,
}

impl Direction {
    /// All four, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The direction with this index (`0..4`, taken modulo 4).
    pub fn from_index(index: u32) -> Direction {
        Direction::ALL[(index & 3) as usize]
    }

    /// Row and column steps.
    const fn delta(self) -> (i32, i32) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }
}

/// A playable square, `0..32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Number of playable squares.
    pub const COUNT: usize = 32;

    /// The square with this index (`0..32`).
    pub fn new(index: u8) -> Square {
        debug_assert!(index < 32);
        Square(index)
    }

    /// The square at `row`, `col`, or `None` off the board or on a non-playable square.
    pub fn from_row_col(row: i32, col: i32) -> Option<Square> {
        if !(0..8).contains(&row) || !(0..8).contains(&col) || (row + col) % 2 == 0 {
            return None;
        }
        Some(Square((row * 4 + col / 2) as u8))
    }

    /// Index `0..32`.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Row `0..8`.
    pub fn row(self) -> i32 {
        i32::from(self.0 / 4)
    }

    /// Column `0..8`.
    pub fn col(self) -> i32 {
        let half = i32::from(self.0 % 4) * 2;
        if self.row() % 2 == 0 {
            half + 1
        } else {
            half
        }
    }

    /// The single-bit bitboard of this square.
    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// The next square in `dir`, if on the board (table lookup).
    pub fn step(self, dir: Direction) -> Option<Square> {
        decode(STEP[self.index()][dir as usize])
    }

    /// The square two steps away in `dir` (where a jump lands), if on the board.
    pub fn jump(self, dir: Direction) -> Option<Square> {
        decode(JUMP[self.index()][dir as usize])
    }
}

impl fmt::Display for Square {
    /// The protocol's `row,col`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row(), self.col())
    }
}

/// Marks "off the board" in the step tables.
const NONE: u8 = 0xff;

fn decode(raw: u8) -> Option<Square> {
    if raw == NONE {
        None
    } else {
        Some(Square(raw))
    }
}

/// The neighbour of every square in every direction (`NONE` off the board).
static STEP: [[u8; 4]; 32] = geometry(1);
/// The square two steps away in every direction (`NONE` off the board).
static JUMP: [[u8; 4]; 32] = geometry(2);

/// Builds a step table for a distance at compile time.
const fn geometry(distance: i32) -> [[u8; 4]; 32] {
    let mut table = [[NONE; 4]; 32];
    let mut index = 0;
    while index < 32 {
        let row = (index / 4) as i32;
        let col = ((index % 4) * 2) as i32 + if row % 2 == 0 { 1 } else { 0 };
        let mut dir = 0;
        while dir < 4 {
            let (dr, dc) = Direction::ALL[dir].delta();
            let (r, c) = (row + dr * distance, col + dc * distance);
            if r >= 0 && r < 8 && c >= 0 && c < 8 {
                table[index][dir] = (r * 4 + c / 2) as u8;
            }
            dir += 1;
        }
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_col_round_trip() {
        for index in 0..32u8 {
            let square = Square::new(index);
            assert_eq!((square.row() + square.col()) % 2, 1);
            assert_eq!(
                Square::from_row_col(square.row(), square.col()),
                Some(square)
            );
        }
        assert_eq!(Square::from_row_col(0, 0), None);
        assert_eq!(Square::from_row_col(-1, 2), None);
        assert_eq!(Square::from_row_col(8, 1), None);
    }

    #[test]
    fn steps_match_deltas() {
        for index in 0..32u8 {
            let square = Square::new(index);
            for dir in Direction::ALL {
                let (dr, dc) = dir.delta();
                assert_eq!(
                    square.step(dir),
                    Square::from_row_col(square.row() + dr, square.col() + dc)
                );
                assert_eq!(
                    square.jump(dir),
                    Square::from_row_col(square.row() + 2 * dr, square.col() + 2 * dc)
                );
            }
        }
    }

    #[test]
    fn displays_as_protocol_coordinates() {
        assert_eq!(Square::from_row_col(5, 0).unwrap().to_string(), "5,0");
    }
}
