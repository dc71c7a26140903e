//! The two colours (sides) of a two-player board game.

use std::fmt;
use std::ops::Not;

/// A side of the board. In Lines of Action Black moves first by default; in Epaminondas White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// The black pieces (rank 1 and rank 8 in Lines of Action).
    Black,
    /// The white pieces.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position text: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// The colour for a position-text letter (`b`/`w`, case-insensitive).
    pub fn from_letter(c: char) -> Option<Color> {
        match c.to_ascii_lowercase() {
            'b' => Some(Color::Black),
            'w' => Some(Color::White),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}
