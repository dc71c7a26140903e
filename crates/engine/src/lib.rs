//! `gamut-engine`: rules, notation and search for the games of Gamut — Lines of Action and
//! Epaminondas. Pure Rust, no Bevy: the game asks this crate everything a rule decides.
//!
//! The shape follows `shakmaty`: raw text is parsed into a [`loa::Setup`] (unvalidated), which
//! becomes a validated [`loa::Position`] through [`loa::Position::from_setup`]. Every game
//! implements the [`Game`] trait, so perft, the search and the user interface treat all alike.
//! A position chosen at run time is an [`any_game::AnyPosition`]; its
//! [`with_game`](any_game::AnyPosition::with_game) is the one place that picks the concrete game
//! and its evaluation, and [`any_search::AnySearcher`] searches whichever game through it.

pub mod any_game;
pub mod any_search;
pub mod boundless;
#[cfg(feature = "serde")]
mod checked;
pub mod coach;
pub mod color;
pub mod epaminondas;
pub mod eval;
pub mod game;
pub mod level;
pub mod loa;
pub mod material;
pub mod memory;
pub mod notation;
pub mod perft;
pub mod proof;
pub mod protocol;
pub mod puzzle;
pub mod record;
pub mod search;
#[cfg(feature = "serde")]
mod serde_support;
pub mod tune;
mod zobrist;

pub use color::Color;
pub use game::{DrawReason, Game, Outcome, WinReason};
