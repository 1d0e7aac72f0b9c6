//! dots-and-boxes: bundled from engine (bin dots-and-boxes) by bundler. Do not edit; regenerate with `cargo run -p bundler`.
//!
//! Dots and Boxes (6x6 dots) for the SAU computer-games platform: reads the platform's commands
//! on stdin and answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds).

// engine/src/bin/dots-and-boxes.rs
use crate::dots::engine::DotsEngine;
use crate::dots::search::Settings;
use crate::protocol::sau;
use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    sau::serve_stdio(
        "dots-and-boxes",
        &args,
        |control, _| {
            let mut engine = DotsEngine::new(Settings::default());
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

pub mod dots {
    // engine/src/dots/mod.rs
    //! Dots and Boxes on 6x6 dots (5x5 boxes, 60 lines): rules, search and the engine.
    //!
    //! Players take turns drawing one line between two neighbouring dots; a player who completes a
    //! box (its fourth side) scores it and must draw again, so one turn is a run of lines of which
    //! every one but the last completes a box (the last may too when it ends the game). Black
    //! starts; with 25 boxes there are no draws.
    //!
    //! - the two colours are [`Color`](crate::core::color::Color), shared with the other games.
    //! - [`board`]: lines as bits of a `u64`, boxes, the position, whole turns and the symmetries.
    //! - [`endgame`]: chains and loops, and the exact value of an endgame made only of them.
    //! - [`search`]: alpha-beta over canonical positions, capture rules, exact endgame solving.
    //! - [`engine`]: the game in progress and its search, the one type the protocol adapters use.

    pub mod board {
        // engine/src/dots/board.rs
        //! The 5x5-box board: 60 lines as the bits of a `u64`, 25 boxes, the position and whole turns.
        //!
        //! Line numbering follows the platform's `KIJ` triples: horizontal line `I` (a row of dots,
        //! 0..6) segment `J` (a column, 0..5) is `I * 5 + J`; vertical line `I` (a column of dots)
        //! segment `J` (a row) is `30 + I * 5 + J`.

        use crate::core::color::Color;

        /// Boxes along a side.
        pub const SIDE: usize = 5;

        /// Boxes on the board.
        pub const BOXES: usize = SIDE * SIDE;

        /// Lines on the board.
        pub const LINES: usize = 2 * (SIDE + 1) * SIDE;

        /// Every line drawn.
        pub const ALL_LINES: u64 = (1u64 << LINES) - 1;

        /// "No box" in [`LINE_BOXES`].
        pub const NO_BOX: u8 = u8::MAX;

        /// The horizontal line on dot row `row` between dot columns `column` and `column + 1`.
        pub const fn horizontal(row: usize, column: usize) -> usize {
            row * SIDE + column
        }

        /// The vertical line on dot column `column` between dot rows `row` and `row + 1`.
        pub const fn vertical(column: usize, row: usize) -> usize {
            (SIDE + 1) * SIDE + column * SIDE + row
        }

        const fn box_masks() -> [u64; BOXES] {
            let mut masks = [0u64; BOXES];
            let mut index = 0;
            while index < BOXES {
                let (row, column) = (index / SIDE, index % SIDE);
                masks[index] = (1u64 << horizontal(row, column))
                    | (1u64 << horizontal(row + 1, column))
                    | (1u64 << vertical(column, row))
                    | (1u64 << vertical(column + 1, row));
                index += 1;
            }
            masks
        }

        /// The four sides of each box (`row * 5 + column`).
        pub const BOX_LINES: [u64; BOXES] = box_masks();

        const fn line_boxes() -> [[u8; 2]; LINES] {
            let mut table = [[NO_BOX; 2]; LINES];
            let mut index = 0;
            while index < BOXES {
                let mut line = 0;
                while line < LINES {
                    if BOX_LINES[index] & (1u64 << line) != 0 {
                        if table[line][0] == NO_BOX {
                            table[line][0] = index as u8;
                        } else {
                            table[line][1] = index as u8;
                        }
                    }
                    line += 1;
                }
                index += 1;
            }
            table
        }

        /// The one or two boxes each line borders ([`NO_BOX`] in the second slot on the edge).
        pub const LINE_BOXES: [[u8; 2]; LINES] = line_boxes();

        /// The box across `line` from `from`, if any.
        #[inline]
        pub fn other_box(line: usize, from: usize) -> Option<usize> {
            let [a, b] = LINE_BOXES[line];
            let other = if usize::from(a) == from { b } else { a };
            (other != NO_BOX).then_some(usize::from(other))
        }

        /// How many sides of `index` are drawn in `lines`.
        #[inline]
        pub fn sides(lines: u64, index: usize) -> u32 {
            (lines & BOX_LINES[index]).count_ones()
        }

        /// How many boxes drawing `line` on top of `lines` completes (0, 1 or 2).
        #[inline]
        pub fn completes(lines: u64, line: usize) -> u32 {
            let after = lines | (1u64 << line);
            LINE_BOXES[line]
                .iter()
                .filter(|&&index| {
                    index != NO_BOX
                        && after & BOX_LINES[usize::from(index)]
                            == BOX_LINES[usize::from(index)]
                })
                .count() as u32
        }

        /// Complete boxes in `lines`.
        pub fn complete_boxes(lines: u64) -> u32 {
            BOX_LINES.iter().filter(|&&mask| lines & mask == mask).count() as u32
        }

        /// One turn: the set of lines drawn in it (their order follows from the rules, see
        /// [`Position::turn_order`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Turn(pub u64);

        /// A position: the lines drawn, the boxes each side holds and the side to move.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Position {
            lines: u64,
            score: [u8; 2],
            to_move: Color,
        }

        impl Default for Position {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Position {
            /// The empty board, black to move.
            pub fn new() -> Self {
                Self {
                    lines: 0,
                    score: [0, 0],
                    to_move: Color::Black,
                }
            }

            /// The lines drawn.
            pub fn lines(&self) -> u64 {
                self.lines
            }

            /// Boxes held by `side`.
            pub fn score(&self, side: Color) -> u32 {
                u32::from(self.score[side.index()])
            }

            /// The side to move.
            pub fn to_move(&self) -> Color {
                self.to_move
            }

            /// Whether every line is drawn.
            pub fn is_over(&self) -> bool {
                self.lines == ALL_LINES
            }

            /// Whether `line` (0..60) is still free.
            pub fn is_free(&self, line: usize) -> bool {
                line < LINES && self.lines & (1u64 << line) == 0
            }

            /// Draws a free line for the side to move; returns the boxes it completed. The turn passes
            /// when it completed none.
            pub fn draw(&mut self, line: usize) -> u32 {
                let gained = completes(self.lines, line);
                self.lines |= 1u64 << line;
                self.score[self.to_move.index()] += gained as u8;
                if gained == 0 {
                    self.to_move = self.to_move.opponent();
                }
                gained
            }

            /// The turn that drawing `sequence` in this order makes, if it is a whole legal turn: free
            /// distinct lines, every one but the last completing a box, and the last completing none
            /// unless it ends the game.
            pub fn turn_from_sequence(&self, sequence: &[usize]) -> Option<Turn> {
                let (last, before) = sequence.split_last()?;
                let mut lines = self.lines;
                for &line in before {
                    if line >= LINES || lines & (1u64 << line) != 0
                        || completes(lines, line) == 0
                    {
                        return None;
                    }
                    lines |= 1u64 << line;
                }
                if *last >= LINES || lines & (1u64 << *last) != 0 {
                    return None;
                }
                let ends_turn = completes(lines, *last) == 0
                    || lines | (1u64 << *last) == ALL_LINES;
                ends_turn.then_some(Turn((lines | (1u64 << *last)) & !self.lines))
            }

            /// The lines of `turn` in an order the rules allow, if there is one: while more than one
            /// line is left, draw one that completes a box. Completing is monotone (more lines never
            /// stop a line from completing a box), so this finds an order whenever one exists.
            pub fn turn_order(&self, turn: Turn) -> Option<Vec<usize>> {
                if turn.0 == 0 || turn.0 & self.lines != 0 || turn.0 & !ALL_LINES != 0 {
                    return None;
                }
                let mut lines = self.lines;
                let mut left = turn.0;
                let mut order = Vec::with_capacity(left.count_ones() as usize);
                while left.count_ones() > 1 {
                    let mut rest = left;
                    let mut found = None;
                    while rest != 0 {
                        let line = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        if completes(lines, line) > 0 {
                            found = Some(line);
                            break;
                        }
                    }
                    let line = found?;
                    order.push(line);
                    lines |= 1u64 << line;
                    left &= !(1u64 << line);
                }
                order.push(left.trailing_zeros() as usize);
                self.turn_from_sequence(&order).map(|_| order)
            }

            /// Plays a legal turn.
            pub fn play(&mut self, turn: Turn) {
                if let Some(order) = self.turn_order(turn) {
                    for line in order {
                        self.draw(line);
                    }
                }
            }
        }

        /// Where the midpoint of `line` lies on the 11x11 grid of dots (even, even) and midpoints.
        fn midpoint(line: usize) -> (usize, usize) {
            let horizontal_lines = (SIDE + 1) * SIDE;
            if line < horizontal_lines {
                let (row, column) = (line / SIDE, line % SIDE);
                (2 * column + 1, 2 * row)
            } else {
                let (column, row) = (
                    (line - horizontal_lines) / SIDE,
                    (line - horizontal_lines) % SIDE,
                );
                (2 * column, 2 * row + 1)
            }
        }

        fn line_at(x: usize, y: usize) -> usize {
            if y % 2 == 0 {
                horizontal(y / 2, (x - 1) / 2)
            } else {
                vertical(x / 2, (y - 1) / 2)
            }
        }

        /// The 8 symmetries of the square board as permutations of the lines (identity first).
        pub fn symmetries() -> [[u8; LINES]; 8] {
            let mut maps = [[0u8; LINES]; 8];
            let last = 2 * SIDE;
            for (index, map) in maps.iter_mut().enumerate() {
                for (line, image) in map.iter_mut().enumerate() {
                    let (x, y) = midpoint(line);
                    let (x, y) = if index & 4 != 0 { (y, x) } else { (x, y) };
                    let x = if index & 1 != 0 { last - x } else { x };
                    let y = if index & 2 != 0 { last - y } else { y };
                    *image = line_at(x, y) as u8;
                }
            }
            maps
        }
    }

    pub mod endgame {
        // engine/src/dots/endgame.rs
        //! Chains and loops, and the exact value of an endgame made only of them.
        //!
        //! Once no line can be drawn without handing the opponent a box, the uncaptured boxes with two
        //! sides drawn form strings: chains, which end on the board's edge or on a box with fewer
        //! sides, and loops. When every uncaptured box has exactly two sides the position is a sum of
        //! independent chains and loops, and its value follows from the classical analysis: the side
        //! to move opens one component; the other side either takes it all and moves next, or takes
        //! all but the last two boxes of a chain (four of a loop) and hands those back with a
        //! double-dealing move, keeping control. A chain of two is opened in the middle, which leaves
        //! no such choice.

        use super::board::{other_box, sides, BOX_LINES};
        use std::collections::HashMap;

        /// One chain or loop: how many boxes, and whether it closes on itself.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
        pub struct Component {
            /// Boxes in it.
            pub len: u8,
            /// A loop rather than a chain.
            pub is_loop: bool,
        }

        /// The strings of two-sided boxes in `lines` (which must hold no three-sided box), and whether
        /// they are everything left (every uncaptured box has exactly two sides).
        pub fn components(lines: u64) -> (Vec<Component>, bool) {
            let mut seen = 0u32;
            let mut found = Vec::new();
            let mut simple = true;
            for (start, &mask) in BOX_LINES.iter().enumerate() {
                let count = (lines & mask).count_ones();
                if count == 4 {
                    continue;
                }
                if count != 2 {
                    simple = false;
                    continue;
                }
                if seen & (1 << start) != 0 {
                    continue;
                }
                seen |= 1 << start;
                let free = mask & !lines;
                let first = free.trailing_zeros() as usize;
                let second = (free & (free - 1)).trailing_zeros() as usize;
                let mut len = 1u8;
                let mut is_loop = false;
                for exit in [first, second] {
                    if is_loop {
                        break;
                    }
                    let (mut at, mut through) = (start, exit);
                    while let Some(next) = other_box(through, at) {
                        if next == start {
                            is_loop = true;
                            break;
                        }
                        if sides(lines, next) != 2 || seen & (1 << next) != 0 {
                            break;
                        }
                        seen |= 1 << next;
                        len += 1;
                        let rest = BOX_LINES[next] & !lines & !(1u64 << through);
                        at = next;
                        through = rest.trailing_zeros() as usize;
                    }
                }
                found.push(Component { len, is_loop });
            }
            (found, simple)
        }

        /// Values of sums of chains and loops, remembered between calls.
        #[derive(Default)]
        pub struct EndgameTable {
            memo: HashMap<u128, i8>,
        }

        impl EndgameTable {
            /// An empty table.
            pub fn new() -> Self {
                Self::default()
            }

            /// The net boxes the side to move makes from `parts` with best play, when it must open one
            /// of them (nothing else is left to draw).
            pub fn value(&mut self, parts: &[Component]) -> i32 {
                let mut parts = parts.to_vec();
                parts.sort_unstable();
                self.value_sorted(&parts)
            }

            fn value_sorted(&mut self, parts: &[Component]) -> i32 {
                if parts.is_empty() {
                    return 0;
                }
                // Six bits a part, so 21 parts fit the key; longer lists are rare and go unremembered.
                let key = if parts.len() <= 21 {
                    let mut key = 1u128;
                    for part in parts {
                        key = (key << 6)
                            | u128::from(part.len * 2 + u8::from(part.is_loop));
                    }
                    Some(key)
                } else {
                    None
                };
                if let Some(value) = key.and_then(|key| self.memo.get(&key)) {
                    return i32::from(*value);
                }
                let mut best = i32::MIN;
                let mut rest = Vec::with_capacity(parts.len());
                for index in 0..parts.len() {
                    if index > 0 && parts[index] == parts[index - 1] {
                        continue;
                    }
                    rest.truncate(0);
                    rest.extend_from_slice(&parts[..index]);
                    rest.extend_from_slice(&parts[index + 1..]);
                    let after = self.value_sorted(&rest);
                    let part = parts[index];
                    let len = i32::from(part.len);
                    let take_all = len + after;
                    let opponent = if part.is_loop {
                        take_all.max(len - 8 - after)
                    } else if part.len >= 3 {
                        take_all.max(len - 4 - after)
                    } else {
                        take_all
                    };
                    best = best.max(-opponent);
                }
                if let Some(key) = key {
                    if self.memo.len() > 1 << 20 {
                        self.memo = HashMap::new();
                    }
                    self.memo.insert(key, best as i8);
                }
                best
            }
        }
    }

    pub mod engine {
        // engine/src/dots/engine.rs
        //! The Dots and Boxes engine: the position and the search, speaking only whole turns.

        use super::board::{Position, Turn, ALL_LINES, BOXES, LINES};
        use super::search::{captures, safe_lines, Captures, Searcher, Settings};
        use crate::core::color::Color;
        use crate::core::time::Deadline;

        /// One Dots and Boxes game in progress and the search that picks our turns.
        pub struct DotsEngine {
            position: Position,
            searcher: Searcher,
        }

        impl DotsEngine {
            /// An engine at the start of a game, with the given search settings.
            pub fn new(settings: Settings) -> Self {
                Self {
                    position: Position::new(),
                    searcher: Searcher::new(settings),
                }
            }

            /// Starts a new game from the empty board (what the table learnt stays true).
            pub fn new_game(&mut self) {
                self.position = Position::new();
            }

            /// The current position.
            pub fn position(&self) -> &Position {
                &self.position
            }

            /// The side to move.
            pub fn side_to_move(&self) -> Color {
                self.position.to_move()
            }

            /// Whether every line is drawn.
            pub fn is_over(&self) -> bool {
                self.position.is_over()
            }

            /// The turn that drawing `sequence` (line numbers) in this order makes, if it is legal.
            pub fn turn_from_sequence(&self, sequence: &[usize]) -> Option<Turn> {
                self.position.turn_from_sequence(sequence)
            }

            /// The lines of a legal turn in the order they are drawn.
            pub fn turn_order(&self, turn: Turn) -> Option<Vec<usize>> {
                self.position.turn_order(turn)
            }

            /// Plays a legal turn.
            pub fn play(&mut self, turn: Turn) {
                self.position.play(turn);
            }

            /// Returns to a position saved with [`DotsEngine::position`].
            pub fn restore(&mut self, position: Position) {
                self.position = position;
            }

            /// How many more turns we expect to take (for dividing the clock): the free lines are
            /// shared by both sides, and the chains at the end go in few turns.
            pub fn expected_moves_left(&self) -> u32 {
                let free = (ALL_LINES & !self.position.lines()).count_ones();
                (free / 3).max(2)
            }

            /// Our whole turn within `deadline`, never one of `rejected`; `None` when the game is over.
            pub fn think(
                &mut self,
                deadline: Deadline,
                rejected: &[Turn],
            ) -> Option<Turn> {
                if self.is_over() {
                    return None;
                }
                let turn = self.search_turn(deadline);
                if !rejected.contains(&turn) {
                    return Some(turn);
                }
                // The platform refused our turn: offer others, each first line continued simply.
                (0..LINES)
                    .filter(|&line| self.position.is_free(line))
                    .map(|line| self.simple_turn(line))
                    .find(|turn| !rejected.contains(turn))
            }

            fn search_turn(&mut self, deadline: Deadline) -> Turn {
                let mut position = self.position;
                let us = position.to_move();
                let mut turn = 0u64;
                loop {
                    let free_boxes = BOXES as i32
                        - (position.score(us) + position.score(us.opponent())) as i32;
                    // We win with 13 boxes: the net score over the free boxes that gets us there.
                    let need = 2 * (13 - position.score(us) as i32) - free_boxes;
                    let line = match self
                        .searcher
                        .choose_line(position.lines(), deadline, need)
                    {
                        Some(line) => line,
                        None => break,
                    };
                    turn |= 1u64 << line;
                    if position.draw(line) == 0 || position.is_over() {
                        break;
                    }
                }
                Turn(turn)
            }

            /// `first`, then while it keeps the turn, captures and else the first safe or free line.
            fn simple_turn(&self, first: usize) -> Turn {
                let mut position = self.position;
                let mut turn = 1u64 << first;
                let mut gained = position.draw(first);
                while gained > 0 && !position.is_over() {
                    let lines = position.lines();
                    let line = match captures(lines) {
                        Captures::Forced(line) | Captures::Choice { take: line, .. } => {
                            line
                        }
                        Captures::None => {
                            let safe = safe_lines(lines);
                            let pool = if safe != 0 { safe } else { ALL_LINES & !lines };
                            pool.trailing_zeros() as usize
                        }
                    };
                    turn |= 1u64 << line;
                    gained = position.draw(line);
                }
                Turn(turn)
            }
        }
    }

    pub mod search {
        // engine/src/dots/search.rs
        //! The search: negamax alpha-beta over the lines drawn, valued as the net boxes the side to
        //! move will still make, with a transposition table over canonical positions (the board's 8
        //! symmetries).
        //!
        //! Captures are not searched as choices: a box that can be taken without letting a new box be
        //! taken is taken at once; when the take leads into the last two boxes of a chain (or the last
        //! four of a loop) the only other choice is the double-dealing move that declines them. Where
        //! nothing can be drawn without a gift and the rest is independent chains and loops, the value
        //! comes from [`EndgameTable`]. The heuristic search (iterative deepening) tries safe lines and,
        //! near the end of the safe lines, small sacrifices; at its horizon the safe lines are drawn
        //! out greedily and the chains that result are valued. The exact search tries every line and
        //! decides whether a target score is reached.

        use super::board::{complete_boxes, other_box, symmetries};
        use super::board::{completes, sides, ALL_LINES, BOXES, BOX_LINES, LINES};
        use super::endgame::{components, EndgameTable};
        use crate::core::time::Deadline;
        use std::time::Duration;

        /// Every tunable number of the search.
        #[derive(Clone, Copy, Debug)]
        pub struct Settings {
            /// The transposition table holds `2^tt_bits` entries of 16 bytes.
            pub tt_bits: u32,
            /// Solve exactly when at most this many lines are free.
            pub exact_free_lines: u32,
            /// The heuristic search tries sacrifices when at most this many safe lines are left.
            pub sacrifice_window: u32,
            /// The largest sacrifice (boxes handed over) the heuristic search tries.
            pub max_gift: u32,
            /// The deepest heuristic iteration.
            pub max_depth: u32,
            /// Share of the soft limit (per cent) for the heuristic search before an exact solve.
            pub heuristic_share: u32,
            /// While more than `opening_safe_lines` safe lines are left, spend this share (per cent) of
            /// the soft limit: early lines decide little.
            pub opening_share: u32,
            /// See `opening_share`.
            pub opening_safe_lines: u32,
            /// Greedy fills averaged at the horizon (1: lowest line first; 2: also highest first).
            pub fills: u32,
        }

        impl Default for Settings {
            fn default() -> Self {
                Self {
                    tt_bits: 22,
                    exact_free_lines: 40,
                    sacrifice_window: 8,
                    max_gift: 2,
                    max_depth: 60,
                    heuristic_share: 35,
                    opening_share: 25,
                    opening_safe_lines: 30,
                    fills: 1,
                }
            }
        }

        /// What the captures of a position leave to decide.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Captures {
            /// No box can be taken.
            None,
            /// Taking with this line is never worse than anything else.
            Forced(usize),
            /// Take with `take`, or decline the last boxes with the double-dealing line `decline`.
            Choice { take: usize, decline: usize },
        }

        /// The free line of a box with three sides drawn.
        fn free_line(lines: u64, index: usize) -> usize {
            (BOX_LINES[index] & !lines).trailing_zeros() as usize
        }

        /// The captures of `lines`.
        pub fn captures(lines: u64) -> Captures {
            let mut three = [0usize; BOXES];
            let mut count = 0;
            for (index, &mask) in BOX_LINES.iter().enumerate() {
                if (lines & mask).count_ones() == 3 {
                    three[count] = index;
                    count += 1;
                }
            }
            if count == 0 {
                return Captures::None;
            }
            for &index in &three[..count] {
                let line = free_line(lines, index);
                match other_box(line, index) {
                    Some(next) if sides(lines, next) == 2 => {}
                    _ => return Captures::Forced(line),
                }
            }
            // Every takeable box leads into a two-sided one: look at the first for the chain's end.
            let first = three[0];
            let take = free_line(lines, first);
            let next = other_box(take, first).unwrap_or(first);
            let exit = (BOX_LINES[next] & !lines & !(1u64 << take)).trailing_zeros()
                as usize;
            match other_box(exit, next) {
                None => {
                    if count == 1 {
                        return Captures::Choice {
                            take,
                            decline: exit,
                        };
                    }
                }
                Some(beyond) => {
                    let beyond_sides = sides(lines, beyond);
                    if beyond_sides <= 1 && count == 1 {
                        return Captures::Choice {
                            take,
                            decline: exit,
                        };
                    }
                    if beyond_sides == 2 && count == 2 {
                        // The last four of a loop: first, next, beyond and a three-sided box past it.
                        let last = (BOX_LINES[beyond] & !lines & !(1u64 << exit))
                            .trailing_zeros() as usize;
                        if let Some(end) = other_box(last, beyond) {
                            if end != first && sides(lines, end) == 3 {
                                return Captures::Choice {
                                    take,
                                    decline: exit,
                                };
                            }
                        }
                    }
                }
            }
            Captures::Forced(take)
        }

        /// The free lines that complete no box and give none away (no side of a two-sided box).
        pub fn safe_lines(lines: u64) -> u64 {
            let mut unsafe_lines = 0u64;
            for &mask in BOX_LINES.iter() {
                if (lines & mask).count_ones() >= 2 {
                    unsafe_lines |= mask;
                }
            }
            ALL_LINES & !lines & !unsafe_lines
        }

        /// How many boxes the opponent takes at once after we draw `line` (taking everything).
        pub fn gift(lines: u64, line: usize) -> u32 {
            let mut lines = lines | (1u64 << line);
            let mut boxes = 0;
            loop {
                let take = match captures(lines) {
                    Captures::None => return boxes,
                    Captures::Forced(take) | Captures::Choice { take, .. } => take,
                };
                boxes += completes(lines, take);
                lines |= 1u64 << take;
            }
        }

        /// What the exact search of the last [`Searcher::choose_line`] found.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Solved {
            /// Not tried, or out of time.
            Unknown,
            /// The chosen line wins against any defence.
            Win,
            /// Every line loses against best play.
            Loss,
        }

        /// Lines to try, with their sort keys (smallest first).
        struct MoveList {
            keyed: [(u64, u8); LINES],
            len: usize,
        }

        impl MoveList {
            fn lines(&self) -> impl Iterator<Item = usize> + '_ {
                self.keyed[..self.len].iter().map(|&(_, line)| usize::from(line))
            }
        }

        const EXACT: u8 = u8::MAX;

        const LOWER: u8 = 1;

        const UPPER: u8 = 2;

        const BOTH: u8 = 3;

        #[derive(Clone, Copy, Default)]
        struct Entry {
            key: u64,
            value: i8,
            bound: u8,
            depth: u8,
            best: u8,
        }

        /// The search and what it keeps between moves.
        pub struct Searcher {
            settings: Settings,
            table: Vec<Entry>,
            /// Per symmetry and byte of a line set, the image of that byte's lines.
            images: Vec<[u64; 256]>,
            /// Per symmetry, the image of each line and the line each image comes from.
            maps: [[u8; LINES]; 8],
            inverse: [[u8; LINES]; 8],
            endgame: EndgameTable,
            history: [u32; LINES],
            deadline: Deadline,
            stop: Duration,
            aborted: bool,
            exact: bool,
            nodes: u64,
            solved: Solved,
        }

        impl Searcher {
            /// A searcher with an empty table.
            pub fn new(settings: Settings) -> Self {
                let maps = symmetries();
                let mut inverse = [[0u8; LINES]; 8];
                let mut images = vec![[0u64; 256]; 64];
                for (symmetry, map) in maps.iter().enumerate() {
                    for (line, &image) in map.iter().enumerate() {
                        inverse[symmetry][usize::from(image)] = line as u8;
                    }
                    for byte in 0..8 {
                        for (value, slot) in images[symmetry * 8 + byte]
                            .iter_mut()
                            .enumerate()
                        {
                            let mut image = 0u64;
                            for bit in 0..8 {
                                let line = byte * 8 + bit;
                                if value & (1 << bit) != 0 && line < LINES {
                                    image |= 1u64 << map[line];
                                }
                            }
                            *slot = image;
                        }
                    }
                }
                Self {
                    settings,
                    table: vec![Entry::default(); 1 << settings.tt_bits],
                    images,
                    maps,
                    inverse,
                    endgame: EndgameTable::new(),
                    history: [0; LINES],
                    deadline: Deadline::unlimited(),
                    stop: Duration::MAX,
                    aborted: false,
                    exact: false,
                    nodes: 0,
                    solved: Solved::Unknown,
                }
            }

            /// The smallest image of `lines` under the symmetries, and the symmetry that gives it.
            fn canonical(&self, lines: u64) -> (u64, usize) {
                let mut best = (u64::MAX, 0);
                for symmetry in 0..8 {
                    let mut image = 0u64;
                    for byte in 0..8 {
                        image
                            |= self
                                .images[symmetry * 8
                                + byte][((lines >> (8 * byte)) & 0xff) as usize];
                    }
                    if image < best.0 {
                        best = (image, symmetry);
                    }
                }
                best
            }

            fn slot(&self, key: u64) -> usize {
                (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.settings.tt_bits))
                    as usize
            }

            fn out_of_time(&mut self) -> bool {
                if !self.aborted && self.nodes & 1023 == 0
                    && (self.deadline.elapsed() >= self.stop || self.deadline.stopped())
                {
                    self.aborted = true;
                }
                self.aborted
            }

            /// The net boxes the side to move makes from `lines`, searched `depth` free choices deep.
            fn search(
                &mut self,
                lines: u64,
                depth: i32,
                mut alpha: i32,
                beta: i32,
            ) -> i32 {
                self.nodes += 1;
                if self.out_of_time() {
                    return 0;
                }
                if lines == ALL_LINES {
                    return 0;
                }
                match captures(lines) {
                    Captures::Forced(line) => {
                        let gained = completes(lines, line) as i32;
                        return gained
                            + self
                                .search(
                                    lines | (1u64 << line),
                                    depth,
                                    alpha - gained,
                                    beta - gained,
                                );
                    }
                    Captures::Choice { take, decline } => {
                        let taken = 1
                            + self
                                .search(lines | (1u64 << take), depth, alpha - 1, beta - 1);
                        if taken >= beta {
                            return taken;
                        }
                        let declined = -self
                            .search(
                                lines | (1u64 << decline),
                                depth,
                                -beta,
                                -alpha.max(taken),
                            );
                        return taken.max(declined);
                    }
                    Captures::None => {}
                }
                let left = (BOXES as u32 - complete_boxes(lines)) as i32;
                if alpha >= left {
                    return left;
                }
                if beta <= -left {
                    return -left;
                }
                let safe = safe_lines(lines);
                if safe == 0 {
                    let (parts, simple) = components(lines);
                    if simple {
                        return self.endgame.value(&parts);
                    }
                }
                if depth <= 0 && !self.exact {
                    return self.evaluate(lines);
                }
                let (key, symmetry) = self.canonical(lines);
                let slot = self.slot(key);
                let entry = self.table[slot];
                let mut hint = None;
                if entry.key == key && entry.bound != 0 {
                    let usable = if self.exact {
                        entry.depth == EXACT
                    } else {
                        entry.depth == EXACT || i32::from(entry.depth) >= depth
                    };
                    if usable {
                        let value = i32::from(entry.value);
                        if entry.bound == BOTH || (entry.bound == LOWER && value >= beta)
                            || (entry.bound == UPPER && value <= alpha)
                        {
                            return value;
                        }
                    }
                    hint = Some(
                        usize::from(self.inverse[symmetry][usize::from(entry.best)]),
                    );
                }
                let moves = self.moves(lines, safe, hint, false);
                let original_alpha = alpha;
                let mut best = i32::MIN;
                let mut best_line = usize::from(moves.keyed[0].1);
                for line in moves.lines() {
                    let value = -self
                        .search(lines | (1u64 << line), depth - 1, -beta, -alpha);
                    if self.aborted {
                        return 0;
                    }
                    if value > best {
                        best = value;
                        best_line = line;
                        if value > alpha {
                            alpha = value;
                            if alpha >= beta {
                                self.history[line] += (depth.max(1) * depth.max(1)) as u32;
                                break;
                            }
                        }
                    }
                }
                let bound = if best >= beta {
                    LOWER
                } else if best > original_alpha {
                    BOTH
                } else {
                    UPPER
                };
                let stored_depth = if self.exact {
                    EXACT
                } else {
                    depth.clamp(0, i32::from(EXACT) - 1) as u8
                };
                if entry.key != key || entry.depth <= stored_depth || entry.bound == 0 {
                    self.table[slot] = Entry {
                        key,
                        value: best as i8,
                        bound,
                        depth: stored_depth,
                        best: self.maps[symmetry][best_line],
                    };
                }
                best
            }

            /// The lines to try where no box can be taken, best first: the table's line, safe lines by
            /// history, then sacrifices by size (the heuristic search only small ones, near the end of
            /// the safe lines; the root and the exact search all of them).
            fn moves(
                &self,
                lines: u64,
                safe: u64,
                hint: Option<usize>,
                root: bool,
            ) -> MoveList {
                let mut list = MoveList {
                    keyed: [(0, 0); LINES],
                    len: 0,
                };
                let all = root || self.exact || safe == 0;
                let window = safe.count_ones() <= self.settings.sacrifice_window;
                let candidates = if all || window { ALL_LINES & !lines } else { safe };
                let mut rest = candidates;
                while rest != 0 {
                    let line = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let key = if Some(line) == hint {
                        0
                    } else if safe & (1u64 << line) != 0 {
                        (1u64 << 40) - u64::from(self.history[line]).min((1 << 40) - 1)
                    } else {
                        let size = gift(lines, line);
                        if !all && size > self.settings.max_gift {
                            continue;
                        }
                        (2u64 << 40) + u64::from(size)
                    };
                    list.keyed[list.len] = (key, line as u8);
                    list.len += 1;
                }
                list.keyed[..list.len].sort_unstable();
                list
            }

            /// The horizon's estimate: draw safe lines greedily until none is left, then value the
            /// chains and loops that stand (boxes outside them count for nobody); whoever has to
            /// move then is the side to move now when an even number of safe lines was drawn. With
            /// two fills (lowest line first, then highest first) the mean of both.
            fn evaluate(&mut self, lines: u64) -> i32 {
                let first = self.fill_value(lines, false);
                if self.settings.fills < 2 {
                    return first;
                }
                (first + self.fill_value(lines, true)) / 2
            }

            fn fill_value(&mut self, lines: u64, highest_first: bool) -> i32 {
                let mut lines = lines;
                let mut drawn = 0;
                loop {
                    let safe = safe_lines(lines);
                    if safe == 0 {
                        break;
                    }
                    let line = if highest_first {
                        63 - safe.leading_zeros()
                    } else {
                        safe.trailing_zeros()
                    };
                    lines |= 1u64 << line;
                    drawn += 1;
                }
                let value = self.endgame.value(&components(lines).0);
                if drawn % 2 == 0 { value } else { -value }
            }

            /// The value of drawing `line` from `lines`, for the side to move in `lines`.
            fn root_value(
                &mut self,
                lines: u64,
                line: usize,
                depth: i32,
                alpha: i32,
                beta: i32,
            ) -> i32 {
                let gained = completes(lines, line) as i32;
                if gained > 0 {
                    gained
                        + self
                            .search(
                                lines | (1u64 << line),
                                depth,
                                alpha - gained,
                                beta - gained,
                            )
                } else {
                    -self.search(lines | (1u64 << line), depth - 1, -beta, -alpha)
                }
            }

            /// Our next line from `lines` within `deadline`. `need` is the net score of the boxes
            /// still free that wins the game; the exact search looks for a line that reaches it.
            pub fn choose_line(
                &mut self,
                lines: u64,
                deadline: Deadline,
                need: i32,
            ) -> Option<usize> {
                self.nodes = 0;
                self.aborted = false;
                self.solved = Solved::Unknown;
                self.deadline = deadline;
                if lines == ALL_LINES {
                    return None;
                }
                let mut moves = match captures(lines) {
                    Captures::Forced(line) => return Some(line),
                    Captures::Choice { take, decline } => vec![take, decline],
                    Captures::None => {
                        self.moves(lines, safe_lines(lines), None, true)
                            .lines()
                            .collect()
                    }
                };
                if moves.len() == 1 {
                    return Some(moves[0]);
                }
                let free = (ALL_LINES & !lines).count_ones();
                let try_exact = free <= self.settings.exact_free_lines;
                let safe_count = safe_lines(lines).count_ones();
                let soft = deadline.soft.min(deadline.hard);
                let share = if try_exact {
                    self.settings.heuristic_share
                } else if safe_count > self.settings.opening_safe_lines {
                    self.settings.opening_share
                } else {
                    100
                };
                let budget = soft * share / 100;
                // The first iteration always finishes (a few milliseconds); later ones stop at the
                // soft limit, or at the budget when an exact solve is to follow.
                self.stop = deadline.hard;
                self.exact = false;
                for depth in 1..=self.settings.max_depth.min(free) as i32 {
                    let mut alpha = -(BOXES as i32) - 1;
                    let mut scored = Vec::with_capacity(moves.len());
                    for &line in &moves {
                        let value = self
                            .root_value(lines, line, depth, alpha, BOXES as i32 + 1);
                        if self.aborted {
                            break;
                        }
                        scored.push((value, line));
                        alpha = alpha.max(value);
                    }
                    if self.aborted {
                        // Keep the order of the last whole iteration, but move up a line that beat the
                        // first one at this depth.
                        if let Some(&(value, line)) = scored
                            .iter()
                            .max_by_key(|entry| entry.0)
                        {
                            if value > scored[0].0 {
                                let at = moves
                                    .iter()
                                    .position(|&other| other == line)
                                    .unwrap_or(0);
                                moves[..=at].rotate_right(1);
                            }
                        }
                        break;
                    }
                    // Stable sort: equal values keep the previous order.
                    let mut order: Vec<usize> = (0..moves.len()).collect();
                    order.sort_by_key(|&index| std::cmp::Reverse(scored[index].0));
                    moves = order.iter().map(|&index| moves[index]).collect();
                    // An iteration takes a few times the one before: start one only in the first half
                    // of the budget, and stop any at twice the budget (the budget itself when an exact
                    // solve follows), never past the soft limit.
                    self.stop = if try_exact { budget } else { (budget * 2).min(soft) };
                    if deadline.elapsed() >= budget / 2 {
                        break;
                    }
                }
                if try_exact && !self.aborted {
                    self.exact = true;
                    self.stop = soft + (deadline.hard.saturating_sub(soft)) / 2;
                    for &line in &moves {
                        let value = self.root_value(lines, line, 0, need - 1, need);
                        if self.aborted {
                            break;
                        }
                        if value >= need {
                            self.exact = false;
                            self.solved = Solved::Win;
                            return Some(line);
                        }
                    }
                    if !self.aborted {
                        self.solved = Solved::Loss;
                    }
                    self.exact = false;
                }
                Some(moves[0])
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

        pub mod dots {
            // engine/src/protocol/sau/dots.rs
            //! Dots and Boxes on the SAU platform: `move <count> <lines>`, every line of a turn in the order
            //! drawn, each line three letters `KIJ`: `K` is `A` for a horizontal line and `B` for a vertical
            //! one, `I` the line of dots (a row for horizontal lines, a column for vertical ones, `A..F`) and
            //! `J` the segment along it (`A..E`).

            use super::{SauGame, TurnError};
            use crate::core::color::Color;
            use crate::core::time::Deadline;
            use crate::dots::board::{Position, Turn, SIDE};
            use crate::dots::engine::DotsEngine;

            /// The line number of a `KIJ` triple, if it is one.
            fn line_of(triple: &[u8]) -> Option<usize> {
                let kind = usize::from(triple[0].checked_sub(b'A')?);
                let line = usize::from(triple[1].checked_sub(b'A')?);
                let segment = usize::from(triple[2].checked_sub(b'A')?);
                (kind < 2 && line <= SIDE && segment < SIDE)
                    .then_some(kind * (SIDE + 1) * SIDE + line * SIDE + segment)
            }

            /// The `KIJ` triple of a line number.
            fn triple_of(line: usize) -> [char; 3] {
                let per_kind = (SIDE + 1) * SIDE;
                let (kind, rest) = (line / per_kind, line % per_kind);
                let letter = |value: usize| char::from(b'A' + value as u8);
                [letter(kind), letter(rest / SIDE), letter(rest % SIDE)]
            }

            /// Reads `<count> <lines>` into line numbers in the order given. The lines may also come as
            /// several words; their number must match the count.
            pub fn parse_lines(text: &str) -> Option<Vec<usize>> {
                let mut words = text.split_whitespace();
                let count: usize = words.next()?.parse().ok()?;
                let letters: String = words.collect();
                let bytes = letters.as_bytes();
                if count == 0 || bytes.len() != 3 * count {
                    return None;
                }
                bytes.chunks(3).map(line_of).collect()
            }

            /// Writes line numbers as `<count> <lines>`.
            pub fn format_lines(lines: &[usize]) -> String {
                let letters: String = lines
                    .iter()
                    .flat_map(|&line| triple_of(line))
                    .collect();
                format!("{} {}", lines.len(), letters)
            }

            impl SauGame for DotsEngine {
                type Move = Turn;

                type Snapshot = Position;

                fn engine_name(&self) -> &str {
                    "RustDots"
                }

                fn board_size(&self) -> u8 {
                    (SIDE + 1) as u8
                }

                fn new_game(&mut self) {
                    DotsEngine::new_game(self);
                }

                fn side_to_move(&self) -> Color {
                    DotsEngine::side_to_move(self)
                }

                fn is_over(&self) -> bool {
                    DotsEngine::is_over(self)
                }

                fn read_turn(&self, text: &str) -> Result<Turn, TurnError> {
                    let lines = parse_lines(text).ok_or(TurnError::Unreadable)?;
                    self.turn_from_sequence(&lines).ok_or(TurnError::Illegal)
                }

                fn write_turn(&self, turn: Turn) -> String {
                    format_lines(&self.turn_order(turn).unwrap_or_default())
                }

                fn play(&mut self, turn: Turn) {
                    DotsEngine::play(self, turn);
                }

                fn snapshot(&self) -> Position {
                    *self.position()
                }

                fn restore(&mut self, snapshot: Position) {
                    DotsEngine::restore(self, snapshot);
                }

                fn expected_moves_left(&self) -> u32 {
                    DotsEngine::expected_moves_left(self)
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
