//! The checkers judge emulator: plays two engine commands against each other with the judge's
//! rules and limits. `START` must be answered with `OK` within 1 s; each `TURN` must be
//! answered within the move limit and the game limit (counted from sending `TURN` to the
//! answer); an illegal or malformed answer, a line outside a `TURN` answer, a crash or a time
//! loss ends the game as a loss for that side (a "fault").

use super::rules::{format_path, parse_path, Board};
use crate::process::{EngineProcess, Reply};
use crate::records::Reason;
use std::process::Command;
use std::time::Duration;

/// An engine to run: `[NAME=value ...] program [args ...]`.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub command: String,
    /// Other limits than the match's for this engine only (move, game): the seed engine counts
    /// CPU time, so on a busy machine its wall time needs room the judge would not give.
    pub limits: Option<(Duration, Duration)>,
}

impl EngineSpec {
    /// An engine under the match's limits.
    pub fn new(command: &str) -> EngineSpec {
        EngineSpec {
            command: command.to_string(),
            limits: None,
        }
    }
}

impl EngineSpec {
    /// Starts the engine with extra environment variables (for the seed engine's openings).
    fn spawn(&self, env: &[(String, String)]) -> std::io::Result<EngineProcess> {
        let mut words = self.command.split_whitespace().peekable();
        let mut variables = Vec::new();
        while let Some(word) = words.peek() {
            match word.split_once('=') {
                Some((name, value)) if !word.starts_with('-') && !name.contains('/') => {
                    variables.push((name.to_string(), value.to_string()));
                    words.next();
                }
                _ => break,
            }
        }
        let program = words.next().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "empty engine command")
        })?;
        let mut command = Command::new(program);
        command.args(words);
        command.envs(env.iter().cloned());
        command.envs(variables);
        EngineProcess::spawn_command(command, &self.command)
    }
}

/// Limits and openings of a match.
#[derive(Clone, Debug)]
pub struct JudgeConfig {
    pub move_limit: Duration,
    pub game_limit: Duration,
    /// Time to answer `START`.
    pub start_limit: Duration,
    /// `SEED_RANDOM_PLIES` given to both engines (the seed engine randomises its first moves).
    pub random_plies: u32,
}

impl JudgeConfig {
    /// The judge's limits.
    pub fn judge() -> JudgeConfig {
        JudgeConfig {
            move_limit: Duration::from_secs(2),
            game_limit: Duration::from_secs(90),
            start_limit: Duration::from_secs(1),
            random_plies: 0,
        }
    }
}

/// What one side did in a game.
#[derive(Clone, Debug, Default)]
pub struct SideReport {
    /// Why this side lost by a rule breach, if it did.
    pub fault: Option<String>,
    /// Longest `TURN` answer.
    pub worst_move: Duration,
    /// Total thinking time.
    pub total_time: Duration,
    /// Peak resident memory, KiB.
    pub peak_memory_kib: u64,
    /// DEBUG bytes printed.
    pub debug_bytes: usize,
}

/// The record of one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 1 black won, -1 white won, 0 draw.
    pub winner: i8,
    /// Index 0 black, 1 white.
    pub sides: [SideReport; 2],
    pub plies: u32,
    /// The moves in protocol form.
    pub moves: Vec<String>,
    /// How the game ended, in words.
    pub reason: String,
    /// How the game ended, for the records.
    pub ending: Reason,
    /// The time each move in `moves` took, in ms.
    pub move_ms: Vec<u64>,
}

fn side_index(side: i8) -> usize {
    if side == 1 {
        0
    } else {
        1
    }
}

/// Plays one game; `seed` is passed as `SEED_SEED` to both engines.
pub fn play_game(
    black: &EngineSpec,
    white: &EngineSpec,
    config: &JudgeConfig,
    seed: u64,
) -> GameReport {
    let env = vec![
        ("SEED_SEED".to_string(), seed.to_string()),
        (
            "SEED_RANDOM_PLIES".to_string(),
            config.random_plies.to_string(),
        ),
    ];
    let mut report = GameReport {
        winner: 0,
        sides: Default::default(),
        plies: 0,
        moves: Vec::new(),
        reason: String::new(),
        ending: Reason::Other,
        move_ms: Vec::new(),
    };
    let mut engines = Vec::new();
    for (index, spec) in [black, white].into_iter().enumerate() {
        match spec.spawn(&env) {
            Ok(engine) => engines.push(engine),
            Err(error) => {
                let side = if index == 0 { 1 } else { -1 };
                return forfeit(
                    report,
                    side,
                    Reason::Crash,
                    format!("cannot start: {error}"),
                );
            }
        }
    }

    for (index, field) in ["1", "2"].iter().enumerate() {
        let engine = &mut engines[index];
        let _ = engine.send(&format!("START {field}"));
        let mut debug = 0;
        let (reply, _) = engine.recv_filtered(
            config.start_limit,
            |line| line.starts_with("DEBUG"),
            |line| debug += line.len() + 1,
        );
        report.sides[index].debug_bytes += debug;
        if reply != Reply::Line("OK".to_string()) {
            let side = if index == 0 { 1 } else { -1 };
            report = forfeit(
                report,
                side,
                Reason::Crash,
                format!("START answered {reply:?}"),
            );
            return finish(report, &mut engines);
        }
    }

    let limits = [black, white].map(|spec| {
        spec.limits
            .unwrap_or((config.move_limit, config.game_limit))
    });
    let mut board = Board::start();
    loop {
        if let Some(winner) = board.result() {
            report.winner = winner;
            report.ending = if board.ply >= super::rules::MAX_PLIES {
                Reason::PlyLimit
            } else {
                Reason::NoMove
            };
            report.reason = if board.ply >= super::rules::MAX_PLIES {
                format!(
                    "ply limit, points {} - {}",
                    board.points(1),
                    board.points(-1)
                )
            } else {
                "no legal move".to_string()
            };
            break;
        }
        let side = board.side;
        let index = side_index(side);
        let engine = &mut engines[index];
        let stats = &mut report.sides[index];

        // Anything but DEBUG printed since the last answer is a breach.
        if let Some(stray) = drain(engine, &mut stats.debug_bytes) {
            report = forfeit(
                report,
                side,
                Reason::Illegal,
                format!("output outside TURN: {stray:?}"),
            );
            break;
        }
        let (move_limit, game_limit) = limits[index];
        let left = game_limit.saturating_sub(stats.total_time);
        let limit = move_limit.min(left);
        let _ = engine.send("TURN");
        let mut debug = 0;
        let (reply, took) = engine.recv_filtered(
            limit,
            |line| line.starts_with("DEBUG"),
            |line| debug += line.len() + 1,
        );
        stats.debug_bytes += debug;
        stats.worst_move = stats.worst_move.max(took);
        stats.total_time += took;
        stats.peak_memory_kib = engine.sample_peak_memory();
        let line = match reply {
            Reply::Line(line) => line,
            Reply::Timeout => {
                let what = if limit < move_limit { "game" } else { "move" };
                report = forfeit(
                    report,
                    side,
                    Reason::Time,
                    format!("{what} time limit passed"),
                );
                break;
            }
            Reply::Closed => {
                report = forfeit(
                    report,
                    side,
                    Reason::Crash,
                    "exited during TURN".to_string(),
                );
                break;
            }
        };
        let path = match parse_path(&line) {
            Ok(path) => path,
            Err(why) => {
                report = forfeit(
                    report,
                    side,
                    Reason::Illegal,
                    format!("malformed move: {why}"),
                );
                break;
            }
        };
        if !board.legal_moves().contains(&path) {
            report = forfeit(
                report,
                side,
                Reason::Illegal,
                format!("illegal move {line:?} at ply {}", board.ply),
            );
            break;
        }
        board.apply(&path);
        let text = format_path(&path);
        let _ = engines[side_index(-side)].send(&format!("PLACE {text}"));
        report.moves.push(text);
        report.move_ms.push(took.as_millis() as u64);
    }
    report.plies = board.ply;
    finish(report, &mut engines)
}

/// Reads every line already printed; returns the first one that is not DEBUG.
fn drain(engine: &mut EngineProcess, debug_bytes: &mut usize) -> Option<String> {
    loop {
        match engine.recv(Duration::ZERO) {
            Reply::Line(line) if line.starts_with("DEBUG") => *debug_bytes += line.len() + 1,
            Reply::Line(line) => return Some(line),
            _ => return None,
        }
    }
}

/// The game is lost by `side` for a rule breach.
fn forfeit(mut report: GameReport, side: i8, ending: Reason, why: String) -> GameReport {
    report.winner = -side;
    report.ending = ending;
    report.sides[side_index(side)].fault = Some(why.clone());
    report.reason = why;
    report
}

/// Sends END to both engines and lets them exit (or kills them).
fn finish(mut report: GameReport, engines: &mut [EngineProcess]) -> GameReport {
    for (index, engine) in engines.iter_mut().enumerate() {
        let side = if index == 0 { 1 } else { -1 };
        let field = match report.winner * side {
            1 => 1,
            -1 => 2,
            _ => 0,
        };
        report.sides[index].peak_memory_kib = engine.sample_peak_memory();
        let _ = engine.send(&format!("END {field}"));
        engine.finish(Duration::from_millis(500));
    }
    report
}
