//! One adapter per judge. An adapter reads the judge's lines, turns them into calls on a game
//! engine and prints the answers; it holds no game logic of its own.

pub mod checkers_judge;
pub mod gomocup;
pub mod gomoku_server;
pub mod input;
pub mod sau;
