//! Pieces shared by every engine: the clock and the random numbers.

pub mod rng;
pub mod time;
