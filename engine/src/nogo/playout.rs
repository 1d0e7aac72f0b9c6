//! Random games to the end, the estimate behind the tree search.
//!
//! Two facts make them fast and sensible:
//! - A point once illegal for a colour stays illegal for that colour (stones only ever take
//!   liberties away), so each colour keeps a shrinking list of candidate points.
//! - A point only one side may play is that side's reserve: playing it early wastes a move the
//!   opponent can never take away. The policy therefore prefers contested points and spends
//!   reserves only when nothing else is left.

use super::board::{bit, Board, Points, POINTS};
use super::groups::Groups;
use crate::core::color::Color;
use crate::core::rng::Rng;

/// How a random game ended.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// The side that still had a move when the other had none.
    pub winner: Color,
    /// The points each colour played during the game (for the all-moves-as-first statistics);
    /// without `reserves`, only the contested points.
    pub played: [Points; 2],
}

/// The candidate points of one colour: every point not yet known to be illegal for it.
struct Candidates {
    points: [u8; POINTS],
    len: usize,
}

impl Candidates {
    fn new(board: &Board) -> Self {
        let mut points = [0u8; POINTS];
        let mut len = 0;
        let mut empty = board.empty();
        while empty != 0 {
            points[len] = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            len += 1;
        }
        Self { points, len }
    }
}

/// Plays random moves from `board` until the side to move has none; `board` ends in the final
/// position. `reserves`: whether the points a side alone could play count in `played` (spent
/// at the end, they say little about the move's worth earlier).
pub fn playout(board: &mut Board, rng: &mut Rng, reserves: bool) -> Outcome {
    let mut candidates = [Candidates::new(board), Candidates::new(board)];
    let mut groups = Groups::new(board);
    let mut played = [0; 2];
    loop {
        let colour = groups.board().to_move();
        let (point, contested) = match pick_move(&groups, &mut candidates[colour.index()], rng) {
            Some(pick) => pick,
            None => {
                *board = *groups.board();
                return Outcome {
                    winner: colour.opponent(),
                    played,
                };
            }
        };
        groups.play(point);
        if contested || reserves {
            played[colour.index()] |= bit(point);
        }
    }
}

/// Picks a random legal point for the side to move, contested points first, and removes it from
/// the candidates; `None` when the side has no legal move. The flag: whether the point was
/// contested (legal for the opponent too).
fn pick_move(groups: &Groups, list: &mut Candidates, rng: &mut Rng) -> Option<(usize, bool)> {
    let colour = groups.board().to_move();
    let empty = groups.board().empty();
    // Points at `untried..list.len` were found legal this turn but reserved for later.
    let mut untried = list.len;
    while untried > 0 {
        let index = rng.below(untried as u32) as usize;
        let point = list.points[index] as usize;
        if empty & bit(point) == 0 || !groups.is_legal(point, colour) {
            // Gone for good: move the reserved tail down one place to keep it contiguous.
            untried -= 1;
            list.points[index] = list.points[untried];
            list.points[untried] = list.points[list.len - 1];
            list.len -= 1;
            continue;
        }
        if groups.is_legal(point, colour.opponent()) {
            take(list, index);
            return Some((point, true));
        }
        untried -= 1;
        list.points.swap(index, untried);
    }
    if list.len == 0 {
        return None;
    }
    let index = rng.below(list.len as u32) as usize;
    let point = list.points[index] as usize;
    take(list, index);
    Some((point, false))
}

fn take(list: &mut Candidates, index: usize) {
    list.len -= 1;
    list.points[index] = list.points[list.len];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_end_with_the_loser_unable_to_move() {
        let mut reserves_seen = false;
        for seed in 0..200 {
            let mut board = Board::new();
            let outcome = playout(&mut board, &mut Rng::new(seed), true);
            assert!(!board.has_legal_move());
            assert_eq!(board.to_move(), outcome.winner.opponent());
            assert_eq!(
                outcome.played[0] | outcome.played[1],
                board.stones(Color::Black) | board.stones(Color::White)
            );
            // The same draws without the reserves: the same game, fewer points credited.
            let mut again = Board::new();
            let contested = playout(&mut again, &mut Rng::new(seed), false);
            assert_eq!(again, board);
            for side in 0..2 {
                assert_eq!(contested.played[side] & !outcome.played[side], 0);
            }
            reserves_seen |= contested.played != outcome.played;
        }
        assert!(reserves_seen);
    }

    #[test]
    fn every_playout_move_is_legal() {
        let mut rng = Rng::new(9);
        for _ in 0..50 {
            let mut groups = Groups::new(&Board::new());
            let mut lists = [
                Candidates::new(groups.board()),
                Candidates::new(groups.board()),
            ];
            while let Some((point, contested)) = pick_move(
                &groups,
                &mut lists[groups.board().to_move().index()],
                &mut rng,
            ) {
                let board = groups.board();
                assert!(board.is_legal(point, board.to_move()));
                assert_eq!(contested, board.is_legal(point, board.to_move().opponent()));
                groups.play(point);
            }
            assert!(!groups.board().has_legal_move());
        }
    }
}
