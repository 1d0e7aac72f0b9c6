//! The two colours of Connect6.

/// A player, and the colour of that player's stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// Opens the game with a single stone.
    Black = 0,
    /// Moves second.
    White = 1,
}

impl Stone {
    /// The other colour.
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}
