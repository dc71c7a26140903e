//! The players' clocks in the side panel: big faces, the running one lit, a low one red.

use bevy_egui::egui;
use gamut_engine::Color as Side;

use super::style::{ACCENT, MUTED};
use crate::model::CurrentGame;
use crate::model::clock::{clock_face, face_changes_in};

/// Red of a clock with little time left.
const LOW: egui::Color32 = egui::Color32::from_rgb(235, 80, 70);

/// `side`'s clock face, lit while it runs (`running`), red when its time is low.
pub(super) fn clock(ui: &mut egui::Ui, game: &CurrentGame, side: Side, running: bool) {
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
    let face = egui::RichText::new(clock_face(left))
        .monospace()
        .size(30.0)
        .strong()
        .color(colour);
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
