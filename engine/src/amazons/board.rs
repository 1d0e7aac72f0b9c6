//! The Amazons position on 128-bit boards.
//!
//! A square is `y * 10 + x`, with `x` the column (the first letter of a SAU square, `A` = 0) and
//! `y` the row counted from the top (the second letter). The SAU sample engine indexes its array
//! as `Board[x][y]` with `x = message[0] - 'A'` and `y = message[1] - 'A'`, and starts with
//! white on `Board[0][3]`, `[3][0]`, `[6][0]`, `[9][3]` and black on `[0][6]`, `[3][9]`, `[6][9]`,
//! `[9][6]`: white at AD, DA, GA, JD and black at AG, DJ, GJ, JG. Black moves first.

use crate::core::color::Color;

/// Squares on a side.
pub const SIZE: usize = 10;
/// Squares on the board.
pub const SQUARES: usize = SIZE * SIZE;
/// Amazons of each side.
pub const AMAZONS: usize = 4;

/// Every square of the board as a bit set.
pub const FULL: u128 = (1u128 << SQUARES) - 1;
/// The squares of column `x = 0`.
const COLUMN_0: u128 = {
    let mut bits = 0u128;
    let mut y = 0;
    while y < SIZE {
        bits |= 1u128 << (y * SIZE);
        y += 1;
    }
    bits
};
/// The squares of column `x = 9`.
const COLUMN_9: u128 = COLUMN_0 << (SIZE - 1);

/// The eight queen directions as `(dx, dy)`.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// The set `bits` moved one step in direction `dir` (an index into `DIRECTIONS`); bits that
/// would leave the board are dropped.
#[inline]
pub fn shift(bits: u128, dir: usize) -> u128 {
    match dir {
        0 => (bits << 1) & !COLUMN_0 & FULL,
        1 => (bits >> 1) & !COLUMN_9,
        2 => (bits << SIZE) & FULL,
        3 => bits >> SIZE,
        4 => (bits << (SIZE + 1)) & !COLUMN_0 & FULL,
        5 => (bits << (SIZE - 1)) & !COLUMN_9 & FULL,
        6 => (bits >> (SIZE - 1)) & !COLUMN_0,
        _ => (bits >> (SIZE + 1)) & !COLUMN_9,
    }
}

/// The squares one king step from any square of `bits`.
#[inline]
pub fn king_neighbours(bits: u128) -> u128 {
    // The row is cut to the board before it moves up, or a bit past the last square would
    // come back onto the first column.
    let row = (bits | ((bits << 1) & !COLUMN_0) | ((bits >> 1) & !COLUMN_9)) & FULL;
    (row | (row << SIZE) | (row >> SIZE)) & FULL & !bits
}

/// The squares a queen on any square of `from` reaches over the `empty` squares.
#[inline]
pub fn queen_reach(from: u128, empty: u128) -> u128 {
    let mut reach = 0;
    for dir in 0..8 {
        let mut ray = shift(from, dir) & empty;
        while ray != 0 {
            reach |= ray;
            ray = shift(ray, dir) & empty;
        }
    }
    reach
}

/// The square `(x, y)`.
pub fn square(x: usize, y: usize) -> u8 {
    (y * SIZE + x) as u8
}

/// The column of a square.
pub fn column(square: u8) -> usize {
    usize::from(square) % SIZE
}

/// The row of a square (from the top).
pub fn row(square: u8) -> usize {
    usize::from(square) / SIZE
}

/// One turn: an amazon goes from `from` to `to`, then shoots an arrow onto `arrow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    /// Where the amazon stood.
    pub from: u8,
    /// Where it lands.
    pub to: u8,
    /// Where its arrow lands.
    pub arrow: u8,
}

/// Random keys for the position hash (Zobrist), fixed at compile time.
struct Keys {
    amazon: [[u64; SQUARES]; 2],
    arrow: [u64; SQUARES],
    white_to_move: u64,
}

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const KEYS: Keys = {
    let mut keys = Keys {
        amazon: [[0; SQUARES]; 2],
        arrow: [0; SQUARES],
        white_to_move: 0,
    };
    let mut state = 0x0061_6d61_7a6f_6e73_u64;
    let mut index = 0;
    while index < SQUARES {
        let (next, value) = splitmix(state);
        keys.amazon[0][index] = value;
        let (next, value) = splitmix(next);
        keys.amazon[1][index] = value;
        let (next, value) = splitmix(next);
        keys.arrow[index] = value;
        state = next;
        index += 1;
    }
    keys.white_to_move = splitmix(state).1;
    keys
};

/// An Amazons position: the amazons of both sides, the arrows and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The squares of each side's amazons, indexed by [`Color::index`].
    amazons: [[u8; AMAZONS]; 2],
    /// The same as bit sets.
    amazon_bits: [u128; 2],
    arrows: u128,
    to_move: Color,
    hash: u64,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The start position of the SAU platform (see the module text), black to move.
    pub fn new() -> Self {
        let white = [square(0, 3), square(3, 0), square(6, 0), square(9, 3)];
        let black = [square(0, 6), square(3, 9), square(6, 9), square(9, 6)];
        Self::from_parts(black, white, 0, Color::Black)
    }

    /// A position from its pieces (squares must differ and not hold arrows).
    pub fn from_parts(
        black: [u8; AMAZONS],
        white: [u8; AMAZONS],
        arrows: u128,
        to_move: Color,
    ) -> Self {
        let mut board = Self {
            amazons: [black, white],
            amazon_bits: [0; 2],
            arrows,
            to_move,
            hash: 0,
        };
        for side in 0..2 {
            for &square in &board.amazons[side] {
                board.amazon_bits[side] |= 1u128 << square;
                board.hash ^= KEYS.amazon[side][usize::from(square)];
            }
        }
        for square in 0..SQUARES {
            if arrows >> square & 1 == 1 {
                board.hash ^= KEYS.arrow[square];
            }
        }
        if to_move == Color::White {
            board.hash ^= KEYS.white_to_move;
        }
        board
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The squares of `side`'s amazons.
    pub fn amazons(&self, side: Color) -> [u8; AMAZONS] {
        self.amazons[side.index()]
    }

    /// `side`'s amazons as a bit set.
    pub fn amazon_bits(&self, side: Color) -> u128 {
        self.amazon_bits[side.index()]
    }

    /// The arrows as a bit set.
    pub fn arrows(&self) -> u128 {
        self.arrows
    }

    /// The empty squares.
    pub fn empty(&self) -> u128 {
        FULL & !(self.arrows | self.amazon_bits[0] | self.amazon_bits[1])
    }

    /// The position's hash key.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether `side` can move at all: an amazon next to an empty square can always step there
    /// and shoot back onto the square it left.
    pub fn can_move(&self, side: Color) -> bool {
        let empty = self.empty();
        self.amazons[side.index()]
            .iter()
            .any(|&square| king_neighbours(1u128 << square) & empty != 0)
    }

    /// Whether the side to move may play `mv`.
    pub fn is_legal(&self, mv: Move) -> bool {
        let side = self.to_move.index();
        if usize::from(mv.from.max(mv.to).max(mv.arrow)) >= SQUARES
            || self.amazon_bits[side] >> mv.from & 1 == 0
        {
            return false;
        }
        let empty = self.empty();
        if queen_reach(1u128 << mv.from, empty) >> mv.to & 1 == 0 {
            return false;
        }
        let empty = (empty | 1u128 << mv.from) & !(1u128 << mv.to);
        queen_reach(1u128 << mv.to, empty) >> mv.arrow & 1 == 1
    }

    /// Plays a legal move of the side to move.
    pub fn play(&mut self, mv: Move) {
        let side = self.to_move.index();
        let slot = self.amazons[side]
            .iter()
            .position(|&square| square == mv.from)
            .expect("a legal move starts on an amazon of the side to move");
        self.amazons[side][slot] = mv.to;
        self.amazon_bits[side] ^= 1u128 << mv.from | 1u128 << mv.to;
        self.arrows |= 1u128 << mv.arrow;
        self.hash ^= KEYS.amazon[side][usize::from(mv.from)]
            ^ KEYS.amazon[side][usize::from(mv.to)]
            ^ KEYS.arrow[usize::from(mv.arrow)]
            ^ KEYS.white_to_move;
        self.to_move = self.to_move.opponent();
    }

    /// Gives the move to `side` (the endgame's search plays one side alone).
    pub fn set_to_move(&mut self, side: Color) {
        if side != self.to_move {
            self.to_move = side;
            self.hash ^= KEYS.white_to_move;
        }
    }

    /// Moves an amazon without shooting (a half move, for ordering); the side to move stays.
    pub fn step_amazon(&mut self, side: Color, from: u8, to: u8) {
        let index = side.index();
        for square in self.amazons[index].iter_mut() {
            if *square == from {
                *square = to;
            }
        }
        self.amazon_bits[index] ^= 1u128 << from | 1u128 << to;
    }

    /// Every legal move of the side to move, appended to `moves`.
    pub fn generate(&self, moves: &mut Vec<Move>) {
        let empty = self.empty();
        for &from in &self.amazons[self.to_move.index()] {
            let mut targets = queen_reach(1u128 << from, empty);
            let vacated = empty | 1u128 << from;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                let mut arrows = queen_reach(1u128 << to, vacated & !(1u128 << to));
                while arrows != 0 {
                    let arrow = arrows.trailing_zeros() as u8;
                    arrows &= arrows - 1;
                    moves.push(Move { from, to, arrow });
                }
            }
        }
    }

    /// The number of legal moves of the side to move, without listing them.
    pub fn count_moves(&self) -> usize {
        let empty = self.empty();
        let mut count = 0;
        for &from in &self.amazons[self.to_move.index()] {
            let mut targets = queen_reach(1u128 << from, empty);
            let vacated = empty | 1u128 << from;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let arrows = queen_reach(1u128 << to, vacated & !(1u128 << to));
                count += arrows.count_ones() as usize;
            }
        }
        count
    }

    /// Leaf count of the move tree `depth` turns deep (for checking the move generator).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_moves() as u64;
        }
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut next = *self;
                next.play(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_matches_the_sample_engine() {
        let board = Board::new();
        // The template's Board[x][y] = WHITE lines, read as (x, y).
        for (x, y) in [(0, 3), (3, 0), (6, 0), (9, 3)] {
            assert!(board.amazon_bits(Color::White) >> square(x, y) & 1 == 1);
        }
        for (x, y) in [(0, 6), (3, 9), (6, 9), (9, 6)] {
            assert!(board.amazon_bits(Color::Black) >> square(x, y) & 1 == 1);
        }
        assert_eq!(board.to_move(), Color::Black);
        assert_eq!(board.empty().count_ones(), 92);
    }

    #[test]
    fn the_start_has_2176_moves() {
        assert_eq!(Board::new().count_moves(), 2176);
        let mut moves = Vec::new();
        Board::new().generate(&mut moves);
        assert_eq!(moves.len(), 2176);
        assert!(moves.iter().all(|&mv| Board::new().is_legal(mv)));
    }

    #[test]
    fn shifts_never_wrap() {
        for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            for sq in 0..SQUARES as u8 {
                let (x, y) = (column(sq) as i32 + dx, row(sq) as i32 + dy);
                let expected = if (0..10).contains(&x) && (0..10).contains(&y) {
                    1u128 << square(x as usize, y as usize)
                } else {
                    0
                };
                assert_eq!(shift(1u128 << sq, dir), expected, "dir {dir} square {sq}");
            }
        }
    }

    #[test]
    fn king_steps_never_wrap() {
        for sq in 0..SQUARES as u8 {
            let mut expected = 0u128;
            for &(dx, dy) in &DIRECTIONS {
                let (x, y) = (column(sq) as i32 + dx, row(sq) as i32 + dy);
                if (0..10).contains(&x) && (0..10).contains(&y) {
                    expected |= 1u128 << square(x as usize, y as usize);
                }
            }
            assert_eq!(king_neighbours(1u128 << sq), expected, "square {sq}");
        }
    }

    #[test]
    fn the_hash_follows_the_pieces() {
        let mut board = Board::new();
        let mut moves = Vec::new();
        board.generate(&mut moves);
        board.play(moves[17]);
        let rebuilt = Board::from_parts(
            board.amazons(Color::Black),
            board.amazons(Color::White),
            board.arrows(),
            board.to_move(),
        );
        assert_eq!(board.hash(), rebuilt.hash());
        assert!(!board.is_legal(moves[17]));
    }
}
