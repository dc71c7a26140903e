//! The look of the panels: a warm dark style with an amber accent, large type for reading across
//! a room, the player's UI scale, and the fonts (egui's bundled ones).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::model::{Presentation, Theme};

/// The accent colour: buttons in use, selections, headings' marks.
pub const ACCENT: egui::Color32 = egui::Color32::from_rgb(232, 172, 74);
/// Body text.
pub const TEXT: egui::Color32 = egui::Color32::from_rgb(236, 229, 216);
/// Quieter text (captions, hints).
pub const MUTED: egui::Color32 = egui::Color32::from_rgb(170, 160, 146);
/// Panel backgrounds.
const PANEL: egui::Color32 = egui::Color32::from_rgb(27, 24, 22);
/// Windows (dialogs) over the board.
const WINDOW: egui::Color32 = egui::Color32::from_rgb(36, 32, 29);

/// Sets the style once the context exists, and again when the theme changes (the high-contrast
/// theme gets pure black and white panels).
pub(super) fn apply_style(
    mut contexts: EguiContexts,
    presentation: Res<Presentation>,
    pointer: Option<Res<crate::input::pointer::PointerKind>>,
    mut done: Local<Option<(Theme, bool)>>,
) {
    let touch = pointer.is_some_and(|p| *p == crate::input::pointer::PointerKind::Touch);
    if *done == Some((presentation.theme, touch)) {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let high_contrast = presentation.theme == Theme::HighContrast;
    ctx.all_styles_mut(|style| {
        restyle(style, high_contrast);
        if touch {
            for_fingers(style);
        }
    });
    // A press and release on a button is a click however long it was held, as on every desktop
    // (egui's default, 0.8 s, also dropped ordinary clicks when a frame took longer than that).
    ctx.options_mut(|o| o.input_options.max_click_duration = f64::from(u16::MAX));
    settle_before_drawing(ctx);
    *done = Some((presentation.theme, touch));
}

/// A control's height (and a row's) for the mouse.
pub const INTERACT_HEIGHT: f32 = 30.0;

/// The height a finger's target needs: 44 CSS pixels (Apple's and WCAG's guidance), at a UI
/// scale of 100 %.
pub const FINGER: f32 = 44.0;

/// Controls a finger can hit: every button, box and field at least [`FINGER`] tall.
pub fn for_fingers(style: &mut egui::Style) {
    let s = &mut style.spacing;
    s.interact_size.y = FINGER;
    s.button_padding.y = s.button_padding.y.max(11.0);
}

/// egui's passes in one frame, at most: a new window's sizing, its grid's columns and its
/// scroll area each ask for one more pass (egui's default, two, left the New Game and Settings
/// dialogs growing over their first frames, moving their controls under the pointer; eight
/// left the Settings on a phone, whose window grows 25 points a side each pass, one short).
pub const MAX_PASSES: usize = 12;

/// Asks egui for one more pass, unseen, while the window `id` (its rect and its last control's,
/// `rects`) is not where it was in the pass before: its first pass only sizes it, and its grid
/// and scroll area settle in the next; so the frame shows it where it stays.
pub fn settle(ctx: &egui::Context, id: egui::Id, rects: [Option<egui::Rect>; 2]) {
    let key = id.with("settled rects");
    let before = ctx.data(|d| d.get_temp::<[Option<egui::Rect>; 2]>(key));
    ctx.data_mut(|d| d.insert_temp(key, rects));
    if before != Some(rects) {
        ctx.request_discard("a window settles");
    }
}

/// Asks egui for one more pass, unseen, while any window is not where it was in the pass before
/// (a window's grid, scroll area or wrapped words settle over its first passes): so no window
/// of any screen is shown growing over its first frames, its controls moving under the pointer.
/// Run once a pass, after the screens.
pub fn settle_windows(ctx: &egui::Context) {
    let mut rects: Vec<(egui::Id, [f32; 4])> = ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|layer| layer.order == egui::Order::Middle)
            .filter_map(|layer| {
                let rect = m.area_rect(layer.id)?;
                Some((layer.id, [rect.min.x, rect.min.y, rect.max.x, rect.max.y]))
            })
            .collect()
    });
    rects.sort_by_key(|(id, _)| id.value());
    let key = egui::Id::new("settled windows");
    let before = ctx.data(|d| d.get_temp::<Vec<(egui::Id, [f32; 4])>>(key));
    ctx.data_mut(|d| d.insert_temp(key, rects.clone()));
    if !rects.is_empty() && before.as_ref() != Some(&rects) {
        ctx.request_discard("a window settles");
    }
}

/// Lets egui lay a screen out again, unseen, until it settles (at most [`MAX_PASSES`] times)
/// before a frame is drawn.
pub fn settle_before_drawing(ctx: &egui::Context) {
    ctx.options_mut(|o| {
        o.max_passes =
            std::num::NonZeroUsize::new(MAX_PASSES).unwrap_or(std::num::NonZeroUsize::MIN);
    });
}

pub(super) fn restyle(style: &mut egui::Style, high_contrast: bool) {
    use egui::{FontFamily, FontId, TextStyle};
    style.text_styles = [
        (
            TextStyle::Heading,
            FontId::new(28.0, FontFamily::Proportional),
        ),
        (TextStyle::Body, FontId::new(18.0, FontFamily::Proportional)),
        (
            TextStyle::Button,
            FontId::new(18.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Small,
            FontId::new(14.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(17.0, FontFamily::Monospace),
        ),
    ]
    .into();
    let s = &mut style.spacing;
    s.button_padding = egui::vec2(12.0, 7.0);
    s.item_spacing = egui::vec2(9.0, 9.0);
    s.window_margin = egui::Margin::same(16);
    s.interact_size = egui::vec2(44.0, INTERACT_HEIGHT);
    s.slider_width = 180.0;
    let v = &mut style.visuals;
    *v = egui::Visuals::dark();
    let (panel, window, text) = if high_contrast {
        (
            egui::Color32::BLACK,
            egui::Color32::BLACK,
            egui::Color32::WHITE,
        )
    } else {
        (PANEL, WINDOW, TEXT)
    };
    v.panel_fill = panel;
    v.window_fill = window;
    v.extreme_bg_color = egui::Color32::from_rgb(16, 14, 13);
    v.faint_bg_color = egui::Color32::from_rgb(40, 36, 32);
    v.override_text_color = Some(text);
    v.hyperlink_color = ACCENT;
    v.selection.bg_fill = ACCENT.gamma_multiply(0.55);
    // The frame of the field with the keyboard (the move field): thick enough to see across a
    // room.
    v.selection.stroke = egui::Stroke::new(2.0, ACCENT);
    v.window_corner_radius = egui::CornerRadius::same(10);
    v.window_stroke = egui::Stroke::new(1.0, ACCENT.gamma_multiply(0.5));
    v.window_shadow = egui::Shadow {
        offset: [0, 8],
        blur: 24,
        spread: 0,
        color: egui::Color32::from_black_alpha(140),
    };
    let outline = if high_contrast {
        egui::Color32::WHITE
    } else {
        egui::Color32::from_rgb(92, 80, 66)
    };
    let w = &mut v.widgets;
    for (state, fill) in [
        (&mut w.inactive, egui::Color32::from_rgb(58, 51, 45)),
        (&mut w.hovered, egui::Color32::from_rgb(84, 72, 58)),
        (&mut w.active, ACCENT.gamma_multiply(0.8)),
        (&mut w.open, egui::Color32::from_rgb(70, 61, 52)),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = egui::CornerRadius::same(6);
        state.bg_stroke = egui::Stroke::new(1.0, outline);
        state.fg_stroke.color = text;
    }
    w.hovered.bg_stroke = egui::Stroke::new(1.5, ACCENT);
    // The button with the keyboard's (or the gamepad's) focus is drawn "active": an amber face
    // in a thick light frame, so Tab's progress shows at a glance.
    w.active.bg_stroke = egui::Stroke::new(2.5, text);
    w.noninteractive.bg_stroke = egui::Stroke::new(1.0, egui::Color32::from_rgb(70, 62, 54));
    w.noninteractive.fg_stroke.color = text;
}

/// Tells the camera which part of the window the panels cover (`right` and `bottom` in egui
/// points, as the panels measured themselves).
pub fn report_insets(
    ctx: &egui::Context,
    right: f32,
    bottom: f32,
    insets: &mut crate::board::camera::ScreenInsets,
) {
    report_side_insets(ctx, 0.0, right, bottom, insets);
}

/// As [`report_insets`], with a part covered on the left too (the big screen's table bar).
pub fn report_side_insets(
    ctx: &egui::Context,
    left: f32,
    right: f32,
    bottom: f32,
    insets: &mut crate::board::camera::ScreenInsets,
) {
    report_framed_insets(ctx, [left, 0.0, right, bottom], insets);
}

/// As [`report_insets`], on each side: `[left, top, right, bottom]`.
pub fn report_framed_insets(
    ctx: &egui::Context,
    [left, top, right, bottom]: [f32; 4],
    insets: &mut crate::board::camera::ScreenInsets,
) {
    let zoom = ctx.zoom_factor();
    let covered = crate::board::camera::ScreenInsets {
        left: (left * zoom).round(),
        top: (top * zoom).round(),
        right: (right * zoom).round(),
        bottom: (bottom * zoom).round(),
    };
    if *insets != covered {
        *insets = covered;
        // The camera frames the board in the free part at the next frame: a screen nobody
        // touches (the big screen of a table) must still get that frame.
        ctx.request_repaint();
    }
}

/// The narrowest the panels and dialogs are laid out for, in points: a phone held upright
/// (390 CSS pixels) at 100 %. The layout tests check every screen down to it
/// ([`super::layout_check::fits`]).
pub const NARROWEST: f32 = 390.0;

/// The largest UI scale a window `width` points wide at 100 % takes: one that leaves at least
/// [`NARROWEST`] points across, and never less than 100 % (a phone keeps its own size; a
/// narrower one is drawn as at 100 %).
pub fn largest_scale(width: f32) -> f32 {
    (width / NARROWEST).max(1.0)
}

/// The window's width in points at 100 %, whatever the zoom now.
pub fn unzoomed_width(ctx: &egui::Context) -> f32 {
    ctx.content_rect().width() * ctx.zoom_factor()
}

/// Applies the player's UI scale to the panels (egui's zoom), as large as the window allows:
/// 250 % chosen on a desktop and kept on a phone made the phone's screens 156 points wide,
/// the settings' window out of reach, and no way back.
pub(super) fn apply_ui_scale(mut contexts: EguiContexts, presentation: Res<Presentation>) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let scale = presentation
        .ui_scale
        .min(largest_scale(unzoomed_width(ctx)));
    if ctx.zoom_factor() != scale {
        ctx.set_zoom_factor(scale);
    }
}

/// A busy indicator that turns a few times a second (egui's own spinner asks for every frame,
/// which keeps a resting game drawing flat out while the computer thinks).
pub fn spinner(ui: &mut egui::Ui) -> egui::Response {
    let size = ui.style().spacing.interact_size.y;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    if ui.is_rect_visible(rect) {
        crate::rest::redraw_within(ui.ctx(), crate::rest::SPINNER_FRAME);
        let turn = ui.input(|i| i.time) * std::f64::consts::TAU / 2.0;
        let radius = rect.height() / 2.0 - 2.0;
        let points: Vec<egui::Pos2> = (0..=24)
            .map(|i| {
                let angle = turn + f64::from(i) / 24.0 * 240f64.to_radians();
                let (sin, cos) = angle.sin_cos();
                rect.center() + radius * egui::vec2(cos as f32, sin as f32)
            })
            .collect();
        let colour = ui.visuals().strong_text_color();
        ui.painter()
            .add(egui::Shape::line(points, egui::Stroke::new(3.0, colour)));
    }
    response
}

/// A screen over the title's table (the tournament night, the tables on the network): the whole
/// window, as the side panel is drawn (a root on the background layer, under any window, over
/// the table), and in its middle a card `width` wide at most, in the style of the game's windows
/// (their fill, frame, corners and shadow), as tall as what it holds (the room at most). `area`
/// names the root.
pub fn screen_card(ctx: &egui::Context, area: &str, width: f32, add: impl FnOnce(&mut egui::Ui)) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new(area),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    // The table shows around the card, as around the other screens' windows.
    egui::CentralPanel::default()
        .frame(egui::Frame::new().inner_margin(12))
        .show(&mut root, |ui| {
            let room = ui.available_rect_before_wrap();
            let width = room.width().min(width);
            let rect = egui::Rect::from_min_size(
                egui::pos2(room.center().x - width / 2.0, room.top()),
                egui::vec2(width, room.height()),
            );
            ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    add(ui);
                });
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_style_reads_across_a_room() {
        let mut style = egui::Style::default();
        restyle(&mut style, false);
        let body = &style.text_styles[&egui::TextStyle::Body];
        assert!(body.size >= 18.0);
        assert_eq!(style.visuals.panel_fill, PANEL);
        restyle(&mut style, true);
        assert_eq!(style.visuals.panel_fill, egui::Color32::BLACK);
        assert_eq!(
            style.visuals.override_text_color,
            Some(egui::Color32::WHITE)
        );
    }
}
