//! Gomoku tools: an independent referee (who won, is the move legal, is it a renju foul),
//! openings, a Gomocup arena that plays two engine commands against each other, reading its
//! logs, and a terminal board.

pub mod arena;
pub mod game;
pub mod log;
pub mod openings;
pub mod referee;
pub mod setup;
