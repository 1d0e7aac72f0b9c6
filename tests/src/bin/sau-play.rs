//! Play any SAU game against an engine in the terminal.
//!
//! ```text
//! sau-play --game GAME [--white] [--move-ms MS] "<engine command>"
//! ```
//!
//! You play black (moving first) unless `--white` is given. The board is drawn after every turn;
//! type your turn as the platform writes it (for example `EE` in NoGo, `JJ@@` then `KLMN` in
//! Connect6), `?` for the list of legal turns, or `quit`. The engine gets the platform's
//! commands; its other lines (notices) are shown as they come.

use harness::process::{EngineProcess, Reply};
use harness::sau::rules::{Colour, GameResult, Referee, Verdict};
use harness::sau::{referee, GAMES};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

struct Options {
    game: String,
    human: Colour,
    move_time: Duration,
    command: String,
}

fn usage() -> String {
    format!(
        "usage: sau-play --game {} [--white] [--move-ms MS] \"<engine command>\"",
        GAMES.join("|")
    )
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        game: String::new(),
        human: Colour::Black,
        move_time: Duration::from_secs(30),
        command: String::new(),
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--white" => options.human = Colour::White,
            "--game" | "--move-ms" => {
                let value = iter.next().ok_or(format!("{arg} needs a value"))?;
                if arg == "--game" {
                    options.game = value.clone();
                } else {
                    let millis = value
                        .parse()
                        .map_err(|_| format!("bad --move-ms {value}"))?;
                    options.move_time = Duration::from_millis(millis);
                }
            }
            other if other.starts_with("--") => return Err(format!("unknown option {other}")),
            command if options.command.is_empty() => options.command = command.to_string(),
            extra => return Err(format!("unexpected argument {extra}")),
        }
    }
    if options.game.is_empty() || options.command.is_empty() {
        return Err("--game and an engine command are required".to_string());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("sau-play: {message}\n{}", usage());
            return ExitCode::FAILURE;
        }
    };
    let Some(mut game) = referee(&options.game) else {
        eprintln!("sau-play: unknown game '{}'\n{}", options.game, usage());
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
