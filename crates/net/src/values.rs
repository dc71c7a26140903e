//! The values a message carries, each checked when it is read: a table's code, a seat's token, a
//! player's name and a move's text. A value out of range makes the whole message unreadable.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A value a message cannot carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ValueError {
    #[error("a table's code is {len} letters and digits of {alphabet}", len = Code::LEN, alphabet = Code::ALPHABET)]
    Code,
    #[error("a seat's token is 32 hexadecimal digits")]
    Token,
    #[error("a name is 1 to {MAX_NAME_CHARS} characters, none of them a control character")]
    Name,
    #[error("a move's text is 1 to {MAX_MOVE_CHARS} printable ASCII characters")]
    Move,
    #[error("a seat is 0 to 3")]
    Seat,
    #[error("a rating is 0 to {MAX_RATING}")]
    Rating,
}

/// A table's code, said aloud and typed on a phone: five characters of an alphabet without the
/// look-alikes (no O and 0, no I, L and 1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Code(String);

impl Code {
    /// Its length.
    pub const LEN: usize = 5;
    /// The characters a code is made of (31 of them: 28 million codes).
    pub const ALPHABET: &'static str = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

    /// Reads a code as a player types it: spaces around it and small letters are forgiven.
    pub fn parse(text: &str) -> Result<Code, ValueError> {
        let code = text.trim().to_ascii_uppercase();
        let fits = code.len() == Code::LEN && code.chars().all(|c| Code::ALPHABET.contains(c));
        if fits {
            Ok(Code(code))
        } else {
            Err(ValueError::Code)
        }
    }

    /// The code made of these numbers, each taken modulo the alphabet's size (for a server
    /// that draws them at random).
    pub fn from_numbers(numbers: [u8; Code::LEN]) -> Code {
        let alphabet = Code::ALPHABET.as_bytes();
        Code(
            numbers
                .iter()
                .map(|&n| char::from(alphabet[usize::from(n) % alphabet.len()]))
                .collect(),
        )
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Code {
    type Error = ValueError;
    fn try_from(text: String) -> Result<Code, ValueError> {
        // On the wire a code is exactly as written: no spaces, capitals.
        if text.trim() != text || text.to_ascii_uppercase() != text {
            return Err(ValueError::Code);
        }
        Code::parse(&text)
    }
}

impl From<Code> for String {
    fn from(code: Code) -> String {
        code.0
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat's secret, given when a player sits (or a host creates a table): 128 random bits as 32
/// hexadecimal digits. Whoever holds it plays the seat; nobody can guess it.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Token(String);

impl Token {
    /// The token of these 128 bits.
    pub fn from_bits(bits: u128) -> Token {
        Token(format!("{bits:032x}"))
    }

    pub fn parse(text: &str) -> Result<Token, ValueError> {
        let fits = text.len() == 32
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c));
        if fits {
            Ok(Token(text.to_string()))
        } else {
            Err(ValueError::Token)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Never written out whole in a log.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({}…)", &self.0[..4])
    }
}

impl TryFrom<String> for Token {
    type Error = ValueError;
    fn try_from(text: String) -> Result<Token, ValueError> {
        Token::parse(&text)
    }
}

impl From<Token> for String {
    fn from(token: Token) -> String {
        token.0
    }
}

/// The highest rating a player may bring.
pub const MAX_RATING: u16 = 4000;

/// A named player's rating (Glicko-2, as the game shows it), travelling with them to a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub struct Rating(u16);

impl Rating {
    pub fn new(value: u16) -> Option<Rating> {
        (value <= MAX_RATING).then_some(Rating(value))
    }

    pub fn value(self) -> u16 {
        self.0
    }
}

impl TryFrom<u16> for Rating {
    type Error = ValueError;
    fn try_from(value: u16) -> Result<Rating, ValueError> {
        Rating::new(value).ok_or(ValueError::Rating)
    }
}

impl From<Rating> for u16 {
    fn from(rating: Rating) -> u16 {
        rating.0
    }
}

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// A player's name at a table: 1 to [`MAX_NAME_CHARS`] characters, no control characters,
/// trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Name(String);

impl Name {
    pub fn parse(text: &str) -> Result<Name, ValueError> {
        let name = text.trim();
        let count = name.chars().count();
        if (1..=MAX_NAME_CHARS).contains(&count) && !name.chars().any(char::is_control) {
            Ok(Name(name.to_string()))
        } else {
            Err(ValueError::Name)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Name {
    type Error = ValueError;
    fn try_from(text: String) -> Result<Name, ValueError> {
        Name::parse(&text)
    }
}

impl From<Name> for String {
    fn from(name: Name) -> String {
        name.0
    }
}

/// The longest move's text, in characters (the longest move of any game is far shorter).
pub const MAX_MOVE_CHARS: usize = 24;

/// A move as the game writes it (`b1-b3`, `a2c2@e5`): read by the referee's rules, only its
/// length and characters checked here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MoveText(String);

impl MoveText {
    pub fn parse(text: &str) -> Result<MoveText, ValueError> {
        let fits = (1..=MAX_MOVE_CHARS).contains(&text.len())
            && text.chars().all(|c| c.is_ascii_graphic() || c == ' ');
        if fits {
            Ok(MoveText(text.to_string()))
        } else {
            Err(ValueError::Move)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for MoveText {
    type Error = ValueError;
    fn try_from(text: String) -> Result<MoveText, ValueError> {
        MoveText::parse(&text)
    }
}

impl From<MoveText> for String {
    fn from(mv: MoveText) -> String {
        mv.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_read_as_typed() {
        assert_eq!(Code::parse(" k7m2q ").unwrap().as_str(), "K7M2Q");
        assert!(Code::parse("K7M2").is_err());
        assert!(Code::parse("K7M2O").is_err());
        assert_eq!(Code::from_numbers([0, 1, 31, 32, 255]).as_str(), "ABABH");
        assert_eq!(Code::ALPHABET.len(), 31);
    }

    #[test]
    fn a_token_is_128_bits() {
        let token = Token::from_bits(u128::MAX - 1);
        assert_eq!(token.as_str(), "fffffffffffffffffffffffffffffffe");
        assert_eq!(Token::parse(token.as_str()), Ok(token.clone()));
        assert!(Token::parse("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE").is_err());
        assert_eq!(format!("{token:?}"), "Token(ffff…)");
    }

    #[test]
    fn names_and_moves_keep_to_their_lengths() {
        assert_eq!(Name::parse("  Ada  ").unwrap().as_str(), "Ada");
        assert!(Name::parse("   ").is_err());
        assert!(Name::parse("é".repeat(MAX_NAME_CHARS).as_str()).is_ok());
        assert!(MoveText::parse("b1-b3").is_ok());
        assert!(MoveText::parse("b1\nb3").is_err());
        assert!(MoveText::parse("").is_err());
    }
}
