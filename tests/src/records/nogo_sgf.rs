//! NoGo records as Go SGF (`GM[1]`, `SZ[9]`, `KM[0]`, `RU[NoGo]`), so that Go viewers such
//! as Sabaki open them: NoGo's moves never capture, so every record is a legal Go game.

use super::connect6_sgf::sau_to_points;
use super::rules_free;
use super::sgf::{coordinates, read_match, write_match, Dialect};
use super::{Format, MatchRecord};

/// Go SGF for NoGo.
pub struct NoGoSgf;

fn from_points(values: &[String], size: usize) -> Result<String, String> {
    let [value] = values else {
        return Err("SGF: a NoGo move places one stone".to_string());
    };
    let (x, y) = coordinates(value, size)?;
    Ok(format!(
        "{}{}",
        (b'A' + x as u8) as char,
        (b'A' + y as u8) as char
    ))
}

const DIALECT: Dialect = Dialect {
    gm: "1",
    rule: |_| "NoGo".to_string(),
    to_points: sau_to_points,
    from_points,
    extra_root: &[("KM", "0")],
};

impl Format for NoGoSgf {
    fn extension(&self) -> &'static str {
        "sgf"
    }

    fn write(&self, record: &MatchRecord) -> Result<String, String> {
        write_match(record, &DIALECT)
    }

    fn read(&self, text: &str) -> Result<MatchRecord, String> {
        rules_free(read_match(text, &DIALECT, "nogo"))
    }
}
