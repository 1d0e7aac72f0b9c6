//! Monte Carlo tree search for NoGo: UCT guided by RAVE (all-moves-as-first statistics), with
//! proven results: a position whose side to move has no legal move is lost, and that knowledge
//! climbs the tree, so the end of the game is played exactly.

use super::board::{bit, Board, Points};
use super::playout::playout;
use crate::core::rng::Rng;
use crate::core::time::{Deadline, StopFlag};

/// Settings of the search (the defaults are the tuned ones; tests and matches vary them).
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Weight of the exploration term.
    pub exploration: f32,
    /// RAVE bias `b` of Silver's schedule, used when `rave_prior` is 0; both 0 turn RAVE off.
    pub rave_bias: f32,
    /// Visits a leaf needs before it gets children while the tree is small; the requirement
    /// grows as the tree fills up, so that long searches stay within `max_nodes`.
    pub expand_after: u32,
    /// The most nodes the tree may hold (memory cap: a node is 24 bytes).
    pub max_nodes: usize,
    /// Stop after this many playouts even with time left (0: no limit).
    pub max_playouts: u64,
    /// Virtual all-moves-as-first visits, at an even result, that every child starts with;
    /// above 0 the value of a child is its real and its all-moves-as-first results pooled, each
    /// counted by its visits (HappyNoGo's way), instead of Silver's schedule with `rave_bias`.
    pub rave_prior: f32,
    /// Whether a playout's stones on points only their side could play count for the
    /// all-moves-as-first statistics.
    pub amaf_reserves: bool,
    /// Whether to search on the opponent's time (never with `max_playouts`, which fixes the
    /// work of each move); off by default, since it showed no gain (`docs/nogo.md`).
    pub ponder: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            exploration: 0.25,
            rave_bias: 0.05,
            expand_after: 1,
            max_nodes: 6_000_000,
            max_playouts: 0,
            rave_prior: 20.0,
            amaf_reserves: false,
            ponder: false,
        }
    }
}

/// Proven result of a node, for the player who made the move leading to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    Win,
    Loss,
}

/// One position of the tree, reached by `point`.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Index of the first child in the arena (0: not expanded).
    first_child: u32,
    visits: u32,
    /// Wins of the player who moved to this node.
    wins: f32,
    amaf_visits: u32,
    amaf_wins: f32,
    child_count: u8,
    point: u8,
    proof: Proof,
}

impl Node {
    fn new(point: usize) -> Self {
        Self {
            first_child: 0,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            child_count: 0,
            point: point as u8,
            proof: Proof::Unknown,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + usize::from(self.child_count)
    }
}

/// The search tree and its settings.
pub struct Mcts {
    settings: Settings,
    nodes: Vec<Node>,
    rng: Rng,
    /// The position at the root of `nodes`, whose subtrees the next search may keep.
    tree_root: Option<Board>,
}

impl Mcts {
    /// A search with `settings`, its randomness fixed by `seed`.
    pub fn new(settings: Settings, seed: u64) -> Self {
        Self {
            settings,
            nodes: Vec::new(),
            rng: Rng::new(seed),
            tree_root: None,
        }
    }

    /// Searches `root` and returns the best point, never one of `excluded`; `None` when the side
    /// to move has no other legal point. Always answers, even with no time at all.
    ///
    /// The search stops at the soft limit when the most visited point is also the best valued
    /// one; otherwise it goes on (up to the hard limit) to settle the choice.
    pub fn search(
        &mut self,
        root: &Board,
        deadline: Deadline,
        excluded: &[usize],
    ) -> Option<usize> {
        let mut allowed = root.legal_points(root.to_move());
        for &point in excluded {
            allowed &= !bit(point);
        }
        if allowed == 0 {
            return None;
        }
        self.set_root(root, allowed, excluded.is_empty());
        let mut playouts = 0u64;
        let mut path = Vec::with_capacity(96);
        loop {
            if playouts % 64 == 0 && self.should_stop(&deadline) {
                break;
            }
            if self.settings.max_playouts > 0 && playouts >= self.settings.max_playouts {
                break;
            }
            self.iterate(root, &mut path);
            playouts += 1;
        }
        let best = self.best_root_child();
        Some(usize::from(self.nodes[best].point))
    }

    /// Searches `root`, the opponent to move, until `stop` is raised, growing the tree that the
    /// next search keeps below the opponent's move; returns at once when pondering is off, the
    /// root is decided or the side to move has no legal point.
    pub fn ponder(&mut self, root: &Board, stop: StopFlag) {
        let legal = root.legal_points(root.to_move());
        if !self.settings.ponder || self.settings.max_playouts > 0 || legal == 0 {
            return;
        }
        self.set_root(root, legal, true);
        let mut path = Vec::with_capacity(96);
        let mut playouts = 0u64;
        loop {
            if playouts % 64 == 0 && (stop.is_raised() || self.root_is_decided()) {
                break;
            }
            self.iterate(root, &mut path);
            playouts += 1;
        }
    }

    /// Makes `root` the tree's root, its children the `allowed` points: the last tree's subtree
    /// when `reuse` and the tree holds `root`, else a new tree.
    fn set_root(&mut self, root: &Board, allowed: Points, reuse: bool) {
        if !(reuse && self.reuse(root)) {
            self.nodes.clear();
            self.nodes.push(Node::new(0));
        }
        // The whole arena at once: growing by doubling would overshoot the cap by up to a third.
        let cap = self.settings.max_nodes;
        if self.nodes.capacity() < cap {
            self.nodes.reserve_exact(cap - self.nodes.len());
        }
        if self.nodes[0].child_count == 0 {
            self.expand_with(0, allowed);
        }
        self.tree_root = Some(*root);
    }

    /// Keeps the part of the last search's tree below `root` when `root` follows the last root
    /// by a few moves that the tree holds; returns whether it did.
    fn reuse(&mut self, root: &Board) -> bool {
        let previous = match self.tree_root {
            Some(previous) if !self.nodes.is_empty() => previous,
            _ => return false,
        };
        let mut board = previous;
        let mut current = 0;
        while board != *root {
            let mover = board.to_move();
            let added = root.stones(mover) & !board.stones(mover);
            if added == 0 || board.stones(mover) & !root.stones(mover) != 0 {
                return false;
            }
            let node = self.nodes[current];
            let next = node
                .children()
                .find(|&child| added & bit(usize::from(self.nodes[child].point)) != 0);
            match next {
                Some(child) => {
                    board.play(usize::from(self.nodes[child].point));
                    current = child;
                }
                None => return false,
            }
        }
        // The same position again (a command came while pondering): the tree is kept as it is.
        if current != 0 {
            self.keep_subtree(current);
        }
        true
    }

    /// Makes `top` the root: its subtree moves to the front of the arena in place, in the
    /// arena's order, so that children of a node stay side by side and no second arena is needed.
    fn keep_subtree(&mut self, top: usize) {
        // Each kept node's new index; nodes outside the subtree keep `u32::MAX`.
        let mut new_index = vec![u32::MAX; self.nodes.len()];
        let mut stack = vec![top];
        new_index[top] = 0;
        while let Some(index) = stack.pop() {
            for child in self.nodes[index].children() {
                new_index[child] = 0;
                stack.push(child);
            }
        }
        // Children are added after their parent, so the subtree lies after `top` and every node
        // moves to a lower index (or stays): one pass in order moves them safely.
        let mut kept = 0;
        for slot in new_index[top..]
            .iter_mut()
            .filter(|slot| **slot != u32::MAX)
        {
            *slot = kept as u32;
            kept += 1;
        }
        for index in top..self.nodes.len() {
            let to = new_index[index];
            if to == u32::MAX {
                continue;
            }
            let mut node = self.nodes[index];
            if node.child_count > 0 {
                node.first_child = new_index[node.first_child as usize];
            }
            self.nodes[to as usize] = node;
        }
        self.nodes.truncate(kept);
        self.nodes[0].point = 0;
    }

    fn should_stop(&self, deadline: &Deadline) -> bool {
        if self.root_is_decided() || deadline.hard_passed() {
            return true;
        }
        if !deadline.soft_passed() {
            return false;
        }
        let best = self.best_root_child();
        let value = |index: usize| {
            let node = &self.nodes[index];
            node.wins / node.visits.max(1) as f32
        };
        let best_value = value(best);
        self.nodes[0]
            .children()
            .filter(|&index| self.nodes[index].visits * 4 >= self.nodes[best].visits)
            .all(|index| value(index) <= best_value)
    }

    fn root_is_decided(&self) -> bool {
        self.nodes[0].proof != Proof::Unknown
    }

    /// One descent, expansion, playout and update.
    fn iterate(&mut self, root: &Board, path: &mut Vec<usize>) {
        let mut board = *root;
        path.clear();
        path.push(0);
        let mut current = 0;
        loop {
            let node = self.nodes[current];
            if node.proof != Proof::Unknown {
                break;
            }
            if node.child_count == 0 {
                if current != 0 && node.visits < self.expansion_threshold() {
                    break;
                }
                if !self.expand(current, &board) {
                    break;
                }
                if self.nodes[current].proof != Proof::Unknown {
                    break;
                }
                if self.nodes[current].child_count == 0 {
                    break;
                }
            }
            current = self.select(current);
            board.play(usize::from(self.nodes[current].point));
            path.push(current);
        }
        let leaf = self.nodes[current];
        let (winner, mut played) = match leaf.proof {
            // The player who moved to the leaf wins: the side to move there.
            Proof::Win => (board.to_move().opponent(), [0, 0]),
            Proof::Loss => (board.to_move(), [0, 0]),
            Proof::Unknown => {
                let outcome = playout(&mut board, &mut self.rng, self.settings.amaf_reserves);
                (outcome.winner, outcome.played)
            }
        };
        // Walk back: the side to move at path[depth] is the root's side flipped `depth` times.
        let root_side = root.to_move();
        for depth in (0..path.len()).rev() {
            let index = path[depth];
            let mover = if depth % 2 == 0 {
                root_side.opponent()
            } else {
                root_side
            };
            let node = &mut self.nodes[index];
            node.visits += 1;
            if winner == mover {
                node.wins += 1.0;
            }
            let to_move = mover.opponent();
            if self.settings.rave_bias > 0.0 || self.settings.rave_prior > 0.0 {
                self.update_amaf(index, played[to_move.index()], winner == to_move);
            }
            if depth > 0 {
                played[mover.index()] |= bit(usize::from(self.nodes[index].point));
            }
        }
        self.propagate_proofs(path);
    }

    /// Visits a leaf needs before it is expanded: `expand_after`, plus one for every 1/32 of
    /// `max_nodes` already used.
    fn expansion_threshold(&self) -> u32 {
        let used = self.nodes.len() * 32 / self.settings.max_nodes.max(1);
        self.settings.expand_after + used as u32
    }

    /// Credits every child of `parent` whose point its mover played later in the game.
    fn update_amaf(&mut self, parent: usize, played_later: Points, mover_won: bool) {
        let children = self.nodes[parent].children();
        let won = u32::from(mover_won);
        // Without branches: whether a point was played is a coin toss the predictor cannot learn.
        for child in &mut self.nodes[children] {
            let hit = (played_later >> child.point) as u32 & 1;
            child.amaf_visits += hit;
            child.amaf_wins += (hit & won) as f32;
        }
    }

    /// Gives `index` its children, one per legal point; a node without any is a proven win for
    /// the player who moved to it. Returns false when the tree is full.
    fn expand(&mut self, index: usize, board: &Board) -> bool {
        let legal = board.legal_points(board.to_move());
        if legal == 0 {
            self.nodes[index].proof = Proof::Win;
            return true;
        }
        if self.nodes.len() + legal.count_ones() as usize > self.settings.max_nodes {
            return false;
        }
        self.expand_with(index, legal);
        true
    }

    fn expand_with(&mut self, index: usize, mut points: Points) {
        let first = self.nodes.len();
        let mut count = 0u8;
        while points != 0 {
            let point = points.trailing_zeros() as usize;
            points &= points - 1;
            self.nodes.push(Node::new(point));
            count += 1;
        }
        let node = &mut self.nodes[index];
        node.first_child = first as u32;
        node.child_count = count;
    }

    /// The child to descend to: a proven win at once, never a proven loss while anything else
    /// remains, otherwise the best blend of results, RAVE and exploration.
    fn select(&self, parent: usize) -> usize {
        let node = &self.nodes[parent];
        let log_visits = (node.visits.max(1) as f32).ln();
        let bias = self.settings.rave_bias;
        let prior = self.settings.rave_prior;
        let mut best = node.first_child as usize;
        let mut best_score = f32::NEG_INFINITY;
        for index in node.children() {
            let child = &self.nodes[index];
            let score = match child.proof {
                Proof::Win => return index,
                Proof::Loss => -1.0e9 + child.visits as f32,
                Proof::Unknown if prior > 0.0 => {
                    let visits = child.visits as f32;
                    let pooled = child.wins + child.amaf_wins + 0.5 * prior;
                    let explore = self.settings.exploration * (log_visits * visits).sqrt();
                    (pooled + explore) / (visits + child.amaf_visits as f32 + prior)
                }
                Proof::Unknown => {
                    let visits = child.visits as f32;
                    let value = if child.visits == 0 {
                        0.5
                    } else {
                        child.wins / visits
                    };
                    let blended = if bias > 0.0 && child.amaf_visits > 0 {
                        let amaf = child.amaf_visits as f32;
                        let amaf_value = child.amaf_wins / amaf;
                        let beta = amaf / (visits + amaf + 4.0 * bias * bias * visits * amaf);
                        (1.0 - beta) * value + beta * amaf_value
                    } else {
                        value
                    };
                    let explore = self.settings.exploration * (log_visits / (visits + 1.0)).sqrt();
                    blended + explore
                }
            };
            if score > best_score {
                best_score = score;
                best = index;
            }
        }
        best
    }

    /// Climbs from the leaf, settling parents whose result became certain: a parent with a
    /// winning child is lost for whoever moved to it; one whose children all lose is won.
    fn propagate_proofs(&mut self, path: &[usize]) {
        for depth in (0..path.len().saturating_sub(1)).rev() {
            let child = path[depth + 1];
            if self.nodes[child].proof == Proof::Unknown {
                return;
            }
            let parent = path[depth];
            if self.nodes[parent].proof != Proof::Unknown {
                return;
            }
            let children = self.nodes[parent].children();
            let proof = if self.nodes[children.clone()]
                .iter()
                .any(|c| c.proof == Proof::Win)
            {
                Proof::Loss
            } else if self.nodes[children].iter().all(|c| c.proof == Proof::Loss) {
                Proof::Win
            } else {
                return;
            };
            self.nodes[parent].proof = proof;
        }
    }

    /// The root's answer: a proven win, else the most visited child not proven lost.
    fn best_root_child(&self) -> usize {
        let root = &self.nodes[0];
        let rank = |child: &Node| -> (u8, u32) {
            let class = match child.proof {
                Proof::Win => 2,
                Proof::Unknown => 1,
                Proof::Loss => 0,
            };
            (class, child.visits)
        };
        root.children()
            .max_by_key(|&index| rank(&self.nodes[index]))
            .unwrap_or(root.first_child as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::color::Color;

    /// Exhaustive play: whether the side to move wins (only for positions near the end).
    fn side_to_move_wins(board: &Board) -> bool {
        let mut legal = board.legal_points(board.to_move());
        while legal != 0 {
            let point = legal.trailing_zeros() as usize;
            legal &= legal - 1;
            let mut after = *board;
            after.play(point);
            if !side_to_move_wins(&after) {
                return true;
            }
        }
        false
    }

    fn pondering() -> Settings {
        Settings {
            ponder: true,
            ..Settings::default()
        }
    }

    fn fixed(playouts: u64) -> Settings {
        Settings {
            max_playouts: playouts,
            ..Settings::default()
        }
    }

    #[test]
    fn search_answers_a_legal_point_without_time() {
        let board = Board::new();
        let mut search = Mcts::new(Settings::default(), 1);
        let deadline = Deadline::new(std::time::Duration::ZERO, std::time::Duration::ZERO);
        let point = search.search(&board, deadline, &[]).unwrap();
        assert!(board.is_legal(point, Color::Black));
    }

    #[test]
    fn pondering_grows_the_tree_until_the_flag_and_the_next_search_keeps_it() {
        let mut board = Board::new();
        board.play(40);
        let mut search = Mcts::new(pondering(), 5);
        let stop = StopFlag::new();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            stop.raise();
        });
        search.ponder(&board, stop);
        raiser.join().unwrap();
        let pondered = search.nodes[0].visits;
        assert!(pondered > 0);
        // The opponent answers with its most searched point: our search starts from its subtree.
        let reply = search.nodes[0]
            .children()
            .max_by_key(|&index| search.nodes[index].visits)
            .unwrap();
        let kept = search.nodes[reply].visits;
        let mut next = board;
        next.play(usize::from(search.nodes[reply].point));
        let zero = std::time::Duration::ZERO;
        let point = search
            .search(&next, Deadline::new(zero, zero), &[])
            .unwrap();
        assert!(next.is_legal(point, next.to_move()));
        assert!(search.nodes[0].visits >= kept && kept > 0);
    }

    #[test]
    fn pondering_returns_at_once_when_raised_off_or_with_fixed_playouts() {
        let board = Board::new();
        let stop = StopFlag::new();
        stop.raise();
        let mut search = Mcts::new(pondering(), 5);
        search.ponder(&board, stop);
        assert!(search.nodes[0].visits <= 64);
        let fixed_work = Settings {
            max_playouts: 100,
            ..pondering()
        };
        for settings in [Settings::default(), fixed_work] {
            let mut search = Mcts::new(settings, 5);
            search.ponder(&board, StopFlag::new());
            assert!(search.nodes.is_empty());
        }
    }

    #[test]
    fn the_tree_below_the_next_position_is_kept() {
        let board = Board::new();
        let mut search = Mcts::new(fixed(3000), 3);
        let ours = search.search(&board, Deadline::unlimited(), &[]).unwrap();
        let child = search.nodes[0]
            .children()
            .find(|&child| usize::from(search.nodes[child].point) == ours)
            .unwrap();
        let reply = search.nodes[child]
            .children()
            .max_by_key(|&index| search.nodes[index].visits)
            .unwrap();
        let (visits, wins) = (search.nodes[reply].visits, search.nodes[reply].wins);
        assert!(visits > 0);
        let mut next = board;
        next.play(ours);
        next.play(usize::from(search.nodes[reply].point));
        let before = search.nodes.clone();
        assert!(search.reuse(&next));
        assert_eq!(search.nodes[0].visits, visits);
        assert_eq!(search.nodes[0].wins, wins);
        // The kept tree is the subtree below `reply`, node for node, and nothing else.
        let mut pairs = vec![(reply, 0)];
        let mut seen = 0;
        while let Some((old, new)) = pairs.pop() {
            let (was, is) = (before[old], search.nodes[new]);
            assert_eq!(
                (was.visits, was.wins, was.child_count),
                (is.visits, is.wins, is.child_count)
            );
            assert_eq!(
                (was.amaf_visits, was.amaf_wins),
                (is.amaf_visits, is.amaf_wins)
            );
            assert!(new == 0 || was.point == is.point);
            seen += 1;
            pairs.extend(was.children().zip(is.children()));
        }
        assert_eq!(seen, search.nodes.len());
        // Every kept child is a legal point of the new root.
        let legal = next.legal_points(next.to_move());
        for child in search.nodes[0].children() {
            assert!(legal & bit(usize::from(search.nodes[child].point)) != 0);
        }
        // A position the tree does not lead to starts afresh.
        search.tree_root = Some(next);
        let mut elsewhere = Board::new();
        elsewhere.play(40);
        assert!(!search.reuse(&elsewhere));
    }

    #[test]
    fn excluded_points_are_never_chosen() {
        let board = Board::new();
        let mut search = Mcts::new(fixed(500), 2);
        let excluded: Vec<usize> = (0..80).collect();
        let point = search.search(&board, Deadline::unlimited(), &excluded);
        assert_eq!(point, Some(80));
    }

    #[test]
    fn a_lost_endgame_is_seen_as_lost_and_a_won_one_as_won() {
        // Play a random game nearly to the end, then check the search agrees with exhaustive
        // play on tiny positions: the chosen move of a proven win keeps the opponent moveless.
        let mut rng = Rng::new(5);
        let mut checked = 0;
        while checked < 20 {
            let mut board = Board::new();
            let mut history = Vec::new();
            loop {
                let legal = board.legal_points(board.to_move());
                if legal == 0 {
                    break;
                }
                history.push(board);
                let count = legal.count_ones();
                let mut pick = rng.below(count);
                let mut bits = legal;
                while pick > 0 {
                    bits &= bits - 1;
                    pick -= 1;
                }
                board.play(bits.trailing_zeros() as usize);
            }
            // Two moves before the end the mover can win by the last move.
            if history.len() < 2 {
                continue;
            }
            let position = history[history.len() - 1];
            let mut search = Mcts::new(fixed(2000), 7);
            let point = search
                .search(&position, Deadline::unlimited(), &[])
                .unwrap();
            let mut after = position;
            after.play(point);
            assert!(
                !side_to_move_wins(&after),
                "the winning last move was missed"
            );
            checked += 1;
        }
    }
}
