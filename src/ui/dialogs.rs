//! The rules window, the resign confirmation and the game-over panel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::text;
use crate::input::Dialogs;
use crate::model::CurrentGame;
use crate::play::{AppState, GameCommand};
use crate::review::ReviewCommand;

pub(super) fn rules_window(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    mut dialogs: ResMut<Dialogs>,
) -> Result {
    if !dialogs.rules {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Rules")
        .open(&mut open)
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.label(text::rules_summary(game.kind()));
            if let Some(summary) = game.variant().and_then(text::variant_summary) {
                ui.separator();
                ui.label(summary);
            }
        });
    dialogs.rules = open;
    Ok(())
}

pub(super) fn confirm_resign(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    state: Res<State<AppState>>,
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
    let who = text::side(game.side_to_move());
    egui::Window::new("Resign?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-165.0, 0.0))
        .show(ctx, |ui| {
            ui.label(format!("{who} resigns and loses this game."));
            ui.horizontal(|ui| {
                if ui.button("Resign").clicked() {
                    commands.write(GameCommand::Resign);
                    dialogs.confirm_resign = false;
                }
                if ui.button("Keep playing").clicked() {
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
    mut dialogs: ResMut<Dialogs>,
    mut commands: MessageWriter<GameCommand>,
    mut review: MessageWriter<ReviewCommand>,
    mut dismissed_at: Local<Option<usize>>,
    exhibition: Option<Res<crate::exhibition::Exhibition>>,
) -> Result {
    let Some(end) = game.end() else {
        return Ok(());
    };
    if exhibition.is_some_and(|e| e.is_on()) {
        return Ok(()); // the exhibition shows the end its own way
    }
    if *state.get() != AppState::GameOver || *dismissed_at == Some(game.ply()) || dialogs.new_game {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(16.0, 16.0))
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(text::game_end(end)).size(24.0).strong());
            ui.label(text::game_length(&game));
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    dialogs.new_game = true;
                }
                if ui.button("Undo").clicked() {
                    commands.write(GameCommand::Undo);
                }
                if ui.button(text::review_button()).clicked() {
                    review.write(ReviewCommand::Enter);
                }
                if ui.button("Close").clicked() {
                    *dismissed_at = Some(game.ply());
                }
            });
        });
    Ok(())
}
