//! Records from the arenas' own game reports: the gomoku arena, the checkers judge and the SAU
//! judge each hand their games here, and [`MatchFile`] keeps the records file (and the replay
//! page) of a match up to date after every game.

use std::sync::Mutex;
use std::time::Duration;

use super::{GameRecord, MatchRecord, Move, Outcome, Player, Reason};
use crate::process::{EngineProcess, Reply};

/// Starts `command`, sends `question`, waits up to 3 s for a line that `is_answer` accepts and
/// says `goodbye`; the player `read` finds in that line, else the program's file name.
fn ask_player(
    command: &str,
    (question, goodbye): (&str, &str),
    is_answer: impl Fn(&str) -> bool,
    read: impl Fn(&str) -> Option<Player>,
) -> Player {
    let fallback = Player::from_command(command);
    let Ok(mut engine) = EngineProcess::spawn(command) else {
        return fallback;
    };
    let _ = engine.send(question);
    let (reply, _) = engine.recv_filtered(Duration::from_secs(3), |line| !is_answer(line), |_| {});
    let _ = engine.send(goodbye);
    engine.finish(Duration::from_millis(500));
    match reply {
        Reply::Line(line) => read(&line).unwrap_or(fallback),
        _ => fallback,
    }
}

/// A Gomocup engine's name and version from its `ABOUT` answer (`name="x", version="y"`); the
/// program's file name when it does not answer in time.
pub fn gomocup_player(command: &str) -> Player {
    let read = |line: &str| {
        let field = |key: &str| {
            let start = line.find(&format!("{key}=\""))? + key.len() + 2;
            let end = line[start..].find('"')?;
            Some(line[start..start + end].to_string())
        };
        let name = field("name").filter(|name| !name.is_empty())?;
        Some(Player::new(&name, &field("version").unwrap_or_default()))
    };
    ask_player(
        command,
        ("ABOUT", "END"),
        |line| line.contains("name="),
        read,
    )
}

/// A SAU engine's name from its answer to `name?`; the program's file name when it does not
/// answer in time.
pub fn sau_player(command: &str) -> Player {
    let read = |line: &str| {
        let name = line["name ".len()..].trim();
        (!name.is_empty()).then(|| Player::new(name, ""))
    };
    ask_player(
        command,
        ("name?", "quit"),
        |line| line.starts_with("name "),
        read,
    )
}

fn outcome(black_wins: Option<bool>) -> Outcome {
    match black_wins {
        Some(true) => Outcome::BlackWins,
        Some(false) => Outcome::WhiteWins,
        None => Outcome::Draw,
    }
}

/// A gomoku arena game; `engines` are engine1 and engine2 (the record says which was black).
pub fn gomoku_game(
    round: u32,
    game: &crate::gomoku::game::GameRecord,
    engines: &[Player; 2],
) -> GameRecord {
    use crate::gomoku::game::Ending;
    let opening = game.moves.len() - game.move_ms.len().min(game.moves.len());
    let moves = game
        .moves
        .iter()
        .enumerate()
        .map(|(index, &(x, y))| {
            let ms = index.checked_sub(opening).map(|i| game.move_ms[i]);
            Move::new(format!("{x},{y}"), ms)
        })
        .collect();
    let (reason, detail) = match &game.ending {
        Ending::Five => (Reason::Line, "five".to_string()),
        Ending::FullBoard => (Reason::FullBoard, "full board".to_string()),
        Ending::TimeLoss => (Reason::Time, "time".to_string()),
        Ending::IllegalMove(line) => (Reason::Illegal, format!("illegal move {line:?}")),
        Ending::Forbidden(foul) => (Reason::Forbidden, format!("forbidden: {foul:?}")),
        Ending::Crash => (Reason::Crash, "crash".to_string()),
        Ending::MoveLimit => (Reason::MoveLimit, "move limit".to_string()),
    };
    GameRecord {
        round,
        players: [engines[game.black].clone(), engines[1 - game.black].clone()],
        opening,
        moves,
        outcome: outcome(game.winner.map(|w| w == game.black)),
        reason,
        detail,
    }
}

/// A checkers judge game between `black` and `white`.
pub fn checkers_game(
    round: u32,
    report: &crate::checkers::judge::GameReport,
    players: [Player; 2],
) -> GameRecord {
    let moves = report
        .moves
        .iter()
        .zip(&report.move_ms)
        .map(|(text, &ms)| Move::new(text.clone(), Some(ms)))
        .collect();
    GameRecord {
        round,
        players,
        opening: 0,
        moves,
        outcome: outcome(match report.winner {
            1 => Some(true),
            -1 => Some(false),
            _ => None,
        }),
        reason: report.ending,
        detail: report.reason.clone(),
    }
}

/// A SAU judge game between `black` and `white`.
pub fn sau_game(
    round: u32,
    game: &crate::sau::judge::GameRecord,
    players: [Player; 2],
) -> GameRecord {
    use crate::sau::rules::{Colour, GameResult};
    let moves = game
        .turns
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let refused = game.refused.get(i).cloned().unwrap_or_default();
            Move::new(text.clone(), game.turn_ms.get(i).copied()).with_refused(refused)
        })
        .collect();
    GameRecord {
        round,
        players,
        opening: 0,
        moves,
        outcome: outcome(match game.result {
            GameResult::Win(colour) => Some(colour == Colour::Black),
            GameResult::Draw => None,
        }),
        reason: game.ending,
        detail: game.reason.clone(),
    }
}

/// The records file and replay page of a match being played: `add` a game as it ends and both
/// files are written again with every game so far, in the order of their numbers.
pub struct MatchFile {
    record: Mutex<MatchRecord>,
    records: Option<String>,
    html: Option<String>,
}

impl MatchFile {
    /// `records` and `html` are the paths asked for (either may be absent).
    pub fn new(record: MatchRecord, records: Option<String>, html: Option<String>) -> MatchFile {
        MatchFile {
            record: Mutex::new(record),
            records,
            html,
        }
    }

    /// Whether any file is wanted.
    pub fn wanted(&self) -> bool {
        self.records.is_some() || self.html.is_some()
    }

    /// Adds a game and rewrites the files; a file that cannot be written is reported on stderr
    /// once per game (the match goes on).
    pub fn add(&self, game: GameRecord) {
        let mut record = self.record.lock().unwrap();
        record.games.push(game);
        record.games.sort_by_key(|g| g.round);
        if let Some(path) = &self.records {
            if let Err(error) = record.save(path) {
                eprintln!("records: {error}");
            }
        }
        if let Some(path) = &self.html {
            let title = format!("{} {}: {}", record.event, record.date, record.game);
            if let Err(error) = super::html::save(path, &title, std::slice::from_ref(&*record)) {
                eprintln!("records: {error}");
            }
        }
    }
}
