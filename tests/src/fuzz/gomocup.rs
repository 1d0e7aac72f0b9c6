//! The Gomocup brain protocol's model: the board as the manager knows it, the turn limit, and
//! which answer each command must get (OK, ERROR, UNKNOWN, a move on an empty cell in time, or
//! nothing).

use super::{clip, ending, junk, Protocol, Rng, Session};
use std::time::Duration;

pub struct Gomocup;

/// MESSAGE and DEBUG lines may come at any time.
fn chatter(line: &str) -> bool {
    line.starts_with("MESSAGE") || line.starts_with("DEBUG")
}

const EMPTY: u8 = 0;
const OURS: u8 = 1;
const THEIRS: u8 = 2;
const DEAD: u8 = 3;

struct Model {
    /// Width and height once a START was accepted.
    size: Option<(usize, usize)>,
    cells: Vec<u8>,
    turn_ms: u64,
}

impl Model {
    fn width(&self) -> usize {
        self.size.map_or(0, |s| s.0)
    }

    fn at(&self, x: usize, y: usize) -> u8 {
        self.cells[y * self.width() + x]
    }

    fn set(&mut self, x: usize, y: usize, value: u8) {
        let width = self.width();
        self.cells[y * width + x] = value;
    }

    fn clear(&mut self) {
        self.cells.iter_mut().for_each(|cell| *cell = EMPTY);
    }

    fn cells_with(&self, value: u8) -> Vec<(usize, usize)> {
        let width = self.width().max(1);
        (0..self.cells.len())
            .filter(|&index| self.cells[index] == value)
            .map(|index| (index % width, index / width))
            .collect()
    }

    fn stones(&self) -> usize {
        self.cells
            .iter()
            .filter(|&&c| c == OURS || c == THEIRS)
            .count()
    }

    /// The time a move may take, for a check with the session's slack added.
    fn move_time(&self) -> Duration {
        Duration::from_millis(self.turn_ms.max(20))
    }
}

fn coords(text: &str) -> Option<(usize, usize)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// A command word in random case (the protocol's words are case-insensitive here).
fn word(rng: &mut Rng, command: &str) -> String {
    match rng.below(6) {
        0 => command.to_ascii_lowercase(),
        1 => format!(" {command} "),
        _ => command.to_string(),
    }
}

impl Gomocup {
    /// Waits for our move and records it; `Ok(None)` when the answer was an error that the
    /// model expected (no empty cell).
    fn expect_move(&self, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let (line, waited) = session.expect(model.move_time(), chatter)?;
        if model.cells_with(EMPTY).is_empty() {
            return if line.starts_with("ERROR") {
                Ok(())
            } else {
                Err(format!("'{}' on a full board", clip(&line)))
            };
        }
        let (x, y) = coords(&line).ok_or_else(|| format!("'{}' is not a move", clip(&line)))?;
        let (width, height) = model.size.unwrap_or((0, 0));
        if x >= width || y >= height || model.at(x, y) != EMPTY {
            return Err(format!("illegal move {x},{y}"));
        }
        if waited > model.move_time() + session.slack {
            return Err(format!("move after {} ms", waited.as_millis()));
        }
        model.set(x, y, OURS);
        Ok(())
    }

    fn expect_prefix(&self, session: &mut Session, prefix: &str) -> Result<(), String> {
        let (line, _) = session.expect(Duration::from_millis(200), chatter)?;
        if line.starts_with(prefix) {
            Ok(())
        } else {
            Err(format!("expected {prefix}..., got '{}'", clip(&line)))
        }
    }

    fn start(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        if rng.one_in(5) {
            let (w, h) = (rng.range(3, 34), rng.range(3, 34));
            session.line(&format!("{} {w},{h}", word(rng, "RECTSTART")), end)?;
            return self.started(session, model, w, h);
        }
        let size = *rng.pick(&[15i64, 15, 20, 20, 5, 32, 4, 33, 0, -1, 6, 19]);
        if rng.one_in(10) {
            // Odd numbers: those Rust reads ("+7") are sizes like any other.
            let bad = junk::number(rng);
            session.line(&format!("START {bad}"), end)?;
            let size = bad.parse::<i64>().unwrap_or(-1);
            return self.started(session, model, size, size);
        }
        session.line(&format!("{} {size}", word(rng, "START")), end)?;
        self.started(session, model, size, size)
    }

    fn started(
        &self,
        session: &mut Session,
        model: &mut Model,
        w: i64,
        h: i64,
    ) -> Result<(), String> {
        if (5..=32).contains(&w) && (5..=32).contains(&h) {
            self.expect_prefix(session, "OK")?;
            model.size = Some((w as usize, h as usize));
            model.cells = vec![EMPTY; (w * h) as usize];
            Ok(())
        } else {
            self.expect_prefix(session, "ERROR")
        }
    }

    fn info(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        let info = word(rng, "INFO");
        match rng.below(9) {
            0 | 1 => {
                let ms = *rng.pick(&[0u64, 10, 30, 60, 100]);
                session.line(&format!("{info} timeout_turn {ms}"), end)?;
                model.turn_ms = ms;
            }
            2 => {
                // An extreme turn time, then a sane one before any move.
                session.line(&format!("{info} timeout_turn {}", junk::number(rng)), end)?;
                session.line(&format!("INFO timeout_turn {}", model.turn_ms), end)?;
            }
            3 => {
                let value =
                    *rng.pick(&[-100i64, 0, 500, 30_000, 2_147_483_647, i64::MIN, i64::MAX]);
                session.line(&format!("{info} time_left {value}"), end)?;
            }
            4 => {
                let value = *rng.pick(&[0i64, 100_000, 180_000, -5, i64::MAX]);
                session.line(&format!("{info} timeout_match {value}"), end)?;
            }
            5 => {
                let value = *rng.pick(&[
                    0i64,
                    1 << 20,
                    83_886_080,
                    350_000_000,
                    1 << 30,
                    -1,
                    i64::MAX,
                ]);
                session.line(&format!("{info} max_memory {value}"), end)?;
            }
            6 => {
                let value = *rng.pick(&[0i64, 1, 2, 4, 8, 9, 5, -1, i64::MAX]);
                session.line(&format!("{info} rule {value}"), end)?;
            }
            7 => {
                let line =
                    rng.pick_str(&["game_type 1", "evaluate 3,4", "folder /tmp", "future_key 7"]);
                session.line(&format!("{info} {line}"), end)?;
            }
            _ => {
                // An unreadable value: at most a DEBUG line.
                let key = rng.pick_str(&["timeout_turn", "time_left", "max_memory", "rule"]);
                session.line(&format!("{info} {key} {}", junk::word(rng)), end)?;
                session.expect_nothing(Duration::from_millis(30), chatter)?;
            }
        }
        Ok(())
    }

    fn turn(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        let command = word(rng, "TURN");
        let empty = model.cells_with(EMPTY);
        if model.size.is_none() || empty.is_empty() || rng.one_in(6) {
            let (width, height) = model.size.unwrap_or((15, 15));
            let taken: Vec<(usize, usize)> = model
                .cells_with(OURS)
                .into_iter()
                .chain(model.cells_with(THEIRS))
                .chain(model.cells_with(DEAD))
                .collect();
            let bad = match rng.below(4) {
                0 if !taken.is_empty() => {
                    let (x, y) = *rng.pick(&taken);
                    format!("{x},{y}")
                }
                1 => format!("{width},{}", rng.below(height)),
                // ("+7" would be read as 7.)
                2 => format!("{},{}", junk::number(rng).replace('+', "x"), rng.below(5)),
                _ => rng
                    .pick_str(&["", "1", "-1,-1", "a,b", ",", "3;3"])
                    .to_string(),
            };
            session.line(&format!("{command} {bad}"), end)?;
            return self.expect_prefix(session, "ERROR");
        }
        let (x, y) = *rng.pick(&empty);
        session.line(&format!("{command} {x},{y}"), end)?;
        model.set(x, y, THEIRS);
        self.expect_move(session, model)
    }

    fn begin(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        session.line(&word(rng, "BEGIN"), ending(rng))?;
        if model.size.is_none() || model.stones() > 0 {
            return self.expect_prefix(session, "ERROR");
        }
        self.expect_move(session, model)
    }

    fn board(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        session.line(&word(rng, "BOARD"), end)?;
        let (width, height) = model.size.unwrap_or((15, 15));
        let count = rng.below(((width * height) / 4).min(12) + 1);
        let mut cells: Vec<(usize, usize, u8)> = Vec::new();
        while cells.len() < count {
            let (x, y) = (rng.below(width), rng.below(height));
            if cells.iter().all(|c| (c.0, c.1) != (x, y)) {
                let field = if rng.one_in(12) {
                    DEAD
                } else {
                    1 + rng.below(2) as u8
                };
                cells.push((x, y, field));
            }
        }
        let mut lines: Vec<String> = cells
            .iter()
            .map(|(x, y, f)| format!("{x},{y},{f}"))
            .collect();
        let corrupt = rng.one_in(6);
        if corrupt {
            let bad = match rng.below(4) {
                0 if !cells.is_empty() => format!("{},{},2", cells[0].0, cells[0].1),
                1 => format!("{width},0,1"),
                2 => "1,1,4".to_string(),
                _ => junk::word(rng),
            };
            let at = rng.below(lines.len() + 1);
            lines.insert(at, bad);
        }
        for line in &lines {
            session.line(line, end)?;
        }
        session.line(rng.pick_str(&["DONE", "done"]), end)?;
        if model.size.is_none() || corrupt {
            return self.expect_prefix(session, "ERROR");
        }
        model.clear();
        for (x, y, field) in cells {
            let value = match field {
                1 => OURS,
                2 => THEIRS,
                _ => DEAD,
            };
            model.set(x, y, value);
        }
        self.expect_move(session, model)
    }

    fn play(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        let empty = model.cells_with(EMPTY);
        let taken = model.cells_with(THEIRS);
        if model.size.is_none() || empty.is_empty() || (!taken.is_empty() && rng.one_in(4)) {
            let (x, y) = taken.first().copied().unwrap_or((0, 0));
            session.line(&format!("{} {x},{y}", word(rng, "PLAY")), end)?;
            return self.expect_prefix(session, "ERROR");
        }
        let (x, y) = *rng.pick(&empty);
        session.line(&format!("{} {x},{y}", word(rng, "PLAY")), end)?;
        model.set(x, y, OURS);
        let (line, _) = session.expect(Duration::from_millis(200), chatter)?;
        if coords(&line) == Some((x, y)) {
            Ok(())
        } else {
            Err(format!("PLAY {x},{y} answered '{}'", clip(&line)))
        }
    }

    fn takeback(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        let end = ending(rng);
        let stones: Vec<(usize, usize)> = model
            .cells_with(OURS)
            .into_iter()
            .chain(model.cells_with(THEIRS))
            .collect();
        if model.size.is_some() && !stones.is_empty() && !rng.one_in(4) {
            let (x, y) = *rng.pick(&stones);
            session.line(&format!("{} {x},{y}", word(rng, "TAKEBACK")), end)?;
            model.set(x, y, EMPTY);
            return self.expect_prefix(session, "OK");
        }
        let (x, y) = model.cells_with(EMPTY).first().copied().unwrap_or((99, 99));
        session.line(&format!("TAKEBACK {x},{y}"), end)?;
        self.expect_prefix(session, "ERROR")
    }

    fn swap2(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        let (width, height) = model.size.unwrap_or((15, 15));
        let count = *rng.pick(&[0usize, 3, 3, 5, 1, 4]);
        let mut stones: Vec<(usize, usize)> = Vec::new();
        while stones.len() < count {
            let cell = (rng.below(width), rng.below(height));
            if !stones.contains(&cell) {
                stones.push(cell);
            }
        }
        session.line("SWAP2BOARD", end)?;
        for (x, y) in &stones {
            session.line(&format!("{x},{y}"), end)?;
        }
        session.line("DONE", end)?;
        if model.size.is_none() || !matches!(count, 0 | 3 | 5) {
            return self.expect_prefix(session, "ERROR");
        }
        let (line, _) = session.expect(model.move_time() * 2, chatter)?;
        model.clear();
        if line == "SWAP" && count > 0 {
            return Ok(());
        }
        let answer: Vec<Option<(usize, usize)>> = line.split_whitespace().map(coords).collect();
        let wanted: &[usize] = match count {
            0 => &[3],
            3 => &[1, 2],
            _ => &[1],
        };
        let fine = wanted.contains(&answer.len())
            && answer.iter().enumerate().all(|(index, cell)| match cell {
                Some((x, y)) => {
                    *x < width
                        && *y < height
                        && !stones.contains(&(*x, *y))
                        && !answer[..index].contains(cell)
                }
                None => false,
            });
        if fine {
            Ok(())
        } else {
            Err(format!(
                "SWAP2BOARD with {count} stones answered '{}'",
                clip(&line)
            ))
        }
    }

    fn junk(&self, rng: &mut Rng, session: &mut Session, model: &mut Model) -> Result<(), String> {
        let end = ending(rng);
        match rng.below(7) {
            0 => {
                session.send(&junk::bad_bytes(rng))?;
                self.expect_prefix(session, "UNKNOWN")
            }
            1 => {
                session.send(&junk::long_line(rng, 20_000))?;
                self.expect_prefix(session, "ERROR")
            }
            2 => {
                session.line(&format!("{} {}", junk::word(rng), junk::number(rng)), end)?;
                self.expect_prefix(session, "UNKNOWN")
            }
            3 => {
                session.line(rng.pick_str(&["", "   ", "\t"]), end)?;
                Ok(())
            }
            4 => {
                // A lone CR is not a line break: this is one ABOUT line.
                session.line("ABOUT\rEND", end)?;
                self.expect_prefix(session, "name=")
            }
            5 => {
                session.line(
                    rng.pick_str(&["DONE", "START", "RECTSTART 10", "TAKEBACK"]),
                    end,
                )?;
                self.expect_prefix(session, "ERROR")
            }
            _ => {
                session.line(&word(rng, "RESTART"), end)?;
                if model.size.is_some() {
                    model.clear();
                    self.expect_prefix(session, "OK")
                } else {
                    self.expect_prefix(session, "ERROR")
                }
            }
        }
    }

    /// The end of a case: END, the end of the input, END during a search, a command cut off by
    /// the end of the input, or END inside a BOARD block; the brain must exit silently.
    fn finish(
        &self,
        rng: &mut Rng,
        session: &mut Session,
        model: &mut Model,
    ) -> Result<(), String> {
        session.settle();
        let within = Duration::from_millis(1000);
        match rng.below(5) {
            0 => {
                let stop = rng.pick_str(&["END", "end", " END ", "END 0"]);
                session.line(stop, ending(rng))?;
            }
            1 => session.close_input(),
            2 if model.size.is_some() && !model.cells_with(EMPTY).is_empty() => {
                session.line("INFO timeout_turn 5000", "\n")?;
                let (x, y) = *rng.pick(&model.cells_with(EMPTY));
                let turn = format!("TURN {x},{y}");
                session
                    .stop_during_search(rng, &turn, "END", (20, 150), |l| coords(l).is_some())?;
            }
            3 => {
                session.send(b"TURN 3,3")?;
                session.close_input();
            }
            _ => {
                session.line("BOARD", "\n")?;
                session.line("7,7,1", "\n")?;
                session.line("END", "\n")?;
            }
        }
        session.expect_exit(within)
    }
}

impl Protocol for Gomocup {
    fn name(&self) -> &str {
        "gomocup"
    }

    fn target(&self) -> &str {
        "gomocup"
    }

    fn run_case(&self, rng: &mut Rng, session: &mut Session) -> Result<(), String> {
        let mut model = Model {
            size: None,
            cells: Vec::new(),
            turn_ms: *rng.pick(&[0u64, 10, 30, 60]),
        };
        session.line(&format!("INFO timeout_turn {}", model.turn_ms), "\n")?;
        if !rng.one_in(5) {
            self.start(rng, session, &mut model)?;
        }
        let steps = rng.range(3, 25);
        for _ in 0..steps {
            // START, INFO, TURN, BEGIN, BOARD, PLAY, TAKEBACK, SWAP2BOARD, ABOUT, junk
            let weights = [2, 5, 12, 3, 5, 2, 2, 2, 1, 6];
            match rng.weighted(&weights) {
                0 => self.start(rng, session, &mut model)?,
                1 => self.info(rng, session, &mut model)?,
                2 => self.turn(rng, session, &mut model)?,
                3 => self.begin(rng, session, &mut model)?,
                4 => self.board(rng, session, &mut model)?,
                5 => self.play(rng, session, &mut model)?,
                6 => self.takeback(rng, session, &mut model)?,
                7 => self.swap2(rng, session, &mut model)?,
                8 => {
                    session.line(&word(rng, "ABOUT"), ending(rng))?;
                    self.expect_prefix(session, "name=")?;
                }
                _ => self.junk(rng, session, &mut model)?,
            }
        }
        self.finish(rng, session, &mut model)
    }
}
