//! The people who play here by name, and each one's rating per game: the roster, kept in
//! `players.json` in the data folder and written atomically after each change. Each person's
//! rating is worked out from their results with the same Glicko-2 as "your strength"
//! ([`super::rating`]): a game against the computer is rated against the level's rating, a
//! game against another named person against that person's rating when the game began (kept
//! with the result, so the numbers can always be worked out again from the file alone).
//!
//! The unnamed person ("you") keeps their ratings in `ratings.json` ([`super::store`]), as
//! before names existed.
//!
//! Read and written by the store's one lifecycle ([`crate::store::DocFile`]), as the ratings
//! file: a file that cannot be read is moved aside (`players.bad-<seconds>.json`, kept as it was)
//! and the player told; the people that can still be read from it are kept and written to a
//! new `players.json`. A file that cannot be moved aside, or was written by a newer version of
//! the game, is left as it is and never written over: this run's names and results stay in
//! memory.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use serde::{Deserialize, Serialize};

use super::rating::{GameResult, Rating, Score};
use super::store::{read_results, spec};
use crate::model::{DataFile, FileReport, Player};
use crate::persist::DataDir;
use crate::store::{DocFile, Place};

/// The roster's file name, in the data folder.
pub const PLAYERS_FILE: &str = "players.json";

pub use crate::model::setup::MAX_NAME_CHARS;

/// The version of the file written.
const FORMAT: u32 = 1;

/// Why a name cannot be added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameRefusal {
    /// Nothing but spaces.
    Empty,
    /// Longer than [`MAX_NAME_CHARS`].
    TooLong {
        /// The most characters allowed.
        max: usize,
    },
    /// Someone of that name is already on the roster (ignoring case).
    Taken,
    /// The name records give to an unnamed person or to the computer (`Human`, `Computer
    /// (level 3)`, `ai:3`): a record could not tell them apart.
    Reserved,
}

/// Whom a named person played.
#[derive(Debug, Clone, PartialEq)]
pub enum Opponent {
    /// The computer at this level.
    Computer(Level),
    /// Another named person, as rated when the game began.
    Person {
        /// Their name.
        name: String,
        /// Their rating then.
        rating: f64,
        /// Its deviation then.
        deviation: f64,
    },
}

/// One of a named person's games that counted.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonResult {
    /// Whom they played.
    pub opponent: Opponent,
    /// Their result.
    pub score: Score,
    /// When the game ended, in seconds since 1970 (0 when not known).
    pub at: u64,
}

impl PersonResult {
    fn rating_after(&self, kind: GameKind, before: Rating) -> Rating {
        match &self.opponent {
            Opponent::Computer(level) => before.after(
                kind,
                GameResult {
                    level: *level,
                    score: self.score,
                    at: self.at,
                },
            ),
            Opponent::Person {
                rating, deviation, ..
            } => before.against(
                Rating {
                    value: *rating,
                    deviation: *deviation,
                    ..Rating::start(kind)
                },
                self.score,
            ),
        }
    }
}

/// A named person and their results, per game.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    /// The name, as given.
    pub name: String,
    lines_of_action: Vec<PersonResult>,
    epaminondas: Vec<PersonResult>,
}

impl Person {
    fn new(name: String) -> Person {
        Person {
            name,
            lines_of_action: Vec::new(),
            epaminondas: Vec::new(),
        }
    }

    /// Their results in `kind`, oldest first.
    pub fn results(&self, kind: GameKind) -> &[PersonResult] {
        match kind {
            GameKind::LinesOfAction => &self.lines_of_action,
            GameKind::Epaminondas => &self.epaminondas,
        }
    }

    fn results_mut(&mut self, kind: GameKind) -> &mut Vec<PersonResult> {
        match kind {
            GameKind::LinesOfAction => &mut self.lines_of_action,
            GameKind::Epaminondas => &mut self.epaminondas,
        }
    }

    /// The rating before the first game and after each game of `kind`.
    pub fn history(&self, kind: GameKind) -> Vec<Rating> {
        let mut ratings = vec![Rating::start(kind)];
        for result in self.results(kind) {
            let last = ratings[ratings.len() - 1];
            ratings.push(result.rating_after(kind, last));
        }
        ratings
    }

    /// Their rating in `kind` now.
    pub fn rating(&self, kind: GameKind) -> Rating {
        self.history(kind)
            .pop()
            .unwrap_or_else(|| Rating::start(kind))
    }
}

/// The people who play by name, their results, and where they are kept.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Roster {
    people: Vec<Person>,
    /// The file and what went wrong with it (none: kept in memory only).
    file: DocFile,
}

/// `name` trimmed, if it may be a new person's name on `roster`.
pub fn check_name(name: &str, roster: &Roster) -> Result<String, NameRefusal> {
    let name = name.trim();
    if name.is_empty() {
        return Err(NameRefusal::Empty);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameRefusal::TooLong {
            max: MAX_NAME_CHARS,
        });
    }
    if is_reserved(name) {
        return Err(NameRefusal::Reserved);
    }
    if roster.person(name).is_some() {
        return Err(NameRefusal::Taken);
    }
    Ok(name.to_string())
}

/// Whether `name` is one a record gives to an unnamed person or the computer.
pub fn is_reserved(name: &str) -> bool {
    let name = name.trim();
    let computer = name
        .strip_prefix("Computer (level ")
        .and_then(|rest| rest.strip_suffix(')'))
        .is_some();
    name.eq_ignore_ascii_case("human") || computer || Player::parse(name).is_ok()
}

impl Roster {
    /// The roster's file in a data folder.
    pub fn file_in(dir: &DataDir) -> PathBuf {
        dir.data.join(PLAYERS_FILE)
    }

    /// The names, in the order they were added.
    pub fn names(&self) -> Vec<&str> {
        self.people.iter().map(|p| p.name.as_str()).collect()
    }

    /// The person called `name` (ignoring case and surrounding spaces).
    pub fn person(&self, name: &str) -> Option<&Person> {
        let name = name.trim();
        self.people
            .iter()
            .find(|p| p.name.to_lowercase() == name.to_lowercase())
    }

    fn person_mut(&mut self, name: &str) -> Option<&mut Person> {
        let name = name.trim().to_lowercase();
        self.people
            .iter_mut()
            .find(|p| p.name.to_lowercase() == name)
    }

    /// `name`'s rating in `kind` (none: not on the roster).
    pub fn rating_of(&self, name: &str, kind: GameKind) -> Option<Rating> {
        self.person(name).map(|p| p.rating(kind))
    }

    /// `name`'s rating in `kind`, a new person's if they are not on the roster yet.
    pub fn rating_or_start(&self, name: &str, kind: GameKind) -> Rating {
        self.rating_of(name, kind)
            .unwrap_or_else(|| Rating::start(kind))
    }

    /// The level closest to `name`'s rating in `kind`, about an even game.
    pub fn suggested_level(&self, name: &str, kind: GameKind) -> Level {
        super::ladder::closest_level(kind, self.rating_or_start(name, kind).value)
    }

    /// Adds a person (their name checked by [`check_name`]) and writes the file; the name as
    /// kept.
    pub fn add(&mut self, name: &str) -> Result<String, NameRefusal> {
        let name = check_name(name, self)?;
        self.people.push(Person::new(name.clone()));
        self.save();
        Ok(name)
    }

    /// Adds a game of `kind` to `name`'s results (adding them to the roster if they are not
    /// on it) and writes the file. A name of nothing but spaces is not kept.
    pub fn record(&mut self, name: &str, kind: GameKind, result: PersonResult) {
        let name = name.trim();
        if name.is_empty() {
            return;
        }
        if self.person(name).is_none() {
            self.people.push(Person::new(name.to_string()));
        }
        if let Some(person) = self.person_mut(name) {
            person.results_mut(kind).push(result);
        }
        self.save();
    }

    /// Takes back `name`'s last game of `kind` (its end was taken back) and writes the file.
    pub fn withdraw_last(&mut self, name: &str, kind: GameKind) {
        let taken = self
            .person_mut(name)
            .and_then(|p| p.results_mut(kind).pop())
            .is_some();
        if taken {
            self.save();
        }
    }

    /// Reads the roster's file. Missing: nobody yet. Unreadable: see the module's comment.
    pub fn load(path: &Path) -> Roster {
        Roster::open(Place::file(path))
    }

    /// Reads the roster's file at `place`.
    pub fn open(place: Place) -> Roster {
        let (read, file) = DocFile::open(place, spec(DataFile::Players), |bytes| {
            read_results::<PlayersFile>(bytes, FORMAT, salvage)
        });
        let mut roster = Roster {
            people: read.map(PlayersFile::people).unwrap_or_default(),
            file,
        };
        if roster.file.salvaged() {
            roster.save();
        }
        roster
    }

    /// What went wrong with the file, if anything.
    pub fn problem(&self) -> Option<&FileReport> {
        self.file.problem.as_ref()
    }

    fn save(&mut self) {
        let file = PlayersFile {
            format: FORMAT,
            players: self.people.iter().map(PersonEntry::of).collect(),
        };
        self.file.save_json(&file);
    }
}

/// The file: each person, in the order they were added.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct PlayersFile {
    format: u32,
    #[serde(default)]
    players: Vec<PersonEntry>,
}

impl PlayersFile {
    fn people(self) -> Vec<Person> {
        let mut people: Vec<Person> = Vec::new();
        for entry in self.players {
            let person = entry.person();
            // The same name twice (a file edited by hand): the first is kept.
            if !person.name.trim().is_empty()
                && !people
                    .iter()
                    .any(|p| p.name.to_lowercase() == person.name.to_lowercase())
            {
                people.push(person);
            }
        }
        people
    }
}

/// One person in the file.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct PersonEntry {
    name: String,
    #[serde(rename = "lines-of-action", default)]
    lines_of_action: Vec<ResultEntry>,
    #[serde(default)]
    epaminondas: Vec<ResultEntry>,
}

impl PersonEntry {
    fn of(person: &Person) -> PersonEntry {
        let entries = |kind| person.results(kind).iter().map(ResultEntry::of).collect();
        PersonEntry {
            name: person.name.clone(),
            lines_of_action: entries(GameKind::LinesOfAction),
            epaminondas: entries(GameKind::Epaminondas),
        }
    }

    fn person(self) -> Person {
        Person {
            name: self.name.trim().to_string(),
            lines_of_action: self.lines_of_action.into_iter().map(Into::into).collect(),
            epaminondas: self.epaminondas.into_iter().map(Into::into).collect(),
        }
    }
}

/// One result in the file: against a level (`level`), or a person (`person`, with their
/// `rating` and `deviation` when the game began).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "RawResult", into = "RawResult")]
struct ResultEntry(PersonResult);

impl ResultEntry {
    fn of(result: &PersonResult) -> ResultEntry {
        ResultEntry(result.clone())
    }
}

impl From<ResultEntry> for PersonResult {
    fn from(e: ResultEntry) -> PersonResult {
        e.0
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct RawResult {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    person: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deviation: Option<f64>,
    result: Score,
    #[serde(default)]
    at: u64,
}

impl TryFrom<RawResult> for ResultEntry {
    type Error = String;

    fn try_from(raw: RawResult) -> Result<ResultEntry, String> {
        let opponent = match (raw.level, raw.person, raw.rating, raw.deviation) {
            (Some(n), None, _, _) => Opponent::Computer(
                Level::new(n).ok_or_else(|| format!("level {n} is not one of the computer's"))?,
            ),
            (None, Some(name), Some(rating), Some(deviation))
                if rating.is_finite()
                    && deviation.is_finite()
                    && (0.0..=5000.0).contains(&rating)
                    && (1.0..=1000.0).contains(&deviation) =>
            {
                Opponent::Person {
                    name,
                    rating,
                    deviation,
                }
            }
            _ => return Err("a result is against a level or a rated person".into()),
        };
        Ok(ResultEntry(PersonResult {
            opponent,
            score: raw.result,
            at: raw.at,
        }))
    }
}

impl From<ResultEntry> for RawResult {
    fn from(e: ResultEntry) -> RawResult {
        let r = e.0;
        let (level, person, rating, deviation) = match r.opponent {
            Opponent::Computer(level) => (Some(level.number()), None, None, None),
            Opponent::Person {
                name,
                rating,
                deviation,
            } => (None, Some(name), Some(rating), Some(deviation)),
        };
        RawResult {
            level,
            person,
            rating,
            deviation,
            result: r.score,
            at: r.at,
        }
    }
}

/// The people that can still be read from a file that is not as it should be: each person
/// whose entry is whole (none when the text is not JSON), and how many.
fn salvage(bytes: &[u8]) -> (PlayersFile, usize) {
    let nobody = || {
        let file = PlayersFile {
            format: FORMAT,
            players: Vec::new(),
        };
        (file, 0)
    };
    let Ok(serde_json::Value::Object(top)) = serde_json::from_slice(bytes) else {
        return nobody();
    };
    let Some(serde_json::Value::Array(list)) = top.get("players") else {
        return nobody();
    };
    let players = list
        .iter()
        .filter_map(|e| serde_json::from_value(e.clone()).ok())
        .collect();
    let file = PlayersFile {
        format: FORMAT,
        players,
    };
    // Counted as the people they make (the same name twice is one).
    let count = file.clone().people().len();
    (file, count)
}

/// Reads the roster of the data folder at the start (kept in memory when there is none).
pub(super) fn load_roster(dir: Option<Res<DataDir>>, mut commands: Commands) {
    let roster = match dir {
        Some(dir) => Roster::open(dir.data_place(PLAYERS_FILE)),
        None => Roster::default(),
    };
    commands.insert_resource(roster);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Fate;
    use crate::persist::paths::display_name;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gamut-roster-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn against_level(level: u8, score: Score) -> PersonResult {
        PersonResult {
            opponent: Opponent::Computer(Level::new(level).unwrap()),
            score,
            at: 1,
        }
    }

    #[test]
    fn names_are_trimmed_and_refused_when_empty_long_taken_or_reserved() {
        let mut roster = Roster::default();
        assert_eq!(roster.add("  Ada "), Ok("Ada".to_string()));
        assert_eq!(roster.add("   "), Err(NameRefusal::Empty));
        assert_eq!(roster.add("aDA"), Err(NameRefusal::Taken));
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(
            roster.add(&long),
            Err(NameRefusal::TooLong {
                max: MAX_NAME_CHARS
            })
        );
        assert_eq!(roster.add(&"é".repeat(MAX_NAME_CHARS)).map(|_| ()), Ok(()));
        for reserved in ["Human", "human", "Computer (level 3)", "ai:3"] {
            assert_eq!(
                roster.add(reserved),
                Err(NameRefusal::Reserved),
                "{reserved}"
            );
        }
        assert_eq!(roster.add("Bob"), Ok("Bob".to_string()));
        assert_eq!(roster.names()[0], "Ada");
        assert_eq!(roster.names()[2], "Bob");
        let kind = GameKind::LinesOfAction;
        assert_eq!(roster.rating_of("ada", kind), Some(Rating::start(kind)));
        assert_eq!(roster.rating_of("Cy", kind), None);
    }

    /// A game between two named people moves both ratings, each against the other's rating
    /// as Glicko-2 says (the winner up, the loser down, by the same amounts between equals);
    /// a game against the computer moves a person's rating as it moves "your" rating.
    #[test]
    fn a_game_between_two_people_rates_each_against_the_other() {
        let kind = GameKind::LinesOfAction;
        let mut roster = Roster::default();
        let (ada, bob) = (Rating::start(kind), Rating::start(kind));
        let against = |r: Rating, name: &str| Opponent::Person {
            name: name.into(),
            rating: r.value,
            deviation: r.deviation,
        };
        roster.record(
            "Ada",
            kind,
            PersonResult {
                opponent: against(bob, "Bob"),
                score: Score::Win,
                at: 1,
            },
        );
        roster.record(
            "Bob",
            kind,
            PersonResult {
                opponent: against(ada, "Ada"),
                score: Score::Loss,
                at: 1,
            },
        );
        let ada_after = roster.rating_of("Ada", kind).unwrap();
        let bob_after = roster.rating_of("Bob", kind).unwrap();
        assert_eq!(ada_after, ada.against(bob, Score::Win));
        assert_eq!(bob_after, bob.against(ada, Score::Loss));
        assert!(ada_after.value > ada.value + 100.0, "{ada_after:?}");
        assert!(bob_after.value < bob.value - 100.0, "{bob_after:?}");
        assert!(((ada_after.value - ada.value) - (bob.value - bob_after.value)).abs() < 1e-6);
        assert!(ada_after.deviation < ada.deviation);
        // Against the computer: the same step as the unnamed person's.
        roster.record("Ada", kind, against_level(5, Score::Win));
        let level = GameResult {
            level: Level::new(5).unwrap(),
            score: Score::Win,
            at: 1,
        };
        assert_eq!(
            roster.rating_of("Ada", kind).unwrap(),
            ada_after.after(kind, level)
        );
        // Epaminondas is another rating.
        assert_eq!(
            roster.rating_of("Ada", GameKind::Epaminondas),
            Some(Rating::start(GameKind::Epaminondas))
        );
        roster.withdraw_last("ada", kind);
        assert_eq!(roster.rating_of("Ada", kind), Some(ada_after));
    }

    #[test]
    fn the_roster_is_written_and_read_back() {
        let dir = folder("round-trip");
        let path = dir.join(PLAYERS_FILE);
        let mut roster = Roster::load(&path);
        assert_eq!(roster.problem(), None);
        roster.add("Ada").unwrap();
        roster.record("Bob", GameKind::Epaminondas, against_level(3, Score::Draw));
        roster.record(
            "Ada",
            GameKind::LinesOfAction,
            PersonResult {
                opponent: Opponent::Person {
                    name: "Bob".into(),
                    rating: 1300.5,
                    deviation: 200.25,
                },
                score: Score::Loss,
                at: 7,
            },
        );
        let again = Roster::load(&path);
        assert_eq!(again, roster);
        assert_eq!(again.names(), ["Ada", "Bob"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A damaged file is moved aside as it was, the player told, and the people that could be
    /// read kept in a new file.
    #[test]
    fn a_damaged_file_is_kept_aside_and_reported() {
        let dir = folder("damaged");
        let path = dir.join(PLAYERS_FILE);
        let damaged = r#"{"format": 1, "players": [
  {"name": "Ada", "lines-of-action": [{"level": 3, "result": "win"}]},
  {"name": "Bob", "lines-of-action": [{"level": 99, "result": "win"}]}
]}"#;
        std::fs::write(&path, damaged).unwrap();
        let roster = Roster::load(&path);
        let aside: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| display_name(p).starts_with("players.bad"))
            .collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), damaged);
        assert!(matches!(
            roster.problem().map(|p| &p.fate),
            Some(Fate::SetAside { salvaged: 1, .. })
        ));
        assert_eq!(roster.names(), ["Ada"]);
        assert_eq!(Roster::load(&path).names(), ["Ada"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Damaged copies of a good file (bytes changed, cut short) never panic: each is read, or
    /// kept aside as it was with what could be read of it.
    #[test]
    fn damaged_files_never_panic_and_are_kept() {
        let dir = folder("mutated");
        let path = dir.join(PLAYERS_FILE);
        let mut roster = Roster::load(&path);
        roster.record("Ada", GameKind::LinesOfAction, against_level(3, Score::Win));
        roster.record(
            "Bob",
            GameKind::Epaminondas,
            PersonResult {
                opponent: Opponent::Person {
                    name: "Ada".into(),
                    rating: 1200.0,
                    deviation: 300.0,
                },
                score: Score::Draw,
                at: 5,
            },
        );
        let good = std::fs::read(&path).unwrap();
        let mut seed = 7u64;
        for round in 0..150 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mut bad = good.clone();
            let at = (seed >> 33) as usize % bad.len();
            if round % 3 == 0 {
                bad.truncate(at);
            } else {
                bad[at] = (seed >> 17) as u8;
            }
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &bad).unwrap();
            let read = Roster::load(&path);
            if let Some(Fate::SetAside { kept_as, .. }) = read.problem().map(|p| &p.fate) {
                assert_eq!(std::fs::read(dir.join(kept_as)).unwrap(), bad);
            }
            assert!(read.names().len() <= 2);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_newer_file_is_left_as_it_is() {
        let dir = folder("newer");
        let path = dir.join(PLAYERS_FILE);
        let newer = r#"{"format": 9, "players": []}"#;
        std::fs::write(&path, newer).unwrap();
        let mut roster = Roster::load(&path);
        assert!(roster.problem().is_some_and(FileReport::left_alone));
        roster.add("Ada").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), newer);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
