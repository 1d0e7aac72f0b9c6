//! The transposition table: one entry per slot, indexed by the low bits of the Zobrist key.

use crate::core::score::Bound;

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Score. Win and loss scores depend only on the game ply of the end, which the key holds,
    /// so they need no adjustment between plies.
    pub score: i16,
    /// The best move's [`Move::code`](super::moves::Move::code), or 0.
    pub best: u16,
    /// Remaining depth the score was searched to.
    pub depth: i8,
    pub bound: Bound,
}

/// A slot: the full key, and the entry packed in one word (score, best move, depth, bound,
/// generation from the low bits up). An all-zero slot is empty; a fresh table is therefore
/// plain zeroed memory, which the system hands out at once (no 64 MB initialisation pass
/// inside the first move's time).
type Slot = [u64; 2];

/// Bits of the packed word: set in every stored entry, so that a stored word is never 0.
const STORED: u64 = 1 << 63;

/// The table.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` (rounded down to a power of two of slots).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / std::mem::size_of::<Slot>();
        let size = if wanted <= 1 {
            1
        } else {
            1 << (usize::BITS - 1 - wanted.leading_zeros())
        };
        Table {
            slots: vec![[0; 2]; size],
            mask: size - 1,
            generation: 0,
        }
    }

    /// Marks the start of a new search: entries from before become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [stored_key, word] = self.slots[key as usize & self.mask];
        if stored_key != key || word & STORED == 0 {
            return None;
        }
        Some(Entry {
            score: word as u16 as i16,
            best: (word >> 16) as u16,
            depth: (word >> 32) as u8 as i8,
            bound: match (word >> 40) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result; keeps a deeper entry of the same search for another position.
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, best: u16, depth: i32, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        let [old_key, old_word] = *slot;
        let old_depth = i32::from((old_word >> 32) as u8 as i8);
        let old_generation = (old_word >> 48) as u8;
        let replace = old_word & STORED == 0
            || old_key == key
            || old_generation != self.generation
            || depth >= old_depth;
        if !replace {
            return;
        }
        // Keep the old best move when a fail-low search found none.
        let best = if best == 0 && old_key == key {
            (old_word >> 16) as u16
        } else {
            best
        };
        let bound_bits: u64 = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let word = u64::from(score as i16 as u16)
            | u64::from(best) << 16
            | u64::from(depth.clamp(0, 127) as u8) << 32
            | bound_bits << 40
            | u64::from(self.generation) << 48
            | STORED;
        *slot = [key, word];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut table = Table::new(1);
        table.store(12345, -77, 33, 5, Bound::Lower);
        let entry = table.probe(12345).unwrap();
        assert_eq!((entry.score, entry.best, entry.depth), (-77, 33, 5));
        assert_eq!(entry.bound, Bound::Lower);
        assert!(table.probe(54321).is_none());
        // Key 0 in an empty table is not found either.
        assert!(table.probe(0).is_none());
        table.store(99, 29_950, 0x3ff, 0, Bound::Upper);
        let entry = table.probe(99).unwrap();
        assert_eq!((entry.score, entry.best, entry.depth), (29_950, 0x3ff, 0));
        assert_eq!(entry.bound, Bound::Upper);
        table.store(99, -29_950, 0, 3, Bound::Exact);
        let entry = table.probe(99).unwrap();
        assert_eq!(
            (entry.score, entry.best, entry.bound),
            (-29_950, 0x3ff, Bound::Exact)
        );
    }

    #[test]
    fn size_is_a_power_of_two_within_budget() {
        let table = Table::new(64);
        assert!(table.slots.len().is_power_of_two());
        assert!(table.slots.len() * std::mem::size_of::<Slot>() <= 64 << 20);
    }
}
