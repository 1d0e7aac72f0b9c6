//! The judge's rules written a second time, as plainly as possible, on an 8x8 array: the judge
//! emulator referees with this, and the tests check the engine's bitboard move generator
//! against it.

/// A cell: 0 empty, 1 black man, 2 black king, -1 white man, -2 white king.
pub type Cell = i8;

/// The game stops after this many plies.
pub const MAX_PLIES: u32 = 120;

/// A board and the side to move (1 black, -1 white), with the ply count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub cells: [[Cell; 8]; 8],
    /// 1 when black is to move, -1 when white is.
    pub side: i8,
    pub ply: u32,
}

/// A move as the squares visited, start first.
pub type Path = Vec<(i32, i32)>;

const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

impl Board {
    /// The starting position: white men on rows 0-2, black men on rows 5-7, black to move.
    pub fn start() -> Board {
        let mut cells = [[0; 8]; 8];
        for (row, line) in cells.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                if (row + col) % 2 == 1 {
                    *cell = match row {
                        0..=2 => -1,
                        5..=7 => 1,
                        _ => 0,
                    };
                }
            }
        }
        Board {
            cells,
            side: 1,
            ply: 0,
        }
    }

    /// Parses the engine's position text (`rows/... b|w`), ply 0.
    pub fn parse(text: &str) -> Option<Board> {
        let (rows, side) = text.trim().split_once(' ')?;
        let mut cells = [[0; 8]; 8];
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 8 {
            return None;
        }
        for (r, row) in rows.iter().enumerate() {
            if row.len() != 8 {
                return None;
            }
            for (c, ch) in row.chars().enumerate() {
                cells[r][c] = match ch {
                    'b' => 1,
                    'B' => 2,
                    'w' => -1,
                    'W' => -2,
                    _ => 0,
                };
            }
        }
        let side = match side.trim() {
            "b" => 1,
            "w" => -1,
            _ => return None,
        };
        Some(Board {
            cells,
            side,
            ply: 0,
        })
    }

    fn at(&self, row: i32, col: i32) -> Option<Cell> {
        if (0..8).contains(&row) && (0..8).contains(&col) {
            Some(self.cells[row as usize][col as usize])
        } else {
            None
        }
    }

    fn own(&self, cell: Cell) -> bool {
        cell * self.side > 0
    }

    fn enemy(&self, cell: Cell) -> bool {
        cell * self.side < 0
    }

    /// Every legal move route: captures are mandatory, only the routes capturing the most
    /// pieces are legal, no piece is jumped twice, captured pieces stay on the board until the
    /// move ends, and the moving piece's start square counts as empty.
    pub fn legal_moves(&self) -> Vec<Path> {
        let mut captures = Vec::new();
        for row in 0..8 {
            for col in 0..8 {
                if self.own(self.cells[row as usize][col as usize]) {
                    let mut path = vec![(row, col)];
                    let mut taken = Vec::new();
                    self.jumps(&mut path, &mut taken, &mut captures);
                }
            }
        }
        if let Some(most) = captures.iter().map(Vec::len).max() {
            captures.retain(|p| p.len() == most);
            return captures;
        }
        let mut steps = Vec::new();
        for row in 0..8 {
            for col in 0..8 {
                let cell = self.cells[row as usize][col as usize];
                if !self.own(cell) {
                    continue;
                }
                for (dr, dc) in DIAGONALS {
                    // Men step forward only: black towards row 0, white towards row 7.
                    let forward = dr == -i32::from(self.side);
                    if cell.abs() == 1 && !forward {
                        continue;
                    }
                    if self.at(row + dr, col + dc) == Some(0) {
                        steps.push(vec![(row, col), (row + dr, col + dc)]);
                    }
                }
            }
        }
        steps
    }

    fn jumps(&self, path: &mut Path, taken: &mut Vec<(i32, i32)>, out: &mut Vec<Path>) {
        let (row, col) = *path.last().unwrap();
        let start = path[0];
        let mut extended = false;
        for (dr, dc) in DIAGONALS {
            let over = (row + dr, col + dc);
            let land = (row + 2 * dr, col + 2 * dc);
            let over_enemy = self.at(over.0, over.1).is_some_and(|c| self.enemy(c));
            let land_free = match self.at(land.0, land.1) {
                Some(0) => true,
                Some(_) => land == start,
                None => false,
            };
            if over_enemy && land_free && !taken.contains(&over) {
                extended = true;
                taken.push(over);
                path.push(land);
                self.jumps(path, taken, out);
                path.pop();
                taken.pop();
            }
        }
        if !extended && path.len() > 1 {
            out.push(path.clone());
        }
    }

    /// Plays a route (which must be legal).
    pub fn apply(&mut self, path: &[(i32, i32)]) {
        let (r0, c0) = path[0];
        let piece = self.cells[r0 as usize][c0 as usize];
        self.cells[r0 as usize][c0 as usize] = 0;
        for pair in path.windows(2) {
            let ((ra, ca), (rb, cb)) = (pair[0], pair[1]);
            if (ra - rb).abs() == 2 {
                self.cells[((ra + rb) / 2) as usize][((ca + cb) / 2) as usize] = 0;
            }
        }
        let (rn, cn) = *path.last().unwrap();
        let far_row = if self.side == 1 { 0 } else { 7 };
        let piece = if piece.abs() == 1 && rn == far_row {
            2 * piece
        } else {
            piece
        };
        self.cells[rn as usize][cn as usize] = piece;
        self.side = -self.side;
        self.ply += 1;
    }

    /// Material points of a side (1 black, -1 white): man 1, king 3.
    pub fn points(&self, side: i8) -> i32 {
        self.cells
            .iter()
            .flatten()
            .filter(|&&c| c * side > 0)
            .map(|&c| if c.abs() == 2 { 3 } else { 1 })
            .sum()
    }

    /// The winner if the game is over (1 black, -1 white, 0 draw): at the ply limit by points,
    /// before it the side to move loses without a legal move (no piece included).
    pub fn result(&self) -> Option<i8> {
        if self.ply >= MAX_PLIES {
            let balance = self.points(1) - self.points(-1);
            return Some(balance.signum() as i8);
        }
        if self.legal_moves().is_empty() {
            return Some(-self.side);
        }
        None
    }

    /// Counts move routes `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .iter()
            .map(|path| {
                let mut next = self.clone();
                next.apply(path);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// The board drawn for a person: row and column numbers, `b`/`B` black, `w`/`W` white.
    pub fn draw(&self) -> String {
        let mut text = String::from("    0 1 2 3 4 5 6 7\n");
        for (row, line) in self.cells.iter().enumerate() {
            text.push_str(&format!(" {row}  "));
            for (col, &cell) in line.iter().enumerate() {
                let ch = match cell {
                    1 => 'b',
                    2 => 'B',
                    -1 => 'w',
                    -2 => 'W',
                    _ if (row + col) % 2 == 1 => '.',
                    _ => ' ',
                };
                text.push(ch);
                text.push(' ');
            }
            text.push('\n');
        }
        text
    }
}

/// The protocol text of a route: `N r,c r,c ...`.
pub fn format_path(path: &[(i32, i32)]) -> String {
    let mut text = path.len().to_string();
    for (row, col) in path {
        text.push_str(&format!(" {row},{col}"));
    }
    text
}

/// Parses an engine's answer strictly: `N r,c r,c ...` with exactly N squares.
pub fn parse_path(text: &str) -> Result<Path, String> {
    let mut words = text.split(' ');
    let count: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("no square count in {text:?}"))?;
    let squares: Vec<&str> = words.collect();
    if squares.len() != count {
        return Err(format!("{text:?} announces {count} squares"));
    }
    squares
        .iter()
        .map(|word| {
            let (r, c) = word
                .split_once(',')
                .ok_or_else(|| format!("bad square {word:?}"))?;
            let r = r.parse().map_err(|_| format!("bad row in {word:?}"))?;
            let c = c.parse().map_err(|_| format!("bad column in {word:?}"))?;
            Ok((r, c))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_seven_moves() {
        assert_eq!(Board::start().legal_moves().len(), 7);
    }

    #[test]
    fn paths_round_trip_through_text() {
        let path = vec![(5, 0), (3, 2), (1, 0)];
        assert_eq!(parse_path(&format_path(&path)), Ok(path));
        assert!(parse_path("3 5,0 3,2").is_err());
        assert!(parse_path("2 5,0  4,1").is_err());
    }
}
