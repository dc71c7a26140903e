//! The board turns to the side to move: in a game played at one screen, passed from hand to
//! hand, each player finds their own pieces nearest after the other's move. When it turns is the
//! player's choice ([`TurnBoard`]: by default in hot-seat games, people on every seat); only in
//! the player's own games, never in a lesson, a puzzle, the Exhibition, a review or the
//! analysis board. The turn takes about two piece glides at the chosen animation speed, none at
//! `Instant`; `F` still turns the board by hand between moves.

use std::f32::consts::PI;

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;

use super::camera::{CameraRig, CameraStep};
use crate::model::{CurrentGame, Presentation, Seats};
use crate::play::{AppState, GameMode, Pace, TurnState};
use crate::rest::NextFrame;

/// Whether the view that faces `side` is the half-turned one: in Lines of Action Black looks
/// from rank 1 and White from the other end (in LOA for four, each colour's team likewise); in
/// Epaminondas White's home row is rank 1 and Black's the top one.
pub fn faces_flipped(kind: GameKind, side: Side) -> bool {
    match kind {
        GameKind::LinesOfAction => side == Side::White,
        GameKind::Epaminondas => side == Side::Black,
    }
}

/// Whether the board turns to the side to move in the game on the board now: the player's own
/// game or a game of the tournament night.
pub fn turns_now(presentation: &Presentation, seats: &Seats, mode: GameMode) -> bool {
    let hot_seat = seats.seats().iter().all(|p| !p.is_computer());
    matches!(mode, GameMode::Own | GameMode::Tournament) && presentation.turn_board.turns(hot_seat)
}

/// The board's turn: between the camera's aim and its move ([`CameraStep`]).
pub struct TurnPlugin;

impl Plugin for TurnPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardTurn>().add_systems(
            Update,
            (turn_to_mover, animate_turn)
                .chain()
                .after(CameraStep::Aim)
                .before(CameraStep::Move),
        );
    }
}

/// A turn under way: the part of it still to come when it began, and how long it takes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct BoardTurn {
    from: f32,
    elapsed: f32,
    duration: f32,
}

/// How long the board takes to turn: about two glides of a piece.
fn turn_seconds(glide: f32) -> f32 {
    glide * 2.0
}

/// The part of a turn still to come at `t` (0 to 1) of it, easing in and out.
fn still_to_turn(from: f32, t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    from * (1.0 - t * t * (3.0 - 2.0 * t))
}

/// Once the turn has passed to a person and the position is a new one, turns the board to face
/// the side to move when the player's choice says so.
fn turn_to_mover(
    game: Res<CurrentGame>,
    seats: Res<Seats>,
    presentation: Res<Presentation>,
    mode: Res<State<GameMode>>,
    app: Res<State<AppState>>,
    turn: Option<Res<State<TurnState>>>,
    pace: Pace,
    mut seen: Local<Option<(u64, usize)>>,
    mut rig: ResMut<CameraRig>,
    mut turning: ResMut<BoardTurn>,
) {
    let settled = *app.get() == AppState::Playing
        && turn.is_some_and(|t| *t.get() == TurnState::AwaitingInput);
    if !settled || *seen == Some(game.moment()) {
        return;
    }
    *seen = Some(game.moment());
    if !turns_now(&presentation, &seats, *mode.get()) {
        return;
    }
    let flipped = faces_flipped(game.kind(), game.side_to_move());
    if rig.flipped == flipped {
        return;
    }
    rig.flipped = flipped;
    let duration = turn_seconds(pace.animation().glide_seconds());
    // Drawn where it was, then turned the rest of the way.
    rig.turning = if duration > 0.0 {
        if flipped { -PI } else { PI }
    } else {
        0.0
    };
    *turning = BoardTurn {
        from: rig.turning,
        elapsed: 0.0,
        duration,
    };
}

/// Carries a turn under way forward, a frame at a time.
fn animate_turn(
    time: Res<Time>,
    mut turning: ResMut<BoardTurn>,
    mut rig: ResMut<CameraRig>,
    mut next_frame: ResMut<NextFrame>,
) {
    if rig.turning == 0.0 {
        return;
    }
    turning.elapsed += time.delta_secs();
    let t = if turning.duration > 0.0 {
        turning.elapsed / turning.duration
    } else {
        1.0
    };
    rig.turning = if t >= 1.0 {
        0.0
    } else {
        still_to_turn(turning.from, t)
    };
    next_frame.now();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameSettings, Player, TurnBoard};
    use gamut_engine::level::Level;

    #[test]
    fn each_side_has_its_own_end_of_the_board() {
        for kind in [GameKind::LinesOfAction, GameKind::Epaminondas] {
            assert_ne!(
                faces_flipped(kind, Side::Black),
                faces_flipped(kind, Side::White)
            );
        }
        // Epaminondas: White's home row is rank 1.
        assert!(!faces_flipped(GameKind::Epaminondas, Side::White));
        assert!(!faces_flipped(GameKind::LinesOfAction, Side::Black));
    }

    #[test]
    fn the_board_turns_only_in_the_players_own_games_as_chosen() {
        let people = Seats(GameSettings::people_only(Default::default()));
        let against = Seats(GameSettings {
            white: Player::Computer(Level::default()),
            ..people.0
        });
        let mut p = Presentation::default();
        assert!(turns_now(&p, &people, GameMode::Own));
        assert!(turns_now(&p, &people, GameMode::Tournament));
        assert!(!turns_now(&p, &people, GameMode::Analysis));
        assert!(!turns_now(&p, &against, GameMode::Own));
        for mode in [
            GameMode::Lesson,
            GameMode::Puzzle,
            GameMode::Mistakes,
            GameMode::Show,
            GameMode::Analysis,
            GameMode::Edit,
        ] {
            assert!(!turns_now(&p, &people, mode), "{mode:?}");
        }
        p.turn_board = TurnBoard::Always;
        assert!(turns_now(&p, &against, GameMode::Own));
        p.turn_board = TurnBoard::Never;
        assert!(!turns_now(&p, &people, GameMode::Own));
    }

    #[test]
    fn a_turn_eases_from_where_the_view_was_to_nothing_left() {
        assert_eq!(still_to_turn(PI, 0.0), PI);
        assert_eq!(still_to_turn(PI, 1.0), 0.0);
        let half = still_to_turn(PI, 0.5);
        assert!((half - PI / 2.0).abs() < 1e-5);
        assert!(still_to_turn(PI, 0.1) > still_to_turn(PI, 0.2));
        assert_eq!(turn_seconds(0.0), 0.0);
    }
}
