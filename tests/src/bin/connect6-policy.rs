//! Fits the values the Connect6 engine orders its quiet candidate turns by to a teacher's
//! choices in recorded games: which cells a turn is built from, and how the pairs of those cells
//! rank.
//!
//! ```text
//! connect6-policy [--player NAME] [--skip N] [--cells K] [--shape [--shape-only]]
//!                 [--selection] [--iterations N] RECORDS...
//! ```
//!
//! The teacher's quiet turns (neither side holds a threat) are the data, every fifth game held
//! out. A pair's value in the engine (`moves::cell_value` for its first stone, then for its
//! second with the first in place) is linear in what it changes in the windows: for the mover's
//! windows with `n` stones (one to five) how many more it holds, and for the opponent's how many
//! fewer. A softmax over the pairs of the `K` best cells is fitted to those ten features, and the
//! tool prints the log-loss and how often the teacher's turn ranks among the best 1, 3, 12 and
//! 30 by the engine's values, by its static value after the turn (each with its scale fitted)
//! and by the fitted values, and the fitted values in the engine's units.
//!
//! With `--shape` the pairs are those the engine builds in a quiet position (of the cells
//! `moves::quiet_cells` selects) and each pair's shape counts too (`moves::PairShape`: the
//! threats it makes, its stones' nearness to the last two turns and to each other);
//! `--shape-only` keeps the window values and fits the shape's alone. `--selection` fits the
//! selection values of cells (`moves::selection_value`) to the teacher's stones, a softmax over
//! the empty cells near the stones. Every run also prints how often the teacher's turn is among
//! the engine's own candidate turns, for several numbers of cells and turns.

use std::collections::HashSet;
use std::process::ExitCode;

use engine::connect6::board::{
    Board, NEAR_LAST_VALUE, SELECT_EXTEND_VALUE, SELECT_NEAR_VALUE, SELECT_SPOIL_VALUE,
    SPOIL_VALUE, SPREAD_VALUE, THREATS_MADE_VALUE, WINDOW_VALUE,
};
use engine::connect6::geometry::{geometry, CELLS};
use engine::connect6::moves::{best_cells, candidate_turns, nearness, pair_shape, quiet_cells};
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
    /// Best cells paired into the candidate turns of the fit.
    #[arg(long, value_name = "K", default_value_t = 20)]
    cells: usize,
    /// Fit the engine's quiet ordering: pairs of its quiet cells, scored by their windows and
    /// their shape.
    #[arg(long)]
    shape: bool,
    /// With `--shape`: keep the window values at the engine's and fit the shape's alone.
    #[arg(long, requires = "shape")]
    shape_only: bool,
    /// Also fit the selection values of cells to the teacher's stones, and show how often both
    /// stones are among the best cells by them and by the engine's cell values.
    #[arg(long)]
    selection: bool,
    /// Adam steps over the whole training set.
    #[arg(long, value_name = "N", default_value_t = 1500)]
    iterations: usize,
    /// Records files of Connect6 matches (the SGF `sau-judge --records` writes).
    #[arg(value_name = "RECORDS", required = true)]
    files: Vec<String>,
}

/// The mover's windows gained by stones (one to five), then the opponent's lost.
const FEATURES: usize = 10;

/// The features with the pair's shape after [`FEATURES`]: the threats the turn makes (one block
/// needed, two or more), its stones at distance 1, 2, 3 and 4+ from the opponent's last turn,
/// the same from our own last turn, and the distance between its two stones (1, 2, 3-5, 6+).
const SHAPED: usize = FEATURES + 2 + 4 + 4 + 4;

/// A cell's features for the selection fit: the mover's windows it extends by the stones there
/// (none to five), the opponent's windows it spoils by their stones (one to five), and its
/// distance (1, 2, 3, 4+) from the opponent's last turn and from our own.
const CELL_FEATURES: usize = 6 + 5 + 4 + 4;

/// One teacher turn for the selection fit: every empty cell near the stones with its features, and
/// which two of them the teacher's stones stand on.
struct CellTurn {
    cells: Vec<Vec<(u16, f32)>>,
    chosen: [usize; 2],
    game: usize,
}

/// One of a [`CellTurn`]'s stones as a choice among its cells.
struct CellChoice<'a>(&'a CellTurn, usize);

impl Choice for CellChoice<'_> {
    fn candidates(&self) -> usize {
        self.0.cells.len()
    }
    fn features(&self, candidate: usize) -> &Sparse {
        &self.0.cells[candidate]
    }
    fn chosen(&self) -> usize {
        self.0.chosen[self.1]
    }
}

/// The features of `cell` for the side to move (see [`CELL_FEATURES`]).
fn cell_features(board: &Board, cell: u16) -> Vec<(u16, f32)> {
    let own = board.to_move().index();
    let mut counts = [0.0f32; CELL_FEATURES];
    for &window in geometry().windows_of(cell) {
        let window = board.window_counts(window);
        let (mine, theirs) = (usize::from(window[own]), usize::from(window[1 - own]));
        if theirs == 0 {
            counts[mine.min(5)] += 1.0;
        } else if mine == 0 {
            counts[5 + theirs.min(5)] += 1.0;
        }
    }
    for back in 0..2 {
        if let Some(last) = board.last_turn(back) {
            counts[11 + 4 * back + nearness(last, cell)] = 1.0;
        }
    }
    counts
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != 0.0)
        .map(|(i, &v)| (i as u16, v))
        .collect()
}

/// The engine's cell values (`moves::cell_value`, which orders turns where threats stand) as
/// weights of [`cell_features`].
fn cell_value_weights() -> Vec<f64> {
    let mut weights = vec![0.0; CELL_FEATURES];
    for mine in 0..5 {
        weights[mine] = f64::from(WINDOW_VALUE[mine + 1] - WINDOW_VALUE[mine]);
    }
    for theirs in 1..6 {
        weights[5 + theirs] = f64::from(SPOIL_VALUE[theirs]);
    }
    weights
}

/// The engine's quiet selection values (`moves::selection_value`) as weights of
/// [`cell_features`].
fn selection_weights() -> Vec<f64> {
    let extend = SELECT_EXTEND_VALUE.iter();
    let spoil = SELECT_SPOIL_VALUE[1..].iter();
    let near = SELECT_NEAR_VALUE.iter().flatten();
    extend
        .chain(spoil)
        .chain(near)
        .map(|&w| f64::from(w))
        .collect()
}

/// The mean log-loss of `weights` on both stones of each of `turns`.
fn cell_loss<'a>(turns: impl Iterator<Item = &'a CellTurn>, weights: &[f64]) -> f64 {
    let choices: Vec<CellChoice> = turns
        .flat_map(|t| [CellChoice(t, 0), CellChoice(t, 1)])
        .collect();
    let mut gradient = vec![0.0; weights.len()];
    softmax::loss_and_gradient(&choices, weights, &mut gradient)
}

/// Fits the selection values and prints how often both teacher stones are among the best cells.
fn fit_cells(turns: &[CellTurn], iterations: usize) {
    let train = || turns.iter().filter(|t| t.game % 5 != 4);
    let test = || turns.iter().filter(|t| t.game % 5 == 4);
    let scaled = |weights: Vec<f64>| -> (Vec<f64>, f64) {
        let mut best = (f64::MAX, 1.0);
        for step in 0..16 {
            let s = 2.0_f64.powi(step) / 4096.0;
            let candidate: Vec<f64> = weights.iter().map(|w| w * s).collect();
            let loss = cell_loss(train(), &candidate);
            if loss < best.0 {
                best = (loss, s);
            }
        }
        (weights.iter().map(|w| w * best.1).collect(), best.1)
    };
    let (values, _) = scaled(cell_value_weights());
    let (selection, scale) = scaled(selection_weights());
    let choices: Vec<CellChoice> = train()
        .flat_map(|t| [CellChoice(t, 0), CellChoice(t, 1)])
        .collect();
    let mut weights = selection.clone();
    let mut adam = Adam::new(CELL_FEATURES, 0.01, 1e-8);
    let mut gradient = vec![0.0; CELL_FEATURES];
    for _ in 0..iterations {
        softmax::loss_and_gradient(&choices, &weights, &mut gradient);
        adam.step(&mut weights, &gradient);
    }
    for (name, w) in [
        ("cell values", &values),
        ("selection", &selection),
        ("fitted", &weights),
    ] {
        let within: Vec<String> = ENGINE_CELLS
            .iter()
            .map(|&k| {
                let both = test()
                    .filter(|t| {
                        let scores: Vec<f64> = t.cells.iter().map(|c| score(w, c)).collect();
                        t.chosen.iter().all(|&chosen| {
                            scores.iter().filter(|&&s| s > scores[chosen]).count() < k
                        })
                    })
                    .count();
                format!("{k} {:.1}%", 100.0 * both as f64 / test().count() as f64)
            })
            .collect();
        println!(
            "{name:11} held out: log-loss {:.4}, both stones among the best cells: {}",
            cell_loss(test(), w),
            within.join(", ")
        );
    }
    let values = |range: std::ops::Range<usize>| -> String {
        let values: Vec<String> = weights[range]
            .iter()
            .map(|w| format!("{:.0}", w / scale))
            .collect();
        values.join(", ")
    };
    println!(
        "fitted selection values: extend [{}], spoil [{}], near theirs [{}], near ours [{}]",
        values(0..6),
        values(6..11),
        values(11..15),
        values(15..19)
    );
}

/// Cells paired by the engine's candidate turns, for the coverage table.
const ENGINE_CELLS: [usize; 5] = [10, 12, 14, 16, 20];

/// Turns searched, for the coverage table.
const ENGINE_TURNS: [usize; 4] = [12, 16, 20, 30];

/// One teacher turn: every candidate's features, which one was played, the game, and its rank
/// among the engine's own candidate turns from each number of [`ENGINE_CELLS`].
struct Position {
    candidates: Vec<Vec<(u16, f32)>>,
    chosen: usize,
    game: usize,
    engine_rank: [Option<usize>; ENGINE_CELLS.len()],
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

/// [`turn_features`] and the pair's shape (see [`SHAPED`]), as the engine's
/// [`pair_shape`] measures it.
fn shaped_features(board: &mut Board, turn: Turn) -> Vec<(u16, f32)> {
    let mut features = turn_features(board, turn);
    let Some(second) = turn.second else {
        return features;
    };
    let shape = pair_shape(board, turn.first, second, board.to_move());
    if shape.threats > 0 {
        features.push(((FEATURES + shape.threats - 1) as u16, 1.0));
    }
    for (back, counts) in shape.near.iter().enumerate() {
        for (bucket, &count) in counts.iter().enumerate() {
            if count > 0 {
                features.push(((FEATURES + 2 + 4 * back + bucket) as u16, f32::from(count)));
            }
        }
    }
    features.push(((FEATURES + 10 + shape.spread) as u16, 1.0));
    features
}

/// The engine's shape values as weights of the shaped features (see [`PairShape::value`]).
fn shape_weights() -> Vec<f64> {
    let threats = THREATS_MADE_VALUE[1..].iter();
    let near = NEAR_LAST_VALUE.iter().flatten();
    threats
        .chain(near)
        .chain(&SPREAD_VALUE)
        .map(|&w| f64::from(w))
        .collect()
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
    cell_turns: &mut Vec<CellTurn>,
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
            let best: Vec<u16> = if args.shape {
                quiet_cells(&board, args.cells)
            } else {
                best_cells(&board, us, args.cells)
                    .into_iter()
                    .map(|(cell, _)| cell)
                    .collect()
            };
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
                .map(|&pair| {
                    if args.shape {
                        shaped_features(&mut board, pair)
                    } else {
                        turn_features(&mut board, pair)
                    }
                })
                .collect();
            if args.selection {
                let near: Vec<u16> = (0..CELLS as u16)
                    .filter(|&c| board.is_empty(c) && board.is_near_stones(c))
                    .collect();
                let index = |cell: u16| near.iter().position(|&c| c == cell);
                if let (Some(a), Some(b)) = (index(turn.first), turn.second.and_then(index)) {
                    cell_turns.push(CellTurn {
                        cells: near.iter().map(|&c| cell_features(&board, c)).collect(),
                        chosen: [a, b],
                        game,
                    });
                }
            }
            let engine_rank = ENGINE_CELLS.map(|cells| {
                candidate_turns(&mut board, cells, usize::MAX)
                    .iter()
                    .position(|candidate| candidate.same_stones(turn))
            });
            out.push(Position {
                candidates,
                chosen,
                game,
                engine_rank,
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
    let mut cell_turns = Vec::new();
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
            outside += positions(
                seen.len() - 1,
                &turns,
                teacher,
                &args,
                &mut all,
                &mut cell_turns,
            );
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

    let count = if args.shape { SHAPED } else { FEATURES };
    let pad = |w: Vec<f64>| -> Vec<f64> {
        w.into_iter()
            .chain(std::iter::repeat(0.0))
            .take(count)
            .collect()
    };
    if args.selection {
        fit_cells(&cell_turns, args.iterations);
    }
    let settings = Settings::default();
    println!(
        "the teacher's turn among the engine's candidate turns, all (held out); the engine \
         searches {} of {} cells below the root, {} of {} at it:",
        settings.turns, settings.cells, settings.root_turns, settings.root_cells
    );
    for (column, cells) in ENGINE_CELLS.iter().enumerate() {
        let shares: Vec<String> = ENGINE_TURNS
            .iter()
            .map(|&turns| {
                let share = |set: &[&Position]| {
                    let within = set
                        .iter()
                        .filter(|p| p.engine_rank[column].is_some_and(|rank| rank < turns))
                        .count();
                    100.0 * within as f64 / set.len() as f64
                };
                let (every, held): (Vec<&Position>, Vec<&Position>) =
                    (all.iter().collect(), test().collect());
                format!("{turns} turns {:.1}% ({:.1}%)", share(&every), share(&held))
            })
            .collect();
        println!("  {cells:2} cells: {}", shares.join(", "));
    }
    let engine = if args.shape {
        engine_weights()
            .into_iter()
            .chain(shape_weights())
            .collect()
    } else {
        engine_weights()
    };
    let scale = best_scale(train(), &engine);
    let scaled: Vec<f64> = engine.iter().map(|w| w * scale).collect();
    let static_value = pad(static_value_weights());
    let static_scale = best_scale(train(), &static_value);
    let static_scaled: Vec<f64> = static_value.iter().map(|w| w * static_scale).collect();
    let mut weights = scaled.clone();
    let mut adam = Adam::new(count, 0.01, 1e-8);
    let mut gradient = vec![0.0; count];
    for _ in 0..args.iterations {
        softmax::loss_and_gradient(train(), &weights, &mut gradient);
        if args.shape_only {
            gradient[..FEATURES].iter_mut().for_each(|g| *g = 0.0);
        }
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
    if args.shape {
        let values = |range: std::ops::Range<usize>| -> String {
            let values: Vec<String> = weights[range]
                .iter()
                .map(|w| format!("{:.0}", w / scale))
                .collect();
            values.join(", ")
        };
        println!(
            "threats made 1, 2+: [{}] (engine {:?})",
            values(FEATURES..FEATURES + 2),
            &THREATS_MADE_VALUE[1..]
        );
        println!(
            "stones 1, 2, 3, 4+ from their last turn: [{}], from ours: [{}] (engine {:?})",
            values(FEATURES + 2..FEATURES + 6),
            values(FEATURES + 6..FEATURES + 10),
            NEAR_LAST_VALUE
        );
        println!(
            "stones apart 1, 2, 3-5, 6+: [{}] (engine {:?})",
            values(FEATURES + 10..SHAPED),
            SPREAD_VALUE
        );
    }
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
    use engine::connect6::moves::{pair_value, selection_value};
    use engine::core::rng::Rng;

    /// A board after one to twelve random legal turns (fewer if a game ends).
    fn random_board(rng: &mut Rng) -> Board {
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
        board
    }

    /// Random positions of a few turns, with the side to move free of threats.
    fn quiet_positions(seed: u64) -> Vec<Board> {
        let mut rng = Rng::new(seed);
        let mut boards = Vec::new();
        for _ in 0..20 {
            let board = random_board(&mut rng);
            let us = board.to_move();
            if !board.is_over()
                && !board.has_live_window(us)
                && !board.has_live_window(us.opponent())
            {
                boards.push(board);
            }
        }
        boards
    }

    /// The cell features weighted by the engine's selection values give its selection value.
    #[test]
    fn selection_weights_give_the_engines_selection_values() {
        let weights = selection_weights();
        for board in quiet_positions(29) {
            for cell in 0..CELLS as u16 {
                if board.is_empty(cell) && board.is_near_stones(cell) {
                    let features = cell_features(&board, cell);
                    assert_eq!(
                        score(&weights, &features),
                        f64::from(selection_value(&board, cell))
                    );
                }
            }
        }
    }

    /// The shaped features weighted by the engine's values order a quiet position's pairs as
    /// the engine's candidate turns do.
    #[test]
    fn shaped_weights_order_pairs_as_the_engine_does() {
        let weights: Vec<f64> = engine_weights()
            .into_iter()
            .chain(shape_weights())
            .collect();
        let mut checked = 0;
        for mut board in quiet_positions(23) {
            let turns = candidate_turns(&mut board, 8, 28);
            let values: Vec<f64> = turns
                .iter()
                .map(|&turn| score(&weights, &shaped_features(&mut board, turn)))
                .collect();
            assert!(values.windows(2).all(|v| v[0] >= v[1]), "{values:?}");
            let cells = quiet_cells(&board, 8);
            let mut all = Vec::new();
            for (i, &first) in cells.iter().enumerate() {
                for &second in &cells[i + 1..] {
                    all.push(score(
                        &weights,
                        &shaped_features(&mut board, Turn::pair(first, second)),
                    ));
                }
            }
            all.sort_by(|a, b| b.total_cmp(a));
            assert_eq!(values, all[..values.len()].to_vec());
            checked += 1;
        }
        assert!(checked > 5);
    }

    /// The features weighted by the engine's values give the engine's own pair value, so the
    /// fit starts from the engine's ordering exactly.
    #[test]
    fn engine_weights_give_the_engines_pair_values() {
        let mut rng = Rng::new(11);
        let weights = engine_weights();
        for _ in 0..20 {
            let mut board = random_board(&mut rng);
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
