//! What every engine shares: the two sides, search scores and bounds, the clock, random numbers,
//! and the worker thread that ponders.

pub mod color;
pub mod ponder;
pub mod rng;
pub mod score;
pub mod time;
