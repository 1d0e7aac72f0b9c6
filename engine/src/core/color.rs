//! The two sides of every game here: black moves first (checkers' field 1, the stone games'
//! first player).

/// A side, and the colour of its stones or pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first.
    Black = 0,
    /// Moves second.
    White = 1,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Color;

    #[test]
    fn opponent_swaps_and_indexes_differ() {
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent().opponent(), Color::White);
        assert_ne!(Color::Black.index(), Color::White.index());
    }
}
