//! The SAU platform's model, for any of its games: the game by an independent referee
//! ([`crate::sau::rules::Referee`]); `name?` gets `name ...`, our turn gets a legal `move` in time,
//! `error` a different legal move, and any other line the engine prints must not contain the word
//! `move` (the platform would read it as one).
//!
//! A new game is one more entry in [`games`]: its target, board size, referee and how opponent
//! turns are proposed ([`Turns`]): random squares kept when the referee accepts them (stone
//! games, whose lists of legal turns are huge), or drawn from the referee's list of legal turns
//! (the piece games, where random squares are almost never a legal move). Near-legal turns (one
//! square of a legal turn changed, two squares swapped, a square dropped) that the referee
//! refuses are sent as the opponent's turn too: the engine must ignore them with a notice and
//! keep its position.

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
    /// How the opponent's turns are proposed.
    pub turns: Turns,
}

/// How the fuzzer proposes the opponent's turns.
#[derive(Clone, Copy)]
pub enum Turns {
    /// Random squares, as many as one of these counts (a single stone gets `@@` after it when
    /// two-stone turns are listed too), kept when the referee accepts them.
    Squares(&'static [usize]),
    /// One of the referee's legal turns; near-legal turns change one of them.
    Listed,
}

/// Every SAU game the fuzzer plays.
pub fn games() -> Vec<SauSpec> {
    vec![
        SauSpec {
            target: "connect6",
            size: 19,
            referee: || Box::new(crate::sau::connect6::Connect6::default()),
            // The opening stone is written with a placeholder: `JJ@@`.
            turns: Turns::Squares(&[1, 2]),
        },
        SauSpec {
            target: "nogo",
            size: 9,
            referee: || Box::new(crate::sau::nogo::NoGo::default()),
            turns: Turns::Squares(&[1]),
        },
        SauSpec {
            target: "amazons",
            size: 10,
            referee: || Box::new(crate::sau::amazons::Amazons::default()),
            turns: Turns::Listed,
        },
        SauSpec {
            target: "surakarta",
            size: 6,
            referee: || Box::new(crate::sau::surakarta::Surakarta::default()),
            turns: Turns::Listed,
        },
        SauSpec {
            target: "dots-and-boxes",
            size: 6,
            referee: || Box::new(crate::sau::dots::Dots::default()),
            turns: Turns::Listed,
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

    /// A turn of random squares (`Turns::Squares`).
    fn random_squares(&self, rng: &mut Rng, counts: &[usize]) -> String {
        let count = *rng.pick(counts);
        let mut turn: String = (0..count).map(|_| self.square(rng)).collect();
        if count == 1 && counts.contains(&2) {
            turn.push_str("@@");
        }
        turn
    }

    /// A random turn the referee accepts (played on it), if one is found in a few hundred tries.
    fn legal_turn(&self, rng: &mut Rng, model: &mut Model) -> Option<String> {
        for _ in 0..400 {
            let turn = match self.turns {
                Turns::Squares(counts) => self.random_squares(rng, counts),
                Turns::Listed => rng.pick(&model.referee.legal_turns()).clone(),
            };
            match model.referee.submit(&turn) {
                Verdict::Accepted => return Some(turn),
                Verdict::Rejected(_) => {}
                Verdict::Loses(_) => self.rebuild(model),
            }
        }
        None
    }

    /// A turn the referee refuses as the side to move's (the position is kept), if one is found
    /// in a few tries: for listed games a legal turn with one letter changed (now and then to
    /// one just off the board), two squares swapped or the last letter dropped.
    fn refused_turn(&self, rng: &mut Rng, model: &mut Model) -> Option<String> {
        let listed = match self.turns {
            Turns::Listed => model.referee.legal_turns(),
            Turns::Squares(_) => Vec::new(),
        };
        for _ in 0..50 {
            let turn = match self.turns {
                Turns::Squares(counts) => self.random_squares(rng, counts),
                Turns::Listed if listed.is_empty() => return None,
                Turns::Listed => {
                    let legal = rng.pick(&listed).clone();
                    self.near(rng, legal)
                }
            };
            match model.referee.submit(&turn) {
                Verdict::Rejected(_) => return Some(turn),
                Verdict::Accepted | Verdict::Loses(_) => self.rebuild(model),
            }
        }
        None
    }

    /// `turn` with one small change.
    fn near(&self, rng: &mut Rng, turn: String) -> String {
        let mut bytes = turn.into_bytes();
        let letters: Vec<usize> = (0..bytes.len())
            .filter(|&i| bytes[i].is_ascii_uppercase())
            .collect();
        if letters.is_empty() {
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        match rng.below(3) {
            0 => {
                let at = *rng.pick(&letters);
                let last = if rng.one_in(4) {
                    self.size
                } else {
                    self.size - 1
                };
                bytes[at] = b'A' + rng.range(0, last as i64) as u8;
            }
            1 if letters.len() >= 4 => {
                let pairs = letters.len() / 2;
                let (a, b) = (rng.below(pairs), rng.below(pairs));
                for offset in 0..2 {
                    bytes.swap(letters[2 * a + offset], letters[2 * b + offset]);
                }
            }
            _ => {
                bytes.remove(*letters.last().unwrap_or(&0));
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
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

    /// A turn the referee refuses, sent as the opponent's: the platform never forwards one, and
    /// the engine must keep its position and say so in a notice.
    fn refused(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        let Some(us) = model.us else {
            return Ok(());
        };
        if model.referee.result().is_some() || model.referee.to_move() == us {
            return Ok(());
        }
        let Some(turn) = self.refused_turn(rng, model) else {
            return Ok(());
        };
        session.line(&format!("move {turn}"), ending(rng))?;
        // Waited for, not only allowed: a game's first command may take a while (tables).
        let (line, _) = session.expect(Duration::from_millis(MOVE_MS), |_| false)?;
        if line.starts_with("notice") && !line.contains("move") {
            Ok(())
        } else {
            Err(format!("refused turn '{turn}' answered '{}'", clip(&line)))
        }
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
                // A notice may still come first: a long line is answered once its end arrives.
                let notice = |line: &str| line.starts_with("notice") && !line.contains("move");
                let (line, _) = session.expect(Duration::from_millis(200), notice)?;
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
                // quit during our search, with no time limit to speak of; some games answer an
                // opening in a few tens of ms, so quit comes sooner.
                session.stop_during_search(rng, "new black", "quit", (1, 10), |l| !chatter(l))?;
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
            let outcome = match rng.weighted(&[2, 12, 2, 4, 2, 1]) {
                0 => self.new_game(rng, session, &mut model),
                1 => self.opponent(rng, session, &mut model),
                2 => self.error(rng, session, &mut model),
                3 => self.junk(rng, session, &model),
                4 => self.refused(rng, session, &mut model),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_games_get_legal_turns_and_refused_near_ones_that_keep_the_position() {
        let listed = games()
            .into_iter()
            .filter(|spec| matches!(spec.turns, Turns::Listed));
        for spec in listed {
            let mut rng = Rng::new(7);
            let mut model = Model {
                referee: (spec.referee)(),
                history: Vec::new(),
                us: None,
                rejected: Vec::new(),
                ours_last: false,
            };
            let replayed = |history: &[String]| {
                let mut referee = (spec.referee)();
                for turn in history {
                    assert_eq!(referee.submit(turn), Verdict::Accepted);
                }
                referee
            };
            let mut refused = 0;
            for _ in 0..30 {
                if model.referee.result().is_some() {
                    break;
                }
                let before = model.referee.legal_turns();
                if let Some(turn) = spec.refused_turn(&mut rng, &mut model) {
                    refused += 1;
                    let verdict = replayed(&model.history).submit(&turn);
                    assert!(matches!(verdict, Verdict::Rejected(_)), "{turn}");
                    assert_eq!(model.referee.legal_turns(), before, "{}", spec.target);
                }
                let turn = spec.legal_turn(&mut rng, &mut model).unwrap();
                assert!(before.contains(&turn), "{}: {turn}", spec.target);
                model.history.push(turn);
                let after = replayed(&model.history).legal_turns();
                assert_eq!(model.referee.legal_turns(), after, "{}", spec.target);
            }
            assert!(refused >= 20, "{}: {refused} refused turns", spec.target);
        }
    }
}
