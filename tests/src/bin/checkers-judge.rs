//! Plays a match between two checkers engines under the judge's rules and reports the first
//! engine's score with error bars, faults, worst move times and peak memory of both.
//!
//!     checkers-judge [--games N] [--move-ms M] [--game-ms G] [--random-plies P] [--seed S]
//!                    [--b-move-ms M] [--b-game-ms G] [--records FILE] [--html FILE]
//!                    "<engine A command>" "<engine B command>"
//!
//! Engine commands may start with `NAME=value` environment settings, for example
//! `SEED_TIME_SCALE=16 target/seed-checkers`. Games alternate colours (A is black in even
//! games). Every game gets `SEED_SEED=S+game` and `SEED_RANDOM_PLIES=P` in both engines'
//! environment, so the seed engine opens differently in each game. The game limit defaults to
//! 45 times the move limit (as 90 s is to 2 s). `--b-move-ms`/`--b-game-ms` give engine B
//! other limits: the seed engine measures CPU time, and on a busy machine its wall time can
//! pass the judge's limits although it keeps to them on the judge's own core.
//!
//! `--records` writes every game to one PDN file (players by program name, the judge's rules,
//! result and reason, each move's squares and time), `--html` the replay page; both are
//! rewritten after each game. An unknown `--option` prints the usage.

use harness::checkers::judge::{play_game, EngineSpec, JudgeConfig, SideReport};
use harness::records::arenas::{checkers_game, MatchFile};
use harness::records::{MatchRecord, Player};
use harness::stats::MatchScore;
use std::process::ExitCode;
use std::time::Duration;

/// Totals of one engine over the match.
#[derive(Default)]
struct Totals {
    faults: Vec<String>,
    worst_move: Duration,
    total_time: Duration,
    moves: u32,
    peak_memory_kib: u64,
    debug_bytes: usize,
}

impl Totals {
    fn add(&mut self, side: &SideReport, game: u32) {
        if let Some(fault) = &side.fault {
            self.faults.push(format!("game {game}: {fault}"));
        }
        self.worst_move = self.worst_move.max(side.worst_move);
        self.total_time += side.total_time;
        self.peak_memory_kib = self.peak_memory_kib.max(side.peak_memory_kib);
        self.debug_bytes = self.debug_bytes.max(side.debug_bytes);
    }

    fn line(&self, name: &str) -> String {
        let average = self.total_time.as_secs_f64() * 1000.0 / f64::from(self.moves.max(1));
        format!(
            "{name}: faults {}, worst move {} ms, average move {average:.0} ms, peak memory {:.1} MB, most DEBUG bytes in a game {}",
            self.faults.len(),
            self.worst_move.as_millis(),
            self.peak_memory_kib as f64 / 1024.0,
            self.debug_bytes
        )
    }
}

/// Plays a match between two checkers engines under the judge's rules.
#[derive(clap::Parser)]
#[command(name = "checkers-judge")]
struct Args {
    /// Games to play (A is black in even games).
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u32,
    /// Time for a move, ms (default: the judge's).
    #[arg(long, value_name = "MS")]
    move_ms: Option<u64>,
    /// Time for a game, ms (default: 45 times the move limit).
    #[arg(long, value_name = "MS")]
    game_ms: Option<u64>,
    /// SEED_RANDOM_PLIES given to both engines (default: the judge's).
    #[arg(long, value_name = "P")]
    random_plies: Option<u32>,
    /// Game N gets SEED_SEED=S+N.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Engine B's own time for a move, ms.
    #[arg(long, value_name = "MS")]
    b_move_ms: Option<u64>,
    /// Engine B's own time for a game, ms (default: 45 times its move limit).
    #[arg(long, value_name = "MS")]
    b_game_ms: Option<u64>,
    /// Write every game to this PDN file.
    #[arg(long, value_name = "FILE")]
    records: Option<String>,
    /// Write the replay page of the match to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<String>,
    /// Engine A's command (may start with NAME=value settings).
    #[arg(value_name = "ENGINE_A")]
    engine_a: String,
    /// Engine B's command.
    #[arg(value_name = "ENGINE_B")]
    engine_b: String,
}

fn main() -> ExitCode {
    let args = harness::cli::parse::<Args>();
    let games = args.games;
    let mut config = JudgeConfig::judge();
    if let Some(ms) = args.move_ms {
        config.move_limit = Duration::from_millis(ms);
    }
    if let Some(plies) = args.random_plies {
        config.random_plies = plies;
    }
    let (game_ms, seed) = (args.game_ms, args.seed);
    let (b_move_ms, b_game_ms) = (args.b_move_ms, args.b_game_ms);
    let (records_path, html_path) = (args.records, args.html);
    let mut engines = [
        EngineSpec::new(&args.engine_a),
        EngineSpec::new(&args.engine_b),
    ];
    config.game_limit = game_ms.map_or(config.move_limit * 45, Duration::from_millis);
    if b_move_ms.is_some() || b_game_ms.is_some() {
        let move_limit = b_move_ms.map_or(config.move_limit, Duration::from_millis);
        let game_limit = b_game_ms.map_or(move_limit * 45, Duration::from_millis);
        engines[1].limits = Some((move_limit, game_limit));
    }

    let mut time_control = format!(
        "{} ms a move, {} ms a game",
        config.move_limit.as_millis(),
        config.game_limit.as_millis()
    );
    if let Some((move_limit, game_limit)) = engines[1].limits {
        time_control += &format!(
            "; B {} ms a move, {} ms a game",
            move_limit.as_millis(),
            game_limit.as_millis()
        );
    }
    let records = MatchFile::new(
        MatchRecord::new("checkers", "", 8, "checkers-judge", &time_control),
        records_path,
        html_path,
    );
    let players = [0, 1].map(|i| Player::from_command(&engines[i].command));
    let mut score = MatchScore::default();
    let mut totals = [Totals::default(), Totals::default()];
    for game in 0..games {
        let a_is_black = game % 2 == 0;
        let (black, white) = if a_is_black {
            (&engines[0], &engines[1])
        } else {
            (&engines[1], &engines[0])
        };
        let report = play_game(black, white, &config, seed + u64::from(game));
        let (a, b) = if a_is_black { (0, 1) } else { (1, 0) };
        if records.wanted() {
            let colours = [players[a].clone(), players[b].clone()];
            records.add(checkers_game(game + 1, &report, colours));
        }
        let a_result = if a_is_black {
            report.winner
        } else {
            -report.winner
        };
        match a_result {
            1 => score.wins += 1,
            0 => score.draws += 1,
            _ => score.losses += 1,
        }
        totals[0].add(&report.sides[a], game);
        totals[1].add(&report.sides[b], game);
        totals[0].moves += (report.plies + u32::from(a_is_black)) / 2;
        totals[1].moves += (report.plies + u32::from(!a_is_black)) / 2;
        println!(
            "game {game}: A plays {}, {} after {} plies ({}); A worst {} ms, B worst {} ms; moves: {}",
            if a_is_black { "black" } else { "white" },
            match a_result {
                1 => "A wins",
                0 => "draw",
                _ => "B wins",
            },
            report.plies,
            report.reason,
            report.sides[a].worst_move.as_millis(),
            report.sides[b].worst_move.as_millis(),
            report.moves.join(" | ")
        );
    }
    println!("A = {}", engines[0].command);
    println!("B = {}", engines[1].command);
    println!(
        "{} games, move limit {} ms, game limit {} ms, random plies {}",
        games,
        config.move_limit.as_millis(),
        config.game_limit.as_millis(),
        config.random_plies
    );
    if let Some((move_limit, game_limit)) = engines[1].limits {
        println!(
            "B's own limits: move {} ms, game {} ms",
            move_limit.as_millis(),
            game_limit.as_millis()
        );
    }
    println!("A: {}", score.summary());
    println!("{}", totals[0].line("A"));
    println!("{}", totals[1].line("B"));
    for (name, total) in ["A", "B"].iter().zip(&totals) {
        for fault in &total.faults {
            println!("{name} fault, {fault}");
        }
    }
    ExitCode::SUCCESS
}
