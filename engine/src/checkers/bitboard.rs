//! Sets of squares as 32-bit words: bit `i` is [`Square`] `i`.

use super::square::Square;

/// A set of playable squares.
pub type Bitboard = u32;

/// The squares of one row (`0..8`).
pub const fn row_mask(row: u32) -> Bitboard {
    0xf << (row * 4)
}

/// The squares on the left and right board edges (columns 0 and 7).
pub const SIDE_COLUMNS: Bitboard = {
    // Column 0 is the first square of each odd row, column 7 the last of each even row.
    let mut mask = 0;
    let mut row = 0;
    while row < 8 {
        mask |= if row % 2 == 1 {
            1 << (row * 4)
        } else {
            1 << (row * 4 + 3)
        };
        row += 1;
    }
    mask
};

/// The eight central squares (rows 2-5, columns 2-5), where a king controls the most.
pub const CENTER: Bitboard = 0b0110 << 12 | 0b0110 << 16 | 0b0110 << 8 | 0b0110 << 20;

/// Squares on even rows (0, 2, 4, 6), where a square's diagonal neighbours sit at other offsets
/// than on odd rows.
const EVEN_ROWS: Bitboard = 0x0f0f_0f0f;
/// Squares on odd rows.
const ODD_ROWS: Bitboard = !EVEN_ROWS;
/// The first square of each row of four.
const FIRST_OF_ROW: Bitboard = 0x1111_1111;
/// The last square of each row of four.
const LAST_OF_ROW: Bitboard = 0x8888_8888;

/// Every square of `b` moved one step towards row 0 and column 0 (off-board steps vanish).
#[inline]
pub fn shift_up_left(b: Bitboard) -> Bitboard {
    ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !FIRST_OF_ROW) >> 5)
}

/// Every square of `b` moved one step towards row 0 and column 7.
#[inline]
pub fn shift_up_right(b: Bitboard) -> Bitboard {
    ((b & EVEN_ROWS & !LAST_OF_ROW) >> 3) | ((b & ODD_ROWS) >> 4)
}

/// Every square of `b` moved one step towards row 7 and column 0.
#[inline]
pub fn shift_down_left(b: Bitboard) -> Bitboard {
    ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !FIRST_OF_ROW) << 3)
}

/// Every square of `b` moved one step towards row 7 and column 7.
#[inline]
pub fn shift_down_right(b: Bitboard) -> Bitboard {
    ((b & EVEN_ROWS & !LAST_OF_ROW) << 5) | ((b & ODD_ROWS) << 4)
}

/// Iterates over the squares of a bitboard, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::new(index as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_columns_are_columns_zero_and_seven() {
        for square in Squares(SIDE_COLUMNS) {
            assert!(square.col() == 0 || square.col() == 7);
        }
        assert_eq!(SIDE_COLUMNS.count_ones(), 8);
    }

    #[test]
    fn center_is_rows_two_to_five_middle() {
        for square in Squares(CENTER) {
            assert!((2..=5).contains(&square.row()) && (2..=5).contains(&square.col()));
        }
        assert_eq!(CENTER.count_ones(), 8);
    }

    #[test]
    fn shifts_match_square_steps() {
        use super::super::square::Direction;
        type Shift = fn(Bitboard) -> Bitboard;
        let shifts: [(Shift, Direction); 4] = [
            (shift_up_left, Direction::UpLeft),
            (shift_up_right, Direction::UpRight),
            (shift_down_left, Direction::DownLeft),
            (shift_down_right, Direction::DownRight),
        ];
        for index in 0..32u8 {
            let square = Square::new(index);
            for (shift, dir) in shifts {
                assert_eq!(shift(square.bit()), square.step(dir).map_or(0, |s| s.bit()));
            }
        }
    }

    #[test]
    fn row_mask_holds_that_row() {
        for square in Squares(row_mask(5)) {
            assert_eq!(square.row(), 5);
        }
    }
}
