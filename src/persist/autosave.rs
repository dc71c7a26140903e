//! The autosave: written after every change of the game (a move, undo, redo, new game, a
//! resignation, a load), atomically, so killing the process loses at most the move in flight;
//! a panic hook writes the last one too. An autosave that cannot be read is moved aside before
//! the first new one. On the next start an unfinished autosaved game is offered.

use std::path::PathBuf;
use std::sync::{Mutex, Once};

use bevy::prelude::*;
use gamut_engine::record::MAX_RECORD_BYTES;

use super::atomic::{move_aside, write_atomic};
use super::current_view;
use super::paths::{DataDir, display_name, read_capped};
use super::save::{Loaded, load, save_file_named};
use crate::board::camera::CameraRig;
use crate::model::{CurrentGame, FileTrouble, GameSettings, Notice, Seats};

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
                && write_atomic(path, text.as_bytes()).is_ok()
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

/// At the start: offers an unfinished autosaved game, or tells why the autosave cannot be read.
pub(super) fn offer_resume(
    dir: Res<DataDir>,
    settings: Res<GameSettings>,
    game: Res<CurrentGame>,
    mut offer: ResMut<ResumeOffer>,
    mut status: ResMut<crate::play::Status>,
) {
    match read_autosave(&dir, &settings) {
        Some(Ok(loaded)) => offer.0 = unfinished(&loaded),
        Some(Err(notice)) => {
            eprintln!("gamut: {notice:?}");
            status.post(notice, &game);
        }
        None => {}
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
    checked: bool,
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
    mut written: Local<Written>,
) {
    let key = (game.moment(), game.end().is_some(), seats.0, names.clone());
    if written.key.as_ref() == Some(&key) {
        return;
    }
    if written.key.is_none() && game.ply() == 0 {
        return;
    }
    let path = dir.autosave();
    if !written.checked {
        if set_aside_if_unreadable(&dir, &seats).is_err() {
            // Never overwrite a file that could not be read and could not be moved aside.
            return;
        }
        written.checked = true;
    }
    written.key = Some(key);
    let text = save_file_named(&game, &seats, &names, current_view(rig.as_deref())).to_json();
    let ok = match write_atomic(&path, text.as_bytes()) {
        Ok(()) => true,
        Err(e) => {
            warn!("cannot write the autosave {}: {e}", path.display());
            false
        }
    };
    if let Ok(mut last) = LAST.lock() {
        *last = Some((path, text, ok));
    }
}

/// Moves an autosave that cannot be read aside (`autosave.bad-<seconds>.json`), never deleting
/// it. Gives the new name, or an error when it could not be moved.
pub fn set_aside_if_unreadable(
    dir: &DataDir,
    settings: &GameSettings,
) -> std::io::Result<Option<String>> {
    if let Some(Err(_)) = read_autosave(dir, settings) {
        let kept = move_aside(&dir.autosave(), false)?;
        let name = display_name(&kept);
        eprintln!("gamut: the autosave could not be read; kept as {name}");
        return Ok(Some(name));
    }
    Ok(None)
}
