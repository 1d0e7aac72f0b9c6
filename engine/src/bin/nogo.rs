//! NoGo for the SAU computer-games platform: reads the platform's commands on stdin and answers
//! on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

use engine::nogo::engine::NoGoEngine;
use engine::nogo::mcts::Settings;
use engine::protocol::sau::{self, TimeControl};
use std::io;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

fn main() -> ExitCode {
    let control = match TimeControl::from_args(std::env::args().skip(1)) {
        Ok(control) => control,
        Err(message) => {
            eprintln!("nogo: {message}");
            return ExitCode::FAILURE;
        }
    };
    // A different seed each run varies the games between two identical engines.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos() as u64);
    let mut engine = NoGoEngine::new(Settings::default(), seed);
    match sau::run(
        &mut engine,
        control,
        io::stdin().lock(),
        io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("nogo: {error}");
            ExitCode::FAILURE
        }
    }
}
