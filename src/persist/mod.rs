//! Saves, autosave, resume and remembered settings. A save file is JSON (the engine's
//! [`gamut_engine::record::SaveFile`]: a format number, the record, and the players, think time
//! and view beside it); files are read, written (atomically) and kept aside through the store
//! ([`crate::store`]); a file that cannot be read gives a notice naming it and the problem, is
//! never deleted or overwritten, and the game on the board is kept. Works headless (tests add [`PersistPlugin`] to a headless app with a
//! [`DataDir`] of their own).

pub mod atomic;
pub mod autosave;
pub mod folder;
pub mod paths;
pub mod save;
pub mod settings;

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gamut_engine::record::{MAX_RECORD_BYTES, Record, SaveFile};

use crate::board::camera::CameraRig;
use crate::model::{
    CLIPBOARD, CurrentGame, FileProblem, FileTrouble, GameSettings, Notice, Presentation, Seats,
};
use crate::play::{AppState, GameMode, OpenAnalysis, PlaySystems, StartAs, StartGame, Status};

pub use autosave::{ResumeOffer, ResumeSummary};
pub use paths::DataDir;
pub use save::{Loaded, SavedView};
pub use settings::{Preferences, TablePrefs};

/// What the player (or the command line) asks of the saves.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum PersistRequest {
    /// Save the game under this name in the saves folder.
    Save(String),
    /// Open a save or record file.
    Open(PathBuf),
    /// Start from a pasted record (or save) text.
    Paste(String),
    /// Continue the autosaved game.
    Resume,
    /// Save an analysis (the record with its variations and comments) under this name in the
    /// saves folder; it opens on the analysis board again.
    SaveAnalysis {
        /// The name typed.
        name: String,
        /// The analysis.
        record: Box<Record>,
    },
    /// Open a save or record file on the analysis board, with its variations.
    Analyse(PathBuf),
    /// Open a pasted record (or save, or a position of the game on the board) on the analysis
    /// board.
    AnalysePasted(String),
    /// Open a file the player chose on their device (the page's file picker, see
    /// `crate::device_files`): as [`PersistRequest::Open`] does, from its bytes.
    OpenFile {
        /// The file's name, as the device gave it.
        name: String,
        /// Its bytes, or why they could not be read.
        bytes: Result<Vec<u8>, FileTrouble>,
    },
}

/// The field of a save file that says it holds an analysis (it opens on the analysis board).
const ANALYSIS_FIELD: &str = "analysis";

/// What to do at the start (`--open`, `--resume`).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PersistStart {
    /// `--open FILE`.
    pub open: Option<PathBuf>,
    /// `--resume`.
    pub resume: bool,
}

/// Saves, autosave, resume and settings.
pub struct PersistPlugin;

impl Plugin for PersistPlugin {
    fn build(&self, app: &mut App) {
        autosave::install_panic_hook();
        app.init_resource::<DataDir>()
            .init_resource::<PersistStart>()
            .init_resource::<ResumeOffer>()
            .init_resource::<Preferences>()
            .init_resource::<autosave::AutosaveFile>()
            .add_message::<PersistRequest>()
            .add_systems(Startup, (autosave::offer_resume, start_requests).chain())
            .add_systems(OnEnter(AppState::Menu), autosave::renew_offer)
            .add_systems(OnExit(AppState::Menu), autosave::withdraw_offer)
            // A loaded game's pieces are rebuilt by the play systems in the same frame (the
            // monkey test saw a frame with the new game and the old pieces).
            .add_systems(Update, handle_requests.before(PlaySystems))
            // Before play: the game on the board and the states agree (a game play starts in
            // this frame gets its mode at the next state transition; a lesson's game must
            // never be written as the player's).
            .add_systems(
                Update,
                autosave::autosave
                    .run_if(in_state(GameMode::Own))
                    .run_if(|state: Res<State<AppState>>| {
                        matches!(state.get(), AppState::Playing | AppState::GameOver)
                    })
                    .before(PlaySystems),
            )
            .add_systems(
                Update,
                (remember_settings, remember_presentation, remember_names)
                    .chain()
                    .after(PlaySystems),
            )
            .add_systems(Last, save_settings_on_exit);
    }
}

/// The view to keep in a save, when there is one.
pub(crate) fn current_view(rig: Option<&CameraRig>) -> Option<SavedView> {
    rig.map(|rig| SavedView {
        flat: rig.flat,
        flipped: rig.flipped,
    })
}

fn start_requests(start: Res<PersistStart>, mut requests: MessageWriter<PersistRequest>) {
    if let Some(path) = &start.open {
        requests.write(PersistRequest::Open(path.clone()));
    } else if start.resume {
        requests.write(PersistRequest::Resume);
    }
}

/// Everything loading a game changes.
#[derive(bevy::ecs::system::SystemParam)]
pub struct LoadTargets<'w> {
    dir: Res<'w, DataDir>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    names: Res<'w, crate::model::SeatNames>,
    settings: Res<'w, GameSettings>,
    status: ResMut<'w, Status>,
    starts: MessageWriter<'w, StartGame>,
    analyses: MessageWriter<'w, OpenAnalysis>,
    rig: Option<ResMut<'w, CameraRig>>,
}

impl LoadTargets<'_> {
    fn cannot_open(&mut self, file: String, problem: FileProblem) {
        match &problem {
            FileProblem::Unreadable(trouble) => eprintln!("gamut: cannot open {file}: {trouble:?}"),
            FileProblem::Record(e) => eprintln!("gamut: cannot open {file}: {e}"),
        }
        self.status
            .post(Notice::CannotOpen { file, problem }, &self.game);
    }

    /// The loaded game goes to play as the player's own, with its seats; the view it was
    /// saved with comes back.
    fn start(&mut self, loaded: Loaded, notice: Notice) {
        if let (Some(rig), Some(view)) = (self.rig.as_mut(), loaded.view) {
            rig.flat = view.flat;
            rig.flipped = view.flipped;
        }
        self.starts.write(StartGame {
            names: loaded.names,
            game: Box::new(loaded.game),
            seats: loaded.settings,
            mode: StartAs::Own,
            notice: Some(notice),
        });
    }

    /// Opens a file: a saved analysis (or a record with variations) on the analysis board, any
    /// other game to play on.
    fn open(&mut self, path: &Path) {
        let bytes =
            paths::read_capped(path, MAX_RECORD_BYTES).map_err(|e| FileTrouble::from_io(&e));
        self.open_bytes(path.display().to_string(), paths::display_name(path), bytes);
    }

    /// Opens a file's bytes (`file`: its path or name for a problem, `shown`: its name for the
    /// notice that it opened).
    fn open_bytes(&mut self, file: String, shown: String, bytes: Result<Vec<u8>, FileTrouble>) {
        match bytes {
            Err(trouble) => self.cannot_open(file, FileProblem::Unreadable(trouble)),
            Ok(bytes) => match analysis_in(&bytes) {
                Some(record) => self.analyse_record(record),
                None => match save::load(&bytes, &self.settings) {
                    Ok(loaded) => self.start(loaded, Notice::Opened(shown)),
                    Err(e) => self.cannot_open(file, FileProblem::Record(Box::new(e))),
                },
            },
        }
    }

    /// Opens a file on the analysis board.
    fn analyse_file(&mut self, path: &Path) {
        let file = path.display().to_string();
        match paths::read_capped(path, MAX_RECORD_BYTES) {
            Err(e) => self.cannot_open(file, FileProblem::Unreadable(FileTrouble::from_io(&e))),
            Ok(bytes) => match gamut_engine::record::read_record_or_save_bytes(&bytes) {
                Ok(record) => self.analyse_record(record),
                Err(e) => self.cannot_open(file, FileProblem::Record(Box::new(e))),
            },
        }
    }

    /// A pasted record or save, or else a position of the game on the board, on the analysis
    /// board (the record's problem is the one told when neither reads).
    fn analyse_pasted(&mut self, text: &str) {
        match gamut_engine::record::read_record_or_save(text) {
            Ok(record) => self.analyse_record(record),
            Err(e) => match CurrentGame::from_text(self.game.config, text.trim()) {
                Ok(game) => {
                    self.analyses.write(OpenAnalysis::Game(Box::new(game)));
                }
                Err(_) => self.cannot_open(CLIPBOARD.into(), FileProblem::Record(Box::new(e))),
            },
        }
    }

    fn analyse_record(&mut self, record: Record) {
        self.analyses.write(OpenAnalysis::Record(Box::new(record)));
    }

    fn save(&mut self, name: &str) {
        let view = current_view(self.rig.as_deref());
        let text = save::save_file_named(&self.game, &self.seats, &self.names, view).to_json();
        self.save_text(name, &text);
    }

    /// Saves an analysis: its record, marked as an analysis so that it opens on the board.
    fn save_analysis(&mut self, name: &str, record: &Record) {
        let mut file = SaveFile::new(record.clone());
        file.extra
            .insert(ANALYSIS_FIELD.into(), serde_json::Value::Bool(true));
        self.save_text(name, &file.to_json());
    }

    fn save_text(&mut self, name: &str, text: &str) {
        let path = self.dir.save_file(name);
        let place = self.dir.save_place(name);
        // A file of that name that cannot be read is kept aside, not overwritten.
        if place.exists()
            && place
                .read(MAX_RECORD_BYTES)
                .ok()
                .and_then(|b| save::load(&b, &self.settings).ok())
                .is_none()
            && let Err(e) = place.move_aside(crate::store::Aside::Stamped)
        {
            self.cannot_save(&path, e);
            return;
        }
        match place.write(text.as_bytes()) {
            Ok(()) => {
                let notice = Notice::Saved(paths::file_stem(name));
                self.status.post(notice, &self.game);
            }
            Err(e) => self.cannot_save(&path, e),
        }
    }

    fn cannot_save(&mut self, path: &Path, e: std::io::Error) {
        eprintln!("gamut: cannot save {}: {e}", path.display());
        let notice = Notice::CannotSave {
            file: path.display().to_string(),
            problem: FileTrouble::from_io(&e),
        };
        self.status.post(notice, &self.game);
    }
}

fn handle_requests(mut requests: MessageReader<PersistRequest>, mut to: LoadTargets) {
    for request in requests.read() {
        match request {
            PersistRequest::Save(name) => to.save(name),
            PersistRequest::Open(path) => to.open(path),
            PersistRequest::OpenFile { name, bytes } => {
                to.open_bytes(name.clone(), name.clone(), bytes.clone())
            }
            PersistRequest::SaveAnalysis { name, record } => to.save_analysis(name, record),
            PersistRequest::Analyse(path) => to.analyse_file(path),
            PersistRequest::AnalysePasted(text) => to.analyse_pasted(text),
            PersistRequest::Paste(text) => match save::load(text.as_bytes(), &to.settings) {
                Ok(loaded) => to.start(loaded, Notice::Opened(CLIPBOARD.into())),
                Err(e) => to.cannot_open(CLIPBOARD.into(), FileProblem::Record(Box::new(e))),
            },
            PersistRequest::Resume => match autosave::read_autosave(&to.dir, &to.settings) {
                None => {
                    eprintln!("gamut: there is no unfinished game to resume");
                    to.status.post(Notice::NothingToResume, &to.game);
                }
                Some(Ok(loaded)) => to.start(loaded, Notice::Resumed),
                Some(Err(Notice::CannotOpen { file, problem })) => to.cannot_open(file, problem),
                Some(Err(notice)) => to.status.post(notice, &to.game),
            },
        }
    }
}

/// The record of a file that holds an analysis: a save marked as one, or any record with
/// variations (a game without them opens to be played on).
fn analysis_in(bytes: &[u8]) -> Option<Record> {
    let text = std::str::from_utf8(bytes).ok()?;
    if let Ok(file) = gamut_engine::record::read_save(text) {
        let marked = file.extra.get(ANALYSIS_FIELD) == Some(&serde_json::Value::Bool(true));
        return (marked || has_variations(&file.record)).then_some(file.record);
    }
    let record = Record::parse(text).ok()?;
    has_variations(&record).then_some(record)
}

fn has_variations(record: &Record) -> bool {
    record.moves.iter().any(|m| !m.variations.is_empty())
}

/// Remembers the New Game dialog's choices (and the animation speed) when they change, and
/// writes them. The games of the Exhibition, lessons and puzzles never change them.
fn remember_settings(
    dir: Res<DataDir>,
    settings: Res<GameSettings>,
    mut prefs: ResMut<Preferences>,
    mut last: Local<Option<GameSettings>>,
) {
    if last.as_ref() == Some(&*settings) {
        return;
    }
    *last = Some(*settings);
    let before = prefs.clone();
    prefs.remember(&settings);
    if *prefs != before
        && let Err(e) = prefs.save(&dir.settings())
    {
        warn!(
            "cannot write the settings {}: {e}",
            dir.settings().display()
        );
    }
}

/// Writes the settings when the people's names chosen in New Game change.
fn remember_names(
    dir: Res<DataDir>,
    names: Res<crate::model::ChosenNames>,
    mut prefs: ResMut<Preferences>,
) {
    if !names.is_changed() || prefs.chosen_names() == names.0 {
        return;
    }
    prefs.remember_names(&names.0);
    if let Err(e) = prefs.save(&dir.settings()) {
        warn!(
            "cannot write the settings {}: {e}",
            dir.settings().display()
        );
    }
}

/// Writes the settings when the player changes the language, theme, UI scale or sound.
fn remember_presentation(
    dir: Res<DataDir>,
    presentation: Option<Res<Presentation>>,
    mut prefs: ResMut<Preferences>,
) {
    let Some(presentation) = presentation else {
        return;
    };
    if !presentation.is_changed() || presentation.is_added() {
        return;
    }
    if prefs.presentation == *presentation {
        return;
    }
    prefs.presentation = *presentation;
    if let Err(e) = prefs.save(&dir.settings()) {
        warn!(
            "cannot write the settings {}: {e}",
            dir.settings().display()
        );
    }
}

/// On exit: the view and the window join the settings, which are written.
fn save_settings_on_exit(
    mut exits: MessageReader<AppExit>,
    dir: Res<DataDir>,
    rig: Option<Res<CameraRig>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut prefs: ResMut<Preferences>,
) {
    if exits.read().next().is_none() {
        return;
    }
    if let Some(view) = current_view(rig.as_deref()) {
        prefs.view = Some(view);
    }
    if let Ok(window) = windows.single() {
        prefs.window = Some(settings::WindowPrefs {
            width: window.resolution.width(),
            height: window.resolution.height(),
            fullscreen: !matches!(window.mode, bevy::window::WindowMode::Windowed),
        });
    }
    if let Err(e) = prefs.save(&dir.settings()) {
        warn!(
            "cannot write the settings {}: {e}",
            dir.settings().display()
        );
    }
}
