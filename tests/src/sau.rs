//! SAU platform judge emulator (Connect6, NoGo, Amazons, Surakarta, Dots and Boxes, Phantom Go).
//!
//! - [`rules`]: what a referee of one game answers about a turn, shared by the games.
//! - [`connect6`], [`nogo`], [`surakarta`], [`dots`], ...: independent referees of the games'
//!   rules (written apart from the engines on purpose, so that a rule bug in one is caught by the
//!   other).
//! - [`judge`]: plays games between two engine processes the way the platform does.
//! - [`cloudict`]: the Connect6 anchor cloudict as an SAU engine (`sau-judge --first cloudict:...`).
//! - [`gtp`]: a GTP engine (the NoGo anchor HaHaNoGo) as an SAU NoGo engine, for the judge.

pub mod amazons;
pub mod cloudict;
pub mod connect6;
pub mod dots;
pub mod gtp;
pub mod judge;
pub mod nogo;
pub mod phantom;
pub mod phantom_judge;
pub mod rules;
pub mod surakarta;

use rules::Referee;

/// The random players' generator (xorshift): enough for picking moves, and a seed replays the
/// same choices.
pub struct Xorshift(u64);

impl Xorshift {
    pub fn new(seed: u64) -> Xorshift {
        Xorshift(seed | 1)
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as usize
    }
}

/// The games the SAU tools know, by their command-line names.
pub const GAMES: &[&str] = &["connect6", "nogo", "amazons", "surakarta", "dots-and-boxes"];

/// A new referee for the game called `game` on the command line.
pub fn referee(game: &str) -> Option<Box<dyn Referee>> {
    match game {
        "connect6" => Some(Box::new(connect6::Connect6::default())),
        "nogo" => Some(Box::new(nogo::NoGo::default())),
        "amazons" => Some(Box::new(amazons::Amazons::default())),
        "surakarta" => Some(Box::new(surakarta::Surakarta::default())),
        "dots-and-boxes" => Some(Box::new(dots::Dots::default())),
        _ => None,
    }
}

/// `--game` as the SAU tools take it: one of [`GAMES`].
pub fn game_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(GAMES.iter().copied())
}
