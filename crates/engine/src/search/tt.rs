//! The transposition table: one entry per slot, indexed by the Zobrist hash.

use super::MATE_BOUND;

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this much (the search failed high).
    Lower,
    /// At most this much (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    key: u64,
    /// The best (or refuting) move found.
    pub mv: Option<M>,
    score: i32,
    /// Remaining depth the result was searched to.
    pub depth: i16,
    /// How the score bounds the value.
    pub bound: Bound,
    generation: u8,
}

impl<M: Copy> Entry<M> {
    /// The score seen from a node `ply` plies below the root (mate scores are stored relative to
    /// the node that stored them).
    pub fn score(&self, ply: usize) -> i32 {
        from_tt(self.score, ply)
    }
}

/// A fixed-size table of search results.
pub struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    generation: u8,
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Asks the kernel to back a large, still untouched allocation with huge pages: the table is
/// probed at random, and with 4 KiB pages most probes also miss the TLB.
#[cfg(target_os = "linux")]
fn advise_huge_pages<T>(slots: &Vec<T>) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = slots.as_ptr() as usize;
    let end = start + slots.capacity() * std::mem::size_of::<T>();
    let aligned = start.next_multiple_of(HUGE_PAGE);
    if end > aligned + HUGE_PAGE {
        let length = (end - aligned) / HUGE_PAGE * HUGE_PAGE;
        // SAFETY: the range lies inside the vector's own allocation, and MADV_HUGEPAGE only
        // changes how the kernel backs it, not its contents. A refusal is harmless.
        unsafe {
            libc::madvise(aligned as *mut libc::c_void, length, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages<T>(_slots: &Vec<T>) {}

impl<M: Copy> TranspositionTable<M> {
    /// A table using about `megabytes` MiB (at least one slot). When the system refuses that
    /// much memory the table halves until it gets it, rather than aborting the program (the
    /// protocol refuses a `Hash` larger than the memory available before it comes to this).
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        let size = std::mem::size_of::<Option<Entry<M>>>();
        let count = (megabytes.max(1) * 1024 * 1024 / size).next_power_of_two() / 2;
        let mut count = count.max(1024);
        let mut slots = Vec::new();
        while slots.try_reserve_exact(count).is_err() && count > 1024 {
            count /= 2;
        }
        if slots.capacity() < count {
            slots.reserve_exact(count);
        }
        advise_huge_pages(&slots);
        slots.resize(count, None);
        TranspositionTable {
            slots,
            generation: 0,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// Starts loading the slot of this position into the cache, so that a probe soon after
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[self.index(key)];
            // SAFETY: a prefetch is only a hint; it never faults and reads no data.
            unsafe {
                std::arch::x86_64::_mm_prefetch(
                    std::ptr::from_ref(slot).cast::<i8>(),
                    std::arch::x86_64::_MM_HINT_T0,
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for this position, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores a result, replacing entries of older searches or shallower depth.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: Option<M>,
        ply: usize,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let slot = &mut self.slots[index];
        let mut mv = mv;
        if let Some(old) = slot {
            let replace =
                old.key == key || old.generation != generation || depth >= i32::from(old.depth);
            if !replace {
                return;
            }
            if old.key == key && mv.is_none() {
                mv = old.mv; // keep the known best move of this position
            }
        }
        *slot = Some(Entry {
            key,
            mv,
            score: to_tt(score, ply),
            depth: depth as i16,
            bound,
            generation,
        });
    }

    /// Per mille of slots used by the current search (for `info hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        self.slots[..sample]
            .iter()
            .filter(|s| s.is_some_and(|e| e.generation == self.generation))
            .count() as u32
            * 1000
            / sample as u32
    }
}
