//! `gamut`: start the game.

use std::time::Duration;

use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::window::{MonitorSelection, WindowMode, WindowResolution};
use bevy_egui::EguiPlugin;
use clap::Parser;
use gamut::GamutPlugins;
use gamut::args::GameArgs;
use gamut::board::camera::CameraRig;
use gamut::dev::frame_times::ReportFrameTimes;
use gamut::dev::screenshot::ScreenshotPlan;
use gamut::exhibition::Exhibition;
use gamut::model::{CurrentGame, GameSettings};
use gamut::persist::{DataDir, PersistStart, Preferences};
use gamut::play::{AppState, GameCommand, StartPosition, Status};

fn main() -> AppExit {
    let args = GameArgs::parse();
    let data_dir = args
        .data_dir
        .clone()
        .map(DataDir::at)
        .unwrap_or_else(DataDir::from_os);
    let (prefs, prefs_notice) = Preferences::load(&data_dir.settings());
    if let Some(notice) = &prefs_notice {
        // The command line speaks English; the same words show in the game's language.
        let english = gamut::i18n::Words::from_assets(gamut::model::Language::English);
        eprintln!(
            "gamut: {}",
            gamut::ui::text::notice(&english, notice, false)
        );
    }
    let mut settings = match args.settings_over(prefs.apply(GameSettings::default())) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("error: {message} (see gamut --help)");
            return AppExit::from_code(2);
        }
    };
    let exhibition = exhibition(&args, &mut settings);
    let presentation = match args.presentation_over(prefs.presentation) {
        Ok(presentation) => presentation,
        Err(message) => {
            eprintln!("error: {message} (see gamut --help)");
            return AppExit::from_code(2);
        }
    };
    let game = match &args.position {
        Some(text) => match CurrentGame::from_text(settings.config, text) {
            Ok(game) => game,
            Err(message) => {
                eprintln!("error: {message} (see gamut --help)");
                return AppExit::from_code(2);
            }
        },
        None => CurrentGame::new(settings.config),
    };
    let mut app = App::new();
    let mut render = RenderPlugin::default();
    if args.skip_rendering {
        render.render_creation = WgpuSettings {
            backends: None,
            ..default()
        }
        .into();
    }
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window(&prefs)),
                ..default()
            })
            .set(render)
            .set(AssetPlugin {
                file_path: gamut::asset_folder(),
                ..default()
            }),
    )
    .add_plugins((MeshPickingPlugin, EguiPlugin::default(), GamutPlugins))
    .insert_resource(bevy::picking::mesh_picking::MeshPickingSettings {
        require_markers: true,
        ..default()
    })
    .insert_resource(settings)
    .insert_resource(presentation)
    .insert_resource(game)
    .insert_resource(StartPosition(args.position.clone()))
    .insert_resource(exhibition)
    .insert_resource(CameraRig {
        flat: args.flat || prefs.view.is_some_and(|v| v.flat),
        ..default()
    })
    .insert_resource(data_dir)
    .insert_resource(PersistStart {
        open: args.open.clone(),
        resume: args.resume,
    })
    .insert_resource(ReportFrameTimes(args.report_frame_times))
    .insert_resource(ScreenshotPlan::new(
        args.screenshot.clone(),
        args.exit_after_frames,
        Duration::from_secs(args.screenshot_timeout),
    ));
    if let Some(notice) = prefs_notice {
        let game = app.world().resource::<CurrentGame>().clone();
        app.world_mut().resource_mut::<Status>().post(notice, &game);
    }
    app.insert_resource(prefs);
    run_main_world_on_one_thread(&mut app);
    if args.starts_directly() && args.open.is_none() && !args.resume {
        app.insert_state(AppState::Playing);
        app.world_mut().write_message(GameCommand::NewGame);
    }
    app.run()
}

/// The Exhibition, started with `--demo` (its first game the one `--game`/`--variant` name, its
/// think time and animation those of `--think-time` and `--animation` when given).
fn exhibition(args: &GameArgs, settings: &mut GameSettings) -> Exhibition {
    let mut exhibition = Exhibition::default();
    if !args.demo {
        return exhibition;
    }
    if args.think_time.is_some() {
        exhibition.think_time = settings.think_time;
    }
    if args.animation.is_some() {
        exhibition.animation = settings.animation;
    }
    if args.game.is_some() || args.variant.is_some() {
        exhibition.start_from(settings.config, settings);
    } else {
        exhibition.start(settings);
    }
    exhibition
}

/// The window as it was left (size, fullscreen), or the default.
fn window(prefs: &Preferences) -> Window {
    let (width, height, fullscreen) = prefs
        .window
        .filter(|w| {
            w.width >= 320.0 && w.height >= 240.0 && w.width <= 16384.0 && w.height <= 16384.0
        })
        .map(|w| (w.width as u32, w.height as u32, w.fullscreen))
        .unwrap_or((1280, 800, false));
    Window {
        title: "Gamut — Lines of Action · Epaminondas".into(),
        resolution: WindowResolution::new(width, height),
        mode: if fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        },
        ..default()
    }
}

/// Runs every schedule of the main world on the main thread. The game's own work per frame is a
/// few milliseconds of small systems; spread over the task pool, waking the worker threads for
/// each batch cost more than the systems themselves (measured with `--skip-rendering
/// --report-frame-times`, see the README). Drawing keeps its own threads.
fn run_main_world_on_one_thread(app: &mut App) {
    use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}
