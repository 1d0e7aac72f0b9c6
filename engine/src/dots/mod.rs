//! Dots and Boxes on 6x6 dots (5x5 boxes, 60 lines): rules, search and the engine.
//!
//! Players take turns drawing one line between two neighbouring dots; a player who completes a
//! box (its fourth side) scores it and must draw again, so one turn is a run of lines of which
//! every one but the last completes a box (the last may too when it ends the game). Black
//! starts; with 25 boxes there are no draws.
//!
//! - the two colours are [`Color`](crate::core::color::Color), shared with the other games.
//! - [`board`]: lines as bits of a `u64`, boxes, the position, whole turns and the symmetries.
//! - [`endgame`]: chains and loops, and the exact value of an endgame made only of them.
//! - [`search`]: alpha-beta over canonical positions, capture rules, exact endgame solving.
//! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

pub mod board;
pub mod endgame;
pub mod engine;
pub mod search;
