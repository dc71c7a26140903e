//! The page drawn without a graphics card (a browser's software renderer, such as Chromium's
//! SwiftShader on a machine with no GPU): every frame is drawn by the processor on the page's
//! own thread, so the board is drawn without multisampling and without the lamp's shadows — a
//! frame several times cheaper, and a page that answers sooner. With a graphics card (every
//! phone, tablet and computer a player brings) nothing changes.

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use super::assets::KeyLight;

/// Once the renderer is known: the cheaper drawing if it is the processor.
pub(super) fn lighten_software_drawing(
    adapter: Option<Res<RenderAdapterInfo>>,
    cameras: Query<Entity, With<Camera3d>>,
    mut lights: Query<&mut DirectionalLight, With<KeyLight>>,
    mut commands: Commands,
    mut done: Local<bool>,
) {
    let Some(adapter) = adapter else {
        return;
    };
    if *done || cameras.is_empty() || lights.is_empty() {
        return;
    }
    *done = true;
    if adapter.device_type != wgpu_types::DeviceType::Cpu {
        return;
    }
    info!(
        "drawn by the processor ({}): no multisampling, no shadows",
        adapter.name
    );
    for camera in &cameras {
        commands.entity(camera).insert(Msaa::Off);
    }
    for mut light in &mut lights {
        light.shadow_maps_enabled = false;
    }
}
