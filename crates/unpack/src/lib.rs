//! The page's brotli decoder. Over plain http (a phone on the home network reaching the
//! game's host), a browser accepts gzip only: the game's program is 7.6 MB with gzip and
//! 5.3 MB with brotli. The page's loader then downloads the brotli file as it is and decodes
//! it with this small program before compiling the game (web/index.html); over HTTPS, and on
//! this machine's own address, the browser decodes brotli itself and this is not loaded.

use std::io::Read;

/// Why a download could not be decoded.
#[derive(Debug, PartialEq, Eq)]
pub enum Unpacked {
    /// The bytes are not a whole brotli stream (cut short, or not brotli at all).
    NotBrotli(String),
    /// The stream decodes to more than the caller allowed.
    TooLarge,
}

impl std::fmt::Display for Unpacked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unpacked::NotBrotli(why) => write!(f, "not a whole brotli stream: {why}"),
            Unpacked::TooLarge => write!(f, "larger than expected"),
        }
    }
}

/// Decodes `packed`, expecting about `expected` bytes (the room made at once: a phone holds
/// the program once, not in the copies a growing buffer leaves), at most `limit`.
pub fn unbrotli(packed: &[u8], expected: usize, limit: usize) -> Result<Vec<u8>, Unpacked> {
    let mut out = Vec::with_capacity(expected.min(limit));
    let reader = brotli_decompressor::Decompressor::new(packed, 64 * 1024);
    let read = reader
        .take(limit as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| Unpacked::NotBrotli(e.to_string()))?;
    if read > limit {
        return Err(Unpacked::TooLarge);
    }
    Ok(out)
}

/// The page's entry: `packed` decoded (at most 256 MB), or an error the loader shows.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn unpack(packed: &[u8], expected: usize) -> Result<Vec<u8>, wasm_bindgen::JsError> {
    unbrotli(packed, expected, 256 << 20).map_err(|e| wasm_bindgen::JsError::new(&e.to_string()))
}
