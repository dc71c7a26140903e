//! The camera: a sensible default framing for the board at any window size, orbit with the
//! right mouse button, zoom with the wheel, and a flat top-down 2D view (key V).

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::input::ViewToggles;
use crate::rules::Rules;

/// Where the camera looks from.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct CameraRig {
    /// Turn around the board, radians (0: from White's/rank 1 side).
    pub yaw: f32,
    /// Elevation above the board, radians.
    pub pitch: f32,
    /// Zoom factor (1: the board fills the view).
    pub zoom: f32,
}

impl Default for CameraRig {
    fn default() -> CameraRig {
        CameraRig {
            yaw: 0.0,
            pitch: 0.95,
            zoom: 1.0,
        }
    }
}

/// The camera systems.
pub struct CameraPlugin;

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<CameraRig>()
            .add_systems(Startup, spawn_camera)
            .add_systems(Update, (orbit_and_zoom, frame_board).chain());
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(0.0, 10.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

fn orbit_and_zoom(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Option<Res<EguiWantsInput>>,
    mut rig: ResMut<CameraRig>,
) {
    if egui.is_some_and(|e| e.wants_any_pointer_input()) {
        return;
    }
    if buttons.pressed(MouseButton::Right) && motion.delta != Vec2::ZERO {
        rig.yaw -= motion.delta.x * 0.005;
        rig.pitch = (rig.pitch + motion.delta.y * 0.004).clamp(0.25, 1.5);
    }
    if scroll.delta.y != 0.0 {
        rig.zoom = (rig.zoom * (1.0 - scroll.delta.y.signum() * 0.1)).clamp(0.4, 2.5);
    }
}

/// Places the camera so the whole board (with its rim) fits the window, from the rig's angle.
fn frame_board(
    rig: Res<CameraRig>,
    toggles: Res<ViewToggles>,
    rules: Res<Rules>,
    window: Query<&Window>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera3d>>,
) {
    let Ok((mut transform, mut projection)) = camera.single_mut() else {
        return;
    };
    let aspect = window
        .iter()
        .next()
        .map(|w| w.width() / w.height().max(1.0))
        .unwrap_or(1.6);
    let (files, ranks) = rules.size();
    // Room for the side panel on the right: the board sits a little left of centre.
    let half_w = files as f32 / 2.0 + 1.1;
    let half_h = ranks as f32 / 2.0 + 1.1;
    let shift = Vec3::new(half_w * 0.28, 0.0, 0.0);
    if toggles.flat {
        let height = (half_h * 2.0).max(half_w * 2.0 / aspect * 1.35) * rig.zoom;
        *projection = Projection::Orthographic(OrthographicProjection {
            scaling_mode: bevy::camera::ScalingMode::FixedVertical {
                viewport_height: height,
            },
            ..OrthographicProjection::default_3d()
        });
        *transform =
            Transform::from_translation(shift + Vec3::Y * 30.0).looking_at(shift, Vec3::NEG_Z);
        return;
    }
    let fov = std::f32::consts::FRAC_PI_4;
    if !matches!(*projection, Projection::Perspective(_)) {
        *projection = Projection::Perspective(PerspectiveProjection { fov, ..default() });
    }
    // Distance at which the board's larger extent fits the view, then the rig's zoom.
    let fit_h = half_h / (fov / 2.0).tan();
    let fit_w = half_w * 1.35 / ((fov / 2.0).tan() * aspect);
    let distance = fit_h.max(fit_w) * 1.05 * rig.zoom;
    let direction = Vec3::new(
        rig.yaw.sin() * rig.pitch.cos(),
        rig.pitch.sin(),
        rig.yaw.cos() * rig.pitch.cos(),
    );
    let target = shift + Vec3::new(0.0, 0.0, 0.35);
    *transform =
        Transform::from_translation(target + direction * distance).looking_at(target, Vec3::Y);
}
