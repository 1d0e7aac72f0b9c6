//! The numerical fitting the tuning tools share, apart from what they fit:
//!
//! - [`adam`]: Adam, the first-order optimiser (`checkers-tune`, `gomoku-policy`).
//! - [`newton`]: Newton's method for a logistic model with an L2 pull towards a prior, the
//!   one-dimensional fit of a scale, and the linear solver they need (`gomoku-tune`).
//! - [`softmax`]: the likelihood of a choice among candidates scored by a linear model and its
//!   gradient (`gomoku-policy`).
//! - [`texel`]: the mean squared error between game results and a sigmoid of a sparse linear
//!   evaluation, its gradient and the scale scan (`checkers-tune`).
//!
//! The tools keep their data in their own types and hand these functions slices of features.

pub mod adam;
pub mod newton;
pub mod softmax;
pub mod texel;

pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Small synthetic problems for the tests of the fitting methods.
#[cfg(test)]
pub(crate) mod synthetic {
    use engine::core::rng::Rng;

    /// A number in [-1, 1).
    pub fn uniform(rng: &mut Rng) -> f64 {
        (rng.next_u64() >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }

    /// `count` feature vectors of `width` random values (the last one constant 1, a bias) and
    /// as label the probability that the logistic model with weights `truth` gives them: the
    /// log-loss is smallest exactly at `truth`.
    pub fn logistic(truth: &[f64], count: usize, seed: u64) -> Vec<(Vec<f64>, f64)> {
        let mut rng = Rng::new(seed);
        (0..count)
            .map(|_| {
                let mut x: Vec<f64> = (0..truth.len()).map(|_| 2.0 * uniform(&mut rng)).collect();
                *x.last_mut().unwrap() = 1.0;
                let y = super::sigmoid(super::dot(truth, &x));
                (x, y)
            })
            .collect()
    }
}
