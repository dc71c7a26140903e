//! The autosave: written after every change of the game (a move, undo, redo, new game, a
//! resignation, a load), atomically, so killing the process loses at most the move in flight;
//! a panic hook writes the last one too. Read at the start by the store's one lifecycle
//! ([`crate::store::DocFile`]): an autosave that cannot be read is moved aside
//! (`autosave.bad-<seconds>.json`, byte for byte) and the player told; one from a newer version
//! of the game (or one that cannot be moved aside) is left as it is and not written this run.
//! On the next start an unfinished autosaved game is offered.

use std::path::PathBuf;
use std::sync::{Mutex, Once};

use bevy::prelude::*;
use gamut_engine::record::{MAX_RECORD_BYTES, RecordErrorKind, SAVE_FORMAT};

use super::current_view;
use super::paths::{AUTOSAVE_FILE, DataDir, read_capped};
use super::save::{Loaded, load, save_file_named};
use crate::board::camera::CameraRig;
use crate::model::{CurrentGame, DataFile, FileProblem, FileTrouble, GameSettings, Notice, Seats};
use crate::store::{Aside, DocFile, Parsed, Spec, write_file};

/// The autosave as the store keeps it.
const SPEC: Spec = Spec {
    file: DataFile::Autosave,
    limit: MAX_RECORD_BYTES,
    aside: Aside::Stamped,
};

/// The autosave file as read at the start: whether it may be written, and what went wrong.
#[derive(Resource, Debug, Clone, Default)]
pub struct AutosaveFile(pub DocFile);

/// The autosaved game offered at the start ("Resume: …"), when it is unfinished.
#[derive(Resource, Debug, Clone, Default)]
pub struct ResumeOffer(pub Option<ResumeSummary>);

/// What the resume offer says of the game.
#[derive(Debug, Clone)]
pub struct ResumeSummary {
    /// Its settings (game, variant, players).
    pub settings: GameSettings,
    /// The numbered move it is at.
    pub move_number: usize,
}

/// The last autosave's text, for the panic hook, and whether it reached the disk.
static LAST: Mutex<Option<(PathBuf, String, bool)>> = Mutex::new(None);

/// Installs (once) a panic hook that writes the last autosave if it has not been written.
pub fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Ok(mut last) = LAST.try_lock()
                && let Some((path, text, written)) = last.as_mut()
                && !*written
                && write_file(path, text.as_bytes()).is_ok()
            {
                *written = true;
            }
            previous(info);
        }));
    });
}

/// Reads the autosave: `None` when there is none.
pub fn read_autosave(dir: &DataDir, current: &GameSettings) -> Option<Result<Loaded, Notice>> {
    let path = dir.autosave();
    match read_capped(&path, MAX_RECORD_BYTES) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => Some(Err(Notice::CannotOpen {
            file: path.display().to_string(),
            problem: crate::model::FileProblem::Unreadable(FileTrouble::from_io(&e)),
        })),
        Ok(bytes) => Some(load(&bytes, current).map_err(|e| Notice::CannotOpen {
            file: path.display().to_string(),
            problem: crate::model::FileProblem::Record(Box::new(e)),
        })),
    }
}

/// The autosave's bytes read as a game, for the store's lifecycle: a newer format is too new,
/// any other problem broken.
fn parse(bytes: &[u8], current: &GameSettings) -> Parsed<Loaded> {
    match load(bytes, current) {
        Ok(loaded) => Parsed::Read(loaded),
        Err(e) => match e.kind {
            RecordErrorKind::SaveFormatTooNew { format } => Parsed::TooNew {
                format,
                newest: SAVE_FORMAT,
            },
            _ => Parsed::Broken {
                why: FileProblem::Record(Box::new(e)),
                salvaged: None,
            },
        },
    }
}

/// At the start: reads the autosave through the store's lifecycle (a broken one is kept
/// aside), offers an unfinished autosaved game, or tells what became of the file.
pub(super) fn offer_resume(
    dir: Res<DataDir>,
    settings: Res<GameSettings>,
    game: Res<CurrentGame>,
    mut offer: ResMut<ResumeOffer>,
    mut status: ResMut<crate::play::Status>,
    mut file: ResMut<AutosaveFile>,
) {
    let (loaded, read) = DocFile::open(dir.data_place(AUTOSAVE_FILE), SPEC, |bytes| {
        parse(bytes, &settings)
    });
    file.0 = read;
    if let Some(report) = file.0.problem.clone() {
        eprintln!("gamut: {report:?}");
        status.post(Notice::DataFile(report), &game);
    }
    if let Some(loaded) = loaded {
        offer.0 = unfinished(&loaded);
    }
}

/// Back at the title (from a lesson, a puzzle, the Exhibition, a game): the unfinished autosaved
/// game is offered again (a file that cannot be read was reported at the start).
pub(super) fn renew_offer(
    dir: Res<DataDir>,
    settings: Res<GameSettings>,
    mut offer: ResMut<ResumeOffer>,
) {
    offer.0 = match read_autosave(&dir, &settings) {
        Some(Ok(loaded)) => unfinished(&loaded),
        _ => None,
    };
}

/// What the offer says of a loaded autosave, when its game is unfinished.
fn unfinished(loaded: &Loaded) -> Option<ResumeSummary> {
    (loaded.game.end().is_none() && loaded.game.ply() > 0).then(|| ResumeSummary {
        settings: loaded.settings,
        move_number: loaded.game.move_lines(),
    })
}

/// The offer goes once a game starts.
pub(super) fn withdraw_offer(mut offer: ResMut<ResumeOffer>) {
    offer.0 = None;
}

/// What was last autosaved: the moment of the game, its end and the settings.
#[derive(Default)]
pub(super) struct Written {
    key: Option<((u64, usize), bool, GameSettings, crate::model::SeatNames)>,
}

/// Writes the autosave when the game changed since the last one (not before this session's
/// first move or load, so a fresh start never replaces an unfinished game). Runs only for the
/// player's own game while it is played or over (see `PersistPlugin`): the Exhibition's,
/// lessons' and puzzles' games never replace an unfinished game, and in review the board shows
/// the game taken back to a move (the whole game was saved before).
pub(super) fn autosave(
    dir: Res<DataDir>,
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    names: Res<crate::model::SeatNames>,
    rig: Option<Res<CameraRig>>,
    mut file: ResMut<AutosaveFile>,
    mut written: Local<Written>,
) {
    let key = (game.moment(), game.end().is_some(), seats.0, names.clone());
    if written.key.as_ref() == Some(&key) {
        return;
    }
    if written.key.is_none() && game.ply() == 0 {
        return;
    }
    // Never over a file that could not be read and could not be moved aside, nor a newer
    // version's.
    if !file.0.writable() {
        return;
    }
    written.key = Some(key);
    let text = save_file_named(&game, &seats, &names, current_view(rig.as_deref())).to_json();
    let ok = file.0.save(text.as_bytes());
    if let Ok(mut last) = LAST.lock() {
        *last = Some((dir.autosave(), text, ok));
    }
}
