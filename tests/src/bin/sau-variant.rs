//! The engine's SAU players with non-default search settings, for matches between versions
//! (never an upload target).
//!
//! ```text
//! sau-variant nogo [--rave-bias F] [--exploration F] [--expand-after N] [--max-playouts N]
//! sau-variant connect6 [--max-depth N] [--attack-turns N] [--defence-turns N] [--turns N]
//!                      [--cells N] [--root-turns N] [--root-cells N] [--root-firsts N]
//!                      [--defence-single-threats N]
//!                      [--leaf-attack-turns N] [--opening-variety N] [--seed N]
//! sau-variant surakarta [--max-depth N] [--quiescence 0|1] [--reductions 0|1]
//!                       [--positional 0|1] [--weights W1,..,W8] [--null N] [--reduce-after N]
//!                       [--random-plies N] [--seed N]
//! sau-variant phantom-go [--exploration F] [--amaf-equivalence F] [--refusal-cost F]
//!                        [--pass-confidence F] [--far-weight N] [--atari-answers 0|1]
//!                        [--max-iterations N]
//! sau-variant dots-and-boxes [--max-depth N] [--exact-free-lines N] [--sacrifice-window N]
//!                            [--max-gift N] [--tt-bits N] [--fills N]
//! sau-variant amazons [--max-depth N] [--width N] [--leaf-width N] [--root-width N]
//!                     [--queen-moves N] [--arrows-per-queen N] [--no-filling-endgame]
//! ```
//! plus the engines' own `--game-ms` and `--move-ms`.

use engine::amazons::engine::AmazonsEngine;
use engine::amazons::search::Settings as AmazonsSettings;
use engine::connect6::engine::Connect6Engine;
use engine::connect6::search::Settings as Connect6Settings;
use engine::dots::engine::DotsEngine;
use engine::dots::search::Settings as DotsSettings;
use engine::nogo::engine::NoGoEngine;
use engine::nogo::mcts::Settings as NoGoSettings;
use engine::phantom::engine::PhantomGoEngine;
use engine::phantom::search::Settings as PhantomSettings;
use engine::protocol::sau::{self, hidden, TimeControl};
use engine::surakarta::engine::SurakartaEngine;
use engine::surakarta::eval::Weights as SurakartaWeights;
use engine::surakarta::search::Settings as SurakartaSettings;
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

fn text<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    let index = args.iter().position(|arg| arg == name)?;
    args.get(index + 1).map(String::as_str)
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
                root_firsts: value(&args, "--root-firsts", base.root_firsts)?,
                defence_single_threats: value(
                    &args,
                    "--defence-single-threats",
                    base.defence_single_threats,
                )?,
                leaf_attack_turns: value(&args, "--leaf-attack-turns", base.leaf_attack_turns)?,
                opening_variety: value(&args, "--opening-variety", base.opening_variety)?,
                seed: value(&args, "--seed", std::process::id() as u64)?,
            };
            let mut engine = Connect6Engine::new(settings);
            sau::run(&mut engine, control, stdin, stdout).map_err(|error| error.to_string())
        }
        Some("surakarta") => {
            let base = SurakartaSettings::default();
            let weights = if let Some(list) = text(&args, "--weights") {
                let numbers: Vec<i32> = list
                    .split(',')
                    .map(|item| {
                        item.trim()
                            .parse()
                            .map_err(|_| format!("bad weight {item}"))
                    })
                    .collect::<Result<_, String>>()?;
                let [piece, capture_path, attacked, undefended, defended, on_circuit, on_both, mobility] =
                    numbers[..]
                else {
                    return Err("--weights needs 8 numbers".to_string());
                };
                SurakartaWeights {
                    piece,
                    capture_path,
                    attacked,
                    undefended,
                    defended,
                    on_circuit,
                    on_both,
                    mobility,
                }
            } else if value(&args, "--positional", 1u32)? == 0 {
                SurakartaWeights {
                    piece: base.weights.piece,
                    capture_path: 0,
                    attacked: 0,
                    undefended: 0,
                    defended: 0,
                    on_circuit: 0,
                    on_both: 0,
                    mobility: 0,
                }
            } else {
                base.weights
            };
            let settings = SurakartaSettings {
                max_depth: value(&args, "--max-depth", base.max_depth)?,
                quiescence: value(&args, "--quiescence", 1u32)? != 0,
                reductions: value(&args, "--reductions", 1u32)? != 0,
                null_reduction: value(&args, "--null", base.null_reduction)?,
                reduce_after: value(&args, "--reduce-after", base.reduce_after)?,
                random_plies: value(&args, "--random-plies", base.random_plies)?,
                seed: value(&args, "--seed", std::process::id() as u64)?,
                weights,
                ..base
            };
            let mut engine = SurakartaEngine::new(settings);
            sau::run(&mut engine, control, stdin, stdout).map_err(|error| error.to_string())
        }
        Some("phantom-go") => {
            let base = PhantomSettings::default();
            let settings = PhantomSettings {
                exploration: value(&args, "--exploration", base.exploration)?,
                amaf_equivalence: value(&args, "--amaf-equivalence", base.amaf_equivalence)?,
                refusal_cost: value(&args, "--refusal-cost", base.refusal_cost)?,
                pass_confidence: value(&args, "--pass-confidence", base.pass_confidence)?,
                far_weight: value(&args, "--far-weight", base.far_weight)?,
                atari_answers: value(&args, "--atari-answers", u8::from(base.atari_answers))? != 0,
                max_iterations: value(&args, "--max-iterations", base.max_iterations)?,
                ..base
            };
            let mut engine = PhantomGoEngine::new(settings, std::process::id() as u64);
            hidden::run(&mut engine, control, stdin, stdout).map_err(|error| error.to_string())
        }
        Some("dots-and-boxes") => {
            let base = DotsSettings::default();
            let settings = DotsSettings {
                max_depth: value(&args, "--max-depth", base.max_depth)?,
                exact_free_lines: value(&args, "--exact-free-lines", base.exact_free_lines)?,
                sacrifice_window: value(&args, "--sacrifice-window", base.sacrifice_window)?,
                max_gift: value(&args, "--max-gift", base.max_gift)?,
                tt_bits: value(&args, "--tt-bits", base.tt_bits)?,
                fills: value(&args, "--fills", base.fills)?,
                ..base
            };
            let mut engine = DotsEngine::new(settings);
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
        _ => Err("the first argument must be nogo, connect6, amazons, surakarta, dots-and-boxes or phantom-go".to_string()),
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
