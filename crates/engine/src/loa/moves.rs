//! A Lines of Action move.

use std::fmt;

use super::bitboard::Square;

/// A move: one piece from a square to another, or a pass when the player has no legal move. In
/// Parachute's compound turns either is followed by placing a held enemy piece on `drop`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// Parachute: a step, then a held enemy piece placed on the empty square `drop`.
    StepDrop {
        /// Where the piece stands.
        from: Square,
        /// Where it lands.
        to: Square,
        /// Where the held enemy piece is placed.
        drop: Square,
    },
    /// Parachute: no legal step, but the held enemy piece is still placed on `drop`.
    PassDrop {
        /// Where the held enemy piece is placed.
        drop: Square,
    },
}

impl Move {
    /// The origin square, unless a pass.
    pub fn from(self) -> Option<Square> {
        self.step().map(|(from, _)| from)
    }

    /// The destination square, unless a pass.
    pub fn to(self) -> Option<Square> {
        self.step().map(|(_, to)| to)
    }

    /// Origin and destination of the piece moved, unless a pass.
    #[inline]
    pub fn step(self) -> Option<(Square, Square)> {
        match self {
            Move::Step { from, to } | Move::StepDrop { from, to, .. } => Some((from, to)),
            Move::Pass | Move::PassDrop { .. } => None,
        }
    }

    /// Where a held enemy piece is placed (Parachute).
    #[inline]
    pub fn placement(self) -> Option<Square> {
        match self {
            Move::StepDrop { drop, .. } | Move::PassDrop { drop } => Some(drop),
            Move::Step { .. } | Move::Pass => None,
        }
    }

    /// The move with a placement on `drop` added (or replaced).
    pub fn with_placement(self, drop: Square) -> Move {
        match self.step() {
            Some((from, to)) => Move::StepDrop { from, to, drop },
            None => Move::PassDrop { drop },
        }
    }

    /// The move without its placement.
    pub fn without_placement(self) -> Move {
        match self.step() {
            Some((from, to)) => Move::Step { from, to },
            None => Move::Pass,
        }
    }
}

/// Engine notation: `b1d3`, `pass`, and with a Parachute placement `a3a5@d4`, `pass@d4`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step() {
            Some((from, to)) => write!(f, "{from}{to}")?,
            None => f.write_str("pass")?,
        }
        if let Some(drop) = self.placement() {
            write!(f, "@{drop}")?;
        }
        Ok(())
    }
}
