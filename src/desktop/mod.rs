//! The game as a desktop program: where its files are ([`assets`]), what the player is told when
//! the computer has no driver to draw with ([`no_gpu`]), the window's icon, and the name the
//! desktop knows the window by, so that a desktop matches it with the `gamut.desktop`
//! entry the packages install (`scripts/package.sh`) and shows the game's icon.
//!
//! The icon is `assets/icons/gamut-64.rgba`, the 64 px picture drawn by `scripts/make-icon.py`
//! as raw RGBA, put in the program itself: the window has its icon even before the assets are
//! read, and no image decoder is needed for it. Without an operating-system window (the headless
//! tests) the plugin only names the window.

pub mod assets;
pub mod no_gpu;

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::{WINIT_WINDOWS, WinitPlugin};

/// The name the desktop knows the game by: the window's application id (Wayland) and `WM_CLASS`
/// (X11), the same as the installed `gamut.desktop`.
pub const APP_ID: &str = "gamut";

/// The window icon's side in pixels, and its pixels (8-bit RGBA, row by row).
const ICON_SIZE: u32 = 64;
const ICON_RGBA: &[u8] = include_bytes!("../../assets/icons/gamut-64.rgba");

/// Names the window and gives it the game's icon.
pub struct DesktopPlugin;

impl Plugin for DesktopPlugin {
    fn build(&self, _app: &mut App) {
        info!("assets: {}", crate::asset_folder());
    }

    fn finish(&self, app: &mut App) {
        // In `finish`, every plugin is built: the primary window exists (not yet opened) and
        // whether winit drives it is known.
        let world = app.world_mut();
        let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
        for mut window in windows.iter_mut(world) {
            window.name.get_or_insert_with(|| APP_ID.into());
        }
        if app.is_plugin_added::<WinitPlugin>() {
            app.add_systems(Update, set_window_icon);
        }
    }
}

/// Once winit has opened the primary window, gives it the icon.
fn set_window_icon(
    windows: Query<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
    _winit_lives_on_the_main_thread: NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = windows.single() else {
        return;
    };
    WINIT_WINDOWS.with_borrow(|winit_windows| {
        let Some(window) = winit_windows.get_window(entity) else {
            return;
        };
        match winit::window::Icon::from_rgba(ICON_RGBA.to_vec(), ICON_SIZE, ICON_SIZE) {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(error) => warn!("the window icon: {error}"),
        }
        *done = true;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_icon_is_a_whole_picture() {
        assert_eq!(ICON_RGBA.len(), (ICON_SIZE * ICON_SIZE * 4) as usize);
        assert!(winit::window::Icon::from_rgba(ICON_RGBA.to_vec(), ICON_SIZE, ICON_SIZE).is_ok());
        // Opaque in the middle, see-through in the rounded corner.
        let alpha = |x: u32, y: u32| ICON_RGBA[((y * ICON_SIZE + x) * 4 + 3) as usize];
        assert_eq!(alpha(ICON_SIZE / 2, ICON_SIZE / 2), 255);
        assert_eq!(alpha(0, 0), 0);
    }
}
