//! Moves shown as motion: a moving piece glides, a captured one is knocked off the board, a
//! placed one floats down. While anything moves the view holds the turn ([`ViewBusy`]). This part
//! of the view draws nothing itself, so tests run it headless to play animated turns.

use std::f32::consts::PI;

use bevy::prelude::*;
use gamut_engine::Color as Side;

use super::geometry::{PIECE_LIFT, square_center};
use crate::input::Selection;
use crate::model::{Cell, CurrentGame};
use crate::play::{BoardReset, OnSquare, Piece, PiecesMoved, PlaySystems, ViewBusy};
use crate::rest::NextFrame;

/// How high a piece hovers over the square it is about to move to (Parachute's placing step).
const HOVER: f32 = 0.45;

/// A piece gliding from one square to another.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Glide {
    /// Origin square.
    pub from: Cell,
    /// Destination square.
    pub to: Cell,
    /// Seconds since the start.
    pub elapsed: f32,
}

/// A captured piece's image on its way off the board (the piece itself is gone).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct CaptureGhost {
    /// Its colour.
    pub side: Side,
    /// Seconds since the capture.
    pub elapsed: f32,
}

/// Parachute: a placed piece floating down onto its square.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct PlaceAnimation {
    /// Seconds since the placement.
    pub elapsed: f32,
}

/// The animations, without any drawing.
pub struct MotionPlugin;

impl Plugin for MotionPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>().add_systems(
            Update,
            (
                stop_on_reset,
                start_animations,
                animate_glides,
                animate_captures,
                animate_placements,
                place_resting_pieces,
                report_busy,
            )
                .chain()
                .after(PlaySystems),
        );
    }
}

/// How much higher the selected piece stands (lifted, over the ring round its foot).
const SELECTED_LIFT: f32 = 0.14;

/// Where a resting piece on `cell` shows, and how high: on its square, the selected piece lifted
/// a little, except the piece whose step is chosen in Parachute's placing step, which hovers over
/// its destination so the square it leaves (a legal place for the held piece) shows its marker.
pub fn resting_spot(cell: Cell, selection: &Selection) -> (Cell, f32) {
    match selection {
        Selection::Selected { from, .. } if *from == cell => (cell, PIECE_LIFT + SELECTED_LIFT),
        Selection::Placing {
            step: Some((from, to)),
            ..
        } if *from == cell => (*to, HOVER),
        _ => (cell, PIECE_LIFT),
    }
}

fn stop_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    ghosts: Query<Entity, With<CaptureGhost>>,
) {
    if resets.read().count() > 0 {
        for ghost in &ghosts {
            commands.entity(ghost).despawn();
        }
    }
}

fn start_animations(
    mut commands: Commands,
    mut moves: MessageReader<PiecesMoved>,
    pace: crate::play::Pace,
    game: Res<CurrentGame>,
) {
    let animate = pace.animation().glide_seconds() > 0.0;
    for event in moves.read() {
        if !animate {
            continue;
        }
        for &(entity, from, to) in &event.moved {
            commands.entity(entity).try_insert(Glide {
                from,
                to,
                elapsed: 0.0,
            });
        }
        for &(cell, side) in &event.captured {
            commands.spawn((
                CaptureGhost { side, elapsed: 0.0 },
                Transform::from_translation(
                    square_center(cell, game.bounds()) + Vec3::Y * PIECE_LIFT,
                ),
            ));
        }
        if let Some(entity) = event.placed {
            commands
                .entity(entity)
                .try_insert(PlaceAnimation { elapsed: 0.0 });
        }
    }
}

fn animate_glides(
    mut commands: Commands,
    time: Res<Time>,
    pace: crate::play::Pace,
    game: Res<CurrentGame>,
    mut pieces: Query<(Entity, &mut Glide, Option<&mut Transform>)>,
) {
    let duration = pace.animation().glide_seconds().max(1e-3);
    let bounds = game.bounds();
    for (entity, mut glide, transform) in &mut pieces {
        glide.elapsed += step(&time, glide.is_added());
        let t = (glide.elapsed / duration).min(1.0);
        if let Some(mut transform) = transform {
            let eased = t * t * (3.0 - 2.0 * t);
            let from = square_center(glide.from, bounds);
            let to = square_center(glide.to, bounds);
            let hop = (PI * eased).sin() * 0.35 * from.distance(to).sqrt().min(2.0);
            transform.translation = from.lerp(to, eased) + Vec3::Y * (PIECE_LIFT + hop);
        }
        if t >= 1.0 {
            commands.entity(entity).remove::<Glide>();
        }
    }
}

fn animate_captures(
    mut commands: Commands,
    time: Res<Time>,
    pace: crate::play::Pace,
    mut ghosts: Query<(Entity, &mut CaptureGhost, &mut Transform)>,
) {
    let duration = (pace.animation().glide_seconds() * 1.6).max(1e-3);
    for (entity, mut ghost, mut transform) in &mut ghosts {
        ghost.elapsed += step(&time, ghost.is_added());
        let t = ghost.elapsed / duration;
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
    pace: crate::play::Pace,
    game: Res<CurrentGame>,
    mut pieces: Query<(
        Entity,
        &OnSquare,
        &mut PlaceAnimation,
        Option<&mut Transform>,
    )>,
) {
    let duration = (pace.animation().glide_seconds() * 2.0).max(1e-3);
    let bounds = game.bounds();
    for (entity, square, mut place, transform) in &mut pieces {
        place.elapsed += step(&time, place.is_added());
        let t = (place.elapsed / duration).min(1.0);
        if let Some(mut transform) = transform {
            let fall = (1.0 - t) * (1.0 - t) * 4.0;
            let sway = (t * 9.0).sin() * 0.25 * (1.0 - t);
            transform.translation =
                square_center(square.0, bounds) + Vec3::new(sway, PIECE_LIFT + fall, 0.0);
            transform.rotation = Quat::from_rotation_z(sway * 0.8);
        }
        if t >= 1.0 {
            commands.entity(entity).remove::<PlaceAnimation>();
        }
    }
}

/// Pieces resting on their squares (not gliding or falling).
type Resting = (With<Piece>, Without<Glide>, Without<PlaceAnimation>);

/// Puts resting pieces where they show: new pieces, those that changed square, and all of them
/// when the board area or the selection changed.
fn place_resting_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    selection: Res<Selection>,
    mut pieces: Query<(Entity, Ref<OnSquare>, Option<&mut Transform>), Resting>,
) {
    let everything = game.is_changed() || selection.is_changed();
    for (entity, square, transform) in &mut pieces {
        let (cell, lift) = resting_spot(square.0, &selection);
        let at = square_center(cell, game.bounds()) + Vec3::Y * lift;
        match transform {
            None => {
                commands
                    .entity(entity)
                    .insert(Transform::from_translation(at));
            }
            Some(mut transform) if everything || square.is_changed() => {
                transform.translation = at;
                transform.rotation = Quat::IDENTITY;
            }
            Some(_) => {}
        }
    }
}

/// Anything moving on screen.
type Moving = Or<(With<Glide>, With<PlaceAnimation>, With<CaptureGhost>)>;

/// Holds the turn while anything moves.
/// While anything moves the view holds the turn, and the game draws at full speed.
fn report_busy(
    moving: Query<(), Moving>,
    mut busy: ResMut<ViewBusy>,
    mut next_frame: ResMut<NextFrame>,
) {
    let now = !moving.is_empty();
    if busy.0 != now {
        busy.0 = now;
    }
    if now {
        next_frame.now();
    }
}

/// The time an animation advances this frame: none in the frame it starts (the frame after a
/// rest would otherwise count the whole rest and jump to the end).
fn step(time: &Time, started_now: bool) -> f32 {
    if started_now { 0.0 } else { time.delta_secs() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_piece_whose_step_is_chosen_hovers_over_its_destination() {
        let (from, to, other) = (Cell::new(0, 2), Cell::new(0, 4), Cell::new(3, 3));
        let placing = Selection::Placing {
            step: Some((from, to)),
            squares: vec![from],
        };
        assert_eq!(resting_spot(from, &placing), (to, HOVER));
        assert_eq!(resting_spot(other, &placing), (other, PIECE_LIFT));
        assert_eq!(resting_spot(from, &Selection::Idle), (from, PIECE_LIFT));
    }

    #[test]
    fn the_selected_piece_is_lifted_and_only_it() {
        let (from, other) = (Cell::new(1, 0), Cell::new(3, 3));
        let selected = Selection::Selected {
            from,
            moves: Vec::new(),
            moving_stones: Vec::new(),
        };
        let (at, lift) = resting_spot(from, &selected);
        assert_eq!(at, from);
        assert!(lift > PIECE_LIFT);
        assert_eq!(resting_spot(other, &selected), (other, PIECE_LIFT));
    }
}
