//! The board: stones, and everything the search reads incrementally from them. Every empty cell
//! keeps, for both colours, the pattern a stone there would make in each of its four directions,
//! the threat class that combines them and its evaluation value; a move refreshes only the cells
//! within five steps of it along its four lines (four in freestyle), and taking it back restores
//! what it changed from a saved copy. The stones are also kept line by line, two bits a cell, so
//! that the ten cells around a cell in one direction (its line key) are one shift and one mask.

use super::eval;
use super::pattern::{
    far_cells_matter, four_count, LineCode, Pattern, PatternTable, Threat, HALF, PATTERNS,
    THREAT_CLASSES,
};
use super::policy::{combination_patterns, distance_bucket, threat_pair, Policy, Scores};
use super::rule::Rule;
use crate::core::color::Color;
use crate::core::rng::Rng;

/// The smallest board side the engine plays on.
pub const MIN_SIZE: usize = 5;
/// The largest board side the engine plays on.
pub const MAX_SIZE: usize = 32;
/// Wall cells around the board, so that a line key never reads outside the arrays.
const PAD: usize = 5;
/// Row length of the padded arrays.
const STRIDE: usize = MAX_SIZE + 2 * PAD;
/// Cells of the padded arrays: every [`Cell`] is below this.
pub const CELLS: usize = STRIDE * STRIDE;
/// Steps of the four line directions: across, down, down-right, down-left.
const DIRECTIONS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A cell, as an index into the padded arrays.
pub type Cell = u16;

/// What is on a cell; the values are the line-key codes as black reads them.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// Off the board, or a cell taken out of play (a continuous-game mark).
const DEAD: u8 = 3;

fn stone_code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A board of `width` x `height` cells with its incremental pattern state.
pub struct Board {
    width: usize,
    height: usize,
    rule: Rule,
    cells: Vec<u8>,
    /// Every line of the padded arrays in the four directions (see [`line_place`]), the code
    /// of its cells two bits each in the order of the direction's step.
    lines: Vec<u128>,
    /// Per cell, what a black and a white stone there would make, side by side so that a line
    /// refresh touches one place in memory.
    prospects: Vec<[Prospect; 2]>,
    totals: [i32; 2],
    threat_counts: [[u16; THREAT_CLASSES]; 2],
    empty_count: usize,
    /// Stones within two cells (a 5x5 square): where moves are worth considering.
    near: Vec<u8>,
    zobrist: Vec<[u64; 2]>,
    hash: u64,
    history: Vec<(Cell, Color)>,
    /// Per stone of `history`, the rows and columns the stones up to it span.
    spans: Vec<Span>,
    /// Per stone of `history`, what taking it back must restore (`None` once a later cell
    /// kill made it stale: then the take-back recomputes instead).
    changes: Vec<Option<Change>>,
    /// The cells whose prospects stones changed, and those prospects as they were before;
    /// each [`Change`] owns the tails from its `first_saved`. Two vectors rather than one of
    /// pairs, so that saving copies each prospect straight across.
    saved_cells: Vec<Cell>,
    saved_prospects: Vec<[Prospect; 2]>,
    side: Color,
    table: PatternTable,
    playable: Vec<Cell>,
    /// Per colour, the threat class and value of every combination of four line patterns, so
    /// that a cell update is one lookup (see [`build_cell_table`]); the value in 16 bits keeps
    /// each table at 57 KiB, half of what it took with 32, which the cache holds better.
    cell_tables: [Vec<(Threat, i16)>; 2],
    /// The move ordering's attack and defence scores by line patterns.
    policy: Policy,
    /// Whether a cell five steps away along a line can change a line pattern: not when any
    /// run of five or more wins for both colours (see [`far_cells_matter`]).
    far_cells_matter: bool,
}

/// What a stone of one colour on an empty cell would make (all None on occupied cells).
#[derive(Clone, Copy)]
struct Prospect {
    /// The pattern in each of the four directions.
    codes: [LineCode; 4],
    /// The four line patterns as one number (see [`DIRECTION_WEIGHT`]), kept up to date with
    /// `codes` so that a class update needs no second read of them.
    combination: u16,
    threat: Threat,
    value: i32,
}

/// The columns `left..=right` and rows `top..=bottom` that some stones span.
#[derive(Clone, Copy)]
struct Span {
    left: u8,
    right: u8,
    top: u8,
    bottom: u8,
}

impl Span {
    /// The span of one stone at `x`, `y`.
    fn of(x: usize, y: usize) -> Span {
        let (x, y) = (x as u8, y as u8);
        Span {
            left: x,
            right: x,
            top: y,
            bottom: y,
        }
    }

    /// This span grown to take in `x`, `y`.
    fn including(self, x: usize, y: usize) -> Span {
        let (x, y) = (x as u8, y as u8);
        Span {
            left: self.left.min(x),
            right: self.right.max(x),
            top: self.top.min(y),
            bottom: self.bottom.max(y),
        }
    }
}

/// What taking a stone back puts back, besides the prospects saved from `first_saved` on: the
/// totals and class counts from before the stone. Restoring them is cheaper than looking every
/// line pattern up again.
struct Change {
    first_saved: usize,
    totals: [i32; 2],
    threat_counts: [[u16; THREAT_CLASSES]; 2],
}

/// The prospect of an occupied cell; combination 0 is four `Pattern::None` lines, whose class
/// is `Threat::None` and value 0.
const NO_PROSPECT: Prospect = Prospect {
    codes: [LineCode(0); 4],
    combination: 0,
    threat: Threat::None,
    value: 0,
};

/// The weight of each direction's pattern in a cell's combination number (base [`PATTERNS`],
/// first direction most significant).
const DIRECTION_WEIGHT: [i32; 4] = [
    (PATTERNS * PATTERNS * PATTERNS) as i32,
    (PATTERNS * PATTERNS) as i32,
    PATTERNS as i32,
    1,
];

/// The threat class and value of every combination of four line patterns, for a colour with
/// or without forbidden points. A double four is forbidden to renju black, so there it is no
/// threat and worth nothing: before, black's double-four points counted as open-four threats,
/// which made white block points black may not play and black value them. (Black's double
/// threes keep their worth: most are forbidden, but valuing them at nothing played no better.)
fn build_cell_table(forbidden_points: bool) -> Vec<(Threat, i16)> {
    (0..PATTERNS.pow(4))
        .map(|combination| {
            let mut rest = combination;
            let mut codes = [LineCode::default(); 4];
            for code in codes.iter_mut().rev() {
                *code = LineCode((rest % PATTERNS) as u8);
                rest /= PATTERNS;
            }
            if forbidden_points && is_double_four(codes) {
                return (Threat::None, 0);
            }
            let threat = Threat::classify(codes);
            let value = eval::cell_value(codes, threat);
            (
                threat,
                i16::try_from(value).expect("cell values fit in 16 bits"),
            )
        })
        .collect()
}

/// The cell value of a `color` stone whose line patterns make combination `index` (see
/// [`super::policy::combination_index`]). It is the same whatever the order of the directions,
/// so it is read at the number of the sorted patterns.
fn combination_value(cell_tables: &[Vec<(Threat, i16)>; 2], color: Color, index: usize) -> i32 {
    let number = combination_patterns(index)
        .iter()
        .zip(DIRECTION_WEIGHT)
        .map(|(&pattern, weight)| pattern as i32 * weight)
        .sum::<i32>();
    i32::from(cell_tables[color.index()][number as usize].1)
}

/// Whether a stone on a cell with these line patterns makes two fours at once (and no five).
fn is_double_four(codes: [LineCode; 4]) -> bool {
    !codes.iter().any(|code| code.pattern() == Pattern::Five) && four_count(codes) >= 2
}

impl Board {
    /// An empty board. Sizes outside [`MIN_SIZE`]..=[`MAX_SIZE`] are refused.
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Board, String> {
        let fits = |side: usize| (MIN_SIZE..=MAX_SIZE).contains(&side);
        if !fits(width) || !fits(height) {
            return Err(format!(
                "unsupported board size {width}x{height}: sides from {MIN_SIZE} to {MAX_SIZE}"
            ));
        }
        // Keys depend on the size and the rule, so that a transposition table kept from an
        // earlier game never mistakes a position of another game for its own.
        let salt = (width as u64) << 16 | (height as u64) << 8 | rule as u64;
        let mut rng = Rng::new(0x5eed_601c_0b0a_4d00 ^ salt);
        let zobrist = (0..CELLS)
            .map(|_| [rng.next_u64(), rng.next_u64()])
            .collect();
        let cell_tables = [Color::Black, Color::White]
            .map(|color| build_cell_table(rule.has_forbidden_points(color)));
        let policy = Policy::new(rule, |color, index| {
            combination_value(&cell_tables, color, index)
        });
        let mut board = Board {
            width,
            height,
            rule,
            cells: vec![DEAD; CELLS],
            // Every cell starts dead; the board's cells are emptied below.
            lines: vec![u128::MAX; LINES],
            prospects: vec![[NO_PROSPECT; 2]; CELLS],
            totals: [0; 2],
            threat_counts: [[0; THREAT_CLASSES]; 2],
            empty_count: 0,
            near: vec![0; CELLS],
            zobrist,
            hash: 0,
            history: Vec::new(),
            spans: Vec::new(),
            changes: Vec::new(),
            saved_cells: Vec::new(),
            saved_prospects: Vec::new(),
            side: Color::Black,
            table: PatternTable::new(rule.five_kind(Color::Black), rule.five_kind(Color::White)),
            playable: Vec::new(),
            cell_tables,
            policy,
            far_cells_matter: far_cells_matter(rule.five_kind(Color::Black))
                || far_cells_matter(rule.five_kind(Color::White)),
        };
        for y in 0..height {
            for x in 0..width {
                let cell = board.cell(x, y);
                board.cells[cell as usize] = EMPTY;
                board.write_code(cell, EMPTY);
                board.playable.push(cell);
            }
        }
        board.empty_count = board.playable.len();
        for index in 0..board.playable.len() {
            let cell = board.playable[index];
            for direction in 0..4 {
                board.refresh_line(cell, direction, board.key(cell, direction), false);
            }
        }
        Ok(board)
    }

    /// A new empty board of the same size and rule that keeps the pattern table already built
    /// (it fills as positions are seen, so keeping it saves time in later games).
    pub fn cleared(&mut self) -> Board {
        let mut board =
            Board::new(self.width, self.height, self.rule).expect("the current size is supported");
        std::mem::swap(&mut board.table, &mut self.table);
        board
    }

    /// Board width (x runs over `0..width`).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height (y runs over `0..height`).
    pub fn height(&self) -> usize {
        self.height
    }

    /// The winning rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The cell at column `x`, row `y` (both on the board).
    pub fn cell(&self, x: usize, y: usize) -> Cell {
        ((y + PAD) * STRIDE + x + PAD) as Cell
    }

    /// The cell at `x`, `y`, or `None` off the board.
    pub fn cell_checked(&self, x: i64, y: i64) -> Option<Cell> {
        let inside = |v: i64, limit: usize| v >= 0 && (v as usize) < limit;
        (inside(x, self.width) && inside(y, self.height)).then(|| self.cell(x as usize, y as usize))
    }

    /// The [`distance_bucket`] of two cells: how many king steps apart, 4 or more as one.
    pub fn distance_bucket(&self, a: Cell, b: Cell) -> usize {
        let ((ax, ay), (bx, by)) = (self.coords(a), self.coords(b));
        distance_bucket(ax.abs_diff(bx), ay.abs_diff(by))
    }

    /// Column and row of a cell.
    pub fn coords(&self, cell: Cell) -> (usize, usize) {
        let index = cell as usize;
        (index % STRIDE - PAD, index / STRIDE - PAD)
    }

    /// Every cell of the board, row by row.
    pub fn playable(&self) -> &[Cell] {
        &self.playable
    }

    /// Whether the cell is empty (and on the board).
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.cells[cell as usize] == EMPTY
    }

    /// The stone on a cell, if any.
    pub fn stone(&self, cell: Cell) -> Option<Color> {
        match self.cells[cell as usize] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether a stone lies within two cells of `cell`.
    pub fn is_near_stones(&self, cell: Cell) -> bool {
        self.near[cell as usize] > 0
    }

    /// The colour to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the colour to move (after a position was set up stone by stone).
    pub fn set_side_to_move(&mut self, color: Color) {
        if color != self.side {
            self.hash ^= SIDE_KEY;
        }
        self.side = color;
    }

    /// Stones played, in order.
    pub fn history(&self) -> &[(Cell, Color)] {
        &self.history
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// Whether no empty cell is left.
    pub fn is_full(&self) -> bool {
        self.empty_count == 0
    }

    /// The position's hash (stones and side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the position will have once the side to move plays on the empty `cell`.
    pub fn hash_after(&self, cell: Cell) -> u64 {
        self.hash ^ self.zobrist[cell as usize][self.side.index()] ^ SIDE_KEY
    }

    /// The patterns a `color` stone on the empty `cell` would make in the four directions.
    pub fn line_codes(&self, color: Color, cell: Cell) -> [LineCode; 4] {
        self.prospects[cell as usize][color.index()].codes
    }

    /// The threat class of a `color` stone on the empty `cell` (None on occupied cells).
    pub fn threat(&self, color: Color, cell: Cell) -> Threat {
        self.prospects[cell as usize][color.index()].threat
    }

    /// How many empty cells have threat class `threat` for `color`.
    pub fn threat_count(&self, color: Color, threat: Threat) -> usize {
        self.threat_counts[color.index()][threat as usize] as usize
    }

    /// The evaluation value of a `color` stone on the empty `cell`.
    pub fn value(&self, color: Color, cell: Cell) -> i32 {
        self.prospects[cell as usize][color.index()].value
    }

    /// The four line patterns of a `color` stone on the empty `cell` as one number (base
    /// [`PATTERNS`], first direction most significant; 0 on occupied cells).
    pub fn combination(&self, color: Color, cell: Cell) -> u16 {
        self.prospects[cell as usize][color.index()].combination
    }

    /// The move ordering's score of the empty `cell` for the side to move (see
    /// [`super::policy`]).
    pub fn policy_score(&self, cell: Cell) -> i32 {
        let me = self.side;
        let [black, white] = &self.prospects[cell as usize];
        let (own, their) = match me {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        let scores = self.policy.scores(me);
        let mut score = self.policy.score(me, own.combination, their.combination)
            + scores.threats[threat_pair(own.threat, their.threat)];
        let mut recent =
            (self.history.iter().rev()).map(|&(stone, _)| self.distance_bucket(cell, stone));
        if let Some(bucket) = recent.next() {
            score += scores.last[bucket];
        }
        if let Some(bucket) = recent.next() {
            score += scores.own_last[bucket];
        }
        score
    }

    /// The move ordering's tables.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The ordering's tables for `me` to move as the cell values alone make them, fitted
    /// tables or not (where `gomoku-policy` starts a fit).
    pub fn value_policy(&self, me: Color) -> Scores {
        Scores::from_values(me, |color, index| {
            combination_value(&self.cell_tables, color, index)
        })
    }

    /// The sum of [`value`](Self::value) over all empty cells.
    pub fn total_value(&self, color: Color) -> i32 {
        self.totals[color.index()]
    }

    /// The cells one step before and after `cell` in `direction` (0..4), `steps` apart.
    pub fn step(&self, cell: Cell, direction: usize, steps: isize) -> Cell {
        (cell as isize + DIRECTIONS[direction] * steps) as Cell
    }

    /// Whether `cell` is on the board (not in the wall around it).
    pub fn is_on_board(&self, cell: Cell) -> bool {
        let index = cell as usize;
        if index >= CELLS {
            return false;
        }
        let (x, y) = (index % STRIDE, index / STRIDE);
        (PAD..PAD + self.width).contains(&x) && (PAD..PAD + self.height).contains(&y)
    }

    /// Puts a stone of the side to move on the empty `cell` and passes the turn.
    pub fn play(&mut self, cell: Cell) {
        let color = self.side;
        self.put(cell, color);
        self.set_side_to_move(color.opponent());
    }

    /// Puts a `color` stone on the empty `cell` without changing the side to move (for setting
    /// up positions). Pair it with [`undo`](Self::undo).
    pub fn put(&mut self, cell: Cell, color: Color) {
        debug_assert!(self.is_empty(cell));
        self.hash ^= self.zobrist[cell as usize][color.index()];
        self.history.push((cell, color));
        let (x, y) = self.coords(cell);
        let span = self
            .spans
            .last()
            .map_or(Span::of(x, y), |span| span.including(x, y));
        self.spans.push(span);
        self.changes.push(Some(Change {
            first_saved: self.saved_cells.len(),
            totals: self.totals,
            threat_counts: self.threat_counts,
        }));
        self.adjust_near(cell, true);
        self.set_cell(cell, stone_code(color), true);
    }

    /// Takes back the last stone; the turn goes back to its colour. Returns the cell.
    pub fn undo(&mut self) -> Option<Cell> {
        let (cell, color) = self.history.pop()?;
        self.spans.pop();
        self.hash ^= self.zobrist[cell as usize][color.index()];
        self.adjust_near(cell, false);
        match self.changes.pop().flatten() {
            Some(change) => self.restore(cell, change),
            None => self.set_cell(cell, EMPTY, false),
        }
        self.set_side_to_move(color);
        Some(cell)
    }

    /// Takes an empty cell out of play (a continuous-game mark): no stone may go there and it
    /// blocks lines like an opponent stone for both sides.
    pub fn kill_cell(&mut self, cell: Cell) {
        debug_assert!(self.is_empty(cell));
        // The saved prospects do not know this cell is dead.
        self.saved_cells.clear();
        self.saved_prospects.clear();
        self.changes.iter_mut().for_each(|change| *change = None);
        self.set_cell(cell, DEAD, false);
    }

    /// Whether the last stone played made a winning five.
    pub fn last_move_won(&mut self) -> bool {
        let (cell, color) = match self.history.last() {
            Some(&(cell, color)) => (cell, color),
            None => return false,
        };
        self.set_cell(cell, EMPTY, false);
        let won = self.threat(color, cell) == Threat::Five;
        self.set_cell(cell, stone_code(color), false);
        won
    }

    /// Empty cells near stones (the centre on an empty board), for move generation.
    pub fn candidates(&self, out: &mut Vec<Cell>) {
        out.clear();
        if self.history.is_empty() {
            let centre = self.cell(self.width / 2, self.height / 2);
            if self.is_empty(centre) {
                out.push(centre);
                return;
            }
        }
        self.visit_near_cells(|cell| {
            if self.cells[cell as usize] == EMPTY {
                out.push(cell);
            }
        });
        if out.is_empty() {
            out.extend(self.playable.iter().copied().filter(|&c| self.is_empty(c)));
        }
    }

    /// Empty cells where `color` has a threat class of at least `least`, near stones.
    pub fn cells_with_threat(&self, color: Color, least: Threat, out: &mut Vec<Cell>) {
        out.clear();
        self.visit_near_cells(|cell| {
            if self.threat(color, cell) >= least {
                out.push(cell);
            }
        });
    }

    /// Calls `visit` on every cell within two cells of a stone, row by row: only the rows and
    /// columns around the span of the stones are read, not the whole board.
    fn visit_near_cells(&self, mut visit: impl FnMut(Cell)) {
        let span = match self.spans.last() {
            Some(span) => span,
            None => return,
        };
        let left = usize::from(span.left).saturating_sub(2);
        let right = (usize::from(span.right) + 2).min(self.width - 1);
        let top = usize::from(span.top).saturating_sub(2);
        let bottom = (usize::from(span.bottom) + 2).min(self.height - 1);
        for y in top..=bottom {
            let row_start = self.cell(left, y);
            for cell in row_start..=row_start + (right - left) as Cell {
                if self.near[cell as usize] > 0 {
                    visit(cell);
                }
            }
        }
    }

    /// The first empty cell where `color` would make five, if any.
    pub fn five_point(&self, color: Color) -> Option<Cell> {
        if self.threat_count(color, Threat::Five) == 0 {
            return None;
        }
        self.playable
            .iter()
            .copied()
            .find(|&cell| self.threat(color, cell) == Threat::Five)
    }

    /// Counts a stone put on `cell` (or taken off) in the near counts of the 5x5 square
    /// around it.
    fn adjust_near(&mut self, cell: Cell, put: bool) {
        // Each row of the square is five counters updated as one eight-byte word: a count
        // never passes 25 nor goes below 0, so no byte carries into its neighbour.
        const ROW_OF_FIVE: u64 = 0x01_0101_0101;
        let top_left = cell as usize - 2 * STRIDE - 2;
        for row in 0..5 {
            let start = top_left + row * STRIDE;
            let bytes: &mut [u8; 8] = (&mut self.near[start..start + 8])
                .try_into()
                .expect("eight bytes");
            let word = u64::from_le_bytes(*bytes);
            let word = if put {
                word + ROW_OF_FIVE
            } else {
                word - ROW_OF_FIVE
            };
            *bytes = word.to_le_bytes();
        }
    }

    /// Writes `code` for `cell` into its four lines.
    fn write_code(&mut self, cell: Cell, code: u8) {
        for direction in 0..4 {
            let (line, shift) = line_place(cell, direction);
            let word = &mut self.lines[line];
            *word = (*word & !(3 << shift)) | (u128::from(code) << shift);
        }
    }

    /// The line key of `cell` in `direction`: the codes of the five cells on each side.
    fn key(&self, cell: Cell, direction: usize) -> u32 {
        let (line, shift) = line_place(cell, direction);
        key_at(self.lines[line], shift)
    }

    /// Saves the prospects of `cell`, for the take-back of the stone being put (each cell
    /// on the stone's lines is saved once: it lies on one of them at one distance).
    fn save_prospect(&mut self, cell: Cell) {
        self.saved_cells.push(cell);
        self.saved_prospects.push(self.prospects[cell as usize]);
    }

    /// Empties `cell` again by putting back what its stone changed.
    fn restore(&mut self, cell: Cell, change: Change) {
        self.empty_count += 1;
        self.cells[cell as usize] = EMPTY;
        self.write_code(cell, EMPTY);
        for index in change.first_saved..self.saved_cells.len() {
            self.prospects[self.saved_cells[index] as usize] = self.saved_prospects[index];
        }
        self.saved_cells.truncate(change.first_saved);
        self.saved_prospects.truncate(change.first_saved);
        self.totals = change.totals;
        self.threat_counts = change.threat_counts;
    }

    /// Calls `changed` on the board with every cell that sees `cell` along a line, its
    /// direction and its line key (not for those five cells away when
    /// [`far_cells_matter`](Board::far_cells_matter) is false: their patterns stay as they are).
    fn visit_cells_that_see(
        &mut self,
        cell: Cell,
        mut changed: impl FnMut(&mut Self, Cell, usize, u32),
    ) {
        let reach = if self.far_cells_matter {
            HALF
        } else {
            HALF - 1
        } as i32;
        for direction in 0..4 {
            let (line, shift) = line_place(cell, direction);
            let word = self.lines[line];
            for sign in [-1i32, 1] {
                for distance in 1..=reach {
                    let steps = sign * distance;
                    let other = self.step(cell, direction, steps as isize) as usize;
                    if self.cells[other] == DEAD {
                        if !self.is_on_board(other as Cell) {
                            // Past the edge the rest of this half line is wall as well.
                            break;
                        }
                        // A dead cell never empties again: its patterns are never read.
                        continue;
                    }
                    let key = key_at(word, (shift as i32 + 2 * steps) as u32);
                    changed(self, other as Cell, direction, key);
                }
            }
        }
    }

    /// Puts `code` on `cell` and brings the prospects of the cells on its lines up to date;
    /// with `save`, each prospect is saved for the take-back just before it changes, in the
    /// same pass over the lines.
    fn set_cell(&mut self, cell: Cell, code: u8, save: bool) {
        if save {
            self.save_prospect(cell);
        }
        if self.cells[cell as usize] == EMPTY {
            self.empty_count -= 1;
        }
        if code == EMPTY {
            self.empty_count += 1;
        }
        self.cells[cell as usize] = code;
        self.write_code(cell, code);
        self.visit_cells_that_see(cell, |board, other, direction, key| {
            if board.is_empty(other) {
                board.refresh_line(other, direction, key, save);
            }
        });
        if code == EMPTY {
            for direction in 0..4 {
                self.refresh_line(cell, direction, self.key(cell, direction), false);
            }
        } else {
            for color in [Color::Black, Color::White] {
                let prospect = &mut self.prospects[cell as usize][color.index()];
                prospect.codes = NO_PROSPECT.codes;
                prospect.combination = NO_PROSPECT.combination;
                self.refresh_cell(cell, color);
            }
        }
    }

    /// Brings the patterns of `cell` in `direction` up to date with its line key `key`; with
    /// `save`, the cell's prospects are saved for the take-back first if they change (most
    /// cells four or five steps from a stone keep their patterns, and then cost no save).
    fn refresh_line(&mut self, cell: Cell, direction: usize, key: u32, save: bool) {
        let codes = self.table.codes(key);
        let [black, white] = &self.prospects[cell as usize];
        if black.codes[direction] == codes[0] && white.codes[direction] == codes[1] {
            return;
        }
        if save {
            self.save_prospect(cell);
        }
        for color in [Color::Black, Color::White] {
            let code = codes[color.index()];
            let prospect = &mut self.prospects[cell as usize][color.index()];
            let old = std::mem::replace(&mut prospect.codes[direction], code);
            let (old, new) = (old.pattern() as i32, code.pattern() as i32);
            // The overline flag alone changes neither the class nor the value.
            if old != new {
                prospect.combination = (i32::from(prospect.combination)
                    + (new - old) * DIRECTION_WEIGHT[direction])
                    as u16;
                self.refresh_cell(cell, color);
            }
        }
    }

    /// Brings the class and value of `color` on `cell` up to date with its line patterns (an
    /// occupied cell has combination 0, which the table maps to no class and no value).
    fn refresh_cell(&mut self, cell: Cell, color: Color) {
        let side = color.index();
        let prospect = &mut self.prospects[cell as usize][side];
        let (threat, value) = self.cell_tables[side][prospect.combination as usize];
        let value = i32::from(value);
        let old = std::mem::replace(&mut prospect.threat, threat);
        self.totals[side] += value - std::mem::replace(&mut prospect.value, value);
        // Only empty cells carry a class other than None, so counting the classes above None
        // counts empty cells only.
        if old != Threat::None {
            self.threat_counts[side][old as usize] -= 1;
        }
        if threat != Threat::None {
            self.threat_counts[side][threat as usize] += 1;
        }
    }
}

/// Lines of the padded arrays: rows, columns, and the diagonals of each slope.
const LINES: usize = 2 * STRIDE + 2 * (2 * STRIDE - 1);

/// The line of `cell` in `direction` and the shift of its two bits in the line's word. A cell's
/// place in its line is its row (its column across), so that steps in the direction move along
/// the word; the padding keeps every cell five steps from a board cell inside the arrays.
fn line_place(cell: Cell, direction: usize) -> (usize, u32) {
    let (x, y) = (cell as usize % STRIDE, cell as usize / STRIDE);
    let (line, place) = match direction {
        0 => (y, x),
        1 => (STRIDE + x, y),
        2 => (2 * STRIDE + x + STRIDE - 1 - y, y),
        _ => (2 * STRIDE + 2 * STRIDE - 1 + x + y, y),
    };
    (line, 2 * place as u32)
}

/// The line key of the cell whose two bits are at `shift` in its line's `word`: the ten cells
/// around it, without the cell itself (the layout of [`field_shift`](super::pattern::field_shift)).
fn key_at(word: u128, shift: u32) -> u32 {
    let window = (word >> (shift - 2 * HALF as u32)) as u32 & ((1 << (4 * HALF + 2)) - 1);
    let below = 2 * HALF as u32;
    window & ((1 << below) - 1) | (window >> (below + 2)) << below
}

/// Hashed in when white is to move.
const SIDE_KEY: u64 = 0x9d3a_47c1_e2b5_0f68;

#[cfg(test)]
impl Board {
    /// A 15x15 board under `rule` with black stones at `black` and white stones at `white`
    /// (`(x, y)` pairs) and `to_move` to move, for the tests of the modules that read boards.
    pub fn with_stones(
        rule: Rule,
        black: &[(usize, usize)],
        white: &[(usize, usize)],
        to_move: Color,
    ) -> Board {
        let mut board = Board::new(15, 15, rule).unwrap();
        for (stones, color) in [(black, Color::Black), (white, Color::White)] {
            for &(x, y) in stones {
                let cell = board.cell(x, y);
                board.put(cell, color);
            }
        }
        board.set_side_to_move(to_move);
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything the search reads from a board, for comparing two boards.
    fn snapshot(board: &Board) -> Vec<i64> {
        let mut state = vec![board.hash() as i64, board.empty_count as i64];
        let mut candidates = Vec::new();
        board.candidates(&mut candidates);
        state.extend(candidates.iter().map(|&cell| i64::from(cell)));
        for color in [Color::Black, Color::White] {
            state.push(board.total_value(color) as i64);
            state.extend(board.threat_counts[color.index()].iter().map(|&n| n as i64));
            for &cell in board.playable() {
                let prospect = board.prospects[cell as usize][color.index()];
                state.extend(prospect.codes.iter().map(|code| code.0 as i64));
                state.push(prospect.combination as i64);
                state.push(prospect.threat as i64);
                state.push(prospect.value as i64);
            }
        }
        state
    }

    /// An empty cell of the board drawn at random.
    fn random_empty_cell(board: &Board, rng: &mut Rng) -> Cell {
        let empty: Vec<Cell> = board
            .playable()
            .iter()
            .copied()
            .filter(|&cell| board.is_empty(cell))
            .collect();
        empty[rng.below(empty.len() as u32) as usize]
    }

    /// The line key read from a line's word is the key built cell by cell from the arrays.
    #[test]
    fn line_keys_match_the_cells() {
        let mut rng = Rng::new(11);
        let mut board = Board::new(20, 17, Rule::Freestyle).unwrap();
        for step in 0..120 {
            let random_empty = random_empty_cell(&board, &mut rng);
            if step % 40 == 20 {
                board.kill_cell(random_empty);
            } else {
                board.play(random_empty);
            }
            for &cell in board.playable() {
                for direction in 0..4 {
                    let mut expected = 0;
                    for offset in (-5..=5i32).filter(|&offset| offset != 0) {
                        let other = board.step(cell, direction, offset as isize);
                        expected |= u32::from(board.cells[other as usize])
                            << super::super::pattern::field_shift(offset);
                    }
                    assert_eq!(board.key(cell, direction), expected, "step {step}");
                }
            }
        }
    }

    /// A double four is no threat to renju black, who may not play it, and stays one to white
    /// and under the other rules.
    #[test]
    fn renju_black_double_four_is_no_threat() {
        let black = [(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)];
        let board = Board::with_stones(Rule::Renju, &black, &[], Color::White);
        let cell = board.cell(7, 7);
        assert_eq!(board.threat(Color::Black, cell), Threat::None);
        let board = Board::with_stones(Rule::ExactFive, &black, &[], Color::White);
        assert_eq!(board.threat(Color::Black, cell), Threat::Flex4);
        let board = Board::with_stones(Rule::Renju, &[], &black, Color::Black);
        assert_eq!(board.threat(Color::White, cell), Threat::Flex4);
    }

    /// The hash announced for a move is the hash the board has once the move is played.
    #[test]
    fn hash_after_is_the_hash_once_played() {
        let mut board = Board::with_stones(Rule::Freestyle, &[(7, 7)], &[(8, 8)], Color::Black);
        for (x, y) in [(6, 6), (9, 9), (0, 14)] {
            let cell = board.cell(x, y);
            let announced = board.hash_after(cell);
            board.play(cell);
            assert_eq!(board.hash(), announced);
        }
    }

    /// Undoing stones, with and without a cell kill in between, leaves the board exactly as a
    /// board built up to the same stones from scratch.
    #[test]
    fn undo_restores_the_incremental_state() {
        let mut rng = Rng::new(7);
        for rule in [Rule::Freestyle, Rule::Renju] {
            let mut board = Board::new(15, 15, rule).unwrap();
            for step in 0..200 {
                let random_empty = random_empty_cell(&board, &mut rng);
                if step % 50 == 25 {
                    board.kill_cell(random_empty);
                } else if rng.below(10) < 4 && board.stone_count() > 0 {
                    board.undo();
                } else {
                    board.play(random_empty);
                }
                let mut rebuilt = Board::new(15, 15, rule).unwrap();
                for cell in board.playable().iter().copied() {
                    if board.cells[cell as usize] == DEAD {
                        rebuilt.kill_cell(cell);
                    }
                }
                for &(cell, color) in board.history() {
                    rebuilt.put(cell, color);
                }
                rebuilt.set_side_to_move(board.side_to_move());
                assert!(snapshot(&board) == snapshot(&rebuilt), "step {step}");
                // The scan of the stones' span finds what a scan of the whole board finds.
                let mut candidates = Vec::new();
                board.candidates(&mut candidates);
                let near: Vec<Cell> = board
                    .playable()
                    .iter()
                    .copied()
                    .filter(|&cell| board.is_empty(cell) && board.is_near_stones(cell))
                    .collect();
                if !near.is_empty() {
                    assert_eq!(candidates, near, "step {step}");
                }
            }
        }
    }
}
