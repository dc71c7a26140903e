//! Your strength: the player's rating per game from their results against the computer's
//! levels (Glicko-2, [`rating`]), each level rated from the measured ladder ([`ladder`]), the
//! results kept in `ratings.json` ([`store`]). Lines of Action and its variants share one rating
//! (the game's levels and their measured ladder are the same for every variant); Epaminondas has
//! its own (both boards).
//!
//! People may play by name ([`roster`], `players.json`): each named person has ratings of their
//! own, worked out the same way; the unnamed person's are `ratings.json`'s, as before names.
//!
//! Which games count ([`follow`]): the player's own game or a game of the tournament night, one
//! person (named or not) against the computer, or two named people against each other
//! (hot-seat: each rated against the other's rating), that ends while it is played — by the
//! rules (a win, a loss or a draw), a resignation (a loss) or a clock (a loss or a win). Never a
//! lesson, a puzzle, the Exhibition, a review, a hot-seat game with an unnamed person, computer
//! against computer, or LOA for four. A game left unfinished does not count; nor
//! a finished game opened again, nor one played on from a position of a review. A game whose end
//! is taken back (Undo on the game-over panel) is withdrawn; it counts again if it ends again.
//!
//! The adaptive opponent: with [`GameSettings::adaptive`] on, the computer's level is the one
//! closest to the person's rating in the game chosen (the named person's, when a name is picked
//! for their seat), set again after every game that counts.
//! Play knows nothing of this module: it reads play's messages and states.

pub mod follow;
pub mod ladder;
pub mod rating;
pub mod roster;
pub mod store;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;

use crate::model::{ChosenNames, GameSettings, Player, Seat, SeatNames};
use crate::play::PlaySystems;

pub use follow::{Rated, RatedGame, RatingChange};
pub use rating::{GameResult, Rating, Score};
pub use roster::{NameRefusal, Roster, check_name};
pub use store::Ratings;

/// What the "Your strength" screen shows (the screen itself is
/// [`crate::play::MenuScreen::Strength`]).
#[derive(Resource, Debug, Clone, PartialEq, Eq, Default)]
pub struct StrengthScreen {
    /// The game shown.
    pub kind: GameKind,
    /// Whose strength: a named person's, or the unnamed person's (`None`).
    pub who: Option<String>,
}

/// The ratings, the games that count, the adaptive opponent.
pub struct StrengthPlugin;

impl Plugin for StrengthPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Ratings>()
            .init_resource::<Roster>()
            .init_resource::<RatedGame>()
            .init_resource::<StrengthScreen>()
            .add_message::<EndedAway>()
            .add_systems(Startup, (store::load_ratings, roster::load_roster))
            .add_systems(Update, follow::rate_games_away)
            .add_systems(
                Update,
                (follow::follow_games, adapt_settings)
                    .chain()
                    .after(PlaySystems),
            );
    }
}

/// A game played away from this screen ended (a tournament's pairing at a table on the
/// players' devices): it counts for the ratings as the same game on the board would.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct EndedAway {
    /// Who sat where (a person, or the computer at a level), and the game.
    pub seats: crate::model::GameSettings,
    /// The people's names at the seats.
    pub names: crate::model::SeatNames,
    /// The winner (none: a draw).
    pub winner: Option<gamut_engine::Color>,
    /// The moves played.
    pub moves: usize,
}

/// With the adaptive opponent on, a game against the computer sets the computer's level to the
/// one closest to the (unnamed) person's rating in the game of `settings` (nothing otherwise).
pub fn adapt(settings: &mut GameSettings, ratings: &Ratings) {
    adapt_to(settings, ratings, &Roster::default(), &SeatNames::default());
}

/// [`adapt`], to the named person's rating on `roster` when `names` names the person's seat.
pub fn adapt_to(
    settings: &mut GameSettings,
    ratings: &Ratings,
    roster: &Roster,
    names: &SeatNames,
) {
    if !settings.adaptive || settings.is_four_players() {
        return;
    }
    let Some(person) = settings.persons_colour() else {
        return;
    };
    let kind = settings.config.kind;
    let seat = Seat {
        side: person,
        marked: false,
    };
    let suggested = match names.for_people(settings).of(seat, false) {
        Some(name) => roster.suggested_level(name, kind),
        None => ratings.suggested_level(kind),
    };
    let level = Player::Computer(suggested);
    match person {
        Side::Black => settings.white = level,
        Side::White => settings.black = level,
    }
}

/// The settings follow the rating: after each game that counts, the next game's level.
fn adapt_settings(
    ratings: Res<Ratings>,
    roster: Res<Roster>,
    names: Res<ChosenNames>,
    mut settings: ResMut<GameSettings>,
) {
    let changed = ratings.is_changed() || roster.is_changed() || names.is_changed();
    if !changed && !settings.is_changed() {
        return;
    }
    let mut adapted = *settings;
    adapt_to(&mut adapted, &ratings, &roster, &names.0);
    settings.set_if_neq(adapted);
}

/// The settings of a game of `kind` against the computer at `level`, from `settings`: the
/// person keeps the colour they played against the computer (Black if none), LOA for four
/// becomes standard Lines of Action, every other choice stays.
pub fn against_level(settings: &GameSettings, kind: GameKind, level: Level) -> GameSettings {
    let mut chosen = *settings;
    chosen.config.kind = kind;
    if chosen.config.loa.variant == Variant::FourPlayers {
        chosen.config.loa.variant = Variant::Standard;
    }
    let person = settings.persons_colour().unwrap_or(Side::Black);
    let player = |side: Side| {
        if side == person {
            Player::Human
        } else {
            Player::Computer(level)
        }
    };
    chosen.black = player(Side::Black);
    chosen.white = player(Side::White);
    chosen.black_marked = player(Side::Black);
    chosen.white_marked = player(Side::White);
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(level: Level) -> GameResult {
        GameResult {
            level,
            score: Score::Win,
            at: 0,
        }
    }

    fn loss(level: Level) -> GameResult {
        GameResult {
            score: Score::Loss,
            ..win(level)
        }
    }

    fn computer_level(settings: &GameSettings) -> u8 {
        match settings.white {
            Player::Computer(level) => level.number(),
            other => panic!("White is {other:?}"),
        }
    }

    /// The adaptive opponent: each win against it moves the next game's level up (or keeps
    /// it), each loss down (or keeps it); wins in a row climb the ladder, losses in a row go
    /// down it.
    #[test]
    fn the_adaptive_level_follows_wins_up_and_losses_down() {
        let kind = GameKind::LinesOfAction;
        let mut ratings = Ratings::default();
        let mut settings = GameSettings {
            adaptive: true,
            ..GameSettings::default()
        };
        adapt(&mut settings, &ratings);
        assert_eq!(computer_level(&settings), ladder::START_LEVEL);
        let mut levels = vec![computer_level(&settings)];
        for _ in 0..6 {
            let level = Level::new(computer_level(&settings)).unwrap();
            ratings.record(kind, win(level));
            adapt(&mut settings, &ratings);
            let next = computer_level(&settings);
            assert!(next >= *levels.last().unwrap(), "{levels:?} then {next}");
            levels.push(next);
        }
        assert!(levels[6] >= levels[0] + 3, "six wins climb: {levels:?}");
        let top = levels[6];
        let mut down = vec![top];
        for _ in 0..8 {
            let level = Level::new(computer_level(&settings)).unwrap();
            ratings.record(kind, loss(level));
            adapt(&mut settings, &ratings);
            let next = computer_level(&settings);
            assert!(next <= *down.last().unwrap(), "{down:?} then {next}");
            down.push(next);
        }
        assert!(down[8] < top, "losses go down: {down:?}");
        // Epaminondas has its own rating: still at the start.
        settings.config.kind = GameKind::Epaminondas;
        adapt(&mut settings, &ratings);
        assert_eq!(computer_level(&settings), ladder::START_LEVEL);
    }

    /// Only a game of a person against the computer with the option on is adapted.
    #[test]
    fn only_the_computer_against_a_person_is_adapted() {
        let ratings = Ratings::default();
        let off = GameSettings::default();
        let mut same = off;
        adapt(&mut same, &ratings);
        assert_eq!(same, off, "the option off");
        let people = GameSettings {
            adaptive: true,
            black: Player::Human,
            white: Player::Human,
            ..GameSettings::default()
        };
        let mut same = people;
        adapt(&mut same, &ratings);
        assert_eq!(same, people, "hot-seat");
        let mut as_white = GameSettings {
            adaptive: true,
            black: Player::Computer(Level::MAX),
            white: Player::Human,
            ..GameSettings::default()
        };
        adapt(&mut as_white, &ratings);
        assert_eq!(as_white.black, Player::Computer(Level::new(3).unwrap()));
        assert_eq!(as_white.white, Player::Human);
    }

    /// A named person at the board: the adaptive level follows their rating, not the unnamed
    /// player's.
    #[test]
    fn the_adaptive_level_follows_the_named_person() {
        let kind = GameKind::LinesOfAction;
        let mut ratings = Ratings::default();
        for _ in 0..6 {
            ratings.record(kind, win(Level::new(8).unwrap()));
        }
        let mut roster = Roster::default();
        roster.add("Ada").unwrap();
        let settings = GameSettings {
            adaptive: true,
            ..GameSettings::default()
        };
        let mut you = settings;
        adapt(&mut you, &ratings);
        let mut ada = settings;
        let names = SeatNames::two(Some("Ada".into()), None);
        adapt_to(&mut ada, &ratings, &roster, &names);
        assert_eq!(
            computer_level(&ada),
            ladder::START_LEVEL,
            "Ada has no game yet"
        );
        assert!(computer_level(&you) > ladder::START_LEVEL + 2, "{you:?}");
        // A name at the computer's seat is no one's.
        let mut computer_named = settings;
        adapt_to(
            &mut computer_named,
            &ratings,
            &roster,
            &SeatNames::two(None, Some("Ada".into())),
        );
        assert_eq!(computer_level(&computer_named), computer_level(&you));
    }

    #[test]
    fn a_game_against_a_level_keeps_the_persons_colour() {
        let mut four = GameSettings {
            black: Player::Computer(Level::MIN),
            white: Player::Human,
            white_marked: Player::Human,
            ..GameSettings::default()
        };
        four.config.loa.variant = Variant::FourPlayers;
        let level = Level::new(7).unwrap();
        let chosen = against_level(&four, GameKind::LinesOfAction, level);
        assert_eq!(chosen.config.loa.variant, Variant::Standard);
        assert_eq!(chosen.persons_colour(), Some(Side::White));
        assert_eq!(chosen.black, Player::Computer(level));
        let chosen = against_level(&GameSettings::default(), GameKind::Epaminondas, level);
        assert_eq!(chosen.config.kind, GameKind::Epaminondas);
        assert_eq!(chosen.black, Player::Human);
        assert_eq!(chosen.white, Player::Computer(level));
    }
}
