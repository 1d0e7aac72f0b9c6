//! Victory by continuous fours: a threat-space search where the attacker only plays fours, so
//! every defence is forced (the single five point), until the attacker makes an open four, a
//! double four or a five the defender cannot stop.

use super::board::{Board, Cell};
use super::forbidden::is_forbidden;
use super::movegen::{fours, is_legal, ScoredMove};
use super::pattern::Threat;
use crate::core::time::Deadline;

/// A bounded VCF search for the side to move.
pub struct VcfSolver {
    nodes_left: u64,
    scratch: Vec<Cell>,
    /// One move list per four played, reused between searches.
    move_lists: Vec<Vec<ScoredMove>>,
    /// When to give up whatever the budget says.
    deadline: Option<Deadline>,
}

impl VcfSolver {
    /// A solver that gives up after `node_budget` positions.
    pub fn new(node_budget: u64) -> Self {
        Self {
            nodes_left: node_budget,
            scratch: Vec::new(),
            move_lists: Vec::new(),
            deadline: None,
        }
    }

    /// Makes every later search give up at the hard limit of `deadline`.
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.deadline = Some(deadline);
    }

    /// Sets a new budget for the next search (the buffers are kept).
    pub fn reset(&mut self, node_budget: u64) {
        self.nodes_left = node_budget;
    }

    /// The first move of a winning sequence of fours for the side to move, if one is found
    /// within `max_fours` fours.
    pub fn solve(&mut self, board: &mut Board, max_fours: u32) -> Option<Cell> {
        let me = board.side_to_move();
        if let Some(cell) = board.five_point(me) {
            return Some(cell);
        }
        if board.threat_count(me.opponent(), Threat::Five) > 0 {
            return None;
        }
        self.attack(board, max_fours)
    }

    /// Whether the search gave up for lack of budget at some point.
    pub fn exhausted(&self) -> bool {
        self.nodes_left == 0
    }

    /// Tries every four of the attacker (to move); returns the one that wins.
    fn attack(&mut self, board: &mut Board, fours_left: u32) -> Option<Cell> {
        if fours_left == 0 || self.nodes_left == 0 {
            return None;
        }
        let me = board.side_to_move();
        let level = fours_left as usize;
        while self.move_lists.len() <= level {
            self.move_lists.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.move_lists[level]);
        fours(board, &mut moves, &mut self.scratch);
        let found = self.try_fours(board, &moves, fours_left, me);
        self.move_lists[level] = moves;
        found
    }

    fn try_fours(
        &mut self,
        board: &mut Board,
        moves: &[ScoredMove],
        fours_left: u32,
        me: crate::core::color::Color,
    ) -> Option<Cell> {
        for &candidate in moves {
            if self.nodes_left == 0 {
                return None;
            }
            self.nodes_left -= 1;
            if self.nodes_left % 64 == 0 && self.deadline.map_or(false, |d| d.hard_passed()) {
                self.nodes_left = 0;
                return None;
            }
            let cell = candidate.cell;
            if board.threat(me, cell) == Threat::Flex4 {
                // Open four or double four: the defender has no five (checked by the caller),
                // so it cannot stop both points.
                return Some(cell);
            }
            board.play(cell);
            let wins = self.defend(board, fours_left);
            board.undo();
            if wins {
                return Some(cell);
            }
        }
        None
    }

    /// The defender (to move) must block the attacker's five point.
    fn defend(&mut self, board: &mut Board, fours_left: u32) -> bool {
        let defender = board.side_to_move();
        let attacker = defender.opponent();
        let block = match board.five_point(attacker) {
            Some(block) => block,
            None => return false,
        };
        if board.threat_count(attacker, Threat::Five) > 1 {
            return true;
        }
        if board.rule().has_forbidden_points(defender) && is_forbidden(board, block) {
            return true;
        }
        if !is_legal(board, block) {
            return true;
        }
        let counter_five = board.threat(defender, block) == Threat::Five;
        if counter_five {
            return false;
        }
        board.play(block);
        // A block that makes a four for the defender forces the attacker to answer it; the
        // plain solver gives up there rather than follow the counter attack.
        let wins = board.threat_count(defender, Threat::Five) == 0
            && self.attack(board, fours_left - 1).is_some();
        board.undo();
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::color::Color;
    use crate::gomoku::rule::Rule;

    #[test]
    fn finds_a_double_four() {
        // Black: a closed three across row 4 and a broken three down column 7 that meet at
        // (7, 4), where one stone makes two fours.
        let mut board = Board::with_stones(
            Rule::Freestyle,
            &[(4, 4), (5, 4), (6, 4), (7, 5), (7, 6), (7, 8)],
            &[(3, 4), (7, 9), (0, 0), (14, 14), (0, 14), (14, 0)],
            Color::Black,
        );
        let found = VcfSolver::new(100_000).solve(&mut board, 10);
        assert_eq!(found, Some(board.cell(7, 4)));
    }

    /// Black: a closed three on row 7 and a split two on column 8 that the row's four
    /// turns into a three; the four at (8, 7) forces (9, 7), then (8, 8) is an open four.
    /// Stones as `(x, y)` pairs.
    type Stones = &'static [(usize, usize)];

    const FOUR_THEN_OPEN_FOUR: (Stones, Stones) = (
        &[(5, 7), (6, 7), (7, 7), (8, 9), (8, 10)],
        &[(4, 7), (0, 0), (14, 14), (0, 14), (14, 0)],
    );

    #[test]
    fn finds_a_two_move_vcf() {
        let (black, white) = FOUR_THEN_OPEN_FOUR;
        let mut board = Board::with_stones(Rule::Freestyle, black, white, Color::Black);
        assert!(!board.threat(Color::Black, board.cell(8, 8)).is_four());
        let found = VcfSolver::new(10_000).solve(&mut board, 10);
        assert_eq!(found, Some(board.cell(8, 7)));
        // Limited to one four, there is no win.
        assert_eq!(VcfSolver::new(10_000).solve(&mut board, 1), None);
    }

    #[test]
    fn renju_black_cannot_win_through_a_forbidden_point() {
        // Black's only four point on row 7 would also make a double three with the two
        // open twos through (8, 7): forbidden, so no VCF there.
        let mut board = Board::with_stones(
            Rule::Renju,
            &[(5, 7), (6, 7), (7, 7), (8, 5), (8, 6), (10, 5), (9, 6)],
            &[(4, 7), (9, 7), (0, 0), (14, 14), (0, 14), (14, 0), (1, 1)],
            Color::Black,
        );
        let cell = board.cell(8, 7);
        assert!(crate::gomoku::forbidden::is_forbidden(&mut board, cell));
        assert_ne!(VcfSolver::new(10_000).solve(&mut board, 10), Some(cell));
    }

    #[test]
    fn no_vcf_without_fours() {
        let mut board =
            Board::with_stones(Rule::Freestyle, &[(7, 7), (8, 8)], &[(7, 8)], Color::White);
        assert_eq!(VcfSolver::new(10_000).solve(&mut board, 10), None);
    }

    #[test]
    fn immediate_five_is_found() {
        let mut board = Board::with_stones(
            Rule::Freestyle,
            &[(3, 3), (4, 3), (5, 3), (6, 3)],
            &[(2, 3), (0, 0), (1, 0), (2, 0)],
            Color::Black,
        );
        assert_eq!(
            VcfSolver::new(10).solve(&mut board, 1),
            Some(board.cell(7, 3))
        );
    }
}
