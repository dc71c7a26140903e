//! A Boundless Lines of Action move and its notation: `b1-(2,0)`, `b1x(2,0)`, `b1:(2,0)`,
//! engine form `b1(2,0)`, and `pass`.

use std::fmt;

use thiserror::Error;

use super::point::{Point, PointParseError};
use crate::notation::Separator;

/// A move: one piece from a point to another, or a pass when the player has no legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A piece moves (and captures if an enemy piece stands on `to`).
    Step {
        /// Where the piece stands.
        from: Point,
        /// Where it lands.
        to: Point,
    },
    /// No legal move: the turn passes.
    Pass,
}

impl Move {
    /// The origin, unless a pass.
    pub fn from(self) -> Option<Point> {
        match self {
            Move::Step { from, .. } => Some(from),
            Move::Pass => None,
        }
    }

    /// The destination, unless a pass.
    pub fn to(self) -> Option<Point> {
        match self {
            Move::Step { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

/// Engine notation: `b1d3`, `b1(2,0)` or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// A move as written, before a position says whether it is legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    /// From one point to another.
    Step {
        /// Where the move starts.
        from: Point,
        /// Where it lands.
        to: Point,
        /// How the points were separated.
        separator: Separator,
    },
    /// `pass`.
    Pass,
}

/// A move that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// Nothing was given.
    #[error("no move given")]
    Empty,
    /// The text does not have the shape of a move.
    #[error("'{0}' is not a move (write it like b1-d3, b1xd3, b1-(2,0), b1(2,0) or pass)")]
    Malformed(String),
    /// One of the points is wrong.
    #[error("in move '{text}': {source}")]
    Point {
        /// The whole move text.
        text: String,
        /// What is wrong with the point.
        source: PointParseError,
    },
}

impl MoveText {
    /// Parses `b1-d3`, `b1xd3`, `b1:d3`, `b1d3`, `b1-(2,0)`, `(0,1)x(3,4)`, `b1(2,0)` or
    /// `pass`. An `x` after the first point is a capture sign when a point follows it (`b1xd3`,
    /// `b1xx5`), otherwise the file letter of the second point (`b1x5`).
    pub fn parse(text: &str) -> Result<MoveText, MoveTextError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(MoveTextError::Empty);
        }
        if trimmed.eq_ignore_ascii_case("pass") {
            return Ok(MoveText::Pass);
        }
        let malformed = || MoveTextError::Malformed(trimmed.to_string());
        if !trimmed.is_ascii() {
            return Err(malformed());
        }
        let bytes = trimmed.as_bytes();
        // The first point: `(x,y)` up to its closing parenthesis, or a letter and its digits.
        let split = if bytes[0] == b'(' {
            trimmed.find(')').ok_or_else(malformed)? + 1
        } else {
            let mut end = 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            if end == 1 {
                return Err(malformed());
            }
            end
        };
        let rest = &trimmed[split..];
        let starts_point =
            |s: &str| s.starts_with('(') || s.starts_with(|c: char| c.is_ascii_alphabetic());
        let (separator, second) = match rest.as_bytes().first() {
            None => return Err(malformed()),
            Some(b'-') => (Separator::Dash, &rest[1..]),
            Some(b':') => (Separator::Capture, &rest[1..]),
            Some(b'x' | b'X') if starts_point(&rest[1..]) => (Separator::Capture, &rest[1..]),
            Some(_) => (Separator::None, rest),
        };
        if second.is_empty() {
            return Err(malformed());
        }
        let point = |s: &str| {
            Point::parse(s).map_err(|source| MoveTextError::Point {
                text: trimmed.to_string(),
                source,
            })
        };
        // Spaces belong around the whole move, not inside it.
        if second.starts_with(char::is_whitespace) || second.ends_with(char::is_whitespace) {
            return Err(malformed());
        }
        let from = point(&trimmed[..split])?;
        let to = point(second)?;
        Ok(MoveText::Step {
            from,
            to,
            separator,
        })
    }
}
