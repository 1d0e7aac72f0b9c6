//! Fits a move-ordering policy for the gomoku search to a teacher engine's moves.
//!
//! ```text
//! gomoku-policy fit [--openings FILE ...] [--teacher engine1|engine2|both] [--moves FILE ...]
//!     [--line-pairs | --tables [--from-values] [--side black|white] [--l2 L]
//!     [--emit FILE --name NAME]]
//!     [--iterations N] [LOG ...]
//! ```
//!
//! Every LOG is a `gomoku-arena --log` file (see `gomoku-tune`). The teacher (default
//! `engine2`, the role Rapfi has in our matches) is the engine whose moves after the opening are
//! learnt. The opening of a game is the longest line of the openings files its stones start
//! with. A `--moves` file holds one labelled position a line, `size rule stones value move`
//! (stones and move in `h8i9` notation, value ignored), as a labelling script writes them from
//! a teacher's searches; its positions are held out in blocks of 200 lines, one block in five.
//!
//! For every position where the teacher moved and nobody had a five to make or block, the
//! candidates are the moves our generator returns; a position whose teacher move is not among
//! them is counted and skipped. A candidate's features, for the side to move ("own") and the
//! opponent ("their"), are the patterns of its four lines for each side (counts of each
//! [`Pattern`]), the pair of threat classes (own class, their class), how far it is from the
//! last two stones, and the cell's evaluation values for both sides, which the engine's own
//! ordering score is made of. With `--line-pairs` the line features are counts of each (own,
//! their) pair of patterns of one line instead (on 16,834 labelled positions they fitted no
//! better than the separate counts).
//!
//! With `--tables` the model is the engine's own ordering (`engine::gomoku::policy`): a
//! candidate scores an attack value for the combination of its four line patterns for the side
//! to move plus a defence value for the opponent's combination there, one weight each of the
//! 1,001 combinations a table, plus a weight for its pair of threat classes and one each for
//! its distance to the last stone and to the one before. The fit starts from the engine's
//! present tables, or with `--from-values` from those its cell values make (as logits, at the scale that fits the
//! teacher best), and is held to them by `--l2`; `--side` keeps only the
//! positions with that colour to move (renju has tables per colour); `--emit` writes the fitted
//! tables, in the engine's units, as the Rust constant `--name` for
//! `engine/src/gomoku/policy_tables.rs`.
//!
//! The model scores each candidate by the dot product of weights and features and predicts a
//! move by the softmax of the scores over the candidates; the fit maximises the likelihood of
//! the teacher's moves (Adam, full batch). Every fifth game of the logs is held out. The report
//! compares the engine's present ordering score with the fitted model (top-1 and top-3
//! agreement with the teacher, the mean rank of its move), and says, for a rule that would drop
//! the moves more than so many logits below the policy's favourite, how many teacher moves and
//! how many candidates it would keep.

use engine::core::color::Color;
use engine::gomoku::board::{Board, Cell};
use engine::gomoku::movegen::{generate, move_score, ScoredMove};
use engine::gomoku::pattern::{Threat, PATTERNS, THREAT_CLASSES};
use engine::gomoku::policy::{threat_pair, COMBINATIONS, DISTANCES, THREAT_PAIRS};
use engine::gomoku::rule::Rule;
use harness::fit::adam::Adam;
use harness::fit::softmax::{self, score, Choice, Sparse};
use harness::gomoku::log::read_log;
use harness::gomoku::openings::parse_line;
use std::process::ExitCode;

const OWN_LINES: usize = 0;
const THEIR_LINES: usize = OWN_LINES + PATTERNS;
const LINE_PAIRS: usize = THEIR_LINES + PATTERNS;
const CLASS_PAIRS: usize = LINE_PAIRS + PATTERNS * PATTERNS;
const LAST_DISTANCE: usize = CLASS_PAIRS + THREAT_CLASSES * THREAT_CLASSES;
const OWN_LAST_DISTANCE: usize = LAST_DISTANCE + DISTANCES;
const OWN_VALUE: usize = OWN_LAST_DISTANCE + DISTANCES;
const THEIR_VALUE: usize = OWN_VALUE + 1;
const FEATURES: usize = THEIR_VALUE + 1;
/// The evaluation values enter the model in hundreds, near the scale of the other features.
const VALUE_SCALE: f32 = 0.01;

/// One candidate move: its sparse features (index, value) and the engine's present score.
struct Candidate {
    features: Vec<(u16, f32)>,
    engine_score: i32,
}

/// Where the `--tables` features start: the attack table, the defence table, the threat
/// pairs, the distances to the last stone and to the one before.
const TABLE_DEFENCE: usize = COMBINATIONS;
const TABLE_THREATS: usize = TABLE_DEFENCE + COMBINATIONS;
const TABLE_LAST: usize = TABLE_THREATS + THREAT_PAIRS;
const TABLE_OWN_LAST: usize = TABLE_LAST + DISTANCES;
const TABLE_FEATURES: usize = TABLE_OWN_LAST + DISTANCES;

/// A candidate's features for `--tables`, one of each group that applies (see
/// `Board::policy_score`).
fn table_features(board: &Board, cell: Cell) -> Vec<(u16, f32)> {
    let me = board.side_to_move();
    let policy = board.policy();
    let own = policy.index(board.combination(me, cell));
    let their = policy.index(board.combination(me.opponent(), cell));
    let pair = threat_pair(board.threat(me, cell), board.threat(me.opponent(), cell));
    let mut features = vec![
        (own as u16, 1.0),
        ((TABLE_DEFENCE + their) as u16, 1.0),
        ((TABLE_THREATS + pair) as u16, 1.0),
    ];
    let recent = board.history().iter().rev().take(2);
    for (&(stone, _), group) in recent.zip([TABLE_LAST, TABLE_OWN_LAST]) {
        features.push(((group + board.distance_bucket(cell, stone)) as u16, 1.0));
    }
    features
}

struct Position {
    candidates: Vec<Candidate>,
    /// Index of the teacher's move in `candidates`.
    target: usize,
    held_out: bool,
}

impl Choice for Position {
    fn candidates(&self) -> usize {
        self.candidates.len()
    }
    fn features(&self, candidate: usize) -> &Sparse {
        &self.candidates[candidate].features
    }
    fn chosen(&self) -> usize {
        self.target
    }
}

/// Fits a move-ordering policy for the gomoku search to a teacher engine's moves.
#[derive(clap::Parser)]
#[command(name = "gomoku-policy")]
enum Command {
    /// Fits the policy and compares it with the engine's ordering.
    Fit(FitArgs),
}

#[derive(clap::Args)]
struct FitArgs {
    /// Openings files: a game's opening is the longest of their lines its stones start with.
    #[arg(long, value_name = "FILE")]
    openings: Vec<String>,
    /// The engine whose moves are learnt (`both`: every move after the opening).
    #[arg(long, default_value = "engine2", value_parser = ["engine1", "engine2", "both"])]
    teacher: String,
    /// Labelled positions (`size rule stones value move` a line).
    #[arg(long, value_name = "FILE")]
    moves: Vec<String>,
    /// Count (own, their) pairs of line patterns instead of each side's patterns.
    #[arg(long, conflicts_with = "tables")]
    line_pairs: bool,
    /// Fit the engine's ordering tables (attack and defence by pattern combination).
    #[arg(long)]
    tables: bool,
    /// Start from the tables the cell values make, not from the engine's present ones.
    #[arg(long, requires = "tables")]
    from_values: bool,
    /// Only the positions with this colour to move.
    #[arg(long, value_parser = ["black", "white"], requires = "tables")]
    side: Option<String>,
    /// Weight of the penalty on the squared distance of the tables from where they started.
    #[arg(long, value_name = "L", default_value_t = 0.0001, requires = "tables")]
    l2: f64,
    /// Write the fitted tables to this file as a Rust constant.
    #[arg(long, value_name = "FILE", requires_all = ["tables", "name"])]
    emit: Option<String>,
    /// The name of the emitted constant.
    #[arg(long, value_name = "NAME", requires = "emit")]
    name: Option<String>,
    /// Adam steps.
    #[arg(long, value_name = "N", default_value_t = 300)]
    iterations: i32,
    /// `gomoku-arena --log` files.
    #[arg(value_name = "LOG")]
    logs: Vec<String>,
}

fn main() -> ExitCode {
    harness::cli::main::<Command>("gomoku-policy", |Command::Fit(args)| fit(args))
}

fn candidate_features(board: &Board, cell: Cell, line_pairs: bool) -> Vec<(u16, f32)> {
    let me = board.side_to_move();
    let opponent = me.opponent();
    let mut counts = [0f32; CLASS_PAIRS];
    let own = board.line_codes(me, cell);
    let their = board.line_codes(opponent, cell);
    for (own, their) in own.iter().zip(&their) {
        let (own, their) = (own.pattern() as usize, their.pattern() as usize);
        if line_pairs {
            counts[LINE_PAIRS + own * PATTERNS + their] += 1.0;
        } else {
            counts[OWN_LINES + own] += 1.0;
            counts[THEIR_LINES + their] += 1.0;
        }
    }
    let mut features: Vec<(u16, f32)> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count != 0.0)
        .map(|(index, &count)| (index as u16, count))
        .collect();
    features.push((OWN_VALUE as u16, board.value(me, cell) as f32 * VALUE_SCALE));
    features.push((
        THEIR_VALUE as u16,
        board.value(opponent, cell) as f32 * VALUE_SCALE,
    ));
    let pair = threat_pair(board.threat(me, cell), board.threat(opponent, cell));
    features.push(((CLASS_PAIRS + pair) as u16, 1.0));
    let history = board.history();
    if let Some(&(last, _)) = history.last() {
        features.push((
            (LAST_DISTANCE + board.distance_bucket(cell, last)) as u16,
            1.0,
        ));
    }
    if history.len() >= 2 {
        let own_last = history[history.len() - 2].0;
        features.push((
            (OWN_LAST_DISTANCE + board.distance_bucket(cell, own_last)) as u16,
            1.0,
        ));
    }
    features
}

#[derive(Default)]
struct Census {
    games: usize,
    positions: usize,
    teacher_move_not_generated: usize,
}

/// The positions read so far, with what was skipped.
#[derive(Default)]
struct Dataset {
    positions: Vec<Position>,
    census: Census,
    line_pairs: bool,
    tables: bool,
    from_values: bool,
    /// Only positions with this colour to move, if set.
    side: Option<Color>,
    /// The engine's tables where the fit starts, from the first position read: per feature
    /// of `--tables`, the engine's score.
    start: Option<Vec<f64>>,
    moves: Vec<ScoredMove>,
    scratch: Vec<Cell>,
}

impl Dataset {
    /// Adds the position on `board` with the teacher's answer `cell`, unless somebody has a five
    /// to make (then the move is forced and teaches nothing).
    fn add(&mut self, board: &mut Board, cell: Cell, held_out: bool) {
        let me = board.side_to_move();
        if self.side.is_some_and(|side| side != me) {
            return;
        }
        if board.threat_count(me, Threat::Five) > 0
            || board.threat_count(me.opponent(), Threat::Five) > 0
        {
            return;
        }
        generate(board, &mut self.moves, &mut self.scratch);
        let Some(target) = self.moves.iter().position(|m| m.cell == cell) else {
            self.census.teacher_move_not_generated += 1;
            return;
        };
        if self.tables && self.start.is_none() {
            let scores = if self.from_values {
                board.value_policy(me)
            } else {
                board.policy().scores(me).clone()
            };
            let start = (scores.attack.iter().chain(&scores.defence))
                .chain(&scores.threats)
                .chain(&scores.last)
                .chain(&scores.own_last);
            let start: Vec<f64> = start.map(|&s| f64::from(s)).collect();
            debug_assert_eq!(start.len(), TABLE_FEATURES);
            self.start = Some(start);
        }
        let candidates = self
            .moves
            .iter()
            .map(|m| Candidate {
                features: if self.tables {
                    table_features(board, m.cell)
                } else {
                    candidate_features(board, m.cell, self.line_pairs)
                },
                engine_score: move_score(board, m.cell),
            })
            .collect();
        self.positions.push(Position {
            candidates,
            target,
            held_out,
        });
        self.census.positions += 1;
    }

    /// Adds the teacher's moves after the opening of every game of an arena log.
    fn read_log(&mut self, log: &str, openings: &[String], teacher: &str) -> Result<(), String> {
        for game in read_log(log)? {
            let (size, rule) = (game.size, game.rule);
            let moves_line = game.stones.as_str();
            let Some(engine1) = game.engine1() else {
                continue;
            };
            let teacher_color = match teacher {
                "engine1" => Some(engine1),
                "engine2" => Some(engine1.opponent()),
                _ => None,
            };
            let Some(opening) = openings
                .iter()
                .filter(|o| moves_line.starts_with(o.as_str()))
                .max_by_key(|o| o.len())
            else {
                continue;
            };
            let opening_stones = parse_line(opening, size)
                .map_err(|e| format!("{log}: {e}"))?
                .len();
            let stones = parse_line(moves_line, size).map_err(|e| format!("{log}: {e}"))?;
            self.census.games += 1;
            let held_out = self.census.games.is_multiple_of(5);
            let mut board = Board::new(size, size, rule)?;
            for (ply, &(x, y)) in stones.iter().enumerate() {
                let cell = board.cell(x, y);
                let taught = teacher_color.is_none_or(|color| color == board.side_to_move());
                if ply >= opening_stones && taught {
                    self.add(&mut board, cell, held_out);
                }
                board.play(cell);
            }
        }
        Ok(())
    }

    /// Adds the labelled positions of a `--moves` file.
    fn read_moves(&mut self, file: &str) -> Result<(), String> {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (index, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [size, rule, stones, _value, answer] = fields[..] else {
                return Err(format!(
                    "{file}:{}: expected `size rule stones value move`",
                    index + 1
                ));
            };
            let at = |e: String| format!("{file}:{}: {e}", index + 1);
            let size: usize = size.parse().map_err(|_| at(format!("bad size '{size}'")))?;
            let rule: u32 = rule.parse().map_err(|_| at(format!("bad rule '{rule}'")))?;
            let rule = Rule::from_gomocup_mask(rule);
            let mut board = Board::new(size, size, rule).map_err(at)?;
            for (x, y) in parse_line(stones, size).map_err(at)? {
                let cell = board.cell(x, y);
                if !board.is_empty(cell) {
                    return Err(at(format!("stone on an occupied point in '{stones}'")));
                }
                board.play(cell);
            }
            let &[(x, y)] = &parse_line(answer, size).map_err(at)?[..] else {
                return Err(at(format!("bad move '{answer}'")));
            };
            let cell = board.cell(x, y);
            self.add(&mut board, cell, (index / 200) % 5 == 0);
        }
        Ok(())
    }
}

/// Top-1 and top-3 agreement and the mean rank (1 = first) of the teacher's move when the
/// candidates are ordered by `scores`, over the chosen positions.
fn agreement(
    positions: &[Position],
    held_out: bool,
    scores: impl Fn(&Candidate) -> f64,
) -> (f64, f64, f64) {
    let (mut top1, mut top3, mut ranks, mut count) = (0.0, 0.0, 0.0, 0.0);
    for position in positions.iter().filter(|p| p.held_out == held_out) {
        let target = scores(&position.candidates[position.target]);
        let better = position
            .candidates
            .iter()
            .filter(|c| scores(c) > target)
            .count();
        top1 += f64::from(u8::from(better == 0));
        top3 += f64::from(u8::from(better < 3));
        ranks += (better + 1) as f64;
        count += 1.0;
    }
    (top1 / count, top3 / count, ranks / count)
}

/// How far below the best candidate's logit the teacher's move lies, over the held-out
/// positions: for a pruning rule that drops the moves more than a gap below the best, the share
/// of teacher moves it would keep and how many candidates it would keep on average.
fn report_gaps(positions: &[Position], logit: impl Fn(&Candidate) -> f64) {
    const GAPS: [f64; 7] = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0];
    let mut kept_teacher = [0usize; GAPS.len()];
    let mut kept_candidates = [0usize; GAPS.len()];
    let mut count = 0;
    for position in positions.iter().filter(|p| p.held_out) {
        let logits: Vec<f64> = position.candidates.iter().map(&logit).collect();
        let top = logits.iter().cloned().fold(f64::MIN, f64::max);
        for (i, gap) in GAPS.iter().enumerate() {
            kept_teacher[i] += usize::from(top - logits[position.target] <= *gap);
            kept_candidates[i] += logits.iter().filter(|&&l| top - l <= *gap).count();
        }
        count += 1;
    }
    for (i, gap) in GAPS.iter().enumerate() {
        println!(
            "within {gap} logits of the best: teacher move {:.3}, {:.1} candidates",
            kept_teacher[i] as f64 / count.max(1) as f64,
            kept_candidates[i] as f64 / count.max(1) as f64
        );
    }
}

/// Mean negative log-likelihood of the teacher's moves over the held-out positions, when a
/// candidate's logit is `logit(candidate)`.
fn held_out_loss(positions: &[Position], logit: impl Fn(&Candidate) -> f64) -> f64 {
    softmax::mean_loss(
        positions
            .iter()
            .filter(|p| p.held_out)
            .map(|p| (p.candidates.iter().map(&logit).collect(), p.target)),
    )
}

fn fit(args: FitArgs) -> Result<(), String> {
    let mut openings = Vec::new();
    for file in &args.openings {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        openings.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(String::from),
        );
    }
    let (teacher, iterations) = (args.teacher, args.iterations);
    let (logs, move_files) = (args.logs, args.moves);
    let mut data = Dataset {
        line_pairs: args.line_pairs,
        tables: args.tables,
        from_values: args.from_values,
        side: args.side.as_deref().map(|side| {
            if side == "black" {
                Color::Black
            } else {
                Color::White
            }
        }),
        ..Dataset::default()
    };
    for log in &logs {
        data.read_log(log, &openings, &teacher)?;
    }
    for file in &move_files {
        data.read_moves(file)?;
    }
    let (positions, census) = (data.positions, data.census);
    let candidates: usize = positions.iter().map(|p| p.candidates.len()).sum();
    println!(
        "{} games, {} positions ({:.1} candidates each), teacher move not generated in {}",
        census.games,
        census.positions,
        candidates as f64 / positions.len().max(1) as f64,
        census.teacher_move_not_generated
    );
    if positions.is_empty() {
        return Err("no positions to fit".into());
    }
    let engine = |c: &Candidate| f64::from(c.engine_score);
    let (t1, t3, rank) = agreement(&positions, true, engine);
    println!("engine ordering, held out: top-1 {t1:.3}, top-3 {t3:.3}, mean rank {rank:.2}");
    // The engine's score as a logit, or with `--tables` the starting tables' score: the scale
    // that fits the teacher best.
    let start = data.start.as_deref();
    let base = |c: &Candidate| match start {
        Some(start) => score(start, &c.features),
        None => f64::from(c.engine_score),
    };
    let (scale, loss) = (1..=400)
        .map(|step| {
            let scale = f64::from(step) * 0.00005;
            (scale, held_out_loss(&positions, |c| base(c) * scale))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a scale");
    let what = if start.is_some() {
        "starting tables"
    } else {
        "engine ordering"
    };
    println!("{what} as a softmax: {scale:.5} logit per unit, held out loss {loss:.4}");
    if start.is_some() {
        let (t1, t3, rank) = agreement(&positions, true, base);
        println!("starting tables, held out: top-1 {t1:.3}, top-3 {t3:.3}, mean rank {rank:.2}");
    }

    let (mut weights, start) = match start {
        Some(start) => {
            let start: Vec<f64> = start.iter().map(|s| s * scale).collect();
            (start.clone(), Some(start))
        }
        None => (vec![0.0; FEATURES], None),
    };
    let count = weights.len();
    let mut gradient = vec![0.0; count];
    let rate = if start.is_some() { 0.02 } else { 0.05 };
    let mut adam = Adam::new(count, rate, 1e-8);
    let train = || positions.iter().filter(|p| !p.held_out);
    for step in 1..=iterations {
        let mut loss = softmax::loss_and_gradient(train(), &weights, &mut gradient);
        if let Some(start) = &start {
            for ((g, w), s) in gradient.iter_mut().zip(&weights).zip(start) {
                *g += args.l2 * (w - s);
                loss += args.l2 / 2.0 * (w - s) * (w - s);
            }
        }
        adam.step(&mut weights, &gradient);
        if step % 50 == 0 || step == iterations {
            println!(
                "step {step}: loss {loss:.4}, held out {:.4}",
                held_out_loss(&positions, |c| score(&weights, &c.features))
            );
        }
    }
    let fitted = |c: &Candidate| score(&weights, &c.features);
    let (t1, t3, rank) = agreement(&positions, true, fitted);
    println!("fitted policy, held out: top-1 {t1:.3}, top-3 {t3:.3}, mean rank {rank:.2}");
    report_gaps(&positions, fitted);
    if data.tables {
        let summary = format!(
            "{} positions of {} games, {teacher}, l2 {}, {iterations} steps; held-out top-1 {t1:.3}, \
             top-3 {t3:.3}",
            census.positions, census.games, args.l2
        );
        if let (Some(file), Some(name)) = (&args.emit, &args.name) {
            emit_tables(file, name, &weights, scale, &summary)?;
            println!("wrote {name} to {file}");
        }
        return Ok(());
    }
    print_linear_weights(&weights, data.line_pairs);
    Ok(())
}

/// Writes fitted tables (logits) in the engine's units as the Rust constant `name`.
fn emit_tables(
    file: &str,
    name: &str,
    weights: &[f64],
    scale: f64,
    summary: &str,
) -> Result<(), String> {
    let units = |range: std::ops::Range<usize>| {
        let values: Vec<String> = weights[range]
            .iter()
            .map(|w| format!("{}", (w / scale).round() as i32))
            .collect();
        values.join(", ")
    };
    let mut comment = String::new();
    let mut line = String::from("///");
    for word in format!("Fitted by `gomoku-policy fit --tables`: {summary}.").split(' ') {
        if line.len() + 1 + word.len() > 96 {
            comment += &line;
            comment.push('\n');
            line = String::from("///");
        }
        line.push(' ');
        line += word;
    }
    comment += &line;
    let text = format!(
        "{comment}\npub const {name}: Fitted = Fitted {{\n    attack: [{}],\n    defence: [{}],\n    \
         threats: [{}],\n    last: [{}],\n    own_last: [{}],\n}};\n",
        units(0..TABLE_DEFENCE),
        units(TABLE_DEFENCE..TABLE_THREATS),
        units(TABLE_THREATS..TABLE_LAST),
        units(TABLE_LAST..TABLE_OWN_LAST),
        units(TABLE_OWN_LAST..TABLE_FEATURES)
    );
    std::fs::write(file, text).map_err(|e| format!("{file}: {e}"))
}

/// Prints the weights of the linear model, feature group by group.
fn print_linear_weights(weights: &[f64], line_pairs: bool) {
    let print = |name: &str, range: std::ops::Range<usize>| {
        let values: Vec<String> = weights[range]
            .iter()
            .map(|w| format!("{:.0}", w * 100.0))
            .collect();
        println!("{name}: [{}]", values.join(", "));
    };
    if line_pairs {
        for own in 0..PATTERNS {
            let start = LINE_PAIRS + own * PATTERNS;
            print(
                &format!("line pair own pattern {own}"),
                start..start + PATTERNS,
            );
        }
    } else {
        print("own lines", OWN_LINES..THEIR_LINES);
        print("their lines", THEIR_LINES..LINE_PAIRS);
    }
    for own in 0..THREAT_CLASSES {
        let start = CLASS_PAIRS + own * THREAT_CLASSES;
        print(
            &format!("pair own class {own}"),
            start..start + THREAT_CLASSES,
        );
    }
    print(
        "distance to the last stone",
        LAST_DISTANCE..OWN_LAST_DISTANCE,
    );
    print("distance to our last stone", OWN_LAST_DISTANCE..OWN_VALUE);
    print(
        "own value, their value (per 100 units)",
        OWN_VALUE..FEATURES,
    );
}
