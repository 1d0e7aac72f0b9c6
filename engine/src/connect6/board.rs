//! A Connect6 position with its window bookkeeping, updated stone by stone so that the search
//! can place and lift stones cheaply.
//!
//! For each window the board keeps how many stones of each colour it holds. From those it keeps:
//! how many windows only one colour holds, by its number of stones there (the evaluation weighs
//! them), the set of each colour's threat windows (four or five stones, none of the opponent),
//! and whether a colour has completed six.

use super::geometry::{geometry, CELLS, SIZE, WINDOWS};
use super::turn::Turn;
use crate::core::color::Color;

/// The worth of a window holding `n` stones of one colour and none of the other, to that colour.
pub const WINDOW_VALUE: [i32; 7] = [0, -2, 6, 30, 127, 129, 0];

/// The worth of spoiling an opponent's window that holds `n` of its stones and none of ours.
pub const SPOIL_VALUE: [i32; 7] = [0, 4, 17, 36, 120, 130, 0];

/// What a cell is worth when a quiet position's candidate cells are chosen, for each window
/// through it that the mover holds alone, by the mover's stones there (none to five).
pub const SELECT_EXTEND_VALUE: [i32; 6] = [0, 8, 36, 43, 2, 1_000_000];

/// The same for each of the opponent's windows it spoils, by the opponent's stones there (index
/// 0 unused).
pub const SELECT_SPOIL_VALUE: [i32; 6] = [0, 1, 10, 24, 120, 130];

/// The same by the cell's distance (1, 2, 3, 4 or more) from the opponent's last turn, then from
/// our own last turn.
pub const SELECT_NEAR_VALUE: [[i32; 4]; 2] = [[13, 3, -9, -10], [12, 5, 0, -15]];

/// What a quiet turn's shape adds to its ordering value, by how many stones it takes the
/// opponent to block the threats the turn makes (none, one, two or more).
pub const THREATS_MADE_VALUE: [i32; 3] = [0, 1, 70];

/// What each stone of a quiet turn adds by its distance (1, 2, 3, 4 or more cells) from the
/// stones of the opponent's last turn, then from our own last turn.
pub const NEAR_LAST_VALUE: [[i32; 4]; 2] = [[12, 6, -14, -8], [7, -5, -2, -6]];

/// What a quiet turn adds by the distance between its two stones (1, 2, 3 to 5, 6 or more).
pub const SPREAD_VALUE: [i32; 4] = [26, 23, -32, -15];

/// What one more stone adds to a window holding `n` stones of its colour and none of the other's.
pub const ATTACK_GAIN: [i32; 7] = {
    let mut gain = [0; 7];
    let mut n = 0;
    while n < 7 {
        let next = if n + 1 < 6 { n + 1 } else { 6 };
        gain[n] = WINDOW_VALUE[next] - WINDOW_VALUE[n];
        n += 1;
    }
    gain
};

/// The most turns a game holds: black's opening stone, then two stones a turn.
pub const MAX_TURNS: usize = (CELLS + 1) / 2;

/// Stones of one colour that make a window a threat.
pub const THREAT_STONES: u8 = 4;

const LIVE_WORDS: usize = (WINDOWS + 63) / 64;

/// A set of windows, one bit each.
pub type WindowSet = [u64; LIVE_WORDS];

/// A position.
#[derive(Clone)]
pub struct Board {
    cells: [Option<Color>; CELLS],
    /// Stones of each colour in each window.
    counts: [[u8; 2]; WINDOWS],
    /// Windows only that colour holds, by the number of its stones in them (index 0 unused).
    held: [[u16; 7]; 2],
    /// For each colour and window, what one more stone of that colour adds there
    /// ([`ATTACK_GAIN`], or nothing where the other colour stands).
    gains: [[i16; WINDOWS]; 2],
    live: [WindowSet; 2],
    sixes: [u16; 2],
    /// Stones within two cells (a 5x5 square) of each cell.
    nearby: [u8; CELLS],
    stones: u16,
    hash: u64,
    /// The turns played so far, in order ([`Board::play`] and [`Board::undo`] keep it; single
    /// stones placed and lifted do not).
    history: [Turn; MAX_TURNS],
    turns: u16,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl Board {
    /// The empty board.
    pub fn new() -> Self {
        Self {
            cells: [None; CELLS],
            counts: [[0; 2]; WINDOWS],
            held: [[0; 7]; 2],
            gains: [[ATTACK_GAIN[0] as i16; WINDOWS]; 2],
            live: [[0; LIVE_WORDS]; 2],
            sixes: [0; 2],
            nearby: [0; CELLS],
            stones: 0,
            hash: 0,
            history: [Turn::single(0); MAX_TURNS],
            turns: 0,
        }
    }

    /// What stands on `cell`.
    pub fn at(&self, cell: u16) -> Option<Color> {
        self.cells[usize::from(cell)]
    }

    /// Whether `cell` is on the board and empty.
    pub fn is_empty(&self, cell: u16) -> bool {
        usize::from(cell) < CELLS && self.cells[usize::from(cell)].is_none()
    }

    /// A hash of the stones (the side to move follows from their number).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The number of stones on the board.
    pub fn stone_count(&self) -> u16 {
        self.stones
    }

    /// Whether the board is full.
    pub fn is_full(&self) -> bool {
        usize::from(self.stones) == CELLS
    }

    /// The colour whose turn it is: black opens with one stone, then turns of two alternate.
    pub fn to_move(&self) -> Color {
        if self.stones % 4 == 0 || self.stones % 4 == 3 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The colour that has six (or more) in a row, if any.
    pub fn winner(&self) -> Option<Color> {
        if self.sixes[0] > 0 {
            Some(Color::Black)
        } else if self.sixes[1] > 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Whether the game is over: a six, or a full board.
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.is_full()
    }

    /// How many windows only `colour` holds, indexed by its stones in them (index 0 unused).
    pub fn held_windows(&self, colour: Color) -> &[u16; 7] {
        &self.held[colour.index()]
    }

    /// What one more stone of `colour` adds to `window` (see [`ATTACK_GAIN`]).
    pub fn window_gain(&self, colour: Color, window: u16) -> i32 {
        i32::from(self.gains[colour.index()][usize::from(window)])
    }

    /// The stones of each colour in `window`.
    pub fn window_counts(&self, window: u16) -> [u8; 2] {
        self.counts[usize::from(window)]
    }

    /// The threat windows of `colour`: four or five of its stones and none of the opponent's.
    pub fn live_windows(&self, colour: Color) -> impl Iterator<Item = u16> + '_ {
        self.live[colour.index()]
            .iter()
            .enumerate()
            .flat_map(|(word_index, &word)| {
                let mut bits = word;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some((word_index * 64 + bit) as u16)
                })
            })
    }

    /// How many threat windows `colour` has.
    pub fn live_window_count(&self, colour: Color) -> u32 {
        self.live[colour.index()]
            .iter()
            .map(|word| word.count_ones())
            .sum()
    }

    /// Whether `colour` has any threat window.
    pub fn has_live_window(&self, colour: Color) -> bool {
        self.live[colour.index()].iter().any(|&word| word != 0)
    }

    /// Whether some stone lies within two cells of `cell`.
    pub fn is_near_stones(&self, cell: u16) -> bool {
        self.nearby[usize::from(cell)] > 0
    }

    /// Places a stone of `colour` on the empty `cell`.
    pub fn place(&mut self, cell: u16, colour: Color) {
        debug_assert!(self.is_empty(cell));
        let geometry = geometry();
        self.cells[usize::from(cell)] = Some(colour);
        self.stones += 1;
        let own = colour.index();
        let other = 1 - own;
        self.hash ^= geometry.zobrist[usize::from(cell)][own];
        for &window in geometry.windows_of(cell) {
            let index = usize::from(window);
            let counts = &mut self.counts[index];
            let (mine, theirs) = (usize::from(counts[own]), usize::from(counts[other]));
            counts[own] += 1;
            if theirs == 0 {
                self.gains[own][index] = ATTACK_GAIN[mine + 1] as i16;
                if mine == 0 {
                    self.gains[other][index] = 0;
                }
                self.held[own][mine + 1] += 1;
                if mine > 0 {
                    self.held[own][mine] -= 1;
                }
                if mine + 1 == usize::from(THREAT_STONES) {
                    self.live[own][index / 64] |= 1 << (index % 64);
                } else if mine + 1 == 6 {
                    self.sixes[own] += 1;
                }
            } else if mine == 0 {
                self.gains[other][index] = 0;
                self.held[other][theirs] -= 1;
                if theirs >= usize::from(THREAT_STONES) {
                    self.live[other][index / 64] &= !(1 << (index % 64));
                }
            }
        }
        self.touch_neighbourhood(cell, 1);
    }

    /// Lifts the stone on `cell` (the last placed there), undoing [`Board::place`].
    pub fn remove(&mut self, cell: u16) {
        let colour = match self.cells[usize::from(cell)] {
            Some(colour) => colour,
            None => return,
        };
        let geometry = geometry();
        self.cells[usize::from(cell)] = None;
        self.stones -= 1;
        let own = colour.index();
        let other = 1 - own;
        self.hash ^= geometry.zobrist[usize::from(cell)][own];
        for &window in geometry.windows_of(cell) {
            let index = usize::from(window);
            let counts = &mut self.counts[index];
            counts[own] -= 1;
            let (mine, theirs) = (usize::from(counts[own]), usize::from(counts[other]));
            if theirs == 0 {
                self.gains[own][index] = ATTACK_GAIN[mine] as i16;
                if mine == 0 {
                    self.gains[other][index] = ATTACK_GAIN[0] as i16;
                }
                self.held[own][mine + 1] -= 1;
                if mine > 0 {
                    self.held[own][mine] += 1;
                }
                if mine + 1 == usize::from(THREAT_STONES) {
                    self.live[own][index / 64] &= !(1 << (index % 64));
                } else if mine + 1 == 6 {
                    self.sixes[own] -= 1;
                }
            } else if mine == 0 {
                self.gains[other][index] = ATTACK_GAIN[theirs] as i16;
                self.held[other][theirs] += 1;
                if theirs >= usize::from(THREAT_STONES) {
                    self.live[other][index / 64] |= 1 << (index % 64);
                }
            }
        }
        self.touch_neighbourhood(cell, -1);
    }

    /// Plays a turn for the side to move.
    pub fn play(&mut self, turn: Turn) {
        let colour = self.to_move();
        for cell in turn.cells() {
            self.place(cell, colour);
        }
        if let Some(slot) = self.history.get_mut(usize::from(self.turns)) {
            *slot = turn;
            self.turns += 1;
        }
    }

    /// Takes back the last turn played.
    pub fn undo(&mut self, turn: Turn) {
        if let Some(second) = turn.second {
            self.remove(second);
        }
        self.remove(turn.first);
        self.turns = self.turns.saturating_sub(1);
    }

    /// The turn played `back` turns ago (0: the last one, the opponent's), if there is one.
    pub fn last_turn(&self, back: usize) -> Option<Turn> {
        usize::from(self.turns)
            .checked_sub(back + 1)
            .map(|index| self.history[index])
    }

    /// Whether `turn` is legal now: the right number of distinct empty cells.
    pub fn is_legal(&self, turn: &Turn) -> bool {
        if self.is_over() || !self.is_empty(turn.first) {
            return false;
        }
        match turn.second {
            None => self.stones == 0,
            Some(second) => self.stones > 0 && second != turn.first && self.is_empty(second),
        }
    }

    fn touch_neighbourhood(&mut self, cell: u16, delta: i8) {
        let (x, y) = (usize::from(cell) % SIZE, usize::from(cell) / SIZE);
        for near_y in y.saturating_sub(2)..(y + 3).min(SIZE) {
            for near_x in x.saturating_sub(2)..(x + 3).min(SIZE) {
                let slot = &mut self.nearby[near_y * SIZE + near_x];
                *slot = slot.wrapping_add(delta as u8);
            }
        }
    }
}

/// Positions the tests of several Connect6 modules share.
#[cfg(test)]
pub mod test_positions {
    use super::Board;
    use crate::connect6::geometry::cell;
    use crate::connect6::turn::Turn;

    /// White to move, facing black's open four on row 9 (cells x = 9..12); the other stones
    /// stand far away in the corners.
    pub fn black_open_four() -> Board {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(0, 0), cell(18, 18)));
        board.play(Turn::pair(cell(10, 9), cell(11, 9)));
        board.play(Turn::pair(cell(0, 18), cell(18, 0)));
        board.play(Turn::pair(cell(12, 9), cell(3, 3)));
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::geometry::cell;

    #[test]
    fn turns_alternate_one_then_two_stones() {
        let mut board = Board::new();
        assert_eq!(board.to_move(), Color::Black);
        assert!(board.is_legal(&Turn::single(cell(9, 9))));
        assert!(!board.is_legal(&Turn::pair(cell(9, 9), cell(9, 10))));
        board.play(Turn::single(cell(9, 9)));
        assert_eq!(board.to_move(), Color::White);
        assert!(!board.is_legal(&Turn::single(cell(1, 1))));
        assert!(!board.is_legal(&Turn::pair(cell(1, 1), cell(1, 1))));
        assert!(!board.is_legal(&Turn::pair(cell(9, 9), cell(1, 1))));
        board.play(Turn::pair(cell(1, 1), cell(2, 2)));
        assert_eq!(board.to_move(), Color::Black);
        board.play(Turn::pair(cell(3, 1), cell(4, 2)));
        assert_eq!(board.to_move(), Color::White);
    }

    #[test]
    fn six_in_a_row_wins_in_every_direction_and_more_also_wins() {
        for (dx, dy, x0, y0) in [(1, 0, 0, 0), (0, 1, 18, 13), (1, 1, 13, 13), (-1, 1, 18, 0)] {
            let mut board = Board::new();
            for step in 0..6i32 {
                let x = (x0 + dx * step) as usize;
                let y = (y0 + dy * step) as usize;
                assert!(board.winner().is_none());
                board.place(cell(x, y), Color::White);
            }
            assert_eq!(board.winner(), Some(Color::White));
        }
        let mut board = Board::new();
        for x in [0, 1, 2, 4, 5, 6] {
            board.place(cell(x, 3), Color::Black);
        }
        assert!(board.winner().is_none());
        board.place(cell(3, 3), Color::Black);
        assert_eq!(board.winner(), Some(Color::Black));
    }

    #[test]
    fn five_with_a_gap_of_the_opponent_is_no_win() {
        let mut board = Board::new();
        for x in [0, 1, 2, 4, 5] {
            board.place(cell(x, 0), Color::Black);
        }
        board.place(cell(3, 0), Color::White);
        board.place(cell(6, 0), Color::Black);
        assert!(board.winner().is_none());
    }

    #[test]
    fn removing_restores_every_count() {
        let mut board = Board::new();
        board.place(cell(9, 9), Color::Black);
        board.place(cell(10, 9), Color::White);
        let before = board.clone();
        let turn = Turn::pair(cell(11, 9), cell(9, 10));
        board.play(turn);
        board.undo(turn);
        assert_eq!(board.held, before.held);
        assert_eq!(board.gains, before.gains);
        assert_eq!(board.counts, before.counts);
        assert_eq!(board.live, before.live);
        assert_eq!(board.nearby, before.nearby);
        assert_eq!(board.hash(), before.hash());
        assert_eq!(board.stone_count(), 2);
    }

    #[test]
    fn the_last_turns_follow_play_and_undo_but_not_single_stones() {
        let mut board = Board::new();
        assert_eq!(board.last_turn(0), None);
        let turns = [
            Turn::single(cell(9, 9)),
            Turn::pair(cell(10, 10), cell(8, 8)),
            Turn::pair(cell(9, 10), cell(9, 8)),
        ];
        for turn in turns {
            board.play(turn);
        }
        assert_eq!(board.last_turn(0), Some(turns[2]));
        assert_eq!(board.last_turn(1), Some(turns[1]));
        assert_eq!(board.last_turn(2), Some(turns[0]));
        assert_eq!(board.last_turn(3), None);
        board.place(cell(0, 0), Color::White);
        assert_eq!(board.last_turn(0), Some(turns[2]));
        board.remove(cell(0, 0));
        board.undo(turns[2]);
        assert_eq!(board.last_turn(0), Some(turns[1]));
        assert_eq!(board.last_turn(1), Some(turns[0]));
    }

    #[test]
    fn held_windows_match_a_recount_after_placing_and_removing() {
        let mut board = Board::new();
        let cells: Vec<u16> = (0..40)
            .map(|index| cell(3 + index * 7 % 13, 4 + index % 9))
            .collect();
        let mut placed = Vec::new();
        for (index, &at) in cells.iter().enumerate() {
            if board.is_empty(at) {
                let colour = if index % 3 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                board.place(at, colour);
                placed.push(at);
            }
            if index % 5 == 4 {
                board.remove(placed.pop().unwrap());
            }
            let mut recount = [[0u16; 7]; 2];
            for [black, white] in board.counts {
                if white == 0 && black > 0 {
                    recount[0][usize::from(black)] += 1;
                } else if black == 0 && white > 0 {
                    recount[1][usize::from(white)] += 1;
                }
            }
            assert_eq!(board.held, recount);
            for window in 0..WINDOWS {
                let [black, white] = board.counts[window];
                let gain = |mine: u8, theirs: u8| {
                    if theirs == 0 {
                        ATTACK_GAIN[usize::from(mine)] as i16
                    } else {
                        0
                    }
                };
                assert_eq!(board.gains[0][window], gain(black, white));
                assert_eq!(board.gains[1][window], gain(white, black));
            }
        }
    }

    #[test]
    fn four_stones_make_a_threat_window_until_blocked() {
        let mut board = Board::new();
        for x in 5..9 {
            board.place(cell(x, 5), Color::Black);
        }
        assert!(board.has_live_window(Color::Black));
        assert!(!board.has_live_window(Color::White));
        board.place(cell(4, 5), Color::White);
        board.place(cell(9, 5), Color::White);
        assert!(!board.has_live_window(Color::Black));
    }
}
