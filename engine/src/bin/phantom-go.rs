//! Phantom Go for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

use engine::phantom::engine::PhantomGoEngine;
use engine::phantom::search::Settings;
use engine::protocol::sau::{self, hidden};
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio("phantom-go", &args, |control, seed| {
        let mut engine = PhantomGoEngine::new(Settings::default(), seed);
        hidden::run(
            &mut engine,
            control,
            io::stdin().lock(),
            io::stdout().lock(),
        )
    })
}
