//! A notice in words: what the game tells the player on the status line (why a click did
//! nothing, who passed, how the game ended, what became of a file), from the game's sentences
//! ([`super::text`]) and the files' ([`super::problems`]). Above both, so neither needs the
//! other.

use super::problems::{file_problem, file_report, file_trouble};
use super::text::{Table, at, colour, file_name, game_end, men, refusal, seat, side};
use crate::i18n::Words;
use crate::model::{Notice, Seat};

/// A notice in words.
pub fn notice(w: &Words, notice: &Notice, table: Table) -> String {
    let seat_name = |s: &Seat| seat(w, *s, table.four_players);
    match notice {
        Notice::NewGame => w.t("notice-new-game"),
        Notice::AnalysisOpened => w.t("notice-analysis-opened"),
        Notice::ColoursDrawn { you: Some(s), .. } => {
            w.t_with("notice-colours-drawn-you", [("colour", colour(*s))])
        }
        Notice::ColoursDrawn { you: None, swapped } => w.t(if *swapped {
            "notice-colours-drawn-swapped"
        } else {
            "notice-colours-drawn-kept"
        }),
        Notice::MoveTakenBack { moves } => {
            w.t_with("notice-move-taken-back", [("moves", (*moves).into())])
        }
        Notice::NothingToTakeBack => w.t("notice-nothing-to-take-back"),
        Notice::MoveReplayed => w.t("notice-move-replayed"),
        Notice::NothingToRedo => w.t("notice-nothing-to-redo"),
        Notice::Refused(request, why) => w.t_with(
            "notice-refused",
            [
                ("move", request.to_string().into()),
                ("reason", refusal(w, why).into()),
            ],
        ),
        Notice::NotYourTurnYet => w.t("notice-not-your-turn-yet"),
        Notice::ComputersTurn(s) => {
            w.t_with("notice-computers-turn", [("seat", seat_name(s).into())])
        }
        Notice::RemoteTurn(s) => w.t_with("notice-remote-turn", [("seat", seat_name(s).into())]),
        Notice::SelectOwnPiece(s) => w.t_with(
            "notice-select-own-piece",
            [("seat", seat_name(s).into()), ("game", men(table.kind))],
        ),
        Notice::NoMoveForPiece(cell) => w.t_with(
            "notice-no-move-for-piece",
            [("cell", cell.to_string().into()), ("game", men(table.kind))],
        ),
        Notice::UnreadableMove(typed) => {
            w.t_with("notice-unreadable-move", [("typed", typed.clone().into())])
        }
        Notice::Passed(s) => w.t_with("notice-passed", [("side", side(w, *s).into())]),
        Notice::MustPlaceOnly(s) => w.t_with(
            "notice-must-place-only",
            [("side", side(w, *s).into()), ("colour", colour(!*s))],
        ),
        Notice::ChoosePlacement { from, to, holder } => w.t_with(
            "notice-choose-placement",
            [
                ("from", from.to_string().into()),
                ("to", to.to_string().into()),
                ("colour", colour(!*holder)),
            ],
        ),
        Notice::PlacementNotEmpty(cell) => at(w, "notice-placement-not-empty", cell),
        Notice::LookingForHint => w.t("notice-looking-for-hint"),
        Notice::Hint(mv) => w.t_with("notice-hint", [("move", mv.as_str().into())]),
        Notice::ForcedWin {
            winner,
            moves,
            line,
        } => super::proven::announcement(w, *winner, *moves, line),
        Notice::GameOver(end) => game_end(w, *end),
        Notice::Saved(name) => w.t_with("notice-saved", [("name", name.as_str().into())]),
        Notice::Opened(name) => w.t_with("notice-opened", [("name", file_name(w, name).into())]),
        Notice::Resumed => w.t("notice-resumed"),
        Notice::NothingToResume => w.t("notice-nothing-to-resume"),
        Notice::FilePickerRefused => w.t("notice-file-picker-refused"),
        Notice::CannotOpen { file, problem } => w.t_with(
            "notice-cannot-open",
            [
                ("file", file_name(w, file).into()),
                ("problem", file_problem(w, problem).into()),
            ],
        ),
        Notice::CannotSave { file, problem } => w.t_with(
            "notice-cannot-save",
            [
                ("file", file.as_str().into()),
                ("problem", file_trouble(w, *problem).into()),
            ],
        ),
        Notice::DataFile(report) => file_report(w, report),
    }
}
