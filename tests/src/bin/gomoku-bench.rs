//! Search speed of the gomoku engine: fixed-depth searches of a few positions, with nodes, time
//! and nodes per second. Same nodes at the same depth means the same search, so a faster time
//! is a pure speed gain.
//!
//! ```text
//! gomoku-bench [--depth 7] [--positions FILE] [--param NAME=VALUE]...
//! gomoku-bench --wins FILE [--ms 1000] [--param NAME=VALUE]...
//! ```
//!
//! `--param` sets one of the search's parameters (`Params::set`'s names) for every search, so
//! that a variant's tree can be compared with the default's without a build of its own.
//!
//! `--positions` benches the positions of a file instead of the built-in ones, each line `size
//! rule stones` as below (`tests/data/gomoku-bench.txt` holds positions from games).
//!
//! `--wins` measures how well the search proves wins instead: every line of FILE is `size rule
//! stones` (rule 0 freestyle, 1 exact five, 4 renju; the stones in pos notation, black first;
//! anything after them is a comment), a position where the side to move wins by force. Each is
//! searched for MS milliseconds; the tool prints whether the search proved the win, its depth,
//! nodes and time, and how many of the positions it solved. `tests/data/gomoku-wins.txt` holds
//! such a set.

use std::time::{Duration, Instant};

use engine::core::color::Color;
use engine::core::report::Report;
use engine::core::score::WIN_THRESHOLD;
use engine::core::time::Deadline;
use engine::gomoku::engine::GomokuEngine;
use engine::gomoku::point::Point;
use engine::gomoku::rule::Rule;
use engine::gomoku::search::params::Params;
use harness::gomoku::openings::parse_line;
use harness::gomoku::setup::SearchArgs;

/// Positions as (rule, board size, black stones, white stones, side to move).
type Position = (
    Rule,
    usize,
    &'static [(i32, i32)],
    &'static [(i32, i32)],
    Color,
);

const POSITIONS: &[Position] = &[
    (
        Rule::Freestyle,
        20,
        &[(10, 10), (11, 11), (12, 12)],
        &[(10, 11), (9, 10), (9, 9)],
        Color::Black,
    ),
    (
        Rule::Freestyle,
        20,
        &[(10, 10), (11, 10), (9, 12), (12, 9)],
        &[(10, 11), (11, 11), (9, 9)],
        Color::White,
    ),
    (
        Rule::ExactFive,
        15,
        &[(7, 7), (8, 6), (6, 8), (8, 8)],
        &[(7, 8), (7, 6), (9, 7), (6, 7)],
        Color::Black,
    ),
    (
        Rule::ExactFive,
        15,
        &[(7, 7), (8, 8), (6, 9)],
        &[(8, 7), (6, 7), (7, 9)],
        Color::Black,
    ),
    (
        Rule::Renju,
        15,
        &[(7, 7), (8, 8), (9, 7)],
        &[(8, 7), (7, 8), (6, 6)],
        Color::Black,
    ),
];

/// Gomoku search speed at a fixed depth, or how many won positions the search proves.
#[derive(clap::Parser)]
#[command(name = "gomoku-bench")]
struct Args {
    /// Search depth of the speed bench.
    #[arg(long, value_name = "N", default_value_t = 7, conflicts_with = "wins")]
    depth: i32,
    /// Bench the positions of this file (`size rule stones` a line) instead of the built-in
    /// ones.
    #[arg(long, value_name = "FILE", conflicts_with = "wins")]
    positions: Option<String>,
    /// Prove the wins of this file (`size rule stones` a line) instead.
    #[arg(long, value_name = "FILE")]
    wins: Option<String>,
    /// Time for each won position, ms.
    #[arg(long, value_name = "MS", default_value_t = 1000, requires = "wins")]
    ms: u64,
    #[command(flatten)]
    search: SearchArgs,
}

fn main() {
    let args = harness::cli::parse::<Args>();
    let params = args.search.params();
    if let Some(file) = &args.wins {
        if let Err(message) = prove_wins(file, args.ms, &params) {
            eprintln!("gomoku-bench: {message}");
            std::process::exit(1);
        }
        return;
    }
    if let Some(file) = &args.positions {
        if let Err(message) = bench_file(file, args.depth, &params) {
            eprintln!("gomoku-bench: {message}");
            std::process::exit(1);
        }
        return;
    }
    let depth = args.depth;
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (index, &(rule, size, black, white, to_move)) in POSITIONS.iter().enumerate() {
        let mut engine = GomokuEngine::new();
        engine.set_search_params(params.clone());
        engine.new_game(size, size, rule).expect("supported size");
        for &(x, y) in black {
            engine
                .put(Point::new(x, y), Color::Black)
                .expect("free cell");
        }
        for &(x, y) in white {
            engine
                .put(Point::new(x, y), Color::White)
                .expect("free cell");
        }
        engine.set_side_to_move(to_move);
        let started = Instant::now();
        let result = engine.think_to_depth(depth);
        let took = started.elapsed();
        total_nodes += result.nodes;
        print_search(&format!("position {index}"), &result, took);
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "total: {total_nodes} nodes in {:.2} s, {:.0} nodes/s",
        seconds,
        total_nodes as f64 / seconds
    );
}

/// A position of a file: its place there, board size, rule and stones (black first).
struct FilePosition {
    place: String,
    size: usize,
    rule: Rule,
    stones: Vec<(usize, usize)>,
}

impl FilePosition {
    /// A new engine with this position on its board.
    fn engine(&self, params: &Params) -> Result<GomokuEngine, String> {
        let mut engine = GomokuEngine::new();
        engine.set_search_params(params.clone());
        engine.new_game(self.size, self.size, self.rule)?;
        for &(x, y) in &self.stones {
            engine
                .play(Point::new(x as i32, y as i32))
                .map_err(|e| format!("{}: {e:?}", self.place))?;
        }
        Ok(engine)
    }
}

/// The positions of `file`, one `size rule stones` line each (rule 0 freestyle, 1 exact five,
/// 4 renju; `#` starts a comment line).
fn read_positions(file: &str) -> Result<Vec<FilePosition>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let place = format!("{file}:{}", number + 1);
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (size, rule, stones) = match fields[..] {
            [size, rule, stones, ..] => (size, rule, stones),
            _ => return Err(format!("{place}: expected 'size rule stones'")),
        };
        let size: usize = size
            .parse()
            .map_err(|_| format!("{place}: bad size '{size}'"))?;
        let rule = match rule {
            "0" => Rule::Freestyle,
            "1" => Rule::ExactFive,
            "4" => Rule::Renju,
            _ => return Err(format!("{place}: rule must be 0, 1 or 4, not '{rule}'")),
        };
        let stones = parse_line(stones, size).map_err(|e| format!("{place}: {e}"))?;
        positions.push(FilePosition {
            place,
            size,
            rule,
            stones,
        });
    }
    Ok(positions)
}

/// One searched position's line: its best move, score, depth, nodes and time.
fn print_search(place: &str, result: &Report<Point>, took: Duration) {
    let best = result.best.map(|point| (point.x, point.y));
    println!(
        "{place}: best {best:?} score {} depth {} nodes {} time {} ms",
        result.score,
        result.depth,
        result.nodes,
        took.as_millis()
    );
}

/// Searches every position of `file` to `depth` and prints nodes and time, each and in all.
fn bench_file(file: &str, depth: i32, params: &Params) -> Result<(), String> {
    let positions = read_positions(file)?;
    if positions.is_empty() {
        return Err(format!("{file}: no positions"));
    }
    let (mut total_nodes, mut total_time) = (0u64, Duration::ZERO);
    for position in positions {
        let mut engine = position.engine(params)?;
        let started = Instant::now();
        let result = engine.think_to_depth(depth);
        let took = started.elapsed();
        total_nodes += result.nodes;
        total_time += took;
        print_search(&position.place, &result, took);
    }
    println!(
        "total: {total_nodes} nodes in {:.2} s, {:.0} nodes/s",
        total_time.as_secs_f64(),
        total_nodes as f64 / total_time.as_secs_f64()
    );
    Ok(())
}

/// Searches every won position of `file` for `ms` milliseconds and reports which wins the
/// search proves (see the module documentation).
fn prove_wins(file: &str, ms: u64, params: &Params) -> Result<(), String> {
    let (mut solved, mut total, mut nodes) = (0, 0, 0u64);
    for position in read_positions(file)? {
        let mut engine = position.engine(params)?;
        let limit = Duration::from_millis(ms);
        let result = engine.think_until(Deadline::new(limit, limit));
        let proved = result.score >= WIN_THRESHOLD;
        total += 1;
        solved += usize::from(proved);
        nodes += result.nodes;
        println!(
            "{}: {} depth {} nodes {} time {} ms",
            position.place,
            if proved { "proved" } else { "not proved" },
            result.depth,
            result.nodes,
            result.elapsed.as_millis()
        );
    }
    println!("proved {solved} of {total} wins in {ms} ms each, {nodes} nodes in all");
    Ok(())
}
