//! The saved games window (Ctrl+S, Ctrl+O): the saves folder with name, date, game, players,
//! moves and result; save under a name (the window then says where it went, or why it could
//! not), open, rename, delete (asked first), copy a record to the clipboard, paste one to start
//! from it. And the resume offer at the start.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::text;
use crate::device_files::{self, DeviceFileRequest};
use crate::i18n::Words;
use crate::model::{CurrentGame, FileTrouble, Notice};
use crate::persist::folder::{SaveEntry, delete_save, list_saves, rename_save};
use crate::persist::{DataDir, PersistRequest};
use crate::play::{AppState, Dialogs, Status};
use crate::store::read_capped;
use gamut_engine::record::MAX_RECORD_BYTES;

/// The window's state between frames (begun anew each time it opens).
#[derive(Resource, Default)]
pub struct SavesState {
    entries: Vec<SaveEntry>,
    selected: Option<usize>,
    name: String,
    confirm_delete: bool,
    paste: Option<String>,
    message: Option<Message>,
    /// A save was asked for: its outcome is still to be told.
    saving: bool,
}

/// A line under the buttons: something done, or a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    Done(String),
    Problem(String),
}

impl SavesState {
    fn refresh(&mut self, dir: &DataDir) {
        self.entries = list_saves(dir);
        self.selected = None;
        self.confirm_delete = false;
    }
}

/// What the player asked of the saves window.
#[derive(Debug, Clone)]
pub enum SavesChoice {
    /// Save the game under the name typed.
    Save,
    /// Open the selected save.
    Open(SaveEntry),
    /// Give the selected save the name typed.
    Rename(SaveEntry),
    /// Delete the selected save (confirmed).
    Delete(SaveEntry),
    /// Copy the selected save's record, or the game's.
    Copy(Option<SaveEntry>),
    /// Start from the pasted record.
    StartPasted(String),
    /// Open the selected save on the analysis board.
    Analyse(SaveEntry),
    /// Open the pasted record (or position) on the analysis board.
    AnalysePasted(String),
    /// Download the selected save, or the game's (the page: [`device_files`]).
    Download(Option<SaveEntry>),
    /// Open a save or record chosen on the device (the page).
    OpenDeviceFile,
    Close,
}

/// What the window acts on.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct SavesTargets<'w> {
    dialogs: Dialogs<'w>,
    dir: Res<'w, DataDir>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, crate::model::Seats>,
    names: Res<'w, crate::model::SeatNames>,
    state: Res<'w, State<AppState>>,
    status: ResMut<'w, Status>,
    requests: MessageWriter<'w, PersistRequest>,
    files: MessageWriter<'w, DeviceFileRequest>,
    /// The board's view, kept in a downloaded game as Save keeps it.
    rig: Option<Res<'w, crate::board::camera::CameraRig>>,
}

pub(super) fn saves_window(
    mut contexts: EguiContexts,
    words: Res<Words>,
    mut to: SavesTargets,
    mut ui_state: ResMut<SavesState>,
) -> Result {
    // Runs while the window is open (see `UiPlugin`), begun by `opened`.
    let (s, w) = (&mut *ui_state, &*words);
    if s.saving
        && let Some(message) = save_outcome(w, to.status.notice())
    {
        s.saving = false;
        s.message = Some(message);
        s.refresh(&to.dir);
    }
    let ctx = contexts.ctx_mut()?;
    let playing = *to.state.get() != AppState::Menu;
    if let Some(choice) = draw(ctx, w, s, playing) {
        act(choice, ctx, w, s, &mut to);
    }
    Ok(())
}

/// The window just opened: the list read again, a name offered (the last one typed kept).
pub(super) fn opened(
    mut state: ResMut<SavesState>,
    words: Res<Words>,
    dir: Res<DataDir>,
    game: Res<CurrentGame>,
) {
    let s = &mut *state;
    s.refresh(&dir);
    s.message = None;
    s.paste = None;
    s.saving = false;
    if s.name.is_empty() {
        s.name = format!(
            "{} {}",
            text::game_name(&words, game.kind()),
            gamut_engine::record::today()
        );
    }
}

/// What the window says of a save asked for, once the saves have answered: saved under a name,
/// or the problem.
pub fn save_outcome(w: &Words, notice: Option<&Notice>) -> Option<Message> {
    match notice? {
        saved @ Notice::Saved(_) => Some(Message::Done(super::notices::notice(
            w,
            saved,
            text::Table::NONE,
        ))),
        failed @ Notice::CannotSave { .. } => Some(Message::Problem(super::notices::notice(
            w,
            failed,
            text::Table::NONE,
        ))),
        _ => None,
    }
}

fn act(
    choice: SavesChoice,
    ctx: &egui::Context,
    w: &Words,
    s: &mut SavesState,
    to: &mut SavesTargets,
) {
    match choice {
        SavesChoice::Save => {
            // The saves answer with a notice: the window waits for it and says it.
            to.status.clear();
            to.requests.write(PersistRequest::Save(s.name.clone()));
            s.saving = true;
            s.message = None;
        }
        SavesChoice::Open(entry) => {
            to.requests.write(PersistRequest::Open(entry.path));
            to.dialogs.close();
        }
        SavesChoice::Rename(entry) => match rename_save(&to.dir, &entry.path, &s.name) {
            Ok(_) => {
                s.refresh(&to.dir);
                s.message = None;
            }
            Err(e) => s.message = Some(failed(w, &entry.name, &e)),
        },
        SavesChoice::Delete(entry) => {
            match delete_save(&entry.path) {
                Ok(()) => {
                    s.refresh(&to.dir);
                    s.message = None;
                }
                Err(e) => s.message = Some(failed(w, &entry.name, &e)),
            }
            s.confirm_delete = false;
        }
        SavesChoice::Copy(entry) => {
            let record = match entry.as_ref().map(|e| &e.content) {
                Some(Ok(summary)) => summary.record_text.clone(),
                _ => crate::persist::save::record_of_named(&to.game, &to.seats, &to.names)
                    .to_string(),
            };
            ctx.copy_text(record);
            s.message = Some(Message::Done(w.t("saves-copied")));
        }
        SavesChoice::StartPasted(text) => {
            to.requests.write(PersistRequest::Paste(text));
            to.dialogs.close();
        }
        SavesChoice::Analyse(entry) => {
            to.requests.write(PersistRequest::Analyse(entry.path));
            to.dialogs.close();
        }
        SavesChoice::AnalysePasted(text) => {
            to.requests.write(PersistRequest::AnalysePasted(text));
            to.dialogs.close();
        }
        SavesChoice::Download(entry) => download(entry, w, s, to),
        SavesChoice::OpenDeviceFile => {
            to.files.write(DeviceFileRequest::Open);
            to.dialogs.close();
        }
        SavesChoice::Close => to.dialogs.close(),
    }
}

/// Offers the selected save's file (as it is kept), or the game's, as a download.
fn download(entry: Option<SaveEntry>, w: &Words, s: &mut SavesState, to: &mut SavesTargets) {
    let (name, bytes) = match &entry {
        Some(entry) => match read_capped(&entry.path, MAX_RECORD_BYTES) {
            Ok(bytes) => (entry.name.clone(), bytes),
            Err(e) => {
                s.message = Some(failed(w, &entry.name, &e));
                return;
            }
        },
        None => {
            let view = crate::persist::current_view(to.rig.as_deref());
            let file = crate::persist::save::save_file_named(&to.game, &to.seats, &to.names, view);
            (s.name.clone(), file.to_json().into_bytes())
        }
    };
    let name = device_files::download_name(&name);
    s.message = Some(Message::Done(
        w.t_with("saves-downloaded", [("name", name.as_str().into())]),
    ));
    to.files.write(DeviceFileRequest::Download { name, bytes });
}

/// The saves window's area (its rectangle is in egui's memory under this id).
pub const AREA: &str = "saves";

/// The saves window: the name and Save, the list (scrolling), the buttons, the message and the
/// pasted record; as wide as the window allows, the list shorter in a short window. `playing`:
/// there is a game to save. What the player asked for, if anything.
pub fn draw(
    ctx: &egui::Context,
    w: &Words,
    s: &mut SavesState,
    playing: bool,
) -> Option<SavesChoice> {
    let screen = ctx.content_rect();
    // Wide enough for the six columns of the list where the window allows (it scrolls sideways
    // in a narrower one).
    let width = (screen.width() - 40.0).clamp(200.0, 920.0);
    // The window less its title bar and margins: the rest scrolls when it is taller.
    let room = (screen.height() - 100.0).max(60.0);
    let mut open = true;
    let mut choice = None;
    egui::Window::new(w.t("saves-title"))
        .id(egui::Id::new(AREA))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .min_width(width)
        .max_width(width)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            // A bar that shows whenever the window scrolls, not only under the pointer.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .id_salt("saves window")
                .max_height(room)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    choice = body(ui, w, s, playing, room);
                });
        });
    if !open {
        choice = Some(SavesChoice::Close);
    }
    choice
}

/// The window's content: the name and Save, the list, the buttons, the message, the pasted
/// record.
fn body(
    ui: &mut egui::Ui,
    w: &Words,
    s: &mut SavesState,
    playing: bool,
    room: f32,
) -> Option<SavesChoice> {
    let mut choice = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(w.t("saves-name"));
        let field = egui::TextEdit::singleline(&mut s.name)
            .desired_width((ui.available_width() - 100.0).clamp(80.0, 300.0));
        let name = ui.add(field);
        super::landmark::mark(ui, "saves/name", &name);
        let save = ui.add_enabled(playing, egui::Button::new(w.t("saves-save")));
        super::landmark::mark(ui, "saves/save", &save);
        if save.clicked() {
            choice = Some(SavesChoice::Save);
        }
    });
    ui.separator();
    list(ui, w, s, room / 2.0);
    ui.separator();
    choice = buttons(ui, w, s).or(choice);
    message(ui, s);
    paste(ui, w, s).or(choice)
}

/// The message under the buttons: green when done, orange for a problem.
fn message(ui: &mut egui::Ui, s: &SavesState) {
    let (colour, line) = match &s.message {
        Some(Message::Done(line)) => (egui::Color32::from_rgb(130, 210, 120), line),
        Some(Message::Problem(line)) => (egui::Color32::from_rgb(220, 120, 80), line),
        None => return,
    };
    let label = ui.add(egui::Label::new(egui::RichText::new(line).color(colour)).wrap());
    super::landmark::mark(ui, "saves/message", &label);
}

fn list(ui: &mut egui::Ui, w: &Words, s: &mut SavesState, room: f32) {
    if s.entries.is_empty() {
        ui.label(w.t("saves-empty"));
        return;
    }
    egui::ScrollArea::both()
        .id_salt("saves list")
        .max_height(room.min(260.0))
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
                        let line = ui.selectable_label(s.selected == Some(i), &entry.name);
                        if i == 0 {
                            super::landmark::mark(ui, "saves/first", &line);
                        }
                        if line.clicked() {
                            s.selected = Some(i);
                            s.confirm_delete = false;
                        }
                        ui.label(entry.date.as_deref().unwrap_or("–"));
                        match &entry.content {
                            Ok(summary) => {
                                ui.label(text::game_name(w, summary.settings.config.kind));
                                ui.label(if summary.analysis {
                                    w.t("saves-analysis")
                                } else {
                                    text::players_short(w, &summary.settings)
                                });
                                ui.label(summary.move_number.to_string());
                                ui.label(text::result(w, summary.result));
                            }
                            Err(problem) => {
                                ui.label("–");
                                ui.label(w.t_with(
                                    "saves-unreadable",
                                    [
                                        (
                                            "problem",
                                            super::problems::file_problem(w, problem).into(),
                                        ),
                                    ],
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

/// A rename or a delete that failed: the save's name and the problem, in the player's words (the
/// system's are logged).
fn failed(w: &Words, name: &str, error: &std::io::Error) -> Message {
    warn!("the save {name}: {error}");
    let problem = super::problems::file_trouble(w, FileTrouble::from_io(error));
    Message::Problem(w.t_with(
        "saves-failed",
        [("name", name.into()), ("problem", problem.into())],
    ))
}

fn buttons(ui: &mut egui::Ui, w: &Words, s: &mut SavesState) -> Option<SavesChoice> {
    let selected = s.selected.and_then(|i| s.entries.get(i)).cloned();
    let mut choice = None;
    ui.horizontal_wrapped(|ui| {
        let button = |ui: &mut egui::Ui, key: &str, landmark, enabled: bool| {
            let b = ui.add_enabled(enabled, egui::Button::new(w.t(key)));
            super::landmark::mark(ui, landmark, &b);
            b.clicked()
        };
        let some = selected.is_some();
        if button(ui, "saves-open", "saves/open", some) {
            choice = selected.clone().map(SavesChoice::Open);
        }
        if button(ui, "saves-analyse", "saves/analyse", some) {
            choice = selected.clone().map(SavesChoice::Analyse);
        }
        if button(ui, "saves-rename", "saves/rename", some) {
            choice = selected.clone().map(SavesChoice::Rename);
        }
        if button(ui, "saves-delete", "saves/delete", some) {
            s.confirm_delete = true;
        }
        if button(ui, "saves-copy", "saves/copy", true) {
            choice = Some(SavesChoice::Copy(selected.clone()));
        }
        if button(ui, "saves-paste", "saves/paste", true) {
            s.paste = Some(String::new());
        }
        if device_files::available() {
            if button(ui, "saves-download", "saves/download", true) {
                choice = Some(SavesChoice::Download(selected.clone()));
            }
            let open = ui.button(w.t("saves-open-file"));
            super::landmark::mark(ui, "saves/open-file", &open);
            device_files::opens_the_picker(ui.ctx(), &open);
            if open.clicked() {
                choice = Some(SavesChoice::OpenDeviceFile);
            }
        }
        if button(ui, "saves-close", "saves/close", true) {
            choice = Some(SavesChoice::Close);
        }
    });
    if s.confirm_delete
        && let Some(entry) = &selected
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(w.t_with(
                "saves-confirm-delete",
                [("name", entry.name.as_str().into())],
            ));
            let delete = ui.button(w.t("saves-delete-confirm"));
            super::landmark::mark(ui, "saves/delete-confirm", &delete);
            if delete.clicked() {
                choice = Some(SavesChoice::Delete(entry.clone()));
            }
            let keep = ui.button(w.t("saves-close"));
            super::landmark::mark(ui, "saves/delete-keep", &keep);
            if keep.clicked() {
                s.confirm_delete = false;
            }
        });
    }
    choice
}

fn paste(ui: &mut egui::Ui, w: &Words, s: &mut SavesState) -> Option<SavesChoice> {
    let pasted = s.paste.as_mut()?;
    ui.separator();
    let field = ui.add(
        egui::TextEdit::multiline(pasted)
            .hint_text(w.t("saves-paste-hint"))
            .desired_rows(4)
            .desired_width(f32::INFINITY)
            .code_editor(),
    );
    super::landmark::mark(ui, "saves/pasted", &field);
    let some = !pasted.trim().is_empty();
    ui.horizontal_wrapped(|ui| {
        let start = ui.add_enabled(some, egui::Button::new(w.t("saves-start-pasted")));
        super::landmark::mark(ui, "saves/start-pasted", &start);
        let analyse = ui.add_enabled(some, egui::Button::new(w.t("saves-analyse-pasted")));
        super::landmark::mark(ui, "saves/analyse-pasted", &analyse);
        if start.clicked() {
            Some(SavesChoice::StartPasted(pasted.clone()))
        } else if analyse.clicked() {
            Some(SavesChoice::AnalysePasted(pasted.clone()))
        } else {
            None
        }
    })
    .inner
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameSettings, Language};
    use crate::persist::folder::SaveSummary;
    use crate::ui::layout_check::{ALL_SIZES, SCALES, Screen, fits};
    use gamut_engine::record::GameResult;

    /// A window with a dozen saves (the list scrolls), the first selected and its deletion
    /// asked, a record being pasted and the last save's confirmation.
    fn busy(w: &Words) -> SavesState {
        let entry = |i: usize| SaveEntry {
            path: format!("save {i}.json").into(),
            name: format!("Lines of Action 2026-11-{i:02}"),
            date: Some("2026.11.24".into()),
            content: Ok(SaveSummary {
                settings: GameSettings::default(),
                plies: 40,
                move_number: 20,
                result: GameResult::Unfinished,
                record_text: String::new(),
                analysis: i == 2,
            }),
        };
        let saved = Notice::Saved("Lines of Action 2026-11-24".into());
        SavesState {
            entries: (1..=12).map(entry).collect(),
            selected: Some(0),
            name: "Lines of Action 2026-11-24".into(),
            confirm_delete: true,
            paste: Some("[Game \"Lines of Action\"]\n1. b1-b3 a2-c2".into()),
            message: save_outcome(w, Some(&saved)),
            saving: false,
        }
    }

    const CONTROLS: [&str; 14] = [
        "saves/name",
        "saves/save",
        "saves/first",
        "saves/open",
        "saves/rename",
        "saves/delete",
        "saves/copy",
        "saves/paste",
        "saves/close",
        "saves/delete-confirm",
        "saves/delete-keep",
        "saves/message",
        "saves/pasted",
        "saves/start-pasted",
    ];

    /// Every control of a busy saves window, and the confirmation of a save, can be reached at
    /// every size, scale and language; nothing overlaps or runs out of the window.
    #[test]
    fn every_control_and_the_message_can_be_reached_everywhere() {
        for language in Language::ALL {
            let w = Words::from_assets(language);
            for (width, height) in ALL_SIZES {
                for scale in SCALES {
                    if !fits(width, scale) {
                        continue;
                    }
                    let screen = Screen::new(width, height, scale);
                    let mut s = busy(&w);
                    let mut show = |ctx: &egui::Context| {
                        draw(ctx, &w, &mut s, true);
                    };
                    screen.check(&format!("{language:?}"), Some(AREA), &CONTROLS, &mut show);
                }
            }
        }
    }

    /// The saves window's controls are drawn in the first frame where they stay, as every
    /// window's are (`style::settle_windows`).
    #[test]
    fn the_window_does_not_grow_after_it_opens() {
        let w = Words::from_assets(Language::English);
        let names = ["saves/save", "saves/first", "saves/open", "saves/paste"];
        let mut s = busy(&w);
        crate::ui::layout_check::assert_window_settles(&names, |ctx| {
            draw(ctx, &w, &mut s, true);
        });
    }

    /// A save says where it went, or why it failed; other notices are not its answer.
    #[test]
    fn a_save_is_confirmed_or_its_problem_told() {
        let w = Words::from_assets(Language::English);
        let done = save_outcome(&w, Some(&Notice::Saved("Friday".into())));
        assert!(
            matches!(&done, Some(Message::Done(line)) if line.contains("Friday")),
            "{done:?}"
        );
        let failed = Notice::CannotSave {
            file: "/saves/Friday.json".into(),
            problem: FileTrouble::DiskFull,
        };
        let problem = save_outcome(&w, Some(&failed));
        assert!(
            matches!(&problem, Some(Message::Problem(line)) if line.contains("disk is full")),
            "{problem:?}"
        );
        assert_eq!(save_outcome(&w, None), None);
        assert_eq!(save_outcome(&w, Some(&Notice::Opened("x".into()))), None);
    }
}
