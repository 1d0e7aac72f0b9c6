//! What the search keeps for each ply of the line it is searching, in one struct per ply.

use super::Depth;
use crate::gomoku::board::Cell;
use crate::gomoku::movegen::ScoredMove;
use crate::gomoku::pattern::Threat;

/// What the search keeps about one ply of the current line.
#[derive(Clone, Debug, Default)]
pub(super) struct Ply {
    /// The last two quiet moves that were best here (they are reduced less in cut nodes).
    pub(super) killers: [Option<Cell>; 2],
    /// The moves of the node here, kept to reuse their memory.
    pub(super) moves: Vec<ScoredMove>,
    /// `material` of the position here, for `evaluate_smoothed`.
    pub(super) material: i32,
    /// The fours a leaf here tries.
    pub(super) fours: Vec<Cell>,
    /// The static evaluation of the position here (`None` at the root and where it was not
    /// computed, as when the opponent's threat forced the moves).
    pub(super) eval: Option<i32>,
    /// The move played from the position here, and its class for its player (`None` for a
    /// null move).
    pub(super) played: Option<(Cell, Threat)>,
    /// Whether the position is or was part of a principal variation.
    pub(super) was_principal: bool,
    /// The extra depth the line down to here has been extended by.
    pub(super) extension: Depth,
    /// The move a singular-extension test leaves out of the node here (see
    /// `Searcher::singular_extension`).
    pub(super) excluded: Option<Cell>,
}
