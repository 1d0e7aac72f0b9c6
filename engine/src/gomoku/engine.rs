//! The gomoku engine: one game on a board, its clock and its search, speaking only points.
//! The protocol adapters turn lines into these calls.

use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::board::{Board, Cell};
use super::movegen::is_legal;
use super::point::Point;
use super::rule::Rule;
use super::search::params::Params;
use super::search::Searcher;
use super::timing::{moves_left, MARGINS};
use super::tt::TranspositionTable;
use crate::core::clock::{Clock, TimeControl};
use crate::core::color::Color;
use crate::core::report::Report;
use crate::core::time::{Deadline, StopFlag};

/// Transposition table size when no memory limit is given.
const DEFAULT_TABLE_BYTES: usize = 64 << 20;
/// Transposition table ceiling, whatever the limit.
const MAX_TABLE_BYTES: usize = 256 << 20;
/// What the rest of the process may take besides the table (pattern tables, board, buffers).
const OTHER_MEMORY_BYTES: u64 = 24 << 20;
/// A move waits for a table being built at most this part of its soft limit (the wait counts
/// within its deadline), so that the first move of a game mostly gets the full table.
const TABLE_WAIT_DIVISOR: u32 = 8;

/// The limits when the judge gives none: Gomocup's fastgame turn, the tightest we expect.
pub const DEFAULT_CONTROL: TimeControl = TimeControl {
    per_move: Duration::from_millis(5_000),
    per_game: Duration::MAX,
};

/// Why a move or a set-up stone was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The point is outside the board.
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

/// A gomoku game with its clock and searcher.
pub struct GomokuEngine {
    board: Board,
    searcher: Searcher,
    control: TimeControl,
    clock: Clock,
    memory_limit: u64,
    /// A larger table (of the size given) being built on a thread of its own, so that a memory
    /// limit that arrives just before a move costs that move nothing: the search takes it once
    /// it is ready.
    pending_table: Option<(usize, JoinHandle<TranspositionTable>)>,
    /// Ends a search early when raised (the judge's END or quit read during the search).
    stop: Option<StopFlag>,
}

impl Default for GomokuEngine {
    fn default() -> Self {
        Self::new()
    }
}

/// A table of `bytes` with every page already mapped, so that no search pays for it.
fn mapped_table(bytes: usize) -> TranspositionTable {
    let mut table = TranspositionTable::with_bytes(bytes);
    table.map_pages();
    table
}

impl GomokuEngine {
    /// An engine with an empty 15x15 freestyle board and a small table (a game sizes it).
    pub fn new() -> Self {
        Self {
            board: Board::new(15, 15, Rule::Freestyle).expect("15x15 is supported"),
            searcher: Searcher::new(1 << 16),
            control: DEFAULT_CONTROL,
            clock: Clock::new(DEFAULT_CONTROL, MARGINS),
            memory_limit: 0,
            pending_table: None,
            stop: None,
        }
    }

    /// Every later search ends as soon as `stop` is raised.
    pub fn set_stop_flag(&mut self, stop: StopFlag) {
        self.stop = Some(stop);
    }

    /// A new game on an empty `width` x `height` board: the clock starts again from the time
    /// control. The transposition table is kept (its keys differ between sizes and rules), or
    /// one of the size the memory limit allows is built.
    pub fn new_game(&mut self, width: usize, height: usize, rule: Rule) -> Result<(), String> {
        self.board = Board::new(width, height, rule)?;
        self.clock = Clock::new(self.control, MARGINS);
        self.size_table();
        Ok(())
    }

    /// Empties the board, keeping its size, rule and the game's clock (to set up a position).
    pub fn clear(&mut self) {
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

    /// The judge's limits from now on; the time used in this game still counts.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.control = control;
        self.clock.set_control(control);
    }

    /// The game time left as the judge reports it (`Duration::MAX`: unlimited).
    pub fn set_time_left(&mut self, left: Duration) {
        self.clock.set_time_left(left);
    }

    /// The memory limit in bytes (0: none); it sizes the transposition table.
    pub fn set_memory_limit(&mut self, bytes: u64) {
        self.memory_limit = bytes;
        self.size_table();
    }

    /// Starts building a table of the size the memory limit allows if the search's is not. A
    /// smaller one, or the default one while no limit is known (a limit may still come and
    /// forbid it), replaces it at once, its pages mapped only as the search touches them; a
    /// larger one for a known limit comes mapped from another thread.
    fn size_table(&mut self) {
        let wanted = self.wanted_table_bytes();
        let current = self.searcher.table_bytes();
        if self.pending_table.as_ref().map_or(false, |p| p.0 != wanted) {
            // Built for an older limit: dropped when its thread ends.
            self.pending_table = None;
        }
        let grow = current * 2 <= wanted;
        if current > wanted || (grow && self.memory_limit == 0) {
            self.pending_table = None;
            self.searcher
                .set_table(TranspositionTable::with_bytes(wanted));
        } else if grow && self.pending_table.is_none() {
            let build = std::thread::spawn(move || mapped_table(wanted));
            self.pending_table = Some((wanted, build));
        }
    }

    /// The table size the memory limit allows (a power of two at most this).
    fn wanted_table_bytes(&self) -> usize {
        if self.memory_limit == 0 {
            DEFAULT_TABLE_BYTES
        } else {
            let spare = self.memory_limit.saturating_sub(OTHER_MEMORY_BYTES) / 2;
            (spare.min(MAX_TABLE_BYTES as u64) as usize).max(1 << 16)
        }
    }

    /// Bytes of the transposition table the search uses now.
    pub fn table_bytes(&self) -> usize {
        self.searcher.table_bytes()
    }

    /// Gives the search the table built on the other thread if it is ready by `until` (`None`:
    /// however long it takes).
    fn adopt_pending_table(&mut self, until: Option<Instant>) {
        loop {
            let ready = match &self.pending_table {
                Some((_, build)) => build.is_finished(),
                None => return,
            };
            if ready || until.is_none() {
                break;
            }
            if until.map_or(false, |until| Instant::now() >= until) {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        if let Some((_, build)) = self.pending_table.take() {
            if let Ok(table) = build.join() {
                self.searcher.set_table(table);
            }
        }
    }

    /// Brings the table to the size the memory limit allows, waiting for it if need be (for
    /// searches without a clock, which must not depend on when a thread ends).
    fn settle_table(&mut self) {
        self.size_table();
        self.adopt_pending_table(None);
    }

    /// Searches from now on with other parameters (tuning, matches between versions).
    pub fn set_search_params(&mut self, params: Params) {
        self.searcher.set_params(params);
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, for analysis that plays and takes back stones (every change must be undone).
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The point of `cell`.
    fn point(&self, cell: Cell) -> Point {
        let (x, y) = self.board.coords(cell);
        Point::new(x as i32, y as i32)
    }

    /// The empty cell at `point`.
    fn empty_cell(&self, point: Point) -> Result<Cell, MoveError> {
        let cell = self.cell(point)?;
        if self.board.is_empty(cell) {
            Ok(cell)
        } else {
            Err(MoveError::Occupied)
        }
    }

    /// The cell at `point`, if it is on the board.
    fn cell(&self, point: Point) -> Result<Cell, MoveError> {
        let (x, y) = (i64::from(point.x), i64::from(point.y));
        self.board.cell_checked(x, y).ok_or(MoveError::OffBoard)
    }

    /// Plays a stone of the side to move at `point`, as the judge reports it: a renju
    /// forbidden point is the judge's to refuse.
    pub fn play(&mut self, point: Point) -> Result<(), MoveError> {
        let cell = self.empty_cell(point)?;
        self.board.play(cell);
        Ok(())
    }

    /// Plays a stone of the side to move at `point`, refusing renju forbidden points.
    pub fn play_checked(&mut self, point: Point) -> Result<(), MoveError> {
        let cell = self.empty_cell(point)?;
        if !is_legal(&mut self.board, cell) {
            return Err(MoveError::Forbidden);
        }
        self.board.play(cell);
        Ok(())
    }

    /// Puts a `color` stone at `point` while setting up a position.
    pub fn put(&mut self, point: Point, color: Color) -> Result<(), MoveError> {
        let cell = self.empty_cell(point)?;
        self.board.put(cell, color);
        Ok(())
    }

    /// Takes a cell out of play (a continuous-game mark).
    pub fn kill(&mut self, point: Point) -> Result<(), MoveError> {
        let cell = self.empty_cell(point)?;
        self.board.kill_cell(cell);
        Ok(())
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        self.board.set_side_to_move(color);
    }

    /// The stones on the board in the order they came, to restore a position later.
    pub fn stones(&self) -> Vec<(Point, Color)> {
        let history = self.board.history();
        history
            .iter()
            .map(|&(cell, color)| (self.point(cell), color))
            .collect()
    }

    /// Sets up the position of `stones` (as [`GomokuEngine::stones`] gave them) with the
    /// other colour than the last stone's to move.
    pub fn restore(&mut self, stones: &[(Point, Color)]) -> Result<(), MoveError> {
        self.clear();
        let mut side = Color::Black;
        for &(point, color) in stones {
            self.put(point, color)?;
            side = color.opponent();
        }
        self.board.set_side_to_move(side);
        Ok(())
    }

    /// Removes the stone at `point` (normally the last one played).
    pub fn take_back(&mut self, point: Point) -> Result<(), MoveError> {
        let cell = self.cell(point)?;
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

    /// The deadline of a move that started at `start`, under the clock and the position.
    pub fn move_deadline(&self, start: Instant) -> Deadline {
        let board = &self.board;
        let moves = moves_left(board.stone_count(), board.empty_count());
        Deadline {
            stop: self.stop,
            ..self.clock.deadline_for(start, moves)
        }
    }

    /// Thinks on the clock for the move asked at `start` and returns what it found (the move
    /// is not played); the time spent is charged to the game.
    pub fn think(&mut self, start: Instant) -> Report<Point> {
        let deadline = self.move_deadline(start);
        let report = self.think_until(deadline);
        self.clock.spend(start.elapsed());
        report
    }

    /// Thinks until `deadline` and returns what it found (the move is not played).
    pub fn think_until(&mut self, deadline: Deadline) -> Report<Point> {
        let deadline = Deadline {
            stop: deadline.stop.or(self.stop),
            ..deadline
        };
        let wait = deadline.soft / TABLE_WAIT_DIVISOR;
        let until = deadline.start.checked_add(wait).unwrap_or(deadline.start);
        self.adopt_pending_table(Some(until));
        let result = self.searcher.search(&mut self.board, deadline, 64);
        result.map(|cell| self.point(cell))
    }

    /// Searches to a fixed depth without a time limit (tests, benchmarks and analysis), with
    /// the table the memory limit allows.
    pub fn think_to_depth(&mut self, depth: i32) -> Report<Point> {
        self.settle_table();
        let result = self
            .searcher
            .search(&mut self.board, Deadline::unlimited(), depth);
        result.map(|cell| self.point(cell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The move a search to `depth` chooses, as coordinates.
    fn best(engine: &mut GomokuEngine, depth: i32) -> Option<(i32, i32)> {
        engine.think_to_depth(depth).best.map(|p| (p.x, p.y))
    }

    fn engine_with(
        rule: Rule,
        black: &[(i32, i32)],
        white: &[(i32, i32)],
        to_move: Color,
    ) -> GomokuEngine {
        let mut engine = GomokuEngine::new();
        engine.new_game(15, 15, rule).unwrap();
        for &(x, y) in black {
            engine.put(Point::new(x, y), Color::Black).unwrap();
        }
        for &(x, y) in white {
            engine.put(Point::new(x, y), Color::White).unwrap();
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
        assert_eq!(best(&mut engine, 3), Some((7, 7)));
    }

    #[test]
    fn blocks_a_four() {
        let mut engine = engine_with(
            Rule::Freestyle,
            &[(3, 7), (4, 7), (5, 7), (6, 7), (10, 10)],
            &[(2, 7), (9, 9), (8, 8)],
            Color::White,
        );
        assert_eq!(best(&mut engine, 3), Some((7, 7)));
    }

    #[test]
    fn blocks_an_open_three() {
        let mut engine = engine_with(
            Rule::Freestyle,
            &[(5, 7), (6, 7), (7, 7)],
            &[(7, 8), (8, 9)],
            Color::White,
        );
        let (x, y) = best(&mut engine, 4).unwrap();
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
        let (x, y) = best(&mut engine, 4).unwrap();
        let ends = [(4, 7), (8, 7), (12, 1), (12, 5)];
        assert!(ends.contains(&(x, y)), "must block an end, got {x},{y}");
    }

    #[test]
    fn plays_a_vcf_and_defends_against_one() {
        let black = [(5, 7), (6, 7), (7, 7), (8, 9), (8, 10)];
        let white = [(4, 7), (0, 0), (14, 14), (0, 14), (14, 0)];
        let mut attacker = engine_with(Rule::Freestyle, &black, &white, Color::Black);
        assert_eq!(best(&mut attacker, 1), Some((8, 7)));
        let mut defender = engine_with(Rule::Freestyle, &black, &white, Color::White);
        let (x, y) = best(&mut defender, 4).unwrap();
        defender.play_checked(Point::new(x, y)).unwrap();
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
        // move the search prefers at a shallow depth changes with the move ordering; what must
        // hold at every depth is that the position is not scored lost, and deeper the win is
        // found.
        // The game so far in pos notation: a column letter and a row number from 1 per stone.
        let game = concat!(
            "e10e12e11c10g8d11b9d12f12d10d13c11c9e9b12e7f8f6",
            "d9e8f11e6e5g12f14f13g14h14i10g6d6h4g5h5h7"
        );
        let mut engine = GomokuEngine::new();
        engine.new_game(15, 15, Rule::ExactFive).unwrap();
        let columns = game.match_indices(|c: char| c.is_ascii_lowercase());
        let starts: Vec<usize> = columns.map(|(index, _)| index).collect();
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(game.len());
            let x = i32::from(game.as_bytes()[start] - b'a');
            let y: i32 = game[start + 1..end].parse().unwrap();
            engine.play(Point::new(x, y - 1)).unwrap();
        }
        for depth in 5..=9 {
            let score = engine.think_to_depth(depth).score;
            assert!(score > -WIN_THRESHOLD, "scored {score} at depth {depth}");
        }
        let report = engine.think_to_depth(14);
        assert_eq!(report.best.map(|p| (p.x, p.y)), Some((8, 3)));
        assert!(report.score >= WIN_THRESHOLD, "scored {}", report.score);
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
        assert_ne!(best(&mut engine, 2), Some((5, 7)));
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
            assert_ne!(best(&mut engine, depth), Some((7, 7)));
        }
        assert_eq!(
            engine.play_checked(Point::new(7, 7)),
            Err(MoveError::Forbidden)
        );
        assert_eq!(engine.play(Point::new(7, 7)), Ok(()));
    }

    #[test]
    fn take_back_restores_the_position() {
        let mut engine = engine_with(Rule::Freestyle, &[(7, 7)], &[], Color::White);
        let before = engine.board().hash();
        engine.play_checked(Point::new(8, 8)).unwrap();
        engine.take_back(Point::new(8, 8)).unwrap();
        assert_eq!(engine.board().hash(), before);
        assert_eq!(engine.board().side_to_move(), Color::White);
        assert_eq!(
            engine.take_back(Point::new(1, 1)),
            Err(MoveError::NoSuchStone)
        );
        assert_eq!(engine.play(Point::new(-1, 3)), Err(MoveError::OffBoard));
    }

    #[test]
    fn a_larger_table_is_built_off_the_clock_and_the_first_move_stays_in_time() {
        let mut engine = GomokuEngine::new();
        engine.new_game(20, 20, Rule::Freestyle).unwrap();
        assert_eq!(engine.table_bytes(), DEFAULT_TABLE_BYTES);
        // The limit arrives right before the first move, as c-gomoku-cli sends it: the move
        // searches with the table it has while the larger one is built on another thread.
        engine.set_memory_limit(1 << 30);
        assert_eq!(engine.table_bytes(), DEFAULT_TABLE_BYTES);
        engine.set_time_control(TimeControl {
            per_move: Duration::from_millis(500),
            per_game: Duration::MAX,
        });
        engine.put(Point::new(10, 10), Color::Black).unwrap();
        engine.set_side_to_move(Color::White);
        let start = Instant::now();
        let report = engine.think(start);
        assert!(report.best.is_some());
        assert!(
            start.elapsed() < Duration::from_millis(500),
            "{:?}",
            start.elapsed()
        );
        // A search without a clock waits for the larger table; a smaller limit takes effect at
        // once.
        engine.think_to_depth(1);
        assert_eq!(engine.table_bytes(), MAX_TABLE_BYTES);
        engine.set_memory_limit(88 << 20);
        assert_eq!(engine.table_bytes(), 32 << 20);
    }

    #[test]
    fn stones_restore_the_position() {
        let mut engine = engine_with(Rule::Freestyle, &[(7, 7), (8, 8)], &[(7, 8)], Color::Black);
        let stones = engine.stones();
        let hash = engine.board().hash();
        engine.clear();
        engine.restore(&stones).unwrap();
        assert_eq!(engine.board().hash(), hash);
        assert_eq!(engine.board().side_to_move(), Color::Black);
    }
}
