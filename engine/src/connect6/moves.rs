//! Candidate cells and turns, best first.
//!
//! A cell is worth what it adds to its own colour's windows plus what it takes from the
//! opponent's. A pair is worth its first cell plus its second cell counted with the first in
//! place, so that two stones building the same line score what they build together. When the
//! opponent threatens, only turns that block every threat are generated. In a quiet position
//! a pair also scores its shape: the threats it makes, how near its stones are to the last two
//! turns and to each other.

use super::board::{
    Board, NEAR_LAST_VALUE, SELECT_EXTEND_VALUE, SELECT_NEAR_VALUE, SELECT_SPOIL_VALUE,
    SPOIL_VALUE, SPREAD_VALUE, THREATS_MADE_VALUE, WINDOW_VALUE,
};
use super::geometry::{cell, distance, geometry, CELLS, SIZE};
use super::threats::{blocks, threat_count, winning_cells};
use super::turn::Turn;
use crate::core::color::Color;

/// Orders `scored` best value first and keeps the best `keep`. Ties go by the item's own order,
/// so that the result is the same whatever sort algorithm the compiler's library uses.
pub fn keep_best<T: Ord + Copy>(scored: &mut Vec<(T, i32)>, keep: usize) {
    let key = |&(item, value): &(T, i32)| (std::cmp::Reverse(value), item);
    if keep == 0 {
        scored.clear();
        return;
    }
    if scored.len() > keep {
        scored.select_nth_unstable_by_key(keep - 1, key);
        scored.truncate(keep);
    }
    scored.sort_unstable_by_key(key);
}

/// Every empty cell near the stones, with its worth by `value`.
pub fn valued_cells(board: &Board, value: impl Fn(u16) -> i32) -> Vec<(u16, i32)> {
    let mut cells = Vec::with_capacity(CELLS);
    for cell in 0..CELLS as u16 {
        if board.is_empty(cell) && board.is_near_stones(cell) {
            cells.push((cell, value(cell)));
        }
    }
    cells
}

/// What `cell` is worth to `colour`: building its windows and spoiling the opponent's.
pub fn cell_value(board: &Board, cell: u16, colour: Color) -> i32 {
    let own = colour.index();
    let mut attack = 0;
    let mut defence = 0;
    for &window in geometry().windows_of(cell) {
        let counts = board.window_counts(window);
        let (mine, theirs) = (usize::from(counts[own]), usize::from(counts[1 - own]));
        if theirs == 0 {
            attack += if mine == 5 {
                1_000_000
            } else {
                WINDOW_VALUE[mine + 1] - WINDOW_VALUE[mine]
            };
        } else if mine == 0 {
            defence += SPOIL_VALUE[theirs];
        }
    }
    attack + defence
}

/// The value `colour` would gain from `cell` counting only its own windows (no defence).
pub fn attack_value(board: &Board, cell: u16, colour: Color) -> i32 {
    geometry()
        .windows_of(cell)
        .iter()
        .map(|&window| board.window_gain(colour, window))
        .sum()
}

/// The side to move's most aggressive turns: pairs of the cells that build its own lines most,
/// valued by what they build together (no defence counted). When the side must block threats,
/// its blocking turns instead.
pub fn attacking_turns(board: &mut Board, cells: usize, limit: usize) -> Vec<Turn> {
    let colour = board.to_move();
    if board.has_live_window(colour.opponent()) || board.stone_count() == 0 {
        return candidate_turns(board, cells, limit);
    }
    let mut builders: Vec<(u16, i32)> =
        valued_cells(board, |cell| attack_value(board, cell, colour));
    keep_best(&mut builders, cells);
    let mut scored: Vec<(Turn, i32)> = Vec::new();
    for (index, &(first, first_value)) in builders.iter().enumerate() {
        board.place(first, colour);
        for &(second, _) in &builders[index + 1..] {
            let value = first_value + attack_value(board, second, colour);
            scored.push((Turn::pair(first, second), value));
        }
        board.remove(first);
    }
    keep_best(&mut scored, limit);
    scored.into_iter().map(|(turn, _)| turn).collect()
}

/// What `cell` takes from the opponent of `colour`: the worth of the opponent's windows it spoils.
pub fn defence_value(board: &Board, cell: u16, colour: Color) -> i32 {
    let own = colour.index();
    let mut defence = 0;
    for &window in geometry().windows_of(cell) {
        let counts = board.window_counts(window);
        if counts[own] == 0 {
            defence += SPOIL_VALUE[usize::from(counts[1 - own])];
        }
    }
    defence
}

/// Turns for the side to move that spoil the opponent's lines most (blocking any threat it has
/// first): the wider net cast when every ordinary candidate loses to a forced win.
pub fn defensive_turns(board: &mut Board, cells: usize) -> Vec<Turn> {
    let colour = board.to_move();
    let mut spoilers: Vec<(u16, i32)> =
        valued_cells(board, |cell| defence_value(board, cell, colour));
    keep_best(&mut spoilers, cells);
    let spoilers: Vec<u16> = spoilers.into_iter().map(|(cell, _)| cell).collect();
    let threats = blocks(board, colour.opponent());
    match threats.count {
        0 => pairs_from(board, &spoilers, &spoilers, true, false, colour, usize::MAX),
        1 => {
            let mut turns = Vec::new();
            for &single in &threats.singles {
                turns.extend(pairs_from(
                    board,
                    &[single],
                    &spoilers,
                    false,
                    false,
                    colour,
                    usize::MAX,
                ));
            }
            turns
        }
        _ => Vec::new(),
    }
}

/// The `limit` best empty cells near the stones for `colour`, with their values.
pub fn best_cells(board: &Board, colour: Color, limit: usize) -> Vec<(u16, i32)> {
    let mut cells: Vec<(u16, i32)> = valued_cells(board, |cell| cell_value(board, cell, colour));
    keep_best(&mut cells, limit);
    cells
}

/// How near `cell` is to the stones of `turn`: 0 to 3 for 1, 2, 3, and 4 or more cells.
pub fn nearness(turn: Turn, cell: u16) -> usize {
    let nearest = turn.cells().map(|c| distance(cell, c)).min().unwrap_or(4);
    nearest.clamp(1, 4) - 1
}

/// How likely the side to move's next turn is to use `cell` in a quiet position: what the cell
/// does to the windows through it and how near it is to the last two turns.
pub fn selection_value(board: &Board, cell: u16) -> i32 {
    let own = board.to_move().index();
    let mut value = 0;
    for &window in geometry().windows_of(cell) {
        let counts = board.window_counts(window);
        let (mine, theirs) = (usize::from(counts[own]), usize::from(counts[1 - own]));
        if theirs == 0 {
            value += SELECT_EXTEND_VALUE[mine.min(5)];
        } else if mine == 0 {
            value += SELECT_SPOIL_VALUE[theirs.min(5)];
        }
    }
    for (back, near) in SELECT_NEAR_VALUE.iter().enumerate() {
        if let Some(last) = board.last_turn(back) {
            value += near[nearness(last, cell)];
        }
    }
    value
}

/// The `limit` empty cells near the stones that the side to move's quiet turns are built from:
/// the best by [`selection_value`].
pub fn quiet_cells(board: &Board, limit: usize) -> Vec<u16> {
    let mut cells: Vec<(u16, i32)> = valued_cells(board, |cell| selection_value(board, cell));
    keep_best(&mut cells, limit);
    cells.into_iter().map(|(cell, _)| cell).collect()
}

/// The value of placing `first` then `second` for `colour`.
pub fn pair_value(board: &mut Board, first: u16, second: u16, colour: Color) -> i32 {
    let value_first = cell_value(board, first, colour);
    board.place(first, colour);
    let value_second = cell_value(board, second, colour);
    board.remove(first);
    value_first + value_second
}

/// The shape of a pair in a quiet position, beyond the windows it changes (see [`PairShape::value`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairShape {
    /// Stones the opponent needs to block the threats the pair makes: 0, 1, or 2 for two or more.
    pub threats: usize,
    /// How many of the pair's stones lie 1, 2, 3, or 4 or more cells from the nearest stone of
    /// the opponent's last turn (`[0]`) and of our own last turn (`[1]`).
    pub near: [[u8; 4]; 2],
    /// The distance between the two stones: 0 for 1 cell, 1 for 2, 2 for 3 to 5, 3 for more.
    pub spread: usize,
}

impl PairShape {
    /// What the shape adds to the pair's value.
    pub fn value(&self) -> i32 {
        let near: i32 = (0..2)
            .flat_map(|back| (0..4).map(move |d| (back, d)))
            .map(|(back, d)| NEAR_LAST_VALUE[back][d] * i32::from(self.near[back][d]))
            .sum();
        THREATS_MADE_VALUE[self.threats] + near + SPREAD_VALUE[self.spread]
    }
}

/// The shape of `colour` playing `first` then `second` in a quiet position.
pub fn pair_shape(board: &mut Board, first: u16, second: u16, colour: Color) -> PairShape {
    board.place(first, colour);
    let first_threatens = board.has_live_window(colour);
    let shape = shape_after_first(board, first, second, colour, first_threatens);
    board.remove(first);
    shape
}

/// [`pair_shape`] with `first` already placed; `first_threatens` says whether it made a threat.
fn shape_after_first(
    board: &mut Board,
    first: u16,
    second: u16,
    colour: Color,
    first_threatens: bool,
) -> PairShape {
    let own = colour.index();
    let second_threatens = geometry().windows_of(second).iter().any(|&window| {
        let counts = board.window_counts(window);
        counts[own] >= 3 && counts[1 - own] == 0
    });
    let threats = if first_threatens || second_threatens {
        board.place(second, colour);
        let count = threat_count(board, colour);
        board.remove(second);
        usize::from(count.min(2))
    } else {
        0
    };
    let mut near = [[0; 4]; 2];
    for (back, counts) in near.iter_mut().enumerate() {
        if let Some(last) = board.last_turn(back) {
            for stone in [first, second] {
                counts[nearness(last, stone)] += 1;
            }
        }
    }
    let spread = match distance(first, second) {
        0 | 1 => 0,
        2 => 1,
        3..=5 => 2,
        _ => 3,
    };
    PairShape {
        threats,
        near,
        spread,
    }
}

/// Pairs cells of `firsts` with cells of `seconds` and keeps the `limit` best pairs. With
/// `unordered`, both lists are the same and each pair is taken once. With `shape` (a quiet
/// position), each pair's [`PairShape`] counts too.
fn pairs_from(
    board: &mut Board,
    firsts: &[u16],
    seconds: &[u16],
    unordered: bool,
    shape: bool,
    colour: Color,
    limit: usize,
) -> Vec<Turn> {
    let mut scored: Vec<(Turn, i32)> = Vec::new();
    for (index, &first) in firsts.iter().enumerate() {
        let seconds = if unordered {
            &seconds[index + 1..]
        } else {
            seconds
        };
        if seconds.iter().all(|&second| second == first) {
            continue;
        }
        // The pair's value (see `pair_value`), with the first stone placed once for all seconds.
        let first_value = cell_value(board, first, colour);
        board.place(first, colour);
        let first_threatens = shape && board.has_live_window(colour);
        for &second in seconds {
            if second != first {
                let mut value = first_value + cell_value(board, second, colour);
                if shape {
                    value +=
                        shape_after_first(board, first, second, colour, first_threatens).value();
                }
                scored.push((Turn::pair(first, second), value));
            }
        }
        board.remove(first);
    }
    keep_best(&mut scored, limit);
    scored.into_iter().map(|(turn, _)| turn).collect()
}

/// The candidate turns for the side to move, best first: at most `limit` of them, except that
/// every pair blocking two threats is kept (they are all the side has). `cells` bounds how many
/// cells are paired.
pub fn candidate_turns(board: &mut Board, cells: usize, limit: usize) -> Vec<Turn> {
    let colour = board.to_move();
    if board.stone_count() == 0 {
        return vec![Turn::single(cell(SIZE / 2, SIZE / 2))];
    }
    if let Some(win) = winning_cells(board, colour) {
        return vec![complete_turn(board, &win, colour)];
    }
    let threats = blocks(board, colour.opponent());
    match threats.count {
        0 => {
            let best = quiet_cells(board, cells);
            pairs_from(board, &best, &best, true, true, colour, limit)
        }
        1 => {
            let seconds: Vec<u16> = best_cells(board, colour, cells)
                .into_iter()
                .map(|(cell, _)| cell)
                .collect();
            let mut turns = Vec::new();
            for &single in threats.singles.iter().take(4) {
                board.place(single, colour);
                let mut seconds: Vec<u16> = seconds.clone();
                seconds.retain(|&cell| board.is_empty(cell));
                board.remove(single);
                turns.extend(pairs_from(
                    board,
                    &[single],
                    &seconds,
                    false,
                    false,
                    colour,
                    limit,
                ));
            }
            let mut scored: Vec<(Turn, i32)> = turns
                .into_iter()
                .map(|turn| {
                    let value =
                        pair_value(board, turn.first, turn.second.unwrap_or(turn.first), colour);
                    (turn, value)
                })
                .collect();
            keep_best(&mut scored, limit.max(4));
            scored.into_iter().map(|(turn, _)| turn).collect()
        }
        2 => {
            let mut scored: Vec<(Turn, i32)> = threats
                .pairs
                .iter()
                .map(|&(first, second)| {
                    (
                        Turn::pair(first, second),
                        pair_value(board, first, second, colour),
                    )
                })
                .collect();
            keep_best(&mut scored, usize::MAX);
            scored.into_iter().map(|(turn, _)| turn).collect()
        }
        _ => {
            // Lost against correct play: block as much as possible and hope for a mistake.
            let blocking = threats.cells.clone();
            pairs_from(
                board,
                &blocking,
                &blocking,
                true,
                false,
                colour,
                limit.min(4),
            )
        }
    }
}

/// The root's candidate turns: [`candidate_turns`], and when the side to move is free (no threat
/// to block), also each of the best `firsts` cells paired with the cells that are best once it
/// stands, which finds the pairs that build one line together although the second cell alone
/// ranks low. At most `limit` turns, best pair value first.
pub fn root_turns(board: &mut Board, cells: usize, limit: usize, firsts: usize) -> Vec<Turn> {
    let turns = candidate_turns(board, cells, limit);
    let colour = board.to_move();
    if firsts == 0
        || board.stone_count() == 0
        || winning_cells(board, colour).is_some()
        || blocks(board, colour.opponent()).count > 0
    {
        return turns;
    }
    let mut scored: Vec<(Turn, i32)> = turns
        .into_iter()
        .map(|turn| {
            let second = turn.second.unwrap_or(turn.first);
            (turn, pair_value(board, turn.first, second, colour))
        })
        .collect();
    for (first, first_value) in best_cells(board, colour, firsts) {
        board.place(first, colour);
        let seconds = best_cells(board, colour, SECONDS_PER_FIRST);
        board.remove(first);
        for (second, second_value) in seconds {
            let turn = Turn::pair(first, second);
            if !scored.iter().any(|(other, _)| other.same_stones(&turn)) {
                scored.push((turn, first_value + second_value));
            }
        }
    }
    keep_best(&mut scored, limit);
    scored.into_iter().map(|(turn, _)| turn).collect()
}

/// Second cells tried with each first cell by [`root_turns`].
const SECONDS_PER_FIRST: usize = 6;

/// Turns the one or two cells that complete six into a turn (a single winning cell gets any
/// other empty cell as its partner).
pub fn complete_turn(board: &Board, win: &[u16], colour: Color) -> Turn {
    let first = win[0];
    let second = win.get(1).copied().or_else(|| {
        (0..CELLS as u16)
            .filter(|&cell| cell != first && board.is_empty(cell))
            .max_by_key(|&cell| attack_value(board, cell, colour))
    });
    match second {
        Some(second) => Turn::pair(first, second),
        None => Turn::single(first),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::board::test_positions::black_open_four;

    #[test]
    fn the_opening_is_the_centre_and_the_reply_is_near_it() {
        let mut board = Board::new();
        let turns = candidate_turns(&mut board, 10, 10);
        assert_eq!(turns, vec![Turn::single(cell(9, 9))]);
        board.play(turns[0]);
        let replies = candidate_turns(&mut board, 10, 10);
        assert!(!replies.is_empty());
        for turn in replies {
            assert!(board.is_legal(&turn));
        }
    }

    #[test]
    fn a_threat_is_always_blocked() {
        let mut board = black_open_four();
        // Black has an open four on row 9 (cells 9..12): white must block both ends.
        for turn in candidate_turns(&mut board, 10, 20) {
            board.play(turn);
            assert!(
                !board.has_live_window(Color::Black),
                "{turn:?} leaves a threat"
            );
            board.undo(turn);
        }
    }

    #[test]
    fn root_turns_keep_the_candidates_order_of_value_and_add_line_building_pairs() {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(10, 10), cell(8, 8)));
        let plain = candidate_turns(&mut board, 6, 40);
        let root = root_turns(&mut board, 6, 40, 8);
        assert!(root.len() > plain.len(), "pairs beyond the six best cells");
        for turn in &root {
            assert!(board.is_legal(turn));
        }
        let values: Vec<i32> = root
            .iter()
            .map(|turn| pair_value(&mut board, turn.first, turn.second.unwrap(), Color::Black))
            .collect();
        assert!(
            values.windows(2).all(|pair| pair[0] >= pair[1]),
            "{values:?}"
        );
        let mut forced = black_open_four();
        assert_eq!(
            root_turns(&mut forced, 10, 20, 8),
            candidate_turns(&mut forced, 10, 20),
            "forced blocks are left as they are"
        );
    }

    #[test]
    fn quiet_turns_pair_the_selected_cells_best_value_first() {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(10, 10), cell(8, 8)));
        board.play(Turn::pair(cell(9, 10), cell(7, 7)));
        let cells = quiet_cells(&board, 6);
        let turns = candidate_turns(&mut board, 6, 40);
        assert_eq!(turns.len(), 15, "every pair of six cells");
        let colour = board.to_move();
        let values: Vec<i32> = turns
            .iter()
            .map(|turn| {
                let second = turn.second.unwrap();
                assert!(cells.contains(&turn.first) && cells.contains(&second));
                pair_value(&mut board, turn.first, second, colour)
                    + pair_shape(&mut board, turn.first, second, colour).value()
            })
            .collect();
        assert!(
            values.windows(2).all(|pair| pair[0] >= pair[1]),
            "{values:?}"
        );
    }

    #[test]
    fn a_pair_beside_the_opponents_last_turn_is_near_it_and_a_four_is_a_threat() {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(3, 3), cell(4, 3)));
        board.play(Turn::pair(cell(10, 9), cell(11, 9)));
        // White to move; black's last turn stands at (10, 9) and (11, 9).
        let shape = pair_shape(&mut board, cell(12, 10), cell(13, 10), Color::White);
        assert_eq!(shape.near[0], [1, 1, 0, 0]);
        assert_eq!(shape.near[1], [0, 0, 0, 2]);
        assert_eq!((shape.threats, shape.spread), (0, 0));
        // Two more white stones beside its pair make four in a row: one stone blocks it if
        // an end is closed, here both ends are open, so it takes two.
        let four = pair_shape(&mut board, cell(5, 3), cell(6, 3), Color::White);
        assert_eq!(four.threats, 2);
    }

    #[test]
    fn a_winning_turn_is_taken() {
        let mut board = black_open_four();
        board.play(Turn::pair(cell(1, 1), cell(2, 2)));
        let turns = candidate_turns(&mut board, 10, 10);
        board.play(turns[0]);
        assert_eq!(board.winner(), Some(Color::Black));
    }
}
