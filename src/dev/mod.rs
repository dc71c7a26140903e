//! Tools for tests and measurements: screenshots that wait for the board, and main-thread frame
//! times.

pub mod frame_times;
pub mod positions;
pub mod screenshot;

use bevy::prelude::*;

/// Screenshot and frame-time plugins.
pub struct DevPlugin;

impl Plugin for DevPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            frame_times::FrameTimesPlugin,
            screenshot::ScreenshotPlugin,
            positions::PositionsPlugin,
        ));
    }
}
