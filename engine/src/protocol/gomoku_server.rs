//! The pos / move / go / quit gomoku match server: `pos S x` sets a new game (S is N*N cells
//! `X`, `O`, `-`, row-major from the top left; x the side to move), `move C` is the opponent's
//! move (C = col + row*N), `go T` asks for `move C` within T ms, `quit` ends. This adapter only
//! parses lines, calls the engine and prints; its only stdout lines are moves. Bad input is
//! reported on stderr and changes nothing.

use std::io::{BufRead, Write};

use crate::core::color::Color;
use crate::gomoku::engine::Engine;
use crate::gomoku::rule::Rule;

/// The server's largest board side.
const MAX_SIDE: usize = 19;
/// The server's smallest board side.
const MIN_SIDE: usize = 5;
/// Memory we allow ourselves on the server (sizes the transposition table to 32 MiB).
const SERVER_MEMORY_BYTES: u64 = 96 << 20;

/// Runs the protocol until `quit` or the end of the input; problems go to `errors`.
pub fn run(input: impl BufRead, mut output: impl Write, mut errors: impl Write) {
    let mut engine = Engine::new();
    engine.set_rule(Rule::Freestyle);
    // The server states no memory limit; a modest table, mapped here before any clock runs.
    engine.set_memory_limit(SERVER_MEMORY_BYTES);
    let mut side: Option<usize> = None;
    for line in input.lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let arguments: Vec<&str> = words.collect();
        let result = match command {
            "" => Ok(()),
            "quit" => break,
            "pos" => set_position(&mut engine, &arguments).map(|n| side = Some(n)),
            "move" => match side {
                Some(n) => play_move(&mut engine, n, &arguments),
                None => Err("move before any pos".to_string()),
            },
            "go" => match side {
                Some(n) => go(&mut engine, n, &arguments, &mut output),
                None => Err("go before any pos".to_string()),
            },
            _ => Err(format!("unknown command '{command}'")),
        };
        if let Err(message) = result {
            let _ = writeln!(errors, "error: {message} (line '{line}')");
        }
    }
}

/// `pos S x`: a new game; returns the board side.
fn set_position(engine: &mut Engine, arguments: &[&str]) -> Result<usize, String> {
    let [cells, to_move] = arguments else {
        return Err("pos needs a board string and a side to move".to_string());
    };
    let count = cells.len();
    let side = (MIN_SIDE..=MAX_SIDE)
        .find(|n| n * n == count)
        .ok_or_else(|| format!("board string of {count} cells is not N*N with N in 5..19"))?;
    let to_move = match *to_move {
        "X" => Color::Black,
        "O" => Color::White,
        other => return Err(format!("side to move must be X or O, got '{other}'")),
    };
    if let Some(bad) = cells.chars().find(|c| !matches!(c, 'X' | 'O' | '-')) {
        return Err(format!("unexpected cell '{bad}' in the board string"));
    }
    engine.start(side, side)?;
    for (index, cell) in cells.chars().enumerate() {
        let (x, y) = ((index % side) as i64, (index / side) as i64);
        match cell {
            'X' => engine.put(x, y, Color::Black).map_err(|e| e.to_string())?,
            'O' => engine.put(x, y, Color::White).map_err(|e| e.to_string())?,
            _ => {}
        }
    }
    engine.set_side_to_move(to_move);
    Ok(side)
}

fn parse_cell(side: usize, arguments: &[&str]) -> Result<(i64, i64), String> {
    let [text] = arguments else {
        return Err("expected one cell number".to_string());
    };
    let cell: usize = text
        .parse()
        .map_err(|_| format!("'{text}' is not a cell number"))?;
    if cell >= side * side {
        return Err(format!("cell {cell} is off the {side}x{side} board"));
    }
    Ok(((cell % side) as i64, (cell / side) as i64))
}

/// `move C`: the opponent's stone, for the side to move.
fn play_move(engine: &mut Engine, side: usize, arguments: &[&str]) -> Result<(), String> {
    let (x, y) = parse_cell(side, arguments)?;
    engine.play(x, y, false).map_err(|e| e.to_string())
}

/// `go T`: think for less than T ms, play the move and print it.
fn go(
    engine: &mut Engine,
    side: usize,
    arguments: &[&str],
    output: &mut impl Write,
) -> Result<(), String> {
    let [text] = arguments else {
        return Err("go needs a time in ms".to_string());
    };
    let millis: i64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a time in ms"))?;
    engine.limits.turn_ms = Some(millis.max(0));
    engine.limits.match_ms = None;
    engine.limits.left_ms = None;
    let (x, y) = engine.think().ok_or("no empty cell left")?;
    let _ = engine.play(x as i64, y as i64, false);
    let _ = writeln!(output, "move {}", x + y * side);
    let _ = output.flush();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talk(input: &str) -> (String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        run(input.as_bytes(), &mut out, &mut err);
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
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
    fn bad_lines_go_to_stderr() {
        let (out, err) = talk("go 10\npos XX X\npos ---- Z\nmove 3\nfoo\nquit\n");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 5);
    }
}
