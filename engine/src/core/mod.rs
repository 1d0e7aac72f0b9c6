//! What every engine shares: the two sides, search scores and bounds, the search report, the
//! time manager and its deadlines, random numbers, and the worker thread that ponders.

pub mod clock;
pub mod color;
pub mod ponder;
pub mod report;
pub mod rng;
pub mod score;
pub mod time;
