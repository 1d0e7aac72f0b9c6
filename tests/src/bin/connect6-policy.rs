//! Fits the values the Connect6 engine orders its candidate turns by to a teacher's choices:
//! a softmax over the pairs of the best cells, each pair scored by what it changes in the
//! windows each side holds, fitted to the turns a named player chose in recorded games.
//!
//! ```text
//! connect6-policy [--player NAME] [--skip N] [--cells K] [--iterations N] RECORDS...
//! ```
//!
//! A pair's value in the engine (`moves::cell_value` for its first stone, then for its second
//! with the first in place) is linear in those changes: for the mover's windows with `n` stones
//! (one to five) how many more it holds, and for the opponent's how many fewer. The tool prints,
//! on every fifth game held out, the log-loss and how often the teacher's turn ranks among the
//! best 1, 3, 12 and 30 by the engine's ordering values, by its static value after the turn
//! (each with its scale fitted) and by the fitted values, and the fitted values in the
//! ordering's units.

use std::collections::HashSet;
use std::process::ExitCode;

use engine::connect6::board::{Board, SPOIL_VALUE, WINDOW_VALUE};
use engine::connect6::moves::best_cells;
use engine::connect6::search::Settings;
use engine::connect6::turn::Turn;
use harness::connect6;
use harness::fit::adam::Adam;
use harness::fit::softmax::{self, score, Choice, Sparse};
use harness::records::load;

/// Fits the engine's turn ordering to a teacher's turns.
#[derive(clap::Parser)]
#[command(name = "connect6-policy")]
struct Args {
    /// The teacher: the player's name in the records (every player when not given).
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Leading turns of each game that are not the players' own choices (an opening drawn at
    /// random): the opening stone and the first reply by default.
    #[arg(long, value_name = "N", default_value_t = 2)]
    skip: usize,
    /// Best cells (by the engine's values) paired into the candidate turns.
    #[arg(long, value_name = "K", default_value_t = 20)]
    cells: usize,
    /// Adam steps over the whole training set.
    #[arg(long, value_name = "N", default_value_t = 1500)]
    iterations: usize,
    /// Records files of Connect6 matches (the SGF `sau-judge --records` writes).
    #[arg(value_name = "RECORDS", required = true)]
    files: Vec<String>,
}

/// The mover's windows gained by stones (one to five), then the opponent's lost.
const FEATURES: usize = 10;

/// One teacher turn: every candidate's features, which one was played, and the game.
struct Position {
    candidates: Vec<Vec<(u16, f32)>>,
    chosen: usize,
    game: usize,
}

impl Choice for Position {
    fn candidates(&self) -> usize {
        self.candidates.len()
    }
    fn features(&self, candidate: usize) -> &Sparse {
        &self.candidates[candidate]
    }
    fn chosen(&self) -> usize {
        self.chosen
    }
}

/// What `turn` changes in the windows each side holds, as sparse features.
fn turn_features(board: &mut Board, turn: Turn) -> Vec<(u16, f32)> {
    let us = board.to_move();
    let before = (*board.held_windows(us), *board.held_windows(us.opponent()));
    board.play(turn);
    let after = (*board.held_windows(us), *board.held_windows(us.opponent()));
    board.undo(turn);
    let mut features = Vec::new();
    for n in 1..6 {
        let gained = f32::from(after.0[n]) - f32::from(before.0[n]);
        let lost = f32::from(before.1[n]) - f32::from(after.1[n]);
        if gained != 0.0 {
            features.push(((n - 1) as u16, gained));
        }
        if lost != 0.0 {
            features.push(((n + 4) as u16, lost));
        }
    }
    features
}

/// The engine's values as weights of [`turn_features`]: a window gained with `n` stones is worth
/// `WINDOW_VALUE[n]`, an opponent's window with `n` stones spoilt `SPOIL_VALUE[n]`.
fn engine_weights() -> Vec<f64> {
    let gained = (1..6).map(|n| f64::from(WINDOW_VALUE[n]));
    let spoilt = (1..6).map(|n| f64::from(SPOIL_VALUE[n]));
    gained.chain(spoilt).collect()
}

/// The static value's weights as weights of [`turn_features`]: after the turn the opponent is to
/// move, so the mover's windows weigh as the opponent's (`their_windows`) and the opponent's as
/// the side to move's (`own_windows`).
fn static_value_weights() -> Vec<f64> {
    let settings = Settings::default();
    settings
        .their_windows
        .iter()
        .chain(&settings.own_windows)
        .map(|&w| f64::from(w) / 4.0)
        .collect()
}

/// The quiet teacher turns of one game (neither side holding a threat window before the turn,
/// two stones played) with the candidates: the unordered pairs of the `cells` best cells, and
/// the teacher's turn added when it is not among them. Returns how many were added.
fn positions(
    game: usize,
    turns: &[Turn],
    teacher: [bool; 2],
    args: &Args,
    out: &mut Vec<Position>,
) -> usize {
    let mut board = Board::new();
    let mut outside = 0;
    for (index, turn) in turns.iter().enumerate() {
        if !board.is_legal(turn) || board.is_over() {
            break;
        }
        let us = board.to_move();
        let quiet = !board.has_live_window(us) && !board.has_live_window(us.opponent());
        if index >= args.skip && teacher[us.index()] && quiet && turn.second.is_some() {
            let best: Vec<u16> = best_cells(&board, us, args.cells)
                .into_iter()
                .map(|(cell, _)| cell)
                .collect();
            let mut pairs = Vec::new();
            for (i, &first) in best.iter().enumerate() {
                for &second in &best[i + 1..] {
                    pairs.push(Turn::pair(first, second));
                }
            }
            let chosen = match pairs.iter().position(|pair| pair.same_stones(turn)) {
                Some(chosen) => chosen,
                None => {
                    outside += 1;
                    pairs.push(*turn);
                    pairs.len() - 1
                }
            };
            let candidates = pairs
                .iter()
                .map(|&pair| turn_features(&mut board, pair))
                .collect();
            out.push(Position {
                candidates,
                chosen,
                game,
            });
        }
        board.play(*turn);
    }
    outside
}

/// How many of the best turns by a model [`measure`] counts the teacher's turn among: the first,
/// the first three, the turns searched below the root and at it (`Settings::turns`,
/// `Settings::root_turns`).
const TOPS: [usize; 4] = [1, 3, 12, 30];

/// Log-loss of `weights` on `positions`, and how often the teacher's turn is among the best
/// [`TOPS`] turns by them.
fn measure<'a>(
    positions: impl Iterator<Item = &'a Position> + Clone,
    weights: &[f64],
) -> (f64, [f64; 4]) {
    let loss = softmax::mean_loss(positions.clone().map(|p| {
        let logits = (0..p.candidates.len())
            .map(|c| score(weights, &p.candidates[c]))
            .collect();
        (logits, p.chosen)
    }));
    let mut within = [0.0; 4];
    let mut count = 0.0;
    for p in positions {
        let chosen = score(weights, &p.candidates[p.chosen]);
        let better = p
            .candidates
            .iter()
            .filter(|c| score(weights, c) > chosen)
            .count();
        for (share, top) in within.iter_mut().zip(TOPS) {
            *share += f64::from(u8::from(better < top));
        }
        count += 1.0;
    }
    (loss, within.map(|share| share / count))
}

/// The scale of `weights` with the least training loss (a search over powers of two, refined).
fn best_scale<'a>(positions: impl Iterator<Item = &'a Position> + Clone, weights: &[f64]) -> f64 {
    let loss = |s: f64| {
        let scaled: Vec<f64> = weights.iter().map(|w| w * s).collect();
        measure(positions.clone(), &scaled).0
    };
    let mut best = 1.0;
    let mut best_loss = loss(best);
    let mut step = 2.0_f64;
    for _ in 0..40 {
        let mut improved = false;
        for candidate in [best * step, best / step] {
            let l = loss(candidate);
            if l < best_loss {
                best = candidate;
                best_loss = l;
                improved = true;
            }
        }
        if !improved {
            step = step.sqrt();
            if step < 1.001 {
                break;
            }
        }
    }
    best
}

fn run(args: Args) -> Result<(), String> {
    let mut seen = HashSet::new();
    let mut all = Vec::new();
    let mut outside = 0;
    for path in &args.files {
        let record = load(path)?;
        if record.game != "connect6" {
            return Err(format!("{path}: a {} match, not connect6", record.game));
        }
        for game in record.games {
            let texts: Vec<String> = game.moves.iter().map(|mv| mv.text.clone()).collect();
            if !seen.insert(texts.clone()) {
                continue;
            }
            let teacher = match &args.player {
                None => [true, true],
                Some(name) => [game.players[0].name == *name, game.players[1].name == *name],
            };
            let turns =
                connect6::turns(&texts).map_err(|e| format!("{path}: game {}: {e}", game.round))?;
            outside += positions(seen.len() - 1, &turns, teacher, &args, &mut all);
        }
    }
    if all.is_empty() {
        return Err("no teacher turn in the records".into());
    }
    let train = || all.iter().filter(|p| p.game % 5 != 4);
    let test = || all.iter().filter(|p| p.game % 5 == 4);
    println!(
        "{} games, {} teacher turns ({} held out), {} not among the pairs of the {} best cells",
        seen.len(),
        all.len(),
        test().count(),
        outside,
        args.cells
    );

    let engine = engine_weights();
    let scale = best_scale(train(), &engine);
    let scaled: Vec<f64> = engine.iter().map(|w| w * scale).collect();
    let static_value = static_value_weights();
    let static_scale = best_scale(train(), &static_value);
    let static_scaled: Vec<f64> = static_value.iter().map(|w| w * static_scale).collect();
    let mut weights = scaled.clone();
    let mut adam = Adam::new(FEATURES, 0.01, 1e-8);
    let mut gradient = vec![0.0; FEATURES];
    for _ in 0..args.iterations {
        softmax::loss_and_gradient(train(), &weights, &mut gradient);
        adam.step(&mut weights, &gradient);
    }
    for (name, w) in [
        ("ordering", &scaled),
        ("static", &static_scaled),
        ("fitted", &weights),
    ] {
        let (loss, within) = measure(test(), w);
        let (train_loss, _) = measure(train(), w);
        let within: Vec<String> = within
            .iter()
            .zip(TOPS)
            .map(|(share, top)| format!("top-{top} {:.1}%", 100.0 * share))
            .collect();
        println!(
            "{name:8} held out: log-loss {loss:.4}, {} (training log-loss {train_loss:.4})",
            within.join(", ")
        );
    }
    // In the engine's units: the fitted weights over the scale that fits the engine's values.
    let table = |from: usize| -> Vec<String> {
        (from..from + 5)
            .map(|i| format!("{:.1}", weights[i] / scale))
            .collect()
    };
    println!(
        "own windows gained by stones 1-5: [{}] (engine {:?})",
        table(0).join(", "),
        &WINDOW_VALUE[1..6]
    );
    println!(
        "their windows spoilt by stones 1-5: [{}] (engine {:?})",
        table(5).join(", "),
        &SPOIL_VALUE[1..6]
    );
    Ok(())
}

fn main() -> ExitCode {
    let args = <Args as clap::Parser>::parse();
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("connect6-policy: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::connect6::geometry::CELLS;
    use engine::connect6::moves::pair_value;
    use engine::core::rng::Rng;

    /// The features weighted by the engine's values give the engine's own pair value, so the
    /// fit starts from the engine's ordering exactly.
    #[test]
    fn engine_weights_give_the_engines_pair_values() {
        let mut rng = Rng::new(11);
        let weights = engine_weights();
        for _ in 0..20 {
            let mut board = Board::new();
            for _ in 0..1 + rng.below(12) {
                let turn = loop {
                    let first = rng.below(CELLS as u32) as u16;
                    let second = rng.below(CELLS as u32) as u16;
                    let turn = if board.stone_count() == 0 {
                        Turn::single(first)
                    } else {
                        Turn::pair(first, second)
                    };
                    if board.is_legal(&turn) {
                        break turn;
                    }
                };
                board.play(turn);
                if board.is_over() {
                    break;
                }
            }
            if board.is_over() || board.has_live_window(board.to_move()) {
                continue;
            }
            let us = board.to_move();
            let cells: Vec<u16> = best_cells(&board, us, 8)
                .into_iter()
                .map(|(cell, _)| cell)
                .collect();
            for (i, &first) in cells.iter().enumerate() {
                for &second in &cells[i + 1..] {
                    let features = turn_features(&mut board, Turn::pair(first, second));
                    let engine = pair_value(&mut board, first, second, us);
                    assert_eq!(score(&weights, &features), f64::from(engine));
                }
            }
        }
    }
}
