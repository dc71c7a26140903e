//! Arrows on the board (the analysis engine's best move): painted by egui over the squares as
//! the camera sees them, like the rim's coordinates, under every panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::geometry::square_center;
use crate::model::{Cell, CurrentGame};
use crate::play::AppState;

/// The arrows to draw, each from a square to a square (the same square twice: a ring, for a
/// piece placed). Anyone may set them; whoever sets them clears them.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct BoardArrows(pub Vec<(Cell, Cell)>);

/// A move's arrows: from where its piece (or a phalanx's tail) stands to where it goes, and a
/// ring where a piece is placed (Parachute).
pub fn of_move(mv: gamut_engine::any_game::AnyMove) -> Vec<(Cell, Cell)> {
    match crate::model::game::move_cells(mv).as_slice() {
        [place] => vec![(*place, *place)],
        [from, to] => vec![(*from, *to)],
        [from, to, place] => vec![(*from, *to), (*place, *place)],
        _ => Vec::new(),
    }
}

/// A hint is drawn as an arrow too: its glowing squares alone were easily missed (on a phone,
/// under a finger). Cleared with the hint, unless something else drew arrows since.
pub(super) fn show_hint(
    hint: Res<crate::play::Hint>,
    mut arrows: ResMut<BoardArrows>,
    mut drawn: Local<Vec<(Cell, Cell)>>,
) {
    if !hint.is_changed() {
        return;
    }
    match hint.0 {
        Some(mv) => {
            *drawn = of_move(mv);
            arrows.0.clone_from(&drawn);
        }
        None if !drawn.is_empty() => {
            if arrows.0 == *drawn {
                arrows.0.clear();
            }
            drawn.clear();
        }
        None => {}
    }
}

/// The arrows' colour: a translucent green that reads on every theme's squares and pieces.
const ARROW: egui::Color32 = egui::Color32::from_rgba_premultiplied(30, 150, 60, 190);

/// Paints the arrows over the board (not behind the title screen).
pub(super) fn paint_arrows(
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    state: Option<Res<State<AppState>>>,
    arrows: Res<BoardArrows>,
    game: Res<CurrentGame>,
    mut contexts: EguiContexts,
) {
    if arrows.0.is_empty() || state.is_some_and(|s| *s.get() == AppState::Menu) {
        return;
    }
    let Ok((camera, camera_transform)) = camera.single() else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let zoom = ctx.zoom_factor();
    let bounds = game.bounds();
    let to_screen = |cell: Cell| {
        let at = camera
            .world_to_viewport(camera_transform, square_center(cell, bounds))
            .ok()?;
        Some(egui::pos2(at.x / zoom, at.y / zoom))
    };
    let painter = ctx.layer_painter(egui::LayerId::background());
    for &(from, to) in &arrows.0 {
        let (Some(a), Some(b)) = (to_screen(from), to_screen(to)) else {
            continue;
        };
        // A square's width on screen sets the arrow's size (the camera may be far or near).
        let square = to_screen(Cell::new(from.file + 1, from.rank))
            .map_or(40.0, |n| (n - a).length().max(8.0));
        paint_arrow(&painter, a, b, square);
    }
}

/// An arrow from `a` to `b` (a ring when they are one point), sized for squares `square` wide.
fn paint_arrow(painter: &egui::Painter, a: egui::Pos2, b: egui::Pos2, square: f32) {
    let width = square * 0.16;
    let stroke = egui::Stroke::new(width, ARROW);
    let along = b - a;
    if along.length() < 1.0 {
        painter.circle_stroke(a, square * 0.38, stroke);
        return;
    }
    let dir = along.normalized();
    let head = square * 0.42;
    let base = b - dir * head;
    painter.line_segment([a, base], stroke);
    let side = egui::vec2(-dir.y, dir.x) * head * 0.6;
    painter.add(egui::Shape::convex_polygon(
        vec![b, base + side, base - side],
        ARROW,
        egui::Stroke::NONE,
    ));
}
