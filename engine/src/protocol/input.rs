//! Reading a judge's commands, the same way for every adapter.
//!
//! - A line is the bytes up to a line feed, less trailing CRs. A lone CR is not a line break:
//!   every judge ends its lines with LF or CRLF, and splitting on CR would turn one junk line
//!   into several commands.
//! - Bytes that are not UTF-8 are decoded leniently (as U+FFFD), so that a bad line is one bad
//!   command, never the end of the input.
//! - A line longer than the adapter's limit is kept to the limit and marked, so that junk without
//!   line feeds cannot fill the memory.
//! - A line cut off by the end of the input is dropped: the judge that would read its answer has
//!   gone.
//!
//! Standard input is read on a thread of its own, so that the judge's stop line (END, quit) and
//! the end of the input are noticed while a search runs: they raise a `StopFlag` at once, which
//! the adapter hands to the search in its [`Deadline`](crate::core::time::Deadline). Any other
//! reader (tests) is read on the caller's thread, one line when asked for, so that its lines
//! arrive only as fast as the answers, as they do from a judge.

use crate::core::time::StopFlag;
use std::io::{self, BufRead, StdinLock};
use std::sync::atomic::{fence, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::Instant;

/// One line from the judge.
#[derive(Clone, Debug)]
pub struct Line {
    /// The text, without its line ending.
    pub text: String,
    /// Whether the line was longer than the limit (`text` then holds its start only).
    pub too_long: bool,
    /// When the line had arrived (the judge's clock for an answer starts about then).
    pub received: Instant,
}

/// Where the lines come from.
pub enum Source<'a> {
    /// Standard input, read on a thread of its own.
    Stdin,
    /// Any other reader, read on the caller's thread.
    Reader(Box<dyn BufRead + 'a>),
    /// Any other reader, read on a thread of its own as standard input is (tests of what the
    /// engine does between lines).
    #[cfg(test)]
    Threaded(Box<dyn BufRead + Send>),
}

impl From<StdinLock<'static>> for Source<'static> {
    /// The lock is let go: the reading thread takes its own.
    fn from(_: StdinLock<'static>) -> Self {
        Source::Stdin
    }
}

impl<'a> From<&'a [u8]> for Source<'a> {
    fn from(bytes: &'a [u8]) -> Self {
        Source::Reader(Box::new(bytes))
    }
}

/// Recognises the judge's line that ends the program (END, quit).
pub type StopLine = fn(&str) -> bool;

enum Reading<'a> {
    Here(Box<dyn BufRead + 'a>),
    Thread(Receiver<Line>),
    Ended,
}

/// The judge's lines, one at a time, with the stop flag that the stop line and the end of the
/// input raise.
pub struct Lines<'a> {
    reading: Reading<'a>,
    /// A line taken from the reading thread while waiting for one, not yet handed out.
    pending: Option<Line>,
    stop: StopFlag,
    /// Raised by the reading thread with every line and at the end of the input.
    arrived: StopFlag,
    is_stop: StopLine,
    max_bytes: usize,
}

impl<'a> Lines<'a> {
    /// Lines of `source` of at most `max_bytes` each; `is_stop` recognises the stop line.
    pub fn new(source: impl Into<Source<'a>>, max_bytes: usize, is_stop: StopLine) -> Self {
        let stop = StopFlag::new();
        let arrived = StopFlag::new();
        let reading = match source.into() {
            Source::Reader(reader) => Reading::Here(reader),
            Source::Stdin => match spawn_reader(None, stop, arrived, max_bytes, is_stop) {
                Some(receiver) => Reading::Thread(receiver),
                // No thread to be had: read here, without noticing a stop during a search.
                None => Reading::Here(Box::new(io::stdin().lock())),
            },
            #[cfg(test)]
            Source::Threaded(reader) => {
                match spawn_reader(Some(reader), stop, arrived, max_bytes, is_stop) {
                    Some(receiver) => Reading::Thread(receiver),
                    None => Reading::Ended,
                }
            }
        };
        Self {
            reading,
            pending: None,
            stop,
            arrived,
            is_stop,
            max_bytes,
        }
    }

    /// Runs `think` while no line is waiting, with a flag raised when one arrives or the input
    /// ends; returns at once when a line is already waiting, the input has ended, or the lines
    /// are read on the caller's thread (a line is then always ready).
    pub fn wait_thinking(&mut self, think: impl FnOnce(StopFlag)) {
        let receiver = match &self.reading {
            Reading::Thread(receiver) if self.pending.is_none() => receiver,
            _ => return,
        };
        // Lowered before looking: a line sent after the look raises it again. The fences (here
        // and in the reading thread) keep the lowering from passing a raise it did not see.
        self.arrived.clear();
        fence(Ordering::SeqCst);
        match receiver.try_recv() {
            Ok(line) => self.pending = Some(line),
            Err(TryRecvError::Disconnected) => {}
            Err(TryRecvError::Empty) => {
                if !self.stop.is_raised() {
                    think(self.arrived);
                }
            }
        }
    }

    /// The next line; `None` once the input has ended (the stop flag is raised then).
    pub fn next_line(&mut self) -> Option<Line> {
        if let Some(line) = self.pending.take() {
            return Some(line);
        }
        let line = match &mut self.reading {
            Reading::Here(reader) => read_checked(reader, self.max_bytes, self.stop, self.is_stop),
            Reading::Thread(receiver) => receiver.recv().ok(),
            Reading::Ended => None,
        };
        if line.is_none() {
            self.stop.raise();
            self.reading = Reading::Ended;
        }
        line
    }

    /// The flag raised by the stop line or the end of the input, for the search's deadline.
    pub fn stop_flag(&self) -> StopFlag {
        self.stop
    }

    /// Whether the stop line or the end of the input has been read.
    pub fn stopped(&self) -> bool {
        self.stop.is_raised()
    }
}

/// Starts the thread that reads `input` (standard input when `None`) into a channel, raising
/// `arrived` after each line and at the end.
fn spawn_reader(
    input: Option<Box<dyn BufRead + Send>>,
    stop: StopFlag,
    arrived: StopFlag,
    max_bytes: usize,
    is_stop: StopLine,
) -> Option<Receiver<Line>> {
    let (sender, receiver) = mpsc::channel();
    let reader = move || {
        let forward = |input: &mut dyn BufRead| {
            while let Some(line) = read_checked(input, max_bytes, stop, is_stop) {
                let last = stop.is_raised();
                let sent = sender.send(line).is_ok();
                fence(Ordering::SeqCst);
                arrived.raise();
                if !sent || last {
                    break;
                }
            }
        };
        match input {
            Some(mut input) => forward(&mut *input),
            None => forward(&mut io::stdin().lock()),
        }
        stop.raise();
        arrived.raise();
    };
    // A small stack: the thread only reads and decodes.
    thread::Builder::new()
        .name("input".to_string())
        .stack_size(256 << 10)
        .spawn(reader)
        .ok()
        .map(|_| receiver)
}

/// Reads a line and raises `stop` when it is the stop line (before anyone sees the line) or
/// when the input has ended.
fn read_checked<R: BufRead + ?Sized>(
    input: &mut R,
    max_bytes: usize,
    stop: StopFlag,
    is_stop: StopLine,
) -> Option<Line> {
    let mut bytes = Vec::new();
    match read_line(input, &mut bytes, max_bytes) {
        Ok(Some(fits)) => {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if fits && is_stop(&text) {
                stop.raise();
            }
            Some(Line {
                text,
                too_long: !fits,
                received: Instant::now(),
            })
        }
        Ok(None) | Err(_) => {
            stop.raise();
            None
        }
    }
}

/// Reads one line into `line` (without its ending), keeping fewer than `max_bytes` bytes of it.
/// Returns whether the line fitted, or `None` at the end of the input, a line cut off by the end
/// included.
pub fn read_line<R: BufRead + ?Sized>(
    input: &mut R,
    line: &mut Vec<u8>,
    max_bytes: usize,
) -> io::Result<Option<bool>> {
    line.clear();
    let mut fits = true;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(None);
        }
        let (chunk, used) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], end + 1),
            None => (buffer, buffer.len()),
        };
        let found_end = used > chunk.len();
        if line.len() + chunk.len() < max_bytes {
            line.extend_from_slice(chunk);
        } else {
            let room = max_bytes.saturating_sub(line.len() + 1);
            line.extend_from_slice(&chunk[..room.min(chunk.len())]);
            fits = false;
        }
        input.consume(used);
        if found_end {
            break;
        }
    }
    while line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(fits))
}

/// A piece of the judge's input fit to quote in an answer: control characters escaped (a CR
/// would end the line for some readers) and at most 40 characters.
pub fn quoted(text: &str) -> String {
    let mut shown: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().nth(40).is_some() {
        shown.push_str("...");
    }
    shown
}

/// Parses a whole number, saturating at the ends of `i64` rather than refusing a long one.
pub fn parse_saturating(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Ok(value) = text.parse::<i64>() {
        return Some(value);
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    Some(if negative { i64::MIN } else { i64::MAX })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_lines(input: &[u8], max_bytes: usize) -> Vec<(String, bool)> {
        let mut lines = Lines::new(input, max_bytes, |line| line.trim() == "END");
        let mut seen = Vec::new();
        while let Some(line) = lines.next_line() {
            seen.push((line.text, line.too_long));
        }
        assert!(lines.stopped(), "the end of the input raises the flag");
        seen
    }

    #[test]
    fn bad_bytes_crlf_and_a_lone_cr() {
        let lines = all_lines(b"a\xff\xfeb\r\nc\rd\n\nlast", 100);
        let texts: Vec<&str> = lines.iter().map(|(text, _)| text.as_str()).collect();
        assert_eq!(texts, ["a\u{fffd}\u{fffd}b", "c\rd", ""]);
    }

    #[test]
    fn long_lines_are_cut_and_marked() {
        let input = format!("{}\nok\n", "x".repeat(1000));
        let lines = all_lines(input.as_bytes(), 256);
        assert_eq!(lines[0].0.len(), 255);
        assert!(lines[0].1);
        assert_eq!(lines[1], ("ok".to_string(), false));
    }

    #[test]
    fn the_stop_line_raises_the_flag_when_read() {
        let mut lines = Lines::new(&b"A\nEND\nB\n"[..], 100, |line| line == "END");
        assert_eq!(lines.next_line().unwrap().text, "A");
        assert!(!lines.stopped());
        assert_eq!(lines.next_line().unwrap().text, "END");
        assert!(lines.stopped());
    }

    #[test]
    fn quoting_escapes_and_shortens() {
        assert_eq!(quoted("a\rmove 3"), "a\\rmove 3");
        assert_eq!(quoted(&"y".repeat(50)), format!("{}...", "y".repeat(40)));
    }

    #[test]
    fn numbers_saturate() {
        assert_eq!(parse_saturating(" 42 "), Some(42));
        assert_eq!(parse_saturating("99999999999999999999999"), Some(i64::MAX));
        assert_eq!(parse_saturating("-99999999999999999999999"), Some(i64::MIN));
        assert_eq!(parse_saturating("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(parse_saturating("12a"), None);
        assert_eq!(parse_saturating("-"), None);
    }
}
