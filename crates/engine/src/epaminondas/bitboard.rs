//! Bitboards for Epaminondas: squares, stone sets and the two board geometries.
//!
//! Layout: square `rank * 16 + file` is one bit of a 192-bit set held in three `u64` words.
//! Files 14 and 15 of every rank are padding and never hold a stone, so a one-square shift in any
//! of the eight directions moves a stone on the board's edge into the padding (or past the ends
//! of the set), never onto another square of the board. A shifted set therefore needs no edge
//! mask once it is intersected with a set of board squares. The small 8×8 board uses files
//! `a`–`h` and ranks 1–8 of the same layout.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign};

use crate::notation::{Coord, SquareParseError};

/// Bits per rank (14 files and 2 padding bits).
pub(crate) const WIDTH: usize = 16;
/// Bits in a set: 12 ranks of [`WIDTH`].
pub(crate) const BITS: usize = 192;
/// Files of the standard board.
pub(crate) const MAX_FILES: u8 = 14;
/// Ranks of the standard board.
pub(crate) const MAX_RANKS: u8 = 12;

pub use crate::notation::DIRECTIONS;

/// How far the bit index moves for one step in each of [`DIRECTIONS`].
pub(crate) const DELTA: [i32; 8] = {
    let mut t = [0i32; 8];
    let mut d = 0;
    while d < 8 {
        t[d] = DIRECTIONS[d].1 as i32 * WIDTH as i32 + DIRECTIONS[d].0 as i32;
        d += 1;
    }
    t
};

/// A square of the standard 14×12 board (the small board uses its lower-left 8×8 corner).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(
    #[cfg_attr(feature = "serde", serde(deserialize_with = "deserialize_square"))] u8,
);

impl Square {
    /// The square at `file`, `rank` (both from 0), if it lies on the 14×12 board.
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_FILES && rank < MAX_RANKS {
            Some(Square(rank * WIDTH as u8 + file))
        } else {
            None
        }
    }

    /// The square for a [`Coord`], if it lies on the 14×12 board.
    pub const fn from_coord(c: Coord) -> Option<Square> {
        Square::from_file_rank(c.file, c.rank)
    }

    /// Parses `d3` or `n12` on the 14×12 board.
    pub fn parse(text: &str) -> Result<Square, SquareParseError> {
        let c = Coord::parse(text, MAX_FILES, MAX_RANKS)?;
        Ok(Square(c.rank * WIDTH as u8 + c.file))
    }

    /// File from 0 (`a`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % WIDTH as u8
    }

    /// Rank from 0 (`1`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / WIDTH as u8
    }

    /// File and rank as a [`Coord`].
    pub const fn coord(self) -> Coord {
        Coord::new(self.file(), self.rank())
    }

    /// The square `steps` steps away in direction `dir` (index into [`DIRECTIONS`]), if it is
    /// on the 14×12 board.
    pub fn step(self, dir: usize, steps: i8) -> Option<Square> {
        let (df, dr) = DIRECTIONS[dir];
        let file = self.file() as i8 + df * steps;
        let rank = self.rank() as i8 + dr * steps;
        if file < 0 || rank < 0 {
            return None;
        }
        Square::from_file_rank(file as u8, rank as u8)
    }

    /// The bit index in the layout.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square of a bit index that is known to lie on the board.
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Square {
        Square(index as u8)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.coord().fmt(f)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({self})")
    }
}

/// A set of squares: one bit per square of the 14×12 board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard([u64; 3]);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard([0; 3]);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        let mut words = [0u64; 3];
        words[sq.index() / 64] = 1u64 << (sq.index() % 64);
        Bitboard(words)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0[sq.index() / 64] >> (sq.index() % 64) & 1 != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        let mut words = self.0;
        words[sq.index() / 64] |= 1u64 << (sq.index() % 64);
        Bitboard(words)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        let mut words = self.0;
        words[sq.index() / 64] &= !(1u64 << (sq.index() % 64));
        Bitboard(words)
    }

    /// How many squares are in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// The squares of the set, `a1` first, then along rank 1, then rank 2 and so on.
    #[inline]
    pub const fn squares(self) -> Squares {
        Squares(self)
    }

    /// The squares in `self` but not in `other`.
    #[inline]
    pub const fn and_not(self, other: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
        ])
    }

    /// Toggles the bit at a layout index (which must be below [`BITS`]).
    #[inline]
    pub(crate) fn toggle_index(&mut self, index: usize) {
        self.0[index / 64] ^= 1u64 << (index % 64);
    }

    /// Whether the bit at a layout index is set; indices outside the layout are not.
    #[inline]
    pub(crate) fn has_index(self, index: isize) -> bool {
        (0..BITS as isize).contains(&index) && self.0[index as usize / 64] >> (index % 64) & 1 != 0
    }

    /// Every bit moved `by` places towards the high end (towards the low end if negative);
    /// `|by|` must be below 64. Bits pushed past either end are lost.
    #[inline(always)]
    pub(crate) const fn shift(self, by: i32) -> Bitboard {
        let [a, b, c] = self.0;
        if by > 0 {
            let n = by as u32;
            Bitboard([
                a << n,
                (b << n) | (a >> (64 - n)),
                (c << n) | (b >> (64 - n)),
            ])
        } else if by < 0 {
            let n = (-by) as u32;
            Bitboard([
                (a >> n) | (b << (64 - n)),
                (b >> n) | (c << (64 - n)),
                c >> n,
            ])
        } else {
            self
        }
    }

    /// Every bit moved `by` places towards the low end, for any `by` below [`BITS`].
    const fn shift_down(self, by: usize) -> Bitboard {
        let words = by / 64;
        let bits = (by % 64) as u32;
        let mut out = [0u64; 3];
        let mut i = 0;
        while i + words < 3 {
            let lo = self.0[i + words] >> bits;
            let hi = if bits > 0 && i + words + 1 < 3 {
                self.0[i + words + 1] << (64 - bits)
            } else {
                0
            };
            out[i] = lo | hi;
            i += 1;
        }
        Bitboard(out)
    }

    /// The set reflected so that rank `r` becomes rank `ranks - 1 - r` (files unchanged).
    pub(crate) const fn mirror_ranks(self, ranks: u8) -> Bitboard {
        /// Reverses the order of the four 16-bit ranks in a word.
        const fn reverse_ranks(x: u64) -> u64 {
            let x = x.rotate_left(32);
            ((x >> 16) & 0x0000_FFFF_0000_FFFF) | ((x & 0x0000_FFFF_0000_FFFF) << 16)
        }
        Bitboard([
            reverse_ranks(self.0[2]),
            reverse_ranks(self.0[1]),
            reverse_ranks(self.0[0]),
        ])
        .shift_down((MAX_RANKS - ranks) as usize * WIDTH)
    }

    /// The set turned by 180° on a board of `files` × `ranks`: (f, r) becomes
    /// (`files - 1 - f`, `ranks - 1 - r`).
    pub(crate) const fn rotate(self, files: u8, ranks: u8) -> Bitboard {
        Bitboard([
            self.0[2].reverse_bits(),
            self.0[1].reverse_bits(),
            self.0[0].reverse_bits(),
        ])
        .shift_down((MAX_RANKS - ranks) as usize * WIDTH + (WIDTH - files as usize))
    }

    /// The lowest set bit's index, if any.
    #[inline]
    const fn lowest(self) -> Option<usize> {
        if self.0[0] != 0 {
            Some(self.0[0].trailing_zeros() as usize)
        } else if self.0[1] != 0 {
            Some(64 + self.0[1].trailing_zeros() as usize)
        } else if self.0[2] != 0 {
            Some(128 + self.0[2].trailing_zeros() as usize)
        } else {
            None
        }
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

macro_rules! bit_op {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $sym:tt) => {
        impl $op for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard([self.0[0] $sym rhs.0[0], self.0[1] $sym rhs.0[1], self.0[2] $sym rhs.0[2]])
            }
        }
        impl $assign for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                *self = *self $sym rhs;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// Iterates over the squares of a [`Bitboard`].
#[derive(Clone, Copy, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let index = self.0.lowest()?;
        self.0.toggle_index(index);
        Some(Square::from_index(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// The shape of a board: its size, its squares and the two home rows.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Every square of the board.
    pub board: Bitboard,
    /// Home rows by [`crate::Color::index`]: Black's is the top rank, White's rank 1.
    pub home: [Bitboard; 2],
    /// `near_home[i]`: the three rows nearest `home[i]` (it included), where an enemy stone is
    /// a threat.
    pub near_home: [Bitboard; 2],
}

const fn rank_mask(files: u8, rank: u8) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    let mut file = 0;
    while file < files {
        b = b.with(Square(rank * WIDTH as u8 + file));
        file += 1;
    }
    b
}

const fn union(a: Bitboard, b: Bitboard) -> Bitboard {
    Bitboard([a.0[0] | b.0[0], a.0[1] | b.0[1], a.0[2] | b.0[2]])
}

const fn geometry(files: u8, ranks: u8) -> Geometry {
    let mut board = Bitboard::EMPTY;
    let mut rank = 0;
    while rank < ranks {
        let row = rank_mask(files, rank);
        board = Bitboard([
            board.0[0] | row.0[0],
            board.0[1] | row.0[1],
            board.0[2] | row.0[2],
        ]);
        rank += 1;
    }
    Geometry {
        files,
        ranks,
        board,
        home: [rank_mask(files, ranks - 1), rank_mask(files, 0)],
        near_home: [
            union(
                union(rank_mask(files, ranks - 1), rank_mask(files, ranks - 2)),
                rank_mask(files, ranks - 3),
            ),
            union(
                union(rank_mask(files, 0), rank_mask(files, 1)),
                rank_mask(files, 2),
            ),
        ],
    }
}

/// The standard 14×12 board.
pub(crate) static STANDARD: Geometry = geometry(MAX_FILES, MAX_RANKS);
/// The small 8×8 board.
pub(crate) static SMALL: Geometry = geometry(8, 8);

#[cfg(feature = "serde")]
/// An Epaminondas square's index: `rank * 16 + file`, file `0..14`, rank `0..12`.
fn deserialize_square<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    crate::checked::checked_u8(
        deserializer,
        |i| Square::from_file_rank(i % 16, i / 16).is_some(),
        "a square of the 14×12 board (rank * 16 + file, file 0 to 13, rank 0 to 11)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn squares_round_trip() {
        for name in ["a1", "n1", "a12", "n12", "g7"] {
            assert_eq!(sq(name).to_string(), name);
        }
        assert_eq!(Square::from_file_rank(14, 0), None);
        assert_eq!(Square::from_file_rank(0, 12), None);
        assert_eq!(sq("b2").step(1, 2), Some(sq("d4")));
        assert_eq!(sq("b2").step(5, 2), None);
    }

    #[test]
    fn one_step_never_wraps_onto_the_board() {
        for geo in [&STANDARD, &SMALL] {
            for from in geo.board.squares() {
                for (dir, &delta) in DELTA.iter().enumerate() {
                    let moved = Bitboard::from_square(from).shift(delta) & geo.board;
                    let expected = from
                        .step(dir, 1)
                        .filter(|s| geo.board.contains(*s))
                        .map_or(Bitboard::EMPTY, Bitboard::from_square);
                    assert_eq!(moved, expected, "{from} dir {dir}");
                }
            }
        }
    }

    #[test]
    fn mirror_and_rotation() {
        for geo in [&STANDARD, &SMALL] {
            for s in geo.board.squares() {
                let (f, r) = (s.file(), s.rank());
                let b = Bitboard::from_square(s);
                let mirrored = Square::from_file_rank(f, geo.ranks - 1 - r).unwrap();
                let rotated = Square::from_file_rank(geo.files - 1 - f, geo.ranks - 1 - r).unwrap();
                assert_eq!(b.mirror_ranks(geo.ranks), Bitboard::from_square(mirrored));
                assert_eq!(
                    b.rotate(geo.files, geo.ranks),
                    Bitboard::from_square(rotated)
                );
            }
        }
    }

    #[test]
    fn geometry_sizes() {
        assert_eq!(STANDARD.board.count(), 168);
        assert_eq!(SMALL.board.count(), 64);
        assert_eq!(STANDARD.home[0].count(), 14);
        assert!(STANDARD.home[0].contains(sq("n12")));
        assert!(SMALL.home[0].contains(sq("h8")));
        assert!(SMALL.home[1].contains(sq("a1")));
    }
}
