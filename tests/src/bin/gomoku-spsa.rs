//! Tunes an engine's parameters by SPSA from Gomocup games (see `harness::spsa`).
//!
//! ```text
//! gomoku-spsa --state FILE --engine TEMPLATE [--params FILE] [--opponent CMD]
//!     [--planned 1000] [--iterations N] [--size 15] [--rule freestyle|exact|renju|caro]
//!     [--openings FILE] [--turn 1000] [--match 30000] [--turn2 MS] [--match2 MS]
//!     [--concurrency 1] [--memory BYTES] [--seed 1] [--log FILE]
//! ```
//!
//! `TEMPLATE` is the engine command with `{name}` where a parameter's value goes, for example
//! `env GOMOKU_PARAMS=lmr_base={lmr_base},breadth={breadth} ./engine`. The parameters file has
//! one parameter a line, `name start min max c_end [r_end] [int]` (`#` starts a comment); it
//! starts a run when the state file does not exist yet, planned for `--planned` iterations. The
//! state file is rewritten after every iteration, and a run given an existing state file goes
//! on from it; `--iterations` says how many iterations to play this time (all that are left by
//! default).
//!
//! With `--opponent`, each iteration plays both parameter sets against that engine with both
//! colours of one opening (four games; `--turn2`/`--match2` are the opponent's clock) and the
//! result is the first set's points less the second's. Without it, the two sets play each
//! other with both colours (two games). Openings are taken in file order, one an iteration.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;

use harness::gomoku::game::{play_game, Ending, GameConfig, GameRecord};
use harness::gomoku::log::append_line;
use harness::gomoku::setup::{GameArgs, GameSetup};
use harness::spsa::{fill_template, Param, Tuner};

/// Tunes an engine's parameters by SPSA from Gomocup games.
#[derive(clap::Parser)]
#[command(name = "gomoku-spsa")]
struct Args {
    /// The state file: read to go on with a run, rewritten after every iteration.
    #[arg(long, value_name = "FILE")]
    state: String,
    /// The engine command with {name} where each parameter's value goes.
    #[arg(long, value_name = "TEMPLATE")]
    engine: String,
    /// The parameters (`name start min max c_end [r_end] [int]` a line), for a new run.
    #[arg(long, value_name = "FILE")]
    params: Option<String>,
    /// A fixed opponent for both parameter sets (default: the sets play each other).
    #[arg(long, value_name = "CMD")]
    opponent: Option<String>,
    /// Iterations a new run is planned for.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    planned: u64,
    /// Iterations to play this time (default: all that are left).
    #[arg(long, value_name = "N")]
    iterations: Option<u64>,
    #[command(flatten)]
    game: GameArgs,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1)]
    concurrency: u64,
    /// Seed of the perturbations of a new run.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Append every line of the output to this file.
    #[arg(long, value_name = "FILE")]
    log: Option<String>,
}

fn main() -> ExitCode {
    harness::cli::main::<Args>("gomoku-spsa", run)
}

/// One game of an iteration: which set plays it (0 plus, 1 minus, 2 both: plus as engine 0)
/// and which engine has black.
struct Job {
    set: usize,
    black: usize,
}

fn run(args: Args) -> Result<(), String> {
    let state_path = args.state;
    let template = args.engine;
    let opponent = args.opponent;
    let mut tuner = match std::fs::read_to_string(&state_path) {
        Ok(text) => Tuner::parse(&text)?,
        Err(_) => {
            let path = args
                .params
                .ok_or("no state yet: --params FILE is required")?;
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            let params = text
                .lines()
                .map(|line| line.split('#').next().unwrap_or("").trim())
                .filter(|line| !line.is_empty())
                .map(Param::parse)
                .collect::<Result<Vec<_>, _>>()?;
            if params.is_empty() {
                return Err(format!("{path}: no parameters"));
            }
            Tuner::new(params, args.planned, args.seed)
        }
    };
    for param in &tuner.params {
        if !template.contains(&format!("{{{}}}", param.name)) {
            return Err(format!("the engine template has no {{{}}}", param.name));
        }
    }
    let setup = GameSetup::from_args(&args.game)?;
    let (size, rule, openings) = (setup.size, setup.rule, &setup.openings);
    if openings.is_empty() {
        return Err("no openings".to_string());
    }
    let [clock, opponent_clock] = setup.clocks;
    let concurrency = args.concurrency.max(1) as usize;
    let max_memory = setup.max_memory;
    let left = tuner.planned.saturating_sub(tuner.done);
    let iterations = args.iterations.unwrap_or(left).min(left);
    let log = args.log;
    let say = |line: &str| {
        println!("{line}");
        if let Some(path) = &log {
            append_line(path, line);
        }
    };
    say(&format!(
        "spsa: iterations {}..{} of {}, {}x{} {:?}, {} ms/move {} ms/game, {}",
        tuner.done + 1,
        tuner.done + iterations,
        tuner.planned,
        size,
        size,
        rule,
        clock.turn_ms,
        clock.match_ms,
        match &opponent {
            Some(command) => format!("both sets against {command}"),
            None => "the two sets against each other".to_string(),
        }
    ));
    let jobs: Vec<Job> = match opponent {
        Some(_) => vec![
            Job { set: 0, black: 0 },
            Job { set: 0, black: 1 },
            Job { set: 1, black: 0 },
            Job { set: 1, black: 1 },
        ],
        None => vec![Job { set: 2, black: 0 }, Job { set: 2, black: 1 }],
    };
    for _ in 0..iterations {
        let perturbation = tuner.perturb();
        let commands = [
            fill_template(&template, &tuner.params, &perturbation.plus),
            fill_template(&template, &tuner.params, &perturbation.minus),
        ];
        let opening = openings[((perturbation.k - 1) % openings.len() as u64) as usize].clone();
        let next = AtomicUsize::new(0);
        let records: Mutex<Vec<(usize, GameRecord)>> = Mutex::new(Vec::new());
        thread::scope(|scope| {
            for _ in 0..concurrency.min(jobs.len()) {
                scope.spawn(|| loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = jobs.get(index) else { break };
                    let (pair, time) = match (&opponent, job.set) {
                        (Some(other), set) => (
                            [commands[set].as_str(), other.as_str()],
                            [clock, opponent_clock],
                        ),
                        (None, _) => ([commands[0].as_str(), commands[1].as_str()], [clock; 2]),
                    };
                    let config = GameConfig {
                        size,
                        rule,
                        time,
                        opening: opening.clone(),
                        max_memory,
                    };
                    let record = play_game(pair, job.black, &config);
                    records.lock().unwrap().push((index, record));
                });
            }
        });
        let mut records = records.into_inner().unwrap();
        records.sort_by_key(|(index, _)| *index);
        // Points of engine 0 of each game, credited to its set.
        let mut points = [0.0f64; 2];
        let mut faults = Vec::new();
        for (index, record) in &records {
            let engine0 = match record.winner {
                Some(0) => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            match jobs[*index].set {
                2 => {
                    points[0] += engine0;
                    points[1] += 1.0 - engine0;
                }
                set => points[set] += engine0,
            }
            if let Some(winner) = record.winner {
                if matches!(
                    record.ending,
                    Ending::TimeLoss | Ending::IllegalMove(_) | Ending::Crash
                ) {
                    faults.push(format!("engine {} {:?}", 1 - winner, record.ending));
                }
            }
        }
        let result = points[0] - points[1];
        tuner.update(&perturbation, result);
        let values: Vec<String> = tuner
            .params
            .iter()
            .map(|p| format!("{}={:.4}", p.name, p.value))
            .collect();
        say(&format!(
            "iteration {} plus {} minus {} result {:+}  {}{}",
            perturbation.k,
            points[0],
            points[1],
            result,
            values.join(" "),
            if faults.is_empty() {
                String::new()
            } else {
                format!("  FAULTS: {}", faults.join(", "))
            }
        ));
        let text = tuner.to_text();
        let temporary = format!("{state_path}.tmp");
        std::fs::write(&temporary, text).map_err(|e| format!("{temporary}: {e}"))?;
        std::fs::rename(&temporary, &state_path).map_err(|e| format!("{state_path}: {e}"))?;
    }
    say(&format!(
        "after {} iterations: value, and the mean result of a step up (+- one standard error)",
        tuner.done
    ));
    for (param, (mean, error)) in tuner.params.iter().zip(tuner.gradient_estimates()) {
        say(&format!(
            "  {:<24} {:>10.4}   {:+.3} +- {:.3}",
            param.name, param.value, mean, error
        ));
    }
    Ok(())
}
