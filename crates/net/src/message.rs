//! The messages: what a player's client asks ([`ToServer`]) and what the table tells
//! ([`ToClient`]).

use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use serde::{Deserialize, Serialize};

use crate::notify::{MailState, NotifyAsk, NotifyRefusal};
use crate::values::{Code, MoveText, Name, Rating, Token};

/// What a client asks of the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ToServer {
    /// A new table of this game and clock, with the seats the server's engine plays; the
    /// answer is [`ToClient::Created`] with its code.
    Create {
        game: GameConfig,
        clock: Clock,
        #[serde(default)]
        computers: Vec<ComputerSeat>,
        /// The operator's key (the hosting game's own, see the server's `Hub::operated_by`):
        /// a table made with it is counted against no address's limits, and may give every
        /// seat to the server's engine (a tournament's pairing of two computer entries).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        operator: Option<Token>,
    },
    /// Sit at a table's seat (0 Black, 1 White, 2 and 3 the marked sets of LOA for four), or
    /// watch (no seat). The answer is [`ToClient::Seated`] then the table.
    Join {
        code: Code,
        seat: Option<Seat>,
        name: Name,
        /// A named player's rating, shown at the table.
        #[serde(default)]
        rating: Option<Rating>,
    },
    /// Back to the seat this token holds (after a reload, a sleeping phone, a lost connection).
    Rejoin { code: Code, token: Token },
    /// Watch as the table's big screen: the host's screen, with the token the table was made
    /// with ([`ToClient::Created`]'s `host`). Not counted among the spectators (every screen
    /// says the same number of people watching). The answer is as to a spectator's
    /// [`ToServer::Join`].
    Screen { code: Code, host: Token },
    /// A move for the token's seat, played at ply `ply` (the number of moves before it): a
    /// move sent twice, or after the table moved on, is refused as stale and changes nothing.
    Move {
        code: Code,
        token: Token,
        ply: u32,
        mv: MoveText,
    },
    /// The token's seat resigns.
    Resign { code: Code, token: Token },
    /// The token's seat offers a draw, asks to take its last move back, or a rematch.
    Offer {
        code: Code,
        token: Token,
        offer: Offer,
    },
    /// The token's seat accepts or declines the other side's offer.
    Answer {
        code: Code,
        token: Token,
        offer: Offer,
        accept: bool,
    },
    /// How the games of these seats stand (a player back after days away: the correspondence
    /// games waiting for them). At most [`MAX_GAMES_ASKED`] are answered.
    Games { seats: Vec<(Code, Token)> },
    /// The token's seat, at a correspondence table, asks to be told when it is its move (by
    /// mail, by Web Push) and before its clock runs out; a new ask replaces the last. The
    /// answer is [`ToClient::Notifying`].
    Notify {
        code: Code,
        token: Token,
        ask: NotifyAsk,
    },
    /// Are you there? (answered by [`ToClient::Pong`]).
    Ping,
}

impl ToServer {
    /// The one table this request is about (none for a new table, the games of several, a
    /// ping).
    pub fn table(&self) -> Option<&Code> {
        match self {
            ToServer::Join { code, .. }
            | ToServer::Rejoin { code, .. }
            | ToServer::Screen { code, .. }
            | ToServer::Move { code, .. }
            | ToServer::Resign { code, .. }
            | ToServer::Offer { code, .. }
            | ToServer::Answer { code, .. }
            | ToServer::Notify { code, .. } => Some(code),
            ToServer::Create { .. } | ToServer::Games { .. } | ToServer::Ping => None,
        }
    }

    /// Whether the request puts its connection at its table, to be told what happens there
    /// (a seat, or a place among the spectators or as the big screen).
    pub fn seats_the_connection(&self) -> bool {
        matches!(
            self,
            ToServer::Join { .. } | ToServer::Rejoin { .. } | ToServer::Screen { .. }
        )
    }
}

/// The most seats a [`ToServer::Games`] is answered for.
pub const MAX_GAMES_ASKED: usize = 200;

/// How one of a player's games stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameStanding {
    pub code: Code,
    pub seat: Seat,
    /// It is this seat's turn.
    pub to_move: bool,
    /// Moves played.
    pub ply: u32,
    pub clocks: Option<ClockView>,
    pub end: Option<Ended>,
}

/// A seat's number, 0 to 3 (checked when read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// The most seats a table has (LOA for four).
    pub const MAX: u8 = 4;

    pub fn new(n: u8) -> Option<Seat> {
        (n < Seat::MAX).then_some(Seat(n))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl TryFrom<u8> for Seat {
    type Error = crate::values::ValueError;
    fn try_from(n: u8) -> Result<Seat, Self::Error> {
        Seat::new(n).ok_or(crate::values::ValueError::Seat)
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

/// What one side may offer the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Offer {
    /// A draw (while the game goes on).
    Draw,
    /// The offering side's last move taken back (before the other side has answered it).
    TakeBack,
    /// Another game at a new table, the colours swapped (once the game is over).
    Rematch,
}

/// A seat the server's engine plays, at a level of the game's (1 Beginner … 14 Champion).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerSeat {
    pub seat: Seat,
    pub level: Level,
}

/// A table's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Clock {
    /// No clock.
    Untimed,
    /// A live game: each side's time, in seconds, and what a move adds.
    Live { seconds: u32, increment: u32 },
    /// By correspondence: days for each move.
    Correspondence { days: u8 },
}

/// What the table tells a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ToClient {
    /// The first message of a connection: who answers.
    Hello {
        server: String,
    },
    /// A table was made: its code, and the host's token (to set it up and to close it).
    Created {
        code: Code,
        host: Token,
    },
    /// The client sits at `seat` (none: it watches), and keeps `token` to come back to it.
    Seated {
        code: Code,
        seat: Option<Seat>,
        token: Token,
    },
    /// The whole table as it stands (after a join, a rejoin, or when a client is behind).
    Table(TableView),
    /// A seat played a move: the table's `ply`-th (from 0).
    Moved {
        code: Code,
        ply: u32,
        seat: Seat,
        mv: MoveText,
        /// The clocks just after the move (none: untimed).
        clocks: Option<ClockView>,
    },
    /// The game is over.
    Ended {
        code: Code,
        end: Ended,
    },
    /// A seat made an offer to the other side (which answers it).
    Offered {
        code: Code,
        seat: Seat,
        offer: Offer,
    },
    /// The other side answered an offer (a draw accepted also ends the game: `ended`).
    Answered {
        code: Code,
        seat: Seat,
        offer: Offer,
        accept: bool,
    },
    /// A move was taken back: the table's moves end at `ply` moves.
    TakenBack {
        code: Code,
        ply: u32,
        clocks: Option<ClockView>,
    },
    /// The rematch this client is in: the new table's code, its seat there and the token for
    /// it (followed by that table).
    Rematch {
        code: Code,
        seat: Seat,
        token: Token,
    },
    /// To a spectator: the players went on to a rematch at the table `code` (watch it there).
    Onward {
        code: Code,
    },
    /// The table's host put it away: it is played no more (its record still downloads once
    /// its game is over, as any table's).
    PutAway {
        code: Code,
    },
    /// Someone sat down, left or came back: the seats as they are.
    Seats {
        code: Code,
        seats: Vec<SeatView>,
        spectators: u32,
    },
    /// How the asked seats' games stand (a seat whose table the server no longer holds, or
    /// whose token is wrong, is left out).
    Games {
        games: Vec<GameStanding>,
    },
    /// How the seat's notices stand after its [`ToServer::Notify`]: the address's state (none:
    /// no mail), and whether its pushes are sent.
    Notifying {
        code: Code,
        email: Option<MailState>,
        push: bool,
    },
    /// The request was refused and changed nothing.
    Refused {
        refusal: Refusal,
    },
    /// The connection broke the protocol and is closed after this.
    Fault {
        fault: Fault,
    },
    Pong,
}

/// A table as a client draws it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableView {
    pub code: Code,
    pub game: GameConfig,
    /// The position the game started from, as the game writes positions.
    pub start: String,
    /// The moves played, oldest first.
    pub moves: Vec<MoveText>,
    pub clock: Clock,
    /// The clocks as they stood when this was sent (none: untimed).
    pub clocks: Option<ClockView>,
    pub seats: Vec<SeatView>,
    pub spectators: u32,
    pub end: Option<Ended>,
}

/// The clocks as the server runs them: each side's time left (Black's, White's), in
/// milliseconds, when the message was sent; the side to move's counts down while `running`.
/// By correspondence, the time left to make the current move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockView {
    pub left_ms: [i64; 2],
    pub running: bool,
}

/// A seat: who sits there (a person, or the server's engine), and whether their client is
/// connected now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatView {
    pub name: Option<Name>,
    pub rating: Option<Rating>,
    pub connected: bool,
    /// The server's engine plays this seat, at this level.
    pub computer: Option<Level>,
}

/// How a game at a table ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ended {
    /// The winning side (0 Black, 1 White), none for a draw.
    pub winner: Option<u8>,
    pub reason: EndReason,
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// The rules ended it on the board (a connection, a crossing, a repetition...): the moves
    /// tell which.
    OnTheBoard,
    Resigned,
    OutOfTime,
    /// Both sides agreed to a draw.
    Agreed,
}

/// Why a request was refused (nothing changed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Refusal {
    /// No table has this code (or it expired).
    UnknownTable,
    /// The table has no such seat (a fourth seat in a two-player game).
    NoSuchSeat,
    /// Someone sits there already.
    SeatTaken,
    /// The token holds no seat at this table.
    BadToken,
    /// It is another seat's turn.
    NotYourTurn,
    /// The move was for another ply than the table's (sent twice, or the table moved on).
    Stale { ply: u32 },
    /// The rules do not allow this move here; the client's rules say why, as its board does.
    Illegal { mv: MoveText },
    /// The game is over.
    GameOver,
    /// The offer cannot be made now (a draw after the end, a rematch before it, a take-back
    /// with no move of the side's own to take back, or made already).
    CannotOffer,
    /// There is no such offer from the other side to answer.
    NoOffer,
    /// The server holds as many tables (or a table as many spectators) as it may.
    Full,
    /// The address the request comes from has reached one of its limits (nothing one address
    /// does may take the server from the others).
    Limit { limit: Limit },
    /// The server could not keep the change (its database failed): nothing changed; try again.
    Unavailable,
    /// A seat's wish to be told of its moves cannot be taken.
    Notify { notify: NotifyRefusal },
}

/// Which of an address's limits a request reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// Tables made in the last hour.
    TablesPerHour,
    /// Tables made and not finished.
    TablesHeld,
    /// Seats taken at games not finished.
    SeatsHeld,
    /// Seats of the server's engine at games not finished.
    EngineSeats,
    /// A table whose every seat is the server's engine: only the operator makes one.
    EngineOnly,
}

/// A break of the protocol: the connection is closed after it is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "fault", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Fault {
    #[error("the message is larger than the protocol allows")]
    TooLarge,
    #[error("the message is not one of the protocol's")]
    Garbage,
    #[error("the message is of another version of the protocol (this side speaks {supported})")]
    UnknownVersion { supported: u32 },
    #[error("too many messages too fast")]
    Flood,
}
