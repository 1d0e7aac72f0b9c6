//! How gomoku spends the judge's time: the shared clock with this game's margins, and how many
//! moves a game is still expected to ask of us.

use crate::core::clock::{Margins, MovesLeft};
use std::time::Duration;

/// Keep 10% of the move limit (at least 60 ms, at most 1.5 s) for the process to wake up, print
/// and be read on a loaded or slower machine (the search polls its deadline every 16 nodes; the
/// rest of a late answer is the wait for a core); a settled move stops at 90% of the hard limit or
/// at its share of the game; never more than a fifth of the game time left on one move, and at
/// least 15 ms to answer an "answer at once" or a lost clock. The hard percent never binds (a
/// share is at least a 28th of the time left): the fifth of the time left does. Each move we
/// may still have to play until the board is full keeps 25 ms of the game time, the least one
/// move costs with the pipes: spending shares of what is left runs a clock down geometrically,
/// and a 20x20 board holds 400 stones.
pub const MARGINS: Margins = Margins {
    move_margin_percent: 10,
    move_margin_min: Duration::from_millis(60),
    move_margin_max: Duration::from_millis(1_500),
    reserve_per_move: Duration::from_millis(25),
    soft_of_hard_percent: 90,
    hard_percent: 600,
    left_divisor: 5,
    min_move: Duration::from_millis(15),
    ..Margins::NONE
};

/// Moves a game is expected to still need from us at the start, less one for every five
/// stones played: against strong opponents most games end within 60 stones.
const MOVES_TO_GO_AT_START: usize = 28;
/// Moves a game is expected to still need from us however long it has gone on, so that a long
/// game keeps time for its last moves.
const MOVES_TO_GO: usize = 18;

/// Our moves left with `stones` on the board and `empty` cells free: the estimate the game time
/// is shared over, and the most the empty cells allow.
pub fn moves_left(stones: usize, empty: usize) -> MovesLeft {
    let expected = MOVES_TO_GO_AT_START
        .saturating_sub(stones / 5)
        .max(MOVES_TO_GO);
    MovesLeft {
        expected: expected as u32,
        most: (empty.saturating_add(1) / 2).min(u32::MAX as usize) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::clock::{Clock, TimeControl};
    use std::time::Instant;

    fn clock(turn_ms: u64, game_ms: Option<u64>) -> Clock {
        let control = TimeControl {
            per_move: Duration::from_millis(turn_ms),
            per_game: game_ms.map_or(Duration::MAX, Duration::from_millis),
        };
        Clock::new(control, MARGINS)
    }

    fn hard(clock: &Clock, stones: usize, cells: usize) -> Duration {
        clock
            .deadline_for(Instant::now(), moves_left(stones, cells - stones))
            .hard
    }

    #[test]
    fn the_turn_limit_keeps_a_margin_and_zero_means_at_once() {
        assert_eq!(
            hard(&clock(5_000, None), 10, 225),
            Duration::from_millis(4_500)
        );
        assert_eq!(
            hard(&clock(1_000, None), 10, 225),
            Duration::from_millis(900)
        );
        assert_eq!(hard(&clock(250, None), 10, 225), Duration::from_millis(190));
        assert_eq!(hard(&clock(0, Some(100_000)), 0, 225), MARGINS.min_move);
    }

    #[test]
    fn the_time_left_bounds_the_move() {
        let mut clock = clock(5_000, Some(120_000));
        clock.set_time_left(Duration::from_millis(4_000));
        assert!(hard(&clock, 200, 225) <= Duration::from_millis(800));
        clock.set_time_left(Duration::ZERO);
        assert_eq!(hard(&clock, 40, 225), MARGINS.min_move);
    }

    #[test]
    fn a_fastgame_spends_its_game_time() {
        // 5 s a move, 120 s a game: the first moves may think most of the turn, and a game
        // whose every move takes its whole soft time still has time left after 60 moves.
        let mut clock = clock(5_000, Some(120_000));
        let deadline = clock.deadline_for(Instant::now(), moves_left(4, 221));
        assert!(deadline.soft >= Duration::from_millis(3_500));
        for stones in (4..124).step_by(2) {
            let moves = moves_left(stones, 225 - stones);
            clock.spend(clock.deadline_for(Instant::now(), moves).soft);
        }
        assert!(clock.used() < Duration::from_millis(116_000));
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
            let mut clock = clock(turn, Some(game));
            let cells = width * height;
            for stones in (0..cells).step_by(2) {
                clock.spend(hard(&clock, stones, cells) + Duration::from_millis(5));
                assert!(
                    clock.used() < Duration::from_millis(game),
                    "{width}x{height} at {turn}/{game} ms: {:?} used",
                    clock.used()
                );
            }
        }
    }
}
