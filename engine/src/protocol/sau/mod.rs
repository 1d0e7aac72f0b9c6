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

pub mod amazons;
pub mod connect6;
pub mod dots;
pub mod hidden;
pub mod nogo;
pub mod phantom;
pub mod surakarta;

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
    fn legal_move_from(&self, _squares: &[Option<Square>]) -> Option<Self::Move> {
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
    fn choose_move(&mut self, deadline: Deadline, rejected: &[Self::Move]) -> Option<Self::Move>;
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
    pub fn from_args<I: IntoIterator<Item = String>>(args: I) -> Result<TimeControl, String> {
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
                .map_err(|_| format!("{arg} needs a number of milliseconds, got '{value}'"))?;
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
fn next_command<W: Write>(lines: &mut Lines, output: &mut W) -> io::Result<Option<Line>> {
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
            .map_or(false, |side| game.side_to_move() != side && !game.is_over());
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
            "new" => match argument {
                Some("black") => {
                    start_game(game, &mut state, control, Color::Black, start, &mut output)?
                }
                Some("white") => {
                    start_game(game, &mut state, control, Color::White, start, &mut output)?
                }
                _ => notice(&mut output, "new needs black or white")?,
            },
            "move" => on_opponent_move(game, &mut state, control, rest, start, &mut output)?,
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
        return notice(output, "it is our turn, the opponent's squares are ignored");
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
    let (snapshot, last) = match (state.before_our_move.take(), state.last_move) {
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
            [x, y] if is_coordinate(*x, size) && is_coordinate(*y, size) => Some(Some(Square {
                x: x - b'A',
                y: y - b'A',
            })),
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
            Some(square) => [char::from(b'A' + square.x), char::from(b'A' + square.y)],
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::{mpsc, Arc};

    #[test]
    fn squares_round_trip_with_placeholders() {
        let squares = parse_squares("JJ@@", 19).unwrap();
        assert_eq!(squares, vec![Some(Square { x: 9, y: 9 }), None]);
        assert_eq!(format_squares(&squares), "JJ@@");
    }

    #[test]
    fn squares_off_the_board_or_odd_are_refused() {
        assert!(parse_squares("JT", 19).is_none());
        assert!(parse_squares("J", 19).is_none());
        assert!(parse_squares("ab", 19).is_none());
        assert!(parse_squares("", 9).is_none());
        assert!(parse_squares("II", 9).is_some());
        assert!(parse_squares("IJ", 9).is_none());
    }

    #[test]
    fn time_control_reads_the_command_line() {
        let args = ["--game-ms", "60000", "--move-ms", "2000"].map(String::from);
        let control = TimeControl::from_args(args).unwrap();
        assert_eq!(control.per_game, Duration::from_millis(60000));
        assert_eq!(control.per_move, Duration::from_millis(2000));
        assert!(TimeControl::from_args(["--game-ms".to_string()]).is_err());
    }

    #[test]
    fn deadlines_stay_within_the_move_cap_and_the_game() {
        let control = TimeControl {
            per_game: Duration::from_secs(10),
            per_move: Duration::from_secs(2),
        };
        let mut clock = Clock::new(control, MARGINS);
        let deadline = clock.deadline(Instant::now(), 1);
        assert!(deadline.hard <= Duration::from_millis(1800));
        clock.spend(Duration::from_secs(10));
        let deadline = clock.deadline(Instant::now(), 30);
        assert_eq!(deadline.hard, Duration::ZERO);
    }

    /// A tiny game for the adapter: squares of a 3x3 board, one a turn, any empty one legal.
    struct Grid {
        taken: Vec<Square>,
        /// Times it began to ponder.
        ponders: Arc<AtomicU32>,
    }

    impl SauGame for Grid {
        type Move = Square;
        type Snapshot = Vec<Square>;

        fn engine_name(&self) -> &str {
            "grid"
        }
        fn board_size(&self) -> u8 {
            3
        }
        fn new_game(&mut self) {
            self.taken.clear();
        }
        fn side_to_move(&self) -> Color {
            if self.taken.len() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }
        }
        fn is_over(&self) -> bool {
            self.taken.len() == 9
        }
        fn legal_move_from(&self, squares: &[Option<Square>]) -> Option<Square> {
            match squares {
                [Some(square)] if !self.taken.contains(square) => Some(*square),
                _ => None,
            }
        }
        fn squares_of(&self, square: Square) -> Vec<Option<Square>> {
            vec![Some(square)]
        }
        fn play(&mut self, square: Square) {
            self.taken.push(square);
        }
        fn snapshot(&self) -> Vec<Square> {
            self.taken.clone()
        }
        fn restore(&mut self, snapshot: Vec<Square>) {
            self.taken = snapshot;
        }
        fn expected_moves_left(&self) -> u32 {
            5
        }
        fn choose_move(&mut self, _: Deadline, rejected: &[Square]) -> Option<Square> {
            (0..9)
                .map(|index| Square {
                    x: index % 3,
                    y: index / 3,
                })
                .find(|square| !self.taken.contains(square) && !rejected.contains(square))
        }
        fn ponder(&mut self, stop: StopFlag) {
            self.ponders.fetch_add(1, Ordering::SeqCst);
            while !stop.is_raised() {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// The adapter's answers to `input`, one string per line.
    fn session(input: &str) -> Vec<String> {
        session_bytes(input.as_bytes())
    }

    fn session_bytes(input: &[u8]) -> Vec<String> {
        let mut game = Grid {
            taken: Vec::new(),
            ponders: Default::default(),
        };
        let mut output = Vec::new();
        run(&mut game, TimeControl::DEFAULT, input, &mut output).unwrap();
        String::from_utf8(output)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    /// A judge's pipe: lines the test sends arrive one at a time, and reading blocks between.
    struct Pipe {
        lines: mpsc::Receiver<&'static str>,
        buffer: Vec<u8>,
        at: usize,
    }

    impl io::Read for Pipe {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let count = {
                let available = io::BufRead::fill_buf(self)?;
                let count = available.len().min(out.len());
                out[..count].copy_from_slice(&available[..count]);
                count
            };
            io::BufRead::consume(self, count);
            Ok(count)
        }
    }

    impl io::BufRead for Pipe {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.at == self.buffer.len() {
                // A closed channel is the end of the input.
                self.buffer = self.lines.recv().map_or(Vec::new(), |line| line.into());
                self.at = 0;
            }
            Ok(&self.buffer[self.at..])
        }
        fn consume(&mut self, count: usize) {
            self.at += count;
        }
    }

    #[test]
    fn the_engine_ponders_on_the_opponents_time_and_answers_when_its_move_comes() {
        let (send, lines) = mpsc::channel();
        let pipe = Pipe {
            lines,
            buffer: Vec::new(),
            at: 0,
        };
        let ponders = Arc::new(AtomicU32::new(0));
        let mut game = Grid {
            taken: Vec::new(),
            ponders: ponders.clone(),
        };
        let (done, finished) = mpsc::channel();
        std::thread::spawn(move || {
            let mut output = Vec::new();
            let source = Source::Threaded(Box::new(pipe));
            run(&mut game, TimeControl::DEFAULT, source, &mut output).unwrap();
            done.send(output).unwrap();
        });
        let pondering = |times: u32| {
            let start = Instant::now();
            while ponders.load(Ordering::SeqCst) < times {
                assert!(start.elapsed() < Duration::from_secs(20), "no pondering");
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        // Each line comes while the engine ponders on black's move; a line that did not end
        // the pondering would leave the count where it is.
        send.send("new white\n").unwrap();
        pondering(1);
        send.send("move AA\n").unwrap();
        pondering(2);
        send.send("move CA\n").unwrap();
        pondering(3);
        send.send("quit\n").unwrap();
        let output = finished
            .recv_timeout(Duration::from_secs(20))
            .expect("quit ends the pondering");
        let answers: Vec<String> = String::from_utf8(output)
            .unwrap()
            .lines()
            .map(String::from)
            .collect();
        assert_eq!(answers, ["move BA", "move AB"]);
    }

    #[test]
    fn black_answers_at_once_and_white_waits() {
        assert_eq!(session("name?\nnew black\n"), ["name grid", "move AA"]);
        assert_eq!(session("new white\nmove AA\n"), ["move BA"]);
    }

    #[test]
    fn error_takes_our_move_back_and_tries_another() {
        let lines = session("new black\nerror\nerror\nmove AA\n");
        // Rejections only hold for the turn: BA is fine again after the opponent moved.
        assert_eq!(lines, ["move AA", "move BA", "move CA", "move BA"]);
    }

    #[test]
    fn bad_lines_get_notices_that_never_say_move() {
        let lines = session("new white\nmove ZZ\nmove\nfly away\nerror\nmove AAAA\nmove BB\n");
        let (notices, moves): (Vec<_>, Vec<_>) =
            lines.iter().partition(|line| line.starts_with("notice"));
        assert_eq!(notices.len(), 5);
        assert!(notices.iter().all(|line| !line.contains("move")));
        assert_eq!(moves, ["move AA"]);
    }

    #[test]
    fn a_move_without_new_starts_a_game_and_quit_stops_reading() {
        assert_eq!(session("move BB\nquit\nname?\n"), ["move AA"]);
    }

    #[test]
    fn long_lines_and_bad_bytes_get_notices() {
        let mut input = "x".repeat(1000).into_bytes();
        input.extend_from_slice(b"\nname\xff?\nnew black\n");
        let lines = session_bytes(&input);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].starts_with("notice") && lines[1].starts_with("notice"));
        assert_eq!(lines[2], "move AA");
    }

    #[test]
    fn a_closed_output_ends_quietly() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
        }
        let mut game = Grid {
            taken: Vec::new(),
            ponders: Default::default(),
        };
        let input = &b"name?\nnew black\n"[..];
        assert!(run(&mut game, TimeControl::DEFAULT, input, Closed).is_ok());
    }

    #[test]
    fn after_end_the_old_game_is_gone() {
        let lines = session("new black\nend black\nerror\nnew white\nmove AA\n");
        assert_eq!(lines[0], "move AA");
        assert!(lines[1].starts_with("notice"));
        assert_eq!(lines[2], "move BA");
    }
}
