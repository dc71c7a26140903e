//! Share (the game-over panel's and the review's **Share…**): an animated GIF of the whole
//! game and a PNG of the position shown, at a size the player picks (remembered in the
//! settings), drawn by `gamut-share` with the words in the player's language; the game's
//! record copied to the clipboard. On the desktop the pictures are written into the exports
//! folder (`DATA/exports`, beside a tournament's exports) under fresh names; in the page they
//! are offered as downloads, and to the device's share sheet where the browser has one.
//!
//! The dialog is the state [`Modal::Share`]; [`screen::draw_share`] draws it and says what the
//! player asked; [`share_window`] carries it out.

#[cfg(not(target_arch = "wasm32"))]
pub mod files;
pub mod pictures;
pub mod screen;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::device_files::DeviceFileRequest;
use crate::i18n::{Words, words_ready};
use crate::model::{CurrentGame, FileTrouble, SeatNames, Seats};
use crate::play::{AppState, Dialogs, Modal};
use crate::review::{Review, ReviewCommand};
use screen::{ShareIntent, ShareView};

/// The folder of the data folder the pictures are written to (a tournament's exports go there
/// too).
pub const EXPORTS: &str = "exports";

/// The pictures' size: their width in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShareSize {
    /// 240 pixels across: about 1.2 KB a move.
    Small,
    /// 360 pixels across.
    #[default]
    Medium,
    /// 480 pixels across.
    Large,
}

impl ShareSize {
    /// Every size, smallest first.
    pub const ALL: [ShareSize; 3] = [ShareSize::Small, ShareSize::Medium, ShareSize::Large];

    /// The pictures' width in pixels.
    pub fn pixels(self) -> u32 {
        match self {
            ShareSize::Small => 240,
            ShareSize::Medium => 360,
            ShareSize::Large => 480,
        }
    }

    /// Its name in the settings file and in the landmarks.
    pub fn key(self) -> &'static str {
        match self {
            ShareSize::Small => "small",
            ShareSize::Medium => "medium",
            ShareSize::Large => "large",
        }
    }

    /// The size of a name in the settings file (an unknown one: none).
    pub fn from_key(key: &str) -> Option<ShareSize> {
        ShareSize::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// Why Share made nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareTrouble {
    /// The game has no board of squares (Boundless).
    NoBoard,
    /// More moves than a GIF shows.
    TooLong {
        /// The game's moves.
        moves: usize,
        /// The most a GIF shows.
        limit: usize,
    },
    /// The game could not be drawn (it did not replay: a fault of the game's, logged).
    NotDrawn,
    /// The pictures could not be written into `folder`.
    File {
        /// The folder, as the player's system writes it.
        folder: String,
        /// What went wrong.
        trouble: FileTrouble,
    },
}

/// What the last press of the dialog's button gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shared {
    /// The desktop: the pictures written in `folder`; the record copied.
    Written {
        /// The folder, as the player's system writes it.
        folder: String,
        /// The GIF's file name and its size in bytes.
        gif: (String, usize),
        /// The PNG's file name and its size in bytes.
        png: (String, usize),
    },
    /// The page: the pictures ready to download or share (the GIF, then the PNG); the
    /// record copied.
    Offered {
        /// Each file's name and content.
        files: Vec<(String, Vec<u8>)>,
        /// Whether the device's share sheet takes them.
        can_share: bool,
    },
    /// Nothing made, and why.
    Failed(ShareTrouble),
}

/// The Share dialog: the size picked and what was made.
#[derive(Resource, Debug, Default)]
pub struct ShareDialog {
    /// The pictures' size.
    pub size: ShareSize,
    /// What the dialog's button gave, since it opened.
    pub shared: Option<Shared>,
}

/// Share: the dialog, opened from the game-over panel and the review.
pub struct SharePlugin;

impl Plugin for SharePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ShareDialog>()
            .add_systems(OnEnter(Modal::Share), begin)
            .add_systems(OnExit(AppState::GameOver), close_when_left)
            .add_systems(OnExit(AppState::Review), close_when_left)
            .add_systems(Update, open_from_review)
            .add_systems(
                EguiPrimaryContextPass,
                share_window
                    .run_if(in_state(Modal::Share))
                    .run_if(words_ready)
                    .after(crate::ui::UiSystems),
            );
    }
}

/// A new dialog: nothing made yet, the size remembered.
fn begin(mut dialog: ResMut<ShareDialog>, prefs: Option<Res<crate::persist::Preferences>>) {
    let remembered = prefs
        .and_then(|p| p.share_size.clone())
        .and_then(|key| ShareSize::from_key(&key));
    *dialog = ShareDialog {
        size: remembered.unwrap_or_default(),
        shared: None,
    };
}

/// The review's Share button opens the dialog.
fn open_from_review(mut commands: MessageReader<ReviewCommand>, mut dialogs: Dialogs) {
    if commands.read().any(|c| *c == ReviewCommand::Share) {
        dialogs.open(Modal::Share);
    }
}

/// The dialog goes with the game over or the review it was opened from.
fn close_when_left(mut dialogs: Dialogs) {
    if dialogs.modal() == Modal::Share {
        dialogs.close();
    }
}

/// Draws the dialog and carries out what the player asked.
fn share_window(
    mut contexts: EguiContexts,
    words: Res<Words>,
    mut dialogs: Dialogs,
    mut dialog: ResMut<ShareDialog>,
    game: Res<CurrentGame>,
    review: Option<Res<Review>>,
    seats: Res<Seats>,
    names: Res<SeatNames>,
    dir: Option<Res<crate::persist::DataDir>>,
    prefs: Option<ResMut<crate::persist::Preferences>>,
    mut files: MessageWriter<DeviceFileRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let view = ShareView {
        size: dialog.size,
        shared: dialog.shared.as_ref(),
        page: crate::device_files::available(),
    };
    let Some(intent) = screen::draw_share(ctx, &words, &view) else {
        return Ok(());
    };
    match intent {
        ShareIntent::Size(size) => {
            if size != dialog.size {
                dialog.size = size;
                dialog.shared = None;
                remember(size, prefs, dir.as_deref());
            }
        }
        ShareIntent::Make => {
            let full = review
                .as_deref()
                .and_then(|r| r.0.as_ref())
                .map_or(&*game, |r| r.full_game());
            let made = pictures::make(&words, full, &game, &seats.0, &names, dialog.size);
            dialog.shared = Some(match made {
                Ok(made) => {
                    ctx.copy_text(made.record.clone());
                    deliver(made, dir.as_deref())
                }
                Err(trouble) => Shared::Failed(trouble),
            });
        }
        ShareIntent::Download(index) => {
            if let Some(Shared::Offered { files: made, .. }) = &dialog.shared
                && let Some((name, bytes)) = made.get(index)
            {
                files.write(DeviceFileRequest::Download {
                    name: name.clone(),
                    bytes: bytes.clone(),
                });
            }
        }
        ShareIntent::ShareSheet => {
            if let Some(Shared::Offered { files: made, .. }) = &dialog.shared {
                files.write(DeviceFileRequest::Share(made.clone()));
            }
        }
        ShareIntent::Close => dialogs.close(),
    }
    Ok(())
}

/// The size remembered in the settings.
fn remember(
    size: ShareSize,
    prefs: Option<ResMut<crate::persist::Preferences>>,
    dir: Option<&crate::persist::DataDir>,
) {
    let Some(mut prefs) = prefs else {
        return;
    };
    prefs.share_size = Some(size.key().to_string());
    if let Some(dir) = dir
        && let Err(e) = prefs.save(&dir.settings())
    {
        warn!(
            "cannot write the settings {}: {e}",
            dir.settings().display()
        );
    }
}

/// The pictures written into the exports folder (the desktop).
#[cfg(not(target_arch = "wasm32"))]
fn deliver(made: pictures::Made, dir: Option<&crate::persist::DataDir>) -> Shared {
    let folder = dir.map_or_else(
        || std::path::PathBuf::from(EXPORTS),
        |d| d.data.join(EXPORTS),
    );
    let shown = folder.display().to_string();
    let sizes = [made.gif.len(), made.png.len()];
    match files::write_fresh(
        &folder,
        &made.stem,
        &[("gif", &made.gif), ("png", &made.png)],
    ) {
        Ok(paths) => {
            let name = |i: usize| {
                let name = paths
                    .get(i)
                    .and_then(|p| p.file_name())
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                (name, sizes[i])
            };
            info!("Share wrote {paths:?}");
            Shared::Written {
                folder: shown,
                gif: name(0),
                png: name(1),
            }
        }
        Err(e) => {
            warn!("Share could not write into {shown}: {e}");
            Shared::Failed(ShareTrouble::File {
                folder: shown,
                trouble: FileTrouble::from_io(&e),
            })
        }
    }
}

/// The pictures offered as downloads, and to the share sheet if the browser takes them (the
/// page).
#[cfg(target_arch = "wasm32")]
fn deliver(made: pictures::Made, _: Option<&crate::persist::DataDir>) -> Shared {
    let files = vec![
        (format!("{}.gif", made.stem), made.gif),
        (format!("{}.png", made.stem), made.png),
    ];
    let can_share = crate::device_files::can_share_files(&files);
    Shared::Offered { files, can_share }
}
