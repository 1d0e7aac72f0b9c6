//! Opening files: one opening per line, either offsets from the centre (`0,0 1,0 -1,1`, the
//! Gomocup/Rapfi style) or pos notation (`h8i9j7`: a letter for the column from `a`, a number
//! for the row from 1). Blank lines and lines starting with `#` are skipped.

/// An opening: stones in move order, black first, as board coordinates.
pub type Opening = Vec<(usize, usize)>;

/// Parses one opening line for a `size` x `size` board.
pub fn parse_line(line: &str, size: usize) -> Result<Opening, String> {
    let line = line.trim();
    let stones = if line.contains(',') {
        parse_offsets(line, size)?
    } else {
        parse_pos(line)?
    };
    let mut seen = std::collections::HashSet::new();
    for &(x, y) in &stones {
        if x >= size || y >= size {
            return Err(format!(
                "stone {x},{y} is off a {size}x{size} board in '{line}'"
            ));
        }
        if !seen.insert((x, y)) {
            return Err(format!("stone {x},{y} appears twice in '{line}'"));
        }
    }
    Ok(stones)
}

fn parse_offsets(line: &str, size: usize) -> Result<Opening, String> {
    let centre = (size / 2) as i64;
    line.split_whitespace()
        .map(|pair| {
            let (dx, dy) = pair
                .split_once(',')
                .ok_or_else(|| format!("'{pair}' is not dx,dy"))?;
            let dx: i64 = dx
                .trim()
                .parse()
                .map_err(|_| format!("bad offset '{pair}'"))?;
            let dy: i64 = dy
                .trim()
                .parse()
                .map_err(|_| format!("bad offset '{pair}'"))?;
            let (x, y) = (centre + dx, centre + dy);
            if x < 0 || y < 0 {
                return Err(format!("offset '{pair}' is off the board"));
            }
            Ok((x as usize, y as usize))
        })
        .collect()
}

fn parse_pos(line: &str) -> Result<Opening, String> {
    let mut stones = Vec::new();
    let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
    let mut index = 0;
    while index < chars.len() {
        let letter = chars[index].to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(format!(
                "expected a column letter at '{}'",
                &line[index.min(line.len())..]
            ));
        }
        index += 1;
        let start = index;
        while index < chars.len() && chars[index].is_ascii_digit() {
            index += 1;
        }
        let digits: String = chars[start..index].iter().collect();
        let row: usize = digits
            .parse()
            .map_err(|_| format!("expected a row number after '{letter}' in '{line}'"))?;
        if row == 0 {
            return Err(format!("rows count from 1 in '{line}'"));
        }
        stones.push(((letter as u8 - b'a') as usize, row - 1));
    }
    Ok(stones)
}

/// Parses a whole file.
pub fn parse_file(text: &str, size: usize) -> Result<Vec<Opening>, String> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| parse_line(line, size))
        .collect()
}

/// Simple built-in openings (offsets from the centre) for when no file is given: short and
/// roughly even, so that both colours of each are played. For measuring, the balanced openings
/// of `tests/data/gomoku-openings/` are better: longer, and each judged even by a search.
pub const BUILT_IN: &[&str] = &[
    "0,0 1,0 2,1",
    "0,0 1,1 0,2",
    "0,0 1,0 -1,2",
    "0,0 1,1 3,0",
    "0,0 0,1 2,2",
    "0,0 1,0 1,2",
    "0,0 1,1 2,-1",
    "0,0 -1,1 1,2",
    "0,0 2,0 1,1",
    "0,0 1,-1 0,2",
    "0,0 0,2 1,1",
    "0,0 2,1 1,-1",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::referee::{Board, Rule};

    #[test]
    fn offsets_and_pos_notation() {
        assert_eq!(
            parse_line("0,0 1,0 -1,1", 15).unwrap(),
            vec![(7, 7), (8, 7), (6, 8)]
        );
        assert_eq!(
            parse_line("h8i9j10", 15).unwrap(),
            vec![(7, 7), (8, 8), (9, 9)]
        );
        assert!(parse_line("0,0 0,0", 15).is_err());
        assert!(parse_line("z99", 15).is_err());
        assert_eq!(parse_file("# c\n\n0,0\nh8\n", 15).unwrap().len(), 2);
    }

    /// The openings of `tests/data/gomoku-openings/`, with their boards and rules.
    fn balanced_opening_files() -> [(&'static str, usize, Rule); 3] {
        [
            (
                include_str!("../../data/gomoku-openings/freestyle-20.txt"),
                20,
                Rule::Freestyle,
            ),
            (
                include_str!("../../data/gomoku-openings/exact-15.txt"),
                15,
                Rule::ExactFive,
            ),
            (
                include_str!("../../data/gomoku-openings/renju-15.txt"),
                15,
                Rule::Renju,
            ),
        ]
    }

    /// The test set of `tests/data/gomoku-openings-test/`, which nothing is tuned on.
    fn test_opening_files() -> [(&'static str, usize, Rule); 3] {
        [
            (
                include_str!("../../data/gomoku-openings-test/freestyle-20.txt"),
                20,
                Rule::Freestyle,
            ),
            (
                include_str!("../../data/gomoku-openings-test/exact-15.txt"),
                15,
                Rule::ExactFive,
            ),
            (
                include_str!("../../data/gomoku-openings-test/renju-15.txt"),
                15,
                Rule::Renju,
            ),
        ]
    }

    /// The stones of each colour, sorted, in the least of the board's eight symmetries: the
    /// same position whatever the order of the moves or the turn of the board.
    fn canonical(stones: &[(usize, usize)], size: usize) -> Vec<(usize, usize, usize)> {
        (0..8)
            .map(|symmetry| {
                let mut cells: Vec<_> = stones
                    .iter()
                    .enumerate()
                    .map(|(ply, &(x, y))| {
                        let x = if symmetry & 1 != 0 { size - 1 - x } else { x };
                        let y = if symmetry & 2 != 0 { size - 1 - y } else { y };
                        let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
                        (ply % 2, x, y)
                    })
                    .collect();
                cells.sort_unstable();
                cells
            })
            .min()
            .unwrap()
    }

    #[test]
    fn the_test_openings_are_new() {
        // A measurement on the test set says nothing new if the tuning set holds its positions.
        for ((test, size, _), (tuning, _, _)) in test_opening_files()
            .into_iter()
            .zip(balanced_opening_files())
        {
            let seen: std::collections::HashSet<_> = parse_file(tuning, size)
                .unwrap()
                .iter()
                .map(|stones| canonical(stones, size))
                .collect();
            let mut fresh = std::collections::HashSet::new();
            for stones in parse_file(test, size).unwrap() {
                let key = canonical(&stones, size);
                assert!(!seen.contains(&key), "{stones:?} is in the tuning set");
                assert!(fresh.insert(key), "{stones:?} twice");
            }
        }
    }

    #[test]
    fn the_balanced_opening_files_parse_on_their_boards() {
        for (text, size, _) in balanced_opening_files()
            .into_iter()
            .chain(test_opening_files())
        {
            let openings = parse_file(text, size).unwrap();
            assert_eq!(openings.len(), 100);
            assert!(openings
                .iter()
                .all(|stones| (2..=10).contains(&stones.len())));
        }
    }

    #[test]
    fn no_balanced_opening_has_a_five_or_a_renju_foul() {
        // A game from such an opening would be decided before either engine moved.
        for (text, size, rule) in balanced_opening_files()
            .into_iter()
            .chain(test_opening_files())
        {
            for stones in parse_file(text, size).unwrap() {
                let mut board = Board::new(size);
                for (x, y) in stones {
                    board.play(x, y);
                    assert!(!board.wins_at(x, y, rule), "{:?}", board.moves);
                    assert_eq!(board.foul_at(x, y, rule), None, "{:?}", board.moves);
                }
            }
        }
    }

    #[test]
    fn built_in_openings_parse() {
        for line in BUILT_IN {
            assert_eq!(parse_line(line, 15).unwrap().len(), 3);
        }
    }
}
