//! The fixed shape of the board: every window of six cells in a line, and for each cell the
//! windows through it. Built once and shared.

use crate::core::rng::Rng;
use std::sync::{Mutex, PoisonError};

/// The board's width and height.
pub const SIZE: usize = 19;
/// The number of cells.
pub const CELLS: usize = SIZE * SIZE;
/// The length of a winning line, and of a window.
pub const WINDOW: usize = 6;
/// Windows per row or column: 14 starts in each of 19 lines, twice; 14 x 14 starts per diagonal
/// direction, twice.
pub const WINDOWS: usize = 2 * SIZE * (SIZE - WINDOW + 1) + 2 * (SIZE - WINDOW + 1).pow(2);
/// The most windows one cell lies in: six per direction.
pub const MAX_WINDOWS_PER_CELL: usize = 4 * WINDOW;

/// The cell at column `x`, row `y`.
pub fn cell(x: usize, y: usize) -> u16 {
    (y * SIZE + x) as u16
}

/// The column and row of a cell.
pub fn coordinates(cell: u16) -> (usize, usize) {
    (usize::from(cell) % SIZE, usize::from(cell) / SIZE)
}

/// The Chebyshev distance between two cells: the moves a king needs from one to the other.
pub fn distance(a: u16, b: u16) -> usize {
    let ((ax, ay), (bx, by)) = (coordinates(a), coordinates(b));
    ax.abs_diff(bx).max(ay.abs_diff(by))
}

/// The windows and the cell-to-window index.
pub struct Geometry {
    /// The cells of each window, in line order.
    pub windows: Vec<[u16; WINDOW]>,
    /// For each cell, the windows through it (the first `cell_window_count[cell]` entries).
    pub cell_windows: Vec<[u16; MAX_WINDOWS_PER_CELL]>,
    /// How many entries of `cell_windows[cell]` are used.
    pub cell_window_count: Vec<u8>,
    /// A random key per cell and colour; a position's hash is the xor of its stones' keys.
    pub zobrist: Vec<[u64; 2]>,
}

impl Geometry {
    /// The windows through `cell`.
    pub fn windows_of(&self, cell: u16) -> &[u16] {
        let cell = usize::from(cell);
        &self.cell_windows[cell][..usize::from(self.cell_window_count[cell])]
    }

    fn build() -> Self {
        let directions: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];
        let mut windows = Vec::with_capacity(WINDOWS);
        for (dx, dy) in directions {
            for y in 0..SIZE as isize {
                for x in 0..SIZE as isize {
                    let end_x = x + dx * (WINDOW as isize - 1);
                    let end_y = y + dy * (WINDOW as isize - 1);
                    if !(0..SIZE as isize).contains(&end_x) || !(0..SIZE as isize).contains(&end_y)
                    {
                        continue;
                    }
                    let mut cells = [0u16; WINDOW];
                    for (step, slot) in cells.iter_mut().enumerate() {
                        let step = step as isize;
                        *slot = cell((x + dx * step) as usize, (y + dy * step) as usize);
                    }
                    windows.push(cells);
                }
            }
        }
        let mut cell_windows = vec![[0u16; MAX_WINDOWS_PER_CELL]; CELLS];
        let mut cell_window_count = vec![0u8; CELLS];
        for (index, cells) in windows.iter().enumerate() {
            for &cell in cells {
                let cell = usize::from(cell);
                cell_windows[cell][usize::from(cell_window_count[cell])] = index as u16;
                cell_window_count[cell] += 1;
            }
        }
        // A fixed seed: hashes are the same in every run.
        let mut rng = Rng::new(0x00c0_ffee);
        let zobrist = (0..CELLS)
            .map(|_| [rng.next_u64(), rng.next_u64()])
            .collect();
        Self {
            windows,
            cell_windows,
            cell_window_count,
            zobrist,
        }
    }
}

/// The shared geometry.
pub fn geometry() -> &'static Geometry {
    // Each thread keeps the reference, so the lock below is taken once per thread (Rust 1.63 has
    // no `OnceLock`).
    thread_local! {
        static LOCAL: &'static Geometry = shared_geometry();
    }
    LOCAL.with(|geometry| *geometry)
}

/// Builds the geometry on first use, once for all threads.
fn shared_geometry() -> &'static Geometry {
    static SHARED: Mutex<Option<&'static Geometry>> = Mutex::new(None);
    let mut shared = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
    shared.get_or_insert_with(|| Box::leak(Box::new(Geometry::build())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_counts_match_the_formula() {
        let geometry = geometry();
        assert_eq!(geometry.windows.len(), WINDOWS);
        assert_eq!(WINDOWS, 924);
        // The centre lies in six windows per direction, a corner in three.
        assert_eq!(geometry.windows_of(cell(9, 9)).len(), 24);
        assert_eq!(geometry.windows_of(cell(0, 0)).len(), 3);
    }
}
