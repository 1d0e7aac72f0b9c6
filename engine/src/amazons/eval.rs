//! The evaluation: territory by queen and king distances (after Lieberum) and mobility.
//!
//! For each side, `D1` is the number of queen moves and `D2` the number of king moves an amazon
//! of that side needs to reach a square over empty squares. Over the empty squares:
//! - `t1`, `t2`: +1 for a square the side to move reaches first (by `D1`, `D2`), -1 for one the
//!   opponent reaches first, `tie` for an equal finite distance (the move is worth something);
//! - `c1 = 2 * sum(2^-D1me - 2^-D1op)`, `c2 = sum(clamp((D2op - D2me) / 6, -1, 1))`: how
//!   strongly each side holds the squares, which matters while the regions are open;
//! - mobility: how many squares each amazon reaches in one queen move (a boxed-in amazon is
//!   worth little).
//!
//! The weights move from the positional terms to plain territory as arrows fill the board.

use super::board::{king_neighbours, queen_reach, Board, SQUARES};
use crate::core::color::Color;

/// Distance of a square no amazon of the side reaches.
pub const FAR: u8 = u8::MAX;

/// The evaluation's weights.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// What a square both sides reach equally fast is worth to the side to move.
    pub tie: f32,
    /// Weights of `t1`, `c1`, `c2`, `t2` and mobility in the opening (no arrows).
    pub opening: [f32; 5],
    /// The same once `late_arrows` arrows are on the board (linear in between).
    pub late: [f32; 5],
    /// The number of arrows at which the late weights hold fully.
    pub late_arrows: f32,
    /// Mobility counted per amazon up to this many squares.
    pub mobility_cap: u32,
    /// Scale from the weighted sum to search units.
    pub scale: f32,
}

impl Default for Weights {
    fn default() -> Self {
        Self {
            tie: 0.2,
            opening: [0.15, 0.35, 0.15, 0.15, 0.2],
            late: [0.8, 0.05, 0.05, 0.1, 0.02],
            late_arrows: 40.0,
            mobility_cap: 10,
            scale: 100.0,
        }
    }
}

/// Queen and king distances of both sides to every square.
#[derive(Clone)]
pub struct Distances {
    /// `queen[side][square]`.
    pub queen: [[u8; SQUARES]; 2],
    /// `king[side][square]`.
    pub king: [[u8; SQUARES]; 2],
}

/// Fills `out` with the distances from `start` over `empty`, one step being a queen move
/// (`queen`) or a king move; returns the squares reached.
fn distances(start: u128, empty: u128, queen: bool, out: &mut [u8; SQUARES]) -> u128 {
    *out = [FAR; SQUARES];
    let mut reached = start;
    let mut frontier = start;
    let mut distance = 0u8;
    while frontier != 0 {
        distance += 1;
        let next = if queen {
            queen_reach(frontier, empty)
        } else {
            king_neighbours(frontier) & empty
        };
        let fresh = next & !reached;
        reached |= fresh;
        frontier = fresh;
        let mut bits = fresh;
        while bits != 0 {
            out[bits.trailing_zeros() as usize] = distance;
            bits &= bits - 1;
        }
    }
    reached & !start
}

impl Distances {
    /// The distances in `board`.
    pub fn of(board: &Board) -> Self {
        let empty = board.empty();
        let mut result = Self {
            queen: [[FAR; SQUARES]; 2],
            king: [[FAR; SQUARES]; 2],
        };
        for side in [Color::Black, Color::White] {
            let start = board.amazon_bits(side);
            let index = side.index();
            distances(start, empty, true, &mut result.queen[index]);
            distances(start, empty, false, &mut result.king[index]);
        }
        result
    }
}

/// The squares each side can still reach and whether any empty square is reachable by both: once
/// none is, the regions are separated and each side only fills its own.
pub fn regions(board: &Board) -> (u128, u128) {
    let empty = board.empty();
    let flood = |side: Color| {
        let mut reached = board.amazon_bits(side);
        loop {
            let next = reached | (king_neighbours(reached) & empty);
            if next == reached {
                return reached & empty;
            }
            reached = next;
        }
    };
    (flood(Color::Black), flood(Color::White))
}

/// The position's value for the side to move, in search units (`scale` per square, roughly).
pub fn evaluate(board: &Board, weights: &Weights) -> i32 {
    let me = board.to_move();
    let (black, white) = regions(board);
    if black & white == 0 {
        return separated(board, black, white, weights);
    }
    let distances = Distances::of(board);
    let (m, o) = (me.index(), me.opponent().index());
    let empty = board.empty();
    let (mut t1, mut t2, mut c1, mut c2) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
    let mut bits = empty;
    while bits != 0 {
        let square = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (q_me, q_op) = (distances.queen[m][square], distances.queen[o][square]);
        let (k_me, k_op) = (distances.king[m][square], distances.king[o][square]);
        t1 += delta(q_me, q_op, weights.tie);
        t2 += delta(k_me, k_op, weights.tie);
        c1 += power(q_me) - power(q_op);
        let diff = (f32::from(k_op.min(20)) - f32::from(k_me.min(20))) / 6.0;
        c2 += diff.clamp(-1.0, 1.0);
    }
    c1 *= 2.0;
    let mobility =
        mobility(board, me, empty, weights) - mobility(board, me.opponent(), empty, weights);
    let phase = (board.arrows().count_ones() as f32 / weights.late_arrows).min(1.0);
    let terms = [t1, c1, c2, t2, mobility];
    let mut total = 0.0;
    for (index, term) in terms.iter().enumerate() {
        let weight = weights.opening[index] * (1.0 - phase) + weights.late[index] * phase;
        total += weight * term;
    }
    (total * weights.scale) as i32
}

/// Lieberum's comparison of two distances for the side to move.
fn delta(mine: u8, theirs: u8, tie: f32) -> f32 {
    if mine == theirs {
        if mine == FAR {
            0.0
        } else {
            tie
        }
    } else if mine < theirs {
        1.0
    } else {
        -1.0
    }
}

fn power(distance: u8) -> f32 {
    if distance >= 30 {
        0.0
    } else {
        1.0 / (1u32 << distance) as f32
    }
}

/// The mobility of `side`: squares each amazon reaches in one queen move, capped.
fn mobility(board: &Board, side: Color, empty: u128, weights: &Weights) -> f32 {
    board
        .amazons(side)
        .iter()
        .map(|&square| {
            let reach = queen_reach(1u128 << square, empty).count_ones();
            reach.min(weights.mobility_cap) as f32
        })
        .sum()
}

/// The value of a position whose regions are separated: each side can make about as many moves
/// as its region has squares, and the side to move needs more than the opponent to win.
fn separated(board: &Board, black: u128, white: u128, weights: &Weights) -> i32 {
    let me = board.to_move();
    let (mine, theirs) = match me {
        Color::Black => (black, white),
        Color::White => (white, black),
    };
    // The region's size bounds the moves from above and is met unless arrows cut it badly; the
    // search sees the cuts.
    let (mine, theirs) = (mine.count_ones(), theirs.count_ones());
    // With equal counts the side to move runs out first.
    ((mine as f32 - theirs as f32 - 0.5) * weights.scale * 2.0) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amazons::board::square;

    #[test]
    fn the_start_is_even_up_to_the_tempo() {
        let board = Board::new();
        let value = evaluate(&board, &Weights::default());
        assert!(value.abs() < 200, "{value}");
    }

    #[test]
    fn queen_distances_count_moves() {
        let board = Board::new();
        let distances = Distances::of(&board);
        let black = Color::Black.index();
        // AG is black's; AE is one queen move up, AA two, as white's AD stands in the way.
        assert_eq!(distances.queen[black][usize::from(square(0, 4))], 1);
        assert_eq!(distances.queen[black][usize::from(square(0, 0))], 2);
        assert_eq!(distances.king[black][usize::from(square(0, 0))], 6);
        assert_eq!(distances.queen[black][usize::from(square(0, 6))], FAR);
    }

    #[test]
    fn walled_regions_count_their_squares() {
        // Black alone at AA behind a wall on row 1, white below: black has 9 squares, white 80.
        let mut arrows = 0u128;
        for x in 0..10 {
            arrows |= 1u128 << square(x, 1);
        }
        let black = [square(0, 0), square(1, 0), square(2, 0), square(3, 0)];
        let white = [square(0, 5), square(1, 5), square(2, 5), square(3, 5)];
        let board = Board::from_parts(black, white, arrows, Color::Black);
        let (b, w) = regions(&board);
        assert_eq!(b.count_ones(), 6);
        assert_eq!(w.count_ones(), 76);
        assert!(evaluate(&board, &Weights::default()) < -1000);
    }
}
