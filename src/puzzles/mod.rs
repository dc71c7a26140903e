//! Puzzles proven by the engine, solved on the board: opened from the title screen
//! ([`crate::play::OpenLearn`]).

use bevy::prelude::*;

/// The puzzle screen.
pub struct PuzzlesPlugin;

impl Plugin for PuzzlesPlugin {
    fn build(&self, _app: &mut App) {}
}
