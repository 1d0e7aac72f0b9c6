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

/// [`run_with`] with the default engine.
pub fn run<'a>(input: impl Into<Source<'a>>, output: impl Write) {
    run_with(GomokuEngine::new(), input, output);
}

/// Runs the protocol with `engine` (set up beforehand: search parameters for tuning) until END or
/// the end of the input. Standard input is read on a thread of its own, so that END stops a search.
pub fn run_with<'a>(engine: GomokuEngine, input: impl Into<Source<'a>>, mut output: impl Write) {
    let mut lines = Lines::new(input, MAX_LINE_BYTES, is_end);
    let mut brain = Brain::new(engine, lines.stop_flag());
    while let Some(line) = lines.next_line() {
        if line.too_long {
            let answer = format!("ERROR line longer than {MAX_LINE_BYTES} bytes ignored");
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
            "BOARD" | "SWAP2BOARD" => match read_block(&mut lines) {
                Some(block) if command == "BOARD" => brain.board(&block, line.received),
                Some(block) => brain.swap2(&block, line.received),
                None => break,
            },
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

    fn command(&mut self, command: &str, rest: &str, received: Instant) -> Vec<String> {
        match command {
            "START" => match rest.parse::<usize>() {
                Ok(size) => self.start(size, size),
                Err(_) => vec![format!(
                    "ERROR START needs a board size, got '{}'",
                    quoted(rest)
                )],
            },
            "RECTSTART" => match parse_pair(rest) {
                Some((w, h)) if w > 0 && h > 0 => self.start(w as usize, h as usize),
                _ => vec![format!(
                    "ERROR RECTSTART needs width,height, got '{}'",
                    quoted(rest)
                )],
            },
            "RESTART" => {
                if !self.started {
                    return vec!["ERROR no game to restart: send START first".to_string()];
                }
                let board = self.engine.board();
                let (width, height, rule) = (board.width(), board.height(), board.rule());
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
                    return vec!["ERROR BEGIN on a board that has stones".to_string()];
                }
                self.answer_move(received)
            }
            "TURN" => {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let point = match parse_point(rest) {
                    Some(point) => point,
                    None => return vec![format!("ERROR TURN needs x,y, got '{}'", quoted(rest))],
                };
                if let Err(error) = self.engine.play(point) {
                    return vec![format!("ERROR TURN {}: {error}", point_text(point))];
                }
                self.answer_move(received)
            }
            "PLAY" => {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let point = match parse_point(rest) {
                    Some(point) => point,
                    None => return vec![format!("ERROR PLAY needs x,y, got '{}'", quoted(rest))],
                };
                match self.engine.play(point) {
                    Ok(()) => vec![point_text(point)],
                    Err(error) => vec![format!("ERROR PLAY {}: {error}", point_text(point))],
                }
            }
            "TAKEBACK" => {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let point = match parse_point(rest) {
                    Some(point) => point,
                    None => {
                        return vec![format!("ERROR TAKEBACK needs x,y, got '{}'", quoted(rest))]
                    }
                };
                match self.engine.take_back(point) {
                    Ok(()) => vec!["OK".to_string()],
                    Err(error) => vec![format!("ERROR TAKEBACK {}: {error}", point_text(point))],
                }
            }
            "DONE" => vec!["ERROR DONE without BOARD or SWAP2BOARD".to_string()],
            _ => vec![format!("UNKNOWN command '{}'", quoted(command))],
        }
    }

    fn not_started(&self) -> Option<Vec<String>> {
        (!self.started).then(|| vec!["ERROR no game: send START first".to_string()])
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
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
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
            ("time_left", Some(value)) => self.engine.set_time_left(millis(value)),
            ("max_memory", Some(bytes)) => self.engine.set_memory_limit(bytes.max(0) as u64),
            ("rule", Some(mask)) => {
                let mask = mask.clamp(0, i64::from(u32::MAX)) as u32;
                self.engine.set_rule(Rule::from_gomocup_mask(mask));
            }
            // The opponent's kind, the cursor position and the folder for files change nothing
            // in how we play.
            ("game_type", Some(_)) | ("evaluate", _) | ("folder", _) => {}
            (
                "timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "rule"
                | "game_type",
                None,
            ) => {
                return vec![format!(
                    "DEBUG INFO {} needs a number, got '{}'",
                    quoted(key),
                    quoted(value)
                )];
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
                [x, y, field] => match (parse_point(&format!("{x},{y}")), field.parse::<u8>()) {
                    (Some(point), Ok(field @ 1..=3)) => Some((point, field)),
                    _ => None,
                },
                _ => None,
            };
            match parsed {
                Some(stone) => stones.push(stone),
                None => {
                    return vec![format!(
                        "ERROR BOARD line '{}' is not x,y,field",
                        quoted(line)
                    )]
                }
            }
        }
        let own = stones.iter().filter(|s| s.1 == 1).count();
        let other = stones.iter().filter(|s| s.1 == 2).count();
        // The side to move is us; black moves when both have as many stones.
        let me = if own < other {
            Color::White
        } else {
            Color::Black
        };
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
                return vec![format!("ERROR BOARD stone {}: {error}", point_text(point))];
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
                    return vec![format!(
                        "ERROR SWAP2BOARD line '{}' is not x,y",
                        quoted(line)
                    )]
                }
            }
        }
        if self.stop.is_raised() {
            return Vec::new();
        }
        if stones.is_empty() {
            let opening = propose_opening(&mut self.engine);
            let text: Vec<String> = opening.into_iter().map(point_text).collect();
            return vec![text.join(" ")];
        }
        if stones.len() != 3 && stones.len() != 5 {
            return vec![format!(
                "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got {}",
                stones.len()
            )];
        }
        self.engine.clear();
        for (index, &point) in stones.iter().enumerate() {
            let color = if index % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if let Err(error) = self.engine.put(point, color) {
                self.engine.clear();
                return vec![format!(
                    "ERROR SWAP2BOARD stone {}: {error}",
                    point_text(point)
                )];
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
                let text: Vec<String> = stones.into_iter().map(point_text).collect();
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
            report.elapsed.as_millis()
        );
        let _ = self.engine.play(point);
        vec![message, point_text(point)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(input: &str) -> Vec<String> {
        let mut output = Vec::new();
        run(input.as_bytes(), &mut output);
        String::from_utf8(output)
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with("MESSAGE"))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn start_begin_turn() {
        let out = talk("INFO timeout_turn 200\nSTART 15\nBEGIN\nTURN 0,0\nEND\n");
        assert_eq!(out[0], "OK");
        assert_eq!(out[1], "7,7");
        assert!(parse_pair(&out[2]).is_some());
    }

    #[test]
    fn sizes_outside_the_range_are_refused() {
        let out = talk("START 4\nSTART 33\nSTART x\nRECTSTART 30,20\nEND\n");
        assert!(out[0].starts_with("ERROR") && out[1].starts_with("ERROR"));
        assert!(out[2].starts_with("ERROR"));
        assert_eq!(out[3], "OK");
    }

    #[test]
    fn board_block_and_crlf() {
        let out = talk("INFO timeout_turn 100\r\nSTART 20\r\nBOARD\r\n10,10,1\r\n10,11,2\r\n11,11,1\r\n9,10,2\r\nDONE\r\nEND\r\n");
        assert_eq!(out[0], "OK");
        let (x, y) = parse_pair(&out[1]).unwrap();
        assert!((0..20).contains(&x) && (0..20).contains(&y));
    }

    #[test]
    fn bad_input_gets_errors() {
        let out = talk("TURN 1,1\nSTART 15\nTURN 99,1\nTURN a\nBOARD\n1,1,7\nDONE\nFOO\nEND\n");
        assert!(out[0].starts_with("ERROR"));
        assert_eq!(out[1], "OK");
        assert!(out[2].starts_with("ERROR") && out[3].starts_with("ERROR"));
        assert!(out[4].starts_with("ERROR"));
        assert!(out[5].starts_with("UNKNOWN"));
    }

    #[test]
    fn takeback_and_play() {
        let out =
            talk("INFO timeout_turn 50\nSTART 15\nPLAY 7,7\nTAKEBACK 7,7\nTAKEBACK 7,7\nEND\n");
        assert_eq!(
            out,
            ["OK", "7,7", "OK"]
                .iter()
                .map(|s| s.to_string())
                .chain(std::iter::once(out[3].clone()))
                .collect::<Vec<_>>()
        );
        assert!(out[3].starts_with("ERROR"));
    }
}
