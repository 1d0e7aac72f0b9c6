//! The move ordering's score of a cell: what a stone there makes for the side to move (its
//! attack) plus what it takes from the opponent (its defence), each read from a table over the
//! cell's four line patterns in any order of directions. The search tries only the first few
//! moves of a node at full depth, so this score decides much of what it sees.
//!
//! A rule with fitted tables ([`super::policy_tables`], written by `gomoku-policy fit
//! --tables`) orders by them, and adds what the cell's pair of threat classes and its
//! distance to the last two stones are worth; any other rule orders by the evaluation's cell
//! values alone, the attack weighed twice the defence.

use super::pattern::{LineCode, Pattern, Threat, PATTERNS, THREAT_CLASSES};
use super::policy_tables;
use super::rule::Rule;
use crate::core::color::Color;

/// How many combinations of four line patterns there are when the order of the directions does
/// not count (multisets of four of the [`PATTERNS`] patterns).
pub const COMBINATIONS: usize = 1001;

/// How many (own threat class, their threat class) pairs a cell can have.
pub const THREAT_PAIRS: usize = THREAT_CLASSES * THREAT_CLASSES;

/// Distances from a stone, in king steps: 1, 2, 3, and 4 or more.
pub const DISTANCES: usize = 4;

/// The distance bucket (0 for one step, up to `DISTANCES - 1` for four or more) of two cells
/// `dx` columns and `dy` rows apart.
pub fn distance_bucket(dx: usize, dy: usize) -> usize {
    dx.max(dy).clamp(1, DISTANCES) - 1
}

/// The index in [`Scores::threats`] of a cell whose threat classes are `own` for the side to
/// move and `their` for the opponent.
pub fn threat_pair(own: Threat, their: Threat) -> usize {
    own as usize * THREAT_CLASSES + their as usize
}

/// The evaluation's cell value counts ten times in the attack score and five times in the
/// defence score when a rule has no fitted tables.
const ATTACK_PER_VALUE: i32 = 10;
const DEFENCE_PER_VALUE: i32 = 5;

/// The index of a combination of four line patterns among all [`COMBINATIONS`]: with the
/// patterns sorted strongest first, `a >= b >= c >= d`, it is `C(a+3, 4) + C(b+2, 3) +
/// C(c+1, 2) + d` (the combinatorial number system), so that the combinations are numbered
/// in lexicographic order of their sorted patterns, weakest first.
pub fn combination_index(patterns: [Pattern; 4]) -> usize {
    let mut sorted = patterns.map(|p| p as usize);
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let [a, b, c, d] = sorted;
    binomial(a + 3, 4) + binomial(b + 2, 3) + binomial(c + 1, 2) + d
}

/// `n` choose `k`, for the small numbers of [`combination_index`].
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |product, i| product * (n - i) / (i + 1))
}

/// The patterns of combination `index`, strongest first (the inverse of [`combination_index`]).
pub fn combination_patterns(index: usize) -> [Pattern; 4] {
    let mut patterns = [Pattern::None; 4];
    let mut rest = index;
    // Each place takes the largest pattern whose count of smaller combinations still fits.
    for (place, pattern) in patterns.iter_mut().enumerate() {
        let k = 4 - place;
        let mut value = 0;
        while value + 1 < PATTERNS && binomial(value + 1 + k - 1, k) <= rest {
            value += 1;
        }
        rest -= binomial(value + k - 1, k);
        *pattern = LineCode(value as u8).pattern();
    }
    patterns
}

/// The attack and defence scores of every combination, for one side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scores {
    /// By combination index, what the cell makes for the side to move.
    pub attack: Vec<i32>,
    /// By combination index of the opponent's patterns there, what it takes from the opponent.
    pub defence: Vec<i32>,
    /// By the cell's threat class for the side to move times [`THREAT_CLASSES`] plus its
    /// class for the opponent.
    pub threats: Vec<i32>,
    /// By [`distance_bucket`] from the last stone played.
    pub last: [i32; DISTANCES],
    /// By [`distance_bucket`] from the stone before it (the side to move's last).
    pub own_last: [i32; DISTANCES],
}

impl Scores {
    /// The scores the evaluation's cell values give, `value(color, index)` being the value of
    /// a `color` stone on a cell whose patterns make combination `index`.
    pub fn from_values(me: Color, value: impl Fn(Color, usize) -> i32) -> Scores {
        Scores {
            attack: (0..COMBINATIONS)
                .map(|i| ATTACK_PER_VALUE * value(me, i))
                .collect(),
            defence: (0..COMBINATIONS)
                .map(|i| DEFENCE_PER_VALUE * value(me.opponent(), i))
                .collect(),
            threats: vec![0; THREAT_PAIRS],
            last: [0; DISTANCES],
            own_last: [0; DISTANCES],
        }
    }

    /// Fitted tables as the source writes them.
    fn fitted(table: &policy_tables::Fitted) -> Scores {
        Scores {
            attack: table.attack.to_vec(),
            defence: table.defence.to_vec(),
            threats: table.threats.to_vec(),
            last: table.last,
            own_last: table.own_last,
        }
    }
}

/// The ordering scores of one board: per side to move, its attack and defence tables, and per
/// combination number of the board (the directions' patterns in base [`PATTERNS`]) its index.
#[derive(Clone, Debug)]
pub struct Policy {
    index: Vec<u16>,
    scores: [Scores; 2],
}

impl Policy {
    /// The policy of `rule`: its fitted tables if it has them, else `value`'s (see
    /// [`Scores::from_values`]).
    pub fn new(rule: Rule, value: impl Fn(Color, usize) -> i32) -> Policy {
        let index = (0..PATTERNS.pow(4))
            .map(|mut number| {
                let mut patterns = [Pattern::None; 4];
                for pattern in patterns.iter_mut().rev() {
                    *pattern = LineCode((number % PATTERNS) as u8).pattern();
                    number /= PATTERNS;
                }
                combination_index(patterns) as u16
            })
            .collect();
        let scores = [Color::Black, Color::White].map(|me| match policy_tables::fitted(rule, me) {
            Some(table) => Scores::fitted(table),
            None => Scores::from_values(me, &value),
        });
        Policy { index, scores }
    }

    /// The attack and defence tables for `me` to move.
    pub fn scores(&self, me: Color) -> &Scores {
        &self.scores[me.index()]
    }

    /// The combination index of a board's combination number.
    pub fn index(&self, number: u16) -> usize {
        self.index[number as usize] as usize
    }

    /// The ordering score of a cell for `me` to move, where `own` and `their` are the board's
    /// combination numbers of its patterns for `me` and for the opponent.
    pub fn score(&self, me: Color, own: u16, their: u16) -> i32 {
        let scores = &self.scores[me.index()];
        scores.attack[self.index(own)] + scores.defence[self.index(their)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_numbered_one_to_one_in_sorted_order() {
        let mut seen = vec![false; COMBINATIONS];
        let mut last = None;
        for a in 0..PATTERNS {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let patterns = [a, b, c, d].map(|p| LineCode(p as u8).pattern());
                        let index = combination_index(patterns);
                        assert!(!seen[index]);
                        seen[index] = true;
                        assert_eq!(combination_patterns(index), patterns);
                        let mut shuffled = patterns;
                        shuffled.reverse();
                        assert_eq!(combination_index(shuffled), index);
                        // Lexicographic order of (a, b, c, d), weakest first.
                        if let Some(previous) = last {
                            assert!(([a, b, c, d], index) > previous);
                        }
                        last = Some(([a, b, c, d], index));
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn without_fitted_tables_the_scores_are_the_values_ten_to_five() {
        let value =
            |color: Color, index: usize| index as i32 * if color == Color::Black { 2 } else { 3 };
        let policy = Policy::new(Rule::Caro, value);
        let number = |patterns: [usize; 4]| {
            patterns
                .iter()
                .fold(0, |n, &p| n * PATTERNS as u16 + p as u16)
        };
        let (own, their) = (number([3, 0, 5, 1]), number([10, 2, 2, 0]));
        let (own_index, their_index) = (policy.index(own), policy.index(their));
        assert_eq!(
            policy.score(Color::White, own, their),
            10 * 3 * own_index as i32 + 5 * 2 * their_index as i32
        );
    }

    #[test]
    fn a_board_without_fitted_tables_orders_by_its_cell_values() {
        use crate::gomoku::board::Board;
        // Renju: black's double fours are worth nothing, so the two colours' values differ.
        for rule in [Rule::Caro, Rule::CaroExact, Rule::Renju] {
            let black = [(7, 7), (8, 7), (9, 7), (7, 9), (7, 10), (7, 11)];
            let white = [(6, 7), (8, 8), (9, 9), (10, 10), (3, 3)];
            for me in [Color::Black, Color::White] {
                if policy_tables::fitted(rule, me).is_some() {
                    continue;
                }
                let board = Board::with_stones(rule, &black, &white, me);
                for &cell in board.playable() {
                    let expected =
                        10 * board.value(me, cell) + 5 * board.value(me.opponent(), cell);
                    assert_eq!(board.policy_score(cell), expected);
                }
            }
        }
    }

    #[test]
    fn a_rule_with_fitted_tables_orders_by_them() {
        use crate::gomoku::board::Board;
        // `with_stones` puts black first: the last two stones are white's (10, 10) and (9, 9).
        let black = [(7, 7), (8, 7), (9, 7), (7, 9), (7, 10)];
        let white = [(6, 7), (8, 8), (9, 9), (10, 10)];
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
            for me in [Color::Black, Color::White] {
                let table = match policy_tables::fitted(rule, me) {
                    Some(table) => table,
                    None => continue,
                };
                let board = Board::with_stones(rule, &black, &white, me);
                let index = |color: Color, cell| {
                    combination_index(board.line_codes(color, cell).map(LineCode::pattern))
                };
                for &cell in board.playable() {
                    if board.is_empty(cell) {
                        let pair =
                            threat_pair(board.threat(me, cell), board.threat(me.opponent(), cell));
                        let near = |x, y| board.distance_bucket(cell, board.cell(x, y));
                        let expected = table.attack[index(me, cell)]
                            + table.defence[index(me.opponent(), cell)]
                            + table.threats[pair]
                            + table.last[near(10, 10)]
                            + table.own_last[near(9, 9)];
                        assert_eq!(board.policy_score(cell), expected);
                    }
                }
            }
        }
    }
}
