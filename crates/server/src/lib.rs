//! `gamut-server`: Gamut's tables on a network. A table is made with a code; players sit at its
//! seats from the desktop game or a browser and play there; others watch. The server is the
//! referee (every move checked by the engine's rules), keeps every table, seat and move in
//! SQLite before it acknowledges them, and speaks the versioned messages of `gamut-net` over a
//! WebSocket; a table's game downloads as a record, a GIF or a PNG over plain HTTP. See docs/server.md.

pub mod address;
pub mod download;
pub mod engine_queue;
pub mod guard;
pub mod hub;
pub mod notify;
pub mod phase;
pub mod picture;
pub mod referee;
#[cfg(feature = "postgres")]
pub mod relay;
pub mod store;
pub mod token_hash;
pub mod ws;
