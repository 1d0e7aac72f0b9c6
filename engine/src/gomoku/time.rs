//! Time management: from the limits a judge gives (time per move, time for the game, time left)
//! to a deadline for one move, with margins that hold on a slower machine.

use std::time::Duration;

use crate::core::time::Deadline;

/// A time left this large means an unlimited game (Gomocup sends 2147483647).
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// The limits known for the current game, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimits {
    /// Time for one move; `Some(0)` means "answer at once", `None` no limit given.
    pub turn_ms: Option<i64>,
    /// Time for the whole game (0 or `None`: unlimited).
    pub match_ms: Option<i64>,
    /// Time left for the rest of the game (may be negative); `None` if never sent.
    pub left_ms: Option<i64>,
}

impl Default for TimeLimits {
    /// Gomocup's fastgame league, the tightest we expect when nothing is said.
    fn default() -> Self {
        Self {
            turn_ms: Some(5_000),
            match_ms: None,
            left_ms: None,
        }
    }
}

/// Thinking time in an "answer at once" move.
const INSTANT_MS: u64 = 15;
/// Moves a game is expected to still need from us at the start: a move's soft limit is the
/// time left over this, less one for every five stones played. Against strong opponents most
/// games end within 60 stones.
const MOVES_TO_GO_AT_START: i64 = 28;
/// Moves a game is expected to still need from us however long it has gone on, so that a
/// long game keeps time for its last moves.
const MOVES_TO_GO: i64 = 18;
/// What one of our moves costs at least, the wait for the process and the pipes included: the
/// game time kept back for every move we may still have to play until the board is full, so
/// that a long game never runs out. Spending a share of what is left runs the clock down
/// geometrically: without the reserve each of the 29 full-board draws of a 200-game 15x15 match
/// at 1 s a move and 30 s a game ended with about 0.1 s left, and a 20x20 board holds 175 more
/// stones. A move at the floor of 15 ms took 4 to 20 ms from the manager's line to our answer.
const RESERVE_PER_MOVE_MS: i64 = 25;

impl TimeLimits {
    /// The deadline for the next move, with `stones` on the board and `empty` cells left (the
    /// game is expected to get longer as it goes, so the share of the time left shrinks
    /// slowly; the moves the empty cells may still take keep their reserve).
    pub fn deadline(&self, stones: usize, empty: usize) -> Deadline {
        let spendable = self.spendable_ms(empty);
        let hard = self.hard_ms(spendable);
        let soft = self.soft_ms(hard, spendable, stones);
        Deadline::new(Duration::from_millis(soft), Duration::from_millis(hard))
    }

    /// Forgets the time left of the previous game.
    pub fn new_game(&mut self) {
        self.left_ms = None;
    }

    /// Takes `spent_ms` off the game time left, so that the clock stays right when a manager
    /// does not report the time left before every move (it overwrites ours when it does).
    pub fn charge(&mut self, spent_ms: i64) {
        match (self.left_ms, self.match_ms) {
            (Some(left), _) if left < UNLIMITED_MS => {
                self.left_ms = Some(left.saturating_sub(spent_ms))
            }
            (None, Some(total)) if total > 0 => self.left_ms = Some(total.saturating_sub(spent_ms)),
            _ => {}
        }
    }

    fn hard_ms(&self, spendable: Option<i64>) -> u64 {
        let mut hard = i64::MAX;
        if let Some(turn) = self.turn_ms {
            if turn <= 0 {
                return INSTANT_MS;
            }
            // Keep 15% of the move's time (at least 80 ms, at most 1.5 s) for the process to
            // wake up, print and be read on a loaded or slower machine.
            let margin = (turn.saturating_mul(3) / 20).clamp(80, 1_500);
            hard = hard.min(turn.saturating_sub(margin));
        }
        if let Some(left) = spendable {
            // Never bet more than a fifth of what is left on one move.
            hard = hard.min((left / 5).saturating_sub(30));
        }
        if hard == i64::MAX {
            hard = 10_000;
        }
        hard.clamp(INSTANT_MS as i64, UNLIMITED_MS) as u64
    }

    /// The time a settled move may take (the search stops starting root moves then; see
    /// `search/mod.rs` for unsettled ones): most of the hard limit, since the margin for a slow
    /// machine is already taken off that, and a fair share of the game time.
    fn soft_ms(&self, hard: u64, spendable: Option<i64>, stones: usize) -> u64 {
        let mut soft = hard as i64 * 9 / 10;
        if let Some(left) = spendable {
            let to_go = (MOVES_TO_GO_AT_START - stones as i64 / 5).max(MOVES_TO_GO);
            soft = soft.min(left / to_go);
        }
        soft.clamp(1, hard as i64) as u64
    }

    /// The game time that may be spent on thinking, if the game time is limited: the time
    /// left less the reserve for the at most `(empty + 1) / 2` moves still ours.
    fn spendable_ms(&self, empty: usize) -> Option<i64> {
        let our_moves = (empty as i64 + 1) / 2;
        self.effective_left()
            .map(|left| left.saturating_sub(our_moves.saturating_mul(RESERVE_PER_MOVE_MS)))
    }

    /// The game time left, if the game time is limited.
    fn effective_left(&self) -> Option<i64> {
        match (self.left_ms, self.match_ms) {
            (Some(left), _) if left < UNLIMITED_MS => Some(left),
            (Some(_), _) => None,
            (None, Some(total)) if total > 0 => Some(total),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(turn: Option<i64>, game: Option<i64>, left: Option<i64>) -> TimeLimits {
        TimeLimits {
            turn_ms: turn,
            match_ms: game,
            left_ms: left,
        }
    }

    #[test]
    fn turn_limit_keeps_a_margin() {
        let d = limits(Some(5_000), None, None).deadline(10, 225 - 10);
        assert!(d.hard <= Duration::from_millis(4_500));
        assert!(d.soft <= d.hard);
        let d = limits(Some(1_000), None, None).deadline(10, 225 - 10);
        assert!(d.hard <= Duration::from_millis(900));
    }

    #[test]
    fn zero_turn_means_instant() {
        let d = limits(Some(0), Some(100_000), Some(100_000)).deadline(0, 225);
        assert!(d.hard <= Duration::from_millis(20));
    }

    #[test]
    fn time_left_bounds_the_move() {
        let d = limits(Some(5_000), Some(120_000), Some(2_000)).deadline(40, 225 - 40);
        assert!(d.hard <= Duration::from_millis(400));
        let d = limits(Some(5_000), Some(120_000), Some(-300)).deadline(40, 225 - 40);
        assert!(d.hard <= Duration::from_millis(20));
    }

    #[test]
    fn the_clock_runs_without_reports() {
        let mut limits = limits(Some(5_000), Some(10_000), None);
        limits.charge(9_000);
        assert_eq!(limits.left_ms, Some(1_000));
        assert!(limits.deadline(10, 225 - 10).hard <= Duration::from_millis(200));
        limits.new_game();
        assert_eq!(limits.left_ms, None);
        let mut unlimited = super::TimeLimits {
            turn_ms: Some(1_000),
            match_ms: Some(0),
            left_ms: Some(UNLIMITED_MS),
        };
        unlimited.charge(500);
        assert_eq!(unlimited.left_ms, Some(UNLIMITED_MS));
    }

    #[test]
    fn a_fastgame_spends_its_game_time() {
        // 5 s a move, 120 s a game: the first moves may think most of the turn, and a game
        // whose every move takes its whole soft time still has time left after 60 moves.
        let mut limits = limits(Some(5_000), Some(120_000), None);
        assert!(limits.deadline(4, 225 - 4).soft >= Duration::from_millis(3_500));
        for stones in (4..124).step_by(2) {
            let spent = limits.deadline(stones, 225 - stones).soft.as_millis() as i64;
            limits.charge(spent);
        }
        let left = limits.left_ms.unwrap();
        assert!(left > 4_000, "{left} ms left");
    }

    #[test]
    fn a_game_that_fills_the_board_keeps_time_for_its_last_moves() {
        // Every move of ours takes its whole hard limit and 5 ms more for the pipes, and the
        // opponent fills the board with us: the clock must never run out.
        for (width, height, turn, game) in [
            (15, 15, 1_000, 30_000),
            (20, 20, 1_000, 30_000),
            (20, 20, 5_000, 120_000),
            (32, 32, 5_000, 120_000),
        ] {
            let mut limits = limits(Some(turn), Some(game), None);
            let cells = width * height;
            for stones in (0..cells).step_by(2) {
                let spent = limits.deadline(stones, cells - stones).hard.as_millis() as i64 + 5;
                limits.charge(spent);
                let left = limits.left_ms.unwrap();
                assert!(
                    left > 0,
                    "{width}x{height} at {turn}/{game} ms: {left} ms left"
                );
            }
        }
    }

    #[test]
    fn extreme_values_never_wrap() {
        let extremes = [i64::MIN, -UNLIMITED_MS, -1, 0, 1, UNLIMITED_MS, i64::MAX];
        for turn in extremes {
            for game in extremes {
                for left in extremes {
                    let mut clock = limits(Some(turn), Some(game), Some(left));
                    let d = clock.deadline(3, 222);
                    assert!(
                        d.soft <= d.hard && d.hard <= Duration::from_millis(UNLIMITED_MS as u64)
                    );
                    if left < 0 || turn <= 0 {
                        assert!(
                            d.hard <= Duration::from_millis(INSTANT_MS),
                            "{turn} {game} {left}"
                        );
                    }
                    clock.charge(i64::MAX);
                    clock.charge(i64::MIN);
                    clock.deadline(0, usize::MAX / 4);
                }
            }
        }
    }

    #[test]
    fn unlimited_time_left_is_ignored() {
        let d = limits(Some(2_000), Some(0), Some(UNLIMITED_MS)).deadline(0, 225);
        assert!(d.hard >= Duration::from_millis(1_000));
    }
}
