//! Connect6 for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

use engine::connect6::engine::Connect6Engine;
use engine::connect6::search::Settings;
use engine::protocol::sau;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio("connect6", &args, |control, _| {
        let mut engine = Connect6Engine::new(Settings::default());
        sau::run(
            &mut engine,
            control,
            io::stdin().lock(),
            io::stdout().lock(),
        )
    })
}
