//! The lit 3D board drawn from [`CurrentGame`]: a wooden frame sized to the game's board,
//! squares, rim coordinates, piece meshes, highlights, the held pieces of Parachute, the
//! animations ([`motion`]) and the camera.

pub mod arrows;
mod assets;
pub mod camera;
mod cursor;
pub mod geometry;
pub mod highlights;
mod labels;
pub mod motion;
pub mod shapes;
#[cfg(target_arch = "wasm32")]
mod software;
mod textures;
mod theme;
pub mod turn;

use bevy::picking::Pickable;
use bevy::picking::mesh_picking::MeshPickingSettings;
use bevy::prelude::*;
use gamut_engine::Color as Side;

use assets::BoardAssets;
use geometry::square_center;
use motion::CaptureGhost;

use crate::model::{Cell, CurrentGame};
use crate::play::{Piece, PlaySystems, Square};

/// Everything built for one board area (squares, frame, labels); rebuilt when it changes.
#[derive(Component)]
struct BoardPart;

/// Parachute: a held enemy piece waiting beside the board.
#[derive(Component)]
struct ReservePiece;

/// The board area (lowest and highest cell) the squares were built for.
#[derive(Resource, Default, PartialEq, Eq)]
struct BuiltBounds(Option<(Cell, Cell)>);

/// Draws the board, pieces, highlights and animations, and runs the camera.
pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        // Only the board's camera casts rays, and only squares and pieces (with their parts)
        // carry `Pickable`: the table, the frame, held pieces and capture ghosts never take a
        // click. A mesh without `Pickable` is invisible to the pointer, so every mesh a player
        // clicks must get one (the tests in `tests/mouse.rs` click through this).
        app.insert_resource(MeshPickingSettings {
            require_markers: true,
            ..default()
        })
        .insert_resource(ClearColor(Color::BLACK))
        .insert_resource(GlobalAmbientLight {
            color: Color::WHITE,
            brightness: 380.0,
            ..default()
        })
        .init_resource::<BuiltBounds>()
        .init_resource::<arrows::BoardArrows>()
        .add_plugins((motion::MotionPlugin, camera::CameraPlugin, turn::TurnPlugin));
        #[cfg(target_arch = "wasm32")]
        app.add_systems(Update, software::lighten_software_drawing);
        app.add_systems(
            Startup,
            (
                assets::setup_assets,
                textures::make_textures,
                assets::spawn_lights,
                cursor::spawn_frame,
            )
                .chain(),
        )
        .add_systems(
            Update,
            (
                build_board,
                dress_pieces,
                theme::apply_theme,
                highlights::show_highlights,
                arrows::show_hint,
                show_reserves,
                cursor::steer,
                cursor::place_frame,
            )
                .chain()
                .after(PlaySystems),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (labels::paint_rim_labels, arrows::paint_arrows),
        );
    }
}

/// Builds squares, frame and labels for the board area when it changes.
fn build_board(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut built: ResMut<BuiltBounds>,
    assets: Res<BoardAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    parts: Query<Entity, With<BoardPart>>,
) {
    let bounds = game.bounds();
    if built.0 == Some(bounds) {
        return;
    }
    built.0 = Some(bounds);
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    let (files, ranks) = game.size();
    let (files, ranks) = (files as f32, ranks as f32);
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
    spawn_squares(&mut commands, &assets, bounds);
    for label in labels::rim_labels(bounds, files, ranks) {
        commands.spawn((BoardPart, label));
    }
}

fn spawn_squares(commands: &mut Commands, assets: &BoardAssets, bounds: (Cell, Cell)) {
    let (lo, hi) = bounds;
    for rank in lo.rank..=hi.rank {
        for file in lo.file..=hi.file {
            let c = Cell::new(file, rank);
            let dark = (file + rank).rem_euclid(2) == 0;
            let variants = if dark {
                &assets.dark_squares
            } else {
                &assets.light_squares
            };
            let material =
                &variants[(file * 7 + rank * 3).rem_euclid(variants.len() as i32) as usize];
            commands.spawn((
                BoardPart,
                Square(c),
                Pickable::default(),
                Mesh3d(assets.tile.clone()),
                MeshMaterial3d(material.clone()),
                Transform::from_translation(square_center(c, bounds) - Vec3::Y * 0.05),
            ));
        }
    }
}

/// Gives new pieces (and capture ghosts) their meshes.
fn dress_pieces(
    mut commands: Commands,
    assets: Res<BoardAssets>,
    pieces: Query<(Entity, &Piece), Added<Piece>>,
    ghosts: Query<(Entity, &CaptureGhost), Added<CaptureGhost>>,
) {
    let dressed = pieces
        .iter()
        .map(|(e, p)| (e, p.owner, p.marked, true))
        .chain(ghosts.iter().map(|(e, g)| (e, g.side, false, false)));
    for (entity, side, marked, clickable) in dressed {
        // A piece and its parts take clicks (a click on a part reaches the piece as it bubbles
        // up); a capture ghost takes none.
        let pick = if clickable {
            Pickable::default()
        } else {
            Pickable::IGNORE
        };
        let material = assets.piece(side);
        let mut e = commands.entity(entity);
        e.insert((
            Mesh3d(assets.body.clone()),
            MeshMaterial3d(material.clone()),
            pick,
        ))
        .with_child((
            Mesh3d(assets.rim.clone()),
            MeshMaterial3d(material),
            Transform::from_xyz(0.0, 0.09, 0.0).with_scale(Vec3::new(1.0, 0.6, 1.0)),
            pick,
        ));
        if side == Side::Black {
            e.with_child((
                theme::ContrastDot,
                Mesh3d(assets.dot.clone()),
                MeshMaterial3d(assets.dot_material.clone()),
                Transform::from_xyz(0.0, 0.11, 0.0),
                Visibility::Hidden,
                pick,
            ));
        }
        if marked {
            e.with_child((
                Mesh3d(assets.ring.clone()),
                MeshMaterial3d(assets.marker.clone()),
                Transform::from_xyz(0.0, 0.11, 0.0).with_scale(Vec3::new(1.0, 0.5, 1.0)),
                pick,
            ));
        }
    }
}

/// Parachute: the held pieces stand in a row beside the board, each on its holder's side —
/// Black's (White pieces) by the left edge near rank 1, White's (Black pieces) by the right edge
/// near the top.
fn show_reserves(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Res<BoardAssets>,
    existing: Query<Entity, With<ReservePiece>>,
) {
    if !game.is_changed() {
        return;
    }
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let (files, ranks) = game.size();
    let (half_w, half_h) = (files as f32 / 2.0, ranks as f32 / 2.0);
    for holder in Side::ALL {
        let held = game.held()[holder.index()];
        let material = assets.piece(!holder);
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
                    Pickable::IGNORE,
                ))
                .with_child((
                    Mesh3d(assets.rim.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_xyz(0.0, 0.09, 0.0).with_scale(Vec3::new(1.0, 0.6, 1.0)),
                ));
        }
    }
}
