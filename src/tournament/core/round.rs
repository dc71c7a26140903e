//! A round: its games (each a pairing of a Black and a White player on a numbered board, with
//! its result once played) and the player who sits it out when the count is odd. Points are
//! counted in exact halves ([`HalfPoints`]) and Sonneborn-Berger in exact quarters
//! ([`QuarterPoints`]).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::entrant::PlayerId;

/// A side of the board. The seats are named by colour because which colour moves first depends
/// on the game (Black in Lines of Action, White in Epaminondas).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// The Black seat.
    Black,
    /// The White seat.
    White,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

/// The result of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// Black won.
    BlackWins,
    /// White won.
    WhiteWins,
    /// A draw.
    Draw,
}

impl GameResult {
    /// The win for `colour`.
    pub fn win_for(colour: Colour) -> GameResult {
        match colour {
            Colour::Black => GameResult::BlackWins,
            Colour::White => GameResult::WhiteWins,
        }
    }

    /// How the game went for the player of `colour`.
    pub fn outcome_for(self, colour: Colour) -> Outcome {
        match (self, colour) {
            (GameResult::Draw, _) => Outcome::Draw,
            (GameResult::BlackWins, Colour::Black) | (GameResult::WhiteWins, Colour::White) => {
                Outcome::Win
            }
            _ => Outcome::Loss,
        }
    }
}

/// A game's result seen from one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    /// The points it brings: 1, ½ or 0.
    pub fn points(self) -> HalfPoints {
        match self {
            Outcome::Win => HalfPoints(2),
            Outcome::Draw => HalfPoints(1),
            Outcome::Loss => HalfPoints(0),
        }
    }
}

/// Points counted in halves, exact: `HalfPoints(5)` is 2½ points. Shown as `2½`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct HalfPoints(pub u32);

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fraction(f, self.0 / 2, ["", "½"][(self.0 % 2) as usize])
    }
}

/// A Sonneborn-Berger score counted in quarters, exact (points times points): `QuarterPoints(27)`
/// is 6¾. Shown as `6¾`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct QuarterPoints(pub u32);

impl fmt::Display for QuarterPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fraction(f, self.0 / 4, ["", "¼", "½", "¾"][(self.0 % 4) as usize])
    }
}

/// `whole` then the vulgar fraction, `½` alone for a half (not `0½`).
fn write_fraction(f: &mut fmt::Formatter<'_>, whole: u32, fraction: &str) -> fmt::Result {
    let text = match (whole, fraction) {
        (0, "") => "0".to_string(),
        (0, _) => fraction.to_string(),
        _ => format!("{whole}{fraction}"),
    };
    f.pad(&text)
}

/// A game of a round: who plays Black, who plays White, on which board, and its result once
/// played (or typed in from a real board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The round, from 1.
    pub round: u8,
    /// The board within the round, from 1 (board 1 is the top game).
    pub board: u8,
    /// The player on the Black seat.
    pub black: PlayerId,
    /// The player on the White seat.
    pub white: PlayerId,
    /// The result, once known.
    pub result: Option<GameResult>,
}

impl Pairing {
    /// Whether `player` plays this game.
    pub fn involves(&self, player: PlayerId) -> bool {
        self.black == player || self.white == player
    }

    /// The colour `player` has in this game, if they play it.
    pub fn colour_of(&self, player: PlayerId) -> Option<Colour> {
        if self.black == player {
            Some(Colour::Black)
        } else if self.white == player {
            Some(Colour::White)
        } else {
            None
        }
    }

    /// The player of `colour`.
    pub fn player(&self, colour: Colour) -> PlayerId {
        match colour {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }

    /// The opponent of `player`, if they play this game.
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        self.colour_of(player).map(|c| self.player(c.other()))
    }

    /// How the game went for `player`, once it has a result.
    pub fn outcome_for(&self, player: PlayerId) -> Option<Outcome> {
        let colour = self.colour_of(player)?;
        self.result.map(|r| r.outcome_for(colour))
    }

    /// Whether the two play each other in this game (either colours).
    pub fn is_between(&self, a: PlayerId, b: PlayerId) -> bool {
        (self.black == a && self.white == b) || (self.black == b && self.white == a)
    }
}

/// A round: its games by board, and the player without a game when the count is odd.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The round, from 1.
    pub number: u8,
    /// The games, board 1 first.
    pub games: Vec<Pairing>,
    /// The player sitting this round out, when the count is odd.
    pub bye: Option<PlayerId>,
}

impl Round {
    /// Whether every game of the round has a result.
    pub fn is_complete(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
    }

    /// The game on `board`.
    pub fn game(&self, board: u8) -> Option<&Pairing> {
        self.games.iter().find(|g| g.board == board)
    }

    /// The game `player` plays this round, if any.
    pub fn game_of(&self, player: PlayerId) -> Option<&Pairing> {
        self.games.iter().find(|g| g.involves(player))
    }

    /// A round of `pairs` (each `(black, white)`, board 1 first) and the bye.
    pub(super) fn of_pairs(
        number: u8,
        pairs: &[(PlayerId, PlayerId)],
        bye: Option<PlayerId>,
    ) -> Round {
        let games = pairs
            .iter()
            .zip(1u8..)
            .map(|(&(black, white), board)| Pairing {
                round: number,
                board,
                black,
                white,
                result: None,
            })
            .collect();
        Round { number, games, bye }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_show_exact_fractions() {
        assert_eq!(HalfPoints(0).to_string(), "0");
        assert_eq!(HalfPoints(1).to_string(), "½");
        assert_eq!(HalfPoints(4).to_string(), "2");
        assert_eq!(HalfPoints(5).to_string(), "2½");
        assert_eq!(QuarterPoints(27).to_string(), "6¾");
        assert_eq!(QuarterPoints(1).to_string(), "¼");
        assert_eq!(QuarterPoints(10).to_string(), "2½");
        assert_eq!(format!("{:>4}", HalfPoints(5)), "  2½");
    }

    #[test]
    fn outcomes_follow_the_colour() {
        let g = Pairing {
            round: 1,
            board: 1,
            black: PlayerId(0),
            white: PlayerId(1),
            result: Some(GameResult::BlackWins),
        };
        assert_eq!(g.outcome_for(PlayerId(0)), Some(Outcome::Win));
        assert_eq!(g.outcome_for(PlayerId(1)), Some(Outcome::Loss));
        assert_eq!(g.outcome_for(PlayerId(2)), None);
        assert_eq!(g.opponent_of(PlayerId(1)), Some(PlayerId(0)));
        assert!(g.is_between(PlayerId(1), PlayerId(0)));
        assert_eq!(GameResult::Draw.outcome_for(Colour::White), Outcome::Draw);
        assert_eq!(GameResult::win_for(Colour::White), GameResult::WhiteWins);
    }
}
