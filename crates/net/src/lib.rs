//! `gamut-net`: what Gamut's tables and their players say to each other, for the server
//! (`gamut-server`), the desktop game and the page alike.
//!
//! Every message is one JSON text of at most [`MAX_MESSAGE_BYTES`], in an envelope that carries
//! the protocol's [`VERSION`]: `{"v":1,"msg":{"type":"join",...}}`. Reading one ([`decode`])
//! checks its size, then its version, then its shape and every value's range (a table's code,
//! a seat's token, a name, a move's text), and gives a typed [`Fault`] for anything else, never
//! a panic. A fault closes that one connection; a [`Refusal`] (a move out of turn, a seat
//! taken) only answers the request and changes nothing.
//!
//! The words a player reads are not here: a client renders faults, refusals and ends from its
//! own language files.

mod message;
pub mod notify;
mod values;

pub use message::{
    Clock, ClockView, ComputerSeat, EndReason, Ended, Fault, GameStanding, Limit, MAX_GAMES_ASKED,
    Offer, Refusal, Seat, SeatView, TableView, ToClient, ToServer,
};
pub use values::{
    Code, MAX_MOVE_CHARS, MAX_NAME_CHARS, MAX_RATING, MoveText, Name, Rating, Token, ValueError,
};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The protocol's version; a message of another is refused with [`Fault::UnknownVersion`].
pub const VERSION: u32 = 1;

/// The largest message read, in bytes (a table's whole state with its moves fits many times).
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// A message with the protocol's version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope<M> {
    pub v: u32,
    pub msg: M,
}

/// The version alone, read first: a message of another version is told so, whatever its shape.
#[derive(Deserialize)]
struct Head {
    v: u32,
}

/// Reads one message: its size, its version, then its shape and values.
pub fn decode<M: DeserializeOwned>(bytes: &[u8]) -> Result<M, Fault> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(Fault::TooLarge);
    }
    let head: Head = serde_json::from_slice(bytes).map_err(|_| Fault::Garbage)?;
    if head.v != VERSION {
        return Err(Fault::UnknownVersion { supported: VERSION });
    }
    let envelope: Envelope<M> = serde_json::from_slice(bytes).map_err(|_| Fault::Garbage)?;
    Ok(envelope.msg)
}

/// Writes one message in its envelope.
pub fn encode<M: Serialize>(msg: &M) -> String {
    serde_json::to_string(&Envelope { v: VERSION, msg })
        .expect("the protocol's messages are plain data")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::any_game::GameConfig;

    fn code() -> Code {
        Code::parse("K7M2Q").unwrap()
    }

    #[test]
    fn a_message_goes_there_and_back() {
        let join = ToServer::Join {
            code: code(),
            seat: Seat::new(1),
            name: Name::parse("Ada").unwrap(),
            rating: Rating::new(1612),
        };
        let text = encode(&join);
        assert!(text.starts_with(r#"{"v":1,"msg":{"type":"join""#), "{text}");
        assert_eq!(decode::<ToServer>(text.as_bytes()), Ok(join));
        let create = ToServer::Create {
            game: GameConfig::default(),
            clock: Clock::Untimed,
            computers: vec![ComputerSeat {
                seat: Seat::new(1).unwrap(),
                level: gamut_engine::level::Level::new(14).unwrap(),
            }],
            operator: None,
        };
        let text = encode(&create);
        assert_eq!(decode::<ToServer>(text.as_bytes()), Ok(create));
        // A computer's level past the last is not read.
        let past = text.replace(r#""level":14"#, r#""level":15"#);
        assert_ne!(past, text);
        assert_eq!(decode::<ToServer>(past.as_bytes()), Err(Fault::Garbage));
    }

    #[test]
    fn garbage_another_version_and_size_are_faults() {
        assert_eq!(decode::<ToServer>(b"\xff\x00garbage"), Err(Fault::Garbage));
        assert_eq!(decode::<ToServer>(b"{}"), Err(Fault::Garbage));
        assert_eq!(
            decode::<ToServer>(br#"{"v":2,"msg":{"type":"ping"}}"#),
            Err(Fault::UnknownVersion { supported: 1 })
        );
        assert_eq!(
            decode::<ToServer>(br#"{"v":1,"msg":{"type":"fly"}}"#),
            Err(Fault::Garbage)
        );
        let big = format!(
            r#"{{"v":1,"msg":{{"type":"ping"}},"pad":"{}"}}"#,
            "x".repeat(MAX_MESSAGE_BYTES)
        );
        assert_eq!(decode::<ToServer>(big.as_bytes()), Err(Fault::TooLarge));
        // Unknown fields are not let through unread.
        assert_eq!(
            decode::<ToServer>(br#"{"v":1,"msg":{"type":"ping"},"x":1}"#),
            Err(Fault::Garbage)
        );
    }

    #[test]
    fn values_out_of_range_are_refused_on_the_way_in() {
        let bad = [
            // A code of letters that are not in the alphabet (O and 0, I and 1 look alike).
            r#"{"v":1,"msg":{"type":"join","code":"O0I1L","seat":0,"name":"A"}}"#,
            // A seat past the fourth.
            r#"{"v":1,"msg":{"type":"join","code":"K7M2Q","seat":4,"name":"A"}}"#,
            // A name with a control character, and one too long.
            r#"{"v":1,"msg":{"type":"join","code":"K7M2Q","seat":0,"name":"A\u0007"}}"#,
            // A token that is not 32 hexadecimal digits.
            r#"{"v":1,"msg":{"type":"rejoin","code":"K7M2Q","token":"abc"}}"#,
            // A move's text far too long.
            r#"{"v":1,"msg":{"type":"move","code":"K7M2Q","token":"00112233445566778899aabbccddeeff","ply":0,"mv":"a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1"}}"#,
        ];
        for text in bad {
            assert_eq!(
                decode::<ToServer>(text.as_bytes()),
                Err(Fault::Garbage),
                "{text}"
            );
        }
        let long = format!(
            r#"{{"v":1,"msg":{{"type":"join","code":"K7M2Q","seat":0,"name":"{}"}}}}"#,
            "n".repeat(MAX_NAME_CHARS + 1)
        );
        assert_eq!(decode::<ToServer>(long.as_bytes()), Err(Fault::Garbage));
    }
}
