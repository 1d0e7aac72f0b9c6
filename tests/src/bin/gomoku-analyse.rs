//! Where the games of arena logs were decided, as our own search sees them: every position of
//! every game searched to a fixed depth, its score turned to engine 1's side.
//!
//! ```text
//! gomoku-analyse [--depth 8] [--from 6] [--until 80] [--settle 300] [--long 100] [--scores]
//!                [--param NAME=VALUE]... LOG...
//! ```
//!
//! The positions with FROM to UNTIL stones (0: to the end of the game) are searched one after
//! another, as in a game (the table keeps what earlier positions found), by the engine of this
//! build. Forced positions, which the search answers without a search, are left out. A score at
//! `n` stones is the mean of the scores at `n` and `n + 1`, so that the side to move's tempo
//! cancels. Per game the tool prints the stone from which the score stays at SETTLE or more
//! for the winner to the last position searched (`--scores`: and every score); then the median
//! of those stones for engine 1's wins and for its losses, engine 1's results in games shorter
//! and longer than LONG stones, and its results by stage of the game and by its score there.

use engine::gomoku::engine::GomokuEngine;
use engine::gomoku::point::Point;
use harness::gomoku::log::{read_log, LogGame};
use harness::gomoku::openings::parse_line;
use harness::gomoku::setup::SearchArgs;

/// Stones in one stage of the game in the table of scores.
const STAGE: usize = 40;
/// The upper ends of the score classes of that table; the last class is open.
const SCORE_CLASSES: [i32; 4] = [-800, -300, 300, 800];

/// Where the games of arena logs were decided, as our own search sees them.
#[derive(clap::Parser)]
#[command(name = "gomoku-analyse")]
struct Args {
    /// Search depth of every position.
    #[arg(long, value_name = "N", default_value_t = 8)]
    depth: i32,
    /// The first position searched, by its number of stones.
    #[arg(long, value_name = "STONES", default_value_t = 6)]
    from: usize,
    /// The last position searched, by its number of stones (0: to the end of the game).
    #[arg(long, value_name = "STONES", default_value_t = 80)]
    until: usize,
    /// The score for the winner from which a game counts as settled.
    #[arg(long, value_name = "SCORE", default_value_t = 300)]
    settle: i32,
    /// Games of this many stones or more count as long.
    #[arg(long, value_name = "STONES", default_value_t = 100)]
    long: usize,
    /// Prints every game's scores as well.
    #[arg(long)]
    scores: bool,
    #[command(flatten)]
    search: SearchArgs,
    /// Arena logs (`gomoku-arena --log`).
    #[arg(value_name = "LOG", required = true)]
    logs: Vec<String>,
}

/// Engine 1's result in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Won,
    Drew,
    Lost,
}

impl Outcome {
    /// The outcome as a word.
    fn word(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Drew => "drew",
            Outcome::Lost => "lost",
        }
    }
}

/// A game decided on the board, as the search saw it.
struct Analysed {
    result: Outcome,
    stones: usize,
    /// (stones, engine 1's score there, tempo cancelled), in order.
    scores: Vec<(usize, i32)>,
}

impl Analysed {
    /// The stone from which the score stays at `settle` or more for the winner, if it does.
    fn settled_at(&self, settle: i32) -> Option<usize> {
        let sign = match self.result {
            Outcome::Won => 1,
            Outcome::Lost => -1,
            Outcome::Drew => return None,
        };
        let mut settled = None;
        for &(stones, score) in self.scores.iter().rev() {
            if sign * score < settle {
                break;
            }
            settled = Some(stones);
        }
        settled
    }
}

/// Searches the positions of `game` (see the module documentation) with `engine`; `None` for a
/// game the board did not decide or whose stones the log lacks.
fn analyse(
    engine: &mut GomokuEngine,
    game: &LogGame,
    args: &Args,
) -> Result<Option<Analysed>, String> {
    let (Some(engine1), Some(winner)) = (game.engine1(), game.winner()) else {
        return Ok(None);
    };
    let result = match winner {
        None => Outcome::Drew,
        Some(color) if color == engine1 => Outcome::Won,
        Some(_) => Outcome::Lost,
    };
    let stones = parse_line(&game.stones, game.size)?;
    if stones.is_empty() {
        return Ok(None);
    }
    let until = if args.until == 0 {
        stones.len()
    } else {
        args.until.min(stones.len())
    };
    engine.new_game(game.size, game.size, game.rule)?;
    let mut raw: Vec<Option<i32>> = Vec::with_capacity(until + 1);
    for (played, &(x, y)) in stones.iter().enumerate().take(until + 1) {
        if played >= args.from {
            let report = engine.think_to_depth(args.depth);
            let mine = engine.board().side_to_move() == engine1;
            raw.push((report.depth > 0).then_some(if mine { report.score } else { -report.score }));
        } else {
            raw.push(None);
        }
        engine
            .play(Point::new(x as i32, y as i32))
            .map_err(|e| format!("stone {played} of '{}': {e:?}", game.stones))?;
    }
    let scores = raw
        .windows(2)
        .enumerate()
        .filter_map(|(stones, pair)| match pair {
            [Some(a), Some(b)] => Some((stones, (a + b) / 2)),
            _ => None,
        })
        .collect();
    Ok(Some(Analysed {
        result,
        stones: stones.len(),
        scores,
    }))
}

/// The median and the quartiles of `values`, if there are any.
fn quartiles(values: &mut [usize]) -> Option<[usize; 3]> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let at = |share: usize| values[(values.len() - 1) * share / 4];
    Some([at(2), at(1), at(3)])
}

/// Wins, draws and losses of engine 1 in the games `results`.
fn wdl(results: impl IntoIterator<Item = Outcome>) -> String {
    let mut counts = [0; 3];
    for result in results {
        counts[match result {
            Outcome::Won => 0,
            Outcome::Drew => 1,
            Outcome::Lost => 2,
        }] += 1;
    }
    format!("{}-{}-{}", counts[0], counts[1], counts[2])
}

/// The class of `score` among [`SCORE_CLASSES`].
fn score_class(score: i32) -> usize {
    SCORE_CLASSES
        .iter()
        .take_while(|&&end| score >= end)
        .count()
}

/// The names of the score classes.
fn class_names() -> Vec<String> {
    let mut names = vec![format!("below {}", SCORE_CLASSES[0])];
    for pair in SCORE_CLASSES.windows(2) {
        names.push(format!("{} to {}", pair[0], pair[1]));
    }
    names.push(format!(
        "{} and more",
        SCORE_CLASSES[SCORE_CLASSES.len() - 1]
    ));
    names
}

/// Prints what the games say together (see the module documentation).
fn summarise(games: &[Analysed], args: &Args) {
    for (result, name) in [(Outcome::Won, "wins"), (Outcome::Lost, "losses")] {
        let decided: Vec<&Analysed> = games.iter().filter(|g| g.result == result).collect();
        let mut settled: Vec<usize> = decided
            .iter()
            .filter_map(|g| g.settled_at(args.settle))
            .collect();
        let never = decided.len() - settled.len();
        match quartiles(&mut settled) {
            Some([median, low, high]) => println!(
                "engine 1's {name}: {} games, settled at a median stone of {median} (quartiles {low} and {high}); {never} not settled",
                decided.len()
            ),
            None => println!("engine 1's {name}: {} games, none settled", decided.len()),
        }
    }
    let short = games.iter().filter(|g| g.stones < args.long);
    let long = games.iter().filter(|g| g.stones >= args.long);
    println!(
        "under {} stones: {} games, {}; {} stones or more: {} games, {}",
        args.long,
        short.clone().count(),
        wdl(short.map(|g| g.result)),
        args.long,
        long.clone().count(),
        wdl(long.map(|g| g.result)),
    );
    let names = class_names();
    let last_stage = games
        .iter()
        .flat_map(|g| g.scores.last())
        .map(|&(stones, _)| stones / STAGE)
        .max();
    println!("engine 1's games by stage and by its score there (positions, W-D-L of their games):");
    for stage in 0..=last_stage.unwrap_or(0) {
        let mut classes = vec![Vec::new(); names.len()];
        for game in games {
            for &(stones, score) in &game.scores {
                if stones / STAGE == stage {
                    classes[score_class(score)].push(game.result);
                }
            }
        }
        let cells: Vec<String> = classes
            .iter()
            .zip(&names)
            .filter(|(results, _)| !results.is_empty())
            .map(|(results, name)| {
                format!("{name}: {} {}", results.len(), wdl(results.iter().copied()))
            })
            .collect();
        if !cells.is_empty() {
            println!(
                "  stones {}-{}: {}",
                stage * STAGE,
                stage * STAGE + STAGE - 1,
                cells.join(" | ")
            );
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    let args = &args;
    let mut engine = GomokuEngine::new();
    engine.set_search_params(args.search.params());
    let mut analysed = Vec::new();
    for log in &args.logs {
        for game in read_log(log)? {
            let number = game
                .result
                .split_whitespace()
                .nth(1)
                .unwrap_or("?")
                .to_string();
            let Some(found) = analyse(&mut engine, &game, args)
                .map_err(|e| format!("{log}: game {number}: {e}"))?
            else {
                println!("{log} game {number}: not decided on the board (or no stones), left out");
                continue;
            };
            let ending = game
                .result
                .split(" (")
                .nth(1)
                .and_then(|rest| rest.split(',').next())
                .unwrap_or("?");
            let settled = found
                .settled_at(args.settle)
                .map_or("not settled".to_string(), |stone| {
                    format!("settled at stone {stone}")
                });
            let outcome = found.result.word();
            print!(
                "{log} game {number}: engine 1 {outcome} ({ending}, {} stones), {settled}",
                found.stones
            );
            if args.scores {
                let scores: Vec<String> = found
                    .scores
                    .iter()
                    .map(|(stones, score)| format!("{stones}:{score}"))
                    .collect();
                print!(": {}", scores.join(" "));
            }
            println!();
            analysed.push(found);
        }
    }
    summarise(&analysed, args);
    Ok(())
}

fn main() -> std::process::ExitCode {
    harness::cli::main("gomoku-analyse", run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(result: Outcome, scores: &[i32]) -> Analysed {
        Analysed {
            result,
            stones: 60,
            scores: scores
                .iter()
                .enumerate()
                .map(|(i, &s)| (10 + i, s))
                .collect(),
        }
    }

    #[test]
    fn a_game_settles_where_the_winners_score_stays_high_to_the_end() {
        assert_eq!(
            game(Outcome::Won, &[0, 400, 100, 350, 900]).settled_at(300),
            Some(13)
        );
        assert_eq!(
            game(Outcome::Lost, &[0, -400, -350, -900]).settled_at(300),
            Some(11)
        );
        assert_eq!(game(Outcome::Won, &[400, 500, 200]).settled_at(300), None);
        assert_eq!(game(Outcome::Drew, &[900, 900]).settled_at(300), None);
        assert_eq!(game(Outcome::Won, &[]).settled_at(300), None);
    }

    #[test]
    fn quartiles_and_classes() {
        assert_eq!(quartiles(&mut [9, 1, 5, 3, 7]), Some([5, 3, 7]));
        assert_eq!(quartiles(&mut []), None);
        assert_eq!(score_class(-801), 0);
        assert_eq!(score_class(-800), 1);
        assert_eq!(score_class(0), 2);
        assert_eq!(score_class(300), 3);
        assert_eq!(score_class(30_000), 4);
        assert_eq!(class_names().len(), SCORE_CLASSES.len() + 1);
        assert_eq!(
            wdl([Outcome::Won, Outcome::Drew, Outcome::Lost, Outcome::Won]),
            "2-1-1"
        );
    }
}
