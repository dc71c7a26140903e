//! The game without a mouse, as a player uses it: the keyboard's cursor on the board, moves typed
//! in the side panel, the menus by Tab and Enter, and a gamepad.
//!
//! The app is the game's own, built by `gamut::app::build` from command-line arguments exactly as
//! `main` builds it, only without an operating-system window and without drawing (as in
//! `tests/player.rs`). The test stands in for the windowing system and the gamepad driver: it
//! writes the messages winit writes for the keyboard (`KeyboardInput`, also as a `WindowEvent`)
//! and those gilrs writes for a gamepad (`GamepadConnectionEvent`, `RawGamepadButtonChangedEvent`,
//! `RawGamepadAxisChangedEvent`), and nothing else — no call into the board's input handlers, the
//! selection or the move requests. It reads the game's state to decide where to steer, as a
//! player's eyes do.

use std::time::{Duration, Instant};

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use gamut::input::cursor::BoardCursor;
use gamut::model::game::move_cells;
use gamut::model::{Cell, Notice};
use gamut::play::{AppState, Modal, Status};
use gamut_engine::Color as Side;
use gamut_engine::any_game::AnyMove;
use gamut_engine::game::Game;

mod common;

use common::window_app::{cell, game_app_in, key_with, run_until, waiting_for_a_person};
use common::{app_state, game};

/// The game as `gamut ARGS` starts it, with its own data folder and no animations.
fn game_app(name: &str, args: &[&str]) -> App {
    game_app_in(&common::window_app::data_dir("keys", name), args)
}

fn cursor(app: &App) -> BoardCursor {
    *app.world().resource::<BoardCursor>()
}

fn notice(app: &App) -> Option<Notice> {
    app.world().resource::<Status>().notice().cloned()
}

/// A key that does not type (arrows, Enter, Esc, Tab).
fn key(app: &mut App, code: KeyCode) {
    let logical = match code {
        KeyCode::ArrowUp => Key::ArrowUp,
        KeyCode::ArrowDown => Key::ArrowDown,
        KeyCode::ArrowLeft => Key::ArrowLeft,
        KeyCode::ArrowRight => Key::ArrowRight,
        KeyCode::Enter => Key::Enter,
        KeyCode::Escape => Key::Escape,
        KeyCode::Tab => Key::Tab,
        other => panic!("no logical key for {other:?}"),
    };
    key_with(app, code, logical, None);
}

/// A letter or sign key: its character as the logical key and the text it types.
fn char_key(app: &mut App, code: KeyCode, c: char) {
    let s = c.to_string();
    key_with(app, code, Key::Character(s.as_str().into()), Some(&s));
}

/// Types `text` as the keyboard does, a key per character.
fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = match c {
            'a'..='z' => KEY_LETTERS[(c as u8 - b'a') as usize],
            '0'..='9' => KEY_DIGITS[(c as u8 - b'0') as usize],
            '-' => KeyCode::Minus,
            '@' => KeyCode::Digit2,
            ' ' => KeyCode::Space,
            _ => KeyCode::Slash,
        };
        char_key(app, code, c);
    }
}

const KEY_LETTERS: [KeyCode; 26] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
    KeyCode::KeyI,
    KeyCode::KeyJ,
    KeyCode::KeyK,
    KeyCode::KeyL,
    KeyCode::KeyM,
    KeyCode::KeyN,
    KeyCode::KeyO,
    KeyCode::KeyP,
    KeyCode::KeyQ,
    KeyCode::KeyR,
    KeyCode::KeyS,
    KeyCode::KeyT,
    KeyCode::KeyU,
    KeyCode::KeyV,
    KeyCode::KeyW,
    KeyCode::KeyX,
    KeyCode::KeyY,
    KeyCode::KeyZ,
];

const KEY_DIGITS: [KeyCode; 10] = [
    KeyCode::Digit0,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// A small seeded generator (xorshift), so a failing game can be played again.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The arrow that brings the cursor nearer to `to` as the board is seen now (found by looking
/// where each arrow took it, as a player does: the first press shows the cursor).
fn steer_by_keys(app: &mut App, to: Cell) {
    if !cursor(app).shown {
        key(app, KeyCode::ArrowUp);
    }
    let started = Instant::now();
    while cursor(app).at != Some(to) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "steering to {to}: {:?}, {:?}, {:?}, {:?}, {:?}, ply {}",
            cursor(app),
            app_state(app),
            modal(app),
            game(app).end(),
            app.world()
                .get_resource::<bevy_egui::input::EguiWantsInput>(),
            game(app).ply()
        );
        let at = cursor(app).at.expect("the cursor is on the board");
        let arrow = if at.rank < to.rank {
            KeyCode::ArrowUp
        } else if at.rank > to.rank {
            KeyCode::ArrowDown
        } else if at.file < to.file {
            KeyCode::ArrowRight
        } else {
            KeyCode::ArrowLeft
        };
        key(app, arrow);
    }
}

/// A legal move of the side to move, picked by `rng`.
fn pick_move(app: &App, rng: &mut Rng) -> AnyMove {
    let moves = game(app).position().legal_moves();
    assert!(!moves.is_empty(), "a move to play");
    moves[rng.below(moves.len())]
}

/// The game's moves played again from its start, by their notation: the position it ends in.
fn replayed(app: &App) -> String {
    let game = game(app);
    let mut position = game.config.start();
    for text in game.notation() {
        let mv = position.parse_move(text).expect("the notation reads back");
        position.play(mv).expect("the move plays again");
    }
    assert!(
        position.outcome().is_some(),
        "the replayed game is over too"
    );
    position.to_text()
}

/// A whole game against the computer, from New Game (`N`, `Enter`) to its end, by the arrow
/// keys and `Enter` alone: each move steered to its squares and acted on.
#[test]
fn a_whole_game_by_keyboard_from_new_game_to_game_over() {
    let mut app = game_app(
        "keyboard-game",
        &[
            "--game",
            "loa",
            "--black",
            "human",
            "--white",
            "ai:1",
            "--think-time",
            "20",
        ],
    );
    run_until(&mut app, "the first game", waiting_for_a_person);
    // New Game by its key, started with Enter.
    char_key(&mut app, KeyCode::KeyN, 'n');
    key(&mut app, KeyCode::Enter);
    run_until(&mut app, "the new game", |app| {
        notice(app) == Some(Notice::NewGame) && waiting_for_a_person(app)
    });
    // The cursor is hidden until the keyboard is used, then starts on a piece of the side to
    // move.
    assert!(!cursor(&app).shown);
    key(&mut app, KeyCode::ArrowUp);
    let start = cursor(&app).at.expect("the cursor");
    assert!(cursor(&app).shown);
    assert_eq!(game(&app).piece_at(start), Some(game(&app).side_to_move()));
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    while game(&app).end().is_none() {
        let plies = game(&app).ply();
        let mv = pick_move(&app, &mut rng);
        for at in move_cells(mv) {
            steer_by_keys(&mut app, at);
            key(&mut app, KeyCode::Enter);
        }
        run_until(&mut app, "the move", |app| game(app).ply() > plies);
        run_until(&mut app, "the next turn or the end", |app| {
            game(app).end().is_some()
                || (waiting_for_a_person(app) && game(app).side_to_move() == Side::Black)
        });
    }
    run_until(&mut app, "the game over", |app| {
        app_state(app) == AppState::GameOver
    });
    assert!(game(&app).end().is_some());
    assert_eq!(replayed(&app), game(&app).position().to_text());
}

/// Arrows move the cursor as the board is seen: turned half round (`F`), up on screen is down
/// the ranks; it stays on the board; `Esc` drops a piece picked with `Enter`.
#[test]
fn arrows_follow_the_view_and_esc_drops_the_picked_piece() {
    let mut app = game_app(
        "keyboard-view",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    steer_by_keys(&mut app, cell("c1"));
    key(&mut app, KeyCode::ArrowDown);
    assert_eq!(cursor(&app).at, Some(cell("c1")), "stays on the board");
    key(&mut app, KeyCode::ArrowUp);
    assert_eq!(cursor(&app).at, Some(cell("c2")));
    char_key(&mut app, KeyCode::KeyF, 'f');
    key(&mut app, KeyCode::ArrowUp);
    assert_eq!(
        cursor(&app).at,
        Some(cell("c1")),
        "turned: up is down the ranks"
    );
    key(&mut app, KeyCode::ArrowLeft);
    assert_eq!(
        cursor(&app).at,
        Some(cell("d1")),
        "turned: left is up the files"
    );
    // Enter picks the piece on d1, as a click does; Esc drops it and stays in the game.
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<gamut::input::Selection>().from(),
        Some(cell("d1"))
    );
    key(&mut app, KeyCode::Escape);
    assert_eq!(
        *app.world().resource::<gamut::input::Selection>(),
        gamut::input::Selection::Idle
    );
    assert_eq!(app_state(&app), AppState::Playing);
}

/// Presses `M` (the move field takes the keyboard), types `text` and presses `Enter`.
fn type_move(app: &mut App, text: &str) {
    char_key(app, KeyCode::KeyM, 'm');
    type_text(app, text);
    key(app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
}

fn egui_has_keyboard(app: &App) -> bool {
    app.world()
        .get_resource::<bevy_egui::input::EguiWantsInput>()
        .is_some_and(|e| e.wants_keyboard_input())
}

/// Moves typed in the side panel's field: `M` puts the keyboard there (the `m` is not typed),
/// the letters typed do not reach the game's shortcuts (`f` does not turn the board, `h` asks
/// no hint), a legal move is played, an illegal one is refused with the rules' reason, text
/// that is no move is told, and `Esc` leaves the field without leaving the game.
#[test]
fn moves_typed_in_the_move_field() {
    let mut app = game_app(
        "typed",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    type_move(&mut app, "b1-b3");
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    assert_eq!(game(&app).notation(), ["b1-b3"]);
    run_until(&mut app, "White to move", waiting_for_a_person);
    // The field keeps the keyboard for the next move; `h` and `f` are typed, not obeyed.
    assert!(egui_has_keyboard(&app));
    let flipped = app
        .world()
        .resource::<gamut::board::camera::CameraRig>()
        .flipped;
    // Out of the field and back in with `M`: the letters right after it are typed too.
    key(&mut app, KeyCode::Escape);
    app.update();
    assert!(!egui_has_keyboard(&app));
    assert_eq!(app_state(&app), AppState::Playing);
    char_key(&mut app, KeyCode::KeyM, 'm');
    char_key(&mut app, KeyCode::KeyH, 'h');
    app.update();
    assert_ne!(
        notice(&app),
        Some(Notice::LookingForHint),
        "the h asked a hint"
    );
    type_text(&mut app, "2xf2");
    key(&mut app, KeyCode::Enter);
    run_until(&mut app, "h2-f2", |app| game(app).ply() == 2);
    assert_eq!(game(&app).notation(), ["b1-b3", "h2-f2"]);
    let rig = app.world().resource::<gamut::board::camera::CameraRig>();
    assert_eq!(rig.flipped, flipped, "the f typed did not turn the board");
    run_until(&mut app, "Black to move", waiting_for_a_person);
    // Illegal: the rules' reason, the game as it was.
    type_text(&mut app, "c1-c5");
    key(&mut app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
    assert!(
        matches!(notice(&app), Some(Notice::Refused(request, _)) if request == gamut::model::MoveRequest::step(cell("c1"), cell("c5"))),
        "{:?}",
        notice(&app)
    );
    assert_eq!(game(&app).ply(), 2);
    // No move at all: said so, no panic.
    for garbage in ["hello", "b1-", "@@", "z99-(1,"] {
        type_text(&mut app, garbage);
        key(&mut app, KeyCode::Enter);
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(notice(&app), Some(Notice::UnreadableMove(garbage.into())));
        assert_eq!(game(&app).ply(), 2);
    }
    // Esc leaves the field: still in the game; the arrows move the board's cursor again.
    key(&mut app, KeyCode::Escape);
    app.update();
    assert!(!egui_has_keyboard(&app));
    assert_eq!(app_state(&app), AppState::Playing);
    key(&mut app, KeyCode::ArrowUp);
    assert!(cursor(&app).shown);
}

/// The gamepad driver's part (gilrs, see `bevy_gilrs`'s `gilrs_event_system`): a gamepad
/// entity, its connection, and its buttons as raw changes, each also as a `RawGamepadEvent`.
struct Pad(Entity);

impl Pad {
    fn connect(app: &mut App) -> Pad {
        use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent, RawGamepadEvent};
        let pad = app.world_mut().spawn_empty().id();
        let event = GamepadConnectionEvent::new(
            pad,
            GamepadConnection::Connected {
                name: "Test pad".into(),
                vendor_id: None,
                product_id: None,
            },
        );
        app.world_mut()
            .write_message(RawGamepadEvent::from(event.clone()));
        app.world_mut().write_message(event);
        app.update();
        app.update();
        Pad(pad)
    }

    /// `button` pressed then let go, a frame each.
    fn press(&self, app: &mut App, button: bevy::input::gamepad::GamepadButton) {
        use bevy::input::gamepad::{RawGamepadButtonChangedEvent, RawGamepadEvent};
        for value in [1.0, 0.0] {
            let event = RawGamepadButtonChangedEvent::new(self.0, button, value);
            app.world_mut().write_message(RawGamepadEvent::from(event));
            app.world_mut().write_message(event);
            app.update();
        }
    }

    /// The left stick pushed to `(x, y)` (up is positive), for a frame, then let go.
    fn push_stick(&self, app: &mut App, x: f32, y: f32) {
        use bevy::input::gamepad::{GamepadAxis, RawGamepadAxisChangedEvent, RawGamepadEvent};
        for (x, y) in [(x, y), (0.0, 0.0)] {
            for (axis, value) in [(GamepadAxis::LeftStickX, x), (GamepadAxis::LeftStickY, y)] {
                let event = RawGamepadAxisChangedEvent::new(self.0, axis, value);
                app.world_mut().write_message(RawGamepadEvent::from(event));
                app.world_mut().write_message(event);
            }
            app.update();
        }
    }
}

/// Steers the cursor to `to` with the D-pad.
fn steer_by_pad(app: &mut App, pad: &Pad, to: Cell) {
    use bevy::input::gamepad::GamepadButton as B;
    if !cursor(app).shown {
        pad.press(app, B::DPadUp);
    }
    let started = Instant::now();
    while cursor(app).at != Some(to) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "steering to {to}: {:?}",
            cursor(app)
        );
        let at = cursor(app).at.expect("the cursor is on the board");
        let button = if at.rank < to.rank {
            B::DPadUp
        } else if at.rank > to.rank {
            B::DPadDown
        } else if at.file < to.file {
            B::DPadRight
        } else {
            B::DPadLeft
        };
        pad.press(app, button);
    }
}

/// A whole game against the computer by a gamepad alone: Start opens New Game, South (A)
/// starts it; the D-pad steers the cursor and South acts on each square of each move; the
/// stick steps too; East (B) drops a picked piece; at the end, the game is over and replays.
#[test]
fn a_whole_game_by_gamepad_from_new_game_to_game_over() {
    use bevy::input::gamepad::GamepadButton as B;
    let mut app = game_app(
        "gamepad-game",
        &[
            "--game",
            "loa",
            "--black",
            "human",
            "--white",
            "ai:1",
            "--think-time",
            "20",
        ],
    );
    run_until(&mut app, "the first game", waiting_for_a_person);
    let pad = Pad::connect(&mut app);
    pad.press(&mut app, B::Start);
    assert_eq!(modal(&app), Modal::NewGame);
    pad.press(&mut app, B::South);
    run_until(&mut app, "the new game", |app| {
        notice(app) == Some(Notice::NewGame) && waiting_for_a_person(app)
    });
    // The stick steps the cursor (shown by the first push, moved by the next).
    pad.push_stick(&mut app, 0.0, 1.0);
    let at = cursor(&app).at.expect("the cursor");
    pad.push_stick(&mut app, 0.0, 1.0);
    assert_eq!(cursor(&app).at, Some(Cell::new(at.file, at.rank + 1)));
    // South picks the piece under the cursor, East drops it.
    steer_by_pad(&mut app, &pad, cell("b1"));
    pad.press(&mut app, B::South);
    let selection = || app.world().resource::<gamut::input::Selection>().clone();
    assert_eq!(selection().from(), Some(cell("b1")));
    pad.press(&mut app, B::East);
    assert_eq!(
        *app.world().resource::<gamut::input::Selection>(),
        gamut::input::Selection::Idle
    );
    assert_eq!(app_state(&app), AppState::Playing);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    while game(&app).end().is_none() {
        let plies = game(&app).ply();
        let mv = pick_move(&app, &mut rng);
        for at in move_cells(mv) {
            steer_by_pad(&mut app, &pad, at);
            pad.press(&mut app, B::South);
        }
        run_until(&mut app, "the move", |app| game(app).ply() > plies);
        run_until(&mut app, "the next turn or the end", |app| {
            game(app).end().is_some()
                || (waiting_for_a_person(app) && game(app).side_to_move() == Side::Black)
        });
    }
    run_until(&mut app, "the game over", |app| {
        app_state(app) == AppState::GameOver
    });
    assert_eq!(replayed(&app), game(&app).position().to_text());
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

/// Whether the widget with the keyboard's focus is the button `name` (a landmark).
fn focus_on(app: &mut App, name: &str) -> bool {
    let ctx = egui_ctx(app);
    let Some(mark) = gamut::ui::landmark::rect(&ctx, name) else {
        return false;
    };
    ctx.memory(|m| m.focused())
        .and_then(|id| ctx.read_response(id))
        .is_some_and(|r| r.rect == mark)
}

/// Moves the focus with `next` until it is on the button `name`.
fn focus_by(app: &mut App, name: &str, mut next: impl FnMut(&mut App)) {
    for _ in 0..40 {
        if focus_on(app, name) {
            return;
        }
        next(app);
        app.update();
    }
    panic!("the focus never reached {name}");
}

/// The menus by keyboard: at the title, `Tab` reaches Hot seat and `Enter` opens New Game;
/// `Tab` reaches Start and `Space` starts the game; the focus shows (egui's focus stroke is the
/// style's).
#[test]
fn the_title_and_new_game_by_tab_and_enter() {
    let mut app = game_app("menus-keys", &[]);
    assert_eq!(app_state(&app), AppState::Menu);
    focus_by(&mut app, "title/hot-seat", |app| key(app, KeyCode::Tab));
    key(&mut app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(modal(&app), Modal::NewGame);
    focus_by(&mut app, "new-game/start", |app| key(app, KeyCode::Tab));
    key_with(&mut app, KeyCode::Space, Key::Space, Some(" "));
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing
    });
    let ctx = egui_ctx(&mut app);
    let style = ctx.global_style();
    let focus = style.visuals.widgets.active.bg_stroke;
    assert!(
        focus.width >= 2.0,
        "the focused button's frame is {focus:?}"
    );
    let field = style.visuals.selection.stroke;
    assert!(field.width >= 2.0, "the focused field's frame is {field:?}");
}

/// The side panel by keyboard during a game: `Tab` reaches its buttons (the arrows then move the
/// focus, not the board's cursor) and `Enter` presses Title.
#[test]
fn the_side_panel_by_tab_and_enter() {
    let mut app = game_app(
        "panel-keys",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    focus_by(&mut app, "button-title", |app| key(app, KeyCode::Tab));
    let before = cursor(&app);
    key(&mut app, KeyCode::ArrowUp);
    assert_eq!(
        cursor(&app),
        before,
        "the arrows are the panel's while it has the focus"
    );
    focus_by(&mut app, "button-title", |app| key(app, KeyCode::Tab));
    key(&mut app, KeyCode::Enter);
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
}

/// The menus by gamepad: at the title, the D-pad reaches Hot seat and South opens New Game;
/// East closes it again.
#[test]
fn the_title_by_gamepad() {
    use bevy::input::gamepad::GamepadButton as B;
    let mut app = game_app("menus-pad", &[]);
    let pad = Pad::connect(&mut app);
    focus_by(&mut app, "title/hot-seat", |app| {
        pad.press(app, B::DPadDown)
    });
    pad.press(&mut app, B::South);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(modal(&app), Modal::NewGame);
    // East lets go of the focus, then closes the dialog, as Esc does.
    for _ in 0..2 {
        pad.press(&mut app, B::East);
    }
    assert_eq!(modal(&app), Modal::None);
    assert_eq!(app_state(&app), AppState::Menu);
}

/// The cursor goes the click's way in every game: a Parachute step and its placement, and an
/// Epaminondas phalanx by its tail and where its head lands, by the arrows and `Enter`.
#[test]
fn parachute_and_phalanx_moves_by_keys() {
    let mut app = game_app(
        "keys-parachute",
        &[
            "--game",
            "loa",
            "--variant",
            "parachute",
            "--black",
            "human",
            "--white",
            "human",
        ],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    for at in ["h2", "f2", "d4"] {
        steer_by_keys(&mut app, cell(at));
        key(&mut app, KeyCode::Enter);
    }
    run_until(&mut app, "the step and placement", |app| {
        game(app).ply() == 1
    });
    assert_eq!(game(&app).notation(), ["h2-f2 @d4"]);

    let mut app = game_app(
        "keys-epaminondas",
        &[
            "--game",
            "epaminondas",
            "--variant",
            "small",
            "--black",
            "human",
            "--white",
            "human",
        ],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    for at in ["a1", "a4"] {
        steer_by_keys(&mut app, cell(at));
        key(&mut app, KeyCode::Enter);
    }
    run_until(&mut app, "the phalanx's move", |app| game(app).ply() == 1);
    let white: Vec<Cell> = game(&app)
        .pieces()
        .iter()
        .filter(|&&(_, s)| s == Side::White)
        .map(|&(c, _)| c)
        .collect();
    assert!(white.contains(&cell("a3")) && white.contains(&cell("a4")));
    assert!(!white.contains(&cell("a1")) && !white.contains(&cell("a2")));
}

/// What the screen reader was last given, and how many times it was given something.
fn announced(app: &App) -> (String, u64) {
    let a = app.world().resource::<gamut::access::Announcement>();
    (a.text.clone(), a.count)
}

/// The board read square by square: each step of the cursor is announced once, with what stands
/// on the square, in the player's language; a frame without a step announces nothing.
#[test]
fn the_cursor_reads_the_board_square_by_square() {
    let mut app = game_app(
        "keyboard-reader",
        &[
            "--game",
            "loa",
            "--black",
            "human",
            "--white",
            "human",
            "--language",
            "fr",
        ],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    steer_by_keys(&mut app, cell("c1"));
    assert_eq!(announced(&app).0, "c1, pion noir");
    let count = announced(&app).1;
    key(&mut app, KeyCode::ArrowUp);
    assert_eq!(announced(&app), ("c2, vide".to_string(), count + 1));
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(announced(&app).1, count + 1, "no step, nothing said");
}

/// The dialog open over the game.
fn modal(app: &App) -> Modal {
    *app.world().resource::<State<Modal>>().get()
}
