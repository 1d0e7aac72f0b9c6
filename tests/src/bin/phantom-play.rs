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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut human = Colour::Black;
    let mut limit = Duration::from_secs(30);
    let mut command = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--white" => human = Colour::White,
            "--move-ms" => match iter.next().and_then(|v| v.parse().ok()) {
                Some(ms) => limit = Duration::from_millis(ms),
                None => {
                    eprintln!("phantom-play: --move-ms needs a number");
                    return ExitCode::FAILURE;
                }
            },
            other if command.is_none() && !other.starts_with("--") => {
                command = Some(other.to_string())
            }
            other => {
                eprintln!("phantom-play: unexpected argument {other}");
                return ExitCode::FAILURE;
            }
        }
    }
    let Some(command) = command else {
        eprintln!("usage: phantom-play [--white] [--move-ms MS] \"<engine command>\"");
        return ExitCode::FAILURE;
    };
    match run(human, limit, &command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("phantom-play: {message}");
            ExitCode::FAILURE
        }
    }
}
