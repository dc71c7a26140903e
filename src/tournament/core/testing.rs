//! Helpers for the tests of the tournament core: a seeded pseudo-random generator (the game's
//! tests run without `proptest`, and these stay repeatable), players, and counts over rounds.

use super::entrant::{Entrant, PlayerId};
use super::round::{Colour, GameResult, Round};

/// A small seeded generator (xorshift64*).
pub(super) struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub(super) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number below `n`.
    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }

    /// A random result.
    pub(super) fn result(&mut self) -> GameResult {
        [
            GameResult::BlackWins,
            GameResult::WhiteWins,
            GameResult::Draw,
        ][self.below(3) as usize]
    }
}

/// `n` people named `P1`, `P2`, …
pub(super) fn people(n: usize) -> Vec<Entrant> {
    (1..=n).map(|i| Entrant::person(format!("P{i}"))).collect()
}

/// Checks that every player is in exactly one game or has the bye, each round, and that the
/// bye is there exactly when the count is odd.
pub(super) fn assert_each_plays_once_per_round(n: usize, rounds: &[Round]) {
    for round in rounds {
        let mut seen = vec![0; n];
        for game in &round.games {
            assert_ne!(game.black, game.white);
            seen[game.black.index()] += 1;
            seen[game.white.index()] += 1;
        }
        if let Some(p) = round.bye {
            seen[p.index()] += 1;
        }
        assert!(
            seen.iter().all(|&s| s == 1),
            "round {}: {seen:?}",
            round.number
        );
        assert_eq!(round.bye.is_some(), n % 2 == 1);
        let boards: Vec<u8> = round.games.iter().map(|g| g.board).collect();
        let expected: Vec<u8> = (1..=round.games.len() as u8).collect();
        assert_eq!(boards, expected);
    }
}

/// How many times each pair of players meets.
pub(super) fn meeting_counts(n: usize, rounds: &[Round]) -> Vec<Vec<usize>> {
    let mut counts = vec![vec![0; n]; n];
    for game in rounds.iter().flat_map(|r| &r.games) {
        counts[game.black.index()][game.white.index()] += 1;
        counts[game.white.index()][game.black.index()] += 1;
    }
    counts
}

/// Each player's (Whites, Blacks).
pub(super) fn colour_counts(n: usize, rounds: &[Round]) -> Vec<(usize, usize)> {
    let mut counts = vec![(0, 0); n];
    for game in rounds.iter().flat_map(|r| &r.games) {
        counts[game.white.index()].0 += 1;
        counts[game.black.index()].1 += 1;
    }
    counts
}

/// The colour `player` has in each round's game (none for a bye).
pub(super) fn colours_of(player: PlayerId, rounds: &[Round]) -> Vec<Colour> {
    rounds
        .iter()
        .filter_map(|r| r.game_of(player).and_then(|g| g.colour_of(player)))
        .collect()
}
