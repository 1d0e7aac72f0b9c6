//! What a search found, in any game's move type, returned by value from an engine's think.

use std::time::Duration;

/// The outcome of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The move to play (`None` only when there is none).
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: i32,
    /// The last depth completed.
    pub depth: i32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl<M> Report<M> {
    /// A report with nothing found yet.
    pub fn empty() -> Self {
        Report {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// The same report with its move in another form (a board index as coordinates).
    pub fn map<N>(self, convert: impl FnOnce(M) -> N) -> Report<N> {
        Report {
            best: self.best.map(convert),
            score: self.score,
            depth: self.depth,
            nodes: self.nodes,
            elapsed: self.elapsed,
        }
    }
}
