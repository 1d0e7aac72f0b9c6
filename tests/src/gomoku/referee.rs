//! An independent referee for arena games: the board, and who won. Written apart from the
//! engine so that an engine bug cannot hide behind a shared one.

/// Which five wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Five or more in a row.
    Freestyle,
    /// Exactly five in a row.
    ExactFive,
}

impl Rule {
    /// The Gomocup `INFO rule` value.
    pub fn gomocup_mask(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
        }
    }

    /// Parses `freestyle` or `exact`.
    pub fn parse(text: &str) -> Option<Rule> {
        match text {
            "freestyle" | "free" | "0" => Some(Rule::Freestyle),
            "exact" | "standard" | "1" => Some(Rule::ExactFive),
            _ => None,
        }
    }
}

/// A board of stones: 0 empty, 1 black, 2 white.
#[derive(Clone, Debug)]
pub struct Board {
    pub size: usize,
    cells: Vec<u8>,
    pub moves: Vec<(usize, usize)>,
}

impl Board {
    /// An empty `size` x `size` board.
    pub fn new(size: usize) -> Self {
        Self {
            size,
            cells: vec![0; size * size],
            moves: Vec::new(),
        }
    }

    /// The stone at `x`, `y` (0 empty, 1 black, 2 white).
    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.cells[y * self.size + x]
    }

    /// Whether `x`, `y` is on the board and empty.
    pub fn is_free(&self, x: i64, y: i64) -> bool {
        let n = self.size as i64;
        (0..n).contains(&x) && (0..n).contains(&y) && self.at(x as usize, y as usize) == 0
    }

    /// The colour to move: black (1) after an even number of stones.
    pub fn to_move(&self) -> u8 {
        if self.moves.len().is_multiple_of(2) {
            1
        } else {
            2
        }
    }

    /// Plays the next stone (the caller checked [`is_free`](Self::is_free)).
    pub fn play(&mut self, x: usize, y: usize) {
        let color = self.to_move();
        self.cells[y * self.size + x] = color;
        self.moves.push((x, y));
    }

    /// Whether the stone at `x`, `y` makes a winning line under `rule`.
    pub fn wins_at(&self, x: usize, y: usize, rule: Rule) -> bool {
        let color = self.at(x, y);
        if color == 0 {
            return false;
        }
        for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
            let mut length = 1;
            for sign in [-1i64, 1] {
                let (mut cx, mut cy) = (x as i64 + sign * dx, y as i64 + sign * dy);
                let n = self.size as i64;
                while (0..n).contains(&cx)
                    && (0..n).contains(&cy)
                    && self.at(cx as usize, cy as usize) == color
                {
                    length += 1;
                    cx += sign * dx;
                    cy += sign * dy;
                }
            }
            let wins = match rule {
                Rule::Freestyle => length >= 5,
                Rule::ExactFive => length == 5,
            };
            if wins {
                return true;
            }
        }
        false
    }

    /// Whether no empty cell is left.
    pub fn is_full(&self) -> bool {
        self.moves.len() == self.size * self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_wins_and_six_only_in_freestyle() {
        let mut board = Board::new(15);
        for x in 0..6 {
            board.play(x, 0);
            board.play(x, 5);
        }
        // Black has 0..5 on row 0: six in a row.
        assert!(board.wins_at(5, 0, Rule::Freestyle));
        assert!(!board.wins_at(5, 0, Rule::ExactFive));
        assert!(board.wins_at(4, 0, Rule::Freestyle));
    }
}
