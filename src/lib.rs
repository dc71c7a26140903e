//! Gamut: Lines of Action and Epaminondas in Bevy. The rules live in `gamut-engine`; this crate
//! draws the board from the engine's position and (in later steps) turns clicks into moves.

pub mod args;
pub mod board_view;
pub mod rules;
pub mod screenshot;
