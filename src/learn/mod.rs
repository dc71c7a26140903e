//! Lessons, played on the board: opened from the title screen ([`crate::play::OpenLearn`]).

use bevy::prelude::*;

/// The lessons.
pub struct LearnPlugin;

impl Plugin for LearnPlugin {
    fn build(&self, _app: &mut App) {}
}
