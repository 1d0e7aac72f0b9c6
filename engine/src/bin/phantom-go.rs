//! Phantom Go for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

use engine::phantom::engine::PhantomGoEngine;
use engine::phantom::search::Settings;
use engine::protocol::sau::{hidden, TimeControl};
use std::io;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

fn main() -> ExitCode {
    let control = match TimeControl::from_args(std::env::args().skip(1)) {
        Ok(control) => control,
        Err(message) => {
            eprintln!("phantom-go: {message}");
            return ExitCode::FAILURE;
        }
    };
    // A different seed each run varies the games between two identical engines.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos() as u64);
    let mut engine = PhantomGoEngine::new(Settings::default(), seed);
    match hidden::run(
        &mut engine,
        control,
        io::stdin().lock(),
        io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("phantom-go: {error}");
            ExitCode::FAILURE
        }
    }
}
