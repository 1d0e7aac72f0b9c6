//! The options every tool that plays Gomocup games takes: board, rule, openings, clocks and
//! memory (`--size`, `--rule`, `--openings`, `--turn`, `--match`, `--turn2`, `--match2`,
//! `--tolerance`, `--memory`); and `--param`, of the tools that run our search in process.

use super::game::TimeControl;
use super::openings::{parse_file, parse_line, Opening, BUILT_IN};
use super::referee::Rule;
use engine::gomoku::search::params::Params;

/// The command-line options of [`GameSetup`], flattened into each tool's options.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// Board size.
    #[arg(long, value_name = "N", default_value_t = 15)]
    pub size: usize,
    /// Which five wins.
    #[arg(long, value_name = "freestyle|exact|renju|caro", default_value = "freestyle",
          value_parser = parse_rule)]
    pub rule: Rule,
    /// Openings file (default: the built-in openings).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Time for a move, ms.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub turn: u64,
    /// Time for a game, ms.
    #[arg(long = "match", value_name = "MS", default_value_t = 30_000)]
    pub match_ms: u64,
    /// The second engine's time for a move (default: --turn).
    #[arg(long, value_name = "MS")]
    pub turn2: Option<u64>,
    /// The second engine's time for a game (default: --match).
    #[arg(long, value_name = "MS")]
    pub match2: Option<u64>,
    /// Lateness forgiven before a move loses on time, ms.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub tolerance: u64,
    /// Sent as INFO max_memory.
    #[arg(long, value_name = "BYTES", default_value_t = 350 << 20)]
    pub memory: u64,
}

/// A rule as `--rule` takes it.
pub fn parse_rule(text: &str) -> Result<Rule, String> {
    Rule::parse(text).ok_or(format!(
        "unknown rule '{text}' (freestyle, exact, renju or caro)"
    ))
}

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
    pub fn from_args(args: &GameArgs) -> Result<GameSetup, String> {
        let size = args.size;
        let openings = match &args.openings {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                parse_file(&text, size)?
            }
            None => BUILT_IN
                .iter()
                .map(|line| parse_line(line, size))
                .collect::<Result<_, _>>()?,
        };
        let clock = TimeControl {
            turn_ms: args.turn,
            match_ms: args.match_ms,
            tolerance_ms: args.tolerance,
        };
        let second = TimeControl {
            turn_ms: args.turn2.unwrap_or(clock.turn_ms),
            match_ms: args.match2.unwrap_or(clock.match_ms),
            ..clock
        };
        Ok(GameSetup {
            size,
            rule: args.rule,
            openings,
            clocks: [clock, second],
            max_memory: args.memory,
        })
    }
}

/// The `--param NAME=VALUE` option of the tools that run our search in process.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct SearchArgs {
    /// Sets a search parameter, any number of times.
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_setting)]
    pub settings: Vec<String>,
}

impl SearchArgs {
    /// The search's parameters with every setting applied.
    pub fn params(&self) -> Params {
        let mut params = Params::default();
        for setting in &self.settings {
            params.apply(setting).expect("checked when parsed");
        }
        params
    }
}

/// One `NAME=VALUE` of `--param`, checked against the parameters' names when parsed.
fn parse_setting(setting: &str) -> Result<String, String> {
    Params::default().apply(setting)?;
    Ok(setting.to_string())
}
