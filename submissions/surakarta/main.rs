//! surakarta: bundled from engine (bin surakarta) by bundler. Do not edit; regenerate with `cargo run -p bundler`.
//!
//! Surakarta for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds), `--random-plies <n>` play the first `n` plies
//! of each game at random (for varied games in local matches; default 0).

// engine/src/bin/surakarta.rs
use crate::protocol::sau;
use crate::surakarta::engine::SurakartaEngine;
use crate::surakarta::search::Settings;
use std::io;
use std::process::ExitCode;

fn random_plies(args: &[String]) -> Result<u32, String> {
    match args.iter().position(|arg| arg == "--random-plies") {
        Some(index) => {
            args.get(index + 1)
                .and_then(|text| text.parse().ok())
                .ok_or_else(|| "--random-plies needs a number".to_string())
        }
        None => Ok(0),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let random_plies = match random_plies(&args) {
        Ok(plies) => plies,
        Err(message) => {
            eprintln!("surakarta: {message}");
            return ExitCode::FAILURE;
        }
    };
    sau::serve_stdio(
        "surakarta",
        &args,
        |control, seed| {
            // The seed varies the random opening plies between runs.
            let settings = Settings {
                random_plies,
                seed,
                ..Settings::default()
            };
            let mut engine = SurakartaEngine::new(settings);
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

        pub mod surakarta {
            // engine/src/protocol/sau/surakarta.rs
            //! Surakarta on the SAU platform: `X1Y1X2Y2` (from, to) on a 6x6 board, `x` the first letter.

            use super::{SauGame, Square};
            use crate::core::color::Color;
            use crate::core::time::Deadline;
            use crate::surakarta::board::{Move, SIZE};
            use crate::surakarta::engine::{Saved, SurakartaEngine};

            fn point(square: Square) -> usize {
                usize::from(square.y) * SIZE + usize::from(square.x)
            }

            fn square(point: u8) -> Square {
                Square {
                    x: point % SIZE as u8,
                    y: point / SIZE as u8,
                }
            }

            impl SauGame for SurakartaEngine {
                type Move = Move;

                type Snapshot = Saved;

                fn engine_name(&self) -> &str {
                    "RustSurakarta"
                }

                fn board_size(&self) -> u8 {
                    SIZE as u8
                }

                fn new_game(&mut self) {
                    SurakartaEngine::new_game(self);
                }

                fn side_to_move(&self) -> Color {
                    SurakartaEngine::side_to_move(self)
                }

                fn is_over(&self) -> bool {
                    SurakartaEngine::is_over(self)
                }

                fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<Move> {
                    let mv = match squares {
                        [Some(from), Some(to)] => Move::new(point(*from), point(*to)),
                        _ => return None,
                    };
                    self.is_legal(&mv).then_some(mv)
                }

                fn squares_of(&self, mv: Move) -> Vec<Option<Square>> {
                    vec![Some(square(mv.from)), Some(square(mv.to))]
                }

                fn play(&mut self, mv: Move) {
                    SurakartaEngine::play(self, mv);
                }

                fn snapshot(&self) -> Saved {
                    self.save()
                }

                fn restore(&mut self, snapshot: Saved) {
                    SurakartaEngine::restore(self, snapshot);
                }

                fn expected_moves_left(&self) -> u32 {
                    SurakartaEngine::expected_moves_left(self)
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

pub mod surakarta {
    // engine/src/surakarta/mod.rs
    //! Surakarta on a 6x6 board: rules, evaluation, search and the engine.
    //!
    //! Each side starts with 12 pieces on its two nearest lines (black on columns A and B, white on
    //! E and F, as in the SAU platform's sample engine); black moves first. A piece steps to any of
    //! its 8 neighbouring empty points, or captures by travelling along one of the two circuits
    //! (lines 1 and 4 joined by the small corner arcs, lines 2 and 3 joined by the large ones)
    //! through at least one arc, over empty points only (its own starting point counts as empty),
    //! onto the first piece it meets, which must be an enemy. A side with no piece left, or no move,
    //! has lost. The championship may also stop a game by a move limit and count the pieces left:
    //! the engine plays on as long as the platform asks, and its evaluation counts pieces first, so
    //! a game stopped that way is scored the way the engine plays for (see docs/surakarta.md).
    //!
    //! - the two colours are [`Color`](crate::core::color::Color), shared with the other games.
    //! - [`board`]: the position as bit sets, the circuits and move generation.
    //! - [`eval`]: the static evaluation.
    //! - [`search`]: alpha-beta with iterative deepening, PVS, transposition table and quiescence.
    //! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

    pub mod board {
        // engine/src/surakarta/board.rs
        //! The Surakarta position: 36 points as bits of a `u64`, the two circuits, and move generation.
        //!
        //! Points are numbered `y * 6 + x`, with `x` the platform's first letter and `y` its second (the
        //! seed's sample engine indexes `Board[x][y]` and puts black on `x` = 0 and 1, white on `x` = 4
        //! and 5; black moves first).
        //!
        //! A circuit is a closed path of 24 steps over the board: the inner one follows lines 1 and 4
        //! (rows and columns), joined at the corners by the small arcs, the outer one lines 2 and 3,
        //! joined by the large arcs. Each circuit is stored as 24 points in travel order, 6 per line,
        //! so that an arc lies between positions 5|6, 11|12, 17|18 and 23|0. The four points where a
        //! circuit crosses itself appear twice in its list.

        use crate::core::color::Color;

        /// Board side.
        pub const SIZE: usize = 6;

        /// Number of points.
        pub const POINTS: usize = SIZE * SIZE;

        /// Positions along one circuit.
        pub const CIRCUIT_LEN: usize = 24;

        /// Every point of the board.
        pub const ALL: u64 = (1u64 << POINTS) - 1;

        /// The circuit along line `k` and line `5 - k`, in travel order.
        const fn circuit(k: usize) -> [u8; CIRCUIT_LEN] {
            let m = SIZE - 1 - k;
            let mut out = [0u8; CIRCUIT_LEN];
            let mut i = 0;
            while i < SIZE {
                // Row k left to right, column m top to bottom, row m right to left, column k bottom
                // to top: consecutive lines meet through the corner arcs.
                out[i] = (k * SIZE + i) as u8;
                out[SIZE + i] = (i * SIZE + m) as u8;
                out[2 * SIZE + i] = (m * SIZE + (SIZE - 1 - i)) as u8;
                out[3 * SIZE + i] = ((SIZE - 1 - i) * SIZE + k) as u8;
                i += 1;
            }
            out
        }

        /// The inner (small arcs) and outer (large arcs) circuits.
        pub const CIRCUITS: [[u8; CIRCUIT_LEN]; 2] = [circuit(1), circuit(2)];

        /// The points of each circuit as a bit set.
        pub const CIRCUIT_POINTS: [u64; 2] = [circuit_mask(0), circuit_mask(1)];

        const fn circuit_mask(c: usize) -> u64 {
            let mut mask = 0u64;
            let mut i = 0;
            while i < CIRCUIT_LEN {
                mask |= 1u64 << CIRCUITS[c][i];
                i += 1;
            }
            mask
        }

        /// The points one king step away from each point.
        pub const NEIGHBOURS: [u64; POINTS] = neighbours();

        const fn neighbours() -> [u64; POINTS] {
            let mut out = [0u64; POINTS];
            let mut p = 0;
            while p < POINTS {
                let (x, y) = ((p % SIZE) as i32, (p / SIZE) as i32);
                let mut dy = -1;
                while dy <= 1 {
                    let mut dx = -1;
                    while dx <= 1 {
                        let (nx, ny) = (x + dx, y + dy);
                        if (dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < 6 && ny < 6
                        {
                            out[p] |= 1u64 << (ny * 6 + nx);
                        }
                        dx += 1;
                    }
                    dy += 1;
                }
                p += 1;
            }
            out
        }

        /// Zobrist keys: one per colour and point, and one for white to move.
        const ZOBRIST: [[u64; POINTS]; 2] = zobrist_keys();

        const ZOBRIST_WHITE: u64 = 0x6a09_e667_f3bc_c909;

        const fn splitmix(state: u64) -> (u64, u64) {
            let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (state, z ^ (z >> 31))
        }

        const fn zobrist_keys() -> [[u64; POINTS]; 2] {
            let mut keys = [[0u64; POINTS]; 2];
            let mut state = 0x5352_4b54_u64;
            let mut side = 0;
            while side < 2 {
                let mut p = 0;
                while p < POINTS {
                    let (next, key) = splitmix(state);
                    state = next;
                    keys[side][p] = key;
                    p += 1;
                }
                side += 1;
            }
            keys
        }

        /// One move: a step to a neighbouring empty point, or a capture along a circuit.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Move {
            /// The point the piece leaves.
            pub from: u8,
            /// The point it lands on (an enemy piece for a capture).
            pub to: u8,
        }

        impl Move {
            /// The move from `from` to `to` (points `y * 6 + x`).
            pub fn new(from: usize, to: usize) -> Self {
                Self {
                    from: from as u8,
                    to: to as u8,
                }
            }
        }

        /// A position: both sides' pieces, the side to move and the plies since the last capture.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Board {
            pieces: [u64; 2],
            to_move: Color,
            quiet_plies: u32,
            hash: u64,
        }

        impl Default for Board {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Board {
            /// The starting position: black on columns A and B, white on E and F, black to move.
            pub fn new() -> Self {
                let mut black = 0u64;
                let mut white = 0u64;
                for y in 0..SIZE {
                    for x in 0..2 {
                        black |= 1 << (y * SIZE + x);
                        white |= 1 << (y * SIZE + SIZE - 1 - x);
                    }
                }
                Self::from_pieces(black, white, Color::Black)
            }

            /// A position with the given pieces (bit `y * 6 + x`); overlapping bits are given to black.
            pub fn from_pieces(black: u64, white: u64, to_move: Color) -> Self {
                let black = black & ALL;
                let white = white & ALL & !black;
                let mut hash = if to_move == Color::White { ZOBRIST_WHITE } else { 0 };
                for (side, set) in [black, white].into_iter().enumerate() {
                    let mut bits = set;
                    while bits != 0 {
                        hash ^= ZOBRIST[side][bits.trailing_zeros() as usize];
                        bits &= bits - 1;
                    }
                }
                Self {
                    pieces: [black, white],
                    to_move,
                    quiet_plies: 0,
                    hash,
                }
            }

            /// The side to move.
            pub fn to_move(&self) -> Color {
                self.to_move
            }

            /// The pieces of `side`.
            pub fn pieces(&self, side: Color) -> u64 {
                self.pieces[side.index()]
            }

            /// Every occupied point.
            pub fn occupied(&self) -> u64 {
                self.pieces[0] | self.pieces[1]
            }

            /// How many pieces `side` has left.
            pub fn count(&self, side: Color) -> u32 {
                self.pieces[side.index()].count_ones()
            }

            /// Plies played since the last capture (or since the position was set up).
            pub fn quiet_plies(&self) -> u32 {
                self.quiet_plies
            }

            /// The Zobrist key of the pieces and the side to move.
            pub fn hash(&self) -> u64 {
                self.hash
            }

            /// Whether the move captures (lands on an enemy piece).
            pub fn is_capture(&self, mv: Move) -> bool {
                self.pieces[self.to_move.opponent().index()] & (1u64 << mv.to) != 0
            }

            /// Plays a move assumed legal for the side to move.
            pub fn play(&mut self, mv: Move) {
                let us = self.to_move.index();
                let them = 1 - us;
                let (from, to) = (mv.from as usize, mv.to as usize);
                let to_bit = 1u64 << to;
                if self.pieces[them] & to_bit != 0 {
                    self.pieces[them] &= !to_bit;
                    self.hash ^= ZOBRIST[them][to];
                    self.quiet_plies = 0;
                } else {
                    self.quiet_plies += 1;
                }
                self.pieces[us] ^= (1u64 << from) | to_bit;
                self.hash ^= ZOBRIST[us][from] ^ ZOBRIST[us][to] ^ ZOBRIST_WHITE;
                self.to_move = self.to_move.opponent();
            }

            /// Hands the move to the other side without moving (the search's null move; not a rule).
            pub fn pass(&mut self) {
                self.hash ^= ZOBRIST_WHITE;
                self.to_move = self.to_move.opponent();
            }

            /// Whether `mv` is a legal move for the side to move.
            pub fn is_legal(&self, mv: Move) -> bool {
                if mv.from as usize >= POINTS || mv.to as usize >= POINTS {
                    return false;
                }
                let mut moves = Vec::new();
                self.generate(&mut moves, false);
                moves.contains(&mv)
            }

            /// The side to move's moves, captures first; only captures when `captures_only`.
            pub fn generate(&self, moves: &mut Vec<Move>, captures_only: bool) {
                moves.clear();
                let us = self.to_move;
                self.for_each_capture(
                    us,
                    |from, to| {
                        let mv = Move::new(from, to);
                        // Two paths to the same target are one move.
                        if !moves.contains(&mv) {
                            moves.push(mv);
                        }
                    },
                );
                if captures_only {
                    return;
                }
                let empty = !self.occupied() & ALL;
                let mut ours = self.pieces(us);
                while ours != 0 {
                    let from = ours.trailing_zeros() as usize;
                    ours &= ours - 1;
                    let mut targets = NEIGHBOURS[from] & empty;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as usize;
                        targets &= targets - 1;
                        moves.push(Move::new(from, to));
                    }
                }
            }

            /// Whether the side to move has any move.
            pub fn has_move(&self) -> bool {
                let us = self.pieces(self.to_move);
                let empty = !self.occupied() & ALL;
                let mut bits = us;
                while bits != 0 {
                    let from = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if NEIGHBOURS[from] & empty != 0 {
                        return true;
                    }
                }
                let mut any = false;
                self.for_each_capture(self.to_move, |_, _| any = true);
                any
            }

            /// Calls `found(from, to)` for every capture path of `side` (a target reached by two paths
            /// is reported twice).
            pub fn for_each_capture(
                &self,
                side: Color,
                mut found: impl FnMut(usize, usize),
            ) {
                let ours = self.pieces(side);
                let theirs = self.pieces(side.opponent());
                for_each_link(
                    ours | theirs,
                    |from, to| {
                        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
                        if ours & from_bit != 0 && theirs & to_bit != 0 {
                            found(from, to);
                        }
                    },
                );
            }

            /// The game is over when the side to move has no piece or no move (it loses).
            pub fn is_over(&self) -> bool {
                self.count(self.to_move) == 0 || !self.has_move()
            }
        }

        /// Calls `link(from, to)` for every pair of pieces (of either colour) where the piece on `from`
        /// could travel along a circuit, through at least one arc, over empty points only, to the piece
        /// on `to`. Its own point counts as empty on the way (a piece on a crossing passes itself).
        pub fn for_each_link(occupied: u64, mut link: impl FnMut(usize, usize)) {
            for circuit in &CIRCUITS {
                if occupied & circuit_mask_of(circuit) == 0 {
                    continue;
                }
                // The circuit positions holding a piece, in travel order.
                let mut stops = [0u8; CIRCUIT_LEN];
                let mut count = 0;
                for (index, &point) in circuit.iter().enumerate() {
                    if occupied & (1u64 << point) != 0 {
                        stops[count] = index as u8;
                        count += 1;
                    }
                }
                if count < 2 {
                    continue;
                }
                for k in 0..count {
                    let start = stops[k] as usize;
                    let point = circuit[start];
                    for forward in [true, false] {
                        let mut step = 1;
                        let mut next = stops[neighbour_stop(k, step, count, forward)]
                            as usize;
                        if circuit[next] == point {
                            // The same piece on its crossing: it travels through its own point.
                            step += 1;
                            next = stops[neighbour_stop(k, step, count, forward)]
                                as usize;
                            if circuit[next] == point {
                                continue;
                            }
                        }
                        let distance = if forward {
                            (next + CIRCUIT_LEN - start) % CIRCUIT_LEN
                        } else {
                            (start + CIRCUIT_LEN - next) % CIRCUIT_LEN
                        };
                        let distance = if distance == 0 {
                            CIRCUIT_LEN
                        } else {
                            distance
                        };
                        // The first arc lies after the end of the current line.
                        let to_arc = if forward {
                            SIZE - start % SIZE
                        } else {
                            start % SIZE + 1
                        };
                        if distance >= to_arc {
                            link(point as usize, circuit[next] as usize);
                        }
                    }
                }
            }
        }

        fn circuit_mask_of(circuit: &[u8; CIRCUIT_LEN]) -> u64 {
            if circuit == &CIRCUITS[0] { CIRCUIT_POINTS[0] } else { CIRCUIT_POINTS[1] }
        }

        fn neighbour_stop(k: usize, step: usize, count: usize, forward: bool) -> usize {
            if forward { (k + step) % count } else { (k + count * 2 - step) % count }
        }
    }

    pub mod engine {
        // engine/src/surakarta/engine.rs
        //! The Surakarta engine: the game in progress and its search, speaking only [`Move`]s.

        use super::board::{Board, Move};
        use super::search::{Searcher, Settings};
        use crate::core::color::Color;
        use crate::core::time::Deadline;

        /// A game position with the keys of every position before it (for repetitions).
        #[derive(Clone, Debug)]
        pub struct Saved {
            board: Board,
            keys: Vec<u64>,
        }

        /// One Surakarta game in progress and the search that picks our moves.
        pub struct SurakartaEngine {
            board: Board,
            /// Keys of the earlier positions of the game, oldest first.
            keys: Vec<u64>,
            searcher: Searcher,
        }

        impl SurakartaEngine {
            /// An engine at the start of a game, with the given search settings.
            pub fn new(settings: Settings) -> Self {
                Self {
                    board: Board::new(),
                    keys: Vec::new(),
                    searcher: Searcher::new(settings),
                }
            }

            /// Starts a new game from the initial position.
            pub fn new_game(&mut self) {
                self.board = Board::new();
                self.keys.clear();
                self.searcher.clear();
            }

            /// The side to move.
            pub fn side_to_move(&self) -> Color {
                self.board.to_move()
            }

            /// Whether the side to move has lost (no piece or no move left). The platform may also end
            /// a game by its own move limits; the engine plays on for as long as it is asked.
            pub fn is_over(&self) -> bool {
                self.board.is_over()
            }

            /// Whether the side to move may play `mv`.
            pub fn is_legal(&self, mv: &Move) -> bool {
                self.board.is_legal(*mv)
            }

            /// Plays a legal move for the side to move.
            pub fn play(&mut self, mv: Move) {
                self.keys.push(self.board.hash());
                self.board.play(mv);
            }

            /// Saves the position (with its history).
            pub fn save(&self) -> Saved {
                Saved {
                    board: self.board,
                    keys: self.keys.clone(),
                }
            }

            /// Returns to a position saved with [`SurakartaEngine::save`].
            pub fn restore(&mut self, saved: Saved) {
                self.board = saved.board;
                self.keys = saved.keys;
            }

            /// How many more moves we expect to make in this game (for dividing the clock).
            pub fn expected_moves_left(&self) -> u32 {
                // Games between strong sides run long (captures are rare once both sides guard their
                // circuits), so the clock is divided as if 40 more moves came, never fewer than 20.
                let played = self.keys.len() as u32 / 2;
                40u32.saturating_sub(played / 4).max(20)
            }

            /// Our move within `deadline`, never one of `rejected`; `None` when there is no move.
            pub fn think(
                &mut self,
                deadline: Deadline,
                rejected: &[Move],
            ) -> Option<Move> {
                let ply = self.keys.len() as u32;
                self.searcher.search(&self.board, &self.keys, ply, deadline, rejected)
            }
        }
    }

    pub mod eval {
        // engine/src/surakarta/eval.rs
        //! The static evaluation: material, capture threats, defended and hanging pieces, circuit control
        //! and mobility, from the side to move's point of view.

        use super::board::{for_each_link, Board, ALL, CIRCUIT_POINTS, NEIGHBOURS};

        /// The evaluation weights (a pawn-like piece is worth `piece`).
        #[derive(Clone, Copy, Debug)]
        pub struct Weights {
            /// One piece.
            pub piece: i32,
            /// Each capture path a side has (pressure along the circuits).
            pub capture_path: i32,
            /// Each of the side to move's pieces the opponent attacks (it must move or be defended).
            pub attacked: i32,
            /// Extra for an attacked piece that no piece of its own side defends.
            pub undefended: i32,
            /// Each piece defended along a circuit by one of its own side.
            pub defended: i32,
            /// Each piece on a circuit point (it can attack and be attacked).
            pub on_circuit: i32,
            /// Each piece on both circuits at once.
            pub on_both: i32,
            /// Each step move.
            pub mobility: i32,
        }

        impl Default for Weights {
            fn default() -> Self {
                Self {
                    piece: 100,
                    capture_path: 6,
                    attacked: 12,
                    undefended: 25,
                    defended: 4,
                    on_circuit: 3,
                    on_both: 4,
                    mobility: 1,
                }
            }
        }

        /// The score of `board` for the side to move.
        pub fn evaluate(board: &Board, weights: &Weights) -> i32 {
            let us = board.to_move();
            let ours = board.pieces(us);
            let theirs = board.pieces(us.opponent());
            let mut paths = [0i32; 2];
            let mut attacked = [0u64; 2];
            let mut defended = [0u64; 2];
            for_each_link(
                ours | theirs,
                |from, to| {
                    let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
                    let mover = usize::from(ours & from_bit == 0);
                    let target_ours = ours & to_bit != 0;
                    let target_side = usize::from(!target_ours);
                    if mover == target_side {
                        defended[mover] |= to_bit;
                    } else {
                        paths[mover] += 1;
                        attacked[target_side] |= to_bit;
                    }
                },
            );
            let both = CIRCUIT_POINTS[0] & CIRCUIT_POINTS[1];
            let any = CIRCUIT_POINTS[0] | CIRCUIT_POINTS[1];
            let empty = !(ours | theirs) & ALL;
            let mut score = 0;
            for (side, set, sign) in [(0usize, ours, 1i32), (1, theirs, -1)] {
                let mut side_score = weights.piece * set.count_ones() as i32
                    + weights.capture_path * paths[side]
                    + weights.defended * (defended[side] & set).count_ones() as i32
                    + weights.on_circuit * (set & any).count_ones() as i32
                    + weights.on_both * (set & both).count_ones() as i32;
                if side == 0 {
                    // Only the side to move's pieces stand attacked: the other side's are the quiescence
                    // search's business (they can be taken right now).
                    let hit = attacked[0] & set;
                    side_score
                        -= weights.attacked * hit.count_ones() as i32
                            + weights.undefended
                                * (hit & !defended[0]).count_ones() as i32;
                }
                let mut bits = set;
                let mut steps = 0;
                while bits != 0 {
                    let from = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    steps += (NEIGHBOURS[from] & empty).count_ones() as i32;
                }
                side_score += weights.mobility * steps;
                score += sign * side_score;
            }
            score
        }
    }

    pub mod search {
        // engine/src/surakarta/search.rs
        //! Alpha-beta search: iterative deepening, principal variation search, a transposition table with
        //! Zobrist keys, killer and history move ordering (captures first), late move reductions, a
        //! quiescence search over captures, and repetitions scored as draws.

        use super::board::{Board, Move, POINTS};
        use super::eval::{evaluate, Weights};
        use crate::core::rng::Rng;
        use crate::core::score::{Bound, WIN, WIN_THRESHOLD as WIN_BOUND};
        use crate::core::time::Deadline;

        /// The deepest ply the search reaches (quiescence included).
        const MAX_PLY: usize = 128;

        /// Nodes between two looks at the clock.
        const CLOCK_NODES: u64 = 1024;

        /// Search settings (the defaults are what the upload file plays).
        #[derive(Clone, Copy, Debug)]
        pub struct Settings {
            /// The deepest iteration, in plies.
            pub max_depth: u32,
            /// Transposition table size: `1 << table_bits` entries of 16 bytes.
            pub table_bits: u32,
            /// Whether the leaves are resolved by a capture-only search.
            pub quiescence: bool,
            /// Whether late quiet moves are first searched one ply shallower.
            pub reductions: bool,
            /// Moves searched in full before the reductions start.
            pub reduce_after: usize,
            /// Plies a null move saves (0: no null moves). Zugzwang is rare in Surakarta: a side
            /// almost always has a harmless step.
            pub null_reduction: u32,
            /// The first plies of a game played at random (varied games in matches; 0 in play).
            pub random_plies: u32,
            /// Seed of those random plies.
            pub seed: u64,
            /// The evaluation weights.
            pub weights: Weights,
        }

        impl Default for Settings {
            fn default() -> Self {
                Self {
                    max_depth: 64,
                    table_bits: 20,
                    quiescence: true,
                    reductions: true,
                    reduce_after: 4,
                    null_reduction: 0,
                    random_plies: 0,
                    seed: 0,
                    weights: Weights::default(),
                }
            }
        }

        const NO_POINT: u8 = u8::MAX;

        #[derive(Clone, Copy)]
        struct Entry {
            key: u64,
            score: i32,
            depth: i8,
            bound: Bound,
            from: u8,
            to: u8,
        }

        impl Entry {
            const EMPTY: Entry = Entry {
                key: 0,
                score: 0,
                depth: 0,
                bound: Bound::Upper,
                from: NO_POINT,
                to: NO_POINT,
            };

            fn best(&self) -> Option<Move> {
                (self.from != NO_POINT && self.key != 0)
                    .then_some(Move {
                        from: self.from,
                        to: self.to,
                    })
            }
        }

        /// What the last search found, for reports and tests.
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Report {
            /// The deepest completed iteration.
            pub depth: u32,
            /// The score of the chosen move for the side that moved.
            pub score: i32,
            /// Positions visited.
            pub nodes: u64,
        }

        /// The searcher, with its tables kept from move to move.
        pub struct Searcher {
            settings: Settings,
            table: Vec<Entry>,
            killers: [[Option<Move>; 2]; MAX_PLY],
            history: Vec<i32>,
            /// Keys of the game's positions, then of the search path.
            path: Vec<u64>,
            nodes: u64,
            deadline: Deadline,
            stopped: bool,
            rng: Rng,
            report: Report,
        }

        impl Searcher {
            /// A searcher with empty tables.
            pub fn new(settings: Settings) -> Self {
                Self {
                    settings,
                    table: vec![Entry::EMPTY; 1usize << settings.table_bits],
                    killers: [[None; 2]; MAX_PLY],
                    history: vec![0; POINTS * POINTS],
                    path: Vec::new(),
                    nodes: 0,
                    deadline: Deadline::unlimited(),
                    stopped: false,
                    rng: Rng::new(settings.seed),
                    report: Report::default(),
                }
            }

            /// Forgets everything learnt in the previous game.
            pub fn clear(&mut self) {
                self.table.iter_mut().for_each(|entry| *entry = Entry::EMPTY);
                self.history.iter_mut().for_each(|value| *value = 0);
                self.killers = [[None; 2]; MAX_PLY];
            }

            /// The best move in `board` within `deadline`, never one of `rejected`. `game` holds the
            /// keys of the game's earlier positions (oldest first, `board` excluded), for repetitions;
            /// `game_ply` is the number of plies played. `None` when there is no move.
            pub fn search(
                &mut self,
                board: &Board,
                game: &[u64],
                game_ply: u32,
                deadline: Deadline,
                rejected: &[Move],
            ) -> Option<Move> {
                let mut moves = Vec::new();
                board.generate(&mut moves, false);
                moves.retain(|mv| !rejected.contains(mv));
                self.report = Report::default();
                if moves.is_empty() {
                    return None;
                }
                if game_ply < self.settings.random_plies {
                    let pick = self.rng.below(moves.len() as u32) as usize;
                    return Some(moves[pick]);
                }
                if moves.len() == 1 {
                    return Some(moves[0]);
                }
                self.deadline = deadline;
                self.stopped = false;
                self.nodes = 0;
                self.path.clear();
                self.path.extend_from_slice(game);
                self.path.push(board.hash());
                for value in self.history.iter_mut() {
                    *value /= 8;
                }
                self.order(board, &mut moves, 0, None);
                let mut best = moves[0];
                let mut best_score = -WIN;
                for depth in 1..=self.settings.max_depth {
                    // The next iteration takes about as long as all before it together: starting one
                    // past half the soft limit would mostly end at the hard limit, unfinished.
                    if depth > 1 && self.deadline.elapsed() * 2 >= self.deadline.soft {
                        break;
                    }
                    let (score, found) = self.root(board, &mut moves, depth as i32);
                    if self.stopped {
                        // A move that finished searching and beat the previous best is still good.
                        if let Some(mv) = found {
                            if score > best_score || mv == best {
                                best = mv;
                            }
                        }
                        break;
                    }
                    if let Some(mv) = found {
                        best = mv;
                        best_score = score;
                        self.report.depth = depth;
                        self.report.score = score;
                    }
                    if score.abs() >= WIN_BOUND {
                        break;
                    }
                }
                self.report.nodes = self.nodes;
                Some(best)
            }

            /// One iteration over the root moves; the best move goes to the front of `moves`.
            fn root(
                &mut self,
                board: &Board,
                moves: &mut [Move],
                depth: i32,
            ) -> (i32, Option<Move>) {
                let mut alpha = -WIN - 1;
                let beta = WIN + 1;
                let mut best = None;
                let mut best_index = 0;
                for (index, &mv) in moves.iter().enumerate() {
                    let mut child = *board;
                    child.play(mv);
                    self.path.push(child.hash());
                    let score = if index == 0 {
                        -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                    } else {
                        let probe = -self
                            .negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                        if probe > alpha && !self.stopped {
                            -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                        } else {
                            probe
                        }
                    };
                    self.path.pop();
                    if self.stopped {
                        break;
                    }
                    if score > alpha {
                        alpha = score;
                        best = Some(mv);
                        best_index = index;
                    }
                }
                if best.is_some() {
                    moves[..=best_index].rotate_right(1);
                }
                (alpha, best)
            }

            fn out_of_time(&mut self) -> bool {
                self.nodes += 1;
                if self.nodes % CLOCK_NODES == 0 && self.deadline.hard_passed() {
                    self.stopped = true;
                }
                self.stopped
            }

            /// Whether the position on top of the path occurred before with the same side to move
            /// since the last capture.
            fn is_repetition(&self, board: &Board) -> bool {
                let len = self.path.len();
                let back = (board.quiet_plies() as usize).min(len - 1);
                let key = board.hash();
                (4..=back)
                    .step_by(2)
                    .any(|distance| self.path[len - 1 - distance] == key)
            }

            fn negamax(
                &mut self,
                board: &Board,
                depth: i32,
                mut alpha: i32,
                beta: i32,
                ply: usize,
            ) -> i32 {
                if self.out_of_time() {
                    return 0;
                }
                let us = board.to_move();
                if board.count(us) == 0 {
                    return -(WIN - ply as i32);
                }
                if self.is_repetition(board) {
                    return 0;
                }
                if depth <= 0 || ply >= MAX_PLY - 8 {
                    return self.quiescence(board, alpha, beta, ply);
                }
                let slot = (board.hash() as usize) & (self.table.len() - 1);
                let entry = self.table[slot];
                let mut table_move = None;
                if entry.key == board.hash() {
                    table_move = entry.best();
                    if i32::from(entry.depth) >= depth {
                        let score = from_table(entry.score, ply);
                        if entry.bound.settles(score, alpha, beta) {
                            return score;
                        }
                    }
                }
                let null = self.settings.null_reduction as i32;
                if null > 0 && depth > null && beta - alpha == 1
                    && beta.abs() < WIN_BOUND && board.count(us) >= 3
                    && evaluate(board, &self.settings.weights) >= beta
                {
                    let mut passed = *board;
                    passed.pass();
                    // A marker no position has: no repetition is counted across the null move.
                    self.path.push(0);
                    let score = -self
                        .negamax(&passed, depth - 1 - null, -beta, -beta + 1, ply + 1);
                    self.path.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return beta;
                    }
                }
                let mut moves = Vec::with_capacity(48);
                board.generate(&mut moves, false);
                if moves.is_empty() {
                    return -(WIN - ply as i32);
                }
                self.order(board, &mut moves, ply, table_move);
                let original_alpha = alpha;
                let mut best_score = -WIN - 1;
                let mut best_move = moves[0];
                for (index, &mv) in moves.iter().enumerate() {
                    let capture = board.is_capture(mv);
                    let mut child = *board;
                    child.play(mv);
                    self.path.push(child.hash());
                    let score = if index == 0 {
                        -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                    } else {
                        let reduce = self.settings.reductions && depth >= 3
                            && index >= self.settings.reduce_after && !capture;
                        let reduced = if reduce { depth - 2 } else { depth - 1 };
                        let mut score = -self
                            .negamax(&child, reduced, -alpha - 1, -alpha, ply + 1);
                        if reduce && score > alpha && !self.stopped {
                            score = -self
                                .negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                        }
                        if score > alpha && score < beta && !self.stopped {
                            score = -self
                                .negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                        }
                        score
                    };
                    self.path.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score > best_score {
                        best_score = score;
                        best_move = mv;
                    }
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            if !capture {
                                let killers = &mut self.killers[ply];
                                if killers[0] != Some(mv) {
                                    killers[1] = killers[0];
                                    killers[0] = Some(mv);
                                }
                                self
                                    .history[usize::from(mv.from) * POINTS + usize::from(mv.to)]
                                    += depth * depth;
                            }
                            break;
                        }
                    }
                }
                let bound = Bound::of(best_score, original_alpha, beta);
                self.table[slot] = Entry {
                    key: board.hash(),
                    score: to_table(best_score, ply),
                    depth: depth.min(i8::MAX as i32) as i8,
                    bound,
                    from: best_move.from,
                    to: best_move.to,
                };
                best_score
            }

            fn quiescence(
                &mut self,
                board: &Board,
                mut alpha: i32,
                beta: i32,
                ply: usize,
            ) -> i32 {
                if self.out_of_time() {
                    return 0;
                }
                let us = board.to_move();
                if board.count(us) == 0 {
                    return -(WIN - ply as i32);
                }
                let stand = evaluate(board, &self.settings.weights);
                if !self.settings.quiescence || stand >= beta || ply >= MAX_PLY - 1 {
                    return stand;
                }
                alpha = alpha.max(stand);
                let mut moves = Vec::with_capacity(16);
                board.generate(&mut moves, true);
                let mut best = stand;
                for mv in moves {
                    let mut child = *board;
                    child.play(mv);
                    let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
                    if self.stopped {
                        return 0;
                    }
                    if score > best {
                        best = score;
                        if score > alpha {
                            alpha = score;
                            if alpha >= beta {
                                break;
                            }
                        }
                    }
                }
                best
            }

            /// Sorts `moves`: the table's move, captures, killers, then by history.
            fn order(
                &self,
                board: &Board,
                moves: &mut [Move],
                ply: usize,
                table_move: Option<Move>,
            ) {
                let killers = self.killers[ply.min(MAX_PLY - 1)];
                let mut keyed: Vec<(i32, Move)> = moves
                    .iter()
                    .map(|&mv| {
                        let key = if Some(mv) == table_move {
                            i32::MAX
                        } else if board.is_capture(mv) {
                            1 << 28
                        } else if Some(mv) == killers[0] {
                            1 << 27
                        } else if Some(mv) == killers[1] {
                            (1 << 27) - 1
                        } else {
                            self.history[usize::from(mv.from) * POINTS
                                    + usize::from(mv.to)]
                                .min((1 << 26) - 1)
                        };
                        (key, mv)
                    })
                    .collect();
                keyed.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
                for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
                    *slot = mv;
                }
            }
        }

        /// A score as stored: wins counted from this node, not from the root.
        fn to_table(score: i32, ply: usize) -> i32 {
            if score >= WIN_BOUND {
                score + ply as i32
            } else if score <= -WIN_BOUND {
                score - ply as i32
            } else {
                score
            }
        }

        fn from_table(score: i32, ply: usize) -> i32 {
            if score >= WIN_BOUND {
                score - ply as i32
            } else if score <= -WIN_BOUND {
                score + ply as i32
            } else {
                score
            }
        }
    }
}
