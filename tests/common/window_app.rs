//! The game's own app as `gamut ARGS` builds it (`gamut::app::build`: the plugins and picking
//! settings `main` uses, without an operating-system window and without drawing), for the tests
//! that play it as a player does (`tests/player.rs`, `tests/keyboard.rs`), and the windowing
//! system's part for the keyboard.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent};
use clap::Parser;
use gamut::app::{Backend, build};
use gamut::args::GameArgs;
use gamut::i18n::Words;
use gamut::model::Cell;
use gamut::play::{AppState, TurnState};

use super::game;

/// A data folder of the test's own, `gamut-PREFIX-<pid>-NAME` in the system's temporary folder
/// (the player's real one is never touched), empty.
pub fn data_dir(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamut-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The game as `gamut ARGS` starts it with the data folder `dir` and no animations, after its
/// first frames: the words loaded, the panels drawn, the board built and framed in the part of
/// the window they leave, the pieces dressed.
pub fn game_app_in(dir: &Path, args: &[&str]) -> App {
    let mut line = vec!["gamut", "--animation", "instant", "--data-dir"];
    line.push(dir.to_str().unwrap());
    line.extend_from_slice(args);
    let args = GameArgs::try_parse_from(line).expect("the arguments parse");
    let mut app = build(&args, Backend::Headless).expect("the game starts");
    run_until(&mut app, "the words", |app| {
        app.world()
            .get_resource::<Words>()
            .is_some_and(Words::is_ready)
    });
    for _ in 0..5 {
        app.update();
    }
    app
}

/// The cell named `name` (`b1`).
pub fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

/// Whether a person may move now (or the turn is being decided).
pub fn waiting_for_a_person(app: &App) -> bool {
    app.world()
        .get_resource::<State<TurnState>>()
        .is_some_and(|t| *t.get() == TurnState::AwaitingInput)
}

/// Runs frames until `done` (the computer and the prover work on other threads): a generous
/// limit, not a speed target.
pub fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "waited too long for {what}: ply {}, {:?}, {:?}",
            game(app).ply(),
            app.world().resource::<State<AppState>>().get(),
            app.world()
                .get_resource::<State<TurnState>>()
                .map(|s| *s.get()),
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The game's window.
pub fn window(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("the game has a window")
}

/// The windowing system's part for a key: `KeyboardInput` pressed then released, each also as a
/// `WindowEvent`, a frame each; `text` is what winit gives for a key that types.
pub fn key_with(app: &mut App, code: KeyCode, logical: Key, text: Option<&str>) {
    let window = window(app);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let input = KeyboardInput {
            key_code: code,
            logical_key: logical.clone(),
            state,
            text: text
                .filter(|_| state == ButtonState::Pressed)
                .map(Into::into),
            repeat: false,
            window,
        };
        app.world_mut().write_message(input.clone());
        app.world_mut()
            .write_message(WindowEvent::KeyboardInput(input));
        app.update();
    }
}
