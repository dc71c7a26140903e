//! Game records: a plain-text format for both games and every variant, in the spirit of chess's
//! PGN. Tag pairs first (`[Game "Lines of Action"]`, `[Variant "parachute"]`, every rule option,
//! the players, `[Result "black-wins"]`, `[Termination "connection"]`, `[Position "…"]` when the game
//! did not start from the start position), then the numbered moves in human notation with
//! optional `{comments}`, then the result:
//!
//! ```text
//! [Game "Lines of Action"]
//! [Variant "standard"]
//! [FirstPlayer "Black"]
//! [SimultaneousConnection "draw"]
//! [Repetition "draw"]
//! [Black "Ann"]
//! [White "Gamut level 6"]
//! [Result "*"]
//!
//! 1. b1-d3 {a quiet start} a2-c2 2. d3xa6 *
//! ```
//!
//! Variations are written as in PGN: a parenthesised line after a move (and its comment) is an
//! alternative to that move, played from the position before it; variations nest, hold comments,
//! and number their moves like the main line, `N...` when one starts with another seat's move
//! (`1. b1-d3 (1. c1-c3 a2-c2 (1... h2-f4)) 1... a2-c2 2. d3xa6 *`). [`GameTree`] keeps a game with
//! its variations for an analysis board and gives the record back.
//!
//! Reading a record ([`Record::parse`]) replays every move through the rules, so a record that
//! reads is a legal game; every error ([`RecordError`]) says where (line and column) and what is
//! wrong. Writing is [`Record`]'s `Display`. Save files of the game are JSON objects holding a
//! record (`{"format": 1, "record": "…"}`); [`read_record_or_save`] reads either.
//!
//! Results name the winner, so that no one has to know which side a score counts first:
//! `black-wins` (Black, or the Black team in LOA for four), `white-wins`, `draw`, and `*` for a
//! game not finished. Older records wrote chess-like scores with **Black's score first in both
//! games**, and they still read with that meaning: `1-0` is a win for Black (even in Epaminondas,
//! where White moves first), `0-1` a win for White, `1/2-1/2` (or `½-½`) a draw.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::any_game::{AnyMove, AnyPosition, AnyPositionError, GameConfig};
use crate::game::{DrawReason, MoveError, Outcome, WinReason};
use crate::{Color, Game, loa};

mod read;
mod reason;
mod save;
mod tree;
mod walk;
mod write;

pub use reason::IllegalReason;
pub use tree::{GameTree, NodeId, TreeEntry, TreeError};

pub use save::{SAVE_FORMAT, SaveFile, read_record_or_save, read_record_or_save_bytes, read_save};

/// The largest record (or save file) read, in bytes: 1 MiB.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// How deep variations may nest in a record: a variation of the main line is at depth 1, a
/// variation inside it at depth 2, and so on up to 64.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// How a game ended as a record writes it: `black-wins`, `white-wins`, `draw`, `*` (not
/// finished). Older records' `1-0` (Black wins), `0-1` (White wins) and `1/2-1/2` still read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `black-wins` (formerly `1-0`): Black (the Black team in LOA for four) won.
    BlackWins,
    /// `white-wins` (formerly `0-1`): White won.
    WhiteWins,
    /// `draw` (formerly `1/2-1/2`): a draw.
    Draw,
    /// `*`: the game is not finished (or its end is not known).
    #[default]
    Unfinished,
}

impl GameResult {
    /// Every result.
    pub const ALL: [GameResult; 4] = [
        GameResult::BlackWins,
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The record's form: `black-wins`, `white-wins`, `draw` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::BlackWins => "black-wins",
            GameResult::WhiteWins => "white-wins",
            GameResult::Draw => "draw",
            GameResult::Unfinished => "*",
        }
    }

    /// A win for `winner`.
    pub const fn win_for(winner: Color) -> GameResult {
        match winner {
            Color::Black => GameResult::BlackWins,
            Color::White => GameResult::WhiteWins,
        }
    }

    /// The result of a game that ended by the rules with `outcome` (`None`: not finished).
    pub fn from_outcome(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(Outcome::Win { winner, .. }) => GameResult::win_for(winner),
            Some(Outcome::Draw { .. }) => GameResult::Draw,
            None => GameResult::Unfinished,
        }
    }

    /// The winner, if the result is a win.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::BlackWins => Some(Color::Black),
            GameResult::WhiteWins => Some(Color::White),
            GameResult::Draw | GameResult::Unfinished => None,
        }
    }

    /// Reads `black-wins`, `white-wins`, `draw` (ignoring case) or `*`; also the older
    /// records' scores, Black's first: `1-0` (Black wins), `0-1` (White wins), `1/2-1/2` or
    /// `½-½` (a draw).
    pub fn parse(text: &str) -> Option<GameResult> {
        let text = text.trim();
        let word = |w: &str| text.eq_ignore_ascii_case(w);
        if word("black-wins") || text == "1-0" {
            Some(GameResult::BlackWins)
        } else if word("white-wins") || text == "0-1" {
            Some(GameResult::WhiteWins)
        } else if word("draw") || text == "1/2-1/2" || text == "½-½" {
            Some(GameResult::Draw)
        } else if text == "*" {
            Some(GameResult::Unfinished)
        } else {
            None
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended, as the `Termination` tag writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Lines of Action: the winner's pieces connected (also when the loser's capture connected
    /// them). By the rules.
    Connection,
    /// Lines of Action: one move connected both sides (a draw, or the mover wins under the
    /// "mover wins" option). By the rules.
    SimultaneousConnection,
    /// Epaminondas: more stones on the opponent's home row at the start of a turn. By the rules.
    HomeRow,
    /// Epaminondas: the loser has no stones left. By the rules.
    NoStones,
    /// The third occurrence of a position: a draw. By the rules.
    Repetition,
    /// A player resigned (the result is a win for the other side).
    Resignation,
    /// A player ran out of time (a win for the other side).
    Time,
    /// The players agreed a draw.
    Agreement,
    /// A referee or program decided the result (a match runner's move limit, say).
    Adjudication,
    /// The game was left before its end (any result, `*` included).
    Abandoned,
    /// The game goes on (the result is `*`).
    Unterminated,
}

impl Termination {
    /// Every termination, in the order docs/notation.md lists them.
    pub const ALL: [Termination; 11] = [
        Termination::Connection,
        Termination::SimultaneousConnection,
        Termination::HomeRow,
        Termination::NoStones,
        Termination::Repetition,
        Termination::Resignation,
        Termination::Time,
        Termination::Agreement,
        Termination::Adjudication,
        Termination::Abandoned,
        Termination::Unterminated,
    ];

    /// The tag value: `connection`, `simultaneous-connection`, `home-row`, `no-stones`,
    /// `repetition`, `resignation`, `time`, `agreement`, `adjudication`, `abandoned`,
    /// `unterminated`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Connection => "connection",
            Termination::SimultaneousConnection => "simultaneous-connection",
            Termination::HomeRow => "home-row",
            Termination::NoStones => "no-stones",
            Termination::Repetition => "repetition",
            Termination::Resignation => "resignation",
            Termination::Time => "time",
            Termination::Agreement => "agreement",
            Termination::Adjudication => "adjudication",
            Termination::Abandoned => "abandoned",
            Termination::Unterminated => "unterminated",
        }
    }

    /// How a game that ended by the rules with `outcome` ended.
    pub const fn from_outcome(outcome: Outcome) -> Termination {
        match outcome {
            Outcome::Win { reason, .. } => match reason {
                WinReason::Connected | WinReason::ConnectedByOpponent => Termination::Connection,
                WinReason::BothConnectedMoverWins => Termination::SimultaneousConnection,
                WinReason::HomeRow => Termination::HomeRow,
                WinReason::NoStones => Termination::NoStones,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::BothConnected => Termination::SimultaneousConnection,
                DrawReason::Repetition => Termination::Repetition,
            },
        }
    }

    /// Whether the rules ended the game (the final position then says so); otherwise the
    /// players or a referee did, before the rules' end.
    pub const fn is_by_rules(self) -> bool {
        matches!(
            self,
            Termination::Connection
                | Termination::SimultaneousConnection
                | Termination::HomeRow
                | Termination::NoStones
                | Termination::Repetition
        )
    }

    /// Whether a game ended this way before the rules' end may have `result`: resignation and
    /// time need a win, agreement a draw, adjudication any end, unterminated `*`, abandoned
    /// anything. (Terminations by the rules are checked against the final position instead.)
    pub const fn allows(self, result: GameResult) -> bool {
        match self {
            Termination::Resignation | Termination::Time => result.winner().is_some(),
            Termination::Agreement => matches!(result, GameResult::Draw),
            Termination::Adjudication => !matches!(result, GameResult::Unfinished),
            Termination::Unterminated => matches!(result, GameResult::Unfinished),
            Termination::Abandoned => true,
            Termination::Connection
            | Termination::SimultaneousConnection
            | Termination::HomeRow
            | Termination::NoStones
            | Termination::Repetition => true,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown termination name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown termination '{0}'")]
pub struct UnknownTermination(pub String);

impl FromStr for Termination {
    type Err = UnknownTermination;
    /// Reads a tag value, ignoring case, spaces and underscores for dashes; also `resigned`,
    /// `time-forfeit`, `draw-agreed`.
    fn from_str(s: &str) -> Result<Termination, UnknownTermination> {
        let wanted = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let alias = match wanted.as_str() {
            "resign" | "resigned" => Some(Termination::Resignation),
            "time-forfeit" | "timeout" => Some(Termination::Time),
            "draw-agreed" | "agreed" => Some(Termination::Agreement),
            "far-row" => Some(Termination::HomeRow),
            _ => None,
        };
        alias
            .or_else(|| Termination::ALL.into_iter().find(|t| t.name() == wanted))
            .ok_or_else(|| UnknownTermination(s.to_string()))
    }
}

/// The players' names, by seat. In LOA for four `black` and `white` play the plain sets and
/// `black_marked` and `white_marked` the marked sets; the other games have only the first two.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Players {
    /// Black (the plain Black seat in LOA for four): tag `Black`.
    pub black: Option<String>,
    /// White (the plain White seat in LOA for four): tag `White`.
    pub white: Option<String>,
    /// LOA for four, the marked Black seat: tag `BlackMarked`.
    pub black_marked: Option<String>,
    /// LOA for four, the marked White seat: tag `WhiteMarked`.
    pub white_marked: Option<String>,
}

/// One move of a record, the comment written after it, and the variations written after that:
/// the alternatives to the move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RecordMove {
    /// The move (legal in the position before it).
    pub mv: AnyMove,
    /// The text of the `{comment}` after the move (white space folded), if any.
    pub comment: Option<String>,
    /// The alternatives to this move, in the order written: each a line of moves played from
    /// the position before this move, with its own comments and variations. Reading never gives
    /// an empty one, nor variations on a variation's first move (those are alternatives to the
    /// same move, so they come here, after the variation they were written in).
    pub variations: Vec<Vec<RecordMove>>,
}

impl RecordMove {
    /// A move without a comment or variations.
    pub fn new(mv: AnyMove) -> RecordMove {
        RecordMove {
            mv,
            comment: None,
            variations: Vec::new(),
        }
    }
}

/// A game record: the game and its rules, where it started, the moves, who played and how it
/// ended.
///
/// [`Record::parse`] and [`Record::from_game`] give records whose moves are legal and whose result
/// agrees with the final position. The fields are public so the game can fill in the players,
/// date and an end before the rules' end (see [`Record::resign`]); [`Record::check`] says whether
/// a record built by hand holds together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The game and its rule options (tags `Game`, `Variant`, `Board`, `FirstPlayer`,
    /// `SimultaneousConnection`, `Repetition`, `AntiSymmetry`).
    pub config: GameConfig,
    /// The position text of the setup the moves start from (tag `Position`), when it is not the
    /// configured game's start position.
    pub start: Option<String>,
    /// The moves of the main line, oldest first (each with its variations).
    pub moves: Vec<RecordMove>,
    /// The players (tags `Black`, `White`, `BlackMarked`, `WhiteMarked`).
    pub players: Players,
    /// The date (tag `Date`, written `YYYY.MM.DD` like PGN; not checked).
    pub date: Option<String>,
    /// The result (tag `Result` and the end of the moves).
    pub result: GameResult,
    /// Why the game ended (tag `Termination`); `None` while it goes on.
    pub termination: Option<Termination>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// Every other tag, in the order read (`Event`, `Site`, …), kept as they are.
    pub other_tags: Vec<(String, String)>,
}

impl Record {
    /// An empty record of a game from the configured start: no moves, result `*`.
    pub fn new(config: GameConfig) -> Record {
        Record {
            config,
            start: None,
            moves: Vec::new(),
            players: Players::default(),
            date: None,
            result: GameResult::Unfinished,
            termination: None,
            comment: None,
            other_tags: Vec::new(),
        }
    }

    /// The record of a game played under `config` up to `position`: its setup (the `Position`
    /// tag when that is not the start), the moves it has played, and the result and
    /// termination when the rules ended it. Players, date and comments are left for the
    /// caller to fill in.
    pub fn from_game(config: GameConfig, position: &AnyPosition) -> Record {
        let initial = position.initial_text();
        let start = (initial != config.start().to_text()).then_some(initial);
        let outcome = position.outcome();
        Record {
            start,
            moves: position
                .moves_played()
                .into_iter()
                .map(RecordMove::new)
                .collect(),
            result: GameResult::from_outcome(outcome),
            termination: outcome.map(Termination::from_outcome),
            ..Record::new(config)
        }
    }

    /// Reads a record, replaying every move through the rules. Errors give the line and column;
    /// see [`RecordErrorKind`] for what is checked.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        read::parse(text)
    }

    /// The moves of the main line alone, oldest first.
    pub fn move_list(&self) -> Vec<AnyMove> {
        self.moves.iter().map(|m| m.mv).collect()
    }

    /// How many seats take turns: 4 in LOA for four, 2 otherwise. A move number in the
    /// movetext covers one turn of each seat.
    pub fn seats(&self) -> usize {
        seats(&self.config)
    }

    /// The position the moves start from.
    pub fn start_position(&self) -> Result<AnyPosition, RecordError> {
        match &self.start {
            None => Ok(self.config.start()),
            Some(text) => self
                .config
                .position_from_text(text)
                .map_err(|source| RecordError::new(RecordErrorKind::BadPosition { source })),
        }
    }

    /// The position after every move of the main line, with the moves as its history (so it
    /// can be undone move by move). Errors name the first move that is not legal. (Variations
    /// are not played: [`Record::check`] checks them.)
    pub fn replay(&self) -> Result<AnyPosition, RecordError> {
        let mut position = self.start_position()?;
        for (ply, m) in self.moves.iter().enumerate() {
            play_checked(&mut position, m.mv, ply, self.seats())?;
        }
        Ok(position)
    }

    /// Checks that the record holds together as [`Record::parse`] would: the start position, every
    /// move of the main line and of every variation (nested at most [`MAX_VARIATION_DEPTH`]
    /// deep), and the result and termination against the final position of the main line.
    /// Gives that final position.
    pub fn check(&self) -> Result<AnyPosition, RecordError> {
        let position = self.replay()?;
        self.replay_variations()?;
        check_end(position.outcome(), self.result, self.termination).map_err(RecordError::new)?;
        Ok(position)
    }

    /// Plays every line of the record, variations included, in written order (no recursion,
    /// however deep the record built by hand nests).
    fn replay_variations(&self) -> Result<(), RecordError> {
        struct Frame<'a> {
            line: &'a [RecordMove],
            played: usize,
            taken: usize,
        }
        let seats = self.seats();
        let mut position = self.start_position()?;
        let mut ply = 0;
        let mut stack = vec![Frame {
            line: &self.moves,
            played: 0,
            taken: 0,
        }];
        loop {
            let depth = stack.len();
            let top = stack.last_mut().expect("the main line stays on the stack");
            if top.played > 0 {
                let variations = &top.line[top.played - 1].variations;
                if let Some(variation) = variations.get(top.taken) {
                    top.taken += 1;
                    if variation.is_empty() {
                        continue;
                    }
                    if depth > MAX_VARIATION_DEPTH {
                        return Err(RecordError::new(RecordErrorKind::VariationTooDeep {
                            limit: MAX_VARIATION_DEPTH,
                        }));
                    }
                    position.undo();
                    ply -= 1;
                    stack.push(Frame {
                        line: variation,
                        played: 0,
                        taken: 0,
                    });
                    continue;
                }
            }
            if let Some(m) = top.line.get(top.played) {
                play_checked(&mut position, m.mv, ply, seats)?;
                ply += 1;
                top.played += 1;
                top.taken = 0;
                continue;
            }
            if stack.len() == 1 {
                return Ok(());
            }
            let done = stack.pop().expect("a variation is on the stack");
            for _ in done.line {
                position.undo();
            }
            ply -= done.line.len();
            let parent = stack.last().expect("the main line stays on the stack");
            position.play_unchecked(parent.line[parent.played - 1].mv);
            ply += 1;
        }
    }

    /// Ends the record with `loser`'s resignation: a win for the other side.
    pub fn resign(&mut self, loser: Color) {
        self.result = GameResult::win_for(!loser);
        self.termination = Some(Termination::Resignation);
    }

    /// Ends the record with `loser`'s clock running out: a win for the other side.
    pub fn lose_on_time(&mut self, loser: Color) {
        self.result = GameResult::win_for(!loser);
        self.termination = Some(Termination::Time);
    }
}

/// Plays a record's move, the `ply`th (from 0) since the record's start, or says why not.
fn play_checked(
    position: &mut AnyPosition,
    mv: AnyMove,
    ply: usize,
    seats: usize,
) -> Result<(), RecordError> {
    let number = ply / seats + 1;
    let text = mv.to_string();
    if let Some(outcome) = position.outcome() {
        return Err(RecordError::new(RecordErrorKind::MoveAfterEnd {
            number,
            text,
            outcome,
        }));
    }
    let reason = reason::reason_for_move(position, mv);
    position.play(mv).map_err(|source| {
        RecordError::new(RecordErrorKind::IllegalMove {
            number,
            ply: ply + 1,
            text,
            source: Box::new(source),
            reason,
        })
    })
}

/// How many seats take turns under `config`.
pub(crate) fn seats(config: &GameConfig) -> usize {
    config.seats()
}

/// Checks a result and termination against the final position's outcome.
pub(crate) fn check_end(
    outcome: Option<Outcome>,
    result: GameResult,
    termination: Option<Termination>,
) -> Result<(), RecordErrorKind> {
    match outcome {
        Some(outcome) => {
            if result != GameResult::from_outcome(Some(outcome)) {
                return Err(RecordErrorKind::ResultContradictsOutcome { result, outcome });
            }
            match termination {
                Some(t) if t != Termination::from_outcome(outcome) => {
                    Err(RecordErrorKind::TerminationContradicts {
                        termination: t,
                        outcome: Some(outcome),
                    })
                }
                _ => Ok(()),
            }
        }
        None => match termination {
            Some(t) if t.is_by_rules() => Err(RecordErrorKind::TerminationContradicts {
                termination: t,
                outcome: None,
            }),
            Some(t) if !t.allows(result) => Err(RecordErrorKind::TerminationResult {
                termination: t,
                result,
            }),
            None if result != GameResult::Unfinished => {
                Err(RecordErrorKind::UnexplainedResult { result })
            }
            _ => Ok(()),
        },
    }
}

/// A place in the text: line and column, both from 1 (the column counts characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
}

impl Location {
    /// The first character of the text.
    pub const START: Location = Location { line: 1, column: 1 };
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A record that could not be read: where, and what is wrong.
///
/// `Display` gives `LINE:COLUMN: message` (the command line puts the file name before it), or
/// the message alone for a record checked in memory (no location).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct RecordError {
    /// Where in the text; `None` for a record checked in memory ([`Record::replay`]).
    pub location: Option<Location>,
    /// Whether the location is inside the record text of a JSON save file (rather than in the
    /// file itself).
    pub in_save_record: bool,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

impl RecordError {
    /// An error without a location.
    pub fn new(kind: RecordErrorKind) -> RecordError {
        RecordError {
            location: None,
            in_save_record: false,
            kind,
        }
    }

    /// An error at `location`.
    pub fn at(location: Location, kind: RecordErrorKind) -> RecordError {
        RecordError {
            location: Some(location),
            in_save_record: false,
            kind,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(location) = self.location {
            write!(f, "{location}: ")?;
        }
        write!(f, "{}", self.kind)?;
        if self.in_save_record && self.location.is_some() {
            f.write_str(" (line and column in the save file's record text)")?;
        }
        Ok(())
    }
}

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    /// The text is larger than [`MAX_RECORD_BYTES`].
    #[error("the record is larger than {limit} bytes (1 MiB), the most that is read")]
    TooLarge {
        /// Its size in bytes (from a file, the command line reads one byte over the limit and
        /// no further).
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// The bytes are not UTF-8 text.
    #[error("the text is not UTF-8")]
    NotUtf8,
    /// Nothing but white space.
    #[error("the record is empty (no tags and no moves)")]
    Empty,
    /// `[` not followed by a tag name.
    #[error("expected a tag name after '[' (like [Game \"Lines of Action\"])")]
    ExpectedTagName,
    /// A tag name not followed by a quoted value.
    #[error("expected the value of tag {tag} in double quotes (like [{tag} \"…\"])")]
    ExpectedTagValue {
        /// The tag's name.
        tag: String,
    },
    /// A tag value without its closing quote on the same line.
    #[error("the value of tag {tag} has no closing '\"' on its line")]
    UnterminatedTagValue {
        /// The tag's name.
        tag: String,
    },
    /// A backslash in a tag value not followed by `"` or `\`.
    #[error("unknown escape '\\{escape}' in a tag value (only \\\" and \\\\ are escapes)")]
    BadEscape {
        /// The character after the backslash.
        escape: char,
    },
    /// A tag not closed by `]`.
    #[error("expected ']' to close tag {tag}")]
    ExpectedTagEnd {
        /// The tag's name.
        tag: String,
    },
    /// The same tag twice.
    #[error("tag {tag} is given twice")]
    DuplicateTag {
        /// The tag's name.
        tag: String,
    },
    /// A known tag with a value it cannot have.
    #[error("{tag} \"{value}\" is not known (expected {expected})")]
    BadTagValue {
        /// The tag's name.
        tag: String,
        /// The value given.
        value: String,
        /// What it may be.
        expected: String,
    },
    /// A tag of the other game or of another variant.
    #[error("tag {tag} does not apply here: {reason}")]
    TagNotForGame {
        /// The tag's name.
        tag: String,
        /// Why not.
        reason: String,
    },
    /// The `Position` tag (or the record's start) is not a position of the game.
    #[error("the Position tag is not a valid position: {source}")]
    BadPosition {
        /// What is wrong with it.
        source: AnyPositionError,
    },
    /// A tag after the first move.
    #[error("tags must come before the moves")]
    TagAfterMoves,
    /// `{` without `}`.
    #[error("the comment opened here has no closing '}}'")]
    UnterminatedComment,
    /// `}` without `{`.
    #[error("'}}' without an opening '{{'")]
    StrayBrace,
    /// A move number that does not count the moves before it.
    #[error("move number {found} here should be {expected}")]
    MoveNumber {
        /// The number written.
        found: u64,
        /// The number of the next move.
        expected: usize,
    },
    /// A Parachute placement (`@d4`) with no move before it.
    #[error("the placement '{text}' must follow a move (like a3-a5 @d4)")]
    PlacementWithoutMove {
        /// The placement as written.
        text: String,
    },
    /// A move that does not read or is not legal in the position before it.
    #[error("move {number} ({text}): {}", move_reason(source))]
    IllegalMove {
        /// Its move number (as the movetext counts: one per turn of every seat).
        number: usize,
        /// Its ply, from 1 at the record's start.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why the engine refused it (boxed: it is large and errors are rare).
        source: Box<MoveError>,
        /// The rules' typed reason, when the text is a move of the game that the rules refuse
        /// (`None` when the text is not a move at all).
        reason: Option<IllegalReason>,
    },
    /// A move after the rules ended the game.
    #[error("move {number} ({text}): the game was already over ({outcome})")]
    MoveAfterEnd {
        /// Its move number.
        number: usize,
        /// The move as written.
        text: String,
        /// How the game had ended.
        outcome: Outcome,
    },
    /// `(` with no move before it in its line: a variation is an alternative to a move.
    #[error("a variation '(' must follow the move it is an alternative to")]
    VariationWithoutMove,
    /// A variation opened here and not closed by `)`.
    #[error("the variation opened here has no closing ')'")]
    UnclosedVariation,
    /// `)` with no variation open.
    #[error("')' without an opening '('")]
    StrayParenthesis,
    /// `()`: a variation without a move.
    #[error("the variation opened here holds no move")]
    EmptyVariation,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nest more than {limit} deep")]
    VariationTooDeep {
        /// The deepest nesting allowed.
        limit: usize,
    },
    /// A result inside a variation (only the main line ends with the result).
    #[error("a result ({result}) may only end the main line, not a variation")]
    ResultInVariation {
        /// The result written.
        result: GameResult,
    },
    /// Something other than a comment after the result at the end of the moves.
    #[error("only comments may follow the result {result} (one game per record)")]
    TextAfterResult {
        /// The result already read.
        result: GameResult,
    },
    /// The `Result` tag and the result ending the moves differ.
    #[error("the Result tag says {tag} but the moves end with {movetext}")]
    ResultMismatch {
        /// The tag's result.
        tag: GameResult,
        /// The movetext's result.
        movetext: GameResult,
    },
    /// The rules ended the game differently from the record's result.
    #[error("the record says {result}, but after its moves the game is over: {outcome}")]
    ResultContradictsOutcome {
        /// The result claimed.
        result: GameResult,
        /// How the rules ended the game.
        outcome: Outcome,
    },
    /// A win or a draw while the game is not over, with no termination that explains it.
    #[error(
        "the record says {result}, but the game is not over after its moves (an end before the \
         rules' end needs a Termination tag: resignation, time, agreement, adjudication or \
         abandoned)"
    )]
    UnexplainedResult {
        /// The result claimed.
        result: GameResult,
    },
    /// A termination that does not fit the final position.
    #[error("{}", termination_mismatch(*termination, *outcome))]
    TerminationContradicts {
        /// The termination claimed.
        termination: Termination,
        /// How the rules ended the game, if they did.
        outcome: Option<Outcome>,
    },
    /// A termination that does not go with the result (a resignation with a draw, say).
    #[error("Termination \"{termination}\" does not go with the result {result}")]
    TerminationResult {
        /// The termination claimed.
        termination: Termination,
        /// The result claimed.
        result: GameResult,
    },
    /// A save file that is not JSON.
    #[error("the save file is not valid JSON: {message}")]
    SaveJson {
        /// The JSON reader's message.
        message: String,
    },
    /// A save file whose JSON is not an object.
    #[error("the save file is not a JSON object")]
    SaveNotObject,
    /// A save file without a positive whole `format` number.
    #[error("the save file has no format number (a field \"format\": 1)")]
    SaveFormatMissing,
    /// A save file written by a newer program.
    #[error(
        "the save file's format {format} is newer than this program reads (format {SAVE_FORMAT})"
    )]
    SaveFormatTooNew {
        /// The file's format.
        format: u64,
    },
    /// A save file without its record text.
    #[error("the save file has no record (a text field \"record\")")]
    SaveRecordMissing,
}

/// The reason part of an illegal move's message.
fn move_reason(error: &MoveError) -> String {
    match error {
        MoveError::Illegal { reason, .. } => reason.clone(),
        other => other.to_string(),
    }
}

/// The message of a termination that does not fit the final position.
fn termination_mismatch(termination: Termination, outcome: Option<Outcome>) -> String {
    match outcome {
        None => format!(
            "Termination \"{termination}\" says the rules ended the game, but it is not over \
             after its moves"
        ),
        Some(outcome) if !termination.is_by_rules() => format!(
            "Termination \"{termination}\" does not fit: the rules ended the game ({outcome})"
        ),
        Some(outcome) => format!(
            "Termination \"{termination}\" does not fit how the game ended: {outcome} \
             (Termination \"{}\")",
            Termination::from_outcome(outcome)
        ),
    }
}

/// `on`/`off` values of the option tags.
pub(crate) fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// The record name of the "both connected" option.
pub(crate) fn simultaneous_name(rule: loa::SimultaneousConnection) -> &'static str {
    match rule {
        loa::SimultaneousConnection::Draw => "draw",
        loa::SimultaneousConnection::MoverWins => "mover-wins",
    }
}

/// The civil date (UTC) of a Unix time, as the `Date` tag writes it: `YYYY.MM.DD`.
pub fn date_from_unix(seconds: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let days = (seconds / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Today's date (UTC) as the `Date` tag writes it.
pub fn today() -> String {
    let seconds = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    date_from_unix(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's win in one move: a1-b2 joins a1 and c1 (White d5 and f2 apart).
    const BLACK_WINS_AT_ONCE: &str = "[Position \"8/8/8/3w4/8/8/5w2/b1b5 b\"]\n";

    #[test]
    fn results_are_written_with_the_winners_name_and_read_back() {
        for result in GameResult::ALL {
            assert_eq!(GameResult::parse(result.as_str()), Some(result));
            assert_eq!(GameResult::parse(&result.to_string()), Some(result));
        }
        assert_eq!(GameResult::BlackWins.as_str(), "black-wins");
        assert_eq!(GameResult::WhiteWins.as_str(), "white-wins");
        assert_eq!(GameResult::Draw.as_str(), "draw");
        assert_eq!(GameResult::parse("White-Wins"), Some(GameResult::WhiteWins));
        assert_eq!(GameResult::parse("1-1"), None);
    }

    #[test]
    fn a_record_round_trips_with_its_result() {
        let mut record = Record::parse("[Game \"Epaminondas\"]\n[Board \"small\"]\n1. a1-a3")
            .expect("a legal start");
        record.resign(Color::White);
        let text = record.to_string();
        assert!(text.contains("[Result \"black-wins\"]"), "{text}");
        assert!(text.trim_end().ends_with("black-wins"), "{text}");
        assert_eq!(Record::parse(&text), Ok(record));
        let won = Record::parse(&format!("{BLACK_WINS_AT_ONCE}1. a1-b2")).expect("a win");
        let text = won.to_string();
        assert!(text.contains("[Result \"black-wins\"]"), "{text}");
        assert_eq!(
            Record::parse(&text).map(|r| r.result),
            Ok(GameResult::BlackWins)
        );
    }

    #[test]
    fn old_records_keep_their_meaning_black_first() {
        // `1-0` was Black's win in both games (Epaminondas too, where White starts).
        let old = "[Game \"Epaminondas\"]\n[Board \"small\"]\n[Result \"1-0\"]\n\
                   [Termination \"resignation\"]\n\n1. a1-a3 1-0\n";
        let record = Record::parse(old).expect("an old record reads");
        assert_eq!(record.result, GameResult::BlackWins);
        assert_eq!(record.result.winner(), Some(Color::Black));
        let old = "[Result \"0-1\"]\n[Termination \"time\"]\n1. b1-d3 0-1";
        assert_eq!(
            Record::parse(old).map(|r| r.result),
            Ok(GameResult::WhiteWins)
        );
        let old = "[Termination \"agreement\"]\n1. b1-d3 1/2-1/2";
        assert_eq!(Record::parse(old).map(|r| r.result), Ok(GameResult::Draw));
        let won = format!("{BLACK_WINS_AT_ONCE}[Result \"1-0\"]\n1. a1-b2 1-0");
        assert_eq!(
            Record::parse(&won).map(|r| r.result),
            Ok(GameResult::BlackWins)
        );
        // An old result and a new one saying the same thing agree.
        let mixed = format!("{BLACK_WINS_AT_ONCE}[Result \"1-0\"]\n1. a1-b2 black-wins");
        assert!(Record::parse(&mixed).is_ok());
    }
}
