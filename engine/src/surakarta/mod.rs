//! Surakarta on a 6x6 board: rules, evaluation, search and the engine.
//!
//! Each side starts with 12 pieces on its two nearest lines (black on columns A and B, white on
//! E and F, as in the SAU platform's sample engine); black moves first. A piece steps to any of
//! its 8 neighbouring empty points, or captures by travelling along one of the two circuits
//! (lines 1 and 4 joined by the small corner arcs, lines 2 and 3 joined by the large ones)
//! through at least one arc, over empty points only (its own starting point counts as empty),
//! onto the first piece it meets, which must be an enemy. A side with no piece left, or no move,
//! has lost. The championship may also stop a game by a move limit and count the pieces left:
//! the engine plays on as long as the platform asks, and its evaluation counts pieces first, so
//! a game stopped that way is scored the way the engine plays for (see docs/surakarta.md).
//!
//! - the two colours are [`Color`](crate::core::color::Color), shared with the other games.
//! - [`board`]: the position as bit sets, the circuits and move generation.
//! - [`eval`]: the static evaluation.
//! - [`search`]: alpha-beta with iterative deepening, PVS, transposition table and quiescence.
//! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

pub mod board;
pub mod engine;
pub mod eval;
pub mod search;
