//! Plays a match between two SAU engines (any game of `harness::sau::GAMES`) and reports the score
//! of the first.
//!
//! `--game phantom-go` plays Phantom Go through the hidden-stone platform loop
//! (`harness::sau::phantom_judge`); there `--retries` (refusals a turn may get) defaults to 81.
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
//! Connect6, NoGo and Phantom Go, whose records hold both sides' stones and each turn's refused
//! points; the SAU text record for any other game), with the names the engines answer, the
//! limits, result and reason and each turn's time; `--html` writes the replay page. Both are
//! rewritten after each game.

use harness::records::arenas::{sau_game, sau_player, MatchFile};
use harness::records::{MatchRecord, Player};
use harness::sau::cloudict;
use harness::sau::judge::{play_match, Contestant, GameRecord, JudgeConfig};
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

/// What the match prints and writes as each game ends.
struct Reporter {
    records: MatchFile,
    /// The names the engines answer (first, second), asked before the match so that each game
    /// is written as it ends; empty when no file is wanted.
    names: [Player; 2],
    quiet: bool,
}

impl Reporter {
    fn new(options: &Args, game: &str, size: usize) -> Reporter {
        let time_control = format!(
            "{} ms a move, {} ms a game",
            options.move_ms, options.game_ms
        );
        let records = MatchFile::new(
            MatchRecord::new(game, "", size, "sau-judge", &time_control),
            options.records.clone(),
            options.html.clone(),
        );
        let names = if records.wanted() {
            [sau_player(&options.first), sau_player(&options.second)]
        } else {
            Default::default()
        };
        Reporter {
            records,
            names,
            quiet: options.quiet,
        }
    }

    /// Game `game` (from 0) has ended; the first engine played `colour`.
    fn game(&self, game: u32, colour: Colour, record: &GameRecord) {
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
        if !self.quiet {
            println!("    {}", record.turns.join(" "));
        }
        if self.records.wanted() {
            let [first, second] = self.names.clone();
            let players = if colour == Colour::Black {
                [first, second]
            } else {
                [second, first]
            };
            self.records.add(sau_game(game + 1, record, players));
        }
    }
}

fn main() -> ExitCode {
    let mut options = harness::cli::parse::<Args>();
    // `cloudict:ARGS` plays the Connect6 anchor through its adapter (harness::sau::cloudict).
    options.first = cloudict::engine_command(&options.first);
    options.second = cloudict::engine_command(&options.second);
    if options.game == "phantom-go" {
        return phantom(&options);
    }
    let mut referee = referee(&options.game).expect("--game takes the games with a referee");
    let config = options.config(3);
    let reporter = Reporter::new(&options, referee.name(), referee.size());
    let mut first = Contestant::new(&options.first);
    let mut second = Contestant::new(&options.second);
    if let Err(code) = start_both(&mut first, &mut second) {
        return code;
    }
    let report = play_match(
        referee.as_mut(),
        &mut first,
        &mut second,
        options.games,
        &config,
        |game, colour, record| reporter.game(game, colour, record),
    );
    print_summary(&first, &second, &report.score);
    ExitCode::SUCCESS
}

/// Phantom Go: the referee holds the true board and answers each side as the platform does.
fn phantom(options: &Args) -> ExitCode {
    let config = options.config(81);
    let reporter = Reporter::new(options, "phantom-go", 9);
    let mut first = Contestant::new(&options.first);
    let mut second = Contestant::new(&options.second);
    if let Err(code) = start_both(&mut first, &mut second) {
        return code;
    }
    let (report, [mine, theirs]) = phantom_judge::play_match(
        &mut first,
        &mut second,
        options.games,
        &config,
        |game, colour, record| reporter.game(game, colour, record),
    );
    print_summary(&first, &second, &report.score);
    println!(
        "refusals: first {} (at most {} in a turn), second {} (at most {} in a turn)",
        mine.total, mine.worst_turn, theirs.total, theirs.worst_turn
    );
    ExitCode::SUCCESS
}

/// Starts both engines before the first game: an engine that cannot start or give its name
/// stops the match at once, instead of losing every game of it at turn 0.
fn start_both(first: &mut Contestant, second: &mut Contestant) -> Result<(), ExitCode> {
    for (role, player) in [("first", first), ("second", second)] {
        if let Err(error) = player.ensure_running() {
            eprintln!("sau-judge: the {role} engine: {error}");
            return Err(ExitCode::FAILURE);
        }
    }
    Ok(())
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
