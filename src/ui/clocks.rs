//! The players' clocks in the side panel: big faces, the running one lit, a low one red.

use bevy_egui::egui;
use gamut_engine::Color as Side;

use super::style::{ACCENT, MUTED};
use crate::model::CurrentGame;
use crate::model::clock::{clock_face, face_changes_in};

/// Red of a clock with little time left.
const LOW: egui::Color32 = egui::Color32::from_rgb(235, 80, 70);

/// The figures' size of a clock's face, and the smallest it is made to leave the side's name
/// room beside it.
const FACE_SIZE: f32 = 30.0;
const SMALLEST_FACE: f32 = 18.0;

/// The share of the panel's width the faces take at most, while their figures can shrink.
const FACES_SHARE: f32 = 0.4;

/// A clock's face: big figures of one width.
fn face_text(face: String, size: f32) -> egui::RichText {
    egui::RichText::new(face).monospace().size(size).strong()
}

/// Room around a face: the frame's margins (10 on each side) and its stroke.
const FACE_MARGIN: f32 = 2.0 * 10.0 + 2.0;

/// How the two clocks' faces are drawn beside their sides: their figures' size and the width
/// of the wider, its frame included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Faces {
    pub size: f32,
    pub width: f32,
}

/// The faces' size and width in a panel `room` wide (a width of 0 untimed). A correspondence
/// clock's "72:00:00" is wider than a game's "5:00": its figures are made smaller, down to
/// [`SMALLEST_FACE`], to keep the faces within [`FACES_SHARE`] of the panel; the side's name
/// and count beside them take the rest of the width (and wrap in it), never under a face.
pub(super) fn faces(ui: &egui::Ui, game: &CurrentGame, room: f32) -> Faces {
    let clocks = game.clocks();
    let widest = |size: f32| {
        Side::ALL
            .into_iter()
            .map(|side| {
                let text = egui::WidgetText::from(face_text(clock_face(clocks.left(side)), size));
                let galley = text.into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Monospace,
                );
                galley.size().x
            })
            .fold(0.0, f32::max)
    };
    if !clocks.is_timed() {
        return Faces {
            size: FACE_SIZE,
            width: 0.0,
        };
    }
    let full = widest(FACE_SIZE);
    let fits = (room * FACES_SHARE - FACE_MARGIN).max(0.0);
    if full <= fits || full <= 0.0 {
        return Faces {
            size: FACE_SIZE,
            width: full + FACE_MARGIN,
        };
    }
    // Figures of one width: their width goes as their size (measured again, to the pixel).
    let size = (FACE_SIZE * fits / full)
        .clamp(SMALLEST_FACE, FACE_SIZE)
        .floor();
    Faces {
        size,
        width: widest(size) + FACE_MARGIN,
    }
}

/// `side`'s clock face, lit while it runs (`running`), red when its time is low.
/// Its figures `size` high ([`faces`]).
pub(super) fn clock(ui: &mut egui::Ui, game: &CurrentGame, side: Side, running: bool, size: f32) {
    let clocks = game.clocks();
    if !clocks.is_timed() {
        return;
    }
    let left = clocks.left(side);
    if running && game.ply() > 0 && game.end().is_none() {
        // The game rests between the moments the face changes.
        crate::rest::redraw_within(ui.ctx(), face_changes_in(left));
    }
    let colour = if clocks.is_low(side) {
        LOW
    } else if running {
        ACCENT
    } else {
        MUTED
    };
    let face = face_text(clock_face(left), size).color(colour);
    let fill = if running {
        egui::Color32::from_white_alpha(18)
    } else {
        egui::Color32::TRANSPARENT
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(6)
        .inner_margin(egui::Margin::symmetric(10, 2))
        .stroke(egui::Stroke::new(
            1.0,
            if running {
                colour
            } else {
                egui::Color32::TRANSPARENT
            },
        ))
        .show(ui, |ui| ui.label(face));
}
