//! The players of a tournament: their names as typed, people or computer entries, and the
//! checks a list of them must pass before a tournament starts (or when one is loaded).

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The fewest players a tournament takes.
pub const MIN_ENTRANTS: usize = 3;
/// The most players a tournament takes.
pub const MAX_ENTRANTS: usize = 16;
/// The longest name a player may have, in characters (after trimming).
pub const MAX_NAME_CHARS: usize = 40;

/// A player of the tournament: the index of its entry in [`super::Tournament::entrants`],
/// which is also its seed (the order the names were entered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The index of the player's entry.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Who plays an entry's games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntrantKind {
    /// A person, at the screen or at a real board.
    Person,
    /// The computer at a level (the game's own level numbers).
    Computer {
        /// The level the computer plays at.
        level: u8,
    },
}

/// One entry of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The name as typed (trimmed when the tournament is made).
    pub name: String,
    /// A person or the computer.
    pub kind: EntrantKind,
}

impl Entrant {
    /// A person named `name`.
    pub fn person(name: impl Into<String>) -> Entrant {
        Entrant {
            name: name.into(),
            kind: EntrantKind::Person,
        }
    }

    /// A computer entry named `name` playing at `level`.
    pub fn computer(name: impl Into<String>, level: u8) -> Entrant {
        Entrant {
            name: name.into(),
            kind: EntrantKind::Computer { level },
        }
    }
}

/// Why a tournament cannot be made as asked. Player numbers are indices into the list given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Fewer than [`MIN_ENTRANTS`] players.
    #[error("{count} players: a tournament needs at least {MIN_ENTRANTS}")]
    TooFew {
        /// How many were given.
        count: usize,
    },
    /// More than [`MAX_ENTRANTS`] players.
    #[error("{count} players: a tournament takes at most {MAX_ENTRANTS}")]
    TooMany {
        /// How many were given.
        count: usize,
    },
    /// A name is empty (or only spaces).
    #[error("player {player} has no name")]
    EmptyName {
        /// The entry without a name.
        player: usize,
    },
    /// A name is longer than [`MAX_NAME_CHARS`].
    #[error("player {player}'s name is longer than {MAX_NAME_CHARS} characters")]
    NameTooLong {
        /// The entry with the long name.
        player: usize,
    },
    /// A name holds a control character (a line break, a tab).
    #[error("player {player}'s name holds a control character")]
    ControlCharacter {
        /// The entry with the control character.
        player: usize,
    },
    /// Two entries have the same name (ignoring case and the spaces around it).
    #[error("players {first} and {second} have the same name")]
    DuplicateName {
        /// The first entry with the name.
        first: usize,
        /// The later entry with the same name.
        second: usize,
    },
    /// A Swiss tournament of 0 rounds, or of more rounds than the players have opponents.
    #[error("{rounds} Swiss rounds: from 1 to {max}")]
    SwissRounds {
        /// The rounds asked for.
        rounds: u8,
        /// The most rounds these players allow.
        max: u8,
    },
}

/// The entries with their names trimmed.
pub(super) fn trimmed(entrants: Vec<Entrant>) -> Vec<Entrant> {
    entrants
        .into_iter()
        .map(|e| Entrant {
            name: e.name.trim().to_string(),
            ..e
        })
        .collect()
}

/// Checks the number of entries and each name (empty, too long, control characters, the same
/// as an earlier one).
pub(super) fn check_entrants(entrants: &[Entrant]) -> Result<(), SetupError> {
    let count = entrants.len();
    if count < MIN_ENTRANTS {
        return Err(SetupError::TooFew { count });
    }
    if count > MAX_ENTRANTS {
        return Err(SetupError::TooMany { count });
    }
    let mut seen: Vec<String> = Vec::with_capacity(count);
    for (player, entrant) in entrants.iter().enumerate() {
        check_name(player, &entrant.name)?;
        let key = name_key(&entrant.name);
        if let Some(first) = seen.iter().position(|k| *k == key) {
            return Err(SetupError::DuplicateName {
                first,
                second: player,
            });
        }
        seen.push(key);
    }
    Ok(())
}

/// Checks one name.
fn check_name(player: usize, name: &str) -> Result<(), SetupError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(SetupError::EmptyName { player });
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(SetupError::NameTooLong { player });
    }
    if name.chars().any(char::is_control) {
        return Err(SetupError::ControlCharacter { player });
    }
    Ok(())
}

/// The name as compared for sameness and sorted: trimmed, lower case.
pub(super) fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn people(names: &[&str]) -> Vec<Entrant> {
        names.iter().map(|n| Entrant::person(*n)).collect()
    }

    #[test]
    fn counts_are_checked() {
        assert_eq!(
            check_entrants(&people(&["A", "B"])),
            Err(SetupError::TooFew { count: 2 })
        );
        let many: Vec<Entrant> = (0..17).map(|i| Entrant::person(format!("P{i}"))).collect();
        assert_eq!(
            check_entrants(&many),
            Err(SetupError::TooMany { count: 17 })
        );
        assert_eq!(check_entrants(&many[..16]), Ok(()));
        assert_eq!(check_entrants(&people(&["A", "B", "C"])), Ok(()));
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(
            check_entrants(&people(&["A", "  ", "C"])),
            Err(SetupError::EmptyName { player: 1 })
        );
        assert_eq!(
            check_entrants(&people(&["Ann", "Bob", " ann "])),
            Err(SetupError::DuplicateName {
                first: 0,
                second: 2
            })
        );
        assert_eq!(
            check_entrants(&people(&["Ann", "ÉLISE", "élise"])),
            Err(SetupError::DuplicateName {
                first: 1,
                second: 2
            })
        );
        assert_eq!(
            check_entrants(&people(&["Ann", "Bo\nb", "C"])),
            Err(SetupError::ControlCharacter { player: 1 })
        );
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(
            check_entrants(&people(&["Ann", &long, "C"])),
            Err(SetupError::NameTooLong { player: 1 })
        );
        let just = "é".repeat(MAX_NAME_CHARS);
        assert_eq!(check_entrants(&people(&["Ann", &just, "C"])), Ok(()));
    }

    #[test]
    fn trimming_keeps_the_kind() {
        let t = trimmed(vec![Entrant::computer("  Deep Thought ", 4)]);
        assert_eq!(t, vec![Entrant::computer("Deep Thought", 4)]);
    }
}
