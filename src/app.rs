//! The game's app, built in one place for the window and for the tests that drive it through the
//! operating system's input messages (the same plugins, settings and resources either way).

use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::window::{MonitorSelection, WindowMode, WindowResolution};
use bevy_egui::EguiPlugin;

use crate::GamutPlugins;
use crate::args::GameArgs;
use crate::board::camera::CameraRig;
use crate::exhibition::Exhibition;
use crate::model::{CurrentGame, GameSettings};
use crate::persist::{DataDir, PersistStart, Preferences};
use crate::play::{AppState, GameCommand, StartGame, StartPosition, Status};

/// Where the app shows itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A real window drawn on the graphics card (or `--skip-rendering`: a window, no drawing).
    Window,
    /// No operating-system window and no drawing: the window exists as Bevy's entity only, and
    /// the caller plays the part of the windowing system (it writes the cursor and button
    /// messages winit writes). For the tests that click the board as a player does.
    Headless,
}

/// The game's app for `args`, or the exit code for arguments it cannot start with (the message
/// is printed).
pub fn build(args: &GameArgs, backend: Backend) -> Result<App, AppExit> {
    let data_dir = args
        .data_dir
        .clone()
        .map(DataDir::at)
        .unwrap_or_else(DataDir::from_os);
    let (prefs, prefs_notice) = Preferences::load(&data_dir.settings());
    if let Some(notice) = &prefs_notice {
        // The command line speaks English; the same words show in the game's language.
        let english = crate::i18n::Words::from_assets(crate::model::Language::English);
        eprintln!(
            "gamut: {}",
            crate::ui::notices::notice(&english, notice, crate::ui::text::Table::NONE)
        );
    }
    let settings = args
        .settings_over(prefs.apply(GameSettings::default()))
        .map_err(usage_error)?;
    let (exhibition, show) = exhibition(args, &settings);
    let presentation = args
        .presentation_over(prefs.presentation)
        .map_err(usage_error)?;
    let game = match &args.position {
        Some(text) => CurrentGame::from_text(settings.config, text).map_err(usage_error)?,
        None => CurrentGame::new(settings.config),
    };
    #[cfg(not(target_arch = "wasm32"))]
    if backend == Backend::Window && !args.skip_rendering {
        // Before the renderer looks for a graphics driver: no driver is said in words.
        let language = presentation
            .language
            .unwrap_or_else(|| crate::i18n::first_supported(sys_locale::get_locales()));
        crate::desktop::no_gpu::watch(language);
    }
    let mut app = App::new();
    // In the page, the asset server reads the assets put in the program (before its plugin).
    #[cfg(target_arch = "wasm32")]
    app.register_asset_source(
        bevy::asset::io::AssetSourceId::Default,
        crate::store::shipped::asset_source(),
    );
    app.add_plugins(platform_plugins(args, backend, &prefs))
        .add_plugins((MeshPickingPlugin, EguiPlugin::default(), GamutPlugins))
        .insert_resource(settings)
        .insert_resource(crate::model::ChosenNames(prefs.chosen_names()))
        .insert_resource(presentation)
        .insert_resource(game)
        .insert_resource(StartPosition(args.position.clone()))
        .insert_resource(exhibition)
        .insert_resource(CameraRig {
            flat: args.flat || prefs.view.map_or_else(flat_by_default, |v| v.flat),
            ..default()
        })
        .insert_resource(data_dir)
        .insert_resource(PersistStart {
            open: args.open.clone(),
            resume: args.resume,
        });
    #[cfg(feature = "dev")]
    app.insert_resource(crate::dev::frame_times::ReportFrameTimes(
        args.report_frame_times,
    ))
    .insert_resource(crate::dev::positions::LogPositions(args.log_positions))
    .insert_resource(crate::dev::engine_bench::EngineBench::new(
        args.engine_bench,
    ))
    .insert_resource(crate::dev::screenshot::ScreenshotPlan::new(
        args.screenshot.clone(),
        args.exit_after_frames,
        std::time::Duration::from_secs(args.screenshot_timeout),
    ));
    if let Some(notice) = prefs_notice {
        let game = app.world().resource::<CurrentGame>().clone();
        app.world_mut().resource_mut::<Status>().post(notice, &game);
    }
    app.insert_resource(prefs);
    run_main_world_on_one_thread(&mut app);
    if let Some(mut show) = show {
        app.insert_state(AppState::Playing);
        if args.position.is_some() {
            // The first show from the position given (of the game `--game` named).
            show.game = Box::new(app.world().resource::<CurrentGame>().clone());
        }
        app.world_mut().write_message(show);
    } else if args.starts_directly() && args.open.is_none() && !args.resume {
        app.insert_state(AppState::Playing);
        app.world_mut().write_message(GameCommand::NewGame);
    }
    Ok(app)
}

fn usage_error(message: impl std::fmt::Display) -> AppExit {
    eprintln!("error: {message} (see gamut --help)");
    AppExit::from_code(2)
}

/// Bevy's default plugins with the window as it was left, drawing switched off for
/// `--skip-rendering`, the assets' folder, and for [`Backend::Headless`] no windowing system.
fn platform_plugins(
    args: &GameArgs,
    backend: Backend,
    prefs: &Preferences,
) -> bevy::app::PluginGroupBuilder {
    let mut render = RenderPlugin::default();
    if args.skip_rendering || backend == Backend::Headless {
        render.render_creation = WgpuSettings {
            backends: None,
            ..default()
        }
        .into();
    }
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(window(prefs)),
            ..default()
        })
        .set(render)
        .set(AssetPlugin {
            file_path: crate::asset_folder(),
            ..default()
        });
    match backend {
        Backend::Window => plugins,
        Backend::Headless => plugins.disable::<bevy::winit::WinitPlugin>(),
    }
}

/// The Exhibition, started with `--demo` (its first game the one `--game`/`--variant` name, its
/// think time and animation those of `--think-time` and `--animation` when given).
fn exhibition(args: &GameArgs, settings: &GameSettings) -> (Exhibition, Option<StartGame>) {
    let mut exhibition = Exhibition::default();
    if !args.demo {
        return (exhibition, None);
    }
    if args.think_time.is_some() {
        exhibition.think_time = settings.think_time;
    }
    if args.animation.is_some() {
        exhibition.animation = settings.animation;
    }
    let show = if args.game.is_some() || args.variant.is_some() {
        exhibition.start_from(settings.config)
    } else {
        exhibition.start()
    };
    (exhibition, Some(show))
}

/// The window as it was left (size, fullscreen), or the default.
fn window(prefs: &Preferences) -> Window {
    let (width, height, fullscreen) = prefs
        .window
        .filter(|w| {
            w.width >= 320.0 && w.height >= 240.0 && w.width <= 16384.0 && w.height <= 16384.0
        })
        // A page goes fullscreen only at a player's gesture: it starts in its tab.
        .map(|w| {
            (
                w.width as u32,
                w.height as u32,
                w.fullscreen && !cfg!(target_arch = "wasm32"),
            )
        })
        .unwrap_or((1280, 800, false));
    Window {
        title: "Gamut — Lines of Action · Epaminondas".into(),
        // In the page: the canvas of `web/index.html`, as large as the page, and the page's
        // own gestures (scrolling, zooming it) kept off the board.
        canvas: Some("#gamut".into()),
        fit_canvas_to_parent: true,
        prevent_default_event_handling: true,
        // The X11 class / Wayland app id the desktop entry (gamut.desktop) is matched by.
        name: Some("gamut".into()),
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
/// --report-frame-times`, see docs/figures.md, "Frame time"). Drawing keeps its own threads.
fn run_main_world_on_one_thread(app: &mut App) {
    use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}

/// The board's view before the player chose one: flat on a phone, whose small screen reads the
/// 2D board best (its squares a finger's width); the 3D board elsewhere.
fn flat_by_default() -> bool {
    #[cfg(target_arch = "wasm32")]
    return crate::web::small_touch_screen();
    #[cfg(not(target_arch = "wasm32"))]
    false
}
