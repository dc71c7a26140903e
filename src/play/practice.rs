//! Practice: a lesson or a puzzle on the board (see `crate::learn`). People move only the
//! learner's pieces; the other side's moves come from the lesson or puzzle as
//! [`super::PlayMove`]s; practice games are never autosaved, never remembered as the player's
//! settings, and the normal game-over panel and side panel give way to the learn screens.

use bevy::prelude::*;
use gamut_engine::Color as Side;

use super::{AppState, Status};
use crate::model::{CurrentGame, Notice};

/// Whose pieces the learner moves while a lesson or puzzle is on the board (set by
/// [`super::StartGame`]; whether practice is on is the state [`super::Practising`]).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Practice {
    /// The learner's colour in the practice game on the board.
    pub learner: Option<Side>,
}

impl Practice {
    /// Whether it is the scripted side's turn in `game` (never when no practice game is on the
    /// board).
    pub fn scripted_to_move(&self, game: &CurrentGame) -> bool {
        self.learner.is_some_and(|l| l != game.side_to_move())
    }
}

/// Ends practice: back to the title screen.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StopPractice;

/// Ends practice (lesson or puzzle closed): back to the title.
pub(super) fn stop_practice(
    mut stops: MessageReader<StopPractice>,
    practising: Option<Res<State<super::Practising>>>,
    mut status: ResMut<Status>,
    mut next_app: ResMut<NextState<AppState>>,
) {
    // Read in every state, so that a stop sent outside practice never ends a later one.
    if stops.read().count() > 0 && practising.is_some() {
        status.clear();
        next_app.set(AppState::Menu);
    }
}

/// A click on the scripted side's turn.
pub(super) fn refuse_scripted_turn(status: &mut Status, game: &CurrentGame) {
    status.post(Notice::NotYourTurnYet, game);
}
