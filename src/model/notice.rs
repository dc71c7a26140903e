//! Typed notices: what the game tells the player (why a click did nothing, who passed, how the
//! game ended). Logic posts them; the interface renders them in the player's words. Tests match
//! the variants, never the text.

use gamut_engine::Color as Side;
use gamut_engine::{boundless, epaminondas, loa};

use super::{Cell, FileProblem, FileReport, FileTrouble, GameEnd, MoveRequest, Seat};

/// The name a notice gives the clipboard as a file (the interface says it in the player's
/// language).
pub const CLIPBOARD: &str = "clipboard";

/// Why a requested move was refused, as the rules say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver(GameEnd),
    /// A square off the board.
    OffBoard(Cell),
    /// A placement asked for in a game without held pieces.
    NothingToPlace,
    /// Lines of Action's reason.
    LinesOfAction(loa::IllegalMove),
    /// Epaminondas's reason.
    Epaminondas(epaminondas::IllegalMove),
    /// Boundless Lines of Action's reason.
    Boundless(boundless::IllegalMove),
}

/// Something to tell the player in the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A new game has started.
    NewGame,
    /// The analysis board has opened: both sides are moved by the player.
    AnalysisOpened,
    /// A new game has started with the colours drawn by lot: the colour the person got (against
    /// the computer), and whether the colours changed hands.
    ColoursDrawn {
        /// The person's colour, when people play one colour only.
        you: Option<Side>,
        /// Whether the players swapped colours.
        swapped: bool,
    },
    /// Moves were taken back: one, or more (a person's move and the computer's reply).
    MoveTakenBack {
        /// How many moves went back.
        moves: usize,
    },
    /// Undo with no move to take back.
    NothingToTakeBack,
    /// Redo played a move again.
    MoveReplayed,
    /// Redo with nothing taken back.
    NothingToRedo,
    /// A move the rules refuse, and why.
    Refused(MoveRequest, Refusal),
    /// A click while pieces move or the computer thinks.
    NotYourTurnYet,
    /// A click while the computer is to move.
    ComputersTurn(Seat),
    /// A click on the board on the turn of a player at another device of the table.
    RemoteTurn(Seat),
    /// A click on an empty square or an enemy piece with nothing selected.
    SelectOwnPiece(Seat),
    /// The clicked piece has no legal move.
    NoMoveForPiece(Cell),
    /// The typed text (as typed) is not a move.
    UnreadableMove(String),
    /// The side had no legal move and passed.
    Passed(Side),
    /// Parachute: no legal step; the side must place a held enemy piece.
    MustPlaceOnly(Side),
    /// Parachute: the step is chosen; now the held piece's square.
    ChoosePlacement {
        /// The chosen step.
        from: Cell,
        /// Its destination.
        to: Cell,
        /// Who places (holding the other colour's pieces).
        holder: Side,
    },
    /// Parachute: the clicked square is not free for the held piece.
    PlacementNotEmpty(Cell),
    /// The hint search started.
    LookingForHint,
    /// The hint: a move in the game's human notation.
    Hint(String),
    /// The computer announces its forced win, proven by the proof search: the winner, its moves
    /// to the win against the longest defence, and the proven line in the game's notation.
    ForcedWin {
        /// The side that wins (the computer's).
        winner: Side,
        /// The winner's moves to the win.
        moves: u32,
        /// The proven line, from the position it was announced in.
        line: Vec<String>,
    },
    /// The game ended.
    GameOver(GameEnd),
    /// The game was saved under this name.
    Saved(String),
    /// A saved game or record was opened (its file name, or "clipboard").
    Opened(String),
    /// The autosaved game continues.
    Resumed,
    /// `--resume` or Resume with no unfinished autosaved game.
    NothingToResume,
    /// The browser would not open its file picker (no press of the player's close enough).
    FilePickerRefused,
    /// A save or record could not be opened: the file (or "clipboard") and the problem. The
    /// game on the board is kept and the file is left as it was.
    CannotOpen {
        /// The file's name or path.
        file: String,
        /// What is wrong.
        problem: FileProblem,
    },
    /// The game could not be written.
    CannotSave {
        /// The file's name or path.
        file: String,
        /// What went wrong.
        problem: FileTrouble,
    },
    /// One of the game's own files (the settings, the autosave) could not be read or written:
    /// which, and what was done with it.
    DataFile(FileReport),
}

impl Notice {
    /// Whether this notice starts a new game of the player's own.
    pub fn is_new_game(&self) -> bool {
        matches!(self, Notice::NewGame | Notice::ColoursDrawn { .. })
    }

    /// Whether this notice only makes sense while the computer thinks or pieces move, so it
    /// goes as soon as a person may move again.
    pub fn is_about_waiting(&self) -> bool {
        matches!(
            self,
            Notice::NotYourTurnYet | Notice::ComputersTurn(_) | Notice::RemoteTurn(_)
        )
    }
}
