//! Evaluation from pattern tables: every empty cell is worth what a stone there would make for
//! each side, and a position is worth the difference of the two sides' sums.

use super::board::Board;
use super::pattern::{LineCode, Threat};
use super::rule::Color;

// The weights below were fitted to game results (Texel's method) with `gomoku-tune fit
// --lambda 0.1` over the 671 games of our arena logs of 21 Nov 2026 (matches between engine
// versions and against Rapfi, 15x15 exact five and 20x20 freestyle): 22466 quiet positions
// from stone 8 on. The fit scale was K = 0.000883 logit per unit; the log-loss on the fifth of
// the games held out fell from 0.664 (the hand-set weights) to 0.638. The pattern and class
// `None`, `Five` and open-four weights were kept as set by hand (see the tool). Against the
// hand-set weights they scored 85-3-32 (72.1% +- 7.9%) on 15x15 exact five at 200 ms/move and
// 15 s/game (120 games, self15 openings), 40-4-16 (70.0% +- 11.2%) there at 500 ms/move and
// 20 s/game (60 games), and 86-0-34 (71.7% +- 8.1%) on 20x20 freestyle at 200 ms/move (120
// games, free20 openings). Refits from these weights did not beat them and were not kept:
// lambda 0.1 over 1078 games (those matches included) scored 60-7-53 (52.9% +- 8.7%) against
// them, lambda 0.03 over 1818 games 47-5-68 (41.2% +- 8.7%): a better log-loss alone is no
// proof of strength.

/// What one line pattern on an empty cell is worth, indexed by [`super::pattern::Pattern`].
pub const LINE_WEIGHT: [i32; 9] = [0, 5, 8, 25, 45, 81, 220, 220, 900];

/// Extra worth of a cell for the threat class its lines combine into, indexed by [`Threat`].
/// The double three's is a little negative: the fit pays the side to move's double three
/// through [`DOUBLE_THREE_BONUS`] instead.
pub const THREAT_BONUS: [i32; 10] = [0, 0, 3, 2, 59, 44, -12, 369, 300, 0];

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
    material(board) + threat_bonus(board, board.side_to_move())
}

/// What the stones are worth for the side to move, without the threat bonus.
pub fn material(board: &Board) -> i32 {
    let me = board.side_to_move();
    board.total_value(me) - board.total_value(me.opponent())
}

/// [`evaluate`] with the stones' worth averaged over this position and the one before the
/// last move (`previous_material`, [`material`] there for the side that moved): a static
/// value swings with whose turn it is, and the average damps that odd-even swing. At the
/// search's leaves it scored 57-0-93 (38.0%, 150 games) against Rapfi capped at 100 ms a
/// move (our 1 s a move, 30 s a game, 20x20 freestyle), where the plain value scored 31-0-99
/// (23.8%, 130 games): about +115 Elo.
pub fn evaluate_smoothed(board: &Board, previous_material: i32) -> i32 {
    let me = board.side_to_move();
    (material(board) - previous_material) / 2 + threat_bonus(board, me)
}

/// What the side to move's four-three is worth when the opponent has no four to answer with:
/// it wins unless the opponent can counter.
pub const FOUR_THREE_BONUS: i32 = 2021;
/// What the side to move's double three is worth when the opponent has no four to answer
/// with: nearly a win.
pub const DOUBLE_THREE_BONUS: i32 = 1606;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::rule::Rule;

    #[test]
    fn the_smoothed_value_lies_between_the_two_plies() {
        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        let moves = [
            (7, 7),
            (8, 8),
            (7, 8),
            (6, 9),
            (7, 6),
            (9, 7),
            (10, 6),
            (5, 10),
        ];
        let mut largest_damping = 0;
        for (x, y) in moves {
            let before = material(&board);
            let cell = board.cell(x, y);
            board.play(cell);
            let now = material(&board);
            // No four-three nor double three on the board: the values are the materials.
            assert_eq!(threat_bonus(&board, board.side_to_move()), 0);
            let smoothed = evaluate_smoothed(&board, before);
            // Both bounds are the new side to move's view: now, and before the last move.
            assert!(smoothed >= now.min(-before) && smoothed <= now.max(-before));
            largest_damping = largest_damping.max((smoothed - now).abs());
        }
        // The stones' worth does swing from one ply to the next, and the average damps it.
        assert!(largest_damping > 0);
    }
}
