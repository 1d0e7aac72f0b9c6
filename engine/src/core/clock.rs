//! One time manager for every engine: from the judge's per-move and per-game limits and the time
//! already used, a soft and a hard deadline for the next move.
//!
//! The time left, less a reserve, is spread evenly over the moves the game still expects from
//! us; a move may stop early past a part of that share (soft) and must stop at a multiple of it
//! (hard), never past the safe part of the move limit nor a fraction of the time left. A limit
//! of `Duration::MAX` is no limit; a judge that reports the time left overrides our count.

use super::time::Deadline;
use std::time::{Duration, Instant};

/// The judge's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The most one move may take.
    pub per_move: Duration,
    /// Thinking time for all our moves of a game (`Duration::MAX`: unlimited).
    pub per_game: Duration,
}

/// How many more moves the game may ask of us, this one included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovesLeft {
    /// The estimate the time left is shared over.
    pub expected: u32,
    /// The most there can be (each keeps [`Margins::reserve_per_move`]).
    pub most: u32,
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
    /// The most that margin need be.
    pub move_margin_max: Duration,
    /// Game time kept back for every move the game may still ask of us, so that a game that
    /// runs to the end of the board never runs out.
    pub reserve_per_move: Duration,
    /// The soft limit, in percent of the even share.
    pub soft_percent: u32,
    /// The soft limit never exceeds this percent of the hard one.
    pub soft_of_hard_percent: u32,
    /// The hard limit, in percent of the even share.
    pub hard_percent: u32,
    /// One move never takes more than the time left divided by this.
    pub left_divisor: u32,
    /// The hard limit is never below this, out of time or not: an answer needs a search.
    pub min_move: Duration,
}

impl Margins {
    /// No reserve, no margin, no floor, both limits at the even share: each engine sets what it
    /// tunes over this.
    pub const NONE: Margins = Margins {
        game_reserve_percent: 0,
        game_reserve_min: Duration::ZERO,
        move_margin_percent: 0,
        move_margin_min: Duration::ZERO,
        move_margin_max: Duration::MAX,
        reserve_per_move: Duration::ZERO,
        soft_percent: 100,
        soft_of_hard_percent: 100,
        hard_percent: 100,
        left_divisor: 1,
        min_move: Duration::ZERO,
    };
}

/// The clock of one side for one game.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    control: TimeControl,
    margins: Margins,
    used: Duration,
    /// Game time left: the limit less what we used, or what the judge last reported less what
    /// we used since.
    left: Duration,
}

impl Clock {
    /// A clock with nothing used.
    pub fn new(control: TimeControl, margins: Margins) -> Clock {
        Clock {
            control,
            margins,
            used: Duration::ZERO,
            left: control.per_game,
        }
    }

    /// Other limits from now on; what was used so far still counts.
    pub fn set_control(&mut self, control: TimeControl) {
        self.control = control;
        self.left = control.per_game.saturating_sub(self.used);
    }

    /// The game time left as the judge reports it (`Duration::MAX`: unlimited).
    pub fn set_time_left(&mut self, left: Duration) {
        self.left = left;
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
        let moves = MovesLeft {
            expected: moves_left,
            most: moves_left,
        };
        self.deadline_for(start, moves)
    }

    /// The deadline of a move that started at `start`, with `moves` still to come.
    pub fn deadline_for(&self, start: Instant, moves: MovesLeft) -> Deadline {
        let margins = &self.margins;
        let game = self.control.per_game;
        let reserve = (game.saturating_mul(margins.game_reserve_percent) / 100)
            .max(margins.game_reserve_min)
            .saturating_add(margins.reserve_per_move.saturating_mul(moves.most));
        let usable = self.left.saturating_sub(reserve);
        let share = usable / moves.expected.max(1);
        let per_move = self.control.per_move;
        let margin = (per_move.saturating_mul(margins.move_margin_percent) / 100)
            .max(margins.move_margin_min)
            .min(margins.move_margin_max);
        let hard = (share.saturating_mul(margins.hard_percent) / 100)
            .min(usable / margins.left_divisor.max(1))
            .min(per_move.saturating_sub(margin))
            .max(margins.min_move);
        let soft = (share.saturating_mul(margins.soft_percent) / 100)
            .min(hard.saturating_mul(margins.soft_of_hard_percent) / 100)
            .min(hard);
        Deadline {
            start,
            soft,
            hard,
            stop: None,
        }
    }

    /// Adds the time one move took.
    pub fn spend(&mut self, time: Duration) {
        self.used = self.used.saturating_add(time);
        self.left = self.left.saturating_sub(time);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MARGINS: Margins = Margins {
        hard_percent: 200,
        left_divisor: 4,
        move_margin_percent: 10,
        move_margin_min: Duration::from_millis(30),
        game_reserve_percent: 3,
        game_reserve_min: Duration::from_millis(200),
        ..Margins::NONE
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

    #[test]
    fn a_reported_time_left_overrides_the_count_and_no_limit_never_overflows() {
        let mut clock = clock(10_000, 2_000);
        clock.spend(Duration::from_secs(1));
        clock.set_time_left(Duration::from_millis(800));
        let deadline = clock.deadline(Instant::now(), 1);
        assert_eq!(deadline.hard, Duration::from_millis(125));
        let unlimited = TimeControl {
            per_move: Duration::MAX,
            per_game: Duration::MAX,
        };
        let mut clock = Clock::new(unlimited, MARGINS);
        clock.spend(Duration::MAX);
        clock.set_time_left(Duration::MAX);
        let moves = MovesLeft {
            expected: 0,
            most: u32::MAX,
        };
        let deadline = clock.deadline_for(Instant::now(), moves);
        assert!(deadline.soft <= deadline.hard);
    }

    #[test]
    fn the_floor_and_the_cap_of_the_margins_hold() {
        let margins = Margins {
            move_margin_percent: 15,
            move_margin_min: Duration::from_millis(80),
            move_margin_max: Duration::from_millis(1_500),
            soft_of_hard_percent: 90,
            min_move: Duration::from_millis(15),
            ..MARGINS
        };
        let control = |move_ms| TimeControl {
            per_move: Duration::from_millis(move_ms),
            per_game: Duration::MAX,
        };
        let deadline = Clock::new(control(30_000), margins).deadline(Instant::now(), 1);
        assert_eq!(deadline.hard, Duration::from_millis(28_500));
        assert_eq!(deadline.soft, Duration::from_millis(25_650));
        let deadline = Clock::new(control(0), margins).deadline(Instant::now(), 1);
        assert_eq!(deadline.hard, Duration::from_millis(15));
    }
}
