//! The lit 3D board drawn from [`Rules`]: a wooden frame sized to the game's board, squares,
//! rim coordinates, piece meshes, highlights, and the glide and capture animations.

use std::f32::consts::PI;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::notation::Coord;

use crate::input::{Hint, Selection, on_board_click, on_board_drop, on_piece_drag_start};
use crate::logic::{
    AppState, BoardReset, CaptureAnimation, GameLogicSystems, Glide, OnSquare, Piece,
};
use crate::rules::Rules;
use crate::settings::GameSettings;

/// World size of one board square.
pub const SQUARE_SIZE: f32 = 1.0;
/// Height of a piece's centre above the board.
const PIECE_LIFT: f32 = 0.09;

/// A board square entity.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square(pub Coord);

/// Everything built for one board size (squares, frame, labels); rebuilt when the size changes.
#[derive(Component)]
struct BoardPart;

/// A coordinate label on the rim, placed over its world position every frame.
#[derive(Component, Debug, Clone, Copy)]
struct RimLabel(Vec3);

/// A highlight marker (selection, destinations, last move, hint, winners).
#[derive(Component)]
struct Highlight;

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
}

/// The board size the squares were built for.
#[derive(Resource, Default, PartialEq, Eq)]
struct BuiltSize(Option<(u8, u8)>);

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
            .init_resource::<BuiltSize>()
            .add_systems(Startup, (setup_assets, spawn_lights).chain())
            .add_systems(
                Update,
                (
                    build_board,
                    dress_pieces,
                    animate_glides,
                    animate_captures,
                    place_resting_pieces,
                    show_highlights,
                )
                    .chain()
                    .after(GameLogicSystems),
            )
            .add_systems(PostUpdate, place_rim_labels);
    }
}

/// The world position of the centre of a square on a board of `size`, on the board's surface.
pub fn square_center(c: Coord, size: (u8, u8)) -> Vec3 {
    let (files, ranks) = (f32::from(size.0), f32::from(size.1));
    Vec3::new(
        (f32::from(c.file) - (files - 1.0) / 2.0) * SQUARE_SIZE,
        0.0,
        ((ranks - 1.0) / 2.0 - f32::from(c.rank)) * SQUARE_SIZE,
    )
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
        black: material(Color::srgb(0.08, 0.08, 0.09), 0.25, 0.6),
        white: material(Color::srgb(0.95, 0.92, 0.84), 0.3, 0.5),
        marker: material(Color::srgb(0.85, 0.2, 0.15), 0.4, 0.4),
        light_square: material(Color::srgb(0.87, 0.72, 0.50), 0.6, 0.3),
        dark_square: material(Color::srgb(0.55, 0.35, 0.20), 0.6, 0.3),
        frame: material(Color::srgb(0.24, 0.13, 0.07), 0.55, 0.3),
        table: material(Color::srgb(0.11, 0.15, 0.12), 0.95, 0.1),
        move_target: materials.add(glow(Color::srgba(0.25, 0.85, 0.35, 0.85))),
        capture_target: materials.add(glow(Color::srgba(0.95, 0.25, 0.2, 0.85))),
        selected: materials.add(glow(Color::srgba(1.0, 0.85, 0.2, 0.55))),
        last_move: materials.add(glow(Color::srgba(0.35, 0.6, 1.0, 0.35))),
        hint: materials.add(glow(Color::srgba(0.7, 0.35, 1.0, 0.6))),
        winner: materials.add(glow(Color::srgba(1.0, 0.8, 0.1, 0.6))),
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

/// Builds squares, frame and labels for the board size of [`Rules`] when it changes.
fn build_board(
    mut commands: Commands,
    rules: Res<Rules>,
    mut built: ResMut<BuiltSize>,
    assets: Res<BoardAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    parts: Query<Entity, With<BoardPart>>,
) {
    let size = rules.size();
    if built.0 == Some(size) {
        return;
    }
    built.0 = Some(size);
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    let (files, ranks) = (f32::from(size.0), f32::from(size.1));
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
    for rank in 0..size.1 {
        for file in 0..size.0 {
            let c = Coord::new(file, rank);
            let dark = (file + rank) % 2 == 0;
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
                    Transform::from_translation(square_center(c, size) - Vec3::Y * 0.05),
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
    for file in 0..size.0 {
        let x = square_center(Coord::new(file, 0), size).x;
        let name = ((b'a' + file) as char).to_string();
        label(name.clone(), Vec3::new(x, 0.0, edge_z));
        label(name, Vec3::new(x, 0.0, -edge_z));
    }
    for rank in 0..size.1 {
        let z = square_center(Coord::new(0, rank), size).z;
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
                square_center(square.0, rules.size()) + Vec3::Y * PIECE_LIFT,
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
    let size = rules.size();
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

/// Pieces that changed square and are not gliding there.
type RestingMoved = (With<Piece>, Without<Glide>, Changed<OnSquare>);

/// Puts pieces that are not animating on their squares (after a reset or a resize).
fn place_resting_pieces(
    rules: Res<Rules>,
    mut pieces: Query<(&OnSquare, &mut Transform), RestingMoved>,
) {
    for (square, mut transform) in &mut pieces {
        transform.translation = square_center(square.0, rules.size()) + Vec3::Y * PIECE_LIFT;
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
    let size = rules.size();
    let mut mark = |c: Coord,
                    material: &Handle<StandardMaterial>,
                    mesh: &Handle<Mesh>,
                    scale: Vec3,
                    y: f32| {
        commands.spawn((
            Highlight,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(square_center(c, size) + Vec3::Y * y).with_scale(scale),
            bevy::picking::Pickable::IGNORE,
        ));
    };
    let square_overlay = Vec3::new(0.98, 0.12, 0.98);
    if let Some((from, to)) = rules.last_move_squares() {
        mark(from, &assets.last_move, &assets.tile, square_overlay, 0.006);
        mark(to, &assets.last_move, &assets.tile, square_overlay, 0.006);
    }
    if let Some(mv) = hint.0 {
        mark(mv.from, &assets.hint, &assets.tile, square_overlay, 0.01);
        mark(mv.to, &assets.hint, &assets.tile, square_overlay, 0.01);
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
            node.left = Val::Px(at.x - size.x / 2.0);
            node.top = Val::Px(at.y - size.y / 2.0);
        }
    }
}
