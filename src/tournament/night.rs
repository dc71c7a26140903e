//! The tournament night's file: `tournament.json` in the data folder, the core's saved form
//! ([`Tournament::to_json`]) written atomically after every change, so that a night killed at
//! any moment comes back with every result entered.
//!
//! Read by the store's one lifecycle ([`crate::store::DocFile`]): a file that cannot be read
//! (not JSON, not a tournament, a game this version does not know) is moved aside, kept as it
//! was (`tournament.bad-<seconds>.json`), and the player told; a file from a newer version of
//! the game, or one that cannot even be moved aside, is left alone and never written over this
//! run. A tournament put away for a new one is kept in the `tournaments` folder.

use std::path::PathBuf;
use std::time::Duration;

use gamut_engine::any_game::GameConfig;
use gamut_engine::record::Record;
use serde::{Deserialize, Serialize};

use super::core::{FORMAT_VERSION, StoreError, Tournament};
use crate::model::{DataFile, Fate, FileReport, FileTrouble, TimeControl};
use crate::persist::DataDir;
use crate::persist::atomic::write_atomic;
use crate::store::{Aside, DocFile, Parsed, Place, Spec, files, versioned_json};

/// The file's name, in the data folder.
pub const NIGHT_FILE: &str = "tournament.json";

/// The folder finished (or put away) tournaments are kept in, in the data folder.
pub const ARCHIVE_FOLDER: &str = "tournaments";

/// The folder the exports are written to, in the data folder.
pub const EXPORT_FOLDER: &str = "exports";

/// The most the game reads of a tournament file (16 players, 30 rounds fit in far less).
const MAX_NIGHT_BYTES: usize = 4 << 20;

/// The tournament file as the store keeps it.
const SPEC: Spec = Spec {
    file: DataFile::Tournament,
    limit: MAX_NIGHT_BYTES,
    aside: Aside::Stamped,
};

/// The game every pairing plays: kept in the tournament's `setup`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NightSetup {
    /// Game, variant and rules.
    pub config: GameConfig,
    /// The clocks of every game.
    pub clock: TimeControl,
    /// How long a computer entry thinks per move.
    pub think_time: Duration,
}

/// The setup as the file keeps it: the game as a record's tags, the clock as its code.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct SetupFile {
    game: String,
    clock: String,
    think_ms: u64,
}

impl NightSetup {
    /// The setup as JSON, for [`Tournament::new`].
    pub fn to_value(self) -> serde_json::Value {
        let file = SetupFile {
            game: Record::new(self.config).to_string(),
            clock: self.clock.code(),
            think_ms: u64::try_from(self.think_time.as_millis()).unwrap_or(u64::MAX),
        };
        serde_json::to_value(file).unwrap_or(serde_json::Value::Null)
    }

    /// The setup back from a tournament's `setup`, if it is one.
    pub fn from_value(value: &serde_json::Value) -> Option<NightSetup> {
        let file = SetupFile::deserialize(value).ok()?;
        let config = Record::parse(&file.game).ok()?.config;
        let clock = TimeControl::parse(&file.clock).ok()?;
        Some(NightSetup {
            config,
            clock,
            think_time: Duration::from_millis(file.think_ms.clamp(10, 600_000)),
        })
    }
}

/// The tournament file's path.
pub fn night_path(dir: &DataDir) -> PathBuf {
    dir.data.join(NIGHT_FILE)
}

/// Reads the tournament file at `place` by the store's lifecycle: the tournament (none when
/// there is no file, or it could not be read) and the file, which says whether it may be
/// written and what went wrong.
pub fn open(place: Place) -> (Option<(Tournament, NightSetup)>, DocFile) {
    DocFile::open(place, SPEC, parse)
}

/// Writes the tournament to its file atomically (not a file left alone); what went wrong, when
/// the write failed.
pub fn save(file: &mut DocFile, tournament: &Tournament) -> Option<FileReport> {
    let Ok(text) = tournament.to_json() else {
        return Some(FileReport {
            file: DataFile::Tournament,
            name: file.place().map(Place::name).unwrap_or_default(),
            fate: Fate::Unwritable(FileTrouble::Other),
        });
    };
    if file.save(text.as_bytes()) {
        return None;
    }
    file.problem
        .clone()
        .filter(|p| matches!(p.fate, Fate::Unwritable(_)))
}

/// A tournament and its game from the file's bytes: a newer format is too new; not JSON, not a
/// tournament, or a game this version does not know, broken.
pub fn parse(bytes: &[u8]) -> Parsed<(Tournament, NightSetup)> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Parsed::broken(FileTrouble::NotJson { line: 1, column: 1 });
    };
    match versioned_json::<serde_json::Value>(bytes, "format_version", FORMAT_VERSION) {
        Parsed::Read(_) => {}
        Parsed::TooNew { format, newest } => return Parsed::TooNew { format, newest },
        Parsed::Broken { why, .. } => {
            return Parsed::Broken {
                why,
                salvaged: None,
            };
        }
    }
    let tournament = match Tournament::from_json(text) {
        Ok(tournament) => tournament,
        Err(StoreError::NotATournament { line, column }) => {
            return Parsed::broken(FileTrouble::WrongContent { line, column });
        }
        Err(_) => return Parsed::broken(FileTrouble::Inconsistent),
    };
    match NightSetup::from_value(tournament.setup()) {
        Some(setup) => Parsed::Read((tournament, setup)),
        None => Parsed::broken(FileTrouble::UnknownGame),
    }
}

/// Moves the tournament file into the archive folder (`tournaments/tournament-<seconds>.json`),
/// kept, so that a new tournament may start. Gives where it went.
pub fn archive(dir: &DataDir, now_seconds: u64) -> std::io::Result<PathBuf> {
    let folder = dir.data.join(ARCHIVE_FOLDER);
    files::create_dir_all(&folder)?;
    let mut target = folder.join(format!("tournament-{now_seconds}.json"));
    let mut n = 1;
    while files::exists(&target) {
        target = folder.join(format!("tournament-{now_seconds}-{n}.json"));
        n += 1;
    }
    files::rename(&night_path(dir), &target)?;
    Ok(target)
}

/// Writes an export (`contents`) as `exports/<name>` in the data folder, atomically. Gives its
/// path.
pub fn write_export(dir: &DataDir, name: &str, contents: &str) -> std::io::Result<PathBuf> {
    let path = dir.data.join(EXPORT_FOLDER).join(name);
    write_atomic(&path, contents.as_bytes())?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::super::core::{Entrant, Format, GameResult};
    use super::*;

    fn setup() -> NightSetup {
        NightSetup {
            config: GameConfig::default(),
            clock: TimeControl::game(5, 3),
            think_time: Duration::from_millis(700),
        }
    }

    fn tournament() -> Tournament {
        let entrants = ["Ada", "Bo", "Cy", "Di", "Ed"]
            .into_iter()
            .map(Entrant::person)
            .collect();
        Tournament::new(
            entrants,
            Format::RoundRobin { double: false },
            setup().to_value(),
        )
        .expect("a tournament")
    }

    fn folder(name: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!("gamut-night-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        DataDir::at(dir)
    }

    #[test]
    fn the_setup_comes_back_as_it_was() {
        let back = NightSetup::from_value(&setup().to_value()).expect("read back");
        assert_eq!(back, setup());
    }

    #[test]
    fn every_result_written_is_read_back() {
        let dir = folder("results");
        let path = night_path(&dir);
        let mut t = tournament();
        let (_, mut file) = open(Place::file(&path));
        let games: Vec<_> = t.next_games().into_iter().copied().collect();
        for g in &games {
            t.record_result(g.round, g.board, GameResult::BlackWins)
                .unwrap();
            assert_eq!(save(&mut file, &t), None, "written");
        }
        let (night, file) = open(Place::file(&path));
        assert_eq!(file.problem, None);
        let (back, back_setup) = night.expect("a tournament");
        assert_eq!(back, t);
        assert_eq!(back_setup, setup());
        assert_eq!(back.round(1).unwrap().games.len(), games.len());
    }

    #[test]
    fn a_broken_file_is_kept_aside_and_reported() {
        let dir = folder("broken");
        let path = night_path(&dir);
        let text = tournament().to_json().unwrap();
        let cut = &text[..text.len() / 2];
        std::fs::write(&path, cut).unwrap();
        let (night, file) = open(Place::file(&path));
        assert!(night.is_none());
        assert!(file.writable(), "a new tournament may be written");
        let Some(Fate::SetAside { kept_as, why, .. }) = file.problem.map(|p| p.fate) else {
            panic!("set aside");
        };
        assert!(matches!(
            why,
            crate::model::FileProblem::Unreadable(FileTrouble::NotJson { .. })
        ));
        assert!(!path.exists());
        let kept = std::fs::read_to_string(dir.data.join(kept_as)).unwrap();
        assert_eq!(kept, cut, "kept as it was");
    }

    #[test]
    fn an_unknown_game_is_not_taken_for_a_tournament() {
        let t = Tournament::new(
            vec![
                Entrant::person("A"),
                Entrant::person("B"),
                Entrant::person("C"),
            ],
            Format::Swiss { rounds: 2 },
            serde_json::json!({"game": "nonsense", "clock": "none", "think_ms": 5}),
        )
        .unwrap();
        let bytes = t.to_json().unwrap();
        assert!(matches!(
            parse(bytes.as_bytes()),
            Parsed::Broken {
                why: crate::model::FileProblem::Unreadable(FileTrouble::UnknownGame),
                ..
            }
        ));
    }

    #[test]
    fn a_put_away_tournament_is_kept_in_the_archive() {
        let dir = folder("archive");
        let (_, mut file) = open(dir.data_place(NIGHT_FILE));
        assert_eq!(save(&mut file, &tournament()), None);
        let kept = archive(&dir, 42).expect("archived");
        assert!(!night_path(&dir).exists());
        let again = archive(&dir, 42);
        assert!(again.is_err(), "nothing left to archive");
        assert!(matches!(
            parse(&std::fs::read(kept).unwrap()),
            Parsed::Read(_)
        ));
    }
}
