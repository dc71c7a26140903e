//! The rim's coordinates (files along the near and far edges, ranks along the sides), painted by
//! egui under its panels at the squares' positions as the camera sees them. Painted, not laid
//! out: no UI tree, no text engine of Bevy's, and they follow the camera in the frame it moves.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::geometry::{file_label, square_center};
use super::theme::palette;
use crate::model::{Cell, Presentation};
use crate::play::AppState;

/// A coordinate on the rim: its text and the point of the table it names.
#[derive(Component, Debug, Clone)]
pub(super) struct RimLabel {
    text: String,
    at: Vec3,
}

/// The labels of a board area, `files` × `ranks` squares wide.
pub(super) fn rim_labels(bounds: (Cell, Cell), files: f32, ranks: f32) -> Vec<RimLabel> {
    let (lo, hi) = bounds;
    let edge_x = files / 2.0 + 0.38;
    let edge_z = ranks / 2.0 + 0.38;
    let mut labels = Vec::new();
    for file in lo.file..=hi.file {
        let x = square_center(Cell::new(file, lo.rank), bounds).x;
        for z in [edge_z, -edge_z] {
            labels.push(RimLabel {
                text: file_label(file),
                at: Vec3::new(x, 0.0, z),
            });
        }
    }
    for rank in lo.rank..=hi.rank {
        let z = square_center(Cell::new(lo.file, rank), bounds).z;
        for x in [-edge_x, edge_x] {
            labels.push(RimLabel {
                text: (rank + 1).to_string(),
                at: Vec3::new(x, 0.0, z),
            });
        }
    }
    labels
}

/// The type size of a label, in pixels of the window: Boundless's far files, written "(-5)",
/// take a smaller one so they stay apart.
fn pixel_size(text: &str) -> f32 {
    match text.chars().count() {
        0..=2 => 18.0,
        3 => 14.0,
        _ => 12.0,
    }
}

/// Paints the labels over their squares in the theme's colour (not behind the title screen, nor
/// where a panel or caption lies over them: they showed through the translucent ones).
pub(super) fn paint_rim_labels(
    camera: Query<(&Camera, &Transform), With<Camera3d>>,
    state: Option<Res<State<AppState>>>,
    presentation: Option<Res<Presentation>>,
    mut contexts: EguiContexts,
    labels: Query<&RimLabel>,
) {
    let Ok((camera, transform)) = camera.single() else {
        return;
    };
    // Where the camera is this frame (its `Transform`, set by the framing in `Update`): its
    // `GlobalTransform` may still be last frame's when the panels are painted, and the labels
    // then named a board turned half round with the unturned coordinates for a frame.
    let camera_transform = GlobalTransform::from(*transform);
    if state.is_some_and(|s| *s.get() == AppState::Menu) {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let theme = presentation.map(|p| p.theme).unwrap_or_default();
    let color = egui_color(palette(theme).label);
    // Window pixels to egui's points: the player's UI scale is egui's zoom.
    let zoom = ctx.zoom_factor();
    // Only inside the board's view: never over the side panel, whatever is painted first (the
    // ranks showed over the panel while the view changed from 3D to 2D).
    let mut painter = ctx.layer_painter(egui::LayerId::background());
    if let Some(view) = camera.logical_viewport_rect() {
        painter.set_clip_rect(egui::Rect::from_min_max(
            egui::pos2(view.min.x / zoom, view.min.y / zoom),
            egui::pos2(view.max.x / zoom, view.max.y / zoom),
        ));
    }
    for label in &labels {
        let Ok(at) = camera.world_to_viewport(&camera_transform, label.at) else {
            continue;
        };
        let pos = egui::pos2(at.x / zoom, at.y / zoom);
        if under_a_panel(ctx, pos) {
            continue;
        }
        let font = egui::FontId::proportional(pixel_size(&label.text) / zoom);
        painter.text(pos, egui::Align2::CENTER_CENTER, &label.text, font, color);
    }
}

/// Whether an egui panel, window or caption lies over `pos` (egui's points).
fn under_a_panel(ctx: &egui::Context, pos: egui::Pos2) -> bool {
    ctx.layer_id_at(pos)
        .is_some_and(|layer| layer.order != egui::Order::Background)
}

fn egui_color(color: Color) -> egui::Color32 {
    let [r, g, b, a] = color.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_and_rank_is_named_on_both_edges() {
        let bounds = (Cell::new(0, 0), Cell::new(7, 7));
        let labels = rim_labels(bounds, 8.0, 8.0);
        assert_eq!(labels.len(), 32);
        let places = |name: &str| -> Vec<Vec3> {
            let at: Vec<_> = labels
                .iter()
                .filter(|l| l.text == name)
                .map(|l| l.at)
                .collect();
            assert_eq!(at.len(), 2, "{name} twice");
            at
        };
        // A file at its column, on the near and the far edge.
        for name in ["a", "h"] {
            let at = places(name);
            assert_eq!(at[0].x, at[1].x, "{name}");
            assert_eq!(at[0].z, -at[1].z, "{name}");
            assert!(at[0].z.abs() > 4.0, "{name} beyond the squares");
        }
        // A rank at its row, on the left and the right edge.
        for name in ["1", "8"] {
            let at = places(name);
            assert_eq!(at[0].z, at[1].z, "{name}");
            assert_eq!(at[0].x, -at[1].x, "{name}");
            assert!(at[0].x.abs() > 4.0, "{name} beyond the squares");
        }
        assert_ne!(places("a")[0].x, places("h")[0].x);
    }

    #[test]
    fn long_labels_are_smaller() {
        assert!(pixel_size("(-5)") < pixel_size("12"));
        assert_eq!(pixel_size("a"), pixel_size("14"));
    }
}
