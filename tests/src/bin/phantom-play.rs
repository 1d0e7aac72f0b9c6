//! Play Phantom Go against an engine in the terminal, the harness holding the true board.
//!
//! ```text
//! phantom-play [--white] [--move-ms MS] "<engine command>"
//! ```
//!
//! You play black unless `--white` is given. You see only your own stones, as on the platform;
//! type a square (`EE`: column then row), `pass`, or `quit`. You are told when a point is
//! refused, what you captured and what you lost. The engine gets the platform's commands; its
//! other lines (notices) are shown. At the end the whole board is drawn with the score.

use harness::process::{EngineProcess, Reply};
use harness::sau::phantom::{Answer, PhantomGo};
use harness::sau::rules::{parse_squares, square_name, Colour, GameResult, Referee};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

fn names(points: &[(usize, usize)]) -> String {
    points.iter().map(|&(x, y)| square_name(x, y)).collect()
}

fn capture_line(word: &str, points: &[(usize, usize)]) -> String {
    format!("{word} {} {}", points.len(), names(points))
}

/// The engine's next `move` line; notices are printed on the way.
fn engine_move(engine: &mut EngineProcess, limit: Duration) -> Result<String, String> {
    let (reply, _) = engine.recv_filtered(
        limit,
        |line| !line.starts_with("move "),
        |line| println!("engine: {line}"),
    );
    match reply {
        Reply::Line(line) => Ok(line["move ".len()..].trim().to_string()),
        other => Err(format!("the engine gave no move: {other:?}")),
    }
}

fn run(human: Colour, limit: Duration, command: &str) -> Result<(), String> {
    let mut engine = EngineProcess::spawn(command).map_err(|e| e.to_string())?;
    let mut game = PhantomGo::default();
    let engine_colour = human.opponent();
    engine
        .send(&format!("new {}", engine_colour.word()))
        .map_err(|e| e.to_string())?;
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    // What the next mover is told of the other's last turn: None = it passed.
    let mut last: Option<Vec<(usize, usize)>> = Some(Vec::new());
    let mut first_turn = true;
    while game.result().is_none() {
        if game.to_move() == human {
            if let Some(lost) = &last {
                if !lost.is_empty() {
                    println!("your stones taken: {}", names(lost));
                }
            } else {
                println!("the engine passed");
            }
            print!("{}", game.picture_for(human));
            loop {
                print!("your turn> ");
                io::stdout().flush().map_err(|e| e.to_string())?;
                let line = match lines.next() {
                    Some(Ok(line)) => line.trim().to_string(),
                    _ => return Ok(()),
                };
                if line == "quit" {
                    let _ = engine.send("quit");
                    return Ok(());
                }
                if line == "pass" {
                    game.pass();
                    last = None;
                    break;
                }
                let point = match parse_squares(&line, 9).as_deref() {
                    Ok([Some(point)]) => *point,
                    _ => {
                        println!("type a square such as EE, pass or quit");
                        continue;
                    }
                };
                match game.try_point(point.0, point.1) {
                    Answer::Accepted(taken) => {
                        if !taken.is_empty() {
                            println!("you took {}", names(&taken));
                        }
                        last = Some(taken);
                        break;
                    }
                    Answer::Refused(_) => println!("refused"),
                }
            }
        } else {
            let opening = first_turn && engine_colour == Colour::Black;
            if !opening {
                let prompt = match &last {
                    Some(taken) if !taken.is_empty() => {
                        engine
                            .send(&capture_line("taked", taken))
                            .map_err(|e| e.to_string())?;
                        "move go"
                    }
                    Some(_) => "move go",
                    None => "move pass",
                };
                engine.send(prompt).map_err(|e| e.to_string())?;
            }
            loop {
                let text = engine_move(&mut engine, limit)?;
                if text == "pass" {
                    game.pass();
                    last = None;
                    break;
                }
                let point = match parse_squares(&text, 9).as_deref() {
                    Ok([Some(point)]) => *point,
                    _ => return Err(format!("the engine sent '{text}'")),
                };
                match game.try_point(point.0, point.1) {
                    Answer::Accepted(taken) => {
                        engine.send("accept").map_err(|e| e.to_string())?;
                        if !taken.is_empty() {
                            engine
                                .send(&capture_line("take", &taken))
                                .map_err(|e| e.to_string())?;
                        }
                        last = Some(taken);
                        break;
                    }
                    Answer::Refused(_) => {
                        println!("the engine was refused once");
                        engine.send("refuse").map_err(|e| e.to_string())?;
                    }
                }
            }
        }
        first_turn = false;
    }
    print!("{}", game.picture());
    let winner = match game.result() {
        Some(GameResult::Win(colour)) => colour.word(),
        _ => "nobody",
    };
    println!(
        "score (black - white - 7.5): {}; {winner} wins",
        game.score()
    );
    let _ = engine.send(&format!("end {winner}"));
    let _ = engine.send("quit");
    Ok(())
}

/// Play Phantom Go against an engine in the terminal, seeing only your own stones.
#[derive(clap::Parser)]
#[command(name = "phantom-play")]
struct Args {
    /// Play white (the engine opens).
    #[arg(long)]
    white: bool,
    /// The most the engine may take for an answer, ms.
    #[arg(long, value_name = "MS", default_value_t = 30_000)]
    move_ms: u64,
    /// The engine's command.
    engine: String,
}

fn main() -> ExitCode {
    let args = harness::cli::parse::<Args>();
    let human = if args.white {
        Colour::White
    } else {
        Colour::Black
    };
    match run(human, Duration::from_millis(args.move_ms), &args.engine) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("phantom-play: {message}");
            ExitCode::FAILURE
        }
    }
}
