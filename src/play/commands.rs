//! New game, undo, redo, resign, review and back to the title.

use bevy::prelude::*;

use super::{
    AppState, BoardReset, GameCommand, GameMode, OnSquare, Piece, PiecesMoved, Practice, StartAs,
    StartGame, StartPosition, Status, TurnState,
};
use crate::model::presets::draw_colours;
use crate::model::{
    Cell, ChosenNames, Clocks, CurrentGame, GameEnd, GameSettings, Notice, SeatNames, Seats,
};

/// Everything a command changes.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct CommandTargets<'w, 's> {
    game: ResMut<'w, CurrentGame>,
    settings: Res<'w, GameSettings>,
    chosen: Res<'w, ChosenNames>,
    seats: Res<'w, Seats>,
    practice: Res<'w, Practice>,
    start: Res<'w, StartPosition>,
    status: ResMut<'w, Status>,
    starts: MessageWriter<'w, StartGame>,
    resets: MessageWriter<'w, BoardReset>,
    moved: MessageWriter<'w, PiecesMoved>,
    pieces: Query<'w, 's, (Entity, &'static mut OnSquare), With<Piece>>,
    state: Res<'w, State<AppState>>,
    mode: Res<'w, State<GameMode>>,
    next_app: ResMut<'w, NextState<AppState>>,
    next_turn: ResMut<'w, NextState<TurnState>>,
}

impl CommandTargets<'_, '_> {
    /// A new game with the New Game dialog's choices (from `--position`'s text if given).
    fn new_game(&mut self) {
        let from_text = self
            .start
            .0
            .as_deref()
            .and_then(|text| CurrentGame::from_text(self.settings.config, text).ok());
        let game = from_text
            .unwrap_or_else(|| CurrentGame::new(self.settings.config))
            .with_clocks(Clocks::new(self.settings.clock));
        // The colours drawn by lot, if the settings ask for it.
        let (seats, notice) = draw_colours(&self.settings, rand::random::<bool>());
        self.starts.write(StartGame {
            names: names_at(&self.chosen.0, &self.settings, &notice),
            game: Box::new(game),
            seats,
            mode: StartAs::Own,
            notice: Some(notice),
        });
    }

    fn undo(&mut self) {
        // A table's game is kept by its server: nothing is taken back here (a key does nothing).
        if *self.mode.get() == GameMode::Table {
            return;
        }
        // A flag-fall is final (see `can_undo`; the buttons are off, a key does nothing).
        if matches!(self.game.end(), Some(GameEnd::Time(_))) {
            return;
        }
        // A tournament game's end went to the tournament: final.
        if super::actions::end_is_final(&self.game, *self.mode.get()) {
            return;
        }
        let mut undone = self.game.undo();
        let mut moves = usize::from(undone);
        // Against the computer (or a lesson's script), take back until it is a person's turn.
        while undone && self.game.ply() > 0 && self.not_a_persons_turn() {
            undone = self.game.undo();
            moves += usize::from(undone);
        }
        let notice = if moves > 0 {
            Notice::MoveTakenBack { moves }
        } else {
            Notice::NothingToTakeBack
        };
        self.status.post(notice, &self.game);
        self.restart_turn();
    }

    fn redo(&mut self) {
        // No move follows the end of the game; a table's moves come from its server.
        if self.game.end().is_some() || *self.mode.get() == GameMode::Table {
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
        self.status.clear();
        self.next_app.set(AppState::Menu);
    }

    fn resign(&mut self) {
        if *self.state.get() == AppState::Playing {
            let side = super::actions::resigning_side(&self.game, &self.seats, *self.mode.get());
            self.game.give_up(side);
            // The turn is decided again, and the end with it.
            self.next_turn.set(TurnState::AwaitingInput);
        }
    }

    /// The review begins: no turns, no clicks on the board; the board shows the position as it
    /// is (it may have been half way through a move).
    fn review(&mut self) {
        if matches!(self.state.get(), AppState::Playing | AppState::GameOver) {
            self.next_app.set(AppState::Review);
            self.resets.write(BoardReset);
        }
    }

    /// In review or on the analysis board, a move back: the pieces glide back when the move
    /// only moved pieces; a capture or a placement rebuilds the board. A finished line of an
    /// analysis goes on from the position before its end.
    fn step_back(&mut self) {
        let Some(mv) = self.game.last_move() else {
            return;
        };
        let ply = self.game.ply() - 1;
        while self.game.ply() > ply && self.game.undo() {}
        if *self.state.get() == AppState::GameOver {
            self.next_app.set(AppState::Playing);
            self.next_turn.set(TurnState::AwaitingInput);
        }
        let effects = self.game.effects(mv);
        if effects.captured.is_empty() && effects.placed.is_none() {
            self.glide_back(&effects.moved);
        } else {
            self.resets.write(BoardReset);
        }
    }

    /// Moves the pieces of a move back to where they came from, for the view to animate.
    fn glide_back(&mut self, moved: &[(Cell, Cell)]) {
        let found: Vec<_> = moved
            .iter()
            .filter_map(|&(from, to)| {
                let (entity, _) = self.pieces.iter().find(|(_, s)| s.0 == to)?;
                Some((entity, to, from))
            })
            .collect();
        if found.len() != moved.len() {
            self.resets.write(BoardReset);
            return;
        }
        for &(entity, _, back) in &found {
            if let Ok((_, mut square)) = self.pieces.get_mut(entity) {
                square.0 = back;
            }
        }
        self.moved.write(PiecesMoved {
            moved: found,
            captured: Vec::new(),
            placed: None,
        });
    }

    /// Whether undo goes on: against the computer, the computer is to move; in practice, the
    /// scripted side is.
    fn not_a_persons_turn(&self) -> bool {
        self.practice.scripted_to_move(&self.game)
            || (self.seats.mixes_humans_and_computers()
                && self.seats.player_to_move(&self.game).is_computer())
    }

    /// After the game changed under the turn: rebuild the pieces and decide the turn anew
    /// (a search under way is cancelled as its state ends).
    fn restart_turn(&mut self) {
        self.resets.write(BoardReset);
        self.next_app.set(AppState::Playing);
        self.next_turn.set(TurnState::AwaitingInput);
    }
}

/// The names chosen for `settings`' seats, at the seats drawn (`drawn`: the colours may have
/// been swapped by lot; the names go with their people).
fn names_at(chosen: &SeatNames, settings: &GameSettings, drawn: &Notice) -> SeatNames {
    let names = chosen.for_people(settings);
    match drawn {
        Notice::ColoursDrawn { swapped: true, .. } => names.swapped(),
        _ => names,
    }
}

/// The commands at the game. In review the moves are stepped through, not taken back: only
/// New Game and a step back act there; in the board editor there are no moves: only New Game
/// and back to the title. (One reader in every state: a reader that only ran in review would
/// read, on waking, commands sent before it.)
pub(super) fn handle_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut targets: CommandTargets,
) {
    for command in commands_in.read() {
        let in_review = *targets.state.get() == AppState::Review;
        let analysing = *targets.mode.get() == GameMode::Analysis;
        let editing = *targets.state.get() == AppState::Editing;
        match command {
            GameCommand::NewGame => targets.new_game(),
            GameCommand::StepBack if in_review || analysing => targets.step_back(),
            GameCommand::BackToTitle if editing => targets.back_to_title(),
            _ if in_review || editing => {}
            GameCommand::Undo => targets.undo(),
            GameCommand::Redo => targets.redo(),
            GameCommand::Resign => targets.resign(),
            GameCommand::Review => targets.review(),
            GameCommand::BackToTitle => targets.back_to_title(),
            GameCommand::StepBack => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::Color as Side;

    /// Colours drawn by lot: the names go with their people.
    #[test]
    fn the_names_follow_the_lot() {
        let people = GameSettings {
            white: crate::model::Player::Human,
            colours_by_lot: true,
            ..GameSettings::default()
        };
        let chosen = SeatNames::two(Some("Ada".into()), Some("Bob".into()));
        let drawn = |swapped| Notice::ColoursDrawn {
            you: Some(Side::Black),
            swapped,
        };
        assert_eq!(names_at(&chosen, &people, &drawn(false)), chosen);
        assert_eq!(names_at(&chosen, &people, &drawn(true)), chosen.swapped());
        assert_eq!(names_at(&chosen, &people, &Notice::NewGame), chosen);
    }
}
