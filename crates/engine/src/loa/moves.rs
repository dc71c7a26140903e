//! A Lines of Action move.

use std::fmt;

use super::bitboard::Square;

/// A move: one piece from a square to another, or a pass when the player has no legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves (and captures if an enemy piece stands on `to`).
    Step {
        /// Where the piece stands.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// No legal move: the turn passes.
    Pass,
}

impl Move {
    /// The origin square, unless a pass.
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Step { from, .. } => Some(from),
            Move::Pass => None,
        }
    }

    /// The destination square, unless a pass.
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Step { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

/// Engine notation: `b1d3` or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}
