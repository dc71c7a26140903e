//! Tools for demos, tests and measurements: the demo loop, screenshots that wait for the board,
//! and main-thread frame times.

pub mod demo;
pub mod frame_times;
pub mod screenshot;

use bevy::prelude::*;

/// Demo, screenshot and frame-time plugins.
pub struct DevPlugin;

impl Plugin for DevPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            demo::DemoPlugin,
            frame_times::FrameTimesPlugin,
            screenshot::ScreenshotPlugin,
        ));
    }
}
