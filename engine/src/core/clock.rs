//! One time manager for every engine: from the judge's per-move and per-game limits and the time
//! already used, a soft and a hard deadline for the next move.
//!
//! The time left, less a reserve, is spread evenly over the moves the game still expects from
//! us; a move may stop early past a part of that share (soft) and must stop at a multiple of it
//! (hard), never past the safe part of the move limit nor a fraction of the time left.

use super::time::Deadline;
use std::time::{Duration, Instant};

/// The judge's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The most one move may take.
    pub per_move: Duration,
    /// Thinking time for all our moves of a game.
    pub per_game: Duration,
}

/// How a game spends its time; each engine keeps its own, named where it is tuned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Margins {
    /// Percent of the game time never planned for (pipes, process start, a slower machine).
    pub game_reserve_percent: u32,
    /// The least that reserve may be.
    pub game_reserve_min: Duration,
    /// Percent of the move limit never planned for.
    pub move_margin_percent: u32,
    /// The least that margin may be.
    pub move_margin_min: Duration,
    /// The soft limit, in percent of the even share.
    pub soft_percent: u32,
    /// The hard limit, in percent of the even share.
    pub hard_percent: u32,
    /// One move never takes more than the time left divided by this.
    pub left_divisor: u32,
}

/// The clock of one side for one game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    control: TimeControl,
    margins: Margins,
    used: Duration,
}

impl Clock {
    /// A clock with nothing used.
    pub fn new(control: TimeControl, margins: Margins) -> Clock {
        Clock {
            control,
            margins,
            used: Duration::ZERO,
        }
    }

    /// The limits the clock was set to.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Our time used in this game.
    pub fn used(&self) -> Duration {
        self.used
    }

    /// The deadline of a move that started at `start`, when the game expects `moves_left` more
    /// moves from us (this one included).
    pub fn deadline(&self, start: Instant, moves_left: u32) -> Deadline {
        let margins = &self.margins;
        let game = self.control.per_game;
        let reserve = (game * margins.game_reserve_percent / 100).max(margins.game_reserve_min);
        let usable = game.saturating_sub(reserve).saturating_sub(self.used);
        let share = usable / moves_left.max(1);
        let per_move = self.control.per_move;
        let margin = (per_move * margins.move_margin_percent / 100).max(margins.move_margin_min);
        let hard = (share * margins.hard_percent / 100)
            .min(usable / margins.left_divisor.max(1))
            .min(per_move.saturating_sub(margin));
        let soft = (share * margins.soft_percent / 100).min(hard);
        Deadline {
            start,
            soft,
            hard,
            stop: None,
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

    const MARGINS: Margins = Margins {
        game_reserve_percent: 3,
        game_reserve_min: Duration::from_millis(300),
        move_margin_percent: 10,
        move_margin_min: Duration::from_millis(30),
        soft_percent: 100,
        hard_percent: 200,
        left_divisor: 4,
    };

    fn clock(game_ms: u64, move_ms: u64) -> Clock {
        let control = TimeControl {
            per_move: Duration::from_millis(move_ms),
            per_game: Duration::from_millis(game_ms),
        };
        Clock::new(control, MARGINS)
    }

    #[test]
    fn deadlines_stay_within_the_move_cap_and_the_game() {
        let mut clock = clock(10_000, 2_000);
        let deadline = clock.deadline(Instant::now(), 1);
        assert_eq!(deadline.hard, Duration::from_millis(1_800));
        clock.spend(Duration::from_secs(10));
        let deadline = clock.deadline(Instant::now(), 30);
        assert_eq!(deadline.hard, Duration::ZERO);
    }

    #[test]
    fn a_whole_game_fits_when_every_move_runs_to_its_hard_limit() {
        let mut clock = clock(60_000, 5_000);
        for moves_left in (1..=40).rev() {
            let deadline = clock.deadline(Instant::now(), moves_left);
            assert!(deadline.soft <= deadline.hard);
            clock.spend(deadline.hard + Duration::from_millis(10));
        }
        assert!(clock.used() < Duration::from_secs(60));
    }
}
