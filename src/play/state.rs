//! Where the app is and whose turn it is.

use bevy::prelude::*;

/// Where the app is.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    /// The New Game dialog is open, no game yet.
    #[default]
    Menu,
    /// A game is going on.
    Playing,
    /// The game has ended; the game-over panel shows.
    GameOver,
    /// Stepping through a game's moves (see `crate::review`): no turns, no clicks on the board.
    Review,
    /// The board editor (see `crate::editor`): the position being set up is on the board, and
    /// clicks on its squares place and remove pieces; no turns.
    Editing,
}

/// Whose turn it is and what happens during it.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Playing)]
pub enum TurnState {
    /// Waiting for a person to move (or deciding who moves next).
    #[default]
    AwaitingInput,
    /// The computer is searching in the background.
    AiThinking,
    /// Pieces are moving on screen.
    Animating,
}

/// Whose game is on the board: set by play with each game it starts (see
/// [`super::StartGame`]), and kept at the title until another game replaces it.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameMode {
    /// The player's own game: autosaved, its setup remembered as the player's choice.
    #[default]
    Own,
    /// A lesson's or puzzle's position: people move the learner's pieces, the other side's
    /// moves come from the lesson or puzzle; never autosaved.
    Practice,
    /// The Exhibition's show: the computer on every seat; neither autosaved nor remembered.
    Show,
    /// The analysis board: people move both sides, the engine's lines beside; never autosaved.
    Analysis,
    /// The board editor's diagram (see [`crate::model::CurrentGame::diagram`]): nobody moves
    /// on it; never autosaved.
    Edit,
    /// A game of the tournament night (see `crate::tournament`): played like the player's own,
    /// its result goes to the tournament; never autosaved over the player's game.
    Tournament,
}

/// A lesson or puzzle is being played: the practice game is on the board and the app is not
/// at the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Practising;

impl ComputedStates for Practising {
    type SourceStates = (AppState, GameMode);

    fn compute((app, mode): (AppState, GameMode)) -> Option<Practising> {
        (mode == GameMode::Practice && app != AppState::Menu).then_some(Practising)
    }
}

/// The analysis board is open: its game is on the board and the app is not at the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Analysing;

impl ComputedStates for Analysing {
    type SourceStates = (AppState, GameMode);

    fn compute((app, mode): (AppState, GameMode)) -> Option<Analysing> {
        (mode == GameMode::Analysis && app != AppState::Menu).then_some(Analysing)
    }
}

/// The Exhibition runs: its show is on the board and the app is not at the title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Exhibiting;

impl ComputedStates for Exhibiting {
    type SourceStates = (AppState, GameMode);

    fn compute((app, mode): (AppState, GameMode)) -> Option<Exhibiting> {
        (mode == GameMode::Show && app != AppState::Menu).then_some(Exhibiting)
    }
}

/// Whether a modal dialog covers the game (New Game, a confirmation, the saves, the settings):
/// while it does the computer plays no move, no turn is decided and clicks on the board do
/// nothing (set by the input's view of the dialogs).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Overlay {
    /// Nothing covers the game.
    #[default]
    None,
    /// A modal dialog is open: the game is paused.
    Dialog,
}
