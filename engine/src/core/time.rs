//! Time keeping for searches: a deadline pair (soft: do not start another iteration; hard: stop
//! now) and a stop flag another thread can raise. A deadline may carry a stop flag: once it is
//! raised both limits count as passed, so every search that polls its deadline also obeys a
//! stop (the judge's END or quit read while we think).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a search must end, measured from `start`.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// When the move's thinking began.
    pub start: Instant,
    /// Past this, do not begin a new iteration: it would most likely not finish.
    pub soft: Duration,
    /// Past this, stop at once and answer with the best move found so far.
    pub hard: Duration,
    /// Raised when the search must end now, whatever the time.
    pub stop: Option<StopFlag>,
}

impl Deadline {
    /// A deadline starting now.
    pub fn new(soft: Duration, hard: Duration) -> Self {
        Self {
            start: Instant::now(),
            soft: soft.min(hard),
            hard,
            stop: None,
        }
    }

    /// The same deadline, ended early when `stop` is raised.
    pub fn with_stop(self, stop: StopFlag) -> Self {
        Self {
            stop: Some(stop),
            ..self
        }
    }

    /// Whether the deadline's stop flag is raised.
    pub fn stopped(&self) -> bool {
        match self.stop {
            Some(flag) => flag.is_raised(),
            None => false,
        }
    }

    /// No limit at all (analysis, tests with fixed depth).
    pub fn unlimited() -> Self {
        let far = Duration::from_secs(60 * 60 * 24 * 365);
        Self::new(far, far)
    }

    /// Time spent since `start`.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the soft limit has passed (or a stop was asked for).
    pub fn soft_passed(&self) -> bool {
        self.stopped() || self.elapsed() >= self.soft
    }

    /// Whether the hard limit has passed (or a stop was asked for).
    pub fn hard_passed(&self) -> bool {
        self.stopped() || self.elapsed() >= self.hard
    }
}

/// A flag that asks a running search to stop; cheap to copy and to poll. Its one byte lives as
/// long as the process (a program makes a handful), so that deadlines holding it stay `Copy`.
#[derive(Clone, Copy, Debug)]
pub struct StopFlag(&'static AtomicBool);

impl Default for StopFlag {
    fn default() -> Self {
        Self::new()
    }
}

impl StopFlag {
    /// A lowered flag.
    pub fn new() -> Self {
        Self(Box::leak(Box::new(AtomicBool::new(false))))
    }

    /// Asks the search to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag before a new search.
    pub fn clear(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_never_exceeds_hard() {
        let deadline = Deadline::new(Duration::from_secs(5), Duration::from_secs(1));
        assert_eq!(deadline.soft, Duration::from_secs(1));
    }

    #[test]
    fn zero_deadline_has_passed() {
        let deadline = Deadline::new(Duration::ZERO, Duration::ZERO);
        assert!(deadline.soft_passed() && deadline.hard_passed());
    }

    #[test]
    fn stop_flag_is_shared_between_clones() {
        let flag = StopFlag::new();
        let other = flag;
        other.raise();
        assert!(flag.is_raised());
        flag.clear();
        assert!(!other.is_raised());
    }

    #[test]
    fn a_raised_stop_ends_the_deadline() {
        let flag = StopFlag::new();
        let deadline = Deadline::unlimited().with_stop(flag);
        assert!(!deadline.soft_passed() && !deadline.hard_passed());
        flag.raise();
        assert!(deadline.soft_passed() && deadline.hard_passed());
        assert!(!Deadline::unlimited().hard_passed());
    }
}
