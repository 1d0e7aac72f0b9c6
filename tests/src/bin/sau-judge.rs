//! Plays a match between two SAU engines (any game of `harness::sau::GAMES`) and reports the score
//! of the first.
//!
//! ```text
//! sau-judge --game GAME --first "<command>" --second "<command>"
//!           [--games N] [--game-ms MS] [--move-ms MS] [--retries N] [--quiet]
//! ```

use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::rules::GameResult;
use harness::sau::{referee, GAMES};
use std::process::ExitCode;
use std::time::Duration;

struct Options {
    game: String,
    first: String,
    second: String,
    games: u32,
    config: JudgeConfig,
    quiet: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        game: String::new(),
        first: String::new(),
        second: String::new(),
        games: 2,
        config: JudgeConfig {
            game_time: Duration::from_secs(900),
            move_time: Duration::from_secs(30),
            max_retries: 3,
        },
        quiet: false,
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "--quiet" {
            options.quiet = true;
            continue;
        }
        let value = iter.next().ok_or(format!("{arg} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{arg}: bad number {value}"))
        };
        match arg.as_str() {
            "--game" => options.game = value.clone(),
            "--first" => options.first = value.clone(),
            "--second" => options.second = value.clone(),
            "--games" => options.games = number()? as u32,
            "--game-ms" => options.config.game_time = Duration::from_millis(number()?),
            "--move-ms" => options.config.move_time = Duration::from_millis(number()?),
            "--retries" => options.config.max_retries = number()? as u32,
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    if options.first.is_empty() || options.second.is_empty() {
        return Err("--first and --second are required".to_string());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("sau-judge: {message}");
            return ExitCode::FAILURE;
        }
    };
    let Some(mut referee) = referee(&options.game) else {
        eprintln!(
            "sau-judge: --game must be one of {}, not '{}'",
            GAMES.join(", "),
            options.game
        );
        return ExitCode::FAILURE;
    };
    let mut first = Contestant::new(&options.first);
    let mut second = Contestant::new(&options.second);
    let quiet = options.quiet;
    let report = play_match(
        referee.as_mut(),
        &mut first,
        &mut second,
        options.games,
        &options.config,
        |game, colour, record| {
            let verdict = match record.result {
                GameResult::Win(winner) if winner == colour => "first wins",
                GameResult::Win(_) => "second wins",
                GameResult::Draw => "draw",
            };
            println!(
                "game {:3}: first plays {:5}  {:11}  {} turns  ({})",
                game + 1,
                colour.word(),
                verdict,
                record.turns.len(),
                record.reason
            );
            if !quiet {
                println!("    {}", record.turns.join(" "));
            }
        },
    );
    println!("first  {} ({})", first.name, first.command);
    println!("second {} ({})", second.name, second.command);
    println!("score of first: {}", report.score.summary());
    for player in [&first, &second] {
        println!(
            "{}: worst move {:?}, {} moves, {} rejected turns, {} filtered lines, {} violations, peak {} KiB",
            player.name,
            player.worst_move,
            player.moves,
            player.rejected_turns,
            player.filtered_lines,
            player.violations.len(),
            player.peak_memory_kib
        );
        for violation in &player.violations {
            println!("    violation: {violation}");
        }
    }
    ExitCode::SUCCESS
}
