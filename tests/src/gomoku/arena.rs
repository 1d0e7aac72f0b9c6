//! A match between two engine commands: every opening played once with each colour, several
//! games at a time, an optional SPRT stop, and a running score with error bars.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use super::game::{play_game, Ending, GameConfig, GameRecord, TimeControl};
use super::openings::Opening;
use super::referee::Rule;
use crate::stats::MatchScore;

/// A match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engine commands; scores are for the first.
    pub engines: [String; 2],
    pub size: usize,
    pub rule: Rule,
    /// Each engine's clock, indexed like `engines` (time odds when they differ).
    pub time: [TimeControl; 2],
    pub openings: Vec<Opening>,
    /// Games to play at most (pairs of games on the same opening).
    pub games: usize,
    /// Games at once.
    pub concurrency: usize,
    /// Stop early when an SPRT of `(elo0, elo1)` with alpha = beta = 0.05 decides.
    pub sprt: Option<(f64, f64)>,
    pub max_memory: u64,
}

/// The match so far.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    pub score: MatchScore,
    /// Time losses of each engine.
    pub time_losses: [u32; 2],
    /// Illegal moves (or crashes) of each engine.
    pub illegal: [u32; 2],
    /// Forbidden moves of each engine (renju: black's overline, double four or double three).
    /// Legal moves that lose, so they are not counted as illegal.
    pub forbidden: [u32; 2],
    /// Slowest answer of each engine over all games, ms.
    pub slowest_ms: [u64; 2],
    /// The time each engine spent on its answers over all games, ms.
    pub thinking_ms: [u64; 2],
    /// How many answers each engine gave over all games.
    pub answers: [u64; 2],
    /// Peak memory of each engine over all games, KiB.
    pub peak_memory_kib: [u64; 2],
    /// Games the first engine won with black and with white.
    pub wins_by_colour: [u32; 2],
    /// The SPRT verdict, once reached.
    pub sprt_verdict: Option<&'static str>,
}

impl MatchSummary {
    fn add(&mut self, record: &GameRecord) {
        match record.winner {
            Some(0) => {
                self.score.wins += 1;
                self.wins_by_colour[usize::from(record.black != 0)] += 1;
            }
            Some(_) => self.score.losses += 1,
            None => self.score.draws += 1,
        }
        if let Some(winner) = record.winner {
            let loser = 1 - winner;
            match record.ending {
                Ending::TimeLoss => self.time_losses[loser] += 1,
                Ending::IllegalMove(_) | Ending::Crash => self.illegal[loser] += 1,
                Ending::Forbidden(_) => self.forbidden[loser] += 1,
                _ => {}
            }
        }
        for i in 0..2 {
            self.slowest_ms[i] = self.slowest_ms[i].max(record.slowest_ms[i]);
            self.thinking_ms[i] += record.thinking_ms[i];
            self.answers[i] += u64::from(record.answers[i]);
            self.peak_memory_kib[i] = self.peak_memory_kib[i].max(record.peak_memory_kib[i]);
        }
    }

    /// The mean time an answer of each engine took, in ms.
    pub fn mean_ms(&self) -> [u64; 2] {
        [0, 1].map(|i| self.thinking_ms[i] / self.answers[i].max(1))
    }

    /// One report line.
    pub fn line(&self) -> String {
        let mean = self.mean_ms();
        format!(
            "{}  time losses {}/{}  illegal {}/{}  forbidden {}/{}  \
             mean {}/{} ms  slowest {}/{} ms  peak {}/{} MiB",
            self.score.summary(),
            self.time_losses[0],
            self.time_losses[1],
            self.illegal[0],
            self.illegal[1],
            self.forbidden[0],
            self.forbidden[1],
            mean[0],
            mean[1],
            self.slowest_ms[0],
            self.slowest_ms[1],
            self.peak_memory_kib[0] / 1024,
            self.peak_memory_kib[1] / 1024
        )
    }
}

/// Plays the match, calling `report` after every game with the game number, the record and
/// the summary so far.
pub fn run_match(
    config: &MatchConfig,
    report: impl Fn(usize, &GameRecord, &MatchSummary) + Send + Sync,
) -> MatchSummary {
    let next = Arc::new(AtomicUsize::new(0));
    let summary = Arc::new(Mutex::new(MatchSummary::default()));
    let report = &report;
    thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let next = Arc::clone(&next);
            let summary = Arc::clone(&summary);
            scope.spawn(move || loop {
                if summary.lock().unwrap().sprt_verdict.is_some() {
                    break;
                }
                let game = next.fetch_add(1, Ordering::SeqCst);
                if game >= config.games || config.openings.is_empty() {
                    break;
                }
                let opening = config.openings[(game / 2) % config.openings.len()].clone();
                let black = game % 2;
                let game_config = GameConfig {
                    size: config.size,
                    rule: config.rule,
                    time: config.time,
                    opening,
                    max_memory: config.max_memory,
                };
                let commands = [config.engines[0].as_str(), config.engines[1].as_str()];
                let record = play_game(commands, black, &game_config);
                let mut total = summary.lock().unwrap();
                total.add(&record);
                if let Some((elo0, elo1)) = config.sprt {
                    let llr = total.score.sprt_llr(elo0, elo1);
                    let bound = (0.95f64 / 0.05).ln();
                    if llr >= bound {
                        total.sprt_verdict = Some("H1 accepted");
                    } else if llr <= -bound {
                        total.sprt_verdict = Some("H0 accepted");
                    }
                }
                report(game, &record, &total);
            });
        }
    });
    let result = summary.lock().unwrap().clone();
    result
}
