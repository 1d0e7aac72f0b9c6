//! Pieces shared by every engine: the clock, the random numbers and the stone colours.

pub mod rng;
pub mod stone;
pub mod time;
