//! A NoGo position on 128-bit boards: point `y * 9 + x` is bit `y * 9 + x`.
//!
//! Groups and their liberties come from flood fills with shifts, which on a 81-point board costs
//! a handful of word operations per step and needs no incremental bookkeeping: enough for the
//! tree's positions, each tested once. The random games keep their groups ([`super::groups`]).

use crate::core::color::Color;

/// The board's width and height.
pub const SIZE: usize = 9;
/// The number of points.
pub const POINTS: usize = SIZE * SIZE;

/// A set of points.
pub type Points = u128;

/// Every point of the board.
pub const ALL: Points = (1u128 << POINTS) - 1;

/// The points of the first column (x = 0).
const FIRST_COLUMN: Points = {
    let mut bits = 0u128;
    let mut y = 0;
    while y < SIZE {
        bits |= 1u128 << (y * SIZE);
        y += 1;
    }
    bits
};

/// The points of the last column (x = 8).
const LAST_COLUMN: Points = FIRST_COLUMN << (SIZE - 1);

/// The set holding `point` alone.
pub const fn bit(point: usize) -> Points {
    1u128 << point
}

/// The points next to at least one point of `set` (the set's own points may be included).
pub const fn neighbours(set: Points) -> Points {
    let west = (set >> 1) & !LAST_COLUMN;
    let east = (set << 1) & !FIRST_COLUMN;
    let north = set >> SIZE;
    let south = set << SIZE;
    (west | east | north | south) & ALL
}

/// The points of `own` connected to `start` through `own` (`start` must be in `own`).
pub fn group(start: usize, own: Points) -> Points {
    let mut grown = bit(start);
    loop {
        let next = (grown | neighbours(grown)) & own;
        if next == grown {
            return grown;
        }
        grown = next;
    }
}

/// A position: the stones of each colour and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    stones: [Points; 2],
    to_move: Color,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The empty board, black to move.
    pub fn new() -> Self {
        Self {
            stones: [0, 0],
            to_move: Color::Black,
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The stones of `colour`.
    pub fn stones(&self, colour: Color) -> Points {
        self.stones[colour.index()]
    }

    /// The empty points.
    pub fn empty(&self) -> Points {
        ALL & !(self.stones[0] | self.stones[1])
    }

    /// What stands on `point`.
    pub fn at(&self, point: usize) -> Option<Color> {
        if self.stones[0] & bit(point) != 0 {
            Some(Color::Black)
        } else if self.stones[1] & bit(point) != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Whether `colour` may play on `point`: it is empty, and after the stone every group next to
    /// it, of both colours, still has a liberty.
    pub fn is_legal(&self, point: usize, colour: Color) -> bool {
        point < POINTS && self.legal_points(colour) & bit(point) != 0
    }

    /// Every point where `colour` may play: one flood fill per group rather than one per point.
    pub fn legal_points(&self, colour: Color) -> Points {
        let empty = self.empty();
        // A stone breathes next to a free point or next to its own group with another liberty.
        let mut breathes = neighbours(empty);
        let own = self.stones[colour.index()];
        let mut left = own;
        while left != 0 {
            let stones = group(left.trailing_zeros() as usize, own);
            left &= !stones;
            let liberties = neighbours(stones) & empty;
            if liberties & (liberties - 1) != 0 {
                breathes |= neighbours(stones);
            }
        }
        // The last liberty of an opponent's group would capture it.
        let mut captures = 0;
        let enemy = self.stones[colour.opponent().index()];
        let mut left = enemy;
        while left != 0 {
            let stones = group(left.trailing_zeros() as usize, enemy);
            left &= !stones;
            let liberties = neighbours(stones) & empty;
            if liberties & (liberties - 1) == 0 {
                captures |= liberties;
            }
        }
        empty & breathes & !captures
    }

    /// Whether the side to move has a legal move (if not, it has lost).
    pub fn has_legal_move(&self) -> bool {
        self.legal_points(self.to_move) != 0
    }

    /// Places a stone of the side to move on `point` (which must be legal) and passes the turn.
    pub fn play(&mut self, point: usize) {
        self.stones[self.to_move.index()] |= bit(point);
        self.to_move = self.to_move.opponent();
    }

    /// The number of stones on the board.
    pub fn stone_count(&self) -> u32 {
        (self.stones[0] | self.stones[1]).count_ones()
    }
}

#[cfg(test)]
impl Board {
    /// A legal point of the side to move drawn by `rng`; `None` when it has none.
    pub(crate) fn random_legal_point(&self, rng: &mut crate::core::rng::Rng) -> Option<usize> {
        let legal = self.legal_points(self.to_move);
        if legal == 0 {
            return None;
        }
        let mut bits = legal;
        for _ in 0..rng.below(legal.count_ones()) {
            bits &= bits - 1;
        }
        Some(bits.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: usize, y: usize) -> usize {
        y * SIZE + x
    }

    #[test]
    fn neighbours_do_not_wrap_around_rows() {
        let corner = neighbours(bit(at(8, 0)));
        assert_eq!(corner, bit(at(7, 0)) | bit(at(8, 1)));
        let left = neighbours(bit(at(0, 4)));
        assert_eq!(left, bit(at(1, 4)) | bit(at(0, 3)) | bit(at(0, 5)));
        assert_eq!(neighbours(bit(at(8, 8))), bit(at(7, 8)) | bit(at(8, 7)));
    }

    #[test]
    fn suicide_is_illegal() {
        let mut board = Board::new();
        // White stones around the corner A1 (0,0): black may not play there.
        board.stones[1] = bit(at(1, 0)) | bit(at(0, 1));
        assert!(!board.is_legal(at(0, 0), Color::Black));
        // White may: its group keeps liberties.
        assert!(board.is_legal(at(0, 0), Color::White));
    }

    #[test]
    fn capturing_is_illegal() {
        let mut board = Board::new();
        // A black stone in the corner with one liberty left at (0,1).
        board.stones[0] = bit(at(0, 0));
        board.stones[1] = bit(at(1, 0));
        assert!(!board.is_legal(at(0, 1), Color::White));
        // Black may extend there: the joined group keeps (0,2) and (1,1).
        assert!(board.is_legal(at(0, 1), Color::Black));
    }

    #[test]
    fn connecting_to_a_group_with_liberties_is_legal() {
        let mut board = Board::new();
        board.stones[0] = bit(at(1, 0));
        board.stones[1] = bit(at(0, 1));
        // Black at the corner joins (1,0), whose group still has liberties.
        assert!(board.is_legal(at(0, 0), Color::Black));
        // Occupied points are never legal.
        assert!(!board.is_legal(at(1, 0), Color::White));
        assert!(!board.is_legal(POINTS, Color::White));
    }

    /// Legality by the rules' words: after the stone, every group on the board that touches
    /// it, its own included, has a liberty.
    fn legal_by_definition(board: &Board, point: usize, colour: Color) -> bool {
        if board.at(point).is_some() {
            return false;
        }
        let mut stones = board.stones;
        stones[colour.index()] |= bit(point);
        let empty = ALL & !(stones[0] | stones[1]);
        let mut near = bit(point) | neighbours(bit(point));
        while near != 0 {
            let p = near.trailing_zeros() as usize;
            near &= near - 1;
            for side in stones {
                if side & bit(p) != 0 && neighbours(group(p, side)) & empty == 0 {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn legal_points_agree_with_the_definition() {
        let mut rng = crate::core::rng::Rng::new(11);
        for _ in 0..300 {
            let mut board = Board::new();
            loop {
                for colour in [Color::Black, Color::White] {
                    let mut one_by_one = 0;
                    for point in 0..POINTS {
                        let legal = board.is_legal(point, colour);
                        assert_eq!(legal, legal_by_definition(&board, point, colour));
                        if legal {
                            one_by_one |= bit(point);
                        }
                    }
                    assert_eq!(board.legal_points(colour), one_by_one);
                }
                match board.random_legal_point(&mut rng) {
                    Some(point) => board.play(point),
                    None => break,
                }
            }
        }
    }

    #[test]
    fn legal_points_of_the_empty_board_are_all_points() {
        let board = Board::new();
        assert_eq!(board.legal_points(Color::Black), ALL);
        assert!(board.has_legal_move());
    }
}
