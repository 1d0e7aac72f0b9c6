//! A checkers position: the pieces, the side to move and the game ply, with move generation
//! (maximum-capture rule), making moves, and the text form used on the command line.

use super::bitboard::{row_mask, Bitboard, Squares};
use super::moves::{Move, MoveList};
use super::square::{Direction, Square};
use crate::core::color::Color;
use std::fmt;

/// The directions a man of `side` steps in: black (judge field 1, moving first) from rows 5-7
/// towards row 0, white the other way.
fn forward(side: Color) -> [Direction; 2] {
    match side {
        Color::Black => [Direction::UpLeft, Direction::UpRight],
        Color::White => [Direction::DownLeft, Direction::DownRight],
    }
}

/// The row where the men of `side` are crowned.
fn crowning_row(side: Color) -> Bitboard {
    match side {
        Color::Black => row_mask(0),
        Color::White => row_mask(7),
    }
}

/// The game stops after this many plies (60 moves each) and is scored by material.
pub const MAX_PLIES: u32 = 120;

/// A position. Small and `Copy`: the search copies it instead of undoing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    black: Bitboard,
    white: Bitboard,
    kings: Bitboard,
    side: Color,
    /// Plies played since the start of the game; the game ends at [`MAX_PLIES`].
    ply: u32,
    /// Zobrist key of all of the above (the ply included: the same pieces at another ply are a
    /// different game state, because the remaining plies decide the result at the end).
    hash: u64,
}

/// How a game that is over ended, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Position {
    /// The starting position: white on rows 0-2, black on rows 5-7, black to move.
    pub fn start() -> Position {
        let white = row_mask(0) | row_mask(1) | row_mask(2);
        let black = row_mask(5) | row_mask(6) | row_mask(7);
        Position::from_parts(black, white, 0, Color::Black, 0)
    }

    /// A position from its parts (pieces on both colours are given to black).
    pub fn from_parts(
        black: Bitboard,
        white: Bitboard,
        kings: Bitboard,
        side: Color,
        ply: u32,
    ) -> Position {
        let white = white & !black;
        let mut position = Position {
            black,
            white,
            kings: kings & (black | white),
            side,
            ply,
            hash: 0,
        };
        position.hash = position.compute_hash();
        position
    }

    /// Black pieces.
    pub fn black(&self) -> Bitboard {
        self.black
    }

    /// White pieces.
    pub fn white(&self) -> Bitboard {
        self.white
    }

    /// Kings of both sides.
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The pieces of `color`.
    pub fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// Plies played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The Zobrist key.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The same pieces with the other side to move and one more ply: used when the judge's
    /// messages skip a move we could not read, so that we still answer for our own side.
    pub fn pass(&self) -> Position {
        Position::from_parts(
            self.black,
            self.white,
            self.kings,
            self.side.opponent(),
            self.ply + 1,
        )
    }

    /// The final scoring rule: a man counts 1, a king 3.
    pub fn material_points(&self, color: Color) -> i32 {
        let pieces = self.pieces(color);
        pieces.count_ones() as i32 + 2 * (pieces & self.kings).count_ones() as i32
    }

    /// The result if the game is over in this position, seen from the side to move: after
    /// [`MAX_PLIES`] plies the material points decide; before that, a side with no piece or no
    /// legal move loses. `legal_moves` is how many moves the side to move has (it is only asked
    /// for before the ply limit, and only when the caller already knows it).
    pub fn outcome(&self, legal_moves: usize) -> Option<Outcome> {
        if self.ply >= MAX_PLIES {
            let balance =
                self.material_points(self.side) - self.material_points(self.side.opponent());
            return Some(match balance {
                b if b > 0 => Outcome::Win,
                0 => Outcome::Draw,
                _ => Outcome::Loss,
            });
        }
        if legal_moves == 0 {
            return Some(Outcome::Loss);
        }
        None
    }

    /// Every legal move, each capture route separately (the protocol's and perft's view).
    /// Captures are mandatory and only the routes with the most captures are legal.
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate_captures(list);
        if list.is_empty() {
            self.generate_steps(list);
        }
    }

    /// Whether the side to move must capture.
    pub fn has_capture(&self) -> bool {
        let own = self.pieces(self.side);
        let enemy = self.pieces(self.side.opponent());
        let empty = !(own | enemy);
        // A jump needs an enemy neighbour with an empty square behind it.
        Squares(own).any(|from| {
            Direction::ALL
                .iter()
                .any(|&dir| match (from.step(dir), from.jump(dir)) {
                    (Some(over), Some(land)) => enemy & over.bit() != 0 && empty & land.bit() != 0,
                    _ => false,
                })
        })
    }

    fn generate_steps(&self, list: &mut MoveList) {
        let own = self.pieces(self.side);
        let empty = !(self.black | self.white);
        for from in Squares(own & !self.kings) {
            for dir in forward(self.side) {
                if let Some(to) = from.step(dir) {
                    if empty & to.bit() != 0 {
                        list.push(Move::step(from, to, dir));
                    }
                }
            }
        }
        for from in Squares(own & self.kings) {
            for dir in Direction::ALL {
                if let Some(to) = from.step(dir) {
                    if empty & to.bit() != 0 {
                        list.push(Move::step(from, to, dir));
                    }
                }
            }
        }
    }

    fn generate_captures(&self, list: &mut MoveList) {
        let own = self.pieces(self.side);
        let enemy = self.pieces(self.side.opponent());
        let mut most = 0;
        for from in Squares(own) {
            // The moving piece leaves its square: the route may cross or end on it again.
            // Captured pieces stay on the board until the move ends, so they still block.
            let chain = Chain {
                from,
                enemy,
                empty: !((own & !from.bit()) | enemy),
            };
            chain.extend(from, 0, 0, 0, &mut most, list);
        }
    }

    /// The position after `mv` (which must be legal here).
    pub fn apply(&self, mv: Move) -> Position {
        let side = self.side;
        let from = mv.from().bit();
        let to = mv.to().bit();
        let was_king = self.kings & from != 0;
        let mut next = *self;
        let mut hash = self.hash;

        // Remove the captured pieces.
        let enemy_index = side.opponent().index() * 2;
        for square in Squares(mv.captured()) {
            let king = (self.kings & square.bit() != 0) as usize;
            hash ^= PIECE_KEYS[enemy_index + king][square.index()];
        }
        match side {
            Color::Black => next.white &= !mv.captured(),
            Color::White => next.black &= !mv.captured(),
        }
        next.kings &= !mv.captured();

        // Move the piece; a man is crowned only if the whole move ends on the far row.
        let crowned = was_king || crowning_row(side) & to != 0;
        let own_index = side.index() * 2;
        hash ^= PIECE_KEYS[own_index + was_king as usize][mv.from().index()];
        hash ^= PIECE_KEYS[own_index + crowned as usize][mv.to().index()];
        match side {
            Color::Black => next.black = (next.black & !from) | to,
            Color::White => next.white = (next.white & !from) | to,
        }
        next.kings &= !from;
        if crowned {
            next.kings |= to;
        }

        hash ^= SIDE_KEY ^ ply_key(self.ply) ^ ply_key(self.ply + 1);
        next.side = side.opponent();
        next.ply = self.ply + 1;
        next.hash = hash;
        next
    }

    /// The legal move whose route is exactly `path` (start square first), if any.
    pub fn find_move(&self, path: &[Square]) -> Option<Move> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let found = list.as_slice().iter().find(|mv| mv.path() == path).copied();
        found
    }

    /// Counts the distinct move routes `depth` plies deep (leaf nodes), as the protocol writes
    /// them: two capture routes to the same position count twice. Ignores the ply limit.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        list.as_slice()
            .iter()
            .map(|&mv| self.apply(mv).perft(depth - 1))
            .sum()
    }

    /// Parses `rows/.../rows side`: rows 0 to 7, 8 characters each (`.` empty, `b`/`B` black
    /// man/king, `w`/`W` white man/king), then `b` or `w`. The ply is 0.
    pub fn parse(text: &str) -> Result<Position, String> {
        let mut words = text.split_whitespace();
        let board = words.next().ok_or("empty position")?;
        let side = match words.next() {
            Some("b") => Color::Black,
            Some("w") => Color::White,
            other => return Err(format!("side to move must be b or w, not {other:?}")),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 8 {
            return Err(format!("expected 8 rows, found {}", rows.len()));
        }
        let (mut black, mut white, mut kings) = (0, 0, 0);
        for (row, text) in rows.iter().enumerate() {
            let cells: Vec<char> = text.chars().collect();
            if cells.len() != 8 {
                return Err(format!("row {row} has {} cells, not 8", cells.len()));
            }
            for (col, &cell) in cells.iter().enumerate() {
                let square = Square::from_row_col(row as i32, col as i32);
                let bit = match (cell, square) {
                    ('.', _) => continue,
                    (_, Some(square)) => square.bit(),
                    (_, None) => return Err(format!("piece on light square {row},{col}")),
                };
                match cell {
                    'b' => black |= bit,
                    'B' => {
                        black |= bit;
                        kings |= bit;
                    }
                    'w' => white |= bit,
                    'W' => {
                        white |= bit;
                        kings |= bit;
                    }
                    other => return Err(format!("unknown cell {other:?}")),
                }
            }
        }
        Ok(Position::from_parts(black, white, kings, side, 0))
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = ply_key(self.ply);
        if self.side == Color::White {
            hash ^= SIDE_KEY;
        }
        for (color, pieces) in [(Color::Black, self.black), (Color::White, self.white)] {
            for square in Squares(pieces) {
                let king = (self.kings & square.bit() != 0) as usize;
                hash ^= PIECE_KEYS[color.index() * 2 + king][square.index()];
            }
        }
        hash
    }

    /// The board drawn as 8 text rows (row 0 first) in the [`Position::parse`] alphabet.
    pub fn board_rows(&self) -> Vec<String> {
        (0..8)
            .map(|row| {
                (0..8)
                    .map(|col| match Square::from_row_col(row, col) {
                        Some(square) => {
                            let bit = square.bit();
                            let king = self.kings & bit != 0;
                            match (self.black & bit != 0, self.white & bit != 0, king) {
                                (true, _, false) => 'b',
                                (true, _, true) => 'B',
                                (_, true, false) => 'w',
                                (_, true, true) => 'W',
                                _ => '.',
                            }
                        }
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for Position {
    /// The [`Position::parse`] form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Color::Black => 'b',
            Color::White => 'w',
        };
        write!(f, "{} {side}", self.board_rows().join("/"))
    }
}

/// The fixed part of a capture-route search: which piece moves, what it may jump and land on.
struct Chain {
    from: Square,
    enemy: Bitboard,
    empty: Bitboard,
}

impl Chain {
    /// Follows every jump from `at`; records a route where it cannot go on, keeping only the
    /// routes with the most captures (`most`).
    fn extend(
        &self,
        at: Square,
        jumps: u8,
        route: u32,
        captured: Bitboard,
        most: &mut u8,
        list: &mut MoveList,
    ) {
        let mut extended = false;
        for dir in Direction::ALL {
            if let (Some(over), Some(land)) = (at.step(dir), at.jump(dir)) {
                // No piece is jumped twice; captured pieces stay until the end of the move.
                let jumpable = self.enemy & !captured & over.bit() != 0;
                if jumpable && self.empty & land.bit() != 0 {
                    extended = true;
                    self.extend(
                        land,
                        jumps + 1,
                        route | (dir as u32) << (2 * u32::from(jumps)),
                        captured | over.bit(),
                        most,
                        list,
                    );
                }
            }
        }
        if !extended && jumps > 0 && jumps >= *most {
            if jumps > *most {
                list.clear();
                *most = jumps;
            }
            list.push(Move::capture(self.from, at, jumps, route, captured));
        }
    }
}

/// Zobrist keys: black man, black king, white man, white king on each square.
static PIECE_KEYS: [[u64; 32]; 4] = {
    let mut keys = [[0; 32]; 4];
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut kind = 0;
    while kind < 4 {
        let mut square = 0;
        while square < 32 {
            state = splitmix(state);
            keys[kind][square] = state;
            square += 1;
        }
        kind += 1;
    }
    keys
};

/// Zobrist key of "white to move".
const SIDE_KEY: u64 = splitmix(0x0bad_cafe);

/// Zobrist key of a game ply.
fn ply_key(ply: u32) -> u64 {
    splitmix(0x5eed_0000 + u64::from(ply))
}

/// One SplitMix64 output for `seed`: a well-mixed 64-bit value.
const fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Position {
        Position::parse(text).unwrap()
    }

    fn moves(position: &Position) -> Vec<String> {
        let mut list = MoveList::new();
        position.legal_moves(&mut list);
        let mut texts: Vec<String> = list.as_slice().iter().map(|m| m.to_string()).collect();
        texts.sort();
        texts
    }

    fn at_ply(position: Position, ply: u32) -> Position {
        Position::from_parts(
            position.black(),
            position.white(),
            position.kings(),
            position.side(),
            ply,
        )
    }

    /// Cross-checked with the independent generator of the harness crate
    /// (`tests/tests/checkers.rs`).
    #[test]
    fn perft_from_the_start() {
        let expected = [7, 49, 302, 1469, 7473, 37628, 187302];
        for (depth, &count) in expected.iter().enumerate() {
            assert_eq!(Position::start().perft(depth as u32 + 1), count);
        }
    }

    #[test]
    fn text_form_round_trips() {
        let start = Position::start();
        assert_eq!(
            start.to_string(),
            ".w.w.w.w/w.w.w.w./.w.w.w.w/......../......../b.b.b.b./.b.b.b.b/b.b.b.b. b"
        );
        assert_eq!(position(&start.to_string()), start);
        assert!(Position::parse(
            "w......./......../......../......../......../......../......../........ b"
        )
        .is_err());
        assert!(Position::parse(".w.w.w.w/w.w.w.w. b").is_err());
    }

    #[test]
    fn men_step_forward_only() {
        let black =
            position("......../......../......../......../...b..../......../......../........ b");
        assert_eq!(moves(&black), ["2 4,3 3,2", "2 4,3 3,4"]);
        let white =
            position("......../......../......../......../...w..../......../......../........ w");
        assert_eq!(moves(&white), ["2 4,3 5,2", "2 4,3 5,4"]);
    }

    #[test]
    fn kings_step_one_square_any_way() {
        let king =
            position("......../......../......../......../...B..../......../......../........ b");
        assert_eq!(
            moves(&king),
            ["2 4,3 3,2", "2 4,3 3,4", "2 4,3 5,2", "2 4,3 5,4"]
        );
    }

    #[test]
    fn men_capture_backwards_and_capturing_is_mandatory() {
        // The black man could step forward, but must jump the white man behind it.
        let p =
            position("......../......../......../......../...b..../....w.../......../........ b");
        assert_eq!(moves(&p), ["2 4,3 6,5"]);
    }

    #[test]
    fn only_the_longest_capture_is_legal() {
        // One route takes one piece (4,3 over 3,2), the other takes two (over 3,4 then 1,4).
        let p =
            position("......../....w.../......../..w.w.../...b..../......../......../........ b");
        assert_eq!(moves(&p), ["3 4,3 2,5 0,3"]);
        // A longer capture by another piece wins over a shorter one; both of its routes count.
        let q =
            position("......../....w.../......../..w.w.../...b..../......w./.......b/........ b");
        assert_eq!(moves(&q), ["4 6,7 4,5 2,3 0,5", "4 6,7 4,5 2,3 4,1"]);
    }

    #[test]
    fn a_piece_is_not_jumped_twice() {
        // After 4,3 x 2,5 the king could jump 3,4 again back to 4,3 if that were allowed.
        let p =
            position("......../......../......../....w.../...B..../......../......../........ b");
        assert_eq!(moves(&p), ["2 4,3 2,5"]);
        assert_eq!(p.perft(1), 1);
    }

    #[test]
    fn captured_pieces_block_until_the_move_ends() {
        // Square loop: 5,2 x 4,3 -> 3,4 x 2,3 -> 1,2 x 2,1 -> 3,0 x 4,1 -> 5,2, the start
        // square, which the moving piece has left: a legal 4-capture, in both directions.
        let p =
            position("......../......../.w.w..../......../.w.w..../..B...../......../........ b");
        let all = moves(&p);
        assert_eq!(all, ["5 5,2 3,0 1,2 3,4 5,2", "5 5,2 3,4 1,2 3,0 5,2"]);
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        assert!(list.as_slice().iter().all(|m| m.jumps() == 4));
    }

    #[test]
    fn crowning_only_when_the_move_ends_on_the_far_row() {
        // Passing row 0 mid-capture: still a man at the end.
        let p =
            position("......../..w.w.../.b....../......../......../......../......../........ b");
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        assert_eq!(list.len(), 1);
        let mv = list.as_slice()[0];
        assert_eq!(mv.to_string(), "3 2,1 0,3 2,5");
        let after = p.apply(mv);
        assert_eq!(after.kings(), 0);
        assert_eq!(after.white(), 0);
        // Ending there: crowned.
        let q =
            position("......../..w...../.b....../......../......../......../......../........ b");
        let after = q.apply(
            q.find_move(&[
                Square::from_row_col(2, 1).unwrap(),
                Square::from_row_col(0, 3).unwrap(),
            ])
            .unwrap(),
        );
        assert_eq!(after.kings(), Square::from_row_col(0, 3).unwrap().bit());
        // White crowns on row 7 by a step.
        let w =
            position("......../......../......../......../......../......../...w..../........ w");
        let after = w.apply(
            w.find_move(&[
                Square::from_row_col(6, 3).unwrap(),
                Square::from_row_col(7, 2).unwrap(),
            ])
            .unwrap(),
        );
        assert_eq!(after.kings(), Square::from_row_col(7, 2).unwrap().bit());
    }

    #[test]
    fn no_piece_or_no_move_loses() {
        let blocked =
            position("......../......../......../......../......../..w...../.w....../b....... b");
        assert_eq!(moves(&blocked), Vec::<String>::new());
        assert_eq!(blocked.outcome(0), Some(Outcome::Loss));
        let empty =
            position("......../......../......../......../......../......../......../w....... b");
        assert_eq!(empty.outcome(0), Some(Outcome::Loss));
    }

    #[test]
    fn the_game_is_scored_on_material_at_ply_120() {
        // One black king (3) against two white men (2): black wins at the limit.
        let p =
            position("......../......../...B..../......../......../......../.w.w..../........ w");
        assert_eq!(at_ply(p, 119).outcome(5), None);
        assert_eq!(at_ply(p, 120).outcome(5), Some(Outcome::Loss));
        let black_to_move =
            Position::from_parts(p.black(), p.white(), p.kings(), Color::Black, 120);
        assert_eq!(black_to_move.outcome(5), Some(Outcome::Win));
        // Three white men equal the king: a draw.
        let q =
            position("......../......../...B..../......../......../......../.w.w.w../........ b");
        assert_eq!(at_ply(q, 120).outcome(5), Some(Outcome::Draw));
    }

    #[test]
    fn incremental_hash_matches_a_fresh_one() {
        let mut p = Position::start();
        let mut list = MoveList::new();
        let mut seed = 12345u64;
        for _ in 0..200 {
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            seed = splitmix(seed);
            let mv = list.as_slice()[(seed % list.len() as u64) as usize];
            p = p.apply(mv);
            assert_eq!(p.hash(), p.compute_hash());
            let parts = Position::from_parts(p.black(), p.white(), p.kings(), p.side(), p.ply());
            assert_eq!(parts, p);
        }
    }

    #[test]
    fn find_move_needs_the_exact_route() {
        let p = Position::start();
        let from = Square::from_row_col(5, 0).unwrap();
        let to = Square::from_row_col(4, 1).unwrap();
        assert!(p.find_move(&[from, to]).is_some());
        assert!(p.find_move(&[to, from]).is_none());
        assert!(p.find_move(&[from]).is_none());
    }
}
