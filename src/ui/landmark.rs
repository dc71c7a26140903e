//! Where the main buttons were drawn, kept in egui's memory so the developer tools can say where
//! to click (`--log-positions`, for the test that plays the real window with the mouse).

use std::collections::BTreeMap;

use bevy_egui::egui;

/// The buttons marked in one pass, by name, with the pass that drew them.
#[derive(Debug, Clone, Default)]
struct Landmarks(BTreeMap<String, (u64, egui::Rect)>);

fn key() -> egui::Id {
    egui::Id::new("gamut landmarks")
}

/// Remembers that the button `name` was drawn at `response`'s place in this pass.
pub fn mark(ui: &egui::Ui, name: impl Into<String>, response: &egui::Response) {
    mark_rect(ui, name, response.rect);
}

/// Remembers that the part `name` (a panel's scrolling part, say) was drawn at `rect` in this
/// pass.
pub fn mark_rect(ui: &egui::Ui, name: impl Into<String>, rect: egui::Rect) {
    let pass = ui.ctx().cumulative_pass_nr();
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Landmarks>(key())
            .0
            .insert(name.into(), (pass, rect));
    });
}

/// The buttons drawn in the latest pass and their centres, in physical pixels of the window.
pub fn drawn(ctx: &egui::Context) -> Vec<(String, egui::Pos2)> {
    let pass = ctx.cumulative_pass_nr();
    let scale = ctx.pixels_per_point();
    let marks = ctx.data(|d| d.get_temp::<Landmarks>(key()).unwrap_or_default());
    marks
        .0
        .into_iter()
        .filter(|(_, (at, _))| *at + 1 >= pass)
        .map(|(name, (_, rect))| (name, (rect.center().to_vec2() * scale).to_pos2()))
        .collect()
}

/// Where the button `name` was drawn in the latest pass, in egui points.
pub fn rect(ctx: &egui::Context, name: &str) -> Option<egui::Rect> {
    let pass = ctx.cumulative_pass_nr();
    let marks = ctx.data(|d| d.get_temp::<Landmarks>(key()).unwrap_or_default());
    marks
        .0
        .into_iter()
        .find(|(n, (at, _))| *n == name && *at + 1 >= pass)
        .map(|(_, (_, rect))| rect)
}
