//! The two colours of the stone games (Connect6, NoGo and the SAU platform's other games), where
//! black always moves first.

/// A player, and the colour of that player's stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// Moves first.
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

#[cfg(test)]
mod tests {
    use super::Stone;

    #[test]
    fn opponent_swaps_and_indexes_differ() {
        assert_eq!(Stone::Black.opponent(), Stone::White);
        assert_eq!(Stone::White.opponent().opponent(), Stone::White);
        assert_ne!(Stone::Black.index(), Stone::White.index());
    }
}
