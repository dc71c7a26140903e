//! What Share makes of a game: the animated GIF of the whole game and the PNG of the position
//! shown, with the words on them in the player's language, and the game's record as text.

use gamut_engine::loa::Variant;
use gamut_share::{Labels, Options, ShareError};

use super::{ShareSize, ShareTrouble};
use crate::i18n::Words;
use crate::model::{CurrentGame, GameSettings, Player, SeatNames};
use crate::ui::text;
use gamut_engine::Color as Side;

/// The pictures and the record of one game, made for Share.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    /// The files' name without its ending: `gamut-2026-11-30`.
    pub stem: String,
    /// The animated GIF of the whole game.
    pub gif: Vec<u8>,
    /// The PNG of the position shown.
    pub png: Vec<u8>,
    /// The game's record (tags and moves), as "Copy record" gives it.
    pub record: String,
}

/// Makes the pictures of `full` (the whole game) and of `shown` (the position on the board:
/// the whole game's last, or the one a review shows) at `size`, played by `seats` and the
/// people `names`.
pub fn make(
    w: &Words,
    full: &CurrentGame,
    shown: &CurrentGame,
    seats: &GameSettings,
    names: &SeatNames,
    size: ShareSize,
) -> Result<Made, ShareTrouble> {
    let record = crate::persist::save::record_of_named(full, seats, names);
    let labels = labels(w, full, seats, names);
    let options = Options {
        size: size.pixels(),
        ..Options::default()
    };
    let gif = gamut_share::game_gif(&record, &labels, &options).map_err(trouble)?;
    // The result is said on the position it ended in, not on one a review stepped back to.
    let shown_labels = Labels {
        result: labels.result.clone().filter(|_| shown.ply() == full.ply()),
        ..labels
    };
    let png =
        gamut_share::position_png(shown.position(), &shown_labels, &options).map_err(trouble)?;
    let date = record.date.clone().unwrap_or_default().replace('.', "-");
    Ok(Made {
        stem: file_stem(&date),
        gif,
        png,
        record: record.to_string(),
    })
}

/// `gamut-DATE`, or `gamut` with no date.
fn file_stem(date: &str) -> String {
    let date: String = date
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    if date.is_empty() {
        "gamut".to_string()
    } else {
        format!("gamut-{date}")
    }
}

/// Why a picture could not be made, as the dialog says it.
fn trouble(e: ShareError) -> ShareTrouble {
    match e {
        ShareError::Unsupported(_) => ShareTrouble::NoBoard,
        ShareError::TooLong { moves, limit } => ShareTrouble::TooLong { moves, limit },
        ShareError::Replay(why) | ShareError::Encode(why) => {
            bevy::log::error!("Share could not draw the game: {why}");
            ShareTrouble::NotDrawn
        }
    }
}

/// The words on the pictures: the players (a person's name, the computer's level, else the
/// side), the game's name and variant, the result.
pub fn labels(w: &Words, game: &CurrentGame, seats: &GameSettings, names: &SeatNames) -> Labels {
    let names = names.for_people(seats);
    let four = game.is_four_players();
    let who = |seat: usize, player: Player, side: Side| -> Option<String> {
        match (&names.0[seat], player) {
            (Some(name), _) => Some(name.clone()),
            (None, Player::Computer(_)) => Some(text::player(w, player)),
            (None, _) if seat < 2 => Some(text::side(w, side)),
            (None, _) => None,
        }
    };
    let team = |plain: Option<String>, marked: Option<String>, side: Side| match (plain, marked) {
        (Some(a), Some(b)) if a != b => {
            w.t_with("share-team", [("first", a.into()), ("second", b.into())])
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => text::side(w, side),
    };
    let marked =
        |seat: usize, player: Player, side: Side| four.then(|| who(seat, player, side)).flatten();
    let black = team(
        who(0, seats.black, Side::Black),
        marked(2, seats.black_marked, Side::Black),
        Side::Black,
    );
    let white = team(
        who(1, seats.white, Side::White),
        marked(3, seats.white_marked, Side::White),
        Side::White,
    );
    let name = text::game_name(w, game.kind());
    let title = match game.variant() {
        Some(variant) if variant != Variant::Standard => w.t_with(
            "share-title-variant",
            [
                ("game", name.into()),
                ("variant", text::variant_name(w, variant).into()),
            ],
        ),
        _ => name,
    };
    Labels {
        black,
        white,
        title,
        result: game.end().map(|end| text::game_end(w, end)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_are_named_by_the_date() {
        assert_eq!(file_stem("2026-11-30"), "gamut-2026-11-30");
        assert_eq!(file_stem(""), "gamut");
        assert_eq!(file_stem("../x"), "gamut");
    }
}
