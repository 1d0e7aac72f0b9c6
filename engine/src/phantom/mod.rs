//! Phantom Go on a 9x9 board: Go in which neither player sees the other's stones.
//!
//! A player submits points; the referee accepts a legal one (and names any stones it captured)
//! or refuses it (occupied by a hidden stone, suicide or ko), and the player tries again. Rules:
//! area scoring (stones plus regions of one colour, no dead-stone removal) with a komi of 7.5 for
//! white, suicide forbidden, simple ko, the game ends after two passes in a row.
//!
//! - [`board`]: a full-information 9x9 Go position (what a drawn sample and a playout use).
//! - [`belief`]: what we know of the hidden position, and full boards drawn from it.
//! - [`search`]: flat Monte Carlo with UCB and AMAF over determinizations.
//! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

pub mod belief;
pub mod board;
pub mod engine;
pub mod search;
