//! Round robin: every round known at the start, from the Berger tables (the circle method).
//!
//! With an even count `m` (an odd count adds an empty seat, whose opponent has the bye), the
//! last player stays put and the others turn round a circle of `k = m - 1`. In round `r`
//! (from 0) the fixed player meets `a` with `2a ≡ r (mod k)`, and every other `a` meets `b`
//! with `a + b ≡ r (mod k)`. Colours as in the FIDE tables: the fixed player is Black in even
//! rounds and White in odd ones; of two others, `a` is White when `(b - a) mod k` is odd. Each
//! player's Whites and Blacks then differ by at most one. A double round robin plays the cycle
//! again with the colours swapped.

use super::entrant::PlayerId;
use super::round::Round;

/// Rounds in one cycle for `n` players.
pub(super) fn cycle_rounds(n: usize) -> usize {
    n + n % 2 - 1
}

/// Every round of a round robin of `n` players (twice over, colours swapped, when `double`).
pub(super) fn schedule(n: usize, double: bool) -> Vec<Round> {
    let k = cycle_rounds(n);
    let cycles = if double { 2 } else { 1 };
    (0..k * cycles)
        .map(|r| {
            let swap = r >= k;
            let (pairs, bye) = berger_round(n, r % k);
            let pairs: Vec<_> = pairs
                .into_iter()
                .map(|(b, w)| if swap { (w, b) } else { (b, w) })
                .collect();
            Round::of_pairs(round_number(r), &pairs, bye)
        })
        .collect()
}

/// The round's number (from 1) for the index `r` (from 0).
fn round_number(r: usize) -> u8 {
    u8::try_from(r + 1).unwrap_or(u8::MAX)
}

/// Round `r` (from 0) of one cycle: `(black, white)` pairs, the fixed player's game first, and
/// the bye.
fn berger_round(n: usize, r: usize) -> (Vec<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let k = cycle_rounds(n);
    let id = |i: usize| PlayerId(u8::try_from(i).unwrap_or(u8::MAX));
    let fixed_opponent = r * k.div_ceil(2) % k;
    let mut pairs = Vec::with_capacity(k.div_ceil(2));
    let mut bye = None;
    if n.is_multiple_of(2) {
        let (fixed, other) = (id(k), id(fixed_opponent));
        pairs.push(if r.is_multiple_of(2) {
            (fixed, other)
        } else {
            (other, fixed)
        });
    } else {
        bye = Some(id(fixed_opponent));
    }
    for i in 1..=k / 2 {
        let a = (fixed_opponent + i) % k;
        let b = (fixed_opponent + k - i) % k;
        let a_white = ((b + k - a) % k) % 2 == 1;
        pairs.push(if a_white {
            (id(b), id(a))
        } else {
            (id(a), id(b))
        });
    }
    (pairs, bye)
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn the_fide_table_for_six() {
        // FIDE's Berger table for 6, round 2: 6-4, 5-3, 1-2 (White first).
        let rounds = schedule(6, false);
        let whites_first: Vec<(u8, u8)> = rounds[1]
            .games
            .iter()
            .map(|g| (g.white.0 + 1, g.black.0 + 1))
            .collect();
        assert_eq!(whites_first, vec![(6, 4), (5, 3), (1, 2)]);
        let first: Vec<(u8, u8)> = rounds[0]
            .games
            .iter()
            .map(|g| (g.white.0 + 1, g.black.0 + 1))
            .collect();
        assert_eq!(first, vec![(1, 6), (2, 5), (3, 4)]);
    }

    #[test]
    fn every_size_meets_everyone_once_with_balanced_colours() {
        for n in 3..=16 {
            let rounds = schedule(n, false);
            assert_eq!(rounds.len(), cycle_rounds(n));
            assert_each_plays_once_per_round(n, &rounds);
            let meetings = meeting_counts(n, &rounds);
            for (a, row) in meetings.iter().enumerate() {
                for (b, &times) in row.iter().enumerate() {
                    assert_eq!(times, usize::from(a != b), "{n}: {a} v {b}");
                }
            }
            for (p, (w, b)) in colour_counts(n, &rounds).into_iter().enumerate() {
                assert!(w.abs_diff(b) <= 1, "{n} players: {p} has {w} W {b} B");
            }
            let byes = rounds.iter().filter(|r| r.bye.is_some()).count();
            assert_eq!(byes, if n % 2 == 1 { n } else { 0 });
        }
    }

    #[test]
    fn double_swaps_the_colours() {
        for n in 3..=16 {
            let rounds = schedule(n, true);
            let k = cycle_rounds(n);
            assert_eq!(rounds.len(), 2 * k);
            for r in 0..k {
                for (g, h) in rounds[r].games.iter().zip(&rounds[r + k].games) {
                    assert_eq!((g.black, g.white), (h.white, h.black));
                }
                assert_eq!(rounds[r].bye, rounds[r + k].bye);
            }
            for (p, (w, b)) in colour_counts(n, &rounds).into_iter().enumerate() {
                assert_eq!(w, b, "{n} players: {p}");
            }
        }
    }
}
