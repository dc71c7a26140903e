//! The saved games window (Ctrl+S, Ctrl+O): the saves folder with name, date, game, players,
//! moves and result; save under a name, open, rename, delete (asked first), copy a record to
//! the clipboard, paste one to start from it. And the resume offer at the start.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::text;
use crate::input::Dialogs;
use crate::model::{CurrentGame, GameSettings};
use crate::persist::folder::{SaveEntry, delete_save, list_saves, rename_save};
use crate::persist::{DataDir, PersistRequest, ResumeOffer};
use crate::play::AppState;

/// The window's state between frames.
#[derive(Default)]
pub(super) struct SavesState {
    open_before: bool,
    entries: Vec<SaveEntry>,
    selected: Option<usize>,
    name: String,
    confirm_delete: bool,
    paste: Option<String>,
    message: Option<String>,
}

impl SavesState {
    fn refresh(&mut self, dir: &DataDir) {
        self.entries = list_saves(dir);
        self.selected = None;
        self.confirm_delete = false;
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn saves_window(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    dir: Res<DataDir>,
    game: Res<CurrentGame>,
    settings: Res<GameSettings>,
    state: Res<State<AppState>>,
    mut requests: MessageWriter<PersistRequest>,
    mut ui_state: Local<SavesState>,
) -> Result {
    let s = &mut *ui_state;
    if !dialogs.saves {
        s.open_before = false;
        return Ok(());
    }
    if !s.open_before {
        s.open_before = true;
        s.refresh(&dir);
        s.message = None;
        s.paste = None;
        if s.name.is_empty() {
            s.name = format!(
                "{} {}",
                text::game_name(game.kind()),
                gamut_engine::record::today()
            );
        }
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut close = false;
    let playing = *state.get() != AppState::Menu;
    egui::Window::new(text::SAVES_TITLE)
        .open(&mut open)
        .collapsible(false)
        .default_width(720.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(text::saves::NAME);
                ui.text_edit_singleline(&mut s.name);
                if ui
                    .add_enabled(playing, egui::Button::new(text::saves::SAVE))
                    .clicked()
                {
                    requests.write(PersistRequest::Save(s.name.clone()));
                    close = true;
                }
            });
            ui.separator();
            list(ui, s);
            ui.separator();
            buttons(ui, s, &dir, &game, &settings, &mut requests, &mut close);
            if let Some(message) = &s.message {
                ui.colored_label(egui::Color32::from_rgb(220, 120, 80), message);
            }
            paste(ui, s, &mut requests, &mut close);
        });
    if !open || close {
        dialogs.saves = false;
    }
    Ok(())
}

fn list(ui: &mut egui::Ui, s: &mut SavesState) {
    if s.entries.is_empty() {
        ui.label(text::saves::EMPTY);
        return;
    }
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .show(ui, |ui| {
            egui::Grid::new("saves")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for column in text::saves::COLUMNS {
                        ui.strong(column);
                    }
                    ui.end_row();
                    for (i, entry) in s.entries.iter().enumerate() {
                        if ui
                            .selectable_label(s.selected == Some(i), &entry.name)
                            .clicked()
                        {
                            s.selected = Some(i);
                            s.confirm_delete = false;
                        }
                        ui.label(entry.date.as_deref().unwrap_or("–"));
                        match &entry.content {
                            Ok(summary) => {
                                ui.label(text::game_name(summary.settings.config.kind));
                                ui.label(text::players_short(&summary.settings));
                                ui.label(summary.move_number.to_string());
                                ui.label(text::result(summary.result));
                            }
                            Err(problem) => {
                                ui.label("–");
                                ui.label(text::saves::unreadable(&text::file_problem(problem)));
                                ui.label("");
                                ui.label("");
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}

fn buttons(
    ui: &mut egui::Ui,
    s: &mut SavesState,
    dir: &DataDir,
    game: &CurrentGame,
    settings: &GameSettings,
    requests: &mut MessageWriter<PersistRequest>,
    close: &mut bool,
) {
    let selected = s.selected.and_then(|i| s.entries.get(i)).cloned();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(selected.is_some(), egui::Button::new(text::saves::OPEN))
            .clicked()
            && let Some(entry) = &selected
        {
            requests.write(PersistRequest::Open(entry.path.clone()));
            *close = true;
        }
        if ui
            .add_enabled(selected.is_some(), egui::Button::new(text::saves::RENAME))
            .clicked()
            && let Some(entry) = &selected
        {
            match rename_save(dir, &entry.path, &s.name) {
                Ok(_) => {
                    s.refresh(dir);
                    s.message = None;
                }
                Err(e) => s.message = Some(text::saves::failed(&entry.name, &e.to_string())),
            }
        }
        if ui
            .add_enabled(selected.is_some(), egui::Button::new(text::saves::DELETE))
            .clicked()
        {
            s.confirm_delete = true;
        }
        if ui.button(text::saves::COPY).clicked() {
            let record = match selected.as_ref().map(|e| &e.content) {
                Some(Ok(summary)) => summary.record_text.clone(),
                _ => crate::persist::save::record_of(game, settings).to_string(),
            };
            ui.ctx().copy_text(record);
            s.message = Some(text::saves::COPIED.into());
        }
        if ui.button(text::saves::PASTE).clicked() {
            s.paste = Some(String::new());
        }
        if ui.button(text::saves::CLOSE).clicked() {
            *close = true;
        }
    });
    if s.confirm_delete
        && let Some(entry) = &selected
    {
        ui.horizontal(|ui| {
            ui.label(text::saves::confirm_delete(&entry.name));
            if ui
                .button(text::saves::DELETE.trim_end_matches('…'))
                .clicked()
            {
                match delete_save(&entry.path) {
                    Ok(()) => {
                        s.refresh(dir);
                        s.message = None;
                    }
                    Err(e) => s.message = Some(text::saves::failed(&entry.name, &e.to_string())),
                }
                s.confirm_delete = false;
            }
            if ui.button(text::saves::CLOSE).clicked() {
                s.confirm_delete = false;
            }
        });
    }
}

fn paste(
    ui: &mut egui::Ui,
    s: &mut SavesState,
    requests: &mut MessageWriter<PersistRequest>,
    close: &mut bool,
) {
    let Some(pasted) = s.paste.as_mut() else {
        return;
    };
    ui.separator();
    ui.add(
        egui::TextEdit::multiline(pasted)
            .hint_text(text::saves::PASTE_HINT)
            .desired_rows(8)
            .desired_width(f32::INFINITY)
            .code_editor(),
    );
    if ui
        .add_enabled(
            !pasted.trim().is_empty(),
            egui::Button::new(text::saves::START_PASTED),
        )
        .clicked()
    {
        requests.write(PersistRequest::Paste(pasted.clone()));
        *close = true;
    }
}

/// At the start, an unfinished autosaved game is offered first.
pub(super) fn resume_offer(
    mut contexts: EguiContexts,
    mut offer: ResMut<ResumeOffer>,
    mut requests: MessageWriter<PersistRequest>,
) -> Result {
    let Some(summary) = offer.0.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut decided = false;
    egui::Window::new(text::resume::TITLE)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(-165.0, 40.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let line = text::resume_offer(&summary.settings, summary.move_number);
                if ui.button(line).clicked() {
                    requests.write(PersistRequest::Resume);
                    decided = true;
                }
                if ui.button(text::resume::NEW_GAME).clicked() {
                    decided = true;
                }
            });
        });
    if decided {
        offer.0 = None;
    }
    Ok(())
}
