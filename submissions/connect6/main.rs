//! connect6: bundled from engine (bin connect6) by bundler. Do not edit; regenerate with `cargo run -p bundler`.
//!
//! Connect6 for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

// engine/src/bin/connect6.rs
use crate::connect6::engine::Connect6Engine;
use crate::connect6::search::Settings;
use crate::protocol::sau;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio(
        "connect6",
        &args,
        |control, _| {
            let mut engine = Connect6Engine::new(Settings::default());
            sau::run(&mut engine, control, io::stdin().lock(), io::stdout().lock())
        },
    )
}
// engine/src/lib.rs
pub mod connect6 {
    // engine/src/connect6/mod.rs
    //! The game of Connect6 on a 19x19 board: rules, evaluation, search and the engine.
    //!
    //! Black opens with one stone, then each side places two stones a turn; six or more in a row
    //! wins and a full board is a draw. Everything is built on the 6-cell windows of the board: a
    //! window holding stones of one colour only is a chance for that colour, and one holding four or
    //! five of them is a threat (the owner completes it with one turn).
    //!
    //! - the two colours are [`Color`](crate::core::color::Color), shared with the other stone games.
    //! - [`turn`]: one or two stones, the unit of play.
    //! - [`geometry`]: the windows of the board and which windows pass through each cell.
    //! - [`board`]: the position with per-window counts, kept up to date stone by stone.
    //! - [`threats`]: threats, how many stones it takes to block them, and the blocking turns.
    //! - [`moves`]: candidate cells and turns, best first.
    //! - [`opening`]: white's first turn, a fixed shape around black's stone.
    //! - [`vcdt`]: victory by continuous double threats, a proof search for forced wins.
    //! - [`search`]: alpha-beta over turns, with the threat searches at the root.
    //! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

    pub mod board {
        // engine/src/connect6/board.rs
        //! A Connect6 position with its window bookkeeping, updated stone by stone so that the search
        //! can place and lift stones cheaply.
        //!
        //! For each window the board keeps how many stones of each colour it holds. From those it keeps:
        //! how many windows only one colour holds, by its number of stones there (the evaluation weighs
        //! them), the set of each colour's threat windows (four or five stones, none of the opponent),
        //! and whether a colour has completed six.

        use super::geometry::{geometry, CELLS, SIZE, WINDOWS};
        use super::turn::Turn;
        use crate::core::color::Color;

        /// The worth of a window holding `n` stones of one colour and none of the other, to that colour.
        pub const WINDOW_VALUE: [i32; 7] = [0, -2, 6, 30, 127, 129, 0];

        /// The worth of spoiling an opponent's window that holds `n` of its stones and none of ours.
        pub const SPOIL_VALUE: [i32; 7] = [0, 4, 17, 36, 120, 130, 0];

        /// What a cell is worth when a quiet position's candidate cells are chosen, for each window
        /// through it that the mover holds alone, by the mover's stones there (none to five).
        pub const SELECT_EXTEND_VALUE: [i32; 6] = [0, 8, 36, 43, 2, 1_000_000];

        /// The same for each of the opponent's windows it spoils, by the opponent's stones there (index
        /// 0 unused).
        pub const SELECT_SPOIL_VALUE: [i32; 6] = [0, 1, 10, 24, 120, 130];

        /// The same by the cell's distance (1, 2, 3, 4 or more) from the opponent's last turn, then from
        /// our own last turn.
        pub const SELECT_NEAR_VALUE: [[i32; 4]; 2] = [[13, 3, -9, -10], [12, 5, 0, -15]];

        /// What a quiet turn's shape adds to its ordering value, by how many stones it takes the
        /// opponent to block the threats the turn makes (none, one, two or more).
        pub const THREATS_MADE_VALUE: [i32; 3] = [0, 1, 70];

        /// What each stone of a quiet turn adds by its distance (1, 2, 3, 4 or more cells) from the
        /// stones of the opponent's last turn, then from our own last turn.
        pub const NEAR_LAST_VALUE: [[i32; 4]; 2] = [[12, 6, -14, -8], [7, -5, -2, -6]];

        /// What a quiet turn adds by the distance between its two stones (1, 2, 3 to 5, 6 or more).
        pub const SPREAD_VALUE: [i32; 4] = [26, 23, -32, -15];

        /// What one more stone adds to a window holding `n` stones of its colour and none of the other's.
        pub const ATTACK_GAIN: [i32; 7] = {
            let mut gain = [0; 7];
            let mut n = 0;
            while n < 7 {
                let next = if n + 1 < 6 { n + 1 } else { 6 };
                gain[n] = WINDOW_VALUE[next] - WINDOW_VALUE[n];
                n += 1;
            }
            gain
        };

        /// The most turns a game holds: black's opening stone, then two stones a turn.
        pub const MAX_TURNS: usize = (CELLS + 1) / 2;

        /// Stones of one colour that make a window a threat.
        pub const THREAT_STONES: u8 = 4;

        const LIVE_WORDS: usize = (WINDOWS + 63) / 64;

        /// A set of windows, one bit each.
        pub type WindowSet = [u64; LIVE_WORDS];

        /// A position.
        #[derive(Clone)]
        pub struct Board {
            cells: [Option<Color>; CELLS],
            /// Stones of each colour in each window.
            counts: [[u8; 2]; WINDOWS],
            /// Windows only that colour holds, by the number of its stones in them (index 0 unused).
            held: [[u16; 7]; 2],
            /// For each colour and window, what one more stone of that colour adds there
            /// ([`ATTACK_GAIN`], or nothing where the other colour stands).
            gains: [[i16; WINDOWS]; 2],
            live: [WindowSet; 2],
            sixes: [u16; 2],
            /// Stones within two cells (a 5x5 square) of each cell.
            nearby: [u8; CELLS],
            stones: u16,
            hash: u64,
            /// The turns played so far, in order ([`Board::play`] and [`Board::undo`] keep it; single
            /// stones placed and lifted do not).
            history: [Turn; MAX_TURNS],
            turns: u16,
        }

        impl Default for Board {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Board {
            /// The empty board.
            pub fn new() -> Self {
                Self {
                    cells: [None; CELLS],
                    counts: [[0; 2]; WINDOWS],
                    held: [[0; 7]; 2],
                    gains: [[ATTACK_GAIN[0] as i16; WINDOWS]; 2],
                    live: [[0; LIVE_WORDS]; 2],
                    sixes: [0; 2],
                    nearby: [0; CELLS],
                    stones: 0,
                    hash: 0,
                    history: [Turn::single(0); MAX_TURNS],
                    turns: 0,
                }
            }

            /// Whether `cell` is on the board and empty.
            pub fn is_empty(&self, cell: u16) -> bool {
                usize::from(cell) < CELLS && self.cells[usize::from(cell)].is_none()
            }

            /// A hash of the stones (the side to move follows from their number).
            pub fn hash(&self) -> u64 {
                self.hash
            }

            /// The number of stones on the board.
            pub fn stone_count(&self) -> u16 {
                self.stones
            }

            /// Whether the board is full.
            pub fn is_full(&self) -> bool {
                usize::from(self.stones) == CELLS
            }

            /// The colour whose turn it is: black opens with one stone, then turns of two alternate.
            pub fn to_move(&self) -> Color {
                if self.stones % 4 == 0 || self.stones % 4 == 3 {
                    Color::Black
                } else {
                    Color::White
                }
            }

            /// The colour that has six (or more) in a row, if any.
            pub fn winner(&self) -> Option<Color> {
                if self.sixes[0] > 0 {
                    Some(Color::Black)
                } else if self.sixes[1] > 0 {
                    Some(Color::White)
                } else {
                    None
                }
            }

            /// Whether the game is over: a six, or a full board.
            pub fn is_over(&self) -> bool {
                self.winner().is_some() || self.is_full()
            }

            /// How many windows only `colour` holds, indexed by its stones in them (index 0 unused).
            pub fn held_windows(&self, colour: Color) -> &[u16; 7] {
                &self.held[colour.index()]
            }

            /// What one more stone of `colour` adds to `window` (see [`ATTACK_GAIN`]).
            pub fn window_gain(&self, colour: Color, window: u16) -> i32 {
                i32::from(self.gains[colour.index()][usize::from(window)])
            }

            /// The stones of each colour in `window`.
            pub fn window_counts(&self, window: u16) -> [u8; 2] {
                self.counts[usize::from(window)]
            }

            /// The threat windows of `colour`: four or five of its stones and none of the opponent's.
            pub fn live_windows(&self, colour: Color) -> impl Iterator<Item = u16> + '_ {
                self.live[colour.index()]
                    .iter()
                    .enumerate()
                    .flat_map(|(word_index, &word)| {
                        let mut bits = word;
                        std::iter::from_fn(move || {
                            if bits == 0 {
                                return None;
                            }
                            let bit = bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            Some((word_index * 64 + bit) as u16)
                        })
                    })
            }

            /// How many threat windows `colour` has.
            pub fn live_window_count(&self, colour: Color) -> u32 {
                self.live[colour.index()].iter().map(|word| word.count_ones()).sum()
            }

            /// Whether `colour` has any threat window.
            pub fn has_live_window(&self, colour: Color) -> bool {
                self.live[colour.index()].iter().any(|&word| word != 0)
            }

            /// Whether some stone lies within two cells of `cell`.
            pub fn is_near_stones(&self, cell: u16) -> bool {
                self.nearby[usize::from(cell)] > 0
            }

            /// Places a stone of `colour` on the empty `cell`.
            pub fn place(&mut self, cell: u16, colour: Color) {
                debug_assert!(self.is_empty(cell));
                let geometry = geometry();
                self.cells[usize::from(cell)] = Some(colour);
                self.stones += 1;
                let own = colour.index();
                let other = 1 - own;
                self.hash ^= geometry.zobrist[usize::from(cell)][own];
                for &window in geometry.windows_of(cell) {
                    let index = usize::from(window);
                    let counts = &mut self.counts[index];
                    let (mine, theirs) = (
                        usize::from(counts[own]),
                        usize::from(counts[other]),
                    );
                    counts[own] += 1;
                    if theirs == 0 {
                        self.gains[own][index] = ATTACK_GAIN[mine + 1] as i16;
                        if mine == 0 {
                            self.gains[other][index] = 0;
                        }
                        self.held[own][mine + 1] += 1;
                        if mine > 0 {
                            self.held[own][mine] -= 1;
                        }
                        if mine + 1 == usize::from(THREAT_STONES) {
                            self.live[own][index / 64] |= 1 << (index % 64);
                        } else if mine + 1 == 6 {
                            self.sixes[own] += 1;
                        }
                    } else if mine == 0 {
                        self.gains[other][index] = 0;
                        self.held[other][theirs] -= 1;
                        if theirs >= usize::from(THREAT_STONES) {
                            self.live[other][index / 64] &= !(1 << (index % 64));
                        }
                    }
                }
                self.touch_neighbourhood(cell, 1);
            }

            /// Lifts the stone on `cell` (the last placed there), undoing [`Board::place`].
            pub fn remove(&mut self, cell: u16) {
                let colour = match self.cells[usize::from(cell)] {
                    Some(colour) => colour,
                    None => return,
                };
                let geometry = geometry();
                self.cells[usize::from(cell)] = None;
                self.stones -= 1;
                let own = colour.index();
                let other = 1 - own;
                self.hash ^= geometry.zobrist[usize::from(cell)][own];
                for &window in geometry.windows_of(cell) {
                    let index = usize::from(window);
                    let counts = &mut self.counts[index];
                    counts[own] -= 1;
                    let (mine, theirs) = (
                        usize::from(counts[own]),
                        usize::from(counts[other]),
                    );
                    if theirs == 0 {
                        self.gains[own][index] = ATTACK_GAIN[mine] as i16;
                        if mine == 0 {
                            self.gains[other][index] = ATTACK_GAIN[0] as i16;
                        }
                        self.held[own][mine + 1] -= 1;
                        if mine > 0 {
                            self.held[own][mine] += 1;
                        }
                        if mine + 1 == usize::from(THREAT_STONES) {
                            self.live[own][index / 64] &= !(1 << (index % 64));
                        } else if mine + 1 == 6 {
                            self.sixes[own] -= 1;
                        }
                    } else if mine == 0 {
                        self.gains[other][index] = ATTACK_GAIN[theirs] as i16;
                        self.held[other][theirs] += 1;
                        if theirs >= usize::from(THREAT_STONES) {
                            self.live[other][index / 64] |= 1 << (index % 64);
                        }
                    }
                }
                self.touch_neighbourhood(cell, -1);
            }

            /// Plays a turn for the side to move.
            pub fn play(&mut self, turn: Turn) {
                let colour = self.to_move();
                for cell in turn.cells() {
                    self.place(cell, colour);
                }
                if let Some(slot) = self.history.get_mut(usize::from(self.turns)) {
                    *slot = turn;
                    self.turns += 1;
                }
            }

            /// Takes back the last turn played.
            pub fn undo(&mut self, turn: Turn) {
                if let Some(second) = turn.second {
                    self.remove(second);
                }
                self.remove(turn.first);
                self.turns = self.turns.saturating_sub(1);
            }

            /// The turn played `back` turns ago (0: the last one, the opponent's), if there is one.
            pub fn last_turn(&self, back: usize) -> Option<Turn> {
                usize::from(self.turns)
                    .checked_sub(back + 1)
                    .map(|index| self.history[index])
            }

            /// Whether `turn` is legal now: the right number of distinct empty cells.
            pub fn is_legal(&self, turn: &Turn) -> bool {
                if self.is_over() || !self.is_empty(turn.first) {
                    return false;
                }
                match turn.second {
                    None => self.stones == 0,
                    Some(second) => {
                        self.stones > 0 && second != turn.first && self.is_empty(second)
                    }
                }
            }

            fn touch_neighbourhood(&mut self, cell: u16, delta: i8) {
                let (x, y) = (usize::from(cell) % SIZE, usize::from(cell) / SIZE);
                for near_y in y.saturating_sub(2)..(y + 3).min(SIZE) {
                    for near_x in x.saturating_sub(2)..(x + 3).min(SIZE) {
                        let slot = &mut self.nearby[near_y * SIZE + near_x];
                        *slot = slot.wrapping_add(delta as u8);
                    }
                }
            }
        }
    }

    pub mod engine {
        // engine/src/connect6/engine.rs
        //! The Connect6 engine: the position and the search, speaking only turns of board cells.

        use super::board::Board;
        use super::search::{Searcher, Settings};
        use super::turn::Turn;
        use crate::core::color::Color;
        use crate::core::time::Deadline;

        /// One Connect6 game in progress and the search that picks our turns.
        pub struct Connect6Engine {
            board: Board,
            searcher: Searcher,
        }

        impl Connect6Engine {
            /// An engine at the start of a game, with the given search settings.
            pub fn new(settings: Settings) -> Self {
                Self {
                    board: Board::new(),
                    searcher: Searcher::new(settings),
                }
            }

            /// Starts a new game from the empty board.
            pub fn new_game(&mut self) {
                self.board = Board::new();
            }

            /// The current position.
            pub fn board(&self) -> &Board {
                &self.board
            }

            /// The side to move.
            pub fn side_to_move(&self) -> Color {
                self.board.to_move()
            }

            /// Whether the game has ended (six in a row or a full board).
            pub fn is_over(&self) -> bool {
                self.board.is_over()
            }

            /// Whether the side to move may play `turn`.
            pub fn is_legal(&self, turn: &Turn) -> bool {
                self.board.is_legal(turn)
            }

            /// Plays a legal turn for the side to move.
            pub fn play(&mut self, turn: Turn) {
                self.board.play(turn);
            }

            /// Returns to a position saved from [`Connect6Engine::board`].
            pub fn restore(&mut self, board: Board) {
                self.board = board;
            }

            /// How many more turns we expect to make in this game (for dividing the clock).
            pub fn expected_moves_left(&self) -> u32 {
                // Keep a floor for long fights.
                let our_turns = u32::from(self.board.stone_count()) / 4;
                let expected = self.searcher.settings().expected_turns;
                expected.saturating_sub(our_turns).max(expected / 3)
            }

            /// Our turn within `deadline`, never one of `rejected`; `None` when there is none.
            pub fn think(
                &mut self,
                deadline: Deadline,
                rejected: &[Turn],
            ) -> Option<Turn> {
                self.searcher.choose(&self.board, deadline, rejected)
            }
        }
    }

    pub mod geometry {
        // engine/src/connect6/geometry.rs
        //! The fixed shape of the board: every window of six cells in a line, and for each cell the
        //! windows through it. Built once and shared.

        use crate::core::rng::Rng;
        use std::sync::{Mutex, PoisonError};

        /// The board's width and height.
        pub const SIZE: usize = 19;

        /// The number of cells.
        pub const CELLS: usize = SIZE * SIZE;

        /// The length of a winning line, and of a window.
        pub const WINDOW: usize = 6;

        /// Windows per row or column: 14 starts in each of 19 lines, twice; 14 x 14 starts per diagonal
        /// direction, twice.
        pub const WINDOWS: usize = 2 * SIZE * (SIZE - WINDOW + 1)
            + 2 * (SIZE - WINDOW + 1).pow(2);

        /// The most windows one cell lies in: six per direction.
        pub const MAX_WINDOWS_PER_CELL: usize = 4 * WINDOW;

        /// The cell at column `x`, row `y`.
        pub fn cell(x: usize, y: usize) -> u16 {
            (y * SIZE + x) as u16
        }

        /// The column and row of a cell.
        pub fn coordinates(cell: u16) -> (usize, usize) {
            (usize::from(cell) % SIZE, usize::from(cell) / SIZE)
        }

        /// The Chebyshev distance between two cells: the moves a king needs from one to the other.
        pub fn distance(a: u16, b: u16) -> usize {
            let ((ax, ay), (bx, by)) = (coordinates(a), coordinates(b));
            ax.abs_diff(bx).max(ay.abs_diff(by))
        }

        /// The windows and the cell-to-window index.
        pub struct Geometry {
            /// The cells of each window, in line order.
            pub windows: Vec<[u16; WINDOW]>,
            /// For each cell, the windows through it (the first `cell_window_count[cell]` entries).
            pub cell_windows: Vec<[u16; MAX_WINDOWS_PER_CELL]>,
            /// How many entries of `cell_windows[cell]` are used.
            pub cell_window_count: Vec<u8>,
            /// A random key per cell and colour; a position's hash is the xor of its stones' keys.
            pub zobrist: Vec<[u64; 2]>,
        }

        impl Geometry {
            /// The windows through `cell`.
            pub fn windows_of(&self, cell: u16) -> &[u16] {
                let cell = usize::from(cell);
                &self.cell_windows[cell][..usize::from(self.cell_window_count[cell])]
            }

            fn build() -> Self {
                let directions: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
                let mut windows = Vec::with_capacity(WINDOWS);
                for (dx, dy) in directions {
                    for y in 0..SIZE as isize {
                        for x in 0..SIZE as isize {
                            let end_x = x + dx * (WINDOW as isize - 1);
                            let end_y = y + dy * (WINDOW as isize - 1);
                            if !(0..SIZE as isize).contains(&end_x)
                                || !(0..SIZE as isize).contains(&end_y)
                            {
                                continue;
                            }
                            let mut cells = [0u16; WINDOW];
                            for (step, slot) in cells.iter_mut().enumerate() {
                                let step = step as isize;
                                *slot = cell(
                                    (x + dx * step) as usize,
                                    (y + dy * step) as usize,
                                );
                            }
                            windows.push(cells);
                        }
                    }
                }
                let mut cell_windows = vec![[0u16; MAX_WINDOWS_PER_CELL]; CELLS];
                let mut cell_window_count = vec![0u8; CELLS];
                for (index, cells) in windows.iter().enumerate() {
                    for &cell in cells {
                        let cell = usize::from(cell);
                        cell_windows[cell][usize::from(cell_window_count[cell])] = index
                            as u16;
                        cell_window_count[cell] += 1;
                    }
                }
                // A fixed seed: hashes are the same in every run.
                let mut rng = Rng::new(0x00c0_ffee);
                let zobrist = (0..CELLS)
                    .map(|_| [rng.next_u64(), rng.next_u64()])
                    .collect();
                Self {
                    windows,
                    cell_windows,
                    cell_window_count,
                    zobrist,
                }
            }
        }

        /// The shared geometry.
        pub fn geometry() -> &'static Geometry {
            // Each thread keeps the reference, so the lock below is taken once per thread (Rust 1.63 has
            // no `OnceLock`).
            thread_local! {
                static LOCAL: &'static Geometry = shared_geometry();
            }
            LOCAL.with(|geometry| *geometry)
        }

        /// Builds the geometry on first use, once for all threads.
        fn shared_geometry() -> &'static Geometry {
            static SHARED: Mutex<Option<&'static Geometry>> = Mutex::new(None);
            let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
            shared.get_or_insert_with(|| Box::leak(Box::new(Geometry::build())))
        }
    }

    pub mod moves {
        // engine/src/connect6/moves.rs
        //! Candidate cells and turns, best first.
        //!
        //! A cell is worth what it adds to its own colour's windows plus what it takes from the
        //! opponent's. A pair is worth its first cell plus its second cell counted with the first in
        //! place, so that two stones building the same line score what they build together. When the
        //! opponent threatens, only turns that block every threat are generated. In a quiet position
        //! a pair also scores its shape: the threats it makes, how near its stones are to the last two
        //! turns and to each other.

        use super::board::{
            Board, NEAR_LAST_VALUE, SELECT_EXTEND_VALUE, SELECT_NEAR_VALUE,
            SELECT_SPOIL_VALUE, SPOIL_VALUE, SPREAD_VALUE, THREATS_MADE_VALUE,
            WINDOW_VALUE,
        };
        use super::geometry::{cell, distance, geometry, CELLS, SIZE};
        use super::threats::{blocks, threat_count, winning_cells};
        use super::turn::Turn;
        use crate::core::color::Color;

        /// Orders `scored` best value first and keeps the best `keep`. Ties go by the item's own order,
        /// so that the result is the same whatever sort algorithm the compiler's library uses.
        pub fn keep_best<T: Ord + Copy>(scored: &mut Vec<(T, i32)>, keep: usize) {
            let key = |&(item, value): &(T, i32)| (std::cmp::Reverse(value), item);
            if keep == 0 {
                scored.clear();
                return;
            }
            if scored.len() > keep {
                scored.select_nth_unstable_by_key(keep - 1, key);
                scored.truncate(keep);
            }
            scored.sort_unstable_by_key(key);
        }

        /// Every empty cell near the stones, with its worth by `value`.
        pub fn valued_cells(
            board: &Board,
            value: impl Fn(u16) -> i32,
        ) -> Vec<(u16, i32)> {
            let mut cells = Vec::with_capacity(CELLS);
            for cell in 0..CELLS as u16 {
                if board.is_empty(cell) && board.is_near_stones(cell) {
                    cells.push((cell, value(cell)));
                }
            }
            cells
        }

        /// What `cell` is worth to `colour`: building its windows and spoiling the opponent's.
        pub fn cell_value(board: &Board, cell: u16, colour: Color) -> i32 {
            let own = colour.index();
            let mut attack = 0;
            let mut defence = 0;
            for &window in geometry().windows_of(cell) {
                let counts = board.window_counts(window);
                let (mine, theirs) = (
                    usize::from(counts[own]),
                    usize::from(counts[1 - own]),
                );
                if theirs == 0 {
                    attack
                        += if mine == 5 {
                            1_000_000
                        } else {
                            WINDOW_VALUE[mine + 1] - WINDOW_VALUE[mine]
                        };
                } else if mine == 0 {
                    defence += SPOIL_VALUE[theirs];
                }
            }
            attack + defence
        }

        /// The value `colour` would gain from `cell` counting only its own windows (no defence).
        pub fn attack_value(board: &Board, cell: u16, colour: Color) -> i32 {
            geometry()
                .windows_of(cell)
                .iter()
                .map(|&window| board.window_gain(colour, window))
                .sum()
        }

        /// The side to move's most aggressive turns: pairs of the cells that build its own lines most,
        /// valued by what they build together (no defence counted). When the side must block threats,
        /// its blocking turns instead.
        pub fn attacking_turns(
            board: &mut Board,
            cells: usize,
            limit: usize,
        ) -> Vec<Turn> {
            let colour = board.to_move();
            if board.has_live_window(colour.opponent()) || board.stone_count() == 0 {
                return candidate_turns(board, cells, limit);
            }
            let mut builders: Vec<(u16, i32)> = valued_cells(
                board,
                |cell| attack_value(board, cell, colour),
            );
            keep_best(&mut builders, cells);
            let mut scored: Vec<(Turn, i32)> = Vec::new();
            for (index, &(first, first_value)) in builders.iter().enumerate() {
                board.place(first, colour);
                for &(second, _) in &builders[index + 1..] {
                    let value = first_value + attack_value(board, second, colour);
                    scored.push((Turn::pair(first, second), value));
                }
                board.remove(first);
            }
            keep_best(&mut scored, limit);
            scored.into_iter().map(|(turn, _)| turn).collect()
        }

        /// What `cell` takes from the opponent of `colour`: the worth of the opponent's windows it spoils.
        pub fn defence_value(board: &Board, cell: u16, colour: Color) -> i32 {
            let own = colour.index();
            let mut defence = 0;
            for &window in geometry().windows_of(cell) {
                let counts = board.window_counts(window);
                if counts[own] == 0 {
                    defence += SPOIL_VALUE[usize::from(counts[1 - own])];
                }
            }
            defence
        }

        /// Turns for the side to move that spoil the opponent's lines most (blocking any threat it has
        /// first): the wider net cast when every ordinary candidate loses to a forced win.
        pub fn defensive_turns(board: &mut Board, cells: usize) -> Vec<Turn> {
            let colour = board.to_move();
            let mut spoilers: Vec<(u16, i32)> = valued_cells(
                board,
                |cell| defence_value(board, cell, colour),
            );
            keep_best(&mut spoilers, cells);
            let spoilers: Vec<u16> = spoilers
                .into_iter()
                .map(|(cell, _)| cell)
                .collect();
            let threats = blocks(board, colour.opponent());
            match threats.count {
                0 => {
                    pairs_from(
                        board,
                        &spoilers,
                        &spoilers,
                        true,
                        false,
                        colour,
                        usize::MAX,
                    )
                }
                1 => {
                    let mut turns = Vec::new();
                    for &single in &threats.singles {
                        turns
                            .extend(
                                pairs_from(
                                    board,
                                    &[single],
                                    &spoilers,
                                    false,
                                    false,
                                    colour,
                                    usize::MAX,
                                ),
                            );
                    }
                    turns
                }
                _ => Vec::new(),
            }
        }

        /// The `limit` best empty cells near the stones for `colour`, with their values.
        pub fn best_cells(
            board: &Board,
            colour: Color,
            limit: usize,
        ) -> Vec<(u16, i32)> {
            let mut cells: Vec<(u16, i32)> = valued_cells(
                board,
                |cell| cell_value(board, cell, colour),
            );
            keep_best(&mut cells, limit);
            cells
        }

        /// How near `cell` is to the stones of `turn`: 0 to 3 for 1, 2, 3, and 4 or more cells.
        pub fn nearness(turn: Turn, cell: u16) -> usize {
            let nearest = turn.cells().map(|c| distance(cell, c)).min().unwrap_or(4);
            nearest.clamp(1, 4) - 1
        }

        /// How likely the side to move's next turn is to use `cell` in a quiet position: what the cell
        /// does to the windows through it and how near it is to the last two turns.
        pub fn selection_value(board: &Board, cell: u16) -> i32 {
            let own = board.to_move().index();
            let mut value = 0;
            for &window in geometry().windows_of(cell) {
                let counts = board.window_counts(window);
                let (mine, theirs) = (
                    usize::from(counts[own]),
                    usize::from(counts[1 - own]),
                );
                if theirs == 0 {
                    value += SELECT_EXTEND_VALUE[mine.min(5)];
                } else if mine == 0 {
                    value += SELECT_SPOIL_VALUE[theirs.min(5)];
                }
            }
            for (back, near) in SELECT_NEAR_VALUE.iter().enumerate() {
                if let Some(last) = board.last_turn(back) {
                    value += near[nearness(last, cell)];
                }
            }
            value
        }

        /// The `limit` empty cells near the stones that the side to move's quiet turns are built from:
        /// the best by [`selection_value`].
        pub fn quiet_cells(board: &Board, limit: usize) -> Vec<u16> {
            let mut cells: Vec<(u16, i32)> = valued_cells(
                board,
                |cell| selection_value(board, cell),
            );
            keep_best(&mut cells, limit);
            cells.into_iter().map(|(cell, _)| cell).collect()
        }

        /// The value of placing `first` then `second` for `colour`.
        pub fn pair_value(
            board: &mut Board,
            first: u16,
            second: u16,
            colour: Color,
        ) -> i32 {
            let value_first = cell_value(board, first, colour);
            board.place(first, colour);
            let value_second = cell_value(board, second, colour);
            board.remove(first);
            value_first + value_second
        }

        /// The shape of a pair in a quiet position, beyond the windows it changes (see [`PairShape::value`]).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct PairShape {
            /// Stones the opponent needs to block the threats the pair makes: 0, 1, or 2 for two or more.
            pub threats: usize,
            /// How many of the pair's stones lie 1, 2, 3, or 4 or more cells from the nearest stone of
            /// the opponent's last turn (`[0]`) and of our own last turn (`[1]`).
            pub near: [[u8; 4]; 2],
            /// The distance between the two stones: 0 for 1 cell, 1 for 2, 2 for 3 to 5, 3 for more.
            pub spread: usize,
        }

        impl PairShape {
            /// What the shape adds to the pair's value.
            pub fn value(&self) -> i32 {
                let near: i32 = (0..2)
                    .flat_map(|back| (0..4).map(move |d| (back, d)))
                    .map(|(back, d)| {
                        NEAR_LAST_VALUE[back][d] * i32::from(self.near[back][d])
                    })
                    .sum();
                THREATS_MADE_VALUE[self.threats] + near + SPREAD_VALUE[self.spread]
            }
        }

        /// [`pair_shape`] with `first` already placed; `first_threatens` says whether it made a threat.
        fn shape_after_first(
            board: &mut Board,
            first: u16,
            second: u16,
            colour: Color,
            first_threatens: bool,
        ) -> PairShape {
            let own = colour.index();
            let second_threatens = geometry()
                .windows_of(second)
                .iter()
                .any(|&window| {
                    let counts = board.window_counts(window);
                    counts[own] >= 3 && counts[1 - own] == 0
                });
            let threats = if first_threatens || second_threatens {
                board.place(second, colour);
                let count = threat_count(board, colour);
                board.remove(second);
                usize::from(count.min(2))
            } else {
                0
            };
            let mut near = [[0; 4]; 2];
            for (back, counts) in near.iter_mut().enumerate() {
                if let Some(last) = board.last_turn(back) {
                    for stone in [first, second] {
                        counts[nearness(last, stone)] += 1;
                    }
                }
            }
            let spread = match distance(first, second) {
                0 | 1 => 0,
                2 => 1,
                3..=5 => 2,
                _ => 3,
            };
            PairShape { threats, near, spread }
        }

        /// Pairs cells of `firsts` with cells of `seconds` and keeps the `limit` best pairs. With
        /// `unordered`, both lists are the same and each pair is taken once. With `shape` (a quiet
        /// position), each pair's [`PairShape`] counts too.
        fn pairs_from(
            board: &mut Board,
            firsts: &[u16],
            seconds: &[u16],
            unordered: bool,
            shape: bool,
            colour: Color,
            limit: usize,
        ) -> Vec<Turn> {
            let mut scored: Vec<(Turn, i32)> = Vec::new();
            for (index, &first) in firsts.iter().enumerate() {
                let seconds = if unordered { &seconds[index + 1..] } else { seconds };
                if seconds.iter().all(|&second| second == first) {
                    continue;
                }
                // The pair's value (see `pair_value`), with the first stone placed once for all seconds.
                let first_value = cell_value(board, first, colour);
                board.place(first, colour);
                let first_threatens = shape && board.has_live_window(colour);
                for &second in seconds {
                    if second != first {
                        let mut value = first_value + cell_value(board, second, colour);
                        if shape {
                            value
                                += shape_after_first(
                                        board,
                                        first,
                                        second,
                                        colour,
                                        first_threatens,
                                    )
                                    .value();
                        }
                        scored.push((Turn::pair(first, second), value));
                    }
                }
                board.remove(first);
            }
            keep_best(&mut scored, limit);
            scored.into_iter().map(|(turn, _)| turn).collect()
        }

        /// The candidate turns for the side to move, best first: at most `limit` of them, except that
        /// every pair blocking two threats is kept (they are all the side has). `cells` bounds how many
        /// cells are paired.
        pub fn candidate_turns(
            board: &mut Board,
            cells: usize,
            limit: usize,
        ) -> Vec<Turn> {
            let colour = board.to_move();
            if board.stone_count() == 0 {
                return vec![Turn::single(cell(SIZE / 2, SIZE / 2))];
            }
            if let Some(win) = winning_cells(board, colour) {
                return vec![complete_turn(board, &win, colour)];
            }
            let threats = blocks(board, colour.opponent());
            match threats.count {
                0 => {
                    let best = quiet_cells(board, cells);
                    pairs_from(board, &best, &best, true, true, colour, limit)
                }
                1 => {
                    let seconds: Vec<u16> = best_cells(board, colour, cells)
                        .into_iter()
                        .map(|(cell, _)| cell)
                        .collect();
                    let mut turns = Vec::new();
                    for &single in threats.singles.iter().take(4) {
                        board.place(single, colour);
                        let mut seconds: Vec<u16> = seconds.clone();
                        seconds.retain(|&cell| board.is_empty(cell));
                        board.remove(single);
                        turns
                            .extend(
                                pairs_from(
                                    board,
                                    &[single],
                                    &seconds,
                                    false,
                                    false,
                                    colour,
                                    limit,
                                ),
                            );
                    }
                    let mut scored: Vec<(Turn, i32)> = turns
                        .into_iter()
                        .map(|turn| {
                            let value = pair_value(
                                board,
                                turn.first,
                                turn.second.unwrap_or(turn.first),
                                colour,
                            );
                            (turn, value)
                        })
                        .collect();
                    keep_best(&mut scored, limit.max(4));
                    scored.into_iter().map(|(turn, _)| turn).collect()
                }
                2 => {
                    let mut scored: Vec<(Turn, i32)> = threats
                        .pairs
                        .iter()
                        .map(|&(first, second)| {
                            (
                                Turn::pair(first, second),
                                pair_value(board, first, second, colour),
                            )
                        })
                        .collect();
                    keep_best(&mut scored, usize::MAX);
                    scored.into_iter().map(|(turn, _)| turn).collect()
                }
                _ => {
                    // Lost against correct play: block as much as possible and hope for a mistake.
                    let blocking = threats.cells.clone();
                    pairs_from(
                        board,
                        &blocking,
                        &blocking,
                        true,
                        false,
                        colour,
                        limit.min(4),
                    )
                }
            }
        }

        /// The root's candidate turns: [`candidate_turns`], and when the side to move is free (no threat
        /// to block), also each of the best `firsts` cells paired with the cells that are best once it
        /// stands, which finds the pairs that build one line together although the second cell alone
        /// ranks low. At most `limit` turns, best pair value first.
        pub fn root_turns(
            board: &mut Board,
            cells: usize,
            limit: usize,
            firsts: usize,
        ) -> Vec<Turn> {
            let turns = candidate_turns(board, cells, limit);
            let colour = board.to_move();
            if firsts == 0 || board.stone_count() == 0
                || winning_cells(board, colour).is_some()
                || blocks(board, colour.opponent()).count > 0
            {
                return turns;
            }
            let mut scored: Vec<(Turn, i32)> = turns
                .into_iter()
                .map(|turn| {
                    let second = turn.second.unwrap_or(turn.first);
                    (turn, pair_value(board, turn.first, second, colour))
                })
                .collect();
            for (first, first_value) in best_cells(board, colour, firsts) {
                board.place(first, colour);
                let seconds = best_cells(board, colour, SECONDS_PER_FIRST);
                board.remove(first);
                for (second, second_value) in seconds {
                    let turn = Turn::pair(first, second);
                    if !scored.iter().any(|(other, _)| other.same_stones(&turn)) {
                        scored.push((turn, first_value + second_value));
                    }
                }
            }
            keep_best(&mut scored, limit);
            scored.into_iter().map(|(turn, _)| turn).collect()
        }

        /// Second cells tried with each first cell by [`root_turns`].
        const SECONDS_PER_FIRST: usize = 6;

        /// Turns the one or two cells that complete six into a turn (a single winning cell gets any
        /// other empty cell as its partner).
        pub fn complete_turn(board: &Board, win: &[u16], colour: Color) -> Turn {
            let first = win[0];
            let second = win
                .get(1)
                .copied()
                .or_else(|| {
                    (0..CELLS as u16)
                        .filter(|&cell| cell != first && board.is_empty(cell))
                        .max_by_key(|&cell| attack_value(board, cell, colour))
                });
            match second {
                Some(second) => Turn::pair(first, second),
                None => Turn::single(first),
            }
        }
    }

    pub mod opening {
        // engine/src/connect6/opening.rs
        //! White's first turn: a fixed shape around black's opening stone, chosen from games rather
        //! than searched (the search's own first replies lost most of their games as white).

        use super::board::Board;
        use super::geometry::{cell, coordinates, CELLS, SIZE};
        use super::turn::Turn;

        /// Two stones placed relative to black's single stone, as (column, row) offsets.
        pub type Shape = [(i32, i32); 2];

        /// The eight ways to turn or mirror an offset on the square board.
        fn symmetric(offset: (i32, i32), symmetry: u8) -> (i32, i32) {
            let (x, y) = if symmetry & 4 != 0 { (offset.1, offset.0) } else { offset };
            let x = if symmetry & 1 != 0 { -x } else { x };
            let y = if symmetry & 2 != 0 { -y } else { y };
            (x, y)
        }

        /// White's reply to black's opening stone with `shape`, in the orientation whose stones lie
        /// nearest the centre (the first such orientation on a tie); `None` unless the board holds
        /// black's single stone and the shape fits on the board.
        pub fn first_reply(board: &Board, shape: Shape) -> Option<Turn> {
            if board.stone_count() != 1 {
                return None;
            }
            let black = (0..CELLS as u16).find(|&cell| !board.is_empty(cell))?;
            let (x, y) = coordinates(black);
            let centre = (SIZE / 2) as i32;
            let place = |offset: (i32, i32)| {
                let (cx, cy) = (x as i32 + offset.0, y as i32 + offset.1);
                let inside = (0..SIZE as i32).contains(&cx)
                    && (0..SIZE as i32).contains(&cy);
                inside
                    .then(|| {
                        (
                            cell(cx as usize, cy as usize),
                            (cx - centre).pow(2) + (cy - centre).pow(2),
                        )
                    })
            };
            let mut best: Option<(i32, Turn)> = None;
            for symmetry in 0..8 {
                let (first, second) = match (
                    place(symmetric(shape[0], symmetry)),
                    place(symmetric(shape[1], symmetry)),
                ) {
                    (Some(first), Some(second)) => (first, second),
                    _ => continue,
                };
                let turn = Turn::pair(first.0, second.0);
                let distance = first.1 + second.1;
                if board.is_legal(&turn)
                    && best.map_or(true, |(nearest, _)| distance < nearest)
                {
                    best = Some((distance, turn));
                }
            }
            best.map(|(_, turn)| turn)
        }
    }

    pub mod search {
        // engine/src/connect6/search.rs
        //! Choosing a turn: a win if there is one, a forced win by threats if one is found, otherwise
        //! alpha-beta over candidate turns, checked against the opponent's forced wins.

        use super::board::Board;
        use super::geometry::CELLS;
        use super::moves::{
            attacking_turns, candidate_turns, defensive_turns, root_turns,
        };
        use super::opening::{first_reply, Shape};
        use super::threats::threat_count;
        use super::turn::Turn;
        use super::vcdt::Vcdt;
        use crate::core::color::Color;
        use crate::core::rng::Rng;
        use crate::core::score::Bound;
        use crate::core::time::Deadline;

        /// Cells paired into the defensive turns tried when every candidate loses.
        const DEFENSIVE_CELLS: usize = 12;

        /// The first turns of a game (stones on the board below this) may be varied.
        const OPENING_STONES: u16 = 8;

        /// Our replies tried against each of those quiet turns.
        const QUIET_REPLIES: usize = 12;

        /// Turns searched past the horizon while the side to move must block threats.
        const QUIESCENCE_TURNS: i32 = 4;

        /// A won position's score (less the turns it takes, so shorter wins score higher).
        const WIN: i32 = 1_000_000;

        /// Entries of the transposition table (a power of two): 4 MiB.
        const TABLE_ENTRIES: usize = 1 << 17;

        /// What the table keeps of a searched position.
        #[derive(Clone, Copy, Default)]
        struct Entry {
            key: u64,
            turn: Option<Turn>,
            value: i32,
            depth: i32,
            bound: Option<Bound>,
        }

        /// Settings of the search (the defaults are the tuned ones; matches vary them).
        #[derive(Clone, Copy, Debug)]
        pub struct Settings {
            /// Cells paired into turns at the root.
            pub root_cells: usize,
            /// Turns searched at the root.
            pub root_turns: usize,
            /// Best cells of the root each paired with the cells best once it stands (0: none).
            pub root_firsts: usize,
            /// Cells paired into turns below the root.
            pub cells: usize,
            /// Turns searched below the root.
            pub turns: usize,
            /// The deepest alpha-beta iteration, in turns.
            pub max_depth: u32,
            /// Attacking turns of our forced-win search.
            pub attack_turns: u32,
            /// Single-threat turns allowed in our attacking lines of that search.
            pub attack_single_threats: u32,
            /// The opponent's quiet turns tried against each of our candidates.
            pub quiet_attacks: usize,
            /// Cells paired into those quiet turns.
            pub quiet_attack_cells: usize,
            /// Single-threat turns allowed in the opponent's lines when our replies to those quiet
            /// turns are checked.
            pub quiet_single_threats: u32,
            /// Attacking turns of the check for the opponent's forced wins.
            pub defence_turns: u32,
            /// Single-threat turns allowed in the opponent's attacking lines of that check.
            pub defence_single_threats: u32,
            /// Cells tried for our free stone in those lines, when we play black and when we play
            /// white: fewer make the check stricter.
            pub defence_free_cells: [usize; 2],
            /// Attacking turns of the forced-win search at quiet leaves of alpha-beta (0: none).
            pub leaf_attack_turns: u32,
            /// Positions that search may visit at one leaf.
            pub leaf_attack_nodes: u64,
            /// Turns a side is expected to play in a game, for dividing the clock.
            pub expected_turns: u32,
            /// Parts of the move's soft and hard limits given to alpha-beta: no iteration starts past
            /// the first, every one stops at the second; the safety check has the rest.
            pub search_share: (f64, f64),
            /// Weights, in quarters, of the windows only the side to move holds, by its stones in them
            /// (one to five), in the static value of a quiet position.
            pub own_windows: [i32; 5],
            /// The same for the windows only the opponent holds (subtracted).
            pub their_windows: [i32; 5],
            /// Score margin within which the first turns of a game are picked at random, for varied
            /// games in matches (0: always the best).
            pub opening_variety: i32,
            /// Seed of that random pick.
            pub seed: u64,
            /// White's first turn around black's opening stone (`None`: searched like any other).
            pub first_reply: Option<Shape>,
        }

        impl Default for Settings {
            fn default() -> Self {
                Self {
                    root_cells: 16,
                    root_turns: 30,
                    root_firsts: 0,
                    cells: 10,
                    turns: 12,
                    max_depth: 8,
                    attack_turns: 10,
                    attack_single_threats: 0,
                    quiet_attacks: 16,
                    quiet_attack_cells: 10,
                    quiet_single_threats: 0,
                    defence_turns: 8,
                    defence_single_threats: 1,
                    defence_free_cells: [16, 60],
                    leaf_attack_turns: 2,
                    leaf_attack_nodes: 24,
                    expected_turns: 12,
                    search_share: (0.35, 0.7),
                    own_windows: [5, 30, 120, 600, 650],
                    their_windows: [4, 24, 96, 480, 520],
                    opening_variety: 0,
                    seed: 0,
                    first_reply: Some([(1, 1), (-1, -1)]),
                }
            }
        }

        /// The turn search.
        pub struct Searcher {
            settings: Settings,
            /// Draws the varied opening turns (only with `opening_variety`).
            rng: Rng,
            nodes: u64,
            /// Searched positions by hash: their value and best turn, reused across iterations.
            table: Vec<Entry>,
            deadline: Deadline,
            aborted: bool,
        }

        impl Searcher {
            /// A searcher with `settings`.
            pub fn new(settings: Settings) -> Self {
                Self {
                    settings,
                    rng: Rng::new(settings.seed),
                    nodes: 0,
                    table: vec![Entry::default(); TABLE_ENTRIES],
                    deadline: Deadline::unlimited(),
                    aborted: false,
                }
            }

            /// The settings searched with.
            pub fn settings(&self) -> &Settings {
                &self.settings
            }

            /// The turn to play for the side to move, never one of `rejected`; `None` when the game is
            /// over or no other turn exists.
            pub fn choose(
                &mut self,
                board: &Board,
                deadline: Deadline,
                rejected: &[Turn],
            ) -> Option<Turn> {
                if board.is_over() {
                    return None;
                }
                self.deadline = deadline;
                self.aborted = false;
                self.nodes = 0;
                let mut board = board.clone();
                let allowed = |turn: &Turn| {
                    !rejected.iter().any(|other| other.same_stones(turn))
                };
                if let Some(turn) = self
                    .settings
                    .first_reply
                    .and_then(|shape| first_reply(&board, shape))
                {
                    if allowed(&turn) {
                        return Some(turn);
                    }
                }
                let mut turns: Vec<Turn> = root_turns(
                        &mut board,
                        self.settings.root_cells,
                        self.settings.root_turns,
                        self.settings.root_firsts,
                    )
                    .into_iter()
                    .filter(allowed)
                    .collect();
                if turns.is_empty() {
                    return any_turn(&board, rejected);
                }
                if turns.len() == 1 || board.stone_count() == 0 {
                    return Some(turns[0]);
                }
                let us = board.to_move();
                // The time is split: a forced win by threats first, then alpha-beta, and what is left
                // checks the chosen turn against the opponent's forced wins.
                let whole = self.deadline;
                let attack_deadline = portion(&whole, 0.15, 0.15);
                if let Some(turn) = Vcdt::new(&attack_deadline, 2_000_000)
                    .with_single_threats(self.settings.attack_single_threats)
                    .find(&mut board, self.settings.attack_turns)
                {
                    if allowed(&turn) && board.is_legal(&turn) {
                        return Some(turn);
                    }
                }
                let (soft, hard) = self.settings.search_share;
                self.deadline = portion(&whole, soft, hard);
                // Alpha-beta, deeper and deeper, reordering the root by the last iteration.
                let mut best_order = turns.clone();
                let mut best_scores: Vec<(Turn, i32)> = Vec::new();
                for depth in 1..=self.settings.max_depth {
                    if self.deadline.soft_passed() && depth > 1 {
                        break;
                    }
                    let mut scored: Vec<(Turn, i32)> = Vec::new();
                    let mut alpha = -WIN - 1;
                    for &turn in &turns {
                        board.play(turn);
                        let value = self
                            .root_value(
                                &mut board,
                                depth as i32 - 1,
                                alpha,
                                scored.is_empty(),
                            );
                        board.undo(turn);
                        if self.aborted {
                            break;
                        }
                        alpha = alpha.max(value);
                        scored.push((turn, value));
                    }
                    if self.aborted && depth > 1 {
                        // The turns searched at this depth were searched first-to-last in the last
                        // order: one that beat the last best is better at this depth too.
                        let first = scored.first().map(|&(_, value)| value);
                        if let Some(&(turn, value)) = scored
                            .iter()
                            .max_by_key(|&&(_, value)| value)
                        {
                            if first.map_or(false, |first| value > first) {
                                best_order.retain(|other| *other != turn);
                                best_order.insert(0, turn);
                            }
                        }
                        break;
                    }
                    // Turns not reached (abort at depth 1) keep their generated order after the scored.
                    scored.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
                    let mut order: Vec<Turn> = scored
                        .iter()
                        .map(|(turn, _)| *turn)
                        .collect();
                    let unscored: Vec<Turn> = turns
                        .iter()
                        .filter(|turn| !order.contains(turn))
                        .copied()
                        .collect();
                    order.extend(unscored);
                    best_order = order.clone();
                    best_scores = scored.clone();
                    turns = order;
                    if scored
                        .first()
                        .map_or(false, |(_, value)| value.abs() >= WIN - 100)
                    {
                        break;
                    }
                    if self.aborted {
                        break;
                    }
                }
                self.deadline = whole;
                if self.settings.opening_variety > 0
                    && board.stone_count() < OPENING_STONES
                {
                    self.vary_opening(&mut best_order, &best_scores);
                }
                Some(self.safest(&mut board, &best_order, us, rejected))
            }

            /// Moves a random turn scoring within the variety margin of the best to the front.
            fn vary_opening(&mut self, order: &mut [Turn], scores: &[(Turn, i32)]) {
                let best = match scores.first() {
                    Some(&(_, best)) => best,
                    None => return,
                };
                let close = scores
                    .iter()
                    .take_while(|(_, value)| {
                        *value >= best - self.settings.opening_variety
                    })
                    .count()
                    .min(4);
                let pick = self.rng.below(close as u32) as usize;
                if let Some(index) = order
                    .iter()
                    .position(|turn| *turn == scores[pick].0)
                {
                    order[..=index].rotate_right(1);
                }
            }

            /// The first of `order` (best first) that is safe: the opponent has no forced win we can
            /// see after it, nor a quiet turn that leaves every reply of ours losing to one. Turns safe
            /// at the first level only are the fallback when time runs out or none is safe at both;
            /// when every turn of `order` loses, turns that spoil the opponent's lines are tried.
            fn safest(
                &mut self,
                board: &mut Board,
                order: &[Turn],
                us: Color,
                rejected: &[Turn],
            ) -> Turn {
                let mut first_level = None;
                for &turn in order {
                    if self.deadline.hard_passed() {
                        break;
                    }
                    if !self
                        .survives(board, turn, us, self.settings.defence_single_threats)
                    {
                        continue;
                    }
                    first_level.get_or_insert(turn);
                    match self.survives_quiet_attack(board, turn, us) {
                        Some(true) => return turn,
                        Some(false) => continue,
                        None => break,
                    }
                }
                if let Some(turn) = first_level {
                    return turn;
                }
                let wider: Vec<Turn> = defensive_turns(board, DEFENSIVE_CELLS)
                    .into_iter()
                    .filter(|turn| !order.contains(turn))
                    .filter(|turn| !rejected.iter().any(|other| other.same_stones(turn)))
                    .collect();
                for turn in wider {
                    if self.deadline.hard_passed() {
                        break;
                    }
                    if self
                        .survives(board, turn, us, self.settings.defence_single_threats)
                    {
                        return turn;
                    }
                }
                order[0]
            }

            /// Whether after `turn` the opponent has no forced win by threats that we can see, with up
            /// to `single_threats` single-threat turns in its lines (an unfinished check counts as safe).
            fn survives(
                &mut self,
                board: &mut Board,
                turn: Turn,
                us: Color,
                single_threats: u32,
            ) -> bool {
                board.play(turn);
                let safe = board.winner() == Some(us)
                    || {
                        let mut check = Vcdt::new(&self.deadline, 300_000)
                            .with_single_threats(single_threats)
                            .with_free_reply_cells(
                                self.settings.defence_free_cells[us.index()],
                            );
                        check.find(board, self.settings.defence_turns).is_none()
                    };
                board.undo(turn);
                safe
            }

            /// Whether after `turn`, each of the opponent's best quiet turns leaves us a reply that
            /// survives; `None` when time ran out first.
            fn survives_quiet_attack(
                &mut self,
                board: &mut Board,
                turn: Turn,
                us: Color,
            ) -> Option<bool> {
                board.play(turn);
                let mut verdict = Some(true);
                if board.winner().is_none() {
                    let attacks = attacking_turns(
                        board,
                        self.settings.quiet_attack_cells,
                        self.settings.quiet_attacks,
                    );
                    'attacks: for attack in attacks {
                        board.play(attack);
                        // A full board is a draw, which the quiet turn cannot turn into a win.
                        let mut answered = board.winner().is_none();
                        if answered && !board.is_full() {
                            let replies = candidate_turns(
                                board,
                                self.settings.cells,
                                QUIET_REPLIES,
                            );
                            answered = false;
                            for reply in replies {
                                if self.deadline.hard_passed() {
                                    verdict = None;
                                    board.undo(attack);
                                    break 'attacks;
                                }
                                let single_threats = self.settings.quiet_single_threats;
                                if self.survives(board, reply, us, single_threats) {
                                    answered = true;
                                    break;
                                }
                            }
                        }
                        board.undo(attack);
                        if !answered {
                            verdict = Some(false);
                            break;
                        }
                    }
                }
                board.undo(turn);
                verdict
            }

            /// The value for us of a root turn just played, searched `depth` more turns: the first
            /// with the whole window, the others first with a null window at `alpha`, and again with
            /// the whole window only if they beat it.
            fn root_value(
                &mut self,
                board: &mut Board,
                depth: i32,
                alpha: i32,
                first: bool,
            ) -> i32 {
                if !first {
                    let value = -self.negamax(board, depth, -alpha - 1, -alpha, 1);
                    if value <= alpha || self.aborted {
                        return value;
                    }
                }
                -self.negamax(board, depth, -WIN - 1, -alpha, 1)
            }

            /// A quiet leaf: a won position if a short forced win by threats shows, else the static
            /// value.
            fn quiet_value(&mut self, board: &mut Board, us: Color, ply: i32) -> i32 {
                if self.settings.leaf_attack_turns > 0 {
                    let mut attack = Vcdt::new(
                        &self.deadline,
                        self.settings.leaf_attack_nodes,
                    );
                    if attack.find(board, self.settings.leaf_attack_turns).is_some() {
                        return WIN - ply - 2 * self.settings.leaf_attack_turns as i32;
                    }
                }
                evaluate(board, us, &self.settings)
            }

            /// The value of `board` for its side to move, searched `depth` turns deep; `ply` counts
            /// turns from the root. Forced blocks are searched beyond depth 0 (a quiescence of threats).
            fn negamax(
                &mut self,
                board: &mut Board,
                depth: i32,
                mut alpha: i32,
                beta: i32,
                ply: i32,
            ) -> i32 {
                self.nodes += 1;
                if self.nodes % 64 == 0 && self.deadline.hard_passed() {
                    self.aborted = true;
                }
                if self.aborted {
                    return 0;
                }
                if board.winner().is_some() {
                    // The side that just moved made six.
                    return -(WIN - ply);
                }
                if board.is_full() {
                    return 0;
                }
                let us = board.to_move();
                let them = us.opponent();
                if board.has_live_window(us) {
                    return WIN - ply;
                }
                let their_threats = threat_count(board, them);
                if their_threats >= 3 {
                    return -(WIN - ply - 1);
                }
                let (cells, limit) = if depth > 0 {
                    (self.settings.cells, self.settings.turns)
                } else if their_threats > 0 && depth > -QUIESCENCE_TURNS {
                    // Past the horizon, only the forced blocks are searched, and only the best few.
                    (self.settings.cells, 3)
                } else {
                    return self.quiet_value(board, us, ply);
                };
                let key = board.hash();
                let slot = (key as usize) & (TABLE_ENTRIES - 1);
                let entry = self.table[slot];
                let known = entry.key == key;
                if known && entry.depth >= depth && entry.value.abs() < WIN - 1_000 {
                    if let Some(bound) = entry.bound {
                        if bound.settles(entry.value, alpha, beta) {
                            return entry.value;
                        }
                    }
                }
                let mut turns = candidate_turns(board, cells, limit);
                if let Some(first) = entry.turn.filter(|_| known) {
                    if let Some(index) = turns
                        .iter()
                        .position(|turn| turn.same_stones(&first))
                    {
                        turns[..=index].rotate_right(1);
                    }
                }
                let start_alpha = alpha;
                let mut best = -WIN - 1;
                let mut best_turn = None;
                for turn in turns {
                    board.play(turn);
                    // Principal variation search: the first turn with the whole window, the others
                    // with a null window, searched again only when they beat alpha.
                    let mut value = -WIN - 1;
                    if best_turn.is_some() && beta > alpha + 1 {
                        value = -self
                            .negamax(board, depth - 1, -alpha - 1, -alpha, ply + 1);
                    }
                    if best_turn.is_none() || beta == alpha + 1
                        || (value > alpha && value < beta)
                    {
                        value = -self.negamax(board, depth - 1, -beta, -alpha, ply + 1);
                    }
                    board.undo(turn);
                    if self.aborted {
                        return 0;
                    }
                    if value > best {
                        best = value;
                        best_turn = Some(turn);
                        if value > alpha {
                            alpha = value;
                            if alpha >= beta {
                                break;
                            }
                        }
                    }
                }
                if !known || entry.depth <= depth {
                    self.table[slot] = Entry {
                        key,
                        turn: best_turn,
                        value: best,
                        depth,
                        bound: Some(Bound::of(best, start_alpha, beta)),
                    };
                }
                best
            }
        }

        /// The first part of `deadline`: `soft` and `hard` of its soft and hard limits.
        fn portion(deadline: &Deadline, soft: f64, hard: f64) -> Deadline {
            Deadline {
                start: deadline.start,
                soft: deadline.soft.mul_f64(soft),
                hard: deadline.hard.mul_f64(hard),
                ..*deadline
            }
        }

        /// The static value of a quiet position for `us`, the side to move: the windows each side holds,
        /// weighed by `settings` (the side to move has two stones to place, so its windows weigh more).
        fn evaluate(board: &Board, us: Color, settings: &Settings) -> i32 {
            let weigh = |colour: Color, weights: &[i32; 5]| -> i32 {
                let held = board.held_windows(colour);
                (1..6).map(|n| weights[n - 1] * i32::from(held[n])).sum()
            };
            weigh(us, &settings.own_windows) / 4
                - weigh(us.opponent(), &settings.their_windows) / 4
        }

        /// Any legal turn not rejected: the fallback when the candidates are exhausted.
        fn any_turn(board: &Board, rejected: &[Turn]) -> Option<Turn> {
            let empty: Vec<u16> = (0..CELLS as u16)
                .filter(|&cell| board.is_empty(cell))
                .collect();
            if board.stone_count() == 0 {
                return empty
                    .iter()
                    .map(|&cell| Turn::single(cell))
                    .find(|turn| !rejected.iter().any(|other| other.same_stones(turn)));
            }
            for (index, &first) in empty.iter().enumerate() {
                for &second in &empty[index + 1..] {
                    let turn = Turn::pair(first, second);
                    if !rejected.iter().any(|other| other.same_stones(&turn)) {
                        return Some(turn);
                    }
                }
            }
            None
        }
    }

    pub mod threats {
        // engine/src/connect6/threats.rs
        //! Threats and how to stop them.
        //!
        //! A colour's threats are counted the way Connect6 players count them: the fewest stones the
        //! opponent must place to leave no window the colour could complete in one turn. The opponent has
        //! two stones a turn, so three or more threats win, two take the opponent's whole turn, and one
        //! leaves it a free stone.

        use super::board::Board;
        use super::geometry::{geometry, CELLS};
        use crate::core::color::Color;

        /// The stones it takes to block every threat of a colour, and the ways to do it.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct Blocks {
            /// 0: no threat; 1 or 2: that many stones block everything; 3: blocking is impossible.
            pub count: u8,
            /// When `count` is 1: every cell that blocks all threats alone.
            pub singles: Vec<u16>,
            /// When `count` is 2: every pair of cells that blocks all threats together.
            pub pairs: Vec<(u16, u16)>,
            /// Every empty cell of a threat window (where a blocking stone can go).
            pub cells: Vec<u16>,
        }

        /// How the opponent of `attacker` can block its threats.
        pub fn blocks(board: &Board, attacker: Color) -> Blocks {
            let windows: Vec<u16> = board.live_windows(attacker).collect();
            blocks_of(board, &windows, &[])
        }

        /// How the threat `windows` (in increasing order, as [`Board::live_windows`] lists them) can be
        /// blocked, with the `filled` cells taken as well: the blocks of a turn not yet played.
        pub fn blocks_of(board: &Board, windows: &[u16], filled: &[u16]) -> Blocks {
            if windows.is_empty() {
                return Blocks::default();
            }
            // More threat windows than a mask holds cannot be blocked by two stones anyway: two stones
            // meet at most 48 windows.
            if windows.len() > 64 {
                return Blocks {
                    count: 3,
                    ..Blocks::default()
                };
            }
            let mut cells: Vec<u16> = Vec::new();
            let mut masks: Vec<u64> = Vec::new();
            let geometry = geometry();
            for (bit, &window) in windows.iter().enumerate() {
                for &cell in &geometry.windows[usize::from(window)] {
                    if !board.is_empty(cell) || filled.contains(&cell) {
                        continue;
                    }
                    match cells.iter().position(|&known| known == cell) {
                        Some(index) => masks[index] |= 1 << bit,
                        None => {
                            cells.push(cell);
                            masks.push(1 << bit);
                        }
                    }
                }
            }
            let all = if windows.len() == 64 {
                u64::MAX
            } else {
                (1u64 << windows.len()) - 1
            };
            let singles: Vec<u16> = cells
                .iter()
                .zip(&masks)
                .filter(|(_, &mask)| mask == all)
                .map(|(&cell, _)| cell)
                .collect();
            if !singles.is_empty() {
                return Blocks {
                    count: 1,
                    singles,
                    pairs: Vec::new(),
                    cells,
                };
            }
            let mut pairs = Vec::new();
            for first in 0..cells.len() {
                for second in first + 1..cells.len() {
                    if masks[first] | masks[second] == all {
                        pairs.push((cells[first], cells[second]));
                    }
                }
            }
            let count = if pairs.is_empty() { 3 } else { 2 };
            Blocks {
                count,
                singles: Vec::new(),
                pairs,
                cells,
            }
        }

        /// The number of threats of `attacker`, capped at 3.
        pub fn threat_count(board: &Board, attacker: Color) -> u8 {
            if !board.has_live_window(attacker) {
                return 0;
            }
            blocks(board, attacker).count
        }

        /// A turn that completes six for `colour` now, as its one or two cells, if there is one.
        pub fn winning_cells(board: &Board, colour: Color) -> Option<Vec<u16>> {
            let window = board.live_windows(colour).next()?;
            let cells: Vec<u16> = geometry()
                .windows[usize::from(window)]
                .iter()
                .copied()
                .filter(|&cell| board.is_empty(cell))
                .collect();
            debug_assert!(
                cells.len() <= 2 && cells.iter().all(|&cell| usize::from(cell) < CELLS),
            );
            Some(cells)
        }
    }

    pub mod turn {
        // engine/src/connect6/turn.rs
        //! One turn of Connect6: two stones, or one for black's opening.

        /// The cells a turn fills (cell = `y * 19 + x`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct Turn {
            /// The first stone.
            pub first: u16,
            /// The second stone; `None` only for black's opening stone.
            pub second: Option<u16>,
        }

        impl Turn {
            /// A two-stone turn.
            pub fn pair(first: u16, second: u16) -> Self {
                Self {
                    first,
                    second: Some(second),
                }
            }

            /// A one-stone turn (black's opening).
            pub fn single(cell: u16) -> Self {
                Self { first: cell, second: None }
            }

            /// The stones of the turn, in order.
            pub fn cells(&self) -> impl Iterator<Item = u16> {
                std::iter::once(self.first).chain(self.second)
            }

            /// Whether two turns place the same stones, in whatever order.
            pub fn same_stones(&self, other: &Turn) -> bool {
                self == other
                    || (self.second.is_some()
                        && self.first == other.second.unwrap_or(u16::MAX)
                        && Some(other.first) == self.second)
            }
        }
    }

    pub mod vcdt {
        // engine/src/connect6/vcdt.rs
        //! Victory by continuous double threats: a proof search for forced wins.
        //!
        //! The attacker plays only turns that leave it two threats (the defender must spend both stones
        //! blocking) or three (the defender cannot block them all). Every blocking pair of the defender
        //! is tried, so a sequence found is a real win, whatever the defender does. Defender threats
        //! made while blocking are respected: the attacker must block them before attacking again.
        //!
        //! With [`Vcdt::with_single_threats`] a line may also hold a few turns that leave one threat
        //! only: the defender blocks it with one stone and has a free one, tried on the cells that spoil
        //! the attacker's lines most. That is no longer a proof (the free stone could go elsewhere), so
        //! it serves to see the opponent's likely attacks, never to claim our own wins.

        use super::board::{Board, THREAT_STONES};
        use super::geometry::{geometry, MAX_WINDOWS_PER_CELL};
        use super::moves::{
            attack_value, complete_turn, defence_value, keep_best, valued_cells,
        };
        use super::threats::{blocks, blocks_of, winning_cells, Blocks};
        use super::turn::Turn;
        use crate::core::color::Color;
        use crate::core::time::Deadline;
        use std::collections::HashMap;

        /// Cells considered for attacking turns (each pair of them is tried).
        const ATTACK_CELLS: usize = 14;

        /// Cells tried for the defender's free stone after a single threat, unless set otherwise.
        const FREE_REPLY_CELLS: usize = 16;

        /// Attacking turns that leave a single threat are paired from this many attack cells.
        const SINGLE_THREAT_CELLS: usize = 10;

        /// The threat search for one attacker.
        pub struct Vcdt<'a> {
            deadline: &'a Deadline,
            /// Positions (by hash) already shown to hold no win, with the depth and the single-threat
            /// turns that were searched: the same threats played in another order lead to the same
            /// positions again and again.
            refuted: HashMap<u64, (u32, u32)>,
            /// Single-threat turns a line may still hold.
            single_threats: u32,
            /// Cells tried for the defender's free stone after a single threat.
            free_reply_cells: usize,
            nodes: u64,
            max_nodes: u64,
            aborted: bool,
        }

        impl<'a> Vcdt<'a> {
            /// A search stopped by the hard limit of `deadline` or after `max_nodes` positions.
            pub fn new(deadline: &'a Deadline, max_nodes: u64) -> Self {
                Self {
                    deadline,
                    refuted: HashMap::new(),
                    single_threats: 0,
                    free_reply_cells: FREE_REPLY_CELLS,
                    nodes: 0,
                    max_nodes,
                    aborted: false,
                }
            }

            /// The same search with up to `turns` single-threat turns in a line (see the module's
            /// documentation: no longer a proof).
            pub fn with_single_threats(mut self, turns: u32) -> Self {
                self.single_threats = turns;
                self
            }

            /// The same search trying the defender's free stone on `cells` cells only: fewer cells
            /// find more attacks, more of which do not hold.
            pub fn with_free_reply_cells(mut self, cells: usize) -> Self {
                self.free_reply_cells = cells;
                self
            }

            /// A first turn of a forced win for the side to move within `max_turns` attacking turns,
            /// trying shorter wins first.
            pub fn find(&mut self, board: &mut Board, max_turns: u32) -> Option<Turn> {
                // The first position's forcing turns are the same at every depth: generated once.
                let mut first = None;
                for depth in 1..=max_turns {
                    if let Some(turn) = self.attack_from(board, depth, &mut first) {
                        return Some(turn);
                    }
                    if self.aborted {
                        return None;
                    }
                    let none_forcing = matches!(
                        &first,
                        Some(Forcing::Turns(turns))
                        if turns.is_empty()
                    );
                    if none_forcing && self.single_threats == 0 {
                        return None;
                    }
                }
                None
            }

            fn out_of_budget(&mut self) -> bool {
                self.nodes += 1;
                if self.nodes >= self.max_nodes
                    || (self.nodes % 16 == 0 && self.deadline.hard_passed())
                {
                    self.aborted = true;
                }
                self.aborted
            }

            /// A winning turn for the side to move with at most `depth` attacking turns.
            fn attack(&mut self, board: &mut Board, depth: u32) -> Option<Turn> {
                self.attack_from(board, depth, &mut None)
            }

            /// [`Vcdt::attack`], with the position's forcing turns kept in `forcing` once generated.
            fn attack_from(
                &mut self,
                board: &mut Board,
                depth: u32,
                forcing: &mut Option<Forcing>,
            ) -> Option<Turn> {
                let attacker = board.to_move();
                if let Some(win) = winning_cells(board, attacker) {
                    return Some(complete_turn(board, &win, attacker));
                }
                if depth == 0 || self.out_of_budget() {
                    return None;
                }
                let singles = self.single_threats;
                if self
                    .refuted
                    .get(&board.hash())
                    .map_or(
                        false,
                        |&(searched, searched_singles)| {
                            searched >= depth && searched_singles >= singles
                        },
                    )
                {
                    return None;
                }
                let mut found = self.attack_with_turns(board, depth, forcing);
                if found.is_none() && !self.aborted && singles > 0 && depth >= 2 {
                    found = self.attack_with_single_threat(board, depth);
                }
                if found.is_none() && !self.aborted {
                    self.refuted.insert(board.hash(), (depth, singles));
                }
                found
            }

            /// The body of [`Vcdt::attack`]: tries the forcing turns of the side to move.
            fn attack_with_turns(
                &mut self,
                board: &mut Board,
                depth: u32,
                forcing: &mut Option<Forcing>,
            ) -> Option<Turn> {
                let forcing = match forcing {
                    Some(known) => known,
                    None => forcing.insert(self.forcing_turns(board)),
                };
                let forcing = match forcing {
                    Forcing::Wins(turn) => return Some(*turn),
                    Forcing::Turns(turns) => turns,
                };
                if depth == 1 {
                    // Every blocking pair leaves the attacker no threat: with no turn after it to make
                    // new ones, two threats win nothing.
                    return None;
                }
                for (turn, threats) in forcing.iter() {
                    let turn = *turn;
                    board.play(turn);
                    let refuted = threats
                        .pairs
                        .iter()
                        .any(|&(first, second)| {
                            let reply = Turn::pair(first, second);
                            board.play(reply);
                            let won = self.attack(board, depth - 1).is_some();
                            board.undo(reply);
                            !won
                        });
                    board.undo(turn);
                    if self.aborted {
                        return None;
                    }
                    if !refuted {
                        return Some(turn);
                    }
                }
                None
            }

            /// The forcing turns of the side to move (none when the defender threatens too much).
            fn forcing_turns(&self, board: &mut Board) -> Forcing {
                let attacker = board.to_move();
                let defender = attacker.opponent();
                let forced = blocks(board, defender);
                let mut forcing: Vec<(Turn, Blocks)> = Vec::new();
                let lifting = match forced.count {
                    0 => self.free_attacks(board, attacker),
                    1 => self.attacks_with_block(board, attacker, &forced),
                    2 => {
                        // The attacker's whole turn blocks: play each block to see what it leaves.
                        for &(first, second) in &forced.pairs {
                            let turn = Turn::pair(first, second);
                            board.play(turn);
                            // Two threats need two threat windows at least: most turns are dismissed by
                            // that cheap count before the blocking sets are worked out.
                            let promising = board.live_window_count(attacker) >= 2
                                && !board.has_live_window(defender);
                            let threats = if promising {
                                blocks(board, attacker)
                            } else {
                                Blocks::default()
                            };
                            board.undo(turn);
                            if threats.count >= 3 {
                                return Forcing::Wins(turn);
                            }
                            if threats.count == 2 {
                                forcing.push((turn, threats));
                            }
                        }
                        Vec::new()
                    }
                    _ => return Forcing::Turns(Vec::new()),
                };
                // The attacker had no threat window (it would have won), and the turn leaves none to the
                // defender: its threats are the windows it lifts.
                for (turn, windows) in lifting {
                    let threats = blocks_of(
                        board,
                        &windows,
                        &[turn.first, turn.second.unwrap_or(turn.first)],
                    );
                    if threats.count >= 3 {
                        return Forcing::Wins(turn);
                    }
                    if threats.count == 2 {
                        forcing.push((turn, threats));
                    }
                }
                forcing.sort_by_key(|(_, threats)| threats.pairs.len());
                Forcing::Turns(forcing)
            }

            /// Turns of the attacker that leave one threat (and build with the other stone), each
            /// answered by the block and a free stone on one of the cells that spoil its lines most.
            fn attack_with_single_threat(
                &mut self,
                board: &mut Board,
                depth: u32,
            ) -> Option<Turn> {
                let attacker = board.to_move();
                let defender = attacker.opponent();
                if blocks(board, defender).count > 0 {
                    return None;
                }
                let mut cells = self.attack_cells(board, attacker);
                cells.truncate(SINGLE_THREAT_CELLS);
                let mut turns: Vec<(Turn, Blocks, i32)> = Vec::new();
                for (index, &first) in cells.iter().enumerate() {
                    for &second in &cells[index + 1..] {
                        let turn = Turn::pair(first, second);
                        board.play(turn);
                        let threats = if board.has_live_window(attacker) {
                            blocks(board, attacker)
                        } else {
                            Blocks::default()
                        };
                        board.undo(turn);
                        if threats.count == 1 {
                            let value = attack_value(board, first, attacker)
                                + attack_value(board, second, attacker);
                            turns.push((turn, threats, value));
                        }
                    }
                }
                turns.sort_by_key(|&(_, _, value)| std::cmp::Reverse(value));
                self.single_threats -= 1;
                let mut found = None;
                for (turn, threats, _) in turns {
                    board.play(turn);
                    let mut free: Vec<(u16, i32)> = valued_cells(
                        board,
                        |cell| defence_value(board, cell, defender),
                    );
                    keep_best(&mut free, self.free_reply_cells);
                    let mut refuted = false;
                    'replies: for &block in &threats.singles {
                        for &(cell, _) in &free {
                            if cell == block {
                                continue;
                            }
                            let reply = Turn::pair(block, cell);
                            board.play(reply);
                            let won = self.attack(board, depth - 1).is_some();
                            board.undo(reply);
                            if !won || self.aborted {
                                refuted = true;
                                break 'replies;
                            }
                        }
                    }
                    board.undo(turn);
                    if self.aborted {
                        break;
                    }
                    if !refuted {
                        found = Some(turn);
                        break;
                    }
                }
                self.single_threats += 1;
                found
            }

            /// The cells that build the attacker's lines most.
            fn attack_cells(&self, board: &Board, attacker: Color) -> Vec<u16> {
                let mut cells = valued_cells(
                    board,
                    |cell| attack_value(board, cell, attacker),
                );
                cells.retain(|&(_, value)| value >= 5);
                keep_best(&mut cells, ATTACK_CELLS);
                cells.into_iter().map(|(cell, _)| cell).collect()
            }

            fn free_attacks(
                &self,
                board: &Board,
                attacker: Color,
            ) -> Vec<(Turn, Vec<u16>)> {
                let cells = self.attack_cells(board, attacker);
                let lifts: Vec<Lifts> = cells
                    .iter()
                    .map(|&cell| Lifts::of(board, cell, attacker))
                    .collect();
                let mut turns = Vec::new();
                for (index, &first) in cells.iter().enumerate() {
                    for (offset, &second) in cells[index + 1..].iter().enumerate() {
                        if let Some(windows) = two_threat_windows(
                            board,
                            (first, &lifts[index]),
                            (second, &lifts[index + 1 + offset]),
                        ) {
                            turns.push((Turn::pair(first, second), windows));
                        }
                    }
                }
                turns
            }

            fn attacks_with_block(
                &self,
                board: &Board,
                attacker: Color,
                forced: &Blocks,
            ) -> Vec<(Turn, Vec<u16>)> {
                let cells = self.attack_cells(board, attacker);
                let lifts: Vec<Lifts> = cells
                    .iter()
                    .map(|&cell| Lifts::of(board, cell, attacker))
                    .collect();
                let mut turns = Vec::new();
                for &block in &forced.singles {
                    let block_lifts = Lifts::of(board, block, attacker);
                    for (&second, second_lifts) in cells.iter().zip(&lifts) {
                        if second == block {
                            continue;
                        }
                        let lifted = two_threat_windows(
                            board,
                            (block, &block_lifts),
                            (second, second_lifts),
                        );
                        if let Some(windows) = lifted {
                            turns.push((Turn::pair(block, second), windows));
                        }
                    }
                }
                turns
            }
        }

        /// The attacker's forcing turns in a position.
        enum Forcing {
            /// A turn that leaves three threats or more: the defender cannot block them all.
            Wins(Turn),
            /// The turns that leave two threats, with the defender's blocking pairs, fewest first.
            Turns(Vec<(Turn, Blocks)>),
        }

        /// The windows through one cell that a turn of the attacker could lift to a threat (four of
        /// its stones or more, none of the opponent's): those it already holds three stones of, which
        /// this cell alone lifts, and those it holds two of, which need the turn's other stone too.
        struct Lifts {
            threes: WindowList,
            twos: WindowList,
        }

        /// Up to 24 windows (as many as pass through one cell), kept without allocating.
        #[derive(Clone, Copy)]
        struct WindowList {
            windows: [u16; MAX_WINDOWS_PER_CELL],
            len: usize,
        }

        impl WindowList {
            fn new() -> Self {
                Self {
                    windows: [0; MAX_WINDOWS_PER_CELL],
                    len: 0,
                }
            }

            fn push(&mut self, window: u16) {
                self.windows[self.len] = window;
                self.len += 1;
            }

            fn as_slice(&self) -> &[u16] {
                &self.windows[..self.len]
            }
        }

        impl Lifts {
            fn of(board: &Board, cell: u16, attacker: Color) -> Lifts {
                let own = attacker.index();
                let mut lifts = Lifts {
                    threes: WindowList::new(),
                    twos: WindowList::new(),
                };
                for &window in geometry().windows_of(cell) {
                    let counts = board.window_counts(window);
                    if counts[1 - own] != 0 {
                        continue;
                    }
                    if counts[own] + 1 >= THREAT_STONES {
                        lifts.threes.push(window);
                    } else if counts[own] + 2 >= THREAT_STONES {
                        lifts.twos.push(window);
                    }
                }
                lifts
            }
        }

        /// The windows the attacker's stones on `first` and `second` (with their [`Lifts`]) lift to
        /// threats, in increasing order, when they are two threats or more: those windows are its only
        /// threat windows (it has none before its turn, or it would simply win), and one empty cell in
        /// all of them would block them alone. Exact, and far cheaper than playing the pair.
        fn two_threat_windows(
            board: &Board,
            first: (u16, &Lifts),
            second: (u16, &Lifts),
        ) -> Option<Vec<u16>> {
            // At most the threes of both cells and the twos they share: fewer than two is no turn.
            let (first_lifts, second_lifts) = (first.1, second.1);
            let shared_twos = first_lifts.twos.len.min(second_lifts.twos.len);
            if first_lifts.threes.len + second_lifts.threes.len + shared_twos < 2 {
                return None;
            }
            let mut lifted = [0u16; 64];
            let mut count = 0;
            let mut add = |window: u16| {
                if count < lifted.len() && !lifted[..count].contains(&window) {
                    lifted[count] = window;
                    count += 1;
                }
            };
            for &window in first
                .1
                .threes
                .as_slice()
                .iter()
                .chain(second.1.threes.as_slice())
            {
                add(window);
            }
            let second_twos = second.1.twos.as_slice();
            for &window in first
                .1
                .twos
                .as_slice()
                .iter()
                .filter(|window| second_twos.contains(window))
            {
                add(window);
            }
            if count < 2 {
                return None;
            }
            let windows = &geometry().windows;
            let lifted = &lifted[..count];
            let blocks_all = |cell: u16| {
                cell != first.0 && cell != second.0 && board.is_empty(cell)
                    && lifted
                        .iter()
                        .all(|&window| windows[usize::from(window)].contains(&cell))
            };
            if windows[usize::from(lifted[0])].iter().any(|&cell| blocks_all(cell)) {
                return None;
            }
            let mut lifted = lifted.to_vec();
            lifted.sort_unstable();
            Some(lifted)
        }
    }
}

pub mod core {
    // engine/src/core/mod.rs
    //! What every engine shares: the two sides, search scores and bounds, the search report, the
    //! time manager and its deadlines, random numbers, and the worker thread that ponders.

    pub mod clock {
        // engine/src/core/clock.rs
        //! One time manager for every engine: from the judge's per-move and per-game limits and the time
        //! already used, a soft and a hard deadline for the next move.
        //!
        //! The time left, less a reserve, is spread evenly over the moves the game still expects from
        //! us; a move may stop early past a part of that share (soft) and must stop at a multiple of it
        //! (hard), never past the safe part of the move limit nor a fraction of the time left. A limit
        //! of `Duration::MAX` is no limit; a judge that reports the time left overrides our count.

        use super::time::Deadline;
        use std::time::{Duration, Instant};

        /// The judge's limits.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct TimeControl {
            /// The most one move may take.
            pub per_move: Duration,
            /// Thinking time for all our moves of a game (`Duration::MAX`: unlimited).
            pub per_game: Duration,
        }

        /// How many more moves the game may ask of us, this one included.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct MovesLeft {
            /// The estimate the time left is shared over.
            pub expected: u32,
            /// The most there can be (each keeps [`Margins::reserve_per_move`]).
            pub most: u32,
        }

        /// How a game spends its time; each engine keeps its own, named where it is tuned.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Margins {
            /// Percent of the game time never planned for (pipes, process start, a slower machine).
            pub game_reserve_percent: u32,
            /// The least that reserve may be.
            pub game_reserve_min: Duration,
            /// Percent of the move limit never planned for.
            pub move_margin_percent: u32,
            /// The least that margin may be.
            pub move_margin_min: Duration,
            /// The most that margin need be.
            pub move_margin_max: Duration,
            /// Game time kept back for every move the game may still ask of us, so that a game that
            /// runs to the end of the board never runs out.
            pub reserve_per_move: Duration,
            /// The soft limit, in percent of the even share.
            pub soft_percent: u32,
            /// The soft limit never exceeds this percent of the hard one.
            pub soft_of_hard_percent: u32,
            /// The hard limit, in percent of the even share.
            pub hard_percent: u32,
            /// One move never takes more than the time left divided by this.
            pub left_divisor: u32,
            /// The hard limit is never below this, out of time or not: an answer needs a search.
            pub min_move: Duration,
        }

        impl Margins {
            /// No reserve, no margin, no floor, both limits at the even share: each engine sets what it
            /// tunes over this.
            pub const NONE: Margins = Margins {
                game_reserve_percent: 0,
                game_reserve_min: Duration::ZERO,
                move_margin_percent: 0,
                move_margin_min: Duration::ZERO,
                move_margin_max: Duration::MAX,
                reserve_per_move: Duration::ZERO,
                soft_percent: 100,
                soft_of_hard_percent: 100,
                hard_percent: 100,
                left_divisor: 1,
                min_move: Duration::ZERO,
            };
        }

        /// The clock of one side for one game.
        #[derive(Clone, Copy, Debug)]
        pub struct Clock {
            control: TimeControl,
            margins: Margins,
            used: Duration,
            /// Game time left: the limit less what we used, or what the judge last reported less what
            /// we used since.
            left: Duration,
        }

        impl Clock {
            /// A clock with nothing used.
            pub fn new(control: TimeControl, margins: Margins) -> Clock {
                Clock {
                    control,
                    margins,
                    used: Duration::ZERO,
                    left: control.per_game,
                }
            }

            /// The deadline of a move that started at `start`, when the game expects `moves_left` more
            /// moves from us (this one included).
            pub fn deadline(&self, start: Instant, moves_left: u32) -> Deadline {
                let moves = MovesLeft {
                    expected: moves_left,
                    most: moves_left,
                };
                self.deadline_for(start, moves)
            }

            /// The deadline of a move that started at `start`, with `moves` still to come.
            pub fn deadline_for(&self, start: Instant, moves: MovesLeft) -> Deadline {
                let margins = &self.margins;
                let game = self.control.per_game;
                let reserve = (game.saturating_mul(margins.game_reserve_percent) / 100)
                    .max(margins.game_reserve_min)
                    .saturating_add(margins.reserve_per_move.saturating_mul(moves.most));
                let usable = self.left.saturating_sub(reserve);
                let share = usable / moves.expected.max(1);
                let per_move = self.control.per_move;
                let margin = (per_move.saturating_mul(margins.move_margin_percent) / 100)
                    .max(margins.move_margin_min)
                    .min(margins.move_margin_max);
                let hard = (share.saturating_mul(margins.hard_percent) / 100)
                    .min(usable / margins.left_divisor.max(1))
                    .min(per_move.saturating_sub(margin))
                    .max(margins.min_move);
                let soft = (share.saturating_mul(margins.soft_percent) / 100)
                    .min(hard.saturating_mul(margins.soft_of_hard_percent) / 100)
                    .min(hard);
                Deadline {
                    start,
                    soft,
                    hard,
                    stop: None,
                }
            }

            /// Adds the time one move took.
            pub fn spend(&mut self, time: Duration) {
                self.used = self.used.saturating_add(time);
                self.left = self.left.saturating_sub(time);
            }
        }
    }

    pub mod color {
        // engine/src/core/color.rs
        //! The two sides of every game here: black moves first (checkers' field 1, the stone games'
        //! first player).

        /// A side, and the colour of its stones or pieces.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Color {
            /// Moves first.
            Black = 0,
            /// Moves second.
            White = 1,
        }

        impl Color {
            /// The other side.
            pub fn opponent(self) -> Color {
                match self {
                    Color::Black => Color::White,
                    Color::White => Color::Black,
                }
            }

            /// 0 for black, 1 for white: an index into per-side arrays.
            pub fn index(self) -> usize {
                self as usize
            }
        }
    }

    pub mod rng {
        // engine/src/core/rng.rs
        //! A small, fast, seedable random number generator (xorshift64* seeded through SplitMix64).
        //!
        //! Engines need reproducible randomness (playouts, tie breaks, opening variety); a fixed seed
        //! makes a game replayable.

        /// A xorshift64* generator.
        #[derive(Clone, Debug)]
        pub struct Rng {
            state: u64,
        }

        impl Rng {
            /// A generator whose sequence is fixed by `seed` (any value, zero included).
            pub fn new(seed: u64) -> Self {
                // SplitMix64 spreads similar seeds apart and never yields the all-zero state.
                let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                Self { state: z | 1 }
            }

            /// The next 64 random bits.
            pub fn next_u64(&mut self) -> u64 {
                self.state ^= self.state >> 12;
                self.state ^= self.state << 25;
                self.state ^= self.state >> 27;
                self.state.wrapping_mul(0x2545_f491_4f6c_dd1d)
            }

            /// A number in `0..bound` (`bound` > 0), without modulo bias worth speaking of.
            pub fn below(&mut self, bound: u32) -> u32 {
                (((self.next_u64() >> 32) * u64::from(bound)) >> 32) as u32
            }
        }
    }

    pub mod score {
        // engine/src/core/score.rs
        //! Scores of the alpha-beta searches: evaluations, proven results by their distance, and what a
        //! stored score says about the true value.

        /// What a search result says about the true value of its position.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Bound {
            /// The true value.
            Exact,
            /// The true value is at least this (the search failed high).
            Lower,
            /// The true value is at most this (the search failed low).
            Upper,
        }

        impl Bound {
            /// The bound of `score`, the best a search found in the window `(alpha, beta)` it was
            /// started with.
            pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
                if score >= beta {
                    Bound::Lower
                } else if score > alpha {
                    Bound::Exact
                } else {
                    Bound::Upper
                }
            }

            /// Whether a stored `score` with this bound settles a search of the window `(alpha, beta)`.
            pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
                match self {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                }
            }
        }
    }

    pub mod time {
        // engine/src/core/time.rs
        //! Time keeping for searches: a deadline pair (soft: do not start another iteration; hard: stop
        //! now) and a stop flag another thread can raise. A deadline may carry a stop flag: once it is
        //! raised both limits count as passed, so every search that polls its deadline also obeys a
        //! stop (the judge's END or quit read while we think).

        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::{Duration, Instant};

        /// When a search must end, measured from `start`.
        #[derive(Clone, Copy, Debug)]
        pub struct Deadline {
            /// When the move's thinking began.
            pub start: Instant,
            /// Past this, do not begin a new iteration: it would most likely not finish.
            pub soft: Duration,
            /// Past this, stop at once and answer with the best move found so far.
            pub hard: Duration,
            /// Raised when the search must end now, whatever the time.
            pub stop: Option<StopFlag>,
        }

        impl Deadline {
            /// A deadline starting now.
            pub fn new(soft: Duration, hard: Duration) -> Self {
                Self {
                    start: Instant::now(),
                    soft: soft.min(hard),
                    hard,
                    stop: None,
                }
            }

            /// The same deadline, ended early when `stop` is raised.
            pub fn with_stop(self, stop: StopFlag) -> Self {
                Self { stop: Some(stop), ..self }
            }

            /// Whether the deadline's stop flag is raised.
            pub fn stopped(&self) -> bool {
                match self.stop {
                    Some(flag) => flag.is_raised(),
                    None => false,
                }
            }

            /// No limit at all (analysis, tests with fixed depth).
            pub fn unlimited() -> Self {
                let far = Duration::from_secs(60 * 60 * 24 * 365);
                Self::new(far, far)
            }

            /// Time spent since `start`.
            pub fn elapsed(&self) -> Duration {
                self.start.elapsed()
            }

            /// Whether the soft limit has passed (or a stop was asked for).
            pub fn soft_passed(&self) -> bool {
                self.stopped() || self.elapsed() >= self.soft
            }

            /// Whether the hard limit has passed (or a stop was asked for).
            pub fn hard_passed(&self) -> bool {
                self.stopped() || self.elapsed() >= self.hard
            }
        }

        /// A flag that asks a running search to stop; cheap to copy and to poll. Its one byte lives as
        /// long as the process (a program makes a handful), so that deadlines holding it stay `Copy`.
        #[derive(Clone, Copy, Debug)]
        pub struct StopFlag(&'static AtomicBool);

        impl Default for StopFlag {
            fn default() -> Self {
                Self::new()
            }
        }

        impl StopFlag {
            /// A lowered flag.
            pub fn new() -> Self {
                Self(Box::leak(Box::new(AtomicBool::new(false))))
            }

            /// Asks the search to stop.
            pub fn raise(&self) {
                self.0.store(true, Ordering::Relaxed);
            }

            /// Lowers the flag before a new search.
            pub fn clear(&self) {
                self.0.store(false, Ordering::Relaxed);
            }

            /// Whether a stop was asked for.
            pub fn is_raised(&self) -> bool {
                self.0.load(Ordering::Relaxed)
            }
        }
    }
}

pub mod protocol {
    // engine/src/protocol/mod.rs
    //! One adapter per judge. An adapter reads the judge's lines, turns them into calls on a game
    //! engine and prints the answers; it holds no game logic of its own.

    pub mod input {
        // engine/src/protocol/input.rs
        //! Reading a judge's commands, the same way for every adapter.
        //!
        //! - A line is the bytes up to a line feed, less trailing CRs. A lone CR is not a line break:
        //!   every judge ends its lines with LF or CRLF, and splitting on CR would turn one junk line
        //!   into several commands.
        //! - Bytes that are not UTF-8 are decoded leniently (as U+FFFD), so that a bad line is one bad
        //!   command, never the end of the input.
        //! - A line longer than the adapter's limit is kept to the limit and marked, so that junk without
        //!   line feeds cannot fill the memory.
        //! - A line cut off by the end of the input is dropped: the judge that would read its answer has
        //!   gone.
        //!
        //! Standard input is read on a thread of its own, so that the judge's stop line (END, quit) and
        //! the end of the input are noticed while a search runs: they raise a `StopFlag` at once, which
        //! the adapter hands to the search in its [`Deadline`](crate::core::time::Deadline). Any other
        //! reader (tests) is read on the caller's thread, one line when asked for, so that its lines
        //! arrive only as fast as the answers, as they do from a judge.

        use crate::core::time::StopFlag;
        use std::io::{self, BufRead, StdinLock};
        use std::sync::atomic::{fence, Ordering};
        use std::sync::mpsc::{self, Receiver, TryRecvError};
        use std::thread;
        use std::time::Instant;

        /// One line from the judge.
        #[derive(Clone, Debug)]
        pub struct Line {
            /// The text, without its line ending.
            pub text: String,
            /// Whether the line was longer than the limit (`text` then holds its start only).
            pub too_long: bool,
            /// When the line had arrived (the judge's clock for an answer starts about then).
            pub received: Instant,
        }

        /// Where the lines come from.
        pub enum Source<'a> {
            /// Standard input, read on a thread of its own.
            Stdin,
            /// Any other reader, read on the caller's thread.
            Reader(Box<dyn BufRead + 'a>),
        }

        impl From<StdinLock<'static>> for Source<'static> {
            /// The lock is let go: the reading thread takes its own.
            fn from(_: StdinLock<'static>) -> Self {
                Source::Stdin
            }
        }

        impl<'a> From<&'a [u8]> for Source<'a> {
            fn from(bytes: &'a [u8]) -> Self {
                Source::Reader(Box::new(bytes))
            }
        }

        /// Recognises the judge's line that ends the program (END, quit).
        pub type StopLine = fn(&str) -> bool;

        enum Reading<'a> {
            Here(Box<dyn BufRead + 'a>),
            Thread(Receiver<Line>),
            Ended,
        }

        /// The judge's lines, one at a time, with the stop flag that the stop line and the end of the
        /// input raise.
        pub struct Lines<'a> {
            reading: Reading<'a>,
            /// A line taken from the reading thread while waiting for one, not yet handed out.
            pending: Option<Line>,
            stop: StopFlag,
            /// Raised by the reading thread with every line and at the end of the input.
            arrived: StopFlag,
            is_stop: StopLine,
            max_bytes: usize,
        }

        impl<'a> Lines<'a> {
            /// Lines of `source` of at most `max_bytes` each; `is_stop` recognises the stop line.
            pub fn new(
                source: impl Into<Source<'a>>,
                max_bytes: usize,
                is_stop: StopLine,
            ) -> Self {
                let stop = StopFlag::new();
                let arrived = StopFlag::new();
                let reading = match source.into() {
                    Source::Reader(reader) => Reading::Here(reader),
                    Source::Stdin => {
                        match spawn_reader(None, stop, arrived, max_bytes, is_stop) {
                            Some(receiver) => Reading::Thread(receiver),
                            // No thread to be had: read here, without noticing a stop during a search.
                            None => Reading::Here(Box::new(io::stdin().lock())),
                        }
                    }
                };
                Self {
                    reading,
                    pending: None,
                    stop,
                    arrived,
                    is_stop,
                    max_bytes,
                }
            }

            /// Runs `think` while no line is waiting, with a flag raised when one arrives or the input
            /// ends; returns at once when a line is already waiting, the input has ended, or the lines
            /// are read on the caller's thread (a line is then always ready).
            pub fn wait_thinking(&mut self, think: impl FnOnce(StopFlag)) {
                let receiver = match &self.reading {
                    Reading::Thread(receiver) if self.pending.is_none() => receiver,
                    _ => return,
                };
                // Lowered before looking: a line sent after the look raises it again. The fences (here
                // and in the reading thread) keep the lowering from passing a raise it did not see.
                self.arrived.clear();
                fence(Ordering::SeqCst);
                match receiver.try_recv() {
                    Ok(line) => self.pending = Some(line),
                    Err(TryRecvError::Disconnected) => {}
                    Err(TryRecvError::Empty) => {
                        if !self.stop.is_raised() {
                            think(self.arrived);
                        }
                    }
                }
            }

            /// The next line; `None` once the input has ended (the stop flag is raised then).
            pub fn next_line(&mut self) -> Option<Line> {
                if let Some(line) = self.pending.take() {
                    return Some(line);
                }
                let line = match &mut self.reading {
                    Reading::Here(reader) => {
                        read_checked(reader, self.max_bytes, self.stop, self.is_stop)
                    }
                    Reading::Thread(receiver) => receiver.recv().ok(),
                    Reading::Ended => None,
                };
                if line.is_none() {
                    self.stop.raise();
                    self.reading = Reading::Ended;
                }
                line
            }

            /// The flag raised by the stop line or the end of the input, for the search's deadline.
            pub fn stop_flag(&self) -> StopFlag {
                self.stop
            }
        }

        /// Starts the thread that reads `input` (standard input when `None`) into a channel, raising
        /// `arrived` after each line and at the end.
        fn spawn_reader(
            input: Option<Box<dyn BufRead + Send>>,
            stop: StopFlag,
            arrived: StopFlag,
            max_bytes: usize,
            is_stop: StopLine,
        ) -> Option<Receiver<Line>> {
            let (sender, receiver) = mpsc::channel();
            let reader = move || {
                let forward = |input: &mut dyn BufRead| {
                    while let Some(line) = read_checked(
                        input,
                        max_bytes,
                        stop,
                        is_stop,
                    ) {
                        let last = stop.is_raised();
                        let sent = sender.send(line).is_ok();
                        fence(Ordering::SeqCst);
                        arrived.raise();
                        if !sent || last {
                            break;
                        }
                    }
                };
                match input {
                    Some(mut input) => forward(&mut *input),
                    None => forward(&mut io::stdin().lock()),
                }
                stop.raise();
                arrived.raise();
            };
            // A small stack: the thread only reads and decodes.
            thread::Builder::new()
                .name("input".to_string())
                .stack_size(256 << 10)
                .spawn(reader)
                .ok()
                .map(|_| receiver)
        }

        /// Reads a line and raises `stop` when it is the stop line (before anyone sees the line) or
        /// when the input has ended.
        fn read_checked<R: BufRead + ?Sized>(
            input: &mut R,
            max_bytes: usize,
            stop: StopFlag,
            is_stop: StopLine,
        ) -> Option<Line> {
            let mut bytes = Vec::new();
            match read_line(input, &mut bytes, max_bytes) {
                Ok(Some(fits)) => {
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    if fits && is_stop(&text) {
                        stop.raise();
                    }
                    Some(Line {
                        text,
                        too_long: !fits,
                        received: Instant::now(),
                    })
                }
                Ok(None) | Err(_) => {
                    stop.raise();
                    None
                }
            }
        }

        /// Reads one line into `line` (without its ending), keeping fewer than `max_bytes` bytes of it.
        /// Returns whether the line fitted, or `None` at the end of the input, a line cut off by the end
        /// included.
        pub fn read_line<R: BufRead + ?Sized>(
            input: &mut R,
            line: &mut Vec<u8>,
            max_bytes: usize,
        ) -> io::Result<Option<bool>> {
            line.clear();
            let mut fits = true;
            loop {
                let buffer = match input.fill_buf() {
                    Ok(buffer) => buffer,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(error) => return Err(error),
                };
                if buffer.is_empty() {
                    return Ok(None);
                }
                let (chunk, used) = match buffer.iter().position(|&byte| byte == b'\n') {
                    Some(end) => (&buffer[..end], end + 1),
                    None => (buffer, buffer.len()),
                };
                let found_end = used > chunk.len();
                if line.len() + chunk.len() < max_bytes {
                    line.extend_from_slice(chunk);
                } else {
                    let room = max_bytes.saturating_sub(line.len() + 1);
                    line.extend_from_slice(&chunk[..room.min(chunk.len())]);
                    fits = false;
                }
                input.consume(used);
                if found_end {
                    break;
                }
            }
            while line.last() == Some(&b'\r') {
                line.pop();
            }
            Ok(Some(fits))
        }
    }

    pub mod sau {
        // engine/src/protocol/sau/mod.rs
        //! The SAU computer-games platform protocol.
        //!
        //! The platform sends one command per line (at most 256 bytes): `name?`, `new black|white`,
        //! `move <squares>`, `error`, `end [black|white]` and `quit`. The engine answers `name <name>` and
        //! `move <squares>`. A square is two capital letters, column then row, counted from `A` at the top
        //! left; `@@` stands for "no square" (the second stone of Connect6's one-stone first move). A game
        //! may write its turns otherwise (Dots and Boxes: `move <count> <lines>`).
        //!
        //! The platform filters out every engine line that is not one of its commands, so problems with
        //! the input are reported on a `notice ...` line, which never contains the word the platform
        //! reads moves from. The adapter only translates: the rules and the search live in the game's
        //! engine type, behind the trait the game's file implements.
        //!
        //! Standard input is read on a thread of its own (see [`super::input`]): `quit` and the end of
        //! the input stop a search at once, and nothing is printed after them. When the platform closes
        //! our output it has gone, so the engine ends quietly with success rather than an error.

        pub mod connect6 {
            // engine/src/protocol/sau/connect6.rs
            //! Connect6 on the SAU platform: `XY@@` for black's opening stone, `X1Y1X2Y2` after that.

            use super::{SauGame, Square};
            use crate::connect6::board::Board;
            use crate::connect6::engine::Connect6Engine;
            use crate::connect6::geometry::{cell, coordinates, SIZE};
            use crate::connect6::turn::Turn;
            use crate::core::color::Color;
            use crate::core::time::Deadline;

            fn square_cell(square: Square) -> u16 {
                cell(usize::from(square.x), usize::from(square.y))
            }

            fn cell_square(index: u16) -> Square {
                let (x, y) = coordinates(index);
                Square { x: x as u8, y: y as u8 }
            }

            impl SauGame for Connect6Engine {
                type Move = Turn;

                type Snapshot = Board;

                fn engine_name(&self) -> &str {
                    "RustSix"
                }

                fn board_size(&self) -> u8 {
                    SIZE as u8
                }

                fn new_game(&mut self) {
                    Connect6Engine::new_game(self);
                }

                fn side_to_move(&self) -> Color {
                    Connect6Engine::side_to_move(self)
                }

                fn is_over(&self) -> bool {
                    Connect6Engine::is_over(self)
                }

                fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<Turn> {
                    // `@@` placeholders carry no stone: only the real squares count.
                    let cells: Vec<u16> = squares
                        .iter()
                        .flatten()
                        .map(|&square| square_cell(square))
                        .collect();
                    let turn = match cells[..] {
                        [single] => Turn::single(single),
                        [first, second] => Turn::pair(first, second),
                        _ => return None,
                    };
                    self.is_legal(&turn).then_some(turn)
                }

                fn squares_of(&self, turn: Turn) -> Vec<Option<Square>> {
                    vec![Some(cell_square(turn.first)), turn.second.map(cell_square)]
                }

                fn play(&mut self, turn: Turn) {
                    Connect6Engine::play(self, turn);
                }

                fn snapshot(&self) -> Board {
                    self.board().clone()
                }

                fn restore(&mut self, snapshot: Board) {
                    Connect6Engine::restore(self, snapshot);
                }

                fn expected_moves_left(&self) -> u32 {
                    Connect6Engine::expected_moves_left(self)
                }

                fn choose_move(
                    &mut self,
                    deadline: Deadline,
                    rejected: &[Turn],
                ) -> Option<Turn> {
                    self.think(deadline, rejected)
                }
            }
        }

        use super::input::{Line, Lines, Source};
        use crate::core::clock::{Clock, Margins};
        use crate::core::color::Color;
        use crate::core::time::{Deadline, StopFlag};
        use std::io::{self, Write};
        use std::process::ExitCode;
        use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

        /// The longest command the platform sends, terminating NUL included.
        pub const MAX_COMMAND_BYTES: usize = 256;

        /// A board square as the platform numbers it: column `x` and row `y`, both from 0 at the top left.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Square {
            /// The column, 0 for `A`.
            pub x: u8,
            /// The row, 0 for `A`.
            pub y: u8,
        }

        /// Why the text of a `move` command is not a turn we can play.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum TurnError {
            /// Not written the way the game's turns are written.
            Unreadable,
            /// Well written, but not a legal turn in the current position.
            Illegal,
        }

        /// A game the SAU adapter can play: its rules, and a search that picks our moves. Each game's
        /// file in this folder implements it for the game's engine type.
        ///
        /// Games whose turns are square lists implement [`SauGame::legal_move_from`] and
        /// [`SauGame::squares_of`]; others (Dots and Boxes) override [`SauGame::read_turn`] and
        /// [`SauGame::write_turn`], which by default go through those two.
        pub trait SauGame {
            /// One turn of the game (one or two stones, a piece move, ...).
            type Move: Copy + PartialEq;

            /// What [`SauGame::snapshot`] saves: enough to take our own last move back when the platform
            /// rejects it.
            type Snapshot;

            /// The name answered to `name?`.
            fn engine_name(&self) -> &str;

            /// The board's width and height (every square letter lies in `A..A+size`).
            fn board_size(&self) -> u8;

            /// Starts a new game from the initial position.
            fn new_game(&mut self);

            /// The side to move in the current position.
            fn side_to_move(&self) -> Color;

            /// Whether the game has ended by its rules.
            fn is_over(&self) -> bool;

            /// Builds the move a position list describes (`None` for an `@@` placeholder), if the list
            /// has the right shape and the move is legal now. By default no list is a move: for games
            /// that override [`SauGame::read_turn`].
            fn legal_move_from(
                &self,
                _squares: &[Option<Square>],
            ) -> Option<Self::Move> {
                None
            }

            /// The position list of a move, as the platform expects it written. By default empty: for
            /// games that override [`SauGame::write_turn`].
            fn squares_of(&self, _mv: Self::Move) -> Vec<Option<Square>> {
                Vec::new()
            }

            /// Reads the text after `move` (the opponent's turn) as a legal move now. By default the
            /// first word is a position list for [`SauGame::legal_move_from`].
            fn read_turn(&self, text: &str) -> Result<Self::Move, TurnError> {
                let squares = text
                    .split_whitespace()
                    .next()
                    .and_then(|word| parse_squares(word, self.board_size()))
                    .ok_or(TurnError::Unreadable)?;
                self.legal_move_from(&squares).ok_or(TurnError::Illegal)
            }

            /// The text after `move` for our move, written before the move is played. By default the
            /// position list of [`SauGame::squares_of`].
            fn write_turn(&self, mv: Self::Move) -> String {
                format_squares(&self.squares_of(mv))
            }

            /// Plays a legal move.
            fn play(&mut self, mv: Self::Move);

            /// Saves the position before our move.
            fn snapshot(&self) -> Self::Snapshot;

            /// Returns to a saved position.
            fn restore(&mut self, snapshot: Self::Snapshot);

            /// How many more moves we expect to make in this game (for dividing the clock).
            fn expected_moves_left(&self) -> u32;

            /// Picks our move within `deadline`, never one of `rejected`; `None` when there is none.
            fn choose_move(
                &mut self,
                deadline: Deadline,
                rejected: &[Self::Move],
            ) -> Option<Self::Move>;

            /// Thinks on the opponent's time, for the next [`SauGame::choose_move`], until `stop` is
            /// raised (a command has arrived). By default nothing.
            fn ponder(&mut self, _stop: StopFlag) {}
        }

        pub use crate::core::clock::TimeControl;

        /// The platform's clock: a reserve of 3% of the game (at least 300 ms) and a margin of 10% of
        /// each move (at least 30 ms) are never planned for, as they absorb the process start, the pipes
        /// and a slower machine; a move takes at most twice its even share and a quarter of what is left.
        const MARGINS: Margins = Margins {
            game_reserve_percent: 3,
            game_reserve_min: Duration::from_millis(300),
            move_margin_percent: 10,
            move_margin_min: Duration::from_millis(30),
            hard_percent: 200,
            left_divisor: 4,
            ..Margins::NONE
        };

        impl TimeControl {
            /// The championship budget: 15 minutes a game, at most 30 seconds a move.
            pub const DEFAULT: TimeControl = TimeControl {
                per_game: Duration::from_secs(15 * 60),
                per_move: Duration::from_secs(30),
            };

            /// Reads `--game-ms <n>` and `--move-ms <n>` from the command line; other words are ignored.
            pub fn from_args<I: IntoIterator<Item = String>>(
                args: I,
            ) -> Result<TimeControl, String> {
                let mut control = TimeControl::DEFAULT;
                let mut args = args.into_iter();
                while let Some(arg) = args.next() {
                    let slot = match arg.as_str() {
                        "--game-ms" => &mut control.per_game,
                        "--move-ms" => &mut control.per_move,
                        _ => continue,
                    };
                    let value = args.next().unwrap_or_default();
                    let millis: u64 = value
                        .parse()
                        .map_err(|_| {
                            format!(
                                "{arg} needs a number of milliseconds, got '{value}'",
                            )
                        })?;
                    *slot = Duration::from_millis(millis);
                }
                Ok(control)
            }
        }

        /// Where a game stands for the adapter.
        struct Match<G: SauGame> {
            /// Our colour, when a game is running.
            our_side: Option<Color>,
            clock: Clock,
            /// The position before our last move, kept until the platform accepts that move.
            before_our_move: Option<G::Snapshot>,
            /// Our moves the platform rejected (`error`) in the current turn.
            rejected: Vec<G::Move>,
            last_move: Option<G::Move>,
            /// Raised by `quit` or the end of the input: the search ends and nothing more is sent.
            stop: StopFlag,
        }

        /// The body of every SAU binary's `main`: the time control from the command line (`--game-ms`,
        /// `--move-ms`; other words are the binary's own), a seed that differs from run to run (it varies
        /// the games between two identical engines), then `play`; problems go to standard error under
        /// the program's name.
        pub fn serve_stdio(
            program: &str,
            args: &[String],
            play: impl FnOnce(TimeControl, u64) -> io::Result<()>,
        ) -> ExitCode {
            let control = match TimeControl::from_args(args.iter().cloned()) {
                Ok(control) => control,
                Err(message) => {
                    eprintln!("{program}: {message}");
                    return ExitCode::FAILURE;
                }
            };
            let seed = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |time| time.as_nanos() as u64);
            match play(control, seed) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("{program}: {error}");
                    ExitCode::FAILURE
                }
            }
        }

        /// Whether a line is `quit`, which ends the program at once, even during a search.
        fn is_quit(line: &str) -> bool {
            line.split_whitespace().next() == Some("quit")
        }

        /// The next line and when it arrived; a line over the limit gets a notice and is skipped.
        fn next_command<W: Write>(
            lines: &mut Lines,
            output: &mut W,
        ) -> io::Result<Option<Line>> {
            while let Some(line) = lines.next_line() {
                if !line.too_long {
                    return Ok(Some(line));
                }
                notice(output, "command longer than 256 bytes ignored")?;
            }
            Ok(None)
        }

        /// A closed output means that the platform has gone: the session ends with success.
        fn ended(session: io::Result<()>) -> io::Result<()> {
            match session {
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                other => other,
            }
        }

        /// Runs the protocol on `input`/`output` until `quit` or the end of the input (standard input
        /// is read on a thread of its own, so that `quit` stops a search). A closed output ends it
        /// quietly.
        pub fn run<'a, G: SauGame, W: Write>(
            game: &mut G,
            control: TimeControl,
            input: impl Into<Source<'a>>,
            output: W,
        ) -> io::Result<()> {
            let lines = Lines::new(input, MAX_COMMAND_BYTES, is_quit);
            ended(serve(game, control, lines, output))
        }

        fn serve<G: SauGame, W: Write>(
            game: &mut G,
            control: TimeControl,
            mut lines: Lines,
            mut output: W,
        ) -> io::Result<()> {
            let mut state: Match<G> = Match {
                our_side: None,
                clock: Clock::new(control, MARGINS),
                before_our_move: None,
                rejected: Vec::new(),
                last_move: None,
                stop: lines.stop_flag(),
            };
            loop {
                let opponent_to_move = state
                    .our_side
                    .map_or(
                        false,
                        |side| game.side_to_move() != side && !game.is_over(),
                    );
                if opponent_to_move {
                    lines.wait_thinking(|arrived| game.ponder(arrived));
                }
                let line = match next_command(&mut lines, &mut output)? {
                    Some(line) => line,
                    None => break,
                };
                let start = line.received;
                let text = line.text.trim_start();
                let mut words = text.split_whitespace();
                let command = match words.next() {
                    Some(command) => command,
                    None => continue,
                };
                let argument = words.next();
                let rest = &text[command.len()..];
                match command {
                    "name?" => {
                        let reply = format!("name {}", game.engine_name());
                        send(&mut output, &reply)?;
                    }
                    "new" => {
                        match argument {
                            Some("black") => {
                                start_game(
                                    game,
                                    &mut state,
                                    control,
                                    Color::Black,
                                    start,
                                    &mut output,
                                )?
                            }
                            Some("white") => {
                                start_game(
                                    game,
                                    &mut state,
                                    control,
                                    Color::White,
                                    start,
                                    &mut output,
                                )?
                            }
                            _ => notice(&mut output, "new needs black or white")?,
                        }
                    }
                    "move" => {
                        on_opponent_move(
                            game,
                            &mut state,
                            control,
                            rest,
                            start,
                            &mut output,
                        )?
                    }
                    "error" => on_rejected(game, &mut state, start, &mut output)?,
                    "end" => {
                        state.our_side = None;
                        state.before_our_move = None;
                    }
                    "quit" => return Ok(()),
                    _ => notice(&mut output, "unknown command ignored")?,
                }
            }
            Ok(())
        }

        fn start_game<G: SauGame, W: Write>(
            game: &mut G,
            state: &mut Match<G>,
            control: TimeControl,
            side: Color,
            start: Instant,
            output: &mut W,
        ) -> io::Result<()> {
            game.new_game();
            state.our_side = Some(side);
            state.clock = Clock::new(control, MARGINS);
            state.before_our_move = None;
            state.rejected.clear();
            if game.side_to_move() == side {
                answer(game, state, start, output)?;
            }
            Ok(())
        }

        fn on_opponent_move<G: SauGame, W: Write>(
            game: &mut G,
            state: &mut Match<G>,
            control: TimeControl,
            text: &str,
            start: Instant,
            output: &mut W,
        ) -> io::Result<()> {
            if game.read_turn(text) == Err(TurnError::Unreadable) {
                return notice(output, "unreadable square list ignored");
            }
            if state.our_side.is_none() {
                // A game that began without `new`: we play the side that answers this one.
                game.new_game();
                state.clock = Clock::new(control, MARGINS);
                state.our_side = Some(game.side_to_move().opponent());
            }
            if Some(game.side_to_move()) == state.our_side {
                return notice(
                    output,
                    "it is our turn, the opponent's squares are ignored",
                );
            }
            // Read again: a game started just now has a new position.
            let mv = match game.read_turn(text) {
                Ok(mv) => mv,
                Err(_) => return notice(output, "illegal opponent turn ignored"),
            };
            game.play(mv);
            state.before_our_move = None;
            state.rejected.clear();
            if game.is_over() {
                return Ok(());
            }
            answer(game, state, start, output)
        }

        fn on_rejected<G: SauGame, W: Write>(
            game: &mut G,
            state: &mut Match<G>,
            start: Instant,
            output: &mut W,
        ) -> io::Result<()> {
            let (snapshot, last) = match (
                state.before_our_move.take(),
                state.last_move,
            ) {
                (Some(snapshot), Some(last)) => (snapshot, last),
                _ => return notice(output, "nothing of ours to take back"),
            };
            game.restore(snapshot);
            state.rejected.push(last);
            answer(game, state, start, output)
        }

        /// Thinks, plays and sends our move.
        fn answer<G: SauGame, W: Write>(
            game: &mut G,
            state: &mut Match<G>,
            start: Instant,
            output: &mut W,
        ) -> io::Result<()> {
            if state.stop.is_raised() {
                return Ok(());
            }
            let deadline = state
                .clock
                .deadline(start, game.expected_moves_left())
                .with_stop(state.stop);
            let snapshot = game.snapshot();
            let chosen = game.choose_move(deadline, &state.rejected);
            if state.stop.is_raised() {
                return Ok(());
            }
            let mv = match chosen {
                Some(mv) => mv,
                None => return notice(output, "no legal turn left"),
            };
            let reply = format!("move {}", game.write_turn(mv));
            game.play(mv);
            state.before_our_move = Some(snapshot);
            state.last_move = Some(mv);
            send(output, &reply)?;
            state.clock.spend(start.elapsed());
            Ok(())
        }

        /// Parses a position list: pairs of letters, `@@` for "no square". `None` when the text is not
        /// such a list or a square lies off a board of `size`.
        pub fn parse_squares(text: &str, size: u8) -> Option<Vec<Option<Square>>> {
            let bytes = text.as_bytes();
            if bytes.is_empty() || bytes.len() % 2 != 0 {
                return None;
            }
            bytes
                .chunks(2)
                .map(|pair| match pair {
                    [b'@', b'@'] => Some(None),
                    [x, y] if is_coordinate(*x, size) && is_coordinate(*y, size) => {
                        Some(Some(Square { x: x - b'A', y: y - b'A' }))
                    }
                    _ => None,
                })
                .collect()
        }

        fn is_coordinate(letter: u8, size: u8) -> bool {
            letter >= b'A' && u32::from(letter - b'A') < u32::from(size)
        }

        /// Writes a position list, `@@` for "no square".
        pub fn format_squares(squares: &[Option<Square>]) -> String {
            squares
                .iter()
                .flat_map(|square| match square {
                    Some(square) => {
                        [char::from(b'A' + square.x), char::from(b'A' + square.y)]
                    }
                    None => ['@', '@'],
                })
                .collect()
        }

        fn send<W: Write>(output: &mut W, line: &str) -> io::Result<()> {
            writeln!(output, "{line}")?;
            output.flush()
        }

        /// Reports a problem on a line the platform filters out.
        fn notice<W: Write>(output: &mut W, text: &str) -> io::Result<()> {
            send(output, &format!("notice {text}"))
        }
    }
}
