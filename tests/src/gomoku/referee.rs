//! An independent referee for arena games: the board, who won, and which black stones renju
//! forbids. Written apart from the engine so that an engine bug cannot hide behind a shared one.
//!
//! Renju's forbidden points follow the usual definitions, all for black and all along one line
//! through the stone:
//! - a *five* is a row of exactly five black stones; six or more are an *overline*;
//! - a *four* is a row that one more stone turns into a five. A stone can make two fours on
//!   one line (`X.XXX.X` with the stone in the middle); a *straight four* (`.XXXX.`, five on
//!   either side) is one four;
//! - a *three* is a row that one more stone turns into a straight four; it is *real* only when
//!   such a stone is allowed, that is not itself forbidden with the first stone on the board.
//!
//! A black stone that makes a five wins whatever else it makes; otherwise an overline, two
//! fours or two real threes lose.

/// Which five wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Five or more in a row.
    Freestyle,
    /// Exactly five in a row.
    ExactFive,
    /// Renju: white wins with five or more, black only with exactly five, and black loses on a
    /// forbidden point (see [`Foul`]).
    Renju,
    /// Caro as piskvork plays `INFO rule 8`: five or more in a row wins, except a row of
    /// exactly five whose cells just beyond both ends hold opponent stones. The board's edge
    /// closes nothing, and an overline wins even between two opponent stones.
    Caro,
}

impl Rule {
    /// The Gomocup `INFO rule` value.
    pub fn gomocup_mask(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        }
    }

    /// Parses `freestyle`, `exact`, `renju` or `caro`, or the Gomocup number (0, 1, 4, 8).
    pub fn parse(text: &str) -> Option<Rule> {
        match text {
            "freestyle" | "free" | "0" => Some(Rule::Freestyle),
            "exact" | "standard" | "1" => Some(Rule::ExactFive),
            "renju" | "4" => Some(Rule::Renju),
            "caro" | "8" => Some(Rule::Caro),
            _ => None,
        }
    }
}

/// Why a black stone loses under renju.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foul {
    /// Six or more black stones in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more real threes at once.
    DoubleThree,
}

/// An empty cell.
const EMPTY: u8 = 0;
/// A black stone; black moves first.
const BLACK: u8 = 1;

/// The four line directions: across, down and the two diagonals.
const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// How far along a line a five, a four or a three can reach from the stone that makes it.
const SPAN: i64 = 4;

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
        self.stone(x, y) == Some(EMPTY)
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
        if color == EMPTY {
            return false;
        }
        let (x, y) = (x as i64, y as i64);
        DIRECTIONS.into_iter().any(|direction| {
            let (back, forward) = self.reach(x, y, direction, color);
            let length = back + 1 + forward;
            match rule {
                Rule::Freestyle => length >= 5,
                Rule::ExactFive => length == 5,
                Rule::Renju if color == BLACK => length == 5,
                Rule::Renju => length >= 5,
                Rule::Caro => {
                    length >= 6
                        || (length == 5 && !self.is_closed(x, y, direction, (back, forward), color))
                }
            }
        })
    }

    /// The renju foul of the black stone at `x`, `y`, if it is one. `None` under the other
    /// rules, for white, and for a stone that makes exactly five: a five wins before any foul
    /// counts.
    pub fn foul_at(&self, x: usize, y: usize, rule: Rule) -> Option<Foul> {
        if rule != Rule::Renju || self.at(x, y) != BLACK {
            return None;
        }
        // The search for real threes puts trial stones down and takes them up again.
        let mut trial = self.clone();
        trial.foul(x as i64, y as i64)
    }

    /// Whether no empty cell is left.
    pub fn is_full(&self) -> bool {
        self.moves.len() == self.size * self.size
    }

    /// The stone at `x`, `y`, `None` off the board.
    fn stone(&self, x: i64, y: i64) -> Option<u8> {
        let n = self.size as i64;
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| self.at(x as usize, y as usize))
    }

    /// How many `color` stones follow `x`, `y` in a row backwards and forwards along
    /// `direction`, the cell itself not counted: the row it is part of, or would be part of
    /// with a `color` stone on it.
    fn reach(&self, x: i64, y: i64, (dx, dy): (i64, i64), color: u8) -> (i64, i64) {
        let count = |sign: i64| {
            (1..)
                .take_while(|&k| self.stone(x + sign * k * dx, y + sign * k * dy) == Some(color))
                .count() as i64
        };
        (count(-1), count(1))
    }

    /// Whether the row of `color` through `x`, `y` that reaches `back` and `forward` along
    /// `direction` has opponent stones on the cells just beyond both its ends (caro).
    fn is_closed(
        &self,
        x: i64,
        y: i64,
        (dx, dy): (i64, i64),
        (back, forward): (i64, i64),
        color: u8,
    ) -> bool {
        let opponent = Some(3 - color);
        let before = self.stone(x - (back + 1) * dx, y - (back + 1) * dy);
        let after = self.stone(x + (forward + 1) * dx, y + (forward + 1) * dy);
        before == opponent && after == opponent
    }

    /// The foul of the black stone on `x`, `y`, if any (see the module documentation).
    ///
    /// Whether a three is real recurses: [`is_allowed`](Self::is_allowed) asks the same of
    /// each point that would turn the three into a straight four, with that stone on the
    /// board too. Every level down has one more stone on the board, so the recursion ends at
    /// the latest when the board is full; in practice each level needs a new double three, so
    /// the chains stay a few stones long.
    fn foul(&mut self, x: i64, y: i64) -> Option<Foul> {
        let rows = DIRECTIONS.map(|direction| {
            let (back, forward) = self.reach(x, y, direction, BLACK);
            back + 1 + forward
        });
        if rows.contains(&5) {
            return None;
        }
        if rows.iter().any(|&length| length >= 6) {
            return Some(Foul::Overline);
        }
        let fours = DIRECTIONS.map(|direction| self.fours(x, y, direction));
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Foul::DoubleFour);
        }
        // A line that holds a four is not also counted as a three.
        let threes: Vec<Vec<(i64, i64)>> = DIRECTIONS
            .into_iter()
            .zip(fours)
            .filter(|&(_, count)| count == 0)
            .map(|(direction, _)| self.straight_four_points(x, y, direction))
            .filter(|points| !points.is_empty())
            .collect();
        // Whether a three is real is the expensive question: ask only while it can matter.
        if threes.len() < 2 {
            return None;
        }
        let mut real = 0;
        for points in threes {
            // Real: some point that makes the straight four is allowed.
            if points.into_iter().any(|(px, py)| self.is_allowed(px, py)) {
                real += 1;
                if real == 2 {
                    return Some(Foul::DoubleThree);
                }
            }
        }
        None
    }

    /// How many fours the black stone on `x`, `y` is part of along `direction`: as many as
    /// there are points that make it a five, except that the two points of a straight four
    /// (five cells apart, `.XXXX.`) make one four. Two points closer together are two fours
    /// on one line (`X.XXX.X`, `XX.XX.XX`, `XXX.X.XXX`).
    fn fours(&self, x: i64, y: i64, direction: (i64, i64)) -> usize {
        let points = self.five_points(x, y, direction);
        match points[..] {
            [first, second] if second - first == 5 => 1,
            _ => points.len(),
        }
    }

    /// The offsets along `direction` from `x`, `y` of the empty points where a black stone
    /// makes exactly five with the black stone on `x`, `y`, in increasing order. There are at
    /// most two: a five through a third point would cover one of the others, which is empty.
    fn five_points(&self, x: i64, y: i64, (dx, dy): (i64, i64)) -> Vec<i64> {
        (-SPAN..=SPAN)
            .filter(|&k| {
                let (px, py) = (x + k * dx, y + k * dy);
                if k == 0 || !self.is_free(px, py) {
                    return false;
                }
                let (back, forward) = self.reach(px, py, (dx, dy), BLACK);
                // The stone on `x`, `y` sits at offset `-k` from the point.
                back + 1 + forward == 5 && (-back..=forward).contains(&-k)
            })
            .collect()
    }

    /// Whether the black stone on `x`, `y` is part of a straight four along `direction`
    /// (exactly two points make it a five, five cells apart, with the stone between them).
    fn is_straight_four(&self, x: i64, y: i64, direction: (i64, i64)) -> bool {
        matches!(
            self.five_points(x, y, direction)[..],
            [first, second] if second - first == 5 && first < 0 && second > 0
        )
    }

    /// The empty points along `direction` where a black stone makes a straight four with the
    /// black stone on `x`, `y` (a three, real or not, when there is one).
    fn straight_four_points(&mut self, x: i64, y: i64, (dx, dy): (i64, i64)) -> Vec<(i64, i64)> {
        let mut points = Vec::new();
        for k in (-SPAN..=SPAN).filter(|&k| k != 0) {
            let (px, py) = (x + k * dx, y + k * dy);
            if !self.is_free(px, py) {
                continue;
            }
            if self.with_black(px, py, |board| board.is_straight_four(x, y, (dx, dy))) {
                points.push((px, py));
            }
        }
        points
    }

    /// Whether a black stone on the empty cell `x`, `y` is allowed (not a foul).
    fn is_allowed(&mut self, x: i64, y: i64) -> bool {
        self.with_black(x, y, |board| board.foul(x, y).is_none())
    }

    /// Runs `probe` with a black stone on the empty cell `x`, `y`, then empties it again.
    fn with_black<T>(&mut self, x: i64, y: i64, probe: impl FnOnce(&mut Board) -> T) -> T {
        let cell = y as usize * self.size + x as usize;
        self.cells[cell] = BLACK;
        let result = probe(self);
        self.cells[cell] = EMPTY;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 15x15 position from rows of text, top row first: `X` black, `O` white, `.` empty,
    /// `*` the black stone under test, `@` the white stone under test; cells left out are
    /// empty. Returns the board and where the stone under test is.
    fn position(rows: &[&str]) -> (Board, (usize, usize)) {
        let mut board = Board::new(15);
        let mut marked = (0, 0);
        for (y, row) in rows.iter().enumerate() {
            for (x, symbol) in row.chars().enumerate() {
                board.cells[y * board.size + x] = match symbol {
                    'X' | '*' => 1,
                    'O' | '@' => 2,
                    _ => 0,
                };
                if symbol == '*' || symbol == '@' {
                    marked = (x, y);
                }
            }
        }
        (board, marked)
    }

    /// The renju foul of the stone under test in `rows`.
    fn renju_foul(rows: &[&str]) -> Option<Foul> {
        let (board, (x, y)) = position(rows);
        board.foul_at(x, y, Rule::Renju)
    }

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

    #[test]
    fn renju_and_caro_parse_and_have_their_gomocup_numbers() {
        assert_eq!(Rule::parse("renju"), Some(Rule::Renju));
        assert_eq!(Rule::parse("4"), Some(Rule::Renju));
        assert_eq!(Rule::parse("caro"), Some(Rule::Caro));
        assert_eq!(Rule::parse("8"), Some(Rule::Caro));
        assert_eq!(Rule::parse("9"), None);
        assert_eq!(Rule::Renju.gomocup_mask(), 4);
        assert_eq!(Rule::Caro.gomocup_mask(), 8);
    }

    #[test]
    fn renju_black_wins_with_exactly_five() {
        let (board, (x, y)) = position(&["", "", "", "", "", "", "", "...XX*XX......."]);
        assert!(board.wins_at(x, y, Rule::Renju));
        assert_eq!(board.foul_at(x, y, Rule::Renju), None);
    }

    #[test]
    fn renju_black_overline_loses_and_white_overline_wins() {
        let (black, (x, y)) = position(&["", "", "", "", "", "", "", "..XXX*XX......."]);
        assert!(!black.wins_at(x, y, Rule::Renju));
        assert_eq!(black.foul_at(x, y, Rule::Renju), Some(Foul::Overline));
        assert!(black.wins_at(x, y, Rule::Freestyle));
        assert_eq!(black.foul_at(x, y, Rule::Freestyle), None);

        let (white, (x, y)) = position(&["", "", "", "", "", "", "", "..OOO@OO......."]);
        assert!(white.wins_at(x, y, Rule::Renju));
        assert_eq!(white.foul_at(x, y, Rule::Renju), None);
    }

    #[test]
    fn renju_double_four_on_two_lines_is_forbidden() {
        let rows = [
            "",
            "....O..........",
            "....X..........",
            "....X..........",
            "....X..........",
            "OXXX*..........",
        ];
        assert_eq!(renju_foul(&rows), Some(Foul::DoubleFour));
        let (board, (x, y)) = position(&rows);
        assert_eq!(board.foul_at(x, y, Rule::Freestyle), None);
        assert_eq!(board.foul_at(x, y, Rule::ExactFive), None);
    }

    #[test]
    fn renju_double_four_on_one_line_is_forbidden() {
        let row = |line| ["", "", "", "", "", "", "", line];
        assert_eq!(renju_foul(&row("....X.X*X.X....")), Some(Foul::DoubleFour));
        assert_eq!(renju_foul(&row("...XX.X*.XX....")), Some(Foul::DoubleFour));
        assert_eq!(renju_foul(&row("...XXX.*.XXX...")), Some(Foul::DoubleFour));
        // Two points of one straight four are one four.
        assert_eq!(renju_foul(&row("....XXX*.......")), None);
    }

    #[test]
    fn straight_four_has_its_two_five_points_five_apart() {
        let across = (1, 0);
        let row = |line| position(&["", "", "", "", "", "", "", line]);
        let (straight, (x, y)) = row("...XXX*........");
        assert!(straight.is_straight_four(x as i64, y as i64, across));
        // Two five points, but four apart: two fours, not a straight one.
        let (split, (x, y)) = row("...X.X*X.X.....");
        assert_eq!(split.five_points(x as i64, y as i64, across), vec![-2, 2]);
        assert!(!split.is_straight_four(x as i64, y as i64, across));
    }

    #[test]
    fn renju_a_five_that_would_be_an_overline_is_no_four() {
        // Across, the only point that completes the row gives six: no four, so the column's
        // four is the only one.
        let rows = [
            "",
            "....O..........",
            "....X..........",
            "....X..........",
            "....X..........",
            "XX.X*X.........",
        ];
        assert_eq!(renju_foul(&rows), None);
    }

    #[test]
    fn renju_double_three_is_forbidden() {
        let rows = [
            "",
            "",
            "",
            "",
            "",
            ".......X.......",
            ".......X.......",
            ".....XX*.......",
        ];
        assert_eq!(renju_foul(&rows), Some(Foul::DoubleThree));
        let (board, (x, y)) = position(&rows);
        assert_eq!(board.foul_at(x, y, Rule::Freestyle), None);
    }

    #[test]
    fn renju_three_closed_at_one_end_is_no_three() {
        let closed_by_white = [
            "",
            "",
            "",
            "",
            "",
            ".......X.......",
            ".......X.......",
            "....OXX*.......",
        ];
        assert_eq!(renju_foul(&closed_by_white), None);
        let closed_by_the_edge = ["", "", "", "", "", "..X", "..X", "XX*"];
        assert_eq!(renju_foul(&closed_by_the_edge), None);
        // One empty cell before the white stone leaves room for a straight four.
        let room_before_white = [
            "",
            "",
            "",
            "",
            "",
            ".......X.......",
            ".......X.......",
            "...O.XX*.......",
        ];
        assert_eq!(renju_foul(&room_before_white), Some(Foul::DoubleThree));
    }

    #[test]
    fn renju_four_three_is_allowed() {
        let rows = [
            "",
            "",
            "",
            "",
            "",
            ".......X.......",
            ".......X.......",
            "...OXXX*.......",
        ];
        assert_eq!(renju_foul(&rows), None);
    }

    #[test]
    fn renju_three_whose_only_straight_four_point_is_an_overline_is_not_real() {
        // Across, only the gap at (5, 7) makes a straight four, and there the column is six.
        let rows = [
            "",
            "",
            "",
            "",
            ".....X.........",
            ".....X.X.......",
            ".....X.X.......",
            "....X.X*.......",
            ".....X.........",
            ".....X.........",
        ];
        assert_eq!(renju_foul(&rows), None);
        let (mut board, _) = position(&rows);
        board.cells[7 * board.size + 5] = BLACK;
        assert_eq!(board.foul_at(5, 7, Rule::Renju), Some(Foul::Overline));
        // Without the column the gap is allowed, and both threes are real.
        let without_column = [
            "",
            "",
            "",
            "",
            "",
            ".......X.......",
            ".......X.......",
            "....X.X*.......",
        ];
        assert_eq!(renju_foul(&without_column), Some(Foul::DoubleThree));
    }

    #[test]
    fn renju_three_whose_straight_four_point_is_a_double_three_is_not_real() {
        // Across, only the gap at (5, 7) makes a straight four. There it also makes a three
        // down column 5 and one along the diagonal from (3, 5): a four-three-three, forbidden
        // because both of those threes are real in turn.
        let rows = [
            "",
            "",
            "",
            "",
            "",
            "...X.X.X.......",
            "....XX.X.......",
            "....X.X*.......",
        ];
        assert_eq!(renju_foul(&rows), None);
        let (mut board, _) = position(&rows);
        board.cells[7 * board.size + 5] = BLACK;
        assert_eq!(board.foul_at(5, 7, Rule::Renju), Some(Foul::DoubleThree));
        // Without (3, 5) the gap is a four-three, allowed: the three across is real.
        let without_diagonal = [
            "",
            "",
            "",
            "",
            "",
            ".....X.X.......",
            "....XX.X.......",
            "....X.X*.......",
        ];
        assert_eq!(renju_foul(&without_diagonal), Some(Foul::DoubleThree));
    }

    #[test]
    fn renju_five_wins_before_any_foul() {
        // Exactly five across, and fours down and along the diagonal.
        let five_and_fours = [
            "",
            "",
            "",
            "...O...O.......",
            "....X..X.......",
            ".....X.X.......",
            "......XX.......",
            "...XXXX*.......",
        ];
        let (board, (x, y)) = position(&five_and_fours);
        assert!(board.wins_at(x, y, Rule::Renju));
        assert_eq!(board.foul_at(x, y, Rule::Renju), None);
        // One stone less across: a straight four there, three fours in all.
        let fours_only = [
            "",
            "",
            "",
            "...O...O.......",
            "....X..X.......",
            ".....X.X.......",
            "......XX.......",
            "....XXX*.......",
        ];
        assert_eq!(renju_foul(&fours_only), Some(Foul::DoubleFour));
        // Exactly five across and six down.
        let five_and_overline = [
            "",
            "",
            "",
            "",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "...XXXX*.......",
            ".......X.......",
            ".......X.......",
        ];
        let (board, (x, y)) = position(&five_and_overline);
        assert!(board.wins_at(x, y, Rule::Renju));
        assert_eq!(board.foul_at(x, y, Rule::Renju), None);
    }

    #[test]
    fn caro_five_closed_at_both_ends_does_not_win() {
        let (board, (x, y)) = position(&["", "", "", "", "", "", "", "...OXXXX*O....."]);
        assert!(!board.wins_at(x, y, Rule::Caro));
        assert!(board.wins_at(x, y, Rule::Freestyle));
        let diagonal = ["O", ".X", "..X", "...X", "....X", ".....*", "......O"];
        let (board, (x, y)) = position(&diagonal);
        assert!(!board.wins_at(x, y, Rule::Caro));
    }

    #[test]
    fn caro_five_closed_at_one_end_wins() {
        let (board, (x, y)) = position(&["", "", "", "", "", "", "", "...OXXXX*......"]);
        assert!(board.wins_at(x, y, Rule::Caro));
        let (board, (x, y)) = position(&["", "", "", "", "", "", "", "...OXXXX*X....."]);
        assert!(
            board.wins_at(x, y, Rule::Caro),
            "own stone beyond: an overline"
        );
    }

    #[test]
    fn caro_board_edge_closes_nothing() {
        let (board, (x, y)) = position(&["", "", "", "", "", "", "", "XXXX*O........."]);
        assert!(board.wins_at(x, y, Rule::Caro));
    }

    #[test]
    fn caro_overline_wins_even_when_closed() {
        let (board, (x, y)) = position(&["", "", "", "", "", "", "", "..OXXXXX*O....."]);
        assert!(board.wins_at(x, y, Rule::Caro));
    }
}
