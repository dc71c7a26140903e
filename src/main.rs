//! `gamut`: start the game.

use std::time::Duration;

use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
use clap::Parser;
use gamut::GamutPlugins;
use gamut::args::GameArgs;
use gamut::board::camera::CameraRig;
use gamut::dev::demo::DemoMode;
use gamut::dev::frame_times::ReportFrameTimes;
use gamut::dev::screenshot::ScreenshotPlan;
use gamut::model::CurrentGame;
use gamut::play::{AppState, GameCommand, StartPosition};

fn main() -> AppExit {
    let args = GameArgs::parse();
    let settings = match args.settings() {
        Ok(settings) => settings,
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
                primary_window: Some(Window {
                    title: "Gamut — Lines of Action · Epaminondas".into(),
                    resolution: WindowResolution::new(1280, 800),
                    ..default()
                }),
                ..default()
            })
            .set(render),
    )
    .add_plugins((MeshPickingPlugin, EguiPlugin::default(), GamutPlugins))
    .insert_resource(settings)
    .insert_resource(game)
    .insert_resource(StartPosition(args.position.clone()))
    .insert_resource(DemoMode(args.demo))
    .insert_resource(CameraRig {
        flat: args.flat,
        ..default()
    })
    .insert_resource(ReportFrameTimes(args.report_frame_times))
    .insert_resource(ScreenshotPlan::new(
        args.screenshot.clone(),
        args.exit_after_frames,
        Duration::from_secs(args.screenshot_timeout),
    ));
    run_main_world_on_one_thread(&mut app);
    if args.starts_directly() {
        app.insert_state(AppState::Playing);
        app.world_mut().write_message(GameCommand::NewGame);
    }
    app.run()
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
