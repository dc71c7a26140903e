//! A board set up by hand (the board editor, `crate::editor`): pieces anywhere, whose side to
//! move and held pieces the player chose. It may break the rules — a colour without pieces, an
//! empty board —, so it is not an engine position: the board shows it as it is, and nobody moves
//! on it ([`super::CurrentGame::diagram`]).

use std::hash::{Hash, Hasher};

use gamut_engine::Color as Side;

use super::{Cell, Seat};

/// A piece of a diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placed {
    /// Where it stands.
    pub at: Cell,
    /// Its colour.
    pub side: Side,
    /// Whether it belongs to its colour's marked set (LOA for four, Ambidextrous).
    pub marked: bool,
}

/// What the board shows of a position being set up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagram {
    /// Every piece.
    pub pieces: Vec<Placed>,
    /// Parachute: how many enemy pieces Black and White hold.
    pub held: [u8; 2],
    /// Who is to move.
    pub seat: Seat,
    /// The squares the board shows: its lowest and highest cell (corners, inclusive).
    pub area: (Cell, Cell),
}

impl Diagram {
    /// A key that differs between diagrams (in the place of a position's hash).
    pub fn key(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut hasher);
        hasher.finish()
    }
}
