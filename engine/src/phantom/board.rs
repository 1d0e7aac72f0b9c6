//! A 9x9 Go position with full information: what one determinization of the hidden game looks
//! like, and what the random games run on.
//!
//! Points outside this file are `y * 9 + x` (0..81). Inside, the board has a border ring, so a
//! point is `(y + 1) * 11 + x + 1` and every point has four neighbours without bounds checks.
//! Strings (connected stones of one colour) are circular lists with a pseudo-liberty count (every
//! empty neighbour of every stone, counted once per stone): a string has no liberty exactly when
//! that count is zero, and it has a liberty other than `p` exactly when the count exceeds the
//! number of its stones next to `p`.

use crate::core::color::Color;

/// The board's width and height.
pub const SIZE: usize = 9;
/// The number of points.
pub const POINTS: usize = SIZE * SIZE;
/// The komi white receives under area scoring (the championship's 7.5 points).
pub const KOMI: f32 = 7.5;

const WIDTH: usize = SIZE + 2;
const CELLS: usize = WIDTH * WIDTH;
const DIRECTIONS: [isize; 4] = [1, -1, WIDTH as isize, -(WIDTH as isize)];
const DIAGONALS: [isize; 4] = [
    WIDTH as isize + 1,
    WIDTH as isize - 1,
    -(WIDTH as isize) + 1,
    -(WIDTH as isize) - 1,
];

/// What lies on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Stone(Color),
    /// Off the board.
    Edge,
}

/// The inner index of an outer point.
pub fn inner(point: usize) -> usize {
    (point / SIZE + 1) * WIDTH + point % SIZE + 1
}

/// The outer point of an inner index on the board.
pub fn outer(cell: usize) -> usize {
    (cell / WIDTH - 1) * SIZE + cell % WIDTH - 1
}

/// The on-board neighbours of an outer point.
pub fn neighbours(point: usize) -> impl Iterator<Item = usize> {
    let cell = inner(point);
    DIRECTIONS.iter().filter_map(move |&d| {
        let next = (cell as isize + d) as usize;
        let (x, y) = (next % WIDTH, next / WIDTH);
        ((1..=SIZE).contains(&x) && (1..=SIZE).contains(&y)).then(|| outer(next))
    })
}

fn step(cell: usize, direction: isize) -> usize {
    (cell as isize + direction) as usize
}

/// A Go position: stones, strings, the simple-ko point and the side to move.
#[derive(Clone, Debug)]
pub struct Board {
    cells: [Cell; CELLS],
    /// The string's representative stone, for every stone.
    head: [u8; CELLS],
    /// The next stone of the same string (a circular list).
    next: [u8; CELLS],
    /// Pseudo-liberties, kept at the string's head.
    liberties: [u8; CELLS],
    /// Stones in the string, kept at the string's head.
    stones: [u8; CELLS],
    /// The point the side to move may not retake this turn (simple ko), inner index.
    ko: Option<u8>,
    to_move: Color,
    /// Passes in a row.
    passes: u8,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The empty board, black to move.
    pub fn new() -> Self {
        let mut cells = [Cell::Edge; CELLS];
        for point in 0..POINTS {
            cells[inner(point)] = Cell::Empty;
        }
        Self {
            cells,
            head: [0; CELLS],
            next: [0; CELLS],
            liberties: [0; CELLS],
            stones: [0; CELLS],
            ko: None,
            to_move: Color::Black,
            passes: 0,
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the side to move (a determinization starts with us to move).
    pub fn set_to_move(&mut self, side: Color) {
        self.to_move = side;
    }

    /// Passes in a row so far.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// What lies on an outer point.
    pub fn at(&self, point: usize) -> Cell {
        self.cells[inner(point)]
    }

    /// How many stones the string through `point` has (0 on an empty point).
    pub fn string_size(&self, point: usize) -> usize {
        match self.at(point) {
            Cell::Stone(_) => usize::from(self.stones[self.head_of(inner(point))]),
            _ => 0,
        }
    }

    /// Whether the string through the stone at `point` has a liberty.
    pub fn has_liberty(&self, point: usize) -> bool {
        self.liberties[self.head_of(inner(point))] > 0
    }

    /// The one liberty of the string through the stone at `point` when it has exactly one
    /// (it is in atari), as an outer point.
    pub fn atari_liberty(&self, point: usize) -> Option<usize> {
        let head = self.head_of(inner(point));
        let mut found: Option<usize> = None;
        let mut stone = head;
        loop {
            for &d in &DIRECTIONS {
                let next = step(stone, d);
                if self.cells[next] == Cell::Empty {
                    match found {
                        None => found = Some(next),
                        Some(seen) if seen != next => return None,
                        _ => {}
                    }
                }
            }
            stone = usize::from(self.next[stone]);
            if stone == head {
                break;
            }
        }
        found.map(outer)
    }

    /// The stones next to `point`, as outer points with their colours.
    pub fn stones_around(&self, point: usize) -> impl Iterator<Item = (usize, Color)> + '_ {
        let cell = inner(point);
        DIRECTIONS
            .iter()
            .filter_map(move |&d| match self.cells[step(cell, d)] {
                Cell::Stone(colour) => Some((outer(step(cell, d)), colour)),
                _ => None,
            })
    }

    fn head_of(&self, cell: usize) -> usize {
        usize::from(self.head[cell])
    }

    /// How many stones of the string `head` touch `cell`.
    fn touching(&self, cell: usize, head: usize) -> u8 {
        DIRECTIONS
            .iter()
            .filter(|&&d| {
                let next = step(cell, d);
                matches!(self.cells[next], Cell::Stone(_)) && self.head_of(next) == head
            })
            .count() as u8
    }

    /// Whether `side` may play on `point` now: empty, not the ko point, not suicide.
    pub fn is_legal(&self, point: usize, side: Color) -> bool {
        point < POINTS && self.is_legal_cell(inner(point), side)
    }

    fn is_legal_cell(&self, cell: usize, side: Color) -> bool {
        if self.cells[cell] != Cell::Empty {
            return false;
        }
        if self.ko == Some(cell as u8) && side == self.to_move {
            return false;
        }
        DIRECTIONS.iter().any(|&d| {
            let next = step(cell, d);
            match self.cells[next] {
                Cell::Empty => true,
                Cell::Edge => false,
                Cell::Stone(colour) => {
                    let head = self.head_of(next);
                    let others = self.liberties[head] - self.touching(cell, head);
                    // Our string keeps a liberty elsewhere, or theirs has none left: a capture.
                    (colour == side) == (others > 0)
                }
            }
        })
    }

    /// Whether a stone of `side` on `point` would capture nothing and keep a liberty: a stone the
    /// hidden position may hold without anyone having been told of a capture.
    pub fn fits_quietly(&self, point: usize, side: Color) -> bool {
        let cell = inner(point);
        if self.cells[cell] != Cell::Empty {
            return false;
        }
        let mut breathes = false;
        for &d in &DIRECTIONS {
            let next = step(cell, d);
            match self.cells[next] {
                Cell::Empty => breathes = true,
                Cell::Edge => {}
                Cell::Stone(colour) => {
                    let head = self.head_of(next);
                    let others = self.liberties[head] - self.touching(cell, head);
                    if others == 0 && colour != side {
                        return false;
                    }
                    breathes |= others > 0 && colour == side;
                }
            }
        }
        breathes
    }

    /// Forgets the ko point (a determinization has no history).
    pub fn clear_ko(&mut self) {
        self.ko = None;
    }

    /// Whether `point` is an eye of `side`: every neighbour is its stone, and at most one
    /// diagonal (none on the edge) is the opponent's.
    pub fn is_eye(&self, point: usize, side: Color) -> bool {
        let cell = inner(point);
        if self.cells[cell] != Cell::Empty {
            return false;
        }
        let own = Cell::Stone(side);
        if !DIRECTIONS
            .iter()
            .all(|&d| matches!(self.cells[step(cell, d)], c if c == own || c == Cell::Edge))
        {
            return false;
        }
        let mut edge = false;
        let mut enemy = 0;
        for &d in &DIAGONALS {
            match self.cells[step(cell, d)] {
                Cell::Edge => edge = true,
                Cell::Stone(colour) if colour != side => enemy += 1,
                _ => {}
            }
        }
        enemy + usize::from(edge) < 2
    }

    /// Passes the turn.
    pub fn pass(&mut self) {
        self.passes += 1;
        self.ko = None;
        self.to_move = self.to_move.opponent();
    }

    /// Plays a legal point for the side to move; returns the number of stones captured.
    pub fn play(&mut self, point: usize) -> usize {
        self.place_and_pass_turn(point, |_| {})
    }

    /// Plays a legal point for the side to move, calling `on_capture` with each captured point.
    pub fn place_and_pass_turn(&mut self, point: usize, on_capture: impl FnMut(usize)) -> usize {
        let side = self.to_move;
        let captured = self.place(point, side, on_capture);
        self.to_move = side.opponent();
        self.passes = 0;
        captured
    }

    /// Puts a stone of `side` on a point where it is legal for that side (ko aside), calling
    /// `on_capture` with each captured outer point. Sets the ko point for the opponent; the side
    /// to move is left alone.
    pub fn place(&mut self, point: usize, side: Color, mut on_capture: impl FnMut(usize)) -> usize {
        let cell = inner(point);
        self.cells[cell] = Cell::Stone(side);
        self.head[cell] = cell as u8;
        self.next[cell] = cell as u8;
        self.stones[cell] = 1;
        self.liberties[cell] = 0;
        let mut captured = 0;
        let mut last_captured = 0;
        for &d in &DIRECTIONS {
            let next = step(cell, d);
            match self.cells[next] {
                Cell::Empty => self.liberties[cell] += 1,
                Cell::Edge => {}
                Cell::Stone(_) => {
                    let head = self.head_of(next);
                    self.liberties[head] -= 1;
                }
            }
        }
        for &d in &DIRECTIONS {
            let next = step(cell, d);
            if let Cell::Stone(colour) = self.cells[next] {
                let head = self.head_of(next);
                if colour == side {
                    if head != self.head_of(cell) {
                        self.merge(self.head_of(cell), head);
                    }
                } else if self.liberties[head] == 0 {
                    captured += usize::from(self.stones[head]);
                    last_captured = head;
                    self.remove(head, &mut on_capture);
                }
            }
        }
        let own = self.head_of(cell);
        self.ko = None;
        if captured == 1 && self.stones[own] == 1 && self.liberties[own] == 1 {
            self.ko = Some(last_captured as u8);
        }
        captured
    }

    /// Joins string `b` into string `a`.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut stone = small;
        loop {
            self.head[stone] = big as u8;
            stone = usize::from(self.next[stone]);
            if stone == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        self.liberties[big] += self.liberties[small];
    }

    /// Takes the string `head` off the board.
    fn remove(&mut self, head: usize, on_capture: &mut impl FnMut(usize)) {
        let mut stone = head;
        loop {
            self.cells[stone] = Cell::Empty;
            on_capture(outer(stone));
            stone = usize::from(self.next[stone]);
            if stone == head {
                break;
            }
        }
        loop {
            for &d in &DIRECTIONS {
                let next = step(stone, d);
                if let Cell::Stone(_) = self.cells[next] {
                    let other = self.head_of(next);
                    self.liberties[other] += 1;
                }
            }
            stone = usize::from(self.next[stone]);
            if stone == head {
                break;
            }
        }
    }

    /// Area score from black's side, komi included: stones plus empty regions that touch one
    /// colour only.
    pub fn score(&self) -> f32 {
        let mut black = 0i32;
        let mut white = 0i32;
        let mut seen = [false; CELLS];
        let mut stack = Vec::with_capacity(POINTS);
        for point in 0..POINTS {
            let cell = inner(point);
            match self.cells[cell] {
                Cell::Stone(Color::Black) => black += 1,
                Cell::Stone(Color::White) => white += 1,
                Cell::Empty if !seen[cell] => {
                    let mut size = 0;
                    let mut touches = [false; 2];
                    seen[cell] = true;
                    stack.push(cell);
                    while let Some(current) = stack.pop() {
                        size += 1;
                        for &d in &DIRECTIONS {
                            let next = step(current, d);
                            match self.cells[next] {
                                Cell::Empty if !seen[next] => {
                                    seen[next] = true;
                                    stack.push(next);
                                }
                                Cell::Stone(colour) => touches[colour.index()] = true,
                                _ => {}
                            }
                        }
                    }
                    match touches {
                        [true, false] => black += size,
                        [false, true] => white += size,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        (black - white) as f32 - KOMI
    }

    /// Every empty outer point.
    pub fn empty_points(&self) -> Vec<usize> {
        (0..POINTS)
            .filter(|&p| self.cells[inner(p)] == Cell::Empty)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: usize, y: usize) -> usize {
        y * SIZE + x
    }

    #[test]
    fn a_corner_stone_is_captured_by_two() {
        let mut board = Board::new();
        board.play(p(0, 0));
        board.play(p(1, 0));
        board.play(p(8, 8));
        assert_eq!(board.play(p(0, 1)), 1);
        assert_eq!(board.at(p(0, 0)), Cell::Empty);
        // Black may not play back into the corner: it would have no liberty.
        assert!(!board.is_legal(p(0, 0), Color::Black));
        assert!(board.is_legal(p(0, 0), Color::White));
    }

    #[test]
    fn simple_ko_forbids_the_immediate_retake() {
        let mut board = Board::new();
        // Black: B0 A1 C1 B2; white: C0 D1 C2; then white takes at B1 and black may not retake.
        for (x, y) in [(1, 0), (2, 0), (0, 1), (3, 1), (1, 2), (2, 2), (2, 1)] {
            board.play(p(x, y));
        }
        assert_eq!(board.to_move(), Color::White);
        assert_eq!(board.play(p(1, 1)), 1);
        assert_eq!(board.at(p(2, 1)), Cell::Empty);
        assert!(!board.is_legal(p(2, 1), Color::Black));
        board.play(p(8, 8));
        board.play(p(8, 7));
        assert!(board.is_legal(p(2, 1), Color::Black));
        assert_eq!(board.play(p(2, 1)), 1);
    }

    #[test]
    fn strings_merge_and_lose_liberties() {
        let mut board = Board::new();
        board.place(p(4, 4), Color::Black, |_| {});
        board.place(p(5, 4), Color::Black, |_| {});
        board.place(p(4, 5), Color::Black, |_| {});
        assert_eq!(board.string_size(p(5, 4)), 3);
        for (x, y) in [(3, 4), (4, 3), (5, 3), (6, 4), (3, 5), (4, 6)] {
            board.place(p(x, y), Color::White, |_| {});
        }
        assert!(board.has_liberty(p(4, 4)));
        // Black may extend into its last liberty; white's stone there takes all three.
        assert!(board.is_legal(p(5, 5), Color::Black));
        assert!(board.is_legal(p(5, 5), Color::White));
        let mut taken = Vec::new();
        board.place(p(5, 5), Color::White, |q| taken.push(q));
        taken.sort_unstable();
        assert_eq!(taken, vec![p(4, 4), p(5, 4), p(4, 5)]);
        assert_eq!(board.string_size(p(5, 5)), 1);
        assert!(board.is_legal(p(4, 4), Color::Black));
    }

    #[test]
    fn atari_is_one_distinct_liberty() {
        let mut board = Board::new();
        board.place(p(0, 0), Color::Black, |_| {});
        board.place(p(1, 0), Color::Black, |_| {});
        assert_eq!(board.atari_liberty(p(0, 0)), None);
        board.place(p(0, 1), Color::White, |_| {});
        assert_eq!(board.atari_liberty(p(1, 0)), None);
        board.place(p(2, 0), Color::White, |_| {});
        assert_eq!(board.atari_liberty(p(0, 0)), Some(p(1, 1)));
        let around: Vec<_> = board.stones_around(p(1, 1)).collect();
        assert_eq!(around.len(), 2);
    }

    #[test]
    fn area_score_counts_stones_and_single_coloured_regions() {
        let mut board = Board::new();
        for y in 0..SIZE {
            board.place(p(4, y), Color::Black, |_| {});
        }
        // Black owns the whole board: 81 points, minus komi.
        assert_eq!(board.score(), 81.0 - KOMI);
        board.place(p(8, 8), Color::White, |_| {});
        // The right side now touches both colours and counts for nobody.
        assert_eq!(board.score(), (9 + 36) as f32 - 1.0 - KOMI);
    }

    #[test]
    fn eyes_need_their_diagonals() {
        let mut board = Board::new();
        for (x, y) in [(1, 0), (0, 1)] {
            board.place(p(x, y), Color::Black, |_| {});
        }
        assert!(board.is_eye(p(0, 0), Color::Black));
        board.place(p(1, 1), Color::White, |_| {});
        assert!(!board.is_eye(p(0, 0), Color::Black));
        assert!(!board.is_eye(p(0, 0), Color::White));
    }
}
