//! What the player has done with each puzzle (new, tried, solved), kept in `puzzles.json` next
//! to the settings file and written atomically after every change, through the store's one
//! lifecycle ([`crate::store::DocFile`]): a file that cannot be read is kept aside byte for byte
//! (`puzzles.bad-<seconds>.json`) and reported, and a new one starts; one from a newer version
//! of the game is left as it is (the progress of this run stays in memory only).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::{DataFile, FileReport};
use crate::persist::DataDir;
use crate::persist::paths::MAX_SETTINGS_BYTES;
use crate::store::{Aside, DocFile, Place, Spec, versioned_json};

/// The progress file's name, in the settings folder.
pub const PROGRESS_FILE: &str = "puzzles.json";

/// The version of the progress file written.
const FORMAT: u32 = 1;

/// The progress file as the store keeps it.
const SPEC: Spec = Spec {
    file: DataFile::PuzzleProgress,
    limit: MAX_SETTINGS_BYTES,
    aside: Aside::Stamped,
};

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

/// The progress of every puzzle, and where it is kept.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct PuzzleProgress {
    states: BTreeMap<String, PuzzleState>,
    /// The file and what went wrong with it (none: kept in memory only).
    file: DocFile,
}

impl PuzzleProgress {
    /// The progress file of a data folder.
    pub fn file_in(dir: &DataDir) -> PathBuf {
        dir.config.join(PROGRESS_FILE)
    }

    /// Reads the progress file (see [`crate::store::DocFile`]). Missing: nothing done yet.
    pub fn load(path: &Path) -> PuzzleProgress {
        PuzzleProgress::open(Place::file(path))
    }

    /// Reads the progress file at `place`.
    pub fn open(place: Place) -> PuzzleProgress {
        let (read, file) = DocFile::open(place, SPEC, |bytes| {
            versioned_json::<ProgressFile>(bytes, "format", FORMAT)
        });
        PuzzleProgress {
            states: read.map(|f| f.puzzles).unwrap_or_default(),
            file,
        }
    }

    /// What went wrong with the file, if anything.
    pub fn problem(&self) -> Option<&FileReport> {
        self.file.problem.as_ref()
    }

    /// Sets what went wrong with the file (the screen's tests).
    pub fn set_problem(&mut self, problem: Option<FileReport>) {
        self.file.problem = problem;
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
        let file = ProgressFile {
            format: FORMAT,
            puzzles: self.states.clone(),
        };
        self.file.save_json(&file);
    }
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
        Some(dir) => PuzzleProgress::open(dir.config_place(PROGRESS_FILE)),
        None => PuzzleProgress::default(),
    };
    commands.insert_resource(progress);
}
