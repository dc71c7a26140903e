//! Boundless Lines of Action evaluation, in the spirit of the standard one (MIA's features) but
//! with no fixed board centre: everything is measured from each side's own centre of mass.
//! Groups, concentration, centralisation around the centre of mass, spread (bounding box),
//! quads, connectedness, mobility and side to move.

use crate::Color;
use crate::Game;
use crate::boundless::{MAX_PIECES, Point, Position};
use crate::search::Evaluator;

/// The weight of each feature (per unit of the feature, see [`BoundlessFeatures`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundlessWeights {
    /// Per connected group (fewer is better: one group wins).
    pub groups: i32,
    /// Per hundredth of a square of average distance to the centre of mass beyond the tightest
    /// possible packing.
    pub concentration: i32,
    /// Per point of the average [`CENTRALISATION`] value (by distance to the centre of mass).
    pub centralisation: i32,
    /// Per square of the bounding box of own pieces (capped at [`SPREAD_CAP`]).
    pub spread: i32,
    /// Per 2×2 block holding three or four own pieces.
    pub quads: i32,
    /// Per pair of touching own pieces.
    pub connectedness: i32,
    /// Per legal move.
    pub mobility: i32,
    /// For having the move.
    pub side_to_move: i32,
}

impl Default for BoundlessWeights {
    fn default() -> BoundlessWeights {
        BoundlessWeights {
            groups: -34,
            concentration: -1,
            centralisation: 1,
            spread: -1,
            quads: 14,
            connectedness: 4,
            mobility: 2,
            side_to_move: 20,
        }
    }
}

impl BoundlessWeights {
    /// Feature names, in list order.
    pub const NAMES: [&'static str; 8] = [
        "groups",
        "concentration",
        "centralisation",
        "spread",
        "quads",
        "connectedness",
        "mobility",
        "side_to_move",
    ];

    /// The weights as a list (the order of [`BoundlessWeights::NAMES`]), for a tuning tool.
    pub fn to_vec(self) -> Vec<i32> {
        vec![
            self.groups,
            self.concentration,
            self.centralisation,
            self.spread,
            self.quads,
            self.connectedness,
            self.mobility,
            self.side_to_move,
        ]
    }

    /// Weights from a list in the order of [`BoundlessWeights::NAMES`]; `None` if it is too
    /// short.
    pub fn from_slice(w: &[i32]) -> Option<BoundlessWeights> {
        Some(BoundlessWeights {
            groups: *w.first()?,
            concentration: *w.get(1)?,
            centralisation: *w.get(2)?,
            spread: *w.get(3)?,
            quads: *w.get(4)?,
            connectedness: *w.get(5)?,
            mobility: *w.get(6)?,
            side_to_move: *w.get(7)?,
        })
    }
}

/// Centralisation by king distance from the own centre of mass (MIA's table shape, centred on
/// the pieces rather than the board): distance 0, 1, 2, … and everything farther.
pub const CENTRALISATION: [i32; 6] = [50, 25, 10, -20, -25, -80];

/// The largest bounding box area the spread feature counts.
pub const SPREAD_CAP: i64 = 400;

/// The largest average distance surplus (×100) the concentration feature counts.
const CONCENTRATION_CAP: i64 = 100_000;

/// The smallest possible sum of distances to the centre of mass for `n` pieces (rings of 8, 16,
/// 24 … points around it).
pub const fn min_distance_sum(n: u32) -> i64 {
    let mut left = n as i64 - 1;
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

/// Neighbour bits: bit `(dr + 1) * 3 + (df + 1)` for the neighbour at offset (df, dr).
const SOUTH_WEST: u16 = 1 << 0;
const SOUTH: u16 = 1 << 1;
const WEST: u16 = 1 << 3;
const EAST: u16 = 1 << 5;
const NORTH: u16 = 1 << 7;
const NORTH_EAST: u16 = 1 << 8;

/// One side's raw feature values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoundlessFeatures {
    /// 8-connected groups.
    pub groups: i32,
    /// Average distance surplus to the centre of mass ×100 (capped).
    pub concentration: i32,
    /// Average [`CENTRALISATION`] value.
    pub centralisation: i32,
    /// Bounding box area (capped at [`SPREAD_CAP`]).
    pub spread: i32,
    /// 2×2 blocks with at least three own pieces.
    pub quads: i32,
    /// Touching own pairs.
    pub connectedness: i32,
    /// Legal moves if this side were to move.
    pub mobility: i32,
}

impl BoundlessFeatures {
    /// Measures `color`'s features in `position`.
    pub fn of(position: &Position, color: Color) -> BoundlessFeatures {
        let mut f = Self::of_points(position.pieces(color));
        f.mobility = position.count_steps_of(color) as i32;
        f
    }

    /// Measures the features of a set of at most [`MAX_PIECES`] points (mobility left 0).
    pub fn of_points(own: &[Point]) -> BoundlessFeatures {
        let own = &own[..own.len().min(MAX_PIECES)];
        let n = own.len();
        if n == 0 {
            return BoundlessFeatures::default();
        }
        // Neighbour masks (by offset) and adjacency masks (by index).
        let mut neighbours = [0u16; MAX_PIECES];
        let mut adjacency = [0u32; MAX_PIECES];
        for i in 0..n {
            for j in i + 1..n {
                let df = i64::from(own[j].file) - i64::from(own[i].file);
                let dr = i64::from(own[j].rank) - i64::from(own[i].rank);
                if df.abs() <= 1 && dr.abs() <= 1 {
                    neighbours[i] |= 1 << ((dr + 1) * 3 + df + 1);
                    neighbours[j] |= 1 << ((1 - dr) * 3 + 1 - df);
                    adjacency[i] |= 1 << j;
                    adjacency[j] |= 1 << i;
                }
            }
        }
        let mut groups = 0;
        let mut left: u32 = (1u32 << n) - 1;
        while left != 0 {
            let mut group = left & left.wrapping_neg();
            loop {
                let mut grown = group;
                let mut bits = group;
                while bits != 0 {
                    grown |= adjacency[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                if grown == group {
                    break;
                }
                group = grown;
            }
            left &= !group;
            groups += 1;
        }
        let mut pairs = 0;
        let mut quads = 0;
        for &m in &neighbours[..n] {
            pairs += m.count_ones() as i32;
            // Windows with this piece in the SW corner, and windows with an empty SW corner
            // counted from their NE corner.
            quads += i32::from((m & (EAST | NORTH | NORTH_EAST)).count_ones() >= 2);
            quads += i32::from(m & (WEST | SOUTH) == WEST | SOUTH && m & SOUTH_WEST == 0);
        }
        // Centre of mass rounded to a point, distances to it, bounding box.
        let n64 = n as i64;
        let file_sum: i64 = own.iter().map(|p| i64::from(p.file)).sum();
        let rank_sum: i64 = own.iter().map(|p| i64::from(p.rank)).sum();
        let cf = (2 * file_sum + n64).div_euclid(2 * n64);
        let cr = (2 * rank_sum + n64).div_euclid(2 * n64);
        let centre = Point::new(cf as i32, cr as i32);
        let (mut distance_sum, mut central) = (0i64, 0i64);
        for &p in own {
            let d = p.distance(centre);
            distance_sum += d;
            central += i64::from(CENTRALISATION[d.min(5) as usize]);
        }
        let surplus = (distance_sum - min_distance_sum(n as u32)) * 100 / n64;
        let min_f = own.iter().map(|p| p.file).min().unwrap_or(0);
        let max_f = own.iter().map(|p| p.file).max().unwrap_or(0);
        let min_r = own.iter().map(|p| p.rank).min().unwrap_or(0);
        let max_r = own.iter().map(|p| p.rank).max().unwrap_or(0);
        let width = i64::from(max_f) - i64::from(min_f) + 1;
        let height = i64::from(max_r) - i64::from(min_r) + 1;
        BoundlessFeatures {
            groups,
            concentration: surplus.min(CONCENTRATION_CAP) as i32,
            centralisation: (central / n64) as i32,
            spread: width.saturating_mul(height).min(SPREAD_CAP) as i32,
            quads,
            connectedness: pairs / 2,
            mobility: 0,
        }
    }

    fn weighted(&self, w: &BoundlessWeights) -> i32 {
        self.groups * w.groups
            + self.concentration * w.concentration
            + self.centralisation * w.centralisation
            + self.spread * w.spread
            + self.quads * w.quads
            + self.connectedness * w.connectedness
            + self.mobility * w.mobility
    }
}

/// The Boundless Lines of Action evaluation with its weights.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BoundlessEvaluator {
    /// Feature weights.
    pub weights: BoundlessWeights,
}

/// How much the mobility terms can move the evaluation, at most in practice: the evaluation
/// skips them when the rest is further than this outside the search window.
const MOBILITY_MARGIN: i32 = 150;

impl BoundlessEvaluator {
    fn static_part(&self, position: &Position) -> i32 {
        let side = position.side_to_move();
        let own = BoundlessFeatures::of_points(position.pieces(side)).weighted(&self.weights);
        let theirs = BoundlessFeatures::of_points(position.pieces(!side)).weighted(&self.weights);
        own - theirs + self.weights.side_to_move
    }

    fn mobility_part(&self, position: &Position) -> i32 {
        let side = position.side_to_move();
        let own = position.count_steps_of(side) as i32;
        let theirs = position.count_steps_of(!side) as i32;
        (own - theirs) * self.weights.mobility
    }
}

impl Evaluator<Position> for BoundlessEvaluator {
    fn evaluate_within(&self, position: &Position, alpha: i32, beta: i32) -> i32 {
        let without_mobility = self.static_part(position);
        if without_mobility + MOBILITY_MARGIN <= alpha || without_mobility - MOBILITY_MARGIN >= beta
        {
            return without_mobility;
        }
        without_mobility + self.mobility_part(position)
    }

    fn evaluate(&self, position: &Position) -> i32 {
        self.static_part(position) + self.mobility_part(position)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::boundless::Rules;

    /// Groups, touching pairs and quads counted the plain way, over a set of points.
    fn plain(points: &[Point]) -> (i32, i32, i32) {
        let set: HashSet<(i32, i32)> = points.iter().map(|p| (p.file, p.rank)).collect();
        let mut seen = HashSet::new();
        let mut groups = 0;
        for &start in &set {
            if !seen.insert(start) {
                continue;
            }
            groups += 1;
            let mut todo = vec![start];
            while let Some((f, r)) = todo.pop() {
                for df in -1..=1 {
                    for dr in -1..=1 {
                        let q = (f + df, r + dr);
                        if set.contains(&q) && seen.insert(q) {
                            todo.push(q);
                        }
                    }
                }
            }
        }
        let mut pairs = 0;
        for &a in &set {
            for &b in &set {
                if a < b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1 {
                    pairs += 1;
                }
            }
        }
        let mut windows = HashSet::new();
        for &(f, r) in &set {
            for (df, dr) in [(0, 0), (-1, 0), (0, -1), (-1, -1)] {
                windows.insert((f + df, r + dr));
            }
        }
        let quads = windows
            .iter()
            .filter(|&&(f, r)| {
                [(0, 0), (1, 0), (0, 1), (1, 1)]
                    .iter()
                    .filter(|&&(df, dr)| set.contains(&(f + df, r + dr)))
                    .count()
                    >= 3
            })
            .count() as i32;
        (groups, pairs, quads)
    }

    #[test]
    fn mask_based_features_match_the_plain_computation() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..3000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = 1 + (state >> 60) as usize;
            let mut points: Vec<Point> = Vec::new();
            let mut s = state;
            while points.len() < n {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let p = Point::new((s >> 33) as i32 % 5 - 2, (s >> 45) as i32 % 5 - 2);
                if !points.contains(&p) {
                    points.push(p);
                }
            }
            let f = BoundlessFeatures::of_points(&points);
            assert_eq!(
                (f.groups, f.connectedness, f.quads),
                plain(&points),
                "{points:?}"
            );
        }
    }

    #[test]
    fn tight_packing_sums() {
        assert_eq!(min_distance_sum(1), 0);
        assert_eq!(min_distance_sum(9), 8);
        assert_eq!(min_distance_sum(12), 14);
        // A 3×3 block is as tight as nine pieces get.
        let block: Vec<Point> = (0..9).map(|i| Point::new(i % 3 - 7, i / 3 + 40)).collect();
        let f = BoundlessFeatures::of_points(&block);
        assert_eq!((f.concentration, f.groups, f.quads, f.spread), (0, 1, 4, 9));
    }

    #[test]
    fn the_start_is_balanced_and_a_near_connected_side_is_better() {
        let e = BoundlessEvaluator::default();
        let start = Position::new(Rules::default());
        assert_eq!(e.evaluate(&start), e.weights.side_to_move);
        let p = Position::from_text(
            "b:c4,d4,e4,c3,d3,g3 w:a1,h1,a8,h8,(20,20) b",
            Rules::default(),
        )
        .unwrap();
        assert!(e.evaluate(&p) > 200, "{}", e.evaluate(&p));
        assert_eq!(BoundlessFeatures::of(&p, Color::Black).groups, 2);
        assert_eq!(BoundlessFeatures::of(&p, Color::White).groups, 5);
        // Far-flung pieces stay bounded.
        let far = Position::from_text(
            "b:a1,(100000000,1) w:b2,(-99999999,-99999999) b",
            Rules::default(),
        )
        .unwrap();
        assert!(e.evaluate(&far).abs() < crate::search::MATE_BOUND);
    }
}
