//! Messages between the headless game and its views.

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::AnyMove;

use crate::model::{Cell, MoveEffects};

/// Menu and keyboard actions.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameCommand {
    /// Start a new game with the current [`crate::model::GameSettings`].
    NewGame,
    /// Take back a move (against the computer: back to a person's turn).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// The side to move gives up.
    Resign,
    /// Leave the game for the title screen (the player's game stays autosaved and is offered
    /// there; a lesson, puzzle or the Exhibition ends).
    BackToTitle,
}

/// A request for a hint (the computer's plugin answers it).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintRequest;

/// A move was played (for the log, sounds and tests).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: AnyMove,
    /// Who played it.
    pub by: Side,
    /// What it did to the pieces.
    pub effects: MoveEffects,
}

/// What a move did to the piece entities, for a view to animate: the entities have already
/// moved (their [`super::OnSquare`] is the new square) and the captured ones are gone.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct PiecesMoved {
    /// Each moved piece with its origin and destination.
    pub moved: Vec<(Entity, Cell, Cell)>,
    /// Each captured piece's square and colour.
    pub captured: Vec<(Cell, Side)>,
    /// Parachute: the piece entity just placed.
    pub placed: Option<Entity>,
}

/// The pieces were rebuilt from [`crate::model::CurrentGame`] (new game, undo, redo).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardReset;

/// Open a learning screen from the title: the lessons or the puzzles.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenLearn {
    /// The lessons (see `crate::learn`).
    Lessons,
    /// The puzzles (see `crate::puzzles`).
    Puzzles,
}

/// Start the exhibition (computer against computer through every game), from the title screen.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartExhibition;
