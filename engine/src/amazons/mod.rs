//! The game of the Amazons on a 10x10 board: rules, evaluation, search and the engine.
//!
//! Each side has four amazons. A turn moves one amazon like a chess queen (any distance in one of
//! eight directions, over empty squares only), then the amazon shoots an arrow from where it
//! landed, again like a queen move, onto an empty square that stays blocked for the rest of the
//! game. The side that cannot move loses. Black moves first (the SAU platform's rule).
//!
//! - [`board`]: the position on 128-bit boards, move generation and legality.
//! - [`eval`]: territory by queen and king distances, and mobility.
//! - [`search`]: alpha-beta with a selective move list.
//! - [`endgame`]: once the regions are separated, the longest filling of our own squares.
//! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

pub mod board;
pub mod endgame;
pub mod engine;
pub mod eval;
pub mod search;
