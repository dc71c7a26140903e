//! Raw, unvalidated Boundless setups and their text: `b:b1,c1,d1 w:a2,a3 b`, or the standard
//! 8×8 board text `1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::point::{Point, PointParseError};
use crate::Color;

/// Pieces and side to move as written down; not yet checked against the rules
/// ([`super::Position::from_setup`] does that). The order of the lists does not matter.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Black pieces.
    pub black: Vec<Point>,
    /// White pieces.
    pub white: Vec<Point>,
    /// Side to move.
    pub side: Color,
}

impl Setup {
    /// The standard Lines of Action start (Black b1–g1 and b8–g8, White a2–a7 and h2–h7) with
    /// the given side to move.
    pub fn start(first_player: Color) -> Setup {
        Setup {
            black: (1..7)
                .flat_map(|f| [Point::new(f, 0), Point::new(f, 7)])
                .collect(),
            white: (1..7)
                .flat_map(|r| [Point::new(0, r), Point::new(7, r)])
                .collect(),
            side: first_player,
        }
    }

    /// One colour's pieces.
    pub fn pieces(&self, color: Color) -> &[Point] {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The colour of the piece on a point (Black if the setup puts both there).
    pub fn piece_at(&self, p: Point) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.pieces(c).contains(&p))
    }

    /// Parses the standard 8×8 board text, `1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b`:
    /// ranks 8 to 1 with `b`, `w` and digits 1–8 for empty squares, then the side to move.
    pub fn from_board_text(text: &str) -> Result<Setup, SetupParseError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side_text] = fields[..] else {
            return Err(SetupParseError::BoardFieldCount(fields.len()));
        };
        let side = parse_side(side_text)?;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 8 {
            return Err(SetupParseError::RankCount(rows.len()));
        }
        let mut setup = Setup {
            black: Vec::new(),
            white: Vec::new(),
            side,
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = 8 - i;
            let mut file = 0usize;
            for character in row.chars() {
                if let Some(d) = character.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else if let Some(color) = Some(character)
                    .filter(char::is_ascii_lowercase)
                    .and_then(Color::from_letter)
                {
                    if file < 8 {
                        let p = Point::new(file as i32, rank as i32 - 1);
                        match color {
                            Color::Black => setup.black.push(p),
                            Color::White => setup.white.push(p),
                        }
                    }
                    file += 1;
                } else {
                    return Err(SetupParseError::BadCharacter { rank, character });
                }
            }
            if file != 8 {
                return Err(SetupParseError::RankLength {
                    rank,
                    squares: file,
                });
            }
        }
        Ok(setup)
    }
}

/// Reads the side to move, `b` or `w`.
fn parse_side(text: &str) -> Result<Color, SetupParseError> {
    match text {
        "b" => Ok(Color::Black),
        "w" => Ok(Color::White),
        _ => Err(SetupParseError::BadSide(text.to_string())),
    }
}

/// Position text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupParseError {
    /// Nothing given.
    #[error("empty position text")]
    Empty,
    /// Not three fields.
    #[error(
        "position text has {0} fields; expected three: the black points, the white points and \
         the side to move (like b:b1,c1 w:a2,(0,1) b)"
    )]
    FieldCount(usize),
    /// A field where a point list belongs does not start with `b:` or `w:`.
    #[error("'{0}' is not a point list (write b:b1,c1 for Black and w:a2,(0,1) for White)")]
    NotAList(String),
    /// Two point lists for the same colour.
    #[error("two point lists for {0}")]
    RepeatedList(Color),
    /// An entry of a point list is empty (two commas in a row, or a comma at an end).
    #[error("an empty entry in {0}'s point list (a stray comma?)")]
    EmptyEntry(Color),
    /// An entry of a point list is not a point.
    #[error("in {color}'s point list: {source}")]
    BadPoint {
        /// Whose list.
        color: Color,
        /// What is wrong.
        source: PointParseError,
    },
    /// The side to move is not `b` or `w`.
    #[error("side to move '{0}' is not b or w")]
    BadSide(String),
    /// The 8×8 board form has not two fields.
    #[error(
        "8x8 board text has {0} fields; expected the board and the side to move (like \
         1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b)"
    )]
    BoardFieldCount(usize),
    /// The 8×8 board form has not eight ranks.
    #[error("the board has {0} ranks; expected 8 separated by '/'")]
    RankCount(usize),
    /// A rank of the 8×8 board form does not describe exactly eight squares.
    #[error("rank {rank} describes {squares} squares; expected 8")]
    RankLength {
        /// The rank (1..8).
        rank: usize,
        /// How many squares its text covers.
        squares: usize,
    },
    /// A character in the 8×8 board form that is not `b`, `w` or a digit 1–8.
    #[error("unexpected '{character}' in rank {rank} (use b, w and digits 1-8)")]
    BadCharacter {
        /// The rank (1..8).
        rank: usize,
        /// The character.
        character: char,
    },
}

/// Splits a point list (`b1,(0,1),c12`) into its entries; commas inside parentheses belong to
/// the point.
fn parse_list(list: &str, color: Color) -> Result<Vec<Point>, SetupParseError> {
    let mut points = Vec::new();
    if list.is_empty() {
        return Ok(points);
    }
    let mut rest = list;
    loop {
        let end = if rest.starts_with('(') {
            rest.find(')').map_or(rest.len(), |i| i + 1)
        } else {
            rest.find(',').unwrap_or(rest.len())
        };
        let entry = &rest[..end];
        if entry.is_empty() {
            return Err(SetupParseError::EmptyEntry(color));
        }
        let point =
            Point::parse(entry).map_err(|source| SetupParseError::BadPoint { color, source })?;
        points.push(point);
        rest = &rest[end..];
        if rest.is_empty() {
            return Ok(points);
        }
        // After a point comes a comma and another entry.
        match rest.strip_prefix(',') {
            Some("") => return Err(SetupParseError::EmptyEntry(color)),
            Some(next) => rest = next,
            None => {
                let entry_end = rest.find(',').unwrap_or(rest.len());
                let bad = format!("{entry}{}", &rest[..entry_end]);
                return Err(SetupParseError::BadPoint {
                    color,
                    source: PointParseError::Malformed(bad),
                });
            }
        }
    }
}

impl FromStr for Setup {
    type Err = SetupParseError;

    /// Parses `b:b1,c1 w:a2,(0,1) b` (the lists in either order; a list may be empty here and
    /// is refused by the validation) or the 8×8 board text.
    fn from_str(text: &str) -> Result<Setup, SetupParseError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let first = fields.first().ok_or(SetupParseError::Empty)?;
        if first.contains('/') {
            return Setup::from_board_text(text);
        }
        if fields.len() != 3 {
            return Err(SetupParseError::FieldCount(fields.len()));
        }
        let mut lists: [Option<Vec<Point>>; 2] = [None, None];
        for field in &fields[..2] {
            let (prefix, list) = field
                .split_once(':')
                .ok_or_else(|| SetupParseError::NotAList(field.to_string()))?;
            let color = match prefix {
                "b" => Color::Black,
                "w" => Color::White,
                _ => return Err(SetupParseError::NotAList(field.to_string())),
            };
            if lists[color.index()].is_some() {
                return Err(SetupParseError::RepeatedList(color));
            }
            lists[color.index()] = Some(parse_list(list, color)?);
        }
        let side = parse_side(fields[2])?;
        let [black, white] = lists;
        Ok(Setup {
            black: black.unwrap_or_default(),
            white: white.unwrap_or_default(),
            side,
        })
    }
}

/// Writes `b:<points> w:<points> <side>`, each list in rank order, then file order (the same
/// pieces always give the same text).
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, color) in Color::ALL.into_iter().enumerate() {
            let mut points = self.pieces(color).to_vec();
            points.sort_by_key(|p| (p.rank, p.file));
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}:", color.letter())?;
            for (k, p) in points.iter().enumerate() {
                if k > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{p}")?;
            }
        }
        write!(f, " {}", self.side.letter())
    }
}
