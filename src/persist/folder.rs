//! The saves folder: the list the save dialog shows, renaming and deleting.

use std::io;
use std::path::{Path, PathBuf};

use gamut_engine::record::GameResult;

use gamut_engine::record::MAX_RECORD_BYTES;

use super::paths::{DataDir, file_stem, read_capped};
use super::save::load;
use crate::model::{FileProblem, FileTrouble, GameSettings};
use crate::store::files;

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
    /// An analysis (a save marked as one, or a record with variations): its seats say nothing
    /// of who played (the player moves both sides), so the list does not show them.
    pub analysis: bool,
}

/// The saves, newest first.
pub fn list_saves(dir: &DataDir) -> Vec<SaveEntry> {
    let mut files = files::list_with_extension(&dir.saves(), "json");
    files.sort_by_key(|f| std::cmp::Reverse(f.modified));
    files.into_iter().map(|f| entry(&f.path)).collect()
}

fn entry(path: &Path) -> SaveEntry {
    let name = path
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut analysis = false;
    let content = match read_capped(path, MAX_RECORD_BYTES) {
        Err(e) => Err(FileProblem::Unreadable(FileTrouble::from_io(&e))),
        Ok(bytes) => {
            analysis = super::analysis_in(&bytes).is_some();
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
            analysis,
        }),
    }
}

/// Renames a save; refuses to replace another file (an error of kind `AlreadyExists`).
pub fn rename_save(dir: &DataDir, from: &Path, new_name: &str) -> io::Result<PathBuf> {
    let target = dir.save_file(new_name);
    if files::exists(&target) {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("a save named \"{}\" exists", file_stem(new_name)),
        ));
    }
    files::rename(from, &target)?;
    Ok(target)
}

/// Deletes a save (the dialog asks first).
pub fn delete_save(path: &Path) -> io::Result<()> {
    files::remove(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An analysis saved from the analysis board is listed as an analysis (not with the
    /// default seats, "Human – Computer (6)", that its record does not name); a game is not.
    #[test]
    fn an_analysis_is_listed_as_one() {
        let dir = std::env::temp_dir().join(format!("gamut-folder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let data = DataDir::at(&dir);
        std::fs::create_dir_all(data.saves()).unwrap();
        let record = gamut_engine::record::Record::parse("1. b1-b3 a2-c2\n").unwrap();
        let mut file = gamut_engine::record::SaveFile::new(record.clone());
        file.extra.insert(
            super::super::ANALYSIS_FIELD.into(),
            serde_json::Value::Bool(true),
        );
        std::fs::write(data.save_file("analysis"), file.to_json()).unwrap();
        let game = gamut_engine::record::SaveFile::new(record);
        std::fs::write(data.save_file("game"), game.to_json()).unwrap();
        let listed = list_saves(&data);
        let analysis = |name: &str| {
            let entry = listed.iter().find(|e| e.name == name).expect("listed");
            entry.content.as_ref().expect("read").analysis
        };
        assert!(analysis("analysis"));
        assert!(!analysis("game"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
