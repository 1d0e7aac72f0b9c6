//! The Surakarta position: 36 points as bits of a `u64`, the two circuits, and move generation.
//!
//! Points are numbered `y * 6 + x`, with `x` the platform's first letter and `y` its second (the
//! seed's sample engine indexes `Board[x][y]` and puts black on `x` = 0 and 1, white on `x` = 4
//! and 5; black moves first).
//!
//! A circuit is a closed path of 24 steps over the board: the inner one follows lines 1 and 4
//! (rows and columns), joined at the corners by the small arcs, the outer one lines 2 and 3,
//! joined by the large arcs. Each circuit is stored as 24 points in travel order, 6 per line,
//! so that an arc lies between positions 5|6, 11|12, 17|18 and 23|0. The four points where a
//! circuit crosses itself appear twice in its list.

use crate::core::color::Color;

/// Board side.
pub const SIZE: usize = 6;
/// Number of points.
pub const POINTS: usize = SIZE * SIZE;
/// Positions along one circuit.
pub const CIRCUIT_LEN: usize = 24;
/// Pieces each side starts with.
pub const PIECES: u32 = 12;

/// Every point of the board.
pub const ALL: u64 = (1u64 << POINTS) - 1;

/// The circuit along line `k` and line `5 - k`, in travel order.
const fn circuit(k: usize) -> [u8; CIRCUIT_LEN] {
    let m = SIZE - 1 - k;
    let mut out = [0u8; CIRCUIT_LEN];
    let mut i = 0;
    while i < SIZE {
        // Row k left to right, column m top to bottom, row m right to left, column k bottom
        // to top: consecutive lines meet through the corner arcs.
        out[i] = (k * SIZE + i) as u8;
        out[SIZE + i] = (i * SIZE + m) as u8;
        out[2 * SIZE + i] = (m * SIZE + (SIZE - 1 - i)) as u8;
        out[3 * SIZE + i] = ((SIZE - 1 - i) * SIZE + k) as u8;
        i += 1;
    }
    out
}

/// The inner (small arcs) and outer (large arcs) circuits.
pub const CIRCUITS: [[u8; CIRCUIT_LEN]; 2] = [circuit(1), circuit(2)];

/// The points of each circuit as a bit set.
pub const CIRCUIT_POINTS: [u64; 2] = [circuit_mask(0), circuit_mask(1)];

const fn circuit_mask(c: usize) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < CIRCUIT_LEN {
        mask |= 1u64 << CIRCUITS[c][i];
        i += 1;
    }
    mask
}

/// The points one king step away from each point.
pub const NEIGHBOURS: [u64; POINTS] = neighbours();

const fn neighbours() -> [u64; POINTS] {
    let mut out = [0u64; POINTS];
    let mut p = 0;
    while p < POINTS {
        let (x, y) = ((p % SIZE) as i32, (p / SIZE) as i32);
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < 6 && ny < 6 {
                    out[p] |= 1u64 << (ny * 6 + nx);
                }
                dx += 1;
            }
            dy += 1;
        }
        p += 1;
    }
    out
}

/// Zobrist keys: one per colour and point, and one for white to move.
const ZOBRIST: [[u64; POINTS]; 2] = zobrist_keys();
const ZOBRIST_WHITE: u64 = 0x6a09_e667_f3bc_c909;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn zobrist_keys() -> [[u64; POINTS]; 2] {
    let mut keys = [[0u64; POINTS]; 2];
    let mut state = 0x5352_4b54_u64;
    let mut side = 0;
    while side < 2 {
        let mut p = 0;
        while p < POINTS {
            let (next, key) = splitmix(state);
            state = next;
            keys[side][p] = key;
            p += 1;
        }
        side += 1;
    }
    keys
}

/// One move: a step to a neighbouring empty point, or a capture along a circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The point the piece leaves.
    pub from: u8,
    /// The point it lands on (an enemy piece for a capture).
    pub to: u8,
}

impl Move {
    /// The move from `from` to `to` (points `y * 6 + x`).
    pub fn new(from: usize, to: usize) -> Self {
        Self {
            from: from as u8,
            to: to as u8,
        }
    }
}

/// A position: both sides' pieces, the side to move and the plies since the last capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pieces: [u64; 2],
    to_move: Color,
    quiet_plies: u32,
    hash: u64,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The starting position: black on columns A and B, white on E and F, black to move.
    pub fn new() -> Self {
        let mut black = 0u64;
        let mut white = 0u64;
        for y in 0..SIZE {
            for x in 0..2 {
                black |= 1 << (y * SIZE + x);
                white |= 1 << (y * SIZE + SIZE - 1 - x);
            }
        }
        Self::from_pieces(black, white, Color::Black)
    }

    /// A position with the given pieces (bit `y * 6 + x`); overlapping bits are given to black.
    pub fn from_pieces(black: u64, white: u64, to_move: Color) -> Self {
        let black = black & ALL;
        let white = white & ALL & !black;
        let mut hash = if to_move == Color::White {
            ZOBRIST_WHITE
        } else {
            0
        };
        for (side, set) in [black, white].into_iter().enumerate() {
            let mut bits = set;
            while bits != 0 {
                hash ^= ZOBRIST[side][bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        Self {
            pieces: [black, white],
            to_move,
            quiet_plies: 0,
            hash,
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The pieces of `side`.
    pub fn pieces(&self, side: Color) -> u64 {
        self.pieces[side.index()]
    }

    /// Every occupied point.
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// How many pieces `side` has left.
    pub fn count(&self, side: Color) -> u32 {
        self.pieces[side.index()].count_ones()
    }

    /// Plies played since the last capture (or since the position was set up).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The Zobrist key of the pieces and the side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the move captures (lands on an enemy piece).
    pub fn is_capture(&self, mv: Move) -> bool {
        self.pieces[self.to_move.opponent().index()] & (1u64 << mv.to) != 0
    }

    /// Plays a move assumed legal for the side to move.
    pub fn play(&mut self, mv: Move) {
        let us = self.to_move.index();
        let them = 1 - us;
        let (from, to) = (mv.from as usize, mv.to as usize);
        let to_bit = 1u64 << to;
        if self.pieces[them] & to_bit != 0 {
            self.pieces[them] &= !to_bit;
            self.hash ^= ZOBRIST[them][to];
            self.quiet_plies = 0;
        } else {
            self.quiet_plies += 1;
        }
        self.pieces[us] ^= (1u64 << from) | to_bit;
        self.hash ^= ZOBRIST[us][from] ^ ZOBRIST[us][to] ^ ZOBRIST_WHITE;
        self.to_move = self.to_move.opponent();
    }

    /// Hands the move to the other side without moving (the search's null move; not a rule).
    pub fn pass(&mut self) {
        self.hash ^= ZOBRIST_WHITE;
        self.to_move = self.to_move.opponent();
    }

    /// Whether `mv` is a legal move for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        if mv.from as usize >= POINTS || mv.to as usize >= POINTS {
            return false;
        }
        let mut moves = Vec::new();
        self.generate(&mut moves, false);
        moves.contains(&mv)
    }

    /// The side to move's moves, captures first; only captures when `captures_only`.
    pub fn generate(&self, moves: &mut Vec<Move>, captures_only: bool) {
        moves.clear();
        let us = self.to_move;
        self.for_each_capture(us, |from, to| {
            let mv = Move::new(from, to);
            // Two paths to the same target are one move.
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        });
        if captures_only {
            return;
        }
        let empty = !self.occupied() & ALL;
        let mut ours = self.pieces(us);
        while ours != 0 {
            let from = ours.trailing_zeros() as usize;
            ours &= ours - 1;
            let mut targets = NEIGHBOURS[from] & empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                moves.push(Move::new(from, to));
            }
        }
    }

    /// Whether the side to move has any move.
    pub fn has_move(&self) -> bool {
        let us = self.pieces(self.to_move);
        let empty = !self.occupied() & ALL;
        let mut bits = us;
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if NEIGHBOURS[from] & empty != 0 {
                return true;
            }
        }
        let mut any = false;
        self.for_each_capture(self.to_move, |_, _| any = true);
        any
    }

    /// Calls `found(from, to)` for every capture path of `side` (a target reached by two paths
    /// is reported twice).
    pub fn for_each_capture(&self, side: Color, mut found: impl FnMut(usize, usize)) {
        let ours = self.pieces(side);
        let theirs = self.pieces(side.opponent());
        for_each_link(ours | theirs, |from, to| {
            let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
            if ours & from_bit != 0 && theirs & to_bit != 0 {
                found(from, to);
            }
        });
    }

    /// The game is over when the side to move has no piece or no move (it loses).
    pub fn is_over(&self) -> bool {
        self.count(self.to_move) == 0 || !self.has_move()
    }
}

/// Calls `link(from, to)` for every pair of pieces (of either colour) where the piece on `from`
/// could travel along a circuit, through at least one arc, over empty points only, to the piece
/// on `to`. Its own point counts as empty on the way (a piece on a crossing passes itself).
pub fn for_each_link(occupied: u64, mut link: impl FnMut(usize, usize)) {
    for circuit in &CIRCUITS {
        if occupied & circuit_mask_of(circuit) == 0 {
            continue;
        }
        // The circuit positions holding a piece, in travel order.
        let mut stops = [0u8; CIRCUIT_LEN];
        let mut count = 0;
        for (index, &point) in circuit.iter().enumerate() {
            if occupied & (1u64 << point) != 0 {
                stops[count] = index as u8;
                count += 1;
            }
        }
        if count < 2 {
            continue;
        }
        for k in 0..count {
            let start = stops[k] as usize;
            let point = circuit[start];
            for forward in [true, false] {
                let mut step = 1;
                let mut next = stops[neighbour_stop(k, step, count, forward)] as usize;
                if circuit[next] == point {
                    // The same piece on its crossing: it travels through its own point.
                    step += 1;
                    next = stops[neighbour_stop(k, step, count, forward)] as usize;
                    if circuit[next] == point {
                        continue;
                    }
                }
                let distance = if forward {
                    (next + CIRCUIT_LEN - start) % CIRCUIT_LEN
                } else {
                    (start + CIRCUIT_LEN - next) % CIRCUIT_LEN
                };
                let distance = if distance == 0 { CIRCUIT_LEN } else { distance };
                // The first arc lies after the end of the current line.
                let to_arc = if forward {
                    SIZE - start % SIZE
                } else {
                    start % SIZE + 1
                };
                if distance >= to_arc {
                    link(point as usize, circuit[next] as usize);
                }
            }
        }
    }
}

fn circuit_mask_of(circuit: &[u8; CIRCUIT_LEN]) -> u64 {
    if circuit == &CIRCUITS[0] {
        CIRCUIT_POINTS[0]
    } else {
        CIRCUIT_POINTS[1]
    }
}

fn neighbour_stop(k: usize, step: usize, count: usize, forward: bool) -> usize {
    if forward {
        (k + step) % count
    } else {
        (k + count * 2 - step) % count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(x: usize, y: usize) -> usize {
        y * SIZE + x
    }

    #[test]
    fn circuits_close_through_the_corner_arcs() {
        let inner = CIRCUITS[0];
        assert_eq!(inner[0] as usize, point(0, 1));
        assert_eq!(inner[5] as usize, point(5, 1));
        assert_eq!(inner[6] as usize, point(4, 0));
        assert_eq!(inner[23] as usize, point(1, 0));
        let outer = CIRCUITS[1];
        assert_eq!(outer[5] as usize, point(5, 2));
        assert_eq!(outer[6] as usize, point(3, 0));
        assert_eq!(CIRCUIT_POINTS[0].count_ones(), 20);
        assert_eq!(CIRCUIT_POINTS[1].count_ones(), 20);
    }

    #[test]
    fn the_start_has_only_steps() {
        let board = Board::new();
        let mut moves = Vec::new();
        board.generate(&mut moves, false);
        assert!(moves.iter().all(|&mv| !board.is_capture(mv)));
        // Column B's six pieces step to C: 6 straight and 10 diagonal.
        assert_eq!(moves.len(), 16);
    }

    #[test]
    fn a_capture_needs_an_arc() {
        // Black on (0,1), white on (3,1): same row, no arc between them.
        let board = Board::from_pieces(1 << point(0, 1), 1 << point(3, 1), Color::Black);
        let mut moves = Vec::new();
        board.generate(&mut moves, true);
        // Going left from (0,1) the piece takes the top-left arc to (1,0), down column 1,
        // bottom-left arc, row 4, bottom-right arc, up column 4, top-right arc, and enters row 1
        // from the right: it reaches (3,1) after four arcs.
        assert_eq!(moves, vec![Move::new(point(0, 1), point(3, 1))]);
        // Black on (1,1) crossing: it can pass its own point.
        let board = Board::from_pieces(1 << point(1, 1), 1 << point(1, 3), Color::Black);
        board.generate(&mut moves, true);
        assert_eq!(moves, vec![Move::new(point(1, 1), point(1, 3))]);
    }
}
