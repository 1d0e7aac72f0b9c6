//! The checkers judge engine.
//!
//! - no arguments: play the judge protocol on stdin/stdout with the judge's limits;
//! - `--move-ms N`, `--game-ms N`: the same with other limits (the game limit defaults to 45
//!   moves' worth, as 90 s is to 2 s);
//! - `perft DEPTH [POSITION]`: move-path counts for every depth up to DEPTH;
//! - `bench`: a fixed-depth search of a few positions, with the speed in nodes per second.

use engine::checkers::engine::Settings;
use engine::checkers::position::Position;
use engine::checkers::search::{Limits, Searcher};
use engine::protocol::checkers_judge::run;
use std::io;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let outcome = match args.first().map(String::as_str) {
        Some("perft") => perft(&args[1..]),
        Some("bench") => {
            bench();
            Ok(())
        }
        _ => judge_settings(&args).map(|settings| run(settings, io::stdin().lock(), io::stdout())),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            eprintln!(
                "usage: checkers [--move-ms N] [--game-ms N] | perft DEPTH [POSITION] | bench"
            );
            ExitCode::from(2)
        }
    }
}

/// Reads `--move-ms` and `--game-ms`.
fn judge_settings(args: &[String]) -> Result<Settings, String> {
    let mut config = Settings::judge();
    let mut game_given = false;
    let mut words = args.iter();
    while let Some(flag) = words.next() {
        let value = words
            .next()
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| format!("{flag} needs a number of milliseconds"))?;
        match flag.as_str() {
            "--move-ms" => config.move_limit = Duration::from_millis(value),
            "--game-ms" => {
                config.game_limit = Duration::from_millis(value);
                game_given = true;
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if !game_given {
        config.game_limit = config.move_limit * 45;
    }
    Ok(config)
}

/// `perft DEPTH [POSITION]`.
fn perft(args: &[String]) -> Result<(), String> {
    let depth: u32 = args
        .first()
        .and_then(|d| d.parse().ok())
        .ok_or("perft needs a depth")?;
    let position = if args.len() > 1 {
        Position::parse(&args[1..].join(" "))?
    } else {
        Position::start()
    };
    let start = Instant::now();
    let mut total = 0;
    for d in 1..=depth {
        let nodes = position.perft(d);
        total += nodes;
        println!("{d} {nodes}");
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    eprintln!(
        "perft: {total} nodes in {seconds:.3} s, {:.1} Mnps",
        total as f64 / seconds / 1e6
    );
    Ok(())
}

/// Fixed-depth searches of the start and two middle-game positions.
fn bench() {
    let positions = [
        ".w.w.w.w/w.w.w.w./.w.w.w.w/......../......../b.b.b.b./.b.b.b.b/b.b.b.b. b",
        ".w.w.w.w/w.w...w./.w.w.w.w/..w...../...b.b../b...b.../.b.b.b.b/b.b.b.b. w",
        ".w.w...w/w...w.w./...w.w.w/..w...../.b...b../b...b.../.b.b.b.b/b.b..... b",
    ];
    let mut nodes = 0;
    let start = Instant::now();
    for text in positions {
        let position = Position::parse(text).expect("bench positions are valid");
        let mut searcher = Searcher::new(64);
        let result = searcher.think(&position, Limits::depth(13));
        nodes += result.nodes;
        println!(
            "depth {} score {} best {} nodes {}",
            result.depth,
            result.score,
            result.best.map_or("none".to_string(), |m| m.to_string()),
            result.nodes
        );
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    println!(
        "bench: {nodes} nodes in {seconds:.3} s, {:.0} nps",
        nodes as f64 / seconds
    );
}
