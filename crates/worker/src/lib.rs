//! The page's engine worker (`web/worker.js` loads it): a WebAssembly program of its own that
//! carries out the engine's jobs the page sends ([`gamut_jobs`]), so a phone downloads, compiles
//! and holds the engine once, not the whole game a second time. The page's side is the game's
//! `src/engine_jobs/web.rs`.
//!
//! Empty on the desktop: the game runs its jobs on threads of its own.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen::prelude::*;

thread_local! {
    /// The worker's searchers, kept between its jobs (the computer's table stays warm between
    /// moves).
    static BRAIN: gamut_jobs::Brain = gamut_jobs::Brain::default();
}

/// Carries out job `id` (`request`, JSON) and gives its end as the JSON message for the page;
/// each progress report is given to `progress` as such a message first.
#[wasm_bindgen]
pub fn engine_job(id: f64, request: &str, progress: &js_sys::Function) -> String {
    BRAIN.with(|brain| {
        gamut_jobs::carry_out(brain, id as u64, request, &|message| {
            let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(message));
        })
    })
}
