//! Tunes the gomoku evaluation weights (Texel's method) from the games of arena logs.
//!
//! ```text
//! gomoku-tune fit [--lambda L] [--from PLY] [--lines-only] [--smoothed] [--combinations]
//!                 [--masks | --masks-only] [--targets FILE] [LOG ...]
//! ```
//!
//! Every LOG is a `gomoku-arena --log` file: per game a line `game N engine1 black|white:
//! 1-0|0-1|1/2 (Ending, ...)` (the result is engine1's) and an indented line with all stones
//! in pos notation. The board size and rule come from the log's header line (see
//! [`harness::gomoku::log`]); a log written before the arena wrote headers takes them from the
//! first line of the arena's output saved next to it (`X.log` -> `X.out`: `... 15x15
//! ExactFive, ...`). Games lost on time, by an
//! illegal move or a crash are skipped: their last positions say nothing about who stood
//! better. A renju game lost on a forbidden point (`Forbidden`) counts like a five: white wins
//! renju games by driving black onto such points.
//!
//! The evaluation ([`engine::gomoku::eval::evaluate`]) is linear in its weights: per position
//! the features are, side to move minus opponent, the number of empty-cell lines of each
//! pattern, of empty cells of each threat class and of empty cells of each combination of four
//! line patterns, plus the indicators of the threat situation
//! ([`engine::gomoku::eval::ThreatFeature`]: which forcing moves each side has ready) and the
//! position's one threat mask ([`engine::gomoku::eval::threat_mask`]). The
//! tuner counts them from the board and checks on every position that they reproduce the
//! engine's evaluation exactly, so the two cannot disagree.
//!
//! Positions are taken from stone PLY on (default 8) and only when quiet: nobody has a five
//! point (a forced win or a forced block) and the side to move has no open four or double
//! four. The fit chooses the scale `K` that best fits the current weights, then minimises the
//! log-loss between the result for the side to move and `1 / (1 + exp(-K * eval))` by Newton's
//! method (the problem is a logistic regression, so it is convex), with an L2 pull of strength
//! L (default 0.01) towards the current weights, measured in logit units on each feature's
//! scale. Every fifth game is held out to check that the fit generalises. Some weights stay as
//! they are: pattern and class `None` (collinear: the class counts of both sides sum to the
//! same number of empty cells), `Five` (never in a quiet position) and the open-four ones
//! (pattern `Flex4` and `FourTwice`, class `Flex4`: quiet positions only show them for the
//! opponent, who is a move late, so a fit would learn they are worth little for the side that
//! makes them too). `--lines-only` also keeps every threat weight. The combination weights
//! stay too unless `--combinations` frees them: then every combination whose class is below an
//! open four and that [`MIN_COMBINATION_SAMPLES`] training positions show is fitted (the
//! combination of four `None` lines stays at 0: occupied cells have it too). `--masks` frees
//! the weight of every threat mask that as many training positions show, `--masks-only` those
//! and nothing else.
//! `--smoothed` fits the value the search reads at its leaves
//! ([`engine::gomoku::eval::evaluate_smoothed`]: the stones' worth averaged with the previous
//! position's) instead of the plain evaluation. `--targets FILE` adds positions labelled by a
//! teacher engine's evaluation instead of a game result (see [`read_targets`]). Prints the new
//! arrays, the combination table and the threat-mask table to paste into
//! `engine/src/gomoku/eval.rs`.

use engine::gomoku::board::Board;
use engine::gomoku::eval::{
    evaluate, evaluate_smoothed, material, sorted_patterns, threat_features, threat_mask,
    COMBINATION_WEIGHT, LINE_WEIGHT, THREAT_BONUS, THREAT_FEATURES, THREAT_MASKS,
    THREAT_MASK_WEIGHT, THREAT_WEIGHT,
};
use engine::gomoku::pattern::{LineCode, Pattern, Threat, PATTERNS, THREAT_CLASSES};
use engine::gomoku::rule::Rule;
use harness::fit::newton::{fit_logistic, fit_scale, logistic_losses};
use harness::fit::{dot, sigmoid};
use harness::gomoku::log::read_log as read_arena_log;
use harness::gomoku::openings::parse_line;
use std::process::ExitCode;

/// Number of combinations of a cell's four line patterns whatever their directions (multisets
/// of four of the [`PATTERNS`] patterns, `C(PATTERNS + 3, 4)`, see [`sorted_patterns`]).
const COMBINATIONS: usize = (PATTERNS + 3) * (PATTERNS + 2) * (PATTERNS + 1) * PATTERNS / 24;
/// Feature layout: line patterns, then threat classes, then the threat-situation indicators,
/// then the combinations of line patterns, then the threat masks (one of them set).
const FEATURES: usize = PATTERNS + THREAT_CLASSES + THREAT_FEATURES + COMBINATIONS + THREAT_MASKS;
/// Where the threat-situation indicators start.
const SITUATION: usize = PATTERNS + THREAT_CLASSES;
/// Where the combinations start.
const COMBINATION: usize = SITUATION + THREAT_FEATURES;
/// Where the threat masks start.
const MASK: usize = COMBINATION + COMBINATIONS;

/// Texel tuning of the gomoku evaluation weights from arena logs or labelled positions.
#[derive(clap::Parser)]
#[command(name = "gomoku-tune")]
enum Command {
    /// Fits the weights and prints the tables to paste.
    Fit(FitArgs),
}

#[derive(clap::Args)]
struct FitArgs {
    /// Strength of the L2 pull towards the current weights.
    #[arg(long, value_name = "L", default_value_t = 0.01)]
    lambda: f64,
    /// Take positions from this stone on.
    #[arg(long = "from", value_name = "PLY", default_value_t = 8)]
    from_ply: usize,
    /// Keep every threat weight.
    #[arg(long)]
    lines_only: bool,
    /// Fit the smoothed value the search reads at its leaves.
    #[arg(long)]
    smoothed: bool,
    /// Also fit the combinations of a cell's four line patterns.
    #[arg(long)]
    combinations: bool,
    /// Also fit the threat-mask table.
    #[arg(long, conflicts_with = "masks_only")]
    masks: bool,
    /// Fit the threat-mask table alone.
    #[arg(long)]
    masks_only: bool,
    /// Positions labelled by a teacher's evaluation (`size rule stones evaluation` a line).
    #[arg(long, value_name = "FILE")]
    targets: Vec<String>,
    /// `gomoku-arena --log` files.
    #[arg(value_name = "LOG")]
    logs: Vec<String>,
}

fn main() -> ExitCode {
    harness::cli::main::<Command>("gomoku-tune", |Command::Fit(args)| fit(args))
}

/// The engine's weights as one vector in the feature layout.
fn current_weights() -> [f64; FEATURES] {
    let mut weights = [0.0; FEATURES];
    for (pattern, &weight) in LINE_WEIGHT.iter().enumerate() {
        weights[pattern] = f64::from(weight);
    }
    for (class, &bonus) in THREAT_BONUS.iter().enumerate() {
        weights[PATTERNS + class] = f64::from(bonus);
    }
    for (feature, &weight) in THREAT_WEIGHT.iter().enumerate() {
        weights[SITUATION + feature] = f64::from(weight);
    }
    for &(patterns, weight) in COMBINATION_WEIGHT.iter() {
        weights[COMBINATION + combination_index(patterns)] = f64::from(weight);
    }
    for &(mask, weight) in THREAT_MASK_WEIGHT.iter() {
        weights[MASK + usize::from(mask)] = f64::from(weight);
    }
    weights
}

/// The number of a combination of line patterns sorted strongest first, `a >= b >= c >= d`,
/// in `0..COMBINATIONS`: `C(a + 3, 4) + C(b + 2, 3) + C(c + 1, 2) + d`, the combinatorial
/// number system's rank of the multiset.
fn combination_index(sorted: [Pattern; 4]) -> usize {
    let [a, b, c, d] = sorted.map(|pattern| pattern as usize);
    binomial(a + 3, 4) + binomial(b + 2, 3) + binomial(c + 1, 2) + d
}

fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |product, i| product * (n - i) / (i + 1))
}

/// The four patterns (strongest first) of every combination index.
fn combination_patterns() -> Vec<[Pattern; 4]> {
    let mut patterns = vec![[Pattern::None; 4]; COMBINATIONS];
    for key in 0..PATTERNS.pow(4) {
        // The four digits of `key` in base PATTERNS: every pattern in every direction.
        let digits = [3, 2, 1, 0].map(|place| key / PATTERNS.pow(place) % PATTERNS);
        let mut sorted = digits.map(|digit| LineCode(digit as u8).pattern());
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        patterns[combination_index(sorted)] = sorted;
    }
    patterns
}

/// The features the fit may change: see [`is_free`]; with `combinations`, also the weight of
/// every combination of line patterns that at least [`MIN_COMBINATION_SAMPLES`] training
/// positions show and whose class is below an open four (see [`is_free`] for why those stay).
fn free_features(
    samples: &[Sample],
    lines_only: bool,
    combinations: bool,
    masks: Masks,
) -> Vec<usize> {
    let seen = |j: usize| {
        samples
            .iter()
            .filter(|s| !s.held_out && s.features[j] != 0.0)
            .count()
    };
    let mut free: Vec<usize> = (0..COMBINATION)
        .filter(|&j| masks != Masks::Only && is_free(j, lines_only))
        .collect();
    if masks != Masks::Fixed {
        // Masks stand for whole situations: the rare ones stay at 0 like rare combinations.
        free.extend((MASK..FEATURES).filter(|&j| seen(j) >= MIN_COMBINATION_SAMPLES));
    }
    if combinations && masks != Masks::Only {
        for (combination, patterns) in combination_patterns().iter().enumerate() {
            let j = COMBINATION + combination;
            // Four lines of nothing stay at 0, like pattern and class `None`: occupied cells
            // have that combination too, and the board counts a cell's value only from the
            // first change of its lines on.
            let nothing = combination == 0;
            if seen(j) >= MIN_COMBINATION_SAMPLES
                && !nothing
                && Threat::classify(patterns.map(|p| LineCode(p as u8))) < Threat::Flex4
            {
                free.push(j);
            }
        }
    }
    free
}

/// Whether the fit may change the threat-mask weights, and whether only those.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Masks {
    Fixed,
    Free,
    Only,
}

/// Training positions a combination must appear in before the fit may weigh it.
const MIN_COMBINATION_SAMPLES: usize = 200;

/// Whether the fit may change a weight of the line patterns, threat classes and threat
/// situation.
fn is_free(feature: usize, lines_only: bool) -> bool {
    let fixed_lines = [
        Pattern::None,
        Pattern::FourTwice,
        Pattern::Flex4,
        Pattern::Five,
    ];
    let fixed_classes = [Threat::None, Threat::Flex4, Threat::Five];
    let fixed_lines = fixed_lines.map(|pattern| pattern as usize);
    let fixed_classes = fixed_classes.map(|class| class as usize);
    if feature < PATTERNS {
        !fixed_lines.contains(&feature)
    } else if feature < SITUATION {
        !lines_only && !fixed_classes.contains(&(feature - PATTERNS))
    } else {
        !lines_only
    }
}

/// The evaluation's features for the side to move, as [`evaluate`] weighs them.
fn features(board: &Board) -> [f64; FEATURES] {
    let me = board.side_to_move();
    let mut x = [0.0; FEATURES];
    for (color, sign) in [(me, 1.0), (me.opponent(), -1.0)] {
        for &cell in board.playable() {
            if !board.is_empty(cell) {
                continue;
            }
            let codes = board.line_codes(color, cell);
            for code in codes {
                x[code.pattern() as usize] += sign;
            }
            x[COMBINATION + combination_index(sorted_patterns(codes))] += sign;
            x[PATTERNS + board.threat(color, cell) as usize] += sign;
        }
    }
    for (feature, present) in threat_features(board, me).into_iter().enumerate() {
        x[SITUATION + feature] = f64::from(u8::from(present));
    }
    x[MASK + threat_mask(board, me)] = 1.0;
    x
}

/// Quiet enough for the static evaluation to mean something: no five point on either side and
/// no open four for the side to move.
fn is_quiet(board: &Board) -> bool {
    let me = board.side_to_move();
    board.threat_count(me, Threat::Five) == 0
        && board.threat_count(me.opponent(), Threat::Five) == 0
        && board.threat_count(me, Threat::Flex4) == 0
}

/// One labelled position.
struct Sample {
    features: [f64; FEATURES],
    /// Result for the side to move: 1 win, 0.5 draw, 0 loss.
    result: f64,
    /// Held out of the fit, to measure how well it generalises.
    held_out: bool,
}

/// Counts of what the reading found.
#[derive(Default)]
struct Census {
    games: usize,
    skipped_games: usize,
    positions: usize,
}

fn read_log(
    log: &str,
    from_ply: usize,
    smoothed: bool,
    samples: &mut Vec<Sample>,
    census: &mut Census,
) -> Result<(), String> {
    for game in read_arena_log(log)? {
        let (size, rule) = (game.size, game.rule);
        let Some(winner) = game.winner() else {
            census.skipped_games += 1;
            continue;
        };
        let stones = parse_line(&game.stones, size).map_err(|e| format!("{log}: {e}"))?;
        census.games += 1;
        let held_out = census.games.is_multiple_of(5);
        let mut board = Board::new(size, size, rule)?;
        // The previous position's stone features, as the side to move now sees them.
        let mut previous = [0.0; FEATURES];
        // [`material`] there, for the side that made the last move (as the search keeps it).
        let mut previous_material = 0;
        for (ply, &(x, y)) in stones.iter().enumerate() {
            if ply >= from_ply.max(usize::from(smoothed)) && is_quiet(&board) {
                let result = match winner {
                    None => 0.5,
                    Some(color) if color == board.side_to_move() => 1.0,
                    Some(_) => 0.0,
                };
                let features = checked_features(&board, smoothed, &previous, previous_material)
                    .map_err(|e| format!("{log}: {e}"))?;
                samples.push(Sample {
                    features,
                    result,
                    held_out,
                });
                census.positions += 1;
            }
            let now = features(&board);
            // After the move the other side is to move: it sees these features negated.
            for (before, value) in previous.iter_mut().zip(now) {
                *before = -value;
            }
            previous_material = material(&board);
            board.play(board.cell(x, y));
        }
    }
    Ok(())
}

/// The features of the position as the fit sees them (with `smoothed`, the stones' features
/// averaged with the previous position's, as the search's leaf value reads them), checked
/// against the engine's own value.
fn checked_features(
    board: &Board,
    smoothed: bool,
    previous: &[f64; FEATURES],
    previous_material: i32,
) -> Result<[f64; FEATURES], String> {
    let mut x_features = features(board);
    let mut engine_value = f64::from(evaluate(board));
    if smoothed {
        // The stones' features are averaged, the threat situation is not.
        for (j, (value, before)) in x_features.iter_mut().zip(previous).enumerate() {
            if !(SITUATION..COMBINATION).contains(&j) && j < MASK {
                *value = (*value + before) / 2.0;
            }
        }
        engine_value = f64::from(evaluate_smoothed(board, previous_material));
    }
    let dot: f64 = x_features
        .iter()
        .zip(current_weights())
        .map(|(a, b)| a * b)
        .sum();
    // The engine halves in integers: allow its rounding.
    if (dot - engine_value).abs() > 0.5 {
        return Err(format!(
            "features give {dot}, the engine evaluates {engine_value}"
        ));
    }
    Ok(x_features)
}

/// Rapfi's evaluation of a position as the probability that the side to move wins: a mate
/// (`+M7`, `-M12`) is certain, a value `v` is `1 / (1 + exp(-v / 200))`.
fn target_probability(text: &str) -> Option<f64> {
    if text.starts_with("+M") {
        Some(1.0)
    } else if text.starts_with("-M") {
        Some(0.0)
    } else {
        text.parse::<f64>().ok().map(|v| sigmoid(v / 200.0))
    }
}

/// Reads a targets file: per line `size rule stones evaluation`, rule 0 (freestyle), 1 (exact
/// five), 4 (renju) or 8 (caro) as Gomocup numbers them, the stones in pos notation and a
/// teacher's evaluation for the side to move (see [`target_probability`]). Every fifth line is
/// held out.
fn read_targets(
    file: &str,
    smoothed: bool,
    samples: &mut Vec<Sample>,
    census: &mut Census,
) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    for (number, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [size, rule, stones, evaluation] = fields[..] else {
            return Err(format!(
                "{file}:{}: expected 'size rule stones evaluation'",
                number + 1
            ));
        };
        let size: usize = size
            .parse()
            .map_err(|_| format!("{file}:{}: bad size", number + 1))?;
        let rule = match rule {
            "0" => Rule::Freestyle,
            "1" => Rule::ExactFive,
            "4" => Rule::Renju,
            "8" => Rule::Caro,
            _ => return Err(format!("{file}:{}: rule must be 0, 1, 4 or 8", number + 1)),
        };
        let Some(result) = target_probability(evaluation) else {
            census.skipped_games += 1;
            continue;
        };
        let stones = parse_line(stones, size).map_err(|e| format!("{file}: {e}"))?;
        let Some((&(last_x, last_y), before)) = stones.split_last() else {
            continue;
        };
        let mut board = Board::new(size, size, rule)?;
        for &(x, y) in before {
            board.play(board.cell(x, y));
        }
        // The position before the last stone, as the side to move now sees it.
        let previous = features(&board).map(|value| -value);
        let previous_material = material(&board);
        board.play(board.cell(last_x, last_y));
        if !is_quiet(&board) {
            continue;
        }
        let features = checked_features(&board, smoothed, &previous, previous_material)
            .map_err(|e| format!("{file}:{}: {e}", number + 1))?;
        samples.push(Sample {
            features,
            result,
            held_out: number % 5 == 4,
        });
        census.games += 1;
        census.positions += 1;
    }
    Ok(())
}

/// Mean log-loss and squared error of logits `u . x` over the chosen samples.
fn losses(samples: &[Sample], u: &[f64; FEATURES], held_out: bool) -> (f64, f64) {
    let chosen: Vec<(&[f64], f64)> = samples
        .iter()
        .filter(|s| s.held_out == held_out)
        .map(|s| (&s.features[..], s.result))
        .collect();
    logistic_losses(&chosen, u)
}

/// The scale `K` (logit per evaluation unit) that best fits the current weights, by Newton's
/// method on the one-dimensional log-loss.
fn scale(samples: &[Sample], weights: &[f64; FEATURES]) -> f64 {
    let evals: Vec<(f64, f64)> = samples
        .iter()
        .filter(|s| !s.held_out)
        .map(|s| (dot(weights, &s.features), s.result))
        .collect();
    fit_scale(&evals, 0.001)
}

/// The logits fitted over the training samples (see [`fit_logistic`]).
fn fit_logits(
    samples: &[Sample],
    prior: &[f64; FEATURES],
    free: &[usize],
    lambda: f64,
) -> [f64; FEATURES] {
    let train: Vec<(&[f64], f64)> = samples
        .iter()
        .filter(|s| !s.held_out)
        .map(|s| (&s.features[..], s.result))
        .collect();
    let fitted = fit_logistic(&train, prior, free, lambda, |iteration, largest| {
        eprintln!("newton step {iteration}: largest logit change {largest:.2e}");
    });
    fitted.try_into().expect("as many weights as features")
}

/// The short name of a line pattern in the engine's combination table.
fn short_name(pattern: Pattern) -> &'static str {
    match pattern {
        Pattern::None => "NIL",
        Pattern::Block1 => "B1",
        Pattern::Flex1 => "F1",
        Pattern::Block2 => "B2",
        Pattern::Flex2 => "F2",
        Pattern::Block3 => "B3",
        Pattern::Flex3 => "F3",
        Pattern::Block4 => "B4",
        Pattern::FourTwice => "F4T",
        Pattern::Flex4 => "F4",
        Pattern::Five => "F5",
    }
}

/// Prints where the fitted weights break the expected order of strength.
fn report_oddities(weights: &[i32]) {
    let chains = [
        [
            Pattern::Block1,
            Pattern::Block2,
            Pattern::Block3,
            Pattern::Block4,
        ],
        [
            Pattern::Flex1,
            Pattern::Flex2,
            Pattern::Flex3,
            Pattern::Flex4,
        ],
    ];
    for chain in chains {
        for pair in chain.windows(2) {
            let (weaker, stronger) = (pair[0] as usize, pair[1] as usize);
            if weights[weaker] > weights[stronger] {
                println!(
                    "odd: LINE_WEIGHT {:?} ({}) > {:?} ({})",
                    pair[0], weights[weaker], pair[1], weights[stronger]
                );
            }
        }
    }
    for (index, &weight) in weights.iter().enumerate() {
        if weight < 0 {
            println!("odd: weight {index} is negative ({weight})");
        }
    }
}

fn fit(args: FitArgs) -> Result<(), String> {
    let (lambda, from_ply, lines_only) = (args.lambda, args.from_ply, args.lines_only);
    let (smoothed, combinations) = (args.smoothed, args.combinations);
    let masks = if args.masks_only {
        Masks::Only
    } else if args.masks {
        Masks::Free
    } else {
        Masks::Fixed
    };
    let (logs, targets) = (args.logs, args.targets);
    if logs.is_empty() && targets.is_empty() {
        return Err("give at least one LOG or --targets FILE".into());
    }
    let mut samples = Vec::new();
    let mut census = Census::default();
    for log in &logs {
        read_log(log, from_ply, smoothed, &mut samples, &mut census)?;
    }
    for file in &targets {
        read_targets(file, smoothed, &mut samples, &mut census)?;
    }
    let held_out = samples.iter().filter(|s| s.held_out).count();
    println!(
        "{} games ({} skipped: time loss, illegal move or crash), {} quiet positions from stone {} on ({} held out)",
        census.games, census.skipped_games, census.positions, from_ply, held_out
    );
    let weights = current_weights();
    let k = scale(&samples, &weights);
    let prior = weights.map(|w| w * k);
    let (train_before, train_mse_before) = losses(&samples, &prior, false);
    let (held_before, held_mse_before) = losses(&samples, &prior, true);
    println!("K = {k:.6} logit per evaluation unit");
    println!(
        "current weights: log-loss {train_before:.5} (held out {held_before:.5}), MSE {train_mse_before:.5} (held out {held_mse_before:.5})"
    );
    let free = free_features(&samples, lines_only, combinations, masks);
    println!("{} weights free", free.len());
    let u = fit_logits(&samples, &prior, &free, lambda);
    let (train_after, train_mse_after) = losses(&samples, &u, false);
    let (held_after, held_mse_after) = losses(&samples, &u, true);
    println!(
        "fitted weights (lambda {lambda}): log-loss {train_after:.5} (held out {held_after:.5}), MSE {train_mse_after:.5} (held out {held_mse_after:.5})"
    );
    let fitted: Vec<i32> = u.iter().map(|logit| (logit / k).round() as i32).collect();
    let show = |range: std::ops::Range<usize>| {
        fitted[range]
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "pub const LINE_WEIGHT: [i32; PATTERNS] = [{}];",
        show(0..PATTERNS)
    );
    println!(
        "pub const THREAT_BONUS: [i32; {THREAT_CLASSES}] = [{}];",
        show(PATTERNS..SITUATION)
    );
    println!(
        "pub const THREAT_WEIGHT: [i32; THREAT_FEATURES] = [{}];",
        show(SITUATION..COMBINATION)
    );
    // Strongest combination first, as the engine's table lists them.
    let patterns = combination_patterns();
    let mut weighed: Vec<usize> = (COMBINATION..MASK).filter(|&j| fitted[j] != 0).collect();
    weighed.sort_by_key(|&j| std::cmp::Reverse(patterns[j - COMBINATION]));
    println!(
        "pub const COMBINATION_WEIGHT: [([Pattern; 4], i32); {}] = [",
        weighed.len()
    );
    for j in weighed {
        let names = patterns[j - COMBINATION].map(short_name).join(", ");
        println!("    ([{names}], {}),", fitted[j]);
    }
    println!("];");
    let masked: Vec<usize> = (MASK..FEATURES).filter(|&j| fitted[j] != 0).collect();
    println!(
        "pub const THREAT_MASK_WEIGHT: [(u16, i32); {}] = [",
        masked.len()
    );
    for j in masked {
        let bits = THREAT_MASKS.trailing_zeros() as usize;
        println!("    (0b{:0bits$b}, {}),", j - MASK, fitted[j]);
    }
    println!("];");
    report_oddities(&fitted[..COMBINATION]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combination_indices_number_each_multiset_of_patterns_once() {
        let patterns = combination_patterns();
        for (index, &sorted) in patterns.iter().enumerate() {
            assert_eq!(combination_index(sorted), index);
        }
        let distinct: std::collections::BTreeSet<_> = patterns.iter().collect();
        assert_eq!(distinct.len(), COMBINATIONS);
    }

    #[test]
    fn features_weighed_by_the_engine_weights_give_its_evaluation() {
        let mut board = Board::new(15, 15, Rule::ExactFive).unwrap();
        for &(x, y) in &parse_line("h8i9j7h9h10g9i8", 15).unwrap() {
            board.play(board.cell(x, y));
            let value = dot(&features(&board), &current_weights());
            assert_eq!(value, f64::from(evaluate(&board)));
        }
    }
}
