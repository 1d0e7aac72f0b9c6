//! phantom-go: bundled from engine (bin phantom-go) by bundler. Do not edit; regenerate with `cargo run -p bundler`.
//!
//! Phantom Go for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

// engine/src/bin/phantom-go.rs
use crate::phantom::engine::PhantomGoEngine;
use crate::phantom::search::Settings;
use crate::protocol::sau::{self, hidden};
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio(
        "phantom-go",
        &args,
        |control, seed| {
            let mut engine = PhantomGoEngine::new(Settings::default(), seed);
            hidden::run(&mut engine, control, io::stdin().lock(), io::stdout().lock())
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

pub mod phantom {
    // engine/src/phantom/mod.rs
    //! Phantom Go on a 9x9 board: Go in which neither player sees the other's stones.
    //!
    //! A player submits points; the referee accepts a legal one (and names any stones it captured)
    //! or refuses it (occupied by a hidden stone, suicide or ko), and the player tries again. Rules:
    //! area scoring (stones plus regions of one colour, no dead-stone removal) with a komi of 7.5 for
    //! white, suicide forbidden, simple ko, the game ends after two passes in a row.
    //!
    //! - [`board`]: a full-information 9x9 Go position (what a drawn sample and a playout use).
    //! - [`belief`]: what we know of the hidden position, and full boards drawn from it.
    //! - [`search`]: flat Monte Carlo with UCB and AMAF over determinizations.
    //! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

    pub mod belief {
        // engine/src/phantom/belief.rs
        //! What one player knows of a Phantom Go game, and full boards drawn consistently with it.
        //!
        //! Our own stones are known exactly (accepted moves, minus what `taked` removed). Of the
        //! opponent's we know how many stand on the board (its stones played minus those we took) and
        //! some of the points: every neighbour of a group of ours that was captured held an opponent
        //! stone at that moment (certain), and a refused point usually holds one (probable: it may also
        //! have been suicide or ko). Opponent stones never move, so a mark stays true until a `take`
        //! lists the point. A determinization puts the known stones back and scatters the rest over the
        //! empty points such that no group of either side is left without a liberty.

        use super::board::{neighbours, Board, POINTS};
        use crate::core::color::Color;
        use crate::core::rng::Rng;

        /// What we believe about one point.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Mark {
            /// Nothing of ours, nothing known of theirs.
            Unknown,
            /// Our stone.
            Ours,
            /// An opponent stone for sure (it captured ours).
            Theirs,
            /// Probably an opponent stone (our move there was refused).
            Refused,
        }

        /// Input that cannot be true of the game we played (reported, then ignored).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Impossible {
            /// A captured stone of ours on a point where we have none.
            NotOurs(usize),
            /// An opponent stone taken from a point where our stone stands.
            OurStone(usize),
        }

        /// One side's knowledge of the hidden game.
        #[derive(Clone, Debug)]
        pub struct Belief {
            us: Color,
            marks: [Mark; POINTS],
            /// Opponent stones played (passes excluded).
            their_moves: u32,
            /// Opponent stones we captured.
            taken: u32,
            /// Our points refused in the current turn.
            refused_now: Vec<usize>,
            /// Probable marks in the order they were made, to drop the oldest when there are more
            /// marks than opponent stones.
            probable: Vec<usize>,
            /// Whether the opponent's last turn was a pass.
            opponent_passed: bool,
        }

        impl Belief {
            /// The start of a game in which we play `us`.
            pub fn new(us: Color) -> Self {
                Self {
                    us,
                    marks: [Mark::Unknown; POINTS],
                    their_moves: 0,
                    taken: 0,
                    refused_now: Vec::new(),
                    probable: Vec::new(),
                    opponent_passed: false,
                }
            }

            /// Our colour.
            pub fn us(&self) -> Color {
                self.us
            }

            /// What we believe of `point`.
            pub fn mark(&self, point: usize) -> Mark {
                self.marks[point]
            }

            /// The opponent stones on the board now.
            pub fn their_stones(&self) -> u32 {
                self.their_moves.saturating_sub(self.taken)
            }

            /// The points refused in this turn.
            pub fn refused_now(&self) -> &[usize] {
                &self.refused_now
            }

            /// Whether the opponent passed in its last turn.
            pub fn opponent_passed(&self) -> bool {
                self.opponent_passed
            }

            /// The opponent played (a stone, or a pass); our turn begins.
            pub fn opponent_moved(&mut self, passed: bool) {
                if !passed {
                    self.their_moves += 1;
                }
                self.opponent_passed = passed;
                self.refused_now.clear();
            }

            /// Our stone on `point` was accepted.
            pub fn accepted(&mut self, point: usize) {
                self.forget_probable(point);
                self.marks[point] = Mark::Ours;
                self.refused_now.clear();
            }

            /// We passed.
            pub fn passed(&mut self) {
                self.refused_now.clear();
            }

            /// Our stone on `point` was refused.
            pub fn refused(&mut self, point: usize) {
                if !self.refused_now.contains(&point) {
                    self.refused_now.push(point);
                }
                if self.marks[point] != Mark::Unknown {
                    return;
                }
                // With every neighbour taken, suicide or ko may explain the refusal as well as a stone.
                let enclosed = neighbours(point).all(|n| self.marks[n] != Mark::Unknown);
                if !enclosed {
                    self.marks[point] = Mark::Refused;
                    self.probable.push(point);
                    self.trim();
                }
            }

            /// We captured opponent stones on `points`.
            pub fn took(&mut self, points: &[usize]) -> Result<(), Impossible> {
                let mut result = Ok(());
                for &point in points {
                    if self.marks[point] == Mark::Ours {
                        result = Err(Impossible::OurStone(point));
                        continue;
                    }
                    self.forget_probable(point);
                    self.marks[point] = Mark::Unknown;
                    self.taken += 1;
                }
                // A capture proves stones we had not counted: the count can only have been too low.
                self.their_moves = self.their_moves.max(self.taken);
                result
            }

            /// The opponent captured our stones on `points`: every other neighbour of them is theirs.
            pub fn lost(&mut self, points: &[usize]) -> Result<(), Impossible> {
                let mut result = Ok(());
                let mut removed = Vec::with_capacity(points.len());
                for &point in points {
                    if self.marks[point] == Mark::Ours {
                        self.marks[point] = Mark::Unknown;
                        removed.push(point);
                    } else {
                        result = Err(Impossible::NotOurs(point));
                    }
                }
                for &point in &removed {
                    for next in neighbours(point) {
                        if !removed.contains(&next) && self.marks[next] != Mark::Ours {
                            self.forget_probable(next);
                            self.marks[next] = Mark::Theirs;
                        }
                    }
                }
                let certain = self.marks.iter().filter(|&&m| m == Mark::Theirs).count()
                    as u32;
                // The capturing stone is among them, and the `move go` that follows will count it.
                self.their_moves = self
                    .their_moves
                    .max((self.taken + certain).saturating_sub(1));
                self.trim();
                result
            }

            fn forget_probable(&mut self, point: usize) {
                self.probable.retain(|&p| p != point);
            }

            /// Drops the oldest probable marks while there are more marks than opponent stones.
            fn trim(&mut self) {
                let marked = |marks: &[Mark; POINTS]| {
                    marks
                        .iter()
                        .filter(|&&m| m == Mark::Theirs || m == Mark::Refused)
                        .count() as u32
                };
                while marked(&self.marks) > self.their_stones()
                    && !self.probable.is_empty()
                {
                    let oldest = self.probable.remove(0);
                    self.marks[oldest] = Mark::Unknown;
                }
            }

            /// Our stones and the opponent stones we know of, on one board.
            pub fn known_board(&self) -> Board {
                let mut board = Board::new();
                for point in 0..POINTS {
                    if self.marks[point] == Mark::Ours {
                        board.place(point, self.us, |_| {});
                    }
                }
                for point in 0..POINTS {
                    let marked = matches!(
                        self.marks[point],
                        Mark::Theirs | Mark::Refused
                    );
                    if marked && board.fits_quietly(point, self.us.opponent()) {
                        board.place(point, self.us.opponent(), |_| {});
                    }
                }
                board.clear_ko();
                board.set_to_move(self.us);
                board
            }

            /// A full board drawn from the belief: the known stones, then the missing opponent stones on
            /// random empty points (weighted by `weight`), each where it captures nothing and breathes.
            pub fn sample(&self, rng: &mut Rng, weight: &dyn Fn(usize) -> u32) -> Board {
                let mut board = self.known_board();
                let them = self.us.opponent();
                let placed = (0..POINTS)
                    .filter(|&p| board.at(p) == super::board::Cell::Stone(them))
                    .count() as u32;
                let mut missing = self.their_stones().saturating_sub(placed);
                let mut open: Vec<usize> = (0..POINTS)
                    .filter(|&p| {
                        self.marks[p] == Mark::Unknown && !self.refused_now.contains(&p)
                    })
                    .collect();
                let mut weights: Vec<u32> = open
                    .iter()
                    .map(|&p| weight(p).max(1))
                    .collect();
                let mut total: u32 = weights.iter().sum();
                while missing > 0 && !open.is_empty() {
                    let mut pick = rng.below(total);
                    let mut index = 0;
                    while pick >= weights[index] {
                        pick -= weights[index];
                        index += 1;
                    }
                    let point = open.swap_remove(index);
                    total -= weights.swap_remove(index);
                    if board.fits_quietly(point, them) {
                        board.place(point, them, |_| {});
                        missing -= 1;
                    }
                }
                board.clear_ko();
                board.set_to_move(self.us);
                board
            }
        }
    }

    pub mod board {
        // engine/src/phantom/board.rs
        //! A 9x9 Go position with full information: what one determinization of the hidden game looks
        //! like, and what the random games run on.
        //!
        //! Points outside this file are `y * 9 + x` (0..81). Inside, the board has a border ring, so a
        //! point is `(y + 1) * 11 + x + 1` and every point has four neighbours without bounds checks.
        //! Strings (connected stones of one colour) are circular lists with a pseudo-liberty count (every
        //! empty neighbour of every stone, counted once per stone): a string has no liberty exactly when
        //! that count is zero, and it has a liberty other than `p` exactly when the count exceeds the
        //! number of its stones next to `p`.

        use crate::core::color::Color;

        /// The board's width and height.
        pub const SIZE: usize = 9;

        /// The number of points.
        pub const POINTS: usize = SIZE * SIZE;

        /// The komi white receives under area scoring (the championship's 7.5 points).
        pub const KOMI: f32 = 7.5;

        const WIDTH: usize = SIZE + 2;

        const CELLS: usize = WIDTH * WIDTH;

        const DIRECTIONS: [isize; 4] = [1, -1, WIDTH as isize, -(WIDTH as isize)];

        const DIAGONALS: [isize; 4] = [
            WIDTH as isize + 1,
            WIDTH as isize - 1,
            -(WIDTH as isize) + 1,
            -(WIDTH as isize) - 1,
        ];

        /// What lies on a cell.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Cell {
            Empty,
            Stone(Color),
            /// Off the board.
            Edge,
        }

        /// The inner index of an outer point.
        pub fn inner(point: usize) -> usize {
            (point / SIZE + 1) * WIDTH + point % SIZE + 1
        }

        /// The outer point of an inner index on the board.
        pub fn outer(cell: usize) -> usize {
            (cell / WIDTH - 1) * SIZE + cell % WIDTH - 1
        }

        /// The on-board neighbours of an outer point.
        pub fn neighbours(point: usize) -> impl Iterator<Item = usize> {
            let cell = inner(point);
            DIRECTIONS
                .iter()
                .filter_map(move |&d| {
                    let next = (cell as isize + d) as usize;
                    let (x, y) = (next % WIDTH, next / WIDTH);
                    ((1..=SIZE).contains(&x) && (1..=SIZE).contains(&y))
                        .then(|| outer(next))
                })
        }

        fn step(cell: usize, direction: isize) -> usize {
            (cell as isize + direction) as usize
        }

        /// A Go position: stones, strings, the simple-ko point and the side to move.
        #[derive(Clone, Debug)]
        pub struct Board {
            cells: [Cell; CELLS],
            /// The string's representative stone, for every stone.
            head: [u8; CELLS],
            /// The next stone of the same string (a circular list).
            next: [u8; CELLS],
            /// Pseudo-liberties, kept at the string's head.
            liberties: [u8; CELLS],
            /// Stones in the string, kept at the string's head.
            stones: [u8; CELLS],
            /// The point the side to move may not retake this turn (simple ko), inner index.
            ko: Option<u8>,
            to_move: Color,
            /// Passes in a row.
            passes: u8,
        }

        impl Default for Board {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Board {
            /// The empty board, black to move.
            pub fn new() -> Self {
                let mut cells = [Cell::Edge; CELLS];
                for point in 0..POINTS {
                    cells[inner(point)] = Cell::Empty;
                }
                Self {
                    cells,
                    head: [0; CELLS],
                    next: [0; CELLS],
                    liberties: [0; CELLS],
                    stones: [0; CELLS],
                    ko: None,
                    to_move: Color::Black,
                    passes: 0,
                }
            }

            /// The side to move.
            pub fn to_move(&self) -> Color {
                self.to_move
            }

            /// Sets the side to move (a determinization starts with us to move).
            pub fn set_to_move(&mut self, side: Color) {
                self.to_move = side;
            }

            /// Passes in a row so far.
            pub fn passes(&self) -> u8 {
                self.passes
            }

            /// What lies on an outer point.
            pub fn at(&self, point: usize) -> Cell {
                self.cells[inner(point)]
            }

            /// The one liberty of the string through the stone at `point` when it has exactly one
            /// (it is in atari), as an outer point.
            pub fn atari_liberty(&self, point: usize) -> Option<usize> {
                let head = self.head_of(inner(point));
                let mut found: Option<usize> = None;
                let mut stone = head;
                loop {
                    for &d in &DIRECTIONS {
                        let next = step(stone, d);
                        if self.cells[next] == Cell::Empty {
                            match found {
                                None => found = Some(next),
                                Some(seen) if seen != next => return None,
                                _ => {}
                            }
                        }
                    }
                    stone = usize::from(self.next[stone]);
                    if stone == head {
                        break;
                    }
                }
                found.map(outer)
            }

            /// The stones next to `point`, as outer points with their colours.
            pub fn stones_around(
                &self,
                point: usize,
            ) -> impl Iterator<Item = (usize, Color)> + '_ {
                let cell = inner(point);
                DIRECTIONS
                    .iter()
                    .filter_map(move |&d| match self.cells[step(cell, d)] {
                        Cell::Stone(colour) => Some((outer(step(cell, d)), colour)),
                        _ => None,
                    })
            }

            fn head_of(&self, cell: usize) -> usize {
                usize::from(self.head[cell])
            }

            /// How many stones of the string `head` touch `cell`.
            fn touching(&self, cell: usize, head: usize) -> u8 {
                DIRECTIONS
                    .iter()
                    .filter(|&&d| {
                        let next = step(cell, d);
                        matches!(self.cells[next], Cell::Stone(_))
                            && self.head_of(next) == head
                    })
                    .count() as u8
            }

            /// Whether `side` may play on `point` now: empty, not the ko point, not suicide.
            pub fn is_legal(&self, point: usize, side: Color) -> bool {
                point < POINTS && self.is_legal_cell(inner(point), side)
            }

            fn is_legal_cell(&self, cell: usize, side: Color) -> bool {
                if self.cells[cell] != Cell::Empty {
                    return false;
                }
                if self.ko == Some(cell as u8) && side == self.to_move {
                    return false;
                }
                DIRECTIONS
                    .iter()
                    .any(|&d| {
                        let next = step(cell, d);
                        match self.cells[next] {
                            Cell::Empty => true,
                            Cell::Edge => false,
                            Cell::Stone(colour) => {
                                let head = self.head_of(next);
                                let others = self.liberties[head]
                                    - self.touching(cell, head);
                                // Our string keeps a liberty elsewhere, or theirs has none left: a capture.
                                (colour == side) == (others > 0)
                            }
                        }
                    })
            }

            /// Whether a stone of `side` on `point` would capture nothing and keep a liberty: a stone the
            /// hidden position may hold without anyone having been told of a capture.
            pub fn fits_quietly(&self, point: usize, side: Color) -> bool {
                let cell = inner(point);
                if self.cells[cell] != Cell::Empty {
                    return false;
                }
                let mut breathes = false;
                for &d in &DIRECTIONS {
                    let next = step(cell, d);
                    match self.cells[next] {
                        Cell::Empty => breathes = true,
                        Cell::Edge => {}
                        Cell::Stone(colour) => {
                            let head = self.head_of(next);
                            let others = self.liberties[head]
                                - self.touching(cell, head);
                            if others == 0 && colour != side {
                                return false;
                            }
                            breathes |= others > 0 && colour == side;
                        }
                    }
                }
                breathes
            }

            /// Forgets the ko point (a determinization has no history).
            pub fn clear_ko(&mut self) {
                self.ko = None;
            }

            /// Whether `point` is an eye of `side`: every neighbour is its stone, and at most one
            /// diagonal (none on the edge) is the opponent's.
            pub fn is_eye(&self, point: usize, side: Color) -> bool {
                let cell = inner(point);
                if self.cells[cell] != Cell::Empty {
                    return false;
                }
                let own = Cell::Stone(side);
                if !DIRECTIONS
                    .iter()
                    .all(|&d| {
                        matches!(
                            self.cells[step(cell, d)],
                            c
                            if c == own || c == Cell::Edge
                        )
                    })
                {
                    return false;
                }
                let mut edge = false;
                let mut enemy = 0;
                for &d in &DIAGONALS {
                    match self.cells[step(cell, d)] {
                        Cell::Edge => edge = true,
                        Cell::Stone(colour) if colour != side => enemy += 1,
                        _ => {}
                    }
                }
                enemy + usize::from(edge) < 2
            }

            /// Passes the turn.
            pub fn pass(&mut self) {
                self.passes += 1;
                self.ko = None;
                self.to_move = self.to_move.opponent();
            }

            /// Plays a legal point for the side to move; returns the number of stones captured.
            pub fn play(&mut self, point: usize) -> usize {
                self.place_and_pass_turn(point, |_| {})
            }

            /// Plays a legal point for the side to move, calling `on_capture` with each captured point.
            pub fn place_and_pass_turn(
                &mut self,
                point: usize,
                on_capture: impl FnMut(usize),
            ) -> usize {
                let side = self.to_move;
                let captured = self.place(point, side, on_capture);
                self.to_move = side.opponent();
                self.passes = 0;
                captured
            }

            /// Puts a stone of `side` on a point where it is legal for that side (ko aside), calling
            /// `on_capture` with each captured outer point. Sets the ko point for the opponent; the side
            /// to move is left alone.
            pub fn place(
                &mut self,
                point: usize,
                side: Color,
                mut on_capture: impl FnMut(usize),
            ) -> usize {
                let cell = inner(point);
                self.cells[cell] = Cell::Stone(side);
                self.head[cell] = cell as u8;
                self.next[cell] = cell as u8;
                self.stones[cell] = 1;
                self.liberties[cell] = 0;
                let mut captured = 0;
                let mut last_captured = 0;
                for &d in &DIRECTIONS {
                    let next = step(cell, d);
                    match self.cells[next] {
                        Cell::Empty => self.liberties[cell] += 1,
                        Cell::Edge => {}
                        Cell::Stone(_) => {
                            let head = self.head_of(next);
                            self.liberties[head] -= 1;
                        }
                    }
                }
                for &d in &DIRECTIONS {
                    let next = step(cell, d);
                    if let Cell::Stone(colour) = self.cells[next] {
                        let head = self.head_of(next);
                        if colour == side {
                            if head != self.head_of(cell) {
                                self.merge(self.head_of(cell), head);
                            }
                        } else if self.liberties[head] == 0 {
                            captured += usize::from(self.stones[head]);
                            last_captured = head;
                            self.remove(head, &mut on_capture);
                        }
                    }
                }
                let own = self.head_of(cell);
                self.ko = None;
                if captured == 1 && self.stones[own] == 1 && self.liberties[own] == 1 {
                    self.ko = Some(last_captured as u8);
                }
                captured
            }

            /// Joins string `b` into string `a`.
            fn merge(&mut self, a: usize, b: usize) {
                let (big, small) = if self.stones[a] >= self.stones[b] {
                    (a, b)
                } else {
                    (b, a)
                };
                let mut stone = small;
                loop {
                    self.head[stone] = big as u8;
                    stone = usize::from(self.next[stone]);
                    if stone == small {
                        break;
                    }
                }
                self.next.swap(big, small);
                self.stones[big] += self.stones[small];
                self.liberties[big] += self.liberties[small];
            }

            /// Takes the string `head` off the board.
            fn remove(&mut self, head: usize, on_capture: &mut impl FnMut(usize)) {
                let mut stone = head;
                loop {
                    self.cells[stone] = Cell::Empty;
                    on_capture(outer(stone));
                    stone = usize::from(self.next[stone]);
                    if stone == head {
                        break;
                    }
                }
                loop {
                    for &d in &DIRECTIONS {
                        let next = step(stone, d);
                        if let Cell::Stone(_) = self.cells[next] {
                            let other = self.head_of(next);
                            self.liberties[other] += 1;
                        }
                    }
                    stone = usize::from(self.next[stone]);
                    if stone == head {
                        break;
                    }
                }
            }

            /// Area score from black's side, komi included: stones plus empty regions that touch one
            /// colour only.
            pub fn score(&self) -> f32 {
                let mut black = 0i32;
                let mut white = 0i32;
                let mut seen = [false; CELLS];
                let mut stack = Vec::with_capacity(POINTS);
                for point in 0..POINTS {
                    let cell = inner(point);
                    match self.cells[cell] {
                        Cell::Stone(Color::Black) => black += 1,
                        Cell::Stone(Color::White) => white += 1,
                        Cell::Empty if !seen[cell] => {
                            let mut size = 0;
                            let mut touches = [false; 2];
                            seen[cell] = true;
                            stack.push(cell);
                            while let Some(current) = stack.pop() {
                                size += 1;
                                for &d in &DIRECTIONS {
                                    let next = step(current, d);
                                    match self.cells[next] {
                                        Cell::Empty if !seen[next] => {
                                            seen[next] = true;
                                            stack.push(next);
                                        }
                                        Cell::Stone(colour) => touches[colour.index()] = true,
                                        _ => {}
                                    }
                                }
                            }
                            match touches {
                                [true, false] => black += size,
                                [false, true] => white += size,
                                _ => {}
                            }
                        }
                        _ => {}
                    }
                }
                (black - white) as f32 - KOMI
            }

            /// Every empty outer point.
            pub fn empty_points(&self) -> Vec<usize> {
                (0..POINTS).filter(|&p| self.cells[inner(p)] == Cell::Empty).collect()
            }
        }
    }

    pub mod engine {
        // engine/src/phantom/engine.rs
        //! The Phantom Go engine: our knowledge of the game and the search, speaking only points
        //! (`y * 9 + x`) and passes.

        use super::belief::{Belief, Impossible};
        use super::search::{self, Choice, Settings};
        use crate::core::color::Color;
        use crate::core::rng::Rng;
        use crate::core::time::Deadline;

        /// One turn of ours: a point or a pass.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum PhantomMove {
            Play(usize),
            Pass,
        }

        /// One Phantom Go game in progress, seen from our side, and the search that picks our moves.
        pub struct PhantomGoEngine {
            belief: Belief,
            settings: Settings,
            rng: Rng,
            /// Our turns so far in this game, passes included.
            our_turns: u32,
            /// Passes in a row, both sides counted (two end the game).
            passes_in_a_row: u32,
        }

        impl PhantomGoEngine {
            /// An engine with the given search settings, before any game.
            pub fn new(settings: Settings, seed: u64) -> Self {
                Self {
                    belief: Belief::new(Color::Black),
                    settings,
                    rng: Rng::new(seed),
                    our_turns: 0,
                    passes_in_a_row: 0,
                }
            }

            /// Starts a game in which we play `us`.
            pub fn new_game(&mut self, us: Color) {
                self.belief = Belief::new(us);
                self.our_turns = 0;
                self.passes_in_a_row = 0;
            }

            /// The opponent played a stone (`passed` false) or passed; our turn begins.
            pub fn opponent_moved(&mut self, passed: bool) {
                self.belief.opponent_moved(passed);
                self.passes_in_a_row = if passed { self.passes_in_a_row + 1 } else { 0 };
            }

            /// The referee accepted our turn.
            pub fn accepted(&mut self, mv: PhantomMove) {
                self.our_turns += 1;
                match mv {
                    PhantomMove::Play(point) => {
                        self.belief.accepted(point);
                        self.passes_in_a_row = 0;
                    }
                    PhantomMove::Pass => {
                        self.belief.passed();
                        self.passes_in_a_row += 1;
                    }
                }
            }

            /// The referee refused our point.
            pub fn refused(&mut self, point: usize) {
                self.belief.refused(point);
            }

            /// Our stone captured opponent stones on `points`.
            pub fn took(&mut self, points: &[usize]) -> Result<(), Impossible> {
                self.belief.took(points)
            }

            /// The opponent captured our stones on `points`.
            pub fn lost(&mut self, points: &[usize]) -> Result<(), Impossible> {
                self.belief.lost(points)
            }

            /// How many more turns we expect to play in this game (for dividing the clock).
            pub fn expected_moves_left(&self) -> u32 {
                // Phantom games fill the board and refill it after captures; refusals add tries.
                let open = search::candidates(&self.belief).len() as u32;
                (open / 2 + 12).max(20)
            }

            /// Our turn within `deadline`: a point not refused in this turn, or a pass.
            pub fn think(&mut self, deadline: Deadline) -> PhantomMove {
                match search::choose(
                    &self.belief,
                    &self.settings,
                    &mut self.rng,
                    deadline,
                ) {
                    Choice::Play(point) => PhantomMove::Play(point),
                    Choice::Pass => PhantomMove::Pass,
                }
            }
        }
    }

    pub mod search {
        // engine/src/phantom/search.rs
        //! Choosing our point: flat Monte Carlo over determinizations.
        //!
        //! Each iteration draws a full board from the belief, picks one of our candidate points by UCB
        //! (its mean blended with all-moves-as-first statistics while it has few visits), plays it and
        //! finishes the game with random moves that never fill their own eyes, then scores by area. A
        //! candidate that the drawn board forbids counts as a refusal for that candidate, not a result:
        //! a refusal costs a retry and tells us where a stone is, so the choice weighs the candidate's
        //! win rate against how often it would be refused.

        use super::belief::{Belief, Mark};
        use super::board::{Board, Cell, POINTS};
        use crate::core::color::Color;
        use crate::core::rng::Rng;
        use crate::core::time::Deadline;

        /// The search's tunable numbers.
        #[derive(Clone, Copy, Debug)]
        pub struct Settings {
            /// Weight of UCB's exploration term.
            pub exploration: f32,
            /// Visits at which a candidate's own mean and its AMAF mean weigh the same (0: no AMAF).
            pub amaf_equivalence: f32,
            /// What a certain refusal costs, in win rate.
            pub refusal_cost: f32,
            /// Pass after the opponent passed when we win this share of the drawn boards as they stand
            /// (above 1: never; under area scoring filling costs nothing, and drawn boards misjudge).
            pub pass_confidence: f32,
            /// Hidden stones are drawn this many times likelier away from our stones than next to them.
            pub far_weight: u32,
            /// The longest random game, in moves.
            pub playout_moves: usize,
            /// Whether random games capture and escape ataris next to the last move first.
            pub atari_answers: bool,
            /// Stop after this many iterations even with time left (0: no limit).
            pub max_iterations: u64,
        }

        impl Default for Settings {
            fn default() -> Self {
                Self {
                    exploration: 0.6,
                    amaf_equivalence: 300.0,
                    refusal_cost: 0.15,
                    pass_confidence: 1.01,
                    far_weight: 3,
                    playout_moves: 220,
                    atari_answers: false,
                    max_iterations: 0,
                }
            }
        }

        /// What the search decided.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Choice {
            Play(usize),
            Pass,
        }

        #[derive(Clone, Copy, Default)]
        struct Stats {
            visits: f32,
            wins: f32,
            amaf_visits: f32,
            amaf_wins: f32,
            refusals: f32,
        }

        /// Our candidate points: not ours, not known to be theirs, not refused this turn, and not one
        /// of our own eyes.
        pub fn candidates(belief: &Belief) -> Vec<usize> {
            let known = belief.known_board();
            (0..POINTS)
                .filter(|&p| belief.mark(p) == Mark::Unknown)
                .filter(|&p| !belief.refused_now().contains(&p))
                .filter(|&p| !known.is_eye(p, belief.us()))
                .collect()
        }

        /// Picks our turn within `deadline`.
        pub fn choose(
            belief: &Belief,
            settings: &Settings,
            rng: &mut Rng,
            deadline: Deadline,
        ) -> Choice {
            let candidates = candidates(belief);
            if candidates.is_empty() {
                return Choice::Pass;
            }
            let us = belief.us();
            let weight = |point: usize| -> u32 {
                let near = super::board::neighbours(point)
                    .any(|n| belief.mark(n) == Mark::Ours);
                if near { 1 } else { settings.far_weight }
            };
            let mut stats = vec![Stats::default(); POINTS];
            let mut index_of = [usize::MAX; POINTS];
            for (index, &point) in candidates.iter().enumerate() {
                index_of[point] = index;
            }
            let mut iterations = 0u64;
            let mut total = 0f32;
            let mut pass_wins = 0u32;
            let mut pass_samples = 0u32;
            let mut first_play = [false; POINTS];
            let mut moves = Vec::with_capacity(settings.playout_moves);
            loop {
                if iterations % 4 == 0 && iterations > 0 && deadline.soft_passed() {
                    break;
                }
                if settings.max_iterations > 0 && iterations >= settings.max_iterations {
                    break;
                }
                iterations += 1;
                let board = belief.sample(rng, &weight);
                if belief.opponent_passed() {
                    pass_samples += 1;
                    if wins_for(board.score(), us) {
                        pass_wins += 1;
                    }
                }
                let pick = select(&candidates, &stats, total, settings, rng);
                let point = candidates[pick];
                if !board.is_legal(point, us) {
                    stats[pick].refusals += 1.0;
                    continue;
                }
                let mut game = board;
                game.play(point);
                moves.clear();
                let score = playout(
                    &mut game,
                    rng,
                    settings.playout_moves,
                    settings.atari_answers,
                    &mut moves,
                );
                let won = if wins_for(score, us) { 1.0 } else { 0.0 };
                total += 1.0;
                stats[pick].visits += 1.0;
                stats[pick].wins += won;
                first_play.iter_mut().for_each(|seen| *seen = false);
                for &(point, side) in &moves {
                    if side == us && !first_play[point] {
                        first_play[point] = true;
                        let index = index_of[point];
                        if index != usize::MAX {
                            stats[index].amaf_visits += 1.0;
                            stats[index].amaf_wins += won;
                        }
                    }
                }
            }
            if pass_samples > 0
                && pass_wins as f32 >= settings.pass_confidence * pass_samples as f32
                && iterations >= 16
            {
                return Choice::Pass;
            }
            let best = (0..candidates.len())
                .max_by(|&a, &b| {
                    final_value(&stats[a], settings)
                        .partial_cmp(&final_value(&stats[b], settings))
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .unwrap_or(0);
            Choice::Play(candidates[best])
        }

        fn wins_for(score: f32, side: Color) -> bool {
            (score > 0.0) == (side == Color::Black)
        }

        /// The blended mean of a candidate: its own results, helped by AMAF while they are few.
        fn mean(stats: &Stats, settings: &Settings) -> f32 {
            let own = if stats.visits > 0.0 { stats.wins / stats.visits } else { 0.5 };
            if settings.amaf_equivalence <= 0.0 || stats.amaf_visits == 0.0 {
                return own;
            }
            let amaf = stats.amaf_wins / stats.amaf_visits;
            let beta = settings.amaf_equivalence
                / (settings.amaf_equivalence + stats.visits);
            beta * amaf + (1.0 - beta) * own
        }

        fn refusal_rate(stats: &Stats) -> f32 {
            let tries = stats.visits + stats.refusals;
            if tries == 0.0 { 0.0 } else { stats.refusals / tries }
        }

        fn final_value(stats: &Stats, settings: &Settings) -> f32 {
            if stats.visits == 0.0 {
                return -1.0 - refusal_rate(stats);
            }
            mean(stats, settings) - settings.refusal_cost * refusal_rate(stats)
        }

        fn select(
            candidates: &[usize],
            stats: &[Stats],
            total: f32,
            settings: &Settings,
            rng: &mut Rng,
        ) -> usize {
            let log = (total + 1.0).ln();
            let mut best = 0;
            let mut best_value = f32::MIN;
            let offset = rng.below(candidates.len() as u32) as usize;
            for step in 0..candidates.len() {
                let index = (step + offset) % candidates.len();
                let s = &stats[index];
                let tries = s.visits + s.refusals;
                let value = if tries == 0.0 {
                    f32::MAX
                } else {
                    mean(s, settings) * (1.0 - refusal_rate(s))
                        + settings.exploration * (log / (s.visits + 1.0)).sqrt()
                };
                if value > best_value {
                    best_value = value;
                    best = index;
                }
            }
            best
        }

        /// The answer to the last move that a player would rarely miss: capture a string of the
        /// opponent's next to it that is in atari, or else run with a string of ours it put in atari.
        fn urgent(
            board: &Board,
            last: Option<usize>,
            side: Color,
            rng: &mut Rng,
        ) -> Option<usize> {
            let last = last?;
            let mut escape = None;
            let mut capture = None;
            if let Some(liberty) = board.atari_liberty(last) {
                capture = Some(liberty);
            }
            for (stone, colour) in board.stones_around(last) {
                if colour == side {
                    if let Some(liberty) = board.atari_liberty(stone) {
                        escape = Some(liberty);
                    }
                }
            }
            // Now and then the random move instead: the policy must stay varied.
            let pick = capture.or(escape)?;
            (rng.below(8) < 7 && board.is_legal(pick, side) && !board.is_eye(pick, side))
                .then_some(pick)
        }

        /// Finishes the game with random moves that never fill the mover's own eyes (with `heuristics`,
        /// answering ataris first), recording every stone played; returns the area score (black's
        /// view, komi included).
        pub fn playout(
            board: &mut Board,
            rng: &mut Rng,
            limit: usize,
            heuristics: bool,
            moves: &mut Vec<(usize, Color)>,
        ) -> f32 {
            let mut empty = board.empty_points();
            let mut played = 0;
            let mut last: Option<usize> = None;
            while board.passes() < 2 && played < limit {
                let side = board.to_move();
                let mut chosen = if heuristics {
                    urgent(board, last, side, rng)
                } else {
                    None
                };
                let mut left = if chosen.is_some() { 0 } else { empty.len() };
                while left > 0 {
                    let index = rng.below(left as u32) as usize;
                    let point = empty[index];
                    if board.at(point) != Cell::Empty {
                        // Filled earlier: drop it for good.
                        empty.swap_remove(index);
                        if left > empty.len() {
                            left = empty.len();
                        }
                        continue;
                    }
                    if board.is_legal(point, side) && !board.is_eye(point, side) {
                        chosen = Some(point);
                        break;
                    }
                    // Unplayable now: move it behind the window so this turn does not draw it again.
                    left -= 1;
                    empty.swap(index, left);
                }
                match chosen {
                    Some(point) => {
                        board.place_and_pass_turn(point, |freed| empty.push(freed));
                        moves.push((point, side));
                        last = Some(point);
                    }
                    None => {
                        board.pass();
                        last = None;
                    }
                }
                played += 1;
            }
            board.score()
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
        use std::sync::mpsc::{self, Receiver};
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
            #[allow(dead_code)]
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

        pub mod hidden {
            // engine/src/protocol/sau/hidden.rs
            //! The SAU platform's commands for games of hidden stones (Phantom Go), where the opponent's
            //! moves are never shown.
            //!
            //! The platform sends `move go` when it is our turn (the opponent placed a stone), `move pass`
            //! when the opponent passed (and it is our turn), `accept` or `refuse` for our submitted point
            //! (after `refuse` we must submit another at once), `take N LIST` for the opponent stones our
            //! accepted stone captured and `taked N LIST` for our stones the opponent captured, always
            //! followed by `move go`. We answer `move XY` or `move pass`. With `new black` we open at once.
            //! The platform's text also calls the acceptance before a `take` `access`; both words are read,
            //! and a `take` while our point waits for an answer accepts it too. `error` is read as a
            //! refusal. `N` may be written apart from the list or joined to it.
            //!
            //! The common pieces (line reading, the clock, square lists, notices) are those of the parent
            //! module; only the game's moves and knowledge live behind [`HiddenGame`].

            use super::super::input::{Lines, Source};
            use super::{
                ended, is_quit, next_command, notice, parse_squares, send, Square,
                TimeControl, MARGINS, MAX_COMMAND_BYTES,
            };
            use crate::core::clock::Clock;
            use crate::core::color::Color;
            use crate::core::time::{Deadline, StopFlag};
            use std::io::{self, Write};
            use std::time::Instant;

            /// A game of hidden stones the adapter can play: what it learns from the referee, and a search
            /// that picks our point. A point is a board square here; the game translates it.
            pub trait HiddenGame {
                /// The name answered to `name?`.
                fn engine_name(&self) -> &str;

                /// The board's width and height.
                fn board_size(&self) -> u8;

                /// Starts a game in which we play `us`.
                fn start(&mut self, us: Color);

                /// The opponent has moved (`passed`: it passed); our turn begins.
                fn opponent_moved(&mut self, passed: bool);

                /// Our turn within `deadline`: a square, or `None` to pass.
                fn choose(&mut self, deadline: Deadline) -> Option<Square>;

                /// The referee accepted our square (`None`: our pass).
                fn accepted(&mut self, square: Option<Square>);

                /// The referee refused our square.
                fn refused(&mut self, square: Square);

                /// Our stone captured the opponent stones on `squares`; `Err` names input that cannot be
                /// true (the rest was still used).
                fn took(&mut self, squares: &[Square]) -> Result<(), String>;

                /// The opponent captured our stones on `squares`; `Err` as for [`HiddenGame::took`].
                fn lost(&mut self, squares: &[Square]) -> Result<(), String>;

                /// How many more turns we expect to play (for dividing the clock).
                fn expected_moves_left(&self) -> u32;
            }

            struct Game {
                playing: bool,
                clock: Clock,
                /// Our submitted point, waiting for the referee's answer.
                pending: Option<Square>,
                /// When our turn began: refusals and retries all count against the same move's time.
                turn_start: Instant,
                /// Raised by `quit` or the end of the input, which end a search at once.
                stop: StopFlag,
            }

            /// Runs the protocol on `input`/`output` until `quit` or the end of the input; a closed output
            /// ends it quietly.
            pub fn run<'a, G: HiddenGame, W: Write>(
                game: &mut G,
                control: TimeControl,
                input: impl Into<Source<'a>>,
                output: W,
            ) -> io::Result<()> {
                let lines = Lines::new(input, MAX_COMMAND_BYTES, is_quit);
                ended(serve(game, control, lines, output))
            }

            fn serve<G: HiddenGame, W: Write>(
                game: &mut G,
                control: TimeControl,
                mut lines: Lines,
                mut output: W,
            ) -> io::Result<()> {
                let mut state = Game {
                    playing: false,
                    clock: Clock::new(control, MARGINS),
                    pending: None,
                    turn_start: Instant::now(),
                    stop: lines.stop_flag(),
                };
                while let Some(line) = next_command(&mut lines, &mut output)? {
                    let (text, start) = (line.text, line.received);
                    let words: Vec<&str> = text.split_whitespace().collect();
                    let command = match words.first() {
                        Some(command) => *command,
                        None => continue,
                    };
                    match command {
                        "name?" => {
                            send(&mut output, &format!("name {}", game.engine_name()))?
                        }
                        "new" => {
                            let us = match words.get(1) {
                                Some(&"black") => Color::Black,
                                Some(&"white") => Color::White,
                                _ => {
                                    notice(&mut output, "new needs black or white")?;
                                    continue;
                                }
                            };
                            game.start(us);
                            state.playing = true;
                            state.clock = Clock::new(control, MARGINS);
                            state.pending = None;
                            if us == Color::Black {
                                answer(game, &mut state, start, &mut output)?;
                            }
                        }
                        "move" => {
                            let passed = match words.get(1) {
                                Some(&"go") => false,
                                Some(&"pass") => true,
                                _ => {
                                    notice(&mut output, "expected go or pass after the word")?;
                                    continue;
                                }
                            };
                            if !state.playing {
                                // A game that began without `new`: the opponent moved first.
                                game.start(Color::White);
                                state.playing = true;
                                state.clock = Clock::new(control, MARGINS);
                            }
                            if state.pending.take().is_some() {
                                notice(
                                    &mut output,
                                    "our last turn got no answer; taken as not played",
                                )?;
                            }
                            game.opponent_moved(passed);
                            state.turn_start = start;
                            answer(game, &mut state, start, &mut output)?;
                        }
                        "accept" | "access" => {
                            if let Some(square) = state.pending.take() {
                                game.accepted(Some(square));
                            }
                        }
                        "refuse" | "error" => {
                            match state.pending.take() {
                                Some(square) => {
                                    game.refused(square);
                                    answer(game, &mut state, start, &mut output)?;
                                }
                                None => notice(&mut output, "nothing of ours to refuse")?,
                            }
                        }
                        "take" | "taked" => {
                            let squares = match capture_list(
                                &words[1..],
                                game.board_size(),
                            ) {
                                Ok(squares) => squares,
                                Err(problem) => {
                                    notice(&mut output, &problem)?;
                                    continue;
                                }
                            };
                            let result = if command == "take" {
                                if let Some(square) = state.pending.take() {
                                    // The capture proves the stone was played.
                                    game.accepted(Some(square));
                                }
                                game.took(&squares)
                            } else {
                                game.lost(&squares)
                            };
                            if let Err(problem) = result {
                                notice(&mut output, &problem)?;
                            }
                        }
                        "end" => {
                            state.playing = false;
                            state.pending = None;
                        }
                        "quit" => return Ok(()),
                        _ => notice(&mut output, "unknown command ignored")?,
                    }
                }
                Ok(())
            }

            /// Reads `N LIST` or `NLIST` (the list may also be split by spaces). The count must match the
            /// list.
            fn capture_list(words: &[&str], size: u8) -> Result<Vec<Square>, String> {
                let joined: String = words.concat();
                let digits = joined.bytes().take_while(u8::is_ascii_digit).count();
                let count: usize = joined[..digits]
                    .parse()
                    .map_err(|_| "capture list without a count ignored".to_string())?;
                let list = &joined[digits..];
                if count == 0 && list.is_empty() {
                    return Ok(Vec::new());
                }
                let squares = parse_squares(list, size)
                    .and_then(|squares| {
                        squares.into_iter().collect::<Option<Vec<Square>>>()
                    })
                    .ok_or_else(|| "unreadable capture list ignored".to_string())?;
                if squares.len() != count {
                    return Err(
                        "capture count does not match its list; ignored".to_string(),
                    );
                }
                Ok(squares)
            }

            /// Thinks and submits our turn (or another try after a refusal, started at `start`).
            ///
            /// The move's budget runs from the start of the turn, refusals included; each try may use half
            /// of what is left of it, so that there is always time for the next.
            fn answer<G: HiddenGame, W: Write>(
                game: &mut G,
                state: &mut Game,
                start: Instant,
                output: &mut W,
            ) -> io::Result<()> {
                let turn = state
                    .clock
                    .deadline(state.turn_start, game.expected_moves_left());
                let used = start.saturating_duration_since(state.turn_start);
                let soft = used + turn.soft.saturating_sub(used) / 2;
                let deadline = Deadline {
                    start: state.turn_start,
                    soft: soft.min(turn.hard),
                    hard: turn.hard,
                    stop: Some(state.stop),
                };
                let choice = game.choose(deadline);
                if state.stop.is_raised() {
                    return Ok(());
                }
                let reply = match choice {
                    Some(square) => {
                        state.pending = Some(square);
                        format!("move {}", super::format_squares(&[Some(square)]))
                    }
                    None => {
                        // The platform sends nothing back for a pass: it stands at once.
                        game.accepted(None);
                        "move pass".to_string()
                    }
                };
                send(output, &reply)?;
                state.clock.spend(start.elapsed());
                Ok(())
            }
        }

        pub mod phantom {
            // engine/src/protocol/sau/phantom.rs
            //! Phantom Go on the SAU platform: one stone or a pass a turn, `XY` squares on a 9x9 board,
            //! spoken through the hidden-stone commands of [`super::hidden`].

            use super::hidden::HiddenGame;
            use super::Square;
            use crate::core::color::Color;
            use crate::core::time::Deadline;
            use crate::phantom::belief::Impossible;
            use crate::phantom::board::SIZE;
            use crate::phantom::engine::{PhantomGoEngine, PhantomMove};

            fn point_of(square: Square) -> usize {
                usize::from(square.y) * SIZE + usize::from(square.x)
            }

            fn square_of(point: usize) -> Square {
                Square {
                    x: (point % SIZE) as u8,
                    y: (point / SIZE) as u8,
                }
            }

            fn explain(problem: Impossible) -> String {
                let (point, what) = match problem {
                    Impossible::NotOurs(point) => (point, "we have no stone on"),
                    Impossible::OurStone(point) => (point, "our own stone stands on"),
                };
                let square = super::format_squares(&[Some(square_of(point))]);
                format!("capture list ignored where {what} {square}")
            }

            impl HiddenGame for PhantomGoEngine {
                fn engine_name(&self) -> &str {
                    "RustPhantomGo"
                }

                fn board_size(&self) -> u8 {
                    SIZE as u8
                }

                fn start(&mut self, us: Color) {
                    self.new_game(us);
                }

                fn opponent_moved(&mut self, passed: bool) {
                    PhantomGoEngine::opponent_moved(self, passed);
                }

                fn choose(&mut self, deadline: Deadline) -> Option<Square> {
                    match self.think(deadline) {
                        PhantomMove::Play(point) => Some(square_of(point)),
                        PhantomMove::Pass => None,
                    }
                }

                fn accepted(&mut self, square: Option<Square>) {
                    let mv = match square {
                        Some(square) => PhantomMove::Play(point_of(square)),
                        None => PhantomMove::Pass,
                    };
                    PhantomGoEngine::accepted(self, mv);
                }

                fn refused(&mut self, square: Square) {
                    PhantomGoEngine::refused(self, point_of(square));
                }

                fn took(&mut self, squares: &[Square]) -> Result<(), String> {
                    let points: Vec<usize> = squares
                        .iter()
                        .map(|&s| point_of(s))
                        .collect();
                    PhantomGoEngine::took(self, &points).map_err(explain)
                }

                fn lost(&mut self, squares: &[Square]) -> Result<(), String> {
                    let points: Vec<usize> = squares
                        .iter()
                        .map(|&s| point_of(s))
                        .collect();
                    PhantomGoEngine::lost(self, &points).map_err(explain)
                }

                fn expected_moves_left(&self) -> u32 {
                    PhantomGoEngine::expected_moves_left(self)
                }
            }
        }

        use super::input::{Line, Lines};
        use crate::core::clock::Margins;
        use std::io::{self, Write};
        use std::process::ExitCode;
        use std::time::{Duration, SystemTime, UNIX_EPOCH};

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
