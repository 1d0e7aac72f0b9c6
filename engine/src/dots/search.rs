//! The search: negamax alpha-beta over the lines drawn, valued as the net boxes the side to
//! move will still make, with a transposition table over canonical positions (the board's 8
//! symmetries).
//!
//! Captures are not searched as choices: a box that can be taken without letting a new box be
//! taken is taken at once; when the take leads into the last two boxes of a chain (or the last
//! four of a loop) the only other choice is the double-dealing move that declines them. Where
//! nothing can be drawn without a gift and the rest is independent chains and loops, the value
//! comes from [`EndgameTable`]. The heuristic search (iterative deepening) tries safe lines and,
//! near the end of the safe lines, small sacrifices; at its horizon the safe lines are drawn
//! out greedily and the chains that result are valued. The exact search tries every line and
//! decides whether a target score is reached.

use super::board::{complete_boxes, other_box, symmetries};
use super::board::{completes, sides, ALL_LINES, BOXES, BOX_LINES, LINES};
use super::endgame::{components, EndgameTable};
use crate::core::time::Deadline;
use std::time::Duration;

/// Every tunable number of the search.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The transposition table holds `2^tt_bits` entries of 16 bytes.
    pub tt_bits: u32,
    /// Solve exactly when at most this many lines are free.
    pub exact_free_lines: u32,
    /// The heuristic search tries sacrifices when at most this many safe lines are left.
    pub sacrifice_window: u32,
    /// The largest sacrifice (boxes handed over) the heuristic search tries.
    pub max_gift: u32,
    /// The deepest heuristic iteration.
    pub max_depth: u32,
    /// Share of the soft limit (per cent) for the heuristic search before an exact solve.
    pub heuristic_share: u32,
    /// While more than `opening_safe_lines` safe lines are left, spend this share (per cent) of
    /// the soft limit: early lines decide little.
    pub opening_share: u32,
    /// See `opening_share`.
    pub opening_safe_lines: u32,
    /// Greedy fills averaged at the horizon (1: lowest line first; 2: also highest first).
    pub fills: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            tt_bits: 22,
            exact_free_lines: 40,
            sacrifice_window: 8,
            max_gift: 2,
            max_depth: 60,
            heuristic_share: 35,
            opening_share: 25,
            opening_safe_lines: 30,
            fills: 1,
        }
    }
}

/// What the captures of a position leave to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Captures {
    /// No box can be taken.
    None,
    /// Taking with this line is never worse than anything else.
    Forced(usize),
    /// Take with `take`, or decline the last boxes with the double-dealing line `decline`.
    Choice { take: usize, decline: usize },
}

/// The free line of a box with three sides drawn.
fn free_line(lines: u64, index: usize) -> usize {
    (BOX_LINES[index] & !lines).trailing_zeros() as usize
}

/// The captures of `lines`.
pub fn captures(lines: u64) -> Captures {
    let mut three = [0usize; BOXES];
    let mut count = 0;
    for (index, &mask) in BOX_LINES.iter().enumerate() {
        if (lines & mask).count_ones() == 3 {
            three[count] = index;
            count += 1;
        }
    }
    if count == 0 {
        return Captures::None;
    }
    for &index in &three[..count] {
        let line = free_line(lines, index);
        match other_box(line, index) {
            Some(next) if sides(lines, next) == 2 => {}
            _ => return Captures::Forced(line),
        }
    }
    // Every takeable box leads into a two-sided one: look at the first for the chain's end.
    let first = three[0];
    let take = free_line(lines, first);
    let next = other_box(take, first).unwrap_or(first);
    let exit = (BOX_LINES[next] & !lines & !(1u64 << take)).trailing_zeros() as usize;
    match other_box(exit, next) {
        None => {
            if count == 1 {
                return Captures::Choice {
                    take,
                    decline: exit,
                };
            }
        }
        Some(beyond) => {
            let beyond_sides = sides(lines, beyond);
            if beyond_sides <= 1 && count == 1 {
                return Captures::Choice {
                    take,
                    decline: exit,
                };
            }
            if beyond_sides == 2 && count == 2 {
                // The last four of a loop: first, next, beyond and a three-sided box past it.
                let last = (BOX_LINES[beyond] & !lines & !(1u64 << exit)).trailing_zeros() as usize;
                if let Some(end) = other_box(last, beyond) {
                    if end != first && sides(lines, end) == 3 {
                        return Captures::Choice {
                            take,
                            decline: exit,
                        };
                    }
                }
            }
        }
    }
    Captures::Forced(take)
}

/// The free lines that complete no box and give none away (no side of a two-sided box).
pub fn safe_lines(lines: u64) -> u64 {
    let mut unsafe_lines = 0u64;
    for &mask in BOX_LINES.iter() {
        if (lines & mask).count_ones() >= 2 {
            unsafe_lines |= mask;
        }
    }
    ALL_LINES & !lines & !unsafe_lines
}

/// How many boxes the opponent takes at once after we draw `line` (taking everything).
pub fn gift(lines: u64, line: usize) -> u32 {
    let mut lines = lines | (1u64 << line);
    let mut boxes = 0;
    loop {
        let take = match captures(lines) {
            Captures::None => return boxes,
            Captures::Forced(take) | Captures::Choice { take, .. } => take,
        };
        boxes += completes(lines, take);
        lines |= 1u64 << take;
    }
}

/// What the exact search of the last [`Searcher::choose_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// Not tried, or out of time.
    Unknown,
    /// The chosen line wins against any defence.
    Win,
    /// Every line loses against best play.
    Loss,
}

/// Lines to try, with their sort keys (smallest first).
struct MoveList {
    keyed: [(u64, u8); LINES],
    len: usize,
}

impl MoveList {
    fn lines(&self) -> impl Iterator<Item = usize> + '_ {
        self.keyed[..self.len]
            .iter()
            .map(|&(_, line)| usize::from(line))
    }
}

const EXACT: u8 = u8::MAX;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const BOTH: u8 = 3;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i8,
    bound: u8,
    depth: u8,
    best: u8,
}

/// The search and what it keeps between moves.
pub struct Searcher {
    settings: Settings,
    table: Vec<Entry>,
    /// Per symmetry and byte of a line set, the image of that byte's lines.
    images: Vec<[u64; 256]>,
    /// Per symmetry, the image of each line and the line each image comes from.
    maps: [[u8; LINES]; 8],
    inverse: [[u8; LINES]; 8],
    endgame: EndgameTable,
    history: [u32; LINES],
    deadline: Deadline,
    stop: Duration,
    aborted: bool,
    exact: bool,
    nodes: u64,
    solved: Solved,
}

impl Searcher {
    /// A searcher with an empty table.
    pub fn new(settings: Settings) -> Self {
        let maps = symmetries();
        let mut inverse = [[0u8; LINES]; 8];
        let mut images = vec![[0u64; 256]; 64];
        for (symmetry, map) in maps.iter().enumerate() {
            for (line, &image) in map.iter().enumerate() {
                inverse[symmetry][usize::from(image)] = line as u8;
            }
            for byte in 0..8 {
                for (value, slot) in images[symmetry * 8 + byte].iter_mut().enumerate() {
                    let mut image = 0u64;
                    for bit in 0..8 {
                        let line = byte * 8 + bit;
                        if value & (1 << bit) != 0 && line < LINES {
                            image |= 1u64 << map[line];
                        }
                    }
                    *slot = image;
                }
            }
        }
        Self {
            settings,
            table: vec![Entry::default(); 1 << settings.tt_bits],
            images,
            maps,
            inverse,
            endgame: EndgameTable::new(),
            history: [0; LINES],
            deadline: Deadline::unlimited(),
            stop: Duration::MAX,
            aborted: false,
            exact: false,
            nodes: 0,
            solved: Solved::Unknown,
        }
    }

    /// The settings in use.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Nodes visited by the last call of [`Searcher::choose_line`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// What the exact search of the last [`Searcher::choose_line`] found.
    pub fn solved(&self) -> Solved {
        self.solved
    }

    /// The smallest image of `lines` under the symmetries, and the symmetry that gives it.
    fn canonical(&self, lines: u64) -> (u64, usize) {
        let mut best = (u64::MAX, 0);
        for symmetry in 0..8 {
            let mut image = 0u64;
            for byte in 0..8 {
                image |= self.images[symmetry * 8 + byte][((lines >> (8 * byte)) & 0xff) as usize];
            }
            if image < best.0 {
                best = (image, symmetry);
            }
        }
        best
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.settings.tt_bits)) as usize
    }

    fn out_of_time(&mut self) -> bool {
        if !self.aborted
            && self.nodes & 1023 == 0
            && (self.deadline.elapsed() >= self.stop || self.deadline.stopped())
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The net boxes the side to move makes from `lines`, searched `depth` free choices deep.
    fn search(&mut self, lines: u64, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if lines == ALL_LINES {
            return 0;
        }
        match captures(lines) {
            Captures::Forced(line) => {
                let gained = completes(lines, line) as i32;
                return gained
                    + self.search(lines | (1u64 << line), depth, alpha - gained, beta - gained);
            }
            Captures::Choice { take, decline } => {
                let taken = 1 + self.search(lines | (1u64 << take), depth, alpha - 1, beta - 1);
                if taken >= beta {
                    return taken;
                }
                let declined =
                    -self.search(lines | (1u64 << decline), depth, -beta, -alpha.max(taken));
                return taken.max(declined);
            }
            Captures::None => {}
        }
        let left = (BOXES as u32 - complete_boxes(lines)) as i32;
        if alpha >= left {
            return left;
        }
        if beta <= -left {
            return -left;
        }
        let safe = safe_lines(lines);
        if safe == 0 {
            let (parts, simple) = components(lines);
            if simple {
                return self.endgame.value(&parts);
            }
        }
        if depth <= 0 && !self.exact {
            return self.evaluate(lines);
        }
        let (key, symmetry) = self.canonical(lines);
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut hint = None;
        if entry.key == key && entry.bound != 0 {
            let usable = if self.exact {
                entry.depth == EXACT
            } else {
                entry.depth == EXACT || i32::from(entry.depth) >= depth
            };
            if usable {
                let value = i32::from(entry.value);
                if entry.bound == BOTH
                    || (entry.bound == LOWER && value >= beta)
                    || (entry.bound == UPPER && value <= alpha)
                {
                    return value;
                }
            }
            hint = Some(usize::from(self.inverse[symmetry][usize::from(entry.best)]));
        }
        let moves = self.moves(lines, safe, hint, false);
        let original_alpha = alpha;
        let mut best = i32::MIN;
        let mut best_line = usize::from(moves.keyed[0].1);
        for line in moves.lines() {
            let value = -self.search(lines | (1u64 << line), depth - 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_line = line;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        self.history[line] += (depth.max(1) * depth.max(1)) as u32;
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            BOTH
        } else {
            UPPER
        };
        let stored_depth = if self.exact {
            EXACT
        } else {
            depth.clamp(0, i32::from(EXACT) - 1) as u8
        };
        if entry.key != key || entry.depth <= stored_depth || entry.bound == 0 {
            self.table[slot] = Entry {
                key,
                value: best as i8,
                bound,
                depth: stored_depth,
                best: self.maps[symmetry][best_line],
            };
        }
        best
    }

    /// The lines to try where no box can be taken, best first: the table's line, safe lines by
    /// history, then sacrifices by size (the heuristic search only small ones, near the end of
    /// the safe lines; the root and the exact search all of them).
    fn moves(&self, lines: u64, safe: u64, hint: Option<usize>, root: bool) -> MoveList {
        let mut list = MoveList {
            keyed: [(0, 0); LINES],
            len: 0,
        };
        let all = root || self.exact || safe == 0;
        let window = safe.count_ones() <= self.settings.sacrifice_window;
        let candidates = if all || window {
            ALL_LINES & !lines
        } else {
            safe
        };
        let mut rest = candidates;
        while rest != 0 {
            let line = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let key = if Some(line) == hint {
                0
            } else if safe & (1u64 << line) != 0 {
                (1u64 << 40) - u64::from(self.history[line]).min((1 << 40) - 1)
            } else {
                let size = gift(lines, line);
                if !all && size > self.settings.max_gift {
                    continue;
                }
                (2u64 << 40) + u64::from(size)
            };
            list.keyed[list.len] = (key, line as u8);
            list.len += 1;
        }
        list.keyed[..list.len].sort_unstable();
        list
    }

    /// The horizon's estimate: draw safe lines greedily until none is left, then value the
    /// chains and loops that stand (boxes outside them count for nobody); whoever has to
    /// move then is the side to move now when an even number of safe lines was drawn. With
    /// two fills (lowest line first, then highest first) the mean of both.
    fn evaluate(&mut self, lines: u64) -> i32 {
        let first = self.fill_value(lines, false);
        if self.settings.fills < 2 {
            return first;
        }
        (first + self.fill_value(lines, true)) / 2
    }

    fn fill_value(&mut self, lines: u64, highest_first: bool) -> i32 {
        let mut lines = lines;
        let mut drawn = 0;
        loop {
            let safe = safe_lines(lines);
            if safe == 0 {
                break;
            }
            let line = if highest_first {
                63 - safe.leading_zeros()
            } else {
                safe.trailing_zeros()
            };
            lines |= 1u64 << line;
            drawn += 1;
        }
        let value = self.endgame.value(&components(lines).0);
        if drawn % 2 == 0 {
            value
        } else {
            -value
        }
    }

    /// The exact net score of the free boxes for the side to move in `lines`, without a time
    /// limit (analysis and tests: only small positions finish soon).
    pub fn solve(&mut self, lines: u64) -> i32 {
        self.nodes = 0;
        self.aborted = false;
        self.deadline = Deadline::unlimited();
        self.stop = Duration::MAX;
        self.exact = true;
        let value = self.search(lines, 0, -(BOXES as i32) - 1, BOXES as i32 + 1);
        self.exact = false;
        value
    }

    /// The value of drawing `line` from `lines`, for the side to move in `lines`.
    fn root_value(&mut self, lines: u64, line: usize, depth: i32, alpha: i32, beta: i32) -> i32 {
        let gained = completes(lines, line) as i32;
        if gained > 0 {
            gained + self.search(lines | (1u64 << line), depth, alpha - gained, beta - gained)
        } else {
            -self.search(lines | (1u64 << line), depth - 1, -beta, -alpha)
        }
    }

    /// Our next line from `lines` within `deadline`. `need` is the net score of the boxes
    /// still free that wins the game; the exact search looks for a line that reaches it.
    pub fn choose_line(&mut self, lines: u64, deadline: Deadline, need: i32) -> Option<usize> {
        self.nodes = 0;
        self.aborted = false;
        self.solved = Solved::Unknown;
        self.deadline = deadline;
        if lines == ALL_LINES {
            return None;
        }
        let mut moves = match captures(lines) {
            Captures::Forced(line) => return Some(line),
            Captures::Choice { take, decline } => vec![take, decline],
            Captures::None => self
                .moves(lines, safe_lines(lines), None, true)
                .lines()
                .collect(),
        };
        if moves.len() == 1 {
            return Some(moves[0]);
        }
        let free = (ALL_LINES & !lines).count_ones();
        let try_exact = free <= self.settings.exact_free_lines;
        let safe_count = safe_lines(lines).count_ones();
        let soft = deadline.soft.min(deadline.hard);
        let share = if try_exact {
            self.settings.heuristic_share
        } else if safe_count > self.settings.opening_safe_lines {
            self.settings.opening_share
        } else {
            100
        };
        let budget = soft * share / 100;
        // The first iteration always finishes (a few milliseconds); later ones stop at the
        // soft limit, or at the budget when an exact solve is to follow.
        self.stop = deadline.hard;
        self.exact = false;
        for depth in 1..=self.settings.max_depth.min(free) as i32 {
            let mut alpha = -(BOXES as i32) - 1;
            let mut scored = Vec::with_capacity(moves.len());
            for &line in &moves {
                let value = self.root_value(lines, line, depth, alpha, BOXES as i32 + 1);
                if self.aborted {
                    break;
                }
                scored.push((value, line));
                alpha = alpha.max(value);
            }
            if self.aborted {
                // Keep the order of the last whole iteration, but move up a line that beat the
                // first one at this depth.
                if let Some(&(value, line)) = scored.iter().max_by_key(|entry| entry.0) {
                    if value > scored[0].0 {
                        let at = moves.iter().position(|&other| other == line).unwrap_or(0);
                        moves[..=at].rotate_right(1);
                    }
                }
                break;
            }
            // Stable sort: equal values keep the previous order.
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&index| std::cmp::Reverse(scored[index].0));
            moves = order.iter().map(|&index| moves[index]).collect();
            // An iteration takes a few times the one before: start one only in the first half
            // of the budget, and stop any at twice the budget (the budget itself when an exact
            // solve follows), never past the soft limit.
            self.stop = if try_exact {
                budget
            } else {
                (budget * 2).min(soft)
            };
            if deadline.elapsed() >= budget / 2 {
                break;
            }
        }
        if try_exact && !self.aborted {
            self.exact = true;
            self.stop = soft + (deadline.hard.saturating_sub(soft)) / 2;
            for &line in &moves {
                let value = self.root_value(lines, line, 0, need - 1, need);
                if self.aborted {
                    break;
                }
                if value >= need {
                    self.exact = false;
                    self.solved = Solved::Win;
                    return Some(line);
                }
            }
            if !self.aborted {
                self.solved = Solved::Loss;
            }
            self.exact = false;
        }
        Some(moves[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dots::board::{horizontal, vertical};

    fn set(list: &[usize]) -> u64 {
        list.iter().fold(0, |all, &line| all | 1u64 << line)
    }

    #[test]
    fn a_lone_box_is_taken_and_a_chain_end_offers_the_double_deal() {
        // Top left box with three sides: its fourth side borders a box with no side drawn.
        let lines = set(&[horizontal(0, 0), vertical(0, 0), horizontal(1, 0)]);
        assert_eq!(captures(lines), Captures::Forced(vertical(1, 0)));
        // The top row walled above and below, opened at the left: take, or decline at the end.
        let mut lines = 0;
        for column in 0..2 {
            lines |= 1 << horizontal(0, column) | 1 << horizontal(1, column);
        }
        lines |= 1 << vertical(0, 0);
        // Boxes (0,0) and (0,1): (0,1)'s far side borders (0,2), which has no side drawn.
        assert_eq!(
            captures(lines),
            Captures::Choice {
                take: vertical(1, 0),
                decline: vertical(2, 0)
            }
        );
        assert_eq!(gift(lines & !(1 << vertical(0, 0)), vertical(0, 0)), 2);
    }

    /// Plain negamax over every line, remembered by position: the rules alone.
    fn brute_force(lines: u64, memo: &mut std::collections::HashMap<u64, i32>) -> i32 {
        if lines == ALL_LINES {
            return 0;
        }
        if let Some(&value) = memo.get(&lines) {
            return value;
        }
        let mut best = i32::MIN;
        let mut free = ALL_LINES & !lines;
        while free != 0 {
            let line = free.trailing_zeros() as usize;
            free &= free - 1;
            let gained = completes(lines, line) as i32;
            let after = lines | (1u64 << line);
            let value = if gained > 0 {
                gained + brute_force(after, memo)
            } else {
                -brute_force(after, memo)
            };
            best = best.max(value);
        }
        memo.insert(lines, best);
        best
    }

    #[test]
    fn the_exact_search_agrees_with_plain_negamax() {
        let mut searcher = Searcher::new(Settings {
            tt_bits: 16,
            ..Settings::default()
        });
        let mut rng = crate::core::rng::Rng::new(5);
        let mut checked = 0;
        while checked < 40 {
            // Random positions with 11 to 15 free lines, captures pending or not.
            let free_target = 11 + rng.below(5);
            let mut lines = 0u64;
            while (ALL_LINES & !lines).count_ones() > free_target {
                let free: Vec<usize> = (0..LINES).filter(|&l| lines & (1u64 << l) == 0).collect();
                lines |= 1u64 << free[rng.below(free.len() as u32) as usize];
            }
            let mut memo = std::collections::HashMap::new();
            assert_eq!(
                searcher.solve(lines),
                brute_force(lines, &mut memo),
                "{lines:#x}"
            );
            checked += 1;
        }
    }

    #[test]
    fn canonical_keys_agree_across_symmetric_positions() {
        let searcher = Searcher::new(Settings {
            tt_bits: 4,
            ..Settings::default()
        });
        let maps = symmetries();
        let lines = set(&[0, 7, 31, 44, 58]);
        let key = searcher.canonical(lines).0;
        for map in maps.iter() {
            let image = (0..LINES)
                .filter(|&line| lines & (1u64 << line) != 0)
                .fold(0u64, |all, line| all | 1u64 << map[line]);
            assert_eq!(searcher.canonical(image).0, key);
        }
    }
}
