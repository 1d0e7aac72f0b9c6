//! Newton's method for logistic models: the one-dimensional scale that turns evaluations into
//! logits, and the weights of a logistic regression with an L2 pull towards a prior. The
//! log-loss of a logistic model is convex, so Newton's steps converge from anywhere sensible.

use super::{dot, sigmoid};

/// The scale `k` minimising the log-loss of `sigmoid(k * eval)` against the labels, over
/// `(eval, label)` pairs, by Newton steps from `start` (at most 50).
pub fn fit_scale(evals: &[(f64, f64)], start: f64) -> f64 {
    let mut k = start;
    for _ in 0..50 {
        let (mut gradient, mut curvature) = (0.0, 0.0);
        for &(eval, y) in evals {
            let p = sigmoid(k * eval);
            gradient += (p - y) * eval;
            curvature += p * (1.0 - p) * eval * eval;
        }
        let step = gradient / curvature.max(1e-12);
        k -= step;
        if step.abs() < 1e-12 {
            break;
        }
    }
    k
}

/// Mean log-loss and squared error of the logistic model with weights `u` over the
/// `(features, label)` examples.
pub fn logistic_losses(examples: &[(&[f64], f64)], u: &[f64]) -> (f64, f64) {
    let mut log_loss = 0.0;
    let mut squared = 0.0;
    let mut count = 0.0;
    for &(features, y) in examples {
        let p = sigmoid(dot(u, features)).clamp(1e-12, 1.0 - 1e-12);
        log_loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        squared += (p - y) * (p - y);
        count += 1.0;
    }
    (log_loss / count, squared / count)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
pub fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&i, &j| a[i][column].abs().total_cmp(&a[j][column].abs()))
            .expect("a non-empty system");
        a.swap(column, pivot);
        b.swap(column, pivot);
        let (upper, lower) = a.split_at_mut(column + 1);
        let pivot_row = &upper[column];
        for (offset, row) in lower.iter_mut().enumerate() {
            let factor = row[column] / pivot_row[column];
            for (value, pivot_value) in row[column..].iter_mut().zip(&pivot_row[column..]) {
                *value -= factor * pivot_value;
            }
            b[column + 1 + offset] -= factor * b[column];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// Minimises the mean log-loss of logits `u . x` over the `(features, label)` examples plus
/// `lambda * sum scale_j (u_j - prior_j)^2` over the `free` features, where `scale_j` is the
/// mean square of feature j (so the pull is in logit units whatever the feature's range); the
/// other weights stay at the prior. At most 30 Newton steps; `report(step, largest)` hears the
/// largest change of a logit after each, and the fit stops when it falls below 1e-9.
pub fn fit_logistic(
    train: &[(&[f64], f64)],
    prior: &[f64],
    free: &[usize],
    lambda: f64,
    mut report: impl FnMut(usize, f64),
) -> Vec<f64> {
    let count = train.len() as f64;
    let scale: Vec<f64> = free
        .iter()
        .map(|&j| train.iter().map(|s| s.0[j].powi(2)).sum::<f64>() / count + 1e-9)
        .collect();
    let mut u = prior.to_vec();
    for iteration in 0..30 {
        let n = free.len();
        let mut gradient = vec![0.0; n];
        let mut hessian = vec![vec![0.0; n]; n];
        for &(features, label) in train {
            let p = sigmoid(dot(&u, features));
            let weight = p * (1.0 - p);
            let present: Vec<(usize, f64)> = free
                .iter()
                .enumerate()
                .map(|(a, &j)| (a, features[j]))
                .filter(|&(_, xj)| xj != 0.0)
                .collect();
            for &(a, xj) in &present {
                gradient[a] += (p - label) * xj;
                for &(b, xk) in &present {
                    hessian[a][b] += weight * xj * xk;
                }
            }
        }
        for a in 0..n {
            gradient[a] /= count;
            for value in hessian[a].iter_mut() {
                *value /= count;
            }
            let j = free[a];
            gradient[a] += 2.0 * lambda * scale[a] * (u[j] - prior[j]);
            hessian[a][a] += 2.0 * lambda * scale[a];
        }
        let step = solve(hessian, gradient);
        let mut largest = 0.0f64;
        for (a, &j) in free.iter().enumerate() {
            u[j] -= step[a];
            largest = largest.max((step[a] * scale[a].sqrt()).abs());
        }
        report(iteration, largest);
        if largest < 1e-9 {
            break;
        }
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::synthetic;

    #[test]
    fn solve_finds_the_solution_of_a_system_that_needs_pivoting() {
        // The first pivot is 0: without a row swap the elimination would divide by it.
        let a = vec![
            vec![0.0, 2.0, 1.0],
            vec![1.0, 1.0, 0.0],
            vec![3.0, 0.0, 1.0],
        ];
        let x = solve(a, vec![7.0, 3.0, 6.0]);
        for (got, expected) in x.iter().zip([1.0, 2.0, 3.0]) {
            assert!((got - expected).abs() < 1e-12, "{x:?}");
        }
    }

    #[test]
    fn newton_recovers_the_weights_of_a_logistic_model() {
        let truth = [1.5, -2.0, 0.5, 0.25];
        let data = synthetic::logistic(&truth, 300, 11);
        let train: Vec<(&[f64], f64)> = data.iter().map(|(x, y)| (&x[..], *y)).collect();
        let mut steps = 0;
        let fitted = fit_logistic(&train, &[0.0; 4], &[0, 1, 2, 3], 0.0, |_, _| steps += 1);
        for (got, expected) in fitted.iter().zip(truth) {
            assert!((got - expected).abs() < 1e-6, "{fitted:?}");
        }
        assert!(steps < 30, "Newton converges in a few steps, took {steps}");
        // At the truth the log-loss is the labels' entropy, the least any weights reach.
        let (at_truth, squared) = logistic_losses(&train, &truth);
        let entropy = train
            .iter()
            .map(|&(_, y)| -(y * y.ln() + (1.0 - y) * (1.0 - y).ln()))
            .sum::<f64>()
            / train.len() as f64;
        assert!((at_truth - entropy).abs() < 1e-12 && squared < 1e-20);
        assert!(logistic_losses(&train, &[0.0; 4]).0 > at_truth + 0.01);
    }

    #[test]
    fn weights_not_free_stay_and_a_strong_pull_holds_the_free_ones_at_the_prior() {
        let truth = [1.5, -2.0, 0.5, 0.25];
        let data = synthetic::logistic(&truth, 300, 13);
        let train: Vec<(&[f64], f64)> = data.iter().map(|(x, y)| (&x[..], *y)).collect();
        let prior = [1.0, 1.0, 1.0, 1.0];
        let fitted = fit_logistic(&train, &prior, &[0, 2], 0.0, |_, _| {});
        assert_eq!((fitted[1], fitted[3]), (1.0, 1.0));
        assert_ne!(fitted[0], 1.0);
        let held = fit_logistic(&train, &prior, &[0, 1, 2, 3], 1e9, |_, _| {});
        for weight in held {
            assert!((weight - 1.0).abs() < 1e-6);
        }
    }

    #[test]
    fn fit_scale_recovers_the_scale_of_evaluations() {
        let k = 0.004;
        let evals: Vec<(f64, f64)> = (-200..=200)
            .map(|i| {
                let eval = f64::from(i) * 5.0;
                (eval, sigmoid(k * eval))
            })
            .collect();
        assert!((fit_scale(&evals, 0.001) - k).abs() < 1e-9);
    }
}
