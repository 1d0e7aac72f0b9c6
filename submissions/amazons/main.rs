//! amazons: bundled from engine (bin amazons) by bundler. Do not edit; regenerate with `cargo run -p bundler`.
//!
//! Amazons for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds). `amazons bench [ms]` instead plays a
//! game against itself at `ms` milliseconds a move (default 1000) and prints each move's time.

// engine/src/bin/amazons.rs
use crate::amazons::endgame::is_separated;
use crate::amazons::engine::AmazonsEngine;
use crate::amazons::search::Settings;
use crate::core::time::Deadline;
use crate::protocol::sau;
use std::io;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        let millis = args.get(1).and_then(|text| text.parse().ok()).unwrap_or(1000);
        bench(millis);
        return ExitCode::SUCCESS;
    }
    sau::serve_stdio(
        "amazons",
        &args,
        |control, seed| {
            let mut engine = AmazonsEngine::new(Settings::default(), seed);
            sau::run(&mut engine, control, io::stdin().lock(), io::stdout().lock())
        },
    )
}

/// Plays a game against itself at `millis` a move and prints what each search reached and the
/// slowest answer.
fn bench(millis: u64) {
    let mut engine = AmazonsEngine::new(Settings::default(), 1);
    let limit = Duration::from_millis(millis);
    let mut slowest = Duration::ZERO;
    for turn in 1.. {
        if engine.is_over() {
            println!("turn {turn:2}: {:?} cannot move and loses", engine.side_to_move());
            break;
        }
        let separated = is_separated(engine.board());
        let deadline = Deadline::new(limit, limit);
        let mv = match engine.think(deadline, &[]) {
            Some(mv) => mv,
            None => break,
        };
        let spent = deadline.elapsed();
        slowest = slowest.max(spent);
        let phase = if separated { "filling" } else { "search" };
        println!("turn {turn:2}: {phase:7} {mv:?} in {:.3} s", spent.as_secs_f64());
        engine.play(mv);
    }
    println!("slowest move {:.3} s", slowest.as_secs_f64());
}
// engine/src/lib.rs
pub mod amazons {
    // engine/src/amazons/mod.rs
    //! The game of the Amazons on a 10x10 board: rules, evaluation, search and the engine.
    //!
    //! Each side has four amazons. A turn moves one amazon like a chess queen (any distance in one of
    //! eight directions, over empty squares only), then the amazon shoots an arrow from where it
    //! landed, again like a queen move, onto an empty square that stays blocked for the rest of the
    //! game. The side that cannot move loses. Black moves first (the SAU platform's rule).
    //!
    //! - [`board`]: the position on 128-bit boards, move generation and legality.
    //! - [`eval`]: territory by queen and king distances, and mobility.
    //! - [`search`]: alpha-beta with a selective move list.
    //! - [`endgame`]: once the regions are separated, the longest filling of our own squares.
    //! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

    pub mod board {
        // engine/src/amazons/board.rs
        //! The Amazons position on 128-bit boards.
        //!
        //! A square is `y * 10 + x`, with `x` the column (the first letter of a SAU square, `A` = 0) and
        //! `y` the row counted from the top (the second letter). The SAU sample engine indexes its array
        //! as `Board[x][y]` with `x = message[0] - 'A'` and `y = message[1] - 'A'`, and starts with
        //! white on `Board[0][3]`, `[3][0]`, `[6][0]`, `[9][3]` and black on `[0][6]`, `[3][9]`, `[6][9]`,
        //! `[9][6]`: white at AD, DA, GA, JD and black at AG, DJ, GJ, JG. Black moves first.

        use crate::core::color::Color;

        /// Squares on a side.
        pub const SIZE: usize = 10;

        /// Squares on the board.
        pub const SQUARES: usize = SIZE * SIZE;

        /// Amazons of each side.
        pub const AMAZONS: usize = 4;

        /// Every square of the board as a bit set.
        pub const FULL: u128 = (1u128 << SQUARES) - 1;

        /// The squares of column `x = 0`.
        const COLUMN_0: u128 = {
            let mut bits = 0u128;
            let mut y = 0;
            while y < SIZE {
                bits |= 1u128 << (y * SIZE);
                y += 1;
            }
            bits
        };

        /// The squares of column `x = 9`.
        const COLUMN_9: u128 = COLUMN_0 << (SIZE - 1);

        /// The set `bits` moved one step in direction `dir` (an index into `DIRECTIONS`); bits that
        /// would leave the board are dropped.
        #[inline]
        pub fn shift(bits: u128, dir: usize) -> u128 {
            match dir {
                0 => (bits << 1) & !COLUMN_0 & FULL,
                1 => (bits >> 1) & !COLUMN_9,
                2 => (bits << SIZE) & FULL,
                3 => bits >> SIZE,
                4 => (bits << (SIZE + 1)) & !COLUMN_0 & FULL,
                5 => (bits << (SIZE - 1)) & !COLUMN_9 & FULL,
                6 => (bits >> (SIZE - 1)) & !COLUMN_0,
                _ => (bits >> (SIZE + 1)) & !COLUMN_9,
            }
        }

        /// The squares one king step from any square of `bits`.
        #[inline]
        pub fn king_neighbours(bits: u128) -> u128 {
            // The row is cut to the board before it moves up, or a bit past the last square would
            // come back onto the first column.
            let row = (bits | ((bits << 1) & !COLUMN_0) | ((bits >> 1) & !COLUMN_9))
                & FULL;
            (row | (row << SIZE) | (row >> SIZE)) & FULL & !bits
        }

        /// The squares a queen on any square of `from` reaches over the `empty` squares.
        #[inline]
        pub fn queen_reach(from: u128, empty: u128) -> u128 {
            let mut reach = 0;
            for dir in 0..8 {
                let mut ray = shift(from, dir) & empty;
                while ray != 0 {
                    reach |= ray;
                    ray = shift(ray, dir) & empty;
                }
            }
            reach
        }

        /// The square `(x, y)`.
        pub fn square(x: usize, y: usize) -> u8 {
            (y * SIZE + x) as u8
        }

        /// The column of a square.
        pub fn column(square: u8) -> usize {
            usize::from(square) % SIZE
        }

        /// The row of a square (from the top).
        pub fn row(square: u8) -> usize {
            usize::from(square) / SIZE
        }

        /// One turn: an amazon goes from `from` to `to`, then shoots an arrow onto `arrow`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        pub struct Move {
            /// Where the amazon stood.
            pub from: u8,
            /// Where it lands.
            pub to: u8,
            /// Where its arrow lands.
            pub arrow: u8,
        }

        /// Random keys for the position hash (Zobrist), fixed at compile time.
        struct Keys {
            amazon: [[u64; SQUARES]; 2],
            arrow: [u64; SQUARES],
            white_to_move: u64,
        }

        const fn splitmix(state: u64) -> (u64, u64) {
            let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (state, z ^ (z >> 31))
        }

        const KEYS: Keys = {
            let mut keys = Keys {
                amazon: [[0; SQUARES]; 2],
                arrow: [0; SQUARES],
                white_to_move: 0,
            };
            let mut state = 0x0061_6d61_7a6f_6e73_u64;
            let mut index = 0;
            while index < SQUARES {
                let (next, value) = splitmix(state);
                keys.amazon[0][index] = value;
                let (next, value) = splitmix(next);
                keys.amazon[1][index] = value;
                let (next, value) = splitmix(next);
                keys.arrow[index] = value;
                state = next;
                index += 1;
            }
            keys.white_to_move = splitmix(state).1;
            keys
        };

        /// An Amazons position: the amazons of both sides, the arrows and the side to move.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Board {
            /// The squares of each side's amazons, indexed by [`Color::index`].
            amazons: [[u8; AMAZONS]; 2],
            /// The same as bit sets.
            amazon_bits: [u128; 2],
            arrows: u128,
            to_move: Color,
            hash: u64,
        }

        impl Default for Board {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Board {
            /// The start position of the SAU platform (see the module text), black to move.
            pub fn new() -> Self {
                let white = [square(0, 3), square(3, 0), square(6, 0), square(9, 3)];
                let black = [square(0, 6), square(3, 9), square(6, 9), square(9, 6)];
                Self::from_parts(black, white, 0, Color::Black)
            }

            /// A position from its pieces (squares must differ and not hold arrows).
            pub fn from_parts(
                black: [u8; AMAZONS],
                white: [u8; AMAZONS],
                arrows: u128,
                to_move: Color,
            ) -> Self {
                let mut board = Self {
                    amazons: [black, white],
                    amazon_bits: [0; 2],
                    arrows,
                    to_move,
                    hash: 0,
                };
                for side in 0..2 {
                    for &square in &board.amazons[side] {
                        board.amazon_bits[side] |= 1u128 << square;
                        board.hash ^= KEYS.amazon[side][usize::from(square)];
                    }
                }
                for square in 0..SQUARES {
                    if arrows >> square & 1 == 1 {
                        board.hash ^= KEYS.arrow[square];
                    }
                }
                if to_move == Color::White {
                    board.hash ^= KEYS.white_to_move;
                }
                board
            }

            /// The side to move.
            pub fn to_move(&self) -> Color {
                self.to_move
            }

            /// The squares of `side`'s amazons.
            pub fn amazons(&self, side: Color) -> [u8; AMAZONS] {
                self.amazons[side.index()]
            }

            /// `side`'s amazons as a bit set.
            pub fn amazon_bits(&self, side: Color) -> u128 {
                self.amazon_bits[side.index()]
            }

            /// The arrows as a bit set.
            pub fn arrows(&self) -> u128 {
                self.arrows
            }

            /// The empty squares.
            pub fn empty(&self) -> u128 {
                FULL & !(self.arrows | self.amazon_bits[0] | self.amazon_bits[1])
            }

            /// The position's hash key.
            pub fn hash(&self) -> u64 {
                self.hash
            }

            /// Whether `side` can move at all: an amazon next to an empty square can always step there
            /// and shoot back onto the square it left.
            pub fn can_move(&self, side: Color) -> bool {
                let empty = self.empty();
                self.amazons[side.index()]
                    .iter()
                    .any(|&square| king_neighbours(1u128 << square) & empty != 0)
            }

            /// Whether the side to move may play `mv`.
            pub fn is_legal(&self, mv: Move) -> bool {
                let side = self.to_move.index();
                if usize::from(mv.from.max(mv.to).max(mv.arrow)) >= SQUARES
                    || self.amazon_bits[side] >> mv.from & 1 == 0
                {
                    return false;
                }
                let empty = self.empty();
                if queen_reach(1u128 << mv.from, empty) >> mv.to & 1 == 0 {
                    return false;
                }
                let empty = (empty | 1u128 << mv.from) & !(1u128 << mv.to);
                queen_reach(1u128 << mv.to, empty) >> mv.arrow & 1 == 1
            }

            /// Plays a legal move of the side to move.
            pub fn play(&mut self, mv: Move) {
                let side = self.to_move.index();
                let slot = self
                    .amazons[side]
                    .iter()
                    .position(|&square| square == mv.from)
                    .expect("a legal move starts on an amazon of the side to move");
                self.amazons[side][slot] = mv.to;
                self.amazon_bits[side] ^= 1u128 << mv.from | 1u128 << mv.to;
                self.arrows |= 1u128 << mv.arrow;
                self.hash
                    ^= KEYS.amazon[side][usize::from(mv.from)]
                        ^ KEYS.amazon[side][usize::from(mv.to)]
                        ^ KEYS.arrow[usize::from(mv.arrow)] ^ KEYS.white_to_move;
                self.to_move = self.to_move.opponent();
            }

            /// Gives the move to `side` (the endgame's search plays one side alone).
            pub fn set_to_move(&mut self, side: Color) {
                if side != self.to_move {
                    self.to_move = side;
                    self.hash ^= KEYS.white_to_move;
                }
            }

            /// Moves an amazon without shooting (a half move, for ordering); the side to move stays.
            pub fn step_amazon(&mut self, side: Color, from: u8, to: u8) {
                let index = side.index();
                for square in self.amazons[index].iter_mut() {
                    if *square == from {
                        *square = to;
                    }
                }
                self.amazon_bits[index] ^= 1u128 << from | 1u128 << to;
            }

            /// Every legal move of the side to move, appended to `moves`.
            pub fn generate(&self, moves: &mut Vec<Move>) {
                let empty = self.empty();
                for &from in &self.amazons[self.to_move.index()] {
                    let mut targets = queen_reach(1u128 << from, empty);
                    let vacated = empty | 1u128 << from;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let mut arrows = queen_reach(
                            1u128 << to,
                            vacated & !(1u128 << to),
                        );
                        while arrows != 0 {
                            let arrow = arrows.trailing_zeros() as u8;
                            arrows &= arrows - 1;
                            moves.push(Move { from, to, arrow });
                        }
                    }
                }
            }
        }
    }

    pub mod endgame {
        // engine/src/amazons/endgame.rs
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
            #[allow(dead_code)]
            pub moves: u32,
            /// Whether the search finished: `moves` is then the most the side can make.
            #[allow(dead_code)]
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
        pub fn best_filling(
            board: &Board,
            deadline: Deadline,
            rejected: &[Move],
        ) -> Option<Filling> {
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
            filler
                .best_first
                .map(|first| Filling {
                    first,
                    moves: filler.best,
                    exact: !filler.stopped,
                })
        }

        impl Filler {
            fn search(
                &mut self,
                board: &Board,
                made: u32,
                first: Option<Move>,
                rejected: &[Move],
            ) {
                if made > self.best {
                    self.best = made;
                    self.best_first = first;
                }
                if self.best >= self.upper || self.stopped {
                    return;
                }
                if self.deadline.hard_passed()
                    || (self.best > 0 && self.deadline.soft_passed())
                {
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
                        let after = (empty | 1u128 << mv.from) & !(1u128 << mv.to)
                            & !(1u128 << mv.arrow);
                        let free = (king_neighbours(1u128 << mv.arrow) & after)
                            .count_ones();
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
    }

    pub mod engine {
        // engine/src/amazons/engine.rs
        //! The Amazons engine: the position and the search, speaking only [`Move`]s.

        use super::board::{Board, Move};
        use super::endgame::{best_filling, is_separated};
        use super::search::{Search, Settings};
        use crate::core::color::Color;
        use crate::core::time::Deadline;

        /// One Amazons game in progress and the search that picks our moves.
        pub struct AmazonsEngine {
            board: Board,
            search: Search,
        }

        impl AmazonsEngine {
            /// An engine at the start of a game, with the given search settings; `seed` varies the
            /// choice between moves the search scores alike.
            pub fn new(settings: Settings, seed: u64) -> Self {
                Self {
                    board: Board::new(),
                    search: Search::new(settings, seed),
                }
            }

            /// Starts a new game from the initial position.
            pub fn new_game(&mut self) {
                self.board = Board::new();
                self.search.clear();
            }

            /// The current position.
            pub fn board(&self) -> &Board {
                &self.board
            }

            /// The side to move.
            pub fn side_to_move(&self) -> Color {
                self.board.to_move()
            }

            /// Whether the side to move cannot move, which loses.
            pub fn is_over(&self) -> bool {
                !self.board.can_move(self.board.to_move())
            }

            /// Whether the side to move may play `mv`.
            pub fn is_legal(&self, mv: Move) -> bool {
                self.board.is_legal(mv)
            }

            /// Plays a legal move of the side to move.
            pub fn play(&mut self, mv: Move) {
                self.board.play(mv);
            }

            /// Returns to a position saved with [`AmazonsEngine::board`].
            pub fn restore(&mut self, board: Board) {
                self.board = board;
            }

            /// How many more moves we expect to make in this game (for dividing the clock).
            pub fn expected_moves_left(&self) -> u32 {
                // The regions usually close with about a third of the board still empty; after that the
                // moves are easy, so the clock is planned over the contested part.
                let empty = self.board.empty().count_ones();
                (empty.saturating_sub(30) / 2).max(6)
            }

            /// Our move within `deadline`, never one of `rejected`; `None` when there is none.
            pub fn think(
                &mut self,
                deadline: Deadline,
                rejected: &[Move],
            ) -> Option<Move> {
                if self.search.settings().filling_endgame && is_separated(&self.board) {
                    if let Some(filling) = best_filling(
                        &self.board,
                        deadline,
                        rejected,
                    ) {
                        return Some(filling.first);
                    }
                }
                let outcome = self.search.best_move(&self.board, deadline, rejected)?;
                Some(outcome.best)
            }
        }
    }

    pub mod eval {
        // engine/src/amazons/eval.rs
        //! The evaluation: territory by queen and king distances (after Lieberum) and mobility.
        //!
        //! For each side, `D1` is the number of queen moves and `D2` the number of king moves an amazon
        //! of that side needs to reach a square over empty squares. Over the empty squares:
        //! - `t1`, `t2`: +1 for a square the side to move reaches first (by `D1`, `D2`), -1 for one the
        //!   opponent reaches first, `tie` for an equal finite distance (the move is worth something);
        //! - `c1 = 2 * sum(2^-D1me - 2^-D1op)`, `c2 = sum(clamp((D2op - D2me) / 6, -1, 1))`: how
        //!   strongly each side holds the squares, which matters while the regions are open;
        //! - mobility: how many squares each amazon reaches in one queen move (a boxed-in amazon is
        //!   worth little).
        //!
        //! The weights move from the positional terms to plain territory as arrows fill the board.

        use super::board::{king_neighbours, queen_reach, Board, SQUARES};
        use crate::core::color::Color;

        /// Distance of a square no amazon of the side reaches.
        pub const FAR: u8 = u8::MAX;

        /// The evaluation's weights.
        #[derive(Clone, Copy, Debug)]
        pub struct Weights {
            /// What a square both sides reach equally fast is worth to the side to move.
            pub tie: f32,
            /// Weights of `t1`, `c1`, `c2`, `t2` and mobility in the opening (no arrows).
            pub opening: [f32; 5],
            /// The same once `late_arrows` arrows are on the board (linear in between).
            pub late: [f32; 5],
            /// The number of arrows at which the late weights hold fully.
            pub late_arrows: f32,
            /// Mobility counted per amazon up to this many squares.
            pub mobility_cap: u32,
            /// Scale from the weighted sum to search units.
            pub scale: f32,
        }

        impl Default for Weights {
            fn default() -> Self {
                Self {
                    tie: 0.2,
                    opening: [0.15, 0.35, 0.15, 0.15, 0.2],
                    late: [0.8, 0.05, 0.05, 0.1, 0.02],
                    late_arrows: 40.0,
                    mobility_cap: 10,
                    scale: 100.0,
                }
            }
        }

        /// Queen and king distances of both sides to every square.
        #[derive(Clone)]
        pub struct Distances {
            /// `queen[side][square]`.
            pub queen: [[u8; SQUARES]; 2],
            /// `king[side][square]`.
            pub king: [[u8; SQUARES]; 2],
        }

        /// Fills `out` with the distances from `start` over `empty`, one step being a queen move
        /// (`queen`) or a king move; returns the squares reached.
        fn distances(
            start: u128,
            empty: u128,
            queen: bool,
            out: &mut [u8; SQUARES],
        ) -> u128 {
            *out = [FAR; SQUARES];
            let mut reached = start;
            let mut frontier = start;
            let mut distance = 0u8;
            while frontier != 0 {
                distance += 1;
                let next = if queen {
                    queen_reach(frontier, empty)
                } else {
                    king_neighbours(frontier) & empty
                };
                let fresh = next & !reached;
                reached |= fresh;
                frontier = fresh;
                let mut bits = fresh;
                while bits != 0 {
                    out[bits.trailing_zeros() as usize] = distance;
                    bits &= bits - 1;
                }
            }
            reached & !start
        }

        impl Distances {
            /// The distances in `board`.
            pub fn of(board: &Board) -> Self {
                let empty = board.empty();
                let mut result = Self {
                    queen: [[FAR; SQUARES]; 2],
                    king: [[FAR; SQUARES]; 2],
                };
                for side in [Color::Black, Color::White] {
                    let start = board.amazon_bits(side);
                    let index = side.index();
                    distances(start, empty, true, &mut result.queen[index]);
                    distances(start, empty, false, &mut result.king[index]);
                }
                result
            }
        }

        /// The squares each side can still reach and whether any empty square is reachable by both: once
        /// none is, the regions are separated and each side only fills its own.
        pub fn regions(board: &Board) -> (u128, u128) {
            let empty = board.empty();
            let flood = |side: Color| {
                let mut reached = board.amazon_bits(side);
                loop {
                    let next = reached | (king_neighbours(reached) & empty);
                    if next == reached {
                        return reached & empty;
                    }
                    reached = next;
                }
            };
            (flood(Color::Black), flood(Color::White))
        }

        /// The position's value for the side to move, in search units (`scale` per square, roughly).
        pub fn evaluate(board: &Board, weights: &Weights) -> i32 {
            let me = board.to_move();
            let (black, white) = regions(board);
            if black & white == 0 {
                return separated(board, black, white, weights);
            }
            let distances = Distances::of(board);
            let (m, o) = (me.index(), me.opponent().index());
            let empty = board.empty();
            let (mut t1, mut t2, mut c1, mut c2) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
            let mut bits = empty;
            while bits != 0 {
                let square = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (q_me, q_op) = (
                    distances.queen[m][square],
                    distances.queen[o][square],
                );
                let (k_me, k_op) = (
                    distances.king[m][square],
                    distances.king[o][square],
                );
                t1 += delta(q_me, q_op, weights.tie);
                t2 += delta(k_me, k_op, weights.tie);
                c1 += power(q_me) - power(q_op);
                let diff = (f32::from(k_op.min(20)) - f32::from(k_me.min(20))) / 6.0;
                c2 += diff.clamp(-1.0, 1.0);
            }
            c1 *= 2.0;
            let mobility = mobility(board, me, empty, weights)
                - mobility(board, me.opponent(), empty, weights);
            let phase = (board.arrows().count_ones() as f32 / weights.late_arrows)
                .min(1.0);
            let terms = [t1, c1, c2, t2, mobility];
            let mut total = 0.0;
            for (index, term) in terms.iter().enumerate() {
                let weight = weights.opening[index] * (1.0 - phase)
                    + weights.late[index] * phase;
                total += weight * term;
            }
            (total * weights.scale) as i32
        }

        /// Lieberum's comparison of two distances for the side to move.
        fn delta(mine: u8, theirs: u8, tie: f32) -> f32 {
            if mine == theirs {
                if mine == FAR { 0.0 } else { tie }
            } else if mine < theirs {
                1.0
            } else {
                -1.0
            }
        }

        fn power(distance: u8) -> f32 {
            if distance >= 30 { 0.0 } else { 1.0 / (1u32 << distance) as f32 }
        }

        /// The mobility of `side`: squares each amazon reaches in one queen move, capped.
        fn mobility(board: &Board, side: Color, empty: u128, weights: &Weights) -> f32 {
            board
                .amazons(side)
                .iter()
                .map(|&square| {
                    let reach = queen_reach(1u128 << square, empty).count_ones();
                    reach.min(weights.mobility_cap) as f32
                })
                .sum()
        }

        /// The value of a position whose regions are separated: each side can make about as many moves
        /// as its region has squares, and the side to move needs more than the opponent to win.
        fn separated(board: &Board, black: u128, white: u128, weights: &Weights) -> i32 {
            let me = board.to_move();
            let (mine, theirs) = match me {
                Color::Black => (black, white),
                Color::White => (white, black),
            };
            // The region's size bounds the moves from above and is met unless arrows cut it badly; the
            // search sees the cuts.
            let (mine, theirs) = (mine.count_ones(), theirs.count_ones());
            // With equal counts the side to move runs out first.
            ((mine as f32 - theirs as f32 - 0.5) * weights.scale * 2.0) as i32
        }
    }

    pub mod search {
        // engine/src/amazons/search.rs
        //! Alpha-beta search: iterative deepening, principal variation search, a transposition table
        //! with Zobrist keys, and a selective move list at every node.
        //!
        //! The opening has about 2,000 moves, so no node looks at them all. A move is split in two: each
        //! queen move (amazon from `from` to `to`, no arrow yet) is scored by the full evaluation, the
        //! best few keep their arrows, each arrow scored by a cheap rule from the node's distance maps
        //! (block squares the opponent reaches first or as fast, next to its amazons; spare our own).
        //! The best of those combined moves are searched; at the last ply they are evaluated in full
        //! and the best counts. The root evaluates every legal move once and searches the best of them
        //! deeper with each iteration.

        use super::board::{king_neighbours, queen_reach, Board, Move};
        use super::eval::{evaluate, Distances, Weights, FAR};
        use crate::core::color::Color;
        use crate::core::rng::Rng;
        use crate::core::score::{is_decisive, Bound, WIN, WIN_THRESHOLD};
        use crate::core::time::Deadline;
        use std::cmp::Reverse;

        /// The search's tunable numbers.
        #[derive(Clone, Copy, Debug)]
        pub struct Settings {
            /// The evaluation's weights.
            pub weights: Weights,
            /// Queen moves (before the arrow) kept at a node, best by the evaluation first.
            pub queen_moves: usize,
            /// Arrows kept for each of those queen moves.
            pub arrows_per_queen: usize,
            /// Moves searched at an inner node.
            pub width: usize,
            /// Moves evaluated in full at the last ply.
            pub leaf_width: usize,
            /// Moves searched at the root beyond the first iteration.
            pub root_width: usize,
            /// The deepest iteration.
            pub max_depth: u32,
            /// The transposition table has `2^table_bits` entries.
            pub table_bits: u32,
            /// Arrow rule: bonus per opponent amazon next to the arrow.
            pub arrow_next_to_opponent: i32,
            /// Arrow rule: bonus for a square the opponent reaches first or as fast, by its distance
            /// (1, 2, 3 or more queen moves).
            pub arrow_by_distance: [i32; 3],
            /// Arrow rule: cost of a square we reach first.
            pub arrow_own_square: i32,
            /// Arrow rule: cost per own amazon next to the arrow.
            pub arrow_next_to_own: i32,
            /// Arrow rule, on squares we reach first: cost per empty square around the arrow (filling
            /// our own region from its dead ends keeps the rest of it in one piece).
            pub arrow_free_neighbour: i32,
            /// Random noise up to this many units added to the root's first scores, so that games
            /// between the same engines differ (no effect on a move that the search prefers clearly).
            pub root_noise: u32,
            /// Once the regions are separated, choose moves by the filling search of
            /// [`endgame`](super::endgame) instead of this search.
            pub filling_endgame: bool,
            /// Start no new iteration once this share (in per cent) of the soft limit is spent.
            pub iteration_start_percent: u32,
        }

        impl Default for Settings {
            fn default() -> Self {
                Self {
                    weights: Weights::default(),
                    queen_moves: 10,
                    arrows_per_queen: 4,
                    width: 16,
                    leaf_width: 16,
                    root_width: 24,
                    max_depth: 40,
                    table_bits: 19,
                    arrow_next_to_opponent: 40,
                    arrow_by_distance: [40, 20, 5],
                    arrow_own_square: 30,
                    arrow_next_to_own: 15,
                    arrow_free_neighbour: 4,
                    iteration_start_percent: 55,
                    root_noise: 6,
                    filling_endgame: true,
                }
            }
        }

        #[derive(Clone, Copy)]
        struct Entry {
            key: u64,
            mv: Move,
            score: i32,
            depth: u8,
            bound: Option<Bound>,
        }

        const EMPTY_ENTRY: Entry = Entry {
            key: 0,
            mv: Move { from: 0, to: 0, arrow: 0 },
            score: 0,
            depth: 0,
            bound: None,
        };

        /// What a finished or interrupted search found.
        #[derive(Clone, Copy, Debug)]
        pub struct Outcome {
            /// The move to play.
            pub best: Move,
            /// Its score for the side to move.
            pub score: i32,
            /// The deepest iteration completed.
            pub depth: u32,
            /// Nodes visited.
            pub nodes: u64,
        }

        /// The search and its transposition table.
        pub struct Search {
            settings: Settings,
            table: Vec<Entry>,
            nodes: u64,
            deadline: Deadline,
            stopped: bool,
            rng: Rng,
        }

        impl Search {
            /// A search with `settings` and an empty table; `seed` feeds the root noise.
            pub fn new(settings: Settings, seed: u64) -> Self {
                Self {
                    settings,
                    table: vec![EMPTY_ENTRY; 1usize << settings.table_bits],
                    nodes: 0,
                    deadline: Deadline::unlimited(),
                    stopped: false,
                    rng: Rng::new(seed),
                }
            }

            /// The settings in use.
            pub fn settings(&self) -> &Settings {
                &self.settings
            }

            /// Forgets every stored position (a new game).
            pub fn clear(&mut self) {
                self.table.iter_mut().for_each(|entry| *entry = EMPTY_ENTRY);
            }

            /// The best move of the side to move within `deadline`, never one of `rejected`; `None`
            /// when it has no other legal move.
            pub fn best_move(
                &mut self,
                board: &Board,
                deadline: Deadline,
                rejected: &[Move],
            ) -> Option<Outcome> {
                self.deadline = deadline;
                self.stopped = false;
                self.nodes = 0;
                let mut moves = Vec::new();
                board.generate(&mut moves);
                moves.retain(|mv| !rejected.contains(mv));
                if moves.is_empty() {
                    return None;
                }
                // Iteration 1: every move evaluated in full, which also orders the root.
                let mut scored: Vec<(Move, i32)> = Vec::with_capacity(moves.len());
                for &mv in &moves {
                    let mut child = *board;
                    child.play(mv);
                    let score = if child.can_move(child.to_move()) {
                        -evaluate(&child, &self.settings.weights)
                    } else {
                        WIN - 1
                    };
                    let noise = self.rng.below(self.settings.root_noise + 1) as i32;
                    scored.push((mv, score + noise));
                    if self.deadline.hard_passed() {
                        break;
                    }
                }
                scored.sort_by_key(|entry| Reverse(entry.1));
                let mut outcome = Outcome {
                    best: scored[0].0,
                    score: scored[0].1,
                    depth: 1,
                    nodes: scored.len() as u64,
                };
                scored.truncate(self.settings.root_width.max(1));
                let start_limit = self.deadline.soft
                    * self.settings.iteration_start_percent / 100;
                let mut depth = 2;
                while depth <= self.settings.max_depth
                    && self.deadline.elapsed() < start_limit
                    && !is_decisive(outcome.score)
                {
                    let (best, score, complete) = self.root(board, &mut scored, depth);
                    // An interrupted iteration searches the previous best first, so whatever it found
                    // (that move's deeper score, or a move that beat it) is better informed.
                    if let Some(best) = best {
                        outcome.best = best;
                        outcome.score = score;
                    }
                    if !complete {
                        break;
                    }
                    outcome.depth = depth;
                    depth += 1;
                }
                outcome.nodes += self.nodes;
                Some(outcome)
            }

            /// One root iteration over `scored` (reordered by the new scores); returns the best move
            /// found, its score and whether the iteration finished.
            fn root(
                &mut self,
                board: &Board,
                scored: &mut [(Move, i32)],
                depth: u32,
            ) -> (Option<Move>, i32, bool) {
                let mut alpha = -WIN;
                let beta = WIN;
                let mut best = None;
                let mut results = Vec::with_capacity(scored.len());
                for (index, &(mv, _)) in scored.iter().enumerate() {
                    let mut child = *board;
                    child.play(mv);
                    let mut score;
                    if index == 0 {
                        score = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
                    } else {
                        score = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                        if score > alpha && !self.stopped {
                            score = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
                        }
                    }
                    if self.stopped {
                        return (best, alpha, false);
                    }
                    results.push(score);
                    if score > alpha {
                        alpha = score;
                        best = Some(mv);
                    }
                }
                for (entry, score) in scored.iter_mut().zip(results) {
                    entry.1 = score;
                }
                scored.sort_by_key(|entry| Reverse(entry.1));
                (best, alpha, true)
            }

            fn negamax(
                &mut self,
                board: &Board,
                depth: u32,
                mut alpha: i32,
                beta: i32,
                ply: i32,
            ) -> i32 {
                self.nodes += 1;
                // A node costs about a hundred evaluations, far more than reading the clock.
                if self.deadline.hard_passed() {
                    self.stopped = true;
                }
                if self.stopped {
                    return 0;
                }
                let side = board.to_move();
                if !board.can_move(side) {
                    return -WIN + ply;
                }
                if depth == 0 {
                    return evaluate(board, &self.settings.weights);
                }
                let slot = (board.hash() as usize) & (self.table.len() - 1);
                let entry = self.table[slot];
                let mut table_move = None;
                if let (true, Some(bound)) = (entry.key == board.hash(), entry.bound) {
                    table_move = Some(entry.mv);
                    let score = from_table(entry.score, ply);
                    if u32::from(entry.depth) >= depth
                        && bound.settles(score, alpha, beta)
                    {
                        return score;
                    }
                }
                let original_alpha = alpha;
                let candidates = self.candidates(board, table_move);
                let mut best_score = -WIN;
                let mut best_move = candidates[0];
                if depth == 1 {
                    for &mv in candidates.iter().take(self.settings.leaf_width.max(1)) {
                        let mut child = *board;
                        child.play(mv);
                        let score = if child.can_move(child.to_move()) {
                            -evaluate(&child, &self.settings.weights)
                        } else {
                            WIN - ply - 1
                        };
                        if score > best_score {
                            best_score = score;
                            best_move = mv;
                        }
                    }
                } else {
                    for (index, &mv) in candidates
                        .iter()
                        .take(self.settings.width.max(1))
                        .enumerate()
                    {
                        let mut child = *board;
                        child.play(mv);
                        let mut score;
                        if index == 0 {
                            score = -self
                                .negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                        } else {
                            score = -self
                                .negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                            if score > alpha && score < beta && !self.stopped {
                                score = -self
                                    .negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                            }
                        }
                        if self.stopped {
                            return 0;
                        }
                        if score > best_score {
                            best_score = score;
                            best_move = mv;
                        }
                        if score > alpha {
                            alpha = score;
                        }
                        if alpha >= beta {
                            break;
                        }
                    }
                }
                self.table[slot] = Entry {
                    key: board.hash(),
                    mv: best_move,
                    score: to_table(best_score, ply),
                    depth: depth.min(255) as u8,
                    bound: Some(Bound::of(best_score, original_alpha, beta)),
                };
                best_score
            }

            /// The moves worth searching at `board`, best first (the table's move ahead of all).
            /// Never empty when the side to move can move.
            pub fn candidates(
                &self,
                board: &Board,
                table_move: Option<Move>,
            ) -> Vec<Move> {
                let side = board.to_move();
                let empty = board.empty();
                let weights = &self.settings.weights;
                // Queen moves, scored by the evaluation with the amazon moved and no arrow shot.
                let mut queen_moves: Vec<(u8, u8, i32)> = Vec::with_capacity(96);
                for &from in &board.amazons(side) {
                    let mut targets = queen_reach(1u128 << from, empty);
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let mut stepped = *board;
                        stepped.step_amazon(side, from, to);
                        queen_moves.push((from, to, evaluate(&stepped, weights)));
                    }
                }
                queen_moves.sort_by_key(|entry| Reverse(entry.2));
                queen_moves.truncate(self.settings.queen_moves.max(1));
                let distances = Distances::of(board);
                let opponent_amazons = board.amazon_bits(side.opponent());
                let mut moves: Vec<(Move, i32)> = Vec::with_capacity(64);
                let mut arrows: Vec<(u8, i32)> = Vec::with_capacity(64);
                for &(from, to, queen_score) in &queen_moves {
                    let vacated = (empty | 1u128 << from) & !(1u128 << to);
                    let own_amazons = (board.amazon_bits(side) & !(1u128 << from))
                        | 1u128 << to;
                    let mut targets = queen_reach(1u128 << to, vacated);
                    arrows.clear();
                    while targets != 0 {
                        let arrow = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let free = (king_neighbours(1u128 << arrow) & vacated)
                            .count_ones() as i32;
                        let score = self
                            .arrow_score(
                                &distances,
                                side,
                                arrow,
                                opponent_amazons,
                                own_amazons,
                                free,
                            );
                        arrows.push((arrow, score));
                    }
                    arrows.sort_by_key(|entry| Reverse(entry.1));
                    for &(arrow, arrow_score) in arrows
                        .iter()
                        .take(self.settings.arrows_per_queen.max(1))
                    {
                        moves
                            .push((Move { from, to, arrow }, queen_score + arrow_score));
                    }
                }
                moves.sort_by_key(|entry| Reverse(entry.1));
                let mut list: Vec<Move> = Vec::with_capacity(moves.len() + 1);
                if let Some(mv) = table_move {
                    if board.is_legal(mv) {
                        list.push(mv);
                    }
                }
                list.extend(
                    moves.iter().map(|&(mv, _)| mv).filter(|&mv| Some(mv) != table_move),
                );
                list
            }

            /// The cheap value of shooting onto `arrow` for `side`, from the node's distance maps;
            /// `free` empty squares lie around the arrow.
            fn arrow_score(
                &self,
                distances: &Distances,
                side: Color,
                arrow: u8,
                opponent_amazons: u128,
                own_amazons: u128,
                free: i32,
            ) -> i32 {
                let settings = &self.settings;
                let square = usize::from(arrow);
                let mine = distances.queen[side.index()][square];
                let theirs = distances.queen[side.opponent().index()][square];
                let around = king_neighbours(1u128 << arrow);
                let mut score = (around & opponent_amazons).count_ones() as i32
                    * settings.arrow_next_to_opponent
                    - (around & own_amazons).count_ones() as i32
                        * settings.arrow_next_to_own;
                if theirs <= mine && theirs != FAR {
                    score
                        += settings
                            .arrow_by_distance[usize::from(theirs.clamp(1, 3)) - 1];
                } else if mine < theirs {
                    score
                        -= settings.arrow_own_square
                            + free * settings.arrow_free_neighbour;
                }
                score
            }
        }

        fn to_table(score: i32, ply: i32) -> i32 {
            if score >= WIN_THRESHOLD {
                score + ply
            } else if score <= -WIN_THRESHOLD {
                score - ply
            } else {
                score
            }
        }

        fn from_table(score: i32, ply: i32) -> i32 {
            if score >= WIN_THRESHOLD {
                score - ply
            } else if score <= -WIN_THRESHOLD {
                score + ply
            } else {
                score
            }
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

        /// The score of a game won on the move; a win `n` plies away scores `WIN - n`, so that the
        /// search prefers the quickest win and the slowest loss.
        pub const WIN: i32 = 30_000;

        /// Scores beyond this (in absolute value) are proven wins or losses, not evaluations.
        pub const WIN_THRESHOLD: i32 = WIN - 1_000;

        /// Whether `score` is a proven win or loss rather than an evaluation.
        pub fn is_decisive(score: i32) -> bool {
            score.abs() >= WIN_THRESHOLD
        }

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

        pub mod amazons {
            // engine/src/protocol/sau/amazons.rs
            //! Amazons on the SAU platform: `X1Y1X2Y2X3Y3` (from, to, arrow) on a 10x10 board, where each
            //! square's first letter is the column `x` and the second the row `y`, as in the sample engine's
            //! `Board[x][y]`.

            use super::{SauGame, Square};
            use crate::amazons::board::{column, row, square, Board, Move, SIZE};
            use crate::amazons::engine::AmazonsEngine;
            use crate::core::color::Color;
            use crate::core::time::Deadline;

            fn to_square(square: Square) -> u8 {
                self::square(usize::from(square.x), usize::from(square.y))
            }

            fn from_square(square: u8) -> Square {
                Square {
                    x: column(square) as u8,
                    y: row(square) as u8,
                }
            }

            impl SauGame for AmazonsEngine {
                type Move = Move;

                type Snapshot = Board;

                fn engine_name(&self) -> &str {
                    "RustAmazons"
                }

                fn board_size(&self) -> u8 {
                    SIZE as u8
                }

                fn new_game(&mut self) {
                    AmazonsEngine::new_game(self);
                }

                fn side_to_move(&self) -> Color {
                    AmazonsEngine::side_to_move(self)
                }

                fn is_over(&self) -> bool {
                    AmazonsEngine::is_over(self)
                }

                fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<Move> {
                    let mv = match squares {
                        [Some(from), Some(to), Some(arrow)] => {
                            Move {
                                from: to_square(*from),
                                to: to_square(*to),
                                arrow: to_square(*arrow),
                            }
                        }
                        _ => return None,
                    };
                    self.is_legal(mv).then_some(mv)
                }

                fn squares_of(&self, mv: Move) -> Vec<Option<Square>> {
                    vec![
                        Some(from_square(mv.from)),
                        Some(from_square(mv.to)),
                        Some(from_square(mv.arrow)),
                    ]
                }

                fn play(&mut self, mv: Move) {
                    AmazonsEngine::play(self, mv);
                }

                fn snapshot(&self) -> Board {
                    *self.board()
                }

                fn restore(&mut self, snapshot: Board) {
                    AmazonsEngine::restore(self, snapshot);
                }

                fn expected_moves_left(&self) -> u32 {
                    AmazonsEngine::expected_moves_left(self)
                }

                fn choose_move(
                    &mut self,
                    deadline: Deadline,
                    rejected: &[Move],
                ) -> Option<Move> {
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
