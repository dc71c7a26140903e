//! Which games count, followed from play's messages and states (play knows nothing of it): a
//! game begins with play's `StartGame`; a game that counts is recorded as it ends, and
//! withdrawn if its end is taken back.

use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;

use super::rating::{GameResult, Rating, Score};
use super::store::Ratings;
use crate::model::{CurrentGame, GameEnd, GameSettings, Player};
use crate::play::{AppState, GameMode, StartAs, StartGame};

/// A game that counted: the rating before and after it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    /// The game.
    pub kind: GameKind,
    /// The computer's level.
    pub level: Level,
    /// The person's result.
    pub score: Score,
    /// The rating before the game.
    pub before: Rating,
    /// The rating after it.
    pub after: Rating,
}

/// The game on the board, as far as the ratings go.
#[derive(Resource, Debug, Clone, Default)]
pub struct RatedGame(Option<Followed>);

/// A game followed since play started it.
#[derive(Debug, Clone)]
struct Followed {
    /// Who plays it: one person against the computer, or `None` when it does not count.
    opponent: Option<(Side, Level)>,
    kind: GameKind,
    /// Who sits at it.
    seats: GameSettings,
    /// Its moves when last seen (to know it again as it comes back from a review).
    moves: Vec<String>,
    /// The position text it started from (a game set up in the board editor is another game,
    /// even with the same players and no move yet).
    start: String,
    /// Its result, once recorded.
    counted: Option<RatingChange>,
}

impl RatedGame {
    /// The rating change of the game on the board, once it has ended and counted.
    pub fn change(&self) -> Option<RatingChange> {
        self.0.as_ref().and_then(|f| f.counted)
    }
}

/// The person's colour and the computer's level, when `seats` is one person against the
/// computer in a game that counts (not LOA for four).
pub fn opponent(seats: &GameSettings) -> Option<(Side, Level)> {
    if seats.is_four_players() {
        return None;
    }
    let person = seats.persons_colour()?;
    match seats.player(!person) {
        Player::Computer(level) => Some((person, level)),
        Player::Human => None,
    }
}

/// The person's result in a game that ended with `end`.
pub fn score(end: GameEnd, person: Side) -> Score {
    match end.winner() {
        Some(winner) if winner == person => Score::Win,
        Some(_) => Score::Loss,
        None => Score::Draw,
    }
}

/// What a started game means for the game followed so far (`state`: where the app was when it
/// started).
fn on_start(followed: Option<Followed>, start: &StartGame, state: AppState) -> Option<Followed> {
    let game = &start.game;
    let same = followed.as_ref().is_some_and(|f| {
        f.kind == game.kind()
            && f.seats == start.seats
            && f.moves == game.notation()
            && f.start == game.position().initial_text()
    });
    let aside = matches!(state, AppState::Review | AppState::Editing);
    match start.mode {
        // A review shows positions of the game followed, the board editor a diagram: it goes
        // on after them.
        StartAs::Review | StartAs::Edit => followed,
        StartAs::Practice { .. } | StartAs::Show | StartAs::Analysis | StartAs::Tournament => None,
        // The game followed comes back from its review or the editor, as it was.
        StartAs::Own if same && aside => followed,
        // A finished game opened: it has not been played here.
        StartAs::Own if game.end().is_some() => None,
        // Played on from a position of a review: a game already played, replayed.
        StartAs::Own if state == AppState::Review && game.ply() > 0 => Some(Followed {
            opponent: None,
            ..new_game(game, &start.seats)
        }),
        // A position set up by hand: followed, never counted.
        StartAs::Own if state == AppState::Editing => Some(Followed {
            opponent: None,
            ..new_game(game, &start.seats)
        }),
        StartAs::Own => Some(new_game(game, &start.seats)),
    }
}

fn new_game(game: &CurrentGame, seats: &GameSettings) -> Followed {
    Followed {
        opponent: opponent(seats),
        kind: game.kind(),
        seats: *seats,
        moves: game.notation().to_vec(),
        start: game.position().initial_text(),
        counted: None,
    }
}

/// Follows the games play starts, records the result of each that counts as it ends, and
/// withdraws it if its end is taken back.
pub(super) fn follow_games(
    mut starts: MessageReader<StartGame>,
    state: Res<State<AppState>>,
    mode: Res<State<GameMode>>,
    game: Res<CurrentGame>,
    mut rated: ResMut<RatedGame>,
    mut ratings: ResMut<Ratings>,
) {
    if let Some(start) = starts.read().last() {
        rated.0 = on_start(rated.0.take(), start, *state.get());
    }
    let at_the_game = matches!(state.get(), AppState::Playing | AppState::GameOver);
    if !at_the_game || *mode.get() != GameMode::Own {
        return;
    }
    let Some(followed) = rated.0.as_mut() else {
        return;
    };
    if game.is_changed() && followed.moves != game.notation() {
        followed.moves = game.notation().to_vec();
    }
    let Some((person, level)) = followed.opponent else {
        return;
    };
    match (game.end(), followed.counted) {
        (Some(end), None) => {
            let kind = followed.kind;
            let before = ratings.rating(kind);
            let result = GameResult {
                level,
                score: score(end, person),
                at: now(),
            };
            ratings.record(kind, result);
            followed.counted = Some(RatingChange {
                kind,
                level,
                score: result.score,
                before,
                after: ratings.rating(kind),
            });
        }
        (None, Some(change)) if *state.get() == AppState::Playing => {
            ratings.withdraw_last(change.kind);
            followed.counted = None;
        }
        _ => {}
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::{DrawReason, Game, Outcome};

    #[test]
    fn only_a_person_against_the_computer_counts() {
        let level = Level::new(4).unwrap();
        let against = GameSettings {
            black: Player::Human,
            white: Player::Computer(level),
            ..GameSettings::default()
        };
        assert_eq!(opponent(&against), Some((Side::Black, level)));
        assert_eq!(
            opponent(&against.colours_swapped()),
            Some((Side::White, level))
        );
        let people = GameSettings {
            white: Player::Human,
            ..against
        };
        assert_eq!(opponent(&people), None);
        let computers = GameSettings {
            black: Player::Computer(level),
            ..against
        };
        assert_eq!(opponent(&computers), None);
        let mut four = against;
        four.config.loa.variant = gamut_engine::loa::Variant::FourPlayers;
        assert_eq!(opponent(&four), None);
    }

    fn against(level: u8) -> GameSettings {
        GameSettings {
            black: Player::Human,
            white: Player::Computer(Level::new(level).unwrap()),
            ..GameSettings::default()
        }
    }

    fn start(game: &CurrentGame, seats: GameSettings, mode: StartAs) -> StartGame {
        StartGame {
            names: Default::default(),
            game: Box::new(game.clone()),
            seats,
            mode,
            notice: None,
        }
    }

    fn played(moves: usize) -> CurrentGame {
        let mut game = CurrentGame::default();
        for _ in 0..moves {
            let mv = game.position().legal_moves()[0];
            game.play(mv);
        }
        game
    }

    fn counted(followed: &Option<Followed>) -> bool {
        followed.as_ref().is_some_and(|f| f.counted.is_some())
    }

    /// Which started games are followed as games that count.
    #[test]
    fn a_new_or_resumed_game_counts_not_one_opened_finished_or_played_on_from_a_review() {
        use AppState::*;
        let fresh = played(0);
        let new = on_start(None, &start(&fresh, against(4), StartAs::Own), Menu);
        let level = Level::new(4).unwrap();
        assert_eq!(new.as_ref().unwrap().opponent, Some((Side::Black, level)));
        // Resumed (a game with moves, from the title) counts too.
        let resumed = on_start(None, &start(&played(6), against(4), StartAs::Own), Menu);
        assert!(resumed.unwrap().opponent.is_some());
        // A finished game opened does not.
        let mut finished = played(6);
        finished.resign();
        let opened = start(&finished, against(4), StartAs::Own);
        assert!(on_start(new.clone(), &opened, Playing).is_none());
        // Lessons, puzzles and the Exhibition end the following.
        let show = start(&fresh, against(4), StartAs::Show);
        assert!(on_start(new.clone(), &show, Playing).is_none());
        let lesson = StartAs::Practice {
            learner: Side::Black,
        };
        assert!(on_start(new.clone(), &start(&fresh, against(4), lesson), Playing).is_none());

        // The game followed, ended and counted, goes into review and comes back.
        let mut ended = new.clone().unwrap();
        ended.moves = finished.notation().to_vec();
        ended.counted = Some(RatingChange {
            kind: GameKind::LinesOfAction,
            level,
            score: Score::Loss,
            before: Rating::start(GameKind::LinesOfAction),
            after: Rating::start(GameKind::LinesOfAction),
        });
        let ended = Some(ended);
        let position = start(&played(3), against(4), StartAs::Review);
        assert!(counted(&on_start(ended.clone(), &position, Review)));
        let back = start(&finished, against(4), StartAs::Own);
        assert!(counted(&on_start(ended.clone(), &back, Review)));
        // Played on from a position of the review: followed, never counted.
        let from_here = start(&played(3), against(4), StartAs::Own);
        let rerun = on_start(ended.clone(), &from_here, Review).unwrap();
        assert_eq!(rerun.opponent, None);
        // A new game from the review (no move yet) counts.
        let again = on_start(
            ended.clone(),
            &start(&fresh, against(4), StartAs::Own),
            Review,
        );
        assert!(again.unwrap().opponent.is_some());
        // A new game at another level with no move yet is a new game, not the one before.
        let other = on_start(
            new.clone(),
            &start(&fresh, against(7), StartAs::Own),
            Playing,
        );
        assert_eq!(
            other.unwrap().opponent,
            Some((Side::Black, Level::new(7).unwrap()))
        );
    }

    /// The board editor: the game followed goes on through it and comes back as it was; a game
    /// played from a position set up there never counts.
    #[test]
    fn a_game_from_the_board_editor_does_not_count() {
        use AppState::*;
        let fresh = played(0);
        let new = on_start(None, &start(&fresh, against(4), StartAs::Own), Menu);
        let diagram = start(&fresh, against(4), StartAs::Edit);
        let editing = on_start(new.clone(), &diagram, Playing);
        assert!(editing.as_ref().unwrap().opponent.is_some());
        let back = on_start(
            editing.clone(),
            &start(&fresh, against(4), StartAs::Own),
            Editing,
        );
        assert!(back.unwrap().opponent.is_some(), "the player's game again");
        let set_up =
            CurrentGame::from_text(Default::default(), "8/8/8/1b4b1/8/2w2w2/8/8 b").unwrap();
        let from_editor = on_start(editing, &start(&set_up, against(4), StartAs::Own), Editing);
        assert_eq!(from_editor.unwrap().opponent, None);
    }

    #[test]
    fn a_resignation_is_a_loss_and_a_draw_a_draw() {
        assert_eq!(
            score(GameEnd::Resigned(Side::Black), Side::Black),
            Score::Loss
        );
        assert_eq!(
            score(GameEnd::Resigned(Side::White), Side::Black),
            Score::Win
        );
        assert_eq!(score(GameEnd::Time(Side::Black), Side::Black), Score::Loss);
        assert_eq!(
            score(
                GameEnd::Rules(Outcome::Draw {
                    reason: DrawReason::Repetition
                }),
                Side::White
            ),
            Score::Draw
        );
    }
}
