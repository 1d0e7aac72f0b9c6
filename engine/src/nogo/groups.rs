//! A NoGo position that keeps its groups and their liberties, so that a legality test reads the
//! four neighbours only: the board of the random games, which test the same filling position
//! again and again.
//!
//! Stones never leave the board in NoGo, so groups only merge: a merge renames the stones of the
//! smaller groups, and every stone finds its group in one lookup.

use super::board::{bit, group, neighbours, Board, Points, POINTS};
use crate::core::color::Color;

/// The points next to each point.
const NEXT_TO: [Points; POINTS] = {
    let mut table = [0; POINTS];
    let mut point = 0;
    while point < POINTS {
        table[point] = neighbours(bit(point));
        point += 1;
    }
    table
};

/// A position with the groups of both colours.
#[derive(Clone)]
pub struct Groups {
    board: Board,
    /// The group of each stone, named by one of its points.
    group_of: [u8; POINTS],
    /// The stones of each group, stored at the group's name.
    members: [Points; POINTS],
    /// The liberties of each group, stored at the group's name.
    liberties: [Points; POINTS],
    /// The number of stones of each group, stored at the group's name (counting the bits of
    /// `members` is slow in the judge's build, which may not assume a population-count
    /// instruction).
    sizes: [u8; POINTS],
}

impl Groups {
    /// The groups of `board`.
    pub fn new(board: &Board) -> Self {
        let mut groups = Self {
            board: *board,
            group_of: [0; POINTS],
            members: [0; POINTS],
            liberties: [0; POINTS],
            sizes: [0; POINTS],
        };
        let empty = board.empty();
        for colour in [Color::Black, Color::White] {
            let own = board.stones(colour);
            let mut left = own;
            while left != 0 {
                let name = left.trailing_zeros() as usize;
                let stones = group(name, own);
                left &= !stones;
                groups.members[name] = stones;
                groups.liberties[name] = neighbours(stones) & empty;
                groups.sizes[name] = stones.count_ones() as u8;
                groups.rename(stones, name);
            }
        }
        groups
    }

    /// The position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether `colour` may play on `point`; the same answer as [`Board::is_legal`].
    pub fn is_legal(&self, point: usize, colour: Color) -> bool {
        let stone = bit(point);
        let empty = self.board.empty();
        if empty & stone == 0 {
            return false;
        }
        let around = NEXT_TO[point];
        if around & empty == 0 {
            // No free point next to the stone: a group it joins must have a liberty elsewhere.
            let mut own = around & self.board.stones(colour);
            let mut breathes = false;
            while own != 0 {
                let next = own.trailing_zeros() as usize;
                own &= own - 1;
                if self.liberties_of(next) & !stone != 0 {
                    breathes = true;
                    break;
                }
            }
            if !breathes {
                return false;
            }
        }
        let mut enemy = around & self.board.stones(colour.opponent());
        while enemy != 0 {
            let next = enemy.trailing_zeros() as usize;
            enemy &= enemy - 1;
            if self.liberties_of(next) == stone {
                return false;
            }
        }
        true
    }

    /// Places a stone of the side to move on `point` (which must be legal) and passes the turn.
    pub fn play(&mut self, point: usize) {
        let colour = self.board.to_move();
        self.board.play(point);
        let stone = bit(point);
        let around = NEXT_TO[point];
        let own = around & self.board.stones(colour);
        // The largest group the stone joins keeps its name, so that fewer stones are renamed.
        let mut name = point;
        let mut largest = 0;
        let mut each = own;
        while each != 0 {
            let next = each.trailing_zeros() as usize;
            each &= each - 1;
            let joined = usize::from(self.group_of[next]);
            let size = self.sizes[joined];
            if size > largest {
                largest = size;
                name = joined;
            }
        }
        let mut renamed = stone;
        let mut added = 1;
        let mut liberties = around & self.board.empty();
        let mut each = own;
        while each != 0 {
            let next = each.trailing_zeros() as usize;
            each &= each - 1;
            let joined = usize::from(self.group_of[next]);
            if joined != name && renamed & bit(joined) == 0 {
                renamed |= self.members[joined];
                liberties |= self.liberties[joined];
                added += self.sizes[joined];
            }
        }
        self.rename(renamed, name);
        if name == point {
            self.members[name] = renamed;
            self.liberties[name] = liberties;
            self.sizes[name] = added;
        } else {
            self.members[name] |= renamed;
            self.sizes[name] += added;
            self.liberties[name] = (self.liberties[name] | liberties) & !stone;
        }
        let mut enemy = around & self.board.stones(colour.opponent());
        while enemy != 0 {
            let next = enemy.trailing_zeros() as usize;
            enemy &= enemy - 1;
            let touched = usize::from(self.group_of[next]);
            self.liberties[touched] &= !stone;
        }
    }

    fn liberties_of(&self, stone: usize) -> Points {
        self.liberties[usize::from(self.group_of[stone])]
    }

    fn rename(&mut self, mut stones: Points, name: usize) {
        while stones != 0 {
            let point = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            self.group_of[point] = name as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::Rng;

    /// Every stone's group and liberties as a fresh flood fill finds them.
    fn assert_groups_are_exact(groups: &Groups) {
        let board = groups.board();
        let empty = board.empty();
        for colour in [Color::Black, Color::White] {
            let own = board.stones(colour);
            let mut each = own;
            while each != 0 {
                let point = each.trailing_zeros() as usize;
                each &= each - 1;
                let stones = group(point, own);
                let name = usize::from(groups.group_of[point]);
                assert_eq!(groups.members[name], stones);
                assert_eq!(groups.liberties[name], neighbours(stones) & empty);
                assert_eq!(u32::from(groups.sizes[name]), stones.count_ones());
            }
        }
    }

    #[test]
    fn legality_and_groups_agree_with_the_flood_fills_through_random_games() {
        let mut rng = Rng::new(5);
        for game in 0..200 {
            let mut groups = Groups::new(&Board::new());
            loop {
                let board = *groups.board();
                for point in 0..POINTS {
                    for colour in [Color::Black, Color::White] {
                        assert_eq!(
                            groups.is_legal(point, colour),
                            board.is_legal(point, colour)
                        );
                    }
                }
                assert_groups_are_exact(&groups);
                // Now and then the groups are rebuilt from the position, as a playout starts.
                if game % 3 == 0 && board.stone_count() % 7 == 3 {
                    groups = Groups::new(&board);
                    assert_groups_are_exact(&groups);
                }
                match board.random_legal_point(&mut rng) {
                    Some(point) => groups.play(point),
                    None => break,
                }
            }
        }
    }
}
