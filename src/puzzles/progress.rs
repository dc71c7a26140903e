//! What the player has done with each puzzle (new, tried, solved), kept in `puzzles.json` next
//! to the settings file and written atomically after every change. A file that cannot be read
//! is reported, kept exactly as it was (never overwritten: the progress of this run stays in
//! memory only), and the game goes on.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::FileTrouble;
use crate::persist::DataDir;
use crate::persist::atomic::write_atomic;
use crate::persist::paths::{MAX_SETTINGS_BYTES, display_name, read_capped};

/// The progress file's name, in the settings folder.
pub const PROGRESS_FILE: &str = "puzzles.json";

/// The version of the progress file written.
const FORMAT: u32 = 1;

/// A puzzle's state in the list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PuzzleState {
    /// Never tried.
    #[default]
    New,
    /// Tried, not solved (or solved only after the solution was shown).
    Tried,
    /// Solved without showing the solution.
    Solved,
}

/// The file's contents.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct ProgressFile {
    format: u32,
    puzzles: BTreeMap<String, PuzzleState>,
}

/// A problem with the progress file, for the list to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgressProblem {
    /// The file could not be read: it is kept as it was and not written this run.
    Unreadable {
        /// The file's name.
        file: String,
        /// What is wrong.
        problem: FileTrouble,
    },
    /// The file could not be written.
    Unwritable {
        /// The file's name.
        file: String,
        /// What went wrong.
        problem: FileTrouble,
    },
}

/// The progress of every puzzle, and where it is kept.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PuzzleProgress {
    states: BTreeMap<String, PuzzleState>,
    /// The file (none: kept in memory only).
    pub path: Option<PathBuf>,
    /// Whether the file may be written (not when it could not be read).
    writable: bool,
    /// What went wrong with the file, if anything.
    pub problem: Option<ProgressProblem>,
}

impl PuzzleProgress {
    /// The progress file of a data folder.
    pub fn file_in(dir: &DataDir) -> PathBuf {
        dir.config.join(PROGRESS_FILE)
    }

    /// Reads the progress file. Missing: nothing done yet. Unreadable: nothing done, the
    /// problem kept to be shown, and the file never written.
    pub fn load(path: &Path) -> PuzzleProgress {
        let mut progress = PuzzleProgress {
            path: Some(path.to_path_buf()),
            writable: true,
            ..default()
        };
        let read = match read_capped(path, MAX_SETTINGS_BYTES) {
            Ok(bytes) => serde_json::from_slice::<ProgressFile>(&bytes)
                .map_err(|e| logged(path, &e, FileTrouble::from_json(&e))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return progress,
            Err(e) => Err(logged(path, &e, FileTrouble::from_io(&e))),
        };
        let read = read.and_then(|file| {
            if file.format > FORMAT {
                let trouble = FileTrouble::FormatTooNew {
                    format: file.format.into(),
                    newest: FORMAT.into(),
                };
                Err(logged(path, &format!("format {}", file.format), trouble))
            } else {
                Ok(file)
            }
        });
        match read {
            Ok(file) => progress.states = file.puzzles,
            Err(problem) => {
                progress.writable = false;
                progress.problem = Some(ProgressProblem::Unreadable {
                    file: display_name(path),
                    problem,
                });
            }
        }
        progress
    }

    /// A puzzle's state.
    pub fn state(&self, id: &str) -> PuzzleState {
        self.states.get(id).copied().unwrap_or_default()
    }

    /// How many of `ids` are solved.
    pub fn solved_among<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> usize {
        ids.into_iter()
            .filter(|id| self.state(id) == PuzzleState::Solved)
            .count()
    }

    /// Records a puzzle's new state (a solved puzzle stays solved) and writes the file.
    pub fn mark(&mut self, id: &str, state: PuzzleState) {
        let old = self.state(id);
        let new = old.max_with(state);
        if new == old {
            return;
        }
        self.states.insert(id.to_string(), new);
        self.save();
    }

    fn save(&mut self) {
        let Some(path) = self.path.clone().filter(|_| self.writable) else {
            return;
        };
        let file = ProgressFile {
            format: FORMAT,
            puzzles: self.states.clone(),
        };
        let written = serde_json::to_string_pretty(&file)
            .map_err(std::io::Error::other)
            .and_then(|text| write_atomic(&path, format!("{text}\n").as_bytes()));
        match written {
            Ok(()) => {
                if matches!(self.problem, Some(ProgressProblem::Unwritable { .. })) {
                    self.problem = None;
                }
            }
            Err(e) => {
                warn!("cannot write the puzzle progress {}: {e}", path.display());
                self.problem = Some(ProgressProblem::Unwritable {
                    file: display_name(&path),
                    problem: FileTrouble::from_io(&e),
                });
            }
        }
    }
}

/// Logs why the progress file cannot be read, in the system's words; gives the typed reason the
/// list shows.
fn logged(path: &Path, said: &dyn std::fmt::Display, trouble: FileTrouble) -> FileTrouble {
    warn!("cannot read the puzzle progress {}: {said}", path.display());
    trouble
}

impl PuzzleState {
    /// The further of two states (solved > tried > new).
    fn max_with(self, other: PuzzleState) -> PuzzleState {
        let rank = |s: PuzzleState| match s {
            PuzzleState::New => 0,
            PuzzleState::Tried => 1,
            PuzzleState::Solved => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

/// Reads the progress file of the data folder at the start (kept in memory when there is none).
pub(super) fn load_progress(dir: Option<Res<DataDir>>, mut commands: Commands) {
    let progress = match dir {
        Some(dir) => PuzzleProgress::load(&PuzzleProgress::file_in(&dir)),
        None => PuzzleProgress::default(),
    };
    commands.insert_resource(progress);
}
