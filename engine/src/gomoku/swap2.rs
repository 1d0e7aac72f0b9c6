//! Swap2 opening decisions, all taken from the evaluation: propose three stones that look
//! balanced, and after the opponent's proposal either swap, add one stone, or add two stones
//! that leave the position balanced again.

use std::time::Duration;

use super::board::Cell;
use super::engine::GomokuEngine;
use super::eval::evaluate_for;
use super::movegen::{generate, ScoredMove};
use super::point::Point;
use crate::core::color::Color;
use crate::core::score::WIN_THRESHOLD;
use crate::core::time::Deadline;

/// What to answer to a Swap2 request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Choice {
    /// Stones to place, in move order.
    Stones(Vec<Point>),
    /// Take the other colour.
    Swap,
}

/// Beyond this evaluation (for the side that would move) one colour is clearly better.
const CLEAR_EDGE: i32 = 120;

/// Centre offsets of three-stone openings (black, white, black) that are close to even.
const OPENINGS: [[(i32, i32); 3]; 6] = [
    [(0, 0), (1, 0), (2, 1)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 0), (1, 0), (-1, 2)],
    [(0, 0), (1, 1), (3, 0)],
    [(0, 0), (0, 1), (2, 2)],
    [(0, 0), (1, 0), (1, 2)],
];

/// Case 1: the three opening stones. The engine's board is reset and left empty.
pub fn propose_opening(engine: &mut GomokuEngine) -> Vec<Point> {
    let (width, height) = (engine.board().width(), engine.board().height());
    let (cx, cy) = ((width / 2) as i32, (height / 2) as i32);
    let mut best: Option<(i32, Vec<Point>)> = None;
    for opening in OPENINGS {
        engine.clear();
        let stones: Vec<Point> = opening
            .iter()
            .map(|&(dx, dy)| Point::new(cx + dx, cy + dy))
            .collect();
        let mut fits = true;
        for (index, &point) in stones.iter().enumerate() {
            let color = if index % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            fits &= engine.put(point, color).is_ok();
        }
        if !fits {
            continue;
        }
        engine.set_side_to_move(Color::White);
        let imbalance = evaluate_for(engine.board(), Color::White).abs();
        if best.as_ref().map_or(true, |(value, _)| imbalance < *value) {
            best = Some((imbalance, stones));
        }
    }
    engine.clear();
    best.map(|(_, stones)| stones).unwrap_or_default()
}

/// Cases 2 and 3: the engine's board holds the proposed stones (three or five) with white to
/// move. Swap if black is clearly better, play one stone if white is, and with three stones on
/// a balanced board add two that keep it balanced.
pub fn answer_proposal(engine: &mut GomokuEngine, time: Duration) -> Swap2Choice {
    let stones = engine.board().stone_count();
    let deadline = Deadline::new(time / 2, time / 2);
    let report = engine.think_until(deadline);
    let reply = match report.best {
        Some(reply) => reply,
        None => return Swap2Choice::Swap,
    };
    let white_score = report.score;
    if white_score <= -CLEAR_EDGE {
        return Swap2Choice::Swap;
    }
    if stones >= 5 || white_score >= CLEAR_EDGE || white_score >= WIN_THRESHOLD {
        return Swap2Choice::Stones(vec![reply]);
    }
    // Add white's reply and the black stone that leaves the position closest to even.
    let _ = engine.play(reply);
    let mut moves: Vec<ScoredMove> = Vec::new();
    let mut scratch: Vec<Cell> = Vec::new();
    generate(engine.board_mut(), &mut moves, &mut scratch);
    let mut best: Option<(i32, Cell)> = None;
    for scored in moves.iter().take(12) {
        let board = engine.board_mut();
        board.play(scored.cell);
        let imbalance = evaluate_for(board, Color::White).abs();
        board.undo();
        if best.map_or(true, |(value, _)| imbalance < value) {
            best = Some((imbalance, scored.cell));
        }
    }
    match best {
        Some((_, cell)) => {
            let (x, y) = engine.board().coords(cell);
            Swap2Choice::Stones(vec![reply, Point::new(x as i32, y as i32)])
        }
        None => Swap2Choice::Stones(vec![reply]),
    }
}
