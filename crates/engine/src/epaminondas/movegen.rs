//! Move generation on bitboards, shared by the fast count (perft leaves) and the move list.
//!
//! For one direction, the groups are found through their heads: a *head* is a stone of the side
//! to move whose next square in that direction is not its own. Each head with at least `k` own
//! stones in a row behind it (itself included) is the front of exactly one moving group of `k`
//! stones, the one whose tail is `k - 1` squares behind it. All heads with such a group are
//! pushed forward together, one square at a time, at most `k` times and only through empty
//! squares; every square they reach that is empty, or holds an enemy stone whose enemy row in
//! that direction is shorter than `k`, is the landing square of one legal move.

use super::bitboard::{Bitboard, DELTA, Geometry, Square};
use super::moves::Move;

/// The board as the side to move sees it.
#[derive(Clone, Copy)]
pub(crate) struct View {
    /// The side to move's stones.
    pub own: Bitboard,
    /// The opponent's stones.
    pub enemy: Bitboard,
    /// Empty squares of the board.
    pub empty: Bitboard,
    /// The opponent's home row, the one the anti-symmetry rule watches.
    pub far_row: Bitboard,
    /// Whether moves onto the far row must be checked against the anti-symmetry rule (on, and
    /// the mover does not have more stones than the opponent, so symmetry is possible).
    pub check_symmetry: bool,
    /// The board's shape.
    pub geo: &'static Geometry,
}

/// Receives the legal moves one batch at a time: the landing squares of every group of one
/// direction, one size and one distance.
pub(crate) trait Sink {
    /// `landing` holds the squares where heads land; each tail lies `travel` steps behind its
    /// landing square in direction `dir`.
    fn add(&mut self, landing: Bitboard, dir: usize, travel: i32);
}

/// Counts the moves.
pub(crate) struct Counter(pub u32);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, landing: Bitboard, _dir: usize, _travel: i32) {
        self.0 += landing.count();
    }
}

/// Collects the moves into a list.
pub(crate) struct Collector<'a>(pub &'a mut Vec<Move>);

impl Sink for Collector<'_> {
    #[inline]
    fn add(&mut self, landing: Bitboard, dir: usize, travel: i32) {
        let back = travel * DELTA[dir];
        for to in landing.squares() {
            let tail = Square::from_index((to.index() as i32 - back) as usize);
            self.0.push(Move::Step { tail, to });
        }
    }
}

impl View {
    /// Feeds every legal ordinary move (no pass) to `sink`.
    #[inline]
    pub fn generate<S: Sink>(&self, sink: &mut S) {
        self.scan::<0, S>(sink);
        self.scan::<1, S>(sink);
        self.scan::<2, S>(sink);
        self.scan::<3, S>(sink);
        self.scan::<4, S>(sink);
        self.scan::<5, S>(sink);
        self.scan::<6, S>(sink);
        self.scan::<7, S>(sink);
    }

    /// The moves of one direction (see the module documentation).
    #[inline(always)]
    fn scan<const D: usize, S: Sink>(&self, sink: &mut S) {
        let delta = DELTA[D];
        let heads = self.own.and_not(self.own.shift(-delta));
        // Own stones with at least `k` own stones in a row ending on them.
        let mut run = self.own;
        // Enemy stones starting an enemy row of at least `k` stones in this direction.
        let mut enemy_run = self.enemy;
        let mut k = 1;
        loop {
            let group_heads = heads & run;
            if group_heads.is_empty() {
                break;
            }
            let targets = self.empty | self.enemy.and_not(enemy_run);
            let mut front = group_heads;
            for m in 1..=k {
                front = front.shift(delta);
                let mut landing = front & targets;
                if !landing.is_empty() {
                    if self.check_symmetry && !(landing & self.far_row).is_empty() {
                        landing = self.drop_symmetric(landing, D, k, m);
                    }
                    sink.add(landing, D, k - 1 + m);
                }
                front &= self.empty;
                if front.is_empty() {
                    break;
                }
            }
            run = self.own & run.shift(delta);
            enemy_run = self.enemy & enemy_run.shift(-delta);
            k += 1;
        }
    }

    /// `landing` without the far-row squares whose move the anti-symmetry rule forbids.
    #[cold]
    fn drop_symmetric(&self, mut landing: Bitboard, dir: usize, k: i32, m: i32) -> Bitboard {
        for to in (landing & self.far_row).squares() {
            if self.symmetric_after(to, dir, k, m) {
                landing = landing.without(to);
            }
        }
        landing
    }

    /// The stones of both sides after the group of `k` stones moves `m` squares in direction
    /// `dir` with its head landing on `to`, capturing the enemy row that starts there (if any).
    pub fn after_move(&self, to: Square, dir: usize, k: i32, m: i32) -> (Bitboard, Bitboard) {
        let delta = DELTA[dir] as isize;
        let to = to.index() as isize;
        let tail = to - (k - 1 + m) as isize * delta;
        let (mut own, mut enemy) = (self.own, self.enemy);
        for i in 0..m as isize {
            own.toggle_index((tail + i * delta) as usize);
            own.toggle_index((to - i * delta) as usize);
        }
        let mut s = to;
        while enemy.has_index(s) {
            enemy.toggle_index(s as usize);
            s += delta;
        }
        (own, enemy)
    }

    /// Whether the position after the move (see [`View::after_move`]) is symmetric with the
    /// colours swapped, under the reflection swapping the home rows or the 180° rotation.
    pub fn symmetric_after(&self, to: Square, dir: usize, k: i32, m: i32) -> bool {
        let (own, enemy) = self.after_move(to, dir, k, m);
        own.mirror_ranks(self.geo.ranks) == enemy
            || own.rotate(self.geo.files, self.geo.ranks) == enemy
    }
}
