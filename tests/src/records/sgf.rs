//! SGF syntax (FF[4]) shared by the gomoku, Connect6 and NoGo records: writing a collection of
//! games, one node a move, and reading back the main line of each game tree (variations are
//! skipped).
//!
//! Every SGF record of this module has the same layout:
//! - root: `FF[4]CA[UTF-8]AP[...]GM[..]SZ[..]RU[..]EV[..]DT[..]RO[..]PB[..]PW[..]RE[..]` and a
//!   `GC[...]` of `key: value` lines (`time control`, `reason`, `detail`, `opening`) that
//!   this module reads back; `TM[...]` holds the game time in seconds where known.
//! - one node a move, `B[..]`/`W[..]` (more than one value where a move places more stones,
//!   `B[]` for a pass), with `C[...]`: `opening` for the opening's stones, else the move's time
//!   `1234 ms`, and on another line `refused: EE DD` where the referee refused tries first
//!   (Phantom Go).

use super::{key_values, GameRecord, MatchRecord, Move, Outcome, Player, Reason};

/// A node: its properties in order, each with its values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub props: Vec<(String, Vec<String>)>,
}

impl Node {
    /// The first value of `id`.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.values(id).first().map(String::as_str)
    }

    /// Every value of `id` (none if absent).
    pub fn values(&self, id: &str) -> &[String] {
        self.props
            .iter()
            .find(|(name, _)| name == id)
            .map_or(&[], |(_, values)| values.as_slice())
    }

    pub fn push(&mut self, id: &str, value: impl Into<String>) {
        self.props.push((id.to_string(), vec![value.into()]));
    }
}

/// Escapes a text value: `]` and `\` get a backslash.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for ch in value.chars() {
        if ch == ']' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// Writes one game tree from its nodes.
pub fn write_tree(nodes: &[Node]) -> String {
    let mut out = String::from("(");
    for (index, node) in nodes.iter().enumerate() {
        if index > 0 {
            out.push('\n');
        }
        out.push(';');
        for (id, values) in &node.props {
            out.push_str(id);
            for value in values {
                out.push('[');
                out.push_str(&escape(value));
                out.push(']');
            }
        }
    }
    out.push_str(")\n");
    out
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    fn error(&self, what: &str) -> String {
        format!("SGF: {what} at byte {}", self.at)
    }

    /// A game tree from its `(`: the nodes of its main line.
    fn tree(&mut self) -> Result<Vec<Node>, String> {
        if self.peek() != Some(b'(') {
            return Err(self.error("expected '('"));
        }
        self.at += 1;
        let mut nodes = Vec::new();
        while self.peek() == Some(b';') {
            self.at += 1;
            nodes.push(self.node()?);
        }
        let mut first = true;
        while self.peek() == Some(b'(') {
            let variation = self.tree()?;
            if first {
                nodes.extend(variation);
                first = false;
            }
        }
        if self.peek() != Some(b')') {
            return Err(self.error("expected ')'"));
        }
        self.at += 1;
        Ok(nodes)
    }

    fn node(&mut self) -> Result<Node, String> {
        let mut node = Node::default();
        while let Some(b) = self.peek() {
            if !b.is_ascii_alphabetic() {
                break;
            }
            let start = self.at;
            while self.text.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
                self.at += 1;
            }
            // FF[3] allowed lower-case letters in identifiers; only the capitals count.
            let id: String = self.text[start..self.at]
                .iter()
                .filter(|b| b.is_ascii_uppercase())
                .map(|&b| b as char)
                .collect();
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                self.at += 1;
                let mut value = Vec::new();
                loop {
                    match self.text.get(self.at) {
                        None => return Err(self.error("unclosed value")),
                        Some(b']') => break,
                        Some(b'\\') => {
                            self.at += 1;
                            // A backslash before a line break removes it (soft line break).
                            match self.text.get(self.at) {
                                Some(b'\n') | Some(b'\r') => {}
                                Some(&b) => value.push(b),
                                None => return Err(self.error("unclosed value")),
                            }
                        }
                        Some(&b) => value.push(b),
                    }
                    self.at += 1;
                }
                self.at += 1;
                values.push(String::from_utf8_lossy(&value).into_owned());
            }
            if values.is_empty() {
                return Err(self.error("property without a value"));
            }
            node.props.push((id, values));
        }
        Ok(node)
    }
}

/// Parses a collection: per game tree, the nodes of its main line.
pub fn parse(text: &str) -> Result<Vec<Vec<Node>>, String> {
    let mut parser = Parser {
        text: text.as_bytes(),
        at: 0,
    };
    let mut trees = Vec::new();
    while parser.peek().is_some() {
        trees.push(parser.tree()?);
    }
    if trees.is_empty() {
        return Err("SGF: no game tree".to_string());
    }
    Ok(trees)
}

/// A point's two letters (`a` = 0) from board coordinates.
pub fn point(x: usize, y: usize) -> String {
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

/// Board coordinates from a point's two letters.
pub fn coordinates(value: &str, size: usize) -> Result<(usize, usize), String> {
    let bytes = value.as_bytes();
    let coordinate = |b: u8| {
        let c = b.wrapping_sub(b'a') as usize;
        (c < size).then_some(c)
    };
    match bytes {
        [x, y] => match (coordinate(*x), coordinate(*y)) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err(format!("SGF: point '{value}' is off the board")),
        },
        _ => Err(format!("SGF: '{value}' is not a point")),
    }
}

/// How one game's SGF differs from the others'.
pub struct Dialect {
    /// `GM` value.
    pub gm: &'static str,
    /// The `RU` value of a record (the game's rule name).
    pub rule: fn(&MatchRecord) -> String,
    /// The move property's values of a move text.
    pub to_points: fn(&str, usize) -> Result<Vec<String>, String>,
    /// The move text of a node's point values.
    pub from_points: fn(&[String], usize) -> Result<String, String>,
    /// Root properties only this game writes (`KM[0]` for NoGo).
    pub extra_root: &'static [(&'static str, &'static str)],
}

fn result_value(game: &GameRecord) -> String {
    let side = match game.outcome {
        Outcome::BlackWins => "B",
        Outcome::WhiteWins => "W",
        Outcome::Draw => return "0".to_string(),
    };
    let how = match game.reason {
        Reason::Time => "T",
        Reason::Illegal | Reason::Forbidden | Reason::Crash => "F",
        // No margin to give: `B+` alone is a win by the rules.
        _ => "",
    };
    format!("{side}+{how}")
}

fn outcome_of(value: &str) -> Result<Outcome, String> {
    let upper = value.trim().to_ascii_uppercase();
    if upper.starts_with("B+") {
        Ok(Outcome::BlackWins)
    } else if upper.starts_with("W+") {
        Ok(Outcome::WhiteWins)
    } else if upper == "0" || upper == "DRAW" || upper == "JIGO" {
        Ok(Outcome::Draw)
    } else {
        Err(format!("SGF: result '{value}' names no winner"))
    }
}

/// Seconds of game time in a time control's words, for `TM`.
fn game_seconds(time_control: &str) -> Option<u64> {
    let words: Vec<&str> = time_control.split_whitespace().collect();
    words
        .windows(4)
        .find(|w| w[1] == "ms" && w[2] == "a" && w[3].starts_with("game"))
        .and_then(|w| w[0].parse::<u64>().ok())
        .map(|ms| ms / 1000)
}

/// The whole match as an SGF collection, one game tree a game.
pub fn write_match(record: &MatchRecord, dialect: &Dialect) -> Result<String, String> {
    let mut out = String::new();
    for game in &record.games {
        let mut root = Node::default();
        root.push("FF", "4");
        root.push("CA", "UTF-8");
        root.push("AP", concat!("harness:", env!("CARGO_PKG_VERSION")));
        root.push("GM", dialect.gm);
        root.push("SZ", record.size.to_string());
        root.push("RU", (dialect.rule)(record));
        for (id, value) in dialect.extra_root {
            root.push(id, *value);
        }
        root.push("EV", record.event.clone());
        root.push("DT", record.date.clone());
        root.push("RO", game.round.to_string());
        root.push("GN", format!("{} game {}", record.event, game.round));
        root.push("PB", game.players[0].label());
        root.push("PW", game.players[1].label());
        root.push("RE", result_value(game));
        if let Some(seconds) = game_seconds(&record.time_control) {
            root.push("TM", seconds.to_string());
        }
        root.push(
            "GC",
            format!(
                "time control: {}\nreason: {}\ndetail: {}\nopening: {}\ngame: {}",
                record.time_control,
                game.reason.keyword(),
                game.detail.replace('\n', " "),
                game.opening,
                record.game
            ),
        );
        let mut nodes = vec![root];
        for (index, mv) in game.moves.iter().enumerate() {
            let colour = if index % 2 == 0 { "B" } else { "W" };
            let values = (dialect.to_points)(&mv.text, record.size)
                .map_err(|e| format!("game {} move {}: {e}", game.round, index + 1))?;
            let mut node = Node::default();
            node.props.push((colour.to_string(), values));
            let mut comment = if index < game.opening {
                vec!["opening".to_string()]
            } else {
                mv.ms.map(|ms| format!("{ms} ms")).into_iter().collect()
            };
            if !mv.refused.is_empty() {
                comment.push(format!("refused: {}", mv.refused.join(" ")));
            }
            if !comment.is_empty() {
                node.push("C", comment.join("\n"));
            }
            nodes.push(node);
        }
        out.push_str(&write_tree(&nodes));
    }
    Ok(out)
}

/// Reads a collection back into a match (`game` names the game when the file does not).
pub fn read_match(text: &str, dialect: &Dialect, game: &str) -> Result<MatchRecord, String> {
    let trees = parse(text)?;
    let first_root = &trees[0][0];
    let size: usize = first_root
        .get("SZ")
        .unwrap_or("19")
        .split(':')
        .next()
        .unwrap_or("")
        .parse()
        .map_err(|_| "SGF: bad SZ".to_string())?;
    let mut record = MatchRecord {
        game: game.to_string(),
        rule: first_root.get("RU").unwrap_or("").to_string(),
        size,
        event: first_root.get("EV").unwrap_or("").to_string(),
        date: first_root.get("DT").unwrap_or("").to_string(),
        time_control: String::new(),
        games: Vec::new(),
    };
    for (index, nodes) in trees.iter().enumerate() {
        let root = &nodes[0];
        let mut reason = Reason::Other;
        let mut detail = String::new();
        let mut opening = None;
        for (key, value) in key_values(root.get("GC").unwrap_or("")) {
            match key {
                "time control" => record.time_control = value.to_string(),
                "reason" => reason = Reason::from_keyword(value).unwrap_or(Reason::Other),
                "detail" => detail = value.to_string(),
                "opening" => opening = value.parse().ok(),
                _ => {}
            }
        }
        let mut moves = Vec::new();
        let mut opening_comments = 0;
        for node in &nodes[1..] {
            let (colour, values) = match (node.values("B"), node.values("W")) {
                (b, []) if !b.is_empty() => ("B", b),
                ([], w) if !w.is_empty() => ("W", w),
                _ => continue,
            };
            let expected = if moves.len() % 2 == 0 { "B" } else { "W" };
            if colour != expected {
                return Err(format!(
                    "SGF game {}: move {} is {colour}'s, expected {expected}'s",
                    index + 1,
                    moves.len() + 1
                ));
            }
            let text = (dialect.from_points)(values, size)?;
            let comment = node.get("C").unwrap_or("");
            if comment.trim() == "opening" {
                opening_comments += 1;
            }
            let ms = comment
                .split_whitespace()
                .collect::<Vec<_>>()
                .windows(2)
                .find(|w| w[1] == "ms")
                .and_then(|w| w[0].parse().ok());
            let refused = key_values(comment)
                .find(|(key, _)| *key == "refused")
                .map(|(_, list)| list.split_whitespace().map(str::to_string).collect());
            moves.push(Move::new(text, ms).with_refused(refused.unwrap_or_default()));
        }
        let round = root.get("RO").and_then(|r| r.parse().ok());
        record.games.push(GameRecord {
            round: round.unwrap_or(index as u32 + 1),
            players: [
                Player::from_label(root.get("PB").unwrap_or("")),
                Player::from_label(root.get("PW").unwrap_or("")),
            ],
            opening: opening.unwrap_or(opening_comments),
            moves,
            outcome: outcome_of(root.get("RE").unwrap_or(""))?,
            reason,
            detail,
        });
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_escape_and_variations_are_skipped() {
        let mut node = Node::default();
        node.push("C", "a ] b \\ c");
        let text = write_tree(&[node.clone()]);
        assert_eq!(parse(&text).unwrap(), vec![vec![node]]);
        let trees = parse("(;GM[4];B[aa](;W[bb];B[cc])(;W[dd]))\n(;GM[1]AB[aa][bb])").unwrap();
        assert_eq!(trees.len(), 2);
        let moves: Vec<_> = trees[0]
            .iter()
            .filter_map(|n| n.get("B").or(n.get("W")))
            .collect();
        assert_eq!(moves, ["aa", "bb", "cc"]);
        assert_eq!(trees[1][0].values("AB").len(), 2);
        assert!(parse("(;B[aa]").is_err());
        assert_eq!(coordinates("bc", 15), Ok((1, 2)));
        assert!(coordinates("zz", 15).is_err());
        assert_eq!(game_seconds("1000 ms a move, 30000 ms a game"), Some(30));
    }
}
