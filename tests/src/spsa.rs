//! Simultaneous perturbation stochastic approximation (SPSA) for tuning engine parameters from
//! game results.
//!
//! Every iteration moves all parameters at once by `+c` or `-c` (a random sign each), plays the
//! two parameter sets (`theta + c*delta` and `theta - c*delta`), and steps every parameter in the
//! direction its sign says the better set lay. The schedule follows Spall's recommendations as
//! chess engine testers use them: `c_k = c / k^0.101`, `a_k = a / (A + k)^0.602`, `A` a tenth of
//! the planned iterations, with `c` and `a` chosen from the perturbation and step wanted at
//! the last iteration (`c_end`, `r_end`).
//!
//! Besides the running parameters, the tuner keeps for every parameter the mean of
//! `result * delta_i`: its estimate of how much a step of `+2 c_k` in that parameter alone
//! changes the result, with a standard error. At the few thousand games a session affords,
//! that per-parameter estimate is often the more useful output: it says which parameters the
//! games can tell anything about.
//!
//! The state is a small text file, so that a run can stop at any moment and go on later.

use std::fmt::Write as _;

use engine::core::rng::Rng;

/// The exponent of the step schedule (Spall).
const ALPHA: f64 = 0.602;
/// The exponent of the perturbation schedule (Spall).
const GAMMA: f64 = 0.101;

/// One parameter to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    /// The current value (the start value before the first iteration).
    pub value: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the last planned iteration, in the parameter's units.
    pub c_end: f64,
    /// The step at the last iteration for a result of one, as a share of `c_end`.
    pub r_end: f64,
    /// Whether the engine takes only whole values (the perturbed values are rounded).
    pub integer: bool,
}

/// Per parameter, the running sums of `result * delta` for the gradient estimate.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gradient {
    pub sum: f64,
    pub sum_squares: f64,
}

/// A tuning run: the parameters, the plan and how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuner {
    pub params: Vec<Param>,
    /// Iterations planned (sets the schedules).
    pub planned: u64,
    /// Iterations done.
    pub done: u64,
    pub gradients: Vec<Gradient>,
    /// The random state, kept so that a resumed run goes on as an unbroken one would.
    pub seed: u64,
}

/// The two parameter sets of one iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 1.
    pub k: u64,
    /// +1 or -1 per parameter.
    pub delta: Vec<f64>,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    /// The perturbation of each parameter at this iteration.
    pub c: Vec<f64>,
}

impl Param {
    /// Parses `name start min max c_end [r_end] [int]` (r_end 0.002 when left out).
    pub fn parse(line: &str) -> Result<Param, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() < 5 {
            return Err(format!(
                "'{line}': want NAME START MIN MAX C_END [R_END] [int]"
            ));
        }
        let number = |index: usize| -> Result<f64, String> {
            words[index]
                .parse()
                .map_err(|_| format!("'{line}': '{}' is not a number", words[index]))
        };
        let mut param = Param {
            name: words[0].to_string(),
            value: number(1)?,
            min: number(2)?,
            max: number(3)?,
            c_end: number(4)?,
            r_end: 0.002,
            integer: false,
        };
        for (index, word) in words.iter().enumerate().skip(5) {
            match *word {
                "int" => param.integer = true,
                _ => param.r_end = number(index)?,
            }
        }
        if !(param.min <= param.value && param.value <= param.max) {
            return Err(format!("'{line}': the start is outside [min, max]"));
        }
        if param.c_end <= 0.0 || param.r_end <= 0.0 {
            return Err(format!("'{line}': c_end and r_end must be positive"));
        }
        Ok(param)
    }

    /// The value the engine is given: clamped, and rounded for a whole-valued parameter.
    pub fn engine_value(&self, value: f64) -> f64 {
        let value = value.clamp(self.min, self.max);
        if self.integer {
            value.round()
        } else {
            value
        }
    }

    fn line(&self) -> String {
        format!(
            "{} {} {} {} {} {}{}",
            self.name,
            self.value,
            self.min,
            self.max,
            self.c_end,
            self.r_end,
            if self.integer { " int" } else { "" }
        )
    }
}

impl Tuner {
    /// A new run over `params`, planned for `planned` iterations.
    pub fn new(params: Vec<Param>, planned: u64, seed: u64) -> Tuner {
        let gradients = vec![Gradient::default(); params.len()];
        Tuner {
            params,
            planned: planned.max(1),
            done: 0,
            gradients,
            seed,
        }
    }

    /// The perturbation of parameter `i` at iteration `k`.
    fn c(&self, i: usize, k: u64) -> f64 {
        let c = self.params[i].c_end * (self.planned as f64).powf(GAMMA);
        c / (k as f64).powf(GAMMA)
    }

    /// The step of parameter `i` at iteration `k` for a result of one, in its units.
    fn step(&self, i: usize, k: u64) -> f64 {
        let param = &self.params[i];
        let big_a = self.planned as f64 / 10.0;
        let a_end = param.r_end * param.c_end * param.c_end;
        let a = a_end * (big_a + self.planned as f64).powf(ALPHA);
        let a_k = a / (big_a + k as f64).powf(ALPHA);
        let c_k = self.c(i, k);
        // Spall's update is a_k * result / (2 c_k delta); the 2 is folded into r_end, as
        // fishtest does, so that r_end reads as a step share of c_end.
        a_k / c_k
    }

    /// Draws the next iteration's signs and its two parameter sets.
    pub fn perturb(&mut self) -> Perturbation {
        let k = self.done + 1;
        let mut rng = Rng::new(self.seed);
        let mut delta = Vec::new();
        let mut plus = Vec::new();
        let mut minus = Vec::new();
        let mut c = Vec::new();
        for (i, param) in self.params.iter().enumerate() {
            let sign = if rng.next_u64() & 1 == 1 { 1.0 } else { -1.0 };
            let c_k = self.c(i, k);
            delta.push(sign);
            plus.push(param.engine_value(param.value + sign * c_k));
            minus.push(param.engine_value(param.value - sign * c_k));
            c.push(c_k);
        }
        self.seed = rng.next_u64();
        Perturbation {
            k,
            delta,
            plus,
            minus,
            c,
        }
    }

    /// Takes the result of an iteration: how much better the `plus` set did than the `minus`
    /// set (for example its points less the other's, over the same games).
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.k;
        for i in 0..self.params.len() {
            let delta = perturbation.delta[i];
            let step = self.step(i, k) * result * delta;
            let param = &mut self.params[i];
            param.value = (param.value + step).clamp(param.min, param.max);
            let gradient = &mut self.gradients[i];
            gradient.sum += result * delta;
            gradient.sum_squares += result * result;
        }
        self.done = k;
    }

    /// Per parameter, the mean of `result * delta` and its standard error.
    pub fn gradient_estimates(&self) -> Vec<(f64, f64)> {
        let n = self.done as f64;
        self.gradients
            .iter()
            .map(|g| {
                if self.done < 2 {
                    return (0.0, f64::INFINITY);
                }
                let mean = g.sum / n;
                let variance = (g.sum_squares / n - mean * mean).max(0.0) * n / (n - 1.0);
                (mean, (variance / n).sqrt())
            })
            .collect()
    }

    /// The state as text (see [`Tuner::parse`]).
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "planned {}\ndone {}\nseed {}\n",
            self.planned, self.done, self.seed
        );
        for (param, gradient) in self.params.iter().zip(&self.gradients) {
            let _ = writeln!(
                text,
                "param {} gradient {} {}",
                param.line(),
                gradient.sum,
                gradient.sum_squares
            );
        }
        text
    }

    /// Reads a state written by [`Tuner::to_text`].
    pub fn parse(text: &str) -> Result<Tuner, String> {
        let mut tuner = Tuner::new(Vec::new(), 1, 0);
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let number = || -> Result<u64, String> {
                rest.trim()
                    .parse()
                    .map_err(|_| format!("state: bad number in '{line}'"))
            };
            match key {
                "planned" => tuner.planned = number()?.max(1),
                "done" => tuner.done = number()?,
                "seed" => tuner.seed = number()?,
                "param" => {
                    let (spec, gradient) = rest
                        .split_once(" gradient ")
                        .ok_or(format!("state: no gradient in '{line}'"))?;
                    tuner.params.push(Param::parse(spec)?);
                    let sums: Vec<f64> = gradient
                        .split_whitespace()
                        .map(|w| w.parse().map_err(|_| format!("state: bad '{line}'")))
                        .collect::<Result<_, _>>()?;
                    let [sum, sum_squares] = sums[..] else {
                        return Err(format!("state: bad gradient in '{line}'"));
                    };
                    tuner.gradients.push(Gradient { sum, sum_squares });
                }
                _ => return Err(format!("state: unknown line '{line}'")),
            }
        }
        if tuner.params.is_empty() {
            return Err("state: no parameters".to_string());
        }
        Ok(tuner)
    }
}

/// `template` with every `{name}` replaced by the value of the parameter of that name.
pub fn fill_template(template: &str, params: &[Param], values: &[f64]) -> String {
    let mut text = template.to_string();
    for (param, value) in params.iter().zip(values) {
        text = text.replace(&format!("{{{}}}", param.name), &value.to_string());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(line: &str) -> Param {
        Param::parse(line).unwrap()
    }

    #[test]
    fn parameters_parse_with_defaults_and_reject_nonsense() {
        let p = param("lmr_base 0.6 0 2 0.15");
        assert_eq!((p.value, p.min, p.max, p.c_end), (0.6, 0.0, 2.0, 0.15));
        assert_eq!((p.r_end, p.integer), (0.002, false));
        let q = param("breadth 16 8 32 2 0.01 int");
        assert_eq!((q.r_end, q.integer), (0.01, true));
        assert!(
            Param::parse("x 5 0 4 1").is_err(),
            "start outside the range"
        );
        assert!(Param::parse("x 1 0 4").is_err(), "too few fields");
        assert!(Param::parse("x 1 0 4 0").is_err(), "no perturbation");
        assert!(Param::parse("x 1 0 4 z").is_err());
    }

    #[test]
    fn whole_valued_parameters_are_rounded_and_all_are_clamped() {
        let q = param("breadth 16 8 32 2 int");
        assert_eq!(q.engine_value(17.6), 18.0);
        assert_eq!(q.engine_value(40.0), 32.0);
        assert_eq!(param("x 1 0 4 1").engine_value(-1.5), 0.0);
    }

    #[test]
    fn perturbations_are_symmetric_and_shrink_slowly() {
        let mut tuner = Tuner::new(vec![param("x 10 0 20 1"), param("y 5 0 20 2")], 1000, 7);
        let first = tuner.perturb();
        for i in 0..2 {
            let centre = tuner.params[i].value;
            assert!((first.plus[i] + first.minus[i] - 2.0 * centre).abs() < 1e-9);
            assert!((first.plus[i] - centre - first.delta[i] * first.c[i]).abs() < 1e-9);
        }
        // c_1 = c_end * N^0.101 = about twice c_end for a thousand iterations.
        assert!((first.c[0] - 1000f64.powf(0.101)).abs() < 1e-9);
        assert!(
            (tuner.c(1, 1000) - 2.0).abs() < 1e-9,
            "c_end at the last iteration"
        );
    }

    #[test]
    fn a_result_moves_each_parameter_towards_the_set_that_did_better() {
        let mut tuner = Tuner::new(vec![param("x 10 0 20 1"), param("y 5 0 20 1")], 100, 3);
        let perturbation = tuner.perturb();
        tuner.update(&perturbation, 2.0);
        for i in 0..2 {
            let start = [10.0, 5.0][i];
            let moved = tuner.params[i].value - start;
            assert!(moved * perturbation.delta[i] > 0.0, "towards plus");
        }
        assert_eq!(tuner.done, 1);
    }

    /// On a noisy problem whose best point is known, the tuner gets near it, and its gradient
    /// estimates have the right signs.
    #[test]
    fn finds_the_top_of_a_noisy_hill() {
        let best = [3.0, -2.0];
        let mut tuner = Tuner::new(
            vec![param("x 0 -10 10 0.5 0.05"), param("y 0 -10 10 0.5 0.05")],
            4000,
            11,
        );
        let mut noise = Rng::new(5);
        let height = |v: &[f64]| -> f64 { -(v[0] - best[0]).powi(2) - (v[1] - best[1]).powi(2) };
        for _ in 0..4000 {
            let p = tuner.perturb();
            let uniform = (noise.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let result = (height(&p.plus) - height(&p.minus)) * 0.05 + (uniform - 0.5);
            tuner.update(&p, result);
        }
        for (param, best) in tuner.params.iter().zip(best) {
            let error = (param.value - best).abs();
            assert!(error < 0.5, "{}: {}", param.name, param.value);
        }
        let mut probe = Tuner::new(
            vec![param("x 0 -10 10 0.5 0.05"), param("y 0 -10 10 0.5 0.05")],
            400,
            13,
        );
        for _ in 0..400 {
            let p = probe.perturb();
            let result = (height(&p.plus) - height(&p.minus)) * 0.05;
            // Estimates only: put the centre back after every step.
            let centre: Vec<f64> = probe.params.iter().map(|q| q.value).collect();
            probe.update(&p, result);
            for (q, v) in probe.params.iter_mut().zip(&centre) {
                q.value = *v;
            }
        }
        let estimates = probe.gradient_estimates();
        assert!(
            estimates[0].0 > 0.0 && estimates[1].0 < 0.0,
            "{estimates:?}"
        );
    }

    #[test]
    fn the_state_survives_a_round_trip_and_resumes_alike() {
        let mut tuner = Tuner::new(
            vec![param("x 10 0 20 1"), param("n 16 8 32 2 0.01 int")],
            50,
            9,
        );
        let p = tuner.perturb();
        tuner.update(&p, -1.0);
        let text = tuner.to_text();
        let mut resumed = Tuner::parse(&text).unwrap();
        assert_eq!(resumed, tuner);
        assert_eq!(resumed.perturb(), tuner.perturb());
        assert!(Tuner::parse("planned 10\n").is_err());
        assert!(Tuner::parse("bogus 1\nparam x 1 0 2 1 gradient 0 0\n").is_err());
    }

    #[test]
    fn templates_take_the_values_by_name() {
        let params = vec![param("a 1 0 2 1"), param("bb 3 0 9 1 int")];
        let command = fill_template("env P=a={a},bb={bb} ./engine {a}", &params, &[0.5, 4.0]);
        assert_eq!(command, "env P=a=0.5,bb=4 ./engine 0.5");
    }
}
