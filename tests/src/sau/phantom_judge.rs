//! Plays Phantom Go between two engine processes the way the SAU platform does: the referee
//! holds the true board and tells each side only what the platform tells it.
//!
//! Black gets `new black` and submits at once; white gets `new white` and waits. The side to move
//! is prompted with `move go` (the opponent placed a stone), `taked N LIST` and then `move go`
//! (that stone captured ours) or `move pass` (the opponent passed). It answers `move XY` or
//! `move pass`. A point gets `accept` (and `take N LIST` when it captured) or `refuse`, after
//! which the same side submits again; a pass gets no answer. More than
//! [`JudgeConfig::max_retries`] refusals in one turn, an unreadable answer, a late answer or a
//! dead engine lose. The clock runs over the whole turn, refusals included.

use super::judge::{
    alternate_colours, announce_end, start_game, Contestant, GameRecord, JudgeConfig, MatchReport,
};
use super::phantom::{Answer, PhantomGo};
use super::rules::{parse_squares, square_name, Colour, GameResult, Referee};
use crate::process::Reply;
use crate::records::Reason;
use std::time::Instant;

/// What the side to move is told before its turn.
enum Prompt {
    /// Nothing: black's first turn follows `new black`.
    Opening,
    /// The opponent placed a stone that captured these of ours (maybe none).
    Placed(Vec<(usize, usize)>),
    /// The opponent passed.
    Passed,
}

/// Refusals seen per side in the last match, for reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct Refusals {
    /// All refusals.
    pub total: u64,
    /// The most in one turn.
    pub worst_turn: u32,
}

fn capture_line(word: &str, points: &[(usize, usize)]) -> String {
    let list: String = points.iter().map(|&(x, y)| square_name(x, y)).collect();
    format!("{word} {} {list}", points.len())
}

/// Plays one game; `players[0]` is black. `refusals` gathers each side's refusals.
pub fn play_game(
    players: [&mut Contestant; 2],
    config: &JudgeConfig,
    refusals: &mut [Refusals; 2],
) -> GameRecord {
    let mut game = PhantomGo::default();
    let mut players = players;
    if let Err(record) = start_game(&mut players) {
        return record;
    }
    let mut turns = Vec::new();
    let mut clocks = [config.game_time; 2];
    let mut prompt = Prompt::Opening;
    let mut turn_ms = Vec::new();
    let mut refused_points = Vec::new();
    let outcome: Result<(), (Colour, Reason, String)> = loop {
        if let Some(_result) = game.result() {
            break Ok(());
        }
        let colour = game.to_move();
        let side = if colour == Colour::Black { 0 } else { 1 };
        match &prompt {
            Prompt::Opening => {}
            Prompt::Placed(taken) => {
                if !taken.is_empty() {
                    players[side].send(&capture_line("taked", taken));
                }
                players[side].send("move go");
            }
            Prompt::Passed => {
                players[side].send("move pass");
            }
        }
        let started = Instant::now();
        let mut refused = 0u32;
        let mut tries = Vec::new();
        let turn = loop {
            let limit = config.move_time.min(clocks[side]);
            let (reply, _) = players[side].receive_move(limit.saturating_sub(started.elapsed()));
            let elapsed = started.elapsed();
            let player = &mut *players[side];
            player.worst_move = player.worst_move.max(elapsed);
            let text = match reply {
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
            if text == "pass" {
                game.pass();
                break Ok(("pass".to_string(), None));
            }
            let point = match parse_squares(&text, 9).as_deref() {
                Ok([Some(point)]) => *point,
                _ => {
                    let why = format!("{} sent '{text}', not a square", colour.word());
                    break Err((Reason::Illegal, why));
                }
            };
            match game.try_point(point.0, point.1) {
                Answer::Accepted(taken) => {
                    player.send("accept");
                    if !taken.is_empty() {
                        player.send(&capture_line("take", &taken));
                    }
                    break Ok((text, Some(taken)));
                }
                Answer::Refused(_) => {
                    tries.push(text);
                    refused += 1;
                    player.rejected_turns += 1;
                    refusals[side].total += 1;
                    refusals[side].worst_turn = refusals[side].worst_turn.max(refused);
                    if refused > config.max_retries {
                        let why = format!("{} was refused {refused} times", colour.word());
                        break Err((Reason::Illegal, why));
                    }
                    player.send("refuse");
                }
            }
        };
        let elapsed = started.elapsed();
        clocks[side] = clocks[side].saturating_sub(elapsed);
        match turn {
            Ok((text, taken)) => {
                players[side].moves += 1;
                turns.push(text);
                turn_ms.push(elapsed.as_millis() as u64);
                refused_points.push(tries);
                prompt = match taken {
                    Some(taken) => Prompt::Placed(taken),
                    None => Prompt::Passed,
                };
            }
            Err((ending, reason)) => break Err((colour, ending, reason)),
        }
    };
    let (result, ending, reason) = match outcome {
        Ok(()) => {
            let result = game.result().unwrap_or(GameResult::Draw);
            let (ending, words) = game.ending();
            (result, ending, words)
        }
        Err((loser, ending, reason)) => (GameResult::Win(loser.opponent()), ending, reason),
    };
    announce_end(&mut players, result);
    GameRecord {
        result,
        reason,
        ending,
        turns,
        turn_ms,
        refused: refused_points,
    }
}

/// Plays `games` games between `first` and `second`, colours alternating (the first engine is
/// black in even games). `on_game` sees each game as it ends. Returns the report and each
/// engine's refusals (first, second).
pub fn play_match(
    first: &mut Contestant,
    second: &mut Contestant,
    games: u32,
    config: &JudgeConfig,
    on_game: impl FnMut(u32, Colour, &GameRecord),
) -> (MatchReport, [Refusals; 2]) {
    let mut refusals = [Refusals::default(); 2];
    let play = |first_colour: Colour, players: [&mut Contestant; 2]| {
        let mut by_colour = [Refusals::default(); 2];
        let record = play_game(players, config, &mut by_colour);
        if first_colour == Colour::White {
            by_colour.reverse();
        }
        for (total, this) in refusals.iter_mut().zip(by_colour) {
            total.total += this.total;
            total.worst_turn = total.worst_turn.max(this.worst_turn);
        }
        record
    };
    let report = alternate_colours(first, second, games, play, on_game);
    (report, refusals)
}
