//! Match statistics: score with error bars, Elo difference, and a sequential probability ratio
//! test (SPRT) for comparing two versions of an engine.

/// Wins, draws and losses of the first player of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl MatchScore {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction: a win counts 1, a draw 1/2.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games())
    }

    /// The half-width of the 95% confidence interval of [`score`](Self::score), from the
    /// observed spread of the per-game results.
    pub fn error_95(&self) -> f64 {
        let n = f64::from(self.games());
        if n < 2.0 {
            return 0.5;
        }
        let mean = self.score();
        let variance = (f64::from(self.wins) * (1.0 - mean).powi(2)
            + f64::from(self.draws) * (0.5 - mean).powi(2)
            + f64::from(self.losses) * mean.powi(2))
            / (n - 1.0);
        1.96 * (variance / n).sqrt()
    }

    /// The Elo difference a score stands for (clamped away from 0 and 1).
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score())
    }

    /// The 95% interval of the Elo difference.
    pub fn elo_interval(&self) -> (f64, f64) {
        let e = self.error_95();
        (
            elo_from_score(self.score() - e),
            elo_from_score(self.score() + e),
        )
    }

    /// Log-likelihood ratio of H1 (elo = `elo1`) against H0 (elo = `elo0`), with the usual
    /// trinomial normal approximation. Accept H1 above `ln((1-beta)/alpha)`, H0 below
    /// `ln(beta/(1-alpha))`.
    pub fn sprt_llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 || self.wins == 0 || self.losses == 0 {
            return 0.0;
        }
        let mean = self.score();
        let variance = (f64::from(self.wins) * (1.0 - mean).powi(2)
            + f64::from(self.draws) * (0.5 - mean).powi(2)
            + f64::from(self.losses) * mean.powi(2))
            / n;
        if variance <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(elo0);
        let s1 = score_from_elo(elo1);
        (s1 - s0) * (2.0 * mean - s0 - s1) * n / (2.0 * variance)
    }

    /// One line for reports: `W-D-L  score 61.2% +- 4.1%  Elo +79 [+49, +110]`.
    pub fn summary(&self) -> String {
        let (low, high) = self.elo_interval();
        format!(
            "{}-{}-{}  score {:.1}% +- {:.1}%  Elo {:+.0} [{:+.0}, {:+.0}]",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            100.0 * self.error_95(),
            self.elo(),
            low,
            high
        )
    }
}

/// The Elo difference for an expected score.
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let s = MatchScore {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!((s.score() - 0.5).abs() < 1e-12);
        assert!(s.elo().abs() < 1e-9);
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-300.0, -50.0, 0.0, 120.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-6);
        }
    }

    #[test]
    fn error_shrinks_with_games() {
        let few = MatchScore {
            wins: 6,
            draws: 2,
            losses: 4,
        };
        let many = MatchScore {
            wins: 60,
            draws: 20,
            losses: 40,
        };
        assert!(many.error_95() < few.error_95());
    }

    #[test]
    fn sprt_favours_the_stronger_hypothesis() {
        let strong = MatchScore {
            wins: 70,
            draws: 10,
            losses: 20,
        };
        assert!(strong.sprt_llr(0.0, 10.0) > 0.0);
        let weak = MatchScore {
            wins: 20,
            draws: 10,
            losses: 70,
        };
        assert!(weak.sprt_llr(0.0, 10.0) < 0.0);
    }
}
