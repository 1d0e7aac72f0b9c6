//! Phantom Go records as Go SGF (`GM[1]`, `SZ[9]`, `KM[7.5]`, `RU[Phantom Go]`): the whole game
//! as the referee saw it, both sides' stones, so that Go viewers replay it with its captures; a
//! pass is `B[]`/`W[]`, and the points refused in a turn before its move are in the move's
//! comment (`refused: EE DD`), which no viewer plays.

use super::rules_free;
use super::sgf::{coordinates, point, read_match, write_match, Dialect};
use super::{Format, MatchRecord};

/// Go SGF for Phantom Go.
pub struct PhantomSgf;

/// A SAU square (`EE`) or `pass` to the move's value.
fn to_points(text: &str, size: usize) -> Result<Vec<String>, String> {
    if text == "pass" {
        return Ok(vec![String::new()]);
    }
    match crate::sau::rules::parse_squares(text, size)?.as_slice() {
        [Some((x, y))] => Ok(vec![point(*x, *y)]),
        _ => Err(format!("'{text}' is not one point")),
    }
}

fn from_points(values: &[String], size: usize) -> Result<String, String> {
    match values {
        // FF[3] wrote a pass as `tt` on boards up to 19x19.
        [value] if value.is_empty() || (value == "tt" && size <= 19) => Ok("pass".to_string()),
        [value] => {
            let (x, y) = coordinates(value, size)?;
            Ok(crate::sau::rules::square_name(x, y))
        }
        _ => Err("SGF: a Phantom Go move places one stone".to_string()),
    }
}

const DIALECT: Dialect = Dialect {
    gm: "1",
    rule: |_| "Phantom Go".to_string(),
    to_points,
    from_points,
    extra_root: &[("KM", "7.5")],
};

impl Format for PhantomSgf {
    fn extension(&self) -> &'static str {
        "sgf"
    }

    fn write(&self, record: &MatchRecord) -> Result<String, String> {
        write_match(record, &DIALECT)
    }

    fn read(&self, text: &str) -> Result<MatchRecord, String> {
        rules_free(read_match(text, &DIALECT, "phantom-go"))
    }
}
