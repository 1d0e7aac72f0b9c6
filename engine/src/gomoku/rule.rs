//! The winning rules the engine knows.

use crate::core::color::Color;

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five in a row wins; an overline (six or more) does not.
    ExactFive,
    /// Renju: black wins with exactly five and may not play a double three, a double four or an
    /// overline; white wins with five or more.
    Renju,
    /// Caro as piskvork plays `INFO rule 8`: a run of exactly five whose two neighbours are
    /// both opponent stones does not win; any other five wins, and so does every overline.
    /// The board's edge closes nothing.
    Caro,
    /// Standard caro, piskvork's `INFO rule 9`: exactly five, not closed by opponent stones at
    /// both ends; an overline does not win.
    CaroExact,
}

/// Which five counts as a win for one colour, which is what the pattern tables are built on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FiveKind {
    /// Any run of five or more.
    FiveOrMore,
    /// A run of exactly five.
    Exact,
    /// A run of six or more, or of five that is not closed by opponent stones at both ends
    /// (the board's edge does not close it).
    Unblocked,
    /// A run of exactly five that is not closed by opponent stones at both ends.
    UnblockedExact,
}

impl Rule {
    /// The rule of a Gomocup `INFO rule` bit mask: 1 exact five, 2 continuous game (played like
    /// the base rule), 4 renju, 8 caro (with 1: standard caro, exact five), as piskvork sends
    /// them.
    pub fn from_gomocup_mask(mask: u32) -> Rule {
        if mask & 4 != 0 {
            Rule::Renju
        } else if mask & 8 != 0 {
            if mask & 1 != 0 {
                Rule::CaroExact
            } else {
                Rule::Caro
            }
        } else if mask & 1 != 0 {
            Rule::ExactFive
        } else {
            Rule::Freestyle
        }
    }

    /// The five that wins for `color` under this rule.
    pub fn five_kind(self, color: Color) -> FiveKind {
        match (self, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => FiveKind::FiveOrMore,
            (Rule::ExactFive, _) | (Rule::Renju, Color::Black) => FiveKind::Exact,
            (Rule::Caro, _) => FiveKind::Unblocked,
            (Rule::CaroExact, _) => FiveKind::UnblockedExact,
        }
    }

    /// Whether `color` has forbidden points (black in renju).
    pub fn has_forbidden_points(self, color: Color) -> bool {
        self == Rule::Renju && color == Color::Black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gomocup_masks() {
        assert_eq!(Rule::from_gomocup_mask(0), Rule::Freestyle);
        assert_eq!(Rule::from_gomocup_mask(1), Rule::ExactFive);
        assert_eq!(Rule::from_gomocup_mask(2), Rule::Freestyle);
        assert_eq!(Rule::from_gomocup_mask(3), Rule::ExactFive);
        assert_eq!(Rule::from_gomocup_mask(4), Rule::Renju);
        assert_eq!(Rule::from_gomocup_mask(6), Rule::Renju);
        assert_eq!(Rule::from_gomocup_mask(8), Rule::Caro);
        assert_eq!(Rule::from_gomocup_mask(9), Rule::CaroExact);
        assert_eq!(Rule::from_gomocup_mask(10), Rule::Caro);
        assert_eq!(Rule::from_gomocup_mask(11), Rule::CaroExact);
    }

    #[test]
    fn renju_is_asymmetric() {
        assert_eq!(Rule::Renju.five_kind(Color::Black), FiveKind::Exact);
        assert_eq!(Rule::Renju.five_kind(Color::White), FiveKind::FiveOrMore);
        assert!(Rule::Renju.has_forbidden_points(Color::Black));
        assert!(!Rule::Renju.has_forbidden_points(Color::White));
    }
}
