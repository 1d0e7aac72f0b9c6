//! Connect6 records: SGF with one node a turn, the turn's stones as the values of its move
//! property (`;B[jj]`, then `;W[kk][ll]`), `RU[Connect6]`, times and the structured game
//! comment as in [`super::sgf`].

use super::rules_free;
use super::sgf::{coordinates, point, read_match, write_match, Dialect};
use super::{Format, MatchRecord};

/// SGF for Connect6.
pub struct Connect6Sgf;

/// SAU squares (`JJ@@`, `KKLL`) to points.
pub(crate) fn sau_to_points(text: &str, size: usize) -> Result<Vec<String>, String> {
    let squares = crate::sau::rules::parse_squares(text, size)?;
    let points: Vec<String> = squares
        .into_iter()
        .flatten()
        .map(|(x, y)| point(x, y))
        .collect();
    if points.is_empty() {
        return Err(format!("'{text}' places no stone"));
    }
    Ok(points)
}

/// Points back to SAU squares, `@@` filling a one-stone turn of Connect6.
fn from_points(values: &[String], size: usize) -> Result<String, String> {
    let mut text = String::new();
    for value in values {
        let (x, y) = coordinates(value, size)?;
        text.push((b'A' + x as u8) as char);
        text.push((b'A' + y as u8) as char);
    }
    match values.len() {
        1 => text.push_str("@@"),
        2 => {}
        _ => return Err("SGF: a Connect6 turn places one or two stones".to_string()),
    }
    Ok(text)
}

const DIALECT: Dialect = Dialect {
    gm: "1",
    rule: |_| "Connect6".to_string(),
    to_points: sau_to_points,
    from_points,
    extra_root: &[],
};

impl Format for Connect6Sgf {
    fn extension(&self) -> &'static str {
        "sgf"
    }

    fn write(&self, record: &MatchRecord) -> Result<String, String> {
        write_match(record, &DIALECT)
    }

    fn read(&self, text: &str) -> Result<MatchRecord, String> {
        rules_free(read_match(text, &DIALECT, "connect6"))
    }
}
