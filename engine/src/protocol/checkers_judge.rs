//! The 8x8 checkers judge: `START 1|2`, `PLACE N r,c ...`, `TURN`, `END x`, answers `OK` and
//! `N r,c ...`, and `DEBUG text` lines at any time.
//!
//! The reader (this adapter) answers `START` at once and hands every command to the engine's
//! worker thread ([`Worker`]), which plays and ponders on the opponent's time between commands
//! and never prints while pondering, so nothing appears outside a `TURN` answer. `END` or the end
//! of the input ends the worker at once, even in the middle of a search.

use super::input::read_line;
use crate::checkers::engine::{CheckersEngine, MoveError, Settings};
use crate::core::color::Color;
use crate::core::ponder::Worker;
use crate::core::time::StopFlag;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One line from the judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A new game; we play this colour.
    Start(Color),
    /// The opponent's move: the squares it visited (row, col).
    Place(Vec<(i32, i32)>),
    /// Our move is asked for.
    Turn,
    /// The game is over.
    End,
}

/// Parses one line (CRLF, extra spaces and lower case tolerated).
pub fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (word, rest) = match line.find(char::is_whitespace) {
        Some(at) => (&line[..at], line[at..].trim()),
        None => (line, ""),
    };
    match word.to_ascii_uppercase().as_str() {
        "START" => match rest {
            "1" => Ok(Command::Start(Color::Black)),
            "2" => Ok(Command::Start(Color::White)),
            other => Err(format!("START needs 1 or 2, got {other:?}")),
        },
        "PLACE" => parse_place(rest).map(Command::Place),
        "TURN" => Ok(Command::Turn),
        "END" => Ok(Command::End),
        "" => Err("empty line".to_string()),
        other => Err(format!("unknown command {other:?}")),
    }
}

/// Parses `N r,c r,c ...`; spaces around the commas are tolerated.
fn parse_place(text: &str) -> Result<Vec<(i32, i32)>, String> {
    let numbers: Vec<i32> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse::<i32>()
                .map_err(|_| format!("bad number {word:?}"))
        })
        .collect::<Result<_, _>>()?;
    let (&count, coordinates) = numbers.split_first().ok_or("PLACE without squares")?;
    if coordinates.len() % 2 != 0 || coordinates.len() / 2 != count.max(0) as usize {
        return Err(format!(
            "PLACE says {count} squares but lists {} numbers",
            coordinates.len()
        ));
    }
    if count < 2 {
        return Err(format!("PLACE needs at least 2 squares, got {count}"));
    }
    Ok(coordinates.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// The longest line read whole: a PLACE of a capture across the whole board is under 200 bytes.
const MAX_LINE_BYTES: usize = 4096;

/// Debug output is capped well below the judge's 32 KB per game.
const DEBUG_BUDGET: usize = 12 * 1024;

/// Output to the judge shared by the reader and the worker, with the DEBUG budget.
struct Output<W> {
    inner: Arc<Mutex<(W, usize)>>,
}

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<W: Write> Output<W> {
    fn new(writer: W) -> Self {
        Output {
            inner: Arc::new(Mutex::new((writer, 0))),
        }
    }

    fn line(&self, text: &str) {
        self.write(text, false);
    }

    fn debug(&self, text: &str) {
        // A DEBUG message is one line: no line breaks inside.
        self.write(&format!("DEBUG {}", text.replace(['\r', '\n'], " ")), true);
    }

    fn write(&self, text: &str, is_debug: bool) {
        let mut guard = match self.inner.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        let (writer, debug_used) = &mut *guard;
        if is_debug {
            *debug_used += text.len() + 1;
            if *debug_used > DEBUG_BUDGET {
                return;
            }
        }
        // If the judge has closed our output there is nobody left to tell.
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }
}

/// Runs the judge protocol on `input`/`output` until `END` or the end of the input.
pub fn run<R: BufRead, W: Write + Send + 'static>(settings: Settings, mut input: R, output: W) {
    let output = Output::new(output);
    let engine = CheckersEngine::new(settings);
    let worker = {
        let output = output.clone();
        Worker::spawn(
            engine,
            move |engine: &mut CheckersEngine, (command, received), quit: &StopFlag| {
                handle(engine, command, received, quit, &output)
            },
        )
    };
    let worker = match worker {
        Ok(worker) => worker,
        Err(error) => {
            output.debug(&format!("cannot start the engine thread: {error}"));
            return;
        }
    };
    let mut bytes = Vec::new();
    // Bytes, not `lines()`: a line that is not UTF-8 is reported, not the end of input; a line
    // longer than any command is cut (see `input::read_line`).
    while let Ok(Some(_)) = read_line(&mut input, &mut bytes, MAX_LINE_BYTES) {
        let received = Instant::now();
        let line = String::from_utf8_lossy(&bytes);
        match parse_command(&line) {
            Ok(Command::End) => break,
            Ok(command) => {
                if let Command::Start(_) = command {
                    output.line("OK");
                }
                if !worker.send((command, received)) {
                    break;
                }
            }
            Err(why) => output.debug(&format!("ignored line {:?}: {why}", line.trim())),
        }
    }
    // Dropping the worker ends its search at once.
    drop(worker);
}

/// One command on the worker thread.
fn handle<W: Write>(
    engine: &mut CheckersEngine,
    command: Command,
    received: Instant,
    quit: &StopFlag,
    output: &Output<W>,
) {
    match command {
        Command::Start(color) => engine.new_game(color),
        Command::Place(path) => match engine.play_opponent(&path) {
            Ok(()) => {}
            Err(MoveError::OffTheBoard) => {
                output.debug(&format!("PLACE off the board ignored: {path:?}"))
            }
            Err(MoveError::Illegal) => output.debug(&format!(
                "illegal PLACE ignored: {path:?} in {}",
                engine.position()
            )),
        },
        Command::Turn => {
            if engine.opponent_to_move() {
                output.debug("TURN while the opponent is to move: assuming it passed");
            }
            let report = engine.think(received, quit);
            if quit.is_raised() {
                return;
            }
            match report {
                Some(report) => {
                    output.line(&report.best.to_string());
                    output.debug(&format!(
                        "ply {} depth {} score {} nodes {} time {} ms, game {} ms",
                        report.ply,
                        report.search.depth,
                        report.search.score,
                        report.search.nodes,
                        report.spent.as_millis(),
                        report.game_used.as_millis()
                    ));
                }
                None => output.debug("no legal move: the game is lost"),
            }
        }
        Command::End => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{self, BufReader, Read};
    use std::sync::mpsc::{self, Receiver, Sender};
    use std::thread;
    use std::time::Duration;

    /// Input the test writes line by line while the adapter runs; ends when the sender drops.
    struct ChannelInput {
        lines: Receiver<Vec<u8>>,
        pending: Vec<u8>,
    }

    impl Read for ChannelInput {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if self.pending.is_empty() {
                match self.lines.recv() {
                    Ok(bytes) => self.pending = bytes,
                    Err(_) => return Ok(0),
                }
            }
            let count = buffer.len().min(self.pending.len());
            buffer[..count].copy_from_slice(&self.pending[..count]);
            self.pending.drain(..count);
            Ok(count)
        }
    }

    /// Output the test reads while the adapter runs.
    #[derive(Clone, Default)]
    struct SharedOutput(Arc<Mutex<Vec<u8>>>);

    impl Write for SharedOutput {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl SharedOutput {
        fn lines(&self) -> Vec<String> {
            let bytes = self.0.lock().unwrap().clone();
            String::from_utf8(bytes)
                .unwrap()
                .lines()
                .map(String::from)
                .collect()
        }

        /// Waits until a line that is not DEBUG appears after the first `seen` such lines.
        fn answer_after(&self, seen: usize) -> String {
            let start = Instant::now();
            loop {
                let answers: Vec<String> = self
                    .lines()
                    .into_iter()
                    .filter(|line| !line.starts_with("DEBUG"))
                    .collect();
                if answers.len() > seen {
                    return answers[seen].clone();
                }
                assert!(start.elapsed() < Duration::from_secs(10), "no answer");
                thread::sleep(Duration::from_millis(2));
            }
        }
    }

    /// The adapter on its own thread, fed and read by the test.
    fn session() -> (Sender<Vec<u8>>, SharedOutput, thread::JoinHandle<()>) {
        let (sender, lines) = mpsc::channel();
        let output = SharedOutput::default();
        let settings = Settings {
            move_limit: std::time::Duration::from_millis(100),
            game_limit: std::time::Duration::from_secs(5),
            table_mb: 1,
        };
        let writer = output.clone();
        let adapter = thread::spawn(move || {
            let input = BufReader::new(ChannelInput {
                lines,
                pending: Vec::new(),
            });
            run(settings, input, writer);
        });
        (sender, output, adapter)
    }

    #[test]
    fn a_game_in_memory_answers_ok_then_legal_moves_and_end_stops_pondering() {
        let (input, output, adapter) = session();
        input.send(b"START 2\n".to_vec()).unwrap();
        assert_eq!(output.answer_after(0), "OK");
        input.send(b"PLACE 2 5,0 4,1\nTURN\n".to_vec()).unwrap();
        let reply = output.answer_after(1);
        let command = parse_command(&format!("PLACE {reply}")).expect("a move in PLACE form");
        assert!(matches!(command, Command::Place(path) if path.len() >= 2));
        // The engine now ponders on our opponent's time; END must end it at once.
        thread::sleep(Duration::from_millis(50));
        let start = Instant::now();
        input.send(b"END 0\n".to_vec()).unwrap();
        adapter.join().unwrap();
        assert!(start.elapsed() < Duration::from_millis(500));
    }

    #[test]
    fn bad_lines_get_debug_and_the_game_goes_on() {
        let (input, output, adapter) = session();
        input
            .send(b"START 1\n\xff\xfe\nPLACE 2 9,9 8,8\nPLACE 2 5,0 3,0\nTURN\n".to_vec())
            .unwrap();
        assert_eq!(output.answer_after(0), "OK");
        let reply = output.answer_after(1);
        assert!(reply.contains(','), "a move, not {reply:?}");
        drop(input);
        adapter.join().unwrap();
        let debug = output
            .lines()
            .iter()
            .filter(|line| line.starts_with("DEBUG"))
            .count();
        assert!(debug >= 3, "{:?}", output.lines());
    }

    #[test]
    fn parses_commands_with_crlf_and_spaces() {
        assert_eq!(parse_command("START 1\r"), Ok(Command::Start(Color::Black)));
        assert_eq!(
            parse_command("  START   2  "),
            Ok(Command::Start(Color::White))
        );
        assert_eq!(parse_command("TURN\r\n"), Ok(Command::Turn));
        assert_eq!(parse_command("END 0"), Ok(Command::End));
        assert_eq!(
            parse_command("PLACE 3 5,0 3,2  1,0\r"),
            Ok(Command::Place(vec![(5, 0), (3, 2), (1, 0)]))
        );
        assert_eq!(
            parse_command("PLACE 2 5, 0 4 ,1"),
            Ok(Command::Place(vec![(5, 0), (4, 1)]))
        );
    }

    #[test]
    fn rejects_malformed_lines() {
        assert!(parse_command("").is_err());
        assert!(parse_command("HELLO").is_err());
        assert!(parse_command("START 3").is_err());
        assert!(parse_command("PLACE").is_err());
        assert!(parse_command("PLACE 3 5,0 4,1").is_err());
        assert!(parse_command("PLACE 2 5,0 4,x").is_err());
        assert!(parse_command("PLACE 1 5,0").is_err());
        assert!(parse_command("PLACE -1").is_err());
    }
}
