//! Play checkers against an engine in the terminal.
//!
//!     checkers-play [--white] "<engine command>"
//!
//! You are black (moving first, towards row 0) unless `--white` is given. The board is drawn
//! after every move; pick your move by its number in the list, or type its route as the
//! protocol writes it (`2 5,0 4,1`).

use harness::checkers::rules::{format_path, parse_path, Board};
use harness::process::{EngineProcess, Reply};
use std::io::{self, BufRead, Write};
use std::time::Duration;

/// Play checkers against an engine in the terminal.
#[derive(clap::Parser)]
#[command(name = "checkers-play")]
struct Args {
    /// Play white (the engine moves first).
    #[arg(long)]
    white: bool,
    /// The engine's command.
    #[arg(value_name = "ENGINE")]
    command: String,
}

fn main() {
    let args = harness::cli::parse::<Args>();
    let human_side = if args.white { -1i8 } else { 1 };
    let command = args.command;
    let mut engine = match EngineProcess::spawn(&command) {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("cannot start {command}: {error}");
            std::process::exit(1);
        }
    };
    let field = if human_side == 1 { "2" } else { "1" };
    let _ = engine.send(&format!("START {field}"));
    if wait_answer(&mut engine, Duration::from_secs(1)).as_deref() != Some("OK") {
        eprintln!("the engine did not answer OK");
        return;
    }

    let mut board = Board::start();
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    while board.result().is_none() {
        println!("\nply {}\n{}", board.ply, board.draw());
        let moves = board.legal_moves();
        let path = if board.side == human_side {
            for (index, path) in moves.iter().enumerate() {
                println!("  {index}: {}", format_path(path));
            }
            print!("your move> ");
            let _ = io::stdout().flush();
            let Some(Ok(line)) = input.next() else { return };
            let line = line.trim();
            let chosen = match line.parse::<usize>() {
                Ok(index) if index < moves.len() => Some(moves[index].clone()),
                _ => parse_path(line).ok().filter(|p| moves.contains(p)),
            };
            let Some(path) = chosen else {
                println!("not a legal move: {line:?}");
                continue;
            };
            let _ = engine.send(&format!("PLACE {}", format_path(&path)));
            path
        } else {
            let _ = engine.send("TURN");
            let Some(line) = wait_answer(&mut engine, Duration::from_secs(5)) else {
                println!("the engine did not answer");
                return;
            };
            match parse_path(&line) {
                Ok(path) if moves.contains(&path) => {
                    println!("engine plays {line}");
                    path
                }
                _ => {
                    println!("the engine played an illegal move: {line:?}");
                    return;
                }
            }
        };
        board.apply(&path);
    }
    println!("\n{}", board.draw());
    let result = board.result().unwrap_or(0);
    println!(
        "{} (points black {} - white {})",
        match result * human_side {
            1 => "you win",
            -1 => "the engine wins",
            _ => "draw",
        },
        board.points(1),
        board.points(-1)
    );
    let field = match result * human_side {
        1 => "2",
        -1 => "1",
        _ => "0",
    };
    let _ = engine.send(&format!("END {field}"));
    engine.finish(Duration::from_millis(500));
}

/// The engine's next line that is not DEBUG (DEBUG lines are shown).
fn wait_answer(engine: &mut EngineProcess, timeout: Duration) -> Option<String> {
    let (reply, _) = engine.recv_filtered(
        timeout,
        |line| line.starts_with("DEBUG"),
        |line| println!("  [{line}]"),
    );
    match reply {
        Reply::Line(line) => Some(line),
        _ => None,
    }
}
