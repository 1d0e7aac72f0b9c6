//! A GTP engine (a Go Text Protocol program, such as the NoGo anchor HaHaNoGo) seen as an SAU
//! NoGo engine: the bridge reads the platform's lines (`name?`, `new`, `move`, `error`, `end`,
//! `quit`), tells the GTP engine each opponent stone with `play` and asks its own with
//! `genmove`. The judge then times the bridge, so the GTP engine's time counts against it, and
//! the judge's own referee checks every stone.
//!
//! - Coordinates: the platform's `XY` (column `X` and row `Y` from `A` at the top left) become
//!   GTP's vertex (column letter without `I`, row number from 1 at the bottom).
//! - A GTP `resign` answer becomes the line `resign`, which the judge counts as that side's loss
//!   (the platform itself has no resignation).
//! - The first `random_plies` stones of the bridge's side are drawn at random among the legal
//!   points near the centre (and sent to the GTP engine with `play`), so that a deterministic
//!   anchor plays different games.

use super::nogo::NoGo;
use super::rules::{Colour, Referee, Verdict};
use engine::core::rng::Rng;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const SIZE: usize = 9;
/// GTP's column letters: `I` is skipped.
const COLUMNS: &[u8; 9] = b"ABCDEFGHJ";

/// The GTP vertex of the platform square in column `x`, row `y` (row 0 is the top).
pub fn vertex_of(x: usize, y: usize) -> String {
    format!("{}{}", char::from(COLUMNS[x]), SIZE - y)
}

/// The platform square of a GTP vertex (either case); `None` when it is not a vertex of 9x9.
pub fn square_of(vertex: &str) -> Option<(usize, usize)> {
    let bytes = vertex.trim().as_bytes();
    let (&letter, digits) = bytes.split_first()?;
    let x = COLUMNS
        .iter()
        .position(|&column| column == letter.to_ascii_uppercase())?;
    let row: usize = std::str::from_utf8(digits).ok()?.parse().ok()?;
    (1..=SIZE).contains(&row).then_some((x, SIZE - row))
}

/// The platform's name of the square in column `x`, row `y`.
fn square_name(x: usize, y: usize) -> String {
    super::rules::square_name(x, y)
}

/// One GTP exchange: the answer's text after `=`, or the text after `?` as an error.
pub trait Gtp {
    /// Sends `command` and waits for its answer.
    fn ask(&mut self, command: &str) -> io::Result<Result<String, String>>;
}

/// A GTP engine as a child process; its standard error is thrown away (HaHaNoGo writes its
/// search statistics there).
pub struct GtpProcess {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl GtpProcess {
    /// Starts `program` with `args`.
    pub fn spawn(program: &str, args: &[String]) -> io::Result<Self> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child.stdin.take();
        let output = child.stdout.take().map(BufReader::new);
        match output {
            Some(output) => Ok(Self {
                child,
                input,
                output,
            }),
            None => Err(io::Error::other("no output pipe")),
        }
    }
}

impl Gtp for GtpProcess {
    fn ask(&mut self, command: &str) -> io::Result<Result<String, String>> {
        let input = self
            .input
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))?;
        writeln!(input, "{command}")?;
        input.flush()?;
        // The answer starts with `=` or `?` (blank lines before it are skipped) and ends with a
        // blank line.
        let mut answer: Option<(bool, String)> = None;
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the GTP engine closed its output",
                ));
            }
            let line = line.trim_end_matches(['\n', '\r']);
            match &mut answer {
                None if line.trim().is_empty() => {}
                None => {
                    let ok = !line.starts_with('?');
                    let text = line.trim_start_matches(['=', '?']);
                    // An optional command id precedes the text.
                    let text = text.trim_start_matches(|c: char| c.is_ascii_digit());
                    answer = Some((ok, text.trim().to_string()));
                }
                Some(_) if line.trim().is_empty() => break,
                Some((_, text)) => {
                    text.push('\n');
                    text.push_str(line.trim());
                }
            }
        }
        let (ok, text) = answer.unwrap_or_default();
        Ok(if ok { Ok(text) } else { Err(text) })
    }
}

impl Drop for GtpProcess {
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = writeln!(input, "quit");
        }
        // HaHaNoGo ends at the end of its input, after the search it may be running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How the bridge opens its games.
#[derive(Clone, Copy, Debug)]
pub struct Opening {
    /// Stones of the bridge's side drawn at random before the GTP engine is asked.
    pub random_plies: u32,
    /// Those stones lie at most this many lines from the centre in each direction.
    pub radius: usize,
    /// Seed of the draws.
    pub seed: u64,
}

/// The bridge between the platform's lines and a GTP engine.
pub struct Bridge<G: Gtp> {
    gtp: G,
    opening: Opening,
    rng: Rng,
    board: NoGo,
    our_side: Option<Colour>,
    own_stones: u32,
    /// Our last answer, repeated if the judge rejects it (then the judge decides the game).
    last_answer: Option<String>,
}

impl<G: Gtp> Bridge<G> {
    /// A bridge in front of `gtp`.
    pub fn new(gtp: G, opening: Opening) -> Self {
        Self {
            gtp,
            opening,
            rng: Rng::new(opening.seed | 1),
            board: NoGo::default(),
            our_side: None,
            own_stones: 0,
            last_answer: None,
        }
    }

    /// Answers one platform line: the lines to send back (none for most), and whether the
    /// bridge should stop (`quit`).
    pub fn handle(&mut self, line: &str) -> io::Result<(Vec<String>, bool)> {
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let argument = words.next();
        let mut out = Vec::new();
        match command {
            "name?" => {
                let name = self.gtp.ask("name")?.unwrap_or_default();
                let name = name.split_whitespace().next().unwrap_or("gtp");
                out.push(format!("name gtp-{name}"));
            }
            "new" => {
                let side = match argument {
                    Some("black") => Colour::Black,
                    Some("white") => Colour::White,
                    _ => return Ok((vec!["notice new needs black or white".into()], false)),
                };
                self.gtp.ask("boardsize 9")?.map_err(io::Error::other)?;
                self.gtp.ask("clear_board")?.map_err(io::Error::other)?;
                self.board = NoGo::default();
                self.our_side = Some(side);
                self.own_stones = 0;
                if side == Colour::Black {
                    out.push(self.our_move()?);
                }
            }
            "move" => {
                let square = argument.and_then(|text| {
                    super::rules::parse_squares(text, SIZE)
                        .ok()
                        .and_then(|squares| match squares.as_slice() {
                            [Some(square)] => Some(*square),
                            _ => None,
                        })
                });
                let (x, y) = match square {
                    Some(square) => square,
                    None => return Ok((vec!["notice unreadable move ignored".into()], false)),
                };
                let colour = self.board.to_move();
                if self.board.submit(&square_name(x, y)) != Verdict::Accepted {
                    return Ok((vec!["notice illegal opponent move ignored".into()], false));
                }
                let command = format!("play {} {}", colour.word(), vertex_of(x, y));
                self.gtp.ask(&command)?.map_err(io::Error::other)?;
                if self.board.result().is_none() {
                    out.push(self.our_move()?);
                }
            }
            "error" => {
                if let Some(answer) = &self.last_answer {
                    out.push(answer.clone());
                }
            }
            "end" => self.our_side = None,
            "quit" => return Ok((out, true)),
            _ => out.push("notice unknown command ignored".into()),
        }
        Ok((out, false))
    }

    /// Our stone: a random one near the centre while the opening lasts, else the GTP engine's.
    fn our_move(&mut self) -> io::Result<String> {
        let colour = self.board.to_move();
        let answer = if self.own_stones < self.opening.random_plies {
            let centre = SIZE / 2;
            let near: Vec<(usize, usize)> = self
                .board
                .legal_squares()
                .into_iter()
                .filter(|&(x, y)| {
                    x.abs_diff(centre) <= self.opening.radius
                        && y.abs_diff(centre) <= self.opening.radius
                })
                .collect();
            if near.is_empty() {
                self.genmove(colour)?
            } else {
                let (x, y) = near[self.rng.below(near.len() as u32) as usize];
                let command = format!("play {} {}", colour.word(), vertex_of(x, y));
                self.gtp.ask(&command)?.map_err(io::Error::other)?;
                Some((x, y))
            }
        } else {
            self.genmove(colour)?
        };
        self.own_stones += 1;
        let line = match answer {
            Some((x, y)) => {
                let name = square_name(x, y);
                self.board.submit(&name);
                format!("move {name}")
            }
            None => "resign".to_string(),
        };
        self.last_answer = Some(line.clone());
        Ok(line)
    }

    /// The GTP engine's stone for `colour`; `None` when it resigns.
    fn genmove(&mut self, colour: Colour) -> io::Result<Option<(usize, usize)>> {
        let answer = self
            .gtp
            .ask(&format!("genmove {}", colour.word()))?
            .map_err(io::Error::other)?;
        if answer.eq_ignore_ascii_case("resign") || answer.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        square_of(&answer)
            .map(Some)
            .ok_or_else(|| io::Error::other(format!("unreadable genmove answer '{answer}'")))
    }
}

/// Runs the bridge on the platform's `input` and `output` until `quit` or the end of the input.
pub fn serve<G: Gtp>(
    bridge: &mut Bridge<G>,
    input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    for line in input.lines() {
        let (answers, stop) = bridge.handle(&line?)?;
        for answer in answers {
            writeln!(output, "{answer}")?;
        }
        output.flush()?;
        if stop {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A GTP engine that plays the first legal point of its own board, or resigns once it has
    /// played `resign_after` stones.
    struct Fake {
        board: NoGo,
        played: u32,
        resign_after: u32,
        log: Vec<String>,
    }

    impl Gtp for Fake {
        fn ask(&mut self, command: &str) -> io::Result<Result<String, String>> {
            self.log.push(command.to_string());
            let words: Vec<&str> = command.split_whitespace().collect();
            let answer = match words.as_slice() {
                ["name"] => "fake".to_string(),
                ["clear_board"] => {
                    self.board = NoGo::default();
                    String::new()
                }
                ["play", _, vertex] => {
                    let (x, y) = square_of(vertex).unwrap();
                    assert_eq!(self.board.submit(&square_name(x, y)), Verdict::Accepted);
                    String::new()
                }
                ["genmove", _] if self.played >= self.resign_after => "resign".to_string(),
                ["genmove", _] => {
                    let (x, y) = self.board.legal_squares()[0];
                    self.board.submit(&square_name(x, y));
                    self.played += 1;
                    vertex_of(x, y).to_lowercase()
                }
                _ => String::new(),
            };
            Ok(Ok(answer))
        }
    }

    fn bridge(random_plies: u32, resign_after: u32) -> Bridge<Fake> {
        let fake = Fake {
            board: NoGo::default(),
            played: 0,
            resign_after,
            log: Vec::new(),
        };
        let opening = Opening {
            random_plies,
            radius: 1,
            seed: 7,
        };
        Bridge::new(fake, opening)
    }

    #[test]
    fn vertices_and_squares_correspond() {
        assert_eq!(vertex_of(0, 0), "A9");
        assert_eq!(vertex_of(8, 8), "J1");
        assert_eq!(vertex_of(7, 4), "H5");
        for x in 0..SIZE {
            for y in 0..SIZE {
                assert_eq!(square_of(&vertex_of(x, y)), Some((x, y)));
            }
        }
        assert_eq!(square_of("j1"), Some((8, 8)));
        assert_eq!(square_of("I5"), None);
        assert_eq!(square_of("A10"), None);
        assert_eq!(square_of("A0"), None);
        assert_eq!(square_of(""), None);
    }

    #[test]
    fn opponent_stones_reach_the_engine_and_its_stones_come_back() {
        let mut bridge = bridge(0, 99);
        assert_eq!(bridge.handle("name?").unwrap().0, vec!["name gtp-fake"]);
        assert!(bridge.handle("new white").unwrap().0.is_empty());
        let (out, stop) = bridge.handle("move EE").unwrap();
        assert!(!stop);
        // The fake plays the first legal point of its scan: the top left corner.
        assert_eq!(out, vec!["move AA"]);
        assert!(bridge.gtp.log.contains(&"play black E5".to_string()));
        assert!(bridge.gtp.log.contains(&"genmove white".to_string()));
        // A rejected answer is repeated for the judge to decide.
        assert_eq!(bridge.handle("error").unwrap().0, vec!["move AA"]);
        assert!(bridge.handle("quit").unwrap().1);
    }

    #[test]
    fn opening_stones_are_random_near_the_centre_and_told_to_the_engine() {
        for seed in 0..20 {
            let mut bridge = bridge(2, 99);
            bridge.opening.seed = seed;
            bridge.rng = Rng::new(seed | 1);
            let first = bridge.handle("new black").unwrap().0;
            let second = bridge.handle("move AA").unwrap().0;
            let third = bridge.handle("move AB").unwrap().0;
            for answer in [&first[0], &second[0]] {
                let square = answer.strip_prefix("move ").unwrap().as_bytes();
                assert!((b'D'..=b'F').contains(&square[0]), "{answer}");
                assert!((b'D'..=b'F').contains(&square[1]), "{answer}");
            }
            // The third stone is the engine's own: the first legal point of its board.
            assert_eq!(third, vec!["move BA"]);
            let genmoves = bridge.gtp.log.iter().filter(|c| c.starts_with("genmove"));
            assert_eq!(genmoves.count(), 1);
        }
    }

    #[test]
    fn a_resignation_becomes_the_resign_line() {
        let mut bridge = bridge(0, 1);
        assert_eq!(bridge.handle("new black").unwrap().0, vec!["move AA"]);
        assert_eq!(bridge.handle("move EE").unwrap().0, vec!["resign"]);
    }

    #[test]
    fn bad_platform_lines_get_notices() {
        let mut bridge = bridge(0, 99);
        bridge.handle("new white").unwrap();
        let out = bridge.handle("move ZZ").unwrap().0;
        assert!(out[0].starts_with("notice"));
        let out = bridge.handle("hello").unwrap().0;
        assert!(out[0].starts_with("notice"));
    }
}
