//! 8×8 bitboards for Lines of Action: squares, directions and precomputed line tables.
//!
//! Bit `rank * 8 + file` is the square (`a1` = bit 0, `h8` = bit 63).

use std::fmt;

use crate::notation::{Coord, SquareParseError};

/// A square of the 8×8 board, `0..64` (`a1` = 0, `b1` = 1, … `h8` = 63).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(
    #[cfg_attr(feature = "serde", serde(deserialize_with = "deserialize_square"))] u8,
);

impl Square {
    /// The square with this index; `None` outside `0..64`.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file`, `rank` (both `0..8`).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// `0..64`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File from 0 (`a`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank from 0 (`1`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// This square's bit.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// File and rank as a [`Coord`].
    pub const fn coord(self) -> Coord {
        Coord::new(self.file(), self.rank())
    }

    /// The square for a [`Coord`], if it is on the 8×8 board.
    pub const fn from_coord(c: Coord) -> Option<Square> {
        Square::from_file_rank(c.file, c.rank)
    }

    /// Parses `d3`.
    pub fn parse(text: &str) -> Result<Square, SquareParseError> {
        let c = Coord::parse(text, 8, 8)?;
        Ok(Square(c.rank * 8 + c.file))
    }

    /// Every square, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.coord().fmt(f)
    }
}

/// Iterates over the set bits of a bitboard as squares.
#[derive(Clone, Copy)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(sq))
    }
}

pub use crate::notation::DIRECTIONS;

/// Which of a square's four lines a direction runs along: 0 rank, 1 file, 2 diagonal (a1–h8
/// direction), 3 anti-diagonal (a8–h1 direction).
pub const LINE_OF_DIRECTION: [usize; 8] = [1, 2, 0, 3, 1, 2, 0, 3];

/// Number of distinct lines: 8 ranks, 8 files, 15 diagonals, 15 anti-diagonals.
pub const LINE_COUNT: usize = 46;

/// Marks a target that would leave the board.
pub const OFF_BOARD: u8 = 64;

const fn line_ids(sq: usize) -> [u8; 4] {
    let file = sq % 8;
    let rank = sq / 8;
    [
        rank as u8,
        (8 + file) as u8,
        (16 + file + 7 - rank) as u8,
        (31 + file + rank) as u8,
    ]
}

/// For each square, the ids (`0..46`) of its rank, file, diagonal and anti-diagonal.
pub const LINE_IDS: [[u8; 4]; 64] = {
    let mut t = [[0u8; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = line_ids(sq);
        sq += 1;
    }
    t
};

/// For each line id, the bitboard of its squares.
pub const LINE_MASKS: [u64; LINE_COUNT] = {
    let mut t = [0u64; LINE_COUNT];
    let mut sq = 0;
    while sq < 64 {
        let ids = line_ids(sq);
        let mut k = 0;
        while k < 4 {
            t[ids[k] as usize] |= 1u64 << sq;
            k += 1;
        }
        sq += 1;
    }
    t
};

/// `TARGETS[sq][dir][n]` (`n` in `0..16`): the square `n` steps from `sq` in direction `dir`, or [`OFF_BOARD`].
pub const TARGETS: [[[u8; 16]; 8]; 64] = {
    let mut t = [[[OFF_BOARD; 16]; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut dir = 0;
        while dir < 8 {
            let mut n = 0;
            while n < 9 {
                let f = (sq % 8) as i32 + DIRECTIONS[dir].0 as i32 * n as i32;
                let r = (sq / 8) as i32 + DIRECTIONS[dir].1 as i32 * n as i32;
                if f >= 0 && f < 8 && r >= 0 && r < 8 {
                    t[sq][dir][n] = (r * 8 + f) as u8;
                }
                n += 1;
            }
            dir += 1;
        }
        sq += 1;
    }
    t
};

/// `RAYS[sq][dir]`: every square beyond `sq` in direction `dir`, up to the edge. Rows from 64
/// ([`OFF_BOARD`]) on are empty; 256 rows let a `u8` index it without a bounds check.
pub const RAYS: [[u64; 8]; 256] = {
    let mut t = [[0u64; 8]; 256];
    let mut sq = 0;
    while sq < 64 {
        let mut dir = 0;
        while dir < 8 {
            let mut n = 1;
            while n < 8 {
                let target = TARGETS[sq][dir][n];
                if target != OFF_BOARD {
                    t[sq][dir] |= 1u64 << target;
                }
                n += 1;
            }
            dir += 1;
        }
        sq += 1;
    }
    t
};

/// `BITS[sq]` is the bit of `sq`; `BITS[OFF_BOARD]` is 0, so an off-board target has no bit.
pub const BITS: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1u64 << sq;
        sq += 1;
    }
    t
};

/// The squares strictly between `from` and `to`, which lie on the ray `dir` from `from`.
#[inline]
pub fn between(from: usize, dir: usize, to: usize) -> u64 {
    RAYS[from][dir] & !RAYS[to][dir] & !(1u64 << to)
}

const NOT_A_FILE: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H_FILE: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// Every square touching a square of `b` (8-neighbourhood), `b` itself excluded unless touched.
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let horizontal = ((b << 1) & NOT_A_FILE) | ((b >> 1) & NOT_H_FILE);
    let row = b | horizontal;
    horizontal | (row << 8) | (row >> 8)
}

/// Whether the pieces of `b` form one 8-connected group (an empty set does not).
#[inline]
pub fn is_connected(b: u64) -> bool {
    if b == 0 {
        return false;
    }
    let mut group = b & b.wrapping_neg();
    loop {
        let grown = (group | neighbours(group)) & b;
        if grown == group {
            return group == b;
        }
        group = grown;
    }
}

/// The 8-connected group of `b` containing the square `seed` (empty if `seed` is not in `b`).
pub fn group_of(b: u64, seed: Square) -> u64 {
    let mut group = b & seed.bit();
    loop {
        let grown = (group | neighbours(group)) & b;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

#[cfg(feature = "serde")]
/// A Lines of Action square's index, `0..64`.
fn deserialize_square<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    crate::checked::checked_u8(
        deserializer,
        |i| Square::new(i).is_some(),
        "a square of the 8×8 board (0 to 63)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_hold_the_right_number_of_squares() {
        let d4 = Square::parse("d4").unwrap().index();
        let sizes: Vec<u32> = LINE_IDS[d4]
            .iter()
            .map(|&id| LINE_MASKS[id as usize].count_ones())
            .collect();
        assert_eq!(sizes, vec![8, 8, 8, 7]);
        let a1 = Square::parse("a1").unwrap().index();
        assert_eq!(LINE_MASKS[LINE_IDS[a1][3] as usize].count_ones(), 1);
    }

    #[test]
    fn targets_and_between() {
        let b1 = Square::parse("b1").unwrap().index();
        let d3 = Square::parse("d3").unwrap().index();
        assert_eq!(TARGETS[b1][1][2] as usize, d3);
        assert_eq!(TARGETS[b1][4][1], OFF_BOARD);
        assert_eq!(between(b1, 1, d3), Square::parse("c2").unwrap().bit());
    }

    #[test]
    fn connectivity() {
        let bits = |names: &[&str]| names.iter().map(|n| Square::parse(n).unwrap().bit()).sum();
        assert!(is_connected(bits(&["a1", "b2", "c3", "c4"])));
        assert!(is_connected(bits(&["h8"])));
        assert!(!is_connected(bits(&["a1", "a3"])));
        assert!(!is_connected(bits(&["h1", "a2"]))); // no wrap across the edge
        assert!(!is_connected(0));
    }
}
