//! The 8x8 checkers judge: `START 1|2`, `PLACE N r,c ...`, `TURN`, `END x`, answers `OK` and
//! `N r,c ...`, and `DEBUG text` lines at any time.
//!
//! Two threads: this one reads the judge's lines and answers `START` at once; a worker owns
//! the game and the search. After our move the worker ponders (searches the opponent's
//! position to fill the transposition table) until the next command arrives; it never prints
//! while pondering, so nothing appears outside a `TURN` answer.

use crate::checkers::position::Position;
use crate::checkers::search::{Limits, Searcher};
use crate::checkers::square::Square;
use crate::checkers::timing::Clock;
use crate::core::color::Color;
use crate::core::time::{Deadline, StopFlag};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// Engine settings for a game.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Time limit of one move.
    pub move_limit: Duration,
    /// Time limit of all our moves in a game.
    pub game_limit: Duration,
    /// Transposition table size.
    pub table_mb: usize,
}

impl Config {
    /// The judge's limits: 2 s a move, 90 s a game. The table (64 MB) keeps the process far
    /// below the 350 MB memory limit.
    pub fn judge() -> Config {
        Config {
            move_limit: Duration::from_secs(2),
            game_limit: Duration::from_secs(90),
            table_mb: 64,
        }
    }
}

/// One line from the judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A new game; we play this colour.
    Start(Color),
    /// The opponent's move: the squares it visited (row, col).
    Place(Vec<(i32, i32)>),
    /// Our move is asked for.
    Turn,
    /// The game is over.
    End,
}

/// Parses one line (CRLF, extra spaces and lower case tolerated).
pub fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = match line.find(char::is_whitespace) {
        Some(at) => (&line[..at], line[at..].trim()),
        None => (line, ""),
    };
    match word.to_ascii_uppercase().as_str() {
        "START" => match rest {
            "1" => Ok(Command::Start(Color::Black)),
            "2" => Ok(Command::Start(Color::White)),
            other => Err(format!("START needs 1 or 2, got {other:?}")),
        },
        "PLACE" => parse_place(rest).map(Command::Place),
        "TURN" => Ok(Command::Turn),
        "END" => Ok(Command::End),
        "" => Err("empty line".to_string()),
        other => Err(format!("unknown command {other:?}")),
    }
}

/// Parses `N r,c r,c ...`; spaces around the commas are tolerated.
fn parse_place(text: &str) -> Result<Vec<(i32, i32)>, String> {
    let numbers: Vec<i32> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse::<i32>()
                .map_err(|_| format!("bad number {word:?}"))
        })
        .collect::<Result<_, _>>()?;
    let (&count, coordinates) = numbers.split_first().ok_or("PLACE without squares")?;
    if coordinates.len() % 2 != 0 || coordinates.len() / 2 != count.max(0) as usize {
        return Err(format!(
            "PLACE says {count} squares but lists {} numbers",
            coordinates.len()
        ));
    }
    if count < 2 {
        return Err(format!("PLACE needs at least 2 squares, got {count}"));
    }
    Ok(coordinates.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// Debug output is capped well below the judge's 32 KB per game.
const DEBUG_BUDGET: usize = 12 * 1024;

/// Serialised output to the judge, with the DEBUG budget.
#[derive(Clone)]
struct Output {
    debug_used: Arc<AtomicUsize>,
}

impl Output {
    fn line(&self, text: &str) {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        // If the judge has closed our output there is nobody left to tell.
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    fn debug(&self, text: &str) {
        let used = self.debug_used.fetch_add(text.len() + 7, Ordering::Relaxed);
        if used + text.len() + 7 <= DEBUG_BUDGET {
            // A DEBUG message is one line: no line breaks inside.
            self.line(&format!("DEBUG {}", text.replace(['\r', '\n'], " ")));
        }
    }
}

/// Runs the judge protocol on stdin/stdout until `END` or end of input.
pub fn run(config: Config) {
    let output = Output {
        debug_used: Arc::new(AtomicUsize::new(0)),
    };
    let stop = StopFlag::new();
    let (sender, receiver) = mpsc::channel::<(Command, Instant)>();
    let worker = {
        let output = output.clone();
        let stop = stop.clone();
        // The search recurses about 130 levels deep at most; a roomy stack costs nothing.
        thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || Worker::new(config, output, stop).serve(receiver))
    };
    if let Err(error) = worker {
        output.debug(&format!("cannot start the engine thread: {error}"));
        return;
    }

    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Bytes, not `lines()`: a line that is not UTF-8 is reported, not the end of input.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let received = Instant::now();
        let line = String::from_utf8_lossy(&bytes);
        match parse_command(&line) {
            Ok(Command::End) => break,
            Ok(command) => {
                if let Command::Start(_) = command {
                    output.line("OK");
                }
                // Send first, then raise the flag: the worker lowers the flag before it looks
                // for a command, so a pondering search always sees one or the other.
                if sender.send((command, received)).is_err() {
                    break;
                }
                stop.raise();
            }
            Err(why) => output.debug(&format!("ignored line {:?}: {why}", line.trim())),
        }
    }
    // END (or the judge went away): leave at once, even in the middle of a search.
    std::process::exit(0);
}

/// The thread that keeps the game and thinks.
struct Worker {
    config: Config,
    output: Output,
    stop: StopFlag,
    searcher: Searcher,
    position: Position,
    us: Color,
    clock: Clock,
}

impl Worker {
    fn new(config: Config, output: Output, stop: StopFlag) -> Worker {
        Worker {
            searcher: Searcher::new(config.table_mb),
            config,
            output,
            stop,
            position: Position::start(),
            us: Color::Black,
            clock: Clock::new(config.move_limit, config.game_limit),
        }
    }

    fn serve(mut self, commands: Receiver<(Command, Instant)>) {
        loop {
            self.stop.clear();
            let next = match commands.try_recv() {
                Ok(next) => next,
                Err(TryRecvError::Disconnected) => return,
                Err(TryRecvError::Empty) => {
                    self.ponder();
                    match commands.recv() {
                        Ok(next) => next,
                        Err(_) => return,
                    }
                }
            };
            match next.0 {
                Command::Start(color) => {
                    self.us = color;
                    self.position = Position::start();
                    self.clock = Clock::new(self.config.move_limit, self.config.game_limit);
                }
                Command::Place(path) => self.opponent_moved(&path),
                Command::Turn => self.play(next.1),
                Command::End => return,
            }
        }
    }

    /// Applies the opponent's move, if it is legal.
    fn opponent_moved(&mut self, coordinates: &[(i32, i32)]) {
        let path: Option<Vec<Square>> = coordinates
            .iter()
            .map(|&(row, col)| Square::from_row_col(row, col))
            .collect();
        let Some(path) = path else {
            self.output
                .debug(&format!("PLACE off the board ignored: {coordinates:?}"));
            return;
        };
        // Normally the opponent is to move; if we somehow are, the judge skipped our turn.
        let candidates = [self.position, self.position.pass()];
        let found = candidates
            .iter()
            .filter(|p| p.side() != self.us)
            .find_map(|p| p.find_move(&path).map(|mv| p.apply(mv)));
        match found {
            Some(next) => self.position = next,
            None => self.output.debug(&format!(
                "illegal PLACE ignored: {coordinates:?} in {}",
                self.position
            )),
        }
    }

    /// Finds and prints our move.
    fn play(&mut self, received: Instant) {
        if self.position.side() != self.us {
            self.output
                .debug("TURN while the opponent is to move: assuming it passed");
            self.position = self.position.pass();
        }
        let budget = self.clock.budget(self.position.ply());
        let limits = Limits {
            deadline: Deadline {
                start: received,
                soft: budget.soft,
                hard: budget.hard,
            },
            ..Limits::timed(budget.soft, budget.hard)
        };
        let result = self.searcher.think(&self.position, limits);
        let Some(best) = result.best else {
            self.output.debug("no legal move: the game is lost");
            return;
        };
        self.output.line(&best.to_string());
        let spent = received.elapsed();
        self.clock.spend(spent);
        self.output.debug(&format!(
            "ply {} depth {} score {} nodes {} time {} ms, game {} ms",
            self.position.ply(),
            result.depth,
            result.score,
            result.nodes,
            spent.as_millis(),
            self.clock.used.as_millis()
        ));
        self.position = self.position.apply(best);
    }

    /// Thinks on the opponent's time until a command arrives (raising the stop flag).
    fn ponder(&mut self) {
        if self.position.side() == self.us || self.position.outcome(1).is_some() {
            return;
        }
        let limits = Limits {
            stop: Some(self.stop.clone()),
            ..Limits::timed(Duration::MAX, Duration::MAX)
        };
        self.searcher.think(&self.position, limits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands_with_crlf_and_spaces() {
        assert_eq!(parse_command("START 1\r"), Ok(Command::Start(Color::Black)));
        assert_eq!(
            parse_command("  START   2  "),
            Ok(Command::Start(Color::White))
        );
        assert_eq!(parse_command("TURN\r\n"), Ok(Command::Turn));
        assert_eq!(parse_command("END 0"), Ok(Command::End));
        assert_eq!(
            parse_command("PLACE 3 5,0 3,2  1,0\r"),
            Ok(Command::Place(vec![(5, 0), (3, 2), (1, 0)]))
        );
        assert_eq!(
            parse_command("PLACE 2 5, 0 4 ,1"),
            Ok(Command::Place(vec![(5, 0), (4, 1)]))
        );
    }

    #[test]
    fn rejects_malformed_lines() {
        assert!(parse_command("").is_err());
        assert!(parse_command("HELLO").is_err());
        assert!(parse_command("START 3").is_err());
        assert!(parse_command("PLACE").is_err());
        assert!(parse_command("PLACE 3 5,0 4,1").is_err());
        assert!(parse_command("PLACE 2 5,0 4,x").is_err());
        assert!(parse_command("PLACE 1 5,0").is_err());
        assert!(parse_command("PLACE -1").is_err());
    }
}
