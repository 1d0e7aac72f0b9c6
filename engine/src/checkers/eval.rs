//! Static evaluation: a weighted sum of simple features, from the side to move's view.
//!
//! The features are written once, in [`features`]; the engine weighs them with [`WEIGHTS`] and
//! the tuner of the harness crate (`checkers-tune`) reads the same feature values to fit the
//! weights.
//!
//! The weights were fitted by Texel-style logistic regression on self-play positions labelled
//! with the game's result; `docs/checkers.md` tells how and what each round scored.

use super::bitboard::{
    row_mask, shift_down_left, shift_down_right, shift_up_left, shift_up_right, Bitboard, CENTER,
    SIDE_COLUMNS,
};
use super::position::{Position, MAX_PLIES};
use crate::core::color::Color;

/// Feature indices.
pub mod feature {
    /// A man on its own back row; `MAN_ROW + k` is a man `k` rows ahead of it (k = 0..7).
    pub const MAN_ROW: usize = 0;
    /// A king.
    pub const KING: usize = 7;
    /// A king on the board's edge (first or last row or column), where it controls less.
    pub const KING_EDGE: usize = 8;
    /// A king on one of the eight central squares.
    pub const KING_CENTER: usize = 9;
    /// A man on the left or right edge column.
    pub const MAN_SIDE: usize = 10;
    /// The number of empty squares the side's pieces can step to.
    pub const MOBILITY: usize = 11;
    /// The final score's material points (man 1, king 3) times `ply / 8`: near the 120-ply
    /// end the score rule matters more than position.
    pub const LATE_POINTS: usize = 12;
    /// Being the side to move.
    pub const TEMPO: usize = 13;
    /// The material points balance times the number of pieces already gone: trading down
    /// when ahead brings the score rule's win nearer and leaves the opponent less play.
    pub const TRADE: usize = 14;
    /// A man on its own back row while the opponent still has men that could crown there.
    pub const BACK_GUARD: usize = 15;
    /// A king times `ply / 8`: the score rule makes a king three men at the end, and a king
    /// left near the end is hard to lose.
    pub const LATE_KING: usize = 16;
    /// The men that could still be crowned before the limit with the side's moves left,
    /// nearest first, path blocking ignored: each is worth 2 more points at the end.
    pub const CROWNABLE: usize = 17;
    /// [`CROWNABLE`] times `ply / 8`.
    pub const LATE_CROWNABLE: usize = 18;
    /// Number of features.
    pub const COUNT: usize = 19;
}

/// The tuned weights, in hundredths of a man (see the module documentation).
pub const WEIGHTS: Weights = [
    92, 154, 156, 164, 165, 168, 180, // men by row
    156, // king
    -2,  // king on edge
    5,   // king in the centre
    -17, // man on the side
    -3,  // mobility
    11,  // late points
    2,   // tempo
    -10, // trade
    70,  // back-row guard
    -8,  // late king
    -16, // crownable
    3,   // late crownable
];

/// Calls `term(feature, value)` for every feature of `position`, values signed from black's
/// view (black's count minus white's). Tempo is +1 when black is to move.
#[inline]
pub fn features(position: &Position, mut term: impl FnMut(usize, i32)) {
    let black = position.black();
    let white = position.white();
    let kings = position.kings();
    let black_men = black & !kings;
    let white_men = white & !kings;
    let black_kings = black & kings;
    let white_kings = white & kings;
    let count = |b: Bitboard| b.count_ones() as i32;

    for rank in 0..7 {
        // Black's back row is row 7, white's is row 0.
        let black_row = row_mask(7 - rank);
        let white_row = row_mask(rank);
        let value = count(black_men & black_row) - count(white_men & white_row);
        if value != 0 {
            term(feature::MAN_ROW + rank as usize, value);
        }
    }
    term(feature::KING, count(black_kings) - count(white_kings));
    let edge = SIDE_COLUMNS | row_mask(0) | row_mask(7);
    term(
        feature::KING_EDGE,
        count(black_kings & edge) - count(white_kings & edge),
    );
    term(
        feature::KING_CENTER,
        count(black_kings & CENTER) - count(white_kings & CENTER),
    );
    term(
        feature::MAN_SIDE,
        count(black_men & SIDE_COLUMNS) - count(white_men & SIDE_COLUMNS),
    );
    let empty = !(black | white);
    let black_reach = shift_up_left(black)
        | shift_up_right(black)
        | shift_down_left(black_kings)
        | shift_down_right(black_kings);
    let white_reach = shift_down_left(white)
        | shift_down_right(white)
        | shift_up_left(white_kings)
        | shift_up_right(white_kings);
    term(
        feature::MOBILITY,
        count(black_reach & empty) - count(white_reach & empty),
    );
    let points = position.material_points(Color::Black) - position.material_points(Color::White);
    let ply = position.ply().min(MAX_PLIES) as i32;
    term(feature::LATE_POINTS, points * ply / 8);
    term(
        feature::TEMPO,
        if position.side() == Color::Black {
            1
        } else {
            -1
        },
    );
    let gone = 24 - count(black | white);
    term(feature::TRADE, points * gone / 4);
    let guard = |men: Bitboard, back_row: Bitboard, enemy_men: Bitboard| {
        if enemy_men == 0 {
            0
        } else {
            count(men & back_row)
        }
    };
    term(
        feature::BACK_GUARD,
        guard(black_men, row_mask(7), white_men) - guard(white_men, row_mask(0), black_men),
    );
    term(
        feature::LATE_KING,
        (count(black_kings) - count(white_kings)) * ply / 8,
    );
    let plies_left = MAX_PLIES.saturating_sub(position.ply());
    let (black_moves, white_moves) = match position.side() {
        Color::Black => ((plies_left + 1) / 2, plies_left / 2),
        Color::White => (plies_left / 2, (plies_left + 1) / 2),
    };
    // Rows to go: a black man on row r needs r steps, a white one 7 - r.
    let crownable = crownable(|steps| count(black_men & row_mask(steps)), black_moves)
        - crownable(|steps| count(white_men & row_mask(7 - steps)), white_moves);
    term(feature::CROWNABLE, crownable);
    term(feature::LATE_CROWNABLE, crownable * ply / 8);
}

/// How many men can reach the crowning row within `moves` steps in all, nearest first;
/// `men_at(k)` is the number of men `k` steps away (k = 1..7).
#[inline]
fn crownable(men_at: impl Fn(u32) -> i32, moves: u32) -> i32 {
    let mut budget = moves as i32;
    let mut crowned = 0;
    for steps in 1..8 {
        if budget < steps {
            break;
        }
        let men = men_at(steps as u32).min(budget / steps);
        crowned += men;
        budget -= men * steps;
    }
    crowned
}

/// A set of feature weights.
pub type Weights = [i32; feature::COUNT];

/// The evaluation of a quiet position for the side to move, in hundredths of a man.
#[inline]
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    let mut sum = 0;
    features(position, |index, value| sum += weights[index] * value);
    match position.side() {
        Color::Black => sum,
        Color::White => -sum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_but_for_tempo() {
        let start = Position::start();
        assert_eq!(evaluate(&start, &WEIGHTS), WEIGHTS[feature::TEMPO]);
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        let black_up = Position::parse(
            "......../......../...b..../......../......../......../.w....../........ b",
        )
        .unwrap();
        let white_up = Position::parse(
            "......../......b./......../......../......../....w.../......../........ w",
        )
        .unwrap();
        // The second is the first turned half round with colours swapped.
        assert_eq!(evaluate(&black_up, &WEIGHTS), evaluate(&white_up, &WEIGHTS));
    }

    #[test]
    fn a_king_outweighs_a_man_once_the_end_nears() {
        // King (3 points at the end) against a man far from crowning (1 point), at ply 100.
        let parsed = Position::parse(
            "......../..w...../......../......../...B..../......../......../........ w",
        )
        .unwrap();
        let position = Position::from_parts(
            parsed.black(),
            parsed.white(),
            parsed.kings(),
            parsed.side(),
            100,
        );
        assert!(evaluate(&position, &WEIGHTS) < 0);
    }
}
