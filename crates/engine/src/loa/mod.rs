//! Lines of Action (Claude Soucie): rules, positions and notation.

pub mod bitboard;
mod mobility;
mod moves;
mod position;
mod setup;

pub use bitboard::Square;
pub use moves::Move;
pub use position::{IllegalMove, PLACEMENT_CANDIDATES, Position, PositionError};
pub use setup::{
    BoardSize, PARACHUTE_RESERVE, PieceSet, Rules, Setup, SetupParseError, SimultaneousConnection,
    UnknownBoardSize, UnknownVariant, Variant,
};
