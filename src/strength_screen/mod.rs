//! "Your strength": the screen over the title that shows a person's rating in each game, its
//! graph and the level to play next (`screen`). The ratings themselves, the named players and
//! their files are `crate::strength`'s, below the interface; this folder is the screen only.

mod screen;

pub use screen::{GameStrength, StrengthChoice, draw};

use bevy::prelude::*;

use crate::play::MenuScreen;

/// The screen, drawn while the title shows it.
pub struct StrengthScreenPlugin;

impl Plugin for StrengthScreenPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            bevy_egui::EguiPrimaryContextPass,
            screen::strength_screen
                .run_if(in_state(MenuScreen::Strength))
                .after(crate::ui::UiSystems)
                .run_if(crate::i18n::words_ready),
        );
    }
}
