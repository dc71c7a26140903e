//! The one way a game starts: [`StartGame`] replaces the game on the board, its seats and its
//! mode, rebuilds the board and sets the states.

use bevy::prelude::*;

use super::{AppState, BoardReset, GameMode, Practice, StartAs, StartGame, Status, TurnState};
use crate::model::{CurrentGame, SeatNames, Seats};

/// Everything starting a game changes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct StartTargets<'w> {
    game: ResMut<'w, CurrentGame>,
    seats: ResMut<'w, Seats>,
    names: ResMut<'w, SeatNames>,
    practice: ResMut<'w, Practice>,
    status: ResMut<'w, Status>,
    resets: MessageWriter<'w, BoardReset>,
    next_mode: ResMut<'w, NextState<GameMode>>,
    next_app: ResMut<'w, NextState<AppState>>,
    next_turn: ResMut<'w, NextState<TurnState>>,
}

/// Starts the last game asked for this frame.
pub(super) fn start_games(mut starts: MessageReader<StartGame>, mut to: StartTargets) {
    if let Some(start) = starts.read().last() {
        to.replace(start);
    }
}

impl StartTargets<'_> {
    fn replace(&mut self, start: &StartGame) {
        *self.game = (*start.game).clone();
        *self.seats = Seats(start.seats);
        self.names.set_if_neq(start.names.clone());
        self.practice.learner = match start.mode {
            StartAs::Practice { learner, .. } => Some(learner),
            _ => None,
        };
        match &start.notice {
            Some(notice) => self.status.post(notice.clone(), &self.game),
            None => self.status.clear(),
        }
        self.resets.write(BoardReset);
        let mode = match start.mode {
            StartAs::Own | StartAs::Review => GameMode::Own,
            StartAs::Practice { drill, .. } => drill.mode(),
            StartAs::Show => GameMode::Show,
            StartAs::Analysis => GameMode::Analysis,
            StartAs::Edit => GameMode::Edit,
            StartAs::Tournament => GameMode::Tournament,
            StartAs::Table => GameMode::Table,
        };
        NextState::set_if_neq(&mut self.next_mode, mode);
        if start.mode == StartAs::Edit {
            // Another diagram of the editor: the editing goes on.
            NextState::set_if_neq(&mut self.next_app, AppState::Editing);
        } else if start.mode == StartAs::Review {
            // Another position of the same review: the review goes on.
            NextState::set_if_neq(&mut self.next_app, AppState::Review);
        } else if self.game.end().is_some() {
            // A finished game (opened, or back from its review) is over at once.
            self.next_app.set(AppState::GameOver);
        } else {
            // The turn is decided anew (a search under way is cancelled as its state ends).
            self.next_app.set(AppState::Playing);
            self.next_turn.set(TurnState::AwaitingInput);
        }
    }
}
