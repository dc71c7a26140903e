//! The tournament night's file: `tournament.json` in the data folder, the core's saved form
//! ([`Tournament::to_json`]) written atomically after every change, so that a night killed at
//! any moment comes back with every result entered.
//!
//! A file that cannot be read (not JSON, not a tournament, a newer format, a game this version
//! does not know) is moved aside, kept as it was (`tournament.bad-<seconds>.json`), and the
//! player told; a file that cannot even be moved aside is left alone and never written over
//! this run. A tournament put away for a new one is kept in the `tournaments` folder.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gamut_engine::any_game::GameConfig;
use gamut_engine::record::Record;
use serde::{Deserialize, Serialize};

use super::core::{StoreError, Tournament};
use crate::model::{FileTrouble, TimeControl};
use crate::persist::DataDir;
use crate::persist::atomic::{move_aside, write_atomic};
use crate::persist::paths::{display_name, read_capped};

/// The file's name, in the data folder.
pub const NIGHT_FILE: &str = "tournament.json";

/// The folder finished (or put away) tournaments are kept in, in the data folder.
pub const ARCHIVE_FOLDER: &str = "tournaments";

/// The folder the exports are written to, in the data folder.
pub const EXPORT_FOLDER: &str = "exports";

/// The most the game reads of a tournament file (16 players, 30 rounds fit in far less).
const MAX_NIGHT_BYTES: usize = 4 << 20;

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

/// Why a tournament file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// The file itself (too large, no permission, not JSON).
    File(FileTrouble),
    /// Read, but not a tournament this game can continue.
    Store(StoreError),
    /// A tournament whose game this version does not know.
    UnknownGame,
}

/// What went wrong with the tournament file, for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NightProblem {
    /// The file could not be read: it is kept under this name, and a new tournament may start.
    SetAside {
        /// The name it is kept under.
        kept_as: String,
        /// What is wrong with it.
        why: Unreadable,
    },
    /// The file could not be read nor moved aside: it is left alone and not written this run.
    LeftAlone {
        /// The file's name.
        file: String,
        /// What is wrong with it.
        why: Unreadable,
    },
    /// The file could not be written (the tournament goes on in memory).
    Unwritable {
        /// The file's name.
        file: String,
        /// What went wrong.
        trouble: FileTrouble,
    },
}

/// The tournament read at start: the tournament (if any), and what went wrong (if anything).
#[derive(Debug, Clone, Default)]
pub struct Read {
    /// The tournament and its game.
    pub night: Option<(Tournament, NightSetup)>,
    /// What to tell the player.
    pub problem: Option<NightProblem>,
    /// Whether the file must be left alone this run.
    pub left_alone: bool,
}

/// The tournament file's path.
pub fn night_path(dir: &DataDir) -> PathBuf {
    dir.data.join(NIGHT_FILE)
}

/// Reads the tournament at `path`: none when there is no file.
pub fn read(path: &Path) -> Read {
    let bytes = match read_capped(path, MAX_NIGHT_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Read::default(),
        Err(e) => return set_aside(path, Unreadable::File(FileTrouble::from_io(&e))),
    };
    match parse(&bytes) {
        Ok(night) => Read {
            night: Some(night),
            ..Read::default()
        },
        Err(why) => set_aside(path, why),
    }
}

/// A tournament and its game from the file's bytes.
pub fn parse(bytes: &[u8]) -> Result<(Tournament, NightSetup), Unreadable> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Unreadable::File(FileTrouble::NotJson { line: 1, column: 1 }))?;
    let tournament = Tournament::from_json(text).map_err(Unreadable::Store)?;
    let setup = NightSetup::from_value(tournament.setup()).ok_or(Unreadable::UnknownGame)?;
    Ok((tournament, setup))
}

/// The unreadable file moved aside (or left alone when it cannot be).
fn set_aside(path: &Path, why: Unreadable) -> Read {
    let (problem, left_alone) = match move_aside(path, false) {
        Ok(kept) => (
            NightProblem::SetAside {
                kept_as: display_name(&kept),
                why,
            },
            false,
        ),
        Err(_) => (
            NightProblem::LeftAlone {
                file: display_name(path),
                why,
            },
            true,
        ),
    };
    Read {
        night: None,
        problem: Some(problem),
        left_alone,
    }
}

/// Writes the tournament to `path` atomically.
pub fn write(path: &Path, tournament: &Tournament) -> Result<(), NightProblem> {
    let unwritable = |trouble| NightProblem::Unwritable {
        file: display_name(path),
        trouble,
    };
    let text = tournament
        .to_json()
        .map_err(|_| unwritable(FileTrouble::Other))?;
    write_atomic(path, text.as_bytes()).map_err(|e| unwritable(FileTrouble::from_io(&e)))
}

/// Moves the tournament file into the archive folder (`tournaments/tournament-<seconds>.json`),
/// kept, so that a new tournament may start. Gives where it went.
pub fn archive(dir: &DataDir, now_seconds: u64) -> std::io::Result<PathBuf> {
    let folder = dir.data.join(ARCHIVE_FOLDER);
    std::fs::create_dir_all(&folder)?;
    let mut target = folder.join(format!("tournament-{now_seconds}.json"));
    let mut n = 1;
    while target.exists() {
        target = folder.join(format!("tournament-{now_seconds}-{n}.json"));
        n += 1;
    }
    std::fs::rename(night_path(dir), &target)?;
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
        let games: Vec<_> = t.next_games().into_iter().copied().collect();
        for g in &games {
            t.record_result(g.round, g.board, GameResult::BlackWins)
                .unwrap();
            write(&path, &t).expect("written");
        }
        let read = read(&path);
        assert_eq!(read.problem, None);
        let (back, back_setup) = read.night.expect("a tournament");
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
        let read = read(&path);
        assert!(read.night.is_none());
        assert!(!read.left_alone);
        let Some(NightProblem::SetAside { kept_as, why }) = read.problem else {
            panic!("set aside: {:?}", read.problem);
        };
        assert!(matches!(
            why,
            Unreadable::Store(StoreError::NotATournament { .. })
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
        assert_eq!(parse(bytes.as_bytes()).err(), Some(Unreadable::UnknownGame));
    }

    #[test]
    fn a_put_away_tournament_is_kept_in_the_archive() {
        let dir = folder("archive");
        write(&night_path(&dir), &tournament()).unwrap();
        let kept = archive(&dir, 42).expect("archived");
        assert!(!night_path(&dir).exists());
        let again = archive(&dir, 42);
        assert!(again.is_err(), "nothing left to archive");
        assert!(parse(&std::fs::read(kept).unwrap()).is_ok());
    }
}
