//! A random player for any SAU game the harness has a referee for: it answers every prompt with a
//! turn drawn uniformly from the referee's legal turns, the weakest sparring partner for measuring
//! an engine from the bottom.
//!
//! ```text
//! sau-random --game GAME [--seed N]
//! ```

use harness::sau::rules::{Referee, Verdict};
use harness::sau::{referee, Xorshift as Random};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// A random player for any SAU game the harness has a referee for.
#[derive(clap::Parser)]
#[command(name = "sau-random")]
struct Args {
    /// The game.
    #[arg(long, value_parser = harness::sau::game_parser())]
    game: String,
    /// Seed of the move choices.
    #[arg(long, value_name = "N", default_value_t = 0x9e37_79b9_7f4a_7c15)]
    seed: u64,
}

/// Plays a random legal turn for the side to move and sends it.
fn reply(game: &mut dyn Referee, random: &mut Random, out: &mut impl Write) -> io::Result<()> {
    let turns = game.legal_turns();
    if turns.is_empty() {
        return Ok(());
    }
    let turn = &turns[random.below(turns.len())];
    game.submit(turn);
    writeln!(out, "move {turn}")?;
    out.flush()
}

fn main() -> ExitCode {
    let args = harness::cli::parse::<Args>();
    let (name, seed) = (args.game, args.seed);
    let Some(mut game) = referee(&name) else {
        eprintln!("sau-random: unknown game '{name}'");
        return ExitCode::FAILURE;
    };
    let mut random = Random::new(seed);
    match serve(game.as_mut(), &mut random) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sau-random: {error}");
            ExitCode::FAILURE
        }
    }
}

fn serve(game: &mut dyn Referee, random: &mut Random) -> io::Result<()> {
    let title: String = game
        .name()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["name?"] => {
                writeln!(out, "name Random{title}")?;
                out.flush()?;
            }
            ["new", side] => {
                game.reset();
                if *side == "black" {
                    reply(game, random, &mut out)?;
                }
            }
            // The guard plays the opponent's turn; we answer unless it ended the game.
            ["move", turn @ ..]
                if game.submit(&turn.join(" ")) == Verdict::Accepted && game.result().is_none() =>
            {
                reply(game, random, &mut out)?;
            }
            ["quit"] => break,
            _ => {}
        }
    }
    Ok(())
}
