//! `gamut-engine`: rules, notation and search for the games of Gamut — Lines of Action and
//! Epaminondas. Pure Rust, no Bevy: the game asks this crate everything a rule decides.
//!
//! The shape follows `shakmaty`: raw text is parsed into a [`loa::Setup`] (unvalidated), which
//! becomes a validated [`loa::Position`] through [`loa::Position::from_setup`]. Every game
//! implements the [`Game`] trait, so perft, the search and the user interface treat all alike.

pub mod any_game;
pub mod boundless;
pub mod color;
pub mod epaminondas;
pub mod eval;
pub mod game;
pub mod level;
pub mod loa;
pub mod notation;
pub mod perft;
pub mod protocol;
pub mod record;
pub mod search;
pub mod tune;
mod zobrist;

pub use color::Color;
pub use game::{DrawReason, Game, Outcome, WinReason};
