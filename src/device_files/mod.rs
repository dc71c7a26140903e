//! Files to and from the player's device, where the game keeps its own in a store the player
//! cannot open as a folder: the page. A save downloads as a file (the browser's downloads),
//! and a save or record on the device opens through the browser's file picker, then as any
//! file the game opens ([`PersistRequest::OpenFile`]).
//!
//! The seam: [`available`] says whether this build has it (the page); the desktop keeps its
//! saves in a folder of its own and opens files by `--open`, so its saves window shows no such
//! buttons. Screens ask with [`DeviceFileRequest`]; this plugin carries it out.

#[cfg(target_arch = "wasm32")]
mod web;

use bevy::prelude::*;

use crate::model::CurrentGame;
use crate::persist::PersistRequest;
use crate::play::Status;

/// What a screen asks of the device's files.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum DeviceFileRequest {
    /// Offer `bytes` to the player as a file named `name` (a download in the page).
    Download {
        /// The file's name.
        name: String,
        /// Its content.
        bytes: Vec<u8>,
    },
    /// Let the player choose a save or record on their device and open it.
    Open,
    /// Hand files (name, content) to the device's share sheet (the Web Share API), where
    /// [`can_share_files`] says the browser has it.
    Share(Vec<(String, Vec<u8>)>),
}

/// Marks `button` (drawn this frame) as the one that opens the device's file picker. A browser
/// opens a picker only within a moment of the player's press, and the game carries out a click
/// a frame later (seconds, on a slow device: the picker did not open and nothing was said): on
/// the page, the page's own handler of the press opens it, when the press and its release fall
/// on this button as last drawn.
pub fn opens_the_picker(ctx: &bevy_egui::egui::Context, button: &bevy_egui::egui::Response) {
    #[cfg(target_arch = "wasm32")]
    if button.enabled() {
        web::gesture_target(ctx, button.rect);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (ctx, button);
}

/// Whether the device has a share sheet that takes these files (`navigator.canShare` in the
/// page; the desktop has none).
pub fn can_share_files(files: &[(String, Vec<u8>)]) -> bool {
    #[cfg(target_arch = "wasm32")]
    return web::can_share(files);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = files;
        false
    }
}

/// The file type a download or a shared file is given, from its name's ending.
pub fn media_type(name: &str) -> &'static str {
    let ending = name.rsplit('.').next().unwrap_or_default();
    match ending.to_ascii_lowercase().as_str() {
        "gif" => "image/gif",
        "png" => "image/png",
        "txt" | "pgn" | "loa" => "text/plain",
        "html" => "text/html",
        _ => "application/json",
    }
}

/// Whether this build can give files to the device and take them from it.
pub const fn available() -> bool {
    cfg!(target_arch = "wasm32")
}

/// The device's files: requests carried out, files chosen opened.
pub struct DeviceFilesPlugin;

impl Plugin for DeviceFilesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<DeviceFileRequest>()
            .add_systems(Update, (carry_out, open_chosen).chain());
        #[cfg(target_arch = "wasm32")]
        app.add_systems(Startup, web::listen_for_presses)
            .add_systems(First, web::forget_gesture_targets);
    }
}

/// Carries out the screens' requests (on the desktop there are none: [`available`] is false).
/// A picker the browser would not open (no press of the player's close enough) is said.
fn carry_out(
    mut requests: MessageReader<DeviceFileRequest>,
    mut status: ResMut<Status>,
    game: Res<CurrentGame>,
) {
    for request in requests.read() {
        #[cfg(target_arch = "wasm32")]
        match request {
            DeviceFileRequest::Download { name, bytes } => web::download(name, bytes),
            DeviceFileRequest::Open => {
                if web::choose().is_err() {
                    status.post(crate::model::Notice::FilePickerRefused, &game);
                }
            }
            DeviceFileRequest::Share(files) => web::share(files),
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            warn!("{request:?}: this build has no device files");
            let _ = (&mut status, &game);
        }
    }
}

/// A file the player chose, once read, opened as the game opens any file.
fn open_chosen(mut opens: MessageWriter<PersistRequest>) {
    #[cfg(target_arch = "wasm32")]
    while let Some((name, bytes)) = web::take_chosen() {
        opens.write(PersistRequest::OpenFile { name, bytes });
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = &mut opens;
}

/// A file name for a save's download: `name` with `.json`, without the characters devices
/// refuse in names.
pub fn download_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| match c {
            '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '-',
            c if c.is_control() => '-',
            c => c,
        })
        .collect();
    let clean = clean.trim().trim_matches('.');
    format!("{}.json", if clean.is_empty() { "gamut" } else { clean })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_download_is_named_as_devices_allow() {
        assert_eq!(
            download_name("Lines of Action 2026-11-27"),
            "Lines of Action 2026-11-27.json"
        );
        assert_eq!(download_name("a/b:c?"), "a-b-c-.json");
        assert_eq!(download_name("  ..  "), "gamut.json");
        assert_eq!(download_name("tab\there"), "tab-here.json");
    }

    #[test]
    fn a_file_is_given_the_type_of_its_ending() {
        assert_eq!(media_type("gamut-2026-11-30.gif"), "image/gif");
        assert_eq!(media_type("x.PNG"), "image/png");
        assert_eq!(media_type("game.txt"), "text/plain");
        assert_eq!(media_type("save.json"), "application/json");
        assert_eq!(media_type("no ending"), "application/json");
    }
}
