//! The settings screen: language, theme, UI scale, sound volume and mute, animation speed, when
//! the board turns to the side to move, the evaluation and fullscreen. Every change applies at
//! once and is remembered (see `persist`).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use crate::i18n::Words;
use crate::input::keys::toggled;
use crate::model::{AnimationSpeed, GameSettings, Language, Presentation, Theme, TurnBoard};
use crate::play::Dialogs;

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
    mut dialogs: Dialogs,
    mut to: SettingsTargets,
) -> Result {
    // Runs while the settings are open (see `UiPlugin`).
    let ctx = contexts.ctx_mut()?;
    let fullscreen = to
        .windows
        .single()
        .is_ok_and(|w| !matches!(w.mode, bevy::window::WindowMode::Windowed));
    let before = Edited {
        presentation: *to.presentation,
        animation: to.game.animation,
        fullscreen,
    };
    let mut edited = before;
    if draw(ctx, &words, &mut edited) == Some(Choice::Close) {
        dialogs.close();
    }
    if edited.presentation != before.presentation {
        *to.presentation = edited.presentation.sanitized();
    }
    if edited.animation != before.animation {
        to.game.animation = edited.animation;
    }
    if edited.fullscreen != before.fullscreen
        && let Ok(mut window) = to.windows.single_mut()
    {
        window.mode = toggled(window.mode);
    }
    Ok(())
}

/// What the settings screen edits, as the game has it; the system applies the changes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Edited {
    pub presentation: Presentation,
    pub animation: AnimationSpeed,
    pub fullscreen: bool,
}

/// What the player asked of the settings screen, besides the changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Close,
}

/// The settings window's area (its rectangle is in egui's memory under this id).
pub const AREA: &str = "settings";

/// The settings window over the board, editing `edited`: as wide as the window allows (the same
/// width in every language, from the first frame after a change of language), its rows scrolling
/// when the window is too short, Close always in view.
pub fn draw(ctx: &egui::Context, words: &Words, edited: &mut Edited) -> Option<Choice> {
    let screen = ctx.content_rect();
    let width = (screen.width() - 40.0).clamp(200.0, 560.0);
    // The window less its title bar, the Close button and the margins.
    let rows_height = (screen.height() - 170.0).max(60.0);
    let mut open = true;
    let mut choice = None;
    let shown = egui::Window::new(words.t("settings-title"))
        .id(egui::Id::new(AREA))
        .collapsible(false)
        .resizable(false)
        .min_width(width)
        .max_width(width)
        .open(&mut open)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            // A bar that shows whenever the rows scroll, not only under the pointer.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .max_height(rows_height)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    rows(ui, words, edited);
                });
            ui.add_space(6.0);
            let close = ui.button(words.t("settings-close"));
            super::landmark::mark(ui, "settings/close", &close);
            if close.clicked() {
                choice = Some(Choice::Close);
            }
        });
    let last = super::landmark::rect(ctx, "settings/close");
    super::style::settle(
        ctx,
        egui::Id::new(AREA),
        [shown.map(|s| s.response.rect), last],
    );
    if !open {
        choice = Some(Choice::Close);
    }
    choice
}

/// The settings, a name above each (a row of two columns ran out of room in a narrow window).
fn rows(ui: &mut egui::Ui, words: &Words, edited: &mut Edited) {
    let p = &mut edited.presentation;
    language_row(ui, words, &mut p.language);
    theme_row(ui, words, &mut p.theme);
    scale_row(ui, words, &mut p.ui_scale);
    sound_rows(ui, words, p);
    animation_row(ui, words, &mut edited.animation);
    turn_row(ui, words, &mut edited.presentation.turn_board);
    heading(ui, words.t("settings-evaluation"));
    let evaluation = ui.checkbox(
        &mut edited.presentation.show_evaluation,
        words.t("settings-evaluation-show"),
    );
    super::landmark::mark(ui, "settings/evaluation", &evaluation);
    heading(ui, words.t("settings-announce"));
    let announce = ui.checkbox(
        &mut edited.presentation.announce_wins,
        words.t("settings-announce-on"),
    );
    super::landmark::mark(ui, "settings/announce", &announce);
    heading(ui, words.t("settings-fullscreen"));
    let fullscreen = ui.checkbox(&mut edited.fullscreen, words.t("settings-fullscreen-key"));
    super::landmark::mark(ui, "settings/fullscreen", &fullscreen);
}

/// A setting's name, with a little room above it.
fn heading(ui: &mut egui::Ui, name: String) {
    ui.add_space(8.0);
    ui.add(egui::Label::new(egui::RichText::new(name).strong()).wrap());
}

fn language_row(ui: &mut egui::Ui, words: &Words, language: &mut Option<Language>) {
    heading(ui, words.t("settings-language"));
    let system = words.t_with(
        "settings-language-system",
        [("language", words.os_language().native_name().into())],
    );
    let shown = language.map_or(system.clone(), |l| l.native_name().to_string());
    let combo = egui::ComboBox::from_id_salt("language")
        .selected_text(shown)
        .width(ui.available_width().min(260.0))
        .show_ui(ui, |ui| {
            ui.selectable_value(language, None, system);
            for l in Language::ALL {
                ui.selectable_value(language, Some(l), l.native_name());
            }
        });
    super::landmark::mark(ui, "settings/language", &combo.response);
}

fn theme_row(ui: &mut egui::Ui, words: &Words, theme: &mut Theme) {
    heading(ui, words.t("settings-theme"));
    ui.horizontal_wrapped(|ui| {
        for t in Theme::ALL {
            let name = match t {
                Theme::Wood => words.t("theme-wood"),
                Theme::Stone => words.t("theme-stone"),
                Theme::Tournament => words.t("theme-tournament"),
                Theme::HighContrast => words.t("theme-high-contrast"),
            };
            let radio = ui.radio_value(theme, t, name);
            super::landmark::mark(ui, theme_landmark(t), &radio);
        }
    });
}

/// The UI scale, picked from a list in one click (−/+ buttons moved under the pointer as the
/// scale changed, so a second click landed on another control).
/// Every size in view at once, each a button (a drop-down list on a phone showed four sizes of
/// nine, the rest scrolled out of its popup unseen); those too large for this window greyed,
/// and why said under them.
fn scale_row(ui: &mut egui::Ui, words: &Words, scale: &mut f32) {
    heading(ui, words.t("settings-ui-scale"));
    let largest = super::style::largest_scale(super::style::unzoomed_width(ui.ctx()));
    let fits = |s: f32| s <= largest + 0.001;
    ui.horizontal_wrapped(|ui| {
        for offered in UI_SCALES {
            let label = format!("{:.0} %", offered * 100.0);
            let button = ui.add_enabled(
                fits(offered),
                egui::Button::selectable(*scale == offered, label),
            );
            super::landmark::mark(ui, scale_landmark(offered), &button);
            if button.clicked() {
                *scale = offered;
            }
        }
    });
    if !UI_SCALES.iter().all(|&s| fits(s)) {
        let note = egui::RichText::new(words.t("settings-ui-scale-wider")).weak();
        ui.add(egui::Label::new(note).wrap());
    }
}

/// The name of a size's button (`settings/ui-scale-150`), for the tests.
fn scale_landmark(scale: f32) -> String {
    format!("settings/ui-scale-{:.0}", scale * 100.0)
}

fn sound_rows(ui: &mut egui::Ui, words: &Words, p: &mut Presentation) {
    heading(ui, words.t("settings-volume"));
    ui.horizontal_wrapped(|ui| {
        let mut percent = (p.volume * 100.0).round();
        let slider = ui.add_enabled(
            !p.muted,
            egui::Slider::new(&mut percent, 0.0..=100.0)
                .suffix(" %")
                .fixed_decimals(0),
        );
        super::landmark::mark(ui, "settings/volume", &slider);
        if slider.changed() {
            p.volume = percent / 100.0;
        }
        let mute = ui.checkbox(&mut p.muted, words.t("settings-mute"));
        super::landmark::mark(ui, "settings/mute", &mute);
    });
}

fn animation_row(ui: &mut egui::Ui, words: &Words, speed: &mut AnimationSpeed) {
    heading(ui, words.t("settings-animation"));
    ui.horizontal_wrapped(|ui| {
        for s in AnimationSpeed::ALL {
            let radio = ui.radio_value(speed, s, words.t(&format!("speed-{}", s.name())));
            super::landmark::mark(ui, speed_landmark(s), &radio);
        }
    });
}

/// When the board turns to face the side to move.
fn turn_row(ui: &mut egui::Ui, words: &Words, turn: &mut TurnBoard) {
    heading(ui, words.t("settings-turn-board"));
    ui.horizontal_wrapped(|ui| {
        for t in TurnBoard::ALL {
            let radio = ui.radio_value(turn, t, words.t(turn_key(t)));
            super::landmark::mark(ui, turn_landmark(t), &radio);
        }
    });
}

/// The board turn's choice in words.
fn turn_key(turn: TurnBoard) -> &'static str {
    match turn {
        TurnBoard::Never => "turn-board-never",
        TurnBoard::HotSeat => "turn-board-hot-seat",
        TurnBoard::Always => "turn-board-always",
    }
}

/// The board turn's choice, named for the developer tools and the layout tests.
fn turn_landmark(turn: TurnBoard) -> &'static str {
    match turn {
        TurnBoard::Never => "settings/turn-never",
        TurnBoard::HotSeat => "settings/turn-hot-seat",
        TurnBoard::Always => "settings/turn-always",
    }
}

/// The theme's choice, named for the developer tools and the layout tests.
fn theme_landmark(theme: Theme) -> &'static str {
    match theme {
        Theme::Wood => "settings/theme-wood",
        Theme::Stone => "settings/theme-stone",
        Theme::Tournament => "settings/theme-tournament",
        Theme::HighContrast => "settings/theme-high-contrast",
    }
}

/// The animation speed's choice, named for the developer tools and the layout tests.
fn speed_landmark(speed: AnimationSpeed) -> &'static str {
    match speed {
        AnimationSpeed::Instant => "settings/speed-instant",
        AnimationSpeed::Fast => "settings/speed-fast",
        AnimationSpeed::Normal => "settings/speed-normal",
        AnimationSpeed::Slow => "settings/speed-slow",
    }
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

    use crate::ui::layout_check::{ALL_SIZES, SCALES, Screen, fits};

    /// Every control of the settings, the names above them (and each size's button).
    const CONTROLS: [&str; 19] = [
        "settings/language",
        "settings/theme-wood",
        "settings/theme-stone",
        "settings/theme-tournament",
        "settings/theme-high-contrast",
        "settings/volume",
        "settings/mute",
        "settings/speed-instant",
        "settings/speed-fast",
        "settings/speed-normal",
        "settings/speed-slow",
        "settings/turn-never",
        "settings/turn-hot-seat",
        "settings/turn-always",
        "settings/evaluation",
        "settings/announce",
        "settings/fullscreen",
        "settings/close",
        "settings/language",
    ];

    fn edited() -> Edited {
        Edited {
            presentation: Presentation::default(),
            animation: AnimationSpeed::Normal,
            fullscreen: false,
        }
    }

    /// On a phone (390 points across) the sizes past 100 % are greyed and said to need a wider
    /// window: a tap on 90 % takes it, one on 250 % then changes nothing (it made the phone's
    /// screens 156 points wide, the settings out of reach); a desktop's window is offered
    /// every size: a tap on 250 % takes it.
    #[test]
    fn a_phone_is_offered_the_sizes_that_fit_it() {
        let words = Words::from_assets(Language::English);
        let note = words.t("settings-ui-scale-wider");
        for (width, phone) in [(390.0, true), (1280.0, false)] {
            let screen = Screen::new(width, 844.0, 1.0);
            let mut edited = edited();
            let mut taken = Vec::new();
            for size in [0.9, 2.5] {
                let mut show = |ctx: &egui::Context| {
                    draw(ctx, &words, &mut edited);
                };
                let name = scale_landmark(size);
                screen.reach(AREA, &name, &mut show).unwrap();
                // The window settles over its first passes, as a player's first look.
                for _ in 0..3 {
                    screen.pass(Vec::new(), &mut show);
                }
                screen.click(&name, &mut show);
                taken.push(edited.presentation.ui_scale);
            }
            let expected = if phone { [0.9, 0.9] } else { [0.9, 2.5] };
            assert_eq!(taken, expected, "90 % then 250 % tapped at {width}");
            assert_eq!(screen.says(&note), phone, "the note at {width}");
        }
        assert_eq!(crate::ui::style::largest_scale(360.0), 1.0);
        assert_eq!(crate::ui::style::largest_scale(585.0), 1.5);
    }

    /// Settings' controls are drawn in the first frame where they stay (the screen grew over
    /// its first frames, so that a click landed where a control had been).
    #[test]
    fn the_settings_do_not_grow_after_they_open() {
        let words = Words::from_assets(Language::English);
        let names = [
            "settings/close",
            "settings/evaluation",
            "settings/fullscreen",
        ];
        let mut edited = edited();
        crate::ui::layout_check::assert_window_settles(&names, |ctx| {
            draw(ctx, &words, &mut edited);
        });
    }

    /// Every control can be reached in every window size, UI scale and language, and nothing
    /// in the window overlaps, runs outside the window or outside the settings window.
    #[test]
    fn every_control_can_be_reached_and_nothing_overlaps() {
        for language in Language::ALL {
            let words = Words::from_assets(language);
            for (width, height) in ALL_SIZES {
                for scale in SCALES {
                    if !fits(width, scale) {
                        continue;
                    }
                    let screen = Screen::new(width, height, scale);
                    let mut edited = edited();
                    let mut show = |ctx: &egui::Context| {
                        draw(ctx, &words, &mut edited);
                    };
                    let sizes: Vec<String> = UI_SCALES.map(scale_landmark).into();
                    let controls: Vec<&str> = CONTROLS
                        .iter()
                        .copied()
                        .chain(sizes.iter().map(String::as_str))
                        .collect();
                    screen.check(&format!("{language:?}"), Some(AREA), &controls, &mut show);
                }
            }
        }
    }

    /// The first frame after the language changes draws the window at the size egui kept from
    /// the frame before: the window keeps one width whatever the language (French rows were
    /// drawn wider than the window sized for English, for a frame).
    #[test]
    fn the_window_keeps_its_width_when_the_language_changes() {
        let english = Words::from_assets(Language::English);
        for language in [Language::French, Language::Italian] {
            let other = Words::from_assets(language);
            for scale in SCALES {
                let screen = Screen::new(1280.0, 800.0, scale);
                let mut edited = edited();
                for _ in 0..3 {
                    screen.pass(Vec::new(), &mut |ctx| {
                        draw(ctx, &english, &mut edited);
                    });
                }
                let area = |screen: &Screen| {
                    screen
                        .ctx
                        .memory(|m| m.area_rect(egui::Id::new(AREA)))
                        .expect("the settings window")
                };
                let before = area(&screen);
                screen.pass(Vec::new(), &mut |ctx| {
                    draw(ctx, &other, &mut edited);
                });
                let after = area(&screen);
                assert!(
                    (after.width() - before.width()).abs() < 1.0,
                    "{language:?} at {scale}: {before:?} then {after:?}"
                );
                let problems = screen.problems();
                assert!(
                    problems.is_empty(),
                    "{language:?} at {scale}: {problems:#?}"
                );
            }
        }
    }
}
