//! Renju forbidden points for black: double three, double four and overline, with the full
//! recursive definition of a three (a line that one more legal stone turns into a straight four).

use super::board::{Board, Cell};
use super::pattern::{four_count, Pattern, Threat};
use crate::core::color::Color;

/// Whether black may not play on the empty `cell` under renju. A move that makes exactly five is
/// never forbidden.
pub fn is_forbidden(board: &mut Board, cell: Cell) -> bool {
    is_forbidden_at_depth(board, cell, 0)
}

/// Quick filter: only cells whose threat class, fours or overline flag could make them
/// forbidden (black's table classes a double four as no threat at all).
pub fn may_be_forbidden(board: &Board, cell: Cell) -> bool {
    let threat = board.threat(Color::Black, cell);
    let codes = board.line_codes(Color::Black, cell);
    matches!(
        threat,
        Threat::Flex4 | Threat::DoubleThree | Threat::FourThree
    ) || four_count(codes) >= 2
        || codes.iter().any(|code| code.overline())
}

/// Recursion guard: real positions never need more than a few levels.
const MAX_DEPTH: u32 = 6;

fn is_forbidden_at_depth(board: &mut Board, cell: Cell, depth: u32) -> bool {
    if !may_be_forbidden(board, cell) {
        return false;
    }
    let codes = board.line_codes(Color::Black, cell);
    if codes.iter().any(|code| code.pattern() == Pattern::Five) {
        return false;
    }
    if codes.iter().any(|code| code.overline()) {
        return true;
    }
    if four_count(codes) >= 2 {
        return true;
    }
    let three_lines: Vec<usize> = (0..4)
        .filter(|&direction| codes[direction].pattern() == Pattern::Flex3)
        .collect();
    if three_lines.len() < 2 || depth >= MAX_DEPTH {
        return false;
    }
    board.put(cell, Color::Black);
    let real_threes = three_lines
        .iter()
        .filter(|&&direction| is_real_three(board, cell, direction, depth))
        .count();
    board.undo();
    real_threes >= 2
}

/// Whether the black line through `cell` (just played) in `direction` can become a straight four
/// with one more stone on a point that is not itself forbidden.
fn is_real_three(board: &mut Board, cell: Cell, direction: usize, depth: u32) -> bool {
    for distance in -4..=4isize {
        let point = board.step(cell, direction, distance);
        if distance == 0 || !board.is_on_board(point) || !board.is_empty(point) {
            continue;
        }
        let code = board.line_codes(Color::Black, point)[direction];
        if code.pattern() == Pattern::Flex4 && !is_forbidden_at_depth(board, point, depth + 1) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::rule::Rule;

    /// A renju board with black stones at `black` and white stones at `white`, `(x, y)` pairs.
    fn board_with(black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
        Board::with_stones(Rule::Renju, black, white, Color::Black)
    }

    fn forbidden(board: &mut Board, x: usize, y: usize) -> bool {
        let cell = board.cell(x, y);
        is_forbidden(board, cell)
    }

    #[test]
    fn double_three_is_forbidden() {
        // Two open twos crossing at (7, 7).
        let mut board = board_with(&[(5, 7), (6, 7), (7, 5), (7, 6)], &[]);
        assert!(forbidden(&mut board, 7, 7));
    }

    #[test]
    fn blocked_three_does_not_count() {
        let mut board = board_with(&[(5, 7), (6, 7), (7, 5), (7, 6)], &[(4, 7), (8, 7)]);
        assert!(!forbidden(&mut board, 7, 7));
    }

    #[test]
    fn double_four_is_forbidden_also_in_one_line() {
        let mut board = board_with(&[(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)], &[]);
        assert!(forbidden(&mut board, 7, 7));
        // x.xxx.x on one line: the middle stone makes two fours at once.
        let mut line = board_with(&[(2, 5), (4, 5), (5, 5), (8, 5)], &[]);
        assert!(forbidden(&mut line, 6, 5));
    }

    #[test]
    fn overline_is_forbidden_but_five_is_not() {
        let mut board = board_with(&[(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)], &[]);
        assert!(forbidden(&mut board, 5, 7));
        let mut board = board_with(&[(3, 7), (4, 7), (6, 7), (7, 7)], &[]);
        assert!(!forbidden(&mut board, 5, 7));
    }

    #[test]
    fn four_three_is_allowed() {
        let mut board = board_with(&[(4, 7), (5, 7), (6, 7), (7, 5), (7, 6)], &[(3, 7)]);
        assert!(!forbidden(&mut board, 7, 7));
    }

    #[test]
    fn three_that_can_only_become_an_overline_four_does_not_count() {
        // Horizontal: a stone at x=2 and the two at x=5,6. With (7,7) the line reads
        // x..xxx: (4,7) would give an overline five point, (8,7) a straight four, so it is
        // still a real three, and with white at (9,7) it is not.
        let mut open = board_with(&[(2, 7), (5, 7), (6, 7), (7, 5), (7, 6)], &[]);
        assert!(forbidden(&mut open, 7, 7));
        let mut closed = board_with(&[(2, 7), (5, 7), (6, 7), (7, 5), (7, 6)], &[(9, 7)]);
        assert!(!forbidden(&mut closed, 7, 7));
    }
}
