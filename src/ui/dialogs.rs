//! The rules window, the resign confirmation and the game-over panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::loa::Variant;

use super::text;
use crate::i18n::Words;
use crate::input::Dialogs;
use crate::model::CurrentGame;
use crate::play::actions::can_undo;
use crate::play::{AppState, GameCommand};
use crate::review::ReviewCommand;

pub(super) fn rules_window(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    words: Res<Words>,
    mut dialogs: ResMut<Dialogs>,
) -> Result {
    if !dialogs.rules {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(words.t("rules-title"))
        .id(egui::Id::new("rules"))
        .open(&mut open)
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.label(text::rules_summary(&words, game.kind()));
            if let Some(variant) = game.variant().filter(|v| *v != Variant::Standard) {
                ui.separator();
                ui.label(text::variant_summary(&words, variant));
            }
        });
    dialogs.rules = open;
    Ok(())
}

pub(super) fn confirm_resign(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    state: Res<State<AppState>>,
    words: Res<Words>,
    mut dialogs: ResMut<Dialogs>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    if !dialogs.confirm_resign {
        return Ok(());
    }
    if *state.get() != AppState::Playing {
        dialogs.confirm_resign = false;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let who = text::side(&words, game.side_to_move());
    egui::Window::new(words.t("resign-title"))
        .id(egui::Id::new("resign"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-165.0, 0.0))
        .show(ctx, |ui| {
            ui.label(words.t_with("resign-question", [("side", who.into())]));
            ui.horizontal(|ui| {
                if ui.button(words.t("resign-confirm")).clicked() {
                    commands.write(GameCommand::Resign);
                    dialogs.confirm_resign = false;
                }
                if ui.button(words.t("resign-keep-playing")).clicked() {
                    dialogs.confirm_resign = false;
                }
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub(super) fn game_over(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    state: Res<State<AppState>>,
    words: Res<Words>,
    mut dialogs: ResMut<Dialogs>,
    mut commands: MessageWriter<GameCommand>,
    mut review: MessageWriter<ReviewCommand>,
    mut dismissed_at: Local<Option<usize>>,
    (show, practice): (Res<crate::play::ShowGames>, Res<crate::play::Practice>),
) -> Result {
    let Some(end) = game.end().filter(|_| !show.0 && !practice.is_on()) else {
        return Ok(());
    };
    if *state.get() != AppState::GameOver || *dismissed_at == Some(game.ply()) || dialogs.new_game {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(words.t("game-over-title"))
        .id(egui::Id::new("game over"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(text::game_end(&words, end))
                    .size(24.0)
                    .strong(),
            );
            ui.label(text::game_length(&words, &game));
            ui.horizontal(|ui| {
                if ui.button(words.t("game-over-new-game")).clicked() {
                    dialogs.new_game = true;
                }
                let undo = egui::Button::new(words.t("game-over-undo"));
                if ui.add_enabled(can_undo(&game), undo).clicked() {
                    commands.write(GameCommand::Undo);
                }
                if ui.button(words.t("button-review")).clicked() {
                    review.write(ReviewCommand::Enter);
                }
                if ui.button(words.t("game-over-close")).clicked() {
                    *dismissed_at = Some(game.ply());
                }
            });
        });
    Ok(())
}
