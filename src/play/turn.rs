//! The turn flow: decide who moves (the one win check), play a person's move, wait for the view.

use bevy::prelude::*;
use gamut_engine::any_game::AnyMove;

use super::{AppState, MovePlayed, Paused, Practice, Status, TurnState};
use crate::model::{CurrentGame, GameSettings, MoveRequest, Notice};

/// Set by a view while it animates a move: the turn ends when it is false. With no view it is
/// never set and turns end at once.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ViewBusy(pub bool);

/// Plays a legal move on the game and announces it.
pub fn play_move(game: &mut CurrentGame, mv: AnyMove, played: &mut MessageWriter<MovePlayed>) {
    let by = game.side_to_move();
    let effects = game.play(mv);
    played.write(MovePlayed { mv, by, effects });
}

/// Whose turn: the game's end is judged here, once; a computer's turn starts its search; a
/// person with no legal move passes. In practice the scripted side's turn waits for its reply.
pub(super) fn decide_turn(
    mut game: ResMut<CurrentGame>,
    settings: Res<GameSettings>,
    (paused, practice): (Res<Paused>, Res<Practice>),
    mut status: ResMut<Status>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
    mut next_app: ResMut<NextState<AppState>>,
) {
    if let Some(end) = game.end() {
        status.post(Notice::GameOver(end), &game);
        next_app.set(AppState::GameOver);
        return;
    }
    if paused.0 || practice.scripted_to_move(&game) {
        return;
    }
    let side = game.side_to_move();
    if !practice.is_on() && settings.player_to_move(&game).is_computer() {
        next_turn.set(TurnState::AiThinking);
        return;
    }
    if status.notice().is_some_and(Notice::is_about_waiting) {
        status.clear();
    }
    if game.must_pass_and_place() {
        if status.current(&game) != Some(&Notice::MustPlaceOnly(side)) {
            status.post(Notice::MustPlaceOnly(side), &game);
        }
    } else if let Some(pass) = game.forced_pass() {
        play_move(&mut game, pass, &mut played);
        status.post(Notice::Passed(side), &game);
        next_turn.set(TurnState::Animating);
    }
}

/// A person's move: played if the rules allow it, else the reason goes to the status line.
pub(super) fn handle_move_requests(
    mut requests: MessageReader<MoveRequest>,
    mut game: ResMut<CurrentGame>,
    settings: Res<GameSettings>,
    (paused, practice): (Res<Paused>, Res<Practice>),
    mut status: ResMut<Status>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    for request in requests.read() {
        if paused.0 {
            continue;
        }
        if practice.scripted_to_move(&game) {
            super::practice::refuse_scripted_turn(&mut status, &game);
            continue;
        }
        if !practice.is_on() && settings.player_to_move(&game).is_computer() {
            let seat = game.seat();
            status.post(Notice::ComputersTurn(seat), &game);
            continue;
        }
        match game.check(*request) {
            Ok(mv) => {
                status.clear();
                play_move(&mut game, mv, &mut played);
                next_turn.set(TurnState::Animating);
                // One move per turn: later requests in the same frame are dropped.
                return;
            }
            Err(why) => status.post(Notice::Refused(*request, why), &game),
        }
    }
}

/// The turn ends once the view has shown the move.
pub(super) fn finish_turn(busy: Res<ViewBusy>, mut next_turn: ResMut<NextState<TurnState>>) {
    if !busy.0 {
        next_turn.set(TurnState::AwaitingInput);
    }
}
