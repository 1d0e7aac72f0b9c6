//! NoGo for the SAU computer-games platform: reads the platform's commands on stdin and answers
//! on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds), `--ponder` to think on the opponent's time
//! as well.

use engine::nogo::engine::NoGoEngine;
use engine::nogo::mcts::Settings;
use engine::protocol::sau;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio("nogo", &args, |control, seed| {
        let settings = Settings {
            ponder: args.iter().any(|arg| arg == "--ponder"),
            ..Settings::default()
        };
        let mut engine = NoGoEngine::new(settings, seed);
        sau::run(
            &mut engine,
            control,
            io::stdin().lock(),
            io::stdout().lock(),
        )
    })
}
