//! The game of Connect6 on a 19x19 board: rules, evaluation, search and the engine.
//!
//! Black opens with one stone, then each side places two stones a turn; six or more in a row
//! wins and a full board is a draw. Everything is built on the 6-cell windows of the board: a
//! window holding stones of one colour only is a chance for that colour, and one holding four or
//! five of them is a threat (the owner completes it with one turn).
//!
//! - the two colours are [`Color`](crate::core::color::Color), shared with the other stone games.
//! - [`turn`]: one or two stones, the unit of play.
//! - [`geometry`]: the windows of the board and which windows pass through each cell.
//! - [`board`]: the position with per-window counts, kept up to date stone by stone.
//! - [`threats`]: threats, how many stones it takes to block them, and the blocking turns.
//! - [`moves`]: candidate cells and turns, best first.
//! - [`opening`]: white's first turn, a fixed shape around black's stone.
//! - [`vcdt`]: victory by continuous double threats, a proof search for forced wins.
//! - [`search`]: alpha-beta over turns, with the threat searches at the root.
//! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

pub mod board;
pub mod engine;
pub mod geometry;
pub mod moves;
pub mod opening;
pub mod search;
pub mod threats;
pub mod turn;
pub mod vcdt;
