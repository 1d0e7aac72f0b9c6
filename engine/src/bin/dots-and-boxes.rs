//! Dots and Boxes (6x6 dots) for the SAU computer-games platform: reads the platform's commands
//! on stdin and answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

use engine::dots::engine::DotsEngine;
use engine::dots::search::Settings;
use engine::protocol::sau;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio("dots-and-boxes", &args, |control, _| {
        let mut engine = DotsEngine::new(Settings::default());
        sau::run(
            &mut engine,
            control,
            io::stdin().lock(),
            io::stdout().lock(),
        )
    })
}
