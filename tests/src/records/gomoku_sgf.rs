//! Gomoku records in the SGF dialect of piskvork, Yixin-Board and c-gomoku-cli: `GM[4]`, the
//! board size, the rule, players, result, one node a stone with the opening's stones marked
//! `C[opening]` and every other stone's time in its comment (see [`super::sgf`]).

use super::sgf::{coordinates, point, read_match, write_match, Dialect};
use super::{Format, MatchRecord};

/// SGF for gomoku.
pub struct GomokuSgf;

/// The `RU` value of each arena rule.
const RULES: [(&str, &str); 4] = [
    ("freestyle", "Freestyle"),
    ("exact", "Standard"),
    ("renju", "Renju"),
    ("caro", "Caro"),
];

fn rule(record: &MatchRecord) -> String {
    RULES
        .iter()
        .find(|(ours, _)| *ours == record.rule)
        .map_or(record.rule.clone(), |(_, sgf)| sgf.to_string())
}

/// Gomocup `x,y` to a point.
fn to_points(text: &str, size: usize) -> Result<Vec<String>, String> {
    let (x, y) = text
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
        .filter(|&(x, y): &(usize, usize)| x < size && y < size)
        .ok_or(format!("'{text}' is not a stone on the board"))?;
    Ok(vec![point(x, y)])
}

fn from_points(values: &[String], size: usize) -> Result<String, String> {
    let [value] = values else {
        return Err("SGF: a gomoku move places one stone".to_string());
    };
    let (x, y) = coordinates(value, size)?;
    Ok(format!("{x},{y}"))
}

const DIALECT: Dialect = Dialect {
    gm: "4",
    rule,
    to_points,
    from_points,
    extra_root: &[],
};

impl Format for GomokuSgf {
    fn extension(&self) -> &'static str {
        "sgf"
    }

    fn write(&self, record: &MatchRecord) -> Result<String, String> {
        write_match(record, &DIALECT)
    }

    fn read(&self, text: &str) -> Result<MatchRecord, String> {
        let mut record = read_match(text, &DIALECT, "gomoku")?;
        let lower = record.rule.to_ascii_lowercase();
        record.rule = RULES
            .iter()
            .find(|(_, sgf)| sgf.to_ascii_lowercase() == lower)
            .map_or(lower, |(ours, _)| ours.to_string());
        Ok(record)
    }
}
