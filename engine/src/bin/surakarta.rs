//! Surakarta for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds), `--random-plies <n>` play the first `n` plies
//! of each game at random (for varied games in local matches; default 0).

use engine::protocol::sau::{self, TimeControl};
use engine::surakarta::engine::SurakartaEngine;
use engine::surakarta::search::Settings;
use std::io;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

fn random_plies(args: &[String]) -> Result<u32, String> {
    match args.iter().position(|arg| arg == "--random-plies") {
        Some(index) => args
            .get(index + 1)
            .and_then(|text| text.parse().ok())
            .ok_or_else(|| "--random-plies needs a number".to_string()),
        None => Ok(0),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = TimeControl::from_args(args.iter().cloned())
        .and_then(|control| random_plies(&args).map(|plies| (control, plies)));
    let (control, random_plies) = match settings {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("surakarta: {message}");
            return ExitCode::FAILURE;
        }
    };
    // A different seed each run varies the random opening plies between runs.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos() as u64);
    let settings = Settings {
        random_plies,
        seed,
        ..Settings::default()
    };
    let mut engine = SurakartaEngine::new(settings);
    match sau::run(
        &mut engine,
        control,
        io::stdin().lock(),
        io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("surakarta: {error}");
            ExitCode::FAILURE
        }
    }
}
