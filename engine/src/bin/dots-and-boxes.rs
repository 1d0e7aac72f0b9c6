//! Dots and Boxes (6x6 dots) for the SAU computer-games platform: reads the platform's commands
//! on stdin and answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

use engine::dots::engine::DotsEngine;
use engine::dots::search::Settings;
use engine::protocol::sau::{self, TimeControl};
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let control = match TimeControl::from_args(std::env::args().skip(1)) {
        Ok(control) => control,
        Err(message) => {
            eprintln!("dots-and-boxes: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut engine = DotsEngine::new(Settings::default());
    match sau::run(
        &mut engine,
        control,
        io::stdin().lock(),
        io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("dots-and-boxes: {error}");
            ExitCode::FAILURE
        }
    }
}
