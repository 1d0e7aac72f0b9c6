//! Tunes the checkers evaluation weights (Texel's method) from engine self-play.
//!
//!     checkers-tune generate GAMES DEPTH FILE        # self-play games -> labelled positions
//!     checkers-tune fit [--count-scale S] [--l2 L] [--iterations N] [--validate FILE]
//!         --out WEIGHTS FILE [FILE ...]             # logistic fit -> a weights file
//!     checkers-tune emit WEIGHTS SOURCE             # -> engine/src/checkers/patterns.rs
//!     checkers-tune versus GAMES DEPTH WEIGHTS      # self-play: these weights vs the engine's
//!
//! `generate` plays games of the engine against itself at a fixed search depth; the first 6 to
//! 13 plies of each game are random legal moves, so the games differ. Every later position in
//! which neither side has a capture pending is written with the game's result from black's
//! view (1, 0.5, 0) as `result position ply final-ply margin`.
//!
//! `fit` reads those positions, computes the evaluation's features for each (the engine's own
//! `eval::features`, so the tuner and the engine cannot disagree), chooses the scale `K` that
//! best fits the current weights, then minimises the mean squared error between the result and
//! `1 / (1 + exp(-K * eval / 100))` by gradient descent (Adam), the pattern weights pulled
//! towards 0 by `--l2`, and writes every weight, comma-separated, to `--out`; `--validate`
//! reports the error on positions it does not fit. With `--count-scale S`, a game decided by the
//! count at the 120-ply limit labels its positions `1 / (1 + exp(-margin / S))` instead of 1,
//! 0.5 or 0. Files of the older form (`result position ply`) keep their results.
//!
//! `emit` prints a weights file's named terms (to paste into `eval::TERMS`) and writes its
//! pattern tables as the Rust source the engine compiles.
//!
//! `versus` checks a weights file in play: game pairs from the same random opening (6 to 13
//! plies), each weight set playing both colours, fixed search depth; prints the candidate's score
//! with error bars.

use engine::checkers::eval::{feature, features, Weights, WEIGHTS};
use engine::checkers::moves::MoveList;
use engine::checkers::position::{Outcome, Position, MAX_PLIES};
use engine::checkers::search::{Limits, Searcher};
use engine::core::color::Color;
use engine::core::rng::Rng;
use harness::fit::adam::Adam;
use harness::fit::texel::{self, Sample};
use harness::stats::MatchScore;
use std::fs;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

/// Tunes the checkers evaluation weights (Texel's method) from engine self-play.
#[derive(clap::Parser)]
#[command(name = "checkers-tune")]
enum Command {
    /// Self-play games -> labelled positions.
    Generate {
        games: u32,
        depth: i32,
        file: String,
    },
    /// Logistic fit -> a weights file.
    Fit {
        /// Label games decided at the ply limit by their count margin on this scale (points).
        #[arg(long, value_name = "S")]
        count_scale: Option<f64>,
        /// Pull every pattern weight towards 0 by this much of its square (per position).
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// Gradient steps.
        #[arg(long, default_value_t = 3000)]
        iterations: u32,
        /// Positions kept out of the fit to measure it (not fitted on).
        #[arg(long, value_name = "FILE")]
        validate: Vec<String>,
        /// Where to write the fitted weights (comma-separated, in feature order).
        #[arg(long, value_name = "FILE")]
        out: String,
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Prints the named weights and writes the Rust source of the pattern tables.
    Emit {
        /// A weights file of `fit`.
        weights: String,
        /// The source file to write (`engine/src/checkers/patterns.rs`).
        source: String,
    },
    /// Self-play: the weights of a `fit` file against the engine's.
    Versus {
        games: u32,
        depth: i32,
        weights: String,
    },
}

/// Reads a weights file of `fit`.
fn read_weights(file: &str) -> Result<Box<Weights>, String> {
    let text = fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let weights = text
        .split(',')
        .map(|w| w.trim().parse())
        .collect::<Result<Vec<i32>, _>>()
        .map_err(|_| format!("{file}: weights are integers"))?;
    let weights: Box<[i32]> = weights.into_boxed_slice();
    weights
        .try_into()
        .map_err(|_| format!("{file}: give {} weights", feature::COUNT))
}

fn main() -> ExitCode {
    harness::cli::main::<Command>("checkers-tune", run)
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Generate { games, depth, file } => generate(games, depth, &file)?,
        Command::Fit {
            count_scale,
            l2,
            iterations,
            validate,
            out,
            files,
        } => {
            let plan = FitPlan {
                count_scale,
                l2,
                iterations,
            };
            fit(&files, &validate, &plan, &out)?
        }
        Command::Emit { weights, source } => emit(&*read_weights(&weights)?, &source)?,
        Command::Versus {
            games,
            depth,
            weights,
        } => versus(games, depth, &*read_weights(&weights)?),
    }
    Ok(())
}

fn generate(games: u32, depth: i32, file: &str) -> Result<(), String> {
    let mut out = BufWriter::new(fs::File::create(file).map_err(|e| format!("{file}: {e}"))?);
    let mut rng = Rng::new(u64::from(games) * 7919 + depth as u64);
    let mut searcher = Searcher::new(16);
    let mut list = MoveList::new();
    let mut written = 0;
    for game in 0..games {
        let mut position = Position::start();
        let random_plies = 6 + rng.below(8);
        let mut seen = Vec::new();
        let (result, end) = loop {
            position.legal_moves(&mut list);
            if let Some(outcome) = position.outcome(list.len()) {
                let black_view = match (outcome, position.side()) {
                    (Outcome::Draw, _) => 0.5,
                    (Outcome::Win, Color::Black) | (Outcome::Loss, Color::White) => 1.0,
                    _ => 0.0,
                };
                break (black_view, position);
            }
            let mv = if position.ply() < random_plies {
                list.as_slice()[rng.below(list.len() as u32) as usize]
            } else {
                if !position.has_capture() && !position.pass().has_capture() {
                    seen.push(position);
                }
                let found = searcher.think(&position, Limits::depth(depth));
                found.best.expect("a position that is not over has a move")
            };
            position = position.apply(mv);
        };
        let margin = end.material_points(Color::Black) - end.material_points(Color::White);
        for position in &seen {
            writeln!(
                out,
                "{result} {position} {} {} {margin}",
                position.ply(),
                end.ply()
            )
            .expect("write");
        }
        written += seen.len();
        if game % 50 == 49 {
            eprintln!("{} games, {written} positions", game + 1);
        }
    }
    Ok(())
}

/// Reads labelled positions; with `count_scale`, games that reached the ply limit are labelled
/// by their count margin (see the module documentation).
fn load(files: &[String], count_scale: Option<f64>) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut by_count = 0;
    for file in files {
        let text = fs::read_to_string(file).expect("readable sample file");
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() != 4 && words.len() != 6 {
                continue;
            }
            let mut result: f64 = words[0].parse().expect("result");
            if let (Some(scale), 6) = (count_scale, words.len()) {
                let final_ply: u32 = words[4].parse().expect("final ply");
                let margin: f64 = words[5].parse().expect("margin");
                if final_ply >= MAX_PLIES {
                    result = 1.0 / (1.0 + (-margin / scale).exp());
                    by_count += 1;
                }
            }
            let ply: u32 = words[3].parse().expect("ply");
            let parsed = Position::parse(&format!("{} {}", words[1], words[2])).expect("position");
            let position = Position::from_parts(
                parsed.black(),
                parsed.white(),
                parsed.kings(),
                parsed.side(),
                ply,
            );
            let mut sparse = Vec::new();
            features(&position, |index, value| {
                if value != 0 {
                    sparse.push((index, f64::from(value)))
                }
            });
            samples.push(Sample {
                features: sparse,
                result,
            });
        }
    }
    if count_scale.is_some() {
        eprintln!("{by_count} positions labelled by the count margin");
    }
    samples
}

/// How `fit` labels and regularises.
struct FitPlan {
    count_scale: Option<f64>,
    l2: f64,
    iterations: u32,
}

fn fit(files: &[String], validate: &[String], plan: &FitPlan, out: &str) -> Result<(), String> {
    let samples = load(files, plan.count_scale);
    let held_out = load(validate, plan.count_scale);
    eprintln!("{} positions, {} held out", samples.len(), held_out.len());
    let mut weights: Vec<f64> = WEIGHTS.iter().map(|&w| f64::from(w)).collect();

    let (k, best) = texel::best_scale(&samples, &weights);
    eprintln!("K = {k:.3}, error with the current weights {best:.6}");
    let report = |weights: &[f64]| {
        let mut line = format!("error {:.6}", texel::error(&samples, weights, k));
        if !held_out.is_empty() {
            line += &format!(", held out {:.6}", texel::error(&held_out, weights, k));
        }
        line
    };
    eprintln!("start: {}", report(&weights));

    let mut adam = Adam::new(weights.len(), 1.0, 1e-9);
    for iteration in 1..=plan.iterations {
        let mut gradient = texel::gradient(&samples, &weights, k);
        for (g, w) in gradient.iter_mut().zip(&weights).skip(feature::PATTERN) {
            *g += plan.l2 * w;
        }
        adam.step(&mut weights, &gradient);
        if iteration % 250 == 0 {
            eprintln!("iteration {iteration}: {}", report(&weights));
        }
    }
    let rounded: Vec<String> = weights
        .iter()
        .map(|w| format!("{}", w.round() as i32))
        .collect();
    fs::write(out, rounded.join(",") + "\n").map_err(|e| format!("{out}: {e}"))?;
    println!(
        "{} on {} positions (K {k:.3}; current weights {best:.6}); written to {out}",
        report(&weights),
        samples.len()
    );
    println!("named terms: [{}]", rounded[..feature::PATTERN].join(", "));
    Ok(())
}

/// Prints the named terms of `weights` and writes its pattern tables as Rust source.
fn emit(weights: &Weights, source: &str) -> Result<(), String> {
    let named: Vec<String> = weights[..feature::PATTERN]
        .iter()
        .map(|w| w.to_string())
        .collect();
    println!("named terms: [{}]", named.join(", "));
    let mut text = String::from(
        "//! The men's pattern tables of the evaluation (see `eval::pattern_terms`), in hundredths\n\
         //! of a man, written by `checkers-tune emit` from a fit (`docs/checkers.md`).\n\n\
         /// One table per block of `eval::PATTERN_BLOCKS`: runs of states with their values,\n\
         /// `(first state, values)`, in order; a state in no run is worth 0 (most states never\n\
         /// occur in the fitted games). Read only when the engine's weights are built.\n",
    );
    text += &format!(
        "pub const PATTERNS: [&[(u16, &[i16])]; {}] = [\n",
        feature::PATTERN_TABLES
    );
    for table in 0..feature::PATTERN_TABLES {
        let start = feature::PATTERN + table * feature::PATTERN_STATES;
        let values = &weights[start..start + feature::PATTERN_STATES];
        if values.iter().any(|&w| i16::try_from(w).is_err()) {
            return Err(format!("table {table} has a weight beyond 16 bits"));
        }
        text += "    &[\n";
        for (first, run) in value_runs(values) {
            let run: Vec<String> = run.iter().map(|v| v.to_string()).collect();
            let line = format!("        ({first}, &[{}]),", run.join(", "));
            if line.len() <= 99 {
                text += &line;
                text.push('\n');
                continue;
            }
            // Long runs wrapped as rustfmt would, in case it is not there to lay them out.
            text += &format!("        (\n            {first},\n            &[\n");
            let mut row = String::new();
            for value in &run {
                if !row.is_empty() && 16 + row.len() + 1 + value.len() + 1 > 99 {
                    text += &format!("                {row}\n");
                    row.clear();
                }
                if !row.is_empty() {
                    row.push(' ');
                }
                row += value;
                row.push(',');
            }
            text += &format!("                {row}\n            ],\n        ),\n");
        }
        text += "    ],\n";
    }
    text += "];\n";
    fs::write(source, text).map_err(|e| format!("{source}: {e}"))?;
    // The layout is rustfmt's, so that `cargo fmt --check` passes on the written file.
    let formatted = std::process::Command::new("rustfmt")
        .args(["--edition", "2021", source])
        .status();
    if !matches!(formatted, Ok(status) if status.success()) {
        eprintln!("{source}: written, but rustfmt did not run on it: run cargo fmt");
    }
    Ok(())
}

/// The runs of `values` as (first index, values): a run ends at three zeros in a row, which
/// cost more written out than a new run does.
fn value_runs(values: &[i32]) -> Vec<(usize, &[i32])> {
    let mut runs = Vec::new();
    let mut index = 0;
    while index < values.len() {
        if values[index] == 0 {
            index += 1;
            continue;
        }
        let first = index;
        let mut last = index;
        while index < values.len() && index - last <= 3 {
            if values[index] != 0 {
                last = index;
            }
            index += 1;
        }
        runs.push((first, &values[first..=last]));
        index = last + 1;
    }
    runs
}

/// Plays one game from `opening` between two searchers; returns the result for black.
fn play_out(opening: Position, black: &mut Searcher, white: &mut Searcher, depth: i32) -> f64 {
    let mut position = opening;
    let mut list = MoveList::new();
    loop {
        position.legal_moves(&mut list);
        if let Some(outcome) = position.outcome(list.len()) {
            return match (outcome, position.side()) {
                (Outcome::Draw, _) => 0.5,
                (Outcome::Win, Color::Black) | (Outcome::Loss, Color::White) => 1.0,
                _ => 0.0,
            };
        }
        let searcher = match position.side() {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let found = searcher.think(&position, Limits::depth(depth));
        position = position.apply(found.best.expect("a position that is not over has a move"));
    }
}

fn versus(pairs: u32, depth: i32, candidate: &Weights) {
    let mut rng = Rng::new(2024);
    let mut list = MoveList::new();
    let mut score = MatchScore::default();
    let tally = |score: &mut MatchScore, result: f64| match result {
        r if r > 0.75 => score.wins += 1,
        r if r < 0.25 => score.losses += 1,
        _ => score.draws += 1,
    };
    for pair in 0..pairs {
        let mut opening = Position::start();
        let plies = 6 + rng.below(8);
        while opening.ply() < plies {
            opening.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            opening = opening.apply(list.as_slice()[rng.below(list.len() as u32) as usize]);
        }
        let mut new = Searcher::new(16);
        new.set_weights(candidate);
        let mut old = Searcher::new(16);
        let first = play_out(opening, &mut new, &mut old, depth);
        tally(&mut score, first);
        let mut new = Searcher::new(16);
        new.set_weights(candidate);
        let mut old = Searcher::new(16);
        let second = play_out(opening, &mut old, &mut new, depth);
        tally(&mut score, 1.0 - second);
        if pair % 20 == 19 {
            eprintln!("{} pairs: {}", pair + 1, score.summary());
        }
    }
    println!(
        "candidate vs engine weights, depth {depth}: {}",
        score.summary()
    );
}

#[cfg(test)]
mod tests {
    use super::value_runs;

    #[test]
    fn runs_hold_every_non_zero_value_and_end_at_three_zeros() {
        let values = [0, 5, 0, 0, -2, 0, 0, 0, 7, 0, 0, 0];
        let runs = value_runs(&values);
        assert_eq!(runs, vec![(1, &[5, 0, 0, -2][..]), (8, &[7][..])]);
        assert!(value_runs(&[0, 0]).is_empty());
        assert_eq!(value_runs(&[3]), vec![(0, &[3][..])]);
    }
}
