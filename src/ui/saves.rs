//! The saved games window (Ctrl+S, Ctrl+O): the saves folder with name, date, game, players,
//! moves and result; save under a name, open, rename, delete (asked first), copy a record to
//! the clipboard, paste one to start from it. And the resume offer at the start.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::text;
use crate::i18n::Words;
use crate::input::Dialogs;
use crate::model::{CurrentGame, GameSettings};
use crate::persist::folder::{SaveEntry, delete_save, list_saves, rename_save};
use crate::persist::{DataDir, PersistRequest};
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
    words: Res<Words>,
    mut requests: MessageWriter<PersistRequest>,
    mut ui_state: Local<SavesState>,
) -> Result {
    let (s, w) = (&mut *ui_state, &*words);
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
                text::game_name(w, game.kind()),
                gamut_engine::record::today()
            );
        }
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut close = false;
    let playing = *state.get() != AppState::Menu;
    egui::Window::new(w.t("saves-title"))
        .id(egui::Id::new("saves"))
        .open(&mut open)
        .collapsible(false)
        .default_width(720.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(w.t("saves-name"));
                ui.text_edit_singleline(&mut s.name);
                if ui
                    .add_enabled(playing, egui::Button::new(w.t("saves-save")))
                    .clicked()
                {
                    requests.write(PersistRequest::Save(s.name.clone()));
                    close = true;
                }
            });
            ui.separator();
            list(ui, w, s);
            ui.separator();
            buttons(
                ui,
                w,
                s,
                (&dir, &game, &settings),
                &mut requests,
                &mut close,
            );
            if let Some(message) = &s.message {
                ui.colored_label(egui::Color32::from_rgb(220, 120, 80), message);
            }
            paste(ui, w, s, &mut requests, &mut close);
        });
    if !open || close {
        dialogs.saves = false;
    }
    Ok(())
}

fn list(ui: &mut egui::Ui, w: &Words, s: &mut SavesState) {
    if s.entries.is_empty() {
        ui.label(w.t("saves-empty"));
        return;
    }
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .show(ui, |ui| {
            egui::Grid::new("saves")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for column in [
                        w.t("saves-column-name"),
                        w.t("saves-column-date"),
                        w.t("saves-column-game"),
                        w.t("saves-column-players"),
                        w.t("saves-column-moves"),
                        w.t("saves-column-result"),
                    ] {
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
                                ui.label(text::game_name(w, summary.settings.config.kind));
                                ui.label(text::players_short(w, &summary.settings));
                                ui.label(summary.move_number.to_string());
                                ui.label(text::result(w, summary.result));
                            }
                            Err(problem) => {
                                ui.label("–");
                                ui.label(w.t_with(
                                    "saves-unreadable",
                                    [("problem", text::file_problem(problem).into())],
                                ));
                                ui.label("");
                                ui.label("");
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}

fn failed(w: &Words, name: &str, problem: &str) -> String {
    w.t_with(
        "saves-failed",
        [("name", name.into()), ("problem", problem.into())],
    )
}

fn buttons(
    ui: &mut egui::Ui,
    w: &Words,
    s: &mut SavesState,
    (dir, game, settings): (&DataDir, &CurrentGame, &GameSettings),
    requests: &mut MessageWriter<PersistRequest>,
    close: &mut bool,
) {
    let selected = s.selected.and_then(|i| s.entries.get(i)).cloned();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(selected.is_some(), egui::Button::new(w.t("saves-open")))
            .clicked()
            && let Some(entry) = &selected
        {
            requests.write(PersistRequest::Open(entry.path.clone()));
            *close = true;
        }
        if ui
            .add_enabled(selected.is_some(), egui::Button::new(w.t("saves-rename")))
            .clicked()
            && let Some(entry) = &selected
        {
            match rename_save(dir, &entry.path, &s.name) {
                Ok(_) => {
                    s.refresh(dir);
                    s.message = None;
                }
                Err(e) => s.message = Some(failed(w, &entry.name, &e.to_string())),
            }
        }
        if ui
            .add_enabled(selected.is_some(), egui::Button::new(w.t("saves-delete")))
            .clicked()
        {
            s.confirm_delete = true;
        }
        if ui.button(w.t("saves-copy")).clicked() {
            let record = match selected.as_ref().map(|e| &e.content) {
                Some(Ok(summary)) => summary.record_text.clone(),
                _ => crate::persist::save::record_of(game, settings).to_string(),
            };
            ui.ctx().copy_text(record);
            s.message = Some(w.t("saves-copied"));
        }
        if ui.button(w.t("saves-paste")).clicked() {
            s.paste = Some(String::new());
        }
        if ui.button(w.t("saves-close")).clicked() {
            *close = true;
        }
    });
    if s.confirm_delete
        && let Some(entry) = &selected
    {
        ui.horizontal(|ui| {
            ui.label(w.t_with(
                "saves-confirm-delete",
                [("name", entry.name.as_str().into())],
            ));
            if ui.button(w.t("saves-delete-confirm")).clicked() {
                match delete_save(&entry.path) {
                    Ok(()) => {
                        s.refresh(dir);
                        s.message = None;
                    }
                    Err(e) => s.message = Some(failed(w, &entry.name, &e.to_string())),
                }
                s.confirm_delete = false;
            }
            if ui.button(w.t("saves-close")).clicked() {
                s.confirm_delete = false;
            }
        });
    }
}

fn paste(
    ui: &mut egui::Ui,
    w: &Words,
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
            .hint_text(w.t("saves-paste-hint"))
            .desired_rows(8)
            .desired_width(f32::INFINITY)
            .code_editor(),
    );
    if ui
        .add_enabled(
            !pasted.trim().is_empty(),
            egui::Button::new(w.t("saves-start-pasted")),
        )
        .clicked()
    {
        requests.write(PersistRequest::Paste(pasted.clone()));
        *close = true;
    }
}
