//! The pos / move / go / quit server's model: the board since the last accepted `pos`, and the
//! server's reading of the engine's lines (the first line matching `^\s*move\s+\d+` after `go` is
//! the answer; every other line is passed over, so it must never match).

use super::{clip, ending, junk, Protocol, Rng, Session};
use std::time::Duration;

pub struct GomokuServer;

/// The server's pattern for an answer.
pub fn reads_as_move(line: &str) -> bool {
    line.trim_start().strip_prefix("move").is_some_and(|after| {
        after.starts_with(char::is_whitespace)
            && after.trim_start().starts_with(|c: char| c.is_ascii_digit())
    })
}

/// Lines the server passes over; none may look like a move.
fn chatter(line: &str) -> bool {
    !reads_as_move(line)
}

struct Model {
    /// The board side and cells (true = a stone) since the last accepted `pos`.
    game: Option<(usize, Vec<bool>)>,
}

impl GomokuServer {
    /// Expects one report line (which the server passes over) and nothing else.
    fn expect_report(&self, session: &mut Session) -> Result<(), String> {
        let (line, _) = session.expect(Duration::from_millis(200), |_| false)?;
        if line.starts_with("info ") && !reads_as_move(&line) {
            Ok(())
        } else {
            Err(format!("expected a report, got '{}'", clip(&line)))
        }
    }

    fn pos(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        let side = rng.range(5, 19) as usize;
        let mut cells = vec!['-'; side * side];
        for _ in 0..rng.below(side * side / 4 + 1) {
            cells[rng.below(side * side)] = *rng.pick(&['X', 'O']);
        }
        let board: String = cells.iter().collect();
        let to_move = rng.pick_str(&["X", "O"]);
        if rng.one_in(5) {
            let bad = match rng.below(5) {
                0 => format!("pos {board}- {to_move}"),
                1 => format!("pos {} {to_move}", board.replacen('-', "Z", 1)),
                2 => format!("pos {board} Q"),
                3 => format!("pos {board}"),
                _ => format!("pos {} X", "-".repeat(400)),
            };
            session.line(&bad, end)?;
            model.game = None;
            return self.expect_report(session);
        }
        session.line(&format!("pos {board} {to_move}"), end)?;
        model.game = Some((side, cells.iter().map(|&c| c != '-').collect()));
        Ok(())
    }

    fn opponent_move(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        let end = ending(rng);
        let Some((side, cells)) = &mut model.game else {
            session.line(&format!("move {}", rng.below(25)), end)?;
            return self.expect_report(session);
        };
        let empty: Vec<usize> = (0..cells.len()).filter(|&c| !cells[c]).collect();
        if empty.is_empty() || rng.one_in(5) {
            let taken: Vec<usize> = (0..cells.len()).filter(|&c| cells[c]).collect();
            let bad = match rng.below(3) {
                0 if !taken.is_empty() => rng.pick(&taken).to_string(),
                1 => (*side * *side).to_string(),
                // ("+7" would be read as 7.)
                _ => junk::number(rng).replace('+', "x"),
            };
            session.line(&format!("move {bad}"), end)?;
            return self.expect_report(session);
        }
        let cell = *rng.pick(&empty);
        cells[cell] = true;
        session.line(&format!("move {cell}"), end)
    }

    fn go(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        let millis = *rng.pick(&[0i64, 20, 50, 100, -5]);
        if rng.one_in(8) {
            session.line(rng.pick_str(&["go", "go soon", "go 1 2"]), end)?;
            return self.expect_report(session);
        }
        session.line(&format!("go {millis}"), end)?;
        let Some((side, cells)) = &mut model.game else {
            return self.expect_report(session);
        };
        let limit = Duration::from_millis(millis.max(20) as u64);
        let (line, waited) = session.expect(limit, chatter)?;
        if cells.iter().all(|&taken| taken) {
            return if line.starts_with("info ") {
                Ok(())
            } else {
                Err(format!("'{}' on a full board", clip(&line)))
            };
        }
        if !reads_as_move(&line) {
            return Err(format!("'{}' is not a move", clip(&line)));
        }
        let cell: usize = line
            .trim_start()
            .strip_prefix("move")
            .and_then(|rest| rest.trim().parse().ok())
            .ok_or_else(|| format!("'{}' is not 'move C'", clip(&line)))?;
        if cell >= *side * *side || cells[cell] {
            return Err(format!("illegal move {cell}"));
        }
        if waited > limit + session.slack {
            return Err(format!("move after {} ms", waited.as_millis()));
        }
        cells[cell] = true;
        Ok(())
    }

    fn junk(&self, rng: &mut Rng, session: &mut Session) -> Result<(), String> {
        let end = ending(rng);
        match rng.below(5) {
            0 => session.send(&junk::bad_bytes(rng))?,
            1 => session.send(&junk::long_line(rng, 20_000))?,
            2 => session.line(&format!("{} move 5", junk::word(rng)), end)?,
            3 => {
                // Nothing at all: a blank line and the server's result line.
                session.line(
                    rng.pick_str(&["", "  ", "winner black", "winner none"]),
                    end,
                )?;
                return Ok(());
            }
            _ => session.line("info\rmove 5", end)?,
        }
        self.expect_report(session)
    }

    fn finish(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        session.settle();
        match rng.below(4) {
            0 => session.line(rng.pick_str(&["quit", " quit ", "quit now"]), ending(rng))?,
            1 => session.close_input(),
            2 if model.game.is_some() => {
                session.stop_during_search(rng, "go 5000", "quit", (20, 150), reads_as_move)?;
            }
            _ => {
                session.send(b"go 100")?;
                session.close_input();
            }
        }
        session.expect_exit(Duration::from_millis(1000))
    }
}

impl Protocol for GomokuServer {
    fn name(&self) -> &str {
        "gomoku-server"
    }

    fn target(&self) -> &str {
        "gomoku-server"
    }

    fn run_case(&self, rng: &mut Rng, session: &mut Session) -> Result<(), String> {
        let mut model = Model { game: None };
        if !rng.one_in(6) {
            self.pos(rng, session, &mut model)?;
        }
        for _ in 0..rng.range(3, 25) {
            match rng.weighted(&[2, 8, 8, 3]) {
                0 => self.pos(rng, session, &mut model)?,
                1 => self.opponent_move(rng, session, &mut model)?,
                2 => self.go(rng, session, &mut model)?,
                _ => self.junk(rng, session)?,
            }
        }
        self.finish(rng, session, &mut model)
    }
}
