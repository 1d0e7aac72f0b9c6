//! The Gomocup (piskvork) brain protocol: the manager's commands on stdin, the brain's answers
//! on stdout, one per line. This adapter only parses lines, calls the engine and prints.
//!
//! Mandatory commands: START, BEGIN, TURN, BOARD..DONE, INFO, END, ABOUT; optional ones:
//! RECTSTART, RESTART, TAKEBACK, PLAY, SWAP2BOARD..DONE. Anything else gets `UNKNOWN`. Bad
//! input gets one `ERROR` line and leaves the position as it was.

use std::io::{BufRead, Write};

use crate::core::color::Color;
use crate::core::score::WIN_THRESHOLD;
use crate::gomoku::engine::Engine;
use crate::gomoku::rule::Rule;
use crate::gomoku::swap2::{answer_proposal, propose_opening, Swap2Choice};
use crate::gomoku::time::UNLIMITED_MS;

/// The ABOUT line.
const ABOUT: &str = r#"name="Quintet", version="1.0", author="Quintet authors", country="Unknown""#;

/// Runs the protocol until END or the end of the input.
pub fn run(input: impl BufRead, mut output: impl Write) {
    let mut brain = Brain::new();
    let mut lines = input.lines();
    while let Some(Ok(line)) = lines.next() {
        let line = line.trim().to_string();
        if line.is_empty() {
            continue;
        }
        let (command, rest) = split_command(&line);
        let answer = match command.as_str() {
            "END" => break,
            "BOARD" | "SWAP2BOARD" => {
                let mut block = Vec::new();
                let mut finished = false;
                for next in lines.by_ref() {
                    let Ok(next) = next else { break };
                    let next = next.trim().to_string();
                    if next.eq_ignore_ascii_case("DONE") {
                        finished = true;
                        break;
                    }
                    if !next.is_empty() {
                        block.push(next);
                    }
                }
                if !finished {
                    break;
                }
                if command == "BOARD" {
                    brain.board(&block)
                } else {
                    brain.swap2(&block)
                }
            }
            _ => brain.command(&command, rest),
        };
        for line in answer {
            let _ = writeln!(output, "{line}");
        }
        let _ = output.flush();
    }
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

/// The protocol state around the engine.
struct Brain {
    engine: Engine,
    started: bool,
}

impl Brain {
    fn new() -> Self {
        Self {
            engine: Engine::new(),
            started: false,
        }
    }

    fn command(&mut self, command: &str, rest: &str) -> Vec<String> {
        match command {
            "START" => match rest.parse::<usize>() {
                Ok(size) => self.start(size, size),
                Err(_) => vec![format!("ERROR START needs a board size, got '{rest}'")],
            },
            "RECTSTART" => match parse_pair(rest) {
                Some((w, h)) if w > 0 && h > 0 => self.start(w as usize, h as usize),
                _ => vec![format!("ERROR RECTSTART needs width,height, got '{rest}'")],
            },
            "RESTART" => {
                if !self.started {
                    return vec!["ERROR no game to restart: send START first".to_string()];
                }
                self.engine.restart();
                vec!["OK".to_string()]
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
                self.answer_move()
            }
            "TURN" => {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let Some((x, y)) = parse_pair(rest) else {
                    return vec![format!("ERROR TURN needs x,y, got '{rest}'")];
                };
                if let Err(error) = self.engine.play(x, y, false) {
                    return vec![format!("ERROR TURN {x},{y}: {error}")];
                }
                self.answer_move()
            }
            "PLAY" => {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let Some((x, y)) = parse_pair(rest) else {
                    return vec![format!("ERROR PLAY needs x,y, got '{rest}'")];
                };
                match self.engine.play(x, y, false) {
                    Ok(()) => vec![format!("{x},{y}")],
                    Err(error) => vec![format!("ERROR PLAY {x},{y}: {error}")],
                }
            }
            "TAKEBACK" => {
                if let Some(error) = self.not_started() {
                    return error;
                }
                let Some((x, y)) = parse_pair(rest) else {
                    return vec![format!("ERROR TAKEBACK needs x,y, got '{rest}'")];
                };
                match self.engine.take_back(x, y) {
                    Ok(()) => vec!["OK".to_string()],
                    Err(error) => vec![format!("ERROR TAKEBACK {x},{y}: {error}")],
                }
            }
            "DONE" => vec!["ERROR DONE without BOARD or SWAP2BOARD".to_string()],
            _ => vec![format!("UNKNOWN command '{command}'")],
        }
    }

    fn not_started(&self) -> Option<Vec<String>> {
        (!self.started).then(|| vec!["ERROR no game: send START first".to_string()])
    }

    fn start(&mut self, width: usize, height: usize) -> Vec<String> {
        match self.engine.start(width, height) {
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
        let number = value.parse::<i64>().ok();
        let limits = &mut self.engine.limits;
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Some(ms)) => limits.turn_ms = Some(ms.max(0)),
            ("timeout_match", Some(ms)) => limits.match_ms = Some(ms.max(0)),
            ("time_left", Some(ms)) => limits.left_ms = Some(ms.min(UNLIMITED_MS)),
            ("max_memory", Some(bytes)) => self.engine.set_memory_limit(bytes.max(0) as u64),
            ("rule", Some(mask)) => self.engine.set_rule(Rule::from_gomocup_mask(mask as u32)),
            // The opponent's kind, the cursor position and the folder for files change nothing
            // in how we play.
            ("game_type", Some(_)) | ("evaluate", _) | ("folder", _) => {}
            (
                "timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "rule"
                | "game_type",
                None,
            ) => {
                return vec![format!("ERROR INFO {key} needs a number, got '{value}'")];
            }
            // Unknown keys are allowed by the protocol and ignored.
            _ => {}
        }
        Vec::new()
    }

    /// Sets up a BOARD position: field 1 own stones, 2 opponent stones, 3 dead cells.
    fn board(&mut self, block: &[String]) -> Vec<String> {
        if let Some(error) = self.not_started() {
            return error;
        }
        let mut stones = Vec::new();
        for line in block {
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            let parsed = match fields.as_slice() {
                [x, y, field] => match (x.parse::<i64>(), y.parse::<i64>(), field.parse::<u8>()) {
                    (Ok(x), Ok(y), Ok(field @ 1..=3)) => Some((x, y, field)),
                    _ => None,
                },
                _ => None,
            };
            match parsed {
                Some(stone) => stones.push(stone),
                None => return vec![format!("ERROR BOARD line '{line}' is not x,y,field")],
            }
        }
        let own = stones.iter().filter(|s| s.2 == 1).count();
        let other = stones.iter().filter(|s| s.2 == 2).count();
        // The side to move is us; black moves when both have as many stones.
        let me = if own < other {
            Color::White
        } else {
            Color::Black
        };
        let saved = self.snapshot();
        self.engine.restart();
        for &(x, y, field) in &stones {
            let result = match field {
                1 => self.engine.put(x, y, me),
                2 => self.engine.put(x, y, me.opponent()),
                _ => self.engine.kill(x, y),
            };
            if let Err(error) = result {
                self.restore(saved);
                return vec![format!("ERROR BOARD stone {x},{y}: {error}")];
            }
        }
        self.engine.set_side_to_move(me);
        self.answer_move()
    }

    fn snapshot(&self) -> Vec<(usize, usize, Color)> {
        let board = self.engine.board();
        board
            .history()
            .iter()
            .map(|&(cell, color)| {
                let (x, y) = board.coords(cell);
                (x, y, color)
            })
            .collect()
    }

    fn restore(&mut self, stones: Vec<(usize, usize, Color)>) {
        self.engine.restart();
        let mut side = Color::Black;
        for (x, y, color) in stones {
            let _ = self.engine.put(x as i64, y as i64, color);
            side = color.opponent();
        }
        self.engine.set_side_to_move(side);
    }

    /// SWAP2BOARD with 0, 3 or 5 stones, in move order (black, white, black, ...).
    fn swap2(&mut self, block: &[String]) -> Vec<String> {
        if let Some(error) = self.not_started() {
            return error;
        }
        let mut stones = Vec::new();
        for line in block {
            match parse_pair(line) {
                Some(pair) => stones.push(pair),
                None => return vec![format!("ERROR SWAP2BOARD line '{line}' is not x,y")],
            }
        }
        if stones.is_empty() {
            let opening = propose_opening(&mut self.engine);
            let text: Vec<String> = opening.iter().map(|(x, y)| format!("{x},{y}")).collect();
            return vec![text.join(" ")];
        }
        if stones.len() != 3 && stones.len() != 5 {
            return vec![format!(
                "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got {}",
                stones.len()
            )];
        }
        self.engine.restart();
        for (index, &(x, y)) in stones.iter().enumerate() {
            let color = if index % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if let Err(error) = self.engine.put(x, y, color) {
                self.engine.restart();
                return vec![format!("ERROR SWAP2BOARD stone {x},{y}: {error}")];
            }
        }
        self.engine.set_side_to_move(Color::White);
        let time = self.engine.move_deadline().hard;
        let answer = match answer_proposal(&mut self.engine, time) {
            Swap2Choice::Swap => "SWAP".to_string(),
            Swap2Choice::Stones(stones) => {
                let text: Vec<String> = stones.iter().map(|(x, y)| format!("{x},{y}")).collect();
                text.join(" ")
            }
        };
        self.engine.restart();
        vec![answer]
    }

    /// Thinks, plays the chosen move on our board and returns the answer lines.
    fn answer_move(&mut self) -> Vec<String> {
        let Some((x, y)) = self.engine.think() else {
            return vec!["ERROR no empty cell left".to_string()];
        };
        let mut lines = Vec::new();
        if let Some(result) = self.engine.last_search() {
            let score = if result.score >= WIN_THRESHOLD {
                "win".to_string()
            } else if result.score <= -WIN_THRESHOLD {
                "loss".to_string()
            } else {
                result.score.to_string()
            };
            lines.push(format!(
                "MESSAGE depth {} ev {} nodes {} time {} ms",
                result.depth,
                score,
                result.nodes,
                result.elapsed.as_millis()
            ));
        }
        let _ = self.engine.play(x as i64, y as i64, false);
        lines.push(format!("{x},{y}"));
        lines
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
