//! The camera: a framing that fits the board at any window size, orbit with the right mouse
//! button, zoom with the wheel, a flat top-down view (`V`), a half turn (`F`) and a reset (`C`).
//! A new game frames the board again, turned so the side a person plays is nearest; in a
//! hot-seat game the board turns to the side to move after each move ([`super::turn`]).

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;

use crate::input::ViewCommand;
use crate::model::{CurrentGame, GameSettings, Notice};
use crate::play::{StartAs, StartGame};
use crate::rest::{NextFrame, ORBIT_FRAME};

/// Where the camera looks from.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct CameraRig {
    /// Turn around the board, radians (0: from rank 1's side).
    pub yaw: f32,
    /// Elevation above the board, radians.
    pub pitch: f32,
    /// Zoom factor (1: the board fills the view).
    pub zoom: f32,
    /// The flat top-down 2D view instead of the 3D one.
    pub flat: bool,
    /// Turned half round: the top rank nearest.
    pub flipped: bool,
    /// The part of a turn still to come (radians): the view is drawn this much short of where
    /// `flipped` puts it while the board turns to the side to move (see `super::turn`).
    pub turning: f32,
}

impl Default for CameraRig {
    fn default() -> CameraRig {
        CameraRig {
            yaw: 0.0,
            pitch: 0.95,
            zoom: 1.0,
            flat: false,
            flipped: false,
            turning: 0.0,
        }
    }
}

impl CameraRig {
    /// The default framing, keeping the flat/3D choice and the half turn.
    fn reset(&mut self) {
        *self = CameraRig {
            flat: self.flat,
            flipped: self.flipped,
            ..CameraRig::default()
        };
    }

    /// The view's turn round the board in quarter turns, as the player sees it (0: rank 1
    /// nearest, 2: turned half round), for the keyboard's steps over the board.
    pub fn quarter_turns(&self) -> i32 {
        let yaw = if self.flat {
            // The flat view turns with the half turn only.
            if self.flipped {
                std::f32::consts::PI
            } else {
                0.0
            }
        } else {
            self.total_yaw()
        };
        (yaw / std::f32::consts::FRAC_PI_2).round() as i32
    }

    /// The turn around the board including the half turn.
    fn total_yaw(&self) -> f32 {
        self.yaw + self.flat_turn()
    }

    /// The half turn and the part of a turn still to come: the flat view's turn (it keeps no
    /// orbit).
    fn flat_turn(&self) -> f32 {
        let half = if self.flipped {
            std::f32::consts::PI
        } else {
            0.0
        };
        half + self.turning
    }
}

/// Whether a new game should show the board turned half round: when only Black is played by a
/// person in Epaminondas, whose Black home row is the top one. (In Lines of Action both colours
/// start on two opposite edges, so no turn puts one side nearer.)
pub fn starts_flipped(settings: &GameSettings) -> bool {
    settings.config.kind == GameKind::Epaminondas
        && !settings.player(Side::Black).is_computer()
        && settings.player(Side::White).is_computer()
}

/// The camera's two steps in a frame: the rig is aimed (the view's commands, a new game's
/// framing), then moved (orbit, zoom, framing the board). The board's turn
/// ([`super::turn::TurnPlugin`]) runs between them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CameraStep {
    /// The rig's goal is set.
    Aim,
    /// The camera follows the rig.
    Move,
}

/// The camera systems.
pub struct CameraPlugin;

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<CameraRig>()
            .init_resource::<ScreenInsets>()
            .init_resource::<AutoOrbit>()
            .add_systems(Startup, spawn_camera)
            .configure_sets(Update, CameraStep::Aim.before(CameraStep::Move))
            .add_systems(OnExit(crate::play::AppState::Menu), leave_the_title_orbit)
            .add_systems(
                Update,
                (view_commands, frame_new_games)
                    .chain()
                    .in_set(CameraStep::Aim),
            )
            .add_systems(
                Update,
                (orbit_and_zoom, pinch_and_turn, auto_orbit, frame_board)
                    .chain()
                    .in_set(CameraStep::Move),
            )
            // The panels report what they cover as they are drawn, after `Update`: when that
            // changed (the first frame of a game, after Go back or Resume), the board is framed
            // again in the same frame, not drawn once under the side panel.
            .add_systems(
                PostUpdate,
                frame_board
                    .run_if(resource_changed::<ScreenInsets>)
                    .after(bevy_egui::EguiPostUpdateSet::EndPass)
                    // Before the camera's projection is sized to its viewport and its frustum
                    // made: a projection set after them culled the flat board to its middle.
                    .before(bevy::camera::CameraUpdateSystems)
                    .before(bevy::transform::TransformSystems::Propagate),
            );
    }
}

fn spawn_camera(mut commands: Commands) {
    let camera = commands.spawn((
        Camera3d::default(),
        bevy::picking::mesh_picking::MeshPickingCamera,
        Transform::from_xyz(0.0, 10.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // The page carries no tonemapping tables (0.68 MB of its weight): the curve of the desktop's
    // TonyMcMapface's author that needs none (Cargo.toml, docs/web.md).
    #[cfg(target_arch = "wasm32")]
    {
        let mut camera = camera;
        camera
            .insert(bevy::core_pipeline::tonemapping::Tonemapping::SomewhatBoringDisplayTransform);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = camera;
}

fn view_commands(mut commands: MessageReader<ViewCommand>, mut rig: ResMut<CameraRig>) {
    for command in commands.read() {
        match command {
            ViewCommand::ToggleFlat => rig.flat = !rig.flat,
            ViewCommand::Flip => {
                rig.flipped = !rig.flipped;
                rig.turning = 0.0;
            }
            ViewCommand::ResetCamera => rig.reset(),
        }
    }
}

/// A new game (and each show of the Exhibition) starts from the default framing, a person's
/// side nearest.
fn frame_new_games(mut starts: MessageReader<StartGame>, mut rig: ResMut<CameraRig>) {
    for start in starts.read() {
        if start.notice.as_ref().is_some_and(Notice::is_new_game) || start.mode == StartAs::Show {
            rig.flipped = starts_flipped(&start.seats);
            rig.reset();
        }
    }
}

/// Leaving the title (Resume, a lesson, the editor…): the board in the default framing, not at
/// the angle the title's slow turn left it (the flat view and the half turn are kept).
fn leave_the_title_orbit(mut rig: ResMut<CameraRig>) {
    rig.reset();
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

/// Two fingers on a touch screen: spread or pinch them to zoom, turn them round each other to
/// turn the view round the board, slide them up or down together to tilt it (the 3D view).
fn pinch_and_turn(
    touches: Option<Res<Touches>>,
    egui: Option<Res<EguiWantsInput>>,
    mut last: Local<Option<TwoFingers>>,
    mut rig: ResMut<CameraRig>,
) {
    let fingers: Vec<&bevy::input::touch::Touch> = touches
        .as_ref()
        .map(|t| t.iter().collect())
        .unwrap_or_default();
    let [a, b] = fingers[..] else {
        *last = None;
        return;
    };
    let now = TwoFingers {
        ids: (a.id(), b.id()),
        at: (a.position(), b.position()),
    };
    // Measured from where this frame saw them last (Bevy's own "previous position" is kept
    // until the next touch message, so a still pair would repeat the last step).
    let before = last.replace(now).filter(|l| l.ids == now.ids);
    if egui.is_some_and(|e| e.wants_any_pointer_input()) {
        return;
    }
    let Some(before) = before else {
        return;
    };
    let step = gesture(before.at, now.at);
    if step == Gesture::default() {
        return;
    }
    rig.zoom = (rig.zoom / step.spread).clamp(0.4, 2.5);
    rig.yaw -= step.turn;
    if !rig.flat {
        rig.pitch = (rig.pitch + step.slide * 0.004).clamp(0.25, 1.5);
    }
}

/// Two fingers on the screen and where they were.
#[derive(Debug, Clone, Copy, PartialEq)]
struct TwoFingers {
    ids: (u64, u64),
    at: (Vec2, Vec2),
}

/// What two fingers did between two frames.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Gesture {
    /// How much farther apart they are (1: as before).
    spread: f32,
    /// How far they turned round each other, radians (counter-clockwise on the screen).
    turn: f32,
    /// How far their middle moved down the screen, pixels.
    slide: f32,
}

impl Default for Gesture {
    fn default() -> Gesture {
        Gesture {
            spread: 1.0,
            turn: 0.0,
            slide: 0.0,
        }
    }
}

/// The gesture of two fingers from `before` to `now` (a finger's position each); nothing when
/// they are too close together to tell a turn (less than 10 pixels apart).
fn gesture(before: (Vec2, Vec2), now: (Vec2, Vec2)) -> Gesture {
    let (span_before, span_now) = (before.1 - before.0, now.1 - now.0);
    if span_before.length() < 10.0 || span_now.length() < 10.0 {
        return Gesture::default();
    }
    Gesture {
        spread: span_now.length() / span_before.length(),
        // Screen y grows downwards: the angle is negated to read counter-clockwise.
        turn: -span_before.angle_to(span_now),
        slide: (now.0 + now.1).y / 2.0 - (before.0 + before.1).y / 2.0,
    }
}

/// A slow turn of the 3D view round the board, for the exhibition and behind the title screen.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AutoOrbit(pub bool);

/// The automatic orbit's speed, radians per second: a turn in about a minute and three quarters.
const AUTO_ORBIT_SPEED: f32 = 0.06;

fn auto_orbit(
    orbit: Res<AutoOrbit>,
    state: Option<Res<State<crate::play::AppState>>>,
    time: Res<Time>,
    mut rig: ResMut<CameraRig>,
    mut next_frame: ResMut<NextFrame>,
) {
    let behind_title = state.is_some_and(|s| *s.get() == crate::play::AppState::Menu);
    if (orbit.0 || behind_title) && !rig.flat {
        rig.yaw = (rig.yaw + AUTO_ORBIT_SPEED * time.delta_secs()) % std::f32::consts::TAU;
        // A slow turn: a modest frame rate is smooth enough.
        next_frame.within(ORBIT_FRAME);
    }
}

/// The parts of the window the panels cover, in logical pixels: the board is framed in the rest.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct ScreenInsets {
    /// Covered on the left (the big screen's table bar, a watcher's).
    pub left: f32,
    /// Covered at the top (a seated player's table bar).
    pub top: f32,
    /// Covered on the right (the side panel).
    pub right: f32,
    /// Covered at the bottom (the status bar).
    pub bottom: f32,
}

/// The camera draws into the part of the window the panels leave free.
fn fit_viewport(insets: &ScreenInsets, window: &Window, camera: &mut Camera) -> f32 {
    let scale = window.scale_factor();
    let (w, h) = (window.physical_width(), window.physical_height());
    let left = (insets.left * scale).clamp(0.0, w.saturating_sub(1) as f32) as u32;
    let free_w =
        (w as f32 - (insets.left + insets.right) * scale).clamp(1.0, w.max(1) as f32) as u32;
    let top = (insets.top * scale).clamp(0.0, h.saturating_sub(1) as f32) as u32;
    let free_h =
        (h as f32 - (insets.top + insets.bottom) * scale).clamp(1.0, h.max(1) as f32) as u32;
    let viewport = (free_w < w || free_h < h).then(|| bevy::camera::Viewport {
        physical_position: UVec2::new(left, top),
        physical_size: UVec2::new(free_w, free_h),
        ..default()
    });
    let same = match (&camera.viewport, &viewport) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.physical_size == b.physical_size && a.physical_position == b.physical_position
        }
        _ => false,
    };
    if !same {
        camera.viewport = viewport;
    }
    free_w as f32 / free_h as f32
}

/// Whether the board's four rim corners (`half` extents from the centre) are inside the view of
/// a perspective camera at `eye`, with a small margin.
fn corners_in_view(eye: &Transform, half: (f32, f32), fov: f32, aspect: f32) -> bool {
    let to_view = eye.compute_affine().inverse();
    let tan = (fov / 2.0).tan();
    [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
        .into_iter()
        .all(|(sx, sz): (f32, f32)| {
            let p = to_view.transform_point3(Vec3::new(sx * half.0, 0.0, sz * half.1));
            let depth = -p.z;
            depth > 0.0
                && (p.x / (depth * tan * aspect)).abs() < 0.97
                && (p.y / (depth * tan)).abs() < 0.97
        })
}

/// The fog's start and end as multiples of the camera's distance to the board (set by the
/// theme, applied by the framing).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct FogScale {
    pub start: f32,
    pub end: f32,
}

/// Height of the flat view's camera: close enough that the fog never reaches the board (its
/// projection does not depend on it).
const FLAT_HEIGHT: f32 = 8.0;

/// The fog for a camera `distance` from the board; in the flat view, none on the board.
fn fit_fog(fog: &mut DistanceFog, scale: FogScale, distance: f32, flat: bool) {
    let (start, end) = if flat {
        (distance * 4.0, distance * 8.0)
    } else {
        (distance * scale.start, distance * scale.end)
    };
    let falloff = FogFalloff::Linear { start, end };
    if !matches!(fog.falloff, FogFalloff::Linear { start: s, end: e } if s == start && e == end) {
        fog.falloff = falloff;
    }
}

/// The board camera's parts the framing sets.
type BoardCamera = (
    &'static mut Transform,
    &'static mut Projection,
    &'static mut Camera,
    Option<(&'static mut DistanceFog, &'static FogScale)>,
);

/// Places the camera so the whole board (with its rim) fits the free part of the window, from
/// the rig's angle.
fn frame_board(
    rig: Res<CameraRig>,
    game: Res<CurrentGame>,
    insets: Res<ScreenInsets>,
    window: Query<&Window>,
    mut camera: Query<BoardCamera, With<Camera3d>>,
) {
    let Ok((mut transform, mut projection, mut camera, fog)) = camera.single_mut() else {
        return;
    };
    let aspect = window
        .iter()
        .next()
        .map(|w| fit_viewport(&insets, w, &mut camera))
        .unwrap_or(1.6);
    let (files, ranks) = game.size();
    let half_w = files as f32 / 2.0 + 1.1;
    let half_h = ranks as f32 / 2.0 + 1.1;
    if rig.flat {
        let height = (half_h * 2.0).max(half_w * 2.0 / aspect) * 1.04 * rig.zoom;
        let scaling_mode = bevy::camera::ScalingMode::FixedVertical {
            viewport_height: height,
        };
        // Changed only when it changes: a new projection has no size until the camera's
        // update gives it its viewport's, and each change frames the board anew.
        match projection.bypass_change_detection() {
            Projection::Orthographic(OrthographicProjection {
                scaling_mode: bevy::camera::ScalingMode::FixedVertical { viewport_height },
                ..
            }) if *viewport_height == height => {}
            Projection::Orthographic(_) => {
                if let Projection::Orthographic(ortho) = &mut *projection {
                    ortho.scaling_mode = scaling_mode;
                }
            }
            _ => {
                *projection = Projection::Orthographic(OrthographicProjection {
                    scaling_mode,
                    ..OrthographicProjection::default_3d()
                });
            }
        }
        // Screen up points away from the near edge: -Z from rank 1's side, +Z turned round.
        let turn = rig.flat_turn();
        let up = Vec3::new(-turn.sin(), 0.0, -turn.cos());
        *transform = Transform::from_translation(Vec3::Y * FLAT_HEIGHT).looking_at(Vec3::ZERO, up);
        if let Some((mut fog, scale)) = fog {
            fit_fog(&mut fog, *scale, FLAT_HEIGHT, true);
        }
        return;
    }
    let fov = std::f32::consts::FRAC_PI_4;
    if !matches!(*projection, Projection::Perspective(_)) {
        *projection = Projection::Perspective(PerspectiveProjection { fov, ..default() });
    }
    // Distance at which the board's larger extent fits the view, then moved back until the
    // rim's corners are all in view (the near edge of a wide board looks wider), then the zoom.
    let fit_h = half_h / (fov / 2.0).tan();
    let fit_w = half_w / ((fov / 2.0).tan() * aspect);
    let yaw = rig.total_yaw();
    let direction = Vec3::new(
        yaw.sin() * rig.pitch.cos(),
        rig.pitch.sin(),
        yaw.cos() * rig.pitch.cos(),
    );
    let target = Vec3::new(yaw.sin(), 0.0, yaw.cos()) * 0.35;
    let mut distance = fit_h.max(fit_w) * 1.05;
    for _ in 0..40 {
        let eye =
            Transform::from_translation(target + direction * distance).looking_at(target, Vec3::Y);
        if corners_in_view(&eye, (half_w, half_h), fov, aspect) {
            break;
        }
        distance *= 1.04;
    }
    let distance = distance * rig.zoom;
    if let Some((mut fog, scale)) = fog {
        fit_fog(&mut fog, *scale, distance, false);
    }
    *transform =
        Transform::from_translation(target + direction * distance).looking_at(target, Vec3::Y);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Player;
    use gamut_engine::level::Level;

    #[test]
    fn epaminondas_as_black_against_the_computer_starts_turned() {
        let mut settings = GameSettings::default();
        settings.config.kind = GameKind::Epaminondas;
        settings.black = Player::Human;
        settings.white = Player::Computer(Level::default());
        assert!(starts_flipped(&settings));
        settings.black = Player::Computer(Level::default());
        settings.white = Player::Human;
        assert!(!starts_flipped(&settings));
        settings.config.kind = GameKind::LinesOfAction;
        assert!(!starts_flipped(&settings));
    }

    #[test]
    fn reset_keeps_the_view_choices_and_drops_the_orbit() {
        let mut rig = CameraRig {
            yaw: 2.0,
            pitch: 0.3,
            zoom: 2.0,
            flat: true,
            flipped: true,
            turning: 1.0,
        };
        rig.reset();
        assert_eq!(
            rig,
            CameraRig {
                flat: true,
                flipped: true,
                ..CameraRig::default()
            }
        );
    }

    #[test]
    fn two_fingers_pinch_turn_and_slide() {
        let still = gesture(
            (Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)),
            (Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)),
        );
        assert_eq!(still, Gesture::default());
        let spread = gesture(
            (Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)),
            (Vec2::new(-50.0, 0.0), Vec2::new(150.0, 0.0)),
        );
        assert!((spread.spread - 2.0).abs() < 1e-5 && spread.turn.abs() < 1e-5);
        // The right finger goes up the screen: a counter-clockwise turn as the player sees it.
        let turn = gesture(
            (Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)),
            (Vec2::new(0.0, 0.0), Vec2::new(0.0, -100.0)),
        );
        assert!(
            (turn.turn - std::f32::consts::FRAC_PI_2).abs() < 1e-4,
            "{turn:?}"
        );
        let slide = gesture(
            (Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)),
            (Vec2::new(0.0, 30.0), Vec2::new(100.0, 30.0)),
        );
        assert_eq!(slide.slide, 30.0);
        let touching = gesture(
            (Vec2::new(0.0, 0.0), Vec2::new(5.0, 0.0)),
            (Vec2::new(0.0, 0.0), Vec2::new(100.0, 0.0)),
        );
        assert_eq!(touching, Gesture::default());
    }

    /// Two fingers as the operating system reports them (touch messages), read by Bevy's input
    /// plugin into `Touches`, then by the camera; the zoom after.
    fn fingers(app: &mut App, phase: bevy::input::touch::TouchPhase, a: f32, b: f32) -> f32 {
        let window = Entity::PLACEHOLDER;
        for (id, x) in [(0, a), (1, b)] {
            app.world_mut()
                .write_message(bevy::input::touch::TouchInput {
                    phase,
                    position: Vec2::new(x, 300.0),
                    window,
                    force: None,
                    id,
                });
        }
        app.update();
        app.world().resource::<CameraRig>().zoom
    }

    #[test]
    fn fingers_spread_zoom_in_and_pinched_zoom_out_within_limits() {
        use bevy::input::touch::TouchPhase;
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin))
            .insert_resource(CameraRig::default())
            .add_systems(Update, pinch_and_turn);
        assert_eq!(fingers(&mut app, TouchPhase::Started, 300.0, 400.0), 1.0);
        // Twice as far apart: the board comes twice as near (a smaller zoom factor).
        let nearer = fingers(&mut app, TouchPhase::Moved, 250.0, 450.0);
        assert!((nearer - 0.5).abs() < 1e-4, "{nearer}");
        // Held still: the view stays.
        app.update();
        app.update();
        assert!((app.world().resource::<CameraRig>().zoom - 0.5).abs() < 1e-4);
        // Pinched far together: no farther than the limit.
        assert_eq!(fingers(&mut app, TouchPhase::Moved, 340.0, 360.0), 2.5);
    }
}
