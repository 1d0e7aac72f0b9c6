//! A move as the protocol writes it: the squares a piece visits.

use super::bitboard::Bitboard;
use super::square::{Direction, Square};
use std::fmt;

/// One move: a step, or a chain of jumps.
///
/// The route is stored as two bits of direction per step, so two capture routes between the
/// same squares that take different paths are different moves (the protocol writes the path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    from: u8,
    to: u8,
    /// Number of pieces captured (0 for a step).
    jumps: u8,
    /// Direction of step `i` in bits `2i..2i+2`.
    route: u32,
    /// The captured pieces.
    captured: Bitboard,
}

impl Move {
    /// Most jumps one move can make: every enemy piece once.
    pub const MAX_JUMPS: usize = 12;

    /// A one-square step.
    pub fn step(from: Square, to: Square, dir: Direction) -> Move {
        Move {
            from: from.index() as u8,
            to: to.index() as u8,
            jumps: 0,
            route: dir as u32,
            captured: 0,
        }
    }

    /// A capture chain from its parts.
    pub fn capture(from: Square, to: Square, jumps: u8, route: u32, captured: Bitboard) -> Move {
        Move {
            from: from.index() as u8,
            to: to.index() as u8,
            jumps,
            route,
            captured,
        }
    }

    /// Where the piece starts.
    pub fn from(self) -> Square {
        Square::new(self.from)
    }

    /// Where the piece ends.
    pub fn to(self) -> Square {
        Square::new(self.to)
    }

    /// Number of captured pieces.
    pub fn jumps(self) -> usize {
        usize::from(self.jumps)
    }

    /// Whether this move captures.
    pub fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// The captured pieces.
    pub fn captured(self) -> Bitboard {
        self.captured
    }

    /// A 10-bit code of start and end square, for the transposition table and ordering tables.
    /// Two capture routes with the same ends share it; that only costs ordering quality.
    pub fn code(self) -> u16 {
        u16::from(self.from) | u16::from(self.to) << 5
    }

    /// Whether two moves lead to the same position (same ends, same captured pieces).
    pub fn same_effect(self, other: Move) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }

    /// The squares visited, start included, as the protocol lists them.
    pub fn path(self) -> Vec<Square> {
        let mut squares = vec![self.from()];
        let mut current = self.from();
        let (steps, distance) = if self.jumps == 0 {
            (1, 1)
        } else {
            (self.jumps(), 2)
        };
        for i in 0..steps {
            let dir = Direction::from_index(self.route >> (2 * i));
            let next = if distance == 1 {
                current.step(dir)
            } else {
                current.jump(dir)
            };
            // The route was built from on-board steps, so every step stays on the board.
            current = next.unwrap_or(current);
            squares.push(current);
        }
        squares
    }
}

impl fmt::Display for Move {
    /// The protocol's form: `N r,c r,c ...` with N the number of squares listed.
    ///
    /// The judge reads N as one digit (at most 9 squares, 8 captures). A longer capture can only
    /// be forced when every legal move is that long (the maximum-capture rule), so there is no
    /// shorter alternative: the engine writes the full route and leaves it to the judge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path();
        write!(f, "{}", path.len())?;
        for square in path {
            write!(f, " {square}")?;
        }
        Ok(())
    }
}

/// A fixed-capacity list of moves (no allocation in the search).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// Room for every step of twelve kings (48) and for many capture routes; a position with more
    /// distinct maximal capture routes than this has never been seen, and routes past the
    /// capacity would be dropped rather than overflow.
    pub const CAPACITY: usize = 128;

    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::step(Square::new(0), Square::new(0), Direction::UpLeft); Self::CAPACITY],
            len: 0,
        }
    }

    /// Appends a move (dropped if the list is full; see [`MoveList::CAPACITY`]).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if self.len < Self::CAPACITY {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves, mutable (for ordering).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Keeps only the first of the routes that lead to the same position: the search needs each
    /// position once, the protocol and perft need every route.
    pub fn remove_same_effect(&mut self) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if !self.moves[..kept].iter().any(|m| m.same_effect(mv)) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(row: i32, col: i32) -> Square {
        Square::from_row_col(row, col).unwrap()
    }

    #[test]
    fn step_prints_two_squares() {
        let mv = Move::step(sq(5, 0), sq(4, 1), Direction::UpRight);
        assert_eq!(mv.to_string(), "2 5,0 4,1");
    }

    #[test]
    fn capture_prints_route() {
        // 5,0 jumps up-right to 3,2, then up-left to 1,0.
        let route = Direction::UpRight as u32 | (Direction::UpLeft as u32) << 2;
        let captured = sq(4, 1).bit() | sq(2, 1).bit();
        let mv = Move::capture(sq(5, 0), sq(1, 0), 2, route, captured);
        assert_eq!(mv.to_string(), "3 5,0 3,2 1,0");
    }

    #[test]
    fn duplicates_by_effect_are_removed() {
        let a = Move::capture(sq(5, 0), sq(5, 0), 4, 0b1110_0100, 0b1111);
        let b = Move::capture(sq(5, 0), sq(5, 0), 4, 0b0100_1110, 0b1111);
        let mut list = MoveList::new();
        list.push(a);
        list.push(b);
        list.remove_same_effect();
        assert_eq!(list.len(), 1);
    }
}
