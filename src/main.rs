//! `gamut`: start the game.

use bevy::prelude::*;
use bevy::window::WindowResolution;
use clap::Parser;
use gamut::args::GameArgs;
use gamut::board_view::BoardViewPlugin;
use gamut::rules::Rules;
use gamut::screenshot::{ScreenshotPlan, ScreenshotPlugin};
use gamut_engine::loa;

fn main() -> AppExit {
    let args = GameArgs::parse();
    let variant = match args.variant.parse::<loa::Variant>() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return AppExit::from_code(2);
        }
    };
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Gamut — Lines of Action".into(),
                resolution: WindowResolution::new(1280, 800),
                ..default()
            }),
            ..default()
        }))
        .insert_resource(Rules::new(loa::Rules {
            variant,
            ..default()
        }))
        .insert_resource(ScreenshotPlan::new(args.screenshot, args.exit_after_frames))
        .add_plugins((BoardViewPlugin, ScreenshotPlugin))
        .run()
}
