//! Share as a player uses it: a hot-seat game played with the mouse and resigned, the
//! game-over panel's Share…, a size picked, the pictures saved; the GIF and the PNG read back
//! from the exports folder (the frames, the size), the record on the clipboard (egui's copy
//! command, what bevy_egui hands to the system's clipboard), the size remembered; a second
//! share under fresh names; the review's Share…; and a folder that cannot be written, said.
//!
//! The app is the game's own (`gamut::app::build`), without a window or drawing; the test
//! writes the cursor and button messages winit writes, and nothing else.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use gamut::board::geometry::{PIECE_LIFT, square_center};
use gamut::model::Cell;
use gamut::play::{AppState, Modal};
use gamut_share::Layout;

mod common;

use common::window_app::{cell, game_app_in, run_until, waiting_for_a_person};
use common::{app_state, game};

/// The mouse as winit reports it.
struct Mouse {
    window: Entity,
}

impl Mouse {
    fn of(app: &mut App) -> Mouse {
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(app.world())
            .expect("the game has a window");
        Mouse { window }
    }

    /// Moves the cursor to `to` in three steps, a frame each.
    fn move_to(&self, app: &mut App, to: Vec2) {
        let from = app
            .world()
            .get::<Window>(self.window)
            .and_then(Window::cursor_position)
            .unwrap_or(to);
        for i in 1..=3 {
            let at = from.lerp(to, i as f32 / 3.0);
            let mut window = app.world_mut().get_mut::<Window>(self.window).unwrap();
            let last = window.cursor_position();
            window.set_cursor_position(Some(at));
            let moved = CursorMoved {
                window: self.window,
                position: at,
                delta: last.map(|l| at - l),
            };
            app.world_mut().write_message(moved.clone());
            app.world_mut()
                .write_message(WindowEvent::CursorMoved(moved));
            app.update();
        }
    }

    fn button(&self, app: &mut App, state: ButtonState) {
        let input = MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: self.window,
        };
        app.world_mut().write_message(input);
        app.world_mut()
            .write_message(WindowEvent::MouseButtonInput(input));
    }

    /// Points at `to`, presses and releases; the text egui was asked to copy in the frames of
    /// the click and the few after it.
    fn click_at(&self, app: &mut App, to: Vec2) -> Vec<String> {
        self.move_to(app, to);
        let mut copied = Vec::new();
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.button(app, state);
            app.update();
            copied.extend(copies(app));
        }
        for _ in 0..3 {
            app.update();
            copied.extend(copies(app));
        }
        copied
    }

    /// Clicks the square `at` of the board.
    fn click_square(&self, app: &mut App, at: Cell) {
        let spot = on_screen(app, at);
        self.click_at(app, spot);
    }
}

/// The text egui asked the system's clipboard to take in the last frame.
fn copies(app: &mut App) -> Vec<String> {
    let output = app
        .world_mut()
        .query_filtered::<&bevy_egui::EguiOutput, With<bevy_egui::PrimaryEguiContext>>()
        .single(app.world())
        .expect("the panels' egui output");
    output
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            bevy_egui::egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Where the square `at` is drawn in the window.
fn on_screen(app: &mut App, at: Cell) -> Vec2 {
    let game = game(app);
    let lift = if game.pieces().iter().any(|&(c, _)| c == at) {
        PIECE_LIFT * 2.0
    } else {
        0.0
    };
    let world = square_center(at, game.bounds()) + Vec3::Y * lift;
    let (camera, transform) = app
        .world_mut()
        .query_filtered::<(&Camera, &GlobalTransform), With<Camera3d>>()
        .single(app.world())
        .expect("the board camera");
    camera
        .world_to_viewport(transform, world)
        .expect("the square is in view")
}

/// The centre of the button `name` once it is drawn in the same place two frames running.
fn button_on_screen(app: &mut App, name: &str) -> Vec2 {
    let mut last = None;
    let started = Instant::now();
    loop {
        app.update();
        let ctx = app
            .world_mut()
            .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>()
            .single_mut(app.world_mut())
            .expect("the panels' egui context")
            .get_mut()
            .clone();
        let at = gamut::ui::landmark::rect(&ctx, name)
            .map(|r| Vec2::new(r.center().x, r.center().y) * ctx.zoom_factor());
        if let Some(at) = at
            && last == Some(at)
        {
            return at;
        }
        last = at;
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{name} is not drawn (drawn: {:?})",
            gamut::ui::landmark::drawn(&ctx)
                .into_iter()
                .map(|(name, _)| name)
                .collect::<Vec<_>>()
        );
    }
}

/// Clicks the button `name`: what egui copied meanwhile.
fn click_button(app: &mut App, mouse: &Mouse, name: &str) -> Vec<String> {
    let at = button_on_screen(app, name);
    mouse.click_at(app, at)
}

fn modal(app: &App) -> Modal {
    *app.world().resource::<State<Modal>>().get()
}

/// A hot-seat game in `dir`: b1-b3, a2-c2, b8-b6 played with the mouse, then White resigns
/// from the panel; the game-over panel shows.
fn played_and_resigned(dir: &Path) -> (App, Mouse) {
    let mut app = game_app_in(
        dir,
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    let mouse = Mouse::of(&mut app);
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    for (from, to) in [("b1", "b3"), ("a2", "c2"), ("b8", "b6")] {
        let plies = game(&app).ply();
        mouse.click_square(&mut app, cell(from));
        mouse.click_square(&mut app, cell(to));
        run_until(&mut app, "the move", |app| game(app).ply() == plies + 1);
        run_until(&mut app, "the next to move", waiting_for_a_person);
    }
    click_button(&mut app, &mouse, "button-resign");
    click_button(&mut app, &mouse, "resign/yes");
    run_until(&mut app, "the end", |app| {
        app_state(app) == AppState::GameOver
    });
    (app, mouse)
}

/// The files in `folder` ending in `.ending`, sorted.
fn files(folder: &Path, ending: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|list| {
            list.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ending))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// A GIF's width, height and frame count, decoded.
fn gif_frames(path: &Path) -> (u16, u16, usize) {
    let bytes = std::fs::read(path).unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes.as_slice()).expect("a GIF");
    let (width, height) = (decoder.width(), decoder.height());
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    (width, height, frames)
}

/// A PNG's width and height from its header (`IHDR`), after checking its signature.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{path:?} is a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn share_from_the_game_over_panel_saves_the_pictures_and_copies_the_record() {
    let dir = common::window_app::data_dir("share", "game-over");
    let (mut app, mouse) = played_and_resigned(&dir);
    click_button(&mut app, &mouse, "game-over/share");
    run_until(&mut app, "the Share dialog", |app| {
        modal(app) == Modal::Share
    });
    click_button(&mut app, &mouse, "share/size/small");
    let copied = click_button(&mut app, &mouse, "share/make");
    button_on_screen(&mut app, "share/saved");
    button_on_screen(&mut app, "share/copied");

    // The record of the game, on the clipboard: its moves and its end.
    assert_eq!(copied.len(), 1, "one copy: {copied:?}");
    let record = gamut_engine::record::Record::parse(&copied[0]).expect("a record");
    assert_eq!(record.moves.len(), 3);
    assert_eq!(
        record.termination,
        Some(gamut_engine::record::Termination::Resignation)
    );

    // The GIF: the start, three moves, the result; 240 across, the result's strip under the
    // board. The PNG: the last position, 240 across.
    let exports = dir.join("exports");
    let gifs = files(&exports, "gif");
    let pngs = files(&exports, "png");
    assert_eq!((gifs.len(), pngs.len()), (1, 1), "{gifs:?} {pngs:?}");
    let layout = Layout::new(8, 8, 240);
    assert_eq!(
        gif_frames(&gifs[0]),
        (240, layout.with_result_strip().height as u16, 3 + 2)
    );
    assert_eq!(png_size(&pngs[0]), (240, layout.height));
    assert_eq!(
        gifs[0].file_stem(),
        pngs[0].file_stem(),
        "one name for both"
    );

    // The size is remembered.
    let settings = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(settings.contains("\"share_size\": \"small\""), "{settings}");

    // Large, saved again: new files beside the first, which stay as they were.
    let first = std::fs::read(&gifs[0]).unwrap();
    click_button(&mut app, &mouse, "share/size/large");
    click_button(&mut app, &mouse, "share/make");
    button_on_screen(&mut app, "share/saved");
    let gifs_now = files(&exports, "gif");
    assert_eq!(gifs_now.len(), 2, "{gifs_now:?}");
    assert_eq!(std::fs::read(&gifs[0]).unwrap(), first);
    let new = gifs_now.iter().find(|p| **p != gifs[0]).unwrap();
    assert_eq!(gif_frames(new).0, 480);
    assert_eq!(files(&exports, "png").len(), 2);

    // Closed, the game-over panel is back.
    click_button(&mut app, &mouse, "share/close");
    run_until(&mut app, "the dialog closed", |app| {
        modal(app) == Modal::None
    });
    button_on_screen(&mut app, "game-over/new-game");
}

#[test]
fn share_from_the_review_draws_the_whole_game() {
    let dir = common::window_app::data_dir("share", "review");
    let (mut app, mouse) = played_and_resigned(&dir);
    click_button(&mut app, &mouse, "game-over/review");
    run_until(&mut app, "the review", |app| {
        app_state(app) == AppState::Review
    });
    click_button(&mut app, &mouse, "review/first");
    run_until(&mut app, "the start shown", |app| game(app).ply() == 0);
    click_button(&mut app, &mouse, "review/share");
    run_until(&mut app, "the Share dialog", |app| {
        modal(app) == Modal::Share
    });
    let copied = click_button(&mut app, &mouse, "share/make");
    button_on_screen(&mut app, "share/saved");
    let record = gamut_engine::record::Record::parse(&copied[0]).expect("a record");
    assert_eq!(
        record.moves.len(),
        3,
        "the whole game, not the position shown"
    );
    let exports = dir.join("exports");
    let gifs = files(&exports, "gif");
    // The size remembered from no choice: medium.
    assert_eq!(gif_frames(&gifs[0]).0, 360);
    assert_eq!(gif_frames(&gifs[0]).2, 3 + 2, "the whole game");
    assert_eq!(app_state(&app), AppState::Review, "the review goes on");
}

#[test]
fn a_folder_that_cannot_be_written_is_said_and_nothing_breaks() {
    let dir = common::window_app::data_dir("share", "blocked");
    // A file where the exports folder would be: it cannot be made.
    std::fs::write(dir.join("exports"), b"not a folder").unwrap();
    let (mut app, mouse) = played_and_resigned(&dir);
    click_button(&mut app, &mouse, "game-over/share");
    run_until(&mut app, "the Share dialog", |app| {
        modal(app) == Modal::Share
    });
    click_button(&mut app, &mouse, "share/make");
    button_on_screen(&mut app, "share/failed");
    let shared = &app.world().resource::<gamut::share::ShareDialog>().shared;
    assert!(
        matches!(
            shared,
            Some(gamut::share::Shared::Failed(
                gamut::share::ShareTrouble::File { .. }
            ))
        ),
        "{shared:?}"
    );
    assert_eq!(
        std::fs::read(dir.join("exports")).unwrap(),
        b"not a folder",
        "the file in the way is left as it was"
    );
    click_button(&mut app, &mouse, "share/close");
    run_until(&mut app, "the dialog closed", |app| {
        modal(app) == Modal::None
    });
}
