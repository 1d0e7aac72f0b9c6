//! Writes the replay page of one or more records files (any game, any format the arenas
//! write: SGF, PDN or the SAU text record) as one self-contained HTML file.
//!
//! ```text
//! replay --html OUT.html [--title TEXT] RECORDS...
//! ```

use std::process::ExitCode;

use harness::records::{html, load};

const USAGE: &str = "usage: replay --html OUT.html [--title TEXT] RECORDS...";

fn run(args: &[String]) -> Result<(), String> {
    let (mut out, mut title, mut files) = (None, None, Vec::new());
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--html" | "--title" => {
                let value = iter.next().ok_or(format!("{arg} needs a value"))?.clone();
                if arg == "--html" {
                    out = Some(value);
                } else {
                    title = Some(value);
                }
            }
            _ if arg.starts_with("--") => return Err(format!("unknown option '{arg}'")),
            _ => files.push(arg.clone()),
        }
    }
    let out = out.ok_or("--html OUT.html is required")?;
    if files.is_empty() {
        return Err("no records file given".to_string());
    }
    let matches = files
        .iter()
        .map(|path| load(path))
        .collect::<Result<Vec<_>, _>>()?;
    let title = title.unwrap_or_else(|| format!("Replay: {}", files.join(", ")));
    html::save(&out, &title, &matches)?;
    let games: usize = matches.iter().map(|m| m.games.len()).sum();
    println!("{out}: {games} games from {} file(s)", files.len());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("replay: {message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}
