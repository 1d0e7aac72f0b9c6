//! The log files of `gomoku-arena --log` and `gomoku-spsa --log`: appending to them, and
//! reading the arena's games back for the tuning tools.
//!
//! An arena log starts with a header line (see [`LogHeader`]) that says what its games were
//! played on; every game is then a result line (`game N engine1 black: ...`) and the line of its
//! stones. Logs written before the header existed are read with the arena output saved next to
//! them (see [`log_setting`]).

use super::game::TimeControl;
use super::referee;
use engine::core::color::Color;
use engine::gomoku::rule::Rule;

/// What starts the header line of an arena log.
pub const HEADER: &str = "# gomoku-arena";

/// The header line of an arena log: `# gomoku-arena` and tab-separated `key=value` fields
/// (size, rule as `--rule` takes it, both clocks, both engine commands). Tabs, because engine
/// commands have spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogHeader {
    pub size: usize,
    pub rule: referee::Rule,
    pub clocks: [TimeControl; 2],
    pub engines: [String; 2],
}

impl LogHeader {
    pub fn line(&self) -> String {
        let rule = ["freestyle", "exact", "renju", "caro"]
            .into_iter()
            .find(|name| referee::Rule::parse(name) == Some(self.rule))
            .unwrap_or("freestyle");
        let [first, second] = &self.clocks;
        format!(
            "{HEADER}\tsize={}\trule={rule}\tturn={}\tmatch={}\tturn2={}\tmatch2={}\tengine1={}\tengine2={}",
            self.size,
            first.turn_ms,
            first.match_ms,
            second.turn_ms,
            second.match_ms,
            self.engines[0],
            self.engines[1]
        )
    }

    /// Reads a header line; `None` when `line` is not one.
    pub fn parse(line: &str) -> Option<Result<LogHeader, String>> {
        let fields = line.strip_prefix(HEADER)?.strip_prefix('\t')?;
        let mut header = LogHeader {
            size: 0,
            rule: referee::Rule::Freestyle,
            clocks: [TimeControl::default(); 2],
            engines: Default::default(),
        };
        let (mut size, mut rule) = (false, false);
        for field in fields.split('\t') {
            let Some((key, value)) = field.split_once('=') else {
                return Some(Err(format!("bad header field '{field}'")));
            };
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("bad header number '{field}'"))
            };
            let parsed = match key {
                "size" => number().map(|n| {
                    header.size = n as usize;
                    size = true;
                }),
                "rule" => referee::Rule::parse(value)
                    .map(|r| {
                        header.rule = r;
                        rule = true;
                    })
                    .ok_or(format!("bad header rule '{value}'")),
                "turn" => number().map(|n| header.clocks[0].turn_ms = n),
                "match" => number().map(|n| header.clocks[0].match_ms = n),
                "turn2" => number().map(|n| header.clocks[1].turn_ms = n),
                "match2" => number().map(|n| header.clocks[1].match_ms = n),
                "engine1" | "engine2" => {
                    header.engines[usize::from(key == "engine2")] = value.to_string();
                    Ok(())
                }
                // Fields a later arena may add.
                _ => Ok(()),
            };
            if let Err(message) = parsed {
                return Some(Err(message));
            }
        }
        if !size || !rule {
            return Some(Err(format!("header without size or rule: '{line}'")));
        }
        Some(Ok(header))
    }

    /// The engine's rule for the header's rule.
    pub fn engine_rule(&self) -> Rule {
        Rule::from_gomocup_mask(self.rule.gomocup_mask())
    }
}

/// One game of an arena log, with the board it was played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogGame {
    pub size: usize,
    pub rule: Rule,
    /// The result line: `game N engine1 black|white: 1-0|0-1|1/2 (Ending, ...) ...`.
    pub result: String,
    /// The stones in pos notation.
    pub stones: String,
}

impl LogGame {
    /// Engine 1's colour in this game, if the result line names it.
    pub fn engine1(&self) -> Option<Color> {
        if self.result.contains("engine1 black:") {
            Some(Color::Black)
        } else if self.result.contains("engine1 white:") {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The winning colour, `Some(None)` for a draw, `None` for a game the board did not decide
    /// (lost on time, by an illegal move or a crash): its last position says nothing about who
    /// stood better. A renju foul counts like a five: black played the forbidden point and lost.
    pub fn winner(&self) -> Option<Option<Color>> {
        let engine1 = self.engine1()?;
        let decided = ["(Five,", "(Forbidden(", "(FullBoard,", "(MoveLimit,"];
        if !decided.iter().any(|ending| self.result.contains(ending)) {
            return None;
        }
        if self.result.contains(": 1-0") {
            Some(Some(engine1))
        } else if self.result.contains(": 0-1") {
            Some(Some(engine1.opponent()))
        } else if self.result.contains(": 1/2") {
            Some(None)
        } else {
            None
        }
    }
}

/// The games of the arena log at `log`, each with the board of the header above it; games
/// before any header take the board from the arena output saved next to the log
/// ([`log_setting`]).
pub fn read_log(log: &str) -> Result<Vec<LogGame>, String> {
    let text = std::fs::read_to_string(log).map_err(|e| format!("{log}: {e}"))?;
    let mut setting = None;
    let mut games = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(header) = LogHeader::parse(line) {
            let header = header.map_err(|e| format!("{log}: {e}"))?;
            setting = Some((header.size, header.engine_rule()));
            continue;
        }
        if !line.starts_with("game ") {
            continue;
        }
        let stones = lines.next().unwrap_or("").trim().to_string();
        let (size, rule) = match setting {
            Some(setting) => setting,
            None => *setting.insert(log_setting(log)?),
        };
        games.push(LogGame {
            size,
            rule,
            result: line.to_string(),
            stones,
        });
    }
    Ok(games)
}

/// Appends `text` and a line break to the log at `path` (created if missing). A log that
/// cannot be written is skipped: the same lines go to the standard output as well.
pub fn append_line(path: &str, text: &str) {
    use std::io::Write;
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(file, "{text}");
    }
}

/// Size and rule of a log `X.log`, from the header of the arena output saved next to it
/// (`X.out`: `... 15x15 ExactFive, ...`; the rule is `Freestyle`, `ExactFive`, `Renju` or
/// `Caro`).
pub fn log_setting(log: &str) -> Result<(usize, Rule), String> {
    let out = log
        .strip_suffix(".log")
        .map(|stem| format!("{stem}.out"))
        .ok_or(format!("{log}: expected a .log file"))?;
    let text = std::fs::read_to_string(&out).map_err(|e| format!("{out}: {e}"))?;
    let header = text.lines().next().unwrap_or("");
    // Whole words, so that an engine path that happens to contain a rule's name cannot be
    // mistaken for it.
    let rule = header
        .split_whitespace()
        .find_map(|word| match word.trim_end_matches(',') {
            "Freestyle" => Some(Rule::Freestyle),
            "ExactFive" => Some(Rule::ExactFive),
            "Renju" => Some(Rule::Renju),
            "Caro" => Some(Rule::Caro),
            _ => None,
        })
        .ok_or(format!("{out}: no rule in the header '{header}'"))?;
    let size = header
        .split_whitespace()
        .find_map(|word| {
            let (width, height) = word.split_once('x')?;
            let height = height.trim_end_matches(',');
            (width == height).then(|| width.parse::<usize>().ok())?
        })
        .ok_or(format!("{out}: no board size in the header '{header}'"))?;
    Ok((size, rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary(name: &str, text: &str) -> String {
        let dir = std::env::temp_dir().join(format!("harness-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    }

    fn header() -> LogHeader {
        let clock = TimeControl {
            turn_ms: 100,
            match_ms: 10_000,
            tolerance_ms: 100,
        };
        LogHeader {
            size: 20,
            rule: referee::Rule::Renju,
            clocks: [
                clock,
                TimeControl {
                    turn_ms: 50,
                    ..clock
                },
            ],
            engines: ["a b --x 1".to_string(), "target/gomocup".to_string()],
        }
    }

    #[test]
    fn a_header_reads_back_as_written() {
        let written = header();
        let parsed = LogHeader::parse(&written.line()).unwrap().unwrap();
        assert_eq!(parsed.size, 20);
        assert_eq!(parsed.rule, referee::Rule::Renju);
        assert_eq!(parsed.engines, written.engines);
        assert_eq!(parsed.clocks[1].turn_ms, 50);
        assert_eq!(parsed.clocks[1].match_ms, 10_000);
        assert_eq!(parsed.engine_rule(), Rule::Renju);
        assert!(LogHeader::parse("game   1 engine1 black: 1-0").is_none());
        assert!(LogHeader::parse("# gomoku-arena\tsize=x\trule=exact")
            .unwrap()
            .is_err());
        assert!(LogHeader::parse("# gomoku-arena\trule=exact")
            .unwrap()
            .is_err());
    }

    #[test]
    fn the_result_is_engine1s_and_turns_into_the_winning_colour() {
        let game = |text: &str| LogGame {
            size: 15,
            rule: Rule::ExactFive,
            result: format!("game   1 {text} stones)  0-0-1  score 0.0%"),
            stones: String::new(),
        };
        let winner = |text: &str| game(text).winner();
        assert_eq!(
            winner("engine1 black: 0-1 (Five, 28"),
            Some(Some(Color::White))
        );
        assert_eq!(
            winner("engine1 white: 1-0 (Five, 30"),
            Some(Some(Color::White))
        );
        assert_eq!(winner("engine1 black: 1/2 (FullBoard, 225"), Some(None));
        assert_eq!(winner("engine1 black: 1-0 (TimeLoss, 40"), None);
        assert_eq!(
            winner("engine1 black: 0-1 (Forbidden(DoubleThree), 31"),
            Some(Some(Color::White))
        );
        assert_eq!(
            game("engine1 white: 1-0 (Five, 9").engine1(),
            Some(Color::White)
        );
        assert_eq!(game("a line of something else (Five, 9").engine1(), None);
    }

    #[test]
    fn games_take_the_board_of_the_header_or_of_the_output_beside_an_old_log() {
        let game = "game   1 engine1 black: 1-0 (Five, 9 stones, 0.1/0.1 s)  1-0-0\n  h8i9j7\n";
        let log = temporary("new.log", &format!("{}\n{game}", header().line()));
        let games = read_log(&log).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!((games[0].size, games[0].rule), (20, Rule::Renju));
        assert_eq!(games[0].stones, "h8i9j7");
        assert!(games[0].result.starts_with("game   1 engine1 black: 1-0"));

        let old = temporary("old.log", game);
        assert!(read_log(&old).is_err(), "no header and no .out beside it");
        temporary(
            "old.out",
            "a vs b: 15x15 ExactFive, 100 ms/move 1000 ms/game\n",
        );
        let games = read_log(&old).unwrap();
        assert_eq!((games[0].size, games[0].rule), (15, Rule::ExactFive));
    }
}
