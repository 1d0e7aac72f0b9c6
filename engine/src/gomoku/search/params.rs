//! Every tunable number of the search, by name, in one struct: a tool can vary any of them
//! (`Params::set`) without a fork of the code. Where an idea is Rapfi's, so is the name and, in
//! our units, the value. Depths are in eighths of a ply (`PLY` in the search); evaluation margins are in
//! units of [`Params::margin_scale`] evaluation points.

use super::{Depth, PLY};
use crate::gomoku::rule::Rule;

/// A value that depends on the rule: freestyle, renju, and the rules where a win must be exact
/// (exact five and the caro rules).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ByRule<T> {
    pub freestyle: T,
    pub renju: T,
    pub exact: T,
}

impl<T: Copy> ByRule<T> {
    /// The value for `rule`.
    pub fn get(&self, rule: Rule) -> T {
        match rule {
            Rule::Freestyle => self.freestyle,
            Rule::Renju => self.renju,
            _ => self.exact,
        }
    }
}

/// The search's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Evaluation units in one unit of the margins (they were first set on a scale of 200
    /// units to a logit; ours has 1,132).
    pub margin_scale: i32,

    /// Another iteration starts only while less than this share of the move's time limit has
    /// passed: one started late seldom finishes, but its first root moves may still improve.
    pub iteration_start_share: f64,
    /// A fall of the root score by more than this between iterations, like a change of the
    /// best move, marks a move that is not settled yet (it gets more time).
    pub unsettled_drop: i32,
    /// Iterations shallower than this say little about whether the move is settled.
    pub settled_from_depth: i32,
    /// A move not settled yet may think this percent of its soft time limit (at most halfway
    /// from the soft to the hard limit).
    pub unsettled_time_percent: u32,
    /// Iterations from this depth on search within a window around the last one's score,
    pub aspiration_depth: i32,
    /// at first this many margin units wide on each side.
    pub aspiration_delta: i32,

    /// History scores stay within plus or minus this.
    pub history_limit: i32,
    /// A threat's history score is worth this many times less than an ordering point,
    pub attack_history_divisor: i32,
    /// and a quiet move's this many.
    pub quiet_history_divisor: i32,
    /// What the move that last answered the opponent's move best adds to the ordering score.
    pub counter_move_bonus: i32,
    /// Rapfi's quadratic history bonus in plies: `a * p * p + b * p + c`, clamped to `max`.
    pub history_bonus: (f64, f64, f64, i32),

    /// A leaf this far below alpha plays no fours: none of them could bring it back.
    pub leaf_delta: i32,
    /// Razoring applies below this depth,
    pub razor_depth: Depth,
    /// with a margin of `a * p * p + b * p + c` in plies `p`.
    pub razor_margin: (f64, f64, f64),
    /// Futility: the margin per ply, less this much in an uncertain node.
    pub futility_per_ply: (i32, i32),
    /// Quiet moves (no pattern for either side) are skipped below this depth once a move holds.
    pub trivial_prune_depth: Depth,
    /// A node tries at most `a + p^b` moves once one holds (half when not improving).
    pub move_count_limit: (usize, f64),
    /// A cut node's evaluation this far above beta (`a + b * plies + c if forced`) reduces its
    /// quiet moves a ply more.
    pub fail_high_margin: (i32, i32, i32),

    /// Null moves are tried from this many plies on,
    pub null_move_plies: ByRule<i32>,
    /// when the evaluation stands `bias - min(per_ply * plies, max)` above beta,
    pub null_move_margin: ByRule<(i32, i32)>,
    /// and search `bias + per_ply * plies` plies less deep.
    pub null_move_reduction: ByRule<(f64, f64)>,

    /// How much less deep a node of the principal variation without a table move is searched,
    pub iir_principal: Depth,
    /// and in percent of the difference to a shallower table result, at most `iir_table_max`.
    pub iir_table_percent: i32,
    pub iir_table_max: Depth,

    /// Singular extensions are tested in nodes at least this deep,
    pub singular_depth: Depth,
    /// on a table result at most this much shallower than the node;
    pub singular_table_depth: Depth,
    /// the test searches this percent less deep;
    pub singular_test_percent: i32,
    /// the margin per ply below the table score, by rule (one more in a former PV node);
    pub singular_margin_per_ply: ByRule<f64>,
    /// the double extension needs `a - min(depth * b / (10 plies), c)` units further below,
    pub double_singular_margin: (i32, i32, i32),
    /// and only while the line has been extended by less than this;
    pub singular_extra_max: Depth,
    /// a table move that holds beta only on its table score is searched this much less deep.
    pub singular_fail_high_reduction: Depth,
    /// Without a singular test, the table move is extended this much (in a PV node, else),
    pub table_move_extension: (Depth, Depth),
    /// and a four within this distance of our last stone this much more.
    pub near_four_extension: (usize, Depth),

    /// The late-move reduction's factor by rule (squared, times the logarithms of depth and
    /// move number).
    pub lmr_factor: ByRule<f64>,
    /// Reductions less in a former PV node,
    pub lmr_was_principal: Depth,
    /// more in a cut node (unless a quiet killer),
    pub lmr_cut_node: Depth,
    /// more for a forced node's moves far from the opponent's and our last stone,
    pub lmr_forced_far: (Depth, Depth),
    /// less for a threat that goes on with our attack.
    pub lmr_attack_on: Depth,
    /// The share of the position's complexity added to the reduction, in plies, for (trivial
    /// distracting, trivial, plain, important) moves.
    pub complexity_share: [f64; 4],
    /// Re-searches of reduced moves extend a line by at most this much in all,
    pub lmr_extra_max: Depth,
    /// a re-search goes a ply deeper when the move beat alpha by `a + b * plies` margin units,
    /// and another when by `c + d * plies`.
    pub research_margins: (i32, i32, i32, i32),
    /// Once a move has raised alpha, the other moves of a node between these depths whose score
    /// is within this many margin units of zero are searched a ply less.
    pub raised_alpha_reduction: (Depth, Depth, i32),
    /// A move farther than this from our last stone (under renju, under the other rules) and
    /// out of the opponent's last stone's neighbourhood distracts the search.
    pub distract_distance: (usize, usize),

    /// History reduction: the quiet history's weight (in 1024ths), Rapfi's bias, and its
    /// divisors (the second added from the depth in tenths of plies).
    pub history_reduction: (i32, i32, i32, i32, i32),
}

impl Default for Params {
    fn default() -> Self {
        Params {
            margin_scale: 6,
            iteration_start_share: 0.8,
            unsettled_drop: 40,
            settled_from_depth: 5,
            unsettled_time_percent: 200,
            aspiration_depth: 5,
            aspiration_delta: 16,
            history_limit: 10_692,
            attack_history_divisor: 8,
            quiet_history_divisor: 16,
            counter_move_bonus: 336,
            history_bonus: (25.0, 105.0, -157.0, 8_927),
            leaf_delta: 2_100,
            razor_depth: 21,
            razor_margin: (0.17, 14.0, 19.0),
            futility_per_ply: (63, 12),
            trivial_prune_depth: 34,
            move_count_limit: (3, 1.32),
            fail_high_margin: (-9, 15, 87),
            null_move_plies: ByRule {
                freestyle: 10,
                renju: 8,
                exact: 11,
            },
            null_move_margin: ByRule {
                freestyle: (585, 315),
                renju: (624, 230),
                exact: (538, 345),
            },
            null_move_reduction: ByRule {
                freestyle: (3.67, 0.135),
                renju: (4.29, 0.17),
                exact: (4.07, 0.134),
            },
            iir_principal: 3,
            iir_table_percent: 28,
            iir_table_max: 29,
            singular_depth: 53,
            singular_table_depth: 16,
            singular_test_percent: 54,
            singular_margin_per_ply: ByRule {
                freestyle: 0.91,
                renju: 0.94,
                exact: 0.86,
            },
            double_singular_margin: (29, 6, 9),
            singular_extra_max: 86,
            singular_fail_high_reduction: 12,
            table_move_extension: (2, 1),
            near_four_extension: (4, 2),
            lmr_factor: ByRule {
                freestyle: 1.0,
                renju: 0.75,
                exact: 0.78,
            },
            lmr_was_principal: 8,
            lmr_cut_node: 14,
            lmr_forced_far: (15, 8),
            lmr_attack_on: 4,
            complexity_share: [0.0968, 0.0385, 0.0222, 0.0055],
            lmr_extra_max: 40,
            research_margins: (34, 11, 349, 26),
            raised_alpha_reduction: (2 * PLY, 12 * PLY, 2_000),
            distract_distance: (5, 4),
            history_reduction: (780, 3_322, 12_267, 4_380, 54),
        }
    }
}

impl Params {
    /// Applies one `NAME=VALUE` setting, as command lines give them (see [`Params::set`]).
    pub fn apply(&mut self, setting: &str) -> Result<(), String> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("expected NAME=VALUE, got '{setting}'"))?;
        let value: f64 = value
            .parse()
            .map_err(|_| format!("{name}: '{value}' is not a number"))?;
        self.set(name, value)
    }

    /// Sets the scalar parameter called `name` (the field's name) to `value`; tuple, array and
    /// per-rule parameters take `name.N` (their N-th value) or `name.freestyle`, `.renju`,
    /// `.exact`.
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let int = value.round() as i32;
        let size = value.round().max(0.0) as usize;
        let rule_slot = |name: &str, prefix: &str| -> Option<usize> {
            match name.strip_prefix(prefix)? {
                ".freestyle" => Some(0),
                ".renju" => Some(1),
                ".exact" => Some(2),
                _ => None,
            }
        };
        macro_rules! by_rule {
            ($field:expr, $slot:expr, $value:expr) => {
                match $slot {
                    0 => $field.freestyle = $value,
                    1 => $field.renju = $value,
                    _ => $field.exact = $value,
                }
            };
        }
        match name {
            "margin_scale" => self.margin_scale = int,
            "iteration_start_share" => self.iteration_start_share = value,
            "unsettled_drop" => self.unsettled_drop = int,
            "settled_from_depth" => self.settled_from_depth = int,
            "unsettled_time_percent" => self.unsettled_time_percent = size as u32,
            "aspiration_depth" => self.aspiration_depth = int,
            "aspiration_delta" => self.aspiration_delta = int,
            "history_limit" => self.history_limit = int,
            "attack_history_divisor" => self.attack_history_divisor = int,
            "quiet_history_divisor" => self.quiet_history_divisor = int,
            "counter_move_bonus" => self.counter_move_bonus = int,
            "leaf_delta" => self.leaf_delta = int,
            "razor_depth" => self.razor_depth = int,
            "trivial_prune_depth" => self.trivial_prune_depth = int,
            "iir_principal" => self.iir_principal = int,
            "iir_table_percent" => self.iir_table_percent = int,
            "iir_table_max" => self.iir_table_max = int,
            "singular_depth" => self.singular_depth = int,
            "singular_table_depth" => self.singular_table_depth = int,
            "singular_test_percent" => self.singular_test_percent = int,
            "singular_extra_max" => self.singular_extra_max = int,
            "singular_fail_high_reduction" => self.singular_fail_high_reduction = int,
            "lmr_was_principal" => self.lmr_was_principal = int,
            "lmr_cut_node" => self.lmr_cut_node = int,
            "lmr_attack_on" => self.lmr_attack_on = int,
            "lmr_extra_max" => self.lmr_extra_max = int,
            "history_bonus.0" => self.history_bonus.0 = value,
            "history_bonus.1" => self.history_bonus.1 = value,
            "history_bonus.2" => self.history_bonus.2 = value,
            "history_bonus.3" => self.history_bonus.3 = int,
            "razor_margin.0" => self.razor_margin.0 = value,
            "razor_margin.1" => self.razor_margin.1 = value,
            "razor_margin.2" => self.razor_margin.2 = value,
            "futility_per_ply.0" => self.futility_per_ply.0 = int,
            "futility_per_ply.1" => self.futility_per_ply.1 = int,
            "move_count_limit.0" => self.move_count_limit.0 = size,
            "move_count_limit.1" => self.move_count_limit.1 = value,
            "fail_high_margin.0" => self.fail_high_margin.0 = int,
            "fail_high_margin.1" => self.fail_high_margin.1 = int,
            "fail_high_margin.2" => self.fail_high_margin.2 = int,
            "double_singular_margin.0" => self.double_singular_margin.0 = int,
            "double_singular_margin.1" => self.double_singular_margin.1 = int,
            "double_singular_margin.2" => self.double_singular_margin.2 = int,
            "table_move_extension.0" => self.table_move_extension.0 = int,
            "table_move_extension.1" => self.table_move_extension.1 = int,
            "near_four_extension.0" => self.near_four_extension.0 = size,
            "near_four_extension.1" => self.near_four_extension.1 = int,
            "lmr_forced_far.0" => self.lmr_forced_far.0 = int,
            "lmr_forced_far.1" => self.lmr_forced_far.1 = int,
            "research_margins.0" => self.research_margins.0 = int,
            "research_margins.1" => self.research_margins.1 = int,
            "research_margins.2" => self.research_margins.2 = int,
            "research_margins.3" => self.research_margins.3 = int,
            "raised_alpha_reduction.0" => self.raised_alpha_reduction.0 = int,
            "raised_alpha_reduction.1" => self.raised_alpha_reduction.1 = int,
            "raised_alpha_reduction.2" => self.raised_alpha_reduction.2 = int,
            "distract_distance.0" => self.distract_distance.0 = size,
            "distract_distance.1" => self.distract_distance.1 = size,
            "history_reduction.0" => self.history_reduction.0 = int,
            "history_reduction.1" => self.history_reduction.1 = int,
            "history_reduction.2" => self.history_reduction.2 = int,
            "history_reduction.3" => self.history_reduction.3 = int,
            "history_reduction.4" => self.history_reduction.4 = int,
            "complexity_share.0" => self.complexity_share[0] = value,
            "complexity_share.1" => self.complexity_share[1] = value,
            "complexity_share.2" => self.complexity_share[2] = value,
            "complexity_share.3" => self.complexity_share[3] = value,
            _ => {
                if let Some(slot) = rule_slot(name, "null_move_plies") {
                    by_rule!(self.null_move_plies, slot, int);
                } else if let Some(slot) = rule_slot(name, "singular_margin_per_ply") {
                    by_rule!(self.singular_margin_per_ply, slot, value);
                } else if let Some(slot) = rule_slot(name, "lmr_factor") {
                    by_rule!(self.lmr_factor, slot, value);
                } else {
                    return Err(format!("no search parameter is called {name}"));
                }
            }
        }
        Ok(())
    }

    /// `value` margin units in evaluation points.
    pub fn margin(&self, value: i32) -> i32 {
        value * self.margin_scale
    }

    /// How far below the table score the other moves must stay for the table move to be
    /// singular: a little under a margin unit a ply, one more in a node once on a principal
    /// variation.
    pub fn singular_margin(&self, rule: Rule, depth: Depth, former_principal: bool) -> i32 {
        let per_ply =
            self.singular_margin_per_ply.get(rule) + f64::from(u8::from(former_principal));
        (per_ply * f64::from(depth) / f64::from(PLY) * f64::from(self.margin_scale)) as i32
    }

    /// How much further below the singular margin the other moves must stay for a double
    /// extension.
    pub fn double_singular_margin(&self, depth: Depth) -> i32 {
        let (base, per_depth, most) = self.double_singular_margin;
        self.margin(base - (depth * per_depth / (10 * PLY)).min(most))
    }

    /// How far below alpha a position near the leaves may stand before it is left to its fours.
    pub fn razor_margin(&self, depth: Depth) -> i32 {
        let (a, b, c) = self.razor_margin;
        let plies = depth as f64 / f64::from(PLY);
        let margin = a * plies * plies + b * plies + c;
        margin as i32 * self.margin_scale
    }

    /// How far above beta a position must stand to be cut off without a search.
    pub fn futility_margin(&self, depth: Depth, uncertain: bool, improving: bool) -> i32 {
        let (per_ply, less_uncertain) = self.futility_per_ply;
        let per_ply = per_ply - less_uncertain * i32::from(uncertain);
        let eighths = (depth - PLY * i32::from(improving)).max(0);
        per_ply * eighths * self.margin_scale / PLY
    }

    /// Null moves are tried from this depth on.
    pub fn null_move_depth(&self, rule: Rule) -> Depth {
        PLY * self.null_move_plies.get(rule)
    }

    /// How far above beta the static evaluation must stand for a null move: less the deeper
    /// the node, down to a floor.
    pub fn null_move_margin(&self, rule: Rule, depth: Depth) -> i32 {
        let (bias, max) = self.null_move_margin.get(rule);
        self.margin(bias - (28 * depth / PLY).min(max))
    }

    /// How much less deep the search after a null move goes: a few plies, more the deeper.
    pub fn null_move_reduction(&self, rule: Rule, depth: Depth) -> Depth {
        let (bias, per_ply) = self.null_move_reduction.get(rule);
        ((bias + per_ply * f64::from(depth) / f64::from(PLY)) * f64::from(PLY)) as Depth
    }

    /// How far above beta a cut node's evaluation must stand for its quiet moves to be reduced
    /// a ply more.
    pub fn fail_high_margin(&self, depth: Depth, forced: bool) -> i32 {
        let (base, per_ply, forced_extra) = self.fail_high_margin;
        self.margin(base + per_ply * (depth / PLY) + forced_extra * i32::from(forced))
    }

    /// How many moves a node of `depth` tries once one move holds: fewer when the position is
    /// not improving on the one two plies up.
    pub fn move_count_limit(&self, depth: Depth, improving: bool) -> usize {
        let (base, power) = self.move_count_limit;
        let plies = f64::from((depth / PLY).max(0));
        let limit = base + plies.powf(power) as usize;
        if improving {
            limit
        } else {
            limit / 2
        }
    }

    /// The extra depth a reduced move that beat alpha gets in its re-search, in eighths: more
    /// when it beat alpha by far, less when it barely rose above the best score.
    pub fn research_extension(
        &self,
        reduced_by: Depth,
        score: i32,
        alpha: i32,
        best: i32,
    ) -> Depth {
        let (a, b, c, d) = self.research_margins;
        let plies = reduced_by / PLY;
        let deeper = score > alpha + self.margin(a + b * plies);
        let much_deeper = score > alpha + self.margin(c + d * plies);
        let shallower = score < best + plies;
        PLY * (i32::from(deeper) + i32::from(much_deeper) - i32::from(shallower))
    }

    /// The share of the position's complexity added to a move's reduction, in eighths of a ply.
    pub fn complexity_share(&self, trivial: bool, important: bool, distract: bool) -> f64 {
        let slot = match (trivial, important, distract) {
            (true, _, true) => 0,
            (true, _, false) => 1,
            (false, false, _) => 2,
            (false, true, _) => 3,
        };
        self.complexity_share[slot] * f64::from(PLY)
    }

    /// What the history learns from a node `depth` deep: Rapfi's quadratic bonus in plies.
    pub fn history_bonus(&self, depth: Depth) -> i32 {
        let (a, b, c, max) = self.history_bonus;
        let plies = f64::from(depth) / f64::from(PLY);
        ((a * plies * plies + b * plies + c) as i32).clamp(0, max)
    }

    /// How much less a move's history reduces it, in eighths of a ply, from its threat and
    /// quiet history scores.
    pub fn history_reduction(&self, attack: i32, quiet: i32, depth: Depth) -> Depth {
        let (quiet_weight, bias, divisor, deep_extra, deep_from) = self.history_reduction;
        // Rapfi's bias: a move with no history behind it is reduced a quarter ply more.
        let stat = attack + quiet * quiet_weight / 1024 - bias;
        let divisor = if depth > deep_from * PLY / 10 {
            divisor + deep_extra
        } else {
            divisor
        };
        stat * PLY / divisor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_set_by_name_and_unknown_names_refused() {
        let mut params = Params::default();
        params.set("razor_depth", 25.0).unwrap();
        params.set("lmr_factor.renju", 0.5).unwrap();
        params.set("research_margins.2", 300.0).unwrap();
        assert_eq!(params.razor_depth, 25);
        assert_eq!(params.lmr_factor.get(Rule::Renju), 0.5);
        assert_eq!(params.research_margins.2, 300);
        assert!(params.set("razor_dept", 1.0).is_err());
        assert!(params.set("lmr_factor.caro", 1.0).is_err());
    }

    #[test]
    fn settings_from_a_command_line_name_their_fault() {
        let mut params = Params::default();
        params.apply("razor_depth=30").unwrap();
        assert_eq!(params.razor_depth, 30);
        assert!(params
            .apply("razor_depth")
            .unwrap_err()
            .contains("NAME=VALUE"));
        assert!(params.apply("razor_depth=x").unwrap_err().contains("'x'"));
        assert!(params
            .apply("razor_dept=1")
            .unwrap_err()
            .contains("razor_dept"));
        assert_eq!(params.razor_depth, 30);
    }

    #[test]
    fn margins_scale_with_depth() {
        let params = Params::default();
        assert!(params.razor_margin(3 * PLY) > params.razor_margin(PLY));
        assert!(params.null_move_reduction(Rule::Freestyle, 12 * PLY) > 3 * PLY);
        assert_eq!(params.move_count_limit(0, true), 3);
        assert_eq!(params.history_bonus(0), 0);
    }
}
