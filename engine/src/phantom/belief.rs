//! What one player knows of a Phantom Go game, and full boards drawn consistently with it.
//!
//! Our own stones are known exactly (accepted moves, minus what `taked` removed). Of the
//! opponent's we know how many stand on the board (its stones played minus those we took) and
//! some of the points: every neighbour of a group of ours that was captured held an opponent
//! stone at that moment (certain), and a refused point usually holds one (probable: it may also
//! have been suicide or ko). Opponent stones never move, so a mark stays true until a `take`
//! lists the point. A determinization puts the known stones back and scatters the rest over the
//! empty points such that no group of either side is left without a liberty.

use super::board::{neighbours, Board, POINTS};
use crate::core::color::Color;
use crate::core::rng::Rng;

/// What we believe about one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing of ours, nothing known of theirs.
    Unknown,
    /// Our stone.
    Ours,
    /// An opponent stone for sure (it captured ours).
    Theirs,
    /// Probably an opponent stone (our move there was refused).
    Refused,
}

/// Input that cannot be true of the game we played (reported, then ignored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// A captured stone of ours on a point where we have none.
    NotOurs(usize),
    /// An opponent stone taken from a point where our stone stands.
    OurStone(usize),
}

/// One side's knowledge of the hidden game.
#[derive(Clone, Debug)]
pub struct Belief {
    us: Color,
    marks: [Mark; POINTS],
    /// Opponent stones played (passes excluded).
    their_moves: u32,
    /// Opponent stones we captured.
    taken: u32,
    /// Our points refused in the current turn.
    refused_now: Vec<usize>,
    /// Probable marks in the order they were made, to drop the oldest when there are more
    /// marks than opponent stones.
    probable: Vec<usize>,
    /// Whether the opponent's last turn was a pass.
    opponent_passed: bool,
}

impl Belief {
    /// The start of a game in which we play `us`.
    pub fn new(us: Color) -> Self {
        Self {
            us,
            marks: [Mark::Unknown; POINTS],
            their_moves: 0,
            taken: 0,
            refused_now: Vec::new(),
            probable: Vec::new(),
            opponent_passed: false,
        }
    }

    /// Our colour.
    pub fn us(&self) -> Color {
        self.us
    }

    /// What we believe of `point`.
    pub fn mark(&self, point: usize) -> Mark {
        self.marks[point]
    }

    /// The opponent stones on the board now.
    pub fn their_stones(&self) -> u32 {
        self.their_moves.saturating_sub(self.taken)
    }

    /// Our stones on the board now.
    pub fn our_stones(&self) -> u32 {
        self.marks.iter().filter(|&&m| m == Mark::Ours).count() as u32
    }

    /// The points refused in this turn.
    pub fn refused_now(&self) -> &[usize] {
        &self.refused_now
    }

    /// Whether the opponent passed in its last turn.
    pub fn opponent_passed(&self) -> bool {
        self.opponent_passed
    }

    /// The opponent played (a stone, or a pass); our turn begins.
    pub fn opponent_moved(&mut self, passed: bool) {
        if !passed {
            self.their_moves += 1;
        }
        self.opponent_passed = passed;
        self.refused_now.clear();
    }

    /// Our stone on `point` was accepted.
    pub fn accepted(&mut self, point: usize) {
        self.forget_probable(point);
        self.marks[point] = Mark::Ours;
        self.refused_now.clear();
    }

    /// We passed.
    pub fn passed(&mut self) {
        self.refused_now.clear();
    }

    /// Our stone on `point` was refused.
    pub fn refused(&mut self, point: usize) {
        if !self.refused_now.contains(&point) {
            self.refused_now.push(point);
        }
        if self.marks[point] != Mark::Unknown {
            return;
        }
        // With every neighbour taken, suicide or ko may explain the refusal as well as a stone.
        let enclosed = neighbours(point).all(|n| self.marks[n] != Mark::Unknown);
        if !enclosed {
            self.marks[point] = Mark::Refused;
            self.probable.push(point);
            self.trim();
        }
    }

    /// We captured opponent stones on `points`.
    pub fn took(&mut self, points: &[usize]) -> Result<(), Impossible> {
        let mut result = Ok(());
        for &point in points {
            if self.marks[point] == Mark::Ours {
                result = Err(Impossible::OurStone(point));
                continue;
            }
            self.forget_probable(point);
            self.marks[point] = Mark::Unknown;
            self.taken += 1;
        }
        // A capture proves stones we had not counted: the count can only have been too low.
        self.their_moves = self.their_moves.max(self.taken);
        result
    }

    /// The opponent captured our stones on `points`: every other neighbour of them is theirs.
    pub fn lost(&mut self, points: &[usize]) -> Result<(), Impossible> {
        let mut result = Ok(());
        let mut removed = Vec::with_capacity(points.len());
        for &point in points {
            if self.marks[point] == Mark::Ours {
                self.marks[point] = Mark::Unknown;
                removed.push(point);
            } else {
                result = Err(Impossible::NotOurs(point));
            }
        }
        for &point in &removed {
            for next in neighbours(point) {
                if !removed.contains(&next) && self.marks[next] != Mark::Ours {
                    self.forget_probable(next);
                    self.marks[next] = Mark::Theirs;
                }
            }
        }
        let certain = self.marks.iter().filter(|&&m| m == Mark::Theirs).count() as u32;
        // The capturing stone is among them, and the `move go` that follows will count it.
        self.their_moves = self
            .their_moves
            .max((self.taken + certain).saturating_sub(1));
        self.trim();
        result
    }

    fn forget_probable(&mut self, point: usize) {
        self.probable.retain(|&p| p != point);
    }

    /// Drops the oldest probable marks while there are more marks than opponent stones.
    fn trim(&mut self) {
        let marked = |marks: &[Mark; POINTS]| {
            marks
                .iter()
                .filter(|&&m| m == Mark::Theirs || m == Mark::Refused)
                .count() as u32
        };
        while marked(&self.marks) > self.their_stones() && !self.probable.is_empty() {
            let oldest = self.probable.remove(0);
            self.marks[oldest] = Mark::Unknown;
        }
    }

    /// Our stones and the opponent stones we know of, on one board.
    pub fn known_board(&self) -> Board {
        let mut board = Board::new();
        for point in 0..POINTS {
            if self.marks[point] == Mark::Ours {
                board.place(point, self.us, |_| {});
            }
        }
        for point in 0..POINTS {
            let marked = matches!(self.marks[point], Mark::Theirs | Mark::Refused);
            if marked && board.fits_quietly(point, self.us.opponent()) {
                board.place(point, self.us.opponent(), |_| {});
            }
        }
        board.clear_ko();
        board.set_to_move(self.us);
        board
    }

    /// A full board drawn from the belief: the known stones, then the missing opponent stones on
    /// random empty points (weighted by `weight`), each where it captures nothing and breathes.
    pub fn sample(&self, rng: &mut Rng, weight: &dyn Fn(usize) -> u32) -> Board {
        let mut board = self.known_board();
        let them = self.us.opponent();
        let placed = (0..POINTS)
            .filter(|&p| board.at(p) == super::board::Cell::Stone(them))
            .count() as u32;
        let mut missing = self.their_stones().saturating_sub(placed);
        let mut open: Vec<usize> = (0..POINTS)
            .filter(|&p| self.marks[p] == Mark::Unknown && !self.refused_now.contains(&p))
            .collect();
        let mut weights: Vec<u32> = open.iter().map(|&p| weight(p).max(1)).collect();
        let mut total: u32 = weights.iter().sum();
        while missing > 0 && !open.is_empty() {
            let mut pick = rng.below(total);
            let mut index = 0;
            while pick >= weights[index] {
                pick -= weights[index];
                index += 1;
            }
            let point = open.swap_remove(index);
            total -= weights.swap_remove(index);
            if board.fits_quietly(point, them) {
                board.place(point, them, |_| {});
                missing -= 1;
            }
        }
        board.clear_ko();
        board.set_to_move(self.us);
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phantom::board::{Cell, SIZE};

    fn p(x: usize, y: usize) -> usize {
        y * SIZE + x
    }

    #[test]
    fn counts_follow_moves_and_captures() {
        let mut belief = Belief::new(Color::White);
        belief.opponent_moved(false);
        belief.accepted(p(4, 4));
        belief.opponent_moved(true);
        assert_eq!(belief.their_stones(), 1);
        belief.took(&[p(3, 3)]).unwrap();
        assert_eq!(belief.their_stones(), 0);
        assert_eq!(belief.took(&[p(4, 4)]), Err(Impossible::OurStone(p(4, 4))));
    }

    #[test]
    fn a_capture_reveals_the_capturing_stones() {
        let mut belief = Belief::new(Color::Black);
        belief.accepted(p(0, 0));
        belief.opponent_moved(false);
        belief.opponent_moved(false);
        belief.lost(&[p(0, 0)]).unwrap();
        assert_eq!(belief.mark(p(1, 0)), Mark::Theirs);
        assert_eq!(belief.mark(p(0, 1)), Mark::Theirs);
        assert_eq!(belief.mark(p(0, 0)), Mark::Unknown);
        assert_eq!(belief.lost(&[p(5, 5)]), Err(Impossible::NotOurs(p(5, 5))));
    }

    #[test]
    fn refusals_mark_stones_but_never_more_than_there_are() {
        let mut belief = Belief::new(Color::White);
        belief.opponent_moved(false);
        belief.refused(p(4, 4));
        assert_eq!(belief.mark(p(4, 4)), Mark::Refused);
        belief.refused(p(2, 2));
        // One opponent stone: the newer refusal replaces the older mark.
        assert_eq!(belief.mark(p(4, 4)), Mark::Unknown);
        assert_eq!(belief.mark(p(2, 2)), Mark::Refused);
        assert_eq!(belief.refused_now(), &[p(4, 4), p(2, 2)]);
        belief.accepted(p(6, 6));
        assert!(belief.refused_now().is_empty());
    }

    #[test]
    fn samples_hold_every_stone_and_no_dead_group() {
        let mut belief = Belief::new(Color::Black);
        let mut rng = Rng::new(3);
        for i in 0..20 {
            belief.accepted(p(i % SIZE, i / SIZE * 2));
            belief.opponent_moved(false);
        }
        for _ in 0..50 {
            let board = belief.sample(&mut rng, &|_| 1);
            let theirs = (0..POINTS)
                .filter(|&q| board.at(q) == Cell::Stone(Color::White))
                .count();
            assert_eq!(theirs, 20);
            for q in 0..POINTS {
                if let Cell::Stone(_) = board.at(q) {
                    assert!(board.has_liberty(q));
                }
            }
        }
    }
}
