//! The egui interface: the side panel, the status bar, the New Game dialog, the rules, the
//! resign confirmation and the game-over panel. All words come from [`crate::i18n::Words`]
//! (sentences built from typed values in [`text`]); nothing is drawn until they are loaded.

mod dialogs;
mod new_game;
mod review_panel;
mod saves;
mod side_panel;
pub mod text;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::{Words, words_ready};

/// The panels and dialogs.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, style)
            .add_systems(Update, window_title.run_if(resource_changed::<Words>))
            .add_systems(
                EguiPrimaryContextPass,
                (
                    side_panel::panels,
                    new_game::new_game_dialog,
                    dialogs::rules_window,
                    dialogs::confirm_resign,
                    dialogs::game_over,
                    review_panel::review_window,
                    saves::saves_window,
                    saves::resume_offer,
                )
                    .chain()
                    .run_if(words_ready),
            );
    }
}

fn style(mut contexts: EguiContexts) {
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.all_styles_mut(|style| {
            for (text_style, font) in style.text_styles.iter_mut() {
                font.size = match text_style {
                    egui::TextStyle::Heading => 26.0,
                    egui::TextStyle::Small => 13.0,
                    _ => 17.0,
                };
            }
            style.spacing.button_padding = egui::vec2(10.0, 6.0);
            style.spacing.item_spacing = egui::vec2(8.0, 8.0);
        });
    }
}

/// The window's title in the player's language.
fn window_title(words: Res<Words>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !words.is_ready() {
        return;
    }
    let title = words.t("window-title");
    for mut window in &mut windows {
        if window.title != title {
            window.title = title.clone();
        }
    }
}

/// A round swatch of a side's colour.
fn swatch(ui: &mut egui::Ui, side: gamut_engine::Color) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let fill = match side {
        gamut_engine::Color::Black => egui::Color32::from_rgb(25, 25, 28),
        gamut_engine::Color::White => egui::Color32::from_rgb(240, 233, 214),
    };
    ui.painter().circle(
        rect.center(),
        8.0,
        fill,
        egui::Stroke::new(1.5, egui::Color32::GRAY),
    );
}
