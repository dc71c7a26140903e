//! Fullscreen in the page. The browser alone decides: a request counts only close to a player's
//! click, tap or key, and the player leaves with Esc or the browser's own controls. So the
//! game's window follows the page: whenever the page goes in or out of fullscreen
//! (`fullscreenchange`), the window's mode (what the settings' box and F11 show and toggle) is
//! made to match it.

use std::cell::Cell;

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The page went in or out of fullscreen since the last frame.
    static CHANGED: Cell<bool> = const { Cell::new(false) };
}

/// The window's mode follows the page's fullscreen.
pub struct FullscreenPlugin;

impl Plugin for FullscreenPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, listen)
            .add_systems(PreUpdate, follow);
    }
}

/// Listens for the page's `fullscreenchange`.
fn listen() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let changed = Closure::<dyn FnMut()>::new(|| CHANGED.set(true));
    if let Err(e) = document
        .add_event_listener_with_callback("fullscreenchange", changed.as_ref().unchecked_ref())
    {
        error!("the page's fullscreen cannot be followed: {e:?}");
    }
    // Listened to as long as the page lives.
    changed.forget();
}

/// After a change, the window's mode is the page's.
fn follow(mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !CHANGED.take() {
        return;
    }
    let on = web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.fullscreen_element().is_some());
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    info!("the page {} fullscreen", if on { "went" } else { "left" });
    let shown = !matches!(window.mode, WindowMode::Windowed);
    if on != shown {
        window.mode = if on {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
    }
}
