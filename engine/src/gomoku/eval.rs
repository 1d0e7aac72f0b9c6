//! Evaluation from pattern tables: every empty cell is worth what a stone there would make for
//! each side, and a position is worth the difference of the two sides' sums.

use super::board::Board;
use super::pattern::{LineCode, Threat};
use super::rule::Color;

/// What one line pattern on an empty cell is worth, indexed by [`super::pattern::Pattern`].
pub const LINE_WEIGHT: [i32; 9] = [0, 2, 8, 10, 36, 40, 220, 220, 900];

/// Extra worth of a cell whose lines combine into a double threat, indexed by [`Threat`].
pub const THREAT_BONUS: [i32; 10] = [0, 0, 6, 0, 12, 0, 150, 260, 300, 0];

/// The value of one empty cell for one side.
pub fn cell_value(codes: [LineCode; 4], threat: Threat) -> i32 {
    let lines: i32 = codes
        .iter()
        .map(|code| LINE_WEIGHT[code.pattern() as usize])
        .sum();
    lines + THREAT_BONUS[threat as usize]
}

/// The static value of the position for the side to move: its potential minus the opponent's.
/// Equal weights played better in self-play than favouring the side to move (the tempo is
/// already in the threat bonus) or the opponent.
pub fn evaluate(board: &Board) -> i32 {
    let me = board.side_to_move();
    let opponent = me.opponent();
    let own = board.total_value(me);
    let other = board.total_value(opponent);
    own - other + threat_bonus(board, me)
}

/// What the side to move's double threats are worth when the opponent has no four to answer
/// with: a four-three wins unless the opponent can counter, a double three nearly so.
pub const FOUR_THREE_BONUS: i32 = 1_500;
pub const DOUBLE_THREE_BONUS: i32 = 600;

fn threat_bonus(board: &Board, me: Color) -> i32 {
    let opponent = me.opponent();
    let opponent_fours = board.threat_count(opponent, Threat::Four)
        + board.threat_count(opponent, Threat::FourThree)
        + board.threat_count(opponent, Threat::Flex4);
    if opponent_fours > 0 {
        return 0;
    }
    if board.threat_count(me, Threat::FourThree) > 0 {
        FOUR_THREE_BONUS
    } else if board.threat_count(me, Threat::DoubleThree) > 0
        && !board.rule().has_forbidden_points(me)
    {
        DOUBLE_THREE_BONUS
    } else {
        0
    }
}

/// The value of the position for `color`, whoever moves.
pub fn evaluate_for(board: &Board, color: Color) -> i32 {
    let score = evaluate(board);
    if board.side_to_move() == color {
        score
    } else {
        -score
    }
}
