//! Plays a match between two SAU engines (any game of `harness::sau::GAMES`) and reports the score
//! of the first.
//!
//! `--game phantom-go` plays Phantom Go through the hidden-stone platform loop
//! (`harness::sau::phantom_judge`); there `--retries` (refusals a turn may get) defaults to 81, and
//! `--records`/`--html` are not written.
//!
//! ```text
//! sau-judge --game GAME --first "<command>" --second "<command>"
//!           [--games N] [--game-ms MS] [--move-ms MS] [--retries N] [--quiet]
//!           [--records FILE] [--html FILE]
//! ```
//!
//! An engine command `cloudict:ARGS` runs the Connect6 anchor cloudict through the adapter
//! `sau-cloudict ARGS` (`harness::sau::cloudict`), e.g. `--second "cloudict:PATH/gameEngine"`.
//!
//! `--records` writes every game of the match to one file in the game's format (SGF for
//! Connect6 and NoGo, the SAU text record for any other game), with the names the engines
//! answer, the limits, result and reason and each turn's time; `--html` writes the replay
//! page. Both are rewritten after each game.

use harness::records::arenas::{sau_game, sau_player, MatchFile};
use harness::records::MatchRecord;
use harness::sau::cloudict;
use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::phantom_judge;
use harness::sau::rules::{Colour, GameResult};
use harness::sau::{referee, GAMES};
use harness::stats::MatchScore;
use std::process::ExitCode;
use std::time::Duration;

struct Options {
    retries_given: bool,
    game: String,
    first: String,
    second: String,
    games: u32,
    config: JudgeConfig,
    quiet: bool,
    records: Option<String>,
    html: Option<String>,
}

const USAGE: &str = "usage: sau-judge --game GAME --first CMD --second CMD [--games N] \
[--game-ms MS] [--move-ms MS] [--retries N] [--quiet] [--records FILE] [--html FILE]";

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        retries_given: false,
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
        records: None,
        html: None,
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
            "--retries" => {
                options.config.max_retries = number()? as u32;
                options.retries_given = true;
            }
            "--records" => options.records = Some(value.clone()),
            "--html" => options.html = Some(value.clone()),
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
    let mut options = match parse(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("sau-judge: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    // `cloudict:ARGS` plays the Connect6 anchor through its adapter (harness::sau::cloudict).
    options.first = cloudict::engine_command(&options.first);
    options.second = cloudict::engine_command(&options.second);
    if options.game == "phantom-go" {
        return phantom(&options);
    }
    let Some(mut referee) = referee(&options.game) else {
        eprintln!(
            "sau-judge: --game must be one of {}, not '{}'",
            GAMES.join(", "),
            options.game
        );
        return ExitCode::FAILURE;
    };
    let records = MatchFile::new(
        MatchRecord::new(
            referee.name(),
            "",
            referee.size(),
            "sau-judge",
            &format!(
                "{} ms a move, {} ms a game",
                options.config.move_time.as_millis(),
                options.config.game_time.as_millis()
            ),
        ),
        options.records.clone(),
        options.html.clone(),
    );
    // The names the engines answer, asked before the match so that each game is written as
    // it ends.
    let names = if records.wanted() {
        [sau_player(&options.first), sau_player(&options.second)]
    } else {
        Default::default()
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
            if records.wanted() {
                let [ref first, ref second] = names;
                let players = if colour == Colour::Black {
                    [first.clone(), second.clone()]
                } else {
                    [second.clone(), first.clone()]
                };
                records.add(sau_game(game + 1, record, players));
            }
        },
    );
    print_summary(&first, &second, &report.score);
    ExitCode::SUCCESS
}

/// Phantom Go: the referee holds the true board and answers each side as the platform does.
fn phantom(options: &Options) -> ExitCode {
    let mut config = options.config;
    if !options.retries_given {
        config.max_retries = 81;
    }
    let mut first = Contestant::new(&options.first);
    let mut second = Contestant::new(&options.second);
    let quiet = options.quiet;
    let (report, [mine, theirs]) = phantom_judge::play_match(
        &mut first,
        &mut second,
        options.games,
        &config,
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
    print_summary(&first, &second, &report.score);
    println!(
        "refusals: first {} (at most {} in a turn), second {} (at most {} in a turn)",
        mine.total, mine.worst_turn, theirs.total, theirs.worst_turn
    );
    ExitCode::SUCCESS
}

fn print_summary(first: &Contestant, second: &Contestant, score: &MatchScore) {
    println!("first  {} ({})", first.name, first.command);
    println!("second {} ({})", second.name, second.command);
    println!("score of first: {}", score.summary());
    for player in [first, second] {
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
}
