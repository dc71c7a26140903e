//! Which games count, followed from play's messages and states (play knows nothing of it): a
//! game begins with play's `StartGame`; a game that counts is recorded as it ends, and
//! withdrawn if its end is taken back.

use web_time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;

use super::rating::{GameResult, Rating, Score};
use super::roster::{Opponent, PersonResult, Roster};
use super::store::Ratings;
use crate::model::{CurrentGame, GameEnd, GameSettings, Player, Seat, SeatNames};
use crate::play::{AppState, GameMode, StartAs, StartGame};

/// A person's rating that a game moved: the rating before and after it.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    /// The game.
    pub kind: GameKind,
    /// Whose rating: a named person's, or the unnamed person's ("you", `None`).
    pub who: Option<String>,
    /// The computer's level (none: the game was between two named people).
    pub level: Option<Level>,
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

/// Who is rated by a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rated {
    /// One person (named, or the unnamed "you") against the computer at a level.
    Computer {
        /// The person's colour.
        person: Side,
        /// The computer's level.
        level: Level,
        /// The person's name (none: the unnamed person's ratings).
        name: Option<String>,
    },
    /// Two named people, hot-seat: each rated against the other.
    People {
        /// Black's name.
        black: String,
        /// White's name.
        white: String,
    },
}

/// A game followed since play started it.
#[derive(Debug, Clone)]
struct Followed {
    /// Who it rates, or `None` when it does not count.
    rated: Option<Rated>,
    kind: GameKind,
    /// Who sits at it.
    seats: GameSettings,
    /// Their names.
    names: SeatNames,
    /// Its moves when last seen (to know it again as it comes back from a review).
    moves: Vec<String>,
    /// The position text it started from (a game set up in the board editor is another game,
    /// even with the same players and no move yet).
    start: String,
    /// The ratings it moved, once recorded (empty: not counted).
    counted: Vec<RatingChange>,
}

impl RatedGame {
    /// The rating changes of the game on the board, once it has ended and counted (one per
    /// person rated; none before).
    pub fn changes(&self) -> &[RatingChange] {
        self.0.as_ref().map_or(&[], |f| f.counted.as_slice())
    }
}

/// Who a game of `seats` with the people `names` rates: one person against the computer
/// (named or not), or two named people against each other (hot-seat, different names); never
/// LOA for four, computer against computer, or a hot-seat game with an unnamed person.
pub fn rated(seats: &GameSettings, names: &SeatNames) -> Option<Rated> {
    if seats.is_four_players() {
        return None;
    }
    let name = |side: Side| {
        names
            .of(
                Seat {
                    side,
                    marked: false,
                },
                false,
            )
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_string)
    };
    if let Some((person, level)) = opponent(seats) {
        return Some(Rated::Computer {
            person,
            level,
            name: name(person),
        });
    }
    let people = !seats.black.is_computer() && !seats.white.is_computer();
    match (name(Side::Black), name(Side::White)) {
        (Some(black), Some(white)) if people && black.to_lowercase() != white.to_lowercase() => {
            Some(Rated::People { black, white })
        }
        _ => None,
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
        Player::Human | Player::Remote => None,
    }
}

/// The person's result in a game that ended with `end`.
pub fn score(end: GameEnd, person: Side) -> Score {
    score_of(end.winner(), person)
}

/// The person's result in a game won by `winner` (none: drawn).
pub fn score_of(winner: Option<Side>, person: Side) -> Score {
    match winner {
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
            && f.names == start.names
            && f.moves == game.notation()
            && f.start == game.position().initial_text()
    });
    let aside = matches!(state, AppState::Review | AppState::Editing);
    match start.mode {
        // A review shows positions of the game followed, the board editor a diagram: it goes
        // on after them.
        StartAs::Review | StartAs::Edit => followed,
        // A table's game is the server's: not rated here.
        StartAs::Practice { .. } | StartAs::Show | StartAs::Analysis | StartAs::Table => None,
        // A game of the tournament night: rated like the player's own new game.
        StartAs::Tournament => Some(new_game(start)),
        // The game followed comes back from its review or the editor, as it was.
        StartAs::Own if same && aside => followed,
        // A finished game opened: it has not been played here.
        StartAs::Own if game.end().is_some() => None,
        // Played on from a position of a review: a game already played, replayed.
        StartAs::Own if state == AppState::Review && game.ply() > 0 => Some(Followed {
            rated: None,
            ..new_game(start)
        }),
        // A position set up by hand: followed, never counted.
        StartAs::Own if state == AppState::Editing => Some(Followed {
            rated: None,
            ..new_game(start)
        }),
        StartAs::Own => Some(new_game(start)),
    }
}

fn new_game(start: &StartGame) -> Followed {
    let game = &start.game;
    Followed {
        rated: rated(&start.seats, &start.names),
        kind: game.kind(),
        seats: start.seats,
        names: start.names.clone(),
        moves: game.notation().to_vec(),
        start: game.position().initial_text(),
        counted: Vec::new(),
    }
}

/// The ratings a game moves, where they are kept.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Books<'w> {
    ratings: ResMut<'w, Ratings>,
    roster: ResMut<'w, Roster>,
}

impl Books<'_> {
    fn rating(&self, who: Option<&str>, kind: GameKind) -> Rating {
        match who {
            Some(name) => self.roster.rating_or_start(name, kind),
            None => self.ratings.rating(kind),
        }
    }

    /// Records the end `end` of a game of `kind` that rates `rated`: the changes.
    fn record(&mut self, kind: GameKind, rated: &Rated, end: GameEnd) -> Vec<RatingChange> {
        self.record_won(kind, rated, end.winner())
    }

    /// Records a game of `kind` that rates `rated`, won by `winner` (none: drawn): the changes.
    fn record_won(
        &mut self,
        kind: GameKind,
        rated: &Rated,
        winner: Option<Side>,
    ) -> Vec<RatingChange> {
        let at = now();
        match rated {
            Rated::Computer {
                person,
                level,
                name,
            } => {
                let who = name.as_deref();
                let before = self.rating(who, kind);
                let score = score_of(winner, *person);
                match who {
                    Some(name) => self.roster.record(
                        name,
                        kind,
                        PersonResult {
                            opponent: Opponent::Computer(*level),
                            score,
                            at,
                        },
                    ),
                    None => self.ratings.record(
                        kind,
                        GameResult {
                            level: *level,
                            score,
                            at,
                        },
                    ),
                }
                vec![RatingChange {
                    kind,
                    who: name.clone(),
                    level: Some(*level),
                    score,
                    before,
                    after: self.rating(who, kind),
                }]
            }
            Rated::People { black, white } => {
                let seats = [(black, white, Side::Black), (white, black, Side::White)];
                let before = seats.map(|(me, _, _)| self.rating(Some(me), kind));
                let mut changes = Vec::new();
                for (i, (me, them, side)) in seats.into_iter().enumerate() {
                    let their = before[1 - i];
                    let score = score_of(winner, side);
                    self.roster.record(
                        me,
                        kind,
                        PersonResult {
                            opponent: Opponent::Person {
                                name: them.clone(),
                                rating: their.value,
                                deviation: their.deviation,
                            },
                            score,
                            at,
                        },
                    );
                    changes.push(RatingChange {
                        kind,
                        who: Some(me.clone()),
                        level: None,
                        score,
                        before: before[i],
                        after: self.rating(Some(me), kind),
                    });
                }
                changes
            }
        }
    }

    fn withdraw(&mut self, change: &RatingChange) {
        match &change.who {
            Some(name) => self.roster.withdraw_last(name, change.kind),
            None => self.ratings.withdraw_last(change.kind),
        }
    }
}

/// The moves a game must have for its end to be rated: one each. A game lost on time, resigned
/// or ended otherwise before both sides moved is not rated — lichess's rule ("aborted" before
/// both players move), the most widely played site's; a single move says nothing of strength.
pub const MOVES_TO_BE_RATED: usize = 2;

/// Whether both sides have moved in `game` since it started.
pub fn both_sides_moved(game: &CurrentGame) -> bool {
    game.notation().len() >= MOVES_TO_BE_RATED
}

/// Follows the games play starts, records the result of each that counts as it ends, and
/// withdraws it if its end is taken back.
pub(super) fn follow_games(
    mut starts: MessageReader<StartGame>,
    state: Res<State<AppState>>,
    mode: Res<State<GameMode>>,
    game: Res<CurrentGame>,
    mut rated: ResMut<RatedGame>,
    mut books: Books,
) {
    if let Some(start) = starts.read().last() {
        rated.0 = on_start(rated.0.take(), start, *state.get());
    }
    let at_the_game = matches!(state.get(), AppState::Playing | AppState::GameOver);
    if !at_the_game || !matches!(mode.get(), GameMode::Own | GameMode::Tournament) {
        return;
    }
    let Some(followed) = rated.0.as_mut() else {
        return;
    };
    if game.is_changed() && followed.moves != game.notation() {
        followed.moves = game.notation().to_vec();
    }
    let Some(who) = followed.rated.clone() else {
        return;
    };
    match game.end() {
        // A game that ended before both sides had moved is not rated (as lichess aborts it).
        Some(_) if !both_sides_moved(&game) => {}
        Some(end) if followed.counted.is_empty() => {
            followed.counted = books.record(followed.kind, &who, end);
        }
        None if !followed.counted.is_empty() && *state.get() == AppState::Playing => {
            for change in std::mem::take(&mut followed.counted) {
                books.withdraw(&change);
            }
        }
        _ => {}
    }
}

/// Rates the games that ended away from this screen (a tournament's pairing at a table) as
/// the same games on the board would be: one each side's move at least, the people named.
pub(super) fn rate_games_away(mut ended: MessageReader<super::EndedAway>, mut books: Books) {
    for away in ended.read() {
        if away.moves < MOVES_TO_BE_RATED {
            continue;
        }
        if let Some(who) = rated(&away.seats, &away.names) {
            books.record_won(away.seats.config.kind, &who, away.winner);
        }
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
        followed.as_ref().is_some_and(|f| !f.counted.is_empty())
    }

    fn computer(person: Side, level: Level) -> Option<Rated> {
        Some(Rated::Computer {
            person,
            level,
            name: None,
        })
    }

    /// Which started games are followed as games that count.
    #[test]
    fn a_new_or_resumed_game_counts_not_one_opened_finished_or_played_on_from_a_review() {
        use AppState::*;
        let fresh = played(0);
        let new = on_start(None, &start(&fresh, against(4), StartAs::Own), Menu);
        let level = Level::new(4).unwrap();
        assert_eq!(new.as_ref().unwrap().rated, computer(Side::Black, level));
        // Resumed (a game with moves, from the title) counts too.
        let resumed = on_start(None, &start(&played(6), against(4), StartAs::Own), Menu);
        assert!(resumed.unwrap().rated.is_some());
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
            drill: crate::play::Drill::Lesson,
        };
        assert!(on_start(new.clone(), &start(&fresh, against(4), lesson), Playing).is_none());

        // The game followed, ended and counted, goes into review and comes back.
        let mut ended = new.clone().unwrap();
        ended.moves = finished.notation().to_vec();
        ended.counted = vec![RatingChange {
            kind: GameKind::LinesOfAction,
            who: None,
            level: Some(level),
            score: Score::Loss,
            before: Rating::start(GameKind::LinesOfAction),
            after: Rating::start(GameKind::LinesOfAction),
        }];
        let ended = Some(ended);
        let position = start(&played(3), against(4), StartAs::Review);
        assert!(counted(&on_start(ended.clone(), &position, Review)));
        let back = start(&finished, against(4), StartAs::Own);
        assert!(counted(&on_start(ended.clone(), &back, Review)));
        // Played on from a position of the review: followed, never counted.
        let from_here = start(&played(3), against(4), StartAs::Own);
        let rerun = on_start(ended.clone(), &from_here, Review).unwrap();
        assert_eq!(rerun.rated, None);
        // A new game from the review (no move yet) counts.
        let again = on_start(
            ended.clone(),
            &start(&fresh, against(4), StartAs::Own),
            Review,
        );
        assert!(again.unwrap().rated.is_some());
        // A new game at another level with no move yet is a new game, not the one before.
        let other = on_start(
            new.clone(),
            &start(&fresh, against(7), StartAs::Own),
            Playing,
        );
        assert_eq!(
            other.unwrap().rated,
            computer(Side::Black, Level::new(7).unwrap())
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
        assert!(editing.as_ref().unwrap().rated.is_some());
        let back = on_start(
            editing.clone(),
            &start(&fresh, against(4), StartAs::Own),
            Editing,
        );
        assert!(back.unwrap().rated.is_some(), "the player's game again");
        let set_up =
            CurrentGame::from_text(Default::default(), "8/8/8/1b4b1/8/2w2w2/8/8 b").unwrap();
        let from_editor = on_start(editing, &start(&set_up, against(4), StartAs::Own), Editing);
        assert_eq!(from_editor.unwrap().rated, None);
    }

    /// Named people: one against the computer is rated by name; two named people hot-seat are
    /// rated against each other; a hot-seat game with an unnamed person, or two seats of the
    /// same name, does not count.
    #[test]
    fn named_people_are_rated_by_name_and_against_each_other() {
        let level = Level::new(4).unwrap();
        let ada = || Some("Ada".to_string());
        let named = SeatNames::two(ada(), None);
        assert_eq!(
            rated(&against(4), &named),
            Some(Rated::Computer {
                person: Side::Black,
                level,
                name: ada()
            })
        );
        assert_eq!(
            rated(&against(4), &SeatNames::default()),
            computer(Side::Black, level)
        );
        let people = GameSettings {
            white: Player::Human,
            ..against(4)
        };
        assert_eq!(
            rated(&people, &SeatNames::two(ada(), Some(" Bob ".into()))),
            Some(Rated::People {
                black: "Ada".into(),
                white: "Bob".into()
            })
        );
        assert_eq!(rated(&people, &named), None, "an unnamed person");
        assert_eq!(
            rated(&people, &SeatNames::two(ada(), Some("ADA".into()))),
            None,
            "the same person twice"
        );
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
