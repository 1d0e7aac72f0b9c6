//! Local tools around the engines: judge emulators, arenas, terminal play, and the helpers the
//! end-to-end tests share, and the game records they write. Nothing here ends up in an upload
//! file.

pub mod checkers;
pub mod cli;
pub mod connect6;
pub mod fit;
pub mod fuzz;
pub mod gomoku;
pub mod process;
pub mod records;
pub mod sau;
pub mod spsa;
pub mod stats;
pub mod upload;
