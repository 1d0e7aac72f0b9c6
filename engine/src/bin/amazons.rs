//! Amazons for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds). `amazons bench [ms]` instead plays a
//! game against itself at `ms` milliseconds a move (default 1000) and prints each move's time.

use engine::amazons::endgame::is_separated;
use engine::amazons::engine::AmazonsEngine;
use engine::amazons::search::Settings;
use engine::core::time::Deadline;
use engine::protocol::sau::{self, TimeControl};
use std::io;
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        let millis = args
            .get(1)
            .and_then(|text| text.parse().ok())
            .unwrap_or(1000);
        bench(millis);
        return ExitCode::SUCCESS;
    }
    let control = match TimeControl::from_args(args) {
        Ok(control) => control,
        Err(message) => {
            eprintln!("amazons: {message}");
            return ExitCode::FAILURE;
        }
    };
    // A different seed each run varies the games between two identical engines.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos() as u64);
    let mut engine = AmazonsEngine::new(Settings::default(), seed);
    match sau::run(
        &mut engine,
        control,
        io::stdin().lock(),
        io::stdout().lock(),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("amazons: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Plays a game against itself at `millis` a move and prints what each search reached and the
/// slowest answer.
fn bench(millis: u64) {
    let mut engine = AmazonsEngine::new(Settings::default(), 1);
    let limit = Duration::from_millis(millis);
    let mut slowest = Duration::ZERO;
    for turn in 1.. {
        if engine.is_over() {
            println!(
                "turn {turn:2}: {:?} cannot move and loses",
                engine.side_to_move()
            );
            break;
        }
        let separated = is_separated(engine.board());
        let deadline = Deadline::new(limit, limit);
        let mv = match engine.think(deadline, &[]) {
            Some(mv) => mv,
            None => break,
        };
        let spent = deadline.elapsed();
        slowest = slowest.max(spent);
        let phase = if separated { "filling" } else { "search" };
        println!(
            "turn {turn:2}: {phase:7} {mv:?} in {:.3} s",
            spent.as_secs_f64()
        );
        engine.play(mv);
    }
    println!("slowest move {:.3} s", slowest.as_secs_f64());
}
