//! How checkers spends the judge's time: the shared clock with this game's margins, and the
//! moves still ours before the game stops at ply 120.

use super::position::MAX_PLIES;
use crate::core::clock::Margins;

/// The search may use at most 72% of the move limit (the rest covers reading the command,
/// printing, the judge's own overhead and a machine slower or busier than ours) and 92% of the
/// game; an iteration is not started past 75% of the even share, and the search is cut at 2.5
/// times the share and at a quarter of the game time left.
pub const MARGINS: Margins = Margins {
    game_reserve_percent: 8,
    move_margin_percent: 28,
    soft_percent: 75,
    hard_percent: 250,
    left_divisor: 4,
    ..Margins::NONE
};

/// Our moves left at game ply `ply`, the one about to be played included.
pub fn our_moves_left(ply: u32) -> u32 {
    let plies_left = MAX_PLIES.saturating_sub(ply).max(1);
    (plies_left + 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::clock::{Clock, TimeControl};
    use std::time::{Duration, Instant};

    fn judge_clock() -> Clock {
        let control = TimeControl {
            per_move: Duration::from_secs(2),
            per_game: Duration::from_secs(90),
        };
        Clock::new(control, MARGINS)
    }

    #[test]
    fn never_past_the_safe_part_of_the_move_limit() {
        let clock = judge_clock();
        for ply in 0..=MAX_PLIES {
            let deadline = clock.deadline(Instant::now(), our_moves_left(ply));
            assert!(deadline.hard <= Duration::from_millis(1440));
            assert!(deadline.soft <= deadline.hard);
        }
    }

    #[test]
    fn whole_game_fits_even_when_every_move_uses_the_hard_limit() {
        let mut clock = judge_clock();
        for ply in (0..MAX_PLIES).step_by(2) {
            let deadline = clock.deadline(Instant::now(), our_moves_left(ply));
            // Worst case: every search runs to its hard limit, plus 30 ms of overhead.
            clock.spend(deadline.hard + Duration::from_millis(30));
        }
        assert!(clock.used() < Duration::from_secs(90));
    }

    #[test]
    fn little_time_left_means_short_moves() {
        let mut clock = judge_clock();
        clock.spend(Duration::from_secs(82));
        let deadline = clock.deadline(Instant::now(), our_moves_left(60));
        assert!(deadline.hard <= Duration::from_millis(200));
    }
}
