//! Lines of Action evaluation after MIA (Winands et al., "An Evaluation Function for Lines of
//! Action"): concentration, centralisation, centre of mass, quads, mobility, walls,
//! connectedness, uniformity, groups and side to move.

use std::cell::Cell;

use crate::Color;
use crate::Game;
use crate::loa::bitboard::{BITS, Squares, TARGETS, between, neighbours};
use crate::loa::{BoardSize, Move, Position, Square};
use crate::search::Evaluator;

/// The weight of each feature (per unit of the feature, see [`LoaFeatures`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoaWeights {
    /// Per connected group (fewer is better: one group wins).
    pub groups: i32,
    /// Per hundredth of a square of average distance to the centre of mass beyond the tightest
    /// possible packing.
    pub concentration: i32,
    /// Per point of the average centralisation table value.
    pub centralisation: i32,
    /// Per half-square of the centre of mass's distance from the board centre.
    pub centre_of_mass: i32,
    /// Per 2×2 block holding three or four own pieces.
    pub quads: i32,
    /// Per legal move.
    pub mobility: i32,
    /// Per own piece touching an enemy piece that sits on the enemy's own edge side (blocking).
    pub walls: i32,
    /// Per pair of touching own pieces.
    pub connectedness: i32,
    /// Per square of the bounding box of own pieces.
    pub uniformity: i32,
    /// For having the move.
    pub side_to_move: i32,
}

/// The weights `gamut-tune` found by self-play (SPSA, 300 iterations at depth 3), confirmed by a
/// 200-game match at 100 ms per move against the hand-set weights they replaced (see docs/engine.md, "Search and evaluation").
impl Default for LoaWeights {
    fn default() -> LoaWeights {
        LoaWeights {
            groups: -12,
            concentration: -4,
            centralisation: -1,
            centre_of_mass: -2,
            quads: -5,
            mobility: 5,
            walls: 3,
            connectedness: 7,
            uniformity: -4,
            side_to_move: 43,
        }
    }
}

impl LoaWeights {
    /// The weights as a list (the order of [`LoaWeights::NAMES`]), for the tuning tool.
    pub fn to_vec(self) -> Vec<i32> {
        vec![
            self.groups,
            self.concentration,
            self.centralisation,
            self.centre_of_mass,
            self.quads,
            self.mobility,
            self.walls,
            self.connectedness,
            self.uniformity,
            self.side_to_move,
        ]
    }

    /// Weights from a list in the order of [`LoaWeights::NAMES`]; `None` if it is too short.
    pub fn from_slice(w: &[i32]) -> Option<LoaWeights> {
        Some(LoaWeights {
            groups: *w.first()?,
            concentration: *w.get(1)?,
            centralisation: *w.get(2)?,
            centre_of_mass: *w.get(3)?,
            quads: *w.get(4)?,
            mobility: *w.get(5)?,
            walls: *w.get(6)?,
            connectedness: *w.get(7)?,
            uniformity: *w.get(8)?,
            side_to_move: *w.get(9)?,
        })
    }

    /// Feature names, in list order.
    pub const NAMES: [&'static str; 10] = [
        "groups",
        "concentration",
        "centralisation",
        "centre_of_mass",
        "quads",
        "mobility",
        "walls",
        "connectedness",
        "uniformity",
        "side_to_move",
    ];
}

/// Centralisation table (MIA's shape): the centre is worth most, the corners least.
const CENTRALISATION: [i32; 64] = [
    -80, -25, -20, -20, -20, -20, -25, -80, //
    -25, 10, 10, 10, 10, 10, 10, -25, //
    -20, 10, 25, 25, 25, 25, 10, -20, //
    -20, 10, 25, 50, 50, 25, 10, -20, //
    -20, 10, 25, 50, 50, 25, 10, -20, //
    -20, 10, 25, 25, 25, 25, 10, -20, //
    -25, 10, 10, 10, 10, 10, 10, -25, //
    -80, -25, -20, -20, -20, -20, -25, -80, //
];

/// The distinct values of [`CENTRALISATION`].
const CENTRALISATION_VALUES: [i32; 6] = [-80, -25, -20, 10, 25, 50];

/// The squares holding each value of [`CENTRALISATION_VALUES`].
const CENTRALISATION_MASKS: [u64; 6] = {
    let mut masks = [0u64; 6];
    let mut sq = 0;
    while sq < 64 {
        let mut k = 0;
        while k < 6 {
            if CENTRALISATION[sq] == CENTRALISATION_VALUES[k] {
                masks[k] |= 1u64 << sq;
            }
            k += 1;
        }
        sq += 1;
    }
    masks
};

/// `FILE_BITS[k]`: the squares whose file number has bit `k` set.
const FILE_BITS: [u64; 3] = [
    0xaaaa_aaaa_aaaa_aaaa,
    0xcccc_cccc_cccc_cccc,
    0xf0f0_f0f0_f0f0_f0f0,
];

/// `RANK_BITS[k]`: the squares whose rank number has bit `k` set.
const RANK_BITS: [u64; 3] = [
    0xff00_ff00_ff00_ff00,
    0xffff_0000_ffff_0000,
    0xffff_ffff_0000_0000,
];

/// `DISTANCE_RINGS[centre][d]`: the squares at king distance exactly `d` from `centre`.
const DISTANCE_RINGS: [[u64; 8]; 64] = {
    let mut t = [[0u64; 8]; 64];
    let mut c: i32 = 0;
    while c < 64 {
        let mut sq: i32 = 0;
        while sq < 64 {
            let df = (sq % 8) - (c % 8);
            let dr = (sq / 8) - (c / 8);
            let d = if df.abs() > dr.abs() {
                df.abs()
            } else {
                dr.abs()
            };
            t[c as usize][d as usize] |= 1u64 << sq;
            sq += 1;
        }
        c += 1;
    }
    t
};

/// The smallest possible sum of distances to the centre of mass for `n` pieces (rings of 8, 16,
/// 24 … squares around it).
const fn min_distance_sum(n: u32) -> i32 {
    let mut left = n as i32 - 1;
    let mut ring = 1;
    let mut sum = 0;
    while left > 0 {
        let take = if left < 8 * ring { left } else { 8 * ring };
        sum += take * ring;
        left -= take;
        ring += 1;
    }
    sum
}

/// The Euler number (groups minus holes) of a set under 8-connectivity, from counts of its 2×2
/// windows (Gray's algorithm): (Q1 − Q3 − 2·QD) / 4. The board is padded with empty squares.
pub fn euler_number(b: u64) -> i32 {
    // Windows fully inside the board: origin bits a (SW corner), b (SE), c (NW), d (NE).
    const INNER: u64 = 0x007f_7f7f_7f7f_7f7f;
    let a = b & INNER;
    let e = (b >> 1) & INNER;
    let n = (b >> 8) & INNER;
    let ne = (b >> 9) & INNER;
    let odd = a ^ e ^ n ^ ne;
    let at_least_two = (a & e) | (a & n) | (a & ne) | (e & n) | (e & ne) | (n & ne);
    let three_or_more = (a & e & n) | (a & e & ne) | (a & n & ne) | (e & n & ne);
    let all_four = a & e & n & ne;
    let q1 = (odd & !at_least_two).count_ones() as i32;
    let q3 = (odd & three_or_more & !all_four).count_ones() as i32;
    let diagonal = ((a & ne & !e & !n) | (e & n & !a & !ne)).count_ones() as i32;
    // Windows that straddle the edge hold at most two adjacent cells: they count for Q1 when
    // exactly one is set, i.e. once per change along the edge line (ends padded with 0).
    // The four edge lines side by side, each with a zero on both ends.
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const GATHER_FILE: u64 = 0x8040_2010_0804_0201;
    let file_a = (b & FILE_A).wrapping_mul(GATHER_FILE) >> 56;
    let file_h = ((b >> 7) & FILE_A).wrapping_mul(GATHER_FILE) >> 56;
    let lines = (b & 0xff) | (b >> 56) << 16 | file_a << 32 | file_h << 48;
    let edge_q1 = ((lines ^ (lines << 1)) & 0x01ff_01ff_01ff_01ff).count_ones() as i32;
    // Corner windows hold one cell each and were counted twice above (once per edge line).
    let corners = (b & 0x8100_0000_0000_0081).count_ones() as i32;
    (q1 + edge_q1 - corners - q3 - 2 * diagonal) / 4
}

const NOT_A_FILE: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H_FILE: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// `RECIPROCALS[d]` = ⌈2³² / d⌉, for dividing by `d ≤ 128` with a multiply.
const RECIPROCALS: [u64; 129] = {
    let mut t = [0u64; 129];
    let mut d = 1;
    while d < 129 {
        t[d] = (1u64 << 32).div_ceil(d as u64);
        d += 1;
    }
    t
};

/// `x / d` rounded toward zero (as `/` does), for `|x| < 2²⁵` and `1 ≤ d ≤ 128`, by a multiply:
/// the features divide by piece counts on every evaluation, and a division is slow.
#[inline]
fn divide(x: i32, d: i32) -> i32 {
    let q = ((u64::from(x.unsigned_abs()) * RECIPROCALS[(d as usize).min(128)]) >> 32) as i32;
    if x < 0 { -q } else { q }
}

/// Own pieces touching an enemy piece on the edge.
#[inline]
fn walls(own: u64, enemy: u64) -> i32 {
    const EDGE: u64 = 0xff81_8181_8181_81ff;
    (own & neighbours(enemy & EDGE)).count_ones() as i32
}

/// One slot of the shape cache: a side's pieces and their [`LoaFeatures::shape`] values.
#[derive(Clone, Copy)]
struct ShapeEntry {
    pieces: u64,
    features: [i16; 7],
}

const SHAPE_CACHE_BITS: u32 = 10;
const SHAPE_CACHE_SLOTS: usize = 1 << SHAPE_CACHE_BITS;

thread_local! {
    /// Recently measured shapes (see [`LoaFeatures::cached_shape`]); pieces 0 marks a free slot.
    /// On the heap, so threads that never evaluate Lines of Action pay nothing for it.
    static SHAPE_CACHE: Box<[Cell<ShapeEntry>]> = (0..SHAPE_CACHE_SLOTS)
        .map(|_| Cell::new(ShapeEntry { pieces: 0, features: [0; 7] }))
        .collect();
}

/// One side's raw feature values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LoaFeatures {
    /// Connected groups less holes (the Euler number, MIA's quad-based connectivity).
    pub groups: i32,
    /// Average distance surplus ×100.
    pub concentration: i32,
    /// Average centralisation table value.
    pub centralisation: i32,
    /// Centre of mass distance from the centre, in half squares.
    pub centre_of_mass: i32,
    /// 2×2 blocks with at least three own pieces.
    pub quads: i32,
    /// Legal moves if this side were to move.
    pub mobility: i32,
    /// Own pieces next to enemy pieces on the edge.
    pub walls: i32,
    /// Touching own pairs.
    pub connectedness: i32,
    /// Bounding box area.
    pub uniformity: i32,
}

/// A side's pieces moved so that the board's centre lies where the 8×8 board's does (3.5,
/// 3.5), for the shape features: the 6×6 board (a1–f6) moved up one rank and right one file.
/// The 7×7 board keeps its place (its centre is half a square off, which no feature minds much).
#[inline]
fn centred(position: &Position, pieces: u64) -> u64 {
    match position.rules().board {
        BoardSize::Six => pieces << 9,
        BoardSize::Seven | BoardSize::Eight => pieces,
    }
}

impl LoaFeatures {
    /// Measures `color`'s features in `position`.
    pub fn of(position: &Position, color: Color) -> LoaFeatures {
        Self::with_mobility(position, color, position.count_steps_of(color))
    }

    /// Measures `color`'s features, its move count already known.
    fn with_mobility(position: &Position, color: Color, mobility: u32) -> LoaFeatures {
        let own = centred(position, position.pieces(color));
        LoaFeatures {
            mobility: mobility as i32,
            walls: walls(own, centred(position, position.pieces(!color))),
            ..Self::shape(own)
        }
    }

    /// The features that depend on the side's own pieces alone (all but mobility and walls,
    /// which are left 0).
    fn shape(own: u64) -> LoaFeatures {
        let n = own.count_ones() as i32;
        if n == 0 {
            return LoaFeatures::default();
        }
        let groups = euler_number(own);
        let count = |mask: u64| (own & mask).count_ones() as i32;
        // Sums of files and ranks from the bits of their numbers.
        let file_sum = count(FILE_BITS[0]) + 2 * count(FILE_BITS[1]) + 4 * count(FILE_BITS[2]);
        let rank_sum = count(RANK_BITS[0]) + 2 * count(RANK_BITS[1]) + 4 * count(RANK_BITS[2]);
        let centre: i32 = CENTRALISATION_VALUES
            .iter()
            .zip(CENTRALISATION_MASKS)
            .map(|(&value, mask)| value * count(mask))
            .sum();
        // Bounding box: occupied files from folding the ranks together, ranks from the ends.
        let mut files = own | (own >> 32);
        files |= files >> 16;
        files |= files >> 8;
        let files = (files & 0xff) as u32;
        let (min_f, max_f) = (
            files.trailing_zeros() as i32,
            31 - files.leading_zeros() as i32,
        );
        let (min_r, max_r) = (
            own.trailing_zeros() as i32 / 8,
            (63 - own.leading_zeros() as i32) / 8,
        );
        // Centre of mass rounded to a square, and the distances to it ring by ring.
        let cf = divide(2 * file_sum + n, 2 * n);
        let cr = divide(2 * rank_sum + n, 2 * n);
        let rings = &DISTANCE_RINGS[(cr * 8 + cf) as usize & 63];
        let distance_sum: i32 = (1..8).map(|d| d as i32 * count(rings[d])).sum();
        let surplus = distance_sum - min_distance_sum(n as u32);
        // Half-square distance of the exact centre of mass from the board centre (3.5, 3.5).
        let com_f = (2 * file_sum - 7 * n).abs();
        let com_r = (2 * rank_sum - 7 * n).abs();
        let centre_of_mass = divide(com_f.max(com_r), n);

        let east = (own >> 1) & NOT_H_FILE;
        let north = own >> 8;
        let north_east = (own >> 9) & NOT_H_FILE;
        let quad_origins = own & 0x007f_7f7f_7f7f_7f7f;
        let (a, b, c, d) = (quad_origins, east, north, north_east);
        let quads = ((a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)) & 0x007f_7f7f_7f7f_7f7f;
        let pairs = (own & ((own << 1) & NOT_A_FILE)).count_ones()
            + (own & (own << 8)).count_ones()
            + (own & ((own << 9) & NOT_A_FILE)).count_ones()
            + (own & ((own << 7) & NOT_H_FILE)).count_ones();
        LoaFeatures {
            groups,
            concentration: divide(surplus * 100, n),
            centralisation: divide(centre, n),
            centre_of_mass,
            quads: quads.count_ones() as i32,
            mobility: 0,
            walls: 0,
            connectedness: pairs as i32,
            uniformity: (max_f - min_f + 1) * (max_r - min_r + 1),
        }
    }

    /// [`LoaFeatures::shape`] through a per-thread cache keyed by the pieces themselves: a
    /// side's pieces stay the same while the other side moves, so most lookups hit.
    #[inline]
    fn cached_shape(own: u64) -> LoaFeatures {
        let slot = (own.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - SHAPE_CACHE_BITS)) as usize;
        SHAPE_CACHE.with(|cache| {
            let cell = &cache[slot & (SHAPE_CACHE_SLOTS - 1)];
            let entry = cell.get();
            if entry.pieces == own && own != 0 {
                let [
                    groups,
                    concentration,
                    centralisation,
                    centre_of_mass,
                    quads,
                    connectedness,
                    uniformity,
                ] = entry.features.map(i32::from);
                return LoaFeatures {
                    groups,
                    concentration,
                    centralisation,
                    centre_of_mass,
                    quads,
                    mobility: 0,
                    walls: 0,
                    connectedness,
                    uniformity,
                };
            }
            let f = Self::shape(own);
            let packed = [
                f.groups,
                f.concentration,
                f.centralisation,
                f.centre_of_mass,
                f.quads,
                f.connectedness,
                f.uniformity,
            ];
            // Every feature fits an i16: the largest, concentration, is at most 700.
            cell.set(ShapeEntry {
                pieces: own,
                features: packed.map(|v| v as i16),
            });
            f
        })
    }

    fn weighted(&self, w: &LoaWeights) -> i32 {
        self.groups * w.groups
            + self.concentration * w.concentration
            + self.centralisation * w.centralisation
            + self.centre_of_mass * w.centre_of_mass
            + self.quads * w.quads
            + self.mobility * w.mobility
            + self.walls * w.walls
            + self.connectedness * w.connectedness
            + self.uniformity * w.uniformity
    }
}

/// `LINE_TARGETS[sq][dir][n]` (`dir < 4`): the squares `n` steps from `sq` both ways along the
/// line of direction `dir` (none for `n = 0`, which stands for a full line of eight).
const LINE_TARGETS: [[[u64; 8]; 4]; 64] = {
    let mut t = [[[0u64; 8]; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut dir = 0;
        while dir < 4 {
            let mut n = 1;
            while n < 8 {
                t[sq][dir][n] =
                    BITS[TARGETS[sq][dir][n] as usize] | BITS[TARGETS[sq][dir + 4][n] as usize];
                n += 1;
            }
            dir += 1;
        }
        sq += 1;
    }
    t
};

/// The Lines of Action evaluation with its weights.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LoaEvaluator {
    /// Feature weights.
    pub weights: LoaWeights,
}

/// By how many moves the two sides' mobility differs, at most in practice: the evaluation skips
/// the mobility term when the rest is further than this many moves' worth outside the window.
const MOBILITY_MARGIN_MOVES: i32 = 30;

impl LoaEvaluator {
    /// A side's weighted features without mobility.
    #[inline]
    fn without_mobility(&self, own: u64, enemy: u64) -> i32 {
        LoaFeatures::cached_shape(own).weighted(&self.weights)
            + walls(own, enemy) * self.weights.walls
    }
}

impl Evaluator<Position> for LoaEvaluator {
    fn evaluate_within(&self, position: &Position, alpha: i32, beta: i32) -> i32 {
        self.evaluate_within_exact(position, alpha, beta).0
    }

    fn evaluate_within_exact(&self, position: &Position, alpha: i32, beta: i32) -> (i32, bool) {
        let side = position.side_to_move();
        let (us, them) = (
            centred(position, position.pieces(side)),
            centred(position, position.pieces(!side)),
        );
        let without_mobility = self.without_mobility(us, them) - self.without_mobility(them, us)
            + self.weights.side_to_move;
        let margin = MOBILITY_MARGIN_MOVES * self.weights.mobility.abs();
        if without_mobility + margin <= alpha || without_mobility - margin >= beta {
            return (without_mobility, false);
        }
        let mobility = position.mobility();
        let difference = mobility[side.index()] as i32 - mobility[(!side).index()] as i32;
        (without_mobility + difference * self.weights.mobility, true)
    }

    fn captures_into(&self, position: &Position, out: &mut Vec<Move>) {
        out.clear();
        if position.outcome().is_some() {
            return;
        }
        if position.must_place() {
            // Parachute's compound moves: a step and a placement.
            position.search_moves_into(out);
            out.retain(|&mv| position.is_capture(mv));
            return;
        }
        // A piece captures along a line when the square as many steps away as the line holds
        // pieces has an enemy piece, and no enemy piece stands in between. Pieces whose four
        // lines reach no enemy piece that way are skipped at once. Same order as the move
        // generator: pieces from a1 on, directions in order.
        let enemy = position.pieces(!position.side_to_move());
        for from in Squares(position.movers()) {
            let f = from.index();
            let reach = &LINE_TARGETS[f];
            let mut targets = 0;
            for (dir, line) in reach.iter().enumerate() {
                targets |= line[usize::from(position.line_count(from, dir)) & 7];
            }
            if targets & enemy == 0 {
                continue;
            }
            for (dir, steps) in TARGETS[f].iter().enumerate() {
                let n = usize::from(position.line_count(from, dir)) & 15;
                let to = usize::from(steps[n]);
                if BITS[to] & enemy != 0 && between(f, dir, to) & enemy == 0 {
                    out.push(Move::Step {
                        from,
                        to: Square::new(to as u8).expect("on the board"),
                    });
                }
            }
        }
    }

    fn evaluate(&self, position: &Position) -> i32 {
        let side = position.side_to_move();
        let mobility = position.mobility();
        let own = LoaFeatures::with_mobility(position, side, mobility[side.index()]);
        let theirs = LoaFeatures::with_mobility(position, !side, mobility[(!side).index()]);
        let (own, theirs) = (own.weighted(&self.weights), theirs.weighted(&self.weights));
        own - theirs + self.weights.side_to_move
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loa::{Rules, Variant};

    use crate::loa::bitboard::group_of;

    /// The features computed square by square, the plain way.
    fn plain_features(p: &Position, color: Color) -> (i32, i32, i32, i32, i32) {
        use crate::loa::bitboard::Squares;
        let own = p.pieces(color);
        let n = own.count_ones() as i32;
        let (mut fs, mut rs, mut centre) = (0, 0, 0);
        let (mut min_f, mut max_f, mut min_r, mut max_r) = (7, 0, 7, 0);
        for sq in Squares(own) {
            let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
            fs += f;
            rs += r;
            centre += CENTRALISATION[sq.index()];
            min_f = min_f.min(f);
            max_f = max_f.max(f);
            min_r = min_r.min(r);
            max_r = max_r.max(r);
        }
        let (cf, cr) = ((2 * fs + n) / (2 * n), (2 * rs + n) / (2 * n));
        let distances: i32 = Squares(own)
            .map(|sq| {
                (i32::from(sq.file()) - cf)
                    .abs()
                    .max((i32::from(sq.rank()) - cr).abs())
            })
            .sum();
        let com = (2 * fs - 7 * n).abs().max((2 * rs - 7 * n).abs()) / n;
        (
            (distances - min_distance_sum(n as u32)) * 100 / n,
            centre / n,
            com,
            (max_f - min_f + 1) * (max_r - min_r + 1),
            n,
        )
    }

    #[test]
    fn mask_based_features_match_the_plain_computation() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let black = state & state.rotate_left(23) & state.rotate_left(7);
            let white = !black & state.rotate_left(31) & state.rotate_left(47);
            if black == 0 || white == 0 {
                continue;
            }
            let setup = crate::loa::Setup::plain(black, white, Color::Black);
            let p = Position::from_setup(setup, Rules::default()).unwrap();
            for color in Color::ALL {
                let f = LoaFeatures::of(&p, color);
                let (concentration, centralisation, com, uniformity, _) = plain_features(&p, color);
                assert_eq!(
                    (
                        f.concentration,
                        f.centralisation,
                        f.centre_of_mass,
                        f.uniformity
                    ),
                    (concentration, centralisation, com, uniformity),
                    "{}",
                    p.to_text()
                );
            }
        }
    }

    #[test]
    fn dividing_by_multiplying_rounds_like_division() {
        for d in 1..=128 {
            for x in (-70_000..=70_000)
                .step_by(7)
                .chain([i32::from(i16::MAX) * 1000])
            {
                assert_eq!(divide(x, d), x / d, "{x} / {d}");
            }
        }
    }

    #[test]
    fn tight_packing_sums() {
        assert_eq!(min_distance_sum(1), 0);
        assert_eq!(min_distance_sum(9), 8);
        assert_eq!(min_distance_sum(12), 14);
    }

    #[test]
    fn captures_are_the_capturing_search_moves_in_order() {
        let e = LoaEvaluator::default();
        let mut state = 0x0123_4567_89ab_cdefu64;
        let mut checked = 0;
        for variant in Variant::ALL {
            if variant == Variant::Boundless {
                continue; // another position type
            }
            let rules = Rules {
                variant,
                ..Rules::default()
            };
            for _ in 0..20 {
                let mut p = Position::new(rules);
                let mut captures = Vec::new();
                let mut moves = Vec::new();
                while p.outcome().is_none() && p.ply() < 200 {
                    p.search_moves_into(&mut moves);
                    let expected: Vec<Move> =
                        moves.iter().copied().filter(|&m| p.is_capture(m)).collect();
                    e.captures_into(&p, &mut captures);
                    assert_eq!(captures, expected, "{}", p.to_text());
                    checked += 1;
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    p.play_unchecked(moves[(state >> 33) as usize % moves.len()]);
                }
                e.captures_into(&p, &mut captures);
                assert!(p.outcome().is_none() || captures.is_empty());
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn the_start_is_balanced_and_a_near_connected_side_is_better() {
        let e = LoaEvaluator::default();
        let start = Position::new(Rules::default());
        assert_eq!(e.evaluate(&start), e.weights.side_to_move);
        // Black almost connected in the centre, White scattered on the edges.
        let p = Position::from_text("w6w/8/8/2bbb3/2bb2b1/8/8/w6w b", Rules::default()).unwrap();
        assert!(e.evaluate(&p) > 200, "{}", e.evaluate(&p));
        let black = LoaFeatures::of(&p, Color::Black);
        assert_eq!(black.groups, 2);
        assert_eq!(LoaFeatures::of(&p, Color::White).groups, 4);
        assert_eq!(LoaFeatures::of(&start, Color::Black).groups, 2);
    }

    /// Groups counted by flood fill, for checking the Euler number on hole-free sets.
    fn groups_by_flood_fill(b: u64) -> i32 {
        let mut rest = b;
        let mut groups = 0;
        while rest != 0 {
            let seed = Square::new(rest.trailing_zeros() as u8).unwrap();
            rest &= !group_of(rest, seed);
            groups += 1;
        }
        groups
    }

    /// Holes: 4-connected regions of empty squares that do not reach the board's edge.
    fn holes(b: u64) -> i32 {
        let empty = !b;
        let four =
            |g: u64| g | ((g << 1) & NOT_A_FILE) | ((g >> 1) & NOT_H_FILE) | (g << 8) | (g >> 8);
        let mut outside = empty & 0xff81_8181_8181_81ff;
        loop {
            let grown = four(outside) & empty;
            if grown == outside {
                break;
            }
            outside = grown;
        }
        let mut rest = empty & !outside;
        let mut count = 0;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = four(region) & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            count += 1;
        }
        count
    }

    #[test]
    fn euler_number_is_groups_minus_holes() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..5000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let b = state & state.rotate_left(17) & (state.rotate_left(41) | state >> 7);
            assert_eq!(
                euler_number(b),
                groups_by_flood_fill(b) - holes(b),
                "{b:#x}"
            );
        }
        assert_eq!(euler_number(0), 0);
        assert_eq!(euler_number(1), 1);
        assert_eq!(euler_number(1 << 63), 1);
        // A ring of eight around e4 is one group with one hole: Euler number 0.
        let ring = 0x0000_0038_2838_0000u64;
        assert_eq!(groups_by_flood_fill(ring), 1);
        assert_eq!(euler_number(ring), 0);
    }
}
