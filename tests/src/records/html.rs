//! The replay page: one self-contained HTML file (no server, no network, no external script or
//! font) with the matches' records as JSON and `replay.js`, which draws each game's board as
//! SVG, steps through it with the arrow keys and lists the games.
//!
//! Keys: Left/Right a move, Home/End the start/end, Up/Down the previous/next game. The URL's
//! hash selects a game and replays key presses on load (`#game=2&keys=RRRL`, R/L/H/E/U/D for
//! Right/Left/Home/End/Up/Down), which the browser test uses; `#status` shows where the
//! page is (`data-game`, `data-ply`, `data-stones` attributes).

use super::{MatchRecord, Outcome};

const SCRIPT: &str = include_str!("replay.js");

const STYLE: &str = "body{font-family:sans-serif;margin:12px;background:#f4f1ea;color:#222}\
h1{font-size:18px;margin:0 0 8px}#main{display:flex;gap:16px;align-items:flex-start}\
#board{background:#fff;border:1px solid #999;flex:none}#side{flex:1;min-width:0;font-size:13px}\
table{border-collapse:collapse;font-size:12px;margin-top:6px}\
td,th{border:1px solid #bbb;padding:2px 4px;text-align:left}\
tr.sel{background:#ffe08a}tr{cursor:pointer}#status{font-weight:bold;margin:6px 0;max-width:560px}\
#moves{font-family:monospace;max-height:180px;overflow:auto;white-space:pre-wrap}\
.cur{background:#ffe08a}";

/// A JSON string literal, safe inside `<script>`.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn match_json(record: &MatchRecord) -> String {
    let games: Vec<String> = record
        .games
        .iter()
        .map(|game| {
            let moves: Vec<String> = game
                .moves
                .iter()
                .map(|mv| {
                    let ms = mv.ms.map_or("null".to_string(), |ms| ms.to_string());
                    let refused = if mv.refused.is_empty() {
                        String::new()
                    } else {
                        let points: Vec<String> =
                            mv.refused.iter().map(|p| json_string(p)).collect();
                        format!(",[{}]", points.join(","))
                    };
                    format!("[{},{ms}{refused}]", json_string(&mv.text))
                })
                .collect();
            let winner = match game.outcome {
                Outcome::BlackWins => "\"black\"",
                Outcome::WhiteWins => "\"white\"",
                Outcome::Draw => "null",
            };
            format!(
                "{{\"round\":{},\"black\":{},\"white\":{},\"opening\":{},\"result\":{},\
                 \"winner\":{winner},\"reason\":{},\"detail\":{},\"moves\":[{}]}}",
                game.round,
                json_string(&game.players[0].label()),
                json_string(&game.players[1].label()),
                game.opening,
                json_string(game.outcome.score()),
                json_string(game.reason.keyword()),
                json_string(&game.detail),
                moves.join(",")
            )
        })
        .collect();
    format!(
        "{{\"game\":{},\"rule\":{},\"size\":{},\"event\":{},\"date\":{},\"timeControl\":{},\
         \"games\":[{}]}}",
        json_string(&record.game),
        json_string(&record.rule),
        record.size,
        json_string(&record.event),
        json_string(&record.date),
        json_string(&record.time_control),
        games.join(",\n")
    )
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The replay page of `matches`.
pub fn page(title: &str, matches: &[MatchRecord]) -> String {
    let data: Vec<String> = matches.iter().map(match_json).collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{title}</title>\n<style>{STYLE}</style></head>\n<body>\n<h1>{title}</h1>\n\
         <div id=\"main\"><div><svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" \
         width=\"560\" height=\"560\"></svg><div id=\"status\"></div>\
         <div>Left/Right: move, Home/End: start/end, Up/Down: game</div></div>\n\
         <div id=\"side\"><div id=\"info\"></div><div id=\"moves\"></div><table id=\"games\">\
         </table></div></div>\n<script>\nconst MATCHES = [{}];\n{SCRIPT}</script>\n\
         </body></html>\n",
        data.join(",\n"),
        title = escape_html(title),
    )
}

/// Writes the replay page of `matches` to `path`.
pub fn save(path: &str, title: &str, matches: &[MatchRecord]) -> Result<(), String> {
    std::fs::write(path, page(title, matches)).map_err(|e| format!("{path}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_self_contained_and_its_data_cannot_close_the_script() {
        let mut matches = crate::records::samples::matches();
        matches[0].games[0].detail = "</script><b>".to_string();
        let page = page("a < b", &matches);
        assert!(!page.contains("</script><b>"));
        assert_eq!(page.matches("</script>").count(), 1);
        assert!(page.contains("<title>a &lt; b</title>"));
        for external in ["src=", "href=", "http://", "https://", "@import", "url("] {
            let outside_svg_namespace = page.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
            let outside = outside_svg_namespace.replace("\"http://www.w3.org/2000/svg\"", "");
            assert!(!outside.contains(external), "{external}");
        }
    }
}
