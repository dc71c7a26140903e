//! The lit 3D board drawn from [`Rules`]: a wooden frame sized to the game's board, squares,
//! rim coordinates, piece meshes, highlights, and the glide and capture animations.

use std::f32::consts::PI;

use bevy::prelude::*;
use gamut_engine::Color as Side;

use crate::input::{Hint, Selection, on_board_click, on_board_drop, on_piece_drag_start};
use crate::logic::{
    AppState, BoardReset, CaptureAnimation, GameLogicSystems, Glide, OnSquare, Piece,
    PlaceAnimation,
};
use crate::rules::{Cell, Rules};
use crate::settings::GameSettings;

/// World size of one board square.
pub const SQUARE_SIZE: f32 = 1.0;
/// Height of a piece's centre above the board.
const PIECE_LIFT: f32 = 0.09;

/// A board square entity.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square(pub Cell);

/// Everything built for one board size (squares, frame, labels); rebuilt when the size changes.
#[derive(Component)]
struct BoardPart;

/// A coordinate label on the rim, placed over its world position every frame.
#[derive(Component, Debug, Clone, Copy)]
struct RimLabel(Vec3);

/// A highlight marker (selection, destinations, last move, hint, winners).
#[derive(Component)]
struct Highlight;

/// Parachute: a held enemy piece waiting beside the board.
#[derive(Component)]
struct ReservePiece;

/// Meshes and materials shared by all pieces and squares.
#[derive(Resource)]
struct BoardAssets {
    body: Handle<Mesh>,
    rim: Handle<Mesh>,
    ring: Handle<Mesh>,
    tile: Handle<Mesh>,
    disc: Handle<Mesh>,
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
    marker: Handle<StandardMaterial>,
    light_square: Handle<StandardMaterial>,
    dark_square: Handle<StandardMaterial>,
    frame: Handle<StandardMaterial>,
    table: Handle<StandardMaterial>,
    move_target: Handle<StandardMaterial>,
    capture_target: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    last_move: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    winner: Handle<StandardMaterial>,
    placement: Handle<StandardMaterial>,
    movable: Handle<StandardMaterial>,
}

/// The board area (lowest and highest cell) the squares were built for.
#[derive(Resource, Default, PartialEq, Eq)]
struct BuiltBounds(Option<(Cell, Cell)>);

/// Draws the board, pieces, highlights and animations.
pub struct BoardViewPlugin;

impl Plugin for BoardViewPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ClearColor(Color::srgb(0.09, 0.10, 0.13)))
            .insert_resource(GlobalAmbientLight {
                color: Color::WHITE,
                brightness: 380.0,
                ..default()
            })
            .init_resource::<BuiltBounds>()
            .add_systems(Startup, (setup_assets, spawn_lights).chain())
            .add_systems(
                Update,
                (
                    build_board,
                    dress_pieces,
                    animate_glides,
                    animate_captures,
                    animate_placements,
                    place_resting_pieces,
                    show_highlights,
                    show_reserves,
                )
                    .chain()
                    .after(GameLogicSystems),
            )
            .add_systems(PostUpdate, place_rim_labels);
    }
}

/// The world position of the centre of a square on the board area `bounds` (lowest and highest
/// cell), on the board's surface. The area's centre is the world origin, so the camera, which
/// frames the origin, follows the board as Boundless LOA's area grows.
pub fn square_center(c: Cell, bounds: (Cell, Cell)) -> Vec3 {
    let (lo, hi) = bounds;
    let mid_file = (lo.file + hi.file) as f32 / 2.0;
    let mid_rank = (lo.rank + hi.rank) as f32 / 2.0;
    Vec3::new(
        (c.file as f32 - mid_file) * SQUARE_SIZE,
        0.0,
        (mid_rank - c.rank as f32) * SQUARE_SIZE,
    )
}

/// A file's name on the rim: `a`–`z`, or its number in brackets beyond them.
fn file_label(file: i32) -> String {
    match u8::try_from(file) {
        Ok(f) if f < 26 => ((b'a' + f) as char).to_string(),
        _ => format!("({})", file + 1),
    }
}

fn setup_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut material = |color: Color, roughness: f32, reflectance: f32| {
        materials.add(StandardMaterial {
            base_color: color,
            perceptual_roughness: roughness,
            reflectance,
            ..default()
        })
    };
    let glow = |color: Color| StandardMaterial {
        base_color: color,
        emissive: LinearRgba::from(color) * 0.6,
        alpha_mode: AlphaMode::Blend,
        unlit: false,
        ..default()
    };
    let assets = BoardAssets {
        body: meshes.add(Cylinder::new(0.36, 0.18)),
        rim: meshes.add(Torus::new(0.24, 0.34)),
        ring: meshes.add(Torus::new(0.1, 0.16)),
        tile: meshes.add(Cuboid::new(SQUARE_SIZE, 0.1, SQUARE_SIZE)),
        disc: meshes.add(Cylinder::new(0.2, 0.02)),
        black: material(Color::srgb(0.08, 0.08, 0.09), 0.5, 0.35),
        white: material(Color::srgb(0.95, 0.92, 0.84), 0.3, 0.5),
        marker: material(Color::srgb(0.85, 0.2, 0.15), 0.4, 0.4),
        light_square: material(Color::srgb(0.87, 0.72, 0.50), 0.6, 0.3),
        dark_square: material(Color::srgb(0.55, 0.35, 0.20), 0.6, 0.3),
        frame: material(Color::srgb(0.24, 0.13, 0.07), 0.55, 0.3),
        table: material(Color::srgb(0.11, 0.15, 0.12), 0.95, 0.1),
        move_target: materials.add(glow(Color::srgba(0.25, 0.85, 0.35, 0.85))),
        capture_target: materials.add(glow(Color::srgba(0.95, 0.25, 0.2, 0.85))),
        selected: materials.add(glow(Color::srgba(1.0, 0.85, 0.2, 0.55))),
        last_move: materials.add(glow(Color::srgba(0.3, 0.55, 1.0, 0.55))),
        hint: materials.add(glow(Color::srgba(0.7, 0.35, 1.0, 0.6))),
        winner: materials.add(glow(Color::srgba(1.0, 0.8, 0.1, 0.6))),
        placement: materials.add(glow(Color::srgba(0.2, 0.55, 1.0, 0.75))),
        movable: materials.add(glow(Color::srgba(0.55, 0.95, 0.45, 0.5))),
    };
    commands.insert_resource(assets);
}

fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(-4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        PointLight {
            intensity: 2_500_000.0,
            range: 60.0,
            color: Color::srgb(1.0, 0.92, 0.8),
            ..default()
        },
        Transform::from_xyz(6.0, 9.0, -6.0),
    ));
}

/// Builds squares, frame and labels for the board area of [`Rules`] when it changes.
fn build_board(
    mut commands: Commands,
    rules: Res<Rules>,
    mut built: ResMut<BuiltBounds>,
    assets: Res<BoardAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    parts: Query<Entity, With<BoardPart>>,
) {
    let bounds = rules.bounds();
    if built.0 == Some(bounds) {
        return;
    }
    built.0 = Some(bounds);
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    let (lo, hi) = bounds;
    let size = rules.size();
    let (files, ranks) = (size.0 as f32, size.1 as f32);
    commands.spawn((
        BoardPart,
        Mesh3d(meshes.add(Cuboid::new(files + 1.4, 0.4, ranks + 1.4))),
        MeshMaterial3d(assets.frame.clone()),
        Transform::from_xyz(0.0, -0.25, 0.0),
    ));
    commands.spawn((
        BoardPart,
        Mesh3d(meshes.add(Plane3d::default().mesh().size(120.0, 120.0))),
        MeshMaterial3d(assets.table.clone()),
        Transform::from_xyz(0.0, -0.45, 0.0),
    ));
    for rank in lo.rank..=hi.rank {
        for file in lo.file..=hi.file {
            let c = Cell::new(file, rank);
            let dark = (file + rank).rem_euclid(2) == 0;
            commands
                .spawn((
                    BoardPart,
                    Square(c),
                    Mesh3d(assets.tile.clone()),
                    MeshMaterial3d(if dark {
                        assets.dark_square.clone()
                    } else {
                        assets.light_square.clone()
                    }),
                    Transform::from_translation(square_center(c, bounds) - Vec3::Y * 0.05),
                ))
                .observe(on_board_click)
                .observe(on_board_drop);
        }
    }
    let font = TextFont {
        font_size: FontSize::Px(18.0),
        ..default()
    };
    let edge_x = files / 2.0 + 0.38;
    let edge_z = ranks / 2.0 + 0.38;
    let mut label = |text: String, at: Vec3| {
        commands.spawn((
            BoardPart,
            RimLabel(at),
            Text::new(text),
            font.clone(),
            TextColor(Color::srgb(0.95, 0.86, 0.66)),
            Node {
                position_type: PositionType::Absolute,
                ..default()
            },
        ));
    };
    for file in lo.file..=hi.file {
        let x = square_center(Cell::new(file, lo.rank), bounds).x;
        let name = file_label(file);
        label(name.clone(), Vec3::new(x, 0.0, edge_z));
        label(name, Vec3::new(x, 0.0, -edge_z));
    }
    for rank in lo.rank..=hi.rank {
        let z = square_center(Cell::new(lo.file, rank), bounds).z;
        label((rank + 1).to_string(), Vec3::new(-edge_x, 0.0, z));
        label((rank + 1).to_string(), Vec3::new(edge_x, 0.0, z));
    }
}

/// Gives new piece entities their meshes and click handler.
fn dress_pieces(
    mut commands: Commands,
    assets: Res<BoardAssets>,
    rules: Res<Rules>,
    pieces: Query<(Entity, &Piece, &OnSquare), Added<Piece>>,
) {
    for (entity, piece, square) in &pieces {
        let material = match piece.owner {
            Side::Black => assets.black.clone(),
            Side::White => assets.white.clone(),
        };
        let mut e = commands.entity(entity);
        e.insert((
            Mesh3d(assets.body.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(
                square_center(square.0, rules.bounds()) + Vec3::Y * PIECE_LIFT,
            ),
        ))
        .observe(on_board_click)
        .observe(on_board_drop)
        .observe(on_piece_drag_start)
        .with_child((
            Mesh3d(assets.rim.clone()),
            MeshMaterial3d(material),
            Transform::from_xyz(0.0, 0.09, 0.0).with_scale(Vec3::new(1.0, 0.6, 1.0)),
        ));
        if piece.marked {
            e.with_child((
                Mesh3d(assets.ring.clone()),
                MeshMaterial3d(assets.marker.clone()),
                Transform::from_xyz(0.0, 0.11, 0.0).with_scale(Vec3::new(1.0, 0.5, 1.0)),
            ));
        }
    }
}

fn animate_glides(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<GameSettings>,
    rules: Res<Rules>,
    mut pieces: Query<(Entity, &mut Glide, &mut Transform)>,
) {
    let duration = settings.animation.glide_seconds().max(1e-3);
    let size = rules.bounds();
    for (entity, mut glide, mut transform) in &mut pieces {
        glide.elapsed += time.delta_secs();
        let t = (glide.elapsed / duration).min(1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        let from = square_center(glide.from, size);
        let to = square_center(glide.to, size);
        let hop = (PI * eased).sin() * 0.35 * from.distance(to).sqrt().min(2.0);
        transform.translation = from.lerp(to, eased) + Vec3::Y * (PIECE_LIFT + hop);
        if t >= 1.0 {
            commands.entity(entity).remove::<Glide>();
        }
    }
}

fn animate_captures(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<GameSettings>,
    mut pieces: Query<(Entity, &mut CaptureAnimation, &mut Transform)>,
) {
    let duration = (settings.animation.glide_seconds() * 1.6).max(1e-3);
    for (entity, mut capture, mut transform) in &mut pieces {
        capture.elapsed += time.delta_secs();
        let t = capture.elapsed / duration;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        // Knocked up and away, spinning and shrinking.
        transform.translation.y = PIECE_LIFT + 1.6 * t - 1.2 * t * t;
        transform.rotation = Quat::from_rotation_x(t * 5.0) * Quat::from_rotation_z(t * 3.0);
        transform.scale = Vec3::splat(1.0 - t * 0.9);
    }
}

/// Parachute: a placed piece floats down onto its square, swaying a little.
fn animate_placements(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<GameSettings>,
    rules: Res<Rules>,
    mut pieces: Query<(Entity, &OnSquare, &mut PlaceAnimation, &mut Transform)>,
) {
    let duration = (settings.animation.glide_seconds() * 2.0).max(1e-3);
    let bounds = rules.bounds();
    for (entity, square, mut place, mut transform) in &mut pieces {
        place.elapsed += time.delta_secs();
        let t = (place.elapsed / duration).min(1.0);
        let fall = (1.0 - t) * (1.0 - t) * 4.0;
        let sway = (t * 9.0).sin() * 0.25 * (1.0 - t);
        transform.translation =
            square_center(square.0, bounds) + Vec3::new(sway, PIECE_LIFT + fall, 0.0);
        transform.rotation = Quat::from_rotation_z(sway * 0.8);
        if t >= 1.0 {
            transform.rotation = Quat::IDENTITY;
            commands.entity(entity).remove::<PlaceAnimation>();
        }
    }
}

/// Pieces resting on their squares (not gliding, falling or knocked off).
type Resting = (
    With<Piece>,
    Without<Glide>,
    Without<PlaceAnimation>,
    Without<CaptureAnimation>,
);

/// Puts pieces that are not animating on their squares: those that changed square (after a
/// reset), and all of them when the board area changed (Boundless LOA grows).
fn place_resting_pieces(
    rules: Res<Rules>,
    built: Res<BuiltBounds>,
    mut pieces: Query<(Ref<OnSquare>, &mut Transform), Resting>,
) {
    let bounds = rules.bounds();
    for (square, mut transform) in &mut pieces {
        if square.is_changed() || built.is_changed() {
            transform.translation = square_center(square.0, bounds) + Vec3::Y * PIECE_LIFT;
        }
    }
}

/// Rebuilds the highlight markers when the selection, the position, the hint or the state
/// changes.
#[allow(clippy::too_many_arguments)]
fn show_highlights(
    mut commands: Commands,
    rules: Res<Rules>,
    selection: Res<Selection>,
    hint: Res<Hint>,
    state: Res<State<AppState>>,
    assets: Res<BoardAssets>,
    existing: Query<Entity, With<Highlight>>,
    mut resets: MessageReader<BoardReset>,
) {
    let reset = resets.read().count() > 0;
    if !(rules.is_changed()
        || selection.is_changed()
        || hint.is_changed()
        || state.is_changed()
        || reset)
    {
        return;
    }
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let size = rules.bounds();
    let mut mark =
        |c: Cell, material: &Handle<StandardMaterial>, mesh: &Handle<Mesh>, scale: Vec3, y: f32| {
            commands.spawn((
                Highlight,
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(square_center(c, size) + Vec3::Y * y).with_scale(scale),
                bevy::picking::Pickable::IGNORE,
            ));
        };
    let square_overlay = Vec3::new(0.98, 0.12, 0.98);
    for c in rules.last_move_squares() {
        mark(c, &assets.last_move, &assets.tile, square_overlay, 0.006);
    }
    if let Some(mv) = hint.0 {
        for c in rules.move_cells(mv) {
            mark(c, &assets.hint, &assets.tile, square_overlay, 0.01);
        }
    }
    // LOA for four, Ambidextrous: a halo under each piece of the set that moves.
    if rules.has_marked_sets() && *state.get() == AppState::Playing && selection.from.is_none() {
        for c in rules.movers() {
            mark(
                c,
                &assets.movable,
                &assets.disc,
                Vec3::new(2.3, 0.5, 2.3),
                0.004,
            );
        }
    }
    // Parachute: the chosen step, and every square the held piece may go to.
    let placing = selection.placing.clone().or_else(|| {
        (rules.must_pass_and_place() && *state.get() == AppState::Playing).then(|| {
            crate::input::Placing {
                step: None,
                squares: rules.placements(None),
            }
        })
    });
    if let Some(placing) = placing {
        if let Some((from, to)) = placing.step {
            mark(from, &assets.selected, &assets.tile, square_overlay, 0.012);
            mark(to, &assets.move_target, &assets.disc, Vec3::ONE, 0.02);
        }
        for c in placing.squares {
            mark(
                c,
                &assets.placement,
                &assets.disc,
                Vec3::new(0.7, 1.0, 0.7),
                0.02,
            );
        }
    }
    if let Some(from) = selection.from {
        mark(from, &assets.selected, &assets.tile, square_overlay, 0.012);
        for mv in &selection.moves {
            let (material, scale) = if mv.capture {
                (&assets.capture_target, Vec3::new(2.6, 1.0, 2.6))
            } else {
                (&assets.move_target, Vec3::ONE)
            };
            mark(mv.to, material, &assets.disc, scale, 0.02);
        }
        // Epaminondas: the stones that would move with this tail.
        for stone in &selection.moving_stones {
            mark(
                *stone,
                &assets.selected,
                &assets.disc,
                Vec3::new(2.6, 1.0, 2.6),
                0.2,
            );
        }
    }
    if *state.get() == AppState::GameOver {
        for c in rules.winning_squares() {
            mark(c, &assets.winner, &assets.tile, square_overlay, 0.014);
        }
    }
}

/// Parachute: the held pieces stand in a row beside the board, each on its holder's side —
/// Black's (White pieces) by the left edge near rank 1, White's (Black pieces) by the right edge
/// near the top.
fn show_reserves(
    mut commands: Commands,
    rules: Res<Rules>,
    assets: Res<BoardAssets>,
    existing: Query<Entity, With<ReservePiece>>,
) {
    if !rules.is_changed() {
        return;
    }
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let (files, ranks) = rules.size();
    let (half_w, half_h) = (files as f32 / 2.0, ranks as f32 / 2.0);
    for holder in Side::ALL {
        let held = rules.held()[holder.index()];
        let material = match !holder {
            Side::Black => assets.black.clone(),
            Side::White => assets.white.clone(),
        };
        let (x, z0, dz) = match holder {
            Side::Black => (-half_w - 1.35, half_h - 0.5, -0.85),
            Side::White => (half_w + 1.35, -half_h + 0.5, 0.85),
        };
        for i in 0..held {
            commands
                .spawn((
                    ReservePiece,
                    Mesh3d(assets.body.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_xyz(x, -0.36, z0 + dz * f32::from(i))
                        .with_scale(Vec3::splat(0.9)),
                    bevy::picking::Pickable::IGNORE,
                ))
                .with_child((
                    Mesh3d(assets.rim.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_xyz(0.0, 0.09, 0.0).with_scale(Vec3::new(1.0, 0.6, 1.0)),
                ));
        }
    }
}

fn place_rim_labels(
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut labels: Query<(&RimLabel, &mut Node, &ComputedNode)>,
) {
    let Ok((camera, camera_transform)) = camera.single() else {
        return;
    };
    for (label, mut node, computed) in &mut labels {
        if let Ok(at) = camera.world_to_viewport(camera_transform, label.0) {
            let size = computed.size() * computed.inverse_scale_factor();
            let (left, top) = (Val::Px(at.x - size.x / 2.0), Val::Px(at.y - size.y / 2.0));
            // Written only when it moved: a written node makes the UI lay out again.
            if node.left != left || node.top != top {
                node.left = left;
                node.top = top;
            }
        }
    }
}
