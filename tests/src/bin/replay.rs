//! Writes the replay page of one or more records files (any game, any format the arenas
//! write: SGF, PDN or the SAU text record) as one self-contained HTML file.
//!
//! ```text
//! replay --html OUT.html [--title TEXT] RECORDS...
//! ```

use std::process::ExitCode;

use harness::records::{html, load};

/// Writes the replay page of one or more records files as one self-contained HTML file.
#[derive(clap::Parser)]
#[command(name = "replay")]
struct Args {
    /// The page to write.
    #[arg(long, value_name = "OUT.html")]
    html: String,
    /// The page's title (default: the files' names).
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    /// Records files (SGF, PDN or SAU text records).
    #[arg(value_name = "RECORDS", required = true)]
    files: Vec<String>,
}

fn run(args: Args) -> Result<(), String> {
    let (out, files) = (args.html, args.files);
    let matches = files
        .iter()
        .map(|path| load(path))
        .collect::<Result<Vec<_>, _>>()?;
    let title = args
        .title
        .unwrap_or_else(|| format!("Replay: {}", files.join(", ")));
    html::save(&out, &title, &matches)?;
    let games: usize = matches.iter().map(|m| m.games.len()).sum();
    println!("{out}: {games} games from {} file(s)", files.len());
    Ok(())
}

fn main() -> ExitCode {
    harness::cli::main::<Args>("replay", run)
}
