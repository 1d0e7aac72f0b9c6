//! Plays a Gomocup match between two engine commands and prints the score with error bars.
//!
//! ```text
//! gomoku-arena --engine1 CMD --engine2 CMD [--size 15] [--rule freestyle|exact|renju|caro]
//!     [--turn 1000] [--match 30000] [--turn2 MS] [--match2 MS] [--tolerance 100]
//!     [--games 100] [--concurrency 1] [--openings FILE] [--sprt ELO0,ELO1] [--memory BYTES]
//!     [--log FILE] [--records FILE] [--html FILE]
//! ```
//!
//! `--records` writes every game of the match to one SGF file (the board size, rule, players
//! with the names and versions their `ABOUT` gives, result and reason, the opening's stones
//! marked, every other stone's time); `--html` writes the replay page of the match. Both are
//! rewritten after each game.
//!
//! `--turn2` and `--match2` give engine2 other limits than engine1 (time odds); by default
//! both engines play on the same clock.
//!
//! Under `--rule renju` black loses at once on a forbidden point (an overline, a double four or
//! a double three): the game shows `Forbidden(...)` as its ending and the summary counts these
//! as `forbidden`, apart from `illegal` (unparsable or occupied answers and crashes). `--rule
//! caro` is piskvork's rule 8: a five closed by opponent stones at both ends does not win.

use std::process::ExitCode;

use harness::gomoku::arena::{run_match, MatchConfig};
use harness::gomoku::log::{append_line, LogHeader};
use harness::gomoku::setup::{GameArgs, GameSetup};
use harness::records::arenas::{gomocup_player, gomoku_game, MatchFile};
use harness::records::MatchRecord;

/// Plays a Gomocup match between two engine commands and prints the score with error bars.
#[derive(clap::Parser)]
#[command(name = "gomoku-arena")]
struct Args {
    /// The first engine's command.
    #[arg(long, value_name = "CMD")]
    engine1: String,
    /// The second engine's command.
    #[arg(long, value_name = "CMD")]
    engine2: String,
    #[command(flatten)]
    game: GameArgs,
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: usize,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1)]
    concurrency: usize,
    /// Stop early by a sequential probability ratio test between these Elo differences.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
    sprt: Option<(f64, f64)>,
    /// Append every game to this file (a header line first, then a result and a stones line
    /// per game).
    #[arg(long, value_name = "FILE")]
    log: Option<String>,
    /// Write every game to this SGF file.
    #[arg(long, value_name = "FILE")]
    records: Option<String>,
    /// Write the replay page of the match to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
}

fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let (a, b) = text.split_once(',').ok_or("expected ELO0,ELO1")?;
    Ok((
        a.parse().map_err(|_| "bad elo0")?,
        b.parse().map_err(|_| "bad elo1")?,
    ))
}

fn main() -> ExitCode {
    harness::cli::main::<Args>("gomoku-arena", run)
}

fn run(args: Args) -> Result<(), String> {
    let setup = GameSetup::from_args(&args.game)?;
    let (size, rule) = (setup.size, setup.rule);
    let [clock, second_clock] = setup.clocks;
    let config = MatchConfig {
        engines: [args.engine1, args.engine2],
        size,
        rule,
        time: [clock, second_clock],
        openings: setup.openings,
        games: args.games,
        concurrency: args.concurrency,
        sprt: args.sprt,
        max_memory: setup.max_memory,
    };
    let log = args.log;
    if let Some(path) = &log {
        let header = LogHeader {
            size,
            rule,
            clocks: config.time,
            engines: config.engines.clone(),
        };
        append_line(path, &header.line());
    }
    let time_control = if config.time[0].turn_ms == config.time[1].turn_ms
        && config.time[0].match_ms == config.time[1].match_ms
    {
        format!("{} ms a move, {} ms a game", clock.turn_ms, clock.match_ms)
    } else {
        format!(
            "engine1 {} ms a move, {} ms a game; engine2 {} ms a move, {} ms a game",
            clock.turn_ms, clock.match_ms, second_clock.turn_ms, second_clock.match_ms
        )
    };
    let rule_name = ["freestyle", "exact", "renju", "caro"]
        .into_iter()
        .find(|name| harness::gomoku::referee::Rule::parse(name) == Some(rule))
        .unwrap_or("freestyle");
    let records = MatchFile::new(
        MatchRecord::new("gomoku", rule_name, size, "gomoku-arena", &time_control),
        args.records,
        args.html,
    );
    let players = if records.wanted() {
        [
            gomocup_player(&config.engines[0]),
            gomocup_player(&config.engines[1]),
        ]
    } else {
        Default::default()
    };
    let odds = if second_clock.turn_ms != clock.turn_ms || second_clock.match_ms != clock.match_ms {
        format!(
            " (engine2 {} ms/move {} ms/game)",
            second_clock.turn_ms, second_clock.match_ms
        )
    } else {
        String::new()
    };
    println!(
        "{} vs {}: {}x{} {:?}, {} ms/move {} ms/game{}, {} openings, up to {} games",
        config.engines[0],
        config.engines[1],
        size,
        size,
        rule,
        clock.turn_ms,
        clock.match_ms,
        odds,
        config.openings.len(),
        config.games
    );
    let summary = run_match(&config, |game, record, total| {
        let result = match record.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2",
        };
        let colour = if record.black == 0 { "black" } else { "white" };
        // The game time each engine spent, to see how much of its clock a control leaves.
        let line = format!(
            "game {:3} engine1 {colour}: {result} ({:?}, {} stones, {:.1}/{:.1} s)  {}",
            game + 1,
            record.ending,
            record.moves.len(),
            record.thinking_ms[0] as f64 / 1000.0,
            record.thinking_ms[1] as f64 / 1000.0,
            total.line()
        );
        println!("{line}");
        if let Some(path) = &log {
            append_line(path, &format!("{line}\n  {}", record.notation()));
        }
        if records.wanted() {
            records.add(gomoku_game(game as u32 + 1, record, &players));
        }
    });
    println!("final: {}", summary.line());
    println!(
        "engine1 wins as black {}, as white {}",
        summary.wins_by_colour[0], summary.wins_by_colour[1]
    );
    if let Some(verdict) = summary.sprt_verdict {
        println!("SPRT: {verdict}");
    }
    Ok(())
}
