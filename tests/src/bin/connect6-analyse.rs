//! Where recorded Connect6 games were decided: after each turn, whether the side to move has a
//! forced win by threats (the engine's `Vcdt`), and in how few attacking turns.
//!
//! ```text
//! connect6-analyse [--max-turns N] [--nodes N] [--single-threats N] [--seconds S]
//!                  [--escapes N] RECORDS...
//! ```
//!
//! One line a game: its players and result, the turn after which the side to move first has a
//! forced win, and a character a position (after turns 1, 2, ...): `.` no forced win found,
//! `1`-`9` and `a`-`z` the fewest attacking turns of the win found, `?` a search cut short by
//! its limits. With `--single-threats 1` the attacker's lines may hold a turn that leaves one
//! threat; such a line is not a proof (the defender's free stone is tried on a few cells only).
//!
//! With `--escapes N`, the position before the turn that first let a forced win in is tried
//! again: of the mover's `N` best candidate turns (the engine's root list), how many leave the
//! opponent no forced win. None means the game was lost earlier than that turn.

use engine::connect6::board::Board;
use engine::connect6::moves::{attacking_turns, candidate_turns};
use engine::connect6::turn::Turn;
use engine::connect6::vcdt::Vcdt;
use engine::core::time::Deadline;
use harness::connect6;
use harness::records::{load, Outcome};
use std::process::ExitCode;
use std::time::Duration;

/// Finds where recorded Connect6 games were decided by threats.
#[derive(clap::Parser)]
#[command(name = "connect6-analyse")]
struct Args {
    /// The most attacking turns of a forced win looked for.
    #[arg(long, value_name = "N", default_value_t = 10)]
    max_turns: u32,
    /// Positions one search may visit.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    nodes: u64,
    /// Single-threat turns allowed in the attacker's lines.
    #[arg(long, value_name = "N", default_value_t = 0)]
    single_threats: u32,
    /// The time one search may take.
    #[arg(long, value_name = "S", default_value_t = 20.0)]
    seconds: f64,
    /// Candidate turns tried again before the turn that let the first forced win in (0: none).
    #[arg(long, value_name = "N", default_value_t = 0)]
    escapes: usize,
    /// Records files of Connect6 matches (the SGF `sau-judge --records` writes).
    #[arg(value_name = "RECORDS", required = true)]
    files: Vec<String>,
}

/// The fewest attacking turns (up to `max_turns`) of a forced win for the side to move, or
/// whether a search was cut short.
fn forced_win(board: &mut Board, args: &Args) -> Result<Option<u32>, ()> {
    let mut cut_short = false;
    for turns in 1..=args.max_turns {
        let limit = Duration::from_secs_f64(args.seconds);
        let deadline = Deadline::new(limit, limit);
        let mut search = Vcdt::new(&deadline, args.nodes).with_single_threats(args.single_threats);
        if search.find(board, turns).is_some() {
            return Ok(Some(turns));
        }
        cut_short |= search.aborted();
    }
    if cut_short {
        Err(())
    } else {
        Ok(None)
    }
}

/// Cells paired into the candidate turns tried for `--escapes`, as the engine's root does.
const ESCAPE_CELLS: usize = 16;

/// How deep the opponent's attacking turns are ranked for `--escapes`.
const ATTACK_RANKS: usize = 100;

/// The position after `turns` (already checked legal).
fn position_after(turns: &[Turn]) -> Board {
    let mut board = Board::new();
    for &turn in turns {
        board.play(turn);
    }
    board
}

/// Of the side to move's best `limit` candidate turns, how many leave the opponent no forced
/// win, how many were tried, and how many checks were cut short.
fn escapes(board: &mut Board, limit: usize, args: &Args) -> (usize, usize, usize) {
    let turns = candidate_turns(board, ESCAPE_CELLS, limit);
    let (mut safe, mut cut_short) = (0, 0);
    for &turn in &turns {
        board.play(turn);
        match forced_win(board, args) {
            Ok(None) => safe += 1,
            Ok(Some(_)) => {}
            Err(()) => cut_short += 1,
        }
        board.undo(turn);
    }
    (safe, turns.len(), cut_short)
}

/// The character of one position in a game's line.
fn mark(found: Result<Option<u32>, ()>) -> char {
    match found {
        Ok(Some(turns)) => char::from_digit(turns.min(35), 36).unwrap_or('+'),
        Ok(None) => '.',
        Err(()) => '?',
    }
}

fn run(args: &Args) -> Result<(), String> {
    for path in &args.files {
        let record = load(path)?;
        if record.game != "connect6" {
            return Err(format!("{path}: a {} match, not connect6", record.game));
        }
        for game in &record.games {
            let texts: Vec<String> = game.moves.iter().map(|mv| mv.text.clone()).collect();
            let turns =
                connect6::turns(&texts).map_err(|e| format!("{path}: game {}: {e}", game.round))?;
            let mut board = Board::new();
            let mut line = String::new();
            let mut first = None;
            for (index, &turn) in turns.iter().enumerate() {
                if !board.is_legal(&turn) {
                    return Err(format!(
                        "{path}: game {}: turn {} is illegal",
                        game.round,
                        index + 1
                    ));
                }
                board.play(turn);
                if board.is_over() {
                    break;
                }
                let found = forced_win(&mut board, args);
                if first.is_none() && matches!(found, Ok(Some(_))) {
                    first = Some((index + 1, board.to_move()));
                }
                line.push(mark(found));
            }
            let result = match game.outcome {
                Outcome::BlackWins => "black wins",
                Outcome::WhiteWins => "white wins",
                Outcome::Draw => "draw",
            };
            let decided = match first {
                Some((turn, side)) => format!("first forced win after turn {turn} ({side:?})"),
                None => "no forced win found".to_string(),
            };
            println!(
                "{path} game {}: {} (black) - {} (white), {result} in {} turns; {decided}",
                game.round,
                game.players[0].name,
                game.players[1].name,
                turns.len(),
            );
            println!("  {line}");
            if let (Some((turn, _)), true) = (first, args.escapes > 0) {
                if turn >= 2 {
                    let mut before = position_after(&turns[..turn - 1]);
                    let (safe, tried, cut_short) = escapes(&mut before, args.escapes, args);
                    println!(
                        "  before turn {turn}: {safe} of {tried} candidate turns escape \
                         ({cut_short} checks cut short)"
                    );
                }
                if turn >= 3 {
                    // Where the opponent's turn before it ranks among its most aggressive turns.
                    let mut before = position_after(&turns[..turn - 2]);
                    let played = turns[turn - 2];
                    let rank = attacking_turns(&mut before, ESCAPE_CELLS, ATTACK_RANKS)
                        .iter()
                        .position(|other| other.same_stones(&played))
                        .map_or(format!("not among the first {ATTACK_RANKS}"), |rank| {
                            format!("#{}", rank + 1)
                        });
                    println!("  turn {}: {rank} of its side's attacking turns", turn - 1);
                }
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Args = harness::cli::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("connect6-analyse: {message}");
            ExitCode::FAILURE
        }
    }
}
