//! The results that count, per game, kept in `ratings.json` in the data folder and written
//! atomically after each change. Only the results are kept (the computer's level, win, draw or
//! loss, when); the ratings are worked out from them ([`super::rating`]).
//!
//! Read and written by the store's one lifecycle ([`crate::store::DocFile`]): a file that
//! cannot be read is moved aside (`ratings.bad-<seconds>.json`, kept as it was) and the player
//! told; the games that can still be read from it are kept and written to a new
//! `ratings.json`. A file that cannot be moved aside, or was written by a newer version of the
//! game, is left as it is and never written over: this run's results stay in memory.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use serde::{Deserialize, Serialize};

use super::rating::{self, GameResult, Rating, Score};
use crate::model::{DataFile, FileReport};
use crate::persist::DataDir;
use crate::persist::paths::MAX_SETTINGS_BYTES;
use crate::store::{Aside, DocFile, Parsed, Place, Spec, versioned_json};

/// The ratings file's name, in the data folder.
pub const RATINGS_FILE: &str = "ratings.json";

/// The version of the file written.
const FORMAT: u32 = 1;

/// The file: each game's results, oldest first.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct RatingsFile {
    format: u32,
    #[serde(rename = "lines-of-action", default)]
    lines_of_action: Vec<Entry>,
    #[serde(default)]
    epaminondas: Vec<Entry>,
}

/// One result in the file.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
struct Entry {
    level: LevelNumber,
    result: Score,
    #[serde(default)]
    at: u64,
}

/// A level's number, 1 to 14 (another number is an error where it stands in the file).
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
struct LevelNumber(Level);

impl TryFrom<u8> for LevelNumber {
    type Error = String;

    fn try_from(n: u8) -> Result<LevelNumber, String> {
        Level::new(n)
            .map(LevelNumber)
            .ok_or_else(|| format!("level {n} is not one of the computer's levels"))
    }
}

impl From<LevelNumber> for u8 {
    fn from(level: LevelNumber) -> u8 {
        level.0.number()
    }
}

impl From<Entry> for GameResult {
    fn from(e: Entry) -> GameResult {
        GameResult {
            level: e.level.0,
            score: e.result,
            at: e.at,
        }
    }
}

impl From<GameResult> for Entry {
    fn from(r: GameResult) -> Entry {
        Entry {
            level: LevelNumber(r.level),
            result: r.score,
            at: r.at,
        }
    }
}

/// A results file (`ratings.json`, `players.json`) as the store keeps it.
pub(super) const fn spec(file: DataFile) -> Spec {
    Spec {
        file,
        limit: MAX_SETTINGS_BYTES,
        aside: Aside::Stamped,
    }
}

/// Reads a results file whose format number is its `format` field (`newest`: the newest this
/// game reads); a broken one gives what `salvage` can still read of its bytes, with how many
/// entries that is.
pub(super) fn read_results<F: serde::de::DeserializeOwned>(
    bytes: &[u8],
    newest: u32,
    salvage: impl FnOnce(&[u8]) -> (F, usize),
) -> Parsed<F> {
    match versioned_json::<F>(bytes, "format", newest) {
        Parsed::Broken { why, .. } => {
            let (kept, count) = salvage(bytes);
            Parsed::Broken {
                why,
                salvaged: (count > 0).then_some((kept, count)),
            }
        }
        other => other,
    }
}

/// The results that count, per game, and where they are kept.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Ratings {
    lines_of_action: Vec<GameResult>,
    epaminondas: Vec<GameResult>,
    /// The file and what went wrong with it (none: kept in memory only).
    file: DocFile,
}

impl Ratings {
    /// The ratings file of a data folder.
    pub fn file_in(dir: &DataDir) -> PathBuf {
        dir.data.join(RATINGS_FILE)
    }

    /// Reads the ratings file. Missing: no games yet. Unreadable: see the module's comment.
    pub fn load(path: &Path) -> Ratings {
        Ratings::open(Place::file(path))
    }

    /// Reads the ratings file at `place`.
    pub fn open(place: Place) -> Ratings {
        let (read, file) = DocFile::open(place, spec(DataFile::Ratings), |bytes| {
            read_results::<RatingsFile>(bytes, FORMAT, salvage)
        });
        let mut ratings = Ratings { file, ..default() };
        if let Some(read) = read {
            ratings.take(read);
        }
        if ratings.file.salvaged() {
            ratings.save();
        }
        ratings
    }

    /// What went wrong with the file, if anything.
    pub fn problem(&self) -> Option<&FileReport> {
        self.file.problem.as_ref()
    }

    fn take(&mut self, file: RatingsFile) {
        self.lines_of_action = file.lines_of_action.into_iter().map(Into::into).collect();
        self.epaminondas = file.epaminondas.into_iter().map(Into::into).collect();
    }

    /// The results of `kind`, oldest first.
    pub fn results(&self, kind: GameKind) -> &[GameResult] {
        match kind {
            GameKind::LinesOfAction => &self.lines_of_action,
            GameKind::Epaminondas => &self.epaminondas,
        }
    }

    fn results_mut(&mut self, kind: GameKind) -> &mut Vec<GameResult> {
        match kind {
            GameKind::LinesOfAction => &mut self.lines_of_action,
            GameKind::Epaminondas => &mut self.epaminondas,
        }
    }

    /// The player's rating in `kind` now.
    pub fn rating(&self, kind: GameKind) -> Rating {
        rating::current(kind, self.results(kind))
    }

    /// The rating before the first game and after each game of `kind`.
    pub fn history(&self, kind: GameKind) -> Vec<Rating> {
        rating::history(kind, self.results(kind))
    }

    /// The level to play next in `kind`: the one closest to the rating, about an even game.
    pub fn suggested_level(&self, kind: GameKind) -> Level {
        super::ladder::closest_level(kind, self.rating(kind).value)
    }

    /// Adds a game of `kind` and writes the file.
    pub fn record(&mut self, kind: GameKind, result: GameResult) {
        self.results_mut(kind).push(result);
        self.save();
    }

    /// Takes back the last game of `kind` (its end was taken back) and writes the file.
    pub fn withdraw_last(&mut self, kind: GameKind) {
        if self.results_mut(kind).pop().is_some() {
            self.save();
        }
    }

    fn save(&mut self) {
        let file = RatingsFile {
            format: FORMAT,
            lines_of_action: self.lines_of_action.iter().map(|&r| r.into()).collect(),
            epaminondas: self.epaminondas.iter().map(|&r| r.into()).collect(),
        };
        self.file.save_json(&file);
    }
}

/// The games that can still be read from a file that is not as it should be: each entry of
/// each game's list that is whole (none when the text is not JSON), and how many.
fn salvage(bytes: &[u8]) -> (RatingsFile, usize) {
    let Ok(serde_json::Value::Object(top)) = serde_json::from_slice(bytes) else {
        return (RatingsFile::default(), 0);
    };
    let entries = |key: &str| -> Vec<Entry> {
        match top.get(key) {
            Some(serde_json::Value::Array(list)) => list
                .iter()
                .filter_map(|e| serde_json::from_value(e.clone()).ok())
                .collect(),
            _ => Vec::new(),
        }
    };
    let file = RatingsFile {
        format: FORMAT,
        lines_of_action: entries("lines-of-action"),
        epaminondas: entries("epaminondas"),
    };
    let count = file.lines_of_action.len() + file.epaminondas.len();
    (file, count)
}

/// Reads the ratings of the data folder at the start (kept in memory when there is none).
pub(super) fn load_ratings(dir: Option<Res<DataDir>>, mut commands: Commands) {
    let ratings = match dir {
        Some(dir) => Ratings::open(dir.data_place(RATINGS_FILE)),
        None => Ratings::default(),
    };
    commands.insert_resource(ratings);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Fate, FileProblem, FileTrouble};
    use crate::persist::paths::display_name;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gamut-ratings-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn game(level: u8, score: Score) -> GameResult {
        GameResult {
            level: Level::new(level).unwrap(),
            score,
            at: 1_700_000_000,
        }
    }

    /// The files beside `path` whose names begin with `ratings.bad`.
    fn set_aside_files(dir: &Path) -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| display_name(p).starts_with("ratings.bad"))
            .collect()
    }

    #[test]
    fn results_are_written_and_read_back() {
        let dir = folder("round-trip");
        let path = dir.join(RATINGS_FILE);
        let mut ratings = Ratings::load(&path);
        assert_eq!(ratings.problem(), None);
        assert!(ratings.results(GameKind::LinesOfAction).is_empty());
        ratings.record(GameKind::LinesOfAction, game(3, Score::Win));
        ratings.record(GameKind::Epaminondas, game(5, Score::Loss));
        ratings.record(GameKind::LinesOfAction, game(4, Score::Draw));
        let again = Ratings::load(&path);
        assert_eq!(again, ratings);
        assert_eq!(
            again.results(GameKind::LinesOfAction),
            [game(3, Score::Win), game(4, Score::Draw)]
        );
        let mut again = again;
        again.withdraw_last(GameKind::LinesOfAction);
        assert_eq!(
            Ratings::load(&path).results(GameKind::LinesOfAction).len(),
            1
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A damaged file is kept aside byte for byte, the player is told where and why, and a new
    /// file starts from nothing (no game could be read), written at the next game.
    #[test]
    fn a_damaged_file_is_moved_aside_reported_and_a_new_one_started() {
        let dir = folder("damaged");
        let path = dir.join(RATINGS_FILE);
        let damaged = b"{\"format\": 1, \"lines-of-action\": [{\"level\": 3, \"res";
        std::fs::write(&path, damaged).unwrap();
        let mut ratings = Ratings::load(&path);
        let aside = set_aside_files(&dir);
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(std::fs::read(&aside[0]).unwrap(), damaged);
        assert!(!path.exists(), "nothing to keep: no new file yet");
        match ratings.problem().map(|p| &p.fate) {
            Some(Fate::SetAside {
                kept_as,
                why: FileProblem::Unreadable(FileTrouble::NotJson { line: 1, .. }),
                salvaged: 0,
            }) => assert_eq!(*kept_as, display_name(&aside[0])),
            other => panic!("{other:?}"),
        }
        assert!(ratings.results(GameKind::LinesOfAction).is_empty());
        ratings.record(GameKind::LinesOfAction, game(2, Score::Win));
        let again = Ratings::load(&path);
        assert_eq!(again.problem(), None);
        assert_eq!(
            again.results(GameKind::LinesOfAction),
            [game(2, Score::Win)]
        );
        assert_eq!(std::fs::read(&aside[0]).unwrap(), damaged, "kept as it was");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A file with one wrong entry (a level that does not exist, a result that is not one) is
    /// kept aside whole, and the games that can be read are kept in a new file.
    #[test]
    fn the_readable_games_of_a_wrong_file_are_kept() {
        let dir = folder("wrong");
        let path = dir.join(RATINGS_FILE);
        let wrong = r#"{
  "format": 1,
  "lines-of-action": [
    {"level": 3, "result": "win", "at": 1},
    {"level": 99, "result": "win", "at": 2},
    {"level": 4, "result": "loss", "at": 3}
  ],
  "epaminondas": [{"level": 5, "result": "maybe"}, {"level": 6, "result": "draw"}]
}"#;
        std::fs::write(&path, wrong).unwrap();
        let ratings = Ratings::load(&path);
        let aside = set_aside_files(&dir);
        assert_eq!(aside.len(), 1);
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), wrong);
        assert!(matches!(
            ratings.problem().map(|p| &p.fate),
            Some(Fate::SetAside {
                why: FileProblem::Unreadable(FileTrouble::WrongContent { line: 5, .. }),
                salvaged: 3,
                ..
            })
        ));
        let levels = |kind| -> Vec<u8> {
            ratings
                .results(kind)
                .iter()
                .map(|r| r.level.number())
                .collect()
        };
        assert_eq!(levels(GameKind::LinesOfAction), [3, 4]);
        assert_eq!(levels(GameKind::Epaminondas), [6]);
        // The new file holds them, and reads without a problem.
        let again = Ratings::load(&path);
        assert_eq!(again.problem(), None);
        assert_eq!(
            again.results(GameKind::LinesOfAction),
            ratings.results(GameKind::LinesOfAction)
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A newer game's file is left alone: read as nothing, never written over.
    #[test]
    fn a_newer_file_is_left_as_it_is() {
        let dir = folder("newer");
        let path = dir.join(RATINGS_FILE);
        let newer = r#"{"format": 7, "lines-of-action": []}"#;
        std::fs::write(&path, newer).unwrap();
        let mut ratings = Ratings::load(&path);
        assert!(matches!(
            ratings.problem().map(|p| &p.fate),
            Some(Fate::LeftAlone {
                why: FileProblem::Unreadable(FileTrouble::FormatTooNew {
                    format: 7,
                    newest: 1
                }),
            })
        ));
        ratings.record(GameKind::LinesOfAction, game(3, Score::Win));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), newer);
        assert_eq!(
            ratings.results(GameKind::LinesOfAction).len(),
            1,
            "in memory"
        );
        assert!(set_aside_files(&dir).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
