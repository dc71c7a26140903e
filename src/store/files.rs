//! The platform's files: every file the game reads or writes goes through these few calls.
//!
//! - On the desktop they are the disk's (`std::fs`), writes atomic through `tempfile`.
//! - In the browser (`wasm32`) the player's files are kept in the page's storage
//!   (`localStorage`, one entry a file, under the key `gamut:<path>`: `setItem` replaces an
//!   entry whole or not at all, so a write cut short never destroys the previous copy), and the
//!   files shipped with the game (the assets) are read from the page itself
//!   ([`super::shipped`]).
//!
//! Paths are the same on both: the browser's data folder is a name (`/gamut`), not a place on
//! a disk.

use std::io;
use std::path::{Path, PathBuf};

use web_time::SystemTime;

pub use imp::*;

/// A file of a folder's listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// Its path (the folder's joined with its name).
    pub path: PathBuf,
    /// When it was last written (the start of 1970 if the platform cannot say).
    pub modified: SystemTime,
}

/// The files (not the folders) of `dir` whose names end with `.{extension}`, in no particular
/// order; none if the folder cannot be read.
pub fn list_with_extension(dir: &Path, extension: &str) -> Vec<Listed> {
    list(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|f| f.path.extension().is_some_and(|e| e == extension))
        .collect()
}

/// The whole of a text file of at most `limit` bytes.
pub fn read_text(path: &Path, limit: usize) -> io::Result<String> {
    let bytes = read_capped(path, limit)?;
    String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

fn too_large(limit: usize) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, crate::model::TooLarge { limit })
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::fs;
    use std::io::{self, Read, Write};
    use std::path::Path;

    use super::Listed;

    /// Reads a whole file of at most `limit` bytes. A larger one is an error that says so (a
    /// [`TooLarge`](crate::model::TooLarge) inside it), and is never read into memory (a file
    /// of gigabytes must not bring the game down).
    pub fn read_capped(path: &Path, limit: usize) -> io::Result<Vec<u8>> {
        let file = fs::File::open(path)?;
        let mut bytes = Vec::new();
        file.take(limit as u64 + 1).read_to_end(&mut bytes)?;
        if bytes.len() > limit {
            return Err(super::too_large(limit));
        }
        Ok(bytes)
    }

    /// Writes `bytes` to `path` atomically: a temporary file of its own beside it, synced,
    /// renamed over it; the folder made if needed. A write that fails leaves no temporary file.
    pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let folder = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        fs::create_dir_all(folder)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "file".into());
        // Dropped on any error before `persist`: the temporary file goes with it.
        let mut temp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tmp")
            .tempfile_in(folder)?;
        temp.write_all(bytes)?;
        temp.flush()?;
        temp.as_file().sync_all()?;
        temp.persist(path).map_err(|e| e.error)?;
        // The rename itself reaches the disk with the folder.
        if let Ok(folder) = fs::File::open(folder) {
            let _ = folder.sync_all();
        }
        Ok(())
    }

    /// Whether anything is at `path` (a broken link or a file the system will not describe
    /// is still there).
    pub fn exists(path: &Path) -> bool {
        fs::symlink_metadata(path).is_ok()
    }

    /// Moves `from` to `to`; an error of kind `AlreadyExists` if `to` is taken.
    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        if exists(to) {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        fs::rename(from, to)
    }

    /// Deletes the file at `path`.
    pub fn remove(path: &Path) -> io::Result<()> {
        fs::remove_file(path)
    }

    /// Makes the folder `dir` and those above it.
    pub fn create_dir_all(dir: &Path) -> io::Result<()> {
        fs::create_dir_all(dir)
    }

    /// The files of `dir`.
    pub fn list(dir: &Path) -> io::Result<Vec<Listed>> {
        Ok(fs::read_dir(dir)?
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| !t.is_dir()))
            .map(|e| Listed {
                modified: e
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH),
                path: e.path(),
            })
            .collect())
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::io;
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    use web_time::{SystemTime, UNIX_EPOCH};

    use super::Listed;
    use crate::store::shipped;

    /// The prefix of a file's entry in the page's storage.
    const FILE: &str = "gamut:";
    /// The prefix of its last write's time (seconds since 1970).
    const WRITTEN: &str = "gamut-written:";

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::Unsupported,
                    "the browser keeps no storage for this page",
                )
            })
    }

    fn key(path: &Path) -> String {
        format!("{FILE}{}", path.to_string_lossy())
    }

    fn js_error(what: wasm_bindgen::JsValue) -> io::Error {
        // A full storage (QuotaExceededError) or storage switched off by the browser.
        io::Error::other(format!("{what:?}"))
    }

    pub fn read_capped(path: &Path, limit: usize) -> io::Result<Vec<u8>> {
        if let Some(bytes) = shipped::read(path) {
            return if bytes.len() > limit {
                Err(super::too_large(limit))
            } else {
                Ok(bytes.to_vec())
            };
        }
        let text = storage()?
            .get_item(&key(path))
            .map_err(js_error)?
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        if text.len() > limit {
            return Err(super::too_large(limit));
        }
        Ok(text.into_bytes())
    }

    pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        let storage = storage()?;
        storage.set_item(&key(path), text).map_err(js_error)?;
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        // Only the listing's order depends on it: a failure here loses nothing.
        let _ = storage.set_item(
            &format!("{WRITTEN}{}", path.to_string_lossy()),
            &now.to_string(),
        );
        Ok(())
    }

    pub fn exists(path: &Path) -> bool {
        shipped::read(path).is_some()
            || storage().is_ok_and(|s| s.get_item(&key(path)).ok().flatten().is_some())
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        if exists(to) {
            return Err(io::Error::from(io::ErrorKind::AlreadyExists));
        }
        let storage = storage()?;
        let text = storage
            .get_item(&key(from))
            .map_err(js_error)?
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        // The new entry first: a failure leaves the old one as it was.
        storage.set_item(&key(to), &text).map_err(js_error)?;
        let written = format!("{WRITTEN}{}", from.to_string_lossy());
        if let Ok(Some(when)) = storage.get_item(&written) {
            let _ = storage.set_item(&format!("{WRITTEN}{}", to.to_string_lossy()), &when);
        }
        let _ = storage.remove_item(&written);
        storage.remove_item(&key(from)).map_err(js_error)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        let storage = storage()?;
        if storage.get_item(&key(path)).map_err(js_error)?.is_none() {
            return Err(io::Error::from(io::ErrorKind::NotFound));
        }
        let _ = storage.remove_item(&format!("{WRITTEN}{}", path.to_string_lossy()));
        storage.remove_item(&key(path)).map_err(js_error)
    }

    pub fn create_dir_all(_dir: &Path) -> io::Result<()> {
        // Folders are parts of the entries' names: nothing to make.
        Ok(())
    }

    pub fn list(dir: &Path) -> io::Result<Vec<Listed>> {
        if let Some(files) = shipped::list(dir) {
            return Ok(files
                .into_iter()
                .map(|path| Listed {
                    path,
                    modified: UNIX_EPOCH,
                })
                .collect());
        }
        let storage = storage()?;
        let prefix = format!("{FILE}{}/", dir.to_string_lossy().trim_end_matches('/'));
        let mut files = Vec::new();
        for i in 0..storage.length().map_err(js_error)? {
            let Ok(Some(name)) = storage.key(i) else {
                continue;
            };
            let Some(rest) = name.strip_prefix(&prefix) else {
                continue;
            };
            if rest.is_empty() || rest.contains('/') {
                continue;
            }
            let path = dir.join(rest);
            let millis = storage
                .get_item(&format!("{WRITTEN}{}", path.to_string_lossy()))
                .ok()
                .flatten()
                .and_then(|t| t.parse::<u64>().ok())
                .unwrap_or(0);
            files.push(Listed {
                path: PathBuf::from(&path),
                modified: UNIX_EPOCH + Duration::from_millis(millis),
            });
        }
        Ok(files)
    }
}
