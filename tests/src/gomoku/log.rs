//! The log files of `gomoku-arena --log` and `gomoku-spsa --log`: appending to them, and
//! reading the arena's games back for the tuning tools.

use engine::gomoku::rule::Rule;

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

/// The games of a log's text: per game its result line (`game N engine1 black: ...`) and the
/// line of its stones after it.
pub fn log_games(text: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut lines = text.lines();
    std::iter::from_fn(move || loop {
        let line = lines.next()?;
        if line.starts_with("game ") {
            return Some((line, lines.next().unwrap_or("").trim()));
        }
    })
}
