//! The time manager: how long to think for one move, given the per-move and per-game limits
//! and the plies left before the game stops at ply 120.

use super::position::MAX_PLIES;
use std::time::Duration;

/// The clock of one side for one game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// The judge's limit for one move.
    pub move_limit: Duration,
    /// The judge's limit for all our moves of a game.
    pub game_limit: Duration,
    /// Time used so far this game.
    pub used: Duration,
}

/// Soft and hard limits for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration after this.
    pub soft: Duration,
    /// Stop the search at once after this.
    pub hard: Duration,
}

/// Part of the move limit the search may use at most: the rest covers reading the command,
/// printing, the judge's own overhead, and a machine slower or busier than ours.
const MOVE_SHARE: f64 = 0.72;
/// Part of the game limit the plan spends; the rest is a reserve.
const GAME_SHARE: f64 = 0.92;

impl Clock {
    /// A clock with nothing used.
    pub fn new(move_limit: Duration, game_limit: Duration) -> Clock {
        Clock {
            move_limit,
            game_limit,
            used: Duration::ZERO,
        }
    }

    /// The budget for our move at game ply `ply`.
    ///
    /// The game time left is spread evenly over our moves left before the ply limit; an
    /// iteration is not started past 75% of that share (the next one would take about as long
    /// again as all before it), and the search is cut at 2.5 times the share, at the move
    /// limit's safe part, and at a quarter of the game time left. Time a move does not use
    /// raises the share of the moves after it.
    pub fn budget(&self, ply: u32) -> Budget {
        let plies_left = MAX_PLIES.saturating_sub(ply).max(1);
        let our_moves_left = (plies_left + 1) / 2;
        let game_left = self
            .game_limit
            .mul_f64(GAME_SHARE)
            .saturating_sub(self.used);
        let share = game_left / our_moves_left;
        let hard = self
            .move_limit
            .mul_f64(MOVE_SHARE)
            .min(share.mul_f64(2.5))
            .min(game_left / 4);
        Budget {
            soft: share.mul_f64(0.75).min(hard),
            hard,
        }
    }

    /// Adds the time one move took.
    pub fn spend(&mut self, time: Duration) {
        self.used += time;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge_clock() -> Clock {
        Clock::new(Duration::from_secs(2), Duration::from_secs(90))
    }

    #[test]
    fn never_past_the_safe_part_of_the_move_limit() {
        let clock = judge_clock();
        for ply in 0..=MAX_PLIES {
            let budget = clock.budget(ply);
            assert!(budget.hard <= Duration::from_millis(1440));
            assert!(budget.soft <= budget.hard);
        }
    }

    #[test]
    fn whole_game_fits_even_when_every_move_uses_the_hard_limit() {
        let mut clock = judge_clock();
        for ply in (0..MAX_PLIES).step_by(2) {
            let budget = clock.budget(ply);
            // Worst case: every search runs to its hard limit, plus 30 ms of overhead.
            clock.spend(budget.hard + Duration::from_millis(30));
        }
        assert!(clock.used < Duration::from_secs(90));
    }

    #[test]
    fn little_time_left_means_short_moves() {
        let mut clock = judge_clock();
        clock.spend(Duration::from_secs(82));
        let budget = clock.budget(60);
        assert!(budget.hard <= Duration::from_millis(200));
    }
}
