//! Scores of the alpha-beta searches: evaluations, proven results by their distance, and what a
//! stored score says about the true value.

/// The score of a game won on the move; a win `n` plies away scores `WIN - n`, so that the
/// search prefers the quickest win and the slowest loss.
pub const WIN: i32 = 30_000;
/// Scores beyond this (in absolute value) are proven wins or losses, not evaluations.
pub const WIN_THRESHOLD: i32 = WIN - 1_000;

/// Whether `score` is a proven win or loss rather than an evaluation.
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= WIN_THRESHOLD
}

/// What a search result says about the true value of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

impl Bound {
    /// The bound of `score`, the best a search found in the window `(alpha, beta)` it was
    /// started with.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a search of the window `(alpha, beta)`.
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }

    /// Whether a stored `score` with this bound says the true value lies beyond `estimate` in
    /// the direction the bound allows (used to sharpen a static evaluation).
    pub fn improves(self, score: i32, estimate: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score > estimate,
            Bound::Upper => score < estimate,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_follow_the_window() {
        assert_eq!(Bound::of(10, 0, 10), Bound::Lower);
        assert_eq!(Bound::of(5, 0, 10), Bound::Exact);
        assert_eq!(Bound::of(0, 0, 10), Bound::Upper);
        assert!(Bound::Lower.settles(10, 0, 10) && !Bound::Lower.settles(9, 0, 10));
        assert!(Bound::Upper.settles(0, 0, 10) && !Bound::Upper.settles(1, 0, 10));
        assert!(Bound::Exact.settles(5, 0, 10));
        assert!(Bound::Lower.improves(6, 5) && !Bound::Lower.improves(4, 5));
        assert!(Bound::Upper.improves(4, 5) && !Bound::Upper.improves(6, 5));
    }

    #[test]
    fn decisive_scores_are_beyond_the_threshold() {
        assert!(is_decisive(WIN - 3) && is_decisive(-(WIN - 990)));
        assert!(!is_decisive(WIN_THRESHOLD - 1));
    }
}
