//! Plays games between two engine processes the way the SAU platform does.
//!
//! Handshake `name?` -> `name <x>`; each game starts with `new black` / `new white`; the side to
//! move gets `move <opponent's squares>` (black's first turn needs no prompt) and answers
//! `move <squares>`. A turn the referee cannot place gets `error` and another try (up to
//! [`JudgeConfig::max_retries`]); a turn the rules punish, a late answer or a dead engine lose.
//! Both engines get `end <winner>` (just `end` for a draw). Engine lines other than `move`/`name`
//! are filtered out as the platform does, but a filtered line that contains `move` is recorded as
//! a protocol violation: the platform could take it for a move. The line `resign` loses the game.

use super::rules::{Colour, GameResult, Referee, Verdict};
use crate::process::{EngineProcess, Reply};
use crate::records::Reason;
use crate::stats::MatchScore;
use std::time::{Duration, Instant};

/// Limits of a match.
#[derive(Clone, Copy, Debug)]
pub struct JudgeConfig {
    /// Thinking time of each side for a whole game.
    pub game_time: Duration,
    /// The most one answer may take.
    pub move_time: Duration,
    /// `error` answers allowed per turn before the turn is lost.
    pub max_retries: u32,
}

/// One engine in a match and what was measured about it.
pub struct Contestant {
    /// The command that starts it.
    pub command: String,
    /// The name it answered.
    pub name: String,
    process: Option<EngineProcess>,
    /// The slowest answer seen.
    pub worst_move: Duration,
    /// Answers given.
    pub moves: u64,
    /// Filtered lines that contained `move` (must stay empty).
    pub violations: Vec<String>,
    /// Filtered lines (notices and other chatter).
    pub filtered_lines: u64,
    /// Turns the referee rejected (`error` sent).
    pub rejected_turns: u64,
    /// Peak resident memory sampled, KiB.
    pub peak_memory_kib: u64,
}

impl Contestant {
    /// An engine started by `command` (split on white space) when first needed.
    pub fn new(command: &str) -> Self {
        Self {
            command: command.to_string(),
            name: String::new(),
            process: None,
            worst_move: Duration::ZERO,
            moves: 0,
            violations: Vec::new(),
            filtered_lines: 0,
            rejected_turns: 0,
            peak_memory_kib: 0,
        }
    }

    /// Starts the engine if it is not running and asks its name.
    pub fn ensure_running(&mut self) -> Result<(), String> {
        if let Some(process) = &mut self.process {
            if process.is_running() {
                return Ok(());
            }
        }
        let mut process = EngineProcess::spawn(&self.command)
            .map_err(|error| format!("cannot start '{}': {error}", self.command))?;
        process
            .send("name?")
            .map_err(|error| format!("'{}': {error}", self.command))?;
        let (reply, _) = process.recv_filtered(
            Duration::from_secs(10),
            |line| !line.starts_with("name "),
            |_| {},
        );
        match reply {
            Reply::Line(line) => self.name = line["name ".len()..].trim().to_string(),
            other => return Err(format!("'{}' gave no name: {other:?}", self.command)),
        }
        self.process = Some(process);
        Ok(())
    }

    pub fn send(&mut self, line: &str) -> bool {
        match &mut self.process {
            Some(process) => process.send(line).is_ok(),
            None => false,
        }
    }

    /// Waits up to `timeout` for a `move` line; other lines are filtered and checked.
    pub fn receive_move(&mut self, timeout: Duration) -> (Reply, Duration) {
        let Some(process) = &mut self.process else {
            return (Reply::Closed, Duration::ZERO);
        };
        let mut skipped = Vec::new();
        let answer = process.recv_filtered(
            timeout,
            |line| !line.starts_with("move ") && !is_resignation(line),
            |line| skipped.push(line.to_string()),
        );
        self.filtered_lines += skipped.len() as u64;
        self.violations
            .extend(skipped.into_iter().filter(|line| line.contains("move")));
        self.peak_memory_kib = self.peak_memory_kib.max(process.sample_peak_memory());
        answer
    }

    /// Kills the process (it is started again when next needed).
    pub fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            process.finish(Duration::ZERO);
        }
    }

    /// Sends `quit` and lets the process exit.
    pub fn quit(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.send("quit");
            self.peak_memory_kib = self.peak_memory_kib.max(process.sample_peak_memory());
            process.finish(Duration::from_secs(2));
        }
    }
}

/// Whether an engine's line resigns the game: not a platform line, but what the GTP bridge
/// ([`super::gtp`]) sends when its engine resigns; it loses the game.
fn is_resignation(line: &str) -> bool {
    line.trim() == "resign"
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// How it ended.
    pub result: GameResult,
    /// Why (six in a row, no legal move, time, ...).
    pub reason: String,
    /// Why, for the records.
    pub ending: Reason,
    /// Every accepted turn, black's first.
    pub turns: Vec<String>,
    /// The time each turn in `turns` took, in ms (rejected tries included).
    pub turn_ms: Vec<u64>,
    /// Per turn in `turns`, the tries refused before it where the game keeps them (Phantom
    /// Go's refused points); empty where it does not.
    pub refused: Vec<Vec<String>>,
}

/// Starts both engines of a game (`players[0]` is black) and tells them their colours; when one
/// cannot start, its side loses and the record says why.
pub(crate) fn start_game(players: &mut [&mut Contestant; 2]) -> Result<(), GameRecord> {
    for (player, colour) in players.iter_mut().zip([Colour::Black, Colour::White]) {
        if let Err(reason) = player.ensure_running() {
            return Err(GameRecord {
                result: GameResult::Win(colour.opponent()),
                reason,
                ending: Reason::Crash,
                turns: Vec::new(),
                turn_ms: Vec::new(),
                refused: Vec::new(),
            });
        }
    }
    players[0].send("new black");
    players[1].send("new white");
    Ok(())
}

/// Tells both engines how the game ended: `end <winner>`, or `end` for a draw.
pub(crate) fn announce_end(players: &mut [&mut Contestant; 2], result: GameResult) {
    let line = match result {
        GameResult::Win(colour) => format!("end {}", colour.word()),
        GameResult::Draw => "end".to_string(),
    };
    for player in players.iter_mut() {
        player.send(&line);
    }
}

/// Plays one game; `players[0]` is black.
pub fn play_game(
    referee: &mut dyn Referee,
    players: [&mut Contestant; 2],
    config: &JudgeConfig,
) -> GameRecord {
    referee.reset();
    let mut players = players;
    if let Err(record) = start_game(&mut players) {
        return record;
    }
    let mut turns = Vec::new();
    let mut clocks = [config.game_time; 2];
    let finish = |players: &mut [&mut Contestant; 2],
                  result: GameResult,
                  (ending, reason): (Reason, String),
                  (turns, turn_ms): (Vec<String>, Vec<u64>)| {
        announce_end(players, result);
        GameRecord {
            result,
            reason,
            ending,
            turns,
            turn_ms,
            refused: Vec::new(),
        }
    };
    let mut turn_ms = Vec::new();
    let mut last_turn: Option<String> = None;
    loop {
        let colour = referee.to_move();
        let side = if colour == Colour::Black { 0 } else { 1 };
        if let Some(turn) = &last_turn {
            players[side].send(&format!("move {turn}"));
        }
        let started = Instant::now();
        let mut retries = 0;
        let outcome = loop {
            let spent = started.elapsed();
            let limit = config.move_time.min(clocks[side]);
            let (reply, _) = players[side].receive_move(limit.saturating_sub(spent));
            let elapsed = started.elapsed();
            let player = &mut *players[side];
            player.worst_move = player.worst_move.max(elapsed);
            let squares = match reply {
                Reply::Line(line) if is_resignation(&line) => {
                    break Err((Reason::Other, format!("{} resigned", colour.word())))
                }
                Reply::Line(line) => line["move ".len()..].trim().to_string(),
                Reply::Timeout => {
                    break Err((Reason::Time, format!("{} ran out of time", colour.word())))
                }
                Reply::Closed => {
                    break Err((
                        Reason::Crash,
                        format!("{} closed its output", colour.word()),
                    ))
                }
            };
            if elapsed > limit {
                let why = format!("{} answered after {elapsed:?}", colour.word());
                break Err((Reason::Time, why));
            }
            match referee.submit(&squares) {
                Verdict::Accepted => {
                    player.moves += 1;
                    clocks[side] = clocks[side].saturating_sub(elapsed);
                    turn_ms.push(elapsed.as_millis() as u64);
                    break Ok(squares);
                }
                Verdict::Rejected(reason) => {
                    player.rejected_turns += 1;
                    retries += 1;
                    if retries > config.max_retries {
                        let why = format!("{} keeps sending bad turns: {reason}", colour.word());
                        break Err((Reason::Illegal, why));
                    }
                    player.send("error");
                }
                Verdict::Loses(reason) => {
                    break Err((Reason::Forbidden, format!("{}: {reason}", colour.word())))
                }
            }
        };
        match outcome {
            Ok(turn) => {
                turns.push(turn.clone());
                last_turn = Some(turn);
                if let Some(result) = referee.result() {
                    let reason = referee.ending();
                    return finish(&mut players, result, reason, (turns, turn_ms));
                }
            }
            Err(reason) => {
                if matches!(reason.0, Reason::Time | Reason::Crash) {
                    // A late answer would be read as a move of the next game: start afresh.
                    players[side].stop();
                }
                return finish(
                    &mut players,
                    GameResult::Win(colour.opponent()),
                    reason,
                    (turns, turn_ms),
                );
            }
        }
    }
}

/// The result of a match, from the first engine's side.
pub struct MatchReport {
    /// Wins, draws and losses of the first engine.
    pub score: MatchScore,
    /// Every game, with the first engine's colour.
    pub games: Vec<(Colour, GameRecord)>,
}

/// Plays `games` games between `first` and `second`, colours alternating (the first engine is
/// black in even games). `on_game` sees each game as it ends.
pub fn play_match(
    referee: &mut dyn Referee,
    first: &mut Contestant,
    second: &mut Contestant,
    games: u32,
    config: &JudgeConfig,
    on_game: impl FnMut(u32, Colour, &GameRecord),
) -> MatchReport {
    alternate_colours(
        first,
        second,
        games,
        |_, players| play_game(referee, players, config),
        on_game,
    )
}

/// Plays `games` games with `play` (given the first engine's colour and the engines, black
/// first), the first engine black in even games; `on_game` sees each game as it ends. Both
/// engines quit at the end.
pub(crate) fn alternate_colours(
    first: &mut Contestant,
    second: &mut Contestant,
    games: u32,
    mut play: impl FnMut(Colour, [&mut Contestant; 2]) -> GameRecord,
    mut on_game: impl FnMut(u32, Colour, &GameRecord),
) -> MatchReport {
    let mut score = MatchScore::default();
    let mut records = Vec::new();
    for game in 0..games {
        let first_colour = if game % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        };
        let record = if first_colour == Colour::Black {
            play(first_colour, [&mut *first, &mut *second])
        } else {
            play(first_colour, [&mut *second, &mut *first])
        };
        match record.result {
            GameResult::Win(colour) if colour == first_colour => score.wins += 1,
            GameResult::Win(_) => score.losses += 1,
            GameResult::Draw => score.draws += 1,
        }
        on_game(game, first_colour, &record);
        records.push((first_colour, record));
    }
    first.quit();
    second.quit();
    MatchReport {
        score,
        games: records,
    }
}
