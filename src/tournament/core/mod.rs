//! The tournament without the screen: players, pairings, results, standings, export and the
//! saved form. Pure data and functions (no Bevy), deterministic, and every word left to the
//! caller: the core returns typed data, and the exports take the words as a function of
//! [`Label`].
//!
//! A [`Tournament`] is made from 3–16 [`Entrant`]s, a [`Format`] (round robin, single or double,
//! or Swiss of a number of rounds) and the game's own settings (`setup`, kept as it is given).
//! A round robin has every round from the start (the Berger tables, see [`robin`]); a Swiss has
//! its first round, and [`Tournament::pair_next_round`] pairs each next one once the last is
//! complete (see [`swiss`]). Results come back by round and board
//! ([`Tournament::record_result`]); [`Tournament::standings`], [`Tournament::crosstable`] and
//! [`Tournament::champion`] read them. [`Tournament::to_json`] and [`Tournament::from_json`]
//! are the saved form: the caller writes it atomically after every result.
//!
//! Rounds and boards are numbered from 1, as shown; players are [`PlayerId`]s, the index of the
//! entry (and the seed).

pub mod entrant;
pub mod export;
pub mod lookahead;
pub mod robin;
pub mod round;
pub mod standings;
pub mod store;
pub mod swiss;
#[cfg(test)]
mod testing;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use entrant::{
    Entrant, EntrantKind, MAX_ENTRANTS, MAX_NAME_CHARS, MIN_ENTRANTS, PlayerId, SetupError,
};
pub use export::{Label, cell_text, result_text};
pub use round::{Colour, GameResult, HalfPoints, Outcome, Pairing, QuarterPoints, Round};
pub use standings::{Cell, Champion, Meeting, StandingRow};
pub use store::{FORMAT_VERSION, RoundProblem, StoreError};

/// How the players are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone meets everyone (twice, with the colours swapped, when `double`).
    RoundRobin {
        /// Two cycles instead of one.
        double: bool,
    },
    /// A number of rounds, each paired from the standings after the one before.
    Swiss {
        /// The rounds to play, from 1 to one less than the players.
        rounds: u8,
    },
}

impl Format {
    /// The rounds a tournament of `players` plays.
    pub fn total_rounds(self, players: usize) -> usize {
        match self {
            Format::RoundRobin { double } => {
                robin::cycle_rounds(players) * (1 + usize::from(double))
            }
            Format::Swiss { rounds } => usize::from(rounds),
        }
    }

    /// The points of a bye: a win (1) in a Swiss; nothing in a round robin, where everyone
    /// sits out the same number of rounds (a point would only make the table lie until all
    /// had theirs).
    pub fn bye_points(self) -> HalfPoints {
        match self {
            Format::RoundRobin { .. } => HalfPoints(0),
            Format::Swiss { .. } => Outcome::Win.points(),
        }
    }

    /// Checks the format for `players` players.
    fn check(self, players: usize) -> Result<(), SetupError> {
        if let Format::Swiss { rounds } = self {
            let max = u8::try_from(players.saturating_sub(1)).unwrap_or(u8::MAX);
            if rounds == 0 || rounds > max {
                return Err(SetupError::SwissRounds { rounds, max });
            }
        }
        Ok(())
    }
}

/// Why a result cannot be entered (or cleared).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ResultError {
    /// The round does not exist (or is not paired yet).
    #[error("there is no round {round}")]
    NoSuchRound {
        /// The round asked for.
        round: u8,
    },
    /// The round has no such board.
    #[error("round {round} has no board {board}")]
    NoSuchBoard {
        /// The round asked for.
        round: u8,
        /// The board asked for.
        board: u8,
    },
    /// A later Swiss round is already paired from this round's results: they are fixed.
    #[error("round {round} is closed: the next round is paired")]
    RoundClosed {
        /// The round asked for.
        round: u8,
    },
}

/// Why the next round cannot be paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PairError {
    /// A round robin has all its rounds from the start.
    #[error("a round robin is paired from the start")]
    NotSwiss,
    /// Every round is already paired.
    #[error("every round is paired")]
    AllRoundsPaired,
    /// The current round still has games without a result.
    #[error("round {round} is not complete")]
    RoundIncomplete {
        /// The round still being played.
        round: u8,
    },
    /// No pairing avoids a repeat game or a second bye (a Swiss with nearly as many rounds as
    /// players can come to this).
    #[error("no pairing avoids a repeat game and a second bye")]
    NoPairing,
}

/// A tournament: its players, format and game settings, and the rounds paired so far with their
/// results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// The version of the saved form ([`FORMAT_VERSION`]).
    format_version: u32,
    /// The players, in seed order.
    entrants: Vec<Entrant>,
    /// Round robin or Swiss.
    format: Format,
    /// The game's own settings for every game (game, variant, clock), kept as given.
    setup: serde_json::Value,
    /// The rounds paired so far.
    rounds: Vec<Round>,
}

impl Tournament {
    /// A tournament of `entrants` (names trimmed; their order is the seeding) in `format`, with
    /// the game's `setup`. A round robin gets all its rounds, a Swiss its first.
    pub fn new(
        entrants: Vec<Entrant>,
        format: Format,
        setup: serde_json::Value,
    ) -> Result<Tournament, SetupError> {
        let entrants = entrant::trimmed(entrants);
        entrant::check_entrants(&entrants)?;
        format.check(entrants.len())?;
        let n = entrants.len();
        let rounds = match format {
            Format::RoundRobin { double } => robin::schedule(n, double),
            Format::Swiss { rounds } => swiss::pair_next(n, usize::from(rounds), &[])
                .into_iter()
                .collect(),
        };
        Ok(Tournament {
            format_version: FORMAT_VERSION,
            entrants,
            format,
            setup,
            rounds,
        })
    }

    /// The players, in seed order (a [`PlayerId`] is an index into it).
    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    /// The entry of `player`.
    pub fn entrant(&self, player: PlayerId) -> Option<&Entrant> {
        self.entrants.get(player.index())
    }

    /// Every player, in seed order.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + use<> {
        (0..self.entrants.len()).map(|i| PlayerId(u8::try_from(i).unwrap_or(u8::MAX)))
    }

    /// Round robin or Swiss.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The game's settings, as given.
    pub fn setup(&self) -> &serde_json::Value {
        &self.setup
    }

    /// The game's settings, to note what the game keeps with the tournament (the core never
    /// reads them).
    pub fn setup_mut(&mut self) -> &mut serde_json::Value {
        &mut self.setup
    }

    /// The rounds paired so far (all of them in a round robin).
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Round `number` (from 1), if paired.
    pub fn round(&self, number: u8) -> Option<&Round> {
        let index = usize::from(number).checked_sub(1)?;
        self.rounds.get(index)
    }

    /// The game on `board` of round `round`.
    pub fn game(&self, round: u8, board: u8) -> Option<&Pairing> {
        self.round(round)?.game(board)
    }

    /// The rounds the tournament plays in all.
    pub fn total_rounds(&self) -> usize {
        self.format.total_rounds(self.entrants.len())
    }

    /// The round being played: the first with a game without a result; when every paired game
    /// has one, the last paired round.
    pub fn current_round(&self) -> Option<&Round> {
        self.rounds
            .iter()
            .find(|r| !r.is_complete())
            .or(self.rounds.last())
    }

    /// The games of the current round without a result, by board: the games to play now (one
    /// after another, or on several boards at once).
    pub fn next_games(&self) -> Vec<&Pairing> {
        self.rounds
            .iter()
            .find(|r| !r.is_complete())
            .map(|r| r.games.iter().filter(|g| g.result.is_none()).collect())
            .unwrap_or_default()
    }

    /// Whether [`pair_next_round`](Self::pair_next_round) may pair a round now: a Swiss whose
    /// paired rounds are all complete, with rounds still to play.
    pub fn can_pair_next_round(&self) -> bool {
        matches!(self.format, Format::Swiss { .. })
            && self.rounds.len() < self.total_rounds()
            && self.rounds.iter().all(Round::is_complete)
    }

    /// Pairs the next Swiss round from the standings so far. From then on the results of the
    /// rounds before it are fixed.
    pub fn pair_next_round(&mut self) -> Result<&Round, PairError> {
        if !matches!(self.format, Format::Swiss { .. }) {
            return Err(PairError::NotSwiss);
        }
        if self.rounds.len() >= self.total_rounds() {
            return Err(PairError::AllRoundsPaired);
        }
        if let Some(round) = self.rounds.iter().find(|r| !r.is_complete()) {
            return Err(PairError::RoundIncomplete {
                round: round.number,
            });
        }
        let round = swiss::pair_next(self.entrants.len(), self.total_rounds(), &self.rounds)
            .ok_or(PairError::NoPairing)?;
        self.rounds.push(round);
        self.rounds.last().ok_or(PairError::NoPairing)
    }

    /// Enters (or corrects) the result of the game on `board` of round `round`. A round robin
    /// takes results for any round in any order; a Swiss refuses a round once the next is paired.
    pub fn record_result(
        &mut self,
        round: u8,
        board: u8,
        result: GameResult,
    ) -> Result<(), ResultError> {
        self.game_mut(round, board)?.result = Some(result);
        Ok(())
    }

    /// Takes back the result of the game on `board` of round `round` (a result typed by
    /// mistake), under the same rules as [`record_result`](Self::record_result).
    pub fn clear_result(&mut self, round: u8, board: u8) -> Result<(), ResultError> {
        self.game_mut(round, board)?.result = None;
        Ok(())
    }

    /// The game whose result may change, or why not.
    fn game_mut(&mut self, round: u8, board: u8) -> Result<&mut Pairing, ResultError> {
        let paired = self.rounds.len();
        let index = usize::from(round)
            .checked_sub(1)
            .filter(|&i| i < paired)
            .ok_or(ResultError::NoSuchRound { round })?;
        if matches!(self.format, Format::Swiss { .. }) && index + 1 < paired {
            return Err(ResultError::RoundClosed { round });
        }
        self.rounds[index]
            .games
            .iter_mut()
            .find(|g| g.board == board)
            .ok_or(ResultError::NoSuchBoard { round, board })
    }

    /// Whether every round is paired and every game has its result.
    pub fn is_finished(&self) -> bool {
        self.rounds.len() == self.total_rounds() && self.rounds.iter().all(Round::is_complete)
    }

    /// The winner once the tournament is finished: the sole first of the standings, or the
    /// players sharing first place when points and every tie-break are equal.
    pub fn champion(&self) -> Option<Champion> {
        if !self.is_finished() {
            return None;
        }
        let first: Vec<PlayerId> = self
            .standings()
            .into_iter()
            .filter(|row| row.rank == 1)
            .map(|row| row.player)
            .collect();
        match first.as_slice() {
            [] => None,
            [one] => Some(Champion::Sole(*one)),
            _ => Some(Champion::Shared(first)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    fn round_robin(n: usize, double: bool) -> Tournament {
        Tournament::new(
            people(n),
            Format::RoundRobin { double },
            serde_json::Value::Null,
        )
        .expect("valid")
    }

    /// Plays every game of the current round with `result` until the tournament ends, pairing
    /// Swiss rounds as they come.
    fn play_out(t: &mut Tournament, mut result: impl FnMut(&Pairing) -> GameResult) {
        while !t.is_finished() {
            if t.can_pair_next_round() {
                t.pair_next_round().expect("paired");
            }
            let games: Vec<Pairing> = t.next_games().into_iter().copied().collect();
            assert!(!games.is_empty());
            for g in games {
                t.record_result(g.round, g.board, result(&g))
                    .expect("recorded");
            }
        }
    }

    #[test]
    fn five_player_round_robin() {
        let mut t = round_robin(5, false);
        assert_eq!(t.total_rounds(), 5);
        assert_eq!(t.rounds().len(), 5);
        assert_each_plays_once_per_round(5, t.rounds());
        let meetings = meeting_counts(5, t.rounds());
        for (a, row) in meetings.iter().enumerate() {
            for (b, &times) in row.iter().enumerate() {
                assert_eq!(times, usize::from(a != b));
            }
        }
        let byes: Vec<PlayerId> = t.rounds().iter().filter_map(|r| r.bye).collect();
        assert_eq!(byes.len(), 5);
        for p in t.players() {
            assert_eq!(byes.iter().filter(|&&b| b == p).count(), 1);
            let colours = colours_of(p, t.rounds());
            let whites = colours.iter().filter(|c| **c == Colour::White).count();
            assert!(whites.abs_diff(colours.len() - whites) <= 1);
        }
        assert_eq!(t.next_games().len(), 2);
        play_out(&mut t, |_| GameResult::Draw);
        assert!(t.is_finished());
        assert!(t.next_games().is_empty());
        // All draws: everyone 2 points, everything equal: all share first place.
        assert_eq!(t.champion(), Some(Champion::Shared(t.players().collect())));
    }

    #[test]
    fn double_round_robin_of_four() {
        let t = round_robin(4, true);
        assert_eq!(t.rounds().len(), 6);
        for a in t.players() {
            for b in t.players().filter(|&b| b != a) {
                let games: Vec<&Pairing> = t
                    .rounds()
                    .iter()
                    .flat_map(|r| &r.games)
                    .filter(|g| g.is_between(a, b))
                    .collect();
                assert_eq!(games.len(), 2);
                assert_eq!(games[0].black, games[1].white);
            }
        }
    }

    #[test]
    fn swiss_of_seven_through_the_tournament() {
        let patterns: [fn(&Pairing) -> GameResult; 4] = [
            |_| GameResult::BlackWins,
            |_| GameResult::Draw,
            |g| {
                if g.board % 2 == 0 {
                    GameResult::WhiteWins
                } else {
                    GameResult::Draw
                }
            },
            |g| {
                GameResult::win_for(if g.black < g.white {
                    Colour::Black
                } else {
                    Colour::White
                })
            },
        ];
        for pattern in patterns {
            let mut t = Tournament::new(
                people(7),
                Format::Swiss { rounds: 3 },
                serde_json::json!({"game": "loa"}),
            )
            .expect("valid");
            assert_eq!(t.rounds().len(), 1);
            play_out(&mut t, pattern);
            assert_eq!(t.rounds().len(), 3);
            let meetings = meeting_counts(7, t.rounds());
            assert!(meetings.iter().flatten().all(|&m| m <= 1));
            let byes: Vec<PlayerId> = t.rounds().iter().filter_map(|r| r.bye).collect();
            assert_eq!(byes.len(), 3);
            assert!(
                byes.iter()
                    .all(|b| byes.iter().filter(|c| *c == b).count() == 1)
            );
            for (w, b) in colour_counts(7, t.rounds()) {
                assert!(w.abs_diff(b) <= 1);
            }
            assert!(t.champion().is_some());
        }
    }

    #[test]
    fn setup_refusals() {
        let null = serde_json::Value::Null;
        let rr = Format::RoundRobin { double: false };
        assert_eq!(
            Tournament::new(people(2), rr, null.clone()),
            Err(SetupError::TooFew { count: 2 })
        );
        assert_eq!(
            Tournament::new(people(17), rr, null.clone()),
            Err(SetupError::TooMany { count: 17 })
        );
        let mut dup = people(4);
        dup[3].name = " p1 ".into();
        assert_eq!(
            Tournament::new(dup, rr, null.clone()),
            Err(SetupError::DuplicateName {
                first: 0,
                second: 3
            })
        );
        for rounds in [0, 5] {
            assert_eq!(
                Tournament::new(people(5), Format::Swiss { rounds }, null.clone()),
                Err(SetupError::SwissRounds { rounds, max: 4 })
            );
        }
        let t = Tournament::new(people(5), Format::Swiss { rounds: 4 }, null).expect("valid");
        assert_eq!(t.total_rounds(), 4);
    }

    #[test]
    fn names_are_trimmed_and_kinds_kept() {
        let entrants = vec![
            Entrant::person("  Ann "),
            Entrant::computer("Gamut 3", 3),
            Entrant::person("Bob"),
        ];
        let t = Tournament::new(entrants, Format::RoundRobin { double: false }, 1.into())
            .expect("valid");
        assert_eq!(t.entrants()[0].name, "Ann");
        assert_eq!(
            t.entrant(PlayerId(1)).map(|e| e.kind),
            Some(EntrantKind::Computer { level: 3 })
        );
        assert_eq!(t.setup(), &serde_json::json!(1));
    }

    #[test]
    fn result_refusals_and_corrections() {
        let mut t = Tournament::new(
            people(4),
            Format::Swiss { rounds: 3 },
            serde_json::Value::Null,
        )
        .expect("valid");
        assert_eq!(
            t.record_result(0, 1, GameResult::Draw),
            Err(ResultError::NoSuchRound { round: 0 })
        );
        assert_eq!(
            t.record_result(2, 1, GameResult::Draw),
            Err(ResultError::NoSuchRound { round: 2 })
        );
        assert_eq!(
            t.record_result(1, 3, GameResult::Draw),
            Err(ResultError::NoSuchBoard { round: 1, board: 3 })
        );
        assert_eq!(
            t.pair_next_round().err(),
            Some(PairError::RoundIncomplete { round: 1 })
        );
        t.record_result(1, 1, GameResult::Draw).expect("recorded");
        t.record_result(1, 2, GameResult::Draw).expect("recorded");
        // Corrections while round 2 is not paired.
        t.record_result(1, 1, GameResult::BlackWins)
            .expect("corrected");
        t.clear_result(1, 2).expect("cleared");
        assert!(!t.can_pair_next_round());
        t.record_result(1, 2, GameResult::WhiteWins)
            .expect("recorded");
        assert!(t.can_pair_next_round());
        t.pair_next_round().expect("paired");
        assert_eq!(
            t.record_result(1, 1, GameResult::Draw),
            Err(ResultError::RoundClosed { round: 1 })
        );
        assert_eq!(
            t.clear_result(1, 1),
            Err(ResultError::RoundClosed { round: 1 })
        );
        assert_eq!(
            t.game(1, 1).and_then(|g| g.result),
            Some(GameResult::BlackWins)
        );
        play_out(&mut t, |_| GameResult::Draw);
        assert_eq!(t.pair_next_round().err(), Some(PairError::AllRoundsPaired));
        // The last round can still be corrected.
        t.record_result(3, 1, GameResult::WhiteWins)
            .expect("corrected");
    }

    #[test]
    fn round_robin_takes_results_in_any_order() {
        let mut t = round_robin(4, false);
        assert_eq!(t.pair_next_round().err(), Some(PairError::NotSwiss));
        t.record_result(3, 2, GameResult::Draw)
            .expect("a later round");
        assert_eq!(t.current_round().map(|r| r.number), Some(1));
        assert_eq!(t.next_games().len(), 2);
        t.record_result(1, 1, GameResult::Draw).expect("recorded");
        t.record_result(1, 2, GameResult::Draw).expect("recorded");
        assert_eq!(t.current_round().map(|r| r.number), Some(2));
        t.record_result(1, 2, GameResult::BlackWins)
            .expect("corrected");
        assert!(!t.is_finished());
        assert_eq!(t.champion(), None);
    }
}
