//! The [`Game`] trait every game implements, and how a game ends ([`Outcome`]).

use std::fmt;
use std::hash::Hash;

use thiserror::Error;

use crate::Color;
use crate::notation::MoveParseError;

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// Lines of Action: the winner's pieces form one connected group.
    Connected,
    /// Lines of Action: the loser's capture left the winner connected.
    ConnectedByOpponent,
    /// Lines of Action, "mover wins" option: both became connected by the winner's move.
    BothConnectedMoverWins,
    /// Epaminondas: at the start of his turn the winner had more stones on the far row.
    HomeRow,
    /// Epaminondas: the loser has no stones left.
    NoStones,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Lines of Action: one move connected both sides (tournament rule).
    BothConnected,
    /// The same position occurred for the third time with the same side to move.
    Repetition,
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// Who won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::Connected => "connected all pieces",
                    WinReason::ConnectedByOpponent => "was connected by the opponent's capture",
                    WinReason::BothConnectedMoverWins => {
                        "connected both sides with one move (mover wins)"
                    }
                    WinReason::HomeRow => "has more stones on the far row",
                    WinReason::NoStones => "captured every enemy stone",
                };
                write!(f, "{winner} wins: {why}")
            }
            Outcome::Draw { reason } => f.write_str(match reason {
                DrawReason::BothConnected => "Draw: one move connected both sides",
                DrawReason::Repetition => "Draw: the same position occurred three times",
            }),
        }
    }
}

/// A move given as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move at all.
    #[error(transparent)]
    Syntax(#[from] MoveParseError),
    /// The text is a move, but not a legal one in this position.
    #[error("{mv} is not legal here: {reason}")]
    Illegal {
        /// The move as the player wrote it.
        mv: String,
        /// Why it is not legal, in words for the player.
        reason: String,
    },
    /// The game is over: no move can be played.
    #[error("the game is over")]
    GameOver,
}

/// A two-player, perfect-information board game: what perft, the search and the user interface
/// need to know about it.
///
/// The position keeps its own history, so [`Game::play_unchecked`] and [`Game::undo`] are a cheap
/// make/unmake pair and the game can detect repetitions.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move, including a pass where the rules have one. `Display` gives engine notation.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The side to move.
    fn side_to_move(&self) -> Color;

    /// Clears `out` and fills it with every legal move. Empty exactly when the game is over; a
    /// player with no ordinary move gets the pass move.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// The moves the search tries: every legal move by default. A game whose branching is huge
    /// may leave out moves that are plainly bad (Parachute: placing a held enemy piece next to
    /// its friends), so the search sees deeper; the list is never empty while the game goes on,
    /// and holds only legal moves.
    fn search_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out);
    }

    /// Every legal move (see [`Game::legal_moves_into`]).
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// How many legal moves there are; games override it with a count that builds no list.
    fn count_legal_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// Plays a move that must be legal (as returned by [`Game::legal_moves_into`]).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Takes back the last move, returning it; `None` at the start of the history.
    fn undo(&mut self) -> Option<Self::Move>;

    /// Whether the move captures (the search tries captures early and extends them in its
    /// quiescence search). Games with captures override it.
    fn is_capture(&self, _mv: Self::Move) -> bool {
        false
    }

    /// A move that only hands the turn over, for the search's null-move pruning; `None` (the
    /// default) where the game has no such move. It need not be legal.
    fn null_move(&self) -> Option<Self::Move> {
        None
    }

    /// Whether the move is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays the move if it is legal; otherwise leaves the position untouched.
    fn play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: "it is not among the legal moves".into(),
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Zobrist hash of the position, side to move included.
    fn hash(&self) -> u64;

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// Moves played since the position was set up.
    fn ply(&self) -> usize;

    /// Parses a move in engine (`b1d3`) or human (`b1-d3`, `b1xd3`) notation and checks that it
    /// is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// A move in human notation (`b1-d3`, capture `b1xd3`); the move must be legal here.
    fn human_move(&self, mv: Self::Move) -> String;

    /// The position as text (board ranks top to bottom, then the side to move).
    fn to_text(&self) -> String;

    /// How many of `color`'s pieces stand on the board (pieces held beside it not counted): what
    /// the coach counts to say a move let pieces be captured.
    fn piece_count(&self, color: Color) -> u32;

    /// The number of pieces in `color`'s largest connected group (touching in any of the eight
    /// directions), in games won by connecting (Lines of Action); `None` in the others.
    fn largest_group(&self, _color: Color) -> Option<u32> {
        None
    }
}
