//! Choosing our point: flat Monte Carlo over determinizations.
//!
//! Each iteration draws a full board from the belief, picks one of our candidate points by UCB
//! (its mean blended with all-moves-as-first statistics while it has few visits), plays it and
//! finishes the game with random moves that never fill their own eyes, then scores by area. A
//! candidate that the drawn board forbids counts as a refusal for that candidate, not a result:
//! a refusal costs a retry and tells us where a stone is, so the choice weighs the candidate's
//! win rate against how often it would be refused.

use super::belief::{Belief, Mark};
use super::board::{Board, Cell, POINTS};
use crate::core::color::Color;
use crate::core::rng::Rng;
use crate::core::time::Deadline;

/// The search's tunable numbers.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Weight of UCB's exploration term.
    pub exploration: f32,
    /// Visits at which a candidate's own mean and its AMAF mean weigh the same (0: no AMAF).
    pub amaf_equivalence: f32,
    /// What a certain refusal costs, in win rate.
    pub refusal_cost: f32,
    /// Pass after the opponent passed when we win this share of the drawn boards as they stand
    /// (above 1: never; under area scoring filling costs nothing, and drawn boards misjudge).
    pub pass_confidence: f32,
    /// Hidden stones are drawn this many times likelier away from our stones than next to them.
    pub far_weight: u32,
    /// The longest random game, in moves.
    pub playout_moves: usize,
    /// Whether random games capture and escape ataris next to the last move first.
    pub atari_answers: bool,
    /// Stop after this many iterations even with time left (0: no limit).
    pub max_iterations: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            exploration: 0.6,
            amaf_equivalence: 300.0,
            refusal_cost: 0.15,
            pass_confidence: 1.01,
            far_weight: 3,
            playout_moves: 220,
            atari_answers: false,
            max_iterations: 0,
        }
    }
}

/// What the search decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Play(usize),
    Pass,
}

#[derive(Clone, Copy, Default)]
struct Stats {
    visits: f32,
    wins: f32,
    amaf_visits: f32,
    amaf_wins: f32,
    refusals: f32,
}

/// Our candidate points: not ours, not known to be theirs, not refused this turn, and not one
/// of our own eyes.
pub fn candidates(belief: &Belief) -> Vec<usize> {
    let known = belief.known_board();
    (0..POINTS)
        .filter(|&p| belief.mark(p) == Mark::Unknown)
        .filter(|&p| !belief.refused_now().contains(&p))
        .filter(|&p| !known.is_eye(p, belief.us()))
        .collect()
}

/// Picks our turn within `deadline`.
pub fn choose(belief: &Belief, settings: &Settings, rng: &mut Rng, deadline: Deadline) -> Choice {
    let candidates = candidates(belief);
    if candidates.is_empty() {
        return Choice::Pass;
    }
    let us = belief.us();
    let weight = |point: usize| -> u32 {
        let near = super::board::neighbours(point).any(|n| belief.mark(n) == Mark::Ours);
        if near {
            1
        } else {
            settings.far_weight
        }
    };
    let mut stats = vec![Stats::default(); POINTS];
    let mut index_of = [usize::MAX; POINTS];
    for (index, &point) in candidates.iter().enumerate() {
        index_of[point] = index;
    }
    let mut iterations = 0u64;
    let mut total = 0f32;
    let mut pass_wins = 0u32;
    let mut pass_samples = 0u32;
    let mut first_play = [false; POINTS];
    let mut moves = Vec::with_capacity(settings.playout_moves);
    loop {
        if iterations % 4 == 0 && iterations > 0 && deadline.soft_passed() {
            break;
        }
        if settings.max_iterations > 0 && iterations >= settings.max_iterations {
            break;
        }
        iterations += 1;
        let board = belief.sample(rng, &weight);
        if belief.opponent_passed() {
            pass_samples += 1;
            if wins_for(board.score(), us) {
                pass_wins += 1;
            }
        }
        let pick = select(&candidates, &stats, total, settings, rng);
        let point = candidates[pick];
        if !board.is_legal(point, us) {
            stats[pick].refusals += 1.0;
            continue;
        }
        let mut game = board;
        game.play(point);
        moves.clear();
        let score = playout(
            &mut game,
            rng,
            settings.playout_moves,
            settings.atari_answers,
            &mut moves,
        );
        let won = if wins_for(score, us) { 1.0 } else { 0.0 };
        total += 1.0;
        stats[pick].visits += 1.0;
        stats[pick].wins += won;
        first_play.iter_mut().for_each(|seen| *seen = false);
        for &(point, side) in &moves {
            if side == us && !first_play[point] {
                first_play[point] = true;
                let index = index_of[point];
                if index != usize::MAX {
                    stats[index].amaf_visits += 1.0;
                    stats[index].amaf_wins += won;
                }
            }
        }
    }
    if pass_samples > 0
        && pass_wins as f32 >= settings.pass_confidence * pass_samples as f32
        && iterations >= 16
    {
        return Choice::Pass;
    }
    let best = (0..candidates.len())
        .max_by(|&a, &b| {
            final_value(&stats[a], settings)
                .partial_cmp(&final_value(&stats[b], settings))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .unwrap_or(0);
    Choice::Play(candidates[best])
}

fn wins_for(score: f32, side: Color) -> bool {
    (score > 0.0) == (side == Color::Black)
}

/// The blended mean of a candidate: its own results, helped by AMAF while they are few.
fn mean(stats: &Stats, settings: &Settings) -> f32 {
    let own = if stats.visits > 0.0 {
        stats.wins / stats.visits
    } else {
        0.5
    };
    if settings.amaf_equivalence <= 0.0 || stats.amaf_visits == 0.0 {
        return own;
    }
    let amaf = stats.amaf_wins / stats.amaf_visits;
    let beta = settings.amaf_equivalence / (settings.amaf_equivalence + stats.visits);
    beta * amaf + (1.0 - beta) * own
}

fn refusal_rate(stats: &Stats) -> f32 {
    let tries = stats.visits + stats.refusals;
    if tries == 0.0 {
        0.0
    } else {
        stats.refusals / tries
    }
}

fn final_value(stats: &Stats, settings: &Settings) -> f32 {
    if stats.visits == 0.0 {
        return -1.0 - refusal_rate(stats);
    }
    mean(stats, settings) - settings.refusal_cost * refusal_rate(stats)
}

fn select(
    candidates: &[usize],
    stats: &[Stats],
    total: f32,
    settings: &Settings,
    rng: &mut Rng,
) -> usize {
    let log = (total + 1.0).ln();
    let mut best = 0;
    let mut best_value = f32::MIN;
    let offset = rng.below(candidates.len() as u32) as usize;
    for step in 0..candidates.len() {
        let index = (step + offset) % candidates.len();
        let s = &stats[index];
        let tries = s.visits + s.refusals;
        let value = if tries == 0.0 {
            f32::MAX
        } else {
            mean(s, settings) * (1.0 - refusal_rate(s))
                + settings.exploration * (log / (s.visits + 1.0)).sqrt()
        };
        if value > best_value {
            best_value = value;
            best = index;
        }
    }
    best
}

/// The answer to the last move that a player would rarely miss: capture a string of the
/// opponent's next to it that is in atari, or else run with a string of ours it put in atari.
fn urgent(board: &Board, last: Option<usize>, side: Color, rng: &mut Rng) -> Option<usize> {
    let last = last?;
    let mut escape = None;
    let mut capture = None;
    if let Some(liberty) = board.atari_liberty(last) {
        capture = Some(liberty);
    }
    for (stone, colour) in board.stones_around(last) {
        if colour == side {
            if let Some(liberty) = board.atari_liberty(stone) {
                escape = Some(liberty);
            }
        }
    }
    // Now and then the random move instead: the policy must stay varied.
    let pick = capture.or(escape)?;
    (rng.below(8) < 7 && board.is_legal(pick, side) && !board.is_eye(pick, side)).then_some(pick)
}

/// Finishes the game with random moves that never fill the mover's own eyes (with `heuristics`,
/// answering ataris first), recording every stone played; returns the area score (black's
/// view, komi included).
pub fn playout(
    board: &mut Board,
    rng: &mut Rng,
    limit: usize,
    heuristics: bool,
    moves: &mut Vec<(usize, Color)>,
) -> f32 {
    let mut empty = board.empty_points();
    let mut played = 0;
    let mut last: Option<usize> = None;
    while board.passes() < 2 && played < limit {
        let side = board.to_move();
        let mut chosen = if heuristics {
            urgent(board, last, side, rng)
        } else {
            None
        };
        let mut left = if chosen.is_some() { 0 } else { empty.len() };
        while left > 0 {
            let index = rng.below(left as u32) as usize;
            let point = empty[index];
            if board.at(point) != Cell::Empty {
                // Filled earlier: drop it for good.
                empty.swap_remove(index);
                if left > empty.len() {
                    left = empty.len();
                }
                continue;
            }
            if board.is_legal(point, side) && !board.is_eye(point, side) {
                chosen = Some(point);
                break;
            }
            // Unplayable now: move it behind the window so this turn does not draw it again.
            left -= 1;
            empty.swap(index, left);
        }
        match chosen {
            Some(point) => {
                board.place_and_pass_turn(point, |freed| empty.push(freed));
                moves.push((point, side));
                last = Some(point);
            }
            None => {
                board.pass();
                last = None;
            }
        }
        played += 1;
    }
    board.score()
}

#[cfg(test)]
mod tests {
    use super::super::board::SIZE;
    use super::*;
    use std::time::Duration;

    fn p(x: usize, y: usize) -> usize {
        y * SIZE + x
    }

    #[test]
    fn random_games_end_with_every_group_alive() {
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let mut board = Board::new();
            let mut moves = Vec::new();
            playout(&mut board, &mut rng, 400, true, &mut moves);
            assert_eq!(board.passes(), 2, "a random game should end by passes");
            for point in 0..POINTS {
                if let Cell::Stone(_) = board.at(point) {
                    assert!(board.has_liberty(point));
                }
            }
        }
    }

    #[test]
    fn never_picks_a_stone_a_refused_point_or_an_own_eye() {
        let mut belief = Belief::new(Color::White);
        // Our stones fill the left two columns but for an eye at A1; the opponent has played
        // three stones, two of them found by refusals.
        for y in 0..SIZE {
            for x in 0..2 {
                if (x, y) != (0, 0) {
                    belief.opponent_moved(false);
                    belief.accepted(p(x, y));
                }
            }
        }
        belief.opponent_moved(false);
        belief.refused(p(4, 4));
        belief.refused(p(5, 5));
        assert_eq!(belief.mark(p(4, 4)), Mark::Refused);
        let mut rng = Rng::new(9);
        for _ in 0..5 {
            let deadline = Deadline::new(Duration::from_millis(20), Duration::from_millis(20));
            match choose(&belief, &Settings::default(), &mut rng, deadline) {
                Choice::Play(point) => {
                    assert_eq!(belief.mark(point), Mark::Unknown, "{point}");
                    assert!(![p(0, 0), p(4, 4), p(5, 5)].contains(&point), "{point}");
                }
                Choice::Pass => panic!("passed with open points left"),
            }
        }
    }

    #[test]
    fn passes_when_nothing_is_left_to_try() {
        let mut belief = Belief::new(Color::Black);
        for point in 0..POINTS {
            if point != p(0, 0) && point != p(8, 8) {
                belief.accepted(point);
            }
        }
        let mut rng = Rng::new(1);
        let deadline = Deadline::new(Duration::from_millis(50), Duration::from_millis(50));
        let choice = choose(&belief, &Settings::default(), &mut rng, deadline);
        assert_eq!(choice, Choice::Pass);
    }
}
