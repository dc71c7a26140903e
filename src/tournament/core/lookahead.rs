//! Whether the rest of a Swiss can still be paired: after a round, every later round needs a
//! pairing of everyone without a repeat game or a second bye. A Swiss of nearly as many rounds
//! as players can otherwise paint itself into a corner (six players after three rounds whose
//! unplayed games form two triangles have no fourth round).
//!
//! The bye is an extra seat (with an odd count) that each player may meet once, so each round is
//! a perfect matching of the pairs not yet met, and the question is whether the unmet pairs hold
//! that many disjoint ones. A depth-first search answers it, within a budget of steps shared by
//! the whole pairing of a round: past the budget it answers yes, so a round is always paired (as
//! without the look ahead) and the time stays bounded. Colours play no part here.

use std::cell::Cell;

/// The steps one round's pairing may spend looking ahead.
const BUDGET: u32 = 200_000;

/// The unmet pairs after the rounds so far, and the rounds to pair after this one.
pub(super) struct Future {
    /// For each seat (the players, then the bye's seat with an odd count), the seats already met.
    met: Vec<u32>,
    /// The rounds still to pair after the one being paired.
    rounds_after: usize,
    /// Steps left.
    budget: Cell<u32>,
}

impl Future {
    /// The future of `n` players who met `met` (one bit per player), with `had_bye` for each,
    /// with `rounds_after` rounds to pair after the current one.
    pub(super) fn new(met: &[u32], had_bye: &[bool], rounds_after: usize) -> Future {
        let n = met.len();
        let mut seats = met.to_vec();
        if n % 2 == 1 {
            let mut bye_seat = 0;
            for (p, seat) in seats.iter_mut().enumerate() {
                if had_bye[p] {
                    *seat |= 1 << n;
                    bye_seat |= 1 << p;
                }
            }
            seats.push(bye_seat);
        }
        Future {
            met: seats,
            rounds_after,
            budget: Cell::new(BUDGET),
        }
    }

    /// The rounds to pair after the one being paired.
    pub(super) fn rounds_after(&self) -> usize {
        self.rounds_after
    }

    /// Whether the later rounds can still be paired after a round of `pairs` and `bye`.
    pub(super) fn open_after(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> bool {
        if self.rounds_after == 0 {
            return true;
        }
        let mut met = self.met.clone();
        let bye_seat = met.len() - 1;
        for (a, b) in pairs.iter().copied().chain(bye.map(|p| (p, bye_seat))) {
            met[a] |= 1 << b;
            met[b] |= 1 << a;
        }
        self.rounds(&mut met, self.rounds_after)
    }

    /// Whether `left` more rounds fit in the pairs not yet `met`.
    fn rounds(&self, met: &mut [u32], left: usize) -> bool {
        if left == 0 {
            return true;
        }
        let seats = met.len();
        let all = (1u32 << seats) - 1;
        // Each seat needs an unmet partner for every round left.
        let short = met
            .iter()
            .enumerate()
            .any(|(s, m)| ((all & !m & !(1 << s)).count_ones() as usize) < left);
        !short && self.round(met, 0, left)
    }

    /// Pairs the seats not in `used`, lowest first, then the rounds after.
    fn round(&self, met: &mut [u32], used: u32, left: usize) -> bool {
        let steps = self.budget.get();
        if steps == 0 {
            return true;
        }
        self.budget.set(steps - 1);
        let seats = met.len();
        let Some(v) = (0..seats).find(|&s| used & (1 << s) == 0) else {
            return self.rounds(met, left - 1);
        };
        for u in v + 1..seats {
            if used & (1 << u) != 0 || met[v] & (1 << u) != 0 {
                continue;
            }
            met[v] |= 1 << u;
            met[u] |= 1 << v;
            let open = self.round(met, used | (1 << v) | (1 << u), left);
            met[v] &= !(1 << u);
            met[u] &= !(1 << v);
            if open {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unmet pairs of six players as two triangles {0,1,2} and {3,4,5}.
    fn two_triangles() -> Vec<u32> {
        (0..6)
            .map(|p| {
                let own = if p < 3 { 0b000_111 } else { 0b111_000 };
                0b111_111 & !own
            })
            .collect()
    }

    #[test]
    fn two_triangles_have_no_next_round() {
        let future = Future::new(&two_triangles(), &[false; 6], 1);
        assert!(!future.open_after(&[], None));
        let none = Future::new(&two_triangles(), &[false; 6], 0);
        assert!(none.open_after(&[], None));
    }

    #[test]
    fn a_hexagon_has_two() {
        // Unmet: the cycle 0-1-2-3-4-5-0, two perfect matchings.
        let met: Vec<u32> = (0..6u32)
            .map(|p| 0b111_111 & !(1 << p) & !(1 << ((p + 1) % 6)) & !(1 << ((p + 5) % 6)))
            .collect();
        assert!(Future::new(&met, &[false; 6], 2).open_after(&[], None));
        assert!(!Future::new(&met, &[false; 6], 3).open_after(&[], None));
        // After the round 0-1, 2-3, 4-5 only 1-2, 3-4, 5-0 is left.
        let after = [(0, 1), (2, 3), (4, 5)];
        assert!(Future::new(&met, &[false; 6], 1).open_after(&after, None));
        assert!(!Future::new(&met, &[false; 6], 2).open_after(&after, None));
    }

    #[test]
    fn the_bye_is_a_seat_met_once() {
        // Three players, 0 has had the bye. After 0-1 with the bye to 2, only 0-2 with the bye
        // to 1 is left: one more round, not two.
        let after = [(0, 1)];
        let had = [true, false, false];
        assert!(Future::new(&[0, 0, 0], &had, 1).open_after(&after, Some(2)));
        assert!(!Future::new(&[0, 0, 0], &had, 2).open_after(&after, Some(2)));
    }
}
