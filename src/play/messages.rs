//! Messages between the headless game and its views.

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::AnyMove;

use crate::model::{Cell, CurrentGame, GameSettings, MoveEffects, Notice, SeatNames};

/// Start or replace the game on the board: the one way a game begins — a new game, a loaded
/// or resumed one, a lesson's or puzzle's position, the Exhibition's next show, a review's
/// position, "play from here". Play alone carries it out (see `super::start`): it replaces
/// [`CurrentGame`] and [`crate::model::Seats`], posts the notice, rebuilds the board and sets
/// the states.
#[derive(Message, Debug, Clone)]
pub struct StartGame {
    /// The game, at the position it starts from.
    pub game: Box<CurrentGame>,
    /// Who sits at it (players, think time).
    pub seats: GameSettings,
    /// The people's names at its seats (none for a lesson, a puzzle, the Exhibition).
    pub names: SeatNames,
    /// Whose game it is, and in which state the app goes on.
    pub mode: StartAs,
    /// What the status line says (none: it is cleared).
    pub notice: Option<Notice>,
}

/// How a started game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartAs {
    /// The player's own game.
    Own,
    /// A lesson, a puzzle or a mistake of the player's to learn from: people move
    /// `learner`'s pieces.
    Practice {
        /// The learner's colour.
        learner: Side,
        /// Which of the three.
        drill: Drill,
    },
    /// The Exhibition's show.
    Show,
    /// A position of the player's game under review: no turns, no clicks on the board.
    Review,
    /// The analysis board (see `crate::analysis`): people move both sides, each move goes into
    /// the analysis's tree of variations; never autosaved, never rated.
    Analysis,
    /// A position being set up in the board editor (a [`CurrentGame::diagram`]): no turns;
    /// clicks on the board go to the editor.
    Edit,
    /// A game of the tournament night: played like the player's own, its result goes to the
    /// tournament (see `crate::tournament`).
    Tournament,
    /// A game at a table on the network (see `crate::table`).
    Table,
}

/// What a practice position is for: each is a game mode of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Drill {
    /// A lesson's step (see `crate::learn`).
    Lesson,
    /// A puzzle (see `crate::puzzles`).
    Puzzle,
    /// A mistake of the player's own game, to find a better move (see `crate::mistakes`).
    Mistake,
}

impl Drill {
    /// Its game mode.
    pub fn mode(self) -> super::GameMode {
        match self {
            Drill::Lesson => super::GameMode::Lesson,
            Drill::Puzzle => super::GameMode::Puzzle,
            Drill::Mistake => super::GameMode::Mistakes,
        }
    }
}

/// A move decided elsewhere than by a person's click (a click is a
/// [`crate::model::MoveRequest`], which the rules may refuse with a reason): play plays it when
/// the mover may move now, the game is still the one it was decided for, and the move is
/// legal; it is ignored otherwise.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayMove {
    /// The move.
    pub mv: AnyMove,
    /// Who asks for it.
    pub by: Mover,
    /// The game's moment it was decided for ([`CurrentGame::moment`]): a move that arrives
    /// in the frame its game was replaced or taken back is not played on another.
    pub at: (u64, usize),
}

impl PlayMove {
    /// `by` asks for `mv` in `game` as it is now.
    pub fn new(mv: AnyMove, by: Mover, game: &CurrentGame) -> PlayMove {
        PlayMove {
            mv,
            by,
            at: game.moment(),
        }
    }
}

/// The table's server ended the game (see `crate::table`): play ends it here too.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndedAtTable(pub crate::model::GameEnd);

/// Who plays a [`PlayMove`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    /// The computer, on its turn.
    Computer,
    /// A lesson's or puzzle's answer, on the scripted side's turn.
    Reply,
    /// A puzzle's solution shown move by move (either side).
    Solution,
    /// The review's step forward.
    Review,
    /// The analysis board's step forward along its tree.
    Analysis,
    /// A player at another device of the table (see `crate::table`), as its server told it.
    Remote,
}

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
    /// In review: show the position a move earlier (the pieces glide back where they can).
    StepBack,
    /// Review the game on the board (see `crate::review`): no turns, no clicks on the board.
    Review,
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

/// Open the analysis board on a game (see `crate::analysis`): from the game on the board, a
/// position of a review, the board editor, or a saved analysis with its variations.
#[derive(Message, Debug, Clone)]
pub enum OpenAnalysis {
    /// A game with its moves so far: the analysis shows its last position, its moves the main
    /// line.
    Game(Box<CurrentGame>),
    /// A record with its variations and comments (a saved analysis), shown at its start.
    Record(Box<gamut_engine::record::Record>),
}

/// Start the exhibition (computer against computer through every game), from the title screen.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartExhibition;

/// Open the board editor: from the title on the start position of the game last chosen, from
/// the player's own game on its position.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenEditor;

/// Learn from your mistakes, asked from the game-over panel of a finished game against the
/// computer (see `crate::mistakes`, which starts its lesson from the game on the board).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnFromMistakes;
