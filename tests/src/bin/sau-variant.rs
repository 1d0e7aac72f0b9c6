//! The engine's SAU players with non-default search settings, for matches between versions
//! (never an upload target).
//!
//! ```text
//! sau-variant nogo [--rave-bias F] [--exploration F] [--expand-after N] [--max-playouts N]
//! sau-variant connect6 [--max-depth N] [--attack-turns N] [--defence-turns N] [--turns N]
//!                      [--cells N] [--root-turns N] [--root-cells N]
//!                      [--leaf-attack-turns N] [--opening-variety N] [--seed N]
//! sau-variant amazons [--max-depth N] [--width N] [--leaf-width N] [--root-width N]
//!                     [--queen-moves N] [--arrows-per-queen N] [--no-filling-endgame]
//! ```
//! plus the engines' own `--game-ms` and `--move-ms`.

use engine::amazons::engine::AmazonsEngine;
use engine::amazons::search::Settings as AmazonsSettings;
use engine::connect6::engine::Connect6Engine;
use engine::connect6::search::Settings as Connect6Settings;
use engine::nogo::engine::NoGoEngine;
use engine::nogo::mcts::Settings as NoGoSettings;
use engine::protocol::sau::{self, TimeControl};
use std::io;
use std::process::ExitCode;

fn value<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|arg| arg == name) {
        Some(index) => args
            .get(index + 1)
            .and_then(|text| text.parse().ok())
            .ok_or(format!("{name} needs a number")),
        None => Ok(default),
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let control = TimeControl::from_args(args.iter().cloned())?;
    let (stdin, stdout) = (io::stdin().lock(), io::stdout().lock());
    match args.first().map(String::as_str) {
        Some("nogo") => {
            let base = NoGoSettings::default();
            let settings = NoGoSettings {
                rave_bias: value(&args, "--rave-bias", base.rave_bias)?,
                exploration: value(&args, "--exploration", base.exploration)?,
                expand_after: value(&args, "--expand-after", base.expand_after)?,
                max_playouts: value(&args, "--max-playouts", base.max_playouts)?,
                ..base
            };
            let mut engine = NoGoEngine::new(settings, std::process::id() as u64);
            sau::run(&mut engine, control, stdin, stdout).map_err(|error| error.to_string())
        }
        Some("connect6") => {
            let base = Connect6Settings::default();
            let settings = Connect6Settings {
                max_depth: value(&args, "--max-depth", base.max_depth)?,
                attack_turns: value(&args, "--attack-turns", base.attack_turns)?,
                defence_turns: value(&args, "--defence-turns", base.defence_turns)?,
                turns: value(&args, "--turns", base.turns)?,
                cells: value(&args, "--cells", base.cells)?,
                root_turns: value(&args, "--root-turns", base.root_turns)?,
                root_cells: value(&args, "--root-cells", base.root_cells)?,
                leaf_attack_turns: value(&args, "--leaf-attack-turns", base.leaf_attack_turns)?,
                opening_variety: value(&args, "--opening-variety", base.opening_variety)?,
                seed: value(&args, "--seed", std::process::id() as u64)?,
            };
            let mut engine = Connect6Engine::new(settings);
            sau::run(&mut engine, control, stdin, stdout).map_err(|error| error.to_string())
        }
        Some("amazons") => {
            let base = AmazonsSettings::default();
            let settings = AmazonsSettings {
                max_depth: value(&args, "--max-depth", base.max_depth)?,
                width: value(&args, "--width", base.width)?,
                leaf_width: value(&args, "--leaf-width", base.leaf_width)?,
                root_width: value(&args, "--root-width", base.root_width)?,
                queen_moves: value(&args, "--queen-moves", base.queen_moves)?,
                arrows_per_queen: value(&args, "--arrows-per-queen", base.arrows_per_queen)?,
                filling_endgame: !args.iter().any(|arg| arg == "--no-filling-endgame"),
                ..base
            };
            let mut engine = AmazonsEngine::new(settings, std::process::id() as u64);
            sau::run(&mut engine, control, stdin, stdout).map_err(|error| error.to_string())
        }
        _ => Err("the first argument must be nogo, connect6 or amazons".to_string()),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("sau-variant: {message}");
            ExitCode::FAILURE
        }
    }
}
