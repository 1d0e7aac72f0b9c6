//! Amazons for the SAU computer-games platform: reads the platform's commands on stdin and
//! answers on stdout.
//!
//! Options: `--game-ms <n>` thinking time for a whole game (default 15 minutes), `--move-ms <n>`
//! the most one move may take (default 30 seconds). `amazons bench [ms]` instead searches a few
//! positions for `ms` milliseconds each (default 1000) and prints depth, nodes and speed.

use engine::amazons::board::Board;
use engine::amazons::engine::AmazonsEngine;
use engine::amazons::search::{Search, Settings};
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

/// Plays a short game against itself at `millis` a move and prints what each search reached.
fn bench(millis: u64) {
    let mut search = Search::new(Settings::default(), 1);
    let mut board = Board::new();
    let limit = Duration::from_millis(millis);
    for turn in 1..=12 {
        if !board.can_move(board.to_move()) {
            break;
        }
        let deadline = Deadline::new(limit, limit);
        let outcome = match search.best_move(&board, deadline, &[]) {
            Some(outcome) => outcome,
            None => break,
        };
        let seconds = deadline.elapsed().as_secs_f64();
        println!(
            "turn {turn:2}: depth {:2} score {:6} nodes {:8} ({:.0} nodes/s) in {seconds:.2} s",
            outcome.depth,
            outcome.score,
            outcome.nodes,
            outcome.nodes as f64 / seconds.max(1e-6)
        );
        board.play(outcome.best);
    }
}
