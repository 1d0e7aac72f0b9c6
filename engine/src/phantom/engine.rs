//! The Phantom Go engine: our knowledge of the game and the search, speaking only points
//! (`y * 9 + x`) and passes.

use super::belief::{Belief, Impossible, Mark};
use super::board::POINTS;
use super::search::{self, Choice, Settings};
use crate::core::color::Color;
use crate::core::rng::Rng;
use crate::core::time::Deadline;

/// One turn of ours: a point or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhantomMove {
    Play(usize),
    Pass,
}

/// One Phantom Go game in progress, seen from our side, and the search that picks our moves.
pub struct PhantomGoEngine {
    belief: Belief,
    settings: Settings,
    rng: Rng,
    /// Our turns so far in this game, passes included.
    our_turns: u32,
    /// Passes in a row, both sides counted (two end the game).
    passes_in_a_row: u32,
}

impl PhantomGoEngine {
    /// An engine with the given search settings, before any game.
    pub fn new(settings: Settings, seed: u64) -> Self {
        Self {
            belief: Belief::new(Color::Black),
            settings,
            rng: Rng::new(seed),
            our_turns: 0,
            passes_in_a_row: 0,
        }
    }

    /// Starts a game in which we play `us`.
    pub fn new_game(&mut self, us: Color) {
        self.belief = Belief::new(us);
        self.our_turns = 0;
        self.passes_in_a_row = 0;
    }

    /// What we know of the game.
    pub fn belief(&self) -> &Belief {
        &self.belief
    }

    /// Our colour.
    pub fn us(&self) -> Color {
        self.belief.us()
    }

    /// Whether two passes in a row ended the game.
    pub fn is_over(&self) -> bool {
        self.passes_in_a_row >= 2
    }

    /// Whether we may submit `point` now as far as we know: not our stone, not refused in this
    /// turn.
    pub fn may_try(&self, point: usize) -> bool {
        point < POINTS
            && self.belief.mark(point) != Mark::Ours
            && !self.belief.refused_now().contains(&point)
    }

    /// The opponent played a stone (`passed` false) or passed; our turn begins.
    pub fn opponent_moved(&mut self, passed: bool) {
        self.belief.opponent_moved(passed);
        self.passes_in_a_row = if passed { self.passes_in_a_row + 1 } else { 0 };
    }

    /// The referee accepted our turn.
    pub fn accepted(&mut self, mv: PhantomMove) {
        self.our_turns += 1;
        match mv {
            PhantomMove::Play(point) => {
                self.belief.accepted(point);
                self.passes_in_a_row = 0;
            }
            PhantomMove::Pass => {
                self.belief.passed();
                self.passes_in_a_row += 1;
            }
        }
    }

    /// The referee refused our point.
    pub fn refused(&mut self, point: usize) {
        self.belief.refused(point);
    }

    /// Our stone captured opponent stones on `points`.
    pub fn took(&mut self, points: &[usize]) -> Result<(), Impossible> {
        self.belief.took(points)
    }

    /// The opponent captured our stones on `points`.
    pub fn lost(&mut self, points: &[usize]) -> Result<(), Impossible> {
        self.belief.lost(points)
    }

    /// How many more turns we expect to play in this game (for dividing the clock).
    pub fn expected_moves_left(&self) -> u32 {
        // Phantom games fill the board and refill it after captures; refusals add tries.
        let open = search::candidates(&self.belief).len() as u32;
        (open / 2 + 12).max(20)
    }

    /// Our turn within `deadline`: a point not refused in this turn, or a pass.
    pub fn think(&mut self, deadline: Deadline) -> PhantomMove {
        match search::choose(&self.belief, &self.settings, &mut self.rng, deadline) {
            Choice::Play(point) => PhantomMove::Play(point),
            Choice::Pass => PhantomMove::Pass,
        }
    }
}
