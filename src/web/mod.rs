//! What only the page has: its address, whose query is the page's command line, and its
//! fullscreen.

pub mod fullscreen;

/// The game's arguments from the page's address: `?language=fr&game=epaminondas` gives
/// `gamut --language fr --game epaminondas` (see [`crate::args::from_query`]).
pub fn query_arguments() -> Vec<String> {
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    crate::args::from_query(&query, |part| {
        js_sys::decode_uri_component(&part.replace('+', " "))
            .ok()
            .and_then(|s| s.as_string())
    })
}

/// Says `message` in the browser's console (before the game's log is set up).
pub fn console_warning(message: &str) {
    web_sys::console::warn_1(&message.into());
}

/// A phone: a finger for a pointer (`(pointer: coarse)`) and a screen under 600 CSS pixels on
/// its short side.
pub fn small_touch_screen() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let coarse = window
        .match_media("(pointer: coarse)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches());
    let side = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
    let short = side(window.inner_width())
        .zip(side(window.inner_height()))
        .is_some_and(|(w, h)| w.min(h) < 600.0);
    coarse && short
}
