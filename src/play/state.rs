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

/// A modal dialog is open (New Game, a confirmation): the computer plays no move and clicks on
/// the board do nothing until it closes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Paused(pub bool);

/// Whether the games on the board are a show (the exhibition), not the player's: they are
/// neither autosaved nor remembered as the player's settings.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShowGames(pub bool);
