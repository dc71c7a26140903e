//! Developer tools, built only with the cargo feature `dev` (on for the test command and the
//! screenshot scripts, off for `play.sh`): screenshots that wait for the board, main-thread
//! frame times, the engine's speed through the job service, the positions log the mouse scripts click from, and the start-up hooks that
//! open a lesson or puzzle for a screenshot.

pub mod engine_bench;
pub mod frame_times;
pub mod hooks;
pub mod positions;
pub mod screenshot;

use bevy::prelude::*;

/// Screenshot and frame-time plugins.
pub struct DevPlugin;

impl Plugin for DevPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            engine_bench::EngineBenchPlugin,
            frame_times::FrameTimesPlugin,
            screenshot::ScreenshotPlugin,
            positions::PositionsPlugin,
            hooks::HooksPlugin,
        ));
    }
}
