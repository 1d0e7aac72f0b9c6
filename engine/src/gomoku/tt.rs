//! The transposition table: one slot per hash bucket, replaced by deeper or newer results.

use super::board::Cell;
use crate::core::score::Bound;

/// A table hit.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub best: Option<Cell>,
    pub score: i32,
    /// The depth searched, in the searcher's units.
    pub depth: i32,
    pub bound: Bound,
    /// Whether the position was searched as part of a principal variation.
    pub pv: bool,
}

/// A stored result at least this much deeper than a new one of the same position stays.
const KEEP_DEEPER: i32 = 16;

/// Bytes of one slot.
const SLOT_BYTES: usize = 16;

/// A fixed-size table of `(key, packed entry)` slots.
pub struct TranspositionTable {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl TranspositionTable {
    /// A table using at most `bytes` (rounded down to a power of two, at least 1024 slots).
    pub fn with_bytes(bytes: usize) -> Self {
        let mut count = 1024usize;
        while count * 2 * SLOT_BYTES <= bytes {
            count *= 2;
        }
        // Zeroed memory straight from the operating system: no time is spent here, on
        // whatever clock is running, and a page costs only when the search first touches it,
        // within the search's own deadline.
        let slots = vec![[0u64; 2]; count];
        Self {
            slots,
            mask: count - 1,
        }
    }

    /// Maps every page of the table now, by writing one slot of each, so that the search does
    /// not pay for it (a fresh table's pages are only mapped when first touched).
    pub fn map_pages(&mut self) {
        const SLOTS_PER_PAGE: usize = 4096 / SLOT_BYTES;
        for index in (0..self.slots.len()).step_by(SLOTS_PER_PAGE) {
            let slot: *mut [u64; 2] = &mut self.slots[index];
            // SAFETY: the pointer is to a slot of the table, borrowed mutably here; a volatile
            // write of the value already there is one the compiler cannot leave out.
            unsafe { std::ptr::write_volatile(slot, [0, 0]) };
        }
    }

    /// Bytes the table uses.
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [stored, data] = self.slots[key as usize & self.mask];
        (stored == key && data != 0).then(|| unpack(data))
    }

    /// Starts loading the slot of `key` into the cache, so that a probe of it soon after does
    /// not wait for memory: the table is far larger than the cache, and a probe that misses
    /// stalls the search for as long as a board update takes.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const [u64; 2] = &self.slots[key as usize & self.mask];
            // SAFETY: a prefetch only hints the cache; it reads no value and cannot fault, and
            // the pointer is to a slot of the table in any case.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores a result, keeping a deeper result of the same position.
    pub fn store(&mut self, key: u64, entry: Entry) {
        let slot = &mut self.slots[key as usize & self.mask];
        if slot[0] == key && slot[1] != 0 && unpack(slot[1]).depth > entry.depth + KEEP_DEEPER {
            return;
        }
        *slot = [key, pack(entry)];
    }
}

fn pack(entry: Entry) -> u64 {
    let cell = entry.best.map_or(0, |cell| u64::from(cell) + 1);
    let bound = match entry.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    cell | (u64::from(entry.score as i16 as u16) << 16)
        | (u64::from(entry.depth.clamp(-30_000, 30_000) as i16 as u16) << 32)
        | (bound << 48)
        | (u64::from(entry.pv) << 50)
}

fn unpack(data: u64) -> Entry {
    let cell = (data & 0xffff) as u16;
    Entry {
        best: (cell != 0).then(|| cell - 1),
        score: i32::from((data >> 16) as u16 as i16),
        depth: i32::from((data >> 32) as u16 as i16),
        bound: match (data >> 48) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
        pv: (data >> 50) & 1 == 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut table = TranspositionTable::with_bytes(1 << 16);
        let entry = Entry {
            best: Some(300),
            score: -29_000,
            depth: 700,
            bound: Bound::Lower,
            pv: true,
        };
        table.store(0xdead_beef, entry);
        let found = table.probe(0xdead_beef).unwrap();
        assert_eq!(found.best, Some(300));
        assert_eq!(found.score, -29_000);
        assert_eq!(found.depth, 700);
        assert!(found.pv);
        assert_eq!(found.bound, Bound::Lower);
        assert!(table.probe(0xdead_bee0).is_none());
        assert!(table.bytes() <= 1 << 16);
    }
}
