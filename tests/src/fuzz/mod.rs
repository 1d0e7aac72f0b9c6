//! A protocol fuzzer for every judge protocol: seeded, reproducible sessions of valid and mutated
//! commands sent to an engine process, each answer checked against a model of the game (a legal
//! move, in time, nothing the judge would misread, nothing after END or quit, no crash, no hang).
//!
//! - [`Protocol`]: one judge protocol with its model; [`gomocup`], [`gomoku_server`],
//!   [`checkers`] and [`sau`] (every SAU game, from a few lines of [`sau::SauSpec`]).
//! - [`fuzz`]: runs cases `seed, seed + 1, ...` against one binary and collects the failures,
//!   each with its case seed (rerun it alone with `--seed SEED --cases 1`) and its transcript.
//! - [`Session`]: an engine process with the transcript of a case and the checks on its lines.

pub mod checkers;
pub mod gomocup;
pub mod gomoku_server;
pub mod sau;

use crate::process::{EngineProcess, Reply};
use std::path::Path;
use std::time::{Duration, Instant};

/// A small seeded generator (SplitMix64): the same seed gives the same case.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next_u64() % (high - low + 1) as u64) as i64
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One of the given texts.
    pub fn pick_str(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }

    /// An index drawn with the given weights.
    pub fn weighted(&mut self, weights: &[usize]) -> usize {
        let mut draw = self.below(weights.iter().sum());
        for (index, &weight) in weights.iter().enumerate() {
            if draw < weight {
                return index;
            }
            draw -= weight;
        }
        weights.len() - 1
    }
}

/// Mutations every protocol gets: lines a judge never sends.
pub mod junk {
    use super::Rng;

    /// A line that starts with a byte that is never UTF-8, then random bytes (no line feed).
    pub fn bad_bytes(rng: &mut Rng) -> Vec<u8> {
        let mut bytes = vec![0xff];
        for _ in 0..rng.below(12) {
            let byte = (rng.next_u64() & 0xff) as u8;
            bytes.push(if byte == b'\n' { b'?' } else { byte });
        }
        bytes.push(b'\n');
        bytes
    }

    /// A line of `length` printable bytes.
    pub fn long_line(rng: &mut Rng, length: usize) -> Vec<u8> {
        let mut bytes: Vec<u8> = (0..length).map(|_| b'a' + rng.below(26) as u8).collect();
        bytes.push(b'\n');
        bytes
    }

    /// A word that is no command of any protocol.
    pub fn word(rng: &mut Rng) -> String {
        let length = 1 + rng.below(8);
        let mut word = String::from("Q");
        for _ in 0..length {
            word.push(char::from(b'a' + rng.below(26) as u8));
        }
        word
    }

    /// A number a judge would never send: huge, negative, signed, in another notation.
    pub fn number(rng: &mut Rng) -> String {
        let numbers = [
            i64::MIN.to_string(),
            i64::MAX.to_string(),
            "99999999999999999999999".to_string(),
            "-99999999999999999999999".to_string(),
            "-1".to_string(),
            "+7".to_string(),
            "0x10".to_string(),
            "1e9".to_string(),
            String::new(),
            "½".to_string(),
        ];
        rng.pick(&numbers).clone()
    }
}

/// One judge protocol and its model.
pub trait Protocol {
    /// The name on the command line (`gomocup`, `nogo`, ...).
    fn name(&self) -> &str;
    /// The upload target whose binary speaks it.
    fn target(&self) -> &str;
    /// The command line for `binary`.
    fn command(&self, binary: &Path) -> String {
        binary.display().to_string()
    }
    /// Plays one case against a started engine; `Err` says what went wrong.
    fn run_case(&self, rng: &mut Rng, session: &mut Session) -> Result<(), String>;
}

/// A running engine with the transcript of the case.
pub struct Session {
    engine: EngineProcess,
    /// Every line sent (`>`) and received (`<`, with the wait), in order.
    pub transcript: Vec<String>,
    /// Added to every time limit: the pipes and a loaded machine.
    pub slack: Duration,
    /// Commands sent.
    pub commands: usize,
    /// Set by a stop sent while a search ran and nothing had come yet: the one answer to that
    /// search that `expect_exit` lets through, since it may have left before the stop was read.
    answer_in_flight: Option<fn(&str) -> bool>,
}

/// A line fit for a report: at most 120 characters, control characters escaped.
pub fn clip(line: &str) -> String {
    shown(line.as_bytes())
}

fn shown(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .chars()
        .take(120)
        .flat_map(char::escape_debug)
        .collect()
}

impl Session {
    pub fn start(command: &str, slack: Duration) -> Result<Session, String> {
        let engine = EngineProcess::spawn(command).map_err(|error| format!("spawn: {error}"))?;
        Ok(Session {
            engine,
            transcript: Vec::new(),
            slack,
            commands: 0,
            answer_in_flight: None,
        })
    }

    /// Sends raw bytes (the caller adds the line ending).
    pub fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.transcript.push(format!("> {}", shown(bytes)));
        self.commands += 1;
        self.engine
            .send_bytes(bytes)
            .map_err(|error| format!("the engine stopped reading: {error}"))
    }

    /// Sends a line with `ending` ("\n" or "\r\n").
    pub fn line(&mut self, text: &str, ending: &str) -> Result<(), String> {
        self.send(format!("{text}{ending}").as_bytes())
    }

    /// Sends `stop` between `pause_ms.0` and `pause_ms.1` ms after `search` (a line that starts
    /// a search). An answer (a line `is_answer` accepts) that the engine printed before it read
    /// `stop` came in time; one printed after it did not, but a loaded machine can delay the first
    /// past the stop, so `expect_exit` lets one through and still requires a prompt exit. The
    /// strict test, with a search known to be running, is in `tests/protocol_robustness.rs`.
    pub fn stop_during_search(
        &mut self,
        rng: &mut Rng,
        search: &str,
        stop: &str,
        pause_ms: (i64, i64),
        is_answer: fn(&str) -> bool,
    ) -> Result<(), String> {
        self.line(search, "\n")?;
        std::thread::sleep(Duration::from_millis(
            rng.range(pause_ms.0, pause_ms.1) as u64
        ));
        let answered = self.pending().iter().any(|line| is_answer(line));
        self.answer_in_flight = if answered { None } else { Some(is_answer) };
        self.line(stop, "\n")
    }

    /// Closes the engine's input.
    pub fn close_input(&mut self) {
        self.transcript.push("> (end of input)".to_string());
        self.engine.close_input();
    }

    /// The next line that `chatter` does not pass over, within `timeout`, and the wait.
    pub fn expect(
        &mut self,
        timeout: Duration,
        chatter: fn(&str) -> bool,
    ) -> Result<(String, Duration), String> {
        let start = Instant::now();
        loop {
            let left = (timeout + self.slack).saturating_sub(start.elapsed());
            match self.engine.recv(left) {
                Reply::Line(line) => {
                    let waited = start.elapsed();
                    self.transcript.push(format!(
                        "< {} ({} ms)",
                        shown(line.as_bytes()),
                        waited.as_millis()
                    ));
                    if !chatter(&line) {
                        return Ok((line, waited));
                    }
                }
                Reply::Timeout => {
                    return Err(format!(
                        "no answer within {} ms",
                        (timeout + self.slack).as_millis()
                    ))
                }
                Reply::Closed => return Err("the engine closed its output (exit or crash)".into()),
            }
        }
    }

    /// Checks that no line but chatter comes within `wait`.
    pub fn expect_nothing(
        &mut self,
        wait: Duration,
        chatter: fn(&str) -> bool,
    ) -> Result<(), String> {
        let start = Instant::now();
        loop {
            match self.engine.recv(wait.saturating_sub(start.elapsed())) {
                Reply::Line(line) => {
                    self.transcript
                        .push(format!("< {}", shown(line.as_bytes())));
                    if !chatter(&line) {
                        return Err(format!("unexpected line '{}'", shown(line.as_bytes())));
                    }
                }
                Reply::Timeout => return Ok(()),
                Reply::Closed => return Err("the engine closed its output (exit or crash)".into()),
            }
        }
    }

    /// Lines already waiting, without waiting for more.
    pub fn pending(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while let Reply::Line(line) = self.engine.recv(Duration::ZERO) {
            self.transcript
                .push(format!("< {}", shown(line.as_bytes())));
            lines.push(line);
        }
        lines
    }

    /// Takes in what the engine printed in answer to earlier commands (a trailing DEBUG line,
    /// say), so that a final END or quit is judged only by what comes after it.
    pub fn settle(&mut self) {
        std::thread::sleep(Duration::from_millis(30));
        self.pending();
    }

    /// Checks that the engine prints nothing more and exits within `within`; only the answer
    /// to a search stopped by `stop_during_search` may still come.
    pub fn expect_exit(&mut self, within: Duration) -> Result<(), String> {
        let start = Instant::now();
        loop {
            let left = (within + self.slack).saturating_sub(start.elapsed());
            match self.engine.recv(left) {
                Reply::Line(line) => {
                    self.transcript
                        .push(format!("< {}", shown(line.as_bytes())));
                    match self.answer_in_flight.take() {
                        Some(is_answer) if is_answer(&line) => {
                            self.transcript
                                .push("(the answer to the stopped search: allowed)".to_string());
                        }
                        _ => {
                            return Err(format!(
                                "printed '{}' when it should end",
                                shown(line.as_bytes())
                            ))
                        }
                    }
                }
                Reply::Timeout => {
                    return Err(format!(
                        "still running {} ms after it should end",
                        start.elapsed().as_millis()
                    ))
                }
                Reply::Closed => break,
            }
        }
        if !self.engine.finish(Duration::from_millis(500)) {
            return Err("closed its output but did not exit".into());
        }
        self.transcript
            .push(format!("(exited after {} ms)", start.elapsed().as_millis()));
        Ok(())
    }
}

/// A case that went wrong.
#[derive(Debug)]
pub struct Failure {
    pub protocol: String,
    /// Rerun it alone with this seed and one case.
    pub seed: u64,
    pub reason: String,
    pub transcript: Vec<String>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} seed {}: {} (rerun: protocol-fuzz --protocol {} --seed {} --cases 1)",
            self.protocol, self.seed, self.reason, self.protocol, self.seed
        )?;
        let skip = self.transcript.len().saturating_sub(60);
        if skip > 0 {
            writeln!(f, "    ... {skip} earlier lines")?;
        }
        for line in &self.transcript[skip..] {
            writeln!(f, "    {line}")?;
        }
        Ok(())
    }
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Summary {
    pub cases: usize,
    pub commands: usize,
    pub failures: Vec<Failure>,
    pub elapsed: Duration,
}

/// Runs cases `seed, seed + 1, ...` of `protocol` against `binary`, until `cases` have run or
/// `budget` has passed.
pub fn fuzz(
    protocol: &dyn Protocol,
    binary: &Path,
    seed: u64,
    cases: usize,
    budget: Duration,
    slack: Duration,
) -> Summary {
    let start = Instant::now();
    let mut summary = Summary::default();
    let command = protocol.command(binary);
    for case in 0..cases as u64 {
        if start.elapsed() >= budget {
            break;
        }
        let case_seed = seed.wrapping_add(case);
        let mut rng = Rng::new(case_seed);
        summary.cases += 1;
        let failure = |reason: String, transcript: Vec<String>| Failure {
            protocol: protocol.name().to_string(),
            seed: case_seed,
            reason,
            transcript,
        };
        let mut session = match Session::start(&command, slack) {
            Ok(session) => session,
            Err(reason) => {
                summary.failures.push(failure(reason, Vec::new()));
                continue;
            }
        };
        let outcome = protocol.run_case(&mut rng, &mut session);
        summary.commands += session.commands;
        if let Err(reason) = outcome {
            summary.failures.push(failure(reason, session.transcript));
        }
    }
    summary.elapsed = start.elapsed();
    summary
}

/// Every protocol the fuzzer knows, by name.
pub fn protocols() -> Vec<Box<dyn Protocol>> {
    let mut all: Vec<Box<dyn Protocol>> = vec![
        Box::new(gomocup::Gomocup),
        Box::new(gomoku_server::GomokuServer),
        Box::new(checkers::Checkers),
    ];
    for spec in sau::games() {
        all.push(Box::new(spec));
    }
    all
}

/// A random line ending: mostly LF, sometimes CRLF.
pub fn ending(rng: &mut Rng) -> &'static str {
    if rng.one_in(4) {
        "\r\n"
    } else {
        "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict of `expect_exit` after a stop sent 60 ms into a search, against a fake engine
    /// (a shell script) that reads the search and the stop lines as `script` says.
    fn verdict_after_stop(name: &str, script: &str) -> Result<(), String> {
        let path = std::env::temp_dir().join(format!("fuzz-stop-{name}-{}.sh", std::process::id()));
        std::fs::write(&path, script).unwrap();
        let mut session = Session::start(
            &format!("sh {}", path.display()),
            Duration::from_millis(200),
        )
        .unwrap();
        let is_move = |line: &str| line.starts_with("move ");
        session
            .stop_during_search(&mut Rng::new(1), "go 5000", "quit", (60, 61), is_move)
            .unwrap();
        let verdict = session.expect_exit(Duration::from_millis(300));
        let _ = std::fs::remove_file(&path);
        verdict
    }

    #[test]
    fn a_silent_exit_after_the_stop_passes() {
        assert_eq!(verdict_after_stop("silent", "read a\nread b\n"), Ok(()));
    }

    #[test]
    fn one_answer_to_the_stopped_search_may_still_come() {
        let script = "read a\nread b\necho 'move 1'\n";
        assert_eq!(verdict_after_stop("late", script), Ok(()));
    }

    #[test]
    fn a_second_line_after_the_stop_fails() {
        let script = "read a\nread b\necho 'move 1'\necho 'move 2'\n";
        let verdict = verdict_after_stop("twice", script);
        assert!(verdict.unwrap_err().contains("move 2"));
    }

    #[test]
    fn an_answer_after_the_stop_fails_when_the_search_had_answered() {
        let script = "read a\necho 'move 1'\nread b\necho 'move 2'\n";
        let verdict = verdict_after_stop("answered", script);
        assert!(verdict.unwrap_err().contains("move 2"));
    }

    #[test]
    fn a_line_that_is_no_answer_fails() {
        let script = "read a\nread b\necho 'info thinking'\n";
        let verdict = verdict_after_stop("chatter", script);
        assert!(verdict.unwrap_err().contains("info thinking"));
    }

    #[test]
    fn an_engine_that_goes_on_thinking_fails() {
        let script = "read a\nread b\nsleep 2\necho 'move 1'\n";
        let verdict = verdict_after_stop("thinking", script);
        assert!(verdict.unwrap_err().contains("still running"));
    }
}
