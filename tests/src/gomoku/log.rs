//! Reading the files `gomoku-arena --log` writes, for the tuning tools.

use engine::gomoku::rule::Rule;

/// Size and rule of a log `X.log`, from the header of the arena output saved next to it
/// (`X.out`: `... 15x15 ExactFive, ...`).
pub fn log_setting(log: &str) -> Result<(usize, Rule), String> {
    let out = log
        .strip_suffix(".log")
        .map(|stem| format!("{stem}.out"))
        .ok_or(format!("{log}: expected a .log file"))?;
    let text = std::fs::read_to_string(&out).map_err(|e| format!("{out}: {e}"))?;
    let header = text.lines().next().unwrap_or("");
    let rule = if header.contains("ExactFive") {
        Rule::ExactFive
    } else if header.contains("Freestyle") {
        Rule::Freestyle
    } else {
        return Err(format!("{out}: no rule in the header '{header}'"));
    };
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
