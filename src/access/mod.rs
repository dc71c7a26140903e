//! The screen reader (AccessKit): the panels' words and buttons reach it through egui, and what
//! happens on the board is announced — each move played, each refusal and notice of the status
//! line, each game's result — in the player's language, through a live region the reader says
//! aloud as it changes ([`region`]). Any module may have a sentence announced by writing an
//! [`Announce`]; [`describe_square`] says one square (`d4, black piece`).
//!
//! AccessKit is on whenever the operating system asks for it (a screen reader is running): on
//! Linux through AT-SPI (Bevy's `accesskit_unix`), on Windows and macOS natively.

pub mod region;
pub mod words;

use bevy::prelude::*;

use crate::i18n::Words;
use crate::model::CurrentGame;
use crate::play::{MovePlayed, PlaySystems, Status};
use crate::ui::text;

pub use words::describe_square;

/// A sentence for the screen reader to say now, already in the player's language.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Announce(pub String);

/// What the live region holds: the latest sentences (those announced in one frame, together),
/// and how many announcements were made (the same sentence twice is still said twice).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Announcement {
    /// The words the reader says.
    pub text: String,
    /// Announcements so far.
    pub count: u64,
}

/// Announcements for the screen reader.
pub struct AccessPlugin;

impl Plugin for AccessPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Announce>()
            .init_resource::<Announcement>()
            .add_systems(
                Update,
                (
                    announce_moves,
                    announce_status,
                    announce_cursor,
                    collect_announcements,
                )
                    .chain()
                    .after(PlaySystems),
            )
            .add_systems(bevy_egui::EguiPrimaryContextPass, region::live_region);
    }
}

/// Each move played, as `Black played b1-b3`.
fn announce_moves(
    mut played: MessageReader<MovePlayed>,
    game: Res<CurrentGame>,
    words: Res<Words>,
    mut announce: MessageWriter<Announce>,
) {
    for event in played.read() {
        if !words.is_ready() {
            continue;
        }
        let notation = words::notation_of(&game, event);
        announce.write(Announce(words::move_sentence(&words, event, &notation)));
    }
}

/// Each new notice of the status line: a refusal and its reason, a game's result, a move taken
/// back, a file saved.
fn announce_status(
    status: Res<Status>,
    game: Res<CurrentGame>,
    words: Res<Words>,
    mut announce: MessageWriter<Announce>,
) {
    if !status.is_changed() || !words.is_ready() {
        return;
    }
    if let Some(notice) = status.current(&game) {
        let table = text::Table::of(&game);
        announce.write(Announce(crate::ui::notices::notice(&words, notice, table)));
    }
}

/// The square under the keyboard's cursor (see `crate::input::cursor`) as it moves: the board
/// read square by square, "d4, black piece".
fn announce_cursor(
    cursor: Res<crate::input::cursor::BoardCursor>,
    game: Res<CurrentGame>,
    words: Res<Words>,
    mut announce: MessageWriter<Announce>,
) {
    if !cursor.is_changed() || !cursor.shown || !words.is_ready() {
        return;
    }
    if let Some(at) = cursor.at {
        announce.write(Announce(words::describe_square(&words, &game, at)));
    }
}

/// The frame's announcements into the live region.
fn collect_announcements(
    mut announced: MessageReader<Announce>,
    mut announcement: ResMut<Announcement>,
) {
    let sentences: Vec<String> = announced
        .read()
        .map(|a| a.0.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if sentences.is_empty() {
        return;
    }
    announcement.text = sentences.join(". ");
    announcement.count += sentences.len() as u64;
}
