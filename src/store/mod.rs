//! The one store of the game's files: the settings, the autosave, the puzzle progress, the
//! ratings, the players, the tournament and the saves are all read, written and kept aside
//! here, with one lifecycle and one problem type ([`crate::model::FileReport`]).
//!
//! - [`Backend`] is the seam: where the bytes live. [`FolderBackend`] keeps them in the OS
//!   folders (the data folder of `--data-dir` or `directories`), [`MemoryBackend`] in memory
//!   (the unit tests; a browser port puts its storage behind the same four calls). Keys are
//!   relative names with `/` between folders (`ratings.json`, `saves/game.json`).
//! - [`Place`] is one file: a back end and a key.
//! - [`DocFile`] is the lifecycle of a versioned JSON document: missing → its default; written
//!   by a newer version → read-only, never written over, reported; broken → kept aside byte for
//!   byte and reported (a file that cannot be moved aside is left alone and not written that
//!   run); every write atomic.
//!
//! Depends on nothing of the game but `model` (for the problem type).

mod document;
pub mod files;
mod folder;
mod memory;
// The page's own; compiled for the desktop's tests too (they read the shipped folders).
#[cfg(any(target_arch = "wasm32", test))]
pub mod shipped;

use std::fmt;
use std::io;
use std::path::Path;
use std::sync::Arc;
use web_time::{SystemTime, UNIX_EPOCH};

pub use document::{DocFile, Parsed, Spec, plain_json, versioned_json};
pub use files::{read_capped, write_file};
pub use folder::FolderBackend;
pub use memory::MemoryBackend;

/// How a file that cannot be read is named when kept aside, beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aside {
    /// `NAME.bad-<seconds>.EXT` (`-1`, `-2`… added if taken).
    Stamped,
    /// `NAME.EXT.bad` (`.bad1`, `.bad2`… if taken): the settings file's, as before.
    Suffix,
}

/// Where the game's files live: read, written whole or not at all, moved aside. The seam a
/// browser's storage fills.
pub trait Backend: fmt::Debug + Send + Sync {
    /// What the back end is, for comparisons and the log (`folder /home/…`, `memory 3`).
    fn describe(&self) -> String;
    /// The whole of `key`, at most `limit` bytes: an error of kind `NotFound` when there is
    /// none, an error holding [`TooLarge`](crate::model::TooLarge) when it is larger (and it is
    /// not read into memory).
    fn read(&self, key: &str, limit: usize) -> io::Result<Vec<u8>>;
    /// Replaces `key` with `bytes` atomically: after a crash at any moment it holds the old
    /// bytes or the new ones, never a part; two writers never share a temporary file.
    fn write(&self, key: &str, bytes: &[u8]) -> io::Result<()>;
    /// Whether `key` holds anything.
    fn exists(&self, key: &str) -> bool;
    /// Moves `key` to `to` (an error if `to` is taken).
    fn rename(&self, key: &str, to: &str) -> io::Result<()>;
}

/// One file: a back end and a key in it.
#[derive(Clone)]
pub struct Place {
    backend: Arc<dyn Backend>,
    key: String,
}

impl Place {
    /// `key` in `backend`.
    pub fn new(backend: Arc<dyn Backend>, key: impl Into<String>) -> Place {
        Place {
            backend,
            key: key.into(),
        }
    }

    /// The file at `path`, in the folder back end of its folder.
    pub fn file(path: &Path) -> Place {
        let folder = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "file".into());
        Place::new(Arc::new(FolderBackend::new(folder)), name)
    }

    /// The key.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The file's name, for the player (the last part of the key).
    pub fn name(&self) -> String {
        last_part(&self.key).to_string()
    }

    /// Reads it whole (see [`Backend::read`]).
    pub fn read(&self, limit: usize) -> io::Result<Vec<u8>> {
        self.backend.read(&self.key, limit)
    }

    /// Writes it atomically (see [`Backend::write`]).
    pub fn write(&self, bytes: &[u8]) -> io::Result<()> {
        self.backend.write(&self.key, bytes)
    }

    /// Whether it holds anything.
    pub fn exists(&self) -> bool {
        self.backend.exists(&self.key)
    }

    /// Moves it aside, beside itself, under a name no file has (see [`Aside`]); gives that
    /// name.
    pub fn move_aside(&self, aside: Aside) -> io::Result<String> {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let to = aside_key(&self.key, aside, seconds, |k| self.backend.exists(k));
        self.backend.rename(&self.key, &to)?;
        Ok(last_part(&to).to_string())
    }
}

impl fmt::Debug for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.backend.describe(), self.key)
    }
}

impl PartialEq for Place {
    fn eq(&self, other: &Place) -> bool {
        self.key == other.key && self.backend.describe() == other.backend.describe()
    }
}

fn last_part(key: &str) -> &str {
    key.rsplit(['/', '\\']).next().unwrap_or(key)
}

/// The key a file that cannot be read is kept under, beside it: the first of the names
/// [`Aside`] gives that `taken` says is free.
pub fn aside_key(key: &str, aside: Aside, seconds: u64, taken: impl Fn(&str) -> bool) -> String {
    let (folder, name) = match key.rfind('/') {
        Some(i) => key.split_at(i + 1),
        None => ("", key),
    };
    let candidate = |n: usize| match aside {
        Aside::Suffix if n == 0 => format!("{folder}{name}.bad"),
        Aside::Suffix => format!("{folder}{name}.bad{n}"),
        Aside::Stamped => {
            let (stem, ext) = match name.rfind('.').filter(|&i| i > 0) {
                Some(i) => name.split_at(i),
                None => (name, ""),
            };
            let n = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            format!("{folder}{stem}.bad-{seconds}{n}{ext}")
        }
    };
    (0..).map(candidate).find(|k| !taken(k)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_aside_names_are_beside_the_file_and_never_taken() {
        let none = |_: &str| false;
        assert_eq!(
            aside_key("ratings.json", Aside::Stamped, 7, none),
            "ratings.bad-7.json"
        );
        assert_eq!(
            aside_key("saves/a game.json", Aside::Stamped, 7, none),
            "saves/a game.bad-7.json"
        );
        assert_eq!(
            aside_key("settings.json", Aside::Suffix, 7, none),
            "settings.json.bad"
        );
        let taken = |k: &str| k == "settings.json.bad" || k == "x.bad-7.json";
        assert_eq!(
            aside_key("settings.json", Aside::Suffix, 7, taken),
            "settings.json.bad1"
        );
        assert_eq!(
            aside_key("x.json", Aside::Stamped, 7, taken),
            "x.bad-7-1.json"
        );
        assert_eq!(aside_key("noext", Aside::Stamped, 7, none), "noext.bad-7");
    }
}
