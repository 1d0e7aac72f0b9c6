//! The engine's SAU players with non-default search settings, for matches between versions
//! (never an upload target).
//!
//! ```text
//! sau-variant nogo [--rave-bias F] [--exploration F] [--expand-after N] [--max-playouts N]
//!                  [--rave-prior F] [--amaf-reserves 0|1] [--ponder 0|1] [--max-nodes N]
//! sau-variant connect6 [--max-depth N] [--attack-turns N] [--defence-turns N] [--turns N]
//!                      [--cells N] [--root-turns N] [--root-cells N] [--root-firsts N]
//!                      [--attack-single-threats N] [--defence-single-threats N]
//!                      [--defence-free-cells BLACK,WHITE] [--quiet-attacks N]
//!                      [--quiet-attack-cells N] [--quiet-single-threats N]
//!                      [--leaf-attack-turns N] [--leaf-attack-nodes N]
//!                      [--expected-turns N] [--search-share SOFT,HARD] [--opening-variety N]
//!                      [--own-windows W1,..,W5] [--their-windows W1,..,W5] [--seed N]
//!                      [--first-reply DX1,DY1,DX2,DY2|off]
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
//! plus the engines' own `--game-ms` and `--move-ms`. An option left out keeps the engine's
//! default; `--seed` defaults to the process id.

use engine::amazons::engine::AmazonsEngine;
use engine::amazons::search::Settings as AmazonsSettings;
use engine::connect6::engine::Connect6Engine;
use engine::connect6::opening::Shape as Connect6Shape;
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
use std::time::Duration;

/// The engine's SAU players with other search settings.
#[derive(clap::Parser)]
#[command(name = "sau-variant")]
// Parsed once per process, so the size of its largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
enum Variant {
    /// NoGo's Monte Carlo search.
    Nogo {
        #[command(flatten)]
        clock: Clock,
        #[arg(long, value_name = "F")]
        rave_bias: Option<f32>,
        #[arg(long, value_name = "F")]
        exploration: Option<f32>,
        #[arg(long, value_name = "N")]
        expand_after: Option<u32>,
        #[arg(long, value_name = "N")]
        max_playouts: Option<u64>,
        /// Weight of HappyNoGo's pooled AMAF prior (0: off).
        #[arg(long, value_name = "F")]
        rave_prior: Option<f32>,
        /// Whether a playout's reserve points count for AMAF.
        #[arg(long, value_name = "0|1")]
        amaf_reserves: Option<u8>,
        /// Whether to search on the opponent's time.
        #[arg(long, value_name = "0|1")]
        ponder: Option<u8>,
        /// The most nodes the tree may hold (24 bytes each).
        #[arg(long, value_name = "N")]
        max_nodes: Option<usize>,
    },
    /// Connect6's threat search.
    Connect6 {
        #[command(flatten)]
        clock: Clock,
        #[arg(long, value_name = "N")]
        max_depth: Option<u32>,
        #[arg(long, value_name = "N")]
        attack_turns: Option<u32>,
        #[arg(long, value_name = "N")]
        defence_turns: Option<u32>,
        #[arg(long, value_name = "N")]
        turns: Option<usize>,
        #[arg(long, value_name = "N")]
        cells: Option<usize>,
        #[arg(long, value_name = "N")]
        root_turns: Option<usize>,
        #[arg(long, value_name = "N")]
        root_cells: Option<usize>,
        /// Best root cells each paired with the cells best once it stands (default 0: off).
        #[arg(long, value_name = "N")]
        root_firsts: Option<usize>,
        /// Single-threat turns in our lines of the forced-win search (default 0: off).
        #[arg(long, value_name = "N")]
        attack_single_threats: Option<u32>,
        /// Single-threat turns in the opponent's lines of the defence check (default 1).
        #[arg(long, value_name = "N")]
        defence_single_threats: Option<u32>,
        /// The opponent's quiet turns tried against each of our candidates (default 16).
        #[arg(long, value_name = "N")]
        quiet_attacks: Option<usize>,
        /// Cells paired into those quiet turns (default 10).
        #[arg(long, value_name = "N")]
        quiet_attack_cells: Option<usize>,
        /// Single-threat turns in the opponent's lines when our replies to them are checked.
        #[arg(long, value_name = "N")]
        quiet_single_threats: Option<u32>,
        /// Cells tried for our free stone in the defence check's lines, as black and as white.
        #[arg(long, value_name = "B,W", value_parser = free_cells)]
        defence_free_cells: Option<[usize; 2]>,
        #[arg(long, value_name = "N")]
        leaf_attack_turns: Option<u32>,
        /// Positions the forced-win search may visit at one leaf.
        #[arg(long, value_name = "N")]
        leaf_attack_nodes: Option<u64>,
        /// Turns a side is expected to play in a game, for dividing the clock.
        #[arg(long, value_name = "N")]
        expected_turns: Option<u32>,
        /// Parts of the move's soft and hard limits given to alpha-beta, as SOFT,HARD.
        #[arg(long, value_name = "F,F", value_parser = parse_share)]
        search_share: Option<(f64, f64)>,
        /// Quarter weights of the windows the side to move holds with one to five stones.
        #[arg(long, value_name = "W1,..,W5", value_parser = window_weights)]
        own_windows: Option<[i32; 5]>,
        /// The same for the opponent's windows.
        #[arg(long, value_name = "W1,..,W5", value_parser = window_weights)]
        their_windows: Option<[i32; 5]>,
        #[arg(long, value_name = "N")]
        opening_variety: Option<i32>,
        /// Default: the process id.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// White's first turn as offsets from black's stone, or `off` to search it.
        #[arg(long, value_name = "DX1,DY1,DX2,DY2|off", value_parser = first_reply)]
        first_reply: Option<FirstReply>,
    },
    /// Surakarta's alpha-beta search.
    Surakarta {
        #[command(flatten)]
        clock: Clock,
        #[arg(long, value_name = "N")]
        max_depth: Option<u32>,
        #[arg(long, value_name = "0|1", default_value_t = 1)]
        quiescence: u32,
        #[arg(long, value_name = "0|1", default_value_t = 1)]
        reductions: u32,
        /// 0: material only (ignored with --weights).
        #[arg(long, value_name = "0|1", default_value_t = 1)]
        positional: u32,
        /// The eight evaluation weights: piece, capture path, attacked, undefended, defended,
        /// on a circuit, on both, mobility.
        #[arg(long, value_name = "W1,..,W8", value_parser = surakarta_weights)]
        weights: Option<SurakartaWeights>,
        #[arg(long, value_name = "N")]
        null: Option<u32>,
        #[arg(long, value_name = "N")]
        reduce_after: Option<usize>,
        #[arg(long, value_name = "N")]
        random_plies: Option<u32>,
        /// Default: the process id.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Phantom Go's determinised Monte Carlo search.
    PhantomGo {
        #[command(flatten)]
        clock: Clock,
        #[arg(long, value_name = "F")]
        exploration: Option<f32>,
        #[arg(long, value_name = "F")]
        amaf_equivalence: Option<f32>,
        #[arg(long, value_name = "F")]
        refusal_cost: Option<f32>,
        #[arg(long, value_name = "F")]
        pass_confidence: Option<f32>,
        #[arg(long, value_name = "N")]
        far_weight: Option<u32>,
        #[arg(long, value_name = "0|1")]
        atari_answers: Option<u8>,
        #[arg(long, value_name = "N")]
        max_iterations: Option<u64>,
    },
    /// Dots and Boxes' search and endgame solver.
    DotsAndBoxes {
        #[command(flatten)]
        clock: Clock,
        #[arg(long, value_name = "N")]
        max_depth: Option<u32>,
        #[arg(long, value_name = "N")]
        exact_free_lines: Option<u32>,
        #[arg(long, value_name = "N")]
        sacrifice_window: Option<u32>,
        #[arg(long, value_name = "N")]
        max_gift: Option<u32>,
        #[arg(long, value_name = "N")]
        tt_bits: Option<u32>,
        #[arg(long, value_name = "N")]
        fills: Option<u32>,
    },
    /// Amazons' selective search.
    Amazons {
        #[command(flatten)]
        clock: Clock,
        #[arg(long, value_name = "N")]
        max_depth: Option<u32>,
        #[arg(long, value_name = "N")]
        width: Option<usize>,
        #[arg(long, value_name = "N")]
        leaf_width: Option<usize>,
        #[arg(long, value_name = "N")]
        root_width: Option<usize>,
        #[arg(long, value_name = "N")]
        queen_moves: Option<usize>,
        #[arg(long, value_name = "N")]
        arrows_per_queen: Option<usize>,
        /// No filling search once the amazons are separated.
        #[arg(long)]
        no_filling_endgame: bool,
    },
}

/// The engines' own clock options.
#[derive(clap::Args)]
struct Clock {
    /// Time for the whole game, ms (default: the platform's 15 minutes).
    #[arg(long, value_name = "MS")]
    game_ms: Option<u64>,
    /// Time for a move, ms (default: the platform's 30 seconds).
    #[arg(long, value_name = "MS")]
    move_ms: Option<u64>,
}

impl Clock {
    fn control(&self) -> TimeControl {
        let base = TimeControl::DEFAULT;
        TimeControl {
            per_game: self.game_ms.map_or(base.per_game, Duration::from_millis),
            per_move: self.move_ms.map_or(base.per_move, Duration::from_millis),
        }
    }
}

/// Two fractions between 0 and 1, the first at most the second: `0.35,0.7`.
fn parse_share(text: &str) -> Result<(f64, f64), String> {
    let parts: Vec<f64> = text
        .split(',')
        .map(|item| {
            item.trim()
                .parse()
                .map_err(|_| format!("bad fraction '{item}'"))
        })
        .collect::<Result<_, String>>()?;
    match parts[..] {
        [soft, hard] if 0.0 < soft && soft <= hard && hard <= 1.0 => Ok((soft, hard)),
        _ => Err("SOFT,HARD expected, with 0 < SOFT <= HARD <= 1".to_string()),
    }
}

/// Whole numbers separated by commas.
fn whole_numbers(text: &str) -> Result<Vec<i32>, String> {
    text.split(',')
        .map(|item| {
            item.trim()
                .parse()
                .map_err(|_| format!("bad weight '{item}'"))
        })
        .collect()
}

/// `--own-windows`, `--their-windows`: five whole numbers separated by commas.
fn window_weights(text: &str) -> Result<[i32; 5], String> {
    let numbers = whole_numbers(text)?;
    <[i32; 5]>::try_from(numbers.as_slice())
        .map_err(|_| format!("5 numbers expected, not {}", numbers.len()))
}

/// `--defence-free-cells`: two whole numbers separated by a comma.
fn free_cells(text: &str) -> Result<[usize; 2], String> {
    match whole_numbers(text)?[..] {
        [black, white] if black >= 0 && white >= 0 => Ok([black as usize, white as usize]),
        ref numbers => Err(format!("2 numbers of at least 0 expected, not {numbers:?}")),
    }
}

/// White's first Connect6 turn, `None` to search it (an alias, which clap does not read as an
/// optional value).
type FirstReply = Option<Connect6Shape>;

/// `--first-reply`: `off`, or four whole numbers separated by commas.
fn first_reply(text: &str) -> Result<FirstReply, String> {
    if text == "off" {
        return Ok(None);
    }
    match whole_numbers(text)?[..] {
        [x1, y1, x2, y2] => Ok(Some([(x1, y1), (x2, y2)])),
        ref numbers => Err(format!("4 numbers or off expected, not {}", numbers.len())),
    }
}

/// `--weights`: eight whole numbers separated by commas.
fn surakarta_weights(text: &str) -> Result<SurakartaWeights, String> {
    let numbers = whole_numbers(text)?;
    match numbers[..] {
        [piece, capture_path, attacked, undefended, defended, on_circuit, on_both, mobility] => {
            Ok(SurakartaWeights {
                piece,
                capture_path,
                attacked,
                undefended,
                defended,
                on_circuit,
                on_both,
                mobility,
            })
        }
        _ => Err(format!("8 numbers expected, not {}", numbers.len())),
    }
}

fn process_seed() -> u64 {
    u64::from(std::process::id())
}

fn run(variant: Variant) -> io::Result<()> {
    let (stdin, stdout) = (io::stdin().lock(), io::stdout().lock());
    match variant {
        Variant::Nogo {
            clock,
            rave_bias,
            exploration,
            expand_after,
            max_playouts,
            rave_prior,
            amaf_reserves,
            ponder,
            max_nodes,
        } => {
            let base = NoGoSettings::default();
            let settings = NoGoSettings {
                rave_bias: rave_bias.unwrap_or(base.rave_bias),
                exploration: exploration.unwrap_or(base.exploration),
                expand_after: expand_after.unwrap_or(base.expand_after),
                max_playouts: max_playouts.unwrap_or(base.max_playouts),
                rave_prior: rave_prior.unwrap_or(base.rave_prior),
                amaf_reserves: amaf_reserves.map_or(base.amaf_reserves, |on| on != 0),
                ponder: ponder.map_or(base.ponder, |on| on != 0),
                max_nodes: max_nodes.unwrap_or(base.max_nodes),
            };
            let mut engine = NoGoEngine::new(settings, process_seed());
            sau::run(&mut engine, clock.control(), stdin, stdout)
        }
        Variant::Connect6 {
            clock,
            max_depth,
            attack_turns,
            defence_turns,
            turns,
            cells,
            root_turns,
            root_cells,
            root_firsts,
            attack_single_threats,
            defence_single_threats,
            defence_free_cells,
            quiet_attacks,
            quiet_attack_cells,
            quiet_single_threats,
            leaf_attack_turns,
            leaf_attack_nodes,
            expected_turns,
            search_share,
            own_windows,
            their_windows,
            opening_variety,
            seed,
            first_reply,
        } => {
            let base = Connect6Settings::default();
            let settings = Connect6Settings {
                max_depth: max_depth.unwrap_or(base.max_depth),
                attack_turns: attack_turns.unwrap_or(base.attack_turns),
                defence_turns: defence_turns.unwrap_or(base.defence_turns),
                turns: turns.unwrap_or(base.turns),
                cells: cells.unwrap_or(base.cells),
                root_turns: root_turns.unwrap_or(base.root_turns),
                root_cells: root_cells.unwrap_or(base.root_cells),
                root_firsts: root_firsts.unwrap_or(base.root_firsts),
                attack_single_threats: attack_single_threats.unwrap_or(base.attack_single_threats),
                defence_single_threats: defence_single_threats
                    .unwrap_or(base.defence_single_threats),
                defence_free_cells: defence_free_cells.unwrap_or(base.defence_free_cells),
                quiet_attacks: quiet_attacks.unwrap_or(base.quiet_attacks),
                quiet_attack_cells: quiet_attack_cells.unwrap_or(base.quiet_attack_cells),
                quiet_single_threats: quiet_single_threats.unwrap_or(base.quiet_single_threats),
                leaf_attack_turns: leaf_attack_turns.unwrap_or(base.leaf_attack_turns),
                leaf_attack_nodes: leaf_attack_nodes.unwrap_or(base.leaf_attack_nodes),
                expected_turns: expected_turns.unwrap_or(base.expected_turns),
                search_share: search_share.unwrap_or(base.search_share),
                own_windows: own_windows.unwrap_or(base.own_windows),
                their_windows: their_windows.unwrap_or(base.their_windows),
                opening_variety: opening_variety.unwrap_or(base.opening_variety),
                seed: seed.unwrap_or_else(process_seed),
                first_reply: first_reply.unwrap_or(base.first_reply),
            };
            let mut engine = Connect6Engine::new(settings);
            sau::run(&mut engine, clock.control(), stdin, stdout)
        }
        Variant::Surakarta {
            clock,
            max_depth,
            quiescence,
            reductions,
            positional,
            weights,
            null,
            reduce_after,
            random_plies,
            seed,
        } => {
            let base = SurakartaSettings::default();
            let weights = match weights {
                Some(weights) => weights,
                None if positional == 0 => SurakartaWeights {
                    piece: base.weights.piece,
                    capture_path: 0,
                    attacked: 0,
                    undefended: 0,
                    defended: 0,
                    on_circuit: 0,
                    on_both: 0,
                    mobility: 0,
                },
                None => base.weights,
            };
            let settings = SurakartaSettings {
                max_depth: max_depth.unwrap_or(base.max_depth),
                quiescence: quiescence != 0,
                reductions: reductions != 0,
                null_reduction: null.unwrap_or(base.null_reduction),
                reduce_after: reduce_after.unwrap_or(base.reduce_after),
                random_plies: random_plies.unwrap_or(base.random_plies),
                seed: seed.unwrap_or_else(process_seed),
                weights,
                ..base
            };
            let mut engine = SurakartaEngine::new(settings);
            sau::run(&mut engine, clock.control(), stdin, stdout)
        }
        Variant::PhantomGo {
            clock,
            exploration,
            amaf_equivalence,
            refusal_cost,
            pass_confidence,
            far_weight,
            atari_answers,
            max_iterations,
        } => {
            let base = PhantomSettings::default();
            let settings = PhantomSettings {
                exploration: exploration.unwrap_or(base.exploration),
                amaf_equivalence: amaf_equivalence.unwrap_or(base.amaf_equivalence),
                refusal_cost: refusal_cost.unwrap_or(base.refusal_cost),
                pass_confidence: pass_confidence.unwrap_or(base.pass_confidence),
                far_weight: far_weight.unwrap_or(base.far_weight),
                atari_answers: atari_answers.map_or(base.atari_answers, |value| value != 0),
                max_iterations: max_iterations.unwrap_or(base.max_iterations),
                ..base
            };
            let mut engine = PhantomGoEngine::new(settings, process_seed());
            hidden::run(&mut engine, clock.control(), stdin, stdout)
        }
        Variant::DotsAndBoxes {
            clock,
            max_depth,
            exact_free_lines,
            sacrifice_window,
            max_gift,
            tt_bits,
            fills,
        } => {
            let base = DotsSettings::default();
            let settings = DotsSettings {
                max_depth: max_depth.unwrap_or(base.max_depth),
                exact_free_lines: exact_free_lines.unwrap_or(base.exact_free_lines),
                sacrifice_window: sacrifice_window.unwrap_or(base.sacrifice_window),
                max_gift: max_gift.unwrap_or(base.max_gift),
                tt_bits: tt_bits.unwrap_or(base.tt_bits),
                fills: fills.unwrap_or(base.fills),
                ..base
            };
            let mut engine = DotsEngine::new(settings);
            sau::run(&mut engine, clock.control(), stdin, stdout)
        }
        Variant::Amazons {
            clock,
            max_depth,
            width,
            leaf_width,
            root_width,
            queen_moves,
            arrows_per_queen,
            no_filling_endgame,
        } => {
            let base = AmazonsSettings::default();
            let settings = AmazonsSettings {
                max_depth: max_depth.unwrap_or(base.max_depth),
                width: width.unwrap_or(base.width),
                leaf_width: leaf_width.unwrap_or(base.leaf_width),
                root_width: root_width.unwrap_or(base.root_width),
                queen_moves: queen_moves.unwrap_or(base.queen_moves),
                arrows_per_queen: arrows_per_queen.unwrap_or(base.arrows_per_queen),
                filling_endgame: !no_filling_endgame,
                ..base
            };
            let mut engine = AmazonsEngine::new(settings, process_seed());
            sau::run(&mut engine, clock.control(), stdin, stdout)
        }
    }
}

fn main() -> ExitCode {
    match run(harness::cli::parse::<Variant>()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("sau-variant: {error}");
            ExitCode::FAILURE
        }
    }
}
