//! The move-ordering tables fitted to a stronger engine's choices, by rule and side to move
//! (see [`super::policy`]); written by `gomoku-policy fit --tables --emit`, where their data
//! and fit are recorded in `docs/gomoku-experiments.md`.

use super::rule::Rule;
use crate::core::color::Color;

/// One side to move's fitted scores, by combination index (see
/// [`super::policy::combination_index`]).
pub struct Fitted {
    pub attack: [i32; super::policy::COMBINATIONS],
    pub defence: [i32; super::policy::COMBINATIONS],
}

/// The fitted tables for `me` to move under `rule`, if there are any.
pub fn fitted(rule: Rule, me: Color) -> Option<&'static Fitted> {
    let _ = (rule, me);
    None
}
