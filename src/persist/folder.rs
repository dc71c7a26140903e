//! The saves folder: the list the save dialog shows, renaming and deleting.

use std::io;
use std::path::{Path, PathBuf};

use gamut_engine::record::GameResult;

use gamut_engine::record::MAX_RECORD_BYTES;

use super::paths::{DataDir, file_stem, read_capped};
use super::save::load;
use crate::model::{FileProblem, FileTrouble, GameSettings};

/// One file of the saves folder.
#[derive(Debug, Clone)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// Its name without `.json`.
    pub name: String,
    /// The date in the record (else none).
    pub date: Option<String>,
    /// What it holds, or why it cannot be read.
    pub content: Result<SaveSummary, FileProblem>,
}

/// What a save holds, for the list.
#[derive(Debug, Clone)]
pub struct SaveSummary {
    /// The game, variant and players.
    pub settings: GameSettings,
    /// Moves played (plies).
    pub plies: usize,
    /// Numbered moves.
    pub move_number: usize,
    /// The result.
    pub result: GameResult,
    /// The record's text (for Copy record).
    pub record_text: String,
}

/// The saves, newest first.
pub fn list_saves(dir: &DataDir) -> Vec<SaveEntry> {
    let Ok(read) = std::fs::read_dir(dir.saves()) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let modified = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (modified, p)
        })
        .collect();
    files.sort_by_key(|f| std::cmp::Reverse(f.0));
    files.into_iter().map(|(_, path)| entry(&path)).collect()
}

fn entry(path: &Path) -> SaveEntry {
    let name = path
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let content = match read_capped(path, MAX_RECORD_BYTES) {
        Err(e) => Err(FileProblem::Unreadable(FileTrouble::from_io(&e))),
        Ok(bytes) => {
            load(&bytes, &GameSettings::default()).map_err(|e| FileProblem::Record(Box::new(e)))
        }
    };
    let date = content.as_ref().ok().and_then(|l| l.record.date.clone());
    SaveEntry {
        path: path.to_path_buf(),
        name,
        date,
        content: content.map(|loaded| SaveSummary {
            settings: loaded.settings,
            plies: loaded.game.ply(),
            move_number: loaded.game.move_lines(),
            result: loaded.record.result,
            record_text: loaded.record.to_string(),
        }),
    }
}

/// Renames a save; refuses to replace another file (an error of kind `AlreadyExists`).
pub fn rename_save(dir: &DataDir, from: &Path, new_name: &str) -> io::Result<PathBuf> {
    let target = dir.save_file(new_name);
    if target.exists() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("a save named \"{}\" exists", file_stem(new_name)),
        ));
    }
    std::fs::rename(from, &target)?;
    Ok(target)
}

/// Deletes a save (the dialog asks first).
pub fn delete_save(path: &Path) -> io::Result<()> {
    std::fs::remove_file(path)
}
