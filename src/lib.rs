//! Gamut: Lines of Action and Epaminondas in Bevy. The rules live in `gamut-engine`; this crate
//! is the game around them, in layers whose dependencies point one way:
//!
//! ```text
//!            model  — the game in progress, cells, requests, seats, typed notices (no systems)
//!              ^
//!            play   — the one writer of the game: `StartGame` and `PlayMove`, the states
//!                     (`AppState`, `TurnState`, `GameMode`, `Overlay`, computed `Practising`
//!                     and `Exhibiting`), turn flow, commands, piece entities (headless)
//!       ^      ^      ^
//!      ai    input  board  review — the computer · clicks and keys · the 3D view, animations,
//!       ^      ^      ^      ^       camera · stepping through a game, its analysis
//!                       analysis — the analysis board: variations, the engine's lines
//!                       persist — saves, autosave, resume, remembered settings
//!     ui, exhibition — panels and dialogs · computer against computer through every
//!                      game, for a big screen
//!     dev (feature `dev`) — screenshots, frame times, positions log, start-up hooks
//!     learn, puzzles — lessons played on the board · puzzles proven by the engine
//!     editor — the board editor: any position set up by mouse, judged by the rules
//!     share — the game as an animated GIF and the position as a PNG, the record copied
//!     access — the screen reader: moves, refusals and results announced, squares described
//!            sound, i18n — the sounds · the words in English, French and Italian (Fluent)
//!     store (under the features) — the game's files: one lifecycle, atomic writes, the
//!            back-end seam (folders, memory; the page's storage: `store::files`), and the
//!            assets put in the page's program (`store::shipped`)
//!     engine_jobs (under every feature that searches) — the one service for background
//!            engine work: jobs as data, reports as messages; a thread a job on the desktop,
//!            a Web Worker in the page
//!     web (the page only) — its address's query as the command line (docs/web.md)
//!     rest (under all of them) — the loop draws only when something asks for a frame
//!            desktop — where the assets are, the window's icon and name
//! ```
//!
//! [`HeadlessPlugins`] is a whole game without a window (tests); [`GamutPlugins`] adds input,
//! the board, the panels and the tools.

pub mod access;
pub mod ai;
pub mod analysis;
pub mod app;
pub mod args;
pub mod board;
pub mod desktop;
#[cfg(feature = "dev")]
pub mod dev;
pub mod device_files;
pub mod editor;
pub mod engine_jobs;
pub mod exhibition;
pub mod i18n;
pub mod input;
pub mod learn;
pub mod mistakes;
pub mod model;
pub mod persist;
pub mod play;
pub mod puzzles;
pub mod rest;
pub mod review;
pub mod share;
pub mod sound;
pub mod store;
pub mod strength;
pub mod strength_screen;
pub mod table;
pub mod tournament;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::app::PluginGroupBuilder;
use bevy::prelude::*;

/// Where the game's `assets/` folder is (see [`desktop::assets`]): from `BEVY_ASSET_ROOT` or
/// `CARGO_MANIFEST_DIR` set at run time, beside the program (the portable archive), installed
/// as `<prefix>/share/gamut/assets` for `<prefix>/bin/gamut` (the packages), or in the source
/// tree it was built from (`target/debug/gamut` run directly). Looked up once.
///
/// When none holds the assets, this says where it looked on stderr and ends the program with
/// exit code 1: it is first called while the app is being built, before anything is shown.
/// In the browser it is `assets`, the name of the shipped files put in the program.
pub fn asset_folder() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        // In the page, the assets are in the program itself (`store::shipped`).
        store::shipped::ROOT.to_string()
    }
    #[cfg(not(target_arch = "wasm32"))]
    match desktop::assets::locate() {
        Ok(folder) => folder.to_string_lossy().into_owned(),
        Err(not_found) => {
            eprintln!("{not_found}");
            std::process::exit(1)
        }
    }
}

/// The game without a window: the turn flow and the computer.
pub struct HeadlessPlugins;

impl PluginGroup for HeadlessPlugins {
    fn build(self) -> PluginGroupBuilder {
        PluginGroupBuilder::start::<Self>()
            .add(rest::RestPlugin)
            .add(play::PlayPlugin)
            .add(engine_jobs::EngineJobsPlugin)
            .add(ai::AiPlugin)
    }
}

/// The whole game: the headless game plus input, the board, the panels and the tools.
pub struct GamutPlugins;

impl PluginGroup for GamutPlugins {
    fn build(self) -> PluginGroupBuilder {
        let group = PluginGroupBuilder::start::<Self>()
            .add_group(HeadlessPlugins)
            .add(desktop::DesktopPlugin)
            .add(i18n::I18nPlugin)
            .add(persist::PersistPlugin)
            .add(device_files::DeviceFilesPlugin)
            .add(input::InputPlugin)
            .add(board::BoardPlugin)
            .add(review::ReviewPlugin)
            .add(analysis::AnalysisPlugin)
            .add(mistakes::MistakesPlugin)
            .add(share::SharePlugin)
            .add(sound::SoundPlugin)
            .add(ui::UiPlugin)
            .add(access::AccessPlugin)
            .add(exhibition::ExhibitionPlugin)
            .add(learn::LearnPlugin)
            .add(puzzles::PuzzlesPlugin)
            .add(editor::EditorPlugin)
            .add(strength::StrengthPlugin)
            .add(strength_screen::StrengthScreenPlugin)
            .add(tournament::TournamentPlugin)
            .add(table::TablePlugin);
        #[cfg(target_arch = "wasm32")]
        let group = group.add(web::fullscreen::FullscreenPlugin);
        #[cfg(feature = "dev")]
        let group = group.add(dev::DevPlugin);
        group
    }
}
