//! Play any SAU game against an engine in the terminal.
//!
//! ```text
//! sau-play --game GAME [--white] [--move-ms MS] "<engine command>"
//! ```
//!
//! You play black (moving first) unless `--white` is given. The board is drawn after every turn;
//! type your turn as the platform writes it (for example `EE` in NoGo, `JJ@@` then `KLMN` in
//! Connect6, `1 AAA` or `2 BBAAFE` in Dots and Boxes), `?` for the list of legal turns, or
//! `quit`. The engine gets the platform's
//! commands; its other lines (notices) are shown as they come.

use harness::process::{EngineProcess, Reply};
use harness::sau::referee;
use harness::sau::rules::{Colour, GameResult, Referee, Verdict};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

struct Options {
    game: String,
    human: Colour,
    move_time: Duration,
    command: String,
}

/// Play any SAU game against an engine in the terminal.
#[derive(clap::Parser)]
#[command(name = "sau-play")]
struct Args {
    /// The game.
    #[arg(long, value_parser = harness::sau::game_parser())]
    game: String,
    /// Play white (the engine moves first).
    #[arg(long)]
    white: bool,
    /// The engine's time for a turn, ms.
    #[arg(long, value_name = "MS", default_value_t = 30_000)]
    move_ms: u64,
    /// The engine's command.
    #[arg(value_name = "ENGINE")]
    command: String,
}

fn main() -> ExitCode {
    let args = harness::cli::parse::<Args>();
    let options = Options {
        game: args.game,
        human: if args.white {
            Colour::White
        } else {
            Colour::Black
        },
        move_time: Duration::from_millis(args.move_ms),
        command: args.command,
    };
    let Some(mut game) = referee(&options.game) else {
        eprintln!("sau-play: unknown game '{}'", options.game);
        return ExitCode::FAILURE;
    };
    let mut engine = match EngineProcess::spawn(&options.command) {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("sau-play: cannot start {}: {error}", options.command);
            return ExitCode::FAILURE;
        }
    };
    match play(game.as_mut(), &mut engine, &options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("sau-play: {message}");
            ExitCode::FAILURE
        }
    }
}

fn play(
    game: &mut dyn Referee,
    engine: &mut EngineProcess,
    options: &Options,
) -> Result<(), String> {
    let engine_side = options.human.opponent();
    let send = |engine: &mut EngineProcess, line: &str| {
        engine
            .send(line)
            .map_err(|error| format!("engine: {error}"))
    };
    send(engine, &format!("new {}", engine_side.word()))?;
    let stdin = io::stdin();
    let mut input = stdin.lock().lines();
    let mut last_human_turn: Option<String> = None;
    while game.result().is_none() {
        println!("\n{}", game.picture());
        if game.to_move() == options.human {
            print!("your turn ({})> ", options.human.word());
            let _ = io::stdout().flush();
            let line = match input.next() {
                Some(Ok(line)) => line.trim().to_string(),
                _ => return Ok(()),
            };
            match line.as_str() {
                "quit" => break,
                "?" => println!("{}", game.legal_turns().join(" ")),
                turn => match game.submit(turn) {
                    Verdict::Accepted => last_human_turn = Some(turn.to_string()),
                    Verdict::Rejected(reason) => println!("not accepted: {reason}"),
                    Verdict::Loses(reason) => {
                        println!("that loses the game: {reason}");
                        last_human_turn = Some(turn.to_string());
                    }
                },
            }
            continue;
        }
        if let Some(turn) = last_human_turn.take() {
            send(engine, &format!("move {turn}"))?;
        }
        let turn = loop {
            match engine.recv(options.move_time) {
                Reply::Line(line) => match line.strip_prefix("move ") {
                    Some(turn) => break turn.to_string(),
                    None => println!("engine: {line}"),
                },
                _ => return Err("the engine did not answer in time".to_string()),
            }
        };
        println!("engine plays {turn}");
        match game.submit(&turn) {
            Verdict::Accepted => {}
            Verdict::Rejected(reason) | Verdict::Loses(reason) => {
                println!("the engine's turn is not legal: {reason}");
                break;
            }
        }
    }
    println!("\n{}", game.picture());
    let verdict = match game.result() {
        Some(GameResult::Win(colour)) if colour == options.human => "you win",
        Some(GameResult::Win(_)) => "the engine wins",
        Some(GameResult::Draw) => "a draw",
        None => "game left unfinished",
    };
    println!("{verdict}");
    let _ = send(engine, "quit");
    Ok(())
}
