//! Search speed of the gomoku engine: fixed-depth searches of a few positions, with nodes, time
//! and nodes per second. Same nodes at the same depth means the same search, so a faster time
//! is a pure speed gain.
//!
//! ```text
//! gomoku-bench [--depth 7]
//! ```

use std::time::Instant;

use engine::gomoku::engine::Engine;
use engine::gomoku::rule::{Color, Rule};

/// Positions as (rule, board size, black stones, white stones, side to move).
type Position = (
    Rule,
    usize,
    &'static [(i64, i64)],
    &'static [(i64, i64)],
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: i32 = args
        .iter()
        .position(|a| a == "--depth")
        .and_then(|i| args.get(i + 1))
        .and_then(|d| d.parse().ok())
        .unwrap_or(7);
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (index, &(rule, size, black, white, to_move)) in POSITIONS.iter().enumerate() {
        let mut engine = Engine::new();
        engine.set_rule(rule);
        engine.start(size, size).expect("supported size");
        for &(x, y) in black {
            engine.put(x, y, Color::Black).expect("free cell");
        }
        for &(x, y) in white {
            engine.put(x, y, Color::White).expect("free cell");
        }
        engine.set_side_to_move(to_move);
        let started = Instant::now();
        let best = engine.think_to_depth(depth);
        let took = started.elapsed();
        let result = engine.last_search().expect("searched");
        total_nodes += result.nodes;
        println!(
            "position {index}: best {best:?} score {} depth {} nodes {} time {} ms",
            result.score,
            result.depth,
            result.nodes,
            took.as_millis()
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "total: {total_nodes} nodes in {:.2} s, {:.0} nodes/s",
        seconds,
        total_nodes as f64 / seconds
    );
}
