//! The game of NoGo on a 9x9 board: rules, search and the SAU player.
//!
//! NoGo is Go turned around: a stone that would capture, or would leave its own group without a
//! liberty, may not be played, there is no passing, and the side left without a legal move loses.
//!
//! - the two colours are [`Stone`](crate::core::stone::Stone), shared with the other stone games.
//! - [`board`]: the position on 128-bit boards, with the legality test.
//! - [`playout`]: the random games that estimate a position.
//! - [`mcts`]: the tree search (UCT with RAVE, proven wins and losses near the end).
//! - [`player`]: the rules and the search behind the SAU protocol.

pub mod board;
pub mod mcts;
pub mod player;
pub mod playout;
