//! The engine as the protocol adapters see it: a game on a board, moves in and out by
//! coordinates, limits, and a search that answers with a move.

use super::board::{Board, Cell};
use super::movegen::is_legal;
use super::rule::Rule;
use super::search::params::Params;
use super::search::{SearchResult, Searcher};
use super::time::TimeLimits;
use crate::core::color::Color;
use crate::core::time::{Deadline, StopFlag};

/// Transposition table size when no memory limit is given.
const DEFAULT_TABLE_BYTES: usize = 64 << 20;
/// Transposition table ceiling, whatever the limit.
const MAX_TABLE_BYTES: usize = 256 << 20;
/// What the rest of the process may take besides the table (pattern tables, board, buffers).
const OTHER_MEMORY_BYTES: u64 = 24 << 20;

/// Why a move or a set-up stone was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The coordinates are outside the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// Black may not play there under renju.
    Forbidden,
    /// Nothing to take back there.
    NoSuchStone,
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MoveError::OffBoard => "coordinates outside the board",
            MoveError::Occupied => "the cell is not empty",
            MoveError::Forbidden => "forbidden point for black under renju",
            MoveError::NoSuchStone => "no stone there to take back",
        })
    }
}

/// A gomoku game with its searcher.
pub struct Engine {
    board: Board,
    searcher: Searcher,
    /// Time limits for the next moves.
    pub limits: TimeLimits,
    memory_limit: u64,
    last_search: Option<SearchResult>,
    /// Ends a search early when raised (the manager's END read during the search).
    stop: Option<StopFlag>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine with an empty 15x15 freestyle board.
    pub fn new() -> Self {
        Self {
            board: Board::new(15, 15, Rule::Freestyle).expect("15x15 is supported"),
            searcher: Searcher::new(1 << 16),
            limits: TimeLimits::default(),
            memory_limit: 0,
            last_search: None,
            stop: None,
        }
    }

    /// Every later search ends as soon as `stop` is raised.
    pub fn set_stop_flag(&mut self, stop: StopFlag) {
        self.stop = Some(stop);
    }

    /// A new game on an empty `width` x `height` board; the rule and the limits stay. The
    /// transposition table is kept: its keys differ between sizes and rules, and clearing a
    /// large table would cost time the next move may need. It is sized here, before any clock
    /// runs, if no memory limit has done it yet.
    pub fn start(&mut self, width: usize, height: usize) -> Result<(), String> {
        self.board = Board::new(width, height, self.board.rule())?;
        self.limits.new_game();
        self.prepare_table();
        Ok(())
    }

    /// A new game on an empty board of the same size.
    pub fn restart(&mut self) {
        self.board = self.board.cleared();
    }

    /// Sets the rule; the stones on the board stay, in their order.
    pub fn set_rule(&mut self, rule: Rule) {
        if rule == self.board.rule() {
            return;
        }
        let history = self.board.history().to_vec();
        let side = self.board.side_to_move();
        let mut board = Board::new(self.board.width(), self.board.height(), rule)
            .expect("the current size is supported");
        for (cell, color) in history {
            board.put(cell, color);
        }
        board.set_side_to_move(side);
        self.board = board;
    }

    /// The memory limit in bytes (0: none); it sizes the transposition table.
    pub fn set_memory_limit(&mut self, bytes: u64) {
        self.memory_limit = bytes;
        // Map the table now, while no clock runs, rather than within the first move.
        self.prepare_table();
    }

    /// Sizes the transposition table for the memory limit. Called when the limit arrives, at
    /// START and again when a search starts (a no-op once the size is right). A new table costs
    /// no time up front: its pages are mapped as the search first touches them (see `tt.rs`),
    /// within that search's deadline, so even a limit sent right before a move keeps the move
    /// in time.
    fn prepare_table(&mut self) {
        let wanted = if self.memory_limit == 0 {
            DEFAULT_TABLE_BYTES
        } else {
            let spare = self.memory_limit.saturating_sub(OTHER_MEMORY_BYTES) / 2;
            (spare.min(MAX_TABLE_BYTES as u64) as usize).max(1 << 16)
        };
        let current = self.searcher.table_bytes();
        if current > wanted || current * 2 <= wanted {
            self.searcher = Searcher::with_params(wanted, self.searcher.params().clone());
        }
    }

    /// Searches from now on with other parameters (tuning, matches between versions); the
    /// transposition table starts empty.
    pub fn set_search_params(&mut self, params: Params) {
        self.searcher = Searcher::with_params(self.searcher.table_bytes(), params);
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, for analysis that plays and takes back stones (every change must be undone).
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The empty cell at `x`, `y`.
    fn empty_cell(&self, x: i64, y: i64) -> Result<Cell, MoveError> {
        let cell = self.board.cell_checked(x, y).ok_or(MoveError::OffBoard)?;
        if self.board.is_empty(cell) {
            Ok(cell)
        } else {
            Err(MoveError::Occupied)
        }
    }

    /// Plays a stone of the side to move at `x`, `y`. Renju forbidden points are refused only
    /// when `check_forbidden` is set (an opponent's move is taken as the manager reports it).
    pub fn play(&mut self, x: i64, y: i64, check_forbidden: bool) -> Result<(), MoveError> {
        let cell = self.empty_cell(x, y)?;
        if check_forbidden && !is_legal(&mut self.board, cell) {
            return Err(MoveError::Forbidden);
        }
        self.board.play(cell);
        Ok(())
    }

    /// Puts a `color` stone at `x`, `y` while setting up a position.
    pub fn put(&mut self, x: i64, y: i64, color: Color) -> Result<(), MoveError> {
        let cell = self.empty_cell(x, y)?;
        self.board.put(cell, color);
        Ok(())
    }

    /// Takes a cell out of play (a continuous-game mark).
    pub fn kill(&mut self, x: i64, y: i64) -> Result<(), MoveError> {
        let cell = self.empty_cell(x, y)?;
        self.board.kill_cell(cell);
        Ok(())
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        self.board.set_side_to_move(color);
    }

    /// Removes the stone at `x`, `y` (normally the last one played).
    pub fn take_back(&mut self, x: i64, y: i64) -> Result<(), MoveError> {
        let cell = self.board.cell_checked(x, y).ok_or(MoveError::OffBoard)?;
        let history = self.board.history().to_vec();
        let position = match history.iter().rposition(|&(c, _)| c == cell) {
            Some(position) => position,
            None => return Err(MoveError::NoSuchStone),
        };
        let side = history[position].1;
        // Undo down to that stone, then put back the ones played after it.
        let later: Vec<(Cell, Color)> = history[position + 1..].to_vec();
        for _ in position..history.len() {
            self.board.undo();
        }
        for (c, color) in later {
            self.board.put(c, color);
        }
        self.board.set_side_to_move(side);
        Ok(())
    }

    /// Whether the last stone made a winning five.
    pub fn last_move_won(&mut self) -> bool {
        self.board.last_move_won()
    }

    /// The deadline for the next move under the current limits and position.
    pub fn move_deadline(&self) -> Deadline {
        let board = &self.board;
        let deadline = self
            .limits
            .deadline(board.stone_count(), board.empty_count());
        Deadline {
            stop: self.stop,
            ..deadline
        }
    }

    /// Thinks within the current limits and returns the chosen move (not played).
    pub fn think(&mut self) -> Option<(usize, usize)> {
        let deadline = self.move_deadline();
        let best = self.think_until(deadline);
        self.limits.charge(deadline.elapsed().as_millis() as i64);
        best
    }

    /// Thinks until `deadline` and returns the chosen move (not played).
    pub fn think_until(&mut self, deadline: Deadline) -> Option<(usize, usize)> {
        let deadline = Deadline {
            stop: deadline.stop.or(self.stop),
            ..deadline
        };
        self.prepare_table();
        let result = self.searcher.search(&mut self.board, deadline, 64);
        self.last_search = Some(result);
        result.best.map(|cell| self.board.coords(cell))
    }

    /// Searches to a fixed depth without a time limit (tests and analysis).
    pub fn think_to_depth(&mut self, depth: i32) -> Option<(usize, usize)> {
        self.prepare_table();
        let result = self
            .searcher
            .search(&mut self.board, Deadline::unlimited(), depth);
        self.last_search = Some(result);
        result.best.map(|cell| self.board.coords(cell))
    }

    /// What the last search found.
    pub fn last_search(&self) -> Option<SearchResult> {
        self.last_search
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine_with(
        rule: Rule,
        black: &[(i64, i64)],
        white: &[(i64, i64)],
        to_move: Color,
    ) -> Engine {
        let mut engine = Engine::new();
        engine.set_rule(rule);
        engine.start(15, 15).unwrap();
        for &(x, y) in black {
            engine.put(x, y, Color::Black).unwrap();
        }
        for &(x, y) in white {
            engine.put(x, y, Color::White).unwrap();
        }
        engine.set_side_to_move(to_move);
        engine
    }

    #[test]
    fn wins_at_once() {
        let mut engine = engine_with(
            Rule::Freestyle,
            &[(3, 3), (4, 4), (5, 5), (6, 6)],
            &[(2, 2), (9, 9), (10, 10)],
            Color::Black,
        );
        assert_eq!(engine.think_to_depth(3), Some((7, 7)));
    }

    #[test]
    fn blocks_a_four() {
        let mut engine = engine_with(
            Rule::Freestyle,
            &[(3, 7), (4, 7), (5, 7), (6, 7), (10, 10)],
            &[(2, 7), (9, 9), (8, 8)],
            Color::White,
        );
        assert_eq!(engine.think_to_depth(3), Some((7, 7)));
    }

    #[test]
    fn blocks_an_open_three() {
        let mut engine = engine_with(
            Rule::Freestyle,
            &[(5, 7), (6, 7), (7, 7)],
            &[(7, 8), (8, 9)],
            Color::White,
        );
        let (x, y) = engine.think_to_depth(4).unwrap();
        assert_eq!(y, 7, "must block on the three's line, got {x},{y}");
        assert!([3, 4, 8, 9].contains(&x), "got {x},{y}");
    }

    #[test]
    fn blocks_even_when_two_open_threes_cannot_both_be_stopped() {
        let mut engine = engine_with(
            Rule::Freestyle,
            &[(5, 7), (6, 7), (7, 7), (12, 2), (12, 3), (12, 4)],
            &[(0, 14), (2, 14)],
            Color::White,
        );
        let (x, y) = engine.think_to_depth(4).unwrap();
        let ends = [(4, 7), (8, 7), (12, 1), (12, 5)];
        assert!(ends.contains(&(x, y)), "must block an end, got {x},{y}");
    }

    #[test]
    fn plays_a_vcf_and_defends_against_one() {
        let black = [(5, 7), (6, 7), (7, 7), (8, 9), (8, 10)];
        let white = [(4, 7), (0, 0), (14, 14), (0, 14), (14, 0)];
        let mut attacker = engine_with(Rule::Freestyle, &black, &white, Color::Black);
        assert_eq!(attacker.think_to_depth(1), Some((8, 7)));
        let mut defender = engine_with(Rule::Freestyle, &black, &white, Color::White);
        let (x, y) = defender.think_to_depth(4).unwrap();
        defender.play(x as i64, y as i64, true).unwrap();
        let board = defender.board_mut();
        assert_eq!(
            crate::gomoku::vcf::VcfSolver::new(100_000).solve(board, 20),
            None,
            "white's {x},{y} leaves black a VCF"
        );
    }

    #[test]
    fn pruning_does_not_pass_off_a_won_position_as_lost() {
        use crate::core::score::WIN_THRESHOLD;
        // From a game against Rapfi (15x15 exact five, white to move): white wins by force,
        // starting with the four (8, 3). A search that skipped late moves in nodes where every
        // move tried so far lost once scored this position lost for white at depth 7. Which
        // move the search prefers changes with the depth ((8, 3) or (8, 5), neither scored a
        // win); what must hold at every depth is that the position is not scored lost.
        // The game so far in pos notation: a column letter and a row number from 1 per stone.
        let game = concat!(
            "e10e12e11c10g8d11b9d12f12d10d13c11c9e9b12e7f8f6",
            "d9e8f11e6e5g12f14f13g14h14i10g6d6h4g5h5h7"
        );
        let mut engine = Engine::new();
        engine.set_rule(Rule::ExactFive);
        engine.start(15, 15).unwrap();
        let columns = game.match_indices(|c: char| c.is_ascii_lowercase());
        let starts: Vec<usize> = columns.map(|(index, _)| index).collect();
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(game.len());
            let x = i64::from(game.as_bytes()[start] - b'a');
            let y: i64 = game[start + 1..end].parse().unwrap();
            engine.play(x, y - 1, false).unwrap();
        }
        for depth in 5..=9 {
            let chosen = engine.think_to_depth(depth);
            assert!(matches!(chosen, Some((8, 3) | (8, 5))), "{chosen:?}");
            let score = engine.last_search().unwrap().score;
            assert!(score > -WIN_THRESHOLD, "scored {score} at depth {depth}");
        }
    }

    #[test]
    fn exact_five_does_not_count_an_overline() {
        // x x x . x x: filling the gap is an overline, which does not win under exact five.
        let mut engine = engine_with(
            Rule::ExactFive,
            &[(2, 7), (3, 7), (4, 7), (6, 7), (7, 7)],
            &[(1, 1), (12, 12), (13, 13), (1, 13)],
            Color::Black,
        );
        assert_ne!(engine.think_to_depth(2), Some((5, 7)));
    }

    #[test]
    fn renju_black_avoids_forbidden_points() {
        // Black could make a double three at (7, 7); the engine must not choose it.
        let mut engine = engine_with(
            Rule::Renju,
            &[(5, 7), (6, 7), (7, 5), (7, 6)],
            &[(0, 0), (14, 14), (0, 14), (14, 0)],
            Color::Black,
        );
        for depth in 1..4 {
            assert_ne!(engine.think_to_depth(depth), Some((7, 7)));
        }
        assert_eq!(engine.play(7, 7, true), Err(MoveError::Forbidden));
    }

    #[test]
    fn take_back_restores_the_position() {
        let mut engine = engine_with(Rule::Freestyle, &[(7, 7)], &[], Color::White);
        let before = engine.board().hash();
        engine.play(8, 8, true).unwrap();
        engine.take_back(8, 8).unwrap();
        assert_eq!(engine.board().hash(), before);
        assert_eq!(engine.board().side_to_move(), Color::White);
        assert_eq!(engine.take_back(1, 1), Err(MoveError::NoSuchStone));
    }
}
