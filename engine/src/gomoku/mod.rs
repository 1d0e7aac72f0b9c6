//! The game of gomoku: rules, search and evaluation.
//!
//! One concern per file:
//! - [`rule`]: colours and winning rules (freestyle, exact five, renju, caro);
//! - [`pattern`]: line patterns from a table keyed by the cells around a point, and the threat
//!   class of a cell that combines its four lines;
//! - [`board`]: stones and the incrementally kept patterns, threats and values of every cell;
//! - [`forbidden`]: renju forbidden points, with the recursive definition of a three;
//! - [`eval`]: the pattern-table evaluation;
//! - [`movegen`]: threat-aware move generation;
//! - [`policy`]: the move ordering's score of a cell, from tables over its line patterns
//!   ([`policy_tables`]: those fitted to a stronger engine's moves);
//! - [`vcf`]: victory by continuous fours;
//! - [`tt`]: the transposition table;
//! - [`search`]: iterative deepening PVS;
//! - [`timing`]: the shared clock's margins for gomoku and the moves a game still expects;
//! - [`swap2`]: Swap2 opening decisions;
//! - [`point`]: a point of the board, the engine's move;
//! - [`engine`]: the one engine type, speaking only points, that the protocol adapters use.
//!
//! `docs/gomoku-experiments.md` in the repository records what was measured: the variants tried
//! and not kept, with their scores.

pub mod board;
pub mod engine;
pub mod eval;
pub mod forbidden;
pub mod movegen;
pub mod pattern;
pub mod point;
pub mod policy;
pub mod policy_tables;
pub mod rule;
pub mod search;
pub mod swap2;
pub mod timing;
pub mod tt;
pub mod vcf;
