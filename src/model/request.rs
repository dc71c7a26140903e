//! What a click (or a test) asks for: a move, in board cells.

use bevy::prelude::*;

use super::Cell;

/// A person asks for a move: what a click produces.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRequest {
    /// Move the piece (or phalanx tail) on `from` to `to`; in Parachute's compound turns, then
    /// place a held enemy piece on `drop`.
    Step {
        /// The piece, or the tail of the phalanx.
        from: Cell,
        /// The destination (the head's landing square in Epaminondas).
        to: Cell,
        /// Parachute: where the held piece goes.
        drop: Option<Cell>,
    },
    /// Parachute: no legal step, so only place a held enemy piece on `drop`.
    Place {
        /// Where the held piece goes.
        drop: Cell,
    },
}

impl MoveRequest {
    /// An ordinary move from `from` to `to`.
    pub fn step(from: Cell, to: Cell) -> MoveRequest {
        MoveRequest::Step {
            from,
            to,
            drop: None,
        }
    }

    /// Where a held piece is placed, if anywhere.
    pub fn placement(self) -> Option<Cell> {
        match self {
            MoveRequest::Step { drop, .. } => drop,
            MoveRequest::Place { drop } => Some(drop),
        }
    }
}

/// The move in the board's notation: `b1-d3`, `a3-a5 @d4`, `pass @d4`.
impl std::fmt::Display for MoveRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveRequest::Step { from, to, drop } => {
                write!(f, "{from}-{to}")?;
                if let Some(drop) = drop {
                    write!(f, " @{drop}")?;
                }
                Ok(())
            }
            MoveRequest::Place { drop } => write!(f, "pass @{drop}"),
        }
    }
}
