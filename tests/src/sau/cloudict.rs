//! Cloudict (github lang010/cloudict, Computer Olympiad Connect6 gold 2009 and 2011) as an SAU
//! engine: the adapter behind `sau-cloudict`, which the judge runs for `cloudict:ARGS`.
//!
//! Cloudict speaks its own text protocol: `new black` / `new white`, `black XY` and
//! `white X1Y1X2Y2` to set stones, `move X1Y1X2Y2` to play the opponent's turn and get its
//! answer (`move X1Y1X2Y2` among debug lines), `depth D`. Its squares are a column letter then
//! a row letter counted from the bottom; the platform counts rows from the top. It reads
//! `patterns.in` and appends every command to `engine.log` in its working folder, and spins
//! forever once its input closes, so each game runs it in a scratch folder of its own and kills
//! it when the game ends.
//!
//! The anchor's first turn is drawn at random near the centre (black's stone within `spread`
//! of the centre, white's two stones within `spread` of black's opening stone), so that the
//! games of a match differ; `--random-turns N` draws its first N turns so (its later random
//! turns also within `spread` of black's opening stone), and every later turn is cloudict's
//! own. The adapter checks nothing: the judge's referee judges every turn and the judge's clock
//! times the adapter with cloudict.

use crate::process::{EngineProcess, Reply};
use engine::core::rng::Rng;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const SIZE: u8 = 19;
const CENTRE: u8 = 9;

/// The prefix that names cloudict as an engine of `sau-judge`.
pub const PREFIX: &str = "cloudict:";

/// The judge's engine command for `cloudict:ARGS` (the adapter, next to the running tool, with
/// `ARGS`); any other command unchanged.
pub fn engine_command(command: &str) -> String {
    match command.strip_prefix(PREFIX) {
        Some(args) => {
            let adapter = std::env::current_exe()
                .ok()
                .and_then(|exe| exe.parent().map(|dir| dir.join("sau-cloudict")))
                .unwrap_or_else(|| PathBuf::from("sau-cloudict"));
            format!("{} {}", adapter.display(), args.trim())
        }
        None => command.to_string(),
    }
}

/// How the adapter runs cloudict.
#[derive(Clone, Debug)]
pub struct Options {
    /// Cloudict's program and arguments (split on white space).
    pub engine: String,
    /// Its pattern file (copied into each scratch folder).
    pub patterns: PathBuf,
    /// Its alpha-beta depth (cloudict's default is 6).
    pub depth: u32,
    /// Its VCF search (on by default, as in cloudict).
    pub vcf: bool,
    /// How far from the centre (Chebyshev distance) its random first turn may go.
    pub spread: u8,
    /// How many of its first turns are drawn at random (at least one).
    pub random_turns: u32,
    /// Seed of the random first turns.
    pub seed: u64,
    /// The folder under which each game's scratch folder is made.
    pub scratch: PathBuf,
}

pub const USAGE: &str = "usage: sau-cloudict [--depth D] [--no-vcf] [--spread R] \
[--random-turns N] [--seed N] [--patterns FILE] [--scratch DIR] ENGINE [ARGS...]";

impl Options {
    /// Reads the adapter's command line: options, then cloudict's program and arguments.
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            engine: String::new(),
            patterns: PathBuf::new(),
            depth: 6,
            vcf: true,
            spread: 2,
            random_turns: 1,
            seed: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |time| time.as_nanos() as u64)
                ^ u64::from(std::process::id()) << 32,
            scratch: std::env::temp_dir(),
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if !arg.starts_with("--") {
                let rest: Vec<&str> = std::iter::once(arg.as_str())
                    .chain(iter.map(String::as_str))
                    .collect();
                options.engine = rest.join(" ");
                break;
            }
            if arg == "--no-vcf" {
                options.vcf = false;
                continue;
            }
            let value = iter.next().ok_or(format!("{arg} needs a value"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{arg}: bad number {value}"))
            };
            match arg.as_str() {
                "--depth" => match number()? {
                    depth @ 1..=9 => options.depth = depth as u32,
                    _ => return Err("--depth: cloudict takes 1 to 9".to_string()),
                },
                "--spread" => match number()? {
                    spread @ 1..=9 => options.spread = spread as u8,
                    _ => return Err("--spread: 1 to 9".to_string()),
                },
                "--random-turns" => match number()? {
                    turns @ 1..=20 => options.random_turns = turns as u32,
                    _ => return Err("--random-turns: 1 to 20".to_string()),
                },
                "--seed" => options.seed = number()?,
                "--patterns" => options.patterns = PathBuf::from(value),
                "--scratch" => options.scratch = PathBuf::from(value),
                _ => return Err(format!("unknown option {arg}")),
            }
        }
        let program = match options.engine.split_whitespace().next() {
            Some(program) => PathBuf::from(program),
            None => return Err("the cloudict program is missing".to_string()),
        };
        if options.patterns.as_os_str().is_empty() {
            let folder = program.parent().unwrap_or(Path::new("."));
            options.patterns = folder.join("patterns.in");
        }
        if !options.patterns.is_file() {
            return Err(format!(
                "no pattern file {} (give --patterns)",
                options.patterns.display()
            ));
        }
        Ok(options)
    }
}

/// A platform square (column, row from the top) in cloudict's letters (column, row from the
/// bottom); `None` off the board.
fn to_cloudict(x: u8, y: u8) -> Option<String> {
    (x < SIZE && y < SIZE)
        .then(|| format!("{}{}", (b'A' + x) as char, (b'A' + SIZE - 1 - y) as char))
}

/// A platform position list (`XY@@` or `X1Y1X2Y2`) as its squares.
fn platform_squares(text: &str) -> Option<Vec<(u8, u8)>> {
    let bytes = text.trim().as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    let mut squares = Vec::new();
    for pair in bytes.chunks(2) {
        if pair == b"@@" {
            continue;
        }
        let (x, y) = (pair[0].wrapping_sub(b'A'), pair[1].wrapping_sub(b'A'));
        if x >= SIZE || y >= SIZE {
            return None;
        }
        squares.push((x, y));
    }
    (!squares.is_empty()).then_some(squares)
}

/// Squares as cloudict writes a turn (one square: two letters, two squares: four).
fn cloudict_turn(squares: &[(u8, u8)]) -> Option<String> {
    squares
        .iter()
        .map(|&(x, y)| to_cloudict(x, y))
        .collect::<Option<Vec<String>>>()
        .map(|parts| parts.concat())
}

/// Cloudict's answer (`X1Y1X2Y2`) as the platform's position list; `None` when it is not two
/// squares on the board.
fn platform_turn(text: &str) -> Option<String> {
    let bytes = text.trim().as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    let mut out = String::new();
    for pair in bytes.chunks(2) {
        let (x, row) = (pair[0].wrapping_sub(b'A'), pair[1].wrapping_sub(b'A'));
        if x >= SIZE || row >= SIZE {
            return None;
        }
        out.push((b'A' + x) as char);
        out.push((b'A' + SIZE - 1 - row) as char);
    }
    Some(out)
}

/// `count` distinct squares within `spread` of `around`, none of them in `taken`.
fn random_squares(
    rng: &mut Rng,
    around: (u8, u8),
    spread: u8,
    taken: &[(u8, u8)],
    count: usize,
) -> Vec<(u8, u8)> {
    let mut free = Vec::new();
    for y in around.1.saturating_sub(spread)..=(around.1 + spread).min(SIZE - 1) {
        for x in around.0.saturating_sub(spread)..=(around.0 + spread).min(SIZE - 1) {
            if !taken.contains(&(x, y)) {
                free.push((x, y));
            }
        }
    }
    let mut chosen = Vec::new();
    while chosen.len() < count && !free.is_empty() {
        let index = rng.below(free.len() as u32) as usize;
        chosen.push(free.swap_remove(index));
    }
    chosen
}

/// One game's cloudict process and its scratch folder, both removed on drop.
struct Game {
    process: EngineProcess,
    folder: PathBuf,
}

impl Game {
    fn start(options: &Options, number: u64) -> io::Result<Game> {
        let folder = options
            .scratch
            .join(format!("cloudict-{}-{number}", std::process::id()));
        std::fs::create_dir_all(&folder)?;
        std::fs::copy(&options.patterns, folder.join("patterns.in"))?;
        let mut words = options.engine.split_whitespace();
        let mut command = Command::new(words.next().unwrap_or_default());
        command.args(words).current_dir(&folder);
        die_with_parent(&mut command);
        let mut process = EngineProcess::spawn_command(command, &options.engine)?;
        if options.depth != 6 {
            process.send(&format!("depth {}", options.depth))?;
        }
        if !options.vcf {
            process.send("unvcf")?;
        }
        Ok(Game { process, folder })
    }

    fn send(&mut self, line: &str) -> bool {
        self.process.send(line).is_ok()
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        // Closed input makes it spin, so it is killed at once.
        self.process.finish(Duration::ZERO);
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// Cloudict dies with the adapter (a killed adapter would leave it spinning on closed input).
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    extern "C" {
        fn prctl(option: i32, ...) -> i32;
    }
    const PR_SET_PDEATHSIG: i32 = 1;
    const SIGKILL: u64 = 9;
    // SAFETY: prctl is async-signal-safe and touches only the child being started.
    unsafe {
        command.pre_exec(|| {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

/// The platform's lines, read on a thread so that `end` and `quit` reach us while cloudict
/// thinks.
fn platform_lines(input: impl BufRead + Send + 'static) -> Receiver<String> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        for line in input.lines() {
            match line {
                Ok(line) => {
                    if sender.send(line).is_err() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
    });
    receiver
}

/// Serves the platform on `input`/`output` until `quit` or the end of the input.
pub fn serve(
    options: &Options,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> io::Result<()> {
    let lines = platform_lines(input);
    let mut rng = Rng::new(options.seed);
    let mut games = 0u64;
    let mut game: Option<Game> = None;
    // The anchor's colour in cloudict's words, its random turns so far, and every stone set
    // while they last (cloudict is told them directly, not asked).
    let mut colour = "white";
    let mut random_turns = 0;
    let mut stones: Vec<(u8, u8)> = Vec::new();
    let mut last_answer = String::new();
    while let Ok(line) = lines.recv() {
        let line = line.trim();
        let (command, argument) = match line.split_once(' ') {
            Some((command, argument)) => (command, argument.trim()),
            None => (line, ""),
        };
        match command {
            "name?" => reply(output, "name Cloudict")?,
            "quit" => break,
            "end" => game = None,
            "new" => {
                // The last game's process goes before the next one starts.
                drop(game.take());
                games += 1;
                let mut started = Game::start(options, games)?;
                random_turns = 0;
                stones.clear();
                colour = "white";
                started.send("new white");
                if argument == "black" {
                    colour = "black";
                    let stone = random_squares(&mut rng, (CENTRE, CENTRE), options.spread, &[], 1);
                    let (x, y) = stone[0];
                    started.send(&format!("black {}", to_cloudict(x, y).unwrap_or_default()));
                    random_turns = 1;
                    stones.push((x, y));
                    last_answer = format!("{}{}@@", (b'A' + x) as char, (b'A' + y) as char);
                    reply(output, &format!("move {last_answer}"))?;
                }
                game = Some(started);
            }
            // Cloudict cannot take a turn back; the same answer again lets the referee decide
            // (it loses after its retries).
            "error" if !last_answer.is_empty() => reply(output, &format!("move {last_answer}"))?,
            "move" => {
                let Some(running) = game.as_mut() else {
                    continue;
                };
                let Some(theirs) = platform_squares(argument) else {
                    eprintln!("sau-cloudict: cannot read the turn '{argument}'");
                    continue;
                };
                let random = if random_turns < options.random_turns {
                    stones.extend_from_slice(&theirs);
                    let answer = random_squares(&mut rng, stones[0], options.spread, &stones, 2);
                    // A full neighbourhood ends the random turns early.
                    (answer.len() == 2).then_some(answer)
                } else {
                    None
                };
                if let Some(answer) = random {
                    // Their turn and two random stones near black's opening stone are set.
                    let (Some(their_text), Some(our_text)) =
                        (cloudict_turn(&theirs), cloudict_turn(&answer))
                    else {
                        continue;
                    };
                    let their_colour = if colour == "black" { "white" } else { "black" };
                    running.send(&format!("{their_colour} {their_text}"));
                    running.send(&format!("{colour} {our_text}"));
                    random_turns += 1;
                    stones.extend_from_slice(&answer);
                    last_answer = answer
                        .iter()
                        .map(|&(x, y)| format!("{}{}", (b'A' + x) as char, (b'A' + y) as char))
                        .collect();
                    reply(output, &format!("move {last_answer}"))?;
                    continue;
                }
                let Some(text) = cloudict_turn(&theirs) else {
                    continue;
                };
                running.send(&format!("move {text}"));
                match await_move(running, &lines)? {
                    Awaited::Move(answer) => {
                        last_answer = platform_turn(&answer).unwrap_or_else(|| {
                            eprintln!("sau-cloudict: cloudict answered '{answer}'");
                            answer.clone()
                        });
                        reply(output, &format!("move {last_answer}"))?;
                    }
                    Awaited::Interrupted(command) => {
                        game = None;
                        if command == "quit" {
                            break;
                        }
                    }
                    Awaited::Died => {
                        eprintln!("sau-cloudict: cloudict stopped");
                        game = None;
                    }
                }
            }
            _ => {}
        }
    }
    drop(game);
    Ok(())
}

fn reply(output: &mut impl Write, line: &str) -> io::Result<()> {
    writeln!(output, "{line}")?;
    output.flush()
}

enum Awaited {
    /// Cloudict's answer, after `move `.
    Move(String),
    /// The platform ended the game (`end`) or the match (`quit`, or its input closed).
    Interrupted(String),
    /// Cloudict exited.
    Died,
}

/// Waits for cloudict's `move` line, watching the platform for `end` and `quit`.
fn await_move(game: &mut Game, lines: &Receiver<String>) -> io::Result<Awaited> {
    loop {
        match game.process.recv(Duration::from_millis(1)) {
            Reply::Line(line) => {
                // Its help text also holds `move` (indented), so only a line that starts with
                // it counts.
                if let Some(answer) = line.trim_end().strip_prefix("move ") {
                    return Ok(Awaited::Move(answer.trim().to_string()));
                }
            }
            Reply::Timeout => {}
            Reply::Closed => return Ok(Awaited::Died),
        }
        match lines.try_recv() {
            Ok(line) => {
                let command = line.split_whitespace().next().unwrap_or("").to_string();
                if command == "end" || command == "quit" {
                    return Ok(Awaited::Interrupted(command));
                }
            }
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => return Ok(Awaited::Interrupted("quit".to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_counted_from_the_bottom_in_cloudict() {
        assert_eq!(to_cloudict(0, 0).as_deref(), Some("AS"));
        assert_eq!(to_cloudict(0, 18).as_deref(), Some("AA"));
        assert_eq!(to_cloudict(9, 9).as_deref(), Some("JJ"));
        assert_eq!(to_cloudict(19, 0), None);
        assert_eq!(platform_turn("ASAA").as_deref(), Some("AAAS"));
        assert_eq!(platform_turn("KIIK").as_deref(), Some("KKII"));
        assert_eq!(platform_turn("KTAA"), None);
        assert_eq!(platform_turn("KKA"), None);
    }

    #[test]
    fn a_turn_survives_the_round_trip() {
        for text in ["ABCD", "SSAA", "JKKJ", "AAAS"] {
            let squares = platform_squares(text).unwrap();
            let there = cloudict_turn(&squares).unwrap();
            assert_eq!(platform_turn(&there).as_deref(), Some(text));
        }
        assert_eq!(platform_squares("JJ@@"), Some(vec![(9, 9)]));
        assert_eq!(cloudict_turn(&[(9, 8)]).as_deref(), Some("JK"));
        assert_eq!(platform_squares("JT@@"), None);
        assert_eq!(platform_squares("@@@@"), None);
    }

    #[test]
    fn random_first_stones_are_distinct_free_and_near() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let taken = [(9, 9)];
            let squares = random_squares(&mut rng, (9, 9), 2, &taken, 2);
            assert_eq!(squares.len(), 2);
            assert_ne!(squares[0], squares[1]);
            for &(x, y) in &squares {
                assert!(!taken.contains(&(x, y)));
                assert!(x.abs_diff(9) <= 2 && y.abs_diff(9) <= 2);
            }
        }
        let corner = random_squares(&mut rng, (0, 18), 1, &[], 4);
        assert_eq!(corner.len(), 4, "the board's edge bounds the area");
        assert!(corner.iter().all(|&(x, y)| x <= 1 && y >= 17));
    }

    /// The squares of a platform turn in a reply line `move ...`.
    fn replied_squares(line: &str) -> Vec<(u8, u8)> {
        platform_squares(line.strip_prefix("move ").unwrap()).unwrap()
    }

    /// The platform's lines, then `quit` once the stand-in has been asked for a move and has had
    /// time to answer: a `quit` that comes first interrupts the move, as it should.
    struct QuitOnceAsked {
        lines: io::Cursor<&'static [u8]>,
        log: PathBuf,
        quit_sent: bool,
    }

    impl io::Read for QuitOnceAsked {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let read = self.lines.read(buffer)?;
            if read > 0 || self.quit_sent {
                return Ok(read);
            }
            let asked = |log: &Path| {
                std::fs::read_to_string(log).is_ok_and(|text| text.contains("\nmove "))
            };
            for _ in 0..1000 {
                if asked(&self.log) {
                    break;
                }
                thread::sleep(Duration::from_millis(10));
            }
            thread::sleep(Duration::from_millis(500));
            self.quit_sent = true;
            (&b"quit\n"[..]).read(buffer)
        }
    }

    #[cfg(unix)]
    #[test]
    fn random_turns_are_set_in_cloudict_then_it_plays() {
        let folder = std::env::temp_dir().join(format!("cloudict-test-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let log = folder.join("commands");
        let fake = folder.join("fake.sh");
        // A stand-in for cloudict: it logs every command and answers every `move` alike.
        let script = format!(
            "while read line; do echo \"$line\" >> {}; \
             case \"$line\" in move*) echo \"move AAAB\";; esac; done\n",
            log.display()
        );
        std::fs::write(&fake, script).unwrap();
        std::fs::write(folder.join("patterns.in"), "").unwrap();
        let options = Options {
            engine: format!("sh {}", fake.display()),
            patterns: folder.join("patterns.in"),
            depth: 6,
            vcf: true,
            spread: 2,
            random_turns: 2,
            seed: 7,
            scratch: folder.clone(),
        };
        let input = QuitOnceAsked {
            lines: io::Cursor::new(b"new black\nmove SASB\nmove SCSD\n"),
            log: log.clone(),
            quit_sent: false,
        };
        let mut output = Vec::new();
        serve(&options, io::BufReader::new(input), &mut output).unwrap();
        let output = String::from_utf8(output).unwrap();
        let replies: Vec<&str> = output.lines().collect();
        assert_eq!(replies.len(), 3, "{output}");
        assert!(replies[0].ends_with("@@"), "{output}");
        let opening = replied_squares(replies[0])[0];
        assert!(opening.0.abs_diff(CENTRE) <= 2 && opening.1.abs_diff(CENTRE) <= 2);
        let second = replied_squares(replies[1]);
        assert_eq!(second.len(), 2);
        assert!(second.iter().all(|&(x, y)| x.abs_diff(opening.0) <= 2
            && y.abs_diff(opening.1) <= 2
            && (x, y) != opening));
        assert_ne!(second[0], second[1]);
        // Cloudict's own answer, rows turned back to the platform's.
        assert_eq!(replies[2], "move ASAR");
        let commands = std::fs::read_to_string(&log).unwrap();
        let expected = [
            "new white".to_string(),
            format!("black {}", cloudict_turn(&[opening]).unwrap()),
            format!("white {}", cloudict_turn(&[(18, 0), (18, 1)]).unwrap()),
            format!("black {}", cloudict_turn(&second).unwrap()),
            format!("move {}", cloudict_turn(&[(18, 2), (18, 3)]).unwrap()),
        ];
        assert_eq!(commands.lines().collect::<Vec<_>>(), expected);
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn only_the_prefix_names_the_adapter() {
        assert_eq!(
            engine_command("target/release/connect6"),
            "target/release/connect6"
        );
        let adapter = engine_command("cloudict: --depth 6 /x/gameEngine");
        assert!(
            adapter.ends_with("sau-cloudict --depth 6 /x/gameEngine"),
            "{adapter}"
        );
    }
}
