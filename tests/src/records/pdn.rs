//! Checkers records in PDN: one game after another, the judge's rules named in the `GameType`
//! and `Variant` headers, each move as the squares it visits (every landing square of a
//! capture path, as the protocol lists them, joined by `x`; a step joined by `-`), numbered
//! 1-32 as in English draughts with black's men starting on 1-12, and the move's time in a
//! comment after it.

use super::tags::{parse_games, read_header, write_header};
use super::{Format, MatchRecord, Move, Outcome};
use crate::checkers::rules::{format_path, parse_path};

/// PDN for the 8x8 judge's checkers.
pub struct Pdn;

/// The judge's rules in words (PDN has no game type for them: they are English draughts'
/// board and notation with other capture and ending rules).
pub const VARIANT: &str = "8x8 judge checkers: black moves first; men step forward and capture \
    forward and backward; captures are mandatory and only the longest capture is legal; kings \
    step and capture one square in any direction; no legal move loses; at ply 120 the side \
    with more points (man 1, king 3) wins";

/// A PDN square number of a protocol square (row 0 is white's back row).
pub fn square_number(row: i32, col: i32) -> Option<u32> {
    let inside = (0..8).contains(&row) && (0..8).contains(&col) && (row + col) % 2 == 1;
    inside.then(|| ((7 - row) * 4 + (7 - col) / 2 + 1) as u32)
}

/// The protocol square of a PDN square number.
pub fn square_of(number: u32) -> Option<(i32, i32)> {
    if !(1..=32).contains(&number) {
        return None;
    }
    let k = number as i32 - 1;
    let row = 7 - k / 4;
    let col = 7 - 2 * (k % 4);
    let col = if (row + col) % 2 == 1 { col } else { col - 1 };
    Some((row, col))
}

/// The PDN move of a protocol move text.
pub fn pdn_move(text: &str) -> Result<String, String> {
    let path = parse_path(text)?;
    let capture = path.windows(2).any(|w| (w[0].0 - w[1].0).abs() == 2);
    let numbers: Option<Vec<String>> = path
        .iter()
        .map(|&(r, c)| square_number(r, c).map(|n| n.to_string()))
        .collect();
    let numbers = numbers.ok_or(format!("'{text}' leaves the dark squares"))?;
    Ok(numbers.join(if capture { "x" } else { "-" }))
}

/// The protocol move text of a PDN move.
pub fn protocol_move(token: &str) -> Result<String, String> {
    let path: Option<Vec<(i32, i32)>> = token
        .split(['-', 'x', 'X'])
        .map(|n| n.parse().ok().and_then(square_of))
        .collect();
    match path {
        Some(path) if path.len() >= 2 => Ok(format_path(&path)),
        _ => Err(format!("PDN: '{token}' is not a move")),
    }
}

fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::BlackWins => "2-0",
        Outcome::WhiteWins => "0-2",
        Outcome::Draw => "1-1",
    }
}

impl Format for Pdn {
    fn extension(&self) -> &'static str {
        "pdn"
    }

    fn write(&self, record: &MatchRecord) -> Result<String, String> {
        let mut out = String::new();
        for game in &record.games {
            let result = result_text(game.outcome);
            let extra = [
                ("GameType", "20".to_string()),
                ("Variant", VARIANT.to_string()),
                ("PlyCount", game.moves.len().to_string()),
            ];
            out.push_str(&write_header(record, game, result, &extra));
            out.push('\n');
            let mut line = String::new();
            for (index, mv) in game.moves.iter().enumerate() {
                let mut word = String::new();
                if index % 2 == 0 {
                    word.push_str(&format!("{}. ", index / 2 + 1));
                }
                let text = pdn_move(&mv.text)
                    .map_err(|e| format!("game {} move {}: {e}", game.round, index + 1))?;
                word.push_str(&text);
                if let Some(ms) = mv.ms {
                    word.push_str(&format!(" {{{ms} ms}}"));
                }
                if line.len() + word.len() > 78 {
                    out.push_str(line.trim_end());
                    out.push('\n');
                    line.clear();
                }
                line.push_str(&word);
                line.push(' ');
            }
            line.push_str(result);
            out.push_str(&line);
            out.push_str("\n\n");
        }
        Ok(out)
    }

    fn read(&self, text: &str) -> Result<MatchRecord, String> {
        let mut record = MatchRecord::new("checkers", "", 8, "", "");
        for (index, tagged) in parse_games(text)?.iter().enumerate() {
            let mut game = read_header(tagged, index, &mut record)?;
            let body = tagged.body.join(" ");
            let mut rest = body.as_str();
            while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
                rest = &rest[start..];
                if let Some(comment) = rest.strip_prefix('{') {
                    let end = comment.find('}').ok_or("PDN: unclosed comment")?;
                    let words: Vec<&str> = comment[..end].split_whitespace().collect();
                    if let ([ms, "ms"], Some(last)) = (&words[..], game.moves.last_mut()) {
                        last.ms = ms.parse().ok();
                    }
                    rest = &comment[end + 1..];
                    continue;
                }
                let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                let token = &rest[..end];
                rest = &rest[end..];
                let token =
                    token.trim_start_matches(|c: char| c.is_ascii_digit() && token.contains('.'));
                let token = token.trim_start_matches('.');
                if token.is_empty() || Outcome::from_score(token).is_some() || token == "*" {
                    continue;
                }
                game.moves.push(Move::new(protocol_move(token)?, None));
            }
            record.games.push(game);
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_number_as_in_english_draughts() {
        for number in 1..=32 {
            let (row, col) = square_of(number).unwrap();
            assert_eq!(square_number(row, col), Some(number));
        }
        // Black's men start on rows 5-7, which are squares 1-12.
        assert_eq!(square_number(7, 0), Some(4));
        assert_eq!(square_number(5, 6), Some(9));
        assert_eq!(square_number(0, 7), Some(29));
        assert_eq!(pdn_move("3 5,0 3,2 1,0").unwrap(), "12x19x28");
        assert_eq!(protocol_move("12x19x28").unwrap(), "3 5,0 3,2 1,0");
        assert_eq!(pdn_move("2 5,0 4,1").unwrap(), "12-16");
    }
}
