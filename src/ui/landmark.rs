//! Where the main buttons were drawn, kept in egui's memory so the developer tools can say where
//! to click (`--log-positions`, for the test that plays the real window with the mouse).

use std::collections::BTreeMap;

use bevy_egui::egui;

/// The buttons marked in one pass, by name, with the pass that drew them, their place and the
/// part of it that shows (a scroll area's edge may hide the rest).
#[derive(Debug, Clone, Default)]
struct Landmarks(BTreeMap<String, (u64, egui::Rect, egui::Rect)>);

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
    let shown = rect.intersect(ui.clip_rect());
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Landmarks>(key())
            .0
            .insert(name.into(), (pass, rect, shown));
    });
}

/// The buttons drawn in the latest pass that show at least half their height, and the centres
/// of what shows, in physical pixels of the window: where a click reaches them (one scrolled
/// under a scroll area's edge is not there to click).
pub fn drawn(ctx: &egui::Context) -> Vec<(String, egui::Pos2)> {
    let pass = ctx.cumulative_pass_nr();
    let scale = ctx.pixels_per_point();
    let marks = ctx.data(|d| d.get_temp::<Landmarks>(key()).unwrap_or_default());
    marks
        .0
        .into_iter()
        .filter(|(_, (at, rect, shown))| {
            *at + 1 >= pass && shown.is_positive() && shown.height() >= rect.height() / 2.0
        })
        .map(|(name, (_, _, shown))| (name, (shown.center().to_vec2() * scale).to_pos2()))
        .collect()
}

/// Where the button `name` was drawn in the latest pass, in egui points.
pub fn rect(ctx: &egui::Context, name: &str) -> Option<egui::Rect> {
    let pass = ctx.cumulative_pass_nr();
    let marks = ctx.data(|d| d.get_temp::<Landmarks>(key()).unwrap_or_default());
    marks
        .0
        .into_iter()
        .find(|(n, (at, _, _))| *n == name && *at + 1 >= pass)
        .map(|(_, (_, rect, _))| rect)
}

/// The words shown in a part (a line of the review, say), kept in egui's memory with the pass
/// that drew them and where, so the developer tools can say what the player reads there.
#[derive(Debug, Clone, Default)]
struct Sayings(BTreeMap<String, (u64, egui::Rect, egui::Rect, String)>);

fn sayings_key() -> egui::Id {
    egui::Id::new("gamut sayings")
}

/// Remembers the part `name` drawn at `response`'s place in this pass, and the words it shows.
pub fn mark_said(ui: &egui::Ui, name: &str, response: &egui::Response, words: &str) {
    mark(ui, name, response);
    let pass = ui.ctx().cumulative_pass_nr();
    let (rect, shown) = (response.rect, response.rect.intersect(ui.clip_rect()));
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Sayings>(sayings_key())
            .0
            .insert(name.to_owned(), (pass, rect, shown, words.to_owned()));
    });
}

/// The words of the parts drawn in the latest pass that show at least half their height (what
/// a scroll area's edge hides is not read), by name.
pub fn said(ctx: &egui::Context) -> Vec<(String, String)> {
    let pass = ctx.cumulative_pass_nr();
    let sayings = ctx.data(|d| d.get_temp::<Sayings>(sayings_key()).unwrap_or_default());
    sayings
        .0
        .into_iter()
        .filter(|(_, (at, rect, shown, _))| {
            *at + 1 >= pass && shown.is_positive() && shown.height() >= rect.height() / 2.0
        })
        .map(|(name, (_, _, _, words))| (name, words))
        .collect()
}
