//! Gamut: Lines of Action and Epaminondas in Bevy. The rules live in `gamut-engine`; this crate
//! draws the board from the engine's position and turns clicks into moves.
//!
//! [`logic::GameLogicPlugin`] is the headless game (states, messages, validation, entities, the
//! computer's turns, the win check); [`GamutPlugins`] adds the window's view, input and panels.

pub mod ai;
pub mod args;
pub mod board_view;
pub mod camera;
pub mod demo;
pub mod input;
pub mod logic;
pub mod rules;
pub mod screenshot;
pub mod settings;
pub mod ui;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// Everything on top of the headless logic: board view, camera, input and the egui panels.
pub struct GamutPlugins;

impl PluginGroup for GamutPlugins {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(logic::GameLogicPlugin)
            .add(input::InputPlugin)
            .add(board_view::BoardViewPlugin)
            .add(camera::CameraPlugin)
            .add(ui::UiPlugin)
            .add(demo::DemoPlugin)
            .add(screenshot::ScreenshotPlugin)
    }
}
