//! One arena game between two engine commands over the Gomocup protocol: the opening goes to
//! each engine as a BOARD from its own point of view, then the moves as TURN; the referee checks
//! every answer, the clock, the five and, under renju, black's forbidden moves.

use std::time::Duration;

use super::openings::Opening;
use super::referee::{Board, Foul, Rule};
use crate::process::{EngineProcess, Reply};

/// One engine's clock in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Time for one move in ms.
    pub turn_ms: u64,
    /// Time for the whole game in ms.
    pub match_ms: u64,
    /// Lateness forgiven before a move counts as a time loss (pipe and scheduling delays).
    pub tolerance_ms: u64,
}

/// Everything a game needs besides the two engines.
#[derive(Clone, Debug)]
pub struct GameConfig {
    pub size: usize,
    pub rule: Rule,
    /// Each engine's clock, indexed like the commands (time odds when they differ).
    pub time: [TimeControl; 2],
    pub opening: Opening,
    /// Sent as `INFO max_memory` (bytes).
    pub max_memory: u64,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A winning line.
    Five,
    /// The board filled up.
    FullBoard,
    /// The loser answered after its time.
    TimeLoss,
    /// The loser answered something that is not a legal move.
    IllegalMove(String),
    /// The loser, black under renju, played a forbidden point: a legal move that loses.
    Forbidden(Foul),
    /// The loser stopped answering or crashed.
    Crash,
    /// Nothing happened for too long (no winner).
    MoveLimit,
}

/// What happened in a game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Index (0 or 1) of the engine that played black.
    pub black: usize,
    /// Index of the winner, `None` for a draw.
    pub winner: Option<usize>,
    pub ending: Ending,
    /// All stones, opening included.
    pub moves: Vec<(usize, usize)>,
    /// The time each stone after the opening took its engine, in ms (for the records).
    pub move_ms: Vec<u64>,
    /// The slowest answer of each engine, in ms.
    pub slowest_ms: [u64; 2],
    /// The time each engine spent on its answers, in ms.
    pub thinking_ms: [u64; 2],
    /// How many answers each engine gave.
    pub answers: [u32; 2],
    /// Peak resident memory of each engine, in KiB (0 where unknown).
    pub peak_memory_kib: [u64; 2],
    /// Whether each engine exited by itself within 0.5 s of END.
    pub exited_cleanly: [bool; 2],
}

impl GameRecord {
    /// The moves in pos notation (`h8i9...`), for logs.
    pub fn notation(&self) -> String {
        self.moves
            .iter()
            .map(|&(x, y)| format!("{}{}", (b'a' + x as u8) as char, y + 1))
            .collect()
    }
}

/// Lines that are not the answer: information for people, and complaints about an earlier
/// line (an engine that rejects an INFO it does not parse still has to answer the move, and
/// runs out of time if it never does).
fn is_chatter(line: &str) -> bool {
    let upper = line.trim_start().to_ascii_uppercase();
    ["MESSAGE", "DEBUG", "SUGGEST", "ERROR", "UNKNOWN"]
        .iter()
        .any(|word| upper.starts_with(word))
}

fn parse_move(line: &str) -> Option<(i64, i64)> {
    let (x, y) = line.trim().split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Plays one game; `commands[black]` plays black.
pub fn play_game(commands: [&str; 2], black: usize, config: &GameConfig) -> GameRecord {
    let mut record = GameRecord {
        black,
        winner: None,
        ending: Ending::Crash,
        moves: Vec::new(),
        move_ms: Vec::new(),
        slowest_ms: [0; 2],
        thinking_ms: [0; 2],
        answers: [0; 2],
        peak_memory_kib: [0; 2],
        exited_cleanly: [false; 2],
    };
    let mut engines = Vec::new();
    for command in commands {
        match EngineProcess::spawn(command) {
            Ok(engine) => engines.push(engine),
            Err(_) => {
                record.winner = Some(1 - engines.len());
                return record;
            }
        }
    }
    let clocks = config.time;
    for (index, engine) in engines.iter_mut().enumerate() {
        let clock = clocks[index];
        let setup = [
            format!("INFO timeout_turn {}", clock.turn_ms),
            format!("INFO timeout_match {}", clock.match_ms),
            format!("INFO max_memory {}", config.max_memory),
            format!("INFO rule {}", config.rule.gomocup_mask()),
            "INFO game_type 1".to_string(),
            format!("START {}", config.size),
        ];
        for line in &setup {
            let _ = engine.send(line);
        }
        let (reply, _) = engine.recv_filtered(Duration::from_secs(10), is_chatter, |_| {});
        if !matches!(reply, Reply::Line(ref l) if l.trim().eq_ignore_ascii_case("OK")) {
            record.winner = Some(1 - index);
            record.ending = Ending::Crash;
            return finish(record, engines);
        }
    }
    let mut board = Board::new(config.size);
    for &(x, y) in &config.opening {
        board.play(x, y);
    }
    let mut left = clocks.map(|clock| clock.match_ms as i64);
    let mut has_position = [false; 2];
    loop {
        if board.is_full() {
            record.ending = Ending::FullBoard;
            break;
        }
        let color = board.to_move();
        // Player index to move: black is `black`, white the other.
        let player = if color == 1 { black } else { 1 - black };
        let engine = &mut engines[player];
        let _ = engine.send(&format!("INFO time_left {}", left[player]));
        if !has_position[player] {
            has_position[player] = true;
            if board.moves.is_empty() {
                let _ = engine.send("BEGIN");
            } else {
                let _ = engine.send("BOARD");
                for (index, &(x, y)) in board.moves.iter().enumerate() {
                    let stone_color = if index % 2 == 0 { 1 } else { 2 };
                    let field = if stone_color == color { 1 } else { 2 };
                    let _ = engine.send(&format!("{x},{y},{field}"));
                }
                let _ = engine.send("DONE");
            }
        } else {
            let &(x, y) = board.moves.last().expect("the opponent has moved");
            let _ = engine.send(&format!("TURN {x},{y}"));
        }
        let clock = clocks[player];
        let allowed = (clock.turn_ms as i64).min(left[player].max(0)) as u64 + clock.tolerance_ms;
        let (reply, took) =
            engine.recv_filtered(Duration::from_millis(allowed + 500), is_chatter, |_| {});
        engine.sample_peak_memory();
        let took_ms = took.as_millis() as u64;
        record.slowest_ms[player] = record.slowest_ms[player].max(took_ms);
        record.thinking_ms[player] += took_ms;
        record.answers[player] += 1;
        left[player] -= took_ms as i64;
        let line = match reply {
            Reply::Line(line) => line,
            Reply::Timeout => {
                record.winner = Some(1 - player);
                record.ending = Ending::TimeLoss;
                break;
            }
            Reply::Closed => {
                record.winner = Some(1 - player);
                record.ending = Ending::Crash;
                break;
            }
        };
        if took_ms > allowed {
            record.winner = Some(1 - player);
            record.ending = Ending::TimeLoss;
            break;
        }
        let Some((x, y)) = parse_move(&line) else {
            record.winner = Some(1 - player);
            record.ending = Ending::IllegalMove(line);
            break;
        };
        if !board.is_free(x, y) {
            record.winner = Some(1 - player);
            record.ending = Ending::IllegalMove(line);
            break;
        }
        board.play(x as usize, y as usize);
        record.move_ms.push(took_ms);
        if board.wins_at(x as usize, y as usize, config.rule) {
            record.winner = Some(player);
            record.ending = Ending::Five;
            break;
        }
        if let Some(foul) = board.foul_at(x as usize, y as usize, config.rule) {
            record.winner = Some(1 - player);
            record.ending = Ending::Forbidden(foul);
            break;
        }
    }
    record.moves = board.moves.clone();
    finish(record, engines)
}

fn finish(mut record: GameRecord, mut engines: Vec<EngineProcess>) -> GameRecord {
    for (index, engine) in engines.iter_mut().enumerate() {
        record.peak_memory_kib[index] = engine.sample_peak_memory();
        let _ = engine.send("END");
        record.exited_cleanly[index] = engine.finish(Duration::from_millis(500));
    }
    record
}
