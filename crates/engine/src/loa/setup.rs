//! Raw, unvalidated board setups, the position text format, and the rule options.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::bitboard::Square;
use crate::Color;

/// Which start position and move rules are used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Black on ranks 1 and 8, White on files a and h.
    #[default]
    Standard,
    /// Scrambled Eggs (Claude Soucie): colours alternate around the edge, corners empty.
    ScrambledEggs,
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 2] = [Variant::Standard, Variant::ScrambledEggs];

    /// The name used on the command line and in the engine protocol.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::ScrambledEggs => "scrambled-eggs",
        }
    }

    /// The start position's pieces as (black, white) bitboards.
    pub fn start_pieces(self) -> (u64, u64) {
        let bits = |names: &str| -> u64 {
            names
                .split_whitespace()
                .map(|n| Square::parse(n).expect("built-in square").bit())
                .sum()
        };
        match self {
            Variant::Standard => (
                bits("b1 c1 d1 e1 f1 g1 b8 c8 d8 e8 f8 g8"),
                bits("a2 a3 a4 a5 a6 a7 h2 h3 h4 h5 h6 h7"),
            ),
            Variant::ScrambledEggs => (
                bits("b1 d1 f1 c8 e8 g8 a3 a5 a7 h2 h4 h6"),
                bits("c1 e1 g1 b8 d8 f8 a2 a4 a6 h3 h5 h7"),
            ),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown Lines of Action variant '{0}' (expected standard or scrambled-eggs)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == wanted || (wanted == "scrambled" && *v == Variant::ScrambledEggs))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// What happens when one move connects both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SimultaneousConnection {
    /// A draw (tournament rule; the default).
    #[default]
    Draw,
    /// The player who moved wins (A Gamut of Games, 2nd edition).
    MoverWins,
}

/// The rule options of a Lines of Action game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Start position.
    pub variant: Variant,
    /// Who moves first from the start position (Black by default).
    pub first_player: Color,
    /// One move connecting both sides: draw or mover wins.
    pub simultaneous: SimultaneousConnection,
    /// Whether the third occurrence of a position is a draw (on by default).
    pub repetition_draw: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            variant: Variant::Standard,
            first_player: Color::Black,
            simultaneous: SimultaneousConnection::Draw,
            repetition_draw: true,
        }
    }
}

/// A board as written down: which pieces stand where and who moves. Not yet checked against the
/// rules; [`super::Position::from_setup`] does that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Black pieces.
    pub black: u64,
    /// White pieces.
    pub white: u64,
    /// Side to move.
    pub side: Color,
}

impl Setup {
    /// The start of a variant with the given first player.
    pub fn start(variant: Variant, first_player: Color) -> Setup {
        let (black, white) = variant.start_pieces();
        Setup {
            black,
            white,
            side: first_player,
        }
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        if self.black & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

/// Position text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupParseError {
    /// Nothing given.
    #[error("empty position text")]
    Empty,
    /// Not eight ranks.
    #[error("position has {0} ranks; expected 8 separated by '/'")]
    RankCount(usize),
    /// A rank does not describe exactly eight squares.
    #[error("rank {rank} describes {squares} squares; expected 8")]
    RankLength {
        /// The rank (1..8).
        rank: usize,
        /// How many squares its text covers.
        squares: usize,
    },
    /// A character that is not `b`, `w` or a digit 1–8.
    #[error("unexpected '{character}' in rank {rank} (use b, w and digits 1-8)")]
    BadCharacter {
        /// The rank (1..8).
        rank: usize,
        /// The character.
        character: char,
    },
    /// The side to move is missing.
    #[error("the side to move is missing (add ' b' or ' w' after the board)")]
    MissingSide,
    /// The side to move is not `b` or `w`.
    #[error("side to move '{0}' is not b or w")]
    BadSide(String),
    /// Something follows the side to move.
    #[error("unexpected text after the side to move: '{0}'")]
    TrailingText(String),
}

impl FromStr for Setup {
    type Err = SetupParseError;

    /// Parses `1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b`.
    fn from_str(text: &str) -> Result<Setup, SetupParseError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(SetupParseError::Empty)?;
        let side_text = fields.next().ok_or(SetupParseError::MissingSide)?;
        if let Some(extra) = fields.next() {
            return Err(SetupParseError::TrailingText(extra.to_string()));
        }
        let side = match side_text {
            s if s.len() == 1 => Color::from_letter(s.chars().next().unwrap_or(' ')),
            _ => None,
        }
        .ok_or_else(|| SetupParseError::BadSide(side_text.to_string()))?;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 8 {
            return Err(SetupParseError::RankCount(rows.len()));
        }
        let mut setup = Setup {
            black: 0,
            white: 0,
            side,
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = 8 - i;
            let mut file = 0usize;
            for character in row.chars() {
                if let Some(d) = character.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else if let Some(color) = Color::from_letter(character) {
                    if file < 8 {
                        let bit = 1u64 << ((rank - 1) * 8 + file);
                        match color {
                            Color::Black => setup.black |= bit,
                            Color::White => setup.white |= bit,
                        }
                    }
                    file += 1;
                } else {
                    return Err(SetupParseError::BadCharacter { rank, character });
                }
            }
            if file != 8 {
                return Err(SetupParseError::RankLength {
                    rank,
                    squares: file,
                });
            }
        }
        Ok(setup)
    }
}

/// Writes the position text, ranks 8 to 1, then the side to move.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = Square::from_file_rank(file, rank).expect("on board");
                match self.piece_at(sq) {
                    Some(color) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", color.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.side.letter())
    }
}
