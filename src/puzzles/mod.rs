//! Puzzles proven by the engine, solved on the board: opened from the title screen
//! ([`crate::play::OpenLearn::Puzzles`]). The list groups the shipped puzzles
//! ([`catalog`]) by game, variant or board and by "win in N", each titled and labelled with its
//! theme, with each one's state kept in `puzzles.json`
//! ([`progress`]); a chosen puzzle goes on the board through the practice hook
//! (a practice [`crate::play::StartGame`]) and [`session`] judges the player's moves with the exact
//! prover and answers with the longest defence. [`screen`] draws the list and the panel.
//!
//! [`PuzzleLogicPlugin`] is the headless part (tests add it to a headless app);
//! [`PuzzlesPlugin`] adds the screens.

pub mod catalog;
pub mod progress;
mod screen;
pub mod session;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub use catalog::{Catalog, Group, PuzzleEntry};
pub use progress::{PuzzleProgress, PuzzleState};
pub use session::{
    Attempt, HintStep, Phase, PuzzleCommand, PuzzlePace, PuzzleScreen, Verdict, View,
};

use crate::play::{PlaySystems, TurnState};

/// The puzzles without their screens: the catalogue, the progress file, the commands and the
/// judging of moves.
pub struct PuzzleLogicPlugin;

impl Plugin for PuzzleLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PuzzleScreen>()
            .init_resource::<PuzzlePace>()
            .init_resource::<PuzzleProgress>()
            .init_resource::<session::Work>()
            .insert_resource(Catalog::load(
                &std::path::Path::new(&crate::asset_folder()).join("puzzles"),
            ))
            .add_message::<PuzzleCommand>()
            .add_message::<crate::editor::PuzzleSaved>()
            .add_systems(Startup, (progress::load_progress, load_mine))
            .add_systems(Update, list_saved)
            .add_systems(
                Update,
                session::drive_board
                    .run_if(in_state(crate::play::Practising))
                    .run_if(in_state(TurnState::AwaitingInput))
                    .before(PlaySystems),
            )
            .add_systems(
                Update,
                (
                    session::open_list,
                    session::escape_key,
                    session::see_resets,
                    session::handle_commands,
                    session::follow_moves,
                    session::collect_answers,
                )
                    .chain()
                    .after(PlaySystems)
                    .after(crate::engine_jobs::EngineJobsSystems),
            );
    }
}

/// The player's own puzzles (saved from the board editor), from the data folder, at the start.
fn load_mine(dir: Option<Res<crate::persist::DataDir>>, mut catalog: ResMut<Catalog>) {
    if let Some(dir) = dir {
        catalog.load_mine(&dir.puzzles());
    }
}

/// A puzzle the board editor has just saved is listed at once.
fn list_saved(mut saved: MessageReader<crate::editor::PuzzleSaved>, mut catalog: ResMut<Catalog>) {
    for saved in saved.read() {
        catalog.add_mine(&saved.path, (*saved.puzzle).clone());
    }
}

/// The puzzle screens: the list over the title and the panel beside the board.
pub struct PuzzlesPlugin;

impl Plugin for PuzzlesPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(PuzzleLogicPlugin).add_systems(
            EguiPrimaryContextPass,
            (
                screen::puzzle_list.run_if(in_state(crate::play::MenuScreen::Puzzles)),
                screen::puzzle_panel
                    .run_if(in_state(crate::play::Practising))
                    .run_if(in_state(crate::play::GameMode::Puzzle)),
            )
                .chain()
                .after(crate::ui::UiSystems)
                .run_if(crate::i18n::words_ready),
        );
    }
}
