//! Raw, unvalidated board setups, the position text format, and the rule options.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use thiserror::Error;

use super::bitboard::Square;
use crate::Color;
use crate::game::{DrawReason, Outcome, WinReason};

/// Which start position and move rules are used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Black on ranks 1 and 8, White on files a and h.
    #[default]
    Standard,
    /// Scrambled Eggs (Claude Soucie): colours alternate around the edge, corners empty.
    ScrambledEggs,
    /// Parachute (David Voorhees): half the Scrambled Eggs setup on the board; each player's
    /// first six turns end by placing one of the opponent's pieces he holds.
    Parachute,
    /// LOA for four: two teams, each colour split into a plain and a marked set of six; seats
    /// move in turn Black-plain, White-plain, Black-marked, White-marked.
    FourPlayers,
    /// Ambidextrous LOA: the sets of LOA for four, two players each alternating plain and marked.
    Ambidextrous,
    /// Boundless LOA: pieces may leave the 8×8 area; played by [`crate::boundless::Position`].
    Boundless,
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 6] = [
        Variant::Standard,
        Variant::ScrambledEggs,
        Variant::Parachute,
        Variant::FourPlayers,
        Variant::Ambidextrous,
        Variant::Boundless,
    ];

    /// The name used on the command line and in the engine protocol.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::ScrambledEggs => "scrambled-eggs",
            Variant::Parachute => "parachute",
            Variant::FourPlayers => "four-players",
            Variant::Ambidextrous => "ambidextrous",
            Variant::Boundless => "boundless",
        }
    }

    /// The name for people: `Scrambled Eggs`, `LOA for four`.
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::ScrambledEggs => "Scrambled Eggs",
            Variant::Parachute => "Parachute",
            Variant::FourPlayers => "LOA for four",
            Variant::Ambidextrous => "Ambidextrous",
            Variant::Boundless => "Boundless",
        }
    }

    /// Whether pieces come in a plain and a marked set, moved in turn.
    pub const fn has_marked_sets(self) -> bool {
        matches!(self, Variant::FourPlayers | Variant::Ambidextrous)
    }

    /// How many seats take turns: four in LOA for four, two otherwise.
    pub const fn seats(self) -> usize {
        if matches!(self, Variant::FourPlayers) {
            4
        } else {
            2
        }
    }

    /// The start position's pieces as (black, white) bitboards.
    pub fn start_pieces(self) -> (u64, u64) {
        match self {
            Variant::Standard
            | Variant::FourPlayers
            | Variant::Ambidextrous
            | Variant::Boundless => BoardSize::Eight.standard_start(),
            Variant::ScrambledEggs => (
                squares("b1 d1 f1 c8 e8 g8 a3 a5 a7 h2 h4 h6"),
                squares("c1 e1 g1 b8 d8 f8 a2 a4 a6 h3 h5 h7"),
            ),
            Variant::Parachute => (squares("a3 a5 a7 h2 h4 h6"), squares("a2 a4 a6 h3 h5 h7")),
        }
    }

    /// The marked pieces of the start position (LOA for four and Ambidextrous; our documented
    /// convention: the sets alternate along each edge).
    pub fn start_marked(self) -> u64 {
        if self.has_marked_sets() {
            squares("c1 e1 g1 b8 d8 f8 a3 a5 a7 h2 h4 h6")
        } else {
            0
        }
    }

    /// How many enemy pieces each side holds at the start, indexed by holder: six each in
    /// Parachute.
    pub const fn start_held(self) -> [u8; 2] {
        match self {
            Variant::Parachute => [PARACHUTE_RESERVE, PARACHUTE_RESERVE],
            _ => [0, 0],
        }
    }
}

/// The board a Lines of Action game is played on: the standard 8×8, or the 7×7 and 6×6 boards
/// for a first evening. A smaller board lies in the 8×8 bitboard's corner (`a1` is bit 0 on
/// every board), so its squares keep their names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BoardSize {
    /// 8 × 8, twelve pieces a side.
    #[default]
    Eight,
    /// 7 × 7, ten pieces a side.
    Seven,
    /// 6 × 6, eight pieces a side (the board of Winands' solved game).
    Six,
}

impl BoardSize {
    /// Every board, in menu order.
    pub const ALL: [BoardSize; 3] = [BoardSize::Eight, BoardSize::Seven, BoardSize::Six];

    /// Squares along a side: 8, 7 or 6.
    pub const fn side(self) -> u8 {
        match self {
            BoardSize::Eight => 8,
            BoardSize::Seven => 7,
            BoardSize::Six => 6,
        }
    }

    /// The name used on the command line, in the engine protocol and in records: `8x8`.
    pub const fn name(self) -> &'static str {
        match self {
            BoardSize::Eight => "8x8",
            BoardSize::Seven => "7x7",
            BoardSize::Six => "6x6",
        }
    }

    /// Every square of this board, as a bitboard.
    pub const fn squares(self) -> u64 {
        match self {
            BoardSize::Eight => u64::MAX,
            BoardSize::Seven => 0x007f_7f7f_7f7f_7f7f,
            BoardSize::Six => 0x0000_3f3f_3f3f_3f3f,
        }
    }

    /// Whether `sq` lies on this board.
    pub const fn contains(self, sq: Square) -> bool {
        self.squares() & sq.bit() != 0
    }

    /// The board with `side` squares along a side.
    pub fn from_side(side: usize) -> Option<BoardSize> {
        BoardSize::ALL
            .into_iter()
            .find(|b| usize::from(b.side()) == side)
    }

    /// The start pieces of the standard setup as (black, white): Black on the first and last
    /// ranks, White on the a-file and the last file, corners empty.
    pub fn standard_start(self) -> (u64, u64) {
        match self {
            BoardSize::Eight => (
                squares("b1 c1 d1 e1 f1 g1 b8 c8 d8 e8 f8 g8"),
                squares("a2 a3 a4 a5 a6 a7 h2 h3 h4 h5 h6 h7"),
            ),
            BoardSize::Seven => (
                squares("b1 c1 d1 e1 f1 b7 c7 d7 e7 f7"),
                squares("a2 a3 a4 a5 a6 g2 g3 g4 g5 g6"),
            ),
            BoardSize::Six => (
                squares("b1 c1 d1 e1 b6 c6 d6 e6"),
                squares("a2 a3 a4 a5 f2 f3 f4 f5"),
            ),
        }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown Lines of Action board name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown Lines of Action board '{0}' (expected 8x8, 7x7 or 6x6)")]
pub struct UnknownBoardSize(pub String);

impl FromStr for BoardSize {
    type Err = UnknownBoardSize;
    fn from_str(s: &str) -> Result<BoardSize, UnknownBoardSize> {
        let wanted = s.trim().to_ascii_lowercase().replace('×', "x");
        let side = match wanted.as_str() {
            "standard" | "8" => "8x8",
            "7" => "7x7",
            "6" => "6x6",
            other => other,
        };
        BoardSize::ALL
            .into_iter()
            .find(|b| b.name() == side)
            .ok_or_else(|| UnknownBoardSize(s.to_string()))
    }
}

/// How many of the opponent's pieces each Parachute player holds at the start.
pub const PARACHUTE_RESERVE: u8 = 6;

/// The bitboard of built-in square names.
fn squares(names: &str) -> u64 {
    names
        .split_whitespace()
        .filter_map(|n| Square::parse(n).ok())
        .map(Square::bit)
        .sum()
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "unknown Lines of Action variant '{0}' (expected standard, scrambled-eggs, parachute, \
     four-players, ambidextrous or boundless)"
)]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let alias = match wanted.as_str() {
            "scrambled" => Some(Variant::ScrambledEggs),
            "four" | "loa-for-four" | "four-player" | "4" => Some(Variant::FourPlayers),
            _ => None,
        };
        alias
            .or_else(|| Variant::ALL.into_iter().find(|v| v.name() == wanted))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// Which of a colour's two sets moves (LOA for four and Ambidextrous); always
/// [`PieceSet::Plain`] in the other variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PieceSet {
    /// The plain pieces (every piece in variants without marks).
    #[default]
    Plain,
    /// The marked pieces.
    Marked,
}

impl Not for PieceSet {
    type Output = PieceSet;
    fn not(self) -> PieceSet {
        match self {
            PieceSet::Plain => PieceSet::Marked,
            PieceSet::Marked => PieceSet::Plain,
        }
    }
}

impl fmt::Display for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PieceSet::Plain => "plain",
            PieceSet::Marked => "marked",
        })
    }
}

/// What happens when one move connects both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SimultaneousConnection {
    /// A draw (tournament rule; the default).
    #[default]
    Draw,
    /// The player who moved wins (A Gamut of Games, 2nd edition).
    MoverWins,
}

impl SimultaneousConnection {
    /// The end after `mover` moved, from which sides are now connected (and may win): only the
    /// mover → he wins; only the opponent (the mover captured its last straggler, or placed its
    /// piece) → the opponent wins; both → this rule decides.
    pub fn judge(
        self,
        mover: Color,
        mover_connected: bool,
        opponent_connected: bool,
    ) -> Option<Outcome> {
        match (mover_connected, opponent_connected) {
            (true, true) => Some(match self {
                SimultaneousConnection::Draw => Outcome::Draw {
                    reason: DrawReason::BothConnected,
                },
                SimultaneousConnection::MoverWins => Outcome::Win {
                    winner: mover,
                    reason: WinReason::BothConnectedMoverWins,
                },
            }),
            (true, false) => Some(Outcome::Win {
                winner: mover,
                reason: WinReason::Connected,
            }),
            (false, true) => Some(Outcome::Win {
                winner: !mover,
                reason: WinReason::ConnectedByOpponent,
            }),
            (false, false) => None,
        }
    }
}

/// The rule options of a Lines of Action game. Read from serde only when the board fits the
/// variant ([`Rules::board_fits_variant`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "LoaRulesFields"))]
pub struct Rules {
    /// Start position.
    pub variant: Variant,
    /// Who moves first from the start position (Black by default).
    pub first_player: Color,
    /// One move connecting both sides: draw or mover wins.
    pub simultaneous: SimultaneousConnection,
    /// Whether the third occurrence of a position is a draw (on by default).
    pub repetition_draw: bool,
    /// The board: 8×8, or 7×7 and 6×6 (standard variant only).
    #[cfg_attr(feature = "serde", serde(default))]
    pub board: BoardSize,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            variant: Variant::Standard,
            first_player: Color::Black,
            simultaneous: SimultaneousConnection::Draw,
            repetition_draw: true,
            board: BoardSize::Eight,
        }
    }
}

impl Rules {
    /// Whether the variant can be played on the board: the small boards have the standard
    /// setup only.
    pub const fn board_fits_variant(&self) -> bool {
        matches!(self.board, BoardSize::Eight) || matches!(self.variant, Variant::Standard)
    }
}

/// Lines of Action's rule options as they come in, before the check that the board fits the
/// variant (a small board has the standard setup only).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
pub(crate) struct LoaRulesFields {
    variant: Variant,
    first_player: Color,
    simultaneous: SimultaneousConnection,
    repetition_draw: bool,
    #[serde(default)]
    board: BoardSize,
}

#[cfg(feature = "serde")]
impl TryFrom<LoaRulesFields> for Rules {
    type Error = String;
    fn try_from(f: LoaRulesFields) -> Result<Rules, String> {
        let rules = Rules {
            variant: f.variant,
            first_player: f.first_player,
            simultaneous: f.simultaneous,
            repetition_draw: f.repetition_draw,
            board: f.board,
        };
        if rules.board_fits_variant() {
            Ok(rules)
        } else {
            Err(format!(
                "the {} board is played with the standard setup only, not {}",
                rules.board, rules.variant
            ))
        }
    }
}

/// A board as written down: which pieces stand where, which are marked, who moves and what each
/// side holds in reserve. Not yet checked against the rules; [`super::Position::from_setup`] does
/// that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Black pieces.
    pub black: u64,
    /// White pieces.
    pub white: u64,
    /// The marked pieces of both colours (LOA for four, Ambidextrous).
    pub marked: u64,
    /// Side to move.
    pub side: Color,
    /// Which of its sets the side to move moves (LOA for four, Ambidextrous).
    pub set: PieceSet,
    /// Parachute: how many enemy pieces each side holds, indexed by holder (Black, White).
    pub held: [u8; 2],
    /// The board the pieces stand on (its size is the number of ranks in the position text).
    pub board: BoardSize,
}

impl Setup {
    /// The start position of the rules: their variant on their board, their first player to
    /// move. A small board has the standard setup whatever the variant.
    pub fn for_rules(rules: &Rules) -> Setup {
        if rules.board == BoardSize::Eight {
            return Setup::start(rules.variant, rules.first_player);
        }
        let (black, white) = rules.board.standard_start();
        Setup {
            board: rules.board,
            ..Setup::plain(black, white, rules.first_player)
        }
    }

    /// The start of a variant with the given first player.
    pub fn start(variant: Variant, first_player: Color) -> Setup {
        let (black, white) = variant.start_pieces();
        Setup {
            black,
            white,
            marked: variant.start_marked(),
            side: first_player,
            set: PieceSet::Plain,
            held: variant.start_held(),
            board: BoardSize::Eight,
        }
    }

    /// Just pieces and the side to move: no marks, nothing held.
    pub fn plain(black: u64, white: u64, side: Color) -> Setup {
        Setup {
            black,
            white,
            marked: 0,
            side,
            set: PieceSet::Plain,
            held: [0, 0],
            board: BoardSize::Eight,
        }
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        if self.black & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

/// Position text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupParseError {
    /// Nothing given.
    #[error("empty position text")]
    Empty,
    /// Not 8, 7 or 6 ranks.
    #[error("position has {0} ranks; expected 8 (or 7 or 6 on a small board) separated by '/'")]
    RankCount(usize),
    /// A rank does not describe as many squares as there are ranks.
    #[error("rank {rank} describes {squares} squares; expected {expected}")]
    RankLength {
        /// The rank (1..8).
        rank: usize,
        /// How many squares its text covers.
        squares: usize,
        /// How many it should (the board's side).
        expected: usize,
    },
    /// A character that is not `b`, `w` (`B`, `W` marked) or a digit 1–8.
    #[error("unexpected '{character}' in rank {rank} (use b, w, B, W and digits 1-8)")]
    BadCharacter {
        /// The rank (1..8).
        rank: usize,
        /// The character.
        character: char,
    },
    /// The side to move is missing.
    #[error("the side to move is missing (add ' b' or ' w' after the board)")]
    MissingSide,
    /// The side to move is not `b`, `w`, `B` or `W`.
    #[error("side to move '{0}' is not b or w (B or W: the marked set moves)")]
    BadSide(String),
    /// The reserves field is not `N/M`.
    #[error("reserves '{0}' are not two numbers 0-12 like 6/5 (pieces held by Black / by White)")]
    BadReserves(String),
    /// Something follows the side to move and reserves.
    #[error("unexpected text after the side to move: '{0}'")]
    TrailingText(String),
}

impl FromStr for Setup {
    type Err = SetupParseError;

    /// Parses `1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b`: ranks 8 to 1 (`b`/`w` pieces,
    /// `B`/`W` marked pieces, digits for empty squares), the side to move (`B`/`W` when its
    /// marked set moves), and in Parachute the pieces held by Black and by White (`6/6`).
    fn from_str(text: &str) -> Result<Setup, SetupParseError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(SetupParseError::Empty)?;
        let side_text = fields.next().ok_or(SetupParseError::MissingSide)?;
        let held_text = fields.next();
        if let Some(extra) = fields.next() {
            return Err(SetupParseError::TrailingText(extra.to_string()));
        }
        let (side, set) = match side_text {
            "b" => (Color::Black, PieceSet::Plain),
            "w" => (Color::White, PieceSet::Plain),
            "B" => (Color::Black, PieceSet::Marked),
            "W" => (Color::White, PieceSet::Marked),
            _ => return Err(SetupParseError::BadSide(side_text.to_string())),
        };
        let held = match held_text {
            None => [0, 0],
            Some(t) => parse_held(t).ok_or_else(|| SetupParseError::BadReserves(t.to_string()))?,
        };
        let rows: Vec<&str> = board.split('/').collect();
        let size =
            BoardSize::from_side(rows.len()).ok_or(SetupParseError::RankCount(rows.len()))?;
        let n = rows.len();
        let mut setup = Setup {
            side,
            set,
            held,
            board: size,
            ..Setup::plain(0, 0, side)
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = n - i;
            let mut file = 0usize;
            for character in row.chars() {
                if let Some(d) = character.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else if let Some(color) = Color::from_letter(character) {
                    if file < n {
                        let bit = 1u64 << ((rank - 1) * 8 + file);
                        match color {
                            Color::Black => setup.black |= bit,
                            Color::White => setup.white |= bit,
                        }
                        if character.is_ascii_uppercase() {
                            setup.marked |= bit;
                        }
                    }
                    file += 1;
                } else {
                    return Err(SetupParseError::BadCharacter { rank, character });
                }
            }
            if file != n {
                return Err(SetupParseError::RankLength {
                    rank,
                    squares: file,
                    expected: n,
                });
            }
        }
        Ok(setup)
    }
}

/// Reads `N/M` with both numbers 0–12.
fn parse_held(text: &str) -> Option<[u8; 2]> {
    let (black, white) = text.split_once('/')?;
    let read = |t: &str| t.parse::<u8>().ok().filter(|&n| n <= 12);
    Some([read(black)?, read(white)?])
}

/// Writes the position text, ranks 8 to 1, then the side to move (upper case when its marked
/// set moves), then the reserves if anyone holds pieces.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.board.side();
        for rank in (0..n).rev() {
            let mut empty = 0;
            for file in 0..n {
                let sq = Square::from_file_rank(file, rank).expect("on board");
                match self.piece_at(sq) {
                    Some(color) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let letter = color.letter();
                        if self.marked & sq.bit() != 0 {
                            write!(f, "{}", letter.to_ascii_uppercase())?;
                        } else {
                            write!(f, "{letter}")?;
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = self.side.letter();
        match self.set {
            PieceSet::Plain => write!(f, " {side}")?,
            PieceSet::Marked => write!(f, " {}", side.to_ascii_uppercase())?,
        }
        if self.held != [0, 0] {
            write!(f, " {}/{}", self.held[0], self.held[1])?;
        }
        Ok(())
    }
}
