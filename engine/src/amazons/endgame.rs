//! The endgame after the regions have separated: no empty square is reachable by both sides, so
//! each side only fills its own squares and the one that runs out of moves first loses. Our best
//! play then ignores the opponent: make as many moves as possible in our own regions.
//!
//! A depth-first search over our own moves alone (the opponent's turns do not touch our squares)
//! with branch and bound: a line can make at most one move per empty square our amazons can still
//! reach, so a branch that cannot beat the best line is cut, and the search ends as soon as a line
//! fills every square. Arrows onto squares with few empty neighbours come first (filling dead ends
//! keeps the rest connected), which usually finds a filling line at once. When the clock runs out
//! first, the best line so far is played.

use super::board::{king_neighbours, Board, Move};
use super::eval::regions;
use crate::core::color::Color;
use crate::core::time::Deadline;

/// Whether no empty square is reachable by both sides any more.
pub fn is_separated(board: &Board) -> bool {
    let (black, white) = regions(board);
    black & white == 0
}

/// The squares `side` can still reach (king steps over empty squares from its amazons).
fn reach(board: &Board, side: Color) -> u128 {
    let (black, white) = regions(board);
    match side {
        Color::Black => black,
        Color::White => white,
    }
}

/// What the filling search found: the first move of its best line and the line's length.
#[derive(Clone, Copy, Debug)]
pub struct Filling {
    /// The move to play.
    pub first: Move,
    /// How many moves the best line makes, this one included.
    pub moves: u32,
    /// Whether the search finished: `moves` is then the most the side can make.
    pub exact: bool,
}

struct Filler {
    side: Color,
    deadline: Deadline,
    best: u32,
    best_first: Option<Move>,
    upper: u32,
    stopped: bool,
}

/// The best filling move of the side to move in a separated position, never one of
/// `rejected`; `None` when it has no other move.
pub fn best_filling(board: &Board, deadline: Deadline, rejected: &[Move]) -> Option<Filling> {
    let side = board.to_move();
    let mut filler = Filler {
        side,
        deadline,
        best: 0,
        best_first: None,
        upper: reach(board, side).count_ones(),
        stopped: false,
    };
    filler.search(board, 0, None, rejected);
    filler.best_first.map(|first| Filling {
        first,
        moves: filler.best,
        exact: !filler.stopped,
    })
}

impl Filler {
    fn search(&mut self, board: &Board, made: u32, first: Option<Move>, rejected: &[Move]) {
        if made > self.best {
            self.best = made;
            self.best_first = first;
        }
        if self.best >= self.upper || self.stopped {
            return;
        }
        if self.deadline.hard_passed() || (self.best > 0 && self.deadline.soft_passed()) {
            self.stopped = true;
            return;
        }
        if made + reach(board, self.side).count_ones() <= self.best {
            return;
        }
        let mut moves = Vec::new();
        board.generate(&mut moves);
        if first.is_none() {
            moves.retain(|mv| !rejected.contains(mv));
        }
        let empty = board.empty();
        let mut keyed: Vec<(u32, Move)> = moves
            .into_iter()
            .map(|mv| {
                let after = (empty | 1u128 << mv.from) & !(1u128 << mv.to) & !(1u128 << mv.arrow);
                let free = (king_neighbours(1u128 << mv.arrow) & after).count_ones();
                (free, mv)
            })
            .collect();
        keyed.sort_by_key(|&(free, _)| free);
        for (_, mv) in keyed {
            let mut next = *board;
            next.play(mv);
            next.set_to_move(self.side);
            self.search(&next, made + 1, first.or(Some(mv)), rejected);
            if self.stopped || self.best >= self.upper {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amazons::board::square;
    use std::time::Duration;

    /// Black's first amazon on `amazon` in a walled pocket of `cells`, its other three walled
    /// in at the bottom right; white's four in an open block of their own.
    fn pocket(amazon: (usize, usize), cells: &[(usize, usize)]) -> Board {
        let black = [
            square(amazon.0, amazon.1),
            square(9, 9),
            square(9, 8),
            square(8, 9),
        ];
        let white = [square(5, 5), square(5, 6), square(6, 5), square(6, 6)];
        let mut keep = 0u128;
        for &(x, y) in cells {
            keep |= 1u128 << square(x, y);
        }
        for &amazon in black.iter().chain(white.iter()) {
            keep |= 1u128 << amazon;
        }
        for x in 4..9 {
            for y in 4..9 {
                if x < 7 || y < 7 {
                    keep |= 1u128 << square(x, y);
                }
            }
        }
        let arrows = crate::amazons::board::FULL & !keep;
        Board::from_parts(black, white, arrows, Color::Black)
    }

    fn fill(board: &Board) -> Filling {
        assert!(is_separated(board));
        let deadline = Deadline::new(Duration::from_secs(5), Duration::from_secs(5));
        best_filling(board, deadline, &[]).unwrap()
    }

    #[test]
    fn a_corridor_is_filled_to_the_last_square() {
        // Five squares right of AA: five moves.
        let filling = fill(&pocket((0, 0), &[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]));
        assert_eq!(filling.moves, 5);
        assert!(filling.exact);
    }

    #[test]
    fn a_hub_with_two_dead_ends_leaves_one_behind() {
        // From AB the amazon can only enter BB, whose two dead ends CA and CC touch neither each
        // other nor AB in a line: whatever it does, one of the three squares stays empty.
        let filling = fill(&pocket((0, 1), &[(1, 1), (2, 0), (2, 2)]));
        assert_eq!(filling.moves, 2);
        assert!(filling.exact);
    }
}
