//! nogo: bundled from engine (bin nogo) by bundler. Do not edit; regenerate with `cargo run -p bundler`.
//!
//! NoGo for the SAU computer-games platform: reads the platform's commands on stdin and answers
//! on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds), `--ponder` to think on the opponent's time
//! as well.

// engine/src/bin/nogo.rs
use crate::nogo::engine::NoGoEngine;
use crate::nogo::mcts::Settings;
use crate::protocol::sau;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio(
        "nogo",
        &args,
        |control, seed| {
            let settings = Settings {
                ponder: args.iter().any(|arg| arg == "--ponder"),
                ..Settings::default()
            };
            let mut engine = NoGoEngine::new(settings, seed);
            sau::run(&mut engine, control, io::stdin().lock(), io::stdout().lock())
        },
    )
}
// engine/src/lib.rs
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

pub mod nogo {
    // engine/src/nogo/mod.rs
    //! The game of NoGo on a 9x9 board: rules, search and the engine.
    //!
    //! NoGo is Go turned around: a stone that would capture, or would leave its own group without a
    //! liberty, may not be played, there is no passing, and the side left without a legal move loses.
    //!
    //! - the two colours are [`Color`](crate::core::color::Color), shared with the other stone games.
    //! - [`board`]: the position on 128-bit boards, with the legality test.
    //! - [`groups`]: the position with its groups and liberties kept, for the random games.
    //! - [`playout`]: the random games that estimate a position.
    //! - [`mcts`]: the tree search (UCT with RAVE, proven wins and losses near the end).
    //! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

    pub mod board {
        // engine/src/nogo/board.rs
        //! A NoGo position on 128-bit boards: point `y * 9 + x` is bit `y * 9 + x`.
        //!
        //! Groups and their liberties come from flood fills with shifts, which on a 81-point board costs
        //! a handful of word operations per step and needs no incremental bookkeeping: enough for the
        //! tree's positions, each tested once. The random games keep their groups ([`super::groups`]).

        use crate::core::color::Color;

        /// The board's width and height.
        pub const SIZE: usize = 9;

        /// The number of points.
        pub const POINTS: usize = SIZE * SIZE;

        /// A set of points.
        pub type Points = u128;

        /// Every point of the board.
        pub const ALL: Points = (1u128 << POINTS) - 1;

        /// The points of the first column (x = 0).
        const FIRST_COLUMN: Points = {
            let mut bits = 0u128;
            let mut y = 0;
            while y < SIZE {
                bits |= 1u128 << (y * SIZE);
                y += 1;
            }
            bits
        };

        /// The points of the last column (x = 8).
        const LAST_COLUMN: Points = FIRST_COLUMN << (SIZE - 1);

        /// The set holding `point` alone.
        pub const fn bit(point: usize) -> Points {
            1u128 << point
        }

        /// The points next to at least one point of `set` (the set's own points may be included).
        pub const fn neighbours(set: Points) -> Points {
            let west = (set >> 1) & !LAST_COLUMN;
            let east = (set << 1) & !FIRST_COLUMN;
            let north = set >> SIZE;
            let south = set << SIZE;
            (west | east | north | south) & ALL
        }

        /// The points of `own` connected to `start` through `own` (`start` must be in `own`).
        pub fn group(start: usize, own: Points) -> Points {
            let mut grown = bit(start);
            loop {
                let next = (grown | neighbours(grown)) & own;
                if next == grown {
                    return grown;
                }
                grown = next;
            }
        }

        /// A position: the stones of each colour and the side to move.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Board {
            stones: [Points; 2],
            to_move: Color,
        }

        impl Default for Board {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Board {
            /// The empty board, black to move.
            pub fn new() -> Self {
                Self {
                    stones: [0, 0],
                    to_move: Color::Black,
                }
            }

            /// The side to move.
            pub fn to_move(&self) -> Color {
                self.to_move
            }

            /// The stones of `colour`.
            pub fn stones(&self, colour: Color) -> Points {
                self.stones[colour.index()]
            }

            /// The empty points.
            pub fn empty(&self) -> Points {
                ALL & !(self.stones[0] | self.stones[1])
            }

            /// Whether `colour` may play on `point`: it is empty, and after the stone every group next to
            /// it, of both colours, still has a liberty.
            pub fn is_legal(&self, point: usize, colour: Color) -> bool {
                point < POINTS && self.legal_points(colour) & bit(point) != 0
            }

            /// Every point where `colour` may play: one flood fill per group rather than one per point.
            pub fn legal_points(&self, colour: Color) -> Points {
                let empty = self.empty();
                // A stone breathes next to a free point or next to its own group with another liberty.
                let mut breathes = neighbours(empty);
                let own = self.stones[colour.index()];
                let mut left = own;
                while left != 0 {
                    let stones = group(left.trailing_zeros() as usize, own);
                    left &= !stones;
                    let liberties = neighbours(stones) & empty;
                    if liberties & (liberties - 1) != 0 {
                        breathes |= neighbours(stones);
                    }
                }
                // The last liberty of an opponent's group would capture it.
                let mut captures = 0;
                let enemy = self.stones[colour.opponent().index()];
                let mut left = enemy;
                while left != 0 {
                    let stones = group(left.trailing_zeros() as usize, enemy);
                    left &= !stones;
                    let liberties = neighbours(stones) & empty;
                    if liberties & (liberties - 1) == 0 {
                        captures |= liberties;
                    }
                }
                empty & breathes & !captures
            }

            /// Whether the side to move has a legal move (if not, it has lost).
            pub fn has_legal_move(&self) -> bool {
                self.legal_points(self.to_move) != 0
            }

            /// Places a stone of the side to move on `point` (which must be legal) and passes the turn.
            pub fn play(&mut self, point: usize) {
                self.stones[self.to_move.index()] |= bit(point);
                self.to_move = self.to_move.opponent();
            }

            /// The number of stones on the board.
            pub fn stone_count(&self) -> u32 {
                (self.stones[0] | self.stones[1]).count_ones()
            }
        }
    }

    pub mod engine {
        // engine/src/nogo/engine.rs
        //! The NoGo engine: the position and the search, speaking only points (`row * SIZE + column`).

        use super::board::{Board, POINTS};
        use super::mcts::{Mcts, Settings};
        use crate::core::color::Color;
        use crate::core::time::{Deadline, StopFlag};

        /// Stones on the board before the middle game begins.
        const OPENING_STONES: u32 = 8;

        /// Stones on the board when the endgame begins.
        const ENDGAME_STONES: u32 = 44;

        /// One NoGo game in progress and the search that picks our moves.
        pub struct NoGoEngine {
            board: Board,
            search: Mcts,
        }

        impl NoGoEngine {
            /// An engine at the start of a game, with the given search settings.
            pub fn new(settings: Settings, seed: u64) -> Self {
                Self {
                    board: Board::new(),
                    search: Mcts::new(settings, seed),
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

            /// Whether the side to move has no legal point left, which loses.
            pub fn is_over(&self) -> bool {
                !self.board.has_legal_move()
            }

            /// Whether the side to move may play `point`.
            pub fn is_legal(&self, point: usize) -> bool {
                point < POINTS && self.board.is_legal(point, self.board.to_move())
            }

            /// Plays a legal point for the side to move.
            pub fn play(&mut self, point: usize) {
                self.board.play(point);
            }

            /// Returns to a position saved with [`NoGoEngine::board`].
            pub fn restore(&mut self, board: Board) {
                self.board = board;
            }

            /// How many more moves we expect to make in this game, weighted by how much the phase
            /// deserves (for dividing the clock): the opening is played on half a share, the middle game,
            /// which decides, on one and a half.
            pub fn expected_moves_left(&self) -> u32 {
                let stones = self.board.stone_count();
                let empty = POINTS as u32 - stones;
                // Games end with about sixteen points empty, and we make half of the moves left.
                let ours = (empty.saturating_sub(16) / 2).max(3);
                let quarters = if stones < OPENING_STONES {
                    2
                } else if stones < ENDGAME_STONES {
                    6
                } else {
                    4
                };
                (ours * 4 / quarters).max(1)
            }

            /// Searches the opponent's replies while it thinks, until `stop` is raised, for the tree our
            /// next search keeps.
            pub fn ponder(&mut self, stop: StopFlag) {
                if !self.is_over() {
                    self.search.ponder(&self.board, stop);
                }
            }

            /// Our move within `deadline`, never one of `rejected`; `None` when no empty point is left.
            pub fn think(
                &mut self,
                deadline: Deadline,
                rejected: &[usize],
            ) -> Option<usize> {
                if let Some(point) = self.search.search(&self.board, deadline, rejected)
                {
                    return Some(point);
                }
                // No legal point left: the game is lost, but an answer keeps the platform from waiting.
                let mut empty = self.board.empty();
                while empty != 0 {
                    let point = empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    if !rejected.contains(&point) {
                        return Some(point);
                    }
                }
                None
            }
        }
    }

    pub mod groups {
        // engine/src/nogo/groups.rs
        //! A NoGo position that keeps its groups and their liberties, so that a legality test reads the
        //! four neighbours only: the board of the random games, which test the same filling position
        //! again and again.
        //!
        //! Stones never leave the board in NoGo, so groups only merge: a merge renames the stones of the
        //! smaller groups, and every stone finds its group in one lookup.

        use super::board::{bit, group, neighbours, Board, Points, POINTS};
        use crate::core::color::Color;

        /// The points next to each point.
        const NEXT_TO: [Points; POINTS] = {
            let mut table = [0; POINTS];
            let mut point = 0;
            while point < POINTS {
                table[point] = neighbours(bit(point));
                point += 1;
            }
            table
        };

        /// A position with the groups of both colours.
        #[derive(Clone)]
        pub struct Groups {
            board: Board,
            /// The group of each stone, named by one of its points.
            group_of: [u8; POINTS],
            /// The stones of each group, stored at the group's name.
            members: [Points; POINTS],
            /// The liberties of each group, stored at the group's name.
            liberties: [Points; POINTS],
            /// The number of stones of each group, stored at the group's name (counting the bits of
            /// `members` is slow in the judge's build, which may not assume a population-count
            /// instruction).
            sizes: [u8; POINTS],
        }

        impl Groups {
            /// The groups of `board`.
            pub fn new(board: &Board) -> Self {
                let mut groups = Self {
                    board: *board,
                    group_of: [0; POINTS],
                    members: [0; POINTS],
                    liberties: [0; POINTS],
                    sizes: [0; POINTS],
                };
                let empty = board.empty();
                for colour in [Color::Black, Color::White] {
                    let own = board.stones(colour);
                    let mut left = own;
                    while left != 0 {
                        let name = left.trailing_zeros() as usize;
                        let stones = group(name, own);
                        left &= !stones;
                        groups.members[name] = stones;
                        groups.liberties[name] = neighbours(stones) & empty;
                        groups.sizes[name] = stones.count_ones() as u8;
                        groups.rename(stones, name);
                    }
                }
                groups
            }

            /// The position.
            pub fn board(&self) -> &Board {
                &self.board
            }

            /// Whether `colour` may play on `point`; the same answer as [`Board::is_legal`].
            pub fn is_legal(&self, point: usize, colour: Color) -> bool {
                let stone = bit(point);
                let empty = self.board.empty();
                if empty & stone == 0 {
                    return false;
                }
                let around = NEXT_TO[point];
                if around & empty == 0 {
                    // No free point next to the stone: a group it joins must have a liberty elsewhere.
                    let mut own = around & self.board.stones(colour);
                    let mut breathes = false;
                    while own != 0 {
                        let next = own.trailing_zeros() as usize;
                        own &= own - 1;
                        if self.liberties_of(next) & !stone != 0 {
                            breathes = true;
                            break;
                        }
                    }
                    if !breathes {
                        return false;
                    }
                }
                let mut enemy = around & self.board.stones(colour.opponent());
                while enemy != 0 {
                    let next = enemy.trailing_zeros() as usize;
                    enemy &= enemy - 1;
                    if self.liberties_of(next) == stone {
                        return false;
                    }
                }
                true
            }

            /// Places a stone of the side to move on `point` (which must be legal) and passes the turn.
            pub fn play(&mut self, point: usize) {
                let colour = self.board.to_move();
                self.board.play(point);
                let stone = bit(point);
                let around = NEXT_TO[point];
                let own = around & self.board.stones(colour);
                // The largest group the stone joins keeps its name, so that fewer stones are renamed.
                let mut name = point;
                let mut largest = 0;
                let mut each = own;
                while each != 0 {
                    let next = each.trailing_zeros() as usize;
                    each &= each - 1;
                    let joined = usize::from(self.group_of[next]);
                    let size = self.sizes[joined];
                    if size > largest {
                        largest = size;
                        name = joined;
                    }
                }
                let mut renamed = stone;
                let mut added = 1;
                let mut liberties = around & self.board.empty();
                let mut each = own;
                while each != 0 {
                    let next = each.trailing_zeros() as usize;
                    each &= each - 1;
                    let joined = usize::from(self.group_of[next]);
                    if joined != name && renamed & bit(joined) == 0 {
                        renamed |= self.members[joined];
                        liberties |= self.liberties[joined];
                        added += self.sizes[joined];
                    }
                }
                self.rename(renamed, name);
                if name == point {
                    self.members[name] = renamed;
                    self.liberties[name] = liberties;
                    self.sizes[name] = added;
                } else {
                    self.members[name] |= renamed;
                    self.sizes[name] += added;
                    self.liberties[name] = (self.liberties[name] | liberties) & !stone;
                }
                let mut enemy = around & self.board.stones(colour.opponent());
                while enemy != 0 {
                    let next = enemy.trailing_zeros() as usize;
                    enemy &= enemy - 1;
                    let touched = usize::from(self.group_of[next]);
                    self.liberties[touched] &= !stone;
                }
            }

            fn liberties_of(&self, stone: usize) -> Points {
                self.liberties[usize::from(self.group_of[stone])]
            }

            fn rename(&mut self, mut stones: Points, name: usize) {
                while stones != 0 {
                    let point = stones.trailing_zeros() as usize;
                    stones &= stones - 1;
                    self.group_of[point] = name as u8;
                }
            }
        }
    }

    pub mod mcts {
        // engine/src/nogo/mcts.rs
        //! Monte Carlo tree search for NoGo: UCT guided by RAVE (all-moves-as-first statistics), with
        //! proven results: a position whose side to move has no legal move is lost, and that knowledge
        //! climbs the tree, so the end of the game is played exactly.

        use super::board::{bit, Board, Points};
        use super::playout::playout;
        use crate::core::rng::Rng;
        use crate::core::time::{Deadline, StopFlag};

        /// Settings of the search (the defaults are the tuned ones; tests and matches vary them).
        #[derive(Clone, Copy, Debug)]
        pub struct Settings {
            /// Weight of the exploration term.
            pub exploration: f32,
            /// RAVE bias `b` of Silver's schedule, used when `rave_prior` is 0; both 0 turn RAVE off.
            pub rave_bias: f32,
            /// Visits a leaf needs before it gets children while the tree is small; the requirement
            /// grows as the tree fills up, so that long searches stay within `max_nodes`.
            pub expand_after: u32,
            /// The most nodes the tree may hold (memory cap: a node is 24 bytes).
            pub max_nodes: usize,
            /// Stop after this many playouts even with time left (0: no limit).
            pub max_playouts: u64,
            /// Virtual all-moves-as-first visits, at an even result, that every child starts with;
            /// above 0 the value of a child is its real and its all-moves-as-first results pooled, each
            /// counted by its visits (HappyNoGo's way), instead of Silver's schedule with `rave_bias`.
            pub rave_prior: f32,
            /// Whether a playout's stones on points only their side could play count for the
            /// all-moves-as-first statistics.
            pub amaf_reserves: bool,
            /// Whether to search on the opponent's time (never with `max_playouts`, which fixes the
            /// work of each move); off by default, since it showed no gain (`docs/nogo.md`).
            pub ponder: bool,
        }

        impl Default for Settings {
            fn default() -> Self {
                Self {
                    exploration: 0.25,
                    rave_bias: 0.05,
                    expand_after: 1,
                    max_nodes: 6_000_000,
                    max_playouts: 0,
                    rave_prior: 20.0,
                    amaf_reserves: false,
                    ponder: false,
                }
            }
        }

        /// Proven result of a node, for the player who made the move leading to it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Proof {
            Unknown,
            Win,
            Loss,
        }

        /// One position of the tree, reached by `point`.
        #[derive(Clone, Copy, Debug)]
        struct Node {
            /// Index of the first child in the arena (0: not expanded).
            first_child: u32,
            visits: u32,
            /// Wins of the player who moved to this node.
            wins: f32,
            amaf_visits: u32,
            amaf_wins: f32,
            child_count: u8,
            point: u8,
            proof: Proof,
        }

        impl Node {
            fn new(point: usize) -> Self {
                Self {
                    first_child: 0,
                    visits: 0,
                    wins: 0.0,
                    amaf_visits: 0,
                    amaf_wins: 0.0,
                    child_count: 0,
                    point: point as u8,
                    proof: Proof::Unknown,
                }
            }

            fn children(&self) -> std::ops::Range<usize> {
                let first = self.first_child as usize;
                first..first + usize::from(self.child_count)
            }
        }

        /// The search tree and its settings.
        pub struct Mcts {
            settings: Settings,
            nodes: Vec<Node>,
            rng: Rng,
            /// The position at the root of `nodes`, whose subtrees the next search may keep.
            tree_root: Option<Board>,
        }

        impl Mcts {
            /// A search with `settings`, its randomness fixed by `seed`.
            pub fn new(settings: Settings, seed: u64) -> Self {
                Self {
                    settings,
                    nodes: Vec::new(),
                    rng: Rng::new(seed),
                    tree_root: None,
                }
            }

            /// Searches `root` and returns the best point, never one of `excluded`; `None` when the side
            /// to move has no other legal point. Always answers, even with no time at all.
            ///
            /// The search stops at the soft limit when the most visited point is also the best valued
            /// one; otherwise it goes on (up to the hard limit) to settle the choice.
            pub fn search(
                &mut self,
                root: &Board,
                deadline: Deadline,
                excluded: &[usize],
            ) -> Option<usize> {
                let mut allowed = root.legal_points(root.to_move());
                for &point in excluded {
                    allowed &= !bit(point);
                }
                if allowed == 0 {
                    return None;
                }
                self.set_root(root, allowed, excluded.is_empty());
                let mut playouts = 0u64;
                let mut path = Vec::with_capacity(96);
                loop {
                    if playouts % 64 == 0 && self.should_stop(&deadline) {
                        break;
                    }
                    if self.settings.max_playouts > 0
                        && playouts >= self.settings.max_playouts
                    {
                        break;
                    }
                    self.iterate(root, &mut path);
                    playouts += 1;
                }
                let best = self.best_root_child();
                Some(usize::from(self.nodes[best].point))
            }

            /// Searches `root`, the opponent to move, until `stop` is raised, growing the tree that the
            /// next search keeps below the opponent's move; returns at once when pondering is off, the
            /// root is decided or the side to move has no legal point.
            pub fn ponder(&mut self, root: &Board, stop: StopFlag) {
                let legal = root.legal_points(root.to_move());
                if !self.settings.ponder || self.settings.max_playouts > 0 || legal == 0
                {
                    return;
                }
                self.set_root(root, legal, true);
                let mut path = Vec::with_capacity(96);
                let mut playouts = 0u64;
                loop {
                    if playouts % 64 == 0 && (stop.is_raised() || self.root_is_decided())
                    {
                        break;
                    }
                    self.iterate(root, &mut path);
                    playouts += 1;
                }
            }

            /// Makes `root` the tree's root, its children the `allowed` points: the last tree's subtree
            /// when `reuse` and the tree holds `root`, else a new tree.
            fn set_root(&mut self, root: &Board, allowed: Points, reuse: bool) {
                if !(reuse && self.reuse(root)) {
                    self.nodes.clear();
                    self.nodes.push(Node::new(0));
                }
                // The whole arena at once: growing by doubling would overshoot the cap by up to a third.
                let cap = self.settings.max_nodes;
                if self.nodes.capacity() < cap {
                    self.nodes.reserve_exact(cap - self.nodes.len());
                }
                if self.nodes[0].child_count == 0 {
                    self.expand_with(0, allowed);
                }
                self.tree_root = Some(*root);
            }

            /// Keeps the part of the last search's tree below `root` when `root` follows the last root
            /// by a few moves that the tree holds; returns whether it did.
            fn reuse(&mut self, root: &Board) -> bool {
                let previous = match self.tree_root {
                    Some(previous) if !self.nodes.is_empty() => previous,
                    _ => return false,
                };
                let mut board = previous;
                let mut current = 0;
                while board != *root {
                    let mover = board.to_move();
                    let added = root.stones(mover) & !board.stones(mover);
                    if added == 0 || board.stones(mover) & !root.stones(mover) != 0 {
                        return false;
                    }
                    let node = self.nodes[current];
                    let next = node
                        .children()
                        .find(|&child| {
                            added & bit(usize::from(self.nodes[child].point)) != 0
                        });
                    match next {
                        Some(child) => {
                            board.play(usize::from(self.nodes[child].point));
                            current = child;
                        }
                        None => return false,
                    }
                }
                // The same position again (a command came while pondering): the tree is kept as it is.
                if current != 0 {
                    self.keep_subtree(current);
                }
                true
            }

            /// Makes `top` the root: its subtree moves to the front of the arena in place, in the
            /// arena's order, so that children of a node stay side by side and no second arena is needed.
            fn keep_subtree(&mut self, top: usize) {
                // Each kept node's new index; nodes outside the subtree keep `u32::MAX`.
                let mut new_index = vec![u32::MAX; self.nodes.len()];
                let mut stack = vec![top];
                new_index[top] = 0;
                while let Some(index) = stack.pop() {
                    for child in self.nodes[index].children() {
                        new_index[child] = 0;
                        stack.push(child);
                    }
                }
                // Children are added after their parent, so the subtree lies after `top` and every node
                // moves to a lower index (or stays): one pass in order moves them safely.
                let mut kept = 0;
                for slot in new_index[top..].iter_mut().filter(|slot| **slot != u32::MAX)
                {
                    *slot = kept as u32;
                    kept += 1;
                }
                for index in top..self.nodes.len() {
                    let to = new_index[index];
                    if to == u32::MAX {
                        continue;
                    }
                    let mut node = self.nodes[index];
                    if node.child_count > 0 {
                        node.first_child = new_index[node.first_child as usize];
                    }
                    self.nodes[to as usize] = node;
                }
                self.nodes.truncate(kept);
                self.nodes[0].point = 0;
            }

            fn should_stop(&self, deadline: &Deadline) -> bool {
                if self.root_is_decided() || deadline.hard_passed() {
                    return true;
                }
                if !deadline.soft_passed() {
                    return false;
                }
                let best = self.best_root_child();
                let value = |index: usize| {
                    let node = &self.nodes[index];
                    node.wins / node.visits.max(1) as f32
                };
                let best_value = value(best);
                self.nodes[0]
                    .children()
                    .filter(|&index| {
                        self.nodes[index].visits * 4 >= self.nodes[best].visits
                    })
                    .all(|index| value(index) <= best_value)
            }

            fn root_is_decided(&self) -> bool {
                self.nodes[0].proof != Proof::Unknown
            }

            /// One descent, expansion, playout and update.
            fn iterate(&mut self, root: &Board, path: &mut Vec<usize>) {
                let mut board = *root;
                path.clear();
                path.push(0);
                let mut current = 0;
                loop {
                    let node = self.nodes[current];
                    if node.proof != Proof::Unknown {
                        break;
                    }
                    if node.child_count == 0 {
                        if current != 0 && node.visits < self.expansion_threshold() {
                            break;
                        }
                        if !self.expand(current, &board) {
                            break;
                        }
                        if self.nodes[current].proof != Proof::Unknown {
                            break;
                        }
                        if self.nodes[current].child_count == 0 {
                            break;
                        }
                    }
                    current = self.select(current);
                    board.play(usize::from(self.nodes[current].point));
                    path.push(current);
                }
                let leaf = self.nodes[current];
                let (winner, mut played) = match leaf.proof {
                    // The player who moved to the leaf wins: the side to move there.
                    Proof::Win => (board.to_move().opponent(), [0, 0]),
                    Proof::Loss => (board.to_move(), [0, 0]),
                    Proof::Unknown => {
                        let outcome = playout(
                            &mut board,
                            &mut self.rng,
                            self.settings.amaf_reserves,
                        );
                        (outcome.winner, outcome.played)
                    }
                };
                // Walk back: the side to move at path[depth] is the root's side flipped `depth` times.
                let root_side = root.to_move();
                for depth in (0..path.len()).rev() {
                    let index = path[depth];
                    let mover = if depth % 2 == 0 {
                        root_side.opponent()
                    } else {
                        root_side
                    };
                    let node = &mut self.nodes[index];
                    node.visits += 1;
                    if winner == mover {
                        node.wins += 1.0;
                    }
                    let to_move = mover.opponent();
                    if self.settings.rave_bias > 0.0 || self.settings.rave_prior > 0.0 {
                        self.update_amaf(
                            index,
                            played[to_move.index()],
                            winner == to_move,
                        );
                    }
                    if depth > 0 {
                        played[mover.index()]
                            |= bit(usize::from(self.nodes[index].point));
                    }
                }
                self.propagate_proofs(path);
            }

            /// Visits a leaf needs before it is expanded: `expand_after`, plus one for every 1/32 of
            /// `max_nodes` already used.
            fn expansion_threshold(&self) -> u32 {
                let used = self.nodes.len() * 32 / self.settings.max_nodes.max(1);
                self.settings.expand_after + used as u32
            }

            /// Credits every child of `parent` whose point its mover played later in the game.
            fn update_amaf(
                &mut self,
                parent: usize,
                played_later: Points,
                mover_won: bool,
            ) {
                let children = self.nodes[parent].children();
                let won = u32::from(mover_won);
                // Without branches: whether a point was played is a coin toss the predictor cannot learn.
                for child in &mut self.nodes[children] {
                    let hit = (played_later >> child.point) as u32 & 1;
                    child.amaf_visits += hit;
                    child.amaf_wins += (hit & won) as f32;
                }
            }

            /// Gives `index` its children, one per legal point; a node without any is a proven win for
            /// the player who moved to it. Returns false when the tree is full.
            fn expand(&mut self, index: usize, board: &Board) -> bool {
                let legal = board.legal_points(board.to_move());
                if legal == 0 {
                    self.nodes[index].proof = Proof::Win;
                    return true;
                }
                if self.nodes.len() + legal.count_ones() as usize
                    > self.settings.max_nodes
                {
                    return false;
                }
                self.expand_with(index, legal);
                true
            }

            fn expand_with(&mut self, index: usize, mut points: Points) {
                let first = self.nodes.len();
                let mut count = 0u8;
                while points != 0 {
                    let point = points.trailing_zeros() as usize;
                    points &= points - 1;
                    self.nodes.push(Node::new(point));
                    count += 1;
                }
                let node = &mut self.nodes[index];
                node.first_child = first as u32;
                node.child_count = count;
            }

            /// The child to descend to: a proven win at once, never a proven loss while anything else
            /// remains, otherwise the best blend of results, RAVE and exploration.
            fn select(&self, parent: usize) -> usize {
                let node = &self.nodes[parent];
                let log_visits = (node.visits.max(1) as f32).ln();
                let bias = self.settings.rave_bias;
                let prior = self.settings.rave_prior;
                let mut best = node.first_child as usize;
                let mut best_score = f32::NEG_INFINITY;
                for index in node.children() {
                    let child = &self.nodes[index];
                    let score = match child.proof {
                        Proof::Win => return index,
                        Proof::Loss => -1.0e9 + child.visits as f32,
                        Proof::Unknown if prior > 0.0 => {
                            let visits = child.visits as f32;
                            let pooled = child.wins + child.amaf_wins + 0.5 * prior;
                            let explore = self.settings.exploration
                                * (log_visits * visits).sqrt();
                            (pooled + explore)
                                / (visits + child.amaf_visits as f32 + prior)
                        }
                        Proof::Unknown => {
                            let visits = child.visits as f32;
                            let value = if child.visits == 0 {
                                0.5
                            } else {
                                child.wins / visits
                            };
                            let blended = if bias > 0.0 && child.amaf_visits > 0 {
                                let amaf = child.amaf_visits as f32;
                                let amaf_value = child.amaf_wins / amaf;
                                let beta = amaf
                                    / (visits + amaf + 4.0 * bias * bias * visits * amaf);
                                (1.0 - beta) * value + beta * amaf_value
                            } else {
                                value
                            };
                            let explore = self.settings.exploration
                                * (log_visits / (visits + 1.0)).sqrt();
                            blended + explore
                        }
                    };
                    if score > best_score {
                        best_score = score;
                        best = index;
                    }
                }
                best
            }

            /// Climbs from the leaf, settling parents whose result became certain: a parent with a
            /// winning child is lost for whoever moved to it; one whose children all lose is won.
            fn propagate_proofs(&mut self, path: &[usize]) {
                for depth in (0..path.len().saturating_sub(1)).rev() {
                    let child = path[depth + 1];
                    if self.nodes[child].proof == Proof::Unknown {
                        return;
                    }
                    let parent = path[depth];
                    if self.nodes[parent].proof != Proof::Unknown {
                        return;
                    }
                    let children = self.nodes[parent].children();
                    let proof = if self
                        .nodes[children.clone()]
                        .iter()
                        .any(|c| c.proof == Proof::Win)
                    {
                        Proof::Loss
                    } else if self.nodes[children].iter().all(|c| c.proof == Proof::Loss)
                    {
                        Proof::Win
                    } else {
                        return;
                    };
                    self.nodes[parent].proof = proof;
                }
            }

            /// The root's answer: a proven win, else the most visited child not proven lost.
            fn best_root_child(&self) -> usize {
                let root = &self.nodes[0];
                let rank = |child: &Node| -> (u8, u32) {
                    let class = match child.proof {
                        Proof::Win => 2,
                        Proof::Unknown => 1,
                        Proof::Loss => 0,
                    };
                    (class, child.visits)
                };
                root.children()
                    .max_by_key(|&index| rank(&self.nodes[index]))
                    .unwrap_or(root.first_child as usize)
            }
        }
    }

    pub mod playout {
        // engine/src/nogo/playout.rs
        //! Random games to the end, the estimate behind the tree search.
        //!
        //! Two facts make them fast and sensible:
        //! - A point once illegal for a colour stays illegal for that colour (stones only ever take
        //!   liberties away), so each colour keeps a shrinking list of candidate points.
        //! - A point only one side may play is that side's reserve: playing it early wastes a move the
        //!   opponent can never take away. The policy therefore prefers contested points and spends
        //!   reserves only when nothing else is left.

        use super::board::{bit, Board, Points, POINTS};
        use super::groups::Groups;
        use crate::core::color::Color;
        use crate::core::rng::Rng;

        /// How a random game ended.
        #[derive(Clone, Copy, Debug)]
        pub struct Outcome {
            /// The side that still had a move when the other had none.
            pub winner: Color,
            /// The points each colour played during the game (for the all-moves-as-first statistics);
            /// without `reserves`, only the contested points.
            pub played: [Points; 2],
        }

        /// The candidate points of one colour: every point not yet known to be illegal for it.
        struct Candidates {
            points: [u8; POINTS],
            len: usize,
        }

        impl Candidates {
            fn new(board: &Board) -> Self {
                let mut points = [0u8; POINTS];
                let mut len = 0;
                let mut empty = board.empty();
                while empty != 0 {
                    points[len] = empty.trailing_zeros() as u8;
                    empty &= empty - 1;
                    len += 1;
                }
                Self { points, len }
            }
        }

        /// Plays random moves from `board` until the side to move has none; `board` ends in the final
        /// position. `reserves`: whether the points a side alone could play count in `played` (spent
        /// at the end, they say little about the move's worth earlier).
        pub fn playout(board: &mut Board, rng: &mut Rng, reserves: bool) -> Outcome {
            let mut candidates = [Candidates::new(board), Candidates::new(board)];
            let mut groups = Groups::new(board);
            let mut played = [0; 2];
            loop {
                let colour = groups.board().to_move();
                let (point, contested) = match pick_move(
                    &groups,
                    &mut candidates[colour.index()],
                    rng,
                ) {
                    Some(pick) => pick,
                    None => {
                        *board = *groups.board();
                        return Outcome {
                            winner: colour.opponent(),
                            played,
                        };
                    }
                };
                groups.play(point);
                if contested || reserves {
                    played[colour.index()] |= bit(point);
                }
            }
        }

        /// Picks a random legal point for the side to move, contested points first, and removes it from
        /// the candidates; `None` when the side has no legal move. The flag: whether the point was
        /// contested (legal for the opponent too).
        fn pick_move(
            groups: &Groups,
            list: &mut Candidates,
            rng: &mut Rng,
        ) -> Option<(usize, bool)> {
            let colour = groups.board().to_move();
            let empty = groups.board().empty();
            // Points at `untried..list.len` were found legal this turn but reserved for later.
            let mut untried = list.len;
            while untried > 0 {
                let index = rng.below(untried as u32) as usize;
                let point = list.points[index] as usize;
                if empty & bit(point) == 0 || !groups.is_legal(point, colour) {
                    // Gone for good: move the reserved tail down one place to keep it contiguous.
                    untried -= 1;
                    list.points[index] = list.points[untried];
                    list.points[untried] = list.points[list.len - 1];
                    list.len -= 1;
                    continue;
                }
                if groups.is_legal(point, colour.opponent()) {
                    take(list, index);
                    return Some((point, true));
                }
                untried -= 1;
                list.points.swap(index, untried);
            }
            if list.len == 0 {
                return None;
            }
            let index = rng.below(list.len as u32) as usize;
            let point = list.points[index] as usize;
            take(list, index);
            Some((point, false))
        }

        fn take(list: &mut Candidates, index: usize) {
            list.len -= 1;
            list.points[index] = list.points[list.len];
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

        pub mod nogo {
            // engine/src/protocol/sau/nogo.rs
            //! NoGo on the SAU platform: one stone a move, `XY` squares on a 9x9 board.

            use super::{SauGame, Square};
            use crate::core::color::Color;
            use crate::core::time::{Deadline, StopFlag};
            use crate::nogo::board::{Board, SIZE};
            use crate::nogo::engine::NoGoEngine;

            impl SauGame for NoGoEngine {
                type Move = usize;

                type Snapshot = Board;

                fn engine_name(&self) -> &str {
                    "RustNoGo"
                }

                fn board_size(&self) -> u8 {
                    SIZE as u8
                }

                fn new_game(&mut self) {
                    NoGoEngine::new_game(self);
                }

                fn side_to_move(&self) -> Color {
                    NoGoEngine::side_to_move(self)
                }

                fn is_over(&self) -> bool {
                    NoGoEngine::is_over(self)
                }

                fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<usize> {
                    let point = match squares {
                        [Some(square)] => {
                            usize::from(square.y) * SIZE + usize::from(square.x)
                        }
                        _ => return None,
                    };
                    self.is_legal(point).then_some(point)
                }

                fn squares_of(&self, point: usize) -> Vec<Option<Square>> {
                    vec![
                        Some(Square {
                            x: (point % SIZE) as u8,
                            y: (point / SIZE) as u8,
                        }),
                    ]
                }

                fn play(&mut self, point: usize) {
                    NoGoEngine::play(self, point);
                }

                fn snapshot(&self) -> Board {
                    *self.board()
                }

                fn restore(&mut self, snapshot: Board) {
                    NoGoEngine::restore(self, snapshot);
                }

                fn expected_moves_left(&self) -> u32 {
                    NoGoEngine::expected_moves_left(self)
                }

                fn choose_move(
                    &mut self,
                    deadline: Deadline,
                    rejected: &[usize],
                ) -> Option<usize> {
                    self.think(deadline, rejected)
                }

                fn ponder(&mut self, stop: StopFlag) {
                    NoGoEngine::ponder(self, stop);
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
