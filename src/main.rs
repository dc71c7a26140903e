//! `gamut`: start the game.

use bevy::prelude::*;
use clap::Parser;
use gamut::app::{Backend, build};
use gamut::args::GameArgs;

fn main() -> AppExit {
    match build(&GameArgs::parse(), Backend::Window) {
        Ok(mut app) => app.run(),
        Err(exit) => exit,
    }
}
