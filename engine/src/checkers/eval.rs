//! Static evaluation: a weighted sum of features, from the side to move's view.
//!
//! The features are written once, in [`features`]: a few named terms (men by row, kings,
//! mobility, the 120-ply count...) and the men's patterns, the state of every block of four rows
//! by four columns of each side's view, weighed by a table per block ([`super::patterns`]). The
//! engine weighs them with [`WEIGHTS`]; the tuner of the harness crate (`checkers-tune`) reads
//! the same feature values to fit the weights.
//!
//! The weights were fitted by Texel-style logistic regression on self-play positions labelled
//! with the game's result; `docs/checkers.md` tells how and what each round scored.

use super::bitboard::{
    row_mask, shift_down_left, shift_down_right, shift_up_left, shift_up_right, Bitboard, CENTER,
    SIDE_COLUMNS,
};
use super::patterns::PATTERNS;
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
    /// The first of the men's pattern tables: table `t`, state `s` is feature
    /// `PATTERN + t * PATTERN_STATES + s` (see [`pattern_terms`]).
    pub const PATTERN: usize = 19;
    /// Pattern tables, one per block of the side's own view ([`super::PATTERN_BLOCKS`]).
    pub const PATTERN_TABLES: usize = 5;
    /// The states of a block's eight squares: empty (or a king), own man, opponent's man.
    pub const PATTERN_STATES: usize = 6561;
    /// Number of features.
    pub const COUNT: usize = PATTERN + PATTERN_TABLES * PATTERN_STATES;
}

/// The tuned weights, in hundredths of a man (see the module documentation): the named terms,
/// then the pattern tables of [`super::patterns`].
pub static WEIGHTS: Weights = {
    let mut weights = [0; feature::COUNT];
    let mut i = 0;
    while i < TERMS.len() {
        weights[i] = TERMS[i];
        i += 1;
    }
    let mut table = 0;
    while table < feature::PATTERN_TABLES {
        let mut run = 0;
        while run < PATTERNS[table].len() {
            let (first, values) = PATTERNS[table][run];
            let mut k = 0;
            while k < values.len() {
                let state = first as usize + k;
                weights[feature::PATTERN + table * feature::PATTERN_STATES + state] =
                    values[k] as i32;
                k += 1;
            }
            run += 1;
        }
        table += 1;
    }
    weights
};

/// The weights of the named terms, `feature::MAN_ROW` to `feature::LATE_CROWNABLE`.
const TERMS: [i32; feature::PATTERN] = [
    134, 177, 174, 175, 176, 183, 190, // men by row
    154, // king
    -1,  // king on edge
    4,   // king in the centre
    -13, // man on the side
    1,   // mobility
    1,   // late points
    2,   // tempo
    -2,  // trade
    47,  // back-row guard
    8,   // late king
    -11, // crownable
    4,   // late crownable
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
    pattern_terms(black_men, white_men, 1, &mut term);
    // White's view is the board turned half round (square i becomes 31 - i), colours swapped.
    pattern_terms(
        white_men.reverse_bits(),
        black_men.reverse_bits(),
        -1,
        &mut term,
    );
}

/// The blocks of four rows by four columns (eight playable squares) that the pattern tables
/// read, as (first row, first square of the row), seen from the side whose men move towards
/// row 0: its own half and the two blocks across the middle.
pub const PATTERN_BLOCKS: [(u32, u32); feature::PATTERN_TABLES] =
    [(4, 0), (4, 1), (4, 2), (2, 0), (2, 1)];

/// One term per block of [`PATTERN_BLOCKS`]: the state of its men, `own` moving towards row 0.
#[inline]
fn pattern_terms(own: Bitboard, their: Bitboard, sign: i32, term: &mut impl FnMut(usize, i32)) {
    for (table, &(row, first)) in PATTERN_BLOCKS.iter().enumerate() {
        let state =
            TERNARY[block_bits(own, row, first)] + 2 * TERNARY[block_bits(their, row, first)];
        term(
            feature::PATTERN + table * feature::PATTERN_STATES + state as usize,
            sign,
        );
    }
}

/// The eight squares of the block at `row`, `first` as the bits of a byte: bit `2 * r + k` is
/// square `first + k` of row `row + r`.
#[inline]
fn block_bits(board: Bitboard, row: u32, first: u32) -> usize {
    let pairs = (board >> (row * 4 + first)) & 0x3333;
    let rows = (pairs | (pairs >> 2)) & 0x0f0f;
    ((rows | (rows >> 4)) & 0xff) as usize
}

/// `TERNARY[b]` reads the bits of `b` as base-3 digits: the sum of `3^i` over the bits set.
const TERNARY: [u16; 256] = {
    let mut table = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut value = 0;
        let mut power = 1;
        let mut i = 0;
        while i < 8 {
            if bits & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

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
    fn pattern_runs_are_in_order_and_inside_their_table() {
        for table in PATTERNS {
            let mut next = 0;
            for &(first, values) in table {
                assert!(first as usize >= next && !values.is_empty());
                next = first as usize + values.len();
                assert!(next <= feature::PATTERN_STATES);
            }
        }
    }

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
    fn a_block_reads_its_eight_squares_row_by_row() {
        // The block of rows 4-7, squares 1-2 of each row: bits 17, 18, 21, 22, 25, 26, 29, 30.
        let board: Bitboard = 1 << 17 | 1 << 22 | 1 << 29 | 1 << 16 | 1 << 31;
        assert_eq!(block_bits(board, 4, 1), 0b0100_1001);
        assert_eq!(TERNARY[0b101], 1 + 9);
        assert_eq!(TERNARY[0xff] as usize, feature::PATTERN_STATES / 2);
    }

    #[test]
    fn pattern_weights_keep_mirrored_positions_equal() {
        let mut weights = WEIGHTS;
        let mut seed = 12345u32;
        for w in weights.iter_mut().skip(feature::PATTERN) {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            *w = (seed >> 16) as i32 % 50 - 25;
        }
        let position = Position::parse(
            "......../..w.w.w./.w.....w/b.w...../.....b../b...b.../.b.b.W../....b.b. b",
        )
        .unwrap();
        let mirrored = Position::from_parts(
            position.white().reverse_bits(),
            position.black().reverse_bits(),
            position.kings().reverse_bits(),
            Color::White,
            position.ply(),
        );
        assert_eq!(evaluate(&position, &weights), evaluate(&mirrored, &weights));
        assert_ne!(evaluate(&position, &weights), evaluate(&position, &WEIGHTS));
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
