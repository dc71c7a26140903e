//! An Epaminondas move.

use std::fmt;

use super::bitboard::{DIRECTIONS, Square};

/// A move: a phalanx given by its tail and the square its head lands on, or a pass when the
/// player has no legal move.
///
/// The moving group is the tail and every consecutive stone of the mover ahead of it in the
/// direction of `to`, so the tail and `to` fix the move in a given position. Splitting a phalanx
/// is choosing a tail inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A phalanx (or a single stone) moves; it captures if its head lands on an enemy stone.
    Step {
        /// The rearmost stone of the moving group.
        tail: Square,
        /// Where the head (the front stone) lands.
        to: Square,
    },
    /// No legal move: the turn passes.
    Pass,
}

impl Move {
    /// The tail square, unless a pass.
    pub fn tail(self) -> Option<Square> {
        match self {
            Move::Step { tail, .. } => Some(tail),
            Move::Pass => None,
        }
    }

    /// Where the head lands, unless a pass.
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Step { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// The direction (index into [`DIRECTIONS`]) and the number of steps from the tail to `to`,
    /// if the two squares are distinct and on one rank, file or diagonal.
    pub fn line(self) -> Option<(usize, u8)> {
        let Move::Step { tail, to } = self else {
            return None;
        };
        let df = i16::from(to.file()) - i16::from(tail.file());
        let dr = i16::from(to.rank()) - i16::from(tail.rank());
        if (df == 0 && dr == 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let dir = DIRECTIONS
            .iter()
            .position(|&(f, r)| i16::from(f) == df.signum() && i16::from(r) == dr.signum())?;
        Some((dir, df.abs().max(dr.abs()) as u8))
    }
}

/// Engine notation: the tail, then where the head lands (`a2a4`), or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { tail, to } => write!(f, "{tail}{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}
