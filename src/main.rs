//! `gamut`: start the game.

use bevy::prelude::*;
use clap::Parser;
use gamut::app::{Backend, build};
use gamut::args::GameArgs;

fn main() -> AppExit {
    // The page's command line is its address's query: `?language=fr&game=epaminondas` is
    // `--language fr --game epaminondas`; what the game cannot read is said in the console and
    // left out.
    #[cfg(target_arch = "wasm32")]
    let args = GameArgs::try_parse_from(gamut::web::query_arguments()).unwrap_or_else(|e| {
        gamut::web::console_warning(&format!(
            "the page's address has options the game cannot read: {e}"
        ));
        GameArgs::parse_from(["gamut"])
    });
    #[cfg(not(target_arch = "wasm32"))]
    let args = GameArgs::parse();
    match build(&args, Backend::Window) {
        Ok(mut app) => app.run(),
        Err(exit) => exit,
    }
}
