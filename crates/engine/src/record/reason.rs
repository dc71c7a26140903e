//! The rules' typed reason why a move of a record is not legal.

use thiserror::Error;

use crate::any_game::{AnyMove, AnyPosition};
use crate::notation::MoveText;
use crate::{boundless, epaminondas, loa};

/// Why a well-formed move is not legal, as the rules of its game say it (the game can use it to
/// point at the square concerned).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalReason {
    /// A Lines of Action move (standard board variants).
    #[error(transparent)]
    LinesOfAction(loa::IllegalMove),
    /// An Epaminondas move.
    #[error(transparent)]
    Epaminondas(epaminondas::IllegalMove),
    /// A Boundless Lines of Action move.
    #[error(transparent)]
    Boundless(boundless::IllegalMove),
}

/// The rules' reason why `mv` is not legal in `position` (`None` if it is legal, or of another
/// game).
pub(super) fn reason_for_move(position: &AnyPosition, mv: AnyMove) -> Option<IllegalReason> {
    match (position, mv) {
        (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => {
            p.check(m).err().map(IllegalReason::LinesOfAction)
        }
        (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => {
            p.check(m).err().map(IllegalReason::Epaminondas)
        }
        (AnyPosition::Boundless(p), AnyMove::Boundless(m)) => {
            p.check(m).err().map(IllegalReason::Boundless)
        }
        _ => None,
    }
}

/// The rules' reason why the move written `text` is not legal in `position`: `None` if the text
/// is not a move of the game at all (or the move is legal).
pub(super) fn reason_for_text(position: &AnyPosition, text: &str) -> Option<IllegalReason> {
    let mv = match position {
        AnyPosition::LinesOfAction(_) => {
            let (step, drop) = match text.split_once('@') {
                Some((step, drop)) => (step, Some(drop.trim())),
                None => (text, None),
            };
            let mut mv = match MoveText::parse(step, 8, 8).ok()? {
                MoveText::Pass => loa::Move::Pass,
                MoveText::Step { from, to, .. } => loa::Move::Step {
                    from: loa::Square::from_coord(from)?,
                    to: loa::Square::from_coord(to)?,
                },
            };
            if let Some(drop) = drop {
                mv = mv.with_placement(loa::Square::parse(drop).ok()?);
            }
            AnyMove::LinesOfAction(mv)
        }
        AnyPosition::Epaminondas(p) => {
            let board = p.rules().board;
            AnyMove::Epaminondas(
                match MoveText::parse(text, board.files(), board.ranks()).ok()? {
                    MoveText::Pass => epaminondas::Move::Pass,
                    MoveText::Step { from, to, .. } => epaminondas::Move::Step {
                        tail: epaminondas::Square::from_coord(from)?,
                        to: epaminondas::Square::from_coord(to)?,
                    },
                },
            )
        }
        AnyPosition::Boundless(_) => {
            AnyMove::Boundless(match boundless::MoveText::parse(text).ok()? {
                boundless::MoveText::Pass => boundless::Move::Pass,
                boundless::MoveText::Step { from, to, .. } => boundless::Move::Step { from, to },
            })
        }
    };
    reason_for_move(position, mv)
}
