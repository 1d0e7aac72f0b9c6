//! The options every tool that plays Gomocup games takes: board, rule, openings, clocks and
//! memory (`--size`, `--rule`, `--openings`, `--turn`, `--match`, `--turn2`, `--match2`,
//! `--tolerance`, `--memory`).

use super::game::TimeControl;
use super::openings::{parse_file, parse_line, Opening, BUILT_IN};
use super::referee::Rule;
use crate::options::Options;

/// What the games of a match or a tuning run are played on.
pub struct GameSetup {
    pub size: usize,
    pub rule: Rule,
    /// From `--openings FILE`, else the built-in ones.
    pub openings: Vec<Opening>,
    /// The first engine's clock and the second's (`--turn2` and `--match2`; the same as the
    /// first's by default). Time odds make a strong engine a sparring partner near 50%, where
    /// a match tells versions apart best.
    pub clocks: [TimeControl; 2],
    /// Sent as `INFO max_memory`.
    pub max_memory: u64,
}

impl GameSetup {
    pub fn from_options(options: &Options) -> Result<GameSetup, String> {
        let size = options.number("--size", 15)? as usize;
        let rule = match options.value("--rule") {
            Some(text) => Rule::parse(&text).ok_or(format!(
                "unknown rule '{text}' (freestyle, exact, renju or caro)"
            ))?,
            None => Rule::Freestyle,
        };
        let openings = match options.value("--openings") {
            Some(path) => {
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                parse_file(&text, size)?
            }
            None => BUILT_IN
                .iter()
                .map(|line| parse_line(line, size))
                .collect::<Result<_, _>>()?,
        };
        let clock = TimeControl {
            turn_ms: options.number("--turn", 1000)?,
            match_ms: options.number("--match", 30_000)?,
            tolerance_ms: options.number("--tolerance", 100)?,
        };
        let second = TimeControl {
            turn_ms: options.number("--turn2", clock.turn_ms)?,
            match_ms: options.number("--match2", clock.match_ms)?,
            ..clock
        };
        Ok(GameSetup {
            size,
            rule,
            openings,
            clocks: [clock, second],
            max_memory: options.number("--memory", 350 << 20)?,
        })
    }
}
