//! The settings screen: language, theme, UI scale, sound volume and mute, animation speed and
//! fullscreen. Every change applies at once and is remembered (see `persist`).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use crate::i18n::Words;
use crate::input::Dialogs;
use crate::input::keys::toggled;
use crate::model::{AnimationSpeed, GameSettings, Language, Presentation, Theme};

/// The UI scales offered, smallest first.
pub const UI_SCALES: [f32; 9] = [0.75, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5];

/// What the settings screen edits.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct SettingsTargets<'w, 's> {
    presentation: ResMut<'w, Presentation>,
    game: ResMut<'w, GameSettings>,
    windows: Query<'w, 's, &'static mut Window, With<PrimaryWindow>>,
}

pub(super) fn settings_window(
    mut contexts: EguiContexts,
    words: Res<Words>,
    mut dialogs: ResMut<Dialogs>,
    mut to: SettingsTargets,
) -> Result {
    if !dialogs.settings {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut p = *to.presentation;
    let mut animation = to.game.animation;
    let mut fullscreen = to
        .windows
        .single()
        .is_ok_and(|w| !matches!(w.mode, bevy::window::WindowMode::Windowed));
    let was_fullscreen = fullscreen;
    let mut open = true;
    egui::Window::new(words.t("settings-title"))
        .collapsible(false)
        .resizable(false)
        .min_width(560.0)
        .open(&mut open)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Grid::new("settings")
                .num_columns(2)
                .spacing([24.0, 14.0])
                .show(ui, |ui| {
                    language_row(ui, &words, &mut p.language);
                    theme_row(ui, &words, &mut p.theme);
                    scale_row(ui, &words, &mut p.ui_scale);
                    sound_rows(ui, &words, &mut p);
                    animation_row(ui, &words, &mut animation);
                    ui.label(words.t("settings-evaluation"));
                    ui.checkbox(&mut p.show_evaluation, words.t("settings-evaluation-show"));
                    ui.end_row();
                    ui.label(words.t("settings-fullscreen"));
                    ui.checkbox(&mut fullscreen, words.t("settings-fullscreen-key"));
                    ui.end_row();
                });
            ui.add_space(6.0);
            if ui.button(words.t("settings-close")).clicked() {
                dialogs.settings = false;
            }
        });
    if !open {
        dialogs.settings = false;
    }
    if p != *to.presentation {
        *to.presentation = p.sanitized();
    }
    if animation != to.game.animation {
        to.game.animation = animation;
    }
    if fullscreen != was_fullscreen
        && let Ok(mut window) = to.windows.single_mut()
    {
        window.mode = toggled(window.mode);
    }
    Ok(())
}

fn language_row(ui: &mut egui::Ui, words: &Words, language: &mut Option<Language>) {
    ui.label(words.t("settings-language"));
    let system = words.t_with(
        "settings-language-system",
        [("language", words.os_language().native_name().into())],
    );
    let shown = language.map_or(system.clone(), |l| l.native_name().to_string());
    egui::ComboBox::from_id_salt("language")
        .selected_text(shown)
        .width(260.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(language, None, system);
            for l in Language::ALL {
                ui.selectable_value(language, Some(l), l.native_name());
            }
        });
    ui.end_row();
}

fn theme_row(ui: &mut egui::Ui, words: &Words, theme: &mut Theme) {
    ui.label(words.t("settings-theme"));
    ui.horizontal_wrapped(|ui| {
        for t in Theme::ALL {
            let name = match t {
                Theme::Wood => words.t("theme-wood"),
                Theme::Stone => words.t("theme-stone"),
                Theme::Tournament => words.t("theme-tournament"),
                Theme::HighContrast => words.t("theme-high-contrast"),
            };
            ui.radio_value(theme, t, name);
        }
    });
    ui.end_row();
}

/// The UI scale, picked from a list in one click (−/+ buttons moved under the pointer as the
/// scale changed, so a second click landed on another control).
fn scale_row(ui: &mut egui::Ui, words: &Words, scale: &mut f32) {
    ui.label(words.t("settings-ui-scale"));
    let percent = |s: f32| format!("{:.0} %", s * 100.0);
    egui::ComboBox::from_id_salt("ui scale")
        .selected_text(percent(*scale))
        .show_ui(ui, |ui| {
            for offered in UI_SCALES {
                ui.selectable_value(scale, offered, percent(offered));
            }
        });
    ui.end_row();
}

fn sound_rows(ui: &mut egui::Ui, words: &Words, p: &mut Presentation) {
    ui.label(words.t("settings-volume"));
    ui.horizontal(|ui| {
        let mut percent = (p.volume * 100.0).round();
        if ui
            .add_enabled(
                !p.muted,
                egui::Slider::new(&mut percent, 0.0..=100.0)
                    .suffix(" %")
                    .fixed_decimals(0),
            )
            .changed()
        {
            p.volume = percent / 100.0;
        }
        ui.checkbox(&mut p.muted, words.t("settings-mute"));
    });
    ui.end_row();
}

fn animation_row(ui: &mut egui::Ui, words: &Words, speed: &mut AnimationSpeed) {
    ui.label(words.t("settings-animation"));
    ui.horizontal_wrapped(|ui| {
        for s in AnimationSpeed::ALL {
            ui.radio_value(speed, s, words.t(&format!("speed-{}", s.name())));
        }
    });
    ui.end_row();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scales_offered_run_from_the_smallest_to_the_largest_allowed() {
        assert!(UI_SCALES.windows(2).all(|w| w[0] < w[1]));
        let (lo, hi) = Presentation::UI_SCALES;
        assert_eq!((UI_SCALES[0], UI_SCALES[8]), (lo, hi));
    }
}
