//! Game engines for online judges.
//!
//! Layout, one folder per concern:
//! - [`core`]: small pieces every engine shares (clock and time budget, random numbers, stone
//!   colours).
//! - one module per game ([`amazons`], [`checkers`], [`gomoku`], [`connect6`], [`nogo`]): the rules, the
//!   search and the evaluation of that game. The games know nothing of text protocols.
//! - [`protocol`]: one module per judge; an adapter only translates between the judge's lines
//!   and a game's types.
//!
//! Each binary in `src/bin/` is one upload target; the bundler keeps only what it reaches.

pub mod amazons;
pub mod checkers;
pub mod connect6;
pub mod core;
pub mod gomoku;
pub mod nogo;
pub mod protocol;
