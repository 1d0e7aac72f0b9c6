//! A GTP engine as an SAU NoGo engine, for `sau-judge`: the bridge of `harness::sau::gtp` on
//! standard input and output, in front of the GTP program given after `--`.
//!
//! ```text
//! sau-gtp [--random-plies N] [--radius R] [--seed S] -- PROGRAM [ARGS]...
//! sau-judge --game nogo --first "target/release/nogo --game-ms 60000 --move-ms 3000" \
//!     --second "target/release/sau-gtp --random-plies 2 -- PATH/TO/hahanogo 50000"
//! ```
//!
//! A GTP resignation becomes the line `resign`, which `sau-judge` counts as that side's loss.

use harness::sau::gtp::{serve, Bridge, GtpProcess, Opening};
use std::io;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

/// A GTP engine as an SAU NoGo engine.
#[derive(clap::Parser)]
#[command(name = "sau-gtp")]
struct Args {
    /// Stones of the GTP engine's side drawn at random near the centre at the start of a game.
    #[arg(long, value_name = "N", default_value_t = 0)]
    random_plies: u32,
    /// How far from the centre those stones may lie (lines in each direction).
    #[arg(long, value_name = "R", default_value_t = 2)]
    radius: usize,
    /// Seed of the random stones (default: from the clock).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// The GTP program and its arguments.
    #[arg(required = true, last = true)]
    command: Vec<String>,
}

fn main() -> ExitCode {
    let args = harness::cli::parse::<Args>();
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |time| time.as_nanos() as u64)
    });
    let gtp = match GtpProcess::spawn(&args.command[0], &args.command[1..]) {
        Ok(gtp) => gtp,
        Err(error) => {
            eprintln!("sau-gtp: cannot start '{}': {error}", args.command[0]);
            return ExitCode::FAILURE;
        }
    };
    let opening = Opening {
        random_plies: args.random_plies,
        radius: args.radius,
        seed,
    };
    let mut bridge = Bridge::new(gtp, opening);
    match serve(&mut bridge, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sau-gtp: {error}");
            ExitCode::FAILURE
        }
    }
}
