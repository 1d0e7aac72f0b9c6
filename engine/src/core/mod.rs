//! What every engine shares: the two sides, search scores and bounds, the clock, random numbers.

pub mod color;
pub mod rng;
pub mod score;
pub mod time;
