//! Why a file of the game could not be read or written, and what became of it, typed: the
//! interface says it in the player's language (`assets/locales/<code>/problems.ftl`, through
//! `ui::problems`); the system's own words, in English, go to the log only.
//!
//! One problem type for every file of the game: [`FileTrouble`] (what the system or the reader
//! said), [`FileProblem`] (why a file could not be read: the system, or the record inside it)
//! and [`FileReport`] (which of the game's own files, and what the store did about it: kept
//! aside, left alone, or not written). The store (`crate::store`) makes the reports.

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
    /// The JSON holds values that do not fit together (a round that is not a round, a player
    /// who plays twice).
    Inconsistent,
    /// The file is for a game this version does not know.
    UnknownGame,
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

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileProblem {
    /// The file could not be read (missing, no permission, too large), or its JSON is not what
    /// it should be.
    Unreadable(FileTrouble),
    /// The text is not a readable record or save: truncated, garbled, a newer format, an
    /// illegal move (the engine's error, with line and column).
    Record(Box<gamut_engine::record::RecordError>),
}

/// Which of the game's own files (they differ only by this, their name and their format).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataFile {
    /// The remembered settings (`settings.json`).
    Settings,
    /// The autosaved game (`autosave.json`).
    Autosave,
    /// The puzzles solved and tried (`puzzles.json`).
    PuzzleProgress,
    /// The unnamed player's results (`ratings.json`).
    Ratings,
    /// The named players and their results (`players.json`).
    Players,
    /// The tournament of the night (`tournament.json`).
    Tournament,
    /// A save in the saves folder.
    Save,
    /// The seats kept at tables on the network (`tables.json`).
    Tables,
}

impl DataFile {
    /// The file's key for the words (a Fluent selector).
    pub fn key(self) -> &'static str {
        match self {
            DataFile::Settings => "settings",
            DataFile::Autosave => "autosave",
            DataFile::PuzzleProgress => "progress",
            DataFile::Ratings => "ratings",
            DataFile::Players => "players",
            DataFile::Tournament => "tournament",
            DataFile::Save => "save",
            DataFile::Tables => "tables",
        }
    }
}

/// What the store did with a file that could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// It could not be read: it was moved aside, kept byte for byte under `kept_as`, and a new
    /// one starts, with the `salvaged` entries (games, people) that could still be read of it.
    SetAside {
        /// The name it is kept under.
        kept_as: String,
        /// Why it could not be read.
        why: FileProblem,
        /// How many entries could still be read and were kept (0: a fresh start).
        salvaged: usize,
    },
    /// It could not be read and is left as it is (written by a newer version of the game, or
    /// it could not be moved aside): never written over this run.
    LeftAlone {
        /// Why it could not be read.
        why: FileProblem,
    },
    /// It could not be written (what changed is kept in memory only).
    Unwritable(FileTrouble),
}

/// One of the game's files had a problem: which, its name, and what was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReport {
    /// Which file.
    pub file: DataFile,
    /// Its name, for the player.
    pub name: String,
    /// What was done.
    pub fate: Fate,
}

impl FileReport {
    /// Whether the file was left as it is and will not be written this run.
    pub fn left_alone(&self) -> bool {
        matches!(self.fate, Fate::LeftAlone { .. })
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
