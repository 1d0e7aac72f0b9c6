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
    ended, is_quit, next_command, notice, parse_squares, send, Square, TimeControl, MARGINS,
    MAX_COMMAND_BYTES,
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
    /// Whether `square` is one we could have submitted (for checking input).
    fn may_try(&self, square: Square) -> bool;
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
            "name?" => send(&mut output, &format!("name {}", game.engine_name()))?,
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
            "refuse" | "error" => match state.pending.take() {
                Some(square) => {
                    game.refused(square);
                    answer(game, &mut state, start, &mut output)?;
                }
                None => notice(&mut output, "nothing of ours to refuse")?,
            },
            "take" | "taked" => {
                let squares = match capture_list(&words[1..], game.board_size()) {
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
        .and_then(|squares| squares.into_iter().collect::<Option<Vec<Square>>>())
        .ok_or_else(|| "unreadable capture list ignored".to_string())?;
    if squares.len() != count {
        return Err("capture count does not match its list; ignored".to_string());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capture_lists_are_read_in_every_spelling() {
        let square = |x, y| Square { x, y };
        let expected = vec![square(2, 3), square(2, 4)];
        assert_eq!(capture_list(&["2", "CDCE"], 9).unwrap(), expected);
        assert_eq!(capture_list(&["2CDCE"], 9).unwrap(), expected);
        assert_eq!(capture_list(&["2", "CD", "CE"], 9).unwrap(), expected);
        assert!(capture_list(&["3", "CDCE"], 9).is_err());
        assert!(capture_list(&["2", "CDZZ"], 9).is_err());
        assert!(capture_list(&["CDCE"], 9).is_err());
        assert!(capture_list(&[], 9).is_err());
        assert_eq!(capture_list(&["0"], 9).unwrap(), vec![]);
    }
}
