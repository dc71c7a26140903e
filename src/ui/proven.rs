//! Proven wins in words: what the proof search settled about a position ("Black wins by force
//! in 3 moves", "neither side can force a win"), a proven line in the game's notation, and the
//! computer's announcement — for the analysis board, the review and the status line alike.

use gamut_engine::Color as Side;
use gamut_engine::any_game::{AnyMove, AnyPosition};

use super::text;
use crate::engine_jobs::Settled;
use crate::i18n::Words;

/// "Black wins by force in 3 moves".
pub fn forced_win(w: &Words, winner: Side, moves: u32) -> String {
    w.t_with(
        "proof-wins",
        [
            ("side", text::side(w, winner).into()),
            ("moves", moves.into()),
        ],
    )
}

/// What the proof settled, in words: a forced win, or that neither side can force one (the
/// position cannot be lost); nothing when it settled nothing.
pub fn settled(w: &Words, settled: &Settled) -> Option<String> {
    match settled {
        Settled::Win { winner, moves, .. } => Some(forced_win(w, *winner, *moves)),
        Settled::Drawn => Some(w.t("proof-drawn")),
        Settled::Unknown => None,
    }
}

/// "From here Black wins by force in 5 moves" (the review's position), or that it cannot be
/// lost.
pub fn from_here(w: &Words, settled: &Settled) -> Option<String> {
    match settled {
        Settled::Win { winner, moves, .. } => Some(w.t_with(
            "proof-wins-from-here",
            [
                ("side", text::side(w, *winner).into()),
                ("moves", (*moves).into()),
            ],
        )),
        other => self::settled(w, other),
    }
}

/// A proven line from `position` in the game's notation, its moves one after the other.
pub fn written_line(position: &AnyPosition, line: &[AnyMove]) -> String {
    gamut_engine::coach::written_line(position, line).join(" ")
}

/// "e1xe4 let Black's proven win go (Black won by force in 3 moves)": the move played from a
/// position proven won for its mover, to one proven not to be.
pub fn win_let_go(w: &Words, played: &str, mover: Side, moves: u32) -> String {
    w.t_with(
        "proof-win-let-go",
        [
            ("move", played.to_owned().into()),
            ("side", text::side(w, mover).into()),
            ("moves", moves.into()),
        ],
    )
}

/// The computer's announcement: "The computer announces: White wins by force in 2 moves: …".
pub fn announcement(w: &Words, winner: Side, moves: u32, line: &[String]) -> String {
    w.t_with(
        "notice-forced-win",
        [
            ("side", text::side(w, winner).into()),
            ("moves", moves.into()),
            ("line", line.join(" ").into()),
        ],
    )
}
