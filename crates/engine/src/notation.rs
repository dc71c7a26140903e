//! Square and move notation shared by every game: `d3`, `b1-d3`, `b1xd3`, `b1:d3`, `b1d3`,
//! `pass`. Files are letters from `a`, ranks numbers from `1` (two digits on big boards).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The eight directions as (file step, rank step): N, NE, E, SE, S, SW, W, NW. Both games
/// index their direction tables in this order.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A square as file and rank, both counted from 0 (`a1` is `{0, 0}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 0 for file `a`.
    pub file: u8,
    /// 0 for rank `1`.
    pub rank: u8,
}

impl Coord {
    /// The square at `file`, `rank` (both from 0).
    pub const fn new(file: u8, rank: u8) -> Coord {
        Coord { file, rank }
    }

    /// Parses `d3` or `n12` on a board of `files` × `ranks`.
    pub fn parse(text: &str, files: u8, ranks: u8) -> Result<Coord, SquareParseError> {
        let bad = || SquareParseError::Malformed(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let file = letter as u32 - 'a' as u32;
        let rank: u32 = digits.parse().map_err(|_| bad())?;
        if file >= u32::from(files)
            || rank == 0
            || rank > u32::from(ranks)
            || digits.starts_with('0')
        {
            return Err(SquareParseError::OffBoard {
                square: text.to_string(),
                files,
                ranks,
            });
        }
        Ok(Coord::new(file as u8, (rank - 1) as u8))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file) as char,
            u32::from(self.rank) + 1
        )
    }
}

/// A square that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquareParseError {
    /// Not a letter followed by a number.
    #[error("'{0}' is not a square (expected a letter and a number, like d3)")]
    Malformed(String),
    /// A square, but not on this board.
    #[error("{square} is off the board (files a-{}, ranks 1-{ranks})", (b'a' + files - 1) as char)]
    OffBoard {
        /// The text given.
        square: String,
        /// Files on the board.
        files: u8,
        /// Ranks on the board.
        ranks: u8,
    },
}

/// How a move's two squares were separated in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Separator {
    /// Engine form `b1d3`.
    None,
    /// `b1-d3`: an ordinary move.
    Dash,
    /// `b1xd3` or `b1:d3`: a capture.
    Capture,
}

/// A move as written, before a position says whether it is legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    /// From one square to another (in Epaminondas: the tail and where the head lands).
    Step {
        /// Where the move starts.
        from: Coord,
        /// Where it lands.
        to: Coord,
        /// How the squares were separated.
        separator: Separator,
    },
    /// `pass`.
    Pass,
}

/// A move that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveParseError {
    /// Nothing was given.
    #[error("no move given")]
    Empty,
    /// The text does not have the shape of a move.
    #[error("'{0}' is not a move (write it like b1-d3, b1xd3, b1d3 or pass)")]
    Malformed(String),
    /// One of the squares is wrong.
    #[error("in move '{text}': {source}")]
    Square {
        /// The whole move text.
        text: String,
        /// What is wrong with the square.
        source: SquareParseError,
    },
}

impl MoveText {
    /// Parses `b1-d3`, `b1xd3`, `b1:d3`, `b1d3` or `pass` on a board of `files` × `ranks`.
    pub fn parse(text: &str, files: u8, ranks: u8) -> Result<MoveText, MoveParseError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(MoveParseError::Empty);
        }
        if trimmed.eq_ignore_ascii_case("pass") {
            return Ok(MoveText::Pass);
        }
        let malformed = || MoveParseError::Malformed(trimmed.to_string());
        if !trimmed.is_ascii() {
            return Err(malformed());
        }
        // The first square is a letter and its digits; the separator (if any) follows.
        let bytes = trimmed.as_bytes();
        let mut split = 1;
        while split < bytes.len() && bytes[split].is_ascii_digit() {
            split += 1;
        }
        if split == 1 || split >= bytes.len() {
            return Err(malformed());
        }
        let (separator, rest) = match bytes[split] {
            b'-' => (Separator::Dash, &trimmed[split + 1..]),
            b'x' | b'X' | b':' => (Separator::Capture, &trimmed[split + 1..]),
            _ => (Separator::None, &trimmed[split..]),
        };
        let square = |s: &str| {
            Coord::parse(s, files, ranks).map_err(|source| MoveParseError::Square {
                text: trimmed.to_string(),
                source,
            })
        };
        let from = square(&trimmed[..split])?;
        if rest.is_empty() {
            return Err(malformed());
        }
        let to = square(rest)?;
        Ok(MoveText::Step {
            from,
            to,
            separator,
        })
    }
}

impl FromStr for Coord {
    type Err = SquareParseError;
    /// Parses a square on the largest board (26 × 99); games check their own bounds.
    fn from_str(s: &str) -> Result<Coord, SquareParseError> {
        Coord::parse(s, 26, 99)
    }
}

/// A command-line parsing error as one line: clap's message without its usage block, white
/// space folded, and a pointer to `--help` (the command lines' errors are one line, exit 2).
pub fn one_line_usage_error(message: &str, program: &str) -> String {
    let message = message.split("\n\nUsage:").next().unwrap_or(message);
    let folded = message.split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{folded} (see {program} --help)")
}

/// Parses a command line with clap: `--help`/`--version` print and exit 0; any error is one
/// line on stderr and exit code 2 (returned as `Err`, for `main` to return).
pub fn parse_args<C: clap::Parser>(program: &str) -> Result<C, std::process::ExitCode> {
    C::try_parse().map_err(|e| {
        if e.use_stderr() {
            eprintln!("{}", one_line_usage_error(&e.to_string(), program));
            std::process::ExitCode::from(2)
        } else {
            let _ = e.print();
            std::process::ExitCode::SUCCESS
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for text in ["a1", "h8", "d3", "n12"] {
            assert_eq!(Coord::parse(text, 14, 12).unwrap().to_string(), text);
        }
        assert_eq!(Coord::parse("D3", 8, 8).unwrap(), Coord::new(3, 2));
    }

    #[test]
    fn bad_squares_are_errors() {
        for text in ["", "3", "dd", "d", "d0", "d03", "i1", "a9", "é4", "a-1"] {
            assert!(Coord::parse(text, 8, 8).is_err(), "{text} should not parse");
        }
        assert!(matches!(
            Coord::parse("n13", 14, 12),
            Err(SquareParseError::OffBoard { .. })
        ));
    }

    #[test]
    fn move_forms() {
        let step = |from, to, separator| MoveText::Step {
            from: Coord::parse(from, 14, 12).unwrap(),
            to: Coord::parse(to, 14, 12).unwrap(),
            separator,
        };
        assert_eq!(
            MoveText::parse("b1-d3", 8, 8),
            Ok(step("b1", "d3", Separator::Dash))
        );
        assert_eq!(
            MoveText::parse("b1xd3", 8, 8),
            Ok(step("b1", "d3", Separator::Capture))
        );
        assert_eq!(
            MoveText::parse("b1:d3", 8, 8),
            Ok(step("b1", "d3", Separator::Capture))
        );
        assert_eq!(
            MoveText::parse(" b1d3 ", 8, 8),
            Ok(step("b1", "d3", Separator::None))
        );
        assert_eq!(
            MoveText::parse("a12b11", 14, 12),
            Ok(step("a12", "b11", Separator::None))
        );
        assert_eq!(MoveText::parse("PASS", 8, 8), Ok(MoveText::Pass));
    }

    #[test]
    fn bad_moves_are_errors() {
        assert_eq!(MoveText::parse("  ", 8, 8), Err(MoveParseError::Empty));
        for text in [
            "b1", "b1-", "b1--d3", "b1-d9", "z1-d3", "b1d3d4", "hello", "1b-3d", "b1—d3",
        ] {
            assert!(
                MoveText::parse(text, 8, 8).is_err(),
                "{text} should not parse"
            );
        }
    }
}
