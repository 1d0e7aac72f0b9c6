//! Fits the window weights of Connect6's static value to game results: a logistic regression of
//! "the side to move wins" on the windows each side holds with one, two and three stones, over
//! the quiet positions (no threat window of either side) of recorded games.
//!
//! ```text
//! connect6-fit [--folds N] [--lambda F] [--player NAME] RECORDS...
//! ```
//!
//! Prints the cross-validated log-loss of the engine's current weights (only their scale and a
//! constant fitted) and of the fitted ones, and the fitted weights as `sau-variant connect6`
//! options.
//! `--player NAME` adds a term for which side that player is, so that an opponent's strength
//! is not read as the worth of the shapes it makes.

use std::collections::HashSet;
use std::process::ExitCode;

use engine::connect6::board::Board;
use engine::connect6::search::Settings;
use engine::connect6::turn::Turn;
use engine::core::color::Color;
use harness::connect6;
use harness::fit::newton::{fit_logistic, logistic_losses};
use harness::records::{load, Outcome};

/// Fits the window weights of Connect6's static value to game results.
#[derive(clap::Parser)]
#[command(name = "connect6-fit")]
struct Args {
    /// Games are split into this many parts for the cross-validation.
    #[arg(long, value_name = "N", default_value_t = 5)]
    folds: usize,
    /// The L2 pull of each weight towards 0, in logit units.
    #[arg(long, value_name = "F", default_value_t = 1e-4)]
    lambda: f64,
    /// A player's name in the records: a term for whether it is the side to move.
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Records files of Connect6 matches (the SGF `sau-judge --records` writes).
    #[arg(value_name = "RECORDS", required = true)]
    files: Vec<String>,
}

/// Windows held with one, two and three stones: the side to move's, then the opponent's.
const SHAPES: usize = 6;

/// One quiet position: its features (the shapes, the player term, a constant 1), the game it
/// comes from and whether the side to move won.
struct Sample {
    features: Vec<f64>,
    game: usize,
    won: f64,
}

/// The quiet positions after each turn of a game won by `winner`, but the last.
fn samples(
    game: usize,
    turns: &[Turn],
    winner: Color,
    player_side: Option<Option<Color>>,
    out: &mut Vec<Sample>,
) {
    let mut board = Board::new();
    for turn in &turns[..turns.len().saturating_sub(1)] {
        if !board.is_legal(turn) {
            return;
        }
        board.play(*turn);
        let us = board.to_move();
        let quiet = !board.has_live_window(us) && !board.has_live_window(us.opponent());
        if !quiet || board.stone_count() < 3 {
            continue;
        }
        let (ours, theirs) = (board.held_windows(us), board.held_windows(us.opponent()));
        let mut features: Vec<f64> = (1..4)
            .map(|n| f64::from(ours[n]))
            .chain((1..4).map(|n| f64::from(theirs[n])))
            .collect();
        // With a named player, every sample has the term: 0 when the player is neither side.
        if let Some(side) = player_side {
            features.push(match side {
                Some(side) if side == us => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            });
        }
        features.push(1.0);
        let won = if us == winner { 1.0 } else { 0.0 };
        out.push(Sample {
            features,
            game,
            won,
        });
    }
}

/// The quiet positions of every decided game in `files`, each game once.
fn read_samples(files: &[String], player: Option<&str>) -> Result<(Vec<Sample>, usize), String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for path in files {
        let record = load(path)?;
        if record.game != "connect6" {
            return Err(format!("{path}: a {} match, not connect6", record.game));
        }
        for game in record.games {
            let winner = match game.outcome {
                Outcome::BlackWins => Color::Black,
                Outcome::WhiteWins => Color::White,
                Outcome::Draw => continue,
            };
            let texts: Vec<String> = game.moves.iter().map(|mv| mv.text.clone()).collect();
            if !seen.insert(texts.clone()) {
                continue;
            }
            let player_side =
                player.map(
                    |name| match game.players.iter().position(|p| p.name == name) {
                        Some(0) => Some(Color::Black),
                        Some(_) => Some(Color::White),
                        None => None,
                    },
                );
            let turns =
                connect6::turns(&texts).map_err(|e| format!("{path}: game {}: {e}", game.round))?;
            samples(seen.len() - 1, &turns, winner, player_side, &mut out);
        }
    }
    Ok((out, seen.len()))
}

/// The engine's current static value of a sample, in its own units.
fn current_value(features: &[f64]) -> f64 {
    let settings = Settings::default();
    let ours: f64 = (0..3)
        .map(|n| f64::from(settings.own_windows[n]) * features[n])
        .sum();
    let theirs: f64 = (0..3)
        .map(|n| f64::from(settings.their_windows[n]) * features[3 + n])
        .sum();
    (ours - theirs) / 4.0
}

/// Examples as [`fit_logistic`] takes them.
fn slices(owned: &[(Vec<f64>, f64)]) -> Vec<(&[f64], f64)> {
    owned.iter().map(|(x, y)| (x.as_slice(), *y)).collect()
}

/// Mean log-loss over the held-out games of each fold: the current weights with a fitted scale,
/// and the fitted weights.
fn cross_validate(samples: &[Sample], folds: usize, lambda: f64) -> (f64, f64) {
    let width = samples[0].features.len();
    let free: Vec<usize> = (0..width).collect();
    let (mut current, mut fitted, mut count) = (0.0, 0.0, 0.0);
    for fold in 0..folds {
        let (test, train): (Vec<&Sample>, Vec<&Sample>) =
            samples.iter().partition(|s| s.game % folds == fold);
        if test.is_empty() || train.is_empty() {
            continue;
        }
        // The current weights get a fitted scale and constant (the side to move's edge).
        let current_features = |part: &[&Sample]| -> Vec<(Vec<f64>, f64)> {
            part.iter()
                .map(|s| (vec![current_value(&s.features), 1.0], s.won))
                .collect()
        };
        let (train_current, test_current) = (current_features(&train), current_features(&test));
        let scale = fit_logistic(
            &slices(&train_current),
            &[0.0, 0.0],
            &[0, 1],
            lambda,
            |_, _| {},
        );
        let n = test.len() as f64;
        current += logistic_losses(&slices(&test_current), &scale).0 * n;
        let features = |part: &[&Sample]| -> Vec<(Vec<f64>, f64)> {
            part.iter().map(|s| (s.features.clone(), s.won)).collect()
        };
        let (train_examples, test_examples) = (features(&train), features(&test));
        let weights = fit_logistic(
            &slices(&train_examples),
            &vec![0.0; width],
            &free,
            lambda,
            |_, _| {},
        );
        fitted += logistic_losses(&slices(&test_examples), &weights).0 * n;
        count += n;
    }
    (current / count, fitted / count)
}

fn run(args: Args) -> Result<(), String> {
    if args.folds < 2 {
        return Err("--folds must be at least 2".to_string());
    }
    let (samples, games) = read_samples(&args.files, args.player.as_deref())?;
    if samples.is_empty() {
        return Err("no quiet position in the decided games".to_string());
    }
    let wins = samples.iter().filter(|s| s.won > 0.5).count();
    println!(
        "{games} games, {} quiet positions, the side to move won {:.1}%",
        samples.len(),
        100.0 * wins as f64 / samples.len() as f64
    );
    let (current, fitted) = cross_validate(&samples, args.folds, args.lambda);
    println!(
        "cross-validated log-loss ({} folds by game): current {current:.4}, fitted {fitted:.4}",
        args.folds
    );
    let width = samples[0].features.len();
    let all: Vec<(&[f64], f64)> = samples
        .iter()
        .map(|s| (s.features.as_slice(), s.won))
        .collect();
    let weights = fit_logistic(
        &all,
        &vec![0.0; width],
        &(0..width).collect::<Vec<_>>(),
        args.lambda,
        |_, _| {},
    );
    println!(
        "logit weights: own 1-3 {:?}, theirs 1-3 {:?}, rest {:?}",
        &weights[..3],
        &weights[3..6],
        &weights[SHAPES..]
    );
    // In the engine's units: quarters, one own stone worth what it is now; the threat windows
    // (four and five stones) never stand in a quiet position and keep their weights.
    let unit = f64::from(Settings::default().own_windows[0]) / weights[0];
    let quarters = |w: f64| (w * unit).round() as i64;
    let defaults = Settings::default();
    println!(
        "--own-windows {},{},{},{},{} --their-windows {},{},{},{},{}",
        quarters(weights[0]),
        quarters(weights[1]),
        quarters(weights[2]),
        defaults.own_windows[3],
        defaults.own_windows[4],
        quarters(-weights[3]),
        quarters(-weights[4]),
        quarters(-weights[5]),
        defaults.their_windows[3],
        defaults.their_windows[4],
    );
    Ok(())
}

fn main() -> ExitCode {
    harness::cli::main::<Args>("connect6-fit", run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_gives_the_quiet_positions_from_the_side_to_move() {
        // Black opens in the centre, white answers far away, black adds two stones in a row.
        let moves: Vec<String> = ["JJ@@", "AAAB", "KJLJ", "ASBS"]
            .iter()
            .map(|m| m.to_string())
            .collect();
        let turns = connect6::turns(&moves).unwrap();
        let mut out = Vec::new();
        samples(0, &turns, Color::Black, Some(Some(Color::White)), &mut out);
        // The first position has one stone and is left out; the last turn's is never sampled.
        assert_eq!(out.len(), 2);
        let last = out.last().unwrap();
        // After black's second turn white moves: black's three in a row are the opponent's.
        assert_eq!(last.won, 0.0);
        assert!(
            last.features[5] > 0.0,
            "black's three-stone windows count as theirs"
        );
        assert_eq!(last.features[2], 0.0, "white holds no three-stone window");
        assert_eq!(
            last.features[SHAPES], 1.0,
            "white, the named player, is to move"
        );
        assert_eq!(*last.features.last().unwrap(), 1.0);
    }
}
