//! The SAU platform's model, for any of its games: the game by an independent referee
//! ([`crate::sau::rules::Referee`]); `name?` gets `name ...`, our turn gets a legal `move` in time,
//! `error` a different legal move, and any other line the engine prints must not contain the word
//! `move` (the platform would read it as one).
//!
//! A new game is one more entry in [`games`]: its target, board size, referee and the number of
//! squares in a turn (opponent turns are drawn at random and kept when the referee accepts them).

use super::{clip, ending, junk, Protocol, Rng, Session};
use crate::sau::rules::{Colour, Referee, Verdict};
use std::path::Path;
use std::time::Duration;

/// One SAU game for the fuzzer.
pub struct SauSpec {
    /// The upload target (and the protocol's name here).
    pub target: &'static str,
    /// Squares per side of the board.
    pub size: usize,
    /// A referee at the initial position.
    pub referee: fn() -> Box<dyn Referee>,
    /// How many squares an opponent's turn may list (tried at random).
    pub turn_squares: &'static [usize],
}

/// Every SAU game the fuzzer plays.
pub fn games() -> Vec<SauSpec> {
    vec![
        SauSpec {
            target: "connect6",
            size: 19,
            referee: || Box::new(crate::sau::connect6::Connect6::default()),
            // The opening stone is written with a placeholder: `JJ@@`.
            turn_squares: &[1, 2],
        },
        SauSpec {
            target: "nogo",
            size: 9,
            referee: || Box::new(crate::sau::nogo::NoGo::default()),
            turn_squares: &[1],
        },
    ]
}

/// The engine's time for one move here.
const MOVE_MS: u64 = 100;

fn chatter(line: &str) -> bool {
    !line.starts_with("move ")
}

struct Model {
    referee: Box<dyn Referee>,
    /// The turns played in this game, in order (to rebuild the referee after a take-back).
    history: Vec<String>,
    /// Our colour while a game runs.
    us: Option<Colour>,
    /// Our turns the platform rejected (`error`) since the opponent last moved.
    rejected: Vec<String>,
    /// Whether the last turn played was ours (the one `error` takes back).
    ours_last: bool,
}

impl SauSpec {
    fn rebuild(&self, model: &mut Model) {
        let mut referee = (self.referee)();
        for turn in &model.history {
            referee.submit(turn);
        }
        model.referee = referee;
    }

    fn square(&self, rng: &mut Rng) -> String {
        let letter = |value: usize| char::from(b'A' + value as u8);
        format!(
            "{}{}",
            letter(rng.below(self.size)),
            letter(rng.below(self.size))
        )
    }

    /// A random turn the referee accepts (played on it), if one is found in a few hundred tries.
    fn legal_turn(&self, rng: &mut Rng, model: &mut Model) -> Option<String> {
        for _ in 0..400 {
            let count = *rng.pick(self.turn_squares);
            let mut turn: String = (0..count).map(|_| self.square(rng)).collect();
            if count == 1 && self.turn_squares.contains(&2) {
                turn.push_str("@@");
            }
            match model.referee.submit(&turn) {
                Verdict::Accepted => return Some(turn),
                Verdict::Rejected(_) => {}
                Verdict::Loses(_) => self.rebuild(model),
            }
        }
        None
    }

    /// Waits for our move, checks it with the referee and plays it.
    fn expect_move(&self, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let limit = Duration::from_millis(MOVE_MS);
        let (line, waited) = session.expect(limit, chatter)?;
        let turn = line["move ".len()..].trim().to_string();
        if model.rejected.contains(&turn) {
            return Err(format!("'{turn}' again after the platform rejected it"));
        }
        match model.referee.submit(&turn) {
            Verdict::Accepted => {}
            other => return Err(format!("our turn '{turn}': {other:?}")),
        }
        if waited > limit + session.slack {
            return Err(format!("move after {} ms", waited.as_millis()));
        }
        model.history.push(turn);
        model.ours_last = true;
        Ok(())
    }

    fn check_lines(&self, session: &mut Session, wait: Duration) -> Result<(), String> {
        session.expect_nothing(wait, |line| {
            line.starts_with("notice") && !line.contains("move")
        })
    }

    fn new_game(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        let colour = *rng.pick(&[Colour::Black, Colour::White]);
        session.line(&format!("new {}", colour.word()), ending(rng))?;
        model.referee = (self.referee)();
        model.history.clear();
        model.rejected.clear();
        model.ours_last = false;
        model.us = Some(colour);
        if model.referee.to_move() == colour {
            self.expect_move(session, model)?;
        }
        Ok(())
    }

    /// The opponent's turn, when it is to move; it answers with ours unless the game is over.
    fn opponent(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        let Some(us) = model.us else {
            return self.new_game(rng, session, model);
        };
        if model.referee.result().is_some() || model.referee.to_move() == us {
            return Ok(());
        }
        let Some(turn) = self.legal_turn(rng, model) else {
            return Ok(());
        };
        session.line(&format!("move {turn}"), ending(rng))?;
        model.history.push(turn);
        model.rejected.clear();
        model.ours_last = false;
        if model.referee.result().is_some() {
            return self.check_lines(session, Duration::from_millis(30));
        }
        self.expect_move(session, model)
    }

    /// `error`: the platform rejects our last turn; the engine must play another.
    fn error(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        session.line("error", ending(rng))?;
        if !(model.us.is_some() && model.ours_last) {
            return self.check_lines(session, Duration::from_millis(30));
        }
        let turn = model.history.pop().unwrap_or_default();
        model.rejected.push(turn);
        self.rebuild(model);
        self.expect_move(session, model)
    }

    fn junk(&self, rng: &mut Rng, session: &mut Session, model: &Model) -> Result<(), String> {
        let end = ending(rng);
        match rng.below(7) {
            0 => session.send(&junk::bad_bytes(rng))?,
            1 => session.send(&junk::long_line(rng, 2_000))?,
            2 => session.line(&format!("{} {}", junk::word(rng), junk::number(rng)), end)?,
            3 => session.line(
                rng.pick_str(&["move", "move ZZ", "move A", "move @@@@@@", "new red", "new"]),
                end,
            )?,
            // A turn on stones already played.
            4 if model.us.is_some() && !model.history.is_empty() => {
                let turn = model.history.last().cloned().unwrap_or_default();
                session.line(&format!("move {turn}"), end)?;
            }
            4 | 5 => session.line(rng.pick_str(&["", "   ", "name\r?", "naMe?"]), end)?,
            _ => {
                session.line("name?", end)?;
                let (line, _) = session.expect(Duration::from_millis(200), |_| false)?;
                return if line.starts_with("name ") && !line.contains("move") {
                    Ok(())
                } else {
                    Err(format!("name? answered '{}'", clip(&line)))
                };
            }
        }
        self.check_lines(session, Duration::from_millis(30))
    }

    fn finish(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        session.settle();
        match rng.below(4) {
            0 => session.line(rng.pick_str(&["quit", "quit now"]), ending(rng))?,
            1 => session.close_input(),
            2 => {
                // quit during our search, with no time limit to speak of.
                session.stop_during_search(rng, "new black", "quit", (5, 60))?;
            }
            _ => {
                session.line("end", "\n")?;
                model.us = None;
                session.send(b"new black")?;
                session.close_input();
            }
        }
        session.expect_exit(Duration::from_millis(1000))
    }
}

impl Protocol for SauSpec {
    fn name(&self) -> &str {
        self.target
    }

    fn target(&self) -> &str {
        self.target
    }

    fn command(&self, binary: &Path) -> String {
        format!("{} --game-ms 600000 --move-ms {MOVE_MS}", binary.display())
    }

    fn run_case(&self, rng: &mut Rng, session: &mut Session) -> Result<(), String> {
        let mut model = Model {
            referee: (self.referee)(),
            history: Vec::new(),
            us: None,
            rejected: Vec::new(),
            ours_last: false,
        };
        for _ in 0..rng.range(3, 25) {
            let outcome = match rng.weighted(&[2, 12, 2, 4, 1]) {
                0 => self.new_game(rng, session, &mut model),
                1 => self.opponent(rng, session, &mut model),
                2 => self.error(rng, session, &mut model),
                3 => self.junk(rng, session, &model),
                _ => {
                    session.line("end", ending(rng))?;
                    model.us = None;
                    model.ours_last = false;
                    Ok(())
                }
            };
            outcome?;
        }
        self.finish(rng, session, &mut model)
    }
}
