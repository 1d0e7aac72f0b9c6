//! SAU platform judge emulator (Connect6, NoGo).
//!
//! - [`rules`]: what a referee of one game answers about a turn, shared by both games.
//! - [`connect6`], [`nogo`]: independent referees of the two games' rules (written apart from
//!   the engine on purpose, so that a rule bug in one is caught by the other).
//! - [`judge`]: plays games between two engine processes the way the platform does.

pub mod connect6;
pub mod judge;
pub mod nogo;
pub mod rules;

use rules::Referee;

/// The games the SAU tools know, by their command-line names.
pub const GAMES: &[&str] = &["connect6", "nogo"];

/// A new referee for the game called `game` on the command line.
pub fn referee(game: &str) -> Option<Box<dyn Referee>> {
    match game {
        "connect6" => Some(Box::new(connect6::Connect6::default())),
        "nogo" => Some(Box::new(nogo::NoGo::default())),
        _ => None,
    }
}

/// `--game` as the SAU tools take it: one of [`GAMES`].
pub fn game_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(GAMES.iter().copied())
}
