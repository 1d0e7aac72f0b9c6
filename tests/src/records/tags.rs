//! The tag-pair syntax of PGN that PDN and the SAU text record share: per game a section of
//! `[Name "value"]` lines, then its body (movetext) up to the next section.
//!
//! The header every such record writes: `Event`, `Date` (`YYYY.MM.DD`), `Round`, `Black`,
//! `White` (`name (version)`), `Result` (the format's own score), `TimeControl` (in words),
//! `Termination` (a [`Reason`] keyword), `Detail` (the arena's words) and, for a game with an
//! opening, `OpeningMoves`.

use super::{GameRecord, MatchRecord, Outcome, Player, Reason};

/// One game's tags and body lines (blank lines left out).
#[derive(Clone, Debug, Default)]
pub struct TaggedGame {
    pub tags: Vec<(String, String)>,
    pub body: Vec<String>,
}

impl TaggedGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One `[Name "value"]` line.
pub fn tag_line(name: &str, value: &str) -> String {
    let value = value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', " ");
    format!("[{name} \"{value}\"]\n")
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or(format!("bad tag line {line:?}"))?;
    let (name, quoted) = inner
        .split_once(' ')
        .ok_or(format!("bad tag line {line:?}"))?;
    let quoted = quoted
        .trim()
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or(format!("tag value not quoted in {line:?}"))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(ch) = chars.next() {
        value.push(if ch == '\\' {
            chars.next().unwrap_or('\\')
        } else {
            ch
        });
    }
    Ok((name.to_string(), value))
}

/// Splits a file into its games.
pub fn parse_games(text: &str) -> Result<Vec<TaggedGame>, String> {
    let mut games: Vec<TaggedGame> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line.starts_with('[') {
            if games.last().is_none_or(|g| !g.body.is_empty()) {
                games.push(TaggedGame::default());
            }
            games.last_mut().unwrap().tags.push(parse_tag(line)?);
        } else {
            games
                .last_mut()
                .ok_or(format!("moves before any tag: {line:?}"))?
                .body
                .push(line.to_string());
        }
    }
    Ok(games)
}

/// The header of `game` with the format's `result` and the `extra` tags after `White`.
pub fn write_header(
    record: &MatchRecord,
    game: &GameRecord,
    result: &str,
    extra: &[(&str, String)],
) -> String {
    let mut out = String::new();
    out.push_str(&tag_line("Event", &record.event));
    out.push_str(&tag_line("Date", &record.date.replace('-', ".")));
    out.push_str(&tag_line("Round", &game.round.to_string()));
    out.push_str(&tag_line("Black", &game.players[0].label()));
    out.push_str(&tag_line("White", &game.players[1].label()));
    for (name, value) in extra {
        out.push_str(&tag_line(name, value));
    }
    out.push_str(&tag_line("Result", result));
    out.push_str(&tag_line("TimeControl", &record.time_control));
    out.push_str(&tag_line("Termination", game.reason.keyword()));
    out.push_str(&tag_line("Detail", &game.detail));
    if game.opening > 0 {
        out.push_str(&tag_line("OpeningMoves", &game.opening.to_string()));
    }
    out
}

/// A game from its header (no moves yet), and the match fields the header holds.
pub fn read_header(
    tagged: &TaggedGame,
    index: usize,
    record: &mut MatchRecord,
) -> Result<GameRecord, String> {
    let tag = |name: &str| tagged.tag(name).unwrap_or("");
    record.event = tag("Event").to_string();
    record.date = tag("Date").replace('.', "-");
    record.time_control = tag("TimeControl").to_string();
    let result = tag("Result");
    Ok(GameRecord {
        round: tag("Round").parse().unwrap_or(index as u32 + 1),
        players: [
            Player::from_label(tag("Black")),
            Player::from_label(tag("White")),
        ],
        opening: tag("OpeningMoves").parse().unwrap_or(0),
        moves: Vec::new(),
        outcome: Outcome::from_score(result)
            .ok_or(format!("game {}: result {result:?}", index + 1))?,
        reason: Reason::from_keyword(tag("Termination")).unwrap_or(Reason::Other),
        detail: tag("Detail").to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_escape_and_games_split() {
        let text = format!(
            "{}{}\n1. a b\n\n{}2. c\n",
            tag_line("Event", "a \"b\" \\ c"),
            tag_line("Round", "1"),
            tag_line("Round", "2")
        );
        let games = parse_games(&text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"b\" \\ c"));
        assert_eq!(games[0].body, ["1. a b"]);
        assert_eq!(games[1].tag("Round"), Some("2"));
        assert!(parse_games("1. a\n").is_err());
    }
}
