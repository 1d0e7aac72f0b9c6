//! Game records in the formats players' viewers open, one file per match with every game, and a
//! self-contained replay page.
//!
//! Every arena fills the same [`MatchRecord`]: the game's name, its rule, the board size, the
//! time control, and per game the two players (black, the side that moves first, then white),
//! the moves in the game's own protocol text with the time each took, how many leading moves
//! came from the opening, the result and the reason. A [`Format`] turns that into a file and
//! back:
//!
//! | game | format | move text in [`Move::text`] |
//! | --- | --- | --- |
//! | `gomoku` | SGF, `GM[4]` ([`gomoku_sgf`]) | Gomocup `x,y` |
//! | `connect6` | SGF, two stones a node ([`connect6_sgf`]) | SAU `JJ@@`, `KKLL` |
//! | `nogo` | Go SGF, `GM[1]` ([`nogo_sgf`]) | SAU `EE` |
//! | `phantom-go` | Go SGF with both sides' stones, refused tries in comments ([`phantom_sgf`]) | SAU `EE`, `pass` |
//! | `checkers` | PDN ([`pdn`]) | judge protocol `3 5,0 3,2 1,0` |
//! | any other SAU game | the SAU text record ([`sau_text`]) | the platform's `move` text |
//!
//! ## Adding a game
//! A new SAU game (Amazons, Surakarta, Dots and Boxes, ...) needs nothing to have
//! records: its judge fills a [`MatchRecord`] with `game` set to its name and each turn's
//! platform text, and [`format_for`] falls back to the SAU text record, which keeps any move
//! text (one move a line) and reads back the same. To give it a standard format of its own:
//! write `records/<game>_<format>.rs` with a unit struct implementing [`Format`] (the helpers
//! in [`sgf`] and [`tags`] do the syntax), name it in [`format_for`], teach [`read_any`] how to
//! recognise the file (one line), and add a round-trip test. The replay page lists the games
//! of any game with their moves; to draw its board, add a `kind` case to `replay.js`.

pub mod arenas;
pub mod connect6_sgf;
pub mod gomoku_sgf;
pub mod html;
pub mod nogo_sgf;
pub mod pdn;
pub mod phantom_sgf;
pub mod sau_text;
pub mod sgf;
pub mod tags;

/// An engine in a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    /// Empty when the engine does not tell.
    pub version: String,
}

impl Player {
    pub fn new(name: &str, version: &str) -> Player {
        Player {
            name: name.to_string(),
            version: version.to_string(),
        }
    }

    /// A player known only by its command: the program's file name.
    pub fn from_command(command: &str) -> Player {
        let program = command
            .split_whitespace()
            .find(|word| !word.contains('=') || word.starts_with('-'))
            .unwrap_or(command);
        let name = program.rsplit('/').next().unwrap_or(program);
        Player::new(name, "")
    }

    /// `name` or `name (version)`, as the records write it.
    pub fn label(&self) -> String {
        if self.version.is_empty() {
            self.name.clone()
        } else {
            format!("{} ({})", self.name, self.version)
        }
    }

    /// Reads [`Player::label`] back.
    pub fn from_label(label: &str) -> Player {
        match label
            .strip_suffix(')')
            .and_then(|rest| rest.rsplit_once(" ("))
        {
            Some((name, version)) => Player::new(name, version),
            None => Player::new(label, ""),
        }
    }
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    BlackWins,
    WhiteWins,
    Draw,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`, from black's side.
    pub fn score(self) -> &'static str {
        match self {
            Outcome::BlackWins => "1-0",
            Outcome::WhiteWins => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    pub fn from_score(text: &str) -> Option<Outcome> {
        match text {
            "1-0" | "2-0" => Some(Outcome::BlackWins),
            "0-1" | "0-2" => Some(Outcome::WhiteWins),
            "1/2-1/2" | "1-1" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A winning row (five in gomoku, six in Connect6).
    Line,
    /// The board filled up.
    FullBoard,
    /// The side to move had no legal move.
    NoMove,
    /// The ply limit, decided by counting (checkers at ply 120).
    PlyLimit,
    /// The loser answered after its time.
    Time,
    /// The loser answered something that is not a legal move (or kept sending bad turns).
    Illegal,
    /// A legal move the rules punish (renju fouls, a NoGo capture or suicide).
    Forbidden,
    /// The loser stopped answering, exited or could not start.
    Crash,
    /// The arena stopped a game that went on too long (or the game's own turn limit ended it).
    MoveLimit,
    /// The loser has no piece left (Surakarta).
    NoPieces,
    /// Both sides passed in a row and the board was counted (Phantom Go).
    Passes,
    /// Anything else (see the game's detail).
    Other,
}

const REASONS: [(Reason, &str); 12] = [
    (Reason::Line, "line"),
    (Reason::FullBoard, "full-board"),
    (Reason::NoMove, "no-move"),
    (Reason::PlyLimit, "ply-limit"),
    (Reason::Time, "time"),
    (Reason::Illegal, "illegal"),
    (Reason::Forbidden, "forbidden"),
    (Reason::Crash, "crash"),
    (Reason::MoveLimit, "move-limit"),
    (Reason::NoPieces, "no-pieces"),
    (Reason::Passes, "passes"),
    (Reason::Other, "other"),
];

impl Reason {
    /// The word the records write.
    pub fn keyword(self) -> &'static str {
        REASONS.iter().find(|(r, _)| *r == self).unwrap().1
    }

    pub fn from_keyword(word: &str) -> Option<Reason> {
        REASONS.iter().find(|(_, w)| *w == word).map(|(r, _)| *r)
    }
}

/// One move (a turn: one answer of an engine) in the game's own protocol text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub text: String,
    /// How long the engine took, `None` for opening moves and where unknown.
    pub ms: Option<u64>,
    /// The tries the referee refused in this turn before the move, in order (Phantom Go's
    /// refused points); formats without comments leave them out.
    pub refused: Vec<String>,
}

impl Move {
    pub fn new(text: impl Into<String>, ms: Option<u64>) -> Move {
        Move {
            text: text.into(),
            ms,
            refused: Vec::new(),
        }
    }

    /// The move with the tries refused before it.
    pub fn with_refused(mut self, refused: Vec<String>) -> Move {
        self.refused = refused;
        self
    }
}

/// One game. Moves alternate, black's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in the match, from 1.
    pub round: u32,
    /// Black, white.
    pub players: [Player; 2],
    /// How many leading moves the opening gave (played by the arena, not the engines).
    pub opening: usize,
    pub moves: Vec<Move>,
    pub outcome: Outcome,
    pub reason: Reason,
    /// The arena's words for the ending (`five`, `ply limit, points 9 - 7`, `black ran out of
    /// time`, ...).
    pub detail: String,
}

impl GameRecord {
    /// The time black and white spent over the game, in ms.
    pub fn time_spent_ms(&self) -> [u64; 2] {
        let mut spent = [0; 2];
        for (index, mv) in self.moves.iter().enumerate() {
            spent[index % 2] += mv.ms.unwrap_or(0);
        }
        spent
    }
}

/// A match: every game between two engines under one setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    /// `gomoku`, `connect6`, `nogo`, `checkers` or another SAU game's name.
    pub game: String,
    /// Gomoku: `freestyle`, `exact`, `renju` or `caro`; empty where the game has one rule.
    pub rule: String,
    /// Board width (and height).
    pub size: usize,
    /// The tool that played the match.
    pub event: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// In words, both sides' limits (`1000 ms a move, 30000 ms a game`).
    pub time_control: String,
    pub games: Vec<GameRecord>,
}

impl MatchRecord {
    /// An empty match of `game` played today.
    pub fn new(game: &str, rule: &str, size: usize, event: &str, time_control: &str) -> Self {
        MatchRecord {
            game: game.to_string(),
            rule: rule.to_string(),
            size,
            event: event.to_string(),
            date: today(),
            time_control: time_control.to_string(),
            games: Vec::new(),
        }
    }

    /// Writes the match in its game's format to `path` (whole, so that the file holds every
    /// game finished so far even if the match is stopped).
    pub fn save(&self, path: &str) -> Result<(), String> {
        let text = format_for(&self.game).write(self)?;
        std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))
    }
}

/// A file format for the records of one game.
pub trait Format {
    /// The file name extension (`sgf`, `pdn`, `txt`).
    fn extension(&self) -> &'static str;
    /// The whole match as one file (an error names a move the format cannot write).
    fn write(&self, record: &MatchRecord) -> Result<String, String>;
    /// Reads a file this format wrote (and, as far as the format allows, one another program
    /// wrote).
    fn read(&self, text: &str) -> Result<MatchRecord, String>;
}

/// The format of a game's records.
pub fn format_for(game: &str) -> &'static dyn Format {
    match game {
        "gomoku" => &gomoku_sgf::GomokuSgf,
        "connect6" => &connect6_sgf::Connect6Sgf,
        "nogo" => &nogo_sgf::NoGoSgf,
        "phantom-go" => &phantom_sgf::PhantomSgf,
        "checkers" => &pdn::Pdn,
        _ => &sau_text::SauText,
    }
}

/// Reads a records file of any game, recognising its format by its content.
pub fn read_any(text: &str) -> Result<MatchRecord, String> {
    let start = text.trim_start();
    if start.starts_with('(') {
        let trees = sgf::parse(text)?;
        let root = trees
            .first()
            .and_then(|nodes| nodes.first())
            .ok_or("an SGF file without a game")?;
        let rule = root.get("RU").unwrap_or("").to_ascii_lowercase();
        return match root.get("GM").unwrap_or("1") {
            "4" => gomoku_sgf::GomokuSgf.read(text),
            _ if rule == "connect6" => connect6_sgf::Connect6Sgf.read(text),
            _ if rule == "phantom go" => phantom_sgf::PhantomSgf.read(text),
            _ => nogo_sgf::NoGoSgf.read(text),
        };
    }
    let headers = tags::parse_games(text)?;
    let first = headers.first().ok_or("no game in the file")?;
    if first.tag("GameType").is_some() {
        pdn::Pdn.read(text)
    } else {
        sau_text::SauText.read(text)
    }
}

/// Reads the records file at `path`.
pub fn load(path: &str) -> Result<MatchRecord, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    read_any(&text).map_err(|e| format!("{path}: {e}"))
}

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (seconds / 86_400) as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// A read record of a game with a single rule: the file's rule name is not kept.
fn rules_free(read: Result<MatchRecord, String>) -> Result<MatchRecord, String> {
    read.map(|mut record| {
        record.rule.clear();
        record
    })
}

/// Splits `text` into `key: value` lines (the structured comments of the SGF records).
pub(crate) fn key_values(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.lines()
        .filter_map(|line| line.split_once(": "))
        .map(|(k, v)| (k.trim(), v.trim()))
}

#[cfg(test)]
pub(crate) mod samples {
    //! Matches of every game for the round-trip tests.

    use super::*;

    fn game(
        round: u32,
        moves: &[&str],
        opening: usize,
        outcome: Outcome,
        reason: Reason,
    ) -> GameRecord {
        GameRecord {
            round,
            players: [
                Player::new("Quintet", "1.0"),
                Player::new("pbrain-rapfi", ""),
            ],
            opening,
            moves: moves
                .iter()
                .enumerate()
                .map(|(i, text)| Move::new(*text, (i >= opening).then_some(10 * i as u64 + 7)))
                .collect(),
            outcome,
            reason,
            detail: format!("{} [in] words", reason.keyword()),
        }
    }

    pub fn matches() -> Vec<MatchRecord> {
        let mut gomoku = MatchRecord::new(
            "gomoku",
            "renju",
            15,
            "gomoku-arena",
            "1000 ms a move, 30000 ms a game",
        );
        gomoku.games.push(game(
            1,
            &["7,7", "8,8", "7,9", "6,8", "8,6", "9,5"],
            3,
            Outcome::BlackWins,
            Reason::Line,
        ));
        gomoku.games.push(game(
            2,
            &["7,7", "8,8", "7,9", "0,14"],
            3,
            Outcome::WhiteWins,
            Reason::Forbidden,
        ));
        let mut connect6 = MatchRecord::new("connect6", "", 19, "sau-judge", "30000 ms a move");
        connect6.games.push(game(
            1,
            &["JJ@@", "KKLL", "AAAS", "SSSA"],
            0,
            Outcome::Draw,
            Reason::Time,
        ));
        let mut nogo = MatchRecord::new("nogo", "", 9, "sau-judge", "1000 ms a move");
        nogo.games.push(game(
            1,
            &["EE", "AA", "II"],
            0,
            Outcome::WhiteWins,
            Reason::NoMove,
        ));
        nogo.games
            .push(game(2, &["EE"], 0, Outcome::BlackWins, Reason::Crash));
        let mut checkers = MatchRecord::new("checkers", "", 8, "checkers-judge", "2000 ms a move");
        checkers.games.push(game(
            1,
            &["2 5,0 4,1", "2 2,3 3,2", "3 4,1 2,3 0,5", "2 1,2 2,1"],
            0,
            Outcome::Draw,
            Reason::PlyLimit,
        ));
        let mut amazons = MatchRecord::new("amazons", "", 10, "sau-judge", "");
        amazons.games.push(game(
            1,
            &["AADDEE", "2 011 012", "pass"],
            0,
            Outcome::BlackWins,
            Reason::Illegal,
        ));
        let mut phantom = MatchRecord::new("phantom-go", "", 9, "sau-judge", "30000 ms a move");
        let mut captures = game(
            1,
            &[
                "EE", "ED", "pass", "DE", "AA", "FE", "pass", "EF", "pass", "pass",
            ],
            0,
            Outcome::WhiteWins,
            Reason::Passes,
        );
        captures.moves[1].refused = vec!["EE".to_string()];
        captures.moves[3].refused = vec!["EE".to_string(), "ED".to_string()];
        phantom.games.push(captures);
        vec![gomoku, connect6, nogo, checkers, amazons, phantom]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_back_the_same_moves() {
        for record in samples::matches() {
            let format = format_for(&record.game);
            let text = format.write(&record).unwrap();
            let back = format
                .read(&text)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", record.game));
            assert_eq!(back, record, "{}\n{text}", record.game);
            assert_eq!(read_any(&text).unwrap(), record, "{}", record.game);
        }
    }

    #[test]
    fn another_programs_sgf_reads_as_far_as_it_tells() {
        // No game comment, no times, a variation: the main line, the winner, reason unknown.
        let text =
            "(;GM[4]FF[4]SZ[15]PB[Yixin]PW[Rapfi]RE[W+R];B[hh];W[hi]\n(;B[ii];W[jj]C[x])(;B[aa]))";
        let record = read_any(text).unwrap();
        assert_eq!((record.game.as_str(), record.size), ("gomoku", 15));
        let game = &record.games[0];
        let moves: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["7,7", "7,8", "8,8", "9,9"]);
        assert_eq!(
            (game.outcome, game.reason, game.opening),
            (Outcome::WhiteWins, Reason::Other, 0)
        );
        assert_eq!(game.players[0], Player::new("Yixin", ""));
        assert!(
            read_any("(;GM[4]SZ[15];B[hh];B[ii])").is_err(),
            "two black moves in a row"
        );
        let pdn = "[GameType \"20\"]\n[Result \"1-0\"]\n\n1. 11-15 24-20 2. 8x11 1-0\n";
        let record = read_any(pdn).unwrap();
        assert_eq!(record.game, "checkers");
        assert_eq!(record.games[0].moves.len(), 3);
    }

    #[test]
    fn labels_and_reasons_read_back() {
        for player in [
            Player::new("Quintet", "1.0"),
            Player::new("a (b) c", ""),
            Player::new("x", ""),
        ] {
            assert_eq!(Player::from_label(&player.label()), player);
        }
        for (reason, _) in REASONS {
            assert_eq!(Reason::from_keyword(reason.keyword()), Some(reason));
        }
        assert_eq!(
            Player::from_command("SEED_X=1 target/seed-checkers -q").name,
            "seed-checkers"
        );
        assert_eq!(today().len(), 10);
    }
}
