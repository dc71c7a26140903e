//! Practice: a lesson or a puzzle on the board (see `crate::learn`). People move only the
//! learner's pieces; the other side's moves come from the lesson or puzzle as
//! [`PracticeReply`]; practice games are never autosaved, never remembered as the player's
//! settings, and the normal game-over panel and side panel give way to the learn screens.

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;

use super::{AppState, BoardReset, MovePlayed, Status, TurnState};
use crate::model::{CurrentGame, Notice};

/// Whether practice is on, and whose pieces the learner moves.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Practice {
    /// The learner's colour while a lesson or puzzle is on the board.
    pub learner: Option<Side>,
    /// The game on the board came from a lesson or a puzzle, and still does after it stopped
    /// (until the player's own game replaces it): it is never autosaved.
    pub on_board: bool,
}

impl Practice {
    /// Practice ends and the board is the player's again (a new game or an opened one).
    pub fn give_back_board(&mut self) {
        *self = Practice::default();
    }

    /// Whether a lesson or puzzle is on the board.
    pub fn is_on(&self) -> bool {
        self.learner.is_some()
    }

    /// Whether it is the scripted side's turn in `game` (never when practice is off).
    pub fn scripted_to_move(&self, game: &CurrentGame) -> bool {
        self.learner.is_some_and(|l| l != game.side_to_move())
    }
}

/// Puts a lesson's or puzzle's position on the board, the learner to move `learner`'s pieces.
#[derive(Message, Debug, Clone)]
pub struct StartPractice {
    /// The position (with its game and options), usually from `CurrentGame::from_text`.
    pub game: Box<CurrentGame>,
    /// The learner's colour.
    pub learner: Side,
}

/// The scripted side's move (a puzzle's best defence, a lesson's answer). Played when it is
/// that side's turn and the board is waiting; ignored otherwise or when illegal.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PracticeReply(pub AnyMove);

/// Ends practice: back to the title screen.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StopPractice;

/// Everything starting or stopping practice changes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PracticeTargets<'w> {
    practice: ResMut<'w, Practice>,
    game: ResMut<'w, CurrentGame>,
    status: ResMut<'w, Status>,
    resets: MessageWriter<'w, BoardReset>,
    next_app: ResMut<'w, NextState<AppState>>,
    next_turn: ResMut<'w, NextState<TurnState>>,
}

pub(super) fn start_or_stop_practice(
    mut starts: MessageReader<StartPractice>,
    mut stops: MessageReader<StopPractice>,
    mut to: PracticeTargets,
) {
    let stop = stops.read().count() > 0;
    if let Some(start) = starts.read().last() {
        *to.game = (*start.game).clone();
        to.practice.learner = Some(start.learner);
        to.practice.on_board = true;
        to.status.clear();
        to.resets.write(BoardReset);
        to.next_app.set(AppState::Playing);
        to.next_turn.set(TurnState::AwaitingInput);
    } else if stop && to.practice.is_on() {
        to.practice.learner = None;
        to.status.clear();
        to.next_app.set(AppState::Menu);
    }
}

/// Plays the scripted side's reply when it is its turn and nothing is moving.
pub(super) fn play_replies(
    mut replies: MessageReader<PracticeReply>,
    practice: Res<Practice>,
    mut game: ResMut<CurrentGame>,
    mut played: MessageWriter<MovePlayed>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    for reply in replies.read() {
        if !practice.scripted_to_move(&game) || game.end().is_some() {
            continue;
        }
        if !game.position().legal_moves().contains(&reply.0) {
            warn!("practice reply {:?} is not legal here: ignored", reply.0);
            continue;
        }
        super::turn::play_move(&mut game, reply.0, &mut played);
        next_turn.set(TurnState::Animating);
        return;
    }
}

/// A click on the scripted side's turn.
pub(super) fn refuse_scripted_turn(status: &mut Status, game: &CurrentGame) {
    status.post(Notice::NotYourTurnYet, game);
}
