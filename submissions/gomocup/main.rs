//! gomocup: bundled from engine (bin gomocup) by bundler. Do not edit; regenerate with `cargo run -p bundler`.
//!
//! The Gomocup (piskvork) brain: reads the manager's commands on stdin, answers on stdout.
//!
//! Options (none on the tournament manager): `--param NAME=VALUE`, any number of times, sets a
//! search parameter by its name in `gomoku::search::params::Params` (for tuning, e.g. by
//! `gomoku-spsa` with `--param razor_depth={razor_depth}` in the engine command).

// engine/src/bin/gomocup.rs
use crate::gomoku::engine::GomokuEngine;
use crate::gomoku::search::params::Params;
use std::process::ExitCode;

const USAGE: &str = "usage: gomocup [--param NAME=VALUE]...";

/// The search parameters the command line asks for.
fn params(args: &[String]) -> Result<Params, String> {
    let mut params = Params::default();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word != "--param" {
            return Err(format!("unknown argument '{word}'"));
        }
        let setting = words.next().ok_or("--param needs NAME=VALUE")?;
        params.apply(setting).map_err(|message| format!("--param: {message}"))?;
    }
    Ok(params)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let params = match params(&args) {
        Ok(params) => params,
        Err(message) => {
            eprintln!("gomocup: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut engine = GomokuEngine::new();
    engine.set_search_params(params);
    let stdin = std::io::stdin();
    crate::protocol::gomocup::run_with(engine, stdin.lock(), std::io::stdout());
    ExitCode::SUCCESS
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

            /// Other limits from now on; what was used so far still counts.
            pub fn set_control(&mut self, control: TimeControl) {
                self.control = control;
                self.left = control.per_game.saturating_sub(self.used);
            }

            /// The game time left as the judge reports it (`Duration::MAX`: unlimited).
            pub fn set_time_left(&mut self, left: Duration) {
                self.left = left;
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

    pub mod report {
        // engine/src/core/report.rs
        //! What a search found, in any game's move type, returned by value from an engine's think.

        use std::time::Duration;

        /// The outcome of one search.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Report<M> {
            /// The move to play (`None` only when there is none).
            pub best: Option<M>,
            /// Its score for the side to move.
            pub score: i32,
            /// The last depth completed.
            pub depth: i32,
            /// Positions visited.
            pub nodes: u64,
            /// Time spent.
            pub elapsed: Duration,
        }

        impl<M> Report<M> {
            /// A report with nothing found yet.
            pub fn empty() -> Self {
                Report {
                    best: None,
                    score: 0,
                    depth: 0,
                    nodes: 0,
                    elapsed: Duration::ZERO,
                }
            }

            /// The same report with its move in another form (a board index as coordinates).
            pub fn map<N>(self, convert: impl FnOnce(M) -> N) -> Report<N> {
                Report {
                    best: self.best.map(convert),
                    score: self.score,
                    depth: self.depth,
                    nodes: self.nodes,
                    elapsed: self.elapsed,
                }
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

            /// Whether a stored `score` with this bound says the true value lies beyond `estimate` in
            /// the direction the bound allows (used to sharpen a static evaluation).
            pub fn improves(self, score: i32, estimate: i32) -> bool {
                match self {
                    Bound::Exact => true,
                    Bound::Lower => score > estimate,
                    Bound::Upper => score < estimate,
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

            /// Whether a stop was asked for.
            pub fn is_raised(&self) -> bool {
                self.0.load(Ordering::Relaxed)
            }
        }
    }
}

pub mod gomoku {
    // engine/src/gomoku/mod.rs
    //! The game of gomoku: rules, search and evaluation.
    //!
    //! One concern per file:
    //! - [`rule`]: colours and winning rules (freestyle, exact five, renju, caro);
    //! - [`pattern`]: line patterns from a table keyed by the cells around a point, and the threat
    //!   class of a cell that combines its four lines;
    //! - [`board`]: stones and the incrementally kept patterns, threats and values of every cell;
    //! - [`forbidden`]: renju forbidden points, with the recursive definition of a three;
    //! - [`eval`]: the pattern-table evaluation;
    //! - [`movegen`]: threat-aware move generation;
    //! - [`policy`]: the move ordering's score of a cell, from tables over its line patterns
    //!   ([`policy_tables`]: those fitted to a stronger engine's moves);
    //! - [`vcf`]: victory by continuous fours;
    //! - [`tt`]: the transposition table;
    //! - [`search`]: iterative deepening PVS;
    //! - [`timing`]: the shared clock's margins for gomoku and the moves a game still expects;
    //! - [`swap2`]: Swap2 opening decisions;
    //! - [`point`]: a point of the board, the engine's move;
    //! - [`engine`]: the one engine type, speaking only points, that the protocol adapters use.
    //!
    //! `docs/gomoku-experiments.md` in the repository records what was measured: the variants tried
    //! and not kept, with their scores.

    pub mod board {
        // engine/src/gomoku/board.rs
        //! The board: stones, and everything the search reads incrementally from them. Every empty cell
        //! keeps, for both colours, the pattern a stone there would make in each of its four directions,
        //! the threat class that combines them and its evaluation value; a move refreshes only the cells
        //! within five steps of it along its four lines (four in freestyle), and taking it back restores
        //! what it changed from a saved copy. The stones are also kept line by line, two bits a cell, so
        //! that the ten cells around a cell in one direction (its line key) are one shift and one mask.

        use super::eval;
        use super::pattern::{
            far_cells_matter, four_count, LineCode, Pattern, PatternTable, Threat, HALF,
            PATTERNS, THREAT_CLASSES,
        };
        use super::policy::{combination_patterns, distance_bucket, threat_pair, Policy};
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
        const DIRECTIONS: [isize; 4] = [
            1,
            STRIDE as isize,
            STRIDE as isize + 1,
            STRIDE as isize - 1,
        ];

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
                    (threat, i16::try_from(value).expect("cell values fit in 16 bits"))
                })
                .collect()
        }

        /// The cell value of a `color` stone whose line patterns make combination `index` (see
        /// [`super::policy::combination_index`]). It is the same whatever the order of the directions,
        /// so it is read at the number of the sorted patterns.
        fn combination_value(
            cell_tables: &[Vec<(Threat, i16)>; 2],
            color: Color,
            index: usize,
        ) -> i32 {
            let number = combination_patterns(index)
                .iter()
                .zip(DIRECTION_WEIGHT)
                .map(|(&pattern, weight)| pattern as i32 * weight)
                .sum::<i32>();
            i32::from(cell_tables[color.index()][number as usize].1)
        }

        /// Whether a stone on a cell with these line patterns makes two fours at once (and no five).
        fn is_double_four(codes: [LineCode; 4]) -> bool {
            !codes.iter().any(|code| code.pattern() == Pattern::Five)
                && four_count(codes) >= 2
        }

        impl Board {
            /// An empty board. Sizes outside [`MIN_SIZE`]..=[`MAX_SIZE`] are refused.
            pub fn new(
                width: usize,
                height: usize,
                rule: Rule,
            ) -> Result<Board, String> {
                let fits = |side: usize| (MIN_SIZE..=MAX_SIZE).contains(&side);
                if !fits(width) || !fits(height) {
                    return Err(
                        format!(
                            "unsupported board size {width}x{height}: sides from {MIN_SIZE} to {MAX_SIZE}",
                        ),
                    );
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
                let policy = Policy::new(
                    rule,
                    |color, index| { combination_value(&cell_tables, color, index) },
                );
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
                    table: PatternTable::new(
                        rule.five_kind(Color::Black),
                        rule.five_kind(Color::White),
                    ),
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
                        board
                            .refresh_line(
                                cell,
                                direction,
                                board.key(cell, direction),
                                false,
                            );
                    }
                }
                Ok(board)
            }

            /// A new empty board of the same size and rule that keeps the pattern table already built
            /// (it fills as positions are seen, so keeping it saves time in later games).
            pub fn cleared(&mut self) -> Board {
                let mut board = Board::new(self.width, self.height, self.rule)
                    .expect("the current size is supported");
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
                (inside(x, self.width) && inside(y, self.height))
                    .then(|| self.cell(x as usize, y as usize))
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
                let mut recent = (self.history.iter().rev())
                    .map(|&(stone, _)| self.distance_bucket(cell, stone));
                if let Some(bucket) = recent.next() {
                    score += scores.last[bucket];
                }
                if let Some(bucket) = recent.next() {
                    score += scores.own_last[bucket];
                }
                score
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
                (PAD..PAD + self.width).contains(&x)
                    && (PAD..PAD + self.height).contains(&y)
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
                self.changes
                    .push(
                        Some(Change {
                            first_saved: self.saved_cells.len(),
                            totals: self.totals,
                            threat_counts: self.threat_counts,
                        }),
                    );
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
                    out.extend(
                        self.playable.iter().copied().filter(|&c| self.is_empty(c)),
                    );
                }
            }

            /// Empty cells where `color` has a threat class of at least `least`, near stones.
            pub fn cells_with_threat(
                &self,
                color: Color,
                least: Threat,
                out: &mut Vec<Cell>,
            ) {
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
                    let word = if put { word + ROW_OF_FIVE } else { word - ROW_OF_FIVE };
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
                    self.prospects[self.saved_cells[index] as usize] = self
                        .saved_prospects[index];
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
                let reach = if self.far_cells_matter { HALF } else { HALF - 1 } as i32;
                for direction in 0..4 {
                    let (line, shift) = line_place(cell, direction);
                    let word = self.lines[line];
                    for sign in [-1i32, 1] {
                        for distance in 1..=reach {
                            let steps = sign * distance;
                            let other = self.step(cell, direction, steps as isize)
                                as usize;
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
                self.visit_cells_that_see(
                    cell,
                    |board, other, direction, key| {
                        if board.is_empty(other) {
                            board.refresh_line(other, direction, key, save);
                        }
                    },
                );
                if code == EMPTY {
                    for direction in 0..4 {
                        self.refresh_line(
                            cell,
                            direction,
                            self.key(cell, direction),
                            false,
                        );
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
            fn refresh_line(
                &mut self,
                cell: Cell,
                direction: usize,
                key: u32,
                save: bool,
            ) {
                let codes = self.table.codes(key);
                let [black, white] = &self.prospects[cell as usize];
                if black.codes[direction] == codes[0]
                    && white.codes[direction] == codes[1]
                {
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
                            + (new - old) * DIRECTION_WEIGHT[direction]) as u16;
                        self.refresh_cell(cell, color);
                    }
                }
            }

            /// Brings the class and value of `color` on `cell` up to date with its line patterns (an
            /// occupied cell has combination 0, which the table maps to no class and no value).
            fn refresh_cell(&mut self, cell: Cell, color: Color) {
                let side = color.index();
                let prospect = &mut self.prospects[cell as usize][side];
                let (threat, value) = self
                    .cell_tables[side][prospect.combination as usize];
                let value = i32::from(value);
                let old = std::mem::replace(&mut prospect.threat, threat);
                self.totals[side]
                    += value - std::mem::replace(&mut prospect.value, value);
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
            let window = (word >> (shift - 2 * HALF as u32)) as u32
                & ((1 << (4 * HALF + 2)) - 1);
            let below = 2 * HALF as u32;
            window & ((1 << below) - 1) | (window >> (below + 2)) << below
        }

        /// Hashed in when white is to move.
        const SIDE_KEY: u64 = 0x9d3a_47c1_e2b5_0f68;
    }

    pub mod engine {
        // engine/src/gomoku/engine.rs
        //! The gomoku engine: one game on a board, its clock and its search, speaking only points.
        //! The protocol adapters turn lines into these calls.

        use std::thread::JoinHandle;
        use std::time::{Duration, Instant};
        use super::board::{Board, Cell};
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
            #[allow(dead_code)]
            Forbidden,
            /// Nothing to take back there.
            NoSuchStone,
        }

        impl std::fmt::Display for MoveError {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(
                    match self {
                        MoveError::OffBoard => "coordinates outside the board",
                        MoveError::Occupied => "the cell is not empty",
                        MoveError::Forbidden => "forbidden point for black under renju",
                        MoveError::NoSuchStone => "no stone there to take back",
                    },
                )
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
                    board: Board::new(15, 15, Rule::Freestyle)
                        .expect("15x15 is supported"),
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
            pub fn new_game(
                &mut self,
                width: usize,
                height: usize,
                rule: Rule,
            ) -> Result<(), String> {
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
                    self.searcher.set_table(TranspositionTable::with_bytes(wanted));
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
                history.iter().map(|&(cell, color)| (self.point(cell), color)).collect()
            }

            /// Sets up the position of `stones` (as [`GomokuEngine::stones`] gave them) with the
            /// other colour than the last stone's to move.
            pub fn restore(
                &mut self,
                stones: &[(Point, Color)],
            ) -> Result<(), MoveError> {
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
        }
    }

    pub mod eval {
        // engine/src/gomoku/eval.rs
        //! Evaluation from pattern tables: every empty cell is worth what a stone there would make for
        //! each side, and a position is worth the difference of the two sides' sums plus what its
        //! threat situation (which forcing moves each side has ready) is worth to the side to move.

        use super::board::Board;
        use super::pattern::{LineCode, Pattern, Threat, PATTERNS};
        use crate::core::color::Color;

        // The weights below were fitted to game results (Texel's method, `gomoku-tune fit`); their
        // history and scores are in `docs/gomoku-experiments.md`.
        /// What one line pattern on an empty cell is worth, indexed by [`super::pattern::Pattern`].
        /// Refitted since with [`COMBINATION_WEIGHT`] (see there). A one (`Flex1`, `Block1`) is worth
        /// about as little as a dead line alone; what room around a cell is worth shows in the
        /// combinations.
        pub const LINE_WEIGHT: [i32; PATTERNS] = [
            0, -1, -1, 4, 8, 26, 46, 84, 220, 220, 900,
        ];

        /// Extra worth of a cell for the threat class its lines combine into, indexed by [`Threat`].
        /// The double three's is a little negative: the fit pays the side to move's double three
        /// through [`ThreatFeature::OurDoubleThree`] instead.
        pub const THREAT_BONUS: [i32; 10] = [0, 0, 3, 2, 59, 44, -12, 369, 300, 0];

        // Short names of the line patterns for the table below.
        const NIL: Pattern = Pattern::None;

        const B1: Pattern = Pattern::Block1;

        const F1: Pattern = Pattern::Flex1;

        const B2: Pattern = Pattern::Block2;

        const F2: Pattern = Pattern::Flex2;

        const B3: Pattern = Pattern::Block3;

        const F3: Pattern = Pattern::Flex3;

        const B4: Pattern = Pattern::Block4;

        /// What some combinations of a cell's four line patterns (strongest first, whatever their
        /// directions) are worth beyond the sum of their lines and their threat class; the other
        /// combinations are worth just that sum. A four that also builds twos and threes elsewhere
        /// is worth more than its lines (it gains a tempo and builds), while three open threes or an
        /// open three among three open twos are worth less (the double-three indicator already pays
        /// for what a double three threatens).
        ///
        /// Fitted with [`LINE_WEIGHT`] by `gomoku-tune fit --smoothed --combinations`.
        pub const COMBINATION_WEIGHT: [([Pattern; 4], i32); 269] = [
            ([B4, F3, B3, B2], 420),
            ([B4, F3, B3, F1], 213),
            ([B4, F3, B3, B1], 213),
            ([B4, F3, B3, NIL], 226),
            ([B4, F3, F2, B2], 219),
            ([B4, F3, F2, F1], 193),
            ([B4, F3, F2, B1], 204),
            ([B4, F3, F2, NIL], 230),
            ([B4, F3, B2, B2], 142),
            ([B4, F3, B2, F1], 165),
            ([B4, F3, B2, B1], 151),
            ([B4, F3, B2, NIL], 241),
            ([B4, F3, F1, F1], 113),
            ([B4, F3, F1, B1], 166),
            ([B4, F3, F1, NIL], 78),
            ([B4, F3, B1, B1], -11),
            ([B4, F3, B1, NIL], 51),
            ([B4, F3, NIL, NIL], -2),
            ([B4, B3, B3, F2], 728),
            ([B4, B3, B3, B2], 363),
            ([B4, B3, B3, F1], 275),
            ([B4, B3, B3, B1], 247),
            ([B4, B3, B3, NIL], 98),
            ([B4, B3, F2, F2], 417),
            ([B4, B3, F2, B2], 321),
            ([B4, B3, F2, F1], 304),
            ([B4, B3, F2, B1], 366),
            ([B4, B3, F2, NIL], 247),
            ([B4, B3, B2, B2], 265),
            ([B4, B3, B2, F1], 184),
            ([B4, B3, B2, B1], 190),
            ([B4, B3, B2, NIL], 111),
            ([B4, B3, F1, F1], 156),
            ([B4, B3, F1, B1], 119),
            ([B4, B3, F1, NIL], 62),
            ([B4, B3, B1, B1], 93),
            ([B4, B3, B1, NIL], 57),
            ([B4, B3, NIL, NIL], 50),
            ([B4, F2, F2, F2], 234),
            ([B4, F2, F2, B2], 307),
            ([B4, F2, F2, F1], 194),
            ([B4, F2, F2, B1], 253),
            ([B4, F2, F2, NIL], 182),
            ([B4, F2, B2, B2], 171),
            ([B4, F2, B2, F1], 176),
            ([B4, F2, B2, B1], 177),
            ([B4, F2, B2, NIL], 179),
            ([B4, F2, F1, F1], 122),
            ([B4, F2, F1, B1], 115),
            ([B4, F2, F1, NIL], 116),
            ([B4, F2, B1, B1], 46),
            ([B4, F2, B1, NIL], 118),
            ([B4, F2, NIL, NIL], 77),
            ([B4, B2, B2, B2], 82),
            ([B4, B2, B2, F1], 58),
            ([B4, B2, B2, B1], 137),
            ([B4, B2, B2, NIL], 56),
            ([B4, B2, F1, F1], 49),
            ([B4, B2, F1, B1], 67),
            ([B4, B2, F1, NIL], -15),
            ([B4, B2, B1, B1], 30),
            ([B4, B2, B1, NIL], 20),
            ([B4, B2, NIL, NIL], -20),
            ([B4, F1, F1, F1], -1),
            ([B4, F1, F1, B1], 9),
            ([B4, F1, F1, NIL], -12),
            ([B4, F1, B1, B1], 11),
            ([B4, F1, B1, NIL], -23),
            ([B4, F1, NIL, NIL], -41),
            ([B4, B1, B1, B1], 1),
            ([B4, B1, B1, NIL], -92),
            ([B4, B1, NIL, NIL], -59),
            ([B4, NIL, NIL, NIL], -71),
            ([F3, F3, F3, F1], -122),
            ([F3, F3, F3, B1], -122),
            ([F3, F3, F3, NIL], -122),
            ([F3, F3, B3, F2], -242),
            ([F3, F3, B3, B2], -96),
            ([F3, F3, B3, F1], -44),
            ([F3, F3, B3, B1], -286),
            ([F3, F3, B3, NIL], 58),
            ([F3, F3, F2, F2], 50),
            ([F3, F3, F2, B2], -98),
            ([F3, F3, F2, F1], 4),
            ([F3, F3, F2, B1], -103),
            ([F3, F3, F2, NIL], 16),
            ([F3, F3, B2, B2], 221),
            ([F3, F3, B2, F1], -14),
            ([F3, F3, B2, B1], 28),
            ([F3, F3, B2, NIL], 44),
            ([F3, F3, F1, F1], 43),
            ([F3, F3, F1, B1], -43),
            ([F3, F3, F1, NIL], 90),
            ([F3, F3, B1, B1], -48),
            ([F3, F3, B1, NIL], -42),
            ([F3, F3, NIL, NIL], 22),
            ([F3, B3, B3, F2], 224),
            ([F3, B3, B3, B2], 97),
            ([F3, B3, B3, F1], 41),
            ([F3, B3, B3, B1], -145),
            ([F3, B3, B3, NIL], -16),
            ([F3, B3, F2, F2], -100),
            ([F3, B3, F2, B2], -27),
            ([F3, B3, F2, F1], -34),
            ([F3, B3, F2, B1], 69),
            ([F3, B3, F2, NIL], 83),
            ([F3, B3, B2, B2], 29),
            ([F3, B3, B2, F1], -2),
            ([F3, B3, B2, B1], 2),
            ([F3, B3, B2, NIL], 45),
            ([F3, B3, F1, F1], -4),
            ([F3, B3, F1, B1], 1),
            ([F3, B3, F1, NIL], 36),
            ([F3, B3, B1, B1], -42),
            ([F3, B3, B1, NIL], -7),
            ([F3, B3, NIL, NIL], -33),
            ([F3, F2, F2, F2], -103),
            ([F3, F2, F2, B2], 55),
            ([F3, F2, F2, F1], -35),
            ([F3, F2, F2, B1], -17),
            ([F3, F2, F2, NIL], 24),
            ([F3, F2, B2, B2], 39),
            ([F3, F2, B2, F1], -25),
            ([F3, F2, B2, B1], 15),
            ([F3, F2, B2, NIL], 32),
            ([F3, F2, F1, F1], 1),
            ([F3, F2, F1, B1], -28),
            ([F3, F2, F1, NIL], 18),
            ([F3, F2, B1, B1], -38),
            ([F3, F2, B1, NIL], -30),
            ([F3, F2, NIL, NIL], -14),
            ([F3, B2, B2, B2], 38),
            ([F3, B2, B2, F1], 44),
            ([F3, B2, B2, B1], 52),
            ([F3, B2, B2, NIL], 17),
            ([F3, B2, F1, F1], 42),
            ([F3, B2, F1, B1], 48),
            ([F3, B2, F1, NIL], 41),
            ([F3, B2, B1, B1], -19),
            ([F3, B2, B1, NIL], 4),
            ([F3, B2, NIL, NIL], -24),
            ([F3, F1, F1, F1], 6),
            ([F3, F1, F1, B1], 12),
            ([F3, F1, F1, NIL], 17),
            ([F3, F1, B1, B1], 8),
            ([F3, F1, B1, NIL], -1),
            ([F3, F1, NIL, NIL], -26),
            ([F3, B1, B1, B1], -13),
            ([F3, B1, B1, NIL], 16),
            ([F3, B1, NIL, NIL], -18),
            ([F3, NIL, NIL, NIL], -20),
            ([B3, B3, B3, F2], 152),
            ([B3, B3, B3, B2], 42),
            ([B3, B3, B3, F1], 59),
            ([B3, B3, B3, B1], 34),
            ([B3, B3, B3, NIL], 3),
            ([B3, B3, F2, F2], 37),
            ([B3, B3, F2, B2], 115),
            ([B3, B3, F2, F1], 83),
            ([B3, B3, F2, B1], 39),
            ([B3, B3, F2, NIL], 10),
            ([B3, B3, B2, B2], 3),
            ([B3, B3, B2, F1], -18),
            ([B3, B3, B2, B1], 27),
            ([B3, B3, F1, F1], 43),
            ([B3, B3, F1, B1], -5),
            ([B3, B3, F1, NIL], 13),
            ([B3, B3, B1, B1], 11),
            ([B3, B3, B1, NIL], 29),
            ([B3, B3, NIL, NIL], -7),
            ([B3, F2, F2, F2], -87),
            ([B3, F2, F2, B2], 46),
            ([B3, F2, F2, F1], 19),
            ([B3, F2, F2, B1], 87),
            ([B3, F2, F2, NIL], 74),
            ([B3, F2, B2, B2], 34),
            ([B3, F2, B2, F1], 35),
            ([B3, F2, B2, B1], 33),
            ([B3, F2, B2, NIL], 8),
            ([B3, F2, F1, F1], 27),
            ([B3, F2, F1, B1], 17),
            ([B3, F2, F1, NIL], 17),
            ([B3, F2, B1, B1], 24),
            ([B3, F2, B1, NIL], 6),
            ([B3, F2, NIL, NIL], -12),
            ([B3, B2, B2, B2], -5),
            ([B3, B2, B2, F1], 3),
            ([B3, B2, B2, B1], 4),
            ([B3, B2, B2, NIL], 1),
            ([B3, B2, F1, F1], -5),
            ([B3, B2, F1, B1], -9),
            ([B3, B2, F1, NIL], -27),
            ([B3, B2, B1, B1], -5),
            ([B3, B2, B1, NIL], -4),
            ([B3, B2, NIL, NIL], -16),
            ([B3, F1, F1, F1], -3),
            ([B3, F1, F1, B1], -7),
            ([B3, F1, F1, NIL], 1),
            ([B3, F1, B1, NIL], -20),
            ([B3, F1, NIL, NIL], -8),
            ([B3, B1, B1, B1], -58),
            ([B3, B1, B1, NIL], -20),
            ([B3, B1, NIL, NIL], -7),
            ([B3, NIL, NIL, NIL], -17),
            ([F2, F2, F2, F2], -69),
            ([F2, F2, F2, B2], 6),
            ([F2, F2, F2, F1], -17),
            ([F2, F2, F2, B1], 15),
            ([F2, F2, F2, NIL], 68),
            ([F2, F2, B2, B2], 17),
            ([F2, F2, B2, F1], -9),
            ([F2, F2, B2, B1], 19),
            ([F2, F2, B2, NIL], 2),
            ([F2, F2, F1, F1], -3),
            ([F2, F2, F1, B1], -11),
            ([F2, F2, F1, NIL], -4),
            ([F2, F2, B1, B1], -5),
            ([F2, F2, B1, NIL], 7),
            ([F2, F2, NIL, NIL], 13),
            ([F2, B2, B2, B2], 24),
            ([F2, B2, B2, B1], 15),
            ([F2, B2, B2, NIL], -7),
            ([F2, B2, F1, F1], 7),
            ([F2, B2, F1, B1], -12),
            ([F2, B2, F1, NIL], 10),
            ([F2, B2, B1, B1], -3),
            ([F2, B2, B1, NIL], -7),
            ([F2, B2, NIL, NIL], 12),
            ([F2, F1, F1, F1], -5),
            ([F2, F1, F1, B1], -15),
            ([F2, F1, F1, NIL], -2),
            ([F2, F1, B1, B1], -12),
            ([F2, F1, B1, NIL], -16),
            ([F2, F1, NIL, NIL], -7),
            ([F2, B1, B1, B1], -29),
            ([F2, B1, B1, NIL], -6),
            ([F2, B1, NIL, NIL], 12),
            ([F2, NIL, NIL, NIL], 5),
            ([B2, B2, B2, B2], 42),
            ([B2, B2, B2, F1], -41),
            ([B2, B2, B2, B1], -8),
            ([B2, B2, B2, NIL], -21),
            ([B2, B2, F1, F1], -2),
            ([B2, B2, F1, B1], -10),
            ([B2, B2, F1, NIL], -15),
            ([B2, B2, B1, B1], -17),
            ([B2, B2, B1, NIL], -22),
            ([B2, B2, NIL, NIL], -12),
            ([B2, F1, F1, F1], -2),
            ([B2, F1, F1, B1], -10),
            ([B2, F1, F1, NIL], -5),
            ([B2, F1, B1, B1], -10),
            ([B2, F1, B1, NIL], -6),
            ([B2, F1, NIL, NIL], -9),
            ([B2, B1, B1, B1], -22),
            ([B2, B1, B1, NIL], -13),
            ([B2, B1, NIL, NIL], -10),
            ([B2, NIL, NIL, NIL], -3),
            ([F1, F1, F1, F1], -2),
            ([F1, F1, F1, NIL], -4),
            ([F1, F1, B1, B1], 2),
            ([F1, F1, B1, NIL], -8),
            ([F1, B1, B1, B1], 10),
            ([F1, B1, B1, NIL], 1),
            ([F1, NIL, NIL, NIL], 7),
            ([B1, B1, B1, B1], -18),
            ([B1, B1, B1, NIL], -11),
            ([B1, B1, NIL, NIL], -6),
            ([B1, NIL, NIL, NIL], 3),
        ];

        /// A cell's four line patterns, strongest first: its combination whatever the directions.
        pub fn sorted_patterns(codes: [LineCode; 4]) -> [Pattern; 4] {
            let mut patterns = codes.map(LineCode::pattern);
            patterns.sort_unstable_by(|a, b| b.cmp(a));
            patterns
        }

        /// What [`COMBINATION_WEIGHT`] adds for a cell with these line patterns.
        fn combination_weight(codes: [LineCode; 4]) -> i32 {
            let patterns = sorted_patterns(codes);
            // The table lists its combinations strongest first (a test checks it).
            COMBINATION_WEIGHT
                .binary_search_by(|(combination, _)| patterns.cmp(combination))
                .map_or(0, |index| COMBINATION_WEIGHT[index].1)
        }

        /// The value of one empty cell for one side.
        pub fn cell_value(codes: [LineCode; 4], threat: Threat) -> i32 {
            let lines: i32 = codes
                .iter()
                .map(|code| LINE_WEIGHT[code.pattern() as usize])
                .sum();
            lines + THREAT_BONUS[threat as usize] + combination_weight(codes)
        }

        /// The static value of the position for the side to move: its potential minus the opponent's.
        /// Equal weights played better in self-play than favouring the side to move (the tempo is
        /// already in the threat bonus) or the opponent.
        pub fn evaluate(board: &Board) -> i32 {
            material(board) + threat_bonus(board, board.side_to_move())
        }

        /// What the stones are worth for the side to move, without the threat bonus.
        pub fn material(board: &Board) -> i32 {
            let me = board.side_to_move();
            board.total_value(me) - board.total_value(me.opponent())
        }

        /// `evaluate` with the stones' worth averaged over this position and the one before the
        /// last move (`previous_material`, [`material`] there for the side that moved): a static
        /// value swings with whose turn it is, and the average damps that odd-even swing.
        pub fn evaluate_smoothed(board: &Board, previous_material: i32) -> i32 {
            let me = board.side_to_move();
            (material(board) - previous_material) / 2 + threat_bonus(board, me)
        }

        /// The threat situation, seen by the side to move ("we") against the opponent: which
        /// forcing moves each side has ready. A position's worth jumps with them (a four-three on the
        /// move wins, one for the opponent must be stopped at once), which the per-cell sums cannot
        /// show.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(usize)]
        pub enum ThreatFeature {
            /// We have a four-three point and the opponent no four to answer with: it wins unless
            /// the opponent can counter.
            OurFourThree,
            /// We have a double-three point (and may play it), and the opponent no four: nearly a
            /// win.
            OurDoubleThree,
            /// We can make a four: a tempo move to answer threats with.
            OurFour,
            /// We can make an open three.
            OurThree,
            /// The opponent has an open three: we must answer it (or play fours).
            TheirOpenThree,
            /// The opponent has a four-three point and we no four: we must block it.
            TheirFourThree,
            /// The opponent has a double-three point (it may play) and we no four.
            TheirDoubleThree,
            /// The opponent has two or more such four-three or double-three points: one block may
            /// not stop both.
            TheirTwoDoubleThreats,
            /// The opponent can make a four.
            TheirFour,
            /// The opponent can make an open three.
            TheirThree,
        }

        /// Number of [`ThreatFeature`]s.
        pub const THREAT_FEATURES: usize = 10;

        /// What each [`ThreatFeature`] is worth to the side to move when present. Only our
        /// four-three and double three count: a fit of all ten lowered the log-loss and lost to these.
        pub const THREAT_WEIGHT: [i32; THREAT_FEATURES] = [
            2021, 1606, 0, 0, 0, 0, 0, 0, 0, 0,
        ];

        /// Which [`ThreatFeature`]s the position has, for the side to move `me`.
        pub fn threat_features(board: &Board, me: Color) -> [bool; THREAT_FEATURES] {
            let opponent = me.opponent();
            let fours = |color: Color| {
                board.threat_count(color, Threat::Four)
                    + board.threat_count(color, Threat::FourThree)
                    + board.threat_count(color, Threat::Flex4)
            };
            let threes = |color: Color| {
                board.threat_count(color, Threat::Three)
                    + board.threat_count(color, Threat::ThreePlus)
            };
            let double_threes = |color: Color| {
                if board.rule().has_forbidden_points(color) {
                    0
                } else {
                    board.threat_count(color, Threat::DoubleThree)
                }
            };
            let (our_fours, their_fours) = (fours(me), fours(opponent));
            let their_double_threats = board.threat_count(opponent, Threat::FourThree)
                + double_threes(opponent);
            let mut present = [false; THREAT_FEATURES];
            let mut set = |feature: ThreatFeature, value: bool| {
                present[feature as usize] = value;
            };
            set(
                ThreatFeature::OurFourThree,
                their_fours == 0 && board.threat_count(me, Threat::FourThree) > 0,
            );
            set(
                ThreatFeature::OurDoubleThree,
                their_fours == 0 && board.threat_count(me, Threat::FourThree) == 0
                    && double_threes(me) > 0,
            );
            set(ThreatFeature::OurFour, our_fours > 0);
            set(ThreatFeature::OurThree, threes(me) + double_threes(me) > 0);
            set(
                ThreatFeature::TheirOpenThree,
                board.threat_count(opponent, Threat::Flex4) > 0,
            );
            set(
                ThreatFeature::TheirFourThree,
                our_fours == 0 && board.threat_count(opponent, Threat::FourThree) > 0,
            );
            set(
                ThreatFeature::TheirDoubleThree,
                our_fours == 0 && double_threes(opponent) > 0,
            );
            set(
                ThreatFeature::TheirTwoDoubleThreats,
                our_fours == 0 && their_double_threats >= 2,
            );
            set(ThreatFeature::TheirFour, their_fours > 0);
            set(
                ThreatFeature::TheirThree,
                threes(opponent) + double_threes(opponent) > 0,
            );
            present
        }

        fn threat_bonus(board: &Board, me: Color) -> i32 {
            let features: i32 = threat_features(board, me)
                .iter()
                .zip(THREAT_WEIGHT)
                .filter(|(&present, _)| present)
                .map(|(_, weight)| weight)
                .sum();
            features + THREAT_MASK_TABLE[threat_mask(board, me)]
        }

        /// Number of threat masks (see [`threat_mask`]).
        pub const THREAT_MASKS: usize = 1 << 9;

        /// Which kinds of forcing move each side has ready, as nine bits: ours are bit 0 a four-three
        /// point, 1 a double-three point we may play, 2 a plain four, 3 an open three to make; the
        /// opponent's are bit 4 an open-four point (an open three on the board), 5 a four-three point,
        /// 6 a double-three point it may play, 7 a plain four, 8 an open three to make. The
        /// [`ThreatFeature`] indicators weigh some of these alone; [`THREAT_MASK_WEIGHT`] weighs
        /// whole situations, since what one threat is worth depends on what else is on the board (an
        /// open three against us matters less when we hold a four to answer with).
        pub fn threat_mask(board: &Board, me: Color) -> usize {
            let has = |color: Color, class: Threat| board.threat_count(color, class) > 0;
            let double_three = |color: Color| {
                !board.rule().has_forbidden_points(color)
                    && has(color, Threat::DoubleThree)
            };
            let three = |color: Color| {
                has(color, Threat::Three) || has(color, Threat::ThreePlus)
            };
            let opponent = me.opponent();
            let bits = [
                has(me, Threat::FourThree),
                double_three(me),
                has(me, Threat::Four),
                three(me),
                has(opponent, Threat::Flex4),
                has(opponent, Threat::FourThree),
                double_three(opponent),
                has(opponent, Threat::Four),
                three(opponent),
            ];
            bits.iter()
                .enumerate()
                .fold(0, |mask, (bit, &set)| mask | usize::from(set) << bit)
        }

        /// What some threat situations ([`threat_mask`]) are worth beyond the indicators and the
        /// cells' sums; the others are worth nothing more. A lone four of either side, for example,
        /// is worth less than its cells say: it is one tempo, spent once.
        ///
        /// Fitted alone, every other weight kept (`gomoku-tune fit --smoothed --masks-only`).
        pub const THREAT_MASK_WEIGHT: [(u16, i32); 79] = [
            (0b000000000, -8),
            (0b000000100, -356),
            (0b000001000, 88),
            (0b000001100, -217),
            (0b010000000, 268),
            (0b010000100, -58),
            (0b010001000, 184),
            (0b010001100, -7),
            (0b010001110, 229),
            (0b010010000, 353),
            (0b010010100, 29),
            (0b010011000, 295),
            (0b010011010, 340),
            (0b010011100, 148),
            (0b010011110, 150),
            (0b100000000, -2),
            (0b100000100, -257),
            (0b100001000, -35),
            (0b100001100, -5),
            (0b100001101, 86),
            (0b100001110, 245),
            (0b101000000, -425),
            (0b101000100, -337),
            (0b101001000, -103),
            (0b101001100, 195),
            (0b101001101, 103),
            (0b101001110, 341),
            (0b101001111, 117),
            (0b110000000, 204),
            (0b110000100, -97),
            (0b110001000, 69),
            (0b110001010, 100),
            (0b110001100, 13),
            (0b110001101, 499),
            (0b110001110, 464),
            (0b110001111, 661),
            (0b110010000, 149),
            (0b110010100, -15),
            (0b110011000, -25),
            (0b110011010, -111),
            (0b110011100, -24),
            (0b110011101, 807),
            (0b110011110, -25),
            (0b110011111, 829),
            (0b110100000, 179),
            (0b110100100, 36),
            (0b110101000, 114),
            (0b110101010, 3),
            (0b110101100, 128),
            (0b110101101, 1009),
            (0b110101110, 233),
            (0b110110000, 47),
            (0b110110100, -158),
            (0b110111000, -421),
            (0b110111010, -498),
            (0b110111100, -235),
            (0b110111101, 1259),
            (0b110111110, -270),
            (0b111000000, -32),
            (0b111000100, -277),
            (0b111001000, -131),
            (0b111001010, -374),
            (0b111001100, 18),
            (0b111001101, 830),
            (0b111001110, 540),
            (0b111010100, -12),
            (0b111011000, -403),
            (0b111011010, -735),
            (0b111011100, -126),
            (0b111011101, 1030),
            (0b111011110, -70),
            (0b111100100, -44),
            (0b111101000, -511),
            (0b111101100, 40),
            (0b111101110, 461),
            (0b111111000, -689),
            (0b111111010, -664),
            (0b111111100, -3),
            (0b111111110, -31),
        ];

        /// [`THREAT_MASK_WEIGHT`] as a table indexed by mask.
        const THREAT_MASK_TABLE: [i32; THREAT_MASKS] = {
            let mut table = [0; THREAT_MASKS];
            let mut index = 0;
            while index < THREAT_MASK_WEIGHT.len() {
                let (mask, weight) = THREAT_MASK_WEIGHT[index];
                table[mask as usize] = weight;
                index += 1;
            }
            table
        };

        /// The value of the position for `color`, whoever moves.
        pub fn evaluate_for(board: &Board, color: Color) -> i32 {
            let score = evaluate(board);
            if board.side_to_move() == color { score } else { -score }
        }
    }

    pub mod forbidden {
        // engine/src/gomoku/forbidden.rs
        //! Renju forbidden points for black: double three, double four and overline, with the full
        //! recursive definition of a three (a line that one more legal stone turns into a straight four).

        use super::board::{Board, Cell};
        use super::pattern::{four_count, Pattern, Threat};
        use crate::core::color::Color;

        /// Whether black may not play on the empty `cell` under renju. A move that makes exactly five is
        /// never forbidden.
        pub fn is_forbidden(board: &mut Board, cell: Cell) -> bool {
            is_forbidden_at_depth(board, cell, 0)
        }

        /// Quick filter: only cells whose threat class, fours or overline flag could make them
        /// forbidden (black's table classes a double four as no threat at all).
        pub fn may_be_forbidden(board: &Board, cell: Cell) -> bool {
            let threat = board.threat(Color::Black, cell);
            let codes = board.line_codes(Color::Black, cell);
            matches!(threat, Threat::Flex4 | Threat::DoubleThree | Threat::FourThree)
                || four_count(codes) >= 2 || codes.iter().any(|code| code.overline())
        }

        /// Recursion guard: real positions never need more than a few levels.
        const MAX_DEPTH: u32 = 6;

        fn is_forbidden_at_depth(board: &mut Board, cell: Cell, depth: u32) -> bool {
            if !may_be_forbidden(board, cell) {
                return false;
            }
            let codes = board.line_codes(Color::Black, cell);
            if codes.iter().any(|code| code.pattern() == Pattern::Five) {
                return false;
            }
            if codes.iter().any(|code| code.overline()) {
                return true;
            }
            if four_count(codes) >= 2 {
                return true;
            }
            let three_lines: Vec<usize> = (0..4)
                .filter(|&direction| codes[direction].pattern() == Pattern::Flex3)
                .collect();
            if three_lines.len() < 2 || depth >= MAX_DEPTH {
                return false;
            }
            board.put(cell, Color::Black);
            let real_threes = three_lines
                .iter()
                .filter(|&&direction| is_real_three(board, cell, direction, depth))
                .count();
            board.undo();
            real_threes >= 2
        }

        /// Whether the black line through `cell` (just played) in `direction` can become a straight four
        /// with one more stone on a point that is not itself forbidden.
        fn is_real_three(
            board: &mut Board,
            cell: Cell,
            direction: usize,
            depth: u32,
        ) -> bool {
            for distance in -4..=4isize {
                let point = board.step(cell, direction, distance);
                if distance == 0 || !board.is_on_board(point) || !board.is_empty(point) {
                    continue;
                }
                let code = board.line_codes(Color::Black, point)[direction];
                if code.pattern() == Pattern::Flex4
                    && !is_forbidden_at_depth(board, point, depth + 1)
                {
                    return true;
                }
            }
            false
        }
    }

    pub mod movegen {
        // engine/src/gomoku/movegen.rs
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
            !(board.rule().has_forbidden_points(me) && may_be_forbidden(board, cell)
                && is_forbidden(board, cell))
        }

        /// Whether the side to move has empty cells left and may play none of them (renju's black when
        /// every one is forbidden).
        pub fn is_stuck(board: &mut Board) -> bool {
            !board.is_full()
                && !(0..board.playable().len())
                    .any(|index| {
                        let cell = board.playable()[index];
                        board.is_empty(cell) && is_legal(board, cell)
                    })
        }

        /// The ordering score of a cell for the side to move: what it builds and what it takes from
        /// the opponent (see [`super::policy`]).
        pub fn move_score(board: &Board, cell: Cell) -> i32 {
            board.policy_score(cell)
        }

        /// The legal moves worth searching, best first (see [`generate_unordered`]).
        pub fn generate(
            board: &mut Board,
            out: &mut Vec<ScoredMove>,
            scratch: &mut Vec<Cell>,
        ) {
            generate_unordered(board, out, scratch);
            out.sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
        }

        /// The legal moves worth searching with their ordering scores, in no particular order (the
        /// search orders them itself, with what it has learnt). When the opponent threatens to make
        /// an open four (or a double four) next move, only the blocks and our own fours are returned.
        pub fn generate_unordered(
            board: &mut Board,
            out: &mut Vec<ScoredMove>,
            scratch: &mut Vec<Cell>,
        ) {
            let me = board.side_to_move();
            let opponent = me.opponent();
            out.clear();
            if board.threat_count(opponent, Threat::Flex4) > 0 {
                board.candidates(scratch);
                scratch
                    .retain(|&cell| {
                        board.threat(opponent, cell).is_four()
                            || board.threat(me, cell).is_four()
                    });
                if !board.rule().has_forbidden_points(opponent) {
                    // A block that leaves the opponent an open four somewhere (a second three, or
                    // a four point on another line) stops nothing: keep the blocks that leave none.
                    scratch
                        .retain(|&cell| {
                            board.threat(me, cell).is_four()
                                || stops_open_fours(board, cell)
                        });
                }
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
        }

        /// Whether a stone of the side to move on `cell` leaves the opponent no open-four point.
        fn stops_open_fours(board: &mut Board, cell: Cell) -> bool {
            let opponent = board.side_to_move().opponent();
            board.play(cell);
            let stopped = board.threat_count(opponent, Threat::Flex4) == 0;
            board.undo();
            stopped
        }

        /// Every legal cell where the side to move makes a four (for threat-space searches).
        pub fn fours(
            board: &mut Board,
            out: &mut Vec<ScoredMove>,
            scratch: &mut Vec<Cell>,
        ) {
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
    }

    pub mod pattern {
        // engine/src/gomoku/pattern.rs
        //! Line patterns: what a stone placed on an empty cell makes along one line, looked up in a table
        //! keyed by the ten cells around it (five on each side), and the threat class of a cell that
        //! combines its four lines.

        use super::rule::FiveKind;

        /// How many cells on each side of the centre a line key covers. Five is the least that sees an
        /// overline next to a five.
        pub const HALF: usize = 5;

        /// Bits of a line key: two per neighbour cell.
        pub const KEY_BITS: u32 = 4 * HALF as u32;

        /// A neighbour cell in a line key, as seen by the player the key is read for.
        pub const EMPTY: u32 = 0;

        /// The player's own stone.
        pub const OWN: u32 = 1;

        /// An opponent stone.
        pub const OPPONENT: u32 = 2;

        /// Off the board (or a dead cell); blocks like an opponent stone, except that it does not
        /// close a caro five.
        pub const WALL: u32 = 3;

        /// What placing a stone makes along one line, weakest first.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Pattern {
            /// A dead line: no five through the cell can ever be made there.
            None = 0,
            /// One move from a closed two: room for a five, but little of it.
            Block1 = 1,
            /// One move from an open two: a stone with room around it.
            Flex1 = 2,
            /// One move from a closed three.
            Block2 = 3,
            /// One move from an open three.
            Flex2 = 4,
            /// One move from a four.
            Block3 = 5,
            /// One move from an open (straight) four.
            Flex3 = 6,
            /// One move from five, with a single five point.
            Block4 = 7,
            /// Two five points in one line that are not a straight four (`X.XXX.X`): renju counts it as
            /// a double four.
            FourTwice = 8,
            /// A straight four `.XXXX.`: two five points, unstoppable.
            Flex4 = 9,
            /// Five in a row that wins under the rule.
            Five = 10,
        }

        /// Number of line patterns, for counting arrays.
        pub const PATTERNS: usize = 11;

        impl Pattern {
            fn from_code(code: u8) -> Pattern {
                match code & 0x0f {
                    1 => Pattern::Block1,
                    2 => Pattern::Flex1,
                    3 => Pattern::Block2,
                    4 => Pattern::Flex2,
                    5 => Pattern::Block3,
                    6 => Pattern::Flex3,
                    7 => Pattern::Block4,
                    8 => Pattern::FourTwice,
                    9 => Pattern::Flex4,
                    10 => Pattern::Five,
                    _ => Pattern::None,
                }
            }

            /// The pattern one level below: what a line is when one more stone makes `self`.
            fn one_step_weaker(self) -> Pattern {
                match self {
                    Pattern::Flex4 => Pattern::Flex3,
                    Pattern::Block4 | Pattern::FourTwice => Pattern::Block3,
                    Pattern::Flex3 => Pattern::Flex2,
                    Pattern::Block3 => Pattern::Block2,
                    Pattern::Flex2 => Pattern::Flex1,
                    Pattern::Block2 => Pattern::Block1,
                    _ => Pattern::None,
                }
            }
        }

        /// A table entry: the pattern in the low four bits, and the overline flag when the stone makes a
        /// run of six or more that does not win (forbidden for black in renju).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
        pub struct LineCode(pub u8);

        /// Set in a [`LineCode`] when the stone makes a non-winning overline.
        const OVERLINE_FLAG: u8 = 0x10;

        /// A table slot not computed yet.
        const UNKNOWN: u8 = 0xff;

        impl LineCode {
            /// The pattern along the line.
            pub fn pattern(self) -> Pattern {
                Pattern::from_code(self.0)
            }

            /// Whether the stone makes a non-winning overline.
            pub fn overline(self) -> bool {
                self.0 & OVERLINE_FLAG != 0
            }
        }

        /// How many fours a stone makes at once on a cell with these line patterns (a line with two
        /// five points apart, `X.XXX.X`, makes two).
        pub fn four_count(codes: [LineCode; 4]) -> u32 {
            codes
                .iter()
                .map(|code| match code.pattern() {
                    Pattern::Block4 | Pattern::Flex4 => 1,
                    Pattern::FourTwice => 2,
                    _ => 0,
                })
                .sum()
        }

        /// Swaps own and opponent stones in a key, so that one table serves both colours.
        pub fn swap_sides(key: u32) -> u32 {
            let low = key & 0x5_5555;
            let high = (key >> 1) & 0x5_5555;
            (low << 1) | high
        }

        /// The field of a key that holds the cell `offset` steps from the centre (`offset` in
        /// -5..=5, not 0), as a bit shift.
        pub fn field_shift(offset: i32) -> u32 {
            let slot = if offset < 0 {
                offset + HALF as i32
            } else {
                offset + HALF as i32 - 1
            };
            2 * slot as u32
        }

        /// The line patterns of both colours, computed on first use (most keys never occur). One slot
        /// holds both colours' codes so that refreshing a line costs one memory access, not two.
        pub struct PatternTable {
            /// The kind of five that wins for black and for white.
            fives: [FiveKind; 2],
            /// Whether the two fields five cells from the centre take part in the patterns (see
            /// [`far_cells_matter`]). When they do not, they are left out of the slot: the table then
            /// has 2^16 slots instead of 2^20, 128 KiB that stay in the cache where 2 MiB did not, and
            /// a line refresh is a cache hit instead of a miss.
            far_fields: bool,
            codes: Vec<[u8; 2]>,
        }

        /// The key fields of the cells five steps from the centre.
        const FAR_FIELDS: u32 = 3 << (2 * (2 * HALF - 1)) | 3;

        impl PatternTable {
            /// An empty table where `black` and `white` are the kinds of five that win for each colour.
            pub fn new(black: FiveKind, white: FiveKind) -> Self {
                Self::with_far_fields(
                    black,
                    white,
                    far_cells_matter(black) || far_cells_matter(white),
                )
            }

            /// An empty table that reads the far fields of a key or leaves them out.
            fn with_far_fields(
                black: FiveKind,
                white: FiveKind,
                far_fields: bool,
            ) -> Self {
                let bits = if far_fields { KEY_BITS } else { KEY_BITS - 4 };
                Self {
                    fives: [black, white],
                    far_fields,
                    codes: vec![[UNKNOWN; 2]; 1 << bits],
                }
            }

            /// Where a key's codes are kept: the key itself, or the key without its far fields.
            fn slot(&self, key: u32) -> usize {
                if self.far_fields {
                    key as usize
                } else {
                    (key & !FAR_FIELDS) as usize >> 2
                }
            }

            /// The codes of a key for a black and for a white stone on the centre; the key is read as
            /// black sees it ([`OWN`] is a black stone).
            pub fn codes(&mut self, key: u32) -> [LineCode; 2] {
                let [black, white] = self.codes[self.slot(key)];
                if black != UNKNOWN && white != UNKNOWN {
                    return [LineCode(black), LineCode(white)];
                }
                [LineCode(self.code(key, 0)), LineCode(self.code(key, 1))]
            }

            /// The code of a key for a stone of `side` (0 black, 1 white) on the centre.
            fn code(&mut self, key: u32, side: usize) -> u8 {
                // Far fields that change no pattern are read as empty, so that every key of a slot is
                // graded alike.
                let key = if self.far_fields { key } else { key & !FAR_FIELDS };
                let slot = self.slot(key);
                let known = self.codes[slot][side];
                if known != UNKNOWN {
                    return known;
                }
                let own_view = if side == 0 { key } else { swap_sides(key) };
                let mut code = classify_key(own_view, self.fives[side]);
                if Pattern::from_code(code) == Pattern::None && has_room(own_view) {
                    // Below a two, grade through the keys with one more own stone: they are lines the
                    // board meets too, so the table remembers them, and a line of many empty cells is
                    // not searched stone by stone again for every key.
                    let stone = if side == 0 { OWN } else { OPPONENT };
                    let mut best = Pattern::None;
                    // A stone on a far field that is left out would be the same key again (and it
                    // makes no pattern there).
                    let reach = if self.far_fields { HALF } else { HALF - 1 } as i32;
                    for offset in (-reach..=reach).filter(|&offset| offset != 0) {
                        let shift = field_shift(offset);
                        if (key >> shift) & 3 == EMPTY {
                            let next = Pattern::from_code(
                                self.code(key | stone << shift, side),
                            );
                            best = best.max(next.one_step_weaker());
                        }
                    }
                    code |= best as u8;
                }
                self.codes[slot][side] = code;
                code
            }
        }

        /// Whether some five cells in a row through the centre hold neither opponent stones nor walls:
        /// without them no five can ever be made there.
        fn has_room(key: u32) -> bool {
            let blocked = |offset: i32| {
                let cell = (key >> field_shift(offset)) & 3;
                cell == OPPONENT || cell == WALL
            };
            // A five through the centre starts at most four cells before it.
            let reach = HALF as i32 - 1;
            (-reach..=0)
                .any(|start| {
                    (start..=start + reach).all(|offset| offset == 0 || !blocked(offset))
                })
        }

        /// Whether the cells [`HALF`] steps from the centre can change its pattern under `five`. Not
        /// when any run of five or more wins: every five through the centre, and so every four and
        /// three that aims at one, lies within four steps of it. (An overline that does not win, or a
        /// five closed at both ends, needs the fifth cell.)
        pub fn far_cells_matter(five: FiveKind) -> bool {
            five != FiveKind::FiveOrMore
        }

        /// Cells of a decoded line: index [`HALF`] is the centre.
        type Line = [u32; 2 * HALF + 1];

        fn decode(key: u32) -> Line {
            let mut line = [EMPTY; 2 * HALF + 1];
            for (index, cell) in line.iter_mut().enumerate() {
                let offset = index as i32 - HALF as i32;
                if offset != 0 {
                    *cell = (key >> field_shift(offset)) & 3;
                }
            }
            line
        }

        fn classify_key(key: u32, five: FiveKind) -> u8 {
            let mut line = decode(key);
            line[HALF] = OWN;
            let mut code = grade(&mut line, five, 2) as u8;
            if code != Pattern::Five as u8 && run_through(&line, HALF).0 >= 6 {
                code |= OVERLINE_FLAG;
            }
            code
        }

        /// The run of own stones through `at`: its length, and the cells just beyond both ends.
        fn run_through(line: &Line, at: usize) -> (usize, u32, u32) {
            let mut low = at;
            while low > 0 && line[low - 1] == OWN {
                low -= 1;
            }
            let mut high = at;
            while high + 1 < line.len() && line[high + 1] == OWN {
                high += 1;
            }
            let before = if low > 0 { line[low - 1] } else { EMPTY };
            let after = if high + 1 < line.len() { line[high + 1] } else { EMPTY };
            (high - low + 1, before, after)
        }

        /// Whether the run through the centre wins under `five`.
        fn is_five(line: &Line, five: FiveKind) -> bool {
            let (length, before, after) = run_through(line, HALF);
            // Caro: only opponent stones close a five, not the board's edge (piskvork's rule).
            let open_five = length == 5 && !(before == OPPONENT && after == OPPONENT);
            match five {
                FiveKind::FiveOrMore => length >= 5,
                FiveKind::Exact => length == 5,
                FiveKind::Unblocked => length >= 6 || open_five,
                FiveKind::UnblockedExact => open_five,
            }
        }

        /// The pattern through the centre (already own), looking `depth` extra stones ahead.
        fn grade(line: &mut Line, five: FiveKind, depth: u32) -> Pattern {
            if is_five(line, five) {
                return Pattern::Five;
            }
            let mut five_points = [0usize; 2 * HALF + 1];
            let mut count = 0;
            for index in 0..line.len() {
                if line[index] == EMPTY {
                    line[index] = OWN;
                    if is_five(line, five) {
                        five_points[count] = index;
                        count += 1;
                    }
                    line[index] = EMPTY;
                }
            }
            match count {
                0 => {}
                1 => return Pattern::Block4,
                _ => {
                    let straight = (0..count)
                        .any(|i| {
                            (0..count).any(|j| five_points[j] == five_points[i] + 5)
                        });
                    return if straight { Pattern::Flex4 } else { Pattern::FourTwice };
                }
            }
            if depth == 0 {
                return Pattern::None;
            }
            let mut best = Pattern::None;
            for index in 0..line.len() {
                if line[index] == EMPTY {
                    line[index] = OWN;
                    best = best.max(grade(line, five, depth - 1).one_step_weaker());
                    line[index] = EMPTY;
                }
            }
            best
        }

        /// What a move on a cell threatens, combining its four lines; strongest last.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Threat {
            /// Nothing worth noting.
            None = 0,
            /// A two or a closed three.
            Low = 1,
            /// Two twos or closed threes at once: builds toward a double threat.
            DoubleTwo = 2,
            /// An open three.
            Three = 3,
            /// An open three and another closed three or two.
            ThreePlus = 4,
            /// A closed four: forces one answer.
            Four = 5,
            /// Two open threes at once.
            DoubleThree = 6,
            /// A closed four with an open three: wins unless answered by a counter attack.
            FourThree = 7,
            /// An open four or two fours: wins unless the opponent has five.
            Flex4 = 8,
            /// Five in a row.
            Five = 9,
        }

        /// Number of [`Threat`] classes, for counting arrays.
        pub const THREAT_CLASSES: usize = 10;

        impl Threat {
            /// The class of a cell from the patterns of its four lines.
            pub fn classify(lines: [LineCode; 4]) -> Threat {
                let mut counts = [0u8; PATTERNS];
                for code in lines {
                    counts[code.pattern() as usize] += 1;
                }
                let count = |p: Pattern| counts[p as usize];
                let fours = count(Pattern::Block4);
                let threes = count(Pattern::Flex3);
                let minor = count(Pattern::Block3) + count(Pattern::Flex2);
                if count(Pattern::Five) > 0 {
                    Threat::Five
                } else if count(Pattern::Flex4) > 0 || count(Pattern::FourTwice) > 0
                    || fours >= 2
                {
                    Threat::Flex4
                } else if fours == 1 && threes > 0 {
                    Threat::FourThree
                } else if threes >= 2 {
                    Threat::DoubleThree
                } else if fours == 1 {
                    Threat::Four
                } else if threes == 1 && minor > 0 {
                    Threat::ThreePlus
                } else if threes == 1 {
                    Threat::Three
                } else if minor >= 2 {
                    Threat::DoubleTwo
                } else if minor + count(Pattern::Block2) > 0 {
                    Threat::Low
                } else {
                    Threat::None
                }
            }

            /// Whether the move makes at least a four (the opponent must answer it at once).
            pub fn is_four(self) -> bool {
                self >= Threat::Four && self != Threat::DoubleThree
            }
        }
    }

    pub mod point {
        // engine/src/gomoku/point.rs
        //! A point of the board as the judges name it: the engine's moves and set-up stones.

        /// Column `x` and row `y`, from 0 at the top left; a point off the board is refused by the
        /// engine, not by this type, since only the board knows its size.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Point {
            pub x: i32,
            pub y: i32,
        }

        impl Point {
            /// The point at column `x`, row `y`.
            pub const fn new(x: i32, y: i32) -> Point {
                Point { x, y }
            }
        }
    }

    pub mod policy {
        // engine/src/gomoku/policy.rs
        //! The move ordering's score of a cell: what a stone there makes for the side to move (its
        //! attack) plus what it takes from the opponent (its defence), each read from a table over the
        //! cell's four line patterns in any order of directions. The search tries only the first few
        //! moves of a node at full depth, so this score decides much of what it sees.
        //!
        //! A rule with fitted tables ([`super::policy_tables`], written by `gomoku-policy fit
        //! --tables`) orders by them, and adds what the cell's pair of threat classes and its
        //! distance to the last two stones are worth; any other rule orders by the evaluation's cell
        //! values alone, the attack weighed twice the defence.

        use super::pattern::{LineCode, Pattern, Threat, PATTERNS, THREAT_CLASSES};
        use super::policy_tables;
        use super::rule::Rule;
        use crate::core::color::Color;

        /// How many combinations of four line patterns there are when the order of the directions does
        /// not count (multisets of four of the [`PATTERNS`] patterns).
        pub const COMBINATIONS: usize = 1001;

        /// How many (own threat class, their threat class) pairs a cell can have.
        pub const THREAT_PAIRS: usize = THREAT_CLASSES * THREAT_CLASSES;

        /// Distances from a stone, in king steps: 1, 2, 3, and 4 or more.
        pub const DISTANCES: usize = 4;

        /// The distance bucket (0 for one step, up to `DISTANCES - 1` for four or more) of two cells
        /// `dx` columns and `dy` rows apart.
        pub fn distance_bucket(dx: usize, dy: usize) -> usize {
            dx.max(dy).clamp(1, DISTANCES) - 1
        }

        /// The index in [`Scores::threats`] of a cell whose threat classes are `own` for the side to
        /// move and `their` for the opponent.
        pub fn threat_pair(own: Threat, their: Threat) -> usize {
            own as usize * THREAT_CLASSES + their as usize
        }

        /// The evaluation's cell value counts ten times in the attack score and five times in the
        /// defence score when a rule has no fitted tables.
        const ATTACK_PER_VALUE: i32 = 10;

        const DEFENCE_PER_VALUE: i32 = 5;

        /// The index of a combination of four line patterns among all [`COMBINATIONS`]: with the
        /// patterns sorted strongest first, `a >= b >= c >= d`, it is `C(a+3, 4) + C(b+2, 3) +
        /// C(c+1, 2) + d` (the combinatorial number system), so that the combinations are numbered
        /// in lexicographic order of their sorted patterns, weakest first.
        pub fn combination_index(patterns: [Pattern; 4]) -> usize {
            let mut sorted = patterns.map(|p| p as usize);
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let [a, b, c, d] = sorted;
            binomial(a + 3, 4) + binomial(b + 2, 3) + binomial(c + 1, 2) + d
        }

        /// `n` choose `k`, for the small numbers of [`combination_index`].
        fn binomial(n: usize, k: usize) -> usize {
            if k > n {
                return 0;
            }
            (0..k).fold(1, |product, i| product * (n - i) / (i + 1))
        }

        /// The patterns of combination `index`, strongest first (the inverse of [`combination_index`]).
        pub fn combination_patterns(index: usize) -> [Pattern; 4] {
            let mut patterns = [Pattern::None; 4];
            let mut rest = index;
            // Each place takes the largest pattern whose count of smaller combinations still fits.
            for (place, pattern) in patterns.iter_mut().enumerate() {
                let k = 4 - place;
                let mut value = 0;
                while value + 1 < PATTERNS && binomial(value + 1 + k - 1, k) <= rest {
                    value += 1;
                }
                rest -= binomial(value + k - 1, k);
                *pattern = LineCode(value as u8).pattern();
            }
            patterns
        }

        /// The attack and defence scores of every combination, for one side to move.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Scores {
            /// By combination index, what the cell makes for the side to move.
            pub attack: Vec<i32>,
            /// By combination index of the opponent's patterns there, what it takes from the opponent.
            pub defence: Vec<i32>,
            /// By the cell's threat class for the side to move times [`THREAT_CLASSES`] plus its
            /// class for the opponent.
            pub threats: Vec<i32>,
            /// By [`distance_bucket`] from the last stone played.
            pub last: [i32; DISTANCES],
            /// By [`distance_bucket`] from the stone before it (the side to move's last).
            pub own_last: [i32; DISTANCES],
        }

        impl Scores {
            /// The scores the evaluation's cell values give, `value(color, index)` being the value of
            /// a `color` stone on a cell whose patterns make combination `index`.
            pub fn from_values(
                me: Color,
                value: impl Fn(Color, usize) -> i32,
            ) -> Scores {
                Scores {
                    attack: (0..COMBINATIONS)
                        .map(|i| ATTACK_PER_VALUE * value(me, i))
                        .collect(),
                    defence: (0..COMBINATIONS)
                        .map(|i| DEFENCE_PER_VALUE * value(me.opponent(), i))
                        .collect(),
                    threats: vec![0; THREAT_PAIRS],
                    last: [0; DISTANCES],
                    own_last: [0; DISTANCES],
                }
            }

            /// Fitted tables as the source writes them.
            fn fitted(table: &policy_tables::Fitted) -> Scores {
                Scores {
                    attack: table.attack.to_vec(),
                    defence: table.defence.to_vec(),
                    threats: table.threats.to_vec(),
                    last: table.last,
                    own_last: table.own_last,
                }
            }
        }

        /// The ordering scores of one board: per side to move, its attack and defence tables, and per
        /// combination number of the board (the directions' patterns in base [`PATTERNS`]) its index.
        #[derive(Clone, Debug)]
        pub struct Policy {
            index: Vec<u16>,
            scores: [Scores; 2],
        }

        impl Policy {
            /// The policy of `rule`: its fitted tables if it has them, else `value`'s (see
            /// [`Scores::from_values`]).
            pub fn new(rule: Rule, value: impl Fn(Color, usize) -> i32) -> Policy {
                let index = (0..PATTERNS.pow(4))
                    .map(|mut number| {
                        let mut patterns = [Pattern::None; 4];
                        for pattern in patterns.iter_mut().rev() {
                            *pattern = LineCode((number % PATTERNS) as u8).pattern();
                            number /= PATTERNS;
                        }
                        combination_index(patterns) as u16
                    })
                    .collect();
                let scores = [Color::Black, Color::White]
                    .map(|me| match policy_tables::fitted(rule, me) {
                        Some(table) => Scores::fitted(table),
                        None => Scores::from_values(me, &value),
                    });
                Policy { index, scores }
            }

            /// The attack and defence tables for `me` to move.
            pub fn scores(&self, me: Color) -> &Scores {
                &self.scores[me.index()]
            }

            /// The combination index of a board's combination number.
            pub fn index(&self, number: u16) -> usize {
                self.index[number as usize] as usize
            }

            /// The ordering score of a cell for `me` to move, where `own` and `their` are the board's
            /// combination numbers of its patterns for `me` and for the opponent.
            pub fn score(&self, me: Color, own: u16, their: u16) -> i32 {
                let scores = &self.scores[me.index()];
                scores.attack[self.index(own)] + scores.defence[self.index(their)]
            }
        }
    }

    pub mod policy_tables {
        // engine/src/gomoku/policy_tables.rs
        //! The move-ordering tables fitted to a stronger engine's choices, by rule and side to move
        //! (see [`super::policy`]); written by `gomoku-policy fit --tables --emit`, where their data
        //! and fit are recorded in `docs/gomoku-experiments.md`.

        use super::rule::Rule;
        use crate::core::color::Color;

        /// One side to move's fitted scores, by combination index (see
        /// [`super::policy::combination_index`]).
        pub struct Fitted {
            pub attack: [i32; super::policy::COMBINATIONS],
            pub defence: [i32; super::policy::COMBINATIONS],
            pub threats: [i32; super::policy::THREAT_PAIRS],
            pub last: [i32; super::policy::DISTANCES],
            pub own_last: [i32; super::policy::DISTANCES],
        }

        /// The fitted tables for `me` to move under `rule`, if there are any.
        pub fn fitted(rule: Rule, me: Color) -> Option<&'static Fitted> {
            match (rule, me) {
                (Rule::Freestyle, _) => Some(&FREESTYLE),
                (Rule::ExactFive, _) => Some(&EXACT_FIVE),
                (Rule::Renju, Color::Black) => Some(&RENJU_BLACK),
                (Rule::Renju, Color::White) => Some(&RENJU_WHITE),
                _ => None,
            }
        }

        /// Fitted by `gomoku-policy fit --tables`: 64004 positions of 2726 games, both, l2 0.00003, 600
        /// steps; held-out top-1 0.397, top-3 0.675.
        pub const FREESTYLE: Fitted = Fitted {
            attack: [
                -1040, -663, -642, -836, -901, -1037, -930, -725, -465, -956, -789, -495, -880,
                -660, -1499, -901, -638, -425, -384, -709, -559, -479, -589, -551, -1619, -797,
                -629, -652, -528, -567, -1114, -717, -613, -1079, -1038, -476, -332, -226, -80,
                -453, -219, -133, -297, -109, -551, -371, -234, -291, -231, -180, -184, -196, -219,
                -271, -121, 231, 448, 481, 493, 597, 411, 561, 452, 515, 393, 1106, 1102, 1329,
                1359, 1901, -211, -195, -238, -27, -338, -71, 58, -11, 119, 56, -281, -141, -26, 63,
                330, 196, -19, -42, 272, 297, 345, 519, 642, 629, 793, 795, 596, 760, 953, 681,
                1223, 1464, 1728, 1649, 1937, 234, 612, 762, 703, 853, 1196, 576, 695, 1359, 702,
                1188, 1681, 2133, 1632, 2282, 1126, 1348, 1144, 1670, 2803, 1465, 964, 783, 753,
                792, 901, 964, 1083, 944, 1132, 990, 804, 870, 1085, 1006, 1151, 1349, 922, 975,
                1417, 1095, 1634, 1839, 1786, 1870, 1940, 1949, 1984, 1938, 2192, 1988, 2457, 2374,
                2492, 2456, 2494, 1431, 1778, 1584, 1783, 1960, 2105, 1696, 1845, 2069, 1776, 2166,
                2521, 2613, 2509, 2635, 2463, 2336, 2919, 2314, 2442, 2837, 2856, 2866, 2998, 2962,
                2931, 3361, 3201, 3060, 3254, 3507, 3446, 3477, 3460, 3545, 3711, 3178, 2592, 3250,
                2618, 986, 1294, 466, 2016, 581, 1665, 1340, 1520, 1720, 1241, 1023, 1035, 1088,
                1157, 1091, 1140, 1166, 1250, 1311, 1245, 1054, 1082, 1237, 1220, 1401, 1090, 1185,
                1423, 1305, 1602, 1672, 1723, 1795, 1817, 2034, 1837, 1824, 1984, 1899, 2355, 2481,
                2490, 2530, 3045, 1995, 1928, 2082, 2286, 2362, 2423, 2122, 2203, 2468, 2471, 2467,
                2752, 2856, 2956, 3373, 2483, 2490, 3620, 3305, 4483, 3110, 4308, 4575, 4694, 4927,
                5348, 5645, 4751, 5025, 5355, 4776, 6104, 5307, 5310, 5806, 5088, 5393, 6391, 6361,
                6420, 6082, 5683, 5549, 4609, 5863, 5443, 5617, 5710, 5910, 5918, 5964, 5665, 6652,
                6586, 6839, 6147, 5494, 5776, 5721, 5245, 5097, 5265, 5131, 4875, 5553, 5415, 5393,
                5145, 5449, 5283, 5150, 5130, 5130, 5180, 5220, 5400, 5600, 5520, 5510, 5510, 5560,
                5600, 5780, 5980, 6360, 5498, 5483, 5183, 5497, 5190, 5386, 5174, 5181, 5170, 5170,
                5541, 5568, 5144, 5230, 5458, 5236, 5253, 5270, 5666, 5325, 5280, 5377, 5260, 5277,
                5357, 5260, 5320, 5493, 5318, 5542, 5360, 5350, 5350, 5400, 5440, 5463, 5969, 5391,
                5450, 5440, 5440, 5514, 5543, 5490, 5540, 5540, 5530, 5530, 5580, 5620, 5720, 5710,
                5710, 5760, 5800, 5980, 5660, 5650, 5640, 5719, 5640, 5640, 5700, 5690, 5690, 5740,
                5740, 5730, 5730, 5780, 5820, 5920, 5910, 5910, 5960, 6000, 6180, 6120, 6110, 6110,
                6160, 6200, 6380, 6580, 6040, 6030, 6020, 6030, 6020, 6020, 6080, 6070, 6070, 6120,
                6120, 6110, 6110, 6160, 6200, 6300, 6290, 6290, 6340, 6380, 6560, 6500, 6490, 6490,
                6540, 6580, 6760, 6960, 6880, 6870, 6870, 6920, 6960, 7140, 7340, 7720, 7400, 7390,
                7380, 7390, 7380, 7380, 7440, 7430, 7430, 7480, 7480, 7470, 7470, 7520, 7560, 7660,
                7650, 7650, 7700, 7740, 7920, 7860, 7850, 7850, 7900, 7940, 8120, 8320, 8240, 8230,
                8230, 8280, 8320, 8500, 8700, 9080, 9600, 9590, 9590, 9640, 9680, 9860, 10060,
                10440, 11800, 5845, 5622, 6089, 5984, 5792, 6103, 6210, 5460, 6215, 6120, 6002,
                6454, 6319, 6214, 6330, 6106, 6432, 6064, 5965, 6578, 5829, 6301, 6049, 6425, 6387,
                6309, 6253, 6698, 6445, 6344, 5725, 5687, 6129, 6168, 5668, 6387, 6074, 5704, 5714,
                6276, 5909, 6345, 6351, 6596, 5452, 5971, 6563, 6505, 6330, 5572, 6234, 6261, 5691,
                5834, 5800, 5980, 6085, 5754, 5886, 6073, 5894, 5734, 5301, 6782, 5397, 6307, 5952,
                5942, 6574, 6201, 5826, 5675, 5748, 5620, 6105, 5884, 6180, 6120, 6110, 6110, 6160,
                6200, 6380, 6580, 5981, 5629, 6024, 6018, 5672, 5908, 6080, 5815, 6151, 5801, 5949,
                6110, 5941, 6080, 6202, 6357, 6290, 6290, 6340, 6380, 6560, 6500, 6490, 6490, 6540,
                6580, 6760, 6960, 6880, 6870, 6870, 6920, 6960, 7140, 7340, 7720, 7400, 7390, 7380,
                7390, 7380, 7380, 7440, 7430, 7430, 7480, 7480, 7470, 7470, 7520, 7560, 7660, 7650,
                7650, 7700, 7740, 7920, 7860, 7850, 7850, 7900, 7940, 8120, 8320, 8240, 8230, 8230,
                8280, 8320, 8500, 8700, 9080, 9600, 9590, 9590, 9640, 9680, 9860, 10060, 10440,
                11800, 7153, 7390, 7380, 7390, 7380, 7380, 7440, 7430, 7430, 7480, 7480, 7470, 7470,
                7520, 7560, 7660, 7650, 7650, 7700, 7740, 7920, 7860, 7850, 7850, 7900, 7940, 8120,
                8320, 8240, 8230, 8230, 8280, 8320, 8500, 8700, 9080, 9600, 9590, 9590, 9640, 9680,
                9860, 10060, 10440, 11800, 9600, 9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800,
                11800, 9000, 8990, 8980, 8970, 8990, 8980, 8970, 8980, 8970, 8970, 9040, 9030, 9020,
                9030, 9020, 9020, 9080, 9070, 9070, 9120, 9080, 9070, 9060, 9070, 9060, 9060, 9120,
                9110, 9110, 9160, 9160, 9150, 9150, 9200, 9240, 9260, 9250, 9240, 9250, 9240, 9240,
                9300, 9290, 9290, 9340, 9340, 9330, 9330, 9380, 9420, 9520, 9510, 9510, 9560, 9600,
                9780, 9460, 9450, 9440, 9450, 9440, 9440, 9500, 9490, 9490, 9540, 9540, 9530, 9530,
                9580, 9620, 9720, 9710, 9710, 9760, 9800, 9980, 9920, 9910, 9910, 9960, 10000,
                10180, 10380, 9840, 9830, 9820, 9830, 9820, 9820, 9880, 9870, 9870, 9920, 9920,
                9910, 9910, 9960, 10000, 10100, 10090, 10090, 10140, 10180, 10360, 10300, 10290,
                10290, 10340, 10380, 10560, 10760, 10680, 10670, 10670, 10720, 10760, 10940, 11140,
                11520, 11200, 11190, 11180, 11190, 11180, 11180, 11240, 11230, 11230, 11280, 11280,
                11270, 11270, 11320, 11360, 11460, 11450, 11450, 11500, 11540, 11720, 11660, 11650,
                11650, 11700, 11740, 11920, 12120, 12040, 12030, 12030, 12080, 12120, 12300, 12500,
                12880, 13400, 13390, 13390, 13440, 13480, 13660, 13860, 14240, 15600, 11200, 11190,
                11180, 11190, 11180, 11180, 11240, 11230, 11230, 11280, 11280, 11270, 11270, 11320,
                11360, 11460, 11450, 11450, 11500, 11540, 11720, 11660, 11650, 11650, 11700, 11740,
                11920, 12120, 12040, 12030, 12030, 12080, 12120, 12300, 12500, 12880, 13400, 13390,
                13390, 13440, 13480, 13660, 13860, 14240, 15600, 13400, 13390, 13390, 13440, 13480,
                13660, 13860, 14240, 15600, 15600, 18000, 17990, 17980, 17990, 17980, 17980, 18040,
                18030, 18030, 18080, 18080, 18070, 18070, 18120, 18160, 18260, 18250, 18250, 18300,
                18340, 18520, 18460, 18450, 18450, 18500, 18540, 18720, 18920, 18840, 18830, 18830,
                18880, 18920, 19100, 19300, 19680, 20200, 20190, 20190, 20240, 20280, 20460, 20660,
                21040, 22400, 20200, 20190, 20190, 20240, 20280, 20460, 20660, 21040, 22400, 22400,
                27000, 26990, 26990, 27040, 27080, 27260, 27460, 27840, 29200, 29200, 36000,
            ],
            defence: [
                -417, -253, -143, -440, -102, -552, -464, -329, -216, -532, -326, -88, -423, -278,
                -817, -346, -299, -329, -312, -422, -285, -303, -394, -343, -885, -588, -399, -456,
                -449, -558, -931, -624, -612, -883, -330, -157, -155, -68, 0, -175, -156, -64, -80,
                -137, -569, -387, -270, -191, -231, -320, -748, -448, -607, -687, -919, 40, 178, 51,
                -59, -116, -514, 147, -162, -550, -332, 229, 157, 170, 77, 370, -105, -194, -29,
                -275, -171, -15, 111, 219, 171, -34, 23, -69, -153, 127, 68, -517, -17, -387, -207,
                -458, 253, 212, 304, 310, 349, -33, 249, 59, -133, 208, 609, 519, 507, 706, 744,
                275, 413, 649, 603, 615, 485, 373, 479, 197, -287, 710, 1012, 1037, 750, 754, 1154,
                725, 1250, 287, 981, 533, 824, 808, 994, 760, 906, 920, 988, 782, 908, 699, 776,
                821, 891, 924, 926, 817, 855, 717, 998, 854, 1058, 1382, 1202, 1189, 1157, 983,
                1437, 1199, 1150, 922, 1704, 1349, 1374, 1267, 989, 1256, 1428, 1216, 1465, 1304,
                1325, 1287, 1283, 1448, 1148, 1633, 1582, 1645, 1741, 1293, 1704, 1799, 1720, 1520,
                1597, 898, 1993, 1978, 1852, 2261, 1829, 1634, 1917, 1818, 2049, 1695, 1961, 1534,
                1908, 1787, 1242, 1999, 1468, 1507, 1397, -209, 652, 518, 1461, 408, 650, 642, 756,
                860, 993, 1234, 1182, 1226, 1001, 1149, 1270, 940, 1195, 1095, 1108, 1057, 971,
                1222, 1143, 1253, 1126, 1063, 1096, 1295, 1326, 1351, 1413, 1539, 1546, 1661, 1502,
                1632, 1748, 1584, 1912, 1850, 1805, 1710, 2170, 1493, 1648, 1615, 1567, 1603, 1862,
                1641, 1773, 2000, 1915, 1879, 2099, 2137, 2433, 2776, 1786, 1638, 1955, 1866, 3521,
                997, 2778, 2661, 2738, 2801, 2699, 2787, 2561, 2962, 2960, 2851, 2482, 2949, 2979,
                3048, 3032, 2982, 2648, 3172, 3450, 3620, 2755, 2825, 3091, 3047, 2951, 2721, 2855,
                2955, 2130, 2083, 2110, 2272, 1996, 2527, 2327, 2063, 2200, 1683, 3235, 2450, 2434,
                2284, 2420, 2649, 2486, 2153, 2654, 2510, 2600, 2878, 2565, 2565, 2590, 2610, 2700,
                2800, 2760, 2755, 2755, 2780, 2800, 2890, 2990, 3180, 1720, 2584, 1262, 2378, 2716,
                2834, 2731, 1965, 2349, 2149, 2151, 2176, 1931, 2749, 2691, 2312, 2306, 3252, 2663,
                2660, 2640, 2394, 2593, 3051, 2807, 2630, 2660, 2772, 2870, 2713, 2680, 2675, 2675,
                2700, 2720, 2502, 2481, 3028, 3034, 2710, 2720, 2630, 2745, 2601, 2770, 2675, 2765,
                2765, 2790, 2810, 2860, 2855, 2855, 2880, 2900, 2990, 2830, 2704, 2688, 2825, 2820,
                2820, 2850, 2845, 2845, 2870, 2870, 2865, 2865, 2890, 2910, 2960, 2955, 2955, 2980,
                3000, 3090, 3060, 3055, 3055, 3080, 3100, 3190, 3290, 3020, 3000, 3010, 3015, 3010,
                3010, 3040, 3035, 3035, 3060, 3060, 3055, 3055, 3080, 3100, 3150, 3145, 3145, 3170,
                3190, 3280, 3250, 3245, 3245, 3270, 3290, 3380, 3480, 3440, 3435, 3435, 3460, 3480,
                3570, 3670, 3860, 3700, 3695, 3690, 3695, 3690, 3690, 3720, 3715, 3715, 3740, 3740,
                3735, 3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930, 3925, 3925, 3950,
                3970, 4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540, 4800, 4795, 4795,
                4820, 4840, 4930, 5030, 5220, 5900, 2663, 2321, 2191, 2300, 2189, 2321, 2282, 2303,
                2308, 2340, 2484, 2368, 2377, 2485, 2430, 2431, 2615, 2460, 2348, 2590, 2743, 2695,
                2767, 2669, 2689, 2810, 2536, 2563, 2702, 2521, 3102, 2979, 3108, 2779, 3263, 2559,
                2351, 2479, 2660, 2655, 2617, 2292, 2710, 2682, 2596, 2790, 2758, 2702, 2653, 2745,
                2660, 2588, 3128, 2842, 2802, 2990, 2785, 3027, 2681, 2792, 3421, 3447, 2802, 3328,
                3873, 3503, 2772, 3237, 3333, 3489, 3491, 3205, 2257, 3575, 3192, 2937, 3090, 2977,
                3200, 2857, 3080, 3089, 3190, 3290, 2454, 2029, 2852, 2508, 2504, 2246, 2042, 2987,
                2744, 3310, 3060, 3118, 2479, 3223, 3100, 3107, 3100, 3145, 3075, 3190, 3280, 3250,
                2950, 3245, 3270, 3290, 3380, 3480, 3440, 3435, 3435, 3460, 3480, 3570, 3670, 3860,
                3700, 3695, 3690, 3695, 3690, 3690, 3720, 3715, 3715, 3740, 3740, 3735, 3735, 3760,
                3780, 3830, 3823, 3825, 3850, 3870, 3960, 3930, 3925, 3925, 3950, 3970, 4060, 4160,
                4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540, 4800, 4795, 4795, 4820, 4840, 4930,
                5030, 5220, 5900, 3700, 3695, 3690, 3695, 3557, 3690, 3720, 3725, 3306, 3740, 3647,
                3735, 3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930, 3925, 3925, 3950,
                3970, 4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540, 4800, 4795, 4795,
                4820, 4840, 4930, 5030, 5220, 5900, 4800, 4795, 4795, 4820, 4840, 4930, 5030, 5220,
                5900, 5900, 4500, 4495, 4490, 4485, 4495, 4490, 4485, 4490, 4485, 4485, 4520, 4515,
                4510, 4515, 4510, 4510, 4540, 4535, 4535, 4560, 4540, 4535, 4530, 4535, 4530, 4530,
                4560, 4555, 4555, 4580, 4580, 4575, 4575, 4600, 4620, 4630, 4625, 4620, 4625, 4620,
                4620, 4650, 4645, 4645, 4670, 4670, 4665, 4665, 4690, 4710, 4760, 4755, 4755, 4780,
                4800, 4890, 4730, 4725, 4720, 4725, 4720, 4720, 4750, 4745, 4745, 4770, 4770, 4765,
                4765, 4790, 4810, 4860, 4855, 4855, 4880, 4900, 4990, 4960, 4955, 4955, 4980, 5000,
                5090, 5190, 4920, 4915, 4910, 4915, 4910, 4910, 4940, 4935, 4935, 4960, 4960, 4955,
                4955, 4980, 5000, 5050, 5045, 5045, 5070, 5090, 5180, 5150, 5145, 5145, 5170, 5190,
                5280, 5380, 5340, 5335, 5335, 5360, 5380, 5470, 5570, 5760, 5600, 5595, 5590, 5595,
                5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635, 5635, 5660, 5680, 5730, 5725, 5725,
                5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870, 5960, 6060, 6020, 6015, 6015, 6040,
                6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720, 6740, 6830, 6930, 7120, 7800, 5600,
                5595, 5590, 5595, 5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635, 5635, 5660, 5680,
                5730, 5725, 5725, 5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870, 5960, 6060, 6020,
                6015, 6015, 6040, 6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720, 6740, 6830, 6930,
                7120, 7800, 6700, 6695, 6695, 6720, 6740, 6830, 6930, 7120, 7800, 7800, 9000, 8995,
                8990, 8995, 8990, 8990, 9020, 9015, 9015, 9040, 9040, 9035, 9035, 9060, 9080, 9130,
                9125, 9125, 9150, 9170, 9260, 9230, 9225, 9225, 9250, 9270, 9360, 9460, 9420, 9415,
                9415, 9440, 9460, 9550, 9650, 9840, 10100, 10095, 10095, 10120, 10140, 10230, 10330,
                10520, 11200, 10100, 10095, 10095, 10120, 10140, 10230, 10330, 10520, 11200, 11200,
                13500, 13495, 13495, 13520, 13540, 13630, 13730, 13920, 14600, 14600, 18000,
            ],
            threats: [
                -1408, -968, -135, -78, 383, 329, 754, 599, 619, 0, -720, -508, 11, 259, 429, 400,
                607, 503, 295, 0, 184, 237, 275, 208, 228, 29, 109, -23, -376, 0, 9, 245, 152, 209,
                66, 222, 121, -284, -357, 0, 430, 395, 183, -80, -177, -236, -519, -876, -1098, 0,
                364, 268, 91, -59, -313, -17, -456, -897, -280, 0, 945, 883, 746, 143, -247, -496,
                -392, -899, -2174, 0, 270, 232, 146, -446, -808, -1385, -22, 7, -1387, 0, 1821,
                1822, 1417, 861, 432, 614, 339, -547, -536, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            ],
            last: [230, 119, 1, -206],
            own_last: [169, 104, -38, -162],
        };

        /// Fitted by `gomoku-policy fit --tables`: 26433 positions of 804 games, both, l2 0.00003, 600
        /// steps; held-out top-1 0.340, top-3 0.604.
        pub const EXACT_FIVE: Fitted = Fitted {
            attack: [
                -1633, -1094, -1239, -1129, 34, -1388, -1155, -1291, -651, -1147, -1028, -564,
                -1058, -743, -1735, -1348, -830, -569, -516, -903, -844, -650, -837, -665, -1524,
                -703, -828, -463, -531, -597, -1104, -637, -967, -908, -263, -494, -614, -362, -129,
                -488, -210, -84, -299, -170, -725, -356, -122, -180, -209, -199, -434, -4, -300,
                135, -352, 2, 421, 459, 502, 685, 690, 618, 565, 892, 958, 1330, 1349, 1742, 1764,
                1837, -288, -178, -510, -105, -191, -68, 90, -257, -70, -206, -155, 44, 58, 115,
                155, 175, -112, 210, 507, 112, 294, 512, 624, 594, 648, 964, 672, 715, 1080, 852,
                1238, 1202, 1748, 1908, 1896, 384, 325, 539, 744, 770, 1383, 471, 533, 1626, 718,
                1504, 1421, 2050, 1995, 2716, 1670, 1877, 1821, 2079, 2963, 1070, 646, 729, 632,
                704, 715, 590, 979, 1001, 1114, 1120, 541, 811, 818, 1063, 1171, 1471, 1168, 1112,
                1349, 1544, 1387, 1444, 1750, 1944, 1953, 2324, 2037, 2003, 2376, 2406, 2499, 2286,
                2843, 2762, 2388, 1168, 1518, 1796, 1844, 1837, 2192, 1816, 1968, 2196, 2204, 2707,
                2478, 2906, 2504, 2370, 2045, 1795, 2041, 2252, 3452, 1779, 3166, 2640, 2139, 3837,
                3286, 3967, 3327, 3964, 3888, 4119, 3748, 3557, 3161, 3640, 3237, 3766, 2381, 1589,
                1191, -1281, 1320, 32, 30, 30, 2308, 1340, 1499, 1720, 722, 874, 588, 935, 937, 880,
                627, 1217, 1054, 1308, 976, 957, 813, 1111, 1244, 1350, 1170, 1349, 1678, 1130,
                1507, 1752, 1196, 1936, 2053, 2231, 1752, 1783, 2145, 2302, 2589, 2398, 2857, 2724,
                3569, 1713, 1603, 1715, 2177, 2266, 2676, 1991, 2347, 2406, 2407, 2669, 2741, 3397,
                3334, 4633, 2424, 2795, 3029, 4112, 7420, 2060, 4833, 4746, 5214, 5913, 5202, 5649,
                5958, 4483, 5963, 5895, 6464, 5926, 6663, 6571, 4549, 4979, 6554, 6853, 7914, 5330,
                5510, 5450, 5917, 5599, 5633, 5530, 6098, 5910, 6865, 5536, 5910, 5897, 5291, 5687,
                6587, 5403, 5790, 6115, 5324, 5816, 5808, 4800, 4840, 5516, 4930, 4930, 5309, 5020,
                5200, 5140, 5130, 5130, 5180, 5220, 5400, 5600, 5520, 5510, 5510, 5560, 5600, 5780,
                5980, 6360, 5200, 5190, 5180, 5170, 5190, 5180, 5170, 5180, 5170, 5170, 5497, 4979,
                5356, 5230, 5220, 5220, 5424, 5270, 5270, 5320, 5280, 5270, 5260, 5270, 5260, 5260,
                5320, 5303, 5310, 5360, 5360, 5350, 5350, 5400, 5440, 5460, 5450, 5440, 5450, 5590,
                5440, 5163, 5490, 5490, 5540, 5540, 5530, 5530, 5580, 5620, 5720, 5710, 5710, 5760,
                5800, 5980, 5660, 5650, 5640, 5650, 5640, 5640, 5700, 5690, 5690, 5740, 5740, 5730,
                5730, 5780, 5820, 5920, 5910, 5910, 5960, 6000, 6180, 6120, 6110, 6110, 6160, 6200,
                6380, 6580, 6040, 6030, 6020, 6030, 6020, 6020, 6080, 6070, 6070, 6120, 6120, 6110,
                6110, 6160, 6200, 6300, 6290, 6290, 6340, 6380, 6560, 6500, 6490, 6490, 6540, 6580,
                6760, 6960, 6880, 6870, 6870, 6920, 6960, 7140, 7340, 7720, 7400, 7390, 7380, 7390,
                7380, 7380, 7440, 7430, 7430, 7480, 7480, 7470, 7470, 7520, 7560, 7660, 7650, 7650,
                7700, 7740, 7920, 7860, 7850, 7850, 7900, 7940, 8120, 8320, 8240, 8230, 8230, 8280,
                8320, 8500, 8700, 9080, 9600, 9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800,
                5230, 6842, 6699, 5632, 6190, 5997, 5996, 5394, 5776, 5425, 5405, 5119, 6177, 5589,
                5948, 7114, 6485, 5765, 6027, 5320, 6111, 5268, 5588, 5814, 6201, 6421, 5972, 7118,
                8021, 6388, 6687, 6529, 5321, 6924, 5440, 6504, 5691, 5563, 4021, 5855, 6777, 6202,
                5607, 5841, 6259, 5197, 5530, 6509, 5926, 5620, 4603, 5834, 5714, 5948, 6176, 5980,
                6067, 5528, 6296, 5374, 5752, 5731, 6082, 5725, 5690, 5740, 5997, 5808, 5593, 6505,
                5820, 6013, 6199, 5910, 5960, 6000, 6180, 6120, 6110, 6110, 6160, 6200, 6380, 6580,
                5914, 6030, 6020, 5327, 6020, 6020, 5840, 6070, 6070, 6120, 6120, 6110, 6110, 6160,
                6200, 6300, 6290, 6290, 6340, 6380, 6560, 6500, 6490, 6490, 6540, 6580, 6760, 6960,
                6880, 6870, 6870, 6920, 6960, 7140, 7340, 7720, 7400, 7390, 7380, 7390, 7380, 7380,
                7440, 7430, 7430, 7480, 7480, 7470, 7470, 7520, 7560, 7660, 7650, 7650, 7700, 7740,
                7920, 7860, 7850, 7850, 7900, 7940, 8120, 8320, 8240, 8230, 8230, 8280, 8320, 8500,
                8700, 9080, 9600, 9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800, 7400, 7390,
                7380, 7390, 7380, 7380, 7440, 7430, 7430, 7480, 7480, 7470, 7470, 7520, 7560, 7660,
                7650, 7650, 7700, 7740, 7920, 7860, 7850, 7850, 7900, 7940, 8120, 8320, 8240, 8230,
                8230, 8280, 8320, 8500, 8700, 9080, 9600, 9590, 9590, 9640, 9680, 9860, 10060,
                10440, 11800, 9600, 9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800, 11800, 9000,
                8990, 8980, 8970, 8990, 8980, 8970, 8980, 8970, 8970, 9040, 9030, 9020, 9030, 9020,
                9020, 9080, 9070, 9070, 9120, 9080, 9070, 9060, 9070, 9060, 9060, 9120, 9110, 9110,
                9160, 9160, 9150, 9150, 9200, 9240, 9260, 9250, 9240, 9250, 9240, 9240, 9300, 9290,
                9290, 9340, 9340, 9330, 9330, 9380, 9420, 9520, 9510, 9510, 9560, 9600, 9780, 9460,
                9450, 9440, 9450, 9440, 9440, 9500, 9490, 9490, 9540, 9540, 9530, 9530, 9580, 9620,
                9720, 9710, 9710, 9760, 9800, 9980, 9920, 9910, 9910, 9960, 10000, 10180, 10380,
                9840, 9830, 9820, 9830, 9820, 9820, 9880, 9870, 9870, 9920, 9920, 9910, 9910, 9960,
                10000, 10100, 10090, 10090, 10140, 10180, 10360, 10300, 10290, 10290, 10340, 10380,
                10560, 10760, 10680, 10670, 10670, 10720, 10760, 10940, 11140, 11520, 11200, 11190,
                11180, 11190, 11180, 11180, 11240, 11230, 11230, 11280, 11280, 11270, 11270, 11320,
                11360, 11460, 11450, 11450, 11500, 11540, 11720, 11660, 11650, 11650, 11700, 11740,
                11920, 12120, 12040, 12030, 12030, 12080, 12120, 12300, 12500, 12880, 13400, 13390,
                13390, 13440, 13480, 13660, 13860, 14240, 15600, 11200, 11190, 11180, 11190, 11180,
                11180, 11240, 11230, 11230, 11280, 11280, 11270, 11270, 11320, 11360, 11460, 11450,
                11450, 11500, 11540, 11720, 11660, 11650, 11650, 11700, 11740, 11920, 12120, 12040,
                12030, 12030, 12080, 12120, 12300, 12500, 12880, 13400, 13390, 13390, 13440, 13480,
                13660, 13860, 14240, 15600, 13400, 13390, 13390, 13440, 13480, 13660, 13860, 14240,
                15600, 15600, 18000, 17990, 17980, 17990, 17980, 17980, 18040, 18030, 18030, 18080,
                18080, 18070, 18070, 18120, 18160, 18260, 18250, 18250, 18300, 18340, 18520, 18460,
                18450, 18450, 18500, 18540, 18720, 18920, 18840, 18830, 18830, 18880, 18920, 19100,
                19300, 19680, 20200, 20190, 20190, 20240, 20280, 20460, 20660, 21040, 22400, 20200,
                20190, 20190, 20240, 20280, 20460, 20660, 21040, 22400, 22400, 27000, 26990, 26990,
                27040, 27080, 27260, 27460, 27840, 29200, 29200, 36000,
            ],
            defence: [
                -1129, -993, -690, -476, -431, -1074, -1149, -995, -657, -940, -814, -354, -996,
                -728, -1123, -1001, -746, -542, -222, -957, -803, -474, -786, -599, -1243, -814,
                -502, -699, -721, -999, -1284, -925, -918, -866, -776, -622, -558, -379, -225, -447,
                -300, -128, -708, -402, -949, -406, -381, -281, -431, -438, -1064, -373, -664, -701,
                -928, -167, -103, -84, -158, -145, -531, 110, -241, -731, -181, 187, 29, 359, -209,
                295, -361, -354, -509, -319, -326, -320, -54, -266, -23, -350, -157, -295, -213,
                -125, -306, -507, -228, -319, -255, -641, -15, 170, 306, 141, 322, 267, 217, 149,
                275, 363, 342, 570, 820, 592, 375, 401, 366, 458, 509, 340, 609, 120, 46, 703, -301,
                781, 749, 1317, 1102, 346, 1218, 1458, 555, 1212, 1087, 526, 639, 573, 702, 487,
                680, 571, 776, 789, 924, 670, 569, 861, 711, 917, 974, 899, 897, 557, 874, 798, 984,
                1129, 1202, 1293, 1354, 1345, 1205, 1301, 1426, 818, 1474, 1651, 1510, 1591, 1139,
                1400, 1040, 1527, 1415, 1399, 1374, 1324, 1348, 1948, 1636, 1513, 1744, 2175, 1642,
                2526, 1612, 1140, 1208, 1052, 2396, 858, 1454, 1525, 2109, 1980, 1969, 1965, 1651,
                2141, 2520, 2279, 2305, 1978, 2482, 2023, 721, 1173, 1857, 1884, 64, -644, 660, 12,
                12, 1051, 650, 670, 760, 860, 773, 748, 762, 573, 919, 721, 894, 1022, 975, 1168,
                916, 793, 978, 1040, 1247, 1450, 829, 930, 1174, 1213, 1368, 1472, 1102, 1795, 1651,
                1809, 1800, 1880, 1997, 1725, 2152, 2118, 2162, 1605, 2100, 1431, 1377, 1631, 1865,
                1841, 1896, 1660, 1879, 1818, 1700, 2322, 2379, 2326, 2243, 3368, 2131, 2453, 2071,
                2863, 3912, 1030, 3052, 2519, 3176, 3063, 2546, 3284, 3162, 2903, 3235, 3534, 2997,
                3106, 3511, 2220, 3388, 2941, 2741, 2967, 4248, 3146, 3771, 2102, 2587, 3273, 2745,
                2765, 2855, 2955, 2152, 2410, 2231, 1829, 2576, 2187, 2716, 2228, 2612, 2304, 1918,
                1768, 3194, 2301, 2420, 2426, 2255, 2417, 2490, 2510, 2600, 2570, 2565, 2565, 2590,
                2610, 2700, 2800, 2760, 2755, 2755, 2780, 2800, 2890, 2990, 3180, 2753, 2151, 2590,
                2585, 2595, 2590, 3026, 2813, 2571, 2190, 2873, 2669, 2229, 1842, 2610, 2610, 2640,
                2635, 2439, 2660, 2626, 2635, 2630, 2014, 2630, 2630, 2660, 2655, 2655, 2680, 2680,
                2675, 2675, 2700, 2720, 2730, 2547, 2546, 2725, 2513, 2720, 2369, 3048, 2745, 2770,
                2770, 2765, 2765, 2790, 2810, 2860, 2855, 2855, 2880, 2900, 2990, 2897, 2825, 2820,
                2825, 2820, 2820, 2850, 2845, 2845, 2870, 2870, 2865, 2865, 2890, 2910, 2960, 2073,
                2955, 2980, 3000, 3090, 3060, 3055, 3055, 3080, 3100, 3190, 3290, 3020, 3015, 2532,
                3015, 3010, 3010, 3040, 3035, 3035, 3060, 3060, 3055, 3055, 3080, 3100, 3150, 3145,
                3145, 3170, 3190, 3280, 3250, 3245, 3245, 3270, 3290, 3380, 3480, 3440, 3435, 3435,
                3460, 3480, 3570, 3670, 3860, 3700, 3695, 3690, 3695, 3690, 3690, 3720, 3715, 3715,
                3740, 3740, 3735, 3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930, 3925,
                3925, 3950, 3970, 4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540, 4800,
                4795, 4795, 4820, 4840, 4930, 5030, 5220, 5900, 2572, 2524, 2533, 1070, 2237, 2263,
                2020, 2590, 2454, 2840, 2491, 2319, 1951, 2644, 2234, 2916, 2829, 3029, 2995, 2797,
                2675, 2650, 2430, 3338, 2788, 3417, 2744, 2617, 3380, 3167, 2931, 3405, 3548, 3212,
                3013, 2678, 2181, 2325, 2383, 2810, 3737, 2946, 2672, 3659, 3316, 2913, 2368, 3542,
                2162, 3916, 2637, 3432, 2855, 3058, 2900, 2990, 3551, 2048, 3071, 2945, 2797, 3620,
                3225, 2825, 4071, 2870, 2403, 3378, 3732, 3554, 3223, 3324, 2932, 2955, 2980, 3234,
                3090, 2667, 3055, 3416, 3080, 3100, 3190, 3290, 2459, 3077, 3057, 3015, 3004, 3010,
                3040, 2670, 3035, 3060, 3060, 3055, 3055, 3080, 3100, 3150, 3145, 3145, 3170, 3190,
                3280, 3250, 3245, 3245, 3270, 3290, 3380, 3480, 3440, 3435, 3435, 3460, 3480, 3570,
                3670, 3860, 3700, 3695, 3690, 3695, 3690, 3690, 3720, 3715, 3715, 3740, 3740, 3735,
                3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930, 3925, 3925, 3950, 3970,
                4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540, 4800, 4795, 4795, 4820,
                4840, 4930, 5030, 5220, 5900, 3700, 3695, 3690, 3695, 3690, 3690, 2923, 3715, 3715,
                3740, 3740, 3735, 3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930, 3925,
                3925, 3950, 3970, 4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540, 4800,
                4795, 4795, 4820, 4840, 4930, 5030, 5220, 5900, 4800, 4795, 4795, 4820, 4840, 4930,
                5030, 5220, 5900, 5900, 4500, 4495, 4490, 4485, 4495, 4490, 4485, 4490, 4485, 4485,
                4520, 4515, 4510, 4515, 4510, 4510, 4540, 4535, 4535, 4560, 4540, 4535, 4530, 4535,
                4530, 4530, 4560, 4555, 4555, 4580, 4580, 4575, 4575, 4600, 4620, 4630, 4625, 4620,
                4625, 4620, 4620, 4650, 4645, 4645, 4670, 4670, 4665, 4665, 4690, 4710, 4760, 4755,
                4755, 4780, 4800, 4890, 4730, 4725, 4720, 4725, 4720, 4720, 4750, 4745, 4745, 4770,
                4770, 4765, 4765, 4790, 4810, 4860, 4855, 4855, 4880, 4900, 4990, 4960, 4955, 4955,
                4980, 5000, 5090, 5190, 4920, 4915, 4910, 4915, 4910, 4910, 4940, 4935, 4935, 4960,
                4960, 4955, 4955, 4980, 5000, 5050, 5045, 5045, 5070, 5090, 5180, 5150, 5145, 5145,
                5170, 5190, 5280, 5380, 5340, 5335, 5335, 5360, 5380, 5470, 5570, 5760, 5600, 5595,
                5590, 5595, 5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635, 5635, 5660, 5680, 5730,
                5725, 5725, 5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870, 5960, 6060, 6020, 6015,
                6015, 6040, 6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720, 6740, 6830, 6930, 7120,
                7800, 5600, 5595, 5590, 5595, 5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635, 5635,
                5660, 5680, 5730, 5725, 5725, 5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870, 5960,
                6060, 6020, 6015, 6015, 6040, 6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720, 6740,
                6830, 6930, 7120, 7800, 6700, 6695, 6695, 6720, 6740, 6830, 6930, 7120, 7800, 7800,
                9000, 8995, 8990, 8995, 8990, 8990, 9020, 9015, 9015, 9040, 9040, 9035, 9035, 9060,
                9080, 9130, 9125, 9125, 9150, 9170, 9260, 9230, 9225, 9225, 9250, 9270, 9360, 9460,
                9420, 9415, 9415, 9440, 9460, 9550, 9650, 9840, 10100, 10095, 10095, 10120, 10140,
                10230, 10330, 10520, 11200, 10100, 10095, 10095, 10120, 10140, 10230, 10330, 10520,
                11200, 11200, 13500, 13495, 13495, 13520, 13540, 13630, 13730, 13920, 14600, 14600,
                18000,
            ],
            threats: [0; super::policy::THREAT_PAIRS],
            last: [0; super::policy::DISTANCES],
            own_last: [0; super::policy::DISTANCES],
        };

        /// Fitted by `gomoku-policy fit --tables`: 17610 positions of 1190 games, both, l2 0.00003, 600
        /// steps; held-out top-1 0.373, top-3 0.646.
        pub const RENJU_BLACK: Fitted = Fitted {
            attack: [
                -1268, -986, -1097, -1470, -586, -1439, -1475, -1557, -1100, -1544, -1274, -926,
                -1600, -1032, -2231, -1241, -930, -616, -529, -1078, -963, -834, -1232, -941, -2008,
                -787, -675, -781, -754, -1067, -1322, -427, -894, -842, -824, -656, -923, -416,
                -573, -624, -416, -224, -576, -100, -869, -557, -311, -279, -247, -10, -666, 120,
                -716, -603, -925, 209, 557, 626, 577, 844, 705, 633, 458, 680, 416, 1480, 1573,
                1176, 1720, 2160, -387, -608, -413, -784, -395, -462, -51, -123, -82, -342, -302,
                -181, -114, -140, -51, 211, -204, -104, 4, 346, 52, 609, 806, 665, 901, 1171, 679,
                894, 1218, 793, 1539, 1629, 2029, 2170, 1859, 323, 243, 565, 969, 761, 1374, 452,
                1155, 1540, 1122, 1689, 1318, 2159, 594, 2716, 1369, 1919, 1714, 2117, 3040, 1040,
                903, 780, 667, 783, 767, 675, 1070, 1141, 1363, 1240, 713, 1008, 1023, 1322, 1315,
                1663, 1025, 1135, 1536, 1080, 1691, 1860, 1993, 2322, 2335, 2722, 2456, 2367, 2913,
                3028, 3028, 3057, 3431, 3609, 3454, 1670, 1801, 1994, 2321, 2312, 2563, 1780, 1817,
                2526, 2191, 3303, 3064, 3135, 3284, 3494, 2045, 2092, 2449, 3500, 4209, 1800, 973,
                370, 300, 2787, 346, 1207, 1268, 1110, 689, 3090, 1024, -163, 910, -60, 1460, 1638,
                -1810, 610, 140, -1280, 1320, 40, 30, 30, 1300, 1340, 1520, 1720, 1084, 1052, 754,
                875, 869, 725, 703, 1094, 997, 1287, 1125, 863, 829, 1335, 1112, 1472, 1033, 1704,
                1685, 1208, 1505, 1480, 1583, 1774, 1925, 2189, 2178, 1993, 2014, 2350, 2646, 2470,
                3202, 2661, 3628, 1837, 1786, 2215, 2376, 2301, 2968, 2387, 2554, 2726, 2681, 2835,
                2864, 2807, 3840, 4118, 2996, 3231, 2380, 4105, 6858, 1999, 5197, 5435, 5195, 5729,
                6284, 6486, 5336, 5939, 5879, 6388, 5797, 6499, 7730, 6013, 6014, 5983, 7877, 7475,
                7059, 6901, 5510, 5450, 6200, 5440, 6017, 5530, 5710, 5910, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6314,
                6153, 5380, 6399, 6040, 6247, 6275, 6097, 6759, 7303, 6745, 6052, 7759, 6483, 6829,
                7169, 6943, 6108, 5927, 5092, 7355, 7197, 7242, 7082, 7087, 5922, 7084, 6816, 6581,
                6037, 5411, 6562, 5398, 6365, 5440, 6171, 5813, 5872, 6562, 6610, 7135, 5886, 7384,
                5490, 6239, 5766, 6343, 6519, 5839, 5753, 6861, 6090, 5710, 6060, 5800, 5980, 6583,
                6592, 5640, 5269, 5463, 5640, 6735, 6338, 6474, 5995, 6246, 6601, 6012, 6220, 5820,
                6295, 5910, 5910, 6828, 6000, 6180, 6439, 6110, 6110, 6160, 6200, 6380, 6580, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9000, 8990, 8980,
                8970, 8990, 8980, 8970, 8980, 8970, 8970, 9040, 9030, 9020, 9030, 9020, 9020, 9080,
                9070, 9070, 9120, 9080, 9070, 9060, 9070, 9060, 9060, 9120, 9110, 9110, 9160, 9160,
                9150, 9150, 9200, 9240, 9260, 9250, 9240, 9250, 9240, 9240, 9300, 9290, 9290, 9340,
                9340, 9330, 9330, 9380, 9420, 9520, 9510, 9510, 9560, 9600, 9780, 9460, 9450, 9440,
                9450, 9440, 9440, 9500, 9490, 9490, 9540, 9540, 9530, 9530, 9580, 9620, 9720, 9710,
                9710, 9760, 9800, 9980, 9920, 9910, 9910, 9960, 10000, 10180, 10380, 9840, 9830,
                9820, 9830, 9820, 9820, 9880, 9870, 9870, 9920, 9920, 9910, 9910, 9960, 10000,
                10100, 10090, 10090, 10140, 10180, 10360, 10300, 10290, 10290, 10340, 10380, 10560,
                10760, 10680, 10670, 10670, 10720, 10760, 10940, 11140, 11520, 11200, 11190, 11180,
                11190, 11180, 11180, 11240, 11230, 11230, 11280, 11280, 11270, 11270, 11320, 11360,
                11460, 11450, 11450, 11500, 11540, 11720, 11660, 11650, 11650, 11700, 11740, 11920,
                12120, 12040, 12030, 12030, 12080, 12120, 12300, 12500, 12880, 13400, 13390, 13390,
                13440, 13480, 13660, 13860, 14240, 15600, 11200, 11190, 11180, 11190, 11180, 11180,
                11240, 11230, 11230, 11280, 11280, 11270, 11270, 11320, 11360, 11460, 11450, 11450,
                11500, 11540, 11720, 11660, 11650, 11650, 11700, 11740, 11920, 12120, 12040, 12030,
                12030, 12080, 12120, 12300, 12500, 12880, 13400, 13390, 13390, 13440, 13480, 13660,
                13860, 14240, 15600, 13400, 13390, 13390, 13440, 13480, 13660, 13860, 14240, 15600,
                15600, 18000, 17990, 17980, 17990, 17980, 17980, 18040, 18030, 18030, 18080, 18080,
                18070, 18070, 18120, 18160, 18260, 18250, 18250, 18300, 18340, 18520, 18460, 18450,
                18450, 18500, 18540, 18720, 18920, 18840, 18830, 18830, 18880, 18920, 19100, 19300,
                19680, 20200, 20190, 20190, 20240, 20280, 20460, 20660, 21040, 22400, 20200, 20190,
                20190, 20240, 20280, 20460, 20660, 21040, 22400, 22400, 27000, 26990, 26990, 27040,
                27080, 27260, 27460, 27840, 29200, 29200, 36000,
            ],
            defence: [
                -710, -680, -680, -1094, -178, -700, -1010, -882, -651, -1016, -835, -429, -1134,
                -758, -1180, -623, -752, -495, -563, -708, -576, -616, -793, -622, -1133, -487,
                -323, -615, -510, -803, -1024, -634, -863, -492, -664, -329, -403, -43, -193, -328,
                -436, -167, -716, -428, -1112, -262, -156, -448, -300, -500, -994, -334, -601, -496,
                -533, -153, -112, -233, -405, -177, -927, -19, -442, -502, -217, 415, -179, 65,
                -590, -291, -70, -4, -82, -544, -248, -362, -15, -363, -40, -526, -2, -154, 55, 73,
                -102, -604, -915, -840, -318, -65, 398, 392, 336, 201, 326, -51, 127, 342, -60,
                1014, 422, 395, -885, -481, 982, 300, 176, 903, 735, 538, 78, -136, 424, 407, 596,
                600, 819, 338, 1338, 1318, 254, 210, 1736, 508, 1153, 535, 747, 549, 680, 550, 611,
                734, 859, 449, 942, 710, 577, 918, 744, 821, 898, 496, 877, 814, 436, 348, 936,
                1079, 1074, 1183, 1068, 825, 1193, 795, 1070, 894, 1372, 1225, 1178, 2224, 1062,
                1383, 1242, 1724, 1205, 1535, 1576, 957, 1454, 1728, 2076, 1729, 1661, 1361, 2244,
                120, 2133, 1291, 1388, 674, 1404, 2074, 1879, 1958, 1213, 2209, 1972, 2091, 1211,
                1691, 1881, 2159, 1717, 1743, 1263, 1198, 708, 1785, -965, 158, 24, -643, 660, -62,
                -113, 14, 599, 670, 739, 860, 890, 923, 813, 978, 1087, 804, 551, 815, 1240, 1206,
                1083, 1072, 935, 1504, 1079, 1413, 1330, 1057, 1155, 1728, 1557, 1425, 1434, 1670,
                1653, 1588, 1835, 1630, 1792, 2246, 2287, 1678, 2343, 2751, 3220, 1611, 1740, 2004,
                1758, 1663, 2140, 2245, 2409, 2397, 2417, 1660, 2367, 2965, 2780, 3604, 1595, 2380,
                3534, 2289, 5057, 1030, 2657, 2801, 2468, 3308, 2509, 3585, 2913, 3283, 3697, 2961,
                3049, 3341, 2969, 4341, 2575, 3789, 3685, 3357, 3632, 2665, 2626, 2578, 2678, 2720,
                2114, 2765, 2855, 2955, 2084, 1092, 3091, 3209, 2938, 3252, 2282, 1593, 2986, 2380,
                1806, 2174, 1943, 2400, 2420, 2223, 2465, 3816, 2390, 2510, 2600, 2570, 2565, 2565,
                2590, 2610, 2700, 2800, 2760, 2755, 2755, 2780, 2800, 2890, 2990, 3180, 2942, 2157,
                2298, 2585, 2595, 2824, 2585, 2590, 2585, 2585, 1270, 2417, 3216, 3292, 3270, 2610,
                1729, 2635, 2635, 2660, 2604, 2635, 2368, 2446, 2630, 2630, 2660, 2655, 2655, 2680,
                2680, 2675, 2675, 2700, 2720, 1609, 2725, 2720, 2725, 2463, 2720, 3229, 2745, 2745,
                2770, 2770, 2765, 2765, 2790, 2810, 2860, 2855, 2855, 2880, 2900, 2990, 2830, 2825,
                2820, 2825, 2820, 2820, 2850, 2845, 2845, 2870, 2870, 2865, 2865, 2890, 2910, 2960,
                2955, 2955, 2980, 3000, 3090, 3060, 3055, 3055, 3080, 3100, 3190, 3290, 3020, 3015,
                3010, 3015, 3010, 3010, 3040, 3035, 3035, 3060, 3060, 3055, 3055, 3080, 3100, 3150,
                3145, 3145, 3170, 3190, 3280, 3250, 3245, 3245, 3270, 3290, 3380, 3480, 3440, 3435,
                3435, 3460, 3480, 3570, 3670, 3860, 3700, 3695, 3690, 3695, 3690, 3690, 3720, 3715,
                3715, 3740, 3740, 3735, 3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930,
                3925, 3925, 3950, 3970, 4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540,
                4800, 4795, 4795, 4820, 4840, 4930, 5030, 5220, 5900, 2848, 2053, 1176, 442, 2399,
                2240, 1804, 2468, 2378, 2972, 2509, 1811, 2086, 2839, 2101, 2921, 2491, 2629, 3369,
                3955, 2454, 2205, 2388, 2688, 2713, 3386, 2939, 2466, 3481, 3141, 3616, 4003, 3376,
                3905, 2720, 2424, 2450, 2306, 2750, 2232, 3740, 3077, 3167, 2611, 3681, 2806, 2793,
                3659, 2406, 3616, 3142, 2855, 2855, 1836, 2900, 2990, 3114, 3521, 3163, 2755, 3663,
                4110, 3508, 3794, 3459, 4127, 2710, 3692, 2848, 2839, 2910, 4054, 3519, 2955, 2773,
                3000, 3090, 2845, 3055, 3055, 2634, 3100, 3190, 3290, 3867, 3015, 1811, 2901, 3010,
                3010, 2392, 3035, 3035, 3060, 1688, 3055, 3055, 3651, 3100, 3150, 3145, 3145, 3170,
                3190, 3280, 3250, 3245, 3245, 3270, 3290, 3380, 3480, 3440, 3435, 3435, 3460, 3480,
                3570, 3670, 3860, 3700, 3695, 3690, 3695, 3690, 3690, 3720, 3715, 3715, 3740, 3740,
                3735, 3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930, 3925, 3925, 3950,
                3970, 4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540, 4800, 4795, 4795,
                4820, 4840, 4930, 5030, 5220, 5900, 3700, 3695, 3690, 3695, 3690, 3690, 3720, 3715,
                3715, 3740, 3740, 3735, 3735, 3760, 3780, 3830, 3825, 3825, 3850, 3870, 3960, 3930,
                3925, 3925, 3950, 3970, 4060, 4160, 4120, 4115, 4115, 4140, 4160, 4250, 4350, 4540,
                4800, 4795, 4795, 4820, 4840, 4930, 5030, 5220, 5900, 4800, 4795, 4795, 4820, 4840,
                4930, 5030, 5220, 5900, 5900, 4500, 4495, 4490, 4485, 4495, 4490, 4485, 4490, 4485,
                4485, 4520, 4515, 4510, 4515, 4510, 4510, 4540, 4535, 4535, 4560, 4540, 4535, 4530,
                4535, 4530, 4530, 4560, 4555, 4555, 4580, 4580, 4575, 4575, 4600, 4620, 4630, 4625,
                4620, 4625, 4620, 4620, 4650, 4645, 4645, 4670, 4670, 4665, 4665, 4690, 4710, 4760,
                4755, 4755, 4780, 4800, 4890, 4730, 4725, 4720, 4725, 4720, 4720, 4750, 4745, 4745,
                4770, 4770, 4765, 4765, 4790, 4810, 4860, 4855, 4855, 4880, 4900, 4990, 4960, 4955,
                4955, 4980, 5000, 5090, 5190, 4920, 4915, 4910, 4915, 4910, 4910, 4940, 4935, 4935,
                4960, 4960, 4955, 4955, 4980, 5000, 5050, 5045, 5045, 5070, 5090, 5180, 5150, 5145,
                5145, 5170, 5190, 5280, 5380, 5340, 5335, 5335, 5360, 5380, 5470, 5570, 5760, 5600,
                5595, 5590, 5595, 5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635, 5635, 5660, 5680,
                5730, 5725, 5725, 5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870, 5960, 6060, 6020,
                6015, 6015, 6040, 6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720, 6740, 6830, 6930,
                7120, 7800, 5600, 5595, 5590, 5595, 5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635,
                5635, 5660, 5680, 5730, 5725, 5725, 5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870,
                5960, 6060, 6020, 6015, 6015, 6040, 6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720,
                6740, 6830, 6930, 7120, 7800, 6700, 6695, 6695, 6720, 6740, 6830, 6930, 7120, 7800,
                7800, 9000, 8995, 8990, 8995, 8990, 8990, 9020, 9015, 9015, 9040, 9040, 9035, 9035,
                9060, 9080, 9130, 9125, 9125, 9150, 9170, 9260, 9230, 9225, 9225, 9250, 9270, 9360,
                9460, 9420, 9415, 9415, 9440, 9460, 9550, 9650, 9840, 10100, 10095, 10095, 10120,
                10140, 10230, 10330, 10520, 11200, 10100, 10095, 10095, 10120, 10140, 10230, 10330,
                10520, 11200, 11200, 13500, 13495, 13495, 13520, 13540, 13630, 13730, 13920, 14600,
                14600, 18000,
            ],
            threats: [0; super::policy::THREAT_PAIRS],
            last: [0; super::policy::DISTANCES],
            own_last: [0; super::policy::DISTANCES],
        };

        /// Fitted by `gomoku-policy fit --tables`: 16280 positions of 1190 games, both, l2 0.00003, 600
        /// steps; held-out top-1 0.380, top-3 0.637.
        pub const RENJU_WHITE: Fitted = Fitted {
            attack: [
                -1016, -673, -730, -681, -134, -856, -967, -1049, -46, -832, -825, -459, -949, -640,
                -1824, -667, -427, -320, -275, -570, -417, -267, -609, -418, -1576, -286, -342,
                -102, -302, -344, -1181, -474, -98, 70, 143, -266, -100, -503, -127, -341, -212, 3,
                -268, -131, -812, -14, 21, 56, -119, -24, -719, 40, 60, -692, -627, 389, 395, 542,
                489, 417, 406, 553, 554, 577, 1114, 933, 1122, 1129, 1201, -423, -189, 96, -194,
                260, -7, -122, 204, -190, 19, -478, 162, 254, 404, 69, 289, 12, 157, 302, 678, 586,
                450, 573, 554, 597, 714, 683, 480, 635, 1247, -62, 1160, 1310, 1556, 1673, 2150,
                716, 567, 1162, 659, 919, 1165, 625, 887, 1413, 1480, 610, 1005, 1933, 1829, 2062,
                1439, 958, 2317, 1783, 2214, 1070, 887, 842, 842, 909, 927, 745, 941, 1041, 960,
                995, 991, 928, 1221, 1378, 1174, 1553, 1262, 1613, 1650, 1986, 1350, 1392, 1488,
                1655, 1703, 1986, 2123, 1577, 2350, 1866, 1874, 1925, 2881, 2932, 1845, 1264, 1522,
                1571, 1706, 1859, 2284, 2162, 1984, 2218, 2218, 2027, 2286, 2695, 2651, 1643, 1827,
                1006, 1934, 3149, 2581, 1622, 2021, 1934, 1691, 2586, 2092, 2638, 2627, 2075, 2595,
                3927, 2654, 2713, 1858, -73, 3770, 2274, -1812, 1895, 1524, -1280, 1320, 1524, -308,
                29, 1300, 1340, 1471, 1720, 1216, 1347, 1426, 1078, 1539, 1471, 1573, 1775, 1697,
                1921, 1606, 1303, 1581, 1628, 1986, 2211, 1672, 1768, 1880, 2228, 2063, 1848, 2287,
                2211, 2167, 2529, 2265, 2596, 2608, 2607, 2560, 3166, 3049, 3495, 4068, 2186, 2067,
                1943, 2452, 2868, 3239, 2393, 2614, 2800, 3057, 2966, 4122, 3801, 3702, 4369, 2691,
                3286, 3259, 4173, 9166, 2042, 4455, 3958, 3565, 4616, 5115, 5146, 5520, 5213, 6062,
                5049, 6201, 5613, 6566, 6477, 5150, 4929, 7398, 7400, 6755, 5909, 5510, 5224, 5542,
                5440, 5490, 5530, 5710, 5910, 5975, 4475, 4660, 5433, 5421, 5907, 5650, 4853, 4710,
                4760, 5442, 4966, 5132, 5746, 4840, 6096, 4930, 4930, 5387, 5020, 5200, 6259, 5130,
                5130, 5180, 5220, 5400, 5600, 5520, 5510, 5510, 5560, 5600, 5780, 5980, 6360, 4855,
                5190, 5180, 5170, 5282, 5180, 5170, 5180, 5170, 5170, 5240, 5230, 5220, 5230, 5379,
                5220, 5280, 5270, 5270, 5320, 5280, 5270, 5260, 5270, 5351, 5260, 5320, 5310, 5310,
                5360, 5360, 5350, 5350, 5400, 5440, 5902, 5450, 5440, 5450, 5440, 5440, 5500, 5490,
                5490, 5540, 5540, 5530, 5530, 5580, 5620, 5720, 5710, 5710, 5760, 5800, 5980, 5660,
                5650, 5640, 5650, 5640, 5640, 5700, 5690, 5690, 5740, 5740, 5730, 5730, 5780, 5820,
                5920, 5910, 5910, 5960, 6000, 6180, 6120, 6110, 6110, 6160, 6200, 6380, 6580, 6040,
                6030, 6020, 6030, 6020, 6020, 6080, 6070, 6070, 6120, 6120, 6110, 6110, 6160, 6200,
                6300, 6290, 6290, 6340, 6380, 6560, 6500, 6490, 6490, 6540, 6580, 6760, 6960, 6880,
                6870, 6870, 6920, 6960, 7140, 7340, 7720, 7400, 7390, 7380, 7390, 7380, 7380, 7440,
                7430, 7430, 7480, 7480, 7470, 7470, 7520, 7560, 7660, 7650, 7650, 7700, 7740, 7920,
                7860, 7850, 7850, 7900, 7940, 8120, 8320, 8240, 8230, 8230, 8280, 8320, 8500, 8700,
                9080, 9600, 9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800, 5662, 5708, 5345,
                5636, 5406, 6202, 5376, 5393, 5694, 6302, 6224, 6258, 5187, 5270, 5541, 4269, 5703,
                6179, 5521, 5074, 5565, 5909, 5200, 5754, 6272, 5813, 5348, 6011, 5310, 5360, 6413,
                5350, 5699, 5400, 6128, 5576, 6097, 5674, 6011, 4992, 4995, 5787, 4951, 5490, 5942,
                6119, 5126, 6348, 6250, 5620, 6676, 5954, 5710, 5760, 5800, 5980, 5596, 5650, 5640,
                5650, 5640, 5640, 6355, 6757, 5690, 5740, 5740, 5730, 5730, 5780, 5820, 5920, 5910,
                5910, 5960, 6000, 6180, 6120, 6110, 6110, 6160, 6200, 6380, 6580, 6040, 5551, 6020,
                6030, 6020, 6020, 6080, 6070, 6070, 6961, 6120, 6110, 6110, 6160, 6200, 6300, 6290,
                6290, 6340, 6380, 6560, 6500, 6490, 6490, 6540, 6580, 6760, 6960, 6880, 6870, 6870,
                6920, 6960, 7140, 7340, 7720, 7400, 7390, 7380, 7390, 7380, 7380, 7440, 7430, 7430,
                7480, 7480, 7470, 7470, 7520, 7560, 7660, 7650, 7650, 7700, 7740, 7920, 7860, 7850,
                7850, 7900, 7940, 8120, 8320, 8240, 8230, 8230, 8280, 8320, 8500, 8700, 9080, 9600,
                9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800, 7400, 7390, 7380, 7390, 7380,
                7380, 7440, 7430, 7430, 7480, 7480, 7470, 7470, 7520, 7560, 7660, 7650, 7650, 7700,
                7740, 7920, 7860, 7850, 7850, 7900, 7940, 8120, 8320, 8240, 8230, 8230, 8280, 8320,
                8500, 8700, 9080, 9600, 9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800, 9600,
                9590, 9590, 9640, 9680, 9860, 10060, 10440, 11800, 11800, 9000, 8990, 8980, 8970,
                8990, 8980, 8970, 8980, 8970, 8970, 9040, 9030, 9020, 9030, 9020, 9020, 9080, 9070,
                9070, 9120, 9080, 9070, 9060, 9070, 9060, 9060, 9120, 9110, 9110, 9160, 9160, 9150,
                9150, 9200, 9240, 9260, 9250, 9240, 9250, 9240, 9240, 9300, 9290, 9290, 9340, 9340,
                9330, 9330, 9380, 9420, 9520, 9510, 9510, 9560, 9600, 9780, 9460, 9450, 9440, 9450,
                9440, 9440, 9500, 9490, 9490, 9540, 9540, 9530, 9530, 9580, 9620, 9720, 9710, 9710,
                9760, 9800, 9980, 9920, 9910, 9910, 9960, 10000, 10180, 10380, 9840, 9830, 9820,
                9830, 9820, 9820, 9880, 9870, 9870, 9920, 9920, 9910, 9910, 9960, 10000, 10100,
                10090, 10090, 10140, 10180, 10360, 10300, 10290, 10290, 10340, 10380, 10560, 10760,
                10680, 10670, 10670, 10720, 10760, 10940, 11140, 11520, 11200, 11190, 11180, 11190,
                11180, 11180, 11240, 11230, 11230, 11280, 11280, 11270, 11270, 11320, 11360, 11460,
                11450, 11450, 11500, 11540, 11720, 11660, 11650, 11650, 11700, 11740, 11920, 12120,
                12040, 12030, 12030, 12080, 12120, 12300, 12500, 12880, 13400, 13390, 13390, 13440,
                13480, 13660, 13860, 14240, 15600, 11200, 11190, 11180, 11190, 11180, 11180, 11240,
                11230, 11230, 11280, 11280, 11270, 11270, 11320, 11360, 11460, 11450, 11450, 11500,
                11540, 11720, 11660, 11650, 11650, 11700, 11740, 11920, 12120, 12040, 12030, 12030,
                12080, 12120, 12300, 12500, 12880, 13400, 13390, 13390, 13440, 13480, 13660, 13860,
                14240, 15600, 13400, 13390, 13390, 13440, 13480, 13660, 13860, 14240, 15600, 15600,
                18000, 17990, 17980, 17990, 17980, 17980, 18040, 18030, 18030, 18080, 18080, 18070,
                18070, 18120, 18160, 18260, 18250, 18250, 18300, 18340, 18520, 18460, 18450, 18450,
                18500, 18540, 18720, 18920, 18840, 18830, 18830, 18880, 18920, 19100, 19300, 19680,
                20200, 20190, 20190, 20240, 20280, 20460, 20660, 21040, 22400, 20200, 20190, 20190,
                20240, 20280, 20460, 20660, 21040, 22400, 22400, 27000, 26990, 26990, 27040, 27080,
                27260, 27460, 27840, 29200, 29200, 36000,
            ],
            defence: [
                -857, -689, -465, -616, -507, -546, -874, -977, -655, -748, -796, -386, -906, -710,
                -890, -587, -637, -508, -653, -548, -654, -551, -605, -653, -1081, -544, -262, -515,
                -767, -691, -1346, -646, -561, -268, -295, -445, -502, -252, -313, -343, -255, -71,
                -456, -341, -1009, -399, -75, -217, -500, -268, -919, -294, -677, -570, -1121, -153,
                196, 154, 61, 44, -510, 257, -248, -55, 250, 525, 76, 332, -163, -384, -311, -125,
                -128, -236, -125, -186, -91, -240, 92, -520, -214, -191, -263, -157, -229, -598,
                -315, -452, -317, 309, 12, 98, 44, 185, 353, -113, 300, 240, 286, -601, 508, 710,
                625, 738, -370, 233, 150, -21, -6, 251, 577, 183, 231, 650, -316, 511, 1184, 683,
                629, 883, -346, 423, 1154, 623, 1062, 535, 511, 437, 645, 579, 579, 631, 721, 583,
                908, 544, 498, 577, 813, 817, 949, 933, 56, 736, 1304, 641, 974, 890, 1092, 1130,
                1263, 1181, 1142, 960, 1313, 1322, 1381, 1245, 1500, 1607, 964, 1101, 1366, 1645,
                1461, 1439, 1512, 1219, 1346, 1546, 1452, 1159, 1518, 1614, 1030, 76, 1526, 1467,
                2072, 2048, 1333, 914, 1184, 894, 803, 1565, 1546, 1348, 1326, 1115, 1311, 1628,
                1753, 890, 486, 1341, 686, 515, -924, 164, 50, -645, 1951, 1, -141, 14, 635, 670,
                760, 860, 549, 620, 531, 1015, 621, 495, 366, 686, 780, 866, 666, 703, 464, 487,
                1025, 1029, 1013, 986, 1284, 1281, 911, 1250, 853, 1169, 1463, 1561, 1498, 1472,
                1673, 1204, 1669, 1757, 2000, 1449, 1821, 848, 1074, 1223, 1197, 1248, 1705, 1569,
                1367, 1719, 898, 1361, 1252, 1840, 2029, 2984, 1410, 1528, 973, 1784, 3619, 1030,
                2091, 2104, 1985, 2253, 2421, 2717, 2387, 2449, 2871, 3024, 2458, 2499, 2782, 2834,
                3207, 1262, 2365, 2934, 3506, 2516, 2755, 2725, 2092, 2720, 2371, 2438, 2855, 2955,
                588, 621, 0, -160, -100, 1503, 927, -12, -174, -60, -31, 1147, 0, -7, 0, -67, -13,
                1452, -2, -2, 0, 0, -9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -419, 0, 0, 0, 0, 0,
                0, 0, 0, 0, -41, -206, 0, -4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1560, 0, 0, 0, 0,
                0, 0, 0, 0, -135, 0, 0, 0, 0, 0, -294, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                -16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2678,
                2461, 2423, 2059, 2829, 2533, 2243, 2937, 2777, 3201, 2628, 2486, 2155, 2615, 3024,
                3291, 3042, 2524, 3249, 2811, 3428, 3230, 2737, 3164, 3361, 3764, 2848, 3353, 4006,
                3657, 3736, 3784, 3756, 3810, 3782, 2751, 2508, 3063, 2828, 3312, 3953, 2723, 2682,
                3396, 3493, 3695, 2980, 3759, 3966, 3546, 2472, 3340, 3209, 3207, 2900, 2990, 3338,
                3540, 3623, 3279, 3453, 4432, 3342, 4258, 4181, 2874, 2960, 4355, 4344, 4663, 2660,
                2414, 3674, 3953, 2460, 3720, 3090, 3010, 2576, 3055, 2865, 2632, 3190, 3290, 1333,
                -874, 0, -8, 0, 0, -133, 0, 0, -3, -4, 0, -9, 0, 0, -87, 0, 0, -4, 0, 0, 1576, 0, 0,
                0, 0, 0, 0, 0, 0, 0, -2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, -89, -141, 0, 0, -40, 0, 0, 0, 0, 0, 0, 0, 0, 1326, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 4500, 4495, 4490, 4485, 4495, 4490, 4485, 4490, 4485, 4485, 4520, 4515,
                4510, 4515, 4510, 4510, 4540, 4535, 4535, 4560, 4540, 4535, 4530, 4535, 4530, 4530,
                4560, 4555, 4555, 4580, 4580, 4575, 4575, 4600, 4620, 4630, 4625, 4620, 4625, 4620,
                4620, 4650, 4645, 4645, 4670, 4670, 4665, 4665, 4690, 4710, 4760, 4755, 4755, 4780,
                4800, 4890, 4730, 4725, 4720, 4725, 4720, 4720, 4750, 4745, 4745, 4770, 4770, 4765,
                4765, 4790, 4810, 4860, 4855, 4855, 4880, 4900, 4990, 4960, 4955, 4955, 4980, 5000,
                5090, 5190, 4920, 4915, 4910, 4915, 4910, 4910, 4940, 4935, 4935, 4960, 4960, 4955,
                4955, 4980, 5000, 5050, 5045, 5045, 5070, 5090, 5180, 5150, 5145, 5145, 5170, 5190,
                5280, 5380, 5340, 5335, 5335, 5360, 5380, 5470, 5570, 5760, 5600, 5595, 5590, 5595,
                5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635, 5635, 5660, 5680, 5730, 5725, 5725,
                5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870, 5960, 6060, 6020, 6015, 6015, 6040,
                6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720, 6740, 6830, 6930, 7120, 7800, 5600,
                5595, 5590, 5595, 5590, 5590, 5620, 5615, 5615, 5640, 5640, 5635, 5635, 5660, 5680,
                5730, 5725, 5725, 5750, 5770, 5860, 5830, 5825, 5825, 5850, 5870, 5960, 6060, 6020,
                6015, 6015, 6040, 6060, 6150, 6250, 6440, 6700, 6695, 6695, 6720, 6740, 6830, 6930,
                7120, 7800, 6700, 6695, 6695, 6720, 6740, 6830, 6930, 7120, 7800, 7800, 9000, 8995,
                8990, 8995, 8990, 8990, 9020, 9015, 9015, 9040, 9040, 9035, 9035, 9060, 9080, 9130,
                9125, 9125, 9150, 9170, 9260, 9230, 9225, 9225, 9250, 9270, 9360, 9460, 9420, 9415,
                9415, 9440, 9460, 9550, 9650, 9840, 10100, 10095, 10095, 10120, 10140, 10230, 10330,
                10520, 11200, 10100, 10095, 10095, 10120, 10140, 10230, 10330, 10520, 11200, 11200,
                13500, 13495, 13495, 13520, 13540, 13630, 13730, 13920, 14600, 14600, 18000,
            ],
            threats: [0; super::policy::THREAT_PAIRS],
            last: [0; super::policy::DISTANCES],
            own_last: [0; super::policy::DISTANCES],
        };
    }

    pub mod rule {
        // engine/src/gomoku/rule.rs
        //! The winning rules the engine knows.

        use crate::core::color::Color;

        /// How a game is won.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Rule {
            /// Five or more in a row wins.
            Freestyle,
            /// Exactly five in a row wins; an overline (six or more) does not.
            ExactFive,
            /// Renju: black wins with exactly five and may not play a double three, a double four or an
            /// overline; white wins with five or more.
            Renju,
            /// Caro as piskvork plays `INFO rule 8`: a run of exactly five whose two neighbours are
            /// both opponent stones does not win; any other five wins, and so does every overline.
            /// The board's edge closes nothing.
            Caro,
            /// Standard caro, piskvork's `INFO rule 9`: exactly five, not closed by opponent stones at
            /// both ends; an overline does not win.
            CaroExact,
        }

        /// Which five counts as a win for one colour, which is what the pattern tables are built on.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum FiveKind {
            /// Any run of five or more.
            FiveOrMore,
            /// A run of exactly five.
            Exact,
            /// A run of six or more, or of five that is not closed by opponent stones at both ends
            /// (the board's edge does not close it).
            Unblocked,
            /// A run of exactly five that is not closed by opponent stones at both ends.
            UnblockedExact,
        }

        impl Rule {
            /// The rule of a Gomocup `INFO rule` bit mask: 1 exact five, 2 continuous game (played like
            /// the base rule), 4 renju, 8 caro (with 1: standard caro, exact five), as piskvork sends
            /// them.
            pub fn from_gomocup_mask(mask: u32) -> Rule {
                if mask & 4 != 0 {
                    Rule::Renju
                } else if mask & 8 != 0 {
                    if mask & 1 != 0 { Rule::CaroExact } else { Rule::Caro }
                } else if mask & 1 != 0 {
                    Rule::ExactFive
                } else {
                    Rule::Freestyle
                }
            }

            /// The five that wins for `color` under this rule.
            pub fn five_kind(self, color: Color) -> FiveKind {
                match (self, color) {
                    (Rule::Freestyle, _) | (Rule::Renju, Color::White) => {
                        FiveKind::FiveOrMore
                    }
                    (Rule::ExactFive, _) | (Rule::Renju, Color::Black) => FiveKind::Exact,
                    (Rule::Caro, _) => FiveKind::Unblocked,
                    (Rule::CaroExact, _) => FiveKind::UnblockedExact,
                }
            }

            /// Whether `color` has forbidden points (black in renju).
            pub fn has_forbidden_points(self, color: Color) -> bool {
                self == Rule::Renju && color == Color::Black
            }
        }
    }

    pub mod search {
        // engine/src/gomoku/search/mod.rs
        //! The search: iterative deepening over a principal-variation alpha-beta with a transposition
        //! table and aspiration windows at the root, its depths counted in eighths of a ply, selective
        //! the way the strongest engines are: every move after the first reduced by the logarithms of
        //! depth and move number, a limit on the moves tried per node, razoring into the leaf and
        //! reverse futility near the leaves, null moves deep in the tree, a table move searched deeper
        //! when no other move comes near it (singular extensions), wins read from the threat counts
        //! without a search; answers to an open three cost a ply, the one block of a four none. A VCF
        //! probe runs before it, and its leaves play out the fours of the side to move near its last
        //! stone (see `Searcher::leaf`).
        //!
        //! The ideas are those of Rapfi's search, written anew around our board, evaluation and move
        //! generation. What each part was worth, and the variants tried and not kept, are in
        //! `docs/gomoku-experiments.md`.

        mod node {
            // engine/src/gomoku/search/node.rs
            //! The search of one node below the root: the table, the pruning before any move (razoring,
            //! futility, null moves), the moves with their extensions and reductions, and the leaves that
            //! play their fours through.

            use super::ordering::{
                history_kind, select_best, ATTACK, QUIET, SEARCHED_KEPT,
            };
            use super::{Depth, Searcher, MAX_PLY, PLY};
            use crate::core::color::Color;
            use crate::core::score::{Bound, WIN, WIN_THRESHOLD};
            use crate::gomoku::board::{Board, Cell};
            use crate::gomoku::eval::{evaluate_smoothed, material};
            use crate::gomoku::movegen::{generate_unordered, is_legal, is_stuck};
            use crate::gomoku::pattern::Threat;
            use crate::gomoku::rule::Rule;
            use crate::gomoku::tt::Entry;

            /// What a node below the root knows about itself once it has read the table and the
            /// evaluation (its depth and alpha as they were then).
            #[derive(Clone, Copy)]
            struct Node {
                depth: Depth,
                ply: usize,
                alpha: i32,
                beta: i32,
                /// The side to move.
                me: Color,
                /// On a principal variation (a window wider than null).
                principal: bool,
                /// The opponent threatens an open four, which forces the moves.
                forced: bool,
                /// A cut-off is expected (a null-window node whose parent expects none).
                cut_node: bool,
                /// The position is or was part of a principal variation.
                was_principal: bool,
                /// The evaluation is better than two plies up.
                improving: bool,
                /// The static evaluation sharpened by the table (`None` when the moves are forced).
                eval: Option<i32>,
                entry: Option<Entry>,
                /// The move a singular-extension test leaves out.
                excluded: Option<Cell>,
            }

            /// What a move of a node is, for the decisions about its depth.
            #[derive(Clone, Copy)]
            struct MoveFacts {
                cell: Cell,
                /// Its threat class for the side to move, and for the opponent.
                own: Threat,
                theirs: Threat,
                /// No pattern for either side.
                trivial: bool,
                /// At least a double two for us or an open three for them.
                important: bool,
                /// Far from both sides' last stones.
                distract: bool,
                /// Its distance to the opponent's last stone and to ours.
                from_theirs: usize,
                from_ours: usize,
            }

            /// The moves of a node searched in vain before its best one, by kind (at most
            /// [`SEARCHED_KEPT`] of each).
            struct Searched {
                cells: [[Cell; SEARCHED_KEPT]; 2],
                count: [usize; 2],
            }

            impl Default for Searched {
                fn default() -> Self {
                    Searched {
                        cells: [[0; SEARCHED_KEPT]; 2],
                        count: [0; 2],
                    }
                }
            }

            impl Searched {
                fn push(&mut self, kind: usize, cell: Cell) {
                    if self.count[kind] < SEARCHED_KEPT {
                        self.cells[kind][self.count[kind]] = cell;
                        self.count[kind] += 1;
                    }
                }

                fn of(&self, kind: usize) -> &[Cell] {
                    &self.cells[kind][..self.count[kind]]
                }
            }

            /// Rapfi's neighbourhood of a stone reaches this far along its lines: moves farther from the
            /// last stones distract.
            const NEAR: usize = 4;

            impl Searcher {
                /// The search of a node below the root: `depth` in eighths of a ply, a null window unless
                /// the node is on a principal variation; `cut_node` when a cut-off is expected (a
                /// null-window node whose parent expects none).
                pub(super) fn negamax(
                    &mut self,
                    board: &mut Board,
                    mut depth: Depth,
                    ply: usize,
                    mut alpha: i32,
                    beta: i32,
                    cut_node: bool,
                ) -> i32 {
                    self.nodes += 1;
                    if self.nodes & 15 == 0 && self.deadline.hard_passed() {
                        self.stopped = true;
                    }
                    if self.stopped {
                        return 0;
                    }
                    let me = board.side_to_move();
                    let opponent = me.opponent();
                    let ply_score = ply as i32;
                    self.stack[ply].material = material(board);
                    self.stack[ply].extension = self.stack[ply - 1].extension;
                    if board.threat_count(me, Threat::Five) > 0 {
                        return WIN - ply_score;
                    }
                    if board.threat_count(opponent, Threat::Five) > 0 {
                        if board.threat_count(opponent, Threat::Five) > 1 {
                            return -(WIN - ply_score - 1);
                        }
                        let block = board.five_point(opponent).expect("counted above");
                        if !is_legal(board, block) || ply >= MAX_PLY {
                            return -(WIN - ply_score - 1);
                        }
                        // The one block costs no depth.
                        self.stack[ply].eval = self
                            .stack[ply - 1]
                            .eval
                            .map(|eval| -eval);
                        self.stack[ply].was_principal = self
                            .stack[ply - 1]
                            .was_principal;
                        self.stack[ply].played = Some((block, board.threat(me, block)));
                        board.play(block);
                        let score = -self
                            .negamax(board, depth, ply + 1, -beta, -alpha, !cut_node);
                        board.undo();
                        return score;
                    }
                    if let Some(score) = self.static_win(board, ply_score) {
                        return score;
                    }
                    if depth <= 0 || ply >= MAX_PLY {
                        return self.leaf(board, 0, ply, alpha, beta);
                    }
                    // Mate-distance pruning: nothing here can beat a win found closer to the root.
                    let alpha_floor = -(WIN - ply_score);
                    if alpha_floor >= beta {
                        return alpha_floor;
                    }
                    let principal = beta - alpha > 1;
                    // A node searched without one of its moves neither reads nor writes the table: its
                    // result is not the node's.
                    let excluded = self.stack[ply].excluded;
                    let key = board.hash();
                    let entry = if excluded.is_some() {
                        None
                    } else {
                        self.table.probe(key)
                    };
                    if let Some(entry) = entry {
                        if !principal && entry.depth >= depth {
                            let score = from_table(entry.score, ply_score);
                            if entry.bound.settles(score, alpha, beta) {
                                if let Some(cell) = entry.best {
                                    self.learn_from_table_move(
                                        board,
                                        cell,
                                        depth,
                                        score >= beta,
                                    );
                                }
                                return score;
                            }
                        }
                    }
                    let table_move = entry.and_then(|entry| entry.best);
                    let mut was_principal = if excluded.is_some() {
                        self.stack[ply].was_principal
                    } else {
                        principal || entry.map_or(false, |entry| entry.pv)
                    };
                    self.stack[ply].was_principal = was_principal;
                    self.stack[ply + 1].was_principal = false;

                    // The opponent threatens an open four: the moves are forced, and the evaluation of
                    // the position says little (the parent's stands in for it).
                    let forced = board.threat_count(opponent, Threat::Flex4) > 0;
                    let mut eval = None;
                    let mut improving = false;
                    if forced {
                        self.stack[ply].eval = self
                            .stack[ply - 1]
                            .eval
                            .map(|eval| -eval);
                    } else {
                        let stand = evaluate_smoothed(
                            board,
                            self.stack[ply - 1].material,
                        );
                        self.stack[ply].eval = Some(stand);
                        let mut estimate = stand;
                        if let Some(entry) = entry {
                            let score = from_table(entry.score, ply_score);
                            if entry.bound.improves(score, stand) {
                                estimate = score;
                            }
                        }
                        eval = Some(estimate);
                        improving = ply >= 2
                            && matches!(
                                (self.stack[ply].eval, self.stack[ply - 2].eval),
                                (Some(now), Some(before))
                                if now > before
                            );
                    }

                    let node = Node {
                        depth,
                        ply,
                        alpha,
                        beta,
                        me,
                        principal,
                        forced,
                        cut_node,
                        was_principal,
                        improving,
                        eval,
                        entry,
                        excluded,
                    };
                    if !principal {
                        if let Some(score) = self.prune_before_moves(board, &node) {
                            return score;
                        }
                    }
                    // Without a move to try first, a node of the principal variation is searched a little
                    // less deep; with one that was not searched as deep lately, less deep still.
                    if principal {
                        match entry {
                            None | Some(Entry { best: None, .. }) => {
                                depth -= self.params.iir_principal;
                            }
                            Some(entry) if depth > PLY => {
                                let shallower = (depth - entry.depth)
                                    * self.params.iir_table_percent / 100;
                                depth -= shallower.clamp(0, self.params.iir_table_max);
                            }
                            Some(_) => {}
                        }
                        if depth <= 0 {
                            return self.leaf(board, 0, ply, alpha, beta);
                        }
                    }

                    let mut moves = std::mem::take(&mut self.stack[ply].moves);
                    generate_unordered(board, &mut moves, &mut self.scratch);
                    if moves.is_empty() {
                        self.stack[ply].moves = moves;
                        if forced {
                            return -(WIN - ply_score - 3);
                        }
                        // Renju's black with empty cells left, every one forbidden, must play one and lose.
                        return if is_stuck(board) { -(WIN - ply_score - 1) } else { 0 };
                    }
                    self.order(board, &mut moves, table_move, ply);
                    let mut complexity_log = None;
                    let likely_fail_high = !principal && cut_node
                        && eval
                            .map_or(
                                false,
                                |eval| {
                                    eval >= beta + self.params.fail_high_margin(depth, forced)
                                },
                            );
                    let original_alpha = alpha;
                    let mut best_score = -WIN - 1;
                    let mut best_move = None;
                    // The moves searched before the best one, by kind, which the history marks down.
                    let mut searched = Searched::default();
                    let their_last = ply
                        .checked_sub(1)
                        .and_then(|p| self.stack[p].played);
                    let our_last = ply.checked_sub(2).and_then(|p| self.stack[p].played);
                    let (renju_distance, distract_distance) = self
                        .params
                        .distract_distance;
                    let distract_distance = if board.rule() == Rule::Renju {
                        renju_distance
                    } else {
                        distract_distance
                    };
                    // 1 once the excluded move has been passed over, so that it is not counted.
                    let mut skipped = 0;
                    for index in 0..moves.len() {
                        // Most nodes end with their first move or two, so the moves are picked best first
                        // one at a time rather than sorted all at once.
                        select_best(&mut moves[index..]);
                        let cell = moves[index].cell;
                        if Some(cell) == excluded {
                            skipped = 1;
                            continue;
                        }
                        let move_count = index + 1 - skipped;
                        let own = board.threat(me, cell);
                        let theirs = board.threat(opponent, cell);
                        let important = own >= Threat::DoubleTwo
                            || theirs >= Threat::Three;
                        let trivial = own == Threat::None && theirs == Threat::None;
                        let from_theirs = their_last
                            .map_or(0, |(last, _)| distance(board, cell, last));
                        let from_ours = our_last
                            .map_or(0, |(last, _)| distance(board, cell, last));
                        let distract = from_ours > distract_distance
                            && from_theirs > NEAR;
                        // Moves are skipped only once one move is known not to lose: a node that pruned
                        // its way to a lost score would pass off an unproven loss as a proof, and the
                        // search trusts win and loss scores everywhere.
                        if best_score > -WIN_THRESHOLD {
                            if move_count
                                >= self.params.move_count_limit(depth, improving)
                            {
                                break;
                            }
                            if trivial && depth < self.params.trivial_prune_depth {
                                continue;
                            }
                            // A counter-four far from both last moves mostly delays the loss.
                            if forced && depth < self.params.trivial_prune_depth
                                && !theirs.is_four() && distract
                            {
                                continue;
                            }
                        }
                        let mut extension = 0;
                        if Some(cell) == table_move {
                            let singular = match entry {
                                Some(entry) if excluded.is_none() => {
                                    self.singular_extension(
                                        board,
                                        entry,
                                        depth,
                                        ply,
                                        beta,
                                        principal,
                                        cut_node,
                                    )
                                }
                                _ => None,
                            };
                            match singular {
                                Some(Singular::Cut(score)) => {
                                    self.stack[ply].moves = moves;
                                    return score;
                                }
                                Some(Singular::Extend(plies)) => extension = plies,
                                None => {
                                    let (in_principal, elsewhere) = self
                                        .params
                                        .table_move_extension;
                                    extension = if principal {
                                        in_principal
                                    } else {
                                        elsewhere
                                    };
                                    let (near, more) = self.params.near_four_extension;
                                    if own.is_four() && from_ours <= near {
                                        extension += more;
                                    }
                                }
                            }
                        }
                        if likely_fail_high {
                            if !own.is_four() {
                                extension -= PLY;
                            } else if our_last
                                .map_or(false, |(_, threat)| threat.is_four())
                            {
                                extension += PLY;
                            }
                        }
                        let mut new_depth = depth - PLY + extension;
                        self.stack[ply].extension = self
                            .stack[ply.saturating_sub(1)]
                            .extension + (extension - PLY).max(0);
                        let reduced_search = depth >= 2 * PLY && move_count > 1;
                        let busy = if reduced_search {
                            *complexity_log.get_or_insert_with(|| complexity(board))
                        } else {
                            0.0
                        };
                        self.stack[ply].played = Some((cell, own));
                        if new_depth > 0 {
                            // The child probes the table first: its slot loads while the board updates.
                            self.table.prefetch(board.hash_after(cell));
                        }
                        board.play(cell);
                        let mut score = -WIN - 1;
                        // Whether the move still needs a null-window search at full depth: every move but
                        // the first of a principal node, unless a reduced search settled it.
                        let mut full_null_window = !principal || move_count > 1;
                        if reduced_search {
                            let facts = MoveFacts {
                                cell,
                                own,
                                theirs,
                                trivial,
                                important,
                                distract,
                                from_theirs,
                                from_ours,
                            };
                            let reduction = self
                                .reduction(board, &node, &facts, depth, move_count, busy);
                            let reduced = (new_depth - reduction)
                                .min(new_depth + PLY)
                                .max(PLY);
                            score = -self
                                .negamax(board, reduced, ply + 1, -alpha - 1, -alpha, true);
                            full_null_window = false;
                            if score > alpha && reduced < new_depth && !self.stopped {
                                let mut more = self
                                    .params
                                    .research_extension(
                                        new_depth - reduced,
                                        score,
                                        alpha,
                                        best_score,
                                    );
                                if self.stack[ply].extension >= self.params.lmr_extra_max {
                                    more = more.min(PLY);
                                } else {
                                    self.stack[ply].extension += (more - PLY).max(0);
                                }
                                new_depth += more;
                                full_null_window = reduced < new_depth;
                            }
                        }
                        if full_null_window {
                            score = -self
                                .negamax(
                                    board,
                                    new_depth,
                                    ply + 1,
                                    -alpha - 1,
                                    -alpha,
                                    !cut_node,
                                );
                        }
                        if principal
                            && (move_count == 1 || score > alpha && score < beta)
                            && !self.stopped
                        {
                            score = -self
                                .negamax(board, new_depth, ply + 1, -beta, -alpha, false);
                        }
                        board.undo();
                        if self.stopped {
                            self.stack[ply].moves = moves;
                            return 0;
                        }
                        if score > best_score {
                            best_score = score;
                            if score > alpha {
                                best_move = Some(cell);
                                if score >= beta {
                                    break;
                                }
                                alpha = score;
                                // Once a move has raised alpha, the others are searched a ply less.
                                let (from, below, score_limit) = self
                                    .params
                                    .raised_alpha_reduction;
                                if depth > from && depth < below
                                    && score.abs() < self.params.margin(score_limit)
                                {
                                    depth -= PLY;
                                }
                            }
                        }
                        if best_move != Some(cell) {
                            if let Some(kind) = history_kind(own, forced) {
                                searched.push(kind, cell);
                            }
                        }
                    }
                    self.stack[ply].moves = moves;
                    if let Some(best) = best_move {
                        self.learn_from_node(board, ply, depth, forced, best, &searched);
                    }
                    let bound = Bound::of(best_score, original_alpha, beta);
                    // A position whose moves all failed low below a principal one may be on the next
                    // principal variation; one that found its refutation is likely not.
                    if best_score <= original_alpha {
                        was_principal = was_principal
                            || (self.stack[ply - 1].was_principal && depth > 3 * PLY);
                    } else if depth > 3 * PLY {
                        was_principal = was_principal
                            && self.stack[ply + 1].was_principal;
                    }
                    if excluded.is_some() {
                        return best_score;
                    }
                    self.stack[ply].was_principal = was_principal;
                    self.table
                        .store(
                            key,
                            Entry {
                                best: best_move,
                                score: to_table(best_score, ply_score),
                                depth,
                                bound,
                                pv: was_principal,
                            },
                        );
                    best_score
                }

                /// The cut-offs of a null-window node before any move: razoring (near the leaves, a
                /// position far below alpha is left to its fours), futility and the null move (a position
                /// far enough above beta stands).
                fn prune_before_moves(
                    &mut self,
                    board: &mut Board,
                    node: &Node,
                ) -> Option<i32> {
                    let Node {
                        depth,
                        ply,
                        alpha,
                        beta,
                        cut_node,
                        improving,
                        eval,
                        entry,
                        excluded,
                        ..
                    } = *node;
                    // Razoring: near the leaves, a position far below alpha is left to its fours (a
                    // forced one too: its threat is in the evaluation of the leaf).
                    let below = match eval {
                        Some(eval) => eval + self.params.razor_margin(depth) < alpha,
                        None => true,
                    };
                    if depth < self.params.razor_depth && below
                        && (alpha < WIN_THRESHOLD || entry.is_none())
                    {
                        return Some(self.leaf(board, 0, ply, alpha, alpha + 1));
                    }
                    // Futility: a position far enough above beta stands, unless it is attacking with
                    // fours, whose end the evaluation does not see.
                    if let Some(eval) = eval {
                        let margin = self
                            .params
                            .futility_margin(
                                depth - PLY,
                                cut_node && entry.is_none(),
                                improving,
                            );
                        let attacking = ply >= 4
                            && [ply - 2, ply - 4]
                                .iter()
                                .all(|&p| {
                                    self.stack[p]
                                        .played
                                        .map_or(false, |(_, threat)| threat.is_four())
                                });
                        if eval < WIN_THRESHOLD && beta > -WIN_THRESHOLD
                            && eval - margin >= beta && !attacking
                        {
                            return Some(eval);
                        }
                        // Null move: deep in the tree, a position far enough above beta may pass. The
                        // margin is on the static evaluation, not on the table's estimate.
                        let stand = self.stack[ply].eval.unwrap_or(eval);
                        if excluded.is_none() && eval >= beta {
                            return self
                                .null_move(board, stand, depth, ply, beta, cut_node);
                        }
                    }
                    None
                }

                /// How much less deep the `move_count`th move of a node of `depth` is first searched, in
                /// eighths of a ply: the late-move reduction, adjusted for what the node and the move are
                /// (`board` is the position after the move).
                fn reduction(
                    &self,
                    board: &Board,
                    node: &Node,
                    facts: &MoveFacts,
                    depth: Depth,
                    move_count: usize,
                    busy: f64,
                ) -> Depth {
                    let MoveFacts {
                        cell,
                        own,
                        theirs,
                        trivial,
                        important,
                        distract,
                        from_theirs,
                        from_ours,
                    } = *facts;
                    let Node { ply, me, forced, .. } = *node;
                    let our_last = ply.checked_sub(2).and_then(|p| self.stack[p].played);
                    let mut reduction = self.base_reduction(board, depth, move_count);
                    if node.principal {
                        reduction = (reduction - PLY).max(0);
                    } else if !node.improving && reduction > PLY {
                        reduction += PLY;
                    }
                    reduction
                        += (busy
                            * self.params.complexity_share(trivial, important, distract))
                            as Depth;
                    if node.was_principal {
                        reduction -= self.params.lmr_was_principal;
                    }
                    let killer = self.stack[ply].killers.contains(&Some(cell));
                    if node.cut_node && !(!forced && killer && own < Threat::Three) {
                        reduction += self.params.lmr_cut_node;
                    }
                    if forced && !theirs.is_four() {
                        let (far_from_theirs, far_from_ours) = self
                            .params
                            .lmr_forced_far;
                        reduction
                            += if from_theirs > NEAR { far_from_theirs } else { 0 };
                        reduction += if from_ours > NEAR { far_from_ours } else { 0 };
                    }
                    let attacking_on = our_last
                        .map_or(false, |(_, threat)| threat >= Threat::Three);
                    if !forced && attacking_on
                        && (own >= Threat::Three
                            || from_ours <= NEAR && own >= Threat::DoubleTwo)
                    {
                        reduction -= self.params.lmr_attack_on;
                    }
                    reduction -= self.history_reduction(cell, me, depth);
                    reduction
                }

                /// What a node teaches the ordering once its `best` move is known (it cut off or raised
                /// alpha): the move gains, the moves of its kind searched before it in vain lose as much,
                /// a quiet one becomes a killer, and it becomes the counter-move of the opponent's last.
                fn learn_from_node(
                    &mut self,
                    board: &Board,
                    ply: usize,
                    depth: Depth,
                    forced: bool,
                    best: Cell,
                    searched: &Searched,
                ) {
                    let me = board.side_to_move();
                    let opponent = me.opponent();
                    let their_last = ply
                        .checked_sub(1)
                        .and_then(|p| self.stack[p].played);
                    let bonus = self.params.history_bonus(depth);
                    let own = board.threat(me, best);
                    if let Some(kind) = history_kind(own, forced) {
                        self.reward(best, me, kind, bonus);
                        if kind == QUIET {
                            self.add_killer(ply, best);
                        }
                    }
                    for kind in [ATTACK, QUIET] {
                        for &tried in searched.of(kind) {
                            self.reward(tried, me, kind, -bonus);
                        }
                    }
                    if let Some((last, _)) = their_last {
                        self.counter_moves[last as usize][opponent.index()] = Some((
                            best,
                            own,
                        ));
                    }
                }

                /// The null-move test of a null-window node whose evaluation `stand` lies far above
                /// `beta`: the opponent moves twice in a row, in a search some plies less deep, and when we
                /// still hold beta the node is cut with that score (never a win: passing proves none).
                /// A stone seldom hurts its owner in gomoku (only through renju's forbidden points or an
                /// exact five's overline), so a pass is about a lower bound of the best move. Not twice in a
                /// row, not in shallow nodes, and not where beta is a win or a loss, which moves must prove.
                pub(super) fn null_move(
                    &mut self,
                    board: &mut Board,
                    stand: i32,
                    depth: Depth,
                    ply: usize,
                    beta: i32,
                    cut_node: bool,
                ) -> Option<i32> {
                    let rule = board.rule();
                    let passed_before = self.stack[ply - 1].played.is_none();
                    if depth < self.params.null_move_depth(rule)
                        || stand < beta + self.params.null_move_margin(rule, depth)
                        || beta.abs() >= WIN_THRESHOLD || passed_before
                    {
                        return None;
                    }
                    let me = board.side_to_move();
                    self.stack[ply].played = None;
                    board.set_side_to_move(me.opponent());
                    let reduced = depth - self.params.null_move_reduction(rule, depth);
                    let score = -self
                        .negamax(board, reduced, ply + 1, -beta, -beta + 1, !cut_node);
                    board.set_side_to_move(me);
                    (score >= beta && !self.stopped)
                        .then(|| score.min(WIN_THRESHOLD - 1))
                }

                /// The singular-extension test of a table move that held at about this depth before: the
                /// node searched without it, less deep and against its table score less a margin. When
                /// every other move stays below, the table move is the only good one and is searched
                /// deeper (two plies when far below, outside the principal variation); when the others
                /// hold beta on their own, the node is cut (several moves would); when only the table's
                /// score holds beta, the move is searched less deep. `None` when the test does not apply.
                pub(super) fn singular_extension(
                    &mut self,
                    board: &mut Board,
                    entry: Entry,
                    depth: Depth,
                    ply: usize,
                    beta: i32,
                    principal: bool,
                    cut_node: bool,
                ) -> Option<Singular> {
                    let score = from_table(entry.score, ply as i32);
                    if depth < self.params.singular_depth || entry.bound == Bound::Upper
                        || entry.depth < depth - self.params.singular_table_depth
                        || score.abs() >= WIN_THRESHOLD
                    {
                        return None;
                    }
                    // A null-window node that was once on a principal variation is tested harder.
                    let former_principal = !principal && self.stack[ply].was_principal;
                    let margin = self
                        .params
                        .singular_margin(board.rule(), depth, former_principal);
                    let singular_beta = (score - margin).max(-WIN);
                    let test_depth = depth
                        - depth * self.params.singular_test_percent / 100
                        + PLY * i32::from(former_principal);
                    self.stack[ply].excluded = entry.best;
                    let test = self
                        .negamax(
                            board,
                            test_depth,
                            ply,
                            singular_beta - 1,
                            singular_beta,
                            cut_node,
                        );
                    self.stack[ply].excluded = None;
                    if self.stopped {
                        return None;
                    }
                    Some(
                        if test < singular_beta {
                            let far_below = test
                                < singular_beta - self.params.double_singular_margin(depth);
                            if far_below && !principal
                                && self.stack[ply - 1].extension
                                    < self.params.singular_extra_max
                            {
                                Singular::Extend(2 * PLY)
                            } else {
                                Singular::Extend(PLY)
                            }
                        } else if singular_beta >= beta {
                            Singular::Cut(beta)
                        } else if score >= beta {
                            Singular::Extend(-self.params.singular_fail_high_reduction)
                        } else {
                            Singular::Extend(0)
                        },
                    )
                }

                /// A win the threats on the board decide without a search, when the opponent has no five
                /// to make: an open four (or two fours); or, when the opponent cannot make a four to
                /// interrupt, a four-three or a double three (neither under renju's forbidden points).
                fn static_win(
                    &mut self,
                    board: &mut Board,
                    ply_score: i32,
                ) -> Option<i32> {
                    let me = board.side_to_move();
                    let opponent = me.opponent();
                    if board.threat_count(me, Threat::Flex4) > 0
                        && self.has_legal_flex4(board)
                    {
                        return Some(WIN - ply_score - 2);
                    }
                    if board.rule().has_forbidden_points(me) {
                        return None;
                    }
                    let their_fours = [Threat::Four, Threat::FourThree, Threat::Flex4]
                        .iter()
                        .map(|&threat| board.threat_count(opponent, threat))
                        .sum::<usize>();
                    let double_threats = board.threat_count(me, Threat::FourThree)
                        + board.threat_count(me, Threat::DoubleThree);
                    (their_fours == 0 && double_threats > 0)
                        .then_some(WIN - ply_score - 4)
                }

                /// The late-move reduction of the `move_count`th move in a node of `depth`, in eighths of
                /// a ply: the product of their logarithms, less where a win must be exact.
                pub(super) fn base_reduction(
                    &self,
                    board: &Board,
                    depth: Depth,
                    move_count: usize,
                ) -> Depth {
                    let factor = self.params.lmr_factor.get(board.rule());
                    let plies = (depth / PLY).clamp(0, 255) as usize;
                    let reduction = factor * factor * self.reduction_log[plies]
                        * self.reduction_log[move_count.min(255)] * f64::from(PLY);
                    reduction as Depth
                }

                /// A leaf: the side to move stands on its evaluation or plays a four near its last stone
                /// (each answered by its one block through [`Searcher::negamax`], which comes back here a
                /// level deeper: `depth` counts the levels below zero), so that a run of fours that ends
                /// in a win or a strong shape is seen to its end.
                ///
                /// "Near" is Rapfi's neighbourhood of a stone: its 5x5 square and its lines up to four cells
                /// away (every four on the board costs nodes and seldom matters).
                pub(super) fn leaf(
                    &mut self,
                    board: &mut Board,
                    depth: i32,
                    ply: usize,
                    mut alpha: i32,
                    beta: i32,
                ) -> i32 {
                    let stand = evaluate_smoothed(board, self.stack[ply - 1].material);
                    let me = board.side_to_move();
                    let fours = board.threat_count(me, Threat::Four)
                        + board.threat_count(me, Threat::FourThree);
                    if stand >= beta || fours == 0 || ply + 2 >= MAX_PLY
                        || stand + self.params.leaf_delta < alpha
                    {
                        return stand;
                    }
                    let last = match board
                        .history()
                        .iter()
                        .rev()
                        .find(|&&(_, color)| color == me)
                    {
                        Some(&(last, _)) => last,
                        None => return stand,
                    };
                    let (lx, ly) = board.coords(last);
                    let mut cells = std::mem::take(&mut self.stack[ply].fours);
                    board.cells_with_threat(me, Threat::Four, &mut cells);
                    cells
                        .retain(|&cell| {
                            let threat = board.threat(me, cell);
                            if threat != Threat::Four && threat != Threat::FourThree {
                                return false;
                            }
                            let (x, y) = board.coords(cell);
                            let (dx, dy) = (x.abs_diff(lx), y.abs_diff(ly));
                            let on_line = dx == 0 || dy == 0 || dx == dy;
                            dx.max(dy) <= 2 || (on_line && dx.max(dy) <= 4)
                        });
                    cells.sort_by_key(|&cell| std::cmp::Reverse(board.threat(me, cell)));
                    let mut best = stand;
                    alpha = alpha.max(stand);
                    for &cell in &cells {
                        if !is_legal(board, cell) {
                            continue;
                        }
                        board.play(cell);
                        let score = -self
                            .negamax(board, depth - PLY, ply + 1, -beta, -alpha, false);
                        board.undo();
                        if self.stopped {
                            break;
                        }
                        if score > best {
                            best = score;
                            alpha = alpha.max(score);
                            if score >= beta {
                                break;
                            }
                        }
                    }
                    self.stack[ply].fours = cells;
                    best
                }

                fn has_legal_flex4(&mut self, board: &mut Board) -> bool {
                    let me = board.side_to_move();
                    if !board.rule().has_forbidden_points(me) {
                        return true;
                    }
                    board.cells_with_threat(me, Threat::Flex4, &mut self.scratch);
                    let cells = std::mem::take(&mut self.scratch);
                    let found = cells.iter().any(|&c| is_legal(board, c));
                    self.scratch = cells;
                    found
                }
            }

            /// What a singular-extension test decided for the table move.
            #[derive(Debug)]
            pub(super) enum Singular {
                /// Search it this much deeper (less deep when negative), in eighths of a ply.
                Extend(Depth),
                /// Other moves hold beta too: the node returns this score.
                Cut(i32),
            }

            /// The logarithm of how many cells hold a pattern for either side: a busy position reduces
            /// its quiet moves a little more.
            fn complexity(board: &Board) -> f64 {
                let classes = [
                    Threat::Low,
                    Threat::DoubleTwo,
                    Threat::Three,
                    Threat::ThreePlus,
                    Threat::Four,
                    Threat::DoubleThree,
                ];
                let count: usize = [Color::Black, Color::White]
                    .iter()
                    .flat_map(|&color| classes.iter().map(move |&class| (color, class)))
                    .map(|(color, class)| board.threat_count(color, class))
                    .sum();
                ((1 + count) as f64).ln()
            }

            /// The Chebyshev distance between two cells.
            fn distance(board: &Board, a: Cell, b: Cell) -> usize {
                let (ax, ay) = board.coords(a);
                let (bx, by) = board.coords(b);
                ax.abs_diff(bx).max(ay.abs_diff(by))
            }

            /// Win scores are stored relative to the node, so that they stay right at another ply.
            pub(super) fn to_table(score: i32, ply: i32) -> i32 {
                if score >= WIN_THRESHOLD {
                    score + ply
                } else if score <= -WIN_THRESHOLD {
                    score - ply
                } else {
                    score
                }
            }

            pub(super) fn from_table(score: i32, ply: i32) -> i32 {
                if score >= WIN_THRESHOLD {
                    score - ply
                } else if score <= -WIN_THRESHOLD {
                    score + ply
                } else {
                    score
                }
            }
        }

        mod ordering {
            // engine/src/gomoku/search/ordering.rs
            //! What the search learns about moves while it runs, and the order it tries them in: the
            //! history of threats and quiet moves, killers, counter-moves and the table move first.

            use super::{Depth, Searcher};
            use crate::core::color::Color;
            use crate::gomoku::board::{Board, Cell};
            use crate::gomoku::movegen::ScoredMove;
            use crate::gomoku::pattern::Threat;

            /// The kinds of moves the history keeps apart: threats and quiet moves.
            pub(super) const ATTACK: usize = 0;

            pub(super) const QUIET: usize = 1;

            /// At most this many moves of each kind searched in vain in a node are marked down.
            pub(super) const SEARCHED_KEPT: usize = 32;

            impl Searcher {
                /// Moves a history score towards the limit by `bonus` (or away by a malus), by less the
                /// nearer it already is, so that it stays within the history limit.
                pub(super) fn reward(
                    &mut self,
                    cell: Cell,
                    color: Color,
                    kind: usize,
                    bonus: i32,
                ) {
                    let entry = &mut self.history[cell as usize][color.index()][kind];
                    *entry += bonus - *entry * bonus.abs() / self.params.history_limit;
                }

                /// Makes `cell` the first killer of `ply`.
                pub(super) fn add_killer(&mut self, ply: usize, cell: Cell) {
                    let killers = &mut self.stack[ply].killers;
                    if killers[0] != Some(cell) {
                        killers[1] = killers[0];
                        killers[0] = Some(cell);
                    }
                }

                /// What a table cut-off teaches: its quiet table move was good when the bound was at or
                /// above beta, and bad otherwise.
                pub(super) fn learn_from_table_move(
                    &mut self,
                    board: &Board,
                    cell: Cell,
                    depth: Depth,
                    good: bool,
                ) {
                    let me = board.side_to_move();
                    let forced = board.threat_count(me.opponent(), Threat::Flex4) > 0;
                    if !board.is_empty(cell)
                        || history_kind(board.threat(me, cell), forced) != Some(QUIET)
                    {
                        return;
                    }
                    let bonus = self.params.history_bonus(depth);
                    self.reward(cell, me, QUIET, if good { bonus } else { -bonus });
                }

                /// How much less the history of a move reduces it, in eighths of a ply.
                pub(super) fn history_reduction(
                    &self,
                    cell: Cell,
                    color: Color,
                    depth: Depth,
                ) -> Depth {
                    let [attack, quiet] = self.history[cell as usize][color.index()];
                    self.params.history_reduction(attack, quiet, depth)
                }

                /// Scores the table move highest and raises the moves with a good history and the move that
                /// last answered the opponent's move best (the search then picks them best first). The
                /// killers add nothing here, as in Rapfi: ranked above threats, they cost 12 points.
                pub(super) fn order(
                    &self,
                    board: &Board,
                    moves: &mut [ScoredMove],
                    table_move: Option<Cell>,
                    ply: usize,
                ) {
                    let me = board.side_to_move();
                    let counter = ply
                        .checked_sub(1)
                        .and_then(|p| self.stack[p].played)
                        .and_then(|(last, _)| {
                            self.counter_moves[last as usize][me.opponent().index()]
                        });
                    for scored in moves.iter_mut() {
                        let cell = scored.cell;
                        if Some(cell) == table_move {
                            scored.score = i32::MAX;
                            continue;
                        }
                        let own = board.threat(me, cell);
                        let [attack, quiet] = self.history[cell as usize][me.index()];
                        scored.score
                            += if own >= Threat::Three {
                                attack / self.params.attack_history_divisor
                            } else {
                                quiet / self.params.quiet_history_divisor
                            };
                        if let Some((counter, threat)) = counter {
                            if counter == cell && threat <= own {
                                scored.score += self.params.counter_move_bonus;
                            }
                        }
                    }
                }
            }

            /// Swaps the best-scored move of `moves` to the front (the first of equals).
            pub(super) fn select_best(moves: &mut [ScoredMove]) {
                let mut best = 0;
                for index in 1..moves.len() {
                    if moves[index].score > moves[best].score {
                        best = index;
                    }
                }
                moves.swap(0, best);
            }

            /// Which history a move with threat class `own` for its player belongs to: a threat (an open
            /// three or more) always, a quiet move unless it answers the opponent's open three.
            pub(super) fn history_kind(own: Threat, forced: bool) -> Option<usize> {
                if own >= Threat::Three {
                    Some(ATTACK)
                } else if forced {
                    None
                } else {
                    Some(QUIET)
                }
            }
        }

        pub mod params {
            // engine/src/gomoku/search/params.rs
            //! Every tunable number of the search, by name, in one struct: a tool can vary any of them
            //! (`Params::set`) without a fork of the code. Where an idea is Rapfi's, so is the name and, in
            //! our units, the value. Depths are in eighths of a ply (`PLY` in the search); evaluation margins are in
            //! units of [`Params::margin_scale`] evaluation points.

            use super::{Depth, PLY};
            use crate::gomoku::rule::Rule;

            /// A value that depends on the rule: freestyle, renju, and the rules where a win must be exact
            /// (exact five and the caro rules).
            #[derive(Clone, Copy, Debug, PartialEq)]
            pub struct ByRule<T> {
                pub freestyle: T,
                pub renju: T,
                pub exact: T,
            }

            impl<T: Copy> ByRule<T> {
                /// The value for `rule`.
                pub fn get(&self, rule: Rule) -> T {
                    match rule {
                        Rule::Freestyle => self.freestyle,
                        Rule::Renju => self.renju,
                        _ => self.exact,
                    }
                }
            }

            /// The search's parameters.
            #[derive(Clone, Debug, PartialEq)]
            pub struct Params {
                /// Evaluation units in one unit of the margins (they were first set on a scale of 200
                /// units to a logit; ours has 1,132).
                pub margin_scale: i32,
                /// Another iteration starts only while less than this share of the move's time limit has
                /// passed: one started late seldom finishes, but its first root moves may still improve.
                pub iteration_start_share: f64,
                /// A fall of the root score by more than this between iterations, like a change of the
                /// best move, marks a move that is not settled yet (it gets more time).
                pub unsettled_drop: i32,
                /// Iterations shallower than this say little about whether the move is settled.
                pub settled_from_depth: i32,
                /// A move not settled yet may think this percent of its soft time limit (at most halfway
                /// from the soft to the hard limit).
                pub unsettled_time_percent: u32,
                /// Iterations from this depth on search within a window around the last one's score,
                pub aspiration_depth: i32,
                /// at first this many margin units wide on each side.
                pub aspiration_delta: i32,
                /// History scores stay within plus or minus this.
                pub history_limit: i32,
                /// A threat's history score is worth this many times less than an ordering point,
                pub attack_history_divisor: i32,
                /// and a quiet move's this many.
                pub quiet_history_divisor: i32,
                /// What the move that last answered the opponent's move best adds to the ordering score.
                pub counter_move_bonus: i32,
                /// Rapfi's quadratic history bonus in plies: `a * p * p + b * p + c`, clamped to `max`.
                pub history_bonus: (f64, f64, f64, i32),
                /// A leaf this far below alpha plays no fours: none of them could bring it back.
                pub leaf_delta: i32,
                /// Razoring applies below this depth,
                pub razor_depth: Depth,
                /// with a margin of `a * p * p + b * p + c` in plies `p`.
                pub razor_margin: (f64, f64, f64),
                /// Futility: the margin per ply, less this much in an uncertain node.
                pub futility_per_ply: (i32, i32),
                /// Quiet moves (no pattern for either side) are skipped below this depth once a move holds.
                pub trivial_prune_depth: Depth,
                /// A node tries at most `a + p^b` moves once one holds (half when not improving).
                pub move_count_limit: (usize, f64),
                /// A cut node's evaluation this far above beta (`a + b * plies + c if forced`) reduces its
                /// quiet moves a ply more.
                pub fail_high_margin: (i32, i32, i32),
                /// Null moves are tried from this many plies on,
                pub null_move_plies: ByRule<i32>,
                /// when the evaluation stands `bias - min(per_ply * plies, max)` above beta,
                pub null_move_margin: ByRule<(i32, i32)>,
                /// and search `bias + per_ply * plies` plies less deep.
                pub null_move_reduction: ByRule<(f64, f64)>,
                /// How much less deep a node of the principal variation without a table move is searched,
                pub iir_principal: Depth,
                /// and in percent of the difference to a shallower table result, at most `iir_table_max`.
                pub iir_table_percent: i32,
                pub iir_table_max: Depth,
                /// Singular extensions are tested in nodes at least this deep,
                pub singular_depth: Depth,
                /// on a table result at most this much shallower than the node;
                pub singular_table_depth: Depth,
                /// the test searches this percent less deep;
                pub singular_test_percent: i32,
                /// the margin per ply below the table score, by rule (one more in a former PV node);
                pub singular_margin_per_ply: ByRule<f64>,
                /// the double extension needs `a - min(depth * b / (10 plies), c)` units further below,
                pub double_singular_margin: (i32, i32, i32),
                /// and only while the line has been extended by less than this;
                pub singular_extra_max: Depth,
                /// a table move that holds beta only on its table score is searched this much less deep.
                pub singular_fail_high_reduction: Depth,
                /// Without a singular test, the table move is extended this much (in a PV node, else),
                pub table_move_extension: (Depth, Depth),
                /// and a four within this distance of our last stone this much more.
                pub near_four_extension: (usize, Depth),
                /// The late-move reduction's factor by rule (squared, times the logarithms of depth and
                /// move number).
                pub lmr_factor: ByRule<f64>,
                /// Reductions less in a former PV node,
                pub lmr_was_principal: Depth,
                /// more in a cut node (unless a quiet killer),
                pub lmr_cut_node: Depth,
                /// more for a forced node's moves far from the opponent's and our last stone,
                pub lmr_forced_far: (Depth, Depth),
                /// less for a threat that goes on with our attack.
                pub lmr_attack_on: Depth,
                /// The share of the position's complexity added to the reduction, in plies, for (trivial
                /// distracting, trivial, plain, important) moves.
                pub complexity_share: [f64; 4],
                /// Re-searches of reduced moves extend a line by at most this much in all,
                pub lmr_extra_max: Depth,
                /// a re-search goes a ply deeper when the move beat alpha by `a + b * plies` margin units,
                /// and another when by `c + d * plies`.
                pub research_margins: (i32, i32, i32, i32),
                /// Once a move has raised alpha, the other moves of a node between these depths whose score
                /// is within this many margin units of zero are searched a ply less.
                pub raised_alpha_reduction: (Depth, Depth, i32),
                /// A move farther than this from our last stone (under renju, under the other rules) and
                /// out of the opponent's last stone's neighbourhood distracts the search.
                pub distract_distance: (usize, usize),
                /// History reduction: the quiet history's weight (in 1024ths), Rapfi's bias, and its
                /// divisors (the second added from the depth in tenths of plies).
                pub history_reduction: (i32, i32, i32, i32, i32),
            }

            impl Default for Params {
                fn default() -> Self {
                    Params {
                        margin_scale: 6,
                        iteration_start_share: 0.8,
                        unsettled_drop: 40,
                        settled_from_depth: 5,
                        unsettled_time_percent: 200,
                        aspiration_depth: 5,
                        aspiration_delta: 16,
                        history_limit: 10_692,
                        attack_history_divisor: 8,
                        quiet_history_divisor: 16,
                        counter_move_bonus: 336,
                        history_bonus: (25.0, 105.0, -157.0, 8_927),
                        leaf_delta: 2_100,
                        razor_depth: 21,
                        razor_margin: (0.17, 14.0, 19.0),
                        futility_per_ply: (63, 12),
                        trivial_prune_depth: 34,
                        move_count_limit: (3, 1.32),
                        fail_high_margin: (-9, 15, 87),
                        null_move_plies: ByRule {
                            freestyle: 10,
                            renju: 8,
                            exact: 11,
                        },
                        null_move_margin: ByRule {
                            freestyle: (585, 315),
                            renju: (624, 230),
                            exact: (538, 345),
                        },
                        null_move_reduction: ByRule {
                            freestyle: (3.67, 0.135),
                            renju: (4.29, 0.17),
                            exact: (4.07, 0.134),
                        },
                        iir_principal: 3,
                        iir_table_percent: 28,
                        iir_table_max: 29,
                        singular_depth: 53,
                        singular_table_depth: 16,
                        singular_test_percent: 54,
                        singular_margin_per_ply: ByRule {
                            freestyle: 0.91,
                            renju: 0.94,
                            exact: 0.86,
                        },
                        double_singular_margin: (29, 6, 9),
                        singular_extra_max: 86,
                        singular_fail_high_reduction: 12,
                        table_move_extension: (2, 1),
                        near_four_extension: (4, 2),
                        lmr_factor: ByRule {
                            freestyle: 1.0,
                            renju: 0.75,
                            exact: 0.78,
                        },
                        lmr_was_principal: 8,
                        lmr_cut_node: 14,
                        lmr_forced_far: (15, 8),
                        lmr_attack_on: 4,
                        complexity_share: [0.0968, 0.0385, 0.0222, 0.0055],
                        lmr_extra_max: 40,
                        research_margins: (34, 11, 349, 26),
                        raised_alpha_reduction: (2 * PLY, 12 * PLY, 2_000),
                        distract_distance: (5, 4),
                        history_reduction: (780, 3_322, 12_267, 4_380, 54),
                    }
                }
            }

            impl Params {
                /// Applies one `NAME=VALUE` setting, as command lines give them (see [`Params::set`]).
                pub fn apply(&mut self, setting: &str) -> Result<(), String> {
                    let (name, value) = setting
                        .split_once('=')
                        .ok_or_else(|| format!("expected NAME=VALUE, got '{setting}'"))?;
                    let value: f64 = value
                        .parse()
                        .map_err(|_| format!("{name}: '{value}' is not a number"))?;
                    self.set(name, value)
                }

                /// Sets the scalar parameter called `name` (the field's name) to `value`; tuple, array and
                /// per-rule parameters take `name.N` (their N-th value) or `name.freestyle`, `.renju`,
                /// `.exact`.
                pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
                    let int = value.round() as i32;
                    let size = value.round().max(0.0) as usize;
                    let rule_slot = |name: &str, prefix: &str| -> Option<usize> {
                        match name.strip_prefix(prefix)? {
                            ".freestyle" => Some(0),
                            ".renju" => Some(1),
                            ".exact" => Some(2),
                            _ => None,
                        }
                    };
                    macro_rules! by_rule {
                        ($field:expr, $slot:expr, $value:expr) => {
                            match $slot { 0 => $field .freestyle = $value, 1 => $field
                            .renju = $value, _ => $field .exact = $value, }
                        };
                    }
                    match name {
                        "margin_scale" => self.margin_scale = int,
                        "iteration_start_share" => self.iteration_start_share = value,
                        "unsettled_drop" => self.unsettled_drop = int,
                        "settled_from_depth" => self.settled_from_depth = int,
                        "unsettled_time_percent" => {
                            self.unsettled_time_percent = size as u32;
                        }
                        "aspiration_depth" => self.aspiration_depth = int,
                        "aspiration_delta" => self.aspiration_delta = int,
                        "history_limit" => self.history_limit = int,
                        "attack_history_divisor" => self.attack_history_divisor = int,
                        "quiet_history_divisor" => self.quiet_history_divisor = int,
                        "counter_move_bonus" => self.counter_move_bonus = int,
                        "leaf_delta" => self.leaf_delta = int,
                        "razor_depth" => self.razor_depth = int,
                        "trivial_prune_depth" => self.trivial_prune_depth = int,
                        "iir_principal" => self.iir_principal = int,
                        "iir_table_percent" => self.iir_table_percent = int,
                        "iir_table_max" => self.iir_table_max = int,
                        "singular_depth" => self.singular_depth = int,
                        "singular_table_depth" => self.singular_table_depth = int,
                        "singular_test_percent" => self.singular_test_percent = int,
                        "singular_extra_max" => self.singular_extra_max = int,
                        "singular_fail_high_reduction" => {
                            self.singular_fail_high_reduction = int;
                        }
                        "lmr_was_principal" => self.lmr_was_principal = int,
                        "lmr_cut_node" => self.lmr_cut_node = int,
                        "lmr_attack_on" => self.lmr_attack_on = int,
                        "lmr_extra_max" => self.lmr_extra_max = int,
                        "history_bonus.0" => self.history_bonus.0 = value,
                        "history_bonus.1" => self.history_bonus.1 = value,
                        "history_bonus.2" => self.history_bonus.2 = value,
                        "history_bonus.3" => self.history_bonus.3 = int,
                        "razor_margin.0" => self.razor_margin.0 = value,
                        "razor_margin.1" => self.razor_margin.1 = value,
                        "razor_margin.2" => self.razor_margin.2 = value,
                        "futility_per_ply.0" => self.futility_per_ply.0 = int,
                        "futility_per_ply.1" => self.futility_per_ply.1 = int,
                        "move_count_limit.0" => self.move_count_limit.0 = size,
                        "move_count_limit.1" => self.move_count_limit.1 = value,
                        "fail_high_margin.0" => self.fail_high_margin.0 = int,
                        "fail_high_margin.1" => self.fail_high_margin.1 = int,
                        "fail_high_margin.2" => self.fail_high_margin.2 = int,
                        "double_singular_margin.0" => self.double_singular_margin.0 = int,
                        "double_singular_margin.1" => self.double_singular_margin.1 = int,
                        "double_singular_margin.2" => self.double_singular_margin.2 = int,
                        "table_move_extension.0" => self.table_move_extension.0 = int,
                        "table_move_extension.1" => self.table_move_extension.1 = int,
                        "near_four_extension.0" => self.near_four_extension.0 = size,
                        "near_four_extension.1" => self.near_four_extension.1 = int,
                        "lmr_forced_far.0" => self.lmr_forced_far.0 = int,
                        "lmr_forced_far.1" => self.lmr_forced_far.1 = int,
                        "research_margins.0" => self.research_margins.0 = int,
                        "research_margins.1" => self.research_margins.1 = int,
                        "research_margins.2" => self.research_margins.2 = int,
                        "research_margins.3" => self.research_margins.3 = int,
                        "raised_alpha_reduction.0" => self.raised_alpha_reduction.0 = int,
                        "raised_alpha_reduction.1" => self.raised_alpha_reduction.1 = int,
                        "raised_alpha_reduction.2" => self.raised_alpha_reduction.2 = int,
                        "distract_distance.0" => self.distract_distance.0 = size,
                        "distract_distance.1" => self.distract_distance.1 = size,
                        "history_reduction.0" => self.history_reduction.0 = int,
                        "history_reduction.1" => self.history_reduction.1 = int,
                        "history_reduction.2" => self.history_reduction.2 = int,
                        "history_reduction.3" => self.history_reduction.3 = int,
                        "history_reduction.4" => self.history_reduction.4 = int,
                        "complexity_share.0" => self.complexity_share[0] = value,
                        "complexity_share.1" => self.complexity_share[1] = value,
                        "complexity_share.2" => self.complexity_share[2] = value,
                        "complexity_share.3" => self.complexity_share[3] = value,
                        _ => {
                            if let Some(slot) = rule_slot(name, "null_move_plies") {
                                by_rule!(self.null_move_plies, slot, int);
                            } else if let Some(slot) = rule_slot(
                                name,
                                "singular_margin_per_ply",
                            ) {
                                by_rule!(self.singular_margin_per_ply, slot, value);
                            } else if let Some(slot) = rule_slot(name, "lmr_factor") {
                                by_rule!(self.lmr_factor, slot, value);
                            } else {
                                return Err(format!("no search parameter is called {name}"));
                            }
                        }
                    }
                    Ok(())
                }

                /// `value` margin units in evaluation points.
                pub fn margin(&self, value: i32) -> i32 {
                    value * self.margin_scale
                }

                /// How far below the table score the other moves must stay for the table move to be
                /// singular: a little under a margin unit a ply, one more in a node once on a principal
                /// variation.
                pub fn singular_margin(
                    &self,
                    rule: Rule,
                    depth: Depth,
                    former_principal: bool,
                ) -> i32 {
                    let per_ply = self.singular_margin_per_ply.get(rule)
                        + f64::from(u8::from(former_principal));
                    (per_ply * f64::from(depth) / f64::from(PLY)
                        * f64::from(self.margin_scale)) as i32
                }

                /// How much further below the singular margin the other moves must stay for a double
                /// extension.
                pub fn double_singular_margin(&self, depth: Depth) -> i32 {
                    let (base, per_depth, most) = self.double_singular_margin;
                    self.margin(base - (depth * per_depth / (10 * PLY)).min(most))
                }

                /// How far below alpha a position near the leaves may stand before it is left to its fours.
                pub fn razor_margin(&self, depth: Depth) -> i32 {
                    let (a, b, c) = self.razor_margin;
                    let plies = depth as f64 / f64::from(PLY);
                    let margin = a * plies * plies + b * plies + c;
                    margin as i32 * self.margin_scale
                }

                /// How far above beta a position must stand to be cut off without a search.
                pub fn futility_margin(
                    &self,
                    depth: Depth,
                    uncertain: bool,
                    improving: bool,
                ) -> i32 {
                    let (per_ply, less_uncertain) = self.futility_per_ply;
                    let per_ply = per_ply - less_uncertain * i32::from(uncertain);
                    let eighths = (depth - PLY * i32::from(improving)).max(0);
                    per_ply * eighths * self.margin_scale / PLY
                }

                /// Null moves are tried from this depth on.
                pub fn null_move_depth(&self, rule: Rule) -> Depth {
                    PLY * self.null_move_plies.get(rule)
                }

                /// How far above beta the static evaluation must stand for a null move: less the deeper
                /// the node, down to a floor.
                pub fn null_move_margin(&self, rule: Rule, depth: Depth) -> i32 {
                    let (bias, max) = self.null_move_margin.get(rule);
                    self.margin(bias - (28 * depth / PLY).min(max))
                }

                /// How much less deep the search after a null move goes: a few plies, more the deeper.
                pub fn null_move_reduction(&self, rule: Rule, depth: Depth) -> Depth {
                    let (bias, per_ply) = self.null_move_reduction.get(rule);
                    ((bias + per_ply * f64::from(depth) / f64::from(PLY))
                        * f64::from(PLY)) as Depth
                }

                /// How far above beta a cut node's evaluation must stand for its quiet moves to be reduced
                /// a ply more.
                pub fn fail_high_margin(&self, depth: Depth, forced: bool) -> i32 {
                    let (base, per_ply, forced_extra) = self.fail_high_margin;
                    self.margin(
                        base + per_ply * (depth / PLY) + forced_extra * i32::from(forced),
                    )
                }

                /// How many moves a node of `depth` tries once one move holds: fewer when the position is
                /// not improving on the one two plies up.
                pub fn move_count_limit(&self, depth: Depth, improving: bool) -> usize {
                    let (base, power) = self.move_count_limit;
                    let plies = f64::from((depth / PLY).max(0));
                    let limit = base + plies.powf(power) as usize;
                    if improving { limit } else { limit / 2 }
                }

                /// The extra depth a reduced move that beat alpha gets in its re-search, in eighths: more
                /// when it beat alpha by far, less when it barely rose above the best score.
                pub fn research_extension(
                    &self,
                    reduced_by: Depth,
                    score: i32,
                    alpha: i32,
                    best: i32,
                ) -> Depth {
                    let (a, b, c, d) = self.research_margins;
                    let plies = reduced_by / PLY;
                    let deeper = score > alpha + self.margin(a + b * plies);
                    let much_deeper = score > alpha + self.margin(c + d * plies);
                    let shallower = score < best + plies;
                    PLY
                        * (i32::from(deeper) + i32::from(much_deeper)
                            - i32::from(shallower))
                }

                /// The share of the position's complexity added to a move's reduction, in eighths of a ply.
                pub fn complexity_share(
                    &self,
                    trivial: bool,
                    important: bool,
                    distract: bool,
                ) -> f64 {
                    let slot = match (trivial, important, distract) {
                        (true, _, true) => 0,
                        (true, _, false) => 1,
                        (false, false, _) => 2,
                        (false, true, _) => 3,
                    };
                    self.complexity_share[slot] * f64::from(PLY)
                }

                /// What the history learns from a node `depth` deep: Rapfi's quadratic bonus in plies.
                pub fn history_bonus(&self, depth: Depth) -> i32 {
                    let (a, b, c, max) = self.history_bonus;
                    let plies = f64::from(depth) / f64::from(PLY);
                    ((a * plies * plies + b * plies + c) as i32).clamp(0, max)
                }

                /// How much less a move's history reduces it, in eighths of a ply, from its threat and
                /// quiet history scores.
                pub fn history_reduction(
                    &self,
                    attack: i32,
                    quiet: i32,
                    depth: Depth,
                ) -> Depth {
                    let (quiet_weight, bias, divisor, deep_extra, deep_from) = self
                        .history_reduction;
                    // Rapfi's bias: a move with no history behind it is reduced a quarter ply more.
                    let stat = attack + quiet * quiet_weight / 1024 - bias;
                    let divisor = if depth > deep_from * PLY / 10 {
                        divisor + deep_extra
                    } else {
                        divisor
                    };
                    stat * PLY / divisor
                }
            }
        }

        mod stack {
            // engine/src/gomoku/search/stack.rs
            //! What the search keeps for each ply of the line it is searching, in one struct per ply.

            use super::Depth;
            use crate::gomoku::board::Cell;
            use crate::gomoku::movegen::ScoredMove;
            use crate::gomoku::pattern::Threat;

            /// What the search keeps about one ply of the current line.
            #[derive(Clone, Debug, Default)]
            pub(super) struct Ply {
                /// The last two quiet moves that were best here (they are reduced less in cut nodes).
                pub(super) killers: [Option<Cell>; 2],
                /// The moves of the node here, kept to reuse their memory.
                pub(super) moves: Vec<ScoredMove>,
                /// `material` of the position here, for `evaluate_smoothed`.
                pub(super) material: i32,
                /// The fours a leaf here tries.
                pub(super) fours: Vec<Cell>,
                /// The static evaluation of the position here (`None` at the root and where it was not
                /// computed, as when the opponent's threat forced the moves).
                pub(super) eval: Option<i32>,
                /// The move played from the position here, and its class for its player (`None` for a
                /// null move).
                pub(super) played: Option<(Cell, Threat)>,
                /// Whether the position is or was part of a principal variation.
                pub(super) was_principal: bool,
                /// The extra depth the line down to here has been extended by.
                pub(super) extension: Depth,
                /// The move a singular-extension test leaves out of the node here (see
                /// `Searcher::singular_extension`).
                pub(super) excluded: Option<Cell>,
            }
        }

        use std::time::Duration;
        use super::board::{Board, Cell, CELLS};
        use super::eval::material;
        use super::movegen::{generate, is_legal, move_score, ScoredMove};
        use super::pattern::Threat;
        use super::tt::TranspositionTable;
        use super::vcf::VcfSolver;
        use crate::core::report::Report;
        use crate::core::score::{WIN, WIN_THRESHOLD};
        use crate::core::time::Deadline;
        use params::Params;
        use stack::Ply;

        /// The deepest ply a search line may reach.
        const MAX_PLY: usize = 96;

        /// Depths are counted in eighths of a ply, so that reductions and extensions can be parts of
        /// a ply.
        type Depth = i32;

        /// One ply of depth.
        const PLY: Depth = 8;

        /// What a search found, the move as a board cell.
        pub type SearchResult = Report<Cell>;

        /// The searcher with its transposition table, kept between moves of a game.
        pub struct Searcher {
            table: TranspositionTable,
            nodes: u64,
            deadline: Deadline,
            /// The time after which the root starts no new move: the soft limit, or more while the
            /// move is not settled (see [`Searcher::search`]).
            move_limit: Duration,
            stopped: bool,
            params: Params,
            /// Per ply from the root, what the search keeps about the line down to there.
            stack: Vec<Ply>,
            /// Per cell, colour and kind of move (threat or quiet), how often a move there
            /// was the best of its node lately, less how often it was tried in vain before another
            /// (within [`Params::history_limit`]).
            history: Vec<[[i32; 2]; 2]>,
            /// Per cell and colour, the move that last answered a stone of that colour there best,
            /// with its threat class.
            counter_moves: Vec<[Option<(Cell, Threat)>; 2]>,
            scratch: Vec<Cell>,
            /// Natural logarithms of 1 to 255 (of 1 at 0), for the late-move reductions.
            reduction_log: Vec<f64>,
        }

        impl Searcher {
            /// A searcher whose table takes at most `table_bytes`, with the default parameters.
            pub fn new(table_bytes: usize) -> Self {
                Self::with_params(table_bytes, Params::default())
            }

            /// A searcher with other parameters (for tuning and matches between versions).
            pub fn with_params(table_bytes: usize, params: Params) -> Self {
                Self {
                    params,
                    table: TranspositionTable::with_bytes(table_bytes),
                    nodes: 0,
                    deadline: Deadline::unlimited(),
                    move_limit: Duration::MAX,
                    stopped: false,
                    stack: (0..MAX_PLY + 2).map(|_| Ply::default()).collect(),
                    history: vec![[[0; 2]; 2]; CELLS],
                    counter_moves: vec![[None; 2]; CELLS],
                    scratch: Vec::new(),
                    reduction_log: (0..256)
                        .map(|i: i32| f64::from(i.max(1)).ln())
                        .collect(),
                }
            }

            /// Bytes of the transposition table.
            pub fn table_bytes(&self) -> usize {
                self.table.bytes()
            }

            /// Searches from now on with `table` (built elsewhere, off the clock of any move).
            pub fn set_table(&mut self, table: TranspositionTable) {
                self.table = table;
            }

            /// Searches from now on with other parameters.
            pub fn set_params(&mut self, params: Params) {
                self.params = params;
            }

            /// Searches the position for the side to move until `deadline` (or `max_depth`).
            pub fn search(
                &mut self,
                board: &mut Board,
                deadline: Deadline,
                max_depth: i32,
            ) -> SearchResult {
                self.deadline = deadline;
                self.move_limit = deadline.soft;
                self.nodes = 0;
                // What was best in the last move's searches still counts, but less.
                for entry in self.history.iter_mut().flatten().flatten() {
                    *entry /= 2;
                }
                self.stopped = false;
                let mut result = SearchResult::empty();
                if let Some((cell, score)) = self.obvious_move(board) {
                    result.best = Some(cell);
                    result.score = score;
                    result.elapsed = deadline.elapsed();
                    return result;
                }
                let mut root_moves = Vec::new();
                generate(board, &mut root_moves, &mut self.scratch);
                if root_moves.is_empty() {
                    // Lost against two threats that no move stops, or nothing legal near the stones
                    // (renju forbidden points everywhere): block the opponent's strongest point all
                    // the same, since it may err, else play the best legal cell anywhere. With only
                    // forbidden points left, one of them: the rule then ends the game, where no answer
                    // would leave the manager waiting until our time runs out.
                    let opponent = board.side_to_move().opponent();
                    let mut cells: Vec<Cell> = board.playable().to_vec();
                    cells.retain(|&c| board.is_empty(c));
                    if cells.iter().any(|&c| is_legal(board, c)) {
                        cells.retain(|&c| is_legal(board, c));
                    }
                    result.best = cells
                        .into_iter()
                        .max_by_key(|&c| (
                            board.threat(opponent, c),
                            move_score(board, c),
                        ));
                    result.elapsed = deadline.elapsed();
                    return result;
                }
                result.best = Some(root_moves[0].cell);
                if root_moves.len() == 1 {
                    result.elapsed = deadline.elapsed();
                    return result;
                }
                // A VCF probe with a budget that grows with the time we have.
                let budget = (deadline.soft.as_millis() as u64 * 40).clamp(500, 400_000);
                let mut solver = VcfSolver::new(budget);
                solver.set_deadline(deadline);
                if let Some(cell) = solver.solve(board, 30) {
                    result.best = Some(cell);
                    result.score = WIN_THRESHOLD;
                    result.elapsed = deadline.elapsed();
                    return result;
                }
                self.keep_moves_that_stop_a_vcf(
                    board,
                    &mut root_moves,
                    &mut solver,
                    budget,
                    deadline,
                );
                result.best = Some(root_moves[0].cell);
                // A move that is not settled may go on past the soft limit, at most halfway to the hard
                // one.
                let extended = (deadline
                    .soft
                    .saturating_mul(self.params.unsettled_time_percent) / 100)
                    .min(
                        deadline.soft + deadline.hard.saturating_sub(deadline.soft) / 2,
                    );
                for depth in 1..=max_depth.max(1) {
                    let (best, score) = self
                        .aspiration(board, &mut root_moves, depth, result.score);
                    if self.stopped {
                        // A move that beat the previous best in an unfinished iteration is still a
                        // proven improvement at the new depth.
                        if let Some(best) = best {
                            result.best = Some(best);
                        }
                        break;
                    }
                    // A new best move or a falling score says the search is still learning about
                    // this position.
                    let unsettled = depth >= self.params.settled_from_depth
                        && (best.map_or(false, |cell| result.best != Some(cell))
                            || score + self.params.unsettled_drop < result.score);
                    self.move_limit = if unsettled { extended } else { deadline.soft };
                    result.best = best.or(result.best);
                    result.score = score;
                    result.depth = depth;
                    if score.abs() >= WIN_THRESHOLD {
                        break;
                    }
                    if deadline.elapsed().as_secs_f64()
                        > self.move_limit.as_secs_f64()
                            * self.params.iteration_start_share
                    {
                        break;
                    }
                }
                result.nodes = self.nodes;
                result.elapsed = deadline.elapsed();
                result
            }

            /// If the opponent could win by fours were it to move, keeps only the root moves after
            /// which it no longer can (when some exist): the search alone may be too shallow to see a
            /// long sequence of fours.
            fn keep_moves_that_stop_a_vcf(
                &mut self,
                board: &mut Board,
                moves: &mut Vec<ScoredMove>,
                solver: &mut VcfSolver,
                budget: u64,
                deadline: Deadline,
            ) {
                let me = board.side_to_move();
                board.set_side_to_move(me.opponent());
                solver.reset(budget);
                let threatened = solver.solve(board, 30).is_some();
                board.set_side_to_move(me);
                if !threatened {
                    return;
                }
                let per_move = (budget / (moves.len() as u64 + 1)).max(100);
                let mut safe = Vec::new();
                for (index, scored) in moves.iter().enumerate() {
                    if deadline.soft_passed() {
                        // Out of time: trust the ordering for the moves not checked.
                        safe.extend_from_slice(&moves[index..]);
                        break;
                    }
                    board.play(scored.cell);
                    solver.reset(per_move);
                    let still_lost = solver.solve(board, 30).is_some();
                    board.undo();
                    if !still_lost {
                        safe.push(*scored);
                    }
                }
                if !safe.is_empty() {
                    *moves = safe;
                }
            }

            /// A move the position forces: a five, the only block of a five, an open four.
            fn obvious_move(&mut self, board: &mut Board) -> Option<(Cell, i32)> {
                let me = board.side_to_move();
                let opponent = me.opponent();
                if let Some(cell) = board.five_point(me) {
                    return Some((cell, WIN - 1));
                }
                if let Some(cell) = board.five_point(opponent) {
                    // Block the five even if it is hopeless (a second five point): that gives the
                    // opponent the chance to miss it.
                    if is_legal(board, cell) {
                        return Some((cell, 0));
                    }
                }
                if board.threat_count(me, Threat::Flex4) > 0 {
                    board.cells_with_threat(me, Threat::Flex4, &mut self.scratch);
                    let cells = std::mem::take(&mut self.scratch);
                    let found = cells.iter().copied().find(|&c| is_legal(board, c));
                    self.scratch = cells;
                    if let Some(cell) = found {
                        return Some((cell, WIN - 3));
                    }
                }
                None
            }

            /// One iteration at the root, first within a window around the last iteration's score
            /// and again, wider, on the side where the score fell outside it, until it falls inside.
            fn aspiration(
                &mut self,
                board: &mut Board,
                moves: &mut Vec<ScoredMove>,
                depth: i32,
                previous: i32,
            ) -> (Option<Cell>, i32) {
                if depth < self.params.aspiration_depth
                    || previous.abs() >= WIN_THRESHOLD
                {
                    return self.root(board, moves, depth, -WIN - 1, WIN + 1);
                }
                let mut delta = self.params.margin(self.params.aspiration_delta);
                let mut alpha = (previous - delta).max(-WIN - 1);
                let mut beta = (previous + delta).min(WIN + 1);
                // A move that failed high is better than the last iteration's best, even if the wider
                // search after it does not finish.
                let mut failed_high = None;
                loop {
                    let (best, score) = self.root(board, moves, depth, alpha, beta);
                    if self.stopped {
                        return (best.or(failed_high), score);
                    }
                    if score <= alpha && alpha > -WIN - 1 {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-WIN - 1);
                    } else if score >= beta && beta < WIN + 1 {
                        failed_high = best;
                        beta = (score + delta).min(WIN + 1);
                    } else {
                        return (best.or(failed_high), score);
                    }
                    let scale = self.params.margin_scale;
                    delta = delta * (3 + score.abs() / (1_024 * scale)) / 4 + scale * 6;
                }
            }

            /// The root's moves searched within `alpha`..`beta`: the best move that rose above alpha
            /// (the first that reached beta ends the search) and its score, or alpha and no move.
            fn root(
                &mut self,
                board: &mut Board,
                moves: &mut Vec<ScoredMove>,
                depth: i32,
                mut alpha: i32,
                beta: i32,
            ) -> (Option<Cell>, i32) {
                let mut best: Option<Cell> = None;
                let mut best_index = 0;
                let me = board.side_to_move();
                self.stack[0].material = material(board);
                self.stack[0].eval = None;
                self.stack[0].was_principal = true;
                self.stack[0].extension = 0;
                let depth = depth * PLY;
                let new_depth = depth - PLY;
                for (index, scored) in moves.iter().enumerate() {
                    if index > 0 && self.deadline.elapsed() >= self.move_limit {
                        self.stopped = true;
                        break;
                    }
                    let cell = scored.cell;
                    self.stack[0].played = Some((cell, board.threat(me, cell)));
                    board.play(cell);
                    let score = if index == 0 {
                        -self.negamax(board, new_depth, 1, -beta, -alpha, false)
                    } else {
                        // The root's later moves are searched with a null window, the third on
                        // reduced as in a node of the principal variation.
                        let reduction = if depth >= 2 * PLY && index >= 2 {
                            (self.base_reduction(board, depth, index + 1) - PLY).max(0)
                        } else {
                            0
                        };
                        let reduced = (new_depth - reduction).max(PLY);
                        let mut probe = -self
                            .negamax(board, reduced, 1, -alpha - 1, -alpha, true);
                        if probe > alpha && reduced < new_depth && !self.stopped {
                            probe = -self
                                .negamax(board, new_depth, 1, -alpha - 1, -alpha, true);
                        }
                        if probe > alpha && !self.stopped {
                            -self.negamax(board, new_depth, 1, -beta, -alpha, false)
                        } else {
                            probe
                        }
                    };
                    board.undo();
                    if self.stopped {
                        break;
                    }
                    if score > alpha {
                        alpha = score;
                        best = Some(cell);
                        best_index = index;
                        if score >= beta {
                            break;
                        }
                    }
                }
                // Keep the best move first for the next iteration.
                if best_index > 0 {
                    let chosen = moves.remove(best_index);
                    moves.insert(0, chosen);
                }
                (best, alpha)
            }
        }
    }

    pub mod swap2 {
        // engine/src/gomoku/swap2.rs
        //! Swap2 opening decisions, all taken from the evaluation: propose three stones that look
        //! balanced, and after the opponent's proposal either swap, add one stone, or add two stones
        //! that leave the position balanced again.

        use std::time::Duration;
        use super::board::Cell;
        use super::engine::GomokuEngine;
        use super::eval::evaluate_for;
        use super::movegen::{generate, ScoredMove};
        use super::point::Point;
        use crate::core::color::Color;
        use crate::core::score::WIN_THRESHOLD;
        use crate::core::time::Deadline;

        /// What to answer to a Swap2 request.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Swap2Choice {
            /// Stones to place, in move order.
            Stones(Vec<Point>),
            /// Take the other colour.
            Swap,
        }

        /// Beyond this evaluation (for the side that would move) one colour is clearly better.
        const CLEAR_EDGE: i32 = 120;

        /// Centre offsets of three-stone openings (black, white, black) that are close to even.
        const OPENINGS: [[(i32, i32); 3]; 6] = [
            [(0, 0), (1, 0), (2, 1)],
            [(0, 0), (1, 1), (0, 2)],
            [(0, 0), (1, 0), (-1, 2)],
            [(0, 0), (1, 1), (3, 0)],
            [(0, 0), (0, 1), (2, 2)],
            [(0, 0), (1, 0), (1, 2)],
        ];

        /// Case 1: the three opening stones. The engine's board is reset and left empty.
        pub fn propose_opening(engine: &mut GomokuEngine) -> Vec<Point> {
            let (width, height) = (engine.board().width(), engine.board().height());
            let (cx, cy) = ((width / 2) as i32, (height / 2) as i32);
            let mut best: Option<(i32, Vec<Point>)> = None;
            for opening in OPENINGS {
                engine.clear();
                let stones: Vec<Point> = opening
                    .iter()
                    .map(|&(dx, dy)| Point::new(cx + dx, cy + dy))
                    .collect();
                let mut fits = true;
                for (index, &point) in stones.iter().enumerate() {
                    let color = if index % 2 == 0 { Color::Black } else { Color::White };
                    fits &= engine.put(point, color).is_ok();
                }
                if !fits {
                    continue;
                }
                engine.set_side_to_move(Color::White);
                let imbalance = evaluate_for(engine.board(), Color::White).abs();
                if best.as_ref().map_or(true, |(value, _)| imbalance < *value) {
                    best = Some((imbalance, stones));
                }
            }
            engine.clear();
            best.map(|(_, stones)| stones).unwrap_or_default()
        }

        /// Cases 2 and 3: the engine's board holds the proposed stones (three or five) with white to
        /// move. Swap if black is clearly better, play one stone if white is, and with three stones on
        /// a balanced board add two that keep it balanced.
        pub fn answer_proposal(
            engine: &mut GomokuEngine,
            time: Duration,
        ) -> Swap2Choice {
            let stones = engine.board().stone_count();
            let deadline = Deadline::new(time / 2, time / 2);
            let report = engine.think_until(deadline);
            let reply = match report.best {
                Some(reply) => reply,
                None => return Swap2Choice::Swap,
            };
            let white_score = report.score;
            if white_score <= -CLEAR_EDGE {
                return Swap2Choice::Swap;
            }
            if stones >= 5 || white_score >= CLEAR_EDGE || white_score >= WIN_THRESHOLD {
                return Swap2Choice::Stones(vec![reply]);
            }
            // Add white's reply and the black stone that leaves the position closest to even.
            let _ = engine.play(reply);
            let mut moves: Vec<ScoredMove> = Vec::new();
            let mut scratch: Vec<Cell> = Vec::new();
            generate(engine.board_mut(), &mut moves, &mut scratch);
            let mut best: Option<(i32, Cell)> = None;
            for scored in moves.iter().take(12) {
                let board = engine.board_mut();
                board.play(scored.cell);
                let imbalance = evaluate_for(board, Color::White).abs();
                board.undo();
                if best.map_or(true, |(value, _)| imbalance < value) {
                    best = Some((imbalance, scored.cell));
                }
            }
            match best {
                Some((_, cell)) => {
                    let (x, y) = engine.board().coords(cell);
                    Swap2Choice::Stones(vec![reply, Point::new(x as i32, y as i32)])
                }
                None => Swap2Choice::Stones(vec![reply]),
            }
        }
    }

    pub mod timing {
        // engine/src/gomoku/timing.rs
        //! How gomoku spends the judge's time: the shared clock with this game's margins, and how many
        //! moves a game is still expected to ask of us.

        use crate::core::clock::{Margins, MovesLeft};
        use std::time::Duration;

        /// Keep 10% of the move limit (at least 60 ms, at most 1.5 s) for the process to wake up, print
        /// and be read on a loaded or slower machine (the search polls its deadline every 16 nodes; the
        /// rest of a late answer is the wait for a core); a settled move stops at 90% of the hard limit or
        /// at its share of the game; never more than a fifth of the game time left on one move, and at
        /// least 15 ms to answer an "answer at once" or a lost clock. The hard percent never binds (a
        /// share is at least a 28th of the time left): the fifth of the time left does. Each move we
        /// may still have to play until the board is full keeps 25 ms of the game time, the least one
        /// move costs with the pipes: spending shares of what is left runs a clock down geometrically,
        /// and a 20x20 board holds 400 stones.
        pub const MARGINS: Margins = Margins {
            move_margin_percent: 10,
            move_margin_min: Duration::from_millis(60),
            move_margin_max: Duration::from_millis(1_500),
            reserve_per_move: Duration::from_millis(25),
            soft_of_hard_percent: 90,
            hard_percent: 600,
            left_divisor: 5,
            min_move: Duration::from_millis(15),
            ..Margins::NONE
        };

        /// Moves a game is expected to still need from us at the start, less one for every five
        /// stones played: against strong opponents most games end within 60 stones.
        const MOVES_TO_GO_AT_START: usize = 28;

        /// Moves a game is expected to still need from us however long it has gone on, so that a long
        /// game keeps time for its last moves.
        const MOVES_TO_GO: usize = 18;

        /// Our moves left with `stones` on the board and `empty` cells free: the estimate the game time
        /// is shared over, and the most the empty cells allow.
        pub fn moves_left(stones: usize, empty: usize) -> MovesLeft {
            let expected = MOVES_TO_GO_AT_START
                .saturating_sub(stones / 5)
                .max(MOVES_TO_GO);
            MovesLeft {
                expected: expected as u32,
                most: (empty.saturating_add(1) / 2).min(u32::MAX as usize) as u32,
            }
        }
    }

    pub mod tt {
        // engine/src/gomoku/tt.rs
        //! The transposition table: one slot per hash bucket, replaced by deeper or newer results.

        use super::board::Cell;
        use crate::core::score::Bound;

        /// A table hit.
        #[derive(Clone, Copy, Debug)]
        pub struct Entry {
            pub best: Option<Cell>,
            pub score: i32,
            /// The depth searched, in the searcher's units.
            pub depth: i32,
            pub bound: Bound,
            /// Whether the position was searched as part of a principal variation.
            pub pv: bool,
        }

        /// A stored result at least this much deeper than a new one of the same position stays.
        const KEEP_DEEPER: i32 = 16;

        /// Bytes of one slot.
        const SLOT_BYTES: usize = 16;

        /// A fixed-size table of `(key, packed entry)` slots.
        pub struct TranspositionTable {
            slots: Vec<[u64; 2]>,
            mask: usize,
        }

        impl TranspositionTable {
            /// A table using at most `bytes` (rounded down to a power of two, at least 1024 slots).
            pub fn with_bytes(bytes: usize) -> Self {
                let mut count = 1024usize;
                while count * 2 * SLOT_BYTES <= bytes {
                    count *= 2;
                }
                // Zeroed memory straight from the operating system: no time is spent here, on
                // whatever clock is running, and a page costs only when the search first touches it,
                // within the search's own deadline.
                let slots = vec![[0u64; 2]; count];
                Self { slots, mask: count - 1 }
            }

            /// Maps every page of the table now, by writing one slot of each, so that the search does
            /// not pay for it (a fresh table's pages are only mapped when first touched).
            pub fn map_pages(&mut self) {
                const SLOTS_PER_PAGE: usize = 4096 / SLOT_BYTES;
                for index in (0..self.slots.len()).step_by(SLOTS_PER_PAGE) {
                    let slot: *mut [u64; 2] = &mut self.slots[index];
                    // SAFETY: the pointer is to a slot of the table, borrowed mutably here; a volatile
                    // write of the value already there is one the compiler cannot leave out.
                    unsafe { std::ptr::write_volatile(slot, [0, 0]) };
                }
            }

            /// Bytes the table uses.
            pub fn bytes(&self) -> usize {
                self.slots.len() * SLOT_BYTES
            }

            /// The entry stored for `key`, if any.
            pub fn probe(&self, key: u64) -> Option<Entry> {
                let [stored, data] = self.slots[key as usize & self.mask];
                (stored == key && data != 0).then(|| unpack(data))
            }

            /// Starts loading the slot of `key` into the cache, so that a probe of it soon after does
            /// not wait for memory: the table is far larger than the cache, and a probe that misses
            /// stalls the search for as long as a board update takes.
            pub fn prefetch(&self, key: u64) {
                #[cfg(target_arch = "x86_64")]
                {
                    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                    let slot: *const [u64; 2] = &self.slots[key as usize & self.mask];
                    // SAFETY: a prefetch only hints the cache; it reads no value and cannot fault, and
                    // the pointer is to a slot of the table in any case.
                    unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
                }
                #[cfg(not(target_arch = "x86_64"))]
                let _ = key;
            }

            /// Stores a result, keeping a deeper result of the same position.
            pub fn store(&mut self, key: u64, entry: Entry) {
                let slot = &mut self.slots[key as usize & self.mask];
                if slot[0] == key && slot[1] != 0
                    && unpack(slot[1]).depth > entry.depth + KEEP_DEEPER
                {
                    return;
                }
                *slot = [key, pack(entry)];
            }
        }

        fn pack(entry: Entry) -> u64 {
            let cell = entry.best.map_or(0, |cell| u64::from(cell) + 1);
            let bound = match entry.bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            };
            cell | (u64::from(entry.score as i16 as u16) << 16)
                | (u64::from(entry.depth.clamp(-30_000, 30_000) as i16 as u16) << 32)
                | (bound << 48) | (u64::from(entry.pv) << 50)
        }

        fn unpack(data: u64) -> Entry {
            let cell = (data & 0xffff) as u16;
            Entry {
                best: (cell != 0).then(|| cell - 1),
                score: i32::from((data >> 16) as u16 as i16),
                depth: i32::from((data >> 32) as u16 as i16),
                bound: match (data >> 48) & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                },
                pv: (data >> 50) & 1 == 1,
            }
        }
    }

    pub mod vcf {
        // engine/src/gomoku/vcf.rs
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
                    if self.nodes_left % 64 == 0
                        && self.deadline.map_or(false, |d| d.hard_passed())
                    {
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
                if board.rule().has_forbidden_points(defender)
                    && is_forbidden(board, block)
                {
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
    }
}

pub mod protocol {
    // engine/src/protocol/mod.rs
    //! One adapter per judge. An adapter reads the judge's lines, turns them into calls on a game
    //! engine and prints the answers; it holds no game logic of its own.

    pub mod gomocup {
        // engine/src/protocol/gomocup.rs
        //! The Gomocup (piskvork) brain protocol: the manager's commands on stdin, the brain's answers
        //! on stdout, one per line. This adapter only parses lines, calls the engine and prints.
        //!
        //! Mandatory commands: START, BEGIN, TURN, BOARD..DONE, INFO, END, ABOUT; optional ones:
        //! RECTSTART, RESTART, TAKEBACK, PLAY, SWAP2BOARD..DONE. Anything else gets `UNKNOWN`. Bad
        //! input gets one `ERROR` line and leaves the position as it was.
        //!
        //! Decisions on odd input:
        //! - Lines end with LF or CRLF; a lone CR is not a line break (see [`super::input`]).
        //! - END is read while we think: the search stops and nothing more is printed. END inside an
        //!   unfinished BOARD or SWAP2BOARD block ends the program too, as does the end of the input
        //!   (a command cut off by it is not answered: nobody is left to read the answer).
        //! - An INFO the brain cannot read gets a `DEBUG` line, not `ERROR`: the protocol expects no
        //!   reply to INFO, and a manager waiting for a move must not take an `ERROR` for one.

        use std::io::Write;
        use std::time::{Duration, Instant};
        use super::input::{parse_saturating, quoted, Lines, Source};
        use crate::core::clock::TimeControl;
        use crate::core::color::Color;
        use crate::core::score::WIN_THRESHOLD;
        use crate::core::time::StopFlag;
        use crate::gomoku::engine::{GomokuEngine, DEFAULT_CONTROL};
        use crate::gomoku::point::Point;
        use crate::gomoku::rule::Rule;
        use crate::gomoku::swap2::{answer_proposal, propose_opening, Swap2Choice};

        /// A time this large means no limit (Gomocup sends 2147483647 ms).
        const UNLIMITED_MS: i64 = 2_147_483_647;

        /// The ABOUT line.
        const ABOUT: &str = r#"name="Quintet", version="1.0", author="Quintet authors", country="Unknown""#;

        /// The longest line read whole; the longest real one (`INFO folder PATH`) is far shorter.
        const MAX_LINE_BYTES: usize = 16 * 1024;

        /// Whether a line is END, which ends the program at once, even during a search.
        fn is_end(line: &str) -> bool {
            split_command(line.trim()).0 == "END"
        }

        /// Runs the protocol with `engine` (set up beforehand: search parameters for tuning) until END or
        /// the end of the input. Standard input is read on a thread of its own, so that END stops a search.
        pub fn run_with<'a>(
            engine: GomokuEngine,
            input: impl Into<Source<'a>>,
            mut output: impl Write,
        ) {
            let mut lines = Lines::new(input, MAX_LINE_BYTES, is_end);
            let mut brain = Brain::new(engine, lines.stop_flag());
            while let Some(line) = lines.next_line() {
                if line.too_long {
                    let answer = format!(
                        "ERROR line longer than {MAX_LINE_BYTES} bytes ignored",
                    );
                    let _ = writeln!(output, "{answer}");
                    let _ = output.flush();
                    continue;
                }
                let text = line.text.trim();
                if text.is_empty() {
                    continue;
                }
                let (command, rest) = split_command(text);
                let answer = match command.as_str() {
                    "END" => break,
                    "BOARD" | "SWAP2BOARD" => {
                        match read_block(&mut lines) {
                            Some(block) if command == "BOARD" => {
                                brain.board(&block, line.received)
                            }
                            Some(block) => brain.swap2(&block, line.received),
                            None => break,
                        }
                    }
                    _ => brain.command(&command, rest, line.received),
                };
                for line in answer {
                    let _ = writeln!(output, "{line}");
                }
                let _ = output.flush();
            }
        }

        /// The lines of a BOARD or SWAP2BOARD block up to DONE; `None` when END or the end of the input
        /// comes first.
        fn read_block(lines: &mut Lines) -> Option<Vec<String>> {
            let mut block = Vec::new();
            while let Some(line) = lines.next_line() {
                let text = line.text.trim();
                if text.eq_ignore_ascii_case("DONE") {
                    return Some(block);
                }
                if is_end(text) {
                    return None;
                }
                if !text.is_empty() {
                    block.push(text.to_string());
                }
            }
            None
        }

        /// Splits a line into its upper-case command word and the rest.
        fn split_command(line: &str) -> (String, &str) {
            match line.split_once(char::is_whitespace) {
                Some((word, rest)) => (word.to_ascii_uppercase(), rest.trim()),
                None => (line.to_ascii_uppercase(), ""),
            }
        }

        /// Parses `x,y` (spaces around the numbers allowed).
        fn parse_pair(text: &str) -> Option<(i64, i64)> {
            let (x, y) = text.split_once(',')?;
            Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
        }

        /// Parses the point `x,y`; numbers beyond any board stay off it.
        fn parse_point(text: &str) -> Option<Point> {
            let (x, y) = parse_pair(text)?;
            let coordinate = |value: i64| value.clamp(-1, i64::from(i32::MAX)) as i32;
            Some(Point::new(coordinate(x), coordinate(y)))
        }

        /// The text of a point.
        fn point_text(point: Point) -> String {
            format!("{},{}", point.x, point.y)
        }

        /// A time the manager gave in ms, clamped to what the protocol can mean.
        fn millis(ms: i64) -> Duration {
            Duration::from_millis(ms.clamp(0, UNLIMITED_MS) as u64)
        }

        /// The protocol state around the engine.
        struct Brain {
            engine: GomokuEngine,
            /// The limits the manager gave so far (each INFO gives one of them).
            control: TimeControl,
            started: bool,
            /// Raised by END or the end of the input: no more thinking, no more moves printed.
            stop: StopFlag,
        }

        impl Brain {
            fn new(mut engine: GomokuEngine, stop: StopFlag) -> Self {
                engine.set_stop_flag(stop);
                engine.set_time_control(DEFAULT_CONTROL);
                Self {
                    engine,
                    control: DEFAULT_CONTROL,
                    started: false,
                    stop,
                }
            }

            fn command(
                &mut self,
                command: &str,
                rest: &str,
                received: Instant,
            ) -> Vec<String> {
                match command {
                    "START" => {
                        match rest.parse::<usize>() {
                            Ok(size) => self.start(size, size),
                            Err(_) => {
                                vec![
                                    format!(
                                        "ERROR START needs a board size, got '{}'",
                                        quoted(rest),
                                    ),
                                ]
                            }
                        }
                    }
                    "RECTSTART" => {
                        match parse_pair(rest) {
                            Some((w, h)) if w > 0 && h > 0 => {
                                self.start(w as usize, h as usize)
                            }
                            _ => {
                                vec![
                                    format!(
                                        "ERROR RECTSTART needs width,height, got '{}'",
                                        quoted(rest),
                                    ),
                                ]
                            }
                        }
                    }
                    "RESTART" => {
                        if !self.started {
                            return vec![
                                "ERROR no game to restart: send START first".to_string(),
                            ];
                        }
                        let board = self.engine.board();
                        let (width, height, rule) = (
                            board.width(),
                            board.height(),
                            board.rule(),
                        );
                        match self.engine.new_game(width, height, rule) {
                            Ok(()) => vec!["OK".to_string()],
                            Err(message) => vec![format!("ERROR {message}")],
                        }
                    }
                    "ABOUT" => vec![ABOUT.to_string()],
                    "INFO" => self.info(rest),
                    "BEGIN" => {
                        if let Some(error) = self.not_started() {
                            return error;
                        }
                        if self.engine.board().stone_count() > 0 {
                            return vec![
                                "ERROR BEGIN on a board that has stones".to_string(),
                            ];
                        }
                        self.answer_move(received)
                    }
                    "TURN" => {
                        if let Some(error) = self.not_started() {
                            return error;
                        }
                        let point = match parse_point(rest) {
                            Some(point) => point,
                            None => {
                                return vec![
                                    format!("ERROR TURN needs x,y, got '{}'", quoted(rest)),
                                ];
                            }
                        };
                        if let Err(error) = self.engine.play(point) {
                            return vec![
                                format!("ERROR TURN {}: {error}", point_text(point)),
                            ];
                        }
                        self.answer_move(received)
                    }
                    "PLAY" => {
                        if let Some(error) = self.not_started() {
                            return error;
                        }
                        let point = match parse_point(rest) {
                            Some(point) => point,
                            None => {
                                return vec![
                                    format!("ERROR PLAY needs x,y, got '{}'", quoted(rest)),
                                ];
                            }
                        };
                        match self.engine.play(point) {
                            Ok(()) => vec![point_text(point)],
                            Err(error) => {
                                vec![format!("ERROR PLAY {}: {error}", point_text(point))]
                            }
                        }
                    }
                    "TAKEBACK" => {
                        if let Some(error) = self.not_started() {
                            return error;
                        }
                        let point = match parse_point(rest) {
                            Some(point) => point,
                            None => {
                                return vec![
                                    format!("ERROR TAKEBACK needs x,y, got '{}'", quoted(rest)),
                                ];
                            }
                        };
                        match self.engine.take_back(point) {
                            Ok(()) => vec!["OK".to_string()],
                            Err(error) => {
                                vec![
                                    format!("ERROR TAKEBACK {}: {error}", point_text(point)),
                                ]
                            }
                        }
                    }
                    "DONE" => vec!["ERROR DONE without BOARD or SWAP2BOARD".to_string()],
                    _ => vec![format!("UNKNOWN command '{}'", quoted(command))],
                }
            }

            fn not_started(&self) -> Option<Vec<String>> {
                (!self.started)
                    .then(|| vec!["ERROR no game: send START first".to_string()])
            }

            fn start(&mut self, width: usize, height: usize) -> Vec<String> {
                let rule = self.engine.board().rule();
                match self.engine.new_game(width, height, rule) {
                    Ok(()) => {
                        self.started = true;
                        vec!["OK".to_string()]
                    }
                    Err(message) => vec![format!("ERROR {message}")],
                }
            }

            fn info(&mut self, rest: &str) -> Vec<String> {
                let (key, value) = rest
                    .split_once(char::is_whitespace)
                    .unwrap_or((rest, ""));
                let value = value.trim();
                let number = parse_saturating(value);
                match (key.to_ascii_lowercase().as_str(), number) {
                    // A turn of 0 asks for an answer at once; a match of 0 has no limit.
                    ("timeout_turn", Some(value)) => {
                        self.control.per_move = millis(value);
                        self.engine.set_time_control(self.control);
                    }
                    ("timeout_match", Some(value)) => {
                        self.control.per_game = if value == 0 {
                            Duration::MAX
                        } else {
                            millis(value)
                        };
                        self.engine.set_time_control(self.control);
                    }
                    // 2147483647 ms left (or more) is an unlimited game.
                    ("time_left", Some(value)) if value >= UNLIMITED_MS => {
                        self.engine.set_time_left(Duration::MAX)
                    }
                    ("time_left", Some(value)) => {
                        self.engine.set_time_left(millis(value))
                    }
                    ("max_memory", Some(bytes)) => {
                        self.engine.set_memory_limit(bytes.max(0) as u64)
                    }
                    ("rule", Some(mask)) => {
                        let mask = mask.clamp(0, i64::from(u32::MAX)) as u32;
                        self.engine.set_rule(Rule::from_gomocup_mask(mask));
                    }
                    // The opponent's kind, the cursor position and the folder for files change nothing
                    // in how we play.
                    ("game_type", Some(_)) | ("evaluate", _) | ("folder", _) => {}
                    (
                        "timeout_turn" | "timeout_match" | "time_left" | "max_memory"
                        | "rule" | "game_type",
                        None,
                    ) => {
                        return vec![
                            format!(
                                "DEBUG INFO {} needs a number, got '{}'",
                                quoted(key),
                                quoted(value),
                            ),
                        ];
                    }
                    // Unknown keys are allowed by the protocol and ignored.
                    _ => {}
                }
                Vec::new()
            }

            /// Sets up a BOARD position: field 1 own stones, 2 opponent stones, 3 dead cells.
            fn board(&mut self, block: &[String], received: Instant) -> Vec<String> {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let mut stones = Vec::new();
                for line in block {
                    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
                    let parsed = match fields.as_slice() {
                        [x, y, field] => {
                            match (
                                parse_point(&format!("{x},{y}")),
                                field.parse::<u8>(),
                            ) {
                                (Some(point), Ok(field @ 1..=3)) => Some((point, field)),
                                _ => None,
                            }
                        }
                        _ => None,
                    };
                    match parsed {
                        Some(stone) => stones.push(stone),
                        None => {
                            return vec![
                                format!(
                                    "ERROR BOARD line '{}' is not x,y,field",
                                    quoted(line),
                                ),
                            ];
                        }
                    }
                }
                let own = stones.iter().filter(|s| s.1 == 1).count();
                let other = stones.iter().filter(|s| s.1 == 2).count();
                // The side to move is us; black moves when both have as many stones.
                let me = if own < other { Color::White } else { Color::Black };
                let saved = self.engine.stones();
                self.engine.clear();
                for &(point, field) in &stones {
                    let result = match field {
                        1 => self.engine.put(point, me),
                        2 => self.engine.put(point, me.opponent()),
                        _ => self.engine.kill(point),
                    };
                    if let Err(error) = result {
                        let _ = self.engine.restore(&saved);
                        return vec![
                            format!("ERROR BOARD stone {}: {error}", point_text(point)),
                        ];
                    }
                }
                self.engine.set_side_to_move(me);
                self.answer_move(received)
            }

            /// SWAP2BOARD with 0, 3 or 5 stones, in move order (black, white, black, ...).
            fn swap2(&mut self, block: &[String], received: Instant) -> Vec<String> {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let mut stones = Vec::new();
                for line in block {
                    match parse_point(line) {
                        Some(point) => stones.push(point),
                        None => {
                            return vec![
                                format!(
                                    "ERROR SWAP2BOARD line '{}' is not x,y",
                                    quoted(line),
                                ),
                            ];
                        }
                    }
                }
                if self.stop.is_raised() {
                    return Vec::new();
                }
                if stones.is_empty() {
                    let opening = propose_opening(&mut self.engine);
                    let text: Vec<String> = opening
                        .into_iter()
                        .map(point_text)
                        .collect();
                    return vec![text.join(" ")];
                }
                if stones.len() != 3 && stones.len() != 5 {
                    return vec![
                        format!(
                            "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got {}",
                            stones.len(),
                        ),
                    ];
                }
                self.engine.clear();
                for (index, &point) in stones.iter().enumerate() {
                    let color = if index % 2 == 0 { Color::Black } else { Color::White };
                    if let Err(error) = self.engine.put(point, color) {
                        self.engine.clear();
                        return vec![
                            format!(
                                "ERROR SWAP2BOARD stone {}: {error}",
                                point_text(point),
                            ),
                        ];
                    }
                }
                self.engine.set_side_to_move(Color::White);
                let time = self.engine.move_deadline(received).hard;
                let choice = answer_proposal(&mut self.engine, time);
                self.engine.clear();
                if self.stop.is_raised() {
                    return Vec::new();
                }
                let answer = match choice {
                    Swap2Choice::Swap => "SWAP".to_string(),
                    Swap2Choice::Stones(stones) => {
                        let text: Vec<String> = stones
                            .into_iter()
                            .map(point_text)
                            .collect();
                        text.join(" ")
                    }
                };
                vec![answer]
            }

            /// Thinks, plays the chosen move on our board and returns the answer lines; nothing once
            /// END or the end of the input has been read.
            fn answer_move(&mut self, received: Instant) -> Vec<String> {
                if self.stop.is_raised() {
                    return Vec::new();
                }
                let report = self.engine.think(received);
                if self.stop.is_raised() {
                    return Vec::new();
                }
                let point = match report.best {
                    Some(point) => point,
                    None => return vec!["ERROR no empty cell left".to_string()],
                };
                let score = if report.score >= WIN_THRESHOLD {
                    "win".to_string()
                } else if report.score <= -WIN_THRESHOLD {
                    "loss".to_string()
                } else {
                    report.score.to_string()
                };
                let message = format!(
                    "MESSAGE depth {} ev {} nodes {} time {} ms",
                    report.depth,
                    score,
                    report.nodes,
                    report.elapsed.as_millis(),
                );
                let _ = self.engine.play(point);
                vec![message, point_text(point)]
            }
        }
    }

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

        /// A piece of the judge's input fit to quote in an answer: control characters escaped (a CR
        /// would end the line for some readers) and at most 40 characters.
        pub fn quoted(text: &str) -> String {
            let mut shown: String = text
                .chars()
                .take(40)
                .flat_map(char::escape_debug)
                .collect();
            if text.chars().nth(40).is_some() {
                shown.push_str("...");
            }
            shown
        }

        /// Parses a whole number, saturating at the ends of `i64` rather than refusing a long one.
        pub fn parse_saturating(text: &str) -> Option<i64> {
            let text = text.trim();
            if let Ok(value) = text.parse::<i64>() {
                return Some(value);
            }
            let (negative, digits) = match text.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, text.strip_prefix('+').unwrap_or(text)),
            };
            if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
                return None;
            }
            Some(if negative { i64::MIN } else { i64::MAX })
        }
    }
}
