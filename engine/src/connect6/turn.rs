//! One turn of Connect6: two stones, or one for black's opening.

/// The cells a turn fills (cell = `y * 19 + x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    /// The first stone.
    pub first: u16,
    /// The second stone; `None` only for black's opening stone.
    pub second: Option<u16>,
}

impl Turn {
    /// A two-stone turn.
    pub fn pair(first: u16, second: u16) -> Self {
        Self {
            first,
            second: Some(second),
        }
    }

    /// A one-stone turn (black's opening).
    pub fn single(cell: u16) -> Self {
        Self {
            first: cell,
            second: None,
        }
    }

    /// The stones of the turn, in order.
    pub fn cells(&self) -> impl Iterator<Item = u16> {
        std::iter::once(self.first).chain(self.second)
    }

    /// Whether two turns place the same stones, in whatever order.
    pub fn same_stones(&self, other: &Turn) -> bool {
        self == other
            || (self.second.is_some()
                && self.first == other.second.unwrap_or(u16::MAX)
                && Some(other.first) == self.second)
    }
}

#[cfg(test)]
mod tests {
    use super::Turn;

    #[test]
    fn stone_order_does_not_matter_for_sameness() {
        assert!(Turn::pair(3, 4).same_stones(&Turn::pair(4, 3)));
        assert!(!Turn::pair(3, 4).same_stones(&Turn::pair(3, 5)));
        assert!(Turn::single(7).same_stones(&Turn::single(7)));
        assert_eq!(Turn::pair(1, 2).cells().collect::<Vec<_>>(), vec![1, 2]);
    }
}
