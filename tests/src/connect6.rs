//! Connect6 records read as the engine's turns, for the tools that study recorded games.

use crate::sau::rules::parse_squares;
use engine::connect6::geometry::{cell, SIZE};
use engine::connect6::turn::Turn;

/// The turns of a game's moves (SAU squares such as `JJ@@`, `KKLL`).
pub fn turns(moves: &[String]) -> Result<Vec<Turn>, String> {
    moves
        .iter()
        .map(|text| {
            let cells: Vec<u16> = parse_squares(text, SIZE)?
                .into_iter()
                .flatten()
                .map(|(x, y)| cell(x, y))
                .collect();
            match cells[..] {
                [one] => Ok(Turn::single(one)),
                [first, second] => Ok(Turn::pair(first, second)),
                _ => Err(format!("'{text}' is not a Connect6 turn")),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_become_turns() {
        let moves = vec!["JJ@@".to_string(), "KKLL".to_string()];
        let turns = turns(&moves).unwrap();
        assert_eq!(turns.len(), 2);
        assert_eq!(turns[0].cells().count(), 1);
        assert_eq!(turns[1].cells().count(), 2);
        assert!(super::turns(&["JJKKLL".to_string()]).is_err());
        assert!(super::turns(&["ZZ@@".to_string()]).is_err());
    }
}
