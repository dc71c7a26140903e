//! Where saves, the autosave and the settings live: `--data-dir DIR`, or the OS folders — the
//! store's folder back end ([`crate::store::FolderBackend`]) today.

use std::path::{Path, PathBuf};

use std::sync::Arc;

use bevy::prelude::*;

use crate::store::{FolderBackend, Place};

/// The autosave's name in the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.json";

/// The folders of the game's files.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct DataDir {
    /// Saves (`saves/`) and the autosave.
    pub data: PathBuf,
    /// The settings file.
    pub config: PathBuf,
}

impl DataDir {
    /// Everything in one folder (`--data-dir`, tests).
    pub fn at(dir: impl Into<PathBuf>) -> DataDir {
        let dir = dir.into();
        DataDir {
            data: dir.clone(),
            config: dir,
        }
    }

    /// The OS folders (`directories`), or `./gamut-data` when the OS gives none. In the
    /// browser, `gamut-data` names the player's files in the page's storage.
    pub fn from_os() -> DataDir {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(dirs) = directories::ProjectDirs::from("", "", "gamut") {
            return DataDir {
                data: dirs.data_dir().to_path_buf(),
                config: dirs.config_dir().to_path_buf(),
            };
        }
        DataDir::at("gamut-data")
    }

    /// The saves folder.
    pub fn saves(&self) -> PathBuf {
        self.data.join("saves")
    }

    /// The player's own puzzles (saved from the board editor), a file each.
    pub fn puzzles(&self) -> PathBuf {
        self.data.join("puzzles")
    }

    /// The autosave file.
    pub fn autosave(&self) -> PathBuf {
        self.data.join(AUTOSAVE_FILE)
    }

    /// The settings file.
    pub fn settings(&self) -> PathBuf {
        self.config.join("settings.json")
    }

    /// The store's file `key` in the data folder (`ratings.json`, `saves/x.json`).
    pub fn data_place(&self, key: &str) -> Place {
        Place::new(Arc::new(FolderBackend::new(&self.data)), key)
    }

    /// The store's file `key` in the config folder (`settings.json`, `puzzles.json`).
    pub fn config_place(&self, key: &str) -> Place {
        Place::new(Arc::new(FolderBackend::new(&self.config)), key)
    }

    /// The store's file of the save of a name typed by the player (see [`DataDir::save_file`]).
    pub fn save_place(&self, name: &str) -> Place {
        self.data_place(&format!("saves/{}.json", file_stem(name)))
    }

    /// The save file of a name typed by the player (characters a file name cannot hold are
    /// replaced; `.json` added).
    pub fn save_file(&self, name: &str) -> PathBuf {
        self.saves().join(format!("{}.json", file_stem(name)))
    }
}

impl Default for DataDir {
    fn default() -> DataDir {
        DataDir::from_os()
    }
}

/// A name made safe as a file name: no separators or control characters, not empty.
pub fn file_stem(name: &str) -> String {
    let cleaned: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    let cleaned = cleaned.trim_matches('.').trim().to_string();
    if cleaned.is_empty() {
        "game".into()
    } else {
        cleaned
    }
}

/// A file's name for messages (the whole path when it has none).
pub fn display_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// The largest settings file read (1 MiB; a real one is well under 1 KiB).
pub const MAX_SETTINGS_BYTES: usize = 1 << 20;

pub use crate::store::read_capped;
