//! White's first turn: a fixed shape around black's opening stone, chosen from games rather
//! than searched (the search's own first replies lost most of their games as white).

use super::board::Board;
use super::geometry::{cell, coordinates, CELLS, SIZE};
use super::turn::Turn;

/// Two stones placed relative to black's single stone, as (column, row) offsets.
pub type Shape = [(i32, i32); 2];

/// The eight ways to turn or mirror an offset on the square board.
fn symmetric(offset: (i32, i32), symmetry: u8) -> (i32, i32) {
    let (x, y) = if symmetry & 4 != 0 {
        (offset.1, offset.0)
    } else {
        offset
    };
    let x = if symmetry & 1 != 0 { -x } else { x };
    let y = if symmetry & 2 != 0 { -y } else { y };
    (x, y)
}

/// White's reply to black's opening stone with `shape`, in the orientation whose stones lie
/// nearest the centre (the first such orientation on a tie); `None` unless the board holds
/// black's single stone and the shape fits on the board.
pub fn first_reply(board: &Board, shape: Shape) -> Option<Turn> {
    if board.stone_count() != 1 {
        return None;
    }
    let black = (0..CELLS as u16).find(|&cell| !board.is_empty(cell))?;
    let (x, y) = coordinates(black);
    let centre = (SIZE / 2) as i32;
    let place = |offset: (i32, i32)| {
        let (cx, cy) = (x as i32 + offset.0, y as i32 + offset.1);
        let inside = (0..SIZE as i32).contains(&cx) && (0..SIZE as i32).contains(&cy);
        inside.then(|| {
            (
                cell(cx as usize, cy as usize),
                (cx - centre).pow(2) + (cy - centre).pow(2),
            )
        })
    };
    let mut best: Option<(i32, Turn)> = None;
    for symmetry in 0..8 {
        let (first, second) = match (
            place(symmetric(shape[0], symmetry)),
            place(symmetric(shape[1], symmetry)),
        ) {
            (Some(first), Some(second)) => (first, second),
            _ => continue,
        };
        let turn = Turn::pair(first.0, second.0);
        let distance = first.1 + second.1;
        if board.is_legal(&turn) && best.map_or(true, |(nearest, _)| distance < nearest) {
            best = Some((distance, turn));
        }
    }
    best.map(|(_, turn)| turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIAGONAL: Shape = [(1, 1), (-1, -1)];

    #[test]
    fn the_reply_surrounds_black_stone_in_the_shape() {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        let turn = first_reply(&board, DIAGONAL).unwrap();
        let mut stones: Vec<(usize, usize)> = turn.cells().map(coordinates).collect();
        stones.sort();
        assert_eq!(stones, vec![(8, 8), (10, 10)]);
        assert!(board.is_legal(&turn));
    }

    #[test]
    fn near_the_edge_the_shape_turns_towards_the_centre() {
        let mut board = Board::new();
        board.play(Turn::single(cell(0, 5)));
        let turn = first_reply(&board, [(1, 0), (2, 1)]).unwrap();
        for (x, y) in turn.cells().map(coordinates) {
            assert!(x >= 1 && (5..=7).contains(&y), "({x}, {y})");
        }
        let mut corner = Board::new();
        corner.play(Turn::single(cell(0, 0)));
        let turn = first_reply(&corner, DIAGONAL);
        assert!(
            turn.is_none(),
            "the diagonal shape cannot surround a corner stone"
        );
    }

    #[test]
    fn no_reply_past_the_first_turn() {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(3, 3), cell(4, 4)));
        assert!(first_reply(&board, DIAGONAL).is_none());
    }
}
