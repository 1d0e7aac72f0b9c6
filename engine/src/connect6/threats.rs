//! Threats and how to stop them.
//!
//! A colour's threats are counted the way Connect6 players count them: the fewest stones the
//! opponent must place to leave no window the colour could complete in one turn. The opponent has
//! two stones a turn, so three or more threats win, two take the opponent's whole turn, and one
//! leaves it a free stone.

use super::board::Board;
use super::geometry::{geometry, CELLS};
use crate::core::color::Color;

/// The stones it takes to block every threat of a colour, and the ways to do it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blocks {
    /// 0: no threat; 1 or 2: that many stones block everything; 3: blocking is impossible.
    pub count: u8,
    /// When `count` is 1: every cell that blocks all threats alone.
    pub singles: Vec<u16>,
    /// When `count` is 2: every pair of cells that blocks all threats together.
    pub pairs: Vec<(u16, u16)>,
    /// Every empty cell of a threat window (where a blocking stone can go).
    pub cells: Vec<u16>,
}

/// How the opponent of `attacker` can block its threats.
pub fn blocks(board: &Board, attacker: Color) -> Blocks {
    let windows: Vec<u16> = board.live_windows(attacker).collect();
    blocks_of(board, &windows, &[])
}

/// How the threat `windows` (in increasing order, as [`Board::live_windows`] lists them) can be
/// blocked, with the `filled` cells taken as well: the blocks of a turn not yet played.
pub fn blocks_of(board: &Board, windows: &[u16], filled: &[u16]) -> Blocks {
    if windows.is_empty() {
        return Blocks::default();
    }
    // More threat windows than a mask holds cannot be blocked by two stones anyway: two stones
    // meet at most 48 windows.
    if windows.len() > 64 {
        return Blocks {
            count: 3,
            ..Blocks::default()
        };
    }
    let mut cells: Vec<u16> = Vec::new();
    let mut masks: Vec<u64> = Vec::new();
    let geometry = geometry();
    for (bit, &window) in windows.iter().enumerate() {
        for &cell in &geometry.windows[usize::from(window)] {
            if !board.is_empty(cell) || filled.contains(&cell) {
                continue;
            }
            match cells.iter().position(|&known| known == cell) {
                Some(index) => masks[index] |= 1 << bit,
                None => {
                    cells.push(cell);
                    masks.push(1 << bit);
                }
            }
        }
    }
    let all = if windows.len() == 64 {
        u64::MAX
    } else {
        (1u64 << windows.len()) - 1
    };
    let singles: Vec<u16> = cells
        .iter()
        .zip(&masks)
        .filter(|(_, &mask)| mask == all)
        .map(|(&cell, _)| cell)
        .collect();
    if !singles.is_empty() {
        return Blocks {
            count: 1,
            singles,
            pairs: Vec::new(),
            cells,
        };
    }
    let mut pairs = Vec::new();
    for first in 0..cells.len() {
        for second in first + 1..cells.len() {
            if masks[first] | masks[second] == all {
                pairs.push((cells[first], cells[second]));
            }
        }
    }
    let count = if pairs.is_empty() { 3 } else { 2 };
    Blocks {
        count,
        singles: Vec::new(),
        pairs,
        cells,
    }
}

/// The number of threats of `attacker`, capped at 3.
pub fn threat_count(board: &Board, attacker: Color) -> u8 {
    if !board.has_live_window(attacker) {
        return 0;
    }
    blocks(board, attacker).count
}

/// A turn that completes six for `colour` now, as its one or two cells, if there is one.
pub fn winning_cells(board: &Board, colour: Color) -> Option<Vec<u16>> {
    let window = board.live_windows(colour).next()?;
    let cells: Vec<u16> = geometry().windows[usize::from(window)]
        .iter()
        .copied()
        .filter(|&cell| board.is_empty(cell))
        .collect();
    debug_assert!(cells.len() <= 2 && cells.iter().all(|&cell| usize::from(cell) < CELLS));
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::geometry::cell;

    fn row(board: &mut Board, y: usize, xs: &[usize], colour: Color) {
        for &x in xs {
            board.place(cell(x, y), colour);
        }
    }

    #[test]
    fn an_open_four_is_two_threats_and_a_closed_one_is_one() {
        let mut board = Board::new();
        row(&mut board, 9, &[6, 7, 8, 9], Color::Black);
        let open = blocks(&board, Color::Black);
        assert_eq!(open.count, 2);
        assert!(open.pairs.contains(&(cell(5, 9), cell(10, 9))));
        board.place(cell(5, 9), Color::White);
        let closed = blocks(&board, Color::Black);
        assert_eq!(closed.count, 1);
        assert!(closed.singles.contains(&cell(10, 9)));
    }

    #[test]
    fn two_separate_open_fours_cannot_be_blocked() {
        let mut board = Board::new();
        row(&mut board, 3, &[6, 7, 8, 9], Color::White);
        row(&mut board, 12, &[6, 7, 8, 9], Color::White);
        assert_eq!(threat_count(&board, Color::White), 3);
        assert_eq!(threat_count(&board, Color::Black), 0);
    }

    #[test]
    fn a_five_is_won_with_one_stone() {
        let mut board = Board::new();
        row(&mut board, 0, &[0, 1, 2, 3, 4], Color::Black);
        assert_eq!(winning_cells(&board, Color::Black), Some(vec![cell(5, 0)]));
        assert_eq!(threat_count(&board, Color::Black), 1);
    }
}
