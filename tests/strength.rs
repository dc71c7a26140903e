//! Your strength as a player meets it: in the game's own app (`gamut::app::build`, headless, as
//! `tests/player.rs` runs it), driven by the mouse messages the windowing system writes, the
//! buttons found where the screens drew them (their landmarks). A game against the computer
//! resigned by mouse counts as a loss in `ratings.json`, is withdrawn when its end is taken
//! back, and shows on the game-over panel and on the "Your strength" screen opened from the
//! title, whose Play button starts a game at the level suggested; the adaptive opponent chosen
//! in New Game follows the rating; a damaged ratings file is kept aside and reported.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::mouse::{MouseButtonInput, MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use gamut::model::Fate;
use gamut::model::{GameSettings, Player, Seats};
use gamut::play::{AppState, TurnState};
use gamut::strength::{Ratings, StrengthScreen};
use gamut_engine::Game;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;

mod common;

use common::app_state;
use common::window_app::{game_app_in as game_app, run_until};

/// A data folder of the test's own (the player's real one is never touched).
fn data_dir(name: &str) -> PathBuf {
    common::window_app::data_dir("strength", name)
}

fn a_person_to_move(app: &App) -> bool {
    app_state(app) == AppState::Playing
        && app
            .world()
            .get_resource::<State<TurnState>>()
            .is_some_and(|t| *t.get() == TurnState::AwaitingInput)
}

/// The windowing system's mouse: the cursor moved over a few frames, the left button pressed
/// and released (the messages winit writes, each also as a `WindowEvent`).
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
        app.update();
    }

    /// The wheel turned `notches` towards the player over the place `at` (the content under
    /// it scrolls up).
    fn wheel(&self, app: &mut App, at: Vec2, notches: f32) {
        self.move_to(app, at);
        let wheel = MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y: -notches,
            window: self.window,
            phase: TouchPhase::Moved,
        };
        app.world_mut().write_message(wheel);
        app.world_mut()
            .write_message(WindowEvent::MouseWheel(wheel));
        for _ in 0..5 {
            app.update();
        }
    }

    /// A click on the button `name`, where the screen drew it.
    fn click(&self, app: &mut App, name: &str) {
        let at = drawn_at(app, name);
        self.move_to(app, at);
        self.button(app, ButtonState::Pressed);
        app.update();
        self.button(app, ButtonState::Released);
        app.update();
    }
}

/// The panels' egui context.
fn egui_ctx(app: &mut App) -> bevy_egui::egui::Context {
    app.world_mut()
        .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>()
        .single_mut(app.world_mut())
        .expect("the panels' egui context")
        .get_mut()
        .clone()
}

/// Where the landmark `name` is drawn, in egui points, if it was in the last frame.
fn landmark(app: &mut App, name: &str) -> Option<Vec2> {
    let ctx = egui_ctx(app);
    gamut::ui::landmark::rect(&ctx, name)
        .map(|r| Vec2::new(r.center().x, r.center().y) * ctx.zoom_factor())
}

/// Where the landmark `name` is drawn, in logical pixels of the window, once it has stayed put
/// for a frame (a new window is laid out over its first frames).
fn drawn_at(app: &mut App, name: &str) -> Vec2 {
    let mut last = None;
    let started = Instant::now();
    loop {
        app.update();
        let at = landmark(app, name);
        if let Some(at) = at
            && last == Some(at)
        {
            return at;
        }
        last = at;
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{name} is not drawn ({:?})",
            app_state(app)
        );
    }
}

/// Whether the landmark `name` is drawn now (after a few frames).
fn shows(app: &mut App, name: &str) -> bool {
    for _ in 0..3 {
        app.update();
    }
    landmark(app, name).is_some()
}

/// The person types a move in the side panel's field (`M`, the move, Enter): the first legal
/// one.
fn type_a_move(app: &mut App) {
    use bevy::input::keyboard::Key;
    use common::window_app::key_with;
    let game = common::game(app);
    let position = game.position();
    let first = position.legal_moves()[0];
    let written = position.human_move(first);
    let plies = game.ply();
    // `M` puts the keyboard in the field; after a move typed it is there still.
    let focused = egui_ctx(app).memory(|m| m.focused().is_some());
    if !focused {
        key_with(app, KeyCode::KeyM, Key::Character("m".into()), Some("m"));
    }
    for c in written.chars() {
        let c = c.to_string();
        key_with(
            app,
            KeyCode::KeyA,
            Key::Character(c.as_str().into()),
            Some(&c),
        );
    }
    key_with(app, KeyCode::Enter, Key::Enter, None);
    run_until(app, "the move typed", |app| common::game(app).ply() > plies);
}

/// The person resigns by mouse: the side panel's Resign, then Yes — after a move each, typed
/// by the person and answered by the computer, when fewer were played (a game ended before
/// both sides moved is not rated).
fn resign_by_mouse(app: &mut App, mouse: &Mouse) {
    run_until(app, "a person to move", a_person_to_move);
    while common::game(app).ply() < gamut::strength::follow::MOVES_TO_BE_RATED {
        type_a_move(app);
        run_until(app, "a person to move", a_person_to_move);
    }
    mouse.click(app, "button-resign");
    mouse.click(app, "resign/yes");
    run_until(app, "the game over", |app| {
        app_state(app) == AppState::GameOver
    });
    app.update();
}

/// The results of `kind` in the ratings file, as (level, result).
fn file_results(dir: &Path, kind: &str) -> Vec<(u64, String)> {
    let text = std::fs::read_to_string(dir.join("ratings.json")).expect("ratings.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    json[kind]
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| {
            (
                e["level"].as_u64().unwrap(),
                e["result"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn ratings(app: &App) -> &Ratings {
    app.world().resource::<Ratings>()
}

fn computer(app: &App, side_white: bool) -> Player {
    let seats = app.world().resource::<Seats>();
    if side_white { seats.white } else { seats.black }
}

/// A game against level 3 resigned by mouse is a loss in `ratings.json` and on the game-over
/// panel; Undo there withdraws it, and resigning again counts it again. From the title, "Your
/// strength" shows the rating (and its graph), and Play starts a game against the level
/// suggested, one lower after the loss.
#[test]
fn a_resigned_game_counts_and_the_strength_screen_shows_it() {
    let dir = data_dir("resign");
    let mut app = against_level_3(&dir);
    let mouse = Mouse::of(&mut app);
    let start = ratings(&app).rating(GameKind::LinesOfAction);
    resign_by_mouse(&mut app, &mouse);
    assert_eq!(file_results(&dir, "lines-of-action"), [(3, "loss".into())]);
    let after = ratings(&app).rating(GameKind::LinesOfAction);
    assert!(
        after.value < start.value - 100.0,
        "{after:?} after {start:?}"
    );
    assert!(after.deviation < start.deviation);
    assert!(shows(&mut app, "game-over/rating"), "the panel shows it");

    // Undo on the game-over panel takes the resignation back: the game no longer counts.
    mouse.click(&mut app, "game-over/undo");
    run_until(&mut app, "the game again", a_person_to_move);
    for _ in 0..3 {
        app.update();
    }
    assert!(file_results(&dir, "lines-of-action").is_empty());
    assert_eq!(ratings(&app).rating(GameKind::LinesOfAction), start);
    resign_by_mouse(&mut app, &mouse);
    assert_eq!(file_results(&dir, "lines-of-action"), [(3, "loss".into())]);

    // To the title, and "Your strength".
    mouse.click(&mut app, "button-title");
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    mouse.click(&mut app, "title/strength");
    let screen = app.world().resource::<StrengthScreen>().clone();
    assert_eq!(menu_screen(&app), Some(gamut::play::MenuScreen::Strength));
    assert_eq!(screen.kind, GameKind::LinesOfAction);
    assert!(shows(&mut app, "strength/rating/lines-of-action"));
    assert!(shows(&mut app, "strength/graph"), "one game: a graph");
    assert!(!shows(&mut app, "title/strength"), "the title gives way");
    let suggested = ratings(&app).suggested_level(GameKind::LinesOfAction);
    assert_eq!(
        suggested,
        Level::new(2).unwrap(),
        "a loss at 3: level 2 next"
    );

    // Epaminondas: nothing played yet, no graph.
    mouse.click(&mut app, "strength/game/epaminondas");
    assert!(shows(&mut app, "strength/rating/epaminondas"));
    assert!(!shows(&mut app, "strength/graph"));
    mouse.click(&mut app, "strength/game/lines-of-action");

    // Play: a game of Lines of Action, the person Black, the computer at level 2.
    mouse.click(&mut app, "strength/play");
    run_until(&mut app, "the new game", a_person_to_move);
    assert_eq!(computer(&app, true), Player::Computer(suggested));
    assert_eq!(computer(&app, false), Player::Human);
    assert_ne!(menu_screen(&app), Some(gamut::play::MenuScreen::Strength));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The adaptive opponent chosen by mouse in New Game: the first game is at the level of the
/// starting rating (3), and after a loss the next game's level is lower. The choice is
/// remembered in the settings.
#[test]
fn the_adaptive_opponent_follows_the_rating() {
    let dir = data_dir("adaptive");
    let mut app = game_app(&dir, &["--think-time", "50"]);
    let mouse = Mouse::of(&mut app);
    mouse.click(&mut app, "title/against-computer");
    // Below the level, in a form that scrolls in a window of common height: the wheel over the
    // dialog brings it up (or leaves it where it is, when the form fits), into the window.
    let under = drawn_at(&mut app, "new-game/adaptive");
    let middle = app
        .world_mut()
        .query_filtered::<&Window, With<bevy::window::PrimaryWindow>>()
        .single(app.world())
        .map(|w| Vec2::new(w.width(), w.height()) / 2.0)
        .expect("the game has a window");
    mouse.wheel(&mut app, middle, 10.0);
    let now = drawn_at(&mut app, "new-game/adaptive");
    assert!(now.y <= under.y, "the form scrolled down");
    assert!(now.y < middle.y * 2.0, "the choice is in the window");
    mouse.click(&mut app, "new-game/adaptive");
    mouse.click(&mut app, "new-game/start");
    run_until(&mut app, "the game", a_person_to_move);
    let first = Player::Computer(Level::new(3).unwrap());
    assert_eq!(computer(&app, true), first, "the start's level");
    assert!(app.world().resource::<GameSettings>().adaptive);
    resign_by_mouse(&mut app, &mouse);
    let next = app.world().resource::<GameSettings>().white;
    assert_eq!(next, Player::Computer(Level::new(2).unwrap()), "one lower");
    // The game-over panel's New Game, then Start: the next game at that level.
    mouse.click(&mut app, "game-over/new-game");
    mouse.click(&mut app, "new-game/start");
    run_until(&mut app, "the next game", |app| {
        a_person_to_move(app) && computer(app, true) == next
    });
    let settings = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    let settings: serde_json::Value = serde_json::from_str(&settings).unwrap();
    assert_eq!(settings["adaptive"], serde_json::Value::Bool(true));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game between people resigned by mouse does not count.
#[test]
fn a_hot_seat_game_does_not_count() {
    let dir = data_dir("hot-seat");
    let mut app = game_app(
        &dir,
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    let mouse = Mouse::of(&mut app);
    resign_by_mouse(&mut app, &mouse);
    assert!(!shows(&mut app, "game-over/rating"));
    assert!(!dir.join("ratings.json").exists());
    assert!(ratings(&app).results(GameKind::LinesOfAction).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A damaged ratings file is moved aside as it was, the title says so, and the next game that
/// counts starts a good file.
#[test]
fn a_damaged_ratings_file_is_kept_aside_and_reported() {
    let dir = data_dir("damaged");
    let damaged = b"{\"format\": 1, \"lines-of-action\": [{\"level\": 3,";
    std::fs::write(dir.join("ratings.json"), damaged).unwrap();
    let mut app = game_app(&dir, &["--think-time", "50"]);
    let mouse = Mouse::of(&mut app);
    let kept_as = match ratings(&app).problem().map(|p| &p.fate) {
        Some(Fate::SetAside {
            kept_as, salvaged, ..
        }) => {
            assert_eq!(*salvaged, 0);
            kept_as.clone()
        }
        other => panic!("the damaged file is not reported: {other:?}"),
    };
    assert_eq!(std::fs::read(dir.join(&kept_as)).unwrap(), damaged);
    assert!(
        shows(&mut app, "title/ratings-problem"),
        "the title says so"
    );
    // A game against the computer, resigned: a new, good file.
    mouse.click(&mut app, "title/against-computer");
    mouse.click(&mut app, "new-game/start");
    resign_by_mouse(&mut app, &mouse);
    assert_eq!(file_results(&dir, "lines-of-action").len(), 1);
    assert_eq!(std::fs::read(dir.join(&kept_as)).unwrap(), damaged);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The title's screen shown, if the app is at the title.
fn menu_screen(app: &App) -> Option<gamut::play::MenuScreen> {
    app.world()
        .get_resource::<State<gamut::play::MenuScreen>>()
        .map(|s| *s.get())
}

/// A game resigned before both sides moved is not rated (lichess's rule: such a game is
/// aborted): no result in the file, no change on the game-over panel, the rating as it was.
#[test]
fn a_game_resigned_before_both_sides_moved_is_not_rated() {
    let dir = data_dir("unrated");
    let mut app = against_level_3(&dir);
    let mouse = Mouse::of(&mut app);
    let start = ratings(&app).rating(GameKind::LinesOfAction);
    run_until(&mut app, "a person to move", a_person_to_move);
    mouse.click(&mut app, "button-resign");
    mouse.click(&mut app, "resign/yes");
    run_until(&mut app, "the game over", |app| {
        app_state(app) == AppState::GameOver
    });
    for _ in 0..3 {
        app.update();
    }
    assert!(common::game(&app).end().is_some());
    assert!(!dir.join("ratings.json").exists(), "nothing recorded");
    assert_eq!(ratings(&app).rating(GameKind::LinesOfAction), start);
    assert!(
        app.world()
            .resource::<gamut::strength::RatedGame>()
            .changes()
            .is_empty()
    );
    assert!(!shows(&mut app, "game-over/rating"), "no rating line");
}

/// The game's app in `dir`: Lines of Action, the person Black, the computer White at level 3,
/// quick to answer.
fn against_level_3(dir: &std::path::Path) -> App {
    game_app(
        dir,
        &[
            "--game",
            "loa",
            "--black",
            "human",
            "--white",
            "ai:3",
            "--think-time",
            "50",
        ],
    )
}
