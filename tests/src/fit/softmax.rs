//! A choice among candidates as a softmax of linear scores: each candidate's logit is the dot
//! product of the weights and its sparse features, and the model gives the chosen candidate
//! the probability `exp(logit) / sum exp(logits)`.

/// Sparse features: (index, value).
pub type Sparse = [(u16, f32)];

/// One choice among candidates, as the fit reads it.
pub trait Choice {
    fn candidates(&self) -> usize;
    fn features(&self, candidate: usize) -> &Sparse;
    /// The candidate that was chosen.
    fn chosen(&self) -> usize;
}

/// A candidate's logit.
pub fn score(weights: &[f64], features: &Sparse) -> f64 {
    features
        .iter()
        .map(|&(index, value)| weights[index as usize] * f64::from(value))
        .sum()
}

/// Mean negative log-likelihood of the chosen candidates; `gradient` gets its gradient in the
/// weights.
pub fn loss_and_gradient<'a, C: Choice + 'a>(
    choices: impl IntoIterator<Item = &'a C>,
    weights: &[f64],
    gradient: &mut [f64],
) -> f64 {
    gradient.iter_mut().for_each(|g| *g = 0.0);
    let mut loss = 0.0;
    let mut count = 0.0;
    let mut probabilities = Vec::new();
    for choice in choices {
        let scores: Vec<f64> = (0..choice.candidates())
            .map(|c| score(weights, choice.features(c)))
            .collect();
        let top = scores.iter().cloned().fold(f64::MIN, f64::max);
        probabilities.clear();
        probabilities.extend(scores.iter().map(|s| (s - top).exp()));
        let total: f64 = probabilities.iter().sum();
        loss -= (probabilities[choice.chosen()] / total).ln();
        for (candidate, p) in probabilities.iter().enumerate() {
            let p = p / total;
            for &(index, value) in choice.features(candidate) {
                gradient[index as usize] += p * f64::from(value);
            }
        }
        for &(index, value) in choice.features(choice.chosen()) {
            gradient[index as usize] -= f64::from(value);
        }
        count += 1.0;
    }
    gradient.iter_mut().for_each(|g| *g /= count);
    loss / count
}

/// Mean negative log-likelihood of the chosen candidates, given per choice every candidate's
/// logit and the chosen one's index.
pub fn mean_loss(choices: impl IntoIterator<Item = (Vec<f64>, usize)>) -> f64 {
    let (mut loss, mut count) = (0.0, 0.0);
    for (logits, chosen) in choices {
        let top = logits.iter().cloned().fold(f64::MIN, f64::max);
        let total: f64 = logits.iter().map(|s| (s - top).exp()).sum();
        loss -= logits[chosen] - top - total.ln();
        count += 1.0;
    }
    loss / count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::synthetic::uniform;
    use engine::core::rng::Rng;

    struct Example {
        candidates: Vec<Vec<(u16, f32)>>,
        chosen: usize,
    }

    impl Choice for Example {
        fn candidates(&self) -> usize {
            self.candidates.len()
        }
        fn features(&self, candidate: usize) -> &Sparse {
            &self.candidates[candidate]
        }
        fn chosen(&self) -> usize {
            self.chosen
        }
    }

    const WEIGHTS: usize = 6;

    fn examples(rng: &mut Rng) -> Vec<Example> {
        (0..20)
            .map(|_| {
                let count = 2 + rng.below(5) as usize;
                let candidates = (0..count)
                    .map(|_| {
                        let mut features = Vec::new();
                        for index in 0..WEIGHTS as u16 {
                            if rng.below(2) == 0 {
                                features.push((index, uniform(rng) as f32 * 3.0));
                            }
                        }
                        features
                    })
                    .collect();
                let chosen = rng.below(count as u32) as usize;
                Example { candidates, chosen }
            })
            .collect()
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut rng = Rng::new(5);
        let data = examples(&mut rng);
        let weights: Vec<f64> = (0..WEIGHTS).map(|_| uniform(&mut rng)).collect();
        let mut gradient = vec![0.0; WEIGHTS];
        loss_and_gradient(&data, &weights, &mut gradient);
        let mut scratch = vec![0.0; WEIGHTS];
        let h = 1e-6;
        for i in 0..WEIGHTS {
            let mut moved = weights.clone();
            moved[i] += h;
            let up = loss_and_gradient(&data, &moved, &mut scratch);
            moved[i] -= 2.0 * h;
            let down = loss_and_gradient(&data, &moved, &mut scratch);
            let numeric = (up - down) / (2.0 * h);
            assert!(
                (numeric - gradient[i]).abs() < 1e-6,
                "weight {i}: {numeric} vs {}",
                gradient[i]
            );
        }
    }

    #[test]
    fn both_losses_agree_and_uniform_logits_cost_the_log_of_the_candidates() {
        let mut rng = Rng::new(9);
        let data = examples(&mut rng);
        let weights: Vec<f64> = (0..WEIGHTS).map(|_| uniform(&mut rng)).collect();
        let mut gradient = vec![0.0; WEIGHTS];
        let loss = loss_and_gradient(&data, &weights, &mut gradient);
        let logits = data.iter().map(|e| {
            let logits = e.candidates.iter().map(|f| score(&weights, f)).collect();
            (logits, e.chosen)
        });
        assert!((mean_loss(logits) - loss).abs() < 1e-12);
        let uniform = mean_loss([(vec![0.5; 4], 2)]);
        assert!((uniform - 4f64.ln()).abs() < 1e-12);
    }
}
