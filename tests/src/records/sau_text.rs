//! The SAU text record: any SAU platform game's moves exactly as the platform's `move` lines
//! carry them, so that a new game (Amazons, Surakarta, Dots and Boxes, Phantom Go, ...) has
//! records before it has a standard format. The header is the tag pairs of [`super::tags`]
//! plus `Game` (the game's name) and `Size`; then one move a line, `N. MS TEXT` (`-` for an
//! unknown time), black's first, and the text runs to the end of the line, spaces included.

use super::tags::{parse_games, read_header, write_header};
use super::{Format, MatchRecord, Move};

/// The generic SAU record.
pub struct SauText;

impl Format for SauText {
    fn extension(&self) -> &'static str {
        "txt"
    }

    fn write(&self, record: &MatchRecord) -> Result<String, String> {
        let mut out = String::new();
        for game in &record.games {
            let extra = [
                ("Game", record.game.clone()),
                ("Size", record.size.to_string()),
                ("Rule", record.rule.clone()),
            ];
            out.push_str(&write_header(record, game, game.outcome.score(), &extra));
            out.push('\n');
            for (index, mv) in game.moves.iter().enumerate() {
                if mv.text.contains('\n') || mv.text.trim() != mv.text || mv.text.is_empty() {
                    return Err(format!(
                        "game {} move {}: {:?}",
                        game.round,
                        index + 1,
                        mv.text
                    ));
                }
                let ms = mv.ms.map_or("-".to_string(), |ms| ms.to_string());
                out.push_str(&format!("{}. {ms} {}\n", index + 1, mv.text));
            }
            out.push('\n');
        }
        Ok(out)
    }

    fn read(&self, text: &str) -> Result<MatchRecord, String> {
        let mut record = MatchRecord::new("", "", 0, "", "");
        for (index, tagged) in parse_games(text)?.iter().enumerate() {
            let mut game = read_header(tagged, index, &mut record)?;
            record.game = tagged.tag("Game").ok_or("no Game tag")?.to_string();
            record.size = tagged.tag("Size").and_then(|s| s.parse().ok()).unwrap_or(0);
            record.rule = tagged.tag("Rule").unwrap_or("").to_string();
            for line in &tagged.body {
                let bad = || format!("game {}: bad move line {line:?}", index + 1);
                let (_, rest) = line.split_once(". ").ok_or_else(bad)?;
                let (ms, text) = rest.split_once(' ').ok_or_else(bad)?;
                let ms = if ms == "-" {
                    None
                } else {
                    Some(ms.parse().map_err(|_| bad())?)
                };
                game.moves.push(Move::new(text, ms));
            }
            record.games.push(game);
        }
        Ok(record)
    }
}
