//! Victory by continuous double threats: a proof search for forced wins.
//!
//! The attacker plays only turns that leave it two threats (the defender must spend both stones
//! blocking) or three (the defender cannot block them all). Every blocking pair of the defender
//! is tried, so a sequence found is a real win, whatever the defender does. Defender threats
//! made while blocking are respected: the attacker must block them before attacking again.
//!
//! With [`Vcdt::with_single_threats`] a line may also hold a few turns that leave one threat
//! only: the defender blocks it with one stone and has a free one, tried on the cells that spoil
//! the attacker's lines most. That is no longer a proof (the free stone could go elsewhere), so
//! it serves to see the opponent's likely attacks, never to claim our own wins.

use super::board::{Board, THREAT_STONES};
use super::geometry::{geometry, MAX_WINDOWS_PER_CELL};
use super::moves::{attack_value, complete_turn, defence_value, keep_best, valued_cells};
use super::threats::{blocks, blocks_of, winning_cells, Blocks};
use super::turn::Turn;
use crate::core::color::Color;
use crate::core::time::Deadline;
use std::collections::HashMap;

/// Cells considered for attacking turns (each pair of them is tried).
const ATTACK_CELLS: usize = 14;

/// Cells tried for the defender's free stone after a single threat, unless set otherwise.
const FREE_REPLY_CELLS: usize = 16;

/// Attacking turns that leave a single threat are paired from this many attack cells.
const SINGLE_THREAT_CELLS: usize = 10;

/// The threat search for one attacker.
pub struct Vcdt<'a> {
    deadline: &'a Deadline,
    /// Positions (by hash) already shown to hold no win, with the depth and the single-threat
    /// turns that were searched: the same threats played in another order lead to the same
    /// positions again and again.
    refuted: HashMap<u64, (u32, u32)>,
    /// Single-threat turns a line may still hold.
    single_threats: u32,
    /// Cells tried for the defender's free stone after a single threat.
    free_reply_cells: usize,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
}

impl<'a> Vcdt<'a> {
    /// A search stopped by the hard limit of `deadline` or after `max_nodes` positions.
    pub fn new(deadline: &'a Deadline, max_nodes: u64) -> Self {
        Self {
            deadline,
            refuted: HashMap::new(),
            single_threats: 0,
            free_reply_cells: FREE_REPLY_CELLS,
            nodes: 0,
            max_nodes,
            aborted: false,
        }
    }

    /// The same search with up to `turns` single-threat turns in a line (see the module's
    /// documentation: no longer a proof).
    pub fn with_single_threats(mut self, turns: u32) -> Self {
        self.single_threats = turns;
        self
    }

    /// The same search trying the defender's free stone on `cells` cells only: fewer cells
    /// find more attacks, more of which do not hold.
    pub fn with_free_reply_cells(mut self, cells: usize) -> Self {
        self.free_reply_cells = cells;
        self
    }

    /// A first turn of a forced win for the side to move within `max_turns` attacking turns,
    /// trying shorter wins first.
    pub fn find(&mut self, board: &mut Board, max_turns: u32) -> Option<Turn> {
        // The first position's forcing turns are the same at every depth: generated once.
        let mut first = None;
        for depth in 1..=max_turns {
            if let Some(turn) = self.attack_from(board, depth, &mut first) {
                return Some(turn);
            }
            if self.aborted {
                return None;
            }
            let none_forcing = matches!(&first, Some(Forcing::Turns(turns)) if turns.is_empty());
            if none_forcing && self.single_threats == 0 {
                return None;
            }
        }
        None
    }

    /// Whether the search ran out of time or nodes.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.max_nodes || (self.nodes % 16 == 0 && self.deadline.hard_passed()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// A winning turn for the side to move with at most `depth` attacking turns.
    fn attack(&mut self, board: &mut Board, depth: u32) -> Option<Turn> {
        self.attack_from(board, depth, &mut None)
    }

    /// [`Vcdt::attack`], with the position's forcing turns kept in `forcing` once generated.
    fn attack_from(
        &mut self,
        board: &mut Board,
        depth: u32,
        forcing: &mut Option<Forcing>,
    ) -> Option<Turn> {
        let attacker = board.to_move();
        if let Some(win) = winning_cells(board, attacker) {
            return Some(complete_turn(board, &win, attacker));
        }
        if depth == 0 || self.out_of_budget() {
            return None;
        }
        let singles = self.single_threats;
        if self
            .refuted
            .get(&board.hash())
            .map_or(false, |&(searched, searched_singles)| {
                searched >= depth && searched_singles >= singles
            })
        {
            return None;
        }
        let mut found = self.attack_with_turns(board, depth, forcing);
        if found.is_none() && !self.aborted && singles > 0 && depth >= 2 {
            found = self.attack_with_single_threat(board, depth);
        }
        if found.is_none() && !self.aborted {
            self.refuted.insert(board.hash(), (depth, singles));
        }
        found
    }

    /// The body of [`Vcdt::attack`]: tries the forcing turns of the side to move.
    fn attack_with_turns(
        &mut self,
        board: &mut Board,
        depth: u32,
        forcing: &mut Option<Forcing>,
    ) -> Option<Turn> {
        let forcing = match forcing {
            Some(known) => known,
            None => forcing.insert(self.forcing_turns(board)),
        };
        let forcing = match forcing {
            Forcing::Wins(turn) => return Some(*turn),
            Forcing::Turns(turns) => turns,
        };
        if depth == 1 {
            // Every blocking pair leaves the attacker no threat: with no turn after it to make
            // new ones, two threats win nothing.
            return None;
        }
        for (turn, threats) in forcing.iter() {
            let turn = *turn;
            board.play(turn);
            let refuted = threats.pairs.iter().any(|&(first, second)| {
                let reply = Turn::pair(first, second);
                board.play(reply);
                let won = self.attack(board, depth - 1).is_some();
                board.undo(reply);
                !won
            });
            board.undo(turn);
            if self.aborted {
                return None;
            }
            if !refuted {
                return Some(turn);
            }
        }
        None
    }

    /// The forcing turns of the side to move (none when the defender threatens too much).
    fn forcing_turns(&self, board: &mut Board) -> Forcing {
        let attacker = board.to_move();
        let defender = attacker.opponent();
        let forced = blocks(board, defender);
        let mut forcing: Vec<(Turn, Blocks)> = Vec::new();
        let lifting = match forced.count {
            0 => self.free_attacks(board, attacker),
            1 => self.attacks_with_block(board, attacker, &forced),
            2 => {
                // The attacker's whole turn blocks: play each block to see what it leaves.
                for &(first, second) in &forced.pairs {
                    let turn = Turn::pair(first, second);
                    board.play(turn);
                    // Two threats need two threat windows at least: most turns are dismissed by
                    // that cheap count before the blocking sets are worked out.
                    let promising =
                        board.live_window_count(attacker) >= 2 && !board.has_live_window(defender);
                    let threats = if promising {
                        blocks(board, attacker)
                    } else {
                        Blocks::default()
                    };
                    board.undo(turn);
                    if threats.count >= 3 {
                        return Forcing::Wins(turn);
                    }
                    if threats.count == 2 {
                        forcing.push((turn, threats));
                    }
                }
                Vec::new()
            }
            _ => return Forcing::Turns(Vec::new()),
        };
        // The attacker had no threat window (it would have won), and the turn leaves none to the
        // defender: its threats are the windows it lifts.
        for (turn, windows) in lifting {
            let threats = blocks_of(
                board,
                &windows,
                &[turn.first, turn.second.unwrap_or(turn.first)],
            );
            if threats.count >= 3 {
                return Forcing::Wins(turn);
            }
            if threats.count == 2 {
                forcing.push((turn, threats));
            }
        }
        forcing.sort_by_key(|(_, threats)| threats.pairs.len());
        Forcing::Turns(forcing)
    }

    /// Turns of the attacker that leave one threat (and build with the other stone), each
    /// answered by the block and a free stone on one of the cells that spoil its lines most.
    fn attack_with_single_threat(&mut self, board: &mut Board, depth: u32) -> Option<Turn> {
        let attacker = board.to_move();
        let defender = attacker.opponent();
        if blocks(board, defender).count > 0 {
            return None;
        }
        let mut cells = self.attack_cells(board, attacker);
        cells.truncate(SINGLE_THREAT_CELLS);
        let mut turns: Vec<(Turn, Blocks, i32)> = Vec::new();
        for (index, &first) in cells.iter().enumerate() {
            for &second in &cells[index + 1..] {
                let turn = Turn::pair(first, second);
                board.play(turn);
                let threats = if board.has_live_window(attacker) {
                    blocks(board, attacker)
                } else {
                    Blocks::default()
                };
                board.undo(turn);
                if threats.count == 1 {
                    let value = attack_value(board, first, attacker)
                        + attack_value(board, second, attacker);
                    turns.push((turn, threats, value));
                }
            }
        }
        turns.sort_by_key(|&(_, _, value)| std::cmp::Reverse(value));
        self.single_threats -= 1;
        let mut found = None;
        for (turn, threats, _) in turns {
            board.play(turn);
            let mut free: Vec<(u16, i32)> =
                valued_cells(board, |cell| defence_value(board, cell, defender));
            keep_best(&mut free, self.free_reply_cells);
            let mut refuted = false;
            'replies: for &block in &threats.singles {
                for &(cell, _) in &free {
                    if cell == block {
                        continue;
                    }
                    let reply = Turn::pair(block, cell);
                    board.play(reply);
                    let won = self.attack(board, depth - 1).is_some();
                    board.undo(reply);
                    if !won || self.aborted {
                        refuted = true;
                        break 'replies;
                    }
                }
            }
            board.undo(turn);
            if self.aborted {
                break;
            }
            if !refuted {
                found = Some(turn);
                break;
            }
        }
        self.single_threats += 1;
        found
    }

    /// The cells that build the attacker's lines most.
    fn attack_cells(&self, board: &Board, attacker: Color) -> Vec<u16> {
        let mut cells = valued_cells(board, |cell| attack_value(board, cell, attacker));
        cells.retain(|&(_, value)| value >= 5);
        keep_best(&mut cells, ATTACK_CELLS);
        cells.into_iter().map(|(cell, _)| cell).collect()
    }

    fn free_attacks(&self, board: &Board, attacker: Color) -> Vec<(Turn, Vec<u16>)> {
        let cells = self.attack_cells(board, attacker);
        let lifts: Vec<Lifts> = cells
            .iter()
            .map(|&cell| Lifts::of(board, cell, attacker))
            .collect();
        let mut turns = Vec::new();
        for (index, &first) in cells.iter().enumerate() {
            for (offset, &second) in cells[index + 1..].iter().enumerate() {
                if let Some(windows) = two_threat_windows(
                    board,
                    (first, &lifts[index]),
                    (second, &lifts[index + 1 + offset]),
                ) {
                    turns.push((Turn::pair(first, second), windows));
                }
            }
        }
        turns
    }

    fn attacks_with_block(
        &self,
        board: &Board,
        attacker: Color,
        forced: &Blocks,
    ) -> Vec<(Turn, Vec<u16>)> {
        let cells = self.attack_cells(board, attacker);
        let lifts: Vec<Lifts> = cells
            .iter()
            .map(|&cell| Lifts::of(board, cell, attacker))
            .collect();
        let mut turns = Vec::new();
        for &block in &forced.singles {
            let block_lifts = Lifts::of(board, block, attacker);
            for (&second, second_lifts) in cells.iter().zip(&lifts) {
                if second == block {
                    continue;
                }
                let lifted =
                    two_threat_windows(board, (block, &block_lifts), (second, second_lifts));
                if let Some(windows) = lifted {
                    turns.push((Turn::pair(block, second), windows));
                }
            }
        }
        turns
    }
}

/// The attacker's forcing turns in a position.
enum Forcing {
    /// A turn that leaves three threats or more: the defender cannot block them all.
    Wins(Turn),
    /// The turns that leave two threats, with the defender's blocking pairs, fewest first.
    Turns(Vec<(Turn, Blocks)>),
}

/// The windows through one cell that a turn of the attacker could lift to a threat (four of
/// its stones or more, none of the opponent's): those it already holds three stones of, which
/// this cell alone lifts, and those it holds two of, which need the turn's other stone too.
struct Lifts {
    threes: WindowList,
    twos: WindowList,
}

/// Up to 24 windows (as many as pass through one cell), kept without allocating.
#[derive(Clone, Copy)]
struct WindowList {
    windows: [u16; MAX_WINDOWS_PER_CELL],
    len: usize,
}

impl WindowList {
    fn new() -> Self {
        Self {
            windows: [0; MAX_WINDOWS_PER_CELL],
            len: 0,
        }
    }

    fn push(&mut self, window: u16) {
        self.windows[self.len] = window;
        self.len += 1;
    }

    fn as_slice(&self) -> &[u16] {
        &self.windows[..self.len]
    }
}

impl Lifts {
    fn of(board: &Board, cell: u16, attacker: Color) -> Lifts {
        let own = attacker.index();
        let mut lifts = Lifts {
            threes: WindowList::new(),
            twos: WindowList::new(),
        };
        for &window in geometry().windows_of(cell) {
            let counts = board.window_counts(window);
            if counts[1 - own] != 0 {
                continue;
            }
            if counts[own] + 1 >= THREAT_STONES {
                lifts.threes.push(window);
            } else if counts[own] + 2 >= THREAT_STONES {
                lifts.twos.push(window);
            }
        }
        lifts
    }
}

/// The windows the attacker's stones on `first` and `second` (with their [`Lifts`]) lift to
/// threats, in increasing order, when they are two threats or more: those windows are its only
/// threat windows (it has none before its turn, or it would simply win), and one empty cell in
/// all of them would block them alone. Exact, and far cheaper than playing the pair.
fn two_threat_windows(
    board: &Board,
    first: (u16, &Lifts),
    second: (u16, &Lifts),
) -> Option<Vec<u16>> {
    // At most the threes of both cells and the twos they share: fewer than two is no turn.
    let (first_lifts, second_lifts) = (first.1, second.1);
    let shared_twos = first_lifts.twos.len.min(second_lifts.twos.len);
    if first_lifts.threes.len + second_lifts.threes.len + shared_twos < 2 {
        return None;
    }
    let mut lifted = [0u16; 64];
    let mut count = 0;
    let mut add = |window: u16| {
        if count < lifted.len() && !lifted[..count].contains(&window) {
            lifted[count] = window;
            count += 1;
        }
    };
    for &window in first
        .1
        .threes
        .as_slice()
        .iter()
        .chain(second.1.threes.as_slice())
    {
        add(window);
    }
    let second_twos = second.1.twos.as_slice();
    for &window in first
        .1
        .twos
        .as_slice()
        .iter()
        .filter(|window| second_twos.contains(window))
    {
        add(window);
    }
    if count < 2 {
        return None;
    }
    let windows = &geometry().windows;
    let lifted = &lifted[..count];
    let blocks_all = |cell: u16| {
        cell != first.0
            && cell != second.0
            && board.is_empty(cell)
            && lifted
                .iter()
                .all(|&window| windows[usize::from(window)].contains(&cell))
    };
    if windows[usize::from(lifted[0])]
        .iter()
        .any(|&cell| blocks_all(cell))
    {
        return None;
    }
    let mut lifted = lifted.to_vec();
    lifted.sort_unstable();
    Some(lifted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::connect6::geometry::cell;

    #[test]
    fn two_open_threes_in_separate_lines_win() {
        // Black to move with two open threes far apart: each becomes an open four (two threats
        // each), which white cannot both block.
        let mut board = Board::new();
        board.play(Turn::single(cell(3, 3)));
        board.play(Turn::pair(cell(0, 18), cell(18, 0)));
        board.play(Turn::pair(cell(4, 3), cell(5, 3)));
        board.play(Turn::pair(cell(0, 16), cell(18, 2)));
        board.play(Turn::pair(cell(10, 12), cell(11, 12)));
        board.play(Turn::pair(cell(16, 16), cell(2, 14)));
        board.play(Turn::pair(cell(12, 12), cell(12, 0)));
        board.play(Turn::pair(cell(14, 18), cell(0, 14)));
        assert_eq!(board.to_move(), Color::Black);
        let deadline = Deadline::unlimited();
        let mut search = Vcdt::new(&deadline, 200_000);
        let turn = search.find(&mut board, 2).expect("a forced win");
        board.play(turn);
        assert!(blocks(&board, Color::Black).count >= 2);
    }

    #[test]
    fn single_threats_find_the_attack_that_double_threats_miss() {
        // Black to move after eight turns of a game against cloudict: its win opens with a
        // turn that leaves a single threat.
        let mut board = Board::new();
        let square = |text: &str| {
            let bytes = text.as_bytes();
            cell(usize::from(bytes[0] - b'a'), usize::from(bytes[1] - b'a'))
        };
        board.play(Turn::single(square("jj")));
        for pair in ["jhhi", "kikj", "hjhl", "hkkl", "gkii", "kgfl", "kkfj"] {
            board.play(Turn::pair(square(&pair[..2]), square(&pair[2..])));
        }
        let deadline = Deadline::unlimited();
        let mut plain = Vcdt::new(&deadline, 2_000_000);
        assert!(plain.find(&mut board, 4).is_none());
        let mut wider = Vcdt::new(&deadline, 2_000_000).with_single_threats(1);
        assert!(wider.find(&mut board, 4).is_some());
    }

    #[test]
    fn the_two_threat_windows_block_as_playing_the_turn_does() {
        let mut rng = crate::core::rng::Rng::new(7);
        let mut checked = 0;
        let mut double = 0;
        for _ in 0..20 {
            let mut board = Board::new();
            board.play(Turn::single(cell(9, 9)));
            for _ in 0..12 {
                let attacker = board.to_move();
                let quiet =
                    !board.has_live_window(attacker) && !board.has_live_window(attacker.opponent());
                let near: Vec<u16> = (0..super::super::geometry::CELLS as u16)
                    .filter(|&cell| board.is_empty(cell) && board.is_near_stones(cell))
                    .collect();
                if quiet {
                    // The cells that build the attacker's lines most make the threats.
                    let mut builders = near.clone();
                    builders.sort_by_key(|&cell| {
                        std::cmp::Reverse(attack_value(&board, cell, attacker))
                    });
                    builders.truncate(24);
                    let lifts: Vec<Lifts> = builders
                        .iter()
                        .map(|&cell| Lifts::of(&board, cell, attacker))
                        .collect();
                    for first in 0..builders.len() {
                        for second in first + 1..builders.len() {
                            let turn = Turn::pair(builders[first], builders[second]);
                            board.play(turn);
                            let played = blocks(&board, attacker);
                            board.undo(turn);
                            let tested = two_threat_windows(
                                &board,
                                (builders[first], &lifts[first]),
                                (builders[second], &lifts[second]),
                            );
                            assert_eq!(tested.is_some(), played.count >= 2, "{turn:?}");
                            if let Some(windows) = tested {
                                let filled = [builders[first], builders[second]];
                                assert_eq!(blocks_of(&board, &windows, &filled), played);
                            }
                            checked += 1;
                            double += usize::from(played.count >= 2);
                        }
                    }
                }
                // A random turn close to the stones, kept dense so that lines grow.
                let pick =
                    |rng: &mut crate::core::rng::Rng| near[rng.below(near.len() as u32) as usize];
                let (a, b) = (pick(&mut rng), pick(&mut rng));
                if a == b || board.is_over() {
                    continue;
                }
                board.play(Turn::pair(a, b));
                if board.is_over() {
                    break;
                }
            }
        }
        eprintln!("{checked} pairs, {double} double threats");
        assert!(
            checked > 10_000 && double > 100,
            "{checked} pairs, {double} double threats"
        );
    }

    #[test]
    fn no_win_is_claimed_from_a_quiet_position() {
        let mut board = Board::new();
        board.play(Turn::single(cell(9, 9)));
        board.play(Turn::pair(cell(10, 10), cell(8, 8)));
        let deadline = Deadline::unlimited();
        let mut search = Vcdt::new(&deadline, 50_000);
        assert!(search.find(&mut board, 3).is_none());
    }
}
