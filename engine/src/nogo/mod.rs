//! The game of NoGo on a 9x9 board: rules, search and the engine.
//!
//! NoGo is Go turned around: a stone that would capture, or would leave its own group without a
//! liberty, may not be played, there is no passing, and the side left without a legal move loses.
//!
//! - the two colours are [`Color`](crate::core::color::Color), shared with the other stone games.
//! - [`board`]: the position on 128-bit boards, with the legality test.
//! - [`groups`]: the position with its groups and liberties kept, for the random games.
//! - [`playout`]: the random games that estimate a position.
//! - [`mcts`]: the tree search (UCT with RAVE, proven wins and losses near the end).
//! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

pub mod board;
pub mod engine;
pub mod groups;
pub mod mcts;
pub mod playout;
