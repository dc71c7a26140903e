//! Moves typed in the side panel: read with the engine's move notation (the one its records
//! are written in) and asked for exactly as the board's clicks ask ([`BoardInput::ask`]), so a
//! refused move gets the same reason a click gets.

use bevy::prelude::*;
use gamut_engine::boundless::{MoveText, Point};

use super::BoardInput;
use crate::model::{MoveRequest, Notice};

/// A move the player typed and submitted (`Enter` in the move field).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct TypedMove(pub String);

/// Reads a typed move: `b1-d3`, `b1xd3`, `b1:d3`, `b1d3` (in Epaminondas the tail and where the
/// head lands; in Boundless LOA also `(x,y)` points), with a Parachute placement after `@`
/// (`b1-d3 @d4`), or the placement alone (`@d4`, `pass @d4`). `None`: not a move.
pub fn read_move(text: &str) -> Option<MoveRequest> {
    let (step, drop) = match text.split_once('@') {
        Some((step, drop)) => (step.trim(), Some(Point::parse(drop).ok()?)),
        None => (text.trim(), None),
    };
    match (step, drop) {
        ("", Some(drop)) => return Some(MoveRequest::Place { drop }),
        (s, Some(drop)) if s.eq_ignore_ascii_case("pass") => {
            return Some(MoveRequest::Place { drop });
        }
        _ => {}
    }
    match MoveText::parse(step).ok()? {
        MoveText::Step { from, to, .. } => Some(MoveRequest::Step { from, to, drop }),
        // A pass is never chosen: the game passes for a side with no move.
        MoveText::Pass => None,
    }
}

/// Plays the typed moves that read as moves (as a click would); the others are told.
pub(super) fn play_typed(mut typed: MessageReader<TypedMove>, mut input: BoardInput) {
    for TypedMove(text) in typed.read() {
        match read_move(text) {
            Some(request) => input.ask(request),
            None => {
                let notice = Notice::UnreadableMove(text.trim().to_string());
                input.status.post(notice, &input.game);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn moves_read_as_the_records_write_them() {
        let step = |from, to| Some(MoveRequest::step(c(from), c(to)));
        assert_eq!(read_move("b1-d3"), step("b1", "d3"));
        assert_eq!(read_move(" b1xd3 "), step("b1", "d3"));
        assert_eq!(read_move("b1d3"), step("b1", "d3"));
        assert_eq!(read_move("B1:D3"), step("b1", "d3"));
        assert_eq!(read_move("a1-(3,4)"), step("a1", "c4"));
        assert_eq!(
            read_move("h2-f2 @d4"),
            Some(MoveRequest::Step {
                from: c("h2"),
                to: c("f2"),
                drop: Some(c("d4")),
            })
        );
        let place = Some(MoveRequest::Place { drop: c("d4") });
        assert_eq!(read_move("@d4"), place);
        assert_eq!(read_move("pass @d4"), place);
    }

    #[test]
    fn what_is_not_a_move_is_not_read() {
        for text in [
            "",
            "  ",
            "pass",
            "b1",
            "b1-",
            "-d3",
            "hello",
            "b1-d3@",
            "@",
            "b1-d3 @zz",
            "ü1-d3",
            "b0-d3",
            "b1--d3",
        ] {
            assert_eq!(read_move(text), None, "{text:?}");
        }
    }
}
