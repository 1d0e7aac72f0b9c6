//! The search of one node below the root: the table, the pruning before any move (razoring,
//! futility, null moves), the moves with their extensions and reductions, and the leaves that
//! play their fours through.

use super::ordering::{history_kind, select_best, ATTACK, QUIET, SEARCHED_KEPT};
use super::{Depth, Searcher, MAX_PLY, PLY};
use crate::core::color::Color;
use crate::core::score::{Bound, WIN, WIN_THRESHOLD};
use crate::gomoku::board::{Board, Cell};
use crate::gomoku::eval::{evaluate_smoothed, material};
use crate::gomoku::movegen::{generate_unordered, is_legal, is_stuck};
use crate::gomoku::pattern::Threat;
use crate::gomoku::rule::Rule;
use crate::gomoku::tt::Entry;

/// What a node below the root knows about itself once it has read the table and the
/// evaluation (its depth and alpha as they were then).
#[derive(Clone, Copy)]
struct Node {
    depth: Depth,
    ply: usize,
    alpha: i32,
    beta: i32,
    /// The side to move.
    me: Color,
    /// On a principal variation (a window wider than null).
    principal: bool,
    /// The opponent threatens an open four, which forces the moves.
    forced: bool,
    /// A cut-off is expected (a null-window node whose parent expects none).
    cut_node: bool,
    /// The position is or was part of a principal variation.
    was_principal: bool,
    /// The evaluation is better than two plies up.
    improving: bool,
    /// The static evaluation sharpened by the table (`None` when the moves are forced).
    eval: Option<i32>,
    entry: Option<Entry>,
    /// The move a singular-extension test leaves out.
    excluded: Option<Cell>,
}

/// What a move of a node is, for the decisions about its depth.
#[derive(Clone, Copy)]
struct MoveFacts {
    cell: Cell,
    /// Its threat class for the side to move, and for the opponent.
    own: Threat,
    theirs: Threat,
    /// No pattern for either side.
    trivial: bool,
    /// At least a double two for us or an open three for them.
    important: bool,
    /// Far from both sides' last stones.
    distract: bool,
    /// Its distance to the opponent's last stone and to ours.
    from_theirs: usize,
    from_ours: usize,
}

/// The moves of a node searched in vain before its best one, by kind (at most
/// [`SEARCHED_KEPT`] of each).
struct Searched {
    cells: [[Cell; SEARCHED_KEPT]; 2],
    count: [usize; 2],
}

impl Default for Searched {
    fn default() -> Self {
        Searched {
            cells: [[0; SEARCHED_KEPT]; 2],
            count: [0; 2],
        }
    }
}

impl Searched {
    fn push(&mut self, kind: usize, cell: Cell) {
        if self.count[kind] < SEARCHED_KEPT {
            self.cells[kind][self.count[kind]] = cell;
            self.count[kind] += 1;
        }
    }

    fn of(&self, kind: usize) -> &[Cell] {
        &self.cells[kind][..self.count[kind]]
    }
}

/// Rapfi's neighbourhood of a stone reaches this far along its lines: moves farther from the
/// last stones distract.
const NEAR: usize = 4;

impl Searcher {
    /// The search of a node below the root: `depth` in eighths of a ply, a null window unless
    /// the node is on a principal variation; `cut_node` when a cut-off is expected (a
    /// null-window node whose parent expects none).
    pub(super) fn negamax(
        &mut self,
        board: &mut Board,
        mut depth: Depth,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        cut_node: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 15 == 0 && self.deadline.hard_passed() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let me = board.side_to_move();
        let opponent = me.opponent();
        let ply_score = ply as i32;
        self.stack[ply].material = material(board);
        self.stack[ply].extension = self.stack[ply - 1].extension;
        if board.threat_count(me, Threat::Five) > 0 {
            return WIN - ply_score;
        }
        if board.threat_count(opponent, Threat::Five) > 0 {
            if board.threat_count(opponent, Threat::Five) > 1 {
                return -(WIN - ply_score - 1);
            }
            let block = board.five_point(opponent).expect("counted above");
            if !is_legal(board, block) || ply >= MAX_PLY {
                return -(WIN - ply_score - 1);
            }
            // The one block costs no depth.
            self.stack[ply].eval = self.stack[ply - 1].eval.map(|eval| -eval);
            self.stack[ply].was_principal = self.stack[ply - 1].was_principal;
            self.stack[ply].played = Some((block, board.threat(me, block)));
            board.play(block);
            let score = -self.negamax(board, depth, ply + 1, -beta, -alpha, !cut_node);
            board.undo();
            return score;
        }
        if let Some(score) = self.static_win(board, ply_score) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.leaf(board, 0, ply, alpha, beta);
        }
        // Mate-distance pruning: nothing here can beat a win found closer to the root.
        let alpha_floor = -(WIN - ply_score);
        if alpha_floor >= beta {
            return alpha_floor;
        }
        let principal = beta - alpha > 1;
        // A node searched without one of its moves neither reads nor writes the table: its
        // result is not the node's.
        let excluded = self.stack[ply].excluded;
        let key = board.hash();
        let entry = if excluded.is_some() {
            None
        } else {
            self.table.probe(key)
        };
        if let Some(entry) = entry {
            if !principal && entry.depth >= depth {
                let score = from_table(entry.score, ply_score);
                if entry.bound.settles(score, alpha, beta) {
                    if let Some(cell) = entry.best {
                        self.learn_from_table_move(board, cell, depth, score >= beta);
                    }
                    return score;
                }
            }
        }
        let table_move = entry.and_then(|entry| entry.best);
        let mut was_principal = if excluded.is_some() {
            self.stack[ply].was_principal
        } else {
            principal || entry.map_or(false, |entry| entry.pv)
        };
        self.stack[ply].was_principal = was_principal;
        self.stack[ply + 1].was_principal = false;

        // The opponent threatens an open four: the moves are forced, and the evaluation of
        // the position says little (the parent's stands in for it).
        let forced = board.threat_count(opponent, Threat::Flex4) > 0;
        let mut eval = None;
        let mut improving = false;
        if forced {
            self.stack[ply].eval = self.stack[ply - 1].eval.map(|eval| -eval);
        } else {
            let stand = evaluate_smoothed(board, self.stack[ply - 1].material);
            self.stack[ply].eval = Some(stand);
            let mut estimate = stand;
            if let Some(entry) = entry {
                let score = from_table(entry.score, ply_score);
                if entry.bound.improves(score, stand) {
                    estimate = score;
                }
            }
            eval = Some(estimate);
            improving = ply >= 2
                && matches!((self.stack[ply].eval, self.stack[ply - 2].eval), (Some(now), Some(before)) if now > before);
        }

        let node = Node {
            depth,
            ply,
            alpha,
            beta,
            me,
            principal,
            forced,
            cut_node,
            was_principal,
            improving,
            eval,
            entry,
            excluded,
        };
        if !principal {
            if let Some(score) = self.prune_before_moves(board, &node) {
                return score;
            }
        }
        // Without a move to try first, a node of the principal variation is searched a little
        // less deep; with one that was not searched as deep lately, less deep still.
        if principal {
            match entry {
                None | Some(Entry { best: None, .. }) => depth -= self.params.iir_principal,
                Some(entry) if depth > PLY => {
                    let shallower = (depth - entry.depth) * self.params.iir_table_percent / 100;
                    depth -= shallower.clamp(0, self.params.iir_table_max);
                }
                Some(_) => {}
            }
            if depth <= 0 {
                return self.leaf(board, 0, ply, alpha, beta);
            }
        }

        let mut moves = std::mem::take(&mut self.stack[ply].moves);
        generate_unordered(board, &mut moves, &mut self.scratch);
        if moves.is_empty() {
            self.stack[ply].moves = moves;
            if forced {
                return -(WIN - ply_score - 3);
            }
            // Renju's black with empty cells left, every one forbidden, must play one and lose.
            return if is_stuck(board) {
                -(WIN - ply_score - 1)
            } else {
                0
            };
        }
        self.order(board, &mut moves, table_move, ply);
        let mut complexity_log = None;
        let likely_fail_high = !principal
            && cut_node
            && eval.map_or(false, |eval| {
                eval >= beta + self.params.fail_high_margin(depth, forced)
            });
        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        // The moves searched before the best one, by kind, which the history marks down.
        let mut searched = Searched::default();
        let their_last = ply.checked_sub(1).and_then(|p| self.stack[p].played);
        let our_last = ply.checked_sub(2).and_then(|p| self.stack[p].played);
        let (renju_distance, distract_distance) = self.params.distract_distance;
        let distract_distance = if board.rule() == Rule::Renju {
            renju_distance
        } else {
            distract_distance
        };
        // 1 once the excluded move has been passed over, so that it is not counted.
        let mut skipped = 0;
        for index in 0..moves.len() {
            // Most nodes end with their first move or two, so the moves are picked best first
            // one at a time rather than sorted all at once.
            select_best(&mut moves[index..]);
            let cell = moves[index].cell;
            if Some(cell) == excluded {
                skipped = 1;
                continue;
            }
            let move_count = index + 1 - skipped;
            let own = board.threat(me, cell);
            let theirs = board.threat(opponent, cell);
            let important = own >= Threat::DoubleTwo || theirs >= Threat::Three;
            let trivial = own == Threat::None && theirs == Threat::None;
            let from_theirs = their_last.map_or(0, |(last, _)| distance(board, cell, last));
            let from_ours = our_last.map_or(0, |(last, _)| distance(board, cell, last));
            let distract = from_ours > distract_distance && from_theirs > NEAR;
            // Moves are skipped only once one move is known not to lose: a node that pruned
            // its way to a lost score would pass off an unproven loss as a proof, and the
            // search trusts win and loss scores everywhere.
            if best_score > -WIN_THRESHOLD {
                if move_count >= self.params.move_count_limit(depth, improving) {
                    break;
                }
                if trivial && depth < self.params.trivial_prune_depth {
                    continue;
                }
                // A counter-four far from both last moves mostly delays the loss.
                if forced
                    && depth < self.params.trivial_prune_depth
                    && !theirs.is_four()
                    && distract
                {
                    continue;
                }
            }
            let mut extension = 0;
            if Some(cell) == table_move {
                let singular = match entry {
                    Some(entry) if excluded.is_none() => {
                        self.singular_extension(board, entry, depth, ply, beta, principal, cut_node)
                    }
                    _ => None,
                };
                match singular {
                    Some(Singular::Cut(score)) => {
                        self.stack[ply].moves = moves;
                        return score;
                    }
                    Some(Singular::Extend(plies)) => extension = plies,
                    None => {
                        let (in_principal, elsewhere) = self.params.table_move_extension;
                        extension = if principal { in_principal } else { elsewhere };
                        let (near, more) = self.params.near_four_extension;
                        if own.is_four() && from_ours <= near {
                            extension += more;
                        }
                    }
                }
            }
            if likely_fail_high {
                if !own.is_four() {
                    extension -= PLY;
                } else if our_last.map_or(false, |(_, threat)| threat.is_four()) {
                    extension += PLY;
                }
            }
            let mut new_depth = depth - PLY + extension;
            self.stack[ply].extension =
                self.stack[ply.saturating_sub(1)].extension + (extension - PLY).max(0);
            let reduced_search = depth >= 2 * PLY && move_count > 1;
            let busy = if reduced_search {
                *complexity_log.get_or_insert_with(|| complexity(board))
            } else {
                0.0
            };
            self.stack[ply].played = Some((cell, own));
            if new_depth > 0 {
                // The child probes the table first: its slot loads while the board updates.
                self.table.prefetch(board.hash_after(cell));
            }
            board.play(cell);
            let mut score = -WIN - 1;
            // Whether the move still needs a null-window search at full depth: every move but
            // the first of a principal node, unless a reduced search settled it.
            let mut full_null_window = !principal || move_count > 1;
            if reduced_search {
                let facts = MoveFacts {
                    cell,
                    own,
                    theirs,
                    trivial,
                    important,
                    distract,
                    from_theirs,
                    from_ours,
                };
                let reduction = self.reduction(board, &node, &facts, depth, move_count, busy);
                let reduced = (new_depth - reduction).min(new_depth + PLY).max(PLY);
                score = -self.negamax(board, reduced, ply + 1, -alpha - 1, -alpha, true);
                full_null_window = false;
                if score > alpha && reduced < new_depth && !self.stopped {
                    let mut more = self.params.research_extension(
                        new_depth - reduced,
                        score,
                        alpha,
                        best_score,
                    );
                    if self.stack[ply].extension >= self.params.lmr_extra_max {
                        more = more.min(PLY);
                    } else {
                        self.stack[ply].extension += (more - PLY).max(0);
                    }
                    new_depth += more;
                    full_null_window = reduced < new_depth;
                }
            }
            if full_null_window {
                score = -self.negamax(board, new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
            }
            if principal && (move_count == 1 || score > alpha && score < beta) && !self.stopped {
                score = -self.negamax(board, new_depth, ply + 1, -beta, -alpha, false);
            }
            board.undo();
            if self.stopped {
                self.stack[ply].moves = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(cell);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                    // Once a move has raised alpha, the others are searched a ply less.
                    let (from, below, score_limit) = self.params.raised_alpha_reduction;
                    if depth > from
                        && depth < below
                        && score.abs() < self.params.margin(score_limit)
                    {
                        depth -= PLY;
                    }
                }
            }
            if best_move != Some(cell) {
                if let Some(kind) = history_kind(own, forced) {
                    searched.push(kind, cell);
                }
            }
        }
        self.stack[ply].moves = moves;
        if let Some(best) = best_move {
            self.learn_from_node(board, ply, depth, forced, best, &searched);
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        // A position whose moves all failed low below a principal one may be on the next
        // principal variation; one that found its refutation is likely not.
        if best_score <= original_alpha {
            was_principal = was_principal || (self.stack[ply - 1].was_principal && depth > 3 * PLY);
        } else if depth > 3 * PLY {
            was_principal = was_principal && self.stack[ply + 1].was_principal;
        }
        if excluded.is_some() {
            return best_score;
        }
        self.stack[ply].was_principal = was_principal;
        self.table.store(
            key,
            Entry {
                best: best_move,
                score: to_table(best_score, ply_score),
                depth,
                bound,
                pv: was_principal,
            },
        );
        best_score
    }

    /// The cut-offs of a null-window node before any move: razoring (near the leaves, a
    /// position far below alpha is left to its fours), futility and the null move (a position
    /// far enough above beta stands).
    fn prune_before_moves(&mut self, board: &mut Board, node: &Node) -> Option<i32> {
        let Node {
            depth,
            ply,
            alpha,
            beta,
            cut_node,
            improving,
            eval,
            entry,
            excluded,
            ..
        } = *node;
        // Razoring: near the leaves, a position far below alpha is left to its fours (a
        // forced one too: its threat is in the evaluation of the leaf).
        let below = match eval {
            Some(eval) => eval + self.params.razor_margin(depth) < alpha,
            None => true,
        };
        if depth < self.params.razor_depth && below && (alpha < WIN_THRESHOLD || entry.is_none()) {
            return Some(self.leaf(board, 0, ply, alpha, alpha + 1));
        }
        // Futility: a position far enough above beta stands, unless it is attacking with
        // fours, whose end the evaluation does not see.
        if let Some(eval) = eval {
            let margin =
                self.params
                    .futility_margin(depth - PLY, cut_node && entry.is_none(), improving);
            let attacking = ply >= 4
                && [ply - 2, ply - 4].iter().all(|&p| {
                    self.stack[p]
                        .played
                        .map_or(false, |(_, threat)| threat.is_four())
                });
            if eval < WIN_THRESHOLD && beta > -WIN_THRESHOLD && eval - margin >= beta && !attacking
            {
                return Some(eval);
            }
            // Null move: deep in the tree, a position far enough above beta may pass. The
            // margin is on the static evaluation, not on the table's estimate.
            let stand = self.stack[ply].eval.unwrap_or(eval);
            if excluded.is_none() && eval >= beta {
                return self.null_move(board, stand, depth, ply, beta, cut_node);
            }
        }
        None
    }

    /// How much less deep the `move_count`th move of a node of `depth` is first searched, in
    /// eighths of a ply: the late-move reduction, adjusted for what the node and the move are
    /// (`board` is the position after the move).
    fn reduction(
        &self,
        board: &Board,
        node: &Node,
        facts: &MoveFacts,
        depth: Depth,
        move_count: usize,
        busy: f64,
    ) -> Depth {
        let MoveFacts {
            cell,
            own,
            theirs,
            trivial,
            important,
            distract,
            from_theirs,
            from_ours,
        } = *facts;
        let Node {
            ply, me, forced, ..
        } = *node;
        let our_last = ply.checked_sub(2).and_then(|p| self.stack[p].played);
        let mut reduction = self.base_reduction(board, depth, move_count);
        if node.principal {
            reduction = (reduction - PLY).max(0);
        } else if !node.improving && reduction > PLY {
            reduction += PLY;
        }
        reduction += (busy * self.params.complexity_share(trivial, important, distract)) as Depth;
        if node.was_principal {
            reduction -= self.params.lmr_was_principal;
        }
        let killer = self.stack[ply].killers.contains(&Some(cell));
        if node.cut_node && !(!forced && killer && own < Threat::Three) {
            reduction += self.params.lmr_cut_node;
        }
        if forced && !theirs.is_four() {
            let (far_from_theirs, far_from_ours) = self.params.lmr_forced_far;
            reduction += if from_theirs > NEAR {
                far_from_theirs
            } else {
                0
            };
            reduction += if from_ours > NEAR { far_from_ours } else { 0 };
        }
        let attacking_on = our_last.map_or(false, |(_, threat)| threat >= Threat::Three);
        if !forced
            && attacking_on
            && (own >= Threat::Three || from_ours <= NEAR && own >= Threat::DoubleTwo)
        {
            reduction -= self.params.lmr_attack_on;
        }
        reduction -= self.history_reduction(cell, me, depth);
        reduction
    }

    /// What a node teaches the ordering once its `best` move is known (it cut off or raised
    /// alpha): the move gains, the moves of its kind searched before it in vain lose as much,
    /// a quiet one becomes a killer, and it becomes the counter-move of the opponent's last.
    fn learn_from_node(
        &mut self,
        board: &Board,
        ply: usize,
        depth: Depth,
        forced: bool,
        best: Cell,
        searched: &Searched,
    ) {
        let me = board.side_to_move();
        let opponent = me.opponent();
        let their_last = ply.checked_sub(1).and_then(|p| self.stack[p].played);
        let bonus = self.params.history_bonus(depth);
        let own = board.threat(me, best);
        if let Some(kind) = history_kind(own, forced) {
            self.reward(best, me, kind, bonus);
            if kind == QUIET {
                self.add_killer(ply, best);
            }
        }
        for kind in [ATTACK, QUIET] {
            for &tried in searched.of(kind) {
                self.reward(tried, me, kind, -bonus);
            }
        }
        if let Some((last, _)) = their_last {
            self.counter_moves[last as usize][opponent.index()] = Some((best, own));
        }
    }

    /// The null-move test of a null-window node whose evaluation `stand` lies far above
    /// `beta`: the opponent moves twice in a row, in a search some plies less deep, and when we
    /// still hold beta the node is cut with that score (never a win: passing proves none).
    /// A stone seldom hurts its owner in gomoku (only through renju's forbidden points or an
    /// exact five's overline), so a pass is about a lower bound of the best move. Not twice in a
    /// row, not in shallow nodes, and not where beta is a win or a loss, which moves must prove.
    pub(super) fn null_move(
        &mut self,
        board: &mut Board,
        stand: i32,
        depth: Depth,
        ply: usize,
        beta: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let rule = board.rule();
        let passed_before = self.stack[ply - 1].played.is_none();
        if depth < self.params.null_move_depth(rule)
            || stand < beta + self.params.null_move_margin(rule, depth)
            || beta.abs() >= WIN_THRESHOLD
            || passed_before
        {
            return None;
        }
        let me = board.side_to_move();
        self.stack[ply].played = None;
        board.set_side_to_move(me.opponent());
        let reduced = depth - self.params.null_move_reduction(rule, depth);
        let score = -self.negamax(board, reduced, ply + 1, -beta, -beta + 1, !cut_node);
        board.set_side_to_move(me);
        (score >= beta && !self.stopped).then(|| score.min(WIN_THRESHOLD - 1))
    }

    /// The singular-extension test of a table move that held at about this depth before: the
    /// node searched without it, less deep and against its table score less a margin. When
    /// every other move stays below, the table move is the only good one and is searched
    /// deeper (two plies when far below, outside the principal variation); when the others
    /// hold beta on their own, the node is cut (several moves would); when only the table's
    /// score holds beta, the move is searched less deep. `None` when the test does not apply.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn singular_extension(
        &mut self,
        board: &mut Board,
        entry: Entry,
        depth: Depth,
        ply: usize,
        beta: i32,
        principal: bool,
        cut_node: bool,
    ) -> Option<Singular> {
        let score = from_table(entry.score, ply as i32);
        if depth < self.params.singular_depth
            || entry.bound == Bound::Upper
            || entry.depth < depth - self.params.singular_table_depth
            || score.abs() >= WIN_THRESHOLD
        {
            return None;
        }
        // A null-window node that was once on a principal variation is tested harder.
        let former_principal = !principal && self.stack[ply].was_principal;
        let margin = self
            .params
            .singular_margin(board.rule(), depth, former_principal);
        let singular_beta = (score - margin).max(-WIN);
        let test_depth = depth - depth * self.params.singular_test_percent / 100
            + PLY * i32::from(former_principal);
        self.stack[ply].excluded = entry.best;
        let test = self.negamax(
            board,
            test_depth,
            ply,
            singular_beta - 1,
            singular_beta,
            cut_node,
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            return None;
        }
        Some(if test < singular_beta {
            let far_below = test < singular_beta - self.params.double_singular_margin(depth);
            if far_below
                && !principal
                && self.stack[ply - 1].extension < self.params.singular_extra_max
            {
                Singular::Extend(2 * PLY)
            } else {
                Singular::Extend(PLY)
            }
        } else if singular_beta >= beta {
            Singular::Cut(beta)
        } else if score >= beta {
            Singular::Extend(-self.params.singular_fail_high_reduction)
        } else {
            Singular::Extend(0)
        })
    }

    /// A win the threats on the board decide without a search, when the opponent has no five
    /// to make: an open four (or two fours); or, when the opponent cannot make a four to
    /// interrupt, a four-three or a double three (neither under renju's forbidden points).
    fn static_win(&mut self, board: &mut Board, ply_score: i32) -> Option<i32> {
        let me = board.side_to_move();
        let opponent = me.opponent();
        if board.threat_count(me, Threat::Flex4) > 0 && self.has_legal_flex4(board) {
            return Some(WIN - ply_score - 2);
        }
        if board.rule().has_forbidden_points(me) {
            return None;
        }
        let their_fours = [Threat::Four, Threat::FourThree, Threat::Flex4]
            .iter()
            .map(|&threat| board.threat_count(opponent, threat))
            .sum::<usize>();
        let double_threats =
            board.threat_count(me, Threat::FourThree) + board.threat_count(me, Threat::DoubleThree);
        (their_fours == 0 && double_threats > 0).then_some(WIN - ply_score - 4)
    }

    /// The late-move reduction of the `move_count`th move in a node of `depth`, in eighths of
    /// a ply: the product of their logarithms, less where a win must be exact.
    pub(super) fn base_reduction(&self, board: &Board, depth: Depth, move_count: usize) -> Depth {
        let factor = self.params.lmr_factor.get(board.rule());
        let plies = (depth / PLY).clamp(0, 255) as usize;
        let reduction = factor
            * factor
            * self.reduction_log[plies]
            * self.reduction_log[move_count.min(255)]
            * f64::from(PLY);
        reduction as Depth
    }

    /// A leaf: the side to move stands on its evaluation or plays a four near its last stone
    /// (each answered by its one block through [`Searcher::negamax`], which comes back here a
    /// level deeper: `depth` counts the levels below zero), so that a run of fours that ends
    /// in a win or a strong shape is seen to its end.
    ///
    /// "Near" is Rapfi's neighbourhood of a stone: its 5x5 square and its lines up to four cells
    /// away (every four on the board costs nodes and seldom matters).
    pub(super) fn leaf(
        &mut self,
        board: &mut Board,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let stand = evaluate_smoothed(board, self.stack[ply - 1].material);
        let me = board.side_to_move();
        let fours =
            board.threat_count(me, Threat::Four) + board.threat_count(me, Threat::FourThree);
        if stand >= beta
            || fours == 0
            || ply + 2 >= MAX_PLY
            || stand + self.params.leaf_delta < alpha
        {
            return stand;
        }
        let last = match board
            .history()
            .iter()
            .rev()
            .find(|&&(_, color)| color == me)
        {
            Some(&(last, _)) => last,
            None => return stand,
        };
        let (lx, ly) = board.coords(last);
        let mut cells = std::mem::take(&mut self.stack[ply].fours);
        board.cells_with_threat(me, Threat::Four, &mut cells);
        cells.retain(|&cell| {
            let threat = board.threat(me, cell);
            if threat != Threat::Four && threat != Threat::FourThree {
                return false;
            }
            let (x, y) = board.coords(cell);
            let (dx, dy) = (x.abs_diff(lx), y.abs_diff(ly));
            let on_line = dx == 0 || dy == 0 || dx == dy;
            dx.max(dy) <= 2 || (on_line && dx.max(dy) <= 4)
        });
        cells.sort_by_key(|&cell| std::cmp::Reverse(board.threat(me, cell)));
        let mut best = stand;
        alpha = alpha.max(stand);
        for &cell in &cells {
            if !is_legal(board, cell) {
                continue;
            }
            board.play(cell);
            let score = -self.negamax(board, depth - PLY, ply + 1, -beta, -alpha, false);
            board.undo();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if score >= beta {
                    break;
                }
            }
        }
        self.stack[ply].fours = cells;
        best
    }

    fn has_legal_flex4(&mut self, board: &mut Board) -> bool {
        let me = board.side_to_move();
        if !board.rule().has_forbidden_points(me) {
            return true;
        }
        board.cells_with_threat(me, Threat::Flex4, &mut self.scratch);
        let cells = std::mem::take(&mut self.scratch);
        let found = cells.iter().any(|&c| is_legal(board, c));
        self.scratch = cells;
        found
    }
}

/// What a singular-extension test decided for the table move.
#[derive(Debug)]
pub(super) enum Singular {
    /// Search it this much deeper (less deep when negative), in eighths of a ply.
    Extend(Depth),
    /// Other moves hold beta too: the node returns this score.
    Cut(i32),
}

/// The logarithm of how many cells hold a pattern for either side: a busy position reduces
/// its quiet moves a little more.
fn complexity(board: &Board) -> f64 {
    let classes = [
        Threat::Low,
        Threat::DoubleTwo,
        Threat::Three,
        Threat::ThreePlus,
        Threat::Four,
        Threat::DoubleThree,
    ];
    let count: usize = [Color::Black, Color::White]
        .iter()
        .flat_map(|&color| classes.iter().map(move |&class| (color, class)))
        .map(|(color, class)| board.threat_count(color, class))
        .sum();
    ((1 + count) as f64).ln()
}

/// The Chebyshev distance between two cells.
fn distance(board: &Board, a: Cell, b: Cell) -> usize {
    let (ax, ay) = board.coords(a);
    let (bx, by) = board.coords(b);
    ax.abs_diff(bx).max(ay.abs_diff(by))
}

/// Win scores are stored relative to the node, so that they stay right at another ply.
pub(super) fn to_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply
    } else if score <= -WIN_THRESHOLD {
        score - ply
    } else {
        score
    }
}

pub(super) fn from_table(score: i32, ply: i32) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply
    } else if score <= -WIN_THRESHOLD {
        score + ply
    } else {
        score
    }
}
