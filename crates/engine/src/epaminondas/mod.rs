//! Epaminondas (Robert Abbott, 1975): rules, positions and notation.
//!
//! Phalanxes of stones move along their own line as far as they are long, capture a shorter
//! enemy row in front of them, and race for the opponent's home row.

pub mod bitboard;
mod movegen;
mod moves;
mod position;
mod setup;

pub use bitboard::{Bitboard, DIRECTIONS, Square, Squares};
pub use moves::Move;
pub use position::{IllegalMove, Position, PositionError};
pub use setup::{BoardSize, Rules, Setup, SetupParseError, UnknownBoardSize};
