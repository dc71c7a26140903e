//! New game, undo, redo and resign.

use bevy::prelude::*;

use super::{AppState, BoardReset, GameCommand, Practice, StartPosition, Status, TurnState};
use crate::model::{Clocks, CurrentGame, GameEnd, GameSettings, Notice};

/// Everything a command changes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct CommandTargets<'w> {
    game: ResMut<'w, CurrentGame>,
    settings: Res<'w, GameSettings>,
    practice: ResMut<'w, Practice>,
    start: Res<'w, StartPosition>,
    status: ResMut<'w, Status>,
    resets: MessageWriter<'w, BoardReset>,
    state: Res<'w, State<AppState>>,
    next_app: ResMut<'w, NextState<AppState>>,
    next_turn: ResMut<'w, NextState<TurnState>>,
}

impl CommandTargets<'_> {
    fn new_game(&mut self) {
        let from_text = self
            .start
            .0
            .as_deref()
            .and_then(|text| CurrentGame::from_text(self.settings.config, text).ok());
        *self.game = from_text
            .unwrap_or_else(|| CurrentGame::new(self.settings.config))
            .with_clocks(Clocks::new(self.settings.clock));
        // A new game from the dialog ends a lesson or puzzle.
        self.practice.give_back_board();
        self.status.post(Notice::NewGame, &self.game);
        self.restart_turn();
    }

    fn undo(&mut self) {
        // A flag-fall is final (see `can_undo`; the buttons are off, a key does nothing).
        if matches!(self.game.end(), Some(GameEnd::Time(_))) {
            return;
        }
        let mut undone = self.game.undo();
        let any = undone;
        // Against the computer (or a lesson's script), take back until it is a person's turn.
        while undone && self.game.ply() > 0 && self.not_a_persons_turn() {
            undone = self.game.undo();
        }
        let notice = if any {
            Notice::MoveTakenBack
        } else {
            Notice::NothingToTakeBack
        };
        self.status.post(notice, &self.game);
        self.restart_turn();
    }

    fn redo(&mut self) {
        // No move follows the end of the game.
        if self.game.end().is_some() {
            return;
        }
        let Some(mv) = self.game.redo_move() else {
            self.status.post(Notice::NothingToRedo, &self.game);
            return;
        };
        self.game.play(mv);
        self.status.post(Notice::MoveReplayed, &self.game);
        self.restart_turn();
    }

    fn back_to_title(&mut self) {
        // A lesson's or puzzle's game stays marked as theirs: it is never autosaved.
        self.practice.learner = None;
        self.status.clear();
        self.next_app.set(AppState::Menu);
    }

    fn resign(&mut self) {
        if *self.state.get() == AppState::Playing {
            self.game.resign();
            // The turn is decided again, and the end with it.
            self.next_turn.set(TurnState::AwaitingInput);
        }
    }

    /// Whether undo goes on: against the computer, the computer is to move; in practice, the
    /// scripted side is.
    fn not_a_persons_turn(&self) -> bool {
        if self.practice.is_on() {
            return self.practice.scripted_to_move(&self.game);
        }
        self.settings.mixes_humans_and_computers()
            && self.settings.player_to_move(&self.game).is_computer()
    }

    /// After the game changed under the turn: rebuild the pieces and decide the turn anew
    /// (a search under way is cancelled as its state ends).
    fn restart_turn(&mut self) {
        self.resets.write(BoardReset);
        self.next_app.set(AppState::Playing);
        self.next_turn.set(TurnState::AwaitingInput);
    }
}

pub(super) fn handle_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut targets: CommandTargets,
) {
    for command in commands_in.read() {
        // In review the moves are stepped through, not taken back: only New Game acts.
        if *targets.state.get() == AppState::Review && *command != GameCommand::NewGame {
            continue;
        }
        match command {
            GameCommand::NewGame => targets.new_game(),
            GameCommand::Undo => targets.undo(),
            GameCommand::Redo => targets.redo(),
            GameCommand::Resign => targets.resign(),
            GameCommand::BackToTitle => targets.back_to_title(),
        }
    }
}
