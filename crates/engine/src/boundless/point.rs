//! Points of the unbounded plane and their notation: `a1`…`z99` inside the lettered files,
//! `(x,y)` (1-based numbers) anywhere.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest coordinate (in absolute value, as written: 1-based) a point may have in text or
/// in a setup. Moves reach at most 32 squares, so no game comes near it in practice, and every
/// sum the engine forms stays far inside `i32`.
pub const COORDINATE_LIMIT: i64 = 100_000_000;

/// The eight directions as (file step, rank step): N, NE, E, SE, S, SW, W, NW (the order of
/// [`crate::notation::DIRECTIONS`]). Direction `d` and `d + 4` run along the same line.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A point of the plane: file and rank counted from 0, so `a1` is `(0, 0)` and the standard
/// board is `0..8 × 0..8`. Coordinates may be negative or beyond the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// File from 0 (`a`); negative to the left of the a-file.
    pub file: i32,
    /// Rank from 0 (`1`); negative below rank 1.
    pub rank: i32,
}

impl Point {
    /// The point at `file`, `rank` (both from 0).
    #[inline]
    pub const fn new(file: i32, rank: i32) -> Point {
        Point { file, rank }
    }

    /// The point `k` steps from here in direction `dir` (an index into [`DIRECTIONS`]).
    #[inline]
    pub const fn step(self, dir: usize, k: i32) -> Point {
        let (df, dr) = DIRECTIONS[dir & 7];
        Point::new(self.file + df * k, self.rank + dr * k)
    }

    /// Whether the point lies on the standard 8×8 board (`a1`..`h8`).
    #[inline]
    pub const fn on_standard_board(self) -> bool {
        self.file >= 0 && self.file < 8 && self.rank >= 0 && self.rank < 8
    }

    /// King distance (the number of king steps between the points).
    #[inline]
    pub fn distance(self, other: Point) -> i64 {
        let df = (i64::from(self.file) - i64::from(other.file)).abs();
        let dr = (i64::from(self.rank) - i64::from(other.rank)).abs();
        df.max(dr)
    }

    /// Whether the two points touch (8-connectivity; a point does not touch itself).
    #[inline]
    pub fn touches(self, other: Point) -> bool {
        self != other && self.distance(other) <= 1
    }

    /// Whether both coordinates, as written (1-based), lie within [`COORDINATE_LIMIT`].
    pub fn within_limit(self) -> bool {
        let ok = |v: i32| (i64::from(v) + 1).abs() <= COORDINATE_LIMIT;
        ok(self.file) && ok(self.rank)
    }

    /// The direction (index into [`DIRECTIONS`]) and distance from `self` to `to`, if they are
    /// different points on one rank, file or diagonal.
    pub fn direction_to(self, to: Point) -> Option<(usize, i64)> {
        let df = i64::from(to.file) - i64::from(self.file);
        let dr = i64::from(to.rank) - i64::from(self.rank);
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let dir = DIRECTIONS
            .iter()
            .position(|&(f, r)| i64::from(f) == df.signum() && i64::from(r) == dr.signum())?;
        Some((dir, df.abs().max(dr.abs())))
    }

    /// Parses `d3`, `c12`, `(0,1)` or `(-3,-2)`; see [`PointParseError`] for what fails.
    pub fn parse(text: &str) -> Result<Point, PointParseError> {
        let text = text.trim();
        let malformed = || PointParseError::Malformed(text.to_string());
        if text.is_empty() {
            return Err(PointParseError::Empty);
        }
        if let Some(inner) = text.strip_prefix('(') {
            let inner = inner.strip_suffix(')').ok_or_else(malformed)?;
            let (x, y) = inner.split_once(',').ok_or_else(malformed)?;
            let x = parse_number(x.trim(), text)?;
            let y = parse_number(y.trim(), text)?;
            return Ok(Point::new((x - 1) as i32, (y - 1) as i32));
        }
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(malformed)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(malformed());
        }
        let digits = chars.as_str();
        if digits.starts_with('0') || digits.starts_with(['+', '-']) {
            return Err(malformed());
        }
        let rank = parse_number(digits, text)?;
        Ok(Point::new(
            i32::from(letter as u8 - b'a'),
            (rank - 1) as i32,
        ))
    }
}

/// A whole number as written in a point, within [`COORDINATE_LIMIT`].
fn parse_number(digits: &str, point: &str) -> Result<i64, PointParseError> {
    let body = digits.strip_prefix(['-', '+']).unwrap_or(digits);
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PointParseError::Malformed(point.to_string()));
    }
    let too_large = || PointParseError::TooLarge(point.to_string());
    let body = body.trim_start_matches('0');
    if body.len() > 12 {
        return Err(too_large());
    }
    let value: i64 = if body.is_empty() {
        0
    } else {
        body.parse()
            .map_err(|_| PointParseError::Malformed(point.to_string()))?
    };
    if value > COORDINATE_LIMIT {
        return Err(too_large());
    }
    Ok(if digits.starts_with('-') {
        -value
    } else {
        value
    })
}

/// Letter form (`c12`) inside files `a`–`z` and ranks from 1; `(x,y)` with 1-based numbers
/// elsewhere (`(1,0)` is the point below `a1`).
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if (0..26).contains(&self.file) && self.rank >= 0 {
            write!(
                f,
                "{}{}",
                (b'a' + self.file as u8) as char,
                i64::from(self.rank) + 1
            )
        } else {
            write!(
                f,
                "({},{})",
                i64::from(self.file) + 1,
                i64::from(self.rank) + 1
            )
        }
    }
}

impl FromStr for Point {
    type Err = PointParseError;
    fn from_str(s: &str) -> Result<Point, PointParseError> {
        Point::parse(s)
    }
}

/// A point that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PointParseError {
    /// Nothing given.
    #[error("no point given")]
    Empty,
    /// Neither a letter and a number nor `(x,y)`.
    #[error("'{0}' is not a point (write a letter and a number like d3, or (x,y) like (1,0))")]
    Malformed(String),
    /// A coordinate beyond [`COORDINATE_LIMIT`].
    #[error("'{0}' is too far out: coordinates must lie within ±{COORDINATE_LIMIT}")]
    TooLarge(String),
}
