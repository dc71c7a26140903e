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
