//! Adam (Kingma and Ba): gradient steps scaled by running estimates of each weight's gradient
//! mean and square, with their start-up bias corrected.

/// The optimiser's state for one weight vector.
pub struct Adam {
    pub rate: f64,
    pub beta1: f64,
    pub beta2: f64,
    /// Added to the root of the square estimate, against a division by zero.
    pub epsilon: f64,
    mean: Vec<f64>,
    square: Vec<f64>,
    steps: i32,
}

impl Adam {
    /// An optimiser for `weights` weights, with the usual betas (0.9, 0.999).
    pub fn new(weights: usize, rate: f64, epsilon: f64) -> Adam {
        Adam {
            rate,
            beta1: 0.9,
            beta2: 0.999,
            epsilon,
            mean: vec![0.0; weights],
            square: vec![0.0; weights],
            steps: 0,
        }
    }

    /// One step of `weights` against `gradient` (of the loss to minimise).
    pub fn step(&mut self, weights: &mut [f64], gradient: &[f64]) {
        self.steps += 1;
        let (beta1, beta2) = (self.beta1, self.beta2);
        for (i, (weight, &g)) in weights.iter_mut().zip(gradient).enumerate() {
            self.mean[i] = beta1 * self.mean[i] + (1.0 - beta1) * g;
            self.square[i] = beta2 * self.square[i] + (1.0 - beta2) * g * g;
            let mean = self.mean[i] / (1.0 - beta1.powi(self.steps));
            let square = self.square[i] / (1.0 - beta2.powi(self.steps));
            *weight -= self.rate * mean / (square.sqrt() + self.epsilon);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Adam;
    use crate::fit::{dot, sigmoid, synthetic};

    #[test]
    fn adam_recovers_the_weights_of_a_logistic_model() {
        let truth = [1.5, -2.0, 0.5, 0.25];
        let data = synthetic::logistic(&truth, 400, 7);
        let mut weights = vec![0.0; truth.len()];
        let mut adam = Adam::new(truth.len(), 0.05, 1e-8);
        for _ in 0..3000 {
            let mut gradient = vec![0.0; truth.len()];
            for (x, y) in &data {
                let p = sigmoid(dot(&weights, x));
                for (g, xj) in gradient.iter_mut().zip(x) {
                    *g += (p - y) * xj / data.len() as f64;
                }
            }
            adam.step(&mut weights, &gradient);
        }
        for (fitted, expected) in weights.iter().zip(truth) {
            assert!((fitted - expected).abs() < 0.01, "{weights:?} vs {truth:?}");
        }
    }

    #[test]
    fn the_first_step_moves_each_weight_by_the_rate_against_its_gradient() {
        let mut weights = vec![1.0, 1.0, 1.0];
        let mut adam = Adam::new(3, 0.1, 0.0);
        adam.step(&mut weights, &[2.0, -0.5, 0.0001]);
        for (weight, expected) in weights.iter().zip([0.9, 1.1, 0.9]) {
            assert!((weight - expected).abs() < 1e-12, "{weights:?}");
        }
    }
}
