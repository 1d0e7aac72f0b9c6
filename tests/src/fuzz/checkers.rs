//! The checkers judge's model: the game by the independent rules of [`crate::checkers::rules`];
//! `START` gets `OK`, `TURN` a legal move in time, and everything else (PLACE, junk) no line
//! but DEBUG.

use super::{clip, ending, junk, Protocol, Rng, Session};
use crate::checkers::rules::{format_path, parse_path, Board};
use std::path::Path;
use std::time::Duration;

pub struct Checkers;

/// The engine's time for one move here.
const MOVE_MS: u64 = 100;

fn chatter(line: &str) -> bool {
    line.starts_with("DEBUG")
}

struct Model {
    board: Board,
    /// Our side (1 black, -1 white) once a game started.
    us: Option<i8>,
}

impl Checkers {
    fn start(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let number = *rng.pick(&[1, 2]);
        session.line(
            &format!("{} {number}", rng.pick_str(&["START", "start", " START "])),
            ending(rng),
        )?;
        let (line, _) = session.expect(Duration::from_millis(1000), chatter)?;
        if line != "OK" {
            return Err(format!("START answered '{}'", clip(&line)));
        }
        model.board = Board::start();
        model.us = Some(if number == 1 { 1 } else { -1 });
        Ok(())
    }

    /// The opponent's move when it is to move; else our TURN.
    fn step(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let Some(us) = model.us else {
            return self.start(rng, session, model);
        };
        let moves = model.board.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        let end = ending(rng);
        if model.board.side != us {
            let path = rng.pick(&moves).clone();
            session.line(&format!("PLACE {}", format_path(&path)), end)?;
            model.board.apply(&path);
            return Ok(());
        }
        session.line(rng.pick_str(&["TURN", "turn", "TURN "]), end)?;
        let limit = Duration::from_millis(MOVE_MS);
        let (line, waited) = session.expect(limit, chatter)?;
        let path = parse_path(&line).map_err(|why| format!("'{}': {why}", clip(&line)))?;
        if !moves.contains(&path) {
            return Err(format!("illegal move '{}'", clip(&line)));
        }
        if waited > limit + session.slack {
            return Err(format!("move after {} ms", waited.as_millis()));
        }
        model.board.apply(&path);
        Ok(())
    }

    /// Lines the engine must ignore (a DEBUG line at most).
    fn junk(&self, rng: &mut Rng, session: &mut Session, model: &Model) -> Result<(), String> {
        let end = ending(rng);
        match rng.below(6) {
            0 => session.send(&junk::bad_bytes(rng))?,
            1 => session.send(&junk::long_line(rng, 20_000))?,
            2 => session.line(&format!("{} {}", junk::word(rng), junk::number(rng)), end)?,
            3 => session.line(
                rng.pick_str(&[
                    "START 3",
                    "START",
                    "PLACE",
                    "PLACE 1 5,0",
                    "PLACE 3 5,0 4,1",
                ]),
                end,
            )?,
            // A move that is not legal now: a path of ours while the opponent is to move (when we
            // are to move, a path of the opponent's means "we passed").
            4 if model.us.is_some_and(|us| us != model.board.side) => {
                let mut other = model.board.clone();
                other.side = -other.side;
                let moves = other.legal_moves();
                if moves.is_empty() {
                    return Ok(());
                }
                let path = rng.pick(&moves).clone();
                session.line(&format!("PLACE {}", format_path(&path)), end)?;
            }
            _ => session.line("PLACE 2 9,9 8,8", end)?,
        }
        session.expect_nothing(Duration::from_millis(30), chatter)
    }

    fn finish(&self, rng: &mut Rng, session: &mut Session, model: &Model) -> Result<(), String> {
        session.settle();
        let our_turn = model.us == Some(model.board.side) && !model.board.legal_moves().is_empty();
        match rng.below(3) {
            0 => session.line(rng.pick_str(&["END", "END 1", "end"]), ending(rng))?,
            1 if our_turn => session
                .stop_during_search(rng, "TURN", "END", (5, 40), |l| parse_path(l).is_ok())?,
            _ => session.close_input(),
        }
        session.expect_exit(Duration::from_millis(1000))
    }
}

impl Protocol for Checkers {
    fn name(&self) -> &str {
        "checkers"
    }

    fn target(&self) -> &str {
        "checkers"
    }

    fn command(&self, binary: &Path) -> String {
        format!("{} --move-ms {MOVE_MS} --game-ms 20000", binary.display())
    }

    fn run_case(&self, rng: &mut Rng, session: &mut Session) -> Result<(), String> {
        let mut model = Model {
            board: Board::start(),
            us: None,
        };
        self.start(rng, session, &mut model)?;
        for _ in 0..rng.range(3, 30) {
            match rng.weighted(&[1, 12, 3]) {
                0 => self.start(rng, session, &mut model)?,
                1 => self.step(rng, session, &mut model)?,
                _ => self.junk(rng, session, &model)?,
            }
            if model.board.result().is_some() {
                break;
            }
        }
        self.finish(rng, session, &model)
    }
}
