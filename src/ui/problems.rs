//! Why a file or a record could not be read or written, and what became of one of the game's
//! own files, in the player's words: typed reasons ([`FileTrouble`], the record reader's
//! [`RecordErrorKind`]) and the store's [`FileReport`] said from the Fluent messages of
//! `assets/locales/<code>/problems.ftl` — one set of words for every file. The engine's English
//! `Display` is for the log and the command line only.

use gamut_engine::record::{GameResult, IllegalReason, RecordError, RecordErrorKind, SAVE_FORMAT};

use super::text::{game_end, refusal, result};
use crate::i18n::Words;
use crate::model::{Fate, FileProblem, FileReport, FileTrouble, GameEnd, Refusal};

/// What became of one of the game's own files (kept aside, left alone, not written), with the
/// file named: one sentence for every file.
pub fn file_report(w: &Words, report: &FileReport) -> String {
    let file = report.file.key();
    let what = w.t_with("data-file", [("file", file.into())]);
    let name = report.name.as_str();
    match &report.fate {
        Fate::SetAside {
            kept_as,
            why,
            salvaged,
        } => w.t_with(
            "data-file-set-aside",
            [
                ("what", what.into()),
                ("file", file.into()),
                ("kept", kept_as.as_str().into()),
                ("problem", file_problem(w, why).into()),
                ("salvaged", (*salvaged).into()),
            ],
        ),
        Fate::LeftAlone { why } => w.t_with(
            "data-file-left-alone",
            [
                ("what", what.into()),
                ("name", name.into()),
                ("problem", file_problem(w, why).into()),
            ],
        ),
        Fate::Unwritable(trouble) => w.t_with(
            "data-file-unwritable",
            [
                ("what", what.into()),
                ("name", name.into()),
                ("problem", file_trouble(w, *trouble).into()),
            ],
        ),
    }
}

/// Why a save, a record or one of the game's files could not be read.
pub fn file_problem(w: &Words, problem: &FileProblem) -> String {
    match problem {
        FileProblem::Unreadable(trouble) => file_trouble(w, *trouble),
        FileProblem::Record(error) => record_problem(w, error),
    }
}

/// What went wrong with a file.
pub fn file_trouble(w: &Words, trouble: FileTrouble) -> String {
    let place = |key: &str, line: usize, column: usize| {
        w.t_with(key, [("line", line.into()), ("column", column.into())])
    };
    match trouble {
        FileTrouble::Missing => w.t("file-missing"),
        FileTrouble::NoPermission => w.t("file-no-permission"),
        FileTrouble::TooLarge { limit } => {
            w.t_with("file-too-large", [("kib", limit.div_ceil(1024).into())])
        }
        FileTrouble::Exists => w.t("file-exists"),
        FileTrouble::DiskFull => w.t("file-disk-full"),
        FileTrouble::ReadOnly => w.t("file-read-only"),
        FileTrouble::NotAFile => w.t("file-not-a-file"),
        FileTrouble::NotJson { line, column } => place("file-not-json", line, column),
        FileTrouble::WrongContent { line, column } => place("file-wrong-content", line, column),
        FileTrouble::Inconsistent => w.t("file-inconsistent"),
        FileTrouble::UnknownGame => w.t("file-unknown-game"),
        FileTrouble::FormatTooNew { format, newest } => w.t_with(
            "file-format-too-new",
            [("format", format.into()), ("newest", newest.into())],
        ),
        FileTrouble::Other => w.t("file-other"),
    }
}

/// Why a record (or a save file holding one) could not be read: where, and what is wrong.
pub fn record_problem(w: &Words, error: &RecordError) -> String {
    let what = record_reason(w, &error.kind);
    let Some(at) = error.location else {
        return what;
    };
    let key = if error.in_save_record {
        "record-at-in-save"
    } else {
        "record-at"
    };
    w.t_with(
        key,
        [
            ("line", at.line.into()),
            ("column", at.column.into()),
            ("problem", what.into()),
        ],
    )
}

/// What is wrong with a record.
pub fn record_reason(w: &Words, kind: &RecordErrorKind) -> String {
    use RecordErrorKind as K;
    match kind {
        K::TooLarge { limit, .. } => {
            w.t_with("record-too-large", [("kib", limit.div_ceil(1024).into())])
        }
        K::NotUtf8 => w.t("record-not-utf8"),
        K::Empty => w.t("record-empty"),
        K::ExpectedTagName => w.t("record-expected-tag-name"),
        K::ExpectedTagValue { tag } => of_tag(w, "record-expected-tag-value", tag),
        K::UnterminatedTagValue { tag } => of_tag(w, "record-unterminated-tag-value", tag),
        K::BadEscape { escape } => {
            w.t_with("record-bad-escape", [("escape", escape.to_string().into())])
        }
        K::ExpectedTagEnd { tag } => of_tag(w, "record-expected-tag-end", tag),
        K::DuplicateTag { tag } => of_tag(w, "record-duplicate-tag", tag),
        K::BadTagValue { tag, value, .. } => w.t_with(
            "record-bad-tag-value",
            [
                ("tag", tag.as_str().into()),
                ("value", value.as_str().into()),
            ],
        ),
        K::TagNotForGame { tag, .. } => of_tag(w, "record-tag-not-for-game", tag),
        K::BadPosition { .. } => w.t("record-bad-position"),
        K::TagAfterMoves => w.t("record-tag-after-moves"),
        K::UnterminatedComment => w.t("record-unterminated-comment"),
        K::StrayBrace => w.t("record-stray-brace"),
        K::VariationWithoutMove => w.t("record-variation-without-move"),
        K::UnclosedVariation => w.t("record-unclosed-variation"),
        K::StrayParenthesis => w.t("record-stray-parenthesis"),
        K::EmptyVariation => w.t("record-empty-variation"),
        K::VariationTooDeep { limit } => {
            w.t_with("record-variation-too-deep", [("limit", (*limit).into())])
        }
        K::ResultInVariation { .. } => w.t("record-result-in-variation"),
        K::MoveNumber { found, expected } => w.t_with(
            "record-move-number",
            [("found", (*found).into()), ("expected", (*expected).into())],
        ),
        K::PlacementWithoutMove { text } => w.t_with(
            "record-placement-without-move",
            [("text", text.as_str().into())],
        ),
        K::IllegalMove {
            number,
            text,
            reason,
            ..
        } => illegal_move(w, *number, text, *reason),
        K::MoveAfterEnd {
            number,
            text,
            outcome,
        } => w.t_with(
            "record-move-after-end",
            [
                ("number", (*number).into()),
                ("text", text.as_str().into()),
                ("end", game_end(w, GameEnd::Rules(*outcome)).into()),
            ],
        ),
        K::TextAfterResult { .. }
        | K::ResultMismatch { .. }
        | K::ResultContradictsOutcome { .. }
        | K::UnexplainedResult { .. }
        | K::TerminationContradicts { .. }
        | K::TerminationResult { .. } => end_reason(w, kind),
        K::SaveJson { .. }
        | K::SaveNotObject
        | K::SaveFormatMissing
        | K::SaveFormatTooNew { .. }
        | K::SaveRecordMissing => save_reason(w, kind),
    }
}

/// The reasons about the result and the end of the game.
fn end_reason(w: &Words, kind: &RecordErrorKind) -> String {
    use RecordErrorKind as K;
    let said = |r: GameResult| result(w, r);
    match kind {
        K::TextAfterResult { .. } => w.t("record-text-after-result"),
        K::ResultMismatch { tag, movetext } => w.t_with(
            "record-result-mismatch",
            [
                ("tag", said(*tag).into()),
                ("movetext", said(*movetext).into()),
            ],
        ),
        K::ResultContradictsOutcome { result, outcome } => w.t_with(
            "record-result-contradicts",
            [
                ("result", said(*result).into()),
                ("end", game_end(w, GameEnd::Rules(*outcome)).into()),
            ],
        ),
        K::UnexplainedResult { result } => w.t_with(
            "record-unexplained-result",
            [("result", said(*result).into())],
        ),
        K::TerminationContradicts {
            termination,
            outcome: None,
        } => w.t_with(
            "record-termination-not-over",
            [("termination", termination.name().into())],
        ),
        K::TerminationContradicts {
            termination,
            outcome: Some(outcome),
        } => w.t_with(
            "record-termination-contradicts",
            [
                ("termination", termination.name().into()),
                ("end", game_end(w, GameEnd::Rules(*outcome)).into()),
            ],
        ),
        K::TerminationResult {
            termination,
            result,
        } => w.t_with(
            "record-termination-result",
            [
                ("termination", termination.name().into()),
                ("result", said(*result).into()),
            ],
        ),
        _ => w.t("record-unreadable"),
    }
}

/// The reasons about a save file's frame around its record.
fn save_reason(w: &Words, kind: &RecordErrorKind) -> String {
    use RecordErrorKind as K;
    match kind {
        K::SaveJson { .. } => w.t("record-save-not-json"),
        K::SaveNotObject => w.t("record-save-not-object"),
        K::SaveFormatMissing => w.t("record-save-no-format"),
        K::SaveFormatTooNew { format } => w.t_with(
            "record-save-format-too-new",
            [("format", (*format).into()), ("newest", SAVE_FORMAT.into())],
        ),
        K::SaveRecordMissing => w.t("record-save-no-record"),
        _ => w.t("record-unreadable"),
    }
}

/// A message whose one argument is a tag's name.
fn of_tag(w: &Words, key: &str, tag: &str) -> String {
    w.t_with(key, [("tag", tag.into())])
}

/// A move of the record the rules refuse (said as a refused move is), or that is no move at all.
fn illegal_move(w: &Words, number: usize, text: &str, reason: Option<IllegalReason>) -> String {
    let Some(reason) = reason else {
        return w.t_with(
            "record-not-a-move",
            [("number", number.into()), ("text", text.into())],
        );
    };
    let why = match reason {
        IllegalReason::LinesOfAction(e) => Refusal::LinesOfAction(e),
        IllegalReason::Epaminondas(e) => Refusal::Epaminondas(e),
        IllegalReason::Boundless(e) => Refusal::Boundless(e),
    };
    w.t_with(
        "record-illegal-move",
        [
            ("number", number.into()),
            ("text", text.into()),
            ("reason", refusal(w, &why).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DataFile, Language};

    fn report(file: DataFile, fate: Fate) -> FileReport {
        FileReport {
            file,
            name: "x.json".into(),
            fate,
        }
    }

    /// One set of words says every file's fate, the file named and what was salvaged counted
    /// in its own word (games, players).
    #[test]
    fn every_file_is_said_with_the_same_words() {
        let w = Words::from_assets(Language::English);
        let why = FileProblem::Unreadable(FileTrouble::NotJson { line: 2, column: 5 });
        let aside = |salvaged| Fate::SetAside {
            kept_as: "ratings.bad-7.json".into(),
            why: why.clone(),
            salvaged,
        };
        let said = |file, fate| file_report(&w, &report(file, fate));
        assert_eq!(
            said(DataFile::Ratings, aside(3)),
            "Your ratings file could not be read: the file is damaged: its text stops being \
             JSON at line 2, column 5. It is kept as ratings.bad-7.json and a new one was \
             started with the 3 games that could still be read."
        );
        assert!(
            said(DataFile::Players, aside(1))
                .ends_with("with the one player that could still be read.")
        );
        assert!(
            said(DataFile::Settings, aside(0)).starts_with("The settings file could not be read")
        );
        assert_eq!(
            said(
                DataFile::Tournament,
                Fate::Unwritable(FileTrouble::DiskFull)
            ),
            "The saved tournament could not be saved in x.json: the disk is full"
        );
        let left = said(
            DataFile::PuzzleProgress,
            Fate::LeftAlone { why: why.clone() },
        );
        assert!(
            left.starts_with("Your puzzle progress file (x.json) could not be read"),
            "{left}"
        );
        let fr = Words::from_assets(Language::French);
        let dit = file_report(&fr, &report(DataFile::Players, aside(2)));
        assert!(
            dit.starts_with("Le fichier des joueurs n'a pas pu être lu"),
            "{dit}"
        );
        assert!(
            dit.ends_with("avec les 2 joueurs qui ont pu être lus."),
            "{dit}"
        );
    }
}
