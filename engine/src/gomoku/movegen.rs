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

/// The ordering score of a cell for the side to move: what it builds plus what it takes from
/// the opponent.
pub fn move_score(board: &Board, cell: Cell) -> i32 {
    let me = board.side_to_move();
    let attack = board.value(me, cell);
    let defence = board.value(me.opponent(), cell);
    attack * 8 + defence * 7
}

/// The legal moves worth searching, best first. When the opponent threatens to make an open
/// four (or a double four) next move, only the blocks and our own fours are returned.
pub fn generate(board: &mut Board, out: &mut Vec<ScoredMove>, scratch: &mut Vec<Cell>) {
    let me = board.side_to_move();
    let opponent = me.opponent();
    out.clear();
    if board.threat_count(opponent, Threat::Flex4) > 0 {
        board.candidates(scratch);
        scratch.retain(|&cell| {
            board.threat(opponent, cell).is_four() || board.threat(me, cell).is_four()
        });
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
    out.sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
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
