//! What the server keeps of a token: its SHA-256, never the token itself. A client is given its
//! token once and sends it back with each request; the server hashes what it is sent and
//! compares the hashes in constant time. A copy of the database (a backup, a stolen disk) then
//! holds no token that takes a seat.

use std::fmt;

use gamut_net::Token;
use sha2::{Digest, Sha256};
use subtle::{Choice, ConstantTimeEq};

/// The SHA-256 of a token's text (its 32 hexadecimal digits), as kept in memory and in the
/// database. It has no `==` with a [`Token`]: a token is hashed first ([`TokenHash::of`]), and
/// its own `==` is [`ConstantTimeEq`]'s, so it takes as long wherever two hashes differ.
#[derive(Clone)]
pub struct TokenHash([u8; 32]);

/// A stored text that is not a token's hash.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a token's hash is {} hexadecimal digits (0-9, a-f)",
    TokenHash::HEX_LEN
)]
pub struct NotAHash;

impl TokenHash {
    /// The length of its text: two hexadecimal digits a byte.
    pub const HEX_LEN: usize = 64;

    /// The hash of `token`.
    pub fn of(token: &Token) -> TokenHash {
        TokenHash(Sha256::digest(token.as_str().as_bytes()).into())
    }

    /// Whether `token` is the token this is the hash of (compared in constant time).
    pub fn matches(&self, token: &Token) -> bool {
        *self == TokenHash::of(token)
    }

    /// Its text as the database keeps it: 64 small hexadecimal digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|byte| format!("{byte:02x}")).collect()
    }

    /// Reads a hash as [`TokenHash::to_hex`] writes it.
    pub fn parse(text: &str) -> Result<TokenHash, NotAHash> {
        let digits = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
        if text.len() != TokenHash::HEX_LEN || !text.chars().all(digits) {
            return Err(NotAHash);
        }
        let mut bytes = [0; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            let pair = text.get(2 * i..2 * i + 2).ok_or(NotAHash)?;
            *byte = u8::from_str_radix(pair, 16).map_err(|_| NotAHash)?;
        }
        Ok(TokenHash(bytes))
    }
}

impl ConstantTimeEq for TokenHash {
    fn ct_eq(&self, other: &TokenHash) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

/// Constant time: `subtle` looks at every byte, whichever differ.
impl PartialEq for TokenHash {
    fn eq(&self, other: &TokenHash) -> bool {
        self.ct_eq(other).into()
    }
}

impl Eq for TokenHash {}

/// Short in a log, as a token is.
impl fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenHash({:02x}{:02x}…)", self.0[0], self.0[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SHA-256 of the token's text (`sha2` gives the standard's own example for "abc").
    #[test]
    fn it_is_sha_256_of_the_tokens_text() {
        let token = Token::from_bits(0xabc);
        let expected: [u8; 32] = Sha256::digest(b"00000000000000000000000000000abc").into();
        assert_eq!(TokenHash::of(&token).0, expected);
        assert_eq!(
            TokenHash(Sha256::digest(b"abc").into()).to_hex(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn only_its_own_token_matches() {
        let hash = TokenHash::of(&Token::from_bits(7));
        assert!(hash.matches(&Token::from_bits(7)));
        assert!(!hash.matches(&Token::from_bits(8)));
        assert!(!hash.matches(&Token::from_bits(7 << 64)));
        assert_eq!(format!("{hash:?}").len(), "TokenHash(abcd…)".len());
    }

    /// `==` is `subtle`'s constant-time comparison: it agrees with `ct_eq` whether the hashes
    /// differ in their first byte, their last or not at all.
    #[test]
    fn hashes_are_compared_in_constant_time() {
        fn constant_time<T: ConstantTimeEq + PartialEq>() {}
        constant_time::<TokenHash>();
        let hash = TokenHash::of(&Token::from_bits(1));
        let mut first = hash.clone();
        first.0[0] ^= 1;
        let mut last = hash.clone();
        last.0[31] ^= 0x80;
        for other in [hash.clone(), first, last] {
            assert_eq!(hash == other, bool::from(hash.ct_eq(&other)));
        }
        assert!(hash == hash.clone());
        assert!(hash != TokenHash::of(&Token::from_bits(2)));
    }

    #[test]
    fn its_text_reads_back_and_nothing_else_does() {
        let hash = TokenHash::of(&Token::from_bits(u128::MAX));
        let text = hash.to_hex();
        assert_eq!(text.len(), TokenHash::HEX_LEN);
        assert_eq!(TokenHash::parse(&text), Ok(hash));
        let token = Token::from_bits(5);
        for wrong in [
            "",
            token.as_str(),
            &text.to_uppercase(),
            &text[1..],
            &format!("{text}0"),
            &format!("{}g", &text[1..]),
            &format!("{}é", &text[2..]),
        ] {
            assert_eq!(TokenHash::parse(wrong), Err(NotAHash), "{wrong:?}");
        }
    }
}
