//! The transposition table: one entry per slot, indexed by the low bits of the Zobrist key.

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// Score. Win and loss scores depend only on the game ply of the end, which the key holds,
    /// so they need no adjustment between plies.
    pub score: i16,
    /// The best move's [`Move::code`](super::moves::Move::code), or 0.
    pub best: u16,
    /// Remaining depth the score was searched to.
    pub depth: i8,
    pub bound: Bound,
    /// The search (move) the entry was written in, so old entries are replaced first.
    generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: 0,
    depth: -1,
    bound: Bound::Upper,
    generation: 0,
};

/// The table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` (rounded down to a power of two of entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes << 20) / std::mem::size_of::<Entry>();
        let size = if wanted <= 1 {
            1
        } else {
            1 << (usize::BITS - 1 - wanted.leading_zeros())
        };
        Table {
            entries: vec![EMPTY; size],
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
        let entry = self.entries[key as usize & self.mask];
        if entry.key == key && entry.depth >= 0 {
            Some(entry)
        } else {
            None
        }
    }

    /// Stores a result; keeps a deeper entry of the same search for another position.
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, best: u16, depth: i32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        let replace =
            slot.key == key || slot.generation != self.generation || depth >= i32::from(slot.depth);
        if replace {
            // Keep the old best move when a fail-low search found none.
            let best = if best == 0 && slot.key == key {
                slot.best
            } else {
                best
            };
            *slot = Entry {
                key,
                score: score as i16,
                best,
                depth: depth.clamp(0, 127) as i8,
                bound,
                generation: self.generation,
            };
        }
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
    }

    #[test]
    fn size_is_a_power_of_two_within_budget() {
        let table = Table::new(64);
        assert!(table.entries.len().is_power_of_two());
        assert!(table.entries.len() * std::mem::size_of::<Entry>() <= 64 << 20);
    }
}
