//! `gamut`: start the game.

use bevy::prelude::*;
use clap::Parser;
use gamut::app::{Backend, build};
use gamut::args::GameArgs;

fn main() -> AppExit {
    // The page has no command line: its defaults.
    #[cfg(target_arch = "wasm32")]
    let args = GameArgs::parse_from(["gamut"]);
    #[cfg(not(target_arch = "wasm32"))]
    let args = GameArgs::parse();
    match build(&args, Backend::Window) {
        Ok(mut app) => app.run(),
        Err(exit) => exit,
    }
}
