//! The pos / move / go / quit gomoku match server: `pos S x` sets a new game (S is N*N cells
//! `X`, `O`, `-`, row-major from the top left; x the side to move), `move C` is the opponent's
//! move (C = col + row*N), `go T` asks for `move C` within T ms, `winner W` reports the result,
//! `quit` ends. This adapter only parses lines, calls the engine and prints.
//!
//! The server takes the first line matching `^\s*move\s+\d+` after a `go` as the answer and
//! passes over every other line, so problems with the input are reported on stdout as
//! `info error: ...` lines, which can never match. Decisions on odd input:
//! - After a `pos` we refuse there is no position: `move` and `go` are refused (an answer from
//!   the previous game's board would be an illegal move) until a `pos` is accepted.
//! - `quit` is read while we think: the search stops and nothing more is printed; the end of the
//!   input ends the program the same way. Lines end with LF or CRLF; a lone CR is not a line
//!   break, and an input line is only ever quoted with its control characters escaped.

use std::io::Write;
use std::time::{Duration, Instant};

use super::input::{parse_saturating, quoted, Lines, Source};
use crate::core::clock::TimeControl;
use crate::core::color::Color;
use crate::gomoku::engine::GomokuEngine;
use crate::gomoku::point::Point;
use crate::gomoku::rule::Rule;

/// The server's largest board side.
const MAX_SIDE: usize = 19;
/// The server's smallest board side.
const MIN_SIDE: usize = 5;
/// Memory we allow ourselves on the server (sizes the transposition table to 32 MiB).
const SERVER_MEMORY_BYTES: u64 = 96 << 20;
/// The longest line read whole (a 19x19 `pos` is under 400 bytes).
const MAX_LINE_BYTES: usize = 16 * 1024;

/// Whether a line is `quit`, which ends the program at once, even during a search.
fn is_quit(line: &str) -> bool {
    line.split_whitespace().next() == Some("quit")
}

/// Runs the protocol until `quit` or the end of the input. Standard input is read on a thread
/// of its own, so that `quit` stops a search.
pub fn run<'a>(input: impl Into<Source<'a>>, mut output: impl Write) {
    let mut lines = Lines::new(input, MAX_LINE_BYTES, is_quit);
    let mut engine = GomokuEngine::new();
    engine.set_stop_flag(lines.stop_flag());
    // The server states no memory limit; a modest table, sized here before any clock runs.
    engine.set_memory_limit(SERVER_MEMORY_BYTES);
    let mut side: Option<usize> = None;
    while let Some(line) = lines.next_line() {
        if line.too_long {
            let message = format!("line longer than {MAX_LINE_BYTES} bytes ignored");
            report(&mut output, &message);
            continue;
        }
        let text = line.text.trim();
        let mut words = text.split_whitespace();
        let command = words.next().unwrap_or("");
        let arguments: Vec<&str> = words.collect();
        let result = match command {
            "" => Ok(()),
            "quit" => break,
            "pos" => {
                // Whatever happens, the previous game is over.
                side = None;
                set_position(&mut engine, &arguments).map(|n| side = Some(n))
            }
            "move" => match side {
                Some(n) => play_move(&mut engine, n, &arguments),
                None => Err("move without a position: no pos accepted yet".to_string()),
            },
            "go" => match side {
                Some(n) => go(
                    &mut engine,
                    n,
                    &arguments,
                    line.received,
                    &lines,
                    &mut output,
                ),
                None => Err("go without a position: no pos accepted yet".to_string()),
            },
            "winner" => Ok(()),
            _ => Err(format!("unknown command '{}'", quoted(command))),
        };
        if let Err(message) = result {
            report(&mut output, &format!("{message} (line '{}')", quoted(text)));
        }
    }
}

/// Reports a problem on a line the server passes over.
fn report(output: &mut impl Write, message: &str) {
    let _ = writeln!(output, "info error: {message}");
    let _ = output.flush();
}

/// `pos S x`: a new game; returns the board side.
fn set_position(engine: &mut GomokuEngine, arguments: &[&str]) -> Result<usize, String> {
    let (cells, to_move) = match arguments {
        [cells, to_move] => (*cells, *to_move),
        _ => return Err("pos needs a board string and a side to move".to_string()),
    };
    let count = cells.chars().count();
    let side = (MIN_SIDE..=MAX_SIDE)
        .find(|n| n * n == count)
        .ok_or_else(|| format!("board string of {count} cells is not N*N with N in 5..19"))?;
    let to_move = match to_move {
        "X" => Color::Black,
        "O" => Color::White,
        other => {
            return Err(format!(
                "side to move must be X or O, got '{}'",
                quoted(other)
            ))
        }
    };
    if let Some(bad) = cells.chars().find(|c| !matches!(c, 'X' | 'O' | '-')) {
        return Err(format!(
            "unexpected cell '{}' in the board string",
            bad.escape_debug()
        ));
    }
    engine.new_game(side, side, Rule::Freestyle)?;
    for (index, cell) in cells.chars().enumerate() {
        let point = Point::new((index % side) as i32, (index / side) as i32);
        match cell {
            'X' => engine.put(point, Color::Black).map_err(|e| e.to_string())?,
            'O' => engine.put(point, Color::White).map_err(|e| e.to_string())?,
            _ => {}
        }
    }
    engine.set_side_to_move(to_move);
    Ok(side)
}

fn parse_cell(side: usize, arguments: &[&str]) -> Result<Point, String> {
    let text = match arguments {
        [text] => *text,
        _ => return Err("expected one cell number".to_string()),
    };
    let cell: usize = text
        .parse()
        .map_err(|_| format!("'{}' is not a cell number", quoted(text)))?;
    if cell >= side * side {
        return Err(format!("cell {cell} is off the {side}x{side} board"));
    }
    Ok(Point::new((cell % side) as i32, (cell / side) as i32))
}

/// `move C`: the opponent's stone, for the side to move.
fn play_move(engine: &mut GomokuEngine, side: usize, arguments: &[&str]) -> Result<(), String> {
    let point = parse_cell(side, arguments)?;
    engine.play(point).map_err(|e| e.to_string())
}

/// `go T`: think for less than T ms, play the move and print it; print nothing once `quit` or
/// the end of the input has been read.
fn go(
    engine: &mut GomokuEngine,
    side: usize,
    arguments: &[&str],
    received: Instant,
    lines: &Lines,
    output: &mut impl Write,
) -> Result<(), String> {
    let text = match arguments {
        [text] => *text,
        _ => return Err("go needs a time in ms".to_string()),
    };
    let millis =
        parse_saturating(text).ok_or_else(|| format!("'{}' is not a time in ms", quoted(text)))?;
    if lines.stopped() {
        return Ok(());
    }
    engine.set_time_control(TimeControl {
        per_move: Duration::from_millis(millis.clamp(0, i64::from(i32::MAX)) as u64),
        per_game: Duration::MAX,
    });
    let report = engine.think(received);
    if lines.stopped() {
        return Ok(());
    }
    let point = report.best.ok_or("no empty cell left")?;
    let _ = engine.play(point);
    let _ = writeln!(
        output,
        "move {}",
        point.x as usize + point.y as usize * side
    );
    let _ = output.flush();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves and the error reports answered to `input`.
    fn talk(input: &str) -> (String, String) {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out);
        let out = String::from_utf8(out).unwrap();
        let (errors, moves): (Vec<&str>, Vec<&str>) = out
            .lines()
            .partition(|line| line.starts_with("info error: "));
        let joined = |lines: Vec<&str>| lines.iter().map(|line| format!("{line}\n")).collect();
        (joined(moves), joined(errors))
    }

    #[test]
    fn answers_go_with_a_move() {
        // The opponent's reply is the corner, which the engine, playing next to the stones,
        // never takes first.
        let board = format!("{}X{}", "-".repeat(40), "-".repeat(40));
        let (out, err) = talk(&format!("pos {board} O\ngo 200\nmove 0\ngo 200\nquit\n"));
        let moves: Vec<&str> = out.lines().collect();
        assert_eq!(moves.len(), 2, "{out} {err}");
        assert!(moves.iter().all(|m| m.starts_with("move ")));
        assert!(err.is_empty(), "{err}");
    }

    #[test]
    fn completes_a_five() {
        // Black X at 0..4 of row 2 on a 9x9 board, black to move: play cell 22.
        let mut cells = vec!['-'; 81];
        for x in 0..4 {
            cells[18 + x] = 'X';
        }
        for x in 0..3 {
            cells[45 + x] = 'O';
        }
        cells[17] = 'O';
        let board: String = cells.into_iter().collect();
        let (out, _) = talk(&format!("pos {board} X\ngo 100\nquit\n"));
        assert_eq!(out.trim(), "move 22");
    }

    #[test]
    fn bad_lines_get_reports_the_server_passes_over() {
        let (out, err) = talk("go 10\npos XX X\npos ---- Z\nmove 3\nfoo\nwinner none\nquit\n");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 5);
    }

    #[test]
    fn a_refused_pos_ends_the_old_game() {
        let board = format!("{}X{}", "-".repeat(40), "-".repeat(40));
        let big = "-".repeat(400);
        let (out, err) = talk(&format!(
            "pos {board} O\ngo 50\npos {big} X\ngo 50\nmove 3\n"
        ));
        assert_eq!(out.lines().count(), 1, "{out}");
        assert_eq!(err.lines().count(), 3, "{err}");
    }
}
