//! Cloudict, the Connect6 anchor, as an SAU platform engine (see `harness::sau::cloudict`):
//!
//! ```text
//! sau-cloudict [--depth D] [--no-vcf] [--spread R] [--random-turns N] [--seed N]
//!              [--patterns FILE] [--scratch DIR] ENGINE [ARGS...]
//! ```
//!
//! `sau-judge` runs it for an engine command `cloudict:ARGS`.

use harness::sau::cloudict::{serve, Options, USAGE};
use std::io::{self, BufReader};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match Options::parse(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("sau-cloudict: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match serve(
        &options,
        BufReader::new(io::stdin()),
        &mut io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sau-cloudict: {error}");
            ExitCode::FAILURE
        }
    }
}
