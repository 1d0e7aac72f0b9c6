//! The static evaluation: material, capture threats, defended and hanging pieces, circuit control
//! and mobility, from the side to move's point of view.

use super::board::{for_each_link, Board, ALL, CIRCUIT_POINTS, NEIGHBOURS};

/// The evaluation weights (a pawn-like piece is worth `piece`).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// One piece.
    pub piece: i32,
    /// Each capture path a side has (pressure along the circuits).
    pub capture_path: i32,
    /// Each of the side to move's pieces the opponent attacks (it must move or be defended).
    pub attacked: i32,
    /// Extra for an attacked piece that no piece of its own side defends.
    pub undefended: i32,
    /// Each piece defended along a circuit by one of its own side.
    pub defended: i32,
    /// Each piece on a circuit point (it can attack and be attacked).
    pub on_circuit: i32,
    /// Each piece on both circuits at once.
    pub on_both: i32,
    /// Each step move.
    pub mobility: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Self {
            piece: 100,
            capture_path: 6,
            attacked: 12,
            undefended: 25,
            defended: 4,
            on_circuit: 3,
            on_both: 4,
            mobility: 1,
        }
    }
}

/// The score of `board` for the side to move.
pub fn evaluate(board: &Board, weights: &Weights) -> i32 {
    let us = board.to_move();
    let ours = board.pieces(us);
    let theirs = board.pieces(us.opponent());
    let mut paths = [0i32; 2];
    let mut attacked = [0u64; 2];
    let mut defended = [0u64; 2];
    for_each_link(ours | theirs, |from, to| {
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        let mover = usize::from(ours & from_bit == 0);
        let target_ours = ours & to_bit != 0;
        let target_side = usize::from(!target_ours);
        if mover == target_side {
            defended[mover] |= to_bit;
        } else {
            paths[mover] += 1;
            attacked[target_side] |= to_bit;
        }
    });
    let both = CIRCUIT_POINTS[0] & CIRCUIT_POINTS[1];
    let any = CIRCUIT_POINTS[0] | CIRCUIT_POINTS[1];
    let empty = !(ours | theirs) & ALL;
    let mut score = 0;
    for (side, set, sign) in [(0usize, ours, 1i32), (1, theirs, -1)] {
        let mut side_score = weights.piece * set.count_ones() as i32
            + weights.capture_path * paths[side]
            + weights.defended * (defended[side] & set).count_ones() as i32
            + weights.on_circuit * (set & any).count_ones() as i32
            + weights.on_both * (set & both).count_ones() as i32;
        if side == 0 {
            // Only the side to move's pieces stand attacked: the other side's are the quiescence
            // search's business (they can be taken right now).
            let hit = attacked[0] & set;
            side_score -= weights.attacked * hit.count_ones() as i32
                + weights.undefended * (hit & !defended[0]).count_ones() as i32;
        }
        let mut bits = set;
        let mut steps = 0;
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            steps += (NEIGHBOURS[from] & empty).count_ones() as i32;
        }
        side_score += weights.mobility * steps;
        score += sign * side_score;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::color::Color;

    #[test]
    fn the_start_is_even_and_material_counts() {
        let weights = Weights::default();
        let board = Board::new();
        assert_eq!(evaluate(&board, &weights), 0);
        let up = Board::from_pieces(board.pieces(Color::Black), 0b1111, Color::Black);
        assert!(evaluate(&up, &weights) > 0);
    }
}
