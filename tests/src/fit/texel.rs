//! Texel's tuning: the mean squared error between game results and the win probability
//! `1 / (1 + exp(-k * eval / 100))` that a linear evaluation of sparse features gives, with
//! its gradient and the scan for the scale `k` that best fits given weights.

/// One labelled position.
pub struct Sample {
    /// Sparse features (index, value).
    pub features: Vec<(usize, f64)>,
    /// The result: 1 win, 0.5 draw, 0 loss.
    pub result: f64,
}

fn evaluate(sample: &Sample, weights: &[f64]) -> f64 {
    sample.features.iter().map(|&(i, v)| weights[i] * v).sum()
}

fn probability(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * eval / 100.0).exp())
}

/// Mean squared error of the predicted results.
pub fn error(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - probability(evaluate(s, weights), k)).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The gradient of [`error`] in the weights.
pub fn gradient(samples: &[Sample], weights: &[f64], k: f64) -> Vec<f64> {
    let mut gradient = vec![0.0; weights.len()];
    for s in samples {
        let predicted = probability(evaluate(s, weights), k);
        let slope = -2.0 * (s.result - predicted) * predicted * (1.0 - predicted) * k / 100.0;
        for &(i, value) in &s.features {
            gradient[i] += slope * value;
        }
    }
    gradient.iter().map(|g| g / samples.len() as f64).collect()
}

/// The positive scale that best fits `weights` and its error, by a scan around 1 in steps of
/// 0.1 and then around the best in steps of 0.01.
pub fn best_scale(samples: &[Sample], weights: &[f64]) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = f64::MAX;
    for step in [0.1, 0.01] {
        let centre = k;
        for i in -10..=10 {
            let candidate: f64 = centre + step * f64::from(i);
            if candidate <= 0.0 {
                continue;
            }
            let e = error(samples, weights, candidate);
            if e < best {
                best = e;
                k = candidate;
            }
        }
    }
    (k, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::adam::Adam;
    use crate::fit::synthetic::uniform;
    use engine::core::rng::Rng;

    /// Positions of three sparse features whose results are the probabilities that `truth` at
    /// scale `k` gives them.
    fn samples(truth: &[f64], k: f64, seed: u64) -> Vec<Sample> {
        let mut rng = Rng::new(seed);
        (0..300)
            .map(|_| {
                let mut features = Vec::new();
                for i in 0..truth.len() {
                    if rng.below(3) != 0 {
                        features.push((i, (4.0 * uniform(&mut rng)).round()));
                    }
                }
                let eval: f64 = features.iter().map(|&(i, v)| truth[i] * v).sum();
                Sample {
                    features,
                    result: probability(eval, k),
                }
            })
            .collect()
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let truth = [80.0, -30.0, 45.0];
        let data = samples(&truth, 1.0, 3);
        let weights = [60.0, -10.0, 70.0];
        let analytic = gradient(&data, &weights, 1.2);
        for i in 0..weights.len() {
            let (mut up, mut down) = (weights, weights);
            up[i] += 1e-4;
            down[i] -= 1e-4;
            let numeric = (error(&data, &up, 1.2) - error(&data, &down, 1.2)) / 2e-4;
            assert!(
                (numeric - analytic[i]).abs() < 1e-9,
                "{numeric} vs {analytic:?}"
            );
        }
    }

    #[test]
    fn the_scan_finds_the_scale_of_the_results() {
        let truth = [80.0, -30.0, 45.0];
        let data = samples(&truth, 1.37, 4);
        let (k, e) = best_scale(&data, &truth);
        assert!((k - 1.37).abs() < 1e-9, "k = {k}");
        assert!(e < 1e-20);
    }

    #[test]
    fn adam_on_the_gradient_recovers_the_weights() {
        let truth = [80.0, -30.0, 45.0];
        let data = samples(&truth, 1.0, 6);
        let mut weights = vec![0.0; 3];
        let mut adam = Adam::new(3, 1.0, 1e-9);
        for _ in 0..3000 {
            let g = gradient(&data, &weights, 1.0);
            adam.step(&mut weights, &g);
        }
        for (got, expected) in weights.iter().zip(truth) {
            assert!((got - expected).abs() < 0.5, "{weights:?}");
        }
    }
}
