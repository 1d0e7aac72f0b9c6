//! Connect6 search benchmark: short self-play games at a fixed depth and without a clock, so that
//! every run plays the same turns. It prints the time taken and a checksum of the turns: a change
//! that only makes the search faster keeps the checksum.
//!
//! ```text
//! connect6-bench [--games N] [--turns N] [--max-depth N] [--attack-turns N] [--defence-turns N]
//!                [--cells N] [--search-turns N]
//! ```

use engine::connect6::board::Board;
use engine::connect6::geometry::cell;
use engine::connect6::search::{Searcher, Settings};
use engine::connect6::turn::Turn;
use engine::core::rng::Rng;
use engine::core::time::Deadline;
use std::time::Instant;

#[derive(clap::Parser)]
#[command(name = "connect6-bench")]
struct Args {
    /// Games played, each from its own opening.
    #[arg(long, default_value_t = 4)]
    games: u32,
    /// Turns searched in each game (after the opening).
    #[arg(long, default_value_t = 10)]
    turns: u32,
    /// The alpha-beta depth of every search, in turns.
    #[arg(long, default_value_t = 3)]
    max_depth: u32,
    /// Attacking turns of the forced-win search at the root (0: alpha-beta alone).
    #[arg(long)]
    attack_turns: Option<u32>,
    /// Attacking turns of the check against the opponent's forced wins (0: no check).
    #[arg(long)]
    defence_turns: Option<u32>,
    /// Cells paired into turns below the root (the engine's default when not given).
    #[arg(long)]
    cells: Option<usize>,
    /// Turns searched below the root (the engine's default when not given).
    #[arg(long)]
    search_turns: Option<usize>,
}

/// Black's centre stone and a random white pair and black pair near it.
fn opening(rng: &mut Rng) -> Board {
    let mut board = Board::new();
    board.play(Turn::single(cell(9, 9)));
    while board.stone_count() < 5 {
        let near = |rng: &mut Rng| cell(7 + rng.below(5) as usize, 7 + rng.below(5) as usize);
        let (first, second) = (near(rng), near(rng));
        let turn = Turn::pair(first, second);
        if board.is_legal(&turn) {
            board.play(turn);
        }
    }
    board
}

fn main() {
    let args: Args = harness::cli::parse();
    let defaults = Settings::default();
    let settings = Settings {
        max_depth: args.max_depth,
        attack_turns: args.attack_turns.unwrap_or(defaults.attack_turns),
        defence_turns: args.defence_turns.unwrap_or(defaults.defence_turns),
        cells: args.cells.unwrap_or(defaults.cells),
        turns: args.search_turns.unwrap_or(defaults.turns),
        ..defaults
    };
    let mut rng = Rng::new(2026);
    let mut checksum: u64 = 0;
    let mut searched = 0;
    let start = Instant::now();
    for game in 0..args.games {
        let mut board = opening(&mut rng);
        let mut searcher = Searcher::new(settings);
        let game_start = Instant::now();
        for _ in 0..args.turns {
            let turn = match searcher.choose(&board, Deadline::unlimited(), &[]) {
                Some(turn) => turn,
                None => break,
            };
            for stone in turn.cells() {
                checksum = checksum.wrapping_mul(0x100_0000_01b3) ^ u64::from(stone);
            }
            board.play(turn);
            searched += 1;
            if board.is_over() {
                break;
            }
        }
        println!(
            "game {game}: {} stones, {:.2} s",
            board.stone_count(),
            game_start.elapsed().as_secs_f64()
        );
    }
    println!(
        "{searched} searches in {:.2} s, checksum {checksum:016x}",
        start.elapsed().as_secs_f64()
    );
}
