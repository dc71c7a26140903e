//! Raw, unvalidated Epaminondas setups, the position text format, and the rule options.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::bitboard::{Bitboard, Geometry, SMALL, STANDARD, Square};
use crate::Color;

/// The board the game is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BoardSize {
    /// 14 files × 12 ranks, two full rows of 14 stones each (Abbott's board).
    #[default]
    Standard,
    /// 8 × 8, two full rows of 8 stones each, for short games.
    Small,
}

impl BoardSize {
    /// Every board size, in menu order.
    pub const ALL: [BoardSize; 2] = [BoardSize::Standard, BoardSize::Small];

    /// The name used on the command line and in the engine protocol.
    pub const fn name(self) -> &'static str {
        match self {
            BoardSize::Standard => "standard",
            BoardSize::Small => "small",
        }
    }

    /// Number of files (14 or 8).
    pub const fn files(self) -> u8 {
        self.geometry().files
    }

    /// Number of ranks (12 or 8).
    pub const fn ranks(self) -> u8 {
        self.geometry().ranks
    }

    /// Whether a square lies on this board.
    pub const fn contains(self, sq: Square) -> bool {
        self.geometry().board.contains(sq)
    }

    /// Every square of this board.
    pub const fn squares(self) -> Bitboard {
        self.geometry().board
    }

    /// The home row of `color`: rank 1 for White, the top rank for Black.
    pub const fn home_row(self, color: Color) -> Bitboard {
        self.geometry().home[color.index()]
    }

    pub(crate) const fn geometry(self) -> &'static Geometry {
        match self {
            BoardSize::Standard => &STANDARD,
            BoardSize::Small => &SMALL,
        }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown board size name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown Epaminondas board '{0}' (expected standard or small)")]
pub struct UnknownBoardSize(pub String);

impl FromStr for BoardSize {
    type Err = UnknownBoardSize;
    fn from_str(s: &str) -> Result<BoardSize, UnknownBoardSize> {
        let wanted = s.trim().to_ascii_lowercase();
        match wanted.as_str() {
            "standard" | "14x12" => Ok(BoardSize::Standard),
            "small" | "8x8" => Ok(BoardSize::Small),
            _ => Err(UnknownBoardSize(s.to_string())),
        }
    }
}

/// The rule options of an Epaminondas game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Whether a move onto the opponent's home row may not leave a colour-swapped symmetric
    /// position (on by default).
    pub anti_symmetry: bool,
    /// The board (standard 14×12 by default).
    pub board: BoardSize,
    /// Whether the third occurrence of a position is a draw (on by default).
    pub repetition_draw: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            anti_symmetry: true,
            board: BoardSize::Standard,
            repetition_draw: true,
        }
    }
}

/// A board as written down: which stones stand where and who moves. Not yet checked against the
/// rules; [`super::Position::from_setup`] does that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The board the stones stand on.
    pub board: BoardSize,
    /// Black stones.
    pub black: Bitboard,
    /// White stones.
    pub white: Bitboard,
    /// Side to move.
    pub side: Color,
}

impl Setup {
    /// The start: White on ranks 1 and 2, Black on the two top ranks, White to move.
    pub fn start(board: BoardSize) -> Setup {
        let geo = board.geometry();
        let second_row = |color: Color| {
            let home = geo.home[color.index()];
            home.squares()
                .filter_map(|sq| {
                    let rank = if color == Color::White {
                        1
                    } else {
                        geo.ranks - 2
                    };
                    Square::from_file_rank(sq.file(), rank)
                })
                .collect::<Bitboard>()
                | home
        };
        Setup {
            board,
            black: second_row(Color::Black),
            white: second_row(Color::White),
            side: Color::White,
        }
    }

    /// The stones of one colour.
    pub fn stones(&self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The stone on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        if self.black.contains(sq) {
            Some(Color::Black)
        } else if self.white.contains(sq) {
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
    /// Neither 12 ranks (standard board) nor 8 (small board).
    #[error(
        "position has {0} ranks; expected 12 (standard board) or 8 (small board) separated by '/'"
    )]
    RankCount(usize),
    /// A rank does not describe exactly the board's width.
    #[error("rank {rank} describes {squares} squares; expected {expected}")]
    RankLength {
        /// The rank (from 1).
        rank: usize,
        /// How many squares its text covers.
        squares: usize,
        /// How many it should cover.
        expected: usize,
    },
    /// A character that is not `b`, `w` or a digit.
    #[error("unexpected '{character}' in rank {rank} (use b, w and numbers of empty squares)")]
    BadCharacter {
        /// The rank (from 1).
        rank: usize,
        /// The character.
        character: char,
    },
    /// A count of empty squares that is zero or starts with `0`.
    #[error("bad number of empty squares '{count}' in rank {rank}")]
    BadCount {
        /// The rank (from 1).
        rank: usize,
        /// The digits as written.
        count: String,
    },
    /// The side to move is missing.
    #[error("the side to move is missing (add ' w' or ' b' after the board)")]
    MissingSide,
    /// The side to move is not `b` or `w`.
    #[error("side to move '{0}' is not w or b")]
    BadSide(String),
    /// Something follows the side to move.
    #[error("unexpected text after the side to move: '{0}'")]
    TrailingText(String),
}

impl FromStr for Setup {
    type Err = SetupParseError;

    /// Parses ranks from the top down, separated by `/`, each made of `w`, `b` and counts of
    /// empty squares (`14` is one count), then the side to move: `bbbbbbbbbbbbbb/…/14/… w`.
    /// Twelve ranks of 14 squares give the standard board, eight of 8 the small one.
    fn from_str(text: &str) -> Result<Setup, SetupParseError> {
        let mut fields = text.split_whitespace();
        let board_text = fields.next().ok_or(SetupParseError::Empty)?;
        let side_text = fields.next().ok_or(SetupParseError::MissingSide)?;
        if let Some(extra) = fields.next() {
            return Err(SetupParseError::TrailingText(extra.to_string()));
        }
        let mut side_chars = side_text.chars();
        let side = match (side_chars.next(), side_chars.next()) {
            (Some(c), None) => Color::from_letter(c),
            _ => None,
        }
        .ok_or_else(|| SetupParseError::BadSide(side_text.to_string()))?;
        let rows: Vec<&str> = board_text.split('/').collect();
        let board = match rows.len() {
            12 => BoardSize::Standard,
            8 => BoardSize::Small,
            n => return Err(SetupParseError::RankCount(n)),
        };
        let files = usize::from(board.files());
        let mut setup = Setup {
            board,
            black: Bitboard::EMPTY,
            white: Bitboard::EMPTY,
            side,
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = rows.len() - i;
            let mut file = 0usize;
            let mut chars = row.char_indices().peekable();
            while let Some((start, character)) = chars.next() {
                if character.is_ascii_digit() {
                    let mut end = start + 1;
                    while let Some(&(next, c)) = chars.peek() {
                        if !c.is_ascii_digit() {
                            break;
                        }
                        end = next + 1;
                        chars.next();
                    }
                    let digits = &row[start..end];
                    let count = match digits.parse::<usize>() {
                        Ok(n) if n > 0 && !digits.starts_with('0') && n <= files => n,
                        _ => {
                            return Err(SetupParseError::BadCount {
                                rank,
                                count: digits.to_string(),
                            });
                        }
                    };
                    file += count;
                } else if let Some(color) = Color::from_letter(character) {
                    if file < files {
                        let sq = Square::from_file_rank(file as u8, (rank - 1) as u8)
                            .expect("rank and file are on the board");
                        match color {
                            Color::Black => setup.black = setup.black.with(sq),
                            Color::White => setup.white = setup.white.with(sq),
                        }
                    }
                    file += 1;
                } else {
                    return Err(SetupParseError::BadCharacter { rank, character });
                }
            }
            if file != files {
                return Err(SetupParseError::RankLength {
                    rank,
                    squares: file,
                    expected: files,
                });
            }
        }
        Ok(setup)
    }
}

/// Writes the position text, top rank first, then the side to move.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (files, ranks) = (self.board.files(), self.board.ranks());
        for rank in (0..ranks).rev() {
            let mut empty = 0;
            for file in 0..files {
                let sq = Square::from_file_rank(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    Some(color) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", color.letter())?;
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
        write!(f, " {}", self.side.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "bbbbbbbbbbbbbb/bbbbbbbbbbbbbb/14/14/14/14/14/14/14/14/\
                         wwwwwwwwwwwwww/wwwwwwwwwwwwww w";

    #[test]
    fn start_text_round_trips() {
        let start = Setup::start(BoardSize::Standard);
        assert_eq!(start.to_string(), START);
        assert_eq!(START.parse::<Setup>(), Ok(start));
        assert_eq!(start.white.count(), 28);
        assert_eq!(start.black.count(), 28);
        let small = Setup::start(BoardSize::Small);
        assert_eq!(
            small.to_string(),
            "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"
        );
        assert_eq!(small.to_string().parse::<Setup>(), Ok(small));
    }

    #[test]
    fn two_digit_counts() {
        let text = "14/14/14/14/14/14/14/14/14/3b10/10w3/14 b";
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        assert_eq!(
            setup.piece_at(Square::parse("d3").unwrap()),
            Some(Color::Black)
        );
        assert_eq!(
            setup.piece_at(Square::parse("k2").unwrap()),
            Some(Color::White)
        );
        assert_eq!(setup.side, Color::Black);
    }

    #[test]
    fn bad_text_is_an_error() {
        let cases = [
            ("", SetupParseError::Empty),
            ("14/14", SetupParseError::MissingSide),
            (
                "8/8/8/8/8/8/8/8 w x",
                SetupParseError::TrailingText("x".into()),
            ),
            (
                "8/8/8/8/8/8/8/8 white",
                SetupParseError::BadSide("white".into()),
            ),
            ("8/8/8 w", SetupParseError::RankCount(3)),
            (
                "8/8/8/8/8/8/8/7 w",
                SetupParseError::RankLength {
                    rank: 1,
                    squares: 7,
                    expected: 8,
                },
            ),
            (
                "8/8/8/8/8/8/8/9 w",
                SetupParseError::BadCount {
                    rank: 1,
                    count: "9".into(),
                },
            ),
            (
                "8/8/8/8/8/8/8/08 w",
                SetupParseError::BadCount {
                    rank: 1,
                    count: "08".into(),
                },
            ),
            (
                "8/8/8/8/8/8/8/7x w",
                SetupParseError::BadCharacter {
                    rank: 1,
                    character: 'x',
                },
            ),
            (
                "8/8/8/8/8/8/8/wwwwwwwww w",
                SetupParseError::RankLength {
                    rank: 1,
                    squares: 9,
                    expected: 8,
                },
            ),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Setup>(), Err(error), "{text:?}");
        }
    }

    #[test]
    fn board_names() {
        assert_eq!("standard".parse(), Ok(BoardSize::Standard));
        assert_eq!(" Small ".parse(), Ok(BoardSize::Small));
        assert!("huge".parse::<BoardSize>().is_err());
        for board in BoardSize::ALL {
            assert_eq!(board.name().parse(), Ok(board));
        }
    }
}
