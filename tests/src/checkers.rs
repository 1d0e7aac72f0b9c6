//! Checkers tools: an independent reference of the judge's rules, the judge emulator that plays
//! two engine commands against each other, and the pieces of the terminal player and the tuner.

pub mod judge;
pub mod rules;
