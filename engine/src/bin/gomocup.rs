//! The Gomocup (piskvork) brain: reads the manager's commands on stdin, answers on stdout.
//!
//! Options (none on the tournament manager): `--param NAME=VALUE`, any number of times, sets a
//! search parameter by its name in `gomoku::search::params::Params` (for tuning, e.g. by
//! `gomoku-spsa` with `--param razor_depth={razor_depth}` in the engine command).

use engine::gomoku::engine::GomokuEngine;
use engine::gomoku::search::params::Params;
use std::process::ExitCode;

const USAGE: &str = "usage: gomocup [--param NAME=VALUE]...";

/// The search parameters the command line asks for.
fn params(args: &[String]) -> Result<Params, String> {
    let mut params = Params::default();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word != "--param" {
            return Err(format!("unknown argument '{word}'"));
        }
        let setting = words.next().ok_or("--param needs NAME=VALUE")?;
        params
            .apply(setting)
            .map_err(|message| format!("--param: {message}"))?;
    }
    Ok(params)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let params = match params(&args) {
        Ok(params) => params,
        Err(message) => {
            eprintln!("gomocup: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut engine = GomokuEngine::new();
    engine.set_search_params(params);
    let stdin = std::io::stdin();
    engine::protocol::gomocup::run_with(engine, stdin.lock(), std::io::stdout());
    ExitCode::SUCCESS
}
