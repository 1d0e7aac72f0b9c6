//! The protocol fuzzer (see `harness::fuzz`): seeded sessions of valid and mutated commands
//! against the upload files (compiled with plain rustc, as the judges do), every answer checked
//! against a model of the game.
//!
//! ```text
//! protocol-fuzz [--protocol NAME|all] [--seed N] [--cases N] [--seconds S] [--slack-ms MS]
//!               [--binary PATH]
//! ```
//!
//! Each protocol runs cases `N, N + 1, ...` until `--cases` have run or `--seconds` (per
//! protocol) have passed; the seed defaults to the clock and is printed. `--binary` tests another
//! executable than the upload file (one protocol only). A failure prints its case seed, which
//! reruns it alone: `--protocol NAME --seed SEED --cases 1`. Exits 1 when any case failed.

use harness::cli::usage;
use harness::fuzz::{fuzz, protocols};
use harness::upload::upload_binary;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Seeded sessions of valid and mutated commands against the upload files.
#[derive(clap::Parser)]
#[command(name = "protocol-fuzz")]
struct Args {
    /// The protocol to fuzz, or all.
    #[arg(long, value_name = "NAME|all", default_value = "all")]
    protocol: String,
    /// The first case's seed (default: the clock).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Cases per protocol at most.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    cases: usize,
    /// Time per protocol at most, seconds.
    #[arg(long, value_name = "S", default_value_t = 60)]
    seconds: u64,
    /// Lateness forgiven to an answer, ms.
    #[arg(long, value_name = "MS", default_value_t = 250)]
    slack_ms: u64,
    /// Another executable than the upload file (one protocol only).
    #[arg(long, value_name = "PATH")]
    binary: Option<PathBuf>,
}

fn main() -> ExitCode {
    match run(harness::cli::parse::<Args>()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("protocol-fuzz: {message}\n\n{}", usage::<Args>());
            ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> Result<bool, String> {
    let wanted = args.protocol;
    let clock = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |time| time.as_secs());
    let seed = args.seed.unwrap_or(clock);
    let (cases, seconds) = (args.cases, args.seconds);
    let slack = Duration::from_millis(args.slack_ms);
    let all = protocols();
    let chosen: Vec<_> = all
        .iter()
        .filter(|protocol| wanted == "all" || protocol.name() == wanted)
        .collect();
    if chosen.is_empty() {
        let names: Vec<&str> = all.iter().map(|protocol| protocol.name()).collect();
        return Err(format!(
            "unknown protocol '{wanted}': one of {}",
            names.join(", ")
        ));
    }
    let binary = args.binary;
    if binary.is_some() && chosen.len() > 1 {
        return Err("--binary needs one --protocol".to_string());
    }
    println!("seed {seed}, up to {cases} cases or {seconds} s per protocol");
    let mut clean = true;
    for protocol in chosen {
        let path = binary
            .clone()
            .unwrap_or_else(|| upload_binary(protocol.target()));
        let budget = Duration::from_secs(seconds);
        let summary = fuzz(protocol.as_ref(), &path, seed, cases, budget, slack);
        println!(
            "{:<14} {:>6} cases {:>7} commands {:>3} failures in {:.1} s",
            protocol.name(),
            summary.cases,
            summary.commands,
            summary.failures.len(),
            summary.elapsed.as_secs_f64()
        );
        for failure in &summary.failures {
            print!("{failure}");
        }
        clean &= summary.failures.is_empty();
    }
    Ok(clean)
}
