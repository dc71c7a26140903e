//! Why a file of the game could not be read or written, typed: the interface says it in the
//! player's language (`assets/locales/<code>/problems.ftl`, through `ui::text::file_trouble`);
//! the system's own words, in English, go to the log only.

use std::fmt;
use std::io;

/// What went wrong with a file (a save, the autosave, the settings, the puzzle progress).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileTrouble {
    /// There is no such file (or folder).
    Missing,
    /// The system does not allow it.
    NoPermission,
    /// The file is larger than the game reads.
    TooLarge {
        /// The most it reads, in bytes.
        limit: usize,
    },
    /// A file of that name is already there.
    Exists,
    /// The disk (or the quota) is full.
    DiskFull,
    /// The disk or folder cannot be written.
    ReadOnly,
    /// A folder stands where the file should be, or the file's folder is not a folder.
    NotAFile,
    /// The text is not JSON (cut short, garbled) at this place.
    NotJson {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
    },
    /// The JSON does not hold what the file should (a value of the wrong kind) at this place.
    WrongContent {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
    },
    /// The file was written by a newer version of the game.
    FormatTooNew {
        /// The file's format number.
        format: u64,
        /// The newest this game reads.
        newest: u64,
    },
    /// Another problem of the system (its words are in the log).
    Other,
}

impl FileTrouble {
    /// The trouble of a system error (a file too large to read is [`TooLarge`] inside it).
    pub fn from_io(error: &io::Error) -> FileTrouble {
        if let Some(large) = error.get_ref().and_then(|e| e.downcast_ref::<TooLarge>()) {
            return FileTrouble::TooLarge { limit: large.limit };
        }
        match error.kind() {
            io::ErrorKind::NotFound => FileTrouble::Missing,
            io::ErrorKind::PermissionDenied => FileTrouble::NoPermission,
            io::ErrorKind::AlreadyExists => FileTrouble::Exists,
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => FileTrouble::DiskFull,
            io::ErrorKind::ReadOnlyFilesystem => FileTrouble::ReadOnly,
            io::ErrorKind::IsADirectory | io::ErrorKind::NotADirectory => FileTrouble::NotAFile,
            _ => FileTrouble::Other,
        }
    }

    /// The trouble of the JSON reader's error: where the text stops being JSON, or holds a
    /// value of the wrong kind.
    pub fn from_json(error: &serde_json::Error) -> FileTrouble {
        let (line, column) = (error.line().max(1), error.column().max(1));
        match error.classify() {
            serde_json::error::Category::Io => FileTrouble::Other,
            serde_json::error::Category::Data => FileTrouble::WrongContent { line, column },
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                FileTrouble::NotJson { line, column }
            }
        }
    }
}

/// A file larger than the game reads, as the error inside an [`io::Error`] (its `Display` is for
/// the log).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The most the game reads, in bytes.
    pub limit: usize,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the file is larger than {} bytes, more than it can be",
            self.limit
        )
    }
}

impl std::error::Error for TooLarge {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_errors_and_json_errors_are_typed() {
        let large = io::Error::new(io::ErrorKind::InvalidData, TooLarge { limit: 10 });
        assert_eq!(
            FileTrouble::from_io(&large),
            FileTrouble::TooLarge { limit: 10 }
        );
        let gone = io::Error::from(io::ErrorKind::NotFound);
        assert_eq!(FileTrouble::from_io(&gone), FileTrouble::Missing);
        let cut = serde_json::from_str::<serde_json::Value>("{\"a\": ").unwrap_err();
        assert!(matches!(
            FileTrouble::from_json(&cut),
            FileTrouble::NotJson { line: 1, .. }
        ));
        let wrong = serde_json::from_str::<u32>("\"x\"").unwrap_err();
        assert!(matches!(
            FileTrouble::from_json(&wrong),
            FileTrouble::WrongContent { .. }
        ));
    }
}
