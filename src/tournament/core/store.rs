//! The saved form: the tournament as JSON with a format number, and back, refusing with a typed
//! reason (never a panic) a file that is not a tournament this game can continue: a newer format,
//! bad players, a round where someone plays twice or not at all, a repeat Swiss game, a second
//! bye, a round robin that is not one. Writing the file atomically, and keeping a file that
//! cannot be read aside, are the caller's (the game's `persist` module).

use serde::Deserialize;
use thiserror::Error;

use super::entrant::{self, PlayerId, SetupError};
use super::round::Round;
use super::{Format, Tournament};

/// The version of the saved form written by this game.
pub const FORMAT_VERSION: u32 = 1;

/// Why a saved tournament cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    /// Not JSON, or not shaped like a tournament: where the reader stopped.
    #[error("not a tournament file (line {line}, column {column})")]
    NotATournament {
        /// The line where the reader stopped (from 1).
        line: usize,
        /// The column where the reader stopped (from 1).
        column: usize,
    },
    /// Written by a game with another version of the saved form.
    #[error("tournament format {found}, this game reads {FORMAT_VERSION}")]
    UnsupportedFormat {
        /// The file's version.
        found: u32,
    },
    /// The players or the format would not make a tournament.
    #[error("bad players or format: {0}")]
    Setup(#[from] SetupError),
    /// More or fewer rounds than the format allows so far.
    #[error("{found} rounds where {expected}")]
    RoundCount {
        /// The rounds in the file.
        found: usize,
        /// What the format allows (for a Swiss, "from 1 to" this many).
        expected: usize,
    },
    /// A round is not a valid round.
    #[error("round {round}: {problem:?}")]
    BadRound {
        /// The round's place in the file, from 1.
        round: usize,
        /// What is wrong with it.
        problem: RoundProblem,
    },
    /// Two players meet more often than the format has them meet.
    #[error("{a:?} and {b:?} meet {times} times")]
    RepeatPairing {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
        /// How often they meet in the file.
        times: usize,
    },
    /// A player has a second bye in a Swiss.
    #[error("{player:?} has a second bye in round {round}")]
    SecondBye {
        /// The player.
        player: PlayerId,
        /// The round of the second bye.
        round: u8,
    },
    /// The tournament could not be written (not expected: the data is plain).
    #[error("cannot write the tournament")]
    Write,
}

/// What is wrong with one round of a saved tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundProblem {
    /// Its number is not its place.
    Number(u8),
    /// A game's round is not the round's number, or its boards are not 1, 2, 3… in order.
    Board(u8),
    /// A player number beyond the players.
    UnknownPlayer(PlayerId),
    /// A player in two games, or in a game and the bye, or against themself.
    Twice(PlayerId),
    /// A player neither in a game nor on the bye.
    Missing(PlayerId),
    /// A bye with an even count, or none with an odd count.
    Bye,
    /// A Swiss round with games still to play though a later round is paired.
    Unfinished,
}

/// Just the version, read first so a newer file is named as such.
#[derive(Deserialize)]
struct Version {
    /// The file's version.
    format_version: u32,
}

/// Where the JSON reader stopped.
fn not_a_tournament(e: serde_json::Error) -> StoreError {
    StoreError::NotATournament {
        line: e.line(),
        column: e.column(),
    }
}

impl Tournament {
    /// The tournament as JSON text, for the caller to write atomically.
    pub fn to_json(&self) -> Result<String, StoreError> {
        serde_json::to_string_pretty(self).map_err(|_| StoreError::Write)
    }

    /// A tournament read back from [`to_json`](Self::to_json)'s text, checked whole.
    pub fn from_json(text: &str) -> Result<Tournament, StoreError> {
        let version: Version = serde_json::from_str(text).map_err(not_a_tournament)?;
        if version.format_version != FORMAT_VERSION {
            return Err(StoreError::UnsupportedFormat {
                found: version.format_version,
            });
        }
        let mut tournament: Tournament = serde_json::from_str(text).map_err(not_a_tournament)?;
        tournament.entrants = entrant::trimmed(tournament.entrants);
        tournament.check()?;
        Ok(tournament)
    }

    /// Checks everything a loaded tournament must be.
    fn check(&self) -> Result<(), StoreError> {
        entrant::check_entrants(&self.entrants)?;
        self.format.check(self.entrants.len())?;
        self.check_round_count()?;
        for (index, round) in self.rounds.iter().enumerate() {
            self.check_round(index, round)
                .map_err(|problem| StoreError::BadRound {
                    round: index + 1,
                    problem,
                })?;
        }
        self.check_byes()?;
        self.check_meetings()
    }

    /// A round robin has all its rounds; a Swiss from 1 to its number.
    fn check_round_count(&self) -> Result<(), StoreError> {
        let (found, expected) = (self.rounds.len(), self.total_rounds());
        let fine = match self.format {
            Format::RoundRobin { .. } => found == expected,
            Format::Swiss { .. } => (1..=expected).contains(&found),
        };
        if fine {
            Ok(())
        } else {
            Err(StoreError::RoundCount { found, expected })
        }
    }

    /// One round (`index` from 0): numbers, players, the bye, and for a Swiss, complete unless
    /// it is the last.
    fn check_round(&self, index: usize, round: &Round) -> Result<(), RoundProblem> {
        if usize::from(round.number) != index + 1 {
            return Err(RoundProblem::Number(round.number));
        }
        for (game, board) in round.games.iter().zip(1u8..) {
            if game.board != board || game.round != round.number {
                return Err(RoundProblem::Board(game.board));
            }
        }
        let n = self.entrants.len();
        let mut seen = vec![false; n];
        let seats = round.games.iter().flat_map(|g| [g.black, g.white]);
        for player in seats.chain(round.bye) {
            let slot = seen
                .get_mut(player.index())
                .ok_or(RoundProblem::UnknownPlayer(player))?;
            if std::mem::replace(slot, true) {
                return Err(RoundProblem::Twice(player));
            }
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            return Err(RoundProblem::Missing(PlayerId(
                u8::try_from(missing).unwrap_or(u8::MAX),
            )));
        }
        if round.bye.is_some() != (n % 2 == 1) {
            return Err(RoundProblem::Bye);
        }
        let later = index + 1 < self.rounds.len();
        if matches!(self.format, Format::Swiss { .. }) && later && !round.is_complete() {
            return Err(RoundProblem::Unfinished);
        }
        Ok(())
    }

    /// A Swiss pairs two players at most once; a round robin exactly once per cycle.
    fn check_meetings(&self) -> Result<(), StoreError> {
        let allowed = match self.format {
            Format::RoundRobin { double } => 1 + usize::from(double),
            Format::Swiss { .. } => 1,
        };
        let exact = matches!(self.format, Format::RoundRobin { .. });
        let players: Vec<PlayerId> = self.players().collect();
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                let times = self
                    .rounds
                    .iter()
                    .flat_map(|r| &r.games)
                    .filter(|g| g.is_between(a, b))
                    .count();
                if times > allowed || (exact && times != allowed) {
                    return Err(StoreError::RepeatPairing { a, b, times });
                }
            }
        }
        Ok(())
    }

    /// No one has two byes in a Swiss.
    fn check_byes(&self) -> Result<(), StoreError> {
        if !matches!(self.format, Format::Swiss { .. }) {
            return Ok(());
        }
        let mut had = vec![false; self.entrants.len()];
        for round in &self.rounds {
            if let Some(player) = round.bye
                && let Some(slot) = had.get_mut(player.index())
                && std::mem::replace(slot, true)
            {
                return Err(StoreError::SecondBye {
                    player,
                    round: round.number,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::round::{GameResult, Pairing};
    use super::super::testing::*;
    use super::*;

    fn swiss(n: usize, rounds: u8) -> Tournament {
        Tournament::new(
            people(n),
            Format::Swiss { rounds },
            serde_json::json!({"game": "epaminondas", "clock": "5+3"}),
        )
        .expect("valid")
    }

    /// Edits the JSON of `t` and reads it back.
    fn edited(
        t: &Tournament,
        edit: impl FnOnce(&mut serde_json::Value),
    ) -> Result<Tournament, StoreError> {
        let mut value: serde_json::Value =
            serde_json::from_str(&t.to_json().expect("written")).expect("json");
        edit(&mut value);
        Tournament::from_json(&value.to_string())
    }

    #[test]
    fn round_trip() {
        let mut t = swiss(7, 3);
        t.record_result(1, 2, GameResult::Draw).expect("recorded");
        let back = Tournament::from_json(&t.to_json().expect("written")).expect("read");
        assert_eq!(back, t);
        let rr = Tournament::new(people(5), Format::RoundRobin { double: true }, 0.into())
            .expect("valid");
        let back = Tournament::from_json(&rr.to_json().expect("written")).expect("read");
        assert_eq!(back, rr);
    }

    /// Plays a whole tournament writing it after every result; at every point a "kill" and a
    /// resume from the last text written continue with every result so far, and the resumed
    /// tournament ends exactly as one never interrupted.
    #[test]
    fn killed_and_resumed_loses_no_result() {
        for format in [
            Format::Swiss { rounds: 3 },
            Format::RoundRobin { double: false },
        ] {
            let mut rng = Rng::new(7);
            let mut live = Tournament::new(people(7), format, serde_json::json!({"clock": "10+0"}))
                .expect("valid");
            let mut saved = live.to_json().expect("written");
            let mut results = 0;
            while !live.is_finished() {
                if live.can_pair_next_round() {
                    live.pair_next_round().expect("paired");
                    saved = live.to_json().expect("written");
                    assert_eq!(Tournament::from_json(&saved).expect("resumed"), live);
                }
                let game: Pairing = *live.next_games()[0];
                live.record_result(game.round, game.board, rng.result())
                    .expect("recorded");
                saved = live.to_json().expect("written");
                results += 1;
                // Killed here: the resumed tournament is the live one.
                let resumed = Tournament::from_json(&saved).expect("resumed");
                assert_eq!(resumed, live);
                assert_eq!(resumed.standings(), live.standings());
            }
            assert_eq!(
                results,
                9 + usize::from(matches!(format, Format::RoundRobin { .. })) * 12
            );
            let resumed = Tournament::from_json(&saved).expect("resumed");
            assert!(resumed.is_finished());
            assert_eq!(resumed.champion(), live.champion());
        }
    }

    #[test]
    fn broken_files_are_refused_with_a_reason() {
        let mut t = swiss(5, 3);
        for g in t.rounds()[0].games.clone() {
            t.record_result(1, g.board, GameResult::WhiteWins)
                .expect("recorded");
        }
        t.pair_next_round().expect("paired");
        let not = |r: Result<Tournament, StoreError>| r.expect_err("refused");

        assert!(matches!(
            not(Tournament::from_json("")),
            StoreError::NotATournament { .. }
        ));
        assert!(matches!(
            not(Tournament::from_json(
                "{\"format_version\": 1, \"entrants\": 3}"
            )),
            StoreError::NotATournament { .. }
        ));
        let text = t.to_json().expect("written");
        assert!(matches!(
            not(Tournament::from_json(&text[..text.len() / 2])),
            StoreError::NotATournament { .. }
        ));
        assert_eq!(
            not(edited(&t, |v| v["format_version"] = 2.into())),
            StoreError::UnsupportedFormat { found: 2 }
        );
        assert_eq!(
            not(edited(&t, |v| v["entrants"][1]["name"] = "p1".into())),
            StoreError::Setup(SetupError::DuplicateName {
                first: 0,
                second: 1
            })
        );
        assert_eq!(
            not(edited(&t, |v| v["format"]["swiss"]["rounds"] = 9.into())),
            StoreError::Setup(SetupError::SwissRounds { rounds: 9, max: 4 })
        );
        assert_eq!(
            not(edited(&t, |v| v["rounds"][1]["games"][0]["white"] = 9.into())),
            StoreError::BadRound {
                round: 2,
                problem: RoundProblem::UnknownPlayer(PlayerId(9))
            }
        );
        assert_eq!(
            not(edited(&t, |v| v["rounds"][0]["number"] = 3.into())),
            StoreError::BadRound {
                round: 1,
                problem: RoundProblem::Number(3)
            }
        );
        assert_eq!(
            not(edited(&t, |v| v["rounds"][0]["games"][1]["board"] = 1.into())),
            StoreError::BadRound {
                round: 1,
                problem: RoundProblem::Board(1)
            }
        );
        assert!(matches!(
            not(edited(&t, |v| v["rounds"][0]["bye"] = serde_json::Value::Null)),
            StoreError::BadRound {
                round: 1,
                problem: RoundProblem::Missing(_)
            }
        ));
        assert_eq!(
            not(edited(&t, |v| v["rounds"][0]["games"][0]["result"] =
                serde_json::Value::Null)),
            StoreError::BadRound {
                round: 1,
                problem: RoundProblem::Unfinished
            }
        );
        assert!(matches!(
            not(edited(&t, |v| v["rounds"] = serde_json::json!([]))),
            StoreError::RoundCount {
                found: 0,
                expected: 3
            }
        ));
        // Round 2 made a copy of round 1: every game a repeat.
        let mut even = swiss(4, 3);
        for g in even.rounds()[0].games.clone() {
            even.record_result(1, g.board, GameResult::Draw)
                .expect("recorded");
        }
        even.pair_next_round().expect("paired");
        assert!(matches!(
            not(edited(&even, |v| {
                let mut copy = v["rounds"][0].clone();
                copy["number"] = 2.into();
                for g in copy["games"].as_array_mut().expect("games") {
                    g["round"] = 2.into();
                }
                v["rounds"][1] = copy;
            })),
            StoreError::RepeatPairing { times: 2, .. }
        ));
    }

    #[test]
    fn a_second_bye_is_refused() {
        let mut t = swiss(5, 3);
        for g in t.rounds()[0].games.clone() {
            t.record_result(1, g.board, GameResult::Draw)
                .expect("recorded");
        }
        t.pair_next_round().expect("paired");
        // Round 2's bye given to round 1's (who takes the other's place in a game).
        let first_bye = t.rounds()[0].bye.expect("a bye");
        let second_bye = t.rounds()[1].bye.expect("a bye");
        let result = edited(&t, |v| {
            v["rounds"][1]["bye"] = first_bye.0.into();
            for g in v["rounds"][1]["games"].as_array_mut().expect("games") {
                for seat in ["black", "white"] {
                    if g[seat] == first_bye.0 {
                        g[seat] = second_bye.0.into();
                    }
                }
            }
        });
        assert_eq!(
            result,
            Err(StoreError::SecondBye {
                player: first_bye,
                round: 2
            })
        );
    }

    #[test]
    fn a_round_robin_must_be_one() {
        let t = Tournament::new(people(4), Format::RoundRobin { double: false }, 0.into())
            .expect("valid");
        // Swap two players between boards of round 1: pairs change, the cycle breaks.
        let result = edited(&t, |v| {
            let a = v["rounds"][0]["games"][0]["black"].clone();
            let b = v["rounds"][0]["games"][1]["black"].clone();
            v["rounds"][0]["games"][0]["black"] = b;
            v["rounds"][0]["games"][1]["black"] = a;
        });
        assert!(matches!(result, Err(StoreError::RepeatPairing { .. })));
    }
}
