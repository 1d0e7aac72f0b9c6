//! Game engines for online judges.
//!
//! Layout, one folder per concern:
//! - [`core`]: what every engine shares (the two sides, scores and bounds, the time manager and
//!   deadlines, random numbers, the pondering worker).
//! - one module per game ([`checkers`], [`gomoku`], [`connect6`], [`nogo`], [`amazons`],
//!   [`surakarta`], [`dots`], [`phantom`]): the rules, the search and the evaluation of that game.
//!   The games know nothing of text protocols.
//! - [`protocol`]: one module per judge; an adapter only translates between the judge's lines
//!   and a game's types.
//!
//! Each binary in `src/bin/` is one upload target; the bundler keeps only what it reaches.

pub mod amazons;
pub mod checkers;
pub mod connect6;
pub mod core;
pub mod dots;
pub mod gomoku;
pub mod nogo;
pub mod phantom;
pub mod protocol;
pub mod surakarta;
