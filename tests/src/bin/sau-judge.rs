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
//! `--records` writes every game of the match to one file in the game's format (SGF for
//! Connect6 and NoGo, the SAU text record for any other game), with the names the engines
//! answer, the limits, result and reason and each turn's time; `--html` writes the replay
//! page. Both are rewritten after each game.

use harness::records::arenas::{sau_game, sau_player, MatchFile};
use harness::records::MatchRecord;
use harness::sau::judge::{play_match, Contestant, JudgeConfig};
use harness::sau::phantom_judge;
use harness::sau::rules::{Colour, GameResult};
use harness::sau::{referee, GAMES};
use harness::stats::MatchScore;
use std::process::ExitCode;
use std::time::Duration;

/// Plays a match between two SAU engines and reports the score of the first.
#[derive(clap::Parser)]
#[command(name = "sau-judge")]
struct Args {
    /// The game (`phantom-go`: the hidden-stone platform loop).
    #[arg(long, value_parser = game_parser())]
    game: String,
    /// The first engine's command (black in odd games).
    #[arg(long, value_name = "CMD")]
    first: String,
    /// The second engine's command.
    #[arg(long, value_name = "CMD")]
    second: String,
    /// Games to play, colours alternating.
    #[arg(long, value_name = "N", default_value_t = 2)]
    games: u32,
    /// Each side's time for a whole game, ms.
    #[arg(long, value_name = "MS", default_value_t = 900_000)]
    game_ms: u64,
    /// The most one answer may take, ms.
    #[arg(long, value_name = "MS", default_value_t = 30_000)]
    move_ms: u64,
    /// Bad turns (refused points in Phantom Go) allowed in a turn before it is lost
    /// (default: 3, in Phantom Go 81).
    #[arg(long, value_name = "N")]
    retries: Option<u32>,
    /// Print only each game's result line, not its turns.
    #[arg(long)]
    quiet: bool,
    /// Write every game of the match to FILE in the game's format.
    #[arg(long, value_name = "FILE")]
    records: Option<String>,
    /// Write the match's replay page to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
}

/// `--game`: a game with a referee, or Phantom Go.
fn game_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(GAMES.iter().copied().chain(["phantom-go"]))
}

impl Args {
    fn config(&self, default_retries: u32) -> JudgeConfig {
        JudgeConfig {
            game_time: Duration::from_millis(self.game_ms),
            move_time: Duration::from_millis(self.move_ms),
            max_retries: self.retries.unwrap_or(default_retries),
        }
    }
}

fn main() -> ExitCode {
    let options = harness::cli::parse::<Args>();
    if options.game == "phantom-go" {
        return phantom(&options);
    }
    let mut referee = referee(&options.game).expect("--game takes the games with a referee");
    let config = options.config(3);
    let records = MatchFile::new(
        MatchRecord::new(
            referee.name(),
            "",
            referee.size(),
            "sau-judge",
            &format!(
                "{} ms a move, {} ms a game",
                options.move_ms, options.game_ms
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
fn phantom(options: &Args) -> ExitCode {
    let config = options.config(81);
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
