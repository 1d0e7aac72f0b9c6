//! Move generation that knows threats: answer a five threat at once, answer an open three or a
//! double-four threat with a block or a four of our own, otherwise every cell near the stones,
//! best first by what it makes for both sides.

use super::board::{Board, Cell};
use super::forbidden::{is_forbidden, may_be_forbidden};
use super::pattern::Threat;

/// A candidate move with its ordering score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    pub cell: Cell,
    pub score: i32,
}

/// Whether the side to move may play on the empty `cell` (renju forbids some points to black).
pub fn is_legal(board: &mut Board, cell: Cell) -> bool {
    let me = board.side_to_move();
    !(board.rule().has_forbidden_points(me)
        && may_be_forbidden(board, cell)
        && is_forbidden(board, cell))
}

/// Whether the side to move has empty cells left and may play none of them (renju's black when
/// every one is forbidden).
pub fn is_stuck(board: &mut Board) -> bool {
    !board.is_full()
        && !(0..board.playable().len()).any(|index| {
            let cell = board.playable()[index];
            board.is_empty(cell) && is_legal(board, cell)
        })
}

/// The ordering score of a cell for the side to move: what it builds and what it takes from
/// the opponent (see [`super::policy`]).
pub fn move_score(board: &Board, cell: Cell) -> i32 {
    board.policy_score(cell)
}

/// The legal moves worth searching, best first (see [`generate_unordered`]).
pub fn generate(board: &mut Board, out: &mut Vec<ScoredMove>, scratch: &mut Vec<Cell>) {
    generate_unordered(board, out, scratch);
    out.sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
}

/// The legal moves worth searching with their ordering scores, in no particular order (the
/// search orders them itself, with what it has learnt). When the opponent threatens to make
/// an open four (or a double four) next move, only the blocks and our own fours are returned.
pub fn generate_unordered(board: &mut Board, out: &mut Vec<ScoredMove>, scratch: &mut Vec<Cell>) {
    let me = board.side_to_move();
    let opponent = me.opponent();
    out.clear();
    if board.threat_count(opponent, Threat::Flex4) > 0 {
        board.candidates(scratch);
        scratch.retain(|&cell| {
            board.threat(opponent, cell).is_four() || board.threat(me, cell).is_four()
        });
        if !board.rule().has_forbidden_points(opponent) {
            // A block that leaves the opponent an open four somewhere (a second three, or
            // a four point on another line) stops nothing: keep the blocks that leave none.
            scratch
                .retain(|&cell| board.threat(me, cell).is_four() || stops_open_fours(board, cell));
        }
    } else {
        board.candidates(scratch);
    }
    for &cell in scratch.iter() {
        if is_legal(board, cell) {
            out.push(ScoredMove {
                cell,
                score: move_score(board, cell),
            });
        }
    }
}

/// Whether a stone of the side to move on `cell` leaves the opponent no open-four point.
fn stops_open_fours(board: &mut Board, cell: Cell) -> bool {
    let opponent = board.side_to_move().opponent();
    board.play(cell);
    let stopped = board.threat_count(opponent, Threat::Flex4) == 0;
    board.undo();
    stopped
}

/// Every legal cell where the side to move makes a four (for threat-space searches).
pub fn fours(board: &mut Board, out: &mut Vec<ScoredMove>, scratch: &mut Vec<Cell>) {
    let me = board.side_to_move();
    out.clear();
    board.cells_with_threat(me, Threat::Four, scratch);
    for &cell in scratch.iter() {
        let threat = board.threat(me, cell);
        if threat.is_four() && is_legal(board, cell) {
            out.push(ScoredMove {
                cell,
                score: threat as i32 * 1000 + move_score(board, cell),
            });
        }
    }
    out.sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::color::Color;
    use crate::gomoku::rule::Rule;

    fn board_with(black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
        Board::with_stones(Rule::Freestyle, black, white, Color::White)
    }

    fn generated(board: &mut Board) -> Vec<(usize, usize)> {
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        generate(board, &mut moves, &mut scratch);
        let mut cells: Vec<_> = moves.iter().map(|m| board.coords(m.cell)).collect();
        cells.sort_unstable();
        cells
    }

    #[test]
    fn an_open_three_is_answered_next_to_it() {
        // Black's open three with two free cells on each side: a stone one cell further out
        // would still let black make an open four, so only the two ends are answers.
        let mut board = board_with(&[(5, 7), (6, 7), (7, 7)], &[(7, 9), (9, 10)]);
        assert_eq!(generated(&mut board), vec![(4, 7), (8, 7)]);
    }

    #[test]
    fn two_open_threes_leave_no_answer_but_a_four() {
        let black = [(5, 7), (6, 7), (7, 7), (12, 2), (12, 3), (12, 4)];
        let mut board = board_with(&black, &[(0, 14), (2, 14)]);
        assert!(generated(&mut board).is_empty());
        // With a three of its own on the edge column, white's four points are its only moves.
        let mut board = board_with(&black, &[(0, 10), (0, 11), (0, 12), (2, 14)]);
        assert_eq!(
            generated(&mut board),
            vec![(0, 8), (0, 9), (0, 13), (0, 14)]
        );
    }
}
