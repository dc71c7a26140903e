//! The turn flow: decide who moves (the one win check), play a person's move, wait for the view.

use bevy::prelude::*;
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;

use super::{AppState, MovePlayed, Mover, Overlay, PlayMove, Practice, Status, TurnState};
use crate::model::{CurrentGame, MoveRequest, Notice, Seats};

/// Set by a view while it animates a move: the turn ends when it is false. With no view it is
/// never set and turns end at once.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ViewBusy(pub bool);

/// Plays a legal move on the game and announces it.
fn play_move(game: &mut CurrentGame, mv: AnyMove, played: &mut MessageWriter<MovePlayed>) {
    let by = game.side_to_move();
    let effects = game.play(mv);
    played.write(MovePlayed { mv, by, effects });
}

/// The one win check: a game that ended is over (also while a dialog covers it). Leaving for
/// the title in the same frame (a table left as its end arrives) wins over the end.
pub(super) fn judge_end(
    game: Res<CurrentGame>,
    mut status: ResMut<Status>,
    mut next_app: ResMut<NextState<AppState>>,
) {
    let leaving = matches!(
        *next_app,
        NextState::Pending(AppState::Menu) | NextState::PendingIfNeq(AppState::Menu)
    );
    if leaving {
        return;
    }
    if let Some(end) = game.end() {
        status.post(Notice::GameOver(end), &game);
        next_app.set(AppState::GameOver);
    }
}

/// Whose turn (when no dialog covers the game; the end is judged by [`judge_end`]): a computer's turn starts its search; a
/// person with no legal move passes. In practice the scripted side's turn waits for its reply
/// (a practice game's seats are all people's).
pub(super) fn decide_turn(
    mut game: ResMut<CurrentGame>,
    seats: Res<Seats>,
    practice: Res<Practice>,
    mut status: ResMut<Status>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    // A game that ended is for `judge_end`.
    if game.end().is_some() || practice.scripted_to_move(&game) {
        return;
    }
    let side = game.side_to_move();
    match seats.player_to_move(&game) {
        crate::model::Player::Computer(_) => {
            next_turn.set(TurnState::AiThinking);
            return;
        }
        // The table's server tells that player's move (a pass too).
        crate::model::Player::Remote => return,
        crate::model::Player::Human => {}
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
    seats: Res<Seats>,
    overlay: Res<State<Overlay>>,
    practice: Res<Practice>,
    mut status: ResMut<Status>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    for request in requests.read() {
        // Read (and dropped) under a dialog, not played when it closes.
        if *overlay.get() == Overlay::Dialog {
            continue;
        }
        if practice.scripted_to_move(&game) {
            super::practice::refuse_scripted_turn(&mut status, &game);
            continue;
        }
        match seats.player_to_move(&game) {
            crate::model::Player::Computer(_) => {
                status.post(Notice::ComputersTurn(game.seat()), &game);
                continue;
            }
            crate::model::Player::Remote => {
                status.post(Notice::RemoteTurn(game.seat()), &game);
                continue;
            }
            crate::model::Player::Human => {}
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

/// Whether `by` may move now in `game` (the caller's system runs only in the states where
/// `by` moves at all).
fn may_move(by: Mover, game: &CurrentGame, seats: &Seats, practice: &Practice) -> bool {
    match by {
        Mover::Computer => seats.player_to_move(game).is_computer(),
        Mover::Remote => seats.player_to_move(game) == crate::model::Player::Remote,
        Mover::Reply => practice.scripted_to_move(game),
        Mover::Solution => practice.learner.is_some(),
        Mover::Review | Mover::Analysis => true,
    }
}

/// Everything playing a decided move changes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MoveTargets<'w> {
    game: ResMut<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    practice: Res<'w, Practice>,
    played: MessageWriter<'w, MovePlayed>,
    next_turn: ResMut<'w, NextState<TurnState>>,
}

impl MoveTargets<'_> {
    /// Plays the first of `moves` by one of `movers` that may move and is legal: one move per
    /// turn.
    fn play_first(&mut self, moves: &mut MessageReader<PlayMove>, movers: &[Mover]) {
        let asked: Vec<PlayMove> = moves.read().copied().collect();
        for PlayMove { mv, by, at } in asked {
            if !movers.contains(&by)
                || at != self.game.moment()
                || self.game.end().is_some()
                || !may_move(by, &self.game, &self.seats, &self.practice)
            {
                continue;
            }
            if !self.game.position().legal_moves().contains(&mv) {
                warn!("{by:?} move {mv:?} is not legal here: ignored");
                continue;
            }
            play_move(&mut self.game, mv, &mut self.played);
            self.next_turn.set(TurnState::Animating);
            return;
        }
    }
}

/// The computer's move, once its search is done.
pub(super) fn play_computer_moves(mut moves: MessageReader<PlayMove>, mut to: MoveTargets) {
    to.play_first(&mut moves, &[Mover::Computer]);
}

/// The move of a player at another device of the table, as its server told it.
pub(super) fn play_remote_moves(mut moves: MessageReader<PlayMove>, mut to: MoveTargets) {
    to.play_first(&mut moves, &[Mover::Remote]);
}

/// The table's server ended the game otherwise than on the board: a resignation, a flag.
pub(super) fn end_at_the_table(
    mut ends: MessageReader<super::EndedAtTable>,
    mut game: ResMut<CurrentGame>,
) {
    for super::EndedAtTable(end) in ends.read() {
        match *end {
            crate::model::GameEnd::Resigned(loser) => game.give_up(loser),
            crate::model::GameEnd::Time(loser) => game.lose_on_time(loser),
            crate::model::GameEnd::Agreed => game.agree_draw(),
            // The rules end it on this board as on the server's.
            crate::model::GameEnd::Rules(_) => {}
        }
    }
}

/// A lesson's or puzzle's move, when the board waits.
pub(super) fn play_scripted_moves(mut moves: MessageReader<PlayMove>, mut to: MoveTargets) {
    to.play_first(&mut moves, &[Mover::Reply, Mover::Solution]);
}

/// The analysis board's step forward along its tree, on a person's turn.
pub(super) fn play_analysis_moves(mut moves: MessageReader<PlayMove>, mut to: MoveTargets) {
    to.play_first(&mut moves, &[Mover::Analysis]);
}

/// The review's step forward: the move is played (and animated) with no turn to decide.
pub(super) fn play_review_moves(
    mut moves: MessageReader<PlayMove>,
    mut game: ResMut<CurrentGame>,
    mut played: MessageWriter<MovePlayed>,
) {
    for &PlayMove { mv, by, at } in moves.read() {
        if by == Mover::Review && at == game.moment() && game.position().legal_moves().contains(&mv)
        {
            play_move(&mut game, mv, &mut played);
        }
    }
}
