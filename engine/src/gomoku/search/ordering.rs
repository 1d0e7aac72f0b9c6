//! What the search learns about moves while it runs, and the order it tries them in: the
//! history of threats and quiet moves, killers, counter-moves and the table move first.

use super::{Depth, Searcher};
use crate::core::color::Color;
use crate::gomoku::board::{Board, Cell};
use crate::gomoku::movegen::ScoredMove;
use crate::gomoku::pattern::Threat;

/// The kinds of moves the history keeps apart: threats and quiet moves.
pub(super) const ATTACK: usize = 0;
pub(super) const QUIET: usize = 1;

/// At most this many moves of each kind searched in vain in a node are marked down.
pub(super) const SEARCHED_KEPT: usize = 32;

impl Searcher {
    /// Moves a history score towards the limit by `bonus` (or away by a malus), by less the
    /// nearer it already is, so that it stays within the history limit.
    pub(super) fn reward(&mut self, cell: Cell, color: Color, kind: usize, bonus: i32) {
        let entry = &mut self.history[cell as usize][color.index()][kind];
        *entry += bonus - *entry * bonus.abs() / self.params.history_limit;
    }

    /// Makes `cell` the first killer of `ply`.
    pub(super) fn add_killer(&mut self, ply: usize, cell: Cell) {
        let killers = &mut self.stack[ply].killers;
        if killers[0] != Some(cell) {
            killers[1] = killers[0];
            killers[0] = Some(cell);
        }
    }

    /// What a table cut-off teaches: its quiet table move was good when the bound was at or
    /// above beta, and bad otherwise.
    pub(super) fn learn_from_table_move(
        &mut self,
        board: &Board,
        cell: Cell,
        depth: Depth,
        good: bool,
    ) {
        let me = board.side_to_move();
        let forced = board.threat_count(me.opponent(), Threat::Flex4) > 0;
        if !board.is_empty(cell) || history_kind(board.threat(me, cell), forced) != Some(QUIET) {
            return;
        }
        let bonus = self.params.history_bonus(depth);
        self.reward(cell, me, QUIET, if good { bonus } else { -bonus });
    }

    /// How much less the history of a move reduces it, in eighths of a ply.
    pub(super) fn history_reduction(&self, cell: Cell, color: Color, depth: Depth) -> Depth {
        let [attack, quiet] = self.history[cell as usize][color.index()];
        self.params.history_reduction(attack, quiet, depth)
    }

    /// Scores the table move highest and raises the moves with a good history and the move that
    /// last answered the opponent's move best (the search then picks them best first). The
    /// killers add nothing here, as in Rapfi: ranked above threats, they cost 12 points.
    pub(super) fn order(
        &self,
        board: &Board,
        moves: &mut [ScoredMove],
        table_move: Option<Cell>,
        ply: usize,
    ) {
        let me = board.side_to_move();
        let counter = ply
            .checked_sub(1)
            .and_then(|p| self.stack[p].played)
            .and_then(|(last, _)| self.counter_moves[last as usize][me.opponent().index()]);
        for scored in moves.iter_mut() {
            let cell = scored.cell;
            if Some(cell) == table_move {
                scored.score = i32::MAX;
                continue;
            }
            let own = board.threat(me, cell);
            let [attack, quiet] = self.history[cell as usize][me.index()];
            scored.score += if own >= Threat::Three {
                attack / self.params.attack_history_divisor
            } else {
                quiet / self.params.quiet_history_divisor
            };
            if let Some((counter, threat)) = counter {
                if counter == cell && threat <= own {
                    scored.score += self.params.counter_move_bonus;
                }
            }
        }
    }
}

/// Swaps the best-scored move of `moves` to the front (the first of equals).
pub(super) fn select_best(moves: &mut [ScoredMove]) {
    let mut best = 0;
    for index in 1..moves.len() {
        if moves[index].score > moves[best].score {
            best = index;
        }
    }
    moves.swap(0, best);
}

/// Which history a move with threat class `own` for its player belongs to: a threat (an open
/// three or more) always, a quiet move unless it answers the opponent's open three.
pub(super) fn history_kind(own: Threat, forced: bool) -> Option<usize> {
    if own >= Threat::Three {
        Some(ATTACK)
    } else if forced {
        None
    } else {
        Some(QUIET)
    }
}
