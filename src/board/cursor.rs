//! The keyboard's cursor on the board ([`BoardCursor`]): the view turns the steps seen on
//! screen into steps over the cells (it knows how the board is turned) and draws the cursor as
//! a bright open frame round its square — an outline, unlike the selection's and the
//! destinations' filled marks.

use bevy::picking::Pickable;
use bevy::prelude::*;

use super::camera::CameraRig;
use super::geometry::{SQUARE_SIZE, square_center};
use crate::input::cursor::{BoardCursor, CursorCommand, start_cell};
use crate::model::CurrentGame;
use crate::play::AppState;

/// The cursor's frame (its four bars are children).
#[derive(Component)]
pub(super) struct CursorFrame;

/// Steps the cursor as the player sees the board.
pub(super) fn steer(
    mut commands: MessageReader<CursorCommand>,
    mut cursor: ResMut<BoardCursor>,
    rig: Res<CameraRig>,
    game: Res<CurrentGame>,
) {
    for command in commands.read() {
        if let CursorCommand::Step(step) = command {
            let by = step.on_board(rig.quarter_turns());
            cursor.step(by, game.bounds(), start_cell(&game));
        }
    }
}

/// The frame: four thin bright bars round a square, lifted over the tiles.
pub(super) fn spawn_frame(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let colour = Color::srgb(0.2, 0.85, 1.0);
    let material = materials.add(StandardMaterial {
        base_color: colour,
        emissive: LinearRgba::from(colour) * 2.0,
        unlit: true,
        ..default()
    });
    let (long, thick, high) = (SQUARE_SIZE * 0.96, SQUARE_SIZE * 0.08, 0.06);
    let across = meshes.add(Cuboid::new(long, high, thick));
    let along = meshes.add(Cuboid::new(thick, high, long));
    let edge = (long - thick) / 2.0;
    commands
        .spawn((
            CursorFrame,
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
        ))
        .with_children(|frame| {
            for (mesh, x, z) in [
                (&across, 0.0, edge),
                (&across, 0.0, -edge),
                (&along, edge, 0.0),
                (&along, -edge, 0.0),
            ] {
                frame.spawn((
                    Mesh3d(mesh.clone()),
                    MeshMaterial3d(material.clone()),
                    Transform::from_xyz(x, 0.0, z),
                    Pickable::IGNORE,
                ));
            }
        });
}

/// Puts the frame on the cursor's square, shown while the cursor is (in a game being played
/// by someone at this screen: a table watched, on the big screen, has no cursor).
pub(super) fn place_frame(
    cursor: Res<BoardCursor>,
    game: Res<CurrentGame>,
    state: Res<State<AppState>>,
    seats: Res<crate::model::Seats>,
    mut frames: Query<(&mut Transform, &mut Visibility), With<CursorFrame>>,
) {
    if !cursor.is_changed() && !game.is_changed() && !state.is_changed() && !seats.is_changed() {
        return;
    }
    let someone_here = seats.seats().contains(&crate::model::Player::Human);
    let playing = *state.get() == AppState::Playing && someone_here;
    for (mut transform, mut visibility) in &mut frames {
        let shown = cursor.at.filter(|_| cursor.shown && playing);
        if let Some(at) = shown {
            let to = square_center(at, game.bounds()) + Vec3::Y * 0.04;
            transform.set_if_neq(Transform::from_translation(to));
        }
        visibility.set_if_neq(if shown.is_some() {
            Visibility::Visible
        } else {
            Visibility::Hidden
        });
    }
}
