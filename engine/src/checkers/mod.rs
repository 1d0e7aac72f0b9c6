//! The game of checkers as played on the course judge: 8x8 board, men step forward, kings step
//! one square in any direction, captures in all four directions by men and kings alike,
//! mandatory and maximal, crowning only at the end of a move, and a score on material after
//! 120 plies (man 1, king 3).
//!
//! - [`square`], [`bitboard`], [`moves`], [`position`]: the value types and the rules.
//! - [`eval`] with its [`patterns`], [`tt`], [`search`], [`timing`]: the evaluation, the search and the clock.
//! - [`engine`]: a game in progress with its clock and search, the one type the judge adapter uses.

pub mod bitboard;
pub mod engine;
pub mod eval;
pub mod moves;
pub mod patterns;
pub mod position;
pub mod search;
pub mod square;
pub mod timing;
pub mod tt;
