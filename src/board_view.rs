//! The lit 3D board: a wooden frame, 64 squares, rim coordinates and the pieces of [`Rules`].

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::loa::Square as LoaSquare;

use crate::rules::Rules;

/// World size of one board square.
pub const SQUARE_SIZE: f32 = 1.0;

/// A board square entity (index `0..64`, `a1` = 0).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square(pub LoaSquare);

/// A piece entity standing on a square.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Its colour.
    pub owner: Side,
    /// Where it stands.
    pub square: LoaSquare,
}

/// A coordinate label on the rim, placed over its world position every frame.
#[derive(Component, Debug, Clone, Copy)]
struct RimLabel(Vec3);

/// Draws the board and pieces and keeps the camera framing sensible.
pub struct BoardViewPlugin;

impl Plugin for BoardViewPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ClearColor(Color::srgb(0.10, 0.11, 0.14)))
            .insert_resource(GlobalAmbientLight {
                color: Color::WHITE,
                brightness: 350.0,
                ..default()
            })
            .add_systems(Startup, (spawn_scene, spawn_board, spawn_pieces))
            .add_systems(Update, place_rim_labels);
    }
}

/// The world position of the centre of a square, on the board's surface.
pub fn square_center(sq: LoaSquare) -> Vec3 {
    Vec3::new(
        (f32::from(sq.file()) - 3.5) * SQUARE_SIZE,
        0.0,
        (3.5 - f32::from(sq.rank())) * SQUARE_SIZE,
    )
}

fn spawn_scene(mut commands: Commands) {
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(0.0, 10.5, 8.2).looking_at(Vec3::new(0.0, -0.6, 0.4), Vec3::Y),
    ));
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
            intensity: 2_000_000.0,
            range: 40.0,
            color: Color::srgb(1.0, 0.92, 0.8),
            ..default()
        },
        Transform::from_xyz(5.0, 8.0, -5.0),
    ));
}

fn spawn_board(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood = |color: Color, roughness: f32| StandardMaterial {
        base_color: color,
        perceptual_roughness: roughness,
        reflectance: 0.3,
        ..default()
    };
    let frame = materials.add(wood(Color::srgb(0.24, 0.13, 0.07), 0.55));
    let light = materials.add(wood(Color::srgb(0.87, 0.72, 0.50), 0.6));
    let dark = materials.add(wood(Color::srgb(0.55, 0.35, 0.20), 0.6));
    let table = materials.add(wood(Color::srgb(0.13, 0.16, 0.13), 0.9));

    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(60.0, 60.0))),
        MeshMaterial3d(table),
        Transform::from_xyz(0.0, -0.45, 0.0),
    ));
    let side = 8.0 * SQUARE_SIZE + 1.4;
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(side, 0.4, side))),
        MeshMaterial3d(frame),
        Transform::from_xyz(0.0, -0.25, 0.0),
    ));
    let tile = meshes.add(Cuboid::new(SQUARE_SIZE, 0.1, SQUARE_SIZE));
    for sq in LoaSquare::all() {
        let is_dark = (sq.file() + sq.rank()) % 2 == 0;
        commands.spawn((
            Square(sq),
            Mesh3d(tile.clone()),
            MeshMaterial3d(if is_dark { dark.clone() } else { light.clone() }),
            Transform::from_translation(square_center(sq) - Vec3::Y * 0.05),
        ));
    }
    let edge = 4.0 * SQUARE_SIZE + 0.38;
    let label_font = TextFont {
        font_size: FontSize::Px(20.0),
        ..default()
    };
    for i in 0..8u8 {
        let offset = (f32::from(i) - 3.5) * SQUARE_SIZE;
        let file = ((b'a' + i) as char).to_string();
        let rank = (i + 1).to_string();
        for (text, at) in [
            (file.clone(), Vec3::new(offset, 0.0, edge)),
            (file, Vec3::new(offset, 0.0, -edge)),
            (rank.clone(), Vec3::new(-edge, 0.0, -offset)),
            (rank, Vec3::new(edge, 0.0, -offset)),
        ] {
            commands.spawn((
                RimLabel(at),
                Text::new(text),
                label_font.clone(),
                TextColor(Color::srgb(0.95, 0.86, 0.66)),
                Node {
                    position_type: PositionType::Absolute,
                    ..default()
                },
            ));
        }
    }
}

fn spawn_pieces(
    mut commands: Commands,
    rules: Res<Rules>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let body = meshes.add(Cylinder::new(0.36, 0.18));
    let rim = meshes.add(Torus::new(0.24, 0.34));
    let black = materials.add(StandardMaterial {
        base_color: Color::srgb(0.08, 0.08, 0.09),
        perceptual_roughness: 0.25,
        reflectance: 0.6,
        ..default()
    });
    let white = materials.add(StandardMaterial {
        base_color: Color::srgb(0.95, 0.92, 0.84),
        perceptual_roughness: 0.3,
        reflectance: 0.5,
        ..default()
    });
    for owner in Side::ALL {
        let material = if owner == Side::Black { &black } else { &white };
        for sq in gamut_engine::loa::bitboard::Squares(rules.position.pieces(owner)) {
            commands
                .spawn((
                    Piece { owner, square: sq },
                    Mesh3d(body.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_translation(square_center(sq) + Vec3::Y * 0.09),
                ))
                .with_child((
                    Mesh3d(rim.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_xyz(0.0, 0.09, 0.0).with_scale(Vec3::new(1.0, 0.6, 1.0)),
                ));
        }
    }
}

fn place_rim_labels(
    camera: Single<(&Camera, &GlobalTransform)>,
    mut labels: Query<(&RimLabel, &mut Node, &ComputedNode)>,
) {
    let (camera, camera_transform) = *camera;
    for (label, mut node, computed) in &mut labels {
        if let Ok(at) = camera.world_to_viewport(camera_transform, label.0) {
            let size = computed.size() * computed.inverse_scale_factor();
            node.left = Val::Px(at.x - size.x / 2.0);
            node.top = Val::Px(at.y - size.y / 2.0);
        }
    }
}
