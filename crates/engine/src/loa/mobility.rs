//! Counting both sides' legal moves at once, line by line: the evaluation's mobility term.
//!
//! A piece moves along one of its four lines, and whether it can depends only on what stands on
//! that line. So each of the 46 lines (ranks, files, diagonals, anti-diagonals) is gathered into
//! a small pattern per colour (a multiply collects its squares into one byte), and a table
//! indexed by the line's length and both patterns gives the moves of both colours along it.

use super::{BoardSize, Position};
use crate::Color;

/// How to gather one line of the board into the low bits of a byte, in order along the line:
/// `((b >> shift) & mask).wrapping_mul(multiplier) >> (56 + skip)`.
#[derive(Clone, Copy)]
struct Gather {
    shift: u32,
    mask: u64,
    multiplier: u64,
    skip: u32,
    /// Where the table block of this line's length starts.
    offset: u32,
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `BLOCK_OFFSETS[len]`: where the entries of lines of `len` squares start in [`LINE_MOVES`]
/// (a line of `len` squares has `3^len` patterns).
const BLOCK_OFFSETS: [u32; 10] = {
    let mut t = [0u32; 10];
    let mut len = 1;
    let mut size = 3;
    while len < 9 {
        t[len + 1] = t[len] + size;
        size *= 3;
        len += 1;
    }
    t
};

/// The number of entries of [`LINE_MOVES`] in use.
const TABLE_SIZE: usize = BLOCK_OFFSETS[9] as usize;

/// The length of [`LINE_MOVES`]: a power of two above any index the ternary digits can make
/// (so masking an index proves it in bounds).
const TABLE_SLOTS: usize = (BLOCK_OFFSETS[8] as usize + 3 * 3280 + 1).next_power_of_two();
const _: () = assert!(TABLE_SLOTS >= TABLE_SIZE);

/// The squares with `file − rank = k − 7` (`diagonal`) or `file + rank = k` (otherwise), and
/// the lowest file among them.
const fn line_of(k: i32, diagonal: bool) -> (u64, u32) {
    let mut mask = 0u64;
    let mut low = 8;
    let mut sq = 64;
    while sq > 0 {
        sq -= 1;
        let (file, rank) = (sq % 8, sq / 8);
        let on = if diagonal {
            file - rank == k - 7
        } else {
            file + rank == k
        };
        if on {
            mask |= 1u64 << sq;
            if (file as u32) < low {
                low = file as u32;
            }
        }
    }
    (mask, low)
}

/// Every line of the board with how to gather it.
const GATHERS: [Gather; 46] = {
    let blank = Gather {
        shift: 0,
        mask: 0,
        multiplier: 0,
        skip: 0,
        offset: 0,
    };
    let mut t = [blank; 46];
    let mut i = 0;
    while i < 8 {
        // Rank i: its byte moved to the top.
        t[i] = Gather {
            shift: 8 * i as u32,
            mask: 0xff,
            multiplier: 1 << 56,
            skip: 0,
            offset: BLOCK_OFFSETS[8],
        };
        // File i: moved to file a, then the classic multiply collects rank k on bit 7 − k.
        t[8 + i] = Gather {
            shift: i as u32,
            mask: FILE_A,
            multiplier: 0x8040_2010_0804_0201,
            skip: 0,
            offset: BLOCK_OFFSETS[8],
        };
        i += 1;
    }
    let mut k = 0;
    while k < 15 {
        // Every square of a diagonal has its own file: adding up the ranks (multiplying by
        // 0x0101…) collects them on their file bits, from the lowest file on.
        let mut j = 0;
        while j < 2 {
            let (mask, low) = line_of(k, j == 0);
            t[16 + 15 * j + k as usize] = Gather {
                shift: 0,
                mask,
                multiplier: FILE_A,
                skip: low,
                offset: BLOCK_OFFSETS[mask.count_ones() as usize],
            };
            j += 1;
        }
        k += 1;
    }
    t
};

/// `TERNARY[p]`: the bits of `p` read as base-3 digits (bit `i` is worth `3^i`).
const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut p = 0;
    while p < 256 {
        let mut value = 0;
        let mut power = 1;
        let mut i = 0;
        while i < 8 {
            if p & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        t[p] = value;
        p += 1;
    }
    t
};

/// `LINE_MOVES[BLOCK_OFFSETS[len] + TERNARY[a] + 2 * TERNARY[b]]`, for a line of `len` squares
/// holding pattern `a` of one colour and `b` of the other: the moves of `a`'s pieces along the
/// line in the low 16 bits and of `b`'s in the high 16 bits.
static LINE_MOVES: [u32; TABLE_SLOTS] = {
    let mut t = [0u32; TABLE_SLOTS];
    let mut len = 1;
    while len <= 8 {
        let full = (1u32 << len) - 1;
        let mut a = 0;
        while a <= full {
            let mut b = 0;
            while b <= full {
                if a & b == 0 {
                    let index = BLOCK_OFFSETS[len]
                        + TERNARY[a as usize] as u32
                        + 2 * TERNARY[b as usize] as u32;
                    t[index as usize] =
                        line_moves(a, b, len as u32) | (line_moves(b, a, len as u32) << 16);
                }
                b += 1;
            }
            a += 1;
        }
        len += 1;
    }
    t
};

/// The moves of the pieces `own` along a line of `len` squares that also holds `enemy`.
const fn line_moves(own: u32, enemy: u32, len: u32) -> u32 {
    let n = (own | enemy).count_ones();
    let mut count = 0;
    let mut i = 0;
    while i < len {
        if own & (1 << i) != 0 {
            // Up the line: the target must be on it and not own; the squares passed not enemy.
            let to = i + n;
            if to < len && own & (1 << to) == 0 && enemy & ((1 << to) - (2 << i)) == 0 {
                count += 1;
            }
            if i >= n {
                let to = i - n;
                if own & (1 << to) == 0 && enemy & ((1 << i) - (2 << to)) == 0 {
                    count += 1;
                }
            }
        }
        i += 1;
    }
    count
}

/// One line's [`LINE_MOVES`] entry: Black's moves along it in the low 16 bits, White's in the
/// high bits.
#[inline(always)]
fn line_entry(g: &Gather, black: u64, white: u64) -> u32 {
    let gather = |b: u64| ((b >> g.shift) & g.mask).wrapping_mul(g.multiplier) >> (56 + g.skip);
    let index = g.offset as usize
        + TERNARY[gather(black) as usize & 0xff] as usize
        + 2 * TERNARY[gather(white) as usize & 0xff] as usize;
    LINE_MOVES[index & (TABLE_SLOTS - 1)]
}

/// Adds up [`line_entry`] of the listed lines, each with its constants built in.
macro_rules! sum_lines {
    ($black:expr, $white:expr; $($i:literal)*) => {
        0 $(+ {
            const G: Gather = GATHERS[$i];
            line_entry(&G, $black, $white)
        })*
    };
}

impl Position {
    /// How many ordinary moves each side would have if it were to move, indexed by
    /// [`Color::index`]. Equal to [`Position::count_steps_of`] for both colours.
    #[inline]
    pub fn mobility(&self) -> [u32; 2] {
        if self.rules().board != BoardSize::Eight {
            // The line tables know the 8×8 board's edges only.
            return [
                self.count_steps_of(Color::Black),
                self.count_steps_of(Color::White),
            ];
        }
        let black = self.pieces(Color::Black);
        let white = self.pieces(Color::White);
        let sum: u32 = sum_lines!(black, white;
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
            24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45);
        [sum & 0xffff, sum >> 16]
    }

    /// [`Position::count_steps_of`] without a per-piece loop (by the line tables of
    /// [`Position::mobility`]).
    #[inline]
    pub fn count_steps_by_lines(&self, color: Color) -> u32 {
        self.mobility()[color.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gathers_cover_every_line_once() {
        let mut seen = [0u32; 64];
        for g in &GATHERS {
            let mask = g.mask << g.shift;
            let len = BLOCK_OFFSETS.iter().rposition(|&o| o == g.offset).unwrap() as u32;
            assert_eq!(mask.count_ones(), len);
            // Gathering the whole line gives `len` low bits.
            let all =
                (((mask >> g.shift) & g.mask).wrapping_mul(g.multiplier) >> (56 + g.skip)) as u32;
            assert_eq!(all, (1 << len) - 1, "{mask:#x}");
            for (sq, count) in seen.iter_mut().enumerate() {
                if mask & (1 << sq) != 0 {
                    *count += 1;
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 4));
    }
}
