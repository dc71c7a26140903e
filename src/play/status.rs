//! The status line's notice, stamped with the moment it was true.

use bevy::prelude::*;

use super::MovePlayed;
use crate::model::{CurrentGame, Notice};

/// The last notice for the player and the ply it was posted at: it is shown only while the
/// game is still at that ply, so it never outlives the moment it describes.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    notice: Option<Notice>,
    ply: usize,
}

impl Status {
    /// Posts `notice` about the game as it is now.
    pub fn post(&mut self, notice: Notice, game: &CurrentGame) {
        self.notice = Some(notice);
        self.ply = game.ply();
    }

    /// Forgets the notice.
    pub fn clear(&mut self) {
        self.notice = None;
    }

    /// The notice as posted, current or not (for tests and the log).
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The notice if it still describes `game` (posted at its current ply).
    pub fn current(&self, game: &CurrentGame) -> Option<&Notice> {
        self.notice.as_ref().filter(|_| self.ply == game.ply())
    }
}

/// Writes each move and new notice to the log (what the player was told, for bug reports).
pub(super) fn log_status(status: Res<Status>, mut played: MessageReader<MovePlayed>) {
    for event in played.read() {
        info!("{} played {}", event.by, event.mv);
    }
    if status.is_changed()
        && let Some(notice) = status.notice()
    {
        info!("status: {notice:?}");
    }
}
