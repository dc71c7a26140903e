//! The egui interface: the side panel, the status bar, the New Game dialog, the rules, the
//! resign confirmation and the game-over panel. All words come from [`crate::i18n::Words`]
//! (sentences built from typed values in [`text`]); nothing is drawn until they are loaded.

pub mod about;
mod clocks;
mod dialogs;
pub mod landmark;
mod move_entry;
pub(crate) mod new_game;
pub mod notices;
pub mod players;
pub mod problems;
mod review_panel;
mod saves;
mod settings;
pub(crate) mod side_panel;
pub mod style;
pub mod text;
mod title;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::i18n::{Words, words_ready};

/// The panels and dialogs' systems (screens of their own, like the puzzles', draw after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct UiSystems;

/// The panels and dialogs.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        use crate::play::{AppState, GameMode, MenuScreen, Modal, RulesWindow};
        app.init_resource::<about::RulesPage>()
            .init_resource::<saves::SavesState>()
            .add_systems(Startup, spawn_ui_camera)
            .add_systems(OnEnter(Modal::NewGame), new_game::begin_draft)
            .add_systems(OnEnter(Modal::Saves), saves::opened)
            .add_systems(OnExit(AppState::Playing), dialogs::forget_resign)
            .add_systems(Update, window_title.run_if(resource_changed::<Words>))
            .add_systems(
                EguiPrimaryContextPass,
                (
                    style::apply_style,
                    style::apply_ui_scale,
                    side_panel::panels
                        .run_if(not(in_state(crate::play::Practising)))
                        .run_if(not(in_state(crate::play::Analysing))),
                    move_entry::submit,
                    title::title_screen
                        .run_if(in_state(MenuScreen::Title))
                        .run_if(in_state(Modal::None)),
                    new_game::new_game_dialog.run_if(in_state(Modal::NewGame)),
                    settings::settings_window.run_if(in_state(Modal::Settings)),
                    dialogs::rules_window.run_if(in_state(RulesWindow::Open)),
                    dialogs::confirm_resign
                        .run_if(in_state(Modal::ConfirmResign))
                        .run_if(in_state(AppState::Playing)),
                    dialogs::game_over
                        .run_if(in_state(AppState::GameOver))
                        .run_if(in_state(GameMode::Own)),
                    saves::saves_window.run_if(in_state(Modal::Saves)),
                )
                    .chain()
                    .in_set(UiSystems)
                    .run_if(words_ready),
            );
    }
}

/// The panels get a camera of their own over the whole window, drawn after the board's (whose
/// camera draws only into the part the panels leave free).
fn spawn_ui_camera(
    mut commands: Commands,
    settings: Option<ResMut<bevy_egui::EguiGlobalSettings>>,
) {
    if let Some(mut settings) = settings {
        settings.auto_create_primary_context = false;
    }
    commands.spawn((
        Camera2d,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
        bevy_egui::PrimaryEguiContext,
    ));
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
pub(crate) fn swatch(ui: &mut egui::Ui, side: gamut_engine::Color) {
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

// Last in the file: the i18n test reads the code above the first `cfg(test)` for its keys.
#[cfg(test)]
pub mod layout_check;
