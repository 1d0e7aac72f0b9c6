//! Choosing a turn: a win if there is one, a forced win by threats if one is found, otherwise
//! alpha-beta over candidate turns, checked against the opponent's forced wins.

use super::board::Board;
use super::geometry::CELLS;
use super::moves::{attacking_turns, candidate_turns, defensive_turns, root_turns};
use super::opening::{first_reply, Shape};
use super::threats::threat_count;
use super::turn::Turn;
use super::vcdt::Vcdt;
use crate::core::color::Color;
use crate::core::rng::Rng;
use crate::core::score::Bound;
use crate::core::time::Deadline;

/// Cells paired into the defensive turns tried when every candidate loses.
const DEFENSIVE_CELLS: usize = 12;

/// The first turns of a game (stones on the board below this) may be varied.
const OPENING_STONES: u16 = 8;

/// Our replies tried against each of those quiet turns.
const QUIET_REPLIES: usize = 12;

/// Turns searched past the horizon while the side to move must block threats.
const QUIESCENCE_TURNS: i32 = 4;

/// A won position's score (less the turns it takes, so shorter wins score higher).
const WIN: i32 = 1_000_000;

/// Entries of the transposition table (a power of two): 4 MiB.
const TABLE_ENTRIES: usize = 1 << 17;

/// What the table keeps of a searched position.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    turn: Option<Turn>,
    value: i32,
    depth: i32,
    bound: Option<Bound>,
}

/// Settings of the search (the defaults are the tuned ones; matches vary them).
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Cells paired into turns at the root.
    pub root_cells: usize,
    /// Turns searched at the root.
    pub root_turns: usize,
    /// Best cells of the root each paired with the cells best once it stands (0: none).
    pub root_firsts: usize,
    /// Cells paired into turns below the root.
    pub cells: usize,
    /// Turns searched below the root.
    pub turns: usize,
    /// The deepest alpha-beta iteration, in turns.
    pub max_depth: u32,
    /// Attacking turns of our forced-win search.
    pub attack_turns: u32,
    /// Single-threat turns allowed in our attacking lines of that search.
    pub attack_single_threats: u32,
    /// The opponent's quiet turns tried against each of our candidates.
    pub quiet_attacks: usize,
    /// Cells paired into those quiet turns.
    pub quiet_attack_cells: usize,
    /// Single-threat turns allowed in the opponent's lines when our replies to those quiet
    /// turns are checked.
    pub quiet_single_threats: u32,
    /// Attacking turns of the check for the opponent's forced wins.
    pub defence_turns: u32,
    /// Single-threat turns allowed in the opponent's attacking lines of that check.
    pub defence_single_threats: u32,
    /// Cells tried for our free stone in those lines, when we play black and when we play
    /// white: fewer make the check stricter.
    pub defence_free_cells: [usize; 2],
    /// Attacking turns of the forced-win search at quiet leaves of alpha-beta (0: none).
    pub leaf_attack_turns: u32,
    /// Positions that search may visit at one leaf.
    pub leaf_attack_nodes: u64,
    /// Turns a side is expected to play in a game, for dividing the clock.
    pub expected_turns: u32,
    /// Parts of the move's soft and hard limits given to alpha-beta: no iteration starts past
    /// the first, every one stops at the second; the safety check has the rest.
    pub search_share: (f64, f64),
    /// Weights, in quarters, of the windows only the side to move holds, by its stones in them
    /// (one to five), in the static value of a quiet position.
    pub own_windows: [i32; 5],
    /// The same for the windows only the opponent holds (subtracted).
    pub their_windows: [i32; 5],
    /// Score margin within which the first turns of a game are picked at random, for varied
    /// games in matches (0: always the best).
    pub opening_variety: i32,
    /// Seed of that random pick.
    pub seed: u64,
    /// White's first turn around black's opening stone (`None`: searched like any other).
    pub first_reply: Option<Shape>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            root_cells: 16,
            root_turns: 30,
            root_firsts: 0,
            cells: 10,
            turns: 12,
            max_depth: 8,
            attack_turns: 10,
            attack_single_threats: 0,
            quiet_attacks: 16,
            quiet_attack_cells: 10,
            quiet_single_threats: 0,
            defence_turns: 8,
            defence_single_threats: 1,
            defence_free_cells: [16, 60],
            leaf_attack_turns: 2,
            leaf_attack_nodes: 24,
            expected_turns: 12,
            search_share: (0.35, 0.7),
            own_windows: [5, 30, 120, 600, 650],
            their_windows: [4, 24, 96, 480, 520],
            opening_variety: 0,
            seed: 0,
            first_reply: Some([(1, 1), (-1, -1)]),
        }
    }
}

/// The turn search.
pub struct Searcher {
    settings: Settings,
    /// Draws the varied opening turns (only with `opening_variety`).
    rng: Rng,
    nodes: u64,
    /// Searched positions by hash: their value and best turn, reused across iterations.
    table: Vec<Entry>,
    deadline: Deadline,
    aborted: bool,
}

impl Searcher {
    /// A searcher with `settings`.
    pub fn new(settings: Settings) -> Self {
        Self {
            settings,
            rng: Rng::new(settings.seed),
            nodes: 0,
            table: vec![Entry::default(); TABLE_ENTRIES],
            deadline: Deadline::unlimited(),
            aborted: false,
        }
    }

    /// The settings searched with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The turn to play for the side to move, never one of `rejected`; `None` when the game is
    /// over or no other turn exists.
    pub fn choose(&mut self, board: &Board, deadline: Deadline, rejected: &[Turn]) -> Option<Turn> {
        if board.is_over() {
            return None;
        }
        self.deadline = deadline;
        self.aborted = false;
        self.nodes = 0;
        let mut board = board.clone();
        let allowed = |turn: &Turn| !rejected.iter().any(|other| other.same_stones(turn));
        if let Some(turn) = self
            .settings
            .first_reply
            .and_then(|shape| first_reply(&board, shape))
        {
            if allowed(&turn) {
                return Some(turn);
            }
        }
        let mut turns: Vec<Turn> = root_turns(
            &mut board,
            self.settings.root_cells,
            self.settings.root_turns,
            self.settings.root_firsts,
        )
        .into_iter()
        .filter(allowed)
        .collect();
        if turns.is_empty() {
            return any_turn(&board, rejected);
        }
        if turns.len() == 1 || board.stone_count() == 0 {
            return Some(turns[0]);
        }
        let us = board.to_move();
        // The time is split: a forced win by threats first, then alpha-beta, and what is left
        // checks the chosen turn against the opponent's forced wins.
        let whole = self.deadline;
        let attack_deadline = portion(&whole, 0.15, 0.15);
        if let Some(turn) = Vcdt::new(&attack_deadline, 2_000_000)
            .with_single_threats(self.settings.attack_single_threats)
            .find(&mut board, self.settings.attack_turns)
        {
            if allowed(&turn) && board.is_legal(&turn) {
                return Some(turn);
            }
        }
        let (soft, hard) = self.settings.search_share;
        self.deadline = portion(&whole, soft, hard);
        // Alpha-beta, deeper and deeper, reordering the root by the last iteration.
        let mut best_order = turns.clone();
        let mut best_scores: Vec<(Turn, i32)> = Vec::new();
        for depth in 1..=self.settings.max_depth {
            if self.deadline.soft_passed() && depth > 1 {
                break;
            }
            let mut scored: Vec<(Turn, i32)> = Vec::new();
            let mut alpha = -WIN - 1;
            for &turn in &turns {
                board.play(turn);
                let value = self.root_value(&mut board, depth as i32 - 1, alpha, scored.is_empty());
                board.undo(turn);
                if self.aborted {
                    break;
                }
                alpha = alpha.max(value);
                scored.push((turn, value));
            }
            if self.aborted && depth > 1 {
                // The turns searched at this depth were searched first-to-last in the last
                // order: one that beat the last best is better at this depth too.
                let first = scored.first().map(|&(_, value)| value);
                if let Some(&(turn, value)) = scored.iter().max_by_key(|&&(_, value)| value) {
                    if first.map_or(false, |first| value > first) {
                        best_order.retain(|other| *other != turn);
                        best_order.insert(0, turn);
                    }
                }
                break;
            }
            // Turns not reached (abort at depth 1) keep their generated order after the scored.
            scored.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
            let mut order: Vec<Turn> = scored.iter().map(|(turn, _)| *turn).collect();
            let unscored: Vec<Turn> = turns
                .iter()
                .filter(|turn| !order.contains(turn))
                .copied()
                .collect();
            order.extend(unscored);
            best_order = order.clone();
            best_scores = scored.clone();
            turns = order;
            if scored
                .first()
                .map_or(false, |(_, value)| value.abs() >= WIN - 100)
            {
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.deadline = whole;
        if self.settings.opening_variety > 0 && board.stone_count() < OPENING_STONES {
            self.vary_opening(&mut best_order, &best_scores);
        }
        Some(self.safest(&mut board, &best_order, us, rejected))
    }

    /// Moves a random turn scoring within the variety margin of the best to the front.
    fn vary_opening(&mut self, order: &mut [Turn], scores: &[(Turn, i32)]) {
        let best = match scores.first() {
            Some(&(_, best)) => best,
            None => return,
        };
        let close = scores
            .iter()
            .take_while(|(_, value)| *value >= best - self.settings.opening_variety)
            .count()
            .min(4);
        let pick = self.rng.below(close as u32) as usize;
        if let Some(index) = order.iter().position(|turn| *turn == scores[pick].0) {
            order[..=index].rotate_right(1);
        }
    }

    /// The first of `order` (best first) that is safe: the opponent has no forced win we can
    /// see after it, nor a quiet turn that leaves every reply of ours losing to one. Turns safe
    /// at the first level only are the fallback when time runs out or none is safe at both;
    /// when every turn of `order` loses, turns that spoil the opponent's lines are tried.
    fn safest(&mut self, board: &mut Board, order: &[Turn], us: Color, rejected: &[Turn]) -> Turn {
        let mut first_level = None;
        for &turn in order {
            if self.deadline.hard_passed() {
                break;
            }
            if !self.survives(board, turn, us, self.settings.defence_single_threats) {
                continue;
            }
            first_level.get_or_insert(turn);
            match self.survives_quiet_attack(board, turn, us) {
                Some(true) => return turn,
                Some(false) => continue,
                None => break,
            }
        }
        if let Some(turn) = first_level {
            return turn;
        }
        let wider: Vec<Turn> = defensive_turns(board, DEFENSIVE_CELLS)
            .into_iter()
            .filter(|turn| !order.contains(turn))
            .filter(|turn| !rejected.iter().any(|other| other.same_stones(turn)))
            .collect();
        for turn in wider {
            if self.deadline.hard_passed() {
                break;
            }
            if self.survives(board, turn, us, self.settings.defence_single_threats) {
                return turn;
            }
        }
        order[0]
    }

    /// Whether after `turn` the opponent has no forced win by threats that we can see, with up
    /// to `single_threats` single-threat turns in its lines (an unfinished check counts as safe).
    fn survives(&mut self, board: &mut Board, turn: Turn, us: Color, single_threats: u32) -> bool {
        board.play(turn);
        let safe = board.winner() == Some(us) || {
            let mut check = Vcdt::new(&self.deadline, 300_000)
                .with_single_threats(single_threats)
                .with_free_reply_cells(self.settings.defence_free_cells[us.index()]);
            check.find(board, self.settings.defence_turns).is_none()
        };
        board.undo(turn);
        safe
    }

    /// Whether after `turn`, each of the opponent's best quiet turns leaves us a reply that
    /// survives; `None` when time ran out first.
    fn survives_quiet_attack(&mut self, board: &mut Board, turn: Turn, us: Color) -> Option<bool> {
        board.play(turn);
        let mut verdict = Some(true);
        if board.winner().is_none() {
            let attacks = attacking_turns(
                board,
                self.settings.quiet_attack_cells,
                self.settings.quiet_attacks,
            );
            'attacks: for attack in attacks {
                board.play(attack);
                // A full board is a draw, which the quiet turn cannot turn into a win.
                let mut answered = board.winner().is_none();
                if answered && !board.is_full() {
                    let replies = candidate_turns(board, self.settings.cells, QUIET_REPLIES);
                    answered = false;
                    for reply in replies {
                        if self.deadline.hard_passed() {
                            verdict = None;
                            board.undo(attack);
                            break 'attacks;
                        }
                        let single_threats = self.settings.quiet_single_threats;
                        if self.survives(board, reply, us, single_threats) {
                            answered = true;
                            break;
                        }
                    }
                }
                board.undo(attack);
                if !answered {
                    verdict = Some(false);
                    break;
                }
            }
        }
        board.undo(turn);
        verdict
    }

    /// The value for us of a root turn just played, searched `depth` more turns: the first
    /// with the whole window, the others first with a null window at `alpha`, and again with
    /// the whole window only if they beat it.
    fn root_value(&mut self, board: &mut Board, depth: i32, alpha: i32, first: bool) -> i32 {
        if !first {
            let value = -self.negamax(board, depth, -alpha - 1, -alpha, 1);
            if value <= alpha || self.aborted {
                return value;
            }
        }
        -self.negamax(board, depth, -WIN - 1, -alpha, 1)
    }

    /// A quiet leaf: a won position if a short forced win by threats shows, else the static
    /// value.
    fn quiet_value(&mut self, board: &mut Board, us: Color, ply: i32) -> i32 {
        if self.settings.leaf_attack_turns > 0 {
            let mut attack = Vcdt::new(&self.deadline, self.settings.leaf_attack_nodes);
            if attack
                .find(board, self.settings.leaf_attack_turns)
                .is_some()
            {
                return WIN - ply - 2 * self.settings.leaf_attack_turns as i32;
            }
        }
        evaluate(board, us, &self.settings)
    }

    /// The value of `board` for its side to move, searched `depth` turns deep; `ply` counts
    /// turns from the root. Forced blocks are searched beyond depth 0 (a quiescence of threats).
    fn negamax(
        &mut self,
        board: &mut Board,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes % 64 == 0 && self.deadline.hard_passed() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if board.winner().is_some() {
            // The side that just moved made six.
            return -(WIN - ply);
        }
        if board.is_full() {
            return 0;
        }
        let us = board.to_move();
        let them = us.opponent();
        if board.has_live_window(us) {
            return WIN - ply;
        }
        let their_threats = threat_count(board, them);
        if their_threats >= 3 {
            return -(WIN - ply - 1);
        }
        let (cells, limit) = if depth > 0 {
            (self.settings.cells, self.settings.turns)
        } else if their_threats > 0 && depth > -QUIESCENCE_TURNS {
            // Past the horizon, only the forced blocks are searched, and only the best few.
            (self.settings.cells, 3)
        } else {
            return self.quiet_value(board, us, ply);
        };
        let key = board.hash();
        let slot = (key as usize) & (TABLE_ENTRIES - 1);
        let entry = self.table[slot];
        let known = entry.key == key;
        if known && entry.depth >= depth && entry.value.abs() < WIN - 1_000 {
            if let Some(bound) = entry.bound {
                if bound.settles(entry.value, alpha, beta) {
                    return entry.value;
                }
            }
        }
        let mut turns = candidate_turns(board, cells, limit);
        if let Some(first) = entry.turn.filter(|_| known) {
            if let Some(index) = turns.iter().position(|turn| turn.same_stones(&first)) {
                turns[..=index].rotate_right(1);
            }
        }
        let start_alpha = alpha;
        let mut best = -WIN - 1;
        let mut best_turn = None;
        for turn in turns {
            board.play(turn);
            // Principal variation search: the first turn with the whole window, the others
            // with a null window, searched again only when they beat alpha.
            let mut value = -WIN - 1;
            if best_turn.is_some() && beta > alpha + 1 {
                value = -self.negamax(board, depth - 1, -alpha - 1, -alpha, ply + 1);
            }
            if best_turn.is_none() || beta == alpha + 1 || (value > alpha && value < beta) {
                value = -self.negamax(board, depth - 1, -beta, -alpha, ply + 1);
            }
            board.undo(turn);
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                best_turn = Some(turn);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if !known || entry.depth <= depth {
            self.table[slot] = Entry {
                key,
                turn: best_turn,
                value: best,
                depth,
                bound: Some(Bound::of(best, start_alpha, beta)),
            };
        }
        best
    }
}

/// The first part of `deadline`: `soft` and `hard` of its soft and hard limits.
fn portion(deadline: &Deadline, soft: f64, hard: f64) -> Deadline {
    Deadline {
        start: deadline.start,
        soft: deadline.soft.mul_f64(soft),
        hard: deadline.hard.mul_f64(hard),
        ..*deadline
    }
}

/// The static value of a quiet position for `us`, the side to move: the windows each side holds,
/// weighed by `settings` (the side to move has two stones to place, so its windows weigh more).
fn evaluate(board: &Board, us: Color, settings: &Settings) -> i32 {
    let weigh = |colour: Color, weights: &[i32; 5]| -> i32 {
        let held = board.held_windows(colour);
        (1..6).map(|n| weights[n - 1] * i32::from(held[n])).sum()
    };
    weigh(us, &settings.own_windows) / 4 - weigh(us.opponent(), &settings.their_windows) / 4
}

/// Any legal turn not rejected: the fallback when the candidates are exhausted.
fn any_turn(board: &Board, rejected: &[Turn]) -> Option<Turn> {
    let empty: Vec<u16> = (0..CELLS as u16)
        .filter(|&cell| board.is_empty(cell))
        .collect();
    if board.stone_count() == 0 {
        return empty
            .iter()
            .map(|&cell| Turn::single(cell))
            .find(|turn| !rejected.iter().any(|other| other.same_stones(turn)));
    }
    for (index, &first) in empty.iter().enumerate() {
        for &second in &empty[index + 1..] {
            let turn = Turn::pair(first, second);
            if !rejected.iter().any(|other| other.same_stones(&turn)) {
                return Some(turn);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::board::test_positions::black_open_four;
    use crate::connect6::geometry::cell;
    use std::time::Duration;

    fn quick() -> Deadline {
        Deadline::new(Duration::from_millis(300), Duration::from_millis(600))
    }

    #[test]
    fn rejected_turns_are_avoided() {
        let mut board = Board::new();
        let mut searcher = Searcher::new(Settings::default());
        let first = searcher.choose(&board, quick(), &[]).unwrap();
        assert_eq!(first, Turn::single(cell(9, 9)));
        let second = searcher.choose(&board, quick(), &[first]).unwrap();
        assert_ne!(second, first);
        board.play(second);
        let reply = searcher.choose(&board, quick(), &[]).unwrap();
        assert!(board.is_legal(&reply));
    }

    #[test]
    fn an_open_four_of_the_opponent_is_blocked_and_our_own_is_completed() {
        let mut board = black_open_four();
        let mut searcher = Searcher::new(Settings::default());
        let block = searcher.choose(&board, quick(), &[]).unwrap();
        board.play(block);
        assert!(!board.has_live_window(Color::Black));
    }

    #[test]
    fn a_search_answered_from_the_table_gives_the_value_it_stored() {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(10, 10), cell(8, 10)));
        board.play(Turn::pair(cell(9, 10), cell(9, 8)));
        for depth in 1..=3 {
            let mut searcher = Searcher::new(Settings::default());
            let fresh = searcher.negamax(&mut board, depth, -WIN - 1, WIN + 1, 0);
            let again = searcher.negamax(&mut board, depth, -WIN - 1, WIN + 1, 0);
            let used = searcher
                .table
                .iter()
                .filter(|entry| entry.bound.is_some())
                .count();
            assert!(used > 0);
            assert_eq!(fresh, again, "depth {depth}");
        }
    }

    #[test]
    fn white_s_check_keeps_the_close_block_that_makes_three() {
        // Black's two twos from its opening stone; white blocks both next to it, on a line
        // with its own stone. A free stone tried on few cells makes that look lost.
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(10, 10), cell(8, 8)));
        board.play(Turn::pair(cell(10, 9), cell(9, 10)));
        let block = Turn::pair(cell(11, 9), cell(9, 11));
        let mut searcher = Searcher::new(Settings::default());
        searcher.deadline = Deadline::new(Duration::from_secs(30), Duration::from_secs(30));
        assert!(searcher.survives(&mut board, block, Color::White, 1));
        searcher.settings.defence_free_cells = [16, 6];
        assert!(!searcher.survives(&mut board, block, Color::White, 1));
    }

    #[test]
    fn the_fallback_finds_a_turn_on_an_empty_board() {
        let board = Board::new();
        assert!(any_turn(&board, &[]).is_some());
    }
}
