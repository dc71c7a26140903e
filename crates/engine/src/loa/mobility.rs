//! Counting both sides' legal moves at once with whole-board shifts: the evaluation's mobility
//! term. Pieces are grouped by the piece count of their line, so every piece that moves `n`
//! squares in one direction is handled by one shift of a bitboard.

use super::Position;
use super::bitboard::{DIRECTIONS, LINE_COUNT, LINE_MASKS, LINE_OF_DIRECTION};
use crate::Color;

/// `ROTATIONS[dir][k]`: the left rotation that moves a bit `k` steps (`k < 8`) in direction
/// `dir`.
const ROTATIONS: [[u32; 8]; 8] = {
    let mut t = [[0u32; 8]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut k = 0;
        while k < 8 {
            let step = 8 * DIRECTIONS[dir].1 as i32 + DIRECTIONS[dir].0 as i32;
            t[dir][k] = (step * k as i32).rem_euclid(64) as u32;
            k += 1;
        }
        dir += 1;
    }
    t
};

/// `LANDINGS[dir][k]`: the squares reached by a `k`-step in direction `dir` from a square on the
/// board (so a rotated bitboard masked with it holds no bit that wrapped around).
const LANDINGS: [[u64; 8]; 8] = {
    let mut t = [[0u64; 8]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut k = 0;
        while k < 8 {
            let mut sq = 0;
            while sq < 64 {
                let f = (sq % 8) - DIRECTIONS[dir].0 as i32 * k as i32;
                let r = (sq / 8) - DIRECTIONS[dir].1 as i32 * k as i32;
                if f >= 0 && f < 8 && r >= 0 && r < 8 {
                    t[dir][k] |= 1u64 << sq;
                }
                sq += 1;
            }
            k += 1;
        }
        dir += 1;
    }
    t
};

/// Moves every bit of `b` by `k` steps in direction `dir`, dropping bits that leave the board.
#[inline]
fn shift(b: u64, dir: usize, k: usize) -> u64 {
    b.rotate_left(ROTATIONS[dir & 7][k & 7]) & LANDINGS[dir & 7][k & 7]
}

/// The squares of every line holding each piece count, by line type.
struct LinesByCount {
    /// `lines[line type][n]`: the squares of every line of that type holding `n` pieces. A line
    /// of eight sends every piece off the board, so `n = 8` is left out.
    lines: [[u64; 8]; 4],
    /// The largest count (at most 7) of each line type.
    longest: [usize; 4],
}

impl Position {
    fn lines_by_count(&self) -> LinesByCount {
        let mut lines = [[0u64; 8]; 4];
        let mut longest = [0usize; 4];
        for (line_type, ids) in [(0, 0..8), (1, 8..16), (2, 16..31), (3, 31..LINE_COUNT)] {
            let counts = &mut lines[line_type];
            let mut most = 0;
            for id in ids {
                let n = self.line_counts[id];
                counts[usize::from(n) & 7] |= LINE_MASKS[id] & if n < 8 { !0 } else { 0 };
                most = most.max(n);
            }
            longest[line_type] = usize::from(most).min(7);
        }
        LinesByCount { lines, longest }
    }

    fn count_with(&self, tables: &LinesByCount, color: Color) -> u32 {
        let own = self.pieces(color);
        let enemy = self.pieces(!color);
        let mut count = 0;
        for (dir, &line_type) in LINE_OF_DIRECTION.iter().enumerate() {
            let back = (dir + 4) % 8;
            let lines_by_count = &tables.lines[line_type & 3];
            // Pieces with an enemy piece fewer than n steps ahead, built up as n grows.
            let mut blocked = 0;
            let longest = tables.longest[line_type & 3];
            for (n, &lines) in lines_by_count.iter().enumerate().take(longest + 1).skip(1) {
                if n >= 2 {
                    blocked |= shift(enemy, back, n - 1);
                }
                let movers = own & lines & !blocked;
                // Each mover lands on its own square: count the landings off own pieces.
                count += (shift(movers, dir, n) & !own).count_ones();
            }
        }
        count
    }

    /// How many ordinary moves each side would have if it were to move, indexed by
    /// [`Color::index`]. Equal to [`Position::count_steps_of`] for both colours.
    pub fn mobility(&self) -> [u32; 2] {
        let tables = self.lines_by_count();
        [
            self.count_with(&tables, Color::Black),
            self.count_with(&tables, Color::White),
        ]
    }

    /// [`Position::count_steps_of`] by whole-board shifts (no per-piece loop).
    pub fn count_steps_by_shifts(&self, color: Color) -> u32 {
        self.count_with(&self.lines_by_count(), color)
    }
}
