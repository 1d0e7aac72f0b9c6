//! Play gomoku against an engine in the terminal, over the Gomocup protocol.
//!
//! ```text
//! gomoku-play [--engine CMD] [--size 15] [--rule freestyle|exact|renju|caro] [--turn 2000]
//!     [--white]
//! ```
//! Moves are typed as `h8` (column letter, row number from 1) or `7,7`; `quit` leaves.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use harness::gomoku::referee::{Board, Rule};
use harness::gomoku::setup::parse_rule;
use harness::process::{EngineProcess, Reply};

/// Play gomoku against an engine in the terminal, over the Gomocup protocol.
#[derive(clap::Parser)]
#[command(name = "gomoku-play")]
struct Args {
    /// The engine's command (default: the workspace's release gomocup).
    #[arg(long, value_name = "CMD")]
    engine: Option<String>,
    /// Board size.
    #[arg(long, value_name = "N", default_value_t = 15)]
    size: usize,
    /// Which five wins.
    #[arg(long, value_name = "freestyle|exact|renju|caro", default_value = "freestyle",
          value_parser = parse_rule)]
    rule: Rule,
    /// The engine's time for a move, ms.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    turn: u64,
    /// Play white (the engine moves first).
    #[arg(long)]
    white: bool,
}

fn main() -> ExitCode {
    harness::cli::main::<Args>("gomoku-play", run)
}

fn print_board(board: &Board) {
    let letters: String = (0..board.size)
        .map(|x| format!(" {}", (b'a' + x as u8) as char))
        .collect();
    println!("   {letters}");
    for y in 0..board.size {
        let row: String = (0..board.size)
            .map(|x| {
                let last = board.moves.last() == Some(&(x, y));
                let stone = match board.at(x, y) {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                };
                if last {
                    format!("[{stone}")
                } else {
                    format!(" {stone}")
                }
            })
            .collect();
        println!("{:3}{row}", y + 1);
    }
}

fn parse_human(text: &str) -> Option<(i64, i64)> {
    let text = text.trim();
    if let Some((x, y)) = text.split_once(',') {
        return Some((x.trim().parse().ok()?, y.trim().parse().ok()?));
    }
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    let row: i64 = chars.as_str().parse().ok()?;
    letter
        .is_ascii_lowercase()
        .then(|| ((letter as u8 - b'a') as i64, row - 1))
}

fn run(args: Args) -> Result<(), String> {
    let default_engine = std::env::var("CARGO_TARGET_DIR")
        .map(|dir| format!("{dir}/release/gomocup"))
        .unwrap_or_else(|_| "target/release/gomocup".to_string());
    let command = args.engine.unwrap_or(default_engine);
    let (size, rule, turn) = (args.size, args.rule, args.turn);
    let human_black = !args.white;
    let mut engine = EngineProcess::spawn(&command).map_err(|e| format!("{command}: {e}"))?;
    for line in [
        format!("INFO timeout_turn {turn}"),
        "INFO timeout_match 0".to_string(),
        format!("INFO rule {}", rule.gomocup_mask()),
        format!("START {size}"),
    ] {
        engine.send(&line).map_err(|e| e.to_string())?;
    }
    let wait = Duration::from_millis(turn + 5_000);
    let skip = |l: &str| l.starts_with("MESSAGE") || l.starts_with("DEBUG");
    let show = |l: &str| println!("  engine: {l}");
    match engine.recv_filtered(wait, skip, show).0 {
        Reply::Line(line) if line.trim() == "OK" => {}
        other => return Err(format!("engine did not accept START: {other:?}")),
    }
    let mut board = Board::new(size);
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut engine_started = false;
    loop {
        print_board(&board);
        if board.is_full() {
            println!("Draw: the board is full.");
            break;
        }
        let human_to_move = (board.to_move() == 1) == human_black;
        if human_to_move {
            print!("your move: ");
            let _ = io::stdout().flush();
            let Some(Ok(line)) = input.next() else { break };
            if line.trim() == "quit" {
                break;
            }
            match parse_human(&line) {
                Some((x, y)) if board.is_free(x, y) => {
                    board.play(x as usize, y as usize);
                    if board.wins_at(x as usize, y as usize, rule) {
                        print_board(&board);
                        println!("You win.");
                        break;
                    }
                    if let Some(foul) = board.foul_at(x as usize, y as usize, rule) {
                        print_board(&board);
                        println!("Forbidden point ({foul:?}): the engine wins.");
                        break;
                    }
                }
                _ => println!("not a free cell: '{}'", line.trim()),
            }
            continue;
        }
        if !engine_started && board.moves.is_empty() {
            engine.send("BEGIN").map_err(|e| e.to_string())?;
        } else {
            let &(x, y) = board.moves.last().expect("the human moved");
            engine
                .send(&format!("TURN {x},{y}"))
                .map_err(|e| e.to_string())?;
        }
        engine_started = true;
        let line = match engine.recv_filtered(wait, skip, show).0 {
            Reply::Line(line) => line,
            other => return Err(format!("engine gave no move: {other:?}")),
        };
        let parsed = line.split_once(',').and_then(|(x, y)| {
            Some((x.trim().parse::<i64>().ok()?, y.trim().parse::<i64>().ok()?))
        });
        match parsed {
            Some((x, y)) if board.is_free(x, y) => {
                board.play(x as usize, y as usize);
                println!("engine plays {}{}", (b'a' + x as u8) as char, y + 1);
                if board.wins_at(x as usize, y as usize, rule) {
                    print_board(&board);
                    println!("The engine wins.");
                    break;
                }
                if let Some(foul) = board.foul_at(x as usize, y as usize, rule) {
                    print_board(&board);
                    println!("The engine played a forbidden point ({foul:?}): you win.");
                    break;
                }
            }
            _ => return Err(format!("engine answered an illegal move: '{line}'")),
        }
    }
    let _ = engine.send("END");
    engine.finish(Duration::from_millis(500));
    Ok(())
}
