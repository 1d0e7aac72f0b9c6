//! Chains and loops, and the exact value of an endgame made only of them.
//!
//! Once no line can be drawn without handing the opponent a box, the uncaptured boxes with two
//! sides drawn form strings: chains, which end on the board's edge or on a box with fewer
//! sides, and loops. When every uncaptured box has exactly two sides the position is a sum of
//! independent chains and loops, and its value follows from the classical analysis: the side
//! to move opens one component; the other side either takes it all and moves next, or takes
//! all but the last two boxes of a chain (four of a loop) and hands those back with a
//! double-dealing move, keeping control. A chain of two is opened in the middle, which leaves
//! no such choice.

use super::board::{other_box, sides, BOX_LINES};
use std::collections::HashMap;

/// One chain or loop: how many boxes, and whether it closes on itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Component {
    /// Boxes in it.
    pub len: u8,
    /// A loop rather than a chain.
    pub is_loop: bool,
}

/// The strings of two-sided boxes in `lines` (which must hold no three-sided box), and whether
/// they are everything left (every uncaptured box has exactly two sides).
pub fn components(lines: u64) -> (Vec<Component>, bool) {
    let mut seen = 0u32;
    let mut found = Vec::new();
    let mut simple = true;
    for (start, &mask) in BOX_LINES.iter().enumerate() {
        let count = (lines & mask).count_ones();
        if count == 4 {
            continue;
        }
        if count != 2 {
            simple = false;
            continue;
        }
        if seen & (1 << start) != 0 {
            continue;
        }
        seen |= 1 << start;
        let free = mask & !lines;
        let first = free.trailing_zeros() as usize;
        let second = (free & (free - 1)).trailing_zeros() as usize;
        let mut len = 1u8;
        let mut is_loop = false;
        for exit in [first, second] {
            if is_loop {
                break;
            }
            let (mut at, mut through) = (start, exit);
            while let Some(next) = other_box(through, at) {
                if next == start {
                    is_loop = true;
                    break;
                }
                if sides(lines, next) != 2 || seen & (1 << next) != 0 {
                    break;
                }
                seen |= 1 << next;
                len += 1;
                let rest = BOX_LINES[next] & !lines & !(1u64 << through);
                at = next;
                through = rest.trailing_zeros() as usize;
            }
        }
        found.push(Component { len, is_loop });
    }
    (found, simple)
}

/// Values of sums of chains and loops, remembered between calls.
#[derive(Default)]
pub struct EndgameTable {
    memo: HashMap<u128, i8>,
}

impl EndgameTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The net boxes the side to move makes from `parts` with best play, when it must open one
    /// of them (nothing else is left to draw).
    pub fn value(&mut self, parts: &[Component]) -> i32 {
        let mut parts = parts.to_vec();
        parts.sort_unstable();
        self.value_sorted(&parts)
    }

    fn value_sorted(&mut self, parts: &[Component]) -> i32 {
        if parts.is_empty() {
            return 0;
        }
        // Six bits a part, so 21 parts fit the key; longer lists are rare and go unremembered.
        let key = if parts.len() <= 21 {
            let mut key = 1u128;
            for part in parts {
                key = (key << 6) | u128::from(part.len * 2 + u8::from(part.is_loop));
            }
            Some(key)
        } else {
            None
        };
        if let Some(value) = key.and_then(|key| self.memo.get(&key)) {
            return i32::from(*value);
        }
        let mut best = i32::MIN;
        let mut rest = Vec::with_capacity(parts.len());
        for index in 0..parts.len() {
            if index > 0 && parts[index] == parts[index - 1] {
                continue;
            }
            rest.truncate(0);
            rest.extend_from_slice(&parts[..index]);
            rest.extend_from_slice(&parts[index + 1..]);
            let after = self.value_sorted(&rest);
            let part = parts[index];
            let len = i32::from(part.len);
            let take_all = len + after;
            let opponent = if part.is_loop {
                take_all.max(len - 8 - after)
            } else if part.len >= 3 {
                take_all.max(len - 4 - after)
            } else {
                take_all
            };
            best = best.max(-opponent);
        }
        if let Some(key) = key {
            if self.memo.len() > 1 << 20 {
                self.memo = HashMap::new();
            }
            self.memo.insert(key, best as i8);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(len: u8) -> Component {
        Component {
            len,
            is_loop: false,
        }
    }

    fn ring(len: u8) -> Component {
        Component { len, is_loop: true }
    }

    #[test]
    fn classical_values() {
        let mut table = EndgameTable::new();
        // One long chain: the opener gives it all away.
        assert_eq!(table.value(&[chain(5)]), -5);
        // Two chains of three: the taker keeps control with a double-deal on the first,
        // 1 - 2 then takes the last 3: the opener gets 2 - (1 + 3) = -2.
        assert_eq!(table.value(&[chain(3), chain(3)]), -2);
        // A single box first: the taker must then open the five: -1 + 5.
        assert_eq!(table.value(&[chain(1), chain(5)]), 4);
        // A loop of four and a chain of three: open the loop; keeping control would cost the
        // taker all four boxes, so it takes them and opens the chain: -4 + 3.
        assert_eq!(table.value(&[ring(4), chain(3)]), -1);
    }

    #[test]
    fn strings_of_an_empty_corner() {
        use crate::dots::board::{horizontal, vertical};
        // The whole top row of boxes walled above and below: one chain of five.
        let mut lines = 0u64;
        for column in 0..5 {
            lines |= 1 << horizontal(0, column);
            lines |= 1 << horizontal(1, column);
        }
        let (parts, simple) = components(lines);
        assert!(!simple);
        assert_eq!(parts, vec![chain(5)]);
        // The outer walls of the top left 2x2 block: its free inner walls make a loop of four.
        let mut lines = 0u64;
        for index in 0..2 {
            lines |= 1 << horizontal(0, index) | 1 << horizontal(2, index);
            lines |= 1 << vertical(0, index) | 1 << vertical(2, index);
        }
        assert_eq!(components(lines).0, vec![ring(4)]);
    }
}
