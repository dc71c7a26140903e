//! Meshes, materials and lights shared by the whole board.

use bevy::prelude::*;

use super::geometry::SQUARE_SIZE;
use super::shapes::Mark;

/// The key light (a lamp over the table).
#[derive(Component)]
pub(super) struct KeyLight;

/// The warm fill light.
#[derive(Component)]
pub(super) struct FillLight;

/// Meshes and materials shared by all pieces, squares and markers.
#[derive(Resource)]
pub(super) struct BoardAssets {
    pub body: Handle<Mesh>,
    pub rim: Handle<Mesh>,
    pub ring: Handle<Mesh>,
    pub tile: Handle<Mesh>,
    pub black: Handle<StandardMaterial>,
    pub white: Handle<StandardMaterial>,
    pub marker: Handle<StandardMaterial>,
    pub dot: Handle<Mesh>,
    pub dot_material: Handle<StandardMaterial>,
    /// A few materials per square colour, each showing another part of the grain.
    pub light_squares: Vec<Handle<StandardMaterial>>,
    pub dark_squares: Vec<Handle<StandardMaterial>>,
    pub frame: Handle<StandardMaterial>,
    pub table: Handle<StandardMaterial>,
    pub move_target: Handle<StandardMaterial>,
    pub capture_target: Handle<StandardMaterial>,
    /// Each marker's shape, in the order of [`Mark::ALL`].
    shapes: Vec<Handle<Mesh>>,
    selected: Handle<StandardMaterial>,
    moving_stone: Handle<StandardMaterial>,
    last_from: Handle<StandardMaterial>,
    last_to: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    winner: Handle<StandardMaterial>,
    placement: Handle<StandardMaterial>,
    movable: Handle<StandardMaterial>,
}

impl BoardAssets {
    /// The material of a side's pieces.
    pub fn piece(&self, side: gamut_engine::Color) -> Handle<StandardMaterial> {
        match side {
            gamut_engine::Color::Black => self.black.clone(),
            gamut_engine::Color::White => self.white.clone(),
        }
    }

    /// How a marker looks: material, mesh (its shape, see [`super::shapes`]) and height above
    /// the board.
    pub fn marker(&self, mark: Mark) -> (Handle<StandardMaterial>, Handle<Mesh>, f32) {
        let (material, y) = match mark {
            Mark::LastTo => (&self.last_to, 0.006),
            Mark::LastFrom => (&self.last_from, 0.008),
            Mark::Hint => (&self.hint, 0.01),
            Mark::Winner => (&self.winner, 0.014),
            Mark::Selected => (&self.selected, 0.012),
            Mark::Movable => (&self.movable, 0.004),
            Mark::Target => (&self.move_target, 0.02),
            Mark::CaptureTarget => (&self.capture_target, 0.02),
            // Under the stone: the stone keeps its colour, the hexagon's corners show round it.
            Mark::MovingStone => (&self.moving_stone, 0.016),
            Mark::Placement => (&self.placement, 0.02),
        };
        let index = Mark::ALL.iter().position(|m| *m == mark).unwrap_or(0);
        (material.clone(), self.shapes[index].clone(), y)
    }
}

/// A cue's colour (the move and capture targets: Wood's; each theme sets its own, see
/// `super::theme`). The thin shapes (brackets, ring, crosshair) nearly opaque, the filled ones
/// translucent: each stands out on light and dark squares alike.
pub(super) fn cue_colour(mark: Mark) -> Color {
    match mark {
        Mark::Selected => Color::srgba(1.0, 0.85, 0.2, 0.9),
        Mark::MovingStone => Color::srgba(1.0, 0.85, 0.2, 0.6),
        Mark::LastFrom => Color::srgba(0.15, 0.4, 0.95, 0.95),
        Mark::LastTo => Color::srgba(0.3, 0.55, 1.0, 0.5),
        Mark::Hint => Color::srgba(0.7, 0.35, 1.0, 0.6),
        Mark::Winner => Color::srgba(1.0, 0.8, 0.1, 0.6),
        Mark::Placement => Color::srgba(0.2, 0.55, 1.0, 0.75),
        Mark::Movable => Color::srgba(0.55, 0.95, 0.45, 0.85),
        Mark::Target => Color::srgba(0.25, 0.85, 0.35, 0.85),
        Mark::CaptureTarget => Color::srgba(0.95, 0.25, 0.2, 0.85),
    }
}

pub(super) fn setup_assets(
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
        black: material(Color::srgb(0.08, 0.08, 0.09), 0.5, 0.35),
        white: material(Color::srgb(0.95, 0.92, 0.84), 0.3, 0.5),
        marker: material(Color::srgb(0.85, 0.2, 0.15), 0.4, 0.4),
        dot: meshes.add(Cylinder::new(0.12, 0.03)),
        dot_material: material(Color::WHITE, 0.5, 0.5),
        light_squares: (0..4)
            .map(|_| material(Color::srgb(0.87, 0.72, 0.50), 0.6, 0.3))
            .collect(),
        dark_squares: (0..4)
            .map(|_| material(Color::srgb(0.55, 0.35, 0.20), 0.6, 0.3))
            .collect(),
        frame: material(Color::srgb(0.24, 0.13, 0.07), 0.55, 0.3),
        table: material(Color::srgb(0.11, 0.15, 0.12), 0.95, 0.1),
        move_target: materials.add(glow(cue_colour(Mark::Target))),
        capture_target: materials.add(glow(cue_colour(Mark::CaptureTarget))),
        shapes: Mark::ALL
            .into_iter()
            .map(|m| meshes.add(super::shapes::mark_mesh(m)))
            .collect(),
        selected: materials.add(glow(cue_colour(Mark::Selected))),
        moving_stone: materials.add(glow(cue_colour(Mark::MovingStone))),
        last_from: materials.add(glow(cue_colour(Mark::LastFrom))),
        last_to: materials.add(glow(cue_colour(Mark::LastTo))),
        hint: materials.add(glow(cue_colour(Mark::Hint))),
        winner: materials.add(glow(cue_colour(Mark::Winner))),
        placement: materials.add(glow(cue_colour(Mark::Placement))),
        movable: materials.add(glow(cue_colour(Mark::Movable))),
    };
    commands.insert_resource(assets);
}

/// The lamp over the table (casting the soft shadows) and a warm fill light from the room.
pub(super) fn spawn_lights(mut commands: Commands) {
    commands.spawn((
        KeyLight,
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
        FillLight,
    ));
}
