//! Connect6 for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

use engine::connect6::engine::Connect6Engine;
use engine::connect6::search::Settings;
use engine::protocol::sau::{self, TimeControl};
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let control = match TimeControl::from_args(std::env::args().skip(1)) {
        Ok(control) => control,
        Err(message) => {
            eprintln!("connect6: {message}");
            return ExitCode::FAILURE;
        }
    };
    let mut engine = Connect6Engine::new(Settings::default());
    match sau::run(
        &mut engine,
        control,
        io::stdin().lock(),
        io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("connect6: {error}");
            ExitCode::FAILURE
        }
    }
}
