//! The game's setup: who plays each seat, how long the computer thinks, how fast pieces move.

use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::loa::Variant;

use gamut_engine::level::Level;

use super::{CurrentGame, Seat, TimeControl};

/// A seat at the board: a person, or the computer at a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Moves come from the mouse.
    Human,
    /// Moves come from the engine at this level.
    Computer(Level),
    /// A person at another device of a table on the network (see `crate::table`): moves come
    /// from the table's server.
    Remote,
}

impl Player {
    /// Whether the computer plays this seat.
    pub fn is_computer(self) -> bool {
        matches!(self, Player::Computer(_))
    }

    /// Whether a person plays this seat here, at this screen.
    pub fn is_here(self) -> bool {
        self == Player::Human
    }

    /// Parses `human` or `ai:N` (N = 1 to [`Level::MAX`]).
    pub fn parse(text: &str) -> Result<Player, String> {
        let t = text.trim().to_ascii_lowercase();
        if t == "human" {
            return Ok(Player::Human);
        }
        let level = t
            .strip_prefix("ai:")
            .or_else(|| t.strip_prefix("ai"))
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a player (use human or ai:1 … ai:{})",
                    Level::MAX
                )
            })?;
        level
            .parse::<Level>()
            .map(Player::Computer)
            .map_err(|e| format!("'{text}': {e}"))
    }
}

/// How fast moves are animated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AnimationSpeed {
    /// No animation: pieces jump (tests, impatient players).
    Instant,
    /// Brisk.
    Fast,
    /// The default.
    #[default]
    Normal,
    /// For a big screen at a game night.
    Slow,
}

impl AnimationSpeed {
    /// Every speed, for the menu.
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Instant,
        AnimationSpeed::Fast,
        AnimationSpeed::Normal,
        AnimationSpeed::Slow,
    ];

    /// Seconds a piece takes to glide one move (0 for instant).
    pub fn glide_seconds(self) -> f32 {
        match self {
            AnimationSpeed::Instant => 0.0,
            AnimationSpeed::Fast => 0.18,
            AnimationSpeed::Normal => 0.35,
            AnimationSpeed::Slow => 0.7,
        }
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            AnimationSpeed::Instant => "instant",
            AnimationSpeed::Fast => "fast",
            AnimationSpeed::Normal => "normal",
            AnimationSpeed::Slow => "slow",
        }
    }
}

/// Everything the New Game dialog sets.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct GameSettings {
    /// Game, variant and rule options.
    pub config: GameConfig,
    /// Who plays Black.
    pub black: Player,
    /// Who plays White.
    pub white: Player,
    /// LOA for four: who plays Black's marked set (Black plays the plain set).
    pub black_marked: Player,
    /// LOA for four: who plays White's marked set (White plays the plain set).
    pub white_marked: Player,
    /// How long the computer may think per move.
    pub think_time: Duration,
    /// Animation speed.
    pub animation: AnimationSpeed,
    /// The clocks' time control.
    pub clock: TimeControl,
    /// Whether the clocks stop while a dialog is open or the window is minimised.
    pub pause_clocks: bool,
    /// Whether the colours are drawn by lot as the game starts (the Abacus rules).
    pub colours_by_lot: bool,
    /// Against the computer: its level follows the person's rating (`crate::strength`), the
    /// level closest to it, so that the person wins about half the games.
    pub adaptive: bool,
}

impl GameSettings {
    /// The player of a side (in LOA for four: of its plain set).
    pub fn player(&self, side: Side) -> Player {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    /// The player of a seat: in LOA for four each colour's marked set has its own player; in
    /// every other game a colour's player moves both its sets.
    pub fn seat_player(&self, seat: Seat, four_players: bool) -> Player {
        match (four_players && seat.marked, seat.side) {
            (true, Side::Black) => self.black_marked,
            (true, Side::White) => self.white_marked,
            (false, side) => self.player(side),
        }
    }

    /// Who moves now in `game`.
    pub fn player_to_move(&self, game: &CurrentGame) -> Player {
        self.seat_player(game.seat(), game.is_four_players())
    }

    /// The players in seat order for the configured game (four in LOA for four, else two).
    pub fn seats(&self) -> Vec<Player> {
        if self.is_four_players() {
            vec![self.black, self.white, self.black_marked, self.white_marked]
        } else {
            vec![self.black, self.white]
        }
    }

    /// Whether the configured game is LOA for four.
    pub fn is_four_players(&self) -> bool {
        self.config.kind == GameKind::LinesOfAction
            && self.config.loa.variant == Variant::FourPlayers
    }

    /// A game of `config` with people on every seat and no clock (a lesson's, a puzzle's).
    pub fn people_only(config: GameConfig) -> GameSettings {
        GameSettings {
            config,
            black: Player::Human,
            white: Player::Human,
            black_marked: Player::Human,
            white_marked: Player::Human,
            clock: TimeControl::Untimed,
            ..GameSettings::default()
        }
    }

    /// Whether people and the computer share the game (undo then takes back to a person's
    /// turn).
    pub fn mixes_humans_and_computers(&self) -> bool {
        let seats = self.seats();
        seats.iter().any(|p| p.is_computer()) && seats.iter().any(|p| !p.is_computer())
    }
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            config: GameConfig::default(),
            black: Player::Human,
            white: Player::Computer(Level::default()),
            black_marked: Player::Computer(Level::default()),
            white_marked: Player::Computer(Level::default()),
            think_time: Duration::from_millis(1500),
            animation: AnimationSpeed::Normal,
            clock: TimeControl::Untimed,
            pause_clocks: true,
            colours_by_lot: false,
            adaptive: false,
        }
    }
}

/// Who sits at the game in progress: the setup it was started with (its players, the
/// computer's think time, its clock). Play sets it with each game it starts; the New Game
/// dialog's choices stay in [`GameSettings`], which a game in progress never changes.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Default, Deref)]
pub struct Seats(pub GameSettings);

/// The people's names at the game in progress, in seat order (Black, White, Black's marked set,
/// White's marked set): `None` is an unnamed person, or the computer. Play sets it with each
/// game it starts ([`crate::play::StartGame::names`]); the panel, the records and the saves say
/// the names.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatNames(pub [Option<String>; 4]);

/// The most characters a person's name may have.
pub const MAX_NAME_CHARS: usize = 24;

impl SeatNames {
    /// Black and White's names (a two-player game).
    pub fn two(black: Option<String>, white: Option<String>) -> SeatNames {
        SeatNames([black, white, None, None])
    }

    /// The name at `seat` (in LOA for four, a marked set has its own seat).
    pub fn of(&self, seat: Seat, four_players: bool) -> Option<&str> {
        let index = match (four_players && seat.marked, seat.side) {
            (false, Side::Black) => 0,
            (false, Side::White) => 1,
            (true, Side::Black) => 2,
            (true, Side::White) => 3,
        };
        self.0[index].as_deref()
    }
}

impl SeatNames {
    /// The seats' players in seat order (Black, White, Black marked, White marked).
    fn players(settings: &GameSettings) -> [Player; 4] {
        [
            settings.black,
            settings.white,
            settings.black_marked,
            settings.white_marked,
        ]
    }

    /// The names of the people's seats of `settings` only (a name at the computer's seat, or
    /// at a marked set outside LOA for four, is dropped; a name of spaces is no name).
    pub fn for_people(&self, settings: &GameSettings) -> SeatNames {
        let four = settings.is_four_players();
        let players = SeatNames::players(settings);
        let mut names = self.clone();
        for (i, name) in names.0.iter_mut().enumerate() {
            let blank = name.as_deref().is_none_or(|n| n.trim().is_empty());
            if blank || players[i].is_computer() || (i >= 2 && !four) {
                *name = None;
            }
            if let Some(n) = name {
                *n = n.trim().to_string();
            }
        }
        names
    }

    /// The names with the colours swapped (as [`GameSettings::colours_swapped`]).
    pub fn swapped(&self) -> SeatNames {
        let [black, white, black_marked, white_marked] = self.0.clone();
        SeatNames([white, black, white_marked, black_marked])
    }

    /// The names kept for a game played on with `after`'s players from one with `before`'s:
    /// a name stays where a person sat and still sits.
    pub fn kept_for(&self, before: &GameSettings, after: &GameSettings) -> SeatNames {
        let (old, new) = (SeatNames::players(before), SeatNames::players(after));
        let mut names = self.clone();
        for (i, name) in names.0.iter_mut().enumerate() {
            if old[i].is_computer() || new[i].is_computer() {
                *name = None;
            }
        }
        names.for_people(after)
    }
}

/// The names picked in the New Game dialog for the next game's seats, as [`GameSettings`]
/// keeps its players: New Game starts the game with them ([`SeatNames::for_people`]).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ChosenNames(pub SeatNames);

#[cfg(test)]
mod tests {
    use super::*;

    fn ada_bob() -> SeatNames {
        SeatNames([
            Some(" Ada ".into()),
            Some("Bob".into()),
            Some("Cy".into()),
            None,
        ])
    }

    /// Names stay at people's seats only, trimmed; the marked sets' outside LOA for four go.
    #[test]
    fn names_are_kept_for_people_only_and_move_with_the_colours() {
        let level = Player::Computer(Level::MIN);
        let people = GameSettings {
            white: Player::Human,
            ..GameSettings::default()
        };
        let two = SeatNames::two(Some("Ada".into()), Some("Bob".into()));
        assert_eq!(ada_bob().for_people(&people), two);
        let against = GameSettings {
            white: level,
            ..people
        };
        assert_eq!(
            ada_bob().for_people(&against),
            SeatNames::two(Some("Ada".into()), None)
        );
        assert_eq!(
            two.swapped(),
            SeatNames::two(Some("Bob".into()), Some("Ada".into()))
        );
        // Played on against the computer from a hot-seat game: the person who still plays
        // keeps their name.
        assert_eq!(
            two.kept_for(&people, &against),
            SeatNames::two(Some("Ada".into()), None)
        );
        let blank = SeatNames::two(Some("  ".into()), None);
        assert_eq!(blank.for_people(&people), SeatNames::default());
    }
}
