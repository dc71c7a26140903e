//! Demo mode (`--demo`): computer against computer, a new game a few seconds after each end.

use bevy::prelude::*;

use crate::play::{AppState, GameCommand};

/// Whether demo mode is on.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DemoMode(pub bool);

/// Seconds the final position stays on screen before the next demo game.
const PAUSE_SECONDS: f32 = 6.0;

/// Restarts finished games in demo mode.
pub struct DemoPlugin;

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DemoMode>().add_systems(
            Update,
            restart_after_pause.run_if(in_state(AppState::GameOver)),
        );
    }
}

fn restart_after_pause(
    demo: Res<DemoMode>,
    time: Res<Time>,
    mut waited: Local<f32>,
    mut commands: MessageWriter<GameCommand>,
) {
    if !demo.0 {
        return;
    }
    *waited += time.delta_secs();
    if *waited >= PAUSE_SECONDS {
        *waited = 0.0;
        commands.write(GameCommand::NewGame);
    }
}
